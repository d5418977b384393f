/* bs-loss-plot.c: every backward call's root value, in order */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include "bs-loss-plot.h"

#define MARGIN 12.0

typedef struct {
  guint32 backward;
  double  value;
} Point;

struct _BsLossPlot {
  GtkWidget  parent_instance;

  /* Owned */
  GArray    *points;     /* Point, in backward order */
  guint32    backward;   /* marked */
};

G_DEFINE_FINAL_TYPE (BsLossPlot, bs_loss_plot, GTK_TYPE_WIDGET)

/* The value of the first root of a backward call, when it is one number. */
static gboolean
root_value (BsTrace            *trace,
            const BsTraceEvent *begin,
            double             *value)
{
  const guint32 *roots;
  const BsTraceTensor *root;
  const BsTraceValue *v;

  if (begin->n_aux == 0)
    return FALSE;
  roots = bs_trace_get_list (trace, begin->aux);
  root = bs_trace_get_tensor (trace, roots[0]);
  if (root == NULL || root->event >= bs_trace_get_n_events (trace))
    return FALSE;
  v = bs_trace_get_value (trace, bs_trace_get_event (trace, root->event)->values[0]);
  if (v == NULL || v->numel != 1 || v->kind != BS_VALUE_FULL)
    return FALSE;
  *value = v->data[0];
  return isfinite (*value);
}

void
bs_loss_plot_set_trace (BsLossPlot *self,
                        BsTrace    *trace)
{
  g_return_if_fail (BS_IS_LOSS_PLOT (self));
  g_array_set_size (self->points, 0);
  for (guint32 b = 1; trace != NULL; b++)
    {
      gint64 index = bs_trace_find_backward (trace, b);
      Point point = { b, 0 };

      if (index < 0)
        break;
      if (root_value (trace, bs_trace_get_event (trace, index), &point.value))
        g_array_append_val (self->points, point);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), self->points->len >= 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bs_loss_plot_set_backward (BsLossPlot *self,
                           guint32     backward)
{
  g_return_if_fail (BS_IS_LOSS_PLOT (self));
  if (self->backward == backward)
    return;
  self->backward = backward;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bs_loss_plot_get_n_points (BsLossPlot *self)
{
  g_return_val_if_fail (BS_IS_LOSS_PLOT (self), 0);
  return self->points->len;
}

static void
bs_loss_plot_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  BsLossPlot *self = BS_LOSS_PLOT (widget);
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
      low = MIN (low, g_array_index (self->points, Point, i).value);
      high = MAX (high, g_array_index (self->points, Point, i).value);
    }
  if (high - low < 1e-12)
    high = low + 1;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_width (cr, 1.5);
  gdk_cairo_set_source_rgba (cr, &(GdkRGBA) { 0.21, 0.52, 0.89, 1 });
  for (guint i = 0; i < n; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x = MARGIN + (width - 2 * MARGIN) * i / (n - 1);
      double y = height - MARGIN - (height - 2 * MARGIN) * (p->value - low) / (high - low);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < n; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x, y;

      if (p->backward != self->backward)
        continue;
      x = MARGIN + (width - 2 * MARGIN) * i / (n - 1);
      y = height - MARGIN - (height - 2 * MARGIN) * (p->value - low) / (high - low);
      gdk_cairo_set_source_rgba (cr, &(GdkRGBA) { 0.89, 0.42, 0.0, 1 });
      cairo_arc (cr, x, y, 4, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 10);
  g_snprintf (text, sizeof text, "%.4g", high);
  cairo_move_to (cr, 2, MARGIN - 2);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "%.4g  (%u backward calls)", low, n);
  cairo_move_to (cr, 2, height - 2);
  cairo_show_text (cr, text);
  cairo_destroy (cr);
}

static void
bs_loss_plot_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 140;
}

static void
bs_loss_plot_finalize (GObject *object)
{
  g_array_unref (BS_LOSS_PLOT (object)->points);
  G_OBJECT_CLASS (bs_loss_plot_parent_class)->finalize (object);
}

static void
bs_loss_plot_class_init (BsLossPlotClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = bs_loss_plot_finalize;
  widget_class->snapshot = bs_loss_plot_snapshot;
  widget_class->measure = bs_loss_plot_measure;
  gtk_widget_class_set_css_name (widget_class, "lossplot");
}

static void
bs_loss_plot_init (BsLossPlot *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (Point));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               "The value each backward() call started from: the loss curve");
}

GtkWidget *
bs_loss_plot_new (void)
{
  return g_object_new (BS_TYPE_LOSS_PLOT, NULL);
}
