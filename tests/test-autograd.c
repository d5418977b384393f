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

static BsTensor *
matrix (BsContext    *context,
        BsDType       dtype,
        const double *values,
        gboolean      requires_grad)
{
  static const gint64 shape[] = { 2, 2 };
  BsTensor *t = bs_tensor_new_from_doubles (context, dtype, 2, shape, values, NULL);

  t->requires_grad = requires_grad;
  return t;
}

static const double one_to_four[] = { 1, 2, 3, 4 };

static void
assert_grad_fn (BsNode     *node,
                const char *name)
{
  g_assert_nonnull (node);
  g_assert_cmpstr (bs_node_name (node), ==, name);
}

static void
test_inplace_on_views (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) w = matrix (context, BS_DTYPE_FLOAT32, one_to_four, TRUE);
  g_autoptr(BsTensor) zero = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 0);
  g_autoptr(BsTensor) one = number (context, 1);
  g_autoptr(BsTensor) two = number (context, 2);
  g_autoptr(BsTensor) three = number (context, 3);

  /* h = w.clone(); h[0, 0] = 0.0; h[0].mul_(2) */
  {
    g_autoptr(BsTensor) h = bs_clone (w, &error);
    g_autoptr(BsTensor) row = bs_select (h, 0, 0, &error);
    g_autoptr(BsTensor) cell = bs_select (row, 0, 0, &error);
    g_autoptr(BsTensor) r1 = bs_copy_ (cell, zero, &error);
    g_autoptr(BsTensor) v = bs_select (h, 0, 0, &error);
    g_autoptr(BsTensor) r2 = bs_mul_ (v, two, &error);
    g_autoptr(BsTensor) c = matrix (context, BS_DTYPE_FLOAT32, one_to_four, FALSE);
    g_autoptr(BsTensor) p = bs_mul (h, c, &error);
    g_autoptr(BsTensor) s = bs_sum (p, &error);
    static const double h_expected[] = { 0, 4, 3, 4 }, grad_expected[] = { 0, 4, 3, 4 };
    BsNode *copy_slices;

    g_assert_no_error (error);
    copy_slices = h->grad_fn;
    assert_grad_fn (copy_slices, "torch::autograd::CopySlices");
    g_assert_cmpuint (copy_slices->n_inputs, ==, 2);
    assert_grad_fn (copy_slices->next[0].node, "torch::autograd::CopySlices");
    assert_grad_fn (copy_slices->next[0].node->next[0].node, "CloneBackward0");
    g_assert_true (copy_slices->next[1].present);
    g_assert_null (copy_slices->next[1].node);
    assert_grad_fn (v->grad_fn, "AsStridedBackward0");
    g_assert_true (v->grad_fn->next[0].node == copy_slices);
    g_assert_cmpuint (bs_tensor_version (v), ==, 2);
    g_assert_cmpuint (bs_tensor_version (h), ==, 2);
    g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (h, h_expected, 4, 0);
    assert_tensor_close (w->grad, grad_expected, 4, 0);
  }
  /* b = (w * 1)[0][1:]; b.mul_(3); h.t()[1].copy_(s * s) */
  {
    g_autoptr(BsTensor) s = vector (context, BS_DTYPE_FLOAT32, (double[]) { 5, 6 }, 2, TRUE);
    g_autoptr(BsTensor) h = bs_mul (w, one, &error);
    g_autoptr(BsTensor) a = bs_select (h, 0, 0, &error);
    g_autoptr(BsTensor) b = bs_slice (a, 0, 1, G_MAXINT64, 1, &error);
    g_autoptr(BsTensor) r1 = bs_mul_ (b, three, &error);
    g_autoptr(BsTensor) ht = bs_t (h, &error);
    g_autoptr(BsTensor) col = bs_select (ht, 0, 1, &error);
    g_autoptr(BsTensor) ss = bs_mul (s, s, &error);
    g_autoptr(BsTensor) r2 = bs_copy_ (col, ss, &error);
    g_autoptr(BsTensor) hh = bs_mul (h, h, &error);
    g_autoptr(BsTensor) total = bs_sum (hh, &error);
    static const double h_expected[] = { 1, 25, 3, 36 }, grad_expected[] = { 2, 0, 6, 0 };
    static const double s_expected[] = { 500, 864 };

    g_assert_no_error (error);
    bs_tensor_set_grad (w, NULL);
    assert_grad_fn (b->grad_fn, "AsStridedBackward0");
    assert_grad_fn (h->grad_fn, "torch::autograd::CopySlices");
    assert_grad_fn (h->grad_fn->next[1].node, "MulBackward0");
    g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (h, h_expected, 4, 0);
    assert_tensor_close (w->grad, grad_expected, 4, 0);
    assert_tensor_close (s->grad, s_expected, 2, 0);
  }
  /* h[:, 0].div_(t): the wrapped op saves its inputs and needs t's gradient */
  {
    g_autoptr(BsTensor) t = vector (context, BS_DTYPE_FLOAT32, (double[]) { 2, 4 }, 2, TRUE);
    g_autoptr(BsTensor) h = bs_mul (w, one, &error);
    g_autoptr(BsTensor) q = bs_select (h, 1, 0, &error);
    g_autoptr(BsTensor) r = bs_div_ (q, t, &error);
    g_autoptr(BsTensor) hh = bs_mul (h, h, &error);
    g_autoptr(BsTensor) total = bs_sum (hh, &error);
    static const double h_expected[] = { 0.5, 2, 0.75, 4 };
    static const double grad_expected[] = { 0.5, 4, 0.375, 8 }, t_expected[] = { -0.25, -0.28125 };

    g_assert_no_error (error);
    bs_tensor_set_grad (w, NULL);
    assert_grad_fn (q->grad_fn, "AsStridedBackward0");
    assert_grad_fn (h->grad_fn->next[1].node, "torch::autograd::AccumulateGrad");
    g_assert_true (bs_tensor_backward (total, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (h, h_expected, 4, 1e-7);
    assert_tensor_close (w->grad, grad_expected, 4, 1e-7);
    assert_tensor_close (t->grad, t_expected, 2, 1e-7);
  }
  /* PyTorch's errors: a view of a leaf, and the base's saved output changed */
  {
    g_autoptr(BsTensor) row = bs_select (w, 0, 0, &error);
    g_autoptr(BsTensor) r = bs_mul_ (row, two, &error);

    g_assert_null (r);
    g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
    g_assert_cmpstr (error->message, ==, "a view of a leaf Variable that requires grad is "
                     "being used in an in-place operation.");
    g_clear_error (&error);
  }
  {
    g_autoptr(BsTensor) h = bs_exp (w, &error);
    g_autoptr(BsTensor) row = bs_select (h, 0, 1, &error);
    g_autoptr(BsTensor) r = bs_fill_ (row, 1.0, &error);
    g_autoptr(BsTensor) s = bs_sum (h, &error);

    g_assert_no_error (error);
    g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
    g_assert_cmpstr (error->message, ==,
                     "one of the variables needed for gradient computation has been modified "
                     "by an inplace operation: [torch.FloatTensor [2, 2]], which is output 0 "
                     "of ExpBackward0, is at version 1; expected version 0 instead. Hint: "
                     "enable anomaly detection to find the operation that failed to compute "
                     "its gradient, with torch.autograd.set_detect_anomaly(True).");
  }
}

/* h = a * 1; h[:, 1].mul_(s); h.t()[0].copy_(s * s); h * h */
static BsTensor *
views_written_in_place (BsTensor *const *inputs,
                        guint            n_inputs,
                        gpointer         user_data,
                        GError         **error)
{
  g_autoptr(BsTensor) one = number (inputs[0]->context, 1);
  g_autoptr(BsTensor) h = bs_mul (inputs[0], one, error);
  g_autoptr(BsTensor) col = bs_select (h, 1, 1, error);
  g_autoptr(BsTensor) r1 = bs_mul_ (col, inputs[1], error);
  g_autoptr(BsTensor) ht = bs_t (h, error);
  g_autoptr(BsTensor) row = bs_select (ht, 0, 0, error);
  g_autoptr(BsTensor) ss = bs_mul (inputs[1], inputs[1], error);
  g_autoptr(BsTensor) r2 = bs_copy_ (row, ss, error);

  return bs_mul (h, h, error);
}

static void
test_inplace_on_views_gradcheck (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const gint64 shape[] = { 2, 2 }, n = 2;
  g_autoptr(BsTensor) a = make_random_input (context, 2, shape, 11);
  g_autoptr(BsTensor) s = make_random_input (context, 1, &n, 12);
  BsTensor *inputs[] = { a, s };

  assert_gradcheck (views_written_in_place, inputs, 2, NULL);
  assert_gradgradcheck (views_written_in_place, inputs, 2, NULL);
}

/* CopySlices drops its wrapped function when the graph is freed: PyTorch 1.13
 * raises on a second backward whether or not that function saved tensors
 * (h = w.clone(); h[0].mul_(x) or h[0].zero_(); h.sum().backward() twice),
 * and retain_graph=True keeps both working. */
static void
test_copy_slices_backward_twice (void)
{
  for (int k = 0; k < 3; k++)
    {
      g_autoptr(BsContext) context = bs_context_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(BsTensor) w = vector (context, BS_DTYPE_FLOAT32, (double[]) { 1, 1, 1 }, 3,
                                      TRUE);
      g_autoptr(BsTensor) x = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 2.0);
      g_autoptr(BsTensor) h = bs_clone (w, &error);
      g_autoptr(BsTensor) cell = bs_select (h, 0, 0, &error);
      g_autoptr(BsTensor) r = NULL;
      g_autoptr(BsTensor) s = NULL;
      BsNode *fn;
      static const double w_once[] = { 2, 1, 1 }, w_twice[] = { 4, 2, 2 };

      x->requires_grad = TRUE;
      r = k == 1 ? bs_zero_ (cell, &error) : bs_mul_ (cell, x, &error);
      s = bs_sum (h, &error);
      g_assert_no_error (error);
      assert_grad_fn (h->grad_fn, "torch::autograd::CopySlices");
      fn = h->grad_fn->custom->user_data;
      g_assert_true (k == 1 || bs_node_has_saved (fn));

      g_assert_true (bs_tensor_backward (s, NULL, k == 2, FALSE, &error));
      g_assert_no_error (error);
      if (k == 1)
        {
          static const double w_zeroed[] = { 0, 1, 1 };

          assert_tensor_close (w->grad, w_zeroed, 3, 0);
        }
      else
        {
          assert_tensor_close (w->grad, w_once, 3, 0);
          g_assert_cmpfloat (bs_tensor_item (x->grad), ==, 1.0);
        }
      if (k == 2)
        {
          /* retained: the wrapped op still has its tensors */
          g_assert_true (bs_node_has_saved (fn));
          g_assert_true (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
          g_assert_no_error (error);
          assert_tensor_close (w->grad, w_twice, 3, 0);
          g_assert_cmpfloat (bs_tensor_item (x->grad), ==, 2.0);
        }
      /* freed, the wrapped op's saved tensors with it */
      g_assert_false (bs_node_has_saved (fn));
      g_assert_false (bs_tensor_backward (s, NULL, FALSE, FALSE, &error));
      g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
      g_assert_cmpstr (error->message, ==, BS_MSG_FREED_GRAPH);
    }
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
  g_test_add_func ("/engine/autograd/inplace-on-views", test_inplace_on_views);
  g_test_add_func ("/engine/autograd/copy-slices-backward-twice",
                   test_copy_slices_backward_twice);
  g_test_add_func ("/engine/autograd/inplace-on-views-gradcheck",
                   test_inplace_on_views_gradcheck);
  return g_test_run ();
}
