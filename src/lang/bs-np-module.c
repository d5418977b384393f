/* bs-np-module.c: the numpy module, what it lacks named, and the ndarray's own methods
 * (tolist, item, copy, astype) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

#include "bs-builtins-private.h"
#include "bs-np-random.h"
#include "bs-np-printoptions.h"

/* numpy 1.24's public names, and its ndarray's: what Backstep's numpy lacks of them is
 * named as missing instead of as a name numpy does not have */
static const char *const numpy_names[] = {
  "ALLOW_THREADS", "AxisError", "BUFSIZE", "CLIP", "ComplexWarning", "DataSource", "ERR_CALL",
  "ERR_DEFAULT", "ERR_IGNORE", "ERR_LOG", "ERR_PRINT", "ERR_RAISE", "ERR_WARN",
  "FLOATING_POINT_SUPPORT", "FPE_DIVIDEBYZERO", "FPE_INVALID", "FPE_OVERFLOW", "FPE_UNDERFLOW",
  "False_", "Inf", "Infinity", "MAXDIMS", "MAY_SHARE_BOUNDS", "MAY_SHARE_EXACT",
  "ModuleDeprecationWarning", "NAN", "NINF", "NZERO", "NaN", "PINF", "PZERO", "RAISE",
  "RankWarning", "SHIFT_DIVIDEBYZERO", "SHIFT_INVALID", "SHIFT_OVERFLOW", "SHIFT_UNDERFLOW",
  "ScalarType", "Tester", "TooHardError", "True_", "UFUNC_BUFSIZE_DEFAULT", "UFUNC_PYVALS_NAME",
  "VisibleDeprecationWarning", "WRAP", "abs", "absolute", "add", "add_docstring", "add_newdoc",
  "add_newdoc_ufunc", "all", "allclose", "alltrue", "amax", "amin", "angle", "any", "append",
  "apply_along_axis", "apply_over_axes", "arange", "arccos", "arccosh", "arcsin", "arcsinh",
  "arctan", "arctan2", "arctanh", "argmax", "argmin", "argpartition", "argsort", "argwhere",
  "around", "array", "array2string", "array_equal", "array_equiv", "array_repr", "array_split",
  "array_str", "asanyarray", "asarray", "asarray_chkfinite", "ascontiguousarray", "asfarray",
  "asfortranarray", "asmatrix", "atleast_1d", "atleast_2d", "atleast_3d", "average", "bartlett",
  "base_repr", "binary_repr", "bincount", "bitwise_and", "bitwise_not", "bitwise_or",
  "bitwise_xor", "blackman", "block", "bmat", "bool_", "broadcast", "broadcast_arrays",
  "broadcast_shapes", "broadcast_to", "busday_count", "busday_offset", "busdaycalendar", "byte",
  "byte_bounds", "bytes_", "c_", "can_cast", "cast", "cbrt", "cdouble", "ceil", "cfloat", "char",
  "character", "chararray", "choose", "clip", "clongdouble", "clongfloat", "column_stack",
  "common_type", "compare_chararrays", "compat", "complex128", "complex256", "complex64",
  "complex_", "complexfloating", "compress", "concatenate", "conj", "conjugate", "convolve",
  "copy", "copysign", "copyto", "corrcoef", "correlate", "cos", "cosh", "count_nonzero", "cov",
  "cross", "csingle", "ctypeslib", "cumprod", "cumproduct", "cumsum", "datetime64",
  "datetime_as_string", "datetime_data", "deg2rad", "degrees", "delete", "deprecate",
  "deprecate_with_doc", "diag", "diag_indices", "diag_indices_from", "diagflat", "diagonal",
  "diff", "digitize", "disp", "divide", "divmod", "dot", "double", "dsplit", "dstack", "dtype",
  "e", "ediff1d", "einsum", "einsum_path", "emath", "empty", "empty_like", "equal", "errstate",
  "euler_gamma", "exp", "exp2", "expand_dims", "expm1", "extract", "eye", "fabs",
  "fastCopyAndTranspose", "fft", "fill_diagonal", "find_common_type", "finfo", "fix", "flatiter",
  "flatnonzero", "flexible", "flip", "fliplr", "flipud", "float128", "float16", "float32",
  "float64", "float_", "float_power", "floating", "floor", "floor_divide", "fmax", "fmin", "fmod",
  "format_float_positional", "format_float_scientific", "format_parser", "frexp", "from_dlpack",
  "frombuffer", "fromfile", "fromfunction", "fromiter", "frompyfunc", "fromregex", "fromstring",
  "full", "full_like", "gcd", "generic", "genfromtxt", "geomspace", "get_array_wrap",
  "get_include", "get_printoptions", "getbufsize", "geterr", "geterrcall", "geterrobj",
  "gradient", "greater", "greater_equal", "half", "hamming", "hanning", "heaviside", "histogram",
  "histogram2d", "histogram_bin_edges", "histogramdd", "hsplit", "hstack", "hypot", "i0",
  "identity", "iinfo", "imag", "in1d", "index_exp", "indices", "inexact", "inf", "info", "infty",
  "inner", "insert", "int16", "int32", "int64", "int8", "int_", "intc", "integer", "interp",
  "intersect1d", "intp", "invert", "is_busday", "isclose", "iscomplex", "iscomplexobj",
  "isfinite", "isfortran", "isin", "isinf", "isnan", "isnat", "isneginf", "isposinf", "isreal",
  "isrealobj", "isscalar", "issctype", "issubclass_", "issubdtype", "issubsctype", "iterable",
  "ix_", "kaiser", "kernel_version", "kron", "lcm", "ldexp", "left_shift", "less", "less_equal",
  "lexsort", "lib", "linalg", "linspace", "little_endian", "load", "loadtxt", "log", "log10",
  "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not", "logical_or",
  "logical_xor", "logspace", "longcomplex", "longdouble", "longfloat", "longlong", "lookfor",
  "ma", "mask_indices", "mat", "math", "matmul", "matrix", "max", "maximum", "maximum_sctype",
  "may_share_memory", "mean", "median", "memmap", "meshgrid", "mgrid", "min", "min_scalar_type",
  "minimum", "mintypecode", "mod", "modf", "moveaxis", "msort", "multiply", "nan", "nan_to_num",
  "nanargmax", "nanargmin", "nancumprod", "nancumsum", "nanmax", "nanmean", "nanmedian", "nanmin",
  "nanpercentile", "nanprod", "nanquantile", "nanstd", "nansum", "nanvar", "nbytes", "ndarray",
  "ndenumerate", "ndim", "ndindex", "nditer", "negative", "nested_iters", "newaxis", "nextafter",
  "nonzero", "not_equal", "numarray", "number", "obj2sctype", "object_", "ogrid", "oldnumeric",
  "ones", "ones_like", "outer", "packbits", "pad", "partition", "percentile", "pi", "piecewise",
  "place", "poly", "poly1d", "polyadd", "polyder", "polydiv", "polyfit", "polyint", "polymul",
  "polynomial", "polysub", "polyval", "positive", "power", "printoptions", "prod", "product",
  "promote_types", "ptp", "put", "put_along_axis", "putmask", "quantile", "r_", "rad2deg",
  "radians", "random", "ravel", "ravel_multi_index", "real", "real_if_close", "rec", "recarray",
  "recfromcsv", "recfromtxt", "reciprocal", "record", "remainder", "repeat", "require", "reshape",
  "resize", "result_type", "right_shift", "rint", "roll", "rollaxis", "roots", "rot90", "round",
  "round_", "row_stack", "s_", "safe_eval", "save", "savetxt", "savez", "savez_compressed",
  "sctype2char", "sctypeDict", "sctypes", "searchsorted", "select", "set_numeric_ops",
  "set_printoptions", "set_string_function", "setbufsize", "setdiff1d", "seterr", "seterrcall",
  "seterrobj", "setxor1d", "shape", "shares_memory", "short", "show_config", "show_runtime",
  "sign", "signbit", "signedinteger", "sin", "sinc", "single", "singlecomplex", "sinh", "size",
  "sometrue", "sort", "sort_complex", "source", "spacing", "split", "sqrt", "square", "squeeze",
  "stack", "std", "str_", "string_", "subtract", "sum", "swapaxes", "take", "take_along_axis",
  "tan", "tanh", "tensordot", "test", "testing", "tile", "timedelta64", "trace",
  "tracemalloc_domain", "transpose", "trapz", "tri", "tril", "tril_indices", "tril_indices_from",
  "trim_zeros", "triu", "triu_indices", "triu_indices_from", "true_divide", "trunc", "typecodes",
  "typename", "ubyte", "ufunc", "uint", "uint16", "uint32", "uint64", "uint8", "uintc", "uintp",
  "ulonglong", "unicode_", "union1d", "unique", "unpackbits", "unravel_index", "unsignedinteger",
  "unwrap", "use_hugepage", "ushort", "vander", "var", "vdot", "vectorize", "version", "void",
  "vsplit", "vstack", "where", "who", "zeros", "zeros_like", NULL,
};

