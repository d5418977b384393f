/* bs-np-array.c: the numpy.ndarray type, numpy's scalars, dtypes and array_like input */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bs-float-repr.h"

/* --- quiet engine calls ------------------------------------------------- */

void
bs_np_quiet_begin (BsInterp  *in,
                   BsNpQuiet *quiet)
{
  quiet->context = in->context;
  quiet->sink = in->context->sink;
  quiet->sink_data = in->context->sink_data;
  quiet->tape = in->context->tape;
  in->context->sink = NULL;
  in->context->tape = NULL;
}

void
bs_np_quiet_end (BsNpQuiet *quiet)
{
  quiet->context->sink = quiet->sink;
  quiet->context->sink_data = quiet->sink_data;
  quiet->context->tape = quiet->tape;
}

/* --- dtypes ------------------------------------------------------------- */

const char *
bs_np_dtype_str (BsDType dtype)
{
  const char *name = bs_dtype_name (dtype);

  if (!g_str_has_prefix (name, "torch.") || strcmp (name, "torch.bfloat16") == 0
      || g_str_has_prefix (name, "torch.complex"))
    return NULL;
  return name + strlen ("torch.");
}

gboolean
bs_np_dtype_lookup (const char *name,
                    BsDType    *dtype)
{
  static const char *const aliases[][2] = {
    { "float", "float64" }, { "double", "float64" }, { "f8", "float64" }, { "d", "float64" },
    { "float_", "float64" }, { "single", "float32" }, { "f4", "float32" }, { "f", "float32" },
    { "int", "int64" }, { "int_", "int64" }, { "i8", "int64" }, { "long", "int64" },
    { "l", "int64" }, { "intc", "int32" }, { "i4", "int32" }, { "i2", "int16" },
    { "i1", "int8" }, { "u1", "uint8" }, { "ubyte", "uint8" }, { "byte", "int8" },
    { "short", "int16" }, { "half", "float16" }, { "f2", "float16" }, { "bool_", "bool" },
    { "?", "bool" }, { "b1", "bool" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (strcmp (name, aliases[i][0]) == 0)
      {
        name = aliases[i][1];
        break;
      }
  for (int d = 0; d < BS_N_DTYPES; d++)
    {
      const char *n = bs_np_dtype_str ((BsDType) d);

      if (n != NULL && strcmp (n, name) == 0)
        {
          *dtype = (BsDType) d;
          return TRUE;
        }
    }
  return FALSE;
}

/* numpy's dtypes that Backstep's engine does not have (yet) */
static gboolean
np_dtype_known (const char *name)
{
  static const char *const known[] = {
    "int8", "int16", "int32", "uint8", "uint16", "uint32", "uint64", "float16", "complex64",
    "complex128", "longdouble", "float128", "str_", "object_", "datetime64", "timedelta64",
    "complex", "object", "str", "U", "S", NULL,
  };

  return g_strv_contains (known, name);
}

static gboolean
dtype_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  g_string_append_printf (out, "dtype('%s')",
                          bs_np_dtype_str (GPOINTER_TO_INT (((BsNative *) self.as.object)->data)));
  return TRUE;
}

static gboolean
dtype_str (BsInterp *in,
           BsValue   self,
           GString  *out)
{
  g_string_append (out, bs_np_dtype_str (GPOINTER_TO_INT (((BsNative *) self.as.object)->data)));
  return TRUE;
}

static gboolean
dtype_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  BsDType dtype = GPOINTER_TO_INT (((BsNative *) self.as.object)->data);

  *found = TRUE;
  if (strcmp (name, "name") == 0)
    *out = bs_str_value (in, bs_np_dtype_str (dtype));
  else if (strcmp (name, "itemsize") == 0)
    *out = BS_INT (bs_dtype_size (dtype));
  else if (strcmp (name, "kind") == 0)
    *out = bs_str_value (in, dtype == BS_DTYPE_BOOL ? "b"
                         : bs_dtype_is_floating (dtype) ? "f"
                         : g_str_has_prefix (bs_np_dtype_str (dtype), "u") ? "u" : "i");
  else if (strcmp (name, "type") == 0)
    *out = bs_np_scalar_type_value (in, dtype);
  else
    *found = FALSE;
  return TRUE;
}

