/* test-recorder.c: what the recorder keeps of a run, and its memory budget */
#include "trace-fixtures.h"

/* Seed 004: ids, steps and the events of the backward pass. */
static void
test_seed004 (void)
{
  Fixture f;
  BsTrace *trace;
  const BsTraceEvent *event;
  guint64 first, end;
  guint n_edges = 0, n_freed = 0, n_accumulate = 0;

  fixture_init (&f);
  record_seed004 (&f);
  trace = fixture_trace (&f);

  /* x1 x2 w1 w2 w3 x3 x4 (w2*x3) (w3*x4) x5 L */
  g_assert_cmpuint (bs_trace_get_n_tensors (trace), ==, 11);
  /* AccumulateGrad for w1 w2 w3, four MulBackward0, AddBackward0, RsubBackward1 */
  g_assert_cmpuint (bs_trace_get_n_nodes (trace), ==, 9);
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_tensor (trace, 6)->name), ==, "x3");
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_tensor (trace, 6)->op), ==, "mul");
  g_assert_cmpuint (bs_trace_get_tensor (trace, 6)->n_inputs, ==, 2);
  g_assert_cmpuint (bs_trace_get_list (trace, bs_trace_get_tensor (trace, 6)->inputs)[0], ==, 3);
  g_assert_cmpuint (bs_trace_get_tensor (trace, 8)->name, ==, 0);  /* w2*x3 has no name */
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace,
                   bs_trace_get_tensor (trace, 11)->grad_fn)->name), ==, "RsubBackward1");

  /* Steps 1-10 are the statements, 11 the backward's beginning, then edges... */
  for (guint s = 1; s <= 10; s++)
    {
      event = bs_trace_get_event (trace, (guint64) bs_trace_get_step_event (trace, s));
      g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_STATEMENT);
      g_assert_cmpint (bs_trace_get_statement (trace, event->aux)->line, ==, (int) s);
    }
  g_assert_cmpuint (bs_trace_get_n_substeps (trace, 8), ==, 3);   /* two products and a sum */
  g_assert_cmpuint (bs_trace_get_n_substeps (trace, 10), ==, 0);
  event = bs_trace_get_event (trace, (guint64) bs_trace_get_step_event (trace, 11));
  g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_BACKWARD_BEGIN);
  g_assert_cmpuint (event->backward, ==, 1);

  /* Step 12: the node_begin of RsubBackward1, then its edge. */
  bs_trace_get_step_events (trace, 12, &first, &end);
  g_assert_cmpint (bs_trace_get_event (trace, first)->type, ==, BS_TRACE_EVENT_NODE_BEGIN);
  event = bs_trace_get_event (trace, (guint64) bs_trace_get_step_event (trace, 12));
  g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_EDGE);
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, event->node)->name), ==,
                   "RsubBackward1");
  g_assert_cmpfloat (value_item (trace, event->values[0]), ==, 1);
  g_assert_cmpfloat (value_item (trace, event->values[1]), ==, -1);
  g_assert_cmpfloat (value_item (trace, event->values[2]), ==, -1);

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      event = bs_trace_get_event (trace, i);
      n_edges += event->type == BS_TRACE_EVENT_EDGE;
      n_freed += event->type == BS_TRACE_EVENT_FREED;
      n_accumulate += event->type == BS_TRACE_EVENT_ACCUMULATE;
      if (event->type == BS_TRACE_EVENT_ACCUMULATE && event->tensor == 3)
        g_assert_cmpfloat (value_item (trace, event->values[1]), ==, -8);
    }
  g_assert_cmpuint (n_edges, ==, 9);
  g_assert_cmpuint (n_freed, ==, 4);
  g_assert_cmpuint (n_accumulate, ==, 3);
  /* 10 statements, begin, 9 edges, 3 accumulations, 4 frees, and step 0 */
  g_assert_cmpuint (bs_trace_get_n_steps (trace), ==, 1 + 10 + 1 + 9 + 3 + 4);
  g_assert_false (bs_value_store_budget_reached (bs_trace_get_values (trace)));
  fixture_clear (&f);
}

