/* bs-value.c */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-value.h"
#include "bs-context.h"

#include <math.h>
#include <string.h>

/* Every op's result is a new tensor object: freed ones are kept for the next results
 * rather than going back to malloc (a few percent of a scalar-heavy script). */
#define MAX_SPARE_TENSOR_OBJECTS 64
/* What malloc adds to a block, charged with every object. */
#define MALLOC_OVERHEAD 16

struct _BsHeap {
  BsObject       *objects;                    /* doubly linked, newest first */
  gsize           n_objects;
  guint64         n_made;                     /* objects made so far: the next's serial */
  BsFinalizeFunc  finalizers[BS_N_OBJECT_TYPES];
  gboolean        tearing_down;
  BsObject       *spare_tensor_objects;       /* linked by next */
  guint           n_spare_tensor_objects;
  BsObject       *releasing;                  /* unlinked, to free; linked by next */
  gboolean        freeing;
  BsContext      *context;                    /* Borrowed: the memory budget, or NULL */
};

/* --- heap -------------------------------------------------------------- */

static void finalize_builtin (BsObject *object);

BsHeap *
bs_heap_new (void)
{
  return g_new0 (BsHeap, 1);
}

void
bs_heap_charge_to (BsHeap    *heap,
                   BsContext *context)
{
  heap->context = context;
}

void
bs_object_set_charge (BsObject *object,
                      gsize     bytes)
{
  BsContext *context = object->heap->context;

  if (context == NULL || object->heap->tearing_down)
    return;
  if (bytes > object->charge)
    bs_context_charge (context, bytes - object->charge);
  else
    bs_context_uncharge (context, object->charge - bytes);
  object->charge = bytes;
}

void
bs_heap_set_finalizer (BsHeap         *heap,
                       BsObjectType    type,
                       BsFinalizeFunc  finalize)
{
  heap->finalizers[type] = finalize;
}

/* A block for a new object; tensor objects may be spare ones. */
static BsObject *
object_memory (BsHeap       *heap,
               BsObjectType  type,
               gsize         size)
{
  BsObject *object = heap->spare_tensor_objects;

  if (type != BS_OBJECT_TENSOR || object == NULL)
    return g_malloc0 (size);
  g_assert (size == sizeof (BsTensorObject));
  heap->spare_tensor_objects = object->next;
  heap->n_spare_tensor_objects--;
  memset (object, 0, size);
  return object;
}

BsObject *
bs_object_alloc (BsHeap       *heap,
                 BsObjectType  type,
                 gsize         size)
{
  BsObject *object = object_memory (heap, type, size);

  object->ref_count = 1;
  object->type = type;
  object->heap = heap;
  object->serial = heap->n_made++;
  if (heap->context != NULL)
    {
      object->charge = size + MALLOC_OVERHEAD;
      bs_context_charge (heap->context, object->charge);
    }
  object->next = heap->objects;
  if (heap->objects != NULL)
    heap->objects->prev = object;
  heap->objects = object;
  heap->n_objects++;
  return object;
}

static void
unlink_object (BsObject *object)
{
  BsHeap *heap = object->heap;

  if (object->prev != NULL)
    object->prev->next = object->next;
  else
    heap->objects = object->next;
  if (object->next != NULL)
    object->next->prev = object->prev;
  heap->n_objects--;
}

/* object is unlinked already */
static void
object_free (BsObject *object)
{
  BsHeap *heap = object->heap;

  if (heap->finalizers[object->type] != NULL)
    heap->finalizers[object->type] (object);
  else
    finalize_builtin (object);
  if (heap->context != NULL)
    bs_context_uncharge (heap->context, object->charge);
  if (object->type == BS_OBJECT_TENSOR
      && heap->n_spare_tensor_objects < MAX_SPARE_TENSOR_OBJECTS)
    {
      object->next = heap->spare_tensor_objects;
      heap->spare_tensor_objects = object;
      heap->n_spare_tensor_objects++;
      return;
    }
  g_free (object);
}

