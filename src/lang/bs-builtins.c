/* bs-builtins.c: Python's built-in functions and exceptions, importing modules */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"
#include "bs-warnings.h"
#include "bs-re-module.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "bs-float-repr.h"
#include "bs-np-array.h"
#include "bs-py-number.h"
#include "bs-py-property.h"
#include "bs-signature.h"

/* --- print and conversions --------------------------------------------- */

DECLARED (builtin_print)
{
  BsValue sep = bs_call_value (call, 1), end = bs_call_value (call, 2);
  gsize n;
  BsValue *items = bs_value_items (bs_call_value (call, 0), &n);
  GString *s;

  if (!bs_value_is_none (bs_call_value (call, 3)))
    return bs_raise (in, "PermissionError",
                     "print(file=...) is not available in Backstep: scripts cannot write files");
  if ((!bs_value_is_none (sep) && bs_value_str (sep) == NULL)
      || (!bs_value_is_none (end) && bs_value_str (end) == NULL))
    return bs_raise (in, "TypeError", "%s must be None or a string, not %s",
                     bs_value_str (sep) == NULL && !bs_value_is_none (sep) ? "sep" : "end",
                     bs_type_name (bs_value_str (sep) == NULL && !bs_value_is_none (sep)
                                   ? sep : end));
  s = g_string_new (NULL);
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0)
        {
          if (bs_value_str (sep) != NULL)
            g_string_append_len (s, bs_value_str (sep), ((BsStr *) sep.as.object)->length);
          else
            g_string_append_c (s, ' ');
        }
      if (!bs_str (in, items[i], s))
        {
          g_string_free (s, TRUE);
          return FALSE;
        }
    }
  if (bs_value_str (end) != NULL)
    g_string_append_len (s, bs_value_str (end), ((BsStr *) end.as.object)->length);
  else
    g_string_append_c (s, '\n');
  /* the output callbacks take NUL-terminated text: a str's NULs end each piece */
  for (gsize at = 0; at < s->len; at += strlen (s->str + at) + 1)
    bs_interp_write_stdout (in, s->str + at);
  g_string_free (s, TRUE);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
parse_int_string (BsInterp   *in,
                  const char *text,
                  int         base,
                  gint64     *out)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  char *end = NULL;
  gint64 v;

  for (char *p = t, *q = t;; p++)
    {
      if (*p != '_')
        *q++ = *p;
      if (*p == '\0')
        break;
    }
  errno = 0;
  v = g_ascii_strtoll (t, &end, base);
  if (t[0] == '\0' || *end != '\0')
    return bs_raise (in, "ValueError", "invalid literal for int() with base %d: '%s'", base, text);
  if (errno == ERANGE)
    return bs_raise (in, "OverflowError", "int too large: Backstep's ints are 64-bit");
  *out = v;
  return TRUE;
}

DECLARED (builtin_int)
{
  BsValue v = bs_call_value (call, 0);
  double d;

  if (!call->given[0])
    {
      if (call->given[1])
        return bs_raise (in, "TypeError", "int() missing string argument");
      *r = BS_INT (0);
      return TRUE;
    }
  if (call->given[1] && bs_value_str (v) == NULL)
    return bs_raise (in, "TypeError", "int() can't convert non-string with explicit base");
  if (bs_is_int (v))
    {
      *r = BS_INT (v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer);
      return TRUE;
    }
  if (bs_value_str (v) != NULL)
    {
      gint64 base = 10;
      gint64 i = 0;

      if (call->given[1] && !bs_to_int (in, bs_call_value (call, 1), &base))
        return FALSE;
      if (!parse_int_string (in, bs_value_str (v), (int) base, &i))
        return FALSE;
      *r = BS_INT (i);
      return TRUE;
    }
  if (bs_value_tensor (v) != NULL && bs_value_tensor (v)->dtype == BS_DTYPE_INT64
      && bs_tensor_numel (bs_value_tensor (v)) == 1)
    {
      *r = BS_INT (bs_tensor_get_int (bs_value_tensor (v), 0));  /* exactly */
      return TRUE;
    }
  if (v.type == BS_VALUE_FLOAT || bs_value_tensor (v) != NULL || bs_np_is_operand (v))
    {
      if (!bs_to_double (in, v, &d))
        return FALSE;
      if (isnan (d))
        return bs_raise (in, "ValueError", "cannot convert float NaN to integer");
      if (isinf (d))
        return bs_raise (in, "OverflowError", "cannot convert float infinity to integer");
      if (d >= 9223372036854775808.0 || d < -9223372036854775808.0)
        return bs_raise (in, "OverflowError", "int too large: Backstep's ints are 64-bit");
      *r = BS_INT ((gint64) d);
      return TRUE;
    }
  /* an instance converts itself: __int__, else __index__, as CPython's int() */
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    for (guint i = 0; i < 2; i++)
      {
        const char *name = i == 0 ? "__int__" : "__index__";
        BsValue method;
        gboolean found;

        if (!bs_getattr_opt (in, v, name, &method, &found))
          return FALSE;
        if (!found)
          continue;
        found = bs_call_simple (in, method, NULL, 0, r);
        bs_value_unref (method);
        if (!found)
          return FALSE;
        if (!bs_is_int (*r))
          {
            BsValue result = *r;

            *r = BS_NONE;
            bs_raise (in, "TypeError", "%s returned non-int (type %s)", name,
                      bs_type_name (result));
            bs_value_unref (result);
            return FALSE;
          }
        return TRUE;
      }
  return bs_raise (in, "TypeError", "int() argument must be a string, a bytes-like object or a "
                   "real number, not '%s'", bs_type_name (v));
}

DECLARED (builtin_float)
{
  BsValue v = bs_call_value (call, 0);

  if (!call->given[0])
    {
      *r = BS_FLOAT (0.0);
      return TRUE;
    }
  if (bs_value_str (v) != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (bs_value_str (v)));
      g_autofree char *t = g_ascii_strdown (stripped, -1);
      char *end = NULL;
      double d;
      const char *u = t[0] == '+' || t[0] == '-' ? t + 1 : t;

      if (strcmp (u, "inf") == 0 || strcmp (u, "infinity") == 0)
        d = t[0] == '-' ? -INFINITY : INFINITY;
      else if (strcmp (u, "nan") == 0)
        d = NAN;
      else
        {
          d = g_ascii_strtod (t, &end);
          if (t[0] == '\0' || *end != '\0' || strchr (t, 'x') != NULL)
            return bs_raise (in, "ValueError", "could not convert string to float: '%s'",
                             bs_value_str (v));
        }
      *r = BS_FLOAT (d);
      return TRUE;
    }
  if (bs_is_number (v) || bs_value_tensor (v) != NULL || bs_np_is_operand (v))
    {
      double d;

      if (!bs_to_double (in, v, &d))
        return FALSE;
      *r = BS_FLOAT (d);
      return TRUE;
    }
  return bs_raise (in, "TypeError", "float() argument must be a string or a real number, not '%s'",
                   bs_type_name (v));
}

