/* test-app.c: the real window, driven through its actions and keys under Xvfb
 *
 * Each test opens a window on a built-in example, runs it, steps to chosen points
 * and checks what the panels, the banner and the graph show; a screenshot of the
 * window at a few steps is compared with tests/reference/window-*.png.
 */
#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <gtksourceview/gtksource.h>
#include <glib/gstdio.h>
#include <math.h>

#include "bs-application.h"
#include "bs-grad-flow.h"
#include "bs-graph-view.h"
#include "bs-replay.h"
#include "bs-timeline.h"
#include "bs-window.h"
#include "app-fixtures.h"

static void
assert_text_is (BsWindow   *window,
                const char *part,
                const char *expected)
{
  g_autofree char *text = bs_window_get_text (window, part);

  g_assert_cmpstr (text, ==, expected);
}

static void
step (BsWindow   *window,
      const char *action,
      guint       times)
{
  for (guint i = 0; i < times; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
}

/* The first widget under widget (itself included) that matches, or NULL. */
static GtkWidget *
find_widget (GtkWidget *widget,
             gboolean (*matches) (GtkWidget *, gconstpointer),
             gconstpointer data)
{
  if (matches (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, matches, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  label)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The button showing label under widget, or NULL. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  return find_widget (widget, is_button_labelled, label);
}

static void
clipboard_text (GObject      *clipboard,
                GAsyncResult *result,
                gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("(nothing)");
}

/* Until the window shows step expected (keys sent to the X server arrive in their own
 * time on a loaded machine), then that it does. */
static void
wait_for_step (BsWindow *window,
               guint64   expected)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (bs_window_get_step (window) != expected && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  /* Then a little longer: a key too many would show now. */
  spin (100);
  g_assert_cmpuint (bs_window_get_step (window), ==, expected);
}

/* Until path exists, for at most 10 s. */
static void
wait_for_file (const char *path)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!g_file_test (path, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

/* Seed 004: the run stops before backward; stepping walks the edges; w1 has two paths. */
static void
test_two_paths (void)
{
  BsWindow *window = open_example ("01-two-paths");
  guint64 start = bs_window_get_step (window);
  guint64 n_steps = bs_window_get_n_steps (window);

  g_assert_cmpuint (n_steps, >, start + 10);
  assert_text_contains (window, "step", "Line 20");
  /* Output shows what was printed by the step: nothing before backward. */
  assert_text_is (window, "output", "");

  /* The first edge of the backward pass: out of L, into x5. */
  step (window, "win.step-next", 2);
  g_assert_cmpuint (bs_window_get_step (window), ==, start + 2);
  assert_text_contains (window, "chain", "Current edge");
  step (window, "win.step-previous", 1);
  g_assert_cmpuint (bs_window_get_step (window), ==, start + 1);

  step (window, "win.step-last", 1);
  g_assert_cmpuint (bs_window_get_step (window), ==, n_steps - 1);
  assert_text_contains (window, "output", "tensor(-8.) tensor(-1.) tensor(-2.)");
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "chain", "L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2");
  assert_text_contains (window, "chain", "L ← x5 ← x4 ← w1 : (-1)·(3)·(2) = -6");
  assert_text_contains (window, "chain", "sum of 2 paths = -8 = w1.grad ✓");
  {
    /* Copy as LaTeX: the paths as an align* block on the clipboard */
    GtkWidget *button = find_button (GTK_WIDGET (window), "Copy as LaTeX");
    g_autofree char *latex = NULL;

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    gdk_clipboard_read_text_async (gtk_widget_get_clipboard (button), NULL, clipboard_text,
                                   &latex);
    while (latex == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (latex, ==,
                     "\\begin{align*}\n"
                     "\\frac{\\partial L}{\\partial w_{1}}\n"
                     "  &= \\frac{\\partial L}{\\partial x_{5}}\\frac{\\partial x_{5}}{\\partial x_{3}}"
                     "\\frac{\\partial x_{3}}{\\partial w_{1}} + \\frac{\\partial L}{\\partial x_{5}}"
                     "\\frac{\\partial x_{5}}{\\partial x_{4}}\\frac{\\partial x_{4}}{\\partial w_{1}} \\\\\n"
                     "  &= (-1) \\cdot (2) \\cdot (1) + (-1) \\cdot (3) \\cdot (2) \\\\\n"
                     "  &= -2 + -6 \\\\\n"
                     "  &= -8\n"
                     "\\end{align*}\n");
  }
  assert_text_contains (window, "inspector", "is_leaf  True");
  assert_text_contains (window, "inspector", "-8");

  step (window, "win.step-first", 1);
  g_assert_cmpuint (bs_window_get_step (window), ==, 0);
  step (window, "win.statement-next", 3);
  assert_text_contains (window, "step", "Line ");
  close_window (window);
}

static gboolean
count_key_press (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 gpointer               user_data)
{
  (*(guint *) user_data)++;
  return GDK_EVENT_PROPAGATE;
}

/* Until the window has received n key presses in all: a step reached on the way (Right,
 * Right of Right Right Space Left) must not pass for the step after the last key. */
static void
wait_for_presses (const guint *presses,
                  guint        n)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (*presses < n && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (*presses, ==, n);
}

/* Real key presses through the X server (xdotool): Right and Space step forward, Left
 * back, End to the last step, Home to the first; in the editor the same keys edit. */
static void
test_keys (void)
{
  BsWindow *window = open_example ("01-two-paths");
  guint64 start = bs_window_get_step (window);
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { xdotool, "key", "--delay", "30", "Right", "Right", "space", "Left", NULL };
  const char *argv_end[] = { xdotool, "key", "End", NULL };
  const char *argv_home[] = { xdotool, "key", "Home", NULL };
  int status;

  GtkEventController *counter = gtk_event_controller_key_new ();
  guint presses = 0;

  g_assert_nonnull (xdotool);
  /* A loaded machine can hold a key down long enough for the server to repeat it. */
  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  gtk_event_controller_set_propagation_phase (counter, GTK_PHASE_CAPTURE);
  g_signal_connect (counter, "key-pressed", G_CALLBACK (count_key_press), &presses);
  gtk_widget_add_controller (GTK_WIDGET (window), counter);
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  wait_for_presses (&presses, 4);
  wait_for_step (window, start + 2);

  g_assert_true (g_spawn_sync (NULL, (char **) argv_end, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  wait_for_presses (&presses, 5);
  wait_for_step (window, bs_window_get_n_steps (window) - 1);
  g_assert_true (g_spawn_sync (NULL, (char **) argv_home, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  wait_for_presses (&presses, 6);
  wait_for_step (window, 0);
  gtk_widget_remove_controller (GTK_WIDGET (window), counter);
  close_window (window);
}

/* Seed 003: after the failing second backward(), the banner shows PyTorch's message and
 * the fix. */
static void
test_retain_graph_error (void)
{
  BsWindow *window = open_example ("02-retain-graph");
  guint64 n_steps = bs_window_get_n_steps (window);
  gboolean seen = FALSE;

  for (guint64 s = 0; s < n_steps && !seen; s++)
    {
      g_autofree char *banner = NULL;

      bs_window_show_step (window, s);
      banner = bs_window_get_text (window, "error");
      seen = strstr (banner, "Trying to backward through the graph a second time") != NULL;
    }
  g_assert_true (seen);
  assert_text_contains (window, "error", "retain_graph=True");
  /* The script catches the error and prints it: the output shows it from that step on. */
  step (window, "win.step-last", 1);
  assert_text_contains (window, "output", "RuntimeError: Trying to backward through the graph");

  step (window, "win.step-first", 1);
  assert_text_contains (window, "error", "");
  close_window (window);
}

/* The grad_fn name of an op box, or NULL. */
static const char *
box_op (BsScene *scene,
        guint    index)
{
  const BsSceneNode *node = bs_scene_get_node (scene, index);
  BsTrace *trace = bs_scene_get_trace (scene);

  if (node->kind != BS_SCENE_NODE_OP)
    return NULL;
  return bs_trace_get_string (trace, bs_trace_get_node (trace, node->node)->name);
}

/* The number of edges into a box of the scene shown, from a box of kind from_kind
 * (-1: any). */
static guint
edges_into (BsScene *scene,
            guint    index,
            int      from_kind)
{
  guint n = 0;

  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      n += edge->to == index
           && (from_kind < 0 || (int) bs_scene_get_node (scene, edge->from)->kind == from_kind);
    }
  return n;
}

/* An example opens where the README says a run starts: just before its first backward
 * call (at its last step when it has none). */
static void
assert_opens_before_backward (BsWindow *window)
{
  BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
  BsTrace *trace = bs_scene_get_trace (scene);
  gint64 backward = bs_trace_find_backward (trace, 1);

  if (backward < 0)
    g_assert_cmpuint (bs_window_get_step (window), ==, bs_window_get_n_steps (window) - 1);
  else
    g_assert_cmpuint (bs_window_get_step (window) + 1, ==,
                      bs_trace_get_event (trace, (guint64) backward)->step);
}

/* Example 10's custom Function is one box, MyExpBackward, with its edge from x; example
 * 11's dy_dx, in the backward call through it, has its edges (it was a box without any). */
static void
assert_example_point (BsWindow   *window,
                      const char *name)
{
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  BsScene *scene = bs_graph_view_get_scene (view);
  gboolean found = FALSE;

  if (g_str_equal (name, "10-custom-function"))
    {
      for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
        if (g_strcmp0 (box_op (scene, i), "MyExpBackward") == 0)
          {
            g_assert_cmpuint (edges_into (scene, i, BS_SCENE_NODE_LEAF), ==, 1);
            found = TRUE;
          }
      g_assert_true (found);
    }
  else if (g_str_equal (name, "11-second-derivative"))
    {
      int dy_dx;

      step (window, "win.backward-next", 2);
      g_assert_true (wait_until (window, bs_window_is_ready));
      scene = bs_graph_view_get_scene (view);
      dy_dx = bs_graph_view_find_named (view, "dy_dx");
      g_assert_cmpint (dy_dx, >=, 0);
      g_assert_cmpuint (edges_into (scene, (guint) dy_dx, -1), >=, 1);
    }
}

/* Every built-in example runs in the window, opens just before its first backward call
 * (also one run after another in the same window) and reaches its last step. */
static void
test_every_example (void)
{
  static const char *examples[] = {
    "01-two-paths", "02-retain-graph", "03-two-losses", "04-dynamic-net", "05-coin-branches",
    "06-growing-layer", "07-mlp-training", "08-inplace-error", "09-non-scalar",
    "10-custom-function", "11-second-derivative", "12-broadcasting", "13-dynamic-training",
    "14-rnn-vanishing", "15-loss-curve",
  };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      BsWindow *window = open_example (examples[i]);
      g_autofree char *output = NULL;

      g_test_message ("%s: %" G_GUINT64_FORMAT " steps", examples[i],
                      bs_window_get_n_steps (window));
      g_assert_cmpuint (bs_window_get_n_steps (window), >, 3);
      assert_opens_before_backward (window);
      assert_example_point (window, examples[i]);
      step (window, "win.step-last", 1);
      g_assert_cmpuint (bs_window_get_step (window), ==, bs_window_get_n_steps (window) - 1);
      output = bs_window_get_text (window, "output");
      g_assert_cmpstr (output, !=, "");
      close_window (window);
    }

  /* The step an example was left at does not carry over to the next one. */
  {
    BsWindow *window = open_example ("07-mlp-training");

    step (window, "win.step-last", 1);
    g_assert_true (bs_window_load_example (window, "13-dynamic-training"));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
    g_assert_true (wait_until (window, bs_window_is_ready));
    assert_opens_before_backward (window);
    close_window (window);
  }
}

static void
set_flag (GtkWidget *widget,
          gboolean  *flag)
{
  *flag = TRUE;
}

static AdwMessageDialog *
find_message_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Loading an example over edited text asks first; Cancel keeps the text. */
static void
test_replace_asks (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  g_autofree char *title = NULL;
  AdwMessageDialog *dialog;
  GtkTextIter start;

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_insert (buffer, &start, "# my notes\n", -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "s", "09-non-scalar");
  spin (100);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "cancel");
  spin (100);
  title = bs_window_get_text (window, "title");
  g_assert_nonnull (strstr (title, "01-two-paths"));
  g_assert_true (gtk_text_buffer_get_modified (buffer));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "s", "09-non-scalar");
  spin (100);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  g_assert_true (wait_until (window, bs_window_is_ready));
  g_free (title);
  title = bs_window_get_text (window, "title");
  g_assert_nonnull (strstr (title, "09-non-scalar"));
  close_window (window);
}

/* Editing marks the title and the draft is autosaved; a new window (after a crash)
 * brings it back; closing with unsaved changes asks instead of losing them. */
static void
test_autosave (void)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), "backstep",
                                            "autosave.py", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *title = NULL;
  g_autofree char *restored = NULL;
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, NULL);
  BsWindow *second;
  AdwMessageDialog *dialog;
  gboolean destroyed = FALSE;
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkTextIter start, end;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (window, bs_window_is_ready));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_insert (buffer, &start, "# edited in class\n", -1);
  title = bs_window_get_text (window, "title");
  g_assert_true (g_str_has_prefix (title, "• "));
  /* Saved half a second after the edit: waited for, not timed (a loaded machine runs
   * the main loop late). */
  wait_for_file (path);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_true (g_str_has_prefix (saved, "# edited in class\n"));

  /* The window is not closed (as after a crash): a new one restores the draft. */
  second = g_object_new (BS_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (second));
  gtk_text_buffer_get_bounds (bs_window_get_buffer (second), &start, &end);
  restored = gtk_text_buffer_get_text (bs_window_get_buffer (second), &start, &end, FALSE);
  g_assert_cmpstr (restored, ==, saved);
  g_assert_true (gtk_text_buffer_get_modified (bs_window_get_buffer (second)));

  /* Closing with unsaved changes asks: the window stays until the answer. */
  g_signal_connect (second, "destroy", G_CALLBACK (set_flag), &destroyed);
  gtk_window_close (GTK_WINDOW (second));
  spin (100);
  g_assert_false (destroyed);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Discarding closes it and forgets the draft. */
  adw_message_dialog_response (dialog, "discard");
  spin (100);
  g_assert_true (destroyed);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_text_buffer_set_modified (buffer, FALSE);
  close_window (window);
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    gtk_window_destroy (l->data);
}

