/* bs-pointwise.c: the elementwise kernels every pointwise op runs
 *
 * Inputs are cast to the promoted dtype first, so each kernel loops over one
 * element type; float32 arithmetic is done in float32, as PyTorch does. The ops
 * themselves are in bs-ops-binary.c, bs-ops-unary.c and bs-ops-copy.c.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pointwise.h"

#include <math.h>
#include <string.h>

/* --- shapes ------------------------------------------------------------ */

gboolean
bs_broadcast_shapes (int            ndim_a,
                     const gint64  *shape_a,
                     int            ndim_b,
                     const gint64  *shape_b,
                     int           *ndim_out,
                     gint64        *shape_out,
                     GError       **error)
{
  int n = MAX (ndim_a, ndim_b);

  for (int i = 0; i < n; i++)
    {
      int da = ndim_a - n + i, db = ndim_b - n + i;
      gint64 sa = da >= 0 ? shape_a[da] : 1;
      gint64 sb = db >= 0 ? shape_b[db] : 1;

      if (sa != sb && sa != 1 && sb != 1)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "The size of tensor a (%" G_GINT64_FORMAT ") must match the size of "
                       "tensor b (%" G_GINT64_FORMAT ") at non-singleton dimension %d",
                       sa, sb, i);
          return FALSE;
        }
      shape_out[i] = sa == 1 ? sb : sa;
    }
  *ndim_out = n;
  return TRUE;
}

BsTensor *
bs_cast_raw (BsTensor  *a,
             BsDType    dtype,
             GError   **error)
{
  if (a->dtype == dtype)
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, dtype, error);
}

/* --- kernels ----------------------------------------------------------- */

static inline double
binary_double (int kind, double a, double b, double alpha)
{
  switch (kind)
    {
    case K_ADD: return alpha == 1.0 ? a + b : fma (alpha, b, a);
    case K_SUB: return alpha == 1.0 ? a - b : fma (-alpha, b, a);
    case K_MUL: return a * b;
    case K_DIV: return a / b;
    case K_POW: return pow (a, b);
    case K_MAXIMUM: return isnan (a) || isnan (b) ? NAN : MAX (a, b);
    case K_MINIMUM: return isnan (a) || isnan (b) ? NAN : MIN (a, b);
    case K_EQ: return a == b;
    case K_NE: return a != b;
    case K_LT: return a < b;
    case K_LE: return a <= b;
    case K_GT: return a > b;
    case K_GE: return a >= b;
    default: return 0.0;
    }
}

/* As PyTorch's integer pow: negative exponents give 0 but for bases 1 and -1; the
 * products wrap */
static inline gint64
pow_int (gint64 base, gint64 exponent)
{
  guint64 result = 1, b = (guint64) base;

  if (exponent < 0)
    return base == 1 ? 1 : base == -1 ? (exponent % 2 != 0 ? -1 : 1) : 0;
  for (guint64 e = (guint64) exponent; e != 0; e >>= 1, b *= b)
    if (e & 1)
      result *= b;
  return (gint64) result;
}

static inline gint64
binary_int (int kind, gint64 a, gint64 b, gint64 alpha)
{
  switch (kind)
    {
    /* in unsigned arithmetic: overflow wraps as PyTorch's does, without C's undefined
     * behaviour */
    case K_ADD: return (gint64) ((guint64) a + (guint64) alpha * (guint64) b);
    case K_SUB: return (gint64) ((guint64) a - (guint64) alpha * (guint64) b);
    case K_MUL: return (gint64) ((guint64) a * (guint64) b);
    case K_POW: return pow_int (a, b);
    case K_MAXIMUM: return MAX (a, b);
    case K_MINIMUM: return MIN (a, b);
    case K_EQ: return a == b;
    case K_NE: return a != b;
    case K_LT: return a < b;
    case K_LE: return a <= b;
    case K_GT: return a > b;
    case K_GE: return a >= b;
    default: return 0;
    }
}

