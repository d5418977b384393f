/* bs-re-parser.c: CPython's re tokenizer, and the state, errors and warnings of its
 * parser (bs-re-parser.h) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-re-parser.h"

gboolean
bs_re_fail_code (Parser        *p,
                 BsReErrorCode  code,
                 glong          pos,
                 const char    *format,
                 ...)
{
  va_list ap;

  if (p->msg != NULL)
    return FALSE;
  va_start (ap, format);
  p->msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  p->pos = pos;
  p->code = code;
  return FALSE;
}

void
bs_re_advance (Parser *p)
{
  glong i = p->index;

  if (i >= p->n)
    {
      p->next.len = 0;
      return;
    }
  if (p->s[i] == '\\')
    {
      if (i + 1 >= p->n)
        {
          p->next.len = 0;
          fail (p, p->n - 1, "bad escape (end of pattern)");
          return;
        }
      p->next.c[0] = '\\';
      p->next.c[1] = p->s[i + 1];
      p->next.len = 2;
      p->index = i + 2;
      return;
    }
  p->next.c[0] = p->s[i];
  p->next.len = 1;
  p->index = i + 1;
}

void
bs_re_seek (Parser *p,
            glong   index)
{
  p->index = index;
  bs_re_advance (p);
}

/* up to n single characters of set, as CPython's getwhile */
void
bs_re_getwhile (Parser     *p,
                int         n,
                const char *set,
                GString    *into)
{
  for (int i = 0; i < n && next_in (p, set); i++)
    append_tok (into, get (p));
}

/* Python's repr() of a str, for the messages that quote a name */
static void
append_repr (GString    *s,
             const char *text)
{
  gboolean dq = strchr (text, '\'') != NULL && strchr (text, '"') == NULL;
  char quote = dq ? '"' : '\'';

  g_string_append_c (s, quote);
  for (const char *q = text; *q != '\0'; q = g_utf8_next_char (q))
    {
      gunichar c = g_utf8_get_char (q);

      if (c == '\\' || c == (gunichar) quote)
        g_string_append_printf (s, "\\%c", (char) c);
      else if (c == '\n')
        g_string_append (s, "\\n");
      else if (c == '\r')
        g_string_append (s, "\\r");
      else if (c == '\t')
        g_string_append (s, "\\t");
      else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        g_string_append_printf (s, "\\x%02x", c);
      else if (!g_unichar_isprint (c) && c > 0xff)
        g_string_append_printf (s, c > 0xffff ? "\\U%08x" : "\\u%04x", c);
      else
        g_string_append_unichar (s, c);
    }
  g_string_append_c (s, quote);
}

char *
bs_re_repr (const char *text)
{
  GString *s = g_string_new (NULL);

  append_repr (s, text);
  return g_string_free (s, FALSE);
}

/* getuntil(terminator, name): the text up to the terminator, CPython's errors */
char *
bs_re_getuntil (Parser     *p,
                gunichar    terminator,
                const char *what,
                glong      *length)
{
  GString *result = g_string_new (NULL);
  glong n = 0;

  for (;;)
    {
      Tok c = get (p);

      if (FAILED (p))
        break;
      if (c.len == 0)
        {
          if (n == 0)
            fail (p, tell (p), "missing %s", what);
          else
            fail (p, tell (p) - n, "missing %c, unterminated name", (char) terminator);
          break;
        }
      if (tok_is (c, terminator))
        {
          if (n == 0)
            fail (p, tell (p) - 1, "missing %s", what);
          break;
        }
      append_tok (result, c);
      n += c.len;
    }
  *length = n;
  if (FAILED (p))
    {
      g_string_free (result, TRUE);
      return NULL;
    }
  return g_string_free (result, FALSE);
}

gboolean
bs_re_is_identifier (const char *name)
{
  for (const char *q = name; *q != '\0'; q = g_utf8_next_char (q))
    {
      gunichar c = g_utf8_get_char (q);

      if (!(c == '_' || g_unichar_isalpha (c) || (q != name && g_unichar_isdigit (c))
            || (q != name && g_unichar_type (c) == G_UNICODE_SPACING_MARK)
            || (q != name && g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK)
            || (q != name && g_unichar_type (c) == G_UNICODE_CONNECT_PUNCTUATION)))
        return FALSE;
    }
  return *name != '\0';
}

/* int(text) for a group number: CPython's int() (spaces, a sign, underscores, any decimal
 * digits); FALSE when it does not parse */
