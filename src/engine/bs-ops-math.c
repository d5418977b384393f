/* bs-ops-math.c: more elementwise functions (inverse and hyperbolic trig,
 * logarithms, rounding, remainders, logical ops and float predicates)
 *
 * Each kernel computes in double and rounds to the element type; float32
 * results are then within PyTorch's own rounding of the exact value.
 * Backwards are written with tracked ops, so create_graph works.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>

typedef double (*MathFunc) (double x);

/* --- kernels ------------------------------------------------------------ */

typedef struct {
  MathFunc func;
  BsDType  dtype;
  BsDType  out_dtype;
} UnaryKernel;

static void
unary_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const UnaryKernel *k = user_data;
  char *out = p[0];
  const char *a = p[1];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
    bs_dtype_store (out, k->out_dtype, k->func (bs_dtype_load (a, k->dtype)));
}

/* func over a's elements: floating inputs keep their dtype; others become
 * float32 when to_float, else keep theirs (floor of an int64 is itself). */
static BsTensor *
map_unary (BsTensor  *a,
           MathFunc   func,
           gboolean   to_float,
           BsDType    out_dtype,
           GError   **error)
{
  UnaryKernel k = { func, a->dtype, a->dtype };
  g_autoptr(BsTensor) out = NULL;
  BsIter iter;

  if (to_float && !bs_dtype_is_floating (a->dtype))
    k.out_dtype = BS_DTYPE_FLOAT32;
  if (out_dtype != (BsDType) -1)
    k.out_dtype = out_dtype;
  out = bs_tensor_new_uninit (a->context, k.out_dtype, a->ndim, a->shape, error);
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, a->ndim, a->shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, a);
  bs_iter_run (&iter, unary_loop, &k);
  return g_steal_pointer (&out);
}

typedef double (*BinaryFunc) (double a, double b);
typedef gint64 (*IntBinaryFunc) (gint64 a, gint64 b);

typedef struct {
  BinaryFunc    func;
  IntBinaryFunc int_func;   /* for integral and bool operands, when not NULL */
  BsDType       dtype;      /* of the operands, after promotion */
  BsDType       out_dtype;
} BinaryKernel;

static void
binary_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const BinaryKernel *k = user_data;
  char *out = p[0];
  const char *a = p[1], *b = p[2];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
    {
      if (k->int_func != NULL && !bs_dtype_is_floating (k->dtype))
        {
          gint64 x = bs_dtype_load_int (a, k->dtype);
          gint64 y = bs_dtype_load_int (b, k->dtype);

          bs_dtype_store_int (out, k->out_dtype, k->int_func (x, y));
        }
      else
        {
          double x = bs_dtype_load (a, k->dtype), y = bs_dtype_load (b, k->dtype);
          double r = k->func (x, y);

          /* float32 operands: the operation is done in float32, as PyTorch */
          if (k->dtype == BS_DTYPE_FLOAT32)
            r = (float) r;
          bs_dtype_store (out, k->out_dtype, r);
        }
    }
}

/* Broadcasts a and b, casts both to their result type (float32 when to_float
 * and it is not floating) and maps func; out_dtype -1 means the result type. */
static BsTensor *
map_binary (BsTensor      *a,
            BsTensor      *b,
            BinaryFunc     func,
            IntBinaryFunc  int_func,
            gboolean       to_float,
            BsDType        out_dtype,
            GError       **error)
{
  BsTensor *pair[2] = { a, b };
  BinaryKernel k = { func, int_func, bs_result_type (pair, 2), 0 };
  g_autoptr(BsTensor) ca = NULL;
  g_autoptr(BsTensor) cb = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsIter iter;

  if (to_float && !bs_dtype_is_floating (k.dtype))
    k.dtype = BS_DTYPE_FLOAT32;
  k.out_dtype = out_dtype == (BsDType) -1 ? k.dtype : out_dtype;
  if (!bs_broadcast_shapes (a->ndim, a->shape, b->ndim, b->shape, &ndim, shape, error))
    return NULL;
  ca = bs_cast_raw (a, k.dtype, error);
  cb = ca ? bs_cast_raw (b, k.dtype, error) : NULL;
  out = cb ? bs_tensor_new_uninit (a->context, k.out_dtype, ndim, shape, error) : NULL;
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, ndim, shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, ca);
  bs_iter_add (&iter, cb);
  bs_iter_run (&iter, binary_loop, &k);
  return g_steal_pointer (&out);
}

