/* bs-window.h: the stepping debugger's main window */
#pragma once

#include <adwaita.h>

#include "bs-application.h"

G_BEGIN_DECLS

#define BS_TYPE_WINDOW (bs_window_get_type ())

G_DECLARE_FINAL_TYPE (BsWindow, bs_window, BS, WINDOW, AdwApplicationWindow)

BsWindow   *bs_window_new          (BsApplication *application);
void        bs_window_open_file    (BsWindow      *self,
                                    GFile         *file);
/* Replaces the editor's text with a built-in example ("01-two-paths"). */
gboolean    bs_window_load_example (BsWindow      *self,
                                    const char    *name);

/* For tests and the benchmark: the step shown and the number of steps (0: no trace). */
guint64     bs_window_get_step     (BsWindow      *self);
guint64     bs_window_get_n_steps  (BsWindow      *self);
void        bs_window_show_step    (BsWindow      *self,
                                    guint64        step);
gboolean    bs_window_is_running   (BsWindow      *self);
/* Not running, and the graph of the last run laid out and shown. */
gboolean    bs_window_is_ready     (BsWindow      *self);
/* Selects the box of the tensor bound to name at the current step. */
gboolean    bs_window_select_tensor (BsWindow     *self,
                                     const char   *name);
/* What a part of the window shows as plain text: "step" (the explanation under the
 * graph), "chain", "inspector", "output", "error" (the banner, "" when hidden),
 * "title" (the subtitle), "plots" (the headings of the figures shown), "quiz" (the quiz
 * bar's question, score and answer), "box NAME" (the tooltip of the box of the tensor
 * bound to NAME, "" when there is none). */
char       *bs_window_get_text     (BsWindow      *self,
                                    const char    *part);
/* The editor's text. */
GtkTextBuffer *bs_window_get_buffer (BsWindow    *self);
/* The graph view, to wait for frames. */
GtkWidget  *bs_window_get_graph_view (BsWindow    *self);
/* The timeline under the graph (a BsTimeline), the step number field. */
GtkWidget  *bs_window_get_timeline   (BsWindow    *self);
/* The Plots view (a BsPlotsPanel) */
GtkWidget  *bs_window_get_plots      (BsWindow    *self);
GtkWidget  *bs_window_get_step_field (BsWindow    *self);

G_END_DECLS
