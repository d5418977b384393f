/* bs-np-power.c: numpy 1.24's power of floats, which it computes three ways: an array to a
 * scalar power of 1, -1, 0, 0.5 or 2 by the matching unary ufunc (positive, reciprocal,
 * ones_like, sqrt, square: the `**` operator of an array only); numbers that numpy's scalar
 * arithmetic takes by the C library's pow (bs_np_scalar_power_form); anything else by the power ufunc, whose loop
 * depends on the processor (see bs-np-simd.h). */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

/* The exponents numpy's `array ** scalar` replaces by a unary ufunc */
typedef enum {
  EXPONENT_OTHER, EXPONENT_ONE, EXPONENT_MINUS_ONE, EXPONENT_ZERO, EXPONENT_HALF, EXPONENT_TWO,
} Exponent;

static Exponent
fast_exponent (double e)
{
  return e == 1.0 ? EXPONENT_ONE : e == -1.0 ? EXPONENT_MINUS_ONE : e == 0.0 ? EXPONENT_ZERO
       : e == 0.5 ? EXPONENT_HALF : e == 2.0 ? EXPONENT_TWO : EXPONENT_OTHER;
}

#define UNARY_POWER(type, one, root) \
  G_STMT_START { \
    const type *restrict p = bs_tensor_data (x); \
    type *restrict o = bs_tensor_data (res); \
    switch (e) \
      { \
      case EXPONENT_ONE: memcpy (o, p, n * sizeof (type)); break; \
      case EXPONENT_MINUS_ONE: for (gint64 i = 0; i < n; i++) o[i] = one / p[i]; break; \
      case EXPONENT_ZERO: for (gint64 i = 0; i < n; i++) o[i] = one; break; \
      case EXPONENT_HALF: for (gint64 i = 0; i < n; i++) o[i] = root (p[i]); break; \
      default: for (gint64 i = 0; i < n; i++) o[i] = p[i] * p[i]; break; \
      } \
  } G_STMT_END

/* x ** e for e one of the fast exponents, in x's dtype */
static BsTensor *
unary_power (BsInterp *in,
             BsTensor *x,
             Exponent  e)
{
  GError *error = NULL;
  g_autoptr(BsTensor) dense = NULL;
  BsTensor *res;
  gint64 n;

  if (!bs_tensor_is_contiguous (x))
    {
      dense = bs_tensor_contiguous_copy (x, x->dtype, &error);
      if (dense == NULL)
        return bs_np_fail (in, error);
      x = dense;
    }
  res = bs_tensor_new_uninit (in->context, x->dtype, x->ndim, x->shape, &error);
  if (res == NULL)
    return bs_np_fail (in, error);
  n = bs_tensor_numel (x);
  if (x->dtype == BS_DTYPE_FLOAT64)
    UNARY_POWER (double, 1.0, sqrt);
  else
    UNARY_POWER (float, 1.0f, sqrtf);
  return res;
}

/* t as dtype, expanded to shape and contiguous */
static BsTensor *
dense_operand (BsInterp     *in,
               BsTensor     *t,
               BsDType       dtype,
               int           ndim,
               const gint64 *shape)
{
  GError *error = NULL;
  g_autoptr(BsTensor) cast = bs_np_cast (in, t, dtype);
  g_autoptr(BsTensor) wide = cast != NULL ? bs_expand (cast, shape, ndim, &error) : NULL;
  BsTensor *res;

  if (cast == NULL)
    return NULL;
  /* one element stands for all (the loops take it so) */
  if (bs_tensor_numel (cast) == 1 && bs_tensor_is_contiguous (cast))
    return g_steal_pointer (&cast);
  if (wide == NULL)
    return bs_np_fail (in, error);
  if (bs_tensor_is_contiguous (wide) || bs_tensor_numel (wide) == 1)
    return g_steal_pointer (&wide);
  res = bs_tensor_contiguous_copy (wide, dtype, &error);
  return res != NULL ? res : bs_np_fail (in, error);
}

