/* bs-scene-cache.c: the scene to draw at each step, one layout per distinct graph */
#define G_LOG_DOMAIN "bs-render"

#include "bs-scene-cache.h"
#include "bs-scene-places.h"

struct _BsSceneCache {
  /* Owned */
  BsTrace     *trace;
  GArray      *starts;     /* guint64: the first steps of the stretches (live view) */
  GHashTable  *scenes;     /* first step of a stretch -> BsScene */
  GHashTable  *shapes;     /* shape key -> laid-out BsScene */
  BsScenePlaces *places;  /* where the boxes the scenes share stand; NULL until needed */
  guint32     *collapsed;
  guint        n_collapsed;

  /* Borrowed */
  BsRenderer  *renderer;

  BsSceneView  view;
  gboolean     shared_row;
};

BsSceneCache *
bs_scene_cache_new (BsTrace       *trace,
                    BsRenderer    *renderer,
                    BsSceneView    view,
                    const guint32 *collapsed,
                    guint          n_collapsed)
{
  BsSceneCache *self;

  g_return_val_if_fail (trace != NULL && renderer != NULL, NULL);
  g_return_val_if_fail (collapsed != NULL || n_collapsed == 0, NULL);

  self = g_new0 (BsSceneCache, 1);
  self->trace = bs_trace_ref (trace);
  self->renderer = renderer;
  self->view = view;
  if (view == BS_SCENE_VIEW_LIVE)
    self->starts = bs_replay_live_starts (trace);
  else
    {
      guint64 zero = 0;

      self->starts = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_array_append_val (self->starts, zero);
    }
  self->scenes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                        (GDestroyNotify) bs_scene_unref);
  self->shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) bs_scene_unref);
  self->collapsed = g_memdup2 (collapsed, n_collapsed * sizeof (guint32));
  self->n_collapsed = n_collapsed;
  /* A run whose live graph loses parts builds new graphs (a training loop): their
   * parameters and inputs keep one row, in both views. */
  {
    g_autoptr(GArray) live = view == BS_SCENE_VIEW_LIVE ? NULL : bs_replay_live_starts (trace);

    self->shared_row = (live != NULL ? live : self->starts)->len > 1;
  }
  return self;
}

void
bs_scene_cache_free (BsSceneCache *self)
{
  if (self == NULL)
    return;
  bs_trace_unref (self->trace);
  g_array_unref (self->starts);
  g_hash_table_unref (self->scenes);
  g_hash_table_unref (self->shapes);
  bs_scene_places_free (self->places);
  g_free (self->collapsed);
  g_free (self);
}

BsTrace *
bs_scene_cache_get_trace (BsSceneCache *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

BsSceneView
bs_scene_cache_get_view (BsSceneCache *self)
{
  g_return_val_if_fail (self != NULL, BS_SCENE_VIEW_LIVE);
  return self->view;
}

gboolean
bs_scene_view_from_name (const char  *name,
                         BsSceneView *view)
{
  if (g_strcmp0 (name, "live") == 0)
    *view = BS_SCENE_VIEW_LIVE;
  else if (g_strcmp0 (name, "whole") == 0)
    *view = BS_SCENE_VIEW_WHOLE;
  else
    return FALSE;
  return TRUE;
}

void
bs_scene_cache_get_span (BsSceneCache *self,
                         guint64       step,
                         guint64      *first,
                         guint64      *last)
{
  g_return_if_fail (self != NULL);
  bs_replay_live_segment (self->starts, bs_trace_get_n_steps (self->trace), step, first, last);
}

BsScene *
bs_scene_cache_lookup (BsSceneCache *self,
                       guint64       step)
{
  g_autoptr(BsScene) scene = NULL;
  g_autofree char *key = NULL;
  guint64 first, last;
  BsScene *shaped;

  g_return_val_if_fail (self != NULL, NULL);

  bs_scene_cache_get_span (self, step, &first, &last);
  scene = g_hash_table_lookup (self->scenes, &first);
  if (scene != NULL)
    return bs_scene_ref (g_steal_pointer (&scene));

  if (self->view == BS_SCENE_VIEW_LIVE)
    {
      g_autoptr(BsTraceState) end = bs_replay_state_at (self->trace, last);

      scene = bs_scene_new_live (self->trace, end, self->collapsed, self->n_collapsed);
    }
  else
    scene = bs_scene_new_for_trace (self->trace, self->collapsed, self->n_collapsed);
  bs_scene_set_shared_row (scene, self->shared_row);
  bs_renderer_measure_scene (self->renderer, scene);
  key = bs_scene_shape_key (scene);
  shaped = g_hash_table_lookup (self->shapes, key);
  if (shaped != NULL)
    {
      bs_scene_copy_layout (scene, shaped);
      /* a layout of the run before serves its shape now from this run's scene */
      if (bs_scene_get_trace (shaped) != self->trace)
        g_hash_table_replace (self->shapes, g_steal_pointer (&key), bs_scene_ref (scene));
    }
  g_hash_table_insert (self->scenes, g_memdup2 (&first, sizeof first), bs_scene_ref (scene));
  return g_steal_pointer (&scene);
}

/* The places of the run's shared boxes: those of its graph with the outermost scopes
 * (the loops' passes, the modules' calls) collapsed, measured as every scene is. */
static BsScenePlaces *
new_places (BsSceneCache *self)
{
  g_autoptr(GArray) outer = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(BsScene) row = NULL;

  for (guint32 s = 1; s <= bs_trace_get_n_scopes (self->trace); s++)
    if (bs_trace_get_scope (self->trace, s)->parent == 0)
      g_array_append_val (outer, s);
  row = bs_scene_new_for_trace (self->trace, (const guint32 *) (gpointer) outer->data,
                                outer->len);
  bs_renderer_measure_scene (self->renderer, row);
  return bs_scene_places_new (row);
}

void
bs_scene_cache_laid_out (BsSceneCache *self,
                         BsScene      *scene)
{
  g_return_if_fail (self != NULL && scene != NULL);
  g_return_if_fail (bs_scene_is_laid_out (scene));
  if (self->shared_row && self->places == NULL)
    self->places = new_places (self);
  if (self->places != NULL)
    bs_scene_places_apply (self->places, scene);
  g_hash_table_replace (self->shapes, bs_scene_shape_key (scene), bs_scene_ref (scene));
}

void
bs_scene_cache_adopt_layouts (BsSceneCache *self,
                              BsSceneCache *from)
{
  GHashTableIter iter;
  gpointer key, scene;

  g_return_if_fail (self != NULL && from != NULL);
  g_hash_table_iter_init (&iter, from->shapes);
  while (g_hash_table_iter_next (&iter, &key, &scene))
    if (bs_scene_get_trace (scene) == from->trace)
      g_hash_table_replace (self->shapes, g_strdup (key), bs_scene_ref (scene));
}

BsScene *
bs_scene_cache_get (BsSceneCache  *self,
                    BsLayout      *layout,
                    guint64        step,
                    GError       **error)
{
  g_autoptr(BsScene) scene = NULL;

  g_return_val_if_fail (self != NULL && layout != NULL, NULL);
  scene = bs_scene_cache_lookup (self, step);
  if (!bs_scene_is_laid_out (scene))
    {
      if (!bs_layout_run (layout, scene, error))
        return NULL;
      bs_scene_cache_laid_out (self, scene);
    }
  return g_steal_pointer (&scene);
}
