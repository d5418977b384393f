/* bs-dot-process.c: `dot` run as a process of its own, under a time and memory budget
 *
 * The DOT goes to a temporary file (a pipe would need writing and reading at once: dot
 * may die before reading it all); dot's standard output and error come back through
 * pipes, read with poll() in slices short enough to notice a cancellation. In the
 * output, boxes are found by name, clusters by name ("cluster_s7"), edges by their id
 * ("e12", the scene index).
 */
#define G_LOG_DOMAIN "bs-layout"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib-unix.h>
#include <gvc.h>
#include <xdot.h>

#include "bs-dot-process.h"
#include "bs-layout.h"
#include "bs-scene-private.h"

/* How often a running dot is checked for cancellation. */
#define POLL_SLICE_MS 50

/* --- running dot ---------------------------------------------------------------- */

/* Runs in the child between fork and exec: only async-signal-safe calls. */
static void
limit_memory (gpointer data)
{
  const struct rlimit *limit = data;

  setrlimit (RLIMIT_AS, limit);
}

typedef struct {
  GPid     pid;
  int      fds[2];       /* stdout, stderr; -1 once at their end */
  GString *out;
  GString *err;
} Child;

static void
child_kill (Child *child)
{
  kill (child->pid, SIGKILL);
}

/* Reads what is ready on fd into text; FALSE at its end. */
static gboolean
read_ready (int      fd,
            GString *text)
{
  char buffer[65536];
  gssize n;

  do
    n = read (fd, buffer, sizeof buffer);
  while (n < 0 && errno == EINTR);
  if (n <= 0)
    return n < 0 && errno == EAGAIN;
  g_string_append_len (text, buffer, n);
  return TRUE;
}

/* Collects the child's output until it closes both pipes, the deadline passes, the
 * output outgrows max_bytes or cancellable is cancelled. */
static gboolean
child_collect (Child         *child,
               gint64         deadline,
               gsize          max_bytes,
               GCancellable  *cancellable,
               GError       **error)
{
  while (child->fds[0] >= 0 || child->fds[1] >= 0)
    {
      struct pollfd polled[2];
      gint64 left = deadline - g_get_monotonic_time ();
      int n_polled = 0, ready;

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_set_error_literal (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED,
                               "The layout was cancelled");
          return FALSE;
        }
      if (left <= 0)
        {
          g_set_error_literal (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_TIMED_OUT,
                               "Graphviz took longer than the layout's time budget");
          return FALSE;
        }
      if (child->out->len > max_bytes)
        {
          g_set_error_literal (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_MEMORY,
                               "Graphviz's output outgrew the layout's memory budget");
          return FALSE;
        }
      for (int i = 0; i < 2; i++)
        if (child->fds[i] >= 0)
          polled[n_polled++] = (struct pollfd) { child->fds[i], POLLIN, 0 };
      ready = poll (polled, n_polled, (int) MIN (left / 1000 + 1, POLL_SLICE_MS));
      if (ready < 0 && errno != EINTR)
        {
          g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                       "Cannot read what Graphviz wrote: %s", g_strerror (errno));
          return FALSE;
        }
      for (int k = 0; k < n_polled && ready > 0; k++)
        if (polled[k].revents != 0)
          {
            int i = polled[k].fd == child->fds[0] ? 0 : 1;

            if (!read_ready (child->fds[i], i == 0 ? child->out : child->err))
              {
                close (child->fds[i]);
                child->fds[i] = -1;
              }
          }
    }
  return TRUE;
}

/* The first line dot wrote on its standard error, or a stand-in. */
static char *
first_line (GString *text)
{
  g_auto(GStrv) lines = g_strsplit (text->str, "\n", 2);

  return g_strdup (lines[0] != NULL && lines[0][0] != '\0' ? g_strstrip (lines[0]) : "");
}

