/* bs-interp-private.h: what the interpreter's files share */
#pragma once

#include "bs-interp.h"
#include "bs-ast.h"
#include "bs-value.h"
#include "bs-tensor-format.h"
#include "bs-py-random.h"
#include "bs-np-format.h"
#include "bs-np-errstate.h"
#include "bs-np-simd.h"

G_BEGIN_DECLS

/* Arguments of a call: positional values, then keyword names and values. All
 * borrowed. */
typedef struct {
  BsValue     *args;
  guint        n_args;
  const char **kw_names;
  BsValue     *kw_values;
  guint        n_kw;
} BsArgs;

typedef gboolean (*BsBuiltinFunc) (BsInterp      *in,
                                   BsValue        self,
                                   const BsArgs  *args,
                                   BsValue       *result);

typedef struct {
  BsObject       base;
  const char    *name;
  BsBuiltinFunc  func;      /* NULL when decl calls it */
  const struct _BsDecl *decl;  /* a declared function (bs-signature.h), or NULL */
  BsValue        self;      /* bound receiver, or None */
} BsBuiltin;

typedef struct {
  const char  *name;        /* interned; NULL: empty */
  BsValue      value;
  guint        seq;         /* when the name was bound: scopes release and list in that order */
} BsEnvSlot;

/* A scope: a function call's locals, a class body, the globals. Names are interned (see
 * bs_intern()), so that scopes hash and compare them by address (bs-env.c). */
typedef struct _BsEnv BsEnv;
struct _BsEnv {
  BsObject     base;
  BsEnvSlot   *slots;       /* Owned: open addressing, a power of two of them */
  guint        mask;
  guint        n_used;      /* bindings */
  guint        n_filled;    /* slots not empty: bindings and removed ones */
  guint        next_seq;
  GHashTable  *names;       /* Borrowed: the interpreter's interned names */
  BsEnv       *parent;      /* Owned */
  GHashTable  *locals;      /* Borrowed from the function: names local to it, or NULL */
  gboolean     is_class;
  GPtrArray   *order;       /* class bodies: names in first-assignment order, else NULL */
};

typedef struct {
  BsObject     base;
  const char  *name;
  char        *qualname;
  BsAstNode   *args;        /* ARGUMENTS */
  BsAstNode   *lambda_body; /* a lambda's expression, else NULL */
  BsAstNode  **body;
  guint        n_body;
  BsValue     *defaults;    /* one per args.args, NONE-type with object NULL when absent */
  BsValue     *kw_defaults; /* one per kwonlyargs */
  gboolean    *has_default;
  gboolean    *has_kw_default;
  BsEnv       *closure;     /* Owned */
  BsEnv       *globals;     /* Owned */
  GHashTable  *locals;      /* Owned: names assigned in the body (interned) */
  GHashTable  *globals_decl;/* Owned: names declared global (interned), or NULL */
  GHashTable  *nonlocal_decl;
  BsValue      klass;       /* the class whose body defined it (for super()) */
  const char  *filename;
  const char  *source;
  gboolean     is_prelude;
  gboolean     is_generator;  /* a call makes a generator (bs-interp-generator.c) */
  gboolean     is_abstract;   /* @abc.abstractmethod: __isabstractmethod__ */
} BsFunction;

typedef struct _BsClass BsClass;
struct _BsClass {
  BsObject     base;
  char        *name;
  char        *qualname;    /* CPython's __qualname__: Outer.Inner, f.<locals>.C */
  BsValue      base_class;  /* CPython's __base__ (the base whose lay-out it has), or None */
  BsValue      bases;       /* tuple: the bases as the class statement gave them */
  BsValue      ancestors;   /* tuple: its method resolution order after itself (C3), object
                             * left out (bs-py-class.c) */
  BsValue      dict;        /* a dict */
  BsClass     *solid;       /* Borrowed: itself or the ancestor whose instance lay-out it has
                             * (CPython's solid_base), NULL for object's */
  const char  *stands_for;  /* interned: the built-in type a stand-in of the collections
                             * prelude is for (_DictSubclass: "dict"), else NULL */
  gboolean     is_object;   /* the class object */
  gboolean     is_abc;      /* abc.ABC or a subclass: abstract methods are looked for */
  BsValue      slots;       /* tuple: the attributes its instances may have when __slots__
                             * leaves them no __dict__ (its and its bases' slots), else None */
  BsValue      abstracts;   /* tuple: the names of its abstract methods, sorted; None when it
                             * has none (it can be instantiated) */
  gboolean     is_exception;
  gboolean     is_module;   /* nn.Module or a subclass */
  gboolean     is_prelude;  /* defined by Backstep's prelude (repr as torch.nn's) */
  gboolean     has_properties;  /* it or a base has a property: attribute access asks */
  const char  *builtin_base;    /* interned: "dict", "OrderedDict", "list" when it (or a
                                 * base) subclasses that built-in type, else NULL */
};