/* --- helpers for backward formulas (tracked) ---------------------------- */

static BsTensor *
number (BsTensor *like, double value)
{
  return bs_tensor_new_wrapped_number (like->context, value, FALSE);
}

/* t + c */
static BsTensor *
plus (BsTensor *t, double c, GError **error)
{
  g_autoptr(BsTensor) n = number (t, c);

  return bs_add (t, n, 1.0, error);
}

/* c + sign · a² */
static BsTensor *
square_plus (BsTensor *a, double sign, double c, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (a, a, error);

  if (sq == NULL)
    return NULL;
  return sign > 0 ? plus (sq, c, error) : bs_rsub_scalar (sq, c, 1.0, error);
}

/* 1 / sqrt(c + sign · a²) */
static BsTensor *
inverse_sqrt_of (BsTensor *a, double sign, double c, GError **error)
{
  g_autoptr(BsTensor) shifted = square_plus (a, sign, c, error);
  g_autoptr(BsTensor) root = shifted ? bs_sqrt (shifted, error) : NULL;

  return root ? bs_reciprocal (root, error) : NULL;
}

static void
save_input (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
}

static void
save_output (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE_OUTPUT (0, out);
}

static void
save_both (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
}

/* An op whose forward maps func (to float) and whose local derivative is
 * fname##_local of the saved input or output. */
#define MATH_OP(fname, Name, func, saver, formula) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    return map_unary (in[0], func, TRUE, (BsDType) -1, error); \
  } \
  static gboolean \
  fname##_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, \
                    GError **error) \
  { \
    return bs_unary_local_backward (node, grad, gi, locals, fname##_local, error); \
  } \
  const BsOpInfo bs_op_##fname = { \
    .name = #fname, .grad_fn_name = Name, .symbol = #fname, .n_inputs = 1, \
    .forward = fname##_forward, .save = saver, .backward = fname##_backward, \
    .formulas = { formula }, \
  };

/* --- inverse and hyperbolic trig ---------------------------------------- */

static BsTensor *
asin_local (BsTensor *a, GError **error)
{
  return inverse_sqrt_of (a, -1.0, 1.0, error);
}
MATH_OP (asin, "AsinBackward0", asin, save_input, "∂asin a/∂a = 1/√(1-a²)")

static BsTensor *
acos_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) d = inverse_sqrt_of (a, -1.0, 1.0, error);

  return d ? bs_neg (d, error) : NULL;
}
MATH_OP (acos, "AcosBackward0", acos, save_input, "∂acos a/∂a = -1/√(1-a²)")

static BsTensor *
atan_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) d = square_plus (a, 1.0, 1.0, error);

  return d ? bs_reciprocal (d, error) : NULL;
}
MATH_OP (atan, "AtanBackward0", atan, save_input, "∂atan a/∂a = 1/(1+a²)")

static BsTensor *
sinh_local (BsTensor *a, GError **error)
{
  return bs_cosh (a, error);
}
MATH_OP (sinh, "SinhBackward0", sinh, save_input, "∂sinh a/∂a = cosh a")

static BsTensor *
cosh_local (BsTensor *a, GError **error)
{
  return bs_sinh (a, error);
}
MATH_OP (cosh, "CoshBackward0", cosh, save_input, "∂cosh a/∂a = sinh a")

static BsTensor *
asinh_local (BsTensor *a, GError **error)
{
  return inverse_sqrt_of (a, 1.0, 1.0, error);
}
MATH_OP (asinh, "AsinhBackward0", asinh, save_input, "∂asinh a/∂a = 1/√(a²+1)")

