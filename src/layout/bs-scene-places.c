/* bs-scene-places.c: where the boxes a run's graphs share stand, so they keep it */
#define G_LOG_DOMAIN "bs-layout"

#include <math.h>

#include "bs-scene-places.h"
#include "bs-scene-private.h"

#define SAME_PLACE      0.5    /* points: closer than this is the same place */
#define ROW_GAP        18.0    /* points between two boxes of the row: dot's nodesep */
#define MAX_CANDIDATES  256    /* shifts tried when choosing the frame's (many constants) */

/* A box's place in the row: its centre's x in the frame, half its width and height. */
typedef struct {
  double x;
  double half_width;
  double half_height;
} Slot;

struct _BsScenePlaces {
  GHashTable *places;   /* tensor id -> Slot */
};

static int
compare_tensors (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = (*(const BsSceneNode * const *) a)->tensor;
  guint32 y = (*(const BsSceneNode * const *) b)->tensor;

  return x < y ? -1 : x > y;
}

BsScenePlaces *
bs_scene_places_new (BsScene *row_scene)
{
  BsScenePlaces *self;
  g_autoptr(GPtrArray) row = g_ptr_array_new ();
  double end = 0;

  g_return_val_if_fail (row_scene != NULL, NULL);

  self = g_new0 (BsScenePlaces, 1);
  self->places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < bs_scene_get_n_nodes (row_scene); i++)
    if (bs_scene_node_is_shared (bs_scene_get_node (row_scene, i)))
      g_ptr_array_add (row, bs_scene_get_node (row_scene, i));
  /* In the order the run made them, dot's node separation apart. */
  g_ptr_array_sort (row, compare_tensors);
  for (guint i = 0; i < row->len; i++)
    {
      const BsSceneNode *node = g_ptr_array_index (row, i);
      Slot slot = { end + (i > 0 ? ROW_GAP : 0) + node->width / 2, node->width / 2,
                    node->height / 2 };

      g_hash_table_insert (self->places, GUINT_TO_POINTER (node->tensor),
                           g_memdup2 (&slot, sizeof slot));
      end = slot.x + slot.half_width;
    }
  return self;
}

void
bs_scene_places_free (BsScenePlaces *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->places);
  g_free (self);
}

static BsScenePoint
centre (const BsSceneNode *node)
{
  return (BsScenePoint) { node->x + node->width / 2, node->y + node->height / 2 };
}

static const Slot *
place_of (BsScenePlaces     *self,
          const BsSceneNode *node)
{
  return bs_scene_node_is_shared (node)
         ? g_hash_table_lookup (self->places, GUINT_TO_POINTER (node->tensor)) : NULL;
}

/* The shared boxes in one row (dot's top rank, bs_scene_set_shared_row()), and the
 * row's centre line; FALSE when the scene has none, or they are not in a row (a layout
 * that could not keep to the rank: then nothing moves). */
static gboolean
shared_row (BsScene *scene,
            double  *row_y)
{
  gboolean any = FALSE;

  if (!bs_scene_get_shared_row (scene))
    return FALSE;
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      double y = centre (node).y;

      if (!bs_scene_node_is_shared (node))
        continue;
      if (any && fabs (y - *row_y) > SAME_PLACE)
        return FALSE;
      *row_y = y;
      any = TRUE;
    }
  return any;
}

/* The shift along the row from the scene's x to the frame's that leaves the most shared
 * boxes where they are. */
static double
common_shift (BsScenePlaces *self,
              BsScene       *scene)
{
  g_autoptr(GArray) shifts = g_array_new (FALSE, FALSE, sizeof (double));
  guint best_votes = 0;
  double best = 0;

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      const Slot *place = place_of (self, node);

      if (place != NULL)
        g_array_append_val (shifts, ((double) { place->x - centre (node).x }));
    }
  for (guint i = 0; i < MIN (shifts->len, MAX_CANDIDATES); i++)
    {
      double candidate = g_array_index (shifts, double, i);
      guint votes = 0;

      for (guint j = 0; j < shifts->len; j++)
        votes += fabs (candidate - g_array_index (shifts, double, j)) < SAME_PLACE;
      if (votes > best_votes)
        {
          best_votes = votes;
          best = candidate;
        }
    }
  return best;
}

