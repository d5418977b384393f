/* bs-layout.c: Graphviz dot on its own thread, scene in, positions out
 *
 * libcgraph and libgvc keep process globals (the error handler, the string and
 * id dictionaries' statics, the plugin tables), so every Graphviz call of the
 * process happens on one worker thread, shared by all BsLayout objects and
 * stopped with the last of them. Requests queue on it; each reads the scene's DOT
 * text into an Agraph_t (so `dot` on bs_layout_to_dot's text draws the same picture),
 * lays it out, copies the positions into the scene and closes the graph.
 */
#define G_LOG_DOMAIN "bs-layout"

#include <math.h>

#include <gvc.h>

#include "bs-layout.h"
#include "bs-scene-private.h"

G_DEFINE_QUARK (bs-layout-error-quark, bs_layout_error)

/* Room around the drawing, in points. */
#define SCENE_MARGIN 16.0
/* Graphviz's smallest box, 0.01 inch. */
#define MIN_SIZE 0.72
/* Sizes beyond this make dot's integer coordinates overflow (about 30 m). */
#define MAX_SIZE 1e6

typedef enum {
  REQUEST_LAYOUT,
  REQUEST_QUIT,
} RequestKind;

typedef struct {
  RequestKind   kind;
  BsScene      *scene;      /* Owned */
  GTask        *task;       /* Owned: an asynchronous layout's, else NULL */

  /* A synchronous request's answer, under mutex */
  GMutex        mutex;
  GCond         cond;
  gboolean      done;
  gboolean      ok;
  GError       *error;
} Request;

typedef struct {
  gint          ref_count;
  GThread      *thread;
  GAsyncQueue  *queue;      /* Request * */
  GVC_t        *gvc;        /* the worker thread's own */
} Worker;

struct _BsLayout {
  Worker *worker;           /* Owned: a reference to the process's worker */
};

static void
free_messages (gpointer data)
{
  g_string_free (data, TRUE);
}

/* Graphviz's error handler takes no user data: the worker thread's messages go to a
 * buffer private to that thread. */
static GPrivate graphviz_messages = G_PRIVATE_INIT (free_messages);

/* The process's worker, started by the first BsLayout and stopped with the last. */
static GMutex worker_lock;
static Worker *shared_worker;

static GString *
messages (void)
{
  GString *buffer = g_private_get (&graphviz_messages);

  if (buffer == NULL)
    {
      buffer = g_string_new (NULL);
      g_private_set (&graphviz_messages, buffer);
    }
  return buffer;
}

static int
collect_message (char *text)
{
  g_string_append (messages (), text);
  return 0;
}

/* --- the graph as DOT ------------------------------------------------------ */

/* A size in points as Graphviz's inches; whole points, because dot rounds to them. */
static void
append_inches (GString    *dot,
               const char *name,
               double      points)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  points = isfinite (points) ? CLAMP (ceil (points), MIN_SIZE, MAX_SIZE) : MIN_SIZE;
  g_string_append_printf (dot, "%s=%s", name,
                          g_ascii_formatd (text, sizeof text, "%.6f", points / 72.0));
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

/* A cluster, its members and its nested clusters. The label is an empty HTML table of
 * the title's size: dot reserves its room at the top of the cluster, and the renderer
 * draws the title there. */
static void
append_cluster (GString   *dot,
                BsScene   *scene,
                guint      index,
                GPtrArray *members,
                int        depth)
{
  const BsSceneCluster *cluster = bs_scene_get_cluster (scene, index);
  double width = cluster->label_width, height = cluster->label_height;
  GPtrArray *names = g_ptr_array_index (members, index);

  if (!isfinite (width) || width < 1)
    width = 1;
  if (!isfinite (height) || height <= 0)
    height = BS_SCENE_CLUSTER_LABEL_HEIGHT;
  g_string_append_printf (dot, "%*ssubgraph cluster_s%u {\n", 2 * depth, "", cluster->scope);
  g_string_append_printf (dot, "%*slabel=<<TABLE BORDER=\"0\" CELLPADDING=\"0\" "
                          "CELLSPACING=\"0\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" "
                          "HEIGHT=\"%d\"></TD></TR></TABLE>>;\n", 2 * depth + 2, "",
                          (int) MIN (ceil (width), 65535), (int) MIN (ceil (height), 65535));
  for (guint i = 0; names != NULL && i < names->len; i++)
    g_string_append_printf (dot, "%*s%s;\n", 2 * depth + 2, "",
                            (const char *) g_ptr_array_index (names, i));
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    if (bs_scene_get_cluster (scene, i)->parent == (int) index)
      append_cluster (dot, scene, i, members, depth + 1);
  g_string_append_printf (dot, "%*s}\n", 2 * depth, "");
}

