/* test-seeds.c: the scenarios of the documents Backstep was created from,
 * with the numbers PyTorch 1.13 gives (tests/golden/seeds.py) */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

static BsTensor *
scalar_leaf (BsContext *context,
             double     value,
             gboolean   requires_grad)
{
  BsTensor *t = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, value);

  t->requires_grad = requires_grad;
  return t;
}

static BsTensor *
number (BsContext *context,
        double     value)
{
  return bs_tensor_new_wrapped_number (context, value, value == (gint64) value);
}

/* x3 = w1*x1; x4 = w1*x2; x5 = w2*x3 + w3*x4; L = 1 - x5 */
static void
test_seed004_paths (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x1 = scalar_leaf (context, 1, FALSE);
  g_autoptr(BsTensor) x2 = scalar_leaf (context, 2, FALSE);
  g_autoptr(BsTensor) w1 = scalar_leaf (context, 1, TRUE);
  g_autoptr(BsTensor) w2 = scalar_leaf (context, 2, TRUE);
  g_autoptr(BsTensor) w3 = scalar_leaf (context, 3, TRUE);
  g_autoptr(BsTensor) x3 = bs_mul (w1, x1, &error);
  g_autoptr(BsTensor) x4 = bs_mul (w1, x2, &error);
  g_autoptr(BsTensor) a = bs_mul (w2, x3, &error);
  g_autoptr(BsTensor) b = bs_mul (w3, x4, &error);
  g_autoptr(BsTensor) x5 = bs_add (a, b, 1.0, &error);
  g_autoptr(BsTensor) L = bs_rsub_scalar (x5, 1.0, 1.0, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_item (L), ==, -7.0);
  g_assert_cmpstr (bs_node_name (L->grad_fn), ==, "RsubBackward1");
  g_assert_cmpstr (bs_node_name (x5->grad_fn), ==, "AddBackward0");
  g_assert_cmpstr (bs_node_name (x3->grad_fn), ==, "MulBackward0");
  g_assert_cmpuint (L->grad_fn->n_inputs, ==, 1);
  g_assert_true (L->grad_fn->next[0].node == x5->grad_fn);
  g_assert_true (x3->grad_fn->next[0].node == w1->grad_accumulator);
  g_assert_null (x3->grad_fn->next[1].node);
  g_assert_true (bs_tensor_is_leaf (w1));
  g_assert_false (bs_tensor_is_leaf (x3));
  g_assert_null (w1->grad);

  g_assert_true (bs_tensor_backward (L, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_item (w1->grad), ==, -8.0);
  g_assert_cmpfloat (bs_tensor_item (w2->grad), ==, -1.0);
  g_assert_cmpfloat (bs_tensor_item (w3->grad), ==, -2.0);
  g_assert_null (x1->grad);
  g_assert_null (x3->grad);
}

/* a = rand(1, 4); b = a**2; c = b*2; d = c.mean(); e = c.sum() */
static void
test_seed003_retain_graph (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 1, 4 };
  const double values[] = { 0.5, 0.25, 1.0, 2.0 };
  g_autoptr(BsTensor) a = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 2, shape,
                                                      values, NULL);
  g_autoptr(BsTensor) two = number (context, 2);
  g_autoptr(BsTensor) b = NULL;
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) d = NULL;
  g_autoptr(BsTensor) e = NULL;

  a->requires_grad = TRUE;
  b = bs_pow_scalar (a, 2, &error);
  c = bs_mul (b, two, &error);
  d = bs_mean (c, &error);
  e = bs_sum (c, &error);
  g_assert_no_error (error);

  /* d.backward(retain_graph=True); e.backward(retain_graph=True); d.backward(); */
  g_assert_true (bs_tensor_backward (d, NULL, TRUE, FALSE, &error));
  g_assert_true (bs_tensor_backward (e, NULL, TRUE, FALSE, &error));
  g_assert_true (bs_tensor_backward (d, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  {
    /* grad = 2 * (4a/4 + 4a) */
    const double expected[] = { 5.0, 2.5, 10.0, 20.0 };

    assert_tensor_close (a->grad, expected, 4, 1e-6);
  }
  /* e.backward()  # error will occur! */
  g_assert_false (bs_tensor_backward (e, NULL, FALSE, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==,
                   "Trying to backward through the graph a second time (or directly access "
                   "saved tensors after they have already been freed). Saved intermediate "
                   "values of the graph are freed when you call .backward() or autograd.grad(). "
                   "Specify retain_graph=True if you need to backward through the graph a second "
                   "time or if you need to access saved tensors after calling backward.");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/seeds/004-paths", test_seed004_paths);
  g_test_add_func ("/engine/seeds/003-retain-graph", test_seed003_retain_graph);
  return g_test_run ();
}
