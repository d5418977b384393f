/* bs-ops-pointwise.c: elementwise ops, forward and backward side by side
 *
 * Inputs are cast to the promoted dtype first, so each kernel loops over one
 * element type; float32 arithmetic is done in float32, as PyTorch does.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

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

typedef enum {
  K_ADD, K_SUB, K_MUL, K_DIV, K_POW, K_MAXIMUM, K_MINIMUM,
  K_EQ, K_NE, K_LT, K_LE, K_GT, K_GE, K_THRESHOLD_MASK,
} BinaryKind;

typedef enum {
  K_NEG, K_RECIPROCAL, K_EXP, K_LOG, K_SQRT, K_ABS, K_SIN, K_COS, K_TANH, K_SIGMOID,
  K_RELU, K_CLAMP, K_ROUND, K_SIGN, K_NOT, K_IDENTITY, K_FILL, K_AFFINE, K_POSITIVE,
} UnaryKind;

typedef struct {
  int     kind;
  BsDType dtype;      /* of the inputs */
  BsDType out_dtype;
  double  alpha;      /* add/sub's alpha, affine's scale */
  double  beta;       /* affine's shift, fill's value */
  double  min, max;
  gboolean has_min, has_max;
  gint64  min_int, max_int;   /* the bounds for an integral tensor, exactly */
} KernelArgs;

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
  const KernelArgs *k = user_data;
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
unary_double (const KernelArgs *k, double x)
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
unary_int (const KernelArgs *k, gint64 x)
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
  const KernelArgs *k = user_data;
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
            KernelArgs *k,
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