/* The power; *raised gets the floating-point exceptions the ufunc's kernel raised that its
 * results do not show (BsNpSimdRaised) */
static BsTensor *
float_power (BsInterp    *in,
             BsNpPower    form,
             BsNpOperand *x,
             BsNpOperand *y,
             guint       *raised)
{
  BsDType dtype = bs_np_result_dtype (x, y);
  gint64 shape[BS_MAX_DIMS];
  int ndim = MAX (x->t->ndim, y->t->ndim);
  g_autoptr(BsTensor) a = NULL, b = NULL;
  GError *error = NULL;
  BsTensor *res;
  gint64 n;

  if (dtype != BS_DTYPE_FLOAT64 && dtype != BS_DTYPE_FLOAT32)
    return bs_np_binary_tensor (in, BS_BINOP_POW, x, y);
  if (form == BS_NP_POWER_ARRAY && y->scalar && bs_tensor_numel (y->t) == 1)
    {
      Exponent e = fast_exponent (bs_tensor_get (y->t, 0));

      if (x->t->dtype == BS_DTYPE_FLOAT64 || x->t->dtype == BS_DTYPE_FLOAT32)
        {
          if (e != EXPONENT_OTHER)
            return unary_power (in, x->t, e);
        }
      else if (e == EXPONENT_TWO)
        {
          /* an array of integers squared in the result's float dtype */
          g_autoptr(BsTensor) cast = bs_np_cast (in, x->t, dtype);

          return cast != NULL ? unary_power (in, cast, e) : NULL;
        }
    }
  for (int i = 0; i < ndim; i++)
    {
      int ia = i - (ndim - x->t->ndim), ib = i - (ndim - y->t->ndim);
      gint64 sa = ia >= 0 ? x->t->shape[ia] : 1, sb = ib >= 0 ? y->t->shape[ib] : 1;

      if (sa != sb && sa != 1 && sb != 1)
        return bs_np_binary_tensor (in, BS_BINOP_POW, x, y);
      shape[i] = sa == 1 ? sb : sa;
    }
  a = dense_operand (in, x->t, dtype, ndim, shape);
  b = a != NULL ? dense_operand (in, y->t, dtype, ndim, shape) : NULL;
  if (b == NULL)
    return NULL;
  res = bs_tensor_new_uninit (in->context, dtype, ndim, shape, &error);
  if (res == NULL)
    return bs_np_fail (in, error);
  n = bs_tensor_numel (res);
  if (n == 0)
    return res;
  if (dtype == BS_DTYPE_FLOAT64)
    {
      const double *p = bs_tensor_data (a), *q = bs_tensor_data (b);
      double *o = bs_tensor_data (res);

      if (form == BS_NP_POWER_SCALARS)
        for (gint64 i = 0; i < n; i++)
          o[i] = pow (p[bs_tensor_numel (a) == 1 ? 0 : i], q[bs_tensor_numel (b) == 1 ? 0 : i]);
      else
        *raised = bs_np_simd_pow_f64 (in->np_cpu, p, bs_tensor_numel (a) == 1, q,
                                      bs_tensor_numel (b) == 1, o, n);
    }
  else
    {
      const float *p = bs_tensor_data (a), *q = bs_tensor_data (b);
      float *o = bs_tensor_data (res);
      gboolean p_one = bs_tensor_numel (a) == 1, q_one = bs_tensor_numel (b) == 1;

      if (form == BS_NP_POWER_SCALARS)
        for (gint64 i = 0; i < n; i++)
          o[i] = powf (p[p_one ? 0 : i], q[q_one ? 0 : i]);
      else
        *raised = bs_np_simd_pow_f32 (in->np_cpu, p, p_one, q, q_one, o, n);
    }
  return res;
}

