/* bs-trace-nav.c: where "next iteration", "next backward call" and "next optimiser step" go */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-trace-nav.h"

static guint64
event_step (BsTrace *trace,
            guint64  index)
{
  return index < bs_trace_get_n_events (trace) ? bs_trace_get_event (trace, index)->step
                                               : bs_trace_get_n_steps (trace) - 1;
}

static guint64
scope_first (BsTrace            *trace,
             const BsTraceScope *scope)
{
  return event_step (trace, scope->begin_event);
}

static guint64
scope_last (BsTrace            *trace,
            const BsTraceScope *scope)
{
  return scope->end_event == G_MAXUINT64 ? bs_trace_get_n_steps (trace) - 1
                                         : event_step (trace, scope->end_event);
}

guint32
bs_trace_nav_current_iteration (BsTrace *trace,
                                guint64  step)
{
  guint32 found = 0;

  g_return_val_if_fail (trace != NULL, 0);
  for (guint32 s = 1; s <= bs_trace_get_n_scopes (trace); s++)
    {
      const BsTraceScope *scope = bs_trace_get_scope (trace, s);

      if (scope->kind != BS_TRACE_SCOPE_LOOP_ITERATION)
        continue;
      if (scope_first (trace, scope) > step)
        break;
      /* Scopes nest and begin in id order: the last that holds step is the innermost. */
      if (scope_last (trace, scope) >= step)
        found = s;
    }
  return found;
}

/* Two iterations of the same loop: the same enclosing scope and the same statement. */
static gboolean
same_loop (const BsTraceScope *a,
           const BsTraceScope *b)
{
  return a->kind == b->kind && a->parent == b->parent && a->span.line == b->span.line
         && a->span.col == b->span.col;
}

/* The next or previous iteration of current's loop (of any loop when current is 0). */
static guint32
sibling (BsTrace *trace,
         guint32  current,
         guint64  step,
         int      direction)
{
  guint32 n_scopes = bs_trace_get_n_scopes (trace);
  const BsTraceScope *from = current != 0 ? bs_trace_get_scope (trace, current) : NULL;

  for (guint32 i = 1; i <= n_scopes; i++)
    {
      guint32 s = direction > 0 ? i : n_scopes + 1 - i;
      const BsTraceScope *scope = bs_trace_get_scope (trace, s);
      guint64 first = scope_first (trace, scope);

      if (scope->kind != BS_TRACE_SCOPE_LOOP_ITERATION)
        continue;
      if (from != NULL ? (same_loop (scope, from) && (direction > 0 ? s > current
                                                                     : s < current))
                       : (direction > 0 ? first > step : first < step))
        return s;
    }
  return 0;
}

guint64
bs_trace_nav_iteration (BsTrace *trace,
                        guint64  step,
                        int      direction)
{
  guint32 current, target = 0;
  const BsTraceScope *to;
  guint64 offset = 0;

  g_return_val_if_fail (trace != NULL, step);
  current = bs_trace_nav_current_iteration (trace, step);
  /* The last iteration of an inner loop goes on to the enclosing loop's next. */
  while ((target = sibling (trace, current, step, direction)) == 0 && current != 0)
    {
      do
        current = bs_trace_get_scope (trace, current)->parent;
      while (current != 0
             && bs_trace_get_scope (trace, current)->kind != BS_TRACE_SCOPE_LOOP_ITERATION);
      if (current == 0)
        return step;
    }
  if (target == 0)
    return step;
  to = bs_trace_get_scope (trace, target);
  if (current != 0)
    offset = step - scope_first (trace, bs_trace_get_scope (trace, current));
  return MIN (scope_first (trace, to) + offset, scope_last (trace, to));
}

guint64
bs_trace_nav_event (BsTrace          *trace,
                    guint64           step,
                    BsTraceEventType  type,
                    int               direction)
{
  guint64 n_events, found = step;

  g_return_val_if_fail (trace != NULL, step);
  n_events = bs_trace_get_n_events (trace);
  for (guint64 i = 0; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, direction > 0 ? i
                                                                             : n_events - 1 - i);

      if (event->type != type)
        continue;
      if (direction > 0 ? event->step > step : event->step < step)
        {
          found = event->step;
          break;
        }
    }
  return found;
}

static gboolean
in_scope_of_kind (BsTrace          *trace,
                  guint32           scope,
                  BsTraceScopeKind  kind)
{
  for (; scope != 0; scope = bs_trace_get_scope (trace, scope)->parent)
    if (bs_trace_get_scope (trace, scope)->kind == kind)
      return TRUE;
  return FALSE;
}

GArray *
bs_trace_nav_outer_scopes (BsTrace          *trace,
                           BsTraceScopeKind  kind)
{
  GArray *found;

  g_return_val_if_fail (trace != NULL, NULL);
  found = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 s = 1; s <= bs_trace_get_n_scopes (trace); s++)
    {
      const BsTraceScope *scope = bs_trace_get_scope (trace, s);

      if (scope->kind == kind && !in_scope_of_kind (trace, scope->parent, kind))
        g_array_append_val (found, s);
    }
  return found;
}

GArray *
bs_trace_nav_outer_iterations (BsTrace *trace)
{
  return bs_trace_nav_outer_scopes (trace, BS_TRACE_SCOPE_LOOP_ITERATION);
}

guint32
bs_trace_nav_outer_iteration (BsTrace *trace,
                              guint64  step)
{
  guint32 scope;

  g_return_val_if_fail (trace != NULL, 0);
  scope = bs_trace_nav_current_iteration (trace, step);
  for (guint32 s = scope; s != 0; s = bs_trace_get_scope (trace, s)->parent)
    if (bs_trace_get_scope (trace, s)->kind == BS_TRACE_SCOPE_LOOP_ITERATION)
      scope = s;
  return scope;
}

void
bs_trace_nav_scope_steps (BsTrace *trace,
                          guint32  scope,
                          guint64 *first,
                          guint64 *last)
{
  const BsTraceScope *record;

  g_return_if_fail (trace != NULL);
  record = bs_trace_get_scope (trace, scope);
  g_return_if_fail (record != NULL);
  *first = scope_first (trace, record);
  *last = scope_last (trace, record);
}
