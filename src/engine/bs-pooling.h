/* bs-pooling.h: max, average and adaptive pooling over the last two dims, as PyTorch
 * 1.13's CPU kernels compute them */
#pragma once

#include "bs-types.h"
#include "bs-op.h"

G_BEGIN_DECLS

/* kernel, stride, padding and dilation (height, width). */
typedef struct {
  gint64   kernel[2];
  gint64   stride[2];
  gint64   padding[2];
  gint64   dilation[2];
  gboolean ceil_mode;
  gboolean count_include_pad;   /* avg_pool2d */
  gboolean has_divisor;         /* avg_pool2d's divisor_override */
  gint64   divisor;
} BsPoolParams;

/* input [C, H, W] or [N, C, H, W]; *indices (int64, positions in each H·W plane) set when
 * indices is not NULL. One MaxPool2DWithIndicesBackward0 node. */
BsTensor *bs_max_pool2d          (BsTensor            *input,
                                  const BsPoolParams  *params,
                                  BsTensor           **indices,
                                  GError             **error);
/* AvgPool2DBackward0 */
BsTensor *bs_avg_pool2d          (BsTensor            *input,
                                  const BsPoolParams  *params,
                                  GError             **error);
/* AdaptiveAvgPool2DBackward0 (output_size[2], each >= 0) */
BsTensor *bs_adaptive_avg_pool2d (BsTensor            *input,
                                  const gint64        *output_size,
                                  GError             **error);
/* AdaptiveMaxPool2DBackward0, *indices as bs_max_pool2d's */
BsTensor *bs_adaptive_max_pool2d (BsTensor            *input,
                                  const gint64        *output_size,
                                  BsTensor           **indices,
                                  GError             **error);

G_END_DECLS
