/* bs-replay.c: the state of a run at any step, folded from its trace */
#define G_LOG_DOMAIN "bs-trace"

#include <string.h>

#include "bs-replay.h"
#include "bs-trace-private.h"

typedef struct {
  GPtrArray *checkpoints;   /* Owned: BsTraceState *, [c] after c * interval events */
  guint64    interval;
} ReplayCache;

static void
cache_free (gpointer data)
{
  ReplayCache *cache = data;

  g_ptr_array_unref (cache->checkpoints);
  g_free (cache);
}

static BsTraceState *
state_copy (const BsTraceState *from,
            guint32             tensor_capacity,
            guint32             node_capacity)
{
  BsTraceState *state = g_new (BsTraceState, 1);

  *state = *from;
  state->trace = NULL;
  state->tensors = g_new0 (BsTraceTensorState, MAX (tensor_capacity, 1));
  state->nodes = g_new0 (BsTraceNodeState, MAX (node_capacity, 1));
  if (from->n_tensors > 0)
    memcpy (state->tensors, from->tensors, from->n_tensors * sizeof (BsTraceTensorState));
  if (from->n_nodes > 0)
    memcpy (state->nodes, from->nodes, from->n_nodes * sizeof (BsTraceNodeState));
  return state;
}

void
bs_trace_state_free (BsTraceState *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->trace, bs_trace_unref);
  g_free (self->tensors);
  g_free (self->nodes);
  g_free (self);
}

/* Whether a name says where a tensor lives (a module path, an item: "model.0.weight",
 * "ws[0]") rather than naming a variable that holds it for a while (a loop's "p"). */
static gboolean
qualified_name (const char *name)
{
  return name != NULL && strpbrk (name, ".[") != NULL;
}

static void
apply (BsTraceState *state,
       BsTrace      *trace,
       guint64       index)
{
  const BsTraceEvent *event = bs_trace_get_event (trace, index);
  BsTraceTensorState *tensor = NULL;
  BsTraceNodeState *node = NULL;

  if (event->type == BS_TRACE_EVENT_TENSOR)
    {
      const BsTraceTensor *record = bs_trace_get_tensor (trace, event->tensor);

      state->n_tensors = MAX (state->n_tensors, event->tensor);
      tensor = &state->tensors[event->tensor - 1];
      memset (tensor, 0, sizeof *tensor);
      tensor->value = event->values[0];
      tensor->grad_fn = record->grad_fn;
      return;
    }
  if (event->type == BS_TRACE_EVENT_GRAD_FN)
    {
      state->n_nodes = MAX (state->n_nodes, event->node);
      memset (&state->nodes[event->node - 1], 0, sizeof (BsTraceNodeState));
      return;
    }

  if (event->tensor != 0 && event->tensor <= state->n_tensors)
    tensor = &state->tensors[event->tensor - 1];
  if (event->node != 0 && event->node <= state->n_nodes)
    node = &state->nodes[event->node - 1];
  if (bs_trace_event_type_is_step (event->type))
    state->step_event = (gint64) index;

  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      state->statement = event->aux;
      state->error_event = -1;
      break;
    case BS_TRACE_EVENT_INPLACE:
      if (tensor != NULL)
        {
          tensor->value = event->values[0];
          tensor->grad_fn = event->node;
          tensor->version = event->aux;
        }
      break;
    case BS_TRACE_EVENT_BIND:
      /* The most meaningful name stays: "model.0.weight" is not renamed "p" by a loop
       * over model.parameters(), and a leaf keeps the name it was created under (after
       * y = x; y = y * x the leaf is still x); a result takes the latest name bound to it. */
      if (tensor != NULL
          && (tensor->name == 0
              || qualified_name (bs_trace_get_string (trace, event->text))
              || (!qualified_name (bs_trace_get_string (trace, tensor->name))
                  && tensor->grad_fn != 0)))
        tensor->name = event->text;
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      state->backward = event->backward;
      state->last_backward = event->backward;
      state->error_event = -1;
      break;
    case BS_TRACE_EVENT_NODE_BEGIN:
      if (node != NULL)
        {
          node->grad = event->values[0];
          node->backward = event->backward;
        }
      break;
    case BS_TRACE_EVENT_EDGE:
      if (event->node2 != 0 && event->node2 <= state->n_nodes)
        {
          BsTraceNodeState *to = &state->nodes[event->node2 - 1];

          if (to->arrived_in != event->backward)
            {
              to->arrived_in = event->backward;
              to->n_arrived = 0;
            }
          to->n_arrived++;
        }
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
      if (tensor != NULL)
        tensor->grad = event->values[1];
      break;
    case BS_TRACE_EVENT_FREED:
      if (node != NULL)
        node->freed = TRUE;
      break;
    case BS_TRACE_EVENT_BACKWARD_END:
      state->backward = 0;
      break;
    case BS_TRACE_EVENT_GRAD_ZEROED:
      if (tensor != NULL)
        tensor->grad = event->values[0];
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      {
        const guint32 *pairs = bs_trace_get_list (trace, event->aux);

        for (guint i = 0; i < event->n_aux; i++)
          if (pairs[2 * i] != 0 && pairs[2 * i] <= state->n_tensors)
            state->tensors[pairs[2 * i] - 1].value = pairs[2 * i + 1];
      }
      break;
    case BS_TRACE_EVENT_ERROR:
      state->error_event = (gint64) index;
      break;
    case BS_TRACE_EVENT_BUDGET:
      state->budget_reached = TRUE;
      break;
    case BS_TRACE_EVENT_FIGURE:
      state->n_figures = MAX (state->n_figures, MIN (event->aux, bs_trace_get_n_figures (trace)));
      break;
    case BS_TRACE_EVENT_DESTROYED:
      if (tensor != NULL)
        tensor->destroyed = TRUE;
      if (node != NULL)
        node->destroyed = TRUE;
      break;
    case BS_TRACE_EVENT_TENSOR:
    case BS_TRACE_EVENT_GRAD_FN:
    case BS_TRACE_EVENT_PRINT:
    case BS_TRACE_EVENT_CHECK:         /* a table too: bs-grad-check-trace.h */
    case BS_TRACE_EVENT_SCOPE_BEGIN:   /* scopes are tables: bs_trace_get_scope() */
    case BS_TRACE_EVENT_SCOPE_END:
    case BS_TRACE_N_EVENT_TYPES:
    default:
      break;
    }
}

