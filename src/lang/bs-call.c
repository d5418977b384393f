/* bs-call.c: binding a call's arguments to a signature, with PyTorch's, CPython's and Cython's
 * messages when they do not fit, and reading them converted */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-signature.h"

#include <string.h>

#include "bs-error.h"

/* numpy's names that PyTorch also accepts */
static const char *const *
numpy_aliases (const char *name)
{
  static const char *const dim[] = { "axis", NULL };
  static const char *const keepdim[] = { "keepdims", NULL };
  static const char *const input[] = { "x", "a", "x1", NULL };
  static const char *const other[] = { "x2", NULL };

  if (strcmp (name, "dim") == 0)
    return dim;
  if (strcmp (name, "keepdim") == 0)
    return keepdim;
  if (strcmp (name, "input") == 0)
    return input;
  if (strcmp (name, "other") == 0)
    return other;
  return NULL;
}

static int
find_keyword (const BsArgs *args,
              const char   *name)
{
  for (guint k = 0; k < args->n_kw; k++)
    if (strcmp (args->kw_names[k], name) == 0)
      return k;
  return -1;
}

static const char *
type_name (BsValue v)
{
  return bs_type_name (v);
}

/* --- what a value is, as PyTorch checks it ------------------------------- */

static gboolean
is_python_int (BsValue v)
{
  return v.type == BS_VALUE_INT;
}

static gboolean
is_number (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_FLOAT || v.type == BS_VALUE_BOOL;
}

static gboolean
is_index (BsValue v)
{
  BsTensor *t = bs_value_tensor (v);

  if (is_python_int (v))
    return TRUE;
  return t != NULL && t->ndim == 0 && !bs_dtype_is_floating (t->dtype)
         && t->dtype != BS_DTYPE_BOOL;
}

static gboolean
is_dtype (BsInterp *in,
          BsValue   v)
{
  if (bs_value_is_object (v, BS_OBJECT_NATIVE) && strcmp (type_name (v), "torch.dtype") == 0)
    return TRUE;
  if (bs_value_is_object (v, BS_OBJECT_BUILTIN))
    return bs_value_equal (v, bs_lookup_builtin (in, "float"))
           || bs_value_equal (v, bs_lookup_builtin (in, "int"))
           || bs_value_equal (v, bs_lookup_builtin (in, "bool"));
  return FALSE;
}

static gboolean
is_int_list (BsValue  v,
             int      size,
             gint64  *failed)
{
  gsize n;
  BsValue *items;

  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      items = bs_value_items (v, &n);
      if (n == 0 || is_index (items[0]))
        return TRUE;
      *failed = 0;
      return FALSE;
    }
  return size > 0 && is_python_int (v);
}

/* Every element of a sequence a tensor; PyTorch raises at the first that is not, even
 * while it is only trying overloads. */
static int
check_tensor_list (BsInterp *in,
                   BsValue   v,
                   guint     argnum)
{
  gsize n;
  BsValue *items;

  if (!bs_value_is_object (v, BS_OBJECT_LIST) && !bs_value_is_object (v, BS_OBJECT_TUPLE))
    return 0;
  items = bs_value_items (v, &n);
  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (items[i]) == NULL)
      {
        bs_raise (in, "TypeError", "expected Tensor as element %zu in argument %u, but got %s",
                  i, argnum, type_name (items[i]));
        return -1;
      }
  return 1;
}

/* 1 fits, 0 does not, -1 raised. */
static int
check_param (BsInterp      *in,
             const BsParam *p,
             BsValue        v,
             guint          argnum,
             gint64        *failed)
{
  BsTensor *t = bs_value_tensor (v);
  gsize n;
  BsValue *items;

  switch (p->type)
    {
    case BS_PARAM_TENSOR:
      return t != NULL || (p->numbers_as_tensors && is_number (v));
    case BS_PARAM_SCALAR:
    case BS_PARAM_COMPLEX:
    case BS_PARAM_DOUBLE:
      if (is_number (v))
        return 1;
      return t != NULL && !bs_tensor_requires_grad (t) && t->ndim == 0;
    case BS_PARAM_INT:
      if (is_python_int (v))
        return 1;
      return t != NULL && t->ndim == 0 && !bs_dtype_is_floating (t->dtype)
             && t->dtype != BS_DTYPE_BOOL && !bs_tensor_requires_grad (t);
    case BS_PARAM_SYM_INT:
      return is_index (v);
    case BS_PARAM_BOOL:
      return v.type == BS_VALUE_BOOL;
    case BS_PARAM_INT_LIST:
    case BS_PARAM_SYM_INT_LIST:
      return is_int_list (v, p->size, failed);
    case BS_PARAM_FLOAT_LIST:
      if (!bs_value_is_object (v, BS_OBJECT_LIST) && !bs_value_is_object (v, BS_OBJECT_TUPLE))
        return 0;
      items = bs_value_items (v, &n);
      return n == 0 || is_number (items[0]);
    case BS_PARAM_SCALAR_LIST:
      if (!bs_value_is_object (v, BS_OBJECT_LIST) && !bs_value_is_object (v, BS_OBJECT_TUPLE))
        return 0;
      items = bs_value_items (v, &n);
      for (gsize i = 0; i < n; i++)
        if (!is_number (items[i]))
          return 0;
      return 1;
    case BS_PARAM_TENSOR_LIST:
      return check_tensor_list (in, v, argnum);
    case BS_PARAM_GENERATOR:
      return g_strcmp0 (type_name (v), "torch._C.Generator") == 0;
    case BS_PARAM_SCALAR_TYPE:
      return is_dtype (in, v);
    case BS_PARAM_LAYOUT:
      return g_strcmp0 (type_name (v), "torch.layout") == 0;
    case BS_PARAM_MEMORY_FORMAT:
      return g_strcmp0 (type_name (v), "torch.memory_format") == 0;
    case BS_PARAM_DEVICE:
      return is_python_int (v) || bs_value_str (v) != NULL
             || g_strcmp0 (type_name (v), "torch.device") == 0;
    case BS_PARAM_STRING:
      return bs_value_str (v) != NULL;
    case BS_PARAM_DIMNAME:
      return bs_value_is_none (v) || bs_value_str (v) != NULL;
    case BS_PARAM_DIMNAME_LIST:
      if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
        {
          items = bs_value_items (v, &n);
          for (gsize i = 0; i < n; i++)
            if (!bs_value_is_none (items[i]) && bs_value_str (items[i]) == NULL)
              return 0;
          return 1;
        }
      return p->size == 1 && (bs_value_is_none (v) || bs_value_str (v) != NULL);
    case BS_PARAM_STORAGE:
      return 0;
    case BS_PARAM_OBJECT:
    default:
      return 1;
    }
}