static BsTensor *
acosh_local (BsTensor *a, GError **error)
{
  return inverse_sqrt_of (a, 1.0, -1.0, error);
}
MATH_OP (acosh, "AcoshBackward0", acosh, save_input, "∂acosh a/∂a = 1/√(a²-1)")

static BsTensor *
atanh_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) d = square_plus (a, -1.0, 1.0, error);

  return d ? bs_reciprocal (d, error) : NULL;
}
MATH_OP (atanh, "AtanhBackward0", atanh, save_input, "∂atanh a/∂a = 1/(1-a²)")

/* --- logarithms and exponentials ---------------------------------------- */

static BsTensor *
log1p_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) d = plus (a, 1.0, error);

  return d ? bs_reciprocal (d, error) : NULL;
}
MATH_OP (log1p, "Log1PBackward0", log1p, save_input, "∂ln(1+a)/∂a = 1/(1+a)")

static BsTensor *
expm1_local (BsTensor *result, GError **error)
{
  return plus (result, 1.0, error);
}
MATH_OP (expm1, "Expm1Backward0", expm1, save_output, "∂(eᵃ-1)/∂a = eᵃ")

static BsTensor *
scaled_reciprocal (BsTensor *a, double scale, GError **error)
{
  g_autoptr(BsTensor) d = bs_mul_scalar (a, scale, error);

  return d ? bs_reciprocal (d, error) : NULL;
}

static BsTensor *
log2_local (BsTensor *a, GError **error)
{
  return scaled_reciprocal (a, G_LN2, error);
}
MATH_OP (log2, "Log2Backward0", log2, save_input, "∂log₂ a/∂a = 1/(a·ln 2)")

static BsTensor *
log10_local (BsTensor *a, GError **error)
{
  return scaled_reciprocal (a, G_LN10, error);
}
MATH_OP (log10, "Log10Backward0", log10, save_input, "∂log₁₀ a/∂a = 1/(a·ln 10)")

/* --- tan, rsqrt ------------------------------------------------------------ */

static BsTensor *
tan_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);

  return sq ? plus (sq, 1.0, error) : NULL;
}
MATH_OP (tan, "TanBackward0", tan, save_output, "∂tan a/∂a = 1 + tan²a")

static double
rsqrt_of (double x)
{
  return 1.0 / sqrt (x);
}

static BsTensor *
rsqrt_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);
  g_autoptr(BsTensor) cube = sq ? bs_mul (sq, result, error) : NULL;

  return cube ? bs_mul_scalar (cube, -0.5, error) : NULL;
}
MATH_OP (rsqrt, "RsqrtBackward0", rsqrt_of, save_output, "∂(1/√a)/∂a = -(1/√a)³/2")

/* --- rounding ----------------------------------------------------------- */

static gboolean
constant_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                   double local, GError **error)
{
  /* grad · 0 rather than zeros, so that the gradient stays on the graph for create_graph */
  if (NEEDS (0))
    gi[0] = local == 0.0 ? bs_mul_scalar (grad, 0.0, error) : bs_tensor_ref (grad);
  if (NEEDS (0) && gi[0] == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = number (grad, local);
  return TRUE;
}

static gboolean
zero_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  return constant_backward (node, grad, gi, locals, 0.0, error);
}

static double
frac_of (double x)
{
  return x - trunc (x);
}

/* Rounding keeps integer tensors as they are, as PyTorch. */
#define ROUNDING_OP(fname, Name, func, formula) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    if (!bs_dtype_is_floating (in[0]->dtype)) \
      return bs_tensor_contiguous_copy (in[0], in[0]->dtype, error); \
    return map_unary (in[0], func, FALSE, (BsDType) -1, error); \
  } \
  const BsOpInfo bs_op_##fname = { \
    .name = #fname, .grad_fn_name = Name, .symbol = #fname, .n_inputs = 1, \
    .forward = fname##_forward, .backward = zero_backward, \
    .formulas = { formula }, \
  };

ROUNDING_OP (floor, "FloorBackward0", floor, "∂⌊a⌋/∂a = 0")
ROUNDING_OP (ceil, "CeilBackward0", ceil, "∂⌈a⌉/∂a = 0")
ROUNDING_OP (trunc, "TruncBackward0", trunc, "∂trunc(a)/∂a = 0")

