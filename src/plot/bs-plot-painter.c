/* bs-plot-painter.c: drawing primitives of the plot renderer */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-painter.h"

#include <math.h>
#include <string.h>

#define FONT_FAMILY "DejaVu Sans"

void
bs_plot_painter_init (BsPlotPainter *painter,
                      cairo_t       *cr,
                      double         dpi)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  painter->cr = cr;
  painter->px_per_pt = dpi / 72.0;
  painter->layout = pango_cairo_create_layout (cr);
  /* Unhinted outlines and metrics: the same layout on every surface and at every scale */
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (pango_layout_get_context (painter->layout), options);
  pango_layout_context_changed (painter->layout);
  cairo_font_options_destroy (options);
}

void
bs_plot_painter_clear (BsPlotPainter *painter)
{
  g_clear_object (&painter->layout);
}

static void
set_text (BsPlotPainter *painter,
          const char    *text,
          gboolean       markup,
          double         size_pt)
{
  PangoFontDescription *font = pango_font_description_from_string (FONT_FAMILY);

  pango_font_description_set_absolute_size (font,
                                            size_pt * painter->px_per_pt * PANGO_SCALE);
  pango_layout_set_font_description (painter->layout, font);
  pango_font_description_free (font);
  if (markup)
    pango_layout_set_markup (painter->layout, text, -1);
  else
    {
      /* markup's attributes stay with the layout until they are cleared */
      pango_layout_set_attributes (painter->layout, NULL);
      pango_layout_set_text (painter->layout, text, -1);
    }
}

/* Above and below the baseline, the ink of "lp" in this size */
static void
lp_extent (BsPlotPainter *painter,
           double         size_pt,
           double        *above,
           double        *below)
{
  PangoRectangle ink;
  double baseline;

  set_text (painter, "lp", FALSE, size_pt);
  pango_layout_get_extents (painter->layout, &ink, NULL);
  baseline = pango_layout_get_baseline (painter->layout) / (double) PANGO_SCALE;
  *above = baseline - ink.y / (double) PANGO_SCALE;
  *below = (ink.y + ink.height) / (double) PANGO_SCALE - baseline;
}

void
bs_plot_painter_measure (BsPlotPainter *painter,
                         const char    *text,
                         gboolean       markup,
                         double         size_pt,
                         double        *width,
                         double        *height)
{
  PangoRectangle ink, logical;
  double above, below;

  lp_extent (painter, size_pt, &above, &below);
  set_text (painter, text, markup, size_pt);
  pango_layout_get_extents (painter->layout, &ink, &logical);
  *width = text[0] ? ink.width / (double) PANGO_SCALE : 0;
  /* superscripts reach higher than "l" */
  *height = MAX (above, (pango_layout_get_baseline (painter->layout) - ink.y)
                 / (double) PANGO_SCALE) + below;
  if (text[0] == '\0')
    *height = 0;
}

/* Text of several lines as matplotlib lays it out: a line's baseline 1.2 times the height
 * of "l" below the bottom of "p" on the line above, each line aligned in the block as the
 * block is (multialignment) */
static BsPlotRect
text_lines (BsPlotPainter     *painter,
            const char        *text,
            double             size_pt,
            double             x,
            double             y,
            BsPlotAlign        halign,
            BsPlotAlign        valign,
            const BsPlotColor *color)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);
  g_autofree double *widths = g_new (double, n);
  double above, below, dy, width = 0, height, left, top, share;

  lp_extent (painter, size_pt, &above, &below);
  dy = below + above * 1.2;
  for (guint i = 0; i < n; i++)
    {
      double h;
      bs_plot_painter_measure (painter, lines[i], FALSE, size_pt, &widths[i], &h);
      width = MAX (width, widths[i]);
    }
  height = above + (n - 1) * dy + below;
  share = halign == BS_PLOT_ALIGN_START ? 0 : halign == BS_PLOT_ALIGN_END ? 1 : 0.5;
  left = x - width * share;
  switch (valign)
    {
    case BS_PLOT_ALIGN_START: top = y; break;
    case BS_PLOT_ALIGN_END: top = y - height; break;
    case BS_PLOT_ALIGN_BASELINE: top = y - (height - below); break;
    default: top = y - height / 2; break;
    }
  for (guint i = 0; i < n; i++)
    bs_plot_painter_text (painter, lines[i], FALSE, size_pt, left + (width - widths[i]) * share,
                          top + above + i * dy, BS_PLOT_ALIGN_START, BS_PLOT_ALIGN_BASELINE,
                          FALSE, color);
  return (BsPlotRect) { left, top, width, height };
}

