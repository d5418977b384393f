/* bs-np-errstate.c: numpy's floating-point errors: RuntimeWarning, np.seterr, np.errstate
 *
 * numpy looks at the processor's floating-point flags after a ufunc and, by its error
 * state, warns ("RuntimeWarning: divide by zero encountered in divide"), raises
 * FloatingPointError or stays silent. Backstep's kernels (vectorised, some with their own
 * approximations) do not raise those flags as numpy's do, so the flags are read from the
 * values instead: a NaN made from operands that are not NaN is "invalid value", an
 * infinity made from finite operands "divide by zero" where a zero divisor (or the
 * logarithm's pole) made it and "overflow" otherwise. Integer division by zero is "divide
 * by zero", and integer scalars that wrap around "overflow". Underflow, which numpy
 * ignores unless asked, is a product, quotient, power or exponential of finite non-zero
 * operands below the normal range.
 *
 * Warnings are shown as Python's default filter shows them: once per message and source
 * line, as "FILE:LINE: RuntimeWarning: MESSAGE" and the line.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* --- finding the flags ------------------------------------------------------------ */

/* The value of t (broadcast to res's shape) at res's flat index i */
static double
broadcast_at (const BsTensor *t,
              const BsTensor *res,
              gint64          i)
{
  gint64 index = 0, stride = 1;

  for (int d = res->ndim - 1, k = t->ndim - 1; d >= 0; d--, k--)
    {
      gint64 coord = i % res->shape[d];

      i /= res->shape[d];
      if (k >= 0)
        {
          if (t->shape[k] != 1)
            index += coord * stride;
          stride *= t->shape[k];
        }
    }
  return bs_tensor_get ((BsTensor *) t, index);
}

static gboolean
has_zero (const BsTensor *t)
{
  gint64 n = bs_tensor_numel (t);

  for (gint64 i = 0; i < n; i++)
    if (bs_tensor_get ((BsTensor *) t, i) == 0.0)
      return TRUE;
  return FALSE;
}

/* The exact result of a op b of integers, and whether it fits dtype */
static gboolean
int_op_fits (BsBinOp  op,
             gint64   a,
             gint64   b,
             BsDType  dtype)
{
  gint64 r;
  gboolean wrapped = op == BS_BINOP_ADD ? __builtin_add_overflow (a, b, &r)
                   : op == BS_BINOP_SUB ? __builtin_sub_overflow (a, b, &r)
                   : __builtin_mul_overflow (a, b, &r);

  if (wrapped)
    return FALSE;
  switch (dtype)
    {
    case BS_DTYPE_INT32: return r >= G_MININT32 && r <= G_MAXINT32;
    case BS_DTYPE_INT16: return r >= G_MININT16 && r <= G_MAXINT16;
    case BS_DTYPE_INT8: return r >= G_MININT8 && r <= G_MAXINT8;
    case BS_DTYPE_UINT8: return r >= 0 && r <= G_MAXUINT8;
    default: return TRUE;
    }
}

/* The smallest normal number of a floating dtype */
static double
tiny_of (BsDType dtype)
{
  return dtype == BS_DTYPE_FLOAT32 ? FLT_MIN : dtype == BS_DTYPE_FLOAT16 ? 0x1p-14 : DBL_MIN;
}

/* Whether r, a product, quotient or power of finite non-zero x and y, fell below the
 * normal range of dtype: the processor's underflow (sums and differences so small are
 * exact, and raise none) */
static gboolean
underflowed (BsBinOp op,
             double  x,
             double  y,
             double  r,
             BsDType dtype)
{
  return (op == BS_BINOP_MUL || op == BS_BINOP_DIV || op == BS_BINOP_POW)
         && isfinite (x) && isfinite (y) && x != 0.0 && (y != 0.0 || op == BS_BINOP_POW)
         && fabs (r) < tiny_of (dtype);
}

