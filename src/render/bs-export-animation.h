/* bs-export-animation.h: stepping as an animated GIF or WebP, one frame per step
 *
 * Each frame is what the window (and a PNG export at the renderer's scale) shows at its
 * step, at the top left, with a caption strip under it: "Step k of n" and the step's
 * explanation (as the handout prints it). Every frame has the size of the largest graph
 * and caption of the range; the rest is the palette's background. In gradient-flow mode
 * (bs_renderer_set_grad_flow) the legend has a strip of its own between the graph and the
 * caption. A GIF's colours are
 * reduced to at most 256 per frame (a frame of fewer colours keeps them exactly); a WebP
 * is lossless. The animation loops forever.
 */
#pragma once

#include <gio/gio.h>

#include "bs-export.h"
#include "bs-layout.h"

G_BEGIN_DECLS

/* GIF counts time in hundredths of a second; browsers slow anything under 20 ms. */
#define BS_ANIMATION_MIN_FRAME_MS 20
#define BS_ANIMATION_MAX_FRAME_MS 60000

typedef enum {
  BS_ANIMATION_GIF,    /* giflib: at most 256 colours a frame */
  BS_ANIMATION_WEBP,   /* libwebpmux: lossless, every colour kept */
} BsAnimationFormat;

/* After each frame is encoded, on the thread writing: done of total frames. */
typedef void (*BsAnimationProgress) (guint    done,
                                     guint    total,
                                     gpointer user_data);

typedef struct {
  BsAnimationFormat    format;
  guint64              first;          /* the steps, clamped to the trace's */
  guint64              last;
  guint                frame_ms;       /* clamped to the limits above */
  BsAnimationProgress  progress;       /* or NULL */
  gpointer             progress_data;
  GCancellable        *cancellable;    /* or NULL: cancelled, G_IO_ERROR_CANCELLED */
} BsAnimationOptions;

/* .gif or .webp, case-insensitive; else a BS_EXPORT_ERROR_FORMAT. */
gboolean  bs_animation_format_from_filename (const char                *filename,
                                             BsAnimationFormat         *format,
                                             GError                   **error);
/* "gif", "webp" */
const char *bs_animation_format_get_extension (BsAnimationFormat        format);

/* The steps of the backward call that step is in, else of the first backward call; the
 * whole run (0 to G_MAXUINT64) when there is none. */
void      bs_export_backward_steps     (BsTrace                   *trace,
                                        guint64                    step,
                                        guint64                   *first,
                                        guint64                   *last);

/* The frame of step (one of options' steps) as the animation draws it, at the renderer's
 * scale, with the animation's size (*n_frames: how many it has); NULL with error set
 * when it cannot be laid out or is too large. For a preview: the frames are laid out to
 * find their size, not encoded. */
cairo_surface_t *bs_export_animation_draw_frame (BsRenderer               *renderer,
                                                 BsSceneCache             *scenes,
                                                 BsLayout                 *layout,
                                                 const BsAnimationOptions *options,
                                                 guint64                   step,
                                                 guint                    *n_frames,
                                                 GError                  **error);

/* The animation of options' steps; frames laid out with layout when needed. */
GBytes   *bs_export_animation_to_bytes (BsRenderer                *renderer,
                                        BsSceneCache              *scenes,
                                        BsLayout                  *layout,
                                        const BsAnimationOptions  *options,
                                        GError                   **error);
gboolean  bs_export_write_animation    (BsRenderer                *renderer,
                                        BsSceneCache              *scenes,
                                        BsLayout                  *layout,
                                        const BsAnimationOptions  *options,
                                        const char                *filename,
                                        GError                   **error);

G_END_DECLS
