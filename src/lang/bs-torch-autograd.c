/* bs-torch-autograd.c: grad modes, torch.autograd's functions, nn.Parameter and the helpers
 * the nn prelude calls, declared by their signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-nn.h"
#include "bs-generator.h"

/* --- grad mode context managers ------------------------------------------- */

typedef enum {
  MODE_NO_GRAD,
  MODE_ENABLE_GRAD,
  MODE_SET_GRAD_ENABLED,
  MODE_ANOMALY,
  MODE_INFERENCE,   /* inference_mode(mode): grad mode not mode */
} ModeKind;

typedef struct {
  ModeKind  kind;
  gboolean  value;
  GArray   *saved;        /* gboolean stack: nested use of one object */
} ModeData;

static void
mode_free (gpointer p)
{
  ModeData *d = p;

  g_array_unref (d->saved);
  g_free (d);
}

static gboolean mode_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                              gboolean *found);

static const BsNativeType mode_type = {
  { "torch.autograd.grad_mode", mode_free }, mode_getattr, NULL, NULL,
};

static BsValue
mode_new (BsInterp *in,
          ModeKind  kind,
          gboolean  value)
{
  ModeData *d = g_new0 (ModeData, 1);

  d->kind = kind;
  d->value = value;
  d->saved = g_array_new (FALSE, FALSE, sizeof (gboolean));
  return bs_native_new (in->heap, &mode_type.base, d);
}

static ModeData *
mode_data (BsValue mode)
{
  return ((BsNative *) mode.as.object)->data;
}

static void
mode_enter_data (BsInterp *in,
                 ModeData *d)
{
  gboolean prev;

  if (d->kind == MODE_ANOMALY)
    {
      prev = in->context->anomaly_enabled;
      in->context->anomaly_enabled = d->value;
    }
  else if (d->kind == MODE_INFERENCE)
    {
      /* both flags, kept in two bits */
      prev = bs_grad_mode_set (in->context, !d->value) | (in->context->inference_mode << 1);
      in->context->inference_mode = d->value;
    }
  else
    prev = bs_grad_mode_set (in->context, d->kind == MODE_NO_GRAD ? FALSE
                                          : d->kind == MODE_ENABLE_GRAD ? TRUE : d->value);
  g_array_append_val (d->saved, prev);
}

static void
mode_exit_data (BsInterp *in,
                ModeData *d)
{
  gboolean prev;

  if (d->saved->len == 0)
    return;
  prev = g_array_index (d->saved, gboolean, d->saved->len - 1);
  g_array_set_size (d->saved, d->saved->len - 1);
  if (d->kind == MODE_ANOMALY)
    in->context->anomaly_enabled = prev;
  else if (d->kind == MODE_INFERENCE)
    {
      bs_grad_mode_set (in->context, prev & 1);
      in->context->inference_mode = (prev >> 1) & 1;
    }
  else
    bs_grad_mode_set (in->context, prev);
}

static gboolean
mode_enter (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  ModeData *d = mode_data (call->self);

  /* set_grad_enabled(mode) set the mode when it was made, and its __exit__ restores the
   * mode it replaced, as PyTorch's */
  if (d->kind != MODE_SET_GRAD_ENABLED)
    mode_enter_data (in, d);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
mode_exit (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  mode_exit_data (in, mode_data (call->self));
  *r = BS_BOOL (FALSE);
  return TRUE;
}

/* A function decorated by a mode: runs inside it. */
typedef struct {
  BsValue mode;
  BsValue func;
} Wrapped;

static void
wrapped_free (gpointer p)
{
  Wrapped *w = p;

  bs_value_unref (w->mode);
  bs_value_unref (w->func);
  g_free (w);
}

static gboolean wrapped_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                 gboolean *found);

static const BsNativeType wrapped_type = {
  { "function", wrapped_free }, wrapped_getattr, NULL, NULL,
};

static gboolean
wrapped_call (BsInterp     *in,
              BsValue       self,
              const BsArgs *a,
              BsValue      *r)
{
  Wrapped *w = ((BsNative *) self.as.object)->data;
  gboolean ok;

  mode_enter_data (in, mode_data (w->mode));
  ok = bs_call (in, w->func, a, r);
  mode_exit_data (in, mode_data (w->mode));
  return ok;
}

