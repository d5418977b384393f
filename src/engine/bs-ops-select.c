/* bs-ops-select.c: gather, scatter, scatter_add, masked_fill, sort, topk,
 * nonzero
 *
 * gather and scatter_add are each other's backward (as in PyTorch), so
 * gradients of any order stay on the graph. sort and topk give their values a
 * node whose backward scatters the gradient back to where the values came from.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <string.h>

/* --- index geometry ----------------------------------------------------- */

/* Checks index (int64, a's number of dims, no larger than a except along dim,
 * entries in range) and src (when not NULL: at least index's size), with
 * PyTorch's messages. */
static gboolean
check_index (const char  *op_name,
             BsTensor    *a,
             int          dim,
             BsTensor    *index,
             BsTensor    *src,
             GError     **error)
{
  gint64 n = bs_tensor_numel (index);

  if (index->dtype != BS_DTYPE_INT64)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "%s(): Expected dtype int64 for index", op_name);
      return FALSE;
    }
  if (index->ndim != a->ndim && n > 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Index tensor must have the same number of dimensions as input "
                           "tensor");
      return FALSE;
    }
  for (int d = 0; d < index->ndim && n > 0; d++)
    if ((d != dim && index->shape[d] > a->shape[d])
        || (src != NULL && index->shape[d] > src->shape[d]))
      {
        g_autofree char *is = bs_tensor_format_shape (index);
        g_autofree char *as = bs_tensor_format_shape (src != NULL ? src : a);

        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "Size does not match at dimension %d expected index %s to be smaller than "
                     "self %s apart from dimension %d", d, is, as, dim);
        return FALSE;
      }
  for (gint64 i = 0; i < n; i++)
    {
      gint64 v = bs_tensor_get_int (index, i);

      if (v < 0 || v >= a->shape[dim])
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "index %" G_GINT64_FORMAT " is out of bounds for dimension %d with size %"
                       G_GINT64_FORMAT, v, dim, a->shape[dim]);
          return FALSE;
        }
    }
  return TRUE;
}

/* For element i (row-major) of index: its offset in a tensor of `strides`
 * with the coordinate along dim replaced by the index's value. */
static gint64
target_offset (BsTensor      *index,
               gint64         i,
               int            dim,
               const gint64  *strides)
{
  gint64 left = i, offset = 0;

  for (int d = index->ndim - 1; d >= 0; d--)
    {
      gint64 c = left % index->shape[d];

      left /= index->shape[d];
      offset += (d == dim ? bs_tensor_get_int (index, i) : c) * strides[d];
    }
  return offset;
}

/* The same without the replacement: the offset of element i's coordinates. */
static gint64
same_offset (BsTensor      *index,
             gint64         i,
             const gint64  *strides)
{
  gint64 left = i, offset = 0;

  for (int d = index->ndim - 1; d >= 0; d--)
    {
      offset += (left % index->shape[d]) * strides[d];
      left /= index->shape[d];
    }
  return offset;
}

/* --- gather ------------------------------------------------------------- */

static BsTensor *
gather_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *a = in[0], *index = in[1];
  g_autoptr(BsTensor) out = NULL;
  gsize size = bs_dtype_size (a->dtype);

  if (!check_index ("gather", a, args->dim, index, NULL, error))
    return NULL;
  out = bs_tensor_new_uninit (a->context, a->dtype, index->ndim, index->shape, error);
  if (out == NULL)
    return NULL;
  for (gint64 i = 0; i < bs_tensor_numel (index); i++)
    memcpy ((char *) bs_tensor_data (out) + i * size,
            (const char *) bs_tensor_data (a) + target_offset (index, i, args->dim, a->strides)
            * (gint64) size, size);
  return g_steal_pointer (&out);
}

static void
save_index (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[1]);
}

static gboolean
gather_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) zeros = NULL;
  UNPACK (index, 0);

  if (!NEEDS (0))
    return TRUE;
  zeros = bs_tensor_new (grad->context, grad->dtype, meta->ndim, meta->shape, error);
  gi[0] = zeros ? bs_scatter_add (zeros, node->args.dim, index, grad, error) : NULL;
  return gi[0] != NULL;
}

