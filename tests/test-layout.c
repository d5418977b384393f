/* test-layout.c: Graphviz dot on its own thread, scene in, positions out */
#include <math.h>

#include <glib/gstdio.h>

#include "bs-layout.h"
#include "scene-fixtures.h"

/* How far an edge's ends may be from the boxes they join, in points. */
#define NEAR 3.0

static double
distance_to_box (BsScenePoint  p,
                 double        x,
                 double        y,
                 double        width,
                 double        height)
{
  double dx = MAX (MAX (x - p.x, 0), p.x - (x + width));
  double dy = MAX (MAX (y - p.y, 0), p.y - (y + height));

  return sqrt (dx * dx + dy * dy);
}

static double
distance_to_node (BsScene      *scene,
                  guint         index,
                  BsScenePoint  p)
{
  const BsSceneNode *node = bs_scene_get_node (scene, index);

  return distance_to_box (p, node->x, node->y, node->width, node->height);
}

static gboolean
box_inside (double x,
            double y,
            double width,
            double height,
            double outer_x,
            double outer_y,
            double outer_width,
            double outer_height)
{
  return x >= outer_x - 1e-6 && y >= outer_y - 1e-6
         && x + width <= outer_x + outer_width + 1e-6
         && y + height <= outer_y + outer_height + 1e-6;
}

static int
cluster_of_scope (BsScene *scene,
                  guint32  scope)
{
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    if (bs_scene_get_cluster (scene, i)->scope == scope)
      return (int) i;
  return -1;
}

/* What every laid-out scene must satisfy: boxes inside the scene and apart, edges from
 * box to box (running downward when downward: dot may rank the two ends of an edge
 * between clusters alike), clusters around their members and their title's room. */
static void
assert_laid_out_full (BsScene  *scene,
                      gboolean  downward)
{
  guint n_nodes = bs_scene_get_n_nodes (scene);
  double width, height;

  g_assert_true (bs_scene_is_laid_out (scene));
  bs_scene_get_size (scene, &width, &height);
  g_assert_cmpfloat (width, >, 0);
  g_assert_cmpfloat (height, >, 0);

  for (guint i = 0; i < n_nodes; i++)
    {
      const BsSceneNode *a = bs_scene_get_node (scene, i);

      g_assert_true (box_inside (a->x, a->y, a->width, a->height, 0, 0, width, height));
      for (guint j = i + 1; j < n_nodes; j++)
        {
          const BsSceneNode *b = bs_scene_get_node (scene, j);
          gboolean apart = a->x + a->width <= b->x || b->x + b->width <= a->x
                           || a->y + a->height <= b->y || b->y + b->height <= a->y;

          if (!apart)
            g_error ("%s and %s overlap", a->name, b->name);
        }
    }

  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);
      const BsSceneNode *from = bs_scene_get_node (scene, edge->from);
      const BsSceneNode *to = bs_scene_get_node (scene, edge->to);
      BsScenePoint end;

      g_assert_cmpuint (edge->n_points, >=, 4);
      g_assert_cmpuint ((edge->n_points - 1) % 3, ==, 0);
      g_assert_true (edge->has_arrow);
      end = edge->points[edge->n_points - 1];
      g_assert_cmpfloat (end.x, ==, edge->arrow_base.x);
      g_assert_cmpfloat (end.y, ==, edge->arrow_base.y);
      g_assert_cmpfloat (distance_to_node (scene, edge->from, edge->points[0]), <=, NEAR);
      g_assert_cmpfloat (distance_to_node (scene, edge->to, edge->arrow_tip), <=, NEAR);
      /* inputs above the ops that use them */
      if (downward)
        g_assert_cmpfloat (from->y + from->height, <=, to->y);
    }

  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      const BsSceneCluster *cluster = bs_scene_get_cluster (scene, i);
      guint n_members = 0;

      g_assert_true (box_inside (cluster->x, cluster->y, cluster->width, cluster->height,
                                 0, 0, width, height));
      g_assert_cmpfloat (cluster->width, >=, cluster->label_width);
      if (cluster->parent >= 0)
        {
          const BsSceneCluster *parent = bs_scene_get_cluster (scene, (guint) cluster->parent);

          g_assert_true (box_inside (cluster->x, cluster->y, cluster->width, cluster->height,
                                     parent->x, parent->y, parent->width, parent->height));
          g_assert_cmpfloat (cluster->y, >=, parent->y + parent->label_height);
        }
      for (guint j = 0; j < n_nodes; j++)
        {
          const BsSceneNode *node = bs_scene_get_node (scene, j);
          const BsTraceScope *scope = bs_trace_get_scope (bs_scene_get_trace (scene),
                                                          node->scope);
          int in = cluster_of_scope (scene, node->kind == BS_SCENE_NODE_CLUSTER
                                            ? scope->parent : node->scope);
          gboolean member = FALSE;

          /* members of the cluster or of one nested in it */
          for (; in >= 0; in = bs_scene_get_cluster (scene, (guint) in)->parent)
            member |= in == (int) i;
          if (!member)
            continue;
          n_members++;
          g_assert_true (box_inside (node->x, node->y, node->width, node->height,
                                     cluster->x, cluster->y, cluster->width, cluster->height));
          g_assert_cmpfloat (node->y, >=, cluster->y + cluster->label_height);
        }
      g_assert_cmpuint (n_members, >, 0);
    }
}