/* --- notebooks ------------------------------------------------------------------------ */

/* A window on a copy of data (notebook JSON, length bytes) in a new folder, run: *path
 * is the copy, to remove with remove_copy. */
static BsWindow *
open_notebook_copy (const char  *data,
                    gssize       length,
                    char       **path)
{
  g_autofree char *dir = g_dir_make_tmp ("backstep-notebook-XXXXXX", NULL);
  g_autoptr(GFile) file = NULL;
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, NULL);

  *path = g_build_filename (dir, "notebook.ipynb", NULL);
  file = g_file_new_for_path (*path);
  g_assert_true (g_file_set_contents (*path, data, length, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  bs_window_open_file (window, file);
  g_assert_true (wait_until (window, bs_window_is_ready));
  return window;
}

static void
remove_copy (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static char *
fixture_notebook (gsize *length)
{
  g_autofree char *fixture = g_build_filename (g_getenv ("BACKSTEP_REFERENCE_DIR"), "..",
                                               "notebook", "lecture.ipynb", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = g_mapped_file_new (fixture, FALSE, &error);

  g_assert_no_error (error);
  *length = g_mapped_file_get_length (file);
  return g_strndup (g_mapped_file_get_contents (file), *length);
}

/* The fixture notebook opened: its cells in the editor, the run with its notes and the
 * error of cell 3; saved unchanged, the same bytes; saved after an edit, the notebook
 * with the new cell and the other cells' outputs. */
static void
test_notebook (void)
{
  gsize length, saved_length;
  g_autofree char *original = fixture_notebook (&length);
  g_autofree char *path = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *text = NULL;
  BsWindow *window = open_notebook_copy (original, length, &path);
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_true (g_str_has_prefix (text, "# [markdown]\n# # Two paths to w1\n#\n"));
  step (window, "win.step-last", 1);
  assert_text_contains (window, "error", "Trying to backward through the graph a second time");
  assert_text_contains (window, "output", "tensor(-8.) tensor(-2.) tensor(-4.)");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (g_file_get_contents (path, &saved, &saved_length, NULL));
  g_assert_cmpmem (saved, saved_length, original, length);

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "# In [6]:\nprint(\"saved\")\n\n", -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_clear_pointer (&saved, g_free);
  g_assert_true (g_file_get_contents (path, &saved, &saved_length, NULL));
  g_assert_nonnull (strstr (saved, "   \"print(\\\"saved\\\")\"\n"));
  g_assert_nonnull (strstr (saved, "\"output_type\": \"execute_result\""));
  g_assert_false (gtk_text_buffer_get_modified (buffer));
  close_window (window);
  remove_copy (path);
}

static gboolean
is_view_of (GtkWidget     *widget,
            gconstpointer  buffer)
{
  return GTK_IS_TEXT_VIEW (widget)
         && gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget)) == buffer;
}

static void
type_at (BsWindow   *window,
         GtkWidget  *editor,
         int         line,
         int         offset,
         const char *text,
         guint      *presses)
{
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  const char *argv[] = { xdotool, "type", "--delay", "30", text, NULL };
  guint expected = *presses + g_utf8_strlen (text, -1);
  GtkTextIter at;
  int status;

  gtk_text_buffer_get_iter_at_line_offset (buffer, &at, line - 1, offset);
  gtk_text_buffer_place_cursor (buffer, &at);
  gtk_widget_grab_focus (editor);
  spin (100);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, NULL));
  wait_for_presses (presses, expected);
  spin (100);
}

