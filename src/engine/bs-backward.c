/* bs-backward.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-backward.h"
#include "bs-autograd.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-hooks.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include <math.h>
#include <string.h>

typedef BsNodeTask NodeTask;

/* A growable array of pointers, inlined: the hot path pushes and pops once
 * per node. */
typedef struct {
  gpointer *data;
  guint     len;
  guint     capacity;
} PtrVec;

static inline void
ptr_vec_push (PtrVec   *vec,
              gpointer  item)
{
  if (G_UNLIKELY (vec->len == vec->capacity))
    {
      vec->capacity = MAX (16, vec->capacity * 2);
      vec->data = g_renew (gpointer, vec->data, vec->capacity);
    }
  vec->data[vec->len++] = item;
}

static inline gpointer
ptr_vec_pop (PtrVec *vec)
{
  return vec->data[--vec->len];
}

static void
ptr_vec_clear (PtrVec *vec)
{
  g_clear_pointer (&vec->data, g_free);
  vec->len = vec->capacity = 0;
}

struct _BsBackward {
  BsContext         *context;       /* Borrowed */
  BsBackwardOptions  options;
  gboolean           accumulate;    /* backward(), not autograd.grad() */
  guint64            id;
  PtrVec             touched;       /* BsNode*, Owned: the nodes whose task is ours */
  PtrVec             ready;         /* NodeTask* heap, highest sequence_nr first */
  GPtrArray         *roots;         /* BsTensor*, Owned */
  GPtrArray         *inputs;        /* BsTensor*, Owned (autograd.grad) */
  GPtrArray         *captures;      /* BsTensor* or NULL per input, Owned */
  gboolean           done;
  gboolean           failed;
};

/* The node's task for this pass; NULL when another pass is using the node. */
static NodeTask *
get_task (BsBackward *self,
          BsNode     *node)
{
  NodeTask *task = &node->task;

  if (task->backward_id != self->id)
    {
      if (task->backward_id != 0)
        return NULL;
      memset (task, 0, sizeof *task);
      task->backward_id = self->id;
      task->node = node;
      task->should_execute = TRUE;
      ptr_vec_push (&self->touched, bs_node_ref (node));
    }
  return task;
}

static void
clear_buffers (BsNode *node)
{
  BsTensor **buffers = g_steal_pointer (&node->task.buffers);

  for (guint k = 0; buffers != NULL && k < node->n_outputs; k++)
    g_clear_pointer (&buffers[k], bs_tensor_unref);
  g_free (buffers);
}

static void
release_task (BsNode *node)
{
  g_clear_pointer (&node->task.buffer, bs_tensor_unref);
  clear_buffers (node);
  node->task.backward_id = 0;
  bs_node_unref (node);
}

/* --- ready queue ------------------------------------------------------- */

static gboolean
runs_before (NodeTask *a,
             NodeTask *b)
{
  return a->node->sequence_nr > b->node->sequence_nr;
}

static void
ready_push (BsBackward *self,
            NodeTask   *task)
{
  PtrVec *heap = &self->ready;
  guint i = heap->len;

  ptr_vec_push (heap, task);
  while (i > 0)
    {
      guint parent = (i - 1) / 2;

      if (!runs_before (heap->data[i], heap->data[parent]))
        break;
      gpointer tmp = heap->data[i];
      heap->data[i] = heap->data[parent];
      heap->data[parent] = tmp;
      i = parent;
    }
}

static NodeTask *
ready_pop (BsBackward *self)
{
  PtrVec *heap = &self->ready;
  NodeTask *top;
  guint i = 0;

  if (heap->len == 0)
    return NULL;
  top = heap->data[0];
  heap->data[0] = heap->data[heap->len - 1];
  heap->len--;
  for (;;)
    {
      guint left = 2 * i + 1, right = left + 1, best = i;

      if (left < heap->len && runs_before (heap->data[left], heap->data[best]))
        best = left;
      if (right < heap->len && runs_before (heap->data[right], heap->data[best]))
        best = right;
      if (best == i)
        break;
      gpointer tmp = heap->data[i];
      heap->data[i] = heap->data[best];
      heap->data[best] = tmp;
      i = best;
    }
  return top;
}

/* --- events ------------------------------------------------------------ */

