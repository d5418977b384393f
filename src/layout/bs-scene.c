/* bs-scene.c: a trace's graph as boxes, edges and clusters */
#define G_LOG_DOMAIN "bs-layout"

#include "bs-scene-private.h"

/* A box before scopes are collapsed: every OP, LEAF and CONSTANT box of the trace. */
typedef struct {
  BsSceneNodeKind kind;
  guint32         tensor;
  guint32         node;       /* OP: its grad_fn (the box needs it to exist); LEAF: 0 or
                               * its AccumulateGrad */
  guint32         scope;
  int             next;       /* the next raw box showing the same tensor, -1: none */
  guint           index;      /* its scene node: its own, or its collapsed scope's box */
  gboolean        inplace;
} RawBox;

struct _BsScene {
  gint          ref_count;

  /* Owned */
  BsTrace      *trace;
  GArray       *nodes;          /* BsSceneNode */
  GArray       *edges;          /* BsSceneEdge */
  GArray       *clusters;       /* BsSceneCluster */
  GArray       *raw;            /* RawBox */
  guint        *member_start;   /* per scene node + 1: its first entry in members */
  guint        *members;        /* raw box indices grouped by scene node */
  guint32      *collapsed;
  guint         n_collapsed;
  GStringChunk *names;
  int          *node_raw;       /* per trace node id: its raw box, -1: none */
  int          *tensor_raw;     /* per trace tensor id: its first raw box, -1: none */
  guint        *slot_start;     /* per trace node id: its first entry in slots */
  GArray       *slots;          /* int per (node, input_nr): its edge, -1: none */

  /* Borrowed, while the scene is built: only what is alive in it is a box (NULL: all). */
  const BsTraceState *live;

  guint32       n_trace_nodes;
  guint32       n_trace_tensors;
  double        width;
  double        height;
  BsScenePoint  origin;       /* the run's frame's (0, 0) (bs_scene_get_origin()) */
  gboolean      shared_row;
  double        top_margin;   /* bs_scene_get_top_margin(), 0: BS_SCENE_MARGIN */
  gboolean      laid_out;
  guint64       revision;     /* bs_scene_get_revision() */
  char         *layout_note;  /* Owned: NULL when dot laid it out as asked */
  BsScene      *strings;      /* Owned: the scene whose names a copy's point to, or NULL */
};

#define NO_SLOTS G_MAXUINT

static inline RawBox *
raw_box (BsScene *self,
         int      index)
{
  return &g_array_index (self->raw, RawBox, index);
}

static gboolean
raw_visible (BsScene            *self,
             guint               index,
             const BsTraceState *state)
{
  const RawBox *box = raw_box (self, index);

  if (state == NULL)
    return TRUE;
  return box->tensor <= state->n_tensors
         && (box->kind != BS_SCENE_NODE_OP || box->node <= state->n_nodes);
}

static int
add_raw (BsScene         *self,
         int             *tensor_last,
         BsSceneNodeKind  kind,
         guint32          tensor,
         guint32          node,
         guint32          scope,
         gboolean         inplace)
{
  RawBox box = { kind, tensor, node, scope, -1, 0, inplace };
  int index = (int) self->raw->len;

  g_array_append_val (self->raw, box);
  if (tensor_last[tensor] >= 0)
    raw_box (self, tensor_last[tensor])->next = index;
  else
    self->tensor_raw[tensor] = index;
  tensor_last[tensor] = index;
  if (kind == BS_SCENE_NODE_OP)
    self->node_raw[node] = index;
  return index;
}