static void
assert_laid_out (BsScene *scene)
{
  assert_laid_out_full (scene, TRUE);
}

static BsScene *
laid_out (BsLayout   *layout,
          BsTrace    *trace,
          const guint32 *collapsed,
          guint       n_collapsed)
{
  g_autoptr(GError) error = NULL;
  BsScene *scene = bs_scene_new_for_trace (trace, collapsed, n_collapsed);

  size_scene (scene);
  g_assert_true (bs_layout_run (layout, scene, &error));
  g_assert_no_error (error);
  return scene;
}

/* Seed 004: torchviz's picture, inputs on top and L at the bottom. */
static void
test_seed004 (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsScene) scene = laid_out (layout, trace, NULL, 0);
  const BsSceneNode *L = bs_scene_get_node (scene, box_named (scene, "L"));
  const BsSceneNode *w1 = bs_scene_get_node (scene, box_named (scene, "w1"));
  const BsSceneNode *x3 = bs_scene_get_node (scene, box_named (scene, "x3"));
  double width, height;

  assert_laid_out (scene);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      g_assert_cmpfloat (node->y, <=, L->y);
      if (node != L)
        g_assert_cmpfloat (node->y + node->height, <, L->y);
      g_assert_cmpfloat (node->y, >=, w1->y);
    }
  g_assert_cmpfloat (w1->y + w1->height, <, x3->y);
  bs_scene_get_size (scene, &width, &height);
  g_assert_cmpfloat (L->y + L->height, <, height);
}

/* Two scenes of the same graph laid out alike: the same positions and curves. */
static void
assert_same_layout (BsScene *first,
                    BsScene *second)
{
  double first_width, first_height, second_width, second_height;

  g_assert_cmpuint (bs_scene_get_n_nodes (first), ==, bs_scene_get_n_nodes (second));
  for (guint i = 0; i < bs_scene_get_n_nodes (first); i++)
    {
      const BsSceneNode *a = bs_scene_get_node (first, i), *b = bs_scene_get_node (second, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpfloat (a->x, ==, b->x);
      g_assert_cmpfloat (a->y, ==, b->y);
    }
  for (guint i = 0; i < bs_scene_get_n_edges (first); i++)
    {
      const BsSceneEdge *a = bs_scene_get_edge (first, i), *b = bs_scene_get_edge (second, i);

      g_assert_cmpuint (a->n_points, ==, b->n_points);
      g_assert_cmpmem (a->points, a->n_points * sizeof (BsScenePoint),
                       b->points, b->n_points * sizeof (BsScenePoint));
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (first); i++)
    {
      const BsSceneCluster *a = bs_scene_get_cluster (first, i);
      const BsSceneCluster *b = bs_scene_get_cluster (second, i);

      g_assert_cmpfloat (a->x, ==, b->x);
      g_assert_cmpfloat (a->y, ==, b->y);
      g_assert_cmpfloat (a->width, ==, b->width);
      g_assert_cmpfloat (a->height, ==, b->height);
    }
  bs_scene_get_size (first, &first_width, &first_height);
  bs_scene_get_size (second, &second_width, &second_height);
  g_assert_cmpfloat (first_width, ==, second_width);
  g_assert_cmpfloat (first_height, ==, second_height);
}

/* The same script twice: the same positions, curves and DOT. */
static void
test_stable (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsTrace) first_trace = record_script (seed004_script);
  g_autoptr(BsTrace) second_trace = record_script (seed004_script);
  g_autoptr(BsScene) first = laid_out (layout, first_trace, NULL, 0);
  g_autoptr(BsScene) second = laid_out (layout, second_trace, NULL, 0);
  g_autofree char *first_dot = bs_layout_to_dot (layout, first);
  g_autofree char *second_dot = bs_layout_to_dot (layout, second);

  assert_same_layout (first, second);
  g_assert_cmpstr (first_dot, ==, second_dot);
}

