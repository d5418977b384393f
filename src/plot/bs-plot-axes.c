/* bs-plot-axes.c: one axes of a figure: artists, labels, limits */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-axes.h"
#include "bs-plot-ticker.h"

#include <math.h>
#include <string.h>

/* matplotlib's rcParams defaults */
#define LINE_WIDTH      1.5   /* lines.linewidth, and scatter's edges */
#define PATCH_LINE_WIDTH 1.0  /* patch.linewidth: bars' edges when given a colour */
#define MARKER_SIZE     6.0   /* lines.markersize */
#define AXES_MARGIN     0.05  /* axes.xmargin, axes.ymargin */
#define BAR_WIDTH       0.8

BsPlotAxes *
bs_plot_axes_new (BsPlotFigure *figure,
                  int           nrows,
                  int           ncols,
                  int           index)
{
  BsPlotAxes *axes = g_new0 (BsPlotAxes, 1);

  axes->figure = figure;
  axes->artists = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_artist_free);
  axes->nrows = nrows;
  axes->ncols = ncols;
  axes->index = index;
  axes->legend = BS_PLOT_LEGEND_NONE;
  axes->aspect = NAN;
  axes->axis_on = TRUE;
  axes->colorbar = -1;
  axes->title_size = NAN;
  axes->legend_size = NAN;
  for (int i = 0; i < 2; i++)
    {
      axes->axis[i].lim_lo = NAN;
      axes->axis[i].lim_hi = NAN;
      axes->axis[i].label_size = NAN;
      axes->axis[i].margin = AXES_MARGIN;
    }
  return axes;
}

void
bs_plot_axes_free (BsPlotAxes *axes)
{
  if (axes == NULL)
    return;
  g_ptr_array_unref (axes->artists);
  g_free (axes->title);
  for (int i = 0; i < 2; i++)
    {
      g_free (axes->axis[i].label);
      g_clear_pointer (&axes->axis[i].ticks, g_array_unref);
      g_clear_pointer (&axes->axis[i].tick_labels, g_ptr_array_unref);
    }
  g_free (axes);
}

BsPlotAxes *
bs_plot_axes_copy (const BsPlotAxes *axes,
                   BsPlotFigure     *figure)
{
  BsPlotAxes *copy = g_new (BsPlotAxes, 1);

  *copy = *axes;
  copy->figure = figure;
  copy->artists = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_artist_free);
  for (guint i = 0; i < axes->artists->len; i++)
    g_ptr_array_add (copy->artists, bs_plot_artist_copy (g_ptr_array_index (axes->artists, i)));
  copy->title = g_strdup (axes->title);
  for (int i = 0; i < 2; i++)
    {
      const BsPlotAxis *a = &axes->axis[i];
      copy->axis[i].label = g_strdup (a->label);
      copy->axis[i].ticks = a->ticks ? g_array_copy (a->ticks) : NULL;
      copy->axis[i].tick_labels = NULL;
      if (a->tick_labels != NULL)
        {
          copy->axis[i].tick_labels = g_ptr_array_new_with_free_func (g_free);
          for (guint k = 0; k < a->tick_labels->len; k++)
            g_ptr_array_add (copy->axis[i].tick_labels,
                             g_strdup (g_ptr_array_index (a->tick_labels, k)));
        }
    }
  return copy;
}

static GArray *
doubles (const double *values,
         gsize         n)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (double), n);

  if (n > 0)
    g_array_append_vals (a, values, n);
  return a;
}

/* N values from an array of 1 or N (0: FALLBACK) */
static GArray *
broadcast (const double *values,
           gsize         n_values,
           gsize         n,
           double        fallback)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (double), n);

  for (gsize i = 0; i < n; i++)
    {
      double v = n_values == 0 ? fallback : values[n_values == 1 ? 0 : i];
      g_array_append_val (a, v);
    }
  return a;
}

/* The style given, its unset parts from matplotlib's defaults; PATCH takes the colour
 * from the patch cycle instead of the line cycle. */