void
bs_heap_free (BsHeap *heap)
{
  if (heap == NULL)
    return;
  /* Releasing one object may release others: finalise every object first,
   * while all of them are still allocated (unref does nothing meanwhile),
   * then free the memory. */
  heap->tearing_down = TRUE;
  for (BsObject *o = heap->objects; o != NULL; o = o->next)
    {
      if (heap->finalizers[o->type] != NULL)
        heap->finalizers[o->type] (o);
      else
        finalize_builtin (o);
    }
  while (heap->objects != NULL)
    {
      BsObject *object = heap->objects;

      heap->objects = object->next;
      g_free (object);
    }
  while (heap->spare_tensor_objects != NULL)
    {
      BsObject *object = heap->spare_tensor_objects;

      heap->spare_tensor_objects = object->next;
      g_free (object);
    }
  g_free (heap);
}

gsize
bs_heap_n_objects (BsHeap *heap)
{
  return heap->n_objects;
}

/* Freeing an object releases what it holds. A long chain (lists nested deep, exceptions
 * each the context of the next) would make that recursion as deep as the chain is long:
 * objects released while another is being freed wait on a stack instead, and are freed
 * one after another. Those one object released are turned round on the stack, so that
 * objects go in the order CPython's recursive deallocation frees them (depth first, each
 * object's in the order it releases them) and tensors are destroyed in that order. */
static void
release (BsObject *object)
{
  BsHeap *heap = object->heap;

  unlink_object (object);
  object->next = heap->releasing;
  heap->releasing = object;
  if (heap->freeing)
    return;
  heap->freeing = TRUE;
  while (heap->releasing != NULL)
    {
      BsObject *next = heap->releasing;
      BsObject *rest = next->next;
      BsObject *turned = rest;

      heap->releasing = rest;
      object_free (next);
      for (BsObject *o = heap->releasing; o != rest;)
        {
          BsObject *after = o->next;

          o->next = turned;
          turned = o;
          o = after;
        }
      heap->releasing = turned;
    }
  heap->freeing = FALSE;
}

BsValue
bs_value_ref (BsValue v)
{
  if (v.type == BS_VALUE_OBJECT)
    v.as.object->ref_count++;
  return v;
}

void
bs_value_unref (BsValue v)
{
  BsObject *object;

  if (v.type != BS_VALUE_OBJECT)
    return;
  object = v.as.object;
  if (object->heap->tearing_down)
    return;
  if (--object->ref_count == 0)
    release (object);
}

/* --- strings ----------------------------------------------------------- */

/* Code points of valid UTF-8, NULs included (g_utf8_strlen stops at one). */
static glong
utf8_length (const char *s,
             gsize       length)
{
  glong n = 0;

  for (gsize i = 0; i < length; i++)
    n += ((unsigned char) s[i] & 0xc0) != 0x80;
  return n;
}

/* FNV-1a of the bytes: stable from run to run (CPython randomises str hashes). */
static gint64
bytes_hash (const char *s,
            gsize       length)
{
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  for (gsize i = 0; i < length; i++)
    h = (h ^ (unsigned char) s[i]) * G_GUINT64_CONSTANT (1099511628211);
  return (gint64) h == -1 ? -2 : (gint64) h;
}

BsValue
bs_str_new (BsHeap     *heap,
            const char *text,
            gssize      length)
{
  BsStr *str;

  if (length < 0)
    length = strlen (text);
  str = (BsStr *) bs_object_alloc (heap, BS_OBJECT_STR, sizeof (BsStr) + length + 1);
  memcpy (str->data, text, length);
  str->data[length] = '\0';
  str->length = length;
  str->n_chars = utf8_length (str->data, length);
  str->hash = bytes_hash (str->data, length);
  return BS_OBJECT (str);
}

BsValue
bs_str_take (BsHeap *heap,
             char   *text)
{
  BsValue v = bs_str_new (heap, text, -1);

  g_free (text);
  return v;
}

const char *
bs_value_str (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_STR) ? ((BsStr *) v.as.object)->data : NULL;
}

/* --- lists and tuples -------------------------------------------------- */

