/* bs-recorder.c: turns engine and interpreter events into a trace */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-context.h"
#include "bs-node.h"
#include "bs-plot-figure.h"
#include "bs-recorder.h"
#include "bs-tensor.h"
#include "bs-trace-private.h"

struct _BsRecorder {
  /* Owned */
  BsTrace    *trace;
  GHashTable *tensor_ids;      /* engine id -> trace id */
  GHashTable *node_ids;        /* engine id -> trace id */
  GArray     *current_values;  /* guint32 per trace tensor id (index id): its latest value */
  GArray     *scopes;          /* guint32: the open scopes, innermost last */

  guint32     statement;       /* the statement running, 0: none */
  guint32     backward;        /* the backward running, 0: none */
  gint       *progress;        /* Borrowed: statements counted for another thread */
  BsContext  *budget;          /* Borrowed: the script's memory budget, or NULL */
  gsize       charged;         /* the trace's bytes charged to it */
  gboolean    budget_reported;
  gboolean    closed;          /* the run ended: what its end releases is not recorded */
};

BsRecorder *
bs_recorder_new (void)
{
  BsRecorder *self = g_new0 (BsRecorder, 1);
  guint32 none = 0;

  self->trace = bs_trace_new ();
  self->tensor_ids = g_hash_table_new (NULL, NULL);
  self->node_ids = g_hash_table_new (NULL, NULL);
  self->current_values = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_array_append_val (self->current_values, none);
  self->scopes = g_array_new (FALSE, FALSE, sizeof (guint32));
  return self;
}

void
bs_recorder_free (BsRecorder *self)
{
  if (self == NULL)
    return;
  bs_trace_unref (self->trace);
  g_hash_table_unref (self->tensor_ids);
  g_hash_table_unref (self->node_ids);
  g_array_unref (self->current_values);
  g_array_unref (self->scopes);
  g_free (self);
}

void
bs_recorder_set_budget (BsRecorder *self,
                        gsize       budget)
{
  g_return_if_fail (self != NULL);
  bs_value_store_set_budget (bs_trace_get_values (self->trace), budget);
}

void
bs_recorder_charge_to (BsRecorder *self,
                       BsContext  *context)
{
  g_return_if_fail (self != NULL);
  self->budget = context;
  self->charged = 0;
}

/* The recorder's own tables grow with the trace. */
static gsize
get_bytes (BsRecorder *self)
{
  /* a hash table entry: its hash, key and value, with the table's spare room */
  gsize entry = 6 * sizeof (guint32);

  return sizeof *self
         + (g_hash_table_size (self->tensor_ids) + g_hash_table_size (self->node_ids)) * entry
         + (self->current_values->len + self->scopes->len) * sizeof (guint32);
}

/* The trace grows with the script: charged to its memory budget like its objects. */
static void
charge (BsRecorder *self)
{
  gsize bytes = bs_trace_get_bytes (self->trace) + get_bytes (self);

  if (bytes > self->charged)
    bs_context_charge (self->budget, bytes - self->charged);
  else
    bs_context_uncharge (self->budget, self->charged - bytes);
  self->charged = bytes;
}

void
bs_recorder_set_progress (BsRecorder *self,
                          gint       *statements)
{
  g_return_if_fail (self != NULL);
  self->progress = statements;
}

void
bs_recorder_close (BsRecorder *self)
{
  g_return_if_fail (self != NULL);
  self->closed = TRUE;
}

BsTrace *
bs_recorder_get_trace (BsRecorder *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

guint32
bs_recorder_lookup_tensor (BsRecorder *self,
                           BsTensor   *tensor)
{
  g_return_val_if_fail (self != NULL, 0);
  if (tensor == NULL)
    return 0;
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->tensor_ids, GSIZE_TO_POINTER (tensor->id)));
}

static guint32
lookup_node (BsRecorder *self,
             BsNode     *node)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->node_ids, GSIZE_TO_POINTER (node->id)));
}

static guint64
append (BsRecorder   *self,
        BsTraceEvent *event)
{
  BsValueStore *values = bs_trace_get_values (self->trace);
  guint64 index = bs_trace_append (self->trace, event);

  if (!self->budget_reported && bs_value_store_budget_reached (values))
    {
      BsTraceEvent budget = { .type = BS_TRACE_EVENT_BUDGET };
      guint64 used = bs_value_store_get_bytes (values);

      budget.aux = (guint32) used;
      budget.n_aux = (guint32) (used >> 32);
      self->budget_reported = TRUE;
      bs_trace_append (self->trace, &budget);
    }
  if (self->budget != NULL && (index & 63) == 0)
    charge (self);
  return index;
}