static BsPlotArtist *
add_artist (BsPlotAxes        *axes,
            BsPlotArtistKind   kind,
            const BsPlotStyle *style,
            gboolean           patch,
            double             zorder)
{
  BsPlotArtist *artist = bs_plot_artist_new (kind);
  BsPlotStyle *s = &artist->style;

  if (style != NULL)
    bs_plot_style_copy (s, style);
  if (!s->color_set)
    {
      if (kind == BS_PLOT_ARTIST_HLINE || kind == BS_PLOT_ARTIST_VLINE)
        s->color = bs_plot_color_cycle (0);  /* lines.color 'C0', the cycle untouched */
      else if (patch)
        s->color = bs_plot_color_cycle (axes->patch_cycle++);
      else
        s->color = bs_plot_color_cycle (axes->line_cycle++);
      s->color_set = TRUE;
    }
  if (s->linestyle == BS_PLOT_LINESTYLE_UNSET)
    s->linestyle = BS_PLOT_LINESTYLE_SOLID;
  if (s->marker == BS_PLOT_MARKER_UNSET)
    s->marker = BS_PLOT_MARKER_NONE;
  if (isnan (s->linewidth))
    s->linewidth = kind == BS_PLOT_ARTIST_BARS || kind == BS_PLOT_ARTIST_FILL
                   ? PATCH_LINE_WIDTH : LINE_WIDTH;
  if (isnan (s->markersize))
    s->markersize = MARKER_SIZE;
  if (isnan (s->zorder))
    s->zorder = zorder;
  g_ptr_array_add (axes->artists, artist);
  return artist;
}

BsPlotArtist *
bs_plot_axes_plot (BsPlotAxes        *axes,
                   const double      *x,
                   const double      *y,
                   gsize              n,
                   const BsPlotStyle *style)
{
  BsPlotArtist *artist = add_artist (axes, BS_PLOT_ARTIST_LINE, style, FALSE, 2);

  artist->y = doubles (y, n);
  if (x != NULL)
    artist->x = doubles (x, n);
  else
    {
      artist->x = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
      for (gsize i = 0; i < n; i++)
        {
          double v = i;
          g_array_append_val (artist->x, v);
        }
    }
  return artist;
}

static gboolean
set_colormap (BsPlotArtist *artist,
              const char   *cmap,
              GError      **error)
{
  artist->cmap = bs_plot_colormap_lookup (cmap ? cmap : "viridis", &artist->cmap_reversed,
                                          error);
  return artist->cmap != NULL;
}

/* The norm's range: what was given, the data's range for the rest. */
static void
autoscale_norm (BsPlotArtist *artist,
                const double *values,
                gsize         n,
                gsize         stride,
                double        vmin,
                double        vmax)
{
  double lo = INFINITY, hi = -INFINITY;

  for (gsize i = 0; i < n; i += stride)
    if (isfinite (values[i]))
      {
        lo = MIN (lo, values[i]);
        hi = MAX (hi, values[i]);
      }
  artist->vmin = isnan (vmin) ? lo : vmin;
  artist->vmax = isnan (vmax) ? hi : vmax;
}

BsPlotArtist *
bs_plot_axes_scatter (BsPlotAxes        *axes,
                      const double      *x,
                      const double      *y,
                      gsize              n,
                      const double      *sizes,
                      gsize              n_sizes,
                      const double      *c,
                      const BsPlotColor *colors,
                      const char        *cmap,
                      double             vmin,
                      double             vmax,
                      const BsPlotStyle *style,
                      GError           **error)
{
  g_autoptr(BsPlotArtist) artist = bs_plot_artist_new (BS_PLOT_ARTIST_SCATTER);
  BsPlotArtist *added;

  if (n_sizes > 1 && n_sizes != n)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                   "s must be a scalar, or float array-like with the same size as x and y");
      return NULL;
    }
  if (c != NULL && !set_colormap (artist, cmap, error))
    return NULL;

  /* Scatter markers are drawn with a 1.5 pt edge of the face colour; the colour comes
   * from the patch cycle unless C or COLORS give one. */
  added = add_artist (axes, BS_PLOT_ARTIST_SCATTER, style,
                      TRUE, 1);
  if ((c != NULL || colors != NULL) && (style == NULL || !style->color_set))
    axes->patch_cycle--;
  if (added->style.marker == BS_PLOT_MARKER_NONE)
    added->style.marker = 'o';
  added->x = doubles (x, n);
  added->y = doubles (y, n);
  added->w = broadcast (sizes, n_sizes, n, MARKER_SIZE * MARKER_SIZE);
  if (c != NULL)
    {
      added->cmap = artist->cmap;
      added->cmap_reversed = artist->cmap_reversed;
      added->values = doubles (c, n);
      autoscale_norm (added, c, n, 1, vmin, vmax);
    }
  else if (colors != NULL)
    {
      added->colors = g_array_sized_new (FALSE, FALSE, sizeof (BsPlotColor), n);
      g_array_append_vals (added->colors, colors, n);
    }
  return added;
}

