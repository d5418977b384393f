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

gboolean
bs_py_dict_set (BsInterp *in,
                BsValue   dict,
                BsValue   key,
                BsValue   value)
{
  gint64 hash;

  if (!bs_py_hash (in, key, &hash))
    {
      bs_value_unref (value);
      return FALSE;
    }
  return bs_dict_insert (dict, key, hash, value, bs_py_key_equal, in) > 0;
}

gboolean
bs_py_dict_get (BsInterp *in,
                BsValue   dict,
                BsValue   key,
                BsValue  *value,
                gboolean *found)
{
  gint64 hash;
  int r;

  *found = FALSE;
  if (!bs_py_hash (in, key, &hash))
    return FALSE;
  r = bs_dict_lookup (dict, key, hash, bs_py_key_equal, in, value);
  *found = r > 0;
  return r >= 0;
}

gboolean
bs_py_dict_del (BsInterp *in,
                BsValue   dict,
                BsValue   key,
                BsValue  *value,
                gboolean *found)
{
  gint64 hash;
  int r;

  *found = FALSE;
  if (!bs_py_hash (in, key, &hash))
    return FALSE;
  r = bs_dict_delete (dict, key, hash, bs_py_key_equal, in, value);
  *found = r > 0;
  return r >= 0;
}

/* Copies every entry of from into to, with the hashes it has (as CPython, no __hash__ runs
 * again). */
gboolean
bs_py_dict_merge (BsInterp *in,
                  BsValue   to,
                  BsValue   from)
{
  BsDict *d = (BsDict *) from.as.object;
  guint64 version = d->version;

  for (guint i = 0; i < d->entries->len; i++)
    {
      BsDictEntry e = g_array_index (d->entries, BsDictEntry, i);

      if (e.deleted)
        continue;
      if (bs_dict_insert (to, e.key, e.hash, bs_value_ref (e.value), bs_py_key_equal, in) < 0)
        return FALSE;
      if (d->version != version)
        return bs_raise (in, "RuntimeError", "dictionary changed size during iteration");
    }
  return TRUE;
}

static gboolean
dict_get (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;
  gboolean found;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "get expected at least 1 argument, got 0");
  if (!bs_py_dict_get (in, self, a->args[0], &v, &found))
    return FALSE;
  if (found)
    *r = bs_value_ref (v);
  else
    *r = a->n_args > 1 ? bs_value_ref (a->args[1]) : BS_NONE;
  return TRUE;
}

static gboolean
dict_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gboolean found;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "pop expected at least 1 argument, got 0");
  if (!bs_py_dict_del (in, self, a->args[0], r, &found))
    return FALSE;
  if (found)
    return TRUE;
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
  if (a->n_args > 0 && bs_value_is_object (a->args[0], BS_OBJECT_DICT)
      && !bs_py_dict_merge (in, self, a->args[0]))
    return FALSE;
  for (guint i = 0; i < a->n_kw; i++)
    bs_dict_set_str (self, a->kw_names[i], bs_value_ref (a->kw_values[i]));
  return TRUE;
}

static gboolean
dict_setdefault (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;
  gboolean found;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "setdefault expected at least 1 argument, got 0");
  if (!bs_py_dict_get (in, self, a->args[0], &v, &found))
    return FALSE;
  if (!found)
    {
      v = a->n_args > 1 ? a->args[1] : BS_NONE;
      if (!bs_py_dict_set (in, self, a->args[0], bs_value_ref (v)))
        return FALSE;
    }
  *r = bs_value_ref (v);
  return TRUE;
}

static gboolean
dict_copy (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_new (in->heap);
  ((BsDict *) r->as.object)->is_ordered = ((BsDict *) self.as.object)->is_ordered;
  if (bs_py_dict_merge (in, *r, self))
    return TRUE;
  bs_value_unref (*r);
  *r = BS_NONE;
  return FALSE;
}

static gboolean
dict_clear (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsDict *d = (BsDict *) self.as.object;
  GArray *entries = d->entries;

  /* values released last: their finalisers may not see a half-cleared dict */
  d->entries = g_array_new (FALSE, FALSE, sizeof (BsDictEntry));
  g_clear_pointer (&d->index, g_free);
  d->index_size = 0;
  d->n_live = 0;
  d->version++;
  for (guint i = 0; i < entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);

      bs_value_unref (e->key);
      bs_value_unref (e->value);
    }
  g_array_unref (entries);
  *r = BS_NONE;
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