static void
binary_loop (char         **p,
             const gint64  *s,
             gint64         n,
             gpointer       user_data)
{
  const BsKernelArgs *k = user_data;
  char *out = p[0];
  const char *a = p[1], *b = p[2];

  if (k->dtype == BS_DTYPE_FLOAT32 && k->out_dtype == BS_DTYPE_FLOAT32
      && s[0] == 4 && s[1] == 4 && (s[2] == 4 || s[2] == 0))
    {
      /* Contiguous operands (the second possibly one broadcast value): simple
       * loops the compiler can vectorise. */
      float *restrict o = (float *) out;
      const float *restrict x = (const float *) a;
      const float *restrict y = (const float *) b;
      float alpha = (float) k->alpha;

#define CONTIGUOUS_LOOP(expr) \
      if (s[2] == 0) { float yv = *y; for (gint64 i = 0; i < n; i++) { float yi = yv; o[i] = (expr); } } \
      else { for (gint64 i = 0; i < n; i++) { float yi = y[i]; o[i] = (expr); } }
      switch (k->kind)
        {
        case K_ADD: if (alpha == 1.0f) { CONTIGUOUS_LOOP (x[i] + yi) } else { CONTIGUOUS_LOOP (fmaf (alpha, yi, x[i])) } return;
        case K_SUB: if (alpha == 1.0f) { CONTIGUOUS_LOOP (x[i] - yi) } else { CONTIGUOUS_LOOP (fmaf (-alpha, yi, x[i])) } return;
        case K_MUL: CONTIGUOUS_LOOP (x[i] * yi) return;
        case K_DIV: CONTIGUOUS_LOOP (x[i] / yi) return;
        default: break;
        }
#undef CONTIGUOUS_LOOP
    }
  if (k->dtype == BS_DTYPE_FLOAT32 && k->out_dtype == BS_DTYPE_FLOAT32)
    {
      float alpha = (float) k->alpha;

#define FLOAT_LOOP(expr) \
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2]) \
        { float x = *(const float *) a, y = *(const float *) b; *(float *) out = (expr); }
      switch (k->kind)
        {
        /* PyTorch's CPU kernels fuse x + alpha*y into one rounding */
        case K_ADD: if (alpha == 1.0f) { FLOAT_LOOP (x + y) } else { FLOAT_LOOP (fmaf (alpha, y, x)) } return;
        case K_SUB: if (alpha == 1.0f) { FLOAT_LOOP (x - y) } else { FLOAT_LOOP (fmaf (-alpha, y, x)) } return;
        case K_MUL: FLOAT_LOOP (x * y) return;
        case K_DIV: FLOAT_LOOP (x / y) return;
        default: break;
        }
#undef FLOAT_LOOP
    }
  if (!bs_dtype_is_floating (k->dtype))
    {
      if (k->kind != K_DIV)
        {
          for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
            {
              gint64 x = bs_dtype_load_int (a, k->dtype);
              gint64 y = bs_dtype_load_int (b, k->dtype);

              /* wraps to the output's width, as C's arithmetic on it */
              bs_dtype_store_int (out, k->out_dtype,
                                  binary_int (k->kind, x, y, (gint64) k->alpha));
            }
          return;
        }
    }
  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
    {
      double r = binary_double (k->kind, bs_dtype_load (a, k->dtype),
                                bs_dtype_load (b, k->dtype), k->alpha);

      if (k->out_dtype == BS_DTYPE_FLOAT32)
        *(float *) out = (float) r;
      else
        bs_dtype_store (out, k->out_dtype, r);
    }
}

static inline double
sigmoid (double x)
{
  return 1.0 / (1.0 + exp (-x));
}

