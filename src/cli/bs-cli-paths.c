/* bs-cli-paths.c: `backstep paths FILE.py --of L --wrt w1`, the chain rule path by path */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <stdio.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-paths.h"

/* The tensor called name when backward began: the one bound to it last (as Python
 * would find it), else the latest bound to it at all ("self.fc1.weight" before
 * "model.fc1.weight" took over), else 0. */
static guint32
find_tensor (BsTrace    *trace,
             guint32     backward,
             const char *name)
{
  guint32 tensor = bs_paths_find_tensor (trace, backward, name);
  gint64 begin = bs_trace_find_backward (trace, backward);

  if (tensor != 0 || begin < 0)
    return tensor;
  for (gint64 i = begin - 1; i >= 0; i--)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, (guint64) i);

      if (event->type == BS_TRACE_EVENT_BIND
          && g_strcmp0 (bs_trace_get_string (trace, event->text), name) == 0)
        return event->tensor;
    }
  return 0;
}

static gboolean
is_root (BsTrace            *trace,
         const BsTraceEvent *begin,
         guint32             tensor)
{
  const guint32 *roots = bs_trace_get_list (trace, begin->aux);

  for (guint i = 0; i < begin->n_aux; i++)
    if (roots[3 * i] == tensor)
      return TRUE;
  return FALSE;
}

static int
fail (const char *format,
      ...) G_GNUC_PRINTF (1, 2);

static int
fail (const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fflush (stdout);
  fprintf (stderr, "backstep paths: %s\n", message);
  return 1;
}

/* Picks the backward call: the n-th (from 1), or 0 for the last that started from
 * the tensor named of. Returns its backward_begin event, or NULL after saying why. */
static const BsTraceEvent *
choose_backward (BsTrace    *trace,
                 guint64     n,
                 const char *of,
                 guint32    *of_tensor)
{
  g_autoptr(GArray) begins = g_array_new (FALSE, FALSE, sizeof (guint64));
  const BsTraceEvent *begin;
  gboolean named = FALSE;

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    if (bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_BACKWARD_BEGIN)
      g_array_append_val (begins, i);

  if (begins->len == 0)
    {
      fail ("the script made no backward call (backward() or torch.autograd.grad())");
      return NULL;
    }
  if (n > begins->len)
    {
      fail ("no backward call %" G_GUINT64_FORMAT ": the script made %u", n, begins->len);
      return NULL;
    }

  if (n > 0)
    {
      g_autofree char *roots = NULL;

      begin = bs_trace_get_event (trace, g_array_index (begins, guint64, n - 1));
      *of_tensor = find_tensor (trace, begin->backward, of);
      if (*of_tensor == 0)
        {
          fail ("no tensor named %s when backward call %" G_GUINT64_FORMAT " began", of, n);
          return NULL;
        }
      if (is_root (trace, begin, *of_tensor))
        return begin;
      roots = bs_cli_format_roots (trace, begin);
      fail ("backward call %" G_GUINT64_FORMAT " started from %s, not from %s", n, roots, of);
      return NULL;
    }

  for (guint i = begins->len; i > 0; i--)
    {
      begin = bs_trace_get_event (trace, g_array_index (begins, guint64, i - 1));
      *of_tensor = find_tensor (trace, begin->backward, of);
      named = named || *of_tensor != 0;
      if (*of_tensor != 0 && is_root (trace, begin, *of_tensor))
        return begin;
    }
  if (!named)
    fail ("no tensor named %s", of);
  else
    fail ("no backward call started from %s (the script made %u; choose one with --backward)",
          of, begins->len);
  return NULL;
}

