/* golden-case.c: the shared test of golden cases (see golden-case.h) */
#include "golden-case.h"

#include "bs-backward.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "gradcheck.h"

BsTensor *
golden_tensor_of (BsContext    *context,
                  BsDType       dtype,
                  const gint64 *shape,
                  int           ndim,
                  const double *values)
{
  return bs_tensor_new_from_doubles (context, dtype, ndim, shape, values, NULL);
}

/* The same formulas as the golden script. */
static BsTensor *
golden_input (BsContext        *context,
              const InputShape *shape,
              int               k)
{
  BsTensor *x = bs_tensor_new (context, BS_DTYPE_FLOAT64, shape->ndim, shape->shape, NULL);

  for (gint64 i = 0; i < bs_tensor_numel (x); i++)
    bs_tensor_set (x, i, ((7 * i + 3 * k) % 11 - 5) * 0.25 + 0.01 * (double) i);
  x->requires_grad = TRUE;
  return x;
}

static BsTensor *
golden_weights (BsTensor *out)
{
  BsTensor *w = bs_tensor_new (out->context, BS_DTYPE_FLOAT64, out->ndim, out->shape, NULL);

  for (gint64 j = 0; j < bs_tensor_numel (w); j++)
    bs_tensor_set (w, j, (double) (j % 5) - 1.5 + 0.125 * (double) j);
  return w;
}

static BsTensor *
run_case (BsTensor *const *x, guint n, gpointer user_data, GError **error)
{
  const GoldenCase *c = user_data;

  return c->func (x, error);
}

static BsTensor *
run_case_squared (BsTensor *const *x, guint n, gpointer user_data, GError **error)
{
  const GoldenCase *c = user_data;
  g_autoptr(BsTensor) out = c->func (x, error);

  return out ? bs_mul (out, out, error) : NULL;
}

void
golden_case_test (gconstpointer data)
{
  const GoldenCase *c = data;
  const Golden *g = c->golden;
  g_autoptr(BsContext) context = bs_context_new ();
  BsTensor *x[3] = { NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) w = NULL;

  for (int k = 0; k < g->n_inputs; k++)
    x[k] = golden_input (context, &g->inputs[k], k);
  out = c->func (x, &error);
  g_assert_no_error (error);
  g_assert_nonnull (out->grad_fn);
  g_assert_cmpstr (bs_node_name (out->grad_fn), ==, g->grad_fn);
  g_assert_cmpint (out->ndim, ==, g->ndim);
  for (int d = 0; d < g->ndim; d++)
    g_assert_cmpint (out->shape[d], ==, g->shape[d]);
  assert_tensor_close (out, g->out, g->numel, c->atol);
  g_assert_true ((out->view_base != NULL) == c->is_view);

  w = golden_weights (out);
  g_assert_true (bs_tensor_backward (out, w, FALSE, FALSE, &error));
  g_assert_no_error (error);
  for (int k = 0; k < g->n_inputs; k++)
    {
      BsTensor *grad = bs_tensor_get_grad (x[k]);

      g_assert_nonnull (grad);
      g_assert_true (bs_tensor_same_shape (grad, x[k]));
      assert_tensor_close (grad, g->grads[k], bs_tensor_numel (x[k]), MAX (c->atol, 1e-12));
    }

  for (int k = 0; k < g->n_inputs; k++)
    bs_tensor_zero_grad (x[k], TRUE);
  assert_gradcheck (run_case, x, g->n_inputs, (gpointer) c);
  if (!c->first_order)
    assert_gradgradcheck (run_case_squared, x, g->n_inputs, (gpointer) c);

  g_clear_pointer (&out, bs_tensor_unref);
  for (int k = 0; k < g->n_inputs; k++)
    bs_tensor_unref (x[k]);
}
