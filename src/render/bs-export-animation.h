/* bs-export-animation.h: stepping as an animated GIF, one frame per step
 *
 * Each frame is what the window (and a PNG export at the renderer's scale) shows at its
 * step, at the top left, with a caption strip under it: "Step k of n" and the step's
 * explanation (as the handout prints it). Every frame has the size of the largest graph
 * and caption of the range; the rest is the palette's background. Colours are reduced
 * to at most 256 per frame (a frame of fewer colours keeps them exactly). The animation
 * loops forever.
 */
#pragma once

#include "bs-export.h"
#include "bs-layout.h"

G_BEGIN_DECLS

/* GIF counts time in hundredths of a second; browsers slow anything under 20 ms. */
#define BS_ANIMATION_MIN_FRAME_MS 20
#define BS_ANIMATION_MAX_FRAME_MS 60000

/* The GIF of the steps first..last (clamped to the trace's steps), each shown frame_ms
 * milliseconds (clamped to the limits above); frames laid out with layout when needed. */
GBytes   *bs_export_animation_to_bytes (BsRenderer    *renderer,
                                        BsSceneCache  *scenes,
                                        BsLayout      *layout,
                                        guint64        first,
                                        guint64        last,
                                        guint          frame_ms,
                                        GError       **error);
gboolean  bs_export_write_animation    (BsRenderer    *renderer,
                                        BsSceneCache  *scenes,
                                        BsLayout      *layout,
                                        guint64        first,
                                        guint64        last,
                                        guint          frame_ms,
                                        const char    *filename,
                                        GError       **error);

G_END_DECLS