/* A graph made ahead (bs_layout_prepare) while the boxes are measured lays out exactly as
 * one made at once; one made for another scene is not used, nor is one left over. */
static void
test_prepared (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsScene) direct = NULL;
  g_autoptr(BsScene) prepared = NULL;
  g_autoptr(BsScene) other = NULL;
  g_autoptr(BsScene) unused = NULL;
  g_autoptr(GError) error = NULL;
  Fixture f;

  fixture_init (&f);
  record_seed004_scoped (&f);
  direct = laid_out (layout, fixture_trace (&f), NULL, 0);
  g_assert_cmpuint (bs_scene_get_n_clusters (direct), >, 0);

  prepared = bs_scene_new_for_trace (fixture_trace (&f), NULL, 0);
  bs_layout_prepare (layout, prepared);
  size_scene (prepared);
  g_assert_true (bs_layout_run (layout, prepared, &error));
  g_assert_no_error (error);
  assert_same_layout (direct, prepared);

  unused = bs_scene_new_for_trace (fixture_trace (&f), NULL, 0);
  other = bs_scene_new_for_trace (fixture_trace (&f), NULL, 0);
  bs_layout_prepare (layout, unused);
  size_scene (other);
  g_assert_true (bs_layout_run (layout, other, &error));
  g_assert_no_error (error);
  assert_same_layout (direct, other);

  /* left prepared when the last layout goes: freed with the thread */
  bs_layout_prepare (layout, unused);
  g_clear_pointer (&layout, bs_layout_free);
  g_clear_pointer (&direct, bs_scene_unref);
  g_clear_pointer (&prepared, bs_scene_unref);
  g_clear_pointer (&other, bs_scene_unref);
  g_clear_pointer (&unused, bs_scene_unref);
  fixture_clear (&f);
}

/* Expanded scopes are clusters around their members; a collapsed one is a box. */
static void
test_clusters (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  const guint32 pair_scope = 1;
  g_autoptr(BsScene) expanded = NULL;
  g_autoptr(BsScene) collapsed = NULL;
  g_autofree char *dot = NULL;
  Fixture f;

  fixture_init (&f);
  record_seed004_scoped (&f);
  expanded = laid_out (layout, fixture_trace (&f), NULL, 0);
  g_assert_cmpuint (bs_scene_get_n_clusters (expanded), ==, 3);
  assert_laid_out (expanded);
  dot = bs_layout_to_dot (layout, expanded);
  g_assert_nonnull (strstr (dot, "subgraph cluster_s1 {"));
  g_assert_nonnull (strstr (dot, "subgraph cluster_s3 {"));

  collapsed = laid_out (layout, fixture_trace (&f), &pair_scope, 1);
  g_assert_cmpuint (bs_scene_get_n_clusters (collapsed), ==, 2);
  assert_laid_out (collapsed);
  g_clear_pointer (&expanded, bs_scene_unref);
  g_clear_pointer (&collapsed, bs_scene_unref);
  fixture_clear (&f);
}

typedef struct {
  GMainLoop *loop;
  GThread   *thread;
  BsLayout  *layout;
  gboolean   ok;
  GError    *error;
} AsyncData;

static void
layout_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AsyncData *data = user_data;

  g_assert_true (g_thread_self () == data->thread);
  data->ok = bs_layout_run_finish (data->layout, result, &data->error);
  g_main_loop_quit (data->loop);
}

/* Lays scene out with bs_layout_run_async in a main loop of a context of its own. */
static gboolean
run_async (BsLayout      *layout,
           BsScene       *scene,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  AsyncData data = { NULL };

  g_main_context_push_thread_default (context);
  data.loop = g_main_loop_new (context, FALSE);
  data.thread = g_thread_self ();
  data.layout = layout;
  bs_layout_run_async (layout, scene, cancellable, layout_done, &data);
  g_main_loop_run (data.loop);
  g_main_loop_unref (data.loop);
  g_main_context_pop_thread_default (context);
  if (data.error != NULL)
    g_propagate_error (error, data.error);
  return data.ok;
}

