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

#include <float.h>
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
      static const char *const names[] = {
        [BS_BINOP_ADD] = "add", [BS_BINOP_SUB] = "subtract", [BS_BINOP_MUL] = "multiply",
        [BS_BINOP_DIV] = "divide",
      };
      double p = bs_float_of (a), q = bs_float_of (b);
      double v = op == BS_BINOP_ADD ? p + q : op == BS_BINOP_SUB ? p - q
               : op == BS_BINOP_MUL ? p * q : p / q;

      if (!bs_np_fpe_report (in, bs_np_fpe_double (op, p, q, v, BS_DTYPE_FLOAT64,
                                                   bs_np_fpe_watch_under (in)),
                             names[op], TRUE))
        return FALSE;
      *out = BS_NP_FLOAT (v);
      return TRUE;
    }
  if ((op == BS_BINOP_ADD || op == BS_BINOP_SUB || op == BS_BINOP_MUL)
      && a.type != BS_VALUE_FLOAT && b.type != BS_VALUE_FLOAT
      && (a.type == BS_VALUE_INT || b.type == BS_VALUE_INT))
    {
      /* int64 wraps around, as numpy's does, with its warning */
      guint64 p = (guint64) bs_int_of (a), q = (guint64) bs_int_of (b);

      if (!bs_np_fpe_report (in, bs_np_fpe_int64 (op, bs_int_of (a), bs_int_of (b)),
                             op == BS_BINOP_ADD ? "add" : op == BS_BINOP_SUB ? "subtract"
                             : "multiply", TRUE))
        return FALSE;
      *out = BS_NP_INT ((gint64) (op == BS_BINOP_ADD ? p + q : op == BS_BINOP_SUB ? p - q
                                  : p * q));
      return TRUE;
    }
  if (!bs_np_operand (in, a, &x) || !bs_np_operand (in, b, &y))
    {
      bs_np_operand_clear (&x);
      return FALSE;
    }
  res = op == BS_BINOP_POW ? bs_np_power_tensor (in, bs_np_scalar_power_form (a, &x, b, &y),
                                                &x, &y)
                           : bs_np_binary_tensor (in, op, &x, &y);
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
  BsValue obj;

  /* numpy's scalar math warns where int64 wraps around */
  if (op == BS_UNARYOP_USUB && a.type == BS_VALUE_INT && a.as.integer == G_MININT64
      && !bs_np_fpe_report (in, BS_NP_FPE_OVERFLOW, "negative", TRUE))
    return FALSE;
  obj = number_object (in, a);
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
  BsValue obj;

  if (a.type == BS_VALUE_INT && a.as.integer == G_MININT64
      && !bs_np_fpe_report (in, BS_NP_FPE_OVERFLOW, "absolute", TRUE))
    return FALSE;
  obj = number_object (in, a);
  gboolean ok = bs_np_abs (in, obj, out);

  bs_value_unref (obj);
  return ok;
}

/* np.dtype itself */
static gboolean
is_np_dtype (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_BUILTIN)
         && strcmp (((BsBuiltin *) v.as.object)->name, "numpy.dtype") == 0;
}

/* The scalar type of a numpy scalar (np.float64 itself once numpy is imported, so that
 * type(x) is np.float64), the class of a dtype, or None for other values (new
 * reference) */
BsValue
bs_np_scalar_type_of (BsInterp *in,
                      BsValue   v)
{
  BsTensor *t = bs_np_scalar_tensor (v);
  BsDType dtype;

  if (bs_np_is_dtype (v))
    return bs_np_dtype_class_value (in, GPOINTER_TO_INT (((BsNative *) v.as.object)->data));
  if (is_np_dtype (v) || bs_np_is_dtype_class (v))
    return bs_np_dtype_meta_value (in);
  if (bs_np_array_tensor (v) != NULL)
    {
      /* np.ndarray itself, so that type(a) is np.ndarray */
      BsValue np, ndarray;

      if (bs_dict_get_str (in->modules, "numpy", &np) && bs_value_is_object (np, BS_OBJECT_MODULE)
          && bs_dict_get_str (((BsModule *) np.as.object)->dict, "ndarray", &ndarray))
        return bs_value_ref (ndarray);
      return BS_NONE;
    }
  if (v.type != BS_VALUE_OBJECT && v.numpy)
    dtype = bs_np_number_dtype (v);
  else if (t != NULL)
    dtype = t->dtype;
  else
    return BS_NONE;
  return bs_np_scalar_type_value (in, dtype);
}

