/* bs-np-printoptions.c: np.set_printoptions(), np.get_printoptions(), np.printoptions(),
 * and the functions that print with them: array2string, array_repr, array_str,
 * format_float_positional, format_float_scientific
 *
 * The options live in the interpreter (in->np_print_options), as numpy keeps them per
 * process. A custom formatter and the legacy printing modes are refused by name.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-printoptions.h"
#include "bs-np-array.h"
#include "bs-np-format-private.h"
#include "bs-builtins-private.h"

#include <math.h>

/* Where a function's signature has each option: a parameter index, or -1. */
typedef struct {
  int precision, threshold, edgeitems, linewidth, suppress, nanstr, infstr, formatter, sign,
      floatmode, legacy;
} OptionParams;

static const OptionParams set_params = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
/* array2string(a, max_line_width, precision, suppress_small, separator, prefix, style,
 * formatter, threshold, edgeitems, sign, floatmode, suffix, *, legacy) */
static const OptionParams array2string_params = { 2, 8, 9, 1, 3, -1, -1, 7, 10, 11, 13 };
/* array_repr(arr, max_line_width, precision, suppress_small), array_str likewise */
static const OptionParams repr_params = { 2, -1, -1, 1, 3, -1, -1, -1, -1, -1, -1 };

static gboolean
refuse (BsCall     *call,
        const char *name)
{
  return bs_raise (call->in, "NotImplementedError", "%s(%s=...) is not supported by "
                   "Backstep's numpy", call->sig->short_name, name);
}

/* Argument i, or its default (a number or a bool) when not given. */
static BsValue
arg (BsCall *call,
     guint   i)
{
  return call->given[i] ? bs_call_value (call, i) : call->sig->params[i].default_value;
}

static gboolean
has (BsCall *call,
     int     i)
{
  return i >= 0 && bs_call_has (call, i);
}

static gboolean
is_int (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL;
}

static gint64
int_of (BsValue v)
{
  return v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer;
}

/* An option numpy only uses as an int when printing (edgeitems, linewidth). */
static gboolean
int_option (BsInterp   *in,
            BsValue     v,
            const char *name,
            gint64     *out)
{
  if (!is_int (v))
    return bs_raise (in, "TypeError", "%s must be an integer, not '%s'", name,
                     bs_type_name (v));
  *out = int_of (v);
  return TRUE;
}

static gboolean
str_option (BsInterp    *in,
            BsValue      v,
            const char  *name,
            char       **out)
{
  const char *s = bs_value_str (v);

  if (s == NULL)
    return bs_raise (in, "TypeError", "%s must be a str, not '%s'", name, bs_type_name (v));
  g_free (*out);
  *out = g_strdup (s);
  return TRUE;
}

/* legacy=False (or 0) is numpy's default; '1.13' and '1.21' are not provided. */
static gboolean
legacy_is_false (BsValue v)
{
  return (is_int (v) && int_of (v) == 0) || (v.type == BS_VALUE_FLOAT && v.as.number == 0);
}

/* Reads and checks the options call gives into o, a copy: nothing changes unless all are
 * valid. numpy's _make_options_dict. */
