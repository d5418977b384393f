/* bs-optim-module.c: torch.optim's optimizers over the engine's, declared by their PyTorch
 * signatures; param groups from dicts as PyTorch's add_param_group makes them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

#include "bs-adagrad.h"
#include "bs-adam.h"
#include "bs-rmsprop.h"
#include "bs-sgd.h"

/* The Python object: the engine's optimizer and its param_groups, the list of dicts a script
 * reads and changes (opt.param_groups[0]['lr'] = 0.01) as PyTorch's. A step, zero_grad(),
 * state_dict() and repr read the dicts afresh. */
typedef struct {
  BsOptimizer *optimizer;   /* Owned */
  BsValue      groups;      /* list of dicts */
} OptimizerData;

static gboolean optimizer_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                   gboolean *found);
static gboolean optimizer_repr (BsInterp *in, BsValue self, GString *out);
static BsValue  hyper_value (BsInterp *in, BsHyperParam *h);
static GPtrArray *group_params (BsInterp *in, BsValue v, BsValue *as_list);
static gboolean set_hyper (BsInterp *in, BsParamGroup *g, const char *name, BsValue v);
static gboolean add_group (BsInterp *in, BsOptimizer *opt, BsValue group, const char *required,
                           BsValue groups);

static void
optimizer_data_free (gpointer p)
{
  OptimizerData *d = p;

  bs_optimizer_free (d->optimizer);
  bs_value_unref (d->groups);
  g_free (d);
}

/* one type per optimizer class, so that type(opt).__name__ is its class's */
#define OPTIMIZER_TYPE(name) \
  { { name, optimizer_data_free }, optimizer_getattr, NULL, optimizer_repr }

static const BsNativeType optimizer_types[] = {
  OPTIMIZER_TYPE ("SGD"),
  OPTIMIZER_TYPE ("Adam"),
  OPTIMIZER_TYPE ("AdamW"),
  OPTIMIZER_TYPE ("RMSprop"),
  OPTIMIZER_TYPE ("Adagrad"),
};

static OptimizerData *
optimizer_data (BsValue v)
{
  for (guint i = 0; i < G_N_ELEMENTS (optimizer_types); i++)
    {
      OptimizerData *d = bs_value_native (v, &optimizer_types[i].base);

      if (d != NULL)
        return d;
    }
  return NULL;
}

static BsOptimizer *
optimizer_of (BsValue v)
{
  return optimizer_data (v)->optimizer;
}

/* TRUE when the tensors of list are params, in order */
static gboolean
same_params (BsValue    list,
             GPtrArray *params)
{
  gsize n;
  BsValue *items = bs_value_items (list, &n);

  if (items == NULL || n != params->len)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (items[i]) != g_ptr_array_index (params, i))
      return FALSE;
  return TRUE;
}

/* The engine's groups take the values of the script's dicts: a hyperparameter the engine
 * knows takes the dict's value, a changed 'params' list replaces the group's params; other
 * keys ('initial_lr') are the script's own. */
static gboolean
sync_groups (BsInterp      *in,
             OptimizerData *d)
{
  gsize n;
  BsValue *dicts = bs_value_items (d->groups, &n);

  if (n != bs_optimizer_get_n_groups (d->optimizer))
    return bs_raise (in, "NotImplementedError", "param_groups changed other than by "
                     "add_param_group() are not supported by Backstep");
  for (gsize i = 0; i < n; i++)
    {
      BsParamGroup *g = bs_optimizer_get_group (d->optimizer, i);
      BsValue v;

      if (!bs_value_is_object (dicts[i], BS_OBJECT_DICT))
        return bs_raise (in, "TypeError", "param group must be a dict");
      if (!bs_dict_get_str (dicts[i], "params", &v))
        return bs_raise_key_error (in, bs_str_value (in, "params"));
      if (!same_params (v, g->params))
        {
          GPtrArray *params = group_params (in, v, NULL);

          if (params == NULL)
            return FALSE;
          g_ptr_array_unref (g->params);
          g->params = params;
        }
      for (guint j = 0; j < g->hypers->len; j++)
        {
          const char *name = g_array_index (g->hypers, BsHyperParam, j).name;

          if (!bs_dict_get_str (dicts[i], name, &v))
            return bs_raise_key_error (in, bs_str_value (in, name));
          if (!set_hyper (in, g, name, v))
            return FALSE;
        }
    }
  return TRUE;
}

/* step(closure=None): the closure runs with grad enabled, as torch.enable_grad() in
 * PyTorch's step, and its value is step's */