BsValue
bs_np_scalar_type_value (BsInterp *in,
                         BsDType   dtype)
{
  BsValue np, type;

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

/* --- numpy's abstract scalar types: np.floating, np.integer ... --------------- */

typedef enum {
  ABSTRACT_GENERIC = 1,
  ABSTRACT_NUMBER,
  ABSTRACT_INTEGER,
  ABSTRACT_SIGNED,
  ABSTRACT_UNSIGNED,
  ABSTRACT_INEXACT,
  ABSTRACT_FLOATING,
} Abstract;

static const char *const abstract_names[] = {
  [ABSTRACT_GENERIC] = "generic", [ABSTRACT_NUMBER] = "number",
  [ABSTRACT_INTEGER] = "integer", [ABSTRACT_SIGNED] = "signedinteger",
  [ABSTRACT_UNSIGNED] = "unsignedinteger", [ABSTRACT_INEXACT] = "inexact",
  [ABSTRACT_FLOATING] = "floating",
};

/* Whether abstract type a is (or is a base of) abstract type b's every member */
static gboolean
abstract_below (Abstract a,
                Abstract b)
{
  switch (b)
    {
    case ABSTRACT_GENERIC: return TRUE;
    case ABSTRACT_NUMBER: return a != ABSTRACT_GENERIC;
    case ABSTRACT_INTEGER: return a == ABSTRACT_INTEGER || a == ABSTRACT_SIGNED
                                  || a == ABSTRACT_UNSIGNED;
    case ABSTRACT_INEXACT: return a == ABSTRACT_INEXACT || a == ABSTRACT_FLOATING;
    default: return a == b;
    }
}

static gboolean
abstract_has (Abstract kind,
              BsDType  dtype)
{
  const char *name = bs_np_dtype_str (dtype);

  switch (kind)
    {
    case ABSTRACT_GENERIC: return TRUE;
    case ABSTRACT_NUMBER: return dtype != BS_DTYPE_BOOL;
    case ABSTRACT_INTEGER: return bs_dtype_is_integral (dtype);
    case ABSTRACT_SIGNED: return bs_dtype_is_integral (dtype) && name[0] != 'u';
    case ABSTRACT_UNSIGNED: return bs_dtype_is_integral (dtype) && name[0] == 'u';
    case ABSTRACT_INEXACT:
    case ABSTRACT_FLOATING: return bs_dtype_is_floating (dtype);
    default: return FALSE;
    }
}

static gboolean
abstract_repr (BsInterp *in,
               BsValue   self,
               GString  *out)
{
  g_string_append_printf (out, "<class 'numpy.%s'>",
                          abstract_names[GPOINTER_TO_INT (((BsNative *) self.as.object)->data)]);
  return TRUE;
}

static gboolean
abstract_getattr (BsInterp   *in,
                  BsValue     self,
                  const char *name,
                  BsValue    *out,
                  gboolean   *found)
{
  *found = strcmp (name, "__name__") == 0;
  if (*found)
    *out = bs_str_value (in, abstract_names[GPOINTER_TO_INT (((BsNative *) self.as.object)->data)]);
  return TRUE;
}

static const BsNativeType abstract_type = {
  { "type", NULL }, abstract_getattr, NULL, abstract_repr, NULL, NULL,
};

static gboolean
is_abstract (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_NATIVE)
         && ((BsNative *) v.as.object)->klass == &abstract_type.base;
}

void
bs_np_abstract_types_add (BsInterp *in,
                          BsValue   module)
{
  for (int k = ABSTRACT_GENERIC; k <= ABSTRACT_FLOATING; k++)
    bs_dict_set_str (((BsModule *) module.as.object)->dict, abstract_names[k],
                     bs_native_new (in->heap, &abstract_type.base, GINT_TO_POINTER (k)));
}

gboolean
bs_np_is_type (BsValue value)
{
  return bs_np_is_scalar_type (value) || is_abstract (value) || bs_np_is_dtype_class (value)
         || is_np_dtype (value) || bs_np_is_dtype_meta (value);
}

/* isinstance(v, np.float64) or (v, np.floating): whether v is a numpy scalar of that dtype
 * or kind */