static gboolean
wrapped_getattr (BsInterp   *in,
                 BsValue     self,
                 const char *name,
                 BsValue    *out,
                 gboolean   *found)
{
  Wrapped *w = ((BsNative *) self.as.object)->data;

  if (strcmp (name, "__call__") == 0)
    {
      *found = TRUE;
      *out = bs_builtin_new (in, "__call__", wrapped_call, bs_value_ref (self));
      return TRUE;
    }
  return bs_getattr_opt (in, w->func, name, out, found);
}

static BsValue
wrap (BsInterp *in,
      ModeKind  kind,
      gboolean  value,
      BsValue   func)
{
  Wrapped *w = g_new0 (Wrapped, 1);

  w->mode = mode_new (in, kind, value);
  w->func = bs_value_ref (func);
  return bs_builtin_new (in, "wrapper", wrapped_call,
                         bs_native_new (in->heap, &wrapped_type.base, w));
}

/* @torch.no_grad(): the mode object called with the function */
static gboolean
mode_decorate (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  ModeData *d = mode_data (call->self);

  *r = wrap (in, d->kind, d->value, bs_call_value (call, 1));
  return TRUE;
}

static const BsSignatureRow mode_rows[] = {
  { "grad_mode", BS_SIG_PYTHON, "__enter__(self)", mode_enter, 0 },
  { "grad_mode", BS_SIG_PYTHON, "__exit__(self, exc_type, exc_value, traceback)", mode_exit, 0 },
  { "grad_mode", BS_SIG_PYTHON, "__call__(self, func)", mode_decorate, 0 },
};

static gboolean
mode_getattr (BsInterp   *in,
              BsValue     self,
              const char *name,
              BsValue    *out,
              gboolean   *found)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, "grad_mode", name);

  *found = decl != NULL;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  return TRUE;
}

/* no_grad(), enable_grad(): data is the ModeKind */
static gboolean
grad_mode (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  *r = mode_new (in, (ModeKind) bs_call_data (call), TRUE);
  return TRUE;
}

/* inference_mode(mode=True): grad mode off and inference mode on (tensors made are inference
 * tensors), or the reverse for inference_mode(False), as PyTorch's InferenceMode guard */
static gboolean
inference_mode (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  gboolean value = TRUE;

  if (call->given[1] && !bs_truthy (in, bs_call_value (call, 1), &value))
    return FALSE;
  *r = mode_new (in, MODE_INFERENCE, value);
  return TRUE;
}

/* set_grad_enabled(mode): takes effect at once, as PyTorch's constructor does */
static gboolean
set_grad_enabled (BsInterp *in,
                  BsCall   *call,
                  BsValue  *r)
{
  gboolean value;
  BsValue m;
  gboolean prev;

  if (!bs_truthy (in, bs_call_value (call, 1), &value))
    return FALSE;
  m = mode_new (in, MODE_SET_GRAD_ENABLED, value);
  prev = bs_grad_mode_set (in->context, value);
  g_array_append_val (mode_data (m)->saved, prev);
  *r = m;
  return TRUE;
}

static gboolean
detect_anomaly (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  *r = mode_new (in, MODE_ANOMALY, TRUE);
  return TRUE;
}

static gboolean
set_detect_anomaly (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  gboolean v;

  if (!bs_truthy (in, bs_call_value (call, 0), &v))
    return FALSE;
  in->context->anomaly_enabled = v;
  *r = mode_new (in, MODE_ANOMALY, v);
  return TRUE;
}

/* --- torch.autograd -------------------------------------------------------- */

/* A tensor or a sequence of tensors, as a new array of new references. */
static gboolean
tensors_of (BsInterp   *in,
            BsValue     v,
            const char *what,
            GPtrArray **out)
{
  BsValue list;
  gsize n;
  BsValue *items;

  *out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  if (bs_value_tensor (v) != NULL)
    {
      g_ptr_array_add (*out, bs_tensor_ref (bs_value_tensor (v)));
      return TRUE;
    }
  if (!bs_to_list (in, v, &list))
    {
      g_clear_pointer (out, g_ptr_array_unref);
      return FALSE;
    }
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_tensor (items[i]) == NULL)
        {
          bs_value_unref (list);
          g_clear_pointer (out, g_ptr_array_unref);
          return bs_raise (in, "TypeError", "%s: expected a Tensor as element %zu, but got %s",
                           what, i, bs_type_name (items[i]));
        }
      g_ptr_array_add (*out, bs_tensor_ref (bs_value_tensor (items[i])));
    }
  bs_value_unref (list);
  return TRUE;
}

/* grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
 * only_inputs=True, allow_unused=False, is_grads_batched=False) */
static gboolean
autograd_grad (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  g_autoptr(GPtrArray) outputs = NULL;
  g_autoptr(GPtrArray) inputs = NULL;
  g_autoptr(GPtrArray) grads_out = NULL;
  GPtrArray *result;
  BsBackwardOptions options = { 0 };
  GError *error = NULL;
  BsValue tuple;

  if (!bs_truthy (in, bs_call_value (call, 4), &options.create_graph)
      || !bs_truthy (in, bs_call_value (call, 6), &options.allow_unused))
    return FALSE;
  if (bs_call_has (call, 7) && bs_value_truthy (bs_call_value (call, 7)))
    return bs_raise (in, "NotImplementedError", "grad(is_grads_batched=True) is not supported by "
                     "Backstep");
  options.retain_graph = options.create_graph;
  if (bs_call_has (call, 3))
    options.retain_graph = bs_value_truthy (bs_call_value (call, 3));
  if (!tensors_of (in, bs_call_value (call, 0), "grad(outputs)", &outputs)
      || !tensors_of (in, bs_call_value (call, 1), "grad(inputs)", &inputs))
    return FALSE;
  if (bs_call_has (call, 2))
    {
      if (!tensors_of (in, bs_call_value (call, 2), "grad(grad_outputs)", &grads_out))
        return FALSE;
      if (grads_out->len != outputs->len)
        return bs_raise (in, "RuntimeError", "grad requires one grad_output per output: got %u "
                         "grad_outputs for %u outputs", grads_out->len, outputs->len);
    }
  result = bs_autograd_grad ((BsTensor *const *) outputs->pdata,
                             grads_out != NULL ? (BsTensor *const *) grads_out->pdata : NULL,
                             outputs->len, (BsTensor *const *) inputs->pdata, inputs->len,
                             &options, &error);
  if (result == NULL)
    return bs_raise_gerror (in, error);
  tuple = bs_tuple_new (in->heap, result->len);
  for (guint i = 0; i < result->len; i++)
    {
      BsTensor *g = g_ptr_array_index (result, i);

      ((BsTuple *) tuple.as.object)->items[i] = bs_wrap_tensor (in, g != NULL ? bs_tensor_ref (g)
                                                                              : NULL);
    }
  g_ptr_array_unref (result);
  *r = tuple;
  return TRUE;
}

/* Variable(data, requires_grad=False, volatile=False): the legacy wrapper, a detached
 * tensor */
