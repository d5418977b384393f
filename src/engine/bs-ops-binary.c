/* bs-ops-binary.c: elementwise ops of two inputs, forward and backward side by side
 *
 * add, sub, rsub, mul, div, the three pows, maximum, minimum, where and the
 * comparisons, their public functions and their in-place forms.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pointwise.h"

#include <math.h>
#include <string.h>

/* --- add, sub, rsub ---------------------------------------------------- */

static BsTensor *
add_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_ADD, args->scalar, FALSE, FALSE, error);
}

static gboolean
add_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (NEEDS (1))
    gi[1] = node->args.scalar == 1.0 ? bs_tensor_ref (grad)
                                     : bs_mul_scalar (grad, node->args.scalar, error);
  if (WANTS_LOCALS ())
    {
      locals[0] = bs_scalar_like (grad, 1.0);
      locals[1] = bs_scalar_like (grad, node->args.scalar);
    }
  return !NEEDS (1) || gi[1] != NULL;
}

const BsOpInfo bs_op_add = {
  .name = "add", .grad_fn_name = "AddBackward0", .symbol = "+", .n_inputs = 2,
  .forward = add_forward, .backward = add_backward,
  .formulas = { "∂(a+b)/∂a = 1", "∂(a+b)/∂b = 1" },
};

static BsTensor *
sub_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_SUB, args->scalar, FALSE, FALSE, error);
}

static gboolean
sub_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (NEEDS (1) && (gi[1] = bs_mul_scalar (grad, -node->args.scalar, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    {
      locals[0] = bs_scalar_like (grad, 1.0);
      locals[1] = bs_scalar_like (grad, -node->args.scalar);
    }
  return TRUE;
}

const BsOpInfo bs_op_sub = {
  .name = "sub", .grad_fn_name = "SubBackward0", .symbol = "-", .n_inputs = 2,
  .forward = sub_forward, .backward = sub_backward,
  .formulas = { "∂(a-b)/∂a = 1", "∂(a-b)/∂b = -1" },
};

/* rsub(a, s) = s - alpha * a, with s a Python scalar kept in args->min */
static BsTensor *
rsub_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  g_autoptr(BsTensor) s = bs_tensor_new_wrapped_number (in[0]->context, args->value,
                                                        args->value_is_int);

  return bs_pointwise_binary (s, in[0], K_SUB, args->scalar, FALSE, FALSE, error);
}

static gboolean
rsub_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_mul_scalar (grad, -node->args.scalar, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_scalar_like (grad, -node->args.scalar);
  return TRUE;
}

const BsOpInfo bs_op_rsub = {
  .name = "rsub", .grad_fn_name = "RsubBackward1", .symbol = "-", .n_inputs = 1,
  .forward = rsub_forward, .backward = rsub_backward,
  .formulas = { "∂(s-a)/∂a = -1" },
};

/* --- mul, div ---------------------------------------------------------- */

static BsTensor *
mul_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_MUL, 1.0, FALSE, FALSE, error);
}

static void
mul_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  if (NEEDS (0))
    SAVE (1, in[1]);
  if (NEEDS (1))
    SAVE (0, in[0]);
}

