/* bs-scene-private.h: what BsLayout writes into a scene */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

/* Takes points (g_new'd, n_points of them); NULL clears the edge's curve. */
void   bs_scene_set_edge_points   (BsScene       *self,
                                   guint          index,
                                   BsScenePoint  *points,
                                   guint          n_points);
/* Marks the scene laid out, its bounding box (0, 0, width, height). */
void   bs_scene_set_laid_out      (BsScene       *self,
                                   double         width,
                                   double         height);

G_END_DECLS
