/* bs-ops-linalg.c: matrix products on OpenBLAS, and matmul/linear composed as PyTorch 1.13 does
 *
 * Operands reach BLAS without a copy when each matrix is row-major or a
 * transposed row-major one (a .t() view): the transpose goes to gemm as a flag.
 * Backward formulas use the tracked ops (bs_mm of a bs_t view), so that they
 * take the same no-copy path and create_graph works.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <cblas.h>
#include <string.h>

/* mm and addmm keep in args.dim which operands were column-major, as PyTorch
 * keeps their strides, to give their gradients the same layout. */
#define MAT1_COLUMN_MAJOR 1
#define MAT2_COLUMN_MAJOR 2

/* Sets a RuntimeError; returns NULL, for forwards to return. */
static gpointer
set_runtime_error (GError     **error,
                   const char  *format,
                   ...) G_GNUC_PRINTF (2, 3);

static gpointer
set_runtime_error (GError     **error,
                   const char  *format,
                   ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, message);
  return NULL;
}

static gboolean
check_scalar_types (BsTensor  *a,
                    BsTensor  *b,
                    GError   **error)
{
  if (a->dtype == b->dtype)
    return TRUE;
  set_runtime_error (error, "expected scalar type %s but found %s",
                     bs_dtype_scalar_name (a->dtype), bs_dtype_scalar_name (b->dtype));
  return FALSE;
}

static gboolean
check_not_bool (BsTensor    *a,
                const char  *kernel,
                GError     **error)
{
  if (a->dtype != BS_DTYPE_BOOL)
    return TRUE;
  set_runtime_error (error, "\"%s\" not implemented for 'Bool'", kernel);
  return FALSE;
}

/* OpenBLAS takes int sizes and strides. */
static gboolean
check_blas_size (BsTensor  *t,
                 GError   **error)
{
  for (int d = 0; d < t->ndim; d++)
    if (t->shape[d] > G_MAXINT || t->strides[d] > G_MAXINT)
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                             "matrices with more than 2^31 rows, columns or elements "
                             "are not supported");
        return FALSE;
      }
  return TRUE;
}

/* --- BLAS kernels ---------------------------------------------------------- */

/* A rows x cols matrix as row-major BLAS sees it: itself or the transpose of
 * a row-major cols x rows matrix, with its leading dimension. */
typedef struct {
  CBLAS_TRANSPOSE trans;
  blasint         ld;
} BlasLayout;

static gboolean
blas_layout (gint64      rows,
             gint64      cols,
             gint64      row_stride,
             gint64      col_stride,
             BlasLayout *layout)
{
  /* A size-1 dimension's stride never matters. */
  if ((cols == 1 || col_stride == 1) && (rows == 1 || row_stride >= MAX (cols, 1)))
    {
      layout->trans = CblasNoTrans;
      layout->ld = (blasint) (rows == 1 ? MAX (cols, 1) : row_stride);
      return TRUE;
    }
  if ((rows == 1 || row_stride == 1) && (cols == 1 || col_stride >= MAX (rows, 1)))
    {
      layout->trans = CblasTrans;
      layout->ld = (blasint) (cols == 1 ? MAX (rows, 1) : col_stride);
      return TRUE;
    }
  return FALSE;
}

/* t itself when its matrices (the last two dims) suit BLAS, else a contiguous copy. */
static BsTensor *
blas_matrices (BsTensor    *t,
               BlasLayout  *layout,
               GError     **error)
{
  int r = t->ndim - 2, c = t->ndim - 1;
  BsTensor *copy;

  if (blas_layout (t->shape[r], t->shape[c], t->strides[r], t->strides[c], layout))
    return bs_tensor_ref (t);
  copy = bs_tensor_contiguous_copy (t, t->dtype, error);
  if (copy != NULL)
    blas_layout (copy->shape[r], copy->shape[c], copy->strides[r], copy->strides[c], layout);
  return copy;
}

/* t itself when it is a vector BLAS can step through, else a contiguous copy. */
static BsTensor *
blas_vector (BsTensor  *t,
             blasint   *inc,
             GError   **error)
{
  BsTensor *copy;

  if (t->shape[0] <= 1 || t->strides[0] >= 1)
    {
      *inc = (blasint) (t->shape[0] <= 1 ? 1 : t->strides[0]);
      return bs_tensor_ref (t);
    }
  copy = bs_tensor_contiguous_copy (t, t->dtype, error);
  *inc = 1;
  return copy;
}

/* BLAS overwrites the whole result of a float product with an inner
 * dimension, so only the other results need zeroing. */
static BsTensor *
new_product (BsTensor      *a,
             int            ndim,
             const gint64  *shape,
             gint64         inner,
             GError       **error)
{
  if (inner > 0 && bs_dtype_is_floating (a->dtype))
    return bs_tensor_new_uninit (a->context, a->dtype, ndim, shape, error);
  return bs_tensor_new (a->context, a->dtype, ndim, shape, error);
}

