/* bs-op-list.h: every op, declared once
 *
 * BS_OP_LIST (X) calls X (NAME, name) for each op: the enum member is
 * BS_OP_NAME and its descriptor, defined beside its forward and backward in
 * one of the bs-ops-*.c files, is `const BsOpInfo bs_op_name`. The enum, the
 * descriptors' declarations and the table are all generated from this list,
 * so adding an op is one row here plus its descriptor.
 */
#pragma once

#define BS_OP_LIST(X)                                                                  \
  X (ACCUMULATE_GRAD, accumulate_grad)                                                 \
  X (CUSTOM, custom)                                                                   \
  /* elementwise binary */                                                             \
  X (ADD, add)                                                                         \
  X (SUB, sub)                                                                         \
  X (RSUB, rsub)                                                                       \
  X (MUL, mul)                                                                         \
  X (DIV, div)                                                                         \
  X (POW, pow)                        /* tensor ** scalar */                           \
  X (POW_TENSOR, pow_tensor)          /* tensor ** tensor */                           \
  X (POW_SCALAR, pow_scalar)          /* scalar ** tensor */                           \
  X (MAXIMUM, maximum)                                                                 \
  X (MINIMUM, minimum)                                                                 \
  X (WHERE, where)                                                                     \
  /* elementwise unary */                                                              \
  X (NEG, neg)                                                                         \
  X (RECIPROCAL, reciprocal)                                                           \
  X (EXP, exp)                                                                         \
  X (LOG, log)                                                                         \
  X (SQRT, sqrt)                                                                       \
  X (ABS, abs)                                                                         \
  X (SIN, sin)                                                                         \
  X (COS, cos)                                                                         \
  X (TANH, tanh)                                                                       \
  X (SIGMOID, sigmoid)                                                                 \
  X (RELU, relu)                                                                       \
  X (GELU, gelu)                      /* approximate='tanh' when args.index */          \
  X (HARDTANH, hardtanh)              /* between args.min and args.max */              \
  X (HARDSIGMOID, hardsigmoid)                                                         \
  X (HARDSWISH, hardswish)                                                             \
  X (LOG_SIGMOID, log_sigmoid)                                                         \
  X (CLAMP, clamp)                                                                     \
  X (CLAMP_TENSOR, clamp_tensor)      /* clamp with tensor bounds */                   \
  X (CLAMP_MIN_TENSOR, clamp_min_tensor) /* clamp_min with a tensor bound */            \
  X (CLAMP_MAX_TENSOR, clamp_max_tensor) /* clamp_max with a tensor bound */            \
  X (ROUND, round)                                                                     \
  X (ROUND_DECIMALS, round_decimals)  /* round(decimals=args.index) */                  \
  X (CLAMP_MIN, clamp_min)            /* clamp's args, min only */                      \
  X (CLAMP_MAX, clamp_max)            /* clamp's args, max only */                      \
  X (TAN, tan)                                                                         \
  X (RSQRT, rsqrt)                                                                     \
  X (SGN, sgn)                                                                         \
  X (ASIN, asin)                                                                       \
  X (ACOS, acos)                                                                       \
  X (ATAN, atan)                                                                       \
  X (SINH, sinh)                                                                       \
  X (COSH, cosh)                                                                       \
  X (ASINH, asinh)                                                                     \
  X (ACOSH, acosh)                                                                     \
  X (ATANH, atanh)                                                                     \
  X (LOG1P, log1p)                                                                     \
  X (EXPM1, expm1)                                                                     \
  X (LOG2, log2)                                                                       \
  X (LOG10, log10)                                                                     \
  X (FLOOR, floor)                                                                     \
  X (CEIL, ceil)                                                                       \
  X (TRUNC, trunc)                                                                     \
  X (FRAC, frac)                                                                       \
  X (ATAN2, atan2)                                                                     \
  X (REMAINDER, remainder)                                                             \
  X (REMAINDER_SCALAR, remainder_scalar) /* a % Python number */                       \
  X (FLOOR_DIVIDE, floor_divide)      /* a // b: a node without a derivative */       \
  X (FMOD, fmod)                                                                       \
  X (FMOD_SCALAR, fmod_scalar)        /* fmod (a, Python number) */                    \
  X (CLONE, clone)                                                                     \
  X (TO_COPY, to_copy)                                                                 \
  X (FILL, fill)                      /* fill_ */                                      \
  X (ZERO, zero)                      /* zero_ */                                      \
  X (COPY, copy)                      /* copy_ */                                      \
  X (UNIFORM, uniform)                /* uniform_ */                                   \
  X (NORMAL, normal)                  /* normal_ */                                    \
  X (BERNOULLI, bernoulli)            /* bernoulli_ (p a number) */                    \
  X (EXPONENTIAL, exponential)        /* exponential_ */                               \
  X (GEOMETRIC, geometric)            /* geometric_ */                                 \
  /* reductions */                                                                     \
  X (SUM, sum)                                                                         \
  X (SUM_DIM, sum_dim)                                                                 \
  X (MEAN, mean)                                                                       \
  X (MEAN_DIM, mean_dim)                                                               \
  X (MAX, max)                                                                         \
  X (MAX_DIM, max_dim)                                                                 \
  X (MIN, min)                                                                         \
  X (MIN_DIM, min_dim)                                                                 \
  X (SOFTMAX, softmax)                                                                 \
  X (LOG_SOFTMAX, log_softmax)                                                         \
  X (MSE_LOSS, mse_loss)                                                               \
  X (NLL_LOSS, nll_loss)                                                               \
  X (BCE_WITH_LOGITS, bce_with_logits) /* input, target[, weight][, pos_weight] */     \
  X (BCE, bce)                        /* input, target[, weight] */                    \
  /* linear algebra */                                                                 \
  X (MM, mm)                                                                           \
  X (MV, mv)                                                                           \
  X (DOT, dot)                                                                         \
  X (BMM, bmm)                                                                         \
  X (ADDMM, addmm)                                                                     \
  X (CONVOLUTION, convolution)        /* bs-conv.c: conv1d, conv2d */                 \
  X (NATIVE_BATCH_NORM, native_batch_norm) /* bs-batch-norm.c */                      \
  X (MAX_POOL2D, max_pool2d)          /* bs-pooling.c: indices the extra output */     \
  X (AVG_POOL2D, avg_pool2d)                                                           \
  X (ADAPTIVE_AVG_POOL2D, adaptive_avg_pool2d)                                         \
  X (ADAPTIVE_MAX_POOL2D, adaptive_max_pool2d)                                         \
  /* views and shape */                                                                \
  X (VIEW, view)                                                                       \
  X (RESHAPE_ALIAS, reshape_alias)                                                     \
  X (UNSAFE_VIEW, unsafe_view)                                                         \
  X (T, t)                                                                             \
  X (T_INPLACE, t_inplace)            /* t_(): the tensor's new history, TBackward1 */  \
  X (TRANSPOSE, transpose)                                                             \
  X (PERMUTE, permute)                                                                 \
  X (SQUEEZE, squeeze)                /* all size-1 dims */                            \
  X (SQUEEZE_DIM, squeeze_dim)                                                         \
  X (UNSQUEEZE, unsqueeze)                                                             \
  X (EXPAND, expand)                                                                   \
  X (SELECT, select)                                                                   \
  X (SLICE, slice)                                                                     \
  /* one output of split/chunk, split with sizes, unbind: each its own node, where     \
   * PyTorch's outputs share one */                                                    \
  X (SPLIT, split)                                                                     \
  X (SPLIT_WITH_SIZES, split_with_sizes)                                               \
  X (UNBIND, unbind)                                                                   \
  X (INDEX, index)                    /* advanced indexing with index tensors */       \
  X (INDEX_PUT, index_put)            /* index_put_: a[index] = values */              \
  X (INDEX_SELECT, index_select)                                                       \
  X (EMBEDDING, embedding)            /* weight[indices]; args.index: padding_idx */   \
  X (GATHER, gather)                                                                   \
  X (SCATTER, scatter)                /* src a tensor */                               \
  X (SCATTER_VALUE, scatter_value)    /* src a number */                               \
  X (SCATTER_ADD, scatter_add)                                                         \
  X (MASKED_FILL, masked_fill)        /* value a number */                             \
  X (MASKED_FILL_TENSOR, masked_fill_tensor) /* value a 0-dim tensor */                \
  X (SORT, sort)                      /* values; the indices are the extra output */   \
  X (TOPK, topk)                                                                       \
  X (FLIP, flip)                                                                       \
  X (ROLL, roll)                                                                       \
  X (REPEAT, repeat)                                                                   \
  X (TRIL, tril)                                                                       \
  X (TRIU, triu)                                                                       \
  X (DIAG, diag)                                                                       \
  X (CUMSUM, cumsum)                                                                   \
  X (CUMPROD, cumprod)                                                                 \
  X (PROD_ALL, prod_all)              /* prod() */                                     \
  X (PROD, prod)                      /* prod(dim) */                                  \
  X (VAR, var)                                                                         \
  X (STD, std)                                                                         \
  X (VAR_MEAN, var_mean)              /* two outputs sharing one node: var, mean */    \
  X (STD_MEAN, std_mean)              /* std, mean */                                  \
  X (NORM, norm)                                                                       \
  X (LOGSUMEXP, logsumexp)                                                             \
  X (AMAX, amax)                                                                       \
  X (AMIN, amin)                                                                       \
  X (KTHVALUE, kthvalue)              /* values; the indices are the extra output */   \
  X (MEDIAN_DIM, median_dim)                                                           \
  X (MODE, mode)                                                                       \
  X (MEDIAN, median)                  /* median() of all elements */                   \
  X (CAT, cat)                                                                         \
  X (STACK, stack)                                                                     \
  X (AS_STRIDED, as_strided)          /* a view's history after an in-place op */      \
  X (COPY_SLICES, copy_slices)        /* a base's history after an in-place op on a view */
