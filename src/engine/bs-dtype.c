/* bs-dtype.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-dtype.h"

#include <math.h>
#include <string.h>

typedef struct {
  const char *name;
  const char *tensor_type;
  const char *scalar_name;
  const char *c_name;
  const char *short_name;
} DTypeNames;

static const DTypeNames names[BS_N_DTYPES] = {
  [BS_DTYPE_BOOL] = { "torch.bool", "torch.BoolTensor", "Bool", "bool", "bool" },
  [BS_DTYPE_INT64] = { "torch.int64", "torch.LongTensor", "Long", "int64_t", "int64" },
  [BS_DTYPE_FLOAT32] = { "torch.float32", "torch.FloatTensor", "Float", "float", "float32" },
  [BS_DTYPE_FLOAT64] = { "torch.float64", "torch.DoubleTensor", "Double", "double", "float64" },
  [BS_DTYPE_INT32] = { "torch.int32", "torch.IntTensor", "Int", "int", "int32" },
  [BS_DTYPE_INT16] = { "torch.int16", "torch.ShortTensor", "Short", "int16_t", "int16" },
  [BS_DTYPE_INT8] = { "torch.int8", "torch.CharTensor", "Char", "int8_t", "int8" },
  [BS_DTYPE_UINT8] = { "torch.uint8", "torch.ByteTensor", "Byte", "uint8_t", "uint8" },
  [BS_DTYPE_FLOAT16] = { "torch.float16", "torch.HalfTensor", "Half", "at::Half", "float16" },
  [BS_DTYPE_BFLOAT16] = { "torch.bfloat16", "torch.BFloat16Tensor", "BFloat16",
                          "at::BFloat16", "bfloat16" },
};

const char *
bs_dtype_name (BsDType dtype)
{
  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype].name;
}

const char *
bs_dtype_tensor_type (BsDType dtype)
{
  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype].tensor_type;
}

const char *
bs_dtype_scalar_name (BsDType dtype)
{
  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype].scalar_name;
}

const char *
bs_dtype_c_name (BsDType dtype)
{
  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype].c_name;
}

const char *
bs_dtype_short_name (BsDType dtype)
{
  g_return_val_if_fail (dtype < BS_N_DTYPES, "?");
  return names[dtype].short_name;
}

gint64
bs_dtype_int_min (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_INT64: return G_MININT64;
    case BS_DTYPE_INT32: return G_MININT32;
    case BS_DTYPE_INT16: return G_MININT16;
    case BS_DTYPE_INT8:  return G_MININT8;
    default:             return 0;
    }
}

gint64
bs_dtype_int_max (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_INT64: return G_MAXINT64;
    case BS_DTYPE_INT32: return G_MAXINT32;
    case BS_DTYPE_INT16: return G_MAXINT16;
    case BS_DTYPE_INT8:  return G_MAXINT8;
    case BS_DTYPE_UINT8: return G_MAXUINT8;
    default:             return 1;
    }
}

/* PyTorch's promotion lattice: bool below everything; among integers the wider wins and
 * uint8 with int8 meets in int16; among floats the wider wins and float16 with bfloat16
 * meets in float32; a float beats every integer. */
BsDType
bs_dtype_promote (BsDType a,
                  BsDType b)
{
  if (a == b || b == BS_DTYPE_BOOL)
    return a;
  if (a == BS_DTYPE_BOOL)
    return b;
  if (bs_dtype_is_floating (a) != bs_dtype_is_floating (b))
    return bs_dtype_is_floating (a) ? a : b;
  if (bs_dtype_is_floating (a))
    {
      if (a == BS_DTYPE_FLOAT64 || b == BS_DTYPE_FLOAT64)
        return BS_DTYPE_FLOAT64;
      return bs_dtype_is_reduced_float (a) && bs_dtype_is_reduced_float (b)
             ? BS_DTYPE_FLOAT32 : bs_dtype_is_reduced_float (a) ? b : a;
    }
  if (a == BS_DTYPE_UINT8 || b == BS_DTYPE_UINT8)
    {
      BsDType other = a == BS_DTYPE_UINT8 ? b : a;

      return other == BS_DTYPE_INT8 ? BS_DTYPE_INT16 : other;
    }
  return bs_dtype_size (a) >= bs_dtype_size (b) ? a : b;
}

static guint32
float_bits (float value)
{
  guint32 bits;

  memcpy (&bits, &value, sizeof bits);
  return bits;
}

static float
bits_float (guint32 bits)
{
  float value;

  memcpy (&value, &bits, sizeof value);
  return value;
}

guint16
bs_float_to_half (float value)
{
  guint32 bits = float_bits (value);
  guint16 sign = (bits >> 16) & 0x8000;
  guint32 abs_bits = bits & 0x7fffffff;

  if (abs_bits >= 0x7f800000)  /* inf, or NaN kept quiet */
    return sign | 0x7c00 | (abs_bits > 0x7f800000 ? 0x200 | ((abs_bits >> 13) & 0x3ff) : 0);
  if (abs_bits >= 0x477ff000)  /* rounds to 65536 or more */
    return sign | 0x7c00;
  if (abs_bits < 0x38800000)
    {
      /* subnormal half: value / 2^-24 rounded to nearest even, done exactly in float by
       * adding 0.5 (the unit of the result's last place becomes 2^-24) */
      float scaled = bits_float (abs_bits) + 0.5f;

      return sign | (guint16) (float_bits (scaled) - float_bits (0.5f));
    }
  {
    guint32 mantissa_odd = (abs_bits >> 13) & 1;

    abs_bits += 0xfff + mantissa_odd;       /* round to nearest even on the 13 dropped bits */
    return sign | (guint16) ((abs_bits - 0x38000000) >> 13);
  }
}

float
bs_half_to_float (guint16 h)
{
  guint32 sign = (guint32) (h & 0x8000) << 16;
  guint32 exponent = (h >> 10) & 0x1f;
  guint32 mantissa = h & 0x3ff;

  if (exponent == 0x1f)
    return bits_float (sign | 0x7f800000 | (mantissa << 13));
  if (exponent == 0)
    {
      float v = ldexpf ((float) mantissa, -24);

      return sign ? -v : v;
    }
  return bits_float (sign | ((exponent + 112) << 23) | (mantissa << 13));
}

guint16
bs_float_to_bfloat16 (float value)
{
  guint32 bits = float_bits (value);

  if (isnan (value))
    return 0x7fc0;
  bits += 0x7fff + ((bits >> 16) & 1);
  return (guint16) (bits >> 16);
}

float
bs_bfloat16_to_float (guint16 bits)
{
  return bits_float ((guint32) bits << 16);
}

gint64
bs_double_to_int (double  value,
                  BsDType dtype)
{
  if (dtype == BS_DTYPE_INT64)
    return isnan (value) || value >= 9223372036854775808.0 || value < -9223372036854775808.0
           ? G_MININT64 : (gint64) value;
  if (dtype == BS_DTYPE_BOOL)
    return value != 0.0;
  return isnan (value) || value >= 2147483648.0 || value <= -2147483649.0
         ? G_MININT32 : (gint64) value;
}