/* What an operand of `a ** b` is to numpy's scalar arithmetic */
typedef enum {
  OPERAND_ARRAY, OPERAND_PY_INT, OPERAND_PY_FLOAT, OPERAND_NP_BOOL, OPERAND_NP,
} OperandKind;

static OperandKind
operand_kind (BsValue      v,
              BsNpOperand *o)
{
  if (o->array)
    return OPERAND_ARRAY;
  if (bs_is_number (v) && !v.numpy)
    return v.type == BS_VALUE_FLOAT ? OPERAND_PY_FLOAT : OPERAND_PY_INT;
  return o->t->dtype == BS_DTYPE_BOOL ? OPERAND_NP_BOOL : OPERAND_NP;
}

/* How numpy 1.24 computes `a ** b` of two numbers, one of them numpy's: Python runs the numpy
 * scalar's power first (b's when a is a Python number); numpy's bool has none of its own, so
 * its power is the ufunc's. The scalar takes the other operand when that converts safely to
 * its own type (a Python int as an int64, a Python float as a float64), and leaves the
 * operation to the other numpy scalar when its own type converts safely to that one's; then
 * it is the scalar arithmetic (the C library's pow), otherwise the ufunc (int64 with float32,
 * a Python int or float with a float32, a Python float with an integer). */
BsNpPower
bs_np_scalar_power_form (BsValue      a,
                         BsNpOperand *x,
                         BsValue      b,
                         BsNpOperand *y)
{
  OperandKind ka = operand_kind (a, x), kb = operand_kind (b, y);
  BsDType dtype = bs_np_result_dtype (x, y);
  BsNpOperand *self = ka == OPERAND_NP ? x : y, *other = ka == OPERAND_NP ? y : x;
  OperandKind k_other = ka == OPERAND_NP ? kb : ka;

  if (ka == OPERAND_ARRAY || kb == OPERAND_ARRAY || ka == OPERAND_NP_BOOL
      || (ka != OPERAND_NP && kb != OPERAND_NP))
    return BS_NP_POWER_UFUNC;
  if (dtype == self->t->dtype
      || ((k_other == OPERAND_NP || k_other == OPERAND_NP_BOOL) && dtype == other->t->dtype))
    return BS_NP_POWER_SCALARS;
  return BS_NP_POWER_UFUNC;
}

/* The power, and numpy's RuntimeWarnings for it, named by the ufunc numpy ran */
BsTensor *
bs_np_power_tensor (BsInterp    *in,
                    BsNpPower    form,
                    BsNpOperand *x,
                    BsNpOperand *y)
{
  BsDType dtype = bs_np_result_dtype (x, y);
  gboolean scalar = form == BS_NP_POWER_SCALARS;
  const char *name = "power";
  guint raised = 0, flags;
  BsTensor *res;

  if (dtype != BS_DTYPE_FLOAT64 && dtype != BS_DTYPE_FLOAT32)
    return bs_np_binary_tensor (in, BS_BINOP_POW, x, y);
  res = float_power (in, form, x, y, &raised);
  if (res == NULL)
    return NULL;
  if (form == BS_NP_POWER_ARRAY && x->array && x->t->ndim > 0 && y->scalar
      && bs_dtype_is_floating (x->t->dtype))
    {
      double e = bs_tensor_get (y->t, 0);

      name = e == -1.0 ? "reciprocal" : e == 0.5 ? "sqrt" : e == 2.0 ? "square" : name;
    }
  flags = bs_np_fpe_binary (BS_BINOP_POW, x->t, y->t, res, scalar, bs_np_fpe_watch_under (in));
  flags |= (raised & BS_NP_SIMD_RAISED_DIVIDE ? BS_NP_FPE_DIVIDE : 0)
           | (raised & BS_NP_SIMD_RAISED_OVERFLOW ? BS_NP_FPE_OVERFLOW : 0);
  if (!bs_np_fpe_report (in, flags, name, scalar))
    g_clear_pointer (&res, bs_tensor_unref);
  return res;
}