static void
emit_error (BsBackward   *self,
            const GError *error,
            BsNode       *node)
{
  BsContext *context = self->context;

  if (bs_context_emits (context, error))
    context->sink->error (context->sink_data, error, node);
  if (bs_context_emits (context, backward_end))
    context->sink->backward_end (context->sink_data, self->id, error);
}

/* A backward call refused before it began (a root without a graph, a non-scalar root
 * without a gradient): an error event on the root's node, no backward_end. */
static void
emit_root_error (BsContext    *context,
                 const GError *error,
                 BsNode       *node)
{
  if (error != NULL && bs_context_emits (context, error))
    context->sink->error (context->sink_data, error, node);
}

/* --- set-up ------------------------------------------------------------ */

static gboolean add_to_buffer (BsBackward *self,
                               NodeTask   *task,
                               guint       output_nr,
                               BsTensor   *grad,
                               GError    **error);

static gboolean
gradient_edge (BsTensor *tensor,
               BsNode  **node,
               guint    *input_nr)
{
  if (tensor->grad_fn != NULL)
    {
      *node = bs_node_ref (tensor->grad_fn);
      *input_nr = tensor->output_nr;
      return TRUE;
    }
  if (tensor->requires_grad)
    {
      *node = bs_tensor_grad_accumulator (tensor);
      *input_nr = 0;
      return TRUE;
    }
  return FALSE;
}

static BsTensor *
make_root_gradient (BsTensor  *root,
                    BsTensor  *given,
                    guint      index,
                    GError   **error)
{
  if (given == NULL)
    {
      if (bs_tensor_numel (root) != 1)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               BS_MSG_IMPLICIT_GRAD);
          return NULL;
        }
      return bs_tensor_new_full (root->context, root->dtype, root->ndim, root->shape, 1.0,
                                 error);
    }
  if (!bs_tensor_same_shape (given, root))
    {
      g_autofree char *gs = bs_tensor_format_shape (given);
      g_autofree char *rs = bs_tensor_format_shape (root);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Mismatch in shape: grad_output[%u] has a shape of torch.Size(%s) and "
                   "output[%u] has a shape of torch.Size(%s).", index, gs, index, rs);
      return NULL;
    }
  if (given->dtype != root->dtype)
    return bs_to_dtype (given, root->dtype, error);
  return bs_tensor_ref (given);
}

static gboolean
set_busy_error (GError **error)
{
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                       "Backstep cannot run a backward pass through nodes that another "
                       "backward pass is still running through (a backward inside a hook)");
  return FALSE;
}

static gboolean
count_dependencies (BsBackward  *self,
                    GPtrArray   *root_nodes,
                    GError     **error)
{
  PtrVec stack = { NULL, 0, 0 };

  for (guint i = 0; i < root_nodes->len; i++)
    {
      NodeTask *task = get_task (self, root_nodes->pdata[i]);

      if (task == NULL)
        {
          ptr_vec_clear (&stack);
          return set_busy_error (error);
        }
      if (!task->visited)
        {
          task->visited = TRUE;
          ptr_vec_push (&stack, task);
        }
    }
  while (stack.len > 0)
    {
      NodeTask *task = ptr_vec_pop (&stack);
      BsNode *node = task->node;

      for (guint i = 0; i < node->n_inputs; i++)
        {
          NodeTask *next;

          if (node->next[i].node == NULL)
            continue;
          next = get_task (self, node->next[i].node);
          if (next == NULL)
            {
              ptr_vec_clear (&stack);
              return set_busy_error (error);
            }
          next->dependencies++;
          if (!next->visited)
            {
              next->visited = TRUE;
              ptr_vec_push (&stack, next);
            }
        }
    }
  ptr_vec_clear (&stack);
  return TRUE;
}

/* autograd.grad runs only the nodes on a path to a captured input. */
static gboolean
mark_needed (BsBackward *self,
             NodeTask   *task,
             GHashTable *decided)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  /* Iterative post-order: decide a node once all its next nodes are decided. */
  g_ptr_array_add (stack, task);
  while (stack->len > 0)
    {
      NodeTask *top = stack->pdata[stack->len - 1];
      BsNode *node = top->node;
      gboolean ready = TRUE;
      gboolean needed = FALSE;

      if (g_hash_table_contains (decided, top))
        {
          g_ptr_array_set_size (stack, stack->len - 1);
          continue;
        }
      for (guint i = 0; i < node->n_inputs; i++)
        {
          NodeTask *next;

          if (node->next[i].node == NULL)
            continue;
          next = &node->next[i].node->task;
          if (!g_hash_table_contains (decided, next))
            {
              g_ptr_array_add (stack, next);
              ready = FALSE;
            }
          else if (next->should_execute || next->captured)
            {
              needed = TRUE;
            }
        }
      if (!ready)
        continue;
      top->should_execute = needed;
      g_hash_table_add (decided, top);
      g_ptr_array_set_size (stack, stack->len - 1);
    }
  return task->should_execute || task->captured;
}

