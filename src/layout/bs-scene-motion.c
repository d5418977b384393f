/* bs-scene-motion.c: one laid-out scene turning into another of the same run */
#define G_LOG_DOMAIN "bs-layout"

#include <string.h>

#include "bs-scene-motion.h"

typedef struct {
  gboolean matched;
  double   x, y, width, height;   /* where it starts, in to's coordinates */
} Start;

struct _BsSceneMotion {
  /* Owned */
  BsScene      *to;
  BsScene      *frame;          /* a copy of to, moved to the last t asked */
  BsScenePoint *shift;          /* per box: its start's centre minus its end's */
  guint8       *is_new;         /* per box: only to shows it */
  double       *alphas;         /* per box */
  int          *match;          /* per box: from's box showing the same, -1: none */
  Start        *clusters;       /* per cluster */
  double       *cluster_alphas; /* per cluster */
  /* The boxes only from shows, fading out where they were; NULL when none. */
  BsScene      *from;
  BsScene      *leaving;        /* a copy of from, moved to to's coordinates and the last t */
  BsScenePoint  move;           /* from's coordinates to to's */
  BsScenePoint *leave_shift;    /* per box of from: its end's centre minus its start's */
  guint8       *is_gone;        /* per box of from: to does not show it */
  double       *leaving_alphas; /* per box of from */
  guint8       *cluster_gone;   /* per cluster of from: to does not show it */
  double       *leaving_cluster_alphas; /* per cluster of from */
};

/* The box of from that shows what to's box index shows, or -1. */
static int
match_node (BsScene    *from,
            GHashTable *from_scopes,
            BsScene    *to,
            guint       index)
{
  const BsSceneNode *node = bs_scene_get_node (to, index);
  const BsSceneNode *other;
  int found;

  if (node->kind == BS_SCENE_NODE_CLUSTER)
    {
      gpointer value;

      if (!g_hash_table_lookup_extended (from_scopes, GUINT_TO_POINTER (node->scope), NULL,
                                         &value))
        return -1;
      return GPOINTER_TO_INT (value);
    }
  found = node->kind == BS_SCENE_NODE_OP ? bs_scene_find_node (from, node->node)
                                         : bs_scene_find_tensor (from, node->tensor, NULL);
  if (found < 0)
    return -1;
  other = bs_scene_get_node (from, (guint) found);
  if (other->kind != node->kind || other->tensor != node->tensor
      || (node->kind == BS_SCENE_NODE_OP && other->node != node->node))
    return -1;
  return found;
}

static void
match_clusters (BsSceneMotion *self,
                BsScene       *from,
                BsScenePoint   move)
{
  guint n_clusters = bs_scene_get_n_clusters (self->to);

  guint n_from = bs_scene_get_n_clusters (from);

  self->clusters = g_new0 (Start, MAX (n_clusters, 1));
  self->cluster_alphas = g_new (double, MAX (n_clusters, 1));
  self->cluster_gone = g_new (guint8, MAX (n_from, 1));
  self->leaving_cluster_alphas = g_new0 (double, MAX (n_from, 1));
  memset (self->cluster_gone, TRUE, MAX (n_from, 1));
  for (guint i = 0; i < n_clusters; i++)
    {
      const BsSceneCluster *cluster = bs_scene_get_cluster (self->to, i);

      self->cluster_alphas[i] = 1;
      for (guint j = 0; j < n_from; j++)
        {
          const BsSceneCluster *old = bs_scene_get_cluster (from, j);

          if (old->scope != cluster->scope)
            continue;
          self->clusters[i] = (Start) { TRUE, old->x + move.x, old->y + move.y, old->width,
                                        old->height };
          self->cluster_gone[j] = FALSE;
          break;
        }
    }
}

/* The boxes and frames of from that to does not show: they fade out where they stand,
 * the edges of those boxes with them, the ends of those edges on boxes both show
 * following those boxes. */
static void
find_leaving (BsSceneMotion *self,
              BsScene       *from,
              BsScenePoint   move)
{
  guint n_from = bs_scene_get_n_nodes (from);
  gboolean any_gone = FALSE;

  self->leave_shift = g_new0 (BsScenePoint, MAX (n_from, 1));
  self->is_gone = g_new (guint8, MAX (n_from, 1));
  self->leaving_alphas = g_new0 (double, MAX (n_from, 1));
  memset (self->is_gone, TRUE, MAX (n_from, 1));
  for (guint i = 0; i < bs_scene_get_n_nodes (self->to); i++)
    {
      int found = self->is_new[i] ? -1 : self->match[i];

      if (found < 0)
        continue;
      self->is_gone[found] = FALSE;
      self->leave_shift[found] = (BsScenePoint) { -self->shift[i].x, -self->shift[i].y };
    }
  for (guint j = 0; j < n_from; j++)
    any_gone |= self->is_gone[j];
  for (guint j = 0; j < bs_scene_get_n_clusters (from); j++)
    any_gone |= self->cluster_gone[j];
  if (!any_gone)
    return;
  self->from = bs_scene_ref (from);
  self->leaving = bs_scene_copy (from);
  self->move = move;
}

