/* test-value-store.c: summaries of large tensors, their histograms, and the store's budget */
#include <string.h>

#include <json-glib/json-glib.h>

#include "trace-fixtures.h"

static guint64
histogram_total (const BsTraceValue *value)
{
  const BsValueHistogram *histogram = bs_trace_value_get_histogram (value);
  guint64 total = histogram->n_nan + histogram->n_posinf + histogram->n_neginf;

  for (guint i = 0; i < value->n_bins; i++)
    total += histogram->bins[i];
  return total;
}

static BsTraceValue *
summary_of (BsContext    *context,
            BsDType       dtype,
            int           ndim,
            const gint64 *shape,
            const double *data)
{
  g_autoptr(BsTensor) tensor = bs_tensor_new_from_doubles (context, dtype, ndim, shape, data,
                                                           NULL);
  BsTraceValue *value = bs_trace_value_new_from_tensor (tensor, BS_VALUE_SMALL);

  g_assert_cmpint (value->kind, ==, BS_VALUE_SUMMARY);
  g_assert_cmpuint (value->n_bins, ==, BS_VALUE_HISTOGRAM_BINS);
  g_assert_cmpuint (histogram_total (value), ==, value->numel);
  return value;
}

/* torch.arange(97.): torch.histc(x, bins=24, min=0, max=96) gives 4 in each bin, 5 in the last. */
static void
test_arange (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  double data[97];
  gint64 shape[] = { 97 };
  g_autoptr(BsTraceValue) value = NULL;
  const BsValueHistogram *histogram;

  for (int i = 0; i < 97; i++)
    data[i] = i;
  value = summary_of (context, BS_DTYPE_FLOAT32, 1, shape, data);
  histogram = bs_trace_value_get_histogram (value);
  g_assert_cmpfloat (histogram->low, ==, 0);
  g_assert_cmpfloat (histogram->high, ==, 96);
  for (guint i = 0; i < BS_VALUE_HISTOGRAM_BINS; i++)
    g_assert_cmpuint (histogram->bins[i], ==, i + 1 < BS_VALUE_HISTOGRAM_BINS ? 4 : 5);
  g_assert_cmpuint (histogram->n_nan + histogram->n_posinf + histogram->n_neginf, ==, 0);
}

/* x = torch.tensor([math.sin(i) * 3 for i in range(1000)], dtype=torch.float64).reshape(40, 25):
 * torch.histc(x, bins=24, min=x.min(), max=x.max()), for x, x.t() and x as int64 and bool. */
static const guint64 sin_bins[BS_VALUE_HISTOGRAM_BINS] = {
  130, 55, 46, 37, 34, 30, 31, 29, 26, 30, 24, 29, 26, 25, 29, 28, 28, 32, 30, 33, 38, 44, 56, 130,
};

static void
test_strides_and_dtypes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsContext) context = bs_context_new ();
  g_autofree double *data = g_new (double, 1000);
  gint64 shape[] = { 40, 25 };
  g_autoptr(BsTensor) x = NULL, xt = NULL;
  g_autoptr(BsTraceValue) value = NULL, transposed = NULL, ints = NULL, bools = NULL;
  const BsValueHistogram *histogram;

  for (int i = 0; i < 1000; i++)
    data[i] = sin (i) * 3;
  x = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT64, 2, shape, data, NULL);
  xt = bs_transpose (x, 0, 1, &error);
  g_assert_no_error (error);
  g_assert_false (bs_tensor_is_contiguous (xt));

  value = bs_trace_value_new_from_tensor (x, BS_VALUE_SMALL);
  transposed = bs_trace_value_new_from_tensor (xt, BS_VALUE_SMALL);
  for (const BsTraceValue *v = value; v != NULL; v = v == value ? transposed : NULL)
    {
      histogram = bs_trace_value_get_histogram (v);
      g_assert_nonnull (histogram);
      g_assert_cmpuint (histogram_total (v), ==, 1000);
      g_assert_cmpfloat (histogram->low, ==, v->min);
      g_assert_cmpfloat (histogram->high, ==, v->max);
      for (guint i = 0; i < BS_VALUE_HISTOGRAM_BINS; i++)
        g_assert_cmpuint (histogram->bins[i], ==, sin_bins[i]);
    }
  /* The same elements in another order: other first elements, the same histogram. */
  g_assert_cmpfloat (transposed->data[1], ==, data[25]);
  g_assert_false (bs_trace_value_equal (value, transposed));

  /* int64 truncates: sin(i) * 3 becomes -2 ... 2, five values over 24 bins of width 1/6 */
  {
    g_autoptr(BsTensor) t = bs_tensor_new_from_doubles (context, BS_DTYPE_INT64, 2, shape, data,
                                                        NULL);
    guint64 counts[5] = { 0 };

    ints = bs_trace_value_new_from_tensor (t, BS_VALUE_SMALL);
    for (int i = 0; i < 1000; i++)
      counts[(int) data[i] + 2]++;
    histogram = bs_trace_value_get_histogram (ints);
    g_assert_cmpfloat (histogram->low, ==, -2);
    g_assert_cmpfloat (histogram->high, ==, 2);
    for (guint i = 0; i < BS_VALUE_HISTOGRAM_BINS; i++)
      g_assert_cmpuint (histogram->bins[i], ==,
                        i == 23 ? counts[4] : i % 6 == 0 ? counts[i / 6] : 0);
  }
  {
    g_autoptr(BsTensor) t = bs_tensor_new_from_doubles (context, BS_DTYPE_BOOL, 2, shape, data,
                                                        NULL);
    guint64 n_true = 0;

    bools = bs_trace_value_new_from_tensor (t, BS_VALUE_SMALL);
    for (int i = 0; i < 1000; i++)
      n_true += data[i] != 0;
    histogram = bs_trace_value_get_histogram (bools);
    g_assert_cmpuint (histogram->bins[0], ==, 1000 - n_true);
    g_assert_cmpuint (histogram->bins[BS_VALUE_HISTOGRAM_BINS - 1], ==, n_true);
    g_assert_cmpuint (histogram_total (bools), ==, 1000);
  }
}