DECLARED (builtin_str)
{
  GString *s;

  for (guint i = 1; i <= 2; i++)
    if (call->given[i])
      {
        if (bs_value_str (bs_call_value (call, i)) == NULL)
          return bs_raise (in, "TypeError", "str() argument '%s' must be str, not %s",
                           i == 1 ? "encoding" : "errors",
                           bs_type_name (bs_call_value (call, i)));
        return bs_raise (in, "TypeError", "decoding str is not supported");
      }
  s = g_string_new (NULL);
  if (call->given[0] && !bs_str (in, bs_call_value (call, 0), s))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

DECLARED (builtin_repr)
{
  GString *s = g_string_new (NULL);

  if (!bs_repr (in, bs_call_value (call, 0), s))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

DECLARED (builtin_format)
{
  BsValue spec = bs_call_value (call, 1);
  GString *s;

  if (call->given[1] && bs_value_str (spec) == NULL)
    return bs_raise (in, "TypeError", "format() argument 2 must be str, not %s",
                     bs_type_name (spec));
  s = g_string_new (NULL);
  if (!bs_format_value (in, bs_call_value (call, 0), call->given[1] ? bs_value_str (spec) : "",
                        s))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

DECLARED (builtin_bool)
{
  gboolean t = FALSE;

  if (call->given[0] && !bs_truthy (in, bs_call_value (call, 0), &t))
    return FALSE;
  *r = BS_BOOL (t);
  return TRUE;
}

DECLARED (builtin_list)
{
  if (!call->given[0])
    {
      *r = bs_list_new (in->heap);
      return TRUE;
    }
  return bs_to_list (in, bs_call_value (call, 0), r);
}

DECLARED (builtin_tuple)
{
  BsValue arg = bs_call_value (call, 0), list;
  gsize n;
  BsValue *items;

  if (!call->given[0])
    {
      *r = bs_tuple_new (in->heap, 0);
      return TRUE;
    }
  if (bs_value_is_object (arg, BS_OBJECT_TUPLE) && !((BsTuple *) arg.as.object)->is_size)
    {
      *r = bs_value_ref (arg);
      return TRUE;
    }
  if (!bs_to_list (in, arg, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  *r = bs_tuple_from (in, items, n);
  bs_value_unref (list);
  return TRUE;
}

/* The entries of a **kwargs dict as the keyword arguments of args; kwargs_clear() frees
 * what this makes. */
static void
kwargs_to_args (BsValue  kwargs,
                BsArgs  *args)
{
  BsDict *kw = (BsDict *) kwargs.as.object;
  const char **names = g_new0 (const char *, kw->entries->len + 1);
  BsValue *values = g_new0 (BsValue, kw->entries->len + 1);

  args->n_kw = 0;
  for (guint i = 0; i < kw->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (kw->entries, BsDictEntry, i);

      if (e->deleted)
        continue;
      names[args->n_kw] = bs_value_str (e->key);
      values[args->n_kw++] = e->value;
    }
  args->kw_names = names;
  args->kw_values = values;
}

static void
kwargs_clear (BsArgs *args)
{
  g_free ((gpointer) args->kw_names);
  g_free (args->kw_values);
}

/* dict(other, **kwargs): a new dict, filled as dict.update() does */
DECLARED (builtin_dict)
{
  const BsDecl *update = bs_signature_set_find (in->signatures, "dict", "update");
  BsValue d = bs_dict_new (in->heap), ignored;
  BsArgs args = { &call->values[0], call->given[0] ? 1 : 0 };
  gboolean ok;

  kwargs_to_args (bs_call_value (call, 1), &args);
  ok = bs_decl_call (in, update, d, &args, &ignored);
  kwargs_clear (&args);
  if (!ok)
    {
      bs_value_unref (d);
      return FALSE;
    }
  *r = d;
  return TRUE;
}

/* range(stop) or range(start, stop[, step]) */
DECLARED (builtin_range)
{
  gint64 bounds[3] = { 0, 0, 1 };
  guint n = 1 + call->given[1] + call->given[2];

  for (guint i = 0; i < n; i++)
    if (!bs_is_int (bs_call_value (call, i)))
      return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                       bs_type_name (bs_call_value (call, i)));
  for (guint i = 0; i < n; i++)
    bs_to_int (in, bs_call_value (call, i), &bounds[n == 1 ? 1 : i]);
  if (bounds[2] == 0)
    return bs_raise (in, "ValueError", "range() arg 3 must not be zero");
  *r = bs_range_new (in, bounds[0], bounds[1], bounds[2]);
  return TRUE;
}

DECLARED (builtin_len)
{
  gint64 n;

  if (!bs_len (in, bs_call_value (call, 0), &n))
    return FALSE;
  *r = BS_INT (n);
  return TRUE;
}

DECLARED (builtin_abs)
{
  BsValue x = bs_call_value (call, 0);

  if (bs_is_number (x) && x.numpy)
    return bs_np_number_abs (in, x, r);
  if (x.type == BS_VALUE_FLOAT)
    {
      *r = BS_FLOAT (fabs (x.as.number));
      return TRUE;
    }
  if (bs_is_int (x))
    {
      gint64 v;

      bs_to_int (in, x, &v);
      if (v == G_MININT64)
        return bs_raise_overflow (in);
      *r = BS_INT (v < 0 ? -v : v);
      return TRUE;
    }
  if (bs_value_tensor (x) != NULL)
    return bs_call_method (in, x, "abs", NULL, 0, r);
  if (bs_np_is_operand (x))
    return bs_np_abs (in, x, r);
  if (bs_value_is_object (x, BS_OBJECT_INSTANCE))
    return bs_call_method (in, x, "__abs__", NULL, 0, r);
  return bs_raise (in, "TypeError", "bad operand type for abs(): '%s'",
                   bs_type_name (x));
}

/* min (data BS_CMPOP_LT) and max (BS_CMPOP_GT) */
DECLARED (builtin_min_max)
{
  BsCmpOp op = bs_call_data (call);
  const char *fname = call->sig->name;
  BsValue list, best = BS_NONE, best_key = BS_NONE;
  BsValue key = bs_call_value (call, 1);
  gsize n, n_args;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n_args);
  BsValue *items;
  gboolean have = FALSE;

  if (n_args == 0)
    return bs_raise (in, "TypeError", "%s expected at least 1 argument, got 0", fname);
  if (n_args > 1 && call->given[2])
    return bs_raise (in, "TypeError", "Cannot specify a default for %s() with multiple "
                     "positional arguments", fname);
  if (n_args == 1)
    {
      if (!bs_to_list (in, args[0], &list))
        return FALSE;
    }
  else
    list = bs_tuple_from (in, args, n_args);
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      BsValue k, cmp;
      gboolean better;

      if (!bs_value_is_none (key))
        {
          if (!bs_call_simple (in, key, &items[i], 1, &k))
            goto fail;
        }
      else
        k = bs_value_ref (items[i]);
      if (!have)
        {
          best = items[i];
          best_key = k;
          have = TRUE;
          continue;
        }
      if (!bs_compare_op (in, op, k, best_key, &cmp))
        {
          bs_value_unref (k);
          goto fail;
        }
      if (!bs_truthy (in, cmp, &better))
        {
          bs_value_unref (cmp);
          bs_value_unref (k);
          goto fail;
        }
      bs_value_unref (cmp);
      if (better)
        {
          bs_value_unref (best_key);
          best = items[i];
          best_key = k;
        }
      else
        bs_value_unref (k);
    }
  if (!have)
    {
      bs_value_unref (list);
      if (call->given[2])
        {
          *r = bs_value_ref (bs_call_value (call, 2));
          return TRUE;
        }
      return bs_raise (in, "ValueError", "%s() arg is an empty sequence", fname);
    }
  *r = bs_value_ref (best);
  bs_value_unref (best_key);
  bs_value_unref (list);
  return TRUE;

fail:
  bs_value_unref (best_key);
  bs_value_unref (list);
  return FALSE;
}

DECLARED (builtin_sum)
{
  BsValue acc, item;
  BsPyIter it;
  int n;

  /* item by item, as Python: sum(range(10**8)) needs no list of 10**8 ints */
  if (!bs_py_iter_init (in, bs_call_value (call, 0), &it))
    return FALSE;
  acc = call->given[1] ? bs_value_ref (bs_call_value (call, 1)) : BS_INT (0);
  while ((n = bs_py_iter_next (in, &it, &item)) > 0)
    {
      BsValue next;
      gboolean ok = bs_binary_op (in, BS_BINOP_ADD, acc, item, &next);

      bs_value_unref (item);
      bs_value_unref (acc);
      acc = ok ? next : BS_NONE;
      if (!ok)
        {
          n = -1;
          break;
        }
    }
  bs_py_iter_clear (&it);
  if (n < 0)
    {
      bs_value_unref (acc);
      return FALSE;
    }
  *r = acc;
  return TRUE;
}

/* Python's round(): half to even, exactly for the given digits. */
static double
round_digits (double x,
              gint64 digits)
{
  char buf[64];
  g_autofree char *spec = NULL;
  char *s;

  if (!isfinite (x) || digits > 300)
    return x;
  if (digits < -300)
    return 0.0 * x;
  if (digits >= 0)
    {
      spec = g_strdup_printf (".%" G_GINT64_FORMAT "f", digits);
      s = bs_float_format (x, spec, NULL);
      if (s == NULL)
        return x;
      g_strlcpy (buf, s, sizeof buf);
      g_free (s);
      return g_ascii_strtod (buf, NULL);
    }
  {
    double p = pow (10.0, (double) -digits), y = x / p, ry = nearbyint (y);

    return ry * p;
  }
}

DECLARED (builtin_round)
{
  BsValue v = bs_call_value (call, 0), nd = bs_call_value (call, 1);

  if (bs_value_tensor (v) != NULL
      || ((bs_np_is_operand (v) || (v.numpy && v.type != BS_VALUE_BOOL))
          && (!bs_value_is_none (nd) || bs_np_array_tensor (v) != NULL)))
    {
      if (!bs_value_is_none (nd))
        return bs_call_method (in, v, "round", &nd, 1, r);
      return bs_call_method (in, v, "round", NULL, 0, r);
    }
  if (bs_value_is_none (nd))
    {
      double d;

      if (bs_is_int (v))
        {
          *r = BS_INT (v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer);
          return TRUE;
        }
      if (!bs_to_double (in, v, &d))
        return FALSE;
      if (isnan (d))
        return bs_raise (in, "ValueError", "cannot convert float NaN to integer");
      if (isinf (d))
        return bs_raise (in, "OverflowError", "cannot convert float infinity to integer");
      d = nearbyint (d);
      if (fabs (d) >= 9.2e18)
        return bs_raise (in, "OverflowError", "int too large: Backstep's ints are 64-bit");
      *r = BS_INT ((gint64) d);
      return TRUE;
    }
  {
    gint64 digits;
    double d;

    if (!bs_to_int (in, nd, &digits))
      return FALSE;
    if (bs_is_int (v))
      {
        *r = v;
        if (digits < 0)
          {
            double p = pow (10.0, (double) -digits);
            gint64 x = v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer;

            *r = BS_INT ((gint64) (nearbyint ((double) x / p) * p));
          }
        return TRUE;
      }
    if (!bs_to_double (in, v, &d))
      return FALSE;
    *r = BS_FLOAT (round_digits (d, digits));
    return TRUE;
  }
}

/* sorted(iterable, **kwargs): a new list, sorted by list.sort(**kwargs) */
DECLARED (builtin_sorted)
{
  const BsDecl *sort = bs_signature_set_find (in->signatures, "list", "sort");
  BsValue list, ignored;
  BsArgs args = { NULL, 0 };
  gboolean ok;

  if (!bs_to_list (in, bs_call_value (call, 0), &list))
    return FALSE;
  kwargs_to_args (bs_call_value (call, 1), &args);
  ok = bs_decl_call (in, sort, list, &args, &ignored);
  kwargs_clear (&args);
  if (!ok)
    {
      bs_value_unref (list);
      return FALSE;
    }
  *r = list;
  return TRUE;
}

/* any (data FALSE) and all (TRUE) */
DECLARED (builtin_any_all)
{
  gboolean is_all = bs_call_data (call);
  BsPyIter it;
  BsValue v;
  int n;

  if (!bs_py_iter_init (in, bs_call_value (call, 0), &it))
    return FALSE;
  *r = BS_BOOL (is_all);
  while ((n = bs_py_iter_next (in, &it, &v)) > 0)
    {
      gboolean t;

      if (!bs_truthy (in, v, &t))
        {
          bs_value_unref (v);
          n = -1;
          break;
        }
      bs_value_unref (v);
      if (t != is_all)
        {
          *r = BS_BOOL (!is_all);
          break;
        }
    }
  bs_py_iter_clear (&it);
  return n >= 0;
}

static gboolean
type_matches (BsInterp *in,
              BsValue   v,
              BsValue   type)
{
  gsize n;
  BsValue *items = bs_value_items (type, &n);

  if (items != NULL && bs_value_is_object (type, BS_OBJECT_TUPLE))
    {
      for (gsize i = 0; i < n; i++)
        if (type_matches (in, v, items[i]))
          return TRUE;
      return FALSE;
    }
  if (bs_value_is_object (type, BS_OBJECT_CLASS))
    return ((BsClass *) type.as.object)->is_object || bs_is_subclass (bs_class_of (in, v), type)
           || bs_is_subclass (bs_builtin_class_base (in, bs_value_type_name (v)), type);
  if (bs_np_is_type (type))
    return bs_np_scalar_isinstance (v, type);
  if (bs_value_is_object (type, BS_OBJECT_BUILTIN))
    {
      const char *name = ((BsBuiltin *) type.as.object)->name;
      const char *tn = bs_value_type_name (v);
      const char *subclassed = bs_value_is_object (v, BS_OBJECT_INSTANCE)
        ? ((BsClass *) ((BsInstance *) v.as.object)->klass.as.object)->builtin_base : NULL;

      if (strcmp (name, "object") == 0)
        return TRUE;
      /* np.dtype, int ... are types */
      if (strcmp (name, "type") == 0 && bs_builtin_is_type (in, v))
        return TRUE;
      /* an instance of class X(dict) is a dict; of X(OrderedDict) an OrderedDict too */
      if (subclassed != NULL)
        return strcmp (name, subclassed) == 0
               || (strcmp (name, "dict") == 0 && strcmp (subclassed, "OrderedDict") == 0);
      /* np.float64 is a float; np.int64 and np.bool_ are not int or bool */
      if (strcmp (name, "int") == 0)
        return (v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL) && !v.numpy;
      if (strcmp (name, "float") == 0)
        return v.type == BS_VALUE_FLOAT;
      if (strcmp (name, "Tensor") == 0 || strcmp (name, "Parameter") == 0)
        {
          BsTensor *t = bs_value_tensor (v);

          return t != NULL && (name[0] == 'T' || t->is_parameter);
        }
      if (strcmp (name, "Size") == 0)
        return bs_value_is_object (v, BS_OBJECT_TUPLE) && ((BsTuple *) v.as.object)->is_size;
      if (strcmp (name, "tuple") == 0)
        return bs_value_is_object (v, BS_OBJECT_TUPLE);
      /* an OrderedDict is a dict */
      if (strcmp (name, "dict") == 0)
        return bs_value_is_object (v, BS_OBJECT_DICT);
      return strcmp (name, tn) == 0;
    }
  return FALSE;
}

DECLARED (builtin_isinstance)
{
  *r = BS_BOOL (type_matches (in, bs_call_value (call, 0), bs_call_value (call, 1)));
  return TRUE;
}

/* issubclass(cls, base): base in cls's method resolution order (built-in types too) */
static gboolean
class_derives (BsInterp *in,
               BsValue   klass,
               BsValue   base)
{
  BsValue mro;
  BsTuple *t;
  gboolean found = FALSE;

  if (bs_value_is_object (base, BS_OBJECT_CLASS) && bs_value_is_object (klass, BS_OBJECT_CLASS))
    return ((BsClass *) base.as.object)->is_object || bs_is_subclass (klass, base);
  /* a built-in type, also one with a Python base (torch.optim.SGD), goes by its __mro__ */
  mro = bs_class_mro (in, klass);
  t = (BsTuple *) mro.as.object;
  for (gsize i = 0; i < t->length && !found; i++)
    found = base.type == BS_VALUE_OBJECT && t->items[i].as.object == base.as.object;
  bs_value_unref (mro);
  return found;
}

DECLARED (builtin_issubclass)
{
  BsValue klass = bs_call_value (call, 0);
  gsize n = 1;
  BsValue *bases = &call->values[1];
  gboolean result = FALSE;

  gboolean numpy = bs_np_is_type (klass);

  if (!numpy && !bs_value_is_object (klass, BS_OBJECT_CLASS) && !bs_builtin_is_type (in, klass)
      && !(bs_value_is_object (klass, BS_OBJECT_BUILTIN)
           && !bs_value_is_none (bs_builtin_class_base (in, ((BsBuiltin *) klass.as.object)->name))))
    return bs_raise (in, "TypeError", "issubclass() arg 1 must be a class");
  if (bs_value_is_object (*bases, BS_OBJECT_TUPLE))
    bases = bs_value_items (*bases, &n);
  for (gsize i = 0; i < n && !result; i++)
    result = numpy ? bs_np_issubclass (in, klass, bases[i]) : class_derives (in, klass, bases[i]);
  *r = BS_BOOL (result);
  return TRUE;
}

DECLARED (builtin_type)
{
  gsize n;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n);

  if (n == 3)
    return bs_raise (in, "NotImplementedError", "type(name, bases, dict) is not supported by "
                     "Backstep: write a class statement");
  if (n != 1)
    return bs_raise (in, "TypeError", "type() takes 1 or 3 arguments");
  return bs_type_of (in, args[0], r);
}

gboolean
bs_type_of (BsInterp *in,
            BsValue   v,
            BsValue  *r)
{
  const char *name;

  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      *r = bs_value_ref (((BsInstance *) v.as.object)->klass);
      return TRUE;
    }
  /* (np.dtype is a numpy._DTypeMeta) */
  *r = bs_np_scalar_type_of (in, v);
  if (!bs_value_is_none (*r))
    return TRUE;
  if (bs_builtin_is_type (in, v))
    {
      *r = bs_value_ref (bs_lookup_builtin (in, "type"));
      return TRUE;
    }
  name = bs_value_tensor (v) != NULL ? "Tensor"
       : bs_value_is_object (v, BS_OBJECT_TUPLE) && ((BsTuple *) v.as.object)->is_size ? "Size"
       : bs_value_type_name (v);
  if (bs_value_is_object (v, BS_OBJECT_TUPLE) && ((BsTuple *) v.as.object)->struct_seq != NULL)
    name = strrchr (name, '.') + 1;
  if (strcmp (name, "Tensor") == 0 && bs_value_tensor (v)->is_parameter)
    name = "Parameter";
  if (bs_grad_fn_value_name (v) != NULL)
    name = bs_grad_fn_value_name (v);
  *r = bs_lookup_builtin (in, name);
  if (bs_value_is_none (*r))
    {
      /* a type without a name in builtins: a fresh stand-in, called as str() is */
      *r = bs_decl_builtin (in, bs_signature_set_find (in->signatures, "builtins", "str"),
                            BS_NONE);
      ((BsBuiltin *) r->as.object)->name = g_intern_string (name);
      return TRUE;
    }
  bs_value_ref (*r);
  return TRUE;
}

