/* test-backward.c: the backward pass, its stepper and PyTorch's autograd semantics
 * (expected values from PyTorch 1.13: tests/golden/backward.py) */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

#include <math.h>

static BsTensor *
vector (BsContext    *context,
        const double *values,
        gint64        n,
        gboolean      requires_grad)
{
  BsTensor *t = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, &n, values, NULL);

  t->requires_grad = requires_grad;
  return t;
}

static BsTensor *
number (BsContext *context,
        double     value)
{
  return bs_tensor_new_wrapped_number (context, value, value == (gint64) value);
}

static BsTensor *
mul_number (BsTensor *a,
            double    value)
{
  g_autoptr(BsTensor) n = number (a->context, value);
  g_autoptr(GError) error = NULL;
  BsTensor *r = bs_mul (a, n, &error);

  g_assert_no_error (error);
  return r;
}

static void
test_accumulate_shared_weight (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) w = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 3);
  g_autoptr(BsTensor) a = NULL, b = NULL, c = NULL, ab = NULL, abc = NULL;

  w->requires_grad = TRUE;
  a = mul_number (w, 1);
  b = mul_number (w, 2);
  c = mul_number (w, 3);
  ab = bs_add (a, b, 1, &error);
  abc = bs_add (ab, c, 1, &error);
  g_assert_true (bs_tensor_backward (abc, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_item (w->grad), ==, 6.0);

  /* across backward calls too */
  {
    g_autoptr(BsTensor) d = mul_number (w, 5);

    g_assert_true (bs_tensor_backward (d, NULL, FALSE, FALSE, &error));
    g_assert_cmpfloat (bs_tensor_item (w->grad), ==, 11.0);
  }
}

static void
test_retain_grad_and_hooks (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const double xs[] = { 1, 2, 3 };
  g_autoptr(BsTensor) x = vector (context, xs, 3, TRUE);
  g_autoptr(BsTensor) y = mul_number (x, 2);
  g_autoptr(BsTensor) yy = bs_mul (y, y, &error);
  g_autoptr(BsTensor) z = bs_sum (yy, &error);

  g_assert_true (bs_tensor_retain_grad (y, &error));
  g_assert_true (bs_tensor_backward (z, NULL, TRUE, FALSE, &error));
  g_assert_no_error (error);
  {
    const double y_grad[] = { 4, 8, 12 }, x_grad[] = { 8, 16, 24 };

    assert_tensor_close (y->grad, y_grad, 3, 0);
    assert_tensor_close (x->grad, x_grad, 3, 0);
  }
  g_assert_true (bs_tensor_backward (z, NULL, FALSE, FALSE, &error));
  {
    const double y_grad[] = { 8, 16, 24 }, x_grad[] = { 16, 32, 48 };

    assert_tensor_close (y->grad, y_grad, 3, 0);
    assert_tensor_close (x->grad, x_grad, 3, 0);
  }
}

static BsTensor *
times_ten (BsTensor *grad, gpointer user_data, GError **error)
{
  return mul_number (grad, 10);
}

static BsTensor *
plus_one (BsTensor *grad, gpointer user_data, GError **error)
{
  g_autoptr(BsTensor) one = number (grad->context, 1);

  (*(int *) user_data)++;
  return bs_add (grad, one, 1, error);
}

static void
test_hooks (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const double xs[] = { 1, 2, 3 };
  g_autoptr(BsTensor) x = vector (context, xs, 3, TRUE);
  g_autoptr(BsTensor) y = NULL, s = NULL;
  int calls = 0;

  g_assert_cmpuint (bs_tensor_register_hook (x, times_ten, NULL, NULL, &error), >, 0);
  y = bs_mul (x, x, &error);
  g_assert_cmpuint (bs_tensor_register_hook (y, plus_one, &calls, NULL, &error), >, 0);
  s = bs_sum (y, &error);
  g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (calls, ==, 1);
  {
    const double expected[] = { 40, 80, 120 };

    assert_tensor_close (x->grad, expected, 3, 0);
  }
  {
    g_autoptr(BsTensor) plain = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 1);

    g_assert_cmpuint (bs_tensor_register_hook (plain, times_ten, NULL, NULL, &error), ==, 0);
    g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
    g_assert_cmpstr (error->message, ==,
                     "cannot register a hook on a tensor that doesn't require gradient");
  }
}

static void
test_second_derivative (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 2);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  BsBackwardOptions create = { .retain_graph = TRUE, .create_graph = TRUE };
  BsBackwardOptions plain = { 0 };
  BsTensor *g;

  x->requires_grad = TRUE;
  y = bs_pow_scalar (x, 3, &error);
  first = bs_autograd_grad (&y, NULL, 1, &x, 1, &create, &error);
  g_assert_no_error (error);
  g = first->pdata[0];
  g_assert_cmpfloat (bs_tensor_item (g), ==, 12.0);        /* 3x² */
  g_assert_nonnull (g->grad_fn);
  g_assert_cmpstr (bs_node_name (g->grad_fn), ==, "MulBackward0");
  second = bs_autograd_grad (&g, NULL, 1, &x, 1, &plain, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_item (second->pdata[0]), ==, 12.0);  /* 6x */
  g_assert_null (x->grad);  /* autograd.grad does not accumulate */
}