static gboolean
read_options (BsInterp           *in,
              BsCall             *call,
              const OptionParams *p,
              BsNpPrintOptions   *o)
{
  BsValue v;

  if (has (call, p->formatter))
    return refuse (call, "formatter");
  if (has (call, p->legacy) && !legacy_is_false (bs_call_value (call, p->legacy)))
    return refuse (call, "legacy");

  if (has (call, p->floatmode))
    {
      const char *mode = bs_value_str (bs_call_value (call, p->floatmode));

      if (mode == NULL || !bs_np_floatmode_from_name (mode, &o->floatmode))
        return bs_raise (in, "ValueError", "floatmode option must be one of \"fixed\", "
                         "\"unique\", \"maxprec\", \"maxprec_equal\"");
    }
  if (has (call, p->sign))
    {
      const char *sign = bs_value_str (bs_call_value (call, p->sign));

      if (sign == NULL || strlen (sign) != 1 || strchr ("-+ ", sign[0]) == NULL)
        return bs_raise (in, "ValueError", "sign option must be one of ' ', '+', or '-'");
      o->sign = sign[0];
    }
  if (has (call, p->threshold))
    {
      v = bs_call_value (call, p->threshold);
      if (is_int (v))
        {
          o->threshold = int_of (v);
          o->threshold_is_float = FALSE;
        }
      else if (v.type == BS_VALUE_FLOAT)
        {
          if (isnan (v.as.number))
            return bs_raise (in, "ValueError", "threshold must be non-NAN, try sys.maxsize "
                             "for untruncated representation");
          o->threshold_float = v.as.number;
          o->threshold_is_float = TRUE;
        }
      else
        return bs_raise (in, "TypeError", "threshold must be numeric");
    }
  if (has (call, p->precision))
    {
      v = bs_call_value (call, p->precision);
      if (!is_int (v))
        return bs_raise (in, "TypeError", "precision must be an integer");
      /* numpy stores it and fails when it next prints a float */
      if (int_of (v) < 0)
        return bs_raise (in, "ValueError", "precision must be >= 0");
      o->precision = int_of (v);
    }
  if (has (call, p->suppress))
    {
      gboolean suppress;

      if (!bs_truthy (in, bs_call_value (call, p->suppress), &suppress))
        return FALSE;
      o->suppress = suppress;
    }
  if ((has (call, p->edgeitems)
       && !int_option (in, bs_call_value (call, p->edgeitems), "edgeitems", &o->edgeitems))
      || (has (call, p->linewidth)
          && !int_option (in, bs_call_value (call, p->linewidth), "linewidth", &o->linewidth))
      || (has (call, p->nanstr)
          && !str_option (in, bs_call_value (call, p->nanstr), "nanstr", &o->nanstr))
      || (has (call, p->infstr)
          && !str_option (in, bs_call_value (call, p->infstr), "infstr", &o->infstr)))
    return FALSE;
  return TRUE;
}

/* set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
 * suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *,
 * legacy=None) */
DECLARED (np_set_printoptions)
{
  BsNpPrintOptions o;

  bs_np_print_options_copy (&o, &in->np_print_options);
  if (!read_options (in, call, &set_params, &o))
    {
      bs_np_print_options_clear (&o);
      return FALSE;
    }
  bs_np_print_options_clear (&in->np_print_options);
  in->np_print_options = o;
  *r = BS_NONE;
  return TRUE;
}

static BsValue
options_dict (BsInterp *in)
{
  const BsNpPrintOptions *o = &in->np_print_options;
  BsValue d = bs_dict_new (in->heap);
  char sign[2] = { o->sign, '\0' };

  bs_dict_set_str (d, "edgeitems", BS_INT (o->edgeitems));
  bs_dict_set_str (d, "threshold", o->threshold_is_float ? BS_FLOAT (o->threshold_float)
                                                         : BS_INT (o->threshold));
  bs_dict_set_str (d, "floatmode", bs_str_new (in->heap, bs_np_floatmode_name (o->floatmode),
                                               -1));
  bs_dict_set_str (d, "precision", BS_INT (o->precision));
  bs_dict_set_str (d, "suppress", BS_BOOL (o->suppress));
  bs_dict_set_str (d, "linewidth", BS_INT (o->linewidth));
  bs_dict_set_str (d, "nanstr", bs_str_new (in->heap, o->nanstr, -1));
  bs_dict_set_str (d, "infstr", bs_str_new (in->heap, o->infstr, -1));
  bs_dict_set_str (d, "sign", bs_str_new (in->heap, sign, -1));
  bs_dict_set_str (d, "formatter", BS_NONE);
  bs_dict_set_str (d, "legacy", BS_BOOL (FALSE));
  return d;
}

/* get_printoptions(): a new dict, in numpy's order of keys */
DECLARED (np_get_printoptions)
{
  *r = options_dict (in);
  return TRUE;
}

/* --- printoptions(*args, **kwargs): a context manager ------------------ */

typedef struct {
  BsValue  args;     /* tuple */
  BsValue  kwargs;   /* dict */
  GArray  *saved;    /* BsNpPrintOptions: what each nested __enter__ replaced */
} Manager;