/* Seed 003: the second backward through a freed graph is an error step. */
static void
test_seed003_error (void)
{
  Fixture f;
  BsTrace *trace;
  const BsTraceEvent *event;
  gint64 index;

  fixture_init (&f);
  record_seed003 (&f);
  trace = fixture_trace (&f);

  index = find_event (trace, BS_TRACE_EVENT_ERROR, 0);
  g_assert_cmpint (index, >=, 0);
  event = bs_trace_get_event (trace, (guint64) index);
  g_assert_cmpstr (bs_trace_get_string (trace, event->text), ==, BS_MSG_FREED_GRAPH);
  g_assert_cmpuint (event->backward, ==, 4);
  g_assert_cmpint (bs_trace_get_statement (trace, event->aux)->line, ==, 9);
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_node (trace, event->node)->name), ==,
                   "MulBackward0");
  g_assert_cmpint (bs_trace_get_step_event (trace, event->step), ==, index);
  event = bs_trace_get_event (trace, (guint64) index + 1);
  g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_BACKWARD_END);
  g_assert_true (event->flags & BS_TRACE_FLAG_FAILED);
  fixture_clear (&f);
}

/* Module calls and loop iterations: nested scopes, the tensors and nodes made inside. */
static void
test_scopes (void)
{
  Fixture f;
  BsTrace *trace;
  const BsTraceScope *scope;
  const BsTraceEvent *event;
  guint32 h1 = 0, y1 = 0, h2 = 0, z = 0;

  fixture_init (&f);
  record_scopes (&f);
  trace = fixture_trace (&f);

  g_assert_cmpuint (bs_trace_get_n_scopes (trace), ==, 4);
  g_assert_null (bs_trace_get_scope (trace, 0));
  g_assert_null (bs_trace_get_scope (trace, 5));
  for (guint32 id = 1; id <= 4; id++)
    {
      gboolean is_loop = id % 2 == 1;

      scope = bs_trace_get_scope (trace, id);
      g_assert_cmpuint (scope->id, ==, id);
      g_assert_cmpint (scope->kind, ==, is_loop ? BS_TRACE_SCOPE_LOOP_ITERATION
                                                : BS_TRACE_SCOPE_MODULE_CALL);
      g_assert_cmpuint (scope->parent, ==, is_loop ? 0 : id - 1);
      g_assert_cmpint (scope->span.line, ==, is_loop ? 1 : 3);
      g_assert_cmpint (scope->span.col, ==, is_loop ? 1 : 9);
      g_assert_cmpuint (scope->begin_event, <, scope->end_event);
      event = bs_trace_get_event (trace, scope->begin_event);
      g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_SCOPE_BEGIN);
      g_assert_cmpuint (event->aux, ==, id);
      /* not a step: it joins the step of the statement before it */
      g_assert_cmpint (bs_trace_get_step_event (trace, event->step), <,
                       (gint64) scope->begin_event);
      g_assert_cmpuint (bs_trace_get_event_substep (trace, scope->begin_event), ==, 0);
      event = bs_trace_get_event (trace, scope->end_event);
      g_assert_cmpint (event->type, ==, BS_TRACE_EVENT_SCOPE_END);
      g_assert_cmpuint (event->aux, ==, id);
    }
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_scope (trace, 3)->label), ==,
                   "for i (1)");
  g_assert_cmpstr (bs_trace_get_string (trace, bs_trace_get_scope (trace, 2)->label), ==,
                   "fc (Linear)");
  /* the module call ends before its loop iteration does */
  g_assert_cmpuint (bs_trace_get_scope (trace, 2)->end_event, <,
                    bs_trace_get_scope (trace, 1)->end_event);

  for (guint32 t = 1; t <= bs_trace_get_n_tensors (trace); t++)
    {
      const char *name = bs_trace_get_string (trace, bs_trace_get_tensor (trace, t)->name);

      if (g_strcmp0 (name, "h") == 0)
        *(h1 == 0 ? &h1 : &h2) = t;
      else if (g_strcmp0 (name, "y") == 0)
        y1 = y1 == 0 ? t : y1;
      else if (g_strcmp0 (name, "z") == 0)
        z = t;
      else if (name != NULL)
        g_assert_cmpuint (bs_trace_get_tensor (trace, t)->scope, ==, 0);   /* w, x, fc.weight */
    }
  g_assert_cmpuint (bs_trace_get_tensor (trace, h1)->scope, ==, 1);
  g_assert_cmpuint (bs_trace_get_tensor (trace, y1)->scope, ==, 2);
  g_assert_cmpuint (bs_trace_get_tensor (trace, h2)->scope, ==, 3);
  g_assert_cmpuint (bs_trace_get_tensor (trace, z)->scope, ==, 0);
  /* grad_fn nodes: the innermost scope open when the recorder first saw them */
  g_assert_cmpuint (bs_trace_get_node (trace, bs_trace_get_tensor (trace, h1)->grad_fn)->scope,
                    ==, 1);
  g_assert_cmpuint (bs_trace_get_node (trace, bs_trace_get_tensor (trace, y1)->grad_fn)->scope,
                    ==, 2);
  g_assert_cmpuint (bs_trace_get_node (trace, bs_trace_get_tensor (trace, z)->grad_fn)->scope,
                    ==, 0);

  /* Replay steps over them: every step reachable, the backward pass intact. */
  for (guint64 s = 0; s < bs_trace_get_n_steps (trace); s++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, s);

      g_assert_cmpuint (state->step, ==, s);
    }
  {
    g_autoptr(BsTraceState) end = bs_replay_state_at (trace, G_MAXUINT64);

    /* z = 2 * (w*x) * w2 from the second iteration: dz/dw = 2 * x * w2 = 30 */
    g_assert_cmpfloat (value_item (trace, bs_trace_state_get_tensor (end, 1)->grad), ==, 30);
  }
  fixture_clear (&f);
}

