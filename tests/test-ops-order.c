/* test-ops-order.c: kthvalue, median, mode, gelu, embedding, and nll_loss / cross_entropy
 * with class weights and label smoothing: grad_fn names and gradients checked against
 * central finite differences in float64 (values against PyTorch are in the conformance
 * scripts torch_order_stats.py and nn_embedding.py) */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"
#include "golden-case.h"
#include "gradcheck.h"

/* distinct values, so that every pick has one place */
static BsTensor *
leaf (BsContext *context)
{
  g_autoptr(GError) error = NULL;
  BsTensor *x = golden_tensor_of (context, BS_DTYPE_FLOAT64, DIMS (3, 4),
                                  VALUES (0.3, -1.2, 2.5, 0.7, -0.4, 1.9, -2.2, 0.1, 1.1, -0.8,
                                          0.45, 3.0));

  g_assert_true (bs_tensor_set_requires_grad (x, TRUE, &error));
  return x;
}

static BsTensor *
pick (BsTensor *const *in, guint n, gpointer data, GError **error)
{
  BsOp op = GPOINTER_TO_INT (data);
  g_autoptr(BsTensor) indices = NULL;

  if (op == BS_OP_MEDIAN)
    return bs_median (in[0], error);
  return bs_order_pick (op, in[0], 2, op == BS_OP_MODE ? 0 : 1, FALSE, &indices, error);
}

static BsTensor *
gelu_of (BsTensor *const *in, guint n, gpointer data, GError **error)
{
  return bs_gelu (in[0], GPOINTER_TO_INT (data), error);
}

static BsTensor *
embedding_of (BsTensor *const *in, guint n, gpointer data, GError **error)
{
  g_autoptr(BsTensor) idx = LONGS (in[0]->context, 2, 0, 2, 1);

  return bs_embedding (in[0], idx, GPOINTER_TO_INT (data), error);
}

static BsTensor *
loss_of (BsTensor *const *in, guint n, gpointer data, GError **error)
{
  g_autoptr(BsTensor) target = LONGS (in[0]->context, 3, -100, 0);
  g_autoptr(BsTensor) weight = golden_tensor_of (in[0]->context, BS_DTYPE_FLOAT64, DIMS (4),
                                                 VALUES (1.0, 2.0, 0.5, 3.0));
  double smoothing = GPOINTER_TO_INT (data) / 10.0;

  return bs_cross_entropy_full (in[0], target, weight, BS_REDUCTION_MEAN, -100, smoothing,
                                error);
}

static void
check (GradcheckFunc f, gpointer data, const char *grad_fn_name)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = leaf (context);
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(GError) error = NULL;

  out = f (&x, 1, data, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bs_node_name (out->grad_fn), ==, grad_fn_name);
  assert_gradcheck (f, &x, 1, data);
}

static void
test_order_gradients (void)
{
  check (pick, GINT_TO_POINTER (BS_OP_KTHVALUE), "KthvalueBackward0");
  check (pick, GINT_TO_POINTER (BS_OP_MEDIAN_DIM), "MedianBackward1");
  check (pick, GINT_TO_POINTER (BS_OP_MODE), "ModeBackward0");
  check (pick, GINT_TO_POINTER (BS_OP_MEDIAN), "MedianBackward0");
}

static void
test_gelu_gradients (void)
{
  check (gelu_of, GINT_TO_POINTER (FALSE), "GeluBackward0");
  check (gelu_of, GINT_TO_POINTER (TRUE), "GeluBackward0");
}

static void
test_embedding_gradients (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) w = leaf (context);
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) total = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) outside = LONGS (context, 3);
  /* rows 2, 0, 2 and 1 looked up; row 2 is the padding: no gradient */
  const double expected[3] = { 1.0, 1.0, 0.0 };

  check (embedding_of, GINT_TO_POINTER (-1), "EmbeddingBackward0");
  out = embedding_of (&w, 1, GINT_TO_POINTER (2), &error);
  total = out != NULL ? bs_sum (out, &error) : NULL;
  g_assert_no_error (error);
  g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  for (int row = 0; row < 3; row++)
    for (int col = 0; col < 4; col++)
      g_assert_cmpfloat (bs_tensor_get (w->grad, row * 4 + col), ==, expected[row]);
  g_assert_null (bs_embedding (w, outside, -1, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX);
}

static void
test_loss_gradients (void)
{
  check (loss_of, GINT_TO_POINTER (0), "NllLossBackward0");
  check (loss_of, GINT_TO_POINTER (2), "AddBackward0");
}

/* the picks and their indices, by hand from the leaf's values */
static void
test_order_values (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) x = leaf (context);
  g_autoptr(BsTensor) indices = NULL;
  g_autoptr(BsTensor) kth = bs_order_pick (BS_OP_KTHVALUE, x, 2, 1, TRUE, &indices, NULL);
  g_autoptr(BsTensor) ties = golden_tensor_of (context, BS_DTYPE_FLOAT64, DIMS (6),
                                               VALUES (2, 1, 2, 3, 1, 3));
  g_autoptr(BsTensor) mode_indices = NULL;
  g_autoptr(BsTensor) mode = bs_order_pick (BS_OP_MODE, ties, 0, 0, FALSE, &mode_indices, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (kth->ndim, ==, 2);
  g_assert_cmpfloat (bs_tensor_get (kth, 0), ==, 0.3);
  g_assert_cmpfloat (bs_tensor_get (kth, 1), ==, -0.4);
  g_assert_cmpfloat (bs_tensor_get (kth, 2), ==, 0.45);
  g_assert_cmpint (bs_tensor_get_int (indices, 1), ==, 0);
  /* the smallest of the most frequent values, at its last place */
  g_assert_cmpfloat (bs_tensor_item (mode), ==, 1.0);
  g_assert_cmpint (bs_tensor_get_int (mode_indices, 0), ==, 4);
  g_assert_null (bs_order_pick (BS_OP_KTHVALUE, x, 5, 1, FALSE, NULL, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==,
                   "kthvalue(): selected number k out of range for dimension 1");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/ops-order/gradients", test_order_gradients);
  g_test_add_func ("/engine/ops-order/values", test_order_values);
  g_test_add_func ("/engine/ops-order/gelu", test_gelu_gradients);
  g_test_add_func ("/engine/ops-order/embedding", test_embedding_gradients);
  g_test_add_func ("/engine/ops-order/losses", test_loss_gradients);
  return g_test_run ();
}
