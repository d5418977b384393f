/* bs-tensor-math.c: torch's and Tensor's arithmetic, comparisons, reductions and products,
 * declared by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include "bs-autograd.h"

#include <math.h>
#include <string.h>

typedef BsTensor *(*UnaryFunc) (BsTensor *a, GError **error);
typedef BsTensor *(*BinaryFunc) (BsTensor *a, BsTensor *b, GError **error);

/* exp(input): the row's data is the engine's function */
static gboolean
unary (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  UnaryFunc f = (UnaryFunc) bs_call_data (call);
  GError *error = NULL;

  return bs_call_return_tensor (call, f (bs_call_self (call), &error), &error, r);
}

/* mm(input, mat2): the second tensor has the row's parameter name */
static gboolean
binary (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BinaryFunc f = (BinaryFunc) bs_call_data (call);
  GError *error = NULL;

  return bs_call_return_tensor (call, f (bs_call_self (call), bs_call_tensor (call, 1), &error),
                                &error, r);
}

/* add, sub, mul, div and their in-place forms; data: the BsBinOp, in-place flag << 8 */
static gboolean
arithmetic (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsBinOp op = bs_call_data (call) & 0xff;
  gboolean inplace = (bs_call_data (call) >> 8) != 0;
  BsTensor *a = bs_call_self (call), *b = bs_call_tensor (call, 1);
  double alpha = 1.0;
  GError *error = NULL;
  BsTensor *t = NULL;
  int alpha_index = call->sig->n_params > 2 && strcmp (call->sig->params[2].name, "alpha") == 0
                      ? 2 : -1;

  if (alpha_index >= 0)
    alpha = bs_call_double (call, alpha_index);
  switch (op)
    {
    case BS_BINOP_ADD:
      t = inplace ? bs_add_ (a, b, alpha, &error) : bs_add (a, b, alpha, &error);
      break;
    case BS_BINOP_SUB:
      t = inplace ? bs_sub_ (a, b, alpha, &error) : bs_sub (a, b, alpha, &error);
      break;
    case BS_BINOP_MUL:
      t = inplace ? bs_mul_ (a, b, &error) : bs_mul (a, b, &error);
      break;
    default:
      t = inplace ? bs_div_ (a, b, &error) : bs_div (a, b, &error);
      break;
    }
  if (t != NULL && inplace)
    {
      bs_tensor_unref (t);
      *r = bs_value_ref (call->given[0] ? call->values[0] : call->self);
      return TRUE;
    }
  return bs_call_return_tensor (call, t, &error, r);
}

/* add(input, alpha, other): PyTorch's deprecated order */
static gboolean
arithmetic_deprecated (BsInterp *in,
                       BsCall   *call,
                       BsValue  *r)
{
  BsBinOp op = bs_call_data (call) & 0xff;
  GError *error = NULL;
  double alpha = bs_call_double (call, 1);
  BsTensor *a = bs_call_self (call), *b = bs_call_tensor (call, 2);

  return bs_call_return_tensor (call, op == BS_BINOP_ADD ? bs_add (a, b, alpha, &error)
                                                         : bs_sub (a, b, alpha, &error),
                                &error, r);
}

static gboolean
div_rounding (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  const char *mode = bs_call_string (call, 2);
  BsValue self = call->given[0] ? call->values[0] : call->self;

  if (mode == NULL)
    return bs_tensor_binary (in, BS_BINOP_DIV, self, call->values[1], FALSE, r);
  if (strcmp (mode, "floor") == 0)
    {
      BsTensor *a = bs_value_tensor (self), *b = bs_value_tensor (call->values[1]);

      /* PyTorch records DivBackward2 (zero gradients) here, not floor_divide's node */
      if (in->context->grad_enabled && ((a != NULL && bs_tensor_requires_grad (a))
                                        || (b != NULL && bs_tensor_requires_grad (b))))
        return bs_raise (in, "NotImplementedError", "div(rounding_mode='floor') of tensors "
                         "that require grad (DivBackward2) is not supported by Backstep");
      return bs_tensor_binary (in, BS_BINOP_FLOOR_DIV, self, call->values[1], FALSE, r);
    }
  if (strcmp (mode, "trunc") == 0)
    return bs_raise (in, "NotImplementedError", "div(rounding_mode='trunc') is not supported "
                     "by Backstep");
  return bs_raise (in, "RuntimeError", "div expected rounding_mode to be one of None, 'trunc', "
                   "or 'floor' but found '%s'", mode);
}

/* pow, floor_divide, remainder, bitwise_and, ...: the interpreter's operator on the two
 * values; data: the BsBinOp, in-place flag << 8 (pow_, bitwise_and_) */