gboolean
bs_np_scalar_isinstance (BsValue v,
                         BsValue type)
{
  BsTensor *t = bs_np_scalar_tensor (v);
  BsDType dtype;

  if (is_np_dtype (type))
    return bs_np_is_dtype (v);
  if (bs_np_is_dtype_class (type))
    return bs_np_is_dtype (v)
           && (BsDType) GPOINTER_TO_INT (((BsNative *) v.as.object)->data)
              == bs_np_dtype_class_dtype (type);
  if (bs_np_is_dtype_meta (type))
    return is_np_dtype (v) || bs_np_is_dtype_class (v);
  if (v.type != BS_VALUE_OBJECT && v.numpy)
    dtype = bs_np_number_dtype (v);
  else if (t != NULL)
    dtype = t->dtype;
  else
    return FALSE;
  if (is_abstract (type))
    return abstract_has (GPOINTER_TO_INT (((BsNative *) type.as.object)->data), dtype);
  return dtype == bs_np_scalar_type_dtype (type);
}

static gboolean
is_builtin_named (BsValue     v,
                  const char *name)
{
  return bs_value_is_object (v, BS_OBJECT_BUILTIN)
         && strcmp (((BsBuiltin *) v.as.object)->name, name) == 0;
}

/* issubclass(a, b), a one of numpy's types: np.float64 is a float and a np.floating,
 * numpy.dtype[float64] a np.dtype, numpy._DTypeMeta a type; everything an object */
gboolean
bs_np_issubclass (BsInterp *in,
                  BsValue   a,
                  BsValue   b)
{
  if (bs_value_is_object (b, BS_OBJECT_CLASS)
      && b.as.object == bs_lookup_builtin (in, "object").as.object)
    return TRUE;
  if (b.type == BS_VALUE_OBJECT && b.as.object == a.as.object)
    return TRUE;
  if (bs_np_is_dtype_class (a))
    return is_np_dtype (b);
  if (bs_np_is_dtype_meta (a))
    return is_builtin_named (b, "type");
  if (is_abstract (a))
    return is_abstract (b)
           && abstract_below (GPOINTER_TO_INT (((BsNative *) a.as.object)->data),
                              GPOINTER_TO_INT (((BsNative *) b.as.object)->data));
  if (!bs_np_is_scalar_type (a))
    return FALSE;
  if (is_abstract (b))
    return abstract_has (GPOINTER_TO_INT (((BsNative *) b.as.object)->data),
                         bs_np_scalar_type_dtype (a));
  if (bs_np_is_scalar_type (b))
    return bs_np_scalar_type_dtype (a) == bs_np_scalar_type_dtype (b);
  return is_builtin_named (b, "float") && bs_np_scalar_type_dtype (a) == BS_DTYPE_FLOAT64;
}

/* issubdtype(arg1, arg2): each a dtype, a scalar type or an abstract type */
DECLARED (np_issubdtype)
{
  BsValue a = bs_call_value (call, 0), b = bs_call_value (call, 1);
  BsDType da, db;

  if (is_abstract (a))
    {
      *r = BS_BOOL (is_abstract (b)
                    && abstract_below (GPOINTER_TO_INT (((BsNative *) a.as.object)->data),
                                       GPOINTER_TO_INT (((BsNative *) b.as.object)->data)));
      return TRUE;
    }
  if (!bs_np_value_dtype (in, a, &da))
    return FALSE;
  if (is_abstract (b))
    {
      *r = BS_BOOL (abstract_has (GPOINTER_TO_INT (((BsNative *) b.as.object)->data), da));
      return TRUE;
    }
  if (!bs_np_value_dtype (in, b, &db))
    return FALSE;
  *r = BS_BOOL (da == db);
  return TRUE;
}

/* --- the methods of numpy's scalars: numpy.generic and its subclasses ------------- */

/* A scalar's dtype and value (call->self: a numpy scalar object or number) */
static BsDType
scalar_of (BsValue  self,
           double  *d,
           gint64  *i)
{
  BsTensor *t = bs_np_scalar_tensor (self);

  if (t == NULL)
    {
      *d = bs_float_of (self);
      *i = self.type == BS_VALUE_FLOAT ? (gint64) *d : bs_int_of (self);
      return bs_np_number_dtype (self);
    }
  *d = bs_tensor_item (t);
  *i = bs_dtype_is_floating (t->dtype) ? 0 : bs_tensor_get_int (t, 0);
  return t->dtype;
}

/* int(x) of a float, with Python's errors for NaN and infinities */
static gboolean
float_to_int (BsInterp *in,
              double    x,
              BsValue  *r)
{
  if (isnan (x))
    return bs_raise (in, "ValueError", "cannot convert float NaN to integer");
  if (isinf (x))
    return bs_raise (in, "OverflowError", "cannot convert float infinity to integer");
  if (!(fabs (x) < 0x1p63))
    return bs_raise (in, "OverflowError", "int too large: Backstep's ints are 64-bit");
  *r = BS_INT ((gint64) x);
  return TRUE;
}

