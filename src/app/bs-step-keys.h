/* bs-step-keys.h: the window's stepping actions and their keys
 *
 * win.step-next/-previous (Right, Left, Space), win.step-first/-last (Home, End),
 * win.statement-* (Ctrl+arrows), win.iteration-* (Alt+Left/Right), win.backward-*
 * (Alt+Up/Down), win.optimizer-* (Alt+Page Up/Down); and Ctrl+C for win.copy-image.
 * The keys act everywhere but in the editor and the text fields, where they move the
 * cursor (Ctrl+C copies text also in the panels' text).
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-stepper.h"

G_BEGIN_DECLS

/* Installs the stepping actions on a window class, each activating activate. */
void                bs_step_keys_install_actions (GtkWidgetClass              *widget_class,
                                                  GtkWidgetActionActivateFunc  activate);
/* The move an action installed above makes; FALSE for another action. */
gboolean            bs_step_keys_lookup          (const char                  *action_name,
                                                  BsStepMove                  *move,
                                                  int                         *direction);
/* The keys, for the window (caught before its own arrow-key focus moves). */
GtkEventController *bs_step_keys_controller      (void);

G_END_DECLS
