/* bs-dtype.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-dtype.h"

const char *
bs_dtype_name (BsDType dtype)
{
  static const char *names[BS_N_DTYPES] = {
    "torch.bool", "torch.int64", "torch.float32", "torch.float64",
  };

  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype];
}

const char *
bs_dtype_tensor_type (BsDType dtype)
{
  static const char *names[BS_N_DTYPES] = {
    "torch.BoolTensor", "torch.LongTensor", "torch.FloatTensor", "torch.DoubleTensor",
  };

  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype];
}

const char *
bs_dtype_scalar_name (BsDType dtype)
{
  static const char *names[BS_N_DTYPES] = { "Bool", "Long", "Float", "Double" };

  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype];
}

/* The enum is ordered so that promotion among our four types is the maximum. */
BsDType
bs_dtype_promote (BsDType a,
                  BsDType b)
{
  return MAX (a, b);
}
