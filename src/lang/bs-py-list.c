/* bs-py-list.c: list: its methods and sorting */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-list.h"

static gboolean
list_append (BsInterp *in, BsCall *call, BsValue *r)
{
  bs_list_append (call->self, bs_value_ref (bs_call_value (call, 1)));
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_extend (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (!bs_to_list (in, bs_call_value (call, 1), &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    bs_list_append (call->self, bs_value_ref (items[i]));
  bs_value_unref (list);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_pop (BsInterp *in, BsCall *call, BsValue *r)
{
  GArray *items = ((BsList *) call->self.as.object)->items;
  gint64 i = -1;

  if (call->given[1] && !bs_to_int (in, bs_call_value (call, 1), &i))
    return FALSE;
  if (items->len == 0)
    return bs_raise (in, "IndexError", "pop from empty list");
  if (i < 0)
    i += items->len;
  if (i < 0 || i >= (gint64) items->len)
    return bs_raise (in, "IndexError", "pop index out of range");
  *r = g_array_index (items, BsValue, i);
  g_array_remove_index (items, i);
  bs_list_charge (call->self);
  return TRUE;
}

static gboolean
list_insert (BsInterp *in, BsCall *call, BsValue *r)
{
  GArray *items = ((BsList *) call->self.as.object)->items;
  gint64 i;
  BsValue v;

  if (!bs_to_int (in, bs_call_value (call, 1), &i))
    return FALSE;
  if (i < 0)
    i = MAX (0, i + (gint64) items->len);
  i = MIN (i, (gint64) items->len);
  v = bs_value_ref (bs_call_value (call, 2));
  g_array_insert_val (items, i, v);
  bs_list_charge (call->self);
  *r = BS_NONE;
  return TRUE;
}

/* A slice bound of index(): an int, negative from the end, clamped to [0, n]. */
static gboolean
bound_arg (BsInterp *in,
           BsCall   *call,
           guint     i,
           gsize     n,
           gint64    fallback,
           gint64   *out)
{
  *out = fallback;
  if (call->given[i] && !bs_to_int (in, bs_call_value (call, i), out))
    return FALSE;
  if (*out < 0)
    *out = MAX (0, *out + (gint64) n);
  *out = MIN (*out, (gint64) n);
  return TRUE;
}

gboolean
bs_py_list_index (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (call->self, &n);
  BsValue value = bs_call_value (call, 1);
  gint64 start, stop;

  if (!bound_arg (in, call, 2, n, 0, &start) || !bound_arg (in, call, 3, n, n, &stop))
    return FALSE;
  for (gint64 i = start; i < stop && i < (gint64) n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], value, &eq))
        return FALSE;
      if (eq)
        {
          *r = BS_INT (i);
          return TRUE;
        }
    }
  if (!bs_value_is_object (call->self, BS_OBJECT_LIST))
    return bs_raise (in, "ValueError", "tuple.index(x): x not in tuple");
  {
    g_autoptr(GString) s = g_string_new (NULL);

    if (!bs_repr (in, value, s))
      return FALSE;
    return bs_raise (in, "ValueError", "%s is not in list", s->str);
  }
}

gboolean
bs_py_list_count (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (call->self, &n);
  gint64 count = 0;

  for (gsize i = 0; i < n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], bs_call_value (call, 1), &eq))
        return FALSE;
      count += eq;
    }
  *r = BS_INT (count);
  return TRUE;
}

static gboolean
list_reverse (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (call->self, &n);

  for (gsize i = 0; i < n / 2; i++)
    {
      BsValue t = items[i];

      items[i] = items[n - 1 - i];
      items[n - 1 - i] = t;
    }
  *r = BS_NONE;
  return TRUE;
}

typedef struct {
  BsInterp *in;
  BsValue   key;
  gboolean  failed;
} SortData;

static int
sort_compare (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  SortData *d = user_data;
  const BsValue *a = pa, *b = pb;
  BsValue lt;

  if (d->failed)
    return 0;
  if (!bs_compare_op (d->in, BS_CMPOP_LT, *a, *b, &lt))
    {
      d->failed = TRUE;
      return 0;
    }
  if (bs_value_truthy (lt))
    {
      bs_value_unref (lt);
      return -1;
    }
  bs_value_unref (lt);
  if (!bs_compare_op (d->in, BS_CMPOP_LT, *b, *a, &lt))
    {
      d->failed = TRUE;
      return 0;
    }
  {
    int c = bs_value_truthy (lt) ? 1 : 0;

    bs_value_unref (lt);
    return c;
  }
}

