/* bs-ops-index.c: advanced indexing, index_select, cat and stack
 *
 * Indexing along dim sees the input as [outer, n, inner] (n the size of the
 * indexed dims) and the result as [outer, k, inner], with k positions in
 * [0, n). Its backward adds the gradient's rows back at those positions
 * (index_add), so repeated positions accumulate.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <string.h>

typedef struct {
  gint64  outer;
  gint64  n;
  gint64  inner;
  gint64  k;
  gint64 *pos;     /* k positions in [0, n) */
  int     ndim;    /* the result's shape */
  gint64  shape[BS_MAX_DIMS];
} IndexPlan;

static void
index_plan_clear (IndexPlan *plan)
{
  g_clear_pointer (&plan->pos, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IndexPlan, index_plan_clear)

static gint64
product (const gint64 *dims,
         int           n)
{
  gint64 p = 1;

  for (int d = 0; d < n; d++)
    p *= dims[d];
  return p;
}

static gboolean
set_result_shape (IndexPlan     *plan,
                  int            ndim,
                  const gint64  *shape,
                  int            dim,
                  int            n_indexed,
                  int            index_ndim,
                  const gint64  *index_shape,
                  GError       **error)
{
  int out = 0;

  if (ndim - n_indexed + index_ndim > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)",
                   ndim - n_indexed + index_ndim, BS_MAX_DIMS);
      return FALSE;
    }
  for (int d = 0; d < dim; d++)
    plan->shape[out++] = shape[d];
  for (int d = 0; d < index_ndim; d++)
    plan->shape[out++] = index_shape[d];
  for (int d = dim + n_indexed; d < ndim; d++)
    plan->shape[out++] = shape[d];
  plan->ndim = out;
  plan->outer = product (shape, dim);
  plan->n = product (shape + dim, n_indexed);
  plan->inner = product (shape + dim + n_indexed, ndim - dim - n_indexed);
  return TRUE;
}

/* a[..., index] at dim of a tensor of the given shape: an int64 index of any
 * shape (negative entries count from the end), or a bool mask over the dims
 * starting at dim. */
static gboolean
plan_index (IndexPlan     *plan,
            int            ndim,
            const gint64  *shape,
            int            dim,
            BsTensor      *index,
            GError       **error)
{
  gint64 numel = bs_tensor_numel (index);

  if (index->dtype == BS_DTYPE_BOOL)
    {
      if (dim + index->ndim > ndim)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "too many indices for tensor of dimension %d", ndim);
          return FALSE;
        }
      for (int d = 0; d < index->ndim; d++)
        if (index->shape[d] != shape[dim + d])
          {
            g_autofree char *m = bs_tensor_format_shape (index);
            g_autoptr(GString) s = g_string_new ("[");

            for (int e = 0; e < ndim; e++)
              g_string_append_printf (s, "%s%" G_GINT64_FORMAT, e ? ", " : "", shape[e]);
            g_string_append_c (s, ']');
            g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                         "The shape of the mask %s at index %d does not match the shape of the "
                         "indexed tensor %s at index %d", m, d, s->str, dim + d);
            return FALSE;
          }
      plan->k = 0;
      plan->pos = g_new (gint64, MAX (numel, 1));
      for (gint64 i = 0; i < numel; i++)
        if (bs_tensor_get (index, i) != 0.0)
          plan->pos[plan->k++] = i;
      return set_result_shape (plan, ndim, shape, dim, index->ndim, 1, &plan->k, error);
    }
  if (index->dtype != BS_DTYPE_INT64)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "tensors used as indices must be long, byte or bool tensors");
      return FALSE;
    }
  if (dim >= ndim)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "too many indices for tensor of dimension %d", ndim);
      return FALSE;
    }
  plan->k = numel;
  plan->pos = g_new (gint64, MAX (numel, 1));
  for (gint64 i = 0; i < numel; i++)
    {
      gint64 v = bs_tensor_get_int (index, i);

      if (v < -shape[dim] || v >= shape[dim])
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "index %" G_GINT64_FORMAT " is out of bounds for dimension 0 with size %"
                       G_GINT64_FORMAT, v, shape[dim]);
          return FALSE;
        }
      plan->pos[i] = v < 0 ? v + shape[dim] : v;
    }
  return set_result_shape (plan, ndim, shape, dim, 1, index->ndim, index->shape, error);
}

