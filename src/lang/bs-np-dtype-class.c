/* bs-np-dtype-class.c: the classes of numpy's dtypes
 *
 * numpy 1.24 makes one class per dtype, type(np.dtype('float64')) being numpy.dtype[float64]
 * (a subclass of np.dtype), and the class of those classes and of np.dtype is
 * numpy._DTypeMeta (a subclass of type). Each is made once a run, when first asked for, so
 * that `type(a.dtype) is type(np.dtype('float64'))`.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <string.h>

static BsDType
native_dtype (BsValue v)
{
  return GPOINTER_TO_INT (((BsNative *) v.as.object)->data);
}

/* "dtype[float64]"; numpy names the bool one after its scalar type, bool_ */
static char *
dtype_class_name (BsDType dtype)
{
  return g_strdup_printf ("dtype[%s%s]", bs_np_dtype_str (dtype),
                          dtype == BS_DTYPE_BOOL ? "_" : "");
}

/* np.dtype itself, from the module (borrowed), or None before numpy is imported */
static BsValue
np_dtype (BsInterp *in)
{
  BsValue np, dtype;

  if (bs_dict_get_str (in->modules, "numpy", &np) && bs_value_is_object (np, BS_OBJECT_MODULE)
      && bs_dict_get_str (((BsModule *) np.as.object)->dict, "dtype", &dtype))
    return dtype;
  return BS_NONE;
}

static BsValue
tuple3 (BsInterp *in,
        BsValue   a,
        BsValue   b,
        BsValue   c)
{
  BsValue t = bs_tuple_new (in->heap, 3);

  ((BsTuple *) t.as.object)->items[0] = bs_value_ref (a);
  ((BsTuple *) t.as.object)->items[1] = bs_value_ref (b);
  ((BsTuple *) t.as.object)->items[2] = bs_value_ref (c);
  return t;
}

/* --- numpy.dtype[float64] ... ------------------------------------------------ */

static gboolean
dtype_class_repr (BsInterp *in,
                  BsValue   self,
                  GString  *out)
{
  g_autofree char *name = dtype_class_name (native_dtype (self));

  g_string_append_printf (out, "<class 'numpy.%s'>", name);
  return TRUE;
}

static gboolean
dtype_class_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out,
                     gboolean   *found)
{
  *found = TRUE;
  if (strcmp (name, "__name__") == 0 || strcmp (name, "__qualname__") == 0)
    {
      g_autofree char *text = dtype_class_name (native_dtype (self));

      *out = bs_str_value (in, text);
    }
  else if (strcmp (name, "__module__") == 0)
    *out = bs_str_value (in, "numpy");
  else if (strcmp (name, "type") == 0)
    *out = bs_np_scalar_type_value (in, native_dtype (self));
  else if (strcmp (name, "__mro__") == 0)
    *out = tuple3 (in, self, np_dtype (in), bs_lookup_builtin (in, "object"));
  else if (strcmp (name, "__call__") == 0)
    return bs_py_method_find (in, "numpy._DTypeMeta", self, "__call__", out) || (*found = FALSE);
  else
    *found = FALSE;
  return TRUE;
}

static gboolean
dtype_class_hash (BsInterp *in,
                  BsValue   self,
                  gint64   *hash)
{
  *hash = bs_hash_int (native_dtype (self) + 2000);
  return TRUE;
}

static const BsNativeOps dtype_class_ops = {
  .hash = dtype_class_hash,
};

static const BsNativeType dtype_class_type = {
  { "type", NULL }, dtype_class_getattr, NULL, dtype_class_repr, NULL,
  &dtype_class_ops,
};

gboolean
bs_np_is_dtype_class (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_NATIVE)
         && ((BsNative *) v.as.object)->klass == &dtype_class_type.base;
}

BsDType
bs_np_dtype_class_dtype (BsValue v)
{
  return native_dtype (v);
}

BsValue
bs_np_dtype_class_value (BsInterp *in,
                         BsDType   dtype)
{
  if (bs_value_is_none (in->np_dtype_classes[dtype]))
    in->np_dtype_classes[dtype] = bs_native_new (in->heap, &dtype_class_type.base,
                                                 GINT_TO_POINTER (dtype));
  return bs_value_ref (in->np_dtype_classes[dtype]);
}

/* type(np.dtype('float64'))(): the dtype; numpy refuses arguments */
DECLARED (dtype_class_call)
{
  gsize n_args = 0, n_kwargs = 0;

  bs_value_items (bs_call_value (call, 1), &n_args);
  if (bs_value_is_object (bs_call_value (call, 2), BS_OBJECT_DICT))
    n_kwargs = ((BsDict *) bs_call_value (call, 2).as.object)->n_live;
  if (n_args > 0 || n_kwargs > 0)
    return bs_raise (in, "TypeError", "currently only the no-argument instantiation is "
                     "supported; use `np.dtype` instead.");
  *r = bs_np_dtype_value (in, native_dtype (call->self));
  return TRUE;
}

/* --- numpy._DTypeMeta ----------------------------------------------------------- */

static gboolean
meta_repr (BsInterp *in,
           BsValue   self,
           GString  *out)
{
  g_string_append (out, "<class 'numpy._DTypeMeta'>");
  return TRUE;
}

static gboolean
meta_getattr (BsInterp   *in,
              BsValue     self,
              const char *name,
              BsValue    *out,
              gboolean   *found)
{
  *found = TRUE;
  if (strcmp (name, "__name__") == 0 || strcmp (name, "__qualname__") == 0)
    *out = bs_str_value (in, "_DTypeMeta");
  else if (strcmp (name, "__module__") == 0)
    *out = bs_str_value (in, "numpy");
  else if (strcmp (name, "__mro__") == 0)
    *out = tuple3 (in, self, bs_lookup_builtin (in, "type"), bs_lookup_builtin (in, "object"));
  else
    *found = FALSE;
  return TRUE;
}

/* its instances' class, for type(): a type */
static const BsNativeType meta_type = {
  { "type", NULL }, meta_getattr, NULL, meta_repr, NULL, NULL,
};

gboolean
bs_np_is_dtype_meta (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_NATIVE)
         && ((BsNative *) v.as.object)->klass == &meta_type.base;
}

BsValue
bs_np_dtype_meta_value (BsInterp *in)
{
  if (bs_value_is_none (in->np_dtype_meta))
    in->np_dtype_meta = bs_native_new (in->heap, &meta_type.base, NULL);
  return bs_value_ref (in->np_dtype_meta);
}

static const BsSignatureRow rows[] = {
  { "numpy._DTypeMeta", BS_SIG_BUILTIN, "_DTypeMeta.__call__(self, /, *args, **kwargs)",
    dtype_class_call, 0 },
};

const BsSignatureTable bs_np_dtype_class_table = BS_SIGNATURE_TABLE (rows);
