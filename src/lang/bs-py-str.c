/* bs-py-str.c: str: repr, % and format(), and the methods */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-str.h"

#include <math.h>
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
                r = bs_int_format ((gint64) (d < 0 ? ceil (d) : floor (d)), spec, &error);
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

static gboolean
str_join (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue list;
  gsize n;
  BsValue *items;
  GString *s = g_string_new (NULL);

  if (a->n_args != 1)
    {
      g_string_free (s, TRUE);
      return bs_raise (in, "TypeError", "join() takes exactly one argument");
    }
  if (!bs_to_list (in, a->args[0], &list))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  items = bs_value_items (list, &n);
  {
    guint64 total = n > 0 ? (n - 1) * (guint64) ((BsStr *) self.as.object)->length : 0;

    for (gsize i = 0; i < n; i++)
      if (bs_value_str (items[i]) != NULL)
        total += ((BsStr *) items[i].as.object)->length;
    if (!bs_py_check_memory (in, total, "a str"))
      {
        bs_value_unref (list);
        g_string_free (s, TRUE);
        return FALSE;
      }
  }
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_str (items[i]) == NULL)
        {
          bs_raise (in, "TypeError", "sequence item %zu: expected str instance, %s found", i,
                    bs_type_name (items[i]));
          bs_value_unref (list);
          g_string_free (s, TRUE);
          return FALSE;
        }
      if (i > 0)
        g_string_append (s, bs_value_str (self));
      g_string_append (s, bs_value_str (items[i]));
    }
  bs_value_unref (list);
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