BsPlotArtist *
bs_plot_axes_bar (BsPlotAxes        *axes,
                  const double      *x,
                  const double      *heights,
                  gsize              n,
                  const double      *widths,
                  gsize              n_widths,
                  const double      *bottoms,
                  gsize              n_bottoms,
                  gboolean           align_edge,
                  const BsPlotStyle *style)
{
  BsPlotArtist *artist = add_artist (axes, BS_PLOT_ARTIST_BARS, style, TRUE, 1);

  artist->w = broadcast (widths, n_widths, n, BAR_WIDTH);
  artist->y = broadcast (bottoms, n_bottoms, n, 0.0);
  artist->h = doubles (heights, n);
  artist->x = doubles (x, n);
  if (!align_edge)
    for (gsize i = 0; i < n; i++)
      g_array_index (artist->x, double, i) -= g_array_index (artist->w, double, i) / 2;
  return artist;
}

BsPlotArtist *
bs_plot_axes_barh (BsPlotAxes        *axes,
                   const double      *y,
                   const double      *widths,
                   gsize              n,
                   const double      *heights,
                   gsize              n_heights,
                   const double      *lefts,
                   gsize              n_lefts,
                   gboolean           align_edge,
                   const BsPlotStyle *style)
{
  BsPlotArtist *artist = add_artist (axes, BS_PLOT_ARTIST_BARS, style, TRUE, 1);

  artist->horizontal = TRUE;
  artist->h = broadcast (heights, n_heights, n, BAR_WIDTH);
  artist->x = broadcast (lefts, n_lefts, n, 0.0);
  artist->w = doubles (widths, n);
  artist->y = doubles (y, n);
  if (!align_edge)
    for (gsize i = 0; i < n; i++)
      g_array_index (artist->y, double, i) -= g_array_index (artist->h, double, i) / 2;
  return artist;
}

BsPlotArtist *
bs_plot_axes_hist (BsPlotAxes        *axes,
                   const double      *data,
                   gsize              n,
                   int                nbins,
                   const double      *edges,
                   gsize              n_edges,
                   double             range_lo,
                   double             range_hi,
                   gboolean           density,
                   const BsPlotStyle *style,
                   GArray           **counts,
                   GArray           **bin_edges,
                   GError           **error)
{
  g_autoptr(GArray) c = NULL;
  g_autoptr(GArray) e = NULL;
  g_autoptr(GArray) widths = NULL;
  BsPlotArtist *artist;

  if (!bs_plot_histogram (data, n, nbins, edges, n_edges, range_lo, range_hi, density,
                          &c, &e, error))
    return NULL;
  widths = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i + 1 < e->len; i++)
    {
      double w = g_array_index (e, double, i + 1) - g_array_index (e, double, i);
      g_array_append_val (widths, w);
    }
  artist = bs_plot_axes_bar (axes, (const double *) e->data, (const double *) c->data,
                             c->len, (const double *) widths->data, widths->len, NULL, 0,
                             TRUE, style);
  if (counts != NULL)
    *counts = g_steal_pointer (&c);
  if (bin_edges != NULL)
    *bin_edges = g_steal_pointer (&e);
  return artist;
}