/* Runs dot on path; its xdot output in out. */
static gboolean
run_dot (const char    *path,
         gint64         deadline,
         gsize          max_bytes,
         GCancellable  *cancellable,
         GString       *out,
         GError       **error)
{
  const char *argv[] = { "dot", "-Txdot", path, NULL };
  struct rlimit limit = { (rlim_t) max_bytes, (rlim_t) max_bytes };
  g_autoptr(GString) err = g_string_new (NULL);
  g_autoptr(GError) spawn_error = NULL;
  Child child = { 0, { -1, -1 }, out, err };
  g_autofree char *message = NULL;
  gboolean collected;
  int status = 0;

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                 G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD
                                 | G_SPAWN_CLOEXEC_PIPES, limit_memory, &limit,
                                 &child.pid, NULL, &child.fds[0], &child.fds[1], &spawn_error))
    {
      g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                   "Cannot start Graphviz's dot: %s", spawn_error->message);
      return FALSE;
    }
  for (int i = 0; i < 2; i++)
    g_unix_set_fd_nonblocking (child.fds[i], TRUE, NULL);

  collected = child_collect (&child, deadline, max_bytes, cancellable, error);
  if (!collected)
    child_kill (&child);
  for (int i = 0; i < 2; i++)
    if (child.fds[i] >= 0)
      close (child.fds[i]);
  while (waitpid (child.pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (child.pid);
  if (!collected)
    return FALSE;
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return TRUE;

  message = first_line (err);
  /* dot reports a failed allocation, or crashes on one */
  if (strstr (message, "memory") != NULL || strstr (message, "alloc") != NULL
      || (WIFSIGNALED (status) && (WTERMSIG (status) == SIGSEGV || WTERMSIG (status) == SIGABRT
                                   || WTERMSIG (status) == SIGKILL)))
    g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_MEMORY,
                 "Graphviz ran out of the layout's memory budget%s%s",
                 message[0] != '\0' ? ": " : "", message);
  else
    g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ, "Graphviz failed: %s",
                 message[0] != '\0' ? message : "no message");
  return FALSE;
}

/* --- reading dot's output ---------------------------------------------------------- */

static BsScenePoint
to_scene (const BsSceneFrame *frame,
          double              x,
          double              y)
{
  return bs_scene_frame_point (frame, x, y);
}

typedef struct {
  double x0, y0, x1, y1;
} Box;

/* The bounding box of the first polygon among an object's xdot operations. */
static gboolean
polygon_box (void       *object,
             const char *attribute,
             Box        *box)
{
  char *text = agget (object, (char *) attribute);
  xdot *ops;
  gboolean found = FALSE;

  if (text == NULL || (ops = parseXDot (text)) == NULL)
    return FALSE;
  for (int i = 0; i < ops->cnt && !found; i++)
    {
      xdot_op *op = &ops->ops[i];

      if ((op->kind != xd_filled_polygon && op->kind != xd_unfilled_polygon)
          || op->u.polygon.cnt == 0)
        continue;
      *box = (Box) { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
      for (int p = 0; p < op->u.polygon.cnt; p++)
        {
          box->x0 = MIN (box->x0, op->u.polygon.pts[p].x);
          box->y0 = MIN (box->y0, op->u.polygon.pts[p].y);
          box->x1 = MAX (box->x1, op->u.polygon.pts[p].x);
          box->y1 = MAX (box->y1, op->u.polygon.pts[p].y);
        }
      found = TRUE;
    }
  freeXDot (ops);
  return found;
}

/* The edge's Bézier pieces as one curve (bs_scene_curve_add) and its arrowhead: the head's polygon's corner farthest from where the curve ends. */
static void
read_edge (BsScene     *scene,
           guint        index,
           Agedge_t    *edge,
           const BsSceneFrame *frame)
{
  BsSceneEdge *item = bs_scene_get_edge (scene, index);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (BsScenePoint));
  char *text = agget (edge, "_draw_");
  xdot *ops = text != NULL ? parseXDot (text) : NULL;
  guint n_points;

  item->has_arrow = FALSE;
  for (int i = 0; ops != NULL && i < ops->cnt; i++)
    {
      const xdot_op *op = &ops->ops[i];

      if (op->kind != xd_unfilled_bezier && op->kind != xd_filled_bezier)
        continue;
      for (int p = 0; p < op->u.bezier.cnt; p++)
        bs_scene_curve_add (points, to_scene (frame, op->u.bezier.pts[p].x,
                                              op->u.bezier.pts[p].y), p == 0);
    }
  if (ops != NULL)
    freeXDot (ops);

  if (points->len > 0 && (text = agget (edge, "_hdraw_")) != NULL
      && (ops = parseXDot (text)) != NULL)
    {
      BsScenePoint end = g_array_index (points, BsScenePoint, points->len - 1);
      double farthest = -1;

      for (int i = 0; i < ops->cnt; i++)
        if (ops->ops[i].kind == xd_filled_polygon || ops->ops[i].kind == xd_unfilled_polygon)
          for (int p = 0; p < ops->ops[i].u.polygon.cnt; p++)
            {
              BsScenePoint q = to_scene (frame, ops->ops[i].u.polygon.pts[p].x,
                                         ops->ops[i].u.polygon.pts[p].y);
              double d = hypot (q.x - end.x, q.y - end.y);

              if (d > farthest)
                {
                  farthest = d;
                  item->arrow_tip = q;
                }
            }
      item->has_arrow = farthest >= 0;
      item->arrow_base = end;
      freeXDot (ops);
    }
  n_points = points->len;
  bs_scene_set_edge_points (scene, index, n_points > 0 ? (BsScenePoint *) (void *) g_array_free (
                              g_steal_pointer (&points), FALSE) : NULL, n_points);
}

