/* bs-shape-card.h: where a gradient's shape comes from
 *
 * For the current backward edge, the vector-Jacobian product written with the shapes
 * a student must get right, from the op's shape form (bs-op-shapes.h) and the script's
 * names: "∂L/∂W [3×2] = xᵀ [3×4] @ ∂L/∂y [4×2]", and for an elementwise op whose
 * input was broadcast, the sum that undoes it: "∂L/∂b [2] = Σ over dim 0 of ∂L/∂y [4×2]".
 */
#pragma once

#include "bs-replay.h"
#include "bs-trace.h"

G_BEGIN_DECLS

/* The card of an edge event at state, or NULL when its op has no shape form (a
 * torch.autograd.Function) or the trace does not know its inputs. */
char *bs_shape_card_for_edge (BsTrace            *trace,
                              const BsTraceState *state,
                              const BsTraceEvent *edge);

/* "[4×3]"; "[]" for a 0-dim tensor. */
char *bs_shape_card_format_shape (int           ndim,
                                  const gint64 *shape);

G_END_DECLS
