/* bs-np-sort.c: numpy's sort, argsort, unique and meshgrid */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The array flattened (axis=None) or the axis argument normalised; a new reference */
static BsTensor *
sort_input (BsCall  *call,
            BsValue  axis_value,
            int     *axis)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  GError *error = NULL;

  if (a == NULL)
    return NULL;
  if (bs_value_is_none (axis_value) || a->ndim == 0)
    {
      gint64 n = bs_tensor_numel (a);
      g_autoptr(BsTensor) c = bs_tensor_contiguous_copy (a, a->dtype, &error);

      if (c == NULL)
        return bs_np_fail (call->in, error);
      *axis = 0;
      if (!bs_value_is_none (axis_value) && a->ndim == 0)
        {
          bs_np_raise_axis (call->in, bs_tensor_get_int (a, 0), 0);
          return NULL;
        }
      return bs_tensor_alias (c, 1, &n, (gint64[]) { 1 }, c->offset);
    }
  if (!bs_np_axis (call->in, axis_value, a->ndim, axis))
    return NULL;
  return g_steal_pointer (&a);
}

static gboolean
check_kind (BsCall *call)
{
  BsValue kind = bs_np_value (call, bs_np_param (call, "kind"));
  const char *s = bs_value_str (kind);

  if (!bs_np_refuse_param (call, "order"))
    return FALSE;
  if (bs_value_is_none (kind) || (s != NULL && (strcmp (s, "quicksort") == 0
                                                || strcmp (s, "stable") == 0
                                                || strcmp (s, "mergesort") == 0
                                                || strcmp (s, "heapsort") == 0)))
    return TRUE;
  return bs_raise (call->in, "ValueError", "sort kind must be one of 'quick', 'heap', or "
                   "'stable' (got '%s')", s != NULL ? s : "?");
}

/* np.sort (data 0), np.argsort (1), ndarray.argsort (1), ndarray.sort (2: in place) */
DECLARED (np_sort)
{
  int mode = bs_call_data (call), axis;
  g_autoptr(BsTensor) a = NULL;
  BsTensor *values, *indices = NULL;
  GError *error = NULL;
  BsNpQuiet quiet;

  if (!check_kind (call))
    return FALSE;
  a = sort_input (call, bs_np_value (call, bs_np_param (call, "axis")), &axis);
  if (a == NULL)
    return FALSE;
  bs_np_quiet_begin (in, &quiet);
  values = bs_sort (a, axis, FALSE, &indices, &error);
  bs_np_quiet_end (&quiet);
  if (values == NULL)
    return bs_raise_gerror (in, error);
  if (mode == 1)
    {
      bs_tensor_unref (values);
      *r = bs_np_array_new (in, indices);
      return TRUE;
    }
  bs_tensor_unref (indices);
  if (mode == 2)
    {
      gboolean ok;

      bs_np_quiet_begin (in, &quiet);
      ok = bs_tensor_copy_from (a, values, &error);
      bs_np_quiet_end (&quiet);
      bs_tensor_unref (values);
      if (!ok)
        return bs_raise_gerror (in, error);
      bs_tensor_bump_version (a);
      *r = BS_NONE;
      return TRUE;
    }
  *r = bs_np_array_new (in, values);
  return TRUE;
}

typedef struct {
  double value;
  gint64 index;
} Item;

