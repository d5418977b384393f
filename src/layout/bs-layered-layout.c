/* bs-layered-layout.c: the layout used when dot would take too long, in layers of its own
 *
 * Ranks: the longest path from a source, then each box moved down to just above the
 * first box that uses it (a leaf feeding every iteration of a loop sits above the first
 * iteration, not at the top). Columns: every cluster is packed as one block, its members
 * packed inside it the same way; a block takes the leftmost place free on all the rows
 * it spans (a skyline per row), in the order the blocks begin. Rows are spaced so a
 * cluster's title fits above its first row. Work and memory: the boxes and edges, plus
 * each cluster's rows.
 */
#define G_LOG_DOMAIN "bs-layout"

#include <math.h>

#include "bs-layered-layout.h"
#include "bs-scene-graph.h"
#include "bs-scene-private.h"

/* dot's spacing, as bs-scene-graph.c asks it: nodesep 0.25 in, ranksep 0.4 in, and its
 * margin inside a cluster */
#define NODE_GAP     18.0
#define RANK_GAP     28.8
#define CLUSTER_PAD   8.0
#define ARROW_LENGTH 10.0

typedef struct {
  guint  n;
  guint *order;      /* the boxes, every edge's tail before its head (cycles broken) */
  guint *position;   /* per box, its place in order */
  int   *rank;
  guint  n_ranks;
} Ranks;

static void
ranks_clear (Ranks *ranks)
{
  g_free (ranks->order);
  g_free (ranks->position);
  g_free (ranks->rank);
}

/* Edges by tail (out) and by head (in), as index lists. */
typedef struct {
  guint *out_start;  /* n + 1 */
  guint *out;        /* edge indices */
  guint *in_start;
  guint *in;
} Adjacency;

static void
adjacency_init (Adjacency *adj,
                BsScene   *scene)
{
  guint n = bs_scene_get_n_nodes (scene), m = bs_scene_get_n_edges (scene);
  g_autofree guint *out_fill = g_new0 (guint, n + 1);
  g_autofree guint *in_fill = g_new0 (guint, n + 1);

  adj->out_start = g_new0 (guint, n + 1);
  adj->in_start = g_new0 (guint, n + 1);
  adj->out = g_new (guint, MAX (m, 1));
  adj->in = g_new (guint, MAX (m, 1));
  for (guint e = 0; e < m; e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      adj->out_start[edge->from + 1]++;
      adj->in_start[edge->to + 1]++;
    }
  for (guint i = 0; i < n; i++)
    {
      adj->out_start[i + 1] += adj->out_start[i];
      adj->in_start[i + 1] += adj->in_start[i];
    }
  for (guint e = 0; e < m; e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      adj->out[adj->out_start[edge->from] + out_fill[edge->from]++] = e;
      adj->in[adj->in_start[edge->to] + in_fill[edge->to]++] = e;
    }
}

static void
adjacency_clear (Adjacency *adj)
{
  g_free (adj->out_start);
  g_free (adj->out);
  g_free (adj->in_start);
  g_free (adj->in);
}

