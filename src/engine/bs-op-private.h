/* bs-op-private.h: what op implementations share */
#pragma once

#include "bs-op.h"
#include "bs-autograd.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-iter.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-storage.h"
#include "bs-tensor.h"

G_BEGIN_DECLS

/* Descriptors, each defined beside its forward and backward. */
#define BS_OP_DECLARE(NAME, name) extern const BsOpInfo bs_op_##name;
BS_OP_LIST (BS_OP_DECLARE)
#undef BS_OP_DECLARE

/* True when the backward should also report local derivatives (a sink listens). */
static inline gboolean
bs_backward_wants_locals (const BsNode *node)
{
  return bs_context_emits (node->context, edge);
}

/* Shorthands for forward, save and backward functions, whose node is `node`. */
#define SAVE(slot, tensor)        bs_node_save (node, (slot), (tensor), FALSE)
#define SAVE_OUTPUT(slot, tensor) bs_node_save (node, (slot), (tensor), TRUE)
#define NEEDS(i)                  bs_node_needs_input_grad (node, (i))
#define WANTS_LOCALS()            bs_backward_wants_locals (node)

/* Declares var as saved tensor `slot`, returning FALSE with PyTorch's error when
 * it was freed or changed in place. Needs `GError *local_error = NULL` in scope. */
#define UNPACK(var, slot) \
  g_autoptr(BsTensor) var = bs_node_saved (node, (slot), &local_error); \
  if (local_error != NULL) \
    { \
      g_propagate_error (error, local_error); \
      return FALSE; \
    }

/* Sums float32 or float64 a over the dims mask marks into out (a's dtype, the shape kept
 * with size 1 where reduced, contiguous) in PyTorch 1.13's order of additions; FALSE for
 * other dtypes (bs-ops-cascade.c). */
gboolean  bs_cascade_sum          (const BsTensor *a,
                                   const gboolean *mask,
                                   BsTensor       *out);
/* The same over every dim, into result (a float or a double) */
gboolean  bs_cascade_sum_all      (const BsTensor *a,
                                   gpointer        result);

/* Broadcast shape of a and b, with PyTorch's message when they do not match. */
gboolean  bs_broadcast_shapes     (int            ndim_a,
                                   const gint64  *shape_a,
                                   int            ndim_b,
                                   const gint64  *shape_b,
                                   int           *ndim_out,
                                   gint64        *shape_out,
                                   GError       **error);
/* The backward of an elementwise op of one input: grad · local, local computed
 * by local_of from saved tensor 0 (the input or the output). */
typedef BsTensor *(*BsLocalFunc) (BsTensor *saved, GError **error);
gboolean  bs_unary_local_backward (BsNode      *node,
                                   BsTensor    *grad,
                                   BsTensor   **grad_inputs,
                                   BsTensor   **locals,
                                   BsLocalFunc  local_of,
                                   GError     **error);
/* PyTorch's '"exp_vml_cpu" not implemented for 'Half'' when the op's CPU kernel lacks the
 * inputs' float16, bfloat16 or bool dtype (bs-op-kernels.c); TRUE when it runs. */
gboolean  bs_op_check_kernel      (BsOp             op,
                                   BsTensor *const *inputs,
                                   guint            n_inputs,
                                   const BsOpArgs  *args,
                                   GError         **error);
/* NotImplementedError for the few bfloat16 ops whose PyTorch roundings Backstep lacks. */
gboolean  bs_op_check_unreproduced (BsOp             op,
                                    BsTensor *const *inputs,
                                    guint            n_inputs,
                                    GError         **error);
/* An op of one differentiable output picked along args.dim, whose extra output holds the
 * int64 indices of the picked elements (max(dim), median(dim), kthvalue, mode): the
 * gradient goes to those elements (bs-ops-reduce.c). */
void      bs_select_dim_save      (BsNode *node, BsTensor *const *in, BsTensor *out,
                                   BsTensor *extra);
gboolean  bs_select_dim_backward  (BsNode *node, BsTensor *grad, BsTensor **gi,
                                   BsTensor **locals, GError **error);
/* An op whose 0-dim result equals some of its input's elements (max(), median()): the
 * gradient is shared evenly among them, as PyTorch's evenly_distribute_backward. */
void      bs_evenly_distribute_save     (BsNode *node, BsTensor *const *in, BsTensor *out,
                                         BsTensor *extra);
gboolean  bs_evenly_distribute_backward (BsNode *node, BsTensor *grad, BsTensor **gi,
                                         BsTensor **locals, GError **error);
/* a cast to dtype (a new reference to a when it already is). Untracked. */
BsTensor *bs_cast_raw             (BsTensor      *a,
                                   BsDType        dtype,
                                   GError       **error);

G_END_DECLS