static inline double
unary_double (const BsKernelArgs *k, double x)
{
  switch (k->kind)
    {
    case K_NEG: return -x;
    case K_RECIPROCAL: return 1.0 / x;
    case K_EXP: return exp (x);
    case K_LOG: return log (x);
    case K_SQRT: return sqrt (x);
    case K_ABS: return fabs (x);
    case K_SIN: return sin (x);
    case K_COS: return cos (x);
    case K_TANH: return tanh (x);
    case K_SIGMOID: return sigmoid (x);
    case K_RELU: return x < 0 ? 0.0 : x;   /* NaN and -0. stay, as PyTorch's */
    case K_CLAMP:
      if (isnan (x))
        return x;
      if (k->has_min && x < k->min)
        x = k->min;
      if (k->has_max && x > k->max)
        x = k->max;
      return x;
    case K_ROUND: return nearbyint (x);  /* half to even, as torch.round */
    case K_SIGN: return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
    case K_NOT: return x == 0.0;
    case K_IDENTITY: return x;
    case K_FILL: return k->beta;
    case K_AFFINE: return k->alpha * x + k->beta;
    case K_POSITIVE: return x > 0 ? 1.0 : 0.0;
    default: return 0.0;
    }
}

static inline gboolean
unary_has_int (int kind)
{
  return kind == K_NEG || kind == K_ABS || kind == K_CLAMP || kind == K_SIGN
         || kind == K_IDENTITY || kind == K_RELU;
}

/* Wrapping as PyTorch's: -min and |min| are min. */
static inline gint64
unary_int (const BsKernelArgs *k, gint64 x)
{
  switch (k->kind)
    {
    case K_NEG: return (gint64) (0 - (guint64) x);
    case K_ABS: return x < 0 ? (gint64) (0 - (guint64) x) : x;
    case K_CLAMP:
      if (k->has_min && x < k->min_int)
        x = k->min_int;
      if (k->has_max && x > k->max_int)
        x = k->max_int;
      return x;
    case K_SIGN: return (x > 0) - (x < 0);
    case K_RELU: return x > 0 ? x : 0;
    default: return x;
    }
}

static void
unary_loop (char         **p,
            const gint64  *s,
            gint64         n,
            gpointer       user_data)
{
  const BsKernelArgs *k = user_data;
  char *out = p[0];
  const char *a = p[1];

  if (k->dtype == BS_DTYPE_FLOAT32 && k->out_dtype == BS_DTYPE_FLOAT32
      && s[0] == 4 && s[1] == 4)
    {
      float *restrict o = (float *) out;
      const float *restrict x = (const float *) a;

      /* the ops of every MLP step, in loops the compiler can vectorise */
      switch (k->kind)
        {
        case K_RELU:
          for (gint64 i = 0; i < n; i++)
            o[i] = x[i] < 0.0f ? 0.0f : x[i];   /* NaN and -0. stay, as PyTorch's */
          return;
        case K_POSITIVE:
          for (gint64 i = 0; i < n; i++)
            o[i] = x[i] > 0.0f ? 1.0f : 0.0f;
          return;
        case K_NEG:
          for (gint64 i = 0; i < n; i++)
            o[i] = -x[i];
          return;
        default:
          break;
        }
    }
  if (k->dtype == BS_DTYPE_FLOAT32 && k->out_dtype == BS_DTYPE_FLOAT32 && k->kind == K_SIGMOID)
    {
      /* in float, as PyTorch's kernel: sigmoid(-100) is 0, not a double's 3.8e-44 */
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
        *(float *) out = 1.0f / (1.0f + expf (-*(const float *) a));
      return;
    }
  if (k->dtype == BS_DTYPE_FLOAT32 && k->out_dtype == BS_DTYPE_FLOAT32)
    {
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
        *(float *) out = (float) unary_double (k, *(const float *) a);
      return;
    }
  if (bs_dtype_is_integral (k->dtype) && k->out_dtype == k->dtype && unary_has_int (k->kind))
    {
      /* in integers: a double would round int64's past 2**53 */
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
        bs_dtype_store_int (out, k->dtype, unary_int (k, bs_dtype_load_int (a, k->dtype)));
      return;
    }
  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
    bs_dtype_store (out, k->out_dtype, unary_double (k, bs_dtype_load (a, k->dtype)));
}

