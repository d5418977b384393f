/* bs-grad-flow.h: the gradient-flow colouring of a graph
 *
 * In gradient-flow mode a box is filled by the size of the gradient it holds at the
 * step: a leaf's .grad, an op's gradient arriving from the root (what its label shows),
 * as the L2 norm (|grad| for a scalar). The scale is log10 of the norm, one colour per
 * decade from BS_GRAD_FLOW_LOW to BS_GRAD_FLOW_HIGH (below and above: the end colours),
 * dull slate for dead gradients through blue, teal and green to yellow and red, mixed with
 * the palette's background so labels stay readable in every palette. Below
 * BS_GRAD_FLOW_VANISHING a box is tagged "vanishing", above BS_GRAD_FLOW_EXPLODING (or not
 * finite) "exploding". A box with no gradient yet keeps the plain constant fill.
 */
#pragma once

#include <cairo.h>

#include "bs-palette.h"
#include "bs-replay.h"
#include "bs-scene.h"
#include "bs-value-store.h"

G_BEGIN_DECLS

#define BS_GRAD_FLOW_VANISHING 1e-6
#define BS_GRAD_FLOW_EXPLODING 1e3
#define BS_GRAD_FLOW_LOW       (-8)   /* log10 of the scale's ends */
#define BS_GRAD_FLOW_HIGH      4
#define BS_GRAD_FLOW_N_BINS    (BS_GRAD_FLOW_HIGH - BS_GRAD_FLOW_LOW)

/* What a box is coloured by: its gradient's norm, or the gradient-to-value ratio
 * ‖grad‖ / ‖value‖ (how far one step of plain SGD with learning rate 1 would move it,
 * relatively: the ratio makemore part 3 watches per parameter). */
typedef enum {
  BS_GRAD_FLOW_NORM,
  BS_GRAD_FLOW_RATIO,
} BsGradFlowScale;

/* A recorded value's L2 norm (a summary's from its mean and std); NaN for NULL. */
double   bs_grad_flow_norm       (const BsTraceValue *value);
/* The norm of the gradient box index shows at state; FALSE when it shows none. */
gboolean bs_grad_flow_node_norm  (BsScene            *scene,
                                  const BsTraceState *state,
                                  guint               index,
                                  double             *norm);
/* What box index is coloured by at state on scale; FALSE when it has no gradient (or, for
 * the ratio, a value of norm 0). */
gboolean bs_grad_flow_node_measure (BsScene            *scene,
                                    const BsTraceState *state,
                                    guint               index,
                                    BsGradFlowScale     scale,
                                    double             *measure);
typedef struct {
  guint32 backward;
  double  norm;
} BsGradFlowPoint;

/* A leaf's .grad norm at the end of every backward call that reached it, in order (a
 * training loop's gradient norm per iteration): an array of BsGradFlowPoint. */
GArray  *bs_grad_flow_series     (BsTrace            *trace,
                                  guint32             tensor);
/* The decade a norm falls in, 0 .. BS_GRAD_FLOW_N_BINS - 1. */
guint    bs_grad_flow_bin        (double              norm);
/* The fill of every decade for a palette. */
void     bs_grad_flow_fills      (const BsPalette    *palette,
                                  BsColor             fills[BS_GRAD_FLOW_N_BINS]);
/* "vanishing" or "exploding" tag at the box's top left, nothing in between. */
void     bs_grad_flow_draw_mark  (cairo_t            *cr,
                                  const BsPalette    *palette,
                                  const BsSceneNode  *node,
                                  double              norm);
/* The legend's title for scale: "‖grad‖ (log₁₀ scale)". */
const char *bs_grad_flow_legend_title (BsGradFlowScale scale);
/* The marks' tags in the legend, vanishing then exploding: "▼ vanishing < 1e-6" and its
 * fill, "▲ exploding > 1e3" and its fill (text formats draw them too). */
void     bs_grad_flow_legend_tags (const BsPalette   *palette,
                                   const char        *texts[2],
                                   BsColor            fills[2]);
/* The legend of scale: a title, one swatch per decade labelled 1e-8 … 1e4, and the two
 * marks, top left at (x, y); returns its size. With cr NULL, only measures. */
void     bs_grad_flow_draw_legend (cairo_t           *cr,
                                   const BsPalette   *palette,
                                   BsGradFlowScale    scale,
                                   double             x,
                                   double             y,
                                   double            *width,
                                   double            *height);

G_END_DECLS
