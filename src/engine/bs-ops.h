/* bs-ops.h: the tensor operations, as the torch API offers them
 *
 * Every function returns a new reference, or NULL with error set; inputs are
 * borrowed. Results are tracked by autograd when grad mode is on and an input
 * requires grad. Python scalars enter as wrapped numbers
 * (bs_tensor_new_wrapped_number), as in PyTorch.
 */
#pragma once

#include "bs-types.h"
#include "bs-op.h"

G_BEGIN_DECLS

/* Elementwise, broadcasting */
BsTensor *bs_add            (BsTensor *a, BsTensor *b, double alpha, GError **error);
BsTensor *bs_sub            (BsTensor *a, BsTensor *b, double alpha, GError **error);
BsTensor *bs_rsub_scalar    (BsTensor *a, double scalar, double alpha, GError **error);
BsTensor *bs_mul            (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_mul_scalar     (BsTensor *a, double value, GError **error);
BsTensor *bs_div            (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_pow_scalar     (BsTensor *a, double exponent, GError **error);
BsTensor *bs_pow            (BsTensor *a, BsTensor *exponent, GError **error);
BsTensor *bs_scalar_pow     (BsContext *context, double base, BsTensor *exponent, GError **error);
BsTensor *bs_maximum        (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_minimum        (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_where          (BsTensor *condition, BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_neg            (BsTensor *a, GError **error);
BsTensor *bs_reciprocal     (BsTensor *a, GError **error);
BsTensor *bs_exp            (BsTensor *a, GError **error);
BsTensor *bs_log            (BsTensor *a, GError **error);
BsTensor *bs_sqrt           (BsTensor *a, GError **error);
BsTensor *bs_abs            (BsTensor *a, GError **error);
BsTensor *bs_sin            (BsTensor *a, GError **error);
BsTensor *bs_cos            (BsTensor *a, GError **error);
BsTensor *bs_tanh           (BsTensor *a, GError **error);
BsTensor *bs_sigmoid        (BsTensor *a, GError **error);
BsTensor *bs_gelu           (BsTensor *a, gboolean tanh_form, GError **error);
BsTensor *bs_relu           (BsTensor *a, GError **error);
/* BS_OP_HARDTANH (between lo and hi), BS_OP_HARDSIGMOID, BS_OP_HARDSWISH or
 * BS_OP_LOG_SIGMOID of a, or in place into a */
BsTensor *bs_activation     (BsOp op, BsTensor *a, double lo, double hi, gboolean inplace,
                             GError **error);
BsTensor *bs_round          (BsTensor *a, GError **error);
BsTensor *bs_round_decimals (BsTensor *a, gint64 decimals, gboolean inplace, GError **error);
BsTensor *bs_tan            (BsTensor *a, GError **error);
BsTensor *bs_rsqrt          (BsTensor *a, GError **error);
BsTensor *bs_sgn            (BsTensor *a, GError **error);
BsTensor *bs_sign           (BsTensor *a, GError **error);   /* not differentiable */
BsTensor *bs_asin           (BsTensor *a, GError **error);
BsTensor *bs_acos           (BsTensor *a, GError **error);
BsTensor *bs_atan           (BsTensor *a, GError **error);
BsTensor *bs_sinh           (BsTensor *a, GError **error);
BsTensor *bs_cosh           (BsTensor *a, GError **error);
BsTensor *bs_asinh          (BsTensor *a, GError **error);
BsTensor *bs_acosh          (BsTensor *a, GError **error);
BsTensor *bs_atanh          (BsTensor *a, GError **error);
BsTensor *bs_log1p          (BsTensor *a, GError **error);
BsTensor *bs_expm1          (BsTensor *a, GError **error);
BsTensor *bs_log2           (BsTensor *a, GError **error);
BsTensor *bs_log10          (BsTensor *a, GError **error);
BsTensor *bs_floor          (BsTensor *a, GError **error);
BsTensor *bs_ceil           (BsTensor *a, GError **error);
BsTensor *bs_trunc          (BsTensor *a, GError **error);
BsTensor *bs_frac           (BsTensor *a, GError **error);
BsTensor *bs_atan2          (BsTensor *a, BsTensor *b, GError **error);
/* b a wrapped number (a Python scalar) gives PyTorch's one-input node */
BsTensor *bs_remainder      (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_fmod           (BsTensor *a, BsTensor *b, GError **error);
/* Not differentiable; bool results */
BsTensor *bs_isnan          (BsTensor *a, GError **error);
BsTensor *bs_isinf          (BsTensor *a, GError **error);
BsTensor *bs_isfinite       (BsTensor *a, GError **error);
BsTensor *bs_logical_and    (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_logical_or     (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_logical_xor    (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_clamp          (BsTensor *a, gboolean has_min, double min,
                             gboolean has_max, double max, GError **error);
/* The _int forms take Python ints exactly, for integral tensors (a double holds 53 bits) */
BsTensor *bs_clamp_int      (BsTensor *a, gboolean has_min, gint64 min,
                             gboolean has_max, gint64 max, GError **error);
/* clamp(a, min, max) with tensor bounds broadcast with a (ClampBackward0); NULL for
 * a bound not given */
BsTensor *bs_clamp_tensor   (BsTensor *a, BsTensor *min, BsTensor *max, GError **error);
BsTensor *bs_clamp_tensor_full (BsTensor *a, BsTensor *min, BsTensor *max, gboolean inplace,
                                GError **error);
BsTensor *bs_clamp_bound_tensor (BsTensor *a, BsTensor *bound, gboolean is_min, gboolean inplace,
                                 GError **error);
BsTensor *bs_clone          (BsTensor *a, GError **error);
/* Returns a itself (a new reference) when it already has that dtype, as PyTorch. */
BsTensor *bs_to_dtype       (BsTensor *a, BsDType dtype, GError **error);

typedef enum {
  BS_COMPARE_EQ,
  BS_COMPARE_NE,
  BS_COMPARE_LT,
  BS_COMPARE_LE,
  BS_COMPARE_GT,
  BS_COMPARE_GE,
} BsCompare;

BsTensor *bs_compare        (BsTensor *a, BsTensor *b, BsCompare compare, GError **error);
BsTensor *bs_logical_not    (BsTensor *a, GError **error);

/* &, |, ^, <<, >> and ~ of integer and bool tensors, untracked (bs-ops-bitwise.c) */
typedef enum {
  BS_BITWISE_AND,
  BS_BITWISE_OR,
  BS_BITWISE_XOR,
  BS_BITWISE_LSHIFT,
  BS_BITWISE_RSHIFT,
} BsBitwise;

BsTensor *bs_bitwise        (BsTensor *a, BsTensor *b, BsBitwise op, GError **error);
BsTensor *bs_bitwise_not    (BsTensor *a, GError **error);

/* Reductions */
BsTensor *bs_sum            (BsTensor *a, GError **error);
BsTensor *bs_sum_dims       (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
BsTensor *bs_mean           (BsTensor *a, GError **error);
BsTensor *bs_mean_dims      (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
BsTensor *bs_max            (BsTensor *a, GError **error);
BsTensor *bs_min            (BsTensor *a, GError **error);
/* Values tracked; *indices (int64) set when indices is not NULL. */
BsTensor *bs_max_dim        (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices,
                             GError **error);
BsTensor *bs_min_dim        (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices,
                             GError **error);
/* kthvalue (k from 1), median along dim, mode (op says which): values tracked, int64
 * *indices */
BsTensor *bs_order_pick     (BsOp op, BsTensor *a, gint64 k, int dim, gboolean keepdim,
                             BsTensor **indices, GError **error);
BsTensor *bs_median         (BsTensor *a, GError **error);
BsTensor *bs_argmax         (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim,
                             GError **error);
BsTensor *bs_argmin         (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim,
                             GError **error);
BsTensor *bs_softmax        (BsTensor *a, int dim, GError **error);
BsTensor *bs_log_softmax    (BsTensor *a, int dim, GError **error);

/* Over dims (n_dims 0: all); correction 1 is unbiased, 0 biased */
BsTensor *bs_prod           (BsTensor *a, GError **error);
BsTensor *bs_prod_dim       (BsTensor *a, int dim, gboolean keepdim, GError **error);
BsTensor *bs_var            (BsTensor *a, const gint64 *dims, int n_dims, double correction,
                             gboolean keepdim, GError **error);
BsTensor *bs_std            (BsTensor *a, const gint64 *dims, int n_dims, double correction,
                             gboolean keepdim, GError **error);
/* var_mean / std_mean: (var or std, mean), one VarMeanBackward0 / StdMeanBackward0 node of
 * two outputs when tracked */
gboolean  bs_spread_mean    (BsTensor *a, const gint64 *dims, int n_dims, double correction,
                             gboolean keepdim, gboolean is_std, BsTensor **spread,
                             BsTensor **mean, GError **error);
/* the p-norm, p > 0 and finite */
BsTensor *bs_norm           (BsTensor *a, double p, const gint64 *dims, int n_dims,
                             gboolean keepdim, GError **error);
BsTensor *bs_logsumexp      (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
BsTensor *bs_amax           (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
BsTensor *bs_amin           (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
/* bool results, not differentiable */
BsTensor *bs_all_dims       (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);
BsTensor *bs_any_dims       (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                             GError **error);

/* Losses */
BsTensor *bs_mse_loss       (BsTensor *input, BsTensor *target, BsReduction reduction,
                             GError **error);
BsTensor *bs_nll_loss       (BsTensor *input, BsTensor *target, BsReduction reduction,
                             gint64 ignore_index, GError **error);
BsTensor *bs_nll_loss_weighted (BsTensor *input, BsTensor *target, BsTensor *weight,
                                BsReduction reduction, gint64 ignore_index, GError **error);
/* weight and pos_weight may be NULL */
BsTensor *bs_binary_cross_entropy_with_logits (BsTensor *input, BsTensor *target,
                                               BsTensor *weight, BsTensor *pos_weight,
                                               BsReduction reduction, GError **error);
BsTensor *bs_binary_cross_entropy (BsTensor *input, BsTensor *target, BsTensor *weight,
                                   BsReduction reduction, GError **error);
BsTensor *bs_cross_entropy  (BsTensor *input, BsTensor *target, BsReduction reduction,
                             gint64 ignore_index, GError **error);
/* With a class weight (or NULL) and label smoothing in [0, 1], as F.cross_entropy. */
BsTensor *bs_cross_entropy_full (BsTensor *input, BsTensor *target, BsTensor *weight,
                                 BsReduction reduction, gint64 ignore_index,
                                 double label_smoothing, GError **error);

/* Linear algebra */
BsTensor *bs_mm             (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_mv             (BsTensor *a, BsTensor *v, GError **error);
BsTensor *bs_dot            (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_bmm            (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_addmm          (BsTensor *bias, BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_matmul         (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_linear         (BsTensor *input, BsTensor *weight, BsTensor *bias, GError **error);

/* Views and shape; negative dims count from the end, as in PyTorch */
BsTensor *bs_view           (BsTensor *a, const gint64 *shape, int ndim, GError **error);
BsTensor *bs_reshape        (BsTensor *a, const gint64 *shape, int ndim, GError **error);
BsTensor *bs_flatten        (BsTensor *a, int start_dim, int end_dim, GError **error);
BsTensor *bs_contiguous     (BsTensor *a, GError **error);
BsTensor *bs_t              (BsTensor *a, GError **error);
BsTensor *bs_t_             (BsTensor *a, GError **error);
BsTensor *bs_floor_divide_record (BsTensor *a, BsTensor *b, BsTensor *q, gboolean inplace,
                                  GError **error);
BsTensor *bs_transpose      (BsTensor *a, int dim0, int dim1, GError **error);
BsTensor *bs_permute        (BsTensor *a, const gint64 *dims, int n_dims, GError **error);
BsTensor *bs_squeeze        (BsTensor *a, GError **error);
BsTensor *bs_squeeze_dim    (BsTensor *a, int dim, GError **error);
BsTensor *bs_unsqueeze      (BsTensor *a, int dim, GError **error);
BsTensor *bs_expand         (BsTensor *a, const gint64 *shape, int ndim, GError **error);
BsTensor *bs_select         (BsTensor *a, int dim, gint64 index, GError **error);
/* start/stop are clamped as Python slices are; step > 0 */
BsTensor *bs_slice          (BsTensor *a, int dim, gint64 start, gint64 stop, gint64 step,
                             GError **error);
/* a[..., index, ...] along dim with an int64 index tensor, or a bool mask over
 * the dims starting at dim */
BsTensor *bs_index          (BsTensor *a, int dim, BsTensor *index, GError **error);
/* F.embedding: weight[indices] (EmbeddingBackward0); padding_idx -1 for none */
BsTensor *bs_embedding      (BsTensor *weight, BsTensor *indices, gint64 padding_idx,
                             GError **error);
/* a[i0, i1, ...]: one entry per indexed dim from dim 0, NULL for a full slice
 * (`:`), an int64 index, or a bool mask covering as many dims as it has. The
 * index tensors broadcast together (PyTorch's combined advanced indexing). */
BsTensor *bs_index_multi    (BsTensor *a, const BsTensor *const *indices, int n,
                             GError **error);
BsTensor *bs_index_select   (BsTensor *a, int dim, BsTensor *index, GError **error);
/* gather and scatter along dim with an int64 index of a's number of dims */
BsTensor *bs_gather         (BsTensor *a, int dim, BsTensor *index, GError **error);
BsTensor *bs_scatter        (BsTensor *a, int dim, BsTensor *index, BsTensor *src,
                             GError **error);
BsTensor *bs_scatter_value  (BsTensor *a, int dim, BsTensor *index, double value,
                             GError **error);
BsTensor *bs_scatter_value_int (BsTensor *a, int dim, BsTensor *index, gint64 value,
                                GError **error);
BsTensor *bs_scatter_add    (BsTensor *a, int dim, BsTensor *index, BsTensor *src,
                             GError **error);
BsTensor *bs_scatter_       (BsTensor *a, int dim, BsTensor *index, BsTensor *src,
                             GError **error);
BsTensor *bs_scatter_value_ (BsTensor *a, int dim, BsTensor *index, double value,
                             GError **error);
BsTensor *bs_scatter_value_int_ (BsTensor *a, int dim, BsTensor *index, gint64 value,
                                 GError **error);
BsTensor *bs_scatter_add_   (BsTensor *a, int dim, BsTensor *index, BsTensor *src,
                             GError **error);
/* mask (any dtype, nonzero = true) broadcast to a's shape */
BsTensor *bs_masked_fill    (BsTensor *a, BsTensor *mask, double value, GError **error);
/* value a 0-dim tensor (differentiable), or a wrapped number */
BsTensor *bs_masked_fill_tensor (BsTensor *a, BsTensor *mask, BsTensor *value,
                                 GError **error);
BsTensor *bs_masked_fill_   (BsTensor *a, BsTensor *mask, double value, GError **error);
BsTensor *bs_masked_fill_int  (BsTensor *a, BsTensor *mask, gint64 value, GError **error);
BsTensor *bs_masked_fill_int_ (BsTensor *a, BsTensor *mask, gint64 value, GError **error);
/* values tracked; *indices (int64) set when indices is not NULL; stable */
BsTensor *bs_sort           (BsTensor *a, int dim, gboolean descending, BsTensor **indices,
                             GError **error);
BsTensor *bs_argsort        (BsTensor *a, int dim, gboolean descending, GError **error);
BsTensor *bs_topk           (BsTensor *a, gint64 k, int dim, gboolean largest,
                             BsTensor **indices, GError **error);
BsTensor *bs_flip           (BsTensor *a, const gint64 *dims, int n_dims, GError **error);
/* n 0: the flattened tensor rolled by shifts[0] */
BsTensor *bs_roll           (BsTensor *a, const gint64 *shifts, const gint64 *dims, int n,
                             GError **error);
BsTensor *bs_repeat         (BsTensor *a, const gint64 *repeats, int n, GError **error);
BsTensor *bs_tile           (BsTensor *a, const gint64 *reps, int n, GError **error);
BsTensor *bs_tril           (BsTensor *a, gint64 diagonal, GError **error);
BsTensor *bs_triu           (BsTensor *a, gint64 diagonal, GError **error);
/* a vector to a matrix with it on diagonal k, or a matrix's diagonal k */
BsTensor *bs_diag           (BsTensor *a, gint64 diagonal, GError **error);
BsTensor *bs_cumsum         (BsTensor *a, int dim, GError **error);
BsTensor *bs_cumprod        (BsTensor *a, int dim, GError **error);
/* a.unsqueeze(1) * b, as PyTorch (MulBackward0) */
BsTensor *bs_outer          (BsTensor *a, BsTensor *b, GError **error);
/* int64 [n, a.ndim]: the coordinates of the nonzero elements */
BsTensor *bs_nonzero        (BsTensor *a, GError **error);
/* split/chunk: n views of sizes[k] elements along dim (clamped to a's end) sharing one
 * node (SplitBackward0, or with_sizes SplitWithSizesBackward0), piece k its output k;
 * unbind: a[0], a[1]... along dim (UnbindBackward0), pieces holding a.shape[dim]. */
gboolean  bs_split          (BsTensor *a, int dim, const gint64 *sizes, guint n,
                             gboolean with_sizes, BsTensor **pieces, GError **error);
gboolean  bs_unbind         (BsTensor *a, int dim, BsTensor **pieces, GError **error);
BsTensor *bs_cat            (BsTensor *const *tensors, guint n, int dim, GError **error);
BsTensor *bs_stack          (BsTensor *const *tensors, guint n, int dim, GError **error);

/* Factories like another tensor (untracked leaves) */
BsTensor *bs_zeros_like     (BsTensor *a, GError **error);
BsTensor *bs_ones_like      (BsTensor *a, GError **error);
BsTensor *bs_full_like      (BsTensor *a, double value, GError **error);
BsTensor *bs_full_like_int  (BsTensor *a, gint64 value, GError **error);

/* In place: return a new reference to a */
BsTensor *bs_add_           (BsTensor *a, BsTensor *b, double alpha, GError **error);
BsTensor *bs_sub_           (BsTensor *a, BsTensor *b, double alpha, GError **error);
BsTensor *bs_mul_           (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_div_           (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_pow_scalar_    (BsTensor *a, double exponent, GError **error);
BsTensor *bs_pow_           (BsTensor *a, BsTensor *exponent, GError **error);
BsTensor *bs_remainder_     (BsTensor *a, BsTensor *b, GError **error);
BsTensor *bs_zero_          (BsTensor *a, GError **error);
BsTensor *bs_fill_          (BsTensor *a, double value, GError **error);
BsTensor *bs_fill_int_      (BsTensor *a, gint64 value, GError **error);
BsTensor *bs_copy_          (BsTensor *a, BsTensor *src, GError **error);
/* fill_diagonal_(value, wrap): value_int the value exactly when exact (an integral tensor) */
BsTensor *bs_fill_diagonal_ (BsTensor *a, double value, gint64 value_int, gboolean exact,
                             gboolean wrap, GError **error);
BsTensor *bs_clamp_         (BsTensor *a, gboolean has_min, double min,
                             gboolean has_max, double max, GError **error);
BsTensor *bs_clamp_int_     (BsTensor *a, gboolean has_min, gint64 min,
                             gboolean has_max, gint64 max, GError **error);
BsTensor *bs_relu_          (BsTensor *a, GError **error);
/* clamp_min (op BS_OP_CLAMP_MIN) or clamp_max (BS_OP_CLAMP_MAX), in place or not; bound_int
 * is the bound exactly for an integral tensor */
BsTensor *bs_clamp_bound    (BsOp op, BsTensor *a, double bound, gint64 bound_int,
                             gboolean inplace, GError **error);
/* a[indices] = values (PyTorch's index_put_): indices as bs_index_multi takes
 * them; values broadcast to the indexed shape and, unless 0-dim, of a's dtype.
 * accumulate adds instead (repeated positions add up). */
BsTensor *bs_index_put_     (BsTensor *a, const BsTensor *const *indices, int n,
                             BsTensor *values, gboolean accumulate, GError **error);
/* The same with the row-major element positions of a to write (int64, any
 * shape; values broadcast to it), for keys that mix slices and index tensors. */
BsTensor *bs_index_put_positions_ (BsTensor *a, BsTensor *positions, BsTensor *values,
                                   gboolean accumulate, GError **error);

/* Sampling in place, with PyTorch's numbers; generator NULL: the context's */
BsTensor *bs_uniform_       (BsTensor *a, double from, double to, BsGenerator *generator,
                             GError **error);
BsTensor *bs_normal_        (BsTensor *a, double mean, double std, BsGenerator *generator,
                             GError **error);
BsTensor *bs_bernoulli_     (BsTensor *a, double p, BsGenerator *generator, GError **error);
BsTensor *bs_exponential_   (BsTensor *a, double lambda, BsGenerator *generator,
                             GError **error);
BsTensor *bs_geometric_     (BsTensor *a, double p, BsGenerator *generator, GError **error);

/* Sampling factories: untracked leaves, not announced (the caller sets
 * requires_grad and announces); generator NULL: the context's */
BsTensor *bs_rand           (BsContext *context, BsDType dtype, int ndim, const gint64 *shape,
                             BsGenerator *generator, GError **error);
BsTensor *bs_randn          (BsContext *context, BsDType dtype, int ndim, const gint64 *shape,
                             BsGenerator *generator, GError **error);
/* values in [low, high) */
BsTensor *bs_randint        (BsContext *context, gint64 low, gint64 high, BsDType dtype,
                             int ndim, const gint64 *shape, BsGenerator *generator,
                             GError **error);
BsTensor *bs_randperm       (BsContext *context, gint64 n, BsDType dtype,
                             BsGenerator *generator, GError **error);
/* int64 indices, [n_samples] or [rows, n_samples] */
BsTensor *bs_multinomial    (BsTensor *probs, gint64 n_samples, gboolean replacement,
                             BsGenerator *generator, GError **error);
/* torch.bernoulli(p): 0/1 in p's dtype */
BsTensor *bs_bernoulli      (BsTensor *p, BsGenerator *generator, GError **error);
/* torch.normal(mean, std), either a tensor, the other possibly a wrapped number;
 * refused when one requires grad */
BsTensor *bs_normal         (BsTensor *mean, BsTensor *std, BsGenerator *generator,
                             GError **error);

/* dst += src, src broadcast to dst's shape: untracked, for accumulating gradients. */
gboolean  bs_tensor_accumulate (BsTensor *dst, BsTensor *src, GError **error);

/* For backward formulas: sums a broadcast gradient back to a shape. */
BsTensor *bs_sum_to_shape   (BsTensor *grad, const gint64 *shape, int ndim, GError **error);
/* Normalises a possibly negative dim; sets PyTorch's IndexError text on failure. */
gboolean  bs_wrap_dim       (int *dim, int ndim, GError **error);

G_END_DECLS
