/* bs-np-array.h: numpy.ndarray and numpy's scalars over the engine's tensors
 *
 * An ndarray holds one BsTensor: strided storage, a dtype, a shape and strides in elements.
 * It never requires grad and no autograd node is ever recorded for it, so torch.from_numpy()
 * and Tensor.numpy() share storage with it directly, and the engine's kernels do the work.
 *
 * numpy's scalars: a float64, int64 or bool scalar is the Python float, int or bool of the
 * same value marked as numpy's (BsValue.numpy; bs-np-scalar.c), so that Python takes it as
 * that number and numpy 1.24 prints it the same; a scalar of another dtype (np.float32) is
 * an object of its own holding a 0-dim tensor, printed and promoted as numpy does.
 */
#pragma once

#include "bs-interp-private.h"
#include "bs-np-format.h"

G_BEGIN_DECLS

/* An ndarray holding tensor (taken). The tensor must not require grad. */
BsValue      bs_np_array_new        (BsInterp *in, BsTensor *tensor);
/* The tensor of an ndarray (borrowed), or NULL when value is not an ndarray. */
BsTensor    *bs_np_array_tensor     (BsValue value);

/* numpy's scalar of a 0-dim tensor (taken): a marked float, int or bool for float64, int64
 * and bool, else a numpy scalar object (np.float32). */
BsValue      bs_np_scalar_new       (BsInterp *in, BsTensor *tensor);
/* numpy's scalar of a 0-dim tensor (taken) as an object, whatever its dtype */
BsValue      bs_np_scalar_object_new (BsInterp *in, BsTensor *tensor);

/* numpy's float64, int64 and bool_ scalars: marked Python numbers (bs-np-scalar.c) */
BsDType      bs_np_number_dtype     (BsValue v);
const char  *bs_np_number_type_name (BsValue v);
gboolean     bs_np_number_getattr   (BsInterp *in, BsValue self, const char *name,
                                     BsValue *out, gboolean *found);
/* The attributes of numpy.generic and its subclasses a scalar has (real, imag, __round__,
 * __int__, is_integer...) */
gboolean     bs_np_scalar_getattr   (BsInterp *in, BsValue self, const char *name,
                                     BsValue *out, gboolean *found);
/* a op b of two numbers, one of them numpy's, as numpy computes it */
gboolean     bs_np_number_op        (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                     BsValue *out);
gboolean     bs_np_number_unary     (BsInterp *in, BsUnaryOp op, BsValue a, BsValue *out);
gboolean     bs_np_number_abs       (BsInterp *in, BsValue a, BsValue *out);
/* type(v) for a numpy scalar (np.float64 ...), or None for another value (new reference) */
BsValue      bs_np_scalar_type_of   (BsInterp *in, BsValue v);
/* np.float64 and its kin by dtype: the module's own once numpy is imported (new reference) */
BsValue      bs_np_scalar_type_value (BsInterp *in, BsDType dtype);
/* isinstance(v, type) where type is one of numpy's scalar types */
gboolean     bs_np_scalar_isinstance (BsValue v, BsValue type);
/* np.float64 and its kin, and the abstract np.floating, np.integer ... */
gboolean     bs_np_is_type          (BsValue value);
gboolean     bs_np_is_scalar_type   (BsValue value);
/* A dtype: np.dtype('float64') */
gboolean     bs_np_is_dtype         (BsValue value);
/* issubclass(a, b) where a is one of numpy's types (bs_np_is_type); b any class */
gboolean     bs_np_issubclass       (BsInterp *in, BsValue a, BsValue b);

/* bs-np-dtype-class.c: type(np.dtype('float64')), numpy.dtype[float64], made once a run
 * (new reference), and numpy._DTypeMeta, the class of np.dtype and of those */
BsValue      bs_np_dtype_class_value (BsInterp *in, BsDType dtype);
gboolean     bs_np_is_dtype_class   (BsValue value);
BsDType      bs_np_dtype_class_dtype (BsValue value);
BsValue      bs_np_dtype_meta_value (BsInterp *in);
gboolean     bs_np_is_dtype_meta    (BsValue value);
/* The 0-dim tensor of a numpy scalar object (borrowed), or NULL (Python numbers too). */
BsTensor    *bs_np_scalar_tensor    (BsValue value);
/* The tensor of an ndarray or of a numpy scalar object (borrowed), or NULL. */
BsTensor    *bs_np_tensor_of        (BsValue value);
/* What a ufunc returns: a numpy scalar for a 0-dim result, else an ndarray (takes t). */
BsValue      bs_np_wrap             (BsInterp *in, BsTensor *t);

