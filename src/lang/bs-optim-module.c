/* bs-optim-module.c: torch.optim's optimizers over the engine's, declared by their PyTorch
 * signatures; param groups from dicts as PyTorch's add_param_group makes them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

#include "bs-adagrad.h"
#include "bs-adam.h"
#include "bs-rmsprop.h"
#include "bs-sgd.h"

#define METHOD(name) \
  static gboolean name (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)

typedef struct {
  BsValue  optimizer;   /* keeps the optimizer alive */
  guint    index;
} GroupData;

static gboolean optimizer_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                   gboolean *found);
static gboolean group_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                               gboolean *found);

static gboolean optimizer_repr (BsInterp *in, BsValue self, GString *out);
static BsValue  hyper_value (BsInterp *in, BsHyperParam *h);
static gboolean group_repr (BsInterp *in, BsValue self, GString *out);

/* one type per optimizer class, so that type(opt).__name__ is its class's */
#define OPTIMIZER_TYPE(name) \
  { { name, (GDestroyNotify) bs_optimizer_free }, optimizer_getattr, NULL, optimizer_repr }

static const BsNativeType optimizer_types[] = {
  OPTIMIZER_TYPE ("SGD"),
  OPTIMIZER_TYPE ("Adam"),
  OPTIMIZER_TYPE ("AdamW"),
  OPTIMIZER_TYPE ("RMSprop"),
  OPTIMIZER_TYPE ("Adagrad"),
};

static void
group_free (gpointer p)
{
  GroupData *d = p;

  bs_value_unref (d->optimizer);
  g_free (d);
}

static const BsNativeType group_type = {
  { "dict", group_free }, group_getattr, NULL, group_repr,
};

static BsOptimizer *
optimizer_of (BsValue v)
{
  for (guint i = 0; i < G_N_ELEMENTS (optimizer_types); i++)
    {
      BsOptimizer *opt = bs_value_native (v, &optimizer_types[i].base);

      if (opt != NULL)
        return opt;
    }
  return NULL;
}

static BsParamGroup *
group_of (BsValue v)
{
  GroupData *d = bs_value_native (v, &group_type.base);

  return bs_optimizer_get_group (optimizer_of (d->optimizer), d->index);
}

METHOD (optimizer_step)
{
  GError *error = NULL;

  *r = BS_NONE;
  if (!bs_optimizer_step (optimizer_of (self), &error))
    return bs_raise_gerror (in, error);
  return TRUE;
}

METHOD (optimizer_zero_grad)
{
  BsValue *v = bs_arg (a, 0, "set_to_none");

  bs_optimizer_zero_grad (optimizer_of (self), v != NULL && bs_value_truthy (*v));
  *r = BS_NONE;
  return TRUE;
}

/* state_dict(): {'state': {index: {key: tensor}}, 'param_groups': [{..., 'params': [index]}]},
 * params numbered across the groups in order */
