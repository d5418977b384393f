/* bs-py-str-methods.c: the methods of str, declared by CPython's signatures
 *
 * Strings are UTF-8 with their byte length (they may hold NULs); CPython counts
 * positions in code points, so positions given and returned are converted. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-str.h"

#include <string.h>

#include "bs-signature.h"

typedef struct {
  const char *s;
  gsize       len;       /* bytes */
  glong       n_chars;   /* code points */
} Text;

static Text
text_of (BsValue v)
{
  const BsStr *str = (const BsStr *) v.as.object;

  return (Text) { str->data, str->length, str->n_chars };
}

static Text
self_text (BsCall *call)
{
  return text_of (call->self);
}

static gsize
byte_at (Text t, glong chars)
{
  if ((glong) t.len == t.n_chars)
    return chars;
  return g_utf8_offset_to_pointer (t.s, chars) - t.s;
}

static glong
chars_at (Text t, gsize bytes)
{
  if ((glong) t.len == t.n_chars)
    return bytes;
  return g_utf8_pointer_to_offset (t.s, t.s + bytes);
}

static BsValue
str_of (BsInterp *in, const char *s, gsize len)
{
  return bs_str_new (in->heap, s, len);
}

static BsValue
str_of_gstring (BsInterp *in, GString *s)
{
  BsValue v = bs_str_new (in->heap, s->str, s->len);

  g_string_free (s, TRUE);
  return v;
}

/* CPython's str.isspace(): the separators of split() and strip() */
static gboolean
is_space (gunichar c)
{
  return g_unichar_isspace (c) || (c >= 0x1c && c <= 0x1f) || c == 0x85;
}

static gboolean
is_line_break (gunichar c)
{
  return c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1e)
         || c == 0x85 || c == 0x2028 || c == 0x2029;
}

static gboolean
is_cased (gunichar c)
{
  return g_unichar_isupper (c) || g_unichar_islower (c) || g_unichar_istitle (c);
}

/* An int argument, or fallback when it was not given (or None where None is allowed). */
static gboolean
int_arg (BsInterp *in,
         BsCall   *call,
         guint     i,
         gint64    fallback,
         gint64   *out)
{
  BsValue v = bs_call_value (call, i);

  *out = fallback;
  if (!call->given[i])
    return TRUE;
  return bs_to_int (in, v, out);
}

/* A str argument: the text, or FALSE with "what must be str, not T" raised. */
static gboolean
str_arg (BsInterp   *in,
         BsCall     *call,
         guint       i,
         const char *what,
         Text       *out)
{
  BsValue v = bs_call_value (call, i);

  *out = (Text) { "", 0, 0 };
  if (bs_value_str (v) == NULL)
    return bs_raise (in, "TypeError", "%s must be str, not %s", what, bs_type_name (v));
  *out = text_of (v);
  return TRUE;
}

/* s[start:end] in code points, as CPython's ADJUST_INDICES; start and end are parameters
 * i and i + 1 (None or absent: the whole string). FALSE: an exception. */
static gboolean
slice_arg (BsInterp *in,
           BsCall   *call,
           guint     i,
           Text      t,
           glong    *start,
           glong    *end)
{
  gint64 v[2] = { 0, t.n_chars };

  for (guint k = 0; k < 2; k++)
    {
      BsValue arg = bs_call_value (call, i + k);

      if (bs_value_is_none (arg))
        continue;
      if (!bs_is_int (arg) && bs_value_tensor (arg) == NULL)
        return bs_raise (in, "TypeError", "slice indices must be integers or None or have an "
                         "__index__ method");
      if (!bs_to_int (in, arg, &v[k]))
        return FALSE;
      if (v[k] < 0)
        v[k] = MAX (v[k] + t.n_chars, 0);
      else if (k == 1 && v[k] > t.n_chars)
        v[k] = t.n_chars;
    }
  *start = (glong) MIN (v[0], (gint64) G_MAXLONG);
  *end = (glong) v[1];
  return TRUE;
}

static const char *
find_bytes (const char *hay,
            gsize       hay_len,
            const char *needle,
            gsize       needle_len,
            gboolean    reverse)
{
  if (needle_len > hay_len)
    return NULL;
  if (!reverse)
    {
      for (const char *p = hay; p + needle_len <= hay + hay_len; p++)
        if (memcmp (p, needle, needle_len) == 0)
          return p;
    }
  else
    for (const char *p = hay + hay_len - needle_len; p >= hay; p--)
      if (memcmp (p, needle, needle_len) == 0)
        return p;
  return NULL;
}

