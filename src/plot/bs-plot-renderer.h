/* bs-plot-renderer.h: a figure drawn with cairo, and written as PNG, SVG or PDF
 *
 * The figure is drawn in its pixels (width × dpi by height × dpi), white; vector formats
 * are the same drawing in points (SVG and PDF pages of width × 72 by height × 72), as
 * matplotlib's backends make them.
 */
#pragma once

#include <cairo.h>

#include "bs-plot-figure.h"

G_BEGIN_DECLS

typedef enum {
  BS_PLOT_FORMAT_PNG,
  BS_PLOT_FORMAT_SVG,
  BS_PLOT_FORMAT_PDF,
} BsPlotFormat;

/* "png", "svg" or "pdf" (case-insensitive); a ValueError naming the others. */
gboolean         bs_plot_format_from_name  (const char     *name,
                                            BsPlotFormat   *format,
                                            GError        **error);
const char      *bs_plot_format_extension  (BsPlotFormat    format);

/* Draws FIGURE on CR, whose user space is the figure's pixels. */
void             bs_plot_figure_draw       (BsPlotFigure   *figure,
                                            cairo_t        *cr);
/* The figure as an ARGB32 image at its DPI. */
cairo_surface_t *bs_plot_figure_to_image   (BsPlotFigure   *figure,
                                            GError        **error);
GBytes          *bs_plot_figure_to_bytes   (BsPlotFigure   *figure,
                                            BsPlotFormat    format,
                                            GError        **error);
/* Writes the file whole or not at all (a temporary file renamed over FILENAME). */
gboolean         bs_plot_figure_write      (BsPlotFigure   *figure,
                                            BsPlotFormat    format,
                                            const char     *filename,
                                            GError        **error);

G_END_DECLS