/* NaN and infinities are counted apart; the bins span the finite elements. */
static void
test_nonfinite (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  double data[100], odd[100];
  gint64 shape[] = { 100 };
  g_autoptr(BsTraceValue) value = NULL, none = NULL, same = NULL, wide = NULL;
  const BsValueHistogram *histogram;

  for (int i = 0; i < 100; i++)
    data[i] = i;
  data[10] = data[20] = data[99] = NAN;
  data[30] = data[31] = INFINITY;
  data[40] = -INFINITY;
  value = summary_of (context, BS_DTYPE_FLOAT32, 1, shape, data);
  histogram = bs_trace_value_get_histogram (value);
  g_assert_true (isnan (value->min) && isnan (value->max));   /* as torch.min()/max() */
  g_assert_cmpuint (histogram->n_nan, ==, 3);
  g_assert_cmpuint (histogram->n_posinf, ==, 2);
  g_assert_cmpuint (histogram->n_neginf, ==, 1);
  g_assert_cmpfloat (histogram->low, ==, 0);
  g_assert_cmpfloat (histogram->high, ==, 98);
  g_assert_cmpuint (histogram_total (value) - 6, ==, 94);

  /* No finite element: no range, no bin counts */
  for (int i = 0; i < 100; i++)
    odd[i] = i % 3 == 0 ? NAN : i % 3 == 1 ? INFINITY : -INFINITY;
  none = summary_of (context, BS_DTYPE_FLOAT64, 1, shape, odd);
  histogram = bs_trace_value_get_histogram (none);
  g_assert_true (isnan (histogram->low) && isnan (histogram->high));
  g_assert_cmpuint (histogram->n_nan, ==, 34);
  g_assert_cmpuint (histogram->n_posinf, ==, 33);
  g_assert_cmpuint (histogram->n_neginf, ==, 33);

  /* All equal: one full bin */
  for (int i = 0; i < 100; i++)
    odd[i] = 5;
  same = summary_of (context, BS_DTYPE_FLOAT64, 1, shape, odd);
  histogram = bs_trace_value_get_histogram (same);
  g_assert_cmpfloat (histogram->low, ==, histogram->high);
  g_assert_cmpuint (histogram->bins[0], ==, 100);

  /* A range wider than the largest double: -1e308 first bin, 0 in the middle, 1e308 last */
  for (int i = 0; i < 100; i++)
    odd[i] = (i % 3 - 1) * 1e308;
  wide = summary_of (context, BS_DTYPE_FLOAT64, 1, shape, odd);
  histogram = bs_trace_value_get_histogram (wide);
  g_assert_cmpuint (histogram->bins[0], ==, 34);
  g_assert_cmpuint (histogram->bins[BS_VALUE_HISTOGRAM_BINS / 2], ==, 33);
  g_assert_cmpuint (histogram->bins[BS_VALUE_HISTOGRAM_BINS - 1], ==, 33);
}

