/* bs-py-set.c: set and frozenset, and Python's hash()
 *
 * Scripts print sets, so a set iterates in the order CPython's would: the table below is
 * an open-addressing table of the same size, grown at the same fill, probed in the same
 * sequence (a few linear steps, then the perturbed recurrence), fed with CPython's hash
 * values for ints, floats, bools and tuples. {3, 1, 2} then prints as {1, 2, 3} and
 * {64, 3, 100, 1000, 9} keeps CPython's scrambled order.
 *
 * Strings are the exception: CPython randomises their hash per process unless
 * PYTHONHASHSEED is set, so a script that prints a set of strings prints a different order
 * from run to run under python3 itself. Backstep hashes strings with its own stable hash;
 * the order is deterministic but need not match any particular CPython run.
 */
#include "bs-py-set.h"

#include <math.h>
#include <string.h>

#define MIN_SIZE      8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

typedef enum { SLOT_EMPTY, SLOT_USED, SLOT_DUMMY } SlotState;

typedef struct {
  BsValue   key;
  gint64    hash;
  SlotState state;
} Slot;

typedef struct {
  Slot     *table;
  gsize     mask;
  gsize     used;    /* live keys */
  gsize     fill;    /* live keys and dummies */
  gsize     finger;  /* where pop() looks first */
  gboolean  frozen;
} SetData;

static const BsNativeType set_type;
static const BsNativeType frozenset_type;

/* --- hashing ----------------------------------------------------------- */

static gboolean
set_data_hash (SetData *d, gint64 *out);

gboolean
bs_py_hash (BsInterp *in,
            BsValue   v,
            gint64   *hash)
{
  if (v.type != BS_VALUE_OBJECT)
    return bs_value_hash (v, hash);
  switch (v.as.object->type)
    {
    case BS_OBJECT_TUPLE:
      {
        BsTuple *t = (BsTuple *) v.as.object;
        guint64 acc = bs_hash_tuple_start ();

        for (gsize i = 0; i < t->length; i++)
          {
            gint64 lane;

            if (!bs_py_hash (in, t->items[i], &lane))
              return FALSE;
            acc = bs_hash_tuple_add (acc, lane);
          }
        *hash = bs_hash_tuple_finish (acc, t->length);
        return TRUE;
      }
    case BS_OBJECT_LIST:
    case BS_OBJECT_DICT:
      return bs_raise (in, "TypeError", "unhashable type: '%s'", bs_type_name (v));
    case BS_OBJECT_NATIVE:
      if (bs_native_ops (v) != NULL && bs_native_ops (v)->hash != NULL)
        return bs_native_ops (v)->hash (in, v, hash);
      if (bs_native_ops (v) != NULL && bs_native_ops (v)->len != NULL)
        return bs_raise (in, "TypeError", "unhashable type: '%s'", bs_type_name (v));
      break;
    case BS_OBJECT_INSTANCE:
      {
        BsValue method, r;
        BsValue klass = ((BsInstance *) v.as.object)->klass;

        if (bs_class_lookup (klass, "__hash__", &method) && !bs_value_is_none (method))
          {
            if (!bs_call_simple (in, method, &v, 1, &r))
              return FALSE;
            if (!bs_is_int (r))
              {
                bs_value_unref (r);
                return bs_raise (in, "TypeError", "__hash__ method should return an integer");
              }
            *hash = bs_hash_int (r.type == BS_VALUE_BOOL ? r.as.boolean : r.as.integer);
            return TRUE;
          }
        if (bs_class_lookup (klass, "__eq__", &method)
            || bs_class_lookup (klass, "__hash__", &method))
          return bs_raise (in, "TypeError", "unhashable type: '%s'", bs_type_name (v));
        break;
      }
    default:
      break;
    }
  return bs_value_hash (v, hash);
}

/* Key equality for tables that hold Python keys (sets, dicts): identity, then ==. */
int
bs_py_key_equal (BsValue  a,
                 BsValue  b,
                 gpointer in)
{
  gboolean eq;

  if (a.type == BS_VALUE_OBJECT && b.type == BS_VALUE_OBJECT
      && bs_value_identity (a) == bs_value_identity (b))
    return 1;
  if (!bs_equal (in, a, b, &eq))
    return -1;
  return eq ? 1 : 0;
}

/* --- the table --------------------------------------------------------- */