/* A large tensor is summarised; small equal values are stored once. */
static void
test_values (void)
{
  Fixture f;
  BsTrace *trace;
  g_autofree double *data = g_new (double, 1000);
  gint64 shape[] = { 10, 100 };
  const BsTraceValue *value;
  guint32 id;

  fixture_init (&f);
  trace = fixture_trace (&f);
  for (int i = 0; i < 1000; i++)
    data[i] = i;
  bind (&f, "big", leaf_tensor (&f, 2, shape, data, FALSE));
  id = bs_trace_get_event (trace, bs_trace_get_tensor (trace, 1)->event)->values[0];
  value = bs_trace_get_value (trace, id);
  g_assert_cmpint (value->kind, ==, BS_VALUE_SUMMARY);
  g_assert_cmpint (value->numel, ==, 1000);
  g_assert_cmpint (value->ndim, ==, 2);
  g_assert_cmpfloat (value->min, ==, 0);
  g_assert_cmpfloat (value->max, ==, 999);
  g_assert_cmpfloat (value->mean, ==, 499.5);
  g_assert_cmpfloat_with_epsilon (value->std, 288.8194361, 1e-6);
  g_assert_cmpuint (value->n_first, ==, BS_VALUE_EDGE);
  g_assert_cmpfloat (value->data[BS_VALUE_EDGE], ==, 1000 - BS_VALUE_EDGE);
  {
    g_autofree char *text = bs_trace_value_format (value);

    g_assert_true (g_str_has_prefix (text, "tensor[10, 100] min=0 max=999 mean=499.5"));
  }

  bind (&f, "one", leaf (&f, 1, FALSE));
  bind (&f, "also_one", leaf (&f, 1, FALSE));
  g_assert_cmpuint (bs_trace_get_event (trace, bs_trace_get_tensor (trace, 2)->event)->values[0],
                    ==,
                    bs_trace_get_event (trace, bs_trace_get_tensor (trace, 3)->event)->values[0]);
  fixture_clear (&f);
}

/* Hitting the budget: reported once, later values summarised, never exceeded. */
static void
test_budget (void)
{
  Fixture f;
  BsTrace *trace;
  BsValueStore *store;
  double data[16];
  gint64 shape[] = { 16 };
  gint64 budget_event;
  const BsTraceValue *value;

  fixture_init (&f);
  trace = fixture_trace (&f);
  store = bs_trace_get_values (trace);
  bs_recorder_set_budget (f.recorder, 4096);
  for (int i = 0; i < 200; i++)
    {
      for (int j = 0; j < 16; j++)
        data[j] = i * 16 + j;
      statement (&f, i + 1, 10);
      g_ptr_array_add (f.keep, leaf_tensor (&f, 1, shape, data, FALSE));
      g_assert_cmpuint (bs_value_store_get_bytes (store), <=, 4096);
    }
  g_assert_true (bs_value_store_budget_reached (store));
  budget_event = find_event (trace, BS_TRACE_EVENT_BUDGET, 0);
  g_assert_cmpint (budget_event, >, 0);
  g_assert_cmpint (find_event (trace, BS_TRACE_EVENT_BUDGET, (guint64) budget_event + 1), ==, -1);
  /* The first values whole, the last dropped or summarised; all tensors are there. */
  value = bs_trace_get_value (trace, bs_trace_get_event (trace, 1)->values[0]);
  g_assert_cmpint (value->kind, ==, BS_VALUE_FULL);
  value = bs_trace_get_value (trace, bs_trace_get_event (trace, (guint64) budget_event + 2)
                              ->values[0]);
  g_assert_true (value == NULL || value->kind == BS_VALUE_SUMMARY);
  g_assert_cmpuint (bs_value_store_get_n_dropped (store), >, 0);
  g_assert_cmpuint (bs_trace_get_n_tensors (trace), ==, 200);
  fixture_clear (&f);
}

