/* bs-tensor-methods.c: Tensor's views and shapes, conversions, autograd methods and
 * reading values, declared by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

#include "bs-backward.h"
#include "bs-generator.h"
#include "bs-node.h"

static BsValue
receiver (BsCall *call)
{
  return call->given[0] ? call->values[0] : call->self;
}

/* --- shapes ---------------------------------------------------------------- */

typedef BsTensor *(*ShapeFunc) (BsTensor *a, const gint64 *shape, int ndim, GError **error);

/* view(size), reshape(shape), expand(size): the row's data is the engine's function */
static gboolean
reshape (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  ShapeFunc f = (ShapeFunc) bs_call_data (call);
  gint64 shape[BS_MAX_DIMS];
  int n = bs_call_int_list (call, 1, shape);
  GError *error = NULL;

  if (n < 0)
    return FALSE;
  return bs_call_return_tensor (call, f (bs_call_self (call), shape, n, &error), &error, r);
}

static gboolean
view_dtype (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  BsDType dtype = bs_call_dtype (call, 1, x->dtype);
  GError *error = NULL;

  if (dtype != x->dtype)
    return bs_raise (in, "NotImplementedError", "view(dtype) reinterpreting memory is not "
                     "supported by Backstep");
  return bs_call_return_tensor (call, bs_tensor_ref (x), &error, r);
}

/* view_as(other), expand_as(other): data 1 for expand_as */
static gboolean
shape_as (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsTensor *x = bs_call_self (call), *o = bs_call_tensor (call, 1);
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_call_data (call)
                                        ? bs_expand (x, o->shape, o->ndim, &error)
                                        : bs_view (x, o->shape, o->ndim, &error), &error, r);
}

static gboolean
flatten (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_flatten (bs_call_self (call), bs_call_dim (call, 1),
                                                  bs_call_dim (call, 2), &error), &error, r);
}

static gboolean
transpose (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_transpose (bs_call_self (call), bs_call_dim (call, 1),
                                                    bs_call_dim (call, 2), &error), &error, r);
}

static gboolean
transpose_t (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_t (bs_call_self (call), &error), &error, r);
}

/* Tensor.t_(self) */
static gboolean
transpose_t_ (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  GError *error = NULL;
  BsTensor *t = bs_t_ (bs_call_self (call), &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (call->self);
  return TRUE;
}

static gboolean
permute (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  gint64 dims[BS_MAX_DIMS];
  int n = bs_call_int_list (call, 1, dims);
  GError *error = NULL;

  if (n < 0)
    return FALSE;
  return bs_call_return_tensor (call, bs_permute (bs_call_self (call), dims, n, &error), &error,
                                r);
}

static gboolean
squeeze (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);

  if (call->sig->n_params > 1)
    return bs_call_return_tensor (call, bs_squeeze_dim (x, bs_call_dim (call, 1), &error),
                                  &error, r);
  return bs_call_return_tensor (call, bs_squeeze (x, &error), &error, r);
}

static gboolean
unsqueeze (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_unsqueeze (bs_call_self (call), bs_call_dim (call, 1),
                                                    &error), &error, r);
}

static gboolean
contiguous (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_contiguous (bs_call_self (call), &error), &error, r);
}

static gboolean
clone_ (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_clone (bs_call_self (call), &error), &error, r);
}

static gboolean
index_select (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_index_select (bs_call_self (call), bs_call_dim (call, 1),
                                                       bs_call_tensor (call, 2), &error),
                                &error, r);
}

/* --- reading values --------------------------------------------------------- */

static gboolean
item (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  BsTensor *t = bs_call_self (call);
  double v;

  if (bs_tensor_numel (t) != 1)
    return bs_raise (in, "ValueError", "only one element tensors can be converted to Python "
                     "scalars");
  v = bs_tensor_item (t);
  if (t->dtype == BS_DTYPE_BOOL)
    *r = BS_BOOL (v != 0.0);
  else if (bs_dtype_is_integral (t->dtype))
    *r = BS_INT (bs_tensor_get_int (t, 0));
  else
    *r = BS_FLOAT (v);
  return TRUE;
}

