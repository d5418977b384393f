/* bs-dtype.h: element types and PyTorch's type promotion */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* New dtypes are added at the end: the values of the first four do not change. */
typedef enum {
  BS_DTYPE_BOOL,
  BS_DTYPE_INT64,
  BS_DTYPE_FLOAT32,
  BS_DTYPE_FLOAT64,
  BS_DTYPE_INT32,
  BS_DTYPE_INT16,
  BS_DTYPE_INT8,
  BS_DTYPE_UINT8,
  BS_DTYPE_FLOAT16,
  BS_DTYPE_BFLOAT16,
} BsDType;

#define BS_N_DTYPES (BS_DTYPE_BFLOAT16 + 1)

/* PyTorch's promotion categories: bool < integral < floating. */
typedef enum {
  BS_DTYPE_CATEGORY_BOOL,
  BS_DTYPE_CATEGORY_INTEGRAL,
  BS_DTYPE_CATEGORY_FLOATING,
} BsDTypeCategory;

static inline gsize
bs_dtype_size (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_BOOL: case BS_DTYPE_INT8: case BS_DTYPE_UINT8: return 1;
    case BS_DTYPE_INT16: case BS_DTYPE_FLOAT16: case BS_DTYPE_BFLOAT16: return 2;
    case BS_DTYPE_INT32: case BS_DTYPE_FLOAT32: return 4;
    default: return 8;
    }
}

const char      *bs_dtype_name          (BsDType dtype);   /* "torch.float32" */
const char      *bs_dtype_tensor_type   (BsDType dtype);   /* "torch.FloatTensor" */
const char      *bs_dtype_scalar_name   (BsDType dtype);   /* "Float", as in messages */
/* The C type PyTorch names when a Python number does not fit ("uint8_t", "int",
 * "at::Half"), and the short name torch.tensor() uses ("uint8", "int32"). */
const char      *bs_dtype_c_name        (BsDType dtype);
const char      *bs_dtype_short_name    (BsDType dtype);

static inline gboolean
bs_dtype_is_floating (BsDType dtype)
{
  return dtype == BS_DTYPE_FLOAT32 || dtype == BS_DTYPE_FLOAT64
         || dtype == BS_DTYPE_FLOAT16 || dtype == BS_DTYPE_BFLOAT16;
}

/* Integral, bool excluded. */
static inline gboolean
bs_dtype_is_integral (BsDType dtype)
{
  return !bs_dtype_is_floating (dtype) && dtype != BS_DTYPE_BOOL;
}

/* float16 and bfloat16: stored in 16 bits, computed in float. */
static inline gboolean
bs_dtype_is_reduced_float (BsDType dtype)
{
  return dtype == BS_DTYPE_FLOAT16 || dtype == BS_DTYPE_BFLOAT16;
}

static inline BsDTypeCategory
bs_dtype_category (BsDType dtype)
{
  return dtype == BS_DTYPE_BOOL ? BS_DTYPE_CATEGORY_BOOL
       : bs_dtype_is_floating (dtype) ? BS_DTYPE_CATEGORY_FLOATING
       : BS_DTYPE_CATEGORY_INTEGRAL;
}

/* The smallest and largest value of an integral dtype (bool: 0 and 1). */
gint64           bs_dtype_int_min       (BsDType dtype);
gint64           bs_dtype_int_max       (BsDType dtype);

BsDType          bs_dtype_promote       (BsDType a,
                                         BsDType b);

/* IEEE binary16 and bfloat16 from float, rounded to nearest even, and back (exact). */
guint16          bs_float_to_half       (float   value);
float            bs_half_to_float       (guint16 bits);
guint16          bs_float_to_bfloat16   (float   value);
float            bs_bfloat16_to_float   (guint16 bits);

/* A float converted to an integer as PyTorch's CPU casts do on x86: truncation toward
 * zero, NaN and values out of range give the smallest value; the types narrower than
 * int32 go through int32 and keep its low bits. */
gint64           bs_double_to_int       (double  value,
                                         BsDType dtype);

static inline gint64
bs_dtype_load_int (const void *p,
                   BsDType     dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_INT64:    return *(const gint64 *) p;
    case BS_DTYPE_INT32:    return *(const gint32 *) p;
    case BS_DTYPE_INT16:    return *(const gint16 *) p;
    case BS_DTYPE_INT8:     return *(const gint8 *) p;
    case BS_DTYPE_UINT8:    return *(const guint8 *) p;
    case BS_DTYPE_BOOL:     return *(const guint8 *) p != 0;
    case BS_DTYPE_FLOAT32:  return bs_double_to_int (*(const float *) p, BS_DTYPE_INT64);
    case BS_DTYPE_FLOAT64:  return bs_double_to_int (*(const double *) p, BS_DTYPE_INT64);
    case BS_DTYPE_FLOAT16:
      return bs_double_to_int (bs_half_to_float (*(const guint16 *) p), BS_DTYPE_INT64);
    case BS_DTYPE_BFLOAT16:
      return bs_double_to_int (bs_bfloat16_to_float (*(const guint16 *) p), BS_DTYPE_INT64);
    default:                return 0;
    }
}

