/* test-export-dialog.c: the window's Export dialog under Xvfb, driven with real keys
 *
 * Export opens it on the graph shown; its preview appears and follows the options; the
 * file chooser writes where it is told; the choices come back in the next dialog (and
 * from export.ini in the test's own state directory). Export › Animation opens it on the
 * backward pass; the GIF written is read back with giflib's decoder; an animation
 * being written stops at Escape and leaves no file.
 */
#include <gif_lib.h>
#include <glib/gstdio.h>
#include <math.h>

#include "app-fixtures.h"
#include "bs-export-dialog.h"
#include "bs-export.h"
#include "bs-graph-view.h"
#include "bs-trace.h"

/* Runs the main loop until done (data) or the deadline; done's last answer. */
static gboolean
loop_until (gboolean (*done) (gpointer),
            gpointer  data)
{
  gint64 deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
  guint waker = g_timeout_add (50, keep_waking, NULL);

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (waker);
  return done (data);
}

/* The shown toplevel of type, or NULL. */
static GtkWindow *
find_toplevel (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_mapped (l->data))
      return l->data;
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_toplevel (BS_TYPE_EXPORT_DIALOG) != NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return find_toplevel (BS_TYPE_EXPORT_DIALOG) == NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  return find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

/* The preview is made, or the dialog says why it cannot be. */
static gboolean
preview_settled (gpointer dialog)
{
  return bs_export_dialog_get_summary (dialog) != NULL
         || bs_export_dialog_get_status (dialog) != NULL;
}

static void
wait_for_preview (BsExportDialog *dialog)
{
  g_assert_true (loop_until (preview_settled, dialog));
  g_assert_cmpstr (bs_export_dialog_get_status (dialog), ==, NULL);
  g_assert_nonnull (bs_export_dialog_get_preview (dialog));
}

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Runs xdotool with args (NULL-terminated) after focusing window's X window. */
static void
xdotool (GtkWindow  *window,
         const char *first,
         ...)
{
  g_autofree char *program = g_find_program_in_path ("xdotool");
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  va_list args;
  int status;

  g_assert_nonnull (program);
  g_ptr_array_add (argv, g_strdup (program));
  g_ptr_array_add (argv, g_strdup ("windowfocus"));
  g_ptr_array_add (argv, g_strdup ("--sync"));
  g_ptr_array_add (argv, g_strdup_printf ("%lu", gdk_x11_surface_get_xid (surface)));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The Export dialog of window's action (its accelerator, Ctrl+E, is the application's),
 * with its preview made. */
static BsExportDialog *
open_dialog (BsWindow   *window,
             const char *action)
{
  BsExportDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  g_assert_true (loop_until (dialog_shown, NULL));
  dialog = BS_EXPORT_DIALOG (find_toplevel (BS_TYPE_EXPORT_DIALOG));
  g_assert_true (loop_until (preview_settled, dialog));
  return dialog;
}

/* The widget of type under widget whose accessible or tooltip text is text, or the first
 * of type when text is NULL. */
static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *tooltip)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
      && (tooltip == NULL || g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, tooltip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The row titled title. */
static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  GtkWindow *window;
  GtkWidget *widget;
} Focus;

static gboolean
focus_inside (gpointer data)
{
  Focus *focus = data;
  GtkWidget *widget = gtk_window_get_focus (focus->window);

  return widget != NULL && (widget == focus->widget
                            || gtk_widget_is_ancestor (widget, focus->widget));
}

static gboolean
focus_outside (gpointer data)
{
  return !focus_inside (data);
}

/* Types text into field (focused first), replacing what it had, and moves on with Tab;
 * returns once the focus has left it (its value taken). */
static void
type_into (BsExportDialog *dialog,
           GtkWidget      *field,
           const char     *text)
{
  Focus focus = { GTK_WINDOW (dialog), field };

  gtk_widget_grab_focus (field);
  g_assert_true (loop_until (focus_inside, &focus));
  xdotool (GTK_WINDOW (dialog), "key", "ctrl+a", "type", "--delay", "20", text, NULL);
  xdotool (GTK_WINDOW (dialog), "key", "Tab", NULL);
  g_assert_true (loop_until (focus_outside, &focus));
}