static BsTensor *
run_unary (BsTensor   *a,
           KernelArgs *k,
           GError    **error)
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
               KernelArgs *k,
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
static BsTensor *
binary_forward (BsTensor  *a,
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
  KernelArgs k = { .kind = kind, .alpha = alpha };
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

static BsTensor *
unary_forward (BsTensor  *a,
               int        kind,
               gboolean   to_float,
               GError   **error)
{
  BsDType dtype = a->dtype;
  g_autoptr(BsTensor) ca = NULL;
  KernelArgs k = { .kind = kind };

  if (to_float && !bs_dtype_is_floating (dtype))
    dtype = BS_DTYPE_FLOAT32;
  ca = bs_cast_raw (a, dtype, error);
  if (ca == NULL)
    return NULL;
  k.dtype = k.out_dtype = dtype;
  return run_unary (ca, &k, error);
}

/* --- helpers for backward formulas (tracked, so create_graph works) ----- */

static BsTensor *
scalar_like (BsTensor *like,
             double    value)
{
  return bs_tensor_new_wrapped_number (like->context, value, FALSE);
}

/* grad where mask else 0, as a multiplication so that it stays differentiable */
static BsTensor *
mask_grad (BsTensor  *grad,
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
static BsTensor *
select_grad (BsTensor  *grad,
             BsTensor  *mask,
             GError   **error)
{
  g_autoptr(BsTensor) zero = scalar_like (grad, 0.0);

  return bs_where (mask, grad, zero, error);
}

/* --- add, sub, rsub ---------------------------------------------------- */

static BsTensor *
add_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  return binary_forward (in[0], in[1], K_ADD, args->scalar, FALSE, FALSE, error);
}

static gboolean
add_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (NEEDS (1))
    gi[1] = node->args.scalar == 1.0 ? bs_tensor_ref (grad) : bs_mul_scalar (grad, node->args.scalar, error);
  if (WANTS_LOCALS ())
    {
      locals[0] = scalar_like (grad, 1.0);
      locals[1] = scalar_like (grad, node->args.scalar);
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
  return binary_forward (in[0], in[1], K_SUB, args->scalar, FALSE, FALSE, error);
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
      locals[0] = scalar_like (grad, 1.0);
      locals[1] = scalar_like (grad, -node->args.scalar);
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

  return binary_forward (s, in[0], K_SUB, args->scalar, FALSE, FALSE, error);
}

static gboolean
rsub_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_mul_scalar (grad, -node->args.scalar, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = scalar_like (grad, -node->args.scalar);
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
  return binary_forward (in[0], in[1], K_MUL, 1.0, FALSE, FALSE, error);
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
  return binary_forward (in[0], in[1], K_DIV, 1.0, TRUE, FALSE, error);
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

  return binary_forward (in[0], e, K_POW, 1.0, FALSE, FALSE, error);
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
  return binary_forward (in[0], in[1], K_POW, 1.0, FALSE, FALSE, error);
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
  zero = scalar_like (a, 0.0);
  a_zero = bs_compare (a, zero, BS_COMPARE_EQ, error);
  b_nonneg = a_zero ? bs_compare (b, zero, BS_COMPARE_GE, error) : NULL;
  mask = b_nonneg ? bs_mul (a_zero, b_nonneg, error) : NULL;
  keep = mask ? bs_logical_not (mask, error) : NULL;
  if (keep == NULL)
    return NULL;
  return select_grad (local, keep, error);
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
      g_autoptr(BsTensor) one = scalar_like (b, 1.0);
      g_autoptr(BsTensor) bm1 = bs_sub (b, one, 1.0, error);
      g_autoptr(BsTensor) p = bm1 ? bs_pow (a, bm1, error) : NULL;
      g_autoptr(BsTensor) raw = p ? bs_mul (b, p, error) : NULL;
      g_autoptr(BsTensor) zero = scalar_like (b, 0.0);
      g_autoptr(BsTensor) nonzero = raw ? bs_compare (b, zero, BS_COMPARE_NE, error) : NULL;
      g_autoptr(BsTensor) local = nonzero ? select_grad (raw, nonzero, error) : NULL;

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

  return binary_forward (base, in[0], K_POW, 1.0, FALSE, FALSE, error);
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
  return binary_forward (in[0], in[1], K_MAXIMUM, 1.0, FALSE, FALSE, error);
}

static BsTensor *
minimum_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return binary_forward (in[0], in[1], K_MINIMUM, 1.0, FALSE, FALSE, error);
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
      if ((gi[1] = mask_grad (grad, condition, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[1] = bs_cast_raw (condition, grad->dtype, NULL);
    }
  if (NEEDS (2))
    {
      g_autoptr(BsTensor) inverse = bs_logical_not (condition, error);

      if (inverse == NULL || (gi[2] = mask_grad (grad, inverse, error)) == NULL)
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

/* --- unary ------------------------------------------------------------- */

#define UNARY_FORWARD(fname, kind, to_float) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    return unary_forward (in[0], kind, to_float, error); \
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

gboolean
bs_unary_local_backward (BsNode       *node,
                         BsTensor     *grad,
                         BsTensor    **gi,
                         BsTensor    **locals,
                         BsLocalFunc   local_of,
                         GError      **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (saved, 0);

  if (!NEEDS (0))
    return TRUE;
  local = local_of (saved, error);
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

#define UNARY_OP(fname, Name, kind, to_float, saver, formula) \
  UNARY_FORWARD (fname, kind, to_float) \
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

static BsTensor *
neg_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  if (in[0]->dtype == BS_DTYPE_BOOL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Negation, the `-` operator, on a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or "
                           "`logical_not()` operator instead.");
      return NULL;
    }
  return unary_forward (in[0], K_NEG, FALSE, error);
}

static gboolean
neg_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_neg (grad, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = scalar_like (grad, -1.0);
  return TRUE;
}

const BsOpInfo bs_op_neg = {
  .name = "neg", .grad_fn_name = "NegBackward0", .symbol = "-", .n_inputs = 1,
  .forward = neg_forward, .backward = neg_backward,
  .formulas = { "∂(-a)/∂a = -1" },
};

static BsTensor *
reciprocal_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);

  return sq ? bs_neg (sq, error) : NULL;
}
UNARY_OP (reciprocal, "ReciprocalBackward0", K_RECIPROCAL, TRUE, save_output,
          "∂(1/a)/∂a = -1/a²")

static BsTensor *
exp_local (BsTensor *result, GError **error)
{
  return bs_tensor_ref (result);
}
UNARY_OP (exp, "ExpBackward0", K_EXP, TRUE, save_output, "∂eᵃ/∂a = eᵃ")

static BsTensor *
log_local (BsTensor *a, GError **error)
{
  return bs_reciprocal (a, error);
}
UNARY_OP (log, "LogBackward0", K_LOG, TRUE, save_input, "∂ln a/∂a = 1/a")

static BsTensor *
sqrt_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) twice = bs_mul_scalar (result, 2.0, error);

  return twice ? bs_reciprocal (twice, error) : NULL;
}
UNARY_OP (sqrt, "SqrtBackward0", K_SQRT, TRUE, save_output, "∂√a/∂a = 1/(2√a)")

