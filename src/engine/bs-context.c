/* bs-context.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-context.h"
#include "bs-error.h"
#include "bs-generator.h"
#include "bs-node.h"
#include "bs-storage.h"
#include "bs-tensor.h"

#include <cblas.h>

/* PyTorch's default seed for the CPU generator. */
#define BS_DEFAULT_SEED G_GUINT64_CONSTANT (67280421310721)

BsContext *
bs_context_new (void)
{
  BsContext *self = g_new0 (BsContext, 1);

  /* Teaching-sized matrices are faster on one thread, and the window needs the
   * other core; PyTorch runs single-threaded on this kind of machine too. */
  openblas_set_num_threads (1);

  self->grad_enabled = TRUE;
  self->generator = bs_generator_new (BS_DEFAULT_SEED);
  self->next_tensor_id = 1;
  self->next_node_id = 1;
  bs_pool_init (&self->tensor_pool, sizeof (BsTensor));
  bs_pool_init (&self->node_pool, sizeof (BsNode));
  bs_pool_init (&self->version_pool, sizeof (BsVersion));
  bs_pool_init (&self->small_storage_pool, BS_STORAGE_HEADER_SIZE + BS_SMALL_STORAGE);
  return self;
}

void
bs_context_free (BsContext *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->generator, bs_generator_free);
  bs_pool_clear (&self->tensor_pool);
  bs_pool_clear (&self->node_pool);
  bs_pool_clear (&self->version_pool);
  bs_pool_clear (&self->small_storage_pool);
  g_free (self);
}

void
bs_context_set_sink (BsContext         *self,
                     const BsEventSink *sink,
                     gpointer           sink_data)
{
  g_return_if_fail (self != NULL);
  self->sink = sink;
  self->sink_data = sink_data;
}

void
bs_context_set_memory_limit (BsContext *self,
                             gsize      bytes)
{
  g_return_if_fail (self != NULL);
  self->bytes_limit = bytes;
  self->bytes_trip = bytes;
}

/* "3.8 MiB", with a plain space so that terminals and tests see one text */
static char *
format_bytes (gsize bytes)
{
  static const char *units[] = { "bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
  double value = bytes;
  guint unit = 0;

  if (bytes < 1024)
    return g_strdup_printf ("%" G_GSIZE_FORMAT " bytes", bytes);
  while (value >= 1024 && unit + 1 < G_N_ELEMENTS (units))
    {
      value /= 1024;
      unit++;
    }
  return g_strdup_printf ("%.1f %s", value, units[unit]);
}

void
bs_context_set_op_limit (BsContext *self,
                         guint64    elements)
{
  g_return_if_fail (self != NULL);
  self->op_elements_limit = elements;
}

gboolean
bs_context_check_op_size (BsContext   *self,
                          const char  *op_name,
                          gint64       n_elements,
                          GError     **error)
{
  if (self->op_elements_limit == 0 || (guint64) n_elements <= self->op_elements_limit)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
               "%s() would read %" G_GINT64_FORMAT " elements; Backstep limits one operation "
               "to %" G_GUINT64_FORMAT " elements", op_name, n_elements,
               self->op_elements_limit);
  return FALSE;
}

gboolean
bs_context_reserve (BsContext  *self,
                    gsize       bytes,
                    GError    **error)
{
  gsize used = bs_context_bytes_used (self);

  if (self->bytes_limit != 0 && bytes > self->bytes_limit - MIN (self->bytes_limit, used))
    {
      g_autofree char *want = format_bytes (bytes);
      g_autofree char *limit = format_bytes (self->bytes_limit);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
                   "tensor memory limit exceeded: allocating %s would go over the limit of %s",
                   want, limit);
      return FALSE;
    }
  self->bytes_in_use += bytes;
  self->bytes_peak = MAX (self->bytes_peak, self->bytes_in_use);
  return TRUE;
}

void
bs_context_cancel (BsContext *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_int_set (&self->cancelled, TRUE);
}

gboolean
bs_context_check_cancelled (BsContext  *self,
                            GError    **error)
{
  if (G_LIKELY (!g_atomic_int_get (&self->cancelled)))
    return TRUE;
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_CANCELLED, "cancelled");
  return FALSE;
}

void
bs_context_release (BsContext *self,
                    gsize      bytes)
{
  self->bytes_in_use -= MIN (bytes, self->bytes_in_use);
  bs_context_end_handler_room (self);
}