/* A frame the exception passed through, and where: the expression (or statement) that
 * raised, with CPython 3.11's anchors for "~~^~~" under a binary operation or subscript. */
typedef struct {
  char   *filename;
  char   *name;
  int     line;
  BsSpan  span;          /* col 0: only the line is known */
  int     anchor_start;  /* 0-based characters of the line under '^', or -1 */
  int     anchor_end;
} BsTraceEntry;

typedef struct {
  BsObject     base;
  BsValue      klass;
  BsValue      dict;
  BsValue      args;        /* exceptions: the args tuple */
  GArray      *traceback;   /* exceptions: BsTraceEntry, innermost first */
  gboolean     raised;      /* exceptions: raised at least once */
} BsInstance;

typedef struct {
  BsObject     base;
  BsValue      self;
  BsValue      func;
} BsBoundMethod;

typedef struct {
  BsObject     base;
  char        *name;
  BsValue      dict;
} BsModule;

typedef struct {
  BsObject     base;
  gint64       start, stop, step;
} BsRange;

typedef struct {
  BsObject     base;
  BsValue      lower, upper, step;
} BsSlice;

/* What a frame runs, for the __qualname__ of what is defined in it (bs_qualname). */
typedef enum {
  BS_SCOPE_MODULE,
  BS_SCOPE_FUNCTION,       /* qualname is the function's */
  BS_SCOPE_CLASS,          /* a class body: qualname is the class's */
  BS_SCOPE_COMPREHENSION,  /* named by name, inside its parent's scope */
} BsScopeKind;

/* A frame of the call stack. */
typedef struct _BsFrame BsFrame;
struct _BsFrame {
  BsFrame     *parent;
  BsEnv       *env;         /* innermost scope (a comprehension's while it runs) */
  BsFunction  *func;        /* NULL at module level */
  BsValue      first_arg;   /* for super() */
  const char  *name;        /* "<module>", the function's name */
  const char  *filename;
  const char  *source;
  int          line;
  gboolean     is_prelude;
  gboolean     recorded;    /* the exception in flight has its traceback entry for this frame */
  struct _BsPyGenerator *generator;  /* a generator's frame: the generator, else NULL */
  BsScopeKind  scope;
  const char  *qualname;    /* Borrowed: the function's or the class's, else NULL */
  BsValue      klass;       /* Borrowed: a class body's class, what its functions' zero-argument
                             * super() names (CPython's __class__ cell); else None */
};

struct _BsInterp {
  /* Owned: pyplot's figures (bs-pyplot-module.c), made when first asked for */
  struct _BsPlotSession *plots;
  BsInterpOptions  options;
  BsContext       *context;      /* Owned */
  BsHeap          *heap;         /* Owned */
  GHashTable      *names;        /* Owned: interned identifiers, shared by every tree */
  GPtrArray       *asts;         /* Owned: every parsed tree lives until the end */
  BsEnv           *builtins;     /* Owned */
  BsEnv           *globals;      /* Owned */
  BsValue          modules;      /* dict: name -> module */
  BsValue          dtypes[BS_N_DTYPES];
  BsValue          none_class_dummy;
  BsPrintOptions   print_options;
  BsNpPrintOptions np_print_options;  /* Owned: numpy's, np.set_printoptions() */
  BsNpErrState     np_errstate;       /* numpy's, np.seterr() */
  BsValue          np_errcall;        /* Owned: np.seterrcall()'s function or log, or None */
  BsValue          np_dtype_classes[BS_N_DTYPES];  /* Owned: numpy.dtype[float64] ..., or None */
  BsValue          np_dtype_meta;     /* Owned: numpy._DTypeMeta, or None */
  gconstpointer    np_method_place;   /* the BsWarningPlace of numpy's own line calling an
                                         array method (bs-np-lib.c), or NULL */
  BsNpCpu          np_cpu;            /* the features numpy's loops are chosen by */
  BsPyRandom      *py_random;    /* Owned */
  gint64           start_time_us;