static int
dtype_compare (BsInterp *in,
               BsCmpOp   op,
               BsValue   a,
               BsValue   b,
               gboolean *result)
{
  BsDType x = GPOINTER_TO_INT (((BsNative *) a.as.object)->data), y;

  if (op != BS_CMPOP_EQ && op != BS_CMPOP_NOT_EQ)
    return 0;
  if (bs_value_is_none (b))
    *result = FALSE;
  else if (!bs_np_value_dtype (in, b, &y))
    {
      /* numpy: a comparison with what is not a dtype is False */
      bs_value_unref (in->exc);
      in->exc = BS_NONE;
      *result = FALSE;
    }
  else
    *result = x == y;
  if (op == BS_CMPOP_NOT_EQ)
    *result = !*result;
  return 1;
}

static gboolean
dtype_hash (BsInterp *in,
            BsValue   self,
            gint64   *hash)
{
  *hash = bs_hash_int (GPOINTER_TO_INT (((BsNative *) self.as.object)->data) + 1000);
  return TRUE;
}

static const BsNativeOps dtype_ops = {
  .compare = dtype_compare,
  .hash = dtype_hash,
};

/* numpy 1.24 makes a class per dtype, type(np.dtype('float64')) being numpy.dtype[float64];
 * indexed by BsDType */
#define DTYPE_TYPE(name) \
  { { "numpy.dtype[" name "]", NULL }, dtype_getattr, NULL, dtype_repr, dtype_str, &dtype_ops }

static const BsNativeType dtype_types[] = {
  DTYPE_TYPE ("bool_"), DTYPE_TYPE ("int64"), DTYPE_TYPE ("float32"), DTYPE_TYPE ("float64"),
  DTYPE_TYPE ("int32"), DTYPE_TYPE ("int16"), DTYPE_TYPE ("int8"), DTYPE_TYPE ("uint8"),
  DTYPE_TYPE ("float16"), DTYPE_TYPE ("bfloat16"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (dtype_types) == BS_N_DTYPES);

gboolean
bs_np_is_dtype (BsValue v)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (dtype_types); i++)
    if (((BsNative *) v.as.object)->klass == &dtype_types[i].base)
      return TRUE;
  return FALSE;
}

BsValue
bs_np_dtype_value (BsInterp *in,
                   BsDType   dtype)
{
  return bs_native_new (in->heap, &dtype_types[dtype].base, GINT_TO_POINTER (dtype));
}

/* --- scalar types: np.float32, np.int64 ... ------------------------------ */

static gboolean
scalar_type_repr (BsInterp *in,
                  BsValue   self,
                  GString  *out)
{
  BsDType dtype = GPOINTER_TO_INT (((BsNative *) self.as.object)->data);
  const char *name = bs_np_dtype_str (dtype);

  g_string_append_printf (out, "<class 'numpy.%s%s'>", name, dtype == BS_DTYPE_BOOL ? "_" : "");
  return TRUE;
}

static gboolean
scalar_type_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out,
                     gboolean   *found)
{
  BsDType dtype = GPOINTER_TO_INT (((BsNative *) self.as.object)->data);

  *found = TRUE;
  if (strcmp (name, "__call__") == 0)
    return bs_py_method_find (in, "numpy.generic", self, "__call__", out) || (*found = FALSE);
  if (strcmp (name, "__name__") == 0)
    {
      g_autofree char *n = g_strconcat (bs_np_dtype_str (dtype),
                                        dtype == BS_DTYPE_BOOL ? "_" : "", NULL);

      *out = bs_str_value (in, n);
      return TRUE;
    }
  *found = FALSE;
  return TRUE;
}