/* Multiply-adds in one piece of a large product: a piece takes a few milliseconds, and a
 * cancelled run (--timeout, Stop) stops between pieces. */
#define GEMM_PIECE_WORK (G_GINT64_CONSTANT (1) << 24)

static gboolean
gemm (BsContext        *context,
      BsDType           dtype,
      gint64            m,
      gint64            n,
      gint64            k,
      const void       *a,
      const BlasLayout *la,
      const void       *b,
      const BlasLayout *lb,
      gboolean          accumulate,
      void             *c,
      GError          **error)
{
  gsize elsize = bs_dtype_size (dtype);
  gint64 rows = MAX (1, GEMM_PIECE_WORK / MAX (1, n * k));

  /* c starts zeroed (or holds addmm's bias), which is already the result when k == 0. */
  if (m == 0 || n == 0 || k == 0)
    return TRUE;
  for (gint64 i = 0; i < m; i += rows)
    {
      gint64 piece = MIN (rows, m - i);
      /* row i of op(a): a row of a, or a column of a transposed one */
      const char *pa = (const char *) a + i * (la->trans == CblasNoTrans ? la->ld : 1) * elsize;
      char *pc = (char *) c + i * n * elsize;

      if (!bs_context_check_cancelled (context, error))
        return FALSE;
      if (dtype == BS_DTYPE_FLOAT32)
        cblas_sgemm (CblasRowMajor, la->trans, lb->trans, (blasint) piece, (blasint) n,
                     (blasint) k, 1.0f, (const float *) pa, la->ld, b, lb->ld,
                     accumulate ? 1.0f : 0.0f, (float *) pc, (blasint) n);
      else
        cblas_dgemm (CblasRowMajor, la->trans, lb->trans, (blasint) piece, (blasint) n,
                     (blasint) k, 1.0, (const double *) pa, la->ld, b, lb->ld,
                     accumulate ? 1.0 : 0.0, (double *) pc, (blasint) n);
    }
  return TRUE;
}

/* c (m x n, contiguous) (+)= a (m x k) @ b (k x n), strides in elements.
 * Unsigned arithmetic so that overflow wraps, as PyTorch's integer kernels do (the sum is
 * done in 64 bits: the same result modulo the dtype's width). Strides in elements. A
 * cancelled run stops between rows, every GEMM_PIECE_WORK multiply-adds or so. */
static gboolean
gemm_int (BsContext    *context,
          BsDType       dtype,
          gint64        m,
          gint64        n,
          gint64        k,
          const char   *a,
          gint64        a_rs,
          gint64        a_cs,
          const char   *b,
          gint64        b_rs,
          gint64        b_cs,
          gboolean      accumulate,
          char         *c,
          GError      **error)
{
  gint64 size = bs_dtype_size (dtype), work = 0;

  for (gint64 i = 0; i < m; i++)
    {
      work += n * k;
      if (work >= GEMM_PIECE_WORK)
        {
          work = 0;
          if (!bs_context_check_cancelled (context, error))
            return FALSE;
        }
      for (gint64 j = 0; j < n; j++)
        {
          char *pc = c + (i * n + j) * size;
          guint64 sum = accumulate ? (guint64) bs_dtype_load_int (pc, dtype) : 0;

          for (gint64 p = 0; p < k; p++)
            sum += (guint64) bs_dtype_load_int (a + (i * a_rs + p * a_cs) * size, dtype)
                   * (guint64) bs_dtype_load_int (b + (p * b_rs + j * b_cs) * size, dtype);
          bs_dtype_store_int (pc, dtype, (gint64) sum);
        }
    }
  return TRUE;
}

/* out (batch x m x n, contiguous) (+)= a @ b for 2-D operands, or for each
 * matrix of 3-D operands of equal batch size. */
static gboolean
matrix_product (BsTensor  *out,
                BsTensor  *a,
                BsTensor  *b,
                gboolean   accumulate,
                GError   **error)
{
  gboolean batched = a->ndim == 3;
  gint64 batch = batched ? a->shape[0] : 1;
  gint64 m = a->shape[a->ndim - 2], k = a->shape[a->ndim - 1], n = b->shape[b->ndim - 1];
  gsize elsize = bs_dtype_size (a->dtype);
  char *c = bs_tensor_data (out);
  g_autoptr(BsTensor) ba = NULL;
  g_autoptr(BsTensor) bb = NULL;
  BlasLayout la, lb;

  if (bs_dtype_is_integral (a->dtype))
    {
      for (gint64 i = 0; i < batch; i++)
        {
          const char *pa = bs_tensor_data (a);
          const char *pb = bs_tensor_data (b);

          if (batched)
            {
              pa += i * a->strides[0] * (gint64) elsize;
              pb += i * b->strides[0] * (gint64) elsize;
            }

          if (!gemm_int (a->context, a->dtype, m, n, k, pa, a->strides[a->ndim - 2],
                         a->strides[a->ndim - 1], pb, b->strides[b->ndim - 2],
                         b->strides[b->ndim - 1], accumulate, c + i * m * n * (gint64) elsize,
                         error))
            return FALSE;
        }
      return TRUE;
    }

  if (!check_blas_size (a, error) || !check_blas_size (b, error))
    return FALSE;
  if ((ba = blas_matrices (a, &la, error)) == NULL || (bb = blas_matrices (b, &lb, error)) == NULL)
    return FALSE;
  for (gint64 i = 0; i < batch; i++)
    {
      const char *pa = (const char *) bs_tensor_data (ba)
                       + (batched ? i * ba->strides[0] * (gint64) elsize : 0);
      const char *pb = (const char *) bs_tensor_data (bb)
                       + (batched ? i * bb->strides[0] * (gint64) elsize : 0);

      if (!gemm (a->context, a->dtype, m, n, k, pa, &la, pb, &lb, accumulate,
                 c + i * m * n * (gint64) elsize, error))
        return FALSE;
    }
  return TRUE;
}

