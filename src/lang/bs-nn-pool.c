/* bs-nn-pool.c: 2-D pooling as torch and torch._C._nn declare it (torch.max_pool2d,
 * F.avg_pool2d); torch.nn.functional's Python wrappers (max_pool2d's return_indices, the
 * 1-D forms, adaptive pooling's None sizes) are in py/nn-conv.py and call the hidden rows
 * of torch.nn below */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include "bs-pooling.h"

#include <string.h>

/* A list parameter of one or two ints (stride: none or empty means the kernel's). */
static gboolean
pair (BsInterp     *in,
      BsCall       *call,
      guint         i,
      const char   *message,
      const gint64 *fallback,
      gint64       *out)
{
  gint64 v[BS_MAX_DIMS];
  int n = bs_call_int_list (call, i, v);

  if (fallback != NULL && (n <= 0 || !call->given[i]))
    {
      out[0] = fallback[0];
      out[1] = fallback[1];
      return TRUE;
    }
  if (n != 1 && n != 2)
    return bs_raise (in, "RuntimeError", "%s", message);
  out[0] = v[0];
  out[1] = n == 2 ? v[1] : v[0];
  return TRUE;
}

/* (values, indices) as a plain tuple, as torch._C._nn returns them; takes both */
static BsValue
values_and_indices (BsInterp *in,
                    BsTensor *values,
                    BsTensor *indices)
{
  BsValue items[2];
  BsValue tuple;

  items[0] = bs_wrap_tensor (in, values);
  items[1] = bs_wrap_tensor (in, indices);
  tuple = bs_tuple_from (in, items, 2);
  bs_value_unref (items[0]);
  bs_value_unref (items[1]);
  return tuple;
}

/* max_pool2d(input, kernel_size, stride={}, padding=0, dilation=1, ceil_mode=False); data 1:
 * the values and the indices */
static gboolean
max_pool (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsPoolParams p = { 0 };
  GError *error = NULL;
  BsTensor *indices = NULL;
  BsTensor *out;

  if (!pair (in, call, 1, "max_pool2d: kernel_size must either be a single int, or a tuple of "
             "two ints", NULL, p.kernel)
      || !pair (in, call, 2, "max_pool2d: stride must either be omitted, a single int, or a "
                "tuple of two ints", p.kernel, p.stride)
      || !pair (in, call, 3, "max_pool2d: padding must be either be a single int, or a tuple "
                "of two ints", NULL, p.padding)
      || !pair (in, call, 4, "max_pool2d: dilation must be either a single int, or a tuple of "
                "two ints", NULL, p.dilation))
    return FALSE;
  p.ceil_mode = bs_call_bool (call, 5);
  out = bs_max_pool2d (bs_call_tensor (call, 0), &p, bs_call_data (call) ? &indices : NULL,
                       &error);
  if (out == NULL)
    return bs_raise_gerror (in, error);
  if (!bs_call_data (call))
    {
      *r = bs_wrap_tensor (in, out);
      return TRUE;
    }
  *r = values_and_indices (in, out, indices);
  return TRUE;
}

/* avg_pool2d(input, kernel_size, stride={}, padding=0, ceil_mode=False,
 * count_include_pad=True, divisor_override=None) */
static gboolean
avg_pool (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsPoolParams p = { .dilation = { 1, 1 } };
  GError *error = NULL;

  if (!pair (in, call, 1, "avg_pool2d: kernel_size must either be a single int, or a tuple of "
             "two ints", NULL, p.kernel)
      || !pair (in, call, 2, "avg_pool2d: stride must either be omitted, a single int, or a "
                "tuple of two ints", p.kernel, p.stride)
      || !pair (in, call, 3, "avg_pool2d: padding must either be a single int, or a tuple of "
                "two ints", NULL, p.padding))
    return FALSE;
  p.ceil_mode = bs_call_bool (call, 4);
  p.count_include_pad = bs_call_bool (call, 5);
  p.has_divisor = bs_call_has (call, 6);
  p.divisor = p.has_divisor ? bs_call_int (call, 6) : 0;
  return bs_call_return_tensor (call, bs_avg_pool2d (bs_call_tensor (call, 0), &p, &error),
                                &error, r);
}

/* _adaptive_avg_pool2d / _adaptive_max_pool2d(input, output_size): data 1 for max */
static gboolean
adaptive_pool (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  gboolean is_max = bs_call_data (call);
  const char *name = is_max ? "adaptive_max_pool2d" : "adaptive_avg_pool2d";
  gint64 size[BS_MAX_DIMS];
  GError *error = NULL;
  BsTensor *indices = NULL;
  BsTensor *out;

  if (bs_call_int_list (call, 1, size) != 2)
    return bs_raise (in, "RuntimeError", "%s: %s", name, is_max
                     ? "internal error: output_size.size() must be 2"
                     : "output_size must be 2");
  if (!is_max)
    return bs_call_return_tensor (call, bs_adaptive_avg_pool2d (bs_call_tensor (call, 0), size,
                                                                &error), &error, r);
  out = bs_adaptive_max_pool2d (bs_call_tensor (call, 0), size, &indices, &error);
  if (out == NULL)
    return bs_raise_gerror (in, error);
  *r = values_and_indices (in, out, indices);
  return TRUE;
}

#define MAX_POOL_PARAMS "(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride={}, " \
  "IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False)"

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_TORCH, "max_pool2d" MAX_POOL_PARAMS, max_pool, 0 },
  { "torch.nn", BS_SIG_TORCH, "_max_pool2d_with_indices" MAX_POOL_PARAMS, max_pool, 1 },
  { "torch.nn.functional", BS_SIG_TORCH, "avg_pool2d(Tensor input, IntArrayRef[2] kernel_size, "
    "IntArrayRef[2] stride={}, IntArrayRef[2] padding=0, bool ceil_mode=False, "
    "bool count_include_pad=True, int? divisor_override=None)", avg_pool, 0 },
  { "torch.nn", BS_SIG_TORCH, "_adaptive_avg_pool2d(Tensor input, IntArrayRef[2] output_size)",
    adaptive_pool, 0 },
  { "torch.nn", BS_SIG_TORCH, "_adaptive_max_pool2d(Tensor input, IntArrayRef[2] output_size)",
    adaptive_pool, 1 },
};

const BsSignatureTable bs_nn_pool_table = BS_SIGNATURE_TABLE (rows);
