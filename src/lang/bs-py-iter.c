/* bs-py-iter.c: Python's lazy iterators and dict views
 *
 * iter(), next(), enumerate, zip, map, filter, reversed and generator expressions produce
 * items one at a time, as in Python: any(x > 5 for x in xs) stops at the first hit, and
 * an iterator is exhausted after one pass. They are natives whose `next` hook produces the
 * next item; their type names are CPython's, so that print(enumerate(x)) reads
 * `<enumerate object at 0x...>`.
 */
#include "bs-interp-private.h"
#include "bs-interp-stages.h"

#include <string.h>

#include "bs-py-number.h"
#include "bs-py-range.h"
#include "bs-py-set.h"
#include "bs-signature.h"

typedef enum {
  IT_WRAP,        /* iter(x) over a built-in iterable */
  IT_ENUMERATE,
  IT_ZIP,
  IT_MAP,
  IT_FILTER,
  IT_GENERATOR,
} IterKind;

typedef struct {
  IterKind        kind;
  BsPyIter       *iters;
  guint           n_iters;
  BsValue         func;         /* map and filter */
  gint64          count;        /* enumerate */
  gboolean        count_past;   /* enumerate's next count is past 2**63 - 1 */
  gboolean        strict;       /* zip(strict=True) */
  gboolean        done;
  BsGenStepFunc   step;         /* generators */
  gpointer        state;
  GDestroyNotify  free_state;
  char           *qualname;     /* generator expressions: f.<locals>.<genexpr> */
} IterData;

static void
iter_data_free (gpointer p)
{
  IterData *d = p;

  for (guint i = 0; i < d->n_iters; i++)
    bs_py_iter_clear (&d->iters[i]);
  g_free (d->iters);
  bs_value_unref (d->func);
  if (d->free_state != NULL)
    d->free_state (d->state);
  g_free (d->qualname);
  g_free (d);
}

/* zip(strict=True) when iterable `ended` ran out: CPython's ValueError unless every other
 * one ran out too (0), or -1 */
static int
zip_strict_end (BsInterp *in,
                IterData *d,
                guint     ended)
{
  const char *plural = ended == 1 ? " " : "s 1-";

  if (ended > 0)
    {
      bs_raise (in, "ValueError", "zip() argument %u is shorter than argument%s%u", ended + 1,
                plural, ended);
      return -1;
    }
  for (guint i = 1; i < d->n_iters; i++)
    {
      BsValue item;
      int r = bs_py_iter_next (in, &d->iters[i], &item);

      if (r < 0)
        return -1;
      if (r > 0)
        {
          bs_value_unref (item);
          plural = i == 1 ? " " : "s 1-";
          bs_raise (in, "ValueError", "zip() argument %u is longer than argument%s%u", i + 1,
                    plural, i);
          return -1;
        }
    }
  return 0;
}

static int
iter_next (BsInterp *in,
           BsValue   self,
           BsValue  *out)
{
  IterData *d = ((BsNative *) self.as.object)->data;
  int r;

  if (d->done)
    return 0;
  switch (d->kind)
    {
    case IT_GENERATOR:
      r = d->step (in, d->state, out);
      break;
    case IT_WRAP:
      r = bs_py_iter_next (in, &d->iters[0], out);
      break;
    case IT_ENUMERATE:
      {
        BsValue item;

        r = bs_py_iter_next (in, &d->iters[0], &item);
        if (r > 0 && d->count_past)
          {
            bs_value_unref (item);
            bs_raise_overflow (in);
            r = -1;
          }
        else if (r > 0)
          {
            BsValue pair[2] = { BS_INT (d->count), item };

            *out = bs_tuple_from (in, pair, 2);
            bs_value_unref (item);
            if (d->count == G_MAXINT64)
              d->count_past = TRUE;
            else
              d->count++;
          }
        break;
      }
    case IT_ZIP:
    case IT_MAP:
      {
        BsValue *items = g_new0 (BsValue, d->n_iters + 1);
        guint got = 0;

        r = d->n_iters > 0 ? 1 : 0;
        for (; got < d->n_iters && r > 0; got++)
          {
            r = bs_py_iter_next (in, &d->iters[got], &items[got]);
            if (r <= 0)
              break;
          }
        if (r == 0 && d->strict)
          r = zip_strict_end (in, d, got);
        if (r > 0 && d->kind == IT_ZIP)
          *out = bs_tuple_from (in, items, got);
        else if (r > 0 && !bs_call_simple (in, d->func, items, got, out))
          r = -1;
        for (guint i = 0; i < got; i++)
          bs_value_unref (items[i]);
        g_free (items);
        break;
      }
    case IT_FILTER:
    default:
      for (;;)
        {
          BsValue item, test;
          gboolean keep;

          r = bs_py_iter_next (in, &d->iters[0], &item);
          if (r <= 0)
            break;
          if (bs_value_is_none (d->func))
            test = bs_value_ref (item);
          else if (!bs_call_simple (in, d->func, &item, 1, &test))
            {
              bs_value_unref (item);
              r = -1;
              break;
            }
          if (!bs_truthy (in, test, &keep))
            r = -1;
          bs_value_unref (test);
          if (r > 0 && keep)
            {
              *out = item;
              break;
            }
          bs_value_unref (item);
          if (r < 0)
            break;
        }
      break;
    }
  if (r == 0)
    d->done = TRUE;
  return r;
}

