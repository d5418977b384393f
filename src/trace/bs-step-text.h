/* bs-step-text.h: a step of a trace, explained in plain words
 *
 * The window's status line and the export's handout say what the current step
 * did: which statement created which tensors, which edge the backward pass
 * walked with its local gradient, upstream gradient and contribution, what was
 * added to a .grad, which buffers were freed, the error raised. Names are the
 * script's variable names where the state has them.
 */
#pragma once

#include "bs-replay.h"
#include "bs-trace.h"

G_BEGIN_DECLS

/* One or two sentences about state's step: "Line 7: x3 = w1 * x1 (MulBackward0)." */
char *bs_step_text_describe       (BsTrace            *trace,
                                   const BsTraceState *state);

/* An edge event's local gradient with the script's names: "∂x3/∂w1 = x1 = 1", or,
 * when the formula cannot take names, "∂x3/∂w1: ∂(aᵇ)/∂a = b·aᵇ⁻¹". */
char *bs_step_text_local_gradient (BsTrace            *trace,
                                   const BsTraceState *state,
                                   const BsTraceEvent *edge);

/* What flows along an edge event: "upstream -1 × 3 = -3" for scalars, else the
 * vector-Jacobian product: "Aᵀ @ upstream = [...], upstream [...]". */
char *bs_step_text_flow           (BsTrace            *trace,
                                   const BsTraceEvent *edge);
/* The vector-Jacobian product an edge computes, from its formula: "Aᵀ @ upstream",
 * "upstream × 1 - tanh²a" (elementwise). */
char *bs_step_text_vjp            (BsTrace            *trace,
                                   const BsTraceEvent *edge);

/* "∂L" for a backward call: ∂ and the label of its root (of its first one). */
char *bs_step_text_root           (BsTrace            *trace,
                                   const BsTraceState *state,
                                   guint32             backward);

/* A label for tensor at state: its current name (else the first it was bound to), a
 * Python number's value, the short expression that made it in parentheses
 * ("(w2 * x3)"), or bs_trace_tensor_label()'s ("mul#8"). */
char *bs_step_text_tensor         (BsTrace            *trace,
                                   const BsTraceState *state,
                                   guint32             tensor);

/* The expression that made tensor, its inputs by name: "w1 * x1", "1 - x5",
 * "mean(c)"; NULL for a leaf. */
char *bs_step_text_expression     (BsTrace            *trace,
                                   const BsTraceState *state,
                                   guint32             tensor);

/* Gradients adding up: "-6 + -2 = -8" for the values -6 and -2 (value ids); one
 * value alone is just itself. Values of different shapes are listed without a sum. */
char *bs_step_text_sum            (BsTrace            *trace,
                                   const guint32      *values,
                                   guint               n_values);

/* The contributions that have arrived at node in the running backward call up to
 * state, as value ids (NULL when none), and how many edges bring it one in the
 * whole call. */
guint32 *bs_step_text_arrivals    (BsTrace            *trace,
                                   const BsTraceState *state,
                                   guint32             node,
                                   guint              *n_arrived,
                                   guint              *n_expected);

G_END_DECLS
