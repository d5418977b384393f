/* bs-np-torch.c: numpy and torch together, as PyTorch 1.13: torch.from_numpy and
 * Tensor.numpy() share memory, torch.as_tensor shares when it can */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include "bs-torch-private.h"

/* A tensor that shares t's storage, without its autograd history */
static BsTensor *
share (BsTensor *t)
{
  return bs_tensor_alias (t, t->ndim, t->shape, t->strides, t->offset);
}

DECLARED (torch_from_numpy)
{
  BsValue v = bs_np_value (call, 0);
  BsTensor *a = bs_np_array_tensor (v), *t;

  if (a == NULL)
    return bs_raise (in, "TypeError", "expected np.ndarray (got %s)", bs_type_name (v));
  t = share (a);
  bs_tensor_announce_leaf (t);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

DECLARED (tensor_numpy)
{
  BsTensor *t = bs_call_self (call);

  if (bs_tensor_requires_grad (t) && !bs_call_bool (call, 1))
    return bs_raise (in, "RuntimeError", "Can't call numpy() on Tensor that requires grad. Use "
                     "tensor.detach().numpy() instead.");
  if (bs_np_dtype_str (t->dtype) == NULL)
    return bs_raise (in, "TypeError", "Got unsupported ScalarType %s",
                     bs_dtype_scalar_name (t->dtype));
  *r = bs_np_array_new (in, share (t));
  return TRUE;
}

/* as_tensor(data, dtype=None, device=None): an ndarray's memory when the dtype is its own,
 * a tensor itself, else torch.tensor(data) */
DECLARED (torch_as_tensor)
{
  BsValue data = bs_np_value (call, 0);
  gboolean has_dtype = bs_call_has (call, 1);
  BsDType dtype = bs_call_dtype (call, 1, BS_DTYPE_FLOAT32);
  BsTensor *a = bs_np_tensor_of (data), *t;
  GError *error = NULL;

  if (!bs_torch_check_device (in, bs_np_value (call, 2)))
    return FALSE;
  if (bs_value_tensor (data) != NULL)
    {
      t = has_dtype ? bs_to_dtype (bs_value_tensor (data), dtype, &error)
                    : bs_tensor_ref (bs_value_tensor (data));
      if (t == NULL)
        return bs_raise_gerror (in, error);
      *r = bs_wrap_tensor (in, t);
      return TRUE;
    }
  if (a != NULL)
    {
      t = !has_dtype || dtype == a->dtype ? share (a)
        : bs_tensor_contiguous_copy (a, dtype, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
      *r = bs_wrap_tensor (in, t);
      return TRUE;
    }
  if (!bs_tensor_from_data (in, data, has_dtype, dtype, &t))
    return FALSE;
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_BUILTIN, "from_numpy(ndarray, /)", torch_from_numpy, 0 },
  { "Tensor", BS_SIG_TORCH, "numpy(Tensor input, *, bool force=False)", tensor_numpy, 0 },
  { "torch", BS_SIG_TORCH, "as_tensor(PyObject* data, *, ScalarType dtype=None, "
    "Device? device=None)", torch_as_tensor, 0 },
};

const BsSignatureTable bs_np_torch_table = BS_SIGNATURE_TABLE (rows);
