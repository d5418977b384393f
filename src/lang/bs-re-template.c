/* bs-re-template.c: replacement templates (re.sub's repl, Match.expand) parsed as
 * CPython 3.11 parses them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-re-parser.h"

static void
template_flush (GArray  *items,
                GString *literal)
{
  BsReTemplateItem item = { NULL, 0, 0 };

  if (literal->len == 0)
    return;
  item.literal = g_memdup2 (literal->str, literal->len + 1);
  item.length = literal->len;
  g_array_append_val (items, item);
  g_string_truncate (literal, 0);
}

static gboolean
template_group (Parser  *p,
                GArray  *items,
                GString *literal,
                guint64  index,
                glong    pos,
                guint    n_groups)
{
  BsReTemplateItem item = { NULL, 0, 0 };

  if (index > n_groups)
    return fail (p, pos, "invalid group reference %u", (guint) index);
  template_flush (items, literal);
  item.group = (guint) index;
  g_array_append_val (items, item);
  return TRUE;
}

static void
template_item_clear (gpointer data)
{
  g_free (((BsReTemplateItem *) data)->literal);
}

/* \g<name> or \g<number> */
static gboolean
template_named (Parser            *p,
                const BsRePattern *re,
                GArray            *items,
                GString           *literal)
{
  glong len;
  g_autofree char *name = NULL;
  g_autofree char *r = NULL;
  gint64 index = -1;

  if (!match (p, '<'))
    return FAILED (p) ? FALSE : fail (p, tell (p), "missing <");
  name = bs_re_getuntil (p, '>', "group name", &len);
  if (name == NULL)
    return FALSE;
  r = bs_re_repr (name);
  if (bs_re_is_identifier (name))
    {
      for (guint g = 1; g <= bs_re_pattern_n_groups (re); g++)
        if (g_strcmp0 (bs_re_pattern_group_name (re, g), name) == 0)
          index = g;
      if (index < 0)
        return bs_re_fail_code (p, BS_RE_ERROR_INDEX, -1, "unknown group name %s", r);
    }
  else
    {
      if (!bs_re_parse_int (name, &index) || index < 0)
        return fail (p, tell (p) - len - 1, "bad character in group name %s", r);
      if ((guint64) index >= MAXGROUPS)
        return fail (p, tell (p) - len - 1, "invalid group reference %" G_GINT64_FORMAT, index);
      bs_re_warn_group_number (p, name, tell (p) - len - 1);
    }
  return template_group (p, items, literal, (guint64) index, tell (p) - len - 1,
                         bs_re_pattern_n_groups (re));
}

static gboolean
template_escape (Parser            *p,
                 const BsRePattern *re,
                 Tok                this,
                 GArray            *items,
                 GString           *literal)
{
  gunichar c = this.c[1];
  glong start = tell (p) - 2;
  g_autoptr(GString) text = g_string_new (NULL);

  append_tok (text, this);
  if (c == 'g')
    return template_named (p, re, items, literal);
  if (c == '0')
    {
      bs_re_getwhile (p, 2, OCTDIGITS, text);
      if (FAILED (p))
        return FALSE;
      g_string_append_unichar (literal, g_ascii_strtoull (text->str + 1, NULL, 8) & 0xff);
      return TRUE;
    }
  if (c >= '1' && c <= '9')
    {
      if (next_in (p, DIGITS))
        {
          append_tok (text, get (p));
          if (FAILED (p))
            return FALSE;
          if (c <= '7' && text->str[2] <= '7' && next_in (p, OCTDIGITS))
            {
              guint64 v;

              append_tok (text, get (p));
              if (FAILED (p))
                return FALSE;
              v = g_ascii_strtoull (text->str + 1, NULL, 8);
              if (v > 0377)
                return fail (p, start, "octal escape value %s outside of range 0-0o377",
                             text->str);
              g_string_append_unichar (literal, (gunichar) v);
              return TRUE;
            }
        }
      return template_group (p, items, literal, g_ascii_strtoull (text->str + 1, NULL, 10),
                             start + 1, bs_re_pattern_n_groups (re));
    }
  switch (c)
    {
    case 'a': g_string_append_c (literal, 7); return TRUE;
    case 'b': g_string_append_c (literal, 8); return TRUE;
    case 'f': g_string_append_c (literal, 12); return TRUE;
    case 'n': g_string_append_c (literal, 10); return TRUE;
    case 'r': g_string_append_c (literal, 13); return TRUE;
    case 't': g_string_append_c (literal, 9); return TRUE;
    case 'v': g_string_append_c (literal, 11); return TRUE;
    case '\\': g_string_append_c (literal, '\\'); return TRUE;
    default:
      break;
    }
  if (c < 128 && g_ascii_isalpha ((char) c))
    return fail (p, start, "bad escape %s", text->str);
  g_string_append (literal, text->str);
  return TRUE;
}

GArray *
bs_re_pattern_template (const BsRePattern *re,
                        const char        *repl,
                        gsize              length,
                        GPtrArray        **warnings,
                        glong             *error_pos,
                        GError           **error)
{
  Parser p;
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (BsReTemplateItem));
  g_autoptr(GString) literal = g_string_new (NULL);

  g_array_set_clear_func (items, template_item_clear);
  *error_pos = -1;
  bs_re_parser_init (&p, repl, length);
  *warnings = g_ptr_array_ref (p.warnings);
  for (;;)
    {
      Tok this = get (&p);

      if (FAILED (&p) || this.len == 0)
        break;
      if (this.len == 2)
        {
          if (!template_escape (&p, re, this, items, literal))
            break;
        }
      else
        g_string_append_unichar (literal, this.c[0]);
    }
  if (FAILED (&p))
    {
      bs_re_parser_error (&p, error_pos, error);
      bs_re_parser_clear (&p);
      return NULL;
    }
  bs_re_parser_clear (&p);
  template_flush (items, literal);
  return g_steal_pointer (&items);
}

