/* test-run-match.c: which tensor, node, line and step of a script's new run is which of
 * its old one (live mode and Compare), after the edits a class makes: a number changed, a
 * print line added above, a statement added in the middle of the graph.
 */
#include <string.h>

#include "bs-recording.h"
#include "bs-replay.h"
#include "bs-run-match.h"

static const char seed004[] =
  "import torch\n"
  "x1 = torch.tensor(3.0)\n"
  "x2 = torch.tensor(4.0)\n"
  "w1 = torch.tensor(1.0, requires_grad=True)\n"
  "w2 = torch.tensor(2.0, requires_grad=True)\n"
  "w3 = torch.tensor(3.0, requires_grad=True)\n"
  "x3 = w1 * x1\n"
  "x4 = w1 * x2\n"
  "x5 = w2 * x3 + w3 * x4\n"
  "L = 1 - x5\n"
  "L.backward()\n";

static BsTrace *
record (const char *source)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, -1, "match.py", NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static char *
replace (const char *text,
         const char *old,
         const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* The tensor first bound to name. */
static guint32
named (BsTrace    *trace,
       const char *name)
{
  for (guint32 t = 1; t <= bs_trace_get_n_tensors (trace); t++)
    if (g_strcmp0 (bs_trace_get_string (trace, bs_trace_get_tensor (trace, t)->name), name) == 0)
      return t;
  g_error ("no tensor named %s", name);
  return 0;
}

/* The n-th step (from 0) whose step event is of type. */
static guint64
nth_step (BsTrace          *trace,
          BsTraceEventType  type,
          guint             n)
{
  for (guint64 step = 1; step < bs_trace_get_n_steps (trace); step++)
    {
      gint64 index = bs_trace_get_step_event (trace, step);

      if (index >= 0 && bs_trace_get_event (trace, (guint64) index)->type == type && n-- == 0)
        return step;
    }
  g_error ("no such step");
  return 0;
}

static const BsTraceEvent *
step_event (BsTrace *trace,
            guint64  step)
{
  gint64 index = bs_trace_get_step_event (trace, step);

  g_assert_cmpint (index, >=, 0);
  return bs_trace_get_event (trace, (guint64) index);
}

static void
test_lines (void)
{
  g_autoptr(GArray) inserted = bs_line_map_new ("a\nb\nc\nd", "a\nprint(1)\nb\nc\nd");
  g_autoptr(GArray) rewritten = bs_line_map_new ("a\nb = 2.0\nc\nd", "a\nb = 2.1\nc\nd");
  g_autoptr(GArray) removed = bs_line_map_new ("a\nb\nc\nd", "a\nc\nd");
  g_autoptr(GArray) two_for_one = bs_line_map_new ("a\nb\nc", "a\nx\ny\nc");

  g_assert_cmpint (g_array_index (inserted, int, 1), ==, 1);
  g_assert_cmpint (g_array_index (inserted, int, 2), ==, 3);
  g_assert_cmpint (g_array_index (inserted, int, 4), ==, 5);
  g_assert_cmpint (g_array_index (rewritten, int, 2), ==, 2);
  g_assert_cmpint (g_array_index (rewritten, int, 3), ==, 3);
  g_assert_cmpint (g_array_index (removed, int, 2), ==, 0);
  g_assert_cmpint (g_array_index (removed, int, 3), ==, 2);
  g_assert_cmpint (g_array_index (two_for_one, int, 2), ==, 0);
  g_assert_cmpint (g_array_index (two_for_one, int, 3), ==, 4);
}

/* A print line above the graph: every step keeps its statement or edge, one step on
 * for each step the print line adds before it. */
static void
test_print_above (void)
{
  g_autofree char *edited = replace (seed004, "x3 = w1 * x1\n", "print('hi')\nx3 = w1 * x1\n");
  g_autoptr(BsTrace) old = record (seed004);
  g_autoptr(BsTrace) new = record (edited);
  g_autoptr(BsRunMatch) match = bs_run_match_new (old, seed004, new, edited);
  guint64 old_n = bs_trace_get_n_steps (old);

  g_assert_cmpuint (bs_trace_get_n_steps (new), ==, old_n + 1);
  g_assert_cmpint (bs_run_match_line (match, 7), ==, 8);
  for (const char *const *name = (const char *const[]) { "x1", "w1", "x3", "x5", "L", NULL };
       *name != NULL; name++)
    g_assert_cmpuint (bs_run_match_tensor (match, named (old, *name)), ==, named (new, *name));
  for (guint n = 0; n < 6; n++)
    {
      guint64 from = nth_step (old, BS_TRACE_EVENT_EDGE, n);
      guint64 to = bs_run_match_step (match, from);
      const BsTraceEvent *a = step_event (old, from), *b = step_event (new, to);

      g_assert_cmpuint (to, ==, nth_step (new, BS_TRACE_EVENT_EDGE, n));
      g_assert_cmpuint (bs_run_match_node (match, a->node), ==, b->node);
      g_assert_cmpuint (bs_run_match_node (match, a->node2), ==, b->node2);
    }
  /* the statement x5 = ...: line 9, then line 10 */
  {
    guint64 from = 0;
    const BsTraceEvent *b;

    for (guint n = 0; from == 0; n++)
      {
        guint64 s = nth_step (old, BS_TRACE_EVENT_STATEMENT, n);

        if (bs_trace_get_statement (old, step_event (old, s)->aux)->line == 9)
          from = s;
      }
    b = step_event (new, bs_run_match_step (match, from));
    g_assert_cmpint (b->type, ==, BS_TRACE_EVENT_STATEMENT);
    g_assert_cmpint (bs_trace_get_statement (new, b->aux)->line, ==, 10);
  }
}

/* A new statement between w1 * x1 and the rest: x3 is made differently, so the edges
 * through it are new; the edges the graph still has keep their place. */
static void
test_graph_grows (void)
{
  g_autofree char *edited = replace (seed004, "x3 = w1 * x1\n", "x3 = w1 * x1\nx3 = x3 * 1.0\n");
  g_autoptr(BsTrace) old = record (seed004);
  g_autoptr(BsTrace) new = record (edited);
  g_autoptr(BsRunMatch) match = bs_run_match_new (old, seed004, new, edited);
  guint64 last_old = bs_trace_get_n_steps (old) - 1;

  g_assert_cmpuint (bs_run_match_tensor (match, named (old, "w3")), ==, named (new, "w3"));
  g_assert_cmpuint (bs_run_match_tensor (match, named (old, "x4")), ==, named (new, "x4"));
  /* x5 = w2 * x3 + ... is made of another x3: another tensor */
  g_assert_cmpuint (bs_run_match_tensor (match, named (old, "x5")), ==, 0);
  g_assert_cmpuint (bs_run_match_step (match, last_old), ==, bs_trace_get_n_steps (new) - 1);
  /* the first edge (from L's node) is L's no more; the accumulation into w3 still is */
  {
    guint64 from = 0, to;

    for (guint64 s = 1; s <= last_old; s++)
      if (step_event (old, s)->type == BS_TRACE_EVENT_ACCUMULATE
          && step_event (old, s)->tensor == named (old, "w3"))
        from = s;
    g_assert_cmpuint (from, >, 0);
    to = bs_run_match_step (match, from);
    g_assert_cmpint (step_event (new, to)->type, ==, BS_TRACE_EVENT_ACCUMULATE);
    g_assert_cmpuint (step_event (new, to)->tensor, ==, named (new, "w3"));
  }
}

/* A training loop: the second pass's x is the second pass's x. */
static void
test_loop (void)
{
  static const char loop[] =
    "import torch\n"
    "w = torch.tensor(1.0, requires_grad=True)\n"
    "for i in range(3):\n"
    "    loss = (w * (i + 1)) ** 2\n"
    "    loss.backward()\n";
  g_autofree char *edited = replace (loop, "(1.0", "(1.5");
  g_autoptr(BsTrace) old = record (loop);
  g_autoptr(BsTrace) new = record (edited);
  g_autoptr(BsRunMatch) match = bs_run_match_new (old, loop, new, edited);

  g_assert_cmpuint (bs_trace_get_n_steps (old), ==, bs_trace_get_n_steps (new));
  for (guint n = 0; n < 3; n++)
    {
      guint64 from = nth_step (old, BS_TRACE_EVENT_ACCUMULATE, n);

      g_assert_cmpuint (bs_run_match_step (match, from), ==, from);
    }
  for (guint32 t = 1; t <= bs_trace_get_n_tensors (old); t++)
    g_assert_cmpuint (bs_run_match_tensor (match, t), ==, t);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-match/lines", test_lines);
  g_test_add_func ("/run-match/print-above", test_print_above);
  g_test_add_func ("/run-match/graph-grows", test_graph_grows);
  g_test_add_func ("/run-match/loop", test_loop);
  return g_test_run ();
}
