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
#include "bs-op-list.h"

G_BEGIN_DECLS

#define BS_OP_ENUM_MEMBER(NAME, name) BS_OP_##NAME,

typedef enum {
  BS_OP_LIST (BS_OP_ENUM_MEMBER)
  BS_N_OPS
} BsOp;

#undef BS_OP_ENUM_MEMBER

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
  /* value, min and max for an integral tensor's kernel, exactly (a double holds 53 bits):
   * set with bs_op_args_set_value() and the others below */
  gint64      value_int;
  gint64      min_int;
  gint64      max_int;
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
  BsGenerator *generator;            /* Borrowed: sampling ops draw from it (NULL: the
                                      * context's); read by forward only */
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

/* A node of several outputs (bs_node_new_multi): grads[k] is the gradient of output k,
 * NULL when none arrived (PyTorch's undefined gradient). *upstream gets the outputs'
 * gradients as one tensor for the UI (the pieces' joined), or NULL. */
typedef gboolean  (*BsBackwardMultiFunc) (BsNode          *node,
                                          BsTensor *const *grads,
                                          BsTensor       **grad_inputs,
                                          BsTensor       **locals,
                                          BsTensor       **upstream,
                                          GError         **error);

/* A tensor's shape and dtype, as a node keeps them of its inputs and outputs. */
typedef struct {
  int     ndim;
  gint64  shape[BS_MAX_DIMS];
  BsDType dtype;
} BsTensorMeta;

/* A multi-output op: the args that make output k alone, from its node's args and the
 * outputs' metas (for running the op again from a trace). */
typedef void      (*BsOutputArgsFunc)    (const BsOpArgs      *node_args,
                                          const BsTensorMeta  *outputs,
                                          guint                n_outputs,
                                          guint                k,
                                          BsOpArgs            *args);

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
  BsBackwardMultiFunc backward_multi;  /* the op's nodes have several outputs */
  BsOutputArgsFunc output_args;        /* with backward_multi */
  const char     *formulas[BS_OP_MAX_FORMULAS];  /* ∂out/∂input_i, for the UI */
} BsOpInfo;

const BsOpInfo *bs_op_info (BsOp op);

static inline void
bs_op_args_init (BsOpArgs *args)
{
  *args = (BsOpArgs) { .reduction = BS_REDUCTION_MEAN, .ignore_index = -100, .step = 1 };
}

/* A double sets the integral kernels' value as a cast to int64 would. */
static inline void
bs_op_args_set_value (BsOpArgs *args,
                      double    value)
{
  args->value = value;
  args->value_int = bs_double_to_int (value, BS_DTYPE_INT64);
}

static inline void
bs_op_args_set_value_int (BsOpArgs *args,
                          gint64    value)
{
  args->value = (double) value;
  args->value_int = value;
}

G_END_DECLS