static int
scalar_type_compare (BsInterp *in,
                     BsCmpOp   op,
                     BsValue   a,
                     BsValue   b,
                     gboolean *result)
{
  if (op != BS_CMPOP_EQ && op != BS_CMPOP_NOT_EQ)
    return 0;
  /* (bool's data is 0: compared by class, not by bs_value_native) */
  *result = bs_value_is_object (b, BS_OBJECT_NATIVE)
            && ((BsNative *) b.as.object)->klass == ((BsNative *) a.as.object)->klass
            && ((BsNative *) a.as.object)->data == ((BsNative *) b.as.object)->data;
  if (op == BS_CMPOP_NOT_EQ)
    *result = !*result;
  return 1;
}

static const BsNativeOps scalar_type_ops = {
  .compare = scalar_type_compare,
  .hash = dtype_hash,
};

static const BsNativeType scalar_type_type = {
  { "type", NULL }, scalar_type_getattr, NULL, scalar_type_repr, NULL, &scalar_type_ops,
};

BsValue
bs_np_scalar_type_new (BsInterp *in,
                       BsDType   dtype)
{
  return bs_native_new (in->heap, &scalar_type_type.base, GINT_TO_POINTER (dtype));
}

BsDType
bs_np_scalar_type_dtype (BsValue value)
{
  return GPOINTER_TO_INT (((BsNative *) value.as.object)->data);
}

gboolean
bs_np_is_scalar_type (BsValue value)
{
  return bs_value_is_object (value, BS_OBJECT_NATIVE)
         && ((BsNative *) value.as.object)->klass == &scalar_type_type.base;
}

gboolean
bs_np_value_dtype (BsInterp *in,
                   BsValue   v,
                   BsDType  *dtype)
{
  const char *s = bs_value_str (v);

  if (bs_np_is_dtype (v) || bs_np_is_scalar_type (v))
    {
      *dtype = GPOINTER_TO_INT (((BsNative *) v.as.object)->data);
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_BUILTIN))
    {
      const char *name = ((BsBuiltin *) v.as.object)->name;

      if (strcmp (name, "float") == 0 || strcmp (name, "int") == 0
          || strcmp (name, "bool") == 0)
        return bs_np_dtype_lookup (name, dtype);
    }
  if (s != NULL)
    {
      if (bs_np_dtype_lookup (s, dtype))
        return TRUE;
      if (np_dtype_known (s))
        return bs_raise (in, "TypeError", "Backstep's numpy has no dtype '%s'", s);
      return bs_raise (in, "TypeError", "data type '%s' not understood", s);
    }
  if (bs_value_is_object (v, BS_OBJECT_NATIVE)
      && strcmp (((BsNative *) v.as.object)->klass->name, "torch.dtype") == 0)
    return bs_raise (in, "TypeError", "Cannot interpret '%s' as a data type",
                     bs_dtype_name (GPOINTER_TO_INT (((BsNative *) v.as.object)->data)));
  {
    GString *r = g_string_new (NULL);

    if (!bs_repr (in, v, r))
      {
        g_string_free (r, TRUE);
        return FALSE;
      }
    bs_raise (in, "TypeError", "Cannot interpret '%s' as a data type", r->str);
    g_string_free (r, TRUE);
    return FALSE;
  }
}

/* --- the ndarray object ------------------------------------------------- */

static void
free_tensor (gpointer data)
{
  bs_tensor_unref (data);
}

static const BsNativeType ndarray_type;

BsValue
bs_np_array_new (BsInterp *in,
                 BsTensor *tensor)
{
  g_return_val_if_fail (tensor != NULL, BS_NONE);
  return bs_native_new (in->heap, &ndarray_type.base, tensor);
}

