/* bs-ops-layout.c: ops that move elements around (flip, roll, repeat, tril,
 * triu, diag) and running totals (cumsum, cumprod)
 *
 * The moving ops share one kernel: each output element names the input
 * element it copies (or none, for a zero), from its coordinates.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <string.h>

/* Input coordinates of output element `out`, into `in`; FALSE for a zero. */
typedef gboolean (*SourceFunc) (const gint64   *out,
                                gint64         *in,
                                const BsTensor *a,
                                const BsOpArgs *args);

static BsTensor *
remap (BsTensor        *a,
       int              ndim,
       const gint64    *shape,
       SourceFunc       source,
       const BsOpArgs  *args,
       GError         **error)
{
  g_autoptr(BsTensor) out = bs_tensor_new (a->context, a->dtype, ndim, shape, error);
  gsize size = bs_dtype_size (a->dtype);
  gint64 n, coords[BS_MAX_DIMS] = { 0 }, from[BS_MAX_DIMS] = { 0 };
  char *to;

  if (out == NULL)
    return NULL;
  n = bs_tensor_numel (out);
  to = bs_tensor_data (out);
  for (gint64 i = 0; i < n; i++)
    {
      if (source (coords, from, a, args))
        {
          gint64 offset = 0;

          for (int d = 0; d < a->ndim; d++)
            offset += from[d] * a->strides[d];
          memcpy (to + i * size, (const char *) bs_tensor_data (a) + offset * (gint64) size, size);
        }
      for (int d = ndim - 1; d >= 0; d--)
        {
          if (++coords[d] < shape[d])
            break;
          coords[d] = 0;
        }
    }
  return g_steal_pointer (&out);
}

static gboolean
dim_listed (const BsOpArgs *args, int d)
{
  for (int i = 0; i < args->n_dims; i++)
    if (args->dims[i] == d)
      return TRUE;
  return FALSE;
}

/* --- flip ----------------------------------------------------------------- */

static gboolean
flip_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  for (int d = 0; d < a->ndim; d++)
    in[d] = dim_listed (args, d) ? a->shape[d] - 1 - out[d] : out[d];
  return TRUE;
}

static BsTensor *
flip_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  return remap (in[0], in[0]->ndim, in[0]->shape, flip_source, args, error);
}

static gboolean
flip_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0)
      && (gi[0] = bs_flip (grad, node->args.dims, node->args.n_dims, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_flip = {
  .name = "flip", .grad_fn_name = "FlipBackward0", .symbol = "flip", .n_inputs = 1,
  .forward = flip_forward, .backward = flip_backward,
  .formulas = { "∂flip(a)/∂a: 1 from each element to its mirror" },
};

/* --- roll: dims[i] rolled by strides[i] (no dims: the flattened tensor) ---- */

static gboolean
roll_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  if (args->n_dims == 0)
    {
      /* the flattened tensor: the row-major position moves */
      gint64 numel = bs_tensor_numel (a), pos = 0;

      for (int d = 0; d < a->ndim; d++)
        pos = pos * a->shape[d] + out[d];
      pos = ((pos - args->strides[0]) % numel + numel) % numel;
      for (int d = a->ndim - 1; d >= 0; d--)
        {
          in[d] = pos % a->shape[d];
          pos /= a->shape[d];
        }
      return TRUE;
    }
  memcpy (in, out, a->ndim * sizeof (gint64));
  for (int i = 0; i < args->n_dims; i++)
    {
      int d = (int) args->dims[i];
      gint64 size = a->shape[d], shift = args->strides[i] % MAX (size, 1);

      in[d] = ((out[d] - shift) % size + size) % size;
    }
  return TRUE;
}

static BsTensor *
roll_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  return remap (in[0], in[0]->ndim, in[0]->shape, roll_source, args, error);
}

