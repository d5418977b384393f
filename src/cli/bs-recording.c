/* bs-recording.c: a script run with a recorder attached */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs-grad-check-trace.h"
#include "bs-recorder.h"
#include "bs-recording.h"
#include "bs-notebook.h"
#include "bs-pyplot.h"

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *display_name)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: %s", display_name, g_strerror (saved_errno));
}

static void
set_too_large_error (GError     **error,
                     const char  *display_name,
                     gsize        max_bytes)
{
  g_autofree char *size = g_format_size_full (max_bytes, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               "%s: larger than %s, the most Backstep runs", display_name, size);
}

/* Reads a whole script, from a path or "-" (standard input), refusing more than
 * max_bytes without reading further. */
static GBytes *
read_source (const char  *path,
             const char  *display_name,
             gsize        max_bytes,
             GError     **error)
{
  g_autoptr(GByteArray) buffer = g_byte_array_new ();
  gboolean is_stdin = g_str_equal (path, "-");
  struct stat st;
  guint8 chunk[16384];
  int fd;

  fd = is_stdin ? STDIN_FILENO : g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (error, errno, display_name);
      return NULL;
    }
  if (fstat (fd, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          set_errno_error (error, EISDIR, display_name);
          goto fail;
        }
      if (S_ISREG (st.st_mode) && (guint64) st.st_size > max_bytes)
        {
          set_too_large_error (error, display_name, max_bytes);
          goto fail;
        }
    }

  for (;;)
    {
      gssize n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_errno_error (error, errno, display_name);
          goto fail;
        }
      if (n == 0)
        break;
      if (buffer->len + (gsize) n > max_bytes)
        {
          set_too_large_error (error, display_name, max_bytes);
          goto fail;
        }
      g_byte_array_append (buffer, chunk, n);
    }

  if (!is_stdin)
    close (fd);
  return g_byte_array_free_to_bytes (g_steal_pointer (&buffer));

fail:
  if (!is_stdin)
    close (fd);
  return NULL;
}

/* NUL bytes are left for the interpreter to judge, as CPython's tokenizer does. */
static gboolean
check_utf8 (const char  *text,
            gsize        length,
            const char  *display_name,
            GError     **error)
{
  const char *p = text;
  const char *end = text + length;

  while (p < end)
    {
      const char *stop;
      const char *line_start = text;
      int line = 1;

      if (g_utf8_validate_len (p, end - p, &stop))
        return TRUE;
      if (*stop == '\0')
        {
          p = stop + 1;
          continue;
        }

      for (const char *q = text; q < stop; q++)
        if (*q == '\n')
          {
            line++;
            line_start = q + 1;
          }
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s:%d:%ld: error: invalid UTF-8 (byte 0x%02x): scripts must be UTF-8 text",
                   display_name, line, g_utf8_strlen (line_start, stop - line_start) + 1,
                   (guint8) *stop);
      return FALSE;
    }
  return TRUE;
}

char *
bs_recording_read_source (const char  *path,
                          gsize        max_bytes,
                          gsize       *length,
                          GError     **error)
{
  g_autofree char *display_name = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *text;
  gsize size;

  g_return_val_if_fail (path != NULL, NULL);
  display_name = g_str_equal (path, "-") ? g_strdup ("<stdin>") : g_filename_display_name (path);
  bytes = read_source (path, display_name, max_bytes, error);
  if (bytes == NULL)
    return NULL;
  text = g_bytes_get_data (bytes, &size);
  if (text == NULL)
    text = "";
  if (!check_utf8 (text, size, display_name, error))
    return NULL;
  /* CPython skips a UTF-8 byte order mark. */
  if (size >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      size -= 3;
    }
  if (length != NULL)
    *length = size;
  return g_strndup (text, size);
}

/* --- the interpreter's events, to the recorder ------------------------------ */

/* What the interpreter's sinks get as their data. */
typedef struct {
  BsRecorder  *recorder;   /* Borrowed */
  BsGradCheck *check;      /* Borrowed, NULL: none */
  BsPlotSession *plots;    /* Borrowed, NULL before the interpreter is made */
} Recording;

static void
on_statement (gpointer user_data, const BsSourceSpan *span)
{
  Recording *r = user_data;

  bs_recorder_statement (r->recorder, span->line, span->col, span->end_line, span->end_col);
}

static void
on_bind_name (gpointer user_data, BsTensor *tensor, const char *name)
{
  Recording *r = user_data;

  bs_recorder_bind_name (r->recorder, tensor, name);
}

static void
on_tensor_span (gpointer user_data, BsTensor *tensor, const BsSourceSpan *span)
{
  Recording *r = user_data;
  BsTraceSpan trace_span = { span->line, span->col, span->end_line, span->end_col };

  bs_recorder_tensor_span (r->recorder, tensor, &trace_span);
}

static void
on_print (gpointer user_data, const char *text)
{
  Recording *r = user_data;

  bs_recorder_print (r->recorder, text);
}

