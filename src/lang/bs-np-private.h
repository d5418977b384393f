/* bs-np-private.h: what the files of Backstep's numpy share */
#pragma once

#include "bs-np-array.h"
#include "bs-signature.h"
#include "bs-warnings.h"
#include "bs-ops.h"
#include "bs-builtins-private.h"
#include "bs-py-number.h"
#include "bs-np-simd.h"

G_BEGIN_DECLS

/* --- bs-np-array.c ------------------------------------------------------ */

/* numpy's dtype of that name or alias ("float32", "f4", "int"); FALSE when none. */
gboolean     bs_np_dtype_lookup      (const char *name, BsDType *dtype);
BsDType      bs_np_scalar_type_dtype (BsValue value);
/* a.shape: a tuple of ints (new reference) */
BsValue      bs_np_shape_value       (BsInterp *in, BsTensor *t);

/* --- bs-np-ops.c -------------------------------------------------------- */

/* numpy's promote_types(a, b) */
BsDType      bs_np_promote           (BsDType a, BsDType b);
/* The float dtype a float ufunc (sqrt, exp, true division) gives for an input dtype. */
gboolean     bs_np_float_dtype       (BsInterp *in, BsDType dtype, BsDType *out);
/* The dtype of numpy's kind and bits ('i', 16), or FALSE (raised) when the engine lacks it. */
gboolean     bs_np_dtype_of_kind     (BsInterp *in, char kind, int bits, BsDType *out);
/* t as dtype (new reference; t itself when it has it), quietly. */
BsTensor    *bs_np_cast              (BsInterp *in, BsTensor *t, BsDType dtype);

/* An operand of a ufunc: its tensor and whether it takes part as a scalar (value-based
 * casting: Python numbers, numpy scalars and 0-dim arrays). */
typedef struct {
  BsTensor *t;        /* Owned */
  gboolean  scalar;
  gboolean  array;    /* an ndarray (0-dim too), list or tuple: not numpy's scalar math */
} BsNpOperand;

/* value as an operand; FALSE with an exception. */
gboolean     bs_np_operand           (BsInterp *in, BsValue value, BsNpOperand *op);
void         bs_np_operand_clear     (BsNpOperand *op);
/* numpy 1.24's result_type of two operands (value-based casting of scalars). */
BsDType      bs_np_result_dtype      (BsNpOperand *a, BsNpOperand *b);

/* The binary ufunc of op (an operator) on two operands: a new tensor or NULL (raised). */
BsTensor    *bs_np_binary_tensor     (BsInterp *in, BsBinOp op, BsNpOperand *x, BsNpOperand *y);

/* numpy's power of two operands, computed as numpy computes it when called as form: the
 * power ufunc, the `**` operator with an ndarray on the left, or numpy's scalar arithmetic */
typedef enum {
  BS_NP_POWER_UFUNC, BS_NP_POWER_ARRAY, BS_NP_POWER_SCALARS,
} BsNpPower;

BsTensor    *bs_np_power_tensor      (BsInterp *in, BsNpPower form, BsNpOperand *x,
                                      BsNpOperand *y);
/* The form of `a ** b` for two numbers, one numpy's (x and y their operands): the scalar
 * arithmetic's or the ufunc's */
BsNpPower    bs_np_scalar_power_form (BsValue a, BsNpOperand *x, BsValue b, BsNpOperand *y);

/* The engine's error as the matching Python exception; returns NULL. */
BsTensor    *bs_np_fail              (BsInterp *in, GError *error);

/* --- bs-np-reduce.c ----------------------------------------------------- */

/* np.any(array) as numpy's bool */
gboolean     bs_np_reduce_any        (BsInterp *in, BsValue array, BsValue *out);
/* a.T */
gboolean     bs_np_transpose_value   (BsInterp *in, BsValue self, BsValue *out);

/* --- bs-np-print.c ------------------------------------------------------ */

/* repr() (as_repr) or str() of an ndarray or numpy scalar object */
gboolean     bs_np_format_value      (BsInterp *in, BsValue v, gboolean as_repr, GString *out);