static gboolean
roll_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  gint64 back[BS_MAX_DIMS];

  for (int i = 0; i < MAX (node->args.n_dims, 1); i++)
    back[i] = -node->args.strides[i];
  if (NEEDS (0)
      && (gi[0] = bs_roll (grad, back, node->args.dims, node->args.n_dims, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_roll = {
  .name = "roll", .grad_fn_name = "RollBackward0", .symbol = "roll", .n_inputs = 1,
  .forward = roll_forward, .backward = roll_backward,
  .formulas = { "∂roll(a)/∂a: 1 from each element to where it rolled" },
};

/* --- repeat: dims[] are the repeats, as many as the result has dims -------- */

static gboolean
repeat_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  int lead = args->n_dims - a->ndim;

  for (int d = 0; d < a->ndim; d++)
    in[d] = out[lead + d] % a->shape[d];
  return TRUE;
}

static BsTensor *
repeat_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *a = in[0];
  gint64 shape[BS_MAX_DIMS];
  int lead = args->n_dims - a->ndim;

  for (int d = 0; d < args->n_dims; d++)
    shape[d] = args->dims[d] * (d < lead ? 1 : a->shape[d - lead]);
  return remap (a, args->n_dims, shape, repeat_source, args, error);
}

/* The gradient seen as [r0, s0, r1, s1, ...], summed over the r's. */
static gboolean
repeat_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                 GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  int m = node->args.n_dims, lead = m - meta->ndim;
  gint64 split[BS_MAX_DIMS], sum_dims[BS_MAX_DIMS];
  g_autoptr(BsTensor) view = NULL;
  g_autoptr(BsTensor) summed = NULL;

  if (!NEEDS (0))
    return TRUE;
  if (2 * m > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "the gradient of repeat() with %d repeats is not supported by Backstep "
                   "(at most %d)", m, BS_MAX_DIMS / 2);
      return FALSE;
    }
  for (int d = 0; d < m; d++)
    {
      split[2 * d] = node->args.dims[d];
      split[2 * d + 1] = d < lead ? 1 : meta->shape[d - lead];
      sum_dims[d] = 2 * d;
    }
  view = bs_reshape (grad, split, 2 * m, error);
  summed = view ? bs_sum_dims (view, sum_dims, m, FALSE, error) : NULL;
  gi[0] = summed ? bs_reshape (summed, meta->shape, meta->ndim, error) : NULL;
  return gi[0] != NULL;
}

const BsOpInfo bs_op_repeat = {
  .name = "repeat", .grad_fn_name = "RepeatBackward0", .symbol = "repeat", .n_inputs = 1,
  .forward = repeat_forward, .backward = repeat_backward,
  .formulas = { "∂repeat(a)/∂a: the copies' gradients add up" },
};

/* --- tril, triu: keep j - i <= k (tril) or >= k (triu) in the last two dims -- */

static gboolean
tri_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  gint64 i = out[a->ndim - 2], j = out[a->ndim - 1];

  memcpy (in, out, a->ndim * sizeof (gint64));
  return args->keepdim ? j - i >= args->index : j - i <= args->index;
}

static BsTensor *
tri_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  if (in[0]->ndim < 2)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "Dimension out of range (expected to be in range of [-%d, %d], but got -2)",
                   MAX (in[0]->ndim, 1), MAX (in[0]->ndim, 1) - 1);
      return NULL;
    }
  return remap (in[0], in[0]->ndim, in[0]->shape, tri_source, args, error);
}

static gboolean
tri_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (!NEEDS (0))
    return TRUE;
  gi[0] = node->args.keepdim ? bs_triu (grad, node->args.index, error)
                             : bs_tril (grad, node->args.index, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_tril = {
  .name = "tril", .grad_fn_name = "TrilBackward0", .symbol = "tril", .n_inputs = 1,
  .forward = tri_forward, .backward = tri_backward,
  .formulas = { "∂tril(a)/∂a = 1 on and below the diagonal, 0 above" },
};

const BsOpInfo bs_op_triu = {
  .name = "triu", .grad_fn_name = "TriuBackward0", .symbol = "triu", .n_inputs = 1,
  .forward = tri_forward, .backward = tri_backward,
  .formulas = { "∂triu(a)/∂a = 1 on and above the diagonal, 0 below" },
};

/* --- diag: a vector to a matrix with it on diagonal k, or back ------------ */

static gboolean
diag_embed_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  gint64 k = args->index;

  in[0] = k >= 0 ? out[0] : out[1];
  return out[1] - out[0] == k;
}

static gboolean
diag_take_source (const gint64 *out, gint64 *in, const BsTensor *a, const BsOpArgs *args)
{
  gint64 k = args->index;

  in[0] = k >= 0 ? out[0] : out[0] - k;
  in[1] = k >= 0 ? out[0] + k : out[0];
  return TRUE;
}

