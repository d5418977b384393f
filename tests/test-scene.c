/* test-scene.c: the boxes, edges and clusters of a trace's graph */
#include "scene-fixtures.h"

/* The first step whose statement starts on line. */
static guint64
step_of_line (BsTrace *trace,
              int      line)
{
  for (guint64 s = 1; s < bs_trace_get_n_steps (trace); s++)
    {
      gint64 index = bs_trace_get_step_event (trace, s);
      const BsTraceEvent *event = index >= 0 ? bs_trace_get_event (trace, (guint64) index) : NULL;

      if (event != NULL && event->type == BS_TRACE_EVENT_STATEMENT
          && bs_trace_get_statement (trace, event->aux)->line == line)
        return s;
    }
  g_error ("no statement on line %d", line);
  return 0;
}

/* Seed 004: torchviz's graph with the script's names. */
static void
test_seed004 (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  guint x1, x2, w1, w2, w3, x3, x4, x5, L;
  int sum;

  x1 = box_named (scene, "x1");
  x2 = box_named (scene, "x2");
  w1 = box_named (scene, "w1");
  w2 = box_named (scene, "w2");
  w3 = box_named (scene, "w3");
  x3 = box_named (scene, "x3");
  x4 = box_named (scene, "x4");
  x5 = box_named (scene, "x5");
  L = box_named (scene, "L");

  /* x1 x2 w1 w2 w3, the four products, the sum and L; `1` is no box */
  g_assert_cmpuint (bs_scene_get_n_nodes (scene), ==, 11);
  g_assert_cmpuint (bs_scene_get_n_edges (scene), ==, 11);
  g_assert_cmpuint (bs_scene_get_n_clusters (scene), ==, 0);
  g_assert_cmpint (bs_scene_get_node (scene, x1)->kind, ==, BS_SCENE_NODE_CONSTANT);
  g_assert_cmpint (bs_scene_get_node (scene, x2)->kind, ==, BS_SCENE_NODE_CONSTANT);
  g_assert_cmpuint (bs_scene_get_node (scene, x1)->node, ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      guint w = (guint[]) { w1, w2, w3 }[i];
      const BsSceneNode *node = bs_scene_get_node (scene, w);

      g_assert_cmpint (node->kind, ==, BS_SCENE_NODE_LEAF);
      g_assert_cmpstr (box_op (scene, w), ==, "torch::autograd::AccumulateGrad");
      g_assert_cmpint (bs_scene_find_node (scene, node->node), ==, (int) w);
      g_assert_cmpuint (count_edges (scene, w, FALSE), ==, 0);
    }
  g_assert_cmpstr (box_op (scene, x3), ==, "MulBackward0");
  g_assert_cmpstr (box_op (scene, x4), ==, "MulBackward0");
  g_assert_cmpstr (box_op (scene, x5), ==, "AddBackward0");
  g_assert_cmpstr (box_op (scene, L), ==, "RsubBackward1");
  g_assert_cmpint (bs_scene_get_node (scene, L)->kind, ==, BS_SCENE_NODE_OP);

  /* w1 feeds both products, as input 0; x1 and x2 are their inputs 1 */
  g_assert_cmpuint (count_edges (scene, w1, TRUE), ==, 2);
  g_assert_cmpint (find_scene_edge (scene, w1, x3, 0), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, w1, x4, 0), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, x1, x3, 1), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, x2, x4, 1), >=, 0);
  /* x5 = (w2*x3) + (w3*x4): the unnamed products are OP boxes between */
  g_assert_cmpuint (count_edges (scene, x5, FALSE), ==, 2);
  sum = find_scene_edge (scene, x5, L, 0);
  g_assert_cmpint (sum, >=, 0);
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      if (edge->to == x5)
        {
          g_assert_cmpstr (box_op (scene, edge->from), ==, "MulBackward0");
          g_assert_cmpuint (count_edges (scene, edge->from, FALSE), ==, 2);
        }
    }
  /* L is the bottom: nothing flows out of it */
  g_assert_cmpuint (count_edges (scene, L, TRUE), ==, 0);
  g_assert_cmpuint (count_edges (scene, L, FALSE), ==, 1);

  /* No box shows a wrapped Python number, and names are the stable ids */
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      g_autofree char *name = node->kind == BS_SCENE_NODE_OP
                              ? g_strdup_printf ("n%u", node->node)
                              : g_strdup_printf ("t%u", node->tensor);

      g_assert_false (bs_trace_get_tensor (trace, node->tensor)->is_wrapped_number);
      g_assert_cmpstr (node->name, ==, name);
      g_assert_cmpuint (node->scope, ==, 0);
    }
  g_assert_false (bs_scene_is_laid_out (scene));
}