/* Which tensors are inputs of graph ops without requiring grad: the CONSTANT boxes. */
static guint8 *
find_constants (BsScene      *self,
                const guint8 *is_inplace)
{
  BsTrace *trace = self->trace;
  guint8 *used = g_new0 (guint8, self->n_trace_tensors + 1);

  for (guint32 n = 1; n <= self->n_trace_nodes; n++)
    {
      const BsTraceNode *node = bs_trace_get_node (trace, n);
      const BsTraceTensor *output;
      const guint32 *next, *inputs;

      if (node->is_accumulate || node->tensor == 0 || node->tensor > self->n_trace_tensors)
        continue;
      if (self->live != NULL && !bs_trace_state_node_alive (self->live, n))
        continue;
      next = bs_trace_get_list (trace, node->next);
      output = bs_trace_get_tensor (trace, node->tensor);
      inputs = bs_trace_get_list (trace, output->inputs);
      for (guint i = 0; i < node->n_next; i++)
        {
          if (next[2 * i] != 0)
            continue;
          /* An in-place op's own tensor is its input 0; its other inputs are not known. */
          if (is_inplace[n])
            {
              if (i == 0)
                used[node->tensor] = TRUE;
            }
          else if (output->n_inputs == node->n_next && inputs[i] <= self->n_trace_tensors)
            used[inputs[i]] = TRUE;
        }
    }
  used[0] = FALSE;
  return used;
}

static gboolean
live_node (BsScene *self,
           guint32  node)
{
  return self->live == NULL || bs_trace_state_node_alive (self->live, node);
}

/* The raw boxes in the order their tensors and nodes appear in the trace. */
static void
find_boxes (BsScene *self)
{
  BsTrace *trace = self->trace;
  guint32 n_tensors = self->n_trace_tensors, n_nodes = self->n_trace_nodes;
  guint64 n_events = bs_trace_get_n_events (trace);
  g_autofree guint32 *accumulator = g_new0 (guint32, n_tensors + 1);
  g_autofree guint8 *is_inplace = g_new0 (guint8, n_nodes + 1);
  g_autofree int *tensor_last = g_new (int, n_tensors + 1);
  g_autofree guint8 *used = NULL;

  for (guint32 t = 0; t <= n_tensors; t++)
    tensor_last[t] = -1;
  for (guint32 n = 1; n <= n_nodes; n++)
    {
      const BsTraceNode *node = bs_trace_get_node (trace, n);

      if (node->is_accumulate && node->tensor <= n_tensors && accumulator[node->tensor] == 0)
        accumulator[node->tensor] = n;
    }
  for (guint64 e = 0; e < n_events; e++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, e);

      if (event->type == BS_TRACE_EVENT_INPLACE && event->node <= n_nodes)
        is_inplace[event->node] = TRUE;
    }
  used = find_constants (self, is_inplace);

  for (guint64 e = 0; e < n_events; e++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, e);
      const BsTraceTensor *tensor;
      const BsTraceNode *node;

      if ((event->type != BS_TRACE_EVENT_TENSOR && event->type != BS_TRACE_EVENT_INPLACE)
          || event->tensor == 0 || event->tensor > n_tensors || event->node > n_nodes)
        continue;
      if (self->live != NULL && event->tensor > self->live->n_tensors)
        continue;
      tensor = bs_trace_get_tensor (trace, event->tensor);
      if (event->type == BS_TRACE_EVENT_INPLACE)
        {
          node = bs_trace_get_node (trace, event->node);
          if (node != NULL && !node->is_accumulate && self->node_raw[event->node] < 0
              && live_node (self, event->node))
            add_raw (self, tensor_last, BS_SCENE_NODE_OP, event->tensor, event->node,
                     node->scope, TRUE);
          continue;
        }
      if (self->tensor_raw[event->tensor] >= 0)
        continue;
      node = bs_trace_get_node (trace, tensor->grad_fn);
      if (node != NULL && !node->is_accumulate)
        {
          /* A second output of a node shows in the box of its first. */
          if (self->node_raw[tensor->grad_fn] < 0 && node->tensor == event->tensor
              && live_node (self, tensor->grad_fn))
            add_raw (self, tensor_last, BS_SCENE_NODE_OP, event->tensor, tensor->grad_fn,
                     node->scope, FALSE);
        }
      else if ((tensor->requires_grad || accumulator[event->tensor] != 0)
               && (self->live == NULL
                   || bs_trace_state_tensor_alive (self->live, event->tensor)
                   || used[event->tensor]))
        add_raw (self, tensor_last, BS_SCENE_NODE_LEAF, event->tensor,
                 accumulator[event->tensor], tensor->scope, FALSE);
      else if (used[event->tensor] && !tensor->is_wrapped_number)
        add_raw (self, tensor_last, BS_SCENE_NODE_CONSTANT, event->tensor, 0, tensor->scope,
                 FALSE);
    }

  /* Gradients flow into a leaf's box through any of its AccumulateGrad nodes. */
  for (guint32 n = 1; n <= n_nodes; n++)
    {
      const BsTraceNode *node = bs_trace_get_node (trace, n);
      int leaf;

      if (!node->is_accumulate || node->tensor == 0 || node->tensor > n_tensors)
        continue;
      leaf = self->tensor_raw[node->tensor];
      if (leaf >= 0 && raw_box (self, leaf)->kind == BS_SCENE_NODE_LEAF)
        self->node_raw[n] = leaf;
    }
}

