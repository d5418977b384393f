/* bs-np-math.c: numpy's ufuncs (exp, sqrt, maximum, ...), where, clip, dot, outer, isclose */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

#include "bs-builtins-private.h"

typedef BsTensor *(*UnaryFunc) (BsTensor *a, GError **error);

typedef enum {
  U_FLOAT,    /* float result: ints become floats (exp, sqrt) */
  U_SAME,     /* the input's dtype (abs, sign, negative, square) */
  U_BOOL,     /* a bool result (isnan) */
  U_NUMERIC,  /* the input's dtype, bool refused (negative) */
} UnaryKind;

typedef struct {
  UnaryFunc func;
  UnaryKind kind;
} UnaryUfunc;

static BsTensor *
square (BsTensor *a, GError **error)
{
  return bs_mul (a, a, error);
}

static BsTensor *
positive (BsTensor *a, GError **error)
{
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

static BsTensor *
round_even (BsTensor *a, GError **error)
{
  return bs_round (a, error);
}

enum {
  UF_EXP, UF_LOG, UF_SQRT, UF_TANH, UF_SIN, UF_COS, UF_TAN, UF_ARCSIN, UF_ARCCOS, UF_ARCTAN,
  UF_SINH, UF_COSH, UF_ARCSINH, UF_ARCCOSH, UF_ARCTANH, UF_LOG2, UF_LOG10, UF_LOG1P,
  UF_EXPM1, UF_FLOOR, UF_CEIL, UF_TRUNC, UF_RINT, UF_ABS, UF_SIGN, UF_NEGATIVE, UF_SQUARE,
  UF_POSITIVE, UF_ISNAN, UF_ISINF, UF_ISFINITE, UF_LOGICAL_NOT,
};

static const UnaryUfunc unary_ufuncs[] = {
  [UF_EXP] = { bs_exp, U_FLOAT }, [UF_LOG] = { bs_log, U_FLOAT },
  [UF_SQRT] = { bs_sqrt, U_FLOAT }, [UF_TANH] = { bs_tanh, U_FLOAT },
  [UF_SIN] = { bs_sin, U_FLOAT }, [UF_COS] = { bs_cos, U_FLOAT },
  [UF_TAN] = { NULL, U_FLOAT }, [UF_ARCSIN] = { bs_asin, U_FLOAT },
  [UF_ARCCOS] = { bs_acos, U_FLOAT }, [UF_ARCTAN] = { bs_atan, U_FLOAT },
  [UF_SINH] = { bs_sinh, U_FLOAT }, [UF_COSH] = { bs_cosh, U_FLOAT },
  [UF_ARCSINH] = { bs_asinh, U_FLOAT }, [UF_ARCCOSH] = { bs_acosh, U_FLOAT },
  [UF_ARCTANH] = { bs_atanh, U_FLOAT }, [UF_LOG2] = { bs_log2, U_FLOAT },
  [UF_LOG10] = { bs_log10, U_FLOAT }, [UF_LOG1P] = { bs_log1p, U_FLOAT },
  [UF_EXPM1] = { bs_expm1, U_FLOAT }, [UF_FLOOR] = { bs_floor, U_FLOAT },
  [UF_CEIL] = { bs_ceil, U_FLOAT }, [UF_TRUNC] = { bs_trunc, U_FLOAT },
  [UF_RINT] = { round_even, U_FLOAT }, [UF_ABS] = { bs_abs, U_SAME },
  [UF_SIGN] = { bs_sign, U_NUMERIC }, [UF_NEGATIVE] = { bs_neg, U_NUMERIC },
  [UF_SQUARE] = { square, U_SAME }, [UF_POSITIVE] = { positive, U_NUMERIC },
  [UF_ISNAN] = { bs_isnan, U_BOOL }, [UF_ISINF] = { bs_isinf, U_BOOL },
  [UF_ISFINITE] = { bs_isfinite, U_BOOL }, [UF_LOGICAL_NOT] = { bs_logical_not, U_BOOL },
};

static BsTensor *
tan_of (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) s = bs_sin (a, error);
  g_autoptr(BsTensor) c = s != NULL ? bs_cos (a, error) : NULL;

  return c != NULL ? bs_div (s, c, error) : NULL;
}

