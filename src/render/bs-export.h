/* bs-export.h: a scene at a step as PNG, SVG, PDF or DOT; every step as a PDF handout
 *
 * Images are drawn by the renderer the window uses. PNG is raster at the
 * renderer's scale (pixels per point); SVG and PDF are vector, one point per
 * scene unit. DOT is text for people who continue in Graphviz: the boxes and
 * edges that exist at the step with their labels, colours and clusters. In gradient-flow
 * mode (bs_renderer_set_grad_flow) every format has the legend: under the graph in an
 * image and in a handout's pages, as a comment and a cluster of its own in DOT.
 *
 * Files are written atomically: to a temporary file in the same directory, synced,
 * then renamed over the target, so a failed export leaves no partial file and the
 * previous file, if any, untouched. Write errors are G_FILE_ERRORs.
 */
#pragma once

#include "bs-renderer.h"
#include "bs-scene-cache.h"

G_BEGIN_DECLS

#define BS_EXPORT_ERROR (bs_export_error_quark ())

typedef enum {
  BS_EXPORT_ERROR_FORMAT,   /* a file name whose extension is not png, svg, pdf, dot or tex */
  BS_EXPORT_ERROR_TOO_LARGE,/* a PNG beyond cairo's 32767 pixels a side */
  BS_EXPORT_ERROR_FAILED,   /* cairo could not draw or encode */
} BsExportError;

GQuark bs_export_error_quark (void);

typedef enum {
  BS_EXPORT_PNG,
  BS_EXPORT_SVG,
  BS_EXPORT_PDF,
  BS_EXPORT_DOT,
  BS_EXPORT_TIKZ,   /* .tex: a standalone TikZ picture (bs-export-tikz.h) */
} BsExportFormat;

/* From the file name's extension, case-insensitive. */
gboolean  bs_export_format_from_filename (const char          *filename,
                                          BsExportFormat      *format,
                                          GError             **error);

/* The file's bytes (for the clipboard and for writing). */
GBytes   *bs_export_to_bytes             (BsRenderer          *renderer,
                                          BsScene             *scene,
                                          const BsTraceState  *state,
                                          BsExportFormat       format,
                                          GError             **error);
char     *bs_export_to_dot               (BsRenderer          *renderer,
                                          BsScene             *scene,
                                          const BsTraceState  *state);
/* A step's explanation as a handout and an animation print it under the graph: what
 * happened, and for an edge its local gradient and what flows on. */
char     *bs_export_step_caption         (BsTrace             *trace,
                                          const BsTraceState  *state);
/* A PDF, one A4 landscape page per step from first to last (clamped to the trace's
 * steps): the graph at that step (scenes' scene, laid out with layout when it needs to
 * be), the step's explanation under it. Every page draws its graph at one scale and
 * place (the largest scale at which each page's fits, the widest centred), so the
 * parameter row of a training loop stands in one place from page to page. */
GBytes   *bs_export_handout_to_bytes     (BsRenderer          *renderer,
                                          BsSceneCache        *scenes,
                                          BsLayout            *layout,
                                          guint64              first,
                                          guint64              last,
                                          GError             **error);

gboolean  bs_export_write_file           (BsRenderer          *renderer,
                                          BsScene             *scene,
                                          const BsTraceState  *state,
                                          BsExportFormat       format,
                                          const char          *filename,
                                          GError             **error);
gboolean  bs_export_write_handout        (BsRenderer          *renderer,
                                          BsSceneCache        *scenes,
                                          BsLayout            *layout,
                                          guint64              first,
                                          guint64              last,
                                          const char          *filename,
                                          GError             **error);

G_END_DECLS
