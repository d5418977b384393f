/* bs-cli-run.c: `backstep run FILE.py`, a script run headless as `python3 FILE.py` would */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <stdio.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-interp.h"

static int
run (BsCliOptions *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsInterp) interp = NULL;
  g_autofree char *text = NULL;
  BsInterpOptions options = { 0 };
  gsize length;
  gboolean ok, timed_out;

  text = bs_cli_options_read_script (cli, &length);
  if (text == NULL)
    return 1;

  options.max_steps = cli->max_steps;
  options.max_tensor_bytes = cli->max_tensor_bytes;
  options.max_tensor_bytes_option = "--max-memory";
  options.cancellable = cli->cancellable;
  interp = bs_interp_new (&options);

  bs_cli_options_start_timeout (cli);
  ok = bs_interp_run (interp, text, length, cli->script_name, &error);
  timed_out = bs_cli_options_stop_timeout (cli);
  if (!ok)
    {
      g_autofree char *report = bs_interp_format_error (interp, error);
      BsSourceSpan span;
      gboolean has_span = bs_interp_error_span (interp, &span);

      return bs_cli_options_report_failure (cli, error, report, has_span ? &span : NULL,
                                            timed_out);
    }

  if (fflush (stdout) != 0)
    {
      int saved_errno = errno;

      fprintf (stderr, "backstep run: cannot write the output: %s\n", g_strerror (saved_errno));
      return 1;
    }
  return 0;
}

int
bs_cli_run (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  BsCliOptions cli;
  int status;

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "run", FALSE);
  context = g_option_context_new ("FILE.py");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) on Backstep's engine and prints what\n"
    "it prints. The exit status is 0, or 1 with the traceback on standard error, as\n"
    "with python3 FILE.py.");
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0)
    status = run (&cli);
  bs_cli_options_clear (&cli);
  return status;
}
