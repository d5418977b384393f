/* test-ops-pointwise.c: elementwise ops against PyTorch 1.13 and finite differences */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

#include <math.h>

typedef struct {
  const char *name;
  const char *grad_fn;
  double      y[6];
  double      a_grad[6];
  double      b_grad[3];
} Golden;

static const Golden goldens[] = {
#include "golden/ops-pointwise.inc"
};

static const double a_values[] = { 0.5, -1.25, 2.0, 3.5, -0.75, 1.5 };
static const double b_values[] = { 1.5, 0.25, -2.0 };

/* The op of each case, on a (2x3) and b (3), as the golden script writes it. */
static BsTensor *
apply_case (const char *name,
            BsTensor   *a,
            BsTensor   *b,
            GError    **error)
{
  BsContext *context = a->context;
  g_autoptr(BsTensor) abs_a = NULL;

  if (g_str_equal (name, "add"))
    return bs_add (a, b, 2, error);
  if (g_str_equal (name, "sub"))
    return bs_sub (a, b, 0.5, error);
  if (g_str_equal (name, "mul"))
    return bs_mul (a, b, error);
  if (g_str_equal (name, "div"))
    return bs_div (a, b, error);
  if (g_str_equal (name, "maximum"))
    return bs_maximum (a, b, error);
  if (g_str_equal (name, "minimum"))
    return bs_minimum (a, b, error);
  if (g_str_equal (name, "exp"))
    return bs_exp (a, error);
  if (g_str_equal (name, "sin"))
    return bs_sin (a, error);
  if (g_str_equal (name, "cos"))
    return bs_cos (a, error);
  if (g_str_equal (name, "tanh"))
    return bs_tanh (a, error);
  if (g_str_equal (name, "sigmoid"))
    return bs_sigmoid (a, error);
  if (g_str_equal (name, "relu"))
    return bs_relu (a, error);
  if (g_str_equal (name, "neg"))
    return bs_neg (a, error);
  if (g_str_equal (name, "abs"))
    return bs_abs (a, error);
  if (g_str_equal (name, "reciprocal"))
    return bs_reciprocal (a, error);
  if (g_str_equal (name, "rsub"))
    return bs_rsub_scalar (a, 3, 1, error);
  if (g_str_equal (name, "clamp"))
    return bs_clamp (a, TRUE, -1, TRUE, 1.75, error);
  if (g_str_equal (name, "rpow"))
    {
      /* 2 ** a: Python makes a tensor of the 2, so PyTorch records PowBackward1 */
      g_autoptr(BsTensor) two = bs_tensor_new_scalar (context, a->dtype, 2);

      return bs_pow (two, a, error);
    }
  abs_a = bs_abs (a, error);
  if (g_str_equal (name, "pow_tensor"))
    return bs_pow (abs_a, b, error);
  if (g_str_equal (name, "log"))
    return bs_log (abs_a, error);
  if (g_str_equal (name, "sqrt"))
    return bs_sqrt (abs_a, error);
  if (g_str_equal (name, "pow2.5"))
    return bs_pow_scalar (abs_a, 2.5, error);
  g_assert_not_reached ();
}

static BsTensor *
apply_case_wrapper (BsTensor *const *inputs,
                    guint            n_inputs,
                    gpointer         user_data,
                    GError         **error)
{
  return apply_case (user_data, inputs[0], inputs[1], error);
}

static void
test_golden (gconstpointer data)
{
  const Golden *golden = data;
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 a_shape[] = { 2, 3 }, b_shape[] = { 3 };
  const double weights[] = { 0.25, 0.5, 0.75, 1.0, 1.25, 1.5 };
  g_autoptr(BsTensor) a = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 2, a_shape,
                                                      a_values, NULL);
  g_autoptr(BsTensor) b = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, b_shape,
                                                      b_values, NULL);
  g_autoptr(BsTensor) w = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 2, a_shape,
                                                      weights, NULL);
  g_autoptr(BsTensor) y = NULL;

  a->requires_grad = TRUE;
  b->requires_grad = TRUE;
  y = apply_case (golden->name, a, b, &error);
  g_assert_no_error (error);
  g_assert_cmpint (y->dtype, ==, BS_DTYPE_FLOAT32);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, golden->grad_fn);
  assert_tensor_close (y, golden->y, 6, 1e-6 * 8);
  g_assert_true (bs_tensor_backward (y, w, FALSE, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (a->grad, golden->a_grad, 6, 1e-5);
  if (b->grad != NULL)
    assert_tensor_close (b->grad, golden->b_grad, 3, 1e-5);
}

/* gradcheck in float64, with broadcasting (2x3 against 3 and against 2x1) */
static void
test_gradcheck (gconstpointer data)
{
  const Golden *golden = data;
  g_autoptr(BsContext) context = bs_context_new ();
  const gint64 a_shape[] = { 2, 3 }, b_shape[] = { 3 }, c_shape[] = { 2, 1 };
  g_autoptr(BsTensor) a = make_random_input (context, 2, a_shape, 1);
  g_autoptr(BsTensor) b = make_random_input (context, 1, b_shape, 2);
  g_autoptr(BsTensor) c = make_random_input (context, 2, c_shape, 3);
  BsTensor *ab[] = { a, b };
  BsTensor *ac[] = { a, c };

  /* keep pow's base and log/sqrt's argument well inside their domains */
  for (gint64 i = 0; i < 6; i++)
    bs_tensor_set (a, i, bs_tensor_get (a, i) + (i % 2 ? 0.3 : -0.3));
  assert_gradcheck (apply_case_wrapper, ab, 2, (gpointer) golden->name);
  assert_gradcheck (apply_case_wrapper, ac, 2, (gpointer) golden->name);
}

static void
test_gradgradcheck (gconstpointer data)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const gint64 a_shape[] = { 2, 3 }, b_shape[] = { 3 };
  g_autoptr(BsTensor) a = make_random_input (context, 2, a_shape, 4);
  g_autoptr(BsTensor) b = make_random_input (context, 1, b_shape, 5);
  BsTensor *ab[] = { a, b };

  for (gint64 i = 0; i < 6; i++)
    bs_tensor_set (a, i, bs_tensor_get (a, i) + (i % 2 ? 0.3 : -0.3));
  assert_gradgradcheck (apply_case_wrapper, ab, 2, (gpointer) data);
}