  BsFrame         *frame;        /* Borrowed: the current frame */
  int              call_depth;
  int              expr_depth;
  guint64          steps;

  BsValue          exc;          /* the exception being raised, or None */
  BsValue          callback_exc; /* raised by Python code the engine called, or None */
  BsValue          handling;     /* Borrowed: the exception an except block handles, or None */
  GError          *fatal;        /* a limit or cancellation: not catchable */
  gulong           cancel_handler; /* passes options.cancellable on to the engine */
  BsSourceSpan     error_span;
  gboolean         has_error_span;
  char            *error_text;   /* the formatted traceback of the last error */
  int              warned_nonleaf_grad;
  GHashTable      *torch_warned_once;  /* Owned: torch's TORCH_WARN_ONCE texts shown, or NULL */

  struct _BsSignatureSet *signatures; /* Owned: every declared function (bs-signature.h) */

  BsSpan           cur_span;     /* the expression calling into the engine */
  gboolean         cur_span_valid;

  /* Wrapped-number operands reused when there is no sink (bs-torch-module.c) */
  BsTensor        *operands[4];  /* Owned */
  guint64          operand_values[4];  /* the bits of each operand's Python number */
  guint            next_operand;

  /* Scopes for the debugger, only when the sink takes them */
  gboolean         scopes;       /* interp_sink has scope_begin and scope_end */
  const char      *call_name;    /* what eval_call reached its callee by, for bs_call */
  BsSpan           call_span;    /* the innermost user-level call being made */
  GPtrArray       *generators;   /* Borrowed: generators started and not finished */

  /* A notebook's cells while bs_interp_run_cells runs them (bs-interp-cells.c) */
  const struct _BsInterpCell *cells;    /* Borrowed */
  guint            n_cells;
  BsAstNode       *display_node; /* the running cell's last bare expression, or NULL */
};

/* Natives made by the interpreter carry their attribute hooks. */
typedef struct {
  BsNativeClass  base;
  /* *found FALSE when there is no such attribute */
  gboolean     (*getattr) (BsInterp *in, BsValue self, const char *name, BsValue *out,
                           gboolean *found);
  gboolean     (*setattr) (BsInterp *in, BsValue self, const char *name, BsValue value,
                           gboolean *found);
  gboolean     (*repr)    (BsInterp *in, BsValue self, GString *out);
  gboolean     (*str)     (BsInterp *in, BsValue self, GString *out);   /* NULL: repr */
  const struct _BsNativeOps *ops;  /* containers and iterators; NULL for plain handles */
} BsNativeType;

/* The protocols of the natives that behave like Python's containers and iterators (sets,
 * dict views, enumerate...). Every hook may be NULL. */
typedef struct _BsNativeOps {
  gboolean     (*len)      (BsInterp *in, BsValue self, gint64 *len);
  gboolean     (*contains) (BsInterp *in, BsValue self, BsValue item, gboolean *result);
  /* An iterator: 1 with *out set, 0 when exhausted, -1 on an exception. */
  int          (*next)     (BsInterp *in, BsValue self, BsValue *out);
  /* A container: a new reference to something to iterate instead (e.g. a snapshot list). */
  gboolean     (*iter)     (BsInterp *in, BsValue self, BsValue *out);
  /* 1: done, 0: not supported for these operands, -1: exception. */
  int          (*binary)   (BsInterp *in, BsBinOp op, BsValue a, BsValue b, gboolean inplace,
                            BsValue *out);
  int          (*compare)  (BsInterp *in, BsCmpOp op, BsValue a, BsValue b, gboolean *result);
  gboolean     (*hash)     (BsInterp *in, BsValue self, gint64 *hash);
} BsNativeOps;

/* The ops of v when it is a native that has them, else NULL. */
const BsNativeOps *bs_native_ops (BsValue v);

/* --- bs-interp.c -------------------------------------------------------- */

/* Raise a built-in exception by class name; always returns FALSE. */
gboolean    bs_raise              (BsInterp *in, const char *exc_class, const char *format, ...)
                                   G_GNUC_PRINTF (3, 4);