/* Every edge event of the backward pass walks a scene edge: into the running node's
 * box, from the box of the node the gradient goes to. */
static void
test_find_edge (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  guint n_edge_events = 0;
  g_autofree gboolean *walked = g_new0 (gboolean, bs_scene_get_n_edges (scene));

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      const BsSceneEdge *edge;
      int index;

      if (event->type != BS_TRACE_EVENT_EDGE)
        continue;
      n_edge_events++;
      index = bs_scene_find_edge (scene, event->node, event->input_nr);
      g_assert_cmpint (index, >=, 0);
      edge = bs_scene_get_edge (scene, (guint) index);
      g_assert_cmpint (edge->to, ==, bs_scene_find_node (scene, event->node));
      g_assert_cmpint (edge->from, ==, bs_scene_find_node (scene, event->node2));
      g_assert_cmpuint (edge->input_nr, ==, event->input_nr);
      walked[index] = TRUE;
    }
  g_assert_cmpuint (n_edge_events, ==, 9);
  /* The two edges from x1 and x2 carry no gradient; every other edge is walked */
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    g_assert_cmpint (walked[i], ==,
                     bs_scene_get_node (scene, bs_scene_get_edge (scene, i)->from)->kind
                     != BS_SCENE_NODE_CONSTANT);
  g_assert_cmpint (bs_scene_find_edge (scene, 0, 0), ==, -1);
  g_assert_cmpint (bs_scene_find_edge (scene, grad_fn_named (trace, "L"), 1), ==, -1);
  g_assert_cmpint (bs_scene_find_edge (scene, bs_scene_get_node (scene, box_named (scene, "w1"))
                                                ->node, 0), ==, -1);
}

/* A box appears when its tensor (and, for an op, its node) has been created. */
static void
test_visibility (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  guint64 x3_step = step_of_line (trace, 4), x5_step = step_of_line (trace, 6);
  guint n_nodes = bs_scene_get_n_nodes (scene);
  guint x1 = box_named (scene, "x1"), w1 = box_named (scene, "w1"), x3 = box_named (scene, "x3");
  guint x4 = box_named (scene, "x4"), x5 = box_named (scene, "x5");
  int w1_x3 = find_scene_edge (scene, w1, x3, 0), w1_x4 = find_scene_edge (scene, w1, x4, 0);
  g_autoptr(BsTraceState) start = bs_replay_state_at (trace, 0);
  g_autoptr(BsTraceState) before = bs_replay_state_at (trace, x3_step - 1);
  g_autoptr(BsTraceState) at_x3 = bs_replay_state_at (trace, x3_step);
  g_autoptr(BsTraceState) at_x5 = bs_replay_state_at_substep (trace, x5_step, 1);
  g_autoptr(BsTraceState) end = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);

  for (guint i = 0; i < n_nodes; i++)
    {
      g_assert_false (bs_scene_node_visible (scene, i, start));
      g_assert_true (bs_scene_node_visible (scene, i, end));
      g_assert_true (bs_scene_node_visible (scene, i, NULL));
    }
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    g_assert_true (bs_scene_edge_visible (scene, i, end));

  /* Before x3 = w1*x1: the five leaves, no op */
  g_assert_true (bs_scene_node_visible (scene, x1, before));
  g_assert_true (bs_scene_node_visible (scene, w1, before));
  g_assert_false (bs_scene_node_visible (scene, x3, before));
  g_assert_false (bs_scene_edge_visible (scene, (guint) w1_x3, before));

  /* After it: x3 and its two edges, not x4 */
  g_assert_true (bs_scene_node_visible (scene, x3, at_x3));
  g_assert_true (bs_scene_edge_visible (scene, (guint) w1_x3, at_x3));
  g_assert_false (bs_scene_node_visible (scene, x4, at_x3));
  g_assert_false (bs_scene_edge_visible (scene, (guint) w1_x4, at_x3));
  g_assert_cmpint (bs_scene_find_tensor (scene, tensor_named (trace, "x3"), at_x3), ==, x3);
  g_assert_cmpint (bs_scene_find_tensor (scene, tensor_named (trace, "x4"), at_x3), ==, -1);

  /* Within x5's statement, after its first product only: the sum is not there yet */
  g_assert_true (bs_scene_node_visible (scene, x4, at_x5));
  g_assert_false (bs_scene_node_visible (scene, x5, at_x5));
  {
    guint visible = 0;

    for (guint i = 0; i < n_nodes; i++)
      visible += bs_scene_node_visible (scene, i, at_x5);
    /* five leaves, x3, x4 and w2*x3 */
    g_assert_cmpuint (visible, ==, 8);
  }
}