static SetData *
set_data (BsValue v)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE))
    return NULL;
  if (((BsNative *) v.as.object)->klass != &set_type.base
      && ((BsNative *) v.as.object)->klass != &frozenset_type.base)
    return NULL;
  return ((BsNative *) v.as.object)->data;
}

gboolean
bs_is_set (BsValue v)
{
  return set_data (v) != NULL;
}

static void
set_data_free (gpointer p)
{
  SetData *d = p;

  for (gsize i = 0; i <= d->mask; i++)
    if (d->table[i].state == SLOT_USED)
      bs_value_unref (d->table[i].key);
  g_free (d->table);
  g_free (d);
}

BsValue
bs_set_new (BsInterp *in,
            gboolean  frozen)
{
  SetData *d = g_new0 (SetData, 1);

  d->mask = MIN_SIZE - 1;
  d->table = g_new0 (Slot, MIN_SIZE);
  d->frozen = frozen;
  return bs_native_new (in->heap, frozen ? &frozenset_type.base : &set_type.base, d);
}

/* Places a key known to be absent into a table without dummies. */
static void
insert_clean (Slot    *table,
              gsize    mask,
              BsValue  key,
              gint64   hash)
{
  guint64 perturb = (guint64) hash;
  gsize i = (gsize) hash & mask;

  for (;;)
    {
      if (table[i].state == SLOT_EMPTY)
        break;
      if (i + LINEAR_PROBES <= mask)
        {
          gsize j;

          for (j = 1; j <= LINEAR_PROBES; j++)
            if (table[i + j].state == SLOT_EMPTY)
              break;
          if (j <= LINEAR_PROBES)
            {
              i += j;
              break;
            }
        }
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + 1 + perturb) & mask;
    }
  table[i].key = key;
  table[i].hash = hash;
  table[i].state = SLOT_USED;
}

static void
resize (SetData *d,
        gsize    min_used)
{
  gsize size = MIN_SIZE;
  Slot *old = d->table;
  gsize old_mask = d->mask;

  while (size <= min_used)
    size <<= 1;
  d->table = g_new0 (Slot, size);
  d->mask = size - 1;
  for (gsize i = 0; i <= old_mask; i++)
    if (old[i].state == SLOT_USED)
      insert_clean (d->table, d->mask, old[i].key, old[i].hash);
  d->fill = d->used;
  g_free (old);
}

/* Finds key: 1 with *slot set, 0 absent (*slot then is where an add would go), -1 error. */
static int
lookup (BsInterp *in,
        SetData  *d,
        BsValue   key,
        gint64    hash,
        gsize    *slot)
{
  guint64 perturb = (guint64) hash;
  gsize i = (gsize) hash & d->mask;
  gssize free_slot = -1;

  for (;;)
    {
      gsize probes = i + LINEAR_PROBES <= d->mask ? LINEAR_PROBES : 0;

      for (gsize j = 0; j <= probes; j++)
        {
          Slot *s = &d->table[i + j];

          if (s->state == SLOT_EMPTY)
            {
              *slot = free_slot >= 0 ? (gsize) free_slot : i + j;
              return 0;
            }
          if (s->state == SLOT_DUMMY)
            {
              if (free_slot < 0)
                free_slot = i + j;
              continue;
            }
          if (s->hash == hash)
            {
              Slot *before = d->table;
              BsValue held = bs_value_ref (s->key);
              int eq = bs_py_key_equal (held, key, in);

              bs_value_unref (held);
              if (eq < 0)
                return -1;
              if (d->table != before)
                return bs_raise (in, "RuntimeError", "set changed size during iteration"), -1;
              if (eq)
                {
                  *slot = i + j;
                  return 1;
                }
            }
        }
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + 1 + perturb) & d->mask;
    }
}

static gboolean
add_hashed (BsInterp *in,
            SetData  *d,
            BsValue   key,
            gint64    hash)
{
  gsize slot;
  int r = lookup (in, d, key, hash, &slot);

  if (r != 0)
    return r > 0;
  if (d->used > (gsize) (16 << 20))
    return bs_raise (in, "MemoryError", "set too large");
  if (d->table[slot].state == SLOT_EMPTY)
    d->fill++;
  d->used++;
  d->table[slot].key = bs_value_ref (key);
  d->table[slot].hash = hash;
  d->table[slot].state = SLOT_USED;
  if (d->fill * 5 >= d->mask * 3)
    resize (d, d->used > 50000 ? d->used * 2 : d->used * 4);
  return TRUE;
}

