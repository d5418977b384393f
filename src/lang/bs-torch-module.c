/* bs-torch-module.c: the torch module, tensor attributes, methods and operators */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"
#include "bs-warnings.h"

#include <math.h>
#include <string.h>

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-error.h"
#include "bs-float-repr.h"
#include "bs-generator.h"
#include "bs-nn.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-np-array.h"


/* --- dtypes ------------------------------------------------------------ */

static gboolean
dtype_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  g_string_append (out, bs_dtype_name (GPOINTER_TO_INT (((BsNative *) self.as.object)->data)));
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
  if (strcmp (name, "is_floating_point") == 0)
    *out = BS_BOOL (bs_dtype_is_floating (dtype));
  else
    *found = FALSE;
  return TRUE;
}

static const BsNativeType dtype_type = {
  { "torch.dtype", NULL }, dtype_getattr, NULL, dtype_repr,
};
const BsNativeClass bs_dtype_class = { "torch.dtype", NULL };

/* The dtypes Backstep's tensors do not have (int32, uint8, float16...): torch.dtype objects
 * that print, compare and answer is_floating_point, and that every function taking a dtype
 * refuses by name. data: their static "torch.int32". */
static gboolean
unsupported_dtype_repr (BsInterp *in,
                        BsValue   self,
                        GString  *out)
{
  g_string_append (out, ((BsNative *) self.as.object)->data);
  return TRUE;
}

static gboolean
unsupported_dtype_getattr (BsInterp   *in,
                           BsValue     self,
                           const char *name,
                           BsValue    *out,
                           gboolean   *found)
{
  const char *dtype = ((BsNative *) self.as.object)->data;

  *found = strcmp (name, "is_floating_point") == 0;
  if (*found)
    *out = BS_BOOL (strstr (dtype, "float") != NULL);
  return TRUE;
}

static const BsNativeType unsupported_dtype_type = {
  { "torch.dtype", NULL }, unsupported_dtype_getattr, NULL, unsupported_dtype_repr,
};

const char *
bs_value_unsupported_dtype (BsValue v)
{
  return bs_value_native (v, &unsupported_dtype_type.base);
}

gboolean
bs_raise_unsupported_dtype (BsInterp   *in,
                            const char *name)
{
  return bs_raise (in, "NotImplementedError", "%s tensors are not supported by Backstep (its "
                   "tensors are torch.float32, torch.float64, torch.float16, torch.bfloat16, "
                   "torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8 and "
                   "torch.bool)", name);
}

BsValue
bs_dtype_value (BsInterp *in,
                BsDType   dtype)
{
  return in->dtypes[dtype];
}

gboolean
bs_value_dtype (BsInterp *in,
                BsValue   v,
                BsDType  *dtype)
{
  if (bs_value_is_object (v, BS_OBJECT_NATIVE)
      && ((BsNative *) v.as.object)->klass == &dtype_type.base)
    {
      *dtype = GPOINTER_TO_INT (((BsNative *) v.as.object)->data);
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_BUILTIN))
    {
      const char *name = ((BsBuiltin *) v.as.object)->name;

      if (strcmp (name, "float") == 0)
        {
          *dtype = BS_DTYPE_FLOAT64;
          return TRUE;
        }
      if (strcmp (name, "int") == 0)
        {
          *dtype = BS_DTYPE_INT64;
          return TRUE;
        }
      if (strcmp (name, "bool") == 0)
        {
          *dtype = BS_DTYPE_BOOL;
          return TRUE;
        }
    }
  if (bs_value_unsupported_dtype (v) != NULL)
    return bs_raise_unsupported_dtype (in, bs_value_unsupported_dtype (v));
  return bs_raise (in, "TypeError", "expected a torch.dtype, not '%s'", bs_type_name (v));
}

/* --- wrapping ---------------------------------------------------------- */

BsValue
bs_wrap_tensor (BsInterp *in,
                BsTensor *t)
{
  if (t == NULL)
    return BS_NONE;
  return bs_tensor_value (in->heap, t);
}