/* Position of sub in t[start:end] in code points, or -1. */
static glong
search (Text     t,
        Text     sub,
        glong    start,
        glong    end,
        gboolean reverse)
{
  gsize b, e;
  const char *found;

  if (start > t.n_chars || end - start < sub.n_chars)
    return -1;
  if (sub.len == 0)
    return reverse ? end : start;
  b = byte_at (t, start);
  e = byte_at (t, end);
  found = find_bytes (t.s + b, e - b, sub.s, sub.len, reverse);
  return found != NULL ? chars_at (t, found - t.s) : -1;
}

static gboolean
find_args (BsInterp *in,
           BsCall   *call,
           Text     *sub,
           glong    *start,
           glong    *end)
{
  Text t = self_text (call);

  *sub = (Text) { "", 0, 0 };
  if (bs_value_str (bs_call_value (call, 1)) == NULL)
    return bs_raise (in, "TypeError", "must be str, not %s",
                     bs_type_name (bs_call_value (call, 1)));
  *sub = text_of (bs_call_value (call, 1));
  return slice_arg (in, call, 2, t, start, end);
}

/* find, rfind, index, rindex: the row's data is 1 for the reverse search, +2 for index */
static gboolean
str_find (BsInterp *in, BsCall *call, BsValue *r)
{
  Text sub;
  glong start, end, at;
  gboolean reverse = bs_call_data (call) & 1;

  if (!find_args (in, call, &sub, &start, &end))
    return FALSE;
  at = search (self_text (call), sub, start, end, reverse);
  if (at < 0 && (bs_call_data (call) & 2))
    return bs_raise (in, "ValueError", "substring not found");
  *r = BS_INT (at);
  return TRUE;
}

static gboolean
str_count (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), sub;
  glong start, end;
  gint64 count = 0;

  if (!find_args (in, call, &sub, &start, &end))
    return FALSE;
  if (start > t.n_chars || end < start)
    count = 0;
  else if (sub.len == 0)
    count = end - start + 1;
  else
    {
      gsize b = byte_at (t, start), e = byte_at (t, end);
      const char *p = t.s + b;

      for (const char *f; (f = find_bytes (p, t.s + e - p, sub.s, sub.len, FALSE)) != NULL;
           p = f + sub.len)
        count++;
    }
  *r = BS_INT (count);
  return TRUE;
}

/* startswith (data 0) and endswith (data 1) */
static gboolean
str_affix (BsInterp *in, BsCall *call, BsValue *r)
{
  gboolean ends = bs_call_data (call);
  const char *name = ends ? "endswith" : "startswith";
  Text t = self_text (call);
  BsValue arg = bs_call_value (call, 1);
  BsValue *choices = &arg;
  gsize n = 1;
  glong start, end;

  if (bs_value_is_object (arg, BS_OBJECT_TUPLE))
    {
      choices = bs_value_items (arg, &n);
      for (gsize i = 0; i < n; i++)
        if (bs_value_str (choices[i]) == NULL)
          return bs_raise (in, "TypeError", "tuple for %s must only contain str, not %s", name,
                           bs_type_name (choices[i]));
    }
  else if (bs_value_str (arg) == NULL)
    return bs_raise (in, "TypeError", "%s first arg must be str or a tuple of str, not %s",
                     name, bs_type_name (arg));
  if (!slice_arg (in, call, 2, t, &start, &end))
    return FALSE;
  *r = BS_BOOL (FALSE);
  for (gsize i = 0; i < n; i++)
    {
      Text x = text_of (choices[i]);
      gsize b, e;

      if (start > t.n_chars || end - start < x.n_chars)
        continue;
      b = byte_at (t, start);
      e = byte_at (t, end);
      if (memcmp (ends ? t.s + e - x.len : t.s + b, x.s, x.len) == 0)
        {
          *r = BS_BOOL (TRUE);
          break;
        }
    }
  return TRUE;
}

/* --- case ---------------------------------------------------------------- */

typedef enum {
  CASE_UPPER, CASE_LOWER, CASE_SWAP, CASE_FOLD, CASE_TITLE, CASE_CAPITALIZE,
} CaseMapping;

static void
append_mapped (GString *out, gunichar c, gboolean upper)
{
  char buf[6];
  g_autofree char *mapped = NULL;
  int n = g_unichar_to_utf8 (c, buf);

  mapped = upper ? g_utf8_strup (buf, n) : g_utf8_strdown (buf, n);
  g_string_append (out, mapped);
}

static void
append_title (GString *out, gunichar c)
{
  char buf[6];

  g_string_append_len (out, buf, g_unichar_to_utf8 (g_unichar_totitle (c), buf));
}

