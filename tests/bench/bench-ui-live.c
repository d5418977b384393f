/* bench-ui-live.c: from a keystroke to the new picture, in live mode
 *
 * bench-ui-live [--runs N] [EXAMPLE...]: opens the window under an X server (xvfb-run),
 * and for each example of the Examples menu (or those named): runs it, turns live mode
 * on, puts the cursor on a number of the script (the first decimal number of its code,
 * else the seed of torch.manual_seed, else the first number) and presses Ctrl+Up and
 * Ctrl+Down in turn, N times (default 9), as real key presses through the X server
 * (xdotool). Each time it measures, inside the window, from the key press reaching the
 * window to the end of the first frame that paints the new run's picture; and the part
 * of it the script's run takes (the worker thread). Prints a table: example, boxes,
 * median and slowest milliseconds, median run milliseconds, and how many layouts
 * (Graphviz) the keystrokes caused.
 */
#include <adwaita.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bs-application.h"
#include "bs-graph-stage.h"
#include "bs-graph-view.h"
#include "bs-window.h"

#define TIMEOUT_USEC (60 * G_USEC_PER_SEC)

typedef struct {
  BsGraphView *view;
  BsTrace     *before;       /* the trace shown before the key */
  gint64       key_time;     /* the key press reached the window */
  gint64       painted;      /* the first frame with another trace ended */
  double       key_cpu;      /* the process's CPU seconds (all threads) at each */
  double       painted_cpu;
  guint        layouts;
} Probe;

static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             Probe                 *probe)
{
  if ((keyval == GDK_KEY_Up || keyval == GDK_KEY_Down) && probe->key_time == 0)
    {
      probe->key_time = g_get_monotonic_time ();
      probe->key_cpu = cpu_seconds ();
    }
  return FALSE;
}

static void
after_paint (GdkFrameClock *clock,
             Probe         *probe)
{
  const BsTraceState *state = bs_graph_view_get_state (probe->view);

  if (probe->key_time != 0 && probe->painted == 0 && state != NULL
      && state->trace != probe->before)
    {
      probe->painted = g_get_monotonic_time ();
      probe->painted_cpu = cpu_seconds ();
    }
}

