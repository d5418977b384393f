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
extern const BsOpInfo bs_op_accumulate_grad, bs_op_custom;
extern const BsOpInfo bs_op_add, bs_op_sub, bs_op_rsub, bs_op_mul, bs_op_div, bs_op_pow,
  bs_op_pow_tensor, bs_op_pow_scalar, bs_op_maximum, bs_op_minimum, bs_op_where;
extern const BsOpInfo bs_op_neg, bs_op_reciprocal, bs_op_exp, bs_op_log, bs_op_sqrt, bs_op_abs,
  bs_op_sin, bs_op_cos, bs_op_tanh, bs_op_sigmoid, bs_op_relu, bs_op_clamp, bs_op_round,
  bs_op_clone, bs_op_to_copy, bs_op_fill, bs_op_zero, bs_op_copy;
extern const BsOpInfo bs_op_sum, bs_op_sum_dim, bs_op_mean, bs_op_mean_dim, bs_op_max,
  bs_op_max_dim, bs_op_min, bs_op_min_dim, bs_op_softmax, bs_op_log_softmax, bs_op_mse_loss,
  bs_op_nll_loss;
extern const BsOpInfo bs_op_mm, bs_op_mv, bs_op_dot, bs_op_bmm, bs_op_addmm;
extern const BsOpInfo bs_op_view, bs_op_reshape_alias, bs_op_unsafe_view, bs_op_t,
  bs_op_transpose, bs_op_permute, bs_op_squeeze, bs_op_squeeze_dim, bs_op_unsqueeze,
  bs_op_expand, bs_op_select, bs_op_slice, bs_op_index, bs_op_index_select, bs_op_cat,
  bs_op_stack;
extern const BsOpInfo bs_op_as_strided, bs_op_copy_slices, bs_op_bce_with_logits, bs_op_bce;

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

/* Broadcast shape of a and b, with PyTorch's message when they do not match. */
gboolean  bs_broadcast_shapes     (int            ndim_a,
                                   const gint64  *shape_a,
                                   int            ndim_b,
                                   const gint64  *shape_b,
                                   int           *ndim_out,
                                   gint64        *shape_out,
                                   GError       **error);
/* a cast to dtype (a new reference to a when it already is). Untracked. */
BsTensor *bs_cast_raw             (BsTensor      *a,
                                   BsDType        dtype,
                                   GError       **error);

G_END_DECLS
