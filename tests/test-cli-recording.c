/* test-cli-recording.c: what the interpreter reports to a recording, and the trace made of it
 *
 * Names and spans straight from the interpreter's sink; then bs_recording_run(): the
 * names, spans and scopes in the trace, a failing script's trace, and the JSON round
 * trip of a real run.
 */
#include <string.h>

#include "bs-plot-figure.h"
#include "bs-recording.h"
#include "bs-replay.h"
#include "bs-tensor.h"
#include "bs-trace-json.h"

static const char names_script[] =
  "import torch\n"                                      /* 1 */
  "import torch.nn as nn\n"                             /* 2 */
  "x1 = torch.tensor(1.0)\n"                            /* 3 */
  "w1 = torch.tensor(2.0, requires_grad=True)\n"        /* 4 */
  "x3 = w1 * x1\n"                                      /* 5 */
  "class Net(nn.Module):\n"                             /* 6 */
  "    def __init__(self):\n"                           /* 7 */
  "        super().__init__()\n"                        /* 8 */
  "        self.fc1 = nn.Linear(2, 1)\n"                /* 9 */
  "    def forward(self, x):\n"                         /* 10 */
  "        return self.fc1(x) * 2\n"                    /* 11 */
  "model = Net()\n"                                     /* 12 */
  "ws = [None, None]\n"                                 /* 13 */
  "ws[0] = w1 * 3\n"                                    /* 14 */
  "for i in range(2):\n"                                /* 15 */
  "    out = model(torch.ones(1, 2))\n"                 /* 16 */
  "out.sum().backward()\n";                             /* 17 */

/* --- the interpreter's sink ------------------------------------------------- */

typedef struct {
  GPtrArray  *binds;   /* "name #engine-id" */
  GHashTable *spans;   /* engine id -> "line:col-end_line:end_col" (the first reported) */
} SinkLog;

static void
log_bind (gpointer    user_data,
          BsTensor   *tensor,
          const char *name)
{
  SinkLog *log = user_data;

  g_ptr_array_add (log->binds, g_strdup_printf ("%s #%" G_GUINT64_FORMAT, name,
                                                (guint64) tensor->id));
}

static void
log_span (gpointer            user_data,
          BsTensor           *tensor,
          const BsSourceSpan *span)
{
  SinkLog *log = user_data;
  gpointer key = GSIZE_TO_POINTER ((gsize) tensor->id);

  if (!g_hash_table_contains (log->spans, key))
    g_hash_table_insert (log->spans, key, g_strdup_printf ("%d:%d-%d:%d", span->line, span->col,
                                                           span->end_line, span->end_col));
}

static const BsInterpSink log_sink = {
  .bind_name = log_bind,
  .tensor_span = log_span,
};

/* The engine id of the tensor last bound to name, or 0. */
static guint64
bound (SinkLog    *log,
       const char *name)
{
  g_autofree char *prefix = g_strconcat (name, " #", NULL);
  guint64 id = 0;

  for (guint i = 0; i < log->binds->len; i++)
    if (g_str_has_prefix (log->binds->pdata[i], prefix))
      id = g_ascii_strtoull ((char *) log->binds->pdata[i] + strlen (prefix), NULL, 10);
  return id;
}

static const char *
span_of (SinkLog *log,
         guint64  id)
{
  return g_hash_table_lookup (log->spans, GSIZE_TO_POINTER ((gsize) id));
}

static void
test_sink_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsInterp) interp = NULL;
  SinkLog log = {
    g_ptr_array_new_with_free_func (g_free),
    g_hash_table_new_full (NULL, NULL, NULL, g_free),
  };
  BsInterpOptions options = { 0 };

  options.interp_sink = &log_sink;
  options.sink_data = &log;
  interp = bs_interp_new (&options);
  g_assert_true (bs_interp_run (interp, names_script, -1, "names.py", &error));
  g_assert_no_error (error);

  /* x3 = w1 * x1: the name of the assignment, the span of its right-hand side */
  g_assert_cmpuint (bound (&log, "x3"), !=, 0);
  g_assert_cmpstr (span_of (&log, bound (&log, "x3")), ==, "5:6-5:13");
  g_assert_cmpstr (span_of (&log, bound (&log, "w1")), ==, "4:6-4:43");
  /* a module's parameters: under self.fc1 in __init__, then under the module's name */
  g_assert_cmpuint (bound (&log, "self.fc1.weight"), !=, 0);
  g_assert_cmpuint (bound (&log, "model.fc1.weight"), ==, bound (&log, "self.fc1.weight"));
  g_assert_cmpuint (bound (&log, "model.fc1.bias"), ==, bound (&log, "self.fc1.bias"));
  g_assert_cmpuint (bound (&log, "model.fc1.bias"), !=, bound (&log, "model.fc1.weight"));
  /* a list element */
  g_assert_cmpuint (bound (&log, "ws[0]"), !=, 0);
  g_assert_cmpstr (span_of (&log, bound (&log, "ws[0]")), ==, "14:9-14:15");
  /* made inside forward(): the span of the expression there, not of the call */
  g_assert_cmpstr (span_of (&log, bound (&log, "out")), ==, "11:16-11:31");

  g_ptr_array_unref (log.binds);
  g_hash_table_unref (log.spans);
}

