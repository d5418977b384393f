/* bs-autograd.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"
#include "bs-tape.h"

#include <string.h>

gboolean
bs_grad_mode_set (BsContext *context,
                  gboolean   enabled)
{
  gboolean previous = context->grad_enabled;

  context->grad_enabled = enabled;
  return previous;
}

/* -1 stands for "no tensor in this tier". */
static int
combine_categories (int higher,
                    int lower)
{
  if (higher >= 0 && bs_dtype_is_floating (higher))
    return higher;
  if (higher == BS_DTYPE_BOOL || (lower >= 0 && bs_dtype_is_floating (lower)))
    return lower < 0 ? higher : higher < 0 ? lower : (int) bs_dtype_promote (higher, lower);
  return higher >= 0 ? higher : lower;
}

BsDType
bs_result_type (BsTensor *const *inputs,
                guint            n_inputs)
{
  int tier[3] = { -1, -1, -1 };  /* dimensioned, zero-dim, wrapped numbers */
  int result;

  for (guint i = 0; i < n_inputs; i++)
    {
      BsTensor *t = inputs[i];
      int k = t->is_wrapped_number ? 2 : t->ndim == 0 ? 1 : 0;
      BsDType dtype = t->dtype;

      /* A Python float takes the default dtype. */
      if (t->is_wrapped_number && bs_dtype_is_floating (dtype))
        dtype = BS_DTYPE_FLOAT32;
      tier[k] = tier[k] < 0 ? (int) dtype : (int) bs_dtype_promote (tier[k], dtype);
    }
  result = combine_categories (tier[0], combine_categories (tier[1], tier[2]));
  return result < 0 ? BS_DTYPE_FLOAT32 : (BsDType) result;
}

static void
meta_from_tensor (BsTensorMeta   *meta,
                  const BsTensor *tensor)
{
  meta->ndim = tensor->ndim;
  memcpy (meta->shape, tensor->shape, tensor->ndim * sizeof (gint64));
  meta->dtype = tensor->dtype;
}

/* The edge a gradient for this tensor must travel. */
static void
set_gradient_edge (BsEdge   *edge,
                   BsTensor *tensor)
{
  edge->present = TRUE;
  if (tensor->grad_fn != NULL)
    {
      edge->node = bs_node_ref (tensor->grad_fn);
      edge->input_nr = tensor->output_nr;
    }
  else if (tensor->requires_grad)
    {
      edge->node = bs_tensor_grad_accumulator (tensor);
      edge->input_nr = 0;
    }
}

/* A view's base is the tensor its input views, or the input; as PyTorch's creation meta,
 * a view made with grad mode off or in inference mode, or of such a view, is marked. A view
 * of an inference tensor is an inference tensor, which PyTorch does not track as a view. */
static void
mark_view (BsTensor *view,
           BsTensor *input)
{
  BsContext *context = view->context;

  if (view->view_base != NULL || input->is_inference)
    return;
  view->view_base = bs_tensor_ref (input->view_base != NULL ? input->view_base : input);
  view->made_in_inference = context->inference_mode || input->made_in_inference;
  view->made_without_grad = !context->grad_enabled || view->made_in_inference
                            || input->made_without_grad;
  view->view_version = bs_tensor_version (view);
}

/* PyTorch runs no autograd kernel in inference mode, nor for an op whose tensors are all
 * inference tensors. */
static gboolean
autograd_runs (BsContext       *context,
               BsTensor *const *inputs,
               guint            n_inputs)
{
  if (!context->grad_enabled || context->inference_mode)
    return FALSE;
  for (guint i = 0; i < n_inputs; i++)
    if (!inputs[i]->is_inference)
      return TRUE;
  return FALSE;
}

/* An inference tensor cannot be saved for backward: FALSE with PyTorch's error. */
static gboolean
check_saved_not_inference (BsNode  *node,
                           GError **error)
{
  for (guint i = 0; i < node->n_saved; i++)
    if (node->saved[i].tensor != NULL && !node->saved[i].is_output
        && node->saved[i].tensor->is_inference)
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "Inference tensors cannot be saved for backward. To work around "
                             "you can make a clone to get a normal tensor and use it in "
                             "autograd.");
        return FALSE;
      }
  return TRUE;
}

