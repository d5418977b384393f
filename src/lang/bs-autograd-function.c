/* bs-autograd-function.c: torch.autograd.Function, its ctx and apply()
 *
 * apply() runs the class's forward under no_grad with a fresh ctx, then hangs
 * an engine node on the result (bs-custom-function.h); the node calls the
 * class's backward with the same ctx.
 *
 * The ctx and the node point at each other without owning each other both
 * ways: the node owns the ctx (backward needs it), the ctx only borrows the
 * node. Whichever goes first unhooks itself from the other, as the heap's
 * teardown may finalise the ctx before the tensors that own the node.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <string.h>

#include "bs-custom-function.h"
#include "bs-error.h"
#include "bs-node.h"
#include "bs-signature.h"

typedef struct _NodeData NodeData;

typedef struct {
  BsValue   klass;
  BsValue   dict;              /* what the script stores on ctx */
  BsValue   to_save;           /* the save_for_backward() tuple, or None */
  BsValue   needs_input_grad;  /* a tuple of bools */
  BsValue   non_differentiable; /* the mark_non_differentiable() tuple, or None */
  BsNode   *node;              /* Borrowed */
  NodeData *node_data;         /* Borrowed */
  guint     n_saved;
  gboolean  keep_none;         /* ctx.set_materialize_grads(False) */
} CtxData;

struct _NodeData {
  BsInterp *in;
  BsValue   ctx;               /* Owned, None once the ctx is gone */
  CtxData  *ctx_data;          /* Borrowed */
};

#define METHOD(name) \
  static gboolean name (BsInterp *in, BsCall *call, BsValue *r)

static gboolean ctx_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                             gboolean *found);
static gboolean ctx_setattr (BsInterp *in, BsValue self, const char *name, BsValue value,
                             gboolean *found);

static void
ctx_data_free (gpointer p)
{
  CtxData *d = p;

  if (d->node_data != NULL)
    {
      d->node_data->ctx = BS_NONE;
      d->node_data->ctx_data = NULL;
    }
  bs_value_unref (d->klass);
  bs_value_unref (d->dict);
  bs_value_unref (d->to_save);
  bs_value_unref (d->needs_input_grad);
  bs_value_unref (d->non_differentiable);
  g_free (d);
}

static const BsNativeType ctx_type = {
  { "BackwardCFunction", ctx_data_free }, ctx_getattr, ctx_setattr, NULL,
};

static void
node_data_free (gpointer p)
{
  NodeData *d = p;

  if (d->ctx_data != NULL)
    {
      d->ctx_data->node = NULL;
      d->ctx_data->node_data = NULL;
    }
  bs_value_unref (d->ctx);
  g_free (d);
}

METHOD (ctx_save_for_backward)
{
  CtxData *d = bs_value_native (call->self, &ctx_type.base);
  BsValue tensors = bs_call_value (call, 1);
  gsize n;
  BsValue *items = bs_value_items (tensors, &n);

  for (gsize i = 0; i < n; i++)
    if (!bs_value_is_none (items[i]) && bs_value_tensor (items[i]) == NULL)
      return bs_raise (in, "TypeError", "save_for_backward can only save variables, but "
                       "argument %zu is of type %s", i, bs_type_name (items[i]));
  bs_value_unref (d->to_save);
  d->to_save = bs_value_ref (tensors);
  *r = BS_NONE;
  return TRUE;
}

/* Only a node of several outputs can run with some of them given no gradient: backward
 * then gets zeros for them, or None after set_materialize_grads(False). */
METHOD (ctx_set_materialize_grads)
{
  CtxData *d = bs_value_native (call->self, &ctx_type.base);
  gboolean truth;

  if (!bs_truthy (in, bs_call_value (call, 1), &truth))
    return FALSE;
  d->keep_none = !truth;
  *r = BS_NONE;
  return TRUE;
}