BsValue
bs_list_new (BsHeap *heap)
{
  BsList *list = (BsList *) bs_object_alloc (heap, BS_OBJECT_LIST, sizeof (BsList));

  list->items = g_array_new (FALSE, FALSE, sizeof (BsValue));
  return BS_OBJECT (list);
}

void
bs_list_append (BsValue list,
                BsValue item)
{
  g_return_if_fail (bs_value_is_object (list, BS_OBJECT_LIST));
  g_array_append_val (((BsList *) list.as.object)->items, item);
  bs_list_charge (list);
}

void
bs_list_charge (BsValue list)
{
  BsList *l = (BsList *) list.as.object;

  gsize n = l->items->len;

  /* a GArray grows to powers of two */
  bs_object_set_charge (&l->base, sizeof (BsList) + 2 * MALLOC_OVERHEAD
                                  + (n > 0 ? (gsize) 1 << g_bit_storage (n * sizeof (BsValue) - 1)
                                           : 0));
}

BsValue
bs_tuple_new (BsHeap *heap,
              gsize   length)
{
  BsTuple *tuple = (BsTuple *) bs_object_alloc (heap, BS_OBJECT_TUPLE,
                                                sizeof (BsTuple) + length * sizeof (BsValue));

  tuple->length = length;
  return BS_OBJECT (tuple);
}

BsValue *
bs_value_items (BsValue  v,
                gsize   *length)
{
  if (bs_value_is_object (v, BS_OBJECT_LIST))
    {
      GArray *items = ((BsList *) v.as.object)->items;
      static BsValue empty;

      *length = items->len;
      return items->len > 0 ? (BsValue *) items->data : &empty;
    }
  if (bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      BsTuple *tuple = (BsTuple *) v.as.object;

      *length = tuple->length;
      return tuple->items;
    }
  *length = 0;
  return NULL;
}

/* --- hashing and equality ---------------------------------------------- */

#define HASH_MODULUS ((guint64) 0x1fffffffffffffff)   /* 2**61 - 1, CPython's modulus */

gint64
bs_hash_int (gint64 v)
{
  guint64 u = v < 0 ? (guint64) 0 - (guint64) v : (guint64) v;
  gint64 h = (gint64) (u % HASH_MODULUS);

  if (v < 0)
    h = -h;
  return h == -1 ? -2 : h;
}

/* The hash of a finite double's exact rational value M * 2**E modulo 2**61 - 1: as
 * 2**61 is 1 modulo that prime, multiplying by 2**E is a rotation of the 61-bit residue. */
gint64
bs_hash_double (double x)
{
  int e, k;
  guint64 h;
  gint64 r;

  if (isinf (x))
    return x > 0 ? 314159 : -314159;
  if (isnan (x))
    return 0;
  h = (guint64) ldexp (frexp (fabs (x), &e), 53);   /* < 2**53, already reduced */
  k = (e - 53) % 61;
  if (k < 0)
    k += 61;
  if (k > 0)
    h = ((h << k) & HASH_MODULUS) | (h >> (61 - k));
  r = x < 0 ? -(gint64) h : (gint64) h;
  return r == -1 ? -2 : r;
}

/* object.__hash__: the address rotated by four bits */
gint64
bs_hash_identity (guint64 a)
{
  gint64 h = (gint64) ((a >> 4) | (a << 60));

  return h == -1 ? -2 : h;
}

/* the xxHash-style combination of CPython 3.8 and later */
#define XXPRIME_1 G_GUINT64_CONSTANT (11400714785074694791)
#define XXPRIME_2 G_GUINT64_CONSTANT (14029467366897019727)
#define XXPRIME_5 G_GUINT64_CONSTANT (2870177450012600261)

guint64
bs_hash_tuple_start (void)
{
  return XXPRIME_5;
}

guint64
bs_hash_tuple_add (guint64 acc,
                   gint64  item)
{
  acc += (guint64) item * XXPRIME_2;
  acc = (acc << 31) | (acc >> 33);
  return acc * XXPRIME_1;
}

