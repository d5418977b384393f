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
  BsExportSource  source;    /* scene and texts not kept: the fields of the renderer */
  BsRunCompare   *compare;   /* Owned; NULL: Compare is off */
  GFile          *file;
  /* Written by the worker, read by the main thread: frames done and their number */
  gint            done;
  gint            total;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  bs_scene_unref (job->scene);
  bs_trace_state_free (job->state);
  bs_run_compare_free (job->compare);
  g_object_unref (job->file);
  g_free (job);
}

static void
frame_written (guint    done,
               guint    total,
               gpointer user_data)
{
  ExportJob *job = user_data;

  g_atomic_int_set (&job->total, (gint) total);
  g_atomic_int_set (&job->done, (gint) done);
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (job->palette));
  g_autoptr(BsLayout) layout = NULL;
  g_autoptr(BsSceneCache) scenes = NULL;
  g_autofree char *path = g_file_get_path (job->file);
  GError *error = NULL;
  gboolean ok;

  if (!bs_export_source_allows (&job->source, &job->choice, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  bs_renderer_set_scale (renderer, job->choice.scale);
  bs_export_source_configure (&job->source, renderer, job->compare);
  if (job->choice.kind != BS_EXPORT_KIND_STEP)
    {
      layout = bs_layout_new ();
      scenes = bs_scene_cache_new (bs_scene_get_trace (job->scene), renderer, job->view,
                                   NULL, 0);
    }
  if (job->choice.kind == BS_EXPORT_KIND_ANIMATION)
    {
      BsAnimationOptions options = {
        .format = job->choice.animation_format, .first = job->choice.first,
        .last = job->choice.last, .frame_ms = job->choice.frame_ms,
        .progress = frame_written, .progress_data = job, .cancellable = cancellable,
      };

      ok = bs_export_write_animation (renderer, scenes, layout, &options, path, &error);
    }
  else if (job->choice.kind == BS_EXPORT_KIND_HANDOUT)
    ok = bs_export_write_handout (renderer, scenes, layout, job->first, job->last, path,
                                  &error);
  else
    ok = bs_export_write_file (renderer, job->scene, job->state, job->choice.format, path,
                               &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
bs_export_source_prepare (const BsExportSource *source)
{
  g_return_if_fail (source != NULL && source->scene != NULL);

  bs_trace_state_free (bs_replay_state_at (bs_scene_get_trace (source->scene), G_MAXUINT64));
}

BsRunCompare *
bs_export_source_compare (const BsExportSource *source)
{
  g_return_val_if_fail (source != NULL && source->scene != NULL, NULL);

  if (source->pinned == NULL)
    return NULL;
  bs_trace_state_free (bs_replay_state_at (source->pinned, G_MAXUINT64));
  return bs_run_compare_new (source->pinned, source->pinned_source,
                             bs_scene_get_trace (source->scene), source->now_source);
}

void
bs_export_source_configure (const BsExportSource *source,
                            BsRenderer           *renderer,
                            BsRunCompare         *compare)
{
  g_return_if_fail (source != NULL && renderer != NULL);

  bs_renderer_set_grad_flow (renderer, source->grad_flow);
  bs_renderer_set_grad_flow_scale (renderer, source->grad_flow_scale);
  bs_renderer_set_compare (renderer, compare);
  bs_renderer_set_hide_edge_values (renderer, source->hide_edge_values);
  bs_renderer_set_hide_sums (renderer, source->hide_sums);
}

gboolean
bs_export_source_allows (const BsExportSource  *source,
                         const BsExportChoice  *choice,
                         GError               **error)
{
  g_return_val_if_fail (source != NULL && choice != NULL, FALSE);

  if (!source->question_open || choice->kind == BS_EXPORT_KIND_STEP)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
               "a quiz question is open, and the %s's later steps would tell its answer: "
               "answer it first, or export the step shown (its answer withheld)",
               choice->kind == BS_EXPORT_KIND_HANDOUT ? "handout" : "animation");
  return FALSE;
}

GTask *
bs_export_job_run_async (const BsExportSource *source,
                         const BsExportChoice *choice,
                         GFile                *file,
                         GCancellable         *cancellable,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  GTask *task;
  ExportJob *job;

  g_return_val_if_fail (source != NULL && source->scene != NULL, NULL);
  g_return_val_if_fail (choice != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  bs_export_source_prepare (source);
  job = g_new0 (ExportJob, 1);
  job->compare = bs_export_source_compare (source);
  job->scene = bs_scene_ref (source->scene);
  job->state = bs_replay_state_at (bs_scene_get_trace (source->scene), source->step);
  job->view = source->view;
  job->first = source->span_first;
  job->last = source->span_last;
  job->choice = *choice;
  job->palette = source->palette;
  job->source = *source;
  job->source.scene = NULL;
  job->source.pinned = NULL;
  job->source.pinned_source = job->source.now_source = NULL;
  job->file = g_object_ref (file);
  task = g_task_new (NULL, cancellable, callback, user_data);
  /* the job says whether the file was written: a cancellation after the last frame
   * still wrote it */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_in_thread);
  return task;
}

double
bs_export_job_get_progress (GTask *task)
{
  ExportJob *job;
  gint total;

  g_return_val_if_fail (G_IS_TASK (task), 0);

  job = g_task_get_task_data (task);
  total = g_atomic_int_get (&job->total);
  return total > 0 ? (double) g_atomic_int_get (&job->done) / total : 0;
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
