/* bs-cli-options.c: what `backstep run`, `trace`, `paths` (and `export`) share */
#define G_LOG_DOMAIN "bs-cli"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bs-cli-options.h"
#include "bs-notebook.h"
#include "bs-recording.h"

#define MAX_SOURCE_BYTES    (10 * 1024 * 1024)
#define MAX_TIMEOUT_SECONDS (7 * 24 * 3600.0)
/* How long a cancelled script may take to reach its next statement (one long tensor op,
 * say) before the process is ended anyway: --timeout is a promise. */
#define CANCEL_GRACE_USEC   (5 * G_USEC_PER_SEC)

/* --- the --timeout watchdog ------------------------------------------------- */

/* A thread that cancels the script when --timeout runs out. */
typedef struct {
  GMutex        lock;
  GCond         cond;
  gboolean      done;
  gboolean      fired;
  gint64        deadline;
  const char   *message;
  GCancellable *cancellable;  /* Borrowed */
  GThread      *thread;
} Watchdog;

static gboolean
watchdog_wait_done (Watchdog *dog,
                    gint64    until)
{
  while (!dog->done)
    if (!g_cond_wait_until (&dog->cond, &dog->lock, until))
      break;
  return dog->done;
}

static gpointer
watchdog_thread (gpointer data)
{
  Watchdog *dog = data;
  gboolean done;

  g_mutex_lock (&dog->lock);
  done = watchdog_wait_done (dog, dog->deadline);
  dog->fired = !done;
  g_mutex_unlock (&dog->lock);
  if (done)
    return NULL;

  g_cancellable_cancel (dog->cancellable);

  g_mutex_lock (&dog->lock);
  done = watchdog_wait_done (dog, g_get_monotonic_time () + CANCEL_GRACE_USEC);
  g_mutex_unlock (&dog->lock);
  if (!done)
    {
      fflush (stdout);
      fprintf (stderr, "%s\n", dog->message);
      _exit (1);
    }
  return NULL;
}

static Watchdog *
watchdog_start (gint64        deadline,
                const char   *message,
                GCancellable *cancellable)
{
  Watchdog *dog = g_new0 (Watchdog, 1);

  g_mutex_init (&dog->lock);
  g_cond_init (&dog->cond);
  dog->deadline = deadline;
  dog->message = message;
  dog->cancellable = cancellable;
  dog->thread = g_thread_new ("bs-timeout", watchdog_thread, dog);
  return dog;
}

/* Returns whether the watchdog cancelled the script. */
static gboolean
watchdog_stop (Watchdog *dog)
{
  gboolean fired;

  g_mutex_lock (&dog->lock);
  dog->done = TRUE;
  g_cond_signal (&dog->cond);
  g_mutex_unlock (&dog->lock);
  g_thread_join (dog->thread);

  fired = dog->fired;
  g_cond_clear (&dog->cond);
  g_mutex_clear (&dog->lock);
  g_free (dog);
  return fired;
}

/* --- parsing ---------------------------------------------------------------- */

/* A positive whole number. */
static gboolean
parse_steps (const char *text,
             guint64    *steps)
{
  return g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT64, steps, NULL);
}

/* A positive byte count with an optional binary suffix: 1048576, 64K, 512M, 1.5G, 2GiB. */
static gboolean
parse_size (const char *text,
            gsize      *bytes)
{
  static const char units[] = "KMGT";
  const char *unit;
  char *end;
  double value;

  if (!g_ascii_isdigit (text[0]) && text[0] != '.')
    return FALSE;
  value = g_ascii_strtod (text, &end);
  if (*end != '\0' && (unit = strchr (units, g_ascii_toupper (*end))) != NULL)
    {
      value *= (double) ((guint64) 1 << (10 * (unit - units + 1)));
      end++;
      if (end[0] == 'i' && end[1] == 'B')
        end++;
    }
  if (g_ascii_toupper (*end) == 'B')
    end++;
  if (*end != '\0' || !(value >= 1) || value >= (double) G_MAXSIZE)
    return FALSE;
  *bytes = (gsize) value;
  return TRUE;
}

static gboolean
parse_seconds (const char *text,
               double     *seconds)
{
  char *end;

  if (!g_ascii_isdigit (text[0]) && text[0] != '.')
    return FALSE;
  *seconds = g_ascii_strtod (text, &end);
  return *end == '\0' && *seconds > 0 && *seconds <= MAX_TIMEOUT_SECONDS;
}

int
bs_cli_usage_error (const char *command,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "backstep %s: %s\nTry 'backstep %s --help' for more information.\n",
           command, message, command);
  return 2;
}

