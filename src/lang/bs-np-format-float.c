/* bs-np-format-float.c: numpy 1.24's float formatting (Dragon4 digits, FloatingFormat)
 *
 * numpy's Dragon4 gives, for a cutoff of P digits and at least M: the shortest digits
 * that read back when they need between M and P digits, otherwise the exact value
 * rounded half-to-even at P (too many) or at M (too few). The shortest digits come from
 * bs-float-repr.c (as a float32 for float32 data); the exact rounding from the C
 * library's printf, which rounds the exact binary value.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-format-private.h"
#include "bs-float-repr.h"

#include <math.h>
#include <string.h>

/* Beyond this many digits numpy's own buffer truncates; never reached by real use. */
#define MAX_DIGITS 16000

/* The digits of mag > 0 rounded at count digits after the point (fractional) or count
 * significant digits: 0.DIGITS x 10^decpt without leading or trailing zeros ("0",
 * decpt 1, when nothing is left). */
static char *
exact_digits (double    mag,
              gboolean  fractional,
              int       count,
              int      *decpt)
{
  int size = MIN (count, MAX_DIGITS) + 400;
  g_autofree char *buf = g_malloc (size);
  char fmt[32];
  GString *d = g_string_new (NULL);
  const char *p;
  gsize lead = 0;

  if (fractional)
    {
      g_snprintf (fmt, sizeof fmt, "%%.%df", MIN (count, MAX_DIGITS));
      g_ascii_formatd (buf, size, fmt, mag);
      *decpt = 0;
      for (p = buf; *p; p++)
        if (g_ascii_isdigit (*p))
          g_string_append_c (d, *p);
        else
          *decpt = d->len;
      if (strchr (buf, '.') == NULL)
        *decpt = d->len;
    }
  else
    {
      g_snprintf (fmt, sizeof fmt, "%%.%de", MIN (MAX (count, 1) - 1, MAX_DIGITS));
      g_ascii_formatd (buf, size, fmt, mag);
      for (p = buf; *p != 'e'; p++)
        if (g_ascii_isdigit (*p))
          g_string_append_c (d, *p);
      *decpt = atoi (p + 1) + 1;
    }

  while (lead < d->len && d->str[lead] == '0')
    lead++;
  if (lead == d->len)
    {
      g_string_free (d, TRUE);
      *decpt = 1;
      return g_strdup ("0");
    }
  g_string_erase (d, 0, lead);
  *decpt -= lead;
  while (d->len > 1 && d->str[d->len - 1] == '0')
    g_string_truncate (d, d->len - 1);
  return g_string_free (d, FALSE);
}

/* numpy's Dragon4 digits of |x|, with the cutoffs counted after the point (fractional)
 * or as significant digits. */
static char *
dragon4_digits (double             x,
                const BsNpDragon4 *opt,
                gboolean           fractional,
                int                precision,
                int                min_digits,
                int               *decpt)
{
  double mag = fabs (x);
  g_autofree char *shortest = NULL;
  int n;

  if (mag == 0.0)
    {
      *decpt = 1;
      return g_strdup ("0");
    }
  if (!opt->unique)
    return exact_digits (mag, fractional, precision, decpt);

  shortest = bs_float_shortest_digits (mag, opt->single, decpt);
  n = strlen (shortest);
  if (fractional)
    n -= *decpt;   /* negative: unique before the point */
  if (precision >= 0 && n > precision)
    return exact_digits (mag, fractional, precision, decpt);
  if (min_digits >= 0 && n < min_digits)
    return exact_digits (mag, fractional, min_digits, decpt);
  return g_steal_pointer (&shortest);
}

static void
append_spaces (GString *out,
               int      n)
{
  for (; n > 0; n--)
    g_string_append_c (out, ' ');
}

