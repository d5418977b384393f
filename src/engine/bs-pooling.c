/* bs-pooling.c: max, average and adaptive pooling over the last two dims, as PyTorch
 * 1.13's CPU kernels compute them (cpu_max_pool, cpu_avg_pool, cpu_adaptive_avg_pool,
 * cpu_adaptive_max_pool on contiguous planes)
 *
 * Each output element reads one window of its plane: a maximum keeps the first largest
 * element (NaN wins) and its position in the plane; an average sums the window in the
 * input's dtype, then divides. The backwards are those kernels' too: the gradient goes to
 * each maximum's position, or is divided and spread over the window. They are computed
 * untracked, so a second derivative through them is refused by name.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pooling.h"
#include "bs-op-private.h"

#include <math.h>
#include <string.h>

typedef struct {
  gint64 planes, h, w, oh, ow;
} Planes;

/* --- args ---------------------------------------------------------------------- */

static void
params_to_args (const BsPoolParams *p,
                BsOpArgs           *args)
{
  for (int i = 0; i < 2; i++)
    {
      args->dims[i] = p->kernel[i];
      args->dims[2 + i] = p->stride[i];
      args->dims[4 + i] = p->padding[i];
      args->dims[6 + i] = p->dilation[i];
    }
  args->n_dims = 2;
  args->keepdim = p->ceil_mode;
  args->value_is_int = p->count_include_pad;
  args->has_min = p->has_divisor;
  args->index = p->divisor;
}

static void
params_from_args (const BsOpArgs *args,
                  BsPoolParams   *p)
{
  for (int i = 0; i < 2; i++)
    {
      p->kernel[i] = args->dims[i];
      p->stride[i] = args->dims[2 + i];
      p->padding[i] = args->dims[4 + i];
      p->dilation[i] = args->dims[6 + i];
    }
  p->ceil_mode = args->keepdim;
  p->count_include_pad = args->value_is_int;
  p->has_divisor = args->has_min;
  p->divisor = args->index;
}