static BsValue
tolist_rec (BsInterp     *in,
            BsTensor     *t,
            const double *values,
            int           dim,
            gint64       *offset)
{
  BsValue list;

  if (dim == t->ndim)
    {
      double v = values[(*offset)++];

      if (t->dtype == BS_DTYPE_BOOL)
        return BS_BOOL (v != 0.0);
      if (bs_dtype_is_integral (t->dtype))  /* exactly, not through the double */
        return BS_INT (bs_tensor_get_int (t, *offset - 1));
      return BS_FLOAT (v);
    }
  list = bs_list_new (in->heap);
  for (gint64 i = 0; i < t->shape[dim]; i++)
    bs_list_append (list, tolist_rec (in, t, values, dim + 1, offset));
  return list;
}

static gboolean
tolist (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BsTensor *t = bs_call_self (call);
  g_autofree double *values = bs_tensor_to_doubles (t);
  gint64 offset = 0;

  *r = tolist_rec (in, t, values, 0, &offset);
  return TRUE;
}

static gboolean
size (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  BsTensor *t = bs_call_self (call);
  GError *error = NULL;
  int dim;

  if (call->sig->n_params == 1)
    {
      *r = bs_torch_size_value (in, t);
      return TRUE;
    }
  dim = bs_call_dim (call, 1);
  if (!bs_wrap_dim (&dim, MAX (t->ndim, 1), &error))
    return bs_raise_gerror (in, error);
  *r = BS_INT (t->ndim == 0 ? 1 : t->shape[dim]);
  return TRUE;
}

/* stride() as a tuple, stride(dim) as an int (a 0-d tensor has no dims to ask for) */
static gboolean
stride (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BsTensor *t = bs_call_self (call);
  GError *error = NULL;
  BsValue items[BS_MAX_DIMS];
  int dim;

  if (call->sig->n_params == 1)
    {
      for (int i = 0; i < t->ndim; i++)
        items[i] = BS_INT (t->strides[i]);
      *r = bs_tuple_from (in, items, t->ndim);
      return TRUE;
    }
  dim = bs_call_dim (call, 1);
  if (!bs_wrap_dim (&dim, MAX (t->ndim, 1), &error))
    return bs_raise_gerror (in, error);
  *r = BS_INT (t->ndim == 0 ? 1 : t->strides[dim]);
  return TRUE;
}

/* is_contiguous(memory_format=torch.contiguous_format), storage_offset() (data 1) */
static gboolean
layout_query (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsTensor *t = bs_call_self (call);

  if (bs_call_data (call) == 1)
    *r = BS_INT (t->offset);
  else
    *r = BS_BOOL (bs_tensor_is_contiguous (t));
  return TRUE;
}

static gboolean
dim (BsInterp *in,
     BsCall   *call,
     BsValue  *r)
{
  *r = BS_INT (bs_call_self (call)->ndim);
  return TRUE;
}

static gboolean
numel (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  *r = BS_INT (bs_tensor_numel (bs_call_self (call)));
  return TRUE;
}

static gboolean
is_floating_point (BsInterp *in,
                   BsCall   *call,
                   BsValue  *r)
{
  *r = BS_BOOL (bs_dtype_is_floating (bs_call_self (call)->dtype));
  return TRUE;
}

/* --- autograd ---------------------------------------------------------------- */

static gboolean
is_inference (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  *r = BS_BOOL (bs_call_self (call)->is_inference);
  return TRUE;
}

static gboolean
detach (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  *r = bs_wrap_tensor (in, bs_tensor_detach (bs_call_self (call)));
  return TRUE;
}

static gboolean
detach_ (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  GError *error = NULL;

  if (!bs_tensor_detach_ (bs_call_self (call), &error))
    return bs_raise_gerror (in, error);
  *r = bs_value_ref (receiver (call));
  return TRUE;
}

static gboolean
requires_grad_ (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  GError *error = NULL;

  if (!bs_tensor_set_requires_grad (bs_call_self (call), bs_call_bool (call, 1), &error))
    return bs_raise_gerror (in, error);
  *r = bs_value_ref (receiver (call));
  return TRUE;
}

static gboolean
retain_grad (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  GError *error = NULL;

  if (!bs_tensor_retain_grad (bs_call_self (call), &error))
    return bs_raise_gerror (in, error);
  *r = BS_NONE;
  return TRUE;
}