static gboolean
collect_data (BsInterp *in,
              BsValue   v,
              int       depth,
              gint64   *shape,
              int      *ndim,
              GArray   *values,
              GArray   *ints,
              int      *kind,   /* 0 bool, 1 int, 2 float, 3 float64 */
              int       check)  /* the dtype each number must fit, or -1 */
{
  gsize n;
  BsValue *items;
  BsTensor *t;

  if (depth > BS_MAX_DIMS)
    return bs_raise (in, "ValueError", "too many dimensions");
  if (bs_is_number (v))
    {
      double d = v.type == BS_VALUE_FLOAT ? v.as.number
               : v.type == BS_VALUE_BOOL ? v.as.boolean : (double) v.as.integer;
      /* ints exactly, for an int64 tensor (a double has 53 bits) */
      gint64 i = v.type == BS_VALUE_INT ? v.as.integer : v.type == BS_VALUE_BOOL ? v.as.boolean
               : !(fabs (d) < 9.3e18) ? G_MININT64 : (gint64) d;

      if (*ndim < 0)
        *ndim = depth;
      else if (*ndim != depth)
        return bs_raise (in, "ValueError", "expected sequence of length %" G_GINT64_FORMAT
                         " at dim %d (got %s)", shape[depth], depth, "a number");
      if (check >= 0 && !bs_check_data_fits (in, v, check))
        return FALSE;
      /* numpy's float64 is a double to PyTorch, a Python float the default dtype */
      *kind = MAX (*kind, v.type == BS_VALUE_FLOAT ? (v.numpy ? 3 : 2)
                          : v.type == BS_VALUE_INT ? 1 : 0);
      g_array_append_val (values, d);
      g_array_append_val (ints, i);
      if (values->len > (256u << 20) / 8)
        return bs_raise (in, "MemoryError", "tensor data too large");
      return TRUE;
    }
  t = bs_value_tensor (v) != NULL ? bs_value_tensor (v) : bs_np_tensor_of (v);
  if (t != NULL && t->ndim == 0)
    {
      double d = bs_tensor_item (t);
      gint64 i = bs_dtype_is_floating (t->dtype) ? (gint64) d : bs_tensor_get_int (t, 0);

      if (check >= 0 && !bs_check_data_fits (in, bs_dtype_is_floating (t->dtype) ? BS_FLOAT (d)
                                             : BS_INT (bs_tensor_get_int (t, 0)), check))
        return FALSE;
      if (*ndim < 0)
        *ndim = depth;
      *kind = MAX (*kind, t->dtype == BS_DTYPE_FLOAT64 ? 3 : bs_dtype_is_floating (t->dtype) ? 2
                          : bs_dtype_is_integral (t->dtype) ? 1 : 0);
      g_array_append_val (values, d);
      g_array_append_val (ints, i);
      return TRUE;
    }
  if (t != NULL)
    {
      BsValue list;
      gboolean ok;

      if (!bs_call_method (in, v, "tolist", NULL, 0, &list))
        return FALSE;
      ok = collect_data (in, list, depth, shape, ndim, values, ints, kind, check);
      bs_value_unref (list);
      return ok;
    }
  items = bs_value_items (v, &n);
  if (items == NULL)
    return bs_raise (in, "TypeError", "new(): invalid data type '%s'", bs_type_name (v));
  if (*ndim >= 0 && depth >= *ndim)
    return bs_raise (in, "ValueError", "expected a number at dim %d", depth);
  if (shape[depth] < 0)
    shape[depth] = n;
  else if (shape[depth] != (gint64) n)
    return bs_raise (in, "ValueError", "expected sequence of length %" G_GINT64_FORMAT
                     " at dim %d (got %zu)", shape[depth], depth, n);
  if (n == 0 && *ndim < 0)
    *ndim = depth + 1;
  for (gsize i = 0; i < n; i++)
    if (!collect_data (in, items[i], depth + 1, shape, ndim, values, ints, kind, check))
      return FALSE;
  return TRUE;
}

gboolean
bs_tensor_from_data (BsInterp  *in,
                     BsValue    data,
                     gboolean   has_dtype,
                     BsDType    dtype,
                     BsTensor **out)
{
  gint64 shape[BS_MAX_DIMS + 1];
  int ndim = -1, kind = 0;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ints = g_array_new (FALSE, FALSE, sizeof (gint64));
  GError *error = NULL;

  for (int i = 0; i <= BS_MAX_DIMS; i++)
    shape[i] = -1;
  if (!collect_data (in, data, 0, shape, &ndim, values, ints, &kind,
                     has_dtype ? (int) dtype : -1))
    return FALSE;
  if (ndim < 0)
    ndim = 0;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      shape[i] = 0;
  if (!has_dtype)
    {
      if (values->len == 0)
        kind = 2;
      dtype = kind == 3 ? BS_DTYPE_FLOAT64 : kind == 2 ? BS_DTYPE_FLOAT32
            : kind == 1 ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
    }
  if (dtype == BS_DTYPE_INT64)
    {
      *out = bs_tensor_new (in->context, dtype, ndim, shape, &error);
      if (*out != NULL && ints->len > 0)
        memcpy (bs_tensor_data (*out), ints->data, ints->len * sizeof (gint64));
    }
  else
    *out = bs_tensor_new_from_doubles (in->context, dtype, ndim, shape, (double *) values->data,
                                       &error);
  if (*out == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (*out);
  return TRUE;
}

/* A Python number as PyTorch wraps it: a float as float64, an int as an exact int64, a bool
 * as bool, each a 0-dim wrapped number (it promotes like a Python scalar). */
BsTensor *
bs_wrap_number (BsInterp *in,
                BsValue   v)
{
  BsDType dtype = v.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
                : v.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
  GError *error = NULL;
  BsTensor *t = bs_tensor_new (in->context, dtype, 0, NULL, &error);

  if (t == NULL)
    {
      bs_raise_gerror (in, error);
      return NULL;
    }
  if (v.type == BS_VALUE_FLOAT)
    *(double *) bs_tensor_data (t) = v.as.number;
  else if (v.type == BS_VALUE_INT)
    *(gint64 *) bs_tensor_data (t) = v.as.integer;
  else
    *(guint8 *) bs_tensor_data (t) = v.as.boolean != 0;
  t->is_wrapped_number = TRUE;
  /* it is used once, by the op it is an operand of (or reused, see operand_tensor): never
   * an inference tensor, which only inference mode's ops could see */
  t->is_inference = FALSE;
  return t;
}

BsTensor *
bs_as_tensor (BsInterp *in,
              BsValue   v)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return bs_tensor_ref (t);
  if (bs_is_number (v))
    return bs_wrap_number (in, v);
  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      BsTensor *out = NULL;

      if (bs_tensor_from_data (in, v, FALSE, BS_DTYPE_FLOAT32, &out))
        return out;
      return NULL;
    }
  bs_raise (in, "TypeError", "expected Tensor as element 0 in argument 0, but got %s",
            bs_type_name (v));
  return NULL;
}

void
bs_torch_clear (BsInterp *in)
{
  for (guint i = 0; i < G_N_ELEMENTS (in->operands); i++)
    g_clear_pointer (&in->operands[i], bs_tensor_unref);
}

/* --- grad_fn ----------------------------------------------------------- */

static gboolean
grad_fn_repr (BsInterp *in,
              BsValue   self,
              GString  *out)
{
  BsNode *node = ((BsNative *) self.as.object)->data;

  /* a Function's node is a Python class PyTorch makes in torch.autograd.function */
  g_string_append_printf (out, "<%s%s object at " BS_ADDRESS_FORMAT ">",
                          node->op == BS_OP_CUSTOM ? "torch.autograd.function." : "",
                          bs_grad_fn_class_name (node), bs_value_address (self));
  return TRUE;
}