BsPlotRect
bs_plot_painter_text (BsPlotPainter     *painter,
                      const char        *text,
                      gboolean           markup,
                      double             size_pt,
                      double             x,
                      double             y,
                      BsPlotAlign        halign,
                      BsPlotAlign        valign,
                      gboolean           rotated,
                      const BsPlotColor *color)
{
  cairo_t *cr = painter->cr;
  PangoRectangle ink;
  double above, below, width, height, box_w, box_h, left, top, baseline, top_of_box;
  BsPlotRect box;

  if (text == NULL || text[0] == '\0')
    return (BsPlotRect) { x, y, 0, 0 };
  if (!markup && !rotated && strchr (text, '\n') != NULL)
    return text_lines (painter, text, size_pt, x, y, halign, valign, color);

  lp_extent (painter, size_pt, &above, &below);
  set_text (painter, text, markup, size_pt);
  pango_layout_get_extents (painter->layout, &ink, NULL);
  baseline = pango_layout_get_baseline (painter->layout) / (double) PANGO_SCALE;
  above = MAX (above, baseline - ink.y / (double) PANGO_SCALE);
  width = ink.width / (double) PANGO_SCALE;
  height = above + below;
  box_w = rotated ? height : width;
  box_h = rotated ? width : height;

  left = halign == BS_PLOT_ALIGN_START ? x
         : halign == BS_PLOT_ALIGN_END ? x - box_w : x - box_w / 2;
  switch (valign)
    {
    case BS_PLOT_ALIGN_START: top = y; break;
    case BS_PLOT_ALIGN_END: top = y - box_h; break;
    case BS_PLOT_ALIGN_BASELINE: top = y - (rotated ? box_h : above); break;
    case BS_PLOT_ALIGN_CENTER_BASELINE: top = y - (rotated ? box_h / 2 : above / 2); break;
    case BS_PLOT_ALIGN_CENTER:
    default: top = y - box_h / 2; break;
    }
  box = (BsPlotRect) { left, top, box_w, box_h };

  cairo_save (cr);
  bs_plot_painter_set_color (painter, color, 1.0);
  top_of_box = baseline - above;  /* in layout coordinates */
  if (!rotated)
    cairo_move_to (cr, left - ink.x / (double) PANGO_SCALE, top - top_of_box);
  else
    {
      cairo_translate (cr, left, top + box_h);
      cairo_rotate (cr, -G_PI / 2);
      cairo_move_to (cr, -ink.x / (double) PANGO_SCALE, -top_of_box);
    }
  pango_cairo_show_layout (cr, painter->layout);
  cairo_restore (cr);
  return box;
}

void
bs_plot_painter_set_color (BsPlotPainter     *painter,
                           const BsPlotColor *color,
                           double             alpha)
{
  cairo_set_source_rgba (painter->cr, color->r, color->g, color->b,
                         color->a * (isnan (alpha) ? 1.0 : alpha));
}

