/* test-ops-conv.c: convolution's and pooling's gradients by finite differences in float64,
 * their nodes, and what they refuse (the numbers against PyTorch are
 * tests/conformance/nn_conv*.py and nn_pool*.py) */
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-conv.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-pooling.h"
#include "bs-tensor.h"

#include "gradcheck.h"

#include <string.h>

typedef struct {
  int    n_spatial;
  gint64 in_shape[4];
  gint64 w_shape[4];
  gint64 stride, padding, dilation, groups;
  gboolean bias;
} ConvCase;

static BsTensor *
conv_func (BsTensor *const *inputs,
           guint            n_inputs,
           gpointer         user_data,
           GError         **error)
{
  const ConvCase *c = user_data;
  BsConvParams p = { .n_spatial = c->n_spatial, .groups = c->groups };

  for (int i = 0; i < 2; i++)
    {
      p.stride[i] = c->stride;
      p.padding[i] = c->padding;
      p.dilation[i] = c->dilation;
    }
  return bs_convolution (inputs[0], inputs[1], n_inputs > 2 ? inputs[2] : NULL, &p, error);
}

static void
test_gradcheck (void)
{
  static const ConvCase cases[] = {
    { 2, { 1, 2, 5, 5 }, { 3, 2, 3, 3 }, 1, 0, 1, 1, TRUE },
    { 2, { 2, 2, 5, 6 }, { 2, 2, 2, 3 }, 2, 1, 1, 1, TRUE },
    { 2, { 1, 2, 6, 6 }, { 2, 2, 2, 2 }, 1, 1, 2, 1, FALSE },
    { 2, { 2, 4, 4, 4 }, { 4, 2, 3, 3 }, 1, 1, 1, 2, TRUE },
    { 2, { 1, 3, 4, 4 }, { 3, 1, 3, 3 }, 1, 1, 1, 3, TRUE },
    { 1, { 2, 2, 7 },    { 3, 2, 3 },    2, 1, 1, 1, TRUE },
    { 1, { 1, 4, 6 },    { 2, 2, 2 },    1, 0, 2, 2, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ConvCase *c = &cases[i];
      g_autoptr(BsContext) context = bs_context_new ();
      int ndim = 2 + c->n_spatial;
      g_autoptr(BsTensor) x = make_random_input (context, ndim, c->in_shape, 10 + i);
      g_autoptr(BsTensor) w = make_random_input (context, ndim, c->w_shape, 20 + i);
      g_autoptr(BsTensor) b = make_random_input (context, 1, c->w_shape, 30 + i);
      BsTensor *inputs[3] = { x, w, b };

      assert_gradcheck (conv_func, inputs, c->bias ? 3 : 2, (gpointer) c);
    }
}

static void
test_node_and_refusals (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  gint64 xs[4] = { 1, 1, 4, 4 }, ws[4] = { 1, 1, 3, 3 };
  g_autoptr(BsTensor) x = make_random_input (context, 4, xs, 1);
  g_autoptr(BsTensor) w = make_random_input (context, 4, ws, 2);
  BsConvParams p = { .n_spatial = 2, .stride = { 1, 1 }, .dilation = { 1, 1 }, .groups = 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) y = bs_convolution (x, w, NULL, &p, &error);
  g_autoptr(BsTensor) s = NULL;
  g_autoptr(BsTensor) bad = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (bs_op_info (y->grad_fn->op)->grad_fn_name, ==, "ConvolutionBackward0");
  g_assert_cmpint (y->shape[2], ==, 2);
  s = bs_sum (y, &error);
  g_assert_no_error (error);
  /* a second derivative is refused by name */
  g_assert_false (bs_tensor_backward (s, NULL, FALSE, TRUE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "ConvolutionBackward0"));
  g_clear_error (&error);

  p.stride[1] = 0;
  bad = bs_convolution (x, w, NULL, &p, &error);
  g_assert_null (bad);
  g_assert_cmpstr (error->message, ==, "non-positive stride is not supported");
}

typedef struct {
  int          kind;      /* 0 max, 1 avg, 2 adaptive avg, 3 adaptive max */
  BsPoolParams params;
  gint64       size[2];   /* adaptive */
} PoolCase;

static BsTensor *
pool_func (BsTensor *const *inputs,
           guint            n_inputs,
           gpointer         user_data,
           GError         **error)
{
  const PoolCase *c = user_data;

  switch (c->kind)
    {
    case 0:
      return bs_max_pool2d (inputs[0], &c->params, NULL, error);
    case 1:
      return bs_avg_pool2d (inputs[0], &c->params, error);
    case 2:
      return bs_adaptive_avg_pool2d (inputs[0], c->size, error);
    default:
      return bs_adaptive_max_pool2d (inputs[0], c->size, NULL, error);
    }
}

static void
test_pool_gradcheck (void)
{
  static const PoolCase cases[] = {
    { 0, { { 2, 2 }, { 2, 2 }, { 0, 0 }, { 1, 1 } } },
    { 0, { { 3, 2 }, { 2, 1 }, { 1, 1 }, { 2, 1 }, TRUE } },
    { 1, { { 2, 2 }, { 2, 2 }, { 0, 0 }, { 1, 1 } } },
    { 1, { { 3, 3 }, { 2, 2 }, { 1, 1 }, { 1, 1 }, TRUE, FALSE } },
    { 1, { { 3, 3 }, { 2, 2 }, { 1, 1 }, { 1, 1 }, FALSE, TRUE, TRUE, 4 } },
    { 2, { { 0 } }, { 3, 2 } },
    { 3, { { 0 } }, { 2, 3 } },
  };
  gint64 shape[4] = { 2, 2, 5, 6 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsContext) context = bs_context_new ();
      g_autoptr(BsTensor) x = make_random_input (context, 4, shape, 40 + i);

      assert_gradcheck (pool_func, &x, 1, (gpointer) &cases[i]);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/ops-conv/gradcheck", test_gradcheck);
  g_test_add_func ("/engine/ops-conv/node-and-refusals", test_node_and_refusals);
  g_test_add_func ("/engine/ops-conv/pool-gradcheck", test_pool_gradcheck);
  return g_test_run ();
}
