/* bs-cli-options.h: what `backstep run`, `trace`, `paths` (and `export`) share
 *
 * The script argument, the interpreter's limits (--max-steps, --max-memory,
 * --timeout), the value store's budget (--budget, for the commands that
 * record), usage errors, and how a failed script is reported.
 *
 *   BsCliOptions options;
 *   bs_cli_options_init (&options, "trace", TRUE);
 *   context = g_option_context_new ("FILE.py");
 *   g_option_context_add_main_entries (context, own_entries, NULL);
 *   if ((status = bs_cli_options_parse (&options, context, argc, argv)) >= 0)
 *     return status;   // after bs_cli_options_clear()
 */
#pragma once

#include <gio/gio.h>

#include "bs-grad-check.h"
#include "bs-interp.h"
#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct {
  /* Parsed */
  const char   *command;          /* "run": for messages */
  guint64       max_steps;        /* 0: the interpreter's default */
  gsize         max_tensor_bytes; /* 0: the interpreter's default */
  double        timeout;          /* seconds, 0: none */
  gsize         budget;           /* bytes, 0: the value store's default */
  char        **files;            /* the remaining arguments: files[0] is the script */
  char         *display_name;     /* the script, for messages: "seed.py", "<stdin>" */
  char         *script_name;      /* the script as tracebacks name it (absolute) */
  GCancellable *cancellable;      /* cancelled when --timeout runs out */
  const BsGradCheckOptions *grad_check;  /* set by `check` before recording; NULL: none */

  /* The recorded run's failure (bs_cli_options_record) */
  GError       *run_error;        /* NULL: it ran to the end */
  char         *run_report;       /* what CPython would print on stderr */
  BsSourceSpan  run_span;         /* where it stopped, line 0: unknown */
  gboolean      timed_out;
  gint64        deadline;         /* g_get_monotonic_time() when --timeout runs out, 0: none
                                   * (set when the watchdog first starts) */

  /* Private */
  gboolean      with_budget;
  char         *max_steps_text;
  char         *max_memory_text;
  char         *timeout_text;
  char         *budget_text;
  char         *timeout_message;
  gpointer      watchdog;
} BsCliOptions;

void     bs_cli_options_init          (BsCliOptions   *self,
                                       const char     *command,
                                       gboolean        with_budget);
void     bs_cli_options_clear         (BsCliOptions   *self);

/* Adds the shared options to context's main group, parses argv (argv[0] is the
 * command's name) and checks them: one script argument, sizes and numbers well
 * formed. Returns -1 when all is well, else the exit status (2) after printing
 * the usage error. */
int      bs_cli_options_parse         (BsCliOptions   *self,
                                       GOptionContext *context,
                                       int             argc,
                                       char          **argv);

/* The script's text, or NULL after printing why not (exit status 1). */
char    *bs_cli_options_read_script   (BsCliOptions   *self,
                                       gsize          *length);

/* Starts and stops the --timeout watchdog around the run (nothing without
 * --timeout). Stopping returns whether it cancelled the script. Started again, it keeps
 * the first start's deadline (export: the picture is made within the same time). */
void     bs_cli_options_start_timeout (BsCliOptions   *self);
gboolean bs_cli_options_stop_timeout  (BsCliOptions   *self);

/* Reports a failed run on stderr (after flushing stdout) and returns its exit
 * status, 1: a stopped limit or timeout as "backstep: ..." with the option that
 * raises it, else report (CPython's traceback) or the error's message. span:
 * where it stopped, or NULL. */
int      bs_cli_options_report_failure (BsCliOptions       *self,
                                        const GError       *error,
                                        const char         *report,
                                        const BsSourceSpan *span,
                                        gboolean            timed_out);

/* Reads and runs the script with a recorder attached, under the limits, budget and
 * timeout given, and returns its trace: the whole run, or the run up to the error
 * that stopped it (then run_error and the fields after it are set). The script's
 * print() output goes to stdout when echo_stdout, else only to the trace; warnings
 * go to stderr. NULL when the script cannot be read (said on stderr, exit status 1). */
BsTrace *bs_cli_options_record        (BsCliOptions   *self,
                                       gboolean        echo_stdout);
/* 0 when the recorded run ended well; else reports its failure and returns 1. */
int      bs_cli_options_report_run    (BsCliOptions   *self);

/* A backward call's roots, from its backward_begin event: "loss", or "a and b". */
char    *bs_cli_format_roots          (BsTrace            *trace,
                                       const BsTraceEvent *begin);

/* "backstep COMMAND: message" and a hint at --help on stderr; returns 2. */
int      bs_cli_usage_error           (const char     *command,
                                       const char     *format,
                                       ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
