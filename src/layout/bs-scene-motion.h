/* bs-scene-motion.h: one laid-out scene turning into another of the same run
 *
 * When the graph's shape changes (a step adds boxes, an iteration builds a graph of
 * another depth), the boxes both scenes show glide from their old places to their new
 * ones, the boxes only the new scene shows fade in, and the boxes only the old one shows
 * fade out where they stood. Edges follow their ends, and fade with their fainter end. A
 * box is the same in both when it shows the same grad_fn node (an op), the same tensor
 * (a leaf, a constant) or the same scope (a collapsed cluster). Frames (clusters: loop
 * passes, module calls) do the same: a frame of the same scope in both glides and
 * resizes from its old rectangle to its new one, one only the new scene has fades in,
 * one only the old has fades out where it was. Positions are compared in the run's
 * frame (bs_scene_get_origin()).
 */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

typedef struct _BsSceneMotion BsSceneMotion;

/* The motion from from to to (both laid out, of one trace), or NULL when they share no
 * box. */
BsSceneMotion *bs_scene_motion_new    (BsScene       *from,
                                       BsScene       *to);
void           bs_scene_motion_free   (BsSceneMotion *self);

/* The scene as it stands at t (0: the start, 1: the end, eased in between), to draw;
 * borrowed, changed by the next call. */
BsScene       *bs_scene_motion_frame  (BsSceneMotion *self,
                                       double         t);
/* Per box of the frame: its opacity at the t of the last frame (1 but for boxes fading
 * in). */
const double  *bs_scene_motion_alphas (BsSceneMotion *self);
/* Per cluster of the frame: its opacity at the t of the last frame (1 but for frames
 * fading in). */
const double  *bs_scene_motion_cluster_alphas (BsSceneMotion *self);

/* The old scene as it stands at the t of the last frame (in the frame's coordinates), to
 * draw with the frame (bs_renderer_draw_motion()): its boxes and clusters the new scene
 * does not show fading out (bs_scene_motion_leaving_alphas() per box,
 * bs_scene_motion_leaving_cluster_alphas() per cluster), the others unseen. NULL when
 * the new scene shows every old box and cluster. */
BsScene       *bs_scene_motion_leaving (BsSceneMotion *self);
const double  *bs_scene_motion_leaving_alphas (BsSceneMotion *self);
const double  *bs_scene_motion_leaving_cluster_alphas (BsSceneMotion *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSceneMotion, bs_scene_motion_free)

G_END_DECLS