gboolean
bs_is_type_stand_in (BsInterp *in,
                     BsValue   v)
{
  const BsBuiltin *b = bs_value_is_object (v, BS_OBJECT_BUILTIN) ? (BsBuiltin *) v.as.object
                                                                 : NULL;

  return b != NULL && b->decl == bs_signature_set_find (in->signatures, "builtins", "str")
         && strcmp (b->name, "str") != 0 && bs_value_is_none (b->self);
}

DECLARED (builtin_hasattr)
{
  const char *name = bs_value_str (bs_call_value (call, 1));
  BsValue v;
  gboolean found;

  if (name == NULL)
    return bs_raise (in, "TypeError", "hasattr(): attribute name must be string");
  if (!bs_getattr_opt (in, bs_call_value (call, 0), name, &v, &found))
    {
      if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "AttributeError")))
        {
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          *r = BS_BOOL (FALSE);
          return TRUE;
        }
      return FALSE;
    }
  bs_value_unref (v);
  *r = BS_BOOL (found);
  return TRUE;
}

DECLARED (builtin_getattr)
{
  const char *name = bs_value_str (bs_call_value (call, 1));

  if (name == NULL)
    return bs_raise (in, "TypeError", "getattr(): attribute name must be string");
  if (call->given[2])
    {
      gboolean found;

      if (!bs_getattr_opt (in, bs_call_value (call, 0), name, r, &found))
        return FALSE;
      if (!found)
        *r = bs_value_ref (bs_call_value (call, 2));
      return TRUE;
    }
  return bs_getattr (in, bs_call_value (call, 0), name, r);
}

