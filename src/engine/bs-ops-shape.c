/* bs-ops-shape.c: views (view, reshape, transpose, expand, select, slice...) and their backward
 *
 * A view's forward makes an alias of its input (shared storage and version
 * counter); only the geometry changes. Backward formulas are views or sums of
 * the gradient, except for select and slice, which write the gradient into
 * zeros of the input's shape.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <string.h>

/* --- geometry helpers -------------------------------------------------- */

static char *
format_dims (const gint64 *dims,
             int           n)
{
  GString *s = g_string_new ("[");

  for (int d = 0; d < n; d++)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", dims[d]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static gboolean
check_ndim (int       ndim,
            GError  **error)
{
  if (ndim < 0 || ndim > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)", ndim, BS_MAX_DIMS);
      return FALSE;
    }
  return TRUE;
}

/* Resolves a -1 in shape against numel, with PyTorch's messages. */
static gboolean
infer_size (const gint64  *shape,
            int            ndim,
            gint64         numel,
            gint64        *out,
            GError       **error)
{
  int infer = -1;
  gint64 product = 1;

  for (int d = 0; d < ndim; d++)
    {
      out[d] = shape[d];
      if (shape[d] == -1)
        {
          if (infer >= 0)
            {
              g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                                   "only one dimension can be inferred");
              return FALSE;
            }
          infer = d;
        }
      else if (shape[d] < 0)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "invalid shape dimension %" G_GINT64_FORMAT, shape[d]);
          return FALSE;
        }
      else
        {
          product *= shape[d];
        }
    }
  if (numel == product || (infer >= 0 && product > 0 && numel % product == 0))
    {
      if (infer >= 0)
        {
          if (product == 0)
            {
              g_autofree char *s = format_dims (shape, ndim);

              g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "cannot reshape tensor of 0 elements into shape %s because the "
                           "unspecified dimension size -1 can be any value and is ambiguous", s);
              return FALSE;
            }
          out[infer] = numel / product;
        }
      return TRUE;
    }
  {
    g_autofree char *s = format_dims (shape, ndim);

    g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                 "shape '%s' is invalid for input of size %" G_GINT64_FORMAT, s, numel);
    return FALSE;
  }
}

/* Strides that let a's elements be seen with the new shape without copying.
 * a's dims are grouped into runs that are contiguous with one another; each run
 * must be covered by whole dims of the new shape. */
static gboolean
view_strides (const BsTensor *a,
              int             ndim,
              const gint64   *shape,
              gint64         *strides)
{
  static const gint64 one = 1;
  int old_ndim = a->ndim > 0 ? a->ndim : 1;
  const gint64 *old_shape = a->ndim > 0 ? a->shape : &one;
  const gint64 *old_strides = a->ndim > 0 ? a->strides : &one;
  gint64 chunk_stride, tensor_numel = 1, view_numel = 1;
  int view_d = ndim - 1;

  if (bs_tensor_numel (a) == 0)
    {
      if (ndim == a->ndim && memcmp (shape, a->shape, ndim * sizeof (gint64)) == 0)
        memcpy (strides, a->strides, ndim * sizeof (gint64));
      else
        bs_shape_contiguous_strides (ndim, shape, strides);
      return TRUE;
    }

  chunk_stride = old_strides[old_ndim - 1];
  for (int d = old_ndim - 1; d >= 0; d--)
    {
      tensor_numel *= old_shape[d];
      if (d == 0
          || (old_shape[d - 1] != 1 && old_strides[d - 1] != tensor_numel * chunk_stride))
        {
          while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1))
            {
              strides[view_d] = view_numel * chunk_stride;
              view_numel *= shape[view_d];
              view_d--;
            }
          if (view_numel != tensor_numel)
            return FALSE;
          if (d > 0)
            {
              chunk_stride = old_strides[d - 1];
              tensor_numel = 1;
              view_numel = 1;
            }
        }
    }
  return view_d == -1;
}

static BsTensor *
apply1 (BsOp            op,
        BsTensor       *a,
        const BsOpArgs *args,
        GError        **error)
{
  return bs_op_apply (op, &a, 1, args, error);
}