/* index_select(a, dim, index): a 0- or 1-dim int64 index, no negative entries. */
static gboolean
plan_index_select (IndexPlan     *plan,
                   int            ndim,
                   const gint64  *shape,
                   int            dim,
                   BsTensor      *index,
                   GError       **error)
{
  gint64 numel = bs_tensor_numel (index);
  gint64 size = ndim > 0 ? shape[dim] : 1;

  if (index->ndim > 1)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "index_select(): Index is supposed to be a vector");
      return FALSE;
    }
  if (index->dtype != BS_DTYPE_INT64 && index->dtype != BS_DTYPE_INT32)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "index_select(): Expected dtype int32 or int64 for index");
      return FALSE;
    }
  plan->k = numel;
  plan->pos = g_new (gint64, MAX (numel, 1));
  for (gint64 i = 0; i < numel; i++)
    {
      gint64 v = bs_tensor_get_int (index, i);

      if (v >= 0 && v < size)
        {
          plan->pos[i] = v;
          continue;
        }
      /* PyTorch's CPU kernel for dim 1 has its own messages. */
      if (ndim > 1 && dim == 1 && size == 0)
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "index_select(): self indexing axis dim should be positive");
      else if (ndim > 1 && dim == 1)
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "INDICES element is out of DATA bounds, id=%" G_GINT64_FORMAT
                     " axis_dim=%" G_GINT64_FORMAT, v, size);
      else
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                             "index out of range in self");
      return FALSE;
    }
  if (ndim == 0)
    {
      /* PyTorch gives a 0-dim result whatever the index holds. */
      plan->ndim = 0;
      plan->outer = plan->n = plan->inner = 1;
      plan->k = MIN (plan->k, 1);
      return TRUE;
    }
  return set_result_shape (plan, ndim, shape, dim, 1, 1, &numel, error);
}

static BsTensor *
contiguous_raw (BsTensor  *a,
                GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

/* out[o, j, :] = a[o, pos[j], :] */
static BsTensor *
gather (BsTensor         *a,
        const IndexPlan  *plan,
        GError          **error)
{
  g_autoptr(BsTensor) src = contiguous_raw (a, error);
  g_autoptr(BsTensor) out = NULL;
  gsize row;
  const char *from;
  char *to;

  if (src == NULL)
    return NULL;
  out = bs_tensor_new (a->context, a->dtype, plan->ndim, plan->shape, error);
  if (out == NULL)
    return NULL;
  row = plan->inner * bs_dtype_size (a->dtype);
  from = bs_tensor_data (src);
  to = bs_tensor_data (out);
  for (gint64 o = 0; o < plan->outer; o++)
    for (gint64 j = 0; j < plan->k; j++)
      memcpy (to + (o * plan->k + j) * row, from + (o * plan->n + plan->pos[j]) * row, row);
  return g_steal_pointer (&out);
}

/* out = zeros [outer, n, inner]; out[o, pos[j], :] += grad[o, j, :]
 * (gradients are float32 or float64) */
static BsTensor *
scatter_add (BsTensor            *grad,
             const IndexPlan     *plan,
             const BsTensorMeta  *meta,
             GError             **error)
{
  g_autoptr(BsTensor) src = contiguous_raw (grad, error);
  g_autoptr(BsTensor) out = NULL;
  gint64 inner = plan->inner;

  if (src == NULL)
    return NULL;
  out = bs_tensor_new (grad->context, grad->dtype, meta->ndim, meta->shape, error);
  if (out == NULL)
    return NULL;
  for (gint64 o = 0; o < plan->outer; o++)
    for (gint64 j = 0; j < plan->k; j++)
      {
        gint64 to = (o * plan->n + plan->pos[j]) * inner;
        gint64 from = (o * plan->k + j) * inner;

        if (grad->dtype == BS_DTYPE_FLOAT32)
          {
            float *dst = (float *) bs_tensor_data (out) + to;
            const float *s = (const float *) bs_tensor_data (src) + from;

            for (gint64 t = 0; t < inner; t++)
              dst[t] += s[t];
          }
        else
          {
            double *dst = (double *) bs_tensor_data (out) + to;
            const double *s = (const double *) bs_tensor_data (src) + from;

            for (gint64 t = 0; t < inner; t++)
              dst[t] += s[t];
          }
      }
  return g_steal_pointer (&out);
}

/* The same, built from tracked ops so that it can be differentiated again:
 * the gradient gets an extra zero row, and each round picks, for every
 * position, one of the rows that land there (or the zero row); the rounds add up. */
static BsTensor *
scatter_add_tracked (BsTensor            *grad,
                     const IndexPlan     *plan,
                     const BsTensorMeta  *meta,
                     GError             **error)
{
  gint64 shape3[3] = { plan->outer, plan->k, plan->inner };
  gint64 zshape[3] = { plan->outer, 1, plan->inner };
  g_autoptr(BsTensor) g3 = NULL;
  g_autoptr(BsTensor) zero = NULL;
  g_autoptr(BsTensor) extended = NULL;
  g_autoptr(BsTensor) total = NULL;
  g_autofree gint64 *count = g_new0 (gint64, MAX (plan->n, 1));
  g_autofree gint64 *occurrence = g_new (gint64, MAX (plan->k, 1));
  gint64 rounds = 0;
  BsTensor *parts[2];

  for (gint64 j = 0; j < plan->k; j++)
    {
      occurrence[j] = count[plan->pos[j]]++;
      rounds = MAX (rounds, occurrence[j] + 1);
    }
  rounds = MAX (rounds, 1);   /* even all zeros stay connected to grad */

  g3 = bs_reshape (grad, shape3, 3, error);
  zero = g3 ? bs_tensor_new (grad->context, grad->dtype, 3, zshape, error) : NULL;
  if (zero == NULL)
    return NULL;
  parts[0] = g3;
  parts[1] = zero;
  extended = bs_cat (parts, 2, 1, error);
  if (extended == NULL)
    return NULL;

  for (gint64 r = 0; r < rounds; r++)
    {
      g_autoptr(BsTensor) index = bs_tensor_new (grad->context, BS_DTYPE_INT64, 1, &plan->n,
                                                 error);
      g_autoptr(BsTensor) part = NULL;
      gint64 *inv;

      if (index == NULL)
        return NULL;
      inv = bs_tensor_data (index);
      for (gint64 i = 0; i < plan->n; i++)
        inv[i] = plan->k;
      for (gint64 j = 0; j < plan->k; j++)
        if (occurrence[j] == r)
          inv[plan->pos[j]] = j;
      part = bs_index_select (extended, 1, index, error);
      if (part == NULL)
        return NULL;
      if (total == NULL)
        {
          total = g_steal_pointer (&part);
        }
      else
        {
          BsTensor *sum = bs_add (total, part, 1.0, error);

          if (sum == NULL)
            return NULL;
          bs_tensor_unref (total);
          total = sum;
        }
    }
  return bs_reshape (total, meta->shape, meta->ndim, error);
}

static BsTensor *
index_add_gradient (BsNode           *node,
                    BsTensor         *grad,
                    const IndexPlan  *plan,
                    GError          **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];

  if (node->context->grad_enabled && bs_tensor_requires_grad (grad))
    return scatter_add_tracked (grad, plan, meta, error);
  return scatter_add (grad, plan, meta, error);
}