void
bs_np_dragon4_positional (GString           *out,
                          double             x,
                          const BsNpDragon4 *opt)
{
  int decpt, len, n_whole, n_frac = 0, add, sign_len = 0;
  gsize start = out->len;
  g_autofree char *digits = dragon4_digits (x, opt, !opt->significant, opt->precision,
                                            opt->min_digits, &decpt);

  if (signbit (x))
    g_string_append_c (out, '-');
  else if (opt->sign)
    g_string_append_c (out, '+');
  sign_len = out->len - start;

  len = strlen (digits);
  if (decpt > 0)
    {
      g_string_append_len (out, digits, MIN (len, decpt));
      for (int i = len; i < decpt; i++)
        g_string_append_c (out, '0');
      n_whole = decpt;
      if (len > decpt)
        {
          g_string_append_c (out, '.');
          g_string_append (out, digits + decpt);
          n_frac = len - decpt;
        }
    }
  else
    {
      g_string_append (out, "0.");
      for (int i = 0; i < -decpt; i++)
        g_string_append_c (out, '0');
      g_string_append (out, digits);
      n_whole = 1;
      n_frac = len - decpt;
    }

  if (n_frac == 0 && opt->trim != BS_NP_TRIM_POINT)
    g_string_append_c (out, '.');
  add = opt->unique ? opt->min_digits : opt->precision;
  if (!opt->significant)
    add = MAX (add, 0);
  else if (opt->unique && opt->min_digits >= 0)
    /* Dragon4 wrote that many significant digits, zeros included */
    add = MAX (add - n_whole, opt->min_digits - decpt);
  else
    add -= n_whole;
  if (opt->trim == BS_NP_TRIM_ONE_ZERO && n_frac == 0)
    {
      g_string_append_c (out, '0');
      n_frac = 1;
    }
  else if (opt->trim == BS_NP_TRIM_KEEP)
    for (; n_frac < add; n_frac++)
      g_string_append_c (out, '0');

  if (opt->pad_right >= n_frac)
    {
      if (opt->trim == BS_NP_TRIM_POINT && n_frac == 0)
        g_string_append_c (out, ' ');
      append_spaces (out, opt->pad_right - n_frac);
    }
  if (opt->pad_left > n_whole + sign_len)
    {
      int shift = opt->pad_left - n_whole - sign_len;

      for (int i = 0; i < shift; i++)
        g_string_insert_c (out, start, ' ');
    }
}

void
bs_np_dragon4_scientific (GString           *out,
                          double             x,
                          const BsNpDragon4 *opt)
{
  int decpt, len, n_frac, add, exponent, exp_digits;
  gboolean has_sign = signbit (x) || opt->sign;
  char exp_buf[16];
  g_autofree char *digits = dragon4_digits (x, opt, FALSE,
                                            opt->precision < 0 ? -1 : opt->precision + 1,
                                            opt->min_digits < 0 ? -1 : opt->min_digits + 1,
                                            &decpt);

  append_spaces (out, opt->pad_left - (1 + has_sign));
  if (signbit (x))
    g_string_append_c (out, '-');
  else if (opt->sign)
    g_string_append_c (out, '+');

  len = strlen (digits);
  g_string_append_c (out, digits[0]);
  n_frac = len - 1;
  if (n_frac > 0)
    {
      g_string_append_c (out, '.');
      g_string_append (out, digits + 1);
    }
  else if (opt->trim != BS_NP_TRIM_POINT)
    g_string_append_c (out, '.');

  add = MAX (opt->unique ? opt->min_digits : opt->precision, 0);
  if (opt->trim == BS_NP_TRIM_ONE_ZERO && n_frac == 0)
    g_string_append_c (out, '0');
  else if (opt->trim == BS_NP_TRIM_KEEP)
    for (; n_frac < add; n_frac++)
      g_string_append_c (out, '0');

  exponent = decpt - 1;
  exp_digits = opt->exp_digits < 0 ? 2 : MIN (opt->exp_digits, 5);
  g_snprintf (exp_buf, sizeof exp_buf, "e%c%0*d", exponent < 0 ? '-' : '+', exp_digits,
              ABS (exponent));
  g_string_append (out, exp_buf);
}

/* The lengths of the parts of one first-pass string: before the point, after it (up
 * to the exponent), and of the exponent's digits. */
static void
measure (const char *s,
         int        *int_len,
         int        *frac_len,
         int        *exp_len)
{
  const char *dot = strchr (s, '.');
  const char *e = strchr (s, 'e');

  *int_len = dot - s;
  *frac_len = (e != NULL ? e : s + strlen (s)) - (dot + 1);
  *exp_len = e != NULL ? (int) strlen (e + 2) : 0;
}

