/* bs-grad-check-trace.h: finite-difference checks (bs-grad-check.h) in a trace
 *
 * A run recorded with a checker has, after each checked backward call's
 * backward_end, one check event per leaf the call reached: what autograd added to
 * the leaf's .grad, the finite-difference estimate, the relative error, ok or a
 * mismatch, or why the leaf was not checked.
 */
#pragma once

#include "bs-grad-check.h"
#include "bs-recorder.h"

G_BEGIN_DECLS

/* Appends results (BsGradCheckResult) to the recorder's trace as check events. */
void                bs_grad_check_trace_add  (BsRecorder *recorder,
                                              GPtrArray  *results);

/* The latest check event of tensor at or before event index `before` (G_MAXUINT64:
 * the whole trace), or NULL. */
const BsTraceEvent *bs_grad_check_trace_find (BsTrace    *trace,
                                              guint32     tensor,
                                              guint64     before);

G_END_DECLS
