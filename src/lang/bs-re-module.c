/* bs-re-module.c: _backstep_re, what py/re.py needs of C: compiling a pattern
 * (bs-re-pattern.c), running it, and the loops of findall, sub and split, with positions
 * in code points as Python counts them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-re-module.h"

#include <string.h>

#include "bs-builtins-private.h"
#include "bs-re-pattern.h"

static void
code_free (gpointer data)
{
  bs_re_pattern_free (data);
}

static const BsNativeType code_type = {
  { "re.Pattern", code_free }, NULL, NULL, NULL, NULL, NULL,
};

static gboolean
raise_error (BsInterp *in,
             GError   *error)
{
  const char *type = error->code == BS_RE_ERROR_OVERFLOW ? "OverflowError"
                     : error->code == BS_RE_ERROR_VALUE ? "ValueError"
                     : error->code == BS_RE_ERROR_INDEX ? "IndexError"
                     : "NotImplementedError";

  bs_raise (in, type, "%s", error->message);
  g_error_free (error);
  return FALSE;
}

static BsValue
warnings_list (BsInterp  *in,
               GPtrArray *texts)
{
  BsValue list = bs_list_new (in->heap);

  for (guint i = 0; texts != NULL && i < texts->len; i++)
    bs_list_append (list, bs_str_value (in, texts->pdata[i]));
  return list;
}

/* re.error's arguments and the parser's warnings before it, (message, position or None,
 * warnings), for re.py to give; other errors are raised here */
static gboolean
syntax_error (BsInterp  *in,
              GError    *error,
              glong      pos,
              GPtrArray *warnings,
              BsValue   *r)
{
  BsValue items[3];

  if (error->code != BS_RE_ERROR_SYNTAX)
    return raise_error (in, error);
  items[0] = bs_str_value (in, error->message);
  items[1] = pos >= 0 ? BS_INT (pos) : BS_NONE;
  items[2] = warnings_list (in, warnings);
  *r = bs_tuple_from (in, items, 3);
  bs_value_unref (items[0]);
  bs_value_unref (items[2]);
  g_error_free (error);
  return TRUE;
}

static BsRePattern *
code_of (BsInterp *in,
         BsValue   v)
{
  BsRePattern *p = bs_value_native (v, &code_type.base);

  if (p == NULL)
    bs_raise (in, "TypeError", "_backstep_re needs a compiled pattern");
  return p;
}

static const BsStr *
str_of (BsInterp *in,
        BsValue   v)
{
  if (!bs_value_is_object (v, BS_OBJECT_STR))
    {
      bs_raise (in, "TypeError", "expected string or bytes-like object, got '%s'",
                bs_type_name (v));
      return NULL;
    }
  return (const BsStr *) v.as.object;
}

/* compile(pattern, flags): (code, flags, groups, groupindex, closing order, warnings), or
 * (message, position, warnings) for re.error */
DECLARED (re_compile)
{
  const BsStr *s = str_of (in, bs_call_value (call, 0));
  g_autoptr(GPtrArray) texts = NULL;
  GError *error = NULL;
  glong pos;
  gint64 flags;
  BsRePattern *p;
  BsValue items[6], index, order, warnings;

  if (s == NULL || !bs_to_int (in, bs_call_value (call, 1), &flags))
    return FALSE;
  p = bs_re_pattern_new (s->data, s->length, (guint) flags, &texts, &pos, &error);
  if (p == NULL)
    return syntax_error (in, error, pos, texts, r);
  index = bs_dict_new (in->heap);
  order = bs_list_new (in->heap);
  for (guint g = 0; g <= bs_re_pattern_n_groups (p); g++)
    {
      if (bs_re_pattern_group_name (p, g) != NULL)
        bs_dict_set_str (index, bs_re_pattern_group_name (p, g), BS_INT (g));
      bs_list_append (order, BS_INT (bs_re_pattern_close_order (p, g)));
    }
  warnings = warnings_list (in, texts);
  items[1] = BS_INT (bs_re_pattern_flags (p));
  items[2] = BS_INT (bs_re_pattern_n_groups (p));
  items[0] = bs_native_new (in->heap, &code_type.base, p);
  items[3] = index;
  items[4] = order;
  items[5] = warnings;
  *r = bs_tuple_from (in, items, 6);
  for (guint i = 0; i < 6; i++)
    bs_value_unref (items[i]);
  return TRUE;
}