static gboolean
generator_repr (BsInterp *in, BsValue self, GString *out)
{
  IterData *d = ((BsNative *) self.as.object)->data;

  g_string_append_printf (out, "<generator object %s at " BS_ADDRESS_FORMAT ">", d->qualname,
                          bs_value_address (self));
  return TRUE;
}

static gboolean
generator_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  IterData *d = ((BsNative *) self.as.object)->data;

  *found = TRUE;
  if (strcmp (name, "__name__") == 0)
    *out = bs_str_value (in, "<genexpr>");
  else if (strcmp (name, "__qualname__") == 0)
    *out = bs_str_value (in, d->qualname);
  else
    *found = FALSE;
  return TRUE;
}

static const BsNativeOps iter_ops = { .next = iter_next };

#define ITER_TYPE(name) { { name, iter_data_free }, NULL, NULL, NULL, NULL, &iter_ops }

enum {
  T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_LIST, T_TUPLE, T_RANGE, T_STR_ASCII, T_STR,
  T_LIST_REVERSED, T_RANGE_REVERSED, T_REVERSED, T_SET, T_DICT_KEYS, T_DICT_VALUES,
  T_DICT_ITEMS, T_DICT_REVERSED, T_ITERATOR, T_GENERATOR,
};

static const BsNativeType iter_types[] = {
  [T_ENUMERATE] = ITER_TYPE ("enumerate"),
  [T_ZIP] = ITER_TYPE ("zip"),
  [T_MAP] = ITER_TYPE ("map"),
  [T_FILTER] = ITER_TYPE ("filter"),
  [T_LIST] = ITER_TYPE ("list_iterator"),
  [T_TUPLE] = ITER_TYPE ("tuple_iterator"),
  [T_RANGE] = ITER_TYPE ("range_iterator"),
  [T_STR_ASCII] = ITER_TYPE ("str_ascii_iterator"),
  [T_STR] = ITER_TYPE ("str_iterator"),
  [T_LIST_REVERSED] = ITER_TYPE ("list_reverseiterator"),
  [T_RANGE_REVERSED] = ITER_TYPE ("range_iterator"),
  [T_REVERSED] = ITER_TYPE ("reversed"),
  [T_SET] = ITER_TYPE ("set_iterator"),
  [T_DICT_KEYS] = ITER_TYPE ("dict_keyiterator"),
  [T_DICT_VALUES] = ITER_TYPE ("dict_valueiterator"),
  [T_DICT_ITEMS] = ITER_TYPE ("dict_itemiterator"),
  [T_DICT_REVERSED] = ITER_TYPE ("dict_reversekeyiterator"),
  [T_ITERATOR] = ITER_TYPE ("iterator"),
  [T_GENERATOR] = { { "generator", iter_data_free }, generator_getattr, NULL, generator_repr, NULL,
                    &iter_ops },
};

static BsValue
iter_new (BsInterp *in,
          int       type,
          IterKind  kind,
          guint     n_iters)
{
  IterData *d = g_new0 (IterData, 1);

  d->kind = kind;
  d->n_iters = n_iters;
  d->iters = g_new0 (BsPyIter, MAX (n_iters, 1));
  for (guint i = 0; i < MAX (n_iters, 1); i++)
    d->iters[i].seq = d->iters[i].iter_obj = BS_NONE;
  d->func = BS_NONE;
  return bs_native_new (in->heap, &iter_types[type].base, d);
}