guint
bs_np_fpe_double (BsBinOp  op,
                  double   x,
                  double   y,
                  double   r,
                  BsDType  dtype,
                  gboolean watch_under)
{
  if (watch_under && underflowed (op, x, y, r, dtype))
    return BS_NP_FPE_UNDERFLOW;
  if (isnan (r) && !isnan (x) && !isnan (y))
    return BS_NP_FPE_INVALID;
  if (isinf (r) && isfinite (x) && isfinite (y))
    return ((op == BS_BINOP_DIV || op == BS_BINOP_FLOOR_DIV) && y == 0.0)
           || (op == BS_BINOP_POW && x == 0.0 && y < 0.0) ? BS_NP_FPE_DIVIDE
                                                           : BS_NP_FPE_OVERFLOW;
  return 0;
}

guint
bs_np_fpe_int64 (BsBinOp op,
                 gint64  x,
                 gint64  y)
{
  return int_op_fits (op, x, y, BS_DTYPE_INT64) ? 0 : BS_NP_FPE_OVERFLOW;
}

/* Whether every value of a floating res is finite, read at the speed of memory: results
 * are scanned after every ufunc */
static gboolean
all_finite (const BsTensor *res)
{
  gint64 n = bs_tensor_numel (res);
  gboolean bad = FALSE;

  if (!bs_tensor_is_contiguous (res)
      || (res->dtype != BS_DTYPE_FLOAT64 && res->dtype != BS_DTYPE_FLOAT32))
    {
      for (gint64 i = 0; i < n && !bad; i++)
        bad = !isfinite (bs_tensor_get ((BsTensor *) res, i));
      return !bad;
    }
  if (res->dtype == BS_DTYPE_FLOAT64)
    {
      const guint64 *bits = bs_tensor_data ((BsTensor *) res);

      for (gint64 i = 0; i < n; i++)
        bad |= (bits[i] & 0x7ff0000000000000u) == 0x7ff0000000000000u;
    }
  else
    {
      const guint32 *bits = bs_tensor_data ((BsTensor *) res);

      for (gint64 i = 0; i < n; i++)
        bad |= (bits[i] & 0x7f800000u) == 0x7f800000u;
    }
  return !bad;
}

guint
bs_np_fpe_binary (BsBinOp         op,
                  const BsTensor *a,
                  const BsTensor *b,
                  const BsTensor *res,
                  gboolean        scalar,
                  gboolean        watch_under)
{
  guint flags = 0;
  const double *r64;
  const float *r32;
  gboolean dense;
  gint64 n;

  if (res == NULL || op == BS_BINOP_MAT_MUL)
    return 0;
  n = bs_tensor_numel (res);
  if (bs_dtype_is_floating (res->dtype) && !watch_under && all_finite (res))
    return 0;
  if (!bs_dtype_is_floating (res->dtype))
    {
      if ((op == BS_BINOP_FLOOR_DIV || op == BS_BINOP_MOD) && n > 0 && has_zero (b))
        return BS_NP_FPE_DIVIDE;
      /* numpy checks the integer scalars' add, subtract and multiply, not its arrays' */
      if (scalar && n == 1 && res->dtype != BS_DTYPE_BOOL
          && (op == BS_BINOP_ADD || op == BS_BINOP_SUB || op == BS_BINOP_MUL)
          && !int_op_fits (op, bs_tensor_get_int ((BsTensor *) a, 0),
                           bs_tensor_get_int ((BsTensor *) b, 0), res->dtype))
        return BS_NP_FPE_OVERFLOW;
      return 0;
    }
  /* a dense result is read directly: a few infinities among a million would otherwise cost
   * more than the ufunc */
  dense = bs_tensor_is_contiguous (res);
  r64 = dense && res->dtype == BS_DTYPE_FLOAT64 ? bs_tensor_data ((BsTensor *) res) : NULL;
  r32 = dense && res->dtype == BS_DTYPE_FLOAT32 ? bs_tensor_data ((BsTensor *) res) : NULL;
  for (gint64 i = 0; i < n; i++)
    {
      double r, x, y;

      if (!watch_under && (r32 != NULL ? fabsf (r32[i]) <= FLT_MAX
                                       : r64 != NULL && fabs (r64[i]) <= DBL_MAX))
        continue;
      r = r64 != NULL ? r64[i] : r32 != NULL ? r32[i] : bs_tensor_get ((BsTensor *) res, i);
      if (isfinite (r) && (!watch_under || fabs (r) >= tiny_of (res->dtype)))
        continue;
      x = broadcast_at (a, res, i);
      y = broadcast_at (b, res, i);
      flags |= bs_np_fpe_double (op, x, y, r, res->dtype, watch_under);
    }
  return flags;
}