/* The ufunc's dtype= and out=: dtype casts the input first; out is refused */
static gboolean
ufunc_options (BsCall   *call,
               gboolean *has_dtype,
               BsDType  *dtype)
{
  int where = bs_np_param (call, "where");
  BsValue w = bs_np_value (call, where);

  if (!bs_np_refuse_param (call, "out"))
    return FALSE;
  if (call->given[where] && !(w.type == BS_VALUE_BOOL && w.as.boolean))
    return bs_raise (call->in, "NotImplementedError", "%s(where=...) is not supported by "
                     "Backstep's numpy", call->sig->short_name);
  return bs_np_dtype_param (call, bs_np_param (call, "dtype"), has_dtype, dtype);
}

/* res = ufunc(a) as the call's value (res taken), once its floating-point errors are
 * reported as numpy's */
static gboolean
unary_result (BsCall   *call,
              BsTensor *a,
              BsTensor *res,
              BsValue  *r)
{
  if (!bs_np_fpe_report (call->in, bs_np_fpe_unary (call->sig->short_name, a, res,
                                                    bs_np_fpe_watch_under (call->in)),
                         call->sig->short_name, FALSE))
    {
      bs_tensor_unref (res);
      return FALSE;
    }
  *r = bs_np_wrap (call->in, res);
  return TRUE;
}

