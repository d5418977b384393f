/* bs-export-job.c: an export of the graph shown, written on a worker thread */
#define G_LOG_DOMAIN "bs-app"

#include "bs-export-job.h"
#include "bs-layout.h"
#include "bs-replay.h"

/* What to draw and where. */
typedef struct {
  BsScene        *scene;
  BsTraceState   *state;
  BsSceneView     view;
  guint64         first;     /* the handout's steps */
  guint64         last;
  BsExportChoice  choice;
  BsPaletteKind   palette;
  GFile          *file;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  bs_scene_unref (job->scene);
  bs_trace_state_free (job->state);
  g_object_unref (job->file);
  g_free (job);
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (job->palette));
  g_autofree char *path = g_file_get_path (job->file);
  GError *error = NULL;
  gboolean ok;

  bs_renderer_set_scale (renderer, job->choice.scale);
  bs_renderer_set_grad_flow (renderer, job->choice.grad_flow);
  bs_renderer_set_grad_flow_scale (renderer, job->choice.grad_flow_scale);
  if (job->choice.handout)
    {
      g_autoptr(BsLayout) layout = bs_layout_new ();
      g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (bs_scene_get_trace (job->scene),
                                                           renderer, job->view, NULL, 0);

      ok = bs_export_write_handout (renderer, scenes, layout, job->first, job->last, path,
                                    &error);
    }
  else
    ok = bs_export_write_file (renderer, job->scene, job->state, job->choice.format, path,
                               &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
bs_export_job_run_async (BsScene              *scene,
                         guint64               step,
                         BsSceneView           view,
                         guint64               first,
                         guint64               last,
                         const BsExportChoice *choice,
                         BsPaletteKind         palette,
                         GFile                *file,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (choice != NULL);
  g_return_if_fail (G_IS_FILE (file));

  /* The handout replays every step on the worker thread: build the replay's
   * checkpoints here first, so that thread only reads them. */
  bs_trace_state_free (bs_replay_state_at (bs_scene_get_trace (scene), G_MAXUINT64));
  job = g_new0 (ExportJob, 1);
  job->scene = bs_scene_ref (scene);
  job->state = bs_replay_state_at (bs_scene_get_trace (scene), step);
  job->view = view;
  job->first = first;
  job->last = last;
  job->choice = *choice;
  job->palette = palette;
  job->file = g_object_ref (file);
  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
bs_export_job_run_finish (GAsyncResult  *result,
                          GFile        **file,
                          GError       **error)
{
  ExportJob *job;

  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (file != NULL)
    *file = job->file;
  return g_task_propagate_boolean (G_TASK (result), error);
}