static void
save_index (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  bs_node_save (node, 0, in[1], FALSE);
}

/* --- a[index] ---------------------------------------------------------- */

/* a[i0, i1, ...] with several int64 index tensors: in[1 + j] indexes dim
 * args->dims[j] of a. The indices broadcast together to a shape B; the result
 * has B where the indexed dims were when they are adjacent, and first
 * otherwise. The plan sees a as one row of single elements. */
static gboolean
plan_index_multi (IndexPlan       *plan,
                  int              ndim,
                  const gint64    *shape,
                  BsTensor *const *indices,
                  const BsOpArgs  *args,
                  GError         **error)
{
  int m = args->n_dims, nb = 0, out = 0, first = (int) args->dims[0];
  gint64 bshape[BS_MAX_DIMS], strides[BS_MAX_DIMS], bstrides[BS_MAX_DIMS][BS_MAX_DIMS];
  gboolean adjacent = TRUE, indexed[BS_MAX_DIMS] = { FALSE };
  int rest[BS_MAX_DIMS], n_rest = 0;
  gint64 nbroadcast, nrest = 1;

  for (int j = 0; j < m; j++)
    {
      BsTensor *index = indices[j];

      if (index->dtype != BS_DTYPE_INT64)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                               "tensors used as indices must be long, byte or bool tensors");
          return FALSE;
        }
      if (j == 0)
        {
          nb = index->ndim;
          memcpy (bshape, index->shape, nb * sizeof (gint64));
        }
      else if (!bs_broadcast_shapes (nb, bshape, index->ndim, index->shape, &nb, bshape, NULL))
        {
          g_autoptr(GString) shapes = g_string_new (NULL);

          for (int i = 0; i < m; i++)
            {
              g_autofree char *one = bs_tensor_format_shape (indices[i]);

              g_string_append_printf (shapes, "%s%s", i ? ", " : "", one);
            }
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "shape mismatch: indexing tensors could not be broadcast together with "
                       "shapes %s", shapes->str);
          return FALSE;
        }
      if (args->dims[j] >= ndim)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "too many indices for tensor of dimension %d", ndim);
          return FALSE;
        }
      if (j > 0 && args->dims[j] != args->dims[j - 1] + 1)
        adjacent = FALSE;
      indexed[args->dims[j]] = TRUE;
    }
  if (ndim - m + nb > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)",
                   ndim - m + nb, BS_MAX_DIMS);
      return FALSE;
    }
  /* each index's strides within B (0 where it broadcasts) */
  for (int j = 0; j < m; j++)
    {
      BsTensor *index = indices[j];
      int lead = nb - index->ndim;

      for (int d = 0; d < nb; d++)
        bstrides[j][d] = d < lead || index->shape[d - lead] == 1 ? 0 : index->strides[d - lead];
    }
  bs_shape_contiguous_strides (ndim, shape, strides);
  for (int d = 0; d < ndim; d++)
    if (!indexed[d])
      {
        rest[n_rest++] = d;
        nrest *= shape[d];
      }
  nbroadcast = product (bshape, nb);

  /* result shape: the rest dims before the indexed block, B, the rest after */
  {
    int before = adjacent ? first : 0;

    for (int r = 0; r < before; r++)
      plan->shape[out++] = shape[rest[r]];
    memcpy (plan->shape + out, bshape, nb * sizeof (gint64));
    out += nb;
    for (int r = before; r < n_rest; r++)
      plan->shape[out++] = shape[rest[r]];
    plan->ndim = out;

    plan->outer = plan->inner = 1;
    plan->n = product (shape, ndim);
    plan->k = nbroadcast * nrest;
    plan->pos = g_new (gint64, MAX (plan->k, 1));
    for (gint64 r = 0; r < plan->k; r++)
      {
        gint64 coords[BS_MAX_DIMS], left = r, pos = 0;

        for (int d = plan->ndim - 1; d >= 0; d--)
          {
            coords[d] = left % MAX (plan->shape[d], 1);
            left /= MAX (plan->shape[d], 1);
          }
        for (int q = 0; q < n_rest; q++)
          pos += coords[q < before ? q : q + nb] * strides[rest[q]];
        for (int j = 0; j < m; j++)
          {
            const gint64 *data = bs_tensor_data (indices[j]);
            gint64 size = shape[args->dims[j]], at = 0, v;

            for (int d = 0; d < nb; d++)
              at += coords[before + d] * bstrides[j][d];
            v = data[at];
            if (v < -size || v >= size)
              {
                g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                             "index %" G_GINT64_FORMAT " is out of bounds for dimension %d "
                             "with size %" G_GINT64_FORMAT, v, j, size);
                return FALSE;
              }
            pos += (v < 0 ? v + size : v) * strides[args->dims[j]];
          }
        plan->pos[r] = pos;
      }
  }
  return TRUE;
}