static BsTensor *
abs_local (BsTensor *a, GError **error)
{
  return bs_sign (a, error);
}
UNARY_OP (abs, "AbsBackward0", K_ABS, FALSE, save_input, "∂|a|/∂a = sign(a)")

static BsTensor *
sin_local (BsTensor *a, GError **error)
{
  return bs_cos (a, error);
}
UNARY_OP (sin, "SinBackward0", K_SIN, TRUE, save_input, "∂sin a/∂a = cos a")

static BsTensor *
cos_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) s = bs_sin (a, error);

  return s ? bs_neg (s, error) : NULL;
}
UNARY_OP (cos, "CosBackward0", K_COS, TRUE, save_input, "∂cos a/∂a = -sin a")

static BsTensor *
tanh_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);

  return sq ? bs_rsub_scalar (sq, 1.0, 1.0, error) : NULL;
}
UNARY_OP (tanh, "TanhBackward0", K_TANH, TRUE, save_output, "∂tanh a/∂a = 1 - tanh²a")

static BsTensor *
sigmoid_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) rest = bs_rsub_scalar (result, 1.0, 1.0, error);

  return rest ? bs_mul (result, rest, error) : NULL;
}
UNARY_OP (sigmoid, "SigmoidBackward0", K_SIGMOID, TRUE, save_output, "∂σ(a)/∂a = σ(a)(1-σ(a))")

static BsTensor *
relu_local (BsTensor *result, GError **error)
{
  return unary_forward (result, K_POSITIVE, FALSE, error);
}
UNARY_OP (relu, "ReluBackward0", K_RELU, FALSE, save_output, "∂relu(a)/∂a = [a > 0]")

static BsTensor *
clamp_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  KernelArgs k = { .kind = K_CLAMP, .dtype = in[0]->dtype, .out_dtype = in[0]->dtype,
                   .min = args->min, .max = args->max,
                   .has_min = args->has_min, .has_max = args->has_max,
                   .min_int = args->min_int, .max_int = args->max_int };

  if (!args->has_min && !args->has_max)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "torch.clamp: At least one of 'min' or 'max' must not be None");
      return NULL;
    }
  /* A float bound on an integer tensor promotes, as in PyTorch. */
  if (!bs_dtype_is_floating (in[0]->dtype)
      && ((args->has_min && args->min != floor (args->min))
          || (args->has_max && args->max != floor (args->max))))
    {
      g_autoptr(BsTensor) f = bs_cast_raw (in[0], BS_DTYPE_FLOAT32, error);

      k.dtype = k.out_dtype = BS_DTYPE_FLOAT32;
      return f ? run_unary (f, &k, error) : NULL;
    }
  return run_unary (in[0], &k, error);
}

static gboolean
clamp_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) inside = NULL;
  UNPACK (a, 0);

  if (!NEEDS (0))
    return TRUE;
  inside = bs_tensor_new_full (a->context, BS_DTYPE_BOOL, a->ndim, a->shape, 1.0, error);
  for (int side = 0; side < 2 && inside != NULL; side++)
    {
      gboolean has = side == 0 ? node->args.has_min : node->args.has_max;
      g_autoptr(BsTensor) bound = NULL;
      g_autoptr(BsTensor) ok = NULL;

      if (!has)
        continue;
      bound = scalar_like (a, side == 0 ? node->args.min : node->args.max);
      ok = bs_compare (a, bound, side == 0 ? BS_COMPARE_GE : BS_COMPARE_LE, error);
      if (ok == NULL)
        return FALSE;
      {
        BsTensor *both = bs_mul (inside, ok, error);

        bs_tensor_unref (inside);
        inside = both;
      }
    }
  if (inside == NULL || (gi[0] = mask_grad (grad, inside, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_cast_raw (inside, grad->dtype, NULL);
  return TRUE;
}

const BsOpInfo bs_op_clamp = {
  .name = "clamp", .grad_fn_name = "ClampBackward1", .symbol = "clamp", .n_inputs = 1,
  .forward = clamp_forward, .save = save_input, .backward = clamp_backward,
  .formulas = { "∂clamp(a)/∂a = [min ≤ a ≤ max]" },
};

UNARY_FORWARD (round, K_ROUND, FALSE)

static gboolean
zero_grad_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_zeros_like (grad, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = scalar_like (grad, 0.0);
  return TRUE;
}

const BsOpInfo bs_op_round = {
  .name = "round", .grad_fn_name = "RoundBackward0", .symbol = "round", .n_inputs = 1,
  .forward = round_forward, .backward = zero_grad_backward,
  .formulas = { "∂round(a)/∂a = 0" },
};

static gboolean
identity_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                   GError **error)
{
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (WANTS_LOCALS ())
    locals[0] = scalar_like (grad, 1.0);
  return TRUE;
}

static BsTensor *
clone_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  return bs_tensor_contiguous_copy (in[0], in[0]->dtype, error);
}

