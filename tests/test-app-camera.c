/* test-app-camera.c: what the graph view's camera shows while stepping a training loop
 *
 * Under Xvfb, on a DynamicNet script (a random depth per iteration, example 13) and on
 * the MLP of example 07: the current iteration's graph is framed when it can be read
 * whole, the current edge stays in view when it cannot; with GTK's animations off a
 * change of the graph's shape shows at once.
 */
#include <adwaita.h>
#include <math.h>
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>

#include "bs-application.h"
#include "bs-graph-view.h"
#include "bs-replay.h"
#include "bs-window.h"
#include "app-fixtures.h"

static BsWindow *
open_example_sized (const char *name,
                    int         width,
                    int         height)
{
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (bs_window_load_example (window, name));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
  g_assert_true (wait_until (window, bs_window_is_ready));
  return window;
}

static void
step (BsWindow   *window,
      const char *action,
      guint       times)
{
  for (guint i = 0; i < times; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  g_assert_true (wait_until (window, bs_window_is_ready));
  wait_for_frames (window);
}

/* The ⋮ menu's whole-run view: every pass of the loop one box but the current one. */
static void
show_whole_run (BsWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.view", "s", "whole");
  g_assert_true (wait_until (window, bs_window_is_ready));
  wait_for_frames (window);
}

static BsGraphView *
graph_view (BsWindow *window)
{
  return BS_GRAPH_VIEW (bs_window_get_graph_view (window));
}

static void
assert_box_in_view (BsGraphView *view,
                    guint        index)
{
  const BsSceneNode *node = bs_scene_get_node (bs_graph_view_get_scene (view), index);
  double x, y, width, height;

  bs_graph_view_get_visible (view, &x, &y, &width, &height);
  if (node->x < x - 0.5 || node->y < y - 0.5 || node->x + node->width > x + width + 0.5
      || node->y + node->height > y + height + 0.5)
    g_error ("box %u (%g, %g, %g x %g) is not inside the view (%g, %g, %g x %g)", index,
             node->x, node->y, node->width, node->height, x, y, width, height);
}

/* The current edge's label (its local gradient and the product that flows on) is on
 * screen whole. */
static void
assert_label_in_view (BsGraphView *view)
{
  BsNoteRect label;
  double x, y, width, height;

  g_assert_true (bs_renderer_place_notes (bs_graph_view_get_renderer (view),
                                          bs_graph_view_get_scene (view),
                                          bs_graph_view_get_state (view), &label, NULL) & 1);
  bs_graph_view_get_visible (view, &x, &y, &width, &height);
  if (label.x < x - 0.5 || label.y < y - 0.5 || label.x + label.width > x + width + 0.5
      || label.y + label.height > y + height + 0.5)
    g_error ("the edge's label (%g, %g, %g x %g) is not inside the view (%g, %g, %g x %g)",
             label.x, label.y, label.width, label.height, x, y, width, height);
}

/* Every box of the current iteration's graph is on screen (the scene is the live graph:
 * that pass's boxes, the parameters and the inputs). */
static void
assert_graph_in_view (BsWindow *window)
{
  BsGraphView *view = graph_view (window);
  BsScene *scene = bs_graph_view_get_scene (view);

  g_assert_nonnull (scene);
  g_assert_cmpuint (bs_scene_get_n_nodes (scene), >, 0);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    assert_box_in_view (view, i);
  /* ... at a zoom where its text can be read */
  g_assert_cmpfloat (bs_graph_view_get_zoom (view), >=, 0.6);
}

/* Into the fifth iteration (its backward call), then the next iteration, and a few edges
 * of its backward pass: the whole graph on screen each time. */
static void
check_framed (const char *example)
{
  BsWindow *window = open_example_sized (example, 2400, 1350);
  guint n_boxes;

  step (window, "win.backward-next", 1);
  step (window, "win.iteration-next", 4);
  assert_graph_in_view (window);
  n_boxes = bs_scene_get_n_nodes (bs_graph_view_get_scene (graph_view (window)));
  step (window, "win.iteration-next", 1);
  assert_graph_in_view (window);
  for (guint i = 0; i < 3; i++)
    {
      step (window, "win.step-next", 1);
      assert_graph_in_view (window);
    }
  g_test_message ("%s: %u boxes in the fifth iteration, %u in the sixth", example, n_boxes,
                  bs_scene_get_n_nodes (bs_graph_view_get_scene (graph_view (window))));
  close_window (window);
}

static void
test_framed_dynamic (void)
{
  check_framed ("13-dynamic-training");
}

static void
test_framed_mlp (void)
{
  check_framed ("07-mlp-training");
}

/* Whether boxes a and b fit the view together at zoom, 24 pixels free around. */
static gboolean
fit_together (BsGraphView *view,
              guint        a,
              guint        b,
              double       zoom)
{
  BsScene *scene = bs_graph_view_get_scene (view);
  const BsSceneNode *p = bs_scene_get_node (scene, a), *q = bs_scene_get_node (scene, b);
  double width = MAX (p->x + p->width, q->x + q->width) - MIN (p->x, q->x);
  double height = MAX (p->y + p->height, q->y + q->height) - MIN (p->y, q->y);

  return width * zoom <= gtk_widget_get_width (GTK_WIDGET (view)) - 48
         && height * zoom <= gtk_widget_get_height (GTK_WIDGET (view)) - 48;
}

/* How far (in pixels on screen) from the centre of the box an edge enters the edge runs
 * on screen without a break, walked back from its arrowhead towards the box it leaves. */
static double
edge_shown_from_head (BsGraphView *view,
                      guint        index)
{
  BsScene *scene = bs_graph_view_get_scene (view);
  const BsSceneEdge *edge = bs_scene_get_edge (scene, index);
  const BsSceneNode *head = bs_scene_get_node (scene, edge->to);
  double x, y, width, height, farthest = 0;

  bs_graph_view_get_visible (view, &x, &y, &width, &height);
  for (guint k = edge->n_points - 1; k >= 3; k -= 3)
    for (int i = 16; i >= 0; i--)
      {
        const BsScenePoint *p = &edge->points[k - 3];
        double t = i / 16.0, u = 1 - t;
        double px = u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x
                    + t * t * t * p[3].x;
        double py = u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y
                    + t * t * t * p[3].y;

        if (px < x || px > x + width || py < y || py > y + height)
          return farthest;
        farthest = MAX (farthest, hypot (px - (head->x + head->width / 2),
                                         py - (head->y + head->height / 2))
                                  * bs_graph_view_get_zoom (view));
      }
  return farthest;
}

/* At 1280×720 the graph cannot be read whole: at every edge of a backward pass both its
 * boxes are on screen at a zoom where text can be read (0.6 or more) whenever they fit
 * together at such a zoom. An edge whose ends are too far apart for that (from the
 * parameter row to a box far below) shows the box it enters, the op whose backward runs,
 * with the view reaching from it along the edge towards the box it leaves: the edge runs
 * on screen over most of the view's height or width. Either way the edge's label is on
 * screen (in the live view). */
static void
check_edges_followed (const char *example,
                      gboolean    whole,
                      guint       min_far)
{
  BsWindow *window = open_example_sized (example, 1280, 720);
  BsGraphView *view = graph_view (window);
  guint n_edges = 0, n_far = 0, n_below_readable = 0;
  guint32 backward = 0;

  if (whole)
    show_whole_run (window);
  step (window, "win.backward-next", 1);
  step (window, "win.iteration-next", 4);
  for (guint i = 0; i < 400; i++)
    {
      BsScene *scene;
      const BsTraceEvent *event;
      guint from, to;
      int edge;

      step (window, "win.step-next", 1);
      /* (until the iteration's backward call is over) */
      if (backward != 0 && bs_graph_view_get_state (view)->backward != backward)
        break;
      event = bs_trace_state_get_step_event (bs_graph_view_get_state (view));
      if (event == NULL || event->type != BS_TRACE_EVENT_EDGE)
        continue;
      backward = bs_graph_view_get_state (view)->backward;
      scene = bs_graph_view_get_scene (view);
      edge = bs_scene_find_edge (scene, event->node, event->input_nr);
      g_assert_cmpint (edge, >=, 0);
      /* data flows from -> to; the backward pass walks to -> from */
      from = bs_scene_get_edge (scene, (guint) edge)->from;
      to = bs_scene_get_edge (scene, (guint) edge)->to;
      g_assert_cmpfloat (bs_graph_view_get_zoom (view), >=, 0.6);
      assert_box_in_view (view, to);
      /* (in the whole view a crowded pass may have no room for it near the edge: then it
       * stands right of every box, the collapsed passes included, with a line leading
       * back) */
      if (!whole)
        assert_label_in_view (view);
      n_below_readable += !fit_together (view, from, to, 0.8);
      if (fit_together (view, from, to, 0.6))
        assert_box_in_view (view, from);
      else
        {
          double extent = MIN (gtk_widget_get_width (GTK_WIDGET (view)),
                               gtk_widget_get_height (GTK_WIDGET (view)));

          g_assert_cmpfloat (edge_shown_from_head (view, (guint) edge), >=, 0.8 * extent);
          n_far++;
        }
      n_edges++;
    }
  g_test_message ("%s at 1280x720%s: %u edges, %u of them with boxes too far apart for zoom "
                  "0.8, %u for zoom 0.6", example, whole ? " (whole run)" : "", n_edges,
                  n_below_readable, n_far);
  g_assert_cmpuint (n_edges, >=, 6);
  g_assert_cmpuint (n_far, >=, min_far);
  close_window (window);
}

static void
test_edges_dynamic (void)
{
  check_edges_followed ("13-dynamic-training", FALSE, 1);
}

static void
test_edges_mlp (void)
{
  check_edges_followed ("07-mlp-training", FALSE, 0);
}

/* The same in the whole-run view, every other pass one box. */
static void
test_whole_edges_dynamic (void)
{
  check_edges_followed ("13-dynamic-training", TRUE, 1);
}

static void
test_whole_edges_mlp (void)
{
  check_edges_followed ("07-mlp-training", TRUE, 0);
}

typedef struct {
  BsGraphView *view;
  guint        frames;
  guint        animating;   /* frames painted while boxes glided, faded or the camera moved,
                             * and the moment the step was taken if they did then */
  guint        gliding;     /* ... while boxes glided */
} Painted;

static void
count_painted (GdkFrameClock *clock,
               Painted       *painted)
{
  painted->frames++;
  painted->animating += bs_graph_view_is_animating (painted->view);
  painted->gliding += bs_graph_view_is_gliding (painted->view);
}

/* Steps to another iteration of example 13 (action), whose graph has another depth: the
 * frames painted until the window is still. */
static Painted
paint_shape_change (BsWindow   *window,
                    const char *action)
{
  Painted painted = { graph_view (window), 0, 0, 0 };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  /* (held: the whole view drops its old scenes) */
  g_autoptr(BsScene) before = bs_scene_ref (bs_graph_view_get_scene (painted.view));

  g_signal_connect (clock, "after-paint", G_CALLBACK (count_painted), &painted);
  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  /* (a frame slower than the glide, on a loaded machine, would not see it) */
  painted.animating += bs_graph_view_is_animating (painted.view);
  /* (a scene laid out anew glides once its layout comes: a glide begun is seen between
   * the main loop's turns, however slow the frames) */
  {
    gint64 deadline = g_get_monotonic_time () + READY_TIMEOUT_USEC;
    guint waker = g_timeout_add (50, keep_waking, NULL);

    painted.gliding += bs_graph_view_is_gliding (painted.view);
    while (!bs_window_is_ready (window) && g_get_monotonic_time () < deadline)
      {
        g_main_context_iteration (NULL, TRUE);
        painted.gliding += bs_graph_view_is_gliding (painted.view);
      }
    g_source_remove (waker);
  }
  g_assert_true (bs_window_is_ready (window));
  g_assert_true (bs_graph_view_get_scene (painted.view) != before);
  g_assert_cmpuint (bs_scene_get_n_nodes (bs_graph_view_get_scene (painted.view)), !=,
                    bs_scene_get_n_nodes (before));
  spin (400);
  wait_for_frames (window);
  g_signal_handlers_disconnect_by_func (clock, count_painted, &painted);
  return painted;
}

/* With GTK's enable-animations off (as a user may set it), a graph of another shape
 * shows at once: no frame is painted with boxes on their way or the camera moving. With
 * it on, the same step glides (so the check above can fail). */
static void
test_animations_off (void)
{
  BsWindow *window = open_example_sized ("13-dynamic-training", 2400, 1350);
  GtkSettings *settings = gtk_settings_get_default ();
  Painted off, on;

  step (window, "win.backward-next", 1);
  step (window, "win.iteration-next", 4);
  /* from the fifth pass's graph to the sixth's, of another depth, and back */
  off = paint_shape_change (window, "win.iteration-next");
  g_assert_cmpuint (off.frames, >, 0);
  g_assert_cmpuint (off.animating, ==, 0);

  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  on = paint_shape_change (window, "win.iteration-previous");
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  g_assert_cmpuint (on.animating, >, 0);
  close_window (window);
}

/* In the whole-run view, stepping into the next pass (of another depth) opens it and
 * closes the one before: with animations on, the boxes glide (and the frames fade,
 * /render/live/whole-frames-fade), the parameters and inputs standing in the same place
 * of the picture; with them off, it shows at once. */
static void
test_whole_glide (void)
{
  BsWindow *window = open_example_sized ("13-dynamic-training", 2400, 1350);
  GtkSettings *settings = gtk_settings_get_default ();
  BsGraphView *view = graph_view (window);
  g_autoptr(GHashTable) row = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  BsScene *scene;
  Painted off, on;
  guint n_still = 0;

  show_whole_run (window);
  step (window, "win.backward-next", 1);
  step (window, "win.iteration-next", 3);
  scene = bs_graph_view_get_scene (view);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      if (bs_scene_node_is_shared (node))
        g_hash_table_insert (row, GUINT_TO_POINTER (node->tensor),
                             g_memdup2 ((double[2]) { node->x, node->y }, 2 * sizeof (double)));
    }
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  on = paint_shape_change (window, "win.iteration-next");
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  g_assert_cmpuint (on.gliding, >, 0);
  scene = bs_graph_view_get_scene (view);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      const double *before = g_hash_table_lookup (row, GUINT_TO_POINTER (node->tensor));

      if (!bs_scene_node_is_shared (node) || before == NULL)
        continue;
      g_assert_cmpfloat_with_epsilon (node->x, before[0], 0.01);
      g_assert_cmpfloat_with_epsilon (node->y, before[1], 0.01);
      n_still++;
    }
  /* six parameters, x and y */
  g_assert_cmpuint (n_still, ==, 8);

  off = paint_shape_change (window, "win.iteration-previous");
  g_assert_cmpuint (off.frames, >, 0);
  g_assert_cmpuint (off.animating, ==, 0);
  close_window (window);
}

int
main (int    argc,
      char **argv)
{
  app_test_init (&argc, &argv);
  g_test_add_func ("/app-camera/framed/dynamic", test_framed_dynamic);
  g_test_add_func ("/app-camera/framed/mlp", test_framed_mlp);
  g_test_add_func ("/app-camera/edges/dynamic", test_edges_dynamic);
  g_test_add_func ("/app-camera/edges/mlp", test_edges_mlp);
  g_test_add_func ("/app-camera/whole/edges/dynamic", test_whole_edges_dynamic);
  g_test_add_func ("/app-camera/whole/edges/mlp", test_whole_edges_mlp);
  g_test_add_func ("/app-camera/whole/glide", test_whole_glide);
  g_test_add_func ("/app-camera/animations-off", test_animations_off);
  return g_test_run ();
}