/* --- bs-np-create.c ----------------------------------------------------- */

/* Argument i, or its default when not given (numbers and bools; None otherwise) */
BsValue      bs_np_value             (BsCall *call, guint i);

/* The index of the parameter called name (it must exist). */
int          bs_np_param             (BsCall *call, const char *name);
/* dtype= parameter i when given (not None): *has TRUE and *dtype set */
gboolean     bs_np_dtype_param       (BsCall *call, guint i, gboolean *has, BsDType *dtype);
/* order= other than 'C' (or 'K', 'A') refused */
gboolean     bs_np_refuse_order      (BsCall *call);
/* A shape: an int or a sequence of ints; _any allows -1 (reshape) */
gboolean     bs_np_shape_arg         (BsInterp *in, BsValue v, gint64 *shape, int *ndim);
gboolean     bs_np_shape_arg_any     (BsInterp *in, BsValue v, gint64 *shape, int *ndim);

/* --- bs-np-shape.c ------------------------------------------------------ */

/* An exception of numpy's own class made with message (key: the class's attribute in
 * numpy or in a submodule, "linalg.LinAlgError"), else of base; FALSE */
gboolean     bs_np_raise_class       (BsInterp *in, const char *key, const char *base,
                                      const char *message);
/* numpy.AxisError "axis 2 is out of bounds for array of dimension 2"; FALSE */
gboolean     bs_np_raise_axis        (BsInterp *in, gint64 axis, int ndim);
/* An axis argument in [-ndim, ndim), normalised */
gboolean     bs_np_axis              (BsInterp *in, BsValue v, int ndim, int *axis);
/* np.r_ and np.c_ into the module */
void         bs_np_index_concat_add  (BsInterp *in, BsValue module);
/* The array a method was called on, or a function's first argument (new reference) */
BsTensor    *bs_np_call_array        (BsCall *call);

/* --- bs-np-fast.c ------------------------------------------------------- */

/* Contiguous float64 and float32 arrays in plain loops; NULL (nothing raised) when the
 * operands are not for them, or on an error (raised: see the functions) */
enum {
  BS_NP_FAST_EXP = 1, BS_NP_FAST_LOG, BS_NP_FAST_SQRT, BS_NP_FAST_TANH, BS_NP_FAST_SIN,
  BS_NP_FAST_COS, BS_NP_FAST_EXPM1, BS_NP_FAST_LOG1P, BS_NP_FAST_ABS,
};

typedef enum {
  BS_NP_FAST_SUM, BS_NP_FAST_MEAN, BS_NP_FAST_MAX, BS_NP_FAST_MIN,
} BsNpFastReduce;

/* a op b, both of one dtype, of one shape or one of them a single element; NULL when not
 * for this loop (and on a failed allocation, raised: check in->exc) */
BsTensor    *bs_np_fast_binary       (BsInterp *in, BsNpFastOp op, BsTensor *a, BsTensor *b);
/* FALSE on an exception; *out NULL when not for these loops */
gboolean     bs_np_fast_unary        (BsInterp *in, int func, BsTensor *a, BsTensor **out);
gboolean     bs_np_fast_reduce       (BsInterp *in, BsNpFastReduce kind, BsTensor *a,
                                      const gboolean *reduced, gboolean keepdims,
                                      BsTensor **out);
/* where(cond, x, y) for a contiguous bool cond and x, y of its shape (or of one element)
 * and of one dtype; NULL when not for this loop (and on a failed allocation, raised) */
BsTensor    *bs_np_fast_where        (BsInterp *in, BsTensor *cond, BsTensor *x, BsTensor *y);
/* var (std when std) of float64 over the reduced dims with ddof */
gboolean     bs_np_fast_var          (BsInterp *in, BsTensor *a, const gboolean *reduced,
                                      gboolean keepdims, double ddof, gboolean std,
                                      BsTensor **out);