gint64
bs_hash_tuple_finish (guint64 acc,
                      gsize   length)
{
  acc += length ^ (XXPRIME_5 ^ G_GUINT64_CONSTANT (3527539));
  return acc == G_MAXUINT64 ? 1546275796 : (gint64) acc;
}

gboolean
bs_value_hash (BsValue  v,
               gint64  *hash)
{
  switch (v.type)
    {
    case BS_VALUE_NONE:
      *hash = 0x5f3759df;
      return TRUE;
    case BS_VALUE_BOOL:
      *hash = v.as.boolean ? 1 : 0;    /* True == 1, so they must hash alike */
      return TRUE;
    case BS_VALUE_INT:
      *hash = bs_hash_int (v.as.integer);
      return TRUE;
    case BS_VALUE_FLOAT:
      *hash = bs_hash_double (v.as.number);
      return TRUE;
    case BS_VALUE_OBJECT:
    default:
      break;
    }
  switch (v.as.object->type)
    {
    case BS_OBJECT_STR:
      *hash = ((BsStr *) v.as.object)->hash;
      return TRUE;
    case BS_OBJECT_TUPLE:
      {
        BsTuple *tuple = (BsTuple *) v.as.object;
        guint64 acc = bs_hash_tuple_start ();

        for (gsize i = 0; i < tuple->length; i++)
          {
            gint64 item;

            if (!bs_value_hash (tuple->items[i], &item))
              return FALSE;
            acc = bs_hash_tuple_add (acc, item);
          }
        *hash = bs_hash_tuple_finish (acc, tuple->length);
        return TRUE;
      }
    case BS_OBJECT_LIST:
    case BS_OBJECT_DICT:
      return FALSE;
    default:
      /* identity, as object.__hash__ (tensors hash by identity too) */
      *hash = bs_hash_identity (bs_value_address (v));
      return TRUE;
    }
}

gconstpointer
bs_value_identity (BsValue v)
{
  if (v.type != BS_VALUE_OBJECT)
    return NULL;
  if (v.as.object->type == BS_OBJECT_TENSOR)
    return ((BsTensorObject *) v.as.object)->tensor;
  return v.as.object;
}

/* Addresses as a 64-bit CPython's look (16-byte aligned, in the 0x7f... range), objects and
 * tensors apart. A tensor's is its tensor's: PyTorch keeps one Python object per tensor. */
#define OBJECT_ADDRESSES G_GUINT64_CONSTANT (0x7f0000000000)
#define TENSOR_ADDRESSES G_GUINT64_CONSTANT (0x7e0000000000)
#define SMALL_ADDRESSES  G_GUINT64_CONSTANT (0x7d0000000000)
#define ENGINE_ADDRESSES G_GUINT64_CONSTANT (0x7c0000000000)
#define SMALL_RANGE      G_GUINT64_CONSTANT (0x00fffffffff0)

guint64
bs_value_address (BsValue v)
{
  switch (v.type)
    {
    case BS_VALUE_NONE:
      return SMALL_ADDRESSES;
    case BS_VALUE_BOOL:
      return SMALL_ADDRESSES + (v.as.boolean ? 0x20 : 0x10);
    case BS_VALUE_INT:
      return SMALL_ADDRESSES + 0x1000 + (((guint64) v.as.integer << 4) & SMALL_RANGE);
    case BS_VALUE_FLOAT:
      {
        guint64 bits;

        memcpy (&bits, &v.as.number, sizeof bits);
        return SMALL_ADDRESSES + 0x1000 + ((bits << 4) & SMALL_RANGE);
      }
    case BS_VALUE_OBJECT:
    default:
      if (v.as.object->type == BS_OBJECT_TENSOR)
        return TENSOR_ADDRESSES + (((BsTensorObject *) v.as.object)->tensor->id << 4);
      if (v.as.object->type == BS_OBJECT_NATIVE
          && ((BsNative *) v.as.object)->klass->engine_id != NULL)
        {
          BsNative *native = (BsNative *) v.as.object;

          return ENGINE_ADDRESSES + (native->klass->engine_id (native->data) << 4);
        }
      return OBJECT_ADDRESSES + (v.as.object->serial << 4);
    }
}