/* Typed keys (xdotool) in the fixture notebook: in a markdown cell, in a raw cell and on a
 * cell's header they change nothing; in a code cell they do, and Save writes the edit into
 * that cell's source while the markdown and raw cells stay as they were, byte for byte. */
static void
test_notebook_read_only (void)
{
  gsize length;
  g_autofree char *original = fixture_notebook (&length);
  g_autofree char *path = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *text = NULL;
  BsWindow *window = open_notebook_copy (original, length, &path);
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkEventController *counter = gtk_event_controller_key_new ();
  const char *first_code = "  {\n   \"cell_type\": \"code\"";
  const char *raw = "  {\n   \"cell_type\": \"raw\"";
  GtkWidget *editor;
  GtkTextIter start, end;
  guint presses = 0;

  g_assert_false (gtk_text_buffer_get_modified (buffer));
  editor = find_widget (GTK_WIDGET (window), is_view_of, buffer);
  g_assert_nonnull (editor);
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  gtk_event_controller_set_propagation_phase (counter, GTK_PHASE_CAPTURE);
  g_signal_connect (counter, "key-pressed", G_CALLBACK (count_key_press), &presses);
  gtk_widget_add_controller (GTK_WIDGET (window), counter);
  wait_for_frames (window);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);

  /* "# # Two paths to w1" (markdown), its empty line "#", "# Not run: a raw cell." (raw,
   * line 29) and the header "# In [3]:" (line 31) */
  g_assert_true (g_str_has_prefix (shown, "# [markdown]\n# # Two paths to w1\n#\n"));
  type_at (window, editor, 2, 6, "zz", &presses);
  type_at (window, editor, 3, 1, "z", &presses);
  type_at (window, editor, 29, 3, "z", &presses);
  type_at (window, editor, 31, 4, "z", &presses);
  /* Ctrl+Up on the "004" of the markdown cell, which would change a number in code */
  gtk_text_buffer_get_iter_at_line_offset (buffer, &start, 3, 8);
  gtk_text_buffer_place_cursor (buffer, &start);
  xdotool_key ("ctrl+Up");
  wait_for_presses (&presses, presses + 2);
  spin (100);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_cmpstr (text, ==, shown);
  g_assert_false (gtk_text_buffer_get_modified (buffer));

  /* the end of "x1 = torch.tensor(1.0)" in In [1] */
  type_at (window, editor, 9, 22, "; y = 2", &presses);
  g_clear_pointer (&text, g_free);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_nonnull (strstr (text, "\nx1 = torch.tensor(1.0); y = 2\n"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "    \"x1 = torch.tensor(1.0); y = 2\\n\",\n"));
  /* the markdown cell before the first code cell, and the raw cell, byte for byte */
  g_assert_cmpint (strstr (saved, first_code) - saved, ==, strstr (original, first_code) - original);
  g_assert_cmpmem (saved, strstr (saved, first_code) - saved, original,
                   strstr (original, first_code) - original);
  g_assert_nonnull (strstr (saved, raw));
  g_assert_cmpmem (strstr (saved, raw), strstr (strstr (saved, raw), "},") - strstr (saved, raw),
                   strstr (original, raw),
                   strstr (strstr (original, raw), "},") - strstr (original, raw));

  gtk_widget_remove_controller (GTK_WIDGET (window), counter);
  close_window (window);
  remove_copy (path);
}

