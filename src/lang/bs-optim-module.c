/* bs-optim-module.c: torch.optim.SGD and Adam over the engine's optimizers */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <string.h>

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

static const BsNativeType optimizer_type = {
  { "torch.optim.Optimizer", (GDestroyNotify) bs_optimizer_free }, optimizer_getattr, NULL,
  optimizer_repr,
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
  return bs_value_native (v, &optimizer_type.base);
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
      g_string_append_printf (out, "\nParameter Group %u", i);
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

static gboolean
params_of (BsInterp   *in,
           BsValue     v,
           GPtrArray **out)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (!bs_to_list (in, v, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  *out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_tensor (items[i]) == NULL)
        {
          bs_value_unref (list);
          g_ptr_array_unref (*out);
          return bs_raise (in, "TypeError", "optimizer can only optimize Tensors, but one of the "
                           "params is %s", bs_type_name (items[i]));
        }
      g_ptr_array_add (*out, bs_tensor_ref (bs_value_tensor (items[i])));
    }
  bs_value_unref (list);
  return TRUE;
}

static gboolean
number_arg (BsInterp     *in,
            const BsArgs *a,
            guint         pos,
            const char   *name,
            double        def,
            double       *out,
            gboolean     *is_int)
{
  BsValue *v = bs_arg (a, pos, name);

  *out = def;
  if (is_int != NULL)
    *is_int = TRUE;
  if (v == NULL)
    return TRUE;
  if (is_int != NULL)
    *is_int = bs_is_int (*v);
  return bs_to_double (in, *v, out);
}

METHOD (optim_sgd)
{
  GPtrArray *params;
  double lr, momentum, dampening, wd;
  gboolean nesterov, mi, di, wi;
  BsOptimizer *opt;
  GError *error = NULL;
  BsValue *lv = bs_arg (a, 1, "lr");

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "SGD() missing params");
  if (lv == NULL)
    return bs_raise (in, "TypeError", "SGD.__init__() missing 1 required positional argument: "
                     "'lr'");
  if (!number_arg (in, a, 1, "lr", 0, &lr, NULL)
      || !number_arg (in, a, 2, "momentum", 0, &momentum, &mi)
      || !number_arg (in, a, 3, "dampening", 0, &dampening, &di)
      || !number_arg (in, a, 4, "weight_decay", 0, &wd, &wi))
    return FALSE;
  nesterov = bs_arg (a, 5, "nesterov") != NULL && bs_value_truthy (*bs_arg (a, 5, "nesterov"));
  if (!params_of (in, a->args[0], &params))
    return FALSE;
  opt = bs_sgd_new (params, lr, momentum, dampening, wd, nesterov, &error);
  g_ptr_array_unref (params);
  if (opt == NULL)
    return bs_raise_gerror (in, error);
  {
    BsParamGroup *g = bs_optimizer_get_group (opt, 0);

    if (mi)
      bs_param_group_set (g, "momentum", BS_HYPER_INT, momentum, 0);
    if (di)
      bs_param_group_set (g, "dampening", BS_HYPER_INT, dampening, 0);
    if (wi)
      bs_param_group_set (g, "weight_decay", BS_HYPER_INT, wd, 0);
  }
  *r = bs_native_new (in->heap, &optimizer_type.base, opt);
  return TRUE;
}

METHOD (optim_adam)
{
  GPtrArray *params;
  double lr, eps, wd, b1 = 0.9, b2 = 0.999;
  BsValue *betas = bs_arg (a, 2, "betas");
  BsOptimizer *opt;
  GError *error = NULL;
  gboolean amsgrad;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "Adam() missing params");
  if (!number_arg (in, a, 1, "lr", 1e-3, &lr, NULL)
      || !number_arg (in, a, 3, "eps", 1e-8, &eps, NULL)
      || !number_arg (in, a, 4, "weight_decay", 0, &wd, NULL))
    return FALSE;
  if (betas != NULL)
    {
      gsize n;
      BsValue *items = bs_value_items (*betas, &n);

      if (items == NULL || n != 2 || !bs_to_double (in, items[0], &b1)
          || !bs_to_double (in, items[1], &b2))
        return bs_value_is_none (in->exc) ? bs_raise (in, "TypeError", "betas must be a pair")
                                          : FALSE;
    }
  amsgrad = bs_arg (a, 5, "amsgrad") != NULL && bs_value_truthy (*bs_arg (a, 5, "amsgrad"));
  if (!params_of (in, a->args[0], &params))
    return FALSE;
  opt = bs_adam_new (params, lr, b1, b2, eps, wd, amsgrad, &error);
  g_ptr_array_unref (params);
  if (opt == NULL)
    return bs_raise_gerror (in, error);
  if (bs_arg (a, 4, "weight_decay") == NULL || bs_is_int (*bs_arg (a, 4, "weight_decay")))
    bs_param_group_set (bs_optimizer_get_group (opt, 0), "weight_decay", BS_HYPER_INT, wd, 0);
  *r = bs_native_new (in->heap, &optimizer_type.base, opt);
  return TRUE;
}

METHOD (optim_rmsprop)
{
  GPtrArray *params;
  double lr, alpha, eps, wd, momentum;
  BsValue *cv = bs_arg (a, 6, "centered");
  BsOptimizer *opt;
  GError *error = NULL;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "RMSprop() missing params");
  if (!number_arg (in, a, 1, "lr", 1e-2, &lr, NULL)
      || !number_arg (in, a, 2, "alpha", 0.99, &alpha, NULL)
      || !number_arg (in, a, 3, "eps", 1e-8, &eps, NULL)
      || !number_arg (in, a, 4, "weight_decay", 0, &wd, NULL)
      || !number_arg (in, a, 5, "momentum", 0, &momentum, NULL)
      || !params_of (in, a->args[0], &params))
    return FALSE;
  opt = bs_rmsprop_new (params, lr, alpha, eps, wd, momentum,
                        cv != NULL && bs_value_truthy (*cv), &error);
  g_ptr_array_unref (params);
  if (opt == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_native_new (in->heap, &optimizer_type.base, opt);
  return TRUE;
}

void
bs_optim_init (BsInterp *in,
               BsValue   optim)
{
  bs_module_add (in, optim, "SGD", optim_sgd);
  bs_module_add (in, optim, "Adam", optim_adam);
  bs_module_add (in, optim, "RMSprop", optim_rmsprop);
}
