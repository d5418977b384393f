/* bs-sgd.c: torch.optim.SGD, as PyTorch 1.13's single-tensor implementation */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-sgd.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <math.h>

/* The float32 update on contiguous storage, with the same roundings as the
 * general path below. Built twice so that CPUs with FMA fuse in hardware. */
__attribute__ ((target_clones ("fma", "default")))
static void
sgd_float32 (float       *p,
             const float *grad,
             float       *buf,
             gboolean     first_buffer,
             gint64       n,
             float        neg_lr,
             float        weight_decay,
             float        momentum,
             float        keep,
             gboolean     nesterov,
             gboolean     maximize)
{
  if (!maximize && weight_decay == 0.0f && buf == NULL)
    {
      float *restrict out = p;
      const float *restrict g = grad;

      for (gint64 i = 0; i < n; i++)
        out[i] = fmaf (g[i], neg_lr, out[i]);
      return;
    }
  for (gint64 i = 0; i < n; i++)
    {
      float d = maximize ? -grad[i] : grad[i];

      if (weight_decay != 0.0f)
        d = fmaf (p[i], weight_decay, d);
      if (buf != NULL)
        {
          buf[i] = first_buffer ? d : fmaf (d, keep, buf[i] * momentum);
          d = nesterov ? fmaf (buf[i], momentum, d) : buf[i];
        }
      p[i] = fmaf (d, neg_lr, p[i]);
    }
}

static gboolean
step_param_float32 (BsOptimizer  *self,
                    BsParamGroup *group,
                    BsTensor     *param,
                    GError      **error)
{
  double momentum = bs_param_group_get (group, "momentum", 0.0);
  BsTensor *buffer = NULL;
  gboolean first_buffer = FALSE;

  if (momentum != 0.0)
    {
      buffer = bs_optimizer_get_state (self, param, "momentum_buffer");
      if (buffer == NULL)
        {
          g_autoptr(BsTensor) fresh = bs_tensor_new_like (param, param->dtype, error);

          if (fresh == NULL)
            return FALSE;
          bs_optimizer_set_state (self, param, "momentum_buffer", fresh);
          buffer = fresh;
          first_buffer = TRUE;
        }
      else
        {
          bs_tensor_bump_version (buffer);
        }
    }
  sgd_float32 (bs_tensor_data (param), bs_tensor_data (param->grad),
               buffer != NULL ? bs_tensor_data (buffer) : NULL, first_buffer,
               bs_tensor_numel (param),
               (float) -bs_param_group_get (group, "lr", 0.0),
               (float) bs_param_group_get (group, "weight_decay", 0.0),
               (float) momentum,
               (float) (1.0 - bs_param_group_get (group, "dampening", 0.0)),
               bs_param_group_get (group, "nesterov", 0.0) != 0.0,
               bs_param_group_get (group, "maximize", 0.0) != 0.0);
  bs_tensor_bump_version (param);
  return TRUE;
}

static gboolean
is_plain_float32 (BsTensor *t)
{
  return t != NULL && t->dtype == BS_DTYPE_FLOAT32 && bs_tensor_is_contiguous (t);
}

