/* bs-node.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-node.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-hooks.h"
#include "bs-ops.h"
#include "bs-storage.h"

#include <string.h>

/* What a node costs the memory budget: saved tensors are charged as tensors. */
static gsize
node_bytes (guint n_inputs)
{
  return sizeof (BsNode)
         + (n_inputs > BS_NODE_INLINE ? n_inputs * (sizeof (BsEdge) + sizeof (BsTensorMeta)) : 0);
}

BsNode *
bs_node_new (BsContext      *context,
             BsOp            op,
             const BsOpArgs *args,
             guint           n_inputs)
{
  BsNode *self = bs_pool_alloc (&context->node_pool);

  self->ref_count = 1;
  self->context = context;
  self->id = context->next_node_id++;
  /* AccumulateGrad runs as soon as it is ready, as in PyTorch. */
  self->sequence_nr = op == BS_OP_ACCUMULATE_GRAD ? G_MAXUINT64 : context->next_sequence_nr++;
  self->op = op;
  if (args != NULL)
    self->args = *args;
  else
    bs_op_args_init (&self->args);
  self->n_inputs = n_inputs;
  if (n_inputs <= BS_NODE_INLINE)
    {
      self->next = self->next_inline;
      self->input_meta = self->meta_inline;
    }
  else
    {
      self->next = g_new0 (BsEdge, n_inputs);
      self->input_meta = g_new0 (BsTensorMeta, n_inputs);
    }
  self->saved = self->saved_inline;
  self->n_outputs = 1;
  bs_context_charge (context, node_bytes (n_inputs));
  return self;
}

BsNode *
bs_node_new_multi (BsContext      *context,
                   BsOp            op,
                   const BsOpArgs *args,
                   guint           n_inputs,
                   guint           n_outputs)
{
  BsNode *self = bs_node_new (context, op, args, n_inputs);

  g_return_val_if_fail (n_outputs > 0, self);
  self->n_outputs = n_outputs;
  self->output_metas = g_new0 (BsTensorMeta, n_outputs);
  self->retained_outputs = g_new0 (BsTensor *, n_outputs);
  bs_context_charge (context, n_outputs * (sizeof (BsTensorMeta) + sizeof (BsTensor *)));
  return self;
}

void
bs_node_set_output_meta (BsNode         *self,
                         guint           output_nr,
                         const BsTensor *output)
{
  BsTensorMeta *meta;

  g_return_if_fail (output_nr < self->n_outputs);
  meta = self->output_metas != NULL ? &self->output_metas[output_nr] : &self->output_meta;
  meta->ndim = output->ndim;
  memcpy (meta->shape, output->shape, output->ndim * sizeof (gint64));
  meta->dtype = output->dtype;
  if (output_nr == 0)
    self->output_meta = *meta;
}

const BsTensorMeta *
bs_node_output_meta (const BsNode *self,
                     guint         output_nr)
{
  g_return_val_if_fail (output_nr < self->n_outputs, NULL);
  return self->output_metas != NULL ? &self->output_metas[output_nr] : &self->output_meta;
}

BsTensor *
bs_node_get_retained (const BsNode *self,
                      guint         output_nr)
{
  if (self->retained_outputs != NULL)
    return output_nr < self->n_outputs ? self->retained_outputs[output_nr] : NULL;
  return output_nr == 0 ? self->retained : NULL;
}

/* retain_grad() is a hook among the others, run in the order they were registered. */
typedef struct {
  BsNode *node;       /* Borrowed: the node owns the hook */
  guint   output_nr;
} RetainHook;

static BsTensor *
retain_hook (BsTensor  *grad,
             gpointer   user_data,
             GError   **error)
{
  RetainHook *data = user_data;
  BsTensor *retained = bs_node_get_retained (data->node, data->output_nr);
  BsTensor *total;

  if (retained == NULL)
    return NULL;
  if (grad == NULL)
    {
      /* what PyTorch 1.13's retain_grad hook says of a gradient that did not arrive */
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Expected a proper Tensor but got None (or an undefined Tensor in "
                           "C++) for argument #0 'self'");
      return NULL;
    }
  total = retained->grad == NULL
    ? (data->node->context->grad_enabled ? bs_clone (grad, error)
                                         : bs_tensor_contiguous_copy (grad, grad->dtype, error))
    : bs_add (retained->grad, grad, 1.0, error);
  if (total == NULL)
    return NULL;
  bs_tensor_set_grad (retained, total);
  bs_tensor_unref (total);
  return NULL;
}