/* The scene as the DOT text handed to Graphviz: every box in scene order (the order
 * the trace made them, so the same script gives the same picture), then the clusters
 * that hold them, then the edges in scene order. */
static char *
scene_to_dot (BsScene *scene)
{
  guint n_clusters = bs_scene_get_n_clusters (scene);
  g_autoptr(GString) dot = g_string_new ("digraph backstep {\n"
                                         "  graph [rankdir=TB, nodesep=0.25, ranksep=0.4];\n"
                                         "  node [shape=box, fixedsize=true, label=\"\"];\n");
  g_autoptr(GPtrArray) members = g_ptr_array_new_full (n_clusters,
                                                       (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) scope_cluster = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n_clusters; i++)
    {
      g_hash_table_insert (scope_cluster,
                           GUINT_TO_POINTER (bs_scene_get_cluster (scene, i)->scope),
                           GUINT_TO_POINTER (i + 1));
      g_ptr_array_add (members, g_ptr_array_new ());
    }

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      guint cluster = GPOINTER_TO_UINT (g_hash_table_lookup (
                        scope_cluster, GUINT_TO_POINTER (node_cluster_scope (scene, node))));

      g_string_append_printf (dot, "  %s [", node->name);
      append_inches (dot, "width", node->width);
      g_string_append (dot, ", ");
      append_inches (dot, "height", node->height);
      g_string_append (dot, "];\n");
      if (cluster != 0)
        g_ptr_array_add (g_ptr_array_index (members, cluster - 1), (gpointer) node->name);
    }

  for (guint i = 0; i < n_clusters; i++)
    if (bs_scene_get_cluster (scene, i)->parent < 0)
      append_cluster (dot, scene, i, members, 1);

  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, i);

      g_string_append_printf (dot, "  %s -> %s;\n", bs_scene_get_node (scene, edge->from)->name,
                              bs_scene_get_node (scene, edge->to)->name);
    }
  g_string_append (dot, "}\n");
  return g_string_free (g_steal_pointer (&dot), FALSE);
}

/* --- the graph Graphviz read ------------------------------------------------- */

typedef struct {
  Agraph_t  *graph;
  gboolean   laid_out;   /* gvLayout succeeded: gvFreeLayout is due */
  Agnode_t **nodes;      /* per scene node */
  Agedge_t **edges;      /* per scene edge */
  Agraph_t **clusters;   /* per scene cluster */
} Graph;

static void
graph_clear (Graph *graph)
{
  g_clear_pointer (&graph->graph, agclose);
  g_clear_pointer (&graph->nodes, g_free);
  g_clear_pointer (&graph->edges, g_free);
  g_clear_pointer (&graph->clusters, g_free);
}

static int
compare_edges (gconstpointer a,
               gconstpointer b)
{
  guint x = AGSEQ (*(Agedge_t *const *) a), y = AGSEQ (*(Agedge_t *const *) b);

  return (x > y) - (x < y);
}

/* agsubg looks one level down: a nested cluster is found in its parent's. */
static Agraph_t *
find_cluster (Graph   *graph,
              BsScene *scene,
              guint    index)
{
  const BsSceneCluster *cluster = bs_scene_get_cluster (scene, index);
  Agraph_t *parent = graph->graph;
  char name[32];

  if (graph->clusters[index] != NULL)
    return graph->clusters[index];
  if (cluster->parent >= 0)
    parent = find_cluster (graph, scene, (guint) cluster->parent);
  if (parent == NULL)
    return NULL;
  g_snprintf (name, sizeof name, "cluster_s%u", cluster->scope);
  graph->clusters[index] = agsubg (parent, name, FALSE);
  return graph->clusters[index];
}