/* One operand of a kernel: a tensor of the kernel's dtype, or a single value
 * converted into `scalar` (so Python numbers cost no allocation). */
typedef struct {
  BsTensor *tensor;       /* Owned when not NULL */
  gboolean  is_scalar;
  guint64   scalar;       /* 8 bytes, aligned storage for one element */
} Operand;

static gboolean
operand_init (Operand   *op,
              BsTensor  *t,
              BsDType    dtype,
              GError   **error)
{
  op->is_scalar = FALSE;
  op->tensor = NULL;
  if (t->dtype != dtype && t->ndim == 0)
    {
      op->is_scalar = TRUE;
      bs_dtype_convert (&op->scalar, dtype, bs_tensor_data (t), t->dtype);
      return TRUE;
    }
  op->tensor = bs_cast_raw (t, dtype, error);
  return op->tensor != NULL;
}

static void
operand_clear (Operand *op)
{
  g_clear_pointer (&op->tensor, bs_tensor_unref);
}

static void
iter_add_operand (BsIter  *iter,
                  Operand *op)
{
  if (op->is_scalar)
    bs_iter_add_scalar (iter, (char *) &op->scalar);
  else
    bs_iter_add (iter, op->tensor);
}

static int
operand_ndim (const Operand *op)
{
  return op->is_scalar ? 0 : op->tensor->ndim;
}

static const gint64 *
operand_shape (const Operand *op)
{
  return op->is_scalar ? NULL : op->tensor->shape;
}

/* Runs a binary kernel over broadcast operands of one dtype. */
static BsTensor *
run_binary (BsContext  *context,
            Operand    *a,
            Operand    *b,
            BsKernelArgs *k,
            GError    **error)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  g_autoptr(BsTensor) out = NULL;
  BsIter iter;

  if (!bs_broadcast_shapes (operand_ndim (a), operand_shape (a), operand_ndim (b),
                            operand_shape (b), &ndim, shape, error))
    return NULL;
  out = bs_tensor_new_uninit (context, k->out_dtype, ndim, shape, error);
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, ndim, shape);
  bs_iter_add (&iter, out);
  iter_add_operand (&iter, a);
  iter_add_operand (&iter, b);
  bs_iter_run (&iter, binary_loop, k);
  return g_steal_pointer (&out);
}

BsTensor *
bs_pointwise_run_unary (BsTensor      *a,
                        BsKernelArgs  *k,
                        GError       **error)
{
  g_autoptr(BsTensor) out = bs_tensor_new_uninit (a->context, k->out_dtype, a->ndim, a->shape,
                                                 error);
  BsIter iter;

  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, a->ndim, a->shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, a);
  bs_iter_run (&iter, unary_loop, k);
  return g_steal_pointer (&out);
}

/* Two 0-dim operands, as in the scalar graphs of teaching examples: no iterator. */
static BsTensor *
scalar_binary (BsTensor   *a,
               BsTensor   *b,
               BsKernelArgs *k,
               GError    **error)
{
  BsTensor *out = bs_tensor_new_uninit (a->context, k->out_dtype, 0, NULL, error);
  char *p[3];
  const gint64 strides[3] = { 0, 0, 0 };
  guint64 x = 0, y = 0;

  if (out == NULL)
    return NULL;
  bs_dtype_convert (&x, k->dtype, bs_tensor_data (a), a->dtype);
  bs_dtype_convert (&y, k->dtype, bs_tensor_data (b), b->dtype);
  p[0] = bs_tensor_data (out);
  p[1] = (char *) &x;
  p[2] = (char *) &y;
  binary_loop (p, strides, 1, k);
  return out;
}

