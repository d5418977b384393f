/* bs-math-module.c: Python's math module */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"
#include "bs-py-number.h"

#include <math.h>

#define MATH1(fname, expr) \
  DECLARED (math_##fname) \
  { \
    double x; \
    if (!bs_to_double (in, bs_call_value (call, 0), &x)) \
      return FALSE; \
    expr; \
  }

static gboolean
math_result (BsInterp *in,
             double    y,
             gboolean  domain_error,
             BsValue  *r)
{
  if (domain_error || isnan (y))
    return bs_raise (in, "ValueError", "math domain error");
  if (isinf (y))
    return bs_raise (in, "OverflowError", "math range error");
  *r = BS_FLOAT (y);
  return TRUE;
}

MATH1 (sqrt, return math_result (in, sqrt (x), x < 0, r))
MATH1 (exp, return isnan (x) ? (*r = BS_FLOAT (x), TRUE) : math_result (in, exp (x), FALSE, r))
MATH1 (sin, return math_result (in, sin (x), isinf (x), r))
MATH1 (cos, return math_result (in, cos (x), isinf (x), r))
MATH1 (tan, return math_result (in, tan (x), isinf (x), r))
MATH1 (tanh, *r = BS_FLOAT (tanh (x)); return TRUE)
MATH1 (atan, *r = BS_FLOAT (atan (x)); return TRUE)
MATH1 (asin, return math_result (in, asin (x), fabs (x) > 1, r))
MATH1 (acos, return math_result (in, acos (x), fabs (x) > 1, r))
MATH1 (fabs, *r = BS_FLOAT (fabs (x)); return TRUE)
MATH1 (log2, return math_result (in, log2 (x), x <= 0, r))
MATH1 (log10, return math_result (in, log10 (x), x <= 0, r))
MATH1 (log1p, return math_result (in, log1p (x), x <= -1, r))
MATH1 (isnan, *r = BS_BOOL (isnan (x)); return TRUE)
MATH1 (isinf, *r = BS_BOOL (isinf (x)); return TRUE)
MATH1 (isfinite, *r = BS_BOOL (isfinite (x)); return TRUE)
MATH1 (erf, *r = BS_FLOAT (erf (x)); return TRUE)
/* gamma: a domain error at 0 and the negative integers, as CPython's */
MATH1 (gamma, return math_result (in, tgamma (x), (x <= 0 && x == floor (x)) || x == -INFINITY,
                                  r))
MATH1 (lgamma, return math_result (in, lgamma (x), x <= 0 && x == floor (x), r))
MATH1 (degrees, *r = BS_FLOAT (x * (180.0 / G_PI)); return TRUE)
MATH1 (radians, *r = BS_FLOAT (x * (G_PI / 180.0)); return TRUE)

static gboolean
to_int_checked (BsInterp *in,
                double    y,
                BsValue  *r)
{
  if (isnan (y))
    return bs_raise (in, "ValueError", "cannot convert float NaN to integer");
  if (isinf (y))
    return bs_raise (in, "OverflowError", "cannot convert float infinity to integer");
  if (fabs (y) >= 9.2e18)
    return bs_raise (in, "OverflowError", "int too large: Backstep's ints are 64-bit");
  *r = BS_INT ((gint64) y);
  return TRUE;
}

DECLARED (math_floor)
{
  BsValue v = bs_call_value (call, 0);
  double x;

  if (bs_is_int (v))
    {
      *r = BS_INT (bs_int_of (v));
      return TRUE;
    }
  if (!bs_to_double (in, v, &x))
    return FALSE;
  return to_int_checked (in, floor (x), r);
}

DECLARED (math_ceil)
{
  BsValue v = bs_call_value (call, 0);
  double x;

  if (bs_is_int (v))
    {
      *r = BS_INT (bs_int_of (v));
      return TRUE;
    }
  if (!bs_to_double (in, v, &x))
    return FALSE;
  return to_int_checked (in, ceil (x), r);
}

DECLARED (math_log)
{
  gsize n;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n);
  double x, base;

  if (n < 1 || n > 2)
    return bs_raise (in, "TypeError", "math.log requires 1 to 2 arguments");
  if (!bs_to_double (in, args[0], &x))
    return FALSE;
  if (x <= 0)
    return bs_raise (in, "ValueError", "math domain error");
  if (n == 2)
    {
      if (!bs_to_double (in, args[1], &base))
        return FALSE;
      if (base <= 0 || base == 1)
        return bs_raise (in, base == 1 ? "ZeroDivisionError" : "ValueError",
                         base == 1 ? "float division by zero" : "math domain error");
      *r = BS_FLOAT (log (x) / log (base));
      return TRUE;
    }
  *r = BS_FLOAT (log (x));
  return TRUE;
}