static gboolean
should_record (const BsOpInfo   *info,
               gboolean          has_backward,
               BsContext        *context,
               BsTensor *const  *inputs,
               guint             n_inputs,
               BsTensor         *output)
{
  if (!has_backward || !bs_dtype_is_floating (output->dtype)
      || !autograd_runs (context, inputs, n_inputs))
    return FALSE;
  for (guint i = 0; i < n_inputs; i++)
    if (!(info->nondiff_inputs & (1u << MIN (i, 31))) && bs_tensor_requires_grad (inputs[i]))
      return TRUE;
  return FALSE;
}

/* The node's edges to its inputs, and their metas. */
static void
record_inputs (BsNode           *node,
               const BsOpInfo   *info,
               BsTensor *const  *inputs,
               guint             n_inputs)
{
  for (guint i = 0; i < n_inputs; i++)
    {
      if (info->nondiff_inputs & (1u << MIN (i, 31)))
        continue;
      meta_from_tensor (&node->input_meta[i], inputs[i]);
      if (bs_tensor_requires_grad (inputs[i]))
        set_gradient_edge (&node->next[i], inputs[i]);
      else
        node->next[i].present = TRUE;
    }
}

static BsNode *
record (BsOp              op,
        const BsOpInfo   *info,
        BsTensor *const  *inputs,
        guint             n_inputs,
        const BsOpArgs   *args,
        BsTensor         *output,
        BsTensor         *extra)
{
  BsNode *node = bs_node_new (output->context, op, args, n_inputs);

  record_inputs (node, info, inputs, n_inputs);
  meta_from_tensor (&node->output_meta, output);
  if (info->save != NULL)
    info->save (node, inputs, output, extra);
  return node;
}

static void
announce (BsContext        *context,
          const BsOpInfo   *info,
          BsTensor         *output,
          BsTensor *const  *inputs,
          guint             n_inputs)
{
  BsTensorEvent event = {
    .tensor = output,
    .grad_fn = output->grad_fn,
    .op_name = info->name,
    .inputs = inputs,
    .n_inputs = n_inputs,
  };

  context->sink->tensor_created (context->sink_data, &event);
}

static gboolean
check_op_size (BsContext        *context,
               const BsOpInfo   *info,
               BsTensor *const  *inputs,
               guint             n_inputs,
               GError          **error)
{
  for (guint i = 0; i < n_inputs; i++)
    {
      gint64 n = bs_tensor_numel (inputs[i]);

      if (!bs_context_check_op_size (context, info->name, n, error))
        return FALSE;
      context->elements_read += n;
    }
  return TRUE;
}

BsTensor *
bs_op_apply_full (BsOp             op,
                  BsTensor *const *inputs,
                  guint            n_inputs,
                  const BsOpArgs  *args,
                  BsTensor       **extra_output,
                  GError         **error)
{
  const BsOpInfo *info = bs_op_info (op);
  BsContext *context;
  BsTensor *output;
  BsTensor *extra = NULL;
  BsOpArgs default_args;
  GError *local_error = NULL;

  g_return_val_if_fail (n_inputs > 0 && inputs[0] != NULL, NULL);
  g_return_val_if_fail (info->n_inputs == 0 || info->n_inputs == n_inputs, NULL);

  context = inputs[0]->context;
  if (context->op_elements_limit != 0 && !check_op_size (context, info, inputs, n_inputs, error))
    return NULL;
  if (args == NULL)
    {
      bs_op_args_init (&default_args);
      args = &default_args;
    }
  if (context->grad_enabled && info->backward != NULL)
    for (guint i = 0; i < n_inputs; i++)
      if (!(info->nondiff_inputs & (1u << MIN (i, 31)))
          && !bs_check_view_unchanged (inputs[i], &local_error))
        {
          if (bs_context_emits (context, error) && context->in_backward == 0)
            context->sink->error (context->sink_data, local_error, NULL);
          g_propagate_error (error, local_error);
          return NULL;
        }
  /* float16, bfloat16 and bool ops PyTorch's CPU build lacks fail as they do there */
  output = bs_op_check_kernel (op, inputs, n_inputs, args, &local_error)
           && bs_op_check_unreproduced (op, inputs, n_inputs, &local_error)
           ? info->forward (inputs, n_inputs, args, &extra, &local_error) : NULL;
  if (output == NULL)
    {
      g_clear_pointer (&extra, bs_tensor_unref);
      if (bs_context_emits (context, error) && context->in_backward == 0)
        context->sink->error (context->sink_data, local_error, NULL);
      g_propagate_error (error, local_error);
      return NULL;
    }
  context->elements_read += bs_tensor_numel (output);
  if (info->is_view)
    mark_view (output, inputs[0]);
  if (should_record (info, info->backward != NULL, context, inputs, n_inputs, output))
    {
      output->grad_fn = record (op, info, inputs, n_inputs, args, output, extra);
      output->output_nr = 0;
      if (!check_saved_not_inference (output->grad_fn, &local_error))
        {
          g_clear_pointer (&output, bs_tensor_unref);
          g_clear_pointer (&extra, bs_tensor_unref);
          if (bs_context_emits (context, error) && context->in_backward == 0)
            context->sink->error (context->sink_data, local_error, NULL);
          g_propagate_error (error, local_error);
          return NULL;
        }
    }
  if (G_UNLIKELY (context->tape != NULL) && context->in_backward == 0)
    {
      g_autofree guint32 *ids = g_new (guint32, n_inputs);

      bs_tape_read_inputs (context->tape, inputs, n_inputs, ids);
      bs_tape_record_op (context->tape, op, args, ids, n_inputs, output, extra);
    }
  if (bs_context_emits (context, tensor_created) && context->in_backward == 0)
    announce (context, info, output, inputs, n_inputs);

  if (extra_output != NULL)
    *extra_output = extra;
  else
    g_clear_pointer (&extra, bs_tensor_unref);
  return output;
}

