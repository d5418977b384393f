/* test-ops-random.c: sampling ops against the numbers PyTorch 1.13 gives
 *
 * Each golden case (tests/golden/ops-random.py) seeds the generator as its
 * snippet does and must reproduce PyTorch's values exactly, float32 to the bit.
 */
#include <math.h>

#include "bs-autograd.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-generator.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

typedef struct {
  const char   *name;
  gint64        n;
  const double  values[64];
} Golden;

static const Golden goldens[] = {
#include "golden/ops-random.inc"
};

typedef BsTensor *(*CaseFunc) (BsContext *context, GError **error);

static BsTensor *
empty (BsContext *context, BsDType dtype, gint64 n)
{
  return bs_tensor_new (context, dtype, 1, &n, NULL);
}

static BsTensor *
filled (BsTensor *t, BsTensor *result)
{
  if (result == NULL)
    return NULL;
  bs_tensor_unref (result);
  return t;
}

static BsTensor *
case_uniform_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 6);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_uniform_ (t, -1, 2, NULL, error));
}

static BsTensor *
case_uniform_f64 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT64, 5);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_uniform_ (t, 0.5, 4, NULL, error));
}

static BsTensor *
case_normal_small_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 5);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, 1, 3, NULL, error));
}

static BsTensor *
case_normal_large_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 37);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, 1, 3, NULL, error));
}

static BsTensor *
case_normal_large_f64 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT64, 21);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, -2, 0.5, NULL, error));
}

static BsTensor *
concat (BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *both[2] = { a, b };
  BsTensor *out = a && b ? bs_cat (both, 2, 0, error) : NULL;

  g_clear_pointer (&a, bs_tensor_unref);
  g_clear_pointer (&b, bs_tensor_unref);
  return out;
}

static BsTensor *
case_normal_then_uniform (BsContext *context, GError **error)
{
  BsTensor *a = empty (context, BS_DTYPE_FLOAT32, 3);
  BsTensor *b = empty (context, BS_DTYPE_FLOAT32, 4);

  bs_generator_manual_seed (context->generator, 3);
  a = filled (a, bs_normal_ (a, 0, 1, NULL, error));
  b = filled (b, bs_uniform_ (b, 0, 1, NULL, error));
  return concat (a, b, error);
}

static BsTensor *
case_generator_uniform (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = bs_generator_new (5);
  BsTensor *a = empty (context, BS_DTYPE_FLOAT32, 4);
  BsTensor *b = empty (context, BS_DTYPE_FLOAT32, 2);

  bs_generator_manual_seed (context->generator, 1);
  a = filled (a, bs_uniform_ (a, 0, 1, g, error));
  b = filled (b, bs_uniform_ (b, 0, 1, NULL, error));
  return concat (a, b, error);
}

typedef struct {
  const char *name;
  CaseFunc    func;
} Case;

#define CASE(id) { #id, case_##id }

static const Case cases[] = {
  CASE (uniform_f32),
  CASE (uniform_f64),
  CASE (normal_small_f32),
  CASE (normal_large_f32),
  CASE (normal_large_f64),
  CASE (normal_then_uniform),
  CASE (generator_uniform),
};

static const Golden *
find_golden (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (goldens); i++)
    if (g_str_equal (goldens[i].name, name))
      return &goldens[i];
  g_error ("no golden values for %s", name);
  return NULL;
}

static void
test_golden (gconstpointer data)
{
  const Case *c = data;
  const Golden *g = find_golden (c->name);
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) out = c->func (context, &error);

  g_assert_no_error (error);
  g_assert_cmpint (bs_tensor_numel (out), ==, g->n);
  for (gint64 i = 0; i < g->n; i++)
    if (bs_tensor_get (out, i) != g->values[i])
      g_error ("element %" G_GINT64_FORMAT ": got %.17g, expected %.17g", i,
               bs_tensor_get (out, i), g->values[i]);
}

/* On a graph, sampling in place records a node whose gradient is zero. */
static void
test_inplace_autograd (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 3 };
  g_autoptr(BsTensor) w = bs_tensor_new_full (context, BS_DTYPE_FLOAT32, 1, shape, 1.0, NULL);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) r = NULL;

  w->requires_grad = TRUE;
  r = bs_uniform_ (w, 0, 1, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, BS_MSG_LEAF_INPLACE);
  g_clear_error (&error);

  y = bs_mul_scalar (w, 2.0, &error);
  r = bs_normal_ (y, 0, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "NormalBackward0");
  g_clear_pointer (&r, bs_tensor_unref);
  r = bs_uniform_ (y, 0, 1, NULL, &error);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "UniformBackward0");
}

static void
test_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 2, 3 };
  g_autoptr(BsTensor) l = bs_tensor_new (context, BS_DTYPE_INT64, 1, shape, NULL);
  g_autoptr(BsTensor) f = bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, shape, NULL);
  g_autoptr(BsTensor) t = bs_t (f, NULL);

  g_assert_null (bs_uniform_ (l, 0, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "\"check_uniform_bounds\" not implemented for 'Long'");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (l, 0, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "\"normal_kernel_cpu\" not implemented for 'Long'");
  g_clear_error (&error);
  g_assert_null (bs_uniform_ (f, 2, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==,
                   "uniform_ expects to return a [from, to) range, but found from=2 > to=1");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (f, 0, -1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "normal expects std >= 0.0, but found std -1");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (t, 0, 1, NULL, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/ops-random/golden/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_golden);
    }
  g_test_add_func ("/engine/ops-random/inplace-autograd", test_inplace_autograd);
  g_test_add_func ("/engine/ops-random/errors", test_errors);
  return g_test_run ();
}
