/* test-seeds.c: the scenarios of the documents Backstep was created from,
 * with the numbers PyTorch 1.13 gives (tests/golden/seeds.py) */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-generator.h"
#include "bs-nn.h"
#include "bs-node.h"
#include "bs-optimizer.h"
#include "bs-sgd.h"
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
    /* d = mean(2a²) twice and e = sum(2a²) once: a + 4a + a = 6a */
    const double expected[] = { 3.0, 1.5, 6.0, 12.0 };

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

static BsTensor *
randn (BsContext *context,
       gint64     rows,
       gint64     cols)
{
  const gint64 shape[] = { rows, cols };
  BsTensor *t = bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, shape, NULL);

  bs_generator_fill_normal (context->generator, BS_DTYPE_FLOAT32, bs_tensor_data (t),
                            rows * cols, 0.0, 1.0);
  return t;
}

typedef struct {
  BsTensor *weight;
  BsTensor *bias;
} Linear;

static void
linear_init (BsContext *context,
             Linear    *layer,
             gint64     in,
             gint64     out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_nn_linear_init (context, in, out, TRUE, BS_DTYPE_FLOAT32, &layer->weight,
                                    &layer->bias, &error));
  g_assert_no_error (error);
}

static void
linear_clear (Linear *layer)
{
  g_clear_pointer (&layer->weight, bs_tensor_unref);
  g_clear_pointer (&layer->bias, bs_tensor_unref);
}

static BsTensor *
linear_forward (Linear   *layer,
                BsTensor *x)
{
  g_autoptr(GError) error = NULL;
  BsTensor *y = bs_linear (x, layer->weight, layer->bias, &error);

  g_assert_no_error (error);
  return y;
}

