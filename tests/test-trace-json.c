/* test-trace-json.c: traces as JSON Lines, written and read back */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "trace-fixtures.h"

/* Writes, reads and writes again: the same text, events and tables. */
static BsTrace *
round_trip (BsTrace *trace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = bs_trace_json_to_string (trace);
  g_autofree char *again = NULL;
  BsTrace *read;

  read = bs_trace_json_from_string (text, -1, &error);
  g_assert_no_error (error);
  again = bs_trace_json_to_string (read);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (bs_trace_get_n_events (read), ==, bs_trace_get_n_events (trace));
  g_assert_cmpuint (bs_trace_get_n_tensors (read), ==, bs_trace_get_n_tensors (trace));
  g_assert_cmpuint (bs_trace_get_n_nodes (read), ==, bs_trace_get_n_nodes (trace));
  g_assert_cmpuint (bs_trace_get_n_steps (read), ==, bs_trace_get_n_steps (trace));
  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *a = bs_trace_get_event (trace, i);
      const BsTraceEvent *b = bs_trace_get_event (read, i);

      g_assert_cmpint (a->type, ==, b->type);
      g_assert_cmpuint (a->step, ==, b->step);
      g_assert_cmpuint (bs_trace_get_event_substep (trace, i), ==,
                        bs_trace_get_event_substep (read, i));
      g_assert_cmpuint (a->tensor, ==, b->tensor);
      g_assert_cmpuint (a->node, ==, b->node);
      g_assert_cmpuint (a->node2, ==, b->node2);
      for (guint v = 0; v < (a->type == BS_TRACE_EVENT_EDGE ? 3 : 2); v++)
        {
          const BsTraceValue *va = bs_trace_get_value (trace, a->values[v]);
          const BsTraceValue *vb = bs_trace_get_value (read, b->values[v]);

          g_assert_true ((va == NULL) == (vb == NULL));
          if (va != NULL)
            g_assert_true (bs_trace_value_equal (va, vb));
        }
    }
  return read;
}

/* The line of the first object of type with the given id (or any, for id 0). */
static JsonObject *
find_line (JsonParser *parser,
           const char *text,
           const char *type,
           gint64      id)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      JsonObject *object;

      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
      object = json_node_get_object (json_parser_get_root (parser));
      if (g_str_equal (json_object_get_string_member (object, "type"), type)
          && (id == 0 || json_object_get_int_member (object, "id") == id))
        return object;
    }
  g_assert_not_reached ();
}

static void
test_seed004 (void)
{
  Fixture f;
  g_autoptr(BsTrace) read = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  JsonObject *object;
  JsonArray *inputs;

  fixture_init (&f);
  record_seed004 (&f);
  read = round_trip (fixture_trace (&f));
  text = bs_trace_json_to_string (fixture_trace (&f));
  g_assert_true (g_str_has_prefix (text, "{\"type\":\"trace\",\"format\":\"backstep-trace\","
                                         "\"version\":1,"));

  object = find_line (parser, text, "node", 6);   /* x3 = w1*x1 */
  g_assert_cmpstr (json_object_get_string_member (object, "name"), ==, "x3");
  g_assert_cmpstr (json_object_get_string_member (object, "op"), ==, "MulBackward0");
  g_assert_cmpstr (json_object_get_string_member (object, "dtype"), ==, "torch.float32");
  g_assert_true (json_object_get_boolean_member (object, "requires_grad"));
  g_assert_cmpint (json_object_get_int_member (object, "line"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (object, "step"), ==, 6);
  inputs = json_object_get_array_member (object, "inputs");
  g_assert_cmpuint (json_array_get_length (inputs), ==, 2);
  g_assert_cmpint (json_array_get_int_element (inputs, 0), ==, 3);
  g_assert_cmpint (json_array_get_int_element (inputs, 1), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "shape")), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (object, "value"), ==, 1);

  object = find_line (parser, text, "node", 1);   /* x1: a leaf */
  g_assert_true (json_object_get_null_member (object, "op"));
  g_assert_false (json_object_get_boolean_member (object, "requires_grad"));

  object = find_line (parser, text, "edge", 0);
  g_assert_cmpint (json_object_get_int_member (object, "step"), ==, 12);
  g_assert_cmpfloat (json_object_get_double_member (object, "upstream"), ==, 1);
  /* The engine's local derivatives are float64: an object with the dtype. */
  g_assert_cmpfloat (json_array_get_double_element (json_object_get_array_member (
                       json_object_get_object_member (object, "local"), "data"), 0), ==, -1);
  g_assert_cmpfloat (json_object_get_double_member (object, "contribution"), ==, -1);
  g_assert_true (json_object_has_member (object, "from"));
  g_assert_true (json_object_has_member (object, "to"));

  object = find_line (parser, text, "accumulate", 0);
  g_assert_true (json_object_has_member (object, "total"));
  object = find_line (parser, text, "backward_begin", 0);
  g_assert_cmpint (json_object_get_int_member (object, "backward"), ==, 1);

  /* Paths on the trace read back: the scalar products need no re-run. */
  {
    g_autoptr(BsPaths) paths = bs_paths_compute (read, 1, bs_paths_find_tensor (read, 1, "w1"),
                                                 0, NULL);
    g_autofree char *lines = bs_paths_format (paths);

    g_assert_cmpstr (lines, ==,
                     "L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2\n"
                     "L ← x5 ← x4 ← w1 : (-1)·(3)·(2) = -6\n"
                     "sum of 2 paths = -8 = w1.grad ✓\n");
  }
  /* Replay on it too. */
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (read, 12);

    g_assert_nonnull (bs_trace_state_get_edge (state));
    g_assert_cmpstr (bs_trace_state_get_name (state, 6), ==, "x3");
  }
  fixture_clear (&f);
}

