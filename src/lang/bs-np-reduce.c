/* bs-np-reduce.c: numpy's reductions with axis and keepdims: sum, mean, std, var, max, min,
 * argmax, argmin, prod, cumsum, any, all */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

#include "bs-builtins-private.h"

typedef enum {
  R_SUM, R_MEAN, R_STD, R_VAR, R_MAX, R_MIN, R_ARGMAX, R_ARGMIN, R_PROD, R_CUMSUM, R_ANY,
  R_ALL, R_CUMPROD, R_PTP,
} Reduction;

static const char *const identity_names[] = {
  [R_MAX] = "maximum", [R_MIN] = "minimum", [R_ARGMAX] = "argmax", [R_ARGMIN] = "argmin",
  [R_PTP] = "maximum",
};

/* axis= as numpy takes it: None (every axis), an int or a tuple of ints */
static gboolean
axes_arg (BsInterp *in,
          BsValue   v,
          int       ndim,
          gboolean *reduced,
          int      *n)
{
  gsize count;
  BsValue *items;

  *n = 0;
  for (int i = 0; i < ndim; i++)
    reduced[i] = bs_value_is_none (v);
  if (bs_value_is_none (v))
    {
      *n = ndim;
      return TRUE;
    }
  items = bs_value_items (v, &count);
  if (items == NULL)
    {
      items = &v;
      count = 1;
    }
  for (gsize i = 0; i < count; i++)
    {
      int axis;

      if (!bs_np_axis (in, items[i], ndim, &axis))
        return FALSE;
      if (reduced[axis])
        return bs_raise (in, "ValueError", "duplicate value in 'axis'");
      reduced[axis] = TRUE;
      (*n)++;
    }
  return TRUE;
}

static BsTensor *
reduce_dims (BsInterp  *in,
             Reduction  kind,
             BsTensor  *a,
             gint64    *dims,
             int        n,
             gboolean   keepdims,
             double     ddof,
             GError   **error)
{
  switch (kind)
    {
    case R_SUM: return bs_sum_dims (a, dims, n, keepdims, error);
    case R_MEAN: return bs_mean_dims (a, dims, n, keepdims, error);
    case R_STD: return bs_std (a, dims, n, ddof, keepdims, error);
    case R_VAR: return bs_var (a, dims, n, ddof, keepdims, error);
    case R_MAX: return bs_amax (a, dims, n, keepdims, error);
    case R_MIN: return bs_amin (a, dims, n, keepdims, error);
    case R_ANY: return bs_any_dims (a, dims, n, keepdims, error);
    case R_ALL: return bs_all_dims (a, dims, n, keepdims, error);
    case R_PTP:
      {
        g_autoptr(BsTensor) hi = bs_amax (a, dims, n, keepdims, error);
        g_autoptr(BsTensor) lo = hi != NULL ? bs_amin (a, dims, n, keepdims, error) : NULL;

        return lo != NULL ? bs_sub (hi, lo, 1.0, error) : NULL;
      }
    case R_PROD:
      {
        /* one dim at a time, the highest first so that the others keep their place */
        g_autoptr(BsTensor) t = bs_tensor_ref (a);

        for (int i = n - 1; i >= 0; i--)
          {
            BsTensor *p = bs_prod_dim (t, (int) dims[i], keepdims, error);

            if (p == NULL)
              return NULL;
            bs_tensor_unref (t);
            t = p;
          }
        return g_steal_pointer (&t);
      }
    default:
      return NULL;
    }
}

/* The dtype numpy accumulates in: sum and prod of bools and small ints give int64 */
static BsDType
accumulate_dtype (BsDType dtype)
{
  if (bs_dtype_is_floating (dtype))
    return dtype;
  return BS_DTYPE_INT64;
}

