/* scene-fixtures.h: scripts recorded into traces, and a trace with scopes, for the
 * scene and layout tests */
#pragma once

#include "bs-recording.h"
#include "bs-scene.h"
#include "bs-trace-private.h"
#include "trace-fixtures.h"

/* Seed 004, as the window's built-in example has it. */
static const char seed004_script[] =
  "import torch\n"
  "x1 = torch.tensor(1.0); x2 = torch.tensor(2.0)\n"
  "w1 = torch.tensor(1.0, requires_grad=True); w2 = torch.tensor(2.0, requires_grad=True); "
  "w3 = torch.tensor(3.0, requires_grad=True)\n"
  "x3 = w1*x1\n"
  "x4 = w1*x2\n"
  "x5 = w2*x3 + w3*x4\n"
  "L = 1 - x5\n"
  "L.backward()\n";

static inline BsTrace *
record_script (const char *source)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, -1, "test.py", NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* The tensor first bound to name. */
static inline guint32
tensor_named (BsTrace    *trace,
              const char *name)
{
  for (guint32 t = 1; t <= bs_trace_get_n_tensors (trace); t++)
    if (g_strcmp0 (bs_trace_get_string (trace, bs_trace_get_tensor (trace, t)->name), name)
        == 0)
      return t;
  g_error ("no tensor named %s", name);
  return 0;
}

/* The scene node showing the tensor named name (after all its in-place changes). */
static inline guint
box_named (BsScene    *scene,
           const char *name)
{
  int index = bs_scene_find_tensor (scene, tensor_named (bs_scene_get_trace (scene), name),
                                    NULL);

  g_assert_cmpint (index, >=, 0);
  return (guint) index;
}

static inline const char *
box_op (BsScene *scene,
        guint    index)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  const BsTraceNode *node = bs_trace_get_node (trace, bs_scene_get_node (scene, index)->node);

  return node != NULL ? bs_trace_get_string (trace, node->name) : NULL;
}

/* The edge from -> to with input_nr, or -1. */
static inline int
find_scene_edge (BsScene *scene,
                 guint    from,
                 guint    to,
                 guint    input_nr)
{
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      if (edge->from == from && edge->to == to && edge->input_nr == input_nr)
        return (int) i;
    }
  return -1;
}

static inline guint
count_edges (BsScene  *scene,
             guint     index,
             gboolean  out)
{
  guint n = 0;

  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      n += (out ? edge->from : edge->to) == index;
    }
  return n;
}

static inline guint32
add_scope (BsTrace    *trace,
           guint32     parent,
           const char *label)
{
  BsTraceScope *scope = bs_trace_add_scope (trace);

  scope->parent = parent;
  scope->kind = BS_TRACE_SCOPE_MODULE_CALL;
  scope->label = bs_trace_intern (trace, label);
  return scope->id;
}

/* The grad_fn node of the tensor named name. */
static inline guint32
grad_fn_named (BsTrace    *trace,
               const char *name)
{
  return bs_trace_get_tensor (trace, tensor_named (trace, name))->grad_fn;
}

/* Seed 004 recorded with the engine, then given scopes by hand as if statements 6-7 ran
 * in a module call "pair" (scope 1) and statement 8 in "mix" (scope 2) whose first
 * product ran in a nested call "inner" (scope 3):
 *   pair: x3 = w1*x1, x4 = w1*x2        mix: x5 = (inner: w2*x3) + w3*x4
 */
static inline void
record_seed004_scoped (Fixture *f)
{
  BsTrace *trace;
  guint32 pair, mix, inner, product;
  const guint32 *inputs;

  record_seed004 (f);
  trace = fixture_trace (f);
  pair = add_scope (trace, 0, "pair (Pair)");
  mix = add_scope (trace, 0, "mix (Mix)");
  inner = add_scope (trace, mix, "inner (Inner)");
  bs_trace_get_node_mut (trace, grad_fn_named (trace, "x3"))->scope = pair;
  bs_trace_get_tensor_mut (trace, tensor_named (trace, "x3"))->scope = pair;
  bs_trace_get_node_mut (trace, grad_fn_named (trace, "x4"))->scope = pair;
  bs_trace_get_tensor_mut (trace, tensor_named (trace, "x4"))->scope = pair;
  bs_trace_get_node_mut (trace, grad_fn_named (trace, "x5"))->scope = mix;
  bs_trace_get_tensor_mut (trace, tensor_named (trace, "x5"))->scope = mix;
  /* x5's inputs: w2*x3 (inner) and w3*x4 (mix) */
  inputs = bs_trace_get_list (trace, bs_trace_get_tensor (trace, tensor_named (trace, "x5"))
                                       ->inputs);
  product = inputs[0];
  bs_trace_get_tensor_mut (trace, product)->scope = inner;
  bs_trace_get_node_mut (trace, bs_trace_get_tensor (trace, product)->grad_fn)->scope = inner;
  product = inputs[1];
  bs_trace_get_tensor_mut (trace, product)->scope = mix;
  bs_trace_get_node_mut (trace, bs_trace_get_tensor (trace, product)->grad_fn)->scope = mix;
}

/* Sizes as a renderer might measure them: wider for longer names. */
static inline void
size_scene (BsScene *scene)
{
  BsTrace *trace = bs_scene_get_trace (scene);

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);
      const BsTraceTensor *tensor = bs_trace_get_tensor (trace, node->tensor);
      const char *name = tensor != NULL ? bs_trace_get_string (trace, tensor->name) : NULL;

      node->width = 60 + 7.5 * (name != NULL ? strlen (name) : 3);
      node->height = node->kind == BS_SCENE_NODE_OP ? 44 : 30;
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      BsSceneCluster *cluster = bs_scene_get_cluster (scene, i);

      cluster->label_width = 7 * strlen (cluster->label);
      cluster->label_height = 20;
    }
}

/* Seed 004's scene, sized, not laid out. */
static inline BsScene *
seed004_scene (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  BsScene *scene = bs_scene_new_for_trace (trace, NULL, 0);

  size_scene (scene);
  return scene;
}
