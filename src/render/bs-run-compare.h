/* bs-run-compare.h: a run beside the run of the script before an edit
 *
 * Compare mode pins a run; after an edit each box says its value and gradient before
 * and now ("value: 2 → 2.1", "grad: -8 → -8.1"), a box the pinned run did not have says
 * "—" for before, and the tensors only the pinned run had are named. Live mode asks which
 * boxes changed, to light them up. Which box of one run is which of the other:
 * bs-run-match.h; the step of the pinned run beside now's step is the matched one.
 */
#pragma once

#include "bs-node-label.h"
#include "bs-run-match.h"
#include "bs-scene.h"

G_BEGIN_DECLS

typedef struct _BsRunCompare BsRunCompare;

/* before's run (and its source) beside now's (sources may be NULL). */
BsRunCompare       *bs_run_compare_new          (BsTrace            *before,
                                                 const char         *before_source,
                                                 BsTrace            *now,
                                                 const char         *now_source);
void                bs_run_compare_free         (BsRunCompare       *self);

/* from: before, to: now. */
BsRunMatch         *bs_run_compare_get_match    (BsRunCompare       *self);
BsTrace            *bs_run_compare_get_before   (BsRunCompare       *self);
BsTrace            *bs_run_compare_get_now      (BsRunCompare       *self);
/* before's state at the step matching now_step (kept until another step is asked). */
const BsTraceState *bs_run_compare_before_state (BsRunCompare       *self,
                                                 guint64             now_step);

/* label, of box index of scene at state, with its value and gradient lines saying
 * before → now, each cut to max_chars (0: never); nothing when scene is not of now's
 * run. */
void                bs_run_compare_label        (BsRunCompare       *self,
                                                 BsScene            *scene,
                                                 guint               index,
                                                 const BsTraceState *state,
                                                 BsNodeLabel        *label,
                                                 guint               max_chars);
/* The boxes of scene (of now's run) whose value or gradient differs from before, as
 * they show them (int indices). */
GArray             *bs_run_compare_changed      (BsRunCompare       *self,
                                                 BsScene            *scene,
                                                 const BsTraceState *state);
/* The tensors of the graph that before held at its step and now's scene does not show
 * at state, by name ("x6, x7"), or NULL when there are none. */
char               *bs_run_compare_only_before  (BsRunCompare       *self,
                                                 BsScene            *scene,
                                                 const BsTraceState *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRunCompare, bs_run_compare_free)

G_END_DECLS
