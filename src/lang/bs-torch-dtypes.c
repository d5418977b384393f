/* bs-torch-dtypes.c: torch's functions on dtypes (result_type, promote_types, can_cast),
 * declared by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include "bs-autograd.h"

#include <math.h>

/* result_type(tensor, other): the dtype an op of the two gives, with PyTorch's rules for
 * 0-dim tensors and Python numbers */
static gboolean
result_type (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  BsTensor *pair[2] = { bs_call_tensor (call, 0), bs_call_tensor (call, 1) };

  *r = bs_value_ref (bs_dtype_value (in, bs_result_type (pair, 2)));
  return TRUE;
}

static gboolean
promote_types (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  BsDType a = bs_call_dtype (call, 0, BS_DTYPE_FLOAT32);
  BsDType b = bs_call_dtype (call, 1, BS_DTYPE_FLOAT32);

  *r = bs_value_ref (bs_dtype_value (in, bs_dtype_promote (a, b)));
  return TRUE;
}

/* can_cast(from, to): PyTorch's same-kind rule, no float to integer and nothing but bool
 * to bool */
static gboolean
can_cast (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsDType from = bs_call_dtype (call, 0, BS_DTYPE_FLOAT32);
  BsDType to = bs_call_dtype (call, 1, BS_DTYPE_FLOAT32);

  *r = BS_BOOL (bs_dtype_category (from) <= bs_dtype_category (to)
                || (bs_dtype_is_floating (from) && bs_dtype_is_floating (to)));
  return TRUE;
}


static double
float_max (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT16: return 65504.0;
    case BS_DTYPE_BFLOAT16: return 3.3895313892515355e38;
    case BS_DTYPE_FLOAT32: return G_MAXFLOAT;
    default: return G_MAXDOUBLE;
    }
}

/* c10's overflow test of a number about to become an element of dtype: uint8 takes the
 * negative integers down to -255 (they wrap), integers take no NaN nor infinity, floats
 * take both but no finite value beyond their largest. */
static gboolean
number_fits (BsValue v,
             BsDType dtype)
{
  if (dtype == BS_DTYPE_BOOL || v.type == BS_VALUE_BOOL)
    return TRUE;
  if (v.type == BS_VALUE_INT)
    {
      gint64 i = v.as.integer;

      if (bs_dtype_is_floating (dtype))
        return fabs ((double) i) <= float_max (dtype);
      if (dtype == BS_DTYPE_UINT8)
        return i >= -255 && i <= 255;
      return i >= bs_dtype_int_min (dtype) && i <= bs_dtype_int_max (dtype);
    }
  if (bs_dtype_is_floating (dtype))
    return !isfinite (v.as.number) || fabs (v.as.number) <= float_max (dtype);
  return !isnan (v.as.number) && v.as.number >= (double) bs_dtype_int_min (dtype)
         && v.as.number <= (double) bs_dtype_int_max (dtype);
}

gboolean
bs_check_scalar_fits (BsInterp *in,
                      BsValue   v,
                      BsDType   dtype)
{
  if (!bs_is_number (v) || number_fits (v, dtype))
    return TRUE;
  return bs_raise (in, "RuntimeError", "value cannot be converted to type %s without overflow",
                   bs_dtype_c_name (dtype));
}

gboolean
bs_check_data_fits (BsInterp *in,
                    BsValue   v,
                    BsDType   dtype)
{
  if (bs_dtype_is_floating (dtype) || !bs_is_number (v) || number_fits (v, dtype))
    return TRUE;
  return bs_raise (in, "RuntimeError", "value cannot be converted to type %s without overflow",
                   bs_dtype_short_name (dtype));
}

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_TORCH, "result_type(Tensor tensor, Tensor other)", result_type, 0 },
  { "torch", BS_SIG_TORCH, "result_type(Scalar scalar, Tensor tensor)", result_type, 0 },
  { "torch", BS_SIG_TORCH, "result_type(Tensor tensor, Scalar other)", result_type, 0 },
  { "torch", BS_SIG_TORCH, "result_type(Scalar scalar1, Scalar scalar2)", result_type, 0 },
  { "torch", BS_SIG_TORCH, "promote_types(ScalarType type1, ScalarType type2)", promote_types,
    0 },
  { "torch", BS_SIG_TORCH, "can_cast(ScalarType from, ScalarType to)", can_cast, 0 },
};

const BsSignatureTable bs_torch_dtypes_table = BS_SIGNATURE_TABLE (rows);