static const char *const ndarray_names[] = {
  "T", "all", "any", "argmax", "argmin", "argpartition", "argsort", "astype", "base", "byteswap",
  "choose", "clip", "compress", "conj", "conjugate", "copy", "ctypes", "cumprod", "cumsum",
  "data", "diagonal", "dot", "dtype", "dump", "dumps", "fill", "flags", "flat", "flatten",
  "getfield", "imag", "item", "itemset", "itemsize", "max", "mean", "min", "nbytes", "ndim",
  "newbyteorder", "nonzero", "partition", "prod", "ptp", "put", "ravel", "real", "repeat",
  "reshape", "resize", "round", "searchsorted", "setfield", "setflags", "shape", "size", "sort",
  "squeeze", "std", "strides", "sum", "swapaxes", "take", "tobytes", "tofile", "tolist",
  "tostring", "trace", "transpose", "var", "view", NULL,
};

/* numpy.linalg's: Backstep's has only LinAlgError */
static const char *const linalg_names[] = {
  "cholesky", "cond", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "linalg", "lstsq",
  "matrix_power", "matrix_rank", "multi_dot", "pinv", "qr", "slogdet", "solve", "svd",
  "tensorinv", "tensorsolve", "test", NULL,
};

gboolean
bs_np_raise_missing (BsInterp   *in,
                     const char *owner,
                     const char *name)
{
  gboolean array = strcmp (owner, "numpy.ndarray") == 0;

  if (strcmp (owner, "numpy.random") == 0)
    return bs_np_random_raise_missing (in, name);
  if (strcmp (owner, "numpy.linalg") == 0 && g_strv_contains (linalg_names, name))
    return bs_raise (in, "AttributeError", "Backstep's numpy has no 'linalg.%s'", name);
  /* numpy.core: Backstep's has only the module of the exceptions; numpy.lib those of its
   * functions written in Python */
  if (g_str_has_prefix (owner, "numpy.core") || g_str_has_prefix (owner, "numpy.lib"))
    return bs_raise (in, "AttributeError", "Backstep's numpy has no '%s.%s'",
                     owner + strlen ("numpy."), name);
  if (g_strv_contains (array ? ndarray_names : numpy_names, name))
    return bs_raise (in, "AttributeError", "Backstep's numpy has no '%s%s'",
                     array ? "ndarray." : "", name);
  if (array)
    return bs_raise (in, "AttributeError", "'numpy.ndarray' object has no attribute '%s'", name);
  return bs_raise (in, "AttributeError", "module '%s' has no attribute '%s'", owner, name);
}

