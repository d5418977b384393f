/* test-replay.c: the state at a step, a pure function of (trace, step) */
#include "trace-fixtures.h"

static guint32
find_tensor (BsTraceState *state,
             const char   *name)
{
  for (guint32 t = state->n_tensors; t > 0; t--)
    if (g_strcmp0 (bs_trace_state_get_name (state, t), name) == 0)
      return t;
  g_assert_not_reached ();
}

static double
grad_of (BsTraceState *state,
         const char   *name)
{
  const BsTraceTensorState *t = bs_trace_state_get_tensor (state, find_tensor (state, name));

  return t->grad == 0 ? NAN : value_item (state->trace, t->grad);
}

/* The step whose step event is the first of type at or after step from. */
static guint64
find_step (BsTrace          *trace,
           BsTraceEventType  type,
           guint64           from)
{
  for (guint64 s = from; s < bs_trace_get_n_steps (trace); s++)
    {
      gint64 e = bs_trace_get_step_event (trace, s);

      if (e >= 0 && bs_trace_get_event (trace, (guint64) e)->type == type)
        return s;
    }
  g_assert_not_reached ();
}

static void
test_seed004_forward (void)
{
  Fixture f;
  BsTrace *trace;

  fixture_init (&f);
  record_seed004 (&f);
  trace = fixture_trace (&f);

  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, 0);

    g_assert_cmpuint (state->n_tensors, ==, 0);
    g_assert_null (bs_trace_state_get_span (state));
    g_assert_null (bs_trace_state_get_step_event (state));
  }
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, 5);

    g_assert_cmpuint (state->n_tensors, ==, 5);
    g_assert_cmpstr (bs_trace_state_get_name (state, 5), ==, "w3");
    g_assert_cmpint (bs_trace_state_get_span (state)->line, ==, 5);
    g_assert_true (isnan (grad_of (state, "w1")));
  }
  /* Statement 6 before and after its op: x3 appears as sub-step 1. */
  {
    g_autoptr(BsTraceState) before = bs_replay_state_at_substep (trace, 6, 0);
    g_autoptr(BsTraceState) after = bs_replay_state_at_substep (trace, 6, 1);

    g_assert_cmpint (bs_trace_state_get_span (before)->line, ==, 6);
    g_assert_cmpuint (before->n_tensors, ==, 5);
    g_assert_cmpuint (after->n_tensors, ==, 6);
    g_assert_cmpstr (bs_trace_state_get_name (after, 6), ==, "x3");
    g_assert_cmpfloat (value_item (trace, bs_trace_state_get_tensor (after, 6)->value), ==, 1);
  }
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, 9);
    const BsTraceTensorState *L = bs_trace_state_get_tensor (state, find_tensor (state, "L"));

    g_assert_cmpfloat (value_item (trace, L->value), ==, -7);
    g_assert_cmpuint (L->grad_fn, !=, 0);
    g_assert_cmpuint (state->backward, ==, 0);
    g_assert_null (bs_trace_state_get_edge (state));
  }
  fixture_clear (&f);
}

static void
test_seed004_backward (void)
{
  Fixture f;
  BsTrace *trace;
  guint64 step, last;

  fixture_init (&f);
  record_seed004 (&f);
  trace = fixture_trace (&f);
  last = bs_trace_get_n_steps (trace) - 1;

  /* Step 12: the first edge, RsubBackward1 -> AddBackward0. */
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, 12);
    const BsTraceEvent *edge = bs_trace_state_get_edge (state);

    g_assert_nonnull (edge);
    g_assert_cmpuint (state->backward, ==, 1);
    g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, edge->node)->name), ==,
                     "RsubBackward1");
    g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, edge->node2)->name),
                     ==, "AddBackward0");
    g_assert_cmpfloat (value_item (trace, edge->values[0]), ==, 1);
    g_assert_cmpfloat (value_item (trace, edge->values[1]), ==, -1);
    g_assert_cmpfloat (value_item (trace, edge->values[2]), ==, -1);
    g_assert_cmpuint (bs_trace_state_get_node (state, edge->node)->backward, ==, 1);
    g_assert_cmpuint (bs_trace_state_get_node (state, edge->node2)->n_arrived, ==, 1);
  }

  /* The first accumulation is w3's -2; w1 and w2 are still None. */
  step = find_step (trace, BS_TRACE_EVENT_ACCUMULATE, 0);
  {
    g_autoptr(BsTraceState) before = bs_replay_state_at (trace, step - 1);
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);

    g_assert_true (isnan (grad_of (before, "w3")));
    g_assert_cmpfloat (grad_of (state, "w3"), ==, -2);
    g_assert_true (isnan (grad_of (state, "w1")));
    g_assert_true (isnan (grad_of (state, "w2")));
    g_assert_null (bs_trace_state_get_edge (state));
    g_assert_cmpint (bs_trace_state_get_step_event (state)->type, ==, BS_TRACE_EVENT_ACCUMULATE);
  }

  /* The end: every grad, four freed MulBackward0 buffers, the backward over. */
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, last);
    guint n_freed = 0;

    g_assert_cmpfloat (grad_of (state, "w1"), ==, -8);
    g_assert_cmpfloat (grad_of (state, "w2"), ==, -1);
    g_assert_cmpfloat (grad_of (state, "w3"), ==, -2);
    g_assert_true (isnan (grad_of (state, "x1")));
    for (guint32 n = 1; n <= state->n_nodes; n++)
      if (bs_trace_state_get_node (state, n)->freed)
        {
          n_freed++;
          g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, n)->name), ==,
                           "MulBackward0");
        }
    g_assert_cmpuint (n_freed, ==, 4);
    g_assert_cmpuint (state->backward, ==, 0);
    g_assert_cmpuint (state->last_backward, ==, 1);
  }
  /* Beyond the end: clamped. */
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, last + 100);

    g_assert_cmpuint (state->step, ==, last);
    g_assert_cmpuint (state->n_events, ==, bs_trace_get_n_events (trace));
  }
  fixture_clear (&f);
}