static guint32
current_scope (BsRecorder *self)
{
  return self->scopes->len > 0
         ? g_array_index (self->scopes, guint32, self->scopes->len - 1) : 0;
}

static guint32
store (BsRecorder *self,
       BsTensor   *tensor)
{
  return bs_value_store_add_tensor (bs_trace_get_values (self->trace), tensor);
}

static void
set_current_value (BsRecorder *self,
                   guint32     tensor,
                   guint32     value)
{
  if (tensor >= self->current_values->len)
    g_array_set_size (self->current_values, tensor + 1);
  g_array_index (self->current_values, guint32, tensor) = value;
}

static guint32 ensure_node (BsRecorder *self, BsNode *node);

static guint32
add_tensor (BsRecorder         *self,
            BsTensor           *tensor,
            BsNode             *grad_fn,
            const char         *op_name,
            BsTensor *const    *inputs,
            guint               n_inputs,
            gboolean            implicit);

/* A leaf is announced before torch.tensor(..., requires_grad=True) or
 * requires_grad_() sets the flag: the record follows the tensor when told it changed,
 * and when it is seen again. */
static void
refresh_requires_grad (BsRecorder *self,
                       guint32     id,
                       BsTensor   *tensor)
{
  BsTraceTensor *record = bs_trace_get_tensor_mut (self->trace, id);

  if (record != NULL && tensor->grad_fn == NULL)
    record->requires_grad = bs_tensor_requires_grad (tensor);
}

static guint32
ensure_tensor (BsRecorder *self,
               BsTensor   *tensor)
{
  guint32 id = bs_recorder_lookup_tensor (self, tensor);

  if (tensor == NULL)
    return 0;
  if (id != 0)
    {
      refresh_requires_grad (self, id, tensor);
      return id;
    }
  return add_tensor (self, tensor, tensor->grad_fn, NULL, NULL, 0, TRUE);
}

static guint32
ensure_node (BsRecorder *self,
             BsNode     *node)
{
  g_autofree guint32 *next = NULL;
  BsTraceNode *record;
  BsTraceEvent event = { .type = BS_TRACE_EVENT_GRAD_FN };
  guint32 id, name, leaf = 0;

  if (node == NULL)
    return 0;
  id = lookup_node (self, node);
  if (id != 0)
    return id;

  /* What it points to first, so that ids follow the graph's order. */
  next = g_new0 (guint32, 2 * node->n_inputs + 1);
  for (guint i = 0; i < node->n_inputs; i++)
    {
      next[2 * i] = ensure_node (self, node->next[i].node);
      next[2 * i + 1] = node->next[i].input_nr;
    }
  if (node->op == BS_OP_ACCUMULATE_GRAD)
    leaf = ensure_tensor (self, node->variable);
  name = bs_trace_intern (self->trace, bs_node_name (node));

  record = bs_trace_add_node (self->trace);
  record->name = name;
  record->tensor = leaf;
  record->n_next = node->n_inputs;
  record->op = node->op;
  record->args = bs_trace_intern_args (self->trace, &node->args);
  record->is_accumulate = node->op == BS_OP_ACCUMULATE_GRAD;
  record->scope = current_scope (self);
  id = record->id;
  g_hash_table_insert (self->node_ids, GSIZE_TO_POINTER (node->id), GUINT_TO_POINTER (id));
  record->next = bs_trace_add_list (self->trace, next, 2 * node->n_inputs);
  event.node = id;
  bs_trace_get_node_mut (self->trace, id)->event = append (self, &event);
  return id;
}