typedef enum {
  TO_INT,      /* __int__ */
  TO_FLOAT,    /* __float__ */
  TO_BOOL,     /* __bool__ */
  TO_INDEX,    /* __index__ */
  TO_FLOOR,    /* __floor__ */
  TO_CEIL,     /* __ceil__ */
  TO_TRUNC,    /* __trunc__ */
  IS_INTEGER,
  BIT_COUNT,
} Conversion;

/* __int__, __float__, __bool__, __index__, __floor__, __ceil__, __trunc__, is_integer,
 * bit_count: Python values (data: the Conversion) */
DECLARED (np_scalar_convert)
{
  double d;
  gint64 i;
  BsDType dtype = scalar_of (call->self, &d, &i);
  gboolean floating = bs_dtype_is_floating (dtype);

  switch ((Conversion) bs_call_data (call))
    {
    case TO_INT:
    case TO_INDEX:
    case TO_TRUNC:
      if (floating)
        return float_to_int (in, trunc (d), r);
      *r = BS_INT (i);
      return TRUE;
    case TO_FLOAT:
      *r = BS_FLOAT (d);
      return TRUE;
    case TO_BOOL:
      *r = BS_BOOL (d != 0.0);
      return TRUE;
    case TO_FLOOR:
      return float_to_int (in, floor (d), r);
    case TO_CEIL:
      return float_to_int (in, ceil (d), r);
    case IS_INTEGER:
      *r = BS_BOOL (!floating || (isfinite (d) && d == floor (d)));
      return TRUE;
    case BIT_COUNT:
    default:
      *r = BS_INT (__builtin_popcountll (i < 0 ? -(guint64) i : (guint64) i));
      return TRUE;
    }
}

/* __round__(ndigits=None): a Python int, or with ndigits the scalar's round(ndigits) */
DECLARED (np_scalar_round)
{
  BsValue ndigits = bs_call_value (call, 1);
  double d;
  gint64 i;
  BsDType dtype;

  if (!bs_value_is_none (ndigits))
    return bs_call_method (in, call->self, "round", &ndigits, 1, r);
  dtype = scalar_of (call->self, &d, &i);
  if (!bs_dtype_is_floating (dtype))
    {
      *r = BS_INT (i);
      return TRUE;
    }
  return float_to_int (in, nearbyint (d), r);
}

/* __abs__, __neg__, __pos__ (data: 0, BS_UNARYOP_USUB, BS_UNARYOP_UADD), conjugate: the
 * scalar's own type */
DECLARED (np_scalar_unary)
{
  int op = bs_call_data (call);

  if (op == 0)
    return bs_np_abs (in, call->self, r);
  return bs_np_unary (in, op, call->self, r) > 0;
}

DECLARED (np_scalar_conjugate)
{
  return bs_np_unary (in, BS_UNARYOP_UADD, call->self, r) > 0;
}

/* as_integer_ratio(): the exact fraction of the value, as Python's float gives it */
DECLARED (np_scalar_as_integer_ratio)
{
  double d;
  gint64 i;

  scalar_of (call->self, &d, &i);
  return bs_call_method (in, BS_FLOAT (d), "as_integer_ratio", NULL, 0, r);
}

/* hex() of a float64, as Python's float.hex(): 13 hexadecimal digits after the point,
 * subnormals with a leading 0 */
DECLARED (np_scalar_hex)
{
  g_autoptr (GString) text = g_string_new (NULL);
  double d, m;
  gint64 i;
  int e;

  scalar_of (call->self, &d, &i);
  if (isnan (d) || isinf (d))
    g_string_append (text, isnan (d) ? "nan" : d < 0 ? "-inf" : "inf");
  else if (d == 0.0)
    g_string_append (text, signbit (d) ? "-0x0.0p+0" : "0x0.0p+0");
  else
    {
      m = frexp (fabs (d), &e);
      /* normal numbers 1.xxx; subnormals keep the exponent of the smallest normal */
      {
        int shift = 1 - MAX (DBL_MIN_EXP - e, 0);

        m = ldexp (m, shift);
        e -= shift;
      }
      g_string_append_printf (text, "%s0x%d.", d < 0 ? "-" : "", (int) m);
      m -= (int) m;
      for (int k = 0; k < 13; k++)
        {
          m *= 16.0;
          g_string_append_c (text, "0123456789abcdef"[(int) m]);
          m -= (int) m;
        }
      g_string_append_printf (text, "p%c%d", e < 0 ? '-' : '+', ABS (e));
    }
  *r = bs_str_value (in, text->str);
  return TRUE;
}

