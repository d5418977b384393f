/* bs-custom-function.c: nodes for torch.autograd.Function */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-custom-function.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <string.h>

/* What the node keeps besides the interpreter's callback. */
typedef struct {
  BsCustomBackwardFunc  backward;
  gpointer              user_data;
  GDestroyNotify        destroy;
  guint                 n_inputs;
  guint8               *is_tensor;   /* per forward argument */
} CustomData;

static void
custom_data_free (gpointer data)
{
  CustomData *self = data;

  if (self->destroy != NULL)
    self->destroy (self->user_data);
  g_free (self->is_tensor);
  g_free (self);
}

static gboolean
custom_backward (BsNode           *node,
                 BsTensor *const  *grad_outputs,
                 guint             n_outputs,
                 BsTensor        **grad_inputs,
                 gpointer          user_data,
                 GError          **error)
{
  CustomData *data = user_data;

  if (!data->backward (node, grad_outputs, n_outputs, grad_inputs, data->user_data, error))
    return FALSE;
  /* Gradients of non-tensor arguments go nowhere. */
  for (guint i = 0; i < data->n_inputs; i++)
    if (!data->is_tensor[i])
      g_clear_pointer (&grad_inputs[i], bs_tensor_unref);
  return TRUE;
}

static CustomData *
get_data (BsNode *node)
{
  if (node == NULL || node->op != BS_OP_CUSTOM || node->custom == NULL
      || node->custom->backward != custom_backward)
    return NULL;
  return node->custom->user_data;
}

static void
meta_from_tensor (BsTensorMeta   *meta,
                  const BsTensor *tensor)
{
  meta->ndim = tensor->ndim;
  memcpy (meta->shape, tensor->shape, tensor->ndim * sizeof (gint64));
  meta->dtype = tensor->dtype;
}

static void
announce (const char       *name,
          BsTensor *const  *inputs,
          guint             n_inputs,
          BsTensor         *output)
{
  BsContext *context = output->context;
  g_autofree BsTensor **tensors = g_new0 (BsTensor *, MAX (n_inputs, 1));
  g_autofree char *op_name = g_strdup (name);
  guint n = 0;

  if (!bs_context_emits (context, tensor_created) || context->in_backward != 0)
    return;
  /* PyTorch names the node after the class: report the class itself. */
  if (g_str_has_suffix (op_name, "Backward") && strlen (op_name) > strlen ("Backward"))
    op_name[strlen (op_name) - strlen ("Backward")] = '\0';
  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i] != NULL)
      tensors[n++] = inputs[i];

  {
    BsTensorEvent event = {
      .tensor = output,
      .grad_fn = output->grad_fn,
      .op_name = op_name,
      .inputs = tensors,
      .n_inputs = n,
    };

    context->sink->tensor_created (context->sink_data, &event);
  }
}

static gboolean
output_is_differentiable (BsTensor *const *outputs,
                          const gboolean  *differentiable,
                          guint            k)
{
  return (differentiable == NULL || differentiable[k])
         && bs_dtype_is_floating (outputs[k]->dtype);
}