/* The callback runs in the caller's main loop, in the caller's thread. */
static void
test_async (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsScene) scene = seed004_scene ();
  g_autoptr(GError) error = NULL;

  g_assert_true (run_async (layout, scene, NULL, &error));
  g_assert_no_error (error);
  assert_laid_out (scene);
}

/* A cancelled layout leaves the scene as it was. */
static void
test_cancelled (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsScene) scene = seed004_scene ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (run_async (layout, scene, cancellable, &error));
  g_assert_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED);
  g_assert_false (bs_scene_is_laid_out (scene));
}

/* A box Graphviz cannot size is an error, not a picture. */
static void
test_invalid_size (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsScene) scene = seed004_scene ();
  g_autoptr(GError) error = NULL;

  bs_scene_get_node (scene, 3)->width = NAN;
  g_assert_false (bs_layout_run (layout, scene, &error));
  g_assert_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ);
  g_assert_nonnull (strstr (error->message, bs_scene_get_node (scene, 3)->name));
  g_clear_error (&error);
  bs_scene_get_node (scene, 3)->width = -5;
  g_assert_false (bs_layout_run (layout, scene, &error));
  g_assert_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ);
  g_assert_false (bs_scene_is_laid_out (scene));
}

/* Graphviz's own failure (here: its plugins, and so dot, cannot be found) comes back as
 * a GError carrying Graphviz's message. */
static void
test_graphviz_error (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *empty = g_dir_make_tmp ("bs-layout-XXXXXX", NULL);
      g_autoptr(BsLayout) layout = NULL;
      g_autoptr(BsTrace) trace = record_script (seed004_script);
      g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (empty);
      g_setenv ("GVBINDIR", empty, TRUE);
      layout = bs_layout_new ();
      size_scene (scene);
      g_assert_false (bs_layout_run (layout, scene, &error));
      g_assert_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ);
      g_assert_false (bs_scene_is_laid_out (scene));
      g_printerr ("message: %s\n", error->message);
      g_rmdir (empty);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*message: Graphviz failed: *dot*");
}

/* Runs /usr/bin/dot -T<format> on text; its standard output. */
static char *
run_dot (const char *format,
         const char *text)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *option = g_strconcat ("-T", format, NULL);
  char *output = NULL;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                              | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error,
                              "/usr/bin/dot", option, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, text, NULL, &output, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  return output;
}

/* The DOT text is what `dot` itself accepts, with every box and cluster in it, and `dot`
 * places the boxes where the scene has them: the graph Backstep makes with libcgraph
 * calls is the graph `dot` reads. */
