/* bs-plot-axes-draw.c: one axes drawn as matplotlib's default style draws it
 *
 * The sizes are matplotlib's rcParams defaults: 10 pt DejaVu Sans labels, 12 pt titles,
 * 0.8 pt black spines, outward ticks 3.5 pt long with labels 3.5 pt beyond, axis labels
 * 4 pt beyond those, the title 6 pt above the axes, grid lines #b0b0b0 0.8 pt drawn
 * over patches and under lines (axes.axisbelow: 'line').
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"
#include "bs-plot-ticker.h"

#include <math.h>

#define FONT_PT          10.0
#define TITLE_PT         12.0
#define TITLE_PAD_PT     6.0
#define LABEL_PAD_PT     4.0
#define TICK_PT          3.5
#define MINOR_TICK_PT    2.0
#define TICK_PAD_PT      3.5
#define MINOR_TICK_PAD_PT 3.4
#define TICK_WIDTH_PT    0.8
#define MINOR_WIDTH_PT   0.6
#define SPINE_WIDTH_PT   0.8
#define GRID_WIDTH_PT    0.8
#define OFFSET_PAD_PT    3.0

static const BsPlotColor black = { 0, 0, 0, 1 };
static const BsPlotColor white = { 1, 1, 1, 1 };

static double
to_scale (const BsPlotAxes *axes,
          int               axis,
          double            v)
{
  /* LogScale(nonpositive='clip'): zero and below go a thousand decades down */
  if (axes->axis[axis].scale == BS_PLOT_SCALE_LOG)
    return v > 0 ? log10 (v) : -1000;
  return v;
}

void
bs_plot_frame_init (BsPlotFrame      *frame,
                    BsPlotAxes       *axes,
                    const BsPlotRect *box)
{
  frame->axes = axes;
  frame->box = *box;
  for (int a = 0; a < 2; a++)
    {
      bs_plot_axes_get_view (axes, a, &frame->view[a][0], &frame->view[a][1]);
      if (axes->axis[a].scale == BS_PLOT_SCALE_LOG)
        for (int e = 0; e < 2; e++)
          if (!(frame->view[a][e] > 0))
            frame->view[a][e] = e == 0 ? 1 : 10;
    }
  if (axes->aspect_datalim)
    bs_plot_axes_apply_datalim (axes, box->width, box->height, frame->view);
}

static double
fraction (const BsPlotFrame *frame,
          int                axis,
          double             v)
{
  double lo = to_scale (frame->axes, axis, frame->view[axis][0]);
  double hi = to_scale (frame->axes, axis, frame->view[axis][1]);

  return (to_scale (frame->axes, axis, v) - lo) / (hi - lo);
}

/* Far outside the figure yet within what cairo's fixed-point coordinates hold */
static double
bounded (double px)
{
  return isfinite (px) ? CLAMP (px, -1e6, 1e6) : px;
}

double
bs_plot_frame_x (const BsPlotFrame *frame,
                 double             x)
{
  return bounded (frame->box.x + fraction (frame, 0, x) * frame->box.width);
}

double
bs_plot_frame_y (const BsPlotFrame *frame,
                 double             y)
{
  return bounded (frame->box.y + (1.0 - fraction (frame, 1, y)) * frame->box.height);
}

typedef struct {
  GArray    *major;    /* visible ticks */
  GArray    *minor;
  GPtrArray *labels;   /* of the visible major ticks */
  gboolean   markup;
  char      *offset;
} Ticks;

static void
ticks_clear (Ticks *ticks)
{
  g_clear_pointer (&ticks->major, g_array_unref);
  g_clear_pointer (&ticks->minor, g_array_unref);
  g_clear_pointer (&ticks->labels, g_ptr_array_unref);
  g_clear_pointer (&ticks->offset, g_free);
}

static GArray *
visible (const BsPlotFrame *frame,
         int                axis,
         GArray            *locs)
{
  GArray *shown = g_array_new (FALSE, FALSE, sizeof (double));
  double lo = to_scale (frame->axes, axis, frame->view[axis][0]);
  double hi = to_scale (frame->axes, axis, frame->view[axis][1]);
  double tol = 1e-10 * fabs (hi - lo);

  for (guint i = 0; i < locs->len; i++)
    {
      double v = g_array_index (locs, double, i), t = to_scale (frame->axes, axis, v);
      if (t >= MIN (lo, hi) - tol && t <= MAX (lo, hi) + tol)
        g_array_append_val (shown, v);
    }
  return shown;
}