/* A notebook whose cells show figures and whose third cell does not compile: the first two
 * cells ran, their figures are in the Plots view labelled with their cells (plt.show() in
 * In [1], the figure left open at the end of In [2]), and the SyntaxError is the last step,
 * at its line. */
static void
test_notebook_cells (void)
{
  static const char notebook[] =
    "{\"cells\": ["
    "{\"cell_type\": \"code\", \"execution_count\": null, \"metadata\": {}, \"outputs\": [],"
    " \"source\": \"import matplotlib.pyplot as plt\\nplt.plot([1, 2])\\nplt.show()\"},"
    "{\"cell_type\": \"code\", \"execution_count\": null, \"metadata\": {}, \"outputs\": [],"
    " \"source\": \"print('cell 2')\\nplt.plot([2, 1]);\"},"
    "{\"cell_type\": \"code\", \"execution_count\": null, \"metadata\": {}, \"outputs\": [],"
    " \"source\": \"y = 1\\nx = (1 +\"}],"
    " \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}\n";
  g_autofree char *path = NULL;
  BsWindow *window = open_notebook_copy (notebook, -1, &path);
  g_autofree char *plots = NULL;
  g_autofree char *step_text = NULL;

  step (window, "win.step-last", 1);
  /* IPython's wording for a cell that ends inside a bracket */
  assert_text_contains (window, "error", "SyntaxError: incomplete input");
  assert_text_contains (window, "output", "cell 2");
  plots = bs_window_get_text (window, "plots");
  g_assert_cmpstr (plots, ==, "Figure 1, In [1], line 3\nFigure 1, In [2]\n");
  /* the cell view: In [3]'s header on line 10, its second line on line 12 */
  step_text = bs_window_get_text (window, "step");
  g_assert_cmpstr (step_text, ==, "Line 12 (In [3], line 2) raises the error shown above.");
  close_window (window);
  remove_copy (path);
}

/* --- screenshots against reference images ------------------------------------------- */

/* A pixel differs when a channel differs by more than this; an image matches when at
 * most MAX_DIFFERING of its pixels differ (text antialiasing may move by a pixel). */
#define CHANNEL_TOLERANCE 48
#define MAX_DIFFERING     0.01

static GdkTexture *
screenshot (BsWindow *window)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkTextIter start, end;
  int width, height;

  /* The editor's colours are applied in the background: all of them, before the shot. */
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_source_buffer_ensure_highlight (GTK_SOURCE_BUFFER (buffer), &start, &end);
  wait_for_frames (window);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                      &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static guchar *
