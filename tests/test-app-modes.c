/* test-app-modes.c: the window's teaching modes, driven with real key presses under Xvfb
 *
 * Quiz mode (Ctrl+K): seed 004's first backward edge, L = 1 - x5, asks its local gradient
 * and its contribution (PyTorch: both -1) before it shows them; one answer right, one
 * wrong, and the score. Gradient flow (Ctrl+G): the legend sits beside the graph, never
 * over a box, and switches to the gradient-to-value ratio.
 */
#include "app-fixtures.h"
#include "bs-chain-panel.h"
#include "bs-grad-flow-legend.h"
#include "bs-graph-view.h"
#include "bs-renderer.h"

static void
xdotool_type (const char *text)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { xdotool, "type", "--delay", "30", "--", text, NULL };
  int status;

  g_assert_nonnull (xdotool);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
}

/* Until the part's text holds needle (keys arrive in their own time), then that it does. */
static void
wait_for_text (BsWindow   *window,
               const char *part,
               const char *needle)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      g_autofree char *text = bs_window_get_text (window, part);

      if (strstr (text, needle) != NULL)
        return;
      if (g_get_monotonic_time () > deadline)
        g_error ("the %s panel says\n%s\nwithout \"%s\"", part, text, needle);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* The first step whose step event is an edge. */
static guint64
first_edge_step (BsWindow *window)
{
  BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
  BsTrace *trace = bs_scene_get_trace (scene);

  for (guint64 step = 0; step < bs_trace_get_n_steps (trace); step++)
    {
      gint64 index = bs_trace_get_step_event (trace, step);

      if (index >= 0 && bs_trace_get_event (trace, (guint64) index)->type == BS_TRACE_EVENT_EDGE)
        return step;
    }
  g_error ("no edge");
  return 0;
}

static void
test_quiz (void)
{
  BsWindow *window = open_example ("01-two-paths");
  guint64 edge = first_edge_step (window);
  g_autofree char *chain = NULL;

  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, edge - 1);
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+k");
  wait_for_text (window, "quiz", "Score 0 / 0");

  /* Right steps onto the edge: asked, not shown. */
  xdotool_key ("Right");
  wait_for_text (window, "quiz", "Local gradient ∂L/∂x5 = ?");
  g_assert_cmpuint (bs_window_get_step (window), ==, edge);
  wait_for_text (window, "step", "Quiz: Local gradient ∂L/∂x5 = ?");
  chain = bs_window_get_text (window, "chain");
  g_assert_null (strstr (chain, "∂L/∂x5 = -1"));

  /* The entry has the focus: typed and Return. */
  xdotool_type ("-1");
  xdotool_key ("Return");
  wait_for_text (window, "quiz", "Right: -1 is within 1% of -1.");
  wait_for_text (window, "quiz", "Contribution ∂L/∂x5 that flows to x5 = ?");
  wait_for_text (window, "step", "Quiz: Contribution ∂L/∂x5 that flows to x5 = ?");
  wait_for_text (window, "quiz", "Score 1 / 1");
  xdotool_type ("2");
  xdotool_key ("Return");
  wait_for_text (window, "quiz", "Wrong: 2 is not within 1% of -1.");
  wait_for_text (window, "quiz", "Score 1 / 2");

  /* Everything asked: the step shows its numbers, and Right steps on. */
  wait_for_text (window, "chain", "local gradient  ∂L/∂x5 = -1");
  spin (100);
  xdotool_key ("Right");
  wait_for_text (window, "quiz", "Local gradient ∂x5/∂(w2 * x3) = ?");
  g_assert_cmpuint (bs_window_get_step (window), ==, edge + 1);

  /* Off: no question, the step as it is. */
  xdotool_key ("ctrl+k");
  wait_for_text (window, "step", "∂x5/∂(w2 * x3)");
  close_window (window);
}

/* The legend is in its own strip under the graph (it never covers a box), and its switch
 * colours by the gradient-to-value ratio. */
static void
test_grad_flow_legend (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkWidget *view = bs_window_get_graph_view (window);
  GtkWidget *legend = gtk_widget_get_next_sibling (view);
  GtkWidget *ratio = NULL;
  graphene_rect_t view_box, legend_box;

  g_assert_true (BS_IS_GRAD_FLOW_LEGEND (legend));
  gtk_widget_grab_focus (view);
  wait_for_frames (window);
  xdotool_key ("ctrl+g");
  while (!gtk_widget_get_mapped (legend))
    g_main_context_iteration (NULL, TRUE);
  wait_for_frames (window);
  g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (window), &view_box));
  g_assert_true (gtk_widget_compute_bounds (legend, GTK_WIDGET (window), &legend_box));
  g_assert_false (graphene_rect_intersection (&view_box, &legend_box, NULL));
  g_assert_cmpfloat (legend_box.origin.y, >=, view_box.origin.y + view_box.size.height);

  for (GtkWidget *w = gtk_widget_get_first_child (legend); w != NULL && ratio == NULL;
       w = gtk_widget_get_next_sibling (w))
    for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && ratio == NULL;
         c = gtk_widget_get_next_sibling (c))
      for (GtkWidget *b = gtk_widget_get_first_child (c); b != NULL; b = gtk_widget_get_next_sibling (b))
        if (GTK_IS_TOGGLE_BUTTON (b)
            && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (b)), "‖grad‖ / ‖value‖") == 0)
          ratio = b;
  g_assert_nonnull (ratio);
  g_assert_cmpint (bs_grad_flow_legend_get_scale (BS_GRAD_FLOW_LEGEND (legend)), ==,
                   BS_GRAD_FLOW_NORM);
  click_widget (window, ratio, 10, 10);
  while (bs_grad_flow_legend_get_scale (BS_GRAD_FLOW_LEGEND (legend)) != BS_GRAD_FLOW_RATIO)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (bs_grad_flow_legend_get_scale (BS_GRAD_FLOW_LEGEND (legend)), ==,
                   BS_GRAD_FLOW_RATIO);
  close_window (window);
}