/* Tensor.backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None) */
static gboolean
backward (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  gboolean create_graph, retain_graph;
  GError *error = NULL;
  g_autoptr(BsTensor) grad = NULL;
  gboolean ok;

  if (!bs_truthy (in, bs_call_value (call, 3), &create_graph))
    return FALSE;
  retain_graph = create_graph;
  if (bs_call_has (call, 2) && !bs_truthy (in, bs_call_value (call, 2), &retain_graph))
    return FALSE;
  if (bs_call_has (call, 4))
    return bs_raise (in, "NotImplementedError", "backward(inputs=...) is not supported by "
                     "Backstep");
  if (bs_call_has (call, 1))
    {
      grad = bs_as_tensor (in, bs_call_value (call, 1));
      if (grad == NULL)
        return FALSE;
    }
  ok = bs_tensor_backward (bs_call_self (call), grad, retain_graph, create_graph, &error);
  if (!ok)
    return bs_raise_gerror (in, error);
  *r = BS_NONE;
  return TRUE;
}

typedef struct {
  BsInterp *in;
  BsValue   func;
} HookData;

static void
hook_data_free (gpointer p)
{
  HookData *d = p;

  bs_value_unref (d->func);
  g_free (d);
}

/* A hook's __name__, as PyTorch's messages name it ("?" without one) */
static char *
hook_name (BsInterp *in,
           BsValue   func)
{
  BsValue name = BS_NONE;
  gboolean found = FALSE;
  char *text = NULL;

  if (!bs_getattr_opt (in, func, "__name__", &name, &found))
    {
      bs_value_unref (in->exc);
      in->exc = BS_NONE;
    }
  else if (found)
    text = g_strdup (bs_value_str (name));
  bs_value_unref (name);
  return text != NULL ? text : g_strdup ("?");
}

static BsTensor *
run_hook (BsTensor  *grad,
          gpointer   user_data,
          GError   **error)
{
  HookData *d = user_data;
  BsInterp *in = d->in;
  BsValue arg = bs_wrap_tensor (in, grad != NULL ? bs_tensor_ref (grad) : NULL), result;
  BsTensor *out = NULL;

  if (!bs_call_simple (in, d->func, &arg, 1, &result))
    {
      bs_value_unref (arg);
      bs_callback_failed (in, error);
      return NULL;
    }
  bs_value_unref (arg);
  if (grad == NULL && !bs_value_is_none (result))
    {
      bs_raise (in, "RuntimeError", "can't replace a None gradient with a non-None value");
      bs_callback_failed (in, error);
    }
  else if (bs_value_tensor (result) != NULL)
    {
      out = bs_tensor_ref (bs_value_tensor (result));
      if (out->dtype != grad->dtype || !bs_tensor_same_shape (out, grad))
        {
          /* PyTorch's checks of what a hook returns, naming the hook by its __name__ */
          g_autofree char *text = hook_name (in, d->func);

          if (out->dtype != grad->dtype)
            bs_raise (in, "RuntimeError", "hook '%s' has changed the type of value (was %s got "
                      "%s)", text, bs_dtype_tensor_type (grad->dtype),
                      bs_dtype_tensor_type (out->dtype));
          else
            bs_raise (in, "RuntimeError", "hook '%s' has changed the size of value", text);
          g_clear_pointer (&out, bs_tensor_unref);
          bs_callback_failed (in, error);
        }
    }
  else if (!bs_value_is_none (result))
    {
      bs_raise (in, "TypeError", "expected Variable, but hook returned '%s'",
                bs_type_name (result));
      bs_callback_failed (in, error);
    }
  bs_value_unref (result);
  return out;
}

/* A hook the engine holds, for the torch.utils.hooks.RemovableHandle that removes it (see
 * _EngineHooks in torch.utils.hooks.py): it holds the tensor or node (PyTorch's handle
 * holds its hooks' dict weakly; Backstep has no weak references) */
typedef struct {
  BsTensor *tensor;   /* Owned; NULL once removed */
  BsNode   *node;     /* Owned: a grad_fn's hook's node instead; NULL once removed */
  guint     id;
} EngineHook;

static void
engine_hook_free (gpointer p)
{
  EngineHook *h = p;

  g_clear_pointer (&h->tensor, bs_tensor_unref);
  g_clear_pointer (&h->node, bs_node_unref);
  g_free (h);
}

static gboolean
engine_hook_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out,
                     gboolean   *found)
{
  *found = strcmp (name, "remove") == 0;
  if (*found)
    *out = bs_decl_builtin (in, bs_signature_set_find (in->signatures, "_EngineHook", name),
                            bs_value_ref (self));
  return TRUE;
}