static BsBackward *
backward_new (BsContext *context,
              const BsBackwardOptions *options,
              gboolean   accumulate)
{
  BsBackward *self = g_new0 (BsBackward, 1);

  self->context = context;
  if (options != NULL)
    self->options = *options;
  self->accumulate = accumulate;
  self->roots = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  self->inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  self->captures = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  return self;
}

static BsBackward *
begin (BsContext                *context,
       BsTensor *const          *roots,
       BsTensor *const          *grad_roots,
       guint                     n_roots,
       BsTensor *const          *inputs,
       guint                     n_inputs,
       const BsBackwardOptions  *options,
       gboolean                  accumulate,
       GError                  **error)
{
  g_autoptr(BsBackward) self = backward_new (context, options, accumulate);
  g_autoptr(GPtrArray) root_nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_node_unref);
  g_autoptr(GPtrArray) root_grads = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  g_autoptr(GArray) root_input_nrs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n_roots; i++)
    {
      BsNode *node;
      guint input_nr;
      BsTensor *grad;

      GError *local_error = NULL;

      if (!gradient_edge (roots[i], &node, &input_nr))
        {
          g_set_error (&local_error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       BS_MSG_NO_GRAD_FN, i);
          emit_root_error (context, local_error, NULL);
          g_propagate_error (error, local_error);
          return NULL;
        }
      g_ptr_array_add (root_nodes, node);
      g_array_append_val (root_input_nrs, input_nr);
      grad = make_root_gradient (roots[i], grad_roots != NULL ? grad_roots[i] : NULL, i,
                                 &local_error);
      if (grad == NULL)
        {
          emit_root_error (context, local_error, roots[i]->grad_fn);
          g_propagate_error (error, local_error);
          return NULL;
        }
      g_ptr_array_add (root_grads, grad);
      g_ptr_array_add (self->roots, bs_tensor_ref (roots[i]));
    }

  self->id = ++context->n_backwards;

  if (!count_dependencies (self, root_nodes, error))
    return NULL;

  if (inputs != NULL)
    {
      g_autoptr(GHashTable) decided = g_hash_table_new (NULL, NULL);

      for (guint i = 0; i < n_inputs; i++)
        {
          BsNode *node;
          guint input_nr;

          if (!gradient_edge (inputs[i], &node, &input_nr))
            {
              g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                                   "One of the differentiated Tensors does not require grad");
              return NULL;
            }
          g_ptr_array_add (self->inputs, bs_tensor_ref (inputs[i]));
          g_ptr_array_add (self->captures, NULL);
          if (node->task.backward_id == self->id)
            node->task.captured = TRUE;
          bs_node_unref (node);
        }
      for (guint i = 0; i < self->touched.len; i++)
        mark_needed (self, &((BsNode *) self->touched.data[i])->task, decided);
    }

  if (bs_context_emits (context, backward_begin))
    {
      BsBackwardBeginEvent event = {
        .backward_id = self->id,
        .roots = (BsTensor *const *) self->roots->pdata,
        .root_grads = (BsTensor *const *) root_grads->pdata,
        .n_roots = n_roots,
        .retain_graph = self->options.retain_graph,
        .create_graph = self->options.create_graph,
        .is_autograd_grad = !accumulate,
      };

      context->sink->backward_begin (context->sink_data, &event);
    }

  /* The roots' gradients arrive as if from PyTorch's GraphRoot node. */
  for (guint i = 0; i < root_nodes->len; i++)
    {
      NodeTask *task = get_task (self, root_nodes->pdata[i]);
      gboolean ok;

      context->in_backward++;
      ok = add_to_buffer (self, task, g_array_index (root_input_nrs, guint, i),
                          root_grads->pdata[i], error);
      context->in_backward--;
      if (!ok)
        return NULL;
    }
  for (guint i = 0; i < root_nodes->len; i++)
    {
      NodeTask *task = get_task (self, root_nodes->pdata[i]);

      if (task->dependencies == 0 && !task->queued
          && (task->should_execute || task->captured))
        {
          task->queued = TRUE;
          ready_push (self, task);
        }
    }
  return g_steal_pointer (&self);
}