static guint32
scope_parent (BsScene *self,
              guint32  scope)
{
  const BsTraceScope *record = bs_trace_get_scope (self->trace, scope);

  return record != NULL ? record->parent : 0;
}

/* The outermost collapsed scope among scope and its parents, 0: none. */
static guint32
collapsed_ancestor (BsScene      *self,
                    const guint8 *is_collapsed,
                    guint32       scope)
{
  guint32 found = 0;

  for (; scope != 0; scope = scope_parent (self, scope))
    if (is_collapsed[scope])
      found = scope;
  return found;
}

static guint
append_node (BsScene         *self,
             BsSceneNodeKind  kind,
             guint32          tensor,
             guint32          node,
             guint32          scope)
{
  BsSceneNode item = { .kind = kind, .tensor = tensor, .node = node, .scope = scope };
  char name[32];

  if (kind == BS_SCENE_NODE_CLUSTER)
    g_snprintf (name, sizeof name, "s%u", scope);
  else if (kind == BS_SCENE_NODE_OP)
    g_snprintf (name, sizeof name, "n%u", node);
  else
    g_snprintf (name, sizeof name, "t%u", tensor);
  item.name = g_string_chunk_insert (self->names, name);
  g_array_append_val (self->nodes, item);
  return self->nodes->len - 1;
}

/* Scene nodes from raw boxes (a collapsed scope's box where its first member was), the
 * members of each, and the clusters of the expanded scopes that hold any node. */