/* pooling_output_shape: windows that start inside the input (or its left padding) */
static gint64
output_size (gint64   size,
             gint64   kernel,
             gint64   pad,
             gint64   stride,
             gint64   dilation,
             gboolean ceil_mode)
{
  gint64 num = size + 2 * pad - dilation * (kernel - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  /* division rounding toward minus infinity */
  gint64 out = (num < 0 && num % stride != 0 ? num / stride - 1 : num / stride) + 1;

  if (ceil_mode && (out - 1) * stride >= size + pad)
    out--;
  return out;
}

static void
planes_init (Planes       *pl,
             const gint64 *shape,
             int           ndim,
             gint64        oh,
             gint64        ow)
{
  pl->planes = ndim == 4 ? shape[0] * shape[1] : shape[0];
  pl->h = shape[ndim - 2];
  pl->w = shape[ndim - 1];
  pl->oh = oh;
  pl->ow = ow;
}

static BsTensor *
new_output (BsTensor  *input,
            BsDType    dtype,
            gint64     oh,
            gint64     ow,
            GError   **error)
{
  gint64 shape[4];

  memcpy (shape, input->shape, sizeof (gint64) * input->ndim);
  shape[input->ndim - 2] = oh;
  shape[input->ndim - 1] = ow;
  return bs_tensor_new (input->context, dtype, input->ndim, shape, error);
}

static BsTensor *
contiguous (BsTensor  *a,
            GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

/* Adaptive windows: [start, end) of output o of n over size. */
static gint64
adaptive_start (gint64 o, gint64 n, gint64 size)
{
  return (o / n) * size + ((o % n) * size) / n;
}

static gint64
adaptive_end (gint64 o, gint64 n, gint64 size)
{
  return 1 + ((o + 1) * size - 1) / n;
}

/* The window of output (y, x): rows [*y0, *y1) by step dy, columns likewise. */
typedef struct {
  gint64 y0, y1, dy, x0, x1, dx;
  gint64 divisor;   /* averages */
} Window;

static void
max_window (const BsPoolParams *p,
            const Planes       *pl,
            gint64              oy,
            gint64              ox,
            Window             *win)
{
  win->dy = p->dilation[0];
  win->dx = p->dilation[1];
  win->y0 = oy * p->stride[0] - p->padding[0];
  win->x0 = ox * p->stride[1] - p->padding[1];
  win->y1 = MIN (win->y0 + (p->kernel[0] - 1) * win->dy + 1, pl->h);
  win->x1 = MIN (win->x0 + (p->kernel[1] - 1) * win->dx + 1, pl->w);
  while (win->y0 < 0)
    win->y0 += win->dy;
  while (win->x0 < 0)
    win->x0 += win->dx;
}

static void
avg_window (const BsPoolParams *p,
            const Planes       *pl,
            gint64              oy,
            gint64              ox,
            Window             *win)
{
  gint64 pool;

  win->dy = win->dx = 1;
  win->y0 = oy * p->stride[0] - p->padding[0];
  win->x0 = ox * p->stride[1] - p->padding[1];
  win->y1 = MIN (win->y0 + p->kernel[0], pl->h + p->padding[0]);
  win->x1 = MIN (win->x0 + p->kernel[1], pl->w + p->padding[1]);
  pool = (win->y1 - win->y0) * (win->x1 - win->x0);
  win->y0 = MAX (win->y0, 0);
  win->x0 = MAX (win->x0, 0);
  win->y1 = MIN (win->y1, pl->h);
  win->x1 = MIN (win->x1, pl->w);
  if (p->has_divisor)
    win->divisor = p->divisor;
  else if (p->count_include_pad)
    win->divisor = pool;
  else
    win->divisor = (win->y1 - win->y0) * (win->x1 - win->x0);
}

static void
adaptive_window (const Planes *pl,
                 gint64        oy,
                 gint64        ox,
                 Window       *win)
{
  win->dy = win->dx = 1;
  win->y0 = adaptive_start (oy, pl->oh, pl->h);
  win->y1 = adaptive_end (oy, pl->oh, pl->h);
  win->x0 = adaptive_start (ox, pl->ow, pl->w);
  win->x1 = adaptive_end (ox, pl->ow, pl->w);
  win->divisor = 0;
}

typedef enum { KIND_MAX, KIND_AVG, KIND_ADAPTIVE_AVG, KIND_ADAPTIVE_MAX } Kind;

static void
window_of (Kind                kind,
           const BsPoolParams *p,
           const Planes       *pl,
           gint64              oy,
           gint64              ox,
           Window             *win)
{
  if (kind == KIND_MAX)
    max_window (p, pl, oy, ox, win);
  else if (kind == KIND_AVG)
    avg_window (p, pl, oy, ox, win);
  else
    adaptive_window (pl, oy, ox, win);
}

/* --- kernels, for float and double --------------------------------------------- */

#define DEFINE_KERNELS(T, SUFFIX)                                                        \
static void                                                                              \
max_forward_##SUFFIX (Kind kind, const BsPoolParams *p, const Planes *pl, const T *in,   \
                      T *out, gint64 *ind)                                               \
{                                                                                        \
  for (gint64 c = 0; c < pl->planes; c++)                                                \
    for (gint64 oy = 0; oy < pl->oh; oy++)                                               \
      for (gint64 ox = 0; ox < pl->ow; ox++)                                             \
        {                                                                                \
          const T *plane = in + c * pl->h * pl->w;                                       \
          Window win;                                                                    \
          gint64 best;                                                                   \
          T top = -INFINITY;                                                             \
                                                                                         \
          window_of (kind, p, pl, oy, ox, &win);                                         \
          best = win.y0 * pl->w + win.x0;                                                \
          for (gint64 y = win.y0; y < win.y1; y += win.dy)                               \
            for (gint64 x = win.x0; x < win.x1; x += win.dx)                             \
              {                                                                          \
                T v = plane[y * pl->w + x];                                              \
                                                                                         \
                if (v > top || isnan (v))                                                \
                  {                                                                      \
                    top = v;                                                             \
                    best = y * pl->w + x;                                                \
                  }                                                                      \
              }                                                                          \
          out[(c * pl->oh + oy) * pl->ow + ox] = top;                                    \
          ind[(c * pl->oh + oy) * pl->ow + ox] = best;                                   \
        }                                                                                \
}                                                                                        \
                                                                                         \
static void                                                                              \
max_backward_##SUFFIX (const Planes *pl, const T *gy, const gint64 *ind, T *gx)          \
{                                                                                        \
  for (gint64 c = 0; c < pl->planes; c++)                                                \
    for (gint64 i = 0; i < pl->oh * pl->ow; i++)                                         \
      gx[c * pl->h * pl->w + ind[c * pl->oh * pl->ow + i]] += gy[c * pl->oh * pl->ow + i]; \
}                                                                                        \
                                                                                         \
static void                                                                              \
avg_forward_##SUFFIX (Kind kind, const BsPoolParams *p, const Planes *pl, const T *in,   \
                      T *out)                                                            \
{                                                                                        \
  for (gint64 c = 0; c < pl->planes; c++)                                                \
    for (gint64 oy = 0; oy < pl->oh; oy++)                                               \
      for (gint64 ox = 0; ox < pl->ow; ox++)                                             \
        {                                                                                \
          const T *plane = in + c * pl->h * pl->w;                                       \
          T *o = out + (c * pl->oh + oy) * pl->ow + ox;                                  \
          Window win;                                                                    \
          T sum = 0;                                                                     \
                                                                                         \
          window_of (kind, p, pl, oy, ox, &win);                                         \
          if (win.y0 >= win.y1 || win.x0 >= win.x1)                                      \
            {                                                                            \
              *o = 0;                                                                    \
              continue;                                                                  \
            }                                                                            \
          for (gint64 y = win.y0; y < win.y1; y++)                                       \
            for (gint64 x = win.x0; x < win.x1; x++)                                     \
              sum += plane[y * pl->w + x];                                               \
          if (kind == KIND_AVG)                                                          \
            *o = sum / (T) win.divisor;                                                  \
          else                                                                           \
            *o = sum / (T) (win.y1 - win.y0) / (T) (win.x1 - win.x0);                    \
        }                                                                                \
}                                                                                        \
                                                                                         \