static BsTensor *
diag_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  BsTensor *a = in[0];
  gint64 k = args->index, len, shape[2];

  if (a->ndim == 1)
    {
      shape[0] = shape[1] = a->shape[0] + (k >= 0 ? k : -k);
      return remap (a, 2, shape, diag_embed_source, args, error);
    }
  if (a->ndim != 2)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "matrix or a vector expected");
      return NULL;
    }
  len = k >= 0 ? MIN (a->shape[0], a->shape[1] - k) : MIN (a->shape[0] + k, a->shape[1]);
  len = MAX (len, 0);
  return remap (a, 1, &len, diag_take_source, args, error);
}

static gboolean
diag_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  gint64 k = node->args.index, n;
  g_autoptr(BsTensor) zeros = NULL;
  g_autoptr(BsTensor) positions = NULL;

  if (!NEEDS (0))
    return TRUE;
  if (meta->ndim == 1)
    return (gi[0] = bs_diag (grad, k, error)) != NULL;
  /* the taken diagonal's gradient written into zeros of the matrix's shape */
  n = bs_tensor_numel (grad);
  zeros = bs_tensor_new (grad->context, grad->dtype, 2, meta->shape, error);
  positions = zeros ? bs_tensor_new (grad->context, BS_DTYPE_INT64, 1, &n, error) : NULL;
  if (positions == NULL)
    return FALSE;
  for (gint64 i = 0; i < n; i++)
    ((gint64 *) bs_tensor_data (positions))[i] = (k >= 0 ? i : i - k) * meta->shape[1]
                                                 + (k >= 0 ? i + k : i);
  gi[0] = bs_index_put_positions_ (zeros, positions, grad, FALSE, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_diag = {
  .name = "diag", .grad_fn_name = "DiagBackward0", .symbol = "diag", .n_inputs = 1,
  .forward = diag_forward, .backward = diag_backward,
  .formulas = { "∂diag(a)/∂a: 1 between each element and its place on the diagonal" },
};

/* --- cumsum, cumprod along args->dim ---------------------------------------- */

/* The tensor as [outer, n, inner], contiguous, in double (int64 in integers). */
static BsTensor *
running (BsTensor *a, int dim, gboolean product, BsDType dtype, GError **error)
{
  g_autoptr(BsTensor) src = bs_tensor_contiguous_copy (a, dtype, error);
  g_autoptr(BsTensor) out = NULL;
  gint64 outer = 1, inner = 1, n = a->ndim > 0 ? a->shape[dim] : 1;

  if (src == NULL)
    return NULL;
  for (int d = 0; d < a->ndim; d++)
    {
      outer *= d < dim ? a->shape[d] : 1;
      inner *= d > dim ? a->shape[d] : 1;
    }
  out = bs_tensor_new_uninit (a->context, dtype, a->ndim, a->shape, error);
  if (out == NULL)
    return NULL;
  if (dtype == BS_DTYPE_INT64)
    {
      const gint64 *x = bs_tensor_data (src);
      gint64 *y = bs_tensor_data (out);

      /* in integers, wrapping as PyTorch's (a double rounds past 2**53) */
      for (gint64 o = 0; o < outer; o++)
        for (gint64 i = 0; i < inner; i++)
          {
            guint64 acc = product ? 1 : 0;

            for (gint64 j = 0; j < n; j++)
              {
                gint64 at = (o * n + j) * inner + i;

                acc = product ? acc * (guint64) x[at] : acc + (guint64) x[at];
                y[at] = (gint64) acc;
              }
          }
      return g_steal_pointer (&out);
    }
  for (gint64 o = 0; o < outer; o++)
    for (gint64 i = 0; i < inner; i++)
      {
        double acc = product ? 1.0 : 0.0;

        for (gint64 j = 0; j < n; j++)
          {
            gint64 at = (o * n + j) * inner + i;
            double x = bs_tensor_get (src, at);

            /* in double, each result rounded to the tensor's type, as PyTorch's CPU kernel
             * (its accumulator is acc_type<float, false>, a double) */
            acc = product ? acc * x : acc + x;
            bs_tensor_set (out, at, acc);
          }
      }
  return g_steal_pointer (&out);
}

/* integers and bools accumulate as int64, as PyTorch */
static BsDType
running_dtype (BsTensor *a)
{
  return bs_dtype_is_floating (a->dtype) ? a->dtype : BS_DTYPE_INT64;
}

static BsTensor *
cumsum_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  return running (in[0], args->dim, FALSE, running_dtype (in[0]), error);
}