static gboolean
str_case (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call);
  CaseMapping how = bs_call_data (call);
  GString *out = g_string_sized_new (t.len);
  gboolean previous_cased = FALSE;

  for (const char *p = t.s; p < t.s + t.len; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0)
        {
          g_string_append_c (out, '\0');
          previous_cased = FALSE;
          continue;
        }
      switch (how)
        {
        case CASE_UPPER:
          append_mapped (out, c, TRUE);
          break;
        case CASE_LOWER:
          append_mapped (out, c, FALSE);
          break;
        case CASE_SWAP:
          append_mapped (out, c, !g_unichar_isupper (c));
          break;
        case CASE_FOLD:
          {
            char buf[6];
            g_autofree char *folded = g_utf8_casefold (buf, g_unichar_to_utf8 (c, buf));

            g_string_append (out, folded);
          }
          break;
        case CASE_TITLE:
          if (previous_cased)
            append_mapped (out, c, FALSE);
          else
            append_title (out, c);
          previous_cased = is_cased (c);
          break;
        case CASE_CAPITALIZE:
          if (p == t.s)
            append_title (out, c);
          else
            append_mapped (out, c, FALSE);
          break;
        }
    }
  *r = str_of_gstring (in, out);
  return TRUE;
}

typedef enum {
  IS_ALNUM, IS_ALPHA, IS_ASCII, IS_DECIMAL, IS_DIGIT, IS_IDENTIFIER, IS_LOWER, IS_NUMERIC,
  IS_PRINTABLE, IS_SPACE, IS_TITLE, IS_UPPER,
} Predicate;

static gboolean
is_numeric_char (gunichar c, Predicate which)
{
  GUnicodeType type = g_unichar_type (c);

  if (which == IS_DECIMAL)
    return type == G_UNICODE_DECIMAL_NUMBER;
  if (which == IS_DIGIT)
    return type == G_UNICODE_DECIMAL_NUMBER || g_unichar_digit_value (c) >= 0
           || (type == G_UNICODE_OTHER_NUMBER && g_unichar_xdigit_value (c) >= 0);
  return type == G_UNICODE_DECIMAL_NUMBER || type == G_UNICODE_LETTER_NUMBER
         || type == G_UNICODE_OTHER_NUMBER;
}

static gboolean
char_is (gunichar c, Predicate which, gboolean first)
{
  switch (which)
    {
    case IS_ALNUM:
      return g_unichar_isalpha (c) || is_numeric_char (c, IS_NUMERIC);
    case IS_ALPHA:
      return g_unichar_isalpha (c);
    case IS_ASCII:
      return c < 0x80;
    case IS_DECIMAL:
    case IS_DIGIT:
    case IS_NUMERIC:
      return is_numeric_char (c, which);
    case IS_IDENTIFIER:
      return c == '_' || g_unichar_isalpha (c)
             || (!first && (g_unichar_type (c) == G_UNICODE_DECIMAL_NUMBER
                            || g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK
                            || g_unichar_type (c) == G_UNICODE_SPACING_MARK
                            || g_unichar_type (c) == G_UNICODE_CONNECT_PUNCTUATION));
    case IS_PRINTABLE:
      if (c == ' ')
        return TRUE;
      switch (g_unichar_type (c))
        {
        case G_UNICODE_CONTROL: case G_UNICODE_FORMAT: case G_UNICODE_SURROGATE:
        case G_UNICODE_PRIVATE_USE: case G_UNICODE_UNASSIGNED:
        case G_UNICODE_LINE_SEPARATOR: case G_UNICODE_PARAGRAPH_SEPARATOR:
        case G_UNICODE_SPACE_SEPARATOR:
          return FALSE;
        default:
          return TRUE;
        }
    case IS_SPACE:
      return is_space (c);
    default:
      return FALSE;
    }
}

/* isupper, islower, istitle: CPython's rules over cased characters */
static gboolean
cased_predicate (Text t, Predicate which)
{
  gboolean any_cased = FALSE, previous_cased = FALSE;

  for (const char *p = t.s; p < t.s + t.len; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean upper = g_unichar_isupper (c) || g_unichar_istitle (c);

      if (which == IS_TITLE)
        {
          if (upper)
            {
              if (previous_cased)
                return FALSE;
              previous_cased = any_cased = TRUE;
            }
          else if (g_unichar_islower (c))
            {
              if (!previous_cased)
                return FALSE;
              previous_cased = any_cased = TRUE;
            }
          else
            previous_cased = FALSE;
          continue;
        }
      if (which == IS_LOWER ? upper : g_unichar_islower (c) || g_unichar_istitle (c))
        return FALSE;
      any_cased |= is_cased (c);
    }
  return any_cased;
}