gboolean    bs_raise_value        (BsInterp *in, BsValue exc);
/* KeyError(key): str() of it is repr(key) */
gboolean    bs_raise_key_error    (BsInterp *in, BsValue key);
/* An engine GError (consumed) as the matching Python exception. */
gboolean    bs_raise_gerror       (BsInterp *in, GError *error);
gboolean    bs_exception_matches  (BsInterp *in, BsValue exc, BsValue klass);
/* Python code that the engine called back (a hook, a Function's backward)
 * raised: keeps the exception for bs_raise_gerror() to raise again once the
 * engine has unwound, and sets error. */
void        bs_callback_failed    (BsInterp *in, GError **error);

gboolean    bs_call               (BsInterp *in, BsValue callee, const BsArgs *args,
                                   BsValue *result);
gboolean    bs_call_simple        (BsInterp *in, BsValue callee, BsValue *args, guint n,
                                   BsValue *result);
gboolean    bs_call_method        (BsInterp *in, BsValue self, const char *name,
                                   BsValue *args, guint n, BsValue *result);

/* --- bs-env.c ---------------------------------------------------------- */

/* The one copy of name that the interpreter's trees and scopes share. */
const char *bs_intern             (BsInterp *in, const char *name);
BsEnv      *bs_env_new            (BsInterp *in, BsEnv *parent);
void        bs_env_finalize       (BsObject *env);
/* Any name; set takes value. The value a lookup points to may move when the scope gets
 * a new binding. */
void        bs_env_set            (BsEnv *env, const char *name, BsValue value);
BsValue    *bs_env_lookup         (BsEnv *env, const char *name);
/* The same for an interned name, as every name in a tree is: no string hashing. */
void        bs_env_store          (BsEnv *env, const char *name, BsValue value);
BsValue    *bs_env_find           (BsEnv *env, const char *name);
gboolean    bs_env_remove         (BsEnv *env, const char *name);
/* The bindings in the order they were made: *index from 0; FALSE after the last. */
gboolean    bs_env_next           (BsEnv *env, guint *index, const char **name,
                                   BsValue **value);

gboolean    bs_interp_parse_and_run (BsInterp *in, const char *source, gssize length,
                                     const char *filename, gboolean prelude, GError **error);
void        bs_interp_write_stdout (BsInterp *in, const char *text);
void        bs_interp_write_stderr (BsInterp *in, const char *text);
void        bs_interp_set_span     (BsInterp *in, const BsSpan *span);

/* --- bs-py-object.c and the files of the built-in types ---------------- */

void        bs_py_object_init     (BsInterp *in);
/* Adds the method tables of the built-in types (str, list, dict, ...) to set. */
void        bs_py_signatures_add  (struct _BsSignatureSet *set);
/* The method name of owner ("str", "list"...) bound to self; FALSE when it has none. */
gboolean    bs_py_method_find     (BsInterp *in, const char *owner, BsValue self,
                                   const char *name, BsValue *out);

/* MemoryError, naming the budget, unless `bytes` more fit in the script's memory budget
 * (--max-memory): for what a script asks in one go (a long str, a big list). */
gboolean    bs_py_check_memory    (BsInterp *in, guint64 bytes, const char *what);
/* MemoryError, naming the budget, if what the script holds (objects, tensors, the autograd
 * graph, the trace) went over the memory budget since the last check. */
gboolean    bs_py_check_budget    (BsInterp *in);

BsValue     bs_builtin_new        (BsInterp *in, const char *name, BsBuiltinFunc func,
                                   BsValue self);   /* self is taken */
BsValue     bs_class_new          (BsInterp *in, const char *name, BsValue base);
/* A class statement's class from its bases (classes, object and the collections stand-ins
 * included; borrowed): CPython's TypeErrors for an instance lay-out conflict, a duplicate
 * base and an inconsistent method resolution order. */
gboolean    bs_class_new_from_bases (BsInterp *in, const char *name, const BsValue *bases,
                                     guint n, BsValue *out);
/* Marks klass (of the collections prelude) as what class X(builtin) derives from. */
void        bs_class_set_stands_for (BsValue klass, const char *builtin);
void        bs_class_finalize     (BsObject *object);
/* A built-in exception class: whether its instances have a lay-out of their own */
void        bs_class_init_builtin_exception (BsValue klass);
/* After a class body ran: the abstract methods an abc.ABC subclass has left (CPython's
 * ABCMeta.__new__), which keep it from being instantiated (bs_class_check_abstract). */