BsBackward *
bs_backward_begin (BsContext                *context,
                   BsTensor *const          *roots,
                   BsTensor *const          *grad_roots,
                   guint                     n_roots,
                   const BsBackwardOptions  *options,
                   GError                  **error)
{
  g_return_val_if_fail (context != NULL && n_roots > 0, NULL);
  return begin (context, roots, grad_roots, n_roots, NULL, 0, options, TRUE, error);
}

BsBackward *
bs_backward_begin_grad (BsContext                *context,
                        BsTensor *const          *roots,
                        BsTensor *const          *grad_roots,
                        guint                     n_roots,
                        BsTensor *const          *inputs,
                        guint                     n_inputs,
                        const BsBackwardOptions  *options,
                        GError                  **error)
{
  g_return_val_if_fail (context != NULL && n_roots > 0 && inputs != NULL, NULL);
  return begin (context, roots, grad_roots, n_roots, inputs, n_inputs, options, FALSE, error);
}

/* --- running a node ---------------------------------------------------- */

static gboolean
accumulate_into (BsTensor  *total,
                 BsTensor  *grad,
                 GError   **error)
{
  if (!bs_tensor_accumulate (total, grad, error))
    return FALSE;
  bs_tensor_bump_version (total);
  return TRUE;
}

/* incoming holds the only reference to the gradient that arrived, unless a
 * hook or the caller kept one. */
static gboolean
run_accumulate_grad (BsBackward *self,
                     NodeTask   *task,
                     BsTensor   *incoming,
                     GError    **error)
{
  BsContext *context = self->context;
  BsTensor *variable = task->node->variable;
  g_autoptr(BsTensor) grad = NULL;

  grad = bs_tensor_ref (incoming);
  if (!bs_hooks_run (variable->hooks, 0, -1, &grad, error))
    return FALSE;

  if (variable->grad == NULL)
    {
      /* Steal the gradient only when nobody else can see it, as PyTorch does;
       * a shared one (a hook's, the caller's, a view) is copied. */
      gboolean unshared = grad == incoming && grad->ref_count == 2
        && grad->storage->ref_count == 1 && grad->view_base == NULL
        && grad->grad_fn == NULL && bs_tensor_is_contiguous (grad);

      if (context->grad_enabled)
        variable->grad = bs_clone (grad, error);
      else if (unshared)
        variable->grad = bs_tensor_ref (grad);
      else
        variable->grad = bs_tensor_contiguous_copy (grad, grad->dtype, error);
      if (variable->grad == NULL)
        return FALSE;
    }
  else if (context->grad_enabled)
    {
      BsTensor *sum = bs_add (variable->grad, grad, 1.0, error);

      if (sum == NULL)
        return FALSE;
      bs_tensor_unref (variable->grad);
      variable->grad = sum;
    }
  else if (!accumulate_into (variable->grad, grad, error))
    {
      return FALSE;
    }

  if (bs_context_emits (context, accumulate))
    {
      BsAccumulateEvent event = {
        .backward_id = self->id,
        .leaf = variable,
        .contribution = grad,
        .total = variable->grad,
      };

      context->sink->accumulate (context->sink_data, &event);
    }
  return TRUE;
}

static gboolean
has_nan (BsTensor *tensor)
{
  gint64 n = bs_tensor_numel (tensor);

  for (gint64 i = 0; i < n; i++)
    if (isnan (bs_tensor_get (tensor, i)))
      return TRUE;
  return FALSE;
}