BsPlotArtist *
bs_plot_axes_imshow (BsPlotAxes        *axes,
                     const double      *values,
                     guint              rows,
                     guint              cols,
                     guint              channels,
                     const char        *cmap,
                     double             vmin,
                     double             vmax,
                     double             aspect,
                     gboolean           origin_lower,
                     const double      *extent,
                     gboolean           smooth,
                     const BsPlotStyle *style,
                     GError           **error)
{
  g_autoptr(BsPlotArtist) artist = bs_plot_artist_new (BS_PLOT_ARTIST_IMAGE);
  BsPlotArtist *added;

  if (channels != 1 && channels != 3 && channels != 4)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_TYPE,
                   "Invalid shape (%u, %u, %u) for image data", rows, cols, channels);
      return NULL;
    }
  if (channels == 1 && !set_colormap (artist, cmap, error))
    return NULL;

  added = add_artist (axes, BS_PLOT_ARTIST_IMAGE, style, FALSE, 0);
  axes->line_cycle--;  /* an image takes no colour from the cycle */
  added->cmap = artist->cmap;
  added->cmap_reversed = artist->cmap_reversed;
  added->rows = rows;
  added->cols = cols;
  added->channels = channels;
  added->smooth = smooth;
  added->values = doubles (values, (gsize) rows * cols * channels);
  if (channels == 1)
    autoscale_norm (added, values, (gsize) rows * cols, 1, vmin, vmax);
  if (extent != NULL)
    memcpy (added->extent, extent, sizeof added->extent);
  else
    {
      added->extent[0] = -0.5;
      added->extent[1] = cols - 0.5;
      added->extent[2] = origin_lower ? -0.5 : rows - 0.5;
      added->extent[3] = origin_lower ? rows - 0.5 : -0.5;
    }
  /* An extent whose bottom is above its top (origin='upper''s default) turns the Y
   * axis downwards, as set_extent does. */
  axes->axis[1].inverted = added->extent[2] > added->extent[3];
  added->origin_lower = origin_lower;
  axes->aspect = aspect;
  return added;
}

BsPlotArtist *
bs_plot_axes_axline (BsPlotAxes        *axes,
                     gboolean           vertical,
                     double             value,
                     double             span_lo,
                     double             span_hi,
                     const BsPlotStyle *style)
{
  BsPlotArtist *artist = add_artist (axes, vertical ? BS_PLOT_ARTIST_VLINE : BS_PLOT_ARTIST_HLINE,
                                     style, FALSE, 2);

  artist->value = value;
  artist->span_lo = span_lo;
  artist->span_hi = span_hi;
  return artist;
}

BsPlotArtist *
bs_plot_axes_fill_between (BsPlotAxes        *axes,
                           const double      *x,
                           const double      *y1,
                           const double      *y2,
                           gsize              n,
                           const BsPlotStyle *style)
{
  BsPlotArtist *artist = add_artist (axes, BS_PLOT_ARTIST_FILL, style, TRUE, 1);

  artist->x = doubles (x, n);
  artist->y = doubles (y1, n);
  artist->h = doubles (y2, n);
  return artist;
}

BsPlotArtist *
bs_plot_axes_contour (BsPlotAxes        *axes,
                      const double      *x,
                      const double      *y,
                      const double      *z,
                      guint              rows,
                      guint              cols,
                      int                nlevels,
                      const double      *levels,
                      gsize              n_levels,
                      gboolean           filled,
                      const char        *cmap,
                      const BsPlotStyle *style,
                      GError           **error)
{
  g_autoptr(BsPlotArtist) artist = bs_plot_artist_new (BS_PLOT_ARTIST_CONTOUR);
  g_autoptr(GArray) lev = NULL;
  double zmin = INFINITY, zmax = -INFINITY;
  BsPlotArtist *added;

  if (rows < 2 || cols < 2)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_TYPE,
                   "Input z must be at least a (2, 2) shaped array, but has shape (%u, %u)",
                   rows, cols);
      return NULL;
    }
  if (!set_colormap (artist, cmap, error))
    return NULL;
  for (gsize i = 0; i < (gsize) rows * cols; i++)
    if (isfinite (z[i]))
      {
        zmin = MIN (zmin, z[i]);
        zmax = MAX (zmax, z[i]);
      }

  if (levels != NULL)
    {
      if (filled && n_levels < 2)
        {
          g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                       "Filled contours require at least 2 levels.");
          return NULL;
        }
      lev = doubles (levels, n_levels);
    }
  else
    {
      /* ContourSet._autolev: MaxNLocator's levels with its default steps, trimmed to
       * one beyond the data */
      static const double steps[] = { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };
      g_autoptr(GArray) ticks = bs_plot_ticker_max_n (zmin, zmax, nlevels + 1, 1,
                                                      steps, G_N_ELEMENTS (steps));
      int i0 = 0, i1 = (int) ticks->len;

      for (int i = 0; i < (int) ticks->len; i++)
        if (g_array_index (ticks, double, i) < zmin)
          i0 = i;
      for (int i = (int) ticks->len; i-- > 0;)
        if (g_array_index (ticks, double, i) > zmax)
          i1 = i + 1;
      if (i1 - i0 < 3)
        {
          i0 = 0;
          i1 = ticks->len;
        }
      lev = doubles ((const double *) ticks->data + i0, i1 - i0);
    }

  added = add_artist (axes, BS_PLOT_ARTIST_CONTOUR, style, FALSE, filled ? 1 : 2);
  if (style == NULL || !style->color_set)
    {
      axes->line_cycle--;
      added->style.color_set = FALSE;  /* colours from the colormap */
    }
  added->cmap = artist->cmap;
  added->cmap_reversed = artist->cmap_reversed;
  added->rows = rows;
  added->cols = cols;
  added->filled = filled;
  added->x = doubles (x, cols);
  added->y = doubles (y, rows);
  added->values = doubles (z, (gsize) rows * cols);
  added->vmin = g_array_index (lev, double, 0);
  added->vmax = g_array_index (lev, double, lev->len - 1);
  added->levels = g_steal_pointer (&lev);
  return added;
}

