/* test-paths.c: chain-rule paths, their products and sums, checked against .grad */
#include "trace-fixtures.h"

static BsPaths *
paths_for (BsTrace    *trace,
           guint32     backward,
           const char *name,
           guint       limit)
{
  g_autoptr(GError) error = NULL;
  guint32 tensor = bs_paths_find_tensor (trace, backward, name);
  BsPaths *paths;

  g_assert_cmpuint (tensor, !=, 0);
  paths = bs_paths_compute (trace, backward, tensor, limit, &error);
  g_assert_no_error (error);
  return paths;
}

static void
assert_text (BsPaths    *paths,
             const char *expected)
{
  g_autofree char *text = bs_paths_format (paths);

  g_assert_cmpstr (text, ==, expected);
}

static double
product_of (BsPaths *paths,
            guint    index)
{
  const BsTraceValue *value = bs_paths_get_path (paths, index)->product;

  g_assert_nonnull (value);
  g_assert_cmpint (value->numel, ==, 1);
  return value->data[0];
}

/* Seed 004: two paths to w1 (-2 and -6, sum -8), one to w2 (-1), one to w3 (-2). */
static void
test_seed004 (void)
{
  Fixture f;
  BsTrace *trace;
  guint64 count;

  fixture_init (&f);
  record_seed004 (&f);
  trace = fixture_trace (&f);
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 1, "w1", 0);

    g_assert_true (bs_paths_get_count (paths, &count));
    g_assert_cmpuint (count, ==, 2);
    g_assert_cmpuint (bs_paths_get_n_listed (paths), ==, 2);
    g_assert_cmpfloat (product_of (paths, 0), ==, -2);
    g_assert_cmpfloat (product_of (paths, 1), ==, -6);
    g_assert_cmpfloat (bs_paths_get_sum (paths)->data[0], ==, -8);
    g_assert_cmpfloat (bs_paths_get_expected (paths)->data[0], ==, -8);
    g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
    g_assert_cmpuint (bs_paths_get_path (paths, 0)->n_hops, ==, 4);
    assert_text (paths,
                 "L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2\n"
                 "L ← x5 ← x4 ← w1 : (-1)·(3)·(2) = -6\n"
                 "sum of 2 paths = -8 = w1.grad ✓\n");
  }
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 1, "w2", 0);

    assert_text (paths,
                 "L ← x5 ← w2 : (-1)·(1) = -1\n"
                 "sum of 1 path = -1 = w2.grad ✓\n");
  }
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 1, "w3", 0);

    assert_text (paths,
                 "L ← x5 ← w3 : (-1)·(2) = -2\n"
                 "sum of 1 path = -2 = w3.grad ✓\n");
  }
  /* A non-leaf: what reached x3. */
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 1, "x3", 0);

    assert_text (paths,
                 "L ← x5 ← x3 : (-1)·(2) = -2\n"
                 "sum of 1 path = -2 = the gradient reaching x3 ✓\n");
  }
  /* x1 needs no gradient: no path. */
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 1, "x1", 0);

    g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
    g_assert_null (bs_paths_get_expected (paths));
    assert_text (paths, "sum of 0 paths = 0: backward 1 gives x1 no gradient ✓\n");
  }
  /* Errors */
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (bs_paths_compute (trace, 7, 1, 0, &error));
    g_assert_error (error, BS_PATHS_ERROR, BS_PATHS_ERROR_NO_BACKWARD);
    g_clear_error (&error);
    g_assert_null (bs_paths_compute (trace, 1, 999, 0, &error));
    g_assert_error (error, BS_PATHS_ERROR, BS_PATHS_ERROR_NO_TENSOR);
  }
  fixture_clear (&f);
}

