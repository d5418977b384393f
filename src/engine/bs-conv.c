/* bs-conv.c: convolution (conv1d, conv2d) as PyTorch 1.13's CPU computes it
 *
 * A 1-D convolution is a 2-D one of height 1, as PyTorch views it. PyTorch picks one of
 * two float32 kernels by the shapes (ConvParams::use_mkldnn, one thread): oneDNN's direct
 * convolution, which adds each kernel tap's product into the output with a fused
 * multiply-add, taps in the order kernel row, kernel column, input channel, the bias last
 * (first for a depthwise convolution), or else im2col and a BLAS gemm onto the bias
 * (slow_conv2d), as float64 always. Both are reproduced: the first with fmaf in that order,
 * the second with the same columns and the same gemm. The backward is im2col's for both
 * (grad_input: Wᵀ @ grad then col2im; grad_weight: grad @ colsᵀ summed over the batch;
 * grad_bias: grad summed over all dims but the channel's).
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-conv.h"
#include "bs-op-private.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

/* The geometry of one convolution, in 2-D. */
typedef struct {
  gint64 n, c, h, w;        /* input */
  gint64 o, cg, kh, kw;     /* weight: out channels, in channels of a group, kernel */
  gint64 oh, ow;            /* output plane */
  gint64 sh, sw, ph, pw, dh, dw;
  gint64 groups;
  gint64 og;                /* out channels of a group */
} Geometry;

void
bs_conv_params_to_args (const BsConvParams *params,
                        BsOpArgs           *args)
{
  args->n_dims = params->n_spatial;
  for (int i = 0; i < 2; i++)
    {
      args->dims[i] = params->stride[i];
      args->dims[2 + i] = params->padding[i];
      args->dims[4 + i] = params->dilation[i];
    }
  args->index = params->groups;
}

void
bs_conv_params_from_args (const BsOpArgs *args,
                          BsConvParams   *params)
{
  params->n_spatial = args->n_dims;
  for (int i = 0; i < 2; i++)
    {
      params->stride[i] = args->dims[i];
      params->padding[i] = args->dims[2 + i];
      params->dilation[i] = args->dims[4 + i];
    }
  params->groups = args->index;
}

static void
geometry_init (Geometry           *g,
               const gint64       *in_shape,
               const gint64       *w_shape,
               const BsConvParams *p)
{
  gboolean one_d = p->n_spatial == 1;

  g->n = in_shape[0];
  g->c = in_shape[1];
  g->h = one_d ? 1 : in_shape[2];
  g->w = one_d ? in_shape[2] : in_shape[3];
  g->o = w_shape[0];
  g->cg = w_shape[1];
  g->kh = one_d ? 1 : w_shape[2];
  g->kw = one_d ? w_shape[2] : w_shape[3];
  g->sh = one_d ? 1 : p->stride[0];
  g->sw = p->stride[one_d ? 0 : 1];
  g->ph = one_d ? 0 : p->padding[0];
  g->pw = p->padding[one_d ? 0 : 1];
  g->dh = one_d ? 1 : p->dilation[0];
  g->dw = p->dilation[one_d ? 0 : 1];
  g->groups = p->groups;
  g->og = g->o / g->groups;
  g->oh = (g->h + 2 * g->ph - g->dh * (g->kh - 1) - 1) / g->sh + 1;
  g->ow = (g->w + 2 * g->pw - g->dw * (g->kw - 1) - 1) / g->sw + 1;
}

/* ConvParams::use_mkldnn of PyTorch 1.13 for a float32 input, with one thread. */
static gboolean
uses_onednn (const Geometry *g,
             BsDType         dtype)
{
  gboolean strided = g->sh != 1 || g->sw != 1;
  gboolean dilated = g->dh != 1 || g->dw != 1;

  if (dtype != BS_DTYPE_FLOAT32)
    return FALSE;
  if (!(strided || dilated || g->n >= 16 || g->kw != 1 || g->kh != 1))
    return FALSE;
  return g->groups > 1 || (g->kw > 3 && g->kh > 3) || g->n > 1
         || g->n * g->c * g->h * g->w > 20480;
}

