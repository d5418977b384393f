/* bs-value.h: the interpreter's values
 *
 * As in clox: small values (None, bools, ints, floats) live inside BsValue;
 * everything else is a reference-counted BsObject. Every object is also on its
 * heap's list, so that cycles (an instance that refers to itself) are reclaimed
 * when the heap is freed at the end of a run.
 */
#pragma once

#include <glib.h>

#include "bs-tensor.h"

G_BEGIN_DECLS

typedef struct _BsObject BsObject;
typedef struct _BsHeap   BsHeap;

typedef enum {
  BS_VALUE_NONE,
  BS_VALUE_BOOL,
  BS_VALUE_INT,
  BS_VALUE_FLOAT,
  BS_VALUE_OBJECT,
} BsValueType;

typedef struct {
  BsValueType type;
  /* numpy's float64, int64 and bool_ scalars are the float, int or bool of their value with
   * this mark: Python code treats them as those numbers (np.float64 subclasses float), and
   * their type, attributes and arithmetic are numpy's (bs-np-scalar.c) */
  guint8      numpy;
  union {
    gboolean  boolean;
    gint64    integer;
    double    number;
    BsObject *object;
  } as;
} BsValue;

typedef enum {
  BS_OBJECT_STR,
  BS_OBJECT_LIST,
  BS_OBJECT_TUPLE,
  BS_OBJECT_DICT,
  BS_OBJECT_RANGE,
  BS_OBJECT_SLICE,
  BS_OBJECT_FUNCTION,      /* a def or lambda: owned by the interpreter */
  BS_OBJECT_BUILTIN,       /* a C function */
  BS_OBJECT_BOUND_METHOD,
  BS_OBJECT_CLASS,
  BS_OBJECT_INSTANCE,
  BS_OBJECT_MODULE,
  BS_OBJECT_TENSOR,
  BS_OBJECT_NATIVE,        /* an engine handle: dtype, grad_fn, optimizer, iterator... */
  BS_OBJECT_CELL,          /* a closed-over variable */
  BS_OBJECT_ENV,           /* a scope: a call's locals, a class body, the globals */
  BS_N_OBJECT_TYPES
} BsObjectType;

struct _BsObject {
  gint          ref_count;
  BsObjectType  type;
  gsize         charge;    /* bytes charged to the memory budget for it */
  BsHeap       *heap;      /* Borrowed */
  guint64       serial;    /* the heap's count of objects made before it (bs_value_address) */
  BsObject     *prev;      /* the heap's list of live objects */
  BsObject     *next;
};

#define BS_NONE            ((BsValue) { .type = BS_VALUE_NONE })
#define BS_BOOL(b)         ((BsValue) { .type = BS_VALUE_BOOL, .as.boolean = !!(b) })
#define BS_INT(i)          ((BsValue) { .type = BS_VALUE_INT, .as.integer = (i) })
#define BS_FLOAT(f)        ((BsValue) { .type = BS_VALUE_FLOAT, .as.number = (f) })
#define BS_OBJECT(o)       ((BsValue) { .type = BS_VALUE_OBJECT, .as.object = (BsObject *) (o) })

#define BS_NP_FLOAT(f)     ((BsValue) { .type = BS_VALUE_FLOAT, .numpy = TRUE, .as.number = (f) })
#define BS_NP_INT(i)       ((BsValue) { .type = BS_VALUE_INT, .numpy = TRUE, .as.integer = (i) })
#define BS_NP_BOOL(b)      ((BsValue) { .type = BS_VALUE_BOOL, .numpy = TRUE, .as.boolean = !!(b) })

#define bs_value_is_none(v)    ((v).type == BS_VALUE_NONE)
#define bs_value_is_object(v, t) ((v).type == BS_VALUE_OBJECT && (v).as.object->type == (t))

/* New references; bs_value_ref/unref do nothing for small values. */
BsValue     bs_value_ref          (BsValue v);
void        bs_value_unref        (BsValue v);

