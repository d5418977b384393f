/* bs-plot-figure.h: a matplotlib figure: its size, its axes in subplot grids
 *
 * Reference counted so that a script's figure and a shown snapshot of it can share it.
 * The size is in inches at DPI pixels per inch (matplotlib's 6.4 × 4.8 at 100).
 */
#pragma once

#include "bs-plot-axes.h"

G_BEGIN_DECLS

#define BS_PLOT_DEFAULT_WIDTH  6.4
#define BS_PLOT_DEFAULT_HEIGHT 4.8
#define BS_PLOT_DEFAULT_DPI    100.0

/* matplotlib's figure.subplot parameters: the grid's edges and gaps as fractions of the
 * figure and of a cell (SubplotParams) */
typedef struct {
  double left, right, bottom, top, wspace, hspace;
} BsPlotSubplotParams;

/* Which of them subplots_adjust set after tight_layout: these win over tight_layout's */
typedef enum {
  BS_PLOT_ADJUST_LEFT   = 1 << 0,
  BS_PLOT_ADJUST_RIGHT  = 1 << 1,
  BS_PLOT_ADJUST_BOTTOM = 1 << 2,
  BS_PLOT_ADJUST_TOP    = 1 << 3,
  BS_PLOT_ADJUST_WSPACE = 1 << 4,
  BS_PLOT_ADJUST_HSPACE = 1 << 5,
} BsPlotAdjusted;

struct _BsPlotFigure {
  int         ref_count;
  int         number;      /* figure(N), 1-based */
  double      width, height, dpi;
  /* Owned */
  GPtrArray  *axes;        /* BsPlotAxes, in the order they were added */
  GPtrArray  *replaced;    /* BsPlotAxes a later subplot covered: kept, not drawn, so
                            * that a script's reference to one stays valid */
  char       *suptitle;
  gboolean    tight_layout;
  BsPlotSubplotParams subplot;
  BsPlotAdjusted adjusted;
  /* Borrowed: the current axes (gca()), one of AXES or NULL */
  BsPlotAxes *current;
};

/* WIDTH, HEIGHT and DPI of 0 take matplotlib's defaults. */
BsPlotFigure *bs_plot_figure_new          (int            number,
                                           double         width,
                                           double         height,
                                           double         dpi);
BsPlotFigure *bs_plot_figure_ref          (BsPlotFigure  *figure);
void          bs_plot_figure_unref        (BsPlotFigure  *figure);
/* A figure drawn the same, sharing nothing with FIGURE (what show() keeps) */
BsPlotFigure *bs_plot_figure_copy         (const BsPlotFigure *figure);

/* subplot(NROWS, NCOLS, INDEX): the axes already in that cell of that grid, or a new
 * one (which replaces axes it overlaps, as matplotlib's subplot does); it becomes
 * current. ValueErrors as matplotlib's for a bad grid or index. */
BsPlotAxes   *bs_plot_figure_add_subplot  (BsPlotFigure  *figure,
                                           int            nrows,
                                           int            ncols,
                                           int            index,
                                           GError       **error);
/* clf(): no axes and no suptitle (the axes a script holds stay valid, not drawn) */
void          bs_plot_figure_clear        (BsPlotFigure  *figure);
/* gca(): the current axes, a new subplot(1, 1, 1) when there is none. */
BsPlotAxes   *bs_plot_figure_gca          (BsPlotFigure  *figure);
void          bs_plot_figure_set_suptitle (BsPlotFigure  *figure,
                                           const char    *title);
void          bs_plot_figure_set_tight_layout (BsPlotFigure *figure,
                                               gboolean      tight);
/* subplots_adjust(): the parameters whose bit is in WHICH take VALUES' values. FALSE with
 * a ValueError as matplotlib's when left >= right or bottom >= top. */
gboolean      bs_plot_figure_subplots_adjust (BsPlotFigure              *figure,
                                              BsPlotAdjusted             which,
                                              const BsPlotSubplotParams *values,
                                              GError                   **error);
/* The size in pixels (rounded as matplotlib's Agg canvas does) */
void          bs_plot_figure_get_pixel_size (BsPlotFigure *figure,
                                             int          *width,
                                             int          *height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPlotFigure, bs_plot_figure_unref)

G_END_DECLS
