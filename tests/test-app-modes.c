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
#include "bs-graph-stage.h"
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

/* The check button labelled label under widget, or NULL. */
static GtkWidget *
find_check (GtkWidget  *widget,
            const char *label)
{
  if (GTK_IS_CHECK_BUTTON (widget)
      && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_check (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What hovering the box of name shows. */
static char *
box_tooltip (BsWindow   *window,
             const char *name)
{
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  int index = bs_graph_view_find_named (view, name);

  g_assert_cmpint (index, >=, 0);
  return bs_graph_view_describe_node (view, index);
}

/* With upstream gradients asked, x5's first edge asks ∂L/∂x5 (PyTorch: x5.grad is -1 with
 * retain_grad) before it shows it: x5's box and its tooltip say "∂L/∂x5 = ?", and neither
 * the inspector (x5 selected) nor the status line has the number; answered, all show it. */
static void
test_quiz_hides_upstream (void)
{
  BsWindow *window = open_example ("01-two-paths");
  guint64 edge = first_edge_step (window);
  GtkWidget *upstream;
  g_autofree char *tooltip = NULL;
  g_autofree char *inspector = NULL;
  g_autofree char *step = NULL;

  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, edge);
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+k");
  wait_for_text (window, "quiz", "Score 0 / 0");
  upstream = find_check (GTK_WIDGET (window), "Upstream gradients");
  g_assert_nonnull (upstream);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (upstream), TRUE);
  g_assert_true (bs_window_select_tensor (window, "x5"));

  /* x5's first edge, one step on */
  bs_window_show_step (window, edge + 1);
  wait_for_text (window, "quiz", "Upstream gradient ∂L/∂x5 = ?");
  tooltip = box_tooltip (window, "x5");
  g_assert_nonnull (strstr (tooltip, "∂L/∂x5 = ?"));
  g_assert_null (strstr (tooltip, "-1"));
  inspector = bs_window_get_text (window, "inspector");
  g_assert_null (strstr (inspector, "-1"));
  step = bs_window_get_text (window, "step");
  g_assert_cmpstr (step, ==, "Quiz: Upstream gradient ∂L/∂x5 = ?");

  xdotool_type ("-1");
  xdotool_key ("Return");
  wait_for_text (window, "quiz", "Right: -1 is within 1% of -1.");
  wait_for_text (window, "quiz", "Local gradient ∂x5/∂(w2 * x3) = ?");
  xdotool_type ("1");
  xdotool_key ("Return");
  wait_for_text (window, "quiz", "Contribution ∂L/∂(w2 * x3) that flows to (w2 * x3) = ?");
  xdotool_type ("-1");
  xdotool_key ("Return");
  wait_for_text (window, "quiz", "Score 3 / 3");

  /* revealed: the box, its tooltip and the inspector show ∂L/∂x5 = -1 */
  g_free (tooltip);
  tooltip = box_tooltip (window, "x5");
  g_assert_nonnull (strstr (tooltip, "∂L/∂x5 = -1"));
  wait_for_text (window, "inspector", "-1");

  /* w1.grad's total (PyTorch: -8), asked at the last accumulation: neither the chain-rule
   * panel's paths nor the inspector's finite-difference check tells it */
  {
    BsScene *scene = bs_graph_view_get_scene (BS_GRAPH_VIEW (bs_window_get_graph_view (window)));
    BsTrace *trace = bs_scene_get_trace (scene);
    guint64 accumulate = 0;
    g_autofree char *chain = NULL;

    for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
      if (bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_ACCUMULATE)
        accumulate = bs_trace_get_event (trace, i)->step;
    g_assert_true (bs_window_select_tensor (window, "w1"));
    bs_window_show_step (window, accumulate);
    wait_for_text (window, "quiz", "w1.grad after this accumulation = ?");
    chain = bs_window_get_text (window, "chain");
    g_assert_nonnull (strstr (chain, "The quiz asks first"));
    g_assert_null (strstr (chain, "-8"));
    g_free (inspector);
    inspector = bs_window_get_text (window, "inspector");
    g_assert_null (strstr (inspector, "-8"));
    g_assert_null (strstr (inspector, "finite-difference"));
    xdotool_type ("-8");
    xdotool_key ("Return");
    wait_for_text (window, "quiz", "Right: -8 is within 1% of -8.");
    wait_for_text (window, "chain", "= -8 = w1.grad");
    wait_for_text (window, "inspector", "finite-difference");
  }
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

static void
count_layout (guint *layouts)
{
  (*layouts)++;
}

/* Live mode (Ctrl+L): Ctrl+Up on w2's literal 2.0 makes it 2.1, the script runs again by
 * itself at the same step, and the inspector shows w1.grad = -8.1 (PyTorch:
 * tensor(-8.1000) for w2 = 2.1), with no new layout and the changed boxes lit. A print
 * line typed above the graph keeps the backward edge shown, one step later. Then a text
 * with an error keeps the last picture. */
/* Puts the editor's cursor offset bytes into the first needle of its text, and the focus
 * on the editor. */
static void
put_cursor (BsWindow   *window,
            const char *needle,
            gsize       offset)
{
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  const char *at;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  at = strstr (text, needle);
  g_assert_nonnull (at);
  gtk_text_buffer_get_iter_at_offset (buffer, &start,
                                      (int) g_utf8_pointer_to_offset (text, at + offset));
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_widget_grab_focus (find_text_view (GTK_WIDGET (window)));
  spin (100);
}

static void
test_live_scrub (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkTextIter start, end;
  guint64 last = bs_window_get_n_steps (window) - 1;
  g_autofree char *text = NULL;
  g_autofree char *edge_text = NULL;
  BsGraphView *view = BS_GRAPH_VIEW (bs_window_get_graph_view (window));
  GtkWidget *stage;
  guint layouts = 0;
  guint64 edge, n;
  gint64 deadline;

  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, last);
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "inspector", "-8");
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+l");

  put_cursor (window, "w2 = torch.tensor(2.0", strlen ("w2 = torch.tensor(2"));
  stage = gtk_widget_get_ancestor (bs_window_get_graph_view (window), BS_TYPE_GRAPH_STAGE);
  g_signal_connect_swapped (stage, "laid-out", G_CALLBACK (count_layout), &layouts);
  xdotool_key ("ctrl+Up");
  wait_for_text (window, "inspector", "-8.1");
  g_assert_cmpuint (bs_window_get_step (window), ==, last);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  g_assert_nonnull (strstr (text, "w2 = torch.tensor(2.1, requires_grad=True)"));
  /* the same graph: no layout; w2, w2 * x3, x5, L and w1's grad changed and light up */
  g_assert_true (wait_until (window, bs_window_is_ready));
  g_assert_cmpuint (layouts, ==, 0);
  g_assert_cmpuint (bs_graph_view_get_n_flashed (view), >=, 5);

  /* a print line above the graph: the same backward edge, one step later */
  edge = first_edge_step (window);
  bs_window_show_step (window, edge);
  edge_text = bs_window_get_text (window, "step");
  n = bs_window_get_n_steps (window);
  put_cursor (window, "x3 = w1 * x1", 0);
  xdotool_type ("print(0)");
  xdotool_key ("Return");
  deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
  while ((bs_window_get_n_steps (window) != n + 1 || !bs_window_is_ready (window))
         && g_get_monotonic_time () < deadline)
    spin (50);
  g_assert_cmpuint (bs_window_get_n_steps (window), ==, n + 1);
  g_assert_cmpuint (bs_window_get_step (window), ==, edge + 1);
  assert_text_contains (window, "step", edge_text);
  g_assert_cmpuint (layouts, ==, 0);

  /* a syntax error: the last good picture stays, the error is said */
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "L = (\n", -1);
  wait_for_text (window, "step", "Live: the script stops with the error");
  assert_text_contains (window, "inspector", "-8.1");
  close_window (window);
}

