/* bs-op.h: the table of primitive ops
 *
 * Every op that can appear as a grad_fn has one descriptor: its name, the
 * grad_fn name PyTorch prints, forward, what it saves, backward, and the
 * local-gradient formula per input that the UI shows beside the numbers.
 * Composite functions (linear, matmul, cross_entropy...) are built from these.
 */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"

G_BEGIN_DECLS

typedef enum {
  BS_OP_ACCUMULATE_GRAD,
  BS_OP_CUSTOM,
  /* elementwise binary */
  BS_OP_ADD,
  BS_OP_SUB,
  BS_OP_RSUB,
  BS_OP_MUL,
  BS_OP_DIV,
  BS_OP_POW,             /* tensor ** scalar */
  BS_OP_POW_TENSOR,      /* tensor ** tensor */
  BS_OP_POW_SCALAR,      /* scalar ** tensor */
  BS_OP_MAXIMUM,
  BS_OP_MINIMUM,
  BS_OP_WHERE,
  /* elementwise unary */
  BS_OP_NEG,
  BS_OP_RECIPROCAL,
  BS_OP_EXP,
  BS_OP_LOG,
  BS_OP_SQRT,
  BS_OP_ABS,
  BS_OP_SIN,
  BS_OP_COS,
  BS_OP_TANH,
  BS_OP_SIGMOID,
  BS_OP_RELU,
  BS_OP_CLAMP,
  BS_OP_ROUND,
  BS_OP_CLONE,
  BS_OP_TO_COPY,
  BS_OP_FILL,            /* fill_ */
  BS_OP_ZERO,            /* zero_ */
  BS_OP_COPY,            /* copy_ */
  /* reductions */
  BS_OP_SUM,
  BS_OP_SUM_DIM,
  BS_OP_MEAN,
  BS_OP_MEAN_DIM,
  BS_OP_MAX,
  BS_OP_MAX_DIM,
  BS_OP_MIN,
  BS_OP_MIN_DIM,
  BS_OP_SOFTMAX,
  BS_OP_LOG_SOFTMAX,
  BS_OP_MSE_LOSS,
  BS_OP_NLL_LOSS,
  BS_OP_BCE_WITH_LOGITS, /* inputs: input, target[, weight][, pos_weight] */
  BS_OP_BCE,             /* inputs: input, target[, weight] */
  /* linear algebra */
  BS_OP_MM,
  BS_OP_MV,
  BS_OP_DOT,
  BS_OP_BMM,
  BS_OP_ADDMM,
  /* views and shape */
  BS_OP_VIEW,
  BS_OP_RESHAPE_ALIAS,
  BS_OP_UNSAFE_VIEW,
  BS_OP_T,
  BS_OP_TRANSPOSE,
  BS_OP_PERMUTE,
  BS_OP_SQUEEZE,         /* all size-1 dims */
  BS_OP_SQUEEZE_DIM,
  BS_OP_UNSQUEEZE,
  BS_OP_EXPAND,
  BS_OP_SELECT,
  BS_OP_SLICE,
  BS_OP_INDEX,           /* advanced indexing with an index tensor along dim */
  BS_OP_INDEX_SELECT,
  BS_OP_CAT,
  BS_OP_STACK,
  BS_OP_AS_STRIDED,      /* a view's history after an in-place op on it */
  BS_OP_COPY_SLICES,     /* a base's history after an in-place op on one of its views */
  BS_N_OPS
} BsOp;

typedef enum {
  BS_REDUCTION_NONE,
  BS_REDUCTION_MEAN,
  BS_REDUCTION_SUM,
} BsReduction;

/* Everything an op needs besides its tensor inputs; copied into its node. */
typedef struct {
  double      scalar;      /* add/sub/rsub's alpha */
  double      value;       /* a Python scalar operand: pow's exponent or base, rsub's minuend, fill_'s value */
  guint       value_is_int : 1;
  double      min;
  double      max;
  guint       has_min : 1;
  guint       has_max : 1;
  guint       keepdim : 1;
  int         dim;
  int         dim1;        /* transpose's second dim */
  int         n_dims;
  gint64      dims[BS_MAX_DIMS];  /* permute order, target shape, reduced dims */
  gint64      start;       /* slice */
  gint64      stop;
  gint64      step;
  gint64      index;       /* select */
  BsReduction reduction;
  gint64      ignore_index;
  BsDType     dtype;       /* to() */
  gint64      strides[BS_MAX_DIMS];  /* as_strided: the view's strides and offset in */
  gint64      storage_offset;        /* elements, relative to its contiguous base */
} BsOpArgs;

typedef BsTensor *(*BsForwardFunc)  (BsTensor *const *inputs,
                                     guint            n_inputs,
                                     const BsOpArgs  *args,
                                     BsTensor       **extra_output,
                                     GError         **error);
/* Saves what backward needs with bs_node_save(); called only when tracked. */
typedef void      (*BsSaveFunc)     (BsNode          *node,
                                     BsTensor *const *inputs,
                                     BsTensor        *output,
                                     BsTensor        *extra_output);
/* Computes grad_inputs[i] (new references) for every i with
 * bs_node_needs_input_grad(node, i); may also set locals[i], the elementwise
 * local derivative ∂out/∂input_i, for the UI. Uses tracked ops, so that
 * create_graph works. */
typedef gboolean  (*BsBackwardFunc) (BsNode          *node,
                                     BsTensor        *grad,
                                     BsTensor       **grad_inputs,
                                     BsTensor       **locals,
                                     GError         **error);

#define BS_OP_MAX_FORMULAS 3

typedef struct {
  const char     *name;              /* "mul" */
  const char     *grad_fn_name;      /* "MulBackward0" */
  const char     *symbol;            /* "*" */
  guint           n_inputs;          /* 0: variadic */
  guint           nondiff_inputs;    /* bit i: input i never gets a gradient */
  gboolean        is_view;           /* the result shares input 0's storage */
  BsForwardFunc   forward;
  BsSaveFunc      save;
  BsBackwardFunc  backward;
  const char     *formulas[BS_OP_MAX_FORMULAS];  /* ∂out/∂input_i, for the UI */
} BsOpInfo;

const BsOpInfo *bs_op_info (BsOp op);

static inline void
bs_op_args_init (BsOpArgs *args)
{
  *args = (BsOpArgs) { .reduction = BS_REDUCTION_MEAN, .ignore_index = -100, .step = 1 };
}

G_END_DECLS