DECLARED (builtin_setattr)
{
  const char *name = bs_value_str (bs_call_value (call, 1));

  if (name == NULL)
    return bs_raise (in, "TypeError", "attribute name must be string, not '%s'",
                     bs_type_name (bs_call_value (call, 1)));
  *r = BS_NONE;
  /* the name must outlive the call: intern it */
  return bs_setattr (in, bs_call_value (call, 0), g_intern_string (name),
                     bs_call_value (call, 2));
}

DECLARED (builtin_refused);

DECLARED (builtin_delattr)
{
  const char *name = bs_value_str (bs_call_value (call, 1));

  if (name == NULL)
    return bs_raise (in, "TypeError", "attribute name must be string, not '%s'",
                     bs_type_name (bs_call_value (call, 1)));
  *r = BS_NONE;
  return bs_delattr (in, bs_call_value (call, 0), g_intern_string (name));
}

/* vars(obj): the attribute dict of an instance, class or module; vars() with no argument is
 * locals(), which stays refused. */
DECLARED (builtin_vars)
{
  BsValue v = bs_call_value (call, 0);

  if (!call->given[0])
    return builtin_refused (in, call, r);
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    *r = bs_value_ref (((BsInstance *) v.as.object)->dict);
  else if (bs_value_is_object (v, BS_OBJECT_CLASS))
    *r = bs_value_ref (((BsClass *) v.as.object)->dict);
  else if (bs_value_is_object (v, BS_OBJECT_MODULE))
    *r = bs_value_ref (((BsModule *) v.as.object)->dict);
  else
    return bs_raise (in, "TypeError", "vars() argument must have __dict__ attribute");
  return TRUE;
}