static gboolean
plan_any_index (IndexPlan        *plan,
                const BsOpArgs   *args,
                int               ndim,
                const gint64     *shape,
                BsTensor *const  *indices,
                GError          **error)
{
  if (args->n_dims == 0)
    return plan_index (plan, ndim, shape, args->dim, indices[0], error);
  return plan_index_multi (plan, ndim, shape, indices, args, error);
}

static BsTensor *
index_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  g_auto(IndexPlan) plan = { 0 };

  if (!plan_any_index (&plan, args, in[0]->ndim, in[0]->shape, in + 1, error))
    return NULL;
  return gather (in[0], &plan, error);
}

static void
save_indices (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  for (guint i = 1; i < node->n_inputs; i++)
    bs_node_save (node, i - 1, in[i], FALSE);
}

static gboolean
index_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  g_auto(IndexPlan) plan = { 0 };
  g_autoptr(GPtrArray) indices = g_ptr_array_new_with_free_func (
    (GDestroyNotify) bs_tensor_unref);

  for (guint i = 1; i < node->n_inputs; i++)
    {
      GError *local_error = NULL;
      UNPACK (index, i - 1);

      g_ptr_array_add (indices, g_steal_pointer (&index));
    }
  if (!NEEDS (0))
    return TRUE;
  if (!plan_any_index (&plan, &node->args, meta->ndim, meta->shape,
                       (BsTensor *const *) indices->pdata, error))
    return FALSE;
  gi[0] = index_add_gradient (node, grad, &plan, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_index = {
  .name = "index", .grad_fn_name = "IndexBackward0", .symbol = "[]", .n_inputs = 0,
  .nondiff_inputs = ~1u,
  .forward = index_forward, .save = save_indices, .backward = index_backward,
  .formulas = { "∂a[idx]/∂a: 1 where each entry was taken from (repeats add up)", "" },
};

/* embedding: weight[indices] as index, but its own node (EmbeddingBackward0), and the
 * row args.index (padding_idx, -1 for none) gets no gradient */
static gboolean
embedding_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) keep = NULL;
  BsTensor *masked;

  if (!index_backward (node, grad, gi, locals, error))
    return FALSE;
  if (gi[0] == NULL || node->args.index < 0)
    return TRUE;
  keep = bs_tensor_new_full (node->context, gi[0]->dtype, 2,
                             (gint64[]) { meta->shape[0], 1 }, 1.0, error);
  if (keep == NULL)
    return FALSE;
  bs_tensor_set (keep, node->args.index, 0.0);
  masked = bs_mul (gi[0], keep, error);
  g_clear_pointer (&gi[0], bs_tensor_unref);
  gi[0] = masked;
  return masked != NULL;
}

const BsOpInfo bs_op_embedding = {
  .name = "embedding", .grad_fn_name = "EmbeddingBackward0", .symbol = "embedding",
  .n_inputs = 2, .nondiff_inputs = 1u << 1,
  .forward = index_forward, .save = save_indices, .backward = embedding_backward,
  .formulas = { "∂embedding(W, idx)/∂W: 1 in each looked-up row (repeats add up)", "" },
};