/* --- oneDNN's direct convolution (float32) -------------------------------- */

static void
direct_forward (const Geometry *g,
                const float    *x,
                const float    *wt,
                const float    *bias,
                float          *out)
{
  gint64 plane = g->oh * g->ow;
  gboolean depthwise = g->cg == 1 && g->og == 1 && g->groups > 1;

  for (gint64 n = 0; n < g->n; n++)
    for (gint64 oc = 0; oc < g->o; oc++)
      {
        gint64 grp = oc / g->og;
        float *y = out + (n * g->o + oc) * plane;

        for (gint64 i = 0; i < plane; i++)
          y[i] = bias != NULL && depthwise ? bias[oc] : 0.0f;
        for (gint64 ki = 0; ki < g->kh; ki++)
          for (gint64 kj = 0; kj < g->kw; kj++)
            for (gint64 ic = 0; ic < g->cg; ic++)
              {
                float wv = wt[((oc * g->cg + ic) * g->kh + ki) * g->kw + kj];
                const float *xp = x + (n * g->c + grp * g->cg + ic) * g->h * g->w;

                for (gint64 oy = 0; oy < g->oh; oy++)
                  {
                    gint64 iy = oy * g->sh - g->ph + ki * g->dh;

                    if (iy < 0 || iy >= g->h)
                      continue;
                    for (gint64 ox = 0; ox < g->ow; ox++)
                      {
                        gint64 ix = ox * g->sw - g->pw + kj * g->dw;

                        if (ix >= 0 && ix < g->w)
                          y[oy * g->ow + ox] = fmaf (wv, xp[iy * g->w + ix], y[oy * g->ow + ox]);
                      }
                  }
              }
        if (bias != NULL && !depthwise)
          for (gint64 i = 0; i < plane; i++)
            y[i] += bias[oc];
      }
}

/* --- im2col and gemm (slow_conv2d) ------------------------------------------ */

/* cols [cg·kh·kw, oh·ow] of sample n, group grp, in elements of elsize bytes. */
static void
im2col (const Geometry *g,
        const char     *x,
        gsize           elsize,
        gint64          n,
        gint64          grp,
        char           *cols)
{
  gint64 plane = g->oh * g->ow;

  for (gint64 ic = 0; ic < g->cg; ic++)
    for (gint64 ki = 0; ki < g->kh; ki++)
      for (gint64 kj = 0; kj < g->kw; kj++)
        {
          gint64 row = (ic * g->kh + ki) * g->kw + kj;
          const char *xp = x + (n * g->c + grp * g->cg + ic) * g->h * g->w * elsize;
          char *cp = cols + row * plane * elsize;

          for (gint64 oy = 0; oy < g->oh; oy++)
            for (gint64 ox = 0; ox < g->ow; ox++)
              {
                gint64 iy = oy * g->sh - g->ph + ki * g->dh;
                gint64 ix = ox * g->sw - g->pw + kj * g->dw;
                char *dst = cp + (oy * g->ow + ox) * elsize;

                if (iy >= 0 && iy < g->h && ix >= 0 && ix < g->w)
                  memcpy (dst, xp + (iy * g->w + ix) * elsize, elsize);
                else
                  memset (dst, 0, elsize);
              }
        }
}