static gboolean
is_number (BsValue v)
{
  return v.type == BS_VALUE_BOOL || v.type == BS_VALUE_INT || v.type == BS_VALUE_FLOAT;
}

static double
as_double (BsValue v)
{
  switch (v.type)
    {
    case BS_VALUE_BOOL: return v.as.boolean;
    case BS_VALUE_INT: return (double) v.as.integer;
    case BS_VALUE_FLOAT: return v.as.number;
    default: return NAN;
    }
}

/* Containers that contain themselves (l = [l]; m = [m]) would recurse
 * forever: past this depth they compare unequal (CPython raises
 * RecursionError there; this function cannot raise). */
#define MAX_EQUAL_DEPTH 500

static gboolean value_equal (BsValue a, BsValue b, int depth);

gboolean
bs_value_equal (BsValue a,
                BsValue b)
{
  return value_equal (a, b, 0);
}

static gboolean
value_equal (BsValue a,
             BsValue b,
             int     depth)
{
  if (depth > MAX_EQUAL_DEPTH)
    return FALSE;
  if (is_number (a) && is_number (b))
    {
      if (a.type != BS_VALUE_FLOAT && b.type != BS_VALUE_FLOAT)
        {
          gint64 x = a.type == BS_VALUE_BOOL ? a.as.boolean : a.as.integer;
          gint64 y = b.type == BS_VALUE_BOOL ? b.as.boolean : b.as.integer;

          return x == y;
        }
      return as_double (a) == as_double (b);
    }
  if (a.type != b.type)
    return FALSE;
  if (a.type == BS_VALUE_NONE)
    return TRUE;
  if (a.as.object == b.as.object)
    return TRUE;
  if (a.as.object->type != b.as.object->type)
    return FALSE;
  switch (a.as.object->type)
    {
    case BS_OBJECT_STR:
      {
        BsStr *x = (BsStr *) a.as.object, *y = (BsStr *) b.as.object;

        return x->length == y->length && memcmp (x->data, y->data, x->length) == 0;
      }
    case BS_OBJECT_LIST:
    case BS_OBJECT_TUPLE:
      {
        gsize n, m;
        BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);

        if (n != m)
          return FALSE;
        for (gsize i = 0; i < n; i++)
          if (!value_equal (x[i], y[i], depth + 1))
            return FALSE;
        return TRUE;
      }
    case BS_OBJECT_DICT:
      {
        BsDict *x = (BsDict *) a.as.object;

        if (x->n_live != ((BsDict *) b.as.object)->n_live)
          return FALSE;
        for (guint i = 0; i < x->entries->len; i++)
          {
            BsDictEntry *e = &g_array_index (x->entries, BsDictEntry, i);
            BsValue other;

            if (e->deleted)
              continue;
            if (!bs_dict_get (b, e->key, &other) || !value_equal (e->value, other, depth + 1))
              return FALSE;
          }
        return TRUE;
      }
    default:
      return FALSE;
    }
}

gboolean
bs_value_truthy (BsValue v)
{
  switch (v.type)
    {
    case BS_VALUE_NONE: return FALSE;
    case BS_VALUE_BOOL: return v.as.boolean;
    case BS_VALUE_INT: return v.as.integer != 0;
    case BS_VALUE_FLOAT: return v.as.number != 0.0;
    case BS_VALUE_OBJECT:
    default:
      break;
    }
  switch (v.as.object->type)
    {
    case BS_OBJECT_STR: return ((BsStr *) v.as.object)->length > 0;
    case BS_OBJECT_LIST: return ((BsList *) v.as.object)->items->len > 0;
    case BS_OBJECT_TUPLE: return ((BsTuple *) v.as.object)->length > 0;
    case BS_OBJECT_DICT: return ((BsDict *) v.as.object)->n_live > 0;
    default: return TRUE;
    }
}

