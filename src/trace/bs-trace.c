/* bs-trace.c: what a run did, as an append-only array of events */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-trace-private.h"

#include "bs-chunks.h"
#include "bs-interner.h"
#include "bs-plot-figure.h"

#include <string.h>

struct _BsTrace {
  gint            ref_count;
  BsChunks        events;        /* BsTraceEvent */
  BsChunks        tensors;       /* BsTraceTensor, index id - 1 */
  BsChunks        nodes;         /* BsTraceNode, index id - 1 */
  BsChunks        statements;    /* const BsTraceSpan * (interned), index - 1 */
  BsChunks        scopes;        /* BsTraceScope, index id - 1 */
  GArray         *lists;         /* guint32 */
  BsInterner     *interner;      /* Owned: strings, shapes, spans and op arguments */
  const BsOpArgs *no_args;       /* a node's until it is told its own */
  BsValueStore   *values;        /* Owned */
  BsChunks        steps;         /* Step */
  GHashTable     *backwards;     /* backward id -> backward_begin event index + 1 */
  GArray         *checks;        /* guint64: the check events' indices */
  GPtrArray      *figures;       /* Owned: BsPlotFigure, index id - 1 */
  guint32         step;          /* the step being recorded */
  gboolean        prelude;       /* a node_begin opened the step its next step event joins */
  gpointer        replay_cache;
  GDestroyNotify  replay_cache_destroy;
};

typedef struct {
  guint64 first;                 /* its first event */
  guint32 event;                 /* its step event, first + event; NO_EVENT until seen */
  guint32 n_substeps;
} Step;

#define NO_EVENT G_MAXUINT32

static const struct {
  const char *name;
  gboolean    is_step;
} event_types[] = {
  [BS_TRACE_EVENT_STATEMENT]      = { "statement", TRUE },
  [BS_TRACE_EVENT_TENSOR]         = { "node", FALSE },
  [BS_TRACE_EVENT_GRAD_FN]        = { "grad_fn", FALSE },
  [BS_TRACE_EVENT_INPLACE]        = { "inplace", FALSE },
  [BS_TRACE_EVENT_BIND]           = { "bind", FALSE },
  [BS_TRACE_EVENT_PRINT]          = { "print", FALSE },
  [BS_TRACE_EVENT_BACKWARD_BEGIN] = { "backward_begin", TRUE },
  [BS_TRACE_EVENT_NODE_BEGIN]     = { "node_begin", FALSE },
  [BS_TRACE_EVENT_EDGE]           = { "edge", TRUE },
  [BS_TRACE_EVENT_ACCUMULATE]     = { "accumulate", TRUE },
  [BS_TRACE_EVENT_FREED]          = { "freed", TRUE },
  [BS_TRACE_EVENT_BACKWARD_END]   = { "backward_end", FALSE },
  [BS_TRACE_EVENT_GRAD_ZEROED]    = { "grad_zeroed", TRUE },
  [BS_TRACE_EVENT_OPTIMIZER_STEP] = { "optimizer_step", TRUE },
  [BS_TRACE_EVENT_ERROR]          = { "error", TRUE },
  [BS_TRACE_EVENT_BUDGET]         = { "budget", FALSE },
  [BS_TRACE_EVENT_SCOPE_BEGIN]    = { "scope_begin", FALSE },
  [BS_TRACE_EVENT_SCOPE_END]      = { "scope_end", FALSE },
  [BS_TRACE_EVENT_DESTROYED]      = { "destroyed", FALSE },
  [BS_TRACE_EVENT_CHECK]          = { "check", FALSE },
  [BS_TRACE_EVENT_FIGURE]         = { "figure", FALSE },
};

G_STATIC_ASSERT (G_N_ELEMENTS (event_types) == BS_TRACE_N_EVENT_TYPES);

const char *
bs_trace_event_type_name (BsTraceEventType type)
{
  g_return_val_if_fail (type < BS_TRACE_N_EVENT_TYPES, NULL);
  return event_types[type].name;
}