METHOD (ctx_mark_non_differentiable)
{
  CtxData *d = bs_value_native (call->self, &ctx_type.base);
  BsValue tensors = bs_call_value (call, 1);
  gsize n;
  BsValue *items = bs_value_items (tensors, &n);

  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (items[i]) == NULL)
      return bs_raise (in, "RuntimeError", "mark_non_differentiable only accepts variable "
                       "arguments, but got %s", bs_type_name (items[i]));
  bs_value_unref (d->non_differentiable);
  d->non_differentiable = bs_value_ref (tensors);
  *r = BS_NONE;
  return TRUE;
}

METHOD (ctx_mark_dirty)
{
  return bs_raise (in, "NotImplementedError", "ctx.mark_dirty() is not supported by Backstep: "
                   "a torch.autograd.Function's forward must not change its inputs in place");
}

static gboolean
ctx_marked_non_differentiable (CtxData  *d,
                               BsTensor *output)
{
  gsize n = 0;
  BsValue *items = bs_value_is_none (d->non_differentiable)
                   ? NULL : bs_value_items (d->non_differentiable, &n);

  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (items[i]) == output)
      return TRUE;
  return FALSE;
}

static gboolean
ctx_saved_tensors (BsInterp *in,
                   CtxData  *d,
                   BsValue  *out)
{
  GError *error = NULL;
  BsValue t;

  if (d->node == NULL)
    {
      /* Nothing was recorded: PyTorch hands back what forward saved. */
      *out = bs_value_is_none (d->to_save) ? bs_tuple_new (in->heap, 0)
                                           : bs_value_ref (d->to_save);
      return TRUE;
    }
  if (!bs_custom_function_check_saved (d->node, &error))
    return bs_raise_gerror (in, error);
  t = bs_tuple_new (in->heap, d->n_saved);
  for (guint i = 0; i < d->n_saved; i++)
    {
      BsTensor *saved = bs_node_saved (d->node, i, &error);

      if (saved == NULL && error != NULL)
        {
          bs_value_unref (t);
          return bs_raise_gerror (in, error);
        }
      ((BsTuple *) t.as.object)->items[i] = bs_wrap_tensor (in, saved);
    }
  *out = t;
  return TRUE;
}

static gboolean
ctx_getattr (BsInterp   *in,
             BsValue     self,
             const char *name,
             BsValue    *out,
             gboolean   *found)
{
  CtxData *d = bs_value_native (self, &ctx_type.base);
  BsValue v;

  *found = TRUE;
  if (bs_dict_get_str (d->dict, name, &v))
    *out = bs_value_ref (v);
  else if (bs_py_method_find (in, "FunctionCtx", self, name, out))
    return TRUE;
  else if (strcmp (name, "saved_tensors") == 0)
    return ctx_saved_tensors (in, d, out);
  else if (strcmp (name, "needs_input_grad") == 0)
    *out = bs_value_ref (d->needs_input_grad);
  else
    *found = FALSE;
  return TRUE;
}

static gboolean
ctx_setattr (BsInterp   *in,
             BsValue     self,
             const char *name,
             BsValue     value,
             gboolean   *found)
{
  CtxData *d = bs_value_native (self, &ctx_type.base);

  *found = TRUE;
  if (strcmp (name, "saved_tensors") == 0 || strcmp (name, "needs_input_grad") == 0)
    return bs_raise (in, "AttributeError", "attribute '%s' of 'torch._C._FunctionBase' objects "
                     "is not writable", name);
  bs_dict_set_str (d->dict, name, bs_value_ref (value));
  return TRUE;
}