BsPlotArtist *
bs_plot_axes_text (BsPlotAxes        *axes,
                   double             x,
                   double             y,
                   const char        *text,
                   double             size_pt,
                   BsPlotTextAlign    halign,
                   BsPlotTextAlign    valign,
                   gboolean           rotated,
                   double             offset_x,
                   double             offset_y,
                   const BsPlotStyle *style)
{
  BsPlotArtist *artist = bs_plot_artist_new (BS_PLOT_ARTIST_TEXT);

  if (style != NULL)
    bs_plot_style_copy (&artist->style, style);
  if (!artist->style.color_set)
    artist->style.color = bs_plot_color_rgba (0, 0, 0, 1);  /* text.color */
  artist->style.color_set = TRUE;
  if (isnan (artist->style.zorder))
    artist->style.zorder = 3;
  artist->value = x;
  artist->span_lo = y;
  artist->text = g_strdup (text);
  artist->fontsize = size_pt;
  artist->halign = halign;
  artist->valign = valign;
  artist->rotated = rotated;
  artist->offset[0] = offset_x;
  artist->offset[1] = offset_y;
  g_ptr_array_add (axes->artists, artist);
  return artist;
}

void
bs_plot_axes_clear (BsPlotAxes *axes)
{
  BsPlotAxes *fresh = bs_plot_axes_new (axes->figure, axes->nrows, axes->ncols, axes->index);
  BsPlotAxes old = *axes;

  /* matplotlib's cla() keeps the aspect; the rest is as new */
  fresh->aspect = axes->aspect;
  fresh->aspect_datalim = axes->aspect_datalim;
  *axes = *fresh;
  *fresh = old;
  bs_plot_axes_free (fresh);
}

void
bs_plot_axes_set_axis_on (BsPlotAxes *axes,
                          gboolean    on)
{
  axes->axis_on = on;
}

void
bs_plot_axes_set_aspect (BsPlotAxes *axes,
                         double      aspect,
                         gboolean    datalim)
{
  axes->aspect = aspect;
  axes->aspect_datalim = datalim;
}

void
bs_plot_axes_freeze_limits (BsPlotAxes *axes)
{
  for (int a = 0; a < 2; a++)
    {
      double lo, hi;

      bs_plot_axes_get_view (axes, a, &lo, &hi);
      bs_plot_axes_set_limits (axes, a, lo, hi);
    }
}

static void
set_bound (double  view[2],
           double  lo,
           double  hi)
{
  /* set_xbound keeps the axis' direction */
  gboolean inverted = view[0] > view[1];

  view[0] = inverted ? hi : lo;
  view[1] = inverted ? lo : hi;
}

