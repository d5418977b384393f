/* bs-recorder.h: turns engine and interpreter events into a trace
 *
 * Attach the sink to a context with the recorder as user data:
 *
 *   bs_context_set_sink (context, bs_recorder_get_sink (), recorder);
 *
 * The interpreter's own events (statements, names, spans, print) come through
 * the bs_recorder_statement() family, which an adapter in the CLI or the window
 * calls. Tensors and grad_fn nodes get stable trace ids by their engine ids;
 * tensors the engine never announced (a Python number wrapped as an operand, a
 * leaf made without a factory) are added, flagged implicit, when first seen.
 * Values go to the trace's value store (see bs-value-store.h for the budget).
 *
 * The recorder must see the events of one context only, on one thread.
 */
#pragma once

#include "bs-event-sink.h"
#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct _BsRecorder BsRecorder;

BsRecorder        *bs_recorder_new           (void);
void               bs_recorder_free          (BsRecorder        *self);
const BsEventSink *bs_recorder_get_sink      (void);

/* The value store's budget in bytes (0: the default, 256 MiB). */
void               bs_recorder_set_budget    (BsRecorder        *self,
                                              gsize              budget);
/* Charges the trace's memory to context's memory budget as it grows (NULL: stop), so that
 * a script that records without end stops at the budget. */
void               bs_recorder_charge_to     (BsRecorder        *self,
                                              BsContext         *context);
/* Counts the statements recorded into *statements with atomic increments, so another
 * thread can show progress (NULL: stop counting). */
void               bs_recorder_set_progress  (BsRecorder        *self,
                                              gint              *statements);
/* The trace recorded so far, borrowed: it grows as recording goes on. */
BsTrace           *bs_recorder_get_trace     (BsRecorder        *self);
/* The run is over: what tearing it down destroys is not part of it. */
void               bs_recorder_close         (BsRecorder        *self);

/* The trace id of a tensor the recorder has seen, or 0. */
guint32            bs_recorder_lookup_tensor (BsRecorder        *self,
                                              BsTensor          *tensor);

/* Interpreter events */
void               bs_recorder_statement     (BsRecorder        *self,
                                              int                line,
                                              int                col,
                                              int                end_line,
                                              int                end_col);
void               bs_recorder_bind_name     (BsRecorder        *self,
                                              BsTensor          *tensor,
                                              const char        *name);
void               bs_recorder_tensor_span   (BsRecorder        *self,
                                              BsTensor          *tensor,
                                              const BsTraceSpan *span);
void               bs_recorder_print         (BsRecorder        *self,
                                              const char        *text);
/* plt.show() showed figure (a copy the trace keeps a reference to); at_end: it was
 * still open when the script ended. */
void               bs_recorder_figure        (BsRecorder        *self,
                                              BsPlotFigure      *figure,
                                              gboolean           at_end);
/* A module call or loop iteration begins and ends (kind: a BsTraceScopeKind). */
void               bs_recorder_scope_begin   (BsRecorder        *self,
                                              BsTraceScopeKind   kind,
                                              const char        *label,
                                              const BsTraceSpan *span);
void               bs_recorder_scope_end     (BsRecorder        *self);
/* An error the engine did not report (a Python exception), at the current statement. */
void               bs_recorder_error         (BsRecorder        *self,
                                              const char        *message);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRecorder, bs_recorder_free)

G_END_DECLS
