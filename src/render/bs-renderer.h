/* bs-renderer.h: a scene at a step, drawn with cairo and pango
 *
 * One renderer draws for the window and for every export, so an exported image
 * is what the screen shows. Drawing is in scene coordinates (points, origin top
 * left); the caller's transform zooms and pans.
 *
 * Boxes are measured once, before layout, for the label they can show at any
 * step (their lines never change, only their text, cut to a maximum width), so
 * nothing moves or grows while stepping. Measuring depends on the palette's type:
 * a scene measured for one palette is laid out again for a palette of another size.
 *
 * What is drawn at a state: the boxes and edges that exist (bs_scene_node_visible),
 * the clusters around them, the current backward edge highlighted and labelled
 * with its local gradient, upstream gradient and contribution, the node being
 * processed outlined, the edges the running backward call has walked, what has
 * arrived so far at nodes that receive more than one gradient, saved tensors
 * (orange) and freed ones (dashed), None grads, and the error on its node.
 */
#pragma once

#include <cairo.h>

#include "bs-grad-flow.h"
#include "bs-note-places.h"
#include "bs-palette.h"
#include "bs-run-compare.h"
#include "bs-scene.h"
#include "bs-scene-motion.h"
#include "bs-svg-text.h"

G_BEGIN_DECLS

typedef struct _BsRenderer BsRenderer;

BsRenderer      *bs_renderer_new            (const BsPalette    *palette);
void             bs_renderer_free           (BsRenderer         *self);

const BsPalette *bs_renderer_get_palette    (BsRenderer         *self);
/* Device pixels per point for raster output (PNG export, clipboard); 1 by default. */
void             bs_renderer_set_scale      (BsRenderer         *self,
                                             double              scale);
double           bs_renderer_get_scale      (BsRenderer         *self);
/* Gradient-flow mode: boxes filled by the size of their gradient, vanishing and exploding
 * ones tagged (bs-grad-flow.h); off by default. */
void             bs_renderer_set_grad_flow  (BsRenderer         *self,
                                             gboolean            grad_flow);
gboolean         bs_renderer_get_grad_flow  (BsRenderer         *self);
/* What gradient-flow mode colours by: the gradient's norm (the default) or its ratio to
 * the value's norm. */
void             bs_renderer_set_grad_flow_scale (BsRenderer      *self,
                                                  BsGradFlowScale  scale);
BsGradFlowScale  bs_renderer_get_grad_flow_scale (BsRenderer      *self);
/* Quiz mode: the current edge is labelled without its numbers ("∂x3/∂w1 = ?"), the
 * gradient that has just arrived at its node (bs_node_label_hide_asked) and its
 * contribution to a sum of arrivals too. */
void             bs_renderer_set_hide_edge_values (BsRenderer     *self,
                                                   gboolean        hide);
gboolean         bs_renderer_get_hide_edge_values (BsRenderer     *self);
/* Quiz mode asks a .grad total: the sums of the gradients that have arrived at a box say
 * their terms, not their total. */
void             bs_renderer_set_hide_sums  (BsRenderer         *self,
                                             gboolean            hide);
gboolean         bs_renderer_get_hide_sums  (BsRenderer         *self);
/* Compare mode: each box's value and gradient before → now (bs-run-compare.h; Borrowed:
 * it must outlive its use; NULL: off). Scenes measured before it was set are not wide
 * enough for it: measure them again. */
void             bs_renderer_set_compare    (BsRenderer         *self,
                                             BsRunCompare       *compare);
BsRunCompare    *bs_renderer_get_compare    (BsRenderer         *self);
/* While set, texts go to svg_text (Borrowed) instead of being drawn (bs-svg-text.h). */
void             bs_renderer_set_svg_text   (BsRenderer         *self,
                                             BsSvgText          *svg_text);

/* Sets every node's width and height (before bs_layout_run()). */
void             bs_renderer_measure_scene  (BsRenderer         *self,
                                             BsScene            *scene);

/* The size a box's label needs at state (never more than what measuring set). */
void             bs_renderer_measure_node   (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             guint               index,
                                             double             *width,
                                             double             *height);

/* Draws the laid-out scene at state onto cr, background included; only what
 * lies within cr's clip is drawn. */
void             bs_renderer_draw           (BsRenderer         *self,
                                             cairo_t            *cr,
                                             BsScene            *scene,
                                             const BsTraceState *state);
/* The same with each box at its opacity, alphas[i] for box i (from 0: unseen to 1; NULL:
 * all 1): a scene moving in (bs-scene-motion.h). */
void             bs_renderer_draw_faded     (BsRenderer         *self,
                                             cairo_t            *cr,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             const double       *alphas);
/* The motion's frame at t (bs_scene_motion_frame()), background included: the scene
 * coming in with each box, edge and cluster at its opacity, and the boxes, edges and
 * clusters of the scene leaving fading out where they stood (its clusters under
 * everything, its boxes over the scene coming in), without their labels or marks of the
 * step. */
void             bs_renderer_draw_motion    (BsRenderer         *self,
                                             cairo_t            *cr,
                                             BsSceneMotion      *motion,
                                             double              t,
                                             const BsTraceState *state);
/* Where bs_renderer_draw() puts the current edge's label and the error's callout at state,
 * each NULL when not wanted; returns which are drawn (1: the label, 2: the callout). */
guint            bs_renderer_place_notes    (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             BsNoteRect         *label,
                                             BsNoteRect         *callout);
/* The size of what bs_renderer_draw() draws at state: the scene's, grown where a note
 * had no room inside it but right of or under the boxes. */
void             bs_renderer_get_extent     (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             double             *width,
                                             double             *height);
/* One box alone as bs_renderer_draw() draws it (for previews and tests). */
void             bs_renderer_draw_node      (BsRenderer         *self,
                                             cairo_t            *cr,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             guint               index);

/* A caption (the handout's explanation under the graph): a bold title over a
 * paragraph wrapped to width, top left at (x, y). Returns its height; with cr NULL,
 * only measures. */
double           bs_renderer_draw_caption   (BsRenderer         *self,
                                             cairo_t            *cr,
                                             const char         *title,
                                             const char         *text,
                                             double              x,
                                             double              y,
                                             double              width);

/* A box's fill at state: light blue for a leaf, grey for an op (faded once its saved
 * tensors are freed), green for an output, plain for a constant. */
const BsColor   *bs_renderer_get_node_fill  (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             guint               index);

/* The innermost expanded cluster around a box, or -1. */
int              bs_renderer_get_node_cluster (BsRenderer       *self,
                                               BsScene          *scene,
                                               guint             index);

/* The visible box at (x, y) in scene coordinates, or -1. */
int              bs_renderer_hit_test       (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             double              x,
                                             double              y);
/* A box's whole text at state, values uncut, for a tooltip. */
char            *bs_renderer_describe_node  (BsRenderer         *self,
                                             BsScene            *scene,
                                             const BsTraceState *state,
                                             guint               index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRenderer, bs_renderer_free)

G_END_DECLS