/* --- PyTorch's binding (python_arg_parser's rules) ------------------------ */

static gboolean
torch_extra_args (BsInterp          *in,
                  const BsSignature *sig,
                  guint              nargs)
{
  if (sig->min_args != sig->max_pos_args)
    return bs_raise (in, "TypeError", "%s() takes from %u to %u positional arguments but %u "
                     "were given", sig->name, sig->min_args, sig->max_pos_args, nargs);
  return bs_raise (in, "TypeError", "%s() takes %u positional argument%s but %u %s given",
                   sig->name, sig->max_pos_args, sig->max_pos_args == 1 ? "" : "s", nargs,
                   nargs == 1 ? "was" : "were");
}

static gboolean
torch_missing_args (BsInterp          *in,
                    const BsSignature *sig,
                    guint              from)
{
  g_autoptr(GString) names = g_string_new (NULL);
  int missing = 0;

  for (guint i = from; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->optional || p->is_self || p->absent)
        continue;
      if (missing > 0)
        g_string_append (names, ", ");
      g_string_append_printf (names, "\"%s\"", p->name);
      missing++;
    }
  /* PyTorch's plural is the wrong way round; its message is reproduced as it is */
  return bs_raise (in, "TypeError", "%s() missing %d required positional argument%s: %s",
                   sig->name, missing, missing == 1 ? "s" : "", names->str);
}

static int
find_param (const BsSignature *sig,
            const char        *name)
{
  for (guint i = 0; i < sig->n_params; i++)
    if (!sig->params[i].is_self && !sig->params[i].absent
        && strcmp (sig->params[i].name, name) == 0)
      return i;
  return -1;
}

static gboolean
torch_extra_kwargs (BsInterp          *in,
                    const BsSignature *sig,
                    const BsArgs      *args,
                    const gboolean    *used_kw)
{
  for (guint k = 0; k < args->n_kw; k++)
    {
      int idx;
      guint pos = 0;

      if (used_kw[k])
        continue;
      idx = find_param (sig, args->kw_names[k]);
      if (idx < 0)
        return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'",
                         sig->name, args->kw_names[k]);
      for (int i = 0; i < idx; i++)
        if (!sig->params[i].is_self && !sig->params[i].absent)
          pos++;
      if (pos < args->n_args)
        return bs_raise (in, "TypeError", "%s() got multiple values for argument '%s'",
                         sig->name, args->kw_names[k]);
    }
  return bs_raise (in, "TypeError", "invalid keyword arguments");
}

