/* bs-trace-nav.h: where "next iteration", "next backward call" and "next optimiser step" go
 *
 * Pure functions of (trace, step), for the window's keys and buttons and for tests.
 * Each returns step itself when there is nowhere to go.
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

/* The innermost loop iteration that holds step (0: none). */
guint32  bs_trace_nav_current_iteration (BsTrace          *trace,
                                         guint64           step);
/* The same point of the next (direction 1) or previous (-1) iteration of the innermost
 * loop running at step: as many steps after that iteration's start as step is after
 * its own, within that iteration. Outside any loop, the first iteration to begin after
 * step (or the last to begin before it). */
guint64  bs_trace_nav_iteration         (BsTrace          *trace,
                                         guint64           step,
                                         int               direction);
/* The next or previous step whose step event has type (a backward call's beginning:
 * BS_TRACE_EVENT_BACKWARD_BEGIN; an optimiser step: BS_TRACE_EVENT_OPTIMIZER_STEP). */
guint64  bs_trace_nav_event             (BsTrace          *trace,
                                         guint64           step,
                                         BsTraceEventType  type,
                                         int               direction);

/* The scopes of kind in no other scope of that kind (guint32 scope ids, in order): the
 * outermost module calls (a model, a loss), the iterations of the outermost loops. */
GArray  *bs_trace_nav_outer_scopes      (BsTrace          *trace,
                                         BsTraceScopeKind  kind);
/* The iterations of the loops that are in no other loop (guint32 scope ids, in order). */
GArray  *bs_trace_nav_outer_iterations  (BsTrace          *trace);
/* The one of those that holds step (0: none). */
guint32  bs_trace_nav_outer_iteration   (BsTrace          *trace,
                                         guint64           step);
/* The first and last steps of a scope. */
void     bs_trace_nav_scope_steps       (BsTrace          *trace,
                                         guint32           scope,
                                         guint64          *first,
                                         guint64          *last);

G_END_DECLS