const BsOpInfo bs_op_clone = {
  .name = "clone", .grad_fn_name = "CloneBackward0", .symbol = "clone", .n_inputs = 1,
  .forward = clone_forward, .backward = identity_backward,
  .formulas = { "∂clone(a)/∂a = 1" },
};

static BsTensor *
to_copy_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return bs_tensor_contiguous_copy (in[0], args->dtype, error);
}

/* The engine casts the gradient back to the input's dtype. */
const BsOpInfo bs_op_to_copy = {
  .name = "to", .grad_fn_name = "ToCopyBackward0", .symbol = "to", .n_inputs = 1,
  .forward = to_copy_forward, .backward = identity_backward,
  .formulas = { "∂a.to(dtype)/∂a = 1" },
};

static BsTensor *
fill_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  if (bs_dtype_is_integral (in[0]->dtype))
    return bs_tensor_new_full_int (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape,
                                   args->value_int, error);
  return bs_tensor_new_full (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape,
                             args->value, error);
}

const BsOpInfo bs_op_fill = {
  .name = "fill_", .grad_fn_name = "FillBackward2", .symbol = "fill", .n_inputs = 1,
  .forward = fill_forward, .backward = zero_grad_backward,
  .formulas = { "∂fill(a)/∂a = 0" },
};

const BsOpInfo bs_op_zero = {
  .name = "zero_", .grad_fn_name = "ZeroBackward0", .symbol = "zero", .n_inputs = 1,
  .forward = fill_forward, .backward = zero_grad_backward,
  .formulas = { "∂zero(a)/∂a = 0" },
};

/* copy_(self, src): the result is src broadcast to self's shape and dtype. */
static BsTensor *
copy_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  g_autoptr(BsTensor) out = bs_tensor_new_like (in[0], in[0]->dtype, error);

  if (out == NULL || !bs_tensor_copy_from (out, in[1], error))
    return NULL;
  return g_steal_pointer (&out);
}

static gboolean
copy_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_zeros_like (grad, error)) == NULL)
    return FALSE;
  if (NEEDS (1))
    gi[1] = bs_tensor_ref (grad);
  if (WANTS_LOCALS ())
    {
      locals[0] = scalar_like (grad, 0.0);
      locals[1] = scalar_like (grad, 1.0);
    }
  return TRUE;
}

const BsOpInfo bs_op_copy = {
  .name = "copy_", .grad_fn_name = "torch::autograd::CopyBackwards", .symbol = "copy",
  .n_inputs = 2,
  .forward = copy_forward, .backward = copy_backward,
  .formulas = { "∂copy_(a, s)/∂a = 0", "∂copy_(a, s)/∂s = 1" },
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

static BsTensor *
apply1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply (op, &a, 1, args, error);
}

static BsTensor *
apply2 (BsOp op, BsTensor *a, BsTensor *b, const BsOpArgs *args, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply (op, in, 2, args, error);
}

static BsOpArgs
alpha_args (double alpha)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.scalar = alpha;
  return args;
}

static BsOpArgs
value_args (double value)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value (&args, value);
  args.value_is_int = value == floor (value) && fabs (value) < 9.0e15;
  return args;
}

BsTensor *
bs_add (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return apply2 (BS_OP_ADD, a, b, &args, error);
}

BsTensor *
bs_sub (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return apply2 (BS_OP_SUB, a, b, &args, error);
}

BsTensor *
bs_rsub_scalar (BsTensor *a, double scalar, double alpha, GError **error)
{
  BsOpArgs args = value_args (scalar);

  args.scalar = alpha;
  return apply1 (BS_OP_RSUB, a, &args, error);
}

BsTensor *
bs_mul (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_MUL, a, b, NULL, error);
}

BsTensor *
bs_div (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_DIV, a, b, NULL, error);
}

BsTensor *
bs_pow_scalar (BsTensor *a, double exponent, GError **error)
{
  BsOpArgs args = value_args (exponent);

  return apply1 (BS_OP_POW, a, &args, error);
}

BsTensor *
bs_pow (BsTensor *a, BsTensor *exponent, GError **error)
{
  return apply2 (BS_OP_POW_TENSOR, a, exponent, NULL, error);
}