static void
on_scope_begin (gpointer            user_data,
                BsInterpScopeKind   kind,
                const char         *label,
                const BsSourceSpan *span)
{
  Recording *r = user_data;
  BsTraceSpan trace_span = { 0 };

  if (span != NULL)
    trace_span = (BsTraceSpan) { span->line, span->col, span->end_line, span->end_col };
  bs_recorder_scope_begin (r->recorder,
                           kind == BS_INTERP_SCOPE_MODULE_CALL ? BS_TRACE_SCOPE_MODULE_CALL
                           : kind == BS_INTERP_SCOPE_CELL ? BS_TRACE_SCOPE_CELL
                                                          : BS_TRACE_SCOPE_LOOP_ITERATION,
                           label, &trace_span);
}

static void
on_scope_end (gpointer user_data)
{
  Recording *r = user_data;

  bs_recorder_scope_end (r->recorder);
}

/* plt.show(): the figure, as shown, at the step of the statement that showed it */
static void
on_figure_shown (BsPlotFigure *figure,
                 gpointer      user_data)
{
  Recording *r = user_data;

  /* left open at the end of the script or of a notebook cell */
  bs_recorder_figure (r->recorder, figure, bs_plot_session_is_at_end (r->plots));
}

static const BsInterpSink recording_sink = {
  .statement = on_statement,
  .bind_name = on_bind_name,
  .tensor_span = on_tensor_span,
  .print = on_print,
  .scope_begin = on_scope_begin,
  .scope_end = on_scope_end,
};

/* --- the engine's events, to the recorder and the checker ------------------- */

#define TO_RECORDER(cb, ...) \
  Recording *r = user_data; \
  const BsEventSink *sink = bs_recorder_get_sink (); \
  if (sink->cb != NULL) \
    sink->cb (r->recorder, __VA_ARGS__)

static void
eng_tensor_created (gpointer user_data, const BsTensorEvent *event)
{
  TO_RECORDER (tensor_created, event);
}

static void
eng_inplace (gpointer user_data, const BsInplaceEvent *event)
{
  TO_RECORDER (inplace, event);
}

static void
eng_backward_begin (gpointer user_data, const BsBackwardBeginEvent *event)
{
  TO_RECORDER (backward_begin, event);
  if (r->check != NULL)
    bs_grad_check_backward_begin (r->check, event);
}

static void
eng_node_begin (gpointer user_data, guint64 id, BsNode *node, BsTensor *grad_output)
{
  TO_RECORDER (node_begin, id, node, grad_output);
}

static void
eng_edge (gpointer user_data, const BsEdgeEvent *event)
{
  TO_RECORDER (edge, event);
}

static void
eng_accumulate (gpointer user_data, const BsAccumulateEvent *event)
{
  TO_RECORDER (accumulate, event);
  if (r->check != NULL)
    bs_grad_check_accumulate (r->check, event);
}

static void
eng_freed (gpointer user_data, guint64 id, BsNode *node)
{
  TO_RECORDER (freed, id, node);
}

static void
eng_backward_end (gpointer user_data, guint64 id, const GError *error)
{
  TO_RECORDER (backward_end, id, error);
  if (r->check != NULL)
    {
      g_autoptr(GPtrArray) results = bs_grad_check_backward_end (r->check, id, error);

      if (results != NULL)
        bs_grad_check_trace_add (r->recorder, results);
    }
}

static void
eng_grad_zeroed (gpointer user_data, BsTensor *tensor, gboolean set_to_none)
{
  TO_RECORDER (grad_zeroed, tensor, set_to_none);
}

static void
eng_optimizer_step (gpointer user_data, const char *name, BsTensor *const *params, guint n)
{
  TO_RECORDER (optimizer_step, name, params, n);
}

static void
eng_error (gpointer user_data, const GError *error, BsNode *node)
{
  TO_RECORDER (error, error, node);
}

static void
eng_requires_grad_changed (gpointer user_data, BsTensor *tensor)
{
  TO_RECORDER (requires_grad_changed, tensor);
}

static void
eng_tensor_destroyed (gpointer user_data, BsTensor *tensor)
{
  TO_RECORDER (tensor_destroyed, tensor);
}

static void
eng_node_destroyed (gpointer user_data, BsNode *node)
{
  TO_RECORDER (node_destroyed, node);
}

static const BsEventSink engine_sink = {
  .tensor_created = eng_tensor_created,
  .inplace = eng_inplace,
  .backward_begin = eng_backward_begin,
  .node_begin = eng_node_begin,
  .edge = eng_edge,
  .accumulate = eng_accumulate,
  .freed = eng_freed,
  .backward_end = eng_backward_end,
  .grad_zeroed = eng_grad_zeroed,
  .optimizer_step = eng_optimizer_step,
  .error = eng_error,
  .requires_grad_changed = eng_requires_grad_changed,
  .tensor_destroyed = eng_tensor_destroyed,
  .node_destroyed = eng_node_destroyed,
};

