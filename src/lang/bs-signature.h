/* bs-signature.h: every function Python can call, declared once by its signature
 *
 * As PyTorch's native_functions.yaml and python_arg_parser.cpp: a table row holds a
 * function's signature text, where it lives and the C function that implements it; one
 * parser checks and converts the arguments of every call before the C function runs,
 * and raises PyTorch's (or CPython's) TypeError for anything the row does not declare.
 *
 * Three kinds of signature:
 *  - BS_SIG_TORCH: PyTorch's own text, "sum(Tensor input, IntArrayRef[1]? dim,
 *    bool keepdim=False, *, ScalarType? dtype=None)", with PyTorch's types, numpy's
 *    aliases (axis, keepdims, x, a, x1, x2), varargs int lists (x.view(2, 3)), "|hidden"
 *    overloads and PyTorch's messages. Consecutive rows of one name are its overloads,
 *    tried in order.
 *  - BS_SIG_PYTHON: a function PyTorch writes in Python ("relu(input, inplace=False)",
 *    "Linear.__init__(self, in_features, out_features, bias=True, device=None,
 *    dtype=None)"): Python's binding rules and CPython's messages ('/', '*', '*args',
 *    '**kwargs' as in a def).
 *  - BS_SIG_BUILTIN: a function CPython implements in C ("str.split(self, /, sep=None,
 *    maxsplit=-1)", "list.append(self, object, /)"): the same rules with CPython's messages
 *    for built-ins (Argument Clinic's wording; "|parse_tuple" after the parameters: the
 *    older PyArg_ParseTuple() wording, "count() takes at least 1 argument (0 given)";
 *    "|check_positional": "f expected 1 argument, got 0" where a lone argument would be
 *    "f() takes exactly one argument (0 given)").
 *  - BS_SIG_CYTHON: a function numpy writes in Cython ("RandomState.poisson(self, lam=1.0,
 *    size=None)"): Python's binding rules with the messages of the code Cython 0.29
 *    generates ("poisson() takes at most 2 positional arguments (3 given)").
 *
 * "Linear.__init__(self, ...)" declares a class's constructor: self is the object being
 * made, counted as Python counts it.
 *
 * A row's owner names where it lives: "torch", "Tensor" (a method: the parameter "self"
 * or the first "Tensor input" is the receiver, "out" does not exist), both ("torch
 * Tensor"), "torch.nn.functional", a module ("math") or a built-in type ("str").
 */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

#define BS_SIGNATURE_MAX_PARAMS 24

typedef enum {
  BS_SIG_TORCH,
  BS_SIG_PYTHON,
  BS_SIG_BUILTIN,
  BS_SIG_CYTHON,
} BsSignatureKind;

typedef enum {
  BS_PARAM_TENSOR,
  BS_PARAM_SCALAR,
  BS_PARAM_INT,
  BS_PARAM_SYM_INT,
  BS_PARAM_DOUBLE,
  BS_PARAM_COMPLEX,
  BS_PARAM_BOOL,
  BS_PARAM_INT_LIST,
  BS_PARAM_SYM_INT_LIST,
  BS_PARAM_FLOAT_LIST,
  BS_PARAM_TENSOR_LIST,
  BS_PARAM_SCALAR_LIST,
  BS_PARAM_GENERATOR,
  BS_PARAM_SCALAR_TYPE,
  BS_PARAM_LAYOUT,
  BS_PARAM_DEVICE,
  BS_PARAM_MEMORY_FORMAT,
  BS_PARAM_STRING,
  BS_PARAM_DIMNAME,
  BS_PARAM_DIMNAME_LIST,
  BS_PARAM_OBJECT,          /* PyObject*, and every parameter of a Python signature */
  BS_PARAM_STORAGE,
} BsParamType;

typedef struct _BsCall BsCall;
typedef struct _BsSignature BsSignature;

/* The C function of a row: its arguments already checked, read with bs_call_*(). */
typedef gboolean (*BsSignatureFunc) (BsInterp *in,
                                     BsCall   *call,
                                     BsValue  *result);

typedef struct {
  const char       *owner;      /* space-separated: "torch Tensor", "str" */
  BsSignatureKind   kind;
  const char       *signature;
  BsSignatureFunc   func;
  gintptr           data;       /* the row's own data (an op, a flag), read by func */
  const char       *name;       /* the Python name when the signature's differs, or NULL */
} BsSignatureRow;

/* A table: rows of one file. */
typedef struct _BsSignatureTable {
  const BsSignatureRow *rows;
  guint                 n_rows;
} BsSignatureTable;

#define BS_SIGNATURE_TABLE(rows) { rows, G_N_ELEMENTS (rows) }

typedef struct {
  BsParamType  type;
  char        *name;
  int          size;             /* IntArrayRef[2]: 2; else 0 */
  gboolean     optional;         /* has a default */
  gboolean     allow_none;       /* Type? or default None */
  gboolean     keyword_only;
  gboolean     positional_only;  /* Python: before '/' */
  gboolean     star;             /* Python: *args */
  gboolean     star_star;        /* Python: **kwargs */
  gboolean     numbers_as_tensors;
  gboolean     is_self;          /* the receiver of a method: never matched */
  gboolean     absent;           /* not part of this form ("out" of a method) */
  char        *default_text;     /* as written, or NULL */
  BsValue      default_value;    /* ints, floats, bools, None; strings and lists: None */
} BsParam;