static const BsNativeType engine_hook_type = {
  { "_EngineHook", engine_hook_free }, engine_hook_getattr, NULL, NULL,
};

/* _EngineHook.remove(self); a second remove does nothing, as in PyTorch */
static gboolean
engine_hook_remove (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  EngineHook *h = ((BsNative *) call->self.as.object)->data;

  if (h->tensor != NULL)
    bs_tensor_remove_hook (h->tensor, h->id);
  if (h->node != NULL)
    bs_node_remove_hook (h->node, h->id);
  g_clear_pointer (&h->tensor, bs_tensor_unref);
  g_clear_pointer (&h->node, bs_node_unref);
  *r = BS_NONE;
  return TRUE;
}

/* The torch.utils.hooks.RemovableHandle of hook h (taken) */
static gboolean
removable_handle (BsInterp   *in,
                  EngineHook *h,
                  BsValue    *r)
{
  BsValue hook = bs_native_new (in->heap, &engine_hook_type.base, h);
  BsValue module, make = BS_NONE;
  gboolean ok;

  ok = bs_import_module (in, "torch.utils.hooks", &module);
  if (ok)
    {
      ok = bs_getattr (in, module, "_engine_handle", &make);
      bs_value_unref (module);
    }
  ok = ok && bs_call_simple (in, make, &hook, 1, r);
  bs_value_unref (make);
  bs_value_unref (hook);
  return ok;
}

/* Tensor.register_hook(self, hook) */
static gboolean
register_hook (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  HookData *d = g_new0 (HookData, 1);
  EngineHook *h;
  GError *error = NULL;
  guint id;

  d->in = in;
  d->func = bs_value_ref (bs_call_value (call, 1));
  id = bs_tensor_register_hook (bs_call_self (call), run_hook, d, hook_data_free, &error);
  if (id == 0 && error != NULL)
    return bs_raise_gerror (in, error);
  h = g_new0 (EngineHook, 1);
  h->tensor = bs_tensor_ref (bs_call_self (call));
  h->id = id;
  return removable_handle (in, h, r);
}

/* gradients as a tuple, None where there is none */
static BsValue
grads_tuple (BsInterp        *in,
             BsTensor *const *grads,
             guint            n)
{
  BsValue t = bs_tuple_new (in->heap, n);

  for (guint i = 0; i < n; i++)
    ((BsTuple *) t.as.object)->items[i] = grads[i] != NULL
      ? bs_wrap_tensor (in, bs_tensor_ref (grads[i])) : BS_NONE;
  return t;
}

/* The new gradients a node's hook returned, with PyTorch's checks; FALSE once raised */
static gboolean
take_hook_result (BsInterp  *in,
                  BsValue    func,
                  BsValue    result,
                  BsTensor **grads,
                  guint      n)
{
  gsize got;
  BsValue *items;

  if (bs_value_is_none (result))
    return TRUE;
  if (!bs_value_is_object (result, BS_OBJECT_TUPLE))
    return bs_raise (in, "TypeError", "expected tuple, but hook returned '%s'",
                     bs_type_name (result));
  items = bs_value_items (result, &got);
  if (got != n)
    {
      g_autofree char *name = hook_name (in, func);

      return bs_raise (in, "RuntimeError", "hook '%s' has returned an incorrect number of values "
                       "(got %zu, but expected %u)", name, got, n);
    }
  for (guint i = 0; i < n; i++)
    {
      if (!bs_value_is_none (items[i]) && grads[i] == NULL)
        return bs_raise (in, "RuntimeError", "can't replace a None gradient with a non-None "
                         "value");
      if (!bs_value_is_none (items[i]) && bs_value_tensor (items[i]) == NULL)
        return bs_raise (in, "TypeError", "expected Variable, but hook returned '%s'",
                         bs_type_name (items[i]));
    }
  for (guint i = 0; i < n; i++)
    {
      BsTensor *t = bs_value_tensor (items[i]);

      g_clear_pointer (&grads[i], bs_tensor_unref);
      grads[i] = t != NULL ? bs_tensor_ref (t) : NULL;
    }
  return TRUE;
}

/* grad_fn.register_prehook's hook(grad_outputs) and register_hook's hook(grad_inputs,
 * grad_outputs) */