/* --- the ndarray's own methods ------------------------------------------ */

static BsValue
element_value (BsTensor *t,
               gint64    linear)
{
  if (t->dtype == BS_DTYPE_BOOL)
    return BS_BOOL (bs_tensor_get (t, linear) != 0.0);
  if (!bs_dtype_is_floating (t->dtype))
    return BS_INT (bs_tensor_get_int (t, linear));
  return BS_FLOAT (bs_tensor_get (t, linear));
}

static BsValue
to_list (BsInterp *in,
         BsTensor *t,
         int       dim,
         gint64   *linear)
{
  BsValue list;

  if (dim == t->ndim)
    return element_value (t, (*linear)++);
  list = bs_list_new (in->heap);
  for (gint64 i = 0; i < t->shape[dim]; i++)
    bs_list_append (list, to_list (in, t, dim + 1, linear));
  return list;
}

DECLARED (array_tolist)
{
  gint64 linear = 0;
  BsTensor *t = bs_np_tensor_of (call->self);

  if (!bs_py_check_memory (in, bs_tensor_numel (t) * 2 * sizeof (BsValue), "a list"))
    return FALSE;
  *r = to_list (in, t, 0, &linear);
  return TRUE;
}

DECLARED (array_item)
{
  BsTensor *t = bs_np_tensor_of (call->self);
  gint64 n = bs_tensor_numel (t), index[BS_MAX_DIMS], linear = 0;
  gsize n_args;
  BsValue *args = bs_value_items (bs_np_value (call, 1), &n_args);

  if (n_args == 0)
    {
      if (n != 1)
        return bs_raise (in, "ValueError", "can only convert an array of size 1 to a Python "
                         "scalar");
      *r = element_value (t, 0);
      return TRUE;
    }
  if (n_args == 1)
    {
      if (!bs_to_int (in, args[0], &linear))
        return FALSE;
      if (linear < 0)
        linear += n;
      if (linear < 0 || linear >= n)
        return bs_raise (in, "IndexError", "index %" G_GINT64_FORMAT " is out of bounds for "
                         "size %" G_GINT64_FORMAT, linear < 0 ? linear - n : linear, n);
      *r = element_value (t, linear);
      return TRUE;
    }
  if ((int) n_args != t->ndim)
    return bs_raise (in, "ValueError", "incorrect number of indices for array");
  for (int i = 0; i < t->ndim; i++)
    {
      if (!bs_to_int (in, args[i], &index[i]))
        return FALSE;
      if (index[i] < 0)
        index[i] += t->shape[i];
      if (index[i] < 0 || index[i] >= t->shape[i])
        return bs_raise (in, "IndexError", "index %" G_GINT64_FORMAT " is out of bounds for "
                         "axis %d with size %" G_GINT64_FORMAT, index[i], i, t->shape[i]);
      linear = linear * t->shape[i] + index[i];
    }
  *r = element_value (t, linear);
  return TRUE;
}