void
bs_node_retain_output (BsNode   *self,
                       guint     output_nr,
                       BsTensor *tensor)
{
  RetainHook *data;
  BsHook hook = { retain_hook, NULL, g_free, 0, output_nr, TRUE };

  if (bs_node_get_retained (self, output_nr) == tensor)
    return;
  bs_node_set_retained (self, output_nr, tensor);
  data = g_new (RetainHook, 1);
  data->node = self;
  data->output_nr = output_nr;
  hook.user_data = data;
  hook.id = (guint) self->context->next_node_id++;
  bs_node_add_pre_hook (self, &hook);
}

void
bs_node_set_retained (BsNode   *self,
                      guint     output_nr,
                      BsTensor *tensor)
{
  g_return_if_fail (output_nr < self->n_outputs);
  if (self->retained_outputs != NULL)
    self->retained_outputs[output_nr] = tensor;
  else
    self->retained = tensor;
}

BsNode *
bs_node_ref (BsNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  self->ref_count++;
  return self;
}

static void
clear_hooks (GArray **hooks)
{
  if (*hooks == NULL)
    return;
  for (guint i = 0; i < (*hooks)->len; i++)
    {
      BsHook *hook = &g_array_index (*hooks, BsHook, i);

      if (hook->destroy != NULL)
        hook->destroy (hook->user_data);
    }
  g_clear_pointer (hooks, g_array_unref);
}

static void
bs_node_free (BsNode *self)
{
  /* Long chains would overflow the stack if edges were released recursively,
   * so nodes whose last reference goes with this one are freed iteratively. */
  GPtrArray *pending = NULL;
  BsNode *node = self;

  while (node != NULL)
    {
      if (bs_context_emits (node->context, node_destroyed))
        node->context->sink->node_destroyed (node->context->sink_data, node);
      for (guint i = 0; i < node->n_inputs; i++)
        {
          BsNode *next = node->next[i].node;

          if (next == NULL)
            continue;
          if (--next->ref_count == 0)
            {
              if (pending == NULL)
                pending = g_ptr_array_new ();
              g_ptr_array_add (pending, next);
            }
        }
      for (guint i = 0; i < node->n_saved; i++)
        g_clear_pointer (&node->saved[i].tensor, bs_tensor_unref);
      if (node->saved != node->saved_inline)
        g_free (node->saved);
      if (node->next != node->next_inline)
        {
          g_free (node->next);
          g_free (node->input_meta);
        }
      if (node->variable != NULL)
        {
          if (node->variable->grad_accumulator == node)
            node->variable->grad_accumulator = NULL;
          g_clear_pointer (&node->variable, bs_tensor_unref);
        }
      clear_hooks (&node->pre_hooks);
      if (node->node_hooks != NULL)
        {
          for (guint i = 0; i < node->node_hooks->len; i++)
            {
              BsNodeHook *hook = &g_array_index (node->node_hooks, BsNodeHook, i);

              if (hook->destroy != NULL)
                hook->destroy (hook->user_data);
            }
          g_clear_pointer (&node->node_hooks, g_array_unref);
        }
      g_clear_pointer (&node->hook_lists, g_array_unref);
      if (node->metadata_destroy != NULL)
        node->metadata_destroy (node->metadata);
      if (node->output_metas != NULL)
        {
          bs_context_uncharge (node->context, node->n_outputs * (sizeof (BsTensorMeta)
                                                                 + sizeof (BsTensor *)));
          g_free (node->output_metas);
          g_free (node->retained_outputs);
        }
      if (node->custom != NULL)
        {
          if (node->custom->destroy != NULL)
            node->custom->destroy (node->custom->user_data);
          g_free (node->custom->name);
          g_free (node->custom);
        }
      bs_context_uncharge (node->context, node_bytes (node->n_inputs));
      bs_pool_free (&node->context->node_pool, node);

      node = pending != NULL && pending->len > 0
        ? g_ptr_array_steal_index_fast (pending, pending->len - 1)
        : NULL;
    }
  if (pending != NULL)
    g_ptr_array_unref (pending);
}