/* A str's offsets: byte offsets to code points and back, remembering the last place */
typedef struct {
  const char *data;
  gsize       length;
  gboolean    ascii;
  gsize       byte;
  glong       ch;
} Offsets;

static void
offsets_init (Offsets     *o,
              const BsStr *s)
{
  o->data = s->data;
  o->length = s->length;
  o->ascii = (glong) s->length == s->n_chars;
  o->byte = 0;
  o->ch = 0;
}

static glong
to_char (Offsets *o,
         gssize   byte)
{
  if (o->ascii || byte < 0)
    return byte;
  o->ch += g_utf8_pointer_to_offset (o->data + o->byte, o->data + byte);
  o->byte = (gsize) byte;
  return o->ch;
}

static gsize
to_byte (Offsets *o,
         glong    ch)
{
  if (o->ascii)
    return (gsize) ch;
  return (gsize) (g_utf8_offset_to_pointer (o->data, ch) - o->data);
}

/* CPython's clamping of pos and endpos to [0, len] */
static glong
clamp (gint64 v,
       glong  n)
{
  return v < 0 ? 0 : v > n ? n : (glong) v;
}

/* One search for the loops: FALSE on an error, *matched */
typedef struct {
  BsRePattern *p;
  Offsets      o;
  gsize        end;      /* bytes */
  gsize        start;    /* bytes */
  gboolean     must_advance;
  gssize      *spans;
} Scan;

static gboolean
scan_next (BsInterp *in,
           Scan     *s,
           gboolean *matched)
{
  GError *error = NULL;

  *matched = FALSE;
  if (s->start > s->end)
    return TRUE;
  if (!bs_re_pattern_exec (s->p, s->o.data, s->end, s->start, BS_RE_SEARCH, s->must_advance,
                           s->spans, matched, &error))
    return raise_error (in, error);
  if (*matched)
    {
      s->must_advance = s->spans[1] == s->spans[0];
      s->start = (gsize) s->spans[1];
    }
  return TRUE;
}

static BsValue
slice (BsInterp   *in,
       const char *data,
       gssize      start,
       gssize      end)
{
  return bs_str_new (in->heap, data + start, end - start);
}

static gboolean
scan_init (BsInterp *in,
           BsCall   *call,
           Scan     *s,
           gint64    pos,
           gint64    endpos)
{
  const BsStr *str = str_of (in, bs_call_value (call, 1));

  s->p = code_of (in, bs_call_value (call, 0));
  if (s->p == NULL || str == NULL)
    return FALSE;
  offsets_init (&s->o, str);
  endpos = clamp (endpos, str->n_chars);
  pos = clamp (pos, str->n_chars);
  s->end = to_byte (&s->o, (glong) endpos);
  s->start = pos > endpos ? s->end + 1 : to_byte (&s->o, (glong) pos);
  s->must_advance = FALSE;
  s->spans = g_new (gssize, 2 * (bs_re_pattern_n_groups (s->p) + 1));
  return TRUE;
}

/* The match's lastindex: of the groups that took part, the one whose end Python's matcher
 * marked last: the furthest end, and of those the group closing last in the pattern */
static gint64
last_index (BsRePattern  *p,
            const gssize *spans)
{
  gint64 best = -1;

  for (guint g = 1; g <= bs_re_pattern_n_groups (p); g++)
    if (spans[2 * g] >= 0
        && (best < 0 || spans[2 * g + 1] > spans[2 * best + 1]
            || (spans[2 * g + 1] == spans[2 * best + 1]
                && bs_re_pattern_close_order (p, g) > bs_re_pattern_close_order (p, (guint) best))))
      best = g;
  return best;
}

/* exec(code, string, pos, endpos, mode, must_advance): (lastindex, regs) as code points,
 * or None */