static gboolean
str_predicate (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call);
  Predicate which = bs_call_data (call);
  gboolean ok = t.len > 0 || which == IS_ASCII || which == IS_PRINTABLE;

  (void) in;
  if (which == IS_LOWER || which == IS_UPPER || which == IS_TITLE)
    ok = cased_predicate (t, which);
  else
    for (const char *p = t.s; ok && p < t.s + t.len; p = g_utf8_next_char (p))
      ok = char_is (g_utf8_get_char (p), which, p == t.s);
  *r = BS_BOOL (ok);
  return TRUE;
}

/* --- strip, split, join ---------------------------------------------------- */

/* whitespace when chars is unset, else one of chars' code points */
static gboolean
strip_char (Text chars, gunichar c)
{
  if (chars.s == NULL)
    return is_space (c);
  for (const char *p = chars.s; p < chars.s + chars.len; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) == c)
      return TRUE;
  return FALSE;
}

/* strip (data 3: both ends), lstrip (1), rstrip (2) */
static gboolean
str_strip (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), chars = { NULL, 0, 0 };
  BsValue arg = bs_call_value (call, 1);
  guint sides = bs_call_data (call);
  const char *b = t.s, *e = t.s + t.len;

  if (!bs_value_is_none (arg))
    {
      if (bs_value_str (arg) == NULL)
        return bs_raise (in, "TypeError", "%s arg must be None or str",
                         sides == 3 ? "strip" : sides == 1 ? "lstrip" : "rstrip");
      chars = text_of (arg);
    }
  if (sides & 1)
    while (b < e && strip_char (chars, g_utf8_get_char (b)))
      b = g_utf8_next_char (b);
  if (sides & 2)
    while (e > b)
      {
        const char *prev = g_utf8_prev_char (e);

        if (!strip_char (chars, g_utf8_get_char (prev)))
          break;
        e = prev;
      }
  *r = str_of (in, b, e - b);
  return TRUE;
}

static gboolean
sep_arg (BsInterp *in,
         BsCall   *call,
         Text     *sep,
         gboolean *whitespace)
{
  BsValue arg = bs_call_value (call, 1);

  *whitespace = bs_value_is_none (arg);
  if (*whitespace)
    return TRUE;
  if (bs_value_str (arg) == NULL)
    return bs_raise (in, "TypeError", "must be str or None, not %s", bs_type_name (arg));
  *sep = text_of (arg);
  if (sep->len == 0)
    return bs_raise (in, "ValueError", "empty separator");
  return TRUE;
}

/* rsplit collects its pieces from the end: put them back in order once, at the end */
static void
reverse_items (BsValue list)
{
  gsize n;
  BsValue *items = bs_value_items (list, &n);

  for (gsize i = 0; i < n / 2; i++)
    {
      BsValue t = items[i];

      items[i] = items[n - 1 - i];
      items[n - 1 - i] = t;
    }
}

static void
split_whitespace (BsInterp *in, Text t, gint64 maxsplit, gboolean reverse, BsValue list)
{
  const char *b = t.s, *e = t.s + t.len;

  for (;;)
    {
      const char *word_b, *word_e;

      if (!reverse)
        {
          while (b < e && is_space (g_utf8_get_char (b)))
            b = g_utf8_next_char (b);
          if (b == e)
            return;
          if (maxsplit-- == 0)
            {
              bs_list_append (list, str_of (in, b, e - b));
              return;
            }
          for (word_e = b; word_e < e && !is_space (g_utf8_get_char (word_e));)
            word_e = g_utf8_next_char (word_e);
          bs_list_append (list, str_of (in, b, word_e - b));
          b = word_e;
        }
      else
        {
          while (e > b && is_space (g_utf8_get_char (g_utf8_prev_char (e))))
            e = g_utf8_prev_char (e);
          if (b == e)
            return;
          if (maxsplit-- == 0)
            {
              bs_list_append (list, str_of (in, b, e - b));
              return;
            }
          for (word_b = e; word_b > b && !is_space (g_utf8_get_char (g_utf8_prev_char (word_b)));)
            word_b = g_utf8_prev_char (word_b);
          bs_list_append (list, str_of (in, word_b, e - word_b));
          e = word_b;
        }
    }
}

/* split (data 0) and rsplit (data 1) */
static gboolean
str_split (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), sep = { NULL, 0, 0 };
  gboolean reverse = bs_call_data (call), whitespace;
  gint64 maxsplit;
  BsValue list;

  if (!sep_arg (in, call, &sep, &whitespace) || !int_arg (in, call, 2, -1, &maxsplit))
    return FALSE;
  list = bs_list_new (in->heap);
  if (whitespace)
    split_whitespace (in, t, maxsplit, reverse, list);
  else
    {
      const char *b = t.s, *e = t.s + t.len, *f;

      while (maxsplit-- != 0
             && (f = find_bytes (b, e - b, sep.s, sep.len, reverse)) != NULL)
        {
          if (!reverse)
            {
              bs_list_append (list, str_of (in, b, f - b));
              b = f + sep.len;
            }
          else
            {
              bs_list_append (list, str_of (in, f + sep.len, e - f - sep.len));
              e = f;
            }
        }
      bs_list_append (list, str_of (in, b, e - b));
    }
  if (reverse)
    reverse_items (list);
  *r = list;
  return TRUE;
}

