/* bs-graph-camera.h: where the graph view's camera goes to show a step
 *
 * A camera is a zoom and the widget coordinates of the scene's (0, 0). Following a step,
 * it frames the current iteration's graph (the scene's boxes but collapsed clusters: in
 * the live view the graph the script holds, in the whole view the open pass and the
 * parameters) when that fits the view at a readable zoom; otherwise it keeps the boxes
 * the step is about in view at a readable zoom, with their neighbours when they fit too:
 * both ends of the current edge, at a smaller zoom if they need one (down to the zoom a
 * whole graph is worth), else the box the edge enters (the op whose backward runs) at
 * the side of the view away from the other end, the view reaching along the edge
 * towards it.
 */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

typedef struct {
  double zoom;
  double x;
  double y;
} BsGraphCamera;

/* The view: its size in pixels, the zooms below which text is too small to read
 * (min_zoom, for the boxes followed) and a graph is too small to be worth fitting
 * (min_fit_zoom, at most min_zoom: a whole graph is worth a smaller type), and whether
 * the user chose the zoom (kept while what the step is about is in view). */
typedef struct {
  double   width;
  double   height;
  double   min_zoom;
  double   min_fit_zoom;
  gboolean user_zoom;
} BsGraphViewport;

#define BS_GRAPH_CAMERA_MARGIN 24.0   /* pixels kept free around what is fitted */
#define BS_GRAPH_CAMERA_MAX_FIT 1.5   /* four boxes should not fill a projector */

/* The camera that shows the whole scene, centred. */
BsGraphCamera bs_graph_camera_fit    (BsScene               *scene,
                                      const BsGraphViewport *viewport);
/* Where camera goes to show the step about focus (the step's box, and the other end of
 * its edge; -1: none): TRUE and target set when it must move, FALSE when what it shows
 * will do. */
gboolean      bs_graph_camera_follow (const BsGraphCamera   *camera,
                                      BsScene               *scene,
                                      const int              focus[2],
                                      const BsGraphViewport *viewport,
                                      BsGraphCamera         *target);

/* Where camera goes so that a note drawn beside the graph (bs-note-places.h), at x, y,
 * width × height in scene coordinates, is in view: with what camera shows of the graph,
 * zooming out no further than min_fit_zoom (or camera's zoom, when smaller), else moved
 * at its zoom as little as it takes, if keep (x, y, width, height: the boxes the step is
 * about; NULL: none) stays in view. along_first tries the move first (a long edge
 * followed from the box it enters: its label beside that box, the view still reaching
 * along the edge). TRUE and target set when it must move. */
gboolean      bs_graph_camera_include (const BsGraphCamera   *camera,
                                       BsScene               *scene,
                                       const double           note[4],
                                       const double          *keep,
                                       gboolean               along_first,
                                       const BsGraphViewport *viewport,
                                       BsGraphCamera         *target);

G_END_DECLS
