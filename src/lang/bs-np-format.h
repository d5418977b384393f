/* bs-np-format.h: repr() and str() of numpy arrays and scalars, exactly as numpy 1.24
 *
 * The formatter reads a plain strided view (a BsTensor's dtype, shape, strides, offset
 * and storage) and knows nothing of the ndarray type or the interpreter.
 */
#pragma once

#include "bs-tensor.h"

G_BEGIN_DECLS

typedef enum {
  BS_NP_FLOATMODE_FIXED,
  BS_NP_FLOATMODE_UNIQUE,
  BS_NP_FLOATMODE_MAXPREC,
  BS_NP_FLOATMODE_MAXPREC_EQUAL,
} BsNpFloatMode;

/* np.set_printoptions(). threshold is whatever number was given: an int, or a float
 * such as np.inf (threshold_is_float), kept as given for get_printoptions(). Legacy
 * printing modes and custom formatters are refused where they are set, so they have
 * no field. */
typedef struct {
  gint64         precision;      /* >= 0 */
  gint64         threshold;
  double         threshold_float;
  gboolean       threshold_is_float;
  gint64         edgeitems;
  gint64         linewidth;
  gboolean       suppress;
  char           sign;           /* '-', '+' or ' ' */
  BsNpFloatMode  floatmode;
  char          *nanstr;         /* Owned */
  char          *infstr;         /* Owned */
} BsNpPrintOptions;

/* numpy's defaults: precision 8, threshold 1000, edgeitems 3, linewidth 75, suppress
 * False, sign '-', floatmode 'maxprec', nanstr 'nan', infstr 'inf'. */
void         bs_np_print_options_init   (BsNpPrintOptions       *self);
void         bs_np_print_options_clear  (BsNpPrintOptions       *self);
/* dest (initialised or not) becomes a copy of src. */
void         bs_np_print_options_copy   (BsNpPrintOptions       *dest,
                                         const BsNpPrintOptions *src);
const char  *bs_np_floatmode_name       (BsNpFloatMode           mode);
/* FALSE for a name numpy does not know. */
gboolean     bs_np_floatmode_from_name  (const char             *name,
                                         BsNpFloatMode          *mode);

/* numpy's name of an element type: "float64", "int64", "bool". */
const char  *bs_np_dtype_name           (BsDType                 dtype);

/* repr(a): "array([[1., 2.],\n       [3., 4.]])", "array([], dtype=float64)",
 * "array([1., 2.], dtype=float32)", "array(3.5)". */
char        *bs_np_format_array_repr    (BsTensor               *t,
                                         const BsNpPrintOptions *o);
/* str(a): "[[1. 2.]\n [3. 4.]]"; a 0-dim array as its scalar ("3.5"). */
char        *bs_np_format_array_str     (BsTensor               *t,
                                         const BsNpPrintOptions *o);
/* np.array2string(a, separator=, prefix=, suffix=): the elements only ("[1.5,2. ]"),
 * continuation lines indented by the width of prefix, rows wrapped before the line
 * width less the width of suffix; a 0-dim array as its element, an empty one as "[]". */
char        *bs_np_format_array2string  (BsTensor               *t,
                                         const BsNpPrintOptions *o,
                                         const char             *separator,
                                         const char             *prefix,
                                         const char             *suffix);
/* repr() of a numpy scalar of dtype whose element is at element: np.float64(1.5) is
 * "1.5", np.float32(0.1) "0.1", np.int64 "3", np.bool_ "True". In numpy 1.24 str() is
 * the same for these types, and neither depends on the print options. */
char        *bs_np_format_scalar        (BsDType                 dtype,
                                         const void             *element);

G_END_DECLS