static void
test_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const double xs[] = { 1, 2 };
  g_autoptr(BsTensor) x = vector (context, xs, 2, TRUE);
  g_autoptr(BsTensor) plain = vector (context, xs, 2, FALSE);
  g_autoptr(BsTensor) y = mul_number (x, 3);

  g_assert_false (bs_tensor_backward (y, NULL, FALSE, FALSE, &error));
  g_assert_cmpstr (error->message, ==, "grad can be implicitly created only for scalar outputs");
  g_clear_error (&error);

  g_assert_false (bs_tensor_backward (plain, NULL, FALSE, FALSE, &error));
  g_assert_cmpstr (error->message, ==,
                   "element 0 of tensors does not require grad and does not have a grad_fn");
  g_clear_error (&error);

  {
    const double three[] = { 1, 1, 1 };
    g_autoptr(BsTensor) wrong = vector (context, three, 3, FALSE);

    g_assert_false (bs_tensor_backward (y, wrong, FALSE, FALSE, &error));
    g_assert_cmpstr (error->message, ==,
                     "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and "
                     "output[0] has a shape of torch.Size([2]).");
    g_clear_error (&error);
  }
  {
    const double weights[] = { 1, 0.5 }, expected[] = { 3, 1.5 };
    g_autoptr(BsTensor) gradient = vector (context, weights, 2, FALSE);

    g_assert_true (bs_tensor_backward (y, gradient, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (x->grad, expected, 2, 0);
  }
  {
    g_autoptr(BsTensor) w = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 1);
    g_autoptr(BsTensor) y2 = mul_number (x, 2);
    g_autoptr(BsTensor) s = bs_sum (y2, &error);
    BsTensor *inputs[] = { x, w };
    BsBackwardOptions unused = { .allow_unused = TRUE, .retain_graph = TRUE };
    BsBackwardOptions strict = { 0 };
    g_autoptr(GPtrArray) grads = NULL;

    w->requires_grad = TRUE;
    grads = bs_autograd_grad (&s, NULL, 1, inputs, 2, &unused, &error);
    g_assert_no_error (error);
    g_assert_nonnull (grads->pdata[0]);
    g_assert_null (grads->pdata[1]);
    g_assert_null (bs_autograd_grad (&s, NULL, 1, inputs, 2, &strict, &error));
    g_assert_cmpstr (error->message, ==,
                     "One of the differentiated Tensors appears to not have been used in the "
                     "graph. Set allow_unused=True if this is the desired behavior.");
  }
}

/* add saves nothing, so PyTorch lets it run twice without retain_graph; mul does not. */
static void
test_freed_graph_only_when_saved (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 2);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) added = NULL, multiplied = NULL;

  x->requires_grad = TRUE;
  added = bs_add (x, one, 1, &error);
  g_assert_true (bs_tensor_backward (added, NULL, FALSE, FALSE, &error));
  g_assert_true (bs_tensor_backward (added, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_item (x->grad), ==, 2.0);

  multiplied = bs_mul (x, x, &error);
  g_assert_true (bs_tensor_backward (multiplied, NULL, FALSE, FALSE, &error));
  g_assert_false (bs_tensor_backward (multiplied, NULL, FALSE, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_true (g_str_has_prefix (error->message, "Trying to backward through the graph a second"));
}

static void
test_anomaly_nan (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const double xs[] = { 0, 2 };
  g_autoptr(BsTensor) x = vector (context, xs, 2, TRUE);
  g_autoptr(BsTensor) zeroed = mul_number (x, 0);
  g_autoptr(BsTensor) root = bs_sqrt (zeroed, &error);
  g_autoptr(BsTensor) y = mul_number (root, 0);
  g_autoptr(BsTensor) s = bs_sum (y, &error);

  context->anomaly_enabled = TRUE;
  g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
  g_assert_cmpstr (error->message, ==, "Function 'SqrtBackward0' returned nan values in its 0th output.");
}

/* The stepper runs one node per step, in PyTorch's order: highest sequence number
 * first, AccumulateGrad as soon as it is ready. */
static void
test_stepper_order (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) w = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 1);
  g_autoptr(BsTensor) a = NULL, b = NULL, c = NULL;
  g_autoptr(BsBackward) backward = NULL;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  BsBackwardOptions options = { 0 };

  w->requires_grad = TRUE;
  a = mul_number (w, 2);     /* MulBackward0, seq 0 */
  b = bs_exp (a, &error);    /* ExpBackward0, seq 1 */
  c = bs_add (b, a, 1, &error); /* AddBackward0, seq 2 */
  backward = bs_backward_begin (context, &c, NULL, 1, &options, &error);
  g_assert_no_error (error);
  while (!bs_backward_is_done (backward))
    {
      g_ptr_array_add (order, (gpointer) bs_node_name (bs_backward_peek (backward)));
      g_assert_true (bs_backward_step (backward, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (order->len, ==, 4);
  g_assert_cmpstr (order->pdata[0], ==, "AddBackward0");
  g_assert_cmpstr (order->pdata[1], ==, "ExpBackward0");
  g_assert_cmpstr (order->pdata[2], ==, "MulBackward0");
  g_assert_cmpstr (order->pdata[3], ==, "torch::autograd::AccumulateGrad");
  g_assert_true (bs_backward_finish (backward, NULL, &error));
  /* d/dw (e^(2w) + 2w) = 2e^2 + 2 */
  g_assert_cmpfloat_with_epsilon (bs_tensor_item (w->grad), 2 * exp (2.0) + 2, 1e-5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/backward/accumulate", test_accumulate_shared_weight);
  g_test_add_func ("/engine/backward/retain-grad", test_retain_grad_and_hooks);
  g_test_add_func ("/engine/backward/hooks", test_hooks);
  g_test_add_func ("/engine/backward/second-derivative", test_second_derivative);
  g_test_add_func ("/engine/backward/errors", test_errors);
  g_test_add_func ("/engine/backward/freed-only-when-saved", test_freed_graph_only_when_saved);
  g_test_add_func ("/engine/backward/anomaly-nan", test_anomaly_nan);
  g_test_add_func ("/engine/backward/stepper-order", test_stepper_order);
  return g_test_run ();
}