static BsOpArgs
dims_args (const gint64 *dims,
           int           n_dims)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.n_dims = n_dims;
  if (n_dims > 0)
    memcpy (args.dims, dims, n_dims * sizeof (gint64));
  return args;
}

static BsOpArgs
dim_args (int dim,
          int dim1)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.dim = dim;
  args.dim1 = dim1;
  return args;
}

/* --- view, reshape, _unsafe_view --------------------------------------- */

/* args->dims holds the target shape, already inferred. */
static BsTensor *
view_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  BsTensor *a = in[0];
  gint64 strides[BS_MAX_DIMS];

  if (!view_strides (a, args->n_dims, args->dims, strides))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "view size is not compatible with input tensor's size and stride (at "
                           "least one dimension spans across two contiguous subspaces). Use "
                           ".reshape(...) instead.");
      return NULL;
    }
  return bs_tensor_alias (a, args->n_dims, args->dims, strides, a->offset);
}

/* _unsafe_view takes a fresh contiguous clone, so the view always exists. */
static BsTensor *
unsafe_view_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  g_autoptr(BsTensor) copy = NULL;

  if (bs_tensor_is_contiguous (in[0]))
    return view_forward (in, n, args, extra, error);
  copy = bs_tensor_contiguous_copy (in[0], in[0]->dtype, error);
  if (copy == NULL)
    return NULL;
  return view_forward (&copy, 1, args, extra, error);
}

static gboolean
reshape_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];

  if (NEEDS (0) && (gi[0] = bs_reshape (grad, meta->shape, meta->ndim, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_view = {
  .name = "view", .grad_fn_name = "ViewBackward0", .symbol = "view", .n_inputs = 1,
  .is_view = TRUE,
  .forward = view_forward, .backward = reshape_backward,
  .formulas = { "∂a.view(s)/∂a: the gradient reshaped back to a's shape" },
};

const BsOpInfo bs_op_reshape_alias = {
  .name = "reshape", .grad_fn_name = "ReshapeAliasBackward0", .symbol = "reshape",
  .n_inputs = 1, .is_view = TRUE,
  .forward = view_forward, .backward = reshape_backward,
  .formulas = { "∂a.reshape(s)/∂a: the gradient reshaped back to a's shape" },
};

/* Not a view for autograd: it views a copy that nobody else holds. */
const BsOpInfo bs_op_unsafe_view = {
  .name = "_unsafe_view", .grad_fn_name = "UnsafeViewBackward0", .symbol = "reshape",
  .n_inputs = 1,
  .forward = unsafe_view_forward, .backward = reshape_backward,
  .formulas = { "∂a.reshape(s)/∂a: the gradient reshaped back to a's shape" },
};

BsTensor *
bs_view (BsTensor *a, const gint64 *shape, int ndim, GError **error)
{
  gint64 sizes[BS_MAX_DIMS];
  BsOpArgs args;

  if (!check_ndim (ndim, error) || !infer_size (shape, ndim, bs_tensor_numel (a), sizes, error))
    return NULL;
  args = dims_args (sizes, ndim);
  return apply1 (BS_OP_VIEW, a, &args, error);
}

/* A view when the geometry allows one, else a contiguous clone viewed, as PyTorch. */
BsTensor *
bs_reshape (BsTensor *a, const gint64 *shape, int ndim, GError **error)
{
  gint64 sizes[BS_MAX_DIMS];
  gint64 strides[BS_MAX_DIMS];
  g_autoptr(BsTensor) copy = NULL;
  BsOpArgs args;

  if (!check_ndim (ndim, error) || !infer_size (shape, ndim, bs_tensor_numel (a), sizes, error))
    return NULL;
  args = dims_args (sizes, ndim);
  if (view_strides (a, ndim, sizes, strides))
    return apply1 (BS_OP_RESHAPE_ALIAS, a, &args, error);
  copy = bs_clone (a, error);
  if (copy == NULL)
    return NULL;
  return apply1 (BS_OP_UNSAFE_VIEW, copy, &args, error);
}

BsTensor *
bs_flatten (BsTensor *a, int start_dim, int end_dim, GError **error)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim = 0;

  if (!bs_wrap_dim (&start_dim, a->ndim, error) || !bs_wrap_dim (&end_dim, a->ndim, error))
    return NULL;
  if (a->ndim == 0)
    {
      shape[0] = 1;
      return bs_reshape (a, shape, 1, error);
    }
  if (start_dim > end_dim)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "flatten() has invalid args: start_dim cannot come after end_dim");
      return NULL;
    }
  if (start_dim == end_dim)
    return bs_tensor_ref (a);
  for (int d = 0; d < start_dim; d++)
    shape[ndim++] = a->shape[d];
  shape[ndim] = 1;
  for (int d = start_dim; d <= end_dim; d++)
    shape[ndim] *= a->shape[d];
  ndim++;
  for (int d = end_dim + 1; d < a->ndim; d++)
    shape[ndim++] = a->shape[d];
  return bs_reshape (a, shape, ndim, error);
}