pixels_of (GdkTexture *texture,
           gsize      *stride)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  guchar *data;

  *stride = 4 * width;
  data = g_malloc (*stride * height);
  gdk_texture_download (texture, data, *stride);
  return data;
}

static void
assert_matches_reference (BsWindow   *window,
                          const char *name)
{
  g_autoptr(GdkTexture) shot = screenshot (window);
  g_autofree char *file = g_strdup_printf ("window-%s.png", name);
  g_autofree char *path = g_build_filename (g_getenv ("BACKSTEP_REFERENCE_DIR"), file, NULL);
  g_autofree char *got_path = g_build_filename (g_get_tmp_dir (), file, NULL);
  g_autoptr(GdkTexture) reference = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *a = NULL;
  g_autofree guchar *b = NULL;
  gsize stride_a, stride_b;
  guint64 differing = 0;
  int width, height;

  if (g_getenv ("BACKSTEP_UPDATE_REFERENCES") != NULL)
    g_assert_true (gdk_texture_save_to_png (shot, path));
  reference = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (shot);
  height = gdk_texture_get_height (shot);
  g_assert_true (gdk_texture_save_to_png (shot, got_path));
  g_test_message ("screenshot %s: %dx%d (written to %s)", name, width, height, got_path);
  g_assert_cmpint (gdk_texture_get_width (reference), ==, width);
  g_assert_cmpint (gdk_texture_get_height (reference), ==, height);
  a = pixels_of (shot, &stride_a);
  b = pixels_of (reference, &stride_b);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      for (int c = 0; c < 4; c++)
        if (ABS (a[y * stride_a + 4 * x + c] - b[y * stride_b + 4 * x + c]) > CHANNEL_TOLERANCE)
          {
            differing++;
            break;
          }
  g_test_message ("screenshot %s: %" G_GUINT64_FORMAT " of %d pixels differ", name,
                  differing, width * height);
  g_assert_cmpfloat ((double) differing / (width * height), <=, MAX_DIFFERING);
}

/* The loop iteration scope labelled label. */
static guint32
scope_labelled (BsTrace    *trace,
                const char *label)
{
  for (guint32 s = 1; s <= bs_trace_get_n_scopes (trace); s++)
    if (g_strcmp0 (bs_trace_get_string (trace, bs_trace_get_scope (trace, s)->label),
                   label) == 0)
      return s;
  g_error ("no scope labelled %s", label);
  return 0;
}

static gboolean
scope_within (BsTrace *trace,
              guint32  scope,
              guint32  outer)
{
  for (; scope != 0; scope = bs_trace_get_scope (trace, scope)->parent)
    if (scope == outer)
      return TRUE;
  return FALSE;
}

/* Every op box on screen belongs to iteration; the other boxes are leaves and inputs. */
static void
assert_only_iteration (BsWindow   *window,
                       const char *label)
{
  BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
  BsTrace *trace = bs_scene_get_trace (scene);
  guint32 iteration = scope_labelled (trace, label);
  guint n_ops = 0;

  g_assert_true (bs_scene_is_laid_out (scene));
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      if (node->kind == BS_SCENE_NODE_OP)
        {
          g_assert_true (scope_within (trace, node->scope, iteration));
          n_ops++;
        }
      else
        g_assert_true (node->kind == BS_SCENE_NODE_LEAF || node->kind == BS_SCENE_NODE_CONSTANT);
    }
  /* t, addmm, tanh, t, addmm, mse_loss. */
  g_assert_cmpuint (n_ops, ==, 6);
}

/* A training loop shows the graph the script holds: the current pass's. The next
 * iteration's graph has the same shape and is drawn in the same place. */
static void
test_live_graph (void)
{
  BsWindow *window = open_example ("07-mlp-training");
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (double));
  BsScene *scene;
  guint64 first_backward;

  /* The first backward call, then four iterations on: inside the fifth. */
  step (window, "win.backward-next", 1);
  first_backward = bs_window_get_step (window);
  step (window, "win.iteration-next", 4);
  g_assert_true (wait_until (window, bs_window_is_ready));
  g_assert_cmpuint (bs_window_get_step (window), >, first_backward);
  assert_only_iteration (window, "for epoch = 4");
  wait_for_frames (window);
  scene = bs_graph_view_get_scene (view);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      double centre[2] = { node->x + node->width / 2, node->y + node->height / 2 };

      g_array_append_vals (before, centre, 2);
    }

  step (window, "win.iteration-next", 1);
  g_assert_true (wait_until (window, bs_window_is_ready));
  assert_only_iteration (window, "for epoch = 5");
  g_assert_true (bs_graph_view_get_scene (view) != scene);
  scene = bs_graph_view_get_scene (view);
  g_assert_cmpuint (bs_scene_get_n_nodes (scene) * 2, ==, before->len);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      g_assert_cmpfloat (node->x + node->width / 2, ==, g_array_index (before, double, 2 * i));
      g_assert_cmpfloat (node->y + node->height / 2, ==,
                         g_array_index (before, double, 2 * i + 1));
    }
  close_window (window);
}

/* A real click on an iteration of the timeline shows that iteration's graph, whole,
 * before its backward call. */
static void
test_timeline_click (void)
{
  BsWindow *window = open_example ("07-mlp-training");
  BsTimeline *timeline = BS_TIMELINE (bs_window_get_timeline (window));
  graphene_rect_t rect;
  guint64 target;

  wait_for_frames (window);
  /* 20 passes of the loop: one segment each. */
  g_assert_cmpuint (bs_timeline_get_n_iterations (timeline), ==, 20);
  g_assert_true (bs_timeline_get_iteration (timeline, 6, &rect, &target));
  click_widget (window, GTK_WIDGET (timeline), rect.origin.x + rect.size.width / 2,
                rect.size.height / 2);
  wait_for_step (window, target);
  g_assert_true (wait_until (window, bs_window_is_ready));
  /* The seventh pass, stopped just before its loss.backward(): its whole graph. */
  assert_only_iteration (window, "for epoch = 6");
  assert_text_is (window, "step", "Line 19 runs.");
  close_window (window);
}

