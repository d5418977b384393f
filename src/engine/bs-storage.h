/* bs-storage.h: reference-counted element buffers shared by a tensor and its views */
#pragma once

#include "bs-types.h"

G_BEGIN_DECLS

#define BS_STORAGE_HEADER_SIZE 64

struct _BsStorage {
  gint       ref_count;
  BsContext *context;   /* Borrowed */
  gsize      nbytes;
  guint8    *data;      /* points into the same allocation */
};

BsStorage *bs_storage_new   (BsContext  *context,
                             gsize       nbytes,
                             GError    **error);
/* For kernels that write every element: the bytes are left as they are. */
BsStorage *bs_storage_new_uninit (BsContext  *context,
                                  gsize       nbytes,
                                  GError    **error);
BsStorage *bs_storage_ref   (BsStorage  *self);
void       bs_storage_unref (BsStorage  *self);

/* The version counter PyTorch shares between a tensor, its views and detach(). */
struct _BsVersion {
  gint       ref_count;
  guint64    value;
  BsContext *context;   /* Borrowed */
};

BsVersion *bs_version_new   (BsContext *context);
BsVersion *bs_version_ref   (BsVersion *self);
void       bs_version_unref (BsVersion *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStorage, bs_storage_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsVersion, bs_version_unref)

G_END_DECLS