static IterData *
iter_data (BsValue v)
{
  return ((BsNative *) v.as.object)->data;
}

BsValue
bs_genexp_new (BsInterp       *in,
                  BsGenStepFunc   step,
                  gpointer        state,
                  GDestroyNotify  free_state)
{
  BsValue v = iter_new (in, T_GENERATOR, IT_GENERATOR, 0);
  IterData *d = iter_data (v);

  d->step = step;
  d->state = state;
  d->free_state = free_state;
  d->qualname = bs_qualname (in, "<genexpr>");
  return v;
}

/* --- dict views ---------------------------------------------------------- */

typedef struct {
  BsValue dict;
  int     what;   /* 0 keys, 1 values, 2 items */
} ViewData;

static void
view_free (gpointer p)
{
  ViewData *v = p;

  bs_value_unref (v->dict);
  g_free (v);
}

static ViewData *
view_data (BsValue v)
{
  return ((BsNative *) v.as.object)->data;
}

static gboolean
view_snapshot (BsInterp *in,
               BsValue   self,
               BsValue  *out)
{
  ViewData *v = view_data (self);
  BsDict *d = (BsDict *) v->dict.as.object;

  *out = bs_list_new (in->heap);
  for (guint i = 0; i < d->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

      if (e->deleted)
        continue;
      if (v->what == 0)
        bs_list_append (*out, bs_value_ref (e->key));
      else if (v->what == 1)
        bs_list_append (*out, bs_value_ref (e->value));
      else
        {
          BsValue pair[2] = { e->key, e->value };

          bs_list_append (*out, bs_tuple_from (in, pair, 2));
        }
    }
  return TRUE;
}

static gboolean
view_len (BsInterp *in, BsValue self, gint64 *len)
{
  *len = ((BsDict *) view_data (self)->dict.as.object)->n_live;
  return TRUE;
}

static gboolean
view_contains (BsInterp *in, BsValue self, BsValue item, gboolean *result)
{
  ViewData *v = view_data (self);
  BsValue list;
  gboolean ok;

  if (v->what == 0)
    return bs_contains (in, v->dict, item, result);
  if (v->what == 2)
    {
      gsize n;
      BsValue *kv = bs_value_is_object (item, BS_OBJECT_TUPLE) ? bs_value_items (item, &n) : NULL;
      BsValue value;
      gboolean found;

      *result = FALSE;
      if (kv == NULL || n != 2)
        return TRUE;
      if (!bs_py_dict_get (in, v->dict, kv[0], &value, &found))
        return FALSE;
      if (!found)
        return TRUE;
      return bs_equal (in, value, kv[1], result);
    }
  view_snapshot (in, self, &list);
  ok = bs_contains (in, list, item, result);
  bs_value_unref (list);
  return ok;
}

static gboolean
view_repr (BsInterp *in, BsValue self, GString *out)
{
  static const char *const names[] = { "dict_keys", "dict_values", "dict_items" };
  BsValue list;
  gboolean ok;

  view_snapshot (in, self, &list);
  g_string_append_printf (out, "%s(", names[view_data (self)->what]);
  ok = bs_repr (in, list, out);
  g_string_append_c (out, ')');
  bs_value_unref (list);
  return ok;
}

static const BsNativeOps view_ops = {
  .len = view_len,
  .contains = view_contains,
  .iter = view_snapshot,
};

static const BsNativeType view_types[] = {
  { { "dict_keys", view_free }, NULL, NULL, view_repr, NULL, &view_ops },
  { { "dict_values", view_free }, NULL, NULL, view_repr, NULL, &view_ops },
  { { "dict_items", view_free }, NULL, NULL, view_repr, NULL, &view_ops },
};

BsValue
bs_dict_view_new (BsInterp *in,
                  BsValue   dict,
                  int       what)
{
  ViewData *v = g_new0 (ViewData, 1);

  v->dict = bs_value_ref (dict);
  v->what = what;
  return bs_native_new (in->heap, &view_types[what].base, v);
}