/* --- mm -------------------------------------------------------------------- */

static gboolean
is_column_major (const BsTensor *t)
{
  return t->strides[0] == 1 && t->strides[1] == t->shape[0];
}

static gboolean
check_mm_shapes (BsTensor  *a,
                 BsTensor  *b,
                 GError   **error)
{
  if (a->shape[1] == b->shape[0])
    return TRUE;
  set_runtime_error (error, "mat1 and mat2 shapes cannot be multiplied (%" G_GINT64_FORMAT
                     "x%" G_GINT64_FORMAT " and %" G_GINT64_FORMAT "x%" G_GINT64_FORMAT ")",
                     a->shape[0], a->shape[1], b->shape[0], b->shape[1]);
  return FALSE;
}

/* bfloat16 products: computed in float32 and rounded once, as PyTorch's CPU kernels
 * accumulate them in float. NULL with no error when the inputs are not all bfloat16 (or
 * float16, which the kernel check refuses before). */
static BsTensor *
in_float32 (BsForwardFunc     forward,
            BsTensor *const  *in,
            guint             n,
            const BsOpArgs   *args,
            GError          **error)
{
  BsTensor *f[3] = { NULL, NULL, NULL };
  BsTensor *out = NULL, *res;

  g_return_val_if_fail (n <= G_N_ELEMENTS (f), NULL);
  for (guint i = 0; i < n; i++)
    if (in[i]->dtype != in[0]->dtype)
      return NULL;
  for (guint i = 0; i < n; i++)
    if ((f[i] = bs_cast_raw (in[i], BS_DTYPE_FLOAT32, error)) == NULL)
      goto done;
  out = forward (f, n, args, NULL, error);
done:
  for (guint i = 0; i < n; i++)
    g_clear_pointer (&f[i], bs_tensor_unref);
  if (out == NULL)
    return NULL;
  res = bs_cast_raw (out, in[0]->dtype, error);
  bs_tensor_unref (out);
  return res;
}

#define REDUCED_IN_FLOAT32(forward) \
  G_STMT_START { \
    if (bs_dtype_is_reduced_float (in[0]->dtype)) \
      { \
        GError *local_error_ = NULL; \
        BsTensor *r_ = in_float32 (forward, in, n, args, &local_error_); \
        if (local_error_ != NULL) \
          g_propagate_error (error, local_error_); \
        if (r_ != NULL || local_error_ != NULL) \
          return r_; \
      } \
  } G_STMT_END

static BsTensor *
mm_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  BsTensor *a = in[0], *b = in[1];
  gint64 shape[2];
  g_autoptr(BsTensor) out = NULL;

  REDUCED_IN_FLOAT32 (mm_forward);
  if (a->ndim != 2)
    return set_runtime_error (error, "self must be a matrix");
  if (b->ndim != 2)
    return set_runtime_error (error, "mat2 must be a matrix");
  if (!check_mm_shapes (a, b, error) || !check_scalar_types (a, b, error)
      || !check_not_bool (a, "addmm_impl_cpu_", error))
    return NULL;
  shape[0] = a->shape[0];
  shape[1] = b->shape[1];
  out = new_product (a, 2, shape, a->shape[1], error);
  if (out == NULL || !matrix_product (out, a, b, FALSE, error))
    return NULL;
  return g_steal_pointer (&out);
}

static void
mm_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  node->args.dim = (is_column_major (in[0]) ? MAT1_COLUMN_MAJOR : 0)
                   | (is_column_major (in[1]) ? MAT2_COLUMN_MAJOR : 0);
  if (NEEDS (1))
    SAVE (0, in[0]);
  if (NEEDS (0))
    SAVE (1, in[1]);
}

/* ∂/∂mat1 of mat1 @ mat2: grad @ mat2ᵀ, computed transposed when mat1 was
 * column-major so that the gradient is column-major too. */
