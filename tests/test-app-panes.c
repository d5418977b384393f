/* test-app-panes.c: the editor and the panes at the sizes of a projector (1280×720) and
 * of an old laptop (1024×768), under Xvfb
 *
 * No line of any example is cut: the longest wraps, every character of it within the
 * editor's width, and the editor has nothing to scroll sideways. At 1024×768 each pane
 * keeps its minimum width; widening the window again gives the editor back the width
 * chosen for it.
 */
#include "app-fixtures.h"

#define EDITOR_MIN_WIDTH 260   /* bs-window.ui: the editor's scroller */
#define SIDE_MIN_WIDTH   250   /* bs-window.ui: the side panel */
#define GRAPH_MIN_WIDTH  400

static const char *examples[] = {
  "01-two-paths", "02-retain-graph", "03-two-losses", "04-dynamic-net", "05-coin-branches",
  "06-growing-layer", "07-mlp-training", "08-inplace-error", "09-non-scalar",
  "10-custom-function", "11-second-derivative", "12-broadcasting", "13-dynamic-training",
  "14-rnn-vanishing", "15-loss-curve",
};

typedef struct {
  GtkPaned          *outer;
  GtkPaned          *inner;
  GtkScrolledWindow *scroller;
  GtkTextView       *editor;
} Panes;

static Panes
panes_of (BsWindow *window)
{
  Panes p;

  p.inner = GTK_PANED (gtk_widget_get_ancestor (bs_window_get_graph_view (window),
                                                GTK_TYPE_PANED));
  p.outer = GTK_PANED (gtk_widget_get_ancestor (gtk_widget_get_parent (GTK_WIDGET (p.inner)),
                                                GTK_TYPE_PANED));
  p.scroller = GTK_SCROLLED_WINDOW (gtk_paned_get_start_child (p.outer));
  p.editor = GTK_TEXT_VIEW (gtk_scrolled_window_get_child (p.scroller));
  return p;
}

/* The window resized through the X server, as a window manager would. */
static void
resize (BsWindow *window,
        int       width,
        int       height)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  gint64 deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;

  XResizeWindow (display, gdk_x11_surface_get_xid (surface), width, height);
  XSync (display, False);
  /* (the surface: with no window manager GTK draws a frame of its own inside it) */
  while ((gdk_surface_get_width (surface) != width || gdk_surface_get_height (surface) != height)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gdk_surface_get_width (surface), ==, width);
  g_assert_cmpint (gdk_surface_get_height (surface), ==, height);
  wait_for_frames (window);
}

static int
window_width (BsWindow *window)
{
  return gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window)));
}

static int
window_height (BsWindow *window)
{
  return gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (window)));
}

/* The longest line of the script shown: its first character. */
static void
longest_line (GtkTextBuffer *buffer,
              GtkTextIter   *start)
{
  int longest = -1;

  for (int line = 0; line < gtk_text_buffer_get_line_count (buffer); line++)
    {
      GtkTextIter iter;

      gtk_text_buffer_get_iter_at_line (buffer, &iter, line);
      if (gtk_text_iter_get_chars_in_line (&iter) > longest)
        {
          longest = gtk_text_iter_get_chars_in_line (&iter);
          *start = iter;
        }
    }
}

/* Every character of the example's longest line within the editor's width, and nothing
 * to scroll to sideways. */
static void
assert_longest_line_whole (BsWindow   *window,
                           const char *example)
{
  Panes p = panes_of (window);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (p.scroller);
  GtkTextIter iter;
  GdkRectangle visible;
  int chars, display_lines = 1, right = gtk_text_view_get_right_margin (p.editor);

  longest_line (gtk_text_view_get_buffer (p.editor), &iter);
  chars = gtk_text_iter_get_chars_in_line (&iter);
  gtk_text_view_get_visible_rect (p.editor, &visible);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h));
  for (int i = 0; i < chars - 1; i++, gtk_text_iter_forward_char (&iter))
    {
      GdkRectangle at;

      gtk_text_view_get_iter_location (p.editor, &iter, &at);
      if (at.x < visible.x || at.x + at.width > visible.x + visible.width - right)
        g_error ("%s at %dx%d: character %d of its longest line (%d characters) is at x = "
                 "%d..%d, the editor shows x = %d..%d", example, window_width (window),
                 window_height (window), i, chars, at.x, at.x + at.width,
                 visible.x, visible.x + visible.width - right);
      if (i > 0 && gtk_text_view_starts_display_line (p.editor, &iter))
        display_lines++;
    }
  g_test_message ("%s at %dx%d: its longest line, %d characters, on %d display lines of an "
                  "editor %d px wide", example, window_width (window), window_height (window),
                  chars, display_lines,
                  gtk_widget_get_width (GTK_WIDGET (p.scroller)));
}

static void
assert_minimum_widths (BsWindow *window)
{
  Panes p = panes_of (window);
  int inner_width = gtk_widget_get_width (GTK_WIDGET (p.inner));
  int side = inner_width - gtk_paned_get_position (p.inner);

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (p.scroller)), >=, EDITOR_MIN_WIDTH);
  g_assert_cmpint (side, >=, SIDE_MIN_WIDTH);
  g_assert_cmpint (gtk_paned_get_position (p.inner), >=, GRAPH_MIN_WIDTH);
}

static void
test_every_example (void)
{
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  gtk_window_present (GTK_WINDOW (window));
  for (guint size = 0; size < 2; size++)
    {
      resize (window, size == 0 ? 1280 : 1024, size == 0 ? 720 : 768);
      for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
        {
          g_assert_true (bs_window_load_example (window, examples[i]));
          wait_for_frames (window);
          assert_longest_line_whole (window, examples[i]);
          assert_minimum_widths (window);
        }
    }
  close_window (window);
}

/* The editor's width chosen at 1280 px narrows in a 1024 px window (to no less than its
 * minimum) and comes back in a 1280 px one; a width chosen at 1024 px stays. */
static void
test_widths_come_back (void)
{
  BsWindow *window = open_example ("02-retain-graph");
  Panes p = panes_of (window);

  resize (window, 1280, 720);
  gtk_paned_set_position (p.outer, 420);
  wait_for_frames (window);
  g_assert_cmpint (gtk_paned_get_position (p.outer), ==, 420);

  resize (window, 1024, 768);
  g_assert_cmpint (gtk_paned_get_position (p.outer), <, 420);
  assert_minimum_widths (window);
  /* the divider can still be dragged, both ways */
  g_assert_cmpint (gtk_paned_get_position (p.outer), >, EDITOR_MIN_WIDTH);

  resize (window, 1280, 720);
  g_assert_cmpint (gtk_paned_get_position (p.outer), ==, 420);

  resize (window, 1024, 768);
  gtk_paned_set_position (p.outer, EDITOR_MIN_WIDTH + 10);
  wait_for_frames (window);
  resize (window, 1280, 720);
  g_assert_cmpint (gtk_paned_get_position (p.outer), ==, EDITOR_MIN_WIDTH + 10);
  close_window (window);
}

int
main (int    argc,
      char **argv)
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/app-panes/every-example", test_every_example);
  g_test_add_func ("/app-panes/widths-come-back", test_widths_come_back);
  return g_test_run ();
}
