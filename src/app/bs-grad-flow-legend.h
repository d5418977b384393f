/* bs-grad-flow-legend.h: the legend of the graph's gradient-flow colours
 *
 * Shown in a strip under the graph while the window's gradient-flow mode is on
 * (win.grad-flow, Ctrl+G), so that it never covers a box: what each decade's fill
 * means, the vanishing and exploding marks (bs-grad-flow.h), and the switch between
 * the two scales, the gradient's norm and its ratio to the value's ("scale").
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-grad-flow.h"
#include "bs-palette.h"

G_BEGIN_DECLS

#define BS_TYPE_GRAD_FLOW_LEGEND (bs_grad_flow_legend_get_type ())

G_DECLARE_FINAL_TYPE (BsGradFlowLegend, bs_grad_flow_legend, BS, GRAD_FLOW_LEGEND, GtkBox)

GtkWidget       *bs_grad_flow_legend_new         (void);
/* The palette the graph is drawn with (static). */
void             bs_grad_flow_legend_set_palette (BsGradFlowLegend *self,
                                                  const BsPalette  *palette);
BsGradFlowScale  bs_grad_flow_legend_get_scale   (BsGradFlowLegend *self);
void             bs_grad_flow_legend_set_scale   (BsGradFlowLegend *self,
                                                  BsGradFlowScale   scale);

/* Ctrl+G toggling win.grad-flow, for the window (it works in the editor too). */
GtkEventController *bs_grad_flow_legend_shortcut (void);

G_END_DECLS