static BsTensor *
mat1_grad (BsTensor  *grad,
           BsTensor  *mat2,
           gboolean   column_major,
           GError   **error)
{
  g_autoptr(BsTensor) t = NULL;
  g_autoptr(BsTensor) product = NULL;

  if (!column_major)
    {
      t = bs_t (mat2, error);
      return t != NULL ? bs_mm (grad, t, error) : NULL;
    }
  t = bs_t (grad, error);
  if (t == NULL || (product = bs_mm (mat2, t, error)) == NULL)
    return NULL;
  return bs_t (product, error);
}

/* ∂/∂mat2 of mat1 @ mat2: mat1ᵀ @ grad, likewise. */
static BsTensor *
mat2_grad (BsTensor  *grad,
           BsTensor  *mat1,
           gboolean   column_major,
           GError   **error)
{
  g_autoptr(BsTensor) t = NULL;
  g_autoptr(BsTensor) product = NULL;

  if (!column_major)
    {
      t = bs_t (mat1, error);
      return t != NULL ? bs_mm (t, grad, error) : NULL;
    }
  t = bs_t (grad, error);
  if (t == NULL || (product = bs_mm (t, mat1, error)) == NULL)
    return NULL;
  return bs_t (product, error);
}

static gboolean
mm_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    {
      UNPACK (mat2, 1);
      gi[0] = mat1_grad (grad, mat2, node->args.dim & MAT1_COLUMN_MAJOR, error);
      if (gi[0] == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      UNPACK (mat1, 0);
      gi[1] = mat2_grad (grad, mat1, node->args.dim & MAT2_COLUMN_MAJOR, error);
      if (gi[1] == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_mm = {
  .name = "mm", .grad_fn_name = "MmBackward0", .symbol = "@", .n_inputs = 2,
  .forward = mm_forward, .save = mm_save, .backward = mm_backward,
  .formulas = { "∂(A@B)/∂A: grad @ Bᵀ", "∂(A@B)/∂B: Aᵀ @ grad" },
};

/* --- mv -------------------------------------------------------------------- */

static BsTensor *
mv_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  BsTensor *a = in[0], *v = in[1];
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) ba = NULL;
  g_autoptr(BsTensor) bv = NULL;
  gint64 m, k;
  BlasLayout la;
  blasint inc;

  REDUCED_IN_FLOAT32 (mv_forward);
  if (a->ndim != 2 || v->ndim != 1)
    return set_runtime_error (error, "vector + matrix @ vector expected, got 1, %d, %d",
                              a->ndim, v->ndim);
  m = a->shape[0];
  k = a->shape[1];
  if (k != v->shape[0])
    return set_runtime_error (error, "size mismatch, got %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                              "x%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                              m, m, k, v->shape[0]);
  if (!check_scalar_types (a, v, error) || !check_not_bool (a, "addmv_impl_cpu", error))
    return NULL;
  out = bs_tensor_new (a->context, a->dtype, 1, &m, error);
  if (out == NULL)
    return NULL;
  if (bs_dtype_is_integral (a->dtype))
    {
      if (!gemm_int (a->context, a->dtype, m, 1, k, bs_tensor_data (a), a->strides[0],
                     a->strides[1], bs_tensor_data (v), v->strides[0], 0, FALSE,
                     bs_tensor_data (out), error))
        return NULL;
      return g_steal_pointer (&out);
    }
  if (m == 0 || k == 0)
    return g_steal_pointer (&out);
  if (!check_blas_size (a, error) || !check_blas_size (v, error)
      || (ba = blas_matrices (a, &la, error)) == NULL
      || (bv = blas_vector (v, &inc, error)) == NULL)
    return NULL;
  {
    /* A transposed operand is its row-major k x m transpose, read with Trans. */
    blasint rows = (blasint) (la.trans == CblasNoTrans ? m : k);
    blasint cols = (blasint) (la.trans == CblasNoTrans ? k : m);

    if (a->dtype == BS_DTYPE_FLOAT32)
      cblas_sgemv (CblasRowMajor, la.trans, rows, cols, 1.0f, bs_tensor_data (ba), la.ld,
                   bs_tensor_data (bv), inc, 0.0f, bs_tensor_data (out), 1);
    else
      cblas_dgemv (CblasRowMajor, la.trans, rows, cols, 1.0, bs_tensor_data (ba), la.ld,
                   bs_tensor_data (bv), inc, 0.0, bs_tensor_data (out), 1);
  }
  return g_steal_pointer (&out);
}

static void
mv_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  if (NEEDS (1))
    SAVE (0, in[0]);
  if (NEEDS (0))
    SAVE (1, in[1]);
}