static int
view_kind (BsValue v)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE))
    return -1;
  for (int i = 0; i < 3; i++)
    if (((BsNative *) v.as.object)->klass == &view_types[i].base)
      return i;
  return -1;
}

/* --- the built-ins ------------------------------------------------------- */

static gboolean
is_iterator (BsValue v)
{
  return bs_native_ops (v) != NULL && bs_native_ops (v)->next != NULL;
}

static gboolean
builtin_iter (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v = bs_call_value (call, 0), it;
  int type = T_ITERATOR;

  if (call->given[1])
    return bs_raise (in, "NotImplementedError", "iter(callable, sentinel) is not supported by "
                     "Backstep");
  if (is_iterator (v))
    {
      *r = bs_value_ref (v);
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method;
      gboolean found;

      if (!bs_getattr_opt (in, v, "__iter__", &method, &found))
        return FALSE;
      if (found)
        {
          gboolean ok = bs_call_simple (in, method, NULL, 0, r);

          bs_value_unref (method);
          return ok;
        }
    }
  if (bs_value_is_object (v, BS_OBJECT_LIST))
    type = T_LIST;
  else if (bs_value_is_object (v, BS_OBJECT_TUPLE))
    type = T_TUPLE;
  else if (bs_value_is_object (v, BS_OBJECT_RANGE))
    type = T_RANGE;
  else if (bs_value_str (v) != NULL)
    type = g_str_is_ascii (bs_value_str (v)) ? T_STR_ASCII : T_STR;
  else if (bs_value_is_object (v, BS_OBJECT_DICT))
    type = T_DICT_KEYS;
  else if (bs_is_set (v))
    type = T_SET;
  else if (view_kind (v) >= 0)
    type = T_DICT_KEYS + view_kind (v);
  it = iter_new (in, type, IT_WRAP, 1);
  if (!bs_py_iter_init (in, v, &iter_data (it)->iters[0]))
    {
      bs_value_unref (it);
      return FALSE;
    }
  *r = it;
  return TRUE;
}

