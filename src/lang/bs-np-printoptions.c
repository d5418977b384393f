/* bs-np-printoptions.c: np.set_printoptions(), np.get_printoptions(), np.printoptions()
 *
 * The options live in the interpreter (in->np_print_options), as numpy keeps them per
 * process. A custom formatter and the legacy printing modes are refused by name.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-printoptions.h"
#include "bs-builtins-private.h"

#include <math.h>

enum {
  P_PRECISION, P_THRESHOLD, P_EDGEITEMS, P_LINEWIDTH, P_SUPPRESS, P_NANSTR, P_INFSTR,
  P_FORMATTER, P_SIGN, P_FLOATMODE, P_LEGACY,
};

static gboolean
refuse (BsInterp   *in,
        const char *name)
{
  return bs_raise (in, "NotImplementedError",
                   "set_printoptions(%s=...) is not supported by Backstep's numpy", name);
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

/* Reads and checks every option into o, a copy: nothing changes unless all are valid. */
static gboolean
read_options (BsInterp         *in,
              BsCall           *call,
              BsNpPrintOptions *o)
{
  BsValue v;

  if (bs_call_has (call, P_FORMATTER))
    return refuse (in, "formatter");
  if (bs_call_has (call, P_LEGACY) && !legacy_is_false (bs_call_value (call, P_LEGACY)))
    return refuse (in, "legacy");

  if (bs_call_has (call, P_FLOATMODE))
    {
      const char *mode = bs_value_str (bs_call_value (call, P_FLOATMODE));

      if (mode == NULL || !bs_np_floatmode_from_name (mode, &o->floatmode))
        return bs_raise (in, "ValueError", "floatmode option must be one of \"fixed\", "
                         "\"unique\", \"maxprec\", \"maxprec_equal\"");
    }
  if (bs_call_has (call, P_SIGN))
    {
      const char *sign = bs_value_str (bs_call_value (call, P_SIGN));

      if (sign == NULL || strlen (sign) != 1 || strchr ("-+ ", sign[0]) == NULL)
        return bs_raise (in, "ValueError", "sign option must be one of ' ', '+', or '-'");
      o->sign = sign[0];
    }
  if (bs_call_has (call, P_THRESHOLD))
    {
      v = bs_call_value (call, P_THRESHOLD);
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
  if (bs_call_has (call, P_PRECISION))
    {
      v = bs_call_value (call, P_PRECISION);
      if (!is_int (v))
        return bs_raise (in, "TypeError", "precision must be an integer");
      /* numpy stores it and fails when it next prints a float */
      if (int_of (v) < 0)
        return bs_raise (in, "ValueError", "precision must be >= 0");
      o->precision = int_of (v);
    }
  if (bs_call_has (call, P_SUPPRESS))
    {
      gboolean suppress;

      if (!bs_truthy (in, bs_call_value (call, P_SUPPRESS), &suppress))
        return FALSE;
      o->suppress = suppress;
    }
  if ((bs_call_has (call, P_EDGEITEMS)
       && !int_option (in, bs_call_value (call, P_EDGEITEMS), "edgeitems", &o->edgeitems))
      || (bs_call_has (call, P_LINEWIDTH)
          && !int_option (in, bs_call_value (call, P_LINEWIDTH), "linewidth", &o->linewidth))
      || (bs_call_has (call, P_NANSTR)
          && !str_option (in, bs_call_value (call, P_NANSTR), "nanstr", &o->nanstr))
      || (bs_call_has (call, P_INFSTR)
          && !str_option (in, bs_call_value (call, P_INFSTR), "infstr", &o->infstr)))
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
  if (!read_options (in, call, &o))
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

static const BsSignatureRow rows[] = {
  { "numpy", BS_SIG_PYTHON, "set_printoptions(precision=None, threshold=None, "
    "edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, "
    "formatter=None, sign=None, floatmode=None, *, legacy=None)", np_set_printoptions, 0 },
  { "numpy", BS_SIG_PYTHON, "get_printoptions()", np_get_printoptions, 0 },
  { "numpy", BS_SIG_PYTHON, "printoptions(*args, **kwargs)", np_printoptions, 0 },
  { "numpy.printoptions", BS_SIG_PYTHON, "__enter__(self)", manager_enter, 0 },
  { "numpy.printoptions", BS_SIG_PYTHON, "__exit__(self, typ, value, traceback)",
    manager_exit, 0 },
};

const BsSignatureTable bs_np_print_table = BS_SIGNATURE_TABLE (rows);
