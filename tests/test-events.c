/* test-events.c: what the engine reports to an event sink */
#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-event-sink.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

typedef struct {
  GString *log;
  guint    n_created;
  guint    n_edges;
  guint    n_freed;
} Recorder;

static void
on_created (gpointer data, const BsTensorEvent *event)
{
  Recorder *r = data;

  r->n_created++;
  g_string_append_printf (r->log, "created %s %s\n", event->op_name ? event->op_name : "leaf",
                          event->grad_fn ? bs_node_name (event->grad_fn) : "-");
}

static void
on_begin (gpointer data, const BsBackwardBeginEvent *event)
{
  Recorder *r = data;

  g_string_append_printf (r->log, "begin %" G_GUINT64_FORMAT " grad=%g\n", event->backward_id,
                          bs_tensor_item (event->root_grads[0]));
}

static void
on_edge (gpointer data, const BsEdgeEvent *event)
{
  Recorder *r = data;

  r->n_edges++;
  g_string_append_printf (r->log, "edge %s -> %s upstream=%g local=%g contribution=%g\n",
                          bs_node_name (event->from), bs_node_name (event->to),
                          bs_tensor_item (event->upstream), bs_tensor_item (event->local),
                          bs_tensor_item (event->contribution));
}

static void
on_accumulate (gpointer data, const BsAccumulateEvent *event)
{
  Recorder *r = data;

  g_string_append_printf (r->log, "accumulate %g total=%g\n",
                          bs_tensor_item (event->contribution), bs_tensor_item (event->total));
}

static void
on_freed (gpointer data, guint64 backward_id, BsNode *node)
{
  ((Recorder *) data)->n_freed++;
}

static void
on_end (gpointer data, guint64 backward_id, const GError *error)
{
  Recorder *r = data;

  g_string_append_printf (r->log, "end %s\n", error ? error->message : "ok");
}

static const BsEventSink sink = {
  .tensor_created = on_created,
  .backward_begin = on_begin,
  .edge = on_edge,
  .accumulate = on_accumulate,
  .freed = on_freed,
  .backward_end = on_end,
};

static BsTensor *
scalar (BsContext *context, double value, gboolean requires_grad)
{
  BsTensor *t = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, value);

  t->requires_grad = requires_grad;
  bs_tensor_announce_leaf (t);
  return t;
}

/* Seed 004 stepped edge by edge: the contributions -2 and -6 meet in w1.grad = -8. */
static void
test_seed004_edges (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  Recorder recorder = { g_string_new (NULL) };
  g_autoptr(BsTensor) x1 = NULL, x2 = NULL, w1 = NULL, w2 = NULL, w3 = NULL;
  g_autoptr(BsTensor) x3 = NULL, x4 = NULL, a = NULL, b = NULL, x5 = NULL, L = NULL;

  bs_context_set_sink (context, &sink, &recorder);
  x1 = scalar (context, 1, FALSE);
  x2 = scalar (context, 2, FALSE);
  w1 = scalar (context, 1, TRUE);
  w2 = scalar (context, 2, TRUE);
  w3 = scalar (context, 3, TRUE);
  x3 = bs_mul (w1, x1, &error);
  x4 = bs_mul (w1, x2, &error);
  a = bs_mul (w2, x3, &error);
  b = bs_mul (w3, x4, &error);
  x5 = bs_add (a, b, 1, &error);
  L = bs_rsub_scalar (x5, 1, 1, &error);
  g_assert_true (bs_tensor_backward (L, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);

  g_assert_cmpstr (recorder.log->str, ==,
                   "created leaf -\n"
                   "created leaf -\n"
                   "created leaf -\n"
                   "created leaf -\n"
                   "created leaf -\n"
                   "created mul MulBackward0\n"
                   "created mul MulBackward0\n"
                   "created mul MulBackward0\n"
                   "created mul MulBackward0\n"
                   "created add AddBackward0\n"
                   "created rsub RsubBackward1\n"
                   "begin 1 grad=1\n"
                   "edge RsubBackward1 -> AddBackward0 upstream=1 local=-1 contribution=-1\n"
                   "edge AddBackward0 -> MulBackward0 upstream=-1 local=1 contribution=-1\n"
                   "edge AddBackward0 -> MulBackward0 upstream=-1 local=1 contribution=-1\n"
                   "edge MulBackward0 -> torch::autograd::AccumulateGrad upstream=-1 local=2 contribution=-2\n"
                   "edge MulBackward0 -> MulBackward0 upstream=-1 local=3 contribution=-3\n"
                   "accumulate -2 total=-2\n"
                   "edge MulBackward0 -> torch::autograd::AccumulateGrad upstream=-1 local=1 contribution=-1\n"
                   "edge MulBackward0 -> MulBackward0 upstream=-1 local=2 contribution=-2\n"
                   "accumulate -1 total=-1\n"
                   "edge MulBackward0 -> torch::autograd::AccumulateGrad upstream=-3 local=2 contribution=-6\n"
                   "edge MulBackward0 -> torch::autograd::AccumulateGrad upstream=-2 local=1 contribution=-2\n"
                   "accumulate -8 total=-8\n"
                   "end ok\n");
  g_assert_cmpuint (recorder.n_freed, ==, 4);  /* the four muls; add and rsub save nothing */
  g_string_free (recorder.log, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/events/seed004-edges", test_seed004_edges);
  return g_test_run ();
}
