/* bs-layout.c: Graphviz dot on its own thread, scene in, positions out
 *
 * libcgraph and libgvc keep process globals (the error handler, the string and
 * id dictionaries' statics, the plugin tables), so every Graphviz call of the
 * process happens on one worker thread, shared by all BsLayout objects and
 * stopped with the last of them. Requests queue on it; each makes the scene's graph
 * (the same graph `dot` reads from bs_layout_to_dot's text), lays it out, copies the
 * positions into the scene and closes the graph.
 */
#define G_LOG_DOMAIN "bs-layout"

#include <math.h>

#include "bs-layout.h"
#include "bs-scene-graph.h"
#include "bs-scene-private.h"

G_DEFINE_QUARK (bs-layout-error-quark, bs_layout_error)

/* Room around the drawing, in points. */
#define SCENE_MARGIN 16.0
/* How long the worker waits, idle, before freeing the graph it last laid out. */
#define RELEASE_DELAY_US (100 * G_TIME_SPAN_MILLISECOND)

typedef enum {
  REQUEST_PREPARE,
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

  /* The worker thread's: a graph made ahead of its layout, still without sizes */
  BsSceneGraph *prepared;
  BsScene      *prepared_scene;
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
read_layout (BsScene      *scene,
             BsSceneGraph *graph)
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
          || item->height < 0 || item->width > BS_SCENE_GRAPH_MAX_SIZE || item->height > BS_SCENE_GRAPH_MAX_SIZE)
        {
          g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                       "Graphviz cannot lay out node %s: its size %g × %g points is not "
                       "a size between 0 and %g", item->name, item->width, item->height,
                       BS_SCENE_GRAPH_MAX_SIZE);
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

static void
forget_prepared (Worker *worker)
{
  g_clear_pointer (&worker->prepared, bs_scene_graph_free);
  g_clear_pointer (&worker->prepared_scene, bs_scene_unref);
}

/* Makes scene's graph ahead of its layout request. (Not inlined: the layout benchmark
 * counts its instructions by name.) */
static G_GNUC_NO_INLINE void
prepare_scene (Worker  *worker,
               BsScene *scene)
{
  forget_prepared (worker);
  if (worker->gvc == NULL)
    return;
  g_string_truncate (messages (), 0);
  agreseterrors ();
  worker->prepared = bs_scene_graph_new_unsized (scene);
  /* a failure shows again, as a GError, when the scene is laid out */
  if (graphviz_failed (worker->prepared != NULL ? 0 : -1, NULL) && worker->prepared != NULL)
    g_clear_pointer (&worker->prepared, bs_scene_graph_free);
  if (worker->prepared != NULL)
    worker->prepared_scene = bs_scene_ref (scene);
}

/* The graph being laid out, and whether gvFreeLayout is due. */
typedef struct {
  BsSceneGraph *graph;
  gboolean      laid_out;
} Job;

/* Lays scene out. The graph stays for job_release(), after the caller has its answer:
 * freeing a large layout takes a while. (Not inlined: the layout benchmark counts its
 * instructions by name.) */
static G_GNUC_NO_INLINE gboolean
layout_scene (Worker        *worker,
              BsScene       *scene,
              GCancellable  *cancellable,
              Job           *job,
              GError       **error)
{
  /* the graph made ahead, when it is this scene's; it goes in the job, to be freed with it */
  if (worker->prepared != NULL && worker->prepared_scene == scene)
    job->graph = g_steal_pointer (&worker->prepared);
  forget_prepared (worker);

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

  if (job->graph != NULL)
    bs_scene_graph_set_sizes (job->graph, scene);
  else
    job->graph = bs_scene_graph_new (scene);
  if (job->graph == NULL)
    {
      graphviz_failed (-1, error);
      return FALSE;
    }
  job->laid_out = gvLayout (worker->gvc, job->graph->graph, "dot") == 0;
  if (graphviz_failed (job->laid_out ? 0 : -1, error) || cancelled (cancellable, error))
    return FALSE;
  read_layout (scene, job->graph);
  return TRUE;
}

static void
job_release (Worker *worker,
             Job    *job)
{
  if (job->laid_out)
    gvFreeLayout (worker->gvc, job->graph->graph);
  job->laid_out = FALSE;
  g_clear_pointer (&job->graph, bs_scene_graph_free);
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
  Job last = { NULL };

  agseterrf (collect_message);
  worker->gvc = gvContext ();
  graphviz_failed (0, NULL);

  for (;;)
    {
      Request *request;
      GError *error = NULL;
      gboolean ok;

      /* The last graph is freed once the queue has been quiet a moment: its caller is
       * drawing the new positions meanwhile and should have the CPU to itself. */
      if (last.graph != NULL)
        {
          request = g_async_queue_timeout_pop (worker->queue, RELEASE_DELAY_US);
          job_release (worker, &last);
          if (request == NULL)
            continue;
        }
      else
        request = g_async_queue_pop (worker->queue);

      if (request->kind == REQUEST_QUIT)
        {
          request_free (request);
          break;
        }
      if (request->kind == REQUEST_PREPARE)
        {
          prepare_scene (worker, request->scene);
          request_free (request);
          continue;
        }
      if (request->task != NULL)
        {
          ok = layout_scene (worker, request->scene, g_task_get_cancellable (request->task),
                             &last, &error);
          if (ok)
            g_task_return_boolean (request->task, TRUE);
          else
            g_task_return_error (request->task, error);
          request_free (request);
        }
      else
        {
          ok = layout_scene (worker, request->scene, NULL, &last, &error);
          request_answer (request, ok, error);
        }
    }

  forget_prepared (worker);
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
bs_layout_prepare (BsLayout *self,
                   BsScene  *scene)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  g_async_queue_push (self->worker->queue, request_new (REQUEST_PREPARE, scene));
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

  return bs_scene_graph_to_dot (scene);
}