BsTensor *
bs_op_apply (BsOp             op,
             BsTensor *const *inputs,
             guint            n_inputs,
             const BsOpArgs  *args,
             GError         **error)
{
  return bs_op_apply_full (op, inputs, n_inputs, args, NULL, error);
}

gboolean
bs_op_apply_multi (BsOp             op,
                   BsTensor *const *inputs,
                   guint            n_inputs,
                   const BsOpArgs  *node_args,
                   const BsOpArgs  *output_args,
                   guint            n_outputs,
                   BsTensor       **outputs,
                   GError         **error)
{
  const BsOpInfo *info = bs_op_info (op);
  BsContext *context = inputs[0]->context;
  gboolean tape = G_UNLIKELY (context->tape != NULL) && context->in_backward == 0;
  g_autofree guint32 *ids = tape ? g_new (guint32, n_inputs) : NULL;
  GError *local_error = NULL;
  BsNode *node = NULL;

  g_return_val_if_fail (n_outputs > 0 && info->backward_multi != NULL, FALSE);
  for (guint i = 0; context->grad_enabled && i < n_inputs; i++)
    if (!bs_check_view_unchanged (inputs[i], error))
      return FALSE;
  if (tape)
    bs_tape_read_inputs (context->tape, inputs, n_inputs, ids);
  for (guint k = 0; k < n_outputs; k++)
    {
      BsTensor *extra = NULL;

      outputs[k] = info->forward (inputs, n_inputs, &output_args[k], &extra, &local_error);
      g_clear_pointer (&extra, bs_tensor_unref);
      if (outputs[k] == NULL)
        {
          for (guint j = 0; j < k; j++)
            g_clear_pointer (&outputs[j], bs_tensor_unref);
          if (bs_context_emits (context, error) && context->in_backward == 0)
            context->sink->error (context->sink_data, local_error, NULL);
          g_propagate_error (error, local_error);
          return FALSE;
        }
      context->elements_read += bs_tensor_numel (outputs[k]);
      if (info->is_view)
        mark_view (outputs[k], inputs[0]);
      if (tape)
        bs_tape_record_op (context->tape, op, &output_args[k], ids, n_inputs, outputs[k], NULL);
    }

  if (should_record (info, TRUE, context, inputs, n_inputs, outputs[0]))
    {
      node = bs_node_new_multi (context, op, node_args, n_inputs, n_outputs);
      record_inputs (node, info, inputs, n_inputs);
      if (info->save != NULL)
        info->save (node, inputs, outputs[0], NULL);
      if (!check_saved_not_inference (node, &local_error))
        {
          bs_node_unref (node);
          for (guint k = 0; k < n_outputs; k++)
            g_clear_pointer (&outputs[k], bs_tensor_unref);
          if (bs_context_emits (context, error) && context->in_backward == 0)
            context->sink->error (context->sink_data, local_error, NULL);
          g_propagate_error (error, local_error);
          return FALSE;
        }
      for (guint k = 0; k < n_outputs; k++)
        {
          bs_node_set_output_meta (node, k, outputs[k]);
          outputs[k]->grad_fn = bs_node_ref (node);
          outputs[k]->output_nr = k;
        }
      bs_node_unref (node);
    }
  if (bs_context_emits (context, tensor_created) && context->in_backward == 0)
    for (guint k = 0; k < n_outputs; k++)
      announce (context, info, outputs[k], inputs, n_inputs);
  return TRUE;
}