guint
bs_np_fpe_unary (const char     *ufunc,
                 const BsTensor *a,
                 const BsTensor *res,
                 gboolean        watch_under)
{
  /* the ufuncs whose infinities come from a pole, not from a result too large */
  static const char *const poles[] = {
    "log", "log2", "log10", "log1p", "arctanh", "reciprocal", NULL,
  };
  gboolean pole = g_strv_contains (poles, ufunc);
  guint flags = 0;
  double tiny;
  gint64 n;

  if (res == NULL || !bs_dtype_is_floating (res->dtype) || bs_tensor_numel (a) == 0
      || (!watch_under && all_finite (res)))
    return 0;
  n = bs_tensor_numel (res);
  tiny = tiny_of (res->dtype);
  /* exp's results so small are never exact */
  watch_under = watch_under && (strcmp (ufunc, "exp") == 0 || strcmp (ufunc, "exp2") == 0);
  for (gint64 i = 0; i < n; i++)
    {
      double r = bs_tensor_get ((BsTensor *) res, i), x;

      if (isfinite (r) && (!watch_under || fabs (r) >= tiny))
        continue;
      x = broadcast_at (a, res, i);
      if (isnan (r) && !isnan (x))
        flags |= BS_NP_FPE_INVALID;
      else if (isinf (r) && isfinite (x))
        flags |= pole ? BS_NP_FPE_DIVIDE : BS_NP_FPE_OVERFLOW;
      else if (isfinite (r) && isfinite (x))
        flags |= BS_NP_FPE_UNDERFLOW;
    }
  return flags;
}

/* --- the error state --------------------------------------------------------------- */

static const char *const mode_names[] = {
  [BS_NP_ERR_IGNORE] = "ignore", [BS_NP_ERR_WARN] = "warn", [BS_NP_ERR_RAISE] = "raise",
  [BS_NP_ERR_CALL] = "call", [BS_NP_ERR_PRINT] = "print", [BS_NP_ERR_LOG] = "log",
};

/* numpy's order of the kinds: its dicts and its checks */
static const char *const kind_names[BS_NP_N_ERR_KINDS] = { "divide", "over", "under",
                                                           "invalid" };

void
bs_np_errstate_init (BsNpErrState *state)
{
  state->modes[BS_NP_ERR_KIND_DIVIDE] = BS_NP_ERR_WARN;
  state->modes[BS_NP_ERR_KIND_OVER] = BS_NP_ERR_WARN;
  state->modes[BS_NP_ERR_KIND_UNDER] = BS_NP_ERR_IGNORE;
  state->modes[BS_NP_ERR_KIND_INVALID] = BS_NP_ERR_WARN;
}

/* callable(v), as the built-in answers it */
static gboolean
is_callable (BsValue v)
{
  BsValue method;

  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    return bs_class_lookup (((BsInstance *) v.as.object)->klass, "__call__", &method);
  return bs_value_is_object (v, BS_OBJECT_FUNCTION) || bs_value_is_object (v, BS_OBJECT_BUILTIN)
         || bs_value_is_object (v, BS_OBJECT_BOUND_METHOD)
         || bs_value_is_object (v, BS_OBJECT_CLASS);
}

/* 'call': np.seterrcall()'s function called with the error and every flag raised; 'log':
 * its object's write() given numpy's line */