static gboolean
builtin_next (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v = bs_call_value (call, 0);
  int n;

  if (is_iterator (v))
    {
      n = bs_native_ops (v)->next (in, v, r);
      if (n > 0)
        return TRUE;
      if (n < 0)
        return FALSE;
      if (call->given[1])
        {
          *r = bs_value_ref (bs_call_value (call, 1));
          return TRUE;
        }
      return bs_raise_value (in, bs_instance_new (in, bs_lookup_builtin (in, "StopIteration")));
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method;
      gboolean found, ok;

      if (!bs_getattr_opt (in, v, "__next__", &method, &found))
        return FALSE;
      if (found)
        {
          ok = bs_call_simple (in, method, NULL, 0, r);
          bs_value_unref (method);
          if (ok || !call->given[1]
              || !bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
            return ok;
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          *r = bs_value_ref (bs_call_value (call, 1));
          return TRUE;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object is not an iterator", bs_type_name (v));
}

static gboolean
init_iters (BsInterp *in,
            BsValue   it,
            BsValue  *iterables,
            guint     n)
{
  for (guint i = 0; i < n; i++)
    if (!bs_py_iter_init (in, iterables[i], &iter_data (it)->iters[i]))
      {
        bs_value_unref (it);
        return FALSE;
      }
  return TRUE;
}

/* enumerate(iterable, start=0): the parameter is optional to word CPython's own complaint */
static gboolean
builtin_enumerate (BsInterp *in, BsCall *call, BsValue *r)
{
  gint64 start = 0;

  if (!call->given[0])
    return bs_raise (in, "TypeError", "enumerate() missing required argument 'iterable'");
  if (call->given[1] && !bs_to_int (in, bs_call_value (call, 1), &start))
    return FALSE;
  *r = iter_new (in, T_ENUMERATE, IT_ENUMERATE, 1);
  iter_data (*r)->count = start;
  return init_iters (in, *r, &call->values[0], 1);
}

static gboolean
builtin_zip (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *iterables = bs_value_items (bs_call_value (call, 0), &n);
  gboolean strict = FALSE;

  if (call->given[1] && !bs_truthy (in, bs_call_value (call, 1), &strict))
    return FALSE;
  *r = iter_new (in, T_ZIP, IT_ZIP, n);
  iter_data (*r)->strict = strict;
  return init_iters (in, *r, iterables, n);
}

static gboolean
builtin_map (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n);

  if (n < 2)
    return bs_raise (in, "TypeError", "map() must have at least two arguments.");
  *r = iter_new (in, T_MAP, IT_MAP, n - 1);
  iter_data (*r)->func = bs_value_ref (args[0]);
  return init_iters (in, *r, args + 1, n - 1);
}

static gboolean
builtin_filter (BsInterp *in, BsCall *call, BsValue *r)
{
  *r = iter_new (in, T_FILTER, IT_FILTER, 1);
  iter_data (*r)->func = bs_value_ref (bs_call_value (call, 0));
  return init_iters (in, *r, &call->values[1], 1);
}

/* A range backwards, as CPython's, without its items: the range from its last item by
 * -step (in unsigned arithmetic, where a step of -2**63 turned around still adds up),
 * iterated for the range's count. */
static gboolean
reversed_range (BsInterp *in,
                BsRange  *range,
                BsValue  *r)
{
  guint64 n = bs_py_range_count (range);
  guint64 step = (guint64) 0 - (guint64) range->step;
  guint64 last = (guint64) range->start + (n > 0 ? n - 1 : 0) * (guint64) range->step;
  BsValue backwards = bs_range_new (in, (gint64) last, (gint64) last, (gint64) step);
  BsValue it = iter_new (in, T_RANGE_REVERSED, IT_WRAP, 1);
  gboolean ok = bs_py_iter_init (in, backwards, &iter_data (it)->iters[0]);

  bs_value_unref (backwards);
  if (!ok)
    {
      bs_value_unref (it);
      return FALSE;
    }
  iter_data (it)->iters[0].length = (gint64) MIN (n, (guint64) G_MAXINT64);
  *r = it;
  return TRUE;
}

static gboolean
builtin_reversed (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v = bs_call_value (call, 0), list, it;
  int type = T_REVERSED;
  gboolean ok;

  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method;
      gboolean found;

      if (!bs_getattr_opt (in, v, "__reversed__", &method, &found))
        return FALSE;
      if (found)
        {
          ok = bs_call_simple (in, method, NULL, 0, r);
          bs_value_unref (method);
          return ok;
        }
    }
  if (bs_value_is_object (v, BS_OBJECT_LIST))
    type = T_LIST_REVERSED;
  else if (bs_value_is_object (v, BS_OBJECT_RANGE))
    return reversed_range (in, (BsRange *) v.as.object, r);
  else if (bs_value_is_object (v, BS_OBJECT_DICT) || view_kind (v) == 0)
    type = T_DICT_REVERSED;
  else if (bs_is_set (v) || is_iterator (v) || bs_value_is_object (v, BS_OBJECT_DICT)
           || view_kind (v) > 0)
    return bs_raise (in, "TypeError", "'%s' object is not reversible", bs_type_name (v));
  /* the items in reverse, taken now: a list changed afterwards is rarely reversed lazily */
  if (!bs_to_list (in, v, &list))
    return FALSE;
  {
    GArray *items = ((BsList *) list.as.object)->items;

    for (guint i = 0, j = items->len; i + 1 < j; i++, j--)
      {
        BsValue tmp = g_array_index (items, BsValue, i);

        g_array_index (items, BsValue, i) = g_array_index (items, BsValue, j - 1);
        g_array_index (items, BsValue, j - 1) = tmp;
      }
  }
  it = iter_new (in, type, IT_WRAP, 1);
  ok = bs_py_iter_init (in, list, &iter_data (it)->iters[0]);
  bs_value_unref (list);
  if (!ok)
    {
      bs_value_unref (it);
      return FALSE;
    }
  *r = it;
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "builtins", BS_SIG_BUILTIN, "iter(object, sentinel=None, /)", builtin_iter },
  { "builtins", BS_SIG_BUILTIN, "next(iterator, default=None, /)", builtin_next },
  { "builtins", BS_SIG_BUILTIN, "enumerate(iterable=None, start=0)", builtin_enumerate },
  { "builtins", BS_SIG_BUILTIN, "zip(*iterables, strict=False)|parse_tuple", builtin_zip },
  { "builtins", BS_SIG_BUILTIN, "map(*args)", builtin_map },
  { "builtins", BS_SIG_BUILTIN, "filter(function, iterable, /)", builtin_filter },
  { "builtins", BS_SIG_BUILTIN, "reversed(sequence, /)|check_positional", builtin_reversed },
};