/* The reverse: adds cols into the input-shaped gx of sample n, group grp. */
static void
col2im_add (const Geometry *g,
            const char     *cols,
            BsDType         dtype,
            gint64          n,
            gint64          grp,
            char           *gx)
{
  gsize elsize = bs_dtype_size (dtype);
  gint64 plane = g->oh * g->ow;

  for (gint64 ic = 0; ic < g->cg; ic++)
    for (gint64 ki = 0; ki < g->kh; ki++)
      for (gint64 kj = 0; kj < g->kw; kj++)
        {
          gint64 row = (ic * g->kh + ki) * g->kw + kj;
          char *xp = gx + (n * g->c + grp * g->cg + ic) * g->h * g->w * elsize;
          const char *cp = cols + row * plane * elsize;

          for (gint64 oy = 0; oy < g->oh; oy++)
            for (gint64 ox = 0; ox < g->ow; ox++)
              {
                gint64 iy = oy * g->sh - g->ph + ki * g->dh;
                gint64 ix = ox * g->sw - g->pw + kj * g->dw;
                gint64 at = iy * g->w + ix, from = oy * g->ow + ox;

                if (iy < 0 || iy >= g->h || ix < 0 || ix >= g->w)
                  continue;
                if (dtype == BS_DTYPE_FLOAT32)
                  ((float *) xp)[at] += ((const float *) cp)[from];
                else
                  ((double *) xp)[at] += ((const double *) cp)[from];
              }
        }
}

/* c [m x n] (+)= op(a) [m x k] @ op(b) [k x n], row-major. */
static void
gemm (BsDType          dtype,
      CBLAS_TRANSPOSE  ta,
      CBLAS_TRANSPOSE  tb,
      gint64           m,
      gint64           n,
      gint64           k,
      const void      *a,
      const void      *b,
      gboolean         accumulate,
      void            *c)
{
  blasint lda = (blasint) (ta == CblasNoTrans ? k : m);
  blasint ldb = (blasint) (tb == CblasNoTrans ? n : k);

  if (m == 0 || n == 0)
    return;
  if (k == 0)
    {
      if (!accumulate)
        memset (c, 0, (gsize) (m * n) * bs_dtype_size (dtype));
      return;
    }
  if (dtype == BS_DTYPE_FLOAT32)
    cblas_sgemm (CblasRowMajor, ta, tb, (blasint) m, (blasint) n, (blasint) k, 1.0f, a, lda,
                 b, ldb, accumulate ? 1.0f : 0.0f, c, (blasint) n);
  else
    cblas_dgemm (CblasRowMajor, ta, tb, (blasint) m, (blasint) n, (blasint) k, 1.0, a, lda,
                 b, ldb, accumulate ? 1.0 : 0.0, c, (blasint) n);
}

static gboolean
gemm_forward (BsContext       *context,
              const Geometry  *g,
              BsDType          dtype,
              const char      *x,
              const char      *wt,
              const char      *bias,
              char            *out,
              GError         **error)
{
  gsize elsize = bs_dtype_size (dtype);
  gint64 plane = g->oh * g->ow, k = g->cg * g->kh * g->kw;
  g_autofree char *cols = g_malloc ((gsize) MAX (1, k * plane) * elsize);

  for (gint64 n = 0; n < g->n; n++)
    {
      if (!bs_context_check_cancelled (context, error))
        return FALSE;
      for (gint64 grp = 0; grp < g->groups; grp++)
        {
          char *y = out + (n * g->o + grp * g->og) * plane * elsize;

          im2col (g, x, elsize, n, grp, cols);
          if (bias != NULL)
            for (gint64 oc = 0; oc < g->og; oc++)
              for (gint64 i = 0; i < plane; i++)
                memcpy (y + (oc * plane + i) * elsize, bias + (grp * g->og + oc) * elsize,
                        elsize);
          gemm (dtype, CblasNoTrans, CblasNoTrans, g->og, plane, k,
                wt + grp * g->og * k * elsize, cols, bias != NULL, y);
        }
    }
  return TRUE;
}

/* --- the bias's gradient ------------------------------------------------------ */

/* PyTorch's sum of a contiguous float32 row (cascade_sum's vectorized_inner_sum with
 * AVX2's 8 lanes): four vectors at a time in levels of 2^k rows, lanes added last. */
