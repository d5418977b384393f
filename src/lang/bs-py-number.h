/* bs-py-number.h: int, bool and float: arithmetic and methods */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

static inline gint64
bs_int_of (BsValue v)
{
  return v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer;
}

static inline double
bs_float_of (BsValue v)
{
  return v.type == BS_VALUE_FLOAT ? v.as.number : (double) bs_int_of (v);
}

/* OverflowError for a result beyond 64 bits; returns FALSE. */
gboolean    bs_raise_overflow     (BsInterp *in);
/* a op b for two numbers (ints, bools, floats), as Python computes it. */
gboolean    bs_number_op          (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                   BsValue *out);
/* An attribute of a number (float.is_integer, .real); FALSE when it has none. */
gboolean    bs_py_number_getattr  (BsInterp *in, BsValue self, const char *name,
                                   BsValue *out);

/* The methods of int and float */
extern const BsSignatureTable bs_py_number_table;

G_END_DECLS
