/* test-multi-output.c: nodes of several outputs (split, chunk, unbind, var_mean, std_mean)
 * as PyTorch 1.13 makes them: one node, each output its output_nr, a gradient for the
 * outputs that got none counted as zeros; expected values printed by PyTorch 1.13. */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"
#include "gradcheck.h"

static const double x_values[] = { 0.5, -1.0, 2.0, 1.5, 0.25, -0.75 };
static const gint64 x_shape[] = { 2, 3 };

static BsTensor *
make_x (BsContext *context)
{
  BsTensor *x = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT64, 2, x_shape, x_values,
                                            NULL);

  x->requires_grad = TRUE;
  return x;
}

static void
test_split_one_node (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = make_x (context);
  g_autoptr(BsTensor) y = NULL;
  const gint64 sizes[] = { 1, 2 };
  BsTensor *pieces[2] = { NULL };
  GError *error = NULL;

  g_assert_true (bs_split (x, 1, sizes, 2, TRUE, pieces, &error));
  g_assert_no_error (error);
  g_assert_true (pieces[0]->grad_fn == pieces[1]->grad_fn);
  g_assert_cmpstr (bs_node_name (pieces[0]->grad_fn), ==, "SplitWithSizesBackward0");
  g_assert_cmpuint (pieces[0]->output_nr, ==, 0);
  g_assert_cmpuint (pieces[1]->output_nr, ==, 1);
  g_assert_cmpuint (pieces[1]->grad_fn->n_outputs, ==, 2);

  /* Backward through piece 1 only: zeros where piece 0 is. */
  y = bs_sum (pieces[1], &error);
  g_assert_true (bs_tensor_backward (y, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  {
    const double expected[] = { 0, 1, 1, 0, 1, 1 };

    assert_tensor_close (bs_tensor_get_grad (x), expected, 6, 0.0);
  }
  /* An in-place change of a piece is PyTorch's error. */
  {
    g_autoptr(BsTensor) z = bs_mul_scalar (x, 1.0, &error);
    BsTensor *more[2] = { NULL };

    g_assert_true (bs_split (z, 0, (const gint64[]) { 1, 1 }, 2, FALSE, more, &error));
    g_autoptr(BsTensor) one = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT64, 1.0);

    g_assert_null (bs_add_ (more[1], one, 1.0, &error));
    g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
    g_assert_true (g_str_has_prefix (error->message, "Output 1 of SplitBackward0 is a view and "
                                     "is being modified inplace. This view is the output of a "
                                     "function that returns multiple views."));
    g_clear_error (&error);
    bs_tensor_unref (more[0]);
    bs_tensor_unref (more[1]);
  }
  bs_tensor_unref (pieces[0]);
  bs_tensor_unref (pieces[1]);
}

static void
test_unbind_one_piece (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = make_x (context);
  g_autoptr(BsTensor) w = NULL;
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) total = NULL;
  BsTensor *pieces[3] = { NULL };
  const double w_values[] = { 3.0, 4.0 };
  const gint64 two = 2;
  const double expected[] = { 0, 0, 3, 0, 0, 4 };
  GError *error = NULL;

  g_assert_true (bs_unbind (x, 1, pieces, &error));
  g_assert_cmpstr (bs_node_name (pieces[2]->grad_fn), ==, "UnbindBackward0");
  g_assert_cmpuint (pieces[2]->output_nr, ==, 2);
  w = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT64, 1, &two, w_values, NULL);
  y = bs_mul (pieces[2], w, &error);
  total = bs_sum (y, &error);
  g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (bs_tensor_get_grad (x), expected, 6, 0.0);
  for (int k = 0; k < 3; k++)
    bs_tensor_unref (pieces[k]);
}

/* pieces 2 and 0 of a chunk(3, dim 1), mixed: every piece's gradient path in one node */
static BsTensor *
chunk_mix (BsTensor *const *x, guint n, gpointer user_data, GError **error)
{
  BsTensor *pieces[3] = { NULL };
  BsTensor *out = NULL;

  if (bs_split (x[0], 1, (const gint64[]) { 1, 1, 1 }, 3, FALSE, pieces, error))
    {
      g_autoptr(BsTensor) a = bs_mul (pieces[2], pieces[2], error);
      g_autoptr(BsTensor) b = a ? bs_mul_scalar (pieces[0], 3.0, error) : NULL;

      out = b ? bs_add (a, b, 1.0, error) : NULL;
    }
  for (int k = 0; k < 3; k++)
    g_clear_pointer (&pieces[k], bs_tensor_unref);
  return out;
}