const BsSignatureTable bs_py_iter_table = BS_SIGNATURE_TABLE (rows);

/* --- iteration of any iterable ------------------------------------------ */

enum {
  ITER_SEQ,      /* list or tuple, live */
  ITER_RANGE,
  ITER_DICT,
  ITER_STR,
  ITER_TENSOR,
  ITER_NATIVE,   /* a native iterator's next hook */
  ITER_OBJECT,   /* __next__; ITER_OBJECT + 1 is the __getitem__ protocol */
};

const BsNativeOps *
bs_native_ops (BsValue v)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE))
    return NULL;
  return ((const BsNativeType *) ((BsNative *) v.as.object)->klass)->ops;
}

gboolean
bs_py_iter_init (BsInterp *in,
              BsValue   v,
              BsPyIter   *it)
{
  memset (it, 0, sizeof *it);
  it->seq = BS_NONE;
  it->iter_obj = BS_NONE;
  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    it->kind = ITER_SEQ;
  else if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      it->kind = ITER_RANGE;
      it->length = (gint64) MIN (bs_py_range_count ((BsRange *) v.as.object), G_MAXINT64);
    }
  else if (bs_value_is_object (v, BS_OBJECT_DICT) || view_kind (v) >= 0)
    {
      it->kind = ITER_DICT;
      it->what = MAX (view_kind (v), 0);
      if (it->what > 0 || !bs_value_is_object (v, BS_OBJECT_DICT))
        v = view_data (v)->dict;
      it->length = ((BsDict *) v.as.object)->n_live;
      it->version = ((BsDict *) v.as.object)->version;
    }
  else if (bs_value_str (v) != NULL)
    it->kind = ITER_STR;
  else if (bs_native_ops (v) != NULL && bs_native_ops (v)->next != NULL)
    {
      it->kind = ITER_NATIVE;
      it->iter_obj = bs_value_ref (v);
      return TRUE;
    }
  else if (bs_native_ops (v) != NULL && bs_native_ops (v)->iter != NULL)
    {
      BsValue inner;
      gboolean ok;

      if (!bs_native_ops (v)->iter (in, v, &inner))
        return FALSE;
      ok = bs_py_iter_init (in, inner, it);
      bs_value_unref (inner);
      return ok;
    }
  else if (bs_value_tensor (v) != NULL)
    {
      if (bs_value_tensor (v)->ndim == 0)
        return bs_raise (in, "TypeError", "iteration over a 0-d tensor");
      it->kind = ITER_TENSOR;
    }
  else if (bs_value_is_object (v, BS_OBJECT_INSTANCE) || bs_value_is_object (v, BS_OBJECT_NATIVE))
    {
      BsValue method, iter;
      gboolean found;

      if (!bs_getattr_opt (in, v, "__iter__", &method, &found))
        return FALSE;
      if (!found)
        {
          if (!bs_getattr_opt (in, v, "__next__", &method, &found))
            return FALSE;
          if (found)
            {
              bs_value_unref (method);
              it->kind = ITER_OBJECT;
              it->iter_obj = bs_value_ref (v);
              return TRUE;
            }
          if (bs_value_is_object (v, BS_OBJECT_INSTANCE)
              && bs_class_lookup (((BsInstance *) v.as.object)->klass, "__getitem__", &method))
            {
              /* the old sequence protocol: v[0], v[1]... until IndexError */
              it->kind = ITER_OBJECT + 1;
              it->seq = bs_value_ref (v);
              return TRUE;
            }
          return bs_raise (in, "TypeError", "'%s' object is not iterable", bs_type_name (v));
        }
      if (!bs_call_simple (in, method, NULL, 0, &iter))
        {
          bs_value_unref (method);
          return FALSE;
        }
      bs_value_unref (method);
      if (iter.type == BS_VALUE_OBJECT && iter.as.object == v.as.object)
        {
          it->kind = ITER_OBJECT;
          it->iter_obj = iter;
          return TRUE;
        }
      {
        gboolean ok = bs_py_iter_init (in, iter, it);

        bs_value_unref (iter);
        return ok;
      }
    }
  else
    return bs_raise (in, "TypeError", "'%s' object is not iterable", bs_type_name (v));
  it->seq = bs_value_ref (v);
  return TRUE;
}