/* Brings a gradient to its input's shape and dtype, as PyTorch's validate_outputs. */
static BsTensor *
validate_gradient (BsNode    *node,
                   guint      index,
                   BsTensor  *grad,
                   GError   **error)
{
  const BsTensorMeta *meta = &node->input_meta[index];
  g_autoptr(BsTensor) result = bs_tensor_ref (grad);
  gboolean same = grad->ndim == meta->ndim;

  for (int d = 0; same && d < meta->ndim; d++)
    same = grad->shape[d] == meta->shape[d];
  if (!same)
    {
      BsTensor *reduced = bs_sum_to_shape (result, meta->shape, meta->ndim, NULL);

      if (reduced == NULL)
        {
          g_autofree char *got = bs_tensor_format_shape (grad);
          g_autoptr(GString) expected = g_string_new ("[");

          for (int d = 0; d < meta->ndim; d++)
            g_string_append_printf (expected, "%s%" G_GINT64_FORMAT, d ? ", " : "",
                                    meta->shape[d]);
          g_string_append_c (expected, ']');
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "Function %s returned an invalid gradient at index %u - got %s but "
                       "expected shape compatible with %s",
                       bs_node_name (node), index, got, expected->str);
          return NULL;
        }
      bs_tensor_unref (result);
      result = reduced;
    }
  if (result->dtype != meta->dtype)
    {
      BsTensor *cast = bs_to_dtype (result, meta->dtype, error);

      if (cast == NULL)
        return NULL;
      bs_tensor_unref (result);
      result = cast;
    }
  return g_steal_pointer (&result);
}

static gboolean
add_to_buffer (BsBackward *self,
               NodeTask   *task,
               guint       output_nr,
               BsTensor   *grad,
               GError    **error)
{
  BsTensor **buffer = &task->buffer;
  BsTensor *sum;

  if (bs_node_is_multi_output (task->node))
    {
      g_return_val_if_fail (output_nr < task->node->n_outputs, FALSE);
      if (task->buffers == NULL)
        task->buffers = g_new0 (BsTensor *, task->node->n_outputs);
      buffer = &task->buffers[output_nr];
    }
  if (*buffer == NULL)
    {
      *buffer = bs_tensor_ref (grad);
      return TRUE;
    }
  sum = bs_add (*buffer, grad, 1.0, error);
  if (sum == NULL)
    return FALSE;
  bs_tensor_unref (*buffer);
  *buffer = sum;
  return TRUE;
}