/* Events between checkpoints: BS_REPLAY_CHECKPOINT_INTERVAL, doubled until the
 * checkpoints of the whole trace fit in BS_REPLAY_CHECKPOINT_BUDGET bytes. A long
 * loop that made half a million tensors would otherwise snapshot all of them every
 * thousand events. */
static guint64
wanted_interval (BsTrace *trace)
{
  guint64 state_bytes = (guint64) bs_trace_get_n_tensors (trace) * sizeof (BsTraceTensorState)
                        + (guint64) bs_trace_get_n_nodes (trace) * sizeof (BsTraceNodeState);
  guint64 interval = BS_REPLAY_CHECKPOINT_INTERVAL;

  while (bs_trace_get_n_events (trace) / interval * state_bytes > BS_REPLAY_CHECKPOINT_BUDGET)
    interval *= 2;
  return interval;
}

static ReplayCache *
get_cache (BsTrace *trace)
{
  ReplayCache *cache = bs_trace_get_replay_cache (trace);
  guint64 interval = wanted_interval (trace);

  /* A trace still growing may outgrow its checkpoints' spacing: start again, wider. */
  if (cache == NULL || cache->interval < interval)
    {
      BsTraceState empty = { .step_event = -1, .error_event = -1 };

      cache = g_new0 (ReplayCache, 1);
      cache->interval = interval;
      cache->checkpoints = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_trace_state_free);
      g_ptr_array_add (cache->checkpoints, state_copy (&empty, 0, 0));
      bs_trace_set_replay_cache (trace, cache, cache_free);
    }
  return cache;
}

BsTraceState *
bs_replay_state_at_event (BsTrace *trace,
                          guint64  n_events)
{
  ReplayCache *cache;
  BsTraceState *state;
  guint32 n_tensors, n_nodes;
  guint64 c, from;

  g_return_val_if_fail (trace != NULL, NULL);
  n_events = MIN (n_events, bs_trace_get_n_events (trace));
  n_tensors = bs_trace_get_n_tensors (trace);
  n_nodes = bs_trace_get_n_nodes (trace);
  cache = get_cache (trace);
  c = n_events / cache->interval;

  /* Extend the checkpoints up to c, from the last one. */
  if (cache->checkpoints->len <= c)
    {
      BsTraceState *work = state_copy (g_ptr_array_index (cache->checkpoints,
                                                          cache->checkpoints->len - 1),
                                       n_tensors, n_nodes);

      for (guint64 k = cache->checkpoints->len; k <= c; k++)
        {
          for (guint64 i = (k - 1) * cache->interval;
               i < k * cache->interval; i++)
            apply (work, trace, i);
          work->n_events = k * cache->interval;
          g_ptr_array_add (cache->checkpoints, state_copy (work, work->n_tensors, work->n_nodes));
        }
      bs_trace_state_free (work);
    }

  state = state_copy (g_ptr_array_index (cache->checkpoints, c), n_tensors, n_nodes);
  from = c * cache->interval;
  for (guint64 i = from; i < n_events; i++)
    apply (state, trace, i);
  state->n_events = n_events;
  state->trace = bs_trace_ref (trace);
  state->step = n_events > 0 ? bs_trace_get_event (trace, n_events - 1)->step : 0;
  return state;
}