/* Per scene cluster, its subgraph in the output (found by name, at any depth). */
static void
find_clusters (Agraph_t    *graph,
               GHashTable  *by_name,
               Agraph_t   **clusters)
{
  for (Agraph_t *sub = agfstsubg (graph); sub != NULL; sub = agnxtsubg (sub))
    {
      gpointer index;

      if (g_hash_table_lookup_extended (by_name, agnameof (sub), NULL, &index))
        clusters[GPOINTER_TO_UINT (index)] = sub;
      find_clusters (sub, by_name, clusters);
    }
}

static gboolean
missing (const char  *what,
         GError     **error)
{
  g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
               "Graphviz's output lacks %s", what);
  return FALSE;
}

static gboolean
read_output (BsScene     *scene,
             Agraph_t    *graph,
             GError     **error)
{
  guint n_clusters = bs_scene_get_n_clusters (scene);
  g_autoptr(GHashTable) by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree Agraph_t **clusters = g_new0 (Agraph_t *, MAX (n_clusters, 1));
  Box bb;
  BsSceneFrame frame;
  double extra;

  if (!polygon_box (graph, "_draw_", &bb))
    return missing ("the drawing's bounding box", error);
  /* the room asked for above the top boxes: the frame's top that far above dot's */
  extra = bs_scene_get_top_margin (scene) - BS_SCENE_MARGIN;
  frame = (BsSceneFrame) { bb.x0, bb.y1 + extra };

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      BsSceneNode *item = bs_scene_get_node (scene, i);
      Agnode_t *node = agnode (graph, (char *) item->name, FALSE);
      Box box;
      BsScenePoint c;

      if (node == NULL || !polygon_box (node, "_draw_", &box))
        return missing ("a box", error);
      c = to_scene (&frame, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
      item->x = c.x - item->width / 2;
      item->y = c.y - item->height / 2;
    }

  for (Agnode_t *node = agfstnode (graph); node != NULL; node = agnxtnode (graph, node))
    for (Agedge_t *edge = agfstout (graph, node); edge != NULL; edge = agnxtout (graph, edge))
      {
        const char *id = agget (edge, "id");
        guint64 index;

        if (id != NULL && id[0] == 'o')
          continue;   /* the order of the shared row (bs-scene-graph.c) */
        if (id == NULL || id[0] != 'e'
            || !g_ascii_string_to_unsigned (id + 1, 10, 0, bs_scene_get_n_edges (scene) - 1,
                                            &index, NULL))
          return missing ("an edge's id", error);
        read_edge (scene, (guint) index, edge, &frame);
      }

  for (guint i = 0; i < n_clusters; i++)
    g_hash_table_insert (by_name,
                         g_strdup_printf ("cluster_s%u", bs_scene_get_cluster (scene, i)->scope),
                         GUINT_TO_POINTER (i));
  find_clusters (graph, by_name, clusters);
  for (guint i = 0; i < n_clusters; i++)
    {
      BsSceneCluster *item = bs_scene_get_cluster (scene, i);
      BsScenePoint top_left;
      Box box;

      if (clusters[i] == NULL || !polygon_box (clusters[i], "_draw_", &box))
        return missing ("a cluster", error);
      top_left = to_scene (&frame, box.x0, box.y1);
      item->x = top_left.x;
      item->y = top_left.y;
      item->width = box.x1 - box.x0;
      item->height = box.y1 - box.y0;
    }
  bs_scene_set_laid_out (scene, bb.x1 - bb.x0 + 2 * BS_SCENE_MARGIN,
                         bb.y1 - bb.y0 + 2 * BS_SCENE_MARGIN + extra);
  return TRUE;
}

gboolean
bs_dot_process_run (BsScene       *scene,
                    const char    *dot_text,
                    gint64         deadline,
                    gsize          max_bytes,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) file_error = NULL;
  g_autofree char *path = NULL;
  Agraph_t *graph;
  gboolean ok;
  int fd;

  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (dot_text != NULL, FALSE);

  fd = g_file_open_tmp ("backstep-layout-XXXXXX.dot", &path, &file_error);
  if (fd < 0 || !g_file_set_contents (path, dot_text, -1, &file_error))
    {
      if (fd >= 0)
        close (fd);
      g_set_error (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_GRAPHVIZ,
                   "Cannot write the graph for Graphviz: %s", file_error->message);
      return FALSE;
    }
  close (fd);
  ok = run_dot (path, deadline, max_bytes, cancellable, out, error);
  g_unlink (path);
  if (!ok)
    return FALSE;

  graph = agmemread (out->str);
  if (graph == NULL)
    return missing ("a graph it could read", error);
  ok = read_output (scene, graph, error);
  agclose (graph);
  return ok;
}
