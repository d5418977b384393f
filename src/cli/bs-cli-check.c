/* bs-cli-check.c: `backstep check FILE.py`, autograd against finite differences */
#define G_LOG_DOMAIN "bs-cli"

#include <errno.h>
#include <stdio.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-grad-check.h"

#define MAX_SHOWN 4

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
  fprintf (stderr, "backstep check: %s\n", message);
  return 1;
}

/* "3", "[1, 2, 3]", "[1, 2, 3, 4, 5, 6, …] (4×3)": a value at a glance. */
static char *
format_value (const BsTraceValue *value)
{
  GString *out;
  guint shown;

  if (value == NULL)
    return g_strdup ("None");
  if (value->ndim == 0 && value->n_data > 0)
    return bs_trace_value_format_number (value->data[0]);
  out = g_string_new ("[");
  shown = MIN (value->kind == BS_VALUE_FULL ? value->n_data : value->n_first, MAX_SHOWN);
  for (guint i = 0; i < shown; i++)
    {
      g_autofree char *number = bs_trace_value_format_number (value->data[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", number);
    }
  g_string_append (out, (gint64) shown < value->numel ? ", …]" : "]");
  if (value->ndim > 1 || (gint64) shown < value->numel)
    {
      g_string_append (out, " (");
      for (int d = 0; d < value->ndim; d++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, d > 0 ? "×" : "", value->shape[d]);
      g_string_append (out, ")");
    }
  return g_string_free (out, FALSE);
}

/* The line of the statement running at event index. */
static int
line_at (BsTrace *trace,
         guint64  index)
{
  for (guint64 i = index + 1; i > 0; i--)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i - 1);
      const BsTraceSpan *span;

      if (event->type == BS_TRACE_EVENT_STATEMENT
          && (span = bs_trace_get_statement (trace, event->aux)) != NULL)
        return span->line;
    }
  return 0;
}

/* Pads text to width columns (counting characters, not bytes). */
static void
append_cell (GString    *row,
             const char *text,
             glong       width)
{
  glong n = g_utf8_strlen (text, -1);

  g_string_append (row, text);
  for (glong i = n; i < width; i++)
    g_string_append_c (row, ' ');
}

typedef struct {
  char *cells[5];
  char *note;
} Row;

static void
row_clear (gpointer p)
{
  Row *row = p;

  for (guint i = 0; i < G_N_ELEMENTS (row->cells); i++)
    g_free (row->cells[i]);
  g_free (row->note);
}

/* Prints the table of one backward call's check events [first, end); counts them. */
static void
print_call (BsTrace *trace,
            guint64  begin_index,
            guint64  first,
            guint64  end,
            guint   *n_checked,
            guint   *n_mismatched)
{
  static const char *headers[5] = { "leaf", "autograd grad", "numeric grad",
                                    "rel. error", "check" };
  const BsTraceEvent *begin = bs_trace_get_event (trace, begin_index);
  g_autofree char *roots = bs_cli_format_roots (trace, begin);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (Row));
  glong widths[5] = { 0 };
  int line = line_at (trace, begin_index);

  g_array_set_clear_func (rows, row_clear);
  g_print ("backward call %u, from %s", begin->backward, roots);
  if (line > 0)
    g_print (" (line %d)", line);
  g_print (":\n");

  for (guint64 i = first; i < end; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      const char *note = bs_trace_get_string (trace, event->text);
      Row row = { { NULL } };

      if (event->type != BS_TRACE_EVENT_CHECK)
        continue;
      if (event->tensor == 0)
        {
          g_print ("  not checked: %s\n", note != NULL ? note : "");
          continue;
        }
      row.cells[0] = bs_trace_tensor_label (trace, event->tensor, NULL);
      row.cells[1] = format_value (bs_trace_get_value (trace, event->values[0]));
      if (event->values[1] != 0)
        {
          row.cells[2] = format_value (bs_trace_get_value (trace, event->values[1]));
          row.cells[3] = g_strdup_printf ("%.2g", bs_trace_event_check_error (event));
          row.cells[4] = g_strdup ((event->flags & BS_TRACE_FLAG_FAILED) ? "MISMATCH" : "ok");
          (*n_checked)++;
          if (event->flags & BS_TRACE_FLAG_FAILED)
            (*n_mismatched)++;
        }
      else
        {
          row.cells[2] = g_strdup ("-");
          row.cells[3] = g_strdup ("-");
          row.cells[4] = g_strdup ("not checked");
          row.note = g_strdup (note);
        }
      g_array_append_val (rows, row);
    }

  if (rows->len == 0)
    return;
  for (guint c = 0; c < 5; c++)
    {
      widths[c] = g_utf8_strlen (headers[c], -1);
      for (guint r = 0; r < rows->len; r++)
        widths[c] = MAX (widths[c], g_utf8_strlen (g_array_index (rows, Row, r).cells[c], -1));
    }
  {
    g_autoptr(GString) text = g_string_new ("  ");

    for (guint c = 0; c < 5; c++)
      append_cell (text, headers[c], c + 1 < 5 ? widths[c] + 2 : 0);
    g_print ("%s\n", text->str);
  }
  for (guint r = 0; r < rows->len; r++)
    {
      Row *row = &g_array_index (rows, Row, r);
      g_autoptr(GString) text = g_string_new ("  ");

      for (guint c = 0; c < 5; c++)
        append_cell (text, row->cells[c], c + 1 < 5 ? widths[c] + 2 : 0);
      g_print ("%s\n", text->str);
      if (row->note != NULL)
        g_print ("    %s: %s\n", row->cells[0], row->note);
    }
}