static gboolean
str_format (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *p = bs_value_str (self);
  GString *s = g_string_new (NULL);
  guint auto_index = 0;

  while (*p != '\0')
    {
      if (p[0] == '{' && p[1] == '{')
        {
          g_string_append_c (s, '{');
          p += 2;
          continue;
        }
      if (p[0] == '}' && p[1] == '}')
        {
          g_string_append_c (s, '}');
          p += 2;
          continue;
        }
      if (p[0] == '{')
        {
          const char *end = strchr (p, '}');
          g_autofree char *field = NULL;
          char *colon, *bang;
          const char *spec = "";
          BsValue v;
          gboolean ok;
          char conv = 0;

          if (end == NULL)
            {
              g_string_free (s, TRUE);
              return bs_raise (in, "ValueError", "Single '{' encountered in format string");
            }
          field = g_strndup (p + 1, end - p - 1);
          colon = strchr (field, ':');
          if (colon != NULL)
            {
              *colon = '\0';
              spec = colon + 1;
            }
          bang = strchr (field, '!');
          if (bang != NULL)
            {
              conv = bang[1];
              *bang = '\0';
            }
          if (field[0] == '\0')
            {
              if (auto_index >= a->n_args)
                {
                  g_string_free (s, TRUE);
                  return bs_raise (in, "IndexError",
                                   "Replacement index %u out of range for positional args tuple",
                                   auto_index);
                }
              v = a->args[auto_index++];
            }
          else if (g_ascii_isdigit (field[0]))
            {
              guint64 idx = g_ascii_strtoull (field, NULL, 10);

              if (idx >= a->n_args)
                {
                  g_string_free (s, TRUE);
                  return bs_raise (in, "IndexError",
                                   "Replacement index %u out of range for positional args tuple",
                                   (guint) MIN (idx, G_MAXUINT));
                }
              v = a->args[idx];
            }
          else
            {
              BsValue *kv = bs_arg (a, G_MAXUINT, field);

              if (kv == NULL)
                {
                  BsValue key = bs_str_value (in, field);

                  g_string_free (s, TRUE);
                  bs_raise_key_error (in, key);
                  bs_value_unref (key);
                  return FALSE;
                }
              v = *kv;
            }
          if (conv == 'r' || conv == 's')
            {
              GString *t = g_string_new (NULL);

              ok = conv == 'r' ? bs_repr (in, v, t) : bs_str (in, v, t);
              if (ok)
                {
                  BsValue sv = bs_str_new (in->heap, t->str, t->len);

                  ok = bs_format_value (in, sv, spec, s);
                  bs_value_unref (sv);
                }
              g_string_free (t, TRUE);
            }
          else
            ok = bs_format_value (in, v, spec, s);
          if (!ok)
            {
              g_string_free (s, TRUE);
              return FALSE;
            }
          p = end + 1;
          continue;
        }
      g_string_append_c (s, *p++);
    }
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

static gboolean
str_simple (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  const char *s = bs_value_str (self);

  if (strcmp (name, "upper") == 0)
    *r = bs_str_take (in->heap, g_utf8_strup (s, -1));
  else if (strcmp (name, "lower") == 0)
    *r = bs_str_take (in->heap, g_utf8_strdown (s, -1));
  else if (g_str_has_suffix (name, "strip"))
    {
      const char *chars = a->n_args > 0 && bs_value_str (a->args[0]) != NULL
                            ? bs_value_str (a->args[0]) : " \t\n\r\f\v";
      const char *b = s, *e = s + strlen (s);

      if (name[0] != 'r')
        while (*b != '\0' && strchr (chars, *b) != NULL)
          b++;
      if (name[0] != 'l')
        while (e > b && strchr (chars, e[-1]) != NULL)
          e--;
      *r = bs_str_new (in->heap, b, e - b);
    }
  else if (strcmp (name, "title") == 0 || strcmp (name, "capitalize") == 0)
    {
      char *t = g_ascii_strdown (s, -1);
      gboolean start = TRUE;

      for (char *c = t; *c != '\0'; c++)
        {
          if (start && g_ascii_isalpha (*c))
            *c = g_ascii_toupper (*c);
          start = name[0] == 't' ? !g_ascii_isalpha (*c) : FALSE;
        }
      *r = bs_str_take (in->heap, t);
    }
  else if (strcmp (name, "isdigit") == 0 || strcmp (name, "isalpha") == 0)
    {
      gboolean ok = s[0] != '\0';

      for (const char *c = s; *c != '\0'; c++)
        if (name[2] == 'd' ? !g_ascii_isdigit (*c) : !g_ascii_isalpha (*c))
          ok = FALSE;
      *r = BS_BOOL (ok);
    }
  else
    return bs_raise (in, "AttributeError", "'str' object has no attribute '%s'", name);
  return TRUE;
}

static gboolean
str_split (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *s = bs_value_str (self);
  BsValue *sep_arg = bs_arg (a, 0, "sep");
  BsValue *max_arg = bs_arg (a, 1, "maxsplit");
  const char *sep = sep_arg != NULL ? bs_value_str (*sep_arg) : NULL;
  gint64 maxsplit = -1;
  BsValue list;

  if (max_arg != NULL && !bs_to_int (in, *max_arg, &maxsplit))
    return FALSE;
  list = bs_list_new (in->heap);

  if (sep != NULL && sep[0] == '\0')
    {
      bs_value_unref (list);
      return bs_raise (in, "ValueError", "empty separator");
    }
  if (sep == NULL)
    {
      static const char space[] = " \t\n\r\f\v";

      for (;;)
        {
          gsize word;

          s += strspn (s, space);
          if (*s == '\0')
            break;
          if (maxsplit == 0)
            {
              /* the rest, without its trailing whitespace */
              gsize n = strlen (s);

              while (n > 0 && strchr (space, s[n - 1]) != NULL)
                n--;
              bs_list_append (list, bs_str_new (in->heap, s, n));
              break;
            }
          word = strcspn (s, space);
          bs_list_append (list, bs_str_new (in->heap, s, word));
          s += word;
          maxsplit--;
        }
    }
  else
    {
      char **parts = g_strsplit (s, sep, maxsplit < 0 ? -1 : (int) MIN (maxsplit + 1, G_MAXINT));

      for (char **p = parts; *p != NULL; p++)
        bs_list_append (list, bs_str_value (in, *p));
      g_strfreev (parts);
    }
  *r = list;
  return TRUE;
}

static gboolean
str_replace (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *s = bs_value_str (self), *from, *to;
  GString *out;

  if (a->n_args < 2 || (from = bs_value_str (a->args[0])) == NULL
      || (to = bs_value_str (a->args[1])) == NULL)
    return bs_raise (in, "TypeError", "replace expected 2 str arguments");
  if (from[0] != '\0' && strlen (to) > strlen (from))
    {
      guint64 count = 0, grow = strlen (to) - strlen (from);

      for (const char *f = strstr (s, from); f != NULL; f = strstr (f + strlen (from), from))
        count++;
      if (!bs_py_check_memory (in, strlen (s) + count * grow, "a str"))
        return FALSE;
    }
  out = g_string_new (s);
  if (from[0] != '\0')
    g_string_replace (out, from, to, 0);
  *r = bs_str_new (in->heap, out->str, out->len);
  g_string_free (out, TRUE);
  return TRUE;
}

static gboolean
str_affix (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  const char *s = bs_value_str (self), *x;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "%s() takes at least 1 argument (0 given)", name);
  if (bs_value_is_object (a->args[0], BS_OBJECT_TUPLE) && name[0] != 'f' && name[0] != 'c')
    {
      gsize n;
      BsValue *items = bs_value_items (a->args[0], &n);

      *r = BS_BOOL (FALSE);
      for (gsize i = 0; i < n; i++)
        if (bs_value_str (items[i]) != NULL
            && (name[0] == 's' ? g_str_has_prefix (s, bs_value_str (items[i]))
                               : g_str_has_suffix (s, bs_value_str (items[i]))))
          *r = BS_BOOL (TRUE);
      return TRUE;
    }
  x = bs_value_str (a->args[0]);
  if (x == NULL)
    return bs_raise (in, "TypeError", "must be str, not %s", bs_type_name (a->args[0]));
  if (strcmp (name, "startswith") == 0)
    *r = BS_BOOL (g_str_has_prefix (s, x));
  else if (strcmp (name, "endswith") == 0)
    *r = BS_BOOL (g_str_has_suffix (s, x));
  else if (strcmp (name, "find") == 0 || strcmp (name, "index") == 0
           || strcmp (name, "rfind") == 0 || strcmp (name, "rindex") == 0)
    {
      const char *f = name[0] == 'r' ? g_strrstr (s, x) : strstr (s, x);

      if (f == NULL && strstr (name, "index") != NULL)
        return bs_raise (in, "ValueError", "substring not found");
      *r = BS_INT (f != NULL ? g_utf8_pointer_to_offset (s, f) : -1);
    }
  else
    {
      gint64 count = 0;
      gsize len = strlen (x);

      if (len == 0)
        count = g_utf8_strlen (s, -1) + 1;
      else
        for (const char *f = strstr (s, x); f != NULL; f = strstr (f + len, x))
          count++;
      *r = BS_INT (count);
    }
  return TRUE;
}