static guint32
add_tensor (BsRecorder      *self,
            BsTensor        *tensor,
            BsNode          *grad_fn,
            const char      *op_name,
            BsTensor *const *inputs,
            guint            n_inputs,
            gboolean         implicit)
{
  g_autofree guint32 *input_ids = g_new0 (guint32, n_inputs + 1);
  g_autofree guint32 *input_values = g_new0 (guint32, n_inputs + 1);
  BsTraceEvent event = { .type = BS_TRACE_EVENT_TENSOR };
  BsTraceTensor *record;
  BsTraceNode *node_record;
  guint32 node, op, value, id;

  for (guint i = 0; i < n_inputs; i++)
    {
      input_ids[i] = ensure_tensor (self, inputs[i]);
      input_values[i] = g_array_index (self->current_values, guint32, input_ids[i]);
    }
  node = ensure_node (self, grad_fn);
  op = bs_trace_intern (self->trace, op_name);
  value = store (self, tensor);

  record = bs_trace_add_tensor (self->trace);
  id = record->id;
  record->op = op;
  record->grad_fn = node;
  record->n_inputs = n_inputs;
  record->dtype = tensor->dtype;
  record->ndim = tensor->ndim;
  record->shape = bs_trace_intern_shape (self->trace, tensor->ndim, tensor->shape);
  record->requires_grad = bs_tensor_requires_grad (tensor);
  record->is_wrapped_number = tensor->is_wrapped_number;
  record->statement = self->statement;
  record->scope = current_scope (self);
  g_hash_table_insert (self->tensor_ids, GSIZE_TO_POINTER (tensor->id), GUINT_TO_POINTER (id));
  set_current_value (self, id, value);
  bs_trace_get_tensor_mut (self->trace, id)->inputs =
    bs_trace_add_list (self->trace, input_ids, n_inputs);

  node_record = bs_trace_get_node_mut (self->trace, node);
  if (node_record != NULL && node_record->tensor == 0)
    {
      node_record->tensor = id;
      if (grad_fn->n_inputs == n_inputs && !implicit)
        {
          node_record->n_input_values = n_inputs;
          node_record->input_values = bs_trace_add_list (self->trace, input_values, n_inputs);
        }
    }

  event.tensor = id;
  event.node = node;
  event.values[0] = value;
  event.flags = implicit ? BS_TRACE_FLAG_IMPLICIT : 0;
  bs_trace_get_tensor_mut (self->trace, id)->event = append (self, &event);
  return id;
}

/* --- engine events ------------------------------------------------------ */

static void on_inplace (gpointer user_data, const BsInplaceEvent *event);

static void
on_tensor_created (gpointer             user_data,
                   const BsTensorEvent *event)
{
  BsRecorder *self = user_data;

  if (bs_recorder_lookup_tensor (self, event->tensor) != 0)
    {
      /* A custom Function's apply gives the tensor its forward returned (recorded when
       * forward made it, without history) the Function's node: recorded as the history
       * an in-place op gives, so the graph has the node and its edges. */
      if (event->grad_fn != NULL && lookup_node (self, event->grad_fn) == 0)
        {
          BsInplaceEvent history = {
            .tensor = event->tensor,
            .version = bs_tensor_version (event->tensor),
            .grad_fn = event->grad_fn,
            .op_name = event->op_name,
          };

          on_inplace (self, &history);
        }
      return;
    }
  add_tensor (self, event->tensor, event->grad_fn, event->op_name, event->inputs,
              event->n_inputs, FALSE);
}

static void
on_inplace (gpointer              user_data,
            const BsInplaceEvent *event)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_INPLACE };
  BsTraceNode *node;

  record.tensor = ensure_tensor (self, event->tensor);
  record.node = ensure_node (self, event->grad_fn);
  record.text = bs_trace_intern (self->trace, event->op_name);
  record.aux = (guint32) event->version;
  record.values[0] = store (self, event->tensor);
  set_current_value (self, record.tensor, record.values[0]);
  node = bs_trace_get_node_mut (self->trace, record.node);
  if (node != NULL && node->tensor == 0)
    node->tensor = record.tensor;
  append (self, &record);
}

static void
on_backward_begin (gpointer                    user_data,
                   const BsBackwardBeginEvent *event)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_BACKWARD_BEGIN };
  g_autofree guint32 *roots = g_new0 (guint32, 3 * event->n_roots + 1);

  for (guint i = 0; i < event->n_roots; i++)
    {
      BsTensor *root = event->roots[i];

      roots[3 * i] = ensure_tensor (self, root);
      roots[3 * i + 1] = ensure_node (self, root->grad_fn);
      roots[3 * i + 2] = store (self, event->root_grads[i]);
    }
  self->backward = (guint32) event->backward_id;
  record.backward = self->backward;
  record.flags = (event->retain_graph ? BS_TRACE_FLAG_RETAIN_GRAPH : 0)
               | (event->create_graph ? BS_TRACE_FLAG_CREATE_GRAPH : 0)
               | (event->is_autograd_grad ? BS_TRACE_FLAG_AUTOGRAD_GRAD : 0);
  record.aux = bs_trace_add_list (self->trace, roots, 3 * event->n_roots);
  record.n_aux = event->n_roots;
  append (self, &record);
}