DECLARED (builtin_callable)
{
  BsValue v = bs_call_value (call, 0);
  gboolean found = FALSE;

  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue m;

      found = bs_class_lookup (((BsInstance *) v.as.object)->klass, "__call__", &m);
    }
  else
    found = bs_value_is_object (v, BS_OBJECT_FUNCTION) || bs_value_is_object (v, BS_OBJECT_BUILTIN)
            || bs_value_is_object (v, BS_OBJECT_BOUND_METHOD)
            || bs_value_is_object (v, BS_OBJECT_CLASS);
  *r = BS_BOOL (found);
  return TRUE;
}

DECLARED (builtin_divmod)
{
  BsValue x = bs_call_value (call, 0), y = bs_call_value (call, 1), q, m;

  if (!bs_binary_op (in, BS_BINOP_FLOOR_DIV, x, y, &q))
    return FALSE;
  if (!bs_binary_op (in, BS_BINOP_MOD, x, y, &m))
    {
      bs_value_unref (q);
      return FALSE;
    }
  {
    BsValue pair[2] = { q, m };

    *r = bs_tuple_from (in, pair, 2);
  }
  bs_value_unref (q);
  bs_value_unref (m);
  return TRUE;
}

DECLARED (builtin_pow)
{
  BsValue *args = call->values;
  gint64 base, exp, mod;
  unsigned __int128 acc = 1, b;

  if (bs_value_is_none (args[2]))
    return bs_binary_op (in, BS_BINOP_POW, args[0], args[1], r);
  if (!bs_is_int (args[0]) || !bs_is_int (args[1]) || !bs_is_int (args[2]))
    return bs_raise (in, "TypeError", "pow() 3rd argument not allowed unless all arguments are "
                     "integers");
  bs_to_int (in, args[0], &base);
  bs_to_int (in, args[1], &exp);
  bs_to_int (in, args[2], &mod);
  if (mod == 0)
    return bs_raise (in, "ValueError", "pow() 3rd argument cannot be 0");
  {
    guint64 m = mod < 0 ? (guint64) 0 - (guint64) mod : (guint64) mod;
    gint64 rb = base % (gint64) m;

    b = (unsigned __int128) (rb < 0 ? rb + (gint64) m : rb);
    if (exp < 0)
      {
        /* the modular inverse, by the extended Euclidean algorithm */
        gint64 t = 0, nt = 1, rr = (gint64) m, nr = (gint64) b;

        while (nr != 0)
          {
            gint64 q = rr / nr, tmp;

            tmp = t - q * nt; t = nt; nt = tmp;
            tmp = rr - q * nr; rr = nr; nr = tmp;
          }
        if (rr != 1)
          return bs_raise (in, "ValueError", "base is not invertible for the given modulus");
        b = (unsigned __int128) (t < 0 ? t + (gint64) m : t);
        exp = -exp;
      }
    for (; exp > 0; exp >>= 1)
      {
        if (exp & 1)
          acc = acc * b % m;
        b = b * b % m;
      }
    acc %= m;
    /* the result takes the sign of the modulus */
    *r = BS_INT (mod < 0 && acc != 0 ? (gint64) acc + mod : (gint64) acc);
  }
  return TRUE;
}