void
bs_plot_axes_apply_datalim (BsPlotAxes *axes,
                            double      box_width,
                            double      box_height,
                            double    (*view)[2])
{
  double xmin = MIN (view[0][0], view[0][1]), xmax = MAX (view[0][0], view[0][1]);
  double ymin = MIN (view[1][0], view[1][1]), ymax = MAX (view[1][0], view[1][1]);
  double xsize = MAX (fabs (xmax - xmin), 1e-30), ysize = MAX (fabs (ymax - ymin), 1e-30);
  double data_ratio, y_expander, dl[2][2], xr, yr, xmarg, ymarg, Xsize, Ysize, Xmarg, Ymarg;
  gboolean adjust_y;

  if (isnan (axes->aspect) || !(axes->aspect > 0) || box_width <= 0
      || axes->axis[0].scale != BS_PLOT_SCALE_LINEAR
      || axes->axis[1].scale != BS_PLOT_SCALE_LINEAR)
    return;
  data_ratio = box_height / box_width / axes->aspect;
  y_expander = data_ratio * xsize / ysize - 1;
  if (fabs (y_expander) < 0.005)
    return;
  /* the data's own limits (an empty dataLim is [inf, -inf]) */
  for (int a = 0; a < 2; a++)
    {
      dl[a][0] = INFINITY;
      dl[a][1] = -INFINITY;
      for (guint i = 0; i < axes->artists->len; i++)
        {
          double lo, hi;
          if (bs_plot_artist_data_limits (g_ptr_array_index (axes->artists, i), a, FALSE,
                                          &lo, &hi))
            {
              dl[a][0] = MIN (dl[a][0], lo);
              dl[a][1] = MAX (dl[a][1], hi);
            }
        }
    }
  xr = 1.05 * (dl[0][1] - dl[0][0]);
  yr = 1.05 * (dl[1][1] - dl[1][0]);
  xmarg = xsize - xr;
  ymarg = ysize - yr;
  Ysize = data_ratio * xsize;
  Xsize = ysize / data_ratio;
  Xmarg = Xsize - xr;
  Ymarg = Ysize - yr;
  if (xmarg > 0 && ymarg > 0)
    adjust_y = (Ymarg > 0 && y_expander < 0) || (Xmarg < 0 && y_expander > 0);
  else
    adjust_y = y_expander > 0;
  if (adjust_y)
    {
      double yc = 0.5 * (ymin + ymax);
      set_bound (view[1], yc - Ysize / 2.0, yc + Ysize / 2.0);
    }
  else
    {
      double xc = 0.5 * (xmin + xmax);
      set_bound (view[0], xc - Xsize / 2.0, xc + Xsize / 2.0);
    }
}

void
bs_plot_axes_set_title (BsPlotAxes *axes,
                        const char *title)
{
  g_free (axes->title);
  axes->title = g_strdup (title);
}

void
bs_plot_axes_set_label (BsPlotAxes *axes,
                        int         axis,
                        const char *label)
{
  g_free (axes->axis[axis].label);
  axes->axis[axis].label = g_strdup (label);
}

void
bs_plot_axes_set_text_size (BsPlotAxes *axes,
                            int         axis,
                            double      size_pt)
{
  if (axis < 0)
    axes->title_size = size_pt;
  else if (axis == 2)
    axes->legend_size = size_pt;
  else
    axes->axis[axis].label_size = size_pt;
}

void
bs_plot_axes_set_limits (BsPlotAxes *axes,
                         int         axis,
                         double      lo,
                         double      hi)
{
  BsPlotAxis *a = &axes->axis[axis];

  if (!isnan (lo))
    a->lim_lo = lo;
  if (!isnan (hi))
    a->lim_hi = hi;
  a->inverted = FALSE;
}

void
bs_plot_axes_set_scale (BsPlotAxes *axes,
                        int         axis,
                        BsPlotScale scale)
{
  axes->axis[axis].scale = scale;
}

void
bs_plot_axes_set_grid (BsPlotAxes *axes,
                       int         axis,
                       gboolean    visible)
{
  axes->axis[axis].grid = visible;
}

void
bs_plot_axes_set_ticks (BsPlotAxes         *axes,
                        int                 axis,
                        const double       *ticks,
                        gsize               n_ticks,
                        const char * const *labels)
{
  BsPlotAxis *a = &axes->axis[axis];

  g_clear_pointer (&a->ticks, g_array_unref);
  g_clear_pointer (&a->tick_labels, g_ptr_array_unref);
  a->ticks = doubles (ticks, n_ticks);
  if (labels != NULL)
    {
      a->tick_labels = g_ptr_array_new_with_free_func (g_free);
      for (gsize i = 0; i < n_ticks; i++)
        g_ptr_array_add (a->tick_labels, g_strdup (labels[i]));
    }
}

