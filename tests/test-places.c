/* test-places.c: the parameters and inputs of a run stand in the same place everywhere
 *
 * In every scene of a run whose graphs are built anew (a training loop, or the same
 * lines written twice), whichever scene is laid out first (the window's history, or a
 * separate `backstep export` of another step), in the whole-run view as in the live one,
 * and when the fallback layout lays a scene out: the places are the run's.
 */
#include "render-fixtures.h"
#include "bs-layered-layout.h"
#include "bs-scene-cache.h"

/* No loop: two graphs of different shapes from the same parameters, one after the
 * other. */
static const char no_loop_script[] =
  "import torch\n"
  "a = torch.tensor([1.0, 2.0], requires_grad=True)\n"
  "b = torch.tensor([3.0, -1.0], requires_grad=True)\n"
  "c = torch.tensor([0.5, 1.5], requires_grad=True)\n"
  "x = torch.tensor([0.5, 0.25])\n"
  "loss = (c * x + b * 2 + a).sum()\n"
  "loss.backward()\n"
  "loss = ((a * x).tanh() * (b + c)).pow(2).mean()\n"
  "loss.backward()\n";

static BsTrace *
record (const char *source)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, -1, "test.py", NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* The places of the shared boxes of scene, in the run's frame: tensor id -> point. */
static GHashTable *
places_of (BsScene *scene)
{
  GHashTable *places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  BsScenePoint origin;

  g_assert_true (bs_scene_is_laid_out (scene));
  bs_scene_get_origin (scene, &origin);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      BsScenePoint here = { node->x + node->width / 2 - origin.x,
                            node->y + node->height / 2 - origin.y };

      if (bs_scene_node_is_shared (node))
        g_hash_table_insert (places, GUINT_TO_POINTER (node->tensor),
                             g_memdup2 (&here, sizeof here));
    }
  return places;
}

/* Every box both show stands at the same place; how many did. */
static guint
assert_same_places (GHashTable *a,
                    GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const BsScenePoint *p = value, *q = g_hash_table_lookup (b, key);

      if (q == NULL)
        continue;
      g_assert_cmpfloat_with_epsilon (p->x, q->x, 0.01);
      g_assert_cmpfloat_with_epsilon (p->y, q->y, 0.01);
      n++;
    }
  return n;
}

/* The scene of step in a cache of its own, as a separate `backstep export` of that step
 * makes it; with fallback, laid out by the fallback layout instead of dot. */
static BsScene *
scene_alone (BsTrace     *trace,
             BsRenderer  *renderer,
             BsSceneView  view,
             guint64      step,
             gboolean     fallback)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, view, NULL, 0);
  g_autoptr(BsScene) scene = bs_scene_cache_lookup (scenes, step);
  g_autoptr(GError) error = NULL;

  if (fallback)
    bs_layered_layout_run (scene);
  else
    g_assert_true (bs_layout_run (layout, scene, &error));
  g_assert_no_error (error);
  bs_scene_cache_laid_out (scenes, scene);
  return g_steal_pointer (&scene);
}

/* The first step of each graph the run builds after the first: each scene's stretch. */
static guint64
stretch (BsTrace *trace,
         guint    k)
{
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);

  g_assert_cmpuint (k, <, starts->len);
  return g_array_index (starts, guint64, k);
}

/* Two separate exports, of a step in the second pass and one in the fourth (another
 * depth): each parameter and input at the same place of the run's frame. */
static void
test_separate_exports (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) second = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 2), FALSE);
  g_autoptr(BsScene) fourth = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 4), FALSE);
  g_autoptr(GHashTable) a = places_of (second);
  g_autoptr(GHashTable) b = places_of (fourth);

  g_assert_cmpuint (bs_scene_get_n_nodes (second), !=, bs_scene_get_n_nodes (fourth));
  /* six parameters, x and y */
  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

/* The whole-run view puts them where the live view does. */
static void
test_whole_view (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) live = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                         stretch (trace, 3), FALSE);
  g_autoptr(BsScene) whole = scene_alone (trace, renderer, BS_SCENE_VIEW_WHOLE, 0, FALSE);
  g_autoptr(GHashTable) a = places_of (live);
  g_autoptr(GHashTable) b = places_of (whole);

  g_assert_true (bs_scene_get_shared_row (whole));
  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

/* A script without a loop that builds two graphs of different shapes. */
static void
test_no_loop (void)
{
  g_autoptr(BsTrace) trace = record (no_loop_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) second = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 1), FALSE);
  g_autoptr(BsScene) first = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE, 0, FALSE);
  g_autoptr(GHashTable) a = places_of (first);
  g_autoptr(GHashTable) b = places_of (second);

  g_assert_cmpuint (bs_scene_get_n_nodes (first), !=, bs_scene_get_n_nodes (second));
  /* a, b, c and x */
  g_assert_cmpuint (assert_same_places (a, b), ==, 4);
}

/* A scene the fallback layout lays out (dot took too long) puts them where dot's
 * layouts do. */
static void
test_fallback (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) by_dot = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 2), FALSE);
  g_autoptr(BsScene) fallback = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                             stretch (trace, 4), TRUE);
  g_autoptr(GHashTable) a = places_of (by_dot);
  g_autoptr(GHashTable) b = places_of (fallback);

  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/places/separate-exports", test_separate_exports);
  g_test_add_func ("/render/places/whole-view", test_whole_view);
  g_test_add_func ("/render/places/no-loop", test_no_loop);
  g_test_add_func ("/render/places/fallback", test_fallback);
  return g_test_run ();
}
