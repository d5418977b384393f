/* bs-grad-norm-plot.c: a parameter's gradient norm per backward call, on a log scale */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include "bs-grad-flow.h"
#include "bs-grad-norm-plot.h"

#define MARGIN 12.0
/* log10 of a zero norm, drawn at the bottom */
#define FLOOR_LOG10 (-12.0)

struct _BsGradNormPlot {
  GtkWidget  parent_instance;

  /* Owned */
  GArray    *points;     /* BsGradFlowPoint */
  guint32    backward;   /* marked */
};

G_DEFINE_FINAL_TYPE (BsGradNormPlot, bs_grad_norm_plot, GTK_TYPE_WIDGET)

static double
log_norm (const BsGradFlowPoint *p)
{
  return p->norm > 0 ? MAX (log10 (p->norm), FLOOR_LOG10) : FLOOR_LOG10;
}

static void
bs_grad_norm_plot_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  BsGradNormPlot *self = BS_GRAD_NORM_PLOT (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double low = G_MAXDOUBLE, high = -G_MAXDOUBLE;
  guint n = self->points->len;
  GdkRGBA fg;
  cairo_t *cr;
  char text[64];

  if (n < 2)
    return;
  for (guint i = 0; i < n; i++)
    {
      low = MIN (low, log_norm (&g_array_index (self->points, BsGradFlowPoint, i)));
      high = MAX (high, log_norm (&g_array_index (self->points, BsGradFlowPoint, i)));
    }
  low = floor (low);
  high = MAX (ceil (high), low + 1);

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* The vanishing and exploding marks, when the scale reaches them */
  for (int k = 0; k < 2; k++)
    {
      double mark = k == 0 ? log10 (BS_GRAD_FLOW_VANISHING) : log10 (BS_GRAD_FLOW_EXPLODING);
      double y = height - MARGIN - (height - 2 * MARGIN) * (mark - low) / (high - low);

      if (mark < low || mark > high)
        continue;
      cairo_set_source_rgba (cr, k == 0 ? 0.2 : 0.82, k == 0 ? 0.32 : 0.14, k == 0 ? 0.75 : 0.18,
                             0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, MARGIN, y);
      cairo_line_to (cr, width - MARGIN, y);
      cairo_stroke (cr);
    }
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgb (cr, 0.49, 0.23, 0.93);
  for (guint i = 0; i < n; i++)
    {
      const BsGradFlowPoint *p = &g_array_index (self->points, BsGradFlowPoint, i);
      double x = MARGIN + (width - 2 * MARGIN) * i / (n - 1);
      double y = height - MARGIN - (height - 2 * MARGIN) * (log_norm (p) - low) / (high - low);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  for (guint i = 0; i < n; i++)
    {
      const BsGradFlowPoint *p = &g_array_index (self->points, BsGradFlowPoint, i);
      double x = MARGIN + (width - 2 * MARGIN) * i / (n - 1);
      double y = height - MARGIN - (height - 2 * MARGIN) * (log_norm (p) - low) / (high - low);

      if (p->backward != self->backward)
        continue;
      cairo_set_source_rgb (cr, 0.89, 0.42, 0.0);
      cairo_arc (cr, x, y, 4, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 10);
  g_snprintf (text, sizeof text, "1e%d", (int) high);
  cairo_move_to (cr, 2, MARGIN - 2);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "1e%d  (‖grad‖, %u backward calls)", (int) low, n);
  cairo_move_to (cr, 2, height - 2);
  cairo_show_text (cr, text);
  cairo_destroy (cr);
}

static void
bs_grad_norm_plot_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 110;
}

static void
bs_grad_norm_plot_finalize (GObject *object)
{
  g_array_unref (BS_GRAD_NORM_PLOT (object)->points);
  G_OBJECT_CLASS (bs_grad_norm_plot_parent_class)->finalize (object);
}

static void
bs_grad_norm_plot_class_init (BsGradNormPlotClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = bs_grad_norm_plot_finalize;
  widget_class->snapshot = bs_grad_norm_plot_snapshot;
  widget_class->measure = bs_grad_norm_plot_measure;
}

static void
bs_grad_norm_plot_init (BsGradNormPlot *self)
{
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               "This tensor's gradient norm after each backward() call "
                               "(log scale); blue: vanishing below 1e-6, red: exploding "
                               "above 1e3");
}

GtkWidget *
bs_grad_norm_plot_new (GArray  *points,
                       guint32  backward)
{
  BsGradNormPlot *self;

  g_return_val_if_fail (points != NULL, NULL);
  self = g_object_new (BS_TYPE_GRAD_NORM_PLOT, NULL);
  self->points = points;
  self->backward = backward;
  return GTK_WIDGET (self);
}
