/* bs-check-mark.h: a leaf's finite-difference check, drawn on its box
 *
 * When the latest backward call begun has checked the leaf (bs-grad-check-trace.h), a
 * tag above the box's top right corner says how it went: "✓ numeric" when autograd
 * agrees with the finite differences, a red "✗ grad ≠ numeric" and a red dashed
 * outline when it does not.
 */
#pragma once

#include <cairo.h>

#include "bs-palette.h"
#include "bs-replay.h"
#include "bs-scene.h"

G_BEGIN_DECLS

/* Whether the box has a tag at state (so other notes keep clear of its top right). */
gboolean bs_check_mark_shown (const BsSceneNode  *node,
                              const BsTraceState *state);
void     bs_check_mark_draw  (cairo_t            *cr,
                              const BsPalette    *palette,
                              const BsSceneNode  *node,
                              const BsTraceState *state);

G_END_DECLS
