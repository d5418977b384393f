/* bs-plot-legend.c: the legend box, placed as matplotlib's loc='best' places it
 *
 * matplotlib's defaults, in font sizes (10 pt): border padding 0.4, label spacing 0.5,
 * handles 2.0 long and 0.7 high, 0.8 between handle and text, 0.5 from the axes;
 * a white frame of 80% opacity, rounded, edged in grey 0.8.
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"

#include <math.h>

#define FONT_PT 10.0

typedef struct {
  const BsPlotArtist *artist;
  double              width, height;   /* of the label */
} Entry;

static gboolean
in_legend (const BsPlotArtist *artist)
{
  return artist->style.label != NULL && artist->style.label[0] != '_'
         && artist->kind != BS_PLOT_ARTIST_IMAGE && artist->kind != BS_PLOT_ARTIST_CONTOUR;
}

/* How many of the artists' points fall in R: loc='best' takes the place with fewest. */
static int
badness (const BsPlotFrame *frame,
         const BsPlotRect  *r)
{
  int count = 0;

#define INSIDE(px, py) ((px) >= r->x && (px) <= r->x + r->width \
                        && (py) >= r->y && (py) <= r->y + r->height)
  for (guint i = 0; i < frame->axes->artists->len; i++)
    {
      const BsPlotArtist *a = g_ptr_array_index (frame->axes->artists, i);

      if ((a->kind == BS_PLOT_ARTIST_LINE || a->kind == BS_PLOT_ARTIST_SCATTER
           || a->kind == BS_PLOT_ARTIST_FILL) && a->x != NULL)
        for (guint k = 0; k < a->x->len; k++)
          {
            double x = bs_plot_frame_x (frame, g_array_index (a->x, double, k));
            double y = bs_plot_frame_y (frame, g_array_index (a->y, double, k));
            count += INSIDE (x, y);
          }
      else if (a->kind == BS_PLOT_ARTIST_BARS)
        for (guint k = 0; k < a->x->len; k++)
          {
            double x0 = bs_plot_frame_x (frame, g_array_index (a->x, double, k));
            double x1 = bs_plot_frame_x (frame, g_array_index (a->x, double, k)
                                         + g_array_index (a->w, double, k));
            double top = bs_plot_frame_y (frame, g_array_index (a->y, double, k)
                                          + g_array_index (a->h, double, k));
            /* a bar overlaps the box when its top is inside or above the box's bottom */
            if (x1 >= r->x && x0 <= r->x + r->width && top <= r->y + r->height)
              count++;
          }
    }
#undef INSIDE
  return count;
}

static BsPlotRect
place (const BsPlotFrame *frame,
       BsPlotLegendLoc    loc,
       double             width,
       double             height,
       double             pad)
{
  const BsPlotRect *b = &frame->box;
  double left = b->x + pad, right = b->x + b->width - pad - width;
  double top = b->y + pad, bottom = b->y + b->height - pad - height;
  double cx = b->x + (b->width - width) / 2, cy = b->y + (b->height - height) / 2;

  switch (loc)
    {
    case BS_PLOT_LEGEND_UPPER_LEFT: return (BsPlotRect) { left, top, width, height };
    case BS_PLOT_LEGEND_LOWER_LEFT: return (BsPlotRect) { left, bottom, width, height };
    case BS_PLOT_LEGEND_LOWER_RIGHT: return (BsPlotRect) { right, bottom, width, height };
    case BS_PLOT_LEGEND_RIGHT:
    case BS_PLOT_LEGEND_CENTER_RIGHT: return (BsPlotRect) { right, cy, width, height };
    case BS_PLOT_LEGEND_CENTER_LEFT: return (BsPlotRect) { left, cy, width, height };
    case BS_PLOT_LEGEND_LOWER_CENTER: return (BsPlotRect) { cx, bottom, width, height };
    case BS_PLOT_LEGEND_UPPER_CENTER: return (BsPlotRect) { cx, top, width, height };
    case BS_PLOT_LEGEND_CENTER: return (BsPlotRect) { cx, cy, width, height };
    case BS_PLOT_LEGEND_UPPER_RIGHT:
    default: return (BsPlotRect) { right, top, width, height };
    }
}