static gboolean
optimizer_step (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  OptimizerData *d = optimizer_data (call->self);
  BsValue closure = bs_call_value (call, 1);
  BsValue loss = BS_NONE;
  GError *error = NULL;

  if (!bs_value_is_none (closure))
    {
      gboolean grad_enabled = in->context->grad_enabled, ok;

      in->context->grad_enabled = TRUE;
      ok = bs_call_simple (in, closure, NULL, 0, &loss);
      in->context->grad_enabled = grad_enabled;
      if (!ok)
        return FALSE;
    }
  if (!sync_groups (in, d) || !bs_optimizer_step (d->optimizer, &error))
    {
      bs_value_unref (loss);
      return error != NULL ? bs_raise_gerror (in, error) : FALSE;
    }
  *r = loss;
  return TRUE;
}

static gboolean
optimizer_zero_grad (BsInterp *in,
                     BsCall   *call,
                     BsValue  *r)
{
  OptimizerData *d = optimizer_data (call->self);

  if (!sync_groups (in, d))
    return FALSE;
  bs_optimizer_zero_grad (d->optimizer, bs_value_truthy (bs_call_value (call, 1)));
  *r = BS_NONE;
  return TRUE;
}

/* The state of every param, keyed by its index across the groups in order. */
static BsValue
packed_state (BsInterp    *in,
              BsOptimizer *opt)
{
  BsValue state = bs_dict_new (in->heap);
  gint64 index = 0;

  for (guint i = 0; i < bs_optimizer_get_n_groups (opt); i++)
    {
      BsParamGroup *g = bs_optimizer_get_group (opt, i);

      for (guint j = 0; j < g->params->len; j++, index++)
        {
          BsTensor *p = g_ptr_array_index (g->params, j);
          g_autofree const char **keys = bs_optimizer_get_state_keys (opt, p);
          BsValue entry;

          if (keys == NULL)
            continue;
          entry = bs_dict_new (in->heap);
          for (guint k = 0; keys[k] != NULL; k++)
            {
              BsTensor *t = bs_optimizer_get_state (opt, p, keys[k]);

              bs_dict_set_str (entry, keys[k],
                               t != NULL ? bs_wrap_tensor (in, bs_tensor_ref (t)) : BS_NONE);
            }
          bs_dict_set (state, BS_INT (index), entry, NULL);
        }
    }
  return state;
}

/* state_dict(): {'state': {index: {key: tensor}}, 'param_groups': [{..., 'params': [index]}]},
 * params numbered across the groups in order, each group's keys as the script's dict holds
 * them */
static gboolean
optimizer_state_dict (BsInterp *in,
                      BsCall   *call,
                      BsValue  *r)
{
  OptimizerData *d = optimizer_data (call->self);
  BsValue groups;
  gsize n;
  BsValue *dicts;
  gint64 index = 0;

  if (!sync_groups (in, d))
    return FALSE;
  groups = bs_list_new (in->heap);
  dicts = bs_value_items (d->groups, &n);
  for (gsize i = 0; i < n; i++)
    {
      BsDict *group = (BsDict *) dicts[i].as.object;
      BsValue packed = bs_dict_new (in->heap), indices = bs_list_new (in->heap);
      BsParamGroup *g = bs_optimizer_get_group (d->optimizer, i);

      for (guint j = 0; j < group->entries->len; j++)
        {
          BsDictEntry *e = &g_array_index (group->entries, BsDictEntry, j);
          const char *key = bs_value_str (e->key);

          if (!e->deleted && g_strcmp0 (key, "params") != 0)
            bs_dict_set (packed, e->key, bs_value_ref (e->value), NULL);
        }
      for (guint j = 0; j < g->params->len; j++)
        bs_list_append (indices, BS_INT (index++));
      bs_dict_set_str (packed, "params", indices);
      bs_list_append (groups, packed);
    }
  *r = bs_dict_new (in->heap);
  bs_dict_set_str (*r, "state", packed_state (in, d->optimizer));
  bs_dict_set_str (*r, "param_groups", groups);
  return TRUE;
}

/* The params of the optimizer in order across the groups */
static GPtrArray *
all_params (BsOptimizer *opt)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < bs_optimizer_get_n_groups (opt); i++)
    {
      BsParamGroup *g = bs_optimizer_get_group (opt, i);

      for (guint j = 0; j < g->params->len; j++)
        g_ptr_array_add (out, g_ptr_array_index (g->params, j));
    }
  return out;
}

/* state[param] = saved (a dict of tensors), each a copy in the param's dtype but 'step',
 * as PyTorch's load_state_dict casts */