DECLARED (builtin_id)
{
  BsValue v = bs_call_value (call, 0);

  *r = BS_INT ((gint64) bs_value_address (v));
  return TRUE;
}

/* hex(), oct() and bin(): the row's data is the base */
DECLARED (builtin_int_text)
{
  guint base = (guint) bs_call_data (call);
  const char *digits = "0123456789abcdef";
  char buf[72];
  char *p = buf + sizeof buf;
  gint64 v;
  guint64 m;

  if (!bs_to_int (in, bs_call_value (call, 0), &v))
    return FALSE;
  m = v < 0 ? -(guint64) v : (guint64) v;
  *--p = '\0';
  do
    *--p = digits[m % base];
  while ((m /= base) != 0);
  *--p = base == 16 ? 'x' : base == 8 ? 'o' : 'b';
  *--p = '0';
  if (v < 0)
    *--p = '-';
  *r = bs_str_value (in, p);
  return TRUE;
}

DECLARED (builtin_hash)
{
  gint64 h;

  if (!bs_py_hash (in, bs_call_value (call, 0), &h))
    return FALSE;
  *r = BS_INT (h);
  return TRUE;
}

DECLARED (builtin_chr)
{
  gint64 c;
  char buf[8];
  int n;

  if (!bs_to_int (in, bs_call_value (call, 0), &c))
    return FALSE;
  if (c < 0 || c > 0x10ffff)
    return bs_raise (in, "ValueError", "chr() arg not in range(0x110000)");
  n = g_unichar_to_utf8 ((gunichar) c, buf);
  *r = bs_str_new (in->heap, buf, n);
  return TRUE;
}

DECLARED (builtin_ord)
{
  BsValue v = bs_call_value (call, 0);
  const char *s = bs_value_str (v);

  if (s == NULL)
    return bs_raise (in, "TypeError", "ord() expected string of length 1, but %s found",
                     bs_type_name (v));
  if (((BsStr *) v.as.object)->n_chars != 1)
    return bs_raise (in, "TypeError", "ord() expected a character, but string of length %ld "
                     "found", ((BsStr *) v.as.object)->n_chars);
  *r = BS_INT (g_utf8_get_char (s));
  return TRUE;
}

/* --- classes ----------------------------------------------------------- */

static const BsNativeType super_type;

typedef struct {
  BsValue klass;     /* look up after this class */
  BsValue self;
} SuperData;

static void
super_free (gpointer p)
{
  SuperData *d = p;

  bs_value_unref (d->klass);
  bs_value_unref (d->self);
  g_free (d);
}

/* Looks name up along the method resolution order of self's type (of self, a class, in a
 * class method) after d->klass, then in object; binds what it finds to self. */
static gboolean
super_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  SuperData *d = bs_value_native (self, &super_type.base);
  gboolean of_class = bs_value_is_object (d->self, BS_OBJECT_CLASS);
  BsValue type = of_class ? d->self : bs_class_of (in, d->self);
  BsValue v, owner;
  BsValue *object = bs_env_lookup (in->builtins, "object");

  *found = FALSE;
  if (!bs_class_lookup_after (type, d->klass, name, &v, &owner)
      && !(object != NULL && bs_class_lookup (*object, name, &v)))
    return TRUE;
  *found = TRUE;
  if (bs_classmethod_func (v) != NULL)
    *out = bs_bound_method_new (in, type, *bs_classmethod_func (v));
  else if (bs_value_is_object (v, BS_OBJECT_NATIVE)
           && strcmp (((BsNative *) v.as.object)->klass->name, "staticmethod") == 0)
    *out = bs_value_ref (*(BsValue *) ((BsNative *) v.as.object)->data);
  else if (of_class)
    *out = bs_value_ref (v);
  else if (bs_property_is (v))
    return bs_property_get (in, v, d->self, out);
  else if (bs_value_is_object (v, BS_OBJECT_FUNCTION) || bs_value_is_object (v, BS_OBJECT_BUILTIN))
    *out = bs_bound_method_new (in, d->self, v);
  else
    *out = bs_value_ref (v);
  return TRUE;
}

static const BsNativeType super_type = {
  { "super", super_free }, super_getattr, NULL, NULL,
};