static int
check (BsCliOptions *cli)
{
  g_autoptr(BsTrace) trace = NULL;
  guint n_checked = 0, n_mismatched = 0, n_calls = 0;
  guint64 n_events;
  int status;

  trace = bs_cli_options_record (cli, FALSE);
  if (trace == NULL)
    return 1;
  /* A script that raised still has the backward calls made before the error. */
  status = bs_cli_options_report_run (cli);

  n_events = bs_trace_get_n_events (trace);
  for (guint64 i = 0; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      guint64 first, end;

      if (event->type != BS_TRACE_EVENT_BACKWARD_BEGIN
          || (cli->grad_check->only_backward != 0
              && event->backward != cli->grad_check->only_backward))
        continue;
      /* its checks follow its backward_end */
      for (first = i + 1; first < n_events; first++)
        {
          const BsTraceEvent *e = bs_trace_get_event (trace, first);

          if (e->type == BS_TRACE_EVENT_BACKWARD_END && e->backward == event->backward)
            break;
        }
      for (end = first + 1; end < n_events
           && bs_trace_get_event (trace, end)->type == BS_TRACE_EVENT_CHECK; end++)
        ;
      if (first >= n_events || end == first + 1)
        continue;
      if (n_calls++ > 0)
        g_print ("\n");
      print_call (trace, i, first + 1, end, &n_checked, &n_mismatched);
    }
  if (fflush (stdout) != 0)
    {
      int saved_errno = errno;

      return fail ("cannot write the output: %s", g_strerror (saved_errno));
    }

  if (n_mismatched > 0)
    return fail ("%u of %u checked leaves: autograd's gradient differs from the finite "
                 "differences (eps %g, atol %g, rtol %g, as torch.autograd.gradcheck)",
                 n_mismatched, n_checked, BS_GRAD_CHECK_EPS, BS_GRAD_CHECK_ATOL,
                 BS_GRAD_CHECK_RTOL);
  if (status != 0)
    return status;
  if (n_calls == 0 && cli->grad_check->only_backward != 0)
    return fail ("no backward call %" G_GUINT64_FORMAT " ran to its end",
                 cli->grad_check->only_backward);
  if (n_calls == 0)
    return fail ("the script made no backward() call that ran to its end: nothing to check");
  if (n_checked == 0)
    return fail ("no leaf could be checked");
  return 0;
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
bs_cli_check (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *backward_text = NULL;
  g_autofree char *max_elements_text = NULL;
  guint64 backward = 0, max_elements = BS_GRAD_CHECK_DEFAULT_MAX_ELEMENTS;
  BsGradCheckOptions check_options = { 0 };
  BsCliOptions cli;
  int status;
  const GOptionEntry entries[] = {
    { "backward", 0, 0, G_OPTION_ARG_STRING, &backward_text,
      "Check only the script's N-th backward call, from 1, counting backward() and "
      "torch.autograd.grad() (default: every backward() call)", "N" },
    { "max-elements", 0, 0, G_OPTION_ARG_STRING, &max_elements_text,
      "Leave out leaves of more than N elements, each of which costs two runs of the "
      "recorded computation (default: 10000)", "N" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "check", FALSE);
  context = g_option_context_new ("FILE.py");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) and checks each backward() call's\n"
    "gradients against finite differences: for every leaf that requires grad and that\n"
    "the call reaches, the central finite-difference estimate of the derivative of the\n"
    "call's roots, computed in float64 by running the recorded computation again (not\n"
    "the script) with each element of the leaf moved by ±1e-6, as\n"
    "torch.autograd.gradcheck does. A torch.autograd.Function's forward is part of the\n"
    "recorded computation, so a wrong backward shows up. Prints, per call, a table:\n"
    "\n"
    "  leaf  autograd grad  numeric grad  rel. error  check\n"
    "\n"
    "where check is ok when every element of autograd's gradient is within\n"
    "1e-5 + 1e-3·|numeric| of the estimate (gradcheck's test), MISMATCH otherwise.\n"
    "The script's own output is not shown.\n"
    "\n"
    "Exit status: 0 when every checked leaf is ok; 1 on a mismatch, when nothing could\n"
    "be checked, or when the script raised (its traceback goes to standard error; the\n"
    "backward calls made before the error are still checked); 2 for a usage error.");
  g_option_context_add_main_entries (context, entries, NULL);
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0 && backward_text != NULL
      && !parse_count (backward_text, G_MAXUINT32, &backward))
    status = bs_cli_usage_error ("check", "--backward: expected a positive whole number, "
                                 "not '%s'", backward_text);
  if (status < 0 && max_elements_text != NULL
      && !parse_count (max_elements_text, G_MAXINT64, &max_elements))
    status = bs_cli_usage_error ("check", "--max-elements: expected a positive whole number, "
                                 "not '%s'", max_elements_text);
  if (status < 0)
    {
      check_options.only_backward = backward;
      check_options.max_elements = (gint64) max_elements;
      cli.grad_check = &check_options;
      status = check (&cli);
    }
  bs_cli_options_clear (&cli);
  return status;
}
