/* bs-re-pattern.c: CPython 3.11's re syntax parsed as its parser does, translated into
 * PCRE2's for GRegex (bs-re-pattern.h says what differs and how it is spelled out) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-re-parser.h"

G_DEFINE_QUARK (bs-re-error-quark, bs_re_error)

struct _BsRePattern {
  GRegex    *regex;       /* Owned */
  GRegex    *full;        /* Owned: (?:pattern)\z for fullmatch, made when first needed */
  char      *pcre;        /* Owned: the translation */
  guint      flags;
  guint      n_groups;
  GPtrArray *names;       /* Owned: char * per group from 0, NULL unnamed */
  GArray    *close_order; /* guint per group from 0 */
};

/* --- widths, as CPython's getwidth() ------------------------------------------------ */

static guint64
sat (guint64 v)
{
  return MIN (v, MAXREPEAT);
}

static Width
width_add (Width a,
           Width b)
{
  return (Width) { sat (a.lo + b.lo), sat (a.hi + b.hi) };
}

static guint64
mul (guint64 a,
     guint64 b)
{
  return a != 0 && b > MAXREPEAT / a ? MAXREPEAT : sat (a * b);
}

static gboolean
check_lookbehind_group (Parser *p,
                        guint64 gid)
{
  if (p->lookbehind_groups < 0)
    return TRUE;
  if (!bs_re_group_closed (p, gid))
    return fail (p, tell (p), "cannot refer to an open group");
  if (gid >= (guint64) p->lookbehind_groups)
    return fail (p, tell (p), "cannot refer to group defined in the same lookbehind subpattern");
  return TRUE;
}

static gboolean
check_group_name (Parser     *p,
                  const char *name,
                  glong       name_len,
                  glong       offset)
{
  g_autofree char *r = NULL;

  if (bs_re_is_identifier (name))
    return TRUE;
  r = bs_re_repr (name);
  return fail (p, tell (p) - name_len - offset, "bad character in group name %s", r);
}

/* --- emitting PCRE -------------------------------------------------------------------- */

static gboolean
ascii_ignore (guint flags)
{
  return (flags & BS_RE_IGNORECASE) && (flags & BS_RE_ASCII);
}

/* PCRE's caseless mode stands for IGNORECASE with Unicode's case rules only */
static gboolean
pcre_caseless (guint flags)
{
  return (flags & BS_RE_IGNORECASE) && !(flags & BS_RE_ASCII);
}

static void
emit_char (GString  *out,
           gunichar  c)
{
  if (c < 128 && g_ascii_isalnum ((char) c))
    g_string_append_c (out, (char) c);
  else
    g_string_append_printf (out, "\\x{%x}", c);
}

/* CPython's IGNORECASE takes i, I, dotless ı and dotted İ for one another; PCRE's
 * caseless mode does not (the only such difference in the BMP) */
#define DOTTED_I "iI\\x{130}\\x{131}"

static gboolean
range_has_i (gunichar lo,
             gunichar hi)
{
  return (lo <= 'I' && hi >= 'I') || (lo <= 'i' && hi >= 'i') || (lo <= 0x131 && hi >= 0x130);
}

static void
emit_literal (Parser   *p,
              gunichar  c)
{
  if (ascii_ignore (p->cur) && c < 128 && g_ascii_isalpha ((char) c))
    g_string_append_printf (p->out, "[%c%c]", g_ascii_tolower ((char) c),
                            g_ascii_toupper ((char) c));
  else if (pcre_caseless (p->cur) && range_has_i (c, c))
    g_string_append (p->out, "[" DOTTED_I "]");
  else
    emit_char (p->out, c);
}

/* The class text of Python's \d, \w, \s (kind lower case) */
static const char *
category_text (gunichar kind,
               gboolean ascii)
{
  switch (g_unichar_tolower (kind))
    {
    case 'd':
      return ascii ? "0-9" : "\\p{Nd}";
    case 'w':
      return ascii ? "a-zA-Z0-9_" : "\\p{L}\\p{N}_";
    default:
      return ascii ? "\\x{9}-\\x{d}\\x{20}"
                   : "\\x{9}-\\x{d}\\x{1c}-\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}"
                     "\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}";
    }
}

/* A set being built: the characters it holds, and the complements of categories */
typedef struct {
  GString   *pos;
  GPtrArray *neg;   /* const char *: category texts whose complement is in the set */
} CharSet;

static void
set_add_category (Parser   *p,
                  CharSet  *set,
                  gunichar  kind)
{
  gboolean ascii = (p->cur & BS_RE_ASCII) != 0;

  if (g_unichar_islower (kind))
    g_string_append (set->pos, category_text (kind, ascii));
  else if (kind == 'D' && !ascii)
    g_string_append (set->pos, "\\P{Nd}");
  else
    g_ptr_array_add (set->neg, (gpointer) category_text (kind, ascii));
}

static void
set_add_range (Parser   *p,
               CharSet  *set,
               gunichar  lo,
               gunichar  hi)
{
  emit_char (set->pos, lo);
  if (hi != lo)
    {
      g_string_append_c (set->pos, '-');
      emit_char (set->pos, hi);
    }
  if (pcre_caseless (p->cur) && range_has_i (lo, hi))
    g_string_append (set->pos, DOTTED_I);
  if (ascii_ignore (p->cur))
    for (int upper = 0; upper < 2; upper++)
      {
        gunichar a = upper ? 'A' : 'a', z = upper ? 'Z' : 'z';
        gunichar l = MAX (lo, a), h = MIN (hi, z);

        if (l <= h)
          g_string_append_printf (set->pos, "%c-%c", (char) (l ^ 0x20), (char) (h ^ 0x20));
      }
}