DECLARED (builtin_super)
{
  SuperData *d;
  BsValue klass, obj;

  if (call->given[0] && !call->given[1])
    return bs_raise (in, "NotImplementedError", "super(type) without an object is not "
                     "supported by Backstep");
  if (call->given[1])
    {
      klass = bs_call_value (call, 0);
      obj = bs_call_value (call, 1);
    }
  else
    {
      BsFrame *f = in->frame;

      if (f == NULL || f->func == NULL || bs_value_is_none (f->func->klass))
        return bs_raise (in, "RuntimeError", "super(): no arguments");
      klass = f->func->klass;
      obj = f->first_arg;
    }
  if (!bs_value_is_object (klass, BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "super() argument 1 must be a type, not %s",
                     bs_type_name (klass));
  if (!bs_is_subclass (bs_class_of (in, obj), klass)
      && !(bs_value_is_object (obj, BS_OBJECT_CLASS) && bs_is_subclass (obj, klass)))
    return bs_raise (in, "TypeError", "super(type, obj): obj must be an instance or subtype of "
                     "type");
  d = g_new0 (SuperData, 1);
  d->klass = bs_value_ref (klass);
  d->self = bs_value_ref (obj);
  *r = bs_native_new (in->heap, &super_type.base, d);
  return TRUE;
}

static void
boxed_free (gpointer p)
{
  BsValue *v = p;

  bs_value_unref (*v);
  g_free (v);
}

static const BsNativeType staticmethod_type = {
  { "staticmethod", boxed_free }, NULL, NULL, NULL,
};

DECLARED (builtin_staticmethod)
{
  BsValue *box = g_new (BsValue, 1);

  *box = bs_value_ref (bs_call_value (call, 0));
  *r = bs_native_new (in->heap, &staticmethod_type.base, box);
  return TRUE;
}

static const BsNativeType classmethod_type = {
  { "classmethod", boxed_free }, NULL, NULL, NULL,
};

BsValue
bs_classmethod_new (BsInterp *in,
                    BsValue   func)
{
  BsValue *box = g_new (BsValue, 1);

  *box = func;
  return bs_native_new (in->heap, &classmethod_type.base, box);
}

BsValue *
bs_classmethod_func (BsValue v)
{
  return bs_value_native (v, &classmethod_type.base);
}

DECLARED (builtin_classmethod)
{
  *r = bs_classmethod_new (in, bs_value_ref (bs_call_value (call, 0)));
  return TRUE;
}

/* BaseException.__init__(self, /, *args, **kwargs): keeps args; keywords refused with the
 * instance's type named, as CPython */
DECLARED (exception_init)
{
  BsValue self = call->self, kwargs = bs_call_value (call, 2);
  BsInstance *instance;

  if (!bs_value_is_object (self, BS_OBJECT_INSTANCE))
    return bs_raise (in, "TypeError", "descriptor '__init__' requires a 'BaseException' object "
                     "but received a '%s'", bs_type_name (self));
  instance = (BsInstance *) self.as.object;
  if (bs_value_is_object (kwargs, BS_OBJECT_DICT) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "TypeError", "%s() takes no keyword arguments", bs_type_name (self));
  bs_value_unref (instance->args);
  instance->args = bs_value_ref (bs_call_value (call, 1));
  *r = BS_NONE;
  return TRUE;
}

/* object.__init__(self, /, *args, **kwargs): arguments beyond self are an error; CPython
 * names object when the instance's class has an __init__ of its own, the class otherwise */
DECLARED (object_init)
{
  BsValue self = call->self, args = bs_call_value (call, 1), kwargs = bs_call_value (call, 2);
  gsize n_args = 0;
  BsValue init;

  bs_value_items (args, &n_args);
  *r = BS_NONE;
  if (n_args == 0 && (!bs_value_is_object (kwargs, BS_OBJECT_DICT)
                      || ((BsDict *) kwargs.as.object)->n_live == 0))
    return TRUE;
  if (bs_value_is_object (self, BS_OBJECT_INSTANCE)
      && !bs_class_lookup (((BsInstance *) self.as.object)->klass, "__init__", &init))
    return bs_raise (in, "TypeError", "%s.__init__() takes exactly one argument (the instance "
                     "to initialize)", bs_type_name (self));
  return bs_raise (in, "TypeError", "object.__init__() takes exactly one argument (the instance "
                   "to initialize)");
}

/* object.__init_subclass__(): what super().__init_subclass__() ends at; does nothing */
DECLARED (object_init_subclass)
{
  *r = BS_NONE;
  return TRUE;
}

/* --- refused ------------------------------------------------------------ */

/* what scripts may not do: open(), eval(), input(), vars() without an argument... */
DECLARED (builtin_refused)
{
  const char *name = call->sig->name;

  if (strcmp (name, "open") == 0)
    return bs_raise (in, "PermissionError", "open() is not available in Backstep: scripts cannot "
                     "read or write files");
  if (strcmp (name, "input") == 0)
    return bs_raise (in, "PermissionError", "input() is not available in Backstep: scripts "
                     "cannot read from the terminal");
  return bs_raise (in, "PermissionError", "%s() is not available in Backstep: scripts cannot run "
                   "code they build at run time or reach the interpreter's internals", name);
}

/* --- singletons -------------------------------------------------------- */

static gboolean
singleton_repr (BsInterp *in,
                BsValue   self,
                GString  *out)
{
  const char *name = ((BsNative *) self.as.object)->klass->name;

  g_string_append (out, strcmp (name, "ellipsis") == 0 ? "Ellipsis" : "NotImplemented");
  return TRUE;
}

static const BsNativeType ellipsis_type = {
  { "ellipsis", NULL }, NULL, NULL, singleton_repr,
};

static const BsNativeType not_implemented_type = {
  { "NotImplementedType", NULL }, NULL, NULL, singleton_repr,
};

gboolean
bs_is_ellipsis (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_NATIVE)
         && ((BsNative *) v.as.object)->klass == &ellipsis_type.base;
}

/* --- set-up ------------------------------------------------------------ */

static BsValue
add_exception (BsInterp   *in,
               const char *name,
               BsValue     base)
{
  BsValue klass = bs_class_new (in, name, base);

  ((BsClass *) klass.as.object)->is_exception = TRUE;
  bs_class_init_builtin_exception (klass);
  bs_env_set (in->builtins, name, klass);
  return klass;
}

#define ROW(signature, func) { "builtins", BS_SIG_BUILTIN, signature, func }
#define REFUSED(name) ROW (name "(*args, **kwargs)", builtin_refused)