/* The scene's nodes, edges and clusters in the graph read from its DOT: nodes and
 * clusters by name, edges by the order they were made in. */
static gboolean
graph_find (Graph   *graph,
            BsScene *scene)
{
  guint n_nodes = bs_scene_get_n_nodes (scene);
  guint n_edges = bs_scene_get_n_edges (scene);
  guint n_clusters = bs_scene_get_n_clusters (scene);
  Agraph_t *g = graph->graph;
  guint found = 0;

  graph->nodes = g_new0 (Agnode_t *, MAX (n_nodes, 1));
  graph->edges = g_new0 (Agedge_t *, MAX (n_edges, 1));
  graph->clusters = g_new0 (Agraph_t *, MAX (n_clusters, 1));
  for (guint i = 0; i < n_nodes; i++)
    {
      graph->nodes[i] = agnode (g, (char *) bs_scene_get_node (scene, i)->name, FALSE);
      if (graph->nodes[i] == NULL)
        return FALSE;
    }
  for (Agnode_t *n = agfstnode (g); n != NULL; n = agnxtnode (g, n))
    for (Agedge_t *e = agfstout (g, n); e != NULL; e = agnxtout (g, e))
      {
        if (found == n_edges)
          return FALSE;
        graph->edges[found++] = e;
      }
  if (found != n_edges)
    return FALSE;
  qsort (graph->edges, n_edges, sizeof (Agedge_t *), compare_edges);
  for (guint i = 0; i < n_clusters; i++)
    if (find_cluster (graph, scene, i) == NULL)
      return FALSE;
  return TRUE;
}

/* --- reading the layout back ---------------------------------------------- */

typedef struct {
  double left;    /* Graphviz's x of the scene's x = margin */
  double top;     /* Graphviz's y (upward) of the scene's y = margin */
} Frame;

static BsScenePoint
to_scene (const Frame *frame,
          pointf       p)
{
  BsScenePoint q = { p.x - frame->left + SCENE_MARGIN, frame->top - p.y + SCENE_MARGIN };

  return q;
}

/* The edge's Bézier pieces as one curve: dot gives one piece unless the edge was
 * split, then straight cubic segments join the pieces. */
static void
read_edge (BsScene     *scene,
           guint        index,
           Agedge_t    *edge,
           const Frame *frame)
{
  BsSceneEdge *item = bs_scene_get_edge (scene, index);
  splines *spl = ED_spl (edge);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (BsScenePoint));
  guint n_points;

  item->has_arrow = FALSE;
  if (spl == NULL || spl->size == 0)
    {
      bs_scene_set_edge_points (scene, index, NULL, 0);
      return;
    }
  for (int b = 0; b < spl->size; b++)
    {
      const bezier *piece = &spl->list[b];

      for (int p = 0; p < piece->size; p++)
        {
          BsScenePoint q = to_scene (frame, piece->list[p]);

          if (p == 0 && points->len > 0)
            {
              BsScenePoint last = g_array_index (points, BsScenePoint, points->len - 1);

              if (last.x == q.x && last.y == q.y)
                continue;
              g_array_append_val (points, last);
              g_array_append_val (points, q);
            }
          g_array_append_val (points, q);
        }
      if (piece->eflag)
        {
          item->has_arrow = TRUE;
          item->arrow_base = to_scene (frame, piece->list[piece->size - 1]);
          item->arrow_tip = to_scene (frame, piece->ep);
        }
    }
  n_points = points->len;
  bs_scene_set_edge_points (scene, index, (BsScenePoint *) (void *) g_array_free (
                              g_steal_pointer (&points), FALSE), n_points);
}