static BsTensor *
frac_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  if (!bs_dtype_is_floating (in[0]->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"frac_cpu\" not implemented for '%s'", bs_dtype_scalar_name (in[0]->dtype));
      return NULL;
    }
  return map_unary (in[0], frac_of, FALSE, (BsDType) -1, error);
}

static gboolean
frac_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  return constant_backward (node, grad, gi, locals, 1.0, error);
}

const BsOpInfo bs_op_frac = {
  .name = "frac", .grad_fn_name = "FracBackward0", .symbol = "frac", .n_inputs = 1,
  .forward = frac_forward, .backward = frac_backward,
  .formulas = { "∂(a - trunc a)/∂a = 1" },
};

static double
sign_of (double x)
{
  return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x;
}

/* sgn keeps the dtype, integers and bools included */
static BsTensor *
sgn_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  return map_unary (in[0], sign_of, FALSE, (BsDType) -1, error);
}

const BsOpInfo bs_op_sgn = {
  .name = "sgn", .grad_fn_name = "SgnBackward0", .symbol = "sgn", .n_inputs = 1,
  .forward = sgn_forward, .backward = zero_backward,
  .formulas = { "∂sgn(a)/∂a = 0" },
};

/* round(decimals=d), as PyTorch's kernel: nearbyint(x · 10^d) / 10^d in the tensor's own
 * float type (x / 10^-d · 10^-d for negative d) */
static void
round_decimals_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const BsOpArgs *args = user_data;
  gboolean neg = args->index < 0;
  double ten_pow = pow (10.0, (double) ABS (args->index));
  char *out = p[0];
  const char *a = p[1];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
    {
      if (args->dtype == BS_DTYPE_FLOAT32)
        {
          float x = *(const float *) a, t = (float) ten_pow;

          *(float *) out = neg ? nearbyintf (x / t) * t : nearbyintf (x * t) / t;
        }
      else
        {
          double x = bs_dtype_load (a, args->dtype);

          bs_dtype_store (out, args->dtype, neg ? nearbyint (x / ten_pow) * ten_pow
                                                : nearbyint (x * ten_pow) / ten_pow);
        }
    }
}

static BsTensor *
round_decimals_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                        GError **error)
{
  BsOpArgs k = *args;
  BsTensor *out;
  BsIter iter;

  if (!bs_dtype_is_floating (in[0]->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"round_cpu\" not implemented for '%s'", bs_dtype_scalar_name (in[0]->dtype));
      return NULL;
    }
  k.dtype = in[0]->dtype;
  out = bs_tensor_new (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape, error);
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, in[0]->ndim, in[0]->shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, in[0]);
  bs_iter_run (&iter, round_decimals_loop, &k);
  return out;
}

const BsOpInfo bs_op_round_decimals = {
  .name = "round", .grad_fn_name = "RoundBackward1", .symbol = "round", .n_inputs = 1,
  .forward = round_decimals_forward, .backward = zero_backward,
  .formulas = { "∂round(a, d)/∂a = 0" },
};

/* --- atan2 -------------------------------------------------------------- */

static BsTensor *
atan2_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  return map_binary (in[0], in[1], atan2, NULL, TRUE, (BsDType) -1, error);
}

static gboolean
atan2_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  UNPACK (a, 0);
  UNPACK (b, 1);
  g_autoptr(BsTensor) a2 = bs_mul (a, a, error);
  g_autoptr(BsTensor) b2 = a2 ? bs_mul (b, b, error) : NULL;
  g_autoptr(BsTensor) r2 = b2 ? bs_add (a2, b2, 1.0, error) : NULL;

  if (r2 == NULL)
    return FALSE;
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(BsTensor) q = NULL;
      g_autoptr(BsTensor) local = NULL;

      if (!NEEDS (i))
        continue;
      q = bs_div (i == 0 ? b : a, r2, error);
      local = q && i == 1 ? bs_neg (q, error) : q ? bs_tensor_ref (q) : NULL;
      if (local == NULL || (gi[i] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[i] = g_steal_pointer (&local);
    }
  return TRUE;
}