static void
ranks_init (Ranks     *ranks,
            BsScene   *scene,
            Adjacency *adj)
{
  guint n = bs_scene_get_n_nodes (scene), placed = 0, head = 0;
  g_autofree guint *waiting = g_new (guint, MAX (n, 1));
  g_autofree gboolean *done = g_new0 (gboolean, MAX (n, 1));

  ranks->n = n;
  ranks->order = g_new (guint, MAX (n, 1));
  ranks->position = g_new (guint, MAX (n, 1));
  ranks->rank = g_new0 (int, MAX (n, 1));
  ranks->n_ranks = n > 0 ? 1 : 0;

  /* Kahn's order; on a cycle, the first box not placed goes next, its edges from boxes
   * not yet placed ignored */
  for (guint i = 0; i < n; i++)
    {
      waiting[i] = adj->in_start[i + 1] - adj->in_start[i];
      if (waiting[i] == 0)
        {
          done[i] = TRUE;
          ranks->order[placed++] = i;
        }
    }
  for (guint scan = 0; placed < n || head < placed;)
    {
      if (head == placed)
        {
          while (done[scan])
            scan++;
          done[scan] = TRUE;
          ranks->order[placed++] = scan;
        }
      for (guint v = ranks->order[head++], k = adj->out_start[v]; k < adj->out_start[v + 1]; k++)
        {
          guint w = bs_scene_get_edge (scene, adj->out[k])->to;

          if (!done[w] && --waiting[w] == 0)
            {
              done[w] = TRUE;
              ranks->order[placed++] = w;
            }
        }
    }
  for (guint k = 0; k < n; k++)
    ranks->position[ranks->order[k]] = k;

  /* longest path from a source */
  for (guint k = 0; k < n; k++)
    {
      guint v = ranks->order[k];

      for (guint j = adj->in_start[v]; j < adj->in_start[v + 1]; j++)
        {
          guint u = bs_scene_get_edge (scene, adj->in[j])->from;

          if (ranks->position[u] < k)
            ranks->rank[v] = MAX (ranks->rank[v], ranks->rank[u] + 1);
        }
    }
  /* then down to just above the first box that uses it */
  for (guint k = n; k-- > 0;)
    {
      guint v = ranks->order[k];
      int first_use = G_MAXINT;

      for (guint j = adj->out_start[v]; j < adj->out_start[v + 1]; j++)
        {
          guint w = bs_scene_get_edge (scene, adj->out[j])->to;

          if (ranks->position[w] > k)
            first_use = MIN (first_use, ranks->rank[w]);
        }
      if (first_use != G_MAXINT)
        ranks->rank[v] = MAX (ranks->rank[v], first_use - 1);
      ranks->n_ranks = MAX (ranks->n_ranks, (guint) ranks->rank[v] + 1);
    }
  /* A row of shared boxes (bs_scene_set_shared_row()) above the rest, as dot's source
   * rank: each keeps its place in it from one scene to the next (bs-scene-places.h). */
  if (n > 0 && bs_scene_get_shared_row (scene))
    {
      for (guint v = 0; v < n; v++)
        ranks->rank[v] = bs_scene_node_is_shared (bs_scene_get_node (scene, v))
                         ? 0 : ranks->rank[v] + 1;
      ranks->n_ranks++;
    }
}

guint64
bs_layered_layout_cost (BsScene *scene,
                        guint64 *local)
{
  guint n = bs_scene_get_n_nodes (scene), n_clusters = bs_scene_get_n_clusters (scene);
  g_autofree int *top = bs_scene_graph_node_clusters (scene);
  Adjacency adj;
  Ranks ranks;
  guint64 cost;

  g_return_val_if_fail (scene != NULL, 0);

  /* each box's outermost cluster */
  for (guint i = 0; i < n; i++)
    for (guint hops = 0; top[i] >= 0 && hops < n_clusters; hops++)
      {
        int parent = bs_scene_get_cluster (scene, (guint) top[i])->parent;

        if (parent < 0 || (guint) parent >= n_clusters)
          break;
        top[i] = parent;
      }
  adjacency_init (&adj, scene);
  ranks_init (&ranks, scene, &adj);
  cost = (guint64) n + bs_scene_get_n_edges (scene);
  if (local != NULL)
    *local = cost;
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);
      int span = ranks.rank[edge->to] - ranks.rank[edge->from];
      guint64 crossed = (guint64) ABS (span) - (span != 0);

      cost += crossed;
      if (local != NULL && top[edge->from] == top[edge->to])
        *local += crossed;
    }
  ranks_clear (&ranks);
  adjacency_clear (&adj);
  return cost;
}

/* --- blocks: boxes and clusters, packed ------------------------------------------- */

/* Items 0..n-1 are the boxes, n..n+C-1 the clusters, n+C the whole scene. */
typedef struct {
  int     group;       /* the item it is packed in, -1: none (the scene) */
  int     first_rank;  /* G_MAXINT: holds no box */
  int     last_rank;
  int     reach;       /* the last rank its column is kept free to: a box's edges go
                        * down its column to the row above their heads */
  guint   first_box;   /* the lowest box index in it, for the packing order */
  double  width;
  double  x;           /* relative to its group's left edge, then absolute */
  double  top_room;    /* clusters: title and padding above first_rank */
  double  bottom_room;
} Item;

typedef struct {
  BsScene *scene;
  guint    n;          /* boxes */
  guint    n_clusters;
  Item    *items;
  Ranks    ranks;
} Packing;

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const Item *items = data;
  const Item *x = &items[*(const guint *) a], *y = &items[*(const guint *) b];

  if (x->first_rank != y->first_rank)
    return x->first_rank < y->first_rank ? -1 : 1;
  return x->first_box < y->first_box ? -1 : x->first_box > y->first_box;
}

