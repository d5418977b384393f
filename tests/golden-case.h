/* golden-case.h: ops checked against numbers PyTorch produced
 *
 * A golden script (tests/golden/golden_cases.py and the scripts using it)
 * builds float64 leaves x0, x1, ... filled with
 *     x_k[i] = ((7 * i + 3 * k) % 11 - 5) * 0.25 + 0.01 * i   (row-major i),
 * runs a snippet leaving `out`, and backwards L = (out * w).sum() with
 *     w[j] = (j % 5) - 1.5 + 0.125 * j.
 * golden_case_test() rebuilds the same inputs, runs the case's function and
 * checks grad_fn name, shape, values and gradients, then gradcheck and
 * gradgradcheck (of out²) in float64.
 */
#pragma once

#include "bs-context.h"
#include "bs-tensor.h"

G_BEGIN_DECLS

typedef struct {
  int           ndim;
  const gint64 *shape;
} InputShape;

typedef struct {
  const char   *grad_fn;
  int           ndim;
  const gint64 *shape;
  gint64        numel;
  const double *out;
  int           n_inputs;
  InputShape    inputs[3];
  const double *grads[3];
} Golden;

typedef BsTensor *(*CaseFunc) (BsTensor *const *x, GError **error);

typedef struct {
  const char   *name;
  const Golden *golden;
  CaseFunc      func;
  double        atol;      /* of values and gradients; 0: exact values, gradients to 1e-12 */
  gboolean      is_view;   /* the result shares x0's storage */
  gboolean      first_order; /* Backstep refuses its second derivative (with an error):
                              * no gradgradcheck */
} GoldenCase;

/* The test of one case; data is a GoldenCase. */
void      golden_case_test (gconstpointer data);

BsTensor *golden_tensor_of (BsContext    *context,
                            BsDType       dtype,
                            const gint64 *shape,
                            int           ndim,
                            const double *values);

/* a shape argument pair: (const gint64 *, int) */
#define DIMS(...) \
  (const gint64[]) { __VA_ARGS__ }, (int) G_N_ELEMENTS (((const gint64[]) { __VA_ARGS__ }))
#define VALUES(...) ((const double[]) { __VA_ARGS__ })
#define END G_MAXINT64

/* 1-D int64 and bool tensors of the values given */
#define LONGS(ctx, ...) \
  golden_tensor_of ((ctx), BS_DTYPE_INT64, \
                    DIMS ((gint64) G_N_ELEMENTS (VALUES (__VA_ARGS__))), VALUES (__VA_ARGS__))
#define BOOLS(ctx, ...) \
  golden_tensor_of ((ctx), BS_DTYPE_BOOL, \
                    DIMS ((gint64) G_N_ELEMENTS (VALUES (__VA_ARGS__))), VALUES (__VA_ARGS__))

G_END_DECLS