METHOD (optimizer_state_dict)
{
  BsOptimizer *opt = optimizer_of (self);
  BsValue state = bs_dict_new (in->heap), groups = bs_list_new (in->heap);
  gint64 index = 0;

  if (a->n_args > 0 || a->n_kw > 0)
    {
      bs_value_unref (state);
      bs_value_unref (groups);
      return bs_raise (in, "TypeError", "Optimizer.state_dict() takes 1 positional argument but "
                       "%u were given", (guint) (a->n_args + a->n_kw + 1));
    }
  for (guint i = 0; i < bs_optimizer_get_n_groups (opt); i++)
    {
      BsParamGroup *g = bs_optimizer_get_group (opt, i);
      BsValue packed = bs_dict_new (in->heap), indices = bs_list_new (in->heap);

      for (guint j = 0; j < g->hypers->len; j++)
        {
          BsHyperParam *h = &g_array_index (g->hypers, BsHyperParam, j);

          bs_dict_set_str (packed, h->name, hyper_value (in, h));
        }
      for (guint j = 0; j < g->params->len; j++, index++)
        {
          BsTensor *p = g_ptr_array_index (g->params, j);
          g_autofree const char **keys = bs_optimizer_get_state_keys (opt, p);

          bs_list_append (indices, BS_INT (index));
          if (keys != NULL)
            {
              BsValue entry = bs_dict_new (in->heap);

              for (guint k = 0; keys[k] != NULL; k++)
                {
                  BsTensor *t = bs_optimizer_get_state (opt, p, keys[k]);

                  bs_dict_set_str (entry, keys[k],
                                   t != NULL ? bs_wrap_tensor (in, bs_tensor_ref (t)) : BS_NONE);
                }
              bs_dict_set (state, BS_INT (index), entry, NULL);
            }
        }
      bs_dict_set_str (packed, "params", indices);
      bs_list_append (groups, packed);
    }
  *r = bs_dict_new (in->heap);
  bs_dict_set_str (*r, "state", state);
  bs_dict_set_str (*r, "param_groups", groups);
  return TRUE;
}

static gboolean
optimizer_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  BsOptimizer *opt = optimizer_of (self);

  *found = TRUE;
  if (strcmp (name, "step") == 0)
    *out = bs_builtin_new (in, "step", optimizer_step, bs_value_ref (self));
  else if (strcmp (name, "zero_grad") == 0)
    *out = bs_builtin_new (in, "zero_grad", optimizer_zero_grad, bs_value_ref (self));
  else if (strcmp (name, "state_dict") == 0)
    *out = bs_builtin_new (in, "state_dict", optimizer_state_dict, bs_value_ref (self));
  else if (strcmp (name, "param_groups") == 0)
    {
      BsValue list = bs_list_new (in->heap);

      for (guint i = 0; i < bs_optimizer_get_n_groups (opt); i++)
        {
          GroupData *d = g_new0 (GroupData, 1);

          d->optimizer = bs_value_ref (self);
          d->index = i;
          bs_list_append (list, bs_native_new (in->heap, &group_type.base, d));
        }
      *out = list;
    }
  else
    *found = FALSE;
  return TRUE;
}

METHOD (group_getitem)
{
  BsParamGroup *g = group_of (self);
  const char *key = a->n_args > 0 ? bs_value_str (a->args[0]) : NULL;
  BsHyperParam *h;

  if (key == NULL)
    return bs_raise (in, "KeyError", "param group keys are strings");
  if (strcmp (key, "params") == 0)
    {
      BsValue list = bs_list_new (in->heap);

      for (guint i = 0; i < g->params->len; i++)
        bs_list_append (list, bs_wrap_tensor (in, bs_tensor_ref (g_ptr_array_index (g->params,
                                                                                     i))));
      *r = list;
      return TRUE;
    }
  h = bs_param_group_lookup (g, key);
  if (h == NULL)
    return bs_raise_key_error (in, a->args[0]);
  *r = hyper_value (in, h);
  return TRUE;
}

METHOD (group_setitem)
{
  BsParamGroup *g = group_of (self);
  const char *key = a->n_args == 2 ? bs_value_str (a->args[0]) : NULL;
  BsValue v;

  if (key == NULL || strcmp (key, "params") == 0)
    return bs_raise (in, "NotImplementedError", "only hyperparameters of a param group can be "
                     "set in Backstep");
  v = a->args[1];
  *r = BS_NONE;
  if (v.type == BS_VALUE_FLOAT)
    bs_param_group_set (g, key, BS_HYPER_FLOAT, v.as.number, 0);
  else if (v.type == BS_VALUE_INT)
    bs_param_group_set (g, key, BS_HYPER_INT, (double) v.as.integer, 0);
  else if (v.type == BS_VALUE_BOOL)
    bs_param_group_set (g, key, BS_HYPER_BOOL, v.as.boolean, 0);
  else if (v.type == BS_VALUE_NONE)
    bs_param_group_set (g, key, BS_HYPER_NONE, 0, 0);
  else
    {
      gsize n;
      BsValue *items = bs_value_items (v, &n);
      double x, y;

      if (items == NULL || n != 2 || !bs_to_double (in, items[0], &x)
          || !bs_to_double (in, items[1], &y))
        return bs_raise (in, "TypeError", "unsupported value for a param group");
      bs_param_group_set (g, key, BS_HYPER_PAIR, x, y);
    }
  return TRUE;
}