/* Packs group's members (their widths known) left to right, each on the leftmost place
 * free on all its rows; sets their x relative to group and group's width. */
static void
pack_group (Packing     *p,
            guint        group,
            const guint *members,
            guint        n_members)
{
  Item *g = &p->items[group];
  g_autofree guint *sorted = g_memdup2 (members, sizeof (guint) * MAX (n_members, 1));
  g_autofree double *sky = NULL;
  double content = 0, inset = group < p->n + p->n_clusters ? CLUSTER_PAD : 0;

  g_qsort_with_data (sorted, (gint) n_members, sizeof (guint), compare_items, p->items);
  if (g->first_rank != G_MAXINT)
    sky = g_new0 (double, g->last_rank - g->first_rank + 1);
  for (guint k = 0; k < n_members; k++)
    {
      Item *item = &p->items[sorted[k]];
      int last;
      double x = 0;

      if (item->first_rank == G_MAXINT)
        {
          item->x = inset;
          continue;
        }
      last = MIN (item->reach, g->last_rank);
      for (int r = item->first_rank; r <= last; r++)
        x = MAX (x, sky[r - g->first_rank]);
      item->x = inset + x;
      for (int r = item->first_rank; r <= last; r++)
        sky[r - g->first_rank] = x + item->width + NODE_GAP;
      content = MAX (content, x + item->width);
    }
  g->width = content + 2 * inset;
  if (group >= p->n && group < p->n + p->n_clusters)
    {
      const BsSceneCluster *cluster = bs_scene_get_cluster (p->scene, group - p->n);
      double title = isfinite (cluster->label_width) ? cluster->label_width : 0;

      g->width = MAX (g->width, MAX (title, 1) + 2 * CLUSTER_PAD);
    }
}

static int
compare_depth (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const guint *depth = data;
  guint x = depth[*(const guint *) a], y = depth[*(const guint *) b];

  return x > y ? -1 : x < y;
}

static double
title_height (const BsSceneCluster *cluster)
{
  return isfinite (cluster->label_height) && cluster->label_height > 0
         ? cluster->label_height : BS_SCENE_CLUSTER_LABEL_HEIGHT;
}

