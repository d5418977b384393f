/* bs-dtype.h: element types and PyTorch's type promotion */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_DTYPE_BOOL,
  BS_DTYPE_INT64,
  BS_DTYPE_FLOAT32,
  BS_DTYPE_FLOAT64,
} BsDType;

#define BS_N_DTYPES (BS_DTYPE_FLOAT64 + 1)

/* PyTorch's promotion categories: bool < integral < floating. */
typedef enum {
  BS_DTYPE_CATEGORY_BOOL,
  BS_DTYPE_CATEGORY_INTEGRAL,
  BS_DTYPE_CATEGORY_FLOATING,
} BsDTypeCategory;

static inline gsize
bs_dtype_size (BsDType dtype)
{
  return dtype == BS_DTYPE_BOOL ? 1 : dtype == BS_DTYPE_FLOAT32 ? 4 : 8;
}

const char      *bs_dtype_name          (BsDType dtype);   /* "torch.float32" */
const char      *bs_dtype_tensor_type   (BsDType dtype);   /* "torch.FloatTensor" */
const char      *bs_dtype_scalar_name   (BsDType dtype);   /* "Float", as in messages */
static inline BsDTypeCategory
bs_dtype_category (BsDType dtype)
{
  return dtype == BS_DTYPE_BOOL ? BS_DTYPE_CATEGORY_BOOL
       : dtype == BS_DTYPE_INT64 ? BS_DTYPE_CATEGORY_INTEGRAL
       : BS_DTYPE_CATEGORY_FLOATING;
}

static inline gboolean
bs_dtype_is_floating (BsDType dtype)
{
  return dtype == BS_DTYPE_FLOAT32 || dtype == BS_DTYPE_FLOAT64;
}

BsDType          bs_dtype_promote       (BsDType a,
                                         BsDType b);

static inline double
bs_dtype_load (const void *p,
               BsDType     dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT32: return *(const float *) p;
    case BS_DTYPE_FLOAT64: return *(const double *) p;
    case BS_DTYPE_INT64:   return (double) *(const gint64 *) p;
    case BS_DTYPE_BOOL:    return *(const guint8 *) p ? 1.0 : 0.0;
    default:               return 0.0;
    }
}

static inline void
bs_dtype_store (void    *p,
                BsDType  dtype,
                double   value)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT32: *(float *) p = (float) value; break;
    case BS_DTYPE_FLOAT64: *(double *) p = value; break;
    case BS_DTYPE_INT64:   *(gint64 *) p = (gint64) value; break;
    case BS_DTYPE_BOOL:    *(guint8 *) p = value != 0.0; break;
    default:               break;
    }
}

G_END_DECLS
