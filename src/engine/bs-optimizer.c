/* bs-optimizer.c: what torch.optim's optimizers share */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-optimizer.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-tensor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char     *key;     /* Owned */
  BsTensor *value;   /* Owned */
} StateEntry;

struct _BsOptimizer {
  const BsOptimizerClass *klass;
  BsContext              *context;    /* Borrowed */
  BsParamGroup           *defaults;   /* Owned */
  GPtrArray              *groups;     /* BsParamGroup *, Owned */
  GHashTable             *state;      /* BsTensor * (a group's param) → GArray of StateEntry */
};

static void
hyper_param_clear (gpointer data)
{
  BsHyperParam *hyper = data;

  g_free (hyper->name);
}

static void
state_entry_clear (gpointer data)
{
  StateEntry *entry = data;

  g_free (entry->key);
  g_clear_pointer (&entry->value, bs_tensor_unref);
}

static BsParamGroup *
param_group_new (void)
{
  BsParamGroup *group = g_new0 (BsParamGroup, 1);

  group->params = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  group->hypers = g_array_new (FALSE, TRUE, sizeof (BsHyperParam));
  g_array_set_clear_func (group->hypers, hyper_param_clear);
  return group;
}

static void
param_group_free (gpointer data)
{
  BsParamGroup *group = data;

  g_ptr_array_unref (group->params);
  g_array_unref (group->hypers);
  g_free (group);
}

BsOptimizer *
bs_optimizer_new_with_params (const BsOptimizerClass *klass,
                              const BsHyperParam     *defaults,
                              guint                   n_defaults,
                              GPtrArray              *params,
                              GError                **error)
{
  BsOptimizer *self;

  if (params != NULL && params->len == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "optimizer got an empty parameter list");
      return NULL;
    }
  self = bs_optimizer_new (klass, NULL, defaults, n_defaults);
  if (params != NULL && bs_optimizer_add_param_group (self, params, error) == NULL)
    {
      bs_optimizer_free (self);
      return NULL;
    }
  return self;
}

BsOptimizer *
bs_optimizer_new (const BsOptimizerClass *klass,
                  BsContext              *context,
                  const BsHyperParam     *defaults,
                  guint                   n_defaults)
{
  BsOptimizer *self;

  g_return_val_if_fail (klass != NULL, NULL);

  self = g_new0 (BsOptimizer, 1);
  self->klass = klass;
  self->context = context;
  self->defaults = param_group_new ();
  for (guint i = 0; i < n_defaults; i++)
    bs_param_group_set (self->defaults, defaults[i].name, defaults[i].type,
                        defaults[i].value[0], defaults[i].value[1]);
  self->groups = g_ptr_array_new_with_free_func (param_group_free);
  self->state = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  return self;
}

void
bs_optimizer_free (BsOptimizer *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->state);
  g_ptr_array_unref (self->groups);
  param_group_free (self->defaults);
  g_free (self);
}

static gboolean
in_any_group (BsOptimizer *self,
              BsTensor    *param)
{
  for (guint g = 0; g < self->groups->len; g++)
    {
      BsParamGroup *group = self->groups->pdata[g];

      for (guint i = 0; i < group->params->len; i++)
        if (group->params->pdata[i] == param)
          return TRUE;
    }
  return FALSE;
}

BsParamGroup *
bs_optimizer_add_param_group (BsOptimizer  *self,
                              GPtrArray    *params,
                              GError      **error)
{
  BsParamGroup *group;

  g_return_val_if_fail (self != NULL && params != NULL, NULL);

  for (guint i = 0; i < params->len; i++)
    {
      BsTensor *param = params->pdata[i];

      if (!bs_tensor_is_leaf (param) && !param->retains_grad)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                               "can't optimize a non-leaf Tensor");
          return NULL;
        }
    }
  for (guint i = 0; i < params->len; i++)
    if (in_any_group (self, params->pdata[i]))
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                             "some parameters appear in more than one parameter group");
        return NULL;
      }

  if (self->context == NULL && params->len > 0)
    self->context = ((BsTensor *) params->pdata[0])->context;
  group = param_group_new ();
  for (guint i = 0; i < params->len; i++)
    g_ptr_array_add (group->params, bs_tensor_ref (params->pdata[i]));
  for (guint i = 0; i < self->defaults->hypers->len; i++)
    {
      BsHyperParam *hyper = &g_array_index (self->defaults->hypers, BsHyperParam, i);

      bs_param_group_set (group, hyper->name, hyper->type, hyper->value[0], hyper->value[1]);
    }
  g_ptr_array_add (self->groups, group);
  return group;
}

const char *
bs_optimizer_get_name (BsOptimizer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->klass->name;
}