static BsNode *
attach (const char           *name,
        BsTensor *const      *inputs,
        guint                 n_inputs,
        BsTensor *const      *outputs,
        guint                 n_outputs,
        const gboolean       *differentiable,
        gboolean              multi,
        BsCustomBackwardFunc  backward,
        gpointer              user_data,
        GDestroyNotify        destroy,
        GError              **error)
{
  BsContext *context;
  gboolean record = FALSE, any_output = FALSE;
  CustomData *data;
  BsNode *node;

  g_return_val_if_fail (name != NULL && backward != NULL, NULL);
  g_return_val_if_fail (n_inputs == 0 || inputs != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  context = outputs[0]->context;
  for (guint k = 0; k < n_outputs; k++)
    {
      g_return_val_if_fail (outputs[k] != NULL && outputs[k]->grad_fn == NULL, NULL);
      for (guint i = 0; i < n_inputs; i++)
        g_return_val_if_fail (inputs[i] != outputs[k], NULL);
      /* As PyTorch, results of a non-differentiable dtype get no history. */
      if (output_is_differentiable (outputs, differentiable, k))
        any_output = TRUE;
    }
  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i] != NULL && bs_tensor_requires_grad (inputs[i]))
      record = TRUE;
  record = record && context->grad_enabled && !context->inference_mode && any_output;
  if (!record)
    {
      if (destroy != NULL)
        destroy (user_data);
      for (guint k = 0; k < n_outputs; k++)
        announce (name, inputs, n_inputs, outputs[k]);
      return NULL;
    }

  data = g_new0 (CustomData, 1);
  data->backward = backward;
  data->user_data = user_data;
  data->destroy = destroy;
  data->n_inputs = n_inputs;
  data->is_tensor = g_new0 (guint8, MAX (n_inputs, 1));

  node = multi ? bs_node_new_multi (context, BS_OP_CUSTOM, NULL, n_inputs, n_outputs)
               : bs_node_new (context, BS_OP_CUSTOM, NULL, n_inputs);
  node->custom = g_new0 (BsCustomFunction, 1);
  node->custom->name = g_strdup (name);
  node->custom->backward = custom_backward;
  node->custom->user_data = data;
  node->custom->destroy = custom_data_free;

  for (guint i = 0; i < n_inputs; i++)
    {
      BsTensor *input = inputs[i];
      BsEdge *edge = &node->next[i];

      if (input == NULL)
        continue;
      data->is_tensor[i] = TRUE;
      meta_from_tensor (&node->input_meta[i], input);
      /* Unlike built-in ops, PyTorch does not check gradients of inputs that
       * need none, so their edges are left out entirely. */
      if (input->grad_fn != NULL)
        {
          edge->node = bs_node_ref (input->grad_fn);
          edge->input_nr = input->output_nr;
          edge->present = TRUE;
        }
      else if (input->requires_grad)
        {
          edge->node = bs_tensor_grad_accumulator (input);
          edge->input_nr = 0;
          edge->present = TRUE;
        }
    }

  /* The outputs own the node; a node of one output is owned by it alone. */
  for (guint k = 0; k < n_outputs; k++)
    {
      bs_node_set_output_meta (node, k, outputs[k]);
      if (output_is_differentiable (outputs, differentiable, k))
        {
          outputs[k]->grad_fn = bs_node_ref (node);
          outputs[k]->output_nr = k;
        }
    }
  for (guint k = 0; k < n_outputs; k++)
    announce (name, inputs, n_inputs, outputs[k]);
  bs_node_unref (node);
  return node;
}

BsNode *
bs_custom_function_attach (const char           *name,
                           BsTensor *const      *inputs,
                           guint                 n_inputs,
                           BsTensor             *output,
                           BsCustomBackwardFunc  backward,
                           gpointer              user_data,
                           GDestroyNotify        destroy,
                           GError              **error)
{
  g_return_val_if_fail (output != NULL, NULL);
  return attach (name, inputs, n_inputs, &output, 1, NULL, FALSE, backward, user_data, destroy,
                 error);
}

BsNode *
bs_custom_function_attach_multi (const char           *name,
                                 BsTensor *const      *inputs,
                                 guint                 n_inputs,
                                 BsTensor *const      *outputs,
                                 guint                 n_outputs,
                                 const gboolean       *differentiable,
                                 BsCustomBackwardFunc  backward,
                                 gpointer              user_data,
                                 GDestroyNotify        destroy,
                                 GError              **error)
{
  g_return_val_if_fail (n_outputs > 0 && outputs != NULL, NULL);
  return attach (name, inputs, n_inputs, outputs, n_outputs, differentiable, TRUE, backward,
                 user_data, destroy, error);
}

gboolean
bs_custom_function_check_gradients (BsNode          *node,
                                    BsTensor *const *grads,
                                    guint            n_grads,
                                    GError         **error)
{
  CustomData *data = get_data (node);
  guint expected;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (n_grads == 0 || grads != NULL, FALSE);

  expected = data->n_inputs;
  if (n_grads > expected)
    {
      gboolean all_none = TRUE;

      for (guint i = expected; i < n_grads; i++)
        all_none = all_none && grads[i] == NULL;
      if (all_none)
        n_grads = expected;
    }
  if (n_grads != expected)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "function %s returned an incorrect number of gradients (expected %u, got %u)",
                   bs_node_name (node), expected, n_grads);
      return FALSE;
    }
  for (guint i = 0; i < n_grads; i++)
    if (!data->is_tensor[i] && grads[i] != NULL)
      {
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "function %s returned a gradient different than None at position %u, but "
                     "the corresponding forward input was not a Variable",
                     bs_node_name (node), i + 1);
        return FALSE;
      }
  return TRUE;
}

gboolean
bs_custom_function_check_saved (BsNode  *node,
                                GError **error)
{
  g_return_val_if_fail (node != NULL, FALSE);
  if (node->saved_released)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, BS_MSG_FREED_GRAPH);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_custom_function_input_is_tensor (BsNode *node,
                                    guint   input)
{
  CustomData *data = get_data (node);

  g_return_val_if_fail (data != NULL, FALSE);
  return input < data->n_inputs && data->is_tensor[input];
}