int
bs_py_iter_next (BsInterp *in,
              BsPyIter   *it,
              BsValue  *out)
{
  *out = BS_NONE;
  /* what a C loop over an iterator builds (list(range(n)), a join, a dict) is charged
   * as it grows: it stops at the budget */
  if (!bs_py_check_budget (in))
    return -1;
  switch (it->kind)
    {
    case ITER_SEQ:
      {
        gsize n;
        BsValue *items = bs_value_items (it->seq, &n);

        if ((gsize) it->index >= n)
          return 0;
        *out = bs_value_ref (items[it->index++]);
        return 1;
      }
    case ITER_RANGE:
      {
        BsRange *r = (BsRange *) it->seq.as.object;

        if (it->index >= it->length)
          return 0;
        *out = BS_INT ((gint64) ((guint64) r->start + (guint64) it->index++ * (guint64) r->step));
        return 1;
      }
    case ITER_DICT:
      {
        BsDict *d = (BsDict *) it->seq.as.object;

        if ((gint64) d->n_live != it->length || d->version != it->version)
          {
            gboolean resized = (gint64) d->n_live != it->length;

            it->length = -1;   /* stays an error, as in CPython */
            bs_raise (in, "RuntimeError", resized ? "dictionary changed size during iteration"
                                                  : "dictionary keys changed during iteration");
            return -1;
          }
        while ((guint) it->index < d->entries->len)
          {
            BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, it->index++);

            if (e->deleted)
              continue;
            if (it->what == 0)
              *out = bs_value_ref (e->key);
            else if (it->what == 1)
              *out = bs_value_ref (e->value);
            else
              {
                BsValue pair[2] = { e->key, e->value };

                *out = bs_tuple_from (in, pair, 2);
              }
            return 1;
          }
        return 0;
      }
    case ITER_STR:
      {
        BsStr *s = (BsStr *) it->seq.as.object;
        const char *c;

        if ((gsize) it->index >= s->length)
          return 0;
        c = s->data + it->index;
        *out = bs_str_new (in->heap, c, g_utf8_next_char (c) - c);
        it->index = g_utf8_next_char (c) - s->data;
        return 1;
      }
    case ITER_TENSOR:
      {
        BsTensor *t = bs_value_tensor (it->seq);

        if (it->index >= t->shape[0])
          return 0;
        {
          BsValue key = BS_INT (it->index++);

          return bs_tensor_getitem (in, it->seq, key, out) ? 1 : -1;
        }
      }
    case ITER_NATIVE:
      return bs_native_ops (it->iter_obj)->next (in, it->iter_obj, out);
    case ITER_OBJECT:
      {
        BsValue method;

        if (!bs_getattr (in, it->iter_obj, "__next__", &method))
          return -1;
        if (!bs_call_simple (in, method, NULL, 0, out))
          {
            bs_value_unref (method);
            if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
              {
                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                return 0;
              }
            return -1;
          }
        bs_value_unref (method);
        return 1;
      }
    default:
      {
        BsValue key = BS_INT (it->index++);

        if (!bs_getitem (in, it->seq, key, out))
          {
            if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "IndexError"))
                || bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
              {
                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                return 0;
              }
            return -1;
          }
        return 1;
      }
    }
}

void
bs_py_iter_clear (BsPyIter *it)
{
  bs_value_unref (it->seq);
  bs_value_unref (it->iter_obj);
  it->seq = it->iter_obj = BS_NONE;
}

gboolean
bs_to_list (BsInterp *in,
            BsValue   iterable,
            BsValue  *out)
{
  BsPyIter it;
  BsValue list, v;
  int n;

  if (!bs_py_iter_init (in, iterable, &it))
    return FALSE;
  list = bs_list_new (in->heap);
  while ((n = bs_py_iter_next (in, &it, &v)) > 0)
    bs_list_append (list, v);
  bs_py_iter_clear (&it);
  if (n < 0)
    {
      bs_value_unref (list);
      return FALSE;
    }
  *out = list;
  return TRUE;
}

