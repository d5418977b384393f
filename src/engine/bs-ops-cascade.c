/* bs-ops-cascade.c: float32 and float64 sums in PyTorch 1.13's order (CPU, one thread)
 *
 * PyTorch sums floating tensors in their own type, by a cascade: a row is cut into blocks
 * whose partial sums are summed in blocks again (SumKernel.cpp's multi_row_sum), four
 * interleaved partial sums at a time (row_sum), over AVX2 vectors (8 float32 or 4 float64
 * lanes, each lane a sum of its own) where the data is contiguous. Which of those it uses
 * follows from TensorIterator's view of the reduction: the dims ordered (reduced ones
 * first, then by strides) and merged where the memory allows, handed to the kernel two at a
 * time. This file reproduces that view and the kernel's order of additions, so float32
 * sums and means agree with PyTorch's bit for bit.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <string.h>

#define N_LEVELS 4
#define ILP 4
#define MAX_LANES 8

/* The reduction as TensorIterator sees it: dims fastest first, byte strides of the output
 * (0 where reduced) and of the input. */
typedef struct {
  int    ndim;
  gint64 shape[BS_MAX_DIMS];
  gint64 out[BS_MAX_DIMS];
  gint64 in[BS_MAX_DIMS];
} Geometry;

/* TensorIterator's reorder_dimensions comparison: > 0 when dim1 should come before dim0 */
static int
should_swap (const Geometry *g,
             int             dim0,
             int             dim1)
{
  const gint64 *strides[2] = { g->out, g->in };

  for (int op = 0; op < 2; op++)
    {
      gint64 s0 = strides[op][dim0], s1 = strides[op][dim1];

      /* the reduced dims go first */
      if (op == 0 && (s0 == 0) != (s1 == 0))
        return s1 == 0 ? 1 : -1;
      if (s0 == 0 || s1 == 0)
        continue;
      if (s0 != s1)
        return s0 < s1 ? -1 : 1;
      if (g->shape[dim0] > g->shape[dim1])
        return 1;
    }
  return 0;
}

/* Two neighbouring dims (in iteration order) merge when one has size 1 or the memory
 * of every operand runs on from one into the other */
static gboolean
can_coalesce (const Geometry *g,
              int             dim0,
              int             dim1)
{
  if (g->shape[dim0] == 1 || g->shape[dim1] == 1)
    return TRUE;
  return g->shape[dim0] * g->out[dim0] == g->out[dim1]
         && g->shape[dim0] * g->in[dim0] == g->in[dim1];
}

static void
geometry_init (Geometry       *g,
               const BsTensor *a,
               const gboolean *mask)
{
  Geometry orig = { .ndim = a->ndim };
  gint64 item = bs_dtype_size (a->dtype), running = item;
  int perm[BS_MAX_DIMS], n = a->ndim, prev = 0;

  /* the output: contiguous over the dims kept, stride 0 over the reduced ones */
  for (int d = n - 1; d >= 0; d--)
    {
      orig.shape[d] = a->shape[d];
      orig.in[d] = a->strides[d] * item;
      orig.out[d] = mask[d] ? 0 : running;
      if (!mask[d])
        running *= a->shape[d];
    }
  for (int i = 0; i < n; i++)
    perm[i] = n - 1 - i;
  /* insertion sort that stops at a dim it must not pass, as TensorIterator's */
  for (int i = 1; i < n; i++)
    for (int dim1 = i, dim0 = i - 1; dim0 >= 0; dim0--)
      {
        int c = should_swap (&orig, perm[dim0], perm[dim1]);

        if (c > 0)
          {
            int t = perm[dim0];

            perm[dim0] = perm[dim1];
            perm[dim1] = t;
            dim1 = dim0;
          }
        else if (c < 0)
          {
            break;
          }
      }
  g->ndim = n;
  for (int i = 0; i < n; i++)
    {
      g->shape[i] = orig.shape[perm[i]];
      g->out[i] = orig.out[perm[i]];
      g->in[i] = orig.in[perm[i]];
    }
  if (n <= 1)
    return;
  for (int d = 1; d < n; d++)
    {
      if (can_coalesce (g, prev, d))
        {
          if (g->shape[prev] == 1)
            {
              g->out[prev] = g->out[d];
              g->in[prev] = g->in[d];
            }
          g->shape[prev] *= g->shape[d];
        }
      else
        {
          prev++;
          g->out[prev] = g->out[d];
          g->in[prev] = g->in[d];
          g->shape[prev] = g->shape[d];
        }
    }
  g->ndim = prev + 1;
}