static void                                                                              \
avg_backward_##SUFFIX (Kind kind, const BsPoolParams *p, const Planes *pl, const T *gy,  \
                       T *gx)                                                            \
{                                                                                        \
  for (gint64 c = 0; c < pl->planes; c++)                                                \
    for (gint64 oy = 0; oy < pl->oh; oy++)                                               \
      for (gint64 ox = 0; ox < pl->ow; ox++)                                             \
        {                                                                                \
          T *plane = gx + c * pl->h * pl->w;                                             \
          T g = gy[(c * pl->oh + oy) * pl->ow + ox];                                     \
          Window win;                                                                    \
          T delta;                                                                       \
                                                                                         \
          window_of (kind, p, pl, oy, ox, &win);                                         \
          if (kind == KIND_AVG)                                                          \
            delta = g / (T) win.divisor;                                                 \
          else                                                                           \
            delta = g / (T) (win.y1 - win.y0) / (T) (win.x1 - win.x0);                   \
          for (gint64 y = win.y0; y < win.y1; y++)                                       \
            for (gint64 x = win.x0; x < win.x1; x++)                                     \
              plane[y * pl->w + x] += delta;                                             \
        }                                                                                \
}

DEFINE_KERNELS (float, f32)
DEFINE_KERNELS (double, f64)

#undef DEFINE_KERNELS

/* --- the ops ------------------------------------------------------------------------ */