static gboolean
variable (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsTensor *src = bs_value_tensor (bs_call_value (call, 0));
  BsTensor *t;
  GError *error = NULL;

  if (src == NULL)
    return bs_raise (in, "TypeError", "Variable data has to be a tensor, but got %s",
                     bs_type_name (bs_call_value (call, 0)));
  if (bs_call_has (call, 2) && bs_value_truthy (bs_call_value (call, 2))
      && !bs_torch_warn (in, "volatile was removed and now has no effect. Use `with "
                         "torch.no_grad():` instead."))
    return FALSE;
  t = bs_tensor_detach (src);
  if (bs_call_has (call, 1) && bs_value_truthy (bs_call_value (call, 1))
      && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* --- nn --------------------------------------------------------------------- */

/* Parameter(data=None, requires_grad=True) */
static gboolean
parameter (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  BsTensor *data = bs_value_tensor (bs_call_value (call, 0));
  BsTensor *t;
  GError *error = NULL;
  g_autoptr(BsTensor) empty = NULL;
  gboolean requires_grad;

  if (!bs_call_has (call, 0))
    data = empty = bs_tensor_new (in->context, BS_DTYPE_FLOAT32, 1, (gint64[]) { 0 }, NULL);
  if (data == NULL)
    return bs_raise (in, "TypeError", "_make_subclass(): argument 'data' (position 2) must be "
                     "Tensor, not %s", bs_type_name (bs_call_value (call, 0)));
  requires_grad = !call->given[1] || bs_value_truthy (bs_call_value (call, 1));
  if (requires_grad && data->is_inference && !in->context->inference_mode)
    return bs_raise (in, "RuntimeError", "Setting requires_grad=True on inference tensor "
                     "outside InferenceMode is not allowed.");
  t = bs_nn_parameter (data, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (!requires_grad)
    bs_tensor_set_requires_grad (t, FALSE, NULL);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* _linear_init(in_features, out_features, bias): Linear's weight and bias as PyTorch
 * initialises them */
static gboolean
linear_init (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  gint64 nin, nout;
  BsTensor *w = NULL, *b = NULL;
  GError *error = NULL;
  BsValue pair[2];

  if (!bs_to_int (in, bs_call_value (call, 0), &nin)
      || !bs_to_int (in, bs_call_value (call, 1), &nout))
    return FALSE;
  if (nin < 0 || nout < 0)
    return bs_raise (in, "RuntimeError", "Trying to create tensor with negative dimension %"
                     G_GINT64_FORMAT ": [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                     nout < 0 ? nout : nin, nout, nin);
  if (!bs_nn_linear_init (in->context, nin, nout, bs_value_truthy (bs_call_value (call, 2)),
                          BS_DTYPE_FLOAT32, &w, &b, &error))
    return bs_raise_gerror (in, error);
  pair[0] = bs_wrap_tensor (in, w);
  pair[1] = bs_wrap_tensor (in, b);
  *r = bs_tuple_from (in, pair, 2);
  bs_value_unref (pair[0]);
  bs_value_unref (pair[1]);
  return TRUE;
}

/* _zero_grad(param, set_to_none) */
static gboolean
zero_grad (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  BsTensor *t = bs_value_tensor (bs_call_value (call, 0));

  if (t != NULL)
    bs_tensor_zero_grad (t, bs_value_truthy (bs_call_value (call, 1)));
  *r = BS_NONE;
  return TRUE;
}

/* _random_seed(generator=None): torch.empty((), dtype=torch.int64).random_(generator=...)
 * .item(), the seed PyTorch's samplers and data loaders draw */
static gboolean
random_seed (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  *r = BS_INT ((gint64) (bs_generator_random64 (bs_call_generator (call, 0))
                         % ((guint64) G_MAXINT64 + 1)));
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "torch torch.autograd", BS_SIG_PYTHON, "no_grad.__init__(self)", grad_mode, MODE_NO_GRAD,
    "no_grad" },
  { "torch torch.autograd", BS_SIG_PYTHON, "enable_grad.__init__(self)", grad_mode,
    MODE_ENABLE_GRAD, "enable_grad" },
  { "torch torch.autograd", BS_SIG_PYTHON, "set_grad_enabled.__init__(self, mode)",
    set_grad_enabled, 0, "set_grad_enabled" },
  { "torch torch.autograd", BS_SIG_PYTHON, "inference_mode.__init__(self, mode=True)",
    inference_mode, 0, "inference_mode" },
  { "torch.autograd", BS_SIG_PYTHON, "detect_anomaly.__init__(self, check_nan=True)",
    detect_anomaly, 0, "detect_anomaly" },
  { "torch.autograd", BS_SIG_PYTHON, "set_detect_anomaly(mode, check_nan=True)",
    set_detect_anomaly, 0 },
  { "torch.autograd", BS_SIG_PYTHON, "grad(outputs, inputs, grad_outputs=None, "
    "retain_graph=None, create_graph=False, only_inputs=True, allow_unused=False, "
    "is_grads_batched=False)", autograd_grad, 0 },
  { "torch.autograd torch.autograd.variable", BS_SIG_PYTHON,
    "Variable(data, requires_grad=False, volatile=False)", variable, 0 },
  { "torch.nn", BS_SIG_PYTHON, "Parameter(data=None, requires_grad=True)", parameter, 0 },
  { "torch.nn", BS_SIG_PYTHON, "_linear_init(in_features, out_features, bias)", linear_init, 0 },
  { "torch.nn", BS_SIG_PYTHON, "_zero_grad(param, set_to_none)", zero_grad, 0 },
  { "torch.nn", BS_SIG_TORCH, "_random_seed(*, Generator? generator=None)", random_seed, 0 },
};

const BsSignatureTable bs_torch_autograd_table = BS_SIGNATURE_TABLE (rows);
const BsSignatureTable bs_grad_mode_table = BS_SIGNATURE_TABLE (mode_rows);
