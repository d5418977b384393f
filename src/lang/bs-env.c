/* bs-env.c: scopes, tables of bindings keyed by interned names */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <stdlib.h>

/* A slot whose binding was removed: lookups go on past it. */
static const char deleted[] = "";

#define MIN_SLOTS 8

/* Fibonacci hashing of the name's address: interned names are compared by address. */
static inline guint
slot_of (const BsEnv *env,
         const char  *name)
{
  return (guint) (((guint64) (guintptr) name * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 40)
         & env->mask;
}

static inline BsEnvSlot *
find_slot (const BsEnv *env,
           const char  *name)
{
  for (guint i = slot_of (env, name);; i = (i + 1) & env->mask)
    {
      BsEnvSlot *slot = &env->slots[i];

      if (slot->name == name)
        return slot;
      if (slot->name == NULL)
        return NULL;
    }
}

/* Rehashes into twice as many slots (or as many, to drop removed ones). */
static void
grow (BsEnv *env)
{
  BsEnvSlot *old = env->slots;
  guint n_old = env->mask + 1;
  guint n = env->n_used * 2 >= n_old ? n_old * 2 : n_old;

  env->slots = g_new0 (BsEnvSlot, n);
  env->mask = n - 1;
  env->n_filled = env->n_used;
  for (guint i = 0; i < n_old; i++)
    if (old[i].name != NULL && old[i].name != deleted)
      {
        guint j = slot_of (env, old[i].name);

        while (env->slots[j].name != NULL)
          j = (j + 1) & env->mask;
        env->slots[j] = old[i];
      }
  g_free (old);
}

static int
compare_seq (gconstpointer a,
             gconstpointer b)
{
  guint x = (*(BsEnvSlot *const *) a)->seq, y = (*(BsEnvSlot *const *) b)->seq;

  return x < y ? -1 : x > y;
}

/* A frame's locals go in the order they were bound, as CPython clears a frame's variables
 * in order: tensors they free are destroyed in the same order in every run (the slots'
 * order follows the names' addresses). */
void
bs_env_finalize (BsObject *object)
{
  BsEnv *env = (BsEnv *) object;
  BsEnvSlot *inline_live[16];
  BsEnvSlot **live = env->n_used <= G_N_ELEMENTS (inline_live)
    ? inline_live : g_new (BsEnvSlot *, env->n_used);
  guint n = 0;

  for (guint i = 0; i <= env->mask; i++)
    if (env->slots[i].name != NULL && env->slots[i].name != deleted)
      live[n++] = &env->slots[i];
  qsort (live, n, sizeof *live, compare_seq);
  for (guint i = 0; i < n; i++)
    bs_value_unref (live[i]->value);
  if (live != inline_live)
    g_free (live);
  g_clear_pointer (&env->slots, g_free);
  g_clear_pointer (&env->order, g_ptr_array_unref);
  if (env->parent != NULL)
    bs_value_unref (BS_OBJECT (env->parent));
}

static const char *
intern (GHashTable *names,
        const char *name)
{
  char *interned = g_hash_table_lookup (names, name);

  if (interned == NULL)
    {
      interned = g_strdup (name);
      g_hash_table_add (names, interned);
    }
  return interned;
}

const char *
bs_intern (BsInterp   *in,
           const char *name)
{
  return intern (in->names, name);
}

BsEnv *
bs_env_new (BsInterp *in,
            BsEnv    *parent)
{
  BsEnv *env = (BsEnv *) bs_object_alloc (in->heap, BS_OBJECT_ENV, sizeof (BsEnv));

  env->slots = g_new0 (BsEnvSlot, MIN_SLOTS);
  env->mask = MIN_SLOTS - 1;
  env->names = in->names;
  if (parent != NULL)
    {
      bs_value_ref (BS_OBJECT (parent));
      env->parent = parent;
    }
  return env;
}

BsValue *
bs_env_find (BsEnv      *env,
             const char *name)
{
  BsEnvSlot *slot = find_slot (env, name);

  return slot != NULL ? &slot->value : NULL;
}

void
bs_env_store (BsEnv      *env,
              const char *name,
              BsValue     value)
{
  BsEnvSlot *slot = find_slot (env, name);
  guint i;

  if (slot != NULL)
    {
      BsValue old = slot->value;

      slot->value = value;
      bs_value_unref (old);
      return;
    }
  /* at most three quarters full, removed slots included */
  if ((env->n_filled + 1) * 4 > (env->mask + 1) * 3)
    grow (env);
  for (i = slot_of (env, name); env->slots[i].name != NULL && env->slots[i].name != deleted;
       i = (i + 1) & env->mask)
    ;
  if (env->slots[i].name == NULL)
    env->n_filled++;
  env->slots[i].name = name;
  env->slots[i].value = value;
  env->slots[i].seq = env->next_seq++;
  env->n_used++;
  if (env->is_class)
    {
      if (env->order == NULL)
        env->order = g_ptr_array_new ();
      g_ptr_array_add (env->order, (gpointer) name);
    }
}

gboolean
bs_env_remove (BsEnv      *env,
               const char *name)
{
  BsEnvSlot *slot = find_slot (env, name);

  if (slot == NULL)
    return FALSE;
  slot->name = deleted;
  env->n_used--;
  bs_value_unref (slot->value);
  slot->value = BS_NONE;
  return TRUE;
}

/* In the order names were bound: *index is the next binding's sequence number or later. */
gboolean
bs_env_next (BsEnv       *env,
             guint       *index,
             const char **name,
             BsValue    **value)
{
  BsEnvSlot *next = NULL;

  for (guint i = 0; i <= env->mask; i++)
    {
      BsEnvSlot *slot = &env->slots[i];

      if (slot->name != NULL && slot->name != deleted && slot->seq >= *index
          && (next == NULL || slot->seq < next->seq))
        next = slot;
    }
  if (next == NULL)
    return FALSE;
  *name = next->name;
  *value = &next->value;
  *index = next->seq + 1;
  return TRUE;
}

void
bs_env_set (BsEnv      *env,
            const char *name,
            BsValue     value)
{
  bs_env_store (env, intern (env->names, name), value);
}

BsValue *
bs_env_lookup (BsEnv      *env,
               const char *name)
{
  const char *interned = g_hash_table_lookup (env->names, name);

  return interned != NULL ? bs_env_find (env, interned) : NULL;
}