/* copy (data 0), np.copy (1) */
DECLARED (array_copy)
{
  BsTensor *t = bs_call_data (call) == 0 ? bs_np_tensor_of (call->self) : NULL;
  BsTensor *c;

  if (t == NULL)
    c = bs_np_as_tensor (in, bs_np_value (call, 0), FALSE, BS_DTYPE_FLOAT64);
  else
    c = bs_np_as_tensor (in, call->self, FALSE, BS_DTYPE_FLOAT64);
  if (c == NULL)
    return FALSE;
  *r = bs_np_is_operand (call->self) && bs_np_array_tensor (call->self) == NULL
       ? bs_np_scalar_new (in, c) : bs_np_array_new (in, c);
  return TRUE;
}

DECLARED (array_astype)
{
  BsTensor *t = bs_np_tensor_of (call->self), *c;
  BsDType dtype;

  if (!bs_np_value_dtype (in, bs_np_value (call, 1), &dtype)
      || !bs_np_refuse_param (call, "casting") || !bs_np_refuse_param (call, "subok"))
    return FALSE;
  if (!bs_value_truthy (bs_np_value (call, 5)) && t->dtype == dtype)
    c = bs_tensor_ref (t);
  else
    c = bs_np_as_tensor (in, call->self, TRUE, dtype);
  if (c == NULL)
    return FALSE;
  *r = bs_np_array_tensor (call->self) != NULL ? bs_np_array_new (in, c) : bs_np_scalar_new (in, c);
  return TRUE;
}