static void
collapse (BsScene *self)
{
  guint32 n_scopes = bs_trace_get_n_scopes (self->trace);
  g_autofree guint8 *is_collapsed = g_new0 (guint8, n_scopes + 1);
  g_autofree guint8 *shown = g_new0 (guint8, n_scopes + 1);
  g_autofree int *scope_box = g_new (int, n_scopes + 1);
  g_autofree int *scope_cluster = g_new (int, n_scopes + 1);
  g_autofree guint *fill = NULL;
  guint n_raw = self->raw->len;

  for (guint32 s = 0; s <= n_scopes; s++)
    scope_box[s] = scope_cluster[s] = -1;
  for (guint i = 0; i < self->n_collapsed; i++)
    if (self->collapsed[i] != 0 && self->collapsed[i] <= n_scopes)
      is_collapsed[self->collapsed[i]] = TRUE;

  for (guint r = 0; r < n_raw; r++)
    {
      RawBox *box = raw_box (self, (int) r);
      guint32 scope = box->scope <= n_scopes ? box->scope : 0;
      guint32 outer = collapsed_ancestor (self, is_collapsed, scope);

      if (outer == 0)
        box->index = append_node (self, box->kind, box->tensor,
                                  box->kind == BS_SCENE_NODE_CONSTANT ? 0 : box->node, scope);
      else
        {
          if (scope_box[outer] < 0)
            scope_box[outer] = (int) append_node (self, BS_SCENE_NODE_CLUSTER, 0, 0, outer);
          box->index = (guint) scope_box[outer];
        }
    }

  /* Members grouped by scene node: a counting sort keeps them in trace order. */
  self->member_start = g_new0 (guint, self->nodes->len + 1);
  self->members = g_new (guint, MAX (n_raw, 1));
  fill = g_new0 (guint, self->nodes->len + 1);
  for (guint r = 0; r < n_raw; r++)
    self->member_start[raw_box (self, (int) r)->index + 1]++;
  for (guint i = 0; i < self->nodes->len; i++)
    self->member_start[i + 1] += self->member_start[i];
  for (guint r = 0; r < n_raw; r++)
    {
      guint index = raw_box (self, (int) r)->index;

      self->members[self->member_start[index] + fill[index]++] = r;
    }

  /* Expanded scopes that contain a node, with their enclosing scopes. */
  for (guint i = 0; i < self->nodes->len; i++)
    {
      const BsSceneNode *node = &g_array_index (self->nodes, BsSceneNode, i);
      guint32 scope = node->kind == BS_SCENE_NODE_CLUSTER ? scope_parent (self, node->scope)
                                                          : node->scope;

      for (; scope != 0 && scope <= n_scopes && !shown[scope]; scope = scope_parent (self, scope))
        shown[scope] = TRUE;
    }
  for (guint32 s = 1; s <= n_scopes; s++)
    {
      const BsTraceScope *record = bs_trace_get_scope (self->trace, s);
      BsSceneCluster cluster = { .scope = s, .parent = -1 };

      if (!shown[s])
        continue;
      cluster.label = bs_trace_get_string (self->trace, record->label);
      if (cluster.label == NULL)
        cluster.label = "";
      scope_cluster[s] = (int) self->clusters->len;
      g_array_append_val (self->clusters, cluster);
    }
  for (guint i = 0; i < self->clusters->len; i++)
    {
      BsSceneCluster *cluster = &g_array_index (self->clusters, BsSceneCluster, i);
      guint32 parent = scope_parent (self, cluster->scope);

      if (parent != 0 && parent <= n_scopes)
        cluster->parent = scope_cluster[parent];
    }
}

static guint64
pair_key (guint from,
          guint to)
{
  return ((guint64) from << 32) | to;
}

/* An edge per input of every OP box; a collapsed scope's internal edges are dropped and
 * its parallel ones merged. */
static void
add_edges (BsScene *self)
{
  BsTrace *trace = self->trace;
  g_autoptr(GHashTable) merged = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                        NULL);

  for (guint r = 0; r < self->raw->len; r++)
    {
      const RawBox *box = raw_box (self, (int) r);
      const BsTraceNode *node;
      const BsTraceTensor *output;
      const guint32 *next, *inputs;
      int prior = -1;

      if (box->kind != BS_SCENE_NODE_OP)
        continue;
      node = bs_trace_get_node (trace, box->node);
      output = bs_trace_get_tensor (trace, box->tensor);
      next = bs_trace_get_list (trace, node->next);
      inputs = bs_trace_get_list (trace, output->inputs);
      if (box->inplace)
        for (int p = self->tensor_raw[box->tensor]; p >= 0 && p != (int) r;
             p = raw_box (self, p)->next)
          prior = p;

      self->slot_start[box->node] = self->slots->len;
      for (guint i = 0; i < node->n_next; i++)
        {
          guint32 source = next[2 * i];
          int from = -1, edge = -1;

          if (source != 0)
            from = source <= self->n_trace_nodes ? self->node_raw[source] : -1;
          else if (box->inplace)
            from = i == 0 ? prior : -1;
          else if (output->n_inputs == node->n_next && inputs[i] != 0
                   && inputs[i] <= self->n_trace_tensors)
            from = self->tensor_raw[inputs[i]];

          if (from >= 0 && raw_box (self, from)->index != box->index)
            {
              guint tail = raw_box (self, from)->index, head = box->index;
              gboolean is_merged = g_array_index (self->nodes, BsSceneNode, tail).kind
                                   == BS_SCENE_NODE_CLUSTER
                                   || g_array_index (self->nodes, BsSceneNode, head).kind
                                      == BS_SCENE_NODE_CLUSTER;
              guint64 key = pair_key (tail, head);
              gpointer found = NULL;

              if (is_merged && g_hash_table_lookup_extended (merged, &key, NULL, &found))
                edge = GPOINTER_TO_INT (found);
              else
                {
                  BsSceneEdge item = { .from = tail, .to = head, .input_nr = (guint16) i };

                  edge = (int) self->edges->len;
                  g_array_append_val (self->edges, item);
                  if (is_merged)
                    g_hash_table_insert (merged, g_memdup2 (&key, sizeof key),
                                         GINT_TO_POINTER (edge));
                }
            }
          g_array_append_val (self->slots, edge);
        }
    }
}