static gboolean
add_key (BsInterp *in,
         SetData  *d,
         BsValue   key)
{
  gint64 hash;

  if (!bs_py_hash (in, key, &hash))
    return FALSE;
  return add_hashed (in, d, key, hash);
}

gboolean
bs_set_add (BsInterp *in,
            BsValue   set,
            BsValue   item)
{
  return add_key (in, set_data (set), item);
}

/* 1 removed, 0 absent, -1 error */
static int
discard_hashed (BsInterp *in,
                SetData  *d,
                BsValue   key,
                gint64    hash)
{
  gsize slot;
  int r = lookup (in, d, key, hash, &slot);

  if (r <= 0)
    return r;
  bs_value_unref (d->table[slot].key);
  d->table[slot].key = BS_NONE;
  d->table[slot].hash = -1;
  d->table[slot].state = SLOT_DUMMY;
  d->used--;
  return 1;
}

static int
discard_key (BsInterp *in,
             SetData  *d,
             BsValue   key)
{
  gint64 hash;

  if (!bs_py_hash (in, key, &hash))
    return -1;
  return discard_hashed (in, d, key, hash);
}

static int
contains_key (BsInterp *in,
              SetData  *d,
              BsValue   key)
{
  gint64 hash;
  gsize slot;

  if (!bs_py_hash (in, key, &hash))
    return -1;
  return lookup (in, d, key, hash, &slot);
}

static void
clear_data (SetData *d)
{
  for (gsize i = 0; i <= d->mask; i++)
    if (d->table[i].state == SLOT_USED)
      bs_value_unref (d->table[i].key);
  g_free (d->table);
  d->mask = MIN_SIZE - 1;
  d->table = g_new0 (Slot, MIN_SIZE);
  d->used = d->fill = d->finger = 0;
}

/* Adds every key of another set, as set.update() does for a set argument. */
static gboolean
merge (BsInterp *in,
       SetData  *d,
       SetData  *other)
{
  if (other == d || other->used == 0)
    return TRUE;
  if ((d->fill + other->used) * 5 >= d->mask * 3)
    resize (d, (d->used + other->used) * 2);
  if (d->fill == 0 && d->mask == other->mask && other->fill == other->used)
    {
      /* an exact copy of the other table */
      for (gsize i = 0; i <= other->mask; i++)
        if (other->table[i].state == SLOT_USED)
          {
            d->table[i] = other->table[i];
            bs_value_ref (d->table[i].key);
          }
      d->fill = d->used = other->used;
      return TRUE;
    }
  if (d->fill == 0)
    {
      for (gsize i = 0; i <= other->mask; i++)
        if (other->table[i].state == SLOT_USED)
          {
            insert_clean (d->table, d->mask, bs_value_ref (other->table[i].key),
                          other->table[i].hash);
            d->fill++;
            d->used++;
          }
      return TRUE;
    }
  for (gsize i = 0; i <= other->mask; i++)
    if (other->table[i].state == SLOT_USED
        && !add_hashed (in, d, other->table[i].key, other->table[i].hash))
      return FALSE;
  return TRUE;
}

static gboolean
update_from (BsInterp *in,
             SetData  *d,
             BsValue   iterable)
{
  BsPyIter it;
  BsValue v;
  int n;

  if (set_data (iterable) != NULL)
    return merge (in, d, set_data (iterable));
  if (bs_value_is_object (iterable, BS_OBJECT_DICT))
    {
      gsize size = ((BsDict *) iterable.as.object)->n_live;

      if ((d->fill + size) * 5 >= d->mask * 3)
        resize (d, (d->used + size) * 2);
    }
  if (!bs_py_iter_init (in, iterable, &it))
    return FALSE;
  while ((n = bs_py_iter_next (in, &it, &v)) > 0)
    {
      gboolean ok = add_key (in, d, v);

      bs_value_unref (v);
      if (!ok)
        {
          n = -1;
          break;
        }
    }
  bs_py_iter_clear (&it);
  return n == 0;
}

static BsValue
copy_set (BsInterp *in,
          SetData  *d,
          gboolean  frozen)
{
  BsValue r = bs_set_new (in, frozen);

  merge (in, set_data (r), d);
  return r;
}