BsTensor *
bs_scalar_pow (BsContext *context, double base, BsTensor *exponent, GError **error)
{
  BsOpArgs args = value_args (base);

  g_return_val_if_fail (exponent->context == context, NULL);
  return apply1 (BS_OP_POW_SCALAR, exponent, &args, error);
}

BsTensor *
bs_maximum (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_MAXIMUM, a, b, NULL, error);
}

BsTensor *
bs_minimum (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_MINIMUM, a, b, NULL, error);
}

BsTensor *
bs_where (BsTensor *condition, BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *in[3] = { condition, a, b };

  return bs_op_apply (BS_OP_WHERE, in, 3, NULL, error);
}

#define DEFINE_UNARY(fname, OP) \
  BsTensor * \
  bs_##fname (BsTensor *a, GError **error) \
  { \
    return apply1 (OP, a, NULL, error); \
  }

DEFINE_UNARY (neg, BS_OP_NEG)
DEFINE_UNARY (reciprocal, BS_OP_RECIPROCAL)
DEFINE_UNARY (exp, BS_OP_EXP)
DEFINE_UNARY (log, BS_OP_LOG)
DEFINE_UNARY (sqrt, BS_OP_SQRT)
DEFINE_UNARY (abs, BS_OP_ABS)
DEFINE_UNARY (sin, BS_OP_SIN)
DEFINE_UNARY (cos, BS_OP_COS)
DEFINE_UNARY (tanh, BS_OP_TANH)
DEFINE_UNARY (sigmoid, BS_OP_SIGMOID)
DEFINE_UNARY (relu, BS_OP_RELU)
DEFINE_UNARY (round, BS_OP_ROUND)
DEFINE_UNARY (clone, BS_OP_CLONE)

BsTensor *
bs_sign (BsTensor *a, GError **error)
{
  return unary_forward (a, K_SIGN, FALSE, error);
}

BsTensor *
bs_logical_not (BsTensor *a, GError **error)
{
  KernelArgs k = { .kind = K_NOT, .dtype = a->dtype, .out_dtype = BS_DTYPE_BOOL };

  return run_unary (a, &k, error);
}

static BsOpArgs
clamp_args (gboolean has_min, double min, gboolean has_max, double max)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.has_min = has_min;
  args.min = min;
  args.min_int = bs_double_to_int (min, BS_DTYPE_INT64);
  args.has_max = has_max;
  args.max = max;
  args.max_int = bs_double_to_int (max, BS_DTYPE_INT64);
  return args;
}

/* The bounds exactly, for an integral tensor (past 2**53 a double rounds) */
static BsOpArgs
clamp_int_args (gboolean has_min, gint64 min, gboolean has_max, gint64 max)
{
  BsOpArgs args = clamp_args (has_min, (double) min, has_max, (double) max);

  args.min_int = min;
  args.max_int = max;
  return args;
}