/* The whole run: every pass of the loop one box but the current one, whose boxes are
 * drawn; the next pass opens as the step moves into it. */
static void
test_whole_run (void)
{
  BsWindow *window = open_example ("07-mlp-training");
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));

  for (guint pass = 0; pass < 2; pass++)
    {
      BsScene *scene;
      BsTrace *trace;
      g_autofree char *label = g_strdup_printf ("for epoch = %u", pass);
      guint32 open;
      guint n_collapsed = 0, n_open_ops = 0;

      if (pass == 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.view", "s", "whole");
      else
        step (window, "win.iteration-next", 1);
      g_assert_true (wait_until (window, bs_window_is_ready));
      scene = bs_graph_view_get_scene (view);
      trace = bs_scene_get_trace (scene);
      open = scope_labelled (trace, label);
      for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
        {
          const BsSceneNode *node = bs_scene_get_node (scene, i);

          if (node->kind == BS_SCENE_NODE_CLUSTER)
            {
              g_assert_cmpuint (node->scope, !=, open);
              n_collapsed++;
            }
          else if (node->kind == BS_SCENE_NODE_OP)
            {
              g_assert_true (scope_within (trace, node->scope, open));
              n_open_ops++;
            }
        }
      /* 20 passes: 19 boxes and the open pass's t, addmm, tanh, t, addmm, mse_loss. */
      g_assert_cmpuint (n_collapsed, ==, 19);
      g_assert_cmpuint (n_open_ops, ==, 6);
    }
  close_window (window);
}

static gboolean
step_field_focused (BsWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && gtk_widget_is_ancestor (focus, bs_window_get_step_field (window));
}

/* A step number typed in the step field and Enter goes there; then Right steps on
 * instead of typing into the field. */
static void
test_step_field (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkWidget *field = bs_window_get_step_field (window);
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { xdotool, "key", "--delay", "30", "ctrl+a", "5", "Return", NULL };
  const char *argv_right[] = { xdotool, "key", "Right", NULL };
  int status;

  wait_for_frames (window);
  click_widget (window, field, 10, gtk_widget_get_height (field) / 2.0);
  /* The keys below are what this test is about; a click lost on a loaded machine
   * (seen under ASan) must not decide it. */
  if (!wait_until (window, step_field_focused))
    gtk_widget_grab_focus (field);
  g_assert_true (step_field_focused (window));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, &error));
  wait_for_step (window, 5);
  g_assert_true (g_spawn_sync (NULL, (char **) argv_right, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  wait_for_step (window, 6);
  close_window (window);
}

/* Presentation mode on and off keeps the box selected (its tensor's new box). */
static void
test_presentation_selection (void)
{
  BsWindow *window = open_example ("01-two-paths");
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));

  g_assert_true (bs_window_select_tensor (window, "w1"));
  for (guint i = 0; i < 2; i++)
    {
      BsScene *before = bs_graph_view_get_scene (view);
      BsScene *scene;
      int selected;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
      g_assert_true (wait_until (window, bs_window_is_ready));
      scene = bs_graph_view_get_scene (view);
      /* Laid out again for the other type size */
      g_assert_true (scene != before);
      selected = bs_graph_view_get_selected (view);
      g_assert_cmpint (selected, >=, 0);
      g_assert_cmpstr (bs_trace_get_string (bs_scene_get_trace (scene),
                                            bs_trace_get_tensor (bs_scene_get_trace (scene),
                                                                 bs_scene_get_node (scene,
                                                                                    selected)
                                                                 ->tensor)->name), ==, "w1");
      assert_text_contains (window, "inspector", "w1");
    }
  close_window (window);
}

static gboolean
not_running (BsWindow *window)
{
  return !bs_window_is_running (window);
}

/* A script that does not parse: the banner names the line, the centre says why there is
 * no graph. */