static void
emit_set (Parser  *p,
          CharSet *set,
          gboolean negate)
{
  GString *out = p->out;

  if (set->neg->len == 0)
    g_string_append_printf (out, negate ? "[^%s]" : "[%s]", set->pos->str);
  else if (!negate)
    {
      if (set->pos->len == 0 && set->neg->len == 1)
        g_string_append_printf (out, "[^%s]", (char *) set->neg->pdata[0]);
      else
        {
          g_string_append (out, "(?:");
          if (set->pos->len > 0)
            g_string_append_printf (out, "[%s]|", set->pos->str);
          for (guint i = 0; i < set->neg->len; i++)
            g_string_append_printf (out, "%s[^%s]", i > 0 ? "|" : "",
                                    (char *) set->neg->pdata[i]);
          g_string_append_c (out, ')');
        }
    }
  else
    {
      g_string_append (out, "(?:");
      if (set->pos->len > 0)
        g_string_append_printf (out, "(?![%s])", set->pos->str);
      for (guint i = 0; i + 1 < set->neg->len; i++)
        g_string_append_printf (out, "(?=[%s])", (char *) set->neg->pdata[i]);
      g_string_append_printf (out, "[%s])", (char *) set->neg->pdata[set->neg->len - 1]);
    }
}

static void
emit_category (Parser   *p,
               gunichar  kind)
{
  CharSet set = { g_string_new (NULL), g_ptr_array_new () };

  set_add_category (p, &set, kind);
  emit_set (p, &set, FALSE);
  g_string_free (set.pos, TRUE);
  g_ptr_array_unref (set.neg);
}

/* ^ $ \A \Z \b \B as Python means them */
static void
emit_at (Parser   *p,
         gunichar  what)
{
  const char *w = category_text ('w', (p->cur & BS_RE_ASCII) != 0);

  switch (what)
    {
    case '^':
      g_string_append (p->out, (p->cur & BS_RE_MULTILINE) ? "(?<![^\\n])" : "\\A");
      break;
    case '$':
      g_string_append (p->out, (p->cur & BS_RE_MULTILINE) ? "(?![^\\n])" : "(?=\\n?\\z)");
      break;
    case 'A':
      g_string_append (p->out, "\\A");
      break;
    case 'Z':
      g_string_append (p->out, "\\z");
      break;
    case 'b':
      g_string_append_printf (p->out, "(?:(?<=[%s])(?![%s])|(?<![%s])(?=[%s]))", w, w, w, w);
      break;
    default:
      /* CPython's \B never matches in an empty string */
      g_string_append_printf (p->out, "(?!\\A\\z)(?:(?<=[%s])(?=[%s])|(?<![%s])(?![%s]))",
                              w, w, w, w);
      break;
    }
}

static void
emit_groupref (Parser *p,
               guint64 gid)
{
  g_string_append_printf (p->out, ascii_ignore (p->cur) ? "(?i:\\g{%u})" : "\\g{%u}",
                          (guint) gid);
}

/* --- escapes ---------------------------------------------------------------------------- */

typedef enum {
  ITEM_NONE,
  ITEM_AT,
  ITEM_REPEAT,
  ITEM_CHAR,    /* one character: a literal, a set, a category, . */
  ITEM_OTHER,
} ItemKind;

/* What an escape stands for */
typedef struct {
  enum { ESC_LITERAL, ESC_CATEGORY, ESC_AT, ESC_GROUPREF } kind;
  gunichar value;   /* the character, the category letter, the anchor letter */
  guint64  group;
} Escape;

static gboolean
escape_code_point (Parser   *p,
                   GString  *escape,
                   glong     start,
                   int       n_digits,
                   gunichar *out)
{
  guint64 v;

  bs_re_getwhile (p, n_digits, HEXDIGITS, escape);
  if (FAILED (p))
    return FALSE;
  if ((int) escape->len != n_digits + 2)
    return fail (p, start, "incomplete escape %s", escape->str);
  v = g_ascii_strtoull (escape->str + 2, NULL, 16);
  if (v > 0x10ffff)
    return fail (p, start, "bad escape %s", escape->str);
  if (v >= 0xd800 && v < 0xe000)
    return unsupported (p, "Backstep's re does not support surrogate code points (%s)",
                        escape->str);
  *out = (gunichar) v;
  return TRUE;
}

/* The escape t (just read) in a set (in_class) or in the pattern, as CPython's
 * _class_escape and _escape */