BsTensor *
bs_contiguous (BsTensor *a, GError **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_clone (a, error);
}

/* --- t, transpose, permute --------------------------------------------- */

static BsTensor *
permuted_alias (BsTensor     *a,
                const gint64 *order)
{
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];

  for (int d = 0; d < a->ndim; d++)
    {
      shape[d] = a->shape[order[d]];
      strides[d] = a->strides[order[d]];
    }
  return bs_tensor_alias (a, a->ndim, shape, strides, a->offset);
}

static BsTensor *
transpose_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  BsTensor *a = in[0];
  gint64 order[BS_MAX_DIMS];

  for (int d = 0; d < a->ndim; d++)
    order[d] = d;
  if (a->ndim > 0)
    {
      order[args->dim] = args->dim1;
      order[args->dim1] = args->dim;
    }
  return permuted_alias (a, order);
}

static gboolean
t_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_t (grad, error)) == NULL)
    return FALSE;
  return TRUE;
}

static gboolean
transpose_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  if (NEEDS (0)
      && (gi[0] = bs_transpose (grad, node->args.dim, node->args.dim1, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_t = {
  .name = "t", .grad_fn_name = "TBackward0", .symbol = "t", .n_inputs = 1, .is_view = TRUE,
  .forward = transpose_forward, .backward = t_backward,
  .formulas = { "∂a.t()/∂a: the gradient transposed back" },
};

const BsOpInfo bs_op_t_inplace = {
  .name = "t_", .grad_fn_name = "TBackward1", .symbol = "t_", .n_inputs = 1, .is_view = TRUE,
  .forward = transpose_forward, .backward = t_backward,
  .formulas = { "∂a.t_()/∂a: the gradient transposed back" },
};

const BsOpInfo bs_op_transpose = {
  .name = "transpose", .grad_fn_name = "TransposeBackward0", .symbol = "transpose",
  .n_inputs = 1, .is_view = TRUE,
  .forward = transpose_forward, .backward = transpose_backward,
  .formulas = { "∂a.transpose(i, j)/∂a: the gradient transposed back" },
};

BsTensor *
bs_t (BsTensor *a, GError **error)
{
  BsOpArgs args = dim_args (0, a->ndim == 2 ? 1 : 0);

  if (a->ndim > 2)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "t() expects a tensor with <= 2 dimensions, but self is %dD", a->ndim);
      return NULL;
    }
  return apply1 (BS_OP_T, a, &args, error);
}

/* a.t_(): a's own shape and strides swapped, its version bumped, and its history continued
 * by a TBackward1 node (the data is not touched, so a view's base keeps its history) */
BsTensor *
bs_t_ (BsTensor *a, GError **error)
{
  BsContext *context = a->context;
  BsOpArgs args = dim_args (0, a->ndim == 2 ? 1 : 0);
  g_autoptr(BsTensor) moved = NULL;
  int saved_in_backward = context->in_backward;

  if (a->ndim > 2)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "t_() expects a tensor with <= 2 dimensions, but self is %dD", a->ndim);
      return NULL;
    }
  if (!bs_check_inplace (a, error))
    return NULL;
  /* announced as a change of a, not as a new tensor */
  context->in_backward = 1;
  moved = apply1 (BS_OP_T_INPLACE, a, &args, error);
  context->in_backward = saved_in_backward;
  if (moved == NULL)
    return NULL;
  memcpy (a->shape, moved->shape, sizeof a->shape);
  memcpy (a->strides, moved->strides, sizeof a->strides);
  bs_tensor_bump_version (a);
  if (moved->grad_fn != NULL)
    {
      g_clear_pointer (&a->grad_fn, bs_node_unref);
      a->grad_fn = bs_node_ref (moved->grad_fn);
      a->output_nr = 0;
    }
  if (bs_context_emits (context, inplace) && context->in_backward == 0)
    {
      BsInplaceEvent event = {
        .tensor = a,
        .version = bs_tensor_version (a),
        .grad_fn = moved->grad_fn,
        .op_name = "t_",
      };

      context->sink->inplace (context->sink_data, &event);
    }
  return bs_tensor_ref (a);
}

