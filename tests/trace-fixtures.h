/* trace-fixtures.h: graphs built with the engine and recorded, for the trace tests
 *
 * Each fixture plays the interpreter's part: it reports statements and binds
 * names as `backstep` would for the script in its comment.
 */
#pragma once

#include <math.h>

#include "bs-backward.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-nn.h"
#include "bs-ops.h"
#include "bs-optimizer.h"
#include "bs-paths.h"
#include "bs-recorder.h"
#include "bs-replay.h"
#include "bs-sgd.h"
#include "bs-tensor.h"
#include "bs-trace-json.h"

typedef struct {
  BsContext  *context;
  BsRecorder *recorder;
  GPtrArray  *keep;      /* tensors the script's variables hold */
} Fixture;

static inline void
fixture_init (Fixture *f)
{
  f->context = bs_context_new ();
  f->recorder = bs_recorder_new ();
  f->keep = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  bs_context_set_sink (f->context, bs_recorder_get_sink (), f->recorder);
}

static inline void
fixture_clear (Fixture *f)
{
  g_ptr_array_unref (f->keep);
  bs_recorder_free (f->recorder);
  bs_context_free (f->context);
}

static inline BsTrace *
fixture_trace (Fixture *f)
{
  return bs_recorder_get_trace (f->recorder);
}

static inline void
statement (Fixture *f,
           int      line,
           int      length)
{
  bs_recorder_statement (f->recorder, line, 1, line, 1 + length);
}

/* name = tensor: binds and keeps it. */
static inline BsTensor *
bind (Fixture    *f,
      const char *name,
      BsTensor   *tensor)
{
  g_assert_nonnull (tensor);
  bs_recorder_bind_name (f->recorder, tensor, name);
  g_ptr_array_add (f->keep, tensor);
  return tensor;
}

static inline BsTensor *
leaf (Fixture *f,
      double   value,
      gboolean requires_grad)
{
  BsTensor *t = bs_tensor_new_scalar (f->context, BS_DTYPE_FLOAT32, value);

  t->requires_grad = requires_grad;
  bs_tensor_announce_leaf (t);
  return t;
}

static inline BsTensor *
leaf_tensor (Fixture      *f,
             int           ndim,
             const gint64 *shape,
             const double *values,
             gboolean      requires_grad)
{
  BsTensor *t = bs_tensor_new_from_doubles (f->context, BS_DTYPE_FLOAT32, ndim, shape, values,
                                            NULL);

  t->requires_grad = requires_grad;
  bs_tensor_announce_leaf (t);
  return t;
}

/* Seed 004, lines 1-10:
 *   x1 = torch.tensor(1.0); x2 = ...(2.0); w1 = ...(1.0, requires_grad=True);
 *   w2 = ...(2.0, ...); w3 = ...(3.0, ...)
 *   x3 = w1*x1
 *   x4 = w1*x2
 *   x5 = w2*x3 + w3*x4
 *   L = 1 - x5
 *   L.backward()
 */
static inline void
record_seed004 (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  BsTensor *x1, *x2, *w1, *w2, *w3, *x3, *x4, *x5, *L;
  g_autoptr(BsTensor) a = NULL, b = NULL;

  statement (f, 1, 22);
  x1 = bind (f, "x1", leaf (f, 1, FALSE));
  statement (f, 2, 22);
  x2 = bind (f, "x2", leaf (f, 2, FALSE));
  statement (f, 3, 42);
  w1 = bind (f, "w1", leaf (f, 1, TRUE));
  statement (f, 4, 42);
  w2 = bind (f, "w2", leaf (f, 2, TRUE));
  statement (f, 5, 42);
  w3 = bind (f, "w3", leaf (f, 3, TRUE));
  statement (f, 6, 10);
  x3 = bind (f, "x3", bs_mul (w1, x1, &error));
  statement (f, 7, 10);
  x4 = bind (f, "x4", bs_mul (w1, x2, &error));
  statement (f, 8, 18);
  a = bs_mul (w2, x3, &error);
  b = bs_mul (w3, x4, &error);
  x5 = bind (f, "x5", bs_add (a, b, 1, &error));
  statement (f, 9, 10);
  L = bind (f, "L", bs_rsub_scalar (x5, 1, 1, &error));
  statement (f, 10, 12);
  g_assert_true (bs_tensor_backward (L, NULL, FALSE, FALSE, &error));
  g_assert_no_error (error);
}