static gboolean
any_arrived (GPtrArray *grads)
{
  for (guint k = 0; k < grads->len; k++)
    if (grads->pdata[k] != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
call_backward (BsBackward *self,
               NodeTask   *task,
               BsTensor   *grad,
               BsTensor  **grad_inputs,
               BsTensor  **locals,
               GError    **error)
{
  BsNode *node = task->node;

  if (node->op == BS_OP_CUSTOM)
    return node->custom->backward (node, &grad, 1, grad_inputs, node->custom->user_data, error);
  return bs_op_info (node->op)->backward (node, grad, grad_inputs, locals, error);
}

static gboolean
run_node (BsBackward *self,
          NodeTask   *task,
          GError    **error)
{
  BsContext *context = self->context;
  BsNode *node = task->node;
  guint n = node->n_inputs;
  g_autoptr(BsTensor) grad = NULL;
  BsTensor *grad_inputs_inline[BS_NODE_INLINE] = { NULL };
  BsTensor *locals_inline[BS_NODE_INLINE] = { NULL };
  g_autofree BsTensor **grad_inputs_heap = n > BS_NODE_INLINE ? g_new0 (BsTensor *, n) : NULL;
  g_autofree BsTensor **locals_heap = n > BS_NODE_INLINE ? g_new0 (BsTensor *, n) : NULL;
  BsTensor **grad_inputs = grad_inputs_heap ? grad_inputs_heap : grad_inputs_inline;
  BsTensor **locals = locals_heap ? locals_heap : locals_inline;
  g_autoptr(GPtrArray) grads = NULL;   /* a multi-output node's gradients, NULL: none */
  gboolean ok = TRUE;

  if (bs_context_emits (context, node_begin))
    context->sink->node_begin (context->sink_data, self->id, node,
                               task->buffers != NULL ? task->buffers[0] : task->buffer);

  if (bs_node_is_multi_output (node))
    {
      g_autofree BsTensor **arrived = task->buffers != NULL
        ? g_steal_pointer (&task->buffers) : g_new0 (BsTensor *, node->n_outputs);

      /* the pre-hooks run even when no gradient arrived (they see None), as in PyTorch */
      grads = g_ptr_array_new_full (node->n_outputs, (GDestroyNotify) bs_tensor_unref);
      g_ptr_array_set_size (grads, (gint) node->n_outputs);
      ok = bs_node_run_pre_hooks (node, arrived, error);
      for (guint k = 0; k < node->n_outputs; k++)
        grads->pdata[k] = g_steal_pointer (&arrived[k]);
      if (!ok)
        return FALSE;
    }
  else
    {
      grad = g_steal_pointer (&task->buffer);
      if (!bs_node_run_pre_hooks (node, &grad, error))
        return FALSE;
    }

  if (task->captured)
    {
      for (guint i = 0; i < self->inputs->len; i++)
        {
          BsTensor *input = self->inputs->pdata[i];
          BsNode *input_node = input->grad_fn != NULL ? input->grad_fn : input->grad_accumulator;
          BsTensor *input_grad = grads != NULL ? grads->pdata[input->output_nr] : grad;

          if (input_node == node && input_grad != NULL && self->captures->pdata[i] == NULL)
            self->captures->pdata[i] = bs_tensor_ref (input_grad);
        }
    }
  if (!task->should_execute)
    return TRUE;

  if (node->op == BS_OP_ACCUMULATE_GRAD)
    return (grad == NULL || run_accumulate_grad (self, task, grad, error))
           && bs_node_run_hooks (node, TRUE, NULL, 0, &grad, 1, error);

  if (grads != NULL && node->op == BS_OP_CUSTOM)
    {
      /* the first gradient that arrived stands for them in the edge events */
      for (guint k = 0; grad == NULL && k < node->n_outputs; k++)
        if (grads->pdata[k] != NULL)
          grad = bs_tensor_ref (grads->pdata[k]);
      ok = node->custom->backward (node, (BsTensor *const *) grads->pdata, node->n_outputs,
                                   grad_inputs, node->custom->user_data, error);
    }
  else if (grads != NULL && any_arrived (grads))
    ok = bs_op_info (node->op)->backward_multi (node, (BsTensor *const *) grads->pdata,
                                                grad_inputs, locals, &grad, error);
  /* a Function's backward runs without gradients too (it gets zeros or None) */
  else if (grads == NULL && (grad != NULL || node->op == BS_OP_CUSTOM))
    ok = call_backward (self, task, grad, grad_inputs, locals, error);
  /* grad_fn.register_hook's hooks see (and may replace) what the node made */
  if (ok && node->node_hooks != NULL)
    ok = grads != NULL
      ? bs_node_run_hooks (node, TRUE, grad_inputs, n, (BsTensor *const *) grads->pdata,
                           node->n_outputs, error)
      : bs_node_run_hooks (node, TRUE, grad_inputs, n, &grad, 1, error);

  for (guint i = 0; ok && i < n; i++)
    {
      BsEdge *edge = &node->next[i];

      if (grad_inputs[i] != NULL && edge->present)
        {
          BsTensor *valid = validate_gradient (node, i, grad_inputs[i], error);

          bs_tensor_unref (grad_inputs[i]);
          grad_inputs[i] = valid;
          if (valid == NULL)
            {
              ok = FALSE;
              break;
            }
          if (context->anomaly_enabled && has_nan (valid))
            {
              g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Function '%s' returned nan values in its %uth output.",
                           bs_node_name (node), i);
              ok = FALSE;
              break;
            }
        }
    }

  for (guint i = 0; ok && i < n; i++)
    {
      BsEdge *edge = &node->next[i];
      NodeTask *next;

      if (edge->node == NULL)
        continue;
      next = &edge->node->task;
      if (grad_inputs[i] != NULL && bs_context_emits (context, edge))
        {
          BsEdgeEvent event = {
            .backward_id = self->id,
            .from = node,
            .input_nr = i,
            .to = edge->node,
            .upstream = grad,
            .local = locals[i],
            .formula = bs_node_formula (node, i),
            .contribution = grad_inputs[i],
          };

          context->sink->edge (context->sink_data, &event);
        }
      if (grad_inputs[i] != NULL && (next->should_execute || next->captured))
        ok = add_to_buffer (self, next, edge->input_nr, grad_inputs[i], error);
      if (--next->dependencies == 0 && (next->should_execute || next->captured))
        {
          next->queued = TRUE;
          ready_push (self, next);
        }
    }

  for (guint i = 0; i < n; i++)
    {
      g_clear_pointer (&grad_inputs[i], bs_tensor_unref);
      g_clear_pointer (&locals[i], bs_tensor_unref);
    }
  if (ok && !self->options.retain_graph)
    {
      gboolean had_saved = bs_node_has_saved (node);

      bs_node_release_saved (node);
      if (bs_copy_slices_release (node))
        had_saved = TRUE;
      if (had_saved && bs_context_emits (context, freed))
        context->sink->freed (context->sink_data, self->id, node);
    }
  return ok;
}

gboolean
bs_backward_step (BsBackward  *self,
                  GError     **error)
{
  GError *local_error = NULL;
  NodeTask *task;
  gboolean previous_grad_mode;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  if (self->done)
    return FALSE;
  task = ready_pop (self);
  if (task == NULL)
    {
      self->done = TRUE;
      return FALSE;
    }
  /* As PyTorch's engine: the whole node runs with grad mode = create_graph. What it
   * computes is announced as new tensors only then: with create_graph the gradients
   * are tensors of a graph of their own (a second derivative's), else internal values. */
  previous_grad_mode = bs_grad_mode_set (self->context, self->options.create_graph);
  if (!self->options.create_graph)
    self->context->in_backward++;
  ok = run_node (self, task, &local_error);
  if (!self->options.create_graph)
    self->context->in_backward--;
  bs_grad_mode_set (self->context, previous_grad_mode);
  if (!ok)
    {
      self->done = TRUE;
      self->failed = TRUE;
      emit_error (self, local_error, task->node);
      g_propagate_error (error, local_error);
      return FALSE;
    }
  g_clear_pointer (&task->buffer, bs_tensor_unref);
  clear_buffers (task->node);
  if (self->ready.len == 0)
    self->done = TRUE;
  return TRUE;
}

gboolean
bs_backward_is_done (const BsBackward *self)
{
  return self->done;
}

BsNode *
bs_backward_peek (const BsBackward *self)
{
  if (self->done || self->ready.len == 0)
    return NULL;
  return ((NodeTask *) self->ready.data[0])->node;
}

guint64
bs_backward_id (const BsBackward *self)
{
  return self->id;
}

gboolean
bs_backward_finish (BsBackward  *self,
                    GPtrArray  **grads,
                    GError     **error)
{
  BsContext *context = self->context;

  while (!self->done)
    if (!bs_backward_step (self, error))
      {
        if (self->failed)
          return FALSE;
      }
  if (self->failed)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "the backward pass already failed");
      return FALSE;
    }
  if (!self->accumulate && !self->options.allow_unused)
    for (guint i = 0; i < self->captures->len; i++)
      if (self->captures->pdata[i] == NULL)
        {
          GError *local_error = g_error_new_literal (BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                                                     BS_MSG_UNUSED_INPUT);

          emit_error (self, local_error, NULL);
          g_propagate_error (error, local_error);
          return FALSE;
        }
  if (bs_context_emits (context, backward_end))
    context->sink->backward_end (context->sink_data, self->id, NULL);
  if (grads != NULL)
    *grads = g_ptr_array_ref (self->captures);
  return TRUE;
}

