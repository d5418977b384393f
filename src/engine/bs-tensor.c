/* bs-tensor.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-tensor.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-iter.h"
#include "bs-node.h"
#include "bs-storage.h"
#include "bs-tape.h"

#include <string.h>

static BsTensor *
tensor_alloc (BsContext *context)
{
  BsTensor *self = bs_pool_alloc (&context->tensor_pool);

  self->ref_count = 1;
  self->context = context;
  self->id = context->next_tensor_id++;
  self->is_inference = context->inference_mode;
  bs_context_charge (context, sizeof (BsTensor));
  return self;
}

void
bs_shape_contiguous_strides (int           ndim,
                             const gint64 *shape,
                             gint64       *strides)
{
  gint64 stride = 1;

  for (int d = ndim - 1; d >= 0; d--)
    {
      strides[d] = stride;
      stride *= MAX (shape[d], 1);
    }
}

static BsTensor *
tensor_new (BsContext     *context,
            BsDType        dtype,
            int            ndim,
            const gint64  *shape,
            gboolean       zeroed,
            GError       **error)
{
  g_autoptr(BsTensor) self = NULL;
  gint64 numel = 1;
  gsize elsize = bs_dtype_size (dtype);

  g_return_val_if_fail (context != NULL, NULL);
  if (ndim < 0 || ndim > BS_MAX_DIMS)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "tensors of %d dimensions are not supported (at most %d)", ndim, BS_MAX_DIMS);
      return NULL;
    }
  for (int d = 0; d < ndim; d++)
    {
      if (shape[d] < 0)
        {
          g_autoptr(GString) sizes = g_string_new (NULL);

          for (int k = 0; k < ndim; k++)
            g_string_append_printf (sizes, "%s%" G_GINT64_FORMAT, k ? ", " : "", shape[k]);
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "Trying to create tensor with negative dimension %" G_GINT64_FORMAT
                       ": [%s]", shape[d], sizes->str);
          return NULL;
        }
      if (shape[d] != 0 && numel > G_MAXINT64 / (gint64) elsize / shape[d])
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
                       "tensor too large: its size does not fit in memory");
          return NULL;
        }
      numel *= shape[d];
    }

  self = tensor_alloc (context);
  self->storage = zeroed ? bs_storage_new (context, (gsize) numel * elsize, error)
                         : bs_storage_new_uninit (context, (gsize) numel * elsize, error);
  if (self->storage == NULL)
    return NULL;
  self->version = bs_version_new (context);
  self->dtype = dtype;
  self->ndim = ndim;
  if (ndim > 0)
    memcpy (self->shape, shape, ndim * sizeof (gint64));
  bs_shape_contiguous_strides (ndim, self->shape, self->strides);
  return g_steal_pointer (&self);
}

BsTensor *
bs_tensor_new (BsContext     *context,
               BsDType        dtype,
               int            ndim,
               const gint64  *shape,
               GError       **error)
{
  return tensor_new (context, dtype, ndim, shape, TRUE, error);
}

BsTensor *
bs_tensor_new_uninit (BsContext     *context,
                      BsDType        dtype,
                      int            ndim,
                      const gint64  *shape,
                      GError       **error)
{
  return tensor_new (context, dtype, ndim, shape, FALSE, error);
}

BsTensor *
bs_tensor_new_from_doubles (BsContext     *context,
                            BsDType        dtype,
                            int            ndim,
                            const gint64  *shape,
                            const double  *values,
                            GError       **error)
{
  BsTensor *self = bs_tensor_new (context, dtype, ndim, shape, error);
  gint64 n;
  gsize elsize;
  guint8 *data;

  if (self == NULL)
    return NULL;
  n = bs_tensor_numel (self);
  elsize = bs_dtype_size (dtype);
  data = self->storage->data;
  for (gint64 i = 0; i < n; i++)
    bs_dtype_store (data + i * elsize, dtype, values[i]);
  return self;
}

BsTensor *
bs_tensor_new_scalar (BsContext *context,
                      BsDType    dtype,
                      double     value)
{
  BsTensor *self = bs_tensor_new (context, dtype, 0, NULL, NULL);

  if (self != NULL)
    bs_dtype_store (self->storage->data, dtype, value);
  return self;
}

BsTensor *
bs_tensor_new_wrapped_number (BsContext *context,
                              double     value,
                              gboolean   is_integer)
{
  BsTensor *self = bs_tensor_new_scalar (context,
                                         is_integer ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT64,
                                         value);

  if (self != NULL)
    {
      self->is_wrapped_number = TRUE;
      self->is_inference = FALSE;   /* as bs_wrap_number's */
    }
  return self;
}