static gboolean
operator (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsValue a = call->given[0] ? call->values[0] : call->self;
  gboolean inplace = (bs_call_data (call) >> 8) != 0;
  gboolean ok = bs_tensor_binary (in, (BsBinOp) (bs_call_data (call) & 0xff), a,
                                  call->values[1], inplace, r);
  BsValue result;

  if (!ok)
    return FALSE;
  if (inplace)
    return TRUE;
  if (call->sig->n_params > 2 && bs_call_has (call, call->sig->n_params - 1))
    {
      result = *r;
      ok = bs_call_return_tensor (call, bs_tensor_ref (bs_value_tensor (result)), NULL, r);
      bs_value_unref (result);
    }
  return ok;
}

/* square(input) is pow(input, 2), as PyTorch's (PowBackward0); data 1: square_(), the
 * same in place */
static gboolean
square (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BsTensor *self = bs_call_self (call);
  BsOpArgs args;
  GError *error = NULL;
  BsTensor *t;

  if (bs_call_data (call) == 0)
    return bs_call_return_tensor (call, bs_pow_scalar (self, 2.0, &error), &error, r);
  bs_op_args_init (&args);
  bs_op_args_set_value (&args, 2.0);
  args.value_is_int = TRUE;
  t = bs_op_apply_inplace (BS_OP_POW, &self, 1, &args, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

static gboolean
compare (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsTensor *b = bs_call_tensor (call, 1);
  g_autoptr(BsTensor) scalar = NULL;
  GError *error = NULL;

  if (b == NULL)
    b = scalar = bs_torch_operand (in, bs_call_scalar (call, 1));
  return bs_call_return_tensor (call, bs_compare (bs_call_self (call), b,
                                                  (BsCompare) bs_call_data (call), &error),
                                &error, r);
}

/* --- reductions ---------------------------------------------------------- */

/* sum(input, dim, keepdim, dtype) and mean: data 1 for mean */
static gboolean
reduce (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  gboolean mean = bs_call_data (call) != 0;
  gboolean has_dims = call->sig->n_params > 2;
  guint dtype_index = has_dims ? 3 : 1;
  BsTensor *x = bs_call_self (call);
  g_autoptr(BsTensor) cast = NULL;
  BsTensor *res;
  gint64 dims[BS_MAX_DIMS];
  int n = -1;
  GError *error = NULL;

  if (bs_call_has (call, dtype_index))
    {
      cast = bs_to_dtype (x, bs_call_dtype (call, dtype_index, x->dtype), &error);
      if (cast == NULL)
        return bs_raise_gerror (in, error);
      x = cast;
    }
  if (has_dims)
    {
      n = bs_call_int_list (call, 1, dims);
      if (n == -2)
        return FALSE;
    }
  if (n < 0)
    res = mean ? bs_mean (x, &error) : bs_sum (x, &error);
  else
    res = mean ? bs_mean_dims (x, dims, n, bs_call_bool (call, 2), &error)
               : bs_sum_dims (x, dims, n, bs_call_bool (call, 2), &error);
  /* sum(dtype=torch.int32): the sum of integers is int64 unless dtype says otherwise */
  if (res != NULL && cast != NULL && res->dtype != cast->dtype)
    {
      BsTensor *converted = bs_to_dtype (res, cast->dtype, &error);

      bs_tensor_unref (res);
      res = converted;
    }
  return bs_call_return_tensor (call, res, &error, r);
}

/* max(input), min(input): data 1 for max */
static gboolean
extremum (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);

  return bs_call_return_tensor (call, bs_call_data (call) ? bs_max (x, &error)
                                                          : bs_min (x, &error), &error, r);
}

static gboolean
extremum_other (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call), *o = bs_call_tensor (call, 1);

  return bs_call_return_tensor (call, bs_call_data (call) ? bs_maximum (x, o, &error)
                                                          : bs_minimum (x, o, &error), &error, r);
}

/* max(input, dim, keepdim=False), min: torch.return_types.max(values, indices) */
static gboolean
extremum_dim (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call), *indices = NULL, *values;
  int dim = bs_call_dim (call, 1);
  gboolean keepdim = bs_call_bool (call, 2);
  gboolean max = bs_call_data (call) != 0;

  values = max ? bs_max_dim (x, dim, keepdim, &indices, &error)
               : bs_min_dim (x, dim, keepdim, &indices, &error);
  return bs_call_return_pair (call, max ? "torch.return_types.max" : "torch.return_types.min",
                              values, indices, &error, r);
}

/* argmax(input, dim=None, keepdim=False): data 1 for argmax */
static gboolean
arg_extremum (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);
  gboolean has_dim = bs_call_has (call, 1), keepdim = bs_call_bool (call, 2);
  int dim = has_dim ? (int) CLAMP (bs_call_int (call, 1), -1000, 1000) : 0;

  return bs_call_return_tensor (call, bs_call_data (call)
                                        ? bs_argmax (x, has_dim, dim, keepdim, &error)
                                        : bs_argmin (x, has_dim, dim, keepdim, &error),
                                &error, r);
}

