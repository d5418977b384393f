/* bs-adagrad.c: torch.optim.Adagrad, as PyTorch 1.13's single-tensor implementation */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-adagrad.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <math.h>

static gboolean
init_param_state (BsOptimizer   *self,
                  BsParamGroup  *group,
                  BsTensor      *param,
                  GError       **error)
{
  g_autoptr(BsTensor) step = NULL;
  g_autoptr(BsTensor) sum = NULL;

  if (bs_optimizer_get_state (self, param, "sum") != NULL)
    return TRUE;
  step = bs_tensor_new_scalar (param->context, BS_DTYPE_FLOAT32, 0.0);
  sum = bs_tensor_new_full (param->context, param->dtype, param->ndim, param->shape,
                            bs_param_group_get (group, "initial_accumulator_value", 0.0), error);
  if (sum == NULL)
    return FALSE;
  bs_optimizer_set_state (self, param, "step", step);
  bs_optimizer_set_state (self, param, "sum", sum);
  return TRUE;
}

static gboolean
step_param (BsOptimizer   *self,
            BsParamGroup  *group,
            BsTensor      *param,
            GError       **error)
{
  BsDType dt = param->dtype;
  double lr = bs_param_group_get (group, "lr", 1e-2);
  double lr_decay = bs_param_group_get (group, "lr_decay", 0.0);
  double eps = bs_param_group_get (group, "eps", 1e-10);
  double weight_decay = bs_param_group_get (group, "weight_decay", 0.0);
  gboolean maximize = bs_param_group_get (group, "maximize", 0.0) != 0.0;
  BsTensor *step_t, *sum;
  g_autofree double *p = NULL, *g = NULL, *s = NULL;
  double step, clr, neg_clr, e, wd;
  gint64 n;

  if (!bs_optimizer_check_grad (param, error) || !init_param_state (self, group, param, error))
    return FALSE;
  step_t = bs_optimizer_get_state (self, param, "step");
  sum = bs_optimizer_get_state (self, param, "sum");

  n = bs_tensor_numel (param);
  p = bs_optimizer_load (param);
  g = bs_optimizer_load (param->grad);
  s = bs_optimizer_load (sum);
  step = (float) (bs_tensor_item (step_t) + 1.0);
  if (!bs_optimizer_store (step_t, &step, error))
    return FALSE;

  /* clr is a Python float */
  clr = lr / (1.0 + (step - 1.0) * lr_decay);
  neg_clr = bs_optimizer_round (dt, -clr);
  e = bs_optimizer_round (dt, eps);
  wd = bs_optimizer_round (dt, weight_decay);
  for (gint64 i = 0; i < n; i++)
    {
      double std, scaled;

      if (maximize)
        g[i] = -g[i];
      if (weight_decay != 0.0)
        g[i] = bs_optimizer_fma (dt, p[i], wd, g[i]);
      /* state_sum.addcmul_(grad, grad, value=1) */
      s[i] = bs_optimizer_fma (dt, g[i], g[i], s[i]);
      /* std = state_sum.sqrt().add_(eps) */
      std = bs_optimizer_round (dt, bs_optimizer_round (dt, sqrt (s[i])) + e);
      /* param.addcdiv_(grad, std, value=-clr) */
      scaled = bs_optimizer_round (dt, neg_clr * g[i]);
      p[i] = bs_optimizer_round (dt, p[i] + bs_optimizer_round (dt, scaled / std));
    }
  if (!bs_optimizer_store (sum, s, error))
    return FALSE;
  return bs_optimizer_store (param, p, error);
}

static const BsOptimizerClass adagrad_class = {
  .name = "Adagrad",
  .step_param = step_param,
};

gboolean
bs_adagrad_init_state (BsOptimizer  *self,
                       GError      **error)
{
  for (guint i = 0; i < bs_optimizer_get_n_groups (self); i++)
    {
      BsParamGroup *group = bs_optimizer_get_group (self, i);

      for (guint j = 0; j < group->params->len; j++)
        if (!init_param_state (self, group, g_ptr_array_index (group->params, j), error))
          return FALSE;
    }
  return TRUE;
}

BsOptimizer *
bs_adagrad_new (GPtrArray  *params,
                double      lr,
                double      lr_decay,
                double      weight_decay,
                double      initial_accumulator_value,
                double      eps,
                GError    **error)
{
  const BsHyperParam defaults[] = {
    { "lr", BS_HYPER_FLOAT, { lr } },
    { "lr_decay", BS_HYPER_FLOAT, { lr_decay } },
    { "eps", BS_HYPER_FLOAT, { eps } },
    { "weight_decay", BS_HYPER_FLOAT, { weight_decay } },
    { "initial_accumulator_value", BS_HYPER_FLOAT, { initial_accumulator_value } },
    { "foreach", BS_HYPER_NONE, { 0 } },
    { "maximize", BS_HYPER_BOOL, { FALSE } },
  };
  BsOptimizer *self;

  /* In PyTorch's order, and with its comparisons (a NaN fails them all). */
  if (!bs_optimizer_check_value (0.0 <= lr, "learning rate", lr, error)
      || !bs_optimizer_check_value (0.0 <= lr_decay, "lr_decay value", lr_decay, error)
      || !bs_optimizer_check_value (0.0 <= weight_decay, "weight_decay value", weight_decay,
                                    error)
      || !bs_optimizer_check_value (0.0 <= initial_accumulator_value,
                                    "initial_accumulator_value value",
                                    initial_accumulator_value, error)
      || !bs_optimizer_check_value (0.0 <= eps, "epsilon value", eps, error))
    return NULL;
  self = bs_optimizer_new_with_params (&adagrad_class, defaults, G_N_ELEMENTS (defaults), params,
                                       error);
  if (self != NULL && !bs_adagrad_init_state (self, error))
    g_clear_pointer (&self, bs_optimizer_free);
  return self;
}
