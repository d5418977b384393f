/* bs-plot-artist.h: what an axes draws (a line, markers, bars, an image, ...)
 *
 * An artist is plain data in the axes' data coordinates with its style resolved
 * (defaults and the colour cycle applied when it was made); the renderer draws it.
 */
#pragma once

#include "bs-plot-colormap.h"
#include "bs-plot-style.h"

G_BEGIN_DECLS

typedef enum {
  BS_PLOT_ARTIST_LINE,     /* plot(): X, Y */
  BS_PLOT_ARTIST_SCATTER,  /* scatter(): X, Y, W = sizes in pt², VALUES (colormapped) */
  BS_PLOT_ARTIST_BARS,     /* bar(), hist(): X = left, Y = bottom, W = width, H = height */
  BS_PLOT_ARTIST_IMAGE,    /* imshow(): VALUES rows × cols × channels, EXTENT */
  BS_PLOT_ARTIST_HLINE,    /* axhline(): VALUE, from SPAN_LO to SPAN_HI of the width */
  BS_PLOT_ARTIST_VLINE,    /* axvline() */
  BS_PLOT_ARTIST_FILL,     /* fill_between(): X, Y = y1, H = y2 */
  BS_PLOT_ARTIST_CONTOUR,  /* contour(), contourf(): X (cols), Y (rows), VALUES, LEVELS */
  BS_PLOT_ARTIST_TEXT,     /* text(): TEXT at (VALUE, SPAN_LO) in data coordinates */
} BsPlotArtistKind;

/* plot()'s drawstyle: the line goes straight, or in steps that change at each point
 * ('steps-pre', step()'s default), after it ('steps-post') or halfway ('steps-mid') */
typedef enum {
  BS_PLOT_STEPS_NONE,
  BS_PLOT_STEPS_PRE,
  BS_PLOT_STEPS_POST,
  BS_PLOT_STEPS_MID,
} BsPlotSteps;

/* A text's alignment on each axis: its box's start (left, top), centre or end (right,
 * bottom), or, vertically, its baseline or midway between baseline and top */
typedef enum {
  BS_PLOT_TEXT_START,
  BS_PLOT_TEXT_CENTER,
  BS_PLOT_TEXT_END,
  BS_PLOT_TEXT_BASELINE,
  BS_PLOT_TEXT_CENTER_BASELINE,
} BsPlotTextAlign;

typedef struct {
  BsPlotArtistKind      kind;
  BsPlotStyle           style;
  GArray               *x, *y, *w, *h;   /* doubles */
  GArray               *values;          /* doubles */
  GArray               *colors;          /* BsPlotColor per point, or NULL */
  const BsPlotColormap *cmap;
  gboolean              cmap_reversed;
  double                vmin, vmax;      /* the colormap's norm */
  guint                 rows, cols, channels;
  double                extent[4];       /* left, right, bottom, top */
  gboolean              smooth;          /* image: bilinear, else nearest */
  gboolean              origin_lower;    /* image: row 0 at EXTENT[2], else at [3] */
  double                value, span_lo, span_hi;
  GArray               *levels;          /* doubles */
  gboolean              filled;
  char                 *text;            /* owned */
  double                fontsize;        /* points */
  BsPlotTextAlign       halign, valign;
  gboolean              rotated;         /* a quarter turn anticlockwise */
  double                offset[2];       /* text: points right and up from its place */
  gboolean              clip_point;      /* text: drawn only while POINT is in the axes */
  BsPlotSteps           steps;           /* line */
  gboolean              horizontal;      /* bars: barh(), their bases on X */
  double                point[2];
} BsPlotArtist;

BsPlotArtist *bs_plot_artist_new          (BsPlotArtistKind     kind);
void          bs_plot_artist_free         (BsPlotArtist        *artist);
BsPlotArtist *bs_plot_artist_copy         (const BsPlotArtist  *artist);
/* The data range along X (AXIS 0) or Y (1); only positive values when LOG. FALSE when
 * the artist has none (axvline has no Y extent, for instance). */
gboolean      bs_plot_artist_data_limits  (const BsPlotArtist  *artist,
                                           int                  axis,
                                           gboolean             log,
                                           double              *lo,
                                           double              *hi);
/* Values that autoscaling's margins must not pass (bars' bases, an image's edges). */
void          bs_plot_artist_sticky_edges (const BsPlotArtist  *artist,
                                           int                  axis,
                                           GArray              *edges);
/* The colour of point I of a scatter, of a colormapped VALUE. */
BsPlotColor   bs_plot_artist_point_color  (const BsPlotArtist  *artist,
                                           guint                i);
BsPlotColor   bs_plot_artist_map_value    (const BsPlotArtist  *artist,
                                           double               value);

/* numpy.histogram: NBINS equal bins over RANGE (or the data's), or the given EDGES;
 * DENSITY divides by the total times the bin width. */
gboolean      bs_plot_histogram           (const double        *data,
                                           gsize                n,
                                           int                  nbins,
                                           const double        *edges,
                                           gsize                n_edges,
                                           double               range_lo,
                                           double               range_hi,
                                           gboolean             density,
                                           GArray             **counts,
                                           GArray             **bin_edges,
                                           GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPlotArtist, bs_plot_artist_free)

G_END_DECLS