/* The engine runs this for the node: calls the class's backward(ctx, *grads). */
static gboolean
function_backward (BsNode           *node,
                   BsTensor *const  *grad_outputs,
                   guint             n_outputs,
                   BsTensor        **grad_inputs,
                   gpointer          user_data,
                   GError          **error)
{
  NodeData *nd = user_data;
  BsInterp *in = nd->in;
  BsValue backward, result;
  g_autofree BsValue *args = g_new0 (BsValue, n_outputs + 1);
  g_autofree BsTensor **grads = NULL;
  BsValue *items;
  gsize n;
  gboolean ok = TRUE;

  if (nd->ctx_data == NULL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "the Function's context is gone");
      return FALSE;
    }
  if (!bs_getattr (in, nd->ctx_data->klass, "backward", &backward))
    {
      bs_callback_failed (in, error);
      return FALSE;
    }
  args[0] = nd->ctx;
  for (guint k = 0; k < n_outputs; k++)
    {
      const BsTensorMeta *meta = bs_node_output_meta (node, k);
      BsTensor *grad = grad_outputs[k] != NULL ? bs_tensor_ref (grad_outputs[k]) : NULL;

      /* as PyTorch materialises an output's missing gradient */
      if (grad == NULL && !nd->ctx_data->keep_none && ok)
        {
          grad = bs_tensor_new (node->context, meta->dtype, meta->ndim, meta->shape, error);
          ok = grad != NULL;
        }
      args[k + 1] = grad != NULL ? bs_wrap_tensor (in, grad) : BS_NONE;
    }
  if (ok)
    {
      ok = bs_call_simple (in, backward, args, n_outputs + 1, &result);
      if (!ok)
        bs_callback_failed (in, error);
    }
  for (guint k = 0; k < n_outputs; k++)
    bs_value_unref (args[k + 1]);
  bs_value_unref (backward);
  if (!ok)
    return FALSE;

  if (bs_value_is_object (result, BS_OBJECT_TUPLE))
    items = bs_value_items (result, &n);
  else
    {
      items = &result;
      n = 1;
    }
  grads = g_new0 (BsTensor *, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_is_none (items[i]))
        continue;
      grads[i] = bs_value_tensor (items[i]);
      if (grads[i] == NULL)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_TYPE,
                       "expected Variable or None (got %s)", bs_type_name (items[i]));
          bs_value_unref (result);
          return FALSE;
        }
    }
  if (!bs_custom_function_check_gradients (node, grads, n, error))
    {
      bs_value_unref (result);
      return FALSE;
    }
  for (guint i = 0; i < node->n_inputs && i < n; i++)
    grad_inputs[i] = grads[i] != NULL ? bs_tensor_ref (grads[i]) : NULL;
  bs_value_unref (result);
  return TRUE;
}

static BsValue
ctx_new (BsInterp     *in,
         BsValue       klass,
         const BsArgs *a)
{
  CtxData *d = g_new0 (CtxData, 1);

  d->klass = bs_value_ref (klass);
  d->dict = bs_dict_new (in->heap);
  d->to_save = BS_NONE;
  d->non_differentiable = BS_NONE;
  d->needs_input_grad = bs_tuple_new (in->heap, a->n_args);
  for (guint i = 0; i < a->n_args; i++)
    {
      BsTensor *t = bs_value_tensor (a->args[i]);

      ((BsTuple *) d->needs_input_grad.as.object)->items[i] =
        BS_BOOL (t != NULL && bs_tensor_requires_grad (t));
    }
  return bs_native_new (in->heap, &ctx_type.base, d);
}

/* Hangs the node on the outputs (one, or a tuple's tensors when multi) and hands it what
 * forward saved. */