/* Where the character at offset of the editor is, in the window's X surface: its middle. */
static void
char_on_surface (BsWindow  *window,
                 GtkWidget *editor,
                 int        offset,
                 int       *x,
                 int       *y)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (editor));
  GtkTextIter iter;
  GdkRectangle box;
  graphene_point_t point;
  double surface_x, surface_y;
  int wx, wy;

  gtk_text_buffer_get_iter_at_offset (buffer, &iter, offset);
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (editor), &iter, &box);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (editor), GTK_TEXT_WINDOW_WIDGET,
                                         box.x + box.width / 2, box.y + box.height / 2,
                                         &wx, &wy);
  g_assert_true (gtk_widget_compute_point (editor, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (wx, wy), &point));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &surface_x, &surface_y);
  *x = (int) (point.x + surface_x);
  *y = (int) (point.y + surface_y);
}

/* Alt+drag on x1's literal 1.0, 100 pixels to the right in four moves (one unit of 0.1
 * every 5 pixels), with real pointer and key events: the literal becomes 3.0, live mode
 * turns on by itself and runs the script again, and the inspector shows w1.grad = -12
 * (PyTorch: tensor(-12.) for x1 = 3.0). A drag without Alt selects, changing nothing. */
static void
test_alt_drag_scrub (void)
{
  BsWindow *window = open_example ("01-two-paths");
  GtkTextBuffer *buffer = bs_window_get_buffer (window);
  GtkWidget *editor = find_text_view (GTK_WIDGET (window));
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL;
  g_autofree char *text = NULL;
  guint64 last = bs_window_get_n_steps (window) - 1;
  GtkTextIter start, end;
  const char *at;
  int x, y;

  g_assert_nonnull (xdotool);
  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, last);
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "inspector", "-8");
  wait_for_frames (window);

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  at = strstr (text, "x1 = torch.tensor(1.0)");
  g_assert_nonnull (at);
  /* on the literal's "." */
  char_on_surface (window, editor,
                   (int) g_utf8_pointer_to_offset (text, at) + (int) strlen ("x1 = torch.tensor(1"),
                   &x, &y);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (
                           gtk_native_get_surface (GTK_NATIVE (window))));

  /* without Alt: the text view's own drag */
  {
    g_autofree char *sx = g_strdup_printf ("%d", x);
    g_autofree char *sy = g_strdup_printf ("%d", y);
    g_autofree char *to = g_strdup_printf ("%d", x + 60);
    const char *argv[] = { xdotool, "mousemove", "--window", xid, sx, sy, "mousedown", "1",
                           "mousemove", "--window", xid, to, sy, "mouseup", "1", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, NULL, NULL, NULL));
  }
  spin (200);
  g_free (text);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  g_assert_nonnull (strstr (text, "x1 = torch.tensor(1.0)"));
  /* (a click in the editor selects its line's box) */
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "inspector", "-8");

  {
    g_autofree char *sx = g_strdup_printf ("%d", x);
    g_autofree char *sy = g_strdup_printf ("%d", y);
    g_autofree char *x1 = g_strdup_printf ("%d", x + 25);
    g_autofree char *x2 = g_strdup_printf ("%d", x + 50);
    g_autofree char *x3 = g_strdup_printf ("%d", x + 75);
    g_autofree char *x4 = g_strdup_printf ("%d", x + 100);
    const char *argv[] = { xdotool, "mousemove", "--window", xid, sx, sy,
                           "keydown", "alt", "mousedown", "1",
                           "mousemove", "--window", xid, x1, sy, "sleep", "0.05",
                           "mousemove", "--window", xid, x2, sy, "sleep", "0.05",
                           "mousemove", "--window", xid, x3, sy, "sleep", "0.05",
                           "mousemove", "--window", xid, x4, sy, "sleep", "0.05",
                           "mouseup", "1", "keyup", "alt", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, NULL, NULL, NULL));
  }
  wait_for_text (window, "inspector", "-12");
  g_assert_cmpuint (bs_window_get_step (window), ==, last);
  g_free (text);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  g_assert_nonnull (strstr (text, "x1 = torch.tensor(3.0)"));
  {
    g_autoptr(GVariant) live = g_action_group_get_action_state (G_ACTION_GROUP (window), "live");

    g_assert_true (g_variant_get_boolean (live));
  }

  /* the whole drag is one undo */
  gtk_widget_grab_focus (editor);
  spin (100);
  xdotool_key ("ctrl+z");
  wait_for_text (window, "inspector", "-8");
  close_window (window);
}