static void
test_seed003_error (void)
{
  Fixture f;
  g_autoptr(BsTrace) read = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  JsonObject *object;

  fixture_init (&f);
  record_seed003 (&f);
  read = round_trip (fixture_trace (&f));
  text = bs_trace_json_to_string (fixture_trace (&f));

  object = find_line (parser, text, "error", 0);
  g_assert_cmpstr (json_object_get_string_member (object, "message"), ==, BS_MSG_FREED_GRAPH);
  g_assert_cmpint (json_object_get_int_member (object, "line"), ==, 9);
  object = find_line (parser, text, "node", 1);
  /* a: [[0.25, 0.5, 0.75, 1]] as nested arrays */
  {
    JsonArray *rows = json_object_get_array_member (object, "value");
    JsonArray *row = json_array_get_array_element (rows, 0);

    g_assert_cmpuint (json_array_get_length (rows), ==, 1);
    g_assert_cmpuint (json_array_get_length (row), ==, 4);
    g_assert_cmpfloat (json_array_get_double_element (row, 2), ==, 0.75);
  }
  object = find_line (parser, text, "freed", 0);
  g_assert_true (json_object_has_member (object, "node"));
  fixture_clear (&f);
}

/* Summaries, other dtypes, NaN, prints, in-place changes, a hit budget. */
static void
test_values (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  g_autoptr(BsTrace) read = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  g_autofree double *data = g_new (double, 300);
  gint64 shape[] = { 3, 100 }, three[] = { 3 };
  double odd[] = { NAN, INFINITY, -0.0 };
  BsTensor *big, *d, *i;
  JsonObject *object;

  fixture_init (&f);
  for (int k = 0; k < 300; k++)
    data[k] = k * 0.5;
  statement (&f, 1, 10);
  big = bind (&f, "big", leaf_tensor (&f, 2, shape, data, TRUE));
  statement (&f, 2, 10);
  d = bind (&f, "d", bs_tensor_new_from_doubles (f.context, BS_DTYPE_FLOAT64, 1, three, odd,
                                                 NULL));
  bs_tensor_announce_leaf (d);
  statement (&f, 3, 10);
  i = bind (&f, "i", bs_tensor_new_from_doubles (f.context, BS_DTYPE_INT64, 1, three, data,
                                                 NULL));
  bs_tensor_announce_leaf (i);
  bs_recorder_print (f.recorder, "tensor([0., 0.5, 1.])\n");
  statement (&f, 4, 10);
  bind (&f, "s", bs_sum (big, &error));
  statement (&f, 5, 10);
  g_assert_true (bs_tensor_backward (f.keep->pdata[3], NULL, FALSE, FALSE, &error));
  statement (&f, 6, 10);
  g_ptr_array_add (f.keep, bs_mul_ (d, d, &error));
  g_assert_no_error (error);
  bs_recorder_set_budget (f.recorder, bs_value_store_get_bytes (
                            bs_trace_get_values (fixture_trace (&f))) + 100);
  statement (&f, 7, 10);
  bind (&f, "t", bs_add (big, big, 1, &error));
  bs_recorder_error (f.recorder, "NameError: name 'q' is not defined");

  read = round_trip (fixture_trace (&f));
  text = bs_trace_json_to_string (fixture_trace (&f));

  object = find_line (parser, text, "node", 1);
  object = json_object_get_object_member (object, "value");
  g_assert_cmpstr (json_object_get_string_member (object, "dtype"), ==, "torch.float32");
  g_assert_cmpfloat (json_object_get_double_member (object, "max"), ==, 149.5);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "first")), ==,
                    BS_VALUE_EDGE);
  object = find_line (parser, text, "node", 2);
  object = json_object_get_object_member (object, "value");
  g_assert_cmpstr (json_object_get_string_member (object, "dtype"), ==, "torch.float64");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (object, "data"),
                                                  0), ==, "nan");
  object = find_line (parser, text, "print", 0);
  g_assert_cmpstr (json_object_get_string_member (object, "text"), ==, "tensor([0., 0.5, 1.])\n");
  object = find_line (parser, text, "inplace", 0);
  g_assert_cmpint (json_object_get_int_member (object, "tensor"), ==, 2);
  object = find_line (parser, text, "budget", 0);
  g_assert_true (json_object_has_member (object, "used"));
  object = find_line (parser, text, "trace", 0);
  g_assert_true (json_object_get_boolean_member (object, "budget_reached"));
  object = find_line (parser, text, "error", 0);
  g_assert_cmpint (json_object_get_int_member (object, "line"), ==, 7);
  g_assert_true (json_object_get_null_member (object, "node"));
  fixture_clear (&f);
}