/* A set of the items of iterable (new reference), reusing it when it is a set already. */
static gboolean
as_set (BsInterp *in,
        BsValue   iterable,
        BsValue  *out)
{
  if (set_data (iterable) != NULL)
    {
      *out = bs_value_ref (iterable);
      return TRUE;
    }
  *out = bs_set_new (in, FALSE);
  if (!update_from (in, set_data (*out), iterable))
    {
      bs_value_unref (*out);
      return FALSE;
    }
  return TRUE;
}

/* --- the operations ---------------------------------------------------- */

static gboolean
intersection (BsInterp *in,
              SetData  *d,
              BsValue   other,
              gboolean  frozen,
              BsValue  *out)
{
  BsValue r = bs_set_new (in, frozen);
  SetData *rd = set_data (r);
  SetData *o = set_data (other);

  if (o != NULL)
    {
      SetData *small = o, *big = d;

      if (o->used > d->used)
        {
          small = d;
          big = o;
        }
      for (gsize i = 0; i <= small->mask; i++)
        {
          Slot s = small->table[i];
          gsize slot;
          int found;

          if (s.state != SLOT_USED)
            continue;
          found = lookup (in, big, s.key, s.hash, &slot);
          if (found < 0 || (found > 0 && !add_hashed (in, rd, s.key, s.hash)))
            goto fail;
        }
    }
  else
    {
      BsPyIter it;
      BsValue v;
      int n;

      if (!bs_py_iter_init (in, other, &it))
        goto fail;
      while ((n = bs_py_iter_next (in, &it, &v)) > 0)
        {
          int found = contains_key (in, d, v);

          if (found < 0 || (found > 0 && !add_key (in, rd, v)))
            n = -1;
          bs_value_unref (v);
          if (n < 0)
            break;
        }
      bs_py_iter_clear (&it);
      if (n < 0)
        goto fail;
    }
  *out = r;
  return TRUE;

fail:
  bs_value_unref (r);
  return FALSE;
}

static gboolean
difference_update (BsInterp *in,
                   SetData  *d,
                   BsValue   other)
{
  SetData *o = set_data (other);

  if (o == d)
    {
      clear_data (d);
      return TRUE;
    }
  if (o != NULL)
    {
      for (gsize i = 0; i <= o->mask; i++)
        if (o->table[i].state == SLOT_USED
            && discard_hashed (in, d, o->table[i].key, o->table[i].hash) < 0)
          return FALSE;
    }
  else
    {
      BsPyIter it;
      BsValue v;
      int n;

      if (!bs_py_iter_init (in, other, &it))
        return FALSE;
      while ((n = bs_py_iter_next (in, &it, &v)) > 0)
        {
          if (discard_key (in, d, v) < 0)
            n = -1;
          bs_value_unref (v);
          if (n < 0)
            break;
        }
      bs_py_iter_clear (&it);
      if (n < 0)
        return FALSE;
    }
  /* more than a quarter of the table is dummies: rebuild it */
  if (d->fill - d->used > d->mask / 4)
    resize (d, d->used > 50000 ? d->used * 2 : d->used * 4);
  return TRUE;
}

static gboolean
difference (BsInterp *in,
            SetData  *d,
            BsValue   other,
            gboolean  frozen,
            BsValue  *out)
{
  SetData *o = set_data (other);
  BsValue r;

  if (o == NULL || (d->used >> 2) > o->used)
    {
      r = copy_set (in, d, frozen);
      if (!difference_update (in, set_data (r), other))
        {
          bs_value_unref (r);
          return FALSE;
        }
      *out = r;
      return TRUE;
    }
  r = bs_set_new (in, frozen);
  for (gsize i = 0; i <= d->mask; i++)
    {
      Slot s = d->table[i];
      gsize slot;
      int found;

      if (s.state != SLOT_USED)
        continue;
      found = lookup (in, o, s.key, s.hash, &slot);
      if (found < 0 || (found == 0 && !add_hashed (in, set_data (r), s.key, s.hash)))
        {
          bs_value_unref (r);
          return FALSE;
        }
    }
  *out = r;
  return TRUE;
}