/* Which classes a dtype's scalar has methods from, most derived first */
static const char *const *
scalar_owners (BsDType dtype)
{
  static const char *const float64[] = { "numpy.float64", "numpy.floating", "numpy.number",
                                         "numpy.scalar", NULL };
  static const char *const floating[] = { "numpy.floating", "numpy.number", "numpy.scalar",
                                          NULL };
  static const char *const integer[] = { "numpy.integer", "numpy.number", "numpy.scalar",
                                         NULL };
  static const char *const boolean[] = { "numpy.scalar", NULL };

  if (dtype == BS_DTYPE_FLOAT64)
    return float64;
  if (bs_dtype_is_floating (dtype))
    return floating;
  return dtype == BS_DTYPE_BOOL ? boolean : integer;
}

gboolean
bs_np_scalar_getattr (BsInterp   *in,
                      BsValue     self,
                      const char *name,
                      BsValue    *out,
                      gboolean   *found)
{
  double d;
  gint64 i;
  BsDType dtype = scalar_of (self, &d, &i);

  *found = TRUE;
  if (strcmp (name, "real") == 0)
    return bs_np_unary (in, BS_UNARYOP_UADD, self, out) > 0;
  if (strcmp (name, "imag") == 0)
    {
      *out = bs_np_scalar_new (in, bs_tensor_new_scalar (in->context, dtype, 0.0));
      return TRUE;
    }
  for (const char *const *owner = scalar_owners (dtype); *owner != NULL; owner++)
    if (bs_py_method_find (in, *owner, self, name, out))
      return TRUE;
  *found = FALSE;
  return TRUE;
}

/* The owner "numpy.scalar" (with a space) keeps scalars' methods apart from those of
 * numpy.generic the type ("generic.__call__", which makes a scalar) */
#define GENERIC(sig, func, data) { "numpy.scalar", BS_SIG_BUILTIN, "generic." sig, func, data }
#define NUMBER(sig, func, data) { "numpy.number", BS_SIG_BUILTIN, "number." sig, func, data }
#define INTEGER(sig, func, data) { "numpy.integer", BS_SIG_BUILTIN, "integer." sig, func, data }
#define FLOATING(sig, func, data) \
  { "numpy.floating", BS_SIG_BUILTIN, "floating." sig, func, data }
#define FLOAT64(sig, func, data) { "numpy.float64", BS_SIG_BUILTIN, "float64." sig, func, data }

static const BsSignatureRow rows[] = {
  NP_FN ("issubdtype(arg1, arg2)", np_issubdtype, 0),

  GENERIC ("__int__(self, /)", np_scalar_convert, TO_INT),
  GENERIC ("__float__(self, /)", np_scalar_convert, TO_FLOAT),
  GENERIC ("__bool__(self, /)", np_scalar_convert, TO_BOOL),
  GENERIC ("__abs__(self, /)", np_scalar_unary, 0),
  GENERIC ("__neg__(self, /)", np_scalar_unary, BS_UNARYOP_USUB),
  GENERIC ("__pos__(self, /)", np_scalar_unary, BS_UNARYOP_UADD),
  GENERIC ("conjugate(self, /)", np_scalar_conjugate, 0),
  NUMBER ("__round__(self, ndigits=None)|parse_tuple", np_scalar_round, 0),
  INTEGER ("__index__(self, /)", np_scalar_convert, TO_INDEX),
  INTEGER ("is_integer(self, /)", np_scalar_convert, IS_INTEGER),
  INTEGER ("bit_count(self, /)", np_scalar_convert, BIT_COUNT),
  FLOATING ("is_integer(self, /)", np_scalar_convert, IS_INTEGER),
  FLOATING ("as_integer_ratio(self, /)", np_scalar_as_integer_ratio, 0),
  /* float64 is also a Python float */
  FLOAT64 ("__floor__(self, /)", np_scalar_convert, TO_FLOOR),
  FLOAT64 ("__ceil__(self, /)", np_scalar_convert, TO_CEIL),
  FLOAT64 ("__trunc__(self, /)", np_scalar_convert, TO_TRUNC),
  FLOAT64 ("hex(self, /)", np_scalar_hex, 0),
};

const BsSignatureTable bs_np_scalar_table = BS_SIGNATURE_TABLE (rows);
