/* bs-scene-places.h: where the boxes a run's graphs share stand, so they keep it
 *
 * A training loop builds a new graph in every iteration, and its shape can change (a
 * random depth, a step that adds boxes); every new shape is laid out anew. The boxes the
 * graphs share, the parameters and the inputs (bs_scene_node_is_shared()), stand in one
 * row above the rest (bs_scene_set_shared_row()), in the order the run made their
 * tensors, and keep their place in it: the places are the run's (each box as wide as the
 * run's row scene measures it, dot's node separation apart), whatever scene is laid out
 * first, so the window and every `backstep export` of any step agree. Each layout is
 * placed in the run's frame (bs_scene_get_origin()) where most of its row stands
 * already, the other boxes of its row moved along it to their places (their edges drawn
 * anew). Nothing can overlap: the row is a rank of its own. The row's start stands at
 * the scene's top left corner, the same in every scene of the run (a graph dot centres
 * under the row reaching left of it moves right, whole), so two pictures of a run line
 * up by their rows.
 */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

typedef struct _BsScenePlaces BsScenePlaces;

/* The places of the shared boxes of row_scene (measured, not laid out): a scene of the
 * whole run that shows every box the run's graphs share, such as the run with its
 * outermost scopes collapsed. */
BsScenePlaces *bs_scene_places_new   (BsScene       *row_scene);
void           bs_scene_places_free  (BsScenePlaces *self);

/* Puts the shared boxes of scene, just laid out, in their places and sets its origin
 * (a box the row scene lacked joins the row's end, and keeps that place). A scene whose shared boxes are not
 * in one row (not asked for, or a layout that could not keep it) is left as it is. */
void           bs_scene_places_apply (BsScenePlaces *self,
                                      BsScene       *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsScenePlaces, bs_scene_places_free)

G_END_DECLS