/* A 1,000-iteration training loop: Linear(4, 16), relu, Linear(16, 1), MSE, SGD. */
static gsize
record_training (gsize budget)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  BsTensor *w1, *b1, *w2, *b2;
  g_autoptr(BsTensor) x = NULL, y = NULL;
  g_autoptr(GPtrArray) params = g_ptr_array_new ();
  double xs[32 * 4], ys[32];
  gint64 xshape[] = { 32, 4 }, yshape[] = { 32, 1 };
  BsOptimizer *sgd;
  BsValueStore *store;
  gsize bytes;

  fixture_init (&f);
  bs_recorder_set_budget (f.recorder, budget);
  store = bs_trace_get_values (fixture_trace (&f));
  for (int i = 0; i < 32 * 4; i++)
    xs[i] = sin (i * 0.37);
  for (int i = 0; i < 32; i++)
    ys[i] = cos (i * 0.11);
  x = bs_tensor_new_from_doubles (f.context, BS_DTYPE_FLOAT32, 2, xshape, xs, NULL);
  y = bs_tensor_new_from_doubles (f.context, BS_DTYPE_FLOAT32, 2, yshape, ys, NULL);
  g_assert_true (bs_nn_linear_init (f.context, 4, 16, TRUE, BS_DTYPE_FLOAT32, &w1, &b1, &error));
  g_assert_true (bs_nn_linear_init (f.context, 16, 1, TRUE, BS_DTYPE_FLOAT32, &w2, &b2, &error));
  bind (&f, "fc1.weight", w1);
  bind (&f, "fc1.bias", b1);
  bind (&f, "fc2.weight", w2);
  bind (&f, "fc2.bias", b2);
  g_ptr_array_add (params, w1);
  g_ptr_array_add (params, b1);
  g_ptr_array_add (params, w2);
  g_ptr_array_add (params, b2);
  sgd = bs_sgd_new (params, 0.05, 0, 0, 0, FALSE, &error);
  g_assert_no_error (error);

  for (int it = 0; it < 1000; it++)
    {
      g_autoptr(BsTensor) h = NULL, r = NULL, out = NULL, loss = NULL;

      statement (&f, 10, 20);
      bs_optimizer_zero_grad (sgd, FALSE);
      statement (&f, 11, 20);
      h = bs_linear (x, w1, b1, &error);
      r = bs_relu (h, &error);
      out = bs_linear (r, w2, b2, &error);
      loss = bs_mse_loss (out, y, BS_REDUCTION_MEAN, &error);
      g_assert_no_error (error);
      bs_recorder_bind_name (f.recorder, loss, "loss");
      statement (&f, 12, 20);
      g_assert_true (bs_tensor_backward (loss, NULL, FALSE, FALSE, &error));
      statement (&f, 13, 20);
      g_assert_true (bs_optimizer_step (sgd, &error));
      g_assert_cmpuint (bs_value_store_get_bytes (store), <=, bs_value_store_get_budget (store));
    }
  bytes = bs_value_store_get_bytes (store);
  g_test_message ("1,000 iterations: %" G_GUINT64_FORMAT " events, %u tensors, %u values, "
                  "%" G_GSIZE_FORMAT " bytes of values (budget %" G_GSIZE_FORMAT ")%s",
                  bs_trace_get_n_events (fixture_trace (&f)),
                  bs_trace_get_n_tensors (fixture_trace (&f)),
                  bs_value_store_get_n_values (store), bytes,
                  bs_value_store_get_budget (store),
                  bs_value_store_budget_reached (store) ? ", budget reached" : "");
  g_assert_cmpuint (bs_trace_get_n_events (fixture_trace (&f)), >, 30000);
  if (budget == 0)
    g_assert_false (bs_value_store_budget_reached (store));
  else
    g_assert_true (bs_value_store_budget_reached (store));
  bs_optimizer_free (sgd);
  g_clear_pointer (&x, bs_tensor_unref);
  g_clear_pointer (&y, bs_tensor_unref);
  fixture_clear (&f);
  return bytes;
}

static void
test_training_loop (void)
{
  g_assert_cmpuint (record_training (0), <, BS_VALUE_STORE_DEFAULT_BUDGET);
  g_assert_cmpuint (record_training (1024 * 1024), <=, 1024 * 1024);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/recorder/seed004", test_seed004);
  g_test_add_func ("/trace/recorder/seed003-error", test_seed003_error);
  g_test_add_func ("/trace/recorder/scopes", test_scopes);
  g_test_add_func ("/trace/recorder/values", test_values);
  g_test_add_func ("/trace/recorder/budget", test_budget);
  g_test_add_func ("/trace/recorder/training-loop", test_training_loop);
  return g_test_run ();
}