void
bs_np_float_format_init (BsNpFloatFormat        *self,
                         const double           *values,
                         gsize                   n,
                         gboolean                single,
                         const BsNpPrintOptions *o)
{
  BsNpDragon4 *d = &self->d;
  gboolean fixed = o->floatmode == BS_NP_FLOATMODE_FIXED;
  double max_val = 0, min_val = 0;
  gsize n_finite = 0, n_nonzero = 0;
  gboolean any_signbit = FALSE, any_nonfinite = FALSE, neginf;
  g_autoptr (GString) s = g_string_new (NULL);

  *d = (BsNpDragon4) {
    .single = single,
    .precision = o->floatmode == BS_NP_FLOATMODE_UNIQUE ? -1 : (int) MIN (o->precision, MAX_DIGITS),
    .min_digits = -1,
    .pad_left = -1,
    .pad_right = -1,
    .exp_digits = -1,
    .sign = o->sign == '+',
  };
  self->exp_format = FALSE;
  self->sign = o->sign;
  self->nanstr = o->nanstr;
  self->infstr = o->infstr;

  for (gsize i = 0; i < n; i++)
    {
      double a = fabs (values[i]);

      if (!isfinite (values[i]))
        {
          any_nonfinite = TRUE;
          continue;
        }
      n_finite++;
      any_signbit |= signbit (values[i]) != 0;
      if (a == 0)
        continue;
      max_val = n_nonzero == 0 ? a : MAX (max_val, a);
      min_val = n_nonzero == 0 ? a : MIN (min_val, a);
      n_nonzero++;
    }

  if (n_nonzero > 0)
    {
      /* numpy divides in the array's own type, so a float32 ratio can overflow */
      double ratio = single ? (double) ((float) max_val / (float) min_val) : max_val / min_val;

      if (max_val >= 1e8 || (!o->suppress && (min_val < 0.0001 || ratio > 1000.)))
        self->exp_format = TRUE;
    }

  if (n_finite == 0)
    {
      d->pad_left = 0;
      d->pad_right = 0;
      d->trim = BS_NP_TRIM_ZEROS;
      d->exp_digits = -1;
      d->unique = TRUE;
      d->min_digits = -1;
    }
  else
    {
      BsNpDragon4 first = *d;
      int max_int = 0, max_frac = 0, max_exp = 0;

      first.trim = fixed ? BS_NP_TRIM_KEEP : BS_NP_TRIM_ZEROS;
      first.unique = !fixed;
      for (gsize i = 0; i < n; i++)
        {
          int int_len, frac_len, exp_len;

          if (!isfinite (values[i]))
            continue;
          g_string_truncate (s, 0);
          if (self->exp_format)
            bs_np_dragon4_scientific (s, values[i], &first);
          else
            bs_np_dragon4_positional (s, values[i], &first);
          measure (s->str, &int_len, &frac_len, &exp_len);
          max_int = MAX (max_int, int_len);
          max_frac = MAX (max_frac, frac_len);
          max_exp = MAX (max_exp, exp_len);
        }
      d->unique = first.unique;
      d->pad_left = max_int;
      if (self->exp_format)
        {
          d->exp_digits = max_exp;
          d->trim = BS_NP_TRIM_KEEP;
          d->precision = max_frac;
          d->min_digits = max_frac;
          /* only the width of nan and inf uses it */
          d->pad_right = max_exp + 2 + max_frac;
        }
      else
        {
          d->pad_right = max_frac;
          if (fixed || o->floatmode == BS_NP_FLOATMODE_MAXPREC_EQUAL)
            {
              d->precision = max_frac;
              d->min_digits = max_frac;
              d->trim = BS_NP_TRIM_KEEP;
            }
          else
            {
              d->trim = BS_NP_TRIM_ZEROS;
              d->min_digits = 0;
            }
        }
    }

  if (o->sign == ' ' && !any_signbit)
    d->pad_left++;

  if (any_nonfinite)
    {
      int offset = d->pad_right + 1;
      int nanlen = g_utf8_strlen (o->nanstr, -1);
      int inflen;

      neginf = o->sign != '-';
      for (gsize i = 0; i < n; i++)
        if (isinf (values[i]) && values[i] < 0)
          neginf = TRUE;
      inflen = g_utf8_strlen (o->infstr, -1) + neginf;
      d->pad_left = MAX (d->pad_left, MAX (nanlen - offset, inflen - offset));
    }
}

void
bs_np_float_format_append (const BsNpFloatFormat *self,
                           GString               *out,
                           double                 x)
{
  if (!isfinite (x))
    {
      const char *sign = "";
      const char *text = isnan (x) ? self->nanstr : self->infstr;
      int width;

      if (isnan (x))
        sign = self->sign == '+' ? "+" : "";
      else
        sign = x < 0 ? "-" : self->sign == '+' ? "+" : "";
      width = strlen (sign) + g_utf8_strlen (text, -1);
      append_spaces (out, self->d.pad_left + self->d.pad_right + 1 - width);
      g_string_append (out, sign);
      g_string_append (out, text);
      return;
    }
  if (self->exp_format)
    {
      BsNpDragon4 d = self->d;

      d.pad_right = -1;
      bs_np_dragon4_scientific (out, x, &d);
    }
  else
    bs_np_dragon4_positional (out, x, &self->d);
}
