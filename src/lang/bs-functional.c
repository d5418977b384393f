/* bs-functional.c: torch.nn.functional, declared by its Python signatures (PyTorch 1.13
 * writes these functions in Python; their arguments reach torch's own functions, whose
 * messages they give) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

/* Argument i as a Tensor, or the TypeError of the torch function it reaches. */
static BsTensor *
tensor_arg (BsInterp   *in,
            BsCall     *call,
            guint       i,
            const char *torch_name)
{
  BsValue v = bs_call_value (call, i);
  BsTensor *t = bs_value_tensor (v);

  if (t == NULL)
    bs_raise (in, "TypeError", "%s(): argument '%s' (position %u) must be Tensor, not %s",
              torch_name, call->sig->params[i].name, i + 1, bs_type_name (v));
  return t;
}

/* An optional Tensor argument: *ok FALSE when it is neither None nor a tensor. */
static BsTensor *
optional_tensor (BsInterp   *in,
                 BsCall     *call,
                 guint       i,
                 const char *torch_name,
                 gboolean   *ok)
{
  *ok = TRUE;
  if (!bs_call_has (call, i))
    return NULL;
  if (bs_value_tensor (bs_call_value (call, i)) == NULL)
    {
      *ok = FALSE;
      return tensor_arg (in, call, i, torch_name);
    }
  return bs_value_tensor (bs_call_value (call, i));
}

typedef BsTensor *(*UnaryFunc) (BsTensor *a, GError **error);

/* relu(input, inplace=False), sigmoid(input), tanh(input): data is the engine's function,
 * or for relu the in-place one in the row after */