BsScene *
bs_scene_new_for_trace (BsTrace       *trace,
                        const guint32 *collapsed_scopes,
                        guint          n_collapsed)
{
  return bs_scene_new_live (trace, NULL, collapsed_scopes, n_collapsed);
}

BsScene *
bs_scene_new_live (BsTrace            *trace,
                   const BsTraceState *alive,
                   const guint32      *collapsed_scopes,
                   guint               n_collapsed)
{
  BsScene *self;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (collapsed_scopes != NULL || n_collapsed == 0, NULL);

  self = g_new0 (BsScene, 1);
  self->ref_count = 1;
  self->trace = bs_trace_ref (trace);
  self->nodes = g_array_new (FALSE, TRUE, sizeof (BsSceneNode));
  self->edges = g_array_new (FALSE, TRUE, sizeof (BsSceneEdge));
  self->clusters = g_array_new (FALSE, TRUE, sizeof (BsSceneCluster));
  self->raw = g_array_new (FALSE, TRUE, sizeof (RawBox));
  self->slots = g_array_new (FALSE, FALSE, sizeof (int));
  self->names = g_string_chunk_new (1024);
  self->collapsed = g_memdup2 (collapsed_scopes, n_collapsed * sizeof (guint32));
  self->n_collapsed = n_collapsed;
  self->n_trace_nodes = bs_trace_get_n_nodes (trace);
  self->n_trace_tensors = bs_trace_get_n_tensors (trace);
  self->node_raw = g_new (int, self->n_trace_nodes + 1);
  self->slot_start = g_new (guint, self->n_trace_nodes + 1);
  self->tensor_raw = g_new (int, self->n_trace_tensors + 1);
  for (guint32 n = 0; n <= self->n_trace_nodes; n++)
    {
      self->node_raw[n] = -1;
      self->slot_start[n] = NO_SLOTS;
    }
  for (guint32 t = 0; t <= self->n_trace_tensors; t++)
    self->tensor_raw[t] = -1;

  self->live = alive;
  find_boxes (self);
  self->live = NULL;
  collapse (self);
  add_edges (self);
  return self;
}