gboolean
bs_op_apply_multi_again (BsOp                op,
                         BsTensor *const    *inputs,
                         guint               n_inputs,
                         const BsOpArgs     *node_args,
                         const BsTensorMeta *output_metas,
                         guint               n_outputs,
                         BsTensor          **outputs,
                         GError            **error)
{
  const BsOpInfo *info = bs_op_info (op);
  g_autofree BsOpArgs *args = g_new (BsOpArgs, MAX (n_outputs, 1));

  g_return_val_if_fail (info->output_args != NULL, FALSE);
  for (guint k = 0; k < n_outputs; k++)
    info->output_args (node_args, output_metas, n_outputs, k, &args[k]);
  return bs_op_apply_multi (op, inputs, n_inputs, node_args, args, n_outputs, outputs, error);
}

static gboolean
check_inplace_allowed (BsTensor  *self,
                       GError   **error)
{
  BsTensor *base = self->view_base;

  if (!self->context->grad_enabled || self->context->inference_mode)
    return TRUE;
  if (bs_tensor_is_leaf (self) && self->requires_grad)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, BS_MSG_LEAF_INPLACE);
      return FALSE;
    }
  if (base != NULL && self->made_without_grad && bs_tensor_requires_grad (self))
    {
      /* PyTorch asserts that such a view has no history: a view taken of it with grad
       * mode on has one, and fails that assertion */
      if (self->grad_fn != NULL)
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "!grad_fn INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/"
                             "variable.cpp\":792, please report a bug to PyTorch. ");
      else if (self->made_in_inference)
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "A view was created in inference mode and is being modified "
                             "inplace in normal mode. Given that this use case is ambiguous "
                             "and error-prone, it is forbidden. You can clarify your code by "
                             "moving both the view and the inplace either both inside the "
                             "inference_mode block (if you don't want the inplace to be "
                             "tracked) or both outside (if you want the inplace to be "
                             "tracked).");
      else
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                             "A view was created in no_grad mode and is being modified inplace "
                             "with grad mode enabled. Given that this use case is ambiguous "
                             "and error-prone, it is forbidden. You can clarify your code by "
                             "moving both the view and the inplace either both inside the "
                             "no_grad block (if you don't want the inplace to be tracked) or "
                             "both outside (if you want the inplace to be tracked).");
      return FALSE;
    }
  if (self->is_custom_view && self->grad_fn != NULL && self->grad_fn->custom != NULL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Output %u of %s is a view and is being modified inplace. This view was "
                   "created inside a custom Function (or because an input was returned as-is) "
                   "and the autograd logic to handle view+inplace would override the custom "
                   "backward associated with the custom Function, leading to incorrect "
                   "gradients. This behavior is forbidden. You can fix this by cloning the "
                   "output of the custom Function.", self->output_nr,
                   self->grad_fn->custom->name);
      return FALSE;
    }
  if (base != NULL && self->grad_fn != NULL && bs_node_is_multi_output (self->grad_fn))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Output %u of %s is a view and is being modified inplace. This view is "
                   "the output of a function that returns multiple views. Such functions do "
                   "not allow the output views to be modified inplace. You should replace the "
                   "inplace operation by an out-of-place one.",
                   self->output_nr, bs_node_name (self->grad_fn));
      return FALSE;
    }
  if (base != NULL && bs_tensor_is_leaf (base) && base->requires_grad)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.");
      return FALSE;
    }
  return TRUE;
}

/* In-place ops on views (PyTorch's CopySlices). A view's geometry is kept in
 * args relative to its base, which is contiguous: element i of the view sits
 * at position positions[i] of the flattened base. */

