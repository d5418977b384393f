/* bs-plot-artist-draw.c: lines, markers, bars, images, filled areas and contours */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"

#include <math.h>

#define MARKER_EDGE_PT  1.0   /* lines.markeredgewidth */

static double
px (const BsPlotFrame *frame,
    const GArray      *a,
    guint              i)
{
  return bs_plot_frame_x (frame, g_array_index (a, double, i));
}

static double
py (const BsPlotFrame *frame,
    const GArray      *a,
    guint              i)
{
  return bs_plot_frame_y (frame, g_array_index (a, double, i));
}

static void
draw_line (BsPlotPainter      *painter,
           const BsPlotFrame  *frame,
           const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  const BsPlotStyle *s = &artist->style;
  guint n = artist->x->len;

  if (s->linestyle != BS_PLOT_LINESTYLE_NONE && s->linewidth > 0)
    {
      gboolean pen_down = FALSE;
      double last_x = 0, last_y = 0;

      cairo_new_path (cr);
      for (guint i = 0; i < n; i++)
        {
          double x = px (frame, artist->x, i), y = py (frame, artist->y, i);
          if (!isfinite (x) || !isfinite (y))
            {
              pen_down = FALSE;
              continue;
            }
          if (!pen_down)
            cairo_move_to (cr, x, y);
          else if (artist->steps == BS_PLOT_STEPS_PRE)
            {
              cairo_line_to (cr, last_x, y);
              cairo_line_to (cr, x, y);
            }
          else if (artist->steps == BS_PLOT_STEPS_POST)
            {
              cairo_line_to (cr, x, last_y);
              cairo_line_to (cr, x, y);
            }
          else if (artist->steps == BS_PLOT_STEPS_MID)
            {
              double mid = bs_plot_frame_x (frame, (g_array_index (artist->x, double, i - 1)
                                                    + g_array_index (artist->x, double, i)) / 2);
              cairo_line_to (cr, mid, last_y);
              cairo_line_to (cr, mid, y);
              cairo_line_to (cr, x, y);
            }
          else
            cairo_line_to (cr, x, y);
          pen_down = TRUE;
          last_x = x;
          last_y = y;
        }
      bs_plot_painter_set_line (painter, s->linewidth, s->linestyle);
      bs_plot_painter_set_color (painter, &s->color, s->alpha);
      cairo_stroke (cr);
    }
  if (s->marker != BS_PLOT_MARKER_NONE)
    {
      const BsPlotColor *edge = s->edgecolor_set ? &s->edgecolor : &s->color;
      for (guint i = 0; i < n; i++)
        {
          double x = px (frame, artist->x, i), y = py (frame, artist->y, i);
          if (isfinite (x) && isfinite (y))
            bs_plot_painter_marker (painter, s->marker, x, y, s->markersize, &s->color, edge,
                                    MARKER_EDGE_PT, s->alpha);
        }
    }
}

static void
draw_scatter (BsPlotPainter      *painter,
              const BsPlotFrame  *frame,
              const BsPlotArtist *artist)
{
  const BsPlotStyle *s = &artist->style;

  for (guint i = 0; i < artist->x->len; i++)
    {
      double x = px (frame, artist->x, i), y = py (frame, artist->y, i);
      double size = sqrt (fabs (g_array_index (artist->w, double, i)));
      BsPlotColor face = bs_plot_artist_point_color (artist, i);
      const BsPlotColor *edge = s->edgecolor_set ? &s->edgecolor : &face;

      if (isfinite (x) && isfinite (y) && face.a > 0)
        bs_plot_painter_marker (painter, s->marker, x, y, size, &face, edge,
                                s->linewidth, s->alpha);
    }
}

static void
draw_bars (BsPlotPainter      *painter,
           const BsPlotFrame  *frame,
           const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  const BsPlotStyle *s = &artist->style;

  cairo_new_path (cr);
  for (guint i = 0; i < artist->x->len; i++)
    {
      double l = g_array_index (artist->x, double, i), b = g_array_index (artist->y, double, i);
      double x0 = bs_plot_frame_x (frame, l);
      double x1 = bs_plot_frame_x (frame, l + g_array_index (artist->w, double, i));
      double y0 = bs_plot_frame_y (frame, b);
      double y1 = bs_plot_frame_y (frame, b + g_array_index (artist->h, double, i));

      if (isfinite (x0) && isfinite (x1) && isfinite (y0) && isfinite (y1))
        cairo_rectangle (cr, MIN (x0, x1), MIN (y0, y1), fabs (x1 - x0), fabs (y1 - y0));
    }
  bs_plot_painter_fill_patch (painter, s);
}