static void
compute_ticks (BsPlotPainter     *painter,
               const BsPlotFrame *frame,
               int                axis,
               Ticks             *ticks)
{
  double vmin = MIN (frame->view[axis][0], frame->view[axis][1]);
  double vmax = MAX (frame->view[axis][0], frame->view[axis][1]);
  double length_pt = (axis == 0 ? frame->box.width : frame->box.height) / painter->px_per_pt;
  int space = bs_plot_ticker_tick_space (length_pt, FONT_PT, axis == 0);
  g_autoptr(GArray) locs = NULL;

  ticks->labels = g_ptr_array_new_with_free_func (g_free);
  if (frame->axes->axis[axis].ticks != NULL && frame->axes->axis[axis].tick_labels != NULL)
    {
      const BsPlotAxis *a = &frame->axes->axis[axis];

      /* FixedLocator and FixedFormatter: the labels of the ticks shown */
      ticks->major = g_array_new (FALSE, FALSE, sizeof (double));
      ticks->minor = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint i = 0; i < a->ticks->len; i++)
        {
          g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (double));
          g_autoptr(GArray) shown = NULL;

          g_array_append_val (one, g_array_index (a->ticks, double, i));
          shown = visible (frame, axis, one);
          if (shown->len == 0)
            continue;
          g_array_append_val (ticks->major, g_array_index (a->ticks, double, i));
          g_ptr_array_add (ticks->labels, g_strdup (g_ptr_array_index (a->tick_labels, i)));
        }
      ticks->offset = g_strdup ("");
      return;
    }
  if (frame->axes->axis[axis].scale == BS_PLOT_SCALE_LOG)
    {
      g_autoptr(GArray) minor = bs_plot_ticker_log (vmin, vmax, CLAMP (space, 2, 9), TRUE);

      locs = frame->axes->axis[axis].ticks != NULL
             ? g_array_copy (frame->axes->axis[axis].ticks)
             : bs_plot_ticker_log (vmin, vmax, CLAMP (space, 2, 9), FALSE);
      ticks->major = visible (frame, axis, locs);
      ticks->minor = visible (frame, axis, minor);
      ticks->markup = TRUE;
      for (guint i = 0; i < ticks->major->len; i++)
        g_ptr_array_add (ticks->labels,
                         bs_plot_tick_format_log (g_array_index (ticks->major, double, i)));
      ticks->offset = g_strdup ("");
      return;
    }

  {
    BsPlotTickFormat format;

    locs = frame->axes->axis[axis].ticks != NULL
           ? g_array_copy (frame->axes->axis[axis].ticks)
           : bs_plot_ticker_linear (vmin, vmax, CLAMP (space, 1, 9), 2);
    bs_plot_tick_format_init (&format, (const double *) locs->data, locs->len, vmin, vmax);
    ticks->major = visible (frame, axis, locs);
    ticks->minor = g_array_new (FALSE, FALSE, sizeof (double));
    for (guint i = 0; i < ticks->major->len; i++)
      g_ptr_array_add (ticks->labels,
                       bs_plot_tick_format_label (&format,
                                                  g_array_index (ticks->major, double, i)));
    ticks->offset = bs_plot_tick_format_offset (&format);
  }
}

/* axis('off') hides what the axis draws: ticks, their labels and the grid */
static void
compute_all_ticks (BsPlotPainter     *painter,
                   const BsPlotFrame *frame,
                   Ticks              ticks[2])
{
  for (int a = 0; a < 2; a++)
    {
      compute_ticks (painter, frame, a, &ticks[a]);
      if (!frame->axes->axis_on)
        {
          g_array_set_size (ticks[a].major, 0);
          g_array_set_size (ticks[a].minor, 0);
          g_ptr_array_set_size (ticks[a].labels, 0);
          ticks[a].offset[0] = '\0';
        }
    }
}