/* Copies keep the histogram, equality sees it, the budget counts it, small summaries have none. */
static void
test_store (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsValueStore) store = bs_value_store_new (0);
  double data[200];
  gint64 shape[] = { 200 }, eight[] = { 8 };
  g_autoptr(BsTraceValue) value = NULL, copy = NULL;
  g_autoptr(BsTensor) tensor = NULL, small = NULL;
  BsValueHistogram *histogram;
  const BsTraceValue *stored;
  gsize before, needed;

  for (int i = 0; i < 200; i++)
    data[i] = i * 0.25;
  value = summary_of (context, BS_DTYPE_FLOAT32, 1, shape, data);
  copy = bs_trace_value_copy (value);
  g_assert_true (bs_trace_value_equal (value, copy));
  histogram = (BsValueHistogram *) bs_trace_value_get_histogram (copy);
  g_assert_true (histogram != bs_trace_value_get_histogram (value));
  histogram->bins[3]--;
  histogram->bins[4]++;
  g_assert_false (bs_trace_value_equal (value, copy));

  tensor = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, shape, data, NULL);
  before = bs_value_store_get_bytes (store);
  stored = bs_value_store_get (store, bs_value_store_add_tensor (store, tensor));
  needed = sizeof (BsTraceValue) + stored->n_data * sizeof (double) + sizeof (BsValueHistogram)
           + BS_VALUE_HISTOGRAM_BINS * sizeof (guint64);
  g_assert_true (bs_trace_value_equal (stored, value));
  g_assert_cmpuint (bs_value_store_get_bytes (store) - before, >=, needed);

  /* A budget that holds the summary's statistics but not its histogram drops it. */
  bs_value_store_set_budget (store, bs_value_store_get_bytes (store) + needed
                             - sizeof (BsValueHistogram));
  g_assert_cmpuint (bs_value_store_add_tensor (store, tensor), ==, 0);
  g_assert_cmpuint (bs_value_store_get_n_dropped (store), ==, 1);
  g_assert_cmpuint (bs_value_store_get_bytes (store), <=, bs_value_store_get_budget (store));

  /* Past the budget an 8-element tensor is a summary that keeps all its elements. */
  small = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, eight, data, NULL);
  bs_value_store_set_budget (store, bs_value_store_get_bytes (store) + 4096);
  stored = bs_value_store_get (store, bs_value_store_add_tensor (store, small));
  g_assert_cmpint (stored->kind, ==, BS_VALUE_SUMMARY);
  g_assert_cmpuint (stored->n_data, ==, 8);
  g_assert_cmpuint (stored->n_bins, ==, 0);
  g_assert_null (bs_trace_value_get_histogram (stored));
}

static const BsTraceValue *
node_value (BsTrace *trace,
            guint32  tensor)
{
  return bs_trace_get_value (trace, bs_trace_get_event (trace, bs_trace_get_tensor (trace,
                                                                                   tensor)
                                                        ->event)->values[0]);
}