static gint64 *
view_positions (const BsOpArgs *geometry,
                gint64         *n_out)
{
  gint64 n = 1;
  gint64 *positions;
  gint64 index[BS_MAX_DIMS] = { 0 };

  for (int d = 0; d < geometry->n_dims; d++)
    n *= geometry->dims[d];
  positions = g_new (gint64, MAX (n, 1));
  for (gint64 i = 0; i < n; i++)
    {
      gint64 p = geometry->storage_offset;

      for (int d = 0; d < geometry->n_dims; d++)
        p += index[d] * geometry->strides[d];
      positions[i] = p;
      for (int d = geometry->n_dims - 1; d >= 0; d--)
        {
          if (++index[d] < geometry->dims[d])
            break;
          index[d] = 0;
        }
    }
  *n_out = n;
  return positions;
}

static BsTensor *
index_vector (BsContext    *context,
              const gint64 *values,
              gint64        n)
{
  BsTensor *t = bs_tensor_new_uninit (context, BS_DTYPE_INT64, 1, &n, NULL);

  memcpy (bs_tensor_data (t), values, n * sizeof (gint64));
  return t;
}

static gint64
meta_numel (const BsTensorMeta *meta)
{
  gint64 n = 1;

  for (int d = 0; d < meta->ndim; d++)
    n *= meta->shape[d];
  return n;
}

/* The view's region of a base-shaped tensor (tracked). */
static BsTensor *
gather_view (BsTensor        *whole,
             const BsOpArgs  *geometry,
             GError         **error)
{
  gint64 n, numel = bs_tensor_numel (whole);
  g_autofree gint64 *positions = view_positions (geometry, &n);
  g_autoptr(BsTensor) index = index_vector (whole->context, positions, n);
  g_autoptr(BsTensor) flat = bs_reshape (whole, &numel, 1, error);
  g_autoptr(BsTensor) picked = NULL;

  if (flat == NULL || (picked = bs_index (flat, 0, index, error)) == NULL)
    return NULL;
  return bs_reshape (picked, geometry->dims, geometry->n_dims, error);
}

/* A base-shaped tensor holding part at the view's positions and 0 elsewhere
 * (tracked); *outside, when asked, gets 1 outside the view and 0 inside. */
static BsTensor *
scatter_view (BsTensor            *part,
              const BsOpArgs      *geometry,
              const BsTensorMeta  *base,
              BsTensor           **outside,
              GError             **error)
{
  BsContext *context = part->context;
  gint64 n, numel = meta_numel (base), one = 1;
  g_autofree gint64 *positions = view_positions (geometry, &n);
  g_autofree gint64 *inverse = g_new (gint64, MAX (numel, 1));
  g_autoptr(BsTensor) index = NULL;
  g_autoptr(BsTensor) flat = NULL;
  g_autoptr(BsTensor) zero = NULL;
  g_autoptr(BsTensor) padded = NULL;
  g_autoptr(BsTensor) spread = NULL;

  for (gint64 p = 0; p < numel; p++)
    inverse[p] = n;
  for (gint64 i = 0; i < n; i++)
    inverse[positions[i]] = i;
  if (outside != NULL)
    {
      *outside = bs_tensor_new (context, part->dtype, base->ndim, base->shape, NULL);
      for (gint64 p = 0; p < numel; p++)
        bs_tensor_set (*outside, p, inverse[p] == n);
    }
  index = index_vector (context, inverse, numel);
  zero = bs_tensor_new (context, part->dtype, 1, &one, NULL);
  flat = bs_reshape (part, &n, 1, error);
  if (flat == NULL)
    return NULL;
  padded = bs_cat ((BsTensor *[]) { flat, zero }, 2, 0, error);
  if (padded == NULL || (spread = bs_index (padded, 0, index, error)) == NULL)
    return NULL;
  return bs_reshape (spread, base->shape, base->ndim, error);
}

static BsTensor *
as_strided_forward (BsTensor *const *inputs,
                    guint            n_inputs,
                    const BsOpArgs  *args,
                    BsTensor       **extra_output,
                    GError         **error)
{
  BsTensor *base = inputs[0];

  return bs_tensor_alias (base, args->n_dims, args->dims, args->strides,
                          base->offset + args->storage_offset);
}

