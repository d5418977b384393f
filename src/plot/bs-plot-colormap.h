/* bs-plot-colormap.h: matplotlib's colormaps by name (viridis, gray, ...) and '_r' reversed
 *
 * Each map is kept as 65 colours sampled evenly from matplotlib's and interpolated
 * linearly between them (within a few 1/255 of matplotlib's 256-entry tables).
 */
#pragma once

#include "bs-plot-color.h"

G_BEGIN_DECLS

typedef struct _BsPlotColormap BsPlotColormap;

/* NULL and a ValueError naming NAME and the supported names when unknown; REVERSED
 * says whether NAME ended in '_r'. */
const BsPlotColormap *bs_plot_colormap_lookup (const char            *name,
                                               gboolean              *reversed,
                                               GError               **error);
const char           *bs_plot_colormap_name   (const BsPlotColormap  *cmap);
/* The Nth colormap (from 0), or NULL past the last */
const BsPlotColormap *bs_plot_colormap_nth    (guint                  n);
/* T in [0, 1]; values outside are clipped to the ends; NaN is transparent. */
BsPlotColor           bs_plot_colormap_map    (const BsPlotColormap  *cmap,
                                               gboolean               reversed,
                                               double                 t);

G_END_DECLS
