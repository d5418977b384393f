/* bs-py-number.c: int, bool and float: conversions, arithmetic and methods */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-number.h"
#include "bs-np-array.h"

#include <math.h>
#include <string.h>

gboolean
bs_is_int (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL;
}

gboolean
bs_is_number (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL || v.type == BS_VALUE_FLOAT;
}

gboolean
bs_to_double (BsInterp *in,
              BsValue   v,
              double   *out)
{
  BsTensor *t;

  if (bs_is_number (v))
    {
      *out = bs_float_of (v);
      return TRUE;
    }
  if (bs_np_is_operand (v))
    return bs_np_to_double (in, v, out) > 0;
  t = bs_value_tensor (v);
  if (t != NULL && bs_tensor_numel (t) == 1)
    {
      *out = bs_tensor_item (t);
      return TRUE;
    }
  if (t != NULL)
    return bs_raise (in, "ValueError", "only one element tensors can be converted to Python "
                     "scalars");
  return bs_raise (in, "TypeError", "must be real number, not %s", bs_type_name (v));
}

gboolean
bs_to_int (BsInterp *in,
           BsValue   v,
           gint64   *out)
{
  BsTensor *t;

  if (bs_is_int (v))
    {
      *out = bs_int_of (v);
      return TRUE;
    }
  if (bs_np_is_operand (v))
    return bs_np_to_int (in, v, out) > 0;
  t = bs_value_tensor (v);
  if (t != NULL && bs_tensor_numel (t) == 1 && !bs_dtype_is_floating (t->dtype))
    {
      *out = t->dtype == BS_DTYPE_INT64 ? bs_tensor_get_int (t, 0) : (gint64) bs_tensor_item (t);
      return TRUE;
    }
  return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                   bs_type_name (v));
}

gboolean
bs_raise_overflow (BsInterp *in)
{
  return bs_raise (in, "OverflowError",
                   "integer overflow: Backstep's ints are 64-bit (Python's are unbounded)");
}

static gboolean
int_pow (BsInterp *in,
         gint64    base,
         gint64    exp,
         BsValue  *out)
{
  gint64 result = 1;

  if (exp < 0)
    {
      if (base == 0)
        return bs_raise (in, "ZeroDivisionError",
                         "0.0 cannot be raised to a negative power");
      *out = BS_FLOAT (pow ((double) base, (double) exp));
      return TRUE;
    }
  while (exp > 0)
    {
      if (exp & 1)
        if (__builtin_mul_overflow (result, base, &result))
          return bs_raise_overflow (in);
      exp >>= 1;
      if (exp > 0 && __builtin_mul_overflow (base, base, &base))
        return bs_raise_overflow (in);
    }
  *out = BS_INT (result);
  return TRUE;
}

gboolean
bs_number_op (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              BsValue  *out)
{
  if (a.numpy || b.numpy)
    return bs_np_number_op (in, op, a, b, out);
  if (bs_is_int (a) && bs_is_int (b))
    {
      gint64 x = bs_int_of (a), y = bs_int_of (b), r;

      switch (op)
        {
        case BS_BINOP_ADD:
          if (__builtin_add_overflow (x, y, &r))
            return bs_raise_overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_SUB:
          if (__builtin_sub_overflow (x, y, &r))
            return bs_raise_overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_MUL:
          if (__builtin_mul_overflow (x, y, &r))
            return bs_raise_overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_DIV:
          if (y == 0)
            return bs_raise (in, "ZeroDivisionError", "division by zero");
          *out = BS_FLOAT ((double) x / (double) y);
          return TRUE;
        case BS_BINOP_FLOOR_DIV:
        case BS_BINOP_MOD:
          {
            gint64 q, m;

            if (y == 0)
              return bs_raise (in, "ZeroDivisionError", op == BS_BINOP_MOD
                               ? "integer modulo by zero" : "integer division or modulo by zero");
            if (x == G_MININT64 && y == -1)
              {
                if (op == BS_BINOP_MOD)
                  {
                    *out = BS_INT (0);
                    return TRUE;
                  }
                return bs_raise_overflow (in);
              }
            q = x / y;
            m = x % y;
            if (m != 0 && ((m < 0) != (y < 0)))
              {
                q--;
                m += y;
              }
            *out = BS_INT (op == BS_BINOP_MOD ? m : q);
            return TRUE;
          }
        case BS_BINOP_POW:
          return int_pow (in, x, y, out);
        case BS_BINOP_LSHIFT:
          if (y < 0)
            return bs_raise (in, "ValueError", "negative shift count");
          if (y >= 63 || (x != 0 && (x > (G_MAXINT64 >> y) || x < (G_MININT64 >> y))))
            {
              if (x == 0)
                {
                  *out = BS_INT (0);
                  return TRUE;
                }
              return bs_raise_overflow (in);
            }
          *out = BS_INT (x * ((gint64) 1 << y));
          return TRUE;
        case BS_BINOP_RSHIFT:
          if (y < 0)
            return bs_raise (in, "ValueError", "negative shift count");
          *out = BS_INT (y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
          return TRUE;
        case BS_BINOP_BIT_AND:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x & y)
                                                                      : BS_INT (x & y);
          return TRUE;
        case BS_BINOP_BIT_OR:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x | y)
                                                                      : BS_INT (x | y);
          return TRUE;
        case BS_BINOP_BIT_XOR:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x ^ y)
                                                                      : BS_INT (x ^ y);
          return TRUE;
        case BS_BINOP_MAT_MUL:
        case BS_N_BINOPS:
        default:
          break;
        }
    }
  else
    {
      double x = bs_float_of (a), y = bs_float_of (b);

      switch (op)
        {
        case BS_BINOP_ADD: *out = BS_FLOAT (x + y); return TRUE;
        case BS_BINOP_SUB: *out = BS_FLOAT (x - y); return TRUE;
        case BS_BINOP_MUL: *out = BS_FLOAT (x * y); return TRUE;
        case BS_BINOP_DIV:
          if (y == 0.0)
            return bs_raise (in, "ZeroDivisionError", "float division by zero");
          *out = BS_FLOAT (x / y);
          return TRUE;
        case BS_BINOP_FLOOR_DIV:
        case BS_BINOP_MOD:
          {
            double m, q;

            if (y == 0.0)
              return bs_raise (in, "ZeroDivisionError", op == BS_BINOP_MOD
                               ? "float modulo" : "float floor division by zero");
            m = fmod (x, y);
            q = (x - m) / y;
            if (m != 0.0)
              {
                if ((y < 0) != (m < 0))
                  {
                    m += y;
                    q -= 1.0;
                  }
              }
            else
              m = copysign (0.0, y);
            if (q != 0.0)
              {
                double fq = floor (q);

                if (q - fq > 0.5)
                  fq += 1.0;
                q = fq;
              }
            else
              q = copysign (0.0, x / y);
            *out = BS_FLOAT (op == BS_BINOP_MOD ? m : q);
            return TRUE;
          }
        case BS_BINOP_POW:
          if (x == 0.0 && y < 0)
            return bs_raise (in, "ZeroDivisionError",
                             "0.0 cannot be raised to a negative power");
          if (x < 0 && y != floor (y))
            return bs_raise (in, "NotImplementedError",
                             "complex numbers are not supported by Backstep");
          *out = BS_FLOAT (pow (x, y));
          if (isinf (out->as.number) && isfinite (x) && isfinite (y))
            return bs_raise (in, "OverflowError", "(34, 'Numerical result out of range')");
          return TRUE;
        default:
          break;
        }
    }
  return bs_raise (in, "TypeError", "unsupported operand type(s) for %s: '%s' and '%s'",
                   bs_binop_symbol (op), bs_type_name (a), bs_type_name (b));
}