static void
assert_dot_places_like_scene (BsLayout *layout,
                              BsScene  *scene)
{
  g_autofree char *dot = bs_layout_to_dot (layout, scene);
  g_autofree char *svg = NULL;
  g_autofree char *plain = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) plain_edges = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree gboolean *matched = NULL;
  double graph_height = -1;
  guint n_placed = 0, n_edges = 0;

  g_assert_true (g_str_has_prefix (dot, "digraph "));
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s [", bs_scene_get_node (scene, i)->name);

      g_assert_nonnull (strstr (dot, line));
    }

  /* backstep.sh installs graphviz: dot must be there to check the DOT against. */
  g_assert_true (g_file_test ("/usr/bin/dot", G_FILE_TEST_IS_EXECUTABLE));
  svg = run_dot ("svg", dot);
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_null (strstr (svg, "Error"));
  g_assert_null (strstr (svg, "Warning"));
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      g_autofree char *title = g_strdup_printf ("<title>cluster_s%u</title>",
                                                bs_scene_get_cluster (scene, i)->scope);

      g_assert_nonnull (strstr (svg, title));
    }

  /* "graph SCALE WIDTH HEIGHT", then "node NAME X Y ..." in inches, y upward, then
   * "edge TAIL HEAD N X1 Y1 ..." */
  plain = run_dot ("plain", dot);
  lines = g_strsplit (plain, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", -1);

      if (words[0] == NULL)
        continue;
      if (g_str_equal (words[0], "graph"))
        {
          double width = g_ascii_strtod (words[2], NULL) * 72, scene_width, scene_height;

          graph_height = g_ascii_strtod (words[3], NULL) * 72;
          bs_scene_get_size (scene, &scene_width, &scene_height);
          g_assert_cmpfloat (fabs (width + 32 - scene_width), <, 1);
          g_assert_cmpfloat (fabs (graph_height + 32 - scene_height), <, 1);
        }
      else if (g_str_equal (words[0], "node"))
        for (guint j = 0; j < bs_scene_get_n_nodes (scene); j++)
          {
            const BsSceneNode *node = bs_scene_get_node (scene, j);

            if (!g_str_equal (node->name, words[1]))
              continue;
            g_assert_cmpfloat (graph_height, >, 0);
            g_assert_cmpfloat (fabs (node->x + node->width / 2
                                     - (g_ascii_strtod (words[2], NULL) * 72 + 16)), <, 1);
            g_assert_cmpfloat (fabs (node->y + node->height / 2
                                     - (graph_height - g_ascii_strtod (words[3], NULL) * 72
                                        + 16)), <, 1);
            n_placed++;
          }
      else if (g_str_equal (words[0], "edge"))
        g_ptr_array_add (plain_edges, g_steal_pointer (&words));
    }
  /* Each edge's curve starts where dot starts an edge between the same boxes. */
  matched = g_new0 (gboolean, MAX (plain_edges->len, 1));
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);
      gboolean found = FALSE;

      for (guint j = 0; j < plain_edges->len && !found; j++)
        {
          GStrv words = g_ptr_array_index (plain_edges, j);

          found = !matched[j]
                  && g_str_equal (words[1], bs_scene_get_node (scene, edge->from)->name)
                  && g_str_equal (words[2], bs_scene_get_node (scene, edge->to)->name)
                  && fabs (edge->points[0].x - (g_ascii_strtod (words[4], NULL) * 72 + 16)) < 1
                  && fabs (edge->points[0].y - (graph_height
                                                - g_ascii_strtod (words[5], NULL) * 72
                                                + 16)) < 1;
          matched[j] = found;
        }
      g_assert_true (found);
      n_edges++;
    }
  g_assert_cmpuint (n_placed, ==, bs_scene_get_n_nodes (scene));
  g_assert_cmpuint (n_edges, ==, plain_edges->len);
}

/* Nested clusters; an input used twice by one op, and real scopes from a loop. */
static void
test_dot (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsScene) scoped = NULL;
  g_autoptr(BsScene) looped = NULL;
  g_autoptr(BsTrace) trace = record_script ("import torch\n"
                                            "w = torch.tensor(1.5, requires_grad=True)\n"
                                            "total = torch.tensor(0.0)\n"
                                            "for i in range(3):\n"
                                            "    y = w * w\n"
                                            "    total = total + y * i\n"
                                            "total.backward()\n");
  Fixture f;

  fixture_init (&f);
  record_seed004_scoped (&f);
  scoped = laid_out (layout, fixture_trace (&f), NULL, 0);
  assert_dot_places_like_scene (layout, scoped);
  g_clear_pointer (&scoped, bs_scene_unref);
  fixture_clear (&f);

  looped = laid_out (layout, trace, NULL, 0);
  g_assert_cmpuint (bs_scene_get_n_clusters (looped), ==, 3);
  assert_dot_places_like_scene (layout, looped);
}

/* Several layouts share Graphviz's one thread; a graph with no boxes is an empty
 * picture. */
static void
test_shared (void)
{
  g_autoptr(BsLayout) first = bs_layout_new ();
  g_autoptr(BsLayout) second = bs_layout_new ();
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsTrace) empty_trace = record_script ("x = 1\nprint(x)\n");
  g_autoptr(BsScene) a = laid_out (first, trace, NULL, 0);
  g_autoptr(BsScene) b = NULL;
  g_autoptr(BsScene) empty = laid_out (first, empty_trace, NULL, 0);
  double width, height;

  g_clear_pointer (&first, bs_layout_free);
  b = laid_out (second, trace, NULL, 0);
  assert_laid_out (a);
  assert_laid_out (b);
  for (guint i = 0; i < bs_scene_get_n_nodes (a); i++)
    {
      g_assert_cmpfloat (bs_scene_get_node (a, i)->x, ==, bs_scene_get_node (b, i)->x);
      g_assert_cmpfloat (bs_scene_get_node (a, i)->y, ==, bs_scene_get_node (b, i)->y);
    }
  g_assert_cmpuint (bs_scene_get_n_nodes (empty), ==, 0);
  g_assert_true (bs_scene_is_laid_out (empty));
  bs_scene_get_size (empty, &width, &height);
  g_assert_cmpfloat (width, >=, 0);
  g_assert_cmpfloat (height, >=, 0);
}