static float
row_sum (const float *x,
         gint64       size)
{
  enum { ILP = 4, LEVELS = 4, MAX_LANES = 8 };
  /* under 8 elements, scalar_inner_sum: the same levels over single elements */
  int lanes = size < MAX_LANES ? 1 : MAX_LANES;
  gint64 vecs = size / lanes, rows = vecs / ILP;
  gint64 power = MAX (4, (gint64) g_bit_storage ((gulong) MAX (rows - 1, 0)) / LEVELS);
  gint64 step = (gint64) 1 << power, mask = step - 1, i = 0;
  float acc[LEVELS][ILP][MAX_LANES] = { { { 0 } } };
  float total = 0.0f;

  while (i + step <= rows)
    {
      for (gint64 j = 0; j < step; j++, i++)
        for (int k = 0; k < ILP; k++)
          for (int l = 0; l < lanes; l++)
            acc[0][k][l] += x[(i * ILP + k) * lanes + l];
      for (int j = 1; j < LEVELS; j++)
        {
          for (int k = 0; k < ILP; k++)
            for (int l = 0; l < lanes; l++)
              {
                acc[j][k][l] += acc[j - 1][k][l];
                acc[j - 1][k][l] = 0.0f;
              }
          if ((i & (mask << (j * power))) != 0)
            break;
        }
    }
  for (; i < rows; i++)
    for (int k = 0; k < ILP; k++)
      for (int l = 0; l < lanes; l++)
        acc[0][k][l] += x[(i * ILP + k) * lanes + l];
  for (int j = 1; j < LEVELS; j++)
    for (int k = 0; k < ILP; k++)
      for (int l = 0; l < lanes; l++)
        acc[0][k][l] += acc[j][k][l];
  for (gint64 v = rows * ILP; v < vecs; v++)
    for (int l = 0; l < lanes; l++)
      acc[0][0][l] += x[v * lanes + l];
  for (int k = 1; k < ILP; k++)
    for (int l = 0; l < lanes; l++)
      acc[0][0][l] += acc[0][k][l];
  if (lanes == 1)
    return acc[0][0][0];
  for (gint64 k = vecs * lanes; k < size; k++)
    total += x[k];
  for (int l = 0; l < lanes; l++)
    total += acc[0][0][l];
  return total;
}

/* Σ of gy [N, O, plane] over N and the plane: oneDNN's adds one element after another;
 * slow_conv2d's is at::sum's, row by row, each sample's rows added in turn. */
static void
bias_grad (const Geometry *g,
           gboolean        onednn,
           BsTensor       *gy,
           BsTensor       *out)
{
  gint64 plane = g->oh * g->ow;

  if (gy->dtype == BS_DTYPE_FLOAT32)
    {
      const float *y = bs_tensor_data (gy);
      float *b = bs_tensor_data (out);

      for (gint64 n = 0; n < g->n; n++)
        for (gint64 oc = 0; oc < g->o; oc++)
          {
            const float *row = y + (n * g->o + oc) * plane;

            if (onednn)
              for (gint64 i = 0; i < plane; i++)
                b[oc] += row[i];
            else
              b[oc] += row_sum (row, plane);
          }
    }
  else
    {
      const double *y = bs_tensor_data (gy);
      double *b = bs_tensor_data (out);

      for (gint64 n = 0; n < g->n; n++)
        for (gint64 oc = 0; oc < g->o; oc++)
          for (gint64 i = 0; i < plane; i++)
            b[oc] += y[(n * g->o + oc) * plane + i];
    }
}

/* --- the op ------------------------------------------------------------------ */

