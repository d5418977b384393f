/* bs-np-reduce.c: numpy's reductions with axis and keepdims: sum, mean, std, var, max, min,
 * argmax, argmin, prod, cumsum, any, all */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "bs-builtins-private.h"
#include "bs-np-errstate.h"
#include "bs-warnings.h"

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

/* numpy's float32 product: each result multiplied up in float32, in order (the engine's
 * product rounds once, from double) */
static BsTensor *
prod_float32 (BsInterp       *in,
              BsTensor       *a,
              const gboolean *reduced,
              gboolean        keepdims,
              GError        **error)
{
  gint64 shape[BS_MAX_DIMS], index[BS_MAX_DIMS] = { 0 }, n = bs_tensor_numel (a), n_out;
  int ndim = 0;
  g_autofree float *acc = NULL;
  BsTensor *res;

  for (int d = 0; d < a->ndim; d++)
    if (!reduced[d] || keepdims)
      shape[ndim++] = reduced[d] ? 1 : a->shape[d];
  res = bs_tensor_new (in->context, BS_DTYPE_FLOAT32, ndim, shape, error);
  if (res == NULL)
    return NULL;
  n_out = bs_tensor_numel (res);
  acc = g_new (float, MAX (n_out, 1));
  for (gint64 i = 0; i < n_out; i++)
    acc[i] = 1.0f;
  for (gint64 i = 0; i < n; i++)
    {
      gint64 out = 0;

      for (int d = 0; d < a->ndim; d++)
        if (!reduced[d])
          out = out * a->shape[d] + index[d];
      acc[out] *= (float) bs_tensor_get (a, i);
      for (int d = a->ndim - 1; d >= 0 && ++index[d] == a->shape[d]; d--)
        index[d] = 0;
    }
  for (gint64 i = 0; i < n_out; i++)
    bs_tensor_set (res, i, acc[i]);
  return res;
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

        if (a->dtype == BS_DTYPE_FLOAT32)
          {
            gboolean reduced[BS_MAX_DIMS] = { FALSE };

            for (int i = 0; i < n; i++)
              reduced[dims[i]] = TRUE;
            return prod_float32 (in, a, reduced, keepdims, error);
          }

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

/* --- numpy's RuntimeWarnings -------------------------------------------------------- */

/* numpy writes mean, var, std and its reduction functions in Python (numpy 1.24 as Debian
 * installs it): their warnings point to the lines of its files that ran the arithmetic,
 * and are shown once per such line */
#define NUMPY_CORE "/usr/lib/python3/dist-packages/numpy/core/"
#define FROMNUMERIC(line, text) { NUMPY_CORE "fromnumeric.py", line, "numpy.core.fromnumeric", text }
#define METHODS(line, text) { NUMPY_CORE "_methods.py", line, "numpy.core._methods", text }

static const BsWarningPlace at_np_mean =
  FROMNUMERIC (3464, "    return _methods._mean(a, axis=axis, dtype=dtype,");
static const BsWarningPlace at_np_var =
  FROMNUMERIC (3747, "    return _methods._var(a, axis=axis, dtype=dtype, out=out, ddof=ddof,");
static const BsWarningPlace at_np_reduce =
  FROMNUMERIC (86, "    return ufunc.reduce(obj, axis, dtype, out, **passkwargs)");
static const BsWarningPlace at_np_accumulate =
  FROMNUMERIC (57, "        return bound(*args, **kwds)");
static const BsWarningPlace at_sum =
  METHODS (49, "    return umr_sum(a, axis, dtype, out, keepdims, initial, where)");
static const BsWarningPlace at_prod =
  METHODS (53, "    return umr_prod(a, axis, dtype, out, keepdims, initial, where)");
static const BsWarningPlace at_mean_sum =
  METHODS (181, "    ret = umr_sum(arr, axis, dtype, out, keepdims, where=where)");
static const BsWarningPlace at_mean_divide = METHODS (184, "            ret = um.true_divide(");
static const BsWarningPlace at_mean_scalar_divide =
  METHODS (192, "            ret = ret.dtype.type(ret / rcount)");
static const BsWarningPlace at_var_mean_sum =
  METHODS (215, "    arrmean = umr_sum(arr, axis, dtype, keepdims=True, where=where)");
static const BsWarningPlace at_var_mean_divide =
  METHODS (226, "            arrmean = um.true_divide(arrmean, div, out=arrmean,");
static const BsWarningPlace at_var_subtract = METHODS (236, "    x = asanyarray(arr - arrmean)");
static const BsWarningPlace at_var_multiply = METHODS (239, "        x = um.multiply(x, x, out=x)");
static const BsWarningPlace at_var_sum =
  METHODS (250, "    ret = umr_sum(x, axis, dtype, out, keepdims=keepdims, where=where)");
static const BsWarningPlace at_var_divide = METHODS (258, "            ret = um.true_divide(");
static const BsWarningPlace at_var_scalar_divide =
  METHODS (261, "        ret = ret.dtype.type(ret / rcount)");
static const BsWarningPlace at_std_var =
  METHODS (269, "    ret = _var(a, axis=axis, dtype=dtype, out=out, ddof=ddof,");

/* A method's warning at its caller's line: the script's, or numpy's own (bs-np-lib.c) */
static gboolean
warn_method (BsInterp   *in,
             const char *text)
{
  if (in->np_method_place != NULL)
    return bs_warn_at (in, "RuntimeWarning", text, in->np_method_place);
  return bs_warn (in, "RuntimeWarning", text);
}

/* What one result of a reduction saw of its inputs */
typedef struct {
  double   sum;            /* of the finite inputs */
  gboolean nan, pos_inf, neg_inf;
  double   squares;        /* var: of the deviations from the mean */
  gboolean subtract_invalid, multiply_overflow;
} Slice;

static gboolean
all_finite (const BsTensor *t)
{
  gint64 n = bs_tensor_numel (t);

  for (gint64 i = 0; i < n; i++)
    if (!isfinite (bs_tensor_get (t, i)))
      return FALSE;
  return TRUE;
}

/* The inputs of each result; with deviations, their squared deviations from its mean */
static Slice *
slices_of (const BsTensor *x,
           const gboolean *reduced,
           gint64          n_out,
           gboolean        deviations)
{
  Slice *slices = g_new0 (Slice, MAX (n_out, 1));
  gint64 n = bs_tensor_numel (x), index[BS_MAX_DIMS] = { 0 };
  double big = x->dtype == BS_DTYPE_FLOAT32 ? FLT_MAX : DBL_MAX;

  for (int pass = 0; pass < (deviations ? 2 : 1); pass++)
    for (gint64 i = 0; i < n; i++)
      {
        gint64 out = 0;
        double v = bs_tensor_get (x, i);
        Slice *s;

        for (int d = 0; d < x->ndim; d++)
          if (!reduced[d])
            out = out * x->shape[d] + index[d];
        for (int d = x->ndim - 1; d >= 0 && ++index[d] == x->shape[d]; d--)
          index[d] = 0;
        s = &slices[out];
        if (pass == 0)
          {
            s->nan |= isnan (v);
            s->pos_inf |= isinf (v) && v > 0;
            s->neg_inf |= isinf (v) && v < 0;
            if (isfinite (v))
              s->sum += v;
          }
        else if (!s->nan && s->pos_inf != s->neg_inf)
          s->subtract_invalid |= isinf (v);   /* inf - inf: the mean is the slice's inf */
        else if (!s->nan && !s->pos_inf && !s->neg_inf)
          {
            double mean = s->sum / (double) (n / MAX (n_out, 1));
            double dev = v - mean;

            if (fabs (dev) > sqrt (big))
              s->multiply_overflow = TRUE;
            else
              s->squares += dev * dev;
          }
      }
  return slices;
}

/* The flags of numpy's reduce (add or multiply) that made res from the slices */
static guint
reduce_flags (const Slice    *slices,
              const BsTensor *res)
{
  gint64 n = bs_tensor_numel (res);
  guint flags = 0;

  for (gint64 i = 0; i < n; i++)
    {
      double v = bs_tensor_get (res, i);

      if (isnan (v) && !slices[i].nan)
        flags |= BS_NP_FPE_INVALID;
      else if (isinf (v) && !slices[i].pos_inf && !slices[i].neg_inf)
        flags |= BS_NP_FPE_OVERFLOW;
    }
  return flags;
}

static gboolean
warn_var (BsCall         *call,
          Reduction       kind,
          const BsTensor *x,
          const gboolean *reduced,
          gint64          count,
          double          ddof,
          const BsTensor *res)
{
  BsInterp *in = call->in;
  gint64 n_out = bs_tensor_numel (res);
  g_autofree Slice *slices = NULL;
  guint mean_sum = 0, squares_sum = 0, divide = 0, subtract = 0, multiply = 0;
  double big = x->dtype == BS_DTYPE_FLOAT32 ? FLT_MAX : DBL_MAX;

  if (ddof >= (double) count
      && !(kind == R_STD ? bs_warn_at (in, "RuntimeWarning", "Degrees of freedom <= 0 for slice",
                                       &at_std_var)
           : call->sig->has_self ? warn_method (in, "Degrees of freedom <= 0 for slice")
           : bs_warn_at (in, "RuntimeWarning", "Degrees of freedom <= 0 for slice",
                         &at_np_var)))
    return FALSE;
  if (n_out == 0 || all_finite (res))
    return TRUE;
  slices = slices_of (x, reduced, n_out, TRUE);
  for (gint64 i = 0; i < n_out; i++)
    {
      const Slice *s = &slices[i];
      gboolean finite = !s->nan && !s->pos_inf && !s->neg_inf;

      if (!s->nan && s->pos_inf && s->neg_inf)
        mean_sum |= BS_NP_FPE_INVALID;
      else if (finite && fabs (s->sum) > big)
        mean_sum |= BS_NP_FPE_OVERFLOW;
      if (s->subtract_invalid)
        subtract |= BS_NP_FPE_INVALID;
      if (s->multiply_overflow)
        multiply |= BS_NP_FPE_OVERFLOW;
      else if (finite && s->squares > big)
        squares_sum |= BS_NP_FPE_OVERFLOW;
      /* the sum of squares over no degrees of freedom */
      if (ddof >= (double) count && finite && !s->multiply_overflow && s->squares <= big)
        divide |= s->squares == 0 ? BS_NP_FPE_INVALID : BS_NP_FPE_DIVIDE;
    }
  return bs_np_fpe_report_at (in, mean_sum, "reduce", FALSE, &at_var_mean_sum)
         && bs_np_fpe_report_at (in, count == 0 ? BS_NP_FPE_INVALID : 0, "divide", FALSE,
                                 &at_var_mean_divide)
         && bs_np_fpe_report_at (in, subtract, "subtract", FALSE, &at_var_subtract)
         && bs_np_fpe_report_at (in, multiply, "multiply", FALSE, &at_var_multiply)
         && bs_np_fpe_report_at (in, squares_sum, "reduce", FALSE, &at_var_sum)
         && bs_np_fpe_report_at (in, divide, "divide", res->ndim == 0,
                                 res->ndim > 0 ? &at_var_divide : &at_var_scalar_divide);
}

/* numpy's warnings for the reduction res of x: an empty slice, too few degrees of
 * freedom, the floating-point errors of each step numpy takes (read only when a result is
 * not finite) */
static gboolean
reduce_warnings (BsCall         *call,
                 Reduction       kind,
                 const BsTensor *x,
                 const gboolean *reduced,
                 double          ddof,
                 const BsTensor *res)
{
  BsInterp *in = call->in;
  gboolean method = call->sig->has_self;
  gint64 count = 1, n_out = bs_tensor_numel (res);
  g_autofree Slice *slices = NULL;

  if (!bs_dtype_is_floating (x->dtype) && kind != R_MEAN && kind != R_VAR && kind != R_STD)
    return TRUE;
  for (int d = 0; d < x->ndim; d++)
    if (reduced[d])
      count *= x->shape[d];
  switch (kind)
    {
    case R_SUM: case R_PROD:
      if (n_out == 0 || all_finite (res))
        return TRUE;
      slices = slices_of (x, reduced, n_out, FALSE);
      return bs_np_fpe_report_at (in, reduce_flags (slices, res), "reduce", FALSE,
                                  !method ? &at_np_reduce : kind == R_SUM ? &at_sum : &at_prod);
    case R_MEAN:
      if (count == 0
          && !(method ? warn_method (in, "Mean of empty slice.")
               : bs_warn_at (in, "RuntimeWarning", "Mean of empty slice.", &at_np_mean)))
        return FALSE;
      if (n_out == 0 || all_finite (res))
        return TRUE;
      slices = slices_of (x, reduced, n_out, FALSE);
      if (count > 0
          && !bs_np_fpe_report_at (in, reduce_flags (slices, res), "reduce", FALSE,
                                   &at_mean_sum))
        return FALSE;
      /* a numpy float64 divided by a Python int is scalar math; a float32 is not */
      return bs_np_fpe_report_at (in, count == 0 ? BS_NP_FPE_INVALID : 0, "divide",
                                  res->ndim == 0 && x->dtype == BS_DTYPE_FLOAT64,
                                  res->ndim > 0 ? &at_mean_divide : &at_mean_scalar_divide);
    case R_VAR: case R_STD:
      return warn_var (call, kind, x, reduced, count, ddof, res);
    default:
      return TRUE;
    }
}

/* cumsum and cumprod: numpy's accumulate; np.cumsum runs it from fromnumeric.py */
static gboolean
accumulate_warnings (BsCall         *call,
                     const BsTensor *x,
                     int             dim,
                     const BsTensor *res)
{
  gint64 n = bs_tensor_numel (res), inner = 1;
  guint flags = 0;

  if (!bs_dtype_is_floating (res->dtype) || all_finite (res))
    return TRUE;
  for (int d = dim + 1; d < res->ndim; d++)
    inner *= res->shape[d];
  for (gint64 i = 0; i < n; i++)
    {
      gboolean first = (i / inner) % res->shape[dim] == 0;
      double r = bs_tensor_get (res, i), v = bs_tensor_get (x, i);
      double prev = first ? 0.0 : bs_tensor_get (res, i - inner);

      if (isnan (r) && !isnan (v) && !isnan (prev))
        flags |= BS_NP_FPE_INVALID;
      else if (isinf (r) && isfinite (v) && isfinite (prev))
        flags |= BS_NP_FPE_OVERFLOW;
    }
  return bs_np_fpe_report_at (call->in, flags, "accumulate", FALSE,
                              call->sig->has_self ? NULL : &at_np_accumulate);
}

/* res (taken) as the call's result, after numpy's warnings for it */
static gboolean
reduce_result (BsCall         *call,
               Reduction       kind,
               const BsTensor *x,
               const gboolean *reduced,
               double          ddof,
               BsTensor       *res,
               BsValue        *r)
{
  if (!reduce_warnings (call, kind, x, reduced, ddof, res))
    {
      bs_tensor_unref (res);
      return FALSE;
    }
  *r = bs_np_wrap (call->in, res);
  return TRUE;
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
        return reduce_result (call, kind, x, reduced, ddof, res, r);
    }
  if (n_dims > 0 && (kind == R_STD || kind == R_VAR))
    {
      if (!bs_np_fast_var (in, x, reduced, keepdims, ddof, kind == R_STD, &res))
        return FALSE;
      if (res != NULL)
        return reduce_result (call, kind, x, reduced, ddof, res, r);
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
  if (n_dims == 0)
    {
      *r = bs_np_wrap (in, res);
      return TRUE;
    }
  return reduce_result (call, kind, x, reduced, ddof, res, r);
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
  if (a->dtype == BS_DTYPE_BOOL)
    {
      /* numpy's bools compare as 0 and 1 (the engine's argmax has no bool kernel) */
      BsTensor *ints = bs_np_cast (in, a, BS_DTYPE_INT64);

      if (ints == NULL)
        return FALSE;
      bs_tensor_unref (a);
      a = ints;
    }
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
  if (!accumulate_warnings (call, x, dim, res))
    {
      bs_tensor_unref (res);
      return FALSE;
    }
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
