/* bs-float-repr.c: Python's repr(float) and format-spec mini-language for floats and ints */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-float-repr.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (bs-format-error-quark, bs_format_error)

#define BS_FORMAT_MAX_COUNT 1000000

/* A parsed [[fill]align][sign][z][#][0][width][grouping][.precision][type]. */
typedef struct {
  gunichar fill;
  char     align;       /* '<' '>' '^' '=', or 0 for the default */
  char     sign;        /* '+' '-' ' ', or 0 */
  gboolean no_neg_zero; /* 'z' */
  gboolean alternate;   /* '#' */
  gint64   width;       /* -1 when absent */
  char     grouping;    /* ',' '_', or 0 */
  gint64   precision;   /* -1 when absent */
  char     type;        /* 0 when absent */
} FormatSpec;

/* A number laid out in pieces: only int_digits is grouped and zero-padded. */
typedef struct {
  const char *sign;
  const char *prefix;
  GString    *int_digits;
  GString    *rest;
  int         group_size;  /* 0: never group (inf, nan, 'c') */
} NumberParts;

static void
ascii_format (char       *buf,
              gsize       size,
              char        conversion,
              int         precision,
              double      value)
{
  char fmt[32];

  g_snprintf (fmt, sizeof fmt, "%%.%d%c", precision, conversion);
  g_ascii_formatd (buf, size, fmt, value);
}

/* The n significant digits of value > 0, correctly rounded, trailing zeros
 * removed; value = 0.DIGITS x 10^decpt. */
static char *
rounded_digits (double  value,
                int     n,
                int    *decpt)
{
  gsize size = n + 32;
  g_autofree char *buf = g_malloc (size);
  GString *digits = g_string_new (NULL);
  const char *p;

  ascii_format (buf, size, 'e', n - 1, value);
  for (p = buf; *p != 'e'; p++)
    if (g_ascii_isdigit (*p))
      g_string_append_c (digits, *p);
  *decpt = atoi (p + 1) + 1;
  while (digits->len > 1 && digits->str[digits->len - 1] == '0')
    g_string_truncate (digits, digits->len - 1);
  return g_string_free (digits, FALSE);
}

/* Whether 0.DIGITS x 10^decpt reads back as value: as a double, or as a float32 when
 * single (read directly as a float32: through a double it could round twice). */
static gboolean
digits_read_back (const char *digits,
                  int         decpt,
                  double      value,
                  gboolean    single)
{
  char buf[64];

  if (single)
    {
      /* An integer mantissa: no radix character, so no locale to depend on. */
      g_snprintf (buf, sizeof buf, "%se%d", digits, decpt - (int) strlen (digits));
      return strtof (buf, NULL) == (float) value;
    }
  g_snprintf (buf, sizeof buf, "0.%se%d", digits, decpt);
  return g_ascii_strtod (buf, NULL) == value;
}

/* The nearest n digits of value > 0 when they read back as value; else, just above a
 * power of two, where the interval that reads back is twice as wide above value as
 * below it, the next n digits up when those do; else NULL. */
static char *
digits_of_length (double    value,
                  gboolean  single,
                  int       n,
                  int      *decpt)
{
  char *digits = rounded_digits (value, n, decpt);
  char buf[64];
  char up[24];
  int up_decpt = *decpt;
  int i;

  if (digits_read_back (digits, *decpt, value, single))
    return digits;

  g_snprintf (buf, sizeof buf, "0.%se%d", digits, *decpt);
  if (g_ascii_strtod (buf, NULL) < value)
    {
      memset (up, '0', n);
      memcpy (up, digits, strlen (digits));
      up[n] = '\0';
      for (i = n - 1; i >= 0 && up[i] == '9'; i--)
        up[i] = '0';
      if (i >= 0)
        up[i]++;
      else
        {
          memmove (up + 1, up, n);
          up[0] = '1';
          up[n] = '\0';
          up_decpt++;
        }
      for (i = n - 1; i > 0 && up[i] == '0'; i--)
        up[i] = '\0';
      if (digits_read_back (up, up_decpt, value, single))
        {
          g_free (digits);
          *decpt = up_decpt;
          return g_strdup (up);
        }
    }
  g_free (digits);
  return NULL;
}

