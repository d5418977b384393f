/* bs-scrub.c: changing a number literal of the script by a step */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>
#include <string.h>

#include "bs-scrub.h"

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

char *
bs_scrub_number (const char *line,
                 gsize       cursor,
                 int         direction,
                 gsize      *start,
                 gsize      *end)
{
  gsize length, s, e, dot = G_MAXSIZE;
  int decimals = 0;
  double value, unit;
  char *text;

  g_return_val_if_fail (line != NULL && start != NULL && end != NULL, NULL);
  length = strlen (line);
  if (cursor > length)
    return NULL;
  s = e = cursor;
  while (s > 0 && (g_ascii_isdigit (line[s - 1]) || line[s - 1] == '.'))
    s--;
  while (e < length && (g_ascii_isdigit (line[e]) || line[e] == '.'))
    e++;
  if (s == e)
    return NULL;
  /* part of a name (x1), of an exponent (1e-3) or of an attribute (a.b): not a literal */
  if ((s > 0 && is_name_char (line[s - 1])) || (e < length && is_name_char (line[e])))
    return NULL;
  for (gsize i = s; i < e; i++)
    if (line[i] == '.')
      {
        if (dot != G_MAXSIZE)
          return NULL;
        dot = i;
      }
  if (dot == s && e == s + 1)
    return NULL;   /* a lone "." */
  if (s > 0 && line[s - 1] == '-')
    {
      /* a sign, not a subtraction: nothing but spaces or an opening before it */
      gsize before = s - 1;

      while (before > 0 && line[before - 1] == ' ')
        before--;
      if (before == 0 || strchr ("(,[=:+-*/", line[before - 1]) != NULL)
        s--;
    }
  if (dot != G_MAXSIZE)
    decimals = (int) (e - dot - 1);
  value = g_ascii_strtod (line + s, NULL);
  unit = pow (10, -decimals);
  value = round ((value + direction * unit) / unit) * unit;
  if (value == 0)
    value = 0;   /* no "-0.0" */
  {
    g_autofree char *format = g_strdup_printf ("%%.%df", decimals);
    char buffer[G_ASCII_DTOSTR_BUF_SIZE];

    /* "1." stays "1." */
    text = g_strconcat (g_ascii_formatd (buffer, sizeof buffer, format, value),
                        dot != G_MAXSIZE && decimals == 0 ? "." : "", NULL);
  }
  *start = s;
  *end = e;
  return text;
}