static Kind
kind_of (BsOp op)
{
  switch (op)
    {
    case BS_OP_MAX_POOL2D:
      return KIND_MAX;
    case BS_OP_AVG_POOL2D:
      return KIND_AVG;
    case BS_OP_ADAPTIVE_AVG_POOL2D:
      return KIND_ADAPTIVE_AVG;
    default:
      return KIND_ADAPTIVE_MAX;
    }
}

static void
output_shape (Kind            kind,
              const BsOpArgs *args,
              const gint64   *shape,
              int             ndim,
              gint64         *oh,
              gint64         *ow)
{
  BsPoolParams p;

  if (kind == KIND_ADAPTIVE_AVG || kind == KIND_ADAPTIVE_MAX)
    {
      *oh = args->dims[0];
      *ow = args->dims[1];
      return;
    }
  params_from_args (args, &p);
  *oh = output_size (shape[ndim - 2], p.kernel[0], p.padding[0], p.stride[0],
                     kind == KIND_MAX ? p.dilation[0] : 1, p.ceil_mode);
  *ow = output_size (shape[ndim - 1], p.kernel[1], p.padding[1], p.stride[1],
                     kind == KIND_MAX ? p.dilation[1] : 1, p.ceil_mode);
}

static BsTensor *
pool_forward (Kind             kind,
              BsTensor *const *in,
              const BsOpArgs  *args,
              BsTensor       **extra,
              GError         **error)
{
  g_autoptr(BsTensor) x = contiguous (in[0], error);
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) ind = NULL;
  BsPoolParams p;
  Planes pl;
  gint64 oh, ow;

  if (x == NULL)
    return NULL;
  params_from_args (args, &p);
  output_shape (kind, args, x->shape, x->ndim, &oh, &ow);
  planes_init (&pl, x->shape, x->ndim, oh, ow);
  out = new_output (x, x->dtype, oh, ow, error);
  if (out == NULL)
    return NULL;
  if (!bs_context_check_cancelled (x->context, error))
    return NULL;
  if (kind == KIND_MAX || kind == KIND_ADAPTIVE_MAX)
    {
      ind = new_output (x, BS_DTYPE_INT64, oh, ow, error);
      if (ind == NULL)
        return NULL;
      if (x->dtype == BS_DTYPE_FLOAT32)
        max_forward_f32 (kind, &p, &pl, bs_tensor_data (x), bs_tensor_data (out),
                         bs_tensor_data (ind));
      else
        max_forward_f64 (kind, &p, &pl, bs_tensor_data (x), bs_tensor_data (out),
                         bs_tensor_data (ind));
      *extra = g_steal_pointer (&ind);
    }
  else if (x->dtype == BS_DTYPE_FLOAT32)
    avg_forward_f32 (kind, &p, &pl, bs_tensor_data (x), bs_tensor_data (out));
  else
    avg_forward_f64 (kind, &p, &pl, bs_tensor_data (x), bs_tensor_data (out));
  return g_steal_pointer (&out);
}

static BsTensor *
max_pool_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  return pool_forward (KIND_MAX, in, args, extra, error);
}

static BsTensor *
avg_pool_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  return pool_forward (KIND_AVG, in, args, extra, error);
}

static BsTensor *
adaptive_avg_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                      GError **error)
{
  return pool_forward (KIND_ADAPTIVE_AVG, in, args, extra, error);
}

static BsTensor *
adaptive_max_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                      GError **error)
{
  return pool_forward (KIND_ADAPTIVE_MAX, in, args, extra, error);
}

static void
save_indices (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, extra);
}

static void
save_nothing (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
}

static gboolean
refuse_second_derivative (BsNode  *node,
                          GError **error)
{
  if (!node->context->grad_enabled)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
               "the second derivative of pooling (create_graph=True through %s) is not "
               "supported by Backstep", bs_op_info (node->op)->grad_fn_name);
  return FALSE;
}