static gboolean
parse_escape (Parser  *p,
              Tok      t,
              gboolean in_class,
              Escape  *e)
{
  gunichar c = t.c[1];
  glong start = tell (p) - 2;
  g_autoptr(GString) escape = g_string_new ("\\");

  g_string_append_unichar (escape, c);
  e->kind = ESC_LITERAL;
  if (!in_class && c != 0 && c < 128 && strchr ("AbBZ", (int) c) != NULL)
    {
      e->kind = ESC_AT;
      e->value = c;
      return TRUE;
    }
  if (c != 0 && c < 128 && strchr ("dDsSwW", (int) c) != NULL)
    {
      e->kind = ESC_CATEGORY;
      e->value = c;
      return TRUE;
    }
  switch (c)
    {
    case 'a': e->value = 7; return TRUE;
    case 'b': e->value = 8; return TRUE;
    case 'f': e->value = 12; return TRUE;
    case 'n': e->value = 10; return TRUE;
    case 'r': e->value = 13; return TRUE;
    case 't': e->value = 9; return TRUE;
    case 'v': e->value = 11; return TRUE;
    case '\\': e->value = '\\'; return TRUE;
    case 'x':
      return escape_code_point (p, escape, start, 2, &e->value);
    case 'u':
      return escape_code_point (p, escape, start, 4, &e->value);
    case 'U':
      return escape_code_point (p, escape, start, 8, &e->value);
    case 'N':
      {
        glong len;
        g_autofree char *name = NULL;

        if (!match (p, '{'))
          return FAILED (p) ? FALSE : fail (p, tell (p), "missing {");
        name = bs_re_getuntil (p, '}', "character name", &len);
        if (name == NULL)
          return FALSE;
      }
      return unsupported (p, "Backstep's re does not support \\N{...} (named characters)");
    default:
      break;
    }
  if (c >= '0' && c <= '7' && (in_class || c == '0'))
    {
      guint64 v;

      bs_re_getwhile (p, 2, OCTDIGITS, escape);
      if (FAILED (p))
        return FALSE;
      v = g_ascii_strtoull (escape->str + 1, NULL, 8);
      if (v > 0377)
        return fail (p, start, "octal escape value %s outside of range 0-0o377", escape->str);
      e->value = (gunichar) v;
      return TRUE;
    }
  if (c >= '0' && c <= '9' && !in_class)
    {
      guint64 group;

      if (next_in (p, DIGITS))
        {
          append_tok (escape, get (p));
          if (FAILED (p))
            return FALSE;
          if (escape->str[1] <= '7' && escape->str[2] <= '7' && next_in (p, OCTDIGITS))
            {
              guint64 v;

              append_tok (escape, get (p));
              if (FAILED (p))
                return FALSE;
              v = g_ascii_strtoull (escape->str + 1, NULL, 8);
              if (v > 0377)
                return fail (p, start, "octal escape value %s outside of range 0-0o377",
                             escape->str);
              e->value = (gunichar) v;
              return TRUE;
            }
        }
      group = g_ascii_strtoull (escape->str + 1, NULL, 10);
      if (group < bs_re_n_groups (p))
        {
          if (!bs_re_group_closed (p, group))
            return fail (p, start, "cannot refer to an open group");
          if (!check_lookbehind_group (p, group))
            return FALSE;
          e->kind = ESC_GROUPREF;
          e->group = group;
          return TRUE;
        }
      return fail (p, start + 1, "invalid group reference %u", (guint) group);
    }
  if (c < 128 && g_ascii_isalnum ((char) c))
    return fail (p, start, "bad escape %s", escape->str);
  e->value = c;
  return TRUE;
}

/* --- sets --------------------------------------------------------------------------------- */

static gboolean
parse_set_body (Parser  *p,
                CharSet *set,
                glong    here,
                gboolean *negate)
{
  guint n_items = 0;

  if (is_next (p, '['))
    bs_re_warn (p, 'F', "Possible nested set at position %ld", tell (p));
  *negate = match (p, '^');
  if (FAILED (p))
    return FALSE;
  for (;;)
    {
      Tok this = get (p), that;
      Escape e1 = { ESC_LITERAL, 0, 0 }, e2 = { ESC_LITERAL, 0, 0 };

      if (FAILED (p))
        return FALSE;
      if (this.len == 0)
        return fail (p, here, "unterminated character set");
      if (tok_is (this, ']') && n_items > 0)
        return TRUE;
      if (this.len == 2)
        {
          if (!parse_escape (p, this, TRUE, &e1))
            return FALSE;
        }
      else
        {
          if (n_items > 0 && this.c[0] != 0 && strchr ("-&~|", (int) this.c[0]) != NULL
              && is_next (p, this.c[0]))
            bs_re_warn (p, 'F', "Possible set %s at position %ld",
                  this.c[0] == '-' ? "difference" : this.c[0] == '&' ? "intersection"
                  : this.c[0] == '~' ? "symmetric difference" : "union", tell (p) - 1);
          e1.value = this.c[0];
        }
      if (match (p, '-'))
        {
          g_autoptr(GString) text = g_string_new (NULL);

          that = get (p);
          if (FAILED (p))
            return FALSE;
          if (that.len == 0)
            return fail (p, here, "unterminated character set");
          if (tok_is (that, ']'))
            {
              if (e1.kind == ESC_CATEGORY)
                set_add_category (p, set, e1.value);
              else
                set_add_range (p, set, e1.value, e1.value);
              set_add_range (p, set, '-', '-');
              return TRUE;
            }
          if (that.len == 2)
            {
              if (!parse_escape (p, that, TRUE, &e2))
                return FALSE;
            }
          else
            {
              if (that.c[0] == '-')
                bs_re_warn (p, 'F', "Possible set difference at position %ld", tell (p) - 2);
              e2.value = that.c[0];
            }
          append_tok (text, this);
          g_string_append_c (text, '-');
          append_tok (text, that);
          if (e1.kind != ESC_LITERAL || e2.kind != ESC_LITERAL || e2.value < e1.value)
            return fail (p, tell (p) - this.len - 1 - that.len, "bad character range %s",
                         text->str);
          set_add_range (p, set, e1.value, e2.value);
        }
      else if (FAILED (p))
        return FALSE;
      else if (e1.kind == ESC_CATEGORY)
        set_add_category (p, set, e1.value);
      else
        set_add_range (p, set, e1.value, e1.value);
      n_items++;
    }
}

static gboolean
parse_set (Parser *p)
{
  CharSet set = { g_string_new (NULL), g_ptr_array_new () };
  gboolean negate = FALSE, ok;

  ok = parse_set_body (p, &set, tell (p) - 1, &negate);
  if (ok)
    emit_set (p, &set, negate);
  g_string_free (set.pos, TRUE);
  g_ptr_array_unref (set.neg);
  return ok;
}

/* --- repeats -------------------------------------------------------------------------------- */

typedef struct {
  ItemKind kind;
  gsize    start;   /* where its PCRE text starts in out */
  Width    width;
  guint    groups;  /* groups opened before it: those after are inside it */
} Item;