BsScene *
bs_scene_ref (BsScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
bs_scene_unref (BsScene *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  for (guint i = 0; i < self->edges->len; i++)
    g_free (g_array_index (self->edges, BsSceneEdge, i).points);
  g_array_unref (self->nodes);
  g_array_unref (self->edges);
  g_array_unref (self->clusters);
  g_array_unref (self->raw);
  g_array_unref (self->slots);
  g_string_chunk_free (self->names);
  g_free (self->member_start);
  g_free (self->members);
  g_free (self->collapsed);
  g_free (self->node_raw);
  g_free (self->slot_start);
  g_free (self->tensor_raw);
  g_free (self->layout_note);
  bs_scene_unref (self->strings);
  bs_trace_unref (self->trace);
  g_free (self);
}

BsScene *
bs_scene_copy (BsScene *self)
{
  BsScene *copy;

  g_return_val_if_fail (self != NULL, NULL);
  copy = g_memdup2 (self, sizeof *self);
  copy->ref_count = 1;
  bs_trace_ref (copy->trace);
  copy->nodes = g_array_copy (self->nodes);
  copy->edges = g_array_copy (self->edges);
  for (guint i = 0; i < copy->edges->len; i++)
    {
      BsSceneEdge *edge = &g_array_index (copy->edges, BsSceneEdge, i);

      edge->points = g_memdup2 (edge->points, edge->n_points * sizeof (BsScenePoint));
    }
  copy->clusters = g_array_copy (self->clusters);
  copy->raw = g_array_copy (self->raw);
  copy->slots = g_array_copy (self->slots);
  copy->names = g_string_chunk_new (16);
  copy->strings = bs_scene_ref (self->strings != NULL ? self->strings : self);
  copy->member_start = g_memdup2 (self->member_start, (self->nodes->len + 1) * sizeof (guint));
  copy->members = g_memdup2 (self->members, MAX (self->raw->len, 1) * sizeof (guint));
  copy->collapsed = g_memdup2 (self->collapsed, self->n_collapsed * sizeof (guint32));
  copy->node_raw = g_memdup2 (self->node_raw, (self->n_trace_nodes + 1) * sizeof (int));
  copy->slot_start = g_memdup2 (self->slot_start, (self->n_trace_nodes + 1) * sizeof (guint));
  copy->tensor_raw = g_memdup2 (self->tensor_raw, (self->n_trace_tensors + 1) * sizeof (int));
  copy->layout_note = g_strdup (self->layout_note);
  return copy;
}

BsTrace *
bs_scene_get_trace (BsScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

guint
bs_scene_get_n_nodes (BsScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nodes->len;
}

BsSceneNode *
bs_scene_get_node (BsScene *self,
                   guint    index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->nodes->len, NULL);
  return &g_array_index (self->nodes, BsSceneNode, index);
}

guint
bs_scene_get_n_edges (BsScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->edges->len;
}

BsSceneEdge *
bs_scene_get_edge (BsScene *self,
                   guint    index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->edges->len, NULL);
  return &g_array_index (self->edges, BsSceneEdge, index);
}

guint
bs_scene_get_n_clusters (BsScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clusters->len;
}

BsSceneCluster *
bs_scene_get_cluster (BsScene *self,
                      guint    index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->clusters->len, NULL);
  return &g_array_index (self->clusters, BsSceneCluster, index);
}

const guint32 *
bs_scene_get_collapsed (BsScene *self,
                        guint   *n_collapsed)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (n_collapsed != NULL)
    *n_collapsed = self->n_collapsed;
  return self->collapsed;
}

int
bs_scene_find_node (BsScene *self,
                    guint32  trace_node)
{
  g_return_val_if_fail (self != NULL, -1);
  if (trace_node == 0 || trace_node > self->n_trace_nodes || self->node_raw[trace_node] < 0)
    return -1;
  return (int) raw_box (self, self->node_raw[trace_node])->index;
}

int
bs_scene_find_tensor (BsScene            *self,
                      guint32             tensor,
                      const BsTraceState *state)
{
  const BsTraceTensor *record;
  int found = -1;

  g_return_val_if_fail (self != NULL, -1);
  if (tensor == 0 || tensor > self->n_trace_tensors)
    return -1;
  if (state != NULL && tensor > state->n_tensors)
    return -1;
  for (int r = self->tensor_raw[tensor]; r >= 0; r = raw_box (self, r)->next)
    if (raw_visible (self, (guint) r, state))
      found = r;
  if (found >= 0)
    return (int) raw_box (self, found)->index;

  /* A node's second output shows in its first output's box. */
  record = bs_trace_get_tensor (self->trace, tensor);
  if (self->tensor_raw[tensor] < 0 && record->grad_fn != 0)
    {
      int index = bs_scene_find_node (self, record->grad_fn);

      if (index >= 0 && (state == NULL || bs_scene_node_visible (self, (guint) index, state)))
        return index;
    }
  return -1;
}

int
bs_scene_find_edge (BsScene *self,
                    guint32  trace_node,
                    guint16  input_nr)
{
  const BsTraceNode *node;

  g_return_val_if_fail (self != NULL, -1);
  if (trace_node == 0 || trace_node > self->n_trace_nodes
      || self->slot_start[trace_node] == NO_SLOTS)
    return -1;
  node = bs_trace_get_node (self->trace, trace_node);
  if (input_nr >= node->n_next)
    return -1;
  return g_array_index (self->slots, int, self->slot_start[trace_node] + input_nr);
}