static void
test_syntax_error (void)
{
  BsWindow *window = open_example ("01-two-paths");

  gtk_text_buffer_set_text (bs_window_get_buffer (window),
                            "import torch\nx = torch.tensor(1.0, requires_grad=True\n", -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  spin (50);
  g_assert_true (wait_until (window, not_running));
  /* CPython 3.11's message for this text */
  assert_text_contains (window, "error", "Line 2: SyntaxError: '(' was never closed");
  assert_text_contains (window, "error", "The script does not parse.");
  /* Back to an unedited example: no draft of this text is left for later windows. */
  g_assert_true (bs_window_load_example (window, "01-two-paths"));
  close_window (window);
}

/* DynamicNet: the graph's depth changes from one iteration to the next, and the
 * parameters and inputs stay where they are in the run's frame, which the camera keeps. */
static void
test_dynamic_depth (void)
{
  BsWindow *window = open_example ("13-dynamic-training");
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  g_autoptr(GHashTable) sizes = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint n_checked = 0;

  step (window, "win.step-first", 1);
  for (guint i = 0; i < 8; i++)
    {
      BsScene *scene;
      BsScenePoint origin;

      step (window, "win.backward-next", 1);
      g_assert_true (wait_until (window, bs_window_is_ready));
      scene = bs_graph_view_get_scene (view);
      g_hash_table_add (sizes, GUINT_TO_POINTER (bs_scene_get_n_nodes (scene)));
      bs_scene_get_origin (scene, &origin);
      for (guint n = 0; n < bs_scene_get_n_nodes (scene); n++)
        {
          const BsSceneNode *node = bs_scene_get_node (scene, n);
          BsScenePoint here = { node->x + node->width / 2 - origin.x,
                                node->y + node->height / 2 - origin.y };
          const BsScenePoint *place = g_hash_table_lookup (places,
                                                           GUINT_TO_POINTER (node->tensor));

          if (!bs_scene_node_is_shared (node))
            continue;
          if (place == NULL)
            {
              g_hash_table_insert (places, GUINT_TO_POINTER (node->tensor),
                                   g_memdup2 (&here, sizeof here));
              continue;
            }
          g_assert_cmpfloat_with_epsilon (here.x, place->x, 0.01);
          g_assert_cmpfloat_with_epsilon (here.y, place->y, 0.01);
          n_checked++;
        }
    }
  g_assert_cmpuint (g_hash_table_size (sizes), >, 1);
  /* Six parameters, x and y, checked at every backward call after the first */
  g_assert_cmpuint (g_hash_table_size (places), ==, 8);
  g_assert_cmpuint (n_checked, ==, 8 * 7);
  close_window (window);
}

/* The window as the class sees it: before backward, in the middle of it with the
 * current edge lit, and at the end with w1's paths listed. */
static void
test_screenshots (void)
{
  BsWindow *window = open_example ("01-two-paths");

  assert_matches_reference (window, "forward");
  step (window, "win.step-next", 12);
  assert_matches_reference (window, "backward");
  step (window, "win.step-last", 1);
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_matches_reference (window, "paths");
  close_window (window);
}

/* A custom Function whose backward forgets the factor 2 of x*x: once run, End (a real
 * key) goes to the last step, and the inspector shows x's finite-difference estimate as a mismatch (PyTorch's gradcheck
 * fails on it, tests/cli/check/square_wrong.py), and w's as ok. */
static void
test_grad_check (void)
{
  static const char script[] =
    "import torch\n"
    "\n"
    "class Square(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        ctx.save_for_backward(x)\n"
    "        return x * x\n"
    "\n"
    "    @staticmethod\n"
    "    def backward(ctx, grad_output):\n"
    "        (x,) = ctx.saved_tensors\n"
    "        return x * grad_output\n"
    "\n"
    "x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)\n"
    "w = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)\n"
    "L = (Square.apply(x) * w).sum()\n"
    "L.backward()\n";
  BsWindow *window = open_example ("01-two-paths");
  guint64 example_steps = bs_window_get_n_steps (window);
  gint64 deadline;

  gtk_text_buffer_set_text (bs_window_get_buffer (window), script, -1);
  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  /* (F5 is the application's accelerator; this window has no application) */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  /* the new run is done when the window is ready on a trace of another length */
  deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
  while ((!bs_window_is_ready (window) || bs_window_get_n_steps (window) == example_steps)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (bs_window_get_n_steps (window), !=, example_steps);
  g_assert_true (wait_until (window, bs_window_is_ready));
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("End");
  wait_for_step (window, bs_window_get_n_steps (window) - 1);

  g_assert_true (bs_window_select_tensor (window, "x"));
  assert_text_contains (window, "inspector", "finite-difference check");
  assert_text_contains (window, "inspector", "[1, -6, -12]");
  assert_text_contains (window, "inspector", "relative error 0.5: MISMATCH");
  g_assert_true (bs_window_select_tensor (window, "w"));
  assert_text_contains (window, "inspector", "[0.25, 2.25, 4]");
  assert_text_contains (window, "inspector", "ok, autograd agrees");
  close_window (window);
}

/* Example 12 (x [3×4] @ W [4×2] + b [2]): stepping the backward pass, the chain-rule
 * panel shows each edge's shape card, the matrix product's and the broadcast bias's. */
static void
test_shape_cards (void)
{
  static const char *expected[] = {
    "shapes  ∂loss/∂b [2] = Σ over dim 0 of ∂loss/∂out [3×2]",
    "shapes  ∂loss/∂W [4×2] = xᵀ [4×3] @ ∂loss/∂(x @ W) [3×2]",
  };
  BsWindow *window = open_example ("12-broadcasting");
  guint64 n_steps = bs_window_get_n_steps (window);
  guint found = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    for (guint64 s = 0; s < n_steps; s++)
      {
        g_autofree char *chain = NULL;

        bs_window_show_step (window, s);
        chain = bs_window_get_text (window, "chain");
        if (strstr (chain, expected[i]) != NULL)
          {
            found++;
            break;
          }
      }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (expected));
  close_window (window);
}

/* The editor's and the side panel's widths, changed by the user, come back in the next
 * window (the state directory is this test run's own). */
static void
test_pane_sizes (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkWidget *inner = gtk_widget_get_ancestor (bs_window_get_graph_view (window), GTK_TYPE_PANED);
  GtkWidget *outer = gtk_widget_get_ancestor (gtk_widget_get_parent (inner), GTK_TYPE_PANED);

  wait_for_frames (window);
  gtk_paned_set_position (GTK_PANED (outer), 430);
  wait_for_frames (window);
  gtk_paned_set_position (GTK_PANED (inner), gtk_widget_get_width (inner) - 280);
  wait_for_frames (window);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (outer)), ==, 430);
  close_window (window);

  window = open_example ("01-two-paths");
  inner = gtk_widget_get_ancestor (bs_window_get_graph_view (window), GTK_TYPE_PANED);
  outer = gtk_widget_get_ancestor (gtk_widget_get_parent (inner), GTK_TYPE_PANED);
  wait_for_frames (window);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (outer)), ==, 430);
  g_assert_cmpint (gtk_widget_get_width (inner) - gtk_paned_get_position (GTK_PANED (inner)), ==,
                   280);
  close_window (window);
}

/* Pixels of widget (in a screenshot of window) within 40 of colour rgb in each channel */
static guint64
count_colour (BsWindow  *window,
              GtkWidget *widget,
              guint32    rgb)
{
  g_autoptr(GdkTexture) shot = screenshot (window);
  g_autofree guchar *pixels = NULL;
  graphene_rect_t bounds;
  guint64 count = 0;
  gsize stride;
  int x0, y0, x1, y1;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds));
  pixels = pixels_of (shot, &stride);
  x0 = MAX (0, (int) bounds.origin.x);
  y0 = MAX (0, (int) bounds.origin.y);
  x1 = MIN (gdk_texture_get_width (shot), (int) (bounds.origin.x + bounds.size.width));
  y1 = MIN (gdk_texture_get_height (shot), (int) (bounds.origin.y + bounds.size.height));
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        /* GDK's default memory format: B, G, R, A in memory */
        const guchar *p = pixels + y * stride + 4 * x;

        if (ABS (p[2] - (int) ((rgb >> 16) & 0xff)) <= 40
            && ABS (p[1] - (int) ((rgb >> 8) & 0xff)) <= 40
            && ABS (p[0] - (int) (rgb & 0xff)) <= 40)
          count++;
      }
  return count;
}

