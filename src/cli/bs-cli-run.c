/* bs-cli-run.c: `backstep run FILE.py`, a script run headless as `python3 FILE.py` would */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs-cli.h"
#include "bs-interp.h"
#include "bs-recording.h"

#define MAX_SOURCE_BYTES    (10 * 1024 * 1024)
#define MAX_TIMEOUT_SECONDS (7 * 24 * 3600.0)
/* How long a cancelled script may take to reach its next statement (one long tensor op,
 * say) before the process is ended anyway: --timeout is a promise. */
#define CANCEL_GRACE_USEC   (5 * G_USEC_PER_SEC)

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

static void
watchdog_start (Watchdog     *dog,
                double        seconds,
                const char   *message,
                GCancellable *cancellable)
{
  g_mutex_init (&dog->lock);
  g_cond_init (&dog->cond);
  dog->done = FALSE;
  dog->fired = FALSE;
  dog->deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  dog->message = message;
  dog->cancellable = cancellable;
  dog->thread = g_thread_new ("bs-timeout", watchdog_thread, dog);
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
  return fired;
}

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

static int
usage_error (const char *format,
             ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "backstep run: %s\nTry 'backstep run --help' for more information.\n",
           message);
  return 2;
}

int
bs_cli_run (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(BsInterp) interp = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *max_steps_text = NULL;
  g_autofree char *max_memory_text = NULL;
  g_autofree char *timeout_text = NULL;
  g_autofree char *display_name = NULL;
  g_autofree char *script_name = NULL;
  g_autofree char *timeout_message = NULL;
  BsInterpOptions options = { 0 };
  Watchdog watchdog = { 0 };
  g_autofree char *text = NULL;
  gsize length;
  double timeout = 0;
  gboolean ok;
  const GOptionEntry entries[] = {
    { "max-steps", 0, 0, G_OPTION_ARG_STRING, &max_steps_text,
      "Stop after N interpreter steps (default: no limit)", "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &max_memory_text,
      "Cap tensor memory, e.g. 512M (default: 1G)", "SIZE" },
    { "timeout", 0, 0, G_OPTION_ARG_STRING, &timeout_text,
      "Stop after SECONDS seconds (default: no limit)", "SECONDS" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  /* argv[0] names the program in --help's usage line. */
  args = g_new0 (char *, argc + 1);
  args[0] = g_strdup ("backstep run");
  for (int i = 1; i < argc; i++)
    args[i] = g_strdup (argv[i]);

  context = g_option_context_new ("FILE.py");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) on Backstep's engine and prints what\n"
    "it prints. The exit status is 0, or 1 with the traceback on standard error, as\n"
    "with python3 FILE.py.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse_strv (context, &args, &error))
    return usage_error ("%s", error->message);
  if (files == NULL || files[0] == NULL)
    return usage_error ("no script given (FILE.py, or - for standard input)");
  if (files[1] != NULL)
    return usage_error ("one script at a time: '%s' is one too many", files[1]);

  if (max_steps_text != NULL && !parse_steps (max_steps_text, &options.max_steps))
    return usage_error ("--max-steps: expected a positive whole number, not '%s'",
                        max_steps_text);
  if (max_memory_text != NULL && !parse_size (max_memory_text, &options.max_tensor_bytes))
    return usage_error ("--max-memory: expected a size such as 512M or 2G, not '%s'",
                        max_memory_text);
  if (timeout_text != NULL && !parse_seconds (timeout_text, &timeout))
    return usage_error ("--timeout: expected a positive number of seconds, not '%s'",
                        timeout_text);

  if (g_str_equal (files[0], "-"))
    {
      display_name = g_strdup ("<stdin>");
      script_name = g_strdup ("<stdin>");
    }
  else
    {
      g_autofree char *absolute = g_canonicalize_filename (files[0], NULL);

      display_name = g_filename_display_name (files[0]);
      /* CPython names the main script by its absolute path in tracebacks. */
      script_name = g_filename_display_name (absolute);
    }

  text = bs_recording_read_source (files[0], MAX_SOURCE_BYTES, &length, &error);
  if (text == NULL)
    {
      fprintf (stderr, "backstep run: %s\n", error->message);
      return 1;
    }

  cancellable = g_cancellable_new ();
  options.cancellable = cancellable;
  interp = bs_interp_new (&options);

  if (timeout > 0)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (number, sizeof number, "%g", timeout);
      timeout_message = g_strdup_printf ("backstep run: %s: stopped after %s second%s (--timeout)",
                                         display_name, number, timeout == 1 ? "" : "s");
      watchdog_start (&watchdog, timeout, timeout_message, cancellable);
    }
  ok = bs_interp_run (interp, text, length, script_name, &error);
  if (timeout > 0 && watchdog_stop (&watchdog) && !ok
      && g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_CANCELLED))
    {
      BsSourceSpan span;

      fflush (stdout);
      if (bs_interp_error_span (interp, &span))
        fprintf (stderr, "%s, at line %d\n", timeout_message, span.line);
      else
        fprintf (stderr, "%s\n", timeout_message);
      return 1;
    }
  if (!ok && (g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_CANCELLED)
              || (g_error_matches (error, BS_INTERP_ERROR, BS_INTERP_ERROR_LIMIT)
                  && g_str_has_prefix (error->message, "stopped at "))))
    {
      /* a limit: say which, where, and the option that raises it */
      static const struct { const char *limit; const char *option; } hints[] = {
        { "(the step budget)", "--max-steps" },
        { "(the tensor-memory cap)", "--max-memory" },
      };
      GString *message = g_string_new (error->message);

      for (guint i = 0; i < G_N_ELEMENTS (hints); i++)
        if (g_str_has_suffix (message->str, hints[i].limit))
          {
            g_string_truncate (message, message->len - 1);
            g_string_append_printf (message, "; raise it with %s)", hints[i].option);
          }
      fflush (stdout);
      fprintf (stderr, "backstep: %s\n", message->str);
      g_string_free (message, TRUE);
      return 1;
    }
  if (!ok)
    {
      g_autofree char *report = bs_interp_format_error (interp, error);

      fflush (stdout);
      fputs (report != NULL ? report : error->message, stderr);
      if (report == NULL || !g_str_has_suffix (report, "\n"))
        fputc ('\n', stderr);
      return 1;
    }

  if (fflush (stdout) != 0)
    {
      int saved_errno = errno;

      fprintf (stderr, "backstep run: cannot write the output: %s\n", g_strerror (saved_errno));
      return 1;
    }
  return 0;
}