/* --- strings ----------------------------------------------------------- */

typedef struct {
  BsObject  base;
  gsize     length;        /* bytes, UTF-8 */
  glong     n_chars;       /* code points */
  gint64    hash;
  char      data[];        /* NUL-terminated; may hold NULs too ("a\x00b") */
} BsStr;

BsValue     bs_str_new            (BsHeap *heap, const char *text, gssize length);
BsValue     bs_str_take           (BsHeap *heap, char *text);   /* frees text */
const char *bs_value_str          (BsValue v);                  /* NULL unless a str */

/* --- sequences --------------------------------------------------------- */

typedef struct {
  BsObject  base;
  GArray   *items;         /* BsValue, each holding a reference */
} BsList;

typedef struct {
  BsObject  base;
  gsize     length;
  gboolean  is_size;       /* a torch.Size: a tuple that prints differently */
  const char *struct_seq;  /* torch.return_types.max and its kin: (values, indices) with
                            * those names and PyTorch's repr; NULL for a plain tuple */
  BsValue   items[];
} BsTuple;

BsValue     bs_list_new           (BsHeap *heap);
void        bs_list_append        (BsValue list, BsValue item);   /* takes item */
/* After changing a list's items directly: charges what it holds now. */
void        bs_list_charge        (BsValue list);
BsValue     bs_tuple_new          (BsHeap *heap, gsize length);   /* items None */
/* Items of a list or tuple (borrowed), or NULL. */
BsValue    *bs_value_items        (BsValue v, gsize *length);

/* --- dicts: insertion-ordered, keys compared as Python does ------------ */

typedef struct {
  BsValue key;
  BsValue value;
  gint64  hash;
  gboolean deleted;
} BsDictEntry;

typedef struct {
  BsObject  base;
  GArray   *entries;       /* BsDictEntry in insertion order */
  gsize     n_live;
  guint64   version;       /* changes whenever a key is added or removed */
  gint64   *index;         /* open addressing into entries, -1 empty */
  gsize     index_size;
  gboolean  is_ordered;    /* a collections.OrderedDict: only its repr differs */
} BsDict;

BsValue     bs_dict_new           (BsHeap *heap);

/* Python's key equality, for the functions below that take it: 1 equal, 0 not, -1 an
 * error (which they return as -1 in turn). Python code it runs may change the dict: the
 * lookup starts again then, as CPython's does. */
typedef int (*BsKeyEqualFunc) (BsValue a, BsValue b, gpointer data);

/* With the key's hash computed by the caller (bs_value_hash, or Python's __hash__):
 * 1 found (*value borrowed, may be NULL), 0 absent, -1 an error in equal. */
int         bs_dict_lookup        (BsValue dict, BsValue key, gint64 hash, BsKeyEqualFunc equal,
                                   gpointer data, BsValue *value);
/* Inserts or replaces; takes value (also on error). 1 done, -1 an error in equal. */
int         bs_dict_insert        (BsValue dict, BsValue key, gint64 hash, BsValue value,
                                   BsKeyEqualFunc equal, gpointer data);
/* 1 removed (*value, when not NULL, receives its value), 0 absent, -1 an error. */
int         bs_dict_delete        (BsValue dict, BsValue key, gint64 hash, BsKeyEqualFunc equal,
                                   gpointer data, BsValue *value);

/* Keys that bs_value_hash() hashes (no Python code runs).
 * FALSE when the key is unhashable (sets a TypeError text in *message). */
gboolean    bs_dict_set           (BsValue dict, BsValue key, BsValue value, char **message);
gboolean    bs_dict_get           (BsValue dict, BsValue key, BsValue *value);  /* borrowed */
gboolean    bs_dict_remove        (BsValue dict, BsValue key);
gboolean    bs_dict_set_str       (BsValue dict, const char *key, BsValue value);
gboolean    bs_dict_get_str       (BsValue dict, const char *key, BsValue *value);