static gboolean
pool_backward (BsNode    *node,
               BsTensor  *grad,
               BsTensor **gi,
               BsTensor **locals,
               GError   **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  Kind kind = kind_of (node->op);
  g_autoptr(BsTensor) gy = NULL;
  BsPoolParams p;
  Planes pl;
  gint64 oh, ow;

  if (!NEEDS (0))
    return TRUE;
  if (!refuse_second_derivative (node, error))
    return FALSE;
  params_from_args (&node->args, &p);
  output_shape (kind, &node->args, meta->shape, meta->ndim, &oh, &ow);
  planes_init (&pl, meta->shape, meta->ndim, oh, ow);
  gy = bs_tensor_contiguous_copy (grad, meta->dtype, error);
  if (gy == NULL)
    return FALSE;
  gi[0] = bs_tensor_new (grad->context, meta->dtype, meta->ndim, meta->shape, error);
  if (gi[0] == NULL)
    return FALSE;
  if (kind == KIND_MAX || kind == KIND_ADAPTIVE_MAX)
    {
      GError *local_error = NULL;
      UNPACK (indices, 0);
      g_autoptr(BsTensor) ci = contiguous (indices, error);

      if (ci == NULL)
        return FALSE;
      if (meta->dtype == BS_DTYPE_FLOAT32)
        max_backward_f32 (&pl, bs_tensor_data (gy), bs_tensor_data (ci), bs_tensor_data (gi[0]));
      else
        max_backward_f64 (&pl, bs_tensor_data (gy), bs_tensor_data (ci), bs_tensor_data (gi[0]));
    }
  else if (meta->dtype == BS_DTYPE_FLOAT32)
    avg_backward_f32 (kind, &p, &pl, bs_tensor_data (gy), bs_tensor_data (gi[0]));
  else
    avg_backward_f64 (kind, &p, &pl, bs_tensor_data (gy), bs_tensor_data (gi[0]));
  return TRUE;
}

const BsOpInfo bs_op_max_pool2d = {
  .name = "max_pool2d", .grad_fn_name = "MaxPool2DWithIndicesBackward0",
  .symbol = "max_pool2d", .n_inputs = 1,
  .forward = max_pool_forward, .save = save_indices, .backward = pool_backward,
  .formulas = { "∂max_pool2d(x)/∂x: 1 at each window's largest element, 0 elsewhere" },
};

const BsOpInfo bs_op_avg_pool2d = {
  .name = "avg_pool2d", .grad_fn_name = "AvgPool2DBackward0", .symbol = "avg_pool2d",
  .n_inputs = 1,
  .forward = avg_pool_forward, .save = save_nothing, .backward = pool_backward,
  .formulas = { "∂avg_pool2d(x)/∂x: 1/(window size) for each window the element is in" },
};

const BsOpInfo bs_op_adaptive_avg_pool2d = {
  .name = "adaptive_avg_pool2d", .grad_fn_name = "AdaptiveAvgPool2DBackward0",
  .symbol = "adaptive_avg_pool2d", .n_inputs = 1,
  .forward = adaptive_avg_forward, .save = save_nothing, .backward = pool_backward,
  .formulas = { "∂adaptive_avg_pool2d(x)/∂x: 1/(window size) for each window the element "
                "is in" },
};

const BsOpInfo bs_op_adaptive_max_pool2d = {
  .name = "adaptive_max_pool2d", .grad_fn_name = "AdaptiveMaxPool2DBackward0",
  .symbol = "adaptive_max_pool2d", .n_inputs = 1,
  .forward = adaptive_max_forward, .save = save_indices, .backward = pool_backward,
  .formulas = { "∂adaptive_max_pool2d(x)/∂x: 1 at each window's largest element" },
};

/* --- checks, as PyTorch's pooling_output_shape and pool2d_shape_check --------------- */

/* Sets PyTorch's RuntimeError; FALSE, for checks to return. */
#define fail(error, ...) \
  (g_set_error ((error), BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, __VA_ARGS__), FALSE)
#define fail_null(error, ...) \
  (g_set_error ((error), BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, __VA_ARGS__), NULL)

