/* bs-cli-trace.c: `backstep trace FILE.py [-o OUT.jsonl]`, a run's trace as JSON Lines */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-trace-json.h"

static gboolean
write_stdout (const char *data,
              gsize       length,
              gpointer    user_data)
{
  if (fwrite (data, 1, length, stdout) != length || fflush (stdout) != 0)
    {
      int saved_errno = errno;

      fprintf (stderr, "backstep trace: cannot write the trace: %s\n", g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* Whether output is where standard output goes already (-o /dev/stdout). */
static gboolean
is_stdout (const char *output)
{
  GStatBuf out, st;

  return output == NULL || g_str_equal (output, "-")
         || (g_stat (output, &st) == 0 && fstat (STDOUT_FILENO, &out) == 0
             && st.st_dev == out.st_dev && st.st_ino == out.st_ino);
}

static int
trace (BsCliOptions *cli,
       const char   *output)
{
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  gboolean to_stdout = output == NULL || g_str_equal (output, "-");

  /* On stdout the script's own output would corrupt the JSON: there it is in the
   * trace's print events only. */
  trace = bs_cli_options_record (cli, !is_stdout (output));
  if (trace == NULL)
    return 1;

  if (to_stdout)
    {
      if (!bs_trace_json_write (trace, write_stdout, NULL))
        return 1;
    }
  else if (!bs_trace_json_write_file (trace, output, &error))
    {
      fprintf (stderr, "backstep trace: %s\n", error->message);
      return 1;
    }
  /* the script's prints went to standard output: losing them is a failure, as for run */
  else if (!is_stdout (output) && (fflush (stdout) != 0 || ferror (stdout)))
    {
      int saved_errno = errno != 0 ? errno : EIO;

      fprintf (stderr, "backstep trace: cannot write the output: %s\n",
               g_strerror (saved_errno));
      return 1;
    }
  /* The trace is written up to the error, which is then reported as `run` does. */
  return bs_cli_options_report_run (cli);
}

int
bs_cli_trace (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *output = NULL;
  BsCliOptions cli;
  int status;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the trace to OUT.jsonl, atomically (default: standard output)", "OUT.jsonl" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "trace", TRUE);
  context = g_option_context_new ("FILE.py");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) with a recorder attached and writes\n"
    "what happened as JSON Lines: a header, then one object per event (statement, node,\n"
    "edge, accumulate, freed, error, print, ...), each with its \"type\" and \"step\";\n"
    "README.md describes every field. With -o, the script's print() output goes to\n"
    "standard output as with `backstep run`; without, it is in the trace only.\n"
    "\n"
    "A script that raises still has its trace written, up to and including the error\n"
    "event; then the traceback goes to standard error and the exit status is 1.");
  g_option_context_add_main_entries (context, entries, NULL);
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0)
    status = trace (&cli, output);
  bs_cli_options_clear (&cli);
  return status;
}