static gboolean
errcall_report (BsInterp   *in,
                BsNpErrMode mode,
                const char *what,
                const char *name,
                guint       flags)
{
  BsValue errcall = in->np_errcall, callee = BS_NONE, result, args[2];
  gboolean found = FALSE, ok;

  if (mode == BS_NP_ERR_CALL)
    {
      if (!is_callable (errcall))
        return bs_raise (in, "NameError", "python callback specified for %s (in  %s) but no "
                         "function found.", what, name);
      args[0] = bs_str_value (in, what);
      args[1] = BS_INT (flags);
      ok = bs_call_simple (in, errcall, args, 2, &result);
      bs_value_unref (args[0]);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("Warning: %s encountered in %s\n", what, name);

      if (!bs_value_is_none (errcall) && !bs_getattr_opt (in, errcall, "write", &callee, &found))
        return FALSE;
      if (!found)
        return bs_raise (in, "NameError", "log specified for %s (in %s) but no object with "
                         "write method found.", what, name);
      args[0] = bs_str_value (in, text);
      ok = bs_call_simple (in, callee, args, 1, &result);
      bs_value_unref (args[0]);
      bs_value_unref (callee);
    }
  if (ok)
    bs_value_unref (result);
  return ok;
}

gboolean
bs_np_fpe_report_at (BsInterp             *in,
                     guint                 flags,
                     const char           *ufunc,
                     gboolean              scalar,
                     const BsWarningPlace *place)
{
  static const struct {
    BsNpFpe     flag;
    BsNpErrKind kind;
    const char *what;
  } checks[] = {
    { BS_NP_FPE_DIVIDE, BS_NP_ERR_KIND_DIVIDE, "divide by zero" },
    { BS_NP_FPE_OVERFLOW, BS_NP_ERR_KIND_OVER, "overflow" },
    { BS_NP_FPE_UNDERFLOW, BS_NP_ERR_KIND_UNDER, "underflow" },
    { BS_NP_FPE_INVALID, BS_NP_ERR_KIND_INVALID, "invalid value" },
  };

  gboolean first = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (checks) && flags != 0; i++)
    {
      g_autofree char *message = NULL;
      BsNpErrMode mode = in->np_errstate.modes[checks[i].kind];

      if (!(flags & checks[i].flag) || mode == BS_NP_ERR_IGNORE)
        continue;
      message = g_strdup_printf ("%s encountered in %s%s", checks[i].what,
                                 scalar ? "scalar " : "", ufunc);
      if (mode == BS_NP_ERR_RAISE)
        return bs_raise (in, "FloatingPointError", "%s", message);
      if (mode == BS_NP_ERR_PRINT)
        {
          /* numpy prints the first error of an operation only */
          g_autofree char *text = g_strdup_printf ("Warning: %s\n", message);

          if (first)
            bs_interp_write_stderr (in, text);
          first = FALSE;
          continue;
        }
      if (mode == BS_NP_ERR_CALL || mode == BS_NP_ERR_LOG)
        {
          g_autofree char *name = g_strdup_printf ("%s%s", scalar ? "scalar " : "", ufunc);

          if (!errcall_report (in, mode, checks[i].what, name, flags))
            return FALSE;
          continue;
        }
      if (!(place != NULL ? bs_warn_at (in, "RuntimeWarning", message, place)
                          : bs_warn (in, "RuntimeWarning", message)))
        return FALSE;
    }
  return TRUE;
}

gboolean
bs_np_fpe_report (BsInterp   *in,
                  guint       flags,
                  const char *ufunc,
                  gboolean    scalar)
{
  return bs_np_fpe_report_at (in, flags, ufunc, scalar, NULL);
}

/* --- np.seterr, np.geterr, np.errstate ------------------------------------------------ */

static BsValue
state_dict (BsInterp           *in,
            const BsNpErrState *state)
{
  BsValue d = bs_dict_new (in->heap);

  for (int k = 0; k < BS_NP_N_ERR_KINDS; k++)
    bs_dict_set_str (d, kind_names[k], bs_str_value (in, mode_names[state->modes[k]]));
  return d;
}