static void
manager_free (gpointer p)
{
  Manager *m = p;

  bs_value_unref (m->args);
  bs_value_unref (m->kwargs);
  for (guint i = 0; i < m->saved->len; i++)
    bs_np_print_options_clear (&g_array_index (m->saved, BsNpPrintOptions, i));
  g_array_unref (m->saved);
  g_free (m);
}

static gboolean manager_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                 gboolean *found);

static const BsNativeType manager_type = {
  { "contextlib._GeneratorContextManager", manager_free }, manager_getattr, NULL, NULL,
};

static gboolean
manager_getattr (BsInterp   *in,
                 BsValue     self,
                 const char *name,
                 BsValue    *out,
                 gboolean   *found)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, "numpy.printoptions", name);

  *found = decl != NULL;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  return TRUE;
}

DECLARED (np_printoptions)
{
  Manager *m = g_new0 (Manager, 1);

  m->args = bs_value_ref (bs_call_value (call, 0));
  m->kwargs = bs_value_ref (bs_call_value (call, 1));
  m->saved = g_array_new (FALSE, FALSE, sizeof (BsNpPrintOptions));
  *r = bs_native_new (in->heap, &manager_type.base, m);
  return TRUE;
}

/* __enter__: numpy's generator runs set_printoptions(*args, **kwargs) and yields
 * get_printoptions(); when that raises, the options are put back. */
DECLARED (manager_enter)
{
  Manager *m = bs_value_native (call->self, &manager_type.base);
  const BsDecl *set = bs_signature_set_find (in->signatures, "numpy", "set_printoptions");
  BsDict *kw = (BsDict *) m->kwargs.as.object;
  g_autofree const char **names = g_new0 (const char *, kw->entries->len + 1);
  g_autofree BsValue *values = g_new0 (BsValue, kw->entries->len + 1);
  gsize n_args = 0;
  BsArgs args = { bs_value_items (m->args, &n_args), 0, names, values, 0 };
  BsNpPrintOptions saved;
  BsValue ignored;

  args.n_args = n_args;
  for (guint i = 0; i < kw->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (kw->entries, BsDictEntry, i);

      if (!e->deleted)
        {
          names[args.n_kw] = bs_value_str (e->key);
          values[args.n_kw++] = e->value;
        }
    }
  bs_np_print_options_copy (&saved, &in->np_print_options);
  if (!bs_decl_call (in, set, BS_NONE, &args, &ignored))
    {
      bs_np_print_options_clear (&in->np_print_options);
      in->np_print_options = saved;
      return FALSE;
    }
  bs_value_unref (ignored);
  g_array_append_val (m->saved, saved);
  *r = options_dict (in);
  return TRUE;
}

DECLARED (manager_exit)
{
  Manager *m = bs_value_native (call->self, &manager_type.base);

  if (m->saved->len > 0)
    {
      bs_np_print_options_clear (&in->np_print_options);
      in->np_print_options = g_array_index (m->saved, BsNpPrintOptions, m->saved->len - 1);
      g_array_set_size (m->saved, m->saved->len - 1);
    }
  *r = BS_BOOL (FALSE);
  return TRUE;
}

/* --- printing with options given for one call -------------------------- */

/* The array argument i (new reference): an ndarray, or with scalars also a numpy scalar
 * or a Python number (Backstep's np.float64 and np.int64 scalars are Python's); else NULL
 * with numpy's AttributeError, named after the attribute numpy reads first. */
static BsTensor *
array_arg (BsCall     *call,
           guint       i,
           const char *attribute,
           gboolean    scalars)
{
  BsValue v = bs_call_value (call, i);
  BsTensor *t = bs_np_array_tensor (v);
  BsInterp *in = call->in;

  if (t == NULL && scalars)
    t = bs_np_scalar_tensor (v);
  if (t != NULL)
    return bs_tensor_ref (t);
  switch (scalars ? v.type : BS_VALUE_NONE)
    {
    case BS_VALUE_BOOL:
      return bs_tensor_new_scalar (in->context, BS_DTYPE_BOOL, v.as.boolean);
    case BS_VALUE_INT:
      {
        BsTensor *s = bs_tensor_new_scalar (in->context, BS_DTYPE_INT64, 0);

        *(gint64 *) bs_tensor_data (s) = v.as.integer;
        return s;
      }
    case BS_VALUE_FLOAT:
      return bs_tensor_new_scalar (in->context, BS_DTYPE_FLOAT64, v.as.number);
    default:
      bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'", bs_type_name (v),
                attribute);
      return NULL;
    }
}