/* Seed 003:
 *   1 a = Variable(torch.rand(1, 4), requires_grad=True)
 *   2 b = a**2
 *   3 c = b*2
 *   4 d = c.mean()
 *   5 e = c.sum()
 *   6 d.backward(retain_graph=True)
 *   7 e.backward(retain_graph=True)
 *   8 d.backward()
 *   9 e.backward()        # RuntimeError: Trying to backward through the graph a second time...
 */
static const double seed003_a[] = { 0.25, 0.5, 0.75, 1.0 };

static inline void
record_seed003 (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  gint64 shape[] = { 1, 4 };
  BsTensor *a, *b, *c, *d, *e;

  statement (f, 1, 50);
  a = bind (f, "a", leaf_tensor (f, 2, shape, seed003_a, TRUE));
  statement (f, 2, 8);
  b = bind (f, "b", bs_pow_scalar (a, 2, &error));
  statement (f, 3, 7);
  c = bind (f, "c", bs_mul_scalar (b, 2, &error));
  statement (f, 4, 10);
  d = bind (f, "d", bs_mean (c, &error));
  statement (f, 5, 9);
  e = bind (f, "e", bs_sum (c, &error));
  statement (f, 6, 30);
  g_assert_true (bs_tensor_backward (d, NULL, TRUE, FALSE, &error));
  statement (f, 7, 30);
  g_assert_true (bs_tensor_backward (e, NULL, TRUE, FALSE, &error));
  statement (f, 8, 12);
  g_assert_true (bs_tensor_backward (d, NULL, FALSE, FALSE, &error));
  statement (f, 9, 12);
  g_assert_false (bs_tensor_backward (e, NULL, FALSE, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
}

/* The first event of the given type from index on, or -1. */
static inline gint64
find_event (BsTrace          *trace,
            BsTraceEventType  type,
            guint64           from)
{
  for (guint64 i = from; i < bs_trace_get_n_events (trace); i++)
    if (bs_trace_get_event (trace, i)->type == type)
      return (gint64) i;
  return -1;
}

static inline double
value_item (BsTrace *trace,
            guint32  id)
{
  const BsTraceValue *value = bs_trace_get_value (trace, id);

  g_assert_nonnull (value);
  g_assert_cmpint (value->kind, ==, BS_VALUE_FULL);
  g_assert_cmpint (value->numel, ==, 1);
  return value->data[0];
}

/* Scopes, as the interpreter reports them for:
 *   1 for i in range(2):
 *   2     h = w * x
 *   3     y = fc(h)          # a module call: y = h * w2 inside it
 *   4 z = y * 2
 *   5 z.backward()
 */
static inline void
record_scopes (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  BsTensor *w, *x, *w2, *y = NULL;
  BsTraceSpan loop = { 1, 1, 3, 15 }, call = { 3, 9, 3, 14 };

  w = bind (f, "w", leaf (f, 2, TRUE));
  x = bind (f, "x", leaf (f, 3, FALSE));
  w2 = bind (f, "fc.weight", leaf (f, 5, TRUE));
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *label = g_strdup_printf ("for i (%d)", i);
      BsTensor *h;

      statement (f, 1, 20);
      bs_recorder_scope_begin (f->recorder, BS_TRACE_SCOPE_LOOP_ITERATION, label, &loop);
      statement (f, 2, 9);
      h = bind (f, "h", bs_mul (w, x, &error));
      statement (f, 3, 9);
      bs_recorder_scope_begin (f->recorder, BS_TRACE_SCOPE_MODULE_CALL, "fc (Linear)", &call);
      y = bind (f, "y", bs_mul (h, w2, &error));
      bs_recorder_scope_end (f->recorder);
      bs_recorder_scope_end (f->recorder);
    }
  statement (f, 4, 9);
  bind (f, "z", bs_mul_scalar (y, 2, &error));
  statement (f, 5, 12);
  g_assert_true (bs_tensor_backward (f->keep->pdata[f->keep->len - 1], NULL, FALSE, FALSE,
                                     &error));
  g_assert_no_error (error);
}