/* numpy's name of a dtype ("float64"), or NULL when numpy has no such dtype. */
const char  *bs_np_dtype_str       (BsDType dtype);
/* A numpy.dtype object (new reference): prints float64, repr dtype('float64'). */
BsValue      bs_np_dtype_value      (BsInterp *in, BsDType dtype);
/* dtype= as numpy takes it: np.float32, np.dtype('float32'), 'float32', 'f4', float, int,
 * bool, a torch dtype is refused. FALSE with a TypeError raised otherwise. */
gboolean     bs_np_value_dtype      (BsInterp *in, BsValue value, BsDType *dtype);
/* The scalar type object np.float32 etc. for the module (new reference). */
BsValue      bs_np_scalar_type_new  (BsInterp *in, BsDType dtype);

/* An array_like as a tensor (new reference): an ndarray's own tensor, a numpy scalar's,
 * nested lists and tuples of numbers (numpy's dtype: float64 for floats, int64, bool),
 * Python numbers as 0-dim tensors. has_dtype: converted to dtype. NULL with an exception. */
BsTensor    *bs_np_as_tensor        (BsInterp *in, BsValue value, gboolean has_dtype,
                                     BsDType dtype);
/* The same, sharing memory when value is an ndarray of that dtype (np.asarray). */
BsTensor    *bs_np_as_tensor_shared (BsInterp *in, BsValue value, gboolean has_dtype,
                                     BsDType dtype);

/* Engine calls made for numpy run with the event sink and tape detached: numpy's work
 * is not part of the autograd story the trace tells. */
typedef struct {
  BsContext         *context;
  const BsEventSink *sink;
  gpointer           sink_data;
  BsTape            *tape;
} BsNpQuiet;

void         bs_np_quiet_begin      (BsInterp *in, BsNpQuiet *quiet);
void         bs_np_quiet_end        (BsNpQuiet *quiet);

/* The hooks the interpreter's generic operations call for ndarrays and numpy scalars:
 * 1 done, 0 not for numpy, -1 an exception (bs-np-ops.c). */
gboolean     bs_np_is_operand       (BsValue value);
int          bs_np_binary           (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                     gboolean inplace, BsValue *out);
/* The same for numpy's function of op (np.power: numpy's power ufunc, where ** runs
 * reciprocal, sqrt or square for some exponents) */
int          bs_np_ufunc_binary     (BsInterp *in, BsBinOp op, BsValue a, BsValue b,
                                     BsValue *out);
int          bs_np_compare          (BsInterp *in, BsCmpOp op, BsValue a, BsValue b,
                                     BsValue *out);
int          bs_np_unary            (BsInterp *in, BsUnaryOp op, BsValue a, BsValue *out);
int          bs_np_truthy           (BsInterp *in, BsValue a, gboolean *truth);
/* Python float and int conversions of a numpy scalar or a one-element array. */
int          bs_np_to_double        (BsInterp *in, BsValue a, double *out);
int          bs_np_to_int           (BsInterp *in, BsValue a, gint64 *out);
/* abs(a) (bs-np-math.c) */
gboolean     bs_np_abs              (BsInterp *in, BsValue a, BsValue *out);
/* a[key] and a[key] = value (bs-np-index.c) */
gboolean     bs_np_getitem          (BsInterp *in, BsValue self, BsValue key, BsValue *out);
gboolean     bs_np_setitem          (BsInterp *in, BsValue self, BsValue key, BsValue value);

/* torch.from_numpy, Tensor.numpy, torch.as_tensor (bs-np-torch.c) */
extern const struct _BsSignatureTable bs_np_torch_table;

/* The numpy module, made at its first import (bs-np-module.c). */
gboolean     bs_np_import           (BsInterp *in, const char *name, BsValue *out);
/* AttributeError "Backstep's numpy has no 'fft'" when numpy has name, else numpy's own
 * "module 'numpy' has no attribute ..."; always FALSE. */
gboolean     bs_np_raise_missing    (BsInterp *in, const char *owner, const char *name);

G_END_DECLS