BsTensor *
bs_tensor_new_full_int (BsContext     *context,
                        BsDType        dtype,
                        int            ndim,
                        const gint64  *shape,
                        gint64         value,
                        GError       **error)
{
  BsTensor *self = bs_tensor_new (context, dtype, ndim, shape, error);
  guint64 element = 0;
  gsize elsize = bs_dtype_size (dtype);

  bs_dtype_store_int (&element, dtype, value);
  if (self != NULL && element != 0)
    {
      gint64 n = bs_tensor_numel (self);

      for (gint64 i = 0; i < n; i++)
        memcpy (self->storage->data + i * elsize, &element, elsize);
    }
  return self;
}

BsTensor *
bs_tensor_new_full (BsContext     *context,
                    BsDType        dtype,
                    int            ndim,
                    const gint64  *shape,
                    double         value,
                    GError       **error)
{
  BsTensor *self = bs_tensor_new (context, dtype, ndim, shape, error);

  if (self != NULL && value != 0.0)
    {
      gint64 n = bs_tensor_numel (self);
      gsize elsize = bs_dtype_size (dtype);

      if (dtype == BS_DTYPE_FLOAT32)
        {
          float *data = (float *) self->storage->data;

          for (gint64 i = 0; i < n; i++)
            data[i] = (float) value;
        }
      else
        {
          for (gint64 i = 0; i < n; i++)
            bs_dtype_store (self->storage->data + i * elsize, dtype, value);
        }
    }
  return self;
}

BsTensor *
bs_tensor_new_like (BsTensor  *like,
                    BsDType    dtype,
                    GError   **error)
{
  return bs_tensor_new (like->context, dtype, like->ndim, like->shape, error);
}

void
bs_tensor_announce_leaf (BsTensor *self)
{
  BsContext *context = self->context;

  if (bs_context_emits (context, tensor_created) && context->in_backward == 0)
    {
      BsTensorEvent event = { .tensor = self };

      context->sink->tensor_created (context->sink_data, &event);
    }
}

BsTensor *
bs_tensor_alias (BsTensor     *self,
                 int           ndim,
                 const gint64 *shape,
                 const gint64 *strides,
                 gint64        offset)
{
  BsTensor *alias = tensor_alloc (self->context);

  alias->storage = bs_storage_ref (self->storage);
  alias->version = bs_version_ref (self->version);
  alias->dtype = self->dtype;
  alias->is_inference = self->is_inference;
  alias->has_version = self->has_version;
  alias->ndim = ndim;
  alias->offset = offset;
  if (ndim > 0)
    {
      memcpy (alias->shape, shape, ndim * sizeof (gint64));
      memcpy (alias->strides, strides, ndim * sizeof (gint64));
    }
  return alias;
}

BsTensor *
bs_tensor_ref (BsTensor *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  self->ref_count++;
  return self;
}

void
bs_tensor_unref (BsTensor *self)
{
  if (self == NULL || --self->ref_count > 0)
    return;

  if (bs_context_emits (self->context, tensor_destroyed))
    self->context->sink->tensor_destroyed (self->context->sink_data, self);
  if (self->grad_fn != NULL && bs_node_get_retained (self->grad_fn, self->output_nr) == self)
    bs_node_set_retained (self->grad_fn, self->output_nr, NULL);
  g_clear_pointer (&self->grad_fn, bs_node_unref);
  g_clear_pointer (&self->grad, bs_tensor_unref);
  g_clear_pointer (&self->view_base, bs_tensor_unref);
  if (self->hooks != NULL)
    {
      for (guint i = 0; i < self->hooks->len; i++)
        {
          BsHook *hook = &g_array_index (self->hooks, BsHook, i);

          if (hook->destroy != NULL)
            hook->destroy (hook->user_data);
        }
      g_array_unref (self->hooks);
    }
  g_clear_pointer (&self->storage, bs_storage_unref);
  g_clear_pointer (&self->version, bs_version_unref);
  bs_context_uncharge (self->context, sizeof (BsTensor));
  bs_pool_free (&self->context->tensor_pool, self);
}

gint64
bs_tensor_numel (const BsTensor *self)
{
  gint64 n = 1;

  for (int d = 0; d < self->ndim; d++)
    n *= self->shape[d];
  return n;
}

gboolean
bs_tensor_is_contiguous (const BsTensor *self)
{
  gint64 expected = 1;

  for (int d = self->ndim - 1; d >= 0; d--)
    {
      if (self->shape[d] == 1)
        continue;
      if (self->strides[d] != expected)
        return FALSE;
      expected *= self->shape[d];
    }
  return TRUE;
}