/* --- the recording ---------------------------------------------------------- */

/* The tensor whose first bound name is name (the last such), or NULL. */
static const BsTraceTensor *
find_named (BsTrace    *trace,
            const char *name)
{
  for (guint32 t = bs_trace_get_n_tensors (trace); t > 0; t--)
    {
      const BsTraceTensor *tensor = bs_trace_get_tensor (trace, t);

      if (g_strcmp0 (bs_trace_get_string (trace, tensor->name), name) == 0)
        return tensor;
    }
  return NULL;
}

static void
test_recording (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsTrace) read = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  const BsTraceTensor *x3, *w1, *out;
  const BsTraceScope *scope;
  guint n_loops = 0, n_calls = 0;

  trace = bs_recording_run (names_script, -1, "names.py", NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  x3 = find_named (trace, "x3");
  g_assert_nonnull (x3);
  g_assert_nonnull (x3->span);
  g_assert_cmpint (x3->span->line, ==, 5);
  g_assert_cmpint (x3->span->col, ==, 6);
  g_assert_cmpint (bs_trace_get_statement (trace, x3->statement)->line, ==, 5);
  g_assert_cmpuint (x3->scope, ==, 0);
  w1 = find_named (trace, "w1");
  /* announced before requires_grad=True was applied, then seen again */
  g_assert_true (w1->requires_grad);
  g_assert_cmpuint (bs_trace_get_list (trace, x3->inputs)[0], ==, w1->id);
  g_assert_nonnull (find_named (trace, "self.fc1.weight"));
  g_assert_nonnull (find_named (trace, "ws[0]"));

  /* Scopes: two loop iterations, each with a call of model and, inside it, of fc1. */
  for (guint32 id = 1; id <= bs_trace_get_n_scopes (trace); id++)
    {
      const BsTraceScope *parent;

      scope = bs_trace_get_scope (trace, id);
      parent = bs_trace_get_scope (trace, scope->parent);
      g_assert_cmpuint (scope->end_event, <, bs_trace_get_n_events (trace));
      g_assert_cmpint (bs_trace_get_event (trace, scope->begin_event)->type, ==,
                       BS_TRACE_EVENT_SCOPE_BEGIN);
      g_assert_cmpint (bs_trace_get_event (trace, scope->end_event)->type, ==,
                       BS_TRACE_EVENT_SCOPE_END);
      if (parent != NULL)
        {
          g_assert_cmpuint (parent->begin_event, <, scope->begin_event);
          g_assert_cmpuint (scope->end_event, <, parent->end_event);
        }
      if (scope->kind == BS_TRACE_SCOPE_LOOP_ITERATION)
        {
          n_loops++;
          g_assert_null (parent);
          g_assert_cmpint (scope->span.line, ==, 15);
        }
      else
        {
          const char *label = bs_trace_get_string (trace, scope->label);

          n_calls++;
          g_assert_nonnull (parent);
          if (parent->kind == BS_TRACE_SCOPE_LOOP_ITERATION)
            g_assert_cmpstr (label, ==, "model (Net)");
          else
            g_assert_cmpstr (label, ==, "fc1 (Linear)");
        }
    }
  g_assert_cmpuint (n_loops, ==, 2);
  g_assert_cmpuint (n_calls, ==, 4);

  /* out = model(...): made in forward(), in the call of model of the last iteration */
  out = find_named (trace, "out");
  scope = bs_trace_get_scope (trace, out->scope);
  g_assert_nonnull (scope);
  g_assert_cmpstr (bs_trace_get_string (trace, scope->label), ==, "model (Net)");
  g_assert_cmpuint (scope->parent, ==, n_loops + n_calls - 2);
  /* its grad_fn, made in the same call */
  g_assert_cmpuint (bs_trace_get_node (trace, out->grad_fn)->scope, ==, out->scope);

  /* The JSON round trip of a real run, scopes included. */
  text = bs_trace_json_to_string (trace);
  read = bs_trace_json_from_string (text, -1, &error);
  g_assert_no_error (error);
  again = bs_trace_json_to_string (read);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (bs_trace_get_n_scopes (read), ==, bs_trace_get_n_scopes (trace));
  g_assert_cmpuint (find_named (read, "out")->scope, ==, out->scope);
}

