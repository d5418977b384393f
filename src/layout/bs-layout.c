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

#include "bs-dot-process.h"
#include "bs-layered-layout.h"
#include "bs-layout.h"
#include "bs-scene-graph.h"
#include "bs-scene-private.h"

G_DEFINE_QUARK (bs-layout-error-quark, bs_layout_error)

/* The most work (bs_layered_layout_cost) laid out by dot in this process, where it cannot
 * be stopped: dot takes about 0.1 s for such a graph here, so a small graph's picture is
 * exactly what dot draws, without starting a process (which costs about as much again).
 * Both the work with every edge and the work within clusters count: dot's rows for
 * edges between clusters are not known in advance, but far fewer than the first says. */
#define IN_PROCESS_COST 20000
#define IN_PROCESS_LOCAL_COST 4000
/* The most work `dot` as a process is given a chance at: beyond it, dot needs far more
 * than a few seconds (and gigabytes) whatever its attributes. */
#define DOT_PROCESS_COST 200000
/* The part of the time budget kept for the layout in rows, should dot be killed. */
#define FALLBACK_RESERVE_US (100 * G_TIME_SPAN_MILLISECOND)
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
  gint64        time_us;    /* the budget */
  gsize         memory_bytes;
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
  gint64  time_us;
  gsize   memory_bytes;
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

static BsScenePoint
to_scene (const BsSceneFrame *frame,
          pointf              p)
{
  return bs_scene_frame_point (frame, p.x, p.y);
}

/* The edge's Bézier pieces as one curve (bs_scene_curve_add). */
static void
read_edge (BsScene     *scene,
           guint        index,
           Agedge_t    *edge,
           const BsSceneFrame *frame)
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
        bs_scene_curve_add (points, to_scene (frame, piece->list[p]), p == 0);
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
  /* the room asked for above the top boxes: the frame's top that far above dot's */
  double extra = bs_scene_get_top_margin (scene) - BS_SCENE_MARGIN;
  BsSceneFrame frame = { bb.LL.x, bb.UR.y + extra };

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
  bs_scene_set_laid_out (scene, bb.UR.x - bb.LL.x + 2 * BS_SCENE_MARGIN,
                         bb.UR.y - bb.LL.y + 2 * BS_SCENE_MARGIN + extra);
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
          || item->height < 0 || item->width > BS_SCENE_GRAPH_MAX_SIZE
          || item->height > BS_SCENE_GRAPH_MAX_SIZE)
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

/* Whether dot lays scene out in this process; cost: the work it would have. */
static gboolean
in_process (BsScene *scene,
            guint64 *cost)
{
  guint64 local, all = bs_layered_layout_cost (scene, &local);

  if (cost != NULL)
    *cost = all;
  return all <= IN_PROCESS_COST && local <= IN_PROCESS_LOCAL_COST;
}

/* Makes scene's graph ahead of its layout request. (Not inlined: the layout benchmark
 * counts its instructions by name.) */
static G_GNUC_NO_INLINE void
prepare_scene (Worker  *worker,
               BsScene *scene)
{
  forget_prepared (worker);
  if (worker->gvc == NULL || !in_process (scene, NULL))
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

/* Lays scene out with dot in this process. The graph stays for job_release(), after the
 * caller has its answer: freeing a large layout takes a while. */
static gboolean
layout_in_process (Worker        *worker,
                   BsScene       *scene,
                   GCancellable  *cancellable,
                   Job           *job,
                   GError       **error)
{
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

static char *
format_seconds (gint64 time_us)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (number, sizeof number, "%.3g",
                                    (double) time_us / G_TIME_SPAN_SECOND));
}

/* Lays scene out within the request's budget, by dot in this process, by `dot` as a
 * process, or in rows (then with a note saying why). (Not inlined: the layout benchmark
 * counts its instructions by name.) */