BsTensor *
bs_transpose (BsTensor *a, int dim0, int dim1, GError **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim0, a->ndim, error) || !bs_wrap_dim (&dim1, a->ndim, error))
    return NULL;
  args = dim_args (dim0, dim1);
  return apply1 (BS_OP_TRANSPOSE, a, &args, error);
}

static BsTensor *
permute_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return permuted_alias (in[0], args->dims);
}

static gboolean
permute_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  gint64 inverse[BS_MAX_DIMS];

  if (!NEEDS (0))
    return TRUE;
  for (int d = 0; d < node->args.n_dims; d++)
    inverse[node->args.dims[d]] = d;
  gi[0] = bs_permute (grad, inverse, node->args.n_dims, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_permute = {
  .name = "permute", .grad_fn_name = "PermuteBackward0", .symbol = "permute", .n_inputs = 1,
  .is_view = TRUE,
  .forward = permute_forward, .backward = permute_backward,
  .formulas = { "∂a.permute(p)/∂a: the gradient permuted back by p⁻¹" },
};

BsTensor *
bs_permute (BsTensor *a, const gint64 *dims, int n_dims, GError **error)
{
  gint64 order[BS_MAX_DIMS];
  gboolean seen[BS_MAX_DIMS] = { FALSE };
  BsOpArgs args;

  if (n_dims != a->ndim)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "permute(sparse_coo): number of dimensions in the tensor input does not "
                   "match the length of the desired ordering of dimensions i.e. input.dim() = "
                   "%d is not equal to len(dims) = %d", a->ndim, n_dims);
      return NULL;
    }
  for (int d = 0; d < n_dims; d++)
    {
      int dim = dims[d] < G_MININT ? G_MININT : dims[d] > G_MAXINT ? G_MAXINT : (int) dims[d];

      if (!bs_wrap_dim (&dim, a->ndim, error))
        return NULL;
      if (seen[dim])
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "permute(): duplicate dims are not allowed.");
          return NULL;
        }
      seen[dim] = TRUE;
      order[d] = dim;
    }
  args = dims_args (order, n_dims);
  return apply1 (BS_OP_PERMUTE, a, &args, error);
}

/* --- squeeze, unsqueeze ------------------------------------------------ */

static BsTensor *
squeeze_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  BsTensor *a = in[0];
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  int ndim = 0;

  for (int d = 0; d < a->ndim; d++)
    {
      if (a->shape[d] == 1 && (args->n_dims == 0 || d == args->dim))
        continue;
      shape[ndim] = a->shape[d];
      strides[ndim++] = a->strides[d];
    }
  return bs_tensor_alias (a, ndim, shape, strides, a->offset);
}

/* Puts back the size-1 dims the input had (only at dim for squeeze(dim)). */
static gboolean
squeeze_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) g = NULL;

  if (!NEEDS (0))
    return TRUE;
  g = bs_tensor_ref (grad);
  for (int d = 0; d < meta->ndim; d++)
    {
      BsTensor *u;

      if (meta->shape[d] != 1 || (node->args.n_dims != 0 && d != node->args.dim))
        continue;
      u = bs_unsqueeze (g, d, error);
      if (u == NULL)
        return FALSE;
      bs_tensor_unref (g);
      g = u;
    }
  gi[0] = g_steal_pointer (&g);
  return TRUE;
}