static gboolean grad_fn_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                 gboolean *found);

static const BsNativeType device_type;

static void
grad_fn_free (BsNode *node)
{
  node->py_object = NULL;
  bs_node_unref (node);
}

static guint64
grad_fn_node_id (gconstpointer node)
{
  return ((const BsNode *) node)->id;
}

static const BsNativeType grad_fn_type = {
  { "grad_fn", (GDestroyNotify) grad_fn_free, grad_fn_node_id }, grad_fn_getattr, NULL,
  grad_fn_repr,
};
const BsNativeClass bs_grad_fn_class = { "grad_fn", NULL };

gboolean
bs_grad_fn_value (BsInterp *in,
                  BsNode   *node,
                  BsValue  *out)
{
  if (node == NULL)
    {
      *out = BS_NONE;
      return TRUE;
    }
  /* One object per node while it lives, as PyTorch's */
  if (node->py_object != NULL)
    {
      *out = bs_value_ref (BS_OBJECT (node->py_object));
      return TRUE;
    }
  *out = bs_native_new (in->heap, &grad_fn_type.base, bs_node_ref (node));
  node->py_object = out->as.object;
  return TRUE;
}

const char *
bs_grad_fn_value_name (BsValue v)
{
  BsNode *node = bs_value_native (v, &grad_fn_type.base);

  return node != NULL ? bs_grad_fn_class_name (node) : NULL;
}

/* grad_fn.name(): CPython words its complaints with the node's class name */
static gboolean
grad_fn_name (BsInterp *in, BsCall *call, BsValue *r)
{
  BsNode *node = ((BsNative *) call->self.as.object)->data;
  /* a torch.autograd.Function's node is a Python class; PyTorch names its base */
  const char *type = node->custom != NULL ? "_FunctionBase" : bs_node_name (node);
  gsize n;

  bs_value_items (bs_call_value (call, 0), &n);
  if (((BsDict *) bs_call_value (call, 1).as.object)->n_live > 0)
    return bs_raise (in, "TypeError", "%s.name() takes no keyword arguments", type);
  if (n > 0)
    return bs_raise (in, "TypeError", "%s.name() takes no arguments (%zu given)", type, n);
  *r = bs_str_value (in, bs_node_name (node));
  return TRUE;
}

static void
metadata_free (gpointer dict)
{
  bs_value_unref (BS_OBJECT (dict));
}

static gboolean
grad_fn_getattr (BsInterp   *in,
                 BsValue     self,
                 const char *name,
                 BsValue    *out,
                 gboolean   *found)
{
  BsNode *node = ((BsNative *) self.as.object)->data;

  *found = TRUE;
  /* name(), register_hook(), register_prehook() */
  if (bs_signature_set_find (in->signatures, "Node", name) != NULL)
    *out = bs_decl_builtin (in, bs_signature_set_find (in->signatures, "Node", name),
                            bs_value_ref (self));
  else if (strcmp (name, "next_functions") == 0)
    {
      /* an input that is never differentiated (an index, a target) is no edge in
       * PyTorch's graph; a NotImplemented node (floor_divide's) has edges only to the
       * inputs that require grad */
      gboolean only_tracked = node->op == BS_OP_FLOOR_DIVIDE;
      guint nondiff = node->custom == NULL && node->op < BS_N_OPS
                      ? bs_op_info (node->op)->nondiff_inputs : 0;
      guint n = 0, k = 0;
      BsValue t;

      for (guint i = 0; i < node->n_inputs; i++)
        n += !(nondiff & (1u << MIN (i, 31))) && (!only_tracked || node->next[i].node != NULL);
      t = bs_tuple_new (in->heap, n);
      for (guint i = 0; i < node->n_inputs; i++)
        {
          BsValue pair[2];

          if ((nondiff & (1u << MIN (i, 31))) || (only_tracked && node->next[i].node == NULL))
            continue;
          bs_grad_fn_value (in, node->next[i].node, &pair[0]);
          pair[1] = BS_INT (node->next[i].input_nr);
          ((BsTuple *) t.as.object)->items[k++] = bs_tuple_from (in, pair, 2);
          bs_value_unref (pair[0]);
        }
      *out = t;
    }
  else if (strcmp (name, "variable") == 0 && node->variable != NULL)
    *out = bs_wrap_tensor (in, bs_tensor_ref (node->variable));
  else if (strcmp (name, "metadata") == 0)
    {
      /* one dict per node, kept by the node as PyTorch's */
      if (node->metadata == NULL)
        {
          node->metadata = bs_dict_new (in->heap).as.object;
          node->metadata_destroy = metadata_free;
        }
      *out = bs_value_ref (BS_OBJECT (node->metadata));
    }
  else
    *found = FALSE;
  return TRUE;
}

/* --- attributes -------------------------------------------------------- */

static BsValue
size_value (BsInterp *in,
            BsTensor *t)
{
  BsValue v = bs_tuple_new (in->heap, t->ndim);

  for (int i = 0; i < t->ndim; i++)
    ((BsTuple *) v.as.object)->items[i] = BS_INT (t->shape[i]);
  ((BsTuple *) v.as.object)->is_size = TRUE;
  return v;
}

