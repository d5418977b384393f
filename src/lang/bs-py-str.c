/* bs-py-str.c: str: repr, % and format() */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bs-float-repr.h"

void
bs_py_str_repr (const char *s,
                gsize       len,
                GString    *out)
{
  char quote = '\'';

  if (memchr (s, '\'', len) != NULL && memchr (s, '"', len) == NULL)
    quote = '"';
  g_string_append_c (out, quote);
  for (gsize i = 0; i < len; i++)
    {
      unsigned char c = s[i];

      if (c == (unsigned char) quote || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
        }
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, quote);
}

/* An integer as printf-style formatting writes it: flags "-+ #0", width, and precision as
 * the least number of digits ("%.5d" % 22 is "00022"). spec is the text after '%' through
 * the conversion. */
static char *
percent_int (gint64      value,
             const char *spec)
{
  const char *p = spec;
  gboolean left = FALSE, plus = FALSE, space = FALSE, alt = FALSE, zero = FALSE;
  long width, precision;
  char conv = spec[strlen (spec) - 1];
  guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;
  g_autofree char *digits = NULL;
  GString *out = g_string_new (NULL);
  int n_digits;

  for (; *p != '\0' && strchr ("-+ #0", *p) != NULL; p++)
    {
      left |= *p == '-';
      plus |= *p == '+';
      space |= *p == ' ';
      alt |= *p == '#';
      zero |= *p == '0';
    }
  width = strtol (p, (char **) &p, 10);
  precision = *p == '.' ? strtol (p + 1, NULL, 10) : 0;
  /* the 0 flag pads the digits to the width, unless left-aligned */
  if (zero && !left && *p != '.')
    precision = width - (value < 0 || plus || space) - (alt && conv != 'd' ? 2 : 0);
  digits = conv == 'd' ? g_strdup_printf ("%" G_GUINT64_FORMAT, magnitude)
         : conv == 'o' ? g_strdup_printf ("%" G_GINT64_MODIFIER "o", magnitude)
         : conv == 'x' ? g_strdup_printf ("%" G_GINT64_MODIFIER "x", magnitude)
                       : g_strdup_printf ("%" G_GINT64_MODIFIER "X", magnitude);
  n_digits = (int) strlen (digits);
  if (value < 0)
    g_string_append_c (out, '-');
  else if (plus || space)
    g_string_append_c (out, plus ? '+' : ' ');
  if (alt && conv != 'd')
    g_string_append (out, conv == 'o' ? "0o" : conv == 'x' ? "0x" : "0X");
  for (long i = n_digits; i < precision; i++)
    g_string_append_c (out, '0');
  g_string_append (out, digits);
  while ((long) out->len < width)
    {
      if (left)
        g_string_append_c (out, ' ');
      else
        g_string_prepend_c (out, ' ');
    }
  return g_string_free (out, FALSE);
}

gboolean
bs_py_str_percent (BsInterp   *in,
                   const char *fmt,
                   BsValue     args,
                   BsValue    *out)
{
  GString *s = g_string_new (NULL);
  gsize n_items;
  BsValue *items = bs_value_is_object (args, BS_OBJECT_TUPLE) ? bs_value_items (args, &n_items)
                                                               : (n_items = 1, &args);
  gsize next = 0;

  for (const char *p = fmt; *p != '\0'; p++)
    {
      const char *start;
      g_autofree char *spec = NULL;
      char conv;
      BsValue v;
      gboolean ok = TRUE;

      if (*p != '%')
        {
          g_string_append_c (s, *p);
          continue;
        }
      p++;
      if (*p == '%')
        {
          g_string_append_c (s, '%');
          continue;
        }
      start = p;
      while (*p != '\0' && strchr ("-+ #0123456789.", *p) != NULL)
        p++;
      if (*p == '\0')
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "ValueError", "incomplete format");
        }
      conv = *p;
      if (next >= n_items)
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "TypeError", "not enough arguments for format string");
        }
      v = items[next++];
      if (conv == 's' || conv == 'r')
        {
          GString *t = g_string_new (NULL);

          ok = conv == 's' ? bs_str (in, v, t) : bs_repr (in, v, t);
          if (ok)
            {
              g_autofree char *f = g_strdup_printf ("%%%.*ss", (int) (p - start), start);
              g_autofree char *r = g_strdup_printf (f, t->str);

              g_string_append (s, r);
            }
          g_string_free (t, TRUE);
        }
      else if (strchr ("dieEfFgGxXo", conv) != NULL)
        {
          double d;
          GError *error = NULL;
          char *r;

          if (!bs_to_double (in, v, &d))
            ok = FALSE;
          else
            {
              if (conv == 'i')
                conv = 'd';
              spec = g_strdup_printf ("%.*s%c", (int) (p - start), start, conv);
              if (strchr ("dxXo", conv) != NULL)
                r = percent_int ((gint64) (d < 0 ? ceil (d) : floor (d)), spec);
              else
                r = bs_float_format (d, spec, &error);
              if (r == NULL)
                ok = bs_raise_gerror (in, error);
              else
                {
                  g_string_append (s, r);
                  g_free (r);
                }
            }
        }
      else
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "ValueError", "unsupported format character '%c'", conv);
        }
      if (!ok)
        {
          g_string_free (s, TRUE);
          return FALSE;
        }
    }
  if (next < n_items)
    {
      g_string_free (s, TRUE);
      return bs_raise (in, "TypeError", "not all arguments converted during string formatting");
    }
  *out = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}


/* format(s, spec) for a str: fill, alignment and width. */
gboolean
bs_py_str_format_spec (BsInterp   *in,
                       BsValue     v,
                       const char *spec,
                       GString    *out)
{
  /* width, alignment and fill for strings */
  const char *s = bs_value_str (v);
  char fill = ' ', align = '<';
  const char *p = spec;
  long width = 0;
  glong n = g_utf8_strlen (s, -1);

  if (p[0] != '\0' && (p[1] == '<' || p[1] == '>' || p[1] == '^'))
    {
      fill = p[0];
      align = p[1];
      p += 2;
    }
  else if (p[0] == '<' || p[0] == '>' || p[0] == '^')
    align = *p++;
  width = strtol (p, (char **) &p, 10);
  if (*p == 's')
    p++;
  if (*p != '\0' || width < 0)
    return bs_raise (in, "ValueError", "Invalid format specifier '%s' for object of type "
                     "'str'", spec);
  if (width > n && !bs_py_check_memory (in, (guint64) width, "a str"))
    return FALSE;
  if (n < width)
    {
      glong pad = width - n, left = align == '<' ? 0 : align == '>' ? pad : pad / 2;

      for (glong i = 0; i < left; i++)
        g_string_append_c (out, fill);
      g_string_append (out, s);
      for (glong i = left; i < pad; i++)
        g_string_append_c (out, fill);
    }
  else
    g_string_append (out, s);
  return TRUE;
}

gboolean
bs_py_str_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out)
{
  return bs_py_method_find (in, "str", self, name, out);
}