const char *
bs_value_type_name (BsValue v)
{
  switch (v.type)
    {
    case BS_VALUE_NONE: return "NoneType";
    case BS_VALUE_BOOL: return v.numpy ? "numpy.bool_" : "bool";
    case BS_VALUE_INT: return v.numpy ? "numpy.int64" : "int";
    case BS_VALUE_FLOAT: return v.numpy ? "numpy.float64" : "float";
    case BS_VALUE_OBJECT:
    default:
      break;
    }
  switch (v.as.object->type)
    {
    case BS_OBJECT_STR: return "str";
    case BS_OBJECT_LIST: return "list";
    case BS_OBJECT_TUPLE:
      if (((BsTuple *) v.as.object)->struct_seq != NULL)
        return ((BsTuple *) v.as.object)->struct_seq;
      return ((BsTuple *) v.as.object)->is_size ? "torch.Size" : "tuple";
    case BS_OBJECT_DICT:
      return ((BsDict *) v.as.object)->is_ordered ? "OrderedDict" : "dict";
    case BS_OBJECT_RANGE: return "range";
    case BS_OBJECT_SLICE: return "slice";
    case BS_OBJECT_FUNCTION: return "function";
    case BS_OBJECT_BUILTIN: return "builtin_function_or_method";
    case BS_OBJECT_BOUND_METHOD: return "method";
    case BS_OBJECT_CLASS: return "type";
    case BS_OBJECT_INSTANCE: return "object";
    case BS_OBJECT_MODULE: return "module";
    case BS_OBJECT_TENSOR: return "Tensor";
    case BS_OBJECT_NATIVE: return ((BsNative *) v.as.object)->klass->name;
    case BS_OBJECT_CELL: return "cell";
    case BS_OBJECT_ENV: return "scope";
    case BS_N_OBJECT_TYPES:
    default: return "object";
    }
}

/* --- dicts ------------------------------------------------------------- */

BsValue
bs_dict_new (BsHeap *heap)
{
  BsDict *dict = (BsDict *) bs_object_alloc (heap, BS_OBJECT_DICT, sizeof (BsDict));

  dict->entries = g_array_new (FALSE, FALSE, sizeof (BsDictEntry));
  return BS_OBJECT (dict);
}

static int
plain_equal (BsValue  a,
             BsValue  b,
             gpointer data)
{
  return bs_value_equal (a, b);
}

/* The entry index for key (>= 0), -1 when absent, -2 on an error in equal; *slot receives
 * where it is or would go. */
static gint64
dict_find (BsDict         *dict,
           BsValue         key,
           gint64          hash,
           BsKeyEqualFunc  equal,
           gpointer        data,
           gsize          *slot)
{
  gsize mask, i;
  guint restarts = 0;

restart:
  if (dict->index_size == 0)
    return -1;
  mask = dict->index_size - 1;
  for (i = (guint64) hash & mask;; i = (i + 1) & mask)
    {
      gint64 e = dict->index[i];

      if (e == -1)
        {
          *slot = i;
          return -1;
        }
      if (e >= 0)
        {
          BsDictEntry *entry = &g_array_index (dict->entries, BsDictEntry, e);
          BsValue candidate;
          guint64 version;
          int eq;

          if (entry->hash != hash)
            continue;
          if (entry->key.type == BS_VALUE_OBJECT && key.type == BS_VALUE_OBJECT
              && bs_value_identity (entry->key) == bs_value_identity (key))
            {
              *slot = i;
              return e;
            }
          /* equal may run Python code that changes the dict: hold the key meanwhile */
          candidate = bs_value_ref (entry->key);
          version = dict->version;
          eq = equal (candidate, key, data);
          bs_value_unref (candidate);
          if (eq < 0)
            return -2;
          if (dict->version != version || dict->index[i] != e)
            {
              if (++restarts > 1000)
                return -2;
              goto restart;
            }
          if (eq > 0)
            {
              *slot = i;
              return e;
            }
        }
    }
}

static void
dict_charge (BsDict *dict)
{
  bs_object_set_charge (&dict->base, sizeof (BsDict) + dict->entries->len * sizeof (BsDictEntry)
                                     + dict->index_size * sizeof (gint64));
}

