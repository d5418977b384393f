/* bs-note-places.h: where a note goes on the graph so it covers no box
 *
 * The current edge's label and the error's callout are placed beside what they are about
 * (the edge's middle, the box that raised): first right next to it, then farther out,
 * where a line leads back to it. A place that covers a box is taken only when no other
 * exists; none exists inside a crowded scene, so places right of and under the scene
 * are candidates too, and the picture grows to hold them (bs_renderer_get_extent()).
 */
#pragma once

#include "bs-scene.h"
#include "bs-replay.h"

G_BEGIN_DECLS

typedef struct {
  double x, y, width, height;
} BsNoteRect;

/* What a note must keep clear of, besides the visible boxes of scene at state. */
typedef struct {
  const BsNoteRect   *notes;          /* notes placed before */
  guint               n_notes;
  const BsSceneEdge  *edge;           /* an edge whose curve it should not hide, or NULL */
} BsNoteAvoid;

/* The place of a note of width × height about target (a box, or a point as an empty
 * rectangle), gap points from it at the nearest. Returns whether the place is away from
 * target, so a line should lead back to it. */
gboolean bs_note_places_choose  (BsScene            *scene,
                                 const BsTraceState *state,
                                 const BsNoteRect   *target,
                                 const BsNoteAvoid  *avoid,
                                 double              gap,
                                 double              width,
                                 double              height,
                                 BsNoteRect         *placed);
/* The line leading from a note back to its target: x0, y0 on target, x1, y1 on note. */
void     bs_note_leader         (const BsNoteRect   *note,
                                 const BsNoteRect   *target,
                                 double              line[4]);
/* Whether two rectangles share any area. */
gboolean bs_note_rect_intersects (const BsNoteRect  *a,
                                  const BsNoteRect  *b);
/* The point of rect nearest to (x, y). */
void     bs_note_rect_nearest   (const BsNoteRect   *rect,
                                 double              x,
                                 double              y,
                                 double             *nearest_x,
                                 double             *nearest_y);

G_END_DECLS