static gboolean
mul_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    {
      UNPACK (b, 1);
      if ((gi[0] = bs_mul (grad, b, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = bs_tensor_ref (b);
    }
  if (NEEDS (1))
    {
      UNPACK (a, 0);
      if ((gi[1] = bs_mul (grad, a, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = bs_tensor_ref (a);
    }
  return TRUE;
}

const BsOpInfo bs_op_mul = {
  .name = "mul", .grad_fn_name = "MulBackward0", .symbol = "*", .n_inputs = 2,
  .forward = mul_forward, .save = mul_save, .backward = mul_backward,
  .formulas = { "∂(a*b)/∂a = b", "∂(a*b)/∂b = a" },
};

static BsTensor *
div_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_DIV, 1.0, TRUE, FALSE, error);
}

static void
div_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (1, in[1]);
  if (NEEDS (1))
    SAVE (0, in[0]);
}

static gboolean
div_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  UNPACK (b, 1);

  if (NEEDS (0))
    {
      g_autoptr(BsTensor) inv = bs_reciprocal (b, error);

      if (inv == NULL || (gi[0] = bs_mul (grad, inv, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = bs_tensor_ref (inv);
    }
  if (NEEDS (1))
    {
      /* -grad * a / b² */
      UNPACK (a, 0);
      g_autoptr(BsTensor) b2 = bs_mul (b, b, error);
      g_autoptr(BsTensor) q = b2 ? bs_div (a, b2, error) : NULL;
      g_autoptr(BsTensor) local = q ? bs_neg (q, error) : NULL;

      if (local == NULL || (gi[1] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = bs_tensor_ref (local);
    }
  return TRUE;
}

const BsOpInfo bs_op_div = {
  .name = "div", .grad_fn_name = "DivBackward0", .symbol = "/", .n_inputs = 2,
  .forward = div_forward, .save = div_save, .backward = div_backward,
  .formulas = { "∂(a/b)/∂a = 1/b", "∂(a/b)/∂b = -a/b²" },
};

/* --- pow --------------------------------------------------------------- */

static BsTensor *
pow_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  g_autoptr(BsTensor) e = NULL;

  if (!bs_dtype_is_floating (in[0]->dtype) && args->value_is_int && args->value < 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Integers to negative integer powers are not allowed.");
      return NULL;
    }
  e = bs_tensor_new_wrapped_number (in[0]->context, args->value,
                                                        args->value_is_int);

  return bs_pointwise_binary (in[0], e, K_POW, 1.0, FALSE, FALSE, error);
}

static void
pow_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
}

static gboolean
pow_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  double e = node->args.value;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);

  if (!NEEDS (0))
    return TRUE;
  if (e == 0.0)
    {
      local = bs_zeros_like (a, error);
    }
  else
    {
      g_autoptr(BsTensor) p = bs_pow_scalar (a, e - 1.0, error);

      local = p ? bs_mul_scalar (p, e, error) : NULL;
    }
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

const BsOpInfo bs_op_pow = {
  .name = "pow", .grad_fn_name = "PowBackward0", .symbol = "**", .n_inputs = 1,
  .forward = pow_forward, .save = pow_save, .backward = pow_backward,
  .formulas = { "∂(aⁿ)/∂a = n·aⁿ⁻¹" },
};

static BsTensor *
pow_tensor_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                    GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_POW, 1.0, FALSE, FALSE, error);
}

static void
pow_tensor_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
  if (NEEDS (1))
    SAVE_OUTPUT (2, out);
}

/* d/db a^b = a^b · log a, taken as 0 where a == 0 and b >= 0 (as PyTorch) */
static BsTensor *
pow_exponent_local (BsTensor *a, BsTensor *b, BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) log_a = bs_log (a, error);
  g_autoptr(BsTensor) local = log_a ? bs_mul (result, log_a, error) : NULL;
  g_autoptr(BsTensor) zero = NULL;
  g_autoptr(BsTensor) a_zero = NULL;
  g_autoptr(BsTensor) b_nonneg = NULL;
  g_autoptr(BsTensor) mask = NULL;
  g_autoptr(BsTensor) keep = NULL;

  if (local == NULL)
    return NULL;
  zero = bs_scalar_like (a, 0.0);
  a_zero = bs_compare (a, zero, BS_COMPARE_EQ, error);
  b_nonneg = a_zero ? bs_compare (b, zero, BS_COMPARE_GE, error) : NULL;
  mask = b_nonneg ? bs_mul (a_zero, b_nonneg, error) : NULL;
  keep = mask ? bs_logical_not (mask, error) : NULL;
  if (keep == NULL)
    return NULL;
  return bs_select_grad (local, keep, error);
}