/* An in-place op gives its tensor a new OP box; Python numbers are never boxes; a tensor
 * used twice by one op gives two edges. */
static void
test_inplace (void)
{
  g_autoptr(BsTrace) trace = record_script ("import torch\n"
                                            "w = torch.tensor(2.0, requires_grad=True)\n"
                                            "x = w * 3\n"
                                            "x.add_(w)\n"
                                            "y = x * x\n"
                                            "z = 2 ** w\n"
                                            "(y + z).backward()\n");
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  guint32 x = tensor_named (trace, "x");
  guint w = box_named (scene, "w"), y = box_named (scene, "y"), z = box_named (scene, "z");
  guint added = box_named (scene, "x");
  int multiplied = -1;
  g_autoptr(BsTraceState) at_mul = bs_replay_state_at (trace, step_of_line (trace, 3));
  g_autoptr(BsTraceState) at_add = bs_replay_state_at (trace, step_of_line (trace, 4));

  /* w, x's two boxes, y, z and y + z */
  g_assert_cmpuint (bs_scene_get_n_nodes (scene), ==, 6);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      g_assert_false (bs_trace_get_tensor (trace, node->tensor)->is_wrapped_number);
      if (node->tensor == x && i != added)
        multiplied = (int) i;
    }
  g_assert_cmpint (multiplied, >=, 0);
  g_assert_cmpstr (box_op (scene, (guint) multiplied), ==, "MulBackward0");
  g_assert_cmpstr (box_op (scene, added), ==, "AddBackward0");
  g_assert_cmpint (bs_scene_find_tensor (scene, x, at_mul), ==, multiplied);
  g_assert_cmpint (bs_scene_find_tensor (scene, x, at_add), ==, (int) added);
  g_assert_cmpint (bs_scene_find_tensor (scene, x, NULL), ==, (int) added);
  g_assert_false (bs_scene_node_visible (scene, added, at_mul));

  /* x.add_(w): the old x and w flow into the new box */
  g_assert_cmpint (find_scene_edge (scene, (guint) multiplied, added, 0), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, w, added, 1), >=, 0);
  /* x * x: two edges, inputs 0 and 1 */
  g_assert_cmpint (find_scene_edge (scene, added, y, 0), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, added, y, 1), >=, 0);
  /* 2 ** w: only w flows in (input 1); the 2 is a wrapped number, no box */
  g_assert_cmpstr (box_op (scene, z), ==, "PowBackward1");
  g_assert_cmpuint (count_edges (scene, z, FALSE), ==, 1);
  g_assert_cmpint (find_scene_edge (scene, w, z, 1), >=, 0);
  /* w * 3 has one edge in: w */
  g_assert_cmpuint (count_edges (scene, (guint) multiplied, FALSE), ==, 1);
}

/* An optimiser's temporaries (made under no_grad) are not boxes: every box is connected;
 * the parameter is one LEAF box feeding both iterations. */
static void
test_optimizer (void)
{
  g_autoptr(BsTrace) trace = record_script ("import torch\n"
                                            "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                                            "opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)\n"
                                            "for i in range(2):\n"
                                            "    opt.zero_grad()\n"
                                            "    loss = (w * w).sum()\n"
                                            "    loss.backward()\n"
                                            "    opt.step()\n"
                                            "    with torch.no_grad():\n"
                                            "        w -= 0.01 * w.grad\n"
                                            "        print((w * 2).sum())\n");
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  guint w = box_named (scene, "w"), n_leaves = 0;

  g_assert_cmpuint (bs_trace_get_n_tensors (trace), >, bs_scene_get_n_nodes (scene));
  /* w, and twice w * w and its sum */
  g_assert_cmpuint (bs_scene_get_n_nodes (scene), ==, 5);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      g_assert_cmpuint (count_edges (scene, i, TRUE) + count_edges (scene, i, FALSE), >, 0);
      n_leaves += bs_scene_get_node (scene, i)->kind == BS_SCENE_NODE_LEAF;
    }
  g_assert_cmpuint (n_leaves, ==, 1);
  g_assert_cmpuint (count_edges (scene, w, TRUE), ==, 4);
}

