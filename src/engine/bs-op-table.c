/* bs-op-table.c: the one table of op descriptors */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

/* Generated from the one list, so every op has exactly one row. */
#define BS_OP_ROW(NAME, name) [BS_OP_##NAME] = &bs_op_##name,
static const BsOpInfo *const op_table[] = {
  BS_OP_LIST (BS_OP_ROW)
};
#undef BS_OP_ROW

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
