/* bs-conv.h: convolution (conv1d, conv2d) as PyTorch 1.13's CPU computes it */
#pragma once

#include "bs-types.h"
#include "bs-op.h"

G_BEGIN_DECLS

/* stride, padding and dilation per spatial dim, and groups: n_spatial is the weight's
 * dims but two (3 is checked as PyTorch does, then refused). */
typedef struct {
  int    n_spatial;
  gint64 stride[3];
  gint64 padding[3];
  gint64 dilation[3];
  gint64 groups;
} BsConvParams;

/* One node of ConvolutionBackward0: input [N, C, L] or [N, C, H, W], weight
 * [O, C / groups, k...], bias [O] or NULL. Checks the shapes with PyTorch's messages. */
BsTensor *bs_convolution        (BsTensor            *input,
                                 BsTensor            *weight,
                                 BsTensor            *bias,
                                 const BsConvParams  *params,
                                 GError             **error);

/* The params a conv node keeps in its args. */
void      bs_conv_params_to_args   (const BsConvParams *params,
                                    BsOpArgs           *args);
void      bs_conv_params_from_args (const BsOpArgs     *args,
                                    BsConvParams       *params);

G_END_DECLS