/* A script that raises: its trace up to the error, which is recorded once. */
static void
test_recording_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = NULL;
  g_autofree char *report = NULL;
  BsSourceSpan span;
  guint n_errors = 0, n_backwards = 0;
  const BsTraceEvent *last_error = NULL;

  trace = bs_recording_run ("import torch\n"
                            "a = torch.ones(1, 4, requires_grad=True)\n"
                            "c = (a ** 2) * 2\n"
                            "d = c.mean()\n"
                            "e = c.sum()\n"
                            "d.backward()\n"
                            "e.backward()\n"
                            "print('not reached')\n",
                            -1, "seed003.py", NULL, &report, &span, &error);
  g_assert_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION);
  g_assert_cmpint (span.line, ==, 7);
  g_assert_true (g_str_has_suffix (report, "RuntimeError: Trying to backward through the graph "
                                           "a second time (or directly access saved tensors "
                                           "after they have already been freed). Saved "
                                           "intermediate values of the graph are freed when you "
                                           "call .backward() or autograd.grad(). Specify "
                                           "retain_graph=True if you need to backward through "
                                           "the graph a second time or if you need to access "
                                           "saved tensors after calling backward.\n"));
  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      n_backwards += event->type == BS_TRACE_EVENT_BACKWARD_BEGIN;
      g_assert_cmpint (event->type, !=, BS_TRACE_EVENT_PRINT);
      if (event->type == BS_TRACE_EVENT_ERROR)
        {
          n_errors++;
          last_error = event;
        }
    }
  g_assert_cmpuint (n_backwards, ==, 2);
  g_assert_cmpuint (n_errors, ==, 1);
  /* PyTorch's text, without the exception's type */
  g_assert_true (g_str_has_prefix (bs_trace_get_string (trace, last_error->text),
                                   "Trying to backward through the graph a second time"));
  g_assert_cmpint (bs_trace_get_statement (trace, last_error->aux)->line, ==, 7);

  /* A Python exception the engine never saw is recorded from the traceback. */
  g_clear_error (&error);
  g_clear_pointer (&trace, bs_trace_unref);
  trace = bs_recording_run ("x = 1\ny = q + x\n", -1, "name.py", NULL, NULL, NULL, &error);
  g_assert_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION);
  last_error = bs_trace_get_event (trace, bs_trace_get_n_events (trace) - 1);
  g_assert_cmpint (last_error->type, ==, BS_TRACE_EVENT_ERROR);
  g_assert_cmpstr (bs_trace_get_string (trace, last_error->text), ==,
                   "NameError: name 'q' is not defined");
  g_assert_cmpint (bs_trace_get_statement (trace, last_error->aux)->line, ==, 2);
}

/* The step of the statement event a figure event falls in: its line */
static int
figure_line (BsTrace            *trace,
             const BsTraceEvent *figure)
{
  gint64 index = bs_trace_get_step_event (trace, figure->step);
  const BsTraceEvent *statement = bs_trace_get_event (trace, (guint64) index);

  g_assert_cmpint (index, >=, 0);
  g_assert_cmpint (statement->type, ==, BS_TRACE_EVENT_STATEMENT);
  return bs_trace_get_statement (trace, statement->aux)->line;
}

/* plt.show() records the figures it shows at its statement's step; the figures still
 * open at the end follow at the last step, flagged; replay counts what was shown by a
 * step; JSON keeps when, not what. A script that fails shows nothing more (as python3). */
