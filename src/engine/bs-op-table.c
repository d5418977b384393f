/* bs-op-table.c: the one table of op descriptors */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

static const BsOpInfo *const op_table[] = {
  [BS_OP_ACCUMULATE_GRAD] = &bs_op_accumulate_grad,
  [BS_OP_CUSTOM] = &bs_op_custom,
  [BS_OP_ADD] = &bs_op_add,
  [BS_OP_SUB] = &bs_op_sub,
  [BS_OP_RSUB] = &bs_op_rsub,
  [BS_OP_MUL] = &bs_op_mul,
  [BS_OP_DIV] = &bs_op_div,
  [BS_OP_POW] = &bs_op_pow,
  [BS_OP_POW_TENSOR] = &bs_op_pow_tensor,
  [BS_OP_POW_SCALAR] = &bs_op_pow_scalar,
  [BS_OP_MAXIMUM] = &bs_op_maximum,
  [BS_OP_MINIMUM] = &bs_op_minimum,
  [BS_OP_WHERE] = &bs_op_where,
  [BS_OP_NEG] = &bs_op_neg,
  [BS_OP_RECIPROCAL] = &bs_op_reciprocal,
  [BS_OP_EXP] = &bs_op_exp,
  [BS_OP_LOG] = &bs_op_log,
  [BS_OP_SQRT] = &bs_op_sqrt,
  [BS_OP_ABS] = &bs_op_abs,
  [BS_OP_SIN] = &bs_op_sin,
  [BS_OP_COS] = &bs_op_cos,
  [BS_OP_TANH] = &bs_op_tanh,
  [BS_OP_SIGMOID] = &bs_op_sigmoid,
  [BS_OP_RELU] = &bs_op_relu,
  [BS_OP_CLAMP] = &bs_op_clamp,
  [BS_OP_ROUND] = &bs_op_round,
  [BS_OP_CLONE] = &bs_op_clone,
  [BS_OP_TO_COPY] = &bs_op_to_copy,
  [BS_OP_FILL] = &bs_op_fill,
  [BS_OP_ZERO] = &bs_op_zero,
  [BS_OP_COPY] = &bs_op_copy,
  [BS_OP_SUM] = &bs_op_sum,
  [BS_OP_SUM_DIM] = &bs_op_sum_dim,
  [BS_OP_MEAN] = &bs_op_mean,
  [BS_OP_MEAN_DIM] = &bs_op_mean_dim,
  [BS_OP_MAX] = &bs_op_max,
  [BS_OP_MAX_DIM] = &bs_op_max_dim,
  [BS_OP_MIN] = &bs_op_min,
  [BS_OP_MIN_DIM] = &bs_op_min_dim,
  [BS_OP_SOFTMAX] = &bs_op_softmax,
  [BS_OP_LOG_SOFTMAX] = &bs_op_log_softmax,
  [BS_OP_MSE_LOSS] = &bs_op_mse_loss,
  [BS_OP_NLL_LOSS] = &bs_op_nll_loss,
  [BS_OP_BCE_WITH_LOGITS] = &bs_op_bce_with_logits,
  [BS_OP_BCE] = &bs_op_bce,
  [BS_OP_MM] = &bs_op_mm,
  [BS_OP_MV] = &bs_op_mv,
  [BS_OP_DOT] = &bs_op_dot,
  [BS_OP_BMM] = &bs_op_bmm,
  [BS_OP_ADDMM] = &bs_op_addmm,
  [BS_OP_VIEW] = &bs_op_view,
  [BS_OP_RESHAPE_ALIAS] = &bs_op_reshape_alias,
  [BS_OP_UNSAFE_VIEW] = &bs_op_unsafe_view,
  [BS_OP_T] = &bs_op_t,
  [BS_OP_TRANSPOSE] = &bs_op_transpose,
  [BS_OP_PERMUTE] = &bs_op_permute,
  [BS_OP_SQUEEZE] = &bs_op_squeeze,
  [BS_OP_SQUEEZE_DIM] = &bs_op_squeeze_dim,
  [BS_OP_UNSQUEEZE] = &bs_op_unsqueeze,
  [BS_OP_EXPAND] = &bs_op_expand,
  [BS_OP_SELECT] = &bs_op_select,
  [BS_OP_SLICE] = &bs_op_slice,
  [BS_OP_INDEX] = &bs_op_index,
  [BS_OP_INDEX_SELECT] = &bs_op_index_select,
  [BS_OP_CAT] = &bs_op_cat,
  [BS_OP_STACK] = &bs_op_stack,
  [BS_OP_AS_STRIDED] = &bs_op_as_strided,
  [BS_OP_COPY_SLICES] = &bs_op_copy_slices,
};

G_STATIC_ASSERT (G_N_ELEMENTS (op_table) == BS_N_OPS);

const BsOpInfo *
bs_op_info (BsOp op)
{
  g_return_val_if_fail (op < BS_N_OPS, NULL);
  return op_table[op];
}

/* Leaves and custom functions are nodes too, but never run as ops. */
const BsOpInfo bs_op_accumulate_grad = {
  .name = "accumulate_grad",
  .grad_fn_name = "torch::autograd::AccumulateGrad",
  .formulas = { "grad += contribution" },
};

const BsOpInfo bs_op_custom = {
  .name = "custom",
  .grad_fn_name = "CustomFunctionBackward",
  .formulas = { "the Function's own backward" },
};