static void
dict_rebuild_index (BsDict *dict)
{
  gsize size = 8;

  while (size < (dict->n_live + 1) * 2)
    size *= 2;
  /* compact away deleted entries, in one pass */
  {
    guint kept = 0;

    for (guint i = 0; i < dict->entries->len; i++)
      if (!g_array_index (dict->entries, BsDictEntry, i).deleted)
        g_array_index (dict->entries, BsDictEntry, kept++)
          = g_array_index (dict->entries, BsDictEntry, i);
    g_array_set_size (dict->entries, kept);
  }
  g_free (dict->index);
  dict->index = g_new (gint64, size);
  dict->index_size = size;
  for (gsize i = 0; i < size; i++)
    dict->index[i] = -1;
  for (guint e = 0; e < dict->entries->len; e++)
    {
      gint64 hash = g_array_index (dict->entries, BsDictEntry, e).hash;
      gsize i;

      for (i = (guint64) hash & (size - 1); dict->index[i] != -1; i = (i + 1) & (size - 1))
        ;
      dict->index[i] = e;
    }
  dict_charge (dict);
}

int
bs_dict_lookup (BsValue         dict_value,
                BsValue         key,
                gint64          hash,
                BsKeyEqualFunc  equal,
                gpointer        data,
                BsValue        *value)
{
  BsDict *dict = (BsDict *) dict_value.as.object;
  gsize slot;
  gint64 e = dict_find (dict, key, hash, equal, data, &slot);

  if (e < 0)
    return e == -1 ? 0 : -1;
  if (value != NULL)
    *value = g_array_index (dict->entries, BsDictEntry, e).value;
  return 1;
}

int
bs_dict_insert (BsValue         dict_value,
                BsValue         key,
                gint64          hash,
                BsValue         value,
                BsKeyEqualFunc  equal,
                gpointer        data)
{
  BsDict *dict = (BsDict *) dict_value.as.object;
  gsize slot = 0;
  gint64 e = dict_find (dict, key, hash, equal, data, &slot);

  if (e == -2)
    {
      bs_value_unref (value);
      return -1;
    }
  if (e >= 0)
    {
      BsDictEntry *entry = &g_array_index (dict->entries, BsDictEntry, e);
      BsValue old = entry->value;

      entry->value = value;
      bs_value_unref (old);
      return 1;
    }
  if (dict->entries->len + 1 > dict->index_size / 2)
    {
      dict_rebuild_index (dict);
      /* the keys are all different from key: the first empty slot is its place */
      for (slot = (guint64) hash & (dict->index_size - 1); dict->index[slot] != -1;
           slot = (slot + 1) & (dict->index_size - 1))
        ;
    }
  {
    BsDictEntry entry = { bs_value_ref (key), value, hash, FALSE };

    g_array_append_val (dict->entries, entry);
    dict->index[slot] = dict->entries->len - 1;
    dict->n_live++;
    dict->version++;
  }
  dict_charge (dict);
  return 1;
}

int
bs_dict_delete (BsValue         dict_value,
                BsValue         key,
                gint64          hash,
                BsKeyEqualFunc  equal,
                gpointer        data,
                BsValue        *value)
{
  BsDict *dict = (BsDict *) dict_value.as.object;
  gsize slot;
  gint64 e = dict_find (dict, key, hash, equal, data, &slot);
  BsDictEntry *entry;
  BsValue old_key, old_value;

  if (e < 0)
    return e == -1 ? 0 : -1;
  entry = &g_array_index (dict->entries, BsDictEntry, e);
  old_key = entry->key;
  old_value = entry->value;
  entry->key = entry->value = BS_NONE;
  entry->deleted = TRUE;
  dict->index[slot] = -2;   /* a tombstone keeps probe chains intact */
  dict->n_live--;
  dict->version++;
  bs_value_unref (old_key);
  if (value != NULL)
    *value = old_value;
  else
    bs_value_unref (old_value);
  return 1;
}

gboolean
bs_dict_set (BsValue   dict,
             BsValue   key,
             BsValue   value,
             char    **message)
{
  gint64 hash;

  if (!bs_value_hash (key, &hash))
    {
      if (message != NULL)
        *message = g_strdup_printf ("unhashable type: '%s'", bs_value_type_name (key));
      bs_value_unref (value);
      return FALSE;
    }
  return bs_dict_insert (dict, key, hash, value, plain_equal, NULL) > 0;
}