static void
on_node_begin (gpointer  user_data,
               guint64   backward_id,
               BsNode   *node,
               BsTensor *grad_output)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_NODE_BEGIN };

  record.backward = (guint32) backward_id;
  record.node = ensure_node (self, node);
  record.values[0] = store (self, grad_output);
  append (self, &record);
}

static void
on_edge (gpointer           user_data,
         const BsEdgeEvent *event)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_EDGE };

  record.backward = (guint32) event->backward_id;
  record.node = ensure_node (self, event->from);
  record.node2 = ensure_node (self, event->to);
  record.input_nr = (guint16) event->input_nr;
  record.values[0] = store (self, event->upstream);
  record.values[1] = store (self, event->local);
  record.values[2] = store (self, event->contribution);
  record.text = bs_trace_intern (self->trace, event->formula);
  append (self, &record);
}

static void
on_accumulate (gpointer                 user_data,
               const BsAccumulateEvent *event)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_ACCUMULATE };

  record.backward = (guint32) event->backward_id;
  record.tensor = ensure_tensor (self, event->leaf);
  if (event->leaf->grad_accumulator != NULL)
    record.node = lookup_node (self, event->leaf->grad_accumulator);
  record.values[0] = store (self, event->contribution);
  record.values[1] = store (self, event->total);
  append (self, &record);
}

static void
on_freed (gpointer  user_data,
          guint64   backward_id,
          BsNode   *node)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_FREED };

  record.backward = (guint32) backward_id;
  record.node = ensure_node (self, node);
  append (self, &record);
}

static void
on_backward_end (gpointer      user_data,
                 guint64       backward_id,
                 const GError *error)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_BACKWARD_END };

  record.backward = (guint32) backward_id;
  record.flags = error != NULL ? BS_TRACE_FLAG_FAILED : 0;
  self->backward = 0;
  append (self, &record);
}

static void
on_grad_zeroed (gpointer  user_data,
                BsTensor *tensor,
                gboolean  set_to_none)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_GRAD_ZEROED };

  record.tensor = ensure_tensor (self, tensor);
  record.flags = set_to_none ? BS_TRACE_FLAG_SET_TO_NONE : 0;
  record.values[0] = set_to_none ? 0 : store (self, tensor->grad);
  append (self, &record);
}

static void
on_optimizer_step (gpointer         user_data,
                   const char      *optimizer_name,
                   BsTensor *const *params,
                   guint            n_params)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_OPTIMIZER_STEP };
  g_autofree guint32 *pairs = g_new0 (guint32, 2 * n_params + 1);

  for (guint i = 0; i < n_params; i++)
    {
      pairs[2 * i] = ensure_tensor (self, params[i]);
      pairs[2 * i + 1] = store (self, params[i]);
      set_current_value (self, pairs[2 * i], pairs[2 * i + 1]);
    }
  record.text = bs_trace_intern (self->trace, optimizer_name);
  record.aux = bs_trace_add_list (self->trace, pairs, 2 * n_params);
  record.n_aux = n_params;
  append (self, &record);
}

static void
on_error (gpointer      user_data,
          const GError *error,
          BsNode       *node)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_ERROR };

  record.text = bs_trace_intern (self->trace, error != NULL ? error->message : "error");
  record.node = ensure_node (self, node);
  record.backward = self->backward;
  record.aux = self->statement;
  append (self, &record);
}

static void
on_requires_grad_changed (gpointer  user_data,
                          BsTensor *tensor)
{
  BsRecorder *self = user_data;
  guint32 id = bs_recorder_lookup_tensor (self, tensor);

  if (id != 0)
    refresh_requires_grad (self, id, tensor);
}

static void
on_tensor_destroyed (gpointer  user_data,
                     BsTensor *tensor)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_DESTROYED };

  if (self->closed)
    return;
  record.tensor = bs_recorder_lookup_tensor (self, tensor);
  if (record.tensor != 0)
    append (self, &record);
}

static void
on_node_destroyed (gpointer  user_data,
                   BsNode   *node)
{
  BsRecorder *self = user_data;
  BsTraceEvent record = { .type = BS_TRACE_EVENT_DESTROYED };

  if (self->closed)
    return;
  record.node = lookup_node (self, node);
  if (record.node != 0)
    append (self, &record);
}

