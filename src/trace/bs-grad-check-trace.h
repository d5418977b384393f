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
#include "bs-replay.h"

G_BEGIN_DECLS

/* Appends results (BsGradCheckResult) to the recorder's trace as check events. */
void                bs_grad_check_trace_add  (BsRecorder *recorder,
                                              GPtrArray  *results);

/* The check of tensor in backward call `backward`, or NULL. */
const BsTraceEvent *bs_grad_check_trace_find (BsTrace    *trace,
                                              guint32     backward,
                                              guint32     tensor);
/* The check a state shows for tensor: that of the latest backward call begun, also
 * while it runs (the estimate is made as it begins), or NULL. */
const BsTraceEvent *bs_grad_check_trace_at   (const BsTraceState *state,
                                              guint32             tensor);
/* For the inspector: "numeric grad (finite differences)\n[...]\nrelative error 3e-08: ok,
 * as torch.autograd.gradcheck judges it", or why it was not checked. */
char               *bs_grad_check_trace_describe (BsTrace            *trace,
                                                  const BsTraceEvent *check);

G_END_DECLS