const BsOpInfo bs_op_squeeze = {
  .name = "squeeze", .grad_fn_name = "SqueezeBackward0", .symbol = "squeeze", .n_inputs = 1,
  .is_view = TRUE,
  .forward = squeeze_forward, .backward = squeeze_backward,
  .formulas = { "∂a.squeeze()/∂a: the gradient with the size-1 dims put back" },
};

const BsOpInfo bs_op_squeeze_dim = {
  .name = "squeeze", .grad_fn_name = "SqueezeBackward1", .symbol = "squeeze",
  .n_inputs = 1, .is_view = TRUE,
  .forward = squeeze_forward, .backward = squeeze_backward,
  .formulas = { "∂a.squeeze(d)/∂a: the gradient unsqueezed at d" },
};

BsTensor *
bs_squeeze (BsTensor *a, GError **error)
{
  return apply1 (BS_OP_SQUEEZE, a, NULL, error);
}

BsTensor *
bs_squeeze_dim (BsTensor *a, int dim, GError **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  args = dim_args (dim, 0);
  args.n_dims = 1;   /* tells squeeze_forward to look at dim only */
  return apply1 (BS_OP_SQUEEZE_DIM, a, &args, error);
}

static BsTensor *
unsqueeze_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  BsTensor *a = in[0];
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  int dim = args->dim;

  for (int d = 0, s = 0; d <= a->ndim; d++)
    {
      if (d == dim)
        {
          shape[d] = 1;
          strides[d] = dim < a->ndim ? a->shape[dim] * a->strides[dim] : 1;
          continue;
        }
      shape[d] = a->shape[s];
      strides[d] = a->strides[s++];
    }
  return bs_tensor_alias (a, a->ndim + 1, shape, strides, a->offset);
}

static gboolean
unsqueeze_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_squeeze_dim (grad, node->args.dim, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_unsqueeze = {
  .name = "unsqueeze", .grad_fn_name = "UnsqueezeBackward0", .symbol = "unsqueeze",
  .n_inputs = 1, .is_view = TRUE,
  .forward = unsqueeze_forward, .backward = unsqueeze_backward,
  .formulas = { "∂a.unsqueeze(d)/∂a: the gradient squeezed at d" },
};

BsTensor *
bs_unsqueeze (BsTensor *a, int dim, GError **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, a->ndim + 1, error) || !check_ndim (a->ndim + 1, error))
    return NULL;
  args = dim_args (dim, 0);
  return apply1 (BS_OP_UNSQUEEZE, a, &args, error);
}

/* --- expand ------------------------------------------------------------ */

static BsTensor *
expand_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *a = in[0];
  int ndim = args->n_dims;
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];

  if (ndim < a->ndim)
    {
      g_autofree char *sizes = format_dims (args->dims, ndim);
      g_autofree char *own = bs_tensor_format_shape (a);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "expand(%s{%s}, size=%s): the number of sizes provided (%d) must be greater "
                   "or equal to the number of dimensions in the tensor (%d)",
                   bs_dtype_tensor_type (a->dtype), own, sizes, ndim, a->ndim);
      return NULL;
    }
  for (int i = ndim - 1; i >= 0; i--)
    {
      int d = a->ndim - ndim + i;
      gint64 target = args->dims[i];

      if (d < 0)
        {
          if (target == -1)
            {
              g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "The expanded size of the tensor (-1) isn't allowed in a leading, "
                           "non-existing dimension %d", i);
              return NULL;
            }
          shape[i] = target;
          strides[i] = target != 1 ? 0 : i == ndim - 1 ? 1 : shape[i + 1] * strides[i + 1];
          continue;
        }
      if (target == -1)
        target = a->shape[d];
      shape[i] = target;
      strides[i] = a->strides[d];
      if (a->shape[d] == target)
        continue;
      if (a->shape[d] != 1)
        {
          g_autofree char *sizes = format_dims (args->dims, ndim);
          g_autofree char *own = bs_tensor_format_shape (a);

          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "The expanded size of the tensor (%" G_GINT64_FORMAT ") must match the "
                       "existing size (%" G_GINT64_FORMAT ") at non-singleton dimension %d.  "
                       "Target sizes: %s.  Tensor sizes: %s",
                       target, a->shape[d], i, sizes, own);
          return NULL;
        }
      strides[i] = 0;
    }
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "numel: integer multiplication overflow");
        return NULL;
      }
  return bs_tensor_alias (a, ndim, shape, strides, a->offset);
}