static gboolean
bind_torch (BsInterp           *in,
            const BsSignature  *sig,
            const BsArgs       *args,
            gboolean            raise,
            BsCall             *call)
{
  guint nargs = args->n_args, arg_pos = 0, remaining_kw = args->n_kw;
  gboolean used_kw[64] = { FALSE };
  gboolean varargs_list = FALSE;
  const BsParam *first = NULL;

  for (guint i = 0; i < sig->n_params && first == NULL; i++)
    if (!sig->params[i].is_self && !sig->params[i].absent)
      first = &sig->params[i];
  if (sig->max_pos_args == 1 && first != NULL
      && (first->type == BS_PARAM_INT_LIST || first->type == BS_PARAM_SYM_INT_LIST))
    varargs_list = TRUE;
  if (nargs > sig->max_pos_args && !varargs_list)
    return raise ? torch_extra_args (in, sig, nargs) : FALSE;
  if (args->n_kw > G_N_ELEMENTS (used_kw))
    return raise ? bs_raise (in, "TypeError", "%s() got too many keyword arguments", sig->name)
                 : FALSE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];
      const BsValue *obj = NULL;
      gboolean is_kwd = FALSE, eligible;
      gint64 failed = -1;
      int fits;

      call->given[i] = FALSE;
      call->values[i] = BS_NONE;
      if (p->is_self)
        {
          call->values[i] = call->self;
          call->given[i] = TRUE;
          continue;
        }
      if (p->absent)
        continue;
      if (arg_pos < nargs)
        {
          if (p->keyword_only)
            return raise ? torch_extra_args (in, sig, nargs) : FALSE;
          obj = &args->args[arg_pos];
        }
      else if (args->n_kw > 0)
        {
          int k = find_keyword (args, p->name);
          const char *const *aliases = numpy_aliases (p->name);

          for (guint a = 0; k < 0 && aliases != NULL && aliases[a] != NULL; a++)
            k = find_keyword (args, aliases[a]);
          if (k >= 0)
            {
              obj = &args->kw_values[k];
              used_kw[k] = TRUE;
            }
          is_kwd = TRUE;
        }
      eligible = varargs_list && arg_pos == 0 && !is_kwd;
      if ((obj == NULL && p->optional) || (obj != NULL && bs_value_is_none (*obj) && p->allow_none))
        {
          if (obj != NULL && is_kwd)
            remaining_kw--;
          if (obj != NULL && !is_kwd)
            arg_pos++;
          continue;
        }
      if (obj == NULL)
        return raise ? torch_missing_args (in, sig, i) : FALSE;
      fits = check_param (in, p, *obj, i, &failed);
      if (fits < 0)
        return FALSE;
      if (fits)
        {
          call->values[i] = *obj;
          call->given[i] = TRUE;
        }
      else if (eligible && nargs > 0)
        {
          /* x.view(2, 3): every positional argument makes the list */
          BsValue all = bs_tuple_from (in, args->args, nargs);
          gsize n;
          BsValue *items = bs_value_items (all, &n);

          /* as PyTorch's, a first argument that is no int is the argument of the wrong type */
          if (!is_index (items[0]))
            {
              g_autofree char *type = g_strdup (type_name (items[0]));

              bs_value_unref (all);
              if (!raise)
                return FALSE;
              return bs_raise (in, "TypeError", "%s(): argument '%s' (position %u) must be %s, "
                               "not %s", sig->name, p->name, arg_pos + 1,
                               bs_param_type_name (p->type), type);
            }
          g_ptr_array_add (call->owned, bs_value_ref (all).as.object);
          bs_value_unref (all);
          call->values[i] = all;
          call->given[i] = TRUE;
          arg_pos = nargs;
          continue;
        }
      else if (raise)
        {
          if (is_kwd)
            return bs_raise (in, "TypeError", "%s(): argument '%s' must be %s, not %s",
                             sig->name, p->name, bs_param_type_name (p->type), type_name (*obj));
          if (failed >= 0)
            {
              gsize n;
              BsValue *items = bs_value_items (*obj, &n);

              return bs_raise (in, "TypeError", "%s(): argument '%s' (position %u) must be %s, "
                               "but found element of type %s at pos %" G_GINT64_FORMAT,
                               sig->name, p->name, arg_pos + 1, bs_param_type_name (p->type),
                               type_name (items[failed]), failed);
            }
          return bs_raise (in, "TypeError", "%s(): argument '%s' (position %u) must be %s, "
                           "not %s", sig->name, p->name, arg_pos + 1,
                           bs_param_type_name (p->type), type_name (*obj));
        }
      else
        return FALSE;
      if (!is_kwd)
        arg_pos++;
      else
        remaining_kw--;
    }
  if (remaining_kw > 0)
    return raise ? torch_extra_kwargs (in, sig, args, used_kw) : FALSE;
  return TRUE;
}

/* --- Python's binding (a def's rules, CPython's messages) ----------------- */

static const char *
python_display_name (const BsSignature *sig)
{
  return sig->name;
}

static gboolean
python_too_many (BsInterp          *in,
                 const BsSignature *sig,
                 guint              given,
                 guint              kw_only_given)
{
  guint max = 0, min = 0;
  g_autofree char *takes = NULL;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->is_self || p->keyword_only || p->star || p->star_star)
        continue;
      max++;
      if (!p->optional)
        min++;
    }
  if (sig->has_self)
    {
      max++;
      min++;
      given++;
    }
  takes = min == max ? g_strdup_printf ("%u positional argument%s", max, max == 1 ? "" : "s")
                     : g_strdup_printf ("from %u to %u positional arguments", min, max);
  if (kw_only_given > 0)
    return bs_raise (in, "TypeError", "%s() takes %s but %u positional argument%s (and %u "
                     "keyword-only argument%s) were given", python_display_name (sig), takes,
                     given, given == 1 ? "" : "s", kw_only_given, kw_only_given == 1 ? "" : "s");
  return bs_raise (in, "TypeError", "%s() takes %s but %u %s given", python_display_name (sig),
                   takes, given, given == 1 ? "was" : "were");
}

static gboolean
python_missing (BsInterp          *in,
                const BsSignature *sig,
                const BsCall      *call,
                gboolean           keyword_only)
{
  const char *names[BS_SIGNATURE_MAX_PARAMS];
  guint n = 0;
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->is_self || p->star || p->star_star || p->optional || call->given[i]
          || p->keyword_only != keyword_only)
        continue;
      names[n++] = p->name;
    }
  bs_signature_append_names (list, names, n);
  return bs_raise (in, "TypeError", "%s() missing %u required %s argument%s: %s",
                   python_display_name (sig), n, keyword_only ? "keyword-only" : "positional",
                   n == 1 ? "" : "s", list->str);
}