BsTensor *
bs_np_array_tensor (BsValue value)
{
  return bs_value_native (value, &ndarray_type.base);
}

/* numpy's scalars as objects: one class per dtype */
static const BsNativeType *scalar_object_type (BsDType dtype);
static const BsNativeType scalar_types[13];

BsValue
bs_np_scalar_new (BsInterp *in,
                  BsTensor *tensor)
{
  g_autoptr(BsTensor) t = tensor;

  switch (t->dtype)
    {
    case BS_DTYPE_FLOAT64: return BS_NP_FLOAT (bs_tensor_item (t));
    case BS_DTYPE_INT64: return BS_NP_INT (bs_tensor_get_int (t, 0));
    case BS_DTYPE_BOOL: return BS_NP_BOOL (bs_tensor_item (t) != 0.0);
    default: break;
    }
  return bs_np_scalar_object_new (in, g_steal_pointer (&t));
}

BsValue
bs_np_scalar_object_new (BsInterp *in,
                         BsTensor *tensor)
{
  g_autoptr(BsTensor) t = tensor;
  double v = bs_tensor_item (t);
  const BsNativeType *type;

  if (t->ndim != 0 || t->requires_grad)
    {
      BsTensor *c = bs_tensor_contiguous_copy (t, t->dtype, NULL);

      if (c == NULL)
        return BS_FLOAT (v);
      c->ndim = 0;
      g_clear_pointer (&t, bs_tensor_unref);
      t = c;
    }
  type = scalar_object_type (t->dtype);
  return bs_native_new (in->heap, &type->base, g_steal_pointer (&t));
}

BsTensor *
bs_np_scalar_tensor (BsValue value)
{
  if (!bs_value_is_object (value, BS_OBJECT_NATIVE))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (scalar_types); i++)
    if (((BsNative *) value.as.object)->klass == &scalar_types[i].base)
      return ((BsNative *) value.as.object)->data;
  return NULL;
}

BsValue
bs_np_wrap (BsInterp *in,
            BsTensor *t)
{
  if (t->ndim == 0)
    return bs_np_scalar_new (in, t);
  return bs_np_array_new (in, t);
}

gboolean
bs_np_is_operand (BsValue value)
{
  return bs_np_array_tensor (value) != NULL || bs_np_scalar_tensor (value) != NULL;
}

/* The tensor of an ndarray or of a numpy scalar object (borrowed), or NULL. */
BsTensor *
bs_np_tensor_of (BsValue value)
{
  BsTensor *t = bs_np_array_tensor (value);

  return t != NULL ? t : bs_np_scalar_tensor (value);
}

/* --- array_like input --------------------------------------------------- */

typedef struct {
  gint64   shape[BS_MAX_DIMS + 1];
  int      ndim;
  GArray  *values;   /* double */
  BsDType  dtype;    /* the dtypes seen, promoted */
  gboolean any;
} Collect;