/* A key with its modifiers, as "<Control>k". */
static char *
key_name (guint           keyval,
          GdkModifierType modifiers)
{
  return gtk_accelerator_name (gdk_keyval_to_lower (keyval),
                               modifiers & gtk_accelerator_get_default_mod_mask ());
}

/* The keys of every shortcut the window's own code gives widget and its children: the
 * window's actions ("win.*", "app.*", the graph's "graph.*") and the callbacks of
 * controllers it adds; not the keys GTK's widgets bring (a text view's Ctrl+A). */
static void
collect_keys (GtkWidget  *widget,
              GHashTable *keys)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      gboolean of_class;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      of_class = g_strcmp0 (gtk_event_controller_get_name (controller),
                            "gtk-widget-class-shortcuts") == 0;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          gboolean ours = FALSE;

          if (GTK_IS_NAMED_ACTION (action))
            {
              const char *name = gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));

              ours = g_str_has_prefix (name, "win.") || g_str_has_prefix (name, "app.")
                     || g_str_has_prefix (name, "graph.");
            }
          else if (GTK_IS_CALLBACK_ACTION (action))
            ours = !of_class;
          if (ours && GTK_IS_KEYVAL_TRIGGER (trigger))
            g_hash_table_add (keys, key_name (
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger))));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_keys (child, keys);
}