/* The row's right end in the frame (where a box seen for the first time goes), and half
 * the height of its tallest box. */
static double
row_end (BsScenePlaces *self,
         double        *half_height)
{
  GHashTableIter iter;
  gpointer value;
  double end = -G_MAXDOUBLE;

  *half_height = 0;
  g_hash_table_iter_init (&iter, self->places);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const Slot *slot = value;

      end = MAX (end, slot->x + slot->half_width);
      *half_height = MAX (*half_height, slot->half_height);
    }
  return end;
}

/* An edge from a box of the row drawn anew, its start moved along the row by start_dx and
 * its end (arrowhead with it) by end_dx: one cubic going down from its start to where
 * dot's curve ends. */
static void
follow_row (BsScene *scene,
            guint    index,
            double   start_dx,
            double   end_dx)
{
  BsSceneEdge *edge = bs_scene_get_edge (scene, index);
  BsScenePoint *points;
  BsScenePoint start, end;

  if (edge->n_points < 4)
    return;
  start = (BsScenePoint) { edge->points[0].x + start_dx, edge->points[0].y };
  end = (BsScenePoint) { edge->points[edge->n_points - 1].x + end_dx,
                         edge->points[edge->n_points - 1].y };
  edge->arrow_base.x += end_dx;
  edge->arrow_tip.x += end_dx;
  points = g_new (BsScenePoint, 4);
  points[0] = start;
  points[1] = (BsScenePoint) { start.x, (start.y + end.y) / 2 };
  points[2] = (BsScenePoint) { end.x, (start.y + end.y) / 2 };
  points[3] = end;
  bs_scene_set_edge_points (scene, index, points, 4);
}

static void
grow_bounds (double       *bounds,
             BsScenePoint  p)
{
  bounds[0] = MIN (bounds[0], p.x);
  bounds[1] = MIN (bounds[1], p.y);
  bounds[2] = MAX (bounds[2], p.x);
  bounds[3] = MAX (bounds[3], p.y);
}

static void
move_point (BsScenePoint *p,
            double        dx,
            double        dy)
{
  p->x += dx;
  p->y += dy;
}

static void
move_edge (BsSceneEdge *edge,
           double       dx,
           double       dy)
{
  for (guint k = 0; k < edge->n_points; k++)
    move_point (&edge->points[k], dx, dy);
  move_point (&edge->arrow_base, dx, dy);
  move_point (&edge->arrow_tip, dx, dy);
}

/* The graph under the row reaching left of the row's start (row_left, the frame's x = 0:
 * dot centres a wide graph under a narrow row) moves right until it does not, so that the
 * row's start is the scene's left edge in every scene of the run and two pictures of it
 * line up by their rows. */
static void
keep_right_of_row (BsScene *scene,
                   double   row_left)
{
  double left = G_MAXDOUBLE, dx;

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (!bs_scene_node_is_shared (bs_scene_get_node (scene, i)))
      left = MIN (left, bs_scene_get_node (scene, i)->x);
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    left = MIN (left, bs_scene_get_cluster (scene, i)->x);
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      if (bs_scene_node_is_shared (bs_scene_get_node (scene, edge->from)))
        continue;
      for (guint k = 0; k < edge->n_points; k++)
        left = MIN (left, edge->points[k].x);
    }
  if (left >= row_left - SAME_PLACE)
    return;
  dx = row_left - left;
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (!bs_scene_node_is_shared (bs_scene_get_node (scene, i)))
      bs_scene_get_node (scene, i)->x += dx;
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    bs_scene_get_cluster (scene, i)->x += dx;
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      if (bs_scene_node_is_shared (bs_scene_get_node (scene, edge->from)))
        follow_row (scene, e, 0, dx);
      else
        move_edge (edge, dx, 0);
    }
}