static BsTensor *
contiguous (BsTensor  *a,
            GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

static BsTensor *
conv_forward (BsTensor *const *in,
              guint            n_in,
              const BsOpArgs  *args,
              BsTensor       **extra,
              GError         **error)
{
  BsConvParams p;
  Geometry g;
  g_autoptr(BsTensor) x = contiguous (in[0], error);
  g_autoptr(BsTensor) w = x != NULL ? contiguous (in[1], error) : NULL;
  g_autoptr(BsTensor) b = w != NULL && n_in > 2 ? contiguous (in[2], error) : NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 shape[4];
  const void *bias;

  if (w == NULL || (n_in > 2 && b == NULL))
    return NULL;
  bs_conv_params_from_args (args, &p);
  geometry_init (&g, x->shape, w->shape, &p);
  shape[0] = g.n;
  /* PyTorch's empty convolution of an input without channels has no channels either */
  shape[1] = g.c == 0 ? 0 : g.o;
  shape[2] = p.n_spatial == 1 ? g.ow : g.oh;
  shape[3] = g.ow;
  out = bs_tensor_new_uninit (x->context, x->dtype, 2 + p.n_spatial, shape, error);
  if (out == NULL || g.c == 0)
    return g_steal_pointer (&out);
  bias = b != NULL ? bs_tensor_data (b) : NULL;
  if (uses_onednn (&g, x->dtype))
    {
      if (!bs_context_check_cancelled (x->context, error))
        return NULL;
      direct_forward (&g, bs_tensor_data (x), bs_tensor_data (w), bias, bs_tensor_data (out));
    }
  else if (!gemm_forward (x->context, &g, x->dtype, bs_tensor_data (x), bs_tensor_data (w),
                          bias, bs_tensor_data (out), error))
    return NULL;
  return g_steal_pointer (&out);
}

static void
conv_save (BsNode          *node,
           BsTensor *const *in,
           BsTensor        *out,
           BsTensor        *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
}

static gboolean
conv_backward (BsNode    *node,
               BsTensor  *grad,
               BsTensor **gi,
               BsTensor **locals,
               GError   **error)
{
  GError *local_error = NULL;
  BsConvParams p;
  Geometry g;
  BsDType dtype;
  gsize elsize;
  gint64 plane, k;
  g_autoptr(BsTensor) gy = NULL;
  g_autoptr(BsTensor) cx = NULL;
  g_autoptr(BsTensor) cw = NULL;
  g_autofree char *cols = NULL;
  UNPACK (x, 0);
  UNPACK (w, 1);

  if (node->context->grad_enabled)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "the second derivative of a convolution (create_graph=True through "
                           "ConvolutionBackward0) is not supported by Backstep");
      return FALSE;
    }
  bs_conv_params_from_args (&node->args, &p);
  geometry_init (&g, x->shape, w->shape, &p);
  dtype = x->dtype;
  elsize = bs_dtype_size (dtype);
  plane = g.oh * g.ow;
  k = g.cg * g.kh * g.kw;
  if (g.c == 0)
    {
      /* no output: every gradient is zero */
      for (guint i = 0; i < node->n_inputs; i++)
        if (NEEDS (i))
          {
            BsTensor *like = i == 0 ? x : i == 1 ? w : NULL;

            gi[i] = bs_tensor_new (x->context, dtype, like != NULL ? like->ndim : 1,
                                   like != NULL ? like->shape : &g.o, error);
            if (gi[i] == NULL)
              return FALSE;
          }
      return TRUE;
    }
  gy = bs_tensor_contiguous_copy (grad, dtype, error);
  cx = gy != NULL ? contiguous (x, error) : NULL;
  cw = cx != NULL ? contiguous (w, error) : NULL;
  if (cw == NULL)
    return FALSE;
  cols = g_malloc ((gsize) MAX (1, k * plane) * elsize);
  if (NEEDS (0))
    {
      gi[0] = bs_tensor_new (x->context, dtype, x->ndim, x->shape, error);
      if (gi[0] == NULL)
        return FALSE;
      for (gint64 n = 0; n < g.n; n++)
        for (gint64 grp = 0; grp < g.groups; grp++)
          {
            const char *gyp = (const char *) bs_tensor_data (gy)
                              + (n * g.o + grp * g.og) * plane * elsize;

            gemm (dtype, CblasTrans, CblasNoTrans, k, plane, g.og,
                  (const char *) bs_tensor_data (cw) + grp * g.og * k * elsize, gyp, FALSE,
                  cols);
            col2im_add (&g, cols, dtype, n, grp, bs_tensor_data (gi[0]));
          }
    }
  if (NEEDS (1))
    {
      gi[1] = bs_tensor_new (x->context, dtype, w->ndim, w->shape, error);
      if (gi[1] == NULL)
        return FALSE;
      for (gint64 n = 0; n < g.n; n++)
        {
          if (!bs_context_check_cancelled (x->context, error))
            return FALSE;
          for (gint64 grp = 0; grp < g.groups; grp++)
            {
              const char *gyp = (const char *) bs_tensor_data (gy)
                                + (n * g.o + grp * g.og) * plane * elsize;

              im2col (&g, bs_tensor_data (cx), elsize, n, grp, cols);
              gemm (dtype, CblasNoTrans, CblasTrans, g.og, k, plane, gyp, cols, TRUE,
                    (char *) bs_tensor_data (gi[1]) + grp * g.og * k * elsize);
            }
        }
    }
  if (node->n_inputs > 2 && NEEDS (2))
    {
      gi[2] = bs_tensor_new (x->context, dtype, 1, &g.o, error);
      if (gi[2] == NULL)
        return FALSE;
      bias_grad (&g, uses_onednn (&g, dtype), gy, gi[2]);
    }
  return TRUE;
}