static gboolean
run_node_hook (BsTensor        **grads,
               guint             n_grads,
               BsTensor *const  *grad_outputs,
               guint             n_outputs,
               gpointer          user_data,
               GError          **error)
{
  HookData *d = user_data;
  BsInterp *in = d->in;
  gboolean post = grad_outputs != NULL;
  BsValue args[2] = { grads_tuple (in, grads, n_grads), BS_NONE }, result;
  gboolean ok;

  if (post)
    args[1] = grads_tuple (in, grad_outputs, n_outputs);
  ok = bs_call_simple (in, d->func, args, post ? 2 : 1, &result);
  bs_value_unref (args[0]);
  bs_value_unref (args[1]);
  if (ok)
    {
      ok = take_hook_result (in, d->func, result, grads, n_grads);
      bs_value_unref (result);
    }
  if (!ok)
    bs_callback_failed (in, error);
  return ok;
}

/* grad_fn.register_prehook(hook), grad_fn.register_hook(hook) (data 1), with CPython's
 * checks of a built-in of one argument */
static gboolean
node_register_hook (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  BsNode *node = ((BsNative *) call->self.as.object)->data;
  gboolean post = bs_call_data (call) != 0;
  const char *method = post ? "register_hook" : "register_prehook";
  const char *type = node->custom != NULL ? "_FunctionBase" : bs_node_name (node);
  HookData *d;
  EngineHook *h;
  BsValue *args;
  gsize n;

  args = bs_value_items (bs_call_value (call, 0), &n);
  if (((BsDict *) bs_call_value (call, 1).as.object)->n_live > 0)
    return bs_raise (in, "TypeError", "%s.%s() takes no keyword arguments", type, method);
  if (n != 1)
    return bs_raise (in, "TypeError", "%s.%s() takes exactly one argument (%zu given)", type,
                     method, n);
  d = g_new0 (HookData, 1);
  d->in = in;
  d->func = bs_value_ref (args[0]);
  h = g_new0 (EngineHook, 1);
  h->node = bs_node_ref (node);
  h->id = bs_node_add_hook (node, post, run_node_hook, d, hook_data_free);
  return removable_handle (in, h, r);
}

/* --- conversions --------------------------------------------------------------- */

static gboolean
convert_to (BsInterp *in,
            BsCall   *call,
            BsDType   dtype,
            BsValue  *r)
{
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);

  if (x->dtype == dtype)
    {
      *r = bs_value_ref (receiver (call));
      return TRUE;
    }
  return bs_call_return_tensor (call, bs_to_dtype (x, dtype, &error), &error, r);
}

/* float(), double(), long(), bool(): the row's data is the dtype */
static gboolean
convert (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  return convert_to (in, call, (BsDType) bs_call_data (call), r);
}

/* to(device=None, dtype=None, non_blocking=False, copy=False) */
static gboolean
to_device (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  BsTensor *x = bs_call_self (call);

  if (!bs_torch_check_device (in, bs_call_value (call, 1)))
    return FALSE;
  if (bs_call_bool (call, 4))
    return bs_call_return_tensor (call, bs_clone (x, NULL), NULL, r);
  return convert_to (in, call, bs_call_dtype (call, 2, x->dtype), r);
}

static gboolean
to_dtype (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsTensor *x = bs_call_self (call);

  return convert_to (in, call, bs_call_dtype (call, 1, x->dtype), r);
}

static gboolean
to_other (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  return convert_to (in, call, bs_call_tensor (call, 1)->dtype, r);
}

static gboolean
cpu (BsInterp *in,
     BsCall   *call,
     BsValue  *r)
{
  *r = bs_value_ref (receiver (call));
  return TRUE;
}

static gboolean
cuda (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  return bs_raise (in, "AssertionError", "Torch not compiled with CUDA enabled");
}

/* type(dtype=None): the type's name, or a conversion */
static gboolean
type (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  BsValue d = bs_call_value (call, 1);
  BsDType dtype;
  const char *name = bs_value_str (d);

  if (bs_value_is_none (d))
    {
      *r = bs_str_value (in, bs_dtype_tensor_type (x->dtype));
      return TRUE;
    }
  /* the legacy classes: x.type(torch.IntTensor) */
  if (bs_value_is_object (d, BS_OBJECT_BUILTIN) && ((BsBuiltin *) d.as.object)->decl != NULL)
    for (dtype = 0; dtype < BS_N_DTYPES; dtype++)
      if (strcmp (bs_dtype_tensor_type (dtype) + 6, ((BsBuiltin *) d.as.object)->name) == 0)
        return convert_to (in, call, dtype, r);
  if (name != NULL)
    {
      for (dtype = 0; dtype < BS_N_DTYPES; dtype++)
        if (strcmp (bs_dtype_tensor_type (dtype), name) == 0)
          return convert_to (in, call, dtype, r);
      return bs_raise (in, "ValueError", "invalid type: '%s'", name);
    }
  if (!bs_value_dtype (in, d, &dtype))
    return FALSE;
  return convert_to (in, call, dtype, r);
}