static gboolean
symmetric_difference_update (BsInterp *in,
                             SetData  *d,
                             BsValue   other)
{
  BsValue o;
  SetData *od;

  if (set_data (other) == d)
    {
      clear_data (d);
      return TRUE;
    }
  if (!as_set (in, other, &o))
    return FALSE;
  od = set_data (o);
  for (gsize i = 0; i <= od->mask; i++)
    {
      Slot s = od->table[i];
      int r;

      if (s.state != SLOT_USED)
        continue;
      r = discard_hashed (in, d, s.key, s.hash);
      if (r < 0 || (r == 0 && !add_hashed (in, d, s.key, s.hash)))
        {
          bs_value_unref (o);
          return FALSE;
        }
    }
  bs_value_unref (o);
  return TRUE;
}

static gboolean
symmetric_difference (BsInterp *in,
                      SetData  *d,
                      BsValue   self,
                      BsValue   other,
                      gboolean  frozen,
                      BsValue  *out)
{
  BsValue r = bs_set_new (in, frozen);

  if (!update_from (in, set_data (r), other)
      || !symmetric_difference_update (in, set_data (r), self))
    {
      bs_value_unref (r);
      return FALSE;
    }
  *out = r;
  return TRUE;
}

/* Replaces d's contents by the set r's (consumed). */
static void
take_contents (SetData *d,
               BsValue  r)
{
  SetData *rd = set_data (r);
  Slot *table = d->table;
  gsize mask = d->mask;

  d->table = rd->table;
  d->mask = rd->mask;
  d->used = rd->used;
  d->fill = rd->fill;
  rd->table = table;
  rd->mask = mask;
  rd->used = rd->fill = 0;
  for (gsize i = 0; i <= mask; i++)
    if (table[i].state == SLOT_USED)
      rd->used++;
  bs_value_unref (r);
}

static gboolean
is_subset (BsInterp *in,
           SetData  *d,
           SetData  *o,
           gboolean *result)
{
  *result = FALSE;
  if (d->used > o->used)
    return TRUE;
  for (gsize i = 0; i <= d->mask; i++)
    {
      gsize slot;
      int found;

      if (d->table[i].state != SLOT_USED)
        continue;
      found = lookup (in, o, d->table[i].key, d->table[i].hash, &slot);
      if (found < 0)
        return FALSE;
      if (found == 0)
        return TRUE;
    }
  *result = TRUE;
  return TRUE;
}

/* --- the protocols ------------------------------------------------------ */

static gboolean
set_len (BsInterp *in, BsValue self, gint64 *len)
{
  *len = set_data (self)->used;
  return TRUE;
}

static gboolean
set_contains (BsInterp *in, BsValue self, BsValue item, gboolean *result)
{
  int r = contains_key (in, set_data (self), item);

  *result = r > 0;
  return r >= 0;
}

/* A live iterator, as CPython's: changing the set's size meanwhile is a RuntimeError. */
typedef struct {
  BsValue  set;
  gsize    pos;
  gsize    used;
} SetIterData;

static void
set_iter_free (gpointer p)
{
  SetIterData *it = p;

  bs_value_unref (it->set);
  g_free (it);
}

static int
set_iter_next (BsInterp *in, BsValue self, BsValue *out)
{
  SetIterData *it = ((BsNative *) self.as.object)->data;
  SetData *d = set_data (it->set);

  if (d->used != it->used)
    {
      it->used = G_MAXSIZE;   /* stays an error, as in CPython */
      bs_raise (in, "RuntimeError", "Set changed size during iteration");
      return -1;
    }
  while (it->pos <= d->mask)
    {
      Slot *slot = &d->table[it->pos++];

      if (slot->state == SLOT_USED)
        {
          *out = bs_value_ref (slot->key);
          return 1;
        }
    }
  return 0;
}

static const BsNativeOps set_iterator_ops = {
  .next = set_iter_next,
};

static const BsNativeType set_iterator_type = {
  { "set_iterator", set_iter_free }, NULL, NULL, NULL, NULL, &set_iterator_ops,
};

static gboolean
set_iter (BsInterp *in, BsValue self, BsValue *out)
{
  SetIterData *it = g_new0 (SetIterData, 1);

  it->set = bs_value_ref (self);
  it->used = set_data (self)->used;
  *out = bs_native_new (in->heap, &set_iterator_type.base, it);
  return TRUE;
}