DECLARED (np_reduce)
{
  Reduction kind = bs_call_data (call);
  g_autoptr(BsTensor) a = bs_np_call_array (call), x = NULL;
  gboolean reduced[BS_MAX_DIMS], keepdims = FALSE, has_dtype = FALSE;
  gint64 dims[BS_MAX_DIMS];
  int n, n_dims = 0, p;
  double ddof = 0;
  BsDType dtype = BS_DTYPE_FLOAT64;
  BsTensor *res;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsValue axis;

  if (a == NULL || !bs_np_refuse_param (call, "out"))
    return FALSE;
  p = bs_np_param (call, "axis");
  axis = bs_np_value (call, p);
  if (!axes_arg (in, axis, a->ndim, reduced, &n))
    return FALSE;
  for (guint i = 0; i < call->sig->n_params; i++)
    {
      const char *name = call->sig->params[i].name;

      if (strcmp (name, "keepdims") == 0)
        keepdims = bs_value_truthy (bs_np_value (call, i));
      else if (strcmp (name, "dtype") == 0 && !bs_np_dtype_param (call, i, &has_dtype, &dtype))
        return FALSE;
      else if (strcmp (name, "ddof") == 0 && !bs_to_double (in, bs_np_value (call, i), &ddof))
        return FALSE;
      else if ((strcmp (name, "initial") == 0 || strcmp (name, "where") == 0)
               && call->given[i]
               && !(strcmp (name, "where") == 0 && bs_np_value (call, i).type == BS_VALUE_BOOL
                    && bs_np_value (call, i).as.boolean))
        return bs_raise (in, "NotImplementedError", "%s(%s=...) is not supported by Backstep's "
                         "numpy", call->sig->short_name, name);
    }
  for (int i = 0; i < a->ndim; i++)
    if (reduced[i])
      dims[n_dims++] = i;
  if (kind == R_MAX || kind == R_MIN || kind == R_PTP)
    for (int i = 0; i < a->ndim; i++)
      if (reduced[i] && a->shape[i] == 0)
        return bs_raise (in, "ValueError", "zero-size array to reduction operation %s which "
                         "has no identity", identity_names[kind]);
  if (!has_dtype)
    switch (kind)
      {
      case R_SUM: case R_PROD: dtype = accumulate_dtype (a->dtype); break;
      case R_MEAN: case R_STD: case R_VAR:
        dtype = bs_dtype_is_floating (a->dtype) ? a->dtype : BS_DTYPE_FLOAT64;
        break;
      case R_PTP:
        if (a->dtype == BS_DTYPE_BOOL)
          return bs_raise (in, "TypeError", "numpy boolean subtract, the `-` operator, is not "
                           "supported, use the bitwise_xor, the `^` operator, or the "
                           "logical_xor function instead.");
        dtype = a->dtype;
        break;
      default: dtype = a->dtype; break;
      }
  x = kind == R_ANY || kind == R_ALL ? bs_tensor_ref (a) : bs_np_cast (in, a, dtype);
  if (x == NULL)
    return FALSE;
  if (n_dims > 0 && (kind == R_SUM || kind == R_MEAN || kind == R_MAX || kind == R_MIN))
    {
      if (!bs_np_fast_reduce (in, kind == R_SUM ? BS_NP_FAST_SUM : kind == R_MEAN
                              ? BS_NP_FAST_MEAN : kind == R_MAX ? BS_NP_FAST_MAX
                              : BS_NP_FAST_MIN, x, reduced, keepdims, &res))
        return FALSE;
      if (res != NULL)
        {
          *r = bs_np_wrap (in, res);
          return TRUE;
        }
    }
  if (n_dims > 0 && (kind == R_STD || kind == R_VAR))
    {
      if (!bs_np_fast_var (in, x, reduced, keepdims, ddof, kind == R_STD, &res))
        return FALSE;
      if (res != NULL)
        {
          *r = bs_np_wrap (in, res);
          return TRUE;
        }
    }
  bs_np_quiet_begin (in, &quiet);
  if (n_dims == 0 && kind != R_ANY && kind != R_ALL)
    res = bs_tensor_contiguous_copy (x, x->dtype, &error);
  else if (n_dims == 0)
    res = bs_to_dtype (x, BS_DTYPE_BOOL, &error);
  else
    res = reduce_dims (in, kind, x, dims, n_dims, keepdims, ddof, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_wrap (in, res);
  return TRUE;
}

/* argmax (data R_ARGMAX), argmin */
DECLARED (np_arg_reduce)
{
  Reduction kind = bs_call_data (call);
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  BsValue axis;
  int dim = 0;
  gboolean keepdims;
  BsTensor *res;
  GError *error = NULL;
  BsNpQuiet quiet;

  if (a == NULL || !bs_np_refuse_param (call, "out"))
    return FALSE;
  axis = bs_np_value (call, bs_np_param (call, "axis"));
  keepdims = bs_value_truthy (bs_np_value (call, bs_np_param (call, "keepdims")));
  if (!bs_value_is_none (axis) && !bs_np_axis (in, axis, a->ndim, &dim))
    return FALSE;
  if (bs_value_is_none (axis) ? bs_tensor_numel (a) == 0 : a->shape[dim] == 0)
    return bs_raise (in, "ValueError", "attempt to get %s of an empty sequence",
                     identity_names[kind]);
  if (bs_value_is_none (axis) && !keepdims)
    {
      if (!bs_np_fast_arg_extreme (in, kind == R_ARGMAX, a, &res))
        return FALSE;
      if (res != NULL)
        {
          *r = bs_np_wrap (in, res);
          return TRUE;
        }
    }
  bs_np_quiet_begin (in, &quiet);
  if (bs_value_is_none (axis))
    {
      res = kind == R_ARGMAX ? bs_argmax (a, FALSE, 0, FALSE, &error)
                             : bs_argmin (a, FALSE, 0, FALSE, &error);
      if (res != NULL && keepdims)
        {
          gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS] = { 0 };
          BsTensor *v;

          for (int i = 0; i < a->ndim; i++)
            shape[i] = 1;
          v = bs_tensor_alias (res, a->ndim, shape, strides, res->offset);
          bs_tensor_unref (res);
          res = v;
        }
    }
  else
    res = kind == R_ARGMAX ? bs_argmax (a, TRUE, dim, keepdims, &error)
                           : bs_argmin (a, TRUE, dim, keepdims, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_wrap (in, res);
  return TRUE;
}

/* cumsum (data R_CUMSUM), cumprod */
DECLARED (np_cumulative)
{
  Reduction kind = bs_call_data (call);
  g_autoptr(BsTensor) a = bs_np_call_array (call), x = NULL;
  BsValue axis;
  int dim = 0;
  gboolean has_dtype;
  BsDType dtype;
  BsTensor *res;
  GError *error = NULL;
  BsNpQuiet quiet;

  if (a == NULL || !bs_np_refuse_param (call, "out")
      || !bs_np_dtype_param (call, bs_np_param (call, "dtype"), &has_dtype, &dtype))
    return FALSE;
  axis = bs_np_value (call, bs_np_param (call, "axis"));
  if (!has_dtype)
    dtype = accumulate_dtype (a->dtype);
  x = bs_np_cast (in, a, dtype);
  if (x == NULL)
    return FALSE;
  if (bs_value_is_none (axis))
    {
      gint64 n = bs_tensor_numel (x);
      BsTensor *c = bs_tensor_contiguous_copy (x, dtype, &error);

      if (c == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (x);
      x = bs_tensor_alias (c, 1, &n, (gint64[]) { 1 }, c->offset);
      bs_tensor_unref (c);
    }
  else if (!bs_np_axis (in, axis, x->ndim, &dim))
    return FALSE;
  if (x->ndim == 0)
    {
      gint64 one = 1;
      BsTensor *v = bs_tensor_alias (x, 1, &one, (gint64[]) { 1 }, x->offset);

      bs_tensor_unref (x);
      x = v;
    }
  bs_np_quiet_begin (in, &quiet);
  res = kind == R_CUMSUM ? bs_cumsum (x, dim, &error) : bs_cumprod (x, dim, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_array_new (in, res);
  return TRUE;
}

gboolean
bs_np_reduce_any (BsInterp *in,
                  BsValue   array,
                  BsValue  *out)
{
  BsTensor *t = bs_np_tensor_of (array);
  gint64 n;

  *out = BS_BOOL (FALSE);
  if (t == NULL)
    {
      *out = BS_BOOL (bs_value_truthy (array));
      return TRUE;
    }
  n = bs_tensor_numel (t);
  for (gint64 i = 0; i < n; i++)
    if (bs_tensor_get (t, i) != 0.0)
      {
        *out = BS_BOOL (TRUE);
        break;
      }
  return TRUE;
}

#define REDUCE(name, kind) \
  NP_FN (name "(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True)", \
      np_reduce, kind), \
  NP_METHOD (name "(self, /, axis=None, dtype=None, out=None, keepdims=False, initial=None, " \
          "where=True)", np_reduce, kind)
#define EXTREME(name, kind) \
  NP_FN (name "(a, axis=None, out=None, keepdims=False, initial=None, where=True)", np_reduce, \
      kind)

static const BsSignatureRow rows[] = {
  REDUCE ("sum", R_SUM),
  REDUCE ("prod", R_PROD),
  NP_FN ("mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True)", np_reduce,
      R_MEAN),
  NP_METHOD ("mean(self, /, axis=None, dtype=None, out=None, keepdims=False, *, where=True)",
          np_reduce, R_MEAN),
  NP_FN ("std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)",
      np_reduce, R_STD),
  NP_METHOD ("std(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, "
          "where=True)", np_reduce, R_STD),
  NP_FN ("var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)",
      np_reduce, R_VAR),
  NP_METHOD ("var(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, "
          "where=True)", np_reduce, R_VAR),
  EXTREME ("max", R_MAX), EXTREME ("amax", R_MAX), EXTREME ("min", R_MIN),
  EXTREME ("amin", R_MIN),
  NP_METHOD ("max(self, /, axis=None, out=None, keepdims=False, initial=None, where=True)",
          np_reduce, R_MAX),
  NP_METHOD ("min(self, /, axis=None, out=None, keepdims=False, initial=None, where=True)",
          np_reduce, R_MIN),
  NP_FN ("ptp(a, axis=None, out=None, keepdims=False)", np_reduce, R_PTP),
  NP_FN ("any(a, axis=None, out=None, keepdims=False, *, where=True)", np_reduce, R_ANY),
  NP_METHOD ("any(self, /, axis=None, out=None, keepdims=False, *, where=True)", np_reduce,
          R_ANY),
  NP_FN ("all(a, axis=None, out=None, keepdims=False, *, where=True)", np_reduce, R_ALL),
  NP_METHOD ("all(self, /, axis=None, out=None, keepdims=False, *, where=True)", np_reduce,
          R_ALL),
  NP_FN ("argmax(a, axis=None, out=None, *, keepdims=False)", np_arg_reduce, R_ARGMAX),
  NP_METHOD ("argmax(self, /, axis=None, out=None, *, keepdims=False)", np_arg_reduce, R_ARGMAX),
  NP_FN ("argmin(a, axis=None, out=None, *, keepdims=False)", np_arg_reduce, R_ARGMIN),
  NP_METHOD ("argmin(self, /, axis=None, out=None, *, keepdims=False)", np_arg_reduce, R_ARGMIN),
  NP_FN ("cumsum(a, axis=None, dtype=None, out=None)", np_cumulative, R_CUMSUM),
  NP_METHOD ("cumsum(self, /, axis=None, dtype=None, out=None)", np_cumulative, R_CUMSUM),
  NP_FN ("cumprod(a, axis=None, dtype=None, out=None)", np_cumulative, R_CUMPROD),
  NP_METHOD ("cumprod(self, /, axis=None, dtype=None, out=None)", np_cumulative, R_CUMPROD),
};

const BsSignatureTable bs_np_reduce_table = BS_SIGNATURE_TABLE (rows);