#define TT "torch Tensor"
#define NOARGS(name, func) { "Tensor", BS_SIG_BUILTIN, "_TensorBase." #name "()", func, 0 }

static const BsSignatureRow rows[] = {
  { "Tensor", BS_SIG_TORCH, "view(Tensor input, ScalarType dtype)", view_dtype, 0 },
  { "Tensor", BS_SIG_TORCH, "view(Tensor input, SymIntArrayRef size)", reshape,
    (gintptr) bs_view },
  { TT, BS_SIG_TORCH, "reshape(Tensor input, SymIntArrayRef shape)", reshape,
    (gintptr) bs_reshape },
  { "Tensor", BS_SIG_TORCH, "expand(Tensor input, SymIntArrayRef size, *, bool implicit=False)",
    reshape, (gintptr) bs_expand },
  { "Tensor", BS_SIG_TORCH, "view_as(Tensor input, Tensor other)", shape_as, 0 },
  { "Tensor", BS_SIG_TORCH, "expand_as(Tensor input, Tensor other)", shape_as, 1 },
  { TT, BS_SIG_TORCH, "flatten(Tensor input, int64_t start_dim, int64_t end_dim, "
    "Dimname out_dim)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)", flatten,
    0 },
  { TT, BS_SIG_TORCH, "flatten(Tensor input, Dimname start_dim, Dimname end_dim, "
    "Dimname out_dim)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "flatten(Tensor input, DimnameList dims, Dimname out_dim)",
    bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "transpose(Tensor input, int64_t dim0, int64_t dim1)", transpose, 0 },
  { TT, BS_SIG_TORCH, "transpose(Tensor input, Dimname dim0, Dimname dim1)",
    bs_torch_refuse_named, 0 },
  NOARGS (t, transpose_t),
  NOARGS (t_, transpose_t_),
  { "torch", BS_SIG_TORCH, "t(Tensor input)", transpose_t, 0 },
  { TT, BS_SIG_TORCH, "permute(Tensor input, IntArrayRef dims)", permute, 0 },
  { TT, BS_SIG_TORCH, "squeeze(Tensor input)", squeeze, 0 },
  { TT, BS_SIG_TORCH, "squeeze(Tensor input, int64_t dim)", squeeze, 0 },
  { TT, BS_SIG_TORCH, "squeeze(Tensor input, Dimname dim)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "unsqueeze(Tensor input, int64_t dim)", unsqueeze, 0 },
  { "Tensor", BS_SIG_TORCH, "contiguous(Tensor input, *, "
    "MemoryFormat memory_format=contiguous_format)", contiguous, 0 },
  { TT, BS_SIG_TORCH, "clone(Tensor input, *, MemoryFormat? memory_format=None)", clone_, 0 },
  { TT, BS_SIG_TORCH, "index_select(Tensor input, int64_t dim, Tensor index, *, "
    "Tensor out=None)", index_select, 0 },
  { TT, BS_SIG_TORCH, "index_select(Tensor input, Dimname dim, Tensor index, *, "
    "Tensor out=None)", bs_torch_refuse_named, 0 },

  NOARGS (item, item),
  NOARGS (tolist, tolist),
  { "Tensor", BS_SIG_TORCH, "size(Tensor input, int64_t dim)", size, 0 },
  { "Tensor", BS_SIG_TORCH, "size(Tensor input)", size, 0 },
  { "Tensor", BS_SIG_TORCH, "size(Tensor input, Dimname dim)", bs_torch_refuse_named, 0 },
  NOARGS (dim, dim),
  { "Tensor", BS_SIG_TORCH, "stride(Tensor input, int64_t dim)", stride, 0 },
  { "Tensor", BS_SIG_TORCH, "stride(Tensor input)", stride, 0 },
  { "Tensor", BS_SIG_TORCH, "stride(Tensor input, Dimname dim)", bs_torch_refuse_named, 0 },
  { "Tensor", BS_SIG_TORCH, "is_contiguous(Tensor input, *, MemoryFormat "
    "memory_format=contiguous_format)", layout_query, 0 },
  { "Tensor", BS_SIG_TORCH, "storage_offset(Tensor input)", layout_query, 1 },
  NOARGS (numel, numel),
  NOARGS (nelement, numel),
  { "torch", BS_SIG_TORCH, "numel(Tensor input)", numel, 0 },
  NOARGS (is_floating_point, is_floating_point),
  { "torch", BS_SIG_TORCH, "is_floating_point(Tensor input)", is_floating_point, 0 },

  NOARGS (is_inference, is_inference),
  { "torch", BS_SIG_TORCH, "is_inference(Tensor input)", is_inference, 0 },
  NOARGS (detach, detach),
  { "torch", BS_SIG_TORCH, "detach(Tensor input)", detach, 0 },
  NOARGS (detach_, detach_),
  { "torch", BS_SIG_TORCH, "detach_(Tensor input)", detach_, 0 },
  { "Tensor", BS_SIG_TORCH, "requires_grad_(Tensor input, bool requires_grad=True)",
    requires_grad_, 0 },
  NOARGS (retain_grad, retain_grad),
  { "Tensor", BS_SIG_PYTHON, "Tensor.backward(self, gradient=None, retain_graph=None, "
    "create_graph=False, inputs=None)", backward, 0 },
  { "Tensor", BS_SIG_PYTHON, "Tensor.register_hook(self, hook)", register_hook, 0 },
  { "Node", BS_SIG_BUILTIN, "register_prehook(*args, **kwargs)", node_register_hook, 0 },
  { "Node", BS_SIG_BUILTIN, "register_hook(*args, **kwargs)", node_register_hook, 1 },
  { "_EngineHook", BS_SIG_PYTHON, "_EngineHook.remove(self)", engine_hook_remove, 0 },

  { "Tensor", BS_SIG_TORCH, "float(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_FLOAT32 },
  { "Tensor", BS_SIG_TORCH, "double(Tensor input, *, MemoryFormat? memory_format=None)",
    convert, BS_DTYPE_FLOAT64 },
  { "Tensor", BS_SIG_TORCH, "long(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_INT64 },
  { "Tensor", BS_SIG_TORCH, "bool(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_BOOL },
  { "Tensor", BS_SIG_TORCH, "int(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_INT32 },
  { "Tensor", BS_SIG_TORCH, "short(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_INT16 },
  { "Tensor", BS_SIG_TORCH, "char(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_INT8 },
  { "Tensor", BS_SIG_TORCH, "byte(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_UINT8 },
  { "Tensor", BS_SIG_TORCH, "half(Tensor input, *, MemoryFormat? memory_format=None)", convert,
    BS_DTYPE_FLOAT16 },
  { "Tensor", BS_SIG_TORCH, "bfloat16(Tensor input, *, MemoryFormat? memory_format=None)",
    convert, BS_DTYPE_BFLOAT16 },
  { "Tensor", BS_SIG_TORCH, "to(Tensor input, Device device=None, ScalarType dtype=None, "
    "bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)", to_device,
    0 },
  { "Tensor", BS_SIG_TORCH, "to(Tensor input, ScalarType dtype, bool non_blocking=False, "
    "bool copy=False, *, MemoryFormat? memory_format=None)", to_dtype, 0 },
  { "Tensor", BS_SIG_TORCH, "to(Tensor input, Tensor tensor, bool non_blocking=False, "
    "bool copy=False, *, MemoryFormat? memory_format=None)", to_other, 0 },
  { "Tensor", BS_SIG_TORCH, "cpu(Tensor input, *, MemoryFormat? memory_format=None)", cpu, 0 },
  { "Tensor", BS_SIG_TORCH, "cuda(Tensor input, Device? device=None, bool non_blocking=False, "
    "*, MemoryFormat? memory_format=None)", cuda, 0 },
  { "Tensor", BS_SIG_TORCH, "type(Tensor input, PyObject* dtype=None, bool non_blocking=False, "
    "*, MemoryFormat? memory_format=None)", type, 0 },
  { "Tensor", BS_SIG_TORCH, "type(Tensor input, PyObject* dtype=None, bool async=False, *, "
    "MemoryFormat? memory_format=None)|deprecated", type, 0 },

};

const BsSignatureTable bs_tensor_methods_table = BS_SIGNATURE_TABLE (rows);