static int
set_binary (BsInterp *in, BsBinOp op, BsValue a, BsValue b, gboolean inplace, BsValue *out)
{
  SetData *d = set_data (a);
  gboolean ok;
  BsValue r;

  if (set_data (b) == NULL)
    return 0;
  if (inplace && d->frozen)
    inplace = FALSE;
  switch (op)
    {
    case BS_BINOP_BIT_OR:
      if (inplace)
        ok = merge (in, d, set_data (b));
      else
        {
          r = copy_set (in, d, d->frozen);
          ok = merge (in, set_data (r), set_data (b));
        }
      break;
    case BS_BINOP_BIT_AND:
      ok = intersection (in, d, b, d->frozen, &r);
      if (ok && inplace)
        take_contents (d, r);
      break;
    case BS_BINOP_SUB:
      if (inplace)
        ok = difference_update (in, d, b);
      else
        ok = difference (in, d, b, d->frozen, &r);
      break;
    case BS_BINOP_BIT_XOR:
      if (inplace)
        ok = symmetric_difference_update (in, d, b);
      else
        ok = symmetric_difference (in, d, a, b, d->frozen, &r);
      break;
    default:
      return 0;
    }
  if (!ok)
    return -1;
  *out = inplace ? bs_value_ref (a) : r;
  return 1;
}

static int
set_compare (BsInterp *in, BsCmpOp op, BsValue a, BsValue b, gboolean *result)
{
  SetData *x = set_data (a), *y = set_data (b);

  if (y == NULL)
    {
      if (op != BS_CMPOP_EQ)
        return 0;
      *result = FALSE;
      return 1;
    }
  switch (op)
    {
    case BS_CMPOP_EQ:
      if (x->used != y->used)
        {
          *result = FALSE;
          return 1;
        }
      return is_subset (in, x, y, result) ? 1 : -1;
    case BS_CMPOP_LT_E:
      return is_subset (in, x, y, result) ? 1 : -1;
    case BS_CMPOP_GT_E:
      return is_subset (in, y, x, result) ? 1 : -1;
    case BS_CMPOP_LT:
      if (!is_subset (in, x, y, result))
        return -1;
      *result = *result && x->used < y->used;
      return 1;
    case BS_CMPOP_GT:
      if (!is_subset (in, y, x, result))
        return -1;
      *result = *result && y->used < x->used;
      return 1;
    default:
      return 0;
    }
}

static gboolean
set_data_hash (SetData *d,
               gint64  *out)
{
  guint64 h = 0;

  for (gsize i = 0; i <= d->mask; i++)
    if (d->table[i].state == SLOT_USED)
      {
        guint64 e = (guint64) d->table[i].hash;

        h ^= ((e ^ G_GUINT64_CONSTANT (89869747)) ^ (e << 16))
             * G_GUINT64_CONSTANT (3644798167);
      }
  h ^= ((guint64) d->used + 1) * G_GUINT64_CONSTANT (1927868237);
  h ^= (h >> 11) ^ (h >> 25);
  h = h * 69069u + G_GUINT64_CONSTANT (907133923);
  *out = h == G_MAXUINT64 ? 590923713 : (gint64) h;
  return TRUE;
}

static gboolean
frozenset_hash (BsInterp *in, BsValue self, gint64 *hash)
{
  return set_data_hash (set_data (self), hash);
}

static gboolean
set_repr (BsInterp *in, BsValue self, GString *out)
{
  SetData *d = set_data (self);
  gboolean first = TRUE;

  if (d->used == 0)
    {
      g_string_append (out, d->frozen ? "frozenset()" : "set()");
      return TRUE;
    }
  if (in->expr_depth > 1400)
    return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
  g_string_append (out, d->frozen ? "frozenset({" : "{");
  for (gsize i = 0; i <= d->mask; i++)
    {
      gboolean ok;

      if (d->table[i].state != SLOT_USED)
        continue;
      if (!first)
        g_string_append (out, ", ");
      first = FALSE;
      in->expr_depth++;
      ok = bs_repr (in, d->table[i].key, out);
      in->expr_depth--;
      if (!ok)
        return FALSE;
    }
  g_string_append (out, d->frozen ? "})" : "}");
  return TRUE;
}

/* --- methods ------------------------------------------------------------ */

static gboolean
m_add (BsInterp *in, BsCall *call, BsValue *r)
{
  *r = BS_NONE;
  return add_key (in, set_data (call->self), bs_call_value (call, 1));
}

