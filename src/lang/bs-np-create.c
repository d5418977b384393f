/* bs-np-create.c: numpy's array creation: array, zeros, arange, linspace, eye, *_like ... */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

#include "bs-py-number.h"

BsValue
bs_np_value (BsCall *call,
             guint   i)
{
  return call->given[i] ? call->values[i] : call->sig->params[i].default_value;
}

gboolean
bs_np_refuse_param (BsCall     *call,
                    const char *name)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (strcmp (call->sig->params[i].name, name) == 0)
      {
        if (!bs_call_has (call, i))
          return TRUE;
        return bs_raise (call->in, "NotImplementedError", "%s(%s=...) is not supported by "
                         "Backstep's numpy", call->sig->short_name, name);
      }
  return TRUE;
}

/* The index of the parameter called name (it must exist). */
int
bs_np_param (BsCall     *call,
             const char *name)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (strcmp (call->sig->params[i].name, name) == 0)
      return i;
  g_return_val_if_reached (0);
}

/* dtype= when given (not None): *has TRUE and *dtype set */
gboolean
bs_np_dtype_param (BsCall   *call,
                   guint     i,
                   gboolean *has,
                   BsDType  *dtype)
{
  *has = bs_call_has (call, i);
  return !*has || bs_np_value_dtype (call->in, bs_np_value (call, i), dtype);
}

/* order= other than 'C' (numpy's memory layouts) is refused */
gboolean
bs_np_refuse_order (BsCall *call)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (strcmp (call->sig->params[i].name, "order") == 0)
      {
        const char *s = bs_value_str (bs_np_value (call, i));

        if (!bs_call_has (call, i) || (s != NULL && (strcmp (s, "C") == 0 || strcmp (s, "K") == 0
                                                     || strcmp (s, "A") == 0)))
          return TRUE;
        return bs_raise (call->in, "NotImplementedError", "%s(order=...) other than 'C' is not "
                         "supported by Backstep's numpy", call->sig->short_name);
      }
  return TRUE;
}

/* A shape as numpy takes it: an int or a sequence of ints, -1 allowed */
gboolean
bs_np_shape_arg_any (BsInterp *in,
                 BsValue   v,
                 gint64   *shape,
                 int      *ndim)
{
  gsize n;
  BsValue *items = bs_value_items (v, &n);
  BsTensor *t = bs_np_array_tensor (v);

  if (items == NULL && t != NULL && t->ndim == 1 && !bs_dtype_is_floating (t->dtype))
    {
      if (t->shape[0] > BS_MAX_DIMS)
        return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                         BS_MAX_DIMS);
      *ndim = t->shape[0];
      for (int i = 0; i < *ndim; i++)
        shape[i] = bs_tensor_get_int (t, i);
    }
  else if (items == NULL)
    {
      if (v.type == BS_VALUE_FLOAT || bs_np_scalar_tensor (v) != NULL)
        return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                         v.type == BS_VALUE_FLOAT ? "float" : bs_type_name (v));
      *ndim = 1;
      if (!bs_to_int (in, v, &shape[0]))
        return FALSE;
    }
  else
    {
      if (n > BS_MAX_DIMS)
        return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                         BS_MAX_DIMS);
      *ndim = n;
      for (gsize i = 0; i < n; i++)
        {
          if (items[i].type == BS_VALUE_FLOAT)
            return bs_raise (in, "TypeError", "'float' object cannot be interpreted as an "
                             "integer");
          if (!bs_to_int (in, items[i], &shape[i]))
            return FALSE;
        }
    }
  return TRUE;
}

/* The same, each dimension at least 0 */
gboolean
bs_np_shape_arg (BsInterp *in,
                 BsValue   v,
                 gint64   *shape,
                 int      *ndim)
{
  if (!bs_np_shape_arg_any (in, v, shape, ndim))
    return FALSE;
  for (int i = 0; i < *ndim; i++)
    if (shape[i] < 0)
      return bs_raise (in, "ValueError", "negative dimensions are not allowed");
  return TRUE;
}

static BsTensor *
new_full (BsInterp     *in,
          BsDType       dtype,
          int           ndim,
          const gint64 *shape,
          double        value)
{
  GError *error = NULL;
  BsTensor *t = bs_tensor_new_full (in->context, dtype, ndim, shape, value, &error);

  return t != NULL ? t : bs_np_fail (in, error);
}