static G_GNUC_NO_INLINE gboolean
layout_scene (Worker        *worker,
              Request       *request,
              GCancellable  *cancellable,
              Job           *job,
              GError       **error)
{
  BsScene *scene = request->scene;
  gint64 deadline = g_get_monotonic_time () + request->time_us;
  g_autoptr(GError) dot_error = NULL;
  g_autofree char *seconds = format_seconds (request->time_us);
  g_autofree char *note = NULL;
  guint64 cost;

  /* the graph made ahead, when it is this scene's; it goes in the job, to be freed with it */
  if (worker->prepared != NULL && worker->prepared_scene == scene)
    job->graph = g_steal_pointer (&worker->prepared);
  forget_prepared (worker);

  if (cancelled (cancellable, error) || !check_sizes (scene, error))
    return FALSE;
  bs_scene_set_layout_note (scene, NULL);
  if (in_process (scene, &cost) && request->time_us > 0)
    return layout_in_process (worker, scene, cancellable, job, error);

  if (cost <= DOT_PROCESS_COST && request->time_us > FALLBACK_RESERVE_US)
    {
      g_autofree char *text = bs_scene_graph_to_dot_full (scene, TRUE);

      if (bs_dot_process_run (scene, text, deadline - FALLBACK_RESERVE_US,
                              request->memory_bytes, cancellable, &dot_error))
        return TRUE;
      if (g_error_matches (dot_error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&dot_error));
          return FALSE;
        }
      g_debug ("%s", dot_error->message);
    }

  if (request->time_us <= 0)
    note = g_strdup ("Laid out in rows by Backstep: no time was left for Graphviz");
  else if (dot_error == NULL)
    note = g_strdup_printf ("Laid out in rows by Backstep: Graphviz would need far more "
                            "than %s s for %u boxes and %u edges", seconds,
                            bs_scene_get_n_nodes (scene), bs_scene_get_n_edges (scene));
  else if (g_error_matches (dot_error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_TIMED_OUT))
    note = g_strdup_printf ("Laid out in rows by Backstep: Graphviz took more than %s s",
                            seconds);
  else if (g_error_matches (dot_error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_MEMORY))
    note = g_strdup_printf ("Laid out in rows by Backstep: Graphviz needed more than "
                            "%" G_GSIZE_FORMAT " MiB", request->memory_bytes >> 20);
  else
    note = g_strdup_printf ("Laid out in rows by Backstep: %s", dot_error->message);
  bs_layered_layout_run (scene);
  bs_scene_set_layout_note (scene, note);
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
             BsScene     *scene,
             BsLayout    *layout)
{
  Request *request = g_new0 (Request, 1);

  if (layout != NULL)
    {
      request->time_us = layout->time_us;
      request->memory_bytes = layout->memory_bytes;
    }
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
          ok = layout_scene (worker, request, g_task_get_cancellable (request->task),
                             &last, &error);
          if (ok)
            g_task_return_boolean (request->task, TRUE);
          else
            g_task_return_error (request->task, error);
          request_free (request);
        }
      else
        {
          ok = layout_scene (worker, request, NULL, &last, &error);
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
  g_async_queue_push (worker->queue, request_new (REQUEST_QUIT, NULL, NULL));
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
  self->time_us = BS_LAYOUT_DEFAULT_TIME;
  self->memory_bytes = BS_LAYOUT_DEFAULT_MEMORY;
  return self;
}

void
bs_layout_set_budget (BsLayout *self,
                      gint64    time_us,
                      gsize     memory_bytes)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (memory_bytes > 0);

  self->time_us = MAX (time_us, 0);
  self->memory_bytes = memory_bytes;
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

  g_async_queue_push (self->worker->queue, request_new (REQUEST_PREPARE, scene, self));
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

  request = request_new (REQUEST_LAYOUT, scene, self);
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

  request = request_new (REQUEST_LAYOUT, scene, self);
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

  return bs_scene_graph_to_dot_full (scene, !in_process (scene, NULL));
}