void
bs_node_unref (BsNode *self)
{
  if (self != NULL && --self->ref_count == 0)
    bs_node_free (self);
}

const char *
bs_node_name (const BsNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->op == BS_OP_CUSTOM && self->custom != NULL)
    return self->custom->name;
  return bs_op_info (self->op)->grad_fn_name;
}

const char *
bs_node_formula (const BsNode *self,
                 guint         input)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (input >= BS_OP_MAX_FORMULAS)
    input = BS_OP_MAX_FORMULAS - 1;
  return bs_op_info (self->op)->formulas[input];
}

gboolean
bs_node_needs_input_grad (const BsNode *self,
                          guint         input)
{
  return input < self->n_inputs && self->next[input].node != NULL;
}

void
bs_node_save (BsNode   *self,
              guint     slot,
              BsTensor *tensor,
              gboolean  is_output)
{
  BsSavedTensor *saved;

  g_return_if_fail (self != NULL);
  if (slot >= self->n_saved)
    {
      guint n = slot + 1;

      if (n > BS_NODE_INLINE)
        {
          BsSavedTensor *grown = g_new0 (BsSavedTensor, n);

          memcpy (grown, self->saved, self->n_saved * sizeof *grown);
          if (self->saved != self->saved_inline)
            g_free (self->saved);
          self->saved = grown;
        }
      self->n_saved = n;
    }
  saved = &self->saved[slot];
  g_clear_pointer (&saved->tensor, bs_tensor_unref);
  saved->was_saved = TRUE;
  if (tensor == NULL)
    return;
  /* A node must not own its own output, or the two would keep each other alive. */
  saved->tensor = is_output
    ? bs_tensor_alias (tensor, tensor->ndim, tensor->shape, tensor->strides, tensor->offset)
    : bs_tensor_ref (tensor);
  /* the alias has no history of its own: it keeps which output it is */
  if (is_output)
    saved->tensor->output_nr = tensor->output_nr;
  saved->saved_version = bs_tensor_version (tensor);
  saved->is_output = is_output;
}

void
bs_node_rebase_saved_output (BsNode   *self,
                             BsTensor *output)
{
  for (guint i = 0; i < self->n_saved; i++)
    if (self->saved[i].is_output && self->saved[i].tensor != NULL)
      bs_node_save (self, i, output, TRUE);
}

static void
set_version_error (BsNode         *self,
                   BsSavedTensor  *saved,
                   GError        **error)
{
  BsTensor *tensor = saved->tensor;
  g_autofree char *sizes = bs_tensor_format_shape (tensor);
  g_autoptr(GString) message = g_string_new (NULL);
  BsNode *grad_fn = saved->is_output ? self : tensor->grad_fn;

  g_string_append_printf (message,
                          "one of the variables needed for gradient computation has been "
                          "modified by an inplace operation: [%s %s]",
                          bs_dtype_tensor_type (tensor->dtype), sizes);
  if (grad_fn != NULL)
    g_string_append_printf (message, ", which is output %u of %s,",
                            saved->is_output ? 0 : tensor->output_nr, bs_node_name (grad_fn));
  g_string_append_printf (message, " is at version %" G_GUINT64_FORMAT
                          "; expected version %" G_GUINT64_FORMAT " instead.",
                          bs_tensor_version (tensor), saved->saved_version);
  g_string_append (message, self->context->anomaly_enabled
                   ? BS_MSG_HINT_ANOMALY_ON : BS_MSG_HINT_ANOMALY_OFF);
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, message->str);
}

