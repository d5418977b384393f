/* bs-script-job.c: a script recorded on a worker thread */
#define G_LOG_DOMAIN "bs-app"

#include "bs-memory-budget.h"
#include "bs-recording.h"
#include "bs-script-job.h"

/* The window's limits: an endless script stops on Escape, a huge one at the memory budget
 * (the main menu's setting), and a long one at a million steps. */
#define JOB_MAX_STEPS        1000000
/* Every backward() call is checked against finite differences, within bounds that keep a
 * training script from waiting on it. */
#define JOB_CHECK_TAPE_BYTES   ((gsize) 64 << 20)
#define JOB_CHECK_MAX_ELEMENTS 1000
#define JOB_CHECK_MAX_OP_RUNS  200000

typedef struct {
  char    *source;
  char    *filename;
  gsize    max_memory;
  GString *output;
  gint    *progress;
} Job;

static void
job_free (Job *job)
{
  g_free (job->source);
  g_free (job->filename);
  if (job->output != NULL)
    g_string_free (job->output, TRUE);
  g_free (job);
}

void
bs_script_result_free (BsScriptResult *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->trace, bs_trace_unref);
  g_free (self->output);
  g_clear_error (&self->error);
  g_free (self->error_text);
  g_free (self);
}

static void
append_output (const char *text,
               gpointer    user_data)
{
  g_string_append (user_data, text);
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  BsScriptResult *result = g_new0 (BsScriptResult, 1);
  BsRecordingOptions options = { 0 };
  BsGradCheckOptions check = { .tape_budget = JOB_CHECK_TAPE_BYTES,
                               .max_elements = JOB_CHECK_MAX_ELEMENTS,
                               .max_op_runs = JOB_CHECK_MAX_OP_RUNS };
  gint64 start = g_get_monotonic_time ();

  options.max_tensor_bytes = job->max_memory;
  options.max_tensor_bytes_option = BS_MEMORY_BUDGET_OPTION;
  options.grad_check = &check;
  options.max_steps = JOB_MAX_STEPS;
  options.cancellable = cancellable;
  options.write_stdout = append_output;
  options.write_stderr = append_output;
  options.output_data = job->output;
  options.progress = job->progress;
  result->trace = bs_recording_run (job->source, -1, job->filename, &options,
                                    &result->error_text, &result->error_span, &result->error);
  result->output = g_string_free (g_steal_pointer (&job->output), FALSE);
  result->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_task_return_pointer (task, result, (GDestroyNotify) bs_script_result_free);
}

void
bs_script_job_run_async (const char          *source,
                         const char          *filename,
                         gsize                max_memory,
                         gint                *progress,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Job *job = g_new0 (Job, 1);

  g_return_if_fail (source != NULL);
  job->source = g_strdup (source);
  job->filename = g_strdup (filename != NULL ? filename : "<editor>");
  job->max_memory = max_memory > 0 ? max_memory : BS_MEMORY_BUDGET_DEFAULT;
  job->output = g_string_new (NULL);
  job->progress = progress;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_script_job_run_async);
  /* The script's own cancellation check stops it; the task must still return its trace. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, run_in_thread);
}

BsScriptResult *
bs_script_job_run_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