static void
emit_count (GString *out,
            guint64  min,
            guint64  max)
{
  if (min == 0 && max == MAXREPEAT)
    g_string_append_c (out, '*');
  else if (min == 1 && max == MAXREPEAT)
    g_string_append_c (out, '+');
  else if (min == 0 && max == 1)
    g_string_append_c (out, '?');
  else if (max == MAXREPEAT)
    g_string_append_printf (out, "{%u,}", (guint) min);
  else if (min == max)
    g_string_append_printf (out, "{%u}", (guint) min);
  else
    g_string_append_printf (out, "{%u,%u}", (guint) min, (guint) max);
}

static guint64
digits_value (const char *s)
{
  guint64 v = 0;

  for (; *s != '\0'; s++)
    v = v >= MAXREPEAT ? MAXREPEAT : v * 10 + (guint64) (*s - '0');
  return v;
}

/* After the repeat character this: the repeat of the last item, or (for a '{' that is not
 * a repeat) a literal; *done FALSE then */
static gboolean
parse_repeat (Parser *p,
              Tok     this,
              Item   *last,
              gboolean *literal)
{
  glong here = tell (p);
  guint64 min = 0, max = MAXREPEAT;

  *literal = FALSE;
  if (tok_is (this, '?'))
    max = 1;
  else if (tok_is (this, '+'))
    min = 1;
  else if (tok_is (this, '{'))
    {
      g_autoptr(GString) lo = g_string_new (NULL);
      g_autoptr(GString) hi = g_string_new (NULL);

      if (is_next (p, '}'))
        {
          *literal = TRUE;
          return TRUE;
        }
      while (next_in (p, DIGITS))
        append_tok (lo, get (p));
      if (match (p, ','))
        while (next_in (p, DIGITS))
          append_tok (hi, get (p));
      else
        g_string_assign (hi, lo->str);
      if (FAILED (p))
        return FALSE;
      if (!match (p, '}'))
        {
          if (FAILED (p))
            return FALSE;
          bs_re_seek (p, here);
          *literal = TRUE;
          return !FAILED (p);
        }
      if (FAILED (p))
        return FALSE;
      if (lo->len > 0)
        {
          min = digits_value (lo->str);
          if (min >= MAXREPEAT)
            return bs_re_fail_code (p, BS_RE_ERROR_OVERFLOW, -1,
                                    "the repetition number is too large");
        }
      if (hi->len > 0)
        {
          max = digits_value (hi->str);
          if (max >= MAXREPEAT)
            return bs_re_fail_code (p, BS_RE_ERROR_OVERFLOW, -1,
                                    "the repetition number is too large");
          if (max < min)
            return fail (p, here, "min repeat greater than max repeat");
        }
    }
  if (last->kind == ITEM_NONE || last->kind == ITEM_AT)
    return fail (p, here - this.len, "nothing to repeat");
  if (last->kind == ITEM_REPEAT)
    return fail (p, here - this.len, "multiple repeat");
  /* which iteration's capture a group keeps when an iteration matched nothing differs
   * between PCRE and CPython ('( *?){,3}' in 'a b') */
  if (max > 1 && last->width.lo == 0 && bs_re_n_groups (p) > last->groups)
    return unsupported (p, "Backstep's re does not run a repeat (*, +, {m,n}) of a group "
                        "that captures and can match an empty string (PCRE, which it runs "
                        "on, keeps other captures than CPython then)");
  if (min > PCRE_MAX_REPEAT || (max != MAXREPEAT && max > PCRE_MAX_REPEAT))
    return unsupported (p, "Backstep's re does not support repeat counts above %d (PCRE's limit)",
                        PCRE_MAX_REPEAT);
  g_string_insert (p->out, last->start, "(?:");
  g_string_append_c (p->out, ')');
  emit_count (p->out, min, max);
  if (match (p, '?'))
    g_string_append_c (p->out, '?');
  else if (match (p, '+'))
    {
      /* CPython 3.11.2's matcher gives possessive repeats of more than one character
       * results of its own ((?:(?!\d))*+x* matches "1" in "12") */
      if (last->kind != ITEM_CHAR)
        return unsupported (p, "Backstep's re runs possessive repeats (*+, ++, ?+, {m,n}+) "
                            "of single characters and sets only, not of groups (CPython "
                            "3.11 matches those in a way of its own)");
      g_string_append_c (p->out, '+');
    }
  if (FAILED (p))
    return FALSE;
  last->kind = ITEM_REPEAT;
  last->width.lo = mul (last->width.lo, min);
  last->width.hi = max == MAXREPEAT && last->width.hi > 0 ? MAXREPEAT
                   : mul (last->width.hi, max);
  return TRUE;
}

/* --- groups ------------------------------------------------------------------------------ */

static gboolean parse_sub (Parser *p, gboolean verbose, int nested, Width *w);
static gboolean parse_seq (Parser *p, gboolean verbose, int nested, gboolean first, Width *w);

static const char FLAG_LETTERS[] = "iLmsxatu";

static guint
flag_value (gunichar c)
{
  switch (c)
    {
    case 'i': return BS_RE_IGNORECASE;
    case 'L': return BS_RE_LOCALE;
    case 'm': return BS_RE_MULTILINE;
    case 's': return BS_RE_DOTALL;
    case 'x': return BS_RE_VERBOSE;
    case 'a': return BS_RE_ASCII;
    case 't': return BS_RE_TEMPLATE;
    case 'u': return BS_RE_UNICODE;
    default: return 0;
    }
}

#define TYPE_FLAGS (BS_RE_ASCII | BS_RE_LOCALE | BS_RE_UNICODE)
#define GLOBAL_FLAGS (BS_RE_DEBUG | BS_RE_TEMPLATE)