/* A mode by name: numpy's KeyError for an unknown one; call, print and log refused */
static gboolean
mode_of (BsInterp    *in,
         const char  *kind,
         BsValue      v,
         BsNpErrMode *mode)
{
  const char *name = bs_value_str (v);

  for (int m = 0; m < (int) G_N_ELEMENTS (mode_names); m++)
    if (name != NULL && strcmp (name, mode_names[m]) == 0)
      {
        *mode = m;
        return TRUE;
      }
  {
    g_autoptr (GString) text = g_string_new (NULL);

    if (name == NULL && !bs_repr (in, v, text))
      return FALSE;
    return bs_raise (in, "KeyError", "%s", name != NULL ? name : text->str);
  }
}

/* seterr's arguments all, divide, over, under, invalid (None where not given) applied to
 * state */
static gboolean
apply_seterr (BsInterp      *in,
              const BsValue *given,
              BsNpErrState  *state)
{
  BsNpErrState next = *state;
  BsNpErrMode mode;

  if (!bs_value_is_none (given[0]))
    {
      if (!mode_of (in, "all", given[0], &mode))
        return FALSE;
      for (int k = 0; k < BS_NP_N_ERR_KINDS; k++)
        next.modes[k] = mode;
    }
  for (int k = 0; k < BS_NP_N_ERR_KINDS; k++)
    if (!bs_value_is_none (given[1 + k])
        && !mode_of (in, kind_names[k], given[1 + k], &next.modes[k]))
      return FALSE;
  *state = next;
  return TRUE;
}

/* seterr(all=None, divide=None, over=None, under=None, invalid=None): the old state */
DECLARED (np_seterr)
{
  BsValue old = state_dict (in, &in->np_errstate);
  BsValue given[1 + BS_NP_N_ERR_KINDS];

  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    given[i] = bs_call_value (call, i);
  if (!apply_seterr (in, given, &in->np_errstate))
    {
      bs_value_unref (old);
      return FALSE;
    }
  *r = old;
  return TRUE;
}

DECLARED (np_geterr)
{
  *r = state_dict (in, &in->np_errstate);
  return TRUE;
}

/* seterrcall(func): a function, an object with a write method, or None; the old one */
static gboolean
set_errcall (BsInterp *in,
             BsValue   func,
             BsValue  *old)
{
  BsValue write = BS_NONE;
  gboolean found = FALSE;

  if (!bs_value_is_none (func) && !is_callable (func))
    {
      if (!bs_getattr_opt (in, func, "write", &write, &found))
        return FALSE;
      bs_value_unref (write);
      if (!found)
        return bs_raise (in, "ValueError", "Only callable can be used as callback");
    }
  *old = in->np_errcall;
  in->np_errcall = bs_value_ref (func);
  return TRUE;
}

DECLARED (np_seterrcall)
{
  return set_errcall (in, bs_call_value (call, 0), r);
}

DECLARED (np_geterrcall)
{
  *r = bs_value_ref (in->np_errcall);
  return TRUE;
}

/* errstate(**kwargs): the state to set on __enter__, and the one __exit__ puts back */
typedef struct {
  BsNpErrState state;
  GArray      *saved;   /* BsNpErrState: what each nested __enter__ replaced */
  gboolean     has_call;
  BsValue      call;    /* Owned: errstate(call=...) */
  GArray      *saved_calls;   /* BsValue, owned: what each nested __enter__ replaced */
} ErrState;

static void
errstate_free (gpointer p)
{
  ErrState *e = p;

  g_array_unref (e->saved);
  for (guint i = 0; i < e->saved_calls->len; i++)
    bs_value_unref (g_array_index (e->saved_calls, BsValue, i));
  g_array_unref (e->saved_calls);
  bs_value_unref (e->call);
  g_free (e);
}

static gboolean errstate_getattr (BsInterp *in, BsValue self, const char *name,
                                  BsValue *out, gboolean *found);