static BsValue
hyper_value (BsInterp     *in,
             BsHyperParam *h)
{
  switch (h->type)
    {
    case BS_HYPER_FLOAT: return BS_FLOAT (h->value[0]);
    case BS_HYPER_INT: return BS_INT ((gint64) h->value[0]);
    case BS_HYPER_BOOL: return BS_BOOL (h->value[0] != 0.0);
    case BS_HYPER_NONE: return BS_NONE;
    case BS_HYPER_PAIR:
    default:
      {
        BsValue pair[2] = { BS_FLOAT (h->value[0]), BS_FLOAT (h->value[1]) };

        return bs_tuple_from (in, pair, 2);
      }
    }
}

static int
compare_hyper_names (gconstpointer a,
                     gconstpointer b)
{
  return strcmp ((*(BsHyperParam *const *) a)->name, (*(BsHyperParam *const *) b)->name);
}

/* As Optimizer.__repr__: each group's hyperparameters in sorted key order. */
static gboolean
optimizer_repr (BsInterp *in,
                BsValue   self,
                GString  *out)
{
  BsOptimizer *opt = optimizer_of (self);

  g_string_append_printf (out, "%s (", bs_optimizer_get_name (opt));
  for (guint i = 0; i < bs_optimizer_get_n_groups (opt); i++)
    {
      BsParamGroup *g = bs_optimizer_get_group (opt, i);
      g_autoptr (GPtrArray) sorted = g_ptr_array_new ();

      for (guint j = 0; j < g->hypers->len; j++)
        g_ptr_array_add (sorted, &g_array_index (g->hypers, BsHyperParam, j));
      g_ptr_array_sort (sorted, compare_hyper_names);
      /* each group's lines end with a newline in PyTorch's text: a blank line between */
      g_string_append_printf (out, "%s\nParameter Group %u", i > 0 ? "\n" : "", i);
      for (guint j = 0; j < sorted->len; j++)
        {
          BsHyperParam *h = g_ptr_array_index (sorted, j);
          BsValue v = hyper_value (in, h);
          gboolean ok;

          g_string_append_printf (out, "\n    %s: ", h->name);
          ok = bs_str (in, v, out);
          bs_value_unref (v);
          if (!ok)
            return FALSE;
        }
    }
  g_string_append (out, "\n)");
  return TRUE;
}

/* A param group prints as the dict it is in PyTorch: 'params' first. */
static gboolean
group_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  BsParamGroup *g = group_of (self);
  BsValue dict = bs_dict_new (in->heap);
  BsValue params = bs_list_new (in->heap);
  gboolean ok;

  for (guint i = 0; i < g->params->len; i++)
    bs_list_append (params, bs_wrap_tensor (in, bs_tensor_ref (g_ptr_array_index (g->params, i))));
  bs_dict_set_str (dict, "params", params);
  for (guint i = 0; i < g->hypers->len; i++)
    {
      BsHyperParam *h = &g_array_index (g->hypers, BsHyperParam, i);

      bs_dict_set_str (dict, h->name, hyper_value (in, h));
    }
  ok = bs_repr (in, dict, out);
  bs_value_unref (dict);
  return ok;
}

static gboolean
group_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  *found = TRUE;
  if (strcmp (name, "__getitem__") == 0)
    *out = bs_builtin_new (in, "__getitem__", group_getitem, bs_value_ref (self));
  else if (strcmp (name, "__setitem__") == 0)
    *out = bs_builtin_new (in, "__setitem__", group_setitem, bs_value_ref (self));
  else
    *found = FALSE;
  return TRUE;
}