/* Clusters' spans, widths and rooms, inner clusters first; then every item's x. */
static void
pack (Packing *p)
{
  guint n = p->n, n_clusters = p->n_clusters, root = n + n_clusters;
  g_autofree int *box_cluster = bs_scene_graph_node_clusters (p->scene);
  g_autofree guint *depth = g_new0 (guint, MAX (n_clusters, 1));
  g_autofree guint *by_depth = g_new (guint, MAX (n_clusters, 1));
  g_autofree guint *member_start = g_new0 (guint, root + 2);
  g_autofree guint *members = g_new (guint, MAX (root, 1));
  g_autofree guint *fill = g_new0 (guint, root + 1);

  for (guint i = 0; i <= root; i++)
    p->items[i] = (Item) { -1, G_MAXINT, G_MININT, G_MININT, G_MAXUINT, 0, 0, 0, 0 };
  for (guint i = 0; i < n; i++)
    {
      Item *item = &p->items[i];

      item->group = box_cluster[i] >= 0 ? (int) n + box_cluster[i] : (int) root;
      item->first_rank = item->last_rank = item->reach = p->ranks.rank[i];
      item->first_box = i;
      item->width = bs_scene_get_node (p->scene, i)->width;
    }
  for (guint c = 0; c < n_clusters; c++)
    {
      int parent = bs_scene_get_cluster (p->scene, c)->parent;

      p->items[n + c].group = parent >= 0 && (guint) parent < n_clusters ? (int) n + parent
                                                                         : (int) root;
      for (int a = parent; a >= 0 && (guint) a < n_clusters && depth[c] <= n_clusters;
           a = bs_scene_get_cluster (p->scene, a)->parent)
        depth[c]++;
      by_depth[c] = c;
    }
  /* inner clusters first (a parent's index may follow its child's) */
  g_qsort_with_data (by_depth, (gint) n_clusters, sizeof (guint), compare_depth, depth);

  for (guint i = 0; i < root; i++)
    member_start[p->items[i].group + 1]++;
  for (guint g = 0; g <= root; g++)
    member_start[g + 1] += member_start[g];
  for (guint i = 0; i < root; i++)
    members[member_start[p->items[i].group] + fill[p->items[i].group]++] = i;

  /* spans and first boxes of the clusters, inner first */
  for (guint i = 0; i < n; i++)
    {
      Item *g = &p->items[p->items[i].group];

      g->first_rank = MIN (g->first_rank, p->items[i].first_rank);
      g->last_rank = MAX (g->last_rank, p->items[i].last_rank);
      g->first_box = MIN (g->first_box, i);
    }
  for (guint k = 0; k < n_clusters; k++)
    {
      Item *c = &p->items[n + by_depth[k]], *g = &p->items[c->group];

      g->first_rank = MIN (g->first_rank, c->first_rank);
      g->last_rank = MAX (g->last_rank, c->last_rank);
      g->first_box = MIN (g->first_box, c->first_box);
    }

  for (guint e = 0; e < bs_scene_get_n_edges (p->scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (p->scene, e);

      p->items[edge->from].reach = MAX (p->items[edge->from].reach,
                                        p->ranks.rank[edge->to] - 1);
    }
  for (guint c = 0; c <= n_clusters; c++)
    p->items[n + c].reach = p->items[n + c].last_rank;

  /* widths and rooms, inner first */
  for (guint k = 0; k < n_clusters; k++)
    {
      guint c = by_depth[k];
      Item *item = &p->items[n + c];
      double top = 0, bottom = 0;

      pack_group (p, n + c, members + member_start[n + c],
                  member_start[n + c + 1] - member_start[n + c]);
      for (guint j = member_start[n + c]; j < member_start[n + c + 1]; j++)
        {
          const Item *inner = &p->items[members[j]];

          if (members[j] < n || inner->first_rank == G_MAXINT)
            continue;
          if (inner->first_rank == item->first_rank)
            top = MAX (top, inner->top_room);
          if (inner->last_rank == item->last_rank)
            bottom = MAX (bottom, inner->bottom_room);
        }
      item->top_room = top + title_height (bs_scene_get_cluster (p->scene, c)) + CLUSTER_PAD;
      item->bottom_room = bottom + CLUSTER_PAD;
    }
  pack_group (p, root, members + member_start[root], member_start[root + 1] - member_start[root]);

  /* absolute x, outer first */
  p->items[root].x = BS_SCENE_MARGIN;
  for (guint k = n_clusters; k-- > 0;)
    {
      Item *c = &p->items[n + by_depth[k]];

      c->x += p->items[c->group].x;
    }
  for (guint i = 0; i < n; i++)
    p->items[i].x += p->items[p->items[i].group].x;
}

/* --- edges --------------------------------------------------------------------- */

/* Adds to points the cubic from its last point to end, leaving and arriving vertically
 * (straight when they are one above the other). */
static void
add_cubic (GArray       *points,
           BsScenePoint  end)
{
  BsScenePoint start = g_array_index (points, BsScenePoint, points->len - 1);
  double third = (end.y - start.y) / 3;
  BsScenePoint controls[3] = { { start.x, start.y + third }, { end.x, end.y - third }, end };

  g_array_append_vals (points, controls, 3);
}

/* Down from the tail's bottom to the head's top. An edge crossing rows runs down the
 * tail's column (kept free for it) to the gap above the head's row, then to the head; an
 * edge that does not go down leaves and enters by the right sides. */
static void
route_edges (BsScene      *scene,
             const Ranks  *ranks,
             const double *row_top,
             const double *above,
             double       *right)
{
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      BsSceneEdge *edge = bs_scene_get_edge (scene, e);
      const BsSceneNode *a = bs_scene_get_node (scene, edge->from);
      const BsSceneNode *b = bs_scene_get_node (scene, edge->to);
      int span = ranks->rank[edge->to] - ranks->rank[edge->from];
      g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (BsScenePoint));
      BsScenePoint start, base, tip;
      guint n_points;

      if (span > 0)
        {
          start = (BsScenePoint) { a->x + a->width / 2, a->y + a->height };
          tip = (BsScenePoint) { b->x + b->width / 2, b->y };
          base = (BsScenePoint) { tip.x, tip.y - ARROW_LENGTH };
          g_array_append_val (points, start);
          if (span > 1)
            add_cubic (points, (BsScenePoint) {
                         start.x, row_top[ranks->rank[edge->to]] - above[ranks->rank[edge->to]]
                                  - RANK_GAP / 2 });
          add_cubic (points, base);
        }
      else
        {
          double bulge = 3 * RANK_GAP;
          BsScenePoint controls[3];

          start = (BsScenePoint) { a->x + a->width, a->y + a->height / 2 };
          tip = (BsScenePoint) { b->x + b->width, b->y + b->height / 2 };
          base = (BsScenePoint) { tip.x + ARROW_LENGTH, tip.y };
          controls[0] = (BsScenePoint) { start.x + bulge, start.y };
          controls[1] = (BsScenePoint) { base.x + bulge, base.y };
          controls[2] = base;
          g_array_append_val (points, start);
          g_array_append_vals (points, controls, 3);
          *right = MAX (*right, MAX (start.x, base.x) + 0.75 * bulge);
        }
      n_points = points->len;
      bs_scene_set_edge_points (scene, e, (BsScenePoint *) (void *) g_array_free (
                                  g_steal_pointer (&points), FALSE), n_points);
      edge->has_arrow = TRUE;
      edge->arrow_base = base;
      edge->arrow_tip = tip;
    }
}

