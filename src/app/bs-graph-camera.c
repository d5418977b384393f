/* bs-graph-camera.c: where the graph view's camera goes to show a step */
#define G_LOG_DOMAIN "bs-app"

#include "bs-graph-camera.h"

#define MIN_ZOOM 0.05
#define SLACK    0.5    /* pixels: a box this far out still counts as in view */

typedef struct {
  double x0, y0, x1, y1;
} Box;

static Box
empty_box (void)
{
  return (Box) { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
}

static gboolean
box_is_empty (const Box *box)
{
  return box->x0 > box->x1;
}

static void
add_node (Box               *box,
          const BsSceneNode *node)
{
  box->x0 = MIN (box->x0, node->x);
  box->y0 = MIN (box->y0, node->y);
  box->x1 = MAX (box->x1, node->x + node->width);
  box->y1 = MAX (box->y1, node->y + node->height);
}

/* The current iteration's graph: every box but the collapsed clusters (the other passes
 * of the whole view), or every box when there is nothing else. */
static Box
graph_box (BsScene *scene)
{
  Box box = empty_box (), all = empty_box ();

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      add_node (&all, node);
      if (node->kind != BS_SCENE_NODE_CLUSTER)
        add_node (&box, node);
    }
  return box_is_empty (&box) ? all : box;
}

static gboolean
in_view (const BsGraphCamera   *camera,
         const Box             *box,
         const BsGraphViewport *viewport)
{
  return camera->x + box->x0 * camera->zoom >= -SLACK
         && camera->y + box->y0 * camera->zoom >= -SLACK
         && camera->x + box->x1 * camera->zoom <= viewport->width + SLACK
         && camera->y + box->y1 * camera->zoom <= viewport->height + SLACK;
}

/* The largest zoom at which box fits the view with its margins. */
static double
fit_zoom (const Box             *box,
          const BsGraphViewport *viewport)
{
  double width = MAX (box->x1 - box->x0, 1), height = MAX (box->y1 - box->y0, 1);

  return MIN ((viewport->width - 2 * BS_GRAPH_CAMERA_MARGIN) / width,
              (viewport->height - 2 * BS_GRAPH_CAMERA_MARGIN) / height);
}

static BsGraphCamera
centred (const Box             *box,
         double                 zoom,
         const BsGraphViewport *viewport)
{
  return (BsGraphCamera) { zoom, viewport->width / 2 - (box->x0 + box->x1) / 2 * zoom,
                           viewport->height / 2 - (box->y0 + box->y1) / 2 * zoom };
}

BsGraphCamera
bs_graph_camera_fit (BsScene               *scene,
                     const BsGraphViewport *viewport)
{
  double width, height;
  Box box;

  bs_scene_get_size (scene, &width, &height);
  box = (Box) { 0, 0, width, height };
  return centred (&box, CLAMP (fit_zoom (&box, viewport), MIN_ZOOM, BS_GRAPH_CAMERA_MAX_FIT),
                  viewport);
}

/* The focus and the boxes one edge away from it. */
static Box
neighbourhood (BsScene   *scene,
               const int  focus[2])
{
  Box box = empty_box ();

  for (guint k = 0; k < 2; k++)
    if (focus[k] >= 0)
      add_node (&box, bs_scene_get_node (scene, (guint) focus[k]));
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      if ((int) edge->from == focus[0] || (int) edge->to == focus[0])
        {
          add_node (&box, bs_scene_get_node (scene, edge->from));
          add_node (&box, bs_scene_get_node (scene, edge->to));
        }
    }
  return box;
}

/* A camera showing part of a scene larger than the view moved so no more of the view than
 * the margin lies beyond the scene: what it was to show stays in view. */
static BsGraphCamera
clamped (BsGraphCamera          camera,
         BsScene               *scene,
         const BsGraphViewport *viewport)
{
  double width, height;

  bs_scene_get_size (scene, &width, &height);
  width *= camera.zoom;
  height *= camera.zoom;
  if (width > viewport->width - 2 * BS_GRAPH_CAMERA_MARGIN)
    camera.x = CLAMP (camera.x, viewport->width - BS_GRAPH_CAMERA_MARGIN - width,
                      BS_GRAPH_CAMERA_MARGIN);
  if (height > viewport->height - 2 * BS_GRAPH_CAMERA_MARGIN)
    camera.y = CLAMP (camera.y, viewport->height - BS_GRAPH_CAMERA_MARGIN - height,
                      BS_GRAPH_CAMERA_MARGIN);
  return camera;
}

/* camera moved as little as it takes to show box with the margin around it. */
static BsGraphCamera
kept_inside (BsGraphCamera          camera,
             const Box             *box,
             const BsGraphViewport *viewport)
{
  double left = camera.x + box->x0 * camera.zoom, right = camera.x + box->x1 * camera.zoom;
  double top = camera.y + box->y0 * camera.zoom, bottom = camera.y + box->y1 * camera.zoom;

  if (left < BS_GRAPH_CAMERA_MARGIN)
    camera.x += BS_GRAPH_CAMERA_MARGIN - left;
  else if (right > viewport->width - BS_GRAPH_CAMERA_MARGIN)
    camera.x -= right - (viewport->width - BS_GRAPH_CAMERA_MARGIN);
  if (top < BS_GRAPH_CAMERA_MARGIN)
    camera.y += BS_GRAPH_CAMERA_MARGIN - top;
  else if (bottom > viewport->height - BS_GRAPH_CAMERA_MARGIN)
    camera.y -= bottom - (viewport->height - BS_GRAPH_CAMERA_MARGIN);
  return camera;
}

