/* bs-tensor-reduce.c: torch's and Tensor's statistics over dimensions (prod, var, std, norm,
 * logsumexp, amax, amin, all, any, var_mean, std_mean, kthvalue, median, mode), declared
 * by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

typedef BsTensor *(*DimsFunc) (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
                               GError **error);

/* The tensor converted to the dtype= parameter i when it is given (a new reference). */
static BsTensor *
with_dtype (BsCall  *call,
            int      i,
            GError **error)
{
  BsTensor *x = bs_call_self (call);

  /* as PyTorch's prod and sum, bools count as int64 */
  if (!bs_call_has (call, i))
    return x->dtype == BS_DTYPE_BOOL ? bs_to_dtype (x, BS_DTYPE_INT64, error) : bs_tensor_ref (x);
  return bs_to_dtype (x, bs_call_dtype (call, i, x->dtype), error);
}

/* The product in the dtype= parameter i when it is given: the engine's product of integers
 * is int64. Takes res. */
static BsTensor *
in_dtype (BsCall    *call,
          int        i,
          BsTensor  *res,
          GError   **error)
{
  BsDType dtype;
  BsTensor *converted;

  if (res == NULL || !bs_call_has (call, i))
    return res;
  dtype = bs_call_dtype (call, i, res->dtype);
  if (res->dtype == dtype)
    return res;
  converted = bs_to_dtype (res, dtype, error);
  bs_tensor_unref (res);
  return converted;
}

/* prod(input, *, dtype=None) */
static gboolean
prod_all (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  GError *error = NULL;
  g_autoptr(BsTensor) x = with_dtype (call, 1, &error);

  if (x == NULL)
    return bs_raise_gerror (in, error);
  return bs_call_return_tensor (call, in_dtype (call, 1, bs_prod (x, &error), &error), &error,
                                r);
}

/* prod(input, dim, keepdim=False, *, dtype=None) */
static gboolean
prod_dim (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  GError *error = NULL;
  g_autoptr(BsTensor) x = with_dtype (call, 3, &error);

  if (x == NULL)
    return bs_raise_gerror (in, error);
  return bs_call_return_tensor (call, in_dtype (call, 3, bs_prod_dim (x, bs_call_dim (call, 1),
                                                                    bs_call_bool (call, 2),
                                                                    &error), &error),
                                &error, r);
}

/* The arguments of var, std, var_mean and std_mean. Three forms: (input, dim, *,
 * correction, keepdim), (input, dim, unbiased=True, keepdim=False) and (input,
 * unbiased=True). FALSE when the dims are refused. */
static gboolean
spread_args (BsCall   *call,
             gint64   *dims,
             int      *n_dims,
             double   *correction,
             gboolean *keepdim)
{
  const BsSignature *sig = call->sig;
  int n = 0;

  *correction = 1.0;
  *keepdim = FALSE;
  if (sig->n_params == 2)
    *correction = bs_call_bool (call, 1) ? 1.0 : 0.0;
  else
    {
      n = bs_call_int_list (call, 1, dims);
      if (n == -2)
        return FALSE;
      if (strcmp (sig->params[2].name, "correction") == 0)
        *correction = bs_call_has (call, 2) ? (double) bs_call_int (call, 2) : 1.0;
      else
        *correction = bs_call_bool (call, 2) ? 1.0 : 0.0;
      *keepdim = bs_call_bool (call, 3);
    }
  *n_dims = MAX (n, 0);
  return TRUE;
}

/* var and std; data 1 for std */
static gboolean
spread (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  gboolean std = bs_call_data (call) != 0, keepdim;
  gint64 dims[BS_MAX_DIMS];
  int n;
  double correction;
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);

  if (!spread_args (call, dims, &n, &correction, &keepdim))
    return FALSE;
  return bs_call_return_tensor (call, std ? bs_std (x, dims, n, correction, keepdim, &error)
                                          : bs_var (x, dims, n, correction, keepdim, &error),
                                &error, r);
}

/* var_mean and std_mean (data 1): the tuple (var or std, mean), PyTorch's two results of
 * one node (VarMeanBackward0) */
static gboolean
spread_mean (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  gboolean std = bs_call_data (call) != 0, keepdim;
  gint64 dims[BS_MAX_DIMS];
  int n;
  double correction;
  GError *error = NULL;
  BsTensor *x = bs_call_self (call);
  BsTensor *spread_t = NULL;
  BsTensor *mean_t = NULL;
  BsValue items[2];

  if (!spread_args (call, dims, &n, &correction, &keepdim))
    return FALSE;
  if (n == 0)
    for (; n < x->ndim; n++)
      dims[n] = n;
  if (!bs_spread_mean (x, dims, n, correction, keepdim, std, &spread_t, &mean_t, &error))
    return bs_raise_gerror (in, error);
  items[0] = bs_wrap_tensor (in, spread_t);
  items[1] = bs_wrap_tensor (in, mean_t);
  *r = bs_tuple_from (in, items, 2);
  bs_value_unref (items[0]);
  bs_value_unref (items[1]);
  return TRUE;
}

