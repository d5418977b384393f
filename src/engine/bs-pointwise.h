/* bs-pointwise.h: what the elementwise ops share (bs-pointwise.c): the kernels of one and
 * two inputs, and helpers for their backward formulas
 */
#pragma once

#include "bs-op-private.h"

G_BEGIN_DECLS

/* The kernels: the operation of each element. */
typedef enum {
  K_ADD, K_SUB, K_MUL, K_DIV, K_POW, K_MAXIMUM, K_MINIMUM,
  K_EQ, K_NE, K_LT, K_LE, K_GT, K_GE, K_THRESHOLD_MASK,
} BsBinaryKind;

typedef enum {
  K_NEG, K_RECIPROCAL, K_EXP, K_LOG, K_SQRT, K_ABS, K_SIN, K_COS, K_TANH, K_SIGMOID,
  K_RELU, K_CLAMP, K_ROUND, K_SIGN, K_NOT, K_IDENTITY, K_FILL, K_AFFINE, K_POSITIVE,
} BsUnaryKind;

typedef struct {
  int     kind;
  BsDType dtype;      /* of the inputs */
  BsDType out_dtype;
  double  alpha;      /* add/sub's alpha, affine's scale */
  double  beta;       /* affine's shift, fill's value */
  double  min, max;
  gboolean has_min, has_max;
  gint64  min_int, max_int;   /* the bounds for an integral tensor, exactly */
} BsKernelArgs;

/* a <kind> b over the broadcast inputs, brought to their result type (float32 for integers
 * when to_float, as true division), the result bool when to_bool (comparisons). Untracked. */
BsTensor    *bs_pointwise_binary    (BsTensor      *a,
                                     BsTensor      *b,
                                     int            kind,
                                     double         alpha,
                                     gboolean       to_float,
                                     gboolean       to_bool,
                                     GError       **error);
/* <kind> a, in a's dtype (float32 for integers when to_float). Untracked. */
BsTensor    *bs_pointwise_unary     (BsTensor      *a,
                                     int            kind,
                                     gboolean       to_float,
                                     GError       **error);
/* A unary kernel with all its arguments (clamp's bounds, the output dtype). */
BsTensor    *bs_pointwise_run_unary (BsTensor      *a,
                                     BsKernelArgs  *k,
                                     GError       **error);

/* For backward formulas, tracked so that create_graph works: */
/* value as a Python number would be (a wrapped 0-dim tensor) */
BsTensor    *bs_scalar_like         (BsTensor      *like,
                                     double         value);
/* grad where mask else 0, as a multiplication so that it stays differentiable */
BsTensor    *bs_mask_grad           (BsTensor      *grad,
                                     BsTensor      *mask,
                                     GError       **error);
/* grad where mask else 0, also where grad is NaN or infinite, as PyTorch's masked
 * formulas select */
BsTensor    *bs_select_grad         (BsTensor      *grad,
                                     BsTensor      *mask,
                                     GError       **error);
/* The backward of an op of one input whose local gradient is 0 (round, fill_) or 1
 * (clone, to) */
gboolean     bs_zero_grad_backward  (BsNode        *node,
                                     BsTensor      *grad,
                                     BsTensor     **gi,
                                     BsTensor     **locals,
                                     GError       **error);
gboolean     bs_identity_backward   (BsNode        *node,
                                     BsTensor      *grad,
                                     BsTensor     **gi,
                                     BsTensor     **locals,
                                     GError       **error);

/* Applying an op of one or two inputs, tracked (bs_op_apply), or in place */
BsTensor    *bs_pointwise_apply1    (BsOp           op,
                                     BsTensor      *a,
                                     const BsOpArgs *args,
                                     GError       **error);
BsTensor    *bs_pointwise_apply2    (BsOp           op,
                                     BsTensor      *a,
                                     BsTensor      *b,
                                     const BsOpArgs *args,
                                     GError       **error);
BsTensor    *bs_pointwise_inplace1  (BsOp           op,
                                     BsTensor      *a,
                                     const BsOpArgs *args,
                                     GError       **error);
BsTensor    *bs_pointwise_inplace2  (BsOp           op,
                                     BsTensor      *a,
                                     BsTensor      *b,
                                     const BsOpArgs *args,
                                     GError       **error);
/* The args of an op with a Python number (value), integral when it is one */
BsOpArgs     bs_pointwise_value_args (double        value);

G_END_DECLS
