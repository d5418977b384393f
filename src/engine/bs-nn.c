/* bs-nn.c: the parameters of torch.nn modules */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-nn.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-generator.h"
#include "bs-tensor.h"

static gboolean
check_shape (gint64    rows,
             gint64    cols,
             GError  **error)
{
  gint64 bad = rows < 0 ? rows : cols;

  if (rows >= 0 && cols >= 0)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "Trying to create tensor with negative dimension %" G_GINT64_FORMAT
               ": [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]", bad, rows, cols);
  return FALSE;
}

static void
make_parameter (BsTensor *tensor)
{
  tensor->requires_grad = TRUE;
  tensor->is_parameter = TRUE;
}

gboolean
bs_nn_linear_init (BsContext  *context,
                   gint64      in_features,
                   gint64      out_features,
                   gboolean    bias,
                   BsDType     dtype,
                   BsTensor  **weight,
                   BsTensor  **bias_out,
                   GError    **error)
{
  g_autoptr(BsTensor) w = NULL;
  g_autoptr(BsTensor) b = NULL;
  gint64 shape[2] = { out_features, in_features };

  g_return_val_if_fail (context != NULL && weight != NULL, FALSE);
  g_return_val_if_fail (!bias || bias_out != NULL, FALSE);
  g_return_val_if_fail (bs_dtype_is_floating (dtype), FALSE);

  if (!check_shape (out_features, in_features, error))
    return FALSE;
  w = bs_tensor_new (context, dtype, 2, shape, error);
  if (w == NULL)
    return FALSE;
  if (bias)
    {
      b = bs_tensor_new (context, dtype, 1, &out_features, error);
      if (b == NULL)
        return FALSE;
    }

  bs_generator_linear_init (context->generator, dtype, bs_tensor_data (w), out_features,
                            in_features, b != NULL ? bs_tensor_data (b) : NULL);
  /* uniform_() bumps the version, and kaiming_uniform_ skips empty weights. */
  if (out_features > 0 && in_features > 0)
    bs_tensor_bump_version (w);
  if (b != NULL)
    bs_tensor_bump_version (b);

  make_parameter (w);
  bs_tensor_announce_leaf (w);
  if (b != NULL)
    {
      make_parameter (b);
      bs_tensor_announce_leaf (b);
    }
  *weight = g_steal_pointer (&w);
  if (bias_out != NULL)
    *bias_out = g_steal_pointer (&b);
  return TRUE;
}

BsTensor *
bs_nn_parameter (BsTensor  *data,
                 GError   **error)
{
  BsTensor *parameter;

  g_return_val_if_fail (data != NULL, NULL);
  if (!bs_dtype_is_floating (data->dtype))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Only Tensors of floating point and complex dtype can require "
                           "gradients");
      return NULL;
    }
  parameter = bs_tensor_detach (data);
  make_parameter (parameter);
  bs_tensor_announce_leaf (parameter);
  return parameter;
}
