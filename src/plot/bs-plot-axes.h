/* bs-plot-axes.h: one axes of a figure (matplotlib's Axes): artists, labels, limits
 *
 * Methods add artists in matplotlib's way: unset colours come from the axes' colour
 * cycle (one for lines, another for patches and collections, as matplotlib keeps them),
 * unset widths and sizes from matplotlib's default rcParams. Arrays are copied.
 */
#pragma once

#include "bs-plot-artist.h"

G_BEGIN_DECLS

typedef struct _BsPlotFigure BsPlotFigure;
typedef struct _BsPlotAxes   BsPlotAxes;

typedef enum {
  BS_PLOT_SCALE_LINEAR,
  BS_PLOT_SCALE_LOG,
} BsPlotScale;

/* matplotlib's legend location codes */
typedef enum {
  BS_PLOT_LEGEND_NONE = -1,
  BS_PLOT_LEGEND_BEST = 0,
  BS_PLOT_LEGEND_UPPER_RIGHT,
  BS_PLOT_LEGEND_UPPER_LEFT,
  BS_PLOT_LEGEND_LOWER_LEFT,
  BS_PLOT_LEGEND_LOWER_RIGHT,
  BS_PLOT_LEGEND_RIGHT,
  BS_PLOT_LEGEND_CENTER_LEFT,
  BS_PLOT_LEGEND_CENTER_RIGHT,
  BS_PLOT_LEGEND_LOWER_CENTER,
  BS_PLOT_LEGEND_UPPER_CENTER,
  BS_PLOT_LEGEND_CENTER,
} BsPlotLegendLoc;

typedef struct {
  BsPlotScale scale;
  double      lim_lo, lim_hi;  /* NAN: autoscaled */
  char       *label;
  double      label_size;      /* points; NAN: 10 */
  gboolean    grid;
  gboolean    inverted;        /* imshow's origin='upper' turns Y downwards */
  GArray     *ticks;           /* doubles set by xticks(), or NULL: the locator's */
  GPtrArray  *tick_labels;     /* strings for TICKS, or NULL: the formatter's */
  double      margin;          /* of the data's span, added each side by autoscaling */
  gboolean    margin_int;      /* margins() was given an int (it returns it as given) */
} BsPlotAxis;

struct _BsPlotAxes {
  /* Borrowed */
  BsPlotFigure   *figure;
  /* Owned */
  GPtrArray      *artists;     /* BsPlotArtist */
  char           *title;
  double          title_size;  /* points; NAN: 12 */
  BsPlotAxis      axis[2];     /* X, Y */
  int             nrows, ncols, index;   /* subplot(nrows, ncols, index), 1-based */
  BsPlotLegendLoc legend;
  double          legend_size; /* points; NAN: 10 */
  guint           line_cycle, patch_cycle;
  double          aspect;      /* NAN: fill the subplot; else data units' Y/X ratio */
  gboolean        aspect_datalim; /* ASPECT kept by widening a limit, not the box */
  gboolean        axis_on;     /* axis('off'): no spines, ticks, labels or grid */
  int             colorbar;    /* the artist a colorbar beside the axes shows, or -1 */
};

BsPlotAxes   *bs_plot_axes_new            (BsPlotFigure        *figure,
                                           int                  nrows,
                                           int                  ncols,
                                           int                  index);
void          bs_plot_axes_free           (BsPlotAxes          *axes);
/* A copy with its own artists, belonging to FIGURE */
BsPlotAxes   *bs_plot_axes_copy           (const BsPlotAxes    *axes,
                                           BsPlotFigure        *figure);

/* plot(X, Y): X NULL means 0, 1, ..., N-1. */
BsPlotArtist *bs_plot_axes_plot           (BsPlotAxes          *axes,
                                           const double        *x,
                                           const double        *y,
                                           gsize                n,
                                           const BsPlotStyle   *style);
/* scatter(): SIZES (pt²) has 0 (the default 36), 1 or N entries; C, if not NULL, has
 * N values mapped through CMAP (NULL: viridis) between VMIN and VMAX (NAN: the data's);
 * COLORS, if not NULL, one colour per point. */