BsTensor *
bs_embedding (BsTensor *weight, BsTensor *indices, gint64 padding_idx, GError **error)
{
  BsTensor *in[2] = { weight, indices };
  BsOpArgs args;

  if (weight->ndim != 2)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "'weight' must be 2-D");
      return NULL;
    }
  if (indices->dtype == BS_DTYPE_INT64)
    for (gint64 i = 0; i < bs_tensor_numel (indices); i++)
      {
        gint64 k = bs_tensor_get_int (indices, i);

        if (k < 0 || k >= weight->shape[0])
          {
            g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                                 "index out of range in self");
            return NULL;
          }
      }
  bs_op_args_init (&args);
  args.dim = 0;
  args.index = padding_idx;
  return bs_op_apply (BS_OP_EMBEDDING, in, 2, &args, error);
}

BsTensor *
bs_index (BsTensor *a, int dim, BsTensor *index, GError **error)
{
  BsTensor *in[2] = { a, index };
  BsOpArgs args;

  if (dim < 0)
    dim += a->ndim;
  g_return_val_if_fail (dim >= 0 && dim <= a->ndim, NULL);
  bs_op_args_init (&args);
  args.dim = dim;
  return bs_op_apply (BS_OP_INDEX, in, 2, &args, error);
}

/* The (row-major) coordinates of a bool mask's true elements, one int64
 * vector per mask dim. */
static gboolean
mask_coordinates (BsTensor  *mask,
                  BsTensor **coords,
                  GError   **error)
{
  gint64 numel = bs_tensor_numel (mask), k = 0;
  gint64 *data[BS_MAX_DIMS];

  for (gint64 i = 0; i < numel; i++)
    k += bs_tensor_get (mask, i) != 0.0;
  for (int d = 0; d < mask->ndim; d++)
    {
      coords[d] = bs_tensor_new (mask->context, BS_DTYPE_INT64, 1, &k, error);
      if (coords[d] == NULL)
        return FALSE;
      data[d] = bs_tensor_data (coords[d]);
    }
  k = 0;
  for (gint64 i = 0; i < numel; i++)
    if (bs_tensor_get (mask, i) != 0.0)
      {
        gint64 left = i;

        for (int d = mask->ndim - 1; d >= 0; d--)
          {
            data[d][k] = left % mask->shape[d];
            left /= mask->shape[d];
          }
        k++;
      }
  return TRUE;
}

/* The op's inputs for a[i0, i1, ...]: a, then one int64 index per indexed dim
 * (a bool mask becomes one per dim it covers), their dims in args.dims. */
typedef struct {
  BsTensor *in[BS_MAX_DIMS + 1];
  int       m;                       /* index tensors */
  int       single;                  /* the one entry, when it alone is an index */
  BsTensor *owned[BS_MAX_DIMS];
  int       n_owned;
  BsOpArgs  args;
} IndexInputs;

static void
index_inputs_clear (IndexInputs *ii)
{
  for (int i = 0; i < ii->n_owned; i++)
    bs_tensor_unref (ii->owned[i]);
  ii->n_owned = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IndexInputs, index_inputs_clear)

static gboolean
index_inputs_init (IndexInputs            *ii,
                   BsTensor               *a,
                   const BsTensor *const  *indices,
                   int                     n,
                   GError                **error)
{
  int dim = 0;

  ii->in[0] = a;
  ii->m = ii->n_owned = 0;
  ii->single = -1;
  bs_op_args_init (&ii->args);
  for (int i = 0; i < n; i++)
    {
      BsTensor *index = (BsTensor *) indices[i];

      if (index == NULL)
        {
          dim++;
          continue;
        }
      if (index->dtype == BS_DTYPE_BOOL || index->dtype == BS_DTYPE_INT64)
        {
          int span = index->dtype == BS_DTYPE_BOOL ? index->ndim : 1;

          if (dim + span > a->ndim || ii->m + span > BS_MAX_DIMS)
            {
              g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "too many indices for tensor of dimension %d", a->ndim);
              return FALSE;
            }
          if (index->dtype == BS_DTYPE_BOOL)
            {
              if (!mask_coordinates (index, ii->owned + ii->n_owned, error))
                return FALSE;
              for (int d = 0; d < span; d++)
                {
                  ii->in[1 + ii->m] = ii->owned[ii->n_owned++];
                  ii->args.dims[ii->m++] = dim++;
                }
              continue;
            }
          ii->single = ii->m == 0 ? i : -1;
        }
      ii->in[1 + ii->m] = index;
      ii->args.dims[ii->m++] = dim++;
    }
  ii->args.n_dims = ii->m;
  return TRUE;
}

BsTensor *
bs_index_multi (BsTensor         *a,
                const BsTensor *const *indices,
                int               n,
                GError          **error)
{
  g_auto(IndexInputs) ii = { 0 };

  if (!index_inputs_init (&ii, a, indices, n, error))
    return NULL;
  if (ii.m == 0)
    return bs_tensor_ref (a);
  /* one index tensor and nothing converted: the plain a[..., index] */
  if (ii.m == 1 && ii.n_owned == 0 && ii.single >= 0)
    return bs_index (a, (int) ii.args.dims[0], ii.in[1], error);
  return bs_op_apply (BS_OP_INDEX, ii.in, 1 + ii.m, &ii.args, error);
}