static void
draw_image (BsPlotPainter      *painter,
            const BsPlotFrame  *frame,
            const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  cairo_surface_t *image;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  guint rows = artist->rows, cols = artist->cols, ch = artist->channels;
  const double *v = (const double *) artist->values->data;
  double alpha = isnan (artist->style.alpha) ? 1.0 : artist->style.alpha;
  double row0 = artist->origin_lower ? artist->extent[2] : artist->extent[3];
  double rowN = artist->origin_lower ? artist->extent[3] : artist->extent[2];
  double x0 = bs_plot_frame_x (frame, artist->extent[0]);
  double x1 = bs_plot_frame_x (frame, artist->extent[1]);
  double y0 = bs_plot_frame_y (frame, row0), y1 = bs_plot_frame_y (frame, rowN);
  guchar *data;
  int stride;

  if (rows == 0 || cols == 0 || rows > 32767 || cols > 32767)
    return;
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) cols, (int) rows);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (image);
      return;
    }
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (guint r = 0; r < rows; r++)
    {
      guint32 *line = (guint32 *) (data + (gsize) r * stride);
      for (guint c = 0; c < cols; c++)
        {
          const double *p = v + ((gsize) r * cols + c) * ch;
          BsPlotColor color;
          double a;

          if (ch == 1)
            color = bs_plot_artist_map_value (artist, p[0]);
          else
            color = bs_plot_color_rgba (CLAMP (p[0], 0, 1), CLAMP (p[1], 0, 1),
                                        CLAMP (p[2], 0, 1), ch == 4 ? CLAMP (p[3], 0, 1) : 1);
          a = color.a * alpha;
          line[c] = ((guint32) lround (a * 255) << 24)
                    | ((guint32) lround (color.r * a * 255) << 16)
                    | ((guint32) lround (color.g * a * 255) << 8)
                    | (guint32) lround (color.b * a * 255);
        }
    }
  cairo_surface_mark_dirty (image);

  pattern = cairo_pattern_create_for_surface (image);
  cairo_pattern_set_filter (pattern, artist->smooth ? CAIRO_FILTER_BILINEAR
                                                    : CAIRO_FILTER_NEAREST);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  /* pattern space (pixels of the image) from user space */
  cairo_matrix_init_translate (&matrix, x0, y0);
  cairo_matrix_scale (&matrix, (x1 - x0) / cols, (y1 - y0) / rows);
  if (cairo_matrix_invert (&matrix) == CAIRO_STATUS_SUCCESS)
    {
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_set_source (cr, pattern);
      cairo_rectangle (cr, MIN (x0, x1), MIN (y0, y1), fabs (x1 - x0), fabs (y1 - y0));
      cairo_fill (cr);
    }
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (image);
}

static void
draw_axline (BsPlotPainter      *painter,
             const BsPlotFrame  *frame,
             const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  const BsPlotRect *b = &frame->box;
  const BsPlotStyle *s = &artist->style;

  if (artist->kind == BS_PLOT_ARTIST_HLINE)
    {
      double y = bs_plot_frame_y (frame, artist->value);
      cairo_move_to (cr, b->x + artist->span_lo * b->width, y);
      cairo_line_to (cr, b->x + artist->span_hi * b->width, y);
    }
  else
    {
      double x = bs_plot_frame_x (frame, artist->value);
      cairo_move_to (cr, x, b->y + (1 - artist->span_lo) * b->height);
      cairo_line_to (cr, x, b->y + (1 - artist->span_hi) * b->height);
    }
  bs_plot_painter_set_line (painter, s->linewidth,
                            s->linestyle == BS_PLOT_LINESTYLE_NONE ? BS_PLOT_LINESTYLE_SOLID
                                                                   : s->linestyle);
  bs_plot_painter_set_color (painter, &s->color, s->alpha);
  cairo_stroke (cr);
}