/* remove (data TRUE: a missing element is a KeyError) and discard */
static gboolean
m_remove (BsInterp *in, BsCall *call, BsValue *r)
{
  BsValue key = bs_call_value (call, 1);
  int found = discard_key (in, set_data (call->self), key);

  *r = BS_NONE;
  if (found < 0)
    return FALSE;
  if (found == 0 && bs_call_data (call))
    return bs_raise_key_error (in, key);
  return TRUE;
}

static gboolean
m_pop (BsInterp *in, BsCall *call, BsValue *r)
{
  SetData *d = set_data (call->self);
  gsize i;

  if (d->used == 0)
    {
      BsValue message = bs_str_value (in, "pop from an empty set");

      bs_raise_key_error (in, message);
      bs_value_unref (message);
      return FALSE;
    }
  i = d->finger & d->mask;
  while (d->table[i].state != SLOT_USED)
    i = (i + 1) & d->mask;
  *r = d->table[i].key;
  d->table[i].key = BS_NONE;
  d->table[i].hash = -1;
  d->table[i].state = SLOT_DUMMY;
  d->used--;
  d->finger = i + 1;
  return TRUE;
}

static gboolean
m_clear (BsInterp *in, BsCall *call, BsValue *r)
{
  clear_data (set_data (call->self));
  *r = BS_NONE;
  return TRUE;
}

static gboolean
m_copy (BsInterp *in, BsCall *call, BsValue *r)
{
  SetData *d = set_data (call->self);

  *r = d->frozen ? bs_value_ref (call->self) : copy_set (in, d, FALSE);
  return TRUE;
}

typedef enum {
  COMBINE_UNION,
  COMBINE_INTERSECTION,
  COMBINE_DIFFERENCE,
  COMBINE_SYMMETRIC_DIFFERENCE,
  COMBINE_IN_PLACE = 8,   /* the _update forms */
} Combine;