const BsOpInfo bs_op_atan2 = {
  .name = "atan2", .grad_fn_name = "Atan2Backward0", .symbol = "atan2", .n_inputs = 2,
  .forward = atan2_forward, .save = save_both, .backward = atan2_backward,
  .formulas = { "∂atan2(a,b)/∂a = b/(a²+b²)", "∂atan2(a,b)/∂b = -a/(a²+b²)" },
};

/* --- remainder, fmod ----------------------------------------------------- */

static double
remainder_of (double a, double b)
{
  double m = fmod (a, b);

  if (m != 0.0 && (b < 0.0) != (m < 0.0))
    m += b;
  return m;
}

static gint64
int_remainder_of (gint64 a, gint64 b)
{
  gint64 m = b == -1 ? 0 : a % b;

  if (m != 0 && (b < 0) != (m < 0))
    m += b;
  return m;
}

static gint64
int_fmod_of (gint64 a, gint64 b)
{
  return b == -1 ? 0 : a % b;
}

static gboolean
check_int_divisor (BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *pair[2] = { a, b };

  if (bs_dtype_is_floating (bs_result_type (pair, 2)))
    return TRUE;
  for (gint64 i = 0; i < bs_tensor_numel (b); i++)
    if (bs_tensor_get_int (b, i) == 0)
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "ZeroDivisionError");
        return FALSE;
      }
  return TRUE;
}

static BsTensor *
rem_forward (BsTensor *a, BsTensor *b, gboolean is_fmod, GError **error)
{
  if (!check_int_divisor (a, b, error))
    return NULL;
  return map_binary (a, b, is_fmod ? fmod : remainder_of,
                     is_fmod ? int_fmod_of : int_remainder_of, FALSE, (BsDType) -1, error);
}

/* ∂/∂b of a - b·q(a/b) is -q(a/b), q being floor or trunc */
static gboolean
rem_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
              gboolean is_fmod, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (WANTS_LOCALS ())
    locals[0] = number (grad, 1.0);
  if (node->n_inputs == 2 && NEEDS (1))
    {
      UNPACK (a, 0);
      UNPACK (b, 1);
      g_autoptr(BsTensor) q = bs_div (a, b, error);
      g_autoptr(BsTensor) r = q ? (is_fmod ? bs_trunc (q, error) : bs_floor (q, error)) : NULL;
      g_autoptr(BsTensor) local = r ? bs_neg (r, error) : NULL;

      if (local == NULL || (gi[1] = bs_mul (grad, local, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = g_steal_pointer (&local);
    }
  return TRUE;
}

static BsTensor *
remainder_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  return rem_forward (in[0], in[1], FALSE, error);
}

static BsTensor *
fmod_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  return rem_forward (in[0], in[1], TRUE, error);
}

static BsTensor *
scalar_operand_forward (BsTensor *const *in, const BsOpArgs *args, gboolean is_fmod,
                        GError **error)
{
  g_autoptr(BsTensor) b = bs_tensor_new_wrapped_number (in[0]->context, args->value,
                                                        args->value_is_int);

  return rem_forward (in[0], b, is_fmod, error);
}

static BsTensor *
remainder_scalar_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                          GError **error)
{
  return scalar_operand_forward (in, args, FALSE, error);
}

static BsTensor *
fmod_scalar_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  return scalar_operand_forward (in, args, TRUE, error);
}

static gboolean
remainder_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  return rem_backward (node, grad, gi, locals, FALSE, error);
}

static gboolean
fmod_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  return rem_backward (node, grad, gi, locals, TRUE, error);
}

const BsOpInfo bs_op_remainder = {
  .name = "remainder", .grad_fn_name = "RemainderBackward1", .symbol = "%", .n_inputs = 2,
  .forward = remainder_forward, .save = save_both, .backward = remainder_backward,
  .formulas = { "∂(a mod b)/∂a = 1", "∂(a mod b)/∂b = -⌊a/b⌋" },
};

