/* bs-plots-panel.h: the figures plt.show() had shown by the current step
 *
 * At step k it shows, in the order shown, every figure the script had shown by then
 * (the figures still open at the end appear at the last step), each with buttons to copy
 * it to the clipboard and to export it as PNG, SVG or PDF. ::message carries a line for
 * the user (an export that failed, a copy made).
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TYPE_PLOTS_PANEL (bs_plots_panel_get_type ())

G_DECLARE_FINAL_TYPE (BsPlotsPanel, bs_plots_panel, BS, PLOTS_PANEL, GtkBox)

GtkWidget *bs_plots_panel_new          (void);
/* A run's trace (NULL: none); nothing shown until set_step. */
void       bs_plots_panel_set_trace    (BsPlotsPanel *self,
                                        BsTrace      *trace);
/* Shows figures 1..n_figures (a replayed state's n_figures). */
void       bs_plots_panel_set_step     (BsPlotsPanel *self,
                                        guint32       n_figures);
guint32    bs_plots_panel_get_n_shown  (BsPlotsPanel *self);
/* Each shown figure's heading, one per line ("Figure 1, line 14"). */
char      *bs_plots_panel_get_text     (BsPlotsPanel *self);

G_END_DECLS