static gboolean
mv_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    {
      /* the outer product grad ⊗ vec, as a broadcast product */
      g_autoptr(BsTensor) column = NULL;
      UNPACK (vec, 1);

      column = bs_unsqueeze (grad, 1, error);
      if (column == NULL || (gi[0] = bs_mul (column, vec, error)) == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      g_autoptr(BsTensor) t = NULL;
      UNPACK (mat, 0);

      t = bs_t (mat, error);
      if (t == NULL || (gi[1] = bs_mv (t, grad, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_mv = {
  .name = "mv", .grad_fn_name = "MvBackward0", .symbol = "@", .n_inputs = 2,
  .forward = mv_forward, .save = mv_save, .backward = mv_backward,
  .formulas = { "∂(A@v)/∂A: grad ⊗ v", "∂(A@v)/∂v: Aᵀ @ grad" },
};

/* --- dot ------------------------------------------------------------------- */

static BsTensor *
dot_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  BsTensor *a = in[0], *b = in[1];
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) ba = NULL;
  g_autoptr(BsTensor) bb = NULL;
  blasint inc_a, inc_b;
  gint64 len;

  REDUCED_IN_FLOAT32 (dot_forward);
  if (a->ndim != 1 || b->ndim != 1)
    return set_runtime_error (error, "1D tensors expected, but got %dD and %dD tensors",
                              a->ndim, b->ndim);
  if (a->dtype != b->dtype)
    return set_runtime_error (error, "dot : expected both vectors to have same dtype, but found "
                              "%s and %s", bs_dtype_scalar_name (a->dtype),
                              bs_dtype_scalar_name (b->dtype));
  len = a->shape[0];
  if (len != b->shape[0])
    return set_runtime_error (error, "inconsistent tensor size, expected tensor [%" G_GINT64_FORMAT
                              "] and src [%" G_GINT64_FORMAT "] to have the same number of "
                              "elements, but got %" G_GINT64_FORMAT " and %" G_GINT64_FORMAT
                              " elements respectively", len, b->shape[0], len, b->shape[0]);
  if (!check_not_bool (a, "dot", error))
    return NULL;
  out = bs_tensor_new (a->context, a->dtype, 0, NULL, error);
  if (out == NULL)
    return NULL;
  if (bs_dtype_is_integral (a->dtype))
    {
      if (!gemm_int (a->context, a->dtype, 1, 1, len, bs_tensor_data (a), 0, a->strides[0],
                     bs_tensor_data (b), b->strides[0], 0, FALSE, bs_tensor_data (out), error))
        return NULL;
      return g_steal_pointer (&out);
    }
  if (len == 0)
    return g_steal_pointer (&out);
  if (!check_blas_size (a, error) || !check_blas_size (b, error)
      || (ba = blas_vector (a, &inc_a, error)) == NULL
      || (bb = blas_vector (b, &inc_b, error)) == NULL)
    return NULL;
  if (a->dtype == BS_DTYPE_FLOAT32)
    *(float *) bs_tensor_data (out) = cblas_sdot ((blasint) len, bs_tensor_data (ba), inc_a,
                                                  bs_tensor_data (bb), inc_b);
  else
    *(double *) bs_tensor_data (out) = cblas_ddot ((blasint) len, bs_tensor_data (ba), inc_a,
                                                   bs_tensor_data (bb), inc_b);
  return g_steal_pointer (&out);
}

static gboolean
dot_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    {
      UNPACK (other, 1);
      if ((gi[0] = bs_mul (grad, other, error)) == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      UNPACK (self, 0);
      if ((gi[1] = bs_mul (grad, self, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_dot = {
  .name = "dot", .grad_fn_name = "DotBackward0", .symbol = "·", .n_inputs = 2,
  .forward = dot_forward, .save = mv_save, .backward = dot_backward,
  .formulas = { "∂(a·b)/∂a = b", "∂(a·b)/∂b = a" },
};

/* --- bmm ------------------------------------------------------------------- */

static BsTensor *
bmm_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  BsTensor *a = in[0], *b = in[1];
  gint64 shape[3];
  g_autoptr(BsTensor) out = NULL;

  REDUCED_IN_FLOAT32 (bmm_forward);
  if (a->ndim != 3)
    return set_runtime_error (error, "batch1 must be a 3D tensor");
  if (b->ndim != 3)
    return set_runtime_error (error, "batch2 must be a 3D tensor");
  if (b->shape[0] != a->shape[0] || b->shape[1] != a->shape[2])
    return set_runtime_error (error, "Expected size for first two dimensions of batch2 tensor to "
                              "be: [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "] but got: [%"
                              G_GINT64_FORMAT ", %" G_GINT64_FORMAT "].", a->shape[0],
                              a->shape[2], b->shape[0], b->shape[1]);
  if (!check_scalar_types (a, b, error) || !check_not_bool (a, "bmm", error))
    return NULL;
  shape[0] = a->shape[0];
  shape[1] = a->shape[1];
  shape[2] = b->shape[2];
  out = new_product (a, 3, shape, a->shape[2], error);
  if (out == NULL || !matrix_product (out, a, b, FALSE, error))
    return NULL;
  return g_steal_pointer (&out);
}

static gboolean
bmm_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  if (NEEDS (0))
    {
      g_autoptr(BsTensor) t = NULL;
      UNPACK (mat2, 1);

      t = bs_transpose (mat2, 1, 2, error);
      if (t == NULL || (gi[0] = bs_bmm (grad, t, error)) == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      g_autoptr(BsTensor) t = NULL;
      UNPACK (self, 0);

      t = bs_transpose (self, 1, 2, error);
      if (t == NULL || (gi[1] = bs_bmm (t, grad, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_bmm = {
  .name = "bmm", .grad_fn_name = "BmmBackward0", .symbol = "@", .n_inputs = 2,
  .forward = bmm_forward, .save = mv_save, .backward = bmm_backward,
  .formulas = { "∂(A@B)/∂A: grad @ Bᵀ per batch", "∂(A@B)/∂B: Aᵀ @ grad per batch" },
};

/* --- addmm: bias + mat1 @ mat2 --------------------------------------------- */

static gboolean
check_bias_expands (BsTensor      *bias,
                    const gint64  *shape,
                    GError       **error)
{
  g_autofree char *target = NULL;
  g_autofree char *sizes = NULL;

  if (bias->ndim > 2)
    {
      sizes = bs_tensor_format_shape (bias);
      set_runtime_error (error, "expand(%s{%s}, size=[%" G_GINT64_FORMAT ", %"
                         G_GINT64_FORMAT "]): the number of sizes provided (2) must be "
                         "greater or equal to the number of dimensions in the tensor (%d)",
                         bs_dtype_tensor_type (bias->dtype), sizes, shape[0], shape[1],
                         bias->ndim);
      return FALSE;
    }
  for (int i = 0; i < bias->ndim; i++)
    {
      int d = 2 - bias->ndim + i;
      gint64 size = bias->shape[i];

      if (size == 1 || size == shape[d])
        continue;
      sizes = bs_tensor_format_shape (bias);
      target = g_strdup_printf ("[%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                                shape[0], shape[1]);
      set_runtime_error (error, "The expanded size of the tensor (%" G_GINT64_FORMAT ") "
                         "must match the existing size (%" G_GINT64_FORMAT ") at "
                         "non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: "
                         "%s", shape[d], size, d, target, sizes);
      return FALSE;
    }
  return TRUE;
}

static BsTensor *
addmm_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  BsTensor *bias = in[0], *a = in[1], *b = in[2];
  gint64 shape[2];
  g_autoptr(BsTensor) out = NULL;

  REDUCED_IN_FLOAT32 (addmm_forward);
  if (bias->dtype != b->dtype)
    return set_runtime_error (error, "self and mat2 must have the same dtype");
  if (a->dtype != b->dtype)
    return set_runtime_error (error, "mat1 and mat2 must have the same dtype");
  if (a->ndim != 2)
    return set_runtime_error (error, "mat1 must be a matrix, got %d-D tensor", a->ndim);
  if (b->ndim != 2)
    return set_runtime_error (error, "mat2 must be a matrix, got %d-D tensor", b->ndim);
  if (!check_mm_shapes (a, b, error))
    return NULL;
  shape[0] = a->shape[0];
  shape[1] = b->shape[1];
  if (!check_bias_expands (bias, shape, error) || !check_not_bool (a, "addmm_impl_cpu_", error))
    return NULL;
  out = bs_tensor_new (a->context, a->dtype, 2, shape, error);
  if (out == NULL || !bs_tensor_copy_from (out, bias, error)
      || !matrix_product (out, a, b, TRUE, error))
    return NULL;
  return g_steal_pointer (&out);
}

static void
addmm_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  node->args.dim = (is_column_major (in[1]) ? MAT1_COLUMN_MAJOR : 0)
                   | (is_column_major (in[2]) ? MAT2_COLUMN_MAJOR : 0);
  if (NEEDS (2))
    SAVE (1, in[1]);
  if (NEEDS (1))
    SAVE (2, in[2]);
}

static gboolean
addmm_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;

  /* beta is 1; the engine sums the gradient down to the bias's shape */
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (grad);
  if (NEEDS (1))
    {
      UNPACK (mat2, 2);
      gi[1] = mat1_grad (grad, mat2, node->args.dim & MAT1_COLUMN_MAJOR, error);
      if (gi[1] == NULL)
        return FALSE;
    }
  if (NEEDS (2))
    {
      UNPACK (mat1, 1);
      gi[2] = mat2_grad (grad, mat1, node->args.dim & MAT2_COLUMN_MAJOR, error);
      if (gi[2] == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_addmm = {
  .name = "addmm", .grad_fn_name = "AddmmBackward0", .symbol = "+@", .n_inputs = 3,
  .forward = addmm_forward, .save = addmm_save, .backward = addmm_backward,
  .formulas = { "∂(b + A@B)/∂b = 1 (summed over broadcast rows)",
                "∂(b + A@B)/∂A: grad @ Bᵀ", "∂(b + A@B)/∂B: Aᵀ @ grad" },
};

/* --- the public functions -------------------------------------------------- */

static BsTensor *
apply2 (BsOp op, BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *in[2] = { a, b };

  return bs_op_apply (op, in, 2, NULL, error);
}

BsTensor *
bs_mm (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_MM, a, b, error);
}

BsTensor *
bs_mv (BsTensor *a, BsTensor *v, GError **error)
{
  return apply2 (BS_OP_MV, a, v, error);
}

BsTensor *
bs_dot (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_DOT, a, b, error);
}

BsTensor *
bs_bmm (BsTensor *a, BsTensor *b, GError **error)
{
  return apply2 (BS_OP_BMM, a, b, error);
}

BsTensor *
bs_addmm (BsTensor *bias, BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *in[3] = { bias, a, b };

  return bs_op_apply (BS_OP_ADDMM, in, 3, NULL, error);
}

/* In PyTorch, the results of _unsafe_view and of an in-place squeeze_ are not
 * views: in-place ops on them are allowed. */
static BsTensor *
not_a_view (BsTensor *t)
{
  if (t != NULL)
    g_clear_pointer (&t->view_base, bs_tensor_unref);
  return t;
}

static BsTensor *
unsafe_view (BsTensor      *a,
             const gint64  *shape,
             int            ndim,
             GError       **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.n_dims = ndim;
  memcpy (args.dims, shape, ndim * sizeof (gint64));
  return not_a_view (bs_op_apply (BS_OP_UNSAFE_VIEW, &a, 1, &args, error));
}

static gint64
product_of (const gint64 *shape,
            int           ndim)
{
  gint64 n = 1;

  for (int d = 0; d < ndim; d++)
    n *= shape[d];
  return n;
}

/* Whether matmul folds t's batch dims into its rows and calls mm or mv
 * instead of bmm: it does unless t is a batch of transposed matrices, which
 * bmm reads without a copy. */
static gboolean
should_fold (BsTensor *t,
             int       other_ndim)
{
  if (t->ndim < 3 || (other_ndim != 1 && other_ndim != 2))
    return FALSE;
  return !(t->ndim == 3 && other_ndim == 2 && t->strides[2] != 1
           && t->strides[0] == t->shape[1] * t->shape[2]);
}

/* (..., n, m) @ (m[, p]) as one mm or mv; or, for (n, m) @ (..., m, p), the
 * same on the transposes, transposed back. */
static BsTensor *
matmul_folded (BsTensor  *a,
               BsTensor  *b,
               GError   **error)
{
  gboolean transpose = b->ndim > a->ndim;
  g_autoptr(BsTensor) t1 = NULL;
  g_autoptr(BsTensor) t2 = NULL;
  g_autoptr(BsTensor) folded = NULL;
  g_autoptr(BsTensor) product = NULL;
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) out_t = NULL;
  gint64 out_shape[BS_MAX_DIMS];
  gint64 fold_shape[2];
  int out_ndim;

  t1 = transpose ? bs_transpose (b, -2, -1, error) : bs_tensor_ref (a);
  if (t1 == NULL)
    return NULL;
  t2 = !transpose ? bs_tensor_ref (b) : a->ndim == 2 ? bs_t (a, error) : bs_tensor_ref (a);
  if (t2 == NULL)
    return NULL;

  out_ndim = t1->ndim - 1;
  memcpy (out_shape, t1->shape, out_ndim * sizeof (gint64));
  fold_shape[0] = product_of (out_shape, out_ndim);
  fold_shape[1] = t1->shape[t1->ndim - 1];
  if (t2->ndim == 2)
    out_shape[out_ndim++] = t2->shape[1];

  folded = bs_reshape (t1, fold_shape, 2, error);
  if (folded == NULL)
    return NULL;
  product = t2->ndim == 2 ? bs_mm (folded, t2, error) : bs_mv (folded, t2, error);
  if (product == NULL || (out = unsafe_view (product, out_shape, out_ndim, error)) == NULL)
    return NULL;
  if (!transpose || t2->ndim == 1)
    return g_steal_pointer (&out);
  out_t = bs_transpose (out, -2, -1, error);
  return out_t != NULL ? bs_contiguous (out_t, error) : NULL;
}

/* Broadcasts the batch dims, flattens them into one and calls bmm. */
static BsTensor *
matmul_batched (BsTensor  *a,
                BsTensor  *b,
                GError   **error)
{
  int da = a->ndim, db = b->ndim;
  gint64 n = da > 1 ? a->shape[da - 2] : 1;
  gint64 m1 = a->shape[da - 1];
  gint64 m2 = db > 1 ? b->shape[db - 2] : b->shape[0];
  gint64 p = db > 1 ? b->shape[db - 1] : 1;
  gboolean vector_rhs = db == 1;
  gint64 shape[BS_MAX_DIMS + 2];
  gint64 flat[3];
  int batch_ndim, ndim;
  gint64 batch;
  g_autoptr(BsTensor) a_expanded = NULL;
  g_autoptr(BsTensor) a_flat = NULL;
  g_autoptr(BsTensor) b_expanded = NULL;
  g_autoptr(BsTensor) b_flat = NULL;
  g_autoptr(BsTensor) b_column = NULL;
  g_autoptr(BsTensor) product = NULL;
  g_autoptr(BsTensor) squeezed = NULL;

  if (!bs_broadcast_shapes (MAX (da - 2, 0), a->shape, MAX (db - 2, 0), b->shape,
                            &batch_ndim, shape, error))
    return NULL;
  batch = product_of (shape, batch_ndim);

  shape[batch_ndim] = n;
  shape[batch_ndim + 1] = m1;
  flat[0] = batch;
  flat[1] = n;
  flat[2] = m1;
  if ((a_expanded = bs_expand (a, shape, batch_ndim + 2, error)) == NULL
      || (a_flat = bs_reshape (a_expanded, flat, 3, error)) == NULL)
    return NULL;

  shape[batch_ndim] = m2;
  shape[batch_ndim + 1] = p;
  flat[1] = m2;
  flat[2] = p;
  b_expanded = bs_expand (b, shape, batch_ndim + (vector_rhs ? 1 : 2), error);
  if (b_expanded == NULL)
    return NULL;
  if (vector_rhs)
    {
      if ((b_column = bs_reshape (b_expanded, flat, 2, error)) == NULL
          || (b_flat = bs_unsqueeze (b_column, 2, error)) == NULL)
        return NULL;
    }
  else if ((b_flat = bs_reshape (b_expanded, flat, 3, error)) == NULL)
    {
      return NULL;
    }

  ndim = batch_ndim;
  if (da > 1)
    shape[ndim++] = n;
  if (db > 1)
    shape[ndim++] = p;
  if ((product = bs_bmm (a_flat, b_flat, error)) == NULL)
    return NULL;
  if (!vector_rhs)
    return unsafe_view (product, shape, ndim, error);
  squeezed = bs_squeeze_dim (product, -1, error);
  return squeezed != NULL ? unsafe_view (squeezed, shape, ndim, error) : NULL;
}

BsTensor *
bs_matmul (BsTensor *a, BsTensor *b, GError **error)
{
  int da = a->ndim, db = b->ndim;

  if (da == 0 || db == 0)
    return set_runtime_error (error, "both arguments to matmul need to be at least 1D, but they "
                              "are %dD and %dD", da, db);
  if (da == 1 && db == 1)
    return bs_dot (a, b, error);
  if (da == 2 && db == 1)
    return bs_mv (a, b, error);
  if (da == 1 && db == 2)
    {
      /* PyTorch: a.unsqueeze(0).mm(b).squeeze_(0) */
      g_autoptr(BsTensor) row = bs_unsqueeze (a, 0, error);
      g_autoptr(BsTensor) product = NULL;

      if (row == NULL || (product = bs_mm (row, b, error)) == NULL)
        return NULL;
      return not_a_view (bs_squeeze_dim (product, 0, error));
    }
  if (da == 2 && db == 2)
    return bs_mm (a, b, error);
  if (should_fold (a, db) || should_fold (b, da))
    return matmul_folded (a, b, error);
  return matmul_batched (a, b, error);
}

BsTensor *
bs_linear (BsTensor *input, BsTensor *weight, BsTensor *bias, GError **error)
{
  g_autoptr(BsTensor) weight_t = NULL;
  g_autoptr(BsTensor) out = NULL;

  if (input->ndim == 2 && bias != NULL)
    {
      weight_t = bs_t (weight, error);
      return weight_t != NULL ? bs_addmm (bias, input, weight_t, error) : NULL;
    }
  if (bias != NULL && input->ndim == 3 && bs_tensor_is_contiguous (input))
    {
      /* PyTorch's _flatten_3d_linear */
      gint64 flat[2] = { input->shape[0] * input->shape[1], input->shape[2] };
      gint64 shape[3] = { input->shape[0], input->shape[1], 0 };
      g_autoptr(BsTensor) input_flat = bs_view (input, flat, 2, error);

      if (input_flat == NULL || (weight_t = bs_t (weight, error)) == NULL
          || (out = bs_addmm (bias, input_flat, weight_t, error)) == NULL)
        return NULL;
      shape[2] = out->shape[1];
      return bs_view (out, shape, 3, error);
    }
  if ((weight_t = bs_t (weight, error)) == NULL
      || (out = bs_matmul (input, weight_t, error)) == NULL)
    return NULL;
  if (bias == NULL)
    return g_steal_pointer (&out);
  /* output.add_(bias): matmul's result is never a view, so this is allowed */
  return bs_add_ (out, bias, 1.0, error);
}
