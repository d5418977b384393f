/* bs-ops-order.c: order statistics — kthvalue, median (of all elements or along a dim)
 * and mode, each with PyTorch's grad_fn name; along a dim they also give the int64
 * indices of the picked elements
 *
 * Each line along the dim is sorted as (value, index) pairs, NaN last: kthvalue takes the
 * k-th, median the lower middle one (NaN when the line holds one: the first NaN), mode
 * the value of the longest run of equal values (the smallest of equally long runs) and
 * the last index where it occurs, as PyTorch's CPU kernels.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <stdlib.h>

typedef enum {
  PICK_KTH,
  PICK_MEDIAN,
  PICK_MODE,
} Pick;

typedef struct {
  double value;
  gint64 index;
  gint64 exact;   /* an integral tensor's element: past 2**53 the double rounds */
} Entry;

static int
entry_compare_int (const void *pa,
                   const void *pb)
{
  const Entry *a = pa, *b = pb;

  if (a->exact != b->exact)
    return a->exact < b->exact ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static int
entry_compare (const void *pa,
               const void *pb)
{
  const Entry *a = pa, *b = pb;

  if (isnan (a->value) || isnan (b->value))
    {
      if (isnan (a->value) != isnan (b->value))
        return isnan (a->value) ? 1 : -1;
    }
  else if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* The position in the sorted line of n entries that pick chooses. */
static gint64
pick_position (const Entry *sorted,
               gint64       n,
               Pick         pick,
               gint64       k)
{
  gint64 best = 0, best_run = 0;

  switch (pick)
    {
    case PICK_KTH:
      return k - 1;
    case PICK_MEDIAN:
      if (isnan (sorted[n - 1].value))
        {
          gint64 first = n - 1;

          /* the NaN that comes first in the line */
          for (gint64 i = n - 1; i >= 0 && isnan (sorted[i].value); i--)
            first = i;
          return first;
        }
      return (n - 1) / 2;
    case PICK_MODE:
    default:
      for (gint64 i = 0; i < n;)
        {
          gint64 j = i;

          while (j + 1 < n && sorted[j + 1].exact == sorted[i].exact
                 && (sorted[j + 1].value == sorted[i].value
                     || (isnan (sorted[j + 1].value) && isnan (sorted[i].value))))
            j++;
          if (j - i + 1 > best_run)
            {
              best_run = j - i + 1;
              best = j;
            }
          i = j + 1;
        }
      return best;
    }
}

static const char *
pick_name (Pick pick)
{
  return pick == PICK_KTH ? "kthvalue" : pick == PICK_MEDIAN ? "median" : "mode";
}

/* values and indices of a along dim (keepdim or not) */
static BsTensor *
pick_along (BsTensor        *a,
            const BsOpArgs  *args,
            Pick             pick,
            BsTensor       **indices_out,
            GError         **error)
{
  int dim = args->dim, ndim = a->ndim;
  gint64 outer = 1, inner = 1, size = 1, shape[BS_MAX_DIMS];
  int out_ndim = 0;
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) values = NULL;
  g_autoptr(BsTensor) indices = NULL;
  g_autofree Entry *line = NULL;
  gboolean exact = !bs_dtype_is_floating (a->dtype);
  g_autoptr(BsTensor) ints = NULL;
  const double *src;
  gint64 *idx;

  if (!bs_wrap_dim (&dim, MAX (ndim, 1), error))
    return NULL;
  if (a->dtype == BS_DTYPE_BOOL && pick != PICK_MODE)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for 'Bool'",
                   pick == PICK_KTH ? "kthvalue_cpu" : "median_out");
      return NULL;
    }
  for (int d = 0; d < ndim; d++)
    {
      if (d < dim)
        outer *= a->shape[d];
      else if (d == dim)
        size = a->shape[d];
      else
        inner *= a->shape[d];
      if (d != dim || args->keepdim)
        shape[out_ndim++] = d == dim ? 1 : a->shape[d];
    }
  if (size == 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "%s(): Expected reduction dim %d to have non-zero size.", pick_name (pick),
                   dim);
      return NULL;
    }
  if (pick == PICK_KTH && (args->index < 1 || args->index > size))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "kthvalue(): selected number k out of range for dimension %d", dim);
      return NULL;
    }
  c = bs_tensor_contiguous_copy (a, BS_DTYPE_FLOAT64, error);
  ints = c && exact ? bs_tensor_contiguous_copy (a, BS_DTYPE_INT64, error) : NULL;
  if (exact && ints == NULL)
    return NULL;
  values = c ? bs_tensor_new (a->context, exact ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT64, out_ndim,
                              shape, error) : NULL;
  indices = values ? bs_tensor_new (a->context, BS_DTYPE_INT64, out_ndim, shape, error) : NULL;
  if (indices == NULL)
    return NULL;
  src = bs_tensor_data (c);
  idx = bs_tensor_data (indices);
  line = g_new (Entry, size);
  for (gint64 o = 0; o < outer; o++)
    for (gint64 i = 0; i < inner; i++)
      {
        gint64 pos;

        for (gint64 j = 0; j < size; j++)
          {
            gint64 at = (o * size + j) * inner + i;

            line[j] = (Entry) { src[at], j,
                                exact ? ((const gint64 *) bs_tensor_data (ints))[at] : 0 };
          }
        qsort (line, size, sizeof *line, exact ? entry_compare_int : entry_compare);
        pos = pick_position (line, size, pick, args->index);
        idx[o * inner + i] = line[pos].index;
        if (exact)
          ((gint64 *) bs_tensor_data (values))[o * inner + i] = line[pos].exact;
        else
          ((double *) bs_tensor_data (values))[o * inner + i] = line[pos].value;
      }
  *indices_out = g_steal_pointer (&indices);
  return bs_cast_raw (values, a->dtype, error);
}