/* kthvalue(input, k, dim=-1, keepdim=False), median(input, dim, keepdim=False) and
 * mode(input, dim=-1, keepdim=False): the row's data is the engine op; a named tuple of
 * values and indices */
static gboolean
order_pick (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsOp op = (BsOp) bs_call_data (call);
  guint first = op == BS_OP_KTHVALUE ? 2 : 1;
  gint64 k = op == BS_OP_KTHVALUE ? bs_call_int (call, 1) : 0;
  BsTensor *indices = NULL, *values;
  GError *error = NULL;

  values = bs_order_pick (op, bs_call_self (call), k, bs_call_dim (call, first),
                          bs_call_bool (call, first + 1), &indices, &error);
  return bs_call_return_pair (call, op == BS_OP_KTHVALUE ? "torch.return_types.kthvalue"
                                    : op == BS_OP_MODE ? "torch.return_types.mode"
                                    : "torch.return_types.median",
                              values, indices, &error, r);
}

/* median(input): of all elements */
static gboolean
median_all (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_median (bs_call_self (call), &error), &error, r);
}

/* logsumexp(input, dim, keepdim), amax, amin, all, any: the row's data is the engine's
 * function */
static gboolean
over_dims (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  DimsFunc f = (DimsFunc) bs_call_data (call);
  gint64 dims[BS_MAX_DIMS];
  int n = bs_call_int_list (call, 1, dims);
  GError *error = NULL;

  if (n == -2)
    return FALSE;
  return bs_call_return_tensor (call, f (bs_call_self (call), dims, MAX (n, 0),
                                         bs_call_bool (call, 2), &error),
                                &error, r);
}

/* norm(input, p='fro', dim=None, keepdim=False, out=None, dtype=None), as torch/functional.py
 * of PyTorch 1.13: 'fro' is the 2-norm over the given dims (or all of them) */
static gboolean
norm (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  gboolean method = call->sig->n_params == 5;
  guint dim_i = 2, keepdim_i = 3, dtype_i = method ? 4 : 5;
  BsValue p = bs_call_value (call, 1), dim = bs_call_value (call, dim_i);
  const char *ps = bs_value_str (p);
  double pv = 2.0;
  gint64 dims[BS_MAX_DIMS];
  int n = 0;
  gboolean keepdim;
  GError *error = NULL;
  g_autoptr(BsTensor) x = NULL;

  if (bs_call_self (call) == NULL)
    return bs_raise (in, "AttributeError", "'%s' object has no attribute 'dim'",
                     bs_type_name (bs_call_value (call, 0)));
  if (ps != NULL && strcmp (ps, "fro") != 0)
    return bs_raise (in, "NotImplementedError", "norm(p='%s') is not supported by Backstep", ps);
  if (ps == NULL && !bs_value_is_none (p) && !bs_to_double (in, p, &pv))
    return FALSE;
  if (!method && bs_call_has (call, 4))
    return bs_raise (in, "NotImplementedError", "norm(out=...) is not supported by Backstep");
  if (!bs_truthy (in, bs_call_value (call, keepdim_i), &keepdim))
    return FALSE;
  if (bs_value_is_object (dim, BS_OBJECT_LIST) || bs_value_is_object (dim, BS_OBJECT_TUPLE))
    {
      gsize count;
      BsValue *items = bs_value_items (dim, &count);

      if (count > BS_MAX_DIMS)
        return bs_raise (in, "RuntimeError", "Backstep tensors have at most %d dimensions",
                         BS_MAX_DIMS);
      for (gsize k = 0; k < count; k++)
        if (!bs_to_int (in, items[k], &dims[n++]))
          return FALSE;
    }
  else if (!bs_value_is_none (dim))
    {
      if (!bs_to_int (in, dim, &dims[0]))
        return FALSE;
      n = 1;
    }
  if (bs_call_has (call, dtype_i))
    {
      BsDType dtype;

      if (!bs_value_dtype (in, bs_call_value (call, dtype_i), &dtype))
        return FALSE;
      x = bs_to_dtype (bs_call_self (call), dtype, &error);
      if (x == NULL)
        return bs_raise_gerror (in, error);
    }
  else
    x = bs_tensor_ref (bs_call_self (call));
  if (!bs_dtype_is_floating (x->dtype))
    return bs_raise (in, "RuntimeError", "norm(): input dtype should be either floating point or "
                     "complex. Got %s instead.", bs_dtype_scalar_name (x->dtype));
  if (n == 2 && (ps != NULL || bs_value_is_none (p)))
    {
      /* PyTorch's frobenius_norm over two dims: sqrt(sum(x * x)) */
      g_autoptr(BsTensor) sq = bs_mul (x, x, &error);
      g_autoptr(BsTensor) sum = sq != NULL ? bs_sum_dims (sq, dims, n, keepdim, &error) : NULL;

      return bs_call_return_tensor (call, sum != NULL ? bs_sqrt (sum, &error) : NULL, &error, r);
    }
  return bs_call_return_tensor (call, bs_norm (x, pv, dims, n, keepdim, &error), &error, r);
}

