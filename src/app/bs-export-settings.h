/* bs-export-settings.h: the export dialog's last choices (what, formats, scale, frame time
 * and folder), remembered from one session to the next in the user's state directory
 * (backstep/export.ini), as the pane widths are
 */
#pragma once

#include <gio/gio.h>

#include "bs-export.h"
#include "bs-export-animation.h"

G_BEGIN_DECLS

typedef enum {
  BS_EXPORT_KIND_STEP,        /* the graph at the step shown */
  BS_EXPORT_KIND_HANDOUT,     /* a PDF page per step of the graph shown */
  BS_EXPORT_KIND_ANIMATION,   /* the stepping from one step to another */
} BsExportKind;

#define BS_EXPORT_MIN_SCALE 0.5
#define BS_EXPORT_MAX_SCALE 8.0

typedef struct {
  BsExportKind       kind;
  BsExportFormat     format;            /* the graph at a step's */
  BsAnimationFormat  animation_format;
  double             scale;             /* pixels per point of PNG and animations */
  guint              frame_ms;
  char              *folder;            /* Owned; NULL: none chosen yet */
} BsExportSettings;

/* The defaults: the step as PNG at scale 2, GIF frames of 1 s, no folder. */
void  bs_export_settings_init  (BsExportSettings       *settings);
void  bs_export_settings_clear (BsExportSettings       *settings);
/* Fills in settings from path (NULL: the state directory's export.ini); values missing,
 * unreadable or out of range keep what settings had. */
void  bs_export_settings_load  (BsExportSettings       *settings,
                                const char             *path);
/* Best effort: a directory that cannot be written only loses them (said in the debug
 * log). */
void  bs_export_settings_save  (const BsExportSettings *settings,
                                const char             *path);

G_END_DECLS
