/* bs-scene-private.h: what BsLayout writes into a scene */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

/* Room around the drawing, in points. */
#define BS_SCENE_MARGIN 16.0

/* Takes points (g_new'd, n_points of them); NULL clears the edge's curve. */
void   bs_scene_set_edge_points   (BsScene       *self,
                                   guint          index,
                                   BsScenePoint  *points,
                                   guint          n_points);
/* Marks the scene laid out, its bounding box (0, 0, width, height). */
void   bs_scene_set_laid_out      (BsScene       *self,
                                   double         width,
                                   double         height);

/* Graphviz's coordinates (points, y upward) to the scene's: left and top are Graphviz's x
 * and y of the scene's (margin, margin). */
typedef struct {
  double left;
  double top;
} BsSceneFrame;

static inline BsScenePoint
bs_scene_frame_point (const BsSceneFrame *frame,
                      double              x,
                      double              y)
{
  BsScenePoint q = { x - frame->left + BS_SCENE_MARGIN, frame->top - y + BS_SCENE_MARGIN };

  return q;
}

/* Adds point q of a Bézier piece of an edge to points, its curve so far: dot gives one
 * piece unless the edge was split, then a straight cubic segment joins the first point
 * of the next piece (starts_piece) to the curve, or it is dropped where the curve is. */
void   bs_scene_curve_add          (GArray        *points,
                                    BsScenePoint   q,
                                    gboolean       starts_piece);

/* What bs_scene_get_origin() returns. */
void   bs_scene_set_origin        (BsScene       *self,
                                   BsScenePoint   origin);

/* What bs_scene_get_layout_note() returns (copied; NULL: none). */
void   bs_scene_set_layout_note   (BsScene       *self,
                                   const char    *note);

G_END_DECLS
