/* bs-graph-stage.h: the window's graph area: the canvas, or a page that says why there
 * is no graph
 *
 * It shows the scene of the step the window is at, laid out off the main thread once per
 * graph shape, in the view chosen (live or whole run), with the scopes collapsed that
 * the user collapsed, in the palette of the window's look (light, dark, projector).
 * ::laid-out says that a scene laid out just now is shown: the window shows its step
 * again (bs_graph_stage_show_state()). ::message carries a line for the user.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-graph-view.h"
#include "bs-scene-cache.h"

G_BEGIN_DECLS

#define BS_TYPE_GRAPH_STAGE (bs_graph_stage_get_type ())

G_DECLARE_FINAL_TYPE (BsGraphStage, bs_graph_stage, BS, GRAPH_STAGE, GtkWidget)

GtkWidget   *bs_graph_stage_new            (void);
BsGraphView *bs_graph_stage_get_view       (BsGraphStage       *self);

/* A new run (NULL: none) to show from step; failed: an error stopped the script. Every
 * scope is expanded again. */
void         bs_graph_stage_set_run        (BsGraphStage       *self,
                                            BsTrace            *trace,
                                            gboolean            failed,
                                            guint64             step);
/* Live mode: a new run of the changed text, keeping the selected tensor, the collapsed
 * scopes and, when the graph keeps its size, the camera. A graph of a shape the last run
 * laid out takes that layout (no Graphviz). change (taken, or NULL): the new run beside
 * the one shown; the boxes whose numbers it changed light up when the step is shown. */
void         bs_graph_stage_replace_run    (BsGraphStage       *self,
                                            BsTrace            *trace,
                                            gboolean            failed,
                                            guint64             step,
                                            BsRunCompare       *change);
/* The step the window is at: its scene shown now, or once laid out. */
void         bs_graph_stage_set_step       (BsGraphStage       *self,
                                            guint64             step);
/* The state at the step (taken), shown when the step's scene is on the canvas; animate
 * fades the change in. FALSE when it was not shown (the scene is still laid out). */
gboolean     bs_graph_stage_show_state     (BsGraphStage       *self,
                                            BsTraceState       *state,
                                            gboolean            animate);
/* Not laying anything out, and showing a scene of the run. */
gboolean     bs_graph_stage_is_ready       (BsGraphStage       *self);

/* The projector palette (presentation mode) or the light/dark one of the style. */
void         bs_graph_stage_set_presenting (BsGraphStage       *self,
                                            gboolean            presenting);
const BsPalette *bs_graph_stage_get_palette (BsGraphStage      *self);
void         bs_graph_stage_set_grad_flow  (BsGraphStage       *self,
                                            gboolean            grad_flow);
/* Whether gradient-flow mode is on, and its scale. */
gboolean     bs_graph_stage_get_grad_flow  (BsGraphStage       *self,
                                            BsGradFlowScale    *scale);
/* Gives renderer (another one: an export's, the clipboard's) the graph's gradient-flow
 * mode and scale, its comparison, and what the quiz withholds. */
void         bs_graph_stage_configure_renderer (BsGraphStage *self,
                                                BsRenderer   *renderer);
/* Compare mode: the pinned run beside the run shown (taken; NULL: off); turning it on
 * or off measures and lays the boxes out again. */
void         bs_graph_stage_set_compare    (BsGraphStage       *self,
                                            BsRunCompare       *compare);
BsRunCompare *bs_graph_stage_get_compare   (BsGraphStage       *self);
/* Quiz mode: the current edge drawn without its numbers (bs_renderer_set_hide_edge_values). */
void         bs_graph_stage_set_hide_edge_values (BsGraphStage *self,
                                                  gboolean      hide);
/* Quiz mode asks a .grad total: sums of arrivals without their totals
 * (bs_renderer_set_hide_sums). */
void         bs_graph_stage_set_hide_sums (BsGraphStage *self,
                                           gboolean      hide);
void         bs_graph_stage_set_view       (BsGraphStage       *self,
                                            BsSceneView         view);
BsSceneView  bs_graph_stage_get_view_kind  (BsGraphStage       *self);
/* Collapses every outermost module call into one box (a model, a loss), or expands
 * every box again. */
void         bs_graph_stage_collapse_all   (BsGraphStage       *self,
                                            gboolean            collapse);
/* The first and last steps that show the same scene as step (0 and 0 without a run). */
void         bs_graph_stage_get_span       (BsGraphStage       *self,
                                            guint64             step,
                                            guint64            *first,
                                            guint64            *last);

G_END_DECLS