static gboolean
str_splitlines (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call);
  const char *b = t.s, *e = t.s + t.len;
  gint64 keepends;
  BsValue list;

  if (!int_arg (in, call, 1, 0, &keepends))
    return FALSE;
  list = bs_list_new (in->heap);
  while (b < e)
    {
      const char *line_end = b, *next;

      while (line_end < e && !is_line_break (g_utf8_get_char (line_end)))
        line_end = g_utf8_next_char (line_end);
      next = line_end < e ? g_utf8_next_char (line_end) : e;
      if (line_end < e && *line_end == '\r' && next < e && *next == '\n')
        next++;
      bs_list_append (list, str_of (in, b, (keepends ? next : line_end) - b));
      b = next;
    }
  *r = list;
  return TRUE;
}

/* The items of an iterable; "can only join an iterable" when it is not one. */
static gboolean
iterable_arg (BsInterp *in, BsValue v, BsValue *list)
{
  BsPyIter it;
  BsValue item;
  int status;

  if (!bs_py_iter_init (in, v, &it))
    {
      if (!bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "TypeError")))
        return FALSE;
      bs_value_unref (in->exc);
      in->exc = BS_NONE;
      return bs_raise (in, "TypeError", "can only join an iterable");
    }
  *list = bs_list_new (in->heap);
  while ((status = bs_py_iter_next (in, &it, &item)) == 1)
    bs_list_append (*list, item);
  bs_py_iter_clear (&it);
  if (status < 0)
    {
      bs_value_unref (*list);
      return FALSE;
    }
  return TRUE;
}

static gboolean
str_join (BsInterp *in, BsCall *call, BsValue *r)
{
  Text sep = self_text (call);
  BsValue list;
  BsValue *items;
  gsize n;
  guint64 total;
  GString *out;

  if (!iterable_arg (in, bs_call_value (call, 1), &list))
    return FALSE;
  items = bs_value_items (list, &n);
  total = n > 0 ? (n - 1) * (guint64) sep.len : 0;
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_str (items[i]) == NULL)
        {
          bs_raise (in, "TypeError", "sequence item %zu: expected str instance, %s found", i,
                    bs_type_name (items[i]));
          bs_value_unref (list);
          return FALSE;
        }
      total += text_of (items[i]).len;
    }
  if (!bs_py_check_memory (in, total, "a str"))
    {
      bs_value_unref (list);
      return FALSE;
    }
  out = g_string_sized_new (total);
  for (gsize i = 0; i < n; i++)
    {
      Text item = text_of (items[i]);

      if (i > 0)
        g_string_append_len (out, sep.s, sep.len);
      g_string_append_len (out, item.s, item.len);
    }
  bs_value_unref (list);
  *r = str_of_gstring (in, out);
  return TRUE;
}

/* --- replace, partition, affixes -------------------------------------------- */

static gboolean
str_replace (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), old, new;
  gint64 count, found = 0;
  const char *p, *e = t.s + t.len, *f;
  GString *out;

  if (!str_arg (in, call, 1, "replace() argument 1", &old)
      || !str_arg (in, call, 2, "replace() argument 2", &new)
      || !int_arg (in, call, 3, -1, &count))
    return FALSE;
  if (count < 0)
    count = G_MAXINT64;
  if (old.len == 0)
    found = MIN (count, (gint64) t.n_chars + 1);
  else
    for (p = t.s; found < count && (f = find_bytes (p, e - p, old.s, old.len, FALSE)) != NULL;
         p = f + old.len)
      found++;
  if (new.len > old.len
      && !bs_py_check_memory (in, t.len + (guint64) found * (new.len - old.len), "a str"))
    return FALSE;
  out = g_string_sized_new (t.len);
  p = t.s;
  for (gint64 i = 0; i < found; i++)
    {
      if (old.len == 0)
        {
          g_string_append_len (out, new.s, new.len);
          if (p < e)
            {
              const char *next = g_utf8_next_char (p);

              g_string_append_len (out, p, next - p);
              p = next;
            }
          continue;
        }
      f = find_bytes (p, e - p, old.s, old.len, FALSE);
      g_string_append_len (out, p, f - p);
      g_string_append_len (out, new.s, new.len);
      p = f + old.len;
    }
  g_string_append_len (out, p, e - p);
  *r = str_of_gstring (in, out);
  return TRUE;
}

