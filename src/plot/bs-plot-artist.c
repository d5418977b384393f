/* bs-plot-artist.c: what an axes draws */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-artist.h"

#include <math.h>

BsPlotArtist *
bs_plot_artist_new (BsPlotArtistKind kind)
{
  BsPlotArtist *artist = g_new0 (BsPlotArtist, 1);

  artist->kind = kind;
  bs_plot_style_init (&artist->style);
  artist->vmin = NAN;
  artist->vmax = NAN;
  return artist;
}

void
bs_plot_artist_free (BsPlotArtist *artist)
{
  if (artist == NULL)
    return;
  bs_plot_style_clear (&artist->style);
  g_clear_pointer (&artist->x, g_array_unref);
  g_clear_pointer (&artist->y, g_array_unref);
  g_clear_pointer (&artist->w, g_array_unref);
  g_clear_pointer (&artist->h, g_array_unref);
  g_clear_pointer (&artist->values, g_array_unref);
  g_clear_pointer (&artist->colors, g_array_unref);
  g_clear_pointer (&artist->levels, g_array_unref);
  g_free (artist->text);
  g_free (artist);
}

static GArray *
copy_array (GArray *a)
{
  return a != NULL ? g_array_copy (a) : NULL;
}

BsPlotArtist *
bs_plot_artist_copy (const BsPlotArtist *artist)
{
  BsPlotArtist *copy = g_new (BsPlotArtist, 1);

  *copy = *artist;
  bs_plot_style_copy (&copy->style, &artist->style);
  copy->x = copy_array (artist->x);
  copy->y = copy_array (artist->y);
  copy->w = copy_array (artist->w);
  copy->h = copy_array (artist->h);
  copy->values = copy_array (artist->values);
  copy->colors = copy_array (artist->colors);
  copy->levels = copy_array (artist->levels);
  copy->text = g_strdup (artist->text);
  return copy;
}

static void
include (double   v,
         gboolean log,
         double  *lo,
         double  *hi)
{
  if (!isfinite (v) || (log && v <= 0))
    return;
  *lo = MIN (*lo, v);
  *hi = MAX (*hi, v);
}

static void
include_array (GArray  *a,
               GArray  *add,
               gboolean log,
               double  *lo,
               double  *hi)
{
  if (a == NULL)
    return;
  for (guint i = 0; i < a->len; i++)
    include (g_array_index (a, double, i) + (add ? g_array_index (add, double, i) : 0),
             log, lo, hi);
}

gboolean
bs_plot_artist_data_limits (const BsPlotArtist *artist,
                            int                 axis,
                            gboolean            log,
                            double             *lo,
                            double             *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  switch (artist->kind)
    {
    case BS_PLOT_ARTIST_LINE:
    case BS_PLOT_ARTIST_SCATTER:
      /* a point counts when both its coordinates are finite */
      for (guint i = 0; i < artist->x->len; i++)
        {
          double x = g_array_index (artist->x, double, i), y = g_array_index (artist->y, double, i);
          if (isfinite (x) && isfinite (y))
            include (axis == 0 ? x : y, log, lo, hi);
        }
      break;
    case BS_PLOT_ARTIST_BARS:
      include_array (axis == 0 ? artist->x : artist->y, NULL, log, lo, hi);
      include_array (axis == 0 ? artist->x : artist->y, axis == 0 ? artist->w : artist->h,
                     log, lo, hi);
      break;
    case BS_PLOT_ARTIST_IMAGE:
      include (artist->extent[axis * 2], log, lo, hi);
      include (artist->extent[axis * 2 + 1], log, lo, hi);
      break;
    case BS_PLOT_ARTIST_HLINE:
    case BS_PLOT_ARTIST_VLINE:
      if ((artist->kind == BS_PLOT_ARTIST_HLINE) == (axis == 1))
        include (artist->value, log, lo, hi);
      break;
    case BS_PLOT_ARTIST_FILL:
      include_array (axis == 0 ? artist->x : artist->y, NULL, log, lo, hi);
      if (axis == 1)
        include_array (artist->h, NULL, log, lo, hi);
      break;
    case BS_PLOT_ARTIST_CONTOUR:
      include_array (axis == 0 ? artist->x : artist->y, NULL, log, lo, hi);
      break;
    case BS_PLOT_ARTIST_TEXT:
      /* matplotlib's texts leave the data limits alone */
      break;
    default:
      g_assert_not_reached ();
    }
  return *lo <= *hi;
}

