/* bs-sgd.h: torch.optim.SGD */
#pragma once

#include "bs-optimizer.h"

G_BEGIN_DECLS

/* SGD(params, lr, momentum, dampening, weight_decay, nesterov): one group
 * holding params, or no group when params is NULL (add them with
 * bs_optimizer_add_param_group()). Fails with PyTorch's ValueErrors ("Invalid
 * learning rate: -1.0", "Nesterov momentum requires a momentum and zero
 * dampening", "optimizer got an empty parameter list"...). Numbers are stored
 * as Python floats; the caller may retag those it got as ints (PyTorch's
 * defaults for momentum, dampening and weight_decay are the int 0). The
 * group's 'maximize' is honoured too. */
BsOptimizer *bs_sgd_new (GPtrArray  *params,
                         double      lr,
                         double      momentum,
                         double      dampening,
                         double      weight_decay,
                         gboolean    nesterov,
                         GError    **error);

G_END_DECLS