/* Folds each of others into acc. */
static gboolean
combine_into (BsInterp *in,
              BsValue   acc,
              Combine   how,
              BsValue  *others,
              gsize     n)
{
  for (gsize i = 0; i < n; i++)
    {
      SetData *ad = set_data (acc);
      BsValue next = BS_NONE;
      gboolean ok;

      switch (how)
        {
        case COMBINE_UNION:
          ok = update_from (in, ad, others[i]);
          break;
        case COMBINE_INTERSECTION:
          ok = intersection (in, ad, others[i], ad->frozen, &next);
          if (ok)
            take_contents (ad, next);
          break;
        case COMBINE_DIFFERENCE:
          ok = difference_update (in, ad, others[i]);
          break;
        default:
          ok = symmetric_difference_update (in, ad, others[i]);
          break;
        }
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* union, intersection, difference, symmetric_difference and their _update forms: the
 * row's data is a Combine; the others are *others or the one argument */
static gboolean
m_combine (BsInterp *in, BsCall *call, BsValue *r)
{
  Combine how = bs_call_data (call) & ~COMBINE_IN_PLACE;
  gboolean update = bs_call_data (call) & COMBINE_IN_PLACE;
  SetData *d = set_data (call->self);
  BsValue acc, arg = bs_call_value (call, 1);
  BsValue *others = &arg;
  gsize n = 1;

  if (call->sig->params[1].star)
    others = bs_value_items (arg, &n);
  acc = update ? bs_value_ref (call->self) : copy_set (in, d, d->frozen);
  if (!combine_into (in, acc, how, others, n))
    {
      bs_value_unref (acc);
      return FALSE;
    }
  if (update)
    {
      bs_value_unref (acc);
      *r = BS_NONE;
    }
  else
    *r = acc;
  return TRUE;
}

typedef enum { RELATION_SUBSET, RELATION_SUPERSET, RELATION_DISJOINT } Relation;

static gboolean
m_relation (BsInterp *in, BsCall *call, BsValue *r)
{
  Relation relation = bs_call_data (call);
  BsValue self = call->self, other;
  gboolean result;
  gboolean ok;

  if (!as_set (in, bs_call_value (call, 1), &other))
    return FALSE;
  if (relation == RELATION_SUBSET)
    ok = is_subset (in, set_data (self), set_data (other), &result);
  else if (relation == RELATION_SUPERSET)
    ok = is_subset (in, set_data (other), set_data (self), &result);
  else
    {
      BsValue common;

      ok = intersection (in, set_data (self), other, FALSE, &common);
      if (ok)
        {
          result = set_data (common)->used == 0;
          bs_value_unref (common);
        }
    }
  bs_value_unref (other);
  if (!ok)
    return FALSE;
  *r = BS_BOOL (result);
  return TRUE;
}

static gboolean
set_getattr (BsInterp   *in,
             BsValue     self,
             const char *name,
             BsValue    *out,
             gboolean   *found)
{
  *found = bs_py_method_find (in, set_data (self)->frozen ? "frozenset" : "set", self, name,
                              out);
  return TRUE;
}

static const BsNativeOps set_ops = {
  .len = set_len,
  .contains = set_contains,
  .iter = set_iter,
  .binary = set_binary,
  .compare = set_compare,
};

static const BsNativeOps frozenset_ops = {
  .len = set_len,
  .contains = set_contains,
  .iter = set_iter,
  .binary = set_binary,
  .compare = set_compare,
  .hash = frozenset_hash,
};

static const BsNativeType set_type = {
  { "set", set_data_free }, set_getattr, NULL, set_repr, NULL, &set_ops,
};

static const BsNativeType frozenset_type = {
  { "frozenset", set_data_free }, set_getattr, NULL, set_repr, NULL, &frozenset_ops,
};

/* --- the built-ins ------------------------------------------------------- */

/* set() and frozenset() (data TRUE) */
static gboolean
builtin_set (BsInterp *in, BsCall *call, BsValue *r)
{
  gboolean frozen = bs_call_data (call);
  BsValue iterable = bs_call_value (call, 0);

  if (frozen && set_data (iterable) != NULL && set_data (iterable)->frozen)
    {
      *r = bs_value_ref (iterable);
      return TRUE;
    }
  *r = bs_set_new (in, frozen);
  if (call->given[0] && !update_from (in, set_data (*r), iterable))
    {
      bs_value_unref (*r);
      return FALSE;
    }
  return TRUE;
}

/* Both types' methods; frozenset has those that do not change the set. */
#define BOTH(signature, func, data) \
  { "set", BS_SIG_BUILTIN, "set." signature, func, data }, \
  { "frozenset", BS_SIG_BUILTIN, "frozenset." signature, func, data }
#define SET(signature, func, data) { "set", BS_SIG_BUILTIN, "set." signature, func, data }

static const BsSignatureRow rows[] = {
  SET ("add(self, object, /)", m_add, 0),
  SET ("remove(self, object, /)", m_remove, TRUE),
  SET ("discard(self, object, /)", m_remove, FALSE),
  SET ("pop(self, /)", m_pop, 0),
  SET ("clear(self, /)", m_clear, 0),
  BOTH ("copy(self, /)", m_copy, 0),
  BOTH ("union(self, *others)", m_combine, COMBINE_UNION),
  BOTH ("intersection(self, *others)", m_combine, COMBINE_INTERSECTION),
  BOTH ("difference(self, *others)", m_combine, COMBINE_DIFFERENCE),
  BOTH ("symmetric_difference(self, other, /)", m_combine, COMBINE_SYMMETRIC_DIFFERENCE),
  SET ("update(self, *others)", m_combine, COMBINE_UNION | COMBINE_IN_PLACE),
  SET ("intersection_update(self, *others)", m_combine,
       COMBINE_INTERSECTION | COMBINE_IN_PLACE),
  SET ("difference_update(self, *others)", m_combine, COMBINE_DIFFERENCE | COMBINE_IN_PLACE),
  SET ("symmetric_difference_update(self, other, /)", m_combine,
       COMBINE_SYMMETRIC_DIFFERENCE | COMBINE_IN_PLACE),
  BOTH ("issubset(self, other, /)", m_relation, RELATION_SUBSET),
  BOTH ("issuperset(self, other, /)", m_relation, RELATION_SUPERSET),
  BOTH ("isdisjoint(self, other, /)", m_relation, RELATION_DISJOINT),
  { "builtins", BS_SIG_BUILTIN, "set(iterable=(), /)", builtin_set, FALSE },
  { "builtins", BS_SIG_BUILTIN, "frozenset(iterable=(), /)", builtin_set, TRUE },
};

const BsSignatureTable bs_py_set_table = BS_SIGNATURE_TABLE (rows);