static gboolean
check_output_dim (gint64   kernel,
                  gint64   pad,
                  gint64   stride,
                  GError **error)
{
  if (stride == 0)
    return fail (error, "stride should not be zero");
  if (pad < 0)
    return fail (error, "pad must be non-negative, but got pad: %" G_GINT64_FORMAT, pad);
  if (pad > kernel / 2)
    return fail (error, "pad should be at most half of kernel size, but got pad=%"
                 G_GINT64_FORMAT " and kernel_size=%" G_GINT64_FORMAT, pad, kernel);
  return TRUE;
}

static gboolean
check_pool (BsTensor           *input,
            const BsPoolParams *p,
            gboolean            is_max,
            gint64             *oh,
            gint64             *ow,
            GError            **error)
{
  int nd = input->ndim;
  gint64 planes = input->shape[nd - 3];

  for (int i = 0; i < 2; i++)
    if (!check_output_dim (p->kernel[i], p->padding[i], p->stride[i], error))
      return FALSE;
  *oh = output_size (input->shape[nd - 2], p->kernel[0], p->padding[0], p->stride[0],
                     is_max ? p->dilation[0] : 1, p->ceil_mode);
  *ow = output_size (input->shape[nd - 1], p->kernel[1], p->padding[1], p->stride[1],
                     is_max ? p->dilation[1] : 1, p->ceil_mode);
  if (p->kernel[0] <= 0 || p->kernel[1] <= 0)
    return fail (error, "kernel size should be greater than zero, but got kH: %" G_GINT64_FORMAT
                 " kW: %" G_GINT64_FORMAT, p->kernel[0], p->kernel[1]);
  if (p->stride[0] <= 0 || p->stride[1] <= 0)
    return fail (error, "stride should be greater than zero, but got dH: %" G_GINT64_FORMAT
                 " dW: %" G_GINT64_FORMAT, p->stride[0], p->stride[1]);
  if (is_max && (p->dilation[0] <= 0 || p->dilation[1] <= 0))
    return fail (error, "dilation should be greater than zero, but got dilationH: %"
                 G_GINT64_FORMAT " dilationW: %" G_GINT64_FORMAT, p->dilation[0],
                 p->dilation[1]);
  if (input->shape[nd - 3] == 0 || input->shape[nd - 2] == 0 || input->shape[nd - 1] == 0)
    {
      g_autofree char *shape = bs_tensor_format_shape (input);

      return fail (error, "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size "
                   "for input, but got:%s", shape);
    }
  if (*oh < 1 || *ow < 1)
    return fail (error, "Given input size: (%" G_GINT64_FORMAT "x%" G_GINT64_FORMAT "x%"
                 G_GINT64_FORMAT "). Calculated output size: (%" G_GINT64_FORMAT "x%"
                 G_GINT64_FORMAT "x%" G_GINT64_FORMAT "). Output size is too small", planes,
                 input->shape[nd - 2], input->shape[nd - 1], planes, *oh, *ow);
  return TRUE;
}

static gboolean
check_floating (BsTensor    *input,
                const char  *kernel,
                GError     **error)
{
  if (input->dtype == BS_DTYPE_FLOAT32 || input->dtype == BS_DTYPE_FLOAT64)
    return TRUE;
  if (bs_dtype_is_floating (input->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "%s of a %s tensor is not supported by Backstep (only float32 and float64)",
                   kernel, bs_dtype_tensor_type (input->dtype));
      return FALSE;
    }
  if (strcmp (kernel, "avg_pool2d") == 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "avg_pool2d of an integer tensor is not supported by Backstep (only float32 "
                   "and float64)");
      return FALSE;
    }
  return fail (error, "\"%s\" not implemented for '%s'", kernel,
               bs_dtype_scalar_name (input->dtype));
}

static BsTensor *
apply (BsOp               op,
       BsTensor          *input,
       const BsOpArgs    *args,
       BsTensor         **indices,
       GError           **error)
{
  BsTensor *extra = NULL;
  BsTensor *out = bs_op_apply_full (op, &input, 1, args, &extra, error);

  if (indices != NULL)
    *indices = extra;
  else if (extra != NULL)
    bs_tensor_unref (extra);
  return out;
}