static gboolean
float_is_integer (BsInterp *in, BsCall *call, BsValue *r)
{
  double x = call->self.as.number;

  *r = BS_BOOL (isfinite (x) && x == floor (x));
  return TRUE;
}

static gboolean
float_as_integer_ratio (BsInterp *in, BsCall *call, BsValue *r)
{
  double x = call->self.as.number, mantissa;
  gint64 numerator, denominator = 1;
  int exponent;
  BsValue *pair;
  gsize n;

  if (isinf (x))
    return bs_raise (in, "OverflowError", "cannot convert Infinity to integer ratio");
  if (isnan (x))
    return bs_raise (in, "ValueError", "cannot convert NaN to integer ratio");
  mantissa = frexp (x, &exponent);
  for (int i = 0; i < 300 && mantissa != floor (mantissa); i++)
    {
      mantissa *= 2.0;
      exponent--;
    }
  if ((exponent >= 0 && ldexp (fabs (mantissa), exponent) >= 0x1p63) || exponent < -62)
    return bs_raise_overflow (in);
  numerator = (gint64) mantissa;
  if (exponent > 0)
    numerator <<= exponent;
  else
    denominator <<= -exponent;
  *r = bs_tuple_new (in->heap, 2);
  pair = bs_value_items (*r, &n);
  pair[0] = BS_INT (numerator);
  pair[1] = BS_INT (denominator);
  return TRUE;
}

static gboolean
int_bit_length (BsInterp *in, BsCall *call, BsValue *r)
{
  guint64 v = (guint64) bs_int_of (call->self);
  int bits = 0;

  if (bs_int_of (call->self) < 0)
    v = -v;
  while (v != 0)
    {
      bits++;
      v >>= 1;
    }
  *r = BS_INT (bits);
  return TRUE;
}

static gboolean
int_as_integer_ratio (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue *pair;
  gsize n;

  *r = bs_tuple_new (in->heap, 2);
  pair = bs_value_items (*r, &n);
  pair[0] = BS_INT (bs_int_of (call->self));
  pair[1] = BS_INT (1);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "float", BS_SIG_BUILTIN, "float.is_integer(self, /)", float_is_integer },
  { "float", BS_SIG_BUILTIN, "float.as_integer_ratio(self, /)", float_as_integer_ratio },
  { "int", BS_SIG_BUILTIN, "int.bit_length(self, /)", int_bit_length },
  { "int", BS_SIG_BUILTIN, "int.as_integer_ratio(self, /)", int_as_integer_ratio },
};

const BsSignatureTable bs_py_number_table = BS_SIGNATURE_TABLE (rows);

gboolean
bs_py_number_getattr (BsInterp   *in,
                      BsValue     self,
                      const char *name,
                      BsValue    *out)
{
  if (self.type == BS_VALUE_FLOAT && bs_py_method_find (in, "float", self, name, out))
    return TRUE;
  if (self.type == BS_VALUE_INT && bs_py_method_find (in, "int", self, name, out))
    return TRUE;
  if (strcmp (name, "real") == 0 && bs_is_number (self))
    {
      *out = self;
      return TRUE;
    }
  return FALSE;
}