struct _BsSignature {
  BsSignatureKind  kind;
  char            *name;         /* as messages give it: "sum", "Linear.__init__" */
  const char      *short_name;   /* the part after the last dot: what it is found by */
  BsParam          params[BS_SIGNATURE_MAX_PARAMS];
  guint            n_params;
  guint            min_args;     /* parameters without defaults (not counting self) */
  guint            max_args;
  guint            max_pos_args;
  gboolean         hidden;
  gboolean         deprecated;
  gboolean         parse_tuple;  /* "|parse_tuple": a built-in that CPython's
                                  * PyArg_ParseTuple() reads, with its messages */
  gboolean         check_positional;  /* "|check_positional": one positional-only
                                       * argument checked as "f expected 1 argument" */
  gboolean         has_self;
};

/* Parses signature text; NULL with error when malformed (a defect of the table). */
BsSignature *bs_signature_parse   (BsSignatureKind   kind,
                                   const char       *text,
                                   gboolean          as_method,
                                   GError          **error);
void         bs_signature_free    (BsSignature      *sig);
/* A parameter type as PyTorch's messages name it: "tuple of ints". */
const char  *bs_param_type_name   (BsParamType type);
/* PyTorch's printed form: "(Tensor input, *, torch.dtype dtype)". */
char        *bs_signature_to_string (const BsSignature *sig);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSignature, bs_signature_free)

/* The arguments of one call bound to one signature. */
struct _BsCall {
  BsInterp              *in;
  const BsSignatureRow  *row;
  const BsSignature     *sig;
  guint                  overload;     /* index among the name's overloads */
  BsValue                self;         /* the receiver of a method, or None (borrowed) */
  BsValue                values[BS_SIGNATURE_MAX_PARAMS];   /* borrowed */
  gboolean               given[BS_SIGNATURE_MAX_PARAMS];    /* FALSE: the default */
  GPtrArray             *owned;        /* BsObject: values and tensors made while converting */
  GPtrArray             *memory;       /* arrays made while converting, or NULL */
};

/* A function's overloads, grouped from the table: what a call dispatches on. */
typedef struct _BsDecl BsDecl;

/* Python-visible functions of an interpreter, by owner and name. */
typedef struct _BsSignatureSet BsSignatureSet;

BsSignatureSet *bs_signature_set_new  (void);
void            bs_signature_set_free (BsSignatureSet *set);
void            bs_signature_set_add  (BsSignatureSet *set, const BsSignatureTable *table);
/* The declaration of owner.name, or NULL. */
const BsDecl   *bs_signature_set_find (BsSignatureSet *set, const char *owner, const char *name);
/* Calls f(name, decl) for every name declared for owner, in table order. */
void            bs_signature_set_foreach (BsSignatureSet *set, const char *owner,
                                          void (*f) (const char *name, const BsDecl *decl,
                                                     gpointer user_data),
                                          gpointer user_data);
/* Every row of the set, for the test that walks the table. */
GPtrArray      *bs_signature_set_rows (BsSignatureSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSignatureSet, bs_signature_set_free)

/* A built-in for decl: called as a function, or bound to self as a method. */
BsValue      bs_decl_builtin      (BsInterp *in, const BsDecl *decl, BsValue self /* taken */);
const char  *bs_decl_name         (const BsDecl *decl);
/* Binds args to decl's first matching overload and runs its C function. */
gboolean     bs_decl_call         (BsInterp      *in,
                                   const BsDecl  *decl,
                                   BsValue        self,
                                   const BsArgs  *args,
                                   BsValue       *result);
/* Binds args to one signature without calling: TRUE when they match; with raise, a
 * mismatch raises the TypeError the signature's kind gives. For tests and callers
 * that parse arguments themselves. */
gboolean     bs_signature_bind    (BsInterp           *in,
                                   const BsSignature  *sig,
                                   BsValue             self,
                                   const BsArgs       *args,
                                   gboolean            raise,
                                   BsCall             *call);
void         bs_call_clear        (BsCall *call);
/* PyTorch's TypeError when none of a name's overloads takes these arguments. */
gboolean     bs_signature_raise_invalid (BsInterp           *in,
                                         const char         *name,
                                         const BsSignature **sigs,
                                         guint               n_sigs,
                                         const BsArgs       *args);

/* Reading the arguments (indices into the signature's parameters, self included). */
gboolean     bs_call_has          (BsCall *call, guint i);  /* given and not None */
BsValue      bs_call_value        (BsCall *call, guint i);  /* borrowed; None when absent */
/* A tensor (borrowed), a Python number as a wrapped number, or NULL for None. */
BsTensor    *bs_call_tensor       (BsCall *call, guint i);
gint64       bs_call_int          (BsCall *call, guint i);
double       bs_call_double       (BsCall *call, guint i);
gboolean     bs_call_bool         (BsCall *call, guint i);
/* A Python number (int, float or bool) from a number or a 0-dim tensor. */
BsValue      bs_call_scalar       (BsCall *call, guint i);
/* TRUE, with the value, when dtype is integral and the argument is an int or a bool (or
 * such a 0-dim tensor): what an integral kernel takes exactly (a double holds 53 bits). */
gboolean     bs_call_exact_int    (BsCall *call, guint i, BsDType dtype, gint64 *value);
const char  *bs_call_string       (BsCall *call, guint i);
BsDType      bs_call_dtype        (BsCall *call, guint i, BsDType fallback);
/* -1 for None; raises (returns -2) beyond BS_MAX_DIMS. */
int          bs_call_int_list     (BsCall *call, guint i, gint64 *out);
/* Borrowed tensors of a list or tuple; NULL for None. */
BsTensor   **bs_call_tensor_list  (BsCall *call, guint i, guint *n);
/* The row's data. */
#define      bs_call_data(call)   ((call)->row->data)

/* CPython's "missing 2 required positional arguments: 'a' and 'b'" style lists. */
void         bs_signature_append_names (GString *out, const char *const *names, guint n);

G_END_DECLS