static const BsEventSink recorder_sink = {
  .tensor_created = on_tensor_created,
  .inplace = on_inplace,
  .backward_begin = on_backward_begin,
  .node_begin = on_node_begin,
  .edge = on_edge,
  .accumulate = on_accumulate,
  .freed = on_freed,
  .backward_end = on_backward_end,
  .grad_zeroed = on_grad_zeroed,
  .optimizer_step = on_optimizer_step,
  .error = on_error,
  .requires_grad_changed = on_requires_grad_changed,
  .tensor_destroyed = on_tensor_destroyed,
  .node_destroyed = on_node_destroyed,
};

const BsEventSink *
bs_recorder_get_sink (void)
{
  return &recorder_sink;
}

/* --- interpreter events -------------------------------------------------- */

void
bs_recorder_statement (BsRecorder *self,
                       int         line,
                       int         col,
                       int         end_line,
                       int         end_col)
{
  BsTraceSpan span = { line, col, end_line, end_col };
  BsTraceEvent record = { .type = BS_TRACE_EVENT_STATEMENT };

  g_return_if_fail (self != NULL);
  self->statement = bs_trace_add_statement (self->trace, &span);
  if (self->progress != NULL)
    g_atomic_int_inc (self->progress);
  record.aux = self->statement;
  append (self, &record);
}

void
bs_recorder_bind_name (BsRecorder *self,
                       BsTensor   *tensor,
                       const char *name)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_BIND };
  BsTraceTensor *t;

  g_return_if_fail (self != NULL);
  g_return_if_fail (tensor != NULL && name != NULL);
  record.tensor = ensure_tensor (self, tensor);
  record.text = bs_trace_intern (self->trace, name);
  t = bs_trace_get_tensor_mut (self->trace, record.tensor);
  if (t->name == 0)
    t->name = record.text;
  append (self, &record);
}

void
bs_recorder_tensor_span (BsRecorder        *self,
                         BsTensor          *tensor,
                         const BsTraceSpan *span)
{
  BsTraceTensor *t;

  g_return_if_fail (self != NULL);
  g_return_if_fail (tensor != NULL && span != NULL);
  t = bs_trace_get_tensor_mut (self->trace, ensure_tensor (self, tensor));
  t->span = bs_trace_intern_span (self->trace, span);
}

void
bs_recorder_print (BsRecorder *self,
                   const char *text)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_PRINT };

  g_return_if_fail (self != NULL);
  record.text = bs_trace_intern (self->trace, text != NULL ? text : "");
  append (self, &record);
}

void
bs_recorder_figure (BsRecorder   *self,
                    BsPlotFigure *figure,
                    gboolean      at_end)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_FIGURE };
  g_autofree char *title = NULL;

  g_return_if_fail (self != NULL && figure != NULL);
  title = g_strdup_printf ("Figure %d", figure->number);
  record.text = bs_trace_intern (self->trace, title);
  record.aux = bs_trace_add_figure (self->trace, figure);
  record.flags = at_end ? BS_TRACE_FLAG_IMPLICIT : 0;
  append (self, &record);
}

void
bs_recorder_scope_begin (BsRecorder        *self,
                         BsTraceScopeKind   kind,
                         const char        *label,
                         const BsTraceSpan *span)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_SCOPE_BEGIN };
  guint32 label_id, parent, id;
  BsTraceScope *scope;

  g_return_if_fail (self != NULL);
  g_return_if_fail (kind == BS_TRACE_SCOPE_MODULE_CALL || kind == BS_TRACE_SCOPE_LOOP_ITERATION
                    || kind == BS_TRACE_SCOPE_CELL);
  label_id = bs_trace_intern (self->trace, label);
  parent = current_scope (self);
  scope = bs_trace_add_scope (self->trace);
  scope->parent = parent;
  scope->kind = kind;
  scope->label = label_id;
  if (span != NULL)
    scope->span = *span;
  id = scope->id;
  g_array_append_val (self->scopes, id);
  record.aux = id;
  bs_trace_get_scope_mut (self->trace, id)->begin_event = append (self, &record);
}

void
bs_recorder_scope_end (BsRecorder *self)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_SCOPE_END };

  g_return_if_fail (self != NULL);
  g_return_if_fail (self->scopes->len > 0);
  record.aux = current_scope (self);
  g_array_set_size (self->scopes, self->scopes->len - 1);
  bs_trace_get_scope_mut (self->trace, record.aux)->end_event = append (self, &record);
}

void
bs_recorder_error (BsRecorder *self,
                   const char *message)
{
  BsTraceEvent record = { .type = BS_TRACE_EVENT_ERROR };

  g_return_if_fail (self != NULL);
  record.text = bs_trace_intern (self->trace, message != NULL ? message : "error");
  record.aux = self->statement;
  append (self, &record);
}