static gboolean
is_flag (Tok t)
{
  return t.len == 1 && t.c[0] != 0 && t.c[0] < 128 && strchr (FLAG_LETTERS, (int) t.c[0]);
}

/* CPython's _parse_flags from its first character c: *global TRUE for (?flags) */
static gboolean
parse_flags (Parser *p,
             Tok     c,
             guint  *add,
             guint  *del,
             gboolean *global)
{
  *add = *del = 0;
  *global = FALSE;
  if (!tok_is (c, '-'))
    for (;;)
      {
        guint flag = flag_value (c.c[0]);

        if (c.c[0] == 'L')
          return fail (p, tell (p), "bad inline flags: cannot use 'L' flag with a str pattern");
        *add |= flag;
        if ((flag & TYPE_FLAGS) && (*add & TYPE_FLAGS) != flag)
          return fail (p, tell (p), "bad inline flags: flags 'a', 'u' and 'L' are incompatible");
        c = get (p);
        if (FAILED (p))
          return FALSE;
        if (c.len == 0)
          return fail (p, tell (p), "missing -, : or )");
        if (tok_is (c, ')') || tok_is (c, '-') || tok_is (c, ':'))
          break;
        if (!is_flag (c))
          return fail (p, tell (p) - c.len, (c.len == 1 && g_unichar_isalpha (c.c[0]))
                       ? "unknown flag" : "missing -, : or )");
      }
  if (tok_is (c, ')'))
    {
      p->flags |= *add;
      *global = TRUE;
      return TRUE;
    }
  if (*add & GLOBAL_FLAGS)
    return fail (p, tell (p) - 1, "bad inline flags: cannot turn on global flag");
  if (tok_is (c, '-'))
    {
      c = get (p);
      if (FAILED (p))
        return FALSE;
      if (c.len == 0)
        return fail (p, tell (p), "missing flag");
      if (!is_flag (c))
        return fail (p, tell (p) - c.len, (c.len == 1 && g_unichar_isalpha (c.c[0]))
                     ? "unknown flag" : "missing flag");
      for (;;)
        {
          guint flag = flag_value (c.c[0]);

          if (flag & TYPE_FLAGS)
            return fail (p, tell (p),
                         "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
          *del |= flag;
          c = get (p);
          if (FAILED (p))
            return FALSE;
          if (c.len == 0)
            return fail (p, tell (p), "missing :");
          if (tok_is (c, ':'))
            break;
          if (!is_flag (c))
            return fail (p, tell (p) - c.len, (c.len == 1 && g_unichar_isalpha (c.c[0]))
                         ? "unknown flag" : "missing :");
        }
    }
  if (*del & GLOBAL_FLAGS)
    return fail (p, tell (p) - 1, "bad inline flags: cannot turn off global flag");
  if (*add & *del)
    return fail (p, tell (p) - 1, "bad inline flags: flag turned on and off");
  return TRUE;
}

/* (?P=name): a reference to a closed group */
static gboolean
parse_named_ref (Parser *p,
                 Item   *item)
{
  glong len;
  g_autofree char *name = bs_re_getuntil (p, ')', "group name", &len);
  g_autofree char *r = NULL;
  int gid;

  if (name == NULL || !check_group_name (p, name, len, 1))
    return FALSE;
  gid = bs_re_find_name (p, name);
  r = bs_re_repr (name);
  if (gid < 0)
    return fail (p, tell (p) - len - 1, "unknown group name %s", r);
  if (!bs_re_group_closed (p, (guint) gid))
    return fail (p, tell (p) - len - 1, "cannot refer to an open group");
  if (!check_lookbehind_group (p, (guint) gid))
    return FALSE;
  emit_groupref (p, (guint) gid);
  item->kind = ITEM_OTHER;
  item->width = g_array_index (p->widths, Width, gid);
  return TRUE;
}

/* (?(group)yes|no) */
static gboolean
parse_conditional (Parser  *p,
                   gboolean verbose,
                   int      nested,
                   glong    start,
                   Item    *item)
{
  glong len;
  g_autofree char *name = bs_re_getuntil (p, ')', "group name", &len);
  g_autofree char *r = NULL;
  gint64 gid;
  Width yes, no = { 0, 0 };
  gboolean has_no = FALSE;

  if (name == NULL)
    return FALSE;
  r = bs_re_repr (name);
  if (bs_re_is_identifier (name))
    {
      gid = bs_re_find_name (p, name);
      if (gid < 0)
        return fail (p, tell (p) - len - 1, "unknown group name %s", r);
    }
  else
    {
      if (!bs_re_parse_int (name, &gid) || gid < 0)
        return fail (p, tell (p) - len - 1, "bad character in group name %s", r);
      if (gid == 0)
        return fail (p, tell (p) - len - 1, "bad group number");
      if ((guint64) gid >= MAXGROUPS)
        return fail (p, tell (p) - len - 1, "invalid group reference %" G_GINT64_FORMAT, gid);
      if (!g_hash_table_contains (p->grouprefpos, GINT_TO_POINTER ((int) gid)))
        g_hash_table_insert (p->grouprefpos, GINT_TO_POINTER ((int) gid),
                             GINT_TO_POINTER ((int) (tell (p) - len - 1)));
      bs_re_warn_group_number (p, name, tell (p) - len - 1);
    }
  if (!check_lookbehind_group (p, (guint64) gid))
    return FALSE;
  g_string_append_printf (p->out, "(?(%u)", (guint) gid);
  if (!parse_seq (p, verbose, nested + 1, FALSE, &yes))
    return FALSE;
  if (match (p, '|'))
    {
      g_string_append_c (p->out, '|');
      if (!parse_seq (p, verbose, nested + 1, FALSE, &no))
        return FALSE;
      has_no = TRUE;
      if (is_next (p, '|'))
        return fail (p, tell (p), "conditional backref with more than two branches");
    }
  if (FAILED (p))
    return FALSE;
  if (!match (p, ')'))
    return FAILED (p) ? FALSE : fail (p, start, "missing ), unterminated subpattern");
  g_string_append_c (p->out, ')');
  item->kind = ITEM_OTHER;
  item->width.lo = has_no ? MIN (yes.lo, no.lo) : 0;
  item->width.hi = has_no ? MAX (yes.hi, no.hi) : yes.hi;
  return TRUE;
}

/* A lookahead or look-behind: char is '=', '!' or '<' */
static gboolean
parse_assert (Parser  *p,
              Tok      c,
              gboolean verbose,
              int      nested,
              glong    start,
              Item    *item)
{
  gboolean behind = FALSE;
  glong saved = p->lookbehind_groups;
  Width w;

  if (tok_is (c, '<'))
    {
      GString *text;

      c = get (p);
      if (FAILED (p))
        return FALSE;
      if (c.len == 0)
        return fail (p, tell (p), "unexpected end of pattern");
      if (!tok_is (c, '=') && !tok_is (c, '!'))
        {
          text = g_string_new (NULL);
          append_tok (text, c);
          fail (p, tell (p) - c.len - 2, "unknown extension ?<%s", text->str);
          g_string_free (text, TRUE);
          return FALSE;
        }
      behind = TRUE;
      if (p->lookbehind_groups < 0)
        p->lookbehind_groups = bs_re_n_groups (p);
    }
  g_string_append_printf (p->out, "(?%s%c", behind ? "<" : "", (char) c.c[0]);
  if (!parse_sub (p, verbose, nested + 1, &w))
    return FALSE;
  if (behind && saved < 0)
    p->lookbehind_groups = -1;
  if (!match (p, ')'))
    return FAILED (p) ? FALSE : fail (p, start, "missing ), unterminated subpattern");
  g_string_append_c (p->out, ')');
  if (behind && w.lo != w.hi)
    p->lookbehind_not_fixed = TRUE;
  item->kind = ITEM_OTHER;
  item->width = (Width) { 0, 0 };
  return TRUE;
}

/* After '(': a group, an extension, or nothing (a comment, global flags: *none TRUE) */
static gboolean
parse_group (Parser  *p,
             gboolean *verbose,
             int      nested,
             gboolean first,
             gboolean has_items,
             Item    *item,
             gboolean *none)
{
  glong start = tell (p) - 1;
  gboolean capture = TRUE, atomic = FALSE;
  g_autofree char *name = NULL;
  glong name_len = 0;
  guint add = 0, del = 0, saved_cur = p->cur;
  guint gid = 0;
  gboolean sub_verbose;
  Width w;

  *none = FALSE;
  if (match (p, '?'))
    {
      Tok c = get (p);

      if (FAILED (p))
        return FALSE;
      if (c.len == 0)
        return fail (p, tell (p), "unexpected end of pattern");
      if (tok_is (c, 'P'))
        {
          if (match (p, '<'))
            {
              name = bs_re_getuntil (p, '>', "group name", &name_len);
              if (name == NULL || !check_group_name (p, name, name_len, 1))
                return FALSE;
            }
          else if (match (p, '='))
            return parse_named_ref (p, item);
          else
            {
              g_autoptr(GString) text = g_string_new (NULL);

              if (FAILED (p))
                return FALSE;
              c = get (p);
              if (FAILED (p))
                return FALSE;
              if (c.len == 0)
                return fail (p, tell (p), "unexpected end of pattern");
              append_tok (text, c);
              return fail (p, tell (p) - c.len - 2, "unknown extension ?P%s", text->str);
            }
        }
      else if (tok_is (c, ':'))
        capture = FALSE;
      else if (tok_is (c, '#'))
        {
          for (;;)
            {
              if (p->next.len == 0)
                return FAILED (p) ? FALSE
                       : fail (p, start, "missing ), unterminated comment");
              if (tok_is (get (p), ')'))
                break;
              if (FAILED (p))
                return FALSE;
            }
          *none = TRUE;
          return !FAILED (p);
        }
      else if (tok_is (c, '=') || tok_is (c, '!') || tok_is (c, '<'))
        return parse_assert (p, c, *verbose, nested, start, item);
      else if (tok_is (c, '('))
        return parse_conditional (p, *verbose, nested, start, item);
      else if (tok_is (c, '>'))
        {
          capture = FALSE;
          atomic = TRUE;
        }
      else if (is_flag (c) || tok_is (c, '-'))
        {
          gboolean global;

          if (!parse_flags (p, c, &add, &del, &global))
            return FALSE;
          if (global)
            {
              if (!first || has_items)
                return fail (p, start, "global flags not at the start of the expression");
              if (p->flags & (BS_RE_TEMPLATE | BS_RE_DEBUG))
                return unsupported (p, "Backstep's re does not support the TEMPLATE and DEBUG "
                                    "flags");
              *verbose = (p->flags & BS_RE_VERBOSE) != 0;
              p->cur = p->flags;
              *none = TRUE;
              return TRUE;
            }
          capture = FALSE;
        }
      else
        {
          g_autoptr(GString) text = g_string_new (NULL);

          append_tok (text, c);
          return fail (p, tell (p) - c.len - 1, "unknown extension ?%s", text->str);
        }
    }
  if (FAILED (p))
    return FALSE;
  if (capture)
    {
      gid = bs_re_open_group (p);
      if ((guint64) gid > MAXGROUPS)
        return fail (p, -1, "too many groups");
      if (name != NULL)
        {
          int other = bs_re_find_name (p, name);

          if (other >= 0)
            {
              g_autofree char *r = bs_re_repr (name);

              return fail (p, tell (p) - name_len - 1,
                           "redefinition of group name %s as group %u; was group %d", r, gid,
                           other);
            }
          p->names->pdata[gid] = g_strdup (name);
        }
      g_string_append_c (p->out, '(');
    }
  else if (atomic)
    g_string_append (p->out, "(?>");
  else
    {
      guint now = (p->cur | add) & ~del;

      if (pcre_caseless (now) != pcre_caseless (p->cur))
        g_string_append (p->out, pcre_caseless (now) ? "(?i:" : "(?-i:");
      else
        g_string_append (p->out, "(?:");
      p->cur = now;
    }
  sub_verbose = (*verbose || (add & BS_RE_VERBOSE)) && !(del & BS_RE_VERBOSE);
  if (!parse_sub (p, sub_verbose, nested + 1, &w))
    return FALSE;
  p->cur = saved_cur;
  if (!match (p, ')'))
    return FAILED (p) ? FALSE : fail (p, start, "missing ), unterminated subpattern");
  g_string_append_c (p->out, ')');
  if (capture)
    {
      g_array_index (p->widths, Width, gid) = w;
      g_array_index (p->closed, gboolean, gid) = TRUE;
      g_array_index (p->close_order, guint, gid) = ++p->n_closed;
    }
  item->kind = ITEM_OTHER;
  item->width = w;
  return TRUE;
}

/* --- sequences and alternatives ------------------------------------------------------------ */

#define SPECIAL_CHARS ".\\[{()*+?^$|"

static gboolean
parse_seq (Parser  *p,
           gboolean verbose,
           int      nested,
           gboolean first,
           Width   *w)
{
  Item last = { ITEM_NONE, 0, { 0, 0 }, 0 };
  Width sum = { 0, 0 };
  gboolean has_items = FALSE;

  for (;;)
    {
      Tok this;
      Item item = { ITEM_CHAR, p->out->len, { 1, 1 }, bs_re_n_groups (p) };

      if (p->next.len == 0 || is_next (p, '|') || is_next (p, ')'))
        break;
      this = get (p);
      if (FAILED (p))
        return FALSE;
      if (verbose && this.len == 1 && this.c[0] != 0 && strchr (" \t\n\r\v\f", (int) this.c[0]))
        continue;
      if (verbose && tok_is (this, '#'))
        {
          for (;;)
            {
              Tok c = get (p);

              if (FAILED (p))
                return FALSE;
              if (c.len == 0 || tok_is (c, '\n'))
                break;
            }
          continue;
        }
      if (this.len == 2)
        {
          Escape e;

          if (!parse_escape (p, this, FALSE, &e))
            return FALSE;
          switch (e.kind)
            {
            case ESC_LITERAL:
              emit_literal (p, e.value);
              break;
            case ESC_CATEGORY:
              emit_category (p, e.value);
              break;
            case ESC_AT:
              emit_at (p, e.value);
              item.kind = ITEM_AT;
              item.width = (Width) { 0, 0 };
              break;
            case ESC_GROUPREF:
              emit_groupref (p, e.group);
              item.kind = ITEM_OTHER;
              item.width = g_array_index (p->widths, Width, e.group);
              break;
            default:
              g_assert_not_reached ();
            }
        }
      else if (this.c[0] == 0 || this.c[0] >= 128 || !strchr (SPECIAL_CHARS, (int) this.c[0]))
        emit_literal (p, this.c[0]);
      else if (tok_is (this, '['))
        {
          if (!parse_set (p))
            return FALSE;
        }
      else if (strchr ("*+?{", (int) this.c[0]))
        {
          gboolean literal;

          if (!parse_repeat (p, this, &last, &literal))
            return FALSE;
          if (!literal)
            continue;
          emit_literal (p, '{');
        }
      else if (tok_is (this, '.'))
        g_string_append (p->out, (p->cur & BS_RE_DOTALL) ? "(?s:.)" : "[^\\n]");
      else if (tok_is (this, '('))
        {
          gboolean none;

          if (!parse_group (p, &verbose, nested, first, has_items, &item, &none))
            return FALSE;
          if (none)
            continue;
        }
      else
        {
          emit_at (p, this.c[0]);
          item.kind = ITEM_AT;
          item.width = (Width) { 0, 0 };
        }
      sum = width_add (sum, last.width);
      last = item;
      has_items = TRUE;
    }
  *w = width_add (sum, last.width);
  return TRUE;
}

static gboolean
parse_sub (Parser  *p,
           gboolean verbose,
           int      nested,
           Width   *w)
{
  gboolean any = FALSE;
  Width total = { 0, 0 };

  for (;;)
    {
      Width branch;

      if (!parse_seq (p, verbose, nested + 1, !nested && !any, &branch))
        return FALSE;
      total = any ? (Width) { MIN (total.lo, branch.lo), MAX (total.hi, branch.hi) } : branch;
      any = TRUE;
      if (!match (p, '|'))
        break;
      if (FAILED (p))
        return FALSE;
      g_string_append_c (p->out, '|');
      if (!nested)
        verbose = (p->flags & BS_RE_VERBOSE) != 0;
    }
  *w = total;
  return !FAILED (p);
}

/* --- the pattern --------------------------------------------------------------------------- */

static gboolean
check_flags (guint    *flags,
             GError  **error)
{
  if (*flags & BS_RE_LOCALE)
    {
      g_set_error_literal (error, BS_RE_ERROR, BS_RE_ERROR_VALUE,
                           "cannot use LOCALE flag with a str pattern");
      return FALSE;
    }
  if (!(*flags & BS_RE_ASCII))
    *flags |= BS_RE_UNICODE;
  else if (*flags & BS_RE_UNICODE)
    {
      g_set_error_literal (error, BS_RE_ERROR, BS_RE_ERROR_VALUE,
                           "ASCII and UNICODE flags are incompatible");
      return FALSE;
    }
  return TRUE;
}

BsRePattern *
bs_re_pattern_new (const char *pattern,
                   gsize       length,
                   guint       flags,
                   GPtrArray **warnings,
                   glong      *error_pos,
                   GError    **error)
{
  Parser p;
  Width w;
  GHashTableIter iter;
  gpointer key, value;
  BsRePattern *re;
  GError *local = NULL;

  *error_pos = -1;
  *warnings = NULL;
  if (flags & (BS_RE_TEMPLATE | BS_RE_DEBUG))
    {
      g_set_error_literal (error, BS_RE_ERROR, BS_RE_ERROR_UNSUPPORTED,
                           "Backstep's re does not support the TEMPLATE and DEBUG flags");
      return NULL;
    }
  bs_re_parser_init (&p, pattern, length);
  *warnings = g_ptr_array_ref (p.warnings);
  p.flags = p.cur = flags;
  if (!parse_sub (&p, (flags & BS_RE_VERBOSE) != 0, 0, &w) || FAILED (&p))
    goto failed;
  if (!check_flags (&p.flags, error))
    {
      bs_re_parser_clear (&p);
      return NULL;
    }
  if (p.next.len != 0)
    {
      fail (&p, tell (&p), "unbalanced parenthesis");
      goto failed;
    }
  g_hash_table_iter_init (&iter, p.grouprefpos);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if ((guint) GPOINTER_TO_INT (key) >= bs_re_n_groups (&p))
      {
        fail (&p, GPOINTER_TO_INT (value), "invalid group reference %d", GPOINTER_TO_INT (key));
        goto failed;
      }
  if (p.lookbehind_not_fixed)
    {
      fail (&p, -1, "look-behind requires fixed-width pattern");
      goto failed;
    }
  re = g_new0 (BsRePattern, 1);
  re->flags = p.flags;
  re->n_groups = bs_re_n_groups (&p) - 1;
  re->pcre = g_string_free (g_steal_pointer (&p.out), FALSE);
  re->names = g_steal_pointer (&p.names);
  re->close_order = g_steal_pointer (&p.close_order);
  re->regex = g_regex_new (re->pcre, pcre_caseless (p.flags) ? G_REGEX_CASELESS : 0, 0, &local);
  bs_re_parser_clear (&p);
  if (re->regex == NULL)
    {
      g_set_error (error, BS_RE_ERROR, BS_RE_ERROR_UNSUPPORTED,
                   "Backstep's re cannot run this pattern (PCRE, which it runs on, says: %s)",
                   local->message);
      g_error_free (local);
      bs_re_pattern_free (re);
      return NULL;
    }
  return re;

failed:
  bs_re_parser_error (&p, error_pos, error);
  bs_re_parser_clear (&p);
  return NULL;
}

void
bs_re_pattern_free (BsRePattern *p)
{
  if (p == NULL)
    return;
  g_clear_pointer (&p->regex, g_regex_unref);
  g_clear_pointer (&p->full, g_regex_unref);
  g_free (p->pcre);
  g_ptr_array_unref (p->names);
  g_array_unref (p->close_order);
  g_free (p);
}

guint
bs_re_pattern_flags (const BsRePattern *p)
{
  return p->flags;
}

guint
bs_re_pattern_n_groups (const BsRePattern *p)
{
  return p->n_groups;
}

const char *
bs_re_pattern_group_name (const BsRePattern *p,
                          guint              g)
{
  return g < p->names->len ? p->names->pdata[g] : NULL;
}

guint
bs_re_pattern_close_order (const BsRePattern *p,
                           guint              g)
{
  return g < p->close_order->len ? g_array_index (p->close_order, guint, g) : 0;
}

gboolean
bs_re_pattern_exec (BsRePattern *p,
                    const char  *subject,
                    gsize        length,
                    gsize        start,
                    BsReMode     mode,
                    gboolean     not_empty_at_start,
                    gssize      *spans,
                    gboolean    *matched,
                    GError     **error)
{
  GRegexMatchFlags options = 0;
  GMatchInfo *info = NULL;
  GError *local = NULL;
  GRegex *regex = p->regex;

  if (mode == BS_RE_FULLMATCH)
    {
      if (p->full == NULL)
        {
          g_autofree char *text = g_strdup_printf ("(?:%s)\\z", p->pcre);

          p->full = g_regex_new (text, g_regex_get_compile_flags (p->regex), 0, error);
          if (p->full == NULL)
            return FALSE;
        }
      regex = p->full;
    }
  if (mode != BS_RE_SEARCH)
    options |= G_REGEX_MATCH_ANCHORED;
  if (not_empty_at_start)
    options |= G_REGEX_MATCH_NOTEMPTY_ATSTART;
  *matched = g_regex_match_full (regex, subject, (gssize) length, (gint) start, options, &info,
                                 &local);
  if (local != NULL)
    {
      g_match_info_free (info);
      g_set_error (error, BS_RE_ERROR, BS_RE_ERROR_UNSUPPORTED,
                   "Backstep's re could not finish matching (PCRE, which it runs on, says: %s)",
                   local->message);
      g_error_free (local);
      return FALSE;
    }
  if (*matched)
    for (guint g = 0; g <= p->n_groups; g++)
      {
        gint s = -1, e = -1;

        if (!g_match_info_fetch_pos (info, (gint) g, &s, &e))
          s = e = -1;
        spans[2 * g] = s;
        spans[2 * g + 1] = e;
      }
  g_match_info_free (info);
  return TRUE;
}