static void
draw_grid (BsPlotPainter     *painter,
           const BsPlotFrame *frame,
           const Ticks        ticks[2])
{
  cairo_t *cr = painter->cr;
  static const BsPlotColor grid = { 0xb0 / 255.0, 0xb0 / 255.0, 0xb0 / 255.0, 1 };

  cairo_save (cr);
  bs_plot_painter_set_line (painter, GRID_WIDTH_PT, BS_PLOT_LINESTYLE_SOLID);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  bs_plot_painter_set_color (painter, &grid, 1.0);
  for (int a = 0; a < 2; a++)
    {
      if (!frame->axes->axis[a].grid)
        continue;
      for (guint i = 0; i < ticks[a].major->len; i++)
        {
          double v = g_array_index (ticks[a].major, double, i);
          if (a == 0)
            {
              double x = bs_plot_frame_x (frame, v);
              cairo_move_to (cr, x, frame->box.y);
              cairo_line_to (cr, x, frame->box.y + frame->box.height);
            }
          else
            {
              double y = bs_plot_frame_y (frame, v);
              cairo_move_to (cr, frame->box.x, y);
              cairo_line_to (cr, frame->box.x + frame->box.width, y);
            }
        }
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_tick_marks (BsPlotPainter     *painter,
                 const BsPlotFrame *frame,
                 int                axis,
                 GArray            *locs,
                 double             length_pt,
                 double             width_pt)
{
  cairo_t *cr = painter->cr;
  double len = length_pt * painter->px_per_pt;
  double bottom = frame->box.y + frame->box.height;

  bs_plot_painter_set_line (painter, width_pt, BS_PLOT_LINESTYLE_SOLID);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  bs_plot_painter_set_color (painter, &black, 1.0);
  for (guint i = 0; i < locs->len; i++)
    {
      double v = g_array_index (locs, double, i);
      if (axis == 0)
        {
          double x = bs_plot_frame_x (frame, v);
          cairo_move_to (cr, x, bottom);
          cairo_line_to (cr, x, bottom + len);
        }
      else
        {
          double y = bs_plot_frame_y (frame, v);
          cairo_move_to (cr, frame->box.x, y);
          cairo_line_to (cr, frame->box.x - len, y);
        }
    }
  cairo_stroke (cr);
}

/* The labels around the axes, drawn when DRAW, else only measured (the title is drawn
 * either way: measuring clips everything away): the union of their boxes and the axes
 * box is returned in EXTENT. */
static void
draw_labels (BsPlotPainter     *painter,
             const BsPlotFrame *frame,
             const Ticks        ticks[2],
             gboolean           draw,
             BsPlotRect        *extent)
{
  BsPlotAxes *axes = frame->axes;
  const BsPlotRect *box = &frame->box;
  double pt = painter->px_per_pt;
  double label_top = box->y + box->height + (TICK_PT + TICK_PAD_PT) * pt;
  double xticks_bottom = box->y + box->height, yticks_left = box->x;
  double x0 = box->x, y0 = box->y, x1 = box->x + box->width, y1 = box->y + box->height;
  BsPlotRect r;

#define GROW(rect) G_STMT_START {                                  \
    if ((rect).width > 0 || (rect).height > 0) {                   \
      x0 = MIN (x0, (rect).x); y0 = MIN (y0, (rect).y);            \
      x1 = MAX (x1, (rect).x + (rect).width);                      \
      y1 = MAX (y1, (rect).y + (rect).height); } } G_STMT_END

  for (guint i = 0; i < ticks[0].major->len; i++)
    {
      double x = bs_plot_frame_x (frame, g_array_index (ticks[0].major, double, i));
      const char *text = g_ptr_array_index (ticks[0].labels, i);
      double w, h;

      bs_plot_painter_measure (painter, text, ticks[0].markup, FONT_PT, &w, &h);
      r = (BsPlotRect) { x - w / 2, label_top, w, h };
      if (draw)
        bs_plot_painter_text (painter, text, ticks[0].markup, FONT_PT, x, label_top,
                              BS_PLOT_ALIGN_CENTER, BS_PLOT_ALIGN_START, FALSE, &black);
      GROW (r);
      xticks_bottom = MAX (xticks_bottom, r.y + r.height);
    }
  for (guint i = 0; i < ticks[1].major->len; i++)
    {
      double y = bs_plot_frame_y (frame, g_array_index (ticks[1].major, double, i));
      const char *text = g_ptr_array_index (ticks[1].labels, i);
      double right = box->x - (TICK_PT + TICK_PAD_PT) * pt, w, h;

      bs_plot_painter_measure (painter, text, ticks[1].markup, FONT_PT, &w, &h);
      r = (BsPlotRect) { right - w, y - h / 2, w, h };
      if (draw)
        bs_plot_painter_text (painter, text, ticks[1].markup, FONT_PT, right, y,
                              BS_PLOT_ALIGN_END, BS_PLOT_ALIGN_CENTER_BASELINE, FALSE, &black);
      GROW (r);
      yticks_left = MIN (yticks_left, r.x);
    }

  /* The offset or power of ten: at the X axis' right end under its labels, above the
   * Y axis' top */
  if (ticks[0].offset[0] != '\0')
    {
      double w, h;
      bs_plot_painter_measure (painter, ticks[0].offset, FALSE, FONT_PT, &w, &h);
      r = (BsPlotRect) { box->x + box->width - w, xticks_bottom + OFFSET_PAD_PT * pt, w, h };
      if (draw)
        bs_plot_painter_text (painter, ticks[0].offset, FALSE, FONT_PT, r.x + w, r.y,
                              BS_PLOT_ALIGN_END, BS_PLOT_ALIGN_START, FALSE, &black);
      GROW (r);
      xticks_bottom = r.y + r.height;
    }
  if (ticks[1].offset[0] != '\0')
    {
      double w, h;
      bs_plot_painter_measure (painter, ticks[1].offset, FALSE, FONT_PT, &w, &h);
      r = (BsPlotRect) { box->x, box->y - OFFSET_PAD_PT * pt - h, w, h };
      if (draw)
        bs_plot_painter_text (painter, ticks[1].offset, FALSE, FONT_PT, r.x, r.y + h,
                              BS_PLOT_ALIGN_START, BS_PLOT_ALIGN_END, FALSE, &black);
      GROW (r);
    }

  if (axes->axis_on && axes->axis[0].label != NULL && axes->axis[0].label[0] != '\0')
    {
      double w, h, top = xticks_bottom + LABEL_PAD_PT * pt;
      double size = isnan (axes->axis[0].label_size) ? FONT_PT : axes->axis[0].label_size;
      bs_plot_painter_measure (painter, axes->axis[0].label, FALSE, size, &w, &h);
      r = (BsPlotRect) { box->x + box->width / 2 - w / 2, top, w, h };
      if (draw)
        bs_plot_painter_text (painter, axes->axis[0].label, FALSE, size,
                              box->x + box->width / 2, top, BS_PLOT_ALIGN_CENTER,
                              BS_PLOT_ALIGN_START, FALSE, &black);
      GROW (r);
    }
  if (axes->axis_on && axes->axis[1].label != NULL && axes->axis[1].label[0] != '\0')
    {
      double w, h, right = yticks_left - LABEL_PAD_PT * pt;
      double size = isnan (axes->axis[1].label_size) ? FONT_PT : axes->axis[1].label_size;
      bs_plot_painter_measure (painter, axes->axis[1].label, FALSE, size, &w, &h);
      r = (BsPlotRect) { right - h, box->y + box->height / 2 - w / 2, h, w };
      if (draw)
        bs_plot_painter_text (painter, axes->axis[1].label, FALSE, size, right,
                              box->y + box->height / 2, BS_PLOT_ALIGN_END,
                              BS_PLOT_ALIGN_CENTER, TRUE, &black);
      GROW (r);
    }
  if (axes->title != NULL && axes->title[0] != '\0')
    {
      double w, h, baseline = box->y - TITLE_PAD_PT * pt;
      double size = isnan (axes->title_size) ? TITLE_PT : axes->title_size;
      bs_plot_painter_measure (painter, axes->title, FALSE, size, &w, &h);
      r = bs_plot_painter_text (painter, axes->title, FALSE, size,
                                box->x + box->width / 2, baseline, BS_PLOT_ALIGN_CENTER,
                                BS_PLOT_ALIGN_BASELINE, FALSE, &black);
      GROW (r);
    }
#undef GROW
  *extent = (BsPlotRect) { x0, y0, x1 - x0, y1 - y0 };
}

void
bs_plot_axes_decorations (BsPlotPainter    *painter,
                          BsPlotAxes       *axes,
                          const BsPlotRect *box,
                          double           *left,
                          double           *right,
                          double           *top,
                          double           *bottom)
{
  BsPlotFrame frame;
  Ticks ticks[2] = { { 0 } };
  BsPlotRect extent;

  bs_plot_frame_init (&frame, axes, box);
  compute_all_ticks (painter, &frame, ticks);
  cairo_save (painter->cr);
  cairo_rectangle (painter->cr, 0, 0, 0, 0);
  cairo_clip (painter->cr);  /* measuring draws nothing */
  draw_labels (painter, &frame, ticks, FALSE, &extent);
  cairo_restore (painter->cr);
  *left = box->x - extent.x;
  *top = box->y - extent.y;
  *right = extent.x + extent.width - (box->x + box->width);
  *bottom = extent.y + extent.height - (box->y + box->height);
  ticks_clear (&ticks[0]);
  ticks_clear (&ticks[1]);
}

static int
compare_zorder (gconstpointer a,
                gconstpointer b)
{
  const BsPlotArtist *x = *(BsPlotArtist * const *) a, *y = *(BsPlotArtist * const *) b;

  return (x->style.zorder > y->style.zorder) - (x->style.zorder < y->style.zorder);
}

void
bs_plot_axes_draw (BsPlotPainter    *painter,
                   BsPlotAxes       *axes,
                   const BsPlotRect *box)
{
  cairo_t *cr = painter->cr;
  BsPlotFrame frame;
  Ticks ticks[2] = { { 0 } };
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  gboolean grid_drawn = FALSE;
  BsPlotRect extent;

  bs_plot_frame_init (&frame, axes, box);
  compute_all_ticks (painter, &frame, ticks);

  cairo_save (cr);
  /* the axes' background and spines belong to its axis too */
  if (axes->axis_on)
    {
      cairo_rectangle (cr, box->x, box->y, box->width, box->height);
      bs_plot_painter_set_color (painter, &white, 1.0);
      cairo_fill (cr);
    }

  /* Artists in z-order (stable: equal orders keep the order they were added) */
  for (guint i = 0; i < axes->artists->len; i++)
    g_ptr_array_add (order, g_ptr_array_index (axes->artists, i));
  g_ptr_array_sort (order, compare_zorder);
  for (guint i = 0; i < order->len; i++)
    {
      BsPlotArtist *artist = g_ptr_array_index (order, i);

      if (!grid_drawn && artist->style.zorder > 1.5)
        {
          draw_grid (painter, &frame, ticks);
          grid_drawn = TRUE;
        }
      cairo_save (cr);
      /* texts are not clipped to the axes */
      if (artist->kind != BS_PLOT_ARTIST_TEXT)
        {
          cairo_rectangle (cr, box->x, box->y, box->width, box->height);
          cairo_clip (cr);
        }
      bs_plot_artist_draw (painter, &frame, artist);
      cairo_restore (cr);
    }
  if (!grid_drawn)
    draw_grid (painter, &frame, ticks);

  if (axes->axis_on)
    {
      bs_plot_painter_set_line (painter, SPINE_WIDTH_PT, BS_PLOT_LINESTYLE_SOLID);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      bs_plot_painter_set_color (painter, &black, 1.0);
      cairo_rectangle (cr, box->x, box->y, box->width, box->height);
      cairo_stroke (cr);
    }

  for (int a = 0; a < 2; a++)
    {
      draw_tick_marks (painter, &frame, a, ticks[a].major, TICK_PT, TICK_WIDTH_PT);
      draw_tick_marks (painter, &frame, a, ticks[a].minor, MINOR_TICK_PT, MINOR_WIDTH_PT);
    }
  draw_labels (painter, &frame, ticks, TRUE, &extent);
  if (axes->legend != BS_PLOT_LEGEND_NONE)
    bs_plot_legend_draw (painter, &frame);
  cairo_restore (cr);
  ticks_clear (&ticks[0]);
  ticks_clear (&ticks[1]);
}