/* The combo row's list of choices is open. */
static gboolean
list_shown (gpointer row)
{
  GtkWidget *popover = find_widget (row, GTK_TYPE_POPOVER, NULL);

  return popover != NULL && gtk_widget_get_mapped (popover);
}

static gboolean
second_selected (gpointer row)
{
  return adw_combo_row_get_selected (row) == 1;
}

/* The text of chooser's focused entry, "" when no entry has the focus yet. */
static const char *
chooser_text (GtkWindow *chooser)
{
  GtkWidget *focus = gtk_window_get_focus (chooser);

  return GTK_IS_EDITABLE (focus) ? gtk_editable_get_text (GTK_EDITABLE (focus)) : "";
}

static gboolean
chooser_has_name (gpointer chooser)
{
  return *chooser_text (chooser) != '\0';
}

typedef struct {
  GtkWindow  *chooser;
  const char *text;
} Typed;

static gboolean
chooser_has_text (gpointer data)
{
  Typed *typed = data;

  return g_str_equal (chooser_text (typed->chooser), typed->text);
}

/* Ctrl+Enter in the dialog, then (once its name field shows the suggested name) name
 * typed into the file chooser and, once it is there, Enter. (A name, not a path: the
 * chooser completes folders as they are typed, in its own time.) */
static void
export_to (BsExportDialog *dialog,
           const char     *name)
{
  Typed typed = { .text = name };

  xdotool (GTK_WINDOW (dialog), "key", "ctrl+Return", NULL);
  g_assert_true (loop_until (chooser_shown, NULL));
  typed.chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_true (loop_until (chooser_has_name, typed.chooser));
  xdotool (typed.chooser, "key", "ctrl+a", "type", "--delay", "10", name, NULL);
  if (!loop_until (chooser_has_text, &typed))
    g_error ("the file chooser has \"%s\", not \"%s\"", chooser_text (typed.chooser), name);
  xdotool (typed.chooser, "key", "Return", NULL);
}

/* With BACKSTEP_SHOTS=DIR, the screen as DIR/export-NAME.png (to look at the dialog). */
static void
shoot (const char *name)
{
  const char *dir = g_getenv ("BACKSTEP_SHOTS");
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  spin (300);
  file = g_strdup_printf ("export-%s.png", name);
  path = g_build_filename (dir, file, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 NULL, NULL, NULL, NULL));
  }
}

/* export.ini says the last export went to folder (the rest as it was). */
static void
remember_folder (const char *folder)
{
  BsExportSettings settings;

  bs_export_settings_init (&settings);
  bs_export_settings_load (&settings, NULL);
  g_free (settings.folder);
  settings.folder = g_strdup (folder);
  bs_export_settings_save (&settings, NULL);
  bs_export_settings_clear (&settings);
}

