/* bs-op-shapes.h: the shape form of the ops' formulas
 *
 * Beside each op's local-gradient formula (BsOpInfo.formulas), the vector-Jacobian
 * product written as the shapes a student must get right, for matrix products,
 * reductions, views, indexing and elementwise ops (whose broadcasting is undone by a
 * sum): bs_shape_card_format() fills it in.
 *
 *   mm, input 1:      "{0T} @ {g}"          ->  xᵀ [3×4] @ ∂L/∂y [4×2]
 *   sum_dim, input 0: "{g} put back along {dims} and expanded to {in}"
 *
 * Placeholders: {g} the gradient that arrives (∂L/∂y [4×2]), {gT} it transposed,
 * {0} {1} {2} the op's inputs (x [4×3]), {0T} {1T} transposed, {in} the shape of the
 * input the gradient is for, {dims} the op's dims ("dim 1", "dims 0, 2"), {n} the
 * number of elements a mean divides by, {out} the op's output (y [4×3]), {/n} " ÷ 12"
 * when a loss takes the mean (nothing for reduction='sum' or 'none'), {w} a loss's
 * class weights when given, {slice} the piece of a cat's or stack's output an input is
 * ("[2:5] along dim 0", "at index 1 of dim 0").
 */
#pragma once

#include "bs-op.h"

G_BEGIN_DECLS

/* The template for the gradient of op's input, or NULL when the op has none. An
 * elementwise op's is its own; bs_op_is_elementwise() says which ops are. */
const char *bs_op_shape_form       (BsOp      op,
                                    guint     input);
/* Elementwise ops: the gradient of an input has the output's shape, summed back to
 * the input's when the input was broadcast. */
gboolean    bs_op_is_elementwise   (BsOp      op);

G_END_DECLS