/* Expanded scopes are clusters, nested as the scopes are. */
static void
test_clusters (void)
{
  Fixture f;
  BsTrace *trace;
  g_autoptr(BsScene) scene = NULL;
  const BsSceneCluster *pair, *mix, *inner;
  guint x3, x5, w1;

  fixture_init (&f);
  record_seed004_scoped (&f);
  trace = fixture_trace (&f);
  scene = bs_scene_new_for_trace (trace, NULL, 0);

  g_assert_cmpuint (bs_scene_get_n_nodes (scene), ==, 11);
  g_assert_cmpuint (bs_scene_get_n_edges (scene), ==, 11);
  g_assert_cmpuint (bs_scene_get_n_clusters (scene), ==, 3);
  pair = bs_scene_get_cluster (scene, 0);
  mix = bs_scene_get_cluster (scene, 1);
  inner = bs_scene_get_cluster (scene, 2);
  g_assert_cmpuint (pair->scope, ==, 1);
  g_assert_cmpint (pair->parent, ==, -1);
  g_assert_cmpstr (pair->label, ==, "pair (Pair)");
  g_assert_cmpuint (mix->scope, ==, 2);
  g_assert_cmpint (mix->parent, ==, -1);
  g_assert_cmpuint (inner->scope, ==, 3);
  g_assert_cmpint (inner->parent, ==, 1);
  g_assert_cmpstr (inner->label, ==, "inner (Inner)");

  x3 = box_named (scene, "x3");
  x5 = box_named (scene, "x5");
  w1 = box_named (scene, "w1");
  g_assert_cmpuint (bs_scene_get_node (scene, x3)->scope, ==, 1);
  g_assert_cmpuint (bs_scene_get_node (scene, x5)->scope, ==, 2);
  g_assert_cmpuint (bs_scene_get_node (scene, w1)->scope, ==, 0);
  g_assert_cmpuint (bs_scene_get_node (scene, box_named (scene, "L"))->scope, ==, 0);
  /* x5's inputs: w2*x3 in inner, w3*x4 in mix */
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);
      guint32 expected = edge->from == x3 ? 3 : edge->from == box_named (scene, "x4") ? 2 : 0;

      if (expected != 0)
        g_assert_cmpuint (bs_scene_get_node (scene, edge->to)->scope, ==, expected);
    }
  g_clear_pointer (&scene, bs_scene_unref);
  fixture_clear (&f);
}

/* A collapsed scope is one box: edges across its border go to it, parallel ones merged,
 * internal ones dropped; lookups of its members give it. */
static void
test_collapsed (void)
{
  Fixture f;
  BsTrace *trace;
  const guint32 pair_scope = 1;
  g_autoptr(BsScene) scene = NULL;
  g_autoptr(BsTraceState) start = NULL;
  g_autoptr(BsTraceState) end = NULL;
  guint pair, w1, x1, x2, n_clusters = 0;
  const guint32 *collapsed;
  guint n_collapsed;

  fixture_init (&f);
  record_seed004_scoped (&f);
  trace = fixture_trace (&f);
  scene = bs_scene_new_for_trace (trace, &pair_scope, 1);
  collapsed = bs_scene_get_collapsed (scene, &n_collapsed);
  g_assert_cmpuint (n_collapsed, ==, 1);
  g_assert_cmpuint (collapsed[0], ==, pair_scope);

  /* x3 and x4 become s1 */
  g_assert_cmpuint (bs_scene_get_n_nodes (scene), ==, 10);
  pair = box_named (scene, "x3");
  g_assert_cmpint (box_named (scene, "x4"), ==, pair);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    n_clusters += bs_scene_get_node (scene, i)->kind == BS_SCENE_NODE_CLUSTER;
  g_assert_cmpuint (n_clusters, ==, 1);
  g_assert_cmpint (bs_scene_get_node (scene, pair)->kind, ==, BS_SCENE_NODE_CLUSTER);
  g_assert_cmpstr (bs_scene_get_node (scene, pair)->name, ==, "s1");
  g_assert_cmpuint (bs_scene_get_node (scene, pair)->scope, ==, pair_scope);
  g_assert_cmpuint (bs_scene_get_node (scene, pair)->tensor, ==, 0);
  g_assert_cmpint (bs_scene_find_node (scene, grad_fn_named (trace, "x4")), ==, pair);
  /* only mix and inner are clusters now */
  g_assert_cmpuint (bs_scene_get_n_clusters (scene), ==, 2);
  g_assert_cmpuint (bs_scene_get_cluster (scene, 0)->scope, ==, 2);

  /* w1's two edges merged into one; x1 and x2 each one; two out to the products */
  w1 = box_named (scene, "w1");
  x1 = box_named (scene, "x1");
  x2 = box_named (scene, "x2");
  g_assert_cmpuint (count_edges (scene, w1, TRUE), ==, 1);
  g_assert_cmpint (find_scene_edge (scene, w1, pair, 0), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, x1, pair, 1), >=, 0);
  g_assert_cmpint (find_scene_edge (scene, x2, pair, 1), >=, 0);
  g_assert_cmpuint (count_edges (scene, pair, FALSE), ==, 3);
  g_assert_cmpuint (count_edges (scene, pair, TRUE), ==, 2);
  g_assert_cmpuint (bs_scene_get_n_edges (scene), ==, 11 - 1);
  g_assert_cmpint (bs_scene_find_edge (scene, grad_fn_named (trace, "x3"), 0), ==,
                   find_scene_edge (scene, w1, pair, 0));
  g_assert_cmpint (bs_scene_find_edge (scene, grad_fn_named (trace, "x4"), 0), ==,
                   find_scene_edge (scene, w1, pair, 0));

  /* visible once its first member is */
  start = bs_replay_state_at (trace, 0);
  end = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);
  g_assert_false (bs_scene_node_visible (scene, pair, start));
  g_assert_true (bs_scene_node_visible (scene, pair, end));
  for (guint64 s = 0; s < bs_trace_get_n_steps (trace); s++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, s);

      g_assert_cmpint (bs_scene_node_visible (scene, pair, state), ==,
                       state->n_tensors >= tensor_named (trace, "x3"));
    }
  g_clear_pointer (&scene, bs_scene_unref);
  fixture_clear (&f);
}