BsTensor *
bs_clamp_int (BsTensor *a, gboolean has_min, gint64 min, gboolean has_max, gint64 max,
              GError **error)
{
  BsOpArgs args = clamp_int_args (has_min, min, has_max, max);

  return apply1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_clamp (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max,
          GError **error)
{
  BsOpArgs args = clamp_args (has_min, min, has_max, max);

  return apply1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_to_dtype (BsTensor *a, BsDType dtype, GError **error)
{
  BsOpArgs args;

  if (a->dtype == dtype)
    return bs_tensor_ref (a);
  bs_op_args_init (&args);
  args.dtype = dtype;
  return apply1 (BS_OP_TO_COPY, a, &args, error);
}

BsTensor *
bs_compare (BsTensor *a, BsTensor *b, BsCompare compare, GError **error)
{
  static const int kinds[] = { K_EQ, K_NE, K_LT, K_LE, K_GT, K_GE };

  return binary_forward (a, b, kinds[compare], 1.0, FALSE, TRUE, error);
}

BsTensor *
bs_zeros_like (BsTensor *a, GError **error)
{
  return bs_tensor_new_like (a, a->dtype, error);
}

BsTensor *
bs_ones_like (BsTensor *a, GError **error)
{
  return bs_full_like (a, 1.0, error);
}

BsTensor *
bs_full_like (BsTensor *a, double value, GError **error)
{
  return bs_tensor_new_full (a->context, a->dtype, a->ndim, a->shape, value, error);
}

BsTensor *
bs_full_like_int (BsTensor *a, gint64 value, GError **error)
{
  return bs_tensor_new_full_int (a->context, a->dtype, a->ndim, a->shape, value, error);
}

static void
accumulate_loop (char         **p,
                 const gint64  *s,
                 gint64         n,
                 gpointer       user_data)
{
  BsDType dtype = *(const BsDType *) user_data;
  char *dst = p[0];
  const char *src = p[1];

  if (dtype == BS_DTYPE_FLOAT32 && s[0] == 4 && s[1] == 4)
    {
      float *d = (float *) dst;
      const float *restrict a = (const float *) src;

      for (gint64 i = 0; i < n; i++)
        d[i] += a[i];
      return;
    }
  for (gint64 i = 0; i < n; i++, dst += s[0], src += s[1])
    {
      if (dtype == BS_DTYPE_FLOAT32)
        *(float *) dst += *(const float *) src;
      else
        bs_dtype_store (dst, dtype, bs_dtype_load (dst, dtype) + bs_dtype_load (src, dtype));
    }
}

gboolean
bs_tensor_accumulate (BsTensor  *dst,
                      BsTensor  *src,
                      GError   **error)
{
  g_autoptr(BsTensor) same = NULL;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsIter iter;

  if (!bs_broadcast_shapes (dst->ndim, dst->shape, src->ndim, src->shape, &ndim, shape, error))
    return FALSE;
  if (ndim != dst->ndim || memcmp (shape, dst->shape, ndim * sizeof (gint64)) != 0)
    {
      g_autofree char *a = bs_tensor_format_shape (src);
      g_autofree char *b = bs_tensor_format_shape (dst);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "output with shape %s doesn't match the broadcast shape %s", b, a);
      return FALSE;
    }
  same = bs_cast_raw (src, dst->dtype, error);
  if (same == NULL)
    return FALSE;
  bs_iter_init (&iter, dst->ndim, dst->shape);
  bs_iter_add (&iter, dst);
  bs_iter_add (&iter, same);
  bs_iter_run (&iter, accumulate_loop, &dst->dtype);
  return TRUE;
}

/* --- in place ---------------------------------------------------------- */

static BsTensor *
inplace1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply_inplace (op, &a, 1, args, error);
}

static BsTensor *
inplace2 (BsOp op, BsTensor *a, BsTensor *b, const BsOpArgs *args, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply_inplace (op, in, 2, args, error);
}

BsTensor *
bs_add_ (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return inplace2 (BS_OP_ADD, a, b, &args, error);
}

BsTensor *
bs_sub_ (BsTensor *a, BsTensor *b, double alpha, GError **error)
{
  BsOpArgs args = alpha_args (alpha);

  return inplace2 (BS_OP_SUB, a, b, &args, error);
}

BsTensor *
bs_mul_ (BsTensor *a, BsTensor *b, GError **error)
{
  return inplace2 (BS_OP_MUL, a, b, NULL, error);
}

BsTensor *
bs_div_ (BsTensor *a, BsTensor *b, GError **error)
{
  return inplace2 (BS_OP_DIV, a, b, NULL, error);
}

BsTensor *
bs_zero_ (BsTensor *a, GError **error)
{
  BsOpArgs args = value_args (0.0);

  return inplace1 (BS_OP_ZERO, a, &args, error);
}

BsTensor *
bs_fill_ (BsTensor *a, double value, GError **error)
{
  BsOpArgs args = value_args (value);

  return inplace1 (BS_OP_FILL, a, &args, error);
}

BsTensor *
bs_fill_int_ (BsTensor *a, gint64 value, GError **error)
{
  BsOpArgs args = value_args ((double) value);

  args.value_int = value;
  return inplace1 (BS_OP_FILL, a, &args, error);
}

BsTensor *
bs_copy_ (BsTensor *a, BsTensor *src, GError **error)
{
  return inplace2 (BS_OP_COPY, a, src, NULL, error);
}

BsTensor *
bs_clamp_ (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max,
           GError **error)
{
  BsOpArgs args = clamp_args (has_min, min, has_max, max);

  return inplace1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_clamp_int_ (BsTensor *a, gboolean has_min, gint64 min, gboolean has_max, gint64 max,
               GError **error)
{
  BsOpArgs args = clamp_int_args (has_min, min, has_max, max);

  return inplace1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_relu_ (BsTensor *a, GError **error)
{
  return inplace1 (BS_OP_RELU, a, NULL, error);
}