void
bs_plot_painter_set_line (BsPlotPainter  *painter,
                          double          width_pt,
                          BsPlotLinestyle linestyle)
{
  /* lines.dashed_pattern, dashdot_pattern, dotted_pattern, in line widths */
  static const double dashed[] = { 3.7, 1.6 };
  static const double dashdot[] = { 6.4, 1.6, 1.0, 1.6 };
  static const double dotted[] = { 1.0, 1.65 };
  const double *pattern = NULL;
  double scaled[4];
  int n = 0;
  cairo_t *cr = painter->cr;
  double lw = width_pt * painter->px_per_pt;

  cairo_set_line_width (cr, lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (linestyle)
    {
    case BS_PLOT_LINESTYLE_DASHED: pattern = dashed; n = 2; break;
    case BS_PLOT_LINESTYLE_DASHDOT: pattern = dashdot; n = 4; break;
    case BS_PLOT_LINESTYLE_DOTTED: pattern = dotted; n = 2; break;
    default: break;
    }
  for (int i = 0; i < n; i++)
    scaled[i] = pattern[i] * MAX (lw, 1e-3);
  cairo_set_dash (cr, scaled, n, 0);
  cairo_set_line_cap (cr, n > 0 ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_SQUARE);
}

void
bs_plot_painter_fill_patch (BsPlotPainter     *painter,
                            const BsPlotStyle *style)
{
  cairo_t *cr = painter->cr;

  bs_plot_painter_set_color (painter, &style->color, style->alpha);
  if (!style->edgecolor_set)
    {
      cairo_fill (cr);
      return;
    }
  cairo_fill_preserve (cr);
  bs_plot_painter_set_line (painter, style->linewidth, BS_PLOT_LINESTYLE_SOLID);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  bs_plot_painter_set_color (painter, &style->edgecolor, style->alpha);
  cairo_stroke (cr);
}

static void
polygon (cairo_t *cr,
         int      sides,
         double   radius,
         double   start_deg)
{
  for (int i = 0; i < sides; i++)
    {
      double a = (start_deg + 360.0 * i / sides) * G_PI / 180.0;
      if (i == 0)
        cairo_move_to (cr, radius * cos (a), -radius * sin (a));
      else
        cairo_line_to (cr, radius * cos (a), -radius * sin (a));
    }
  cairo_close_path (cr);
}

void
bs_plot_painter_marker (BsPlotPainter     *painter,
                        char               marker,
                        double             x,
                        double             y,
                        double             size_pt,
                        const BsPlotColor *face,
                        const BsPlotColor *edge,
                        double             edge_width_pt,
                        double             alpha)
{
  cairo_t *cr = painter->cr;
  double s = size_pt * painter->px_per_pt, h = s / 2;
  gboolean filled = bs_plot_marker_is_filled (marker);
  cairo_matrix_t outside;

  if (marker == BS_PLOT_MARKER_NONE || marker == BS_PLOT_MARKER_UNSET)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_get_matrix (cr, &outside);
  cairo_translate (cr, x, y);
  switch (marker)
    {
    case '.': cairo_arc (cr, 0, 0, h * 0.5, 0, 2 * G_PI); break;
    case ',':
      cairo_rectangle (cr, -0.5, -0.5, 1, 1);
      filled = TRUE;
      break;
    case 'o': cairo_arc (cr, 0, 0, h, 0, 2 * G_PI); break;
    case 's': cairo_rectangle (cr, -h, -h, s, s); break;
    case '^':
    case 'v':
    case '<':
    case '>':
      /* a triangle as wide as it is tall, pointing up before it turns */
      cairo_rotate (cr, marker == '^' ? 0 : marker == 'v' ? G_PI
                    : marker == '<' ? -G_PI / 2 : G_PI / 2);
      cairo_move_to (cr, 0, -h);
      cairo_line_to (cr, -h, h);
      cairo_line_to (cr, h, h);
      cairo_close_path (cr);
      break;
    case 'p': polygon (cr, 5, h, 90); break;
    case 'h': polygon (cr, 6, h, 90); break;
    case 'H': polygon (cr, 6, h, 0); break;
    case 'D': polygon (cr, 4, h * G_SQRT2, 0); break;
    case 'd': cairo_scale (cr, 0.6, 1.0); polygon (cr, 4, h * G_SQRT2, 0); break;
    case '*':
      for (int i = 0; i < 10; i++)
        {
          double a = (90 + 36.0 * i) * G_PI / 180.0, r = i % 2 ? h * 0.381966 : h;
          if (i == 0)
            cairo_move_to (cr, r * cos (a), -r * sin (a));
          else
            cairo_line_to (cr, r * cos (a), -r * sin (a));
        }
      cairo_close_path (cr);
      break;
    case 'P':
    case 'X':
      {
        double t = h / 3;
        if (marker == 'X')
          cairo_rotate (cr, G_PI / 4);
        cairo_move_to (cr, -t, -h);
        cairo_line_to (cr, t, -h);
        cairo_line_to (cr, t, -t);
        cairo_line_to (cr, h, -t);
        cairo_line_to (cr, h, t);
        cairo_line_to (cr, t, t);
        cairo_line_to (cr, t, h);
        cairo_line_to (cr, -t, h);
        cairo_line_to (cr, -t, t);
        cairo_line_to (cr, -h, t);
        cairo_line_to (cr, -h, -t);
        cairo_line_to (cr, -t, -t);
        cairo_close_path (cr);
        break;
      }
    case '+':
      cairo_move_to (cr, -h, 0); cairo_line_to (cr, h, 0);
      cairo_move_to (cr, 0, -h); cairo_line_to (cr, 0, h);
      break;
    case 'x':
      cairo_move_to (cr, -h, -h); cairo_line_to (cr, h, h);
      cairo_move_to (cr, -h, h); cairo_line_to (cr, h, -h);
      break;
    case '|': cairo_move_to (cr, 0, -h); cairo_line_to (cr, 0, h); break;
    case '_': cairo_move_to (cr, -h, 0); cairo_line_to (cr, h, 0); break;
    default: cairo_arc (cr, 0, 0, h, 0, 2 * G_PI); break;
    }
  cairo_set_matrix (cr, &outside);
  if (filled)
    {
      bs_plot_painter_set_color (painter, face, alpha);
      cairo_fill_preserve (cr);
    }
  if (edge_width_pt > 0 && marker != ',')
    {
      bs_plot_painter_set_line (painter, edge_width_pt, BS_PLOT_LINESTYLE_SOLID);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      bs_plot_painter_set_color (painter, filled ? edge : face, alpha);
      cairo_stroke (cr);
    }
  cairo_new_path (cr);
  cairo_restore (cr);
}