/* partition (data 0) and rpartition (data 1) */
static gboolean
str_partition (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), sep;
  gboolean reverse = bs_call_data (call);
  const char *f;
  BsValue *parts;

  if (!str_arg (in, call, 1, "", &sep))
    return FALSE;
  if (sep.len == 0)
    return bs_raise (in, "ValueError", "empty separator");
  f = find_bytes (t.s, t.len, sep.s, sep.len, reverse);
  gsize n;

  *r = bs_tuple_new (in->heap, 3);
  parts = bs_value_items (*r, &n);
  if (f == NULL)
    {
      parts[reverse ? 2 : 0] = bs_value_ref (call->self);
      parts[1] = str_of (in, "", 0);
      parts[reverse ? 0 : 2] = str_of (in, "", 0);
      return TRUE;
    }
  parts[0] = str_of (in, t.s, f - t.s);
  parts[1] = str_of (in, sep.s, sep.len);
  parts[2] = str_of (in, f + sep.len, t.s + t.len - f - sep.len);
  return TRUE;
}

/* removeprefix (data 0) and removesuffix (data 1) */
static gboolean
str_remove_affix (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call), x;
  gboolean suffix = bs_call_data (call);

  if (!str_arg (in, call, 1, suffix ? "removesuffix() argument" : "removeprefix() argument",
                &x))
    return FALSE;
  if (x.len > 0 && x.len <= t.len
      && memcmp (suffix ? t.s + t.len - x.len : t.s, x.s, x.len) == 0)
    *r = str_of (in, suffix ? t.s : t.s + x.len, t.len - x.len);
  else
    *r = bs_value_ref (call->self);
  return TRUE;
}

/* --- padding ------------------------------------------------------------------ */

typedef enum { PAD_LEFT_JUSTIFY, PAD_RIGHT_JUSTIFY, PAD_CENTER } Padding;

static gboolean
str_pad (BsInterp *in, BsCall *call, BsValue *r)
{
  static const char *const names[] = { "ljust", "rjust", "center" };
  Text t = self_text (call), fill = { " ", 1, 1 };
  Padding how = bs_call_data (call);
  BsValue fill_arg = bs_call_value (call, 2);
  gint64 width, margin, left;
  GString *out;

  if (!int_arg (in, call, 1, 0, &width))
    return FALSE;
  if (call->given[2])
    {
      if (bs_value_str (fill_arg) == NULL)
        return bs_raise (in, "TypeError", "%s() argument 2 must be str, not %s", names[how],
                         bs_type_name (fill_arg));
      fill = text_of (fill_arg);
      if (fill.n_chars != 1)
        return bs_raise (in, "TypeError",
                         "The fill character must be exactly one character long");
    }
  if (width <= t.n_chars)
    {
      *r = bs_value_ref (call->self);
      return TRUE;
    }
  if (!bs_py_check_memory (in, (guint64) width * fill.len, "a str"))
    return FALSE;
  margin = width - t.n_chars;
  left = how == PAD_LEFT_JUSTIFY ? 0 : how == PAD_RIGHT_JUSTIFY ? margin
         : margin / 2 + (margin & width & 1);
  out = g_string_sized_new (t.len + margin * fill.len);
  for (gint64 i = 0; i < left; i++)
    g_string_append_len (out, fill.s, fill.len);
  g_string_append_len (out, t.s, t.len);
  for (gint64 i = left; i < margin; i++)
    g_string_append_len (out, fill.s, fill.len);
  *r = str_of_gstring (in, out);
  return TRUE;
}

static gboolean
str_zfill (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call);
  gint64 width;
  gboolean sign;
  GString *out;

  if (!int_arg (in, call, 1, 0, &width))
    return FALSE;
  if (width <= t.n_chars)
    {
      *r = bs_value_ref (call->self);
      return TRUE;
    }
  if (!bs_py_check_memory (in, (guint64) width, "a str"))
    return FALSE;
  sign = t.len > 0 && (t.s[0] == '+' || t.s[0] == '-');
  out = g_string_sized_new (width);
  if (sign)
    g_string_append_c (out, t.s[0]);
  for (gint64 i = t.n_chars; i < width; i++)
    g_string_append_c (out, '0');
  g_string_append_len (out, t.s + sign, t.len - sign);
  *r = str_of_gstring (in, out);
  return TRUE;
}