/* --- the budget ------------------------------------------------------------------- */

/* The layout in rows, forced by a budget of no time: every scene's invariants hold, with
 * clusters nested and collapsed, and the note says why. */
static void
test_budget_none (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsScene) scene = NULL;
  const guint32 pair_scope = 1;
  Fixture f;

  bs_layout_set_budget (layout, 0, BS_LAYOUT_DEFAULT_MEMORY);
  scene = laid_out (layout, trace, NULL, 0);
  assert_laid_out (scene);
  g_assert_cmpstr (bs_scene_get_layout_note (scene), ==,
                   "Laid out in rows by Backstep: no time was left for Graphviz");
  g_clear_pointer (&scene, bs_scene_unref);

  fixture_init (&f);
  record_seed004_scoped (&f);
  scene = laid_out (layout, fixture_trace (&f), NULL, 0);
  g_assert_cmpuint (bs_scene_get_n_clusters (scene), ==, 3);
  assert_laid_out (scene);
  g_clear_pointer (&scene, bs_scene_unref);
  scene = laid_out (layout, fixture_trace (&f), &pair_scope, 1);
  assert_laid_out (scene);
  g_assert_nonnull (bs_scene_get_layout_note (scene));
  g_clear_pointer (&scene, bs_scene_unref);
  fixture_clear (&f);

  /* a scene laid out again within the budget loses its note */
  bs_layout_set_budget (layout, BS_LAYOUT_DEFAULT_TIME, BS_LAYOUT_DEFAULT_MEMORY);
  scene = laid_out (layout, trace, NULL, 0);
  g_assert_null (bs_scene_get_layout_note (scene));
}

/* A training loop of iterations iterations, each a small network's forward pass adding
 * to a total: shared parameters feeding every iteration. */
static char *
loop_script (guint iterations)
{
  return g_strdup_printf ("import torch\n"
                          "torch.manual_seed(0)\n"
                          "W = torch.randn(3, 4, requires_grad=True)\n"
                          "b = torch.zeros(4, requires_grad=True)\n"
                          "total = torch.tensor(0.0)\n"
                          "for i in range(%u):\n"
                          "    h = torch.tanh(torch.randn(2, 3) @ W + b)\n"
                          "    total = total + (h * h).mean()\n"
                          "total.backward()\n", iterations);
}

/* A chain of n ops, y = y * 2.0: a graph dot lays out quickly at any length. */
static char *
chain_script (guint n)
{
  GString *script = g_string_new ("import torch\ny = torch.tensor(1.0, requires_grad=True)\n");

  for (guint i = 0; i < n; i++)
    g_string_append (script, "y = y * 1.0\n");
  return g_string_free (script, FALSE);
}

/* A graph above in-process size that dot does quickly: laid out by dot as a process, as
 * dot lays it out (no note), its edges found again by id. */
static void
test_budget_dot_process (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autofree char *script = chain_script (2500);
  g_autoptr(BsTrace) trace = record_script (script);
  g_autoptr(BsScene) scene = NULL;
  g_autofree char *dot = NULL;

  /* time enough for a busy machine: this is about which layout, not how fast */
  bs_layout_set_budget (layout, 120 * G_TIME_SPAN_SECOND, BS_LAYOUT_DEFAULT_MEMORY);
  scene = laid_out (layout, trace, NULL, 0);
  assert_laid_out_full (scene, FALSE);
  g_assert_null (bs_scene_get_layout_note (scene));
  dot = bs_layout_to_dot (layout, scene);
  g_assert_nonnull (strstr (dot, "nslimit=1"));
  g_assert_nonnull (strstr (dot, " [id=e0];"));
}