static void
draw_fill (BsPlotPainter      *painter,
           const BsPlotFrame  *frame,
           const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  const BsPlotStyle *s = &artist->style;
  guint n = artist->x->len;

  if (n == 0)
    return;
  cairo_new_path (cr);
  for (guint i = 0; i < n; i++)
    {
      double x = px (frame, artist->x, i), y = py (frame, artist->y, i);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  for (guint i = n; i-- > 0;)
    cairo_line_to (cr, px (frame, artist->x, i), py (frame, artist->h, i));
  cairo_close_path (cr);
  bs_plot_painter_fill_patch (painter, s);
}

static void
draw_contour (BsPlotPainter      *painter,
              const BsPlotFrame  *frame,
              const BsPlotArtist *artist)
{
  cairo_t *cr = painter->cr;
  const BsPlotStyle *s = &artist->style;
  const double *lev = (const double *) artist->levels->data;
  guint n = artist->levels->len;

  if (artist->filled)
    {
      cairo_save (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
      /* matplotlib fills contour bands unantialiased: thin bands stay their colour */
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
      for (guint i = 0; i + 1 < n; i++)
        {
          BsPlotColor color = s->color_set ? s->color
                              : bs_plot_artist_map_value (artist, (lev[i] + lev[i + 1]) / 2);
          cairo_new_path (cr);
          bs_plot_contour_band_path (cr, frame, artist, lev[i], lev[i + 1], i == 0);
          bs_plot_painter_set_color (painter, &color, s->alpha);
          cairo_fill (cr);
        }
      cairo_restore (cr);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      BsPlotColor color = s->color_set ? s->color : bs_plot_artist_map_value (artist, lev[i]);
      cairo_new_path (cr);
      bs_plot_contour_line_path (cr, frame, artist, lev[i]);
      bs_plot_painter_set_line (painter, s->linewidth, s->linestyle);
      /* the line is drawn as short segments: round ends join them */
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      bs_plot_painter_set_color (painter, &color, s->alpha);
      cairo_stroke (cr);
    }
}

static void
draw_text (BsPlotPainter      *painter,
           const BsPlotFrame  *frame,
           const BsPlotArtist *artist)
{
  static const BsPlotAlign aligns[] = {
    [BS_PLOT_TEXT_START] = BS_PLOT_ALIGN_START,
    [BS_PLOT_TEXT_CENTER] = BS_PLOT_ALIGN_CENTER,
    [BS_PLOT_TEXT_END] = BS_PLOT_ALIGN_END,
    [BS_PLOT_TEXT_BASELINE] = BS_PLOT_ALIGN_BASELINE,
    [BS_PLOT_TEXT_CENTER_BASELINE] = BS_PLOT_ALIGN_CENTER_BASELINE,
  };
  double x = bs_plot_frame_x (frame, artist->value) + artist->offset[0] * painter->px_per_pt;
  double y = bs_plot_frame_y (frame, artist->span_lo) - artist->offset[1] * painter->px_per_pt;
  BsPlotColor color = artist->style.color;

  if (!isfinite (x) || !isfinite (y))
    return;
  if (artist->clip_point)
    {
      const BsPlotRect *b = &frame->box;
      double px = bs_plot_frame_x (frame, artist->point[0]);
      double py = bs_plot_frame_y (frame, artist->point[1]);

      if (!(px >= b->x && px <= b->x + b->width && py >= b->y && py <= b->y + b->height))
        return;
    }
  if (!isnan (artist->style.alpha))
    color.a *= artist->style.alpha;
  bs_plot_painter_text (painter, artist->text, FALSE, artist->fontsize, x, y,
                        aligns[artist->halign], aligns[artist->valign], artist->rotated, &color);
}

void
bs_plot_artist_draw (BsPlotPainter      *painter,
                     const BsPlotFrame  *frame,
                     const BsPlotArtist *artist)
{
  switch (artist->kind)
    {
    case BS_PLOT_ARTIST_LINE: draw_line (painter, frame, artist); break;
    case BS_PLOT_ARTIST_SCATTER: draw_scatter (painter, frame, artist); break;
    case BS_PLOT_ARTIST_BARS: draw_bars (painter, frame, artist); break;
    case BS_PLOT_ARTIST_IMAGE: draw_image (painter, frame, artist); break;
    case BS_PLOT_ARTIST_HLINE:
    case BS_PLOT_ARTIST_VLINE: draw_axline (painter, frame, artist); break;
    case BS_PLOT_ARTIST_FILL: draw_fill (painter, frame, artist); break;
    case BS_PLOT_ARTIST_CONTOUR: draw_contour (painter, frame, artist); break;
    case BS_PLOT_ARTIST_TEXT: draw_text (painter, frame, artist); break;
    default: g_assert_not_reached ();
    }
}