gboolean
bs_tensor_same_shape (const BsTensor *a,
                      const BsTensor *b)
{
  if (a->ndim != b->ndim)
    return FALSE;
  for (int d = 0; d < a->ndim; d++)
    if (a->shape[d] != b->shape[d])
      return FALSE;
  return TRUE;
}

static gint64
element_offset (const BsTensor *self,
                gint64          linear_index)
{
  gint64 offset = self->offset;

  for (int d = self->ndim - 1; d >= 0; d--)
    {
      offset += (linear_index % self->shape[d]) * self->strides[d];
      linear_index /= self->shape[d];
    }
  return offset;
}

double
bs_tensor_get (const BsTensor *self,
               gint64          linear_index)
{
  gsize elsize = bs_dtype_size (self->dtype);

  return bs_dtype_load (self->storage->data + element_offset (self, linear_index) * elsize,
                        self->dtype);
}

gint64
bs_tensor_get_int (const BsTensor *self,
                   gint64          linear_index)
{
  gsize elsize = bs_dtype_size (self->dtype);
  const guint8 *p = self->storage->data + element_offset (self, linear_index) * elsize;

  return bs_dtype_load_int (p, self->dtype);
}

void
bs_tensor_set (BsTensor *self,
               gint64    linear_index,
               double    value)
{
  gsize elsize = bs_dtype_size (self->dtype);

  bs_dtype_store (self->storage->data + element_offset (self, linear_index) * elsize,
                  self->dtype, value);
}

double
bs_tensor_item (const BsTensor *self)
{
  return bs_tensor_get (self, 0);
}

double *
bs_tensor_to_doubles (const BsTensor *self)
{
  gint64 n = bs_tensor_numel (self);
  double *values = g_new (double, MAX (n, 1));

  if (bs_tensor_is_contiguous (self))
    {
      const guint8 *data = bs_tensor_data (self);

      switch (self->dtype)
        {
        case BS_DTYPE_FLOAT32:
          for (gint64 i = 0; i < n; i++)
            values[i] = ((const float *) data)[i];
          break;
        case BS_DTYPE_FLOAT64:
          memcpy (values, data, n * sizeof (double));
          break;
        case BS_DTYPE_INT64:
          for (gint64 i = 0; i < n; i++)
            values[i] = (double) ((const gint64 *) data)[i];
          break;
        default:
          for (gint64 i = 0; i < n; i++)
            values[i] = bs_dtype_load (data + i * bs_dtype_size (self->dtype), self->dtype);
          break;
        }
      return values;
    }
  for (gint64 i = 0; i < n; i++)
    values[i] = bs_tensor_get (self, i);
  return values;
}

char *
bs_tensor_format_shape (const BsTensor *self)
{
  GString *s = g_string_new ("[");

  for (int d = 0; d < self->ndim; d++)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", self->shape[d]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

typedef struct {
  BsDType dst;
  BsDType src;
} CopyTypes;

static void
copy_loop (char         **ptrs,
           const gint64  *strides,
           gint64         n,
           gpointer       user_data)
{
  const CopyTypes *types = user_data;
  char *dst = ptrs[0];
  const char *src = ptrs[1];

  if (types->dst == types->src && types->dst == BS_DTYPE_FLOAT32
      && strides[0] == 4 && strides[1] == 4)
    {
      memcpy (dst, src, n * 4);
      return;
    }
  if (types->dst == types->src && types->dst == BS_DTYPE_INT64)
    {
      for (gint64 i = 0; i < n; i++, dst += strides[0], src += strides[1])
        *(gint64 *) dst = *(const gint64 *) src;
      return;
    }
  for (gint64 i = 0; i < n; i++, dst += strides[0], src += strides[1])
    bs_dtype_convert (dst, types->dst, src, types->src);
}

gboolean
bs_tensor_copy_from (BsTensor  *self,
                     BsTensor  *src,
                     GError   **error)
{
  CopyTypes types = { self->dtype, src->dtype };
  BsIter iter;

  if (src->ndim > self->ndim)
    goto mismatch;
  for (int d = 0; d < src->ndim; d++)
    {
      gint64 s = src->shape[src->ndim - 1 - d];

      if (s != 1 && s != self->shape[self->ndim - 1 - d])
        goto mismatch;
    }
  bs_iter_init (&iter, self->ndim, self->shape);
  bs_iter_add (&iter, self);
  bs_iter_add (&iter, src);
  bs_iter_run (&iter, copy_loop, &types);
  return TRUE;

mismatch:
  {
    g_autofree char *a = bs_tensor_format_shape (src);
    g_autofree char *b = bs_tensor_format_shape (self);

    g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                 "output with shape %s doesn't match the broadcast shape %s", b, a);
    return FALSE;
  }
}