/* Seed 003: freed buffers after d.backward(), then e.backward()'s error. */
static void
test_seed003 (void)
{
  Fixture f;
  BsTrace *trace;
  guint64 step;

  fixture_init (&f);
  record_seed003 (&f);
  trace = fixture_trace (&f);

  /* After line 8 (d.backward() without retain_graph): PowBackward0 and
   * MulBackward0 have released their saved tensors; a.grad = a + 4a + a. */
  step = find_step (trace, BS_TRACE_EVENT_STATEMENT, 1);
  while (bs_trace_get_statement (trace, bs_trace_get_event (
           trace, (guint64) bs_trace_get_step_event (trace, step))->aux)->line != 9)
    step = find_step (trace, BS_TRACE_EVENT_STATEMENT, step + 1);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step - 1);
    const BsTraceTensorState *a = bs_trace_state_get_tensor (state, find_tensor (state, "a"));
    const BsTraceValue *grad = bs_trace_get_value (trace, a->grad);
    guint n_freed = 0;

    for (int i = 0; i < 4; i++)
      g_assert_cmpfloat_with_epsilon (grad->data[i], 6 * seed003_a[i], 1e-6);
    for (guint32 n = 1; n <= state->n_nodes; n++)
      n_freed += bs_trace_state_get_node (state, n)->freed;
    g_assert_cmpuint (n_freed, ==, 2);
    g_assert_null (bs_trace_state_get_error (state));
  }

  /* The error step: PyTorch's message, on MulBackward0, at line 9. */
  step = find_step (trace, BS_TRACE_EVENT_ERROR, step);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
    const BsTraceEvent *error = bs_trace_state_get_error (state);

    g_assert_nonnull (error);
    g_assert_cmpstr (bs_trace_get_string (trace, error->text), ==, BS_MSG_FREED_GRAPH);
    g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, error->node)->name), ==,
                     "MulBackward0");
    g_assert_cmpint (bs_trace_state_get_span (state)->line, ==, 9);
    g_assert_cmpuint (state->last_backward, ==, 4);
    g_assert_cmpuint (error->backward, ==, 4);
  }
  fixture_clear (&f);
}

/* Seeks through checkpoints agree with a plain fold of the events, in any order. */
static void
test_checkpoints (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  BsTrace *trace;
  g_autoptr(BsTensor) w = NULL;
  guint64 n_events;
  GRand *rand = g_rand_new_with_seed (4);

  fixture_init (&f);
  trace = fixture_trace (&f);
  statement (&f, 1, 10);
  w = leaf (&f, 0.5, TRUE);
  bs_recorder_bind_name (f.recorder, w, "w");
  for (int it = 0; it < 400; it++)
    {
      g_autoptr(BsTensor) a = NULL, b = NULL, c = NULL;

      statement (&f, 2, 10);
      a = bs_mul (w, w, &error);
      b = bs_sin (a, &error);
      c = bs_add (b, w, 1, &error);
      bs_recorder_bind_name (f.recorder, c, "c");
      statement (&f, 3, 10);
      g_assert_true (bs_tensor_backward (c, NULL, FALSE, FALSE, &error));
      if (it % 7 == 0)
        {
          statement (&f, 4, 10);
          bs_tensor_zero_grad (w, it % 2 == 0);
        }
    }
  n_events = bs_trace_get_n_events (trace);
  g_assert_cmpuint (n_events, >, 4 * BS_REPLAY_CHECKPOINT_INTERVAL);

  for (int k = 0; k < 200; k++)
    {
      guint64 n = g_rand_int_range (rand, 0, (gint32) n_events + 1);
      g_autoptr(BsTraceState) state = bs_replay_state_at_event (trace, n);
      guint32 grad = 0, name = 0, statement_index = 0;
      gboolean seen = FALSE;

      for (guint64 i = 0; i < n; i++)
        {
          const BsTraceEvent *event = bs_trace_get_event (trace, i);

          if (event->tensor != 1)
            {
              if (event->type == BS_TRACE_EVENT_STATEMENT)
                statement_index = event->aux;
              continue;
            }
          seen = TRUE;
          if (event->type == BS_TRACE_EVENT_ACCUMULATE)
            grad = event->values[1];
          else if (event->type == BS_TRACE_EVENT_GRAD_ZEROED)
            grad = event->values[0];
          else if (event->type == BS_TRACE_EVENT_BIND)
            name = event->text;
        }
      g_assert_cmpuint (state->n_events, ==, n);
      g_assert_cmpuint (state->statement, ==, statement_index);
      if (seen)
        {
          g_assert_cmpuint (bs_trace_state_get_tensor (state, 1)->grad, ==, grad);
          g_assert_cmpuint (bs_trace_state_get_tensor (state, 1)->name, ==, name);
        }
    }
  g_rand_free (rand);
  g_clear_pointer (&w, bs_tensor_unref);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/replay/seed004-forward", test_seed004_forward);
  g_test_add_func ("/trace/replay/seed004-backward", test_seed004_backward);
  g_test_add_func ("/trace/replay/seed003", test_seed003);
  g_test_add_func ("/trace/replay/checkpoints", test_checkpoints);
  return g_test_run ();
}