/* --- index_put_ -------------------------------------------------------- */

/* in: a, values, positions; args->keepdim: accumulate */
static BsTensor *
index_put_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  BsTensor *a = in[0], *positions = in[2];
  g_autoptr(BsTensor) out = bs_tensor_contiguous_copy (a, a->dtype, error);
  g_autoptr(BsTensor) values = NULL;
  g_autoptr(BsTensor) where = NULL;
  gint64 numel = bs_tensor_numel (a), k = bs_tensor_numel (positions);
  gsize size = bs_dtype_size (a->dtype);
  const gint64 *pos;
  const char *from;
  char *to;
  int ndim;
  gint64 shape[BS_MAX_DIMS];

  if (out == NULL)
    return NULL;
  if (!bs_broadcast_shapes (in[1]->ndim, in[1]->shape, positions->ndim, positions->shape,
                            &ndim, shape, NULL)
      || ndim != positions->ndim
      || memcmp (shape, positions->shape, ndim * sizeof (gint64)) != 0)
    {
      g_autofree char *vs = bs_tensor_format_shape (in[1]);
      g_autofree char *ps = bs_tensor_format_shape (positions);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "shape mismatch: value tensor of shape %s cannot be broadcast to indexing "
                   "result of shape %s", vs, ps);
      return NULL;
    }
  values = bs_tensor_new (a->context, a->dtype, positions->ndim, positions->shape, error);
  where = values ? contiguous_raw (positions, error) : NULL;
  if (where == NULL || !bs_tensor_copy_from (values, in[1], error))
    return NULL;
  pos = bs_tensor_data (where);
  from = bs_tensor_data (values);
  to = bs_tensor_data (out);
  for (gint64 i = 0; i < k; i++)
    {
      gint64 p = pos[i];

      if (p < 0 || p >= numel)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "index %" G_GINT64_FORMAT " is out of bounds for size %" G_GINT64_FORMAT,
                       p, numel);
          return NULL;
        }
      if (!args->keepdim)
        memcpy (to + p * size, from + i * size, size);
      else if (a->dtype == BS_DTYPE_INT64)
        ((gint64 *) to)[p] += ((const gint64 *) from)[i];
      else
        bs_dtype_store (to + p * size, a->dtype, bs_dtype_load (to + p * size, a->dtype)
                                                 + bs_dtype_load (from + i * size, a->dtype));
    }
  return g_steal_pointer (&out);
}

static void
index_put_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  bs_node_save (node, 0, in[2], FALSE);
}

