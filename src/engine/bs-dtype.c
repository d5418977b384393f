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

BsDTypeCategory
bs_dtype_category (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_BOOL:
      return BS_DTYPE_CATEGORY_BOOL;
    case BS_DTYPE_INT64:
      return BS_DTYPE_CATEGORY_INTEGRAL;
    case BS_DTYPE_FLOAT32:
    case BS_DTYPE_FLOAT64:
    default:
      return BS_DTYPE_CATEGORY_FLOATING;
    }
}

gboolean
bs_dtype_is_floating (BsDType dtype)
{
  return bs_dtype_category (dtype) == BS_DTYPE_CATEGORY_FLOATING;
}

/* The enum is ordered so that promotion among our four types is the maximum. */
BsDType
bs_dtype_promote (BsDType a,
                  BsDType b)
{
  return MAX (a, b);
}
