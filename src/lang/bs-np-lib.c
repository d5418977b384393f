/* bs-np-lib.c: _backstep_numpy, what numpy's functions written in Python
 * (py/numpy.lib.*.py) need of C: numpy's warnings at the lines of numpy's own files that
 * raise them, where Backstep's Python stands in for those files */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <string.h>

#include "bs-warnings.h"

#define NUMPY_LIB "/usr/lib/python3/dist-packages/numpy/lib/"

typedef struct {
  const char     *name;   /* as the Python code names it */
  const char     *text;   /* the warning, for warn_at */
  BsWarningPlace  place;
} Place;

/* numpy 1.24 as Debian installs it (the oracle's paths, as bs-np-reduce.c's) */
static const Place places[] = {
  /* nanstd calls nanvar, which warns at its caller's line */
  { "nanstd", "Degrees of freedom <= 0 for slice.",
    { NUMPY_LIB "nanfunctions.py", 1872, "numpy.lib.nanfunctions",
      "    var = nanvar(a, axis=axis, dtype=dtype, out=out, ddof=ddof," } },
  /* average without weights calls the array's mean */
  { "average", NULL,
    { NUMPY_LIB "function_base.py", 518, "numpy.lib.function_base",
      "    avg = a.mean(axis, **keepdims_kw)" } },
};

static const Place *
find_place (BsInterp *in,
            BsValue   name)
{
  const char *s = bs_value_str (name);

  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (places); i++)
    if (strcmp (places[i].name, s) == 0)
      return &places[i];
  bs_raise (in, "ValueError", "no such place of numpy's: %s", s != NULL ? s : "?");
  return NULL;
}

/* warn_at(place): the place's RuntimeWarning */
DECLARED (np_lib_warn_at)
{
  const Place *p = find_place (in, bs_call_value (call, 0));

  if (p == NULL || !bs_warn_at (in, "RuntimeWarning", p->text, &p->place))
    return FALSE;
  *r = BS_NONE;
  return TRUE;
}

/* mean_at(place, a, axis, keepdims): a.mean(axis, keepdims=keepdims) called from the place,
 * where the method's own warnings point (the caller's line, as numpy's) */
DECLARED (np_lib_mean_at)
{
  const Place *p = find_place (in, bs_call_value (call, 0));
  BsValue axis = bs_call_value (call, 2), mean;
  const char *kw_names[] = { "keepdims" };
  BsValue kw_values[] = { bs_call_value (call, 3) };
  BsArgs args = { &axis, 1, kw_names, kw_values, 1 };
  gconstpointer saved = in->np_method_place;
  gboolean ok;

  if (p == NULL || !bs_getattr (in, bs_call_value (call, 1), "mean", &mean))
    return FALSE;
  in->np_method_place = &p->place;
  ok = bs_call (in, mean, &args, r);
  in->np_method_place = saved;
  bs_value_unref (mean);
  return ok;
}

static const BsSignatureRow rows[] = {
  { "_backstep_numpy", BS_SIG_BUILTIN, "_backstep_numpy.warn_at(place, /)", np_lib_warn_at },
  { "_backstep_numpy", BS_SIG_BUILTIN, "_backstep_numpy.mean_at(place, a, axis, keepdims, /)",
    np_lib_mean_at },
};

const BsSignatureTable bs_np_lib_table = BS_SIGNATURE_TABLE (rows);

void
bs_np_lib_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "_backstep_numpy");

  bs_module_add_declared (in, m, "_backstep_numpy", BS_NONE);
  bs_value_unref (m);
}