gboolean
bs_re_parse_int (const char *text,
                 gint64     *out)
{
  const char *q = text;
  gboolean negative = FALSE, digit = FALSE, underscore = FALSE;
  guint64 v = 0;

  while (g_unichar_isspace (g_utf8_get_char (q)) && *q != '\0')
    q = g_utf8_next_char (q);
  if (*q == '+' || *q == '-')
    negative = *q++ == '-';
  for (; *q != '\0'; q = g_utf8_next_char (q))
    {
      gunichar c = g_utf8_get_char (q);
      int d = g_unichar_digit_value (c);

      if (c == '_' && digit && !underscore)
        {
          underscore = TRUE;
          continue;
        }
      if (d < 0)
        break;
      v = v > MAXGROUPS * 10 ? v : v * 10 + (guint) d;
      digit = TRUE;
      underscore = FALSE;
    }
  while (*q != '\0' && g_unichar_isspace (g_utf8_get_char (q)))
    q = g_utf8_next_char (q);
  if (!digit || underscore || *q != '\0')
    return FALSE;
  *out = negative ? -(gint64) v : (gint64) v;
  return TRUE;
}

/* A warning: its category's initial ('F'uture, 'D'eprecation), then its text */
void
bs_re_warn (Parser     *p,
            char        category,
            const char *format,
            ...)
{
  va_list ap;
  g_autofree char *text = NULL;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_ptr_array_add (p->warnings, g_strdup_printf ("%c%s", category, text));
}

/* CPython's DeprecationWarning for a group number that is not plain ASCII digits */
void
bs_re_warn_group_number (Parser     *p,
                         const char *name,
                         glong       pos)
{
  g_autofree char *r = NULL;

  for (const char *q = name; *q != '\0'; q++)
    if (!g_ascii_isdigit (*q))
      {
        r = bs_re_repr (name);
        bs_re_warn (p, 'D', "bad character in group name %s at position %ld", r, pos);
        return;
      }
}

guint
bs_re_n_groups (Parser *p)
{
  return p->widths->len;
}

gboolean
bs_re_group_closed (Parser *p,
                    guint64 gid)
{
  return gid < bs_re_n_groups (p) && g_array_index (p->closed, gboolean, gid);
}

guint
bs_re_open_group (Parser *p)
{
  Width w = { 0, 0 };
  gboolean no = FALSE;
  guint zero = 0;

  g_array_append_val (p->widths, w);
  g_array_append_val (p->closed, no);
  g_ptr_array_add (p->names, NULL);
  g_array_append_val (p->close_order, zero);
  return bs_re_n_groups (p) - 1;
}

int
bs_re_find_name (Parser     *p,
                 const char *name)
{
  for (guint i = 1; i < p->names->len; i++)
    if (p->names->pdata[i] != NULL && strcmp (p->names->pdata[i], name) == 0)
      return (int) i;
  return -1;
}

void
bs_re_parser_init (Parser     *p,
                   const char *text,
                   gsize       length)
{
  glong n;

  memset (p, 0, sizeof *p);
  p->s = g_utf8_to_ucs4_fast (text, (glong) length, &n);
  p->n = n;
  p->widths = g_array_new (FALSE, TRUE, sizeof (Width));
  p->closed = g_array_new (FALSE, TRUE, sizeof (gboolean));
  p->names = g_ptr_array_new_with_free_func (g_free);
  p->close_order = g_array_new (FALSE, TRUE, sizeof (guint));
  p->lookbehind_groups = -1;
  p->grouprefpos = g_hash_table_new (NULL, NULL);
  p->out = g_string_new (NULL);
  p->warnings = g_ptr_array_new_with_free_func (g_free);
  bs_re_open_group (p);
  g_array_index (p->closed, gboolean, 0) = TRUE;
  bs_re_advance (p);
}

void
bs_re_parser_clear (Parser *p)
{
  g_free (p->s);
  g_array_unref (p->widths);
  g_array_unref (p->closed);
  if (p->names != NULL)
    g_ptr_array_unref (p->names);
  if (p->close_order != NULL)
    g_array_unref (p->close_order);
  g_hash_table_unref (p->grouprefpos);
  if (p->out != NULL)
    g_string_free (p->out, TRUE);
  if (p->warnings != NULL)
    g_ptr_array_unref (p->warnings);
  g_free (p->msg);
}

gboolean
bs_re_parser_error (Parser  *p,
                    glong   *error_pos,
                    GError **error)
{
  *error_pos = p->pos;
  g_set_error_literal (error, BS_RE_ERROR, p->code, p->msg);
  return FALSE;
}