/* --- constructors ------------------------------------------------------------- */

/* The params of one group: a tensor or an iterable of tensors, as a GPtrArray of
 * references (NULL with PyTorch's TypeError). */
static GPtrArray *
group_params (BsInterp *in,
              BsValue   v)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  BsValue list;
  BsValue *items;
  gsize n;

  if (bs_value_tensor (v) != NULL)
    {
      g_ptr_array_add (out, bs_tensor_ref (bs_value_tensor (v)));
      return g_steal_pointer (&out);
    }
  if (g_strcmp0 (bs_type_name (v), "set") == 0)
    {
      bs_raise (in, "TypeError", "optimizer parameters need to be organized in ordered "
                "collections, but the ordering of tensors in sets will change between runs. "
                "Please use a list instead.");
      return NULL;
    }
  if (!bs_to_list (in, v, &list))
    return NULL;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_tensor (items[i]) == NULL)
        {
          bs_raise (in, "TypeError", "optimizer can only optimize Tensors, but one of the params "
                    "is %s", bs_type_name (items[i]));
          bs_value_unref (list);
          return NULL;
        }
      g_ptr_array_add (out, bs_tensor_ref (bs_value_tensor (items[i])));
    }
  bs_value_unref (list);
  return g_steal_pointer (&out);
}

/* group[name] = v for a Python value */
static gboolean
set_hyper (BsInterp     *in,
           BsParamGroup *g,
           const char   *name,
           BsValue       v)
{
  if (v.type == BS_VALUE_FLOAT)
    bs_param_group_set (g, name, BS_HYPER_FLOAT, v.as.number, 0);
  else if (v.type == BS_VALUE_INT)
    bs_param_group_set (g, name, BS_HYPER_INT, (double) v.as.integer, 0);
  else if (v.type == BS_VALUE_BOOL)
    bs_param_group_set (g, name, BS_HYPER_BOOL, v.as.boolean, 0);
  else if (v.type == BS_VALUE_NONE)
    bs_param_group_set (g, name, BS_HYPER_NONE, 0, 0);
  else
    {
      gsize n;
      BsValue *items = bs_value_items (v, &n);
      double x, y;

      if (items == NULL || n != 2 || !bs_is_number (items[0]) || !bs_is_number (items[1])
          || !bs_to_double (in, items[0], &x) || !bs_to_double (in, items[1], &y))
        return bs_raise (in, "NotImplementedError", "a param group value of type %s ('%s') is "
                         "not supported by Backstep", bs_type_name (v), name);
      bs_param_group_set (g, name, BS_HYPER_PAIR, x, y);
    }
  return TRUE;
}

/* Moves the hyperparameters named in keys (in that order) to the front of g, as PyTorch's
 * group dict holds the keys its caller gave before the defaults it adds. */
static void
reorder_hypers (BsParamGroup *g,
                GPtrArray    *keys)
{
  g_autoptr(GArray) ordered = g_array_new (FALSE, FALSE, sizeof (BsHyperParam));
  g_autofree gboolean *taken = g_new0 (gboolean, g->hypers->len + 1);

  for (guint k = 0; k < keys->len; k++)
    for (guint j = 0; j < g->hypers->len; j++)
      if (!taken[j] && strcmp (g_array_index (g->hypers, BsHyperParam, j).name,
                               keys->pdata[k]) == 0)
        {
          g_array_append_val (ordered, g_array_index (g->hypers, BsHyperParam, j));
          taken[j] = TRUE;
        }
  for (guint j = 0; j < g->hypers->len; j++)
    if (!taken[j])
      g_array_append_val (ordered, g_array_index (g->hypers, BsHyperParam, j));
  /* a permutation: the names move, none is freed */
  memcpy (g->hypers->data, ordered->data, ordered->len * sizeof (BsHyperParam));
}