DECLARED (math_pow)
{
  double x, y;

  if (!bs_to_double (in, bs_call_value (call, 0), &x)
      || !bs_to_double (in, bs_call_value (call, 1), &y))
    return FALSE;
  if (x == 0 && y < 0)
    return bs_raise (in, "ValueError", "math domain error");
  return math_result (in, pow (x, y), x < 0 && y != floor (y), r);
}

DECLARED (math_atan2)
{
  double x, y;

  if (!bs_to_double (in, bs_call_value (call, 0), &y)
      || !bs_to_double (in, bs_call_value (call, 1), &x))
    return FALSE;
  *r = BS_FLOAT (atan2 (y, x));
  return TRUE;
}

DECLARED (math_isclose)
{
  double x, y, rel = 1e-9, abs_tol = 0.0;

  if (!bs_to_double (in, bs_call_value (call, 0), &x)
      || !bs_to_double (in, bs_call_value (call, 1), &y)
      || (call->given[2] && !bs_to_double (in, bs_call_value (call, 2), &rel))
      || (call->given[3] && !bs_to_double (in, bs_call_value (call, 3), &abs_tol)))
    return FALSE;
  if (rel < 0 || abs_tol < 0)
    return bs_raise (in, "ValueError", "tolerances must be non-negative");
  *r = BS_BOOL (x == y || fabs (x - y) <= MAX (rel * MAX (fabs (x), fabs (y)), abs_tol));
  return TRUE;
}

DECLARED (math_prod)
{
  BsValue acc = call->given[1] ? bs_value_ref (bs_call_value (call, 1)) : BS_INT (1), list;
  gsize n;
  BsValue *items;

  if (!bs_to_list (in, bs_call_value (call, 0), &list))
    {
      bs_value_unref (acc);
      return FALSE;
    }
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      BsValue next;

      if (!bs_binary_op (in, BS_BINOP_MUL, acc, items[i], &next))
        {
          bs_value_unref (acc);
          bs_value_unref (list);
          return FALSE;
        }
      bs_value_unref (acc);
      acc = next;
    }
  bs_value_unref (list);
  *r = acc;
  return TRUE;
}

DECLARED (math_fsum)
{
  BsValue list;
  gsize n;
  BsValue *items;
  double sum = 0.0, c = 0.0;

  if (!bs_to_list (in, bs_call_value (call, 0), &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      double x, y, t;

      if (!bs_to_double (in, items[i], &x))
        {
          bs_value_unref (list);
          return FALSE;
        }
      y = x - c;
      t = sum + y;
      c = (t - sum) - y;
      sum = t;
    }
  bs_value_unref (list);
  *r = BS_FLOAT (sum);
  return TRUE;
}

#define ROW(signature, func) { "math", BS_SIG_BUILTIN, "math." signature, func }

static const BsSignatureRow rows[] = {
  ROW ("sqrt(x, /)", math_sqrt), ROW ("exp(x, /)", math_exp), ROW ("log(*args)", math_log),
  ROW ("log2(x, /)", math_log2), ROW ("log10(x, /)", math_log10),
  ROW ("log1p(x, /)", math_log1p), ROW ("sin(x, /)", math_sin), ROW ("cos(x, /)", math_cos),
  ROW ("tan(x, /)", math_tan), ROW ("tanh(x, /)", math_tanh), ROW ("atan(x, /)", math_atan),
  ROW ("asin(x, /)", math_asin), ROW ("acos(x, /)", math_acos),
  ROW ("atan2(y, x, /)", math_atan2), ROW ("fabs(x, /)", math_fabs),
  ROW ("floor(x, /)", math_floor), ROW ("ceil(x, /)", math_ceil),
  ROW ("pow(x, y, /)", math_pow), ROW ("isnan(x, /)", math_isnan),
  ROW ("isinf(x, /)", math_isinf), ROW ("isfinite(x, /)", math_isfinite),
  ROW ("isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)", math_isclose),
  ROW ("erf(x, /)", math_erf), ROW ("gamma(x, /)", math_gamma), ROW ("lgamma(x, /)", math_lgamma), ROW ("degrees(x, /)", math_degrees),
  ROW ("radians(x, /)", math_radians), ROW ("prod(iterable, /, *, start=1)", math_prod),
  ROW ("fsum(seq, /)", math_fsum),
};

const BsSignatureTable bs_math_table = BS_SIGNATURE_TABLE (rows);

void
bs_math_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "math");

  bs_module_add_declared (in, m, "math", BS_NONE);
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "pi", BS_FLOAT (G_PI));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "e", BS_FLOAT (G_E));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "tau", BS_FLOAT (2 * G_PI));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "inf", BS_FLOAT (INFINITY));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "nan", BS_FLOAT (NAN));
  bs_value_unref (m);
}
