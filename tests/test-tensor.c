/* test-tensor.c: storage, strides, versions and the memory limit */
#include "bs-context.h"
#include "bs-error.h"
#include "bs-ops.h"
#include "bs-storage.h"
#include "bs-tensor.h"

#include "gradcheck.h"

static void
test_contiguous_strides (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const gint64 shape[] = { 2, 3, 4 };
  g_autoptr(BsTensor) t = bs_tensor_new (context, BS_DTYPE_FLOAT32, 3, shape, NULL);

  g_assert_cmpint (t->strides[0], ==, 12);
  g_assert_cmpint (t->strides[1], ==, 4);
  g_assert_cmpint (t->strides[2], ==, 1);
  g_assert_cmpint (bs_tensor_numel (t), ==, 24);
  g_assert_true (bs_tensor_is_contiguous (t));
  for (gint64 i = 0; i < 24; i++)
    g_assert_cmpfloat (bs_tensor_get (t, i), ==, 0.0);
}

/* A transposed view shares storage and version counter with its base. */
static void
test_views_share (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 2, 3 };
  const double values[] = { 1, 2, 3, 4, 5, 6 };
  g_autoptr(BsTensor) base = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 2, shape,
                                                         values, NULL);
  g_autoptr(BsTensor) t = bs_t (base, &error);
  g_autoptr(BsTensor) two = bs_tensor_new_wrapped_number (context, 2, TRUE);
  g_autoptr(BsTensor) same = NULL;
  g_autoptr(BsTensor) copy = NULL;
  const double transposed[] = { 1, 4, 2, 5, 3, 6 };

  g_assert_no_error (error);
  g_assert_true (t->storage == base->storage);
  g_assert_false (bs_tensor_is_contiguous (t));
  assert_tensor_close (t, transposed, 6, 0);
  same = bs_mul_ (t, two, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bs_tensor_get (base, 5), ==, 12.0);
  g_assert_cmpuint (bs_tensor_version (base), ==, 1);
  copy = bs_tensor_contiguous_copy (t, BS_DTYPE_FLOAT64, &error);
  g_assert_true (bs_tensor_is_contiguous (copy));
  g_assert_false (copy->storage == base->storage);
  g_assert_cmpfloat (bs_tensor_get (copy, 1), ==, 8.0);
}

static void
test_bad_shapes (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 negative[] = { 2, -1 };
  const gint64 huge[] = { G_GINT64_CONSTANT (1) << 40, G_GINT64_CONSTANT (1) << 40 };

  g_assert_null (bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, negative, &error));
  g_assert_cmpstr (error->message, ==, "Trying to create tensor with negative dimension -1: [2, -1]");
  g_clear_error (&error);
  g_assert_null (bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, huge, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY);
  g_clear_error (&error);
  {
    const gint64 many[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };

    g_assert_null (bs_tensor_new (context, BS_DTYPE_FLOAT32, 9, many, &error));
    g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED);
  }
}

/* The interpreter caps tensor memory; going over is an error, not a crash. */
static void
test_memory_limit (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 small[] = { 1000 }, big[] = { 1000000 };
  g_autoptr(BsTensor) a = NULL;

  bs_context_set_memory_limit (context, 1 << 20);
  a = bs_tensor_new (context, BS_DTYPE_FLOAT32, 1, small, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (context->bytes_in_use, ==, 4000);
  g_assert_null (bs_tensor_new (context, BS_DTYPE_FLOAT32, 1, big, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY);
  g_assert_cmpstr (error->message, ==, "tensor memory limit exceeded: allocating 3.8 MiB would go "
                   "over the limit of 1.0 MiB");
  g_clear_pointer (&a, bs_tensor_unref);
  g_assert_cmpuint (context->bytes_in_use, ==, 0);
  g_assert_cmpuint (context->bytes_peak, ==, 4000);
}

static void
test_dtype_names (void)
{
  g_assert_cmpstr (bs_dtype_name (BS_DTYPE_FLOAT32), ==, "torch.float32");
  g_assert_cmpstr (bs_dtype_name (BS_DTYPE_INT64), ==, "torch.int64");
  g_assert_cmpstr (bs_dtype_tensor_type (BS_DTYPE_FLOAT64), ==, "torch.DoubleTensor");
  g_assert_cmpint (bs_dtype_promote (BS_DTYPE_INT64, BS_DTYPE_FLOAT32), ==, BS_DTYPE_FLOAT32);
  g_assert_cmpint (bs_dtype_promote (BS_DTYPE_BOOL, BS_DTYPE_INT64), ==, BS_DTYPE_INT64);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/tensor/contiguous-strides", test_contiguous_strides);
  g_test_add_func ("/engine/tensor/views-share", test_views_share);
  g_test_add_func ("/engine/tensor/bad-shapes", test_bad_shapes);
  g_test_add_func ("/engine/tensor/memory-limit", test_memory_limit);
  g_test_add_func ("/engine/tensor/dtype-names", test_dtype_names);
  return g_test_run ();
}