static gboolean
load_param_state (BsInterp    *in,
                  BsOptimizer *opt,
                  BsTensor    *param,
                  BsValue      saved)
{
  BsDict *entries;

  if (!bs_value_is_object (saved, BS_OBJECT_DICT))
    return bs_raise (in, "NotImplementedError", "an optimizer state that is not a dict of "
                     "tensors is not supported by Backstep");
  entries = (BsDict *) saved.as.object;
  for (guint k = 0; k < entries->entries->len; k++)
    {
      BsDictEntry *e = &g_array_index (entries->entries, BsDictEntry, k);
      const char *key = bs_value_str (e->key);
      BsTensor *t = bs_value_tensor (e->value);
      GError *error = NULL;
      BsTensor *copy;

      if (e->deleted)
        continue;
      if (key == NULL || t == NULL)
        return bs_raise (in, "NotImplementedError", "an optimizer state value that is not a "
                         "tensor is not supported by Backstep");
      copy = strcmp (key, "step") == 0 || t->dtype == param->dtype
             ? bs_clone (t, &error) : bs_to_dtype (t, param->dtype, &error);
      if (copy == NULL)
        return bs_raise_gerror (in, error);
      bs_optimizer_set_state (opt, param, key, copy);
      bs_tensor_unref (copy);
    }
  return TRUE;
}

/* load_state_dict(state_dict): PyTorch's checks, then each group takes the saved
 * group's values (keeping its params) and each param the saved state */
static gboolean
optimizer_load_state_dict (BsInterp *in,
                           BsCall   *call,
                           BsValue  *r)
{
  OptimizerData *d = optimizer_data (call->self);
  BsValue state_dict = bs_call_value (call, 1), saved_groups, saved_state;
  g_autoptr(GPtrArray) params = NULL;
  BsValue *groups, *saved;
  gsize n_groups, n_saved;
  BsValue new_groups;

  if (!sync_groups (in, d))
    return FALSE;
  if (!bs_value_is_object (state_dict, BS_OBJECT_DICT))
    return bs_raise (in, "TypeError", "'%s' object is not subscriptable",
                     bs_type_name (state_dict));
  if (!bs_dict_get_str (state_dict, "param_groups", &saved_groups))
    return bs_raise_key_error (in, bs_str_value (in, "param_groups"));
  if (!bs_dict_get_str (state_dict, "state", &saved_state))
    return bs_raise_key_error (in, bs_str_value (in, "state"));
  groups = bs_value_items (d->groups, &n_groups);
  saved = bs_value_items (saved_groups, &n_saved);
  if (saved == NULL)
    return bs_raise (in, "NotImplementedError", "param_groups that are not a list are not "
                     "supported by Backstep");
  if (n_saved != n_groups)
    return bs_raise (in, "ValueError", "loaded state dict has a different number of parameter "
                     "groups");
  for (gsize i = 0; i < n_groups; i++)
    {
      BsValue mine, theirs;
      gsize a, b;

      if (!bs_value_is_object (saved[i], BS_OBJECT_DICT))
        return bs_raise (in, "TypeError", "param group must be a dict");
      if (!bs_dict_get_str (saved[i], "params", &theirs))
        return bs_raise_key_error (in, bs_str_value (in, "params"));
      bs_dict_get_str (groups[i], "params", &mine);
      if (bs_value_items (mine, &a) == NULL || bs_value_items (theirs, &b) == NULL || a != b)
        return bs_raise (in, "ValueError", "loaded state dict contains a parameter group that "
                         "doesn't match the size of optimizer's group");
    }
  params = all_params (d->optimizer);
  if (!bs_value_is_object (saved_state, BS_OBJECT_DICT))
    return bs_raise (in, "NotImplementedError", "an optimizer state that is not a dict is not "
                     "supported by Backstep");
  {
    BsDict *entries = (BsDict *) saved_state.as.object;

    for (guint k = 0; k < entries->entries->len; k++)
      {
        BsDictEntry *e = &g_array_index (entries->entries, BsDictEntry, k);
        gint64 index;

        if (e->deleted)
          continue;
        if (e->key.type != BS_VALUE_INT)
          return bs_raise (in, "NotImplementedError", "optimizer state keyed by something "
                           "other than a param's index is not supported by Backstep");
        index = e->key.as.integer;
        if (index < 0 || index >= (gint64) params->len)
          continue;   /* PyTorch keeps a state it cannot map, under its saved key */
        if (!load_param_state (in, d->optimizer, g_ptr_array_index (params, index), e->value))
          return FALSE;
      }
  }
  new_groups = bs_list_new (in->heap);
  for (gsize i = 0; i < n_groups; i++)
    {
      BsDict *group = (BsDict *) saved[i].as.object;
      BsValue copy = bs_dict_new (in->heap), mine;

      for (guint j = 0; j < group->entries->len; j++)
        {
          BsDictEntry *e = &g_array_index (group->entries, BsDictEntry, j);

          if (!e->deleted)
            bs_dict_set (copy, e->key, bs_value_ref (e->value), NULL);
        }
      bs_dict_get_str (groups[i], "params", &mine);
      bs_dict_set_str (copy, "params", bs_value_ref (mine));
      bs_list_append (new_groups, copy);
    }
  bs_value_unref (d->groups);
  d->groups = new_groups;
  *r = BS_NONE;
  return sync_groups (in, d);
}