static gboolean
pow_tensor_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                     GError **error)
{
  GError *local_error = NULL;
  UNPACK (a, 0);
  UNPACK (b, 1);

  if (NEEDS (0))
    {
      /* b · a^(b-1), 0 where b == 0 */
      g_autoptr(BsTensor) one = bs_scalar_like (b, 1.0);
      g_autoptr(BsTensor) bm1 = bs_sub (b, one, 1.0, error);
      g_autoptr(BsTensor) p = bm1 ? bs_pow (a, bm1, error) : NULL;
      g_autoptr(BsTensor) raw = p ? bs_mul (b, p, error) : NULL;
      g_autoptr(BsTensor) zero = bs_scalar_like (b, 0.0);
      g_autoptr(BsTensor) nonzero = raw ? bs_compare (b, zero, BS_COMPARE_NE, error) : NULL;
      g_autoptr(BsTensor) local = nonzero ? bs_select_grad (raw, nonzero, error) : NULL;

      if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = g_steal_pointer (&local);
    }
  if (NEEDS (1))
    {
      UNPACK (result, 2);
      g_autoptr(BsTensor) local = pow_exponent_local (a, b, result, error);

      if (local == NULL || (gi[1] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = g_steal_pointer (&local);
    }
  return TRUE;
}

const BsOpInfo bs_op_pow_tensor = {
  .name = "pow", .grad_fn_name = "PowBackward1", .symbol = "**", .n_inputs = 2,
  .forward = pow_tensor_forward, .save = pow_tensor_save, .backward = pow_tensor_backward,
  .formulas = { "∂(aᵇ)/∂a = b·aᵇ⁻¹", "∂(aᵇ)/∂b = aᵇ·ln a" },
};

/* base ** exponent, the base a Python scalar kept in args->scalar */
static BsTensor *
pow_scalar_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                    GError **error)
{
  g_autoptr(BsTensor) base = bs_tensor_new_wrapped_number (in[0]->context, args->value,
                                                           args->value_is_int);

  return bs_pointwise_binary (base, in[0], K_POW, 1.0, FALSE, FALSE, error);
}

static void
pow_scalar_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE_OUTPUT (1, out);
}

static gboolean
pow_scalar_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                     GError **error)
{
  GError *local_error = NULL;
  UNPACK (b, 0);
  UNPACK (result, 1);
  g_autoptr(BsTensor) base = bs_tensor_new_wrapped_number (b->context, node->args.value, FALSE);
  g_autoptr(BsTensor) local = NULL;

  if (!NEEDS (0))
    return TRUE;
  local = pow_exponent_local (base, b, result, error);
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

const BsOpInfo bs_op_pow_scalar = {
  .name = "pow", .grad_fn_name = "PowBackward2", .symbol = "**", .n_inputs = 1,
  .forward = pow_scalar_forward, .save = pow_scalar_save, .backward = pow_scalar_backward,
  .formulas = { "∂(sᵃ)/∂a = sᵃ·ln s" },
};

/* --- maximum, minimum, where ------------------------------------------ */

static BsTensor *
maximum_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_MAXIMUM, 1.0, FALSE, FALSE, error);
}

static BsTensor *
minimum_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return bs_pointwise_binary (in[0], in[1], K_MINIMUM, 1.0, FALSE, FALSE, error);
}

static void
save_both (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
}

/* Where a wins, 1; where they tie, 1/2 (as PyTorch splits the gradient); else 0. */
static BsTensor *
winner_local (BsTensor *a, BsTensor *b, BsCompare wins, GError **error)
{
  g_autoptr(BsTensor) win = bs_compare (a, b, wins, error);
  g_autoptr(BsTensor) tie = win ? bs_compare (a, b, BS_COMPARE_EQ, error) : NULL;
  g_autoptr(BsTensor) winf = tie ? bs_cast_raw (win, a->dtype, error) : NULL;
  g_autoptr(BsTensor) tief = winf ? bs_cast_raw (tie, a->dtype, error) : NULL;
  g_autoptr(BsTensor) half = tief ? bs_mul_scalar (tief, 0.5, error) : NULL;

  return half ? bs_add (winf, half, 1.0, error) : NULL;
}