BsTensor *
bs_node_saved (BsNode  *self,
               guint    slot,
               GError **error)
{
  BsSavedTensor *saved;
  BsTensor *result;

  g_return_val_if_fail (self != NULL, NULL);
  if (slot >= self->n_saved || !self->saved[slot].was_saved)
    return NULL;
  saved = &self->saved[slot];
  if (saved->tensor == NULL)
    {
      if (self->saved_released)
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, BS_MSG_FREED_GRAPH);
      return NULL;
    }
  if (bs_tensor_version (saved->tensor) != saved->saved_version)
    {
      set_version_error (self, saved, error);
      return NULL;
    }
  if (!saved->is_output || !self->context->grad_enabled)
    return bs_tensor_ref (saved->tensor);

  /* With create_graph, a saved output must carry its history again. */
  result = bs_tensor_alias (saved->tensor, saved->tensor->ndim, saved->tensor->shape,
                            saved->tensor->strides, saved->tensor->offset);
  result->grad_fn = bs_node_ref (self);
  result->output_nr = saved->tensor->output_nr;
  return result;
}

gboolean
bs_node_has_saved (const BsNode *self)
{
  for (guint i = 0; i < self->n_saved; i++)
    if (self->saved[i].tensor != NULL)
      return TRUE;
  return FALSE;
}

void
bs_node_release_saved (BsNode *self)
{
  for (guint i = 0; i < self->n_saved; i++)
    g_clear_pointer (&self->saved[i].tensor, bs_tensor_unref);
  self->saved_released = TRUE;
}

void
bs_node_add_pre_hook (BsNode       *self,
                      const BsHook *hook)
{
  if (self->pre_hooks == NULL)
    self->pre_hooks = g_array_new (FALSE, FALSE, sizeof (BsHook));
  g_array_append_val (self->pre_hooks, *hook);
  bs_node_note_hook_list (self, bs_hook_list_of (hook->output_nr, hook->retain));
}

gboolean
bs_node_remove_pre_hook (BsNode *self,
                         guint   hook_id)
{
  if (self->pre_hooks == NULL)
    return FALSE;
  for (guint i = 0; i < self->pre_hooks->len; i++)
    {
      BsHook *hook = &g_array_index (self->pre_hooks, BsHook, i);

      if (hook->id == hook_id)
        {
          if (hook->destroy != NULL)
            hook->destroy (hook->user_data);
          g_array_remove_index (self->pre_hooks, i);
          return TRUE;
        }
    }
  return FALSE;
}

guint
bs_node_add_hook (BsNode         *self,
                  gboolean        post,
                  BsNodeHookFunc  func,
                  gpointer        user_data,
                  GDestroyNotify  destroy)
{
  BsNodeHook hook = { func, user_data, destroy, (guint) self->context->next_node_id++, post };

  if (self->node_hooks == NULL)
    self->node_hooks = g_array_new (FALSE, FALSE, sizeof (BsNodeHook));
  g_array_append_val (self->node_hooks, hook);
  if (!post)
    bs_node_note_hook_list (self, BS_HOOK_LIST_NODE);
  return hook.id;
}

gboolean
bs_node_remove_hook (BsNode *self,
                     guint   hook_id)
{
  for (guint i = 0; self->node_hooks != NULL && i < self->node_hooks->len; i++)
    {
      BsNodeHook hook = g_array_index (self->node_hooks, BsNodeHook, i);

      if (hook.id == hook_id)
        {
          g_array_remove_index (self->node_hooks, i);
          if (hook.destroy != NULL)
            hook.destroy (hook.user_data);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
bs_node_run_hooks (BsNode           *self,
                   gboolean          post,
                   BsTensor        **grads,
                   guint             n_grads,
                   BsTensor *const  *grad_outputs,
                   guint             n_outputs,
                   GError          **error)
{
  /* a hook added by a hook waits for the next pass, as in PyTorch */
  guint n = self->node_hooks != NULL ? self->node_hooks->len : 0;

  for (guint i = 0; i < n && i < self->node_hooks->len; i++)
    {
      BsNodeHook hook = g_array_index (self->node_hooks, BsNodeHook, i);

      if (hook.post == post
          && !hook.func (grads, n_grads, grad_outputs, n_outputs, hook.user_data, error))
        return FALSE;
    }
  return TRUE;
}