/* softmax(input, dim, dtype): data 1 for log_softmax */
static gboolean
softmax (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);
  g_autoptr(BsTensor) cast = NULL;
  int dim = (int) CLAMP (bs_call_int (call, 1), -1000, 1000);

  if (bs_call_has (call, 2))
    {
      cast = bs_to_dtype (x, bs_call_dtype (call, 2, x->dtype), &error);
      if (cast == NULL)
        return bs_raise_gerror (in, error);
      x = cast;
    }
  return bs_call_return_tensor (call, bs_call_data (call) ? bs_log_softmax (x, dim, &error)
                                                          : bs_softmax (x, dim, &error),
                                &error, r);
}

/* all(input), any(input): a bool scalar, untracked; data 1 for any */
static gboolean
all_any (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  gboolean any = bs_call_data (call) != 0;
  BsTensor *x = bs_call_self (call);
  gint64 n = bs_tensor_numel (x);
  gboolean result = !any;
  GError *error = NULL;

  for (gint64 i = 0; i < n; i++)
    if ((bs_tensor_get (x, i) != 0) == any)
      {
        result = any;
        break;
      }
  /* uint8's are uint8, as in PyTorch */
  return bs_call_return_tensor (call, bs_tensor_new_full (x->context, x->dtype == BS_DTYPE_UINT8
                                                          ? BS_DTYPE_UINT8 : BS_DTYPE_BOOL,
                                                          0, NULL, result, &error), &error, r);
}

/* --- clamp, fill, round ---------------------------------------------------- */

/* The C++ type name PyTorch's cast errors give */
static const char *
cxx_type_name (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_BOOL: return "bool";
    case BS_DTYPE_INT32: return "int";
    case BS_DTYPE_INT16: return "short int";
    case BS_DTYPE_INT8: return "signed char";
    case BS_DTYPE_UINT8: return "unsigned char";
    default: return "long int";
    }
}

/* Whether bound i, when given, is of a higher category than x's dtype */
static gboolean
clamp_promotes (BsCall   *call,
                guint     i,
                BsTensor *x)
{
  BsValue v;

  if (!bs_call_has (call, i))
    return FALSE;
  v = bs_call_scalar (call, i);
  return x->dtype == BS_DTYPE_BOOL ? v.type != BS_VALUE_BOOL : v.type == BS_VALUE_FLOAT;
}

/* An in-place clamp's result: the tensor changed, or the error */
static gboolean
clamp_inplace_return (BsInterp  *in,
                      BsCall    *call,
                      BsTensor  *t,
                      GError    *error,
                      BsValue   *r)
{
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (call->given[0] ? call->values[0] : call->self);
  return TRUE;
}

/* clamp(input, min, max) with numbers; data: CLAMP_INPLACE for clamp_, CLAMP_MIN_ONLY for
 * clamp_min(input, min) (ClampMinBackward0), CLAMP_MAX_ONLY for clamp_max(input, max) */
enum { CLAMP_INPLACE = 1, CLAMP_MIN_ONLY = 2, CLAMP_MAX_ONLY = 4 };

static gboolean
clamp (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  gintptr data = bs_call_data (call);
  gboolean inplace = (data & CLAMP_INPLACE) != 0;
  gboolean one_bound = (data & (CLAMP_MIN_ONLY | CLAMP_MAX_ONLY)) != 0;
  /* the parameter of each bound, or 0 when there is none */
  guint min_i = data & CLAMP_MAX_ONLY ? 0 : 1, max_i = data & CLAMP_MIN_ONLY ? 0 : one_bound ? 1 : 2;
  gboolean has_min = min_i != 0 && bs_call_has (call, min_i);
  gboolean has_max = max_i != 0 && bs_call_has (call, max_i);
  double mn = has_min ? bs_call_double (call, min_i) : 0;
  double mx = has_max ? bs_call_double (call, max_i) : 0;
  BsTensor *x = bs_call_self (call);
  gint64 min_int = 0, max_int = 0;
  GError *error = NULL;
  BsTensor *t;

  if (!has_min && !has_max)
    return bs_raise (in, "RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not "
                     "be None");
  if (!bs_dtype_is_floating (x->dtype) && ((has_min && clamp_promotes (call, min_i, x))
                                           || (has_max && clamp_promotes (call, max_i, x))))
    {
      /* a float bound on integers, an int on bools: PyTorch's result type, as clamp with
       * the bounds as wrapped numbers gives */
      if (inplace)
        return bs_raise (in, "RuntimeError", "result type %s can't be cast to the desired "
                         "output type %s", x->dtype == BS_DTYPE_BOOL ? "Long" : "Float",
                         cxx_type_name (x->dtype));
      return bs_call_return_tensor (call, bs_clamp_tensor (x, has_min ? bs_call_tensor (call,
                                                                                     min_i)
                                                                      : NULL,
                                                           has_max ? bs_call_tensor (call, max_i)
                                                                   : NULL, &error), &error, r);
    }
  if (x->dtype == BS_DTYPE_BOOL)
    return bs_raise (in, "RuntimeError", "\"%s\" not implemented for 'Bool'",
                     has_min && has_max ? "clamp_scalar_cpu"
                     : has_min ? "clamp_min_cpu" : "clamp_max_scalar_cpu");
  if ((!has_min || bs_call_exact_int (call, min_i, x->dtype, &min_int))
      && (!has_max || bs_call_exact_int (call, max_i, x->dtype, &max_int)))
    {
      if (one_bound)
        t = bs_clamp_bound (has_min ? BS_OP_CLAMP_MIN : BS_OP_CLAMP_MAX, x, has_min ? mn : mx,
                            has_min ? min_int : max_int, inplace, &error);
      else
        t = inplace ? bs_clamp_int_ (x, has_min, min_int, has_max, max_int, &error)
                    : bs_clamp_int (x, has_min, min_int, has_max, max_int, &error);
    }
  else if (one_bound)
    t = bs_clamp_bound (has_min ? BS_OP_CLAMP_MIN : BS_OP_CLAMP_MAX, x, has_min ? mn : mx,
                        (gint64) (has_min ? mn : mx), inplace, &error);
  else
    t = inplace ? bs_clamp_ (x, has_min, mn, has_max, mx, &error)
                : bs_clamp (x, has_min, mn, has_max, mx, &error);
  return inplace ? clamp_inplace_return (in, call, t, error, r)
                 : bs_call_return_tensor (call, t, &error, r);
}

