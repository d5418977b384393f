/* bs-ops-copy.c: copies, casts and fills, forward and backward side by side
 *
 * clone, to (a dtype), fill_, zero_ and copy_, the *_like constructors and the
 * accumulation of gradients into .grad.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pointwise.h"

#include <math.h>
#include <string.h>

static BsTensor *
clone_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  return bs_tensor_contiguous_copy (in[0], in[0]->dtype, error);
}

const BsOpInfo bs_op_clone = {
  .name = "clone", .grad_fn_name = "CloneBackward0", .symbol = "clone", .n_inputs = 1,
  .forward = clone_forward, .backward = bs_identity_backward,
  .formulas = { "∂clone(a)/∂a = 1" },
};

static BsTensor *
to_copy_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return bs_tensor_contiguous_copy (in[0], args->dtype, error);
}

/* The engine casts the gradient back to the input's dtype. */
const BsOpInfo bs_op_to_copy = {
  .name = "to", .grad_fn_name = "ToCopyBackward0", .symbol = "to", .n_inputs = 1,
  .forward = to_copy_forward, .backward = bs_identity_backward,
  .formulas = { "∂a.to(dtype)/∂a = 1" },
};

static BsTensor *
fill_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  if (bs_dtype_is_integral (in[0]->dtype))
    return bs_tensor_new_full_int (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape,
                                   args->value_int, error);
  return bs_tensor_new_full (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape,
                             args->value, error);
}

const BsOpInfo bs_op_fill = {
  .name = "fill_", .grad_fn_name = "FillBackward2", .symbol = "fill", .n_inputs = 1,
  .forward = fill_forward, .backward = bs_zero_grad_backward,
  .formulas = { "∂fill(a)/∂a = 0" },
};

const BsOpInfo bs_op_zero = {
  .name = "zero_", .grad_fn_name = "ZeroBackward0", .symbol = "zero", .n_inputs = 1,
  .forward = fill_forward, .backward = bs_zero_grad_backward,
  .formulas = { "∂zero(a)/∂a = 0" },
};

/* copy_(self, src): the result is src broadcast to self's shape and dtype. */
static BsTensor *
copy_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  g_autoptr(BsTensor) out = bs_tensor_new_like (in[0], in[0]->dtype, error);

  if (out == NULL || !bs_tensor_copy_from (out, in[1], error))
    return NULL;
  return g_steal_pointer (&out);
}

static gboolean
copy_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_zeros_like (grad, error)) == NULL)
    return FALSE;
  if (NEEDS (1))
    gi[1] = bs_tensor_ref (grad);
  if (WANTS_LOCALS ())
    {
      locals[0] = bs_scalar_like (grad, 0.0);
      locals[1] = bs_scalar_like (grad, 1.0);
    }
  return TRUE;
}

const BsOpInfo bs_op_copy = {
  .name = "copy_", .grad_fn_name = "torch::autograd::CopyBackwards", .symbol = "copy",
  .n_inputs = 2,
  .forward = copy_forward, .backward = copy_backward,
  .formulas = { "∂copy_(a, s)/∂a = 0", "∂copy_(a, s)/∂s = 1" },
};

/* --- the public functions ---------------------------------------------- */

BsTensor *
bs_to_dtype (BsTensor *a, BsDType dtype, GError **error)
{
  BsOpArgs args;

  if (a->dtype == dtype)
    return bs_tensor_ref (a);
  bs_op_args_init (&args);
  args.dtype = dtype;
  return bs_pointwise_apply1 (BS_OP_TO_COPY, a, &args, error);
}

BsTensor *
bs_zeros_like (BsTensor *a, GError **error)
{
  return bs_tensor_new_like (a, a->dtype, error);
}

BsTensor *
bs_ones_like (BsTensor *a, GError **error)
{
  return bs_full_like (a, 1.0, error);
}

BsTensor *
bs_full_like (BsTensor *a, double value, GError **error)
{
  return bs_tensor_new_full (a->context, a->dtype, a->ndim, a->shape, value, error);
}

BsTensor *
bs_full_like_int (BsTensor *a, gint64 value, GError **error)
{
  return bs_tensor_new_full_int (a->context, a->dtype, a->ndim, a->shape, value, error);
}

static void
accumulate_loop (char         **p,
                 const gint64  *s,
                 gint64         n,
                 gpointer       user_data)
{
  BsDType dtype = *(const BsDType *) user_data;
  char *dst = p[0];
  const char *src = p[1];

  if (dtype == BS_DTYPE_FLOAT32 && s[0] == 4 && s[1] == 4)
    {
      float *d = (float *) dst;
      const float *restrict a = (const float *) src;

      for (gint64 i = 0; i < n; i++)
        d[i] += a[i];
      return;
    }
  for (gint64 i = 0; i < n; i++, dst += s[0], src += s[1])
    {
      if (dtype == BS_DTYPE_FLOAT32)
        *(float *) dst += *(const float *) src;
      else
        bs_dtype_store (dst, dtype, bs_dtype_load (dst, dtype) + bs_dtype_load (src, dtype));
    }
}