gboolean
bs_graph_camera_follow (const BsGraphCamera   *camera,
                        BsScene               *scene,
                        const int              focus[2],
                        const BsGraphViewport *viewport,
                        BsGraphCamera         *target)
{
  guint n_nodes = bs_scene_get_n_nodes (scene);
  Box graph, needed = empty_box (), around;
  int boxes[2];
  double zoom;

  g_return_val_if_fail (camera != NULL && scene != NULL && target != NULL, FALSE);
  if (n_nodes == 0 || viewport->width <= 2 * BS_GRAPH_CAMERA_MARGIN
      || viewport->height <= 2 * BS_GRAPH_CAMERA_MARGIN)
    return FALSE;
  for (guint k = 0; k < 2; k++)
    {
      boxes[k] = focus[k] >= 0 && (guint) focus[k] < n_nodes ? focus[k] : -1;
      if (boxes[k] >= 0)
        add_node (&needed, bs_scene_get_node (scene, (guint) boxes[k]));
    }
  if (boxes[0] < 0)
    boxes[0] = boxes[1];
  graph = graph_box (scene);
  zoom = MIN (fit_zoom (&graph, viewport), BS_GRAPH_CAMERA_MAX_FIT);

  if (zoom >= viewport->min_fit_zoom)
    {
      /* The whole graph can be read: shown whole, unless the user zoomed in further and
       * sees what the step is about. */
      if (camera->zoom >= viewport->min_fit_zoom && in_view (camera, &graph, viewport))
        return FALSE;
      if (viewport->user_zoom && camera->zoom > zoom && !box_is_empty (&needed))
        {
          if (in_view (camera, &needed, viewport))
            return FALSE;
          *target = clamped (centred (&needed, camera->zoom, viewport), scene, viewport);
          return TRUE;
        }
      *target = centred (&graph, zoom, viewport);
      return TRUE;
    }

  /* Too large to read whole: the step's boxes, with their neighbours when they fit, the
   * box the step is about alone when the two ends of its edge are too far apart. */
  if (box_is_empty (&needed))
    return FALSE;
  if (camera->zoom >= viewport->min_fit_zoom && in_view (camera, &needed, viewport))
    return FALSE;
  zoom = MAX (camera->zoom, viewport->min_zoom);
  around = neighbourhood (scene, boxes);
  if (fit_zoom (&around, viewport) >= zoom)
    *target = centred (&around, zoom, viewport);
  else if (fit_zoom (&needed, viewport) >= viewport->min_fit_zoom)
    *target = centred (&needed, MIN (zoom, fit_zoom (&needed, viewport)), viewport);
  else
    {
      /* The two ends cannot be read together: the box the edge enters (the op whose
       * backward runs) at the side of the view away from the other end, the rest of the
       * view along the edge towards it. */
      around = empty_box ();
      add_node (&around, bs_scene_get_node (scene, (guint) boxes[0]));
      *target = kept_inside (clamped (centred (&needed, zoom, viewport), scene, viewport),
                             &around, viewport);
      return TRUE;
    }
  *target = clamped (*target, scene, viewport);
  return TRUE;
}

/* camera moved at its zoom as little as it takes to show box, if keep stays in view. */
static gboolean
moved_along (const BsGraphCamera   *camera,
             const Box             *box,
             const double          *keep,
             const BsGraphViewport *viewport,
             BsGraphCamera         *target)
{
  BsGraphCamera moved;

  if (keep == NULL || fit_zoom (box, viewport) < camera->zoom)
    return FALSE;
  moved = kept_inside (*camera, box, viewport);
  if (!in_view (&moved, &(Box) { keep[0], keep[1], keep[0] + keep[2], keep[1] + keep[3] },
                viewport))
    return FALSE;
  *target = moved;
  return TRUE;
}

gboolean
bs_graph_camera_include (const BsGraphCamera   *camera,
                         BsScene               *scene,
                         const double           note[4],
                         const double          *keep,
                         gboolean               along_first,
                         const BsGraphViewport *viewport,
                         BsGraphCamera         *target)
{
  Box box = { note[0], note[1], note[0] + note[2], note[1] + note[3] };
  Box note_box = box, graph, shown;
  double zoom;

  g_return_val_if_fail (camera != NULL && scene != NULL && target != NULL, FALSE);
  if (in_view (camera, &box, viewport) || bs_scene_get_n_nodes (scene) == 0)
    return FALSE;
  if (along_first && moved_along (camera, &note_box, keep, viewport, target))
    return TRUE;
  /* the part of the graph in view, and the note */
  graph = graph_box (scene);
  shown = (Box) { MAX (graph.x0, -camera->x / camera->zoom),
                  MAX (graph.y0, -camera->y / camera->zoom),
                  MIN (graph.x1, (viewport->width - camera->x) / camera->zoom),
                  MIN (graph.y1, (viewport->height - camera->y) / camera->zoom) };
  if (!box_is_empty (&shown))
    box = (Box) { MIN (box.x0, shown.x0), MIN (box.y0, shown.y0), MAX (box.x1, shown.x1),
                  MAX (box.y1, shown.y1) };
  zoom = MIN (camera->zoom, fit_zoom (&box, viewport));
  if (zoom >= MIN (camera->zoom, viewport->min_fit_zoom) && zoom >= MIN_ZOOM)
    {
      *target = centred (&box, zoom, viewport);
      return TRUE;
    }
  return !along_first && moved_along (camera, &note_box, keep, viewport, target);
}
