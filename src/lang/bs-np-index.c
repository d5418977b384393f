/* bs-np-index.c: a[key] and a[key] = value: views for ints, slices, None and ..., copies
 * for integer arrays and boolean masks, as numpy */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <string.h>

#include "bs-builtins-private.h"

typedef struct {
  BsTensor *view;                       /* Owned: the basic indexing's view */
  BsTensor *advanced[BS_MAX_DIMS];      /* Owned: per dim of view, or NULL */
  int       n_advanced;
} Indexed;

static void
indexed_clear (Indexed *ix)
{
  g_clear_pointer (&ix->view, bs_tensor_unref);
  for (int i = 0; i < BS_MAX_DIMS; i++)
    g_clear_pointer (&ix->advanced[i], bs_tensor_unref);
}

static gboolean
is_advanced (BsValue v)
{
  BsTensor *t = bs_np_array_tensor (v);

  return (t != NULL && t->ndim > 0) || bs_value_is_object (v, BS_OBJECT_LIST)
         || bs_value_is_object (v, BS_OBJECT_RANGE)
         || (bs_np_scalar_tensor (v) == NULL && t != NULL)
         || (t != NULL && t->dtype == BS_DTYPE_BOOL);
}

/* How many dims of the array an item of the key consumes */
static int
consumed (BsValue v)
{
  BsTensor *t = bs_np_array_tensor (v);

  if (bs_value_is_none (v) || bs_is_ellipsis (v))
    return 0;
  if (t != NULL && t->dtype == BS_DTYPE_BOOL)
    return MAX (t->ndim, 1);
  return 1;
}

static gboolean
index_tensor (BsInterp  *in,
              BsValue    v,
              BsTensor **out)
{
  BsTensor *t = bs_np_as_tensor_shared (in, v, FALSE, BS_DTYPE_INT64);

  if (t == NULL)
    return FALSE;
  if (bs_dtype_is_floating (t->dtype))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "IndexError", "arrays used as indices must be of integer (or "
                       "boolean) type");
    }
  /* integers of any width index as int64 (the engine takes a uint8 for a mask) */
  if ((bs_tensor_numel (t) == 0 || t->dtype != BS_DTYPE_BOOL) && t->dtype != BS_DTYPE_INT64)
    {
      BsTensor *c = bs_np_cast (in, t, BS_DTYPE_INT64);

      bs_tensor_unref (t);
      t = c;
    }
  *out = t;
  return TRUE;
}