BsPlotArtist *bs_plot_axes_scatter        (BsPlotAxes          *axes,
                                           const double        *x,
                                           const double        *y,
                                           gsize                n,
                                           const double        *sizes,
                                           gsize                n_sizes,
                                           const double        *c,
                                           const BsPlotColor   *colors,
                                           const char          *cmap,
                                           double               vmin,
                                           double               vmax,
                                           const BsPlotStyle   *style,
                                           GError             **error);
/* bar(): WIDTHS and BOTTOMS have 1 or N entries; ALIGN_EDGE puts X at the left edge. */
BsPlotArtist *bs_plot_axes_bar            (BsPlotAxes          *axes,
                                           const double        *x,
                                           const double        *heights,
                                           gsize                n,
                                           const double        *widths,
                                           gsize                n_widths,
                                           const double        *bottoms,
                                           gsize                n_bottoms,
                                           gboolean             align_edge,
                                           const BsPlotStyle   *style);
/* barh(): bars along X from LEFTS (1 or N entries, none: 0) WIDTHS long, HEIGHTS (1 or N)
 * thick; ALIGN_EDGE puts Y at their bottom, else at their middle. */
BsPlotArtist *bs_plot_axes_barh           (BsPlotAxes          *axes,
                                           const double        *y,
                                           const double        *widths,
                                           gsize                n,
                                           const double        *heights,
                                           gsize                n_heights,
                                           const double        *lefts,
                                           gsize                n_lefts,
                                           gboolean             align_edge,
                                           const BsPlotStyle   *style);
/* hist(): bars over bs_plot_histogram()'s bins; COUNTS and EDGES, if not NULL, get
 * what matplotlib returns. */
BsPlotArtist *bs_plot_axes_hist           (BsPlotAxes          *axes,
                                           const double        *data,
                                           gsize                n,
                                           int                  nbins,
                                           const double        *edges,
                                           gsize                n_edges,
                                           double               range_lo,
                                           double               range_hi,
                                           gboolean             density,
                                           const BsPlotStyle   *style,
                                           GArray             **counts,
                                           GArray             **bin_edges,
                                           GError             **error);
/* imshow(): VALUES is ROWS × COLS × CHANNELS (1: colormapped; 3 or 4: RGB(A) in [0, 1]);
 * ASPECT NAN is 'auto', else the ratio ('equal' is 1); EXTENT NULL is the pixel grid. */
BsPlotArtist *bs_plot_axes_imshow         (BsPlotAxes          *axes,
                                           const double        *values,
                                           guint                rows,
                                           guint                cols,
                                           guint                channels,
                                           const char          *cmap,
                                           double               vmin,
                                           double               vmax,
                                           double               aspect,
                                           gboolean             origin_lower,
                                           const double        *extent,
                                           gboolean             smooth,
                                           const BsPlotStyle   *style,
                                           GError             **error);
/* axhline(Y, XMIN, XMAX) with XMIN/XMAX fractions of the width; axvline likewise. */
BsPlotArtist *bs_plot_axes_axline         (BsPlotAxes          *axes,
                                           gboolean             vertical,
                                           double               value,
                                           double               span_lo,
                                           double               span_hi,
                                           const BsPlotStyle   *style);
BsPlotArtist *bs_plot_axes_fill_between   (BsPlotAxes          *axes,
                                           const double        *x,
                                           const double        *y1,
                                           const double        *y2,
                                           gsize                n,
                                           const BsPlotStyle   *style);
/* contour()/contourf() of Z (ROWS × COLS) over X (COLS) and Y (ROWS) at LEVELS, or
 * NLEVELS levels chosen as matplotlib does (MaxNLocator(NLEVELS + 1)). */
BsPlotArtist *bs_plot_axes_contour        (BsPlotAxes          *axes,
                                           const double        *x,
                                           const double        *y,
                                           const double        *z,
                                           guint                rows,
                                           guint                cols,
                                           int                  nlevels,
                                           const double        *levels,
                                           gsize                n_levels,
                                           gboolean             filled,
                                           const char          *cmap,
                                           const BsPlotStyle   *style,
                                           GError             **error);