void
bs_cli_options_init (BsCliOptions *self,
                     const char   *command,
                     gboolean      with_budget)
{
  g_return_if_fail (self != NULL && command != NULL);
  memset (self, 0, sizeof *self);
  self->command = command;
  self->with_budget = with_budget;
  self->cancellable = g_cancellable_new ();
}

void
bs_cli_options_clear (BsCliOptions *self)
{
  g_return_if_fail (self->watchdog == NULL);
  g_clear_pointer (&self->files, g_strfreev);
  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->script_name, g_free);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->max_steps_text, g_free);
  g_clear_pointer (&self->max_memory_text, g_free);
  g_clear_pointer (&self->timeout_text, g_free);
  g_clear_pointer (&self->budget_text, g_free);
  g_clear_pointer (&self->timeout_message, g_free);
  g_clear_error (&self->run_error);
  g_clear_pointer (&self->run_report, g_free);
}

int
bs_cli_options_parse (BsCliOptions   *self,
                      GOptionContext *context,
                      int             argc,
                      char          **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  const GOptionEntry entries[] = {
    { "max-steps", 0, 0, G_OPTION_ARG_STRING, &self->max_steps_text,
      "Stop after N interpreter steps (default: no limit)", "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &self->max_memory_text,
      "Cap tensor memory, e.g. 512M (default: 1G)", "SIZE" },
    { "timeout", 0, 0, G_OPTION_ARG_STRING, &self->timeout_text,
      "Stop after SECONDS seconds (default: no limit)", "SECONDS" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &self->files, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  const GOptionEntry budget_entries[] = {
    { "budget", 0, 0, G_OPTION_ARG_STRING, &self->budget_text,
      "Keep at most SIZE of recorded values, e.g. 64M; later ones are summarised "
      "(default: 256M)", "SIZE" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  /* argv[0] names the program in --help's usage line. */
  args = g_new0 (char *, argc + 1);
  args[0] = g_strdup_printf ("backstep %s", self->command);
  for (int i = 1; i < argc; i++)
    args[i] = g_strdup (argv[i]);

  g_option_context_add_main_entries (context, entries, NULL);
  if (self->with_budget)
    g_option_context_add_main_entries (context, budget_entries, NULL);
  if (!g_option_context_parse_strv (context, &args, &error))
    return bs_cli_usage_error (self->command, "%s", error->message);
  if (self->files == NULL || self->files[0] == NULL)
    return bs_cli_usage_error (self->command,
                               "no script given (FILE.py, or - for standard input)");
  if (self->files[1] != NULL)
    return bs_cli_usage_error (self->command, "one script at a time: '%s' is one too many",
                               self->files[1]);

  if (self->max_steps_text != NULL && !parse_steps (self->max_steps_text, &self->max_steps))
    return bs_cli_usage_error (self->command,
                               "--max-steps: expected a positive whole number, not '%s'",
                               self->max_steps_text);
  if (self->max_memory_text != NULL
      && !parse_size (self->max_memory_text, &self->max_tensor_bytes))
    return bs_cli_usage_error (self->command,
                               "--max-memory: expected a size such as 512M or 2G, not '%s'",
                               self->max_memory_text);
  if (self->timeout_text != NULL && !parse_seconds (self->timeout_text, &self->timeout))
    return bs_cli_usage_error (self->command,
                               "--timeout: expected a positive number of seconds, not '%s'",
                               self->timeout_text);
  if (self->budget_text != NULL && !parse_size (self->budget_text, &self->budget))
    return bs_cli_usage_error (self->command,
                               "--budget: expected a size such as 64M or 1G, not '%s'",
                               self->budget_text);

  if (g_str_equal (self->files[0], "-"))
    {
      self->display_name = g_strdup ("<stdin>");
      self->script_name = g_strdup ("<stdin>");
    }
  else
    {
      g_autofree char *absolute = g_canonicalize_filename (self->files[0], NULL);

      self->display_name = g_filename_display_name (self->files[0]);
      /* CPython names the main script by its absolute path in tracebacks. */
      self->script_name = g_filename_display_name (absolute);
    }
  return -1;
}

char *
bs_cli_options_read_script (BsCliOptions *self,
                            gsize        *length)
{
  g_autoptr(GError) error = NULL;
  char *text;

  text = bs_recording_read_source (self->files[0], MAX_SOURCE_BYTES, length, &error);
  if (text == NULL)
    fprintf (stderr, "backstep %s: %s\n", self->command, error->message);
  else if (bs_notebook_is_notebook_name (self->script_name))
    {
      /* a notebook runs as its cell view (bs-notebook.h) */
      g_autoptr(BsNotebook) notebook = bs_notebook_new_from_data (text, *length, &error);

      g_free (text);
      if (notebook == NULL)
        {
          fprintf (stderr, "backstep %s: %s: %s\n", self->command, self->display_name,
                   error->message);
          return NULL;
        }
      text = g_strdup (bs_notebook_get_text (notebook));
      *length = strlen (text);
    }
  return text;
}

void
bs_cli_options_start_timeout (BsCliOptions *self)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (self->watchdog == NULL);
  if (self->timeout <= 0)
    return;
  g_ascii_formatd (number, sizeof number, "%g", self->timeout);
  g_free (self->timeout_message);
  self->timeout_message = g_strdup_printf ("backstep %s: %s: stopped after %s second%s "
                                           "(--timeout)", self->command, self->display_name,
                                           number, self->timeout == 1 ? "" : "s");
  if (self->deadline == 0)
    self->deadline = g_get_monotonic_time () + (gint64) (self->timeout * G_USEC_PER_SEC);
  self->watchdog = watchdog_start (self->deadline, self->timeout_message, self->cancellable);
}

gboolean
bs_cli_options_stop_timeout (BsCliOptions *self)
{
  Watchdog *dog = g_steal_pointer (&self->watchdog);

  return dog != NULL && watchdog_stop (dog);
}

int
bs_cli_options_report_failure (BsCliOptions       *self,
                               const GError       *error,
                               const char         *report,
                               const BsSourceSpan *span,
                               gboolean            timed_out)
{
  g_return_val_if_fail (error != NULL, 1);

  fflush (stdout);
  if (timed_out && self->timeout_message != NULL
      && g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_CANCELLED))
    {
      if (span != NULL && span->line > 0)
        fprintf (stderr, "%s, at line %d\n", self->timeout_message, span->line);
      else
        fprintf (stderr, "%s\n", self->timeout_message);
      return 1;
    }
  if (g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_CANCELLED)
      || (g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_LIMIT)
          && g_str_has_prefix (error->message, "stopped at ")))
    {
      /* a limit: say which, where, and the option that raises it */
      static const struct { const char *limit; const char *option; } hints[] = {
        { "(the step budget)", "--max-steps" },
        { "(the tensor-memory cap)", "--max-memory" },
      };
      g_autoptr(GString) message = g_string_new (error->message);

      for (guint i = 0; i < G_N_ELEMENTS (hints); i++)
        if (g_str_has_suffix (message->str, hints[i].limit))
          {
            g_string_truncate (message, message->len - 1);
            g_string_append_printf (message, "; raise it with %s)", hints[i].option);
          }
      fprintf (stderr, "backstep: %s\n", message->str);
      return 1;
    }
  fputs (report != NULL ? report : error->message, stderr);
  if (report == NULL || !g_str_has_suffix (report, "\n"))
    fputc ('\n', stderr);
  return 1;
}