static gboolean
has_star_star (const BsSignature *sig)
{
  for (guint i = 0; i < sig->n_params; i++)
    if (sig->params[i].star_star)
      return TRUE;
  return FALSE;
}

/* Argument Clinic's checks of a built-in that takes keywords (_PyArg_UnpackKeywords), in
 * its order: too many in all, too many positional, too few positional-only. */
static gboolean
builtin_keywords_check (BsInterp          *in,
                        const BsSignature *sig,
                        const BsArgs      *args)
{
  guint max_args = 0, max_pos = 0, min_pos_only = 0, keywords = 0;
  guint given = args->n_args + args->n_kw;
  gboolean star = FALSE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->star_star)
        return TRUE;
      if (p->star)
        {
          star = TRUE;
          continue;
        }
      if (p->is_self)
        continue;
      max_args++;
      keywords += !p->positional_only;
      max_pos += !p->keyword_only;
      min_pos_only += p->positional_only && !p->optional;
    }
  if (star)
    {
      /* min(*args, key, default) by PyArg_ParseTupleAndKeywords() counts its keywords */
      if (sig->parse_tuple && args->n_kw > keywords)
        return bs_raise (in, "TypeError", "%s() takes at most %u keyword argument%s (%u given)",
                         sig->short_name, keywords, keywords == 1 ? "" : "s", args->n_kw);
      return TRUE;
    }
  if (keywords == 0 || sig->parse_tuple)
    return TRUE;   /* positional only: builtin_arity_error's wording */
  if (given > max_args)
    return bs_raise (in, "TypeError", "%s() takes at most %u %sargument%s (%u given)",
                     sig->short_name, max_args, args->n_args == 0 ? "keyword " : "",
                     max_args == 1 ? "" : "s", given);
  if (args->n_args > max_pos)
    {
      if (max_pos == 0)
        return bs_raise (in, "TypeError", "%s() takes no positional arguments", sig->short_name);
      return bs_raise (in, "TypeError", "%s() takes %s %u positional argument%s (%u given)",
                       sig->short_name, min_pos_only < max_pos ? "at most" : "exactly", max_pos,
                       max_pos == 1 ? "" : "s", args->n_args);
    }
  if (args->n_args < min_pos_only)
    return bs_raise (in, "TypeError", "%s() takes %s %u positional argument%s (%u given)",
                     sig->short_name, min_pos_only < max_pos ? "at least" : "exactly",
                     min_pos_only, min_pos_only == 1 ? "" : "s", args->n_args);
  return TRUE;
}

/* CPython's built-ins word their complaints by how they take their arguments. */
static gboolean
builtin_arity_error (BsInterp          *in,
                     const BsSignature *sig,
                     const BsArgs      *args)
{
  guint positional = 0, required = 0, keywords = 0;
  gboolean all_positional_only = TRUE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->is_self || p->star || p->star_star)
        continue;
      positional += !p->keyword_only;
      required += !p->optional;
      keywords += !p->positional_only;
      if (!p->positional_only)
        all_positional_only = FALSE;
    }
  if (args->n_kw > 0 && keywords == 0)
    return bs_raise (in, "TypeError", "%s() takes no keyword arguments", sig->name);
  if (sig->parse_tuple)
    return bs_raise (in, "TypeError", "%s() takes %s %u argument%s (%u given)", sig->short_name,
                     required == positional ? "exactly"
                     : args->n_args < required ? "at least" : "at most",
                     args->n_args < required ? required : positional,
                     (args->n_args < required ? required : positional) == 1 ? "" : "s",
                     args->n_args);
  if (sig->n_params == 0 || (sig->n_params == 1 && sig->params[0].is_self))
    return bs_raise (in, "TypeError", "%s() takes no arguments (%u given)", sig->name,
                     args->n_args);
  if (positional == 0 && args->n_args > 0)
    return bs_raise (in, "TypeError", "%s() takes no positional arguments", sig->short_name);
  if (positional == 1 && required == 1 && all_positional_only && !sig->check_positional
      && !has_star_star (sig))
    return bs_raise (in, "TypeError", "%s() takes exactly one argument (%u given)", sig->name,
                     args->n_args);
  if (all_positional_only)
    {
      if (required == positional)
        return bs_raise (in, "TypeError", "%s expected %u argument%s, got %u", sig->short_name,
                         required, required == 1 ? "" : "s", args->n_args);
      if (args->n_args < required)
        return bs_raise (in, "TypeError", "%s expected at least %u argument%s, got %u",
                         sig->short_name, required, required == 1 ? "" : "s", args->n_args);
      return bs_raise (in, "TypeError", "%s expected at most %u argument%s, got %u",
                       sig->short_name, positional, positional == 1 ? "" : "s", args->n_args);
    }
  return bs_raise (in, "TypeError", "%s() takes at most %u argument%s (%u given)",
                   sig->short_name, positional, positional == 1 ? "" : "s",
                   args->n_args + args->n_kw);
}

/* --- Cython's messages (numpy.random's functions) -------------------------- */

static gboolean
cython_arity_error (BsInterp          *in,
                    const BsSignature *sig,
                    gboolean           exact,
                    guint              min,
                    guint              max,
                    guint              given)
{
  guint expected = given < min ? min : max;

  return bs_raise (in, "TypeError", "%s() takes %s %u positional argument%s (%u given)",
                   sig->short_name, exact ? "exactly" : given < min ? "at least" : "at most",
                   expected, expected == 1 ? "" : "s", given);
}