/* Collapsing a scope inside a collapsed one changes nothing; the inner one alone is a
 * box in its parent's cluster, and its internal edges are gone. */
static void
test_collapsed_nested (void)
{
  Fixture f;
  BsTrace *trace;
  const guint32 both[] = { 3, 2 }, inner_only[] = { 3 };
  g_autoptr(BsScene) outer = NULL;
  g_autoptr(BsScene) inner = NULL;
  guint mix, x5, n_boxes = 0;

  fixture_init (&f);
  record_seed004_scoped (&f);
  trace = fixture_trace (&f);

  outer = bs_scene_new_for_trace (trace, both, G_N_ELEMENTS (both));
  mix = box_named (outer, "x5");
  g_assert_cmpint (bs_scene_get_node (outer, mix)->kind, ==, BS_SCENE_NODE_CLUSTER);
  g_assert_cmpuint (bs_scene_get_node (outer, mix)->scope, ==, 2);
  g_assert_cmpuint (bs_scene_get_n_clusters (outer), ==, 1);
  /* x3, x4, w2, w3 flow in; the sum's output flows to L */
  g_assert_cmpuint (count_edges (outer, mix, FALSE), ==, 4);
  g_assert_cmpuint (count_edges (outer, mix, TRUE), ==, 1);
  g_assert_cmpint (bs_scene_find_edge (outer, grad_fn_named (trace, "x5"), 0), ==, -1);

  inner = bs_scene_new_for_trace (trace, inner_only, G_N_ELEMENTS (inner_only));
  x5 = box_named (inner, "x5");
  g_assert_cmpuint (bs_scene_get_n_clusters (inner), ==, 2);
  for (guint i = 0; i < bs_scene_get_n_nodes (inner); i++)
    if (bs_scene_get_node (inner, i)->kind == BS_SCENE_NODE_CLUSTER)
      {
        n_boxes++;
        g_assert_cmpuint (bs_scene_get_node (inner, i)->scope, ==, 3);
        g_assert_cmpint (find_scene_edge (inner, i, x5, 0), >=, 0);
        g_assert_cmpint (find_scene_edge (inner, box_named (inner, "w2"), i, 0), >=, 0);
        g_assert_cmpint (find_scene_edge (inner, box_named (inner, "x3"), i, 1), >=, 0);
      }
  g_assert_cmpuint (n_boxes, ==, 1);
  g_clear_pointer (&outer, bs_scene_unref);
  g_clear_pointer (&inner, bs_scene_unref);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layout/scene/seed004", test_seed004);
  g_test_add_func ("/layout/scene/find-edge", test_find_edge);
  g_test_add_func ("/layout/scene/visibility", test_visibility);
  g_test_add_func ("/layout/scene/inplace", test_inplace);
  g_test_add_func ("/layout/scene/optimizer", test_optimizer);
  g_test_add_func ("/layout/scene/clusters", test_clusters);
  g_test_add_func ("/layout/scene/collapsed", test_collapsed);
  g_test_add_func ("/layout/scene/collapsed-nested", test_collapsed_nested);
  return g_test_run ();
}