/* the reversed running sum of g along dim */
static BsTensor *
reverse_cumsum (BsTensor *g, int dim, GError **error)
{
  gint64 d = dim;
  g_autoptr(BsTensor) flipped = g->ndim > 0 ? bs_flip (g, &d, 1, error) : bs_tensor_ref (g);
  g_autoptr(BsTensor) summed = flipped ? bs_cumsum (flipped, dim, error) : NULL;

  if (summed == NULL)
    return NULL;
  return g->ndim > 0 ? bs_flip (summed, &d, 1, error) : g_steal_pointer (&summed);
}

static gboolean
cumsum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                 GError **error)
{
  return !NEEDS (0) || (gi[0] = reverse_cumsum (grad, node->args.dim, error)) != NULL;
}

const BsOpInfo bs_op_cumsum = {
  .name = "cumsum", .grad_fn_name = "CumsumBackward0", .symbol = "cumsum", .n_inputs = 1,
  .forward = cumsum_forward, .backward = cumsum_backward,
  .formulas = { "∂cumsum(a)ⱼ/∂aᵢ = [i ≤ j]" },
};

static BsTensor *
cumprod_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return running (in[0], args->dim, TRUE, running_dtype (in[0]), error);
}

static void
cumprod_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE_OUTPUT (1, out);
}

/* Σ_{j ≥ i} g_j · out_j / a_i, which needs a without zeros; with a zero the
 * exact products are taken, untracked (so create_graph is refused then). */
static gboolean
cumprod_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  GError *local_error = NULL;
  int dim = node->args.dim;
  gboolean has_zero = FALSE;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  for (gint64 i = 0; i < bs_tensor_numel (a) && !has_zero; i++)
    has_zero = bs_tensor_get (a, i) == 0.0;
  if (!has_zero)
    {
      g_autoptr(BsTensor) weighted = bs_mul (grad, out, error);
      g_autoptr(BsTensor) summed = weighted ? reverse_cumsum (weighted, dim, error) : NULL;

      gi[0] = summed ? bs_div (summed, a, error) : NULL;
      return gi[0] != NULL;
    }
  else if (node->context->grad_enabled
           && (bs_tensor_requires_grad (grad) || bs_tensor_requires_grad (a)))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "the second derivative of cumprod() of a tensor with zeros is not "
                           "supported by Backstep");
      return FALSE;
    }
  else
    {
      g_autoptr(BsTensor) ca = bs_tensor_contiguous_copy (a, BS_DTYPE_FLOAT64, error);
      g_autoptr(BsTensor) cg = ca ? bs_tensor_contiguous_copy (grad, BS_DTYPE_FLOAT64, error)
                                  : NULL;
      g_autoptr(BsTensor) result = NULL;
      gint64 outer = 1, inner = 1, n = a->ndim > 0 ? a->shape[dim] : 1;

      if (cg == NULL)
        return FALSE;
      for (int d = 0; d < a->ndim; d++)
        {
          outer *= d < dim ? a->shape[d] : 1;
          inner *= d > dim ? a->shape[d] : 1;
        }
      result = bs_tensor_new (a->context, grad->dtype, a->ndim, a->shape, error);
      if (result == NULL)
        return FALSE;
      for (gint64 o = 0; o < outer; o++)
        for (gint64 t = 0; t < inner; t++)
          for (gint64 i = 0; i < n; i++)
            {
              double total = 0.0, prefix = 1.0;

              for (gint64 k = 0; k < i; k++)
                prefix *= bs_tensor_get (ca, (o * n + k) * inner + t);
              for (gint64 j = i; j < n; j++)
                {
                  double p = prefix;

                  for (gint64 k = i + 1; k <= j; k++)
                    p *= bs_tensor_get (ca, (o * n + k) * inner + t);
                  total += bs_tensor_get (cg, (o * n + j) * inner + t) * p;
                }
              bs_tensor_set (result, (o * n + i) * inner + t, total);
            }
      gi[0] = g_steal_pointer (&result);
      return TRUE;
    }
}

const BsOpInfo bs_op_cumprod = {
  .name = "cumprod", .grad_fn_name = "CumprodBackward0", .symbol = "cumprod", .n_inputs = 1,
  .forward = cumprod_forward, .save = cumprod_save, .backward = cumprod_backward,
  .formulas = { "∂cumprod(a)ⱼ/∂aᵢ = [i ≤ j] · Π_{k ≤ j, k ≠ i} aₖ" },
};

/* --- the public functions --------------------------------------------------- */

static BsTensor *
apply1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply (op, &a, 1, args, error);
}