static gboolean
as_strided_backward (BsNode    *node,
                     BsTensor  *grad,
                     BsTensor **grad_inputs,
                     BsTensor **locals,
                     GError   **error)
{
  if (NEEDS (0))
    {
      grad_inputs[0] = scatter_view (grad, &node->args, &node->input_meta[0], NULL, error);
      if (grad_inputs[0] == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_as_strided = {
  .name = "as_strided", .grad_fn_name = "AsStridedBackward0", .symbol = "as_strided",
  .n_inputs = 1, .is_view = TRUE,
  .forward = as_strided_forward, .backward = as_strided_backward,
  .formulas = { "the gradient, placed at the view's elements" },
};

/* The base's gradient goes on unchanged outside the view; inside, it is what
 * the wrapped in-place op's backward makes of the view's part. */
static gboolean
copy_slices_backward (BsNode    *node,
                      BsTensor  *grad,
                      BsTensor **grad_inputs,
                      BsTensor **locals,
                      GError   **error)
{
  BsNode *fn = node->custom->user_data;
  g_autofree BsTensor **results = NULL;
  g_autofree BsTensor **fn_locals = NULL;
  g_autoptr(BsTensor) slice = NULL;
  gboolean ok = FALSE;

  /* released even when the wrapped op saved nothing, as PyTorch's CopySlices */
  if (node->saved_released)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, BS_MSG_FREED_GRAPH);
      return FALSE;
    }
  results = g_new0 (BsTensor *, fn->n_inputs);
  fn_locals = g_new0 (BsTensor *, fn->n_inputs);
  slice = gather_view (grad, &node->args, error);
  if (slice == NULL
      || !bs_op_info (fn->op)->backward (fn, slice, results, fn_locals, error))
    goto out;
  if (NEEDS (0))
    {
      g_autoptr(BsTensor) outside = NULL;
      g_autoptr(BsTensor) kept = NULL;
      g_autoptr(BsTensor) inside = NULL;
      g_autoptr(BsTensor) part = NULL;

      if (results[0] != NULL && !bs_tensor_same_shape (results[0], slice))
        part = bs_sum_to_shape (results[0], slice->shape, slice->ndim, error);
      else if (results[0] != NULL)
        part = bs_tensor_ref (results[0]);
      else
        part = bs_zeros_like (slice, error);
      if (part == NULL
          || (inside = scatter_view (part, &node->args, &node->input_meta[0], &outside,
                                     error)) == NULL
          || (kept = bs_mul (grad, outside, error)) == NULL
          || (grad_inputs[0] = bs_add (kept, inside, 1, error)) == NULL)
        goto out;
    }
  for (guint i = 1; i < node->n_inputs; i++)
    if (NEEDS (i))
      grad_inputs[i] = g_steal_pointer (&results[i]);
  ok = TRUE;

out:
  for (guint i = 0; i < fn->n_inputs; i++)
    {
      g_clear_pointer (&results[i], bs_tensor_unref);
      g_clear_pointer (&fn_locals[i], bs_tensor_unref);
    }
  return ok;
}

gboolean
bs_copy_slices_release (BsNode *node)
{
  if (node->op != BS_OP_COPY_SLICES)
    return FALSE;
  bs_node_release_saved (node);
  bs_node_release_saved (node->custom->user_data);
  return TRUE;
}

const BsOpInfo bs_op_copy_slices = {
  .name = "copy_slices", .grad_fn_name = "torch::autograd::CopySlices", .symbol = "[]=",
  .n_inputs = 0,
  .backward = copy_slices_backward,
  .formulas = { "the gradient, with the in-place op's backward applied to the view" },
};

/* Geometry of a view relative to its base, with PyTorch's error when the view
 * writes an element twice. */
static gboolean
view_geometry (BsTensor  *view,
               BsTensor  *base,
               BsOpArgs  *geometry,
               GError   **error)
{
  gint64 contiguous[BS_MAX_DIMS];
  gint64 n, numel = bs_tensor_numel (base);
  g_autofree gint64 *positions = NULL;
  g_autofree guint8 *seen = NULL;

  bs_op_args_init (geometry);
  bs_shape_contiguous_strides (base->ndim, base->shape, contiguous);
  for (int d = 0; d < base->ndim; d++)
    if (base->shape[d] != 1 && base->strides[d] != contiguous[d])
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                             "Backstep does not support in-place operations on a view of a "
                             "non-contiguous tensor that requires grad; use an out-of-place "
                             "operation instead");
        return FALSE;
      }
  geometry->n_dims = view->ndim;
  memcpy (geometry->dims, view->shape, view->ndim * sizeof (gint64));
  memcpy (geometry->strides, view->strides, view->ndim * sizeof (gint64));
  geometry->storage_offset = view->offset - base->offset;
  positions = view_positions (geometry, &n);
  seen = g_new0 (guint8, MAX (numel, 1));
  for (gint64 i = 0; i < n; i++)
    {
      if (positions[i] < 0 || positions[i] >= numel || seen[positions[i]])
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "unsupported operation: more than one element of the written-to "
                               "tensor refers to a single memory location. Please clone() the "
                               "tensor before performing the operation.");
          return FALSE;
        }
      seen[positions[i]] = 1;
    }
  return TRUE;
}