BsTensor *
bs_tensor_contiguous_copy (BsTensor  *self,
                           BsDType    dtype,
                           GError   **error)
{
  g_autoptr(BsTensor) copy = bs_tensor_new_uninit (self->context, dtype, self->ndim, self->shape,
                                                  error);

  if (copy == NULL || !bs_tensor_copy_from (copy, self, error))
    return NULL;
  return g_steal_pointer (&copy);
}

void
bs_tensor_bump_version (BsTensor *self)
{
  self->version->value++;
}

gboolean
bs_tensor_bump_version_checked (BsTensor  *self,
                                GError   **error)
{
  BsContext *context = self->context;
  GError *local_error = NULL;

  bs_tensor_bump_version (self);
  if (!bs_tensor_lacks_version (self) || context->inference_mode)
    return TRUE;
  g_set_error_literal (&local_error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "Inplace update to inference tensor outside InferenceMode is not "
                       "allowed.You can make a clone to get a normal tensor before doing "
                       "inplace update.See https://github.com/pytorch/rfcs/pull/17 for more "
                       "details.");
  if (bs_context_emits (context, error) && context->in_backward == 0)
    context->sink->error (context->sink_data, local_error, NULL);
  g_propagate_error (error, local_error);
  return FALSE;
}

guint64
bs_tensor_version (const BsTensor *self)
{
  return self->version->value;
}

gboolean
bs_tensor_requires_grad (const BsTensor *self)
{
  return self->requires_grad || self->grad_fn != NULL
         || (self->made_without_grad && self->view_base != NULL
             && bs_tensor_requires_grad (self->view_base));
}

gboolean
bs_tensor_is_leaf (const BsTensor *self)
{
  return self->grad_fn == NULL;
}

gboolean
bs_tensor_set_requires_grad (BsTensor  *self,
                             gboolean   requires_grad,
                             GError   **error)
{
  if (!bs_tensor_is_leaf (self))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           requires_grad
                           ? "you can only change requires_grad flags of leaf variables."
                           : "you can only change requires_grad flags of leaf variables. If you "
                             "want to use a computed variable in a subgraph that doesn't require "
                             "differentiation use var_no_grad = var.detach().");
      return FALSE;
    }
  if (requires_grad && self->is_inference && !self->context->inference_mode)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Setting requires_grad=True on inference tensor outside "
                           "InferenceMode is not allowed.");
      return FALSE;
    }
  if (requires_grad && !bs_dtype_is_floating (self->dtype))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "only Tensors of floating point dtype can require gradients");
      return FALSE;
    }
  if (self->requires_grad != requires_grad)
    {
      self->requires_grad = requires_grad;
      if (self->context != NULL && bs_context_emits (self->context, requires_grad_changed))
        self->context->sink->requires_grad_changed (self->context->sink_data, self);
    }
  return TRUE;
}

BsTensor *
bs_tensor_get_grad (BsTensor *self)
{
  return self->grad;
}

void
bs_tensor_set_grad (BsTensor *self,
                    BsTensor *grad)
{
  if (grad != NULL)
    bs_tensor_ref (grad);
  g_clear_pointer (&self->grad, bs_tensor_unref);
  self->grad = grad;
}

void
bs_tensor_zero_grad (BsTensor *self,
                     gboolean  set_to_none)
{
  BsContext *context = self->context;

  if (self->grad == NULL)
    return;
  if (set_to_none)
    {
      g_clear_pointer (&self->grad, bs_tensor_unref);
    }
  else
    {
      /* As optimizer.zero_grad() in 1.13: detach the grad, then zero it in place. */
      if (self->grad->grad_fn != NULL)
        {
          BsTensor *detached = bs_tensor_detach (self->grad);

          bs_tensor_unref (self->grad);
          self->grad = detached;
        }
      memset (bs_tensor_data (self->grad), 0,
              bs_tensor_numel (self->grad) * bs_dtype_size (self->grad->dtype));
      bs_tensor_bump_version (self->grad);
    }
  if (bs_context_emits (context, grad_zeroed))
    context->sink->grad_zeroed (context->sink_data, self, set_to_none);
}

