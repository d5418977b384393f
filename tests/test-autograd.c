/* test-autograd.c: requires_grad, grad mode, in-place ops and version counters
 * (expected texts from PyTorch 1.13: tests/golden/autograd.py) */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

#include <string.h>

static BsTensor *
vector (BsContext    *context,
        BsDType       dtype,
        const double *values,
        gint64        n,
        gboolean      requires_grad)
{
  BsTensor *t = bs_tensor_new_from_doubles (context, dtype, 1, &n, values, NULL);

  t->requires_grad = requires_grad;
  return t;
}

static BsTensor *
number (BsContext *context,
        double     value)
{
  return bs_tensor_new_wrapped_number (context, value, value == (gint64) value);
}

static const double one_two[] = { 1, 2 };
static const double one_two_three[] = { 1, 2, 3 };

static void
test_requires_grad_propagation (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
  g_autoptr(BsTensor) ints = vector (context, BS_DTYPE_INT64, one_two, 2, FALSE);
  g_autoptr(BsTensor) two = number (context, 2);
  g_autoptr(BsTensor) doubled = bs_mul (ints, two, &error);
  g_autoptr(BsTensor) mixed = bs_mul (x, ints, &error);
  g_autoptr(BsTensor) untracked = NULL;

  g_assert_no_error (error);
  g_assert_false (bs_tensor_requires_grad (doubled));
  g_assert_cmpint (doubled->dtype, ==, BS_DTYPE_INT64);
  g_assert_cmpint (mixed->dtype, ==, BS_DTYPE_FLOAT32);
  g_assert_cmpstr (bs_node_name (mixed->grad_fn), ==, "MulBackward0");
  g_assert_true (bs_tensor_requires_grad (mixed));
  g_assert_false (bs_tensor_is_leaf (mixed));

  bs_grad_mode_set (context, FALSE);
  untracked = bs_mul (x, two, &error);
  bs_grad_mode_set (context, TRUE);
  g_assert_false (bs_tensor_requires_grad (untracked));
  g_assert_null (untracked->grad_fn);
  g_assert_true (bs_tensor_is_leaf (untracked));

  g_assert_false (bs_tensor_set_requires_grad (mixed, FALSE, &error));
  g_assert_cmpstr (error->message, ==,
                   "you can only change requires_grad flags of leaf variables. If you want to "
                   "use a computed variable in a subgraph that doesn't require differentiation "
                   "use var_no_grad = var.detach().");
  g_clear_error (&error);
  g_assert_false (bs_tensor_set_requires_grad (ints, TRUE, &error));
  g_assert_cmpstr (error->message, ==, "only Tensors of floating point dtype can require gradients");
}

static void
test_type_promotion (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsTensor) ints = vector (context, BS_DTYPE_INT64, one_two, 2, FALSE);
  g_autoptr(BsTensor) bools = vector (context, BS_DTYPE_BOOL, one_two, 2, FALSE);
  g_autoptr(BsTensor) floats = vector (context, BS_DTYPE_FLOAT32, one_two, 2, FALSE);
  g_autoptr(BsTensor) doubles = vector (context, BS_DTYPE_FLOAT64, one_two, 2, FALSE);
  g_autoptr(BsTensor) zero_dim_double = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT64, 1);
  g_autoptr(BsTensor) zero_dim_float = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 1);
  g_autoptr(BsTensor) py_float = number (context, 1.5);
  g_autoptr(BsTensor) py_int = number (context, 1);
  struct { BsTensor *a, *b; BsDType expected; } cases[] = {
    { ints, py_float, BS_DTYPE_FLOAT32 },        /* tensor([1,2]) + 1.5 */
    { ints, py_int, BS_DTYPE_INT64 },
    { bools, py_int, BS_DTYPE_INT64 },           /* tensor([True]) + 1 */
    { bools, bools, BS_DTYPE_BOOL },
    { floats, zero_dim_double, BS_DTYPE_FLOAT32 },
    { zero_dim_double, floats, BS_DTYPE_FLOAT32 },
    { doubles, zero_dim_float, BS_DTYPE_FLOAT64 },
    { ints, zero_dim_double, BS_DTYPE_FLOAT64 },
    { doubles, py_float, BS_DTYPE_FLOAT64 },
    { zero_dim_double, py_float, BS_DTYPE_FLOAT64 },
    { ints, floats, BS_DTYPE_FLOAT32 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BsTensor *pair[2] = { cases[i].a, cases[i].b };

      g_assert_cmpint (bs_result_type (pair, 2), ==, cases[i].expected);
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsTensor) two = number (context, 2);
    g_autoptr(BsTensor) quotient = bs_div (ints, two, &error);

    g_assert_cmpint (quotient->dtype, ==, BS_DTYPE_FLOAT32);   /* true division */
    g_assert_cmpfloat (bs_tensor_get (quotient, 0), ==, 0.5);
  }
}

static void
test_leaf_inplace (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) result = bs_add_ (x, one, 1, &error);

  g_assert_null (result);
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==,
                   "a leaf Variable that requires grad is being used in an in-place operation.");
  g_clear_error (&error);
  g_assert_cmpuint (bs_tensor_version (x), ==, 0);

  /* allowed under no_grad, as an optimiser step */
  bs_grad_mode_set (context, FALSE);
  result = bs_add_ (x, one, 1, &error);
  bs_grad_mode_set (context, TRUE);
  g_assert_no_error (error);
  g_assert_true (result == x);
  g_assert_cmpuint (bs_tensor_version (x), ==, 1);
  g_assert_cmpfloat (bs_tensor_get (x, 1), ==, 3.0);
  g_assert_true (bs_tensor_is_leaf (x));
}