static const BsSignatureRow rows[] = {
  ROW ("print(*args, sep=' ', end='\\n', file=None, flush=False)", builtin_print),
  ROW ("int(x=0, /, base=10)", builtin_int),
  ROW ("float(x=0, /)", builtin_float),
  ROW ("str(object='', encoding='utf-8', errors='strict')", builtin_str),
  ROW ("repr(obj, /)", builtin_repr),
  ROW ("bool(x=False, /)", builtin_bool),
  ROW ("list(iterable=(), /)", builtin_list),
  ROW ("tuple(iterable=(), /)", builtin_tuple),
  ROW ("dict(other=(), /, **kwargs)", builtin_dict),
  ROW ("range(start_or_stop, stop=None, step=None, /)", builtin_range),
  ROW ("len(obj, /)", builtin_len),
  ROW ("abs(x, /)", builtin_abs),
  { "builtins", BS_SIG_BUILTIN, "min(*args, key=None, default=None)|parse_tuple",
    builtin_min_max,
    BS_CMPOP_LT },
  { "builtins", BS_SIG_BUILTIN, "max(*args, key=None, default=None)|parse_tuple",
    builtin_min_max,
    BS_CMPOP_GT },
  ROW ("sum(iterable, /, start=0)", builtin_sum),
  ROW ("round(number, ndigits=None)", builtin_round),
  ROW ("sorted(iterable, /, **kwargs)", builtin_sorted),
  { "builtins", BS_SIG_BUILTIN, "any(iterable, /)", builtin_any_all, FALSE },
  { "builtins", BS_SIG_BUILTIN, "all(iterable, /)", builtin_any_all, TRUE },
  ROW ("isinstance(obj, class_or_tuple, /)", builtin_isinstance),
  ROW ("issubclass(cls, class_or_tuple, /)", builtin_issubclass),
  ROW ("type(*args)", builtin_type),
  ROW ("hasattr(obj, name, /)", builtin_hasattr),
  ROW ("getattr(object, name, default=None, /)", builtin_getattr),
  ROW ("setattr(obj, name, value, /)", builtin_setattr),
  ROW ("delattr(obj, name, /)", builtin_delattr),
  ROW ("callable(obj, /)", builtin_callable),
  ROW ("divmod(x, y, /)", builtin_divmod),
  ROW ("pow(base, exp, mod=None)", builtin_pow),
  ROW ("id(obj, /)", builtin_id),
  ROW ("hash(obj, /)", builtin_hash),
  { "builtins", BS_SIG_BUILTIN, "hex(number, /)", builtin_int_text, 16 },
  { "builtins", BS_SIG_BUILTIN, "oct(number, /)", builtin_int_text, 8 },
  { "builtins", BS_SIG_BUILTIN, "bin(number, /)", builtin_int_text, 2 },
  ROW ("chr(i, /)", builtin_chr),
  ROW ("ord(c, /)", builtin_ord),
  { "object", BS_SIG_BUILTIN, "object.__init__(self, /, *args, **kwargs)", object_init },
  { "object", BS_SIG_BUILTIN, "object.__init_subclass__(self, /)", object_init_subclass },
  { "BaseException", BS_SIG_BUILTIN, "BaseException.__init__(self, /, *args, **kwargs)",
    exception_init },
  ROW ("super(type=None, object=None, /)", builtin_super),
  ROW ("staticmethod(function, /)|check_positional", builtin_staticmethod),
  ROW ("classmethod(function, /)|check_positional", builtin_classmethod),
  ROW ("format(value, format_spec='', /)", builtin_format),
  ROW ("vars(object=None, /)", builtin_vars),
  REFUSED ("open"), REFUSED ("eval"), REFUSED ("exec"), REFUSED ("__import__"),
  REFUSED ("compile"), REFUSED ("input"), REFUSED ("globals"), REFUSED ("locals"),
  REFUSED ("breakpoint"),
};

const BsSignatureTable bs_builtins_table = BS_SIGNATURE_TABLE (rows);

static void
install_builtin (const char   *name,
                 const BsDecl *decl,
                 gpointer      user_data)
{
  BsInterp *in = user_data;

  bs_env_set (in->builtins, name, bs_decl_builtin (in, decl, BS_NONE));
}

void
bs_builtins_init (BsInterp *in)
{
  BsValue base, exc, arith, lookup, runtime, name_error, os_error, import_error, object;

  bs_signature_set_foreach (in->signatures, "builtins", install_builtin, in);
  object = bs_class_new (in, "object", BS_NONE);
  ((BsClass *) object.as.object)->is_object = TRUE;
  bs_dict_set_str (((BsClass *) object.as.object)->dict, "__init__",
                   bs_decl_builtin (in, bs_signature_set_find (in->signatures, "object",
                                                               "__init__"), BS_NONE));
  bs_dict_set_str (((BsClass *) object.as.object)->dict, "__init_subclass__",
                   bs_classmethod_new (in, bs_decl_builtin (in, bs_signature_set_find (
                     in->signatures, "object", "__init_subclass__"), BS_NONE)));
  bs_env_set (in->builtins, "object", object);
  bs_env_set (in->builtins, "NotImplemented",
              bs_native_new (in->heap, &not_implemented_type.base, NULL));
  bs_env_set (in->builtins, "Ellipsis", bs_native_new (in->heap, &ellipsis_type.base, NULL));
  bs_env_set (in->builtins, "__name__", bs_str_value (in, "__main__"));

  base = add_exception (in, "BaseException", BS_NONE);
  bs_dict_set_str (((BsClass *) base.as.object)->dict, "__init__",
                   bs_decl_builtin (in, bs_signature_set_find (in->signatures, "BaseException",
                                                               "__init__"), BS_NONE));
  /* what a raise sets on an instance (see bs_raise_value) */
  bs_dict_set_str (((BsClass *) base.as.object)->dict, "__cause__", BS_NONE);
  bs_dict_set_str (((BsClass *) base.as.object)->dict, "__context__", BS_NONE);
  bs_dict_set_str (((BsClass *) base.as.object)->dict, "__suppress_context__", BS_BOOL (FALSE));
  add_exception (in, "SystemExit", base);
  add_exception (in, "KeyboardInterrupt", base);
  add_exception (in, "GeneratorExit", base);
  exc = add_exception (in, "Exception", base);
  arith = add_exception (in, "ArithmeticError", exc);
  add_exception (in, "ZeroDivisionError", arith);
  add_exception (in, "OverflowError", arith);
  add_exception (in, "FloatingPointError", arith);
  lookup = add_exception (in, "LookupError", exc);
  add_exception (in, "IndexError", lookup);
  add_exception (in, "KeyError", lookup);
  runtime = add_exception (in, "RuntimeError", exc);
  add_exception (in, "NotImplementedError", runtime);
  add_exception (in, "RecursionError", runtime);
  add_exception (in, "ValueError", exc);
  add_exception (in, "TypeError", exc);
  add_exception (in, "AttributeError", exc);
  name_error = add_exception (in, "NameError", exc);
  add_exception (in, "UnboundLocalError", name_error);
  add_exception (in, "AssertionError", exc);
  add_exception (in, "StopIteration", exc);
  add_exception (in, "MemoryError", exc);
  add_exception (in, "SyntaxError", exc);
  os_error = add_exception (in, "OSError", exc);
  add_exception (in, "PermissionError", os_error);
  import_error = add_exception (in, "ImportError", exc);
  add_exception (in, "ModuleNotFoundError", import_error);
  {
    BsValue warning = add_exception (in, "Warning", exc);

    static const char *const warnings[] = {
      "UserWarning", "DeprecationWarning", "PendingDeprecationWarning", "SyntaxWarning",
      "RuntimeWarning", "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning",
      "ResourceWarning", "EncodingWarning",
    };

    for (guint i = 0; i < G_N_ELEMENTS (warnings); i++)
      add_exception (in, warnings[i], warning);
  }
  bs_math_module_init (in);
  bs_random_module_init (in);
  bs_time_module_init (in);
  bs_sys_module_init (in);
  bs_backstep_module_init (in);
  bs_warnings_module_init (in);
  bs_re_module_init (in);
}