static gboolean
extremum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                   BsCompare wins, GError **error)
{
  GError *local_error = NULL;
  UNPACK (a, 0);
  UNPACK (b, 1);

  for (int i = 0; i < 2; i++)
    {
      g_autoptr(BsTensor) local = NULL;

      if (!NEEDS (i))
        continue;
      local = i == 0 ? winner_local (a, b, wins, error) : winner_local (b, a, wins, error);
      if (local == NULL || (gi[i] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[i] = g_steal_pointer (&local);
    }
  return TRUE;
}

static gboolean
maximum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  return extremum_backward (node, grad, gi, locals, BS_COMPARE_GT, error);
}

static gboolean
minimum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  return extremum_backward (node, grad, gi, locals, BS_COMPARE_LT, error);
}

const BsOpInfo bs_op_maximum = {
  .name = "maximum", .grad_fn_name = "MaximumBackward0", .symbol = "max", .n_inputs = 2,
  .forward = maximum_forward, .save = save_both, .backward = maximum_backward,
  .formulas = { "∂max(a,b)/∂a = [a>b] (½ on ties)", "∂max(a,b)/∂b = [b>a] (½ on ties)" },
};

const BsOpInfo bs_op_minimum = {
  .name = "minimum", .grad_fn_name = "MinimumBackward0", .symbol = "min", .n_inputs = 2,
  .forward = minimum_forward, .save = save_both, .backward = minimum_backward,
  .formulas = { "∂min(a,b)/∂a = [a<b] (½ on ties)", "∂min(a,b)/∂b = [b<a] (½ on ties)" },
};

typedef struct {
  BsDType dtype;
} WhereArgs;

static void
where_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  gsize size = bs_dtype_size (((WhereArgs *) user_data)->dtype);
  char *out = p[0];
  const char *c = p[1], *a = p[2], *b = p[3];

  for (gint64 i = 0; i < n; i++, out += s[0], c += s[1], a += s[2], b += s[3])
    memcpy (out, *(const guint8 *) c ? a : b, size);
}

static BsTensor *
where_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  BsTensor *pair[2] = { in[1], in[2] };
  BsDType dtype = bs_result_type (pair, 2);
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) a = NULL;
  g_autoptr(BsTensor) b = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 shape[BS_MAX_DIMS], shape2[BS_MAX_DIMS];
  int ndim, ndim2;
  WhereArgs w = { dtype };
  BsIter iter;

  if (in[0]->dtype != BS_DTYPE_BOOL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "where expected condition to be a boolean tensor, but got a tensor with "
                   "dtype %s", bs_dtype_name (in[0]->dtype) + 6);
      return NULL;
    }
  if (!bs_broadcast_shapes (in[1]->ndim, in[1]->shape, in[2]->ndim, in[2]->shape,
                            &ndim, shape, error)
      || !bs_broadcast_shapes (in[0]->ndim, in[0]->shape, ndim, shape, &ndim2, shape2, error))
    return NULL;
  c = bs_tensor_ref (in[0]);
  a = bs_cast_raw (in[1], dtype, error);
  b = a ? bs_cast_raw (in[2], dtype, error) : NULL;
  out = b ? bs_tensor_new (in[0]->context, dtype, ndim2, shape2, error) : NULL;
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, ndim2, shape2);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, c);
  bs_iter_add (&iter, a);
  bs_iter_add (&iter, b);
  bs_iter_run (&iter, where_loop, &w);
  return g_steal_pointer (&out);
}

static void
where_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
}

