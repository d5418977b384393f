/* bs-adam.c: torch.optim.Adam, as PyTorch 1.13's single-tensor implementation */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-adam.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <math.h>

/* A state buffer of zeros like param, created on first use. */
static BsTensor *
ensure_state (BsOptimizer  *self,
              BsTensor     *param,
              const char   *key,
              GError      **error)
{
  BsTensor *tensor = bs_optimizer_get_state (self, param, key);
  g_autoptr(BsTensor) zeros = NULL;

  if (tensor != NULL)
    return tensor;
  zeros = bs_tensor_new_like (param, param->dtype, error);
  if (zeros == NULL)
    return NULL;
  bs_optimizer_set_state (self, param, key, zeros);
  return zeros;
}

/* Adam's step; AdamW's (decoupled) first scales the parameter by 1 - lr * weight_decay
 * instead of adding weight_decay * param to the gradient */
static gboolean
adam_step (BsOptimizer   *self,
           BsParamGroup  *group,
           BsTensor      *param,
           gboolean       decoupled,
           GError       **error)
{
  BsDType dt = param->dtype;
  BsHyperParam *betas = bs_param_group_lookup (group, "betas");
  double beta1 = betas != NULL ? betas->value[0] : 0.9;
  double beta2 = betas != NULL ? betas->value[1] : 0.999;
  double lr = bs_param_group_get (group, "lr", 1e-3);
  double eps = bs_param_group_get (group, "eps", 1e-8);
  double weight_decay = bs_param_group_get (group, "weight_decay", 0.0);
  gboolean amsgrad = bs_param_group_get (group, "amsgrad", 0.0) != 0.0;
  gboolean maximize = bs_param_group_get (group, "maximize", 0.0) != 0.0;
  BsTensor *step_t, *exp_avg, *exp_avg_sq, *max_exp_avg_sq = NULL;
  g_autofree double *p = NULL, *g = NULL, *m = NULL, *v = NULL, *vmax = NULL;
  double step, bias_correction1, bias_correction2, step_size, bias_correction2_sqrt;
  double b1, b2, keep1, keep2, c2, e, neg_step_size;
  gint64 n;

  if (!bs_optimizer_check_grad (param, error))
    return FALSE;

  /* Lazy state, in PyTorch's order; 'step' is a float32 tensor, whatever the
   * parameter's dtype. */
  step_t = bs_optimizer_get_state (self, param, "step");
  if (step_t == NULL)
    {
      g_autoptr(BsTensor) zero = bs_tensor_new_scalar (param->context, BS_DTYPE_FLOAT32, 0.0);

      bs_optimizer_set_state (self, param, "step", zero);
      step_t = zero;
    }
  if ((exp_avg = ensure_state (self, param, "exp_avg", error)) == NULL
      || (exp_avg_sq = ensure_state (self, param, "exp_avg_sq", error)) == NULL)
    return FALSE;
  if (amsgrad && (max_exp_avg_sq = ensure_state (self, param, "max_exp_avg_sq", error)) == NULL)
    return FALSE;

  n = bs_tensor_numel (param);
  p = bs_optimizer_load (param);
  g = bs_optimizer_load (param->grad);
  m = bs_optimizer_load (exp_avg);
  v = bs_optimizer_load (exp_avg_sq);

  step = (float) (bs_tensor_item (step_t) + 1.0);
  if (!bs_optimizer_store (step_t, &step, error))
    return FALSE;

  if (decoupled)
    {
      /* param.mul_(1 - lr * weight_decay) */
      double keep = bs_optimizer_round (dt, 1.0 - lr * weight_decay);

      for (gint64 i = 0; i < n; i++)
        p[i] = bs_optimizer_round (dt, p[i] * keep);
    }

  /* Python scalars enter the kernels rounded to the parameter's dtype. */
  b1 = bs_optimizer_round (dt, beta1);
  b2 = bs_optimizer_round (dt, beta2);
  keep1 = bs_optimizer_round (dt, 1.0 - beta1);
  keep2 = bs_optimizer_round (dt, 1.0 - beta2);
  for (gint64 i = 0; i < n; i++)
    {
      if (maximize)
        g[i] = -g[i];
      if (weight_decay != 0.0 && !decoupled)
        g[i] = bs_optimizer_fma (dt, p[i], bs_optimizer_round (dt, weight_decay), g[i]);
      m[i] = bs_optimizer_fma (dt, g[i], keep1, bs_optimizer_round (dt, m[i] * b1));
      /* addcmul_: self + (value * t1) * t2, fused */
      v[i] = bs_optimizer_fma (dt, bs_optimizer_round (dt, keep2 * g[i]), g[i],
                               bs_optimizer_round (dt, v[i] * b2));
    }
  if (!bs_optimizer_store (exp_avg, m, error) || !bs_optimizer_store (exp_avg_sq, v, error))
    return FALSE;

  /* The bias corrections are Python floats. */
  bias_correction1 = 1.0 - pow (beta1, step);
  bias_correction2 = 1.0 - pow (beta2, step);
  step_size = lr / bias_correction1;
  bias_correction2_sqrt = sqrt (bias_correction2);

  if (amsgrad)
    {
      vmax = bs_optimizer_load (max_exp_avg_sq);
      for (gint64 i = 0; i < n; i++)
        vmax[i] = isnan (vmax[i]) || isnan (v[i]) ? NAN : MAX (vmax[i], v[i]);
      if (!bs_optimizer_store (max_exp_avg_sq, vmax, error))
        return FALSE;
    }

  c2 = bs_optimizer_round (dt, bias_correction2_sqrt);
  e = bs_optimizer_round (dt, eps);
  neg_step_size = bs_optimizer_round (dt, -step_size);
  for (gint64 i = 0; i < n; i++)
    {
      double root = bs_optimizer_round (dt, sqrt (amsgrad ? vmax[i] : v[i]));
      double denom = bs_optimizer_round (dt, bs_optimizer_round (dt, root / c2) + e);
      double scaled = bs_optimizer_round (dt, neg_step_size * m[i]);

      /* addcdiv_: self + (value * t1) / t2 */
      p[i] = bs_optimizer_round (dt, p[i] + bs_optimizer_round (dt, scaled / denom));
    }
  return bs_optimizer_store (param, p, error);
}

