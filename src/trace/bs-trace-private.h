/* bs-trace-private.h: building a trace, for the recorder and the JSON reader */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

guint32        bs_trace_intern            (BsTrace            *self,
                                           const char         *string);
guint32        bs_trace_add_list          (BsTrace            *self,
                                           const guint32      *items,
                                           guint               n_items);
/* The trace's copy of a shape or span, made once for equal ones (never moved nor freed
 * before the trace). */
const gint64  *bs_trace_intern_shape      (BsTrace            *self,
                                           int                 ndim,
                                           const gint64       *shape);
const BsTraceSpan *bs_trace_intern_span   (BsTrace            *self,
                                           const BsTraceSpan  *span);
const BsOpArgs *bs_trace_intern_args      (BsTrace            *self,
                                           const BsOpArgs     *args);
guint32        bs_trace_add_statement     (BsTrace            *self,
                                           const BsTraceSpan  *span);
/* A new zeroed record with the next id (pointers stay valid until the next add;
 * a scope's end_event is G_MAXUINT64). */
BsTraceTensor *bs_trace_add_tensor        (BsTrace            *self);
BsTraceScope  *bs_trace_add_scope         (BsTrace            *self);
BsTraceScope  *bs_trace_get_scope_mut     (BsTrace            *self,
                                           guint32             id);
BsTraceNode   *bs_trace_add_node          (BsTrace            *self);
BsTraceTensor *bs_trace_get_tensor_mut    (BsTrace            *self,
                                           guint32             id);
BsTraceNode   *bs_trace_get_node_mut      (BsTrace            *self,
                                           guint32             id);
/* Keeps a reference to figure; returns its id (1-based). */
guint32        bs_trace_add_figure        (BsTrace            *self,
                                           BsPlotFigure       *figure);
/* Appends a copy of event, setting its step and substep; returns its index. */
guint64        bs_trace_append            (BsTrace            *self,
                                           const BsTraceEvent *event);

/* Replay's cache of checkpoints, dropped with the trace. */
gpointer       bs_trace_get_replay_cache  (BsTrace            *self);
void           bs_trace_set_replay_cache  (BsTrace            *self,
                                           gpointer            cache,
                                           GDestroyNotify      destroy);

G_END_DECLS