/* Parses key against a: the view of its basic part, and the advanced indices */
static gboolean
parse_key (BsInterp *in,
           BsTensor *a,
           BsValue   key,
           Indexed  *ix)
{
  BsValue single[1] = { key };
  BsValue *items = single;
  gsize n = 1;
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS], offset = a->offset;
  int ndim = 0, dim = 0, used = 0, n_ellipsis = 0;
  gboolean any_advanced = FALSE;

  memset (ix, 0, sizeof *ix);
  if (bs_value_is_object (key, BS_OBJECT_TUPLE))
    items = bs_value_items (key, &n);
  for (gsize i = 0; i < n; i++)
    {
      used += consumed (items[i]);
      n_ellipsis += bs_is_ellipsis (items[i]);
      any_advanced |= is_advanced (items[i]);
    }
  if (n_ellipsis > 1)
    return bs_raise (in, "IndexError", "an index can only have a single ellipsis ('...')");
  if (used > a->ndim)
    return bs_raise (in, "IndexError", "too many indices for array: array is %d-dimensional, "
                     "but %d were indexed", a->ndim, used);
  for (gsize i = 0; i < n; i++)
    {
      BsValue v = items[i];
      BsTensor *vt = bs_np_tensor_of (v);

      if (ndim >= BS_MAX_DIMS && !bs_is_ellipsis (v))
        return bs_raise (in, "IndexError", "Backstep's numpy has at most %d dimensions",
                         BS_MAX_DIMS);
      if (bs_value_is_none (v))
        {
          shape[ndim] = 1;
          strides[ndim++] = 0;
        }
      else if (bs_is_ellipsis (v))
        {
          for (int k = 0; k < a->ndim - used; k++)
            {
              shape[ndim] = a->shape[dim];
              strides[ndim++] = a->strides[dim++];
            }
        }
      else if (bs_value_is_object (v, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step, len;

          if (!bs_py_slice_indices (in, (BsSlice *) v.as.object, a->shape[dim], &start, &stop,
                                    &step))
            return FALSE;
          len = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                         : (start > stop ? (start - stop - step - 1) / -step : 0);
          offset += start * a->strides[dim];
          shape[ndim] = len;
          strides[ndim++] = a->strides[dim++] * step;
        }
      else if (is_advanced (v) && !(vt != NULL && vt->ndim == 0 && vt->dtype != BS_DTYPE_BOOL))
        {
          BsTensor *t = NULL;

          if (!index_tensor (in, v, &t))
            return FALSE;
          if (t->dtype == BS_DTYPE_BOOL)
            {
              for (int k = 0; k < t->ndim; k++)
                if (t->shape[k] != a->shape[dim + k])
                  {
                    bs_tensor_unref (t);
                    return bs_raise (in, "IndexError", "boolean index did not match indexed "
                                     "array along dimension %d; dimension is %" G_GINT64_FORMAT
                                     " but corresponding boolean dimension is %"
                                     G_GINT64_FORMAT, dim + k, a->shape[dim + k], t->shape[k]);
                  }
            }
          else
            {
              gint64 m = bs_tensor_numel (t);

              for (gint64 k = 0; k < m; k++)
                {
                  gint64 x = bs_tensor_get_int (t, k);

                  if (x < -a->shape[dim] || x >= a->shape[dim])
                    {
                      bs_tensor_unref (t);
                      return bs_raise (in, "IndexError", "index %" G_GINT64_FORMAT " is out of "
                                       "bounds for axis %d with size %" G_GINT64_FORMAT, x,
                                       dim, a->shape[dim]);
                    }
                }
            }
          ix->advanced[ndim] = t;
          ix->n_advanced++;
          for (int k = 0; k < MAX (t->ndim, 1) && t->dtype == BS_DTYPE_BOOL; k++)
            {
              shape[ndim] = a->shape[dim];
              strides[ndim++] = a->strides[dim++];
            }
          if (t->dtype != BS_DTYPE_BOOL)
            {
              shape[ndim] = a->shape[dim];
              strides[ndim++] = a->strides[dim++];
            }
        }
      else
        {
          gint64 k;

          if (v.type == BS_VALUE_FLOAT || (vt != NULL && bs_dtype_is_floating (vt->dtype))
              || (!bs_is_int (v) && vt == NULL))
            return bs_raise (in, "IndexError", "only integers, slices (`:`), ellipsis (`...`), "
                             "numpy.newaxis (`None`) and integer or boolean arrays are valid "
                             "indices");
          k = vt != NULL ? bs_tensor_get_int (vt, 0) : bs_int_of (v);
          if (k < -a->shape[dim] || k >= a->shape[dim])
            return bs_raise (in, "IndexError", "index %" G_GINT64_FORMAT " is out of bounds for "
                             "axis %d with size %" G_GINT64_FORMAT, k, dim, a->shape[dim]);
          if (k < 0)
            k += a->shape[dim];
          if (any_advanced)
            {
              /* with advanced indices an int is one too: numpy places the result dims by it */
              ix->advanced[ndim] = bs_tensor_new_scalar (a->context, BS_DTYPE_INT64, k);
              *(gint64 *) bs_tensor_data (ix->advanced[ndim]) = k;
              ix->n_advanced++;
              shape[ndim] = a->shape[dim];
              strides[ndim++] = a->strides[dim++];
            }
          else
            offset += k * a->strides[dim++];
        }
    }
  while (dim < a->ndim)
    {
      shape[ndim] = a->shape[dim];
      strides[ndim++] = a->strides[dim++];
    }
  ix->view = bs_tensor_alias (a, ndim, shape, strides, offset);
  return TRUE;
}

static int
last_advanced (Indexed *ix)
{
  int last = -1;

  for (int i = 0; i < BS_MAX_DIMS; i++)
    if (ix->advanced[i] != NULL)
      last = i;
  return last;
}

gboolean
bs_np_getitem (BsInterp *in,
               BsValue   self,
               BsValue   key,
               BsValue  *out)
{
  BsTensor *a = bs_np_tensor_of (self), *res;
  Indexed ix;
  GError *error = NULL;
  BsNpQuiet quiet;
  gboolean scalar_ok = !bs_is_ellipsis (key);
  BsTensor *mask = bs_np_array_tensor (key);

  if (mask != NULL && mask->dtype == BS_DTYPE_BOOL)
    {
      if (!bs_np_fast_mask (in, a, mask, &res))
        return FALSE;
      if (res != NULL)
        {
          *out = bs_np_array_new (in, res);
          return TRUE;
        }
    }
  if (!parse_key (in, a, key, &ix))
    {
      indexed_clear (&ix);
      return FALSE;
    }
  if (ix.n_advanced == 0)
    {
      res = g_steal_pointer (&ix.view);
      indexed_clear (&ix);
      *out = res->ndim == 0 && scalar_ok ? bs_np_scalar_new (in, res) : bs_np_array_new (in, res);
      return TRUE;
    }
  bs_np_quiet_begin (in, &quiet);
  res = bs_index_multi (ix.view, (const BsTensor *const *) ix.advanced, last_advanced (&ix) + 1,
                        &error);
  bs_np_quiet_end (&quiet);
  indexed_clear (&ix);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *out = bs_np_wrap (in, res);
  return TRUE;
}