const BsOpInfo bs_op_convolution = {
  .name = "convolution", .grad_fn_name = "ConvolutionBackward0", .symbol = "conv",
  .n_inputs = 0,
  .forward = conv_forward, .save = conv_save, .backward = conv_backward,
  .formulas = {
    "∂conv(x, W)/∂x: W slid back over the output (a transposed convolution of the gradient)",
    "∂conv(x, W)/∂W: the input patches each kernel tap saw, weighted by the gradient",
    "∂conv(x, W) + b/∂b: 1 at every output position of the channel",
  },
};

/* --- checks, as PyTorch's _convolution and check_shape_forward ------------------- */

/* Sets PyTorch's RuntimeError; FALSE, for checks to return. */
#define fail(error, ...) \
  (g_set_error ((error), BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, __VA_ARGS__), FALSE)
#define fail_null(error, ...) \
  (g_set_error ((error), BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, __VA_ARGS__), NULL)

static gboolean
check_shapes (BsTensor            *input,
              BsTensor            *weight,
              BsTensor            *bias,
              const BsConvParams  *p,
              GError             **error)
{
  g_autofree char *ws = bs_tensor_format_shape (weight);
  g_autofree char *is = bs_tensor_format_shape (input);
  int k = input->ndim;
  gboolean fits = TRUE;
  g_autoptr(GString) in_sizes = g_string_new (NULL);
  g_autoptr(GString) k_sizes = g_string_new (NULL);

  for (int i = 0; i < p->n_spatial; i++)
    if (p->padding[i] < 0)
      return fail (error, "negative padding is not supported");
  for (int i = 0; i < p->n_spatial; i++)
    if (p->stride[i] <= 0)
      return fail (error, "non-positive stride is not supported");
  for (int i = 0; i < p->n_spatial; i++)
    if (p->dilation[i] <= 0)
      return fail (error, "non-positive dilation is not supported");
  if (weight->ndim != k)
    return fail (error, "Expected %d-dimensional input for %d-dimensional weight %s, but got "
                 "%d-dimensional input of size %s instead", weight->ndim, weight->ndim, ws, k,
                 is);
  if (weight->shape[0] < p->groups)
    return fail (error, "Given groups=%" G_GINT64_FORMAT ", expected weight to be at least %"
                 G_GINT64_FORMAT " at dimension 0, but got weight of size %s instead",
                 p->groups, p->groups, ws);
  if (weight->shape[0] % p->groups != 0)
    return fail (error, "Given groups=%" G_GINT64_FORMAT ", expected weight to be divisible by %"
                 G_GINT64_FORMAT " at dimension 0, but got weight of size [%s] instead",
                 p->groups, p->groups, ws);
  if (input->shape[1] != weight->shape[1] * p->groups)
    return fail (error, "Given groups=%" G_GINT64_FORMAT ", weight of size %s, expected input%s "
                 "to have %" G_GINT64_FORMAT " channels, but got %" G_GINT64_FORMAT
                 " channels instead", p->groups, ws, is, weight->shape[1] * p->groups,
                 input->shape[1]);
  if (bias != NULL && (bias->ndim != 1 || bias->shape[0] != weight->shape[0]))
    {
      g_autofree char *bs = bs_tensor_format_shape (bias);

      return fail (error, "Given weight of size %s, expected bias to be 1-dimensional with %"
                   G_GINT64_FORMAT " elements, but got bias of size %s instead", ws,
                   weight->shape[0], bs);
    }
  for (int i = 2; i < k; i++)
    {
      gint64 padded = input->shape[i] + 2 * p->padding[i - 2];
      gint64 kernel = p->dilation[i - 2] * (weight->shape[i] - 1) + 1;

      g_string_append_printf (in_sizes, "%s%" G_GINT64_FORMAT, i > 2 ? " x " : "", padded);
      g_string_append_printf (k_sizes, "%s%" G_GINT64_FORMAT, i > 2 ? " x " : "", kernel);
      fits = fits && padded >= kernel;
    }
  if (!fits)
    return fail (error, "Calculated padded input size per channel: (%s). Kernel size: (%s). "
                 "Kernel size can't be greater than actual input size", in_sizes->str,
                 k_sizes->str);
  return TRUE;
}

