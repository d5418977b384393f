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
#include "bs-ops.h"
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