#define TT "torch Tensor"
#define OUT ", *, Tensor out=None)"
#define SPREAD_ROWS(name, data) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction, " \
    "bool keepdim=False, Tensor out=None)", spread, data }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, " \
    "bool keepdim=False, *, Tensor out=None)", spread, data }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, bool unbiased=True)", spread, data }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, DimnameList[1] dim, *, int64_t? correction, " \
    "bool keepdim=False, Tensor out=None)", bs_torch_refuse_named, data }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, DimnameList[1] dim, bool unbiased=True, " \
    "bool keepdim=False, *, Tensor out=None)", bs_torch_refuse_named, data }
#define SPREAD_MEAN_ROWS(name, data) \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, IntArrayRef[1]? dim, *, " \
    "int64_t? correction, bool keepdim=False)", spread_mean, data }, \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, " \
    "bool keepdim=False)", spread_mean, data }, \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, bool unbiased=True)", spread_mean, data }, \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, DimnameList[1] dim, *, " \
    "int64_t? correction, bool keepdim=False)", bs_torch_refuse_named, data }, \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, DimnameList[1] dim, bool unbiased=True, " \
    "bool keepdim=False)", bs_torch_refuse_named, data }
#define TRUTH_ROWS(name, fn) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim, bool keepdim=False" OUT, over_dims, \
    (gintptr) fn }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Dimname dim, bool keepdim=False" OUT, \
    bs_torch_refuse_named, 0 }

static const BsSignatureRow rows[] = {
  { TT, BS_SIG_TORCH, "prod(Tensor input, *, ScalarType? dtype=None)", prod_all, 0 },
  { TT, BS_SIG_TORCH, "prod(Tensor input, int64_t dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", prod_dim, 0 },
  { TT, BS_SIG_TORCH, "prod(Tensor input, Dimname dim, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)", bs_torch_refuse_named, 0 },
  SPREAD_ROWS (var, 0),
  SPREAD_ROWS (std, 1),
  SPREAD_MEAN_ROWS (var_mean, 0),
  SPREAD_MEAN_ROWS (std_mean, 1),
  { TT, BS_SIG_TORCH, "kthvalue(Tensor input, int64_t k, int64_t dim=-1, bool keepdim=False, "
    "*, TensorList[2] out=None)", order_pick, BS_OP_KTHVALUE },
  { TT, BS_SIG_TORCH, "kthvalue(Tensor input, int64_t k, Dimname dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "median(Tensor input)", median_all, 0 },
  { TT, BS_SIG_TORCH, "median(Tensor input, int64_t dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", order_pick, BS_OP_MEDIAN_DIM },
  { TT, BS_SIG_TORCH, "median(Tensor input, Dimname dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, "
    "TensorList[2] out=None)", order_pick, BS_OP_MODE },
  { TT, BS_SIG_TORCH, "mode(Tensor input, Dimname dim, bool keepdim=False, *, "
    "TensorList[2] out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False" OUT,
    over_dims, (gintptr) bs_logsumexp },
  { TT, BS_SIG_TORCH, "logsumexp(Tensor input, DimnameList[1] dim, bool keepdim=False" OUT,
    bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "amax(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False" OUT,
    over_dims, (gintptr) bs_amax },
  { TT, BS_SIG_TORCH, "amin(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False" OUT,
    over_dims, (gintptr) bs_amin },
  TRUTH_ROWS (all, bs_all_dims),
  TRUTH_ROWS (any, bs_any_dims),
  { "Tensor", BS_SIG_PYTHON, "Tensor.norm(self, p='fro', dim=None, keepdim=False, dtype=None)",
    norm, 0 },
  { "torch", BS_SIG_PYTHON, "norm(input, p='fro', dim=None, keepdim=False, out=None, "
    "dtype=None)", norm, 0 },
};

const BsSignatureTable bs_tensor_reduce_table = BS_SIGNATURE_TABLE (rows);