static gboolean
activation (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsTensor *x = tensor_arg (in, call, 0, call->sig->name);
  GError *error = NULL;
  BsTensor *t;

  if (x == NULL)
    return FALSE;
  if (call->sig->n_params > 1 && bs_call_bool (call, 1))
    {
      t = bs_relu_ (x, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (t);
      *r = bs_value_ref (bs_call_value (call, 0));
      return TRUE;
    }
  t = ((UnaryFunc) bs_call_data (call)) (x, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* gelu(Tensor input, *, str approximate='none'): GeluBackward0 */
static gboolean
gelu (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  /* a string parameter's default reads as None */
  const char *approximate = bs_call_has (call, 1) ? bs_call_string (call, 1) : "none";
  GError *error = NULL;

  if (strcmp (approximate, "none") != 0 && strcmp (approximate, "tanh") != 0)
    return bs_raise (in, "RuntimeError", "approximate argument must be either none or tanh.");
  return bs_call_return_tensor (call, bs_gelu (bs_call_tensor (call, 0),
                                               strcmp (approximate, "tanh") == 0, &error),
                                &error, r);
}

/* torch.embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False) */
static gboolean
embedding (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  GError *error = NULL;

  if (bs_call_bool (call, 3) || bs_call_bool (call, 4))
    return bs_raise (in, "NotImplementedError", "embedding(%s=True) is not supported by "
                     "Backstep", bs_call_bool (call, 3) ? "scale_grad_by_freq" : "sparse");
  return bs_call_return_tensor (call, bs_embedding (bs_call_tensor (call, 0),
                                                    bs_call_tensor (call, 1),
                                                    bs_call_int (call, 2), &error),
                                &error, r);
}

/* softmax(input, dim=None, _stacklevel=3, dtype=None): data 1 for log_softmax */
static gboolean
softmax (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsTensor *x = tensor_arg (in, call, 0, call->sig->name);
  g_autoptr(BsTensor) cast = NULL;
  GError *error = NULL;
  gint64 dim;
  BsTensor *t;

  if (x == NULL)
    return FALSE;
  if (!bs_call_has (call, 1))
    {
      /* PyTorch's implicit choice: 0 for 0-, 1- and 3-dim input, else 1 */
      if (!bs_torch_warn (in, "Implicit dimension choice for softmax has been deprecated. "
                          "Change the call to include dim=X as an argument."))
        return FALSE;
      dim = x->ndim == 0 || x->ndim == 1 || x->ndim == 3 ? 0 : 1;
    }
  else if (!bs_to_int (in, bs_call_value (call, 1), &dim))
    return FALSE;
  if (bs_call_has (call, 3))
    {
      BsDType dtype;

      if (!bs_value_dtype (in, bs_call_value (call, 3), &dtype))
        return FALSE;
      cast = bs_to_dtype (x, dtype, &error);
      if (cast == NULL)
        return bs_raise_gerror (in, error);
      x = cast;
    }
  dim = CLAMP (dim, -1000, 1000);
  t = bs_call_data (call) ? bs_log_softmax (x, (int) dim, &error)
                          : bs_softmax (x, (int) dim, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

typedef enum {
  LOSS_MSE,
  LOSS_BCE,
  LOSS_BCE_LOGITS,
  LOSS_NLL,
  LOSS_CROSS_ENTROPY,
} Loss;

static gboolean
reduction_of (BsInterp    *in,
              BsCall      *call,
              guint        i,
              BsReduction *out)
{
  const char *s = bs_value_str (bs_call_value (call, i));

  *out = BS_REDUCTION_MEAN;
  if (!call->given[i])
    return TRUE;
  if (s != NULL && strcmp (s, "mean") == 0)
    *out = BS_REDUCTION_MEAN;
  else if (s != NULL && strcmp (s, "sum") == 0)
    *out = BS_REDUCTION_SUM;
  else if (s != NULL && strcmp (s, "none") == 0)
    *out = BS_REDUCTION_NONE;
  else
    return bs_raise (in, "ValueError", "%s is not a valid value for reduction",
                     s != NULL ? s : bs_type_name (bs_call_value (call, i)));
  return TRUE;
}

static int
index_of (BsCall     *call,
          const char *name)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (strcmp (call->sig->params[i].name, name) == 0)
      return i;
  return -1;
}

/* The losses: data is the Loss */
static gboolean
loss (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  Loss kind = (Loss) bs_call_data (call);
  BsTensor *input = tensor_arg (in, call, 0, call->sig->name), *target, *weight = NULL;
  BsReduction red;
  gint64 ignore = -100;
  GError *error = NULL;
  gboolean ok = TRUE;
  int i;
  BsTensor *t = NULL;
  double smoothing = 0.0;

  if (input == NULL || (target = tensor_arg (in, call, 1, call->sig->name)) == NULL)
    return FALSE;
  if (!reduction_of (in, call, index_of (call, "reduction"), &red))
    return FALSE;
  if (bs_call_has (call, index_of (call, "size_average"))
      || bs_call_has (call, index_of (call, "reduce")))
    return bs_raise (in, "NotImplementedError", "%s(size_average=..., reduce=...) (deprecated "
                     "by PyTorch) is not supported by Backstep: use reduction=",
                     call->sig->name);
  i = index_of (call, "weight");
  if (i >= 0)
    weight = optional_tensor (in, call, i, call->sig->name, &ok);
  if (!ok)
    return FALSE;
  i = index_of (call, "ignore_index");
  if (i >= 0 && bs_call_has (call, i) && !bs_to_int (in, bs_call_value (call, i), &ignore))
    return FALSE;
  i = index_of (call, "label_smoothing");
  if (i >= 0 && bs_call_has (call, i) && !bs_to_double (in, bs_call_value (call, i), &smoothing))
    return FALSE;
  switch (kind)
    {
    case LOSS_MSE:
      t = bs_mse_loss (input, target, red, &error);
      break;
    case LOSS_BCE:
      t = bs_binary_cross_entropy (input, target, weight, red, &error);
      break;
    case LOSS_BCE_LOGITS:
      {
        BsTensor *pos_weight = optional_tensor (in, call, index_of (call, "pos_weight"),
                                                call->sig->name, &ok);

        if (!ok)
          return FALSE;
        t = bs_binary_cross_entropy_with_logits (input, target, weight, pos_weight, red,
                                                 &error);
      }
      break;
    case LOSS_NLL:
      t = bs_nll_loss_weighted (input, target, weight, red, ignore, &error);
      break;
    case LOSS_CROSS_ENTROPY:
    default:
      t = bs_cross_entropy_full (input, target, weight, red, ignore, smoothing, &error);
      break;
    }
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* linear(Tensor input, Tensor weight, Tensor? bias=None) */
static gboolean
linear (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_linear (bs_call_tensor (call, 0),
                                                 bs_call_tensor (call, 1),
                                                 bs_call_tensor (call, 2), &error), &error, r);
}

/* dropout(input, p=0.5, training=True, inplace=False): as PyTorch's CPU kernel, the input
 * times a Bernoulli(1 - p) mask divided by 1 - p (MulBackward0); the input itself when
 * not training or p is 0 */
static gboolean
dropout (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsTensor *x = tensor_arg (in, call, 0, "dropout");
  double p = bs_call_double (call, 1);
  gboolean inplace = bs_call_bool (call, 3);
  g_autoptr(BsTensor) noise = NULL;
  g_autoptr(BsTensor) scale = NULL;
  GError *error = NULL;
  BsTensor *t;

  if (x == NULL)
    return FALSE;
  if (p < 0.0 || p > 1.0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      if (!bs_str (in, bs_call_value (call, 1), text))
        return FALSE;
      return bs_raise (in, "ValueError", "dropout probability has to be between 0 and 1, but "
                       "got %s", text->str);
    }
  if (!bs_call_bool (call, 2) || p == 0.0 || bs_tensor_numel (x) == 0)
    {
      *r = bs_value_ref (bs_call_value (call, 0));
      return TRUE;
    }
  noise = bs_tensor_new_like (x, x->dtype, &error);
  if (noise == NULL)
    return bs_raise_gerror (in, error);
  if (p == 1.0)
    {
      /* PyTorch multiplies by a 0-dim zero */
      g_clear_pointer (&noise, bs_tensor_unref);
      noise = bs_tensor_new_scalar (x->context, x->dtype, 0.0);
    }
  else
    {
      t = bs_bernoulli_ (noise, 1.0 - p, NULL, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (t);
      scale = bs_tensor_new_wrapped_number (x->context, 1.0 - p, FALSE);
      t = bs_div_ (noise, scale, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (t);
    }
  if (inplace)
    {
      t = bs_mul_ (x, noise, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (t);
      *r = bs_value_ref (bs_call_value (call, 0));
      return TRUE;
    }
  return bs_call_return_tensor (call, bs_mul (x, noise, &error), &error, r);
}

/* one_hot(Tensor self, int num_classes=-1): int64 rows of zeros with a 1 at each class */
static gboolean
one_hot (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsTensor *x = bs_call_tensor (call, 0);
  gint64 n_classes = bs_call_int (call, 1), n = bs_tensor_numel (x), max = -1;
  gint64 shape[BS_MAX_DIMS];
  GError *error = NULL;
  BsTensor *t;

  if (x->dtype != BS_DTYPE_INT64)
    return bs_raise (in, "RuntimeError", "one_hot is only applicable to index tensor.");
  if (x->ndim + 1 > BS_MAX_DIMS)
    return bs_raise (in, "RuntimeError", "one_hot: too many dimensions for Backstep");
  for (gint64 i = 0; i < n; i++)
    {
      gint64 v = bs_tensor_get_int (x, i);

      if (v < 0)
        return bs_raise (in, "RuntimeError", "Class values must be non-negative.");
      max = MAX (max, v);
    }
  if (n_classes == -1)
    {
      if (n == 0)
        return bs_raise (in, "RuntimeError", "Can not infer total number of classes from empty "
                         "tensor.");
      n_classes = max + 1;
    }
  else if (max >= n_classes)
    return bs_raise (in, "RuntimeError", "Class values must be smaller than num_classes.");
  memcpy (shape, x->shape, sizeof (gint64) * x->ndim);
  shape[x->ndim] = n_classes;
  t = bs_tensor_new (x->context, BS_DTYPE_INT64, x->ndim + 1, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (t, i * n_classes + bs_tensor_get_int (x, i), 1.0);
  bs_tensor_announce_leaf (t);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

#define F "torch.nn.functional"
#define LOSS_TAIL "size_average=None, reduce=None"

static const BsSignatureRow rows[] = {
  { F, BS_SIG_PYTHON, "relu(input, inplace=False)", activation, (gintptr) bs_relu },
  { F, BS_SIG_TORCH, "gelu(Tensor input, *, c10::string_view approximate=\"none\")", gelu, 0 },
  { "torch", BS_SIG_TORCH, "embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, "
    "bool scale_grad_by_freq=False, bool sparse=False)", embedding, 0 },
  { F, BS_SIG_PYTHON, "sigmoid(input)", activation, (gintptr) bs_sigmoid },
  { F, BS_SIG_PYTHON, "tanh(input)", activation, (gintptr) bs_tanh },
  { F, BS_SIG_PYTHON, "softmax(input, dim=None, _stacklevel=3, dtype=None)", softmax, 0 },
  { F, BS_SIG_PYTHON, "log_softmax(input, dim=None, _stacklevel=3, dtype=None)", softmax, 1 },
  { F, BS_SIG_PYTHON, "mse_loss(input, target, " LOSS_TAIL ", reduction='mean')", loss,
    LOSS_MSE },
  { F, BS_SIG_PYTHON, "binary_cross_entropy(input, target, weight=None, " LOSS_TAIL
    ", reduction='mean')", loss, LOSS_BCE },
  { F, BS_SIG_PYTHON, "binary_cross_entropy_with_logits(input, target, weight=None, " LOSS_TAIL
    ", reduction='mean', pos_weight=None)", loss, LOSS_BCE_LOGITS },
  { F, BS_SIG_PYTHON, "nll_loss(input, target, weight=None, size_average=None, "
    "ignore_index=-100, reduce=None, reduction='mean')", loss, LOSS_NLL },
  { F, BS_SIG_PYTHON, "cross_entropy(input, target, weight=None, size_average=None, "
    "ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0)", loss,
    LOSS_CROSS_ENTROPY },
  { F, BS_SIG_PYTHON, "dropout(input, p=0.5, training=True, inplace=False)", dropout, 0 },
  { F, BS_SIG_TORCH, "one_hot(Tensor input, int num_classes=-1)", one_hot, 0 },
  { F, BS_SIG_TORCH, "linear(Tensor input, Tensor weight, Tensor? bias=None, *, "
    "Tensor out=None)", linear, 0 },
};

const BsSignatureTable bs_functional_table = BS_SIGNATURE_TABLE (rows);