gboolean
bs_tensor_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  BsTensor *t = SELF;
  const BsDecl *decl;

  *found = TRUE;
  if (strcmp (name, "grad") == 0)
    {
      if (!bs_tensor_is_leaf (t) && !t->retains_grad
          && !bs_warn (in, "UserWarning", "The .grad attribute of a Tensor that is not a leaf Tensor is being "
              "accessed. Its .grad attribute won't be populated during autograd.backward(). If you indeed "
              "want the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on "
              "the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you "
              "access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for "
              "more informations. (Triggered internally at  "
              "./build/aten/src/ATen/core/TensorBody.h:480.)"))
        return FALSE;
      *out = bs_wrap_tensor (in, bs_tensor_get_grad (t) != NULL
                                   ? bs_tensor_ref (bs_tensor_get_grad (t)) : NULL);
      return TRUE;
    }
  if (strcmp (name, "requires_grad") == 0)
    {
      *out = BS_BOOL (bs_tensor_requires_grad (t));
      return TRUE;
    }
  if (strcmp (name, "is_leaf") == 0 || strcmp (name, "grad_fn") == 0)
    {
      GError *error = NULL;

      if (!bs_check_view_unchanged (t, &error))
        return bs_raise_gerror (in, error);
    }
  if (strcmp (name, "is_leaf") == 0)
    {
      *out = BS_BOOL (bs_tensor_is_leaf (t));
      return TRUE;
    }
  if (strcmp (name, "grad_fn") == 0)
    return bs_grad_fn_value (in, t->grad_fn, out);
  if (strcmp (name, "output_nr") == 0)
    {
      *out = BS_INT (t->output_nr);
      return TRUE;
    }
  if (strcmp (name, "data") == 0)
    {
      *out = bs_wrap_tensor (in, bs_tensor_data_alias (t));
      return TRUE;
    }
  if (strcmp (name, "shape") == 0)
    {
      *out = size_value (in, t);
      return TRUE;
    }
  if (strcmp (name, "dtype") == 0)
    {
      *out = bs_value_ref (bs_dtype_value (in, t->dtype));
      return TRUE;
    }
  if (strcmp (name, "ndim") == 0)
    {
      *out = BS_INT (t->ndim);
      return TRUE;
    }
  if (strcmp (name, "T") == 0)
    {
      GError *error = NULL;
      BsTensor *res;
      gint64 dims[BS_MAX_DIMS];

      if (t->ndim != 2
          && !bs_torch_warn_once (in, "The use of `x.T` on tensors of dimension other than 2 "
                                  "to reverse their shape is deprecated and it will throw an "
                                  "error in a future release. Consider `x.mT` to transpose "
                                  "batches of matrices or `x.permute(*torch.arange(x.ndim - 1, "
                                  "-1, -1))` to reverse the dimensions of a tensor. (Triggered "
                                  "internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)"))
        return FALSE;
      for (int i = 0; i < t->ndim; i++)
        dims[i] = t->ndim - 1 - i;
      res = bs_permute (t, dims, t->ndim, &error);
      if (res == NULL)
        return bs_raise_gerror (in, error);
      *out = bs_wrap_tensor (in, res);
      return TRUE;
    }
  /* mT, mH, H: the last two dims transposed (real tensors: H is mT of a matrix) */
  if (strcmp (name, "mT") == 0 || strcmp (name, "mH") == 0 || strcmp (name, "H") == 0)
    {
      GError *error = NULL;
      BsTensor *res;

      if (name[0] == 'H' && t->ndim != 2)
        return bs_raise (in, "RuntimeError", "tensor.H is only supported on matrices (2-D "
                         "tensors). Got %d-D tensor.%s", t->ndim,
                         t->ndim > 2 ? " For batches of matrices, consider using tensor.mH"
                                     : "");
      if (t->ndim < 2)
        return bs_raise (in, "RuntimeError", "tensor.%s is only supported on matrices or "
                         "batches of matrices. Got %d-D tensor.", name, t->ndim);
      res = bs_transpose (t, -2, -1, &error);
      if (res == NULL)
        return bs_raise_gerror (in, error);
      *out = bs_wrap_tensor (in, res);
      return TRUE;
    }
  if (strcmp (name, "is_cuda") == 0)
    {
      *out = BS_BOOL (FALSE);
      return TRUE;
    }
  if (strcmp (name, "device") == 0)
    {
      *out = bs_torch_cpu_device (in);
      return TRUE;
    }
  if (strcmp (name, "_base") == 0)
    {
      *out = t->view_base != NULL ? bs_wrap_tensor (in, bs_tensor_ref (t->view_base)) : BS_NONE;
      return TRUE;
    }
  if (strcmp (name, "_version") == 0)
    {
      if (bs_tensor_lacks_version (t))
        return bs_raise (in, "RuntimeError", "Inference tensors do not track version counter.");
      *out = BS_INT (bs_tensor_version (t));
      return TRUE;
    }
  decl = bs_signature_set_find (in->signatures, "Tensor", name);
  if (decl != NULL)
    {
      *out = bs_decl_builtin (in, decl, bs_value_ref (self));
      return TRUE;
    }
  *found = FALSE;
  return TRUE;
}

gboolean
bs_tensor_setattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue     value)
{
  BsTensor *t = SELF;
  GError *error = NULL;

  if (strcmp (name, "requires_grad") == 0)
    {
      gboolean b;

      if (!bs_truthy (in, value, &b))
        return FALSE;
      if (!bs_tensor_set_requires_grad (t, b, &error))
        return bs_raise_gerror (in, error);
      return TRUE;
    }
  if (strcmp (name, "grad") == 0)
    {
      if (bs_value_is_none (value))
        bs_tensor_set_grad (t, NULL);
      else if (bs_value_tensor (value) != NULL)
        bs_tensor_set_grad (t, bs_value_tensor (value));
      else
        return bs_raise (in, "TypeError", "assigned grad expected to be a Tensor or None but got "
                         "grad of type %s", bs_type_name (value));
      return TRUE;
    }
  if (strcmp (name, "data") == 0)
    {
      BsTensor *src = bs_value_tensor (value);

      if (src == NULL)
        return bs_raise (in, "TypeError", "data must be a Tensor");
      if (!bs_tensor_same_shape (t, src) || src->dtype != t->dtype)
        return bs_raise (in, "NotImplementedError", "assigning .data of another shape or dtype "
                         "is not supported by Backstep");
      if (!bs_tensor_copy_from (t, src, &error))
        return bs_raise_gerror (in, error);
      return TRUE;
    }
  return bs_raise (in, "AttributeError", "'Tensor' object attribute '%s' is read-only or unknown",
                   name);
}

