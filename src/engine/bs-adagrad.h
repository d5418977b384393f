/* bs-adagrad.h: torch.optim.Adagrad */
#pragma once

#include "bs-optimizer.h"

G_BEGIN_DECLS

/* Adagrad(params, lr, lr_decay, weight_decay, initial_accumulator_value, eps), with
 * PyTorch 1.13's defaults lr=1e-2, lr_decay=0, weight_decay=0,
 * initial_accumulator_value=0, eps=1e-10 and its ValueErrors. params as for
 * bs_sgd_new(); the state of the params of every group present is made now, as
 * PyTorch's constructor makes it (call bs_adagrad_init_state() after adding groups). */
BsOptimizer *bs_adagrad_new        (GPtrArray    *params,
                                    double        lr,
                                    double        lr_decay,
                                    double        weight_decay,
                                    double        initial_accumulator_value,
                                    double        eps,
                                    GError      **error);
/* state['step'] = 0 and state['sum'] = initial_accumulator_value for every param
 * that has no state yet */
gboolean     bs_adagrad_init_state (BsOptimizer  *self,
                                    GError      **error);

G_END_DECLS