/* Seed 003: tensors; each backward call's own contribution to a.grad. */
static void
test_seed003 (void)
{
  Fixture f;
  BsTrace *trace;

  fixture_init (&f);
  record_seed003 (&f);
  trace = fixture_trace (&f);
  for (guint32 backward = 1; backward <= 3; backward++)
    {
      g_autoptr(BsPaths) paths = paths_for (trace, backward, "a", 0);
      const BsTraceValue *sum = bs_paths_get_sum (paths);
      double scale = backward == 2 ? 4 : 1;   /* d/da mean(2a²) = a; d/da sum(2a²) = 4a */

      g_assert_cmpuint (bs_paths_get_n_listed (paths), ==, 1);
      g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
      g_assert_cmpint (sum->numel, ==, 4);
      g_assert_cmpint (sum->ndim, ==, 2);
      for (int i = 0; i < 4; i++)
        g_assert_cmpfloat_with_epsilon (sum->data[i], scale * seed003_a[i], 1e-6);
    }
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 2, "a", 0);

    assert_text (paths,
                 "e ← c ← b ← a = [[1, 2, 3, 4]]\n"
                 "sum of 1 path = [[1, 2, 3, 4]] = what backward 2 added to a.grad ✓\n");
  }
  /* The failed fourth call never reached a. */
  {
    g_autoptr(BsPaths) paths = paths_for (trace, 4, "a", 0);

    g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
    g_assert_null (bs_paths_get_expected (paths));
  }
  fixture_clear (&f);
}

/* y = a*a + a: the product's two inputs are two paths. */
static void
test_diamond (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  BsTensor *a, *y;
  g_autoptr(BsTensor) b = NULL;
  guint64 count;

  fixture_init (&f);
  statement (&f, 1, 30);
  a = bind (&f, "a", leaf (&f, 3, TRUE));
  statement (&f, 2, 13);
  b = bs_mul (a, a, &error);
  y = bind (&f, "y", bs_add (b, a, 1, &error));
  statement (&f, 3, 12);
  g_assert_true (bs_tensor_backward (y, NULL, FALSE, FALSE, &error));
  {
    g_autoptr(BsPaths) paths = paths_for (fixture_trace (&f), 1, "a", 0);
    const BsTraceEvent *last0, *last1;

    g_assert_true (bs_paths_get_count (paths, &count));
    g_assert_cmpuint (count, ==, 3);
    /* The two through a*a differ in which input they enter. */
    last0 = bs_trace_get_event (fixture_trace (&f), bs_paths_get_path (paths, 0)->hops[1]);
    last1 = bs_trace_get_event (fixture_trace (&f), bs_paths_get_path (paths, 1)->hops[1]);
    g_assert_cmpuint (last0->input_nr, ==, 0);
    g_assert_cmpuint (last1->input_nr, ==, 1);
    assert_text (paths,
                 "y ← a : (3) = 3\n"
                 "y ← a : (3) = 3\n"
                 "y ← a : (1) = 1\n"
                 "sum of 3 paths = 7 = a.grad ✓\n");
  }
  g_clear_pointer (&b, bs_tensor_unref);
  fixture_clear (&f);
}

/* h = x; for _ in range(3): h = w * h — one path per iteration. */
static void
test_shared_weights (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  BsTensor *w, *h;

  fixture_init (&f);
  statement (&f, 1, 30);
  w = bind (&f, "w", leaf (&f, 0.5, TRUE));
  statement (&f, 2, 30);
  h = bind (&f, "h", leaf (&f, 2, FALSE));
  for (int i = 0; i < 3; i++)
    {
      statement (&f, 4, 10);
      h = bind (&f, "h", bs_mul (w, h, &error));
    }
  statement (&f, 5, 12);
  g_assert_true (bs_tensor_backward (h, NULL, FALSE, FALSE, &error));
  {
    g_autoptr(BsPaths) paths = paths_for (fixture_trace (&f), 1, "w", 0);

    assert_text (paths,
                 "h ← w : (0.5) = 0.5\n"
                 "h ← h ← w : (0.5)·(1) = 0.5\n"
                 "h ← h ← h ← w : (0.5)·(0.5)·(2) = 0.5\n"
                 "sum of 3 paths = 1.5 = w.grad ✓\n");
  }
  fixture_clear (&f);
}

/* y = x + b with b broadcast over rows; L = y.sum() + y.mean(). The path
 * through the mean carries a vector no edge recorded: its product comes from
 * re-running AddBackward0 in the engine. */
