/* bs-adam.h: torch.optim.Adam */
#pragma once

#include "bs-optimizer.h"

G_BEGIN_DECLS

/* Adam(params, lr, betas=(beta1, beta2), eps, weight_decay, amsgrad), with
 * PyTorch's defaults lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.
 * params as for bs_sgd_new(). Fails with PyTorch's ValueErrors ("Invalid
 * beta parameter at index 0: 1.0"...). The group's 'maximize' is honoured. */
BsOptimizer *bs_adam_new (GPtrArray  *params,
                          double      lr,
                          double      beta1,
                          double      beta2,
                          double      eps,
                          double      weight_decay,
                          gboolean    amsgrad,
                          GError    **error);

/* torch.optim.AdamW: Adam with decoupled weight decay (param *= 1 - lr * weight_decay) */
BsOptimizer *bs_adamw_new (GPtrArray  *params,
                           double      lr,
                           double      beta1,
                           double      beta2,
                           double      eps,
                           double      weight_decay,
                           gboolean    amsgrad,
                           GError    **error);

G_END_DECLS
