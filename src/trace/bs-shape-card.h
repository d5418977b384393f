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

/* A term of a card, for showing its values when pointed at: the bytes [start, end) of the
 * card's text ("xᵀ [3×4]") and the value it stands for (0: unknown). */
typedef struct {
  guint   start;
  guint   end;
  guint32 value;
} BsShapeCardTerm;

/* The same card, appending its terms to terms (an array of BsShapeCardTerm): the left
 * side (what the edge sends on), the gradient arriving, the operands, the output. */
char *bs_shape_card_for_edge_terms (BsTrace            *trace,
                                    const BsTraceState *state,
                                    const BsTraceEvent *edge,
                                    GArray             *terms);

/* "[4×3]"; "[]" for a 0-dim tensor. */
char *bs_shape_card_format_shape (int           ndim,
                                  const gint64 *shape);

G_END_DECLS