/* collections.OrderedDict(): a dict that prints as PyTorch's state_dict() */
static gboolean
ordered_dict_new (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n_args;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n_args);
  BsDict *kw = (BsDict *) bs_call_value (call, 1).as.object;
  BsValue d;

  if (n_args > 1)
    return bs_raise (in, "TypeError", "expected at most 1 arguments, got %zu", n_args);
  d = bs_dict_new (in->heap);
  ((BsDict *) d.as.object)->is_ordered = TRUE;
  if (n_args > 0)
    {
      BsValue list;
      BsValue *items;
      gsize n;

      if (bs_value_is_object (args[0], BS_OBJECT_DICT))
        {
          BsValue view;
          gboolean ok;

          if (!bs_call_method (in, args[0], "items", NULL, 0, &view))
            goto fail;
          ok = bs_to_list (in, view, &list);
          bs_value_unref (view);
          if (!ok)
            goto fail;
        }
      else if (!bs_to_list (in, args[0], &list))
        goto fail;
      items = bs_value_items (list, &n);
      for (gsize i = 0; i < n; i++)
        {
          gsize m;
          BsValue *pair = bs_value_items (items[i], &m);

          if (pair == NULL || m != 2)
            {
              bs_value_unref (list);
              bs_raise (in, "ValueError", "need 2 values to unpack for OrderedDict()");
              goto fail;
            }
          if (!bs_py_dict_set (in, d, pair[0], bs_value_ref (pair[1])))
            {
              bs_value_unref (list);
              goto fail;
            }
        }
      bs_value_unref (list);
    }
  if (!bs_py_dict_merge (in, d, BS_OBJECT (kw)))
    goto fail;
  *r = d;
  return TRUE;

fail:
  bs_value_unref (d);
  return FALSE;
}

/* --- torch.device: Backstep only has the CPU ---------------------------- */

static gboolean
device_getattr (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  *found = strcmp (name, "type") == 0 || strcmp (name, "index") == 0;
  if (strcmp (name, "type") == 0)
    *out = bs_str_value (in, ((BsNative *) self.as.object)->data);
  else if (*found)
    *out = BS_NONE;
  return TRUE;
}

static gboolean
device_repr (BsInterp *in,
             BsValue   self,
             GString  *out)
{
  g_string_append_printf (out, "device(type='%s')", (char *) ((BsNative *) self.as.object)->data);
  return TRUE;
}

static gboolean
device_str (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  g_string_append (out, ((BsNative *) self.as.object)->data);
  return TRUE;
}

static const BsNativeType device_type = {
  { "torch.device", g_free }, device_getattr, NULL, device_repr, device_str,
};

BsValue
bs_torch_cpu_device (BsInterp *in)
{
  return bs_native_new (in->heap, &device_type.base, g_strdup ("cpu"));
}

gboolean
bs_torch_check_device (BsInterp *in,
                       BsValue   device)
{
  const char *name = bs_value_str (device);

  if (bs_value_is_none (device))
    return TRUE;
  if (bs_value_native (device, &device_type.base) != NULL)
    name = ((BsNative *) device.as.object)->data;
  if (name == NULL)
    return bs_raise (in, "RuntimeError", "Backstep runs on the CPU only: device %s is not "
                     "available", bs_type_name (device));
  if (strcmp (name, "cpu") == 0)
    return TRUE;
  if (g_str_has_prefix (name, "cuda"))
    return bs_raise (in, "AssertionError", "Torch not compiled with CUDA enabled");
  return bs_raise (in, "RuntimeError", "Backstep runs on the CPU only: device '%s' is not "
                   "available", name);
}

/* Device(device), Device(type, index=-1) */
static gboolean
torch_device (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsValue v = bs_call_value (call, 0);
  const char *type = bs_value_str (v);
  g_autofree char *base = NULL;

  if (bs_value_native (v, &device_type.base) != NULL)
    {
      *r = bs_value_ref (v);
      return TRUE;
    }
  if (type == NULL)
    return bs_raise (in, "RuntimeError", "Backstep has no device %" G_GINT64_FORMAT
                     ": it runs on the CPU only", bs_call_int (call, 0));
  if (call->sig->n_params > 1 && bs_call_has (call, 1))
    return bs_raise (in, "NotImplementedError", "device(type, index) is not supported by "
                     "Backstep: the CPU has no index");
  base = g_strndup (type, strcspn (type, ":"));
  if (strcmp (base, "cpu") != 0 && strcmp (base, "cuda") != 0 && strcmp (base, "mps") != 0)
    return bs_raise (in, "RuntimeError", "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, "
                     "opencl, ideep, hip, ve, ort, mps, xla, lazy, vulkan, meta, hpu device type "
                     "at start of device string: %s", type);
  /* a device can be named without CUDA; using it is what fails */
  *r = bs_native_new (in->heap, &device_type.base, g_steal_pointer (&base));
  return TRUE;
}

static gboolean
torch_false (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  *r = BS_BOOL (FALSE);
  return TRUE;
}