/* A str argument, or fallback when it was not given (string defaults are not kept in
 * the signature's parameters). */
static gboolean
string_arg (BsCall      *call,
            guint        i,
            const char  *fallback,
            const char **out)
{
  BsValue v = bs_call_value (call, i);

  *out = call->given[i] ? bs_value_str (v) : fallback;
  if (*out == NULL)
    return bs_raise (call->in, "TypeError", "%s must be a str, not '%s'",
                     call->sig->params[i].name, bs_type_name (v));
  return TRUE;
}

/* array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ',
 * prefix='', style=None, formatter=None, threshold=None, edgeitems=None, sign=None,
 * floatmode=None, suffix='', *, legacy=None) */
DECLARED (np_array2string)
{
  g_autoptr (BsTensor) t = NULL;
  const char *separator, *prefix, *suffix;
  BsNpPrintOptions o;
  gboolean ok;

  if (has (call, 6))
    return refuse (call, "style");
  if (!string_arg (call, 4, " ", &separator) || !string_arg (call, 5, "", &prefix)
      || !string_arg (call, 12, "", &suffix))
    return FALSE;
  bs_np_print_options_copy (&o, &in->np_print_options);
  ok = read_options (in, call, &array2string_params, &o);
  if (ok)
    t = array_arg (call, 0, "size", TRUE);
  if (t != NULL)
    *r = bs_str_take (in->heap, bs_np_format_array2string (t, &o, separator, prefix, suffix));
  bs_np_print_options_clear (&o);
  return t != NULL;
}

/* array_repr(arr, max_line_width=None, precision=None, suppress_small=None) (data 1), and
 * array_str(a, ...) (data 0) */
DECLARED (np_array_repr_str)
{
  gboolean as_repr = bs_call_data (call) == 1;
  g_autoptr (BsTensor) t = NULL;
  BsNpPrintOptions o;
  gboolean ok;

  bs_np_print_options_copy (&o, &in->np_print_options);
  ok = read_options (in, call, &repr_params, &o);
  if (ok)
    t = array_arg (call, 0, as_repr ? "dtype" : "shape", FALSE);
  if (t != NULL)
    *r = bs_str_take (in->heap, as_repr ? bs_np_format_array_repr (t, &o)
                                        : bs_np_format_array_str (t, &o));
  bs_np_print_options_clear (&o);
  return t != NULL;
}

/* An optional int argument that must not be negative: -1 when None. */
static gboolean
count_arg (BsCall *call,
           guint   i,
           int    *out)
{
  BsValue v = bs_call_value (call, i);

  *out = -1;
  if (!bs_call_has (call, i))
    return TRUE;
  if (!is_int (v))
    return bs_raise (call->in, "TypeError", "integer argument expected, got %s",
                     bs_type_name (v));
  if (int_of (v) < 0)
    return bs_raise (call->in, "ValueError", "%s must be >= 0", call->sig->params[i].name);
  *out = (int) MIN (int_of (v), 16000);
  return TRUE;
}

/* format_float_positional(x, precision=None, unique=True, fractional=True, trim='k',
 * sign=False, pad_left=None, pad_right=None, min_digits=None) (data 0), and
 * format_float_scientific(x, precision=None, unique=True, trim='k', sign=False,
 * pad_left=None, exp_digits=None, min_digits=None) (data 1) */