const BsOpInfo bs_op_gather = {
  .name = "gather", .grad_fn_name = "GatherBackward0", .symbol = "gather", .n_inputs = 2,
  .nondiff_inputs = 1u << 1,
  .forward = gather_forward, .save = save_index, .backward = gather_backward,
  .formulas = { "∂gather(a, d, idx)/∂a: 1 where each element was taken from (repeats add up)" },
};

/* --- scatter, scatter_add ------------------------------------------------ */

/* in: a, index[, src]; without src, args->value is written. args->keepdim: add. */
static BsTensor *
scatter_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  BsTensor *a = in[0], *index = in[1], *src = n > 2 ? in[2] : NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 strides[BS_MAX_DIMS];
  char *data;
  gsize size = bs_dtype_size (a->dtype);

  if (!check_index (args->keepdim ? "scatter_add" : "scatter", a, args->dim, index, src, error))
    return NULL;
  if (src != NULL && src->dtype != a->dtype)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "%s(): Expected self.dtype to be equal to src.dtype",
                   args->keepdim ? "scatter_add" : "scatter");
      return NULL;
    }
  out = bs_tensor_contiguous_copy (a, a->dtype, error);
  if (out == NULL)
    return NULL;
  data = bs_tensor_data (out);
  bs_shape_contiguous_strides (a->ndim, a->shape, strides);
  if (bs_dtype_is_integral (a->dtype))
    {
      /* in integers: a double would round int64's past 2**53; a sum wraps as PyTorch's */
      for (gint64 i = 0; i < bs_tensor_numel (index); i++)
        {
          char *to = data + target_offset (index, i, args->dim, strides) * (gint64) size;
          gint64 v = args->value_int;

          if (src != NULL)
            v = bs_dtype_load_int ((const char *) bs_tensor_data (src)
                                   + same_offset (index, i, src->strides) * (gint64) size,
                                   src->dtype);
          if (args->keepdim)
            v = (gint64) ((guint64) v + (guint64) bs_dtype_load_int (to, a->dtype));
          bs_dtype_store_int (to, a->dtype, v);
        }
      return g_steal_pointer (&out);
    }
  for (gint64 i = 0; i < bs_tensor_numel (index); i++)
    {
      char *to = data + target_offset (index, i, args->dim, strides) * (gint64) size;
      double v = args->value;

      if (src != NULL)
        v = bs_dtype_load ((const char *) bs_tensor_data (src)
                           + same_offset (index, i, src->strides) * (gint64) size, src->dtype);
      if (args->keepdim)
        v += bs_dtype_load (to, a->dtype);
      bs_dtype_store (to, a->dtype, v);
    }
  return g_steal_pointer (&out);
}

