/* bs-sidebar.h: the panels beside the graph, one shown at a time: Chain Rule,
 * Inspector, Output and Plots
 *
 * The window tells it the run, the step and the selected box; ::message carries a line
 * for the user from a panel (a figure exported or copied).
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-run-compare.h"

#include "bs-scene.h"

G_BEGIN_DECLS

#define BS_TYPE_SIDEBAR (bs_sidebar_get_type ())

G_DECLARE_FINAL_TYPE (BsSidebar, bs_sidebar, BS, SIDEBAR, GtkBox)

GtkWidget *bs_sidebar_new            (void);
/* A run: its trace, all it printed (with a traceback when failed), whether it failed. */
void       bs_sidebar_set_run        (BsSidebar          *self,
                                      BsTrace            *trace,
                                      const char         *output,
                                      gboolean            failed);
void       bs_sidebar_set_step       (BsSidebar          *self,
                                      const BsTraceState *state);
/* The chain rule and the inspector for scene's box selected (-1: none) at state;
 * compare (or NULL): Compare mode's pinned run, whose paths the chain rule shows too. */
void       bs_sidebar_show_selection (BsSidebar          *self,
                                      BsScene            *scene,
                                      const BsTraceState *state,
                                      int                 selected,
                                      BsRunCompare       *compare);
/* The same while quiz mode has a question open: the chain rule (its paths and their sums
 * would tell the answers) waits for the answers, the inspector says what the step before
 * shows (bs_inspector_fill_asking). */
void       bs_sidebar_show_asking    (BsSidebar          *self,
                                      BsScene            *scene,
                                      const BsTraceState *state,
                                      int                 selected);
/* A panel's text: "chain", "inspector", "output", "plots" (its figures' headings). */
char      *bs_sidebar_get_text       (BsSidebar          *self,
                                      const char         *panel);
/* The Plots panel (a BsPlotsPanel) */
GtkWidget *bs_sidebar_get_plots      (BsSidebar          *self);

G_END_DECLS
