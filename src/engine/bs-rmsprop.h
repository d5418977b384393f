/* bs-rmsprop.h: torch.optim.RMSprop */
#pragma once

#include "bs-optimizer.h"

G_BEGIN_DECLS

/* RMSprop(params, lr, alpha, eps, weight_decay, momentum, centered), with
 * PyTorch's defaults lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0,
 * momentum=0, centered=False; params as for bs_sgd_new(). Fails with
 * PyTorch's ValueErrors ("Invalid alpha value: -1.0"...). */
BsOptimizer *bs_rmsprop_new (GPtrArray  *params,
                             double      lr,
                             double      alpha,
                             double      eps,
                             double      weight_decay,
                             double      momentum,
                             gboolean    centered,
                             GError    **error);

G_END_DECLS