static gboolean
scatter_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  GError *local_error = NULL;
  gboolean add = node->args.keepdim;
  UNPACK (index, 0);

  if (NEEDS (0))
    {
      /* scatter: the overwritten elements get no gradient */
      gi[0] = add ? bs_tensor_ref (grad) : bs_scatter_value (grad, node->args.dim, index, 0.0,
                                                            error);
      if (gi[0] == NULL)
        return FALSE;
    }
  if (node->n_inputs > 2 && NEEDS (2))
    {
      /* a src larger than index gets a gradient of index's shape, which PyTorch
       * (and the engine) refuse as a wrong shape */
      if ((gi[2] = bs_gather (grad, node->args.dim, index, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_scatter = {
  .name = "scatter", .grad_fn_name = "ScatterBackward0", .symbol = "scatter", .n_inputs = 3,
  .nondiff_inputs = 1u << 1,
  .forward = scatter_forward, .save = save_index, .backward = scatter_backward,
  .formulas = { "∂scatter(a, d, idx, src)/∂a: 0 where overwritten, else 1",
                "", "∂scatter(a, d, idx, src)/∂src: 1 at each element written" },
};

const BsOpInfo bs_op_scatter_value = {
  .name = "scatter", .grad_fn_name = "ScatterBackward1", .symbol = "scatter", .n_inputs = 2,
  .nondiff_inputs = 1u << 1,
  .forward = scatter_forward, .save = save_index, .backward = scatter_backward,
  .formulas = { "∂scatter(a, d, idx, v)/∂a: 0 where overwritten, else 1" },
};

const BsOpInfo bs_op_scatter_add = {
  .name = "scatter_add", .grad_fn_name = "ScatterAddBackward0", .symbol = "scatter_add",
  .n_inputs = 3, .nondiff_inputs = 1u << 1,
  .forward = scatter_forward, .save = save_index, .backward = scatter_backward,
  .formulas = { "∂scatter_add(a, d, idx, src)/∂a = 1", "",
                "∂scatter_add(a, d, idx, src)/∂src: 1 at each element added" },
};

/* --- masked_fill --------------------------------------------------------- */

/* in: a, mask[, value (0-dim)]; without value, args->value */
static BsTensor *
masked_fill_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  BsTensor *a = in[0], *mask = in[1];
  g_autoptr(BsTensor) m = NULL;
  g_autoptr(BsTensor) out = NULL;
  gsize size = bs_dtype_size (a->dtype);
  guint64 element = 0;
  gint64 numel = bs_tensor_numel (a);
  int ndim;
  gint64 shape[BS_MAX_DIMS];

  if (n > 2 && in[2]->ndim != 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                   "%d dimension(s).", in[2]->ndim);
      return NULL;
    }
  if (!bs_broadcast_shapes (mask->ndim, mask->shape, a->ndim, a->shape, &ndim, shape, error))
    return NULL;
  if (ndim != a->ndim || memcmp (shape, a->shape, ndim * sizeof (gint64)) != 0)
    {
      g_autofree char *ms = bs_tensor_format_shape (mask);
      g_autofree char *as = bs_tensor_format_shape (a);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "masked_fill_: the mask of shape %s does not broadcast to the tensor's shape %s",
                   ms, as);
      return NULL;
    }
  m = bs_tensor_new (a->context, BS_DTYPE_BOOL, a->ndim, a->shape, error);
  out = m ? bs_tensor_contiguous_copy (a, a->dtype, error) : NULL;
  if (out == NULL || !bs_tensor_copy_from (m, mask, error))
    return NULL;
  /* the value as one element of a's dtype: integers exactly */
  if (n > 2)
    bs_dtype_convert (&element, a->dtype, bs_tensor_data (in[2]), in[2]->dtype);
  else if (bs_dtype_is_integral (a->dtype))
    bs_dtype_store_int (&element, a->dtype, args->value_int);
  else
    bs_dtype_store (&element, a->dtype, args->value);
  for (gint64 i = 0; i < numel; i++)
    if (((const guint8 *) bs_tensor_data (m))[i])
      memcpy ((char *) bs_tensor_data (out) + i * size, &element, size);
  return g_steal_pointer (&out);
}

static void
save_mask (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[1]);
}

