/* bs-iter.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-iter.h"
#include "bs-tensor.h"
#include "bs-storage.h"

void
bs_iter_init (BsIter       *iter,
              int           ndim,
              const gint64 *shape)
{
  iter->ndim = ndim;
  for (int d = 0; d < ndim; d++)
    iter->shape[d] = shape[d];
  iter->n_operands = 0;
}

void
bs_iter_add (BsIter   *iter,
             BsTensor *tensor)
{
  int k = iter->n_operands++;
  gsize elsize = bs_dtype_size (tensor->dtype);
  int lead = iter->ndim - tensor->ndim;

  g_assert (k < BS_ITER_MAX_OPERANDS && lead >= 0);
  iter->data[k] = bs_tensor_data (tensor);
  for (int d = 0; d < iter->ndim; d++)
    {
      int td = d - lead;

      iter->byte_strides[k][d] = td < 0 || tensor->shape[td] == 1
        ? 0
        : tensor->strides[td] * (gint64) elsize;
    }
}

void
bs_iter_add_scalar (BsIter *iter,
                    char   *data)
{
  int k = iter->n_operands++;

  g_assert (k < BS_ITER_MAX_OPERANDS);
  iter->data[k] = data;
  for (int d = 0; d < iter->ndim; d++)
    iter->byte_strides[k][d] = 0;
}

/* Folds dimension d into d+1 when every operand steps through them as one. */
static void
coalesce (BsIter *iter,
          int    *out_ndim,
          gint64 *shape,
          gint64  strides[][BS_MAX_DIMS])
{
  int n = 0;

  for (int d = 0; d < iter->ndim; d++)
    {
      if (iter->shape[d] == 1)
        continue;
      if (n > 0)
        {
          gboolean mergeable = TRUE;

          for (int k = 0; k < iter->n_operands; k++)
            if (strides[k][n - 1] != iter->byte_strides[k][d] * iter->shape[d])
              mergeable = FALSE;
          if (mergeable)
            {
              shape[n - 1] *= iter->shape[d];
              for (int k = 0; k < iter->n_operands; k++)
                strides[k][n - 1] = iter->byte_strides[k][d];
              continue;
            }
        }
      shape[n] = iter->shape[d];
      for (int k = 0; k < iter->n_operands; k++)
        strides[k][n] = iter->byte_strides[k][d];
      n++;
    }
  *out_ndim = n;
}

void
bs_iter_run (BsIter      *iter,
             BsInnerLoop  loop,
             gpointer     user_data)
{
  gint64 shape[BS_MAX_DIMS];
  gint64 strides[BS_ITER_MAX_OPERANDS][BS_MAX_DIMS];
  gint64 inner_strides[BS_ITER_MAX_OPERANDS];
  gint64 counter[BS_MAX_DIMS] = { 0 };
  char *ptrs[BS_ITER_MAX_OPERANDS];
  int ndim;

  for (int d = 0; d < iter->ndim; d++)
    if (iter->shape[d] == 0)
      return;
  coalesce (iter, &ndim, shape, strides);
  for (int k = 0; k < iter->n_operands; k++)
    {
      ptrs[k] = iter->data[k];
      inner_strides[k] = ndim > 0 ? strides[k][ndim - 1] : 0;
    }
  if (ndim <= 1)
    {
      loop (ptrs, inner_strides, ndim == 0 ? 1 : shape[0], user_data);
      return;
    }

  for (;;)
    {
      int d;

      loop (ptrs, inner_strides, shape[ndim - 1], user_data);
      for (d = ndim - 2; d >= 0; d--)
        {
          counter[d]++;
          for (int k = 0; k < iter->n_operands; k++)
            ptrs[k] += strides[k][d];
          if (counter[d] < shape[d])
            break;
          for (int k = 0; k < iter->n_operands; k++)
            ptrs[k] -= strides[k][d] * shape[d];
          counter[d] = 0;
        }
      if (d < 0)
        return;
    }
}