static gboolean
str_expandtabs (BsInterp *in, BsCall *call, BsValue *r)
{
  Text t = self_text (call);
  gint64 tabsize, column = 0;
  GString *out;

  if (!int_arg (in, call, 1, 8, &tabsize))
    return FALSE;
  out = g_string_sized_new (t.len);
  for (const char *p = t.s; p < t.s + t.len; p = g_utf8_next_char (p))
    {
      if (*p == '\t')
        {
          if (tabsize > 0)
            {
              gint64 spaces = tabsize - column % tabsize;

              if (!bs_py_check_memory (in, out->len + spaces, "a str"))
                {
                  g_string_free (out, TRUE);
                  return FALSE;
                }
              for (gint64 i = 0; i < spaces; i++)
                g_string_append_c (out, ' ');
              column += spaces;
            }
          continue;
        }
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
      column = *p == '\n' || *p == '\r' ? 0 : column + 1;
    }
  *r = str_of_gstring (in, out);
  return TRUE;
}

/* --- format ---------------------------------------------------------------- */

/* The value of a replacement field: positional (auto-numbered or by index) from items,
 * named from mapping (a dict). */
static gboolean
format_field (BsInterp   *in,
              const char *field,
              BsValue    *items,
              gsize       n_items,
              BsValue     mapping,
              guint      *auto_index,
              BsValue    *out)
{
  if (field[0] == '\0' || g_ascii_isdigit (field[0]))
    {
      guint64 idx = field[0] == '\0' ? (*auto_index)++ : g_ascii_strtoull (field, NULL, 10);

      if (items == NULL)
        return bs_raise (in, "ValueError", "Format string contains positional fields");
      if (idx >= n_items)
        return bs_raise (in, "IndexError",
                         "Replacement index %u out of range for positional args tuple",
                         (guint) MIN (idx, G_MAXUINT));
      *out = items[idx];
      return TRUE;
    }
  if (!bs_value_is_none (mapping) && bs_dict_get_str (mapping, field, out))
    return TRUE;
  {
    BsValue key = bs_str_value (in, field);

    bs_raise_key_error (in, key);
    bs_value_unref (key);
    return FALSE;
  }
}

static gboolean
format_one (BsInterp   *in,
            char       *field,
            BsValue    *items,
            gsize       n_items,
            BsValue     mapping,
            guint      *auto_index,
            GString    *out)
{
  char *colon = strchr (field, ':'), *bang;
  const char *spec = "";
  char conversion = 0;
  BsValue v;

  if (colon != NULL)
    {
      *colon = '\0';
      spec = colon + 1;
    }
  bang = strchr (field, '!');
  if (bang != NULL)
    {
      conversion = bang[1];
      *bang = '\0';
    }
  if (!format_field (in, field, items, n_items, mapping, auto_index, &v))
    return FALSE;
  if (conversion == 'r' || conversion == 's')
    {
      GString *text = g_string_new (NULL);
      gboolean ok = conversion == 'r' ? bs_repr (in, v, text) : bs_str (in, v, text);

      if (ok)
        {
          BsValue converted = str_of_gstring (in, text);

          ok = bs_format_value (in, converted, spec, out);
          bs_value_unref (converted);
        }
      else
        g_string_free (text, TRUE);
      return ok;
    }
  return bs_format_value (in, v, spec, out);
}

static gboolean
format_with (BsInterp *in,
             Text      t,
             BsValue  *items,
             gsize     n_items,
             BsValue   mapping,
             BsValue  *r)
{
  GString *out = g_string_sized_new (t.len);
  const char *p = t.s, *e = t.s + t.len;
  guint auto_index = 0;

  while (p < e)
    {
      if ((p[0] == '{' || p[0] == '}') && p + 1 < e && p[1] == p[0])
        {
          g_string_append_c (out, p[0]);
          p += 2;
          continue;
        }
      if (p[0] == '}')
        {
          g_string_free (out, TRUE);
          return bs_raise (in, "ValueError", "Single '}' encountered in format string");
        }
      if (p[0] == '{')
        {
          const char *end = memchr (p, '}', e - p);
          g_autofree char *field = NULL;

          if (end == NULL)
            {
              g_string_free (out, TRUE);
              return bs_raise (in, "ValueError", "Single '{' encountered in format string");
            }
          field = g_strndup (p + 1, end - p - 1);
          if (!format_one (in, field, items, n_items, mapping, &auto_index, out))
            {
              g_string_free (out, TRUE);
              return FALSE;
            }
          p = end + 1;
          continue;
        }
      g_string_append_c (out, *p++);
    }
  *r = str_of_gstring (in, out);
  return TRUE;
}

static gboolean
str_format (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (bs_call_value (call, 1), &n);

  return format_with (in, self_text (call), items, n, bs_call_value (call, 2), r);
}

static gboolean
str_format_map (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue mapping = bs_call_value (call, 1);

  if (!bs_value_is_object (mapping, BS_OBJECT_DICT))
    return bs_raise (in, "TypeError", "'%s' object is not subscriptable",
                     bs_type_name (mapping));
  return format_with (in, self_text (call), NULL, 0, mapping, r);
}