/* zeros (data 0), ones (1), empty (2: zeros, as numpy's memory is whatever it is) */
DECLARED (np_zeros)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  gboolean has;
  BsDType dtype = BS_DTYPE_FLOAT64;
  BsTensor *t;

  if (!bs_np_shape_arg (in, bs_np_value (call, 0), shape, &ndim)
      || !bs_np_dtype_param (call, 1, &has, &dtype) || !bs_np_refuse_param (call, "like"))
    return FALSE;
  t = new_full (in, dtype, ndim, shape, bs_call_data (call) == 1 ? 1.0 : 0.0);
  if (t == NULL)
    return FALSE;
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* The dtype numpy gives a Python scalar or numpy scalar: fill_value's */
static gboolean
scalar_value (BsInterp *in,
              BsValue   v,
              double   *value,
              BsDType  *dtype)
{
  BsTensor *t = bs_np_tensor_of (v);

  if (t != NULL && t->ndim == 0)
    {
      *value = bs_tensor_item (t);
      *dtype = t->dtype;
      return TRUE;
    }
  if (bs_is_number (v))
    {
      *value = bs_float_of (v);
      *dtype = v.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
             : v.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
      return TRUE;
    }
  return bs_raise (in, "NotImplementedError", "Backstep's numpy fills only with a number, not "
                   "'%s'", bs_type_name (v));
}