/* Every item moved so that the row's start (row_left) is at the scene's left margin and
 * its centre line (row_y) half the row's tallest box below its top one, the same in
 * every scene of the run (unless something lies above the row: then everything moves
 * down to hold it); the origin with them, the scene's box fitted to them. */
static void
put_row_in_corner (BsScene *scene,
                   double   row_left,
                   double   row_y,
                   double   row_half_height)
{
  double bounds[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double top = bs_scene_get_top_margin (scene);
  double width, height, dx, dy;
  BsScenePoint origin;

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      grow_bounds (bounds, (BsScenePoint) { node->x, node->y });
      grow_bounds (bounds, (BsScenePoint) { node->x + node->width, node->y + node->height });
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      const BsSceneCluster *cluster = bs_scene_get_cluster (scene, i);

      grow_bounds (bounds, (BsScenePoint) { cluster->x, cluster->y });
      grow_bounds (bounds, (BsScenePoint) { cluster->x + cluster->width,
                                            cluster->y + cluster->height });
    }
  if (bounds[0] > bounds[2])
    return;
  dx = MAX (BS_SCENE_MARGIN - row_left, BS_SCENE_MARGIN - bounds[0]);
  dy = MAX (top + row_half_height - row_y, top - bounds[1]);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);

      node->x += dx;
      node->y += dy;
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      BsSceneCluster *cluster = bs_scene_get_cluster (scene, i);

      cluster->x += dx;
      cluster->y += dy;
    }
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    move_edge (bs_scene_get_edge (scene, i), dx, dy);
  bs_scene_get_origin (scene, &origin);
  move_point (&origin, dx, dy);
  bs_scene_set_origin (scene, origin);
  bs_scene_get_size (scene, &width, &height);
  bs_scene_set_laid_out (scene, MAX (width + dx, bounds[2] + dx + BS_SCENE_MARGIN),
                         MAX (height + dy, bounds[3] + dy + BS_SCENE_MARGIN));
}

void
bs_scene_places_apply (BsScenePlaces *self,
                       BsScene       *scene)
{
  guint n_nodes = bs_scene_get_n_nodes (scene);
  g_autofree double *moved = g_new0 (double, MAX (n_nodes, 1));
  gboolean any_moved = FALSE;
  double row_y = 0, shift, end, row_half_height;

  g_return_if_fail (self != NULL && scene != NULL);
  g_return_if_fail (bs_scene_is_laid_out (scene));

  if (!shared_row (scene, &row_y))
    return;

  /* frame x = scene x + shift; the row's centre line is the frame's y = 0 */
  shift = common_shift (self, scene);
  end = row_end (self, &row_half_height);
  for (guint i = 0; i < n_nodes; i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);
      const Slot *place = place_of (self, node);
      double x;

      if (!bs_scene_node_is_shared (node))
        continue;
      if (place == NULL)
        {
          /* A box the run's row lacks (made in a scope collapsed there) joins its end. */
          Slot slot = { end + ROW_GAP + node->width / 2, node->width / 2, node->height / 2 };

          place = g_memdup2 (&slot, sizeof slot);
          g_hash_table_insert (self->places, GUINT_TO_POINTER (node->tensor),
                               (gpointer) place);
          end = MAX (end, slot.x + slot.half_width);
          row_half_height = MAX (row_half_height, slot.half_height);
        }
      x = place->x - shift - node->width / 2;
      if (fabs (x - node->x) < SAME_PLACE)
        continue;
      moved[i] = x - node->x;
      node->x = x;
      any_moved = TRUE;
    }
  for (guint e = 0; any_moved && e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      if (moved[edge->from] != 0)
        follow_row (scene, e, moved[edge->from], 0);
    }
  bs_scene_set_origin (scene, (BsScenePoint) { -shift, row_y });
  /* the row starts at the frame's x = 0 */
  keep_right_of_row (scene, -shift);
  put_row_in_corner (scene, -shift, row_y, row_half_height);
}
