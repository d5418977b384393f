/* bs-plot-draw-private.h: the renderer's parts that draw one axes */
#pragma once

#include "bs-plot-figure.h"
#include "bs-plot-painter.h"

G_BEGIN_DECLS

/* An axes placed on the figure: its box in pixels and the data interval it shows */
typedef struct {
  BsPlotAxes *axes;
  BsPlotRect  box;
  double      view[2][2];   /* [axis][lo, hi] as bs_plot_axes_get_view gives them */
} BsPlotFrame;

void     bs_plot_frame_init         (BsPlotFrame        *frame,
                                     BsPlotAxes         *axes,
                                     const BsPlotRect   *box);
/* Data to pixels */
double   bs_plot_frame_x            (const BsPlotFrame  *frame,
                                     double              x);
double   bs_plot_frame_y            (const BsPlotFrame  *frame,
                                     double              y);

/* The whole axes: background, artists, grid, spines, ticks, labels, title, legend. */
void     bs_plot_axes_draw          (BsPlotPainter      *painter,
                                     BsPlotAxes         *axes,
                                     const BsPlotRect   *box);
/* How far the axes' labels reach beyond BOX on each side (for tight_layout). */
void     bs_plot_axes_decorations   (BsPlotPainter      *painter,
                                     BsPlotAxes         *axes,
                                     const BsPlotRect   *box,
                                     double             *left,
                                     double             *right,
                                     double             *top,
                                     double             *bottom);
/* The colorbar of AXES in BAR; how far its labels reach right of BAR */
void     bs_plot_colorbar_draw      (BsPlotPainter      *painter,
                                     BsPlotAxes         *axes,
                                     const BsPlotRect   *bar);
double   bs_plot_colorbar_reach     (BsPlotPainter      *painter,
                                     BsPlotAxes         *axes,
                                     const BsPlotRect   *bar);
/* One artist, clipped to the frame's box by the caller. */
void     bs_plot_artist_draw        (BsPlotPainter      *painter,
                                     const BsPlotFrame  *frame,
                                     const BsPlotArtist *artist);
void     bs_plot_legend_draw        (BsPlotPainter      *painter,
                                     const BsPlotFrame  *frame);
/* contourf's band (LO, HI] ([LO, HI] when LOWEST) as one path of polygons, to fill
 * with the winding rule; contour()'s LEVEL as segments. */
void     bs_plot_contour_band_path  (cairo_t            *cr,
                                     const BsPlotFrame  *frame,
                                     const BsPlotArtist *artist,
                                     double              lo,
                                     double              hi,
                                     gboolean            lowest);
void     bs_plot_contour_line_path  (cairo_t            *cr,
                                     const BsPlotFrame  *frame,
                                     const BsPlotArtist *artist,
                                     double              level);

G_END_DECLS