gboolean
bs_tensor_retain_grad (BsTensor  *self,
                       GError   **error)
{
  if (!bs_tensor_requires_grad (self))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "can't retain_grad on Tensor that has requires_grad=False");
      return FALSE;
    }
  if (bs_tensor_is_leaf (self))
    return TRUE;
  self->retains_grad = TRUE;
  bs_node_retain_output (self->grad_fn, self->output_nr, self);
  return TRUE;
}

guint
bs_tensor_register_hook (BsTensor       *self,
                         BsHookFunc      func,
                         gpointer        user_data,
                         GDestroyNotify  destroy,
                         GError        **error)
{
  static const char *const message =
    "cannot register a hook on a tensor that doesn't require gradient";
  BsHook hook = { func, user_data, destroy, 0, self->output_nr };

  if (!bs_tensor_requires_grad (self))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, message);
      if (destroy != NULL)
        destroy (user_data);
      return 0;
    }
  hook.id = (guint) self->context->next_node_id++;
  if (self->grad_fn != NULL)
    {
      bs_node_add_pre_hook (self->grad_fn, &hook);
    }
  else
    {
      if (self->hooks == NULL)
        self->hooks = g_array_new (FALSE, FALSE, sizeof (BsHook));
      g_array_append_val (self->hooks, hook);
    }
  return hook.id;
}

void
bs_tensor_remove_hook (BsTensor *self,
                       guint     hook_id)
{
  if (self->grad_fn != NULL && bs_node_remove_pre_hook (self->grad_fn, hook_id))
    return;
  if (self->hooks == NULL)
    return;
  for (guint i = 0; i < self->hooks->len; i++)
    {
      BsHook *hook = &g_array_index (self->hooks, BsHook, i);

      if (hook->id == hook_id)
        {
          if (hook->destroy != NULL)
            hook->destroy (hook->user_data);
          g_array_remove_index (self->hooks, i);
          return;
        }
    }
}

BsNode *
bs_tensor_grad_accumulator (BsTensor *self)
{
  BsNode *node;

  g_return_val_if_fail (bs_tensor_is_leaf (self) && self->requires_grad, NULL);
  if (self->grad_accumulator != NULL)
    return bs_node_ref (self->grad_accumulator);
  node = bs_node_new (self->context, BS_OP_ACCUMULATE_GRAD, NULL, 0);
  node->variable = bs_tensor_ref (self);
  node->output_meta.ndim = self->ndim;
  memcpy (node->output_meta.shape, self->shape, sizeof self->shape);
  node->output_meta.dtype = self->dtype;
  self->grad_accumulator = node;
  return node;
}

BsTensor *
bs_tensor_detach (BsTensor *self)
{
  BsTensor *alias = bs_tensor_alias (self, self->ndim, self->shape, self->strides, self->offset);

  if (G_UNLIKELY (self->context->tape != NULL) && self->context->in_backward == 0)
    bs_tape_record_alias (self->context->tape, self, alias);
  return alias;
}

gboolean
bs_tensor_detach_ (BsTensor  *self,
                   GError   **error)
{
  gboolean had_grad = bs_tensor_requires_grad (self);

  if (self->view_base != NULL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Can't detach views in-place. Use detach() instead. If you are "
                           "using DistributedDataParallel (DDP) for training, and "
                           "gradient_as_bucket_view is set as True, gradients are views of "
                           "DDP buckets, and hence detach_() cannot be called on these "
                           "gradients. To fix this error, please refer to the "
                           "Optimizer.zero_grad() function in torch/optim/optimizer.py as "
                           "the solution.");
      return FALSE;
    }
  if (self->grad_fn != NULL && bs_node_get_retained (self->grad_fn, self->output_nr) == self)
    bs_node_set_retained (self->grad_fn, self->output_nr, NULL);
  g_clear_pointer (&self->grad_fn, bs_node_unref);
  self->output_nr = 0;
  self->requires_grad = FALSE;
  if (had_grad && self->context != NULL && bs_context_emits (self->context, requires_grad_changed))
    self->context->sink->requires_grad_changed (self->context->sink_data, self);
  return TRUE;
}

BsTensor *
bs_tensor_data_alias (BsTensor *self)
{
  BsTensor *alias = bs_tensor_alias (self, self->ndim, self->shape, self->strides, self->offset);

  bs_version_unref (alias->version);
  alias->version = bs_version_new (self->context);
  alias->has_version = TRUE;
  if (G_UNLIKELY (self->context->tape != NULL) && self->context->in_backward == 0)
    bs_tape_record_alias (self->context->tape, self, alias);
  return alias;
}