static void
test_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 s23[] = { 2, 3 }, s4[] = { 4 };
  g_autoptr(BsTensor) a = bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, s23, NULL);
  g_autoptr(BsTensor) b = bs_tensor_new (context, BS_DTYPE_FLOAT32, 1, s4, NULL);
  g_autoptr(BsTensor) bools = bs_tensor_new (context, BS_DTYPE_BOOL, 1, s4, NULL);

  g_assert_null (bs_add (a, b, 1, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, "The size of tensor a (3) must match the size of tensor b "
                   "(4) at non-singleton dimension 1");
  g_clear_error (&error);
  g_assert_null (bs_sub (bools, bools, 1, &error));
  g_assert_cmpstr (error->message, ==, "Subtraction, the `-` operator, with two bool tensors is "
                   "not supported. Use the `^` or `logical_xor()` operator instead.");
  g_clear_error (&error);
  g_assert_null (bs_neg (bools, &error));
  g_assert_cmpstr (error->message, ==, "Negation, the `-` operator, on a bool tensor is not "
                   "supported. If you are trying to invert a mask, use the `~` or "
                   "`logical_not()` operator instead.");
}

/* Python numbers keep the tensor's dtype; true division of ints gives floats. */
static void
test_scalars_and_dtypes (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 s3[] = { 3 };
  const double values[] = { 1, 2, 3 };
  g_autoptr(BsTensor) ints = bs_tensor_new_from_doubles (context, BS_DTYPE_INT64, 1, s3, values,
                                                         NULL);
  g_autoptr(BsTensor) doubles = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT64, 1, s3,
                                                            values, NULL);
  g_autoptr(BsTensor) half = bs_tensor_new_wrapped_number (context, 0.5, FALSE);
  g_autoptr(BsTensor) three = bs_tensor_new_wrapped_number (context, 3, TRUE);
  g_autoptr(BsTensor) r1 = bs_mul (ints, half, &error);
  g_autoptr(BsTensor) r2 = bs_mul (ints, three, &error);
  g_autoptr(BsTensor) r3 = bs_mul (doubles, half, &error);
  g_autoptr(BsTensor) r4 = bs_compare (ints, three, BS_COMPARE_LT, &error);
  g_autoptr(BsTensor) r5 = bs_where (r4, ints, doubles, &error);
  const double expected_r1[] = { 0.5, 1, 1.5 }, expected_r4[] = { 1, 1, 0 };

  g_assert_no_error (error);
  g_assert_cmpint (r1->dtype, ==, BS_DTYPE_FLOAT32);
  assert_tensor_close (r1, expected_r1, 3, 0);
  g_assert_cmpint (r2->dtype, ==, BS_DTYPE_INT64);
  g_assert_cmpint (bs_tensor_get_int (r2, 2), ==, 9);
  g_assert_cmpint (r3->dtype, ==, BS_DTYPE_FLOAT64);
  g_assert_cmpint (r4->dtype, ==, BS_DTYPE_BOOL);
  assert_tensor_close (r4, expected_r4, 3, 0);
  g_assert_cmpint (r5->dtype, ==, BS_DTYPE_FLOAT64);
}

int
main (int   argc,
      char *argv[])
{
  static const char *second_order[] = {
    "mul", "div", "exp", "log", "sqrt", "tanh", "sigmoid", "sin", "cos", "reciprocal",
    "pow2.5", "pow_tensor", "rpow",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *golden = g_strdup_printf ("/engine/ops-pointwise/golden/%s",
                                                 goldens[i].name);
      g_autofree char *check = g_strdup_printf ("/engine/ops-pointwise/gradcheck/%s",
                                                goldens[i].name);

      g_test_add_data_func (golden, &goldens[i], test_golden);
      g_test_add_data_func (check, &goldens[i], test_gradcheck);
    }
  for (guint i = 0; i < G_N_ELEMENTS (second_order); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/ops-pointwise/gradgradcheck/%s",
                                               second_order[i]);

      g_test_add_data_func (path, second_order[i], test_gradgradcheck);
    }
  g_test_add_func ("/engine/ops-pointwise/errors", test_errors);
  g_test_add_func ("/engine/ops-pointwise/scalars-and-dtypes", test_scalars_and_dtypes);
  return g_test_run ();
}
