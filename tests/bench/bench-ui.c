/* bench-ui.c: how quickly the window answers a step key
 *
 * bench-ui SCRIPT [STEPS]: opens the window on SCRIPT, waits until its graph is laid
 * out and drawn, then presses "next step" STEPS times (default 60). For each it times
 * the work: the action (replaying the state, texts, recording the drawing) plus the
 * frame that paints it (layout, snapshot, rendering), and the wall time from the
 * action to the end of that frame, which also counts the wait for the display's next
 * frame (up to one refresh interval, 16.7 ms at 60 Hz). Prints the scene's box count,
 * the medians, then "seconds <median work>" on its last line. Graphviz runs on the
 * layout thread; the main thread only replays, draws and paints.
 */
#include <adwaita.h>
#include <stdio.h>

#include "bs-application.h"
#include "bs-graph-view.h"
#include "bs-window.h"

typedef struct {
  gboolean painted;
  gint64   frame_start;   /* when the frame clock began the frame that paints the step */
  gint64   frame_end;
} Frame;

static void
frame_begins (GdkFrameClock *clock,
              Frame         *frame)
{
  frame->frame_start = g_get_monotonic_time ();
}

static void
after_paint (GdkFrameClock *clock,
             Frame         *frame)
{
  frame->frame_end = g_get_monotonic_time ();
  frame->painted = TRUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("backstep-bench-ui-XXXXXX", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) walls = g_array_new (FALSE, FALSE, sizeof (double));
  guint steps = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 60;
  GdkFrameClock *clock;
  BsGraphView *view;
  BsWindow *window;
  Frame frame = { FALSE };
  gint64 deadline;

  if (argc < 2)
    {
      fprintf (stderr, "usage: bench-ui SCRIPT [STEPS]\n");
      return 2;
    }
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  adw_init ();
  bs_application_ensure_resources ();
  /* Each step's own frame, not a fade across several. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  window = g_object_new (BS_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  file = g_file_new_for_commandline_arg (argv[1]);
  bs_window_open_file (window, file);
  deadline = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!bs_window_is_ready (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (!bs_window_is_ready (window))
    {
      fprintf (stderr, "bench-ui: %s did not finish laying out in 300 s\n", argv[1]);
      return 1;
    }

  view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  bs_window_show_step (window, 0);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (view));
  g_signal_connect (clock, "update", G_CALLBACK (frame_begins), &frame);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &frame);
  for (guint i = 0; i < steps && bs_window_get_step (window) + 1 < bs_window_get_n_steps (window);
       i++)
    {
      gint64 start = g_get_monotonic_time ();
      gint64 acted;
      double work, wall;

      frame.painted = FALSE;
      gtk_widget_activate_action (GTK_WIDGET (window), "win.step-next", NULL);
      acted = g_get_monotonic_time ();
      while (!frame.painted)
        g_main_context_iteration (NULL, TRUE);
      work = ((acted - start) + (frame.frame_end - MAX (frame.frame_start, acted))) / 1000.0;
      wall = (frame.frame_end - start) / 1000.0;
      g_array_append_val (times, work);
      g_array_append_val (walls, wall);
    }
  g_signal_handlers_disconnect_by_func (clock, after_paint, &frame);
  g_signal_handlers_disconnect_by_func (clock, frame_begins, &frame);
  if (times->len == 0)
    {
      fprintf (stderr, "bench-ui: %s has no steps to take\n", argv[1]);
      return 1;
    }
  g_array_sort (times, compare_doubles);
  g_array_sort (walls, compare_doubles);
  printf ("boxes %u\n", bs_scene_get_n_nodes (bs_graph_view_get_scene (view)));
  printf ("steps %u\n", times->len);
  printf ("wall_ms %.3f\n", g_array_index (walls, double, walls->len / 2));
  printf ("seconds %.6f\n", g_array_index (times, double, times->len / 2) / 1000.0);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