/* Histograms are written as JSON Lines and read back; broken ones are refused. */
static void
test_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(BsTrace) read = NULL;
  g_autofree char *text = NULL, *again = NULL;
  Fixture f;
  double data[300];
  gint64 shape[] = { 3, 100 };
  const BsTraceValue *a, *b;
  const BsValueHistogram *histogram;
  g_auto(GStrv) lines = NULL;
  JsonObject *object, *value;
  guint line;

  fixture_init (&f);
  for (int i = 0; i < 300; i++)
    data[i] = i % 7 == 0 ? NAN : i == 5 ? -INFINITY : i * 0.5;
  statement (&f, 1, 10);
  bind (&f, "big", leaf_tensor (&f, 2, shape, data, FALSE));
  text = bs_trace_json_to_string (fixture_trace (&f));
  read = bs_trace_json_from_string (text, -1, &error);
  g_assert_no_error (error);
  again = bs_trace_json_to_string (read);
  g_assert_cmpstr (again, ==, text);
  a = node_value (fixture_trace (&f), 1);
  b = node_value (read, 1);
  g_assert_cmpuint (b->n_bins, ==, BS_VALUE_HISTOGRAM_BINS);
  g_assert_true (bs_trace_value_equal (a, b));
  histogram = bs_trace_value_get_histogram (b);
  g_assert_cmpuint (histogram->n_nan, ==, 43);
  g_assert_cmpuint (histogram->n_neginf, ==, 1);
  g_assert_cmpfloat (histogram->high, ==, 299 * 0.5);

  /* The line of the node holds its histogram. */
  lines = g_strsplit (text, "\n", -1);
  for (line = 0; strstr (lines[line], "\"histogram\"") == NULL; line++)
    g_assert_nonnull (lines[line + 1]);
  g_assert_true (json_parser_load_from_data (parser, lines[line], -1, NULL));
  value = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                         "value");
  object = json_object_get_object_member (value, "histogram");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "bins")), ==,
                    BS_VALUE_HISTOGRAM_BINS);
  g_assert_cmpint (json_object_get_int_member (object, "nan"), ==, 43);
  g_assert_cmpint (json_object_get_int_member (object, "posinf"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (object, "neginf"), ==, 1);

  /* One NaN fewer: the counts no longer add up. */
  {
    g_autoptr(GString) edited = g_string_new (text);
    g_autoptr(BsTrace) refused = NULL;
    g_autoptr(GError) problem = NULL;

    g_assert_cmpuint (g_string_replace (edited, "\"nan\":43", "\"nan\":42", 0), ==, 1);
    refused = bs_trace_json_from_string (edited->str, -1, &problem);
    g_assert_null (refused);
    g_assert_error (problem, BS_TRACE_JSON_ERROR, BS_TRACE_JSON_ERROR_INVALID);
    g_assert_nonnull (strstr (problem->message, "histogram"));

    /* Without its range */
    g_clear_error (&problem);
    g_string_assign (edited, text);
    g_assert_cmpuint (g_string_replace (edited, "\"low\":", "\"lo\":", 0), ==, 1);
    g_clear_pointer (&refused, bs_trace_unref);
    refused = bs_trace_json_from_string (edited->str, -1, &problem);
    g_assert_null (refused);
    g_assert_error (problem, BS_TRACE_JSON_ERROR, BS_TRACE_JSON_ERROR_INVALID);
    g_assert_nonnull (strstr (problem->message, "\"low\""));
  }

  /* A summary without one, as older traces have, is read without one. */
  {
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autoptr(BsTrace) old = NULL;
    g_autofree char *old_text = NULL;

    json_object_remove_member (value, "histogram");
    json_generator_set_root (generator, json_parser_get_root (parser));
    g_free (lines[line]);
    lines[line] = json_generator_to_data (generator, NULL);
    old_text = g_strjoinv ("\n", lines);
    old = bs_trace_json_from_string (old_text, -1, &error);
    g_assert_no_error (error);
    b = node_value (old, 1);
    g_assert_cmpuint (b->n_bins, ==, 0);
    g_assert_null (bs_trace_value_get_histogram (b));
    g_assert_cmpfloat (b->data[1], ==, a->data[1]);
    g_assert_false (bs_trace_value_equal (a, b));
  }
  fixture_clear (&f);
}

/* The head of a value's text is the text itself up to past the length asked for, whatever
 * the shape, so a label cut there shows the same characters. */
static void
test_format_head (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  static const gint64 shapes[][3] = { { 1, 1, 1 }, { 5, 1, 1 }, { 2, 3, 1 }, { 2, 2, 3 } };
  static const int ndims[] = { 0, 1, 2, 3 };
  double data[12];

  for (guint i = 0; i < G_N_ELEMENTS (data); i++)
    data[i] = (i % 3 == 0 ? -1.0 : 1.0) * (i + 0.5) / 3.0;
  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      g_autoptr(BsTensor) tensor = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32,
                                                               ndims[s], shapes[s], data, NULL);
      g_autofree BsTraceValue *value = bs_trace_value_new_from_tensor (tensor, BS_VALUE_SMALL);
      g_autofree char *full = bs_trace_value_format (value);
      gsize length = strlen (full);

      g_assert_cmpint (value->kind, ==, BS_VALUE_FULL);
      for (gsize n = 0; n <= length + 1; n++)
        {
          g_autofree char *head = bs_trace_value_format_head (value, n);

          if (length <= n)
            g_assert_cmpstr (head, ==, full);
          else
            {
              g_assert_cmpuint (strlen (head), >, n);
              g_assert_cmpint (strncmp (head, full, n + 1), ==, 0);
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/value-store/histogram/arange", test_arange);
  g_test_add_func ("/trace/value-store/histogram/strides-and-dtypes", test_strides_and_dtypes);
  g_test_add_func ("/trace/value-store/histogram/nonfinite", test_nonfinite);
  g_test_add_func ("/trace/value-store/histogram/store", test_store);
  g_test_add_func ("/trace/value-store/histogram/json", test_json);
  g_test_add_func ("/trace/value-store/format-head", test_format_head);
  return g_test_run ();
}