static gboolean
collect (BsInterp *in,
         BsValue   v,
         int       depth,
         Collect  *c)
{
  BsTensor *t = bs_np_tensor_of (v);
  gsize n;
  BsValue *items;

  if (t == NULL)
    t = bs_value_tensor (v);
  if (depth > BS_MAX_DIMS)
    return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                     BS_MAX_DIMS);
  if (bs_is_number (v) || (t != NULL && t->ndim == 0))
    {
      BsDType d = t != NULL ? t->dtype
                : v.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
                : v.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
      double x = t != NULL ? bs_tensor_item (t) : bs_float_of (v);

      if (c->ndim < 0)
        c->ndim = depth;
      else if (c->ndim != depth)
        return bs_raise (in, "ValueError", "setting an array element with a sequence. The "
                         "requested array has an inhomogeneous shape after %d dimensions. The "
                         "detected shape was (%" G_GINT64_FORMAT ",) + inhomogeneous part.",
                         c->ndim, c->shape[0]);
      c->dtype = c->any ? bs_np_promote (c->dtype, d) : d;
      c->any = TRUE;
      g_array_append_val (c->values, x);
      return TRUE;
    }
  if (t != NULL)
    {
      /* an array inside a list: its rows */
      g_autofree double *xs = NULL;
      gint64 numel = bs_tensor_numel (t);

      if (depth + t->ndim > BS_MAX_DIMS)
        return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                         BS_MAX_DIMS);
      for (int i = 0; i < t->ndim; i++)
        {
          if (c->shape[depth + i] < 0)
            c->shape[depth + i] = t->shape[i];
          else if (c->shape[depth + i] != t->shape[i])
            return bs_raise (in, "ValueError", "setting an array element with a sequence. The "
                             "requested array has an inhomogeneous shape after %d dimensions.",
                             depth + i);
        }
      if (c->ndim < 0)
        c->ndim = depth + t->ndim;
      else if (c->ndim != depth + t->ndim)
        return bs_raise (in, "ValueError", "setting an array element with a sequence. The "
                         "requested array has an inhomogeneous shape after %d dimensions.",
                         MIN (c->ndim, depth + t->ndim));
      xs = bs_tensor_to_doubles (t);
      g_array_append_vals (c->values, xs, numel);
      c->dtype = c->any ? bs_np_promote (c->dtype, t->dtype) : t->dtype;
      c->any = TRUE;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      /* a range as the list of its ints */
      BsValue list;
      gboolean ok;

      if (!bs_to_list (in, v, &list))
        return FALSE;
      ok = collect (in, list, depth, c);
      bs_value_unref (list);
      return ok;
    }
  items = bs_value_items (v, &n);
  if (items == NULL)
    {
      if (bs_value_str (v) != NULL)
        return bs_raise (in, "TypeError", "Backstep's numpy has no arrays of str");
      return bs_raise (in, "TypeError", "Backstep's numpy cannot make an array of '%s' "
                       "objects (dtype=object)", bs_type_name (v));
    }
  if (c->ndim >= 0 && depth >= c->ndim)
    return bs_raise (in, "ValueError", "setting an array element with a sequence. The "
                     "requested array has an inhomogeneous shape after %d dimensions. The "
                     "detected shape was (%" G_GINT64_FORMAT ",) + inhomogeneous part.",
                     c->ndim, c->shape[0]);
  if (c->shape[depth] < 0)
    c->shape[depth] = n;
  else if (c->shape[depth] != (gint64) n)
    {
      GString *shape = g_string_new ("(");

      for (int i = 0; i < depth; i++)
        g_string_append_printf (shape, "%" G_GINT64_FORMAT ",%s", c->shape[i],
                                i + 1 < depth ? " " : "");
      g_string_append (shape, ")");
      bs_raise (in, "ValueError", "setting an array element with a sequence. The requested "
                "array has an inhomogeneous shape after %d dimensions. The detected shape was "
                "%s + inhomogeneous part.", depth, shape->str);
      g_string_free (shape, TRUE);
      return FALSE;
    }
  if (n == 0 && c->ndim < 0)
    c->ndim = depth + 1;
  for (gsize i = 0; i < n; i++)
    if (!collect (in, items[i], depth + 1, c))
      return FALSE;
  return TRUE;
}

