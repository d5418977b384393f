/* bs-py-dict.c: dict: its methods (the table itself is in bs-value.c) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-dict.h"

/* keys (data 0), values (1), items (2) */
static gboolean
dict_view (BsInterp *in, BsCall *call, BsValue *r)
{
  *r = bs_dict_view_new (in, call->self, bs_call_data (call));
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
dict_get (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v;
  gboolean found;

  if (!bs_py_dict_get (in, call->self, bs_call_value (call, 1), &v, &found))
    return FALSE;
  *r = bs_value_ref (found ? v : bs_call_value (call, 2));
  return TRUE;
}

/* d.__getitem__(key), and __contains__ when data is 1 */
static gboolean
dict_subscript (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v;
  gboolean found;

  if (!bs_py_dict_get (in, call->self, bs_call_value (call, 1), &v, &found))
    return FALSE;
  if (bs_call_data (call) == 1)
    *r = BS_BOOL (found);
  else if (!found)
    return bs_raise_key_error (in, bs_call_value (call, 1));
  else
    *r = bs_value_ref (v);
  return TRUE;
}

static gboolean
dict_pop (BsInterp *in, BsCall *call, BsValue *r)
{
  gboolean found;

  if (!bs_py_dict_del (in, call->self, bs_call_value (call, 1), r, &found))
    return FALSE;
  if (found)
    return TRUE;
  if (call->given[2])
    {
      *r = bs_value_ref (bs_call_value (call, 2));
      return TRUE;
    }
  return bs_raise_key_error (in, bs_call_value (call, 1));
}

static gboolean
dict_popitem (BsInterp *in, BsCall *call, BsValue *r)
{
  BsDict *d = (BsDict *) call->self.as.object;
  BsValue key, value;
  BsValue *pair;
  gboolean found;
  gsize n;
  guint i = d->entries->len;

  while (i > 0 && g_array_index (d->entries, BsDictEntry, i - 1).deleted)
    i--;
  if (i == 0)
    {
      BsValue message = bs_str_value (in, "popitem(): dictionary is empty");

      bs_raise_key_error (in, message);
      bs_value_unref (message);
      return FALSE;
    }
  key = bs_value_ref (g_array_index (d->entries, BsDictEntry, i - 1).key);
  if (!bs_py_dict_del (in, call->self, key, &value, &found))
    {
      bs_value_unref (key);
      return FALSE;
    }
  *r = bs_tuple_new (in->heap, 2);
  pair = bs_value_items (*r, &n);
  pair[0] = key;
  pair[1] = value;
  return TRUE;
}

/* update() from a sequence of pairs, as CPython words its complaints */
static gboolean
update_from_pairs (BsInterp *in, BsValue self, BsValue pairs)
{
  BsValue list;
  BsValue *items;
  gsize n;
  gboolean ok = TRUE;

  if (!bs_to_list (in, pairs, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; ok && i < n; i++)
    {
      BsValue pair;
      BsValue *kv;
      gsize len;

      if (!bs_to_list (in, items[i], &pair))
        {
          if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "TypeError")))
            {
              bs_value_unref (in->exc);
              in->exc = BS_NONE;
              bs_raise (in, "TypeError", "cannot convert dictionary update sequence element "
                        "#%zu to a sequence", i);
            }
          ok = FALSE;
          break;
        }
      kv = bs_value_items (pair, &len);
      if (len != 2)
        ok = bs_raise (in, "ValueError", "dictionary update sequence element #%zu has length "
                       "%zu; 2 is required", i, len);
      else
        ok = bs_py_dict_set (in, self, kv[0], bs_value_ref (kv[1]));
      bs_value_unref (pair);
    }
  bs_value_unref (list);
  return ok;
}

/* A mapping that is not a dict (a defaultdict, a Counter, a class with keys() and
 * __getitem__): self[k] = other[k] for k in other.keys(), as CPython's dict.update. */
static gboolean
update_from_keys (BsInterp *in,
                  BsValue   self,
                  BsValue   other,
                  BsValue   keys_method)
{
  BsValue keys, key, value;
  BsPyIter it;
  gboolean ok;
  int n;

  ok = bs_call_simple (in, keys_method, NULL, 0, &keys);
  if (!ok)
    return FALSE;
  ok = bs_py_iter_init (in, keys, &it);
  bs_value_unref (keys);
  if (!ok)
    return FALSE;
  while ((n = bs_py_iter_next (in, &it, &key)) > 0)
    {
      ok = bs_getitem (in, other, key, &value) && bs_py_dict_set (in, self, key, value);
      bs_value_unref (key);
      if (!ok)
        break;
    }
  bs_py_iter_clear (&it);
  return ok && n == 0;
}