gboolean
bs_scene_node_visible (BsScene            *self,
                       guint               index,
                       const BsTraceState *state)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->nodes->len, FALSE);
  for (guint m = self->member_start[index]; m < self->member_start[index + 1]; m++)
    if (raw_visible (self, self->members[m], state))
      return TRUE;
  return FALSE;
}

gboolean
bs_scene_edge_visible (BsScene            *self,
                       guint               index,
                       const BsTraceState *state)
{
  const BsSceneEdge *edge;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->edges->len, FALSE);
  edge = &g_array_index (self->edges, BsSceneEdge, index);
  return bs_scene_node_visible (self, edge->from, state)
         && bs_scene_node_visible (self, edge->to, state);
}

void
bs_scene_get_size (BsScene *self,
                   double  *width,
                   double  *height)
{
  g_return_if_fail (self != NULL);
  if (width != NULL)
    *width = self->laid_out ? self->width : 0;
  if (height != NULL)
    *height = self->laid_out ? self->height : 0;
}

gboolean
bs_scene_node_is_shared (const BsSceneNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);
  return (node->kind == BS_SCENE_NODE_LEAF || node->kind == BS_SCENE_NODE_CONSTANT)
         && node->scope == 0 && node->tensor != 0;
}

void
bs_scene_set_shared_row (BsScene  *self,
                         gboolean  shared_row)
{
  g_return_if_fail (self != NULL);
  self->shared_row = shared_row;
}

gboolean
bs_scene_get_shared_row (BsScene *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->shared_row;
}

void
bs_scene_set_top_margin (BsScene *self,
                         double   top_margin)
{
  g_return_if_fail (self != NULL);
  self->top_margin = top_margin;
}

double
bs_scene_get_top_margin (BsScene *self)
{
  g_return_val_if_fail (self != NULL, BS_SCENE_MARGIN);
  return MAX (self->top_margin, BS_SCENE_MARGIN);
}

void
bs_scene_get_origin (BsScene      *self,
                     BsScenePoint *origin)
{
  g_return_if_fail (self != NULL && origin != NULL);
  *origin = self->origin;
}

void
bs_scene_set_origin (BsScene      *self,
                     BsScenePoint  origin)
{
  g_return_if_fail (self != NULL);
  self->origin = origin;
  self->revision++;
}

gboolean
bs_scene_is_laid_out (BsScene *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->laid_out;
}

void
bs_scene_set_edge_points (BsScene      *self,
                          guint         index,
                          BsScenePoint *points,
                          guint         n_points)
{
  BsSceneEdge *edge;

  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->edges->len);
  edge = &g_array_index (self->edges, BsSceneEdge, index);
  g_free (edge->points);
  edge->points = points;
  edge->n_points = points != NULL ? n_points : 0;
  self->revision++;
}

void
bs_scene_set_laid_out (BsScene *self,
                       double   width,
                       double   height)
{
  g_return_if_fail (self != NULL);
  self->width = width;
  self->height = height;
  self->laid_out = TRUE;
  self->revision++;
}

guint64
bs_scene_get_revision (BsScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->revision;
}

void
bs_scene_moved (BsScene *self)
{
  g_return_if_fail (self != NULL);
  self->revision++;
}

const char *
bs_scene_get_layout_note (BsScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->layout_note;
}

void
bs_scene_set_layout_note (BsScene    *self,
                          const char *note)
{
  g_free (self->layout_note);
  self->layout_note = g_strdup (note);
}

void
bs_scene_curve_add (GArray       *points,
                    BsScenePoint  q,
                    gboolean      starts_piece)
{
  if (starts_piece && points->len > 0)
    {
      BsScenePoint last = g_array_index (points, BsScenePoint, points->len - 1);

      if (last.x == q.x && last.y == q.y)
        return;
      g_array_append_val (points, last);
      g_array_append_val (points, q);
    }
  g_array_append_val (points, q);
}