BsTensor *
bs_max_pool2d (BsTensor            *input,
               const BsPoolParams  *params,
               BsTensor           **indices,
               GError             **error)
{
  BsOpArgs args;
  gint64 oh, ow;

  if (input->ndim != 3 && input->ndim != 4)
    return fail_null (error, "non-empty 3D or 4D (batch mode) tensor expected for input");
  if (!check_pool (input, params, TRUE, &oh, &ow, error)
      || !check_floating (input, "max_pool2d", error))
    return NULL;
  bs_op_args_init (&args);
  params_to_args (params, &args);
  return apply (BS_OP_MAX_POOL2D, input, &args, indices, error);
}

BsTensor *
bs_avg_pool2d (BsTensor            *input,
               const BsPoolParams  *params,
               GError             **error)
{
  BsOpArgs args;
  gint64 oh, ow;

  if (input->ndim < 3)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX, "Dimension out of range "
                   "(expected to be in range of [%d, %d], but got -3)", -MAX (input->ndim, 1),
                   MAX (input->ndim, 1) - 1);
      return NULL;
    }
  if (input->ndim > 4)
    return fail_null (error, "non-empty 3D or 4D (batch mode) tensor expected for input");
  if (params->has_divisor && params->divisor == 0)
    return fail_null (error, "divisor must be not zero");
  if (!check_pool (input, params, FALSE, &oh, &ow, error)
      || !check_floating (input, "avg_pool2d", error))
    return NULL;
  bs_op_args_init (&args);
  params_to_args (params, &args);
  return apply (BS_OP_AVG_POOL2D, input, &args, NULL, error);
}

static gboolean
check_adaptive (BsTensor      *input,
                const char    *name,
                const gint64  *output_size,
                GError       **error)
{
  if (input->ndim != 3 && input->ndim != 4)
    {
      g_autofree char *shape = bs_tensor_format_shape (input);

      return fail (error, "%s(): Expected 3D or 4D tensor, but got%s %s", name,
                   strcmp (name, "adaptive_max_pool2d") == 0 ? ":" : "", shape);
    }
  for (int d = input->ndim - 3; d < input->ndim; d++)
    if (input->shape[d] == 0)
      {
        g_autofree char *shape = bs_tensor_format_shape (input);

        return fail (error, "%s(): Expected input to have non-zero size for non-batch "
                     "dimensions, but input has sizes %s with dimension %d being empty", name,
                     shape, d);
      }
  if (output_size[0] < 0 || output_size[1] < 0)
    return fail (error, "Trying to create tensor with negative dimension %" G_GINT64_FORMAT,
                 MIN (output_size[0], output_size[1]));
  return check_floating (input, name, error);
}

BsTensor *
bs_adaptive_avg_pool2d (BsTensor      *input,
                        const gint64  *output_size,
                        GError       **error)
{
  BsOpArgs args;

  if (!check_adaptive (input, "adaptive_avg_pool2d", output_size, error))
    return NULL;
  bs_op_args_init (&args);
  args.n_dims = 2;
  args.dims[0] = output_size[0];
  args.dims[1] = output_size[1];
  return apply (BS_OP_ADAPTIVE_AVG_POOL2D, input, &args, NULL, error);
}

BsTensor *
bs_adaptive_max_pool2d (BsTensor      *input,
                        const gint64  *output_size,
                        BsTensor     **indices,
                        GError       **error)
{
  BsOpArgs args;

  if (!check_adaptive (input, "adaptive_max_pool2d", output_size, error))
    return NULL;
  bs_op_args_init (&args);
  args.n_dims = 2;
  args.dims[0] = output_size[0];
  args.dims[1] = output_size[1];
  return apply (BS_OP_ADAPTIVE_MAX_POOL2D, input, &args, indices, error);
}
