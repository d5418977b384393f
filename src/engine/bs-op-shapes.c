/* bs-op-shapes.c: the shape form of the ops' formulas */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-shapes.h"

/* Per op and input; elementwise ops not listed get the default of their kind. */
static const char *const shape_forms[BS_N_OPS][BS_OP_MAX_FORMULAS] = {
  /* matrix products */
  [BS_OP_MM]            = { "{g} @ {1T}", "{0T} @ {g}" },
  [BS_OP_BMM]           = { "{g} @ {1T}", "{0T} @ {g}" },
  [BS_OP_ADDMM]         = { "{g}, summed to {in}", "{g} @ {2T}", "{1T} @ {g}" },
  [BS_OP_MV]            = { "{g} ⊗ {1} (outer product)", "{0T} @ {g}" },
  [BS_OP_DOT]           = { "{g} · {1}", "{g} · {0}" },
  /* reductions */
  [BS_OP_SUM]           = { "{g} expanded to {in}" },
  [BS_OP_SUM_DIM]       = { "{g} put back along {dims} and expanded to {in}" },
  [BS_OP_MEAN]          = { "{g} expanded to {in}, divided by {n}" },
  [BS_OP_MEAN_DIM]      = { "{g} put back along {dims}, expanded to {in} and divided by {n}" },
  [BS_OP_MAX]           = { "{g} at the maximum's place in zeros {in}" },
  [BS_OP_MIN]           = { "{g} at the minimum's place in zeros {in}" },
  [BS_OP_MAX_DIM]       = { "{g} at each maximum's place along {dims} in zeros {in}" },
  [BS_OP_MIN_DIM]       = { "{g} at each minimum's place along {dims} in zeros {in}" },
  [BS_OP_KTHVALUE]      = { "{g} at each picked place along {dims} in zeros {in}" },
  [BS_OP_MEDIAN_DIM]    = { "{g} at each median's place along {dims} in zeros {in}" },
  [BS_OP_MODE]          = { "{g} at each mode's place along {dims} in zeros {in}" },
  [BS_OP_MEDIAN]        = { "{g} at the median's place in zeros {in}" },
  [BS_OP_PROD_ALL]      = { "{g} expanded to {in} ⊙ (product of the others)" },
  /* normalisations and losses */
  [BS_OP_SOFTMAX]       = { "{out} ⊙ ({g} − Σ over {dims} of {g} ⊙ {out}, kept as size 1)" },
  [BS_OP_LOG_SOFTMAX]   = { "{g} − softmax({0}) ⊙ Σ over {dims} of {g}, kept as size 1" },
  [BS_OP_MSE_LOSS]      = { "2 ({0} − {1}) ⊙ {g} expanded to {in}{/n}",
                            "−2 ({0} − {1}) ⊙ {g} expanded to {in}{/n}" },
  [BS_OP_NLL_LOSS]      = { "zeros {in} with −{g}{w} written at each sample's class in {1}{/n}" },
  /* views and shape */
  [BS_OP_VIEW]          = { "{g} reshaped to {in}" },
  [BS_OP_RESHAPE_ALIAS] = { "{g} reshaped to {in}" },
  [BS_OP_UNSAFE_VIEW]   = { "{g} reshaped to {in}" },
  [BS_OP_SQUEEZE]       = { "{g} reshaped to {in}" },
  [BS_OP_SQUEEZE_DIM]   = { "{g} unsqueezed at {dims}: {in}" },
  [BS_OP_UNSQUEEZE]     = { "{g} squeezed at {dims}: {in}" },
  [BS_OP_T]             = { "{gT}" },
  [BS_OP_TRANSPOSE]     = { "{g} with {dims} swapped back: {in}" },
  [BS_OP_PERMUTE]       = { "{g} permuted back: {in}" },
  [BS_OP_EXPAND]        = { "Σ of {g} over the expanded dims: {in}" },
  /* indexing */
  [BS_OP_SELECT]        = { "zeros {in} with {g} written at the selected index of {dims}" },
  [BS_OP_SLICE]         = { "zeros {in} with {g} written into the slice along {dims}" },
  [BS_OP_INDEX]         = { "zeros {in} with {g} added at the indexed elements" },
  [BS_OP_EMBEDDING]     = { "zeros {in} with {g} added at the looked-up rows" },
  [BS_OP_INDEX_SELECT]  = { "zeros {in} with {g} added at the selected indices of {dims}" },
  [BS_OP_GATHER]        = { "zeros {in} with {g} added where gather read (scatter_add)" },
  /* elementwise, beyond the default "{g} ⊙ local" */
  [BS_OP_ADD]           = { "{g}", "{g}" },
  [BS_OP_SUB]           = { "{g}", "−{g}" },
  [BS_OP_MUL]           = { "{g} ⊙ {1}", "{g} ⊙ {0}" },
  [BS_OP_DIV]           = { "{g} ⊘ {1}", "−{g} ⊙ {0} ⊘ {1}²" },
  [BS_OP_NEG]           = { "−{g}" },
  [BS_OP_CLONE]         = { "{g}" },
  [BS_OP_TO_COPY]       = { "{g}" },
};