void
bs_plot_artist_sticky_edges (const BsPlotArtist *artist,
                             int                 axis,
                             GArray             *edges)
{
  if (artist->kind == BS_PLOT_ARTIST_BARS && axis == (artist->horizontal ? 0 : 1))
    g_array_append_vals (edges, (axis == 0 ? artist->x : artist->y)->data, artist->x->len);
  else if (artist->kind == BS_PLOT_ARTIST_IMAGE || artist->kind == BS_PLOT_ARTIST_CONTOUR)
    {
      double lo = INFINITY, hi = -INFINITY;
      if (bs_plot_artist_data_limits (artist, axis, FALSE, &lo, &hi))
        {
          g_array_append_val (edges, lo);
          g_array_append_val (edges, hi);
        }
    }
}

BsPlotColor
bs_plot_artist_map_value (const BsPlotArtist *artist,
                          double              value)
{
  double t = artist->vmax > artist->vmin
             ? (value - artist->vmin) / (artist->vmax - artist->vmin) : 0.0;
  BsPlotColor color;

  /* matplotlib's Normalize maps a constant array to the map's bottom colour */
  if (!isfinite (value))
    return bs_plot_color_rgba (0, 0, 0, 0);
  color = bs_plot_colormap_map (artist->cmap, artist->cmap_reversed, t);
  return color;
}

BsPlotColor
bs_plot_artist_point_color (const BsPlotArtist *artist,
                            guint               i)
{
  if (artist->values != NULL && artist->cmap != NULL)
    return bs_plot_artist_map_value (artist, g_array_index (artist->values, double, i));
  if (artist->colors != NULL)
    return g_array_index (artist->colors, BsPlotColor, i % artist->colors->len);
  return artist->style.color;
}

gboolean
bs_plot_histogram (const double *data,
                   gsize         n,
                   int           nbins,
                   const double *edges,
                   gsize         n_edges,
                   double        range_lo,
                   double        range_hi,
                   gboolean      density,
                   GArray      **counts,
                   GArray      **bin_edges,
                   GError      **error)
{
  g_autoptr(GArray) e = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) c = g_array_new (FALSE, TRUE, sizeof (double));
  double total = 0;
  guint nb;

  if (edges != NULL)
    {
      if (n_edges < 2)
        {
          g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                       "`bins` must have at least two edges");
          return FALSE;
        }
      for (gsize i = 1; i < n_edges; i++)
        if (edges[i] < edges[i - 1])
          {
            g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                         "`bins` must increase monotonically, when an array");
            return FALSE;
          }
      g_array_append_vals (e, edges, n_edges);
    }
  else
    {
      double lo = range_lo, hi = range_hi;

      if (nbins < 1)
        {
          g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                       "`bins` must be positive, when an integer");
          return FALSE;
        }
      if (isnan (lo) || isnan (hi))
        {
          lo = INFINITY;
          hi = -INFINITY;
          for (gsize i = 0; i < n; i++)
            {
              if (!isfinite (data[i]))
                {
                  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                               "autodetected range of [%s, %s] is not finite",
                               "nan", "nan");
                  return FALSE;
                }
              lo = MIN (lo, data[i]);
              hi = MAX (hi, data[i]);
            }
          if (n == 0)
            {
              lo = 0;
              hi = 1;
            }
        }
      else if (lo > hi)
        {
          g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                       "max must be larger than min in range parameter.");
          return FALSE;
        }
      if (lo == hi)
        {
          lo -= 0.5;
          hi += 0.5;
        }
      /* numpy.linspace */
      for (int i = 0; i <= nbins; i++)
        {
          double v = i == nbins ? hi : lo + i * ((hi - lo) / nbins);
          g_array_append_val (e, v);
        }
    }

  nb = e->len - 1;
  g_array_set_size (c, nb);
  for (gsize i = 0; i < n; i++)
    {
      double v = data[i];
      const double *ed = (const double *) e->data;
      guint lo = 0, hi = nb;

      if (!(v >= ed[0] && v <= ed[nb]))
        continue;
      if (v == ed[nb])
        lo = nb - 1;
      else
        while (hi - lo > 1)
          {
            guint mid = (lo + hi) / 2;
            if (v >= ed[mid])
              lo = mid;
            else
              hi = mid;
          }
      g_array_index (c, double, lo) += 1;
      total += 1;
    }
  /* numpy divides by the width, then by the total */
  if (density)
    for (guint i = 0; i < nb; i++)
      g_array_index (c, double, i) =
        g_array_index (c, double, i)
        / (g_array_index (e, double, i + 1) - g_array_index (e, double, i)) / total;

  *counts = g_steal_pointer (&c);
  *bin_edges = g_steal_pointer (&e);
  return TRUE;
}