/* Example 15: a figure plt.show() shows is in the Plots view from the step of its line
 * on, and not before: its heading, and its drawing on screen (the scatter's points in
 * matplotlib's first colour, #1f77b4). */
static void
test_plots_at_step (void)
{
  BsWindow *window = open_example ("15-loss-curve");
  GtkWidget *plots = bs_window_get_plots (window);
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  BsTrace *trace = bs_scene_get_trace (bs_graph_view_get_scene (view));
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (plots, ADW_TYPE_VIEW_STACK));
  guint64 shown[2], n_shown = 0;
  g_autofree char *text = NULL;

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    if (bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_FIGURE)
      {
        g_assert_cmpuint (n_shown, <, G_N_ELEMENTS (shown));
        shown[n_shown++] = bs_trace_get_event (trace, i)->step;
      }
  g_assert_cmpuint (n_shown, ==, 2);
  adw_view_stack_set_visible_child_name (stack, "plots");

  for (guint pass = 0; pass < 2; pass++)
    {
      /* Before the first show(), and back there after the second */
      bs_window_show_step (window, shown[0] - 1);
      text = bs_window_get_text (window, "plots");
      g_assert_cmpstr (text, ==, "");
      g_clear_pointer (&text, g_free);
      g_assert_cmpuint (count_colour (window, plots, 0x1f77b4), ==, 0);

      bs_window_show_step (window, shown[0]);
      text = bs_window_get_text (window, "plots");
      g_assert_cmpstr (text, ==, "Figure 1, line 15\n");
      g_clear_pointer (&text, g_free);
      g_assert_cmpuint (count_colour (window, plots, 0x1f77b4), >, 100);

      bs_window_show_step (window, shown[1]);
      text = bs_window_get_text (window, "plots");
      g_assert_cmpstr (text, ==, "Figure 1, line 15\nFigure 1, line 40\n");
      g_clear_pointer (&text, g_free);
    }
  close_window (window);
}

static gboolean
grad_flow_on (BsWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window),
                                                               "grad-flow");

  return g_variant_get_boolean (state);
}

/* Gradient flow: Ctrl+G (a real key) tints the graph by log10 |grad| and shows the
 * legend (compared with a reference image); in the unrolled RNN (example 14) the
 * gradient reaching the first tanh is below the vanishing mark, the last one's is not
 * (PyTorch: dloss/dh = -6.294e-11 at step 0, -0.6806 at step 49). */
static void
test_grad_flow (void)
{
  BsWindow *window = open_example ("01-two-paths");
  BsGraphView *view;
  BsScene *scene;
  double low = INFINITY, high = 0;

  step (window, "win.step-last", 1);
  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  g_assert_false (grad_flow_on (window));
  xdotool_key ("ctrl+g");
  while (!grad_flow_on (window))
    g_main_context_iteration (NULL, TRUE);
  assert_matches_reference (window, "grad-flow");
  xdotool_key ("ctrl+g");
  while (grad_flow_on (window))
    g_main_context_iteration (NULL, TRUE);
  close_window (window);

  window = open_example ("14-rnn-vanishing");
  step (window, "win.step-last", 1);
  view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  scene = bs_graph_view_get_scene (view);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      BsTrace *trace = bs_scene_get_trace (scene);
      double norm;

      if (node->kind == BS_SCENE_NODE_OP
          && g_strcmp0 (bs_trace_get_string (trace, bs_trace_get_node (trace, node->node)->name),
                        "TanhBackward0") == 0
          && bs_grad_flow_node_norm (scene, bs_graph_view_get_state (view), i, &norm))
        {
          low = MIN (low, norm);
          high = MAX (high, norm);
        }
    }
  g_assert_cmpfloat (low, <, BS_GRAD_FLOW_VANISHING);
  g_assert_cmpfloat_with_epsilon (high, 0.6806, 1e-4);
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/two-paths", test_two_paths);
  g_test_add_func ("/app/keys", test_keys);
  g_test_add_func ("/app/retain-graph-error", test_retain_graph_error);
  g_test_add_func ("/app/every-example", test_every_example);
  g_test_add_func ("/app/autosave", test_autosave);
  g_test_add_func ("/app/notebook", test_notebook);
  g_test_add_func ("/app/notebook-cells", test_notebook_cells);
  g_test_add_func ("/app/notebook-read-only", test_notebook_read_only);
  g_test_add_func ("/app/replace-asks", test_replace_asks);
  g_test_add_func ("/app/screenshots", test_screenshots);
  g_test_add_func ("/app/live-graph", test_live_graph);
  g_test_add_func ("/app/dynamic-depth", test_dynamic_depth);
  g_test_add_func ("/app/grad-check", test_grad_check);
  g_test_add_func ("/app/shape-cards", test_shape_cards);
  g_test_add_func ("/app/timeline-click", test_timeline_click);
  g_test_add_func ("/app/plots-at-step", test_plots_at_step);
  g_test_add_func ("/app/whole-run", test_whole_run);
  g_test_add_func ("/app/presentation-selection", test_presentation_selection);
  g_test_add_func ("/app/syntax-error", test_syntax_error);
  g_test_add_func ("/app/step-field", test_step_field);
  g_test_add_func ("/app/grad-flow", test_grad_flow);
  /* Last: the widths it leaves are remembered for the windows after it */
  g_test_add_func ("/app/pane-sizes", test_pane_sizes);
  return g_test_run ();
}