/* Scope events and the scope of each tensor and node survive the round trip. */
static void
test_scopes (void)
{
  Fixture f;
  g_autoptr(BsTrace) read = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  BsTrace *trace;
  JsonObject *object;
  JsonArray *span;

  fixture_init (&f);
  record_scopes (&f);
  trace = fixture_trace (&f);
  read = round_trip (trace);
  text = bs_trace_json_to_string (trace);

  g_assert_cmpuint (bs_trace_get_n_scopes (read), ==, bs_trace_get_n_scopes (trace));
  for (guint32 id = 1; id <= bs_trace_get_n_scopes (trace); id++)
    {
      const BsTraceScope *a = bs_trace_get_scope (trace, id);
      const BsTraceScope *b = bs_trace_get_scope (read, id);

      g_assert_cmpuint (a->parent, ==, b->parent);
      g_assert_cmpint (a->kind, ==, b->kind);
      g_assert_cmpstr (bs_trace_get_string (trace, a->label), ==,
                       bs_trace_get_string (read, b->label));
      g_assert_cmpmem (&a->span, sizeof a->span, &b->span, sizeof b->span);
      g_assert_cmpuint (a->begin_event, ==, b->begin_event);
      g_assert_cmpuint (a->end_event, ==, b->end_event);
      g_assert_cmpuint (bs_trace_get_event (read, b->begin_event)->aux, ==, id);
    }
  for (guint32 t = 1; t <= bs_trace_get_n_tensors (trace); t++)
    g_assert_cmpuint (bs_trace_get_tensor (trace, t)->scope, ==,
                      bs_trace_get_tensor (read, t)->scope);
  for (guint32 n = 1; n <= bs_trace_get_n_nodes (trace); n++)
    g_assert_cmpuint (bs_trace_get_node (trace, n)->scope, ==, bs_trace_get_node (read, n)->scope);

  object = find_line (parser, text, "scope_begin", 2);
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "module_call");
  g_assert_cmpstr (json_object_get_string_member (object, "label"), ==, "fc (Linear)");
  g_assert_cmpint (json_object_get_int_member (object, "parent"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (object, "line"), ==, 3);
  span = json_object_get_array_member (object, "span");
  g_assert_cmpint (json_array_get_int_element (span, 1), ==, 9);
  object = find_line (parser, text, "scope_begin", 1);
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "loop_iteration");
  g_assert_true (json_object_get_null_member (object, "parent"));
  object = find_line (parser, text, "scope_end", 2);
  g_assert_cmpint (json_object_get_int_member (object, "step"), ==,
                   bs_trace_get_event (trace, bs_trace_get_scope (trace, 2)->end_event)->step);
  object = find_line (parser, text, "node", 1);   /* w: made before any scope */
  g_assert_true (json_object_get_null_member (object, "scope"));
  fixture_clear (&f);
}