BsContext *
bs_optimizer_get_context (BsOptimizer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->context;
}

guint
bs_optimizer_get_n_groups (BsOptimizer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->groups->len;
}

BsParamGroup *
bs_optimizer_get_group (BsOptimizer *self,
                        guint        index)
{
  g_return_val_if_fail (self != NULL && index < self->groups->len, NULL);
  return self->groups->pdata[index];
}

BsParamGroup *
bs_optimizer_get_defaults (BsOptimizer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->defaults;
}

gboolean
bs_optimizer_step (BsOptimizer  *self,
                   GError      **error)
{
  g_autoptr(GPtrArray) updated = NULL;
  BsContext *context;

  g_return_val_if_fail (self != NULL, FALSE);

  context = self->context;
  updated = g_ptr_array_new ();
  for (guint g = 0; g < self->groups->len; g++)
    {
      BsParamGroup *group = self->groups->pdata[g];

      for (guint i = 0; i < group->params->len; i++)
        {
          BsTensor *param = group->params->pdata[i];

          if (param->grad == NULL)
            continue;
          if (!self->klass->step_param (self, group, param, error))
            return FALSE;
          g_ptr_array_add (updated, param);
        }
    }
  if (context != NULL && bs_context_emits (context, optimizer_step))
    context->sink->optimizer_step (context->sink_data, self->klass->name,
                                   (BsTensor *const *) updated->pdata, updated->len);
  return TRUE;
}

void
bs_optimizer_zero_grad (BsOptimizer *self,
                        gboolean     set_to_none)
{
  g_return_if_fail (self != NULL);
  for (guint g = 0; g < self->groups->len; g++)
    {
      BsParamGroup *group = self->groups->pdata[g];

      for (guint i = 0; i < group->params->len; i++)
        bs_tensor_zero_grad (group->params->pdata[i], set_to_none);
    }
}

static StateEntry *
lookup_state (BsOptimizer *self,
              BsTensor    *param,
              const char  *key)
{
  GArray *entries = g_hash_table_lookup (self->state, param);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      StateEntry *entry = &g_array_index (entries, StateEntry, i);

      if (strcmp (entry->key, key) == 0)
        return entry;
    }
  return NULL;
}

BsTensor *
bs_optimizer_get_state (BsOptimizer *self,
                        BsTensor    *param,
                        const char  *key)
{
  StateEntry *entry;

  g_return_val_if_fail (self != NULL && param != NULL && key != NULL, NULL);
  entry = lookup_state (self, param, key);
  return entry != NULL ? entry->value : NULL;
}

const char **
bs_optimizer_get_state_keys (BsOptimizer *self,
                             BsTensor    *param)
{
  GArray *entries;
  const char **keys;

  g_return_val_if_fail (self != NULL && param != NULL, NULL);
  entries = g_hash_table_lookup (self->state, param);
  if (entries == NULL)
    return NULL;
  keys = g_new0 (const char *, entries->len + 1);
  for (guint i = 0; i < entries->len; i++)
    keys[i] = g_array_index (entries, StateEntry, i).key;
  return keys;
}

void
bs_optimizer_set_state (BsOptimizer *self,
                        BsTensor    *param,
                        const char  *key,
                        BsTensor    *value)
{
  StateEntry *entry;
  GArray *entries;

  g_return_if_fail (self != NULL && param != NULL && key != NULL && value != NULL);
  entry = lookup_state (self, param, key);
  if (entry != NULL)
    {
      bs_tensor_ref (value);
      bs_tensor_unref (entry->value);
      entry->value = value;
      return;
    }
  entries = g_hash_table_lookup (self->state, param);
  if (entries == NULL)
    {
      entries = g_array_new (FALSE, TRUE, sizeof (StateEntry));
      g_array_set_clear_func (entries, state_entry_clear);
      g_hash_table_insert (self->state, param, entries);
    }
  g_array_append_val (entries, ((StateEntry) { g_strdup (key), bs_tensor_ref (value) }));
}

BsHyperParam *
bs_param_group_lookup (BsParamGroup *group,
                       const char   *name)
{
  g_return_val_if_fail (group != NULL && name != NULL, NULL);
  for (guint i = 0; i < group->hypers->len; i++)
    {
      BsHyperParam *hyper = &g_array_index (group->hypers, BsHyperParam, i);

      if (strcmp (hyper->name, name) == 0)
        return hyper;
    }
  return NULL;
}

double
bs_param_group_get (BsParamGroup *group,
                    const char   *name,
                    double        def)
{
  BsHyperParam *hyper = bs_param_group_lookup (group, name);

  if (hyper == NULL || hyper->type == BS_HYPER_NONE)
    return def;
  return hyper->value[0];
}