/* --- the kernel, for float and for double ------------------------------------------ */

#define CASCADE_KERNEL(T, SUFFIX, LANES)                                                       \
                                                                                               \
static inline gint64                                                                           \
level_power_##SUFFIX (gint64 size)                                                             \
{                                                                                              \
  /* max (4, ceil (log2 size) / 4), ceil (log2 size) counted as 1 below 3 */                   \
  gint64 ceil_log2 = size <= 2 ? 1 : 64 - __builtin_clzll ((guint64) size - 1);               \
                                                                                               \
  return MAX (4, ceil_log2 / N_LEVELS);                                                        \
}                                                                                              \
                                                                                               \
/* multi_row_sum: size rows of ncols columns, each column `lanes` values in a row;             \
 * column k's lane l of row i is at in + i * row_stride + k * col_stride + l; sums[k * lanes   \
 * + l] gets each column's lane's cascade */                                                   \
static G_ALWAYS_INLINE inline void                                                             \
multi_row_sum_##SUFFIX (const char *in,                                                        \
                        gint64      row_stride,                                                \
                        gint64      col_stride,                                                \
                        gint64      size,                                                      \
                        int         ncols,                                                     \
                        int         lanes,                                                     \
                        T          *sums)                                                      \
{                                                                                              \
  const gint64 power = level_power_##SUFFIX (size);                                            \
  const gint64 step = (gint64) 1 << power, mask = step - 1;                                    \
  T acc[N_LEVELS][ILP * MAX_LANES];                                                            \
  const int width = ncols * lanes;                                                             \
  gint64 i = 0;                                                                                \
                                                                                               \
  memset (acc, 0, sizeof acc);                                                                 \
  while (i + step <= size)                                                                     \
    {                                                                                          \
      for (gint64 j = 0; j < step; j++, i++)                                                   \
        {                                                                                      \
          const char *row = in + i * row_stride;                                               \
                                                                                               \
          for (int k = 0; k < ncols; k++)                                                      \
            for (int l = 0; l < lanes; l++)                                                    \
              acc[0][k * lanes + l] += ((const T *) (row + k * col_stride))[l];                \
        }                                                                                      \
      for (int j = 1; j < N_LEVELS; j++)                                                       \
        {                                                                                      \
          for (int k = 0; k < width; k++)                                                      \
            {                                                                                  \
              acc[j][k] += acc[j - 1][k];                                                      \
              acc[j - 1][k] = 0;                                                               \
            }                                                                                  \
          if ((i & (mask << (j * power))) != 0)                                                \
            break;                                                                             \
        }                                                                                      \
    }                                                                                          \
  for (; i < size; i++)                                                                        \
    {                                                                                          \
      const char *row = in + i * row_stride;                                                   \
                                                                                               \
      for (int k = 0; k < ncols; k++)                                                          \
        for (int l = 0; l < lanes; l++)                                                        \
          acc[0][k * lanes + l] += ((const T *) (row + k * col_stride))[l];                    \
    }                                                                                          \
  for (int j = 1; j < N_LEVELS; j++)                                                           \
    for (int k = 0; k < width; k++)                                                            \
      acc[0][k] += acc[j][k];                                                                  \
  memcpy (sums, acc[0], width * sizeof (T));                                                   \
}                                                                                              \
                                                                                               \
/* row_sum: size values (each `lanes` wide) stride apart, as four interleaved cascades */      \
static G_ALWAYS_INLINE inline void                                                             \
row_sum_##SUFFIX (const char *in,                                                              \
                  gint64      stride,                                                          \
                  gint64      size,                                                            \
                  int         lanes,                                                           \
                  T          *sum)                                                             \
{                                                                                              \
  T partial[ILP * MAX_LANES];                                                                  \
  gint64 size_ilp = size / ILP;                                                                \
                                                                                               \
  multi_row_sum_##SUFFIX (in, stride * ILP, stride, size_ilp, ILP, lanes, partial);            \
  for (gint64 i = size_ilp * ILP; i < size; i++)                                               \
    for (int l = 0; l < lanes; l++)                                                            \
      partial[l] += ((const T *) (in + i * stride))[l];                                        \
  for (int k = 1; k < ILP; k++)                                                                \
    for (int l = 0; l < lanes; l++)                                                            \
      partial[l] += partial[k * lanes + l];                                                    \
  memcpy (sum, partial, lanes * sizeof (T));                                                   \
}                                                                                              \
                                                                                               \