static gboolean
attach (BsInterp        *in,
        BsValue          ctx,
        const BsArgs    *a,
        BsTensor *const *outputs,
        guint            n_outputs,
        const gboolean  *differentiable,
        gboolean         multi)
{
  CtxData *d = bs_value_native (ctx, &ctx_type.base);
  g_autofree BsTensor **inputs = g_new0 (BsTensor *, MAX (a->n_args, 1));
  g_autofree char *name = NULL;
  GError *error = NULL;
  NodeData *nd;
  BsNode *node;
  BsValue *saved;
  gsize n_saved = 0;

  name = g_strdup_printf ("%sBackward", ((BsClass *) d->klass.as.object)->name);
  for (guint i = 0; i < a->n_args; i++)
    inputs[i] = bs_value_tensor (a->args[i]);
  nd = g_new0 (NodeData, 1);
  nd->in = in;
  nd->ctx = bs_value_ref (ctx);
  nd->ctx_data = d;
  d->node_data = nd;
  node = multi
    ? bs_custom_function_attach_multi (name, inputs, a->n_args, outputs, n_outputs,
                                       differentiable, function_backward, nd, node_data_free,
                                       &error)
    : bs_custom_function_attach (name, inputs, a->n_args, outputs[0], function_backward, nd,
                                 node_data_free, &error);
  if (node == NULL)
    return error == NULL || bs_raise_gerror (in, error);
  d->node = node;
  saved = bs_value_is_none (d->to_save) ? NULL : bs_value_items (d->to_save, &n_saved);
  for (gsize i = 0; i < n_saved; i++)
    {
      BsTensor *t = bs_value_tensor (saved[i]);
      gboolean is_output = FALSE;

      for (guint k = 0; k < n_outputs; k++)
        is_output = is_output || (t != NULL && t == outputs[k]);
      bs_node_save (node, i, t, is_output);
    }
  d->n_saved = n_saved;
  /* The node holds them now, with their versions. */
  bs_value_unref (d->to_save);
  d->to_save = BS_NONE;
  return TRUE;
}

static gboolean
is_argument (const BsArgs *a,
             BsTensor     *t)
{
  for (guint i = 0; i < a->n_args; i++)
    if (bs_value_tensor (a->args[i]) == t)
      return TRUE;
  return FALSE;
}

/* The node needs outputs of its own: a forward that returns one of its inputs (or anything
 * with history, or one tensor twice) gets a fresh alias. As in PyTorch, an input returned
 * as-is is a view that in-place ops refuse. */
static BsTensor *
own_output (const BsArgs    *a,
            BsTensor        *output,
            BsTensor *const *earlier,
            guint            n_earlier)
{
  gboolean is_input = is_argument (a, output);
  gboolean repeated = FALSE;
  BsTensor *alias;

  for (guint k = 0; k < n_earlier; k++)
    repeated = repeated || earlier[k] == output;
  if (!is_input && !repeated && output->grad_fn == NULL && !output->requires_grad)
    return bs_tensor_ref (output);
  alias = bs_tensor_detach (output);
  alias->is_custom_view = is_input;
  return alias;
}

/* apply() of a forward that returned a tuple: its tensors are the node's outputs, in
 * order; its other items come back as they are. */
static gboolean
apply_tuple (BsInterp     *in,
             BsValue       ctx,
             const BsArgs *fa,
             BsValue       result,
             BsValue      *r)
{
  CtxData *d = bs_value_native (ctx, &ctx_type.base);
  gsize n;
  BsValue *items = bs_value_items (result, &n);
  BsValue out = bs_tuple_new (in->heap, n);
  g_autofree BsTensor **outputs = g_new0 (BsTensor *, MAX (n, 1));
  g_autofree gboolean *differentiable = g_new0 (gboolean, MAX (n, 1));
  guint n_outputs = 0;
  gboolean ok = TRUE;

  for (gsize i = 0; i < n; i++)
    {
      BsTensor *t = bs_value_tensor (items[i]);
      BsValue *slot = &((BsTuple *) out.as.object)->items[i];

      if (t == NULL)
        {
          *slot = bs_value_ref (items[i]);
          continue;
        }
      outputs[n_outputs] = own_output (fa, t, outputs, n_outputs);
      differentiable[n_outputs] = !ctx_marked_non_differentiable (d, t);
      *slot = outputs[n_outputs] == t ? bs_value_ref (items[i])
                                      : bs_wrap_tensor (in, bs_tensor_ref (outputs[n_outputs]));
      n_outputs++;
    }
  if (n_outputs > 0)
    ok = attach (in, ctx, fa, outputs, n_outputs, differentiable, TRUE);
  for (guint k = 0; k < n_outputs; k++)
    bs_tensor_unref (outputs[k]);
  bs_value_unref (result);
  if (!ok)
    {
      bs_value_unref (out);
      return FALSE;
    }
  *r = out;
  return TRUE;
}

