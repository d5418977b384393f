/* bs-grad-norm-plot.h: a parameter's gradient norm per backward call, on a log scale
 *
 * The inspector shows it for a leaf that a training loop's backward calls reach more
 * than once (bs_grad_flow_series()): a gradient that shrinks or blows up over the
 * iterations is seen at a glance. The current backward call is marked.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_TYPE_GRAD_NORM_PLOT (bs_grad_norm_plot_get_type ())

G_DECLARE_FINAL_TYPE (BsGradNormPlot, bs_grad_norm_plot, BS, GRAD_NORM_PLOT, GtkWidget)

/* points: BsGradFlowPoint (taken); backward: the one to mark (0: none). */
GtkWidget *bs_grad_norm_plot_new (GArray  *points,
                                  guint32  backward);

G_END_DECLS
