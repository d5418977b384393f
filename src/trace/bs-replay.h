/* bs-replay.h: the state of a run at any step, folded from its trace
 *
 * A state is a pure function of (trace, step): the trace's events of steps
 * 0..step (bs-trace.h defines the numbering) applied in order to an empty
 * state. The first seek builds checkpoints, a snapshot every
 * BS_REPLAY_CHECKPOINT_INTERVAL events (twice, four times... that far apart when
 * the snapshots of the whole trace would take more than BS_REPLAY_CHECKPOINT_BUDGET
 * bytes), cached in the trace (and extended as a recording trace grows), so a seek
 * copies the nearest checkpoint and applies at most that many events.
 *
 * Seeking extends the cache: a trace may be replayed from several threads only once
 * a seek to its last step has built every checkpoint.
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_REPLAY_CHECKPOINT_INTERVAL 1024
#define BS_REPLAY_CHECKPOINT_BUDGET   ((guint64) 128 * 1024 * 1024)

typedef struct {
  guint32 value;      /* its elements now (after in-place changes and optimizer steps) */
  guint32 grad;       /* .grad as accumulated so far; 0: None */
  guint32 name;       /* string: the name last bound to it, 0: none */
  guint32 grad_fn;    /* its grad_fn now (an in-place op changes it), 0: none */
  guint32 version;
  guint8  destroyed;  /* the script (and the graph) no longer holds it */
} BsTraceTensorState;

typedef struct {
  guint32 grad;       /* the gradient that arrived when it last ran (node_begin), 0: none */
  guint32 backward;   /* the backward in which it last ran, 0: never */
  guint32 n_arrived;  /* edges that brought it a gradient in the running backward */
  guint32 arrived_in; /* the backward n_arrived counts for */
  guint8  freed;      /* its saved tensors were released */
  guint8  destroyed;  /* nothing refers to it any more: not part of the live graph */
} BsTraceNodeState;

typedef struct {
  BsTrace            *trace;          /* Owned (NULL in checkpoints) */
  guint64             step;
  guint64             n_events;       /* events applied: [0, n_events) */
  guint32             n_tensors;      /* tensors 1..n_tensors exist */
  guint32             n_nodes;        /* nodes 1..n_nodes exist */
  BsTraceTensorState *tensors;        /* n_tensors, index id - 1 */
  BsTraceNodeState   *nodes;          /* n_nodes, index id - 1 */
  guint32             statement;      /* the statement running, 0: none */
  guint32             backward;       /* the backward running, 0: none */
  guint32             last_backward;  /* the latest backward begun, 0: none */
  gint64              step_event;     /* the current step's step event, -1: none */
  gint64              error_event;    /* the error shown (until the next statement or
                                       * backward begins), -1: none */
  gboolean            budget_reached;
  guint32             n_figures;      /* figures 1..n_figures have been shown
                                       * (bs_trace_get_figure) */
} BsTraceState;

/* The state after step (clamped to the last step). */
BsTraceState             *bs_replay_state_at             (BsTrace            *trace,
                                                          guint64             step);
/* Within a step: its step event and its first substep sub-steps. */
BsTraceState             *bs_replay_state_at_substep     (BsTrace            *trace,
                                                          guint64             step,
                                                          guint               substep);
/* The state after the first n_events events. */
BsTraceState             *bs_replay_state_at_event       (BsTrace            *trace,
                                                          guint64             n_events);
void                      bs_trace_state_free            (BsTraceState       *self);

/* NULL when the tensor or node does not exist yet. */
const BsTraceTensorState *bs_trace_state_get_tensor      (const BsTraceState *self,
                                                          guint32             tensor);
const BsTraceNodeState   *bs_trace_state_get_node        (const BsTraceState *self,
                                                          guint32             node);
/* The tensor's current name, or NULL. */
const char               *bs_trace_state_get_name        (const BsTraceState *self,
                                                          guint32             tensor);
/* The current step's step event (NULL for step 0); the same when it is an
 * edge, else NULL; the error shown, or NULL. */
const BsTraceEvent       *bs_trace_state_get_step_event  (const BsTraceState *self);
const BsTraceEvent       *bs_trace_state_get_edge        (const BsTraceState *self);
const BsTraceEvent       *bs_trace_state_get_error       (const BsTraceState *self);
/* The running statement's span, or NULL. */
const BsTraceSpan        *bs_trace_state_get_span        (const BsTraceState *self);

/* Whether the state's tensor or node exists and has not been destroyed. */
gboolean                  bs_trace_state_tensor_alive    (const BsTraceState *self,
                                                          guint32             tensor);
gboolean                  bs_trace_state_node_alive      (const BsTraceState *self,
                                                          guint32             node);

/* The live graph (what the script still holds) loses parts only at the steps where a
 * grad_fn node or a leaf that requires grad is destroyed; between two such steps it
 * only grows, so the state at the last step before the next one shows every box the
 * steps between them show. The steps that begin such a stretch, in order, the first 0
 * (guint64). */
GArray                   *bs_replay_live_starts          (BsTrace            *trace);
/* The stretch of starts (of a trace of n_steps steps) that holds step: its first and
 * last steps. */
void                      bs_replay_live_segment         (GArray             *starts,
                                                          guint64             n_steps,
                                                          guint64             step,
                                                          guint64            *first,
                                                          guint64            *last);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsTraceState, bs_trace_state_free)

G_END_DECLS