/* --- recording ---------------------------------------------------------------- */

static void
write_stdout (const char *text,
              gpointer    user_data)
{
  fputs (text, stdout);
}

static void
write_stderr (const char *text,
              gpointer    user_data)
{
  fflush (stdout);
  fputs (text, stderr);
}

BsTrace *
bs_cli_options_record (BsCliOptions *self,
                       gboolean      echo_stdout)
{
  g_autofree char *text = NULL;
  BsRecordingOptions options = { 0 };
  BsTrace *trace;
  gsize length;

  g_return_val_if_fail (self->run_error == NULL, NULL);
  text = bs_cli_options_read_script (self, &length);
  if (text == NULL)
    return NULL;

  options.budget = self->budget;
  options.max_steps = self->max_steps;
  options.max_tensor_bytes = self->max_tensor_bytes;
  options.max_tensor_bytes_option = "--max-memory";
  options.cancellable = self->cancellable;
  options.grad_check = self->grad_check;
  options.write_stderr = write_stderr;
  options.write_stdout = echo_stdout ? write_stdout : NULL;

  bs_cli_options_start_timeout (self);
  trace = bs_recording_run (text, (gssize) length, self->script_name, &options,
                            &self->run_report, &self->run_span, &self->run_error);
  self->timed_out = bs_cli_options_stop_timeout (self);
  return trace;
}

int
bs_cli_options_report_run (BsCliOptions *self)
{
  if (self->run_error == NULL)
    return 0;
  return bs_cli_options_report_failure (self, self->run_error, self->run_report,
                                        self->run_span.line > 0 ? &self->run_span : NULL,
                                        self->timed_out);
}

char *
bs_cli_format_roots (BsTrace            *trace,
                     const BsTraceEvent *begin)
{
  const guint32 *roots = bs_trace_get_list (trace, begin->aux);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < begin->n_aux; i++)
    {
      g_autofree char *label = bs_trace_tensor_label (trace, roots[3 * i], NULL);

      if (i > 0)
        g_string_append (text, i + 1 == begin->n_aux ? " and " : ", ");
      g_string_append (text, label);
    }
  return g_string_free (text, FALSE);
}