/* Every shortcut the window and the application have is in the shortcuts window (Ctrl+?),
 * and the window lists none they lack. Ctrl+Up / Ctrl+Down (scrubbing, a key handler of
 * the editor) and Alt+drag are listed too. */
static void
test_shortcuts_window (void)
{
  BsWindow *window = open_example ("01-two-paths");
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/org/backstep/Backstep/ui/bs-shortcuts-window.ui");
  GtkWidget *shortcuts = GTK_WIDGET (gtk_builder_get_object (builder, "shortcuts"));
  g_autoptr(GHashTable) have = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  static const char *const key_handlers[] = { "<Control>Up", "<Control>Down" };
  static const char *const required[] = { "<Control>k", "<Control>l", "<Control>g" };
  gboolean alt_drag = FALSE;
  const char *action;
  const char *const *accels;
  GHashTableIter iter;
  const char *key;

  collect_keys (GTK_WIDGET (window), have);
  for (guint i = 0; (accels = bs_application_get_accels (i, &action)) != NULL; i++)
    for (guint k = 0; accels[k] != NULL; k++)
      {
        guint keyval;
        GdkModifierType modifiers;

        g_assert_true (gtk_accelerator_parse (accels[k], &keyval, &modifiers));
        g_hash_table_add (have, key_name (keyval, modifiers));
      }
  for (guint i = 0; i < G_N_ELEMENTS (key_handlers); i++)
    g_hash_table_add (have, g_strdup (key_handlers[i]));

  /* the shortcuts window's entries, by their accelerators */
  {
    GSList *objects = gtk_builder_get_objects (builder);

    for (GSList *l = objects; l != NULL; l = l->next)
      if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        g_ptr_array_add (entries, l->data);
    g_slist_free (objects);
  }
  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_auto(GStrv) parts = NULL;

      g_object_get (entries->pdata[i], "accelerator", &accelerator, "title", &title,
                    "subtitle", &subtitle, NULL);
      if (subtitle != NULL && g_str_has_prefix (subtitle, "Alt+drag")
          && strstr (title, "Scrub") != NULL)
        alt_drag = TRUE;
      if (accelerator == NULL)
        continue;
      parts = g_strsplit (accelerator, " ", -1);
      for (guint k = 0; parts[k] != NULL; k++)
        {
          guint keyval;
          GdkModifierType modifiers;

          if (!gtk_accelerator_parse (parts[k], &keyval, &modifiers))
            g_error ("the shortcuts window's \"%s\" has \"%s\", no key", title, parts[k]);
          g_hash_table_add (listed, key_name (keyval, modifiers));
        }
    }

  g_hash_table_iter_init (&iter, have);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (!g_hash_table_contains (listed, key))
      g_error ("the window has the shortcut %s; the shortcuts window does not list it", key);
  g_hash_table_iter_init (&iter, listed);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (!g_hash_table_contains (have, key))
      g_error ("the shortcuts window lists %s, which the window does not have", key);
  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    g_assert_true (g_hash_table_contains (listed, required[i]));
  g_assert_true (alt_drag);
  gtk_window_destroy (GTK_WINDOW (shortcuts));
  close_window (window);
}