static int
compare_items (const void *x,
               const void *y)
{
  const Item *a = x, *b = y;

  /* NaN sorts last, as numpy; ties by position, so that the first index comes first */
  if (isnan (a->value) || isnan (b->value))
    {
      if (isnan (a->value) && isnan (b->value))
        return a->index < b->index ? -1 : 1;
      return isnan (a->value) ? 1 : -1;
    }
  if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

DECLARED (np_unique)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  gboolean want_index, want_inverse, want_counts;
  g_autofree Item *items = NULL;
  g_autoptr(GArray) uniq = NULL, first = NULL, counts = NULL;
  g_autofree gint64 *inverse = NULL;
  GError *error = NULL;
  gint64 n, m;
  BsTensor *values;
  BsValue results[4];
  int n_results = 0;

  if (a == NULL)
    return FALSE;
  if (bs_call_has (call, 4))
    return bs_raise (in, "NotImplementedError", "unique(axis=...) is not supported by "
                     "Backstep's numpy");
  want_index = bs_value_truthy (bs_np_value (call, 1));
  want_inverse = bs_value_truthy (bs_np_value (call, 2));
  want_counts = bs_value_truthy (bs_np_value (call, 3));
  n = bs_tensor_numel (a);
  items = g_new (Item, MAX (n, 1));
  inverse = g_new (gint64, MAX (n, 1));
  for (gint64 i = 0; i < n; i++)
    {
      items[i].value = bs_tensor_get (a, i);
      items[i].index = i;
    }
  qsort (items, n, sizeof (Item), compare_items);
  uniq = g_array_new (FALSE, FALSE, sizeof (gint64));
  first = g_array_new (FALSE, FALSE, sizeof (gint64));
  counts = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (gint64 i = 0; i < n; i++)
    {
      gboolean same = i > 0 && (items[i].value == items[i - 1].value
                                || (isnan (items[i].value) && isnan (items[i - 1].value)));

      if (!same)
        {
          gint64 one = 1;

          g_array_append_val (uniq, items[i].index);
          g_array_append_val (first, items[i].index);
          g_array_append_val (counts, one);
        }
      else
        g_array_index (counts, gint64, counts->len - 1)++;
      inverse[items[i].index] = uniq->len - 1;
    }
  m = uniq->len;
  values = bs_tensor_new_uninit (in->context, a->dtype, 1, &m, &error);
  if (values == NULL)
    return bs_raise_gerror (in, error);
  {
    g_autoptr(BsTensor) flat = bs_tensor_contiguous_copy (a, a->dtype, &error);
    gsize size = bs_dtype_size (a->dtype);

    if (flat == NULL)
      {
        bs_tensor_unref (values);
        return bs_raise_gerror (in, error);
      }
    for (gint64 i = 0; i < m; i++)
      memcpy ((guint8 *) bs_tensor_data (values) + i * size,
              (guint8 *) bs_tensor_data (flat) + g_array_index (uniq, gint64, i) * size, size);
  }
  results[n_results++] = bs_np_array_new (in, values);
  if (want_index || want_inverse || want_counts)
    {
      GArray *sources[3] = { first, NULL, counts };
      gboolean wanted[3] = { want_index, want_inverse, want_counts };

      for (int k = 0; k < 3; k++)
        {
          gint64 len = k == 1 ? n : m;
          const gint64 *src = k == 1 ? inverse : (const gint64 *) sources[k]->data;
          BsTensor *t;

          if (!wanted[k])
            continue;
          t = bs_tensor_new_uninit (in->context, BS_DTYPE_INT64, 1, &len, &error);
          if (t == NULL)
            {
              for (int j = 0; j < n_results; j++)
                bs_value_unref (results[j]);
              return bs_raise_gerror (in, error);
            }
          if (len > 0)
            memcpy (bs_tensor_data (t), src, len * sizeof (gint64));
          results[n_results++] = bs_np_array_new (in, t);
        }
      *r = bs_tuple_from (in, results, n_results);
      for (int j = 0; j < n_results; j++)
        bs_value_unref (results[j]);
      return TRUE;
    }
  *r = results[0];
  return TRUE;
}


static const BsSignatureRow rows[] = {
  NP_FN ("sort(a, axis=-1, kind=None, order=None)", np_sort, 0),
  NP_FN ("argsort(a, axis=-1, kind=None, order=None)", np_sort, 1),
  NP_METHOD ("argsort(self, /, axis=-1, kind=None, order=None)", np_sort, 1),
  NP_METHOD ("sort(self, /, axis=-1, kind=None, order=None)", np_sort, 2),
  NP_FN ("unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, "
      "*, equal_nan=True)", np_unique, 0),
};

const BsSignatureTable bs_np_sort_table = BS_SIGNATURE_TABLE (rows);
