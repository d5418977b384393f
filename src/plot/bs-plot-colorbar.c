/* bs-plot-colorbar.c: the bar beside an axes showing a colormap's values (colorbar())
 *
 * The colours run from the norm's vmin at the bottom to vmax at the top, in 256 steps as
 * matplotlib's colormaps have, or in the bands of a filled contour; the ticks and their
 * labels are on the right, placed and written as on any axis.
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"
#include "bs-plot-ticker.h"

#include <math.h>

#define FONT_PT     10.0
#define TICK_PT     3.5
#define TICK_PAD_PT 3.5
#define STEPS       256

typedef struct {
  GArray    *ticks;    /* visible, doubles */
  GPtrArray *labels;
  char      *offset;
} Ticks;

static void
compute_ticks (BsPlotPainter      *painter,
               const BsPlotArtist *artist,
               const BsPlotRect   *bar,
               Ticks              *t)
{
  double lo = artist->vmin, hi = artist->vmax;
  int space = bs_plot_ticker_tick_space (bar->height / painter->px_per_pt, FONT_PT, FALSE);
  g_autoptr(GArray) locs = bs_plot_ticker_linear (lo, hi, CLAMP (space, 1, 9), 2);
  BsPlotTickFormat format;
  double tol = 1e-10 * fabs (hi - lo);

  bs_plot_tick_format_init (&format, (const double *) locs->data, locs->len, lo, hi);
  t->ticks = g_array_new (FALSE, FALSE, sizeof (double));
  t->labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < locs->len; i++)
    {
      double v = g_array_index (locs, double, i);
      if (v < MIN (lo, hi) - tol || v > MAX (lo, hi) + tol)
        continue;
      g_array_append_val (t->ticks, v);
      g_ptr_array_add (t->labels, bs_plot_tick_format_label (&format, v));
    }
  t->offset = bs_plot_tick_format_offset (&format);
}

static void
ticks_clear (Ticks *t)
{
  g_clear_pointer (&t->ticks, g_array_unref);
  g_clear_pointer (&t->labels, g_ptr_array_unref);
  g_clear_pointer (&t->offset, g_free);
}

static double
y_of (const BsPlotArtist *artist,
      const BsPlotRect   *bar,
      double              v)
{
  double span = artist->vmax - artist->vmin;

  return bar->y + bar->height * (1.0 - (span != 0 ? (v - artist->vmin) / span : 0.5));
}

double
bs_plot_colorbar_reach (BsPlotPainter    *painter,
                        BsPlotAxes       *axes,
                        const BsPlotRect *bar)
{
  const BsPlotArtist *artist = g_ptr_array_index (axes->artists, axes->colorbar);
  Ticks t = { 0 };
  double widest = 0;

  compute_ticks (painter, artist, bar, &t);
  for (guint i = 0; i < t.labels->len; i++)
    {
      double w, h;
      bs_plot_painter_measure (painter, g_ptr_array_index (t.labels, i), FALSE, FONT_PT, &w, &h);
      widest = MAX (widest, w);
    }
  ticks_clear (&t);
  return (TICK_PT + TICK_PAD_PT) * painter->px_per_pt + widest;
}

void
bs_plot_colorbar_draw (BsPlotPainter    *painter,
                       BsPlotAxes       *axes,
                       const BsPlotRect *bar)
{
  static const BsPlotColor black = { 0, 0, 0, 1 };
  const BsPlotArtist *artist = g_ptr_array_index (axes->artists, axes->colorbar);
  cairo_t *cr = painter->cr;
  double pt = painter->px_per_pt;
  Ticks t = { 0 };

  cairo_save (cr);
  if (artist->kind == BS_PLOT_ARTIST_CONTOUR && artist->filled)
    for (guint i = 0; i + 1 < artist->levels->len; i++)
      {
        double a = g_array_index (artist->levels, double, i);
        double b = g_array_index (artist->levels, double, i + 1);
        BsPlotColor color = bs_plot_artist_map_value (artist, (a + b) / 2);
        double y0 = y_of (artist, bar, a), y1 = y_of (artist, bar, b);

        cairo_rectangle (cr, bar->x, MIN (y0, y1), bar->width, fabs (y1 - y0));
        bs_plot_painter_set_color (painter, &color, 1.0);
        cairo_fill (cr);
      }
  else
    {
      /* the steps as an image one pixel wide, scaled up without smoothing: no seams */
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, STEPS);
      int stride = cairo_image_surface_get_stride (image);
      guchar *data;

      cairo_surface_flush (image);
      data = cairo_image_surface_get_data (image);
      for (int i = 0; data != NULL && i < STEPS; i++)
        {
          double v = artist->vmin + (artist->vmax - artist->vmin) * (i + 0.5) / STEPS;
          BsPlotColor color = bs_plot_artist_map_value (artist, v);

          *(guint32 *) (data + (gsize) (STEPS - 1 - i) * stride) =
            ((guint32) lround (color.r * 255) << 16) | ((guint32) lround (color.g * 255) << 8)
            | (guint32) lround (color.b * 255);
        }
      cairo_surface_mark_dirty (image);
      cairo_save (cr);
      cairo_rectangle (cr, bar->x, bar->y, bar->width, bar->height);
      cairo_clip (cr);
      cairo_translate (cr, bar->x, bar->y);
      cairo_scale (cr, bar->width, bar->height / STEPS);
      cairo_set_source_surface (cr, image, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_surface_destroy (image);
    }

  bs_plot_painter_set_line (painter, 0.8, BS_PLOT_LINESTYLE_SOLID);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  bs_plot_painter_set_color (painter, &black, 1.0);
  cairo_rectangle (cr, bar->x, bar->y, bar->width, bar->height);
  cairo_stroke (cr);

  compute_ticks (painter, artist, bar, &t);
  bs_plot_painter_set_line (painter, 0.8, BS_PLOT_LINESTYLE_SOLID);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = 0; i < t.ticks->len; i++)
    {
      double y = y_of (artist, bar, g_array_index (t.ticks, double, i));
      cairo_move_to (cr, bar->x + bar->width, y);
      cairo_line_to (cr, bar->x + bar->width + TICK_PT * pt, y);
    }
  cairo_stroke (cr);
  for (guint i = 0; i < t.ticks->len; i++)
    bs_plot_painter_text (painter, g_ptr_array_index (t.labels, i), FALSE, FONT_PT,
                          bar->x + bar->width + (TICK_PT + TICK_PAD_PT) * pt,
                          y_of (artist, bar, g_array_index (t.ticks, double, i)),
                          BS_PLOT_ALIGN_START, BS_PLOT_ALIGN_CENTER_BASELINE, FALSE, &black);
  if (t.offset[0] != '\0')
    bs_plot_painter_text (painter, t.offset, FALSE, FONT_PT, bar->x + bar->width,
                          bar->y - 3.0 * pt, BS_PLOT_ALIGN_START, BS_PLOT_ALIGN_END, FALSE,
                          &black);
  ticks_clear (&t);
  cairo_restore (cr);
}
