/* bs-loss-plot.h: every backward call's root value, in order: a training loop's
 * loss curve, with the backward call of the current step marked */
#pragma once

#include <gtk/gtk.h>

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TYPE_LOSS_PLOT (bs_loss_plot_get_type ())

G_DECLARE_FINAL_TYPE (BsLossPlot, bs_loss_plot, BS, LOSS_PLOT, GtkWidget)

GtkWidget *bs_loss_plot_new          (void);
void       bs_loss_plot_set_trace    (BsLossPlot *self,
                                      BsTrace    *trace);   /* NULL: empty */
/* The backward call to mark (0: none). */
void       bs_loss_plot_set_backward (BsLossPlot *self,
                                      guint32     backward);
/* How many points the plot has (backward calls from a one-element root). */
guint      bs_loss_plot_get_n_points (BsLossPlot *self);

G_END_DECLS