/* clamp(input, min, max) with tensors (ClampBackward0); data 1 for clamp_ */
static gboolean
clamp_tensors (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  gboolean inplace = bs_call_data (call) != 0;
  GError *error = NULL;
  BsTensor *t;

  if (!bs_call_has (call, 1) && !bs_call_has (call, 2))
    return bs_raise (in, "RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not "
                     "be None");
  t = bs_clamp_tensor_full (bs_call_self (call), bs_call_tensor (call, 1),
                            bs_call_tensor (call, 2), inplace, &error);
  return inplace ? clamp_inplace_return (in, call, t, error, r)
                 : bs_call_return_tensor (call, t, &error, r);
}

/* clamp_min(input, min), clamp_max(input, max) with a tensor bound (ClampMinBackward1,
 * ClampMaxBackward1); data as clamp's */
static gboolean
clamp_one_tensor (BsInterp *in,
                  BsCall   *call,
                  BsValue  *r)
{
  gintptr data = bs_call_data (call);
  gboolean inplace = (data & CLAMP_INPLACE) != 0;
  GError *error = NULL;
  BsTensor *t;

  t = bs_clamp_bound_tensor (bs_call_self (call), bs_call_tensor (call, 1),
                             (data & CLAMP_MIN_ONLY) != 0, inplace, &error);
  return inplace ? clamp_inplace_return (in, call, t, error, r)
                 : bs_call_return_tensor (call, t, &error, r);
}