/* --- the layout ------------------------------------------------------------------ */

void
bs_layered_layout_run (BsScene *scene)
{
  Packing p = { scene, bs_scene_get_n_nodes (scene), bs_scene_get_n_clusters (scene) };
  Adjacency adj;
  guint n_items = p.n + p.n_clusters + 1, n_ranks;
  g_autofree double *row_height = NULL, *row_top = NULL, *above = NULL, *below = NULL;
  double y, right = 0;

  g_return_if_fail (scene != NULL);

  adjacency_init (&adj, scene);
  ranks_init (&p.ranks, scene, &adj);
  adjacency_clear (&adj);
  p.items = g_new0 (Item, n_items);
  pack (&p);

  n_ranks = MAX (p.ranks.n_ranks, 1);
  row_height = g_new0 (double, n_ranks);
  row_top = g_new0 (double, n_ranks);
  above = g_new0 (double, n_ranks);
  below = g_new0 (double, n_ranks);
  for (guint i = 0; i < p.n; i++)
    row_height[p.ranks.rank[i]] = MAX (row_height[p.ranks.rank[i]],
                                       bs_scene_get_node (scene, i)->height);
  for (guint c = 0; c < p.n_clusters; c++)
    {
      const Item *item = &p.items[p.n + c];

      if (item->first_rank == G_MAXINT)
        continue;
      above[item->first_rank] = MAX (above[item->first_rank], item->top_room);
      below[item->last_rank] = MAX (below[item->last_rank], item->bottom_room);
    }
  y = bs_scene_get_top_margin (scene);
  for (guint r = 0; r < n_ranks; r++)
    {
      y += above[r];
      row_top[r] = y;
      y += row_height[r] + below[r] + RANK_GAP;
    }
  y -= RANK_GAP;

  for (guint i = 0; i < p.n; i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);
      int r = p.ranks.rank[i];

      node->x = p.items[i].x;
      node->y = row_top[r] + (row_height[r] - node->height) / 2;
      right = MAX (right, node->x + node->width);
    }
  for (guint c = 0; c < p.n_clusters; c++)
    {
      BsSceneCluster *cluster = bs_scene_get_cluster (scene, c);
      const Item *item = &p.items[p.n + c];

      cluster->x = item->x;
      cluster->width = item->width;
      if (item->first_rank == G_MAXINT)
        {
          cluster->y = bs_scene_get_top_margin (scene);
          cluster->height = title_height (cluster) + 2 * CLUSTER_PAD;
        }
      else
        {
          cluster->y = row_top[item->first_rank] - item->top_room;
          cluster->height = row_top[item->last_rank] + row_height[item->last_rank]
                            + item->bottom_room - cluster->y;
        }
      right = MAX (right, cluster->x + cluster->width);
      y = MAX (y, cluster->y + cluster->height);
    }
  route_edges (scene, &p.ranks, row_top, above, &right);
  bs_scene_set_laid_out (scene, right + BS_SCENE_MARGIN,
                         y + BS_SCENE_MARGIN + BS_SCENE_NOTE_HEIGHT);

  g_free (p.items);
  ranks_clear (&p.ranks);
}