static gboolean
expand_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                 GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];

  if (NEEDS (0) && (gi[0] = bs_sum_to_shape (grad, meta->shape, meta->ndim, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_expand = {
  .name = "expand", .grad_fn_name = "ExpandBackward0", .symbol = "expand", .n_inputs = 1,
  .is_view = TRUE,
  .forward = expand_forward, .backward = expand_backward,
  .formulas = { "∂a.expand(s)/∂a: the gradient summed over the expanded dims" },
};

BsTensor *
bs_expand (BsTensor *a, const gint64 *shape, int ndim, GError **error)
{
  BsOpArgs args;

  if (!check_ndim (ndim, error))
    return NULL;
  args = dims_args (shape, ndim);
  return apply1 (BS_OP_EXPAND, a, &args, error);
}

/* --- select, slice ----------------------------------------------------- */

/* Zeros of the input's shape with grad written at start, start + step, ...
 * along dim (grad has the input's shape but for that dim). When the gradient
 * is itself tracked (create_graph), this is built from cat and index_select so
 * that it can be differentiated again. */
static BsTensor *
embed_gradient (BsNode    *node,
                BsTensor  *grad,
                int        dim,
                gint64     start,
                gint64     step,
                GError   **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  gint64 n = meta->shape[dim];
  gint64 k = grad->shape[dim];

  if (!node->context->grad_enabled || !bs_tensor_requires_grad (grad))
    {
      g_autoptr(BsTensor) out = bs_tensor_new (node->context, grad->dtype, meta->ndim,
                                               meta->shape, error);
      g_autoptr(BsTensor) region = NULL;
      gint64 strides[BS_MAX_DIMS];

      if (out == NULL)
        return NULL;
      memcpy (strides, out->strides, meta->ndim * sizeof (gint64));
      strides[dim] *= step;
      region = bs_tensor_alias (out, grad->ndim, grad->shape, strides,
                                start * out->strides[dim]);
      if (!bs_tensor_copy_from (region, grad, error))
        return NULL;
      return g_steal_pointer (&out);
    }
  else
    {
      gint64 zshape[BS_MAX_DIMS];
      g_autoptr(BsTensor) zero = NULL;
      g_autoptr(BsTensor) extended = NULL;
      g_autoptr(BsTensor) index = NULL;
      BsTensor *parts[2];

      memcpy (zshape, grad->shape, grad->ndim * sizeof (gint64));
      zshape[dim] = 1;
      zero = bs_tensor_new (node->context, grad->dtype, grad->ndim, zshape, error);
      if (zero == NULL)
        return NULL;
      parts[0] = grad;
      parts[1] = zero;
      extended = bs_cat (parts, 2, dim, error);
      index = extended ? bs_tensor_new (node->context, BS_DTYPE_INT64, 1, &n, error) : NULL;
      if (index == NULL)
        return NULL;
      for (gint64 i = 0; i < n; i++)
        {
          gint64 j = (i - start) / step;
          gboolean hit = i >= start && (i - start) % step == 0 && j < k;

          ((gint64 *) bs_tensor_data (index))[i] = hit ? j : k;
        }
      return bs_index_select (extended, dim, index, error);
    }
}

static BsTensor *
select_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *a = in[0];
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  int ndim = 0;

  for (int d = 0; d < a->ndim; d++)
    {
      if (d == args->dim)
        continue;
      shape[ndim] = a->shape[d];
      strides[ndim++] = a->strides[d];
    }
  return bs_tensor_alias (a, ndim, shape, strides,
                          a->offset + args->index * a->strides[args->dim]);
}

static gboolean
select_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                 GError **error)
{
  g_autoptr(BsTensor) g = NULL;

  if (!NEEDS (0))
    return TRUE;
  g = bs_unsqueeze (grad, node->args.dim, error);
  if (g == NULL)
    return FALSE;
  gi[0] = embed_gradient (node, g, node->args.dim, node->args.index, 1, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_select = {
  .name = "select", .grad_fn_name = "SelectBackward0", .symbol = "[]", .n_inputs = 1,
  .is_view = TRUE,
  .forward = select_forward, .backward = select_backward,
  .formulas = { "∂a[i]/∂a: 1 at the selected entries, 0 elsewhere" },
};

BsTensor *
bs_select (BsTensor *a, int dim, gint64 index, GError **error)
{
  BsOpArgs args;
  gint64 size;

  if (a->ndim == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "select() cannot be applied to a 0-dim tensor.");
      return NULL;
    }
  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  size = a->shape[dim];
  if (index < -size || index >= size)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "index %" G_GINT64_FORMAT " is out of bounds for dimension %d with size %"
                   G_GINT64_FORMAT, index, dim, size);
      return NULL;
    }
  args = dim_args (dim, 0);
  args.index = index < 0 ? index + size : index;
  return apply1 (BS_OP_SELECT, a, &args, error);
}