static gboolean
optimizer_add_param_group (BsInterp *in,
                           BsCall   *call,
                           BsValue  *r)
{
  OptimizerData *d = optimizer_data (call->self);

  *r = BS_NONE;
  return sync_groups (in, d)
         && add_group (in, d->optimizer, bs_call_value (call, 1), NULL, d->groups);
}

static gboolean
optimizer_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  OptimizerData *d = optimizer_data (self);

  *found = TRUE;
  if (bs_py_method_find (in, bs_optimizer_get_name (d->optimizer), self, name, out)
      || bs_py_method_find (in, "Optimizer", self, name, out))
    return TRUE;
  if (strcmp (name, "param_groups") == 0)
    *out = bs_value_ref (d->groups);
  else if (strcmp (name, "defaults") == 0)
    {
      BsParamGroup *defaults = bs_optimizer_get_defaults (d->optimizer);

      *out = bs_dict_new (in->heap);
      for (guint j = 0; j < defaults->hypers->len; j++)
        {
          BsHyperParam *h = &g_array_index (defaults->hypers, BsHyperParam, j);

          bs_dict_set_str (*out, h->name, hyper_value (in, h));
        }
    }
  else
    *found = FALSE;
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
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (bs_value_str ((*(BsDictEntry *const *) a)->key),
                    bs_value_str ((*(BsDictEntry *const *) b)->key));
}

/* As Optimizer.__repr__: each group's keys but 'params' in sorted order. */
static gboolean
optimizer_repr (BsInterp *in,
                BsValue   self,
                GString  *out)
{
  OptimizerData *d = optimizer_data (self);
  gsize n;
  BsValue *dicts = bs_value_items (d->groups, &n);

  g_string_append_printf (out, "%s (", bs_optimizer_get_name (d->optimizer));
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
      BsDict *group;

      if (!bs_value_is_object (dicts[i], BS_OBJECT_DICT))
        return bs_raise (in, "TypeError", "param group must be a dict");
      group = (BsDict *) dicts[i].as.object;
      for (guint j = 0; j < group->entries->len; j++)
        {
          BsDictEntry *e = &g_array_index (group->entries, BsDictEntry, j);

          if (!e->deleted && g_strcmp0 (bs_value_str (e->key), "params") != 0)
            g_ptr_array_add (sorted, e);
        }
      g_ptr_array_sort (sorted, compare_entries);
      /* each group's lines end with a newline in PyTorch's text: a blank line between */
      g_string_append_printf (out, "%s\nParameter Group %u", i > 0 ? "\n" : "", (guint) i);
      for (guint j = 0; j < sorted->len; j++)
        {
          BsDictEntry *e = g_ptr_array_index (sorted, j);

          g_string_append (out, "\n    ");
          if (!bs_str (in, e->key, out))
            return FALSE;
          g_string_append (out, ": ");
          if (!bs_str (in, e->value, out))
            return FALSE;
        }
    }
  g_string_append (out, "\n)");
  return TRUE;
}

/* --- constructors ------------------------------------------------------------- */

/* The params of one group: a tensor or an iterable of tensors, as a GPtrArray of
 * references (NULL with PyTorch's TypeError); *as_list, when not NULL, receives them as the
 * Python list PyTorch's param group holds. */
static GPtrArray *
group_params (BsInterp *in,
              BsValue   v,
              BsValue  *as_list)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  BsValue list;
  BsValue *items;
  gsize n;

  if (bs_value_tensor (v) != NULL)
    {
      list = bs_list_new (in->heap);
      bs_list_append (list, bs_value_ref (v));
    }
  else if (g_strcmp0 (bs_type_name (v), "set") == 0)
    {
      bs_raise (in, "TypeError", "optimizer parameters need to be organized in ordered "
                "collections, but the ordering of tensors in sets will change between runs. "
                "Please use a list instead.");
      return NULL;
    }
  else if (!bs_to_list (in, v, &list))
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
  if (as_list != NULL)
    *as_list = list;
  else
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

