/* bs-np-scalar.c: numpy's float64, int64 and bool_ scalars
 *
 * Each is the Python float, int or bool of its value, marked as numpy's (BsValue.numpy), so
 * that everything taking a Python number takes it (np.float64 subclasses float; np.int64
 * has __index__). What differs is numpy's: type() and isinstance(), the attributes and
 * methods of numpy.generic (dtype, shape, item, round, astype...), and arithmetic with
 * numpy's results (np.int64 wraps, division by zero gives inf, comparisons give np.bool_).
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

BsDType
bs_np_number_dtype (BsValue v)
{
  return v.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
       : v.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
}

const char *
bs_np_number_type_name (BsValue v)
{
  return v.type == BS_VALUE_FLOAT ? "numpy.float64"
       : v.type == BS_VALUE_INT ? "numpy.int64" : "numpy.bool_";
}

/* The value as a numpy scalar object over a 0-dim tensor (new reference) */
static BsValue
number_object (BsInterp *in,
               BsValue   v)
{
  BsTensor *t = bs_tensor_new_scalar (in->context, bs_np_number_dtype (v), bs_float_of (v));

  if (v.type == BS_VALUE_INT)
    *(gint64 *) bs_tensor_data (t) = v.as.integer;
  return bs_np_scalar_object_new (in, t);
}

gboolean
bs_np_number_getattr (BsInterp   *in,
                      BsValue     self,
                      const char *name,
                      BsValue    *out,
                      gboolean   *found)
{
  BsValue obj = number_object (in, self);
  gboolean ok = bs_getattr_opt (in, obj, name, out, found);

  bs_value_unref (obj);
  if (!ok || *found)
    return ok;
  /* np.float64 is a float: float's own methods (is_integer, hex...) */
  *found = self.type == BS_VALUE_FLOAT && bs_py_number_getattr (in, self, name, out);
  return TRUE;
}

/* a op b when both are numbers and one is numpy's: numpy's result. Plain float64 and int64
 * arithmetic directly; the rest (bools, //, %, **, bit operations) by the ufuncs. */
gboolean
bs_np_number_op (BsInterp *in,
                 BsBinOp   op,
                 BsValue   a,
                 BsValue   b,
                 BsValue  *out)
{
  BsNpOperand x = { 0 }, y = { 0 };
  BsTensor *res;

  if ((op == BS_BINOP_ADD || op == BS_BINOP_SUB || op == BS_BINOP_MUL || op == BS_BINOP_DIV)
      && (a.type == BS_VALUE_FLOAT || b.type == BS_VALUE_FLOAT || op == BS_BINOP_DIV)
      && (a.type != BS_VALUE_BOOL || b.type != BS_VALUE_BOOL))
    {
      double p = bs_float_of (a), q = bs_float_of (b);

      *out = BS_NP_FLOAT (op == BS_BINOP_ADD ? p + q : op == BS_BINOP_SUB ? p - q
                          : op == BS_BINOP_MUL ? p * q : p / q);
      return TRUE;
    }
  if ((op == BS_BINOP_ADD || op == BS_BINOP_SUB || op == BS_BINOP_MUL)
      && a.type != BS_VALUE_FLOAT && b.type != BS_VALUE_FLOAT
      && (a.type == BS_VALUE_INT || b.type == BS_VALUE_INT))
    {
      /* int64 wraps around, as numpy's does */
      guint64 p = (guint64) bs_int_of (a), q = (guint64) bs_int_of (b);

      *out = BS_NP_INT ((gint64) (op == BS_BINOP_ADD ? p + q : op == BS_BINOP_SUB ? p - q
                                  : p * q));
      return TRUE;
    }
  if (!bs_np_operand (in, a, &x) || !bs_np_operand (in, b, &y))
    {
      bs_np_operand_clear (&x);
      return FALSE;
    }
  res = bs_np_binary_tensor (in, op, &x, &y);
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (res == NULL)
    return FALSE;
  *out = bs_np_wrap (in, res);
  return TRUE;
}

/* -a, +a, ~a of numpy's number a, as its ufuncs give them */
gboolean
bs_np_number_unary (BsInterp  *in,
                    BsUnaryOp  op,
                    BsValue    a,
                    BsValue   *out)
{
  BsValue obj = number_object (in, a);
  int r = bs_np_unary (in, op, obj, out);

  bs_value_unref (obj);
  return r > 0;
}

/* abs(a) */
gboolean
bs_np_number_abs (BsInterp *in,
                  BsValue   a,
                  BsValue  *out)
{
  BsValue obj = number_object (in, a);
  gboolean ok = bs_np_abs (in, obj, out);

  bs_value_unref (obj);
  return ok;
}

/* The scalar type of a numpy scalar (np.float64 itself once numpy is imported, so that
 * type(x) is np.float64), or None for other values (new reference) */
BsValue
bs_np_scalar_type_of (BsInterp *in,
                      BsValue   v)
{
  BsTensor *t = bs_np_scalar_tensor (v);
  BsValue np, type;
  BsDType dtype;

  if (v.type != BS_VALUE_OBJECT && v.numpy)
    dtype = bs_np_number_dtype (v);
  else if (t != NULL)
    dtype = t->dtype;
  else
    return BS_NONE;
  if (bs_np_dtype_str (dtype) != NULL && bs_dict_get_str (in->modules, "numpy", &np)
      && bs_value_is_object (np, BS_OBJECT_MODULE))
    {
      g_autofree char *name = g_strconcat (bs_np_dtype_str (dtype),
                                           dtype == BS_DTYPE_BOOL ? "_" : "", NULL);

      if (bs_dict_get_str (((BsModule *) np.as.object)->dict, name, &type)
          && bs_np_is_scalar_type (type))
        return bs_value_ref (type);
    }
  return bs_np_scalar_type_new (in, dtype);
}

/* isinstance(v, np.float64): whether v is a numpy scalar of that dtype */
gboolean
bs_np_scalar_isinstance (BsValue v,
                         BsValue type)
{
  BsTensor *t = bs_np_scalar_tensor (v);

  if (v.type != BS_VALUE_OBJECT && v.numpy)
    return bs_np_number_dtype (v) == bs_np_scalar_type_dtype (type);
  return t != NULL && t->dtype == bs_np_scalar_type_dtype (type);
}