/* In the order of the code Cython generates for a def: too many positional arguments;
 * each required parameter after them looked up by keyword (its index is what the message
 * counts as given); then the keywords in the call's order; then keyword-only ones. */
static gboolean
cython_check (BsInterp          *in,
              const BsSignature *sig,
              const BsArgs      *args)
{
  guint positional[BS_SIGNATURE_MAX_PARAMS], n_positional = 0, min = 0;
  gboolean star = FALSE, star_star = FALSE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      star |= p->star;
      star_star |= p->star_star;
      if (p->is_self || p->absent || p->star || p->star_star || p->keyword_only)
        continue;
      positional[n_positional++] = i;
      min += !p->optional;
    }
  if (!star && args->n_args > n_positional)
    return cython_arity_error (in, sig, min == n_positional, min, n_positional, args->n_args);
  for (guint k = args->n_args; k < n_positional; k++)
    {
      const BsParam *p = &sig->params[positional[k]];

      if (!p->optional && find_keyword (args, p->name) < 0)
        return cython_arity_error (in, sig, !star && min == n_positional, min, n_positional,
                                   k);
    }
  for (guint k = 0; k < args->n_kw; k++)
    {
      const char *name = args->kw_names[k];
      gboolean known = FALSE;

      for (guint j = 0; j < n_positional && !known; j++)
        if (strcmp (sig->params[positional[j]].name, name) == 0)
          {
            if (j < args->n_args)
              return bs_raise (in, "TypeError", "%s() got multiple values for keyword "
                               "argument '%s'", sig->short_name, name);
            known = TRUE;
          }
      for (guint i = 0; i < sig->n_params && !known; i++)
        known = sig->params[i].keyword_only && !sig->params[i].star
                && !sig->params[i].star_star && strcmp (sig->params[i].name, name) == 0;
      if (!known && !star_star)
        return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'",
                         sig->short_name, name);
    }
  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->keyword_only && !p->optional && !p->star && !p->star_star
          && find_keyword (args, p->name) < 0)
        return bs_raise (in, "TypeError", "%s() needs keyword-only argument %s",
                         sig->short_name, p->name);
    }
  return TRUE;
}

static gboolean
bind_python (BsInterp           *in,
             const BsSignature  *sig,
             const BsArgs       *args,
             gboolean            raise,
             BsCall             *call)
{
  gboolean builtin = sig->kind == BS_SIG_BUILTIN;
  guint arg_pos = 0;
  int star = -1, star_star = -1;
  BsValue rest = BS_NONE, extra = BS_NONE;

  if (builtin && raise && !builtin_keywords_check (in, sig, args))
    return FALSE;
  if (sig->kind == BS_SIG_CYTHON && raise && !cython_check (in, sig, args))
    return FALSE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      call->given[i] = FALSE;
      call->values[i] = BS_NONE;
      if (p->is_self)
        {
          call->values[i] = call->self;
          call->given[i] = TRUE;
        }
      else if (p->star)
        star = i;
      else if (p->star_star)
        star_star = i;
      else if (!p->keyword_only && arg_pos < args->n_args)
        {
          call->values[i] = args->args[arg_pos++];
          call->given[i] = TRUE;
        }
    }
  if (arg_pos < args->n_args)
    {
      if (star < 0)
        {
          guint kw_only = 0;

          if (!raise)
            return FALSE;
          if (builtin)
            return builtin_arity_error (in, sig, args);
          for (guint k = 0; k < args->n_kw; k++)
            {
              int idx = find_param (sig, args->kw_names[k]);

              kw_only += idx >= 0 && sig->params[idx].keyword_only;
            }
          return python_too_many (in, sig, args->n_args, kw_only);
        }
      rest = bs_tuple_from (in, args->args + arg_pos, args->n_args - arg_pos);
    }
  else if (star >= 0)
    rest = bs_tuple_new (in->heap, 0);
  if (star >= 0)
    {
      g_ptr_array_add (call->owned, rest.as.object);
      call->values[star] = rest;
      call->given[star] = TRUE;
    }
  if (star_star >= 0)
    {
      extra = bs_dict_new (in->heap);
      g_ptr_array_add (call->owned, extra.as.object);
      call->values[star_star] = extra;
      call->given[star_star] = TRUE;
    }
  for (guint k = 0; k < args->n_kw; k++)
    {
      int idx = find_param (sig, args->kw_names[k]);

      if (idx >= 0 && (sig->params[idx].star || sig->params[idx].star_star
                       || sig->params[idx].positional_only))
        idx = -1;
      if (idx < 0)
        {
          if (star_star >= 0)
            {
              bs_dict_set_str (extra, args->kw_names[k], bs_value_ref (args->kw_values[k]));
              continue;
            }
          if (!raise)
            return FALSE;
          if (builtin)
            {
              guint keywords = 0;

              for (guint i = 0; i < sig->n_params; i++)
                keywords += !sig->params[i].is_self && !sig->params[i].positional_only
                            && !sig->params[i].star && !sig->params[i].star_star;
              if (keywords == 0)
                return builtin_arity_error (in, sig, args);
              return bs_raise (in, "TypeError", "'%s' is an invalid keyword argument for %s()",
                               args->kw_names[k], sig->short_name);
            }
          return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'",
                           python_display_name (sig), args->kw_names[k]);
        }
      if (call->given[idx])
        return raise ? bs_raise (in, "TypeError", "%s() got multiple values for argument '%s'",
                                 builtin ? sig->short_name : python_display_name (sig),
                                 args->kw_names[k])
                     : FALSE;
      call->values[idx] = args->kw_values[k];
      call->given[idx] = TRUE;
    }
  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (call->given[i] || p->optional || p->star || p->star_star)
        continue;
      if (!raise)
        return FALSE;
      if (builtin)
        {
          if (p->positional_only)
            return builtin_arity_error (in, sig, args);
          return bs_raise (in, "TypeError", "%s() missing required argument '%s' (pos %u)",
                           sig->short_name, p->name, i + 1 - sig->has_self);
        }
      return python_missing (in, sig, call, p->keyword_only);
    }
  return TRUE;
}