/* cascade_sum's loop over two dims: size0 × size1 values, strides[0] and strides[2] the       \
 * output's byte strides, strides[1] and strides[3] the input's */                              \
static void                                                                                    \
loop2d_##SUFFIX (char         *out_base,                                                       \
                 const char   *in_base,                                                        \
                 const gint64 *strides,                                                        \
                 gint64        size0,                                                          \
                 gint64        size1)                                                          \
{                                                                                              \
  gint64 in_s[2] = { strides[1], strides[3] }, out_s[2] = { strides[0], strides[2] };          \
  const gint64 item = sizeof (T);                                                              \
  gint64 out_stride;                                                                           \
  T sums[ILP * MAX_LANES];                                                                     \
                                                                                               \
  /* the reduced dim first */                                                                  \
  if (out_s[0] != 0 && out_s[1] == 0)                                                          \
    {                                                                                          \
      gint64 t;                                                                                \
                                                                                               \
      t = in_s[0], in_s[0] = in_s[1], in_s[1] = t;                                             \
      t = out_s[0], out_s[0] = out_s[1], out_s[1] = t;                                         \
      t = size0, size0 = size1, size1 = t;                                                     \
    }                                                                                          \
  if (out_s[0] != 0 && out_s[1] != 0)                                                          \
    {                                                                                          \
      /* nothing reduced in these two dims: added one by one */                                \
      for (gint64 j = 0; j < size1; j++)                                                       \
        for (gint64 i = 0; i < size0; i++)                                                     \
          *(T *) (out_base + j * strides[2] + i * strides[0])                                  \
            += *(const T *) (in_base + j * strides[3] + i * strides[1]);                       \
      return;                                                                                  \
    }                                                                                          \
  out_stride = out_s[1];                                                                       \
  if (in_s[0] == item && size0 >= LANES)                                                       \
    {                                                                                          \
      /* contiguous rows: vectors of LANES, then the tail, then the lanes */                   \
      gint64 n_vec = size0 / LANES;                                                            \
                                                                                               \
      for (gint64 j = 0; j < size1; j++)                                                       \
        {                                                                                      \
          const char *row = in_base + j * in_s[1];                                             \
          T total = 0;                                                                         \
                                                                                               \
          row_sum_##SUFFIX (row, LANES * item, n_vec, LANES, sums);                            \
          for (gint64 k = n_vec * LANES; k < size0; k++)                                       \
            total += ((const T *) row)[k];                                                     \
          for (int l = 0; l < LANES; l++)                                                      \
            total += sums[l];                                                                  \
          *(T *) (out_base + j * out_stride) += total;                                         \
        }                                                                                      \
    }                                                                                          \
  else if (in_s[1] == item && size1 >= LANES)                                                  \
    {                                                                                          \
      /* contiguous columns: four vectors of columns at a time, then one vector, then one */   \
      gint64 j = 0;                                                                            \
                                                                                               \
      for (; j + ILP * LANES <= size1; j += ILP * LANES)                                       \
        {                                                                                      \
          multi_row_sum_##SUFFIX (in_base + j * item, in_s[0], LANES * item, size0, ILP,       \
                                  LANES, sums);                                                \
          for (int k = 0; k < ILP * LANES; k++)                                                \
            *(T *) (out_base + (j + k) * out_stride) += sums[k];                               \
        }                                                                                      \
      for (; j + LANES <= size1; j += LANES)                                                   \
        {                                                                                      \
          row_sum_##SUFFIX (in_base + j * item, in_s[0], size0, LANES, sums);                  \
          for (int k = 0; k < LANES; k++)                                                      \
            *(T *) (out_base + (j + k) * out_stride) += sums[k];                               \
        }                                                                                      \
      for (; j < size1; j++)                                                                   \
        {                                                                                      \
          row_sum_##SUFFIX (in_base + j * item, in_s[0], size0, 1, sums);                      \
          *(T *) (out_base + j * out_stride) += sums[0];                                       \
        }                                                                                      \
    }                                                                                          \
  else if (in_s[0] < in_s[1])                                                                  \
    {                                                                                          \
      for (gint64 j = 0; j < size1; j++)                                                       \
        {                                                                                      \
          row_sum_##SUFFIX (in_base + j * in_s[1], in_s[0], size0, 1, sums);                   \
          *(T *) (out_base + j * out_stride) += sums[0];                                       \
        }                                                                                      \
    }                                                                                          \
  else                                                                                         \
    {                                                                                          \
      gint64 j = 0;                                                                            \
                                                                                               \
      for (; j + (ILP - 1) < size1; j += ILP)                                                  \
        {                                                                                      \
          multi_row_sum_##SUFFIX (in_base + j * in_s[1], in_s[0], in_s[1], size0, ILP, 1,      \
                                  sums);                                                       \
          for (int k = 0; k < ILP; k++)                                                        \
            *(T *) (out_base + (j + k) * out_stride) += sums[k];                               \
        }                                                                                      \
      for (; j < size1; j++)                                                                   \
        {                                                                                      \
          row_sum_##SUFFIX (in_base + j * in_s[1], in_s[0], size0, 1, sums);                   \
          *(T *) (out_base + j * out_stride) += sums[0];                                       \
        }                                                                                      \
    }                                                                                          \
}