static BsTensor *
slice_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  BsTensor *a = in[0];
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  int dim = args->dim;

  memcpy (shape, a->shape, a->ndim * sizeof (gint64));
  memcpy (strides, a->strides, a->ndim * sizeof (gint64));
  shape[dim] = (args->stop - args->start + args->step - 1) / args->step;
  strides[dim] *= args->step;
  return bs_tensor_alias (a, a->ndim, shape, strides,
                          a->offset + args->start * a->strides[dim]);
}

static gboolean
slice_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                GError **error)
{
  if (!NEEDS (0))
    return TRUE;
  gi[0] = embed_gradient (node, grad, node->args.dim, node->args.start, node->args.step, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_slice = {
  .name = "slice", .grad_fn_name = "SliceBackward0", .symbol = "[:]", .n_inputs = 1,
  .is_view = TRUE,
  .forward = slice_forward, .backward = slice_backward,
  .formulas = { "∂a[i:j:k]/∂a: 1 at the sliced entries, 0 elsewhere" },
};

static gint64
clamp_slice_bound (gint64 bound,
                   gint64 size)
{
  if (bound < 0)
    bound = bound < -size ? 0 : bound + size;
  return MIN (bound, size);
}

BsTensor *
bs_slice (BsTensor *a, int dim, gint64 start, gint64 stop, gint64 step, GError **error)
{
  BsOpArgs args;

  if (step <= 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "step must be greater than zero");
      return NULL;
    }
  if (a->ndim == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "slice() cannot be applied to a 0-dim tensor.");
      return NULL;
    }
  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  args = dim_args (dim, 0);
  args.start = clamp_slice_bound (start, a->shape[dim]);
  args.stop = MAX (clamp_slice_bound (stop, a->shape[dim]), args.start);
  args.step = step;
  return apply1 (BS_OP_SLICE, a, &args, error);
}

/* --- split, chunk, unbind: pieces sharing one node of several outputs ------------- */

/* The pieces' gradients joined back along dim (stacked for unbind), zeros for a piece
 * that got none: the gradient of the split tensor. */
static gboolean
pieces_backward (BsNode           *node,
                 BsTensor *const  *grads,
                 BsTensor        **gi,
                 BsTensor        **locals,
                 BsTensor        **upstream,
                 GError          **error)
{
  guint n = node->n_outputs;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_full (n, (GDestroyNotify) bs_tensor_unref);

  for (guint k = 0; k < n; k++)
    {
      const BsTensorMeta *meta = bs_node_output_meta (node, k);
      BsTensor *part = grads[k] != NULL
        ? bs_tensor_ref (grads[k])
        : bs_tensor_new (node->context, meta->dtype, meta->ndim, meta->shape, error);

      if (part == NULL)
        return FALSE;
      g_ptr_array_add (parts, part);
    }
  *upstream = node->op == BS_OP_UNBIND
    ? bs_stack ((BsTensor *const *) parts->pdata, n, node->args.dim, error)
    : bs_cat ((BsTensor *const *) parts->pdata, n, node->args.dim, error);
  if (*upstream == NULL)
    return FALSE;
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (*upstream);
  return TRUE;
}