static gboolean
step_param (BsOptimizer   *self,
            BsParamGroup  *group,
            BsTensor      *param,
            GError       **error)
{
  return adam_step (self, group, param, FALSE, error);
}

static gboolean
step_param_decoupled (BsOptimizer   *self,
                      BsParamGroup  *group,
                      BsTensor      *param,
                      GError       **error)
{
  return adam_step (self, group, param, TRUE, error);
}

static const BsOptimizerClass adam_class = {
  .name = "Adam",
  .step_param = step_param,
};

static const BsOptimizerClass adamw_class = {
  .name = "AdamW",
  .step_param = step_param_decoupled,
};

static BsOptimizer *
adam_new (const BsOptimizerClass *klass,
          GPtrArray              *params,
          double                  lr,
          double                  beta1,
          double                  beta2,
          double                  eps,
          double                  weight_decay,
          gboolean                amsgrad,
          GError                **error)
{
  /* PyTorch 1.13's key order; AdamW has neither differentiable nor fused */
  const BsHyperParam defaults[] = {
    { "lr", BS_HYPER_FLOAT, { lr } },
    { "betas", BS_HYPER_PAIR, { beta1, beta2 } },
    { "eps", BS_HYPER_FLOAT, { eps } },
    { "weight_decay", BS_HYPER_FLOAT, { weight_decay } },
    { "amsgrad", BS_HYPER_BOOL, { amsgrad } },
    { "maximize", BS_HYPER_BOOL, { FALSE } },
    { "foreach", BS_HYPER_NONE, { 0 } },
    { "capturable", BS_HYPER_BOOL, { FALSE } },
    { "differentiable", BS_HYPER_BOOL, { FALSE } },
    { "fused", BS_HYPER_BOOL, { FALSE } },
  };
  const BsHyperParam adamw_defaults[] = {
    { "lr", BS_HYPER_FLOAT, { lr } },
    { "betas", BS_HYPER_PAIR, { beta1, beta2 } },
    { "eps", BS_HYPER_FLOAT, { eps } },
    { "weight_decay", BS_HYPER_FLOAT, { weight_decay } },
    { "amsgrad", BS_HYPER_BOOL, { amsgrad } },
    { "foreach", BS_HYPER_NONE, { 0 } },
    { "maximize", BS_HYPER_BOOL, { FALSE } },
    { "capturable", BS_HYPER_BOOL, { FALSE } },
  };
  gboolean is_adamw = klass == &adamw_class;

  g_return_val_if_fail (params == NULL || params->len == 0 || params->pdata[0] != NULL, NULL);

  /* In PyTorch's order, and with its comparisons (a NaN fails them all). */
  if (!bs_optimizer_check_value (0.0 <= lr, "learning rate", lr, error)
      || !bs_optimizer_check_value (0.0 <= eps, "epsilon value", eps, error)
      || !bs_optimizer_check_value (0.0 <= beta1 && beta1 < 1.0, "beta parameter at index 0", beta1, error)
      || !bs_optimizer_check_value (0.0 <= beta2 && beta2 < 1.0, "beta parameter at index 1", beta2, error)
      || !bs_optimizer_check_value (0.0 <= weight_decay, "weight_decay value", weight_decay, error))
    return NULL;
  return bs_optimizer_new_with_params (klass, is_adamw ? adamw_defaults : defaults,
                                       is_adamw ? G_N_ELEMENTS (adamw_defaults)
                                                : G_N_ELEMENTS (defaults), params, error);
}

BsOptimizer *
bs_adam_new (GPtrArray  *params,
             double      lr,
             double      beta1,
             double      beta2,
             double      eps,
             double      weight_decay,
             gboolean    amsgrad,
             GError    **error)
{
  return adam_new (&adam_class, params, lr, beta1, beta2, eps, weight_decay, amsgrad, error);
}

BsOptimizer *
bs_adamw_new (GPtrArray  *params,
              double      lr,
              double      beta1,
              double      beta2,
              double      eps,
              double      weight_decay,
              gboolean    amsgrad,
              GError    **error)
{
  return adam_new (&adamw_class, params, lr, beta1, beta2, eps, weight_decay, amsgrad, error);
}
