/* bs-autograd.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-autograd.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-tensor.h"

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

static gboolean
should_record (const BsOpInfo   *info,
               BsContext        *context,
               BsTensor *const  *inputs,
               guint             n_inputs,
               BsTensor         *output)
{
  if (!context->grad_enabled || info->backward == NULL || !bs_dtype_is_floating (output->dtype))
    return FALSE;
  for (guint i = 0; i < n_inputs; i++)
    if (!(info->nondiff_inputs & (1u << MIN (i, 31))) && bs_tensor_requires_grad (inputs[i]))
      return TRUE;
  return FALSE;
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
  if (args == NULL)
    {
      bs_op_args_init (&default_args);
      args = &default_args;
    }
  output = info->forward (inputs, n_inputs, args, &extra, &local_error);
  if (output == NULL)
    {
      g_clear_pointer (&extra, bs_tensor_unref);
      if (bs_context_emits (context, error) && context->in_backward == 0)
        context->sink->error (context->sink_data, local_error, NULL);
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (info->is_view && output->view_base == NULL)
    output->view_base = bs_tensor_ref (inputs[0]->view_base != NULL
                                       ? inputs[0]->view_base : inputs[0]);
  if (should_record (info, context, inputs, n_inputs, output))
    {
      output->grad_fn = record (op, info, inputs, n_inputs, args, output, extra);
      output->output_nr = 0;
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

static gboolean
check_inplace_allowed (BsTensor  *self,
                       gboolean   tracked,
                       GError   **error)
{
  BsTensor *base = self->view_base;

  if (!self->context->grad_enabled)
    return TRUE;
  if (bs_tensor_is_leaf (self) && self->requires_grad)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, BS_MSG_LEAF_INPLACE);
      return FALSE;
    }
  if (base != NULL && bs_tensor_is_leaf (base) && base->requires_grad)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.");
      return FALSE;
    }
  if (base != NULL && (tracked || bs_tensor_requires_grad (base)))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "Backstep does not support in-place operations on a view of a "
                           "tensor that requires grad (PyTorch records them as CopySlices); "
                           "use an out-of-place operation instead");
      return FALSE;
    }
  return TRUE;
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
  gboolean tracked = FALSE;
  GError *local_error = NULL;

  for (guint i = 0; i < n_inputs; i++)
    if (!(info->nondiff_inputs & (1u << i)) && bs_tensor_requires_grad (inputs[i]))
      tracked = context->grad_enabled;
  if (!check_inplace_allowed (self, tracked, &local_error))
    {
      if (bs_context_emits (context, error) && context->in_backward == 0)
        context->sink->error (context->sink_data, local_error, NULL);
      g_propagate_error (error, local_error);
      return NULL;
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
      static const char *names[] = { "Bool", "Long", "Float", "Double" };

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "result type %s can't be cast to the desired output type %s",
                   names[result->dtype], names[self->dtype]);
      return NULL;
    }
  if (!bs_tensor_copy_from (self, result, error))
    return NULL;
  bs_tensor_bump_version (self);

  if (result->grad_fn != NULL)
    {
      BsNode *node = result->grad_fn;

      if (self->retains_grad && self->grad_fn != NULL && self->grad_fn->retained == self)
        {
          self->grad_fn->retained = NULL;
          node->retained = self;
        }
      g_clear_pointer (&self->grad_fn, bs_node_unref);
      self->grad_fn = bs_node_ref (node);
      self->output_nr = 0;
      bs_node_rebase_saved_output (node, self);
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