/* The shortest digits that read back as value > 0, and of those the nearest:
 * what David Gay's dtoa mode 0 (and so CPython's repr) produces. Whether some n digits
 * read back only grows with n, so the shortest length is found by bisection. */
static char *
shortest_digits (double    value,
                 gboolean  single,
                 int      *decpt)
{
  int lo = 1, hi = single ? 9 : 17;
  char *digits;

  while (lo < hi)
    {
      int mid = (lo + hi) / 2;

      digits = digits_of_length (value, single, mid, decpt);
      if (digits != NULL)
        {
          g_free (digits);
          hi = mid;
        }
      else
        lo = mid + 1;
    }
  digits = digits_of_length (value, single, lo, decpt);
  return digits != NULL ? digits : rounded_digits (value, lo, decpt);
}

char *
bs_float_shortest_digits (double    value,
                          gboolean  single,
                          int      *decpt)
{
  g_return_val_if_fail (value > 0 && isfinite (value), NULL);

  return shortest_digits (value, single, decpt);
}

/* Lays out 0.DIGITS x 10^decpt with at least min_digits significant digits,
 * in exponent form or not; dot0 asks for "1.0" rather than "1". */
static void
render_digits (const char *digits,
               int         decpt,
               gboolean    use_exp,
               int         min_digits,
               gboolean    dot0,
               gboolean    alternate,
               gboolean    upper,
               GString    *int_digits,
               GString    *rest)
{
  int len = strlen (digits);
  int exponent = decpt - 1;
  int end;

  if (use_exp)
    decpt = 1;
  end = MAX (min_digits, len);
  end = MAX (end, decpt + (!use_exp && dot0 ? 1 : 0));

#define DIGIT_AT(j) ((j) >= 0 && (j) < len ? digits[j] : '0')
  if (decpt <= 0)
    g_string_append_c (int_digits, '0');
  for (int j = 0; j < decpt; j++)
    g_string_append_c (int_digits, DIGIT_AT (j));
  if (end > decpt || alternate)
    g_string_append_c (rest, '.');
  for (int j = decpt; j < end; j++)
    g_string_append_c (rest, DIGIT_AT (j));
#undef DIGIT_AT

  if (use_exp)
    g_string_append_printf (rest, "%c%+03d", upper ? 'E' : 'e', exponent);
}

/* Error helpers keep CPython's wording. */
static void
set_invalid_spec (GError     **error,
                  const char  *spec,
                  const char  *type_name)
{
  g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
               "Invalid format specifier '%s' for object of type '%s'", spec, type_name);
}

static gboolean
parse_count (const char **p,
             gint64      *out,
             GError     **error)
{
  gint64 n = 0;

  while (g_ascii_isdigit (**p))
    {
      if (n > (G_MAXINT64 - 9) / 10)
        {
          g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                               "Too many decimal digits in format string");
          return FALSE;
        }
      n = n * 10 + (**p - '0');
      (*p)++;
    }
  /* CPython would try to build such a string; a shared script must not be able
   * to make Backstep allocate gigabytes, so it is refused. */
  if (n > BS_FORMAT_MAX_COUNT)
    {
      g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_OVERFLOW,
                   "Backstep limits format widths and precisions to %d, got %" G_GINT64_FORMAT,
                   BS_FORMAT_MAX_COUNT, n);
      return FALSE;
    }
  *out = n;
  return TRUE;
}

static gboolean
is_align (char c)
{
  return c == '<' || c == '>' || c == '^' || c == '=';
}