DECLARED (np_full)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  gboolean has;
  BsDType dtype, given;
  double value;
  BsTensor *t;

  if (!bs_np_shape_arg (in, bs_np_value (call, 0), shape, &ndim)
      || !scalar_value (in, bs_np_value (call, 1), &value, &dtype)
      || !bs_np_dtype_param (call, 2, &has, &given) || !bs_np_refuse_param (call, "like"))
    return FALSE;
  t = new_full (in, has ? given : dtype, ndim, shape, value);
  if (t == NULL)
    return FALSE;
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* zeros_like (0), ones_like (1), empty_like (2), full_like (3) */
DECLARED (np_like)
{
  int kind = bs_call_data (call);
  g_autoptr(BsTensor) a = bs_np_as_tensor_shared (in, bs_np_value (call, 0), FALSE,
                                                  BS_DTYPE_FLOAT64);
  gboolean has;
  BsDType dtype;
  double value = kind == 1 ? 1.0 : 0.0;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsTensor *t;
  guint d = kind == 3 ? 2 : 1;

  if (a == NULL || !bs_np_dtype_param (call, d, &has, &dtype)
      || !bs_np_refuse_param (call, "subok"))
    return FALSE;
  if (!has)
    dtype = a->dtype;
  ndim = a->ndim;
  memcpy (shape, a->shape, sizeof (gint64) * ndim);
  if (bs_call_has (call, d + 3) && !bs_np_shape_arg (in, bs_np_value (call, d + 3), shape,
                                                     &ndim))
    return FALSE;
  if (kind == 3)
    {
      BsDType ignored;

      if (!scalar_value (in, bs_np_value (call, 1), &value, &ignored))
        return FALSE;
    }
  t = new_full (in, dtype, ndim, shape, value);
  if (t == NULL)
    return FALSE;
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* array (data 0) copies; asarray (1) shares an ndarray of the dtype asked for */
DECLARED (np_array)
{
  gboolean has;
  BsDType dtype = BS_DTYPE_FLOAT64;
  BsTensor *t;
  BsValue obj = bs_np_value (call, 0);

  if (!bs_np_dtype_param (call, 1, &has, &dtype))
    return FALSE;
  if (bs_call_data (call) == 0)
    {
      gint64 ndmin = 0;

      if (!bs_np_refuse_param (call, "subok") || !bs_np_refuse_param (call, "like"))
        return FALSE;
      if (bs_call_has (call, bs_np_param (call, "ndmin"))
          && !bs_to_int (in, bs_np_value (call, bs_np_param (call, "ndmin")), &ndmin))
        return FALSE;
      if (call->given[bs_np_param (call, "copy")]
          && !bs_value_truthy (bs_np_value (call, bs_np_param (call, "copy"))))
        t = bs_np_as_tensor_shared (in, obj, has, dtype);
      else
        t = bs_np_as_tensor (in, obj, has, dtype);
      if (t != NULL && t->ndim < ndmin)
        {
          gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
          int pad = MIN (ndmin, BS_MAX_DIMS) - t->ndim;
          BsTensor *v;

          for (int i = 0; i < pad; i++)
            {
              shape[i] = 1;
              strides[i] = 0;
            }
          memcpy (shape + pad, t->shape, sizeof (gint64) * t->ndim);
          memcpy (strides + pad, t->strides, sizeof (gint64) * t->ndim);
          v = bs_tensor_alias (t, t->ndim + pad, shape, strides, t->offset);
          bs_tensor_unref (t);
          t = v;
        }
    }
  else
    {
      if (!bs_np_refuse_param (call, "like"))
        return FALSE;
      t = bs_np_as_tensor_shared (in, obj, has, dtype);
    }
  if (t == NULL)
    return FALSE;
  *r = bs_np_array_new (in, t);
  return TRUE;
}

DECLARED (np_arange)
{
  BsValue args[3] = { bs_np_value (call, 0), bs_np_value (call, 1), bs_np_value (call, 2) };
  gboolean all_int = TRUE, has;
  double start = 0, stop, step = 1;
  BsDType dtype;
  gint64 n;
  BsTensor *t;
  GError *error = NULL;

  if (!bs_np_dtype_param (call, 3, &has, &dtype) || !bs_np_refuse_param (call, "like"))
    return FALSE;
  for (int i = 0; i < 3; i++)
    {
      BsTensor *s = bs_np_tensor_of (args[i]);

      if (bs_value_is_none (args[i]))
        continue;
      if (args[i].type == BS_VALUE_FLOAT || (s != NULL && bs_dtype_is_floating (s->dtype)))
        all_int = FALSE;
      else if (!bs_is_number (args[i]) && s == NULL)
        return bs_raise (in, "TypeError", "unsupported operand type(s) for -: '%s' and 'int'",
                         bs_type_name (args[i]));
    }
  if (bs_value_is_none (args[1]))
    {
      if (!bs_to_double (in, args[0], &stop))
        return FALSE;
    }
  else if (!bs_to_double (in, args[0], &start) || !bs_to_double (in, args[1], &stop))
    return FALSE;
  if (!bs_value_is_none (args[2]) && !bs_to_double (in, args[2], &step))
    return FALSE;
  if (step == 0)
    return bs_raise (in, "ZeroDivisionError", "division by zero");
  n = (gint64) ceil ((stop - start) / step);
  if (n < 0 || !isfinite ((stop - start) / step))
    n = 0;
  if (!has)
    dtype = all_int ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT64;
  t = bs_tensor_new_uninit (in->context, dtype, 1, &n, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (dtype == BS_DTYPE_INT64 && all_int)
    {
      gint64 *p = bs_tensor_data (t), s0 = (gint64) start, d = (gint64) step;

      for (gint64 i = 0; i < n; i++)
        p[i] = s0 + i * d;
    }
  else
    {
      /* numpy fills from the first two values: start and start + step */
      double delta = (start + step) - start;

      for (gint64 i = 0; i < n; i++)
        bs_tensor_set (t, i, i == 0 ? start : start + i * delta);
    }
  *r = bs_np_array_new (in, t);
  return TRUE;
}

DECLARED (np_linspace)
{
  double start, stop, step, delta, div;
  gint64 num;
  gboolean endpoint, has;
  BsDType dtype = BS_DTYPE_FLOAT64;
  g_autoptr(BsTensor) y = NULL;
  GError *error = NULL;

  if (!bs_to_double (in, bs_np_value (call, 0), &start)
      || !bs_to_double (in, bs_np_value (call, 1), &stop)
      || !bs_to_int (in, bs_np_value (call, 2), &num)
      || !bs_np_dtype_param (call, 5, &has, &dtype))
    return FALSE;
  if (bs_call_has (call, 6))
    {
      gint64 axis;

      if (!bs_to_int (in, bs_np_value (call, 6), &axis))
        return FALSE;
      if (axis != 0 && axis != -1)
        return bs_raise (in, "ValueError", "axis %" G_GINT64_FORMAT " is out of "
                         "bounds for array of dimension 1", axis);
    }
  if (num < 0)
    return bs_raise (in, "ValueError", "Number of samples, %" G_GINT64_FORMAT ", must be "
                     "non-negative.", num);
  endpoint = bs_value_truthy (bs_np_value (call, 3));
  div = endpoint ? num - 1 : num;
  delta = stop - start;
  step = div > 0 ? delta / div : NAN;
  y = bs_tensor_new_uninit (in->context, BS_DTYPE_FLOAT64, 1, &num, &error);
  if (y == NULL)
    return bs_raise_gerror (in, error);
  for (gint64 i = 0; i < num; i++)
    {
      double v;

      if (div > 0)
        v = step == 0 ? (i / div) * delta : i * step;
      else
        v = i * delta;
      ((double *) bs_tensor_data (y))[i] = v + start;
    }
  if (endpoint && num > 1)
    ((double *) bs_tensor_data (y))[num - 1] = stop;
  if (has && !bs_dtype_is_floating (dtype))
    for (gint64 i = 0; i < num; i++)
      ((double *) bs_tensor_data (y))[i] = floor (((double *) bs_tensor_data (y))[i]);
  {
    BsTensor *out = bs_np_cast (in, y, dtype);

    if (out == NULL)
      return FALSE;
    if (bs_value_truthy (bs_np_value (call, 4)))
      {
        BsValue items[2] = { bs_np_array_new (in, out), BS_FLOAT (step) };

        *r = bs_tuple_from (in, items, 2);
        bs_value_unref (items[0]);
      }
    else
      *r = bs_np_array_new (in, out);
  }
  return TRUE;
}

DECLARED (np_eye)
{
  gint64 n, m, k = 0;
  gboolean has;
  BsDType dtype = BS_DTYPE_FLOAT64;
  gint64 shape[2];
  BsTensor *t;

  if (!bs_to_int (in, bs_np_value (call, 0), &n)
      || (bs_call_has (call, 1) && !bs_to_int (in, bs_np_value (call, 1), &m))
      || !bs_to_int (in, bs_np_value (call, 2), &k)
      || !bs_np_dtype_param (call, 3, &has, &dtype) || !bs_np_refuse_param (call, "like"))
    return FALSE;
  if (!bs_call_has (call, 1))
    m = n;
  if (n < 0 || m < 0)
    return bs_raise (in, "ValueError", "negative dimensions are not allowed");
  shape[0] = n;
  shape[1] = m;
  t = new_full (in, dtype, 2, shape, 0.0);
  if (t == NULL)
    return FALSE;
  for (gint64 i = 0; i < n; i++)
    if (i + k >= 0 && i + k < m)
      bs_tensor_set (t, i * m + i + k, 1.0);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

DECLARED (np_identity)
{
  gint64 n;
  gboolean has;
  BsDType dtype = BS_DTYPE_FLOAT64;
  gint64 shape[2];
  BsTensor *t;

  if (!bs_to_int (in, bs_np_value (call, 0), &n) || !bs_np_dtype_param (call, 1, &has, &dtype))
    return FALSE;
  if (n < 0)
    return bs_raise (in, "ValueError", "negative dimensions are not allowed");
  shape[0] = shape[1] = n;
  t = new_full (in, dtype, 2, shape, 0.0);
  if (t == NULL)
    return FALSE;
  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (t, i * n + i, 1.0);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* meshgrid(*xi, copy=True, sparse=False, indexing='xy') */
DECLARED (np_meshgrid)
{
  gsize n;
  BsValue *xs = bs_value_items (bs_np_value (call, 0), &n);
  const char *indexing = bs_value_str (bs_np_value (call, 3));
  gboolean sparse = bs_value_truthy (bs_np_value (call, 2)), xy;
  gint64 shape[BS_MAX_DIMS];
  BsTensor *flat[BS_MAX_DIMS] = { NULL };
  BsValue list;
  GError *error = NULL;

  if (indexing == NULL)
    indexing = "xy";
  if (strcmp (indexing, "xy") != 0 && strcmp (indexing, "ij") != 0)
    return bs_raise (in, "ValueError", "Valid values for `indexing` are 'xy' and 'ij'.");
  if (n > BS_MAX_DIMS)
    return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                     BS_MAX_DIMS);
  xy = strcmp (indexing, "xy") == 0 && n > 1;
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(BsTensor) t = bs_np_as_tensor_shared (in, xs[i], FALSE, BS_DTYPE_FLOAT64);

      if (t == NULL)
        goto fail;
      flat[i] = bs_tensor_contiguous_copy (t, t->dtype, &error);
      if (flat[i] == NULL)
        {
          bs_raise_gerror (in, error);
          goto fail;
        }
      shape[i] = bs_tensor_numel (t);
    }
  if (xy)
    {
      gint64 s = shape[0];

      shape[0] = shape[1];
      shape[1] = s;
    }
  list = bs_list_new (in->heap);
  for (gsize i = 0; i < n; i++)
    {
      gint64 vshape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
      gsize at = xy && i < 2 ? 1 - i : i;
      BsTensor *v, *out;

      for (gsize d = 0; d < n; d++)
        {
          vshape[d] = d == at ? shape[d] : sparse ? 1 : shape[d];
          strides[d] = d == at ? 1 : 0;
        }
      v = bs_tensor_alias (flat[i], n, vshape, strides, flat[i]->offset);
      out = sparse ? bs_tensor_ref (v) : bs_tensor_contiguous_copy (v, v->dtype, &error);
      bs_tensor_unref (v);
      if (out == NULL)
        {
          bs_value_unref (list);
          bs_raise_gerror (in, error);
          goto fail;
        }
      bs_list_append (list, bs_np_array_new (in, out));
    }
  for (gsize i = 0; i < n; i++)
    bs_tensor_unref (flat[i]);
  *r = list;
  return TRUE;

fail:
  for (gsize i = 0; i < n; i++)
    g_clear_pointer (&flat[i], bs_tensor_unref);
  return FALSE;
}

/* np.ndarray(shape, dtype=float): zeros (numpy leaves the memory as it is) */
DECLARED (np_ndarray)
{
  if (!bs_np_refuse_param (call, "buffer") || !bs_np_refuse_param (call, "strides")
      || !bs_np_refuse_order (call))
    return FALSE;
  return np_zeros (in, call, r);
}

#define ROW(sig, func, data) { "numpy", BS_SIG_PYTHON, sig, func, data }

static const BsSignatureRow rows[] = {
  ROW ("array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None)",
       np_array, 0),
  ROW ("asarray(a, dtype=None, order=None, *, like=None)", np_array, 1),
  ROW ("zeros(shape, dtype=float, order='C', *, like=None)", np_zeros, 0),
  ROW ("ones(shape, dtype=None, order='C', *, like=None)", np_zeros, 1),
  ROW ("empty(shape, dtype=float, order='C', *, like=None)", np_zeros, 2),
  ROW ("full(shape, fill_value, dtype=None, order='C', *, like=None)", np_full, 0),
  ROW ("zeros_like(a, dtype=None, order='K', subok=True, shape=None)", np_like, 0),
  ROW ("ones_like(a, dtype=None, order='K', subok=True, shape=None)", np_like, 1),
  ROW ("empty_like(prototype, dtype=None, order='K', subok=True, shape=None)", np_like, 2),
  ROW ("full_like(a, fill_value, dtype=None, order='K', subok=True, shape=None)", np_like, 3),
  ROW ("arange(start, stop=None, step=None, dtype=None, *, like=None)", np_arange, 0),
  ROW ("linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)",
       np_linspace, 0),
  ROW ("eye(N, M=None, k=0, dtype=float, order='C', *, like=None)", np_eye, 0),
  ROW ("identity(n, dtype=None, *, like=None)", np_identity, 0),
  ROW ("meshgrid(*xi, copy=True, sparse=False, indexing='xy')", np_meshgrid, 0),
  ROW ("ndarray(shape, dtype=float, buffer=None, offset=0, strides=None, order=None)",
       np_ndarray, 2),
};

const BsSignatureTable bs_np_create_table = BS_SIGNATURE_TABLE (rows);