gboolean
bs_signature_bind (BsInterp           *in,
                   const BsSignature  *sig,
                   BsValue             self,
                   const BsArgs       *args,
                   gboolean            raise,
                   BsCall             *call)
{
  call->in = in;
  call->sig = sig;
  call->self = self;
  if (call->owned == NULL)
    call->owned = g_ptr_array_new ();
  if (sig->kind == BS_SIG_TORCH)
    return bind_torch (in, sig, args, raise, call);
  return bind_python (in, sig, args, raise, call);
}

void
bs_call_clear (BsCall *call)
{
  if (call->owned == NULL)
    return;
  for (guint i = 0; i < call->owned->len; i++)
    bs_value_unref (BS_OBJECT (call->owned->pdata[i]));
  g_ptr_array_free (call->owned, TRUE);
  call->owned = NULL;
  g_clear_pointer (&call->memory, g_ptr_array_unref);
}

/* --- PyTorch's message when no overload fits (invalid_arguments.cpp's rules) --- */

/* One overload as the message parses its printed form back: "*" counts as an argument,
 * and a parameter matches a value only when their type names are the same. */
typedef struct {
  char  *types[BS_SIGNATURE_MAX_PARAMS + 1];
  char  *names[BS_SIGNATURE_MAX_PARAMS + 1];
  guint  n;
} PrintedOption;

static void
printed_option_parse (PrintedOption *o,
                      const char    *text)
{
  g_autofree char *inner = g_strndup (text + 1, strlen (text) - 2);
  g_auto(GStrv) parts = NULL;

  o->n = 0;
  if (inner[0] == '\0')
    {
      /* "()" reads back as one nameless argument */
      o->types[0] = g_strdup ("");
      o->names[0] = g_strdup ("");
      o->n = 1;
      return;
    }
  parts = g_strsplit (inner, ", ", -1);
  for (guint i = 0; parts[i] != NULL && o->n < G_N_ELEMENTS (o->types); i++)
    {
      const char *space = strrchr (parts[i], ' ');

      if (space == NULL)
        {
          o->types[o->n] = g_strdup (parts[i]);
          o->names[o->n] = g_strdup (parts[i]);
        }
      else
        {
          o->types[o->n] = g_strndup (parts[i], space - parts[i]);
          o->names[o->n] = g_strdup (space + 1);
        }
      o->n++;
    }
}

static void
printed_option_clear (PrintedOption *o)
{
  for (guint i = 0; i < o->n; i++)
    {
      g_free (o->types[i]);
      g_free (o->names[i]);
    }
}

static gboolean
printed_type_matches (const char *type,
                      BsValue     v)
{
  const char *got = type_name (v);

  if (strcmp (type, "float") == 0)
    return strcmp (got, "float") == 0 || strcmp (got, "int") == 0;
  return strcmp (type, got) == 0;
}