static BsTensor *
kthvalue_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  return pick_along (in[0], args, PICK_KTH, extra, error);
}

static BsTensor *
median_dim_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                    GError **error)
{
  return pick_along (in[0], args, PICK_MEDIAN, extra, error);
}

static BsTensor *
mode_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  return pick_along (in[0], args, PICK_MODE, extra, error);
}

/* median(): the lower middle of all elements, NaN when there is one or none */
static BsTensor *
median_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *a = in[0];
  gint64 numel = bs_tensor_numel (a);
  g_autoptr(BsTensor) flat = NULL;
  g_autoptr(BsTensor) indices = NULL;
  gint64 shape[1] = { numel };
  BsOpArgs along;

  if (a->dtype == BS_DTYPE_BOOL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "\"median_cpu\" not implemented for 'Bool'");
      return NULL;
    }
  if (numel == 0)
    return bs_tensor_new_full (a->context, a->dtype, 0, NULL, NAN, error);
  flat = bs_tensor_contiguous_copy (a, a->dtype, error);
  if (flat == NULL)
    return NULL;
  flat->ndim = 1;
  flat->shape[0] = numel;
  bs_shape_contiguous_strides (1, shape, flat->strides);
  bs_op_args_init (&along);
  return pick_along (flat, &along, PICK_MEDIAN, &indices, error);
}

const BsOpInfo bs_op_kthvalue = {
  .name = "kthvalue", .grad_fn_name = "KthvalueBackward0", .symbol = "kthvalue",
  .n_inputs = 1, .forward = kthvalue_forward, .save = bs_select_dim_save,
  .backward = bs_select_dim_backward,
  .formulas = { "∂kthvalue(a)/∂aᵢ = [i = index of the k-th smallest]" },
};

const BsOpInfo bs_op_median_dim = {
  .name = "median", .grad_fn_name = "MedianBackward1", .symbol = "median", .n_inputs = 1,
  .forward = median_dim_forward, .save = bs_select_dim_save,
  .backward = bs_select_dim_backward,
  .formulas = { "∂median(a)/∂aᵢ = [i = index of the median]" },
};

const BsOpInfo bs_op_mode = {
  .name = "mode", .grad_fn_name = "ModeBackward0", .symbol = "mode", .n_inputs = 1,
  .forward = mode_forward, .save = bs_select_dim_save, .backward = bs_select_dim_backward,
  .formulas = { "∂mode(a)/∂aᵢ = [i = index of the mode]" },
};

const BsOpInfo bs_op_median = {
  .name = "median", .grad_fn_name = "MedianBackward0", .symbol = "median", .n_inputs = 1,
  .forward = median_forward, .save = bs_evenly_distribute_save,
  .backward = bs_evenly_distribute_backward,
  .formulas = { "∂median(a)/∂aᵢ = [aᵢ = median] / #ties" },
};

/* kthvalue, median(dim), mode: values, and the indices in *indices */
BsTensor *
bs_order_pick (BsOp        op,
               BsTensor   *a,
               gint64      k,
               int         dim,
               gboolean    keepdim,
               BsTensor  **indices,
               GError    **error)
{
  BsOpArgs args;

  g_return_val_if_fail (op == BS_OP_KTHVALUE || op == BS_OP_MEDIAN_DIM || op == BS_OP_MODE,
                        NULL);
  if (!bs_wrap_dim (&dim, MAX (a->ndim, 1), error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  args.keepdim = keepdim;
  args.index = k;
  return bs_op_apply_full (op, &a, 1, &args, indices, error);
}

BsTensor *
bs_median (BsTensor  *a,
           GError   **error)
{
  return bs_op_apply (BS_OP_MEDIAN, &a, 1, NULL, error);
}
