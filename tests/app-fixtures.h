/* app-fixtures.h: driving the real window under Xvfb, for the app tests
 *
 * Waiting for the window (with deadlines, so that a wait for something that never comes
 * fails instead of hanging), opening an example and running it, real key presses through
 * the X server (xdotool), and what the window's panels say.
 */
#pragma once

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <string.h>

#include "bs-application.h"
#include "bs-window.h"

#define READY_TIMEOUT_USEC (60 * G_USEC_PER_SEC)

static inline gboolean
keep_waking (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Until done (window), for at most READY_TIMEOUT_USEC: the main loop is woken every
 * 50 ms, so that a wait for something that never comes ends at the deadline. */
static inline gboolean
wait_until (BsWindow *window,
            gboolean (*done) (BsWindow *))
{
  gint64 deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
  guint waker = g_timeout_add (50, keep_waking, NULL);

  while (!done (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (waker);
  return done (window);
}

static inline void
spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

static inline BsWindow *
open_example (const char *name)
{
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (bs_window_load_example (window, name));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  g_assert_true (wait_until (window, bs_window_is_ready));
  return window;
}

static inline void
close_window (BsWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

static inline void
assert_text_contains (BsWindow   *window,
                      const char *part,
                      const char *needle)
{
  g_autofree char *text = bs_window_get_text (window, part);

  if (strstr (text, needle) == NULL)
    g_error ("the %s panel says\n%s\nwithout \"%s\"", part, text, needle);
}

static inline void
count_frame (GdkFrameClock *clock,
             guint         *frames)
{
  (*frames)++;
}

/* Until the window has painted two frames since now: what it shows is on screen. */
static inline void
wait_for_frames (BsWindow *window)
{
  GdkFrameClock *clock;
  gint64 deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
  guint frames = 0;

  while (gtk_widget_get_frame_clock (GTK_WIDGET (window)) == NULL
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_assert_nonnull (clock);
  g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);
  while (frames < 2 && g_get_monotonic_time () < deadline)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handlers_disconnect_by_func (clock, count_frame, &frames);
  g_assert_cmpuint (frames, >=, 2);
}

static inline void
xdotool_key (const char *key)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { xdotool, "key", key, NULL };
  int status;

  g_assert_nonnull (xdotool);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
}

/* A real click at (x, y) of widget, through the X server. */
static inline void
click_widget (BsWindow  *window,
              GtkWidget *widget,
              double     x,
              double     y)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;
  g_autoptr(GError) error = NULL;
  graphene_point_t point;
  double surface_x, surface_y;
  int status;

  g_assert_nonnull (xdotool);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (x, y), &point));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &surface_x, &surface_y);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (
                           gtk_native_get_surface (GTK_NATIVE (window))));
  sx = g_strdup_printf ("%d", (int) (point.x + surface_x));
  sy = g_strdup_printf ("%d", (int) (point.y + surface_y));
  {
    const char *argv[] = { xdotool, "mousemove", "--window", xid, sx, sy, "click", "1", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, NULL, &status, &error));
    g_assert_no_error (error);
  }
}

/* GTK, libadwaita and the tests' settings, before any test is added. */
static inline void
app_test_init (int    *argc,
               char ***argv)
{
  g_autofree char *state_dir = g_dir_make_tmp ("backstep-test-app-XXXXXX", NULL);

  /* A private state directory: no draft of the user's comes back in these windows. */
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* Screenshots comparable from run to run: software drawing, no animation, no blink,
   * the light style whatever the desktop says. */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("ADW_DISABLE_PORTAL", "1", TRUE);
  g_test_init (argc, argv, NULL);
  gtk_init ();
  adw_init ();
  bs_application_ensure_resources ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE, NULL);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_LIGHT);
}