gboolean
bs_dict_get (BsValue  dict,
             BsValue  key,
             BsValue *value)
{
  gint64 hash;

  if (!bs_value_hash (key, &hash))
    return FALSE;
  return bs_dict_lookup (dict, key, hash, plain_equal, NULL, value) > 0;
}

gboolean
bs_dict_remove (BsValue dict,
                BsValue key)
{
  gint64 hash;

  if (!bs_value_hash (key, &hash))
    return FALSE;
  return bs_dict_delete (dict, key, hash, plain_equal, NULL, NULL) > 0;
}

gboolean
bs_dict_set_str (BsValue     dict,
                 const char *key,
                 BsValue     value)
{
  BsValue k = bs_str_new (dict.as.object->heap, key, -1);
  gboolean ok = bs_dict_set (dict, k, value, NULL);

  bs_value_unref (k);
  return ok;
}

gboolean
bs_dict_get_str (BsValue     dict,
                 const char *key,
                 BsValue    *value)
{
  BsValue k = bs_str_new (dict.as.object->heap, key, -1);
  gboolean found = bs_dict_get (dict, k, value);

  bs_value_unref (k);
  return found;
}

/* --- tensors and natives ----------------------------------------------- */

BsValue
bs_tensor_value (BsHeap   *heap,
                 BsTensor *tensor)
{
  BsTensorObject *object = (BsTensorObject *) bs_object_alloc (heap, BS_OBJECT_TENSOR,
                                                               sizeof (BsTensorObject));

  object->tensor = tensor;
  return BS_OBJECT (object);
}

BsTensor *
bs_value_tensor (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_TENSOR) ? ((BsTensorObject *) v.as.object)->tensor
                                                  : NULL;
}

BsValue
bs_native_new (BsHeap              *heap,
               const BsNativeClass *klass,
               gpointer             data)
{
  BsNative *native = (BsNative *) bs_object_alloc (heap, BS_OBJECT_NATIVE, sizeof (BsNative));

  native->klass = klass;
  native->data = data;
  return BS_OBJECT (native);
}

gpointer
bs_value_native (BsValue              v,
                 const BsNativeClass *klass)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE) || ((BsNative *) v.as.object)->klass != klass)
    return NULL;
  return ((BsNative *) v.as.object)->data;
}

/* Releases what the types defined here hold; the interpreter registers
 * finalizers for its own types (functions, classes, instances...). */
static void
finalize_builtin (BsObject *object)
{
  switch (object->type)
    {
    case BS_OBJECT_LIST:
      {
        GArray *items = ((BsList *) object)->items;

        /* the last first, as CPython's list and tuple deallocation */
        for (guint i = items->len; i-- > 0;)
          bs_value_unref (g_array_index (items, BsValue, i));
        g_array_unref (items);
        break;
      }
    case BS_OBJECT_TUPLE:
      {
        BsTuple *tuple = (BsTuple *) object;

        for (gsize i = tuple->length; i-- > 0;)
          bs_value_unref (tuple->items[i]);
        break;
      }
    case BS_OBJECT_DICT:
      {
        BsDict *dict = (BsDict *) object;

        for (guint i = 0; i < dict->entries->len; i++)
          {
            BsDictEntry *e = &g_array_index (dict->entries, BsDictEntry, i);

            bs_value_unref (e->key);
            bs_value_unref (e->value);
          }
        g_array_unref (dict->entries);
        g_free (dict->index);
        break;
      }
    case BS_OBJECT_TENSOR:
      g_clear_pointer (&((BsTensorObject *) object)->tensor, bs_tensor_unref);
      break;
    case BS_OBJECT_NATIVE:
      {
        BsNative *native = (BsNative *) object;

        if (native->klass->free_data != NULL && native->data != NULL)
          native->klass->free_data (native->data);
        break;
      }
    default:
      break;
    }
}