static gboolean
fill_ (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  GError *error = NULL;
  gint64 exact;
  BsTensor *t;

  if (!bs_check_scalar_fits (in, bs_call_value (call, 1), bs_call_self (call)->dtype))
    return FALSE;
  if (bs_call_exact_int (call, 1, bs_call_self (call)->dtype, &exact))
    t = bs_fill_int_ (bs_call_self (call), exact, &error);
  else
    t = bs_fill_ (bs_call_self (call), bs_call_double (call, 1), &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (call->given[0] ? call->values[0] : call->self);
  return TRUE;
}

static gboolean
fill_diagonal_ (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  BsTensor *self = bs_call_self (call), *t;
  GError *error = NULL;
  gint64 exact = 0;
  gboolean is_exact;

  if (!bs_check_scalar_fits (in, bs_call_value (call, 1), self->dtype))
    return FALSE;
  is_exact = bs_call_exact_int (call, 1, self->dtype, &exact);
  t = bs_fill_diagonal_ (self, bs_call_double (call, 1), exact, is_exact, bs_call_bool (call, 2),
                         &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

static gboolean
copy_ (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  GError *error = NULL;
  BsTensor *t = bs_copy_ (bs_call_self (call), bs_call_tensor (call, 1), &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (call->values[0]);
  return TRUE;
}

static gboolean
inplace_unary (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  UnaryFunc f = (UnaryFunc) bs_call_data (call);
  GError *error = NULL;
  BsTensor *t = f (bs_call_self (call), &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (call->given[0] ? call->values[0] : call->self);
  return TRUE;
}

/* exp_(), sqrt_(), ...: the op applied in place (data: the BsOp) */
static gboolean
inplace_op (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsTensor *self = bs_call_self (call);
  GError *error = NULL;
  BsTensor *t = bs_op_apply_inplace ((BsOp) bs_call_data (call), &self, 1, NULL, &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

/* bitwise_not_(): ~ in place */
static gboolean
bitwise_not_ (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsTensor *self = bs_call_self (call);
  GError *error = NULL;
  g_autoptr(BsTensor) res = NULL;
  BsTensor *t;

  if (!bs_check_inplace (self, &error) || (res = bs_bitwise_not (self, &error)) == NULL
      || (t = bs_copy_ (self, res, &error)) == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

/* round(decimals=d) (RoundBackward1, d 0 included); data 1: round_ */
static gboolean
round_decimals (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  BsTensor *self = bs_call_self (call);
  gboolean inplace = bs_call_data (call) != 0;
  GError *error = NULL;
  BsTensor *t;

  t = bs_round_decimals (self, bs_call_int (call, 1), inplace, &error);
  if (!inplace)
    return bs_call_return_tensor (call, t, &error, r);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

/* --- comparisons of whole tensors ------------------------------------------ */

static gboolean
allclose (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsTensor *x = bs_call_self (call), *o = bs_call_tensor (call, 1);
  double rtol = bs_call_double (call, 2), atol = bs_call_double (call, 3);
  gboolean equal_nan = bs_call_bool (call, 4);
  g_autofree double *xs = NULL, *ys = NULL;
  gint64 n;

  if (!bs_tensor_same_shape (x, o))
    return bs_raise (in, "NotImplementedError", "allclose() with broadcasting is not supported by "
                     "Backstep");
  xs = bs_tensor_to_doubles (x);
  ys = bs_tensor_to_doubles (o);
  n = bs_tensor_numel (x);
  *r = BS_BOOL (TRUE);
  for (gint64 i = 0; i < n; i++)
    {
      if (isnan (xs[i]) && isnan (ys[i]) && equal_nan)
        continue;
      if (!(fabs (xs[i] - ys[i]) <= atol + rtol * fabs (ys[i])) && !(xs[i] == ys[i]))
        *r = BS_BOOL (FALSE);
    }
  return TRUE;
}

static gboolean
equal (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  BsTensor *x = bs_call_self (call), *o = bs_call_tensor (call, 1);
  gint64 n = bs_tensor_numel (x);

  *r = BS_BOOL (bs_tensor_same_shape (x, o));
  for (gint64 i = 0; i < n && r->as.boolean; i++)
    if (bs_tensor_get (x, i) != bs_tensor_get (o, i))
      *r = BS_BOOL (FALSE);
  return TRUE;
}

#define OUT ", *, Tensor out=None)"
#define TT "torch Tensor"
#define UNARY_ROWS(name, fn) \
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase." #name "()", unary, (gintptr) fn }, \
  { "torch", BS_SIG_TORCH, #name "(Tensor input" OUT, unary, (gintptr) fn }
#define INPLACE_ROW(name, op) \
  { TT, BS_SIG_TORCH, #name "_(Tensor input)", inplace_op, op }
#define COMPARE_ROWS(name, code) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Tensor other" OUT, compare, code }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Scalar other" OUT, compare, code }
/* bitwise_and(input, other) with a tensor or a number, its in-place form and torch's
 * (number, tensor) form */
#define BITWISE_ROWS(name, op) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Tensor other" OUT, operator, op }, \
  { "torch", BS_SIG_TORCH, #name "(Scalar self, Tensor other)", operator, op }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Scalar other" OUT, operator, op }, \
  { "Tensor", BS_SIG_TORCH, #name "_(Tensor input, Tensor other)", operator, op | 1 << 8 }, \
  { "Tensor", BS_SIG_TORCH, #name "_(Tensor input, Scalar other)", operator, op | 1 << 8 }
#define BINARY_ROW(name, other, fn) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Tensor " #other OUT, binary, (gintptr) fn }

static const BsSignatureRow rows[] = {
  UNARY_ROWS (exp, bs_exp),
  UNARY_ROWS (log, bs_log),
  UNARY_ROWS (sqrt, bs_sqrt),
  UNARY_ROWS (abs, bs_abs),
  UNARY_ROWS (sin, bs_sin),
  UNARY_ROWS (cos, bs_cos),
  UNARY_ROWS (tanh, bs_tanh),
  UNARY_ROWS (sigmoid, bs_sigmoid),
  UNARY_ROWS (neg, bs_neg),
  UNARY_ROWS (reciprocal, bs_reciprocal),
  UNARY_ROWS (sign, bs_sign),
  UNARY_ROWS (asin, bs_asin),
  UNARY_ROWS (acos, bs_acos),
  UNARY_ROWS (atan, bs_atan),
  UNARY_ROWS (sinh, bs_sinh),
  UNARY_ROWS (cosh, bs_cosh),
  UNARY_ROWS (asinh, bs_asinh),
  UNARY_ROWS (acosh, bs_acosh),
  UNARY_ROWS (atanh, bs_atanh),
  UNARY_ROWS (log1p, bs_log1p),
  UNARY_ROWS (expm1, bs_expm1),
  UNARY_ROWS (log2, bs_log2),
  UNARY_ROWS (log10, bs_log10),
  UNARY_ROWS (floor, bs_floor),
  UNARY_ROWS (ceil, bs_ceil),
  UNARY_ROWS (trunc, bs_trunc),
  UNARY_ROWS (frac, bs_frac),
  UNARY_ROWS (tan, bs_tan),
  UNARY_ROWS (rsqrt, bs_rsqrt),
  UNARY_ROWS (sgn, bs_sgn),
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.isnan()", unary, (gintptr) bs_isnan },
  { "torch", BS_SIG_TORCH, "isnan(Tensor input)", unary, (gintptr) bs_isnan },
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.isinf()", unary, (gintptr) bs_isinf },
  { "torch", BS_SIG_TORCH, "isinf(Tensor input)", unary, (gintptr) bs_isinf },
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.isfinite()", unary, (gintptr) bs_isfinite },
  { "torch", BS_SIG_TORCH, "isfinite(Tensor input)", unary, (gintptr) bs_isfinite },
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.relu()", unary, (gintptr) bs_relu },
  { "torch", BS_SIG_TORCH, "relu(Tensor input)", unary, (gintptr) bs_relu },
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.relu_()", inplace_unary, (gintptr) bs_relu_ },
  { "torch", BS_SIG_TORCH, "relu_(Tensor input)", inplace_unary, (gintptr) bs_relu_ },
  INPLACE_ROW (exp, BS_OP_EXP),
  INPLACE_ROW (log, BS_OP_LOG),
  INPLACE_ROW (sqrt, BS_OP_SQRT),
  INPLACE_ROW (abs, BS_OP_ABS),
  INPLACE_ROW (sin, BS_OP_SIN),
  INPLACE_ROW (cos, BS_OP_COS),
  INPLACE_ROW (tanh, BS_OP_TANH),
  INPLACE_ROW (sigmoid, BS_OP_SIGMOID),
  INPLACE_ROW (neg, BS_OP_NEG),
  INPLACE_ROW (reciprocal, BS_OP_RECIPROCAL),
  INPLACE_ROW (asin, BS_OP_ASIN),
  INPLACE_ROW (acos, BS_OP_ACOS),
  INPLACE_ROW (atan, BS_OP_ATAN),
  INPLACE_ROW (sinh, BS_OP_SINH),
  INPLACE_ROW (cosh, BS_OP_COSH),
  INPLACE_ROW (asinh, BS_OP_ASINH),
  INPLACE_ROW (acosh, BS_OP_ACOSH),
  INPLACE_ROW (atanh, BS_OP_ATANH),
  INPLACE_ROW (log1p, BS_OP_LOG1P),
  INPLACE_ROW (expm1, BS_OP_EXPM1),
  INPLACE_ROW (log2, BS_OP_LOG2),
  INPLACE_ROW (log10, BS_OP_LOG10),
  INPLACE_ROW (floor, BS_OP_FLOOR),
  INPLACE_ROW (ceil, BS_OP_CEIL),
  INPLACE_ROW (trunc, BS_OP_TRUNC),
  INPLACE_ROW (frac, BS_OP_FRAC),
  INPLACE_ROW (tan, BS_OP_TAN),
  INPLACE_ROW (rsqrt, BS_OP_RSQRT),
  INPLACE_ROW (sgn, BS_OP_SGN),
  { "Tensor", BS_SIG_BUILTIN, "_TensorBase.zero_()", inplace_unary, (gintptr) bs_zero_ },
  { "torch", BS_SIG_TORCH, "zero_(Tensor input)", inplace_unary, (gintptr) bs_zero_ },
  { TT, BS_SIG_TORCH, "round(Tensor input" OUT, unary, (gintptr) bs_round },
  { TT, BS_SIG_TORCH, "round(Tensor input, *, int64_t decimals, Tensor out=None)", round_decimals,
    0 },
  { TT, BS_SIG_TORCH, "round_(Tensor input)", inplace_op, BS_OP_ROUND },
  { TT, BS_SIG_TORCH, "round_(Tensor input, *, int64_t decimals)", round_decimals, 1 },

  { TT, BS_SIG_TORCH, "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    arithmetic, BS_BINOP_ADD },
  { TT, BS_SIG_TORCH, "add(Tensor input, Scalar alpha, Tensor other" OUT "|deprecated",
    arithmetic_deprecated, BS_BINOP_ADD },
  { TT, BS_SIG_TORCH, "sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    arithmetic, BS_BINOP_SUB },
  { TT, BS_SIG_TORCH, "sub(Tensor input, Scalar alpha, Tensor other" OUT "|deprecated",
    arithmetic_deprecated, BS_BINOP_SUB },
  { TT, BS_SIG_TORCH, "mul(Tensor input, Tensor other" OUT, arithmetic, BS_BINOP_MUL },
  { TT, BS_SIG_TORCH, "div(Tensor input, Tensor other" OUT, arithmetic, BS_BINOP_DIV },
  { TT, BS_SIG_TORCH, "div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, "
    "Tensor out=None)", div_rounding, 0 },
  { TT, BS_SIG_TORCH, "div(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    div_rounding, 0 },
  { "Tensor", BS_SIG_TORCH, "add_(Tensor input, Tensor other, *, Scalar alpha=1)", arithmetic,
    BS_BINOP_ADD | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "add_(Tensor input, Scalar alpha, Tensor other)|deprecated",
    arithmetic_deprecated, BS_BINOP_ADD },
  { "Tensor", BS_SIG_TORCH, "sub_(Tensor input, Tensor other, *, Scalar alpha=1)", arithmetic,
    BS_BINOP_SUB | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "sub_(Tensor input, Scalar alpha, Tensor other)|deprecated",
    arithmetic_deprecated, BS_BINOP_SUB },
  { "Tensor", BS_SIG_TORCH, "mul_(Tensor input, Tensor other)", arithmetic,
    BS_BINOP_MUL | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "div_(Tensor input, Tensor other)", arithmetic,
    BS_BINOP_DIV | 1 << 8 },
  { TT, BS_SIG_TORCH, "square(Tensor input" OUT, square, 0 },
  { "Tensor", BS_SIG_TORCH, "square_(Tensor input)", square, 1 },
  { TT, BS_SIG_TORCH, "pow(Tensor input, Tensor exponent" OUT, operator, BS_BINOP_POW },
  { "torch", BS_SIG_TORCH, "pow(Scalar self, Tensor exponent" OUT, operator, BS_BINOP_POW },
  { TT, BS_SIG_TORCH, "pow(Tensor input, Scalar exponent" OUT, operator, BS_BINOP_POW },
  { TT, BS_SIG_TORCH, "floor_divide(Tensor input, Tensor other" OUT, operator,
    BS_BINOP_FLOOR_DIV },
  { TT, BS_SIG_TORCH, "floor_divide(Tensor input, Scalar other)", operator, BS_BINOP_FLOOR_DIV },
  { TT, BS_SIG_TORCH, "remainder(Tensor input, Tensor other" OUT, operator, BS_BINOP_MOD },
  { "torch", BS_SIG_TORCH, "remainder(Scalar self, Tensor other)", operator, BS_BINOP_MOD },
  { TT, BS_SIG_TORCH, "remainder(Tensor input, Scalar other" OUT, operator, BS_BINOP_MOD },

  { "Tensor", BS_SIG_TORCH, "pow_(Tensor input, Tensor exponent)", operator,
    BS_BINOP_POW | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "pow_(Tensor input, Scalar exponent)", operator,
    BS_BINOP_POW | 1 << 8 },
  BITWISE_ROWS (bitwise_and, BS_BINOP_BIT_AND),
  BITWISE_ROWS (bitwise_or, BS_BINOP_BIT_OR),
  BITWISE_ROWS (bitwise_xor, BS_BINOP_BIT_XOR),
  BITWISE_ROWS (bitwise_left_shift, BS_BINOP_LSHIFT),
  BITWISE_ROWS (bitwise_right_shift, BS_BINOP_RSHIFT),
  { TT, BS_SIG_TORCH, "bitwise_not(Tensor input" OUT, unary, (gintptr) bs_bitwise_not },
  { "Tensor", BS_SIG_TORCH, "bitwise_not_(Tensor input)", bitwise_not_, 0 },

  { "Tensor", BS_SIG_TORCH, "copy_(Tensor input, Tensor other, bool non_blocking=False)", copy_,
    0 },
  { "Tensor", BS_SIG_TORCH, "copy_(Tensor input, Tensor other, bool async=False)|deprecated",
    copy_, 0 },

  BINARY_ROW (matmul, other, bs_matmul),
  BINARY_ROW (mm, mat2, bs_mm),
  BINARY_ROW (mv, vec, bs_mv),
  BINARY_ROW (dot, tensor, bs_dot),
  BINARY_ROW (bmm, mat2, bs_bmm),
  BINARY_ROW (maximum, other, bs_maximum),
  BINARY_ROW (minimum, other, bs_minimum),

  COMPARE_ROWS (eq, BS_COMPARE_EQ),
  COMPARE_ROWS (ne, BS_COMPARE_NE),
  COMPARE_ROWS (lt, BS_COMPARE_LT),
  COMPARE_ROWS (le, BS_COMPARE_LE),
  COMPARE_ROWS (gt, BS_COMPARE_GT),
  COMPARE_ROWS (ge, BS_COMPARE_GE),
  { TT, BS_SIG_TORCH, "allclose(Tensor input, Tensor other, double rtol=1e-05, "
    "double atol=1e-08, bool equal_nan=False)", allclose, 0 },
  { TT, BS_SIG_TORCH, "equal(Tensor input, Tensor other)", equal, 0 },

  { TT, BS_SIG_TORCH, "sum(Tensor input, *, ScalarType? dtype=None)", reduce, 0 },
  { TT, BS_SIG_TORCH, "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", reduce, 0 },
  { TT, BS_SIG_TORCH, "sum(Tensor input, DimnameList[1] dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "mean(Tensor input, *, ScalarType? dtype=None)", reduce, 1 },
  { TT, BS_SIG_TORCH, "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", reduce, 1 },
  { TT, BS_SIG_TORCH, "mean(Tensor input, DimnameList[1] dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", bs_torch_refuse_named, 1 },
  { TT, BS_SIG_TORCH, "max(Tensor input)", extremum, 1 },
  { TT, BS_SIG_TORCH, "max(Tensor input, Tensor other" OUT, extremum_other, 1 },
  { TT, BS_SIG_TORCH, "max(Tensor input, int64_t dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", extremum_dim, 1 },
  { TT, BS_SIG_TORCH, "max(Tensor input, Dimname dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", bs_torch_refuse_named, 1 },
  { TT, BS_SIG_TORCH, "min(Tensor input)", extremum, 0 },
  { TT, BS_SIG_TORCH, "min(Tensor input, Tensor other" OUT, extremum_other, 0 },
  { TT, BS_SIG_TORCH, "min(Tensor input, int64_t dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", extremum_dim, 0 },
  { TT, BS_SIG_TORCH, "min(Tensor input, Dimname dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "argmax(Tensor input, int64_t? dim=None, bool keepdim=False" OUT,
    arg_extremum, 1 },
  { TT, BS_SIG_TORCH, "argmin(Tensor input, int64_t? dim=None, bool keepdim=False" OUT,
    arg_extremum, 0 },
  { TT, BS_SIG_TORCH, "softmax(Tensor input, int64_t dim, ScalarType? dtype=None" OUT,
    softmax, 0 },
  { TT, BS_SIG_TORCH, "softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)",
    bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None" OUT,
    softmax, 1 },
  { TT, BS_SIG_TORCH, "log_softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)",
    bs_torch_refuse_named, 1 },
  { TT, BS_SIG_TORCH, "all(Tensor input" OUT, all_any, 0 },
  { TT, BS_SIG_TORCH, "any(Tensor input" OUT, all_any, 1 },

  { TT, BS_SIG_TORCH, "clamp(Tensor input, Tensor? min=None, Tensor? max=None" OUT,
    clamp_tensors, 0 },
  { TT, BS_SIG_TORCH, "clamp(Tensor input, Scalar? min=None, Scalar? max=None" OUT, clamp, 0 },
  { TT, BS_SIG_TORCH, "clamp_(Tensor input, Tensor? min=None, Tensor? max=None)", clamp_tensors,
    1 },
  { TT, BS_SIG_TORCH, "clamp_(Tensor input, Scalar? min=None, Scalar? max=None)", clamp, 1 },
  { TT, BS_SIG_TORCH, "clamp_min(Tensor input, Tensor min" OUT, clamp_one_tensor,
    CLAMP_MIN_ONLY },
  { TT, BS_SIG_TORCH, "clamp_min(Tensor input, Scalar min" OUT, clamp, CLAMP_MIN_ONLY },
  { TT, BS_SIG_TORCH, "clamp_max(Tensor input, Tensor max" OUT, clamp_one_tensor,
    CLAMP_MAX_ONLY },
  { TT, BS_SIG_TORCH, "clamp_max(Tensor input, Scalar max" OUT, clamp, CLAMP_MAX_ONLY },
  { TT, BS_SIG_TORCH, "clamp_min_(Tensor input, Tensor min)", clamp_one_tensor,
    CLAMP_MIN_ONLY | CLAMP_INPLACE },
  { TT, BS_SIG_TORCH, "clamp_min_(Tensor input, Scalar min)", clamp,
    CLAMP_MIN_ONLY | CLAMP_INPLACE },
  { TT, BS_SIG_TORCH, "clamp_max_(Tensor input, Tensor max)", clamp_one_tensor,
    CLAMP_MAX_ONLY | CLAMP_INPLACE },
  { TT, BS_SIG_TORCH, "clamp_max_(Tensor input, Scalar max)", clamp,
    CLAMP_MAX_ONLY | CLAMP_INPLACE },
  { TT, BS_SIG_TORCH, "clip(Tensor input, Tensor? min=None, Tensor? max=None" OUT,
    clamp_tensors, 0 },
  { TT, BS_SIG_TORCH, "clip(Tensor input, Scalar? min=None, Scalar? max=None" OUT, clamp, 0 },
  { "Tensor", BS_SIG_TORCH, "fill_diagonal_(Tensor input, Scalar fill_value, bool wrap=False)",
    fill_diagonal_, 0 },
  { TT, BS_SIG_TORCH, "fill_(Tensor input, Tensor value)", fill_, 0 },
  { TT, BS_SIG_TORCH, "fill_(Tensor input, Scalar value)", fill_, 0 },
};

const BsSignatureTable bs_tensor_math_table = BS_SIGNATURE_TABLE (rows);