static gboolean
parse_spec (const char  *spec,
            const char  *type_name,
            FormatSpec  *out,
            GError     **error)
{
  const char *p = spec;
  const char *after_first;
  gboolean fill_given = FALSE;
  gunichar first;

  *out = (FormatSpec) { .fill = ' ', .width = -1, .precision = -1 };

  if (!g_utf8_validate (spec, -1, NULL))
    {
      set_invalid_spec (error, spec, type_name);
      return FALSE;
    }

  first = g_utf8_get_char (p);
  after_first = g_utf8_next_char (p);
  if (*p != '\0' && is_align (*after_first))
    {
      out->fill = first;
      out->align = *after_first;
      fill_given = TRUE;
      p = after_first + 1;
    }
  else if (is_align (*p))
    out->align = *p++;

  if (*p == '+' || *p == '-' || *p == ' ')
    out->sign = *p++;
  if (*p == 'z')
    {
      out->no_neg_zero = TRUE;
      p++;
    }
  if (*p == '#')
    {
      out->alternate = TRUE;
      p++;
    }
  if (!fill_given && *p == '0')
    {
      out->fill = '0';
      if (out->align == 0)
        out->align = '=';
      p++;
    }
  if (g_ascii_isdigit (*p) && !parse_count (&p, &out->width, error))
    return FALSE;

  if (*p == ',' || *p == '_')
    {
      out->grouping = *p++;
      if (*p == ',' || *p == '_')
        {
          if (*p != out->grouping)
            g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                                 "Cannot specify both ',' and '_'.");
          else
            g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                         "Cannot specify '%c' with '%c'.", *p, *p);
          return FALSE;
        }
    }

  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        {
          g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                               "Format specifier missing precision");
          return FALSE;
        }
      if (!parse_count (&p, &out->precision, error))
        return FALSE;
    }

  if (*p != '\0' && *g_utf8_next_char (p) != '\0')
    {
      set_invalid_spec (error, spec, type_name);
      return FALSE;
    }
  if (*p != '\0')
    {
      if ((guchar) *p >= 0x80)
        {
          g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                       "Unknown format code '\\x%x' for object of type '%s'",
                       g_utf8_get_char (p), type_name);
          return FALSE;
        }
      out->type = *p;
    }

  if (out->grouping != 0)
    {
      gboolean ok;

      switch (out->type)
        {
        case 0: case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F':
          ok = TRUE;
          break;
        case 'b': case 'o': case 'x': case 'X':
          ok = out->grouping == '_';
          break;
        default:
          ok = FALSE;
          break;
        }
      if (!ok)
        {
          g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                       "Cannot specify '%c' with '%c'.", out->grouping, out->type);
          return FALSE;
        }
    }
  return TRUE;
}

/* Groups digits from the right; with min_width > 0, pads with zeros (grouped
 * too) to at least that many characters, never starting with a separator. */
static void
group_digits (GString    *out,
              const char *digits,
              char        separator,
              int         group_size,
              gint64      min_width)
{
  GString *rev = g_string_new (NULL);
  gint64 len = strlen (digits);
  int in_group = 0;

  for (gint64 i = len - 1; i >= 0 || (gint64) rev->len < min_width; i--)
    {
      if (separator != 0 && in_group == group_size)
        {
          g_string_append_c (rev, separator);
          in_group = 0;
          if (i < 0 && (gint64) rev->len >= min_width)
            {
              g_string_append_c (rev, '0');
              break;
            }
        }
      g_string_append_c (rev, i >= 0 ? digits[i] : '0');
      in_group++;
    }
  for (gint64 i = rev->len - 1; i >= 0; i--)
    g_string_append_c (out, rev->str[i]);
  g_string_free (rev, TRUE);
}

static char *
layout_number (const FormatSpec  *spec,
               const NumberParts *parts)
{
  GString *body = g_string_new (NULL);
  GString *out;
  char separator = parts->group_size > 0 ? spec->grouping : 0;
  gint64 min_width = 0;
  gint64 body_chars, pad;
  char align = spec->align != 0 ? spec->align : '>';
  char fill[8] = { 0 };

  if (spec->fill == '0' && align == '=' && spec->width > 0)
    min_width = spec->width - strlen (parts->sign) - strlen (parts->prefix) - parts->rest->len;
  if (separator != 0 || min_width > 0)
    group_digits (body, parts->int_digits->str, separator, parts->group_size, min_width);
  else
    g_string_append (body, parts->int_digits->str);
  g_string_append (body, parts->rest->str);

  body_chars = g_utf8_strlen (body->str, -1) + strlen (parts->sign) + strlen (parts->prefix);
  pad = spec->width > body_chars ? spec->width - body_chars : 0;
  g_unichar_to_utf8 (spec->fill, fill);

  out = g_string_new (NULL);
  if (align == '>')
    for (gint64 i = 0; i < pad; i++)
      g_string_append (out, fill);
  else if (align == '^')
    for (gint64 i = 0; i < pad / 2; i++)
      g_string_append (out, fill);
  g_string_append (out, parts->sign);
  g_string_append (out, parts->prefix);
  if (align == '=')
    for (gint64 i = 0; i < pad; i++)
      g_string_append (out, fill);
  g_string_append (out, body->str);
  if (align == '<')
    for (gint64 i = 0; i < pad; i++)
      g_string_append (out, fill);
  else if (align == '^')
    for (gint64 i = 0; i < pad - pad / 2; i++)
      g_string_append (out, fill);

  g_string_free (body, TRUE);
  return g_string_free (out, FALSE);
}