/* add_param_group() for a dict ({'params': ..., 'lr': ...}) or, when plain, the params
 * themselves. required: a hyperparameter without a default (SGD's lr), or NULL. */
static gboolean
add_group (BsInterp    *in,
           BsOptimizer *opt,
           BsValue      group,
           const char  *required)
{
  g_autoptr(GPtrArray) params = NULL;
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GError *error = NULL;
  BsParamGroup *g;
  BsValue v;

  if (!bs_value_is_object (group, BS_OBJECT_DICT))
    return bs_raise (in, "TypeError", "param group must be a dict");
  if (!bs_dict_get_str (group, "params", &v))
    return bs_raise_key_error (in, bs_str_value (in, "params"));
  params = group_params (in, v);
  if (params == NULL)
    return FALSE;
  g = bs_optimizer_add_param_group (opt, params, &error);
  if (g == NULL)
    return bs_raise_gerror (in, error);
  {
    BsDict *d = (BsDict *) group.as.object;

    for (guint i = 0; i < d->entries->len; i++)
      {
        BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);
        const char *key = bs_value_str (e->key);

        if (e->deleted || key == NULL || strcmp (key, "params") == 0)
          continue;
        if (!set_hyper (in, g, key, e->value))
          return FALSE;
        g_ptr_array_add (keys, (gpointer) key);
      }
    reorder_hypers (g, keys);
  }
  if (required != NULL && bs_param_group_lookup (g, required) == NULL)
    return bs_raise (in, "ValueError", "parameter group didn't specify a value of required "
                     "optimization parameter %s", required);
  return TRUE;
}

/* torch.typename() of a tensor */
static const char *
legacy_type_name (BsTensor *t)
{
  switch (t->dtype)
    {
    case BS_DTYPE_FLOAT32: return "torch.FloatTensor";
    case BS_DTYPE_FLOAT64: return "torch.DoubleTensor";
    case BS_DTYPE_INT64: return "torch.LongTensor";
    case BS_DTYPE_BOOL: return "torch.BoolTensor";
    default: return "torch.Tensor";
    }
}

