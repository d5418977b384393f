/* bs-pyplot-data.h: what matplotlib.pyplot's functions take, as the plot library wants it
 *
 * Arrays come as matplotlib accepts them (np.asarray): tensors, nested lists and tuples of
 * numbers and booleans, numbers. Keyword arguments of an artist (color=, ls=, lw=,
 * marker=, label=, ...) become a BsPlotStyle, with matplotlib's AttributeError for a
 * property the artist does not have.
 */
#pragma once

#include "bs-interp-private.h"
#include "bs-plot-style.h"

G_BEGIN_DECLS

#define BS_PYPLOT_MAX_DIMS 3

typedef struct {
  double *values;                       /* row-major; owned */
  int     ndim;                         /* 0 for a number */
  gsize   shape[BS_PYPLOT_MAX_DIMS];
  gsize   n;
} BsPyplotArray;

/* V as an array of at most BS_PYPLOT_MAX_DIMS dimensions; WHAT names the argument in
 * errors. A tensor that requires grad raises PyTorch's error, as numpy() does. */
gboolean bs_pyplot_array        (BsInterp        *in,
                                 BsValue          v,
                                 const char      *what,
                                 BsPyplotArray   *out);
void     bs_pyplot_array_clear  (BsPyplotArray   *array);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BsPyplotArray, bs_pyplot_array_clear)

typedef enum {
  BS_PYPLOT_LINE2D,          /* plot(), axhline(), axvline() */
  BS_PYPLOT_PATH_COLLECTION, /* scatter() */
  BS_PYPLOT_RECTANGLE,       /* bar(), hist() */
  BS_PYPLOT_POLY_COLLECTION, /* fill_between() */
  BS_PYPLOT_IMAGE,           /* imshow() */
  BS_PYPLOT_CONTOUR,         /* contour(), contourf() */
  BS_PYPLOT_LINE_COLLECTION, /* hlines(), vlines() */
} BsPyplotArtistClass;

/* The style of KWARGS (a dict, or None); every key must be a property of the class. */
gboolean bs_pyplot_style        (BsInterp            *in,
                                 BsValue              kwargs,
                                 BsPyplotArtistClass  klass,
                                 BsPlotStyle         *style);
/* A colour argument: a string or an (r, g, b[, a]) tuple of floats in [0, 1]. */
gboolean bs_pyplot_color        (BsInterp        *in,
                                 BsValue          v,
                                 const char      *what,
                                 BsPlotColor     *color);

/* cmap=: None (NULL), a colormap's name, or a colormap of matplotlib.cm (plt.cm.Spectral) */
gboolean bs_pyplot_cmap         (BsInterp        *in,
                                 BsValue          v,
                                 const char     **name);
/* matplotlib.cm: each colormap and its '_r' reverse by name (a new module) */
BsValue  bs_pyplot_cm_module_new (BsInterp       *in);

G_END_DECLS