gboolean
bs_list_sort (BsInterp *in,
              BsValue   list,
              BsValue   key,
              gboolean  reverse)
{
  GArray *items = ((BsList *) list.as.object)->items;
  guint n = items->len;
  BsValue *pairs = g_new (BsValue, n * 2 + 1);
  SortData d = { in, key, FALSE };
  gboolean ok = TRUE;

  /* decorate: (key, index) pairs as tuples to keep stability and reverse */
  for (guint i = 0; i < n; i++)
    {
      BsValue k;

      if (!bs_value_is_none (key))
        {
          if (!bs_call_simple (in, key, &g_array_index (items, BsValue, i), 1, &k))
            {
              for (guint j = 0; j < i; j++)
                bs_value_unref (pairs[j * 2]);
              g_free (pairs);
              return FALSE;
            }
        }
      else
        k = bs_value_ref (g_array_index (items, BsValue, i));
      pairs[i * 2] = k;
      pairs[i * 2 + 1] = g_array_index (items, BsValue, i);
    }
  {
    /* insertion-merge via g_qsort_with_data is stable (it is a merge sort) */
    typedef struct { BsValue k; BsValue v; } Pair;
    Pair *p = (Pair *) pairs;

    if (reverse)
      for (guint i = 0; i < n / 2; i++)
        {
          Pair t = p[i];

          p[i] = p[n - 1 - i];
          p[n - 1 - i] = t;
        }
    g_qsort_with_data (p, n, sizeof (Pair), sort_compare, &d);
    if (reverse)
      for (guint i = 0; i < n / 2; i++)
        {
          Pair t = p[i];

          p[i] = p[n - 1 - i];
          p[n - 1 - i] = t;
        }
    if (d.failed)
      ok = FALSE;
    else
      for (guint i = 0; i < n; i++)
        g_array_index (items, BsValue, i) = p[i].v;
    for (guint i = 0; i < n; i++)
      bs_value_unref (p[i].k);
  }
  g_free (pairs);
  return ok;
}

static gboolean
list_sort (BsInterp *in, BsCall *call, BsValue *r)
{
  gint64 reverse = 0;

  if (call->given[2] && !bs_to_int (in, bs_call_value (call, 2), &reverse))
    return FALSE;
  *r = BS_NONE;
  return bs_list_sort (in, call->self, bs_call_value (call, 1), reverse != 0);
}

static gboolean
list_copy (BsInterp *in, BsCall *call, BsValue *r)
{
  return bs_to_list (in, call->self, r);
}

static gboolean
list_clear (BsInterp *in, BsCall *call, BsValue *r)
{
  GArray *items = ((BsList *) call->self.as.object)->items;

  for (guint i = 0; i < items->len; i++)
    bs_value_unref (g_array_index (items, BsValue, i));
  g_array_set_size (items, 0);
  bs_list_charge (call->self);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_remove (BsInterp *in, BsCall *call, BsValue *r)
{
  GArray *items = ((BsList *) call->self.as.object)->items;

  for (guint i = 0; i < items->len; i++)
    {
      gboolean eq;

      if (!bs_equal (in, g_array_index (items, BsValue, i), bs_call_value (call, 1), &eq))
        return FALSE;
      if (eq)
        {
          bs_value_unref (g_array_index (items, BsValue, i));
          g_array_remove_index (items, i);
          bs_list_charge (call->self);
          *r = BS_NONE;
          return TRUE;
        }
    }
  return bs_raise (in, "ValueError", "list.remove(x): x not in list");
}

#define ROW(signature, func) { "list", BS_SIG_BUILTIN, "list." signature, func }

static const BsSignatureRow rows[] = {
  ROW ("append(self, object, /)", list_append),
  ROW ("extend(self, iterable, /)", list_extend),
  ROW ("pop(self, index=-1, /)", list_pop),
  ROW ("insert(self, index, object, /)", list_insert),
  ROW ("index(self, value, start=0, stop=9223372036854775807, /)", bs_py_list_index),
  ROW ("count(self, value, /)", bs_py_list_count),
  ROW ("reverse(self, /)", list_reverse),
  ROW ("sort(self, /, *, key=None, reverse=False)", list_sort),
  ROW ("copy(self, /)", list_copy),
  ROW ("clear(self, /)", list_clear),
  ROW ("remove(self, value, /)", list_remove),
};

const BsSignatureTable bs_py_list_table = BS_SIGNATURE_TABLE (rows);

gboolean
bs_py_list_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out)
{
  return bs_py_method_find (in, "list", self, name, out);
}