gboolean     bs_np_fast_arg_extreme  (BsInterp *in, gboolean max, BsTensor *a, BsTensor **out);
gboolean     bs_np_fast_mask         (BsInterp *in, BsTensor *a, BsTensor *mask, BsTensor **out);

/* --- bs-np-index.c ------------------------------------------------------ */

/* np.nonzero(a): a tuple of int64 index arrays, one per dim */
gboolean     bs_np_nonzero_tuple     (BsInterp *in, BsTensor *a, BsValue *out);

/* --- the tables: rows of numpy's functions and of ndarray's methods ----- */

#define NP_FN(sig, func, data) { "numpy", BS_SIG_PYTHON, sig, func, data }
#define NP_METHOD(sig, func, data) \
  { "numpy.ndarray", BS_SIG_BUILTIN, "ndarray." sig, func, data }

extern const BsSignatureTable bs_np_create_table;
extern const BsSignatureTable bs_np_math_table;
extern const BsSignatureTable bs_np_reduce_table;
extern const BsSignatureTable bs_np_shape_table;
extern const BsSignatureTable bs_np_index_table;
extern const BsSignatureTable bs_np_sort_table;
extern const BsSignatureTable bs_np_histogram_table;
extern const BsSignatureTable bs_np_scalar_table;
extern const BsSignatureTable bs_np_dtype_class_table;
extern const BsSignatureTable bs_np_lib_table;
/* bs-np-lib.c: _backstep_numpy, for numpy's functions written in Python */
void         bs_np_lib_module_init   (BsInterp *in);
/* np.generic, np.number, np.integer, np.floating ... into the module */
void         bs_np_abstract_types_add (BsInterp *in, BsValue module);

/* --- bs-np-errstate.c: floating-point errors as numpy reports them ----- */

typedef enum {
  BS_NP_FPE_DIVIDE = 1 << 0,
  BS_NP_FPE_OVERFLOW = 1 << 1,
  BS_NP_FPE_UNDERFLOW = 1 << 2,
  BS_NP_FPE_INVALID = 1 << 3,
} BsNpFpe;

/* Whether np.seterr() asks for underflow, which the checks below then look for */
#define bs_np_fpe_watch_under(in) ((in)->np_errstate.modes[BS_NP_ERR_KIND_UNDER] \
                                   != BS_NP_ERR_IGNORE)
/* The BsNpFpe flags of res = a op b (a and b broadcast to it), read from the values;
 * scalar: numpy's scalar math (numbers and numpy scalars), which also checks integers
 * for overflow */
guint        bs_np_fpe_binary        (BsBinOp op, const BsTensor *a, const BsTensor *b,
                                      const BsTensor *res, gboolean scalar,
                                      gboolean watch_under);
/* The flags of r = x op y computed in dtype, and of x op y (add, subtract, multiply) in
 * int64 */
guint        bs_np_fpe_double        (BsBinOp op, double x, double y, double r, BsDType dtype,
                                      gboolean watch_under);
guint        bs_np_fpe_int64         (BsBinOp op, gint64 x, gint64 y);
/* The flags of res = ufunc(a) */
guint        bs_np_fpe_unary         (const char *ufunc, const BsTensor *a,
                                      const BsTensor *res, gboolean watch_under);
/* Reports flags of ufunc as np.seterr() says: a RuntimeWarning ("divide by zero
 * encountered in [scalar ]divide", once per line), FloatingPointError (FALSE), or nothing */
gboolean     bs_np_fpe_report        (BsInterp *in, guint flags, const char *ufunc,
                                      gboolean scalar);
/* The same for an operation numpy runs in its own Python file, at its line (bs-warnings.h) */
gboolean     bs_np_fpe_report_at     (BsInterp *in, guint flags, const char *ufunc,
                                      gboolean scalar, const BsWarningPlace *place);

extern const BsSignatureTable bs_np_errstate_table;

/* Raises NotImplementedError for a parameter numpy has and Backstep's numpy does not
 * implement, when it was given (not None); FALSE then. */
gboolean     bs_np_refuse_param      (BsCall *call, const char *name);

G_END_DECLS