gboolean
bs_np_setitem (BsInterp *in,
               BsValue   self,
               BsValue   key,
               BsValue   value)
{
  BsTensor *a = bs_np_array_tensor (self);
  g_autoptr(BsTensor) v = NULL;
  Indexed ix;
  GError *error = NULL;
  BsNpQuiet quiet;
  gboolean ok;

  if (a == NULL)
    return bs_raise (in, "TypeError", "'%s' object does not support item assignment",
                     bs_type_name (self));
  v = bs_np_as_tensor (in, value, TRUE, a->dtype);
  if (v == NULL || !parse_key (in, a, key, &ix))
    {
      if (v != NULL)
        indexed_clear (&ix);
      return FALSE;
    }
  bs_np_quiet_begin (in, &quiet);
  if (ix.n_advanced == 0)
    {
      ok = bs_tensor_copy_from (ix.view, v, &error);
      if (!ok && error != NULL && g_str_has_prefix (error->message, "The size"))
        {
          g_autofree char *msg = NULL;

          g_clear_error (&error);
          bs_np_quiet_end (&quiet);
          indexed_clear (&ix);
          return bs_raise (in, "ValueError", "could not broadcast input array into the "
                           "indexed shape");
        }
    }
  else
    {
      BsTensor *done = bs_index_put_ (ix.view, (const BsTensor *const *) ix.advanced,
                                      last_advanced (&ix) + 1, v, FALSE, &error);

      ok = done != NULL;
      if (done != NULL)
        bs_tensor_unref (done);
    }
  bs_np_quiet_end (&quiet);
  indexed_clear (&ix);
  if (!ok)
    return bs_raise_gerror (in, error);
  bs_tensor_bump_version (a);
  return TRUE;
}

gboolean
bs_np_nonzero_tuple (BsInterp *in,
                     BsTensor *a,
                     BsValue  *out)
{
  g_autoptr(BsTensor) nz = NULL, src = NULL;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsValue tuple;
  int ndim = MAX (a->ndim, 1);
  gint64 n;

  if (a->ndim == 0)
    {
      gint64 one = 1;

      src = bs_tensor_alias (a, 1, &one, (gint64[]) { 1 }, a->offset);
    }
  else
    src = bs_tensor_ref (a);
  bs_np_quiet_begin (in, &quiet);
  nz = bs_nonzero (src, &error);
  bs_np_quiet_end (&quiet);
  if (nz == NULL)
    return bs_raise_gerror (in, error);
  n = nz->shape[0];
  tuple = bs_tuple_new (in->heap, ndim);
  for (int d = 0; d < ndim; d++)
    {
      BsTensor *col = bs_tensor_alias (nz, 1, &n, &nz->strides[0], nz->offset + d * nz->strides[1]);
      BsTensor *c = bs_tensor_contiguous_copy (col, BS_DTYPE_INT64, NULL);

      bs_tensor_unref (col);
      ((BsTuple *) tuple.as.object)->items[d] = bs_np_array_new (in, c);
    }
  *out = tuple;
  return TRUE;
}

DECLARED (np_nonzero)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);

  return a != NULL && bs_np_nonzero_tuple (in, a, r);
}

DECLARED (np_getitem)
{
  return bs_np_getitem (in, call->self, bs_np_value (call, 1), r);
}

DECLARED (np_setitem)
{
  *r = BS_NONE;
  return bs_np_setitem (in, call->self, bs_np_value (call, 1), bs_np_value (call, 2));
}

static const BsSignatureRow rows[] = {
  { "numpy", BS_SIG_PYTHON, "nonzero(a)", np_nonzero, 0 },
  { "numpy.ndarray", BS_SIG_BUILTIN, "ndarray.nonzero(self, /)", np_nonzero, 0 },
  { "numpy.ndarray", BS_SIG_BUILTIN, "ndarray.__getitem__(self, key, /)", np_getitem, 0 },
  { "numpy.ndarray", BS_SIG_BUILTIN, "ndarray.__setitem__(self, key, value, /)", np_setitem, 0 },
};

const BsSignatureTable bs_np_index_table = BS_SIGNATURE_TABLE (rows);