void
bs_param_group_set (BsParamGroup *group,
                    const char   *name,
                    BsHyperType   type,
                    double        value0,
                    double        value1)
{
  BsHyperParam *hyper = bs_param_group_lookup (group, name);

  if (hyper == NULL)
    {
      g_array_append_val (group->hypers, ((BsHyperParam) { .name = g_strdup (name) }));
      hyper = &g_array_index (group->hypers, BsHyperParam, group->hypers->len - 1);
    }
  hyper->type = type;
  hyper->value[0] = type == BS_HYPER_BOOL ? (value0 != 0.0) : value0;
  hyper->value[1] = type == BS_HYPER_PAIR ? value1 : 0.0;
}

char *
bs_optimizer_format_float (double value)
{
  char digits[64];
  GString *out;
  const char *mantissa;
  char *e;
  int exponent, n_digits, precision;

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value < 0 ? "-inf" : "inf");

  /* The shortest digits that read back as value, as Python's repr. */
  for (precision = 1; precision < 17; precision++)
    {
      g_snprintf (digits, sizeof digits, "%.*e", precision - 1, value);
      if (g_ascii_strtod (digits, NULL) == value)
        break;
    }
  g_snprintf (digits, sizeof digits, "%.*e", precision - 1, value);
  e = strchr (digits, 'e');
  exponent = atoi (e + 1);
  *e = '\0';

  out = g_string_new (value < 0 || (value == 0 && signbit (value)) ? "-" : "");
  mantissa = digits[0] == '-' ? digits + 1 : digits;
  {
    /* Keep the significant digits only: "1.25" → "125". */
    g_autoptr(GString) sig = g_string_new (NULL);

    for (const char *p = mantissa; *p; p++)
      if (g_ascii_isdigit (*p))
        g_string_append_c (sig, *p);
    while (sig->len > 1 && sig->str[sig->len - 1] == '0')
      g_string_truncate (sig, sig->len - 1);
    n_digits = (int) sig->len;

    if (exponent < -4 || exponent >= 16)
      {
        g_string_append_c (out, sig->str[0]);
        if (n_digits > 1)
          g_string_append_printf (out, ".%s", sig->str + 1);
        g_string_append_printf (out, "e%c%02d", exponent < 0 ? '-' : '+', ABS (exponent));
      }
    else if (exponent < 0)
      {
        g_string_append (out, "0.");
        for (int i = 0; i < -exponent - 1; i++)
          g_string_append_c (out, '0');
        g_string_append (out, sig->str);
      }
    else
      {
        for (int i = 0; i <= exponent; i++)
          g_string_append_c (out, i < n_digits ? sig->str[i] : '0');
        g_string_append_c (out, '.');
        if (n_digits > exponent + 1)
          g_string_append (out, sig->str + exponent + 1);
        else
          g_string_append_c (out, '0');
      }
  }
  return g_string_free (out, FALSE);
}

double *
bs_optimizer_load (BsTensor *tensor)
{
  return bs_tensor_to_doubles (tensor);
}

gboolean
bs_optimizer_store (BsTensor      *tensor,
                    const double  *values,
                    GError       **error)
{
  gint64 n = bs_tensor_numel (tensor);

  if (bs_tensor_is_contiguous (tensor))
    {
      guint8 *data = bs_tensor_data (tensor);
      gsize elsize = bs_dtype_size (tensor->dtype);

      for (gint64 i = 0; i < n; i++)
        bs_dtype_store (data + i * elsize, tensor->dtype, values[i]);
    }
  else
    {
      g_autoptr(BsTensor) copy = bs_tensor_new_from_doubles (tensor->context, tensor->dtype,
                                                             tensor->ndim, tensor->shape,
                                                             values, error);

      if (copy == NULL || !bs_tensor_copy_from (tensor, copy, error))
        return FALSE;
    }
  bs_tensor_bump_version (tensor);
  return TRUE;
}

gboolean
bs_optimizer_check_grad (BsTensor  *param,
                         GError   **error)
{
  BsTensor *grad = param->grad;

  if (bs_tensor_same_shape (param, grad))
    return TRUE;
  {
    g_autofree char *ps = bs_tensor_format_shape (param);
    g_autofree char *gs = bs_tensor_format_shape (grad);

    g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                 "the gradient of a parameter of shape %s has shape %s", ps, gs);
    return FALSE;
  }
}

gboolean
bs_optimizer_check_value (gboolean     valid,
                          const char  *what,
                          double       value,
                          GError     **error)
{
  g_autofree char *text = NULL;

  if (valid)
    return TRUE;
  text = bs_optimizer_format_float (value);
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE, "Invalid %s: %s", what, text);
  return FALSE;
}