static void
rounded_rectangle (cairo_t          *cr,
                   const BsPlotRect *r,
                   double            radius)
{
  double x0 = r->x, y0 = r->y, x1 = r->x + r->width, y1 = r->y + r->height;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x1 - radius, y0 + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x1 - radius, y1 - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x0 + radius, y1 - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x0 + radius, y0 + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_handle (BsPlotPainter      *painter,
             const BsPlotArtist *a,
             double              x,
             double              cy,
             double              length,
             double              height)
{
  cairo_t *cr = painter->cr;
  const BsPlotStyle *s = &a->style;

  switch (a->kind)
    {
    case BS_PLOT_ARTIST_LINE:
    case BS_PLOT_ARTIST_HLINE:
    case BS_PLOT_ARTIST_VLINE:
      if (s->linestyle != BS_PLOT_LINESTYLE_NONE)
        {
          cairo_move_to (cr, x, cy);
          cairo_line_to (cr, x + length, cy);
          bs_plot_painter_set_line (painter, s->linewidth, s->linestyle);
          bs_plot_painter_set_color (painter, &s->color, s->alpha);
          cairo_stroke (cr);
        }
      if (a->kind == BS_PLOT_ARTIST_LINE && s->marker != BS_PLOT_MARKER_NONE)
        bs_plot_painter_marker (painter, s->marker, x + length / 2, cy, s->markersize,
                                &s->color, s->edgecolor_set ? &s->edgecolor : &s->color, 1.0,
                                s->alpha);
      break;
    case BS_PLOT_ARTIST_SCATTER:
      {
        BsPlotColor face = a->values != NULL && a->cmap != NULL
                           ? bs_plot_artist_map_value (a, (a->vmin + a->vmax) / 2)
                           : bs_plot_artist_point_color (a, 0);
        double size = a->w->len > 0 ? sqrt (fabs (g_array_index (a->w, double, 0))) : 6.0;
        bs_plot_painter_marker (painter, s->marker, x + length / 2, cy, size, &face,
                                s->edgecolor_set ? &s->edgecolor : &face, s->linewidth,
                                s->alpha);
        break;
      }
    case BS_PLOT_ARTIST_BARS:
    case BS_PLOT_ARTIST_FILL:
      cairo_rectangle (cr, x, cy - height / 2, length, height);
      bs_plot_painter_fill_patch (painter, s);
      break;
    default:
      break;
    }
}

void
bs_plot_legend_draw (BsPlotPainter     *painter,
                     const BsPlotFrame *frame)
{
  static const BsPlotColor frame_fill = { 1, 1, 1, 0.8 };
  static const BsPlotColor frame_edge = { 0.8, 0.8, 0.8, 1 };
  static const BsPlotColor black = { 0, 0, 0, 1 };
  cairo_t *cr = painter->cr;
  double size = isnan (frame->axes->legend_size) ? FONT_PT : frame->axes->legend_size;
  double em = size * painter->px_per_pt;
  double border = 0.4 * em, spacing = 0.5 * em, handle_len = 2.0 * em;
  double handle_h = 0.7 * em, text_pad = 0.8 * em, axes_pad = 0.5 * em;
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  double text_w = 0, height, width, row_h = 0, y;
  BsPlotLegendLoc loc = frame->axes->legend;
  BsPlotRect r;

  for (guint i = 0; i < frame->axes->artists->len; i++)
    {
      const BsPlotArtist *a = g_ptr_array_index (frame->axes->artists, i);
      Entry e = { a, 0, 0 };

      if (!in_legend (a))
        continue;
      bs_plot_painter_measure (painter, a->style.label, FALSE, size, &e.width, &e.height);
      text_w = MAX (text_w, e.width);
      row_h = MAX (row_h, MAX (e.height, handle_h));
      g_array_append_val (entries, e);
    }
  if (entries->len == 0)
    return;
  width = 2 * border + handle_len + text_pad + text_w;
  height = 2 * border + entries->len * row_h + (entries->len - 1) * spacing;

  if (loc == BS_PLOT_LEGEND_BEST)
    {
      static const BsPlotLegendLoc order[] = {
        BS_PLOT_LEGEND_UPPER_RIGHT, BS_PLOT_LEGEND_UPPER_LEFT, BS_PLOT_LEGEND_LOWER_LEFT,
        BS_PLOT_LEGEND_LOWER_RIGHT, BS_PLOT_LEGEND_RIGHT, BS_PLOT_LEGEND_CENTER_LEFT,
        BS_PLOT_LEGEND_CENTER_RIGHT, BS_PLOT_LEGEND_LOWER_CENTER, BS_PLOT_LEGEND_UPPER_CENTER,
        BS_PLOT_LEGEND_CENTER,
      };
      int best = G_MAXINT;

      for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
        {
          BsPlotRect candidate = place (frame, order[i], width, height, axes_pad);
          int bad = badness (frame, &candidate);
          if (bad < best)
            {
              best = bad;
              loc = order[i];
            }
        }
    }
  r = place (frame, loc, width, height, axes_pad);

  rounded_rectangle (cr, &r, 0.2 * em);
  bs_plot_painter_set_color (painter, &frame_fill, 1.0);
  cairo_fill_preserve (cr);
  bs_plot_painter_set_line (painter, 1.0, BS_PLOT_LINESTYLE_SOLID);
  bs_plot_painter_set_color (painter, &frame_edge, 1.0);
  cairo_stroke (cr);

  y = r.y + border;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      double cy = y + row_h / 2;

      draw_handle (painter, e->artist, r.x + border, cy, handle_len, handle_h);
      bs_plot_painter_text (painter, e->artist->style.label, FALSE, size,
                            r.x + border + handle_len + text_pad, cy, BS_PLOT_ALIGN_START,
                            BS_PLOT_ALIGN_CENTER, FALSE, &black);
      y += row_h + spacing;
    }
}