static BsTensor *
unbind_mix (BsTensor *const *x, guint n, gpointer user_data, GError **error)
{
  BsTensor *rows[2] = { NULL };
  BsTensor *out = NULL;

  if (bs_unbind (x[0], 0, rows, error))
    out = bs_mul (rows[0], rows[1], error);
  g_clear_pointer (&rows[0], bs_tensor_unref);
  g_clear_pointer (&rows[1], bs_tensor_unref);
  return out;
}

/* var_mean's (or std_mean's, user_data non-NULL) outputs combined: var·(1, 2) + 3·mean */
static BsTensor *
spread_mean_mix (BsTensor *const *x, guint n, gpointer user_data, GError **error)
{
  const gint64 dim = 1;
  BsTensor *spread = NULL, *mean = NULL;
  BsTensor *out = NULL;

  if (bs_spread_mean (x[0], &dim, 1, 1.0, FALSE, user_data != NULL, &spread, &mean, error))
    {
      g_autoptr(BsTensor) w = bs_tensor_new_from_doubles (x[0]->context, BS_DTYPE_FLOAT64, 1,
                                                          (const gint64[]) { 2 },
                                                          (const double[]) { 1, 2 }, NULL);
      g_autoptr(BsTensor) a = bs_mul (spread, w, error);
      g_autoptr(BsTensor) b = a ? bs_mul_scalar (mean, 3.0, error) : NULL;

      out = b ? bs_add (a, b, 1.0, error) : NULL;
    }
  g_clear_pointer (&spread, bs_tensor_unref);
  g_clear_pointer (&mean, bs_tensor_unref);
  return out;
}

static void
test_gradcheck (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = make_x (context);

  assert_gradcheck (chunk_mix, &x, 1, NULL);
  assert_gradgradcheck (chunk_mix, &x, 1, NULL);
  assert_gradcheck (unbind_mix, &x, 1, NULL);
  assert_gradgradcheck (unbind_mix, &x, 1, NULL);
  assert_gradcheck (spread_mean_mix, &x, 1, NULL);
  assert_gradcheck (spread_mean_mix, &x, 1, GINT_TO_POINTER (1));
}

static void
test_var_mean (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = make_x (context);
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) total = NULL;
  BsTensor *spread = NULL, *mean = NULL;
  const double expected[] = { 1.0, -0.5, 2.5, 10.0 / 3.0, 2.5 / 3.0, -3.5 / 3.0 };
  const double expected_std[] = { -0.7071067812, -0.7071067812, 0.7071067812,
                                  0.7071067812, 0.7071067812, -0.7071067812 };
  const gint64 dim0 = 0;
  GError *error = NULL;

  out = spread_mean_mix (&x, 1, NULL, &error);
  total = bs_sum (out, &error);
  g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (bs_tensor_get_grad (x), expected, 6, 1e-9);

  /* std_mean(x, 0, keepdim=True), backward through the std only */
  bs_tensor_zero_grad (x, TRUE);
  g_assert_true (bs_spread_mean (x, &dim0, 1, 1.0, TRUE, TRUE, &spread, &mean, &error));
  g_assert_cmpstr (bs_node_name (mean->grad_fn), ==, "StdMeanBackward0");
  g_assert_true (spread->grad_fn == mean->grad_fn);
  g_assert_cmpuint (mean->output_nr, ==, 1);
  g_clear_pointer (&total, bs_tensor_unref);
  total = bs_sum (spread, &error);
  g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (bs_tensor_get_grad (x), expected_std, 6, 1e-9);
  bs_tensor_unref (spread);
  bs_tensor_unref (mean);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/multi-output/split-one-node", test_split_one_node);
  g_test_add_func ("/engine/multi-output/unbind-one-piece", test_unbind_one_piece);
  g_test_add_func ("/engine/multi-output/gradcheck", test_gradcheck);
  g_test_add_func ("/engine/multi-output/var-mean", test_var_mean);
  return g_test_run ();
}
