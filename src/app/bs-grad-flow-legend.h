/* bs-grad-flow-legend.h: the legend of the graph's gradient-flow colours
 *
 * Drawn over the graph's corner while the window's gradient-flow mode is on
 * (win.grad-flow, Ctrl+G): what each decade's fill means, and the vanishing and
 * exploding marks (bs-grad-flow.h).
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-palette.h"

G_BEGIN_DECLS

#define BS_TYPE_GRAD_FLOW_LEGEND (bs_grad_flow_legend_get_type ())

G_DECLARE_FINAL_TYPE (BsGradFlowLegend, bs_grad_flow_legend, BS, GRAD_FLOW_LEGEND, GtkWidget)

GtkWidget *bs_grad_flow_legend_new         (void);
/* The palette the graph is drawn with (static). */
void       bs_grad_flow_legend_set_palette (BsGradFlowLegend *self,
                                            const BsPalette  *palette);

/* Ctrl+G toggling win.grad-flow, for the window (it works in the editor too). */
GtkEventController *bs_grad_flow_legend_shortcut (void);

G_END_DECLS