static gboolean
masked_fill_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                      GError **error)
{
  GError *local_error = NULL;
  UNPACK (mask, 0);

  if (NEEDS (0) && (gi[0] = bs_masked_fill (grad, mask, 0.0, error)) == NULL)
    return FALSE;
  if (node->n_inputs > 2 && NEEDS (2))
    {
      g_autoptr(BsTensor) keep = bs_logical_not (mask, error);
      g_autoptr(BsTensor) inside = keep ? bs_masked_fill (grad, keep, 0.0, error) : NULL;

      if (inside == NULL || (gi[2] = bs_sum (inside, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_masked_fill = {
  .name = "masked_fill", .grad_fn_name = "MaskedFillBackward0", .symbol = "masked_fill",
  .n_inputs = 2, .nondiff_inputs = 1u << 1,
  .forward = masked_fill_forward, .save = save_mask, .backward = masked_fill_backward,
  .formulas = { "∂masked_fill(a, m, v)/∂a = [not m]" },
};

const BsOpInfo bs_op_masked_fill_tensor = {
  .name = "masked_fill", .grad_fn_name = "MaskedFillBackward1", .symbol = "masked_fill",
  .n_inputs = 3, .nondiff_inputs = 1u << 1,
  .forward = masked_fill_forward, .save = save_mask, .backward = masked_fill_backward,
  .formulas = { "∂masked_fill(a, m, v)/∂a = [not m]", "",
                "∂masked_fill(a, m, v)/∂v = Σ [m]" },
};

/* --- sort, topk ---------------------------------------------------------- */

typedef struct {
  double  value;
  gint64  index;
  gint64  exact;   /* an int64 tensor's element (past 2**53 the double rounds) */
} Keyed;

static int
compare_ascending_int (gconstpointer pa, gconstpointer pb)
{
  const Keyed *a = pa, *b = pb;

  if (a->exact != b->exact)
    return a->exact < b->exact ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

static int
compare_descending_int (gconstpointer pa, gconstpointer pb)
{
  const Keyed *a = pa, *b = pb;

  if (a->exact != b->exact)
    return a->exact > b->exact ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

/* NaN sorts as the largest, as PyTorch; ties keep their order (stable). */
static int
compare_ascending (gconstpointer pa, gconstpointer pb)
{
  const Keyed *a = pa, *b = pb;
  gboolean na = isnan (a->value), nb = isnan (b->value);

  if (na || nb)
    return na && nb ? (a->index > b->index) - (a->index < b->index) : na ? 1 : -1;
  if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

static int
compare_descending (gconstpointer pa, gconstpointer pb)
{
  const Keyed *a = pa, *b = pb;
  gboolean na = isnan (a->value), nb = isnan (b->value);

  if (na || nb)
    return na && nb ? (a->index > b->index) - (a->index < b->index) : na ? -1 : 1;
  if (a->value != b->value)
    return a->value > b->value ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

/* Elements merged between two looks at whether the run was cancelled (a few ms). */
#define SORT_PIECE_WORK (G_GINT64_CONSTANT (1) << 20)

/* Sorts line (n elements; tmp as long) by a bottom-up merge sort, which a cancelled run
 * (--timeout, Stop) can stop between merges, where qsort would run to the end. *work counts
 * the elements merged since the last look. */
static gboolean
sort_line (BsContext     *context,
           Keyed         *line,
           Keyed         *tmp,
           gint64         n,
           GCompareFunc   compare,
           gint64        *work,
           GError       **error)
{
  Keyed *from = line, *to = tmp;

  for (gint64 width = 1; width < n; width *= 2)
    {
      for (gint64 lo = 0; lo < n; lo += 2 * width)
        {
          gint64 mid = MIN (lo + width, n), hi = MIN (lo + 2 * width, n);
          gint64 i = lo, j = mid, o = lo;

          while (i < mid && j < hi)
            to[o++] = compare (&from[j], &from[i]) < 0 ? from[j++] : from[i++];
          while (i < mid)
            to[o++] = from[i++];
          while (j < hi)
            to[o++] = from[j++];
          *work += hi - lo;
          if (*work >= SORT_PIECE_WORK)
            {
              *work = 0;
              if (!bs_context_check_cancelled (context, error))
                return FALSE;
            }
        }
      from = to;
      to = to == tmp ? line : tmp;
    }
  if (from != line)
    memcpy (line, from, n * sizeof (Keyed));
  return TRUE;
}

/* in: a; args: dim, index = k (the values kept per line), keepdim = descending.
 * The indices are the extra output. */
static BsTensor *
sort_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  BsTensor *a = in[0];
  int dim = args->dim;
  gint64 len = a->ndim > 0 ? a->shape[dim] : 1, k = args->index;
  gint64 outer = 1, inner = 1, shape[BS_MAX_DIMS];
  g_autoptr(BsTensor) src = bs_tensor_contiguous_copy (a, BS_DTYPE_FLOAT64, error);
  gboolean exact = a->dtype == BS_DTYPE_INT64;
  g_autoptr(BsTensor) ints = exact && src != NULL
                             ? bs_tensor_contiguous_copy (a, BS_DTYPE_INT64, error) : NULL;
  GCompareFunc compare = exact ? (args->keepdim ? compare_descending_int : compare_ascending_int)
                               : (args->keepdim ? compare_descending : compare_ascending);
  g_autoptr(BsTensor) values = NULL;
  g_autoptr(BsTensor) indices = NULL;
  g_autofree Keyed *line = g_new (Keyed, MAX (len, 1));
  g_autofree Keyed *tmp = g_new (Keyed, MAX (len, 1));
  gint64 work = 0;
  const double *x;

  if (src == NULL || (exact && ints == NULL))
    return NULL;
  for (int d = 0; d < a->ndim; d++)
    {
      shape[d] = d == dim ? k : a->shape[d];
      outer *= d < dim ? a->shape[d] : 1;
      inner *= d > dim ? a->shape[d] : 1;
    }
  values = bs_tensor_new_uninit (a->context, a->dtype, a->ndim, shape, error);
  indices = values ? bs_tensor_new_uninit (a->context, BS_DTYPE_INT64, a->ndim, shape, error)
                   : NULL;
  if (indices == NULL)
    return NULL;
  x = bs_tensor_data (src);
  for (gint64 o = 0; o < outer; o++)
    for (gint64 i = 0; i < inner; i++)
      {
        for (gint64 j = 0; j < len; j++)
          {
            gint64 from = (o * len + j) * inner + i;

            line[j] = (Keyed) { x[from], j,
                                exact ? ((const gint64 *) bs_tensor_data (ints))[from] : 0 };
          }
        if (!sort_line (a->context, line, tmp, len, compare, &work, error))
          return NULL;
        for (gint64 j = 0; j < k; j++)
          {
            gint64 at = (o * k + j) * inner + i;

            if (exact)
              ((gint64 *) bs_tensor_data (values))[at] = line[j].exact;
            else
              bs_tensor_set (values, at, line[j].value);
            ((gint64 *) bs_tensor_data (indices))[at] = line[j].index;
          }
      }
  *extra = g_steal_pointer (&indices);
  return g_steal_pointer (&values);
}

static void
save_indices (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, extra);
}

static gboolean
sort_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) zeros = NULL;
  UNPACK (indices, 0);

  if (!NEEDS (0))
    return TRUE;
  zeros = bs_tensor_new (grad->context, grad->dtype, meta->ndim, meta->shape, error);
  if (meta->ndim == 0)
    gi[0] = bs_tensor_ref (grad);
  else
    gi[0] = zeros ? bs_scatter (zeros, node->args.dim, indices, grad, error) : NULL;
  return gi[0] != NULL;
}

const BsOpInfo bs_op_sort = {
  .name = "sort", .grad_fn_name = "SortBackward0", .symbol = "sort", .n_inputs = 1,
  .forward = sort_forward, .save = save_indices, .backward = sort_backward,
  .formulas = { "∂sort(a)/∂a: 1 from each element to where it was sorted" },
};

const BsOpInfo bs_op_topk = {
  .name = "topk", .grad_fn_name = "TopkBackward0", .symbol = "topk", .n_inputs = 1,
  .forward = sort_forward, .save = save_indices, .backward = sort_backward,
  .formulas = { "∂topk(a)/∂a: 1 for each element kept, 0 for the others" },
};

/* --- the public functions ------------------------------------------------ */

static gboolean
wrap_dim_of (BsTensor *a, int *dim, GError **error)
{
  return bs_wrap_dim (dim, MAX (a->ndim, 1), error);
}

BsTensor *
bs_gather (BsTensor *a, int dim, BsTensor *index, GError **error)
{
  BsTensor *in[2] = { a, index };
  BsOpArgs args;

  if (!wrap_dim_of (a, &dim, error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  return bs_op_apply (BS_OP_GATHER, in, 2, &args, error);
}

static BsTensor *
scatter_apply_args (BsOp op, BsTensor *a, int dim, BsTensor *index, BsTensor *src,
                    BsOpArgs *args, gboolean add, gboolean inplace, GError **error)
{
  BsTensor *in[3] = { a, index, src };

  if (!wrap_dim_of (a, &dim, error))
    return NULL;
  args->dim = dim;
  args->keepdim = add;
  if (inplace)
    return bs_op_apply_inplace (op, in, src != NULL ? 3 : 2, args, error);
  return bs_op_apply (op, in, src != NULL ? 3 : 2, args, error);
}

static BsTensor *
scatter_apply (BsOp op, BsTensor *a, int dim, BsTensor *index, BsTensor *src, double value,
               gboolean add, gboolean inplace, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value (&args, value);
  return scatter_apply_args (op, a, dim, index, src, &args, add, inplace, error);
}

static BsTensor *
scatter_value_int (BsTensor *a, int dim, BsTensor *index, gint64 value, gboolean inplace,
                   GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value_int (&args, value);
  return scatter_apply_args (BS_OP_SCATTER_VALUE, a, dim, index, NULL, &args, FALSE, inplace,
                             error);
}

BsTensor *
bs_scatter_value_int (BsTensor *a, int dim, BsTensor *index, gint64 value, GError **error)
{
  return scatter_value_int (a, dim, index, value, FALSE, error);
}

BsTensor *
bs_scatter_value_int_ (BsTensor *a, int dim, BsTensor *index, gint64 value, GError **error)
{
  return scatter_value_int (a, dim, index, value, TRUE, error);
}

BsTensor *
bs_scatter (BsTensor *a, int dim, BsTensor *index, BsTensor *src, GError **error)
{
  return scatter_apply (BS_OP_SCATTER, a, dim, index, src, 0.0, FALSE, FALSE, error);
}

BsTensor *
bs_scatter_value (BsTensor *a, int dim, BsTensor *index, double value, GError **error)
{
  return scatter_apply (BS_OP_SCATTER_VALUE, a, dim, index, NULL, value, FALSE, FALSE, error);
}

BsTensor *
bs_scatter_add (BsTensor *a, int dim, BsTensor *index, BsTensor *src, GError **error)
{
  return scatter_apply (BS_OP_SCATTER_ADD, a, dim, index, src, 0.0, TRUE, FALSE, error);
}

BsTensor *
bs_scatter_ (BsTensor *a, int dim, BsTensor *index, BsTensor *src, GError **error)
{
  return scatter_apply (BS_OP_SCATTER, a, dim, index, src, 0.0, FALSE, TRUE, error);
}

BsTensor *
bs_scatter_value_ (BsTensor *a, int dim, BsTensor *index, double value, GError **error)
{
  return scatter_apply (BS_OP_SCATTER_VALUE, a, dim, index, NULL, value, FALSE, TRUE, error);
}

BsTensor *
bs_scatter_add_ (BsTensor *a, int dim, BsTensor *index, BsTensor *src, GError **error)
{
  return scatter_apply (BS_OP_SCATTER_ADD, a, dim, index, src, 0.0, TRUE, TRUE, error);
}

static BsTensor *
masked_fill_apply (BsTensor *a, BsTensor *mask, const BsOpArgs *args, gboolean inplace,
                   GError **error)
{
  BsTensor *in[2] = { a, mask };

  if (inplace)
    return bs_op_apply_inplace (BS_OP_MASKED_FILL, in, 2, args, error);
  return bs_op_apply (BS_OP_MASKED_FILL, in, 2, args, error);
}

BsTensor *
bs_masked_fill (BsTensor *a, BsTensor *mask, double value, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value (&args, value);
  return masked_fill_apply (a, mask, &args, FALSE, error);
}

static BsTensor *
masked_fill_int (BsTensor *a, BsTensor *mask, gint64 value, gboolean inplace, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value_int (&args, value);
  return masked_fill_apply (a, mask, &args, inplace, error);
}

BsTensor *
bs_masked_fill_int (BsTensor *a, BsTensor *mask, gint64 value, GError **error)
{
  return masked_fill_int (a, mask, value, FALSE, error);
}

BsTensor *
bs_masked_fill_int_ (BsTensor *a, BsTensor *mask, gint64 value, GError **error)
{
  return masked_fill_int (a, mask, value, TRUE, error);
}

BsTensor *
bs_masked_fill_tensor (BsTensor *a, BsTensor *mask, BsTensor *value, GError **error)
{
  BsTensor *in[3] = { a, mask, value };

  if (value->is_wrapped_number && value->dtype == BS_DTYPE_INT64)
    return bs_masked_fill_int (a, mask, bs_tensor_get_int (value, 0), error);
  if (value->is_wrapped_number)
    return bs_masked_fill (a, mask, bs_tensor_item (value), error);
  return bs_op_apply (BS_OP_MASKED_FILL_TENSOR, in, 3, NULL, error);
}

BsTensor *
bs_masked_fill_ (BsTensor *a, BsTensor *mask, double value, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  bs_op_args_set_value (&args, value);
  return masked_fill_apply (a, mask, &args, TRUE, error);
}

static BsTensor *
sort_apply (BsOp op, BsTensor *a, int dim, gint64 k, gboolean descending, BsTensor **indices,
            GError **error)
{
  BsOpArgs args;
  BsTensor *extra = NULL;
  BsTensor *values;

  bs_op_args_init (&args);
  args.dim = dim;
  args.index = k;
  args.keepdim = descending;
  values = bs_op_apply_full (op, &a, 1, &args, &extra, error);
  if (values != NULL && indices != NULL)
    *indices = g_steal_pointer (&extra);
  g_clear_pointer (&extra, bs_tensor_unref);
  return values;
}

BsTensor *
bs_sort (BsTensor *a, int dim, gboolean descending, BsTensor **indices, GError **error)
{
  if (!wrap_dim_of (a, &dim, error))
    return NULL;
  return sort_apply (BS_OP_SORT, a, dim, a->ndim > 0 ? a->shape[dim] : 1, descending, indices,
                     error);
}

BsTensor *
bs_argsort (BsTensor *a, int dim, gboolean descending, GError **error)
{
  BsTensor *indices = NULL;
  g_autoptr(BsTensor) values = bs_sort (a, dim, descending, &indices, error);

  return values ? indices : NULL;
}

BsTensor *
bs_topk (BsTensor *a, gint64 k, int dim, gboolean largest, BsTensor **indices, GError **error)
{
  if (!wrap_dim_of (a, &dim, error))
    return NULL;
  if (k < 0 || k > (a->ndim > 0 ? a->shape[dim] : 1))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "selected index k out of range");
      return NULL;
    }
  return sort_apply (BS_OP_TOPK, a, dim, k, largest, indices, error);
}

/* --- nonzero -------------------------------------------------------------- */

BsTensor *
bs_nonzero (BsTensor *a, GError **error)
{
  gint64 numel = bs_tensor_numel (a), count = 0, shape[2];
  BsTensor *out;
  gint64 *data;

  for (gint64 i = 0; i < numel; i++)
    count += bs_tensor_get (a, i) != 0.0;
  shape[0] = count;
  shape[1] = a->ndim;
  out = bs_tensor_new (a->context, BS_DTYPE_INT64, 2, shape, error);
  if (out == NULL)
    return NULL;
  data = bs_tensor_data (out);
  for (gint64 i = 0, row = 0; i < numel; i++)
    if (bs_tensor_get (a, i) != 0.0)
      {
        gint64 left = i;

        for (int d = a->ndim - 1; d >= 0; d--)
          {
            data[row * a->ndim + d] = left % a->shape[d];
            left /= a->shape[d];
          }
        row++;
      }
  return out;
}