static void
test_broadcast_bias (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  gint64 xshape[] = { 2, 3 }, bshape[] = { 3 };
  double xs[] = { 1, 2, 3, 4, 5, 6 }, bs[] = { 0.1, 0.2, 0.3 };
  BsTensor *y, *L, *s1, *s2;

  fixture_init (&f);
  statement (&f, 1, 30);
  bind (&f, "x", leaf_tensor (&f, 2, xshape, xs, FALSE));
  statement (&f, 2, 30);
  bind (&f, "b", leaf_tensor (&f, 1, bshape, bs, TRUE));
  statement (&f, 3, 9);
  y = bind (&f, "y", bs_add (f.keep->pdata[0], f.keep->pdata[1], 1, &error));
  statement (&f, 4, 12);
  s1 = bind (&f, "s1", bs_sum (y, &error));
  statement (&f, 5, 12);
  s2 = bind (&f, "s2", bs_mean (y, &error));
  statement (&f, 6, 12);
  L = bind (&f, "L", bs_add (s1, s2, 1, &error));
  statement (&f, 7, 12);
  g_assert_true (bs_tensor_backward (L, NULL, FALSE, FALSE, &error));
  {
    g_autoptr(BsPaths) paths = paths_for (fixture_trace (&f), 1, "b", 0);
    const BsTraceValue *second;

    g_assert_cmpuint (bs_paths_get_n_listed (paths), ==, 2);
    g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
    second = bs_paths_get_path (paths, 1)->product;
    g_assert_nonnull (second);
    g_assert_cmpint (second->numel, ==, 3);
    g_assert_cmpfloat_with_epsilon (second->data[0], 1.0 / 3, 1e-6);
    g_assert_cmpfloat_with_epsilon (bs_paths_get_sum (paths)->data[2], 7.0 / 3, 1e-6);
    assert_text (paths,
                 "L ← s1 ← y ← b = [2, 2, 2]\n"
                 "L ← s2 ← y ← b = [0.333333, 0.333333, 0.333333]\n"
                 "sum of 2 paths = [2.33333, 2.33333, 2.33333] = b.grad ✓\n");
  }
  fixture_clear (&f);
}

/* h = h + h seventy times: 2^70 paths, counted exactly, listed up to the limit,
 * summed edge by edge. */
static void
test_many_paths (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f;
  BsTensor *h;

  fixture_init (&f);
  statement (&f, 1, 30);
  h = bind (&f, "x", leaf (&f, 1, TRUE));
  for (int i = 0; i < 70; i++)
    {
      statement (&f, 2, 10);
      h = bind (&f, "h", bs_add (h, h, 1, &error));
    }
  statement (&f, 3, 12);
  g_assert_true (bs_tensor_backward (h, NULL, FALSE, FALSE, &error));
  {
    g_autoptr(BsPaths) paths = paths_for (fixture_trace (&f), 1, "x", 10);
    g_autofree char *count = bs_paths_format_count (paths);
    g_autofree char *text = bs_paths_format (paths);
    guint64 n;

    g_assert_cmpstr (count, ==, "1180591620717411303424");
    g_assert_false (bs_paths_get_count (paths, &n));
    g_assert_cmpuint (bs_paths_get_n_listed (paths), ==, 10);
    g_assert_cmpint (bs_paths_get_check (paths), ==, BS_PATHS_CHECK_MATCH);
    g_assert_cmpfloat (bs_paths_get_sum (paths)->data[0], ==, ldexp (1, 70));
    g_assert_nonnull (strstr (text,
                              "… and more: 10 of 1180591620717411303424 paths listed\n"
                              "sum of 1180591620717411303424 paths = 1.18059e+21 = x.grad ✓\n"));
  }
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/paths/seed004", test_seed004);
  g_test_add_func ("/trace/paths/seed003", test_seed003);
  g_test_add_func ("/trace/paths/diamond", test_diamond);
  g_test_add_func ("/trace/paths/shared-weights", test_shared_weights);
  g_test_add_func ("/trace/paths/broadcast-bias", test_broadcast_bias);
  g_test_add_func ("/trace/paths/many-paths", test_many_paths);
  return g_test_run ();
}