static const char *
sign_for (const FormatSpec *spec,
          gboolean          negative)
{
  if (negative)
    return "-";
  if (spec->sign == '+')
    return "+";
  if (spec->sign == ' ')
    return " ";
  return "";
}

static gboolean
all_zero_digits (const NumberParts *parts)
{
  for (const char *p = parts->int_digits->str; *p; p++)
    if (*p != '0')
      return FALSE;
  for (const char *p = parts->rest->str; *p && *p != 'e' && *p != 'E'; p++)
    if (g_ascii_isdigit (*p) && *p != '0')
      return FALSE;
  return TRUE;
}

static char *
format_float_spec (double            value,
                   const FormatSpec *spec)
{
  NumberParts parts = { .prefix = "", .group_size = 3 };
  char type = spec->type;
  gboolean upper = type == 'E' || type == 'F' || type == 'G';
  gboolean negative = signbit (value) && !isnan (value);
  double mag = fabs (value);
  gboolean percent = FALSE;
  int precision = spec->precision;
  char *result;

  parts.int_digits = g_string_new (NULL);
  parts.rest = g_string_new (NULL);

  if (type == '%')
    {
      mag *= 100.0;
      percent = TRUE;
      type = 'f';
    }

  if (!isfinite (mag))
    {
      g_string_append (parts.int_digits, isnan (mag) ? (upper ? "NAN" : "nan")
                                                     : (upper ? "INF" : "inf"));
      parts.group_size = 0;
    }
  else if (type == 'f' || type == 'F')
    {
      gsize size;
      g_autofree char *buf = NULL;
      char *dot;

      if (precision < 0)
        precision = 6;
      size = precision + 330;
      buf = g_malloc (size);
      ascii_format (buf, size, 'f', precision, mag);
      dot = strchr (buf, '.');
      g_string_append_len (parts.int_digits, buf, dot != NULL ? dot - buf : (gssize) strlen (buf));
      if (dot != NULL)
        g_string_append (parts.rest, dot);
      else if (spec->alternate)
        g_string_append_c (parts.rest, '.');
    }
  else
    {
      g_autofree char *digits = NULL;
      int decpt;
      gboolean use_exp;
      int min_digits = 0;
      gboolean dot0 = FALSE;

      if (type == 0 && precision < 0)
        {
          /* repr() */
          digits = mag == 0.0 ? g_strdup ("0") : shortest_digits (mag, FALSE, &decpt);
          if (mag == 0.0)
            decpt = 1;
          use_exp = decpt <= -4 || decpt > 16;
          dot0 = TRUE;
        }
      else if (type == 'e' || type == 'E')
        {
          if (precision < 0)
            precision = 6;
          digits = rounded_digits (mag, precision + 1, &decpt);
          use_exp = TRUE;
          min_digits = precision + 1;
        }
      else
        {
          /* g, G, n, or no type with a precision: 'g' that keeps a ".0" */
          dot0 = type == 0;
          if (precision < 0)
            precision = 6;
          if (precision == 0)
            precision = 1;
          digits = rounded_digits (mag, precision, &decpt);
          if (mag == 0.0)
            decpt = 1;
          use_exp = decpt <= -4 || decpt > (dot0 ? precision - 1 : precision);
          if (spec->alternate)
            min_digits = precision;
        }
      render_digits (digits, decpt, use_exp, min_digits, dot0, spec->alternate, upper,
                     parts.int_digits, parts.rest);
    }

  if (percent)
    g_string_append_c (parts.rest, '%');
  if (negative && spec->no_neg_zero && isfinite (mag) && all_zero_digits (&parts))
    negative = FALSE;
  parts.sign = sign_for (spec, negative);

  result = layout_number (spec, &parts);
  g_string_free (parts.int_digits, TRUE);
  g_string_free (parts.rest, TRUE);
  return result;
}

