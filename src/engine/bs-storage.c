/* bs-storage.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-storage.h"
#include "bs-context.h"
#include "bs-error.h"

#include <string.h>

G_STATIC_ASSERT (sizeof (BsStorage) <= BS_STORAGE_HEADER_SIZE);
#define BS_STORAGE_HEADER BS_STORAGE_HEADER_SIZE

static BsStorage *
storage_new (BsContext  *context,
             gsize       nbytes,
             gboolean    zeroed,
             GError    **error)
{
  BsStorage *self;

  if (nbytes > G_MAXSIZE / 2 - BS_STORAGE_HEADER)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
                   "tensor too large: its size does not fit in memory");
      return NULL;
    }
  if (!bs_context_reserve (context, nbytes, error))
    return NULL;

  /* Small tensors are the common case in teaching scripts: one zeroed block. */
  if (nbytes <= BS_SMALL_STORAGE)
    self = bs_pool_alloc (&context->small_storage_pool);
  else if (zeroed)
    self = g_try_malloc0 (BS_STORAGE_HEADER + nbytes);
  else
    self = g_try_malloc (BS_STORAGE_HEADER + nbytes);
  if (self == NULL)
    {
      bs_context_release (context, nbytes);
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
                   "out of memory: could not allocate %" G_GSIZE_FORMAT " bytes for a tensor",
                   nbytes);
      return NULL;
    }
  self->ref_count = 1;
  self->context = context;
  self->nbytes = nbytes;
  self->data = (guint8 *) self + BS_STORAGE_HEADER;
  return self;
}

BsStorage *
bs_storage_new (BsContext  *context,
                gsize       nbytes,
                GError    **error)
{
  return storage_new (context, nbytes, TRUE, error);
}

BsStorage *
bs_storage_new_uninit (BsContext  *context,
                       gsize       nbytes,
                       GError    **error)
{
  return storage_new (context, nbytes, FALSE, error);
}

BsStorage *
bs_storage_ref (BsStorage *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  self->ref_count++;
  return self;
}

void
bs_storage_unref (BsStorage *self)
{
  if (self == NULL || --self->ref_count > 0)
    return;
  bs_context_release (self->context, self->nbytes);
  if (self->nbytes <= BS_SMALL_STORAGE)
    bs_pool_free (&self->context->small_storage_pool, self);
  else
    g_free (self);
}

BsVersion *
bs_version_new (BsContext *context)
{
  BsVersion *self = bs_pool_alloc (&context->version_pool);

  self->ref_count = 1;
  self->context = context;
  return self;
}

BsVersion *
bs_version_ref (BsVersion *self)
{
  self->ref_count++;
  return self;
}

void
bs_version_unref (BsVersion *self)
{
  if (self != NULL && --self->ref_count == 0)
    bs_pool_free (&self->context->version_pool, self);
}