BsTensor *
bs_convolution (BsTensor            *input,
                BsTensor            *weight,
                BsTensor            *bias,
                const BsConvParams  *params,
                GError             **error)
{
  BsTensor *in[3] = { input, weight, bias };
  BsOpArgs args;

  g_return_val_if_fail (input != NULL && weight != NULL && params != NULL, NULL);
  g_return_val_if_fail (params->n_spatial >= 1 && params->n_spatial <= 3, NULL);

  if (weight->ndim < 3)
    return fail_null (error, "weight should have at least three dimensions");
  if (params->groups <= 0)
    return fail_null (error, "non-positive groups is not supported");
  if (!check_shapes (input, weight, bias, params, error))
    return NULL;
  if (input->dtype != weight->dtype)
    return fail_null (error, "Input type (%s) and weight type (%s) should be the same or "
                      "input should be a MKLDNN tensor and weight is a dense tensor",
                      bs_dtype_tensor_type (input->dtype), bs_dtype_tensor_type (weight->dtype));
  if (bias != NULL && bias->dtype != input->dtype)
    return fail_null (error, "Input type (%s) and bias type (%s) should be the same",
                      bs_dtype_tensor_type (input->dtype), bs_dtype_tensor_type (bias->dtype));
  if (input->dtype != BS_DTYPE_FLOAT32 && input->dtype != BS_DTYPE_FLOAT64)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "a convolution of %s tensors is not supported by Backstep (only float32 "
                   "and float64)", bs_dtype_tensor_type (input->dtype));
      return NULL;
    }
  if (params->n_spatial > 2)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "a 3-D convolution is not supported by Backstep");
      return NULL;
    }
  bs_op_args_init (&args);
  bs_conv_params_to_args (params, &args);
  return bs_op_apply (BS_OP_CONVOLUTION, in, bias != NULL ? 3 : 2, &args, error);
}
