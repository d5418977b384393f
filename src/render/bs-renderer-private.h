/* bs-renderer-private.h: for tests of the renderer's caches
 *
 * The renderer keeps what it formatted and laid out, and measures monospace text glyph
 * by glyph; with caching off it formats and lays out every text afresh and measures each
 * with Pango (it still remembers each text's width, as it always did), so a test can check
 * that both draw the same pixels and measure the same boxes.
 */
#pragma once

#include "bs-renderer.h"

G_BEGIN_DECLS

void             bs_renderer_set_caching    (BsRenderer         *self,
                                             gboolean            caching);
/* The width, in points, of text in the type of values and gradients. */
double           bs_renderer_measure_value_text (BsRenderer     *self,
                                                 const char     *text);

G_END_DECLS