/* dot as a process, out of its memory budget, falls back with a note that says so. */
static void
test_budget_memory (void)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autofree char *script = chain_script (2500);
  g_autoptr(BsTrace) trace = record_script (script);
  g_autoptr(BsScene) scene = NULL;

  bs_layout_set_budget (layout, 120 * G_TIME_SPAN_SECOND, 20 << 20);
  scene = laid_out (layout, trace, NULL, 0);
  assert_laid_out (scene);
  g_assert_cmpstr (bs_scene_get_layout_note (scene), ==,
                   "Laid out in rows by Backstep: Graphviz needed more than 20 MiB");
}

/* The scripts that kept Graphviz busy for minutes or took gigabytes each get a picture,
 * by the layout in rows if need be (how fast: `./backstep.sh bench layout`). */
static void
test_budget_big (gconstpointer data)
{
  const char *name = data;
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(GString) script = g_string_new ("import torch\n");
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsScene) scene = NULL;

  if (g_str_equal (name, "rnn330"))
    g_string_append (script, "w = torch.tensor(0.5, requires_grad=True)\n"
                             "u = torch.tensor(0.3, requires_grad=True)\n"
                             "v = torch.tensor(0.2, requires_grad=True)\n"
                             "h = torch.tensor(0.1)\n"
                             "for t in range(330):\n"
                             "    h = torch.tanh(w * h + u * (h * v) + 0.3)\n"
                             "h.backward()\n");
  else if (g_str_has_prefix (name, "chain"))
    {
      g_string_append (script, "x = torch.tensor(1.001, requires_grad=True)\ny = x * 1.0\n");
      for (guint64 i = g_ascii_strtoull (name + strlen ("chain"), NULL, 10); i > 0; i--)
        g_string_append (script, "y = y * x\n");
      g_string_append (script, "y.backward()\n");
    }
  else if (g_str_equal (name, "train100"))
    g_string_append (script, "torch.manual_seed(0)\n"
                             "X = torch.randn(8, 2)\n"
                             "Y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)\n"
                             "model = torch.nn.Sequential(torch.nn.Linear(2, 8), "
                             "torch.nn.Tanh(), torch.nn.Linear(8, 1))\n"
                             "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
                             "for step in range(100):\n"
                             "    opt.zero_grad()\n"
                             "    loss = torch.nn.functional.mse_loss(model(X), Y)\n"
                             "    loss.backward()\n"
                             "    opt.step()\n");
  else
    {
      g_autofree char *loop = loop_script (715);

      g_string_assign (script, loop);
    }
  trace = record_script (script->str);
  scene = laid_out (layout, trace, NULL, 0);
  if (g_str_equal (name, "tensors5000"))
    g_assert_cmpuint (bs_trace_get_n_tensors (trace), >=, 5000);
  g_test_message ("%s: %u boxes, %s", name, bs_scene_get_n_nodes (scene),
                  bs_scene_get_layout_note (scene) != NULL ? bs_scene_get_layout_note (scene)
                                                           : "laid out by dot");
  /* the layout in rows puts every input above its op */
  assert_laid_out_full (scene, bs_scene_get_layout_note (scene) != NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layout/layout/seed004", test_seed004);
  g_test_add_func ("/layout/layout/stable", test_stable);
  g_test_add_func ("/layout/layout/prepared", test_prepared);
  g_test_add_func ("/layout/layout/clusters", test_clusters);
  g_test_add_func ("/layout/layout/async", test_async);
  g_test_add_func ("/layout/layout/cancelled", test_cancelled);
  g_test_add_func ("/layout/layout/invalid-size", test_invalid_size);
  g_test_add_func ("/layout/layout/graphviz-error", test_graphviz_error);
  g_test_add_func ("/layout/layout/dot", test_dot);
  g_test_add_func ("/layout/layout/shared", test_shared);
  g_test_add_func ("/layout/budget/none", test_budget_none);
  g_test_add_func ("/layout/budget/dot-process", test_budget_dot_process);
  g_test_add_func ("/layout/budget/memory", test_budget_memory);
  g_test_add_data_func ("/layout/budget/rnn330", "rnn330", test_budget_big);
  g_test_add_data_func ("/layout/budget/chain150", "chain150", test_budget_big);
  g_test_add_data_func ("/layout/budget/chain4000", "chain4000", test_budget_big);
  g_test_add_data_func ("/layout/budget/train100", "train100", test_budget_big);
  g_test_add_data_func ("/layout/budget/tensors5000", "tensors5000", test_budget_big);
  return g_test_run ();
}
