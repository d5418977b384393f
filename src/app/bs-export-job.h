/* bs-export-job.h: an export of the graph shown, written on a worker thread
 *
 * The current step's picture, or the handout of the steps first..last of the view, in
 * a palette of its own, so the window stays responsive while a large file is written.
 */
#pragma once

#include <gio/gio.h>

#include "bs-export-dialog.h"
#include "bs-scene-cache.h"

G_BEGIN_DECLS

void      bs_export_job_run_async  (BsScene              *scene,
                                    guint64               step,
                                    BsSceneView           view,
                                    guint64               first,
                                    guint64               last,
                                    const BsExportChoice *choice,
                                    BsPaletteKind         palette,
                                    GFile                *file,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
/* TRUE when the file was written; *file (if given) is the file (Borrowed from result). */
gboolean  bs_export_job_run_finish (GAsyncResult         *result,
                                    GFile               **file,
                                    GError              **error);

G_END_DECLS
