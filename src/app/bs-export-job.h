/* bs-export-job.h: an export of the graph shown, written on a worker thread
 *
 * The current step's picture, the handout of the steps first..last of the view, or the
 * animation of a range of steps, in a palette of its own, so the window stays responsive
 * while a large file is written. An animation reports its progress and can be cancelled.
 */
#pragma once

#include <gio/gio.h>

#include "bs-export-settings.h"
#include "bs-grad-flow.h"
#include "bs-run-compare.h"
#include "bs-scene-cache.h"

G_BEGIN_DECLS

/* What the window shows, to export. */
typedef struct {
  BsScene        *scene;        /* the graph shown (Borrowed); its trace */
  guint64         step;         /* the step shown */
  BsSceneView     view;
  guint64         span_first;   /* the steps that show the same graph: the handout's */
  guint64         span_last;
  BsPaletteKind   palette;
  gboolean        grad_flow;    /* gradient-flow mode: tints and legend (bs-grad-flow.h) */
  BsGradFlowScale grad_flow_scale;
  /* Compare mode (bs-compare-mode.h): the pinned run and the text it ran, and the text
   * the scene's run ran; pinned NULL: off. Each export draws with a comparison of its
   * own (bs_export_source_compare()). */
  BsTrace        *pinned;
  const char     *pinned_source;
  const char     *now_source;
  /* Quiz mode: a question is open at the step, and what the window withholds for it
   * (bs_renderer_set_hide_edge_values(), bs_renderer_set_hide_sums()) */
  gboolean        question_open;
  gboolean        hide_edge_values;
  gboolean        hide_sums;
} BsExportSource;

/* What to write. */
typedef struct {
  BsExportKind       kind;
  BsExportFormat     format;            /* the step's */
  BsAnimationFormat  animation_format;
  double             scale;             /* pixels per point of a PNG or an animation */
  guint64            first;             /* the animation's steps */
  guint64            last;
  guint              frame_ms;
} BsExportChoice;

/* Before a worker thread replays source's trace: the replay's checkpoints built on this
 * (the main) thread, so the worker only reads them. */
void      bs_export_source_prepare      (const BsExportSource *source);

/* The pinned run beside the scene's (a new one, for one export's renderer), or NULL
 * when Compare is off. Called on the main thread: it makes the pinned run's replay
 * checkpoints, so a worker only reads them. */
BsRunCompare *bs_export_source_compare (const BsExportSource *source);
/* source's renderer set up as the window's: gradient flow, comparison, what the quiz
 * withholds. */
void      bs_export_source_configure    (const BsExportSource *source,
                                        BsRenderer           *renderer,
                                        BsRunCompare         *compare);
/* FALSE, with the reason, when choice would show what the window withholds: a handout
 * or an animation while a quiz question is open (its later steps tell the answer). */
gboolean  bs_export_source_allows       (const BsExportSource *source,
                                        const BsExportChoice *choice,
                                        GError              **error);

/* The task (a new reference: keep it to read its progress) writing file. */
GTask    *bs_export_job_run_async      (const BsExportSource *source,
                                        const BsExportChoice *choice,
                                        GFile                *file,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data);
/* The fraction of the frames written so far (0 when it is not an animation). */
double    bs_export_job_get_progress   (GTask                *task);
/* TRUE when the file was written; *file (if given) is the file (Borrowed from result).
 * A cancelled job: G_IO_ERROR_CANCELLED, nothing written. */
gboolean  bs_export_job_run_finish     (GAsyncResult         *result,
                                        GFile               **file,
                                        GError              **error);

G_END_DECLS