static void
read_layout (BsScene *scene,
             Graph   *graph)
{
  boxf bb = GD_bb (graph->graph);
  Frame frame = { bb.LL.x, bb.UR.y };

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      BsSceneNode *item = bs_scene_get_node (scene, i);
      pointf center = ND_coord (graph->nodes[i]);
      BsScenePoint c = to_scene (&frame, center);

      item->x = c.x - item->width / 2;
      item->y = c.y - item->height / 2;
    }
  for (guint i = 0; i < bs_scene_get_n_edges (scene); i++)
    read_edge (scene, i, graph->edges[i], &frame);
  for (guint i = 0; i < bs_scene_get_n_clusters (scene); i++)
    {
      BsSceneCluster *item = bs_scene_get_cluster (scene, i);
      boxf box = GD_bb (graph->clusters[i]);
      BsScenePoint top_left = to_scene (&frame, (pointf) { box.LL.x, box.UR.y });

      item->x = top_left.x;
      item->y = top_left.y;
      item->width = box.UR.x - box.LL.x;
      item->height = box.UR.y - box.LL.y;
    }
  bs_scene_set_laid_out (scene, bb.UR.x - bb.LL.x + 2 * SCENE_MARGIN,
                         bb.UR.y - bb.LL.y + 2 * SCENE_MARGIN);
}

/* --- the worker ------------------------------------------------------------ */

static gboolean
check_sizes (BsScene  *scene,
             GError  **error)
{
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *item = bs_scene_get_node (scene, i);

      if (!isfinite (item->width) || !isfinite (item->height) || item->width < 0
          || item->height < 0 || item->width > MAX_SIZE || item->height > MAX_SIZE)
        {
          g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                       "Graphviz cannot lay out node %s: its size %g × %g points is not "
                       "a size between 0 and %g", item->name, item->width, item->height,
                       MAX_SIZE);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
cancelled (GCancellable  *cancellable,
           GError       **error)
{
  if (!g_cancellable_is_cancelled (cancellable))
    return FALSE;
  g_set_error_literal (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED,
                       "The layout was cancelled");
  return TRUE;
}

static gboolean
graphviz_failed (int      status,
                 GError **error)
{
  GString *text = messages ();
  int level = agreseterrors ();
  gboolean failed = status != 0 || level >= AGERR;

  if (failed)
    {
      g_strstrip (text->str);
      text->len = strlen (text->str);
      g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ, "Graphviz failed: %s",
                   text->len > 0 ? text->str : "no message");
    }
  else if (text->len > 0)
    g_debug ("Graphviz: %s", text->str);
  g_string_truncate (text, 0);
  return failed;
}

/* Lays scene out from its DOT text. The graph stays for graph_release(), after the
 * caller has its answer: freeing a large layout takes a while. */
static gboolean
layout_scene (Worker        *worker,
              BsScene       *scene,
              GCancellable  *cancellable,
              Graph         *graph,
              GError       **error)
{
  g_autofree char *dot = NULL;

  if (cancelled (cancellable, error) || !check_sizes (scene, error))
    return FALSE;
  if (worker->gvc == NULL)
    {
      g_set_error_literal (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                           "Graphviz could not start");
      return FALSE;
    }
  g_string_truncate (messages (), 0);
  agreseterrors ();

  dot = scene_to_dot (scene);
  graph->graph = agmemread (dot);
  if (graph->graph == NULL || !graph_find (graph, scene))
    {
      if (graph->graph != NULL)
        agerr (AGERR, "the graph read is not the scene's\n");
      graphviz_failed (-1, error);
      return FALSE;
    }
  graph->laid_out = gvLayout (worker->gvc, graph->graph, "dot") == 0;
  if (graphviz_failed (graph->laid_out ? 0 : -1, error) || cancelled (cancellable, error))
    return FALSE;
  read_layout (scene, graph);
  return TRUE;
}

static void
graph_release (Worker *worker,
               Graph  *graph)
{
  if (graph->laid_out)
    gvFreeLayout (worker->gvc, graph->graph);
  graph->laid_out = FALSE;
  graph_clear (graph);
}

static void
request_free (Request *request)
{
  g_clear_pointer (&request->scene, bs_scene_unref);
  g_clear_object (&request->task);
  g_mutex_clear (&request->mutex);
  g_cond_clear (&request->cond);
  g_clear_error (&request->error);
  g_free (request);
}

