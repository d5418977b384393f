/* bs-py-dict.c: dict: its methods (the table itself is in bs-value.c) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-dict.h"

static gboolean
dict_keys (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 0);
  return TRUE;
}

static gboolean
dict_values (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 1);
  return TRUE;
}

static gboolean
dict_items (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 2);
  return TRUE;
}

static gboolean
dict_get (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "get expected at least 1 argument, got 0");
  if (bs_dict_get (self, a->args[0], &v))
    *r = bs_value_ref (v);
  else
    *r = a->n_args > 1 ? bs_value_ref (a->args[1]) : BS_NONE;
  return TRUE;
}

static gboolean
dict_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "pop expected at least 1 argument, got 0");
  if (bs_dict_get (self, a->args[0], &v))
    {
      *r = bs_value_ref (v);
      bs_dict_remove (self, a->args[0]);
      return TRUE;
    }
  if (a->n_args > 1)
    {
      *r = bs_value_ref (a->args[1]);
      return TRUE;
    }
  return bs_raise_key_error (in, a->args[0]);
}

static gboolean
dict_update (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = BS_NONE;
  if (a->n_args > 0 && bs_value_is_object (a->args[0], BS_OBJECT_DICT))
    {
      BsDict *d = (BsDict *) a->args[0].as.object;

      for (guint i = 0; i < d->entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

          if (!e->deleted)
            bs_dict_set (self, e->key, bs_value_ref (e->value), NULL);
        }
    }
  for (guint i = 0; i < a->n_kw; i++)
    bs_dict_set_str (self, a->kw_names[i], bs_value_ref (a->kw_values[i]));
  return TRUE;
}

static gboolean
dict_setdefault (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "setdefault expected at least 1 argument, got 0");
  if (!bs_dict_get (self, a->args[0], &v))
    {
      char *message = NULL;

      v = a->n_args > 1 ? a->args[1] : BS_NONE;
      if (!bs_dict_set (self, a->args[0], bs_value_ref (v), &message))
        {
          bs_raise (in, "TypeError", "%s", message);
          g_free (message);
          return FALSE;
        }
    }
  *r = bs_value_ref (v);
  return TRUE;
}

static gboolean
dict_copy (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsDict *d = (BsDict *) self.as.object;

  *r = bs_dict_new (in->heap);
  for (guint i = 0; i < d->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

      if (!e->deleted)
        bs_dict_set (*r, e->key, bs_value_ref (e->value), NULL);
    }
  return TRUE;
}

static gboolean
dict_clear (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue keys;
  gsize n;
  BsValue *items;

  *r = BS_NONE;
  if (!bs_to_list (in, self, &keys))
    return FALSE;
  items = bs_value_items (keys, &n);
  for (gsize i = 0; i < n; i++)
    bs_dict_remove (self, items[i]);
  bs_value_unref (keys);
  return TRUE;
}

static const BsPyMethod dict_methods[] = {
  { "keys", dict_keys }, { "values", dict_values }, { "items", dict_items },
  { "get", dict_get }, { "pop", dict_pop }, { "update", dict_update },
  { "setdefault", dict_setdefault }, { "copy", dict_copy }, { "clear", dict_clear },
  { NULL, NULL },
};

gboolean
bs_py_dict_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out)
{
  return bs_py_method_from_table (in, dict_methods, self, name, out);
}