static const char * const scope_kinds[] = {
  [BS_TRACE_SCOPE_MODULE_CALL]    = "module_call",
  [BS_TRACE_SCOPE_LOOP_ITERATION] = "loop_iteration",
  [BS_TRACE_SCOPE_CELL]           = "cell",
};

const char *
bs_trace_scope_kind_name (BsTraceScopeKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (scope_kinds), NULL);
  return scope_kinds[kind];
}

/* BS_TRACE_N_SCOPE_KINDS for a name that is none */
BsTraceScopeKind
bs_trace_scope_kind_from_name (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (scope_kinds); i++)
    if (g_str_equal (scope_kinds[i], name))
      return i;
  return BS_TRACE_N_SCOPE_KINDS;
}

BsTraceEventType
bs_trace_event_type_from_name (const char *name)
{
  for (guint i = 0; name != NULL && i < BS_TRACE_N_EVENT_TYPES; i++)
    if (g_str_equal (event_types[i].name, name))
      return i;
  return BS_TRACE_N_EVENT_TYPES;
}

guint32
bs_trace_add_figure (BsTrace      *self,
                     BsPlotFigure *figure)
{
  g_return_val_if_fail (self != NULL && figure != NULL, 0);
  g_ptr_array_add (self->figures, bs_plot_figure_ref (figure));
  return self->figures->len;
}

guint32
bs_trace_get_n_figures (BsTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->figures->len;
}

BsPlotFigure *
bs_trace_get_figure (BsTrace *self,
                     guint32  id)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (id == 0 || id > self->figures->len)
    return NULL;
  return g_ptr_array_index (self->figures, id - 1);
}

const guint64 *
bs_trace_get_check_events (BsTrace *self,
                           guint   *n_checks)
{
  g_return_val_if_fail (self != NULL && n_checks != NULL, NULL);
  *n_checks = self->checks->len;
  return (const guint64 *) self->checks->data;
}

double
bs_trace_event_check_error (const BsTraceEvent *event)
{
  guint64 bits = ((guint64) event->n_aux << 32) | event->aux;
  double value;

  g_return_val_if_fail (event->type == BS_TRACE_EVENT_CHECK, 0);
  memcpy (&value, &bits, sizeof value);
  return value;
}

void
bs_trace_event_set_check_error (BsTraceEvent *event,
                                double        relative_error)
{
  guint64 bits;

  memcpy (&bits, &relative_error, sizeof bits);
  event->aux = (guint32) bits;
  event->n_aux = (guint32) (bits >> 32);
}

gboolean
bs_trace_event_type_is_step (BsTraceEventType type)
{
  return type < BS_TRACE_N_EVENT_TYPES && event_types[type].is_step;
}

const gint64 *
bs_trace_intern_shape (BsTrace      *self,
                       int           ndim,
                       const gint64 *shape)
{
  g_return_val_if_fail (ndim >= 0 && ndim <= BS_MAX_DIMS, NULL);
  return bs_interner_blob (self->interner, shape, ndim * sizeof (gint64));
}

const BsTraceSpan *
bs_trace_intern_span (BsTrace           *self,
                      const BsTraceSpan *span)
{
  return span != NULL ? bs_interner_blob (self->interner, span, sizeof *span) : NULL;
}

const BsOpArgs *
bs_trace_intern_args (BsTrace        *self,
                      const BsOpArgs *args)
{
  return bs_interner_blob (self->interner, args, sizeof *args);
}

BsTrace *
bs_trace_new (void)
{
  BsTrace *self = g_new0 (BsTrace, 1);

  self->ref_count = 1;
  bs_chunks_init (&self->events, sizeof (BsTraceEvent));
  bs_chunks_init (&self->tensors, sizeof (BsTraceTensor));
  bs_chunks_init (&self->nodes, sizeof (BsTraceNode));
  bs_chunks_init (&self->statements, sizeof (const BsTraceSpan *));
  bs_chunks_init (&self->scopes, sizeof (BsTraceScope));
  self->lists = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->interner = bs_interner_new ();
  self->no_args = bs_trace_intern_args (self, &(BsOpArgs) { 0 });
  self->values = bs_value_store_new (0);
  bs_chunks_init (&self->steps, sizeof (Step));
  ((Step *) bs_chunks_append (&self->steps))->event = NO_EVENT;
  self->backwards = g_hash_table_new (NULL, NULL);
  self->checks = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->figures = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_figure_unref);
  return self;
}

