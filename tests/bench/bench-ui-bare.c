/* bench-ui-bare.c: the reference for Backstep's start-up time: a bare libadwaita window
 * with a GtkSourceView, ended after its first frame, as `backstep` is under
 * BACKSTEP_QUIT_AFTER_FIRST_GRAPH=1 once its example's graph is drawn. */
#include <adwaita.h>
#include <gtksourceview/gtksource.h>

static void
quit_after_paint (GdkFrameClock *clock,
                  gpointer       app)
{
  g_signal_handlers_disconnect_by_func (clock, quit_after_paint, app);
  g_application_quit (app);
}

static void
activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);

  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), gtk_source_view_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (quit_after_paint), app);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  gtk_source_init ();
  app = adw_application_new ("org.backstep.BenchBare", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
