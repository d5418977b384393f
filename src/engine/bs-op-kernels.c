/* bs-op-kernels.c: the ops whose CPU kernels PyTorch 1.13 does not build for float16,
 * bfloat16 or bool, and the kernel each names in its error
 *
 * PyTorch computes float16 on the CPU only in its simplest kernels (arithmetic, copies,
 * comparisons, sums, indexing): exp, matmul or softmax of a torch.half tensor raise
 * RuntimeError: "exp_vml_cpu" not implemented for 'Half'. bfloat16 has nearly all of them.
 * A bool tensor has no abs or rounding: torch.abs raises "abs_cpu" not implemented for
 * 'Bool'. Each name here is the one PyTorch's message gives for that op.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

typedef struct {
  BsOp        op;
  const char *half;       /* NULL: float16 runs */
  const char *bfloat16;   /* NULL: bfloat16 runs */
  const char *boolean;    /* NULL: bool runs */
} MissingKernel;

static const MissingKernel missing[] = {
  { BS_OP_ABS, NULL, NULL, "abs_cpu" },
  { BS_OP_EXP, "exp_vml_cpu", NULL },
  { BS_OP_LOG, "log_vml_cpu", NULL },
  { BS_OP_SQRT, "sqrt_vml_cpu", NULL },
  { BS_OP_SIN, "sin_vml_cpu", NULL },
  { BS_OP_COS, "cos_vml_cpu", NULL },
  { BS_OP_TANH, "tanh_vml_cpu", NULL },
  { BS_OP_SIGMOID, "sigmoid_cpu", NULL },
  { BS_OP_RELU, "clamp_min_cpu", NULL },
  { BS_OP_CLAMP_TENSOR, "clamp_cpu", NULL },
  { BS_OP_ROUND, "round_vml_cpu", NULL, "round_vml_cpu" },
  { BS_OP_ASIN, "asin_vml_cpu", NULL },
  { BS_OP_ACOS, "acos_vml_cpu", NULL },
  { BS_OP_ATAN, "atan_vml_cpu", NULL },
  { BS_OP_SINH, "sinh_cpu", NULL },
  { BS_OP_COSH, "cosh_cpu", NULL },
  { BS_OP_ASINH, "asinh_cpu", NULL },
  { BS_OP_ACOSH, "acosh_cpu", NULL },
  { BS_OP_ATANH, "atanh_cpu", NULL },
  { BS_OP_LOG1P, "log1p_vml_cpu", NULL },
  { BS_OP_EXPM1, "expm1_vml_cpu", NULL },
  { BS_OP_LOG2, "log2_vml_cpu", NULL },
  { BS_OP_LOG10, "log10_vml_cpu", NULL },
  { BS_OP_FLOOR, "floor_vml_cpu", NULL, "floor_vml_cpu" },
  { BS_OP_CEIL, "ceil_vml_cpu", NULL, "ceil_vml_cpu" },
  { BS_OP_TRUNC, "trunc_vml_cpu", NULL, "trunc_vml_cpu" },
  { BS_OP_ATAN2, "atan2_cpu", NULL },
  { BS_OP_BERNOULLI, "bernoulli_scalar_cpu_", NULL },
  { BS_OP_NLL_LOSS, "nll_loss_out_frame", NULL },
  { BS_OP_BCE_WITH_LOGITS, "clamp_min_cpu", NULL },
  { BS_OP_BCE, "binary_cross_entropy", "binary_cross_entropy" },
  { BS_OP_MSE_LOSS, NULL, "mse_cpu" },
  { BS_OP_MM, "addmm_impl_cpu_", NULL },
  { BS_OP_ADDMM, "addmm_impl_cpu_", NULL },
  { BS_OP_MV, "addmv_impl_cpu", NULL },
  { BS_OP_DOT, "dot", NULL },
  { BS_OP_BMM, "bmm", NULL },
  { BS_OP_TOPK, "topk_cpu", NULL },
  { BS_OP_DIAG, "diag", NULL },
  { BS_OP_CUMSUM, "cumsum_out_cpu", NULL },
  { BS_OP_CUMPROD, "cumprod_out_cpu", NULL },
  { BS_OP_PROD_ALL, "prod_cpu", "prod_cpu" },
  { BS_OP_PROD, "prod_cpu", "prod_cpu" },
  { BS_OP_LOGSUMEXP, "exp_vml_cpu", NULL },
};

/* The kernels whose name depends on the op's arguments */
static const char *
half_kernel_by_args (BsOp             op,
                     BsTensor *const *inputs,
                     const BsOpArgs  *args)
{
  int ndim = inputs[0]->ndim;
  gboolean last = ndim == 0 || args->dim == ndim - 1 || args->dim == -1;

  switch (op)
    {
    case BS_OP_CLAMP:
      return args->has_min && args->has_max ? "clamp_scalar_cpu"
           : args->has_min ? "clamp_min_cpu" : "clamp_max_scalar_cpu";
    case BS_OP_SOFTMAX:
      return last ? "softmax_lastdim_kernel_impl" : "softmax_kernel_impl";
    case BS_OP_LOG_SOFTMAX:
      return last ? "log_softmax_lastdim_kernel_impl" : "softmax_kernel_impl";
    default:
      return NULL;
    }
}

gboolean
bs_op_check_kernel (BsOp             op,
                    BsTensor *const *inputs,
                    guint            n_inputs,
                    const BsOpArgs  *args,
                    GError         **error)
{
  BsDType dtype = bs_result_type (inputs, n_inputs);
  const char *kernel = NULL;

  if (dtype == BS_DTYPE_BOOL && op == BS_OP_RELU)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Boolean inputs not supported for relu");
      return FALSE;
    }
  if (!bs_dtype_is_reduced_float (dtype) && dtype != BS_DTYPE_BOOL)
    return TRUE;
  if (dtype == BS_DTYPE_FLOAT16)
    kernel = half_kernel_by_args (op, inputs, args);
  for (guint i = 0; kernel == NULL && i < G_N_ELEMENTS (missing); i++)
    if (missing[i].op == op)
      kernel = dtype == BS_DTYPE_FLOAT16 ? missing[i].half
             : dtype == BS_DTYPE_BFLOAT16 ? missing[i].bfloat16 : missing[i].boolean;
  if (kernel == NULL)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, "\"%s\" not implemented for '%s'",
               kernel, bs_dtype_scalar_name (dtype));
  return FALSE;
}

/* bfloat16 ops that PyTorch computes with roundings of its own that Backstep does not
 * reproduce: refused by name rather than giving other numbers */
gboolean
bs_op_check_unreproduced (BsOp             op,
                          BsTensor *const *inputs,
                          guint            n_inputs,
                          GError         **error)
{
  if (bs_result_type (inputs, n_inputs) != BS_DTYPE_BFLOAT16)
    return TRUE;
  if (op != BS_OP_SOFTMAX && op != BS_OP_LOG_SOFTMAX && op != BS_OP_BMM)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
               "%s of torch.bfloat16 tensors is not supported by Backstep (PyTorch's kernel "
               "rounds its steps in ways Backstep does not reproduce): use .float()",
               bs_op_info (op)->name);
  return FALSE;
}