/* --- tensors and engine handles --------------------------------------- */

typedef struct {
  BsObject  base;
  BsTensor *tensor;        /* Owned */
} BsTensorObject;

BsValue     bs_tensor_value       (BsHeap *heap, BsTensor *tensor);  /* takes a reference */
BsTensor   *bs_value_tensor       (BsValue v);                       /* borrowed or NULL */

typedef struct _BsNativeClass BsNativeClass;

typedef struct {
  BsObject             base;
  const BsNativeClass *klass;
  gpointer             data;
} BsNative;

struct _BsNativeClass {
  const char     *name;      /* Python's type name, e.g. "torch.dtype" */
  GDestroyNotify  free_data;
  /* For a handle made anew each time Python asks for one engine object (a grad_fn): the
   * engine object's creation id, which its address (bs_value_address) is made from, as
   * CPython would give the new object the memory the last one had. NULL: the handle's own. */
  guint64       (*engine_id) (gconstpointer data);
};

BsValue     bs_native_new         (BsHeap *heap, const BsNativeClass *klass, gpointer data);
gpointer    bs_value_native       (BsValue v, const BsNativeClass *klass);

/* --- generic ----------------------------------------------------------- */

/* A generic object of `size` bytes starting with a BsObject, with a finaliser
 * that releases what it holds (the object itself is freed by the heap). */
typedef void (*BsFinalizeFunc) (BsObject *object);

BsObject   *bs_object_alloc       (BsHeap *heap, BsObjectType type, gsize size);
void        bs_heap_set_finalizer (BsHeap *heap, BsObjectType type, BsFinalizeFunc finalize);

BsHeap     *bs_heap_new           (void);
/* From now on, objects are charged to context's memory budget (bs_context_charge): their
 * size when made, and what they grow to (bs_object_set_charge). */
void        bs_heap_charge_to     (BsHeap *heap, BsContext *context);
/* The bytes an object holds now, for one that grows or shrinks (a list, a dict, a set). */
void        bs_object_set_charge  (BsObject *object, gsize bytes);
/* Frees every object still alive, cycles included. */
void        bs_heap_free          (BsHeap *heap);
gsize       bs_heap_n_objects     (BsHeap *heap);

/* Python's truth, equality and hashing for the types this file knows. */
gboolean    bs_value_truthy       (BsValue v);
gboolean    bs_value_equal        (BsValue a, BsValue b);
/* CPython's hash() of None, bools, ints, floats and tuples of them; strings by a stable
 * hash of their bytes; other objects by identity. FALSE for lists and dicts. Instances with
 * __hash__ need the interpreter (bs_py_hash), which combines tuples the same way. */
gboolean    bs_value_hash         (BsValue v, gint64 *hash);
gint64      bs_hash_int           (gint64 v);
gint64      bs_hash_double        (double x);
gint64      bs_hash_identity      (guint64 address);
/* What Python's identity (is, id()) is of an object: a tensor's is its tensor's, as PyTorch
 * keeps one Python object per tensor; NULL for values that are not objects. */
gconstpointer bs_value_identity   (BsValue v);
/* What a script sees as an object's address (in reprs' "at 0x...", and id()): made from
 * the order objects were created rather than where memory happened to be, so that two runs
 * of one script print the same (and a trace file is the same). Unique among the run's
 * objects, equal for what `is` finds identical. Print it with BS_ADDRESS_FORMAT. */
guint64     bs_value_address      (BsValue v);
#define BS_ADDRESS_FORMAT "0x%" G_GINT64_MODIFIER "x"
/* A tuple's hash: start, then add each item's hash, then finish with the length. */
guint64     bs_hash_tuple_start   (void);
guint64     bs_hash_tuple_add     (guint64 acc, gint64 item);
gint64      bs_hash_tuple_finish  (guint64 acc, gsize length);
const char *bs_value_type_name    (BsValue v);

G_END_DECLS