/* The param groups of params (an iterable of tensors, or of dicts) added to opt. */
static gboolean
add_groups (BsInterp    *in,
            BsOptimizer *opt,
            BsValue      params,
            const char  *required)
{
  BsValue list;
  BsValue *items;
  gsize n;
  gboolean ok = TRUE;

  if (bs_value_tensor (params) != NULL)
    return bs_raise (in, "TypeError", "params argument given to the optimizer should be an "
                     "iterable of Tensors or dicts, but got %s",
                     legacy_type_name (bs_value_tensor (params)));
  if (!bs_to_list (in, params, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  if (n == 0)
    ok = bs_raise (in, "ValueError", "optimizer got an empty parameter list");
  else if (!bs_value_is_object (items[0], BS_OBJECT_DICT))
    {
      BsValue group = bs_dict_new (in->heap);

      bs_dict_set_str (group, "params", bs_value_ref (list));
      ok = add_group (in, opt, group, required);
      bs_value_unref (group);
    }
  else
    for (gsize i = 0; i < n && ok; i++)
      ok = add_group (in, opt, items[i], required);
  bs_value_unref (list);
  return ok;
}

/* The row's Python numbers as doubles (ints too); *ok FALSE with PyTorch's TypeError
 * when one is not a number. */
static double
number (BsInterp   *in,
        BsCall     *call,
        guint       i,
        gboolean   *ok)
{
  BsValue v = call->given[i] ? call->values[i] : call->sig->params[i].default_value;
  double x = 0;

  if (!*ok)
    return 0;
  if (!bs_is_number (v) || !bs_to_double (in, v, &x))
    {
      *ok = FALSE;
      if (bs_value_is_none (in->exc))
        bs_raise (in, "TypeError", "'<=' not supported between instances of 'float' and '%s'",
                  bs_type_name (v));
    }
  return x;
}

/* The keyword-only flags every optimizer shares: their values in the defaults, PyTorch's
 * defaults left alone; a flag Backstep does not implement raises. */
static gboolean
set_flags (BsInterp    *in,
           BsCall      *call,
           BsOptimizer *opt)
{
  BsParamGroup *defaults = bs_optimizer_get_defaults (opt);

  for (guint i = 1; i < call->sig->n_params; i++)
    {
      const char *name = call->sig->params[i].name;
      BsValue v = bs_call_value (call, i);

      if (!call->given[i])
        continue;
      if (strcmp (name, "maximize") == 0 || strcmp (name, "foreach") == 0)
        {
          if (!set_hyper (in, defaults, name, v))
            return FALSE;
        }
      else if ((strcmp (name, "differentiable") == 0 || strcmp (name, "capturable") == 0
                || strcmp (name, "fused") == 0) && bs_value_truthy (v))
        return bs_raise (in, "NotImplementedError", "%s(%s=True) is not supported by Backstep",
                         bs_optimizer_get_name (opt), name);
    }
  return TRUE;
}

/* A number hyperparameter a script gave as a Python int stays an int, as PyTorch
 * keeps the value it was given (SGD's momentum prints 0, not 0.0). */
static void
keep_ints (BsCall      *call,
           BsOptimizer *opt,
           const char  *names)
{
  g_auto(GStrv) list = g_strsplit (names, " ", -1);
  BsParamGroup *defaults = bs_optimizer_get_defaults (opt);

  for (guint k = 0; list[k] != NULL; k++)
    for (guint i = 1; i < call->sig->n_params; i++)
      if (strcmp (call->sig->params[i].name, list[k]) == 0)
        {
          BsValue v = call->given[i] ? bs_call_value (call, i) : call->sig->params[i].default_value;

          if (v.type == BS_VALUE_INT)
            bs_param_group_set (defaults, list[k], BS_HYPER_INT, (double) v.as.integer, 0);
        }
}

static gboolean
finish (BsInterp    *in,
        BsCall      *call,
        BsOptimizer *opt,
        GError      *error,
        const char  *ints,
        const char  *required,
        BsValue     *r)
{
  if (opt == NULL)
    return bs_raise_gerror (in, error);
  keep_ints (call, opt, ints);
  if (!set_flags (in, call, opt) || !add_groups (in, opt, bs_call_value (call, 1), required))
    {
      bs_optimizer_free (opt);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (optimizer_types); i++)
    if (strcmp (optimizer_types[i].base.name, bs_optimizer_get_name (opt)) == 0)
      *r = bs_native_new (in->heap, &optimizer_types[i].base, opt);
  return TRUE;
}

/* PyTorch's "Invalid {what}: {value}" unless low <= value (< high when high > low), with the
 * value as the script gave it (an int prints as one) */
static gboolean
valid (BsInterp   *in,
       BsValue     v,
       const char *what,
       double      low,
       double      high)
{
  g_autoptr(GString) text = NULL;
  double x;

  if (!bs_is_number (v) || !bs_to_double (in, v, &x))
    return bs_value_is_none (in->exc) ? bs_raise (in, "TypeError", "'<=' not supported between "
                                                  "instances of 'float' and '%s'",
                                                  bs_type_name (v)) : FALSE;
  if (low <= x && (high <= low || x < high))
    return TRUE;
  text = g_string_new (NULL);
  if (!bs_str (in, v, text))
    return FALSE;
  return bs_raise (in, "ValueError", "Invalid %s: %s", what, text->str);
}

/* The checks of PyTorch's constructor, in its order: "name:what" pairs, space-separated
 * ("lr:learning rate" and so on; "betas:" checks both betas) */
static gboolean
check_values (BsInterp   *in,
              BsCall     *call,
              const char *checks)
{
  g_auto(GStrv) list = g_strsplit (checks, ",", -1);

  for (guint k = 0; list[k] != NULL; k++)
    {
      const char *colon = strchr (list[k], ':');
      g_autofree char *name = g_strndup (list[k], colon - list[k]);

      for (guint i = 1; i < call->sig->n_params; i++)
        {
          BsValue v;

          if (strcmp (call->sig->params[i].name, name) != 0)
            continue;
          v = call->given[i] ? call->values[i] : call->sig->params[i].default_value;
          if (strcmp (name, "betas") == 0)
            {
              gsize n;
              BsValue *items;

              if (!call->given[i])
                break;
              items = bs_value_items (v, &n);
              if (items == NULL || n != 2)
                return bs_raise (in, "TypeError", "betas must be a pair of numbers");
              if (!valid (in, items[0], "beta parameter at index 0", 0.0, 1.0)
                  || !valid (in, items[1], "beta parameter at index 1", 0.0, 1.0))
                return FALSE;
            }
          else if (!bs_value_is_none (v) && !valid (in, v, colon + 1, 0.0, 0.0))
            return FALSE;
        }
    }
  return TRUE;
}

/* betas, a pair of numbers */
static gboolean
betas_of (BsInterp *in,
          BsCall   *call,
          guint     i,
          double   *b1,
          double   *b2)
{
  gsize n;
  BsValue *items;

  if (!call->given[i])
    return TRUE;
  items = bs_value_items (bs_call_value (call, i), &n);
  if (items == NULL || n != 2 || !bs_is_number (items[0]) || !bs_is_number (items[1]))
    return bs_raise (in, "TypeError", "betas must be a pair of numbers");
  return bs_to_double (in, items[0], b1) && bs_to_double (in, items[1], b2);
}

/* SGD.__init__(self, params, lr=<required parameter>, momentum=0, dampening=0,
 * weight_decay=0, nesterov=False, *, maximize=False, foreach=None, differentiable=False) */
static gboolean
optim_sgd (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  gboolean ok = TRUE, has_lr = call->given[2] && !bs_value_is_none (bs_call_value (call, 2));
  double lr = has_lr ? number (in, call, 2, &ok) : 0.0;
  double momentum = number (in, call, 3, &ok), dampening = number (in, call, 4, &ok);
  double wd = number (in, call, 5, &ok);
  GError *error = NULL;
  BsOptimizer *opt;

  if (!ok || !check_values (in, call, "lr:learning rate,momentum:momentum value,"
                            "weight_decay:weight_decay value"))
    return FALSE;
  opt = bs_sgd_new (NULL, lr, momentum, dampening, wd, bs_call_bool (call, 6), &error);
  if (opt != NULL && !has_lr)
    g_array_remove_index (bs_optimizer_get_defaults (opt)->hypers, 0);
  return finish (in, call, opt, error, "momentum dampening weight_decay",
                 has_lr ? NULL : "lr", r);
}

/* Adam.__init__ / AdamW.__init__: data 1 for AdamW */
static gboolean
optim_adam (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  gboolean ok = TRUE;
  double lr = number (in, call, 2, &ok), b1 = 0.9, b2 = 0.999;
  double eps = number (in, call, 4, &ok), wd = number (in, call, 5, &ok);
  GError *error = NULL;
  BsOptimizer *opt;

  if (!ok || !check_values (in, call, "lr:learning rate,eps:epsilon value,betas:,"
                            "weight_decay:weight_decay value")
      || !betas_of (in, call, 3, &b1, &b2))
    return FALSE;
  opt = bs_call_data (call) ? bs_adamw_new (NULL, lr, b1, b2, eps, wd, bs_call_bool (call, 6),
                                            &error)
                            : bs_adam_new (NULL, lr, b1, b2, eps, wd, bs_call_bool (call, 6),
                                           &error);
  return finish (in, call, opt, error, "weight_decay", NULL, r);
}

/* RMSprop.__init__(self, params, lr=0.01, alpha=0.99, eps=1e-08, weight_decay=0,
 * momentum=0, centered=False, foreach=None, maximize=False, differentiable=False) */
static gboolean
optim_rmsprop (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  gboolean ok = TRUE;
  double lr = number (in, call, 2, &ok), alpha = number (in, call, 3, &ok);
  double eps = number (in, call, 4, &ok), wd = number (in, call, 5, &ok);
  double momentum = number (in, call, 6, &ok);
  GError *error = NULL;
  BsOptimizer *opt;

  if (!ok || !check_values (in, call, "lr:learning rate,eps:epsilon value,momentum:momentum "
                            "value,weight_decay:weight_decay value,alpha:alpha value"))
    return FALSE;
  opt = bs_rmsprop_new (NULL, lr, alpha, eps, wd, momentum, bs_call_bool (call, 7), &error);
  return finish (in, call, opt, error, "weight_decay momentum", NULL, r);
}

/* Adagrad.__init__(self, params, lr=0.01, lr_decay=0, weight_decay=0,
 * initial_accumulator_value=0, eps=1e-10, foreach=None, *, maximize=False) */
static gboolean
optim_adagrad (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  gboolean ok = TRUE;
  double lr = number (in, call, 2, &ok), lr_decay = number (in, call, 3, &ok);
  double wd = number (in, call, 4, &ok), init = number (in, call, 5, &ok);
  double eps = number (in, call, 6, &ok);
  GError *error = NULL;
  BsOptimizer *opt;

  if (!ok || !check_values (in, call, "lr:learning rate,lr_decay:lr_decay value,"
                            "weight_decay:weight_decay value,initial_accumulator_value:"
                            "initial_accumulator_value value,eps:epsilon value"))
    return FALSE;
  opt = bs_adagrad_new (NULL, lr, lr_decay, wd, init, eps, &error);
  if (!finish (in, call, opt, error, "lr_decay weight_decay initial_accumulator_value", NULL, r))
    return FALSE;
  if (!bs_adagrad_init_state (optimizer_of (*r), &error))
    return bs_raise_gerror (in, error);
  return TRUE;
}

#define OPTIM "torch.optim"

static const BsSignatureRow rows[] = {
  { OPTIM, BS_SIG_PYTHON, "SGD.__init__(self, params, lr=None, momentum=0, dampening=0, "
    "weight_decay=0, nesterov=False, *, maximize=False, foreach=None, differentiable=False)",
    optim_sgd, 0, "SGD" },
  { OPTIM, BS_SIG_PYTHON, "Adam.__init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, "
    "weight_decay=0, amsgrad=False, *, foreach=None, maximize=False, capturable=False, "
    "differentiable=False, fused=False)", optim_adam, 0, "Adam" },
  { OPTIM, BS_SIG_PYTHON, "AdamW.__init__(self, params, lr=0.001, betas=(0.9, 0.999), "
    "eps=1e-08, weight_decay=0.01, amsgrad=False, *, maximize=False, foreach=None, "
    "capturable=False)", optim_adam, 1, "AdamW" },
  { OPTIM, BS_SIG_PYTHON, "RMSprop.__init__(self, params, lr=0.01, alpha=0.99, eps=1e-08, "
    "weight_decay=0, momentum=0, centered=False, foreach=None, maximize=False, "
    "differentiable=False)", optim_rmsprop, 0, "RMSprop" },
  { OPTIM, BS_SIG_PYTHON, "Adagrad.__init__(self, params, lr=0.01, lr_decay=0, weight_decay=0, "
    "initial_accumulator_value=0, eps=1e-10, foreach=None, *, maximize=False)", optim_adagrad,
    0, "Adagrad" },
};

const BsSignatureTable bs_optim_table = BS_SIGNATURE_TABLE (rows);