/* Seed 001: DynamicNet's middle layer used twice; its gradient is the sum over its uses. */
static void
test_seed001_dynamic_net (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = NULL, y = NULL, h = NULL, y_pred = NULL, loss = NULL;
  Linear input = { 0 }, middle = { 0 }, output = { 0 };
  const double middle_weight_grad[] = {
    0.0, 0.0, 0.0, -0.10972766578197479, -0.28587400913238525, -0.9605845212936401,
    0.02423129230737686, 0.5648480653762817, 1.0731409788131714 };
  const double middle_bias_grad[] = { 0.0, -0.7924225330352783, 2.2307071685791016 };
  const double input_weight_grad[] = {
    0.35629743337631226, 0.07804861664772034, -0.41461220383644104, -0.10078761726617813,
    0.03869173675775528, 0.5476971864700317, -0.2413894385099411, -0.845460057258606,
    -0.6801221966743469, 0.07639563083648682, 0.4892197251319885, -0.22837480902671814,
    -0.7668417096138, -0.6181715726852417, 0.07580097764730453 };

  bs_generator_manual_seed (context->generator, 0);
  x = randn (context, 4, 5);
  y = randn (context, 4, 2);
  linear_init (context, &input, 5, 3);
  linear_init (context, &middle, 3, 3);
  linear_init (context, &output, 3, 2);

  {
    g_autoptr(BsTensor) pre = linear_forward (&input, x);

    h = bs_clamp (pre, TRUE, 0, FALSE, 0, &error);
  }
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(BsTensor) pre = linear_forward (&middle, h);
      BsTensor *next = bs_clamp (pre, TRUE, 0, FALSE, 0, &error);

      bs_tensor_unref (h);
      h = next;
    }
  y_pred = linear_forward (&output, h);
  loss = bs_mse_loss (y_pred, y, BS_REDUCTION_SUM, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (bs_tensor_item (loss), 11.013009071350098, 1e-5);
  g_assert_true (bs_tensor_backward (loss, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (middle.weight->grad, middle_weight_grad, 9, 1e-6);
  assert_tensor_close (middle.bias->grad, middle_bias_grad, 3, 1e-6);
  assert_tensor_close (input.weight->grad, input_weight_grad, 15, 1e-6);
  linear_clear (&input);
  linear_clear (&middle);
  linear_clear (&output);
}

/* Seed 003's multi-task case: loss1.backward(retain_graph=True); loss2.backward(); step */
static void
test_seed003_two_losses (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  Linear layer1 = { 0 }, layer2 = { 0 };
  g_autoptr(BsTensor) x = NULL, pre = NULL, h = NULL, sq = NULL, loss1 = NULL, out = NULL,
    loss2 = NULL;
  g_autoptr(GPtrArray) params = g_ptr_array_new ();
  BsOptimizer *sgd;
  const double grad[] = {
    -0.04193834960460663, -0.1311776489019394, -0.4208715856075287, -0.23294448852539062,
    -0.3638564944267273, -1.0895041227340698, 0.2122860997915268, 0.3536887764930725,
    1.4938634634017944, -0.01652498170733452, 0.04928077384829521, -0.3386409282684326 };
  const double after[] = {
    0.30168119072914124, -0.2417120635509491, -0.06983882188796997, 0.29428473114967346,
    -0.5071531534194946, 0.4551973342895508, -0.14000417292118073, 0.258354514837265,
    -0.06912485510110855, -0.06904066354036331, 0.15520630776882172, 0.06234581023454666 };

  bs_generator_manual_seed (context->generator, 1);
  linear_init (context, &layer1, 3, 4);
  linear_init (context, &layer2, 4, 2);
  x = randn (context, 5, 3);
  pre = linear_forward (&layer1, x);
  h = bs_tanh (pre, &error);
  sq = bs_pow_scalar (h, 2, &error);
  loss1 = bs_mean (sq, &error);
  out = linear_forward (&layer2, h);
  loss2 = bs_sum (out, &error);
  g_assert_no_error (error);

  g_ptr_array_add (params, layer1.weight);
  g_ptr_array_add (params, layer1.bias);
  g_ptr_array_add (params, layer2.weight);
  g_ptr_array_add (params, layer2.bias);
  sgd = bs_sgd_new (params, 0.1, 0, 0, 0, FALSE, &error);
  g_assert_no_error (error);
  bs_optimizer_zero_grad (sgd, FALSE);
  g_assert_true (bs_tensor_backward (loss1, NULL, TRUE, FALSE, &error));
  g_assert_true (bs_tensor_backward (loss2, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (layer1.weight->grad, grad, 12, 1e-6);
  g_assert_true (bs_optimizer_step (sgd, &error));
  assert_tensor_close (layer1.weight, after, 12, 1e-6);
  bs_optimizer_free (sgd);
  linear_clear (&layer1);
  linear_clear (&layer2);
}

/* Seed 002: a branch that was not used leaves its weights' grad None. */
static void
test_seed002_unused_branch (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  Linear fc_1 = { 0 }, fc_2 = { 0 };
  g_autoptr(BsTensor) data = randn (context, 8, 4);
  g_autoptr(BsTensor) out = NULL, loss = NULL;

  linear_init (context, &fc_1, 4, 1);
  linear_init (context, &fc_2, 4, 1);
  out = linear_forward (&fc_1, data);
  loss = bs_sum (out, &error);
  g_assert_true (bs_tensor_backward (loss, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (fc_1.weight->grad);
  g_assert_nonnull (fc_1.bias->grad);
  g_assert_null (fc_2.weight->grad);
  g_assert_null (fc_2.bias->grad);
  g_assert_cmpfloat (bs_tensor_item (fc_1.bias->grad), ==, 8.0);
  linear_clear (&fc_1);
  linear_clear (&fc_2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/seeds/004-paths", test_seed004_paths);
  g_test_add_func ("/engine/seeds/003-retain-graph", test_seed003_retain_graph);
  g_test_add_func ("/engine/seeds/003-two-losses", test_seed003_two_losses);
  g_test_add_func ("/engine/seeds/001-dynamic-net", test_seed001_dynamic_net);
  g_test_add_func ("/engine/seeds/002-unused-branch", test_seed002_unused_branch);
  return g_test_run ();
}