/* dims wrapped into args->dims, refusing repeats with PyTorch's message */
static gboolean
dims_args (BsTensor *a, const gint64 *dims, int n, BsOpArgs *args, GError **error)
{
  bs_op_args_init (args);
  for (int i = 0; i < n; i++)
    {
      int d = (int) dims[i];

      if (!bs_wrap_dim (&d, MAX (a->ndim, 1), error))
        return FALSE;
      for (int j = 0; j < i; j++)
        if (args->dims[j] == d)
          {
            g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                         "dim %d appears multiple times in the list of dims", d);
            return FALSE;
          }
      args->dims[i] = d;
    }
  args->n_dims = n;
  return TRUE;
}

BsTensor *
bs_flip (BsTensor *a, const gint64 *dims, int n_dims, GError **error)
{
  BsOpArgs args;

  if (!dims_args (a, dims, n_dims, &args, error))
    return NULL;
  return apply1 (BS_OP_FLIP, a, &args, error);
}

BsTensor *
bs_roll (BsTensor *a, const gint64 *shifts, const gint64 *dims, int n, GError **error)
{
  BsOpArgs args;

  if (n == 0)
    {
      bs_op_args_init (&args);
      args.strides[0] = shifts[0];
      return bs_tensor_numel (a) == 0 ? bs_clone (a, error) : apply1 (BS_OP_ROLL, a, &args, error);
    }
  if (!dims_args (a, dims, n, &args, error))
    return NULL;
  memcpy (args.strides, shifts, n * sizeof (gint64));
  return apply1 (BS_OP_ROLL, a, &args, error);
}

BsTensor *
bs_repeat (BsTensor *a, const gint64 *repeats, int n, GError **error)
{
  BsOpArgs args;

  if (n < a->ndim)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Number of dimensions of repeat dims can not be smaller than number "
                           "of dimensions of tensor");
      return NULL;
    }
  if (n > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)", n, BS_MAX_DIMS);
      return NULL;
    }
  bs_op_args_init (&args);
  for (int i = 0; i < n; i++)
    {
      if (repeats[i] < 0)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "Trying to create tensor with negative dimension %" G_GINT64_FORMAT,
                       repeats[i]);
          return NULL;
        }
      args.dims[i] = repeats[i];
    }
  args.n_dims = n;
  return apply1 (BS_OP_REPEAT, a, &args, error);
}

BsTensor *
bs_tile (BsTensor *a, const gint64 *reps, int n, GError **error)
{
  gint64 full[BS_MAX_DIMS];
  int lead = a->ndim - n;

  if (lead <= 0)
    return bs_repeat (a, reps, n, error);
  /* fewer reps than dims: leading 1s */
  for (int i = 0; i < a->ndim; i++)
    full[i] = i < lead ? 1 : reps[i - lead];
  return bs_repeat (a, full, a->ndim, error);
}

static BsTensor *
tri (BsOp op, BsTensor *a, gint64 diagonal, gboolean upper, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.index = diagonal;
  args.keepdim = upper;
  return apply1 (op, a, &args, error);
}

BsTensor *
bs_tril (BsTensor *a, gint64 diagonal, GError **error)
{
  return tri (BS_OP_TRIL, a, diagonal, FALSE, error);
}

BsTensor *
bs_triu (BsTensor *a, gint64 diagonal, GError **error)
{
  return tri (BS_OP_TRIU, a, diagonal, TRUE, error);
}

BsTensor *
bs_diag (BsTensor *a, gint64 diagonal, GError **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.index = diagonal;
  return apply1 (BS_OP_DIAG, a, &args, error);
}

static BsTensor *
running_apply (BsOp op, BsTensor *a, int dim, GError **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, MAX (a->ndim, 1), error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  return apply1 (op, a, &args, error);
}

BsTensor *
bs_cumsum (BsTensor *a, int dim, GError **error)
{
  return running_apply (BS_OP_CUMSUM, a, dim, error);
}

BsTensor *
bs_cumprod (BsTensor *a, int dim, GError **error)
{
  return running_apply (BS_OP_CUMPROD, a, dim, error);
}

BsTensor *
bs_outer (BsTensor *a, BsTensor *b, GError **error)
{
  g_autoptr(BsTensor) column = NULL;

  if (a->ndim != 1 || b->ndim != 1)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "outer: Expected 1-D argument %s, but got %d-D", a->ndim != 1 ? "self" : "vec2",
                   a->ndim != 1 ? a->ndim : b->ndim);
      return NULL;
    }
  column = bs_unsqueeze (a, 1, error);
  return column ? bs_mul (column, b, error) : NULL;
}