CASCADE_KERNEL (float, f32, 8)
CASCADE_KERNEL (double, f64, 4)

typedef void (*Loop2d) (char *out, const char *in, const gint64 *strides, gint64 size0,
                        gint64 size1);

static gboolean
cascade_sum (const BsTensor *a,
             const gboolean *mask,
             char           *out_base,
             gint64          n_out)
{
  Geometry g;
  Loop2d loop;
  gint64 strides[4] = { 0 }, index[BS_MAX_DIMS] = { 0 };
  const char *in_base = bs_tensor_data ((BsTensor *) a);

  if (a->dtype == BS_DTYPE_FLOAT32)
    loop = loop2d_f32;
  else if (a->dtype == BS_DTYPE_FLOAT64)
    loop = loop2d_f64;
  else
    return FALSE;
  memset (out_base, 0, n_out * bs_dtype_size (a->dtype));
  if (bs_tensor_numel (a) == 0)
    return TRUE;
  geometry_init (&g, a, mask);
  if (g.ndim <= 1)
    {
      if (g.ndim == 1)
        strides[0] = g.out[0], strides[1] = g.in[0];
      loop (out_base, in_base, strides, g.ndim == 1 ? g.shape[0] : 1, 1);
      return TRUE;
    }
  strides[0] = g.out[0], strides[1] = g.in[0], strides[2] = g.out[1], strides[3] = g.in[1];
  /* the dims past the first two, the third fastest, as TensorIterator's counter */
  for (;;)
    {
      gint64 out_offset = 0, in_offset = 0;
      int d;

      for (d = 2; d < g.ndim; d++)
        {
          out_offset += index[d] * g.out[d];
          in_offset += index[d] * g.in[d];
        }
      loop (out_base + out_offset, in_base + in_offset, strides, g.shape[0], g.shape[1]);
      for (d = 2; d < g.ndim; d++)
        {
          if (++index[d] < g.shape[d])
            break;
          index[d] = 0;
        }
      if (d == g.ndim)
        return TRUE;
    }
}

gboolean
bs_cascade_sum (const BsTensor *a,
                const gboolean *mask,
                BsTensor       *out)
{
  g_return_val_if_fail (a->dtype == out->dtype && bs_tensor_is_contiguous (out), FALSE);
  return cascade_sum (a, mask, bs_tensor_data (out), bs_tensor_numel (out));
}

gboolean
bs_cascade_sum_all (const BsTensor *a,
                    gpointer        result)
{
  gboolean mask[BS_MAX_DIMS];

  for (int d = 0; d < a->ndim; d++)
    mask[d] = TRUE;
  return cascade_sum (a, mask, result, 1);
}