void        bs_class_update_abstracts (BsInterp *in, BsValue klass);
gboolean    bs_class_check_abstract (BsInterp *in, BsValue klass);
/* After a class body ran: the __slots__ its instances are held to (CPython's ValueError for
 * a slot that is also a class variable) */
gboolean    bs_class_update_slots (BsInterp *in, BsValue klass);
/* Whether an instance of klass may have attribute name (__slots__) */
gboolean    bs_class_allows_attribute (BsValue klass, const char *name);
/* __mro__ of a class or of a built-in type, a new tuple */
BsValue     bs_class_mro          (BsInterp *in, BsValue klass);
/* The attributes every class has besides its dict's: *found FALSE for others */
gboolean    bs_class_attribute    (BsInterp *in, BsValue klass, const char *name, BsValue *out,
                                   gboolean *found);
/* Lookup along klass's method resolution order, after `after` (super()): *owner the class
 * that has it (borrowed). */
gboolean    bs_class_lookup_after (BsValue klass, BsValue after, const char *name,
                                   BsValue *value, BsValue *owner);
BsValue     bs_instance_new       (BsInterp *in, BsValue klass);
BsValue     bs_module_new         (BsInterp *in, const char *name);
/* Adds every function declared for owner (bs-signature.h) to module, bound to receiver
 * (None: plain functions). */
void        bs_module_add_declared (BsInterp *in, BsValue module, const char *owner,
                                    BsValue receiver);
BsValue     bs_bound_method_new   (BsInterp *in, BsValue self, BsValue func);
BsValue     bs_range_new          (BsInterp *in, gint64 start, gint64 stop, gint64 step);
BsValue     bs_slice_new          (BsInterp *in, BsValue lower, BsValue upper, BsValue step);
BsValue     bs_str_value          (BsInterp *in, const char *text);
BsValue     bs_tuple_from         (BsInterp *in, BsValue *items, gsize n);   /* refs items */
BsValue     bs_class_of           (BsInterp *in, BsValue v);   /* instance's class or None */
/* The type's name as messages give it: an instance's class name, else bs_value_type_name(). */
const char *bs_type_name          (BsValue v);
gboolean    bs_is_subclass        (BsValue klass, BsValue base);
gboolean    bs_class_lookup       (BsValue klass, const char *name, BsValue *value);  /* borrowed */
BsValue     bs_lookup_builtin     (BsInterp *in, const char *name);  /* borrowed */
/* type(v), a new reference in *r. */
gboolean    bs_type_of            (BsInterp *in, BsValue v, BsValue *r);
/* Whether v is what type() gives for a value whose type has no name in builtins
 * (type(np.dtype('float64')), a numpy.dtype[float64]): repr <class 'NAME'> */
gboolean    bs_is_type_stand_in   (BsInterp *in, BsValue v);
/* A built-in that is a type (tuple, int, torch.Size) rather than a function. */
gboolean    bs_builtin_is_type    (BsInterp *in, BsValue v);

gboolean    bs_getattr            (BsInterp *in, BsValue obj, const char *name, BsValue *out);
/* *found FALSE without raising when the attribute is missing. */
gboolean    bs_getattr_opt        (BsInterp *in, BsValue obj, const char *name, BsValue *out,
                                   gboolean *found);
gboolean    bs_setattr            (BsInterp *in, BsValue obj, const char *name, BsValue value);
gboolean    bs_delattr            (BsInterp *in, BsValue obj, const char *name);

/* bs-py-repr.c */
gboolean    bs_repr               (BsInterp *in, BsValue v, GString *out);
/* "torch.optim.sgd.SGD" for the built-in named "SGD": the classes that are built-ins, or
 * NULL */
const char *bs_builtin_class_path (const char *name);
/* The Python class a built-in class derives from (the optimizers' torch.optim.Optimizer),
 * borrowed, or None */
BsValue     bs_builtin_class_base (BsInterp *in, const char *name);
gboolean    bs_str                (BsInterp *in, BsValue v, GString *out);
gboolean    bs_format_value       (BsInterp *in, BsValue v, const char *spec, GString *out);

