/* bs-cli-run.c: `backstep run FILE.py`, a script run headless as `python3 FILE.py` would */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <stdio.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-interp.h"
#include "bs-notebook.h"
#include "bs-plot-renderer.h"
#include "bs-pyplot.h"

/* --plots DIR: every figure plt.show() shows, as DIR/figure-N.png (or .svg) */
typedef struct {
  const char   *dir;       /* NULL: figures are not written */
  BsPlotFormat  format;
  guint         written;
  GError       *error;     /* the first figure that could not be written */
} Plots;

static void
write_figure (BsPlotFigure *figure,
              gpointer      user_data)
{
  Plots *plots = user_data;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (plots->dir == NULL || plots->error != NULL)
    return;
  name = g_strdup_printf ("figure-%u.%s", ++plots->written,
                          bs_plot_format_extension (plots->format));
  path = g_build_filename (plots->dir, name, NULL);
  if (!bs_plot_figure_write (figure, plots->format, path, &plots->error))
    g_prefix_error (&plots->error, "cannot write %s: ", path);
}

static int
run (BsCliOptions *cli,
     Plots        *plots)
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
  bs_plot_session_set_show_func (bs_pyplot_session (interp), write_figure, plots);

  bs_cli_options_start_timeout (cli);
  if (bs_notebook_is_notebook_name (cli->script_name))
    ok = bs_notebook_run (interp, text, length, cli->script_name, &error);
  else
    ok = bs_interp_run (interp, text, length, cli->script_name, &error);
  timed_out = bs_cli_options_stop_timeout (cli);
  /* the figures still open at the end are shown too, as a notebook shows them */
  if (ok)
    bs_plot_session_show_at_end (bs_pyplot_session (interp));
  if (plots->error != NULL)
    {
      fprintf (stderr, "backstep run: %s\n", plots->error->message);
      if (ok)
        return 1;
    }
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
  g_autofree char *plots_dir = NULL;
  g_autofree char *plot_format = NULL;
  Plots plots = { NULL, BS_PLOT_FORMAT_PNG, 0, NULL };
  const GOptionEntry entries[] = {
    { "plots", 0, 0, G_OPTION_ARG_FILENAME, &plots_dir,
      "Write every figure plt.show() shows (and those open at the end) as "
      "DIR/figure-N.png", "DIR" },
    { "plot-format", 0, 0, G_OPTION_ARG_STRING, &plot_format,
      "The figures' format: png (the default), svg or pdf", "FORMAT" },
    { NULL },
  };
  BsCliOptions cli;
  int status;

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "run", FALSE);
  context = g_option_context_new ("FILE.py|FILE.ipynb");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) on Backstep's engine and prints what\n"
    "it prints. The exit status is 0, or 1 with the traceback on standard error, as\n"
    "with python3 FILE.py.");
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0 && plot_format != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (plots_dir == NULL)
        {
          fprintf (stderr, "backstep run: --plot-format needs --plots DIR\n");
          status = 2;
        }
      else if (!bs_plot_format_from_name (plot_format, &plots.format, &error))
        {
          fprintf (stderr, "backstep run: --plot-format: %s\n", error->message);
          status = 2;
        }
    }
  if (status < 0 && plots_dir != NULL && g_mkdir_with_parents (plots_dir, 0755) != 0)
    {
      int saved_errno = errno;

      fprintf (stderr, "backstep run: cannot make the directory %s: %s\n", plots_dir,
               g_strerror (saved_errno));
      status = 1;
    }
  plots.dir = plots_dir;
  if (status < 0)
    status = run (&cli, &plots);
  g_clear_error (&plots.error);
  bs_cli_options_clear (&cli);
  return status;
}