/* add_param_group(): group, a dict ({'params': ..., 'lr': ...}), becomes a group of opt and
 * is appended to groups, its 'params' made a list and the defaults it lacks added, as
 * PyTorch changes the dict it is given. required: a hyperparameter without a default (SGD's
 * lr), or NULL. */
static gboolean
add_group (BsInterp    *in,
           BsOptimizer *opt,
           BsValue      group,
           const char  *required,
           BsValue      groups)
{
  g_autoptr(GPtrArray) params = NULL;
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GError *error = NULL;
  BsParamGroup *g;
  BsDict *d;
  BsValue v, list;

  if (!bs_value_is_object (group, BS_OBJECT_DICT))
    return bs_raise (in, "AssertionError", "param group must be a dict");
  if (!bs_dict_get_str (group, "params", &v))
    return bs_raise_key_error (in, bs_str_value (in, "params"));
  params = group_params (in, v, &list);
  if (params == NULL)
    return FALSE;
  bs_dict_set_str (group, "params", list);
  if (required != NULL && !bs_dict_get_str (group, required, &v))
    return bs_raise (in, "ValueError", "parameter group didn't specify a value of required "
                     "optimization parameter %s", required);
  d = (BsDict *) group.as.object;
  for (guint i = 0; i < d->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);
      const char *key = bs_value_str (e->key);

      if (!e->deleted && key != NULL && strcmp (key, "params") != 0)
        g_ptr_array_add (keys, (gpointer) key);
    }
  g = bs_optimizer_add_param_group (opt, params, &error);
  if (g == NULL)
    return bs_raise_gerror (in, error);
  for (guint i = 0; i < keys->len; i++)
    if (bs_dict_get_str (group, keys->pdata[i], &v) && !set_hyper (in, g, keys->pdata[i], v))
      return FALSE;
  reorder_hypers (g, keys);
  for (guint j = 0; j < g->hypers->len; j++)
    {
      BsHyperParam *h = &g_array_index (g->hypers, BsHyperParam, j);

      if (!bs_dict_get_str (group, h->name, &v))
        bs_dict_set_str (group, h->name, hyper_value (in, h));
    }
  bs_list_append (groups, bs_value_ref (group));
  return TRUE;
}

/* torch.typename() of a tensor */
static const char *
legacy_type_name (BsTensor *t)
{
  return bs_dtype_tensor_type (t->dtype);
}

/* The param groups of params (an iterable of tensors, or of dicts) added to opt. */
static gboolean
add_groups (BsInterp    *in,
            BsOptimizer *opt,
            BsValue      params,
            const char  *required,
            BsValue      groups)
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
      ok = add_group (in, opt, group, required, groups);
      bs_value_unref (group);
    }
  else
    for (gsize i = 0; i < n && ok; i++)
      ok = add_group (in, opt, items[i], required, groups);
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
  g_autofree OptimizerData *d = NULL;

  if (opt == NULL)
    return bs_raise_gerror (in, error);
  d = g_new0 (OptimizerData, 1);
  d->optimizer = opt;
  d->groups = bs_list_new (in->heap);
  keep_ints (call, opt, ints);
  if (!set_flags (in, call, opt)
      || !add_groups (in, opt, bs_call_value (call, 1), required, d->groups))
    {
      optimizer_data_free (g_steal_pointer (&d));
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (optimizer_types); i++)
    if (strcmp (optimizer_types[i].base.name, bs_optimizer_get_name (opt)) == 0)
      *r = bs_native_new (in->heap, &optimizer_types[i].base, g_steal_pointer (&d));
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
  { "SGD", BS_SIG_PYTHON, "SGD.step(self, closure=None)", optimizer_step },
  { "Adam", BS_SIG_PYTHON, "Adam.step(self, closure=None)", optimizer_step },
  { "AdamW", BS_SIG_PYTHON, "AdamW.step(self, closure=None)", optimizer_step },
  { "RMSprop", BS_SIG_PYTHON, "RMSprop.step(self, closure=None)", optimizer_step },
  { "Adagrad", BS_SIG_PYTHON, "Adagrad.step(self, closure=None)", optimizer_step },
  { "Optimizer", BS_SIG_PYTHON, "Optimizer.zero_grad(self, set_to_none=False)",
    optimizer_zero_grad },
  { "Optimizer", BS_SIG_PYTHON, "Optimizer.state_dict(self)", optimizer_state_dict },
  { "Optimizer", BS_SIG_PYTHON, "Optimizer.load_state_dict(self, state_dict)",
    optimizer_load_state_dict },
  { "Optimizer", BS_SIG_PYTHON, "Optimizer.add_param_group(self, param_group)",
    optimizer_add_param_group },
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