DECLARED (re_exec)
{
  Scan s;
  gint64 pos, endpos, mode;
  GError *error = NULL;
  gboolean matched = FALSE;
  guint n;
  BsValue regs, items[2];

  if (!bs_to_int (in, bs_call_value (call, 2), &pos)
      || !bs_to_int (in, bs_call_value (call, 3), &endpos)
      || !bs_to_int (in, bs_call_value (call, 4), &mode)
      || !scan_init (in, call, &s, pos, endpos))
    return FALSE;
  if (s.start <= s.end
      && !bs_re_pattern_exec (s.p, s.o.data, s.end, s.start, (BsReMode) mode,
                              bs_value_truthy (bs_call_value (call, 5)), s.spans, &matched,
                              &error))
    {
      g_free (s.spans);
      return raise_error (in, error);
    }
  if (!matched)
    {
      g_free (s.spans);
      *r = BS_NONE;
      return TRUE;
    }
  n = bs_re_pattern_n_groups (s.p) + 1;
  regs = bs_tuple_new (in->heap, n);
  for (guint g = 0; g < n; g++)
    {
      BsValue pair[2] = { BS_INT (to_char (&s.o, s.spans[2 * g])),
                          BS_INT (to_char (&s.o, s.spans[2 * g + 1])) };

      ((BsTuple *) regs.as.object)->items[g] = bs_tuple_from (in, pair, 2);
    }
  items[0] = n > 1 && last_index (s.p, s.spans) > 0 ? BS_INT (last_index (s.p, s.spans))
             : BS_NONE;
  items[1] = regs;
  *r = bs_tuple_from (in, items, 2);
  bs_value_unref (regs);
  g_free (s.spans);
  return TRUE;
}

static BsValue
group_or (BsInterp     *in,
          const char   *data,
          const gssize *spans,
          guint         g,
          BsValue       absent)
{
  if (spans[2 * g] < 0)
    return bs_value_ref (absent);
  return slice (in, data, spans[2 * g], spans[2 * g + 1]);
}

/* findall(code, string, pos, endpos) */
DECLARED (re_findall)
{
  Scan s;
  gint64 pos, endpos;
  guint n;
  BsValue list, empty;
  gboolean matched;

  if (!bs_to_int (in, bs_call_value (call, 2), &pos)
      || !bs_to_int (in, bs_call_value (call, 3), &endpos)
      || !scan_init (in, call, &s, pos, endpos))
    return FALSE;
  n = bs_re_pattern_n_groups (s.p);
  list = bs_list_new (in->heap);
  empty = bs_str_value (in, "");
  for (;;)
    {
      BsValue item;

      if (!scan_next (in, &s, &matched))
        {
          bs_value_unref (list);
          bs_value_unref (empty);
          g_free (s.spans);
          return FALSE;
        }
      if (!matched)
        break;
      if (n == 0)
        item = group_or (in, s.o.data, s.spans, 0, empty);
      else if (n == 1)
        item = group_or (in, s.o.data, s.spans, 1, empty);
      else
        {
          item = bs_tuple_new (in->heap, n);
          for (guint g = 1; g <= n; g++)
            ((BsTuple *) item.as.object)->items[g - 1] = group_or (in, s.o.data, s.spans, g,
                                                                  empty);
        }
      bs_list_append (list, item);
    }
  bs_value_unref (empty);
  g_free (s.spans);
  *r = list;
  return TRUE;
}

/* template(code, repl): (the template's items (str and group numbers), warnings), or
 * (message, position, warnings) for re.error */
DECLARED (re_template)
{
  BsRePattern *p = code_of (in, bs_call_value (call, 0));
  const BsStr *repl = p != NULL ? str_of (in, bs_call_value (call, 1)) : NULL;
  g_autoptr(GArray) items = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  GError *error = NULL;
  glong pos;
  BsValue list, pair[2];

  if (repl == NULL)
    return FALSE;
  items = bs_re_pattern_template (p, repl->data, repl->length, &texts, &pos, &error);
  if (items == NULL)
    return syntax_error (in, error, pos, texts, r);
  list = bs_list_new (in->heap);
  for (guint i = 0; i < items->len; i++)
    {
      BsReTemplateItem *item = &g_array_index (items, BsReTemplateItem, i);

      bs_list_append (list, item->literal != NULL
                            ? bs_str_new (in->heap, item->literal, (gssize) item->length)
                            : BS_INT (item->group));
    }
  pair[0] = list;
  pair[1] = warnings_list (in, texts);
  *r = bs_tuple_from (in, pair, 2);
  bs_value_unref (pair[0]);
  bs_value_unref (pair[1]);
  return TRUE;
}