static const BsNativeType errstate_type = {
  { "numpy.errstate", errstate_free }, errstate_getattr, NULL, NULL, NULL, NULL,
};

static gboolean
errstate_getattr (BsInterp   *in,
                  BsValue     self,
                  const char *name,
                  BsValue    *out,
                  gboolean   *found)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, "numpy.errstate", name);

  *found = decl != NULL;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  return TRUE;
}

/* errstate(*, call=_Unspecified, **kwargs): numpy checks the keywords when the state is
 * entered, by calling seterr(**kwargs); Backstep when it is made, with seterr's messages */
DECLARED (np_errstate)
{
  BsValue kwargs = bs_call_value (call, 1);
  BsValue given[1 + BS_NP_N_ERR_KINDS] = { BS_NONE, BS_NONE, BS_NONE, BS_NONE, BS_NONE };
  BsNpErrState state = in->np_errstate;
  ErrState *e;

  if (bs_value_is_object (kwargs, BS_OBJECT_DICT))
    {
      GArray *entries = ((BsDict *) kwargs.as.object)->entries;

      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *entry = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (entry->key);
          int k = 0;

          if (entry->deleted)
            continue;
          while (k <= BS_NP_N_ERR_KINDS
                 && strcmp (key, k == 0 ? "all" : kind_names[k - 1]) != 0)
            k++;
          if (k > BS_NP_N_ERR_KINDS)
            return bs_raise (in, "TypeError", "seterr() got an unexpected keyword argument "
                             "'%s'", key);
          given[k] = entry->value;
        }
    }
  if (!apply_seterr (in, given, &state))
    return FALSE;
  e = g_new0 (ErrState, 1);
  e->state = state;
  e->saved = g_array_new (FALSE, FALSE, sizeof (BsNpErrState));
  e->saved_calls = g_array_new (FALSE, FALSE, sizeof (BsValue));
  e->has_call = call->given[0];
  e->call = bs_value_ref (bs_call_value (call, 0));
  *r = bs_native_new (in->heap, &errstate_type.base, e);
  return TRUE;
}

DECLARED (np_errstate_enter)
{
  ErrState *e = bs_value_native (call->self, &errstate_type.base);

  if (e->has_call)
    {
      BsValue old;

      if (!set_errcall (in, e->call, &old))
        return FALSE;
      g_array_append_val (e->saved_calls, old);
    }
  g_array_append_val (e->saved, in->np_errstate);
  in->np_errstate = e->state;
  *r = BS_NONE;
  return TRUE;
}

DECLARED (np_errstate_exit)
{
  ErrState *e = bs_value_native (call->self, &errstate_type.base);

  if (e->saved->len > 0)
    {
      in->np_errstate = g_array_index (e->saved, BsNpErrState, e->saved->len - 1);
      g_array_set_size (e->saved, e->saved->len - 1);
    }
  if (e->has_call && e->saved_calls->len > 0)
    {
      bs_value_unref (in->np_errcall);
      in->np_errcall = g_array_index (e->saved_calls, BsValue, e->saved_calls->len - 1);
      g_array_set_size (e->saved_calls, e->saved_calls->len - 1);
    }
  *r = BS_NONE;
  return TRUE;
}

static const BsSignatureRow rows[] = {
  NP_FN ("seterr(all=None, divide=None, over=None, under=None, invalid=None)", np_seterr, 0),
  NP_FN ("geterr()", np_geterr, 0),
  NP_FN ("seterrcall(func)", np_seterrcall, 0),
  NP_FN ("geterrcall()", np_geterrcall, 0),
  NP_FN ("errstate(*, call=None, **kwargs)", np_errstate, 0),
  { "numpy.errstate", BS_SIG_PYTHON, "errstate.__enter__(self)", np_errstate_enter, 0 },
  { "numpy.errstate", BS_SIG_PYTHON, "errstate.__exit__(self, *exc_info)", np_errstate_exit, 0 },
};

const BsSignatureTable bs_np_errstate_table = BS_SIGNATURE_TABLE (rows);