static const char *
folder_shown (BsExportDialog *dialog)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Folder")));
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("backstep-export-dialog-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Export: the folder of the last session's export (export.ini); a PNG preview at scale 2
 * (the default) with the picture's pixel size; typed scale 3 and the SVG format picked
 * with keys: the preview follows; Ctrl+Enter and "../two-paths.svg" typed into the file
 * chooser write the SVG in the folder above. The next dialog comes back with SVG at
 * scale 3 and that folder, where its file chooser opens: Enter writes the suggested
 * name there. */
static void
test_preview_and_settings (void)
{
  BsWindow *window = open_example ("01-two-paths");
  BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
  g_autofree char *dir = temp_dir ();
  g_autofree char *other = g_build_filename (dir, "other", NULL);
  g_autofree char *svg = g_build_filename (dir, "two-paths.svg", NULL);
  g_autofree char *second = g_build_filename (dir, "01-two-paths.svg", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  BsExportDialog *dialog;
  BsExportChoice choice;
  GtkWindow *chooser;
  GtkWidget *format_row;
  Focus focus;
  double width, height;

  g_assert_cmpint (g_mkdir (other, 0700), ==, 0);
  remember_folder (other);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-last", NULL);
  bs_scene_get_size (scene, &width, &height);
  dialog = open_dialog (window, "win.export");
  wait_for_preview (dialog);
  bs_export_dialog_get_choice (dialog, &choice);
  g_assert_cmpint (choice.kind, ==, BS_EXPORT_KIND_STEP);
  g_assert_cmpint (choice.format, ==, BS_EXPORT_PNG);
  g_assert_cmpstr (folder_shown (dialog), ==, other);
  expected = g_strdup_printf ("PNG, %.0f × %.0f pixels, ", ceil (width * 2), ceil (height * 2));
  g_assert_true (g_str_has_prefix (bs_export_dialog_get_summary (dialog), expected));
  g_clear_pointer (&expected, g_free);
  shoot ("png");

  /* scale 3, typed */
  type_into (dialog, find_widget (find_row (GTK_WIDGET (dialog), "Scale"),
                                  GTK_TYPE_SPIN_BUTTON, NULL), "3");
  wait_for_preview (dialog);
  expected = g_strdup_printf ("PNG, %.0f × %.0f pixels, ", ceil (width * 3), ceil (height * 3));
  g_assert_true (g_str_has_prefix (bs_export_dialog_get_summary (dialog), expected));

  /* SVG, chosen in the format row's list: Enter opens it, Down and Enter pick the second */
  format_row = find_row (GTK_WIDGET (dialog), "Format");
  focus = (Focus) { GTK_WINDOW (dialog), format_row };
  gtk_widget_grab_focus (format_row);
  g_assert_true (loop_until (focus_inside, &focus));
  xdotool (GTK_WINDOW (dialog), "key", "Return", NULL);
  g_assert_true (loop_until (list_shown, format_row));
  spin (100);
  xdotool (GTK_WINDOW (dialog), "key", "Down", "key", "Return", NULL);
  g_assert_true (loop_until (second_selected, format_row));
  wait_for_preview (dialog);
  g_assert_true (g_str_has_prefix (bs_export_dialog_get_summary (dialog), "SVG, "));
  /* the scale is a PNG's: hidden for SVG */
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Scale")));

  shoot ("svg");
  export_to (dialog, "../two-paths.svg");
  g_assert_true (loop_until (file_exists, svg));
  g_assert_true (loop_until (dialog_gone, NULL));
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, ">w1</text>"));

  /* the next dialog: as left, in the folder of the file written */
  dialog = open_dialog (window, "win.export");
  wait_for_preview (dialog);
  bs_export_dialog_get_choice (dialog, &choice);
  g_assert_cmpint (choice.kind, ==, BS_EXPORT_KIND_STEP);
  g_assert_cmpint (choice.format, ==, BS_EXPORT_SVG);
  g_assert_cmpfloat (choice.scale, ==, 3);
  g_assert_cmpstr (folder_shown (dialog), ==, dir);
  g_assert_true (g_str_has_prefix (bs_export_dialog_get_summary (dialog), "SVG, "));
  xdotool (GTK_WINDOW (dialog), "key", "ctrl+Return", NULL);
  g_assert_true (loop_until (chooser_shown, NULL));
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_true (loop_until (chooser_has_name, chooser));
  g_assert_cmpstr (chooser_text (chooser), ==, "01-two-paths.svg");
  xdotool (chooser, "key", "Return", NULL);
  g_assert_true (loop_until (file_exists, second));
  g_assert_true (loop_until (dialog_gone, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (g_remove (svg), ==, 0);
  g_assert_cmpint (g_remove (second), ==, 0);
  g_assert_cmpint (g_rmdir (other), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Seed 003's first backward call (retain_graph=True), from the trace's own events */
static void
first_backward (BsTrace *trace,
                guint64 *first,
                guint64 *last)
{
  gboolean begun = FALSE;

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->type == BS_TRACE_EVENT_BACKWARD_BEGIN && !begun)
        {
          *first = event->step;
          begun = TRUE;
        }
      if (event->type == BS_TRACE_EVENT_BACKWARD_END && begun)
        {
          *last = event->step;
          return;
        }
    }
  g_assert_not_reached ();
}

/* Export › Animation: the dialog on the GIF of the first backward pass (whatever was
 * chosen last); a frame time typed; the GIF written has one frame per step, each the
 * size of the screen, shown that long, as giflib's decoder reads it. */
static void
test_animation (void)
{
  BsWindow *window = open_example ("02-retain-graph");
  BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "backward.gif", NULL);
  g_autofree char *expected = NULL;
  BsExportDialog *dialog;
  BsExportChoice choice;
  GifFileType *gif;
  guint64 first = 0, last = 0;
  int code = 0;

  first_backward (bs_scene_get_trace (scene), &first, &last);
  remember_folder (dir);
  dialog = open_dialog (window, "win.export-animation");
  wait_for_preview (dialog);
  bs_export_dialog_get_choice (dialog, &choice);
  g_assert_cmpint (choice.kind, ==, BS_EXPORT_KIND_ANIMATION);
  g_assert_cmpint (choice.animation_format, ==, BS_ANIMATION_GIF);
  g_assert_cmpuint (choice.first, ==, first);
  g_assert_cmpuint (choice.last, ==, last);
  expected = g_strdup_printf ("GIF, %" G_GUINT64_FORMAT " frames of ", last - first + 1);
  g_assert_true (g_str_has_prefix (bs_export_dialog_get_summary (dialog), expected));

  type_into (dialog, find_widget (find_row (GTK_WIDGET (dialog), "Frame time"),
                                  GTK_TYPE_SPIN_BUTTON, NULL), "250");
  wait_for_preview (dialog);
  shoot ("animation");
  bs_export_dialog_get_choice (dialog, &choice);
  g_assert_cmpuint (choice.frame_ms, ==, 250);

  export_to (dialog, "backward.gif");
  g_assert_true (loop_until (dialog_gone, NULL));
  g_assert_true (file_exists (path));
  gif = DGifOpenFileName (path, &code);
  g_assert_nonnull (gif);
  g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
  g_assert_cmpint (gif->ImageCount, ==, (int) (last - first + 1));
  for (int i = 0; i < gif->ImageCount; i++)
    {
      GraphicsControlBlock control;

      g_assert_cmpint (gif->SavedImages[i].ImageDesc.Width, ==, gif->SWidth);
      g_assert_cmpint (gif->SavedImages[i].ImageDesc.Height, ==, gif->SHeight);
      g_assert_cmpint (DGifSavedExtensionToGCB (gif, i, &control), ==, GIF_OK);
      g_assert_cmpint (control.DelayTime, ==, 25);
    }
  g_assert_cmpint (DGifCloseFile (gif, &code), ==, GIF_OK);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static gboolean
writing (gpointer dialog)
{
  return bs_export_dialog_is_writing (dialog);
}

static gboolean
stopped (gpointer dialog)
{
  return !bs_export_dialog_is_writing (dialog);
}

/* Example 14's long graph at the scale left by the tests before (3): too wide for a
 * GIF, which the dialog says before anything is written, Export refused. At scale 0.5,
 * every step of the run as a WebP: Escape while it is written stops the writing; the
 * dialog says so and stays, and no file is left. */
static void
test_too_large_and_cancel (void)
{
  BsWindow *window = open_example ("14-rnn-vanishing");
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "long.webp", NULL);
  BsExportDialog *dialog;
  GtkWidget *format_row, *steps_row;

  remember_folder (dir);
  dialog = open_dialog (window, "win.export-animation");
  g_assert_nonnull (strstr (bs_export_dialog_get_status (dialog), "a GIF stops at 32767 a side "
                                                                  "(use a smaller scale)"));
  g_assert_null (bs_export_dialog_get_preview (dialog));
  shoot ("too-large");
  xdotool (GTK_WINDOW (dialog), "key", "ctrl+Return", NULL);
  spin (300);
  g_assert_false (chooser_shown (NULL));

  type_into (dialog, find_widget (find_row (GTK_WIDGET (dialog), "Scale"), GTK_TYPE_SPIN_BUTTON,
                                  NULL), "0.5");
  wait_for_preview (dialog);
  steps_row = find_row (GTK_WIDGET (dialog), "Steps");
  type_into (dialog, find_widget (steps_row, GTK_TYPE_SPIN_BUTTON, "The first frame's step"),
             "0");
  type_into (dialog, find_widget (steps_row, GTK_TYPE_SPIN_BUTTON, "The last frame's step"),
             "100000");
  format_row = find_row (GTK_WIDGET (dialog), "Format");
  adw_combo_row_set_selected (ADW_COMBO_ROW (format_row), BS_ANIMATION_WEBP);
  wait_for_preview (dialog);

  export_to (dialog, "long.webp");
  g_assert_true (loop_until (writing, dialog));
  shoot ("writing");
  xdotool (GTK_WINDOW (dialog), "key", "Escape", NULL);
  g_assert_true (loop_until (stopped, dialog));
  g_assert_cmpstr (bs_export_dialog_get_status (dialog), ==, "Stopped: nothing was written");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  g_assert_false (file_exists (path));
  shoot ("stopped");

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* export.ini says the last export was kind (format) to folder. */
static void
remember_choice (BsExportKind    kind,
                 BsExportFormat  format,
                 const char     *folder)
{
  BsExportSettings settings;

  bs_export_settings_init (&settings);
  bs_export_settings_load (&settings, NULL);
  settings.kind = kind;
  settings.format = format;
  g_free (settings.folder);
  settings.folder = g_strdup (folder);
  bs_export_settings_save (&settings, NULL);
  bs_export_settings_clear (&settings);
}

/* The SVG the dialog writes as name in dir, as text (the file then removed). */
static char *
export_svg (BsWindow   *window,
            const char *dir,
            const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  BsExportDialog *dialog;
  char *contents = NULL;

  remember_choice (BS_EXPORT_KIND_STEP, BS_EXPORT_SVG, dir);
  dialog = open_dialog (window, "win.export");
  wait_for_preview (dialog);
  export_to (dialog, name);
  g_assert_true (loop_until (file_exists, path));
  g_assert_true (loop_until (dialog_gone, NULL));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpint (g_remove (path), ==, 0);
  return contents;
}

static gboolean
window_ready (gpointer window)
{
  return bs_window_is_ready (window);
}

/* Compare on: example 01's run pinned, w2 changed from 2.0 to 2.1 and run again. The SVG
 * the dialog writes says before → now as the window does: w1.grad -8 → -8.1 (PyTorch:
 * tensor(-8.) and tensor(-8.1000)), w2's value 2 → 2.1. */
static void
test_compare (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  g_autofree char *dir = temp_dir ();
  g_autofree char *text = NULL;
  g_autofree char *svg = NULL;
  GtkTextIter start, end;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.pin", NULL);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_nonnull (strstr (text, "w2 = torch.tensor(2.0"));
  {
    g_auto(GStrv) parts = g_strsplit (text, "w2 = torch.tensor(2.0", 2);
    g_autofree char *changed = g_strconcat (parts[0], "w2 = torch.tensor(2.1", parts[1], NULL);

    gtk_text_buffer_set_text (buffer, changed, -1);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  spin (100);
  g_assert_true (loop_until (window_ready, window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-last", NULL);
  wait_for_frames (window);

  svg = export_svg (window, dir, "compare.svg");
  g_assert_nonnull (strstr (svg, "grad: -8 → -8.1"));
  g_assert_nonnull (strstr (svg, "value: 2 → 2.1"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

typedef struct {
  GdkTexture *texture;
  gboolean    done;
} Read;

static void
texture_read (GObject      *clipboard,
              GAsyncResult *result,
              gpointer      user_data)
{
  Read *read = user_data;

  read->texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (clipboard), result, NULL);
  read->done = TRUE;
}

static gboolean
read_done (gpointer read)
{
  return ((Read *) read)->done;
}

/* The graph's picture as Copy as image makes it: a PNG at scale 2, hiding the quiz's
 * numbers or not. */
static GBytes *
picture_png (BsWindow *window,
             gboolean  hide)
{
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(GError) error = NULL;
  GBytes *png;

  bs_renderer_set_scale (renderer, 2);
  bs_renderer_set_hide_edge_values (renderer, hide);
  png = bs_export_to_bytes (renderer, bs_graph_view_get_scene (view),
                            bs_graph_view_get_state (view), BS_EXPORT_PNG, &error);
  g_assert_no_error (error);
  return png;
}

static gboolean
same_pixels (GdkTexture *texture,
             GBytes     *png)
{
  g_autoptr(GdkTexture) other = gdk_texture_new_from_bytes (png, NULL);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *a = NULL;
  g_autofree guchar *b = NULL;

  if (other == NULL || gdk_texture_get_width (other) != width
      || gdk_texture_get_height (other) != height)
    return FALSE;
  a = g_malloc ((gsize) width * height * 4);
  b = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, a, (gsize) width * 4);
  gdk_texture_download (other, b, (gsize) width * 4);
  return memcmp (a, b, (gsize) width * height * 4) == 0;
}

/* Quiz mode on example 01, its first edge asked: the SVG the dialog writes shows the edge
 * as the window does, "∂L/∂x5 = ?" and no -1 (PyTorch's local gradient of 1 - x5); Copy
 * as image copies the picture without the answer; a handout or an animation, whose later
 * steps would tell it, is refused until the question is answered. */
static void
test_quiz (void)
{
  BsWindow *window = open_example ("01-two-paths");
  BsTrace *trace = bs_scene_get_trace (bs_graph_view_get_scene (
    BS_GRAPH_VIEW (bs_window_get_graph_view (window))));
  g_autofree char *dir = temp_dir ();
  g_autofree char *svg = NULL;
  g_autoptr(GBytes) hidden = NULL;
  g_autoptr(GBytes) shown = NULL;
  BsExportDialog *dialog;
  Read read = { NULL, FALSE };
  guint64 edge = 0;

  for (guint64 step = 0; step < bs_trace_get_n_steps (trace) && edge == 0; step++)
    {
      gint64 index = bs_trace_get_step_event (trace, step);

      if (index >= 0 && bs_trace_get_event (trace, (guint64) index)->type == BS_TRACE_EVENT_EDGE)
        edge = step;
    }
  g_assert_cmpuint (edge, >, 0);
  bs_window_show_step (window, edge - 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.quiz", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.step-next", NULL);
  wait_for_frames (window);
  g_assert_cmpuint (bs_window_get_step (window), ==, edge);
  {
    g_autofree char *quiz = bs_window_get_text (window, "quiz");

    g_assert_nonnull (strstr (quiz, "Local gradient ∂L/∂x5 = ?"));
  }

  svg = export_svg (window, dir, "quiz.svg");
  g_assert_nonnull (strstr (svg, "∂L/∂x5 = ?"));
  g_assert_nonnull (strstr (svg, "upstream ? × ? = ?"));
  g_assert_null (strstr (svg, "∂L/∂x5 = -1"));
  g_assert_null (strstr (svg, "× -1"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-image", NULL);
  gdk_clipboard_read_texture_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                    texture_read, &read);
  g_assert_true (loop_until (read_done, &read));
  g_assert_nonnull (read.texture);
  hidden = picture_png (window, TRUE);
  shown = picture_png (window, FALSE);
  g_assert_false (g_bytes_equal (hidden, shown));
  g_assert_true (same_pixels (read.texture, hidden));
  g_object_unref (read.texture);

  for (BsExportKind kind = BS_EXPORT_KIND_HANDOUT; kind <= BS_EXPORT_KIND_ANIMATION; kind++)
    {
      remember_choice (kind, BS_EXPORT_SVG, dir);
      dialog = open_dialog (window, "win.export");
      g_assert_nonnull (bs_export_dialog_get_status (dialog));
      g_assert_nonnull (strstr (bs_export_dialog_get_status (dialog),
                                "a quiz question is open"));
      g_assert_false (gtk_widget_get_sensitive (find_widget (
        GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "Choose the file and write it (Ctrl+Enter)")));
      gtk_window_destroy (GTK_WINDOW (dialog));
      g_assert_true (loop_until (dialog_gone, NULL));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  /* The file chooser keeps its own settings: in memory, not in the user's dconf. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  app_test_init (&argc, &argv);
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));

  g_test_add_func ("/export-dialog/preview-and-settings", test_preview_and_settings);
  g_test_add_func ("/export-dialog/animation", test_animation);
  g_test_add_func ("/export-dialog/too-large-and-cancel", test_too_large_and_cancel);
  g_test_add_func ("/export-dialog/compare", test_compare);
  g_test_add_func ("/export-dialog/quiz", test_quiz);
  return g_test_run ();
}
