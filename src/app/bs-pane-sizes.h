/* bs-pane-sizes.h: the widths of the window's panes, remembered from one session to the
 * next in the user's state directory (backstep/panes.ini)
 *
 * Two panes: outer (the editor, then the rest) and inner (the graph, then the side
 * panel); the editor's width and the side panel's are kept. The editor's width is the
 * one the user chose: a window too narrow for it narrows the editor (down to its minimum
 * width), and widening the window again gives it back.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Gives the panes the widths saved last time, if any: the editor's at once, the side
 * panel's when inner first gets its width. */
void bs_pane_sizes_restore (GtkPaned *outer,
                            GtkPaned *inner);
/* The editor's width the user chose (by dragging the divider, or restored). */
int  bs_pane_sizes_get_editor_width (GtkPaned *outer);
/* Saves the panes' widths; nothing when they have none yet. Best effort: a state
 * directory that cannot be written only loses them. */
void bs_pane_sizes_save    (GtkPaned *outer,
                            GtkPaned *inner);

G_END_DECLS
