/* bs-nn-conv.c: torch.conv1d and torch.conv2d (torch.nn.functional's too), as PyTorch 1.13
 * checks and shapes their arguments before its _convolution */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include "bs-batch-norm.h"

#include "bs-conv.h"

#include <string.h>

enum { ARG_INPUT, ARG_WEIGHT, ARG_BIAS, ARG_STRIDE, ARG_PADDING, ARG_DILATION, ARG_GROUPS };

static char *
format_list (const gint64 *v,
             int           n)
{
  GString *s = g_string_new ("[");

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", v[i]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

/* expand_param_if_needed: one value stands for every spatial dim. */
static gboolean
expand (BsInterp   *in,
        BsCall     *call,
        guint       i,
        const char *name,
        int         dims,
        gint64     *out)
{
  gint64 v[BS_MAX_DIMS];
  int n = bs_call_int_list (call, i, v);

  if (n < 0)
    return FALSE;
  if (n == 1)
    {
      for (int k = 0; k < dims; k++)
        out[k] = v[0];
      return TRUE;
    }
  if (n != dims)
    {
      g_autofree char *text = format_list (v, n);

      bs_raise (in, "RuntimeError", "expected %s to be a single integer value or a list of %d "
                "values to match the convolution dimensions, but got %s=%s", name, dims, name,
                text);
      return FALSE;
    }
  memcpy (out, v, sizeof (gint64) * n);
  return TRUE;
}

/* padding as a string: 'valid' is none, 'same' keeps the size (stride 1 only) */
static gboolean
string_padding (BsInterp     *in,
                BsCall       *call,
                BsTensor     *weight,
                BsConvParams *p)
{
  const char *mode = bs_call_string (call, ARG_PADDING);

  if (mode == NULL || strcmp (mode, "valid") == 0)
    {
      memset (p->padding, 0, sizeof p->padding);
      return TRUE;
    }
  if (strcmp (mode, "same") != 0)
    return bs_raise (in, "RuntimeError", "Invalid padding string: '%s'", mode);
  for (int k = 0; k < p->n_spatial; k++)
    if (p->stride[k] != 1)
      return bs_raise (in, "RuntimeError", "padding='same' is not supported for strided "
                       "convolutions");
  for (int k = 0; k < p->n_spatial; k++)
    {
      gint64 total = p->dilation[k] * (weight->shape[k + 2] - 1);

      if (total % 2 != 0)
        return bs_raise (in, "NotImplementedError", "padding='same' with an even kernel "
                         "length (padding one side more than the other) is not supported by "
                         "Backstep");
      p->padding[k] = total / 2;
    }
  return TRUE;
}

/* conv1d / conv2d (data: the spatial dims), each with int and string padding */
static gboolean
conv (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  int spatial = (int) bs_call_data (call);
  BsTensor *input = bs_call_tensor (call, ARG_INPUT);
  BsTensor *weight = bs_call_tensor (call, ARG_WEIGHT);
  BsTensor *bias = bs_call_tensor (call, ARG_BIAS);
  g_autoptr(BsTensor) batched = NULL;
  g_autoptr(BsTensor) out = NULL;
  gboolean string_pad = call->sig->params[ARG_PADDING].type == BS_PARAM_STRING;
  BsConvParams p = { 0 };
  GError *error = NULL;
  int dims;

  if (input->ndim != spatial + 1 && input->ndim != spatial + 2)
    {
      g_autofree char *shape = bs_tensor_format_shape (input);

      return bs_raise (in, "RuntimeError", "Expected %dD (unbatched) or %dD (batched) input to "
                       "conv%dd, but got input of size: %s", spatial + 1, spatial + 2, spatial,
                       shape);
    }
  if (input->ndim == spatial + 1)
    batched = bs_unsqueeze (input, 0, &error);
  else
    batched = bs_tensor_ref (input);
  if (batched == NULL)
    return bs_raise_gerror (in, error);
  if (weight->ndim < 3)
    return bs_raise (in, "RuntimeError", "weight should have at least three dimensions");
  dims = weight->ndim - 2;
  if (dims > 3)
    return bs_raise (in, "NotImplementedError", "a convolution of %d spatial dims is not "
                     "supported by Backstep", dims);
  p.n_spatial = dims;
  p.groups = bs_call_int (call, ARG_GROUPS);
  if (p.groups <= 0)
    return bs_raise (in, "RuntimeError", "non-positive groups is not supported");
  if (!expand (in, call, ARG_STRIDE, "stride", dims, p.stride)
      || (!string_pad && !expand (in, call, ARG_PADDING, "padding", dims, p.padding))
      || !expand (in, call, ARG_DILATION, "dilation", dims, p.dilation)
      || (string_pad && !string_padding (in, call, weight, &p)))
    return FALSE;
  out = bs_convolution (batched, weight, bias, &p, &error);
  if (out == NULL)
    return bs_raise_gerror (in, error);
  if (input->ndim == spatial + 1)
    {
      BsTensor *squeezed = bs_squeeze_dim (out, 0, &error);

      g_clear_pointer (&out, bs_tensor_unref);
      out = squeezed;
      if (out == NULL)
        return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, g_steal_pointer (&out));
  return TRUE;
}

/* torch.batch_norm(...): one NativeBatchNormBackward0, the running statistics updated in
 * place when training; F.batch_norm (py/nn.py) checks its arguments first, as PyTorch's */
static gboolean
batch_norm (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  GError *error = NULL;
  gboolean training = bs_call_bool (call, 5);
  BsTensor *running_mean = bs_call_tensor (call, 3), *running_var = bs_call_tensor (call, 4);
  BsTensor *out;

  if (!training && (running_mean == NULL || running_var == NULL))
    return bs_raise (in, "RuntimeError", "%s must be defined in evaluation mode",
                     running_mean == NULL ? "running_mean" : "running_var");
  out = bs_batch_norm (bs_call_tensor (call, 0), bs_call_tensor (call, 1),
                       bs_call_tensor (call, 2), running_mean, running_var, training,
                       bs_call_double (call, 6), bs_call_double (call, 7), &error);
  if (out == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, out);
  return TRUE;
}

#define OWNERS "torch torch.nn.functional"

static const BsSignatureRow rows[] = {
  { OWNERS, BS_SIG_TORCH, "conv1d(Tensor input, Tensor weight, Tensor? bias=None, "
    "IntArrayRef[1] stride=1, IntArrayRef[1] padding=0, IntArrayRef[1] dilation=1, int groups=1)", conv, 1 },
  { OWNERS, BS_SIG_TORCH, "conv1d(Tensor input, Tensor weight, Tensor? bias=None, "
    "IntArrayRef[1] stride=1, c10::string_view padding=\"valid\", IntArrayRef[1] dilation=1, "
    "int groups=1)", conv, 1 },
  { OWNERS, BS_SIG_TORCH, "conv2d(Tensor input, Tensor weight, Tensor? bias=None, "
    "IntArrayRef[2] stride=1, IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, int groups=1)", conv, 2 },
  { OWNERS, BS_SIG_TORCH, "conv2d(Tensor input, Tensor weight, Tensor? bias=None, "
    "IntArrayRef[2] stride=1, c10::string_view padding=\"valid\", IntArrayRef[2] dilation=1, "
    "int groups=1)", conv, 2 },
  { "torch", BS_SIG_TORCH, "batch_norm(Tensor input, Tensor? weight, Tensor? bias, "
    "Tensor? running_mean, Tensor? running_var, bool training, double momentum, double eps, "
    "bool cudnn_enabled)", batch_norm, 0 },
};

const BsSignatureTable bs_nn_conv_table = BS_SIGNATURE_TABLE (rows);