/* sub(code, string, template items, count): (new string, number of replacements) */
DECLARED (re_sub)
{
  Scan s;
  gint64 count, n = 0;
  gsize n_items;
  BsValue *items = bs_value_items (bs_call_value (call, 2), &n_items);
  g_autoptr(GString) out = g_string_new (NULL);
  gsize last = 0;
  gboolean matched;
  BsValue result[2];

  if (items == NULL)
    return bs_raise (in, "TypeError", "sub() needs the template's items");
  if (!bs_to_int (in, bs_call_value (call, 3), &count)
      || !scan_init (in, call, &s, 0, G_MAXINT64))
    return FALSE;
  while (count == 0 || n < count)
    {
      if (!scan_next (in, &s, &matched))
        {
          g_free (s.spans);
          return FALSE;
        }
      if (!matched)
        break;
      g_string_append_len (out, s.o.data + last, s.spans[0] - (gssize) last);
      for (gsize i = 0; i < n_items; i++)
        {
          const char *text = bs_value_str (items[i]);

          if (text != NULL)
            g_string_append_len (out, text, (gssize) ((BsStr *) items[i].as.object)->length);
          else if (s.spans[2 * items[i].as.integer] >= 0)
            g_string_append_len (out, s.o.data + s.spans[2 * items[i].as.integer],
                                 s.spans[2 * items[i].as.integer + 1]
                                 - s.spans[2 * items[i].as.integer]);
        }
      last = (gsize) s.spans[1];
      n++;
    }
  g_string_append_len (out, s.o.data + last, (gssize) (s.o.length - last));
  g_free (s.spans);
  result[0] = bs_str_new (in->heap, out->str, (gssize) out->len);
  result[1] = BS_INT (n);
  *r = bs_tuple_from (in, result, 2);
  bs_value_unref (result[0]);
  return TRUE;
}

/* split(code, string, maxsplit) */
DECLARED (re_split)
{
  Scan s;
  gint64 maxsplit, n = 0;
  gsize last = 0;
  gboolean matched;
  BsValue list;

  if (!bs_to_int (in, bs_call_value (call, 2), &maxsplit)
      || !scan_init (in, call, &s, 0, G_MAXINT64))
    return FALSE;
  list = bs_list_new (in->heap);
  while (maxsplit == 0 || n < maxsplit)
    {
      if (!scan_next (in, &s, &matched))
        {
          g_free (s.spans);
          bs_value_unref (list);
          return FALSE;
        }
      if (!matched)
        break;
      bs_list_append (list, slice (in, s.o.data, (gssize) last, s.spans[0]));
      for (guint g = 1; g <= bs_re_pattern_n_groups (s.p); g++)
        bs_list_append (list, group_or (in, s.o.data, s.spans, g, BS_NONE));
      last = (gsize) s.spans[1];
      n++;
    }
  bs_list_append (list, slice (in, s.o.data, (gssize) last, (gssize) s.o.length));
  g_free (s.spans);
  *r = list;
  return TRUE;
}

/* re's functions and the methods of its Pattern and Match (classes of py/re.py), declared
 * with CPython's signatures: their arguments are checked here as CPython checks them, then
 * re.py's function named by the row's data runs with them */
DECLARED (re_declared)
{
  const char *impl = (const char *) call->row->data;
  BsValue re = BS_NONE, fn = BS_NONE, args[BS_SIGNATURE_MAX_PARAMS];
  const char *names[BS_SIGNATURE_MAX_PARAMS];
  BsValue values[BS_SIGNATURE_MAX_PARAMS];
  BsArgs a = { args, 0, names, values, 0 };
  gboolean ok;

  if (!bs_dict_get_str (in->modules, "re", &re) || !bs_getattr (in, re, impl, &fn))
    return bs_raise (in, "ImportError", "Backstep's re module is not loaded");
  if (!bs_value_is_none (call->self))
    args[a.n_args++] = call->self;
  for (guint i = 0; i < call->sig->n_params; i++)
    {
      const BsParam *param = &call->sig->params[i];

      if (param->is_self || param->absent || !call->given[i])
        continue;
      if (param->positional_only || param->star)
        args[a.n_args++] = call->values[i];
      else
        {
          names[a.n_kw] = param->name;
          values[a.n_kw++] = call->values[i];
        }
    }
  ok = bs_call (in, fn, &a, r);
  bs_value_unref (fn);
  return ok;
}