static void
test_inplace_rebases_history (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two_three, 3, TRUE);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) two = number (context, 2);
  g_autoptr(BsTensor) y = bs_mul (x, one, &error);
  g_autoptr(BsTensor) same = bs_mul_ (y, two, &error);
  g_autoptr(BsTensor) s = NULL;

  g_assert_no_error (error);
  g_assert_true (same == y);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "MulBackward0");
  g_assert_cmpstr (bs_node_name (y->grad_fn->next[0].node), ==, "MulBackward0");
  g_assert_cmpuint (bs_tensor_version (y), ==, 1);
  s = bs_sum (y, &error);
  g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
  {
    const double expected[] = { 2, 2, 2 };

    assert_tensor_close (x->grad, expected, 3, 0);
  }
}

/* relu_ saves its result, which is the modified tensor itself */
static void
test_inplace_saved_output (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two_three, 3, TRUE);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) y = bs_mul (x, one, &error);
  g_autoptr(BsTensor) same = bs_relu_ (y, &error);
  g_autoptr(BsTensor) z = bs_mul (y, y, &error);
  g_autoptr(BsTensor) s = bs_sum (z, &error);

  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "ReluBackward0");
  g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  {
    const double expected[] = { 2, 4, 6 };

    assert_tensor_close (x->grad, expected, 3, 0);
  }
}

static void
test_version_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) one = number (context, 1);

  /* a saved output changed in place */
  {
    g_autoptr(BsTensor) a = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
    g_autoptr(BsTensor) b = bs_mul (a, one, &error);
    g_autoptr(BsTensor) e = bs_exp (b, &error);
    g_autoptr(BsTensor) same = bs_add_ (e, one, 1, &error);
    g_autoptr(BsTensor) s = bs_sum (e, &error);

    g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_cmpstr (error->message, ==,
                     "one of the variables needed for gradient computation has been modified "
                     "by an inplace operation: [torch.FloatTensor [2]], which is output 0 of "
                     "ExpBackward0, is at version 1; expected version 0 instead. Hint: enable "
                     "anomaly detection to find the operation that failed to compute its "
                     "gradient, with torch.autograd.set_detect_anomaly(True).");
    g_clear_error (&error);
  }
  /* exp saves its result, not its input: changing the input is harmless */
  {
    g_autoptr(BsTensor) a = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
    g_autoptr(BsTensor) b = bs_mul (a, one, &error);
    g_autoptr(BsTensor) c = bs_exp (b, &error);
    g_autoptr(BsTensor) same = bs_add_ (b, one, 1, &error);
    g_autoptr(BsTensor) s = bs_sum (c, &error);

    g_assert_cmpstr (bs_node_name (b->grad_fn), ==, "AddBackward0");
    g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
  }
  /* a saved input changed in place names its current grad_fn */
  {
    g_autoptr(BsTensor) a = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
    g_autoptr(BsTensor) c = bs_mul (a, one, &error);
    g_autoptr(BsTensor) d = bs_mul (c, c, &error);
    g_autoptr(BsTensor) same = bs_add_ (c, one, 1, &error);
    g_autoptr(BsTensor) s = bs_sum (d, &error);

    g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_true (strstr (error->message, "[torch.FloatTensor [2]], which is output 0 of "
                           "AddBackward0, is at version 1; expected version 0 instead.") != NULL);
    g_clear_error (&error);
  }
  /* a saved plain tensor changed in place: no grad_fn to name */
  {
    g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
    g_autoptr(BsTensor) w = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 3);
    g_autoptr(BsTensor) y = bs_mul (x, w, &error);
    g_autoptr(BsTensor) same = bs_add_ (w, one, 1, &error);
    g_autoptr(BsTensor) s = bs_sum (y, &error);

    g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_cmpstr (error->message, ==,
                     "one of the variables needed for gradient computation has been modified "
                     "by an inplace operation: [torch.FloatTensor []] is at version 1; expected "
                     "version 0 instead. Hint: enable anomaly detection to find the operation "
                     "that failed to compute its gradient, with "
                     "torch.autograd.set_detect_anomaly(True).");
  }
}

static void
test_detach_and_data (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = vector (context, BS_DTYPE_FLOAT32, one_two, 2, TRUE);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) two = number (context, 2);
  g_autoptr(BsTensor) data = bs_tensor_data_alias (x);
  g_autoptr(BsTensor) detached = bs_tensor_detach (x);
  g_autoptr(BsTensor) r1 = bs_mul_ (data, two, &error);
  g_autoptr(BsTensor) r2 = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (bs_tensor_version (x), ==, 0);     /* .data has its own counter */
  g_assert_cmpfloat (bs_tensor_get (x, 1), ==, 4.0);   /* but the same storage */
  r2 = bs_add_ (detached, one, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_tensor_version (x), ==, 1);     /* detach() shares it */
  g_assert_false (bs_tensor_requires_grad (detached));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/autograd/requires-grad", test_requires_grad_propagation);
  g_test_add_func ("/engine/autograd/type-promotion", test_type_promotion);
  g_test_add_func ("/engine/autograd/leaf-inplace", test_leaf_inplace);
  g_test_add_func ("/engine/autograd/inplace-rebase", test_inplace_rebases_history);
  g_test_add_func ("/engine/autograd/inplace-saved-output", test_inplace_saved_output);
  g_test_add_func ("/engine/autograd/version-errors", test_version_errors);
  g_test_add_func ("/engine/autograd/detach-and-data", test_detach_and_data);
  return g_test_run ();
}
