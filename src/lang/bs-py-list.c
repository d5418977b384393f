/* bs-py-list.c: list: its methods and sorting */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-list.h"

static gboolean
list_append (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "list.append() takes exactly one argument (%u given)",
                     a->n_args);
  bs_list_append (self, bs_value_ref (a->args[0]));
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_extend (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "list.extend() takes exactly one argument (%u given)",
                     a->n_args);
  if (!bs_to_list (in, a->args[0], &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    bs_list_append (self, bs_value_ref (items[i]));
  bs_value_unref (list);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;
  gint64 i = (gint64) items->len - 1;

  if (items->len == 0)
    return bs_raise (in, "IndexError", "pop from empty list");
  if (a->n_args > 0 && !bs_py_normalize_index (in, a->args[0], items->len, "pop", &i))
    return FALSE;
  *r = g_array_index (items, BsValue, i);
  g_array_remove_index (items, i);
  return TRUE;
}

static gboolean
list_insert (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;
  gint64 i;
  BsValue v;

  if (a->n_args != 2 || !bs_to_int (in, a->args[0], &i))
    return a->n_args != 2 ? bs_raise (in, "TypeError", "insert expected 2 arguments") : FALSE;
  if (i < 0)
    i = MAX (0, i + (gint64) items->len);
  i = MIN (i, (gint64) items->len);
  v = bs_value_ref (a->args[1]);
  g_array_insert_val (items, i, v);
  *r = BS_NONE;
  return TRUE;
}

gboolean
bs_py_list_index (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "index expected 1 argument");
  for (gsize i = 0; i < n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], a->args[0], &eq))
        return FALSE;
      if (eq)
        {
          *r = BS_INT (i);
          return TRUE;
        }
    }
  {
    GString *s = g_string_new (NULL);

    bs_repr (in, a->args[0], s);
    if (bs_value_is_object (self, BS_OBJECT_LIST))
      bs_raise (in, "ValueError", "%s is not in list", s->str);
    else
      bs_raise (in, "ValueError", "tuple.index(x): x not in tuple");
    g_string_free (s, TRUE);
    return FALSE;
  }
}

gboolean
bs_py_list_count (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);
  gint64 count = 0;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "count expected 1 argument");
  for (gsize i = 0; i < n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], a->args[0], &eq))
        return FALSE;
      count += eq;
    }
  *r = BS_INT (count);
  return TRUE;
}

static gboolean
list_reverse (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);

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
list_sort (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue *key = bs_arg (a, G_MAXUINT, "key");
  BsValue *reverse = bs_arg (a, G_MAXUINT, "reverse");

  *r = BS_NONE;
  return bs_list_sort (in, self, key != NULL ? *key : BS_NONE,
                       reverse != NULL && bs_value_truthy (*reverse));
}

static gboolean
list_copy (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  return bs_to_list (in, self, r);
}

static gboolean
list_clear (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;

  for (guint i = 0; i < items->len; i++)
    bs_value_unref (g_array_index (items, BsValue, i));
  g_array_set_size (items, 0);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_remove (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "remove expected 1 argument");
  for (guint i = 0; i < items->len; i++)
    {
      gboolean eq;

      if (!bs_equal (in, g_array_index (items, BsValue, i), a->args[0], &eq))
        return FALSE;
      if (eq)
        {
          bs_value_unref (g_array_index (items, BsValue, i));
          g_array_remove_index (items, i);
          *r = BS_NONE;
          return TRUE;
        }
    }
  return bs_raise (in, "ValueError", "list.remove(x): x not in list");
}

static const BsPyMethod list_methods[] = {
  { "append", list_append }, { "extend", list_extend }, { "pop", list_pop },
  { "insert", list_insert }, { "index", bs_py_list_index }, { "count", bs_py_list_count },
  { "reverse", list_reverse }, { "sort", list_sort }, { "copy", list_copy },
  { "clear", list_clear }, { "remove", list_remove }, { NULL, NULL },
};

gboolean
bs_py_list_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out)
{
  return bs_py_method_from_table (in, list_methods, self, name, out);
}