/* a // b as PyTorch 1.13 records it: a NotImplemented node, whose backward fails. The
 * quotient comes computed (the third input, never differentiated); the node's edges are a's
 * and b's. */
static BsTensor *
floor_divide_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                      GError **error)
{
  BsTensor *q = in[2];

  return bs_tensor_alias (q, q->ndim, q->shape, q->strides, q->offset);
}

static gboolean
floor_divide_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                       GError **error)
{
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "derivative for aten::floor_divide is not implemented");
  return FALSE;
}

const BsOpInfo bs_op_floor_divide = {
  .name = "floor_divide", .grad_fn_name = "torch::autograd::NotImplemented", .symbol = "//",
  .n_inputs = 3, .nondiff_inputs = 1u << 2,
  .forward = floor_divide_forward, .backward = floor_divide_backward,
  .formulas = { "a // b has no derivative in PyTorch", "a // b has no derivative in PyTorch" },
};

/* a // b, the quotient q computed already: q itself, or a's new value (in place), with
 * PyTorch's node where a or b requires grad */
BsTensor *
bs_floor_divide_record (BsTensor  *a,
                        BsTensor  *b,
                        BsTensor  *q,
                        gboolean   inplace,
                        GError   **error)
{
  BsTensor *in[3] = { a, b, q };

  return inplace ? bs_op_apply_inplace (BS_OP_FLOOR_DIVIDE, in, 3, NULL, error)
                 : bs_op_apply (BS_OP_FLOOR_DIVIDE, in, 3, NULL, error);
}

const BsOpInfo bs_op_remainder_scalar = {
  .name = "remainder", .grad_fn_name = "RemainderBackward0", .symbol = "%", .n_inputs = 1,
  .forward = remainder_scalar_forward, .backward = remainder_backward,
  .formulas = { "∂(a mod s)/∂a = 1" },
};

const BsOpInfo bs_op_fmod = {
  .name = "fmod", .grad_fn_name = "FmodBackward1", .symbol = "fmod", .n_inputs = 2,
  .forward = fmod_forward, .save = save_both, .backward = fmod_backward,
  .formulas = { "∂fmod(a,b)/∂a = 1", "∂fmod(a,b)/∂b = -trunc(a/b)" },
};

const BsOpInfo bs_op_fmod_scalar = {
  .name = "fmod", .grad_fn_name = "FmodBackward0", .symbol = "fmod", .n_inputs = 1,
  .forward = fmod_scalar_forward, .backward = fmod_backward,
  .formulas = { "∂fmod(a,s)/∂a = 1" },
};

/* --- the public functions ------------------------------------------------ */

#define DEFINE_MATH(fname, OP) \
  BsTensor * \
  bs_##fname (BsTensor *a, GError **error) \
  { \
    return bs_op_apply (OP, &a, 1, NULL, error); \
  }

DEFINE_MATH (asin, BS_OP_ASIN)
DEFINE_MATH (acos, BS_OP_ACOS)
DEFINE_MATH (atan, BS_OP_ATAN)
DEFINE_MATH (sinh, BS_OP_SINH)
DEFINE_MATH (cosh, BS_OP_COSH)
DEFINE_MATH (asinh, BS_OP_ASINH)
DEFINE_MATH (acosh, BS_OP_ACOSH)
DEFINE_MATH (atanh, BS_OP_ATANH)
DEFINE_MATH (log1p, BS_OP_LOG1P)
DEFINE_MATH (expm1, BS_OP_EXPM1)
DEFINE_MATH (log2, BS_OP_LOG2)
DEFINE_MATH (log10, BS_OP_LOG10)
DEFINE_MATH (floor, BS_OP_FLOOR)
DEFINE_MATH (ceil, BS_OP_CEIL)
DEFINE_MATH (trunc, BS_OP_TRUNC)
DEFINE_MATH (frac, BS_OP_FRAC)
DEFINE_MATH (tan, BS_OP_TAN)
DEFINE_MATH (rsqrt, BS_OP_RSQRT)
DEFINE_MATH (sgn, BS_OP_SGN)

