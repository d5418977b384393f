/* bs-grad-flow-legend.c: the legend of the graph's gradient-flow colours */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include "bs-grad-flow-legend.h"

struct _BsGradFlowLegend {
  GtkBox           parent_instance;

  BsGradFlowScale  scale;

  /* Borrowed */
  const BsPalette *palette;
  GtkWidget       *drawing;
  GtkWidget       *norm_button;
  GtkWidget       *ratio_button;
};

G_DEFINE_FINAL_TYPE (BsGradFlowLegend, bs_grad_flow_legend, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
resize_drawing (BsGradFlowLegend *self)
{
  double width, height;

  bs_grad_flow_draw_legend (NULL, self->palette, self->scale, 0, 0, &width, &height);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->drawing), (int) ceil (width) + 2);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->drawing),
                                       (int) ceil (height) + 2);
  gtk_widget_queue_draw (self->drawing);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  BsGradFlowLegend *self = user_data;
  double w, h;

  bs_grad_flow_draw_legend (cr, self->palette, self->scale, 1, 1, &w, &h);
}

static void
scale_toggled (GtkToggleButton  *button,
               BsGradFlowLegend *self)
{
  if (gtk_toggle_button_get_active (button))
    bs_grad_flow_legend_set_scale (self, button == GTK_TOGGLE_BUTTON (self->ratio_button)
                                           ? BS_GRAD_FLOW_RATIO : BS_GRAD_FLOW_NORM);
}

static void
bs_grad_flow_legend_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BsGradFlowLegend *self = BS_GRAD_FLOW_LEGEND (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      g_value_set_int (value, self->scale);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_grad_flow_legend_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BsGradFlowLegend *self = BS_GRAD_FLOW_LEGEND (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      bs_grad_flow_legend_set_scale (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_grad_flow_legend_class_init (BsGradFlowLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bs_grad_flow_legend_get_property;
  object_class->set_property = bs_grad_flow_legend_set_property;
  properties[PROP_SCALE] = g_param_spec_int ("scale", NULL, NULL, BS_GRAD_FLOW_NORM,
                                             BS_GRAD_FLOW_RATIO, BS_GRAD_FLOW_NORM,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                             | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bs_grad_flow_legend_init (BsGradFlowLegend *self)
{
  GtkWidget *switcher = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new ("Colour by");

  self->palette = bs_palette_get (BS_PALETTE_LIGHT);
  gtk_box_set_spacing (GTK_BOX (self), 12);
  self->drawing = gtk_drawing_area_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->drawing), draw, self, NULL);
  gtk_widget_set_can_target (self->drawing, FALSE);
  gtk_box_append (GTK_BOX (self), self->drawing);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (switcher), label);
  gtk_widget_add_css_class (buttons, "linked");
  self->norm_button = gtk_toggle_button_new_with_label ("‖grad‖");
  gtk_widget_set_tooltip_text (self->norm_button, "Colour each box by its gradient's norm");
  self->ratio_button = gtk_toggle_button_new_with_label ("‖grad‖ / ‖value‖");
  gtk_widget_set_tooltip_text (self->ratio_button,
                               "Colour each box by the gradient-to-value ratio");
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->ratio_button),
                               GTK_TOGGLE_BUTTON (self->norm_button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->norm_button), TRUE);
  g_signal_connect_object (self->norm_button, "toggled", G_CALLBACK (scale_toggled), self, 0);
  g_signal_connect_object (self->ratio_button, "toggled", G_CALLBACK (scale_toggled), self, 0);
  gtk_box_append (GTK_BOX (buttons), self->norm_button);
  gtk_box_append (GTK_BOX (buttons), self->ratio_button);
  gtk_box_append (GTK_BOX (switcher), buttons);
  gtk_widget_set_valign (switcher, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self), switcher);
  resize_drawing (self);
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
  resize_drawing (self);
}

BsGradFlowScale
bs_grad_flow_legend_get_scale (BsGradFlowLegend *self)
{
  g_return_val_if_fail (BS_IS_GRAD_FLOW_LEGEND (self), BS_GRAD_FLOW_NORM);
  return self->scale;
}

void
bs_grad_flow_legend_set_scale (BsGradFlowLegend *self,
                               BsGradFlowScale   scale)
{
  g_return_if_fail (BS_IS_GRAD_FLOW_LEGEND (self));
  if (self->scale == scale)
    return;
  self->scale = scale;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (scale == BS_GRAD_FLOW_RATIO
                                                     ? self->ratio_button
                                                     : self->norm_button), TRUE);
  resize_drawing (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
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
