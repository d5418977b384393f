/* bs-math-module.c: Python's math module */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <math.h>

#define MATH1(fname, expr) \
  BUILTIN (math_##fname) \
  { \
    double x; \
    if (!bs_exact_args (in, a, #fname, 1) || !bs_to_double (in, a->args[0], &x)) \
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

BUILTIN (math_floor)
{
  double x;

  if (!bs_exact_args (in, a, "floor", 1))
    return FALSE;
  if (bs_is_int (a->args[0]))
    return bs_to_int (in, a->args[0], &r->as.integer) && (r->type = BS_VALUE_INT, TRUE);
  if (!bs_to_double (in, a->args[0], &x))
    return FALSE;
  return to_int_checked (in, floor (x), r);
}

BUILTIN (math_ceil)
{
  double x;

  if (!bs_exact_args (in, a, "ceil", 1))
    return FALSE;
  if (bs_is_int (a->args[0]))
    return bs_to_int (in, a->args[0], &r->as.integer) && (r->type = BS_VALUE_INT, TRUE);
  if (!bs_to_double (in, a->args[0], &x))
    return FALSE;
  return to_int_checked (in, ceil (x), r);
}

BUILTIN (math_log)
{
  double x, base;

  if (a->n_args < 1 || a->n_args > 2 || !bs_to_double (in, a->args[0], &x))
    return a->n_args < 1 || a->n_args > 2
             ? bs_raise (in, "TypeError", "log expected 1 or 2 arguments") : FALSE;
  if (x <= 0)
    return bs_raise (in, "ValueError", "math domain error");
  if (a->n_args == 2)
    {
      if (!bs_to_double (in, a->args[1], &base))
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

BUILTIN (math_pow)
{
  double x, y;

  if (!bs_exact_args (in, a, "pow", 2) || !bs_to_double (in, a->args[0], &x)
      || !bs_to_double (in, a->args[1], &y))
    return FALSE;
  if (x == 0 && y < 0)
    return bs_raise (in, "ValueError", "math domain error");
  return math_result (in, pow (x, y), x < 0 && y != floor (y), r);
}

BUILTIN (math_atan2)
{
  double x, y;

  if (!bs_exact_args (in, a, "atan2", 2) || !bs_to_double (in, a->args[0], &y)
      || !bs_to_double (in, a->args[1], &x))
    return FALSE;
  *r = BS_FLOAT (atan2 (y, x));
  return TRUE;
}

BUILTIN (math_isclose)
{
  double x, y, rel = 1e-9, abs_tol = 0.0;
  BsValue *rv = bs_arg (a, G_MAXUINT, "rel_tol"), *av = bs_arg (a, G_MAXUINT, "abs_tol");

  if (a->n_args != 2 || !bs_to_double (in, a->args[0], &x) || !bs_to_double (in, a->args[1], &y))
    return a->n_args != 2 ? bs_raise (in, "TypeError", "isclose expected 2 arguments") : FALSE;
  if ((rv != NULL && !bs_to_double (in, *rv, &rel)) || (av != NULL && !bs_to_double (in, *av,
                                                                                      &abs_tol)))
    return FALSE;
  *r = BS_BOOL (x == y || fabs (x - y) <= MAX (rel * MAX (fabs (x), fabs (y)), abs_tol));
  return TRUE;
}

BUILTIN (math_prod)
{
  BsValue acc = BS_INT (1), list;
  gsize n;
  BsValue *items;

  if (a->n_args != 1 || !bs_to_list (in, a->args[0], &list))
    return a->n_args != 1 ? bs_raise (in, "TypeError", "prod expected 1 argument") : FALSE;
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

BUILTIN (math_fsum)
{
  BsValue list;
  gsize n;
  BsValue *items;
  double sum = 0.0, c = 0.0;

  if (a->n_args != 1 || !bs_to_list (in, a->args[0], &list))
    return a->n_args != 1 ? bs_raise (in, "TypeError", "fsum expected 1 argument") : FALSE;
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

void
bs_math_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "math");
  BsDict *unused = NULL;

  (void) unused;
  bs_module_add (in, m, "sqrt", math_sqrt);
  bs_module_add (in, m, "exp", math_exp);
  bs_module_add (in, m, "log", math_log);
  bs_module_add (in, m, "log2", math_log2);
  bs_module_add (in, m, "log10", math_log10);
  bs_module_add (in, m, "log1p", math_log1p);
  bs_module_add (in, m, "sin", math_sin);
  bs_module_add (in, m, "cos", math_cos);
  bs_module_add (in, m, "tan", math_tan);
  bs_module_add (in, m, "tanh", math_tanh);
  bs_module_add (in, m, "atan", math_atan);
  bs_module_add (in, m, "asin", math_asin);
  bs_module_add (in, m, "acos", math_acos);
  bs_module_add (in, m, "atan2", math_atan2);
  bs_module_add (in, m, "fabs", math_fabs);
  bs_module_add (in, m, "floor", math_floor);
  bs_module_add (in, m, "ceil", math_ceil);
  bs_module_add (in, m, "pow", math_pow);
  bs_module_add (in, m, "isnan", math_isnan);
  bs_module_add (in, m, "isinf", math_isinf);
  bs_module_add (in, m, "isfinite", math_isfinite);
  bs_module_add (in, m, "isclose", math_isclose);
  bs_module_add (in, m, "erf", math_erf);
  bs_module_add (in, m, "degrees", math_degrees);
  bs_module_add (in, m, "radians", math_radians);
  bs_module_add (in, m, "prod", math_prod);
  bs_module_add (in, m, "fsum", math_fsum);
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "pi", BS_FLOAT (G_PI));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "e", BS_FLOAT (G_E));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "tau", BS_FLOAT (2 * G_PI));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "inf", BS_FLOAT (INFINITY));
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "nan", BS_FLOAT (NAN));
  bs_value_unref (m);
}
