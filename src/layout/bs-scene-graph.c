/* bs-scene-graph.c: a scene as Graphviz's graph, made with libcgraph calls or written
 * as DOT text
 *
 * The DOT text lists every box in scene order (the order the trace made them, so the
 * same script gives the same picture), then the clusters that hold them, depth first,
 * then the edges in scene order. The graph made directly repeats what reading that
 * text does, call for call (only the sizes may come later): the same names in the same
 * order get the same ids, and dot's result depends on them.
 */
#define G_LOG_DOMAIN "bs-layout"

#include <math.h>

#include "bs-scene-graph.h"

typedef struct {
  const char *name;
  const char *value;
} Attribute;

static const Attribute graph_attributes[] = {
  { "rankdir", "TB" },
  { "nodesep", "0.25" },
  { "ranksep", "0.4" },
};

/* dot's effort bounded, for graphs above in-process size: the network simplex passes of
 * ranking and positioning stop after one iteration per node, the crossing minimisation
 * runs half its passes and gives up sooner, and is not run again at the end. */
static const Attribute bounded_attributes[] = {
  { "nslimit", "1" },
  { "nslimit1", "1" },
  { "mclimit", "0.5" },
  { "searchsize", "20" },
  { "remincross", "false" },
};

/* A row of shared boxes (bs_scene_set_shared_row()) ranked with the rest as one graph:
 * dot's ranking cluster by cluster would push the clusters far below it. */
static const Attribute row_attributes[] = {
  { "newrank", "true" },
};

static const Attribute node_defaults[] = {
  { "shape", "box" },
  { "fixedsize", "true" },
  { "label", "" },
};

/* A size in points as Graphviz's inches to six places; whole points, because dot rounds
 * to them. In integers: P/72 inches is P·125000/9 millionths, never halfway between two,
 * so rounding that is rounding the double P/72.0 as "%.6f" would (every P checked). */
static const char *
format_inches (char   *text,
               gsize   size,
               double  points)
{
  gint64 whole, millionths;

  if (!isfinite (points) || points <= 0)
    return "0.010000";   /* Graphviz's smallest box */
  whole = (gint64) MIN (ceil (points), BS_SCENE_GRAPH_MAX_SIZE);
  millionths = (2 * whole * 125000 + 9) / 18;
  g_snprintf (text, size, "%" G_GINT64_FORMAT ".%06" G_GINT64_FORMAT, millionths / 1000000,
              millionths % 1000000);
  return text;
}

/* The cluster's label: an empty HTML table of the title's size, so dot reserves its
 * room at the top of the cluster, where the renderer draws the title. */
static char *
cluster_label (const BsSceneCluster *cluster)
{
  double width = cluster->label_width, height = cluster->label_height;

  if (!isfinite (width) || width < 1)
    width = 1;
  if (!isfinite (height) || height <= 0)
    height = BS_SCENE_CLUSTER_LABEL_HEIGHT;
  return g_strdup_printf ("<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR>"
                          "<TD FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"%d\"></TD></TR>"
                          "</TABLE>", (int) MIN (ceil (width), 65535),
                          (int) MIN (ceil (height), 65535));
}

static void
cluster_name (char                 *name,
              gsize                 size,
              const BsSceneCluster *cluster)
{
  g_snprintf (name, size, "cluster_s%u", cluster->scope);
}

/* The scope whose cluster a node is drawn in, 0: none. */
static guint32
node_cluster_scope (BsScene           *scene,
                    const BsSceneNode *node)
{
  const BsTraceScope *scope;

  if (node->kind != BS_SCENE_NODE_CLUSTER)
    return node->scope;
  scope = bs_trace_get_scope (bs_scene_get_trace (scene), node->scope);
  return scope != NULL ? scope->parent : 0;
}

