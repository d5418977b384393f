/* bs-plot-session.h: pyplot's state: the open figures, the current one, show() and close()
 *
 * As matplotlib.pyplot keeps it: figures are numbered from 1, figure() without a number
 * makes the next one, figure(N) makes N current (creating it if needed), gcf() and gca()
 * make a figure or axes when there is none. show() hands every open figure, in number
 * order, to the show function as a copy (later changes to the figure do not reach what
 * was shown), then closes them, as pyplot does with a window.
 */
#pragma once

#include "bs-plot-figure.h"

G_BEGIN_DECLS

typedef struct _BsPlotSession BsPlotSession;

/* FIGURE is a copy the function may keep (with bs_plot_figure_ref). */
typedef void (*BsPlotShowFunc) (BsPlotFigure *figure,
                                gpointer      user_data);

BsPlotSession *bs_plot_session_new           (void);
void           bs_plot_session_free          (BsPlotSession  *session);
void           bs_plot_session_set_show_func (BsPlotSession  *session,
                                              BsPlotShowFunc  func,
                                              gpointer        user_data);
/* figure(num=NUMBER, figsize=(WIDTH, HEIGHT), dpi=DPI): NUMBER 0 makes a new figure;
 * sizes of 0 take the defaults (and are ignored for a figure that exists). Borrowed. */
BsPlotFigure  *bs_plot_session_figure        (BsPlotSession  *session,
                                              int             number,
                                              double          width,
                                              double          height,
                                              double          dpi);
BsPlotFigure  *bs_plot_session_gcf           (BsPlotSession  *session);
BsPlotAxes    *bs_plot_session_gca           (BsPlotSession  *session);
/* close(NUMBER); FALSE when there is no such figure (pyplot then does nothing). */
gboolean       bs_plot_session_close         (BsPlotSession  *session,
                                              int             number);
void           bs_plot_session_close_all     (BsPlotSession  *session);
/* show(): returns how many figures were shown. */
guint          bs_plot_session_show          (BsPlotSession  *session);
/* pause(), and show() in interactive mode: every open figure is shown as it is now and
 * stays open, as a window that a live plot redraws. */
guint          bs_plot_session_show_open     (BsPlotSession  *session);
/* ion(), ioff(), isinteractive() */
void           bs_plot_session_set_interactive (BsPlotSession *session,
                                                gboolean       interactive);
gboolean       bs_plot_session_is_interactive  (BsPlotSession *session);
/* The figures still open when a script or a notebook cell ends (Jupyter's inline backend
 * shows them then), shown and closed as show() does; bs_plot_session_is_at_end() is TRUE
 * while the show function gets them. */
guint          bs_plot_session_show_at_end   (BsPlotSession  *session);
gboolean       bs_plot_session_is_at_end     (BsPlotSession  *session);
/* The open figures in number order (borrowed). */
GPtrArray     *bs_plot_session_get_figures   (BsPlotSession  *session);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPlotSession, bs_plot_session_free)

G_END_DECLS
