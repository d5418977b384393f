/* bs-export-dialog.h: what to export (this step or the handout), in which format
 * and at which scale; then where */
#pragma once

#include <adwaita.h>

#include "bs-export.h"

G_BEGIN_DECLS

#define BS_TYPE_EXPORT_DIALOG (bs_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BsExportDialog, bs_export_dialog, BS, EXPORT_DIALOG, AdwWindow)

/* The choices made, handed to ::export-chosen with the file picked. */
typedef struct {
  gboolean        handout;
  BsExportFormat  format;
  double          scale;
  /* Set by the window: the graph's gradient-flow mode (tints and legend) */
  gboolean        grad_flow;
  BsGradFlowScale grad_flow_scale;
} BsExportChoice;

/* suggested_name: the file name without extension ("01-two-paths"). */
BsExportDialog *bs_export_dialog_new (GtkWindow  *parent,
                                      const char *suggested_name);

G_END_DECLS