/* piece k starts where the pieces before it end */
static void
piece_args (const BsOpArgs *node_args, const BsTensorMeta *outputs, guint n_outputs, guint k,
            BsOpArgs *args)
{
  int dim = node_args->dim;

  *args = *node_args;
  args->start = 0;
  for (guint j = 0; j < k; j++)
    args->start += outputs[j].shape[dim];
  args->stop = args->start + outputs[k].shape[dim];
  args->step = 1;
}

static void
slice_index_args (const BsOpArgs *node_args, const BsTensorMeta *outputs, guint n_outputs,
                  guint k, BsOpArgs *args)
{
  *args = *node_args;
  args->index = k;
}

const BsOpInfo bs_op_split = {
  .name = "split", .grad_fn_name = "SplitBackward0", .symbol = "split", .n_inputs = 1,
  .is_view = TRUE,
  .forward = slice_forward, .backward_multi = pieces_backward, .output_args = piece_args,
  .formulas = { "the pieces' grads joined along dim, zeros for a piece without one" },
};

const BsOpInfo bs_op_split_with_sizes = {
  .name = "split_with_sizes", .grad_fn_name = "SplitWithSizesBackward0", .symbol = "split",
  .n_inputs = 1, .is_view = TRUE,
  .forward = slice_forward, .backward_multi = pieces_backward, .output_args = piece_args,
  .formulas = { "the pieces' grads joined along dim, zeros for a piece without one" },
};

const BsOpInfo bs_op_unbind = {
  .name = "unbind", .grad_fn_name = "UnbindBackward0", .symbol = "unbind", .n_inputs = 1,
  .is_view = TRUE,
  .forward = select_forward, .backward_multi = pieces_backward,
  .output_args = slice_index_args,
  .formulas = { "the slices' grads stacked along dim, zeros for a slice without one" },
};

/* n pieces along dim of sizes[k] elements each. */
gboolean
bs_split (BsTensor      *a,
          int            dim,
          const gint64  *sizes,
          guint          n,
          gboolean       with_sizes,
          BsTensor     **pieces,
          GError       **error)
{
  g_autofree BsOpArgs *args = NULL;
  BsOpArgs node_args;
  gint64 start = 0;

  if (a->ndim == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "split expects at least a 1-dimensional tensor");
      return FALSE;
    }
  if (!bs_wrap_dim (&dim, a->ndim, error))
    return FALSE;
  node_args = dim_args (dim, 0);
  args = g_new (BsOpArgs, MAX (n, 2));
  for (guint k = 0; k < n; k++)
    {
      args[k] = node_args;
      args[k].start = CLAMP (start, 0, a->shape[dim]);
      args[k].stop = CLAMP (start + sizes[k], args[k].start, a->shape[dim]);
      args[k].step = 1;
      start += sizes[k];
    }
  return n == 0 || bs_op_apply_multi (with_sizes ? BS_OP_SPLIT_WITH_SIZES : BS_OP_SPLIT, &a, 1,
                            &node_args, args, n, pieces, error);
}

gboolean
bs_unbind (BsTensor  *a,
           int        dim,
           BsTensor **pieces,
           GError   **error)
{
  g_autofree BsOpArgs *args = NULL;
  BsOpArgs node_args;
  gint64 n;

  if (a->ndim == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                           "Dimension specified as 0 but tensor has no dimensions");
      return FALSE;
    }
  if (!bs_wrap_dim (&dim, a->ndim, error))
    return FALSE;
  n = a->shape[dim];
  node_args = dim_args (dim, 0);
  args = g_new (BsOpArgs, MAX (n, 2));
  for (gint64 k = 0; k < n; k++)
    {
      args[k] = node_args;
      args[k].index = k;
    }
  return n == 0 || bs_op_apply_multi (BS_OP_UNBIND, &a, 1, &node_args, args, (guint) n,
                                      pieces, error);
}