static void
append_value_type (GString *out,
                   BsValue  v)
{
  gboolean is_tuple = bs_value_is_object (v, BS_OBJECT_TUPLE);

  if (is_tuple || bs_value_is_object (v, BS_OBJECT_LIST))
    {
      gsize n;
      BsValue *items = bs_value_items (v, &n);

      g_string_append_printf (out, "%s of %c", type_name (v), is_tuple ? '(' : '[');
      for (gsize i = 0; i < n; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", type_name (items[i]));
      g_string_append (out, is_tuple ? (n == 1 ? ",)" : ")") : "]");
    }
  else
    g_string_append (out, type_name (v));
}

static void
append_arg_desc (GString      *out,
                 const BsArgs *args)
{
  g_string_append_c (out, '(');
  for (guint i = 0; i < args->n_args; i++)
    g_string_append_printf (out, "%s, ", type_name (args->args[i]));
  for (guint k = 0; k < args->n_kw; k++)
    g_string_append_printf (out, "%s=%s, ", args->kw_names[k], type_name (args->kw_values[k]));
  if (args->n_args > 0)
    g_string_truncate (out, out->len - 2);
  g_string_append_c (out, ')');
}

static gboolean
argcount_matches (const PrintedOption *o,
                  const BsArgs        *args)
{
  return args->n_args + args->n_kw == o->n;
}

static void
append_formatted_desc (GString             *out,
                       const PrintedOption *o,
                       const BsArgs        *args)
{
  guint n = args->n_args + args->n_kw;

  g_string_append_c (out, '(');
  for (guint i = 0; i < n; i++)
    {
      gboolean is_kwarg = i >= args->n_args;
      BsValue v = BS_NONE;
      gboolean matches;

      if (is_kwarg)
        {
          int k = find_keyword (args, o->names[i]);

          v = k >= 0 ? args->kw_values[k] : args->kw_values[i - args->n_args];
        }
      else
        v = args->args[i];
      matches = i < o->n && printed_type_matches (o->types[i], v);
      if (!matches)
        g_string_append_c (out, '!');
      if (is_kwarg)
        g_string_append_printf (out, "%s=", o->names[i]);
      append_value_type (out, v);
      if (!matches)
        g_string_append_c (out, '!');
      g_string_append (out, ", ");
    }
  if (args->n_args > 0)
    g_string_truncate (out, out->len - 2);
  g_string_append_c (out, ')');
}

/* The keywords no parameter of the option's tail takes. */
static void
append_unmatched_keywords (GString             *out,
                           const PrintedOption *o,
                           const BsArgs        *args)
{
  int start = (int) o->n - (int) args->n_kw;
  gboolean any = FALSE;

  start = MAX (start, 0);
  for (guint k = 0; k < args->n_kw; k++)
    {
      gboolean found = FALSE;

      for (guint i = start; i < o->n; i++)
        if (strcmp (o->names[i], args->kw_names[k]) == 0)
          found = TRUE;
      if (!found)
        {
          g_string_append_printf (out, "%s%s", any ? ", " : "", args->kw_names[k]);
          any = TRUE;
        }
    }
}

static gboolean
has_unmatched_keywords (const PrintedOption *o,
                        const BsArgs        *args)
{
  g_autoptr(GString) s = g_string_new (NULL);

  append_unmatched_keywords (s, o, args);
  return s->len > 0;
}

gboolean
bs_signature_raise_invalid (BsInterp           *in,
                            const char         *name,
                            const BsSignature **sigs,
                            guint               n_sigs,
                            const BsArgs       *args)
{
  g_autoptr(GString) msg = g_string_new (NULL);
  g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_sigs; i++)
    if (!sigs[i]->hidden)
      g_ptr_array_add (options, bs_signature_to_string (sigs[i]));
  g_string_append_printf (msg, "%s() received an invalid combination of arguments - ", name);
  if (options->len == 1)
    {
      PrintedOption o;

      printed_option_parse (&o, options->pdata[0]);
      if (args->n_kw > 0 && has_unmatched_keywords (&o, args))
        {
          g_string_append (msg, "got unrecognized keyword arguments: ");
          append_unmatched_keywords (msg, &o, args);
        }
      else
        {
          g_string_append (msg, "got ");
          if (argcount_matches (&o, args))
            append_formatted_desc (msg, &o, args);
          else
            append_arg_desc (msg, args);
          g_string_append_printf (msg, ", but expected %s", (char *) options->pdata[0]);
        }
      printed_option_clear (&o);
    }
  else
    {
      g_string_append (msg, "got ");
      append_arg_desc (msg, args);
      g_string_append (msg, ", but expected one of:\n");
      for (guint i = 0; i < options->len; i++)
        {
          PrintedOption o;

          printed_option_parse (&o, options->pdata[i]);
          g_string_append_printf (msg, " * %s\n", (char *) options->pdata[i]);
          if (argcount_matches (&o, args))
            {
              if (args->n_kw > 0 && has_unmatched_keywords (&o, args))
                {
                  g_string_append (msg, "      didn't match because some of the keywords were "
                                   "incorrect: ");
                  append_unmatched_keywords (msg, &o, args);
                  g_string_append_c (msg, '\n');
                }
              else
                {
                  g_string_append (msg, "      didn't match because some of the arguments "
                                   "have invalid types: ");
                  append_formatted_desc (msg, &o, args);
                  g_string_append_c (msg, '\n');
                }
            }
          printed_option_clear (&o);
        }
    }
  return bs_raise (in, "TypeError", "%s", msg->str);
}

/* --- reading the arguments ------------------------------------------------ */

gboolean
bs_call_has (BsCall *call,
             guint   i)
{
  return call->given[i] && !bs_value_is_none (call->values[i]);
}

BsValue
bs_call_value (BsCall *call,
               guint   i)
{
  return call->given[i] ? call->values[i] : BS_NONE;
}

static BsValue
default_of (BsCall *call,
            guint   i)
{
  return call->sig->params[i].default_value;
}

BsTensor *
bs_call_tensor (BsCall *call,
                guint   i)
{
  BsValue v = bs_call_value (call, i);
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL || !is_number (v))
    return t;
  t = bs_as_tensor (call->in, v);
  if (t == NULL)
    return NULL;
  g_ptr_array_add (call->owned, bs_wrap_tensor (call->in, t).as.object);
  return t;
}

static double
number_of (BsValue v)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return bs_tensor_item (t);
  return v.type == BS_VALUE_FLOAT ? v.as.number
         : v.type == BS_VALUE_BOOL ? v.as.boolean : (double) v.as.integer;
}

gint64
bs_call_int (BsCall *call,
             guint   i)
{
  BsValue v = call->given[i] ? call->values[i] : default_of (call, i);
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return t->dtype == BS_DTYPE_INT64 ? bs_tensor_get_int (t, 0) : (gint64) bs_tensor_item (t);
  if (v.type == BS_VALUE_INT)
    return v.as.integer;
  if (v.type == BS_VALUE_BOOL)
    return v.as.boolean;
  return v.type == BS_VALUE_FLOAT ? (gint64) v.as.number : 0;
}