gboolean
bs_plot_axes_add_colorbar (BsPlotAxes         *axes,
                           const BsPlotArtist *artist)
{
  for (guint i = axes->artists->len; i-- > 0;)
    {
      const BsPlotArtist *a = g_ptr_array_index (axes->artists, i);
      if ((artist == NULL || a == artist) && a->cmap != NULL
          && (a->kind != BS_PLOT_ARTIST_SCATTER || a->values != NULL))
        {
          axes->colorbar = (int) i;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
bs_plot_axes_set_legend (BsPlotAxes     *axes,
                         BsPlotLegendLoc loc)
{
  for (guint i = 0; i < axes->artists->len; i++)
    {
      BsPlotArtist *artist = g_ptr_array_index (axes->artists, i);
      if (artist->style.label != NULL && artist->style.label[0] != '_')
        {
          axes->legend = loc;
          return TRUE;
        }
    }
  axes->legend = BS_PLOT_LEGEND_NONE;
  return FALSE;
}

static double
to_scale (BsPlotScale scale,
          double      v)
{
  return scale == BS_PLOT_SCALE_LOG ? log10 (v) : v;
}

static double
from_scale (BsPlotScale scale,
            double      v)
{
  return scale == BS_PLOT_SCALE_LOG ? pow (10, v) : v;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Axes.autoscale_view for one axis */
static void
autoscale (BsPlotAxes *axes,
           int         axis,
           double     *view_lo,
           double     *view_hi)
{
  BsPlotAxis *a = &axes->axis[axis];
  gboolean log = a->scale == BS_PLOT_SCALE_LOG;
  g_autoptr(GArray) stickies = g_array_new (FALSE, FALSE, sizeof (double));
  double x0 = INFINITY, x1 = -INFINITY, tol, x0bound = -INFINITY, x1bound = INFINITY;
  double t0, t1, delta;

  for (guint i = 0; i < axes->artists->len; i++)
    {
      BsPlotArtist *artist = g_ptr_array_index (axes->artists, i);
      double lo, hi;

      if (bs_plot_artist_data_limits (artist, axis, log, &lo, &hi))
        {
          x0 = MIN (x0, lo);
          x1 = MAX (x1, hi);
        }
      bs_plot_artist_sticky_edges (artist, axis, stickies);
    }
  if (x0 > x1)
    {
      /* nothing drawn: matplotlib's initial view */
      *view_lo = log ? 1 : 0;
      *view_hi = log ? 10 : 1;
      return;
    }
  if (x0 == x1)
    {
      /* Locator.nonsingular */
      if (log)
        {
          x0 = pow (10, floor (log10 (x0)) - (log10 (x0) == floor (log10 (x0))));
          x1 = pow (10, ceil (log10 (x1)) + (log10 (x1) == ceil (log10 (x1))));
        }
      else if (x0 == 0)
        {
          x0 = -0.05;
          x1 = 0.05;
        }
      else
        {
          x0 -= 0.05 * fabs (x0);
          x1 += 0.05 * fabs (x1);
        }
    }

  g_array_sort (stickies, compare_doubles);
  tol = 1e-5 * MAX (MAX (fabs (x0), fabs (x1)), fabs (x1 - x0));
  for (guint i = 0; i < stickies->len; i++)
    {
      double s = g_array_index (stickies, double, i);
      if (s < x0 + tol)
        x0bound = s;
      if (s >= x1 - tol && x1bound == INFINITY)
        x1bound = s;
    }
  t0 = to_scale (a->scale, x0);
  t1 = to_scale (a->scale, x1);
  delta = (t1 - t0) * a->margin;
  if (!isfinite (delta))
    delta = 0;
  *view_lo = MAX (from_scale (a->scale, t0 - delta), x0bound);
  *view_hi = MIN (from_scale (a->scale, t1 + delta), x1bound);
}

void
bs_plot_axes_get_view (BsPlotAxes *axes,
                       int         axis,
                       double     *view_lo,
                       double     *view_hi)
{
  BsPlotAxis *a = &axes->axis[axis];
  double lo = a->lim_lo, hi = a->lim_hi;

  if (isnan (lo) || isnan (hi))
    {
      double auto_lo, auto_hi;
      autoscale (axes, axis, &auto_lo, &auto_hi);
      if (a->inverted)
        {
          double t = auto_lo;
          auto_lo = auto_hi;
          auto_hi = t;
        }
      if (isnan (lo))
        lo = auto_lo;
      if (isnan (hi))
        hi = auto_hi;
    }
  if (lo == hi)
    {
      /* set_xlim(v, v) widens as nonsingular does */
      lo -= lo == 0 ? 0.05 : 0.05 * fabs (lo);
      hi += hi == 0 ? 0.05 : 0.05 * fabs (hi);
    }
  *view_lo = lo;
  *view_hi = hi;
}
