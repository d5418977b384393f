/* bs-output-panel.h: what the script printed, and its loss curve
 *
 * At step k it shows what the script had printed by then (from the step of the error
 * that stopped it, or at the last step, everything, traceback included) under the loss
 * curve with the backward call of step k marked.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TYPE_OUTPUT_PANEL (bs_output_panel_get_type ())

G_DECLARE_FINAL_TYPE (BsOutputPanel, bs_output_panel, BS, OUTPUT_PANEL, GtkBox)

GtkWidget *bs_output_panel_new      (void);
/* A run: its trace, all it printed (with a traceback when failed), whether it failed. */
void       bs_output_panel_set_run  (BsOutputPanel *self,
                                     BsTrace       *trace,
                                     const char    *output,
                                     gboolean       failed);
void       bs_output_panel_set_step (BsOutputPanel *self,
                                     guint64        step,
                                     guint32        last_backward);
char      *bs_output_panel_get_text (BsOutputPanel *self);

G_END_DECLS