double
bs_call_double (BsCall *call,
                guint   i)
{
  BsValue v = call->given[i] ? call->values[i] : default_of (call, i);

  if (bs_value_is_none (v))
    return 0.0;
  return number_of (v);
}

gboolean
bs_call_bool (BsCall *call,
              guint   i)
{
  BsValue v = call->given[i] ? call->values[i] : default_of (call, i);

  return v.type == BS_VALUE_BOOL ? v.as.boolean : bs_value_truthy (v);
}

BsValue
bs_call_scalar (BsCall *call,
                guint   i)
{
  BsValue v = call->given[i] ? call->values[i] : default_of (call, i);
  BsTensor *t = bs_value_tensor (v);

  if (t == NULL)
    return v;
  if (t->dtype == BS_DTYPE_BOOL)
    return BS_BOOL (bs_tensor_item (t) != 0);
  if (t->dtype == BS_DTYPE_INT64)
    return BS_INT (bs_tensor_get_int (t, 0));
  if (!bs_dtype_is_floating (t->dtype))
    return BS_INT ((gint64) bs_tensor_item (t));
  return BS_FLOAT (bs_tensor_item (t));
}

gboolean
bs_call_exact_int (BsCall  *call,
                   guint    i,
                   BsDType  dtype,
                   gint64  *value)
{
  BsValue v;

  if (!bs_dtype_is_integral (dtype) || !bs_call_has (call, i))
    return FALSE;
  v = bs_call_scalar (call, i);
  if (v.type == BS_VALUE_INT)
    *value = v.as.integer;
  else if (v.type == BS_VALUE_BOOL)
    *value = v.as.boolean != 0;
  else
    return FALSE;
  return TRUE;
}

const char *
bs_call_string (BsCall *call,
                guint   i)
{
  return call->given[i] ? bs_value_str (call->values[i]) : NULL;
}

BsDType
bs_call_dtype (BsCall  *call,
               guint    i,
               BsDType  fallback)
{
  BsValue v;
  BsInterp *in = call->in;

  if (!bs_call_has (call, i))
    return fallback;
  v = call->values[i];
  if (bs_value_is_object (v, BS_OBJECT_NATIVE))
    return GPOINTER_TO_INT (((BsNative *) v.as.object)->data);
  /* checked before the call: otherwise Python's float, int or bool */
  if (bs_value_equal (v, bs_lookup_builtin (in, "float")))
    return BS_DTYPE_FLOAT64;
  if (bs_value_equal (v, bs_lookup_builtin (in, "int")))
    return BS_DTYPE_INT64;
  return BS_DTYPE_BOOL;
}

int
bs_call_int_list (BsCall *call,
                  guint   i,
                  gint64 *out)
{
  const BsParam *p = &call->sig->params[i];
  BsValue v;
  gsize n;
  BsValue *items;

  if (!call->given[i])
    {
      const char *text = p->default_text;

      if (text == NULL || strcmp (text, "None") == 0)
        return -1;
      if (text[0] != '{')
        {
          for (int k = 0; k < MAX (p->size, 1); k++)
            out[k] = g_ascii_strtoll (text, NULL, 10);
          return MAX (p->size, 1);
        }
      else
        {
          g_auto(GStrv) parts = g_strsplit_set (text + 1, ",}", -1);
          int count = 0;

          for (guint k = 0; parts[k] != NULL && parts[k][0] != '\0' && count < BS_MAX_DIMS; k++)
            out[count++] = g_ascii_strtoll (parts[k], NULL, 10);
          return count;
        }
    }
  v = call->values[i];
  if (bs_value_is_none (v))
    return -1;
  items = bs_value_items (v, &n);
  if (items == NULL)
    {
      for (int k = 0; k < MAX (p->size, 1); k++)
        out[k] = bs_call_int (call, i);
      return MAX (p->size, 1);
    }
  if (n > BS_MAX_DIMS)
    {
      bs_raise (call->in, "RuntimeError", "Backstep tensors have at most %d dimensions",
                BS_MAX_DIMS);
      return -2;
    }
  for (gsize k = 0; k < n; k++)
    {
      BsTensor *t = bs_value_tensor (items[k]);

      if (items[k].type == BS_VALUE_INT)
        out[k] = items[k].as.integer;
      else if (is_index (items[k]))
        out[k] = (gint64) bs_tensor_item (t);
      else
        {
          bs_raise (call->in, "TypeError", "%s(): argument '%s' must be %s, but found element "
                    "of type %s at pos %zu", call->sig->name, p->name, bs_param_type_name (p->type),
                    type_name (items[k]), k + 1);
          return -2;
        }
    }
  return (int) n;
}

BsTensor **
bs_call_tensor_list (BsCall *call,
                     guint   i,
                     guint  *n)
{
  gsize count;
  BsValue *items;
  BsTensor **out;

  *n = 0;
  if (!bs_call_has (call, i))
    return NULL;
  items = bs_value_items (call->values[i], &count);
  out = g_new0 (BsTensor *, count + 1);
  for (gsize k = 0; k < count; k++)
    out[k] = bs_value_tensor (items[k]);
  if (call->memory == NULL)
    call->memory = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (call->memory, out);
  *n = count;
  return out;
}