static gboolean
str_pad (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  gint64 width;
  g_autofree char *spec = NULL;
  GString *out;
  BsValue sv;
  gboolean ok;

  if (a->n_args < 1 || !bs_to_int (in, a->args[0], &width))
    return a->n_args < 1 ? bs_raise (in, "TypeError", "%s() takes at least 1 argument", name)
                         : FALSE;
  if (width > ((BsStr *) self.as.object)->n_chars
      && !bs_py_check_memory (in, (guint64) width, "a str"))
    return FALSE;
  if (strcmp (name, "zfill") == 0)
    {
      const char *text = bs_value_str (self);
      glong n = ((BsStr *) self.as.object)->n_chars;
      gboolean sign = text[0] == '+' || text[0] == '-';
      GString *z = g_string_new (NULL);

      /* zeros go after a leading sign */
      if (sign)
        g_string_append_c (z, text[0]);
      for (gint64 i = n; i < width; i++)
        g_string_append_c (z, '0');
      g_string_append (z, text + (sign ? 1 : 0));
      *r = bs_str_take (in->heap, g_string_free (z, FALSE));
      return TRUE;
    }
  else
    {
      char fill = ' ';

      if (a->n_args > 1 && bs_value_str (a->args[1]) != NULL)
        fill = bs_value_str (a->args[1])[0];
      spec = g_strdup_printf ("%c%c%" G_GINT64_FORMAT, fill,
                              name[0] == 'l' ? '<' : name[0] == 'r' ? '>' : '^', width);
    }
  out = g_string_new (NULL);
  sv = self;
  ok = bs_format_value (in, sv, spec, out);
  if (ok)
    *r = bs_str_new (in->heap, out->str, out->len);
  g_string_free (out, TRUE);
  return ok;
}

static const BsPyMethod str_methods[] = {
  { "join", str_join }, { "format", str_format }, { "upper", str_simple },
  { "lower", str_simple }, { "strip", str_simple }, { "lstrip", str_simple },
  { "rstrip", str_simple }, { "split", str_split }, { "replace", str_replace },
  { "startswith", str_affix }, { "endswith", str_affix }, { "ljust", str_pad },
  { "rjust", str_pad }, { "center", str_pad }, { "title", str_simple },
  { "capitalize", str_simple }, { "isdigit", str_simple }, { "isalpha", str_simple },
  { "find", str_affix }, { "count", str_affix }, { "zfill", str_pad }, { "rfind", str_affix },
  { "index", str_affix }, { "rindex", str_affix }, { NULL, NULL },
};

gboolean
bs_py_str_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out)
{
  return bs_py_method_from_table (in, str_methods, self, name, out);
}