static gboolean
dict_update (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue other = bs_call_value (call, 1), extra = bs_call_value (call, 2);

  *r = BS_NONE;
  if (call->given[1])
    {
      BsValue keys = BS_NONE;
      gboolean found = FALSE;

      if (bs_value_is_object (other, BS_OBJECT_DICT))
        {
          if (!bs_py_dict_merge (in, call->self, other))
            return FALSE;
        }
      else if (bs_value_is_object (other, BS_OBJECT_INSTANCE)
               && !bs_getattr_opt (in, other, "keys", &keys, &found))
        return FALSE;
      else if (found)
        {
          gboolean ok = update_from_keys (in, call->self, other, keys);

          bs_value_unref (keys);
          if (!ok)
            return FALSE;
        }
      else if (!update_from_pairs (in, call->self, other))
        return FALSE;
    }
  return bs_py_dict_merge (in, call->self, extra);
}

static gboolean
dict_setdefault (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue v;
  gboolean found;

  if (!bs_py_dict_get (in, call->self, bs_call_value (call, 1), &v, &found))
    return FALSE;
  if (!found)
    {
      v = bs_call_value (call, 2);
      if (!bs_py_dict_set (in, call->self, bs_call_value (call, 1), bs_value_ref (v)))
        return FALSE;
    }
  *r = bs_value_ref (v);
  return TRUE;
}

static gboolean
dict_copy (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue self = call->self;

  *r = bs_dict_new (in->heap);
  ((BsDict *) r->as.object)->is_ordered = ((BsDict *) self.as.object)->is_ordered;
  if (bs_py_dict_merge (in, *r, self))
    return TRUE;
  bs_value_unref (*r);
  *r = BS_NONE;
  return FALSE;
}

static gboolean
dict_clear (BsInterp *in, BsCall *call, BsValue *r)
{
  BsDict *d = (BsDict *) call->self.as.object;
  GArray *entries = d->entries;

  /* values released last: their finalisers may not see a half-cleared dict */
  d->entries = g_array_new (FALSE, FALSE, sizeof (BsDictEntry));
  g_clear_pointer (&d->index, g_free);
  d->index_size = 0;
  d->n_live = 0;
  d->version++;
  bs_object_set_charge (&d->base, sizeof (BsDict));
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

static gboolean
dict_fromkeys (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue keys;
  BsValue *items;
  gsize n;

  if (!bs_to_list (in, bs_call_value (call, 0), &keys))
    return FALSE;
  items = bs_value_items (keys, &n);
  *r = bs_dict_new (in->heap);
  for (gsize i = 0; i < n; i++)
    if (!bs_py_dict_set (in, *r, items[i], bs_value_ref (bs_call_value (call, 1))))
      {
        bs_value_unref (keys);
        bs_value_unref (*r);
        return FALSE;
      }
  bs_value_unref (keys);
  return TRUE;
}

#define ROW(signature, func, data) { "dict", BS_SIG_BUILTIN, "dict." signature, func, data }

static const BsSignatureRow rows[] = {
  ROW ("keys(self, /)", dict_view, 0),
  ROW ("values(self, /)", dict_view, 1),
  ROW ("items(self, /)", dict_view, 2),
  ROW ("get(self, key, default=None, /)", dict_get, 0),
  ROW ("__getitem__(self, key, /)", dict_subscript, 0),
  ROW ("__contains__(self, key, /)", dict_subscript, 1),
  ROW ("pop(self, key, default=None, /)", dict_pop, 0),
  ROW ("popitem(self, /)", dict_popitem, 0),
  ROW ("update(self, other=None, /, **kwargs)", dict_update, 0),
  ROW ("setdefault(self, key, default=None, /)", dict_setdefault, 0),
  ROW ("copy(self, /)", dict_copy, 0),
  ROW ("clear(self, /)", dict_clear, 0),
  ROW ("fromkeys(iterable, value=None, /)", dict_fromkeys, 0),
};

const BsSignatureTable bs_py_dict_table = BS_SIGNATURE_TABLE (rows);

gboolean
bs_py_dict_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out)
{
  return bs_py_method_find (in, "dict", self, name, out);
}