char *
bs_float_repr (double value)
{
  FormatSpec spec = { .fill = ' ', .width = -1, .precision = -1 };

  return format_float_spec (value, &spec);
}

static gboolean
check_float_type (const FormatSpec  *spec,
                  const char        *type_name,
                  GError           **error)
{
  if (spec->type == 0 || strchr ("eEfFgGn%", spec->type) != NULL)
    return TRUE;
  g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
               "Unknown format code '%c' for object of type '%s'", spec->type, type_name);
  return FALSE;
}

char *
bs_float_format (double       value,
                 const char  *spec,
                 GError     **error)
{
  FormatSpec parsed;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!parse_spec (spec, "float", &parsed, error)
      || !check_float_type (&parsed, "float", error))
    return NULL;
  if (parsed.type == 'n')
    parsed.type = 'g';
  if (parsed.precision > G_MAXINT - 400)
    {
      g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE, "precision too big");
      return NULL;
    }
  return format_float_spec (value, &parsed);
}

char *
bs_int_format (gint64       value,
               const char  *spec,
               GError     **error)
{
  FormatSpec parsed;
  NumberParts parts = { .prefix = "", .group_size = 3 };
  guint64 mag = value < 0 ? -(guint64) value : (guint64) value;
  int base = 10;
  char *result;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!parse_spec (spec, "int", &parsed, error))
    return NULL;

  if (parsed.type != 0 && strchr ("eEfFgG%", parsed.type) != NULL)
    return format_float_spec ((double) value, &parsed);
  if (parsed.type != 0 && strchr ("bcdoxXn", parsed.type) == NULL)
    {
      g_set_error (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                   "Unknown format code '%c' for object of type 'int'", parsed.type);
      return NULL;
    }
  if (parsed.precision >= 0)
    {
      g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                           "Precision not allowed in integer format specifier");
      return NULL;
    }
  if (parsed.no_neg_zero)
    {
      g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                           "Negative zero coercion (z) not allowed in integer format specifier");
      return NULL;
    }

  parts.int_digits = g_string_new (NULL);
  parts.rest = g_string_new (NULL);

  if (parsed.type == 'c')
    {
      char buf[8] = { 0 };

      if (parsed.sign != 0)
        g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                             "Sign not allowed with integer format specifier 'c'");
      else if (parsed.alternate)
        g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_VALUE,
                             "Alternate form (#) not allowed with integer format specifier 'c'");
      else if (value < 0 || value > 0x10ffff)
        g_set_error_literal (error, BS_FORMAT_ERROR, BS_FORMAT_ERROR_OVERFLOW,
                             "%c arg not in range(0x110000)");
      if (error != NULL && *error != NULL)
        {
          g_string_free (parts.int_digits, TRUE);
          g_string_free (parts.rest, TRUE);
          return NULL;
        }
      /* A lone surrogate has no UTF-8 form; it prints as U+FFFD. */
      g_unichar_to_utf8 (value >= 0xd800 && value < 0xe000 ? 0xfffd : (gunichar) value, buf);
      g_string_append (parts.int_digits, buf);
      parts.group_size = 0;
      parts.sign = "";
    }
  else
    {
      switch (parsed.type)
        {
        case 'b': base = 2; parts.prefix = "0b"; break;
        case 'o': base = 8; parts.prefix = "0o"; break;
        case 'x': base = 16; parts.prefix = "0x"; break;
        case 'X': base = 16; parts.prefix = "0X"; break;
        default: break;
        }
      if (!parsed.alternate)
        parts.prefix = "";
      if (base != 10)
        parts.group_size = 4;
      do
        {
          g_string_prepend_c (parts.int_digits,
                              (parsed.type == 'X' ? "0123456789ABCDEF"
                                                  : "0123456789abcdef")[mag % base]);
          mag /= base;
        }
      while (mag != 0);
      parts.sign = sign_for (&parsed, value < 0);
    }

  result = layout_number (&parsed, &parts);
  g_string_free (parts.int_digits, TRUE);
  g_string_free (parts.rest, TRUE);
  return result;
}