static Request *
request_new (RequestKind  kind,
             BsScene     *scene)
{
  Request *request = g_new0 (Request, 1);

  request->kind = kind;
  request->scene = scene != NULL ? bs_scene_ref (scene) : NULL;
  g_mutex_init (&request->mutex);
  g_cond_init (&request->cond);
  return request;
}

/* A synchronous request: answered under its mutex, freed by its caller. */
static void
request_answer (Request *request,
                gboolean ok,
                GError  *error)
{
  g_mutex_lock (&request->mutex);
  request->ok = ok;
  request->error = error;
  request->done = TRUE;
  g_cond_signal (&request->cond);
  g_mutex_unlock (&request->mutex);
}

static void
request_wait (Request *request)
{
  g_mutex_lock (&request->mutex);
  while (!request->done)
    g_cond_wait (&request->cond, &request->mutex);
  g_mutex_unlock (&request->mutex);
}

static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;

  agseterrf (collect_message);
  worker->gvc = gvContext ();
  graphviz_failed (0, NULL);

  for (;;)
    {
      Request *request = g_async_queue_pop (worker->queue);
      Graph graph = { NULL };
      GError *error = NULL;
      gboolean ok;

      if (request->kind == REQUEST_QUIT)
        {
          request_free (request);
          break;
        }
      if (request->task != NULL)
        {
          ok = layout_scene (worker, request->scene, g_task_get_cancellable (request->task),
                             &graph, &error);
          if (ok)
            g_task_return_boolean (request->task, TRUE);
          else
            g_task_return_error (request->task, error);
          request_free (request);
        }
      else
        {
          ok = layout_scene (worker, request->scene, NULL, &graph, &error);
          request_answer (request, ok, error);
        }
      graph_release (worker, &graph);
    }

  g_clear_pointer (&worker->gvc, gvFreeContext);
  return NULL;
}

static Worker *
worker_ref (void)
{
  Worker *worker;

  g_mutex_lock (&worker_lock);
  if (shared_worker == NULL)
    {
      worker = g_new0 (Worker, 1);
      worker->ref_count = 1;
      worker->queue = g_async_queue_new ();
      worker->thread = g_thread_new ("bs-layout", worker_main, worker);
      shared_worker = worker;
    }
  else
    {
      worker = shared_worker;
      worker->ref_count++;
    }
  g_mutex_unlock (&worker_lock);
  return worker;
}

static void
worker_unref (Worker *worker)
{
  gboolean last;

  g_mutex_lock (&worker_lock);
  last = --worker->ref_count == 0;
  if (last)
    shared_worker = NULL;
  g_mutex_unlock (&worker_lock);
  if (!last)
    return;

  /* Requests already queued run first; then the thread ends. */
  g_async_queue_push (worker->queue, request_new (REQUEST_QUIT, NULL));
  g_thread_join (worker->thread);
  g_async_queue_unref (worker->queue);
  g_free (worker);
}

/* --- public API ------------------------------------------------------------- */

BsLayout *
bs_layout_new (void)
{
  BsLayout *self = g_new0 (BsLayout, 1);

  self->worker = worker_ref ();
  return self;
}

void
bs_layout_free (BsLayout *self)
{
  if (self == NULL)
    return;
  worker_unref (self->worker);
  g_free (self);
}

void
bs_layout_run_async (BsLayout            *self,
                     BsScene             *scene,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  Request *request;

  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  request = request_new (REQUEST_LAYOUT, scene);
  request->task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (request->task, bs_layout_run_async);
  /* A cancelled layout reports BS_LAYOUT_ERROR_CANCELLED, not GIO's error. */
  g_task_set_check_cancellable (request->task, FALSE);
  g_async_queue_push (self->worker->queue, request);
}

gboolean
bs_layout_run_finish (BsLayout      *self,
                      GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bs_layout_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
bs_layout_run (BsLayout  *self,
               BsScene   *scene,
               GError   **error)
{
  Request *request;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  request = request_new (REQUEST_LAYOUT, scene);
  g_async_queue_push (self->worker->queue, request);
  request_wait (request);
  ok = request->ok;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&request->error));
  request_free (request);
  return ok;
}

char *
bs_layout_to_dot (BsLayout *self,
                  BsScene  *scene)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);

  return scene_to_dot (scene);
}
