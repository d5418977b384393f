/* bs-rmsprop.c: torch.optim.RMSprop, as PyTorch 1.13's single-tensor implementation */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-rmsprop.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <math.h>

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

static gboolean
step_param (BsOptimizer   *self,
            BsParamGroup  *group,
            BsTensor      *param,
            GError       **error)
{
  BsDType dt = param->dtype;
  double lr = bs_param_group_get (group, "lr", 1e-2);
  double alpha = bs_param_group_get (group, "alpha", 0.99);
  double eps = bs_param_group_get (group, "eps", 1e-8);
  double weight_decay = bs_param_group_get (group, "weight_decay", 0.0);
  double momentum = bs_param_group_get (group, "momentum", 0.0);
  gboolean centered = bs_param_group_get (group, "centered", 0.0) != 0.0;
  gboolean maximize = bs_param_group_get (group, "maximize", 0.0) != 0.0;
  BsTensor *step_t, *square_avg, *buffer = NULL, *grad_avg = NULL;
  g_autofree double *p = NULL, *g = NULL, *v = NULL, *b = NULL, *ga = NULL;
  double a, keep, e, neg_lr, step;
  gint64 n;

  if (!bs_optimizer_check_grad (param, error))
    return FALSE;

  /* Lazy state, in PyTorch's order; 'step' is a float32 tensor. */
  step_t = bs_optimizer_get_state (self, param, "step");
  if (step_t == NULL)
    {
      g_autoptr(BsTensor) zero = bs_tensor_new_scalar (param->context, BS_DTYPE_FLOAT32, 0.0);

      bs_optimizer_set_state (self, param, "step", zero);
      step_t = zero;
    }
  if ((square_avg = ensure_state (self, param, "square_avg", error)) == NULL)
    return FALSE;
  if (momentum > 0 && (buffer = ensure_state (self, param, "momentum_buffer", error)) == NULL)
    return FALSE;
  if (centered && (grad_avg = ensure_state (self, param, "grad_avg", error)) == NULL)
    return FALSE;

  n = bs_tensor_numel (param);
  p = bs_optimizer_load (param);
  g = bs_optimizer_load (param->grad);
  v = bs_optimizer_load (square_avg);
  step = (float) (bs_tensor_item (step_t) + 1.0);
  if (!bs_optimizer_store (step_t, &step, error))
    return FALSE;

  a = bs_optimizer_round (dt, alpha);
  keep = bs_optimizer_round (dt, 1.0 - alpha);
  e = bs_optimizer_round (dt, eps);
  neg_lr = bs_optimizer_round (dt, -lr);
  if (buffer != NULL)
    b = bs_optimizer_load (buffer);
  if (grad_avg != NULL)
    ga = bs_optimizer_load (grad_avg);
  for (gint64 i = 0; i < n; i++)
    {
      double avg;

      if (maximize)
        g[i] = -g[i];
      if (weight_decay != 0.0)
        g[i] = bs_optimizer_fma (dt, p[i], bs_optimizer_round (dt, weight_decay), g[i]);
      /* square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha) */
      v[i] = bs_optimizer_fma (dt, bs_optimizer_round (dt, keep * g[i]), g[i],
                               bs_optimizer_round (dt, v[i] * a));
      if (ga != NULL)
        {
          /* grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha); the variance
           * square_avg.addcmul(grad_avg, grad_avg, value=-1) */
          ga[i] = bs_optimizer_fma (dt, g[i], keep, bs_optimizer_round (dt, ga[i] * a));
          avg = bs_optimizer_fma (dt, -ga[i], ga[i], v[i]);
          avg = bs_optimizer_round (dt, sqrt (avg));
        }
      else
        avg = bs_optimizer_round (dt, sqrt (v[i]));
      avg = bs_optimizer_round (dt, avg + e);
      if (b != NULL)
        {
          /* buf.mul_(momentum).addcdiv_(grad, avg); param.add_(buf, alpha=-lr) */
          double kept = bs_optimizer_round (dt, b[i] * bs_optimizer_round (dt, momentum));

          b[i] = bs_optimizer_round (dt, kept + bs_optimizer_round (dt, g[i] / avg));
          p[i] = bs_optimizer_fma (dt, b[i], neg_lr, p[i]);
        }
      else
        {
          /* param.addcdiv_(grad, avg, value=-lr): self + (value * t1) / t2 */
          double scaled = bs_optimizer_round (dt, neg_lr * g[i]);

          p[i] = bs_optimizer_round (dt, p[i] + bs_optimizer_round (dt, scaled / avg));
        }
    }
  if (!bs_optimizer_store (square_avg, v, error)
      || (ga != NULL && !bs_optimizer_store (grad_avg, ga, error))
      || (b != NULL && !bs_optimizer_store (buffer, b, error)))
    return FALSE;
  return bs_optimizer_store (param, p, error);
}

static const BsOptimizerClass rmsprop_class = {
  .name = "RMSprop",
  .step_param = step_param,
};

BsOptimizer *
bs_rmsprop_new (GPtrArray  *params,
                double      lr,
                double      alpha,
                double      eps,
                double      weight_decay,
                double      momentum,
                gboolean    centered,
                GError    **error)
{
  const BsHyperParam defaults[] = {
    { "lr", BS_HYPER_FLOAT, { lr } },
    { "momentum", BS_HYPER_FLOAT, { momentum } },
    { "alpha", BS_HYPER_FLOAT, { alpha } },
    { "eps", BS_HYPER_FLOAT, { eps } },
    { "centered", BS_HYPER_BOOL, { centered } },
    { "weight_decay", BS_HYPER_FLOAT, { weight_decay } },
    { "foreach", BS_HYPER_NONE, { 0 } },
    { "maximize", BS_HYPER_BOOL, { FALSE } },
    { "differentiable", BS_HYPER_BOOL, { FALSE } },
  };
  BsOptimizer *self;

  if (!bs_optimizer_check_value (0.0 <= lr, "learning rate", lr, error)
      || !bs_optimizer_check_value (0.0 <= eps, "epsilon value", eps, error)
      || !bs_optimizer_check_value (0.0 <= momentum, "momentum value", momentum, error)
      || !bs_optimizer_check_value (0.0 <= weight_decay, "weight_decay value", weight_decay, error)
      || !bs_optimizer_check_value (0.0 <= alpha, "alpha value", alpha, error))
    return NULL;
  if (params != NULL && params->len == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "optimizer got an empty parameter list");
      return NULL;
    }
  self = bs_optimizer_new (&rmsprop_class, NULL, defaults, G_N_ELEMENTS (defaults));
  if (params != NULL && bs_optimizer_add_param_group (self, params, error) == NULL)
    {
      bs_optimizer_free (self);
      return NULL;
    }
  return self;
}