/* bind(method, obj): a method of the rows below bound to obj as its receiver, so that its
 * arguments are counted as CPython counts a method's */
DECLARED (re_bind)
{
  BsValue method = bs_call_value (call, 0);

  if (!bs_value_is_object (method, BS_OBJECT_BUILTIN)
      || ((BsBuiltin *) method.as.object)->decl == NULL)
    return bs_raise (in, "TypeError", "bind() needs a declared method");
  *r = bs_decl_builtin (in, ((BsBuiltin *) method.as.object)->decl,
                        bs_value_ref (bs_call_value (call, 1)));
  return TRUE;
}

#define DECLARED_IN_RE(owner, signature, impl) \
  { owner, BS_SIG_BUILTIN, signature, re_declared, (gintptr) impl }

static const BsSignatureRow rows[] = {
  DECLARED_IN_RE ("_backstep_re_pattern",
                  "Pattern.match(self, /, string, pos=0, endpos=sys.maxsize)", "_pattern_match"),
  DECLARED_IN_RE ("_backstep_re_pattern",
                  "Pattern.search(self, /, string, pos=0, endpos=sys.maxsize)", "_pattern_search"),
  DECLARED_IN_RE ("_backstep_re_pattern",
                  "Pattern.fullmatch(self, /, string, pos=0, endpos=sys.maxsize)",
                  "_pattern_fullmatch"),
  DECLARED_IN_RE ("_backstep_re_pattern",
                  "Pattern.findall(self, /, string, pos=0, endpos=sys.maxsize)",
                  "_pattern_findall"),
  DECLARED_IN_RE ("_backstep_re_pattern",
                  "Pattern.finditer(self, /, string, pos=0, endpos=sys.maxsize)",
                  "_pattern_finditer"),
  DECLARED_IN_RE ("_backstep_re_pattern", "Pattern.split(self, /, string, maxsplit=0)",
                  "_pattern_split"),
  DECLARED_IN_RE ("_backstep_re_pattern", "Pattern.sub(self, /, repl, string, count=0)",
                  "_pattern_sub"),
  DECLARED_IN_RE ("_backstep_re_pattern", "Pattern.subn(self, /, repl, string, count=0)",
                  "_pattern_subn"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.start(self, group=0, /)|check_positional",
                  "_match_start"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.end(self, group=0, /)|check_positional",
                  "_match_end"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.span(self, group=0, /)|check_positional",
                  "_match_span"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.groups(self, /, default=None)", "_match_groups"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.groupdict(self, /, default=None)",
                  "_match_groupdict"),
  DECLARED_IN_RE ("_backstep_re_match", "Match.expand(self, /, template)", "_match_expand"),
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.compile(pattern, flags, /)", re_compile },
  { "_backstep_re", BS_SIG_BUILTIN,
    "_backstep_re.exec(code, string, pos, endpos, mode, must_advance, /)", re_exec },
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.findall(code, string, pos, endpos, /)",
    re_findall },
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.template(code, repl, /)", re_template },
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.sub(code, string, items, count, /)", re_sub },
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.split(code, string, maxsplit, /)", re_split },
  { "_backstep_re", BS_SIG_BUILTIN, "_backstep_re.bind(method, obj, /)", re_bind },
};

const BsSignatureTable bs_re_table = BS_SIGNATURE_TABLE (rows);

void
bs_re_module_init (BsInterp *in)
{
  static const char *const owners[] = {
    "_backstep_re", "_backstep_re_pattern", "_backstep_re_match",
  };

  for (guint i = 0; i < G_N_ELEMENTS (owners); i++)
    {
      BsValue m = bs_module_new (in, owners[i]);

      bs_module_add_declared (in, m, owners[i], BS_NONE);
      bs_value_unref (m);
    }
}
