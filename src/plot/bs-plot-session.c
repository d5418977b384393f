/* bs-plot-session.c: pyplot's state: the open figures, the current one, show() and close() */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-session.h"

struct _BsPlotSession {
  /* Owned */
  GPtrArray      *figures;   /* BsPlotFigure, in number order */
  /* Borrowed */
  GPtrArray      *activity;  /* the same figures, the most recently current last */
  BsPlotFigure   *current;
  BsPlotShowFunc  show;
  gpointer        show_data;
  gboolean        at_end;    /* bs_plot_session_show_at_end is showing */
  gboolean        interactive;
};

BsPlotSession *
bs_plot_session_new (void)
{
  BsPlotSession *session = g_new0 (BsPlotSession, 1);

  session->figures = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_figure_unref);
  session->activity = g_ptr_array_new ();
  return session;
}

void
bs_plot_session_free (BsPlotSession *session)
{
  if (session == NULL)
    return;
  g_ptr_array_unref (session->activity);
  g_ptr_array_unref (session->figures);
  g_free (session);
}

void
bs_plot_session_set_show_func (BsPlotSession  *session,
                               BsPlotShowFunc  func,
                               gpointer        user_data)
{
  session->show = func;
  session->show_data = user_data;
}

static void
make_current (BsPlotSession *session,
              BsPlotFigure  *figure)
{
  g_ptr_array_remove (session->activity, figure);
  g_ptr_array_add (session->activity, figure);
  session->current = figure;
}

BsPlotFigure *
bs_plot_session_figure (BsPlotSession *session,
                        int            number,
                        double         width,
                        double         height,
                        double         dpi)
{
  BsPlotFigure *figure;
  guint at = 0;

  if (number <= 0)
    {
      number = 1;
      for (guint i = 0; i < session->figures->len; i++)
        number = MAX (number, ((BsPlotFigure *) g_ptr_array_index (session->figures, i))->number + 1);
    }
  for (at = 0; at < session->figures->len; at++)
    {
      figure = g_ptr_array_index (session->figures, at);
      if (figure->number == number)
        {
          make_current (session, figure);
          return figure;
        }
      if (figure->number > number)
        break;
    }
  figure = bs_plot_figure_new (number, width, height, dpi);
  g_ptr_array_insert (session->figures, (int) at, figure);
  make_current (session, figure);
  return figure;
}

BsPlotFigure *
bs_plot_session_gcf (BsPlotSession *session)
{
  if (session->current == NULL)
    return bs_plot_session_figure (session, 0, 0, 0, 0);
  return session->current;
}

BsPlotAxes *
bs_plot_session_gca (BsPlotSession *session)
{
  return bs_plot_figure_gca (bs_plot_session_gcf (session));
}

gboolean
bs_plot_session_close (BsPlotSession *session,
                       int            number)
{
  for (guint i = 0; i < session->figures->len; i++)
    {
      BsPlotFigure *figure = g_ptr_array_index (session->figures, i);

      if (figure->number != number)
        continue;
      g_ptr_array_remove (session->activity, figure);
      g_ptr_array_remove_index (session->figures, i);
      /* the figure that was current most recently becomes current, as pyplot's Gcf */
      session->current = session->activity->len > 0
                         ? g_ptr_array_index (session->activity, session->activity->len - 1)
                         : NULL;
      return TRUE;
    }
  return FALSE;
}

void
bs_plot_session_close_all (BsPlotSession *session)
{
  g_ptr_array_set_size (session->activity, 0);
  g_ptr_array_set_size (session->figures, 0);
  session->current = NULL;
}

guint
bs_plot_session_show (BsPlotSession *session)
{
  guint shown = bs_plot_session_show_open (session);

  bs_plot_session_close_all (session);
  return shown;
}

guint
bs_plot_session_show_open (BsPlotSession *session)
{
  for (guint i = 0; i < session->figures->len && session->show != NULL; i++)
    {
      g_autoptr(BsPlotFigure) copy = bs_plot_figure_copy (g_ptr_array_index (session->figures, i));
      session->show (copy, session->show_data);
    }
  return session->figures->len;
}

void
bs_plot_session_set_interactive (BsPlotSession *session,
                                 gboolean       interactive)
{
  session->interactive = interactive;
}

gboolean
bs_plot_session_is_interactive (BsPlotSession *session)
{
  return session->interactive;
}

guint
bs_plot_session_show_at_end (BsPlotSession *session)
{
  guint shown;

  session->at_end = TRUE;
  shown = bs_plot_session_show (session);
  session->at_end = FALSE;
  return shown;
}

gboolean
bs_plot_session_is_at_end (BsPlotSession *session)
{
  return session->at_end;
}

GPtrArray *
bs_plot_session_get_figures (BsPlotSession *session)
{
  return session->figures;
}