/* text(X, Y, TEXT) in data coordinates, OFFSET_X/Y points right and up of them; STYLE's
 * colour (black when unset), alpha and zorder (3 when unset). */
BsPlotArtist *bs_plot_axes_text           (BsPlotAxes          *axes,
                                           double               x,
                                           double               y,
                                           const char          *text,
                                           double               size_pt,
                                           BsPlotTextAlign      halign,
                                           BsPlotTextAlign      valign,
                                           gboolean             rotated,
                                           double               offset_x,
                                           double               offset_y,
                                           const BsPlotStyle   *style);
/* cla(): no artists, labels, limits or settings: as a new axes in the same cell */
void          bs_plot_axes_clear          (BsPlotAxes          *axes);
/* axis('on') / axis('off') */
void          bs_plot_axes_set_axis_on    (BsPlotAxes          *axes,
                                           gboolean             on);
/* set_aspect(ASPECT) (NAN: 'auto'); DATALIM keeps it by widening a limit at drawing
 * (adjustable='datalim', axis('equal')), else by shrinking the box. */
void          bs_plot_axes_set_aspect     (BsPlotAxes          *axes,
                                           double               aspect,
                                           gboolean             datalim);
/* set_autoscale_on(False): the limits shown now stay, whatever is drawn later */
void          bs_plot_axes_freeze_limits  (BsPlotAxes          *axes);
/* Axes.apply_aspect with adjustable='datalim' for a box of BOX_WIDTH × BOX_HEIGHT:
 * widens VIEW ([axis][lo, hi]) along X or Y as matplotlib does. */
void          bs_plot_axes_apply_datalim  (BsPlotAxes          *axes,
                                           double               box_width,
                                           double               box_height,
                                           double             (*view)[2]);
void          bs_plot_axes_set_title      (BsPlotAxes          *axes,
                                           const char          *title);
void          bs_plot_axes_set_label      (BsPlotAxes          *axes,
                                           int                  axis,
                                           const char          *label);
/* fontsize= of the title (AXIS -1), an axis label (0, 1) or the legend (2), in points;
 * NAN: the default */
void          bs_plot_axes_set_text_size  (BsPlotAxes          *axes,
                                           int                  axis,
                                           double               size_pt);
/* xlim(LO, HI): NAN keeps that end autoscaled; LO > HI inverts the axis. */
void          bs_plot_axes_set_limits     (BsPlotAxes          *axes,
                                           int                  axis,
                                           double               lo,
                                           double               hi);
void          bs_plot_axes_set_scale      (BsPlotAxes          *axes,
                                           int                  axis,
                                           BsPlotScale          scale);
void          bs_plot_axes_set_grid       (BsPlotAxes          *axes,
                                           int                  axis,
                                           gboolean             visible);
/* xticks(TICKS, LABELS): fixed ticks, labelled with LABELS (N strings) or, when NULL,
 * by the formatter; N_TICKS 0 removes every tick. */
void          bs_plot_axes_set_ticks      (BsPlotAxes          *axes,
                                           int                  axis,
                                           const double        *ticks,
                                           gsize                n_ticks,
                                           const char * const  *labels);
/* colorbar(): a bar beside the axes showing ARTIST's colormap (the last colormapped
 * artist when NULL); FALSE when there is none (matplotlib's RuntimeError "No mappable
 * was found to use for colorbar creation..."). */
gboolean      bs_plot_axes_add_colorbar   (BsPlotAxes          *axes,
                                           const BsPlotArtist  *artist);
/* FALSE, and no legend, when no artist has a label (matplotlib warns "No artists with
 * labels found to put in legend."). */
gboolean      bs_plot_axes_set_legend     (BsPlotAxes          *axes,
                                           BsPlotLegendLoc      loc);
/* The interval shown (what xlim() returns): the limits set, or the data's with
 * matplotlib's 5% margins. VIEW_LO > VIEW_HI when the axis is inverted. */
void          bs_plot_axes_get_view       (BsPlotAxes          *axes,
                                           int                  axis,
                                           double              *view_lo,
                                           double              *view_hi);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPlotAxes, bs_plot_axes_free)

G_END_DECLS