static void
move_retained (BsTensor *tensor,
               BsNode   *node)
{
  if (tensor->retains_grad && tensor->grad_fn != NULL
      && bs_node_get_retained (tensor->grad_fn, tensor->output_nr) == tensor)
    {
      bs_node_set_retained (tensor->grad_fn, tensor->output_nr, NULL);
      bs_node_retain_output (node, 0, tensor);
    }
}

/* After fn wrote into view: base's history becomes CopySlices (fn), and the
 * view's an as_strided view of it. */
static void
rebase_view_history (BsTensor       *view,
                     BsNode         *fn,
                     const BsOpArgs *geometry)
{
  BsTensor *base = view->view_base;
  BsNode *copy_slices = bs_node_new (base->context, BS_OP_COPY_SLICES, geometry, fn->n_inputs);
  BsNode *as_strided;

  meta_from_tensor (&copy_slices->input_meta[0], base);
  if (bs_tensor_requires_grad (base))
    set_gradient_edge (&copy_slices->next[0], base);
  else
    copy_slices->next[0].present = TRUE;
  for (guint i = 1; i < fn->n_inputs; i++)
    {
      copy_slices->next[i] = fn->next[i];
      if (fn->next[i].node != NULL)
        bs_node_ref (fn->next[i].node);
      copy_slices->input_meta[i] = fn->input_meta[i];
    }
  meta_from_tensor (&copy_slices->output_meta, base);
  copy_slices->custom = g_new0 (BsCustomFunction, 1);
  copy_slices->custom->user_data = bs_node_ref (fn);
  copy_slices->custom->destroy = (GDestroyNotify) bs_node_unref;

  move_retained (base, copy_slices);
  g_clear_pointer (&base->grad_fn, bs_node_unref);
  base->grad_fn = copy_slices;
  base->output_nr = 0;

  as_strided = bs_node_new (view->context, BS_OP_AS_STRIDED, geometry, 1);
  meta_from_tensor (&as_strided->input_meta[0], base);
  set_gradient_edge (&as_strided->next[0], base);
  meta_from_tensor (&as_strided->output_meta, view);
  move_retained (view, as_strided);
  g_clear_pointer (&view->grad_fn, bs_node_unref);
  view->grad_fn = as_strided;
  view->output_nr = 0;
}

gboolean
bs_check_view_unchanged (const BsTensor  *self,
                         GError         **error)
{
  if (self->view_base == NULL || !self->made_without_grad
      || bs_tensor_version (self) == self->view_version
      || (self->grad_fn == NULL && !bs_tensor_requires_grad (self->view_base)))
    return TRUE;
  if (self->made_in_inference)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "A view was created in inference mode and its base or another view "
                           "of its base has been modified inplace in normal mode. Given that "
                           "this use case is ambiguous and error-prone, it is forbidden. You "
                           "can clarify your code by moving both the view and the inplace "
                           "either both inside the inference_mode block (if you don't want the "
                           "inplace to be tracked) or both outside (if you want the inplace to "
                           "be tracked).");
      return FALSE;
    }
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "A view was created in no_grad mode and its base or another view of its "
                       "base has been modified inplace with grad mode enabled. Given that this "
                       "use case is ambiguous and error-prone, it is forbidden. You can clarify "
                       "your code by moving both the view and the inplace either both inside "
                       "the no_grad block (if you don't want the inplace to be tracked) or both "
                       "outside (if you want the inplace to be tracked).");
  return FALSE;
}