BsSceneMotion *
bs_scene_motion_new (BsScene *from,
                     BsScene *to)
{
  g_autoptr(BsSceneMotion) self = NULL;
  g_autoptr(GHashTable) from_scopes = g_hash_table_new (NULL, NULL);
  BsScenePoint from_origin, to_origin, move;
  guint n_nodes, n_matched = 0;

  g_return_val_if_fail (from != NULL && to != NULL, NULL);
  g_return_val_if_fail (bs_scene_is_laid_out (from) && bs_scene_is_laid_out (to), NULL);
  if (bs_scene_get_trace (from) != bs_scene_get_trace (to))
    return NULL;

  n_nodes = bs_scene_get_n_nodes (to);
  self = g_new0 (BsSceneMotion, 1);
  self->to = bs_scene_ref (to);
  self->shift = g_new0 (BsScenePoint, MAX (n_nodes, 1));
  self->is_new = g_new0 (guint8, MAX (n_nodes, 1));
  self->alphas = g_new (double, MAX (n_nodes, 1));
  self->match = g_new (int, MAX (n_nodes, 1));
  bs_scene_get_origin (from, &from_origin);
  bs_scene_get_origin (to, &to_origin);
  /* from's coordinates to to's, through the run's frame */
  move = (BsScenePoint) { to_origin.x - from_origin.x, to_origin.y - from_origin.y };
  for (guint i = 0; i < bs_scene_get_n_nodes (from); i++)
    if (bs_scene_get_node (from, i)->kind == BS_SCENE_NODE_CLUSTER)
      g_hash_table_insert (from_scopes, GUINT_TO_POINTER (bs_scene_get_node (from, i)->scope),
                           GINT_TO_POINTER (i));
  for (guint i = 0; i < n_nodes; i++)
    {
      const BsSceneNode *node = bs_scene_get_node (to, i);
      int found = match_node (from, from_scopes, to, i);
      const BsSceneNode *old;

      self->alphas[i] = 1;
      self->match[i] = found;
      if (found < 0)
        {
          self->is_new[i] = TRUE;
          continue;
        }
      old = bs_scene_get_node (from, (guint) found);
      self->shift[i].x = old->x + old->width / 2 + move.x - (node->x + node->width / 2);
      self->shift[i].y = old->y + old->height / 2 + move.y - (node->y + node->height / 2);
      n_matched++;
    }
  if (n_matched == 0)
    return NULL;
  match_clusters (self, from, move);
  self->frame = bs_scene_copy (to);
  find_leaving (self, from, move);
  return g_steal_pointer (&self);
}

void
bs_scene_motion_free (BsSceneMotion *self)
{
  if (self == NULL)
    return;
  bs_scene_unref (self->to);
  bs_scene_unref (self->frame);
  g_free (self->shift);
  g_free (self->is_new);
  g_free (self->alphas);
  g_free (self->clusters);
  g_free (self->cluster_alphas);
  g_free (self->cluster_gone);
  g_free (self->leaving_cluster_alphas);
  g_free (self->match);
  if (self->from != NULL)
    bs_scene_unref (self->from);
  if (self->leaving != NULL)
    bs_scene_unref (self->leaving);
  g_free (self->leave_shift);
  g_free (self->is_gone);
  g_free (self->leaving_alphas);
  g_free (self);
}

static double
lerp (double a,
      double b,
      double t)
{
  return a + (b - a) * t;
}

static void
move_edges (BsSceneMotion *self,
            double         ease)
{
  for (guint e = 0; e < bs_scene_get_n_edges (self->to); e++)
    {
      const BsSceneEdge *end = bs_scene_get_edge (self->to, e);
      BsSceneEdge *edge = bs_scene_get_edge (self->frame, e);
      BsScenePoint a = self->shift[end->from], b = self->shift[end->to];
      double left = 1 - ease;

      for (guint k = 0; k < end->n_points; k++)
        {
          double w = end->n_points > 1 ? (double) k / (end->n_points - 1) : 0;

          edge->points[k].x = end->points[k].x + lerp (a.x, b.x, w) * left;
          edge->points[k].y = end->points[k].y + lerp (a.y, b.y, w) * left;
        }
      edge->arrow_base.x = end->arrow_base.x + b.x * left;
      edge->arrow_base.y = end->arrow_base.y + b.y * left;
      edge->arrow_tip.x = end->arrow_tip.x + b.x * left;
      edge->arrow_tip.y = end->arrow_tip.y + b.y * left;
    }
}