char *
bs_scene_shape_key (BsScene *self)
{
  guint32 n_scopes;
  g_autofree int *scope_cluster = NULL;
  GString *key;

  g_return_val_if_fail (self != NULL, NULL);
  n_scopes = bs_trace_get_n_scopes (self->trace);
  scope_cluster = g_new (int, n_scopes + 1);
  for (guint32 s = 0; s <= n_scopes; s++)
    scope_cluster[s] = -1;
  key = g_string_new (NULL);
  for (guint i = 0; i < self->clusters->len; i++)
    {
      const BsSceneCluster *cluster = &g_array_index (self->clusters, BsSceneCluster, i);

      if (cluster->scope <= n_scopes)
        scope_cluster[cluster->scope] = (int) i;
      g_string_append_printf (key, "c%d;", cluster->parent);
    }
  for (guint i = 0; i < self->nodes->len; i++)
    {
      const BsSceneNode *node = &g_array_index (self->nodes, BsSceneNode, i);
      const BsTraceTensor *tensor = node->tensor != 0
                                    ? bs_trace_get_tensor (self->trace, node->tensor) : NULL;
      const BsTraceNode *op = node->kind == BS_SCENE_NODE_OP
                              ? bs_trace_get_node (self->trace, node->node) : NULL;
      guint32 scope = node->kind == BS_SCENE_NODE_CLUSTER ? scope_parent (self, node->scope)
                                                          : node->scope;

      /* the op's name, not its string id: another run of the script (live mode) can
       * number its strings otherwise */
      g_string_append_printf (key, "n%d:%s:%d", (int) node->kind,
                              op != NULL ? bs_trace_get_string (self->trace, op->name) : "",
                              scope <= n_scopes ? scope_cluster[scope] : -1);
      if (tensor != NULL)
        for (int d = 0; d < tensor->ndim; d++)
          g_string_append_printf (key, ",%" G_GINT64_FORMAT, tensor->shape[d]);
      g_string_append_c (key, ';');
    }
  for (guint i = 0; i < self->edges->len; i++)
    {
      const BsSceneEdge *edge = &g_array_index (self->edges, BsSceneEdge, i);

      g_string_append_printf (key, "e%u>%u:%u;", edge->from, edge->to, edge->input_nr);
    }
  return g_string_free (key, FALSE);
}

void
bs_scene_copy_layout (BsScene *self,
                      BsScene *from)
{
  g_return_if_fail (self != NULL && from != NULL);
  g_return_if_fail (from->laid_out);
  g_return_if_fail (self->nodes->len == from->nodes->len
                    && self->edges->len == from->edges->len
                    && self->clusters->len == from->clusters->len);

  for (guint i = 0; i < self->nodes->len; i++)
    {
      BsSceneNode *node = &g_array_index (self->nodes, BsSceneNode, i);
      const BsSceneNode *old = &g_array_index (from->nodes, BsSceneNode, i);

      node->x = old->x + (old->width - node->width) / 2;
      node->y = old->y + (old->height - node->height) / 2;
    }
  for (guint i = 0; i < self->edges->len; i++)
    {
      BsSceneEdge *edge = &g_array_index (self->edges, BsSceneEdge, i);
      const BsSceneEdge *old = &g_array_index (from->edges, BsSceneEdge, i);

      bs_scene_set_edge_points (self, i, old->points != NULL
                                ? g_memdup2 (old->points, old->n_points * sizeof (BsScenePoint))
                                : NULL, old->n_points);
      edge->has_arrow = old->has_arrow;
      edge->arrow_base = old->arrow_base;
      edge->arrow_tip = old->arrow_tip;
    }
  for (guint i = 0; i < self->clusters->len; i++)
    {
      BsSceneCluster *cluster = &g_array_index (self->clusters, BsSceneCluster, i);
      const BsSceneCluster *old = &g_array_index (from->clusters, BsSceneCluster, i);

      cluster->x = old->x;
      cluster->y = old->y;
      cluster->width = old->width;
      cluster->height = old->height;
    }
  bs_scene_set_layout_note (self, from->layout_note);
  self->origin = from->origin;
  bs_scene_set_laid_out (self, from->width, from->height);
}