static int
paths (BsCliOptions *cli,
       const char   *of,
       const char   *wrt,
       guint64       n_backward,
       guint         limit)
{
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsPaths) paths = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const BsTraceEvent *begin;
  guint32 of_tensor = 0, wrt_tensor;
  int status;

  /* The script's own output would mix with the paths: it is not shown. */
  trace = bs_cli_options_record (cli, FALSE);
  if (trace == NULL)
    return 1;
  /* A script that raised still has the backward calls made before the error. */
  status = bs_cli_options_report_run (cli);

  begin = choose_backward (trace, n_backward, of, &of_tensor);
  if (begin == NULL)
    return 1;
  wrt_tensor = find_tensor (trace, begin->backward, wrt);
  if (wrt_tensor == 0)
    return fail ("no tensor named %s when the backward call from %s began", wrt, of);

  paths = bs_paths_compute (trace, begin->backward, wrt_tensor, limit, &error);
  if (paths == NULL)
    return fail ("%s", error->message);
  text = bs_paths_format (paths);
  fputs (text, stdout);
  if (fflush (stdout) != 0)
    {
      int saved_errno = errno;

      return fail ("cannot write the output: %s", g_strerror (saved_errno));
    }
  if (bs_paths_get_check (paths) == BS_PATHS_CHECK_MISMATCH)
    return fail ("the sum of the paths differs from what backward computed");
  return status;
}

/* A whole number in [1, max]. */
static gboolean
parse_count (const char *text,
             guint64     max,
             guint64    *value)
{
  return g_ascii_string_to_unsigned (text, 10, 1, max, value, NULL);
}

int
bs_cli_paths (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *of = NULL;
  g_autofree char *wrt = NULL;
  g_autofree char *backward_text = NULL;
  g_autofree char *limit_text = NULL;
  guint64 backward = 0, limit = BS_PATHS_DEFAULT_LIMIT;
  BsCliOptions cli;
  int status;
  const GOptionEntry entries[] = {
    { "of", 0, 0, G_OPTION_ARG_STRING, &of,
      "The tensor differentiated: a root of the backward call, e.g. L (required)", "NAME" },
    { "wrt", 0, 0, G_OPTION_ARG_STRING, &wrt,
      "The tensor the gradient is taken with respect to, e.g. w1 (required)", "NAME" },
    { "backward", 0, 0, G_OPTION_ARG_STRING, &backward_text,
      "The script's N-th backward call, from 1, counting backward() and "
      "torch.autograd.grad() (default: the last one that started from --of)", "N" },
    { "limit", 0, 0, G_OPTION_ARG_STRING, &limit_text,
      "List at most N paths; all are still counted and summed (default: 1000)", "N" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "paths", TRUE);
  context = g_option_context_new ("FILE.py --of NAME --wrt NAME");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) with a recorder attached and, for one\n"
    "of its backward calls, prints every path in the graph from the --of tensor to the\n"
    "--wrt tensor with the local gradients along it and their product:\n"
    "\n"
    "  L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2\n"
    "\n"
    "then a line beginning with \"sum\": the sum of all paths, checked against what\n"
    "that backward call added to the --wrt tensor's .grad. Names are the script's\n"
    "variable names as they stood when the backward call began.\n"
    "\n"
    "Exit status: 0; 1 when a name or call is not found, when the sum differs from\n"
    "the gradient, or when the script raised (its traceback goes to standard error;\n"
    "the backward calls made before the error still count); 2 for a usage error.");
  g_option_context_add_main_entries (context, entries, NULL);
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0 && (of == NULL || wrt == NULL))
    status = bs_cli_usage_error ("paths", "--of and --wrt are required, e.g. --of L --wrt w1");
  if (status < 0 && backward_text != NULL
      && !parse_count (backward_text, G_MAXUINT32, &backward))
    status = bs_cli_usage_error ("paths", "--backward: expected a positive whole number, "
                                 "not '%s'", backward_text);
  if (status < 0 && limit_text != NULL && !parse_count (limit_text, G_MAXUINT, &limit))
    status = bs_cli_usage_error ("paths", "--limit: expected a positive whole number, not '%s'",
                                 limit_text);
  if (status < 0)
    status = paths (&cli, of, wrt, backward, (guint) limit);
  bs_cli_options_clear (&cli);
  return status;
}