/* --- the table ------------------------------------------------------------- */

#define NOARGS(name, func, data) { "str", BS_SIG_BUILTIN, "str." #name "(self, /)", func, data }
#define SEARCH(name, func, data) \
  { "str", BS_SIG_BUILTIN, "str." #name "(self, sub, start=None, end=None, /)|parse_tuple", \
    func, data }

static const BsSignatureRow rows[] = {
  NOARGS (upper, str_case, CASE_UPPER),
  NOARGS (lower, str_case, CASE_LOWER),
  NOARGS (swapcase, str_case, CASE_SWAP),
  NOARGS (casefold, str_case, CASE_FOLD),
  NOARGS (title, str_case, CASE_TITLE),
  NOARGS (capitalize, str_case, CASE_CAPITALIZE),
  NOARGS (isalnum, str_predicate, IS_ALNUM),
  NOARGS (isalpha, str_predicate, IS_ALPHA),
  NOARGS (isascii, str_predicate, IS_ASCII),
  NOARGS (isdecimal, str_predicate, IS_DECIMAL),
  NOARGS (isdigit, str_predicate, IS_DIGIT),
  NOARGS (isidentifier, str_predicate, IS_IDENTIFIER),
  NOARGS (islower, str_predicate, IS_LOWER),
  NOARGS (isnumeric, str_predicate, IS_NUMERIC),
  NOARGS (isprintable, str_predicate, IS_PRINTABLE),
  NOARGS (isspace, str_predicate, IS_SPACE),
  NOARGS (istitle, str_predicate, IS_TITLE),
  NOARGS (isupper, str_predicate, IS_UPPER),
  SEARCH (find, str_find, 0),
  SEARCH (rfind, str_find, 1),
  SEARCH (index, str_find, 2),
  SEARCH (rindex, str_find, 3),
  SEARCH (count, str_count, 0),
  { "str", BS_SIG_BUILTIN, "str.startswith(self, prefix, start=None, end=None, /)|parse_tuple",
    str_affix, 0 },
  { "str", BS_SIG_BUILTIN, "str.endswith(self, suffix, start=None, end=None, /)|parse_tuple",
    str_affix, 1 },
  { "str", BS_SIG_BUILTIN, "str.strip(self, chars=None, /)", str_strip, 3 },
  { "str", BS_SIG_BUILTIN, "str.lstrip(self, chars=None, /)", str_strip, 1 },
  { "str", BS_SIG_BUILTIN, "str.rstrip(self, chars=None, /)", str_strip, 2 },
  { "str", BS_SIG_BUILTIN, "str.split(self, /, sep=None, maxsplit=-1)", str_split, 0 },
  { "str", BS_SIG_BUILTIN, "str.rsplit(self, /, sep=None, maxsplit=-1)", str_split, 1 },
  { "str", BS_SIG_BUILTIN, "str.splitlines(self, /, keepends=False)", str_splitlines, 0 },
  { "str", BS_SIG_BUILTIN, "str.join(self, iterable, /)", str_join, 0 },
  { "str", BS_SIG_BUILTIN, "str.replace(self, old, new, count=-1, /)", str_replace, 0 },
  { "str", BS_SIG_BUILTIN, "str.partition(self, sep, /)", str_partition, 0 },
  { "str", BS_SIG_BUILTIN, "str.rpartition(self, sep, /)", str_partition, 1 },
  { "str", BS_SIG_BUILTIN, "str.removeprefix(self, prefix, /)", str_remove_affix, 0 },
  { "str", BS_SIG_BUILTIN, "str.removesuffix(self, suffix, /)", str_remove_affix, 1 },
  { "str", BS_SIG_BUILTIN, "str.ljust(self, width, fillchar=' ', /)", str_pad,
    PAD_LEFT_JUSTIFY },
  { "str", BS_SIG_BUILTIN, "str.rjust(self, width, fillchar=' ', /)", str_pad,
    PAD_RIGHT_JUSTIFY },
  { "str", BS_SIG_BUILTIN, "str.center(self, width, fillchar=' ', /)", str_pad, PAD_CENTER },
  { "str", BS_SIG_BUILTIN, "str.zfill(self, width, /)", str_zfill, 0 },
  { "str", BS_SIG_BUILTIN, "str.expandtabs(self, /, tabsize=8)", str_expandtabs, 0 },
  { "str", BS_SIG_BUILTIN, "str.format(self, /, *args, **kwargs)", str_format, 0 },
  { "str", BS_SIG_BUILTIN, "str.format_map(self, mapping, /)", str_format_map, 0 },
};

const BsSignatureTable bs_py_str_table = BS_SIGNATURE_TABLE (rows);