static void
laid_out (Probe *probe)
{
  probe->layouts++;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GtkWidget *
find_text_view (GtkWidget *widget)
{
  if (GTK_IS_TEXT_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
wait_ready (BsWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_USEC;

  while (!bs_window_is_ready (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return bs_window_is_ready (window);
}

static void
spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* The byte offset in text of the number to scrub: a digit inside it, or -1. */
static gssize
find_number (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  gssize offset = 0, first_int = -1, seed = -1, decimal = -1;

  for (guint i = 0; lines[i] != NULL && decimal < 0; i++)
    {
      const char *line = lines[i];
      const char *comment = strchr (line, '#');
      gsize end = comment != NULL ? (gsize) (comment - line) : strlen (line);

      for (gsize c = 0; c < end; c++)
        {
          gboolean starts = g_ascii_isdigit (line[c])
                            && (c == 0 || !(g_ascii_isalnum (line[c - 1]) || line[c - 1] == '_'
                                            || line[c - 1] == '.'));
          gsize d = c;

          if (!starts)
            continue;
          while (d < end && g_ascii_isdigit (line[d]))
            d++;
          if (d < end && line[d] == '.' && decimal < 0)
            decimal = offset + (gssize) c;
          if (seed < 0 && c >= strlen ("manual_seed(")
              && strncmp (line + c - strlen ("manual_seed("), "manual_seed(", 12) == 0)
            seed = offset + (gssize) c;
          if (first_int < 0)
            first_int = offset + (gssize) c;
          c = d;
        }
      offset += (gssize) strlen (line) + 1;
    }
  return decimal >= 0 ? decimal : seed >= 0 ? seed : first_int;
}

static void
press (const char *key)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  const char *argv[] = { xdotool, "key", key, NULL };
  g_autoptr(GError) error = NULL;

  if (!g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
    g_error ("xdotool: %s", error->message);
}

/* One example: its median and slowest keystroke-to-picture, median run, in ms. */
static gboolean
bench_example (BsWindow   *window,
               Probe      *probe,
               const char *name,
               guint       runs)
{
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) run_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GVariant) live = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gssize number;
  guint layouts;

  if (!bs_window_load_example (window, name))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  spin (50);
  if (!wait_ready (window))
    return FALSE;
  live = g_action_group_get_action_state (G_ACTION_GROUP (window), "live");
  if (!g_variant_get_boolean (live))
    g_action_group_activate_action (G_ACTION_GROUP (window), "live", NULL);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  number = find_number (text);
  if (number < 0)
    return FALSE;
  gtk_text_buffer_get_iter_at_offset (buffer, &start,
                                      (int) g_utf8_pointer_to_offset (text, text + number) + 1);
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_widget_grab_focus (find_text_view (GTK_WIDGET (window)));
  spin (200);
  layouts = probe->layouts;
  for (guint i = 0; i < runs; i++)
    {
      gint64 deadline = g_get_monotonic_time () + TIMEOUT_USEC;
      gint64 run_start = 0, run_end = 0;
      double ms;

      probe->before = bs_graph_view_get_state (probe->view)->trace;
      probe->key_time = probe->painted = 0;
      press (i % 2 == 0 ? "ctrl+Up" : "ctrl+Down");
      while (probe->painted == 0 && g_get_monotonic_time () < deadline)
        {
          gboolean running;

          g_main_context_iteration (NULL, TRUE);
          running = bs_window_is_running (window);
          if (running && run_start == 0)
            run_start = g_get_monotonic_time ();
          if (!running && run_start != 0 && run_end == 0)
            run_end = g_get_monotonic_time ();
        }
      if (probe->painted == 0)
        {
          fprintf (stderr, "bench-ui-live: %s: no new picture within %d s\n", name,
                   (int) (TIMEOUT_USEC / G_USEC_PER_SEC));
          return FALSE;
        }
      ms = (probe->painted - probe->key_time) / 1000.0;
      g_array_append_val (times, ms);
      ms = (probe->painted_cpu - probe->key_cpu) * 1000.0;
      g_array_append_val (cpu_times, ms);
      /* (a run that started and ended within one turn of the main loop is not seen) */
      if (run_start != 0 && run_end != 0)
        {
          ms = (run_end - run_start) / 1000.0;
          g_array_append_val (run_times, ms);
        }
      wait_ready (window);
      spin (100);
    }
  g_array_sort (times, compare_doubles);
  g_array_sort (run_times, compare_doubles);
  g_array_sort (cpu_times, compare_doubles);
  printf ("%-22s %6u %10.1f %10.1f %10.1f %10.1f %8u\n", name,
          bs_scene_get_n_nodes (bs_graph_view_get_scene (probe->view)),
          g_array_index (times, double, times->len / 2),
          g_array_index (times, double, times->len - 1),
          g_array_index (cpu_times, double, cpu_times->len / 2),
          run_times->len > 0 ? g_array_index (run_times, double, run_times->len / 2) : NAN,
          probe->layouts - layouts);
  fflush (stdout);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("backstep-bench-ui-live-XXXXXX", NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint runs = 9;
  GtkEventController *keys;
  GdkFrameClock *clock;
  BsWindow *window;
  Probe probe = { NULL };
  int status = 0;

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
      {
        guint n = (guint) g_ascii_strtoull (argv[++i], NULL, 10);

        runs = MAX (n, 1);
      }
    else
      g_ptr_array_add (names, g_strdup (argv[i]));
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  adw_init ();
  bs_application_ensure_resources ();
  /* The first frame of the new picture, not a fade across several. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE, NULL);
  if (names->len == 0)
    {
      g_auto(GStrv) all = g_resources_enumerate_children ("/org/backstep/Backstep/examples/",
                                                          0, NULL);

      for (guint i = 0; all != NULL && all[i] != NULL; i++)
        if (g_str_has_suffix (all[i], ".py"))
          g_ptr_array_add (names, g_strndup (all[i], strlen (all[i]) - strlen (".py")));
      g_ptr_array_sort (names, compare_names);
    }

  window = g_object_new (BS_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  gtk_window_present (GTK_WINDOW (window));
  probe.view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), &probe);
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
  g_signal_connect_swapped (gtk_widget_get_ancestor (GTK_WIDGET (probe.view),
                                                     BS_TYPE_GRAPH_STAGE),
                            "laid-out", G_CALLBACK (laid_out), &probe);
  if (!wait_ready (window))
    return 1;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &probe);

  printf ("%-22s %6s %10s %10s %10s %10s %8s\n", "example", "boxes", "median_ms", "max_ms",
          "cpu_ms", "run_ms", "layouts");
  for (guint i = 0; i < names->len; i++)
    if (!bench_example (window, &probe, names->pdata[i], runs))
      {
        fprintf (stderr, "bench-ui-live: %s could not be measured\n",
                 (const char *) names->pdata[i]);
        status = 1;
      }
  g_signal_handlers_disconnect_by_func (clock, after_paint, &probe);
  gtk_window_destroy (GTK_WINDOW (window));
  return status;
}