static gboolean
index_put_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  GError *local_error = NULL;
  gint64 numel = bs_tensor_numel (grad);
  g_autoptr(BsTensor) flat = NULL;
  UNPACK (positions, 0);

  if (NEEDS (0) && node->args.keepdim)
    gi[0] = bs_tensor_ref (grad);
  else if (NEEDS (0))
    {
      /* the written elements no longer depend on a */
      g_autoptr(BsTensor) keep = bs_tensor_new_full (grad->context, grad->dtype, grad->ndim,
                                                     grad->shape, 1.0, error);
      g_autoptr(BsTensor) where = keep ? contiguous_raw (positions, error) : NULL;

      if (where == NULL)
        return FALSE;
      for (gint64 i = 0; i < bs_tensor_numel (where); i++)
        bs_tensor_set (keep, ((const gint64 *) bs_tensor_data (where))[i], 0.0);
      if ((gi[0] = bs_mul (grad, keep, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = g_steal_pointer (&keep);
    }
  if (NEEDS (1))
    {
      const BsTensorMeta *meta = &node->input_meta[1];
      g_autoptr(BsTensor) taken = NULL;

      flat = bs_reshape (grad, &numel, 1, error);
      taken = flat ? bs_index (flat, 0, positions, error) : NULL;
      if (taken == NULL
          || (gi[1] = bs_sum_to_shape (taken, meta->shape, meta->ndim, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_index_put = {
  .name = "index_put_", .grad_fn_name = "IndexPutBackward0", .symbol = "[]=", .n_inputs = 3,
  .nondiff_inputs = 1u << 2,
  .forward = index_put_forward, .save = index_put_save, .backward = index_put_backward,
  .formulas = { "∂(a[idx] = v)/∂a = 0 where written, else 1 (1 everywhere when accumulating)",
                "∂(a[idx] = v)/∂v = 1 at each written element (broadcasts add up)" },
};

BsTensor *
bs_index_put_positions_ (BsTensor  *a,
                         BsTensor  *positions,
                         BsTensor  *values,
                         gboolean   accumulate,
                         GError   **error)
{
  BsTensor *in[3] = { a, values, positions };
  BsOpArgs args;

  g_return_val_if_fail (positions->dtype == BS_DTYPE_INT64, NULL);
  if (values->dtype != a->dtype && values->ndim > 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Index put requires the source and destination dtypes match, got %s for "
                   "the destination and %s for the source.", bs_dtype_scalar_name (a->dtype),
                   bs_dtype_scalar_name (values->dtype));
      return NULL;
    }
  bs_op_args_init (&args);
  args.keepdim = accumulate;
  return bs_op_apply_inplace (BS_OP_INDEX_PUT, in, 3, &args, error);
}

BsTensor *
bs_index_put_ (BsTensor               *a,
               const BsTensor *const  *indices,
               int                     n,
               BsTensor               *values,
               gboolean                accumulate,
               GError                **error)
{
  g_auto(IndexInputs) ii = { 0 };
  g_auto(IndexPlan) plan = { 0 };
  g_autoptr(BsTensor) positions = NULL;

  if (!index_inputs_init (&ii, a, indices, n, error))
    return NULL;
  if (ii.m == 0)
    {
      plan.ndim = a->ndim;
      memcpy (plan.shape, a->shape, a->ndim * sizeof (gint64));
      plan.k = bs_tensor_numel (a);
      plan.pos = g_new (gint64, MAX (plan.k, 1));
      for (gint64 i = 0; i < plan.k; i++)
        plan.pos[i] = i;
    }
  else if (!plan_index_multi (&plan, a->ndim, a->shape, ii.in + 1, &ii.args, error))
    return NULL;
  positions = bs_tensor_new_uninit (a->context, BS_DTYPE_INT64, plan.ndim, plan.shape, error);
  if (positions == NULL)
    return NULL;
  memcpy (bs_tensor_data (positions), plan.pos, plan.k * sizeof (gint64));
  return bs_index_put_positions_ (a, positions, values, accumulate, error);
}

/* --- index_select ------------------------------------------------------ */

static BsTensor *
index_select_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                      GError **error)
{
  g_auto(IndexPlan) plan = { 0 };

  if (!plan_index_select (&plan, in[0]->ndim, in[0]->shape, args->dim, in[1], error))
    return NULL;
  return gather (in[0], &plan, error);
}

static gboolean
index_select_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                       GError **error)
{
  GError *local_error = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  g_auto(IndexPlan) plan = { 0 };
  UNPACK (index, 0);

  if (!NEEDS (0))
    return TRUE;
  if (meta->ndim == 0)
    {
      /* what PyTorch's index_add says for a 0-dim input */
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "Dimension specified as 0 but tensor has no dimensions");
      return FALSE;
    }
  if (!plan_index_select (&plan, meta->ndim, meta->shape, node->args.dim, index, error))
    return FALSE;
  gi[0] = index_add_gradient (node, grad, &plan, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_index_select = {
  .name = "index_select", .grad_fn_name = "IndexSelectBackward0", .symbol = "index_select",
  .n_inputs = 2, .nondiff_inputs = 1u << 1,
  .forward = index_select_forward, .save = save_index, .backward = index_select_backward,
  .formulas = { "∂a.index_select(d, idx)/∂a: 1 where each entry was taken from "
                "(repeats add up)", "" },
};

BsTensor *
bs_index_select (BsTensor *a, int dim, BsTensor *index, GError **error)
{
  BsTensor *in[2] = { a, index };
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  return bs_op_apply (BS_OP_INDEX_SELECT, in, 2, &args, error);
}

/* --- cat, stack -------------------------------------------------------- */

/* PyTorch still skips 1-dim empty tensors in cat, whatever their shape. */
static gboolean
cat_skips (const BsTensor *t)
{
  return t->ndim == 1 && t->shape[0] == 0;
}

/* Copies each input into its slab of out along dim; for stack, each input
 * fills one index of dim, which it lacks. */
static BsTensor *
concatenate (BsTensor *const  *in,
             guint             n,
             int               dim,
             gboolean          stack,
             int               ndim,
             const gint64     *shape,
             GError          **error)
{
  BsDType dtype = bs_result_type (in, n);
  g_autoptr(BsTensor) out = bs_tensor_new (in[0]->context, dtype, ndim, shape, error);
  gint64 offset = 0;

  if (out == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(BsTensor) slab = NULL;
      gint64 slab_shape[BS_MAX_DIMS], slab_strides[BS_MAX_DIMS];
      gint64 size = stack ? 1 : in[i]->shape[dim];
      int slab_ndim = 0;

      if (!stack && cat_skips (in[i]) && ndim != 1)
        continue;
      for (int d = 0; d < ndim; d++)
        {
          if (stack && d == dim)
            continue;
          slab_shape[slab_ndim] = d == dim ? size : shape[d];
          slab_strides[slab_ndim++] = out->strides[d];
        }
      slab = bs_tensor_alias (out, slab_ndim, slab_shape, slab_strides,
                              offset * out->strides[dim]);
      if (!bs_tensor_copy_from (slab, in[i], error))
        return NULL;
      offset += size;
    }
  return g_steal_pointer (&out);
}

static BsTensor *
cat_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  gint64 shape[BS_MAX_DIMS] = { 0 };
  const BsTensor *first = NULL;
  int ndim = 1;
  int dim = args->dim;

  for (guint i = 0; i < n; i++)
    {
      if (cat_skips (in[i]))
        continue;
      if (first == NULL)
        {
          first = in[i];
          ndim = first->ndim;
          memcpy (shape, first->shape, ndim * sizeof (gint64));
          shape[dim] = 0;
        }
      if (in[i]->ndim != first->ndim)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "Tensors must have same number of dimensions: got %d and %d",
                       first->ndim, in[i]->ndim);
          return NULL;
        }
      for (int d = 0; d < ndim; d++)
        if (d != dim && in[i]->shape[d] != first->shape[d])
          {
            g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                         "Sizes of tensors must match except in dimension %d. Expected size %"
                         G_GINT64_FORMAT " but got size %" G_GINT64_FORMAT " for tensor number "
                         "%u in the list.", dim, first->shape[d], in[i]->shape[d], i);
            return NULL;
          }
      shape[dim] += in[i]->shape[dim];
    }
  if (first == NULL)
    dim = 0;
  return concatenate (in, n, dim, FALSE, ndim, shape, error);
}

static gboolean
cat_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  int dim = node->args.dim;
  gint64 offset = 0;

  for (guint i = 0; i < node->n_inputs; i++)
    {
      const BsTensorMeta *meta = &node->input_meta[i];
      gboolean skipped = meta->ndim == 1 && meta->shape[0] == 0 && grad->ndim != 1;
      gint64 size = skipped ? 0 : meta->shape[dim];

      if (NEEDS (i))
        {
          if (skipped)
            gi[i] = bs_tensor_new (node->context, grad->dtype, 1, meta->shape, error);
          else
            gi[i] = bs_slice (grad, dim, offset, offset + size, 1, error);
          if (gi[i] == NULL)
            return FALSE;
        }
      offset += size;
    }
  return TRUE;
}