DECLARED (array_fill)
{
  BsTensor *t = bs_np_array_tensor (call->self);
  double v;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *done;

  if (!bs_to_double (in, bs_np_value (call, 1), &v))
    return FALSE;
  bs_np_quiet_begin (in, &quiet);
  done = bs_fill_ (t, v, &error);
  bs_np_quiet_end (&quiet);
  if (done == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (done);
  *r = BS_NONE;
  return TRUE;
}

/* np.float32(x), np.int64(x) ...: a scalar, or an array for array_like */
DECLARED (scalar_type_call)
{
  BsDType dtype = bs_np_scalar_type_dtype (call->self);
  BsTensor *t;

  if (!call->given[1])
    t = bs_tensor_new_scalar (in->context, dtype, 0.0);
  else if (bs_np_value (call, 1).type == BS_VALUE_INT && dtype == BS_DTYPE_INT64)
    {
      /* exactly: a double has 53 bits */
      t = bs_tensor_new_scalar (in->context, dtype, 0.0);
      *(gint64 *) bs_tensor_data (t) = bs_np_value (call, 1).as.integer;
    }
  else if (bs_value_str (bs_np_value (call, 1)) != NULL)
    {
      double v;
      char *end;
      const char *s = bs_value_str (bs_np_value (call, 1));

      v = g_ascii_strtod (s, &end);
      if (*s == '\0' || *end != '\0')
        return bs_raise (in, "ValueError", "could not convert string to float: '%s'", s);
      t = bs_tensor_new_scalar (in->context, dtype, v);
    }
  else
    t = bs_np_as_tensor (in, bs_np_value (call, 1), TRUE, dtype);
  if (t == NULL)
    return FALSE;
  *r = bs_np_wrap (in, t);
  return TRUE;
}

DECLARED (np_dtype)
{
  BsDType dtype;

  if (!bs_np_value_dtype (in, bs_np_value (call, 0), &dtype))
    return FALSE;
  *r = bs_np_dtype_value (in, dtype);
  return TRUE;
}


static const BsSignatureRow rows[] = {
  NP_METHOD ("tolist(self, /)", array_tolist, 0),
  NP_METHOD ("item(self, /, *args)", array_item, 0),
  NP_METHOD ("copy(self, /, order='C')", array_copy, 0),
  NP_METHOD ("astype(self, /, dtype, order='K', casting='unsafe', subok=True, copy=True)",
          array_astype, 0),
  NP_METHOD ("fill(self, value, /)", array_fill, 0),
  { "numpy", BS_SIG_PYTHON, "copy(a, order='K', subok=False)", array_copy, 1 },
  { "numpy", BS_SIG_PYTHON, "dtype(dtype, align=False, copy=False)", np_dtype, 0 },
  { "numpy.generic", BS_SIG_BUILTIN, "generic.__call__(self, value=0, /)", scalar_type_call, 0 },
};

static const BsSignatureTable module_table = BS_SIGNATURE_TABLE (rows);

/* --- the module --------------------------------------------------------- */

static void
add_value (BsValue     module,
           const char *name,
           BsValue     value)
{
  bs_dict_set_str (((BsModule *) module.as.object)->dict, name, value);
}

static BsValue
numpy_module_new (BsInterp *in)
{
  static const BsSignatureTable *const tables[] = {
    &module_table, &bs_np_create_table, &bs_np_math_table, &bs_np_reduce_table,
    &bs_np_shape_table, &bs_np_index_table, &bs_np_print_table, &bs_np_sort_table,
    &bs_np_histogram_table, &bs_np_scalar_table, &bs_np_errstate_table,
    &bs_np_dtype_class_table, &bs_np_lib_table,
  };
  static const char *const aliases[][2] = {
    { "float64", "float64" }, { "double", "float64" }, { "float_", "float64" },
    { "float32", "float32" }, { "single", "float32" }, { "int64", "int64" },
    { "int_", "int64" }, { "longlong", "int64" }, { "bool_", "bool" }, { "int32", "int32" },
    { "intc", "int32" }, { "int16", "int16" }, { "short", "int16" }, { "int8", "int8" },
    { "byte", "int8" }, { "uint8", "uint8" }, { "ubyte", "uint8" }, { "float16", "float16" },
    { "half", "float16" }, { "intp", "int64" },
  };
  BsValue m = bs_module_new (in, "numpy");

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    bs_signature_set_add (in->signatures, tables[i]);
  bs_module_add_declared (in, m, "numpy", BS_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    {
      BsDType dtype;

      if (bs_np_dtype_lookup (aliases[i][1], &dtype))
        add_value (m, aliases[i][0], bs_np_scalar_type_new (in, dtype));
    }
  {
    /* np.ndarray: isinstance(x, np.ndarray) compares the type's name */
    BsValue ndarray;

    if (bs_dict_get_str (((BsModule *) m.as.object)->dict, "ndarray", &ndarray)
        && bs_value_is_object (ndarray, BS_OBJECT_BUILTIN))
      ((BsBuiltin *) ndarray.as.object)->name = g_intern_static_string ("numpy.ndarray");
    /* np.dtype too: <class 'numpy.dtype'>, what isinstance(d, np.dtype) asks of */
    if (bs_dict_get_str (((BsModule *) m.as.object)->dict, "dtype", &ndarray)
        && bs_value_is_object (ndarray, BS_OBJECT_BUILTIN))
      ((BsBuiltin *) ndarray.as.object)->name = g_intern_static_string ("numpy.dtype");
  }
  bs_np_index_concat_add (in, m);
  bs_np_abstract_types_add (in, m);
  add_value (m, "pi", BS_FLOAT (G_PI));
  add_value (m, "e", BS_FLOAT (G_E));
  add_value (m, "inf", BS_FLOAT (INFINITY));
  add_value (m, "Inf", BS_FLOAT (INFINITY));
  add_value (m, "nan", BS_FLOAT (NAN));
  add_value (m, "NaN", BS_FLOAT (NAN));
  add_value (m, "newaxis", BS_NONE);
  add_value (m, "random", bs_np_random_module_new (in));
  add_value (m, "__version__", bs_str_value (in, "1.24.2"));
  return m;
}

/* The functions of a module of numpy's written in Python into np */
static gboolean
functions_add (BsInterp           *in,
               BsValue             np,
               const char         *module,
               const char *const  *names)
{
  BsValue m, f;
  gboolean found;

  if (!bs_module_load_python (in, module, &m, &found))
    return FALSE;
  for (guint i = 0; found && names[i] != NULL; i++)
    if (bs_dict_get_str (((BsModule *) m.as.object)->dict, names[i], &f))
      add_value (np, names[i], bs_value_ref (f));
  bs_value_unref (m);
  return TRUE;
}

/* numpy's parts written in Python (py/numpy.*.py): numpy.AxisError, numpy.linalg with its
 * LinAlgError, the nan-functions, median, average, percentile and quantile */
static gboolean
numpy_python_parts_add (BsInterp *in,
                        BsValue   np)
{
  static const char *const nanfunctions[] = {
    "nanmin", "nanmax", "nanargmin", "nanargmax", "nansum", "nanprod", "nanmean", "nanvar",
    "nanstd", NULL,
  };
  static const char *const function_base[] = {
    "median", "average", "percentile", "quantile", NULL,
  };
  static const char *const shape_base[] = {
    "take_along_axis", "tile", "repeat", "split", "array_split", "append", "roll", "flip",
    "fliplr", "flipud", "count_nonzero", "argwhere", "flatnonzero", NULL,
  };
  static const char *const twodim_base[] = { "diag", "tri", "tril", "triu", NULL };
  BsValue exceptions, linalg, axis_error;
  gboolean found;

  if (!bs_module_load_python (in, "numpy.core._exceptions", &exceptions, &found))
    return FALSE;
  if (found && bs_dict_get_str (((BsModule *) exceptions.as.object)->dict, "AxisError",
                                &axis_error))
    add_value (np, "AxisError", bs_value_ref (axis_error));
  bs_value_unref (exceptions);
  if (!bs_module_load_python (in, "numpy.linalg", &linalg, &found))
    return FALSE;
  bs_value_unref (linalg);
  bs_np_lib_module_init (in);
  return functions_add (in, np, "numpy.lib.nanfunctions", nanfunctions)
         && functions_add (in, np, "numpy.lib.function_base", function_base)
         && functions_add (in, np, "numpy.lib.shape_base", shape_base)
         && functions_add (in, np, "numpy.lib.twodim_base", twodim_base);
}

/* numpy's reading of NPY_DISABLE_CPU_FEATURES at import: its RuntimeError, or warnings */
static gboolean
check_cpu_features (BsInterp *in)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *error = NULL;
  BsNpCpu cpu;

  if (!bs_np_simd_cpu_disable (g_getenv ("NPY_DISABLE_CPU_FEATURES"), &cpu, warnings, &error))
    return bs_raise (in, "RuntimeError", "%s", error);
  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("<frozen importlib._bootstrap>:241: "
                                               "RuntimeWarning: %s\n",
                                               (char *) warnings->pdata[i]);

      bs_interp_write_stderr (in, line);
    }
  return TRUE;
}