/* bs-py-ops.c */
gboolean    bs_binary_op          (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                   BsValue *out);
gboolean    bs_inplace_op         (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                   BsValue *out);
gboolean    bs_unary_op           (BsInterp *in, BsUnaryOp op, BsValue a, BsValue *out);
gboolean    bs_compare_op         (BsInterp *in, BsCmpOp op, BsValue a, BsValue b,
                                   BsValue *out);
gboolean    bs_equal              (BsInterp *in, BsValue a, BsValue b, gboolean *eq);
gboolean    bs_truthy             (BsInterp *in, BsValue v, gboolean *truth);
gboolean    bs_contains           (BsInterp *in, BsValue container, BsValue item,
                                   gboolean *result);
/* bs-py-items.c */
gboolean    bs_getitem            (BsInterp *in, BsValue obj, BsValue key, BsValue *out);
gboolean    bs_setitem            (BsInterp *in, BsValue obj, BsValue key, BsValue value);
gboolean    bs_delitem            (BsInterp *in, BsValue obj, BsValue key);
gboolean    bs_len                (BsInterp *in, BsValue v, gint64 *len);
/* Python's slice.indices(): the slice s clamped to a sequence of length. */
gboolean    bs_py_slice_indices   (BsInterp *in, BsSlice *s, gint64 length, gint64 *start,
                                   gint64 *stop, gint64 *step);
/* key as an index into a sequence of length (negative from the end); IndexError
 * "<what> index out of range" outside it. */
gboolean    bs_py_normalize_index (BsInterp *in, BsValue key, gint64 length, const char *what,
                                   gint64 *index);

/* bs-py-iter.c */
/* Iteration: a snapshot-free iterator over any iterable. */
typedef struct {
  BsValue  seq;        /* Owned */
  BsValue  iter_obj;   /* Owned: an object with __next__, or None */
  gint64   index;
  gint64   length;     /* ranges; dicts: the size they had at the start */
  guint64  version;    /* dicts: their version at the start */
  int      what;       /* dicts: keys 0, values 1, items 2 */
  int      kind;
} BsPyIter;
gboolean    bs_py_iter_init          (BsInterp *in, BsValue iterable, BsPyIter *it);
/* 1: *out set; 0: exhausted; -1: exception */
int         bs_py_iter_next          (BsInterp *in, BsPyIter *it, BsValue *out);
void        bs_py_iter_clear         (BsPyIter *it);
/* A list of the items of any iterable (new reference). */
gboolean    bs_to_list            (BsInterp *in, BsValue iterable, BsValue *out);

/* bs-py-number.c */
gboolean    bs_to_double          (BsInterp *in, BsValue v, double *out);
gboolean    bs_to_int             (BsInterp *in, BsValue v, gint64 *out);
gboolean    bs_is_int             (BsValue v);    /* int or bool */
gboolean    bs_is_number          (BsValue v);

/* --- bs-py-set.c -------------------------------------------------------- */

/* Python's hash(): CPython's values for ints, floats, bools and tuples of them. */
gboolean    bs_py_hash            (BsInterp *in, BsValue v, gint64 *hash);
/* Python's key equality for hashed tables (a BsKeyEqualFunc, data the interpreter):
 * identity, then ==; -1 when == raised. Sets and dicts share it and bs_py_hash(). */
int         bs_py_key_equal       (BsValue a, BsValue b, gpointer in);

/* --- bs-py-dict.c ------------------------------------------------------- */

/* d[key] = value with Python's hashing and equality (__hash__, __eq__); takes value.
 * FALSE with the exception raised (unhashable key, an error in __eq__ or __hash__). */
gboolean    bs_py_dict_set        (BsInterp *in, BsValue dict, BsValue key, BsValue value);
/* *found and *value (borrowed; may be NULL) for key; FALSE when hashing or == raised. */
gboolean    bs_py_dict_get        (BsInterp *in, BsValue dict, BsValue key, BsValue *value,
                                   gboolean *found);
/* Removes key; *value (when not NULL) receives the value removed. */
gboolean    bs_py_dict_del        (BsInterp *in, BsValue dict, BsValue key, BsValue *value,
                                   gboolean *found);

/* Copies every entry of the dict from into to, with the hashes it has (as CPython: no
 * __hash__ runs again). */
gboolean    bs_py_dict_merge      (BsInterp *in, BsValue to, BsValue from);

/* --- bs-py-iter.c ------------------------------------------------------- */