DECLARED (np_unary)
{
  const UnaryUfunc *u = &unary_ufuncs[bs_call_data (call)];
  g_autoptr(BsTensor) x = NULL, a = NULL;
  BsTensor *res;
  GError *error = NULL;
  gboolean has_dtype;
  BsDType dtype, out_dtype;
  BsNpQuiet quiet;

  if (!ufunc_options (call, &has_dtype, &dtype))
    return FALSE;
  x = bs_np_as_tensor_shared (in, bs_np_value (call, 0), FALSE, BS_DTYPE_FLOAT64);
  if (x == NULL)
    return FALSE;
  out_dtype = has_dtype ? dtype : x->dtype;
  if (u->kind == U_FLOAT && !bs_np_float_dtype (in, out_dtype, &out_dtype))
    return FALSE;
  if (u->kind == U_NUMERIC && out_dtype == BS_DTYPE_BOOL)
    return bs_raise (in, "TypeError", "The numpy boolean negative, the `-` operator, is not "
                     "supported, use the `~` operator or the logical_not function instead.");
  if ((bs_call_data (call) == UF_SQUARE || bs_call_data (call) == UF_ABS)
      && out_dtype == BS_DTYPE_BOOL && bs_call_data (call) == UF_SQUARE)
    out_dtype = BS_DTYPE_BOOL;
  a = u->kind == U_BOOL && !has_dtype ? bs_tensor_ref (x) : bs_np_cast (in, x, out_dtype);
  if (a == NULL)
    return FALSE;
  {
    static const int fast[] = {
      [UF_EXP] = BS_NP_FAST_EXP, [UF_LOG] = BS_NP_FAST_LOG, [UF_SQRT] = BS_NP_FAST_SQRT,
      [UF_TANH] = BS_NP_FAST_TANH, [UF_SIN] = BS_NP_FAST_SIN, [UF_COS] = BS_NP_FAST_COS,
      [UF_EXPM1] = BS_NP_FAST_EXPM1, [UF_LOG1P] = BS_NP_FAST_LOG1P,
      [UF_ABS] = BS_NP_FAST_ABS, [UF_LOGICAL_NOT] = 0,
    };

    if (!bs_np_fast_unary (in, fast[bs_call_data (call)], a, &res))
      return FALSE;
    if (res != NULL)
      return unary_result (call, a, res, r);
  }
  bs_np_quiet_begin (in, &quiet);
  if (bs_call_data (call) == UF_TAN)
    res = tan_of (a, &error);
  else if (bs_call_data (call) == UF_ABS && a->dtype == BS_DTYPE_BOOL)
    res = bs_tensor_contiguous_copy (a, a->dtype, &error);
  else if (bs_call_data (call) == UF_SQUARE && a->dtype == BS_DTYPE_BOOL)
    res = bs_logical_and (a, a, &error);
  else
    res = u->func (a, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  if (u->kind != U_BOOL && res->dtype != out_dtype)
    {
      BsTensor *c = bs_np_cast (in, res, out_dtype);

      bs_tensor_unref (res);
      if (c == NULL)
        return FALSE;
      res = c;
    }
  return unary_result (call, a, res, r);
}

/* A binary ufunc: an operator's (data: BsBinOp), or maximum/minimum/arctan2/... (data
 * past the operators) */
enum {
  BF_MAXIMUM = 100, BF_MINIMUM, BF_ARCTAN2, BF_LOGICAL_AND, BF_LOGICAL_OR, BF_LOGICAL_XOR,
  BF_EQUAL, BF_NOT_EQUAL, BF_LESS, BF_LESS_EQUAL, BF_GREATER, BF_GREATER_EQUAL, BF_HYPOT,
};

DECLARED (np_binary)
{
  gintptr kind = bs_call_data (call);
  BsValue a = bs_np_value (call, 0), b = bs_np_value (call, 1);
  gboolean has_dtype;
  BsDType dtype;
  BsNpOperand x = { 0 }, y = { 0 };
  BsTensor *res = NULL;
  GError *error = NULL;

  if (!ufunc_options (call, &has_dtype, &dtype))
    return FALSE;
  if (kind < 100 && !has_dtype)
    {
      BsValue out;
      BsValue pa = bs_np_is_operand (a) || bs_is_number (a) ? bs_value_ref (a)
                 : BS_NONE, pb = bs_np_is_operand (b) || bs_is_number (b) ? bs_value_ref (b)
                 : BS_NONE;
      int done;

      /* numpy's functions take lists too: as arrays */
      if (bs_value_is_none (pa))
        {
          BsTensor *t = bs_np_as_tensor (in, a, FALSE, BS_DTYPE_FLOAT64);

          if (t == NULL)
            return FALSE;
          pa = bs_np_wrap (in, t);
        }
      if (bs_value_is_none (pb))
        {
          BsTensor *t = bs_np_as_tensor (in, b, FALSE, BS_DTYPE_FLOAT64);

          if (t == NULL)
            {
              bs_value_unref (pa);
              return FALSE;
            }
          pb = bs_np_wrap (in, t);
        }
      if (!bs_np_is_operand (pa) && !bs_np_is_operand (pb))
        {
          /* two Python numbers: as 0-dim arrays */
          BsTensor *t = bs_np_as_tensor (in, pa, FALSE, BS_DTYPE_FLOAT64);
          BsValue wrapped = bs_np_array_new (in, t);

          bs_value_unref (pa);
          pa = wrapped;
        }
      done = bs_np_ufunc_binary (in, (BsBinOp) kind, pa, pb, &out);
      bs_value_unref (pa);
      bs_value_unref (pb);
      if (done < 0)
        return FALSE;
      *r = out;
      return TRUE;
    }
  if (!bs_np_operand (in, a, &x) || !bs_np_operand (in, b, &y))
    {
      bs_np_operand_clear (&x);
      return FALSE;
    }
  if (!has_dtype)
    dtype = bs_np_result_dtype (&x, &y);
  if (kind == BS_BINOP_POW)
    res = bs_np_power_tensor (in, BS_NP_POWER_UFUNC, &x, &y);
  else if (kind < 100)
    res = bs_np_binary_tensor (in, (BsBinOp) kind, &x, &y);
  else
    {
      g_autoptr(BsTensor) ca = NULL, cb = NULL;
      BsNpQuiet quiet;

      if ((kind == BF_ARCTAN2 || kind == BF_HYPOT) && !bs_np_float_dtype (in, dtype, &dtype))
        goto out;
      if (kind >= BF_LOGICAL_AND && kind <= BF_LOGICAL_XOR)
        dtype = BS_DTYPE_BOOL;
      ca = bs_np_cast (in, x.t, dtype);
      cb = ca != NULL ? bs_np_cast (in, y.t, dtype) : NULL;
      if (cb == NULL)
        goto out;
      if (kind == BF_MAXIMUM || kind == BF_MINIMUM)
        {
          res = bs_np_fast_binary (in, kind == BF_MAXIMUM ? BS_NP_FAST_MAXIMUM
                                       : BS_NP_FAST_MINIMUM, ca, cb);
          if (res != NULL || !bs_value_is_none (in->exc))
            goto out;
        }
      bs_np_quiet_begin (in, &quiet);
      switch (kind)
        {
        case BF_MAXIMUM: res = bs_maximum (ca, cb, &error); break;
        case BF_MINIMUM: res = bs_minimum (ca, cb, &error); break;
        case BF_ARCTAN2: res = bs_atan2 (ca, cb, &error); break;
        case BF_HYPOT:
          {
            g_autoptr(BsTensor) p = bs_mul (ca, ca, &error);
            g_autoptr(BsTensor) q = p != NULL ? bs_mul (cb, cb, &error) : NULL;
            g_autoptr(BsTensor) s = q != NULL ? bs_add (p, q, 1.0, &error) : NULL;

            res = s != NULL ? bs_sqrt (s, &error) : NULL;
            break;
          }
        case BF_LOGICAL_AND: res = bs_logical_and (ca, cb, &error); break;
        case BF_LOGICAL_OR: res = bs_logical_or (ca, cb, &error); break;
        case BF_LOGICAL_XOR: res = bs_logical_xor (ca, cb, &error); break;
        default:
          res = bs_compare (ca, cb, (BsCompare) (kind - BF_EQUAL), &error);
          break;
        }
      bs_np_quiet_end (&quiet);
      if (res == NULL)
        bs_raise_gerror (in, error);
    }
out:
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (res == NULL)
    return FALSE;
  if (has_dtype && kind < BF_LOGICAL_AND && res->dtype != dtype)
    {
      BsTensor *c = bs_np_cast (in, res, dtype);

      bs_tensor_unref (res);
      if (c == NULL)
        return FALSE;
      res = c;
    }
  *r = bs_np_wrap (in, res);
  return TRUE;
}

gboolean
bs_np_abs (BsInterp *in,
           BsValue   a,
           BsValue  *out)
{
  BsTensor *t = bs_np_tensor_of (a), *res;
  GError *error = NULL;
  BsNpQuiet quiet;

  bs_np_quiet_begin (in, &quiet);
  res = t->dtype == BS_DTYPE_BOOL ? bs_tensor_contiguous_copy (t, t->dtype, &error)
                                  : bs_abs (t, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *out = bs_np_wrap (in, res);
  return TRUE;
}

/* where(condition, x, y); where(condition): its nonzero() */
DECLARED (np_where)
{
  g_autoptr(BsTensor) cond = bs_np_as_tensor_shared (in, bs_np_value (call, 0), FALSE,
                                                     BS_DTYPE_FLOAT64);
  BsNpOperand x = { 0 }, y = { 0 };
  g_autoptr(BsTensor) cx = NULL, cy = NULL, cb = NULL;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *res;
  BsDType dtype;

  if (cond == NULL)
    return FALSE;
  if (call->given[1] != call->given[2])
    return bs_raise (in, "ValueError", "either both or neither of x and y should be given");
  if (!call->given[1])
    return bs_np_nonzero_tuple (in, cond, r);
  if (!bs_np_operand (in, bs_np_value (call, 1), &x)
      || !bs_np_operand (in, bs_np_value (call, 2), &y))
    {
      bs_np_operand_clear (&x);
      return FALSE;
    }
  dtype = bs_np_result_dtype (&x, &y);
  cx = bs_np_cast (in, x.t, dtype);
  cy = cx != NULL ? bs_np_cast (in, y.t, dtype) : NULL;
  cb = cy != NULL ? bs_np_cast (in, cond, BS_DTYPE_BOOL) : NULL;
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (cb == NULL)
    return FALSE;
  res = bs_np_fast_where (in, cb, cx, cy);
  if (res != NULL || !bs_value_is_none (in->exc))
    {
      *r = res != NULL ? bs_np_wrap (in, res) : BS_NONE;
      return res != NULL;
    }
  bs_np_quiet_begin (in, &quiet);
  res = bs_where (cb, cx, cy, &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_wrap (in, res);
  return TRUE;
}

/* clip(a, a_min, a_max): np.clip and ndarray.clip */
DECLARED (np_clip)
{
  BsValue av = bs_np_tensor_of (call->self) != NULL ? call->self : bs_np_value (call, 0);
  BsValue lo = bs_np_value (call, 1), hi = bs_np_value (call, 2);
  BsNpOperand a = { 0 }, l = { 0 }, h = { 0 };
  g_autoptr(BsTensor) res = NULL;
  GError *error = NULL;
  BsDType dtype;
  BsNpQuiet quiet;
  gboolean ok = FALSE;

  if (!bs_np_refuse_param (call, "out"))
    return FALSE;
  if (bs_value_is_none (lo) && bs_value_is_none (hi))
    return bs_raise (in, "ValueError", "One of max or min must be given");
  if (!bs_np_operand (in, av, &a)
      || (!bs_value_is_none (lo) && !bs_np_operand (in, lo, &l))
      || (!bs_value_is_none (hi) && !bs_np_operand (in, hi, &h)))
    goto out;
  dtype = a.t->dtype;
  if (l.t != NULL)
    dtype = bs_np_result_dtype (&a, &l);
  if (h.t != NULL)
    {
      BsNpOperand ad = { a.t, a.scalar };
      BsDType d2 = bs_np_result_dtype (&ad, &h);

      dtype = bs_np_promote (dtype, d2);
    }
  res = bs_np_cast (in, a.t, dtype);
  if (res == NULL)
    goto out;
  bs_np_quiet_begin (in, &quiet);
  if (l.t != NULL)
    {
      g_autoptr(BsTensor) cl = bs_tensor_contiguous_copy (l.t, dtype, &error);
      BsTensor *m = cl != NULL ? bs_maximum (res, cl, &error) : NULL;

      bs_tensor_unref (res);
      res = m;
    }
  if (res != NULL && h.t != NULL)
    {
      g_autoptr(BsTensor) ch = bs_tensor_contiguous_copy (h.t, dtype, &error);
      BsTensor *m = ch != NULL ? bs_minimum (res, ch, &error) : NULL;

      bs_tensor_unref (res);
      res = m;
    }
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    {
      bs_raise_gerror (in, error);
      goto out;
    }
  *r = bs_np_wrap (in, g_steal_pointer (&res));
  ok = TRUE;
out:
  bs_np_operand_clear (&a);
  bs_np_operand_clear (&l);
  bs_np_operand_clear (&h);
  return ok;
}

/* dot (data 0) and matmul (1) */
DECLARED (np_dot)
{
  BsValue av = bs_np_tensor_of (call->self) != NULL ? call->self : bs_np_value (call, 0);
  BsValue bv = bs_np_value (call, 1);
  BsNpOperand x = { 0 }, y = { 0 };
  BsTensor *res = NULL;

  if (!bs_np_refuse_param (call, "out"))
    return FALSE;
  if (!bs_np_operand (in, av, &x) || !bs_np_operand (in, bv, &y))
    {
      bs_np_operand_clear (&x);
      return FALSE;
    }
  if (bs_call_data (call) == 0 && (x.t->ndim == 0 || y.t->ndim == 0))
    res = bs_np_binary_tensor (in, BS_BINOP_MUL, &x, &y);
  else if (bs_call_data (call) == 0 && (x.t->ndim > 2 || y.t->ndim > 2))
    bs_raise (in, "NotImplementedError", "np.dot of arrays of more than 2 dimensions is not "
              "supported by Backstep's numpy: use np.matmul or np.tensordot's equivalent");
  else if (bs_call_data (call) == 0 && x.t->shape[x.t->ndim - 1]
           != y.t->shape[MAX (y.t->ndim - 2, 0)])
    {
      bs_raise (in, "ValueError", "shapes %s and %s not aligned: %" G_GINT64_FORMAT " (dim %d) "
                "!= %" G_GINT64_FORMAT " (dim %d)", "", "", x.t->shape[x.t->ndim - 1],
                x.t->ndim - 1, y.t->shape[MAX (y.t->ndim - 2, 0)], MAX (y.t->ndim - 2, 0));
    }
  else
    res = bs_np_binary_tensor (in, BS_BINOP_MAT_MUL, &x, &y);
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (res == NULL)
    return FALSE;
  *r = bs_np_wrap (in, res);
  return TRUE;
}

DECLARED (np_outer)
{
  BsNpOperand x = { 0 }, y = { 0 };
  BsTensor *res = NULL;

  if (!bs_np_refuse_param (call, "out"))
    return FALSE;
  if (bs_np_operand (in, bs_np_value (call, 0), &x)
      && bs_np_operand (in, bs_np_value (call, 1), &y))
    {
      gint64 n = bs_tensor_numel (x.t), m = bs_tensor_numel (y.t);
      g_autoptr(BsTensor) cx = bs_tensor_contiguous_copy (x.t, x.t->dtype, NULL);
      g_autoptr(BsTensor) cy = bs_tensor_contiguous_copy (y.t, y.t->dtype, NULL);

      bs_np_operand_clear (&x);
      bs_np_operand_clear (&y);
      x.t = bs_tensor_alias (cx, 2, (gint64[]) { n, 1 }, (gint64[]) { 1, 1 }, cx->offset);
      y.t = bs_tensor_alias (cy, 2, (gint64[]) { 1, m }, (gint64[]) { m, 1 }, cy->offset);
      x.scalar = y.scalar = FALSE;
      res = bs_np_binary_tensor (in, BS_BINOP_MUL, &x, &y);
    }
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (res == NULL)
    return FALSE;
  *r = bs_np_array_new (in, res);
  return TRUE;
}

/* |a - b| <= atol + rtol * |b| elementwise, with numpy's inf and nan rules */
static BsTensor *
isclose (BsInterp *in,
         BsCall   *call)
{
  BsNpOperand x = { 0 }, y = { 0 };
  double rtol, atol;
  gboolean equal_nan = bs_value_truthy (bs_np_value (call, 4));
  BsTensor *res = NULL;

  if (!bs_to_double (in, bs_np_value (call, 2), &rtol)
      || !bs_to_double (in, bs_np_value (call, 3), &atol))
    return NULL;
  if (bs_np_operand (in, bs_np_value (call, 0), &x)
      && bs_np_operand (in, bs_np_value (call, 1), &y))
    {
      BsNpOperand zero = { bs_tensor_new_scalar (in->context, BS_DTYPE_FLOAT64, 0.0), TRUE };
      g_autoptr(BsTensor) sum = bs_np_binary_tensor (in, BS_BINOP_ADD, &x, &zero);
      BsNpOperand s = { sum, FALSE };
      g_autoptr(BsTensor) both = sum != NULL ? bs_np_binary_tensor (in, BS_BINOP_ADD, &y, &s)
                                             : NULL;

      bs_tensor_unref (zero.t);
      if (both != NULL)
        {
          GError *error = NULL;
          g_autoptr(BsTensor) ex = bs_expand (x.t, both->shape, both->ndim, &error);
          g_autoptr(BsTensor) ey = bs_expand (y.t, both->shape, both->ndim, &error);
          gint64 n = bs_tensor_numel (both);

          res = bs_tensor_new (in->context, BS_DTYPE_BOOL, both->ndim, both->shape, &error);
          for (gint64 i = 0; res != NULL && i < n; i++)
            {
              double a = bs_tensor_get (ex, i), b = bs_tensor_get (ey, i);
              gboolean close;

              if (isnan (a) || isnan (b))
                close = equal_nan && isnan (a) && isnan (b);
              else if (isinf (a) || isinf (b))
                close = a == b;
              else
                close = fabs (a - b) <= atol + rtol * fabs (b);
              bs_tensor_set (res, i, close);
            }
          if (res == NULL)
            bs_raise_gerror (in, error);
        }
    }
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  return res;
}

DECLARED (np_isclose)
{
  BsTensor *res = isclose (in, call);

  if (res == NULL)
    return FALSE;
  *r = bs_np_wrap (in, res);
  return TRUE;
}

DECLARED (np_allclose)
{
  g_autoptr(BsTensor) res = isclose (in, call);
  gint64 n;

  if (res == NULL)
    return FALSE;
  n = bs_tensor_numel (res);
  *r = BS_BOOL (TRUE);
  for (gint64 i = 0; i < n; i++)
    if (bs_tensor_get (res, i) == 0.0)
      {
        *r = BS_BOOL (FALSE);
        break;
      }
  return TRUE;
}

DECLARED (np_array_equal)
{
  g_autoptr(BsTensor) a = bs_np_as_tensor_shared (in, bs_np_value (call, 0), FALSE,
                                                  BS_DTYPE_FLOAT64);
  g_autoptr(BsTensor) b = a != NULL ? bs_np_as_tensor_shared (in, bs_np_value (call, 1), FALSE,
                                                              BS_DTYPE_FLOAT64) : NULL;
  gboolean equal_nan = bs_value_truthy (bs_np_value (call, 2));
  gint64 n;

  if (b == NULL)
    return FALSE;
  *r = BS_BOOL (FALSE);
  if (!bs_tensor_same_shape (a, b))
    return TRUE;
  n = bs_tensor_numel (a);
  for (gint64 i = 0; i < n; i++)
    {
      double x = bs_tensor_get (a, i), y = bs_tensor_get (b, i);

      if (x != y && !(equal_nan && isnan (x) && isnan (y)))
        return TRUE;
    }
  *r = BS_BOOL (TRUE);
  return TRUE;
}

/* round / around (half to even, as numpy) */
DECLARED (np_round)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  gint64 decimals;
  BsTensor *res;
  GError *error = NULL;
  gint64 n;

  if (a == NULL || !bs_to_int (in, bs_np_value (call, 1), &decimals)
      || !bs_np_refuse_param (call, "out"))
    return FALSE;
  res = bs_tensor_contiguous_copy (a, a->dtype, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  n = bs_tensor_numel (res);
  if (bs_dtype_is_floating (a->dtype))
    {
      double scale = pow (10.0, (double) ABS (decimals));

      for (gint64 i = 0; i < n; i++)
        {
          double x = bs_tensor_get (res, i), y;

          if (decimals >= 0)
            y = nearbyint (x * scale) / scale;
          else
            y = nearbyint (x / scale) * scale;
          bs_tensor_set (res, i, y);
        }
    }
  else if (decimals < 0)
    {
      gint64 scale = 1;

      for (gint64 k = 0; k < -decimals && scale < G_MAXINT64 / 10; k++)
        scale *= 10;
      for (gint64 i = 0; i < n; i++)
        bs_tensor_set (res, i, nearbyint (bs_tensor_get (res, i) / scale) * scale);
    }
  *r = bs_np_tensor_of (call->self) != NULL && bs_np_array_tensor (call->self) == NULL
       ? bs_np_scalar_new (in, res) : bs_np_wrap (in, res);
  return TRUE;
}

#define UFUNC1(name, id) \
  { "numpy", BS_SIG_PYTHON, name "(x, /, out=None, *, where=True, dtype=None)", np_unary, id }
#define UFUNC2(name, id) \
  { "numpy", BS_SIG_PYTHON, name "(x1, x2, /, out=None, *, where=True, dtype=None)", \
    np_binary, id }

static const BsSignatureRow rows[] = {
  UFUNC1 ("exp", UF_EXP), UFUNC1 ("log", UF_LOG), UFUNC1 ("sqrt", UF_SQRT),
  UFUNC1 ("tanh", UF_TANH), UFUNC1 ("sin", UF_SIN), UFUNC1 ("cos", UF_COS),
  UFUNC1 ("tan", UF_TAN), UFUNC1 ("arcsin", UF_ARCSIN), UFUNC1 ("arccos", UF_ARCCOS),
  UFUNC1 ("arctan", UF_ARCTAN), UFUNC1 ("sinh", UF_SINH), UFUNC1 ("cosh", UF_COSH),
  UFUNC1 ("arcsinh", UF_ARCSINH), UFUNC1 ("arccosh", UF_ARCCOSH),
  UFUNC1 ("arctanh", UF_ARCTANH), UFUNC1 ("log2", UF_LOG2), UFUNC1 ("log10", UF_LOG10),
  UFUNC1 ("log1p", UF_LOG1P), UFUNC1 ("expm1", UF_EXPM1), UFUNC1 ("floor", UF_FLOOR),
  UFUNC1 ("ceil", UF_CEIL), UFUNC1 ("trunc", UF_TRUNC), UFUNC1 ("rint", UF_RINT),
  UFUNC1 ("abs", UF_ABS), UFUNC1 ("absolute", UF_ABS), UFUNC1 ("sign", UF_SIGN),
  UFUNC1 ("negative", UF_NEGATIVE), UFUNC1 ("square", UF_SQUARE),
  UFUNC1 ("positive", UF_POSITIVE), UFUNC1 ("isnan", UF_ISNAN), UFUNC1 ("isinf", UF_ISINF),
  UFUNC1 ("isfinite", UF_ISFINITE), UFUNC1 ("logical_not", UF_LOGICAL_NOT),
  UFUNC2 ("add", BS_BINOP_ADD), UFUNC2 ("subtract", BS_BINOP_SUB),
  UFUNC2 ("multiply", BS_BINOP_MUL), UFUNC2 ("divide", BS_BINOP_DIV),
  UFUNC2 ("true_divide", BS_BINOP_DIV), UFUNC2 ("floor_divide", BS_BINOP_FLOOR_DIV),
  UFUNC2 ("mod", BS_BINOP_MOD), UFUNC2 ("remainder", BS_BINOP_MOD),
  UFUNC2 ("power", BS_BINOP_POW), UFUNC2 ("bitwise_and", BS_BINOP_BIT_AND),
  UFUNC2 ("bitwise_or", BS_BINOP_BIT_OR), UFUNC2 ("bitwise_xor", BS_BINOP_BIT_XOR),
  UFUNC2 ("maximum", BF_MAXIMUM), UFUNC2 ("minimum", BF_MINIMUM),
  UFUNC2 ("arctan2", BF_ARCTAN2), UFUNC2 ("hypot", BF_HYPOT),
  UFUNC2 ("logical_and", BF_LOGICAL_AND), UFUNC2 ("logical_or", BF_LOGICAL_OR),
  UFUNC2 ("logical_xor", BF_LOGICAL_XOR), UFUNC2 ("equal", BF_EQUAL),
  UFUNC2 ("not_equal", BF_NOT_EQUAL), UFUNC2 ("less", BF_LESS),
  UFUNC2 ("less_equal", BF_LESS_EQUAL), UFUNC2 ("greater", BF_GREATER),
  UFUNC2 ("greater_equal", BF_GREATER_EQUAL),
  NP_FN ("where(condition, x=None, y=None, /)", np_where, 0),
  NP_FN ("clip(a, a_min, a_max, out=None)", np_clip, 0),
  NP_METHOD ("clip(self, /, min=None, max=None, out=None)", np_clip, 0),
  NP_FN ("dot(a, b, out=None)", np_dot, 0),
  NP_METHOD ("dot(self, b, /, out=None)", np_dot, 0),
  UFUNC2 ("matmul", BS_BINOP_MAT_MUL),
  NP_FN ("outer(a, b, out=None)", np_outer, 0),
  NP_FN ("isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", np_isclose, 0),
  NP_FN ("allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", np_allclose, 0),
  NP_FN ("array_equal(a1, a2, equal_nan=False)", np_array_equal, 0),
  NP_FN ("round(a, decimals=0, out=None)", np_round, 0),
  NP_FN ("around(a, decimals=0, out=None)", np_round, 0),
  NP_METHOD ("round(self, /, decimals=0, out=None)", np_round, 0),
};

const BsSignatureTable bs_np_math_table = BS_SIGNATURE_TABLE (rows);