gboolean
bs_np_import (BsInterp   *in,
              const char *name,
              BsValue    *out)
{
  BsValue np, sub = BS_NONE;
  gboolean found;

  if (!bs_dict_get_str (in->modules, "numpy", &np))
    {
      if (!check_cpu_features (in))
        return FALSE;
      np = numpy_module_new (in);
      if (!numpy_python_parts_add (in, np))
        {
          bs_value_unref (np);
          return FALSE;
        }
    }
  else
    bs_value_ref (np);
  if (strcmp (name, "numpy") == 0)
    {
      *out = np;
      return TRUE;
    }
  {
    /* numpy.linalg and numpy.core: written in Python */
    gboolean loaded = bs_module_load_python (in, name, out, &found);

    if (!loaded || found)
      {
        bs_value_unref (np);
        return loaded;
      }
  }
  /* numpy.random and its kin: attributes of the module once it is made */
  if (!bs_getattr_opt (in, np, name + strlen ("numpy."), &sub, &found))
    {
      bs_value_unref (np);
      return FALSE;
    }
  bs_value_unref (np);
  if (!found || !bs_value_is_object (sub, BS_OBJECT_MODULE))
    {
      bs_value_unref (sub);
      return bs_raise (in, "ModuleNotFoundError", "No module named '%s' (Backstep's numpy has "
                       "no '%s')", name, name + strlen ("numpy."));
    }
  *out = sub;
  return TRUE;
}
