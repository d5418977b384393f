/* bench-engine.c: engine workloads timed in C; bench_engine.py runs the same in PyTorch.
 *
 * Usage: bench-engine WORKLOAD [--sink]
 *   chain  20,000 scalar ops forward, then backward
 *   mlp    an MLP 784-128-10, batch 64, 100 SGD steps
 * --sink attaches an event sink that counts every event.
 * Prints "WORKLOAD SECONDS".
 */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-event-sink.h"
#include "bs-generator.h"
#include "bs-nn.h"
#include "bs-optimizer.h"
#include "bs-ops.h"
#include "bs-sgd.h"
#include "bs-tensor.h"

#include <stdlib.h>

typedef struct {
  guint64 n;
} Counter;

static void count_created (gpointer d, const BsTensorEvent *e) { ((Counter *) d)->n++; }
static void count_inplace (gpointer d, const BsInplaceEvent *e) { ((Counter *) d)->n++; }
static void count_begin (gpointer d, const BsBackwardBeginEvent *e) { ((Counter *) d)->n++; }
static void count_node (gpointer d, guint64 id, BsNode *n, BsTensor *g) { ((Counter *) d)->n++; }
static void count_edge (gpointer d, const BsEdgeEvent *e) { ((Counter *) d)->n++; }
static void count_accumulate (gpointer d, const BsAccumulateEvent *e) { ((Counter *) d)->n++; }
static void count_freed (gpointer d, guint64 id, BsNode *n) { ((Counter *) d)->n++; }
static void count_end (gpointer d, guint64 id, const GError *e) { ((Counter *) d)->n++; }
static void count_zeroed (gpointer d, BsTensor *t, gboolean none) { ((Counter *) d)->n++; }
static void count_step (gpointer d, const char *name, BsTensor *const *p, guint n) { ((Counter *) d)->n++; }

static const BsEventSink counting_sink = {
  .tensor_created = count_created,
  .inplace = count_inplace,
  .backward_begin = count_begin,
  .node_begin = count_node,
  .edge = count_edge,
  .accumulate = count_accumulate,
  .freed = count_freed,
  .backward_end = count_end,
  .grad_zeroed = count_zeroed,
  .optimizer_step = count_step,
};

#define CHECK(expr) \
  G_STMT_START { if (!(expr)) { g_printerr ("%s\n", error ? error->message : #expr); exit (1); } } G_STMT_END

/* y = x; repeated: y = y * 1.0001; y = y + 0.5 (10,000 of each), then y.backward() */
static void
run_chain (BsContext *context)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) x = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 1.0);
  BsTensor *y;

  x->requires_grad = TRUE;
  y = bs_tensor_ref (x);
  for (int i = 0; i < 10000; i++)
    {
      g_autoptr(BsTensor) factor = bs_tensor_new_wrapped_number (context, 1.0001, FALSE);
      g_autoptr(BsTensor) offset = bs_tensor_new_wrapped_number (context, 0.5, FALSE);
      BsTensor *product = bs_mul (y, factor, &error);
      BsTensor *sum;

      CHECK (product != NULL);
      sum = bs_add (product, offset, 1.0, &error);
      CHECK (sum != NULL);
      bs_tensor_unref (product);
      bs_tensor_unref (y);
      y = sum;
    }
  CHECK (bs_tensor_backward (y, NULL, FALSE, FALSE, &error));
  bs_tensor_unref (y);
}

static BsTensor *
randn (BsContext *context, gint64 rows, gint64 cols)
{
  const gint64 shape[] = { rows, cols };
  BsTensor *t = bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, shape, NULL);

  bs_generator_fill_normal (context->generator, BS_DTYPE_FLOAT32, bs_tensor_data (t),
                            rows * cols, 0.0, 1.0);
  return t;
}

/* model = Linear(784, 128) → ReLU → Linear(128, 10); cross_entropy; SGD(lr=0.01) */
static void
run_mlp (BsContext *context)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) w1 = NULL, b1 = NULL, w2 = NULL, b2 = NULL;
  g_autoptr(BsTensor) x = randn (context, 64, 784);
  g_autoptr(BsTensor) target = NULL;
  g_autoptr(GPtrArray) params = g_ptr_array_new ();
  BsOptimizer *sgd = NULL;
  const gint64 n = 64;

  CHECK (bs_nn_linear_init (context, 784, 128, TRUE, BS_DTYPE_FLOAT32, &w1, &b1, &error));
  CHECK (bs_nn_linear_init (context, 128, 10, TRUE, BS_DTYPE_FLOAT32, &w2, &b2, &error));
  target = bs_tensor_new (context, BS_DTYPE_INT64, 1, &n, NULL);
  CHECK (bs_generator_fill_randint (context->generator, BS_DTYPE_INT64, bs_tensor_data (target),
                                    n, 0, 10));
  g_ptr_array_add (params, w1);
  g_ptr_array_add (params, b1);
  g_ptr_array_add (params, w2);
  g_ptr_array_add (params, b2);
  sgd = bs_sgd_new (params, 0.01, 0, 0, 0, FALSE, &error);
  CHECK (sgd != NULL);

  for (int step = 0; step < 100; step++)
    {
      g_autoptr(BsTensor) h = NULL, a = NULL, logits = NULL, loss = NULL;

      bs_optimizer_zero_grad (sgd, FALSE);
      CHECK ((h = bs_linear (x, w1, b1, &error)) != NULL);
      CHECK ((a = bs_relu (h, &error)) != NULL);
      CHECK ((logits = bs_linear (a, w2, b2, &error)) != NULL);
      CHECK ((loss = bs_cross_entropy (logits, target, BS_REDUCTION_MEAN, -100, &error)) != NULL);
      CHECK (bs_tensor_backward (loss, NULL, FALSE, FALSE, &error));
      CHECK (bs_optimizer_step (sgd, &error));
    }
  bs_optimizer_free (sgd);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BsContext) context = bs_context_new ();
  Counter counter = { 0 };
  const char *workload = argc > 1 ? argv[1] : "chain";
  gint64 start;

  if (argc > 2 && g_str_equal (argv[2], "--sink"))
    bs_context_set_sink (context, &counting_sink, &counter);

  start = g_get_monotonic_time ();
  if (g_str_equal (workload, "chain"))
    run_chain (context);
  else if (g_str_equal (workload, "mlp"))
    run_mlp (context);
  else
    {
      g_printerr ("unknown workload %s\n", workload);
      return 2;
    }
  g_print ("%s %.6f\n", workload, (g_get_monotonic_time () - start) / 1e6);
  if (counter.n > 0)
    g_printerr ("%" G_GUINT64_FORMAT " events\n", counter.n);
  return 0;
}