static const BsOp elementwise[] = {
  BS_OP_ADD, BS_OP_SUB, BS_OP_RSUB, BS_OP_MUL, BS_OP_DIV, BS_OP_POW, BS_OP_POW_TENSOR,
  BS_OP_POW_SCALAR, BS_OP_MAXIMUM, BS_OP_MINIMUM, BS_OP_WHERE, BS_OP_NEG,
  BS_OP_RECIPROCAL, BS_OP_EXP, BS_OP_LOG, BS_OP_SQRT, BS_OP_ABS, BS_OP_SIN, BS_OP_COS,
  BS_OP_TANH, BS_OP_SIGMOID, BS_OP_RELU, BS_OP_GELU, BS_OP_CLAMP, BS_OP_ASIN, BS_OP_ACOS, BS_OP_ATAN,
  BS_OP_SINH, BS_OP_COSH, BS_OP_ASINH, BS_OP_ACOSH, BS_OP_ATANH, BS_OP_LOG1P,
  BS_OP_EXPM1, BS_OP_LOG2, BS_OP_LOG10, BS_OP_ATAN2, BS_OP_REMAINDER,
  BS_OP_REMAINDER_SCALAR, BS_OP_FMOD, BS_OP_FMOD_SCALAR, BS_OP_CLONE, BS_OP_TO_COPY,
  BS_OP_HARDTANH, BS_OP_HARDSIGMOID, BS_OP_HARDSWISH, BS_OP_LOG_SIGMOID, BS_OP_TAN, BS_OP_RSQRT,
  BS_OP_SGN, BS_OP_CLAMP_MIN, BS_OP_CLAMP_MAX, BS_OP_ROUND_DECIMALS, BS_OP_CLAMP_TENSOR,
  BS_OP_CLAMP_MIN_TENSOR, BS_OP_CLAMP_MAX_TENSOR,
};

gboolean
bs_op_is_elementwise (BsOp op)
{
  for (guint i = 0; i < G_N_ELEMENTS (elementwise); i++)
    if (elementwise[i] == op)
      return TRUE;
  return FALSE;
}

const char *
bs_op_shape_form (BsOp  op,
                  guint input)
{
  g_return_val_if_fail (op < BS_N_OPS, NULL);
  /* any number of inputs, each a piece of the output */
  if (op == BS_OP_CAT)
    return "{g} sliced {slice}: {in}";
  if (op == BS_OP_STACK)
    return "{g} {slice}: {in}";
  if (input < BS_OP_MAX_FORMULAS && shape_forms[op][input] != NULL)
    return shape_forms[op][input];
  return bs_op_is_elementwise (op) ? "{g} ⊙ local" : NULL;
}