/* Function.apply, a classmethod: cls is the Function's class. */
METHOD (function_apply)
{
  BsArgs fa = { 0 };
  gsize n;
  BsValue klass = bs_call_value (call, 0), forward, ctx, result;
  BsTensor *output;
  gboolean grad_enabled, ok;

  if (!bs_value_is_object (klass, BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "apply() must be called on a Function class");
  fa.args = bs_value_items (bs_call_value (call, 1), &n);
  fa.n_args = n;
  if (!bs_getattr (in, klass, "forward", &forward))
    return FALSE;

  ctx = ctx_new (in, klass, &fa);
  {
    g_autofree BsValue *args = g_new (BsValue, fa.n_args + 1);
    BsArgs ca = fa;

    args[0] = ctx;
    if (fa.n_args > 0)
      memcpy (args + 1, fa.args, sizeof (BsValue) * fa.n_args);
    ca.args = args;
    ca.n_args = fa.n_args + 1;
    grad_enabled = in->context->grad_enabled;
    in->context->grad_enabled = FALSE;
    ok = bs_call (in, forward, &ca, &result);
    in->context->grad_enabled = grad_enabled;
  }
  bs_value_unref (forward);
  if (!ok)
    {
      bs_value_unref (ctx);
      return FALSE;
    }

  if (bs_value_is_object (result, BS_OBJECT_TUPLE))
    {
      ok = apply_tuple (in, ctx, &fa, result, r);
      bs_value_unref (ctx);
      return ok;
    }
  output = bs_value_tensor (result);
  if (output != NULL
      && ctx_marked_non_differentiable (bs_value_native (ctx, &ctx_type.base), output))
    {
      /* no node: the output needs no grad */
      if (output->grad_fn != NULL || output->requires_grad)
        {
          bs_value_unref (result);
          result = bs_wrap_tensor (in, bs_tensor_detach (output));
        }
      output = NULL;
    }
  if (output == NULL)
    {
      /* No tensor out: nothing to differentiate. */
      bs_value_unref (ctx);
      *r = result;
      return TRUE;
    }

  {
    BsTensor *own = own_output (&fa, output, NULL, 0);

    if (own == output)
      bs_tensor_unref (own);
    else
      {
        bs_value_unref (result);
        result = bs_wrap_tensor (in, own);
        output = own;
      }
  }

  ok = attach (in, ctx, &fa, &output, 1, NULL, FALSE);
  bs_value_unref (ctx);
  if (!ok)
    {
      bs_value_unref (result);
      return FALSE;
    }
  *r = result;
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "FunctionCtx", BS_SIG_PYTHON, "FunctionCtx.save_for_backward(self, *tensors)",
    ctx_save_for_backward },
  { "FunctionCtx", BS_SIG_PYTHON, "FunctionCtx.mark_dirty(self, *args)", ctx_mark_dirty },
  { "FunctionCtx", BS_SIG_PYTHON, "FunctionCtx.mark_non_differentiable(self, *args)",
    ctx_mark_non_differentiable },
  { "FunctionCtx", BS_SIG_PYTHON, "FunctionCtx.set_materialize_grads(self, value)",
    ctx_set_materialize_grads },
  { "Function", BS_SIG_BUILTIN, "apply(cls, /, *args)", function_apply },
};

const BsSignatureTable bs_autograd_function_table = BS_SIGNATURE_TABLE (rows);

void
bs_autograd_function_init (BsInterp *in,
                           BsValue   autograd)
{
  BsValue klass = bs_class_new (in, "Function", BS_NONE);
  BsValue apply = bs_decl_builtin (in, bs_signature_set_find (in->signatures, "Function",
                                                              "apply"), BS_NONE);

  bs_dict_set_str (((BsClass *) klass.as.object)->dict, "apply", bs_classmethod_new (in, apply));
  bs_dict_set_str (((BsModule *) autograd.as.object)->dict, "Function", klass);
}