/* Size(sizes=()) */
static gboolean
torch_size (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsValue list;
  BsValue *items;
  gsize n;

  if (!bs_call_has (call, 0))
    list = bs_list_new (in->heap);
  else if (!bs_to_list (in, bs_call_value (call, 0), &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    if (!bs_is_int (items[i]))
      {
        bs_value_unref (list);
        return bs_raise (in, "TypeError", "torch.Size() takes an iterable of 'int' (item %"
                         G_GSIZE_FORMAT " is '%s')", i, bs_type_name (items[i]));
      }
  *r = bs_tuple_from (in, items, n);
  ((BsTuple *) r->as.object)->is_size = TRUE;
  bs_value_unref (list);
  return TRUE;
}

/* A new leaf holding data: a tensor's or an array's elements copied (with PyTorch's
 * warning for a tensor), or a nested list's; in dtype when has_dtype, and requiring grad
 * when rg */
static gboolean
tensor_of_data (BsInterp  *in,
                BsValue    data,
                gboolean   has_dtype,
                BsDType    dtype,
                gboolean   rg,
                BsValue   *r)
{
  GError *error = NULL;
  BsTensor *t;

  if (bs_value_tensor (data) != NULL)
    {
      BsTensor *src = bs_value_tensor (data);

      if (!bs_torch_warn (in, "To copy construct from a tensor, it is recommended to use "
                          "sourceTensor.clone().detach() or sourceTensor.clone().detach()"
                          ".requires_grad_(True), rather than torch.tensor(sourceTensor)."))
        return FALSE;
      t = bs_tensor_contiguous_copy (src, has_dtype ? dtype : src->dtype, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (bs_np_tensor_of (data) != NULL)
    {
      BsTensor *src = bs_np_tensor_of (data);

      t = bs_tensor_contiguous_copy (src, has_dtype ? dtype : src->dtype, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (!bs_tensor_from_data (in, data, has_dtype, dtype, &t))
    return FALSE;
  if (rg && !bs_dtype_is_floating (t->dtype))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "Only Tensors of floating point and complex dtype can "
                       "require gradients");
    }
  if (rg && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* tensor(data, *, dtype=None, device=None, pin_memory=False, requires_grad=False,
 * names=None) */
static gboolean
torch_tensor (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  if (bs_call_has (call, 5))
    return bs_raise (in, "NotImplementedError", "tensor(names=...): Backstep has no named "
                     "tensors");
  if (bs_call_bool (call, 3))
    return bs_raise (in, "RuntimeError", "Pinned memory requires CUDA.");
  if (!bs_torch_check_device (in, bs_call_value (call, 2)))
    return FALSE;
  return tensor_of_data (in, bs_call_value (call, 0), bs_call_has (call, 1),
                         bs_call_dtype (call, 1, BS_DTYPE_FLOAT32), bs_call_bool (call, 4), r);
}

/* Tensor.new_tensor(data, dtype=None, device=None, requires_grad=False): in self's dtype
 * unless dtype= says otherwise */
static gboolean
new_tensor (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  if (!bs_torch_check_device (in, bs_call_value (call, 3)))
    return FALSE;
  return tensor_of_data (in, bs_call_value (call, 1), TRUE,
                         bs_call_dtype (call, 2, bs_call_self (call)->dtype),
                         bs_call_bool (call, 4), r);
}

/* The legacy constructors: torch.Tensor(2, 3), torch.FloatTensor([[1, 2]]): sizes (filled
 * with zeros, where PyTorch leaves memory uninitialised; a torch.Size too; none: an empty
 * tensor) or data, in dtype */
static gboolean
legacy_make (BsInterp *in,
             BsDType   dtype,
             BsValue   args,
             BsValue   device,
             BsValue  *r)
{
  gsize n;
  BsValue *items = bs_value_items (args, &n);
  gint64 shape[BS_MAX_DIMS];
  gboolean sizes = TRUE;
  GError *error = NULL;
  BsTensor *t;

  if (!bs_torch_check_device (in, device))
    return FALSE;
  if (n == 1 && bs_value_is_object (items[0], BS_OBJECT_TUPLE)
      && ((BsTuple *) items[0].as.object)->is_size)
    items = bs_value_items (items[0], &n);
  for (gsize i = 0; i < n; i++)
    sizes &= items[i].type == BS_VALUE_INT;
  if (sizes)
    {
      if (n > BS_MAX_DIMS)
        return bs_raise (in, "RuntimeError", "Backstep tensors have at most %d dimensions",
                         BS_MAX_DIMS);
      for (gsize i = 0; i < n; i++)
        {
          shape[i] = items[i].as.integer;
          if (shape[i] < 0)
            return bs_raise (in, "RuntimeError", "Trying to create tensor with negative "
                             "dimension %" G_GINT64_FORMAT, shape[i]);
        }
      shape[0] = n == 0 ? 0 : shape[0];
      t = bs_tensor_new_full (in->context, dtype, MAX (n, 1), shape, 0.0, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (n == 1 && bs_value_tensor (items[0]) != NULL)
    {
      BsTensor *src = bs_value_tensor (items[0]);

      if (src->dtype != dtype)
        return bs_raise (in, "TypeError", "expected %s (got %s)", bs_dtype_tensor_type (dtype),
                         bs_dtype_tensor_type (src->dtype));
      t = bs_tensor_ref (src);
    }
  else if (n == 1 && (bs_value_is_object (items[0], BS_OBJECT_LIST)
                     || bs_value_is_object (items[0], BS_OBJECT_TUPLE)))
    {
      if (!bs_tensor_from_data (in, items[0], TRUE, dtype, &t))
        return FALSE;
    }
  else
    return bs_raise (in, "TypeError", "new(): invalid data type '%s'",
                     n > 0 ? bs_type_name (items[n - 1]) : "NoneType");
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* torch.Tensor(*args), torch.FloatTensor(...): the row's dtype */
static gboolean
legacy_new (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  return legacy_make (in, (BsDType) bs_call_data (call), bs_call_value (call, 0),
                      bs_call_value (call, 1), r);
}

/* Tensor.new(*args): the legacy constructor of self's dtype */
static gboolean
tensor_new (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  return legacy_make (in, bs_call_self (call)->dtype, bs_call_value (call, 1),
                      bs_call_value (call, 2), r);
}

#define LEGACY(name, dtype) \
  { "torch", BS_SIG_PYTHON, name "(*args, device=None)", legacy_new, dtype }

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_TORCH, "tensor(PyObject* data, *, ScalarType dtype=None, "
    "Device? device=None, bool pin_memory=False, bool requires_grad=False, "
    "DimnameList? names=None)", torch_tensor, 0 },
  { "Tensor", BS_SIG_PYTHON, "Tensor.new(self, *args, device=None)", tensor_new, 0 },
  { "Tensor", BS_SIG_TORCH, "new_tensor(Tensor input, PyObject* data, *, "
    "ScalarType? dtype=None, Device? device=None, bool requires_grad=False)", new_tensor, 0 },
  LEGACY ("Tensor", BS_DTYPE_FLOAT32),
  LEGACY ("FloatTensor", BS_DTYPE_FLOAT32),
  LEGACY ("DoubleTensor", BS_DTYPE_FLOAT64),
  LEGACY ("LongTensor", BS_DTYPE_INT64),
  LEGACY ("BoolTensor", BS_DTYPE_BOOL),
  LEGACY ("IntTensor", BS_DTYPE_INT32),
  LEGACY ("ShortTensor", BS_DTYPE_INT16),
  LEGACY ("CharTensor", BS_DTYPE_INT8),
  LEGACY ("ByteTensor", BS_DTYPE_UINT8),
  LEGACY ("HalfTensor", BS_DTYPE_FLOAT16),
  LEGACY ("BFloat16Tensor", BS_DTYPE_BFLOAT16),
  { "torch", BS_SIG_TORCH, "Device(Device device)", torch_device, 0, "device" },
  { "torch", BS_SIG_TORCH, "Device(c10::string_view type, int64_t? index=-1)", torch_device, 0,
    "device" },
  { "torch", BS_SIG_PYTHON, "Size(sizes=None)", torch_size, 0 },
  { "torch.cuda torch.backends.mps", BS_SIG_PYTHON, "is_available()", torch_false, 0 },
  { "Node", BS_SIG_BUILTIN, "name(*args, **kwargs)", grad_fn_name, 0 },
  { "collections", BS_SIG_BUILTIN, "OrderedDict(*args, **kwargs)", ordered_dict_new, 0 },
};

static const BsSignatureTable torch_module_table = BS_SIGNATURE_TABLE (rows);

/* --- helpers the binding files share --------------------------------------- */

BsTensor *
bs_call_self (BsCall *call)
{
  BsTensor *t = bs_value_tensor (call->self);

  return t != NULL ? t : bs_call_tensor (call, 0);
}

gboolean
bs_call_return_tensor (BsCall   *call,
                       BsTensor *t,
                       GError  **errorp,
                       BsValue  *result)
{
  BsInterp *in = call->in;
  GError *error = NULL;

  if (t == NULL)
    return errorp != NULL && *errorp != NULL ? bs_raise_gerror (in, g_steal_pointer (errorp))
                                             : FALSE;
  for (guint i = 0; i < call->sig->n_params; i++)
    if (!call->sig->params[i].absent && strcmp (call->sig->params[i].name, "out") == 0
        && bs_call_has (call, i))
      {
        BsTensor *out = bs_value_tensor (call->values[i]);
        BsTensor *copied;

        if (out == NULL)
          {
            bs_tensor_unref (t);
            return bs_raise (in, "NotImplementedError", "%s(out=...) with a tuple is not "
                             "supported by Backstep", call->sig->name);
          }
        copied = bs_copy_ (out, t, &error);
        bs_tensor_unref (t);
        if (copied == NULL)
          return bs_raise_gerror (in, error);
        *result = bs_wrap_tensor (in, copied);
        return TRUE;
      }
  *result = bs_wrap_tensor (in, t);
  return TRUE;
}

BsValue
bs_torch_return_pair (BsInterp   *in,
                      const char *type,
                      BsTensor   *values,
                      BsTensor   *indices)
{
  BsValue pair[2] = { bs_wrap_tensor (in, values), bs_wrap_tensor (in, indices) };
  BsValue r = bs_tuple_from (in, pair, 2);

  bs_value_unref (pair[0]);
  bs_value_unref (pair[1]);
  ((BsTuple *) r.as.object)->struct_seq = type;
  return r;
}

gboolean
bs_call_return_pair (BsCall      *call,
                     const char  *type,
                     BsTensor    *values,
                     BsTensor    *indices,
                     GError     **error,
                     BsValue     *result)
{
  if (values == NULL)
    {
      g_clear_pointer (&indices, bs_tensor_unref);
      return bs_raise_gerror (call->in, g_steal_pointer (error));
    }
  for (guint i = 0; i < call->sig->n_params; i++)
    if (!call->sig->params[i].absent && strcmp (call->sig->params[i].name, "out") == 0
        && bs_call_has (call, i))
      {
        bs_tensor_unref (values);
        g_clear_pointer (&indices, bs_tensor_unref);
        return bs_raise (call->in, "NotImplementedError", "%s(out=...) is not supported by "
                         "Backstep", call->sig->name);
      }
  *result = bs_torch_return_pair (call->in, type, values, indices);
  return TRUE;
}

BsValue
bs_call_receiver (BsCall *call)
{
  return call->given[0] ? call->values[0] : call->self;
}

gboolean
bs_torch_refuse_named (BsInterp *in,
                       BsCall   *call,
                       BsValue  *result)
{
  return bs_raise (in, "NotImplementedError", "%s() with a dimension name: Backstep has no "
                   "named tensors", call->sig->name);
}

int
bs_call_dim (BsCall *call,
             guint   i)
{
  return (int) CLAMP (bs_call_int (call, i), -1000, 1000);
}

BsValue
bs_torch_size_value (BsInterp *in,
                     BsTensor *t)
{
  return size_value (in, t);
}

gboolean
bs_torch_warn (BsInterp   *in,
               const char *message)
{
  return bs_warn (in, "UserWarning", message);
}

gboolean
bs_torch_warn_once (BsInterp   *in,
                    const char *message)
{
  if (in->torch_warned_once == NULL)
    in->torch_warned_once = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!g_hash_table_add (in->torch_warned_once, g_strdup (message)))
    return TRUE;
  return bs_torch_warn (in, message);
}

BsTensor *
bs_torch_operand (BsInterp *in,
                  BsValue   v)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return bs_tensor_ref (t);
  return bs_as_tensor (in, v);
}

/* --- set-up ------------------------------------------------------------ */

static const BsSignatureTable *const tables[] = {
  &bs_tensor_math_table,
  &bs_tensor_methods_table,
  &bs_tensor_reduce_table,
  &bs_tensor_select_table,
  &bs_tensor_histogram_table,
  &bs_torch_random_table,
  &bs_torch_einsum_table,
  &bs_torch_factories_table,
  &bs_functional_table,
  &bs_nn_conv_table,
  &bs_nn_pool_table,
  &bs_tensor_activation_table,
  &bs_optim_table,
  &bs_torch_autograd_table,
  &bs_grad_mode_table,
  &bs_torch_dtypes_table,
  &torch_module_table,
  &bs_np_torch_table,
};

void
bs_torch_signatures_add (BsSignatureSet *set)
{
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    bs_signature_set_add (set, tables[i]);
}

/* Every function declared for owner becomes an attribute of module. */
static void
install (BsInterp   *in,
         const char *owner,
         BsValue     module)
{
  bs_module_add_declared (in, module, owner, BS_NONE);
}

void
bs_torch_init (BsInterp *in)
{
  BsValue torch = bs_module_new (in, "torch");
  BsValue nn = bs_module_new (in, "torch.nn");
  BsValue functional = bs_module_new (in, "torch.nn.functional");
  BsValue autograd = bs_module_new (in, "torch.autograd");
  BsValue variable = bs_module_new (in, "torch.autograd.variable");
  BsValue optim = bs_module_new (in, "torch.optim");
  BsValue cuda = bs_module_new (in, "torch.cuda");
  BsValue backends = bs_module_new (in, "torch.backends");
  BsValue mps = bs_module_new (in, "torch.backends.mps");
  BsValue td = ((BsModule *) torch.as.object)->dict;
  BsValue nd = ((BsModule *) nn.as.object)->dict;
  static const char *const dtype_names[][2] = {
    { "float32", "float" }, { "float64", "double" }, { "int64", "long" }, { "bool", NULL },
    { "int32", "int" }, { "int16", "short" }, { "int8", NULL }, { "uint8", NULL },
    { "float16", "half" }, { "bfloat16", NULL },
  };
  static const BsDType dtype_ids[] = {
    BS_DTYPE_FLOAT32, BS_DTYPE_FLOAT64, BS_DTYPE_INT64, BS_DTYPE_BOOL,
    BS_DTYPE_INT32, BS_DTYPE_INT16, BS_DTYPE_INT8, BS_DTYPE_UINT8,
    BS_DTYPE_FLOAT16, BS_DTYPE_BFLOAT16,
  };
  /* the printed name, then the names torch has for it */
  static const char *const unsupported_dtypes[][3] = {
    { "torch.complex64", "complex64", "cfloat" }, { "torch.complex128", "complex128", "cdouble" },
  };

  bs_torch_signatures_add (in->signatures);
  for (guint i = 0; i < G_N_ELEMENTS (dtype_ids); i++)
    {
      BsValue v = bs_native_new (in->heap, &dtype_type.base, GINT_TO_POINTER (dtype_ids[i]));

      in->dtypes[dtype_ids[i]] = v;
      bs_dict_set_str (td, dtype_names[i][0], bs_value_ref (v));
      if (dtype_names[i][1] != NULL)
        bs_dict_set_str (td, dtype_names[i][1], bs_value_ref (v));
    }
  for (guint i = 0; i < G_N_ELEMENTS (unsupported_dtypes); i++)
    {
      BsValue v = bs_native_new (in->heap, &unsupported_dtype_type.base,
                                 (gpointer) unsupported_dtypes[i][0]);

      for (guint k = 1; k < 3 && unsupported_dtypes[i][k] != NULL; k++)
        bs_dict_set_str (td, unsupported_dtypes[i][k], bs_value_ref (v));
      bs_value_unref (v);
    }

  install (in, "torch", torch);
  install (in, "torch.nn", nn);
  install (in, "torch.nn.functional", functional);
  install (in, "torch.autograd", autograd);
  install (in, "torch.autograd.variable", variable);
  install (in, "torch.cuda", cuda);
  install (in, "torch.backends.mps", mps);
  /* collections.OrderedDict (src/lang/py/collections.py takes it from here) */
  bs_dict_set_str (nd, "_ordered_dict",
                   bs_decl_builtin (in, bs_signature_set_find (in->signatures, "collections",
                                                               "OrderedDict"), BS_NONE));
  bs_dict_set_str (td, "cuda", bs_value_ref (cuda));
  bs_dict_set_str (((BsModule *) backends.as.object)->dict, "mps", bs_value_ref (mps));
  bs_dict_set_str (td, "backends", bs_value_ref (backends));
  bs_dict_set_str (td, "nn", bs_value_ref (nn));
  bs_dict_set_str (td, "autograd", bs_value_ref (autograd));
  bs_dict_set_str (td, "optim", bs_value_ref (optim));
  bs_dict_set_str (nd, "functional", bs_value_ref (functional));
  bs_autograd_function_init (in, autograd);
  bs_torch_random_init (in, torch);

  install (in, "torch.optim", optim);

  bs_value_unref (torch);
  bs_value_unref (nn);
  bs_value_unref (functional);
  bs_value_unref (autograd);
  bs_value_unref (variable);
  bs_value_unref (optim);
  bs_value_unref (cuda);
  bs_value_unref (backends);
  bs_value_unref (mps);
}