/* Brings both inputs to their result type (float for true division) and runs. */
BsTensor *
bs_pointwise_binary (BsTensor  *a,
                     BsTensor  *b,
                     int        kind,
                     double     alpha,
                     gboolean   to_float,
                     gboolean   to_bool,
                     GError   **error)
{
  BsTensor *pair[2] = { a, b };
  BsDType dtype = bs_result_type (pair, 2);
  Operand oa, ob;
  BsKernelArgs k = { .kind = kind, .alpha = alpha };
  BsTensor *out = NULL;

  if (to_float && !bs_dtype_is_floating (dtype))
    dtype = BS_DTYPE_FLOAT32;
  if (kind == K_SUB && (a->dtype == BS_DTYPE_BOOL || b->dtype == BS_DTYPE_BOOL))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           a->dtype == b->dtype ? BS_MSG_SUB_TWO_BOOLS : BS_MSG_SUB_BOOL);
      return NULL;
    }
  k.dtype = dtype;
  k.out_dtype = to_bool ? BS_DTYPE_BOOL : dtype;
  if (a->ndim == 0 && b->ndim == 0)
    return scalar_binary (a, b, &k, error);
  if (operand_init (&oa, a, dtype, error))
    {
      if (operand_init (&ob, b, dtype, error))
        {
          out = run_binary (a->context, &oa, &ob, &k, error);
          operand_clear (&ob);
        }
      operand_clear (&oa);
    }
  return out;
}

BsTensor *
bs_pointwise_unary (BsTensor  *a,
                    int        kind,
                    gboolean   to_float,
                    GError   **error)
{
  BsDType dtype = a->dtype;
  g_autoptr(BsTensor) ca = NULL;
  BsKernelArgs k = { .kind = kind };

  if (to_float && !bs_dtype_is_floating (dtype))
    dtype = BS_DTYPE_FLOAT32;
  ca = bs_cast_raw (a, dtype, error);
  if (ca == NULL)
    return NULL;
  k.dtype = k.out_dtype = dtype;
  return bs_pointwise_run_unary (ca, &k, error);
}

/* --- helpers for backward formulas (tracked, so create_graph works) ----- */

BsTensor *
bs_scalar_like (BsTensor *like,
                double    value)
{
  return bs_tensor_new_wrapped_number (like->context, value, FALSE);
}

/* grad where mask else 0, as a multiplication so that it stays differentiable */
BsTensor *
bs_mask_grad (BsTensor  *grad,
              BsTensor  *mask,
              GError   **error)
{
  g_autoptr(BsTensor) m = bs_cast_raw (mask, grad->dtype, error);

  if (m == NULL)
    return NULL;
  return bs_mul (grad, m, error);
}

/* grad where mask else 0, also where grad is NaN or infinite (0 · inf would be NaN), as
 * PyTorch's masked formulas select */
BsTensor *
bs_select_grad (BsTensor  *grad,
                BsTensor  *mask,
                GError   **error)
{
  g_autoptr(BsTensor) zero = bs_scalar_like (grad, 0.0);

  return bs_where (mask, grad, zero, error);
}

gboolean
bs_zero_grad_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                       GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_zeros_like (grad, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_scalar_like (grad, 0.0);
  return TRUE;
}

gboolean
bs_identity_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                      GError **error)
{
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (WANTS_LOCALS ())
    locals[0] = bs_scalar_like (grad, 1.0);
  return TRUE;
}

/* --- applying ops --------------------------------------------------------- */

BsTensor *
bs_pointwise_apply1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply (op, &a, 1, args, error);
}

BsTensor *
bs_pointwise_apply2 (BsOp op, BsTensor *a, BsTensor *b, const BsOpArgs *args, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply (op, in, 2, args, error);
}

BsOpArgs
bs_pointwise_value_args (double value)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value (&args, value);
  args.value_is_int = value == floor (value) && fabs (value) < 9.0e15;
  return args;
}

BsTensor *
bs_pointwise_inplace1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply_inplace (op, &a, 1, args, error);
}

BsTensor *
bs_pointwise_inplace2 (BsOp op, BsTensor *a, BsTensor *b, const BsOpArgs *args, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply_inplace (op, in, 2, args, error);
}