static void
test_invalid (void)
{
  const char *bad[] = {
    "not json\n",
    "[1, 2]\n",
    "{\"type\":\"nonsense\",\"step\":0}\n",
    "{\"type\":\"trace\",\"format\":\"other\",\"version\":1,\"budget\":1}\n",
    "{\"type\":\"node\",\"step\":0,\"id\":5}\n",
    "{\"type\":\"statement\",\"step\":1,\"line\":\"x\",\"col\":1,\"end_line\":1,\"end_col\":2}\n",
    "{\"type\":\"scope_end\",\"step\":0,\"id\":1}\n",
    "{\"type\":\"scope_begin\",\"step\":0,\"id\":1,\"parent\":null,\"kind\":\"lambda\","
    "\"label\":\"f\",\"span\":null}\n",
    "{\"type\":\"scope_begin\",\"step\":0,\"id\":2,\"parent\":null,\"kind\":\"module_call\","
    "\"label\":\"f\",\"span\":null}\n",
    "{\"type\":\"scope_begin\",\"step\":0,\"id\":1,\"parent\":null,\"kind\":\"module_call\","
    "\"label\":\"f\",\"span\":null}\n{\"type\":\"scope_end\",\"step\":0,\"id\":1}\n"
    "{\"type\":\"scope_end\",\"step\":0,\"id\":1}\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsTrace) trace = bs_trace_json_from_string (bad[i], -1, &error);

      g_assert_null (trace);
      g_assert_nonnull (error);
    }
}

static void
test_file (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  g_autofree char *dir = g_dir_make_tmp ("trace-json-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "seed004.jsonl", NULL);
  g_autoptr(BsTrace) read = NULL;

  fixture_init (&f);
  record_seed004 (&f);
  g_assert_true (bs_trace_json_write_file (fixture_trace (&f), path, &error));
  g_assert_no_error (error);
  read = bs_trace_json_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_trace_get_n_events (read), ==, bs_trace_get_n_events (fixture_trace (&f)));
  g_unlink (path);
  g_rmdir (dir);
  fixture_clear (&f);
}

/* Numbers as the shortest text that reads back the same (an exponent is valid JSON: no
 * "1e+20.0"), integral ones with ".0"; strings with JSON's escapes. */
static void
test_numbers_and_strings (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(BsTrace) read = NULL;
  g_autofree char *text = NULL;
  gint64 six[] = { 6 };
  double numbers[] = { 1e20, 0.1, -0.0, 1e-7, 100, 5e-324 };
  const char *expected = "[1e+20,0.1,-0.0,1e-07,100.0,4.94065645841247e-324]";
  const char *odd = "a\"b\\c\n\t\x01\x7f\xc3\xa9";
  JsonObject *object;
  Fixture f;

  fixture_init (&f);
  statement (&f, 1, 10);
  bs_tensor_announce_leaf (bind (&f, "n", bs_tensor_new_from_doubles (
                                   f.context, BS_DTYPE_FLOAT64, 1, six, numbers, NULL)));
  bs_recorder_print (f.recorder, odd);
  read = round_trip (fixture_trace (&f));
  text = bs_trace_json_to_string (fixture_trace (&f));
  g_assert_nonnull (strstr (text, expected));
  g_assert_nonnull (strstr (text, "\"text\":\"a\\\"b\\\\c\\n\\t\\u0001\\u007f\xc3\xa9\""));
  object = find_line (parser, text, "print", 0);
  g_assert_cmpstr (json_object_get_string_member (object, "text"), ==, odd);
  {
    const BsTraceValue *value = bs_trace_get_value (read, bs_trace_get_event (read, 1)->values[0]);

    g_assert_nonnull (value);
    for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
      g_assert_true (memcmp (&value->data[k], &numbers[k], sizeof (double)) == 0);
  }
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/json/seed004", test_seed004);
  g_test_add_func ("/trace/json/seed003-error", test_seed003_error);
  g_test_add_func ("/trace/json/values", test_values);
  g_test_add_func ("/trace/json/scopes", test_scopes);
  g_test_add_func ("/trace/json/invalid", test_invalid);
  g_test_add_func ("/trace/json/file", test_file);
  g_test_add_func ("/trace/json/numbers-and-strings", test_numbers_and_strings);
  return g_test_run ();
}