DECLARED (np_format_float)
{
  gboolean scientific = bs_call_data (call) == 1;
  BsValue x = bs_call_value (call, 0);
  BsTensor *scalar = bs_np_scalar_tensor (x);
  int trim_i = scientific ? 3 : 4, sign_i = scientific ? 4 : 5;
  const char *trim = call->given[trim_i] ? bs_value_str (bs_call_value (call, trim_i)) : "k";
  BsNpDragon4 d = { .exp_digits = -1, .pad_right = -1 };
  gboolean unique, fractional = TRUE, sign;
  double value;
  GString *out;

  if (scalar != NULL && scalar->dtype == BS_DTYPE_FLOAT32)
    {
      value = bs_tensor_item (scalar);
      d.single = TRUE;
    }
  else if (!bs_to_double (in, x, &value))
    return FALSE;
  if (!count_arg (call, 1, &d.precision)
      || !count_arg (call, scientific ? 5 : 6, &d.pad_left)
      || !count_arg (call, scientific ? 6 : 7, scientific ? &d.exp_digits : &d.pad_right)
      || !count_arg (call, scientific ? 7 : 8, &d.min_digits)
      || !bs_truthy (in, arg (call, 2), &unique)
      || !bs_truthy (in, arg (call, sign_i), &sign)
      || (!scientific && !bs_truthy (in, arg (call, 3), &fractional)))
    return FALSE;
  if (!fractional && d.precision == 0)
    return bs_raise (in, "ValueError", "precision must be greater than 0 if fractional=False");
  if (d.min_digits > 0 && d.precision > 0 && d.min_digits > d.precision)
    return bs_raise (in, "ValueError", "min_digits must be less than or equal to precision");
  if (!unique && d.precision < 0)
    return bs_raise (in, "TypeError", "in non-unique mode `precision` must be supplied");
  if (trim == NULL || strlen (trim) != 1 || strchr ("k.0-", trim[0]) == NULL)
    return bs_raise (in, "TypeError", "if supplied, trim must be 'k', '.', '0' or '-' found "
                     "`%s`", trim != NULL ? trim : bs_type_name (bs_call_value (call, trim_i)));
  d.unique = unique;
  d.significant = !fractional;
  d.sign = sign;
  d.trim = trim[0] == 'k' ? BS_NP_TRIM_KEEP : trim[0] == '.' ? BS_NP_TRIM_ZEROS
         : trim[0] == '0' ? BS_NP_TRIM_ONE_ZERO : BS_NP_TRIM_POINT;

  out = g_string_new (NULL);
  /* numpy writes nan and inf without padding */
  if (isnan (value))
    g_string_append (out, "nan");
  else if (isinf (value))
    g_string_append (out, value < 0 ? "-inf" : sign ? "+inf" : "inf");
  else if (scientific)
    bs_np_dragon4_scientific (out, value, &d);
  else
    bs_np_dragon4_positional (out, value, &d);
  *r = bs_str_take (in->heap, g_string_free (out, FALSE));
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "numpy", BS_SIG_PYTHON, "set_printoptions(precision=None, threshold=None, "
    "edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, "
    "formatter=None, sign=None, floatmode=None, *, legacy=None)", np_set_printoptions, 0 },
  { "numpy", BS_SIG_PYTHON, "get_printoptions()", np_get_printoptions, 0 },
  { "numpy", BS_SIG_PYTHON, "printoptions(*args, **kwargs)", np_printoptions, 0 },
  { "numpy", BS_SIG_PYTHON, "array2string(a, max_line_width=None, precision=None, "
    "suppress_small=None, separator=' ', prefix='', style=None, formatter=None, "
    "threshold=None, edgeitems=None, sign=None, floatmode=None, suffix='', *, legacy=None)",
    np_array2string, 0 },
  { "numpy", BS_SIG_PYTHON, "array_repr(arr, max_line_width=None, precision=None, "
    "suppress_small=None)", np_array_repr_str, 1 },
  { "numpy", BS_SIG_PYTHON, "array_str(a, max_line_width=None, precision=None, "
    "suppress_small=None)", np_array_repr_str, 0 },
  { "numpy", BS_SIG_PYTHON, "format_float_positional(x, precision=None, unique=True, "
    "fractional=True, trim='k', sign=False, pad_left=None, pad_right=None, "
    "min_digits=None)", np_format_float, 0 },
  { "numpy", BS_SIG_PYTHON, "format_float_scientific(x, precision=None, unique=True, "
    "trim='k', sign=False, pad_left=None, exp_digits=None, min_digits=None)",
    np_format_float, 1 },
  { "numpy.printoptions", BS_SIG_PYTHON, "__enter__(self)", manager_enter, 0 },
  { "numpy.printoptions", BS_SIG_PYTHON, "__exit__(self, typ, value, traceback)",
    manager_exit, 0 },
};

const BsSignatureTable bs_np_print_table = BS_SIGNATURE_TABLE (rows);