#define CAT_FORMULA "∂cat(ts)/∂tᵢ: the gradient's slab where tᵢ was placed"

const BsOpInfo bs_op_cat = {
  .name = "cat", .grad_fn_name = "CatBackward0", .symbol = "cat", .n_inputs = 0,
  .forward = cat_forward, .backward = cat_backward,
  .formulas = { CAT_FORMULA, CAT_FORMULA, CAT_FORMULA },
};

BsTensor *
bs_cat (BsTensor *const *tensors, guint n, int dim, GError **error)
{
  BsOpArgs args;
  gboolean wrapped = FALSE;

  if (n == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "torch.cat(): expected a non-empty list of Tensors");
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    if (tensors[i]->ndim == 0)
      {
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "zero-dimensional tensor (at position %u) cannot be concatenated", i);
        return NULL;
      }
  for (guint i = 0; i < n && !wrapped; i++)
    if (!cat_skips (tensors[i]))
      {
        if (!bs_wrap_dim (&dim, tensors[i]->ndim, error))
          return NULL;
        wrapped = TRUE;
      }
  bs_op_args_init (&args);
  args.dim = wrapped ? dim : 0;
  return bs_op_apply (BS_OP_CAT, tensors, n, &args, error);
}

static BsTensor *
stack_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim = in[0]->ndim + 1;

  for (guint i = 1; i < n; i++)
    if (!bs_tensor_same_shape (in[i], in[0]))
      {
        g_autofree char *a = bs_tensor_format_shape (in[0]);
        g_autofree char *b = bs_tensor_format_shape (in[i]);

        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "stack expects each tensor to be equal size, but got %s at entry 0 and %s "
                     "at entry %u", a, b, i);
        return NULL;
      }
  if (ndim > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)", ndim, BS_MAX_DIMS);
      return NULL;
    }
  for (int d = 0, s = 0; d < ndim; d++)
    shape[d] = d == args->dim ? (gint64) n : in[0]->shape[s++];
  return concatenate (in, n, args->dim, TRUE, ndim, shape, error);
}

static gboolean
stack_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                GError **error)
{
  for (guint i = 0; i < node->n_inputs; i++)
    if (NEEDS (i) && (gi[i] = bs_select (grad, node->args.dim, i, error)) == NULL)
      return FALSE;
  return TRUE;
}

#define STACK_FORMULA "∂stack(ts)/∂tᵢ: the gradient's i-th slice along the new dim"

const BsOpInfo bs_op_stack = {
  .name = "stack", .grad_fn_name = "StackBackward0", .symbol = "stack", .n_inputs = 0,
  .forward = stack_forward, .backward = stack_backward,
  .formulas = { STACK_FORMULA, STACK_FORMULA, STACK_FORMULA },
};

BsTensor *
bs_stack (BsTensor *const *tensors, guint n, int dim, GError **error)
{
  BsOpArgs args;

  if (n == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "stack expects a non-empty TensorList");
      return NULL;
    }
  if (!bs_wrap_dim (&dim, tensors[0]->ndim + 1, error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  return bs_op_apply (BS_OP_STACK, tensors, n, &args, error);
}