static inline double
bs_dtype_load (const void *p,
               BsDType     dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT32:  return *(const float *) p;
    case BS_DTYPE_FLOAT64:  return *(const double *) p;
    case BS_DTYPE_INT64:    return (double) *(const gint64 *) p;
    case BS_DTYPE_BOOL:     return *(const guint8 *) p ? 1.0 : 0.0;
    case BS_DTYPE_INT32:    return *(const gint32 *) p;
    case BS_DTYPE_INT16:    return *(const gint16 *) p;
    case BS_DTYPE_INT8:     return *(const gint8 *) p;
    case BS_DTYPE_UINT8:    return *(const guint8 *) p;
    case BS_DTYPE_FLOAT16:  return bs_half_to_float (*(const guint16 *) p);
    case BS_DTYPE_BFLOAT16: return bs_bfloat16_to_float (*(const guint16 *) p);
    default:                return 0.0;
    }
}

/* Integers wrap to the dtype's width (two's complement), as C's casts in PyTorch. */
static inline void
bs_dtype_store_int (void    *p,
                    BsDType  dtype,
                    gint64   value)
{
  switch (dtype)
    {
    case BS_DTYPE_INT64:    *(gint64 *) p = value; break;
    case BS_DTYPE_INT32:    *(gint32 *) p = (gint32) (guint32) (guint64) value; break;
    case BS_DTYPE_INT16:    *(gint16 *) p = (gint16) (guint16) (guint64) value; break;
    case BS_DTYPE_INT8:     *(gint8 *) p = (gint8) (guint8) (guint64) value; break;
    case BS_DTYPE_UINT8:    *(guint8 *) p = (guint8) (guint64) value; break;
    case BS_DTYPE_BOOL:     *(guint8 *) p = value != 0; break;
    case BS_DTYPE_FLOAT32:  *(float *) p = (float) value; break;
    case BS_DTYPE_FLOAT64:  *(double *) p = (double) value; break;
    case BS_DTYPE_FLOAT16:  *(guint16 *) p = bs_float_to_half ((float) value); break;
    case BS_DTYPE_BFLOAT16: *(guint16 *) p = bs_float_to_bfloat16 ((float) value); break;
    default:                break;
    }
}

/* value as an element of an integral dtype holds it (wrapped to its width). */
static inline gint64
bs_dtype_wrap_int (gint64  value,
                   BsDType dtype)
{
  guint64 slot = 0;

  bs_dtype_store_int (&slot, dtype, value);
  return bs_dtype_load_int (&slot, dtype);
}

/* float16 and bfloat16 round through float, as PyTorch's conversions from double do. */
static inline void
bs_dtype_store (void    *p,
                BsDType  dtype,
                double   value)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT32:  *(float *) p = (float) value; break;
    case BS_DTYPE_FLOAT64:  *(double *) p = value; break;
    case BS_DTYPE_BOOL:     *(guint8 *) p = value != 0.0; break;
    case BS_DTYPE_FLOAT16:  *(guint16 *) p = bs_float_to_half ((float) value); break;
    case BS_DTYPE_BFLOAT16: *(guint16 *) p = bs_float_to_bfloat16 ((float) value); break;
    case BS_DTYPE_INT64: case BS_DTYPE_INT32: case BS_DTYPE_INT16: case BS_DTYPE_INT8:
    case BS_DTYPE_UINT8:
      bs_dtype_store_int (p, dtype, bs_double_to_int (value, dtype));
      break;
    default:                break;
    }
}

/* One element from src's dtype to dst's: integers to integers exactly (wrapping), the
 * rest through double. */
static inline void
bs_dtype_convert (void       *dst,
                  BsDType     dst_dtype,
                  const void *src,
                  BsDType     src_dtype)
{
  if (!bs_dtype_is_floating (src_dtype) && !bs_dtype_is_floating (dst_dtype))
    bs_dtype_store_int (dst, dst_dtype, bs_dtype_load_int (src, src_dtype));
  else
    bs_dtype_store (dst, dst_dtype, bs_dtype_load (src, src_dtype));
}

G_END_DECLS