static gboolean
where_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  UNPACK (condition, 0);

  if (NEEDS (1))
    {
      if ((gi[1] = bs_mask_grad (grad, condition, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = bs_cast_raw (condition, grad->dtype, NULL);
    }
  if (NEEDS (2))
    {
      g_autoptr(BsTensor) inverse = bs_logical_not (condition, error);

      if (inverse == NULL || (gi[2] = bs_mask_grad (grad, inverse, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[2] = bs_cast_raw (inverse, grad->dtype, NULL);
    }
  return TRUE;
}

const BsOpInfo bs_op_where = {
  .name = "where", .grad_fn_name = "WhereBackward0", .symbol = "where", .n_inputs = 3,
  .nondiff_inputs = 1u << 0,
  .forward = where_forward, .save = where_save, .backward = where_backward,
  .formulas = { "", "∂where(c,a,b)/∂a = [c]", "∂where(c,a,b)/∂b = [not c]" },
};

/* --- the public functions ---------------------------------------------- */

BsTensor *
bs_mul_scalar (BsTensor  *a,
               double     value,
               GError   **error)
{
  g_autoptr(BsTensor) s = bs_tensor_new_wrapped_number (a->context, value, FALSE);

  return bs_mul (a, s, error);
}

static BsOpArgs
alpha_args (double alpha)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.scalar = alpha;
  return args;
}

BsTensor *
bs_add (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return bs_pointwise_apply2 (BS_OP_ADD, a, b, &args, error);
}

BsTensor *
bs_sub (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return bs_pointwise_apply2 (BS_OP_SUB, a, b, &args, error);
}

BsTensor *
bs_rsub_scalar (BsTensor *a, double scalar, double alpha, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (scalar);

  args.scalar = alpha;
  return bs_pointwise_apply1 (BS_OP_RSUB, a, &args, error);
}

BsTensor *
bs_mul (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_apply2 (BS_OP_MUL, a, b, NULL, error);
}

BsTensor *
bs_div (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_apply2 (BS_OP_DIV, a, b, NULL, error);
}

BsTensor *
bs_pow_scalar (BsTensor *a, double exponent, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (exponent);

  return bs_pointwise_apply1 (BS_OP_POW, a, &args, error);
}

BsTensor *
bs_pow (BsTensor *a, BsTensor *exponent, GError **error)
{
  return bs_pointwise_apply2 (BS_OP_POW_TENSOR, a, exponent, NULL, error);
}

BsTensor *
bs_scalar_pow (BsContext *context, double base, BsTensor *exponent, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (base);

  g_return_val_if_fail (exponent->context == context, NULL);
  return bs_pointwise_apply1 (BS_OP_POW_SCALAR, exponent, &args, error);
}

BsTensor *
bs_maximum (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_apply2 (BS_OP_MAXIMUM, a, b, NULL, error);
}

BsTensor *
bs_minimum (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_apply2 (BS_OP_MINIMUM, a, b, NULL, error);
}

BsTensor *
bs_where (BsTensor *condition, BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *in[3] = { condition, a, b };

  return bs_op_apply (BS_OP_WHERE, in, 3, NULL, error);
}

BsTensor *
bs_compare (BsTensor *a, BsTensor *b, BsCompare compare, GError **error)
{
  static const int kinds[] = { K_EQ, K_NE, K_LT, K_LE, K_GT, K_GE };

  return bs_pointwise_binary (a, b, kinds[compare], 1.0, FALSE, TRUE, error);
}

/* --- in place ---------------------------------------------------------- */

BsTensor *
bs_add_ (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return bs_pointwise_inplace2 (BS_OP_ADD, a, b, &args, error);
}

BsTensor *
bs_sub_ (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return bs_pointwise_inplace2 (BS_OP_SUB, a, b, &args, error);
}

BsTensor *
bs_mul_ (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_inplace2 (BS_OP_MUL, a, b, NULL, error);
}

BsTensor *
bs_div_ (BsTensor *a, BsTensor *b, GError **error)
{
  return bs_pointwise_inplace2 (BS_OP_DIV, a, b, NULL, error);
}

BsTensor *
bs_pow_scalar_ (BsTensor *a, double exponent, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (exponent);

  return bs_pointwise_inplace1 (BS_OP_POW, a, &args, error);
}

BsTensor *
bs_pow_ (BsTensor *a, BsTensor *exponent, GError **error)
{
  return bs_pointwise_inplace2 (BS_OP_POW_TENSOR, a, exponent, NULL, error);
}