/* The first text view under widget (the editor), or NULL. */
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

/* The label under widget whose text starts with prefix, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Example 12 at b's edge: pointing at a term of the shape card shows its values as
 * PyTorch prints them (the gradient reaching out is ones(3, 2): "tensor([[1., 1.],
 * [1., 1.], [1., 1.]])"; b.grad's contribution is tensor([3., 3.])). */
static void
test_hover_values (void)
{
  static const char card[] = "shapes  ∂loss/∂b [2] = Σ over dim 0 of ∂loss/∂out [3×2]";
  BsWindow *window = open_example ("12-broadcasting");
  GtkWidget *label = NULL;
  PangoRectangle at;
  const char *term;
  int ox, oy;

  for (guint64 s = 0; s < bs_window_get_n_steps (window) && label == NULL; s++)
    {
      g_autofree char *chain = NULL;

      bs_window_show_step (window, s);
      chain = bs_window_get_text (window, "chain");
      if (strstr (chain, card) != NULL)
        label = find_label (GTK_WIDGET (window), "shapes");
    }
  g_assert_nonnull (label);
  wait_for_frames (window);
  gtk_label_get_layout_offsets (GTK_LABEL (label), &ox, &oy);
  term = strstr (gtk_label_get_text (GTK_LABEL (label)), "∂loss/∂out");
  pango_layout_index_to_pos (gtk_label_get_layout (GTK_LABEL (label)),
                             (int) (term - gtk_label_get_text (GTK_LABEL (label))), &at);
  g_assert_cmpstr (bs_chain_panel_term_values_at (label, ox + at.x / PANGO_SCALE + 3,
                                                  oy + at.y / PANGO_SCALE + 3),
                   ==, "tensor([[1., 1.],\n        [1., 1.],\n        [1., 1.]])");
  pango_layout_index_to_pos (gtk_label_get_layout (GTK_LABEL (label)), strlen ("shapes  "),
                             &at);
  g_assert_cmpstr (bs_chain_panel_term_values_at (label, ox + at.x / PANGO_SCALE + 3,
                                                  oy + at.y / PANGO_SCALE + 3),
                   ==, "tensor([3., 3.])");
  /* "shapes" itself is no term */
  g_assert_null (bs_chain_panel_term_values_at (label, ox + 2, oy + 3));
  close_window (window);
}

/* Live mode (Ctrl+L): Ctrl+Up on w2's literal 2.0 makes it 2.1, the script runs again by
 * itself at the same step, and the inspector shows w1.grad = -8.1 (PyTorch:
 * tensor(-8.1000) for w2 = 2.1). Then a text with an error keeps the last picture. */
static void
test_live_scrub (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkWidget *editor = NULL;
  GtkTextIter start, end;
  guint64 last = bs_window_get_n_steps (window) - 1;
  g_autofree char *text = NULL;
  const char *at;

  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, last);
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "inspector", "-8");
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+l");

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  at = strstr (text, "w2 = torch.tensor(2.0");
  g_assert_nonnull (at);
  gtk_text_buffer_get_iter_at_offset (buffer, &start,
                                      (int) g_utf8_pointer_to_offset (text, at)
                                      + (int) strlen ("w2 = torch.tensor(2"));
  gtk_text_buffer_place_cursor (buffer, &start);
  editor = find_text_view (GTK_WIDGET (window));
  gtk_widget_grab_focus (editor);
  spin (100);
  xdotool_key ("ctrl+Up");
  wait_for_text (window, "inspector", "-8.1");
  g_assert_cmpuint (bs_window_get_step (window), ==, last);
  g_free (text);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  g_assert_nonnull (strstr (text, "w2 = torch.tensor(2.1, requires_grad=True)"));

  /* a syntax error: the last good picture stays, the error is said */
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "L = (\n", -1);
  wait_for_text (window, "step", "Live: the script stops with the error");
  assert_text_contains (window, "inspector", "-8.1");
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/app-modes/quiz", test_quiz);
  g_test_add_func ("/app-modes/grad-flow-legend", test_grad_flow_legend);
  g_test_add_func ("/app-modes/hover-values", test_hover_values);
  g_test_add_func ("/app-modes/live-scrub", test_live_scrub);
  return g_test_run ();
}