/* Until the box of name's tooltip holds needle, then that it does. */
static void
wait_for_box (BsWindow   *window,
              const char *name,
              const char *needle)
{
  g_autofree char *part = g_strdup_printf ("box %s", name);

  wait_for_text (window, part, needle);
}

/* Compare (Ctrl+P): pin example 01's run at its end, turn live mode on and scrub w2 from
 * 2.0 to 2.1: w1's box says grad -8 → -8.1 (PyTorch: w1.grad tensor(-8.) for w2 = 2.0 and
 * tensor(-8.1000) for 2.1), w2's value 2 → 2.1, and the chain-rule panel both sums; a
 * new statement's box has no "before". Ctrl+P again unpins. */
static void
test_compare (void)
{
  BsWindow *window = open_example ("01-two-paths");
  g_autofree char *text = NULL;

  XAutoRepeatOff (gdk_x11_display_get_xdisplay (gdk_display_get_default ()));
  bs_window_show_step (window, bs_window_get_n_steps (window) - 1);
  wait_for_frames (window);
  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+p");
  wait_for_text (window, "step", "Compare: no box changed since the pinned run");
  wait_for_box (window, "w1", "grad: -8 → -8");
  xdotool_key ("ctrl+l");

  put_cursor (window, "w2 = torch.tensor(2.0", strlen ("w2 = torch.tensor(2"));
  xdotool_key ("ctrl+Up");
  wait_for_box (window, "w1", "grad: -8 → -8.1");
  wait_for_box (window, "w2", "value: 2 → 2.1");
  wait_for_text (window, "step", "boxes changed since the pinned run");
  g_assert_true (bs_window_select_tensor (window, "w1"));
  assert_text_contains (window, "chain", "In the pinned run");
  assert_text_contains (window, "chain", "sum before → now: -8 → -8.1");

  /* a tensor the pinned run did not have */
  put_cursor (window, "\nL.backward()", 1);
  xdotool_type ("extra = w3 * 2");
  xdotool_key ("Return");
  wait_for_box (window, "extra", "value: — → 6");

  gtk_widget_grab_focus (bs_window_get_graph_view (window));
  spin (100);
  xdotool_key ("ctrl+p");
  wait_for_box (window, "w1", "grad: -8.1\n");
  text = bs_window_get_text (window, "box w1");
  g_assert_null (strstr (text, "→"));
  g_free (text);
  text = bs_window_get_text (window, "step");
  g_assert_null (strstr (text, "Compare"));
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/app-modes/quiz", test_quiz);
  g_test_add_func ("/app-modes/quiz-hides-upstream", test_quiz_hides_upstream);
  g_test_add_func ("/app-modes/grad-flow-legend", test_grad_flow_legend);
  g_test_add_func ("/app-modes/hover-values", test_hover_values);
  g_test_add_func ("/app-modes/live-scrub", test_live_scrub);
  g_test_add_func ("/app-modes/alt-drag-scrub", test_alt_drag_scrub);
  g_test_add_func ("/app-modes/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/app-modes/compare", test_compare);
  return g_test_run ();
}