/* The leaving boxes at ease: where they stood (in to's coordinates), fading; the boxes
 * both show (drawn at opacity 0) and the ends of edges on them on their way. */
static void
move_leaving (BsSceneMotion *self,
              double         ease)
{
  for (guint j = 0; j < bs_scene_get_n_nodes (self->from); j++)
    {
      const BsSceneNode *start = bs_scene_get_node (self->from, j);
      BsSceneNode *node = bs_scene_get_node (self->leaving, j);

      node->x = start->x + self->move.x + self->leave_shift[j].x * ease;
      node->y = start->y + self->move.y + self->leave_shift[j].y * ease;
      self->leaving_alphas[j] = self->is_gone[j] ? 1 - ease : 0;
    }
  for (guint e = 0; e < bs_scene_get_n_edges (self->from); e++)
    {
      const BsSceneEdge *start = bs_scene_get_edge (self->from, e);
      BsSceneEdge *edge = bs_scene_get_edge (self->leaving, e);
      BsScenePoint a = self->leave_shift[start->from], b = self->leave_shift[start->to];

      for (guint k = 0; k < start->n_points; k++)
        {
          double w = start->n_points > 1 ? (double) k / (start->n_points - 1) : 0;

          edge->points[k].x = start->points[k].x + self->move.x + lerp (a.x, b.x, w) * ease;
          edge->points[k].y = start->points[k].y + self->move.y + lerp (a.y, b.y, w) * ease;
        }
      edge->arrow_base.x = start->arrow_base.x + self->move.x + b.x * ease;
      edge->arrow_base.y = start->arrow_base.y + self->move.y + b.y * ease;
      edge->arrow_tip.x = start->arrow_tip.x + self->move.x + b.x * ease;
      edge->arrow_tip.y = start->arrow_tip.y + self->move.y + b.y * ease;
    }
  for (guint c = 0; c < bs_scene_get_n_clusters (self->from); c++)
    {
      const BsSceneCluster *start = bs_scene_get_cluster (self->from, c);
      BsSceneCluster *cluster = bs_scene_get_cluster (self->leaving, c);

      cluster->x = start->x + self->move.x;
      cluster->y = start->y + self->move.y;
      self->leaving_cluster_alphas[c] = self->cluster_gone[c] ? 1 - ease : 0;
    }
}

BsScene *
bs_scene_motion_frame (BsSceneMotion *self,
                       double         t)
{
  double ease;

  g_return_val_if_fail (self != NULL, NULL);
  t = CLAMP (t, 0, 1);
  ease = 1 - (1 - t) * (1 - t) * (1 - t);
  for (guint i = 0; i < bs_scene_get_n_nodes (self->to); i++)
    {
      const BsSceneNode *end = bs_scene_get_node (self->to, i);
      BsSceneNode *node = bs_scene_get_node (self->frame, i);

      node->x = end->x + self->shift[i].x * (1 - ease);
      node->y = end->y + self->shift[i].y * (1 - ease);
      self->alphas[i] = self->is_new[i] ? ease : 1;
    }
  move_edges (self, ease);
  if (self->leaving != NULL)
    move_leaving (self, ease);
  for (guint i = 0; i < bs_scene_get_n_clusters (self->to); i++)
    {
      const BsSceneCluster *end = bs_scene_get_cluster (self->to, i);
      BsSceneCluster *cluster = bs_scene_get_cluster (self->frame, i);
      const Start *start = &self->clusters[i];

      self->cluster_alphas[i] = start->matched ? 1 : ease;
      if (!start->matched)
        continue;
      cluster->x = lerp (start->x, end->x, ease);
      cluster->y = lerp (start->y, end->y, ease);
      cluster->width = lerp (start->width, end->width, ease);
      cluster->height = lerp (start->height, end->height, ease);
    }
  bs_scene_moved (self->frame);
  if (self->leaving != NULL)
    bs_scene_moved (self->leaving);
  return self->frame;
}

const double *
bs_scene_motion_alphas (BsSceneMotion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->alphas;
}

BsScene *
bs_scene_motion_leaving (BsSceneMotion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->leaving;
}

const double *
bs_scene_motion_leaving_alphas (BsSceneMotion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->leaving_alphas;
}

const double *
bs_scene_motion_cluster_alphas (BsSceneMotion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->cluster_alphas;
}

const double *
bs_scene_motion_leaving_cluster_alphas (BsSceneMotion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->leaving_cluster_alphas;
}