BsTensor *
bs_round_decimals (BsTensor *a, gint64 decimals, gboolean inplace, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.index = decimals;
  return inplace ? bs_op_apply_inplace (BS_OP_ROUND_DECIMALS, &a, 1, &args, error)
                 : bs_op_apply (BS_OP_ROUND_DECIMALS, &a, 1, &args, error);
}

BsTensor *
bs_atan2 (BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply (BS_OP_ATAN2, in, 2, NULL, error);
}

/* A Python number as the divisor records the one-input node, as PyTorch; in place: into a */
static BsTensor *
apply_rem (BsOp op, BsOp scalar_op, BsTensor *a, BsTensor *b, gboolean inplace, GError **error)
{
  BsTensor *in[2] = { a, b };
  BsOpArgs args;

  /* a bool divisor is a bool operand even as a Python True */
  if (bs_result_type (in, 2) == BS_DTYPE_BOOL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for 'Bool'",
                   op == BS_OP_FMOD ? "fmod_cpu" : "remainder_cpu");
      return NULL;
    }
  if (!b->is_wrapped_number)
    return inplace ? bs_op_apply_inplace (op, in, 2, NULL, error)
                   : bs_op_apply (op, in, 2, NULL, error);
  bs_op_args_init (&args);
  args.value = bs_tensor_item (b);
  args.value_is_int = b->dtype == BS_DTYPE_INT64;
  return inplace ? bs_op_apply_inplace (scalar_op, &a, 1, &args, error)
                 : bs_op_apply (scalar_op, &a, 1, &args, error);
}

BsTensor *
bs_remainder (BsTensor *a, BsTensor *b, GError **error)
{
  return apply_rem (BS_OP_REMAINDER, BS_OP_REMAINDER_SCALAR, a, b, FALSE, error);
}

BsTensor *
bs_remainder_ (BsTensor *a, BsTensor *b, GError **error)
{
  return apply_rem (BS_OP_REMAINDER, BS_OP_REMAINDER_SCALAR, a, b, TRUE, error);
}

BsTensor *
bs_fmod (BsTensor *a, BsTensor *b, GError **error)
{
  return apply_rem (BS_OP_FMOD, BS_OP_FMOD_SCALAR, a, b, FALSE, error);
}

/* --- not differentiable: predicates and logical ops ---------------------- */

static double
is_nan (double x)
{
  return isnan (x);
}

static double
is_inf (double x)
{
  return isinf (x);
}

static double
is_finite (double x)
{
  return isfinite (x);
}

BsTensor *
bs_isnan (BsTensor *a, GError **error)
{
  return map_unary (a, is_nan, FALSE, BS_DTYPE_BOOL, error);
}

BsTensor *
bs_isinf (BsTensor *a, GError **error)
{
  return map_unary (a, is_inf, FALSE, BS_DTYPE_BOOL, error);
}

BsTensor *
bs_isfinite (BsTensor *a, GError **error)
{
  return map_unary (a, is_finite, FALSE, BS_DTYPE_BOOL, error);
}

static double
logical_and_of (double a, double b)
{
  return a != 0.0 && b != 0.0;
}

static double
logical_or_of (double a, double b)
{
  return a != 0.0 || b != 0.0;
}

static double
logical_xor_of (double a, double b)
{
  return (a != 0.0) != (b != 0.0);
}

BsTensor *
bs_logical_and (BsTensor *a, BsTensor *b, GError **error)
{
  return map_binary (a, b, logical_and_of, NULL, FALSE, BS_DTYPE_BOOL, error);
}

BsTensor *
bs_logical_or (BsTensor *a, BsTensor *b, GError **error)
{
  return map_binary (a, b, logical_or_of, NULL, FALSE, BS_DTYPE_BOOL, error);
}

BsTensor *
bs_logical_xor (BsTensor *a, BsTensor *b, GError **error)
{
  return map_binary (a, b, logical_xor_of, NULL, FALSE, BS_DTYPE_BOOL, error);
}