gboolean
bs_check_inplace (BsTensor  *self,
                  GError   **error)
{
  GError *local_error = NULL;

  if (check_inplace_allowed (self, &local_error))
    return TRUE;
  if (bs_context_emits (self->context, error) && self->context->in_backward == 0)
    self->context->sink->error (self->context->sink_data, local_error, NULL);
  g_propagate_error (error, local_error);
  return FALSE;
}

BsTensor *
bs_op_apply_inplace (BsOp             op,
                     BsTensor *const *inputs,
                     guint            n_inputs,
                     const BsOpArgs  *args,
                     GError         **error)
{
  const BsOpInfo *info = bs_op_info (op);
  BsTensor *self = inputs[0];
  BsContext *context = self->context;
  g_autoptr(BsTensor) before = NULL;
  g_autoptr(BsTensor) result = NULL;
  g_autofree BsTensor **args_in = NULL;
  g_autofree guint32 *tape_ids = NULL;
  guint32 tape_base = 0;
  gboolean tracked = FALSE;
  gboolean on_view;
  BsOpArgs geometry;
  GError *local_error = NULL;

  for (guint i = 0; i < n_inputs; i++)
    if (!(info->nondiff_inputs & (1u << i)) && bs_tensor_requires_grad (inputs[i]))
      tracked = context->grad_enabled && !context->inference_mode;
  on_view = tracked && self->view_base != NULL;
  if (!check_inplace_allowed (self, &local_error)
      || (on_view && !view_geometry (self, self->view_base, &geometry, &local_error)))
    {
      if (bs_context_emits (context, error) && context->in_backward == 0)
        context->sink->error (context->sink_data, local_error, NULL);
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* The tape reads self before it is overwritten. */
  if (G_UNLIKELY (context->tape != NULL) && context->in_backward == 0)
    {
      tape_ids = g_new (guint32, n_inputs);
      bs_tape_read_inputs (context->tape, inputs, n_inputs, tape_ids);
      if (self->view_base != NULL)
        bs_tape_read_inputs (context->tape, &self->view_base, 1, &tape_base);
    }

  /* The op sees the value self had before, continuing self's history; a copy
   * when backward may need that value after the overwrite. */
  before = tracked && info->save != NULL
    ? bs_tensor_contiguous_copy (self, self->dtype, error)
    : bs_tensor_alias (self, self->ndim, self->shape, self->strides, self->offset);
  if (before == NULL)
    return NULL;
  if (self->grad_fn != NULL)
    {
      before->grad_fn = bs_node_ref (self->grad_fn);
      before->output_nr = self->output_nr;
    }

  args_in = g_new (BsTensor *, n_inputs);
  args_in[0] = before;
  for (guint i = 1; i < n_inputs; i++)
    args_in[i] = inputs[i];

  {
    int saved_in_backward = context->in_backward;

    /* The result is announced as an in-place change of self, not a new tensor. */
    context->in_backward = 1;
    result = bs_op_apply (op, args_in, n_inputs, args, error);
    context->in_backward = saved_in_backward;
  }
  if (result == NULL)
    return NULL;
  if (bs_dtype_category (result->dtype) > bs_dtype_category (self->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "result type %s can't be cast to the desired output type %s",
                   bs_dtype_scalar_name (result->dtype),
                   bs_dtype_scalar_name (self->dtype));
      return NULL;
    }
  if (!bs_tensor_copy_from (self, result, error)
      || !bs_tensor_bump_version_checked (self, error))
    return NULL;
  if (tape_ids != NULL && context->tape != NULL)
    {
      bs_tape_record_op (context->tape, op, args, tape_ids, n_inputs, self, NULL);
      if (self->view_base != NULL)
        bs_tape_record_view_write (context->tape, tape_base, self);
    }

  if (result->grad_fn != NULL)
    {
      BsNode *node = result->grad_fn;

      bs_node_rebase_saved_output (node, self);
      if (on_view)
        rebase_view_history (self, node, &geometry);
      else
        {
          move_retained (self, node);
          g_clear_pointer (&self->grad_fn, bs_node_unref);
          self->grad_fn = bs_node_ref (node);
          self->output_nr = 0;
        }
    }

  if (bs_context_emits (context, inplace) && context->in_backward == 0)
    {
      BsInplaceEvent event = {
        .tensor = self,
        .version = bs_tensor_version (self),
        .grad_fn = result->grad_fn,
        .op_name = info->name,
      };

      context->sink->inplace (context->sink_data, &event);
    }
  return bs_tensor_ref (self);
}
