/* bs-compare-mode.h: pin a run, change the script, see before → now
 *
 * The action "pin" (Ctrl+P, the Pin button) keeps the run shown; every later run of the
 * script is shown beside it (bs-run-compare.h): each box says its value and gradient
 * before → now, the chain-rule panel both sums, and a line under the graph how many
 * boxes changed and which tensors only the pinned run had. Turning it off unpins.
 * ::toggled says the action was turned on or off: the window pins the run it shows
 * (bs_compare_mode_pin()) or unpins.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-run-compare.h"

G_BEGIN_DECLS

#define BS_TYPE_COMPARE_MODE (bs_compare_mode_get_type ())

G_DECLARE_FINAL_TYPE (BsCompareMode, bs_compare_mode, BS, COMPARE_MODE, GObject)

BsCompareMode      *bs_compare_mode_new          (void);
/* "pin", stateful boolean (Borrowed). */
GAction            *bs_compare_mode_get_action   (BsCompareMode      *self);
/* Ctrl+P toggling win.pin, for the window (in the capture phase: the editor too). */
GtkEventController *bs_compare_mode_shortcut     (void);

/* Pins trace (and the text it ran) and turns the action on; NULL unpins and turns it
 * off. */
void                bs_compare_mode_pin          (BsCompareMode      *self,
                                                  BsTrace            *trace,
                                                  const char         *source);
BsTrace            *bs_compare_mode_get_pinned   (BsCompareMode      *self);
/* The text the pinned run ran, or NULL. */
const char         *bs_compare_mode_get_pinned_source (BsCompareMode *self);
/* The pinned run beside now's (a new one), or NULL when nothing is pinned. */
BsRunCompare       *bs_compare_mode_compare      (BsCompareMode      *self,
                                                  BsTrace            *now,
                                                  const char         *now_source);

/* The line under the graph: how many boxes of scene at state changed since the pinned
 * run, and the tensors only the pinned run had. */
char               *bs_compare_mode_describe     (BsRunCompare       *compare,
                                                  BsScene            *scene,
                                                  const BsTraceState *state);

G_END_DECLS