BsTraceState *
bs_replay_state_at (BsTrace *trace,
                    guint64  step)
{
  guint64 first, end, n_steps;
  BsTraceState *state;

  g_return_val_if_fail (trace != NULL, NULL);
  n_steps = bs_trace_get_n_steps (trace);
  step = MIN (step, n_steps - 1);
  bs_trace_get_step_events (trace, step, &first, &end);
  state = bs_replay_state_at_event (trace, end);
  state->step = step;
  return state;
}

BsTraceState *
bs_replay_state_at_substep (BsTrace *trace,
                            guint64  step,
                            guint    substep)
{
  guint64 first, end, i;
  guint seen = 0;
  BsTraceState *state;

  g_return_val_if_fail (trace != NULL, NULL);
  step = MIN (step, bs_trace_get_n_steps (trace) - 1);
  bs_trace_get_step_events (trace, step, &first, &end);
  for (i = first; i < end; i++)
    {
      seen += bs_trace_event_is_substep (bs_trace_get_event (trace, i));
      if (seen > substep)
        break;
    }
  state = bs_replay_state_at_event (trace, i);
  state->step = step;
  return state;
}

const BsTraceTensorState *
bs_trace_state_get_tensor (const BsTraceState *self,
                           guint32             tensor)
{
  if (tensor == 0 || tensor > self->n_tensors)
    return NULL;
  return &self->tensors[tensor - 1];
}

const BsTraceNodeState *
bs_trace_state_get_node (const BsTraceState *self,
                         guint32             node)
{
  if (node == 0 || node > self->n_nodes)
    return NULL;
  return &self->nodes[node - 1];
}

const char *
bs_trace_state_get_name (const BsTraceState *self,
                         guint32             tensor)
{
  const BsTraceTensorState *t = bs_trace_state_get_tensor (self, tensor);

  return t != NULL ? bs_trace_get_string (self->trace, t->name) : NULL;
}

const BsTraceEvent *
bs_trace_state_get_step_event (const BsTraceState *self)
{
  if (self->step_event < 0)
    return NULL;
  return bs_trace_get_event (self->trace, (guint64) self->step_event);
}

const BsTraceEvent *
bs_trace_state_get_edge (const BsTraceState *self)
{
  const BsTraceEvent *event = bs_trace_state_get_step_event (self);

  return event != NULL && event->type == BS_TRACE_EVENT_EDGE
         && event->step == self->step ? event : NULL;
}

const BsTraceEvent *
bs_trace_state_get_error (const BsTraceState *self)
{
  if (self->error_event < 0)
    return NULL;
  return bs_trace_get_event (self->trace, (guint64) self->error_event);
}

const BsTraceSpan *
bs_trace_state_get_span (const BsTraceState *self)
{
  return bs_trace_get_statement (self->trace, self->statement);
}

gboolean
bs_trace_state_tensor_alive (const BsTraceState *self,
                             guint32             tensor)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return tensor != 0 && tensor <= self->n_tensors && !self->tensors[tensor - 1].destroyed;
}

gboolean
bs_trace_state_node_alive (const BsTraceState *self,
                           guint32             node)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return node != 0 && node <= self->n_nodes && !self->nodes[node - 1].destroyed;
}

GArray *
bs_replay_live_starts (BsTrace *trace)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 first = 0, n_events;

  g_return_val_if_fail (trace != NULL, starts);
  g_array_append_val (starts, first);
  n_events = bs_trace_get_n_events (trace);
  for (guint64 i = 0; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      const BsTraceTensor *tensor;
      guint64 step = event->step;

      if (event->type != BS_TRACE_EVENT_DESTROYED || step == first)
        continue;
      tensor = event->tensor != 0 ? bs_trace_get_tensor (trace, event->tensor) : NULL;
      if (event->node != 0 || (tensor != NULL && tensor->grad_fn == 0 && tensor->requires_grad))
        {
          first = step;
          g_array_append_val (starts, first);
        }
    }
  return starts;
}

void
bs_replay_live_segment (GArray  *starts,
                        guint64  n_steps,
                        guint64  step,
                        guint64 *first,
                        guint64 *last)
{
  guint lo = 0, hi;

  g_return_if_fail (starts != NULL && starts->len > 0);
  /* The last start at or before step. */
  hi = starts->len;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (starts, guint64, mid) <= step)
        lo = mid;
      else
        hi = mid;
    }
  *first = g_array_index (starts, guint64, lo);
  *last = lo + 1 < starts->len ? g_array_index (starts, guint64, lo + 1) - 1
                               : (n_steps > 0 ? n_steps - 1 : 0);
}