static void
test_recording_figures (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsTrace) read = NULL;
  g_autofree char *json = NULL;
  const BsTraceEvent *figures[3] = { NULL };
  guint n_figures = 0;
  int width, height;

  trace = bs_recording_run ("import matplotlib.pyplot as plt\n"
                            "plt.plot([1, 2, 3])\n"
                            "plt.show()\n"
                            "print('between')\n"
                            "plt.figure(figsize=(3, 2))\n"
                            "plt.plot([3, 1])\n",
                            -1, "figures.py", NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    if (bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_FIGURE)
      {
        g_assert_cmpuint (n_figures, <, 2);
        figures[n_figures++] = bs_trace_get_event (trace, i);
      }
  g_assert_cmpuint (n_figures, ==, 2);
  g_assert_cmpuint (bs_trace_get_n_figures (trace), ==, 2);
  g_assert_cmpint (figure_line (trace, figures[0]), ==, 3);
  g_assert_cmpuint (figures[0]->aux, ==, 1);
  g_assert_false (figures[0]->flags & BS_TRACE_FLAG_IMPLICIT);
  g_assert_cmpstr (bs_trace_get_string (trace, figures[0]->text), ==, "Figure 1");
  g_assert_cmpuint (bs_trace_get_figure (trace, 1)->axes->len, ==, 1);
  /* matplotlib numbers the next figure 1 again: show() closed the first */
  g_assert_cmpuint (figures[1]->step, ==, bs_trace_get_n_steps (trace) - 1);
  g_assert_true (figures[1]->flags & BS_TRACE_FLAG_IMPLICIT);
  g_assert_cmpstr (bs_trace_get_string (trace, figures[1]->text), ==, "Figure 1");
  bs_plot_figure_get_pixel_size (bs_trace_get_figure (trace, 2), &width, &height);
  g_assert_cmpint (width, ==, 300);
  g_assert_cmpint (height, ==, 200);
  g_assert_null (bs_trace_get_figure (trace, 3));

  {
    g_autoptr(BsTraceState) before = bs_replay_state_at (trace, figures[0]->step - 1);
    g_autoptr(BsTraceState) at = bs_replay_state_at (trace, figures[0]->step);
    g_autoptr(BsTraceState) end = bs_replay_state_at (trace, figures[1]->step);

    g_assert_cmpuint (before->n_figures, ==, 0);
    g_assert_cmpuint (at->n_figures, ==, 1);
    g_assert_cmpuint (end->n_figures, ==, 2);
  }

  json = bs_trace_json_to_string (trace);
  g_assert_nonnull (strstr (json, "{\"type\":\"figure\",\"step\":"));
  read = bs_trace_json_from_string (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_trace_get_n_figures (read), ==, 0);
  for (guint64 i = 0; i < bs_trace_get_n_events (read); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (read, i);

      if (event->type == BS_TRACE_EVENT_FIGURE)
        {
          g_assert_cmpuint (event->aux, ==, 0);
          g_assert_cmpuint (event->step, ==, figures[0]->step);
          g_assert_cmpstr (bs_trace_get_string (read, event->text), ==, "Figure 1");
          g_assert_false (event->flags & BS_TRACE_FLAG_IMPLICIT);
          break;
        }
    }

  g_clear_pointer (&trace, bs_trace_unref);
  trace = bs_recording_run ("import matplotlib.pyplot as plt\nplt.plot([1])\nx = 1 / 0\n", -1,
                            "fails.py", NULL, NULL, NULL, &error);
  g_assert_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION);
  g_assert_cmpuint (bs_trace_get_n_figures (trace), ==, 0);
}

/* What a recorded op costs: 10,000 ops of a loop (8 events and 2 tensors each) share
 * their shapes, spans and statements' spans, and the trace holds under 600 bytes an op
 * (it was 850 with a shape of 8 int64s and a span inline in each tensor record). */
static void
test_recording_per_op (void)
{
  static const char script[] =
    "import torch\n"
    "y = torch.ones(2)\n"
    "for i in range(10000):\n"
    "    y = y * 1.0\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = NULL;
  const BsTraceTensor *first = NULL, *last = NULL;
  guint32 n_results = 0;

  trace = bs_recording_run (script, -1, "loop.py", NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_trace_get_n_tensors (trace), ==, 20001);
  for (guint32 id = 1; id <= bs_trace_get_n_tensors (trace); id++)
    {
      const BsTraceTensor *t = bs_trace_get_tensor (trace, id);

      if (t->op == 0 || !g_str_equal (bs_trace_get_string (trace, t->op), "mul"))
        continue;
      n_results++;
      first = first != NULL ? first : t;
      last = t;
      g_assert_cmpint (t->ndim, ==, 1);
      g_assert_cmpint (t->shape[0], ==, 2);
      g_assert_cmpint (t->span->line, ==, 4);
      g_assert_cmpint (t->span->col, ==, 9);
    }
  g_assert_cmpuint (n_results, ==, 10000);
  g_assert_true (first != last && first->shape == last->shape && first->span == last->span);
  g_assert_true (bs_trace_get_statement (trace, first->statement)
                 == bs_trace_get_statement (trace, last->statement));
  g_assert_cmpuint (bs_trace_get_n_events (trace), >, 8 * 10000);
  g_test_message ("%" G_GSIZE_FORMAT " bytes an op", bs_trace_get_bytes (trace) / 10000);
  g_assert_cmpuint (bs_trace_get_bytes (trace), <, 600 * 10000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/recording/sink-names", test_sink_names);
  g_test_add_func ("/cli/recording/trace", test_recording);
  g_test_add_func ("/cli/recording/error", test_recording_error);
  g_test_add_func ("/cli/recording/figures", test_recording_figures);
  g_test_add_func ("/cli/recording/per-op", test_recording_per_op);
  return g_test_run ();
}