gboolean
bs_tensor_accumulate (BsTensor  *dst,
                      BsTensor  *src,
                      GError   **error)
{
  g_autoptr(BsTensor) same = NULL;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsIter iter;

  if (!bs_broadcast_shapes (dst->ndim, dst->shape, src->ndim, src->shape, &ndim, shape, error))
    return FALSE;
  if (ndim != dst->ndim || memcmp (shape, dst->shape, ndim * sizeof (gint64)) != 0)
    {
      g_autofree char *a = bs_tensor_format_shape (src);
      g_autofree char *b = bs_tensor_format_shape (dst);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "output with shape %s doesn't match the broadcast shape %s", b, a);
      return FALSE;
    }
  same = bs_cast_raw (src, dst->dtype, error);
  if (same == NULL)
    return FALSE;
  bs_iter_init (&iter, dst->ndim, dst->shape);
  bs_iter_add (&iter, dst);
  bs_iter_add (&iter, same);
  bs_iter_run (&iter, accumulate_loop, &dst->dtype);
  return TRUE;
}

/* --- in place ---------------------------------------------------------- */

BsTensor *
bs_zero_ (BsTensor *a, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (0.0);

  return bs_pointwise_inplace1 (BS_OP_ZERO, a, &args, error);
}

BsTensor *
bs_fill_ (BsTensor *a, double value, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args (value);

  return bs_pointwise_inplace1 (BS_OP_FILL, a, &args, error);
}

BsTensor *
bs_fill_int_ (BsTensor *a, gint64 value, GError **error)
{
  BsOpArgs args = bs_pointwise_value_args ((double) value);

  args.value_int = value;
  return bs_pointwise_inplace1 (BS_OP_FILL, a, &args, error);
}

BsTensor *
bs_copy_ (BsTensor *a, BsTensor *src, GError **error)
{
  return bs_pointwise_inplace2 (BS_OP_COPY, a, src, NULL, error);
}

/* value into the elements of one strided line of a: a view (AsStridedBackward0) filled in
 * place, so that a's history gets a CopySlices as in PyTorch */
static gboolean
fill_line (BsTensor *a, gint64 n, gint64 stride, gint64 offset, double value, gint64 value_int,
           gboolean exact, GError **error)
{
  g_autoptr(BsTensor) line = NULL;
  g_autoptr(BsTensor) done = NULL;
  BsOpArgs args;

  if (n <= 0)
    return TRUE;
  bs_op_args_init (&args);
  args.n_dims = 1;
  args.dims[0] = n;
  args.strides[0] = stride;
  args.storage_offset = offset;
  line = bs_op_apply (BS_OP_AS_STRIDED, &a, 1, &args, error);
  if (line == NULL)
    return FALSE;
  done = exact ? bs_fill_int_ (line, value_int, error) : bs_fill_ (line, value, error);
  return done != NULL;
}

BsTensor *
bs_fill_diagonal_ (BsTensor *a, double value, gint64 value_int, gboolean exact, gboolean wrap,
                   GError **error)
{
  gint64 n = a->ndim > 0 ? a->shape[0] : 0, stride = 0;

  if (a->ndim < 2)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "dimensions must larger than 1");
      return NULL;
    }
  for (int d = 0; d < a->ndim; d++)
    {
      if (a->ndim > 2 && a->shape[d] != a->shape[0])
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "all dimensions of input must be of equal length");
          return NULL;
        }
      n = MIN (n, a->shape[d]);
      stride += a->strides[d];
    }
  if (!fill_line (a, n, stride, 0, value, value_int, exact, error))
    return NULL;
  /* a tall matrix wraps: the diagonal starts again every width + 1 rows */
  if (wrap && a->ndim == 2 && a->shape[0] > a->shape[1] + 1)
    {
      gint64 step = a->shape[1] + 1;
      gint64 wrap_size = (bs_tensor_numel (a) + step - 1) / step - n;

      if (!bs_tensor_is_contiguous (a))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                               "fill_diagonal_(wrap=True) of a non-contiguous tensor is not "
                               "supported by Backstep");
          return NULL;
        }
      if (!fill_line (a, wrap_size, step, n * step, value, value_int, exact, error))
        return NULL;
    }
  return bs_tensor_ref (a);
}
