/* bs-batch-norm.h: batch normalization as PyTorch 1.13's native_batch_norm on the CPU */
#pragma once

#include "bs-types.h"

G_BEGIN_DECLS

/* One NativeBatchNormBackward0 node over input [N, C, ...]: normalized by the batch's
 * statistics when training (running_mean and running_var, when given, then take
 * momentum of them, the variance unbiased), else by running_mean and running_var, which
 * must then be given; scaled by weight and shifted by bias (each [C] or NULL). */
BsTensor *bs_batch_norm (BsTensor  *input,
                         BsTensor  *weight,
                         BsTensor  *bias,
                         BsTensor  *running_mean,
                         BsTensor  *running_var,
                         gboolean   training,
                         double     momentum,
                         double     eps,
                         GError   **error);

G_END_DECLS