BsTrace *
bs_trace_ref (BsTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
bs_trace_unref (BsTrace *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  if (self->replay_cache_destroy != NULL)
    self->replay_cache_destroy (self->replay_cache);
  bs_chunks_clear (&self->events);
  bs_chunks_clear (&self->tensors);
  bs_chunks_clear (&self->nodes);
  bs_chunks_clear (&self->statements);
  bs_chunks_clear (&self->scopes);
  g_array_unref (self->lists);
  bs_interner_free (self->interner);
  bs_value_store_free (self->values);
  bs_chunks_clear (&self->steps);
  g_array_unref (self->checks);
  g_ptr_array_unref (self->figures);
  g_hash_table_unref (self->backwards);
  g_free (self);
}

guint64
bs_trace_get_n_events (BsTrace *self)
{
  return self->events.len;
}

const BsTraceEvent *
bs_trace_get_event (BsTrace *self,
                    guint64  index)
{
  g_return_val_if_fail (index < self->events.len, NULL);
  return bs_chunks_index (&self->events, index);
}

guint32
bs_trace_get_n_tensors (BsTrace *self)
{
  return (guint32) self->tensors.len;
}

const BsTraceTensor *
bs_trace_get_tensor (BsTrace *self,
                     guint32  id)
{
  if (id == 0 || id > self->tensors.len)
    return NULL;
  return bs_chunks_index (&self->tensors, id - 1);
}

BsTraceTensor *
bs_trace_get_tensor_mut (BsTrace *self,
                         guint32  id)
{
  return (BsTraceTensor *) bs_trace_get_tensor (self, id);
}

guint32
bs_trace_get_n_nodes (BsTrace *self)
{
  return (guint32) self->nodes.len;
}

const BsTraceNode *
bs_trace_get_node (BsTrace *self,
                   guint32  id)
{
  if (id == 0 || id > self->nodes.len)
    return NULL;
  return bs_chunks_index (&self->nodes, id - 1);
}

guint
bs_trace_node_n_outputs (BsTrace *self,
                         guint32  node)
{
  const BsTraceNode *record = bs_trace_get_node (self, node);
  guint n = 1;

  if (record == NULL || record->tensor == 0 || record->is_accumulate)
    return 1;
  while (record->tensor + n <= self->tensors.len
         && bs_trace_get_tensor (self, record->tensor + n)->grad_fn == node)
    n++;
  return n;
}

guint32
bs_trace_node_output (BsTrace *self,
                      guint32  node,
                      guint    output_nr)
{
  const BsTraceNode *record = bs_trace_get_node (self, node);

  if (record == NULL)
    return 0;
  if (output_nr > 0 && output_nr < bs_trace_node_n_outputs (self, node))
    return record->tensor + output_nr;
  return record->tensor;
}

guint
bs_trace_edge_output_nr (BsTrace            *self,
                         const BsTraceEvent *edge)
{
  const BsTraceNode *from = bs_trace_get_node (self, edge->node);

  if (from == NULL || edge->input_nr >= from->n_next)
    return 0;
  return bs_trace_get_list (self, from->next)[2 * edge->input_nr + 1];
}

BsTraceNode *
bs_trace_get_node_mut (BsTrace *self,
                       guint32  id)
{
  return (BsTraceNode *) bs_trace_get_node (self, id);
}

const BsTraceSpan *
bs_trace_get_statement (BsTrace *self,
                        guint32  index)
{
  if (index == 0 || index > self->statements.len)
    return NULL;
  return *(const BsTraceSpan **) bs_chunks_index (&self->statements, index - 1);
}

guint32
bs_trace_get_n_statements (BsTrace *self)
{
  return (guint32) self->statements.len;
}

guint32
bs_trace_get_n_scopes (BsTrace *self)
{
  return (guint32) self->scopes.len;
}

const BsTraceScope *
bs_trace_get_scope (BsTrace *self,
                    guint32  id)
{
  if (id == 0 || id > self->scopes.len)
    return NULL;
  return bs_chunks_index (&self->scopes, id - 1);
}

const BsTraceScope *
bs_trace_get_cell_at_line (BsTrace *self,
                           int      line)
{
  for (guint64 i = 0; i < self->scopes.len; i++)
    {
      const BsTraceScope *scope = bs_chunks_index (&self->scopes, i);

      if (scope->kind == BS_TRACE_SCOPE_CELL && scope->span.line <= line
          && line < scope->span.end_line)
        return scope;
    }
  return NULL;
}

const char *
bs_trace_get_string (BsTrace *self,
                     guint32  id)
{
  return bs_interner_get_string (self->interner, id);
}

const guint32 *
bs_trace_get_list (BsTrace *self,
                   guint32  offset)
{
  g_return_val_if_fail (offset <= self->lists->len, NULL);
  if (self->lists->len == 0)
    return NULL;
  return &g_array_index (self->lists, guint32, 0) + offset;
}

BsValueStore *
bs_trace_get_values (BsTrace *self)
{
  return self->values;
}

const BsTraceValue *
bs_trace_get_value (BsTrace *self,
                    guint32  id)
{
  return bs_value_store_get (self->values, id);
}

guint64
bs_trace_get_n_steps (BsTrace *self)
{
  return self->steps.len;
}

void
bs_trace_get_step_events (BsTrace *self,
                          guint64  step,
                          guint64 *first,
                          guint64 *end)
{
  guint64 n = self->steps.len;

  if (step >= n)
    {
      *first = *end = self->events.len;
      return;
    }
  *first = ((const Step *) bs_chunks_index (&self->steps, step))->first;
  *end = step + 1 < n ? ((const Step *) bs_chunks_index (&self->steps, step + 1))->first
                      : self->events.len;
}

guint
bs_trace_get_n_substeps (BsTrace *self,
                         guint64  step)
{
  if (step >= self->steps.len)
    return 0;
  return ((const Step *) bs_chunks_index (&self->steps, step))->n_substeps;
}

gboolean
bs_trace_event_is_substep (const BsTraceEvent *event)
{
  return event->type == BS_TRACE_EVENT_INPLACE
         || (event->type == BS_TRACE_EVENT_TENSOR && !(event->flags & BS_TRACE_FLAG_IMPLICIT));
}

guint
bs_trace_get_event_substep (BsTrace *self,
                            guint64  index)
{
  guint64 first, end;
  guint substep = 0;

  g_return_val_if_fail (index < self->events.len, 0);
  bs_trace_get_step_events (self, bs_trace_get_event (self, index)->step, &first, &end);
  for (guint64 i = first; i <= index; i++)
    substep += bs_trace_event_is_substep (bs_trace_get_event (self, i));
  return substep;
}

gint64
bs_trace_get_step_event (BsTrace *self,
                         guint64  step)
{
  const Step *record;

  if (step >= self->steps.len)
    return -1;
  record = bs_chunks_index (&self->steps, step);
  return record->event == NO_EVENT ? -1 : (gint64) (record->first + record->event);
}

gint64
bs_trace_find_backward (BsTrace *self,
                        guint32  backward)
{
  return (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (self->backwards,
                                                         GUINT_TO_POINTER (backward))) - 1;
}

char *
bs_trace_tensor_label (BsTrace    *self,
                       guint32     tensor,
                       const char *name)
{
  const BsTraceTensor *t = bs_trace_get_tensor (self, tensor);

  if (name != NULL)
    return g_strdup (name);
  if (t == NULL)
    return g_strdup ("?");
  if (t->name != 0)
    return g_strdup (bs_trace_get_string (self, t->name));
  return g_strdup_printf ("%s#%u", t->op != 0 ? bs_trace_get_string (self, t->op) : "tensor",
                          tensor);
}

guint32
bs_trace_intern (BsTrace    *self,
                 const char *string)
{
  return bs_interner_string (self->interner, string);
}

gsize
bs_trace_get_bytes (BsTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return sizeof (BsTrace)
         + bs_chunks_get_bytes (&self->events)
         + bs_chunks_get_bytes (&self->tensors)
         + bs_chunks_get_bytes (&self->nodes)
         + bs_chunks_get_bytes (&self->statements)
         + bs_chunks_get_bytes (&self->scopes)
         + self->lists->len * sizeof (guint32)
         + bs_chunks_get_bytes (&self->steps)
         + self->checks->len * sizeof (guint64)
         + g_hash_table_size (self->backwards) * 6 * sizeof (guint32)
         + bs_interner_get_bytes (self->interner)
         + bs_value_store_get_bytes (self->values);
}

guint32
bs_trace_add_list (BsTrace       *self,
                   const guint32 *items,
                   guint          n_items)
{
  guint32 offset = self->lists->len;

  g_array_append_vals (self->lists, items, n_items);
  return offset;
}

guint32
bs_trace_add_statement (BsTrace           *self,
                        const BsTraceSpan *span)
{
  const BsTraceSpan *copy = bs_trace_intern_span (self, span);

  *(const BsTraceSpan **) bs_chunks_append (&self->statements) = copy;
  return (guint32) self->statements.len;
}

BsTraceScope *
bs_trace_add_scope (BsTrace *self)
{
  BsTraceScope *scope;

  scope = bs_chunks_append (&self->scopes);
  scope->id = (guint32) self->scopes.len;
  scope->end_event = G_MAXUINT64;
  return scope;
}

BsTraceScope *
bs_trace_get_scope_mut (BsTrace *self,
                        guint32  id)
{
  return (BsTraceScope *) bs_trace_get_scope (self, id);
}

BsTraceTensor *
bs_trace_add_tensor (BsTrace *self)
{
  BsTraceTensor *tensor;

  tensor = bs_chunks_append (&self->tensors);
  tensor->id = (guint32) self->tensors.len;
  return tensor;
}

BsTraceNode *
bs_trace_add_node (BsTrace *self)
{
  BsTraceNode *node;

  node = bs_chunks_append (&self->nodes);
  node->id = (guint32) self->nodes.len;
  node->op = -1;
  node->args = self->no_args;
  return node;
}

static void
open_step (BsTrace *self,
           guint64  first_event)
{
  Step *step = bs_chunks_append (&self->steps);

  step->first = first_event;
  step->event = NO_EVENT;
  self->step++;
}

guint64
bs_trace_append (BsTrace            *self,
                 const BsTraceEvent *event)
{
  BsTraceEvent copy = *event;
  guint64 index = self->events.len;
  Step *step;

  g_return_val_if_fail (event->type < BS_TRACE_N_EVENT_TYPES, 0);
  if (event->type == BS_TRACE_EVENT_CHECK)
    g_array_append_val (self->checks, index);
  if (bs_trace_event_type_is_step (event->type))
    {
      if (!self->prelude)
        open_step (self, index);
      self->prelude = FALSE;
      step = bs_chunks_index (&self->steps, self->step);
      /* a step event follows its step's first event closely (a node_begin) */
      g_assert (index - step->first < NO_EVENT);
      step->event = (guint32) (index - step->first);
    }
  else if (event->type == BS_TRACE_EVENT_NODE_BEGIN)
    {
      if (!self->prelude)
        open_step (self, index);
      self->prelude = TRUE;
    }
  else if (bs_trace_event_is_substep (event))
    {
      ((Step *) bs_chunks_index (&self->steps, self->step))->n_substeps++;
    }
  copy.step = self->step;
  *(BsTraceEvent *) bs_chunks_append (&self->events) = copy;
  if (event->type == BS_TRACE_EVENT_BACKWARD_BEGIN)
    g_hash_table_insert (self->backwards, GUINT_TO_POINTER (event->backward),
                         GSIZE_TO_POINTER ((gsize) index + 1));
  return index;
}

gpointer
bs_trace_get_replay_cache (BsTrace *self)
{
  return self->replay_cache;
}

void
bs_trace_set_replay_cache (BsTrace        *self,
                           gpointer        cache,
                           GDestroyNotify  destroy)
{
  if (self->replay_cache_destroy != NULL)
    self->replay_cache_destroy (self->replay_cache);
  self->replay_cache = cache;
  self->replay_cache_destroy = destroy;
}