static gboolean
is_cancelled (gpointer data)
{
  return g_cancellable_is_cancelled (data);
}

static void
discard_output (const char *text, gpointer user_data)
{
}

/* The exception line of a CPython report: its last non-empty line. */
static char *
last_line (const char *report)
{
  g_auto(GStrv) lines = g_strsplit (report, "\n", -1);

  for (int i = g_strv_length (lines) - 1; i >= 0; i--)
    if (lines[i][0] != '\0')
      return g_strdup (lines[i]);
  return g_strdup (report);
}

/* Whether the engine already recorded the error that stopped the script (line:
 * "RuntimeError: <its message>"): an error event since the last statement began. */
static gboolean
has_error_event (BsTrace    *trace,
                 const char *line)
{
  for (guint64 i = bs_trace_get_n_events (trace); i > 0; i--)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i - 1);
      const char *text;
      gsize n, m;

      if (event->type == BS_TRACE_EVENT_STATEMENT)
        return FALSE;
      if (event->type != BS_TRACE_EVENT_ERROR
          || (text = bs_trace_get_string (trace, event->text)) == NULL)
        continue;
      n = strlen (line);
      m = strlen (text);
      if (g_str_equal (line, text)
          || (n >= m + 2 && g_str_has_suffix (line, text)
              && memcmp (line + n - m - 2, ": ", 2) == 0))
        return TRUE;
    }
  return FALSE;
}

BsTrace *
bs_recording_run (const char               *source,
                  gssize                    length,
                  const char               *filename,
                  const BsRecordingOptions *options,
                  char                    **error_text,
                  BsSourceSpan             *error_span,
                  GError                  **error)
{
  static const BsRecordingOptions defaults = { 0 };
  g_autoptr(BsRecorder) recorder = bs_recorder_new ();
  /* before the interpreter: freeing it still reports tensors destroyed to the recording */
  Recording recording = { recorder, NULL, NULL };
  g_autoptr(BsInterp) interp = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(BsGradCheck) check = NULL;
  BsInterpOptions interp_options = { 0 };

  g_return_val_if_fail (source != NULL, NULL);
  if (options == NULL)
    options = &defaults;

  bs_recorder_set_budget (recorder, options->budget);
  bs_recorder_set_progress (recorder, options->progress);
  interp_options.write_stdout = options->write_stdout != NULL ? options->write_stdout
                                                              : discard_output;
  interp_options.write_stderr = options->write_stderr != NULL ? options->write_stderr
                                                              : discard_output;
  interp_options.output_data = options->output_data;
  interp_options.max_steps = options->max_steps;
  interp_options.max_tensor_bytes = options->max_tensor_bytes;
  interp_options.max_tensor_bytes_option = options->max_tensor_bytes_option;
  interp_options.cancellable = options->cancellable;
  interp_options.engine_sink = &engine_sink;
  interp_options.interp_sink = &recording_sink;
  interp_options.sink_data = &recording;
  interp = bs_interp_new (&interp_options);
  bs_recorder_charge_to (recorder, bs_interp_get_context (interp));
  recording.plots = bs_pyplot_session (interp);
  bs_plot_session_set_show_func (recording.plots, on_figure_shown, &recording);
  if (options->grad_check != NULL)
    {
      BsGradCheckOptions check_options = *options->grad_check;

      if (check_options.stop == NULL && options->cancellable != NULL)
        {
          check_options.stop = is_cancelled;
          check_options.stop_data = options->cancellable;
        }
      check = bs_grad_check_new (bs_interp_get_context (interp), &check_options);
      recording.check = check;
    }

  if (error_span != NULL)
    *error_span = (BsSourceSpan) { 0 };
  if (!(bs_notebook_is_notebook_name (filename)
         ? bs_notebook_run (interp, source, length, filename, &local_error)
         : bs_interp_run (interp, source, length, filename != NULL ? filename : "<string>",
                          &local_error)))
    {
      g_autofree char *report = bs_interp_format_error (interp, local_error);
      BsTrace *trace = bs_recorder_get_trace (recorder);
      g_autofree char *line = last_line (report != NULL ? report : local_error->message);

      if (!has_error_event (trace, line))
        bs_recorder_error (recorder, line);
      if (error_span != NULL)
        bs_interp_error_span (interp, error_span);
      if (error_text != NULL)
        *error_text = g_steal_pointer (&report);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  else
    {
      /* The figures still open at the end are shown, as `backstep run --plots` and a
       * notebook show them: at the last step. */
      bs_plot_session_show_at_end (recording.plots);
      if (error_text != NULL)
        *error_text = NULL;
    }

  bs_recorder_close (recorder);
  bs_recorder_charge_to (recorder, NULL);
  return bs_trace_ref (bs_recorder_get_trace (recorder));
}
