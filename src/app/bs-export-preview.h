/* bs-export-preview.h: what an export will write, computed on a worker thread: a
 * thumbnail of the picture (an animation's first frame, a handout's first page's graph)
 * and a line saying what the file holds (its format, size in pixels or points, bytes,
 * frames or pages)
 */
#pragma once

#include <gdk/gdk.h>

#include "bs-export-job.h"

G_BEGIN_DECLS

/* The thumbnail fits within this many pixels (twice the dialog's preview area, for
 * HiDPI screens). */
#define BS_EXPORT_PREVIEW_WIDTH  1024
#define BS_EXPORT_PREVIEW_HEIGHT 360

typedef struct {
  GdkTexture *thumbnail;   /* Owned; drawn at the choice's scale when that is smaller */
  char       *summary;     /* Owned: "PNG, 898 × 1090 pixels, 92.1 kB" */
} BsExportPreview;

void             bs_export_preview_free        (BsExportPreview      *preview);

void             bs_export_preview_async       (const BsExportSource *source,
                                                const BsExportChoice *choice,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
/* The preview (a new one), or NULL: an export that would fail says why in error (the
 * dialog shows it before anything is written). */
BsExportPreview *bs_export_preview_finish      (GAsyncResult         *result,
                                                GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsExportPreview, bs_export_preview_free)

G_END_DECLS