int *
bs_scene_graph_node_clusters (BsScene *scene)
{
  guint n_nodes = bs_scene_get_n_nodes (scene);
  int *clusters = g_new (int, MAX (n_nodes, 1));
  g_autoptr(GHashTable) scope_cluster = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    g_hash_table_insert (scope_cluster,
                         GUINT_TO_POINTER (bs_scene_get_cluster (scene, i)->scope),
                         GUINT_TO_POINTER (i + 1));
  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 scope = node_cluster_scope (scene, bs_scene_get_node (scene, i));

      clusters[i] = (int) GPOINTER_TO_UINT (g_hash_table_lookup (
                      scope_cluster, GUINT_TO_POINTER (scope))) - 1;
    }
  return clusters;
}

/* Per cluster, the indices of the nodes drawn directly in it, in scene order. */
static GPtrArray *
cluster_members (BsScene   *scene,
                 const int *clusters)
{
  guint n_clusters = bs_scene_get_n_clusters (scene);
  GPtrArray *members = g_ptr_array_new_full (n_clusters, (GDestroyNotify) g_array_unref);

  for (guint i = 0; i < n_clusters; i++)
    g_ptr_array_add (members, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (clusters[i] >= 0)
      g_array_append_val (g_ptr_array_index (members, clusters[i]), i);
  return members;
}

/* --- DOT text ---------------------------------------------------------------- */

static void
append_cluster (GString   *dot,
                BsScene   *scene,
                guint      index,
                GPtrArray *members,
                int        depth)
{
  const BsSceneCluster *cluster = bs_scene_get_cluster (scene, index);
  g_autofree char *label = cluster_label (cluster);
  GArray *nodes = g_ptr_array_index (members, index);
  char name[32];

  cluster_name (name, sizeof name, cluster);
  g_string_append_printf (dot, "%*ssubgraph %s {\n", 2 * depth, "", name);
  g_string_append_printf (dot, "%*slabel=<%s>;\n", 2 * depth + 2, "", label);
  for (guint i = 0; i < nodes->len; i++)
    g_string_append_printf (dot, "%*s%s;\n", 2 * depth + 2, "",
                            bs_scene_get_node (scene, g_array_index (nodes, guint, i))->name);
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    if (bs_scene_get_cluster (scene, i)->parent == (int) index)
      append_cluster (dot, scene, i, members, depth + 1);
  g_string_append_printf (dot, "%*s}\n", 2 * depth, "");
}

static void
append_attributes (GString         *dot,
                   const char      *kind,
                   const Attribute *attributes,
                   guint            n_attributes)
{
  g_string_append_printf (dot, "  %s [", kind);
  for (guint i = 0; i < n_attributes; i++)
    {
      gboolean empty = attributes[i].value[0] == '\0';

      g_string_append_printf (dot, "%s%s=%s%s%s", i > 0 ? ", " : "", attributes[i].name,
                              empty ? "\"" : "", attributes[i].value, empty ? "\"" : "");
    }
  g_string_append (dot, "];\n");
}

static int
compare_tensors (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  BsScene *scene = data;
  guint32 x = bs_scene_get_node (scene, *(const guint *) a)->tensor;
  guint32 y = bs_scene_get_node (scene, *(const guint *) b)->tensor;

  return x < y ? -1 : x > y;
}

/* The shared boxes in the order the run made their tensors, left to right in the row
 * (invisible edges between neighbours keep dot to it, bs-scene-places.h places them so). */
static guint
shared_row_order (BsScene  *scene,
                  guint   **row)
{
  guint n = 0;

  *row = g_new (guint, MAX (bs_scene_get_n_nodes (scene), 1));
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (bs_scene_node_is_shared (bs_scene_get_node (scene, i)))
      (*row)[n++] = i;
  g_qsort_with_data (*row, (gint) n, sizeof (guint), compare_tensors, scene);
  return n;
}

char *
bs_scene_graph_to_dot (BsScene *scene)
{
  return bs_scene_graph_to_dot_full (scene, FALSE);
}

char *
bs_scene_graph_to_dot_full (BsScene  *scene,
                            gboolean  bounded)
{
  g_autoptr(GString) dot = g_string_new ("digraph backstep {\n");
  g_autofree int *clusters = bs_scene_graph_node_clusters (scene);
  g_autoptr(GPtrArray) members = cluster_members (scene, clusters);

  append_attributes (dot, "graph", graph_attributes, G_N_ELEMENTS (graph_attributes));
  if (bounded)
    append_attributes (dot, "graph", bounded_attributes, G_N_ELEMENTS (bounded_attributes));
  if (bs_scene_get_shared_row (scene))
    append_attributes (dot, "graph", row_attributes, G_N_ELEMENTS (row_attributes));
  append_attributes (dot, "node", node_defaults, G_N_ELEMENTS (node_defaults));
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      char width[G_ASCII_DTOSTR_BUF_SIZE], height[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (dot, "  %s [width=%s, height=%s];\n", node->name,
                              format_inches (width, sizeof width, node->width),
                              format_inches (height, sizeof height, node->height));
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    if (bs_scene_get_cluster (scene, i)->parent < 0)
      append_cluster (dot, scene, i, members, 1);
  if (bs_scene_get_shared_row (scene))
    {
      g_autofree guint *row = NULL;
      guint n_row = shared_row_order (scene, &row);

      g_string_append (dot, "  subgraph shared {\n    rank=source;\n");
      for (guint i = 0; i < n_row; i++)
        g_string_append_printf (dot, "    %s;\n", bs_scene_get_node (scene, row[i])->name);
      for (guint i = 0; i + 1 < n_row; i++)
        g_string_append_printf (dot, "    %s -> %s [style=invis, id=o%u];\n",
                                bs_scene_get_node (scene, row[i])->name,
                                bs_scene_get_node (scene, row[i + 1])->name, i);
      g_string_append (dot, "  }\n");
    }
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      g_string_append_printf (dot, "  %s -> %s", bs_scene_get_node (scene, edge->from)->name,
                              bs_scene_get_node (scene, edge->to)->name);
      /* the id names the scene edge in dot's output; it changes nothing in the layout */
      if (bounded)
        g_string_append_printf (dot, " [id=e%u]", i);
      g_string_append (dot, ";\n");
    }
  g_string_append (dot, "}\n");
  return g_string_free (g_steal_pointer (&dot), FALSE);
}

/* --- the graph made directly ---------------------------------------------------- */

typedef struct {
  BsScene   *scene;
  GPtrArray *members;
} Builder;

static gboolean
add_cluster (BsSceneGraph *self,
             Builder      *builder,
             Agraph_t     *parent,
             guint         index)
{
  const BsSceneCluster *cluster = bs_scene_get_cluster (builder->scene, index);
  GArray *nodes = g_ptr_array_index (builder->members, index);
  Agraph_t *subgraph;
  char name[32];

  cluster_name (name, sizeof name, cluster);
  subgraph = agsubg (parent, name, TRUE);
  if (subgraph == NULL)
    return FALSE;
  self->clusters[index] = subgraph;
  for (guint i = 0; i < nodes->len; i++)
    if (agsubnode (subgraph, self->nodes[g_array_index (nodes, guint, i)], TRUE) == NULL)
      return FALSE;
  for (guint i = 0; i < bs_scene_get_n_clusters (builder->scene); i++)
    if (bs_scene_get_cluster (builder->scene, i)->parent == (int) index
        && !add_cluster (self, builder, subgraph, i))
      return FALSE;
  return TRUE;
}

/* The shared boxes alone on the top rank, as the text's "subgraph shared". */
static gboolean
add_shared_row (BsSceneGraph *self,
                BsScene      *scene)
{
  Agraph_t *row = agsubg (self->graph, (char *) "shared", TRUE);
  g_autofree guint *order = NULL;
  guint n_row = shared_row_order (scene, &order);
  Agsym_t *style;

  if (row == NULL)
    return FALSE;
  agattr (self->graph, AGRAPH, (char *) "rank", (char *) "");
  agset (row, (char *) "rank", (char *) "source");
  for (guint i = 0; i < n_row; i++)
    if (agsubnode (row, self->nodes[order[i]], TRUE) == NULL)
      return FALSE;
  style = agattr (self->graph, AGEDGE, (char *) "style", (char *) "");
  for (guint i = 0; i + 1 < n_row; i++)
    {
      Agedge_t *edge = agedge (row, self->nodes[order[i]], self->nodes[order[i + 1]], NULL,
                               TRUE);

      if (edge == NULL)
        return FALSE;
      agxset (edge, style, (char *) "invis");
    }
  return TRUE;
}

static void
declare_attributes (Agraph_t        *graph,
                    int              kind,
                    const Attribute *attributes,
                    guint            n_attributes)
{
  for (guint i = 0; i < n_attributes; i++)
    agattr (graph, kind, (char *) attributes[i].name, (char *) attributes[i].value);
}

BsSceneGraph *
bs_scene_graph_new_unsized (BsScene *scene)
{
  g_autoptr(BsSceneGraph) self = g_new0 (BsSceneGraph, 1);
  guint n_nodes = bs_scene_get_n_nodes (scene);
  guint n_clusters = bs_scene_get_n_clusters (scene);
  g_autofree int *clusters = bs_scene_graph_node_clusters (scene);
  g_autoptr(GPtrArray) members = cluster_members (scene, clusters);
  Builder builder = { scene, members };

  self->nodes = g_new0 (Agnode_t *, MAX (n_nodes, 1));
  self->edges = g_new0 (Agedge_t *, MAX (bs_scene_get_n_edges (scene), 1));
  self->clusters = g_new0 (Agraph_t *, MAX (n_clusters, 1));
  self->graph = agopen ("backstep", Agdirected, NULL);
  if (self->graph == NULL)
    return NULL;
  declare_attributes (self->graph, AGRAPH, graph_attributes, G_N_ELEMENTS (graph_attributes));
  if (bs_scene_get_shared_row (scene))
    declare_attributes (self->graph, AGRAPH, row_attributes, G_N_ELEMENTS (row_attributes));
  declare_attributes (self->graph, AGNODE, node_defaults, G_N_ELEMENTS (node_defaults));
  for (guint i = 0; i < n_nodes; i++)
    {
      self->nodes[i] = agnode (self->graph, (char *) bs_scene_get_node (scene, i)->name, TRUE);
      if (self->nodes[i] == NULL)
        return NULL;
      /* Declared where the text first names them, as reading it does. */
      if (i == 0)
        {
          self->width = agattr (self->graph, AGNODE, "width", "");
          self->height = agattr (self->graph, AGNODE, "height", "");
        }
    }

  if (n_clusters > 0)
    self->label = agattr (self->graph, AGRAPH, "label", "");
  for (guint i = 0; i < n_clusters; i++)
    if (bs_scene_get_cluster (scene, i)->parent < 0
        && !add_cluster (self, &builder, self->graph, i))
      return NULL;
  if (bs_scene_get_shared_row (scene) && !add_shared_row (self, scene))
    return NULL;

  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      self->edges[i] = agedge (self->graph, self->nodes[edge->from], self->nodes[edge->to],
                               NULL, TRUE);
      if (self->edges[i] == NULL)
        return NULL;
    }
  return g_steal_pointer (&self);
}

void
bs_scene_graph_set_sizes (BsSceneGraph *self,
                          BsScene      *scene)
{
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      agxset (self->nodes[i], self->width, (char *) format_inches (text, sizeof text, node->width));
      agxset (self->nodes[i], self->height,
              (char *) format_inches (text, sizeof text, node->height));
    }
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      g_autofree char *label = cluster_label (bs_scene_get_cluster (scene, i));
      char *html = agstrdup_html (self->graph, label);

      agxset (self->clusters[i], self->label, html);
      agstrfree (self->graph, html);
    }
}

BsSceneGraph *
bs_scene_graph_new (BsScene *scene)
{
  BsSceneGraph *self = bs_scene_graph_new_unsized (scene);

  if (self != NULL)
    bs_scene_graph_set_sizes (self, scene);
  return self;
}

void
bs_scene_graph_free (BsSceneGraph *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->graph, agclose);
  g_free (self->nodes);
  g_free (self->edges);
  g_free (self->clusters);
  g_free (self);
}