/* The lazy iterators' built-ins (iter, next, enumerate, zip, map, filter, reversed) */
extern const struct _BsSignatureTable bs_py_iter_table;
/* A generator's methods (bs-interp-generator.c) */
extern const struct _BsSignatureTable bs_generator_table;
/* A dict's keys(), values() or items() view (what: 0, 1, 2). */
BsValue     bs_dict_view_new      (BsInterp *in, BsValue dict, int what);
/* A generator expression's iterator; step produces its next item as next does. */
typedef int (*BsGenStepFunc) (BsInterp *in, gpointer state, BsValue *out);
BsValue     bs_genexp_new      (BsInterp *in, BsGenStepFunc step, gpointer state,
                                   GDestroyNotify free_state);

/* --- bs-builtins.c ----------------------------------------------------- */

void        bs_builtins_init      (BsInterp *in);
gboolean    bs_import_module      (BsInterp *in, const char *name, BsValue *out);
gboolean    bs_is_ellipsis        (BsValue v);
BsValue     bs_classmethod_new    (BsInterp *in, BsValue func);   /* takes func */
/* The function a classmethod wraps (borrowed), or NULL. */
BsValue    *bs_classmethod_func   (BsValue v);

/* --- bs-torch-module.c / bs-tensor-methods.c ---------------------------- */

void        bs_torch_init         (BsInterp *in);
BsValue     bs_wrap_tensor        (BsInterp *in, BsTensor *t);   /* takes t; NULL -> None */
gboolean    bs_tensor_getattr     (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                   gboolean *found);
gboolean    bs_tensor_setattr     (BsInterp *in, BsValue self, const char *name, BsValue value);
gboolean    bs_tensor_binary      (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                   gboolean inplace, BsValue *out);
gboolean    bs_tensor_compare     (BsInterp *in, BsCmpOp op, BsValue a, BsValue b,
                                   BsValue *out);
gboolean    bs_tensor_unary       (BsInterp *in, BsUnaryOp op, BsValue a, BsValue *out);
gboolean    bs_tensor_getitem     (BsInterp *in, BsValue self, BsValue key, BsValue *out);
gboolean    bs_tensor_setitem     (BsInterp *in, BsValue self, BsValue key, BsValue value);
gboolean    bs_tensor_format_spec (BsInterp *in, BsTensor *t, const char *spec, GString *out);
BsValue     bs_dtype_value        (BsInterp *in, BsDType dtype);   /* borrowed */
gboolean    bs_value_dtype        (BsInterp *in, BsValue v, BsDType *dtype);
/* "torch.int32" for a dtype PyTorch has and Backstep's tensors do not, else NULL. */
const char *bs_value_unsupported_dtype (BsValue v);
/* PyTorch's NotImplementedError for such a dtype; returns FALSE. */
gboolean    bs_raise_unsupported_dtype (BsInterp *in, const char *name);
/* A value as a tensor (new ref): tensors, numbers as wrapped numbers. */
BsTensor   *bs_as_tensor          (BsInterp *in, BsValue v);
BsTensor   *bs_wrap_number        (BsInterp *in, BsValue v);
void        bs_torch_clear        (BsInterp *in);
/* torch.tensor(data): nested lists of numbers. */
gboolean    bs_tensor_from_data   (BsInterp *in, BsValue data, gboolean has_dtype,
                                   BsDType dtype, BsTensor **out);
gboolean    bs_grad_fn_value      (BsInterp *in, BsNode *node, BsValue *out);
/* The class name ("MulBackward0", "CopySlices") when v is a grad_fn, else NULL. */
const char *bs_grad_fn_value_name (BsValue v);
extern const BsNativeClass bs_dtype_class;
extern const BsNativeClass bs_grad_fn_class;

/* --- bs-autograd-function.c --------------------------------------------- */

void        bs_autograd_function_init (BsInterp *in, BsValue autograd_module);
/* The methods of a Function's ctx, and Function.apply */
extern const struct _BsSignatureTable bs_autograd_function_table;

/* --- bs-nn-module.c ----------------------------------------------------- */

/* The text of the i-th file of the prelude (torch.nn's modules: py/nn.py, py/nn-rnn.py),
 * a new reference, or NULL past the last */
GBytes     *bs_nn_prelude         (guint i);

G_END_DECLS
