/* zz-pending.c: temporary weak placeholders while the op groups are written in parallel. */
#define G_LOG_DOMAIN "bs-engine"
#include "bs-op-private.h"

static void pending (GError **error, const char *name)
{
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED, "%s is not written yet", name);
}

__attribute__((weak)) BsTensor *bs_add (BsTensor *a, BsTensor *b, double alpha, GError **error) { pending (error, "bs_add"); return NULL; }
__attribute__((weak)) BsTensor *bs_sub (BsTensor *a, BsTensor *b, double alpha, GError **error) { pending (error, "bs_sub"); return NULL; }
__attribute__((weak)) BsTensor *bs_rsub_scalar (BsTensor *a, double scalar, double alpha, GError **error) { pending (error, "bs_rsub_scalar"); return NULL; }
__attribute__((weak)) BsTensor *bs_mul (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_mul"); return NULL; }
__attribute__((weak)) BsTensor *bs_div (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_div"); return NULL; }
__attribute__((weak)) BsTensor *bs_pow_scalar (BsTensor *a, double exponent, GError **error) { pending (error, "bs_pow_scalar"); return NULL; }
__attribute__((weak)) BsTensor *bs_pow (BsTensor *a, BsTensor *exponent, GError **error) { pending (error, "bs_pow"); return NULL; }
__attribute__((weak)) BsTensor *bs_scalar_pow (BsContext *context, double base, BsTensor *exponent, GError **error) { pending (error, "bs_scalar_pow"); return NULL; }
__attribute__((weak)) BsTensor *bs_maximum (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_maximum"); return NULL; }
__attribute__((weak)) BsTensor *bs_minimum (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_minimum"); return NULL; }
__attribute__((weak)) BsTensor *bs_where (BsTensor *condition, BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_where"); return NULL; }
__attribute__((weak)) BsTensor *bs_neg (BsTensor *a, GError **error) { pending (error, "bs_neg"); return NULL; }
__attribute__((weak)) BsTensor *bs_reciprocal (BsTensor *a, GError **error) { pending (error, "bs_reciprocal"); return NULL; }
__attribute__((weak)) BsTensor *bs_exp (BsTensor *a, GError **error) { pending (error, "bs_exp"); return NULL; }
__attribute__((weak)) BsTensor *bs_log (BsTensor *a, GError **error) { pending (error, "bs_log"); return NULL; }
__attribute__((weak)) BsTensor *bs_sqrt (BsTensor *a, GError **error) { pending (error, "bs_sqrt"); return NULL; }
__attribute__((weak)) BsTensor *bs_abs (BsTensor *a, GError **error) { pending (error, "bs_abs"); return NULL; }
__attribute__((weak)) BsTensor *bs_sin (BsTensor *a, GError **error) { pending (error, "bs_sin"); return NULL; }
__attribute__((weak)) BsTensor *bs_cos (BsTensor *a, GError **error) { pending (error, "bs_cos"); return NULL; }
__attribute__((weak)) BsTensor *bs_tanh (BsTensor *a, GError **error) { pending (error, "bs_tanh"); return NULL; }
__attribute__((weak)) BsTensor *bs_sigmoid (BsTensor *a, GError **error) { pending (error, "bs_sigmoid"); return NULL; }
__attribute__((weak)) BsTensor *bs_relu (BsTensor *a, GError **error) { pending (error, "bs_relu"); return NULL; }
__attribute__((weak)) BsTensor *bs_round (BsTensor *a, GError **error) { pending (error, "bs_round"); return NULL; }
__attribute__((weak)) BsTensor *bs_sign (BsTensor *a, GError **error) { pending (error, "bs_sign"); return NULL; }
__attribute__((weak)) BsTensor *bs_clamp (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max, GError **error) { pending (error, "bs_clamp"); return NULL; }
__attribute__((weak)) BsTensor *bs_clone (BsTensor *a, GError **error) { pending (error, "bs_clone"); return NULL; }
__attribute__((weak)) BsTensor *bs_to_dtype (BsTensor *a, BsDType dtype, GError **error) { pending (error, "bs_to_dtype"); return NULL; }
__attribute__((weak)) BsTensor *bs_compare (BsTensor *a, BsTensor *b, BsCompare compare, GError **error) { pending (error, "bs_compare"); return NULL; }
__attribute__((weak)) BsTensor *bs_logical_not (BsTensor *a, GError **error) { pending (error, "bs_logical_not"); return NULL; }
__attribute__((weak)) BsTensor *bs_sum (BsTensor *a, GError **error) { pending (error, "bs_sum"); return NULL; }
__attribute__((weak)) BsTensor *bs_sum_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error) { pending (error, "bs_sum_dims"); return NULL; }
__attribute__((weak)) BsTensor *bs_mean (BsTensor *a, GError **error) { pending (error, "bs_mean"); return NULL; }
__attribute__((weak)) BsTensor *bs_mean_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error) { pending (error, "bs_mean_dims"); return NULL; }
__attribute__((weak)) BsTensor *bs_max (BsTensor *a, GError **error) { pending (error, "bs_max"); return NULL; }
__attribute__((weak)) BsTensor *bs_min (BsTensor *a, GError **error) { pending (error, "bs_min"); return NULL; }
__attribute__((weak)) BsTensor *bs_max_dim (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices, GError **error) { pending (error, "bs_max_dim"); return NULL; }
__attribute__((weak)) BsTensor *bs_min_dim (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices, GError **error) { pending (error, "bs_min_dim"); return NULL; }
__attribute__((weak)) BsTensor *bs_argmax (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim, GError **error) { pending (error, "bs_argmax"); return NULL; }
__attribute__((weak)) BsTensor *bs_argmin (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim, GError **error) { pending (error, "bs_argmin"); return NULL; }
__attribute__((weak)) BsTensor *bs_softmax (BsTensor *a, int dim, GError **error) { pending (error, "bs_softmax"); return NULL; }
__attribute__((weak)) BsTensor *bs_log_softmax (BsTensor *a, int dim, GError **error) { pending (error, "bs_log_softmax"); return NULL; }
__attribute__((weak)) BsTensor *bs_mse_loss (BsTensor *input, BsTensor *target, BsReduction reduction, GError **error) { pending (error, "bs_mse_loss"); return NULL; }
__attribute__((weak)) BsTensor *bs_nll_loss (BsTensor *input, BsTensor *target, BsReduction reduction, gint64 ignore_index, GError **error) { pending (error, "bs_nll_loss"); return NULL; }
__attribute__((weak)) BsTensor *bs_cross_entropy (BsTensor *input, BsTensor *target, BsReduction reduction, gint64 ignore_index, GError **error) { pending (error, "bs_cross_entropy"); return NULL; }
__attribute__((weak)) BsTensor *bs_mm (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_mm"); return NULL; }
__attribute__((weak)) BsTensor *bs_mv (BsTensor *a, BsTensor *v, GError **error) { pending (error, "bs_mv"); return NULL; }
__attribute__((weak)) BsTensor *bs_dot (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_dot"); return NULL; }
__attribute__((weak)) BsTensor *bs_bmm (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_bmm"); return NULL; }
__attribute__((weak)) BsTensor *bs_addmm (BsTensor *bias, BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_addmm"); return NULL; }
__attribute__((weak)) BsTensor *bs_matmul (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_matmul"); return NULL; }
__attribute__((weak)) BsTensor *bs_linear (BsTensor *input, BsTensor *weight, BsTensor *bias, GError **error) { pending (error, "bs_linear"); return NULL; }
__attribute__((weak)) BsTensor *bs_view (BsTensor *a, const gint64 *shape, int ndim, GError **error) { pending (error, "bs_view"); return NULL; }
__attribute__((weak)) BsTensor *bs_reshape (BsTensor *a, const gint64 *shape, int ndim, GError **error) { pending (error, "bs_reshape"); return NULL; }
__attribute__((weak)) BsTensor *bs_flatten (BsTensor *a, int start_dim, int end_dim, GError **error) { pending (error, "bs_flatten"); return NULL; }
__attribute__((weak)) BsTensor *bs_contiguous (BsTensor *a, GError **error) { pending (error, "bs_contiguous"); return NULL; }
__attribute__((weak)) BsTensor *bs_t (BsTensor *a, GError **error) { pending (error, "bs_t"); return NULL; }
__attribute__((weak)) BsTensor *bs_transpose (BsTensor *a, int dim0, int dim1, GError **error) { pending (error, "bs_transpose"); return NULL; }
__attribute__((weak)) BsTensor *bs_permute (BsTensor *a, const gint64 *dims, int n_dims, GError **error) { pending (error, "bs_permute"); return NULL; }
__attribute__((weak)) BsTensor *bs_squeeze (BsTensor *a, GError **error) { pending (error, "bs_squeeze"); return NULL; }
__attribute__((weak)) BsTensor *bs_squeeze_dim (BsTensor *a, int dim, GError **error) { pending (error, "bs_squeeze_dim"); return NULL; }
__attribute__((weak)) BsTensor *bs_unsqueeze (BsTensor *a, int dim, GError **error) { pending (error, "bs_unsqueeze"); return NULL; }
__attribute__((weak)) BsTensor *bs_expand (BsTensor *a, const gint64 *shape, int ndim, GError **error) { pending (error, "bs_expand"); return NULL; }
__attribute__((weak)) BsTensor *bs_select (BsTensor *a, int dim, gint64 index, GError **error) { pending (error, "bs_select"); return NULL; }
__attribute__((weak)) BsTensor *bs_slice (BsTensor *a, int dim, gint64 start, gint64 stop, gint64 step, GError **error) { pending (error, "bs_slice"); return NULL; }
__attribute__((weak)) BsTensor *bs_index (BsTensor *a, int dim, BsTensor *index, GError **error) { pending (error, "bs_index"); return NULL; }
__attribute__((weak)) BsTensor *bs_index_select (BsTensor *a, int dim, BsTensor *index, GError **error) { pending (error, "bs_index_select"); return NULL; }
__attribute__((weak)) BsTensor *bs_cat (BsTensor *const *tensors, guint n, int dim, GError **error) { pending (error, "bs_cat"); return NULL; }
__attribute__((weak)) BsTensor *bs_stack (BsTensor *const *tensors, guint n, int dim, GError **error) { pending (error, "bs_stack"); return NULL; }
__attribute__((weak)) BsTensor *bs_zeros_like (BsTensor *a, GError **error) { pending (error, "bs_zeros_like"); return NULL; }
__attribute__((weak)) BsTensor *bs_ones_like (BsTensor *a, GError **error) { pending (error, "bs_ones_like"); return NULL; }
__attribute__((weak)) BsTensor *bs_full_like (BsTensor *a, double value, GError **error) { pending (error, "bs_full_like"); return NULL; }
__attribute__((weak)) BsTensor *bs_add_ (BsTensor *a, BsTensor *b, double alpha, GError **error) { pending (error, "bs_add_"); return NULL; }
__attribute__((weak)) BsTensor *bs_sub_ (BsTensor *a, BsTensor *b, double alpha, GError **error) { pending (error, "bs_sub_"); return NULL; }
__attribute__((weak)) BsTensor *bs_mul_ (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_mul_"); return NULL; }
__attribute__((weak)) BsTensor *bs_div_ (BsTensor *a, BsTensor *b, GError **error) { pending (error, "bs_div_"); return NULL; }
__attribute__((weak)) BsTensor *bs_zero_ (BsTensor *a, GError **error) { pending (error, "bs_zero_"); return NULL; }
__attribute__((weak)) BsTensor *bs_fill_ (BsTensor *a, double value, GError **error) { pending (error, "bs_fill_"); return NULL; }
__attribute__((weak)) BsTensor *bs_copy_ (BsTensor *a, BsTensor *src, GError **error) { pending (error, "bs_copy_"); return NULL; }
__attribute__((weak)) BsTensor *bs_clamp_ (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max, GError **error) { pending (error, "bs_clamp_"); return NULL; }
__attribute__((weak)) BsTensor *bs_relu_ (BsTensor *a, GError **error) { pending (error, "bs_relu_"); return NULL; }
__attribute__((weak)) BsTensor *bs_sum_to_shape (BsTensor *grad, const gint64 *shape, int ndim, GError **error) { pending (error, "bs_sum_to_shape"); return NULL; }
__attribute__((weak)) gboolean bs_wrap_dim (int *dim, int ndim, GError **error) { if (*dim < 0) *dim += ndim; return TRUE; }
__attribute__((weak)) const BsOpInfo bs_op_add = { .name = "add", .grad_fn_name = "bs_op_add" };
__attribute__((weak)) const BsOpInfo bs_op_sub = { .name = "sub", .grad_fn_name = "bs_op_sub" };
__attribute__((weak)) const BsOpInfo bs_op_rsub = { .name = "rsub", .grad_fn_name = "bs_op_rsub" };
__attribute__((weak)) const BsOpInfo bs_op_mul = { .name = "mul", .grad_fn_name = "bs_op_mul" };
__attribute__((weak)) const BsOpInfo bs_op_div = { .name = "div", .grad_fn_name = "bs_op_div" };
__attribute__((weak)) const BsOpInfo bs_op_pow = { .name = "pow", .grad_fn_name = "bs_op_pow" };
__attribute__((weak)) const BsOpInfo bs_op_pow_tensor = { .name = "pow_tensor", .grad_fn_name = "bs_op_pow_tensor" };
__attribute__((weak)) const BsOpInfo bs_op_pow_scalar = { .name = "pow_scalar", .grad_fn_name = "bs_op_pow_scalar" };
__attribute__((weak)) const BsOpInfo bs_op_maximum = { .name = "maximum", .grad_fn_name = "bs_op_maximum" };
__attribute__((weak)) const BsOpInfo bs_op_minimum = { .name = "minimum", .grad_fn_name = "bs_op_minimum" };
__attribute__((weak)) const BsOpInfo bs_op_where = { .name = "where", .grad_fn_name = "bs_op_where" };
__attribute__((weak)) const BsOpInfo bs_op_neg = { .name = "neg", .grad_fn_name = "bs_op_neg" };
__attribute__((weak)) const BsOpInfo bs_op_reciprocal = { .name = "reciprocal", .grad_fn_name = "bs_op_reciprocal" };
__attribute__((weak)) const BsOpInfo bs_op_exp = { .name = "exp", .grad_fn_name = "bs_op_exp" };
__attribute__((weak)) const BsOpInfo bs_op_log = { .name = "log", .grad_fn_name = "bs_op_log" };
__attribute__((weak)) const BsOpInfo bs_op_sqrt = { .name = "sqrt", .grad_fn_name = "bs_op_sqrt" };
__attribute__((weak)) const BsOpInfo bs_op_abs = { .name = "abs", .grad_fn_name = "bs_op_abs" };
__attribute__((weak)) const BsOpInfo bs_op_sin = { .name = "sin", .grad_fn_name = "bs_op_sin" };
__attribute__((weak)) const BsOpInfo bs_op_cos = { .name = "cos", .grad_fn_name = "bs_op_cos" };
__attribute__((weak)) const BsOpInfo bs_op_tanh = { .name = "tanh", .grad_fn_name = "bs_op_tanh" };
__attribute__((weak)) const BsOpInfo bs_op_sigmoid = { .name = "sigmoid", .grad_fn_name = "bs_op_sigmoid" };
__attribute__((weak)) const BsOpInfo bs_op_relu = { .name = "relu", .grad_fn_name = "bs_op_relu" };
__attribute__((weak)) const BsOpInfo bs_op_clamp = { .name = "clamp", .grad_fn_name = "bs_op_clamp" };
__attribute__((weak)) const BsOpInfo bs_op_round = { .name = "round", .grad_fn_name = "bs_op_round" };
__attribute__((weak)) const BsOpInfo bs_op_clone = { .name = "clone", .grad_fn_name = "bs_op_clone" };
__attribute__((weak)) const BsOpInfo bs_op_to_copy = { .name = "to_copy", .grad_fn_name = "bs_op_to_copy" };
__attribute__((weak)) const BsOpInfo bs_op_fill = { .name = "fill", .grad_fn_name = "bs_op_fill" };
__attribute__((weak)) const BsOpInfo bs_op_zero = { .name = "zero", .grad_fn_name = "bs_op_zero" };
__attribute__((weak)) const BsOpInfo bs_op_copy = { .name = "copy", .grad_fn_name = "bs_op_copy" };
__attribute__((weak)) const BsOpInfo bs_op_sum = { .name = "sum", .grad_fn_name = "bs_op_sum" };
__attribute__((weak)) const BsOpInfo bs_op_sum_dim = { .name = "sum_dim", .grad_fn_name = "bs_op_sum_dim" };
__attribute__((weak)) const BsOpInfo bs_op_mean = { .name = "mean", .grad_fn_name = "bs_op_mean" };
__attribute__((weak)) const BsOpInfo bs_op_mean_dim = { .name = "mean_dim", .grad_fn_name = "bs_op_mean_dim" };
__attribute__((weak)) const BsOpInfo bs_op_max = { .name = "max", .grad_fn_name = "bs_op_max" };
__attribute__((weak)) const BsOpInfo bs_op_max_dim = { .name = "max_dim", .grad_fn_name = "bs_op_max_dim" };
__attribute__((weak)) const BsOpInfo bs_op_min = { .name = "min", .grad_fn_name = "bs_op_min" };
__attribute__((weak)) const BsOpInfo bs_op_min_dim = { .name = "min_dim", .grad_fn_name = "bs_op_min_dim" };
__attribute__((weak)) const BsOpInfo bs_op_softmax = { .name = "softmax", .grad_fn_name = "bs_op_softmax" };
__attribute__((weak)) const BsOpInfo bs_op_log_softmax = { .name = "log_softmax", .grad_fn_name = "bs_op_log_softmax" };
__attribute__((weak)) const BsOpInfo bs_op_mse_loss = { .name = "mse_loss", .grad_fn_name = "bs_op_mse_loss" };
__attribute__((weak)) const BsOpInfo bs_op_nll_loss = { .name = "nll_loss", .grad_fn_name = "bs_op_nll_loss" };
__attribute__((weak)) const BsOpInfo bs_op_mm = { .name = "mm", .grad_fn_name = "bs_op_mm" };
__attribute__((weak)) const BsOpInfo bs_op_mv = { .name = "mv", .grad_fn_name = "bs_op_mv" };
__attribute__((weak)) const BsOpInfo bs_op_dot = { .name = "dot", .grad_fn_name = "bs_op_dot" };
__attribute__((weak)) const BsOpInfo bs_op_bmm = { .name = "bmm", .grad_fn_name = "bs_op_bmm" };
__attribute__((weak)) const BsOpInfo bs_op_addmm = { .name = "addmm", .grad_fn_name = "bs_op_addmm" };
__attribute__((weak)) const BsOpInfo bs_op_view = { .name = "view", .grad_fn_name = "bs_op_view" };
__attribute__((weak)) const BsOpInfo bs_op_reshape_alias = { .name = "reshape_alias", .grad_fn_name = "bs_op_reshape_alias" };
__attribute__((weak)) const BsOpInfo bs_op_unsafe_view = { .name = "unsafe_view", .grad_fn_name = "bs_op_unsafe_view" };
__attribute__((weak)) const BsOpInfo bs_op_t = { .name = "t", .grad_fn_name = "bs_op_t" };
__attribute__((weak)) const BsOpInfo bs_op_transpose = { .name = "transpose", .grad_fn_name = "bs_op_transpose" };
__attribute__((weak)) const BsOpInfo bs_op_permute = { .name = "permute", .grad_fn_name = "bs_op_permute" };
__attribute__((weak)) const BsOpInfo bs_op_squeeze = { .name = "squeeze", .grad_fn_name = "bs_op_squeeze" };
__attribute__((weak)) const BsOpInfo bs_op_squeeze_dim = { .name = "squeeze_dim", .grad_fn_name = "bs_op_squeeze_dim" };
__attribute__((weak)) const BsOpInfo bs_op_unsqueeze = { .name = "unsqueeze", .grad_fn_name = "bs_op_unsqueeze" };
__attribute__((weak)) const BsOpInfo bs_op_expand = { .name = "expand", .grad_fn_name = "bs_op_expand" };
__attribute__((weak)) const BsOpInfo bs_op_select = { .name = "select", .grad_fn_name = "bs_op_select" };
__attribute__((weak)) const BsOpInfo bs_op_slice = { .name = "slice", .grad_fn_name = "bs_op_slice" };
__attribute__((weak)) const BsOpInfo bs_op_index = { .name = "index", .grad_fn_name = "bs_op_index" };
__attribute__((weak)) const BsOpInfo bs_op_index_select = { .name = "index_select", .grad_fn_name = "bs_op_index_select" };
__attribute__((weak)) const BsOpInfo bs_op_cat = { .name = "cat", .grad_fn_name = "bs_op_cat" };
__attribute__((weak)) const BsOpInfo bs_op_stack = { .name = "stack", .grad_fn_name = "bs_op_stack" };