BsTensor *
bs_np_as_tensor (BsInterp *in,
                 BsValue   value,
                 gboolean  has_dtype,
                 BsDType   dtype)
{
  BsTensor *t = bs_np_tensor_of (value);
  Collect c = { .ndim = -1, .dtype = BS_DTYPE_FLOAT64 };
  GError *error = NULL;
  BsTensor *out;
  BsNpQuiet quiet;

  if (t == NULL && bs_value_tensor (value) != NULL)
    {
      t = bs_value_tensor (value);
      if (bs_tensor_requires_grad (t))
        {
          bs_raise (in, "RuntimeError", "Can't call numpy() on Tensor that requires grad. Use "
                    "tensor.detach().numpy() instead.");
          return NULL;
        }
    }
  if (t != NULL)
    {
      bs_np_quiet_begin (in, &quiet);
      out = bs_tensor_contiguous_copy (t, has_dtype ? dtype : t->dtype, &error);
      bs_np_quiet_end (&quiet);
      if (out == NULL)
        bs_raise_gerror (in, error);
      return out;
    }
  for (int i = 0; i <= BS_MAX_DIMS; i++)
    c.shape[i] = -1;
  c.values = g_array_new (FALSE, FALSE, sizeof (double));
  if (!collect (in, value, 0, &c))
    {
      g_array_unref (c.values);
      return NULL;
    }
  if (c.ndim < 0)
    c.ndim = 0;
  for (int i = 0; i < c.ndim; i++)
    if (c.shape[i] < 0)
      c.shape[i] = 0;
  bs_np_quiet_begin (in, &quiet);
  out = bs_tensor_new_from_doubles (in->context, has_dtype ? dtype : c.dtype, c.ndim, c.shape,
                                    (double *) c.values->data, &error);
  bs_np_quiet_end (&quiet);
  g_array_unref (c.values);
  if (out == NULL)
    bs_raise_gerror (in, error);
  return out;
}

BsTensor *
bs_np_as_tensor_shared (BsInterp *in,
                        BsValue   value,
                        gboolean  has_dtype,
                        BsDType   dtype)
{
  BsTensor *t = bs_np_array_tensor (value);

  if (t != NULL && (!has_dtype || t->dtype == dtype))
    return bs_tensor_ref (t);
  return bs_np_as_tensor (in, value, has_dtype, dtype);
}

/* --- attributes --------------------------------------------------------- */

BsValue
bs_np_shape_value (BsInterp *in,
                   BsTensor *t)
{
  BsValue v = bs_tuple_new (in->heap, t->ndim);

  for (int i = 0; i < t->ndim; i++)
    ((BsTuple *) v.as.object)->items[i] = BS_INT (t->shape[i]);
  return v;
}

static gboolean
array_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  BsTensor *t = bs_np_tensor_of (self);

  *found = TRUE;
  if (strcmp (name, "shape") == 0)
    *out = bs_np_shape_value (in, t);
  else if (strcmp (name, "ndim") == 0)
    *out = BS_INT (t->ndim);
  else if (strcmp (name, "size") == 0)
    *out = BS_INT (bs_tensor_numel (t));
  else if (strcmp (name, "dtype") == 0)
    *out = bs_np_dtype_value (in, t->dtype);
  else if (strcmp (name, "itemsize") == 0)
    *out = BS_INT (bs_dtype_size (t->dtype));
  else if (strcmp (name, "nbytes") == 0)
    *out = BS_INT (bs_dtype_size (t->dtype) * bs_tensor_numel (t));
  else if (strcmp (name, "T") == 0)
    return bs_np_transpose_value (in, self, out);
  else if (strcmp (name, "__class__") == 0)
    *out = bs_np_scalar_tensor (self) != NULL ? bs_np_scalar_type_of (in, self) : BS_NONE;
  else if (bs_py_method_find (in, "numpy.ndarray", self, name, out))
    return TRUE;
  else if (bs_np_scalar_tensor (self) == NULL)
    return bs_np_raise_missing (in, "numpy.ndarray", name);
  else
    return bs_np_scalar_getattr (in, self, name, out, found);
  return TRUE;
}

static gboolean
array_setattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue     value,
               gboolean   *found)
{
  *found = TRUE;
  if (strcmp (name, "shape") == 0)
    return bs_raise (in, "NotImplementedError", "setting an ndarray's shape is not supported "
                     "by Backstep's numpy: use a.reshape(...)");
  return bs_raise (in, "AttributeError", "'%s' object attribute '%s' is read-only",
                   bs_type_name (self), name);
}