static gboolean
step_param (BsOptimizer   *self,
            BsParamGroup  *group,
            BsTensor      *param,
            GError       **error)
{
  BsDType dt = param->dtype;
  double lr = bs_param_group_get (group, "lr", 0.0);
  double momentum = bs_param_group_get (group, "momentum", 0.0);
  double dampening = bs_param_group_get (group, "dampening", 0.0);
  double weight_decay = bs_param_group_get (group, "weight_decay", 0.0);
  gboolean nesterov = bs_param_group_get (group, "nesterov", 0.0) != 0.0;
  gboolean maximize = bs_param_group_get (group, "maximize", 0.0) != 0.0;
  BsTensor *buffer = NULL;
  g_autofree double *p = NULL;
  g_autofree double *d = NULL;
  g_autofree double *buf = NULL;
  gint64 n;

  if (!bs_optimizer_check_grad (param, error))
    return FALSE;
  if (is_plain_float32 (param) && is_plain_float32 (param->grad)
      && is_plain_float32 (bs_optimizer_get_state (self, param, "momentum_buffer")) ==
         (bs_optimizer_get_state (self, param, "momentum_buffer") != NULL))
    return step_param_float32 (self, group, param, error);
  n = bs_tensor_numel (param);
  p = bs_optimizer_load (param);
  d = bs_optimizer_load (param->grad);

  /* Python scalars enter the kernels rounded to the parameter's dtype. */
  for (gint64 i = 0; i < n; i++)
    {
      if (maximize)
        d[i] = -d[i];
      if (weight_decay != 0.0)
        d[i] = bs_optimizer_fma (dt, p[i], bs_optimizer_round (dt, weight_decay), d[i]);
    }

  if (momentum != 0.0)
    {
      buffer = bs_optimizer_get_state (self, param, "momentum_buffer");
      if (buffer == NULL)
        {
          /* The first buffer is a clone of the (decayed) gradient. */
          g_autoptr(BsTensor) clone = bs_tensor_new_from_doubles (param->context, dt,
                                                                  param->ndim, param->shape,
                                                                  d, error);

          if (clone == NULL)
            return FALSE;
          bs_optimizer_set_state (self, param, "momentum_buffer", clone);
          buf = g_memdup2 (d, n * sizeof (double));
        }
      else
        {
          double m = bs_optimizer_round (dt, momentum);
          double keep = bs_optimizer_round (dt, 1.0 - dampening);

          buf = bs_optimizer_load (buffer);
          for (gint64 i = 0; i < n; i++)
            buf[i] = bs_optimizer_fma (dt, d[i], keep, bs_optimizer_round (dt, buf[i] * m));
          if (!bs_optimizer_store (buffer, buf, error))
            return FALSE;
        }
      for (gint64 i = 0; i < n; i++)
        d[i] = nesterov ? bs_optimizer_fma (dt, buf[i], bs_optimizer_round (dt, momentum), d[i])
                        : buf[i];
    }

  for (gint64 i = 0; i < n; i++)
    p[i] = bs_optimizer_fma (dt, d[i], bs_optimizer_round (dt, -lr), p[i]);
  return bs_optimizer_store (param, p, error);
}

static const BsOptimizerClass sgd_class = {
  .name = "SGD",
  .step_param = step_param,
};

BsOptimizer *
bs_sgd_new (GPtrArray  *params,
            double      lr,
            double      momentum,
            double      dampening,
            double      weight_decay,
            gboolean    nesterov,
            GError    **error)
{
  const BsHyperParam defaults[] = {
    { "lr", BS_HYPER_FLOAT, { lr } },
    { "momentum", BS_HYPER_FLOAT, { momentum } },
    { "dampening", BS_HYPER_FLOAT, { dampening } },
    { "weight_decay", BS_HYPER_FLOAT, { weight_decay } },
    { "nesterov", BS_HYPER_BOOL, { nesterov } },
    { "maximize", BS_HYPER_BOOL, { FALSE } },
    { "foreach", BS_HYPER_NONE, { 0 } },
    { "differentiable", BS_HYPER_BOOL, { FALSE } },
  };
  BsOptimizer *self;

  g_return_val_if_fail (params == NULL || params->len == 0 || params->pdata[0] != NULL, NULL);

  /* In PyTorch's order, and with its comparisons (a NaN lr passes). */
  /* SGD tests `x < 0.0`, so NaN passes, as in PyTorch */
  if (!bs_optimizer_check_value (!(lr < 0.0), "learning rate", lr, error)
      || !bs_optimizer_check_value (!(momentum < 0.0), "momentum value", momentum, error)
      || !bs_optimizer_check_value (!(weight_decay < 0.0), "weight_decay value", weight_decay,
                                    error))
    return NULL;
  if (nesterov && (momentum <= 0.0 || dampening != 0.0))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "Nesterov momentum requires a momentum and zero dampening");
      return NULL;
    }
  if (params != NULL && params->len == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "optimizer got an empty parameter list");
      return NULL;
    }

  self = bs_optimizer_new (&sgd_class, NULL, defaults, G_N_ELEMENTS (defaults));
  if (params != NULL && bs_optimizer_add_param_group (self, params, error) == NULL)
    {
      bs_optimizer_free (self);
      return NULL;
    }
  return self;
}
