/* bs-export-dialog.h: what to export (this step, the handout or the animation of the
 * stepping), in which format, at which scale, over which steps; a preview of what will
 * be written; then where, and the writing itself, with its progress, cancellable
 *
 * The last choices (what, formats, scale, frame time, folder) are remembered from one
 * dialog to the next and between sessions (bs-export-settings.h). Errors, of the preview
 * or of the writing, are shown in the dialog.
 */
#pragma once

#include <adwaita.h>

#include "bs-export-job.h"

G_BEGIN_DECLS

#define BS_TYPE_EXPORT_DIALOG (bs_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BsExportDialog, bs_export_dialog, BS, EXPORT_DIALOG, AdwWindow)

/* suggested_name: the file name without extension ("01-two-paths"); source: what the
 * window shows (copied; its scene referenced). animation: open on the animation of the
 * backward pass the step shown is in (or the first one), whatever was chosen last.
 * ::exported (GFile *) is emitted when a file has been written, then the dialog closes. */
BsExportDialog *bs_export_dialog_new         (GtkWindow            *parent,
                                              const char           *suggested_name,
                                              const BsExportSource *source,
                                              gboolean              animation);

/* What the dialog shows, for tests: the current choice; the preview's picture and
 * summary (NULL while it is being made); the status line under the rows (NULL when
 * hidden: an error, a progress, a cancellation). */
void            bs_export_dialog_get_choice  (BsExportDialog       *self,
                                              BsExportChoice       *choice);
GdkPaintable   *bs_export_dialog_get_preview (BsExportDialog       *self);
const char     *bs_export_dialog_get_summary (BsExportDialog       *self);
const char     *bs_export_dialog_get_status  (BsExportDialog       *self);
gboolean        bs_export_dialog_is_writing  (BsExportDialog       *self);

G_END_DECLS