static gboolean
array_len (BsInterp *in,
           BsValue   self,
           gint64   *len)
{
  BsTensor *t = bs_np_array_tensor (self);

  if (t == NULL || t->ndim == 0)
    return bs_raise (in, "TypeError", "len() of unsized object");
  *len = t->shape[0];
  return TRUE;
}

static gboolean
array_iter (BsInterp *in,
            BsValue   self,
            BsValue  *out)
{
  BsTensor *t = bs_np_array_tensor (self);
  BsValue list;

  if (t == NULL || t->ndim == 0)
    return bs_raise (in, "TypeError", "iteration over a 0-d array");
  list = bs_list_new (in->heap);
  for (gint64 i = 0; i < t->shape[0]; i++)
    {
      BsValue item;

      if (!bs_np_getitem (in, self, BS_INT (i), &item))
        {
          bs_value_unref (list);
          return FALSE;
        }
      bs_list_append (list, item);
    }
  *out = list;
  return TRUE;
}

static gboolean
array_contains (BsInterp *in,
                BsValue   self,
                BsValue   item,
                gboolean *result)
{
  BsValue eq, any;
  gboolean ok;

  if (bs_np_compare (in, BS_CMPOP_EQ, self, item, &eq) < 0)
    return FALSE;
  ok = bs_np_reduce_any (in, eq, &any);
  bs_value_unref (eq);
  if (!ok)
    return FALSE;
  *result = bs_value_truthy (any);
  return TRUE;
}

static gboolean
array_hash (BsInterp *in,
            BsValue   self,
            gint64   *hash)
{
  BsTensor *t = bs_np_scalar_tensor (self);

  if (t == NULL)
    return bs_raise (in, "TypeError", "unhashable type: 'numpy.ndarray'");
  *hash = bs_hash_double (bs_tensor_item (t));
  return TRUE;
}

static int
array_binary (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              gboolean  inplace,
              BsValue  *out)
{
  return bs_np_binary (in, op, a, b, inplace, out);
}

static const BsNativeOps array_ops = {
  .len = array_len,
  .contains = array_contains,
  .iter = array_iter,
  .binary = array_binary,
  .hash = array_hash,
};

static gboolean
array_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  return bs_np_format_value (in, self, TRUE, out);
}

static gboolean
array_str (BsInterp *in,
           BsValue   self,
           GString  *out)
{
  return bs_np_format_value (in, self, FALSE, out);
}

static const BsNativeType ndarray_type = {
  { "numpy.ndarray", free_tensor }, array_getattr, array_setattr, array_repr, array_str,
  &array_ops,
};

static const BsNativeOps scalar_ops = {
  .binary = array_binary,
  .hash = array_hash,
};

#define SCALAR_TYPE(name) \
  { { "numpy." name, free_tensor }, array_getattr, array_setattr, array_repr, array_str, \
    &scalar_ops }

static const BsNativeType scalar_types[] = {
  SCALAR_TYPE ("bool_"), SCALAR_TYPE ("int64"), SCALAR_TYPE ("float32"),
  SCALAR_TYPE ("float64"), SCALAR_TYPE ("int32"), SCALAR_TYPE ("int16"), SCALAR_TYPE ("int8"),
  SCALAR_TYPE ("uint8"), SCALAR_TYPE ("float16"), SCALAR_TYPE ("generic"),
  SCALAR_TYPE ("generic"), SCALAR_TYPE ("generic"), SCALAR_TYPE ("generic"),
};

static const BsNativeType *
scalar_object_type (BsDType dtype)
{
  const char *name = bs_np_dtype_str (dtype);

  if (name != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (scalar_types); i++)
      if (strcmp (scalar_types[i].base.name + strlen ("numpy."), name) == 0)
        return &scalar_types[i];
  return &scalar_types[G_N_ELEMENTS (scalar_types) - 1];
}
