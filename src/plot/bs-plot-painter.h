/* bs-plot-painter.h: drawing primitives of the plot renderer (text, markers, lines)
 *
 * Everything is drawn in pixels of the figure (its DPI); sizes given in points, as
 * matplotlib's rcParams give them, are converted with PX_PER_PT. Text is DejaVu Sans,
 * placed by the ink box of "lp" as matplotlib's text layout does.
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "bs-plot-style.h"

G_BEGIN_DECLS

typedef struct {
  double x, y, width, height;   /* pixels, Y downwards */
} BsPlotRect;

typedef struct {
  /* Borrowed */
  cairo_t     *cr;
  /* Owned */
  PangoLayout *layout;
  double       px_per_pt;
} BsPlotPainter;

typedef enum {
  BS_PLOT_ALIGN_START,      /* left, or top */
  BS_PLOT_ALIGN_CENTER,
  BS_PLOT_ALIGN_END,        /* right, or bottom */
  BS_PLOT_ALIGN_BASELINE,   /* vertical only */
  BS_PLOT_ALIGN_CENTER_BASELINE, /* vertical only: midway between baseline and top */
} BsPlotAlign;

void     bs_plot_painter_init       (BsPlotPainter     *painter,
                                     cairo_t           *cr,
                                     double             dpi);
void     bs_plot_painter_clear      (BsPlotPainter     *painter);
/* The text's box (width, and height from the top of "l" to the bottom of "p") in
 * pixels; MARKUP is Pango markup. */
void     bs_plot_painter_measure    (BsPlotPainter     *painter,
                                     const char        *text,
                                     gboolean           markup,
                                     double             size_pt,
                                     double            *width,
                                     double            *height);
/* Draws TEXT with its box aligned at (X, Y); ROTATED turns it a quarter anticlockwise
 * (the alignments then apply to the turned box). Returns the box drawn. */
BsPlotRect bs_plot_painter_text     (BsPlotPainter     *painter,
                                     const char        *text,
                                     gboolean           markup,
                                     double             size_pt,
                                     double             x,
                                     double             y,
                                     BsPlotAlign        halign,
                                     BsPlotAlign        valign,
                                     gboolean           rotated,
                                     const BsPlotColor *color);
void     bs_plot_painter_set_color  (BsPlotPainter     *painter,
                                     const BsPlotColor *color,
                                     double             alpha);
/* Sets the line width (points), dashes for LINESTYLE scaled by the width, caps as
 * matplotlib's (projecting solid lines, butt dashes, round joins). */
void     bs_plot_painter_set_line   (BsPlotPainter     *painter,
                                     double             width_pt,
                                     BsPlotLinestyle    linestyle);
/* Fills the current path with STYLE's colour and outlines it with its edge colour, if
 * it has one (matplotlib draws no edge on bars and areas unless asked). */
void     bs_plot_painter_fill_patch (BsPlotPainter     *painter,
                                     const BsPlotStyle *style);
/* A marker of SIZE_PT (its nominal diameter) centred at (X, Y), filled with FACE and
 * outlined with EDGE of EDGE_WIDTH_PT. */
void     bs_plot_painter_marker     (BsPlotPainter     *painter,
                                     char               marker,
                                     double             x,
                                     double             y,
                                     double             size_pt,
                                     const BsPlotColor *face,
                                     const BsPlotColor *edge,
                                     double             edge_width_pt,
                                     double             alpha);

G_END_DECLS
