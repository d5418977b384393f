/* bs-scene-cache.h: the scene to draw at each step, one layout per distinct graph
 *
 * The live view shows at step k what the script holds then (bs_scene_new_live() at
 * the end of k's stretch, see bs_replay_live_segment()); the whole view shows every
 * graph the run made. Scenes are made on first use and measured by the renderer;
 * a scene whose shape key (bs_scene_shape_key()) matches one laid out before takes
 * that layout, so the graphs of two iterations that built the same graph are drawn
 * in the same place, and only a graph of a new shape needs Graphviz. The parameters and
 * inputs stand in the same place in every scene of the run, in either view (bs-scene-places.h).
 */
#pragma once

#include "bs-layout.h"
#include "bs-renderer.h"

G_BEGIN_DECLS

typedef enum {
  BS_SCENE_VIEW_LIVE,    /* what the script holds at the step */
  BS_SCENE_VIEW_WHOLE,   /* every graph of the run */
} BsSceneView;

typedef struct _BsSceneCache BsSceneCache;

/* renderer measures new scenes (borrowed: it must outlive the cache); collapsed scopes
 * are collapsed in every scene. */
BsSceneCache *bs_scene_cache_new            (BsTrace         *trace,
                                             BsRenderer      *renderer,
                                             BsSceneView      view,
                                             const guint32   *collapsed,
                                             guint            n_collapsed);
void          bs_scene_cache_free           (BsSceneCache    *self);
BsTrace      *bs_scene_cache_get_trace      (BsSceneCache    *self);
BsSceneView   bs_scene_cache_get_view       (BsSceneCache    *self);
/* "live" or "whole"; FALSE for another name. */
gboolean      bs_scene_view_from_name       (const char      *name,
                                             BsSceneView     *view);

/* The scene of step (a new reference), measured; laid out when its shape was laid out
 * before, else not yet: lay it out (once: the same scene comes back until then), then
 * call bs_scene_cache_laid_out(). */
BsScene      *bs_scene_cache_lookup         (BsSceneCache    *self,
                                             guint64          step);
/* scene, from bs_scene_cache_lookup(), has been laid out: the boxes it shares with the
 * scenes laid out before go back to their places (bs-scene-places.h), and its layout
 * serves its shape. */
void          bs_scene_cache_laid_out       (BsSceneCache    *self,
                                             BsScene         *scene);
/* Live mode: from's run and self's are two runs of a script before and after an edit
 * (the same view, scopes and renderer). The layouts from's run made or used serve
 * self's scenes of the same shape, so an edit that keeps the graph's shape needs no
 * Graphviz; older runs' layouts are not kept. */
void          bs_scene_cache_adopt_layouts  (BsSceneCache    *self,
                                             BsSceneCache    *from);
/* The scene of step, laid out now with layout if it needs to be (CLI, handouts). */
BsScene      *bs_scene_cache_get            (BsSceneCache    *self,
                                             BsLayout        *layout,
                                             guint64          step,
                                             GError         **error);
/* The first and last steps that show the same scene as step. */
void          bs_scene_cache_get_span       (BsSceneCache    *self,
                                             guint64          step,
                                             guint64         *first,
                                             guint64         *last);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSceneCache, bs_scene_cache_free)

G_END_DECLS
