/* bs-grad-flow-legend.c: the legend of the graph's gradient-flow colours */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include "bs-grad-flow.h"
#include "bs-grad-flow-legend.h"

struct _BsGradFlowLegend {
  GtkWidget        parent_instance;

  /* Borrowed */
  const BsPalette *palette;
};

G_DEFINE_FINAL_TYPE (BsGradFlowLegend, bs_grad_flow_legend, GTK_TYPE_WIDGET)

static void
bs_grad_flow_legend_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  BsGradFlowLegend *self = BS_GRAD_FLOW_LEGEND (widget);
  double width, height;

  bs_grad_flow_draw_legend (NULL, self->palette, 0, 0, &width, &height);
  *minimum = *natural = (int) ceil (orientation == GTK_ORIENTATION_HORIZONTAL ? width : height)
                        + 2;
}

static void
bs_grad_flow_legend_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  BsGradFlowLegend *self = BS_GRAD_FLOW_LEGEND (widget);
  double width, height;
  cairo_t *cr;

  bs_grad_flow_draw_legend (NULL, self->palette, 0, 0, &width, &height);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width + 2, height + 2));
  bs_grad_flow_draw_legend (cr, self->palette, 1, 1, &width, &height);
  cairo_destroy (cr);
}

static void
bs_grad_flow_legend_class_init (BsGradFlowLegendClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = bs_grad_flow_legend_measure;
  widget_class->snapshot = bs_grad_flow_legend_snapshot;
}

static void
bs_grad_flow_legend_init (BsGradFlowLegend *self)
{
  self->palette = bs_palette_get (BS_PALETTE_LIGHT);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
bs_grad_flow_legend_new (void)
{
  return g_object_new (BS_TYPE_GRAD_FLOW_LEGEND, NULL);
}

void
bs_grad_flow_legend_set_palette (BsGradFlowLegend *self,
                                 const BsPalette  *palette)
{
  g_return_if_fail (BS_IS_GRAD_FLOW_LEGEND (self));
  g_return_if_fail (palette != NULL);
  self->palette = palette;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GtkEventController *
bs_grad_flow_legend_shortcut (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_g, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.grad-flow")));
  return controller;
}