void
bs_backward_free (BsBackward *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->touched.len; i++)
    release_task (self->touched.data[i]);
  ptr_vec_clear (&self->touched);
  ptr_vec_clear (&self->ready);
  g_ptr_array_unref (self->roots);
  g_ptr_array_unref (self->inputs);
  g_ptr_array_unref (self->captures);
  g_free (self);
}

gboolean
bs_tensor_backward (BsTensor  *self,
                    BsTensor  *gradient,
                    gboolean   retain_graph,
                    gboolean   create_graph,
                    GError   **error)
{
  BsBackwardOptions options = { retain_graph, create_graph, FALSE };
  g_autoptr(BsBackward) backward = NULL;

  backward = bs_backward_begin (self->context, &self, &gradient, 1, &options, error);
  if (backward == NULL)
    return FALSE;
  return bs_backward_finish (backward, NULL, error);
}

GPtrArray *
bs_autograd_grad (BsTensor *const          *outputs,
                  BsTensor *const          *grad_outputs,
                  guint                     n_outputs,
                  BsTensor *const          *inputs,
                  guint                     n_inputs,
                  const BsBackwardOptions  *options,
                  GError                  **error)
{
  g_autoptr(BsBackward) backward = NULL;
  GPtrArray *grads = NULL;

  g_return_val_if_fail (n_outputs > 0, NULL);
  backward = bs_backward_begin_grad (outputs[0]->context, outputs, grad_outputs, n_outputs,
                                     inputs, n_inputs, options, error);
  if (backward == NULL || !bs_backward_finish (backward, &grads, error))
    return NULL;
  return grads;
}
