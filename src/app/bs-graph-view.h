/* bs-graph-view.h: the canvas that shows the renderer's scene at a step
 *
 * Zoom (Ctrl+scroll, pinch, + and −), pan (drag, scroll), fit (F); newly shown
 * boxes and the moving current edge fade in, and a graph changing shape glides; clicking a box selects it, hovering
 * shows its full values, double-clicking a cluster collapses or expands it.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-renderer.h"

G_BEGIN_DECLS

#define BS_TYPE_GRAPH_VIEW (bs_graph_view_get_type ())

G_DECLARE_FINAL_TYPE (BsGraphView, bs_graph_view, BS, GRAPH_VIEW, GtkWidget)

GtkWidget          *bs_graph_view_new          (void);
/* The renderer to draw with (borrowed: it must outlive the view's use of it). */
void                bs_graph_view_set_renderer (BsGraphView  *self,
                                                BsRenderer   *renderer);
BsRenderer         *bs_graph_view_get_renderer (BsGraphView  *self);
/* A laid-out scene (NULL: nothing), faded in over the old one; fit: fitted into view. */
void                bs_graph_view_set_scene    (BsGraphView  *self,
                                                BsScene      *scene,
                                                gboolean      fit);
/* A scene of the run shown, laid out in the same frame (bs_scene_get_origin()): the
 * camera keeps the frame, so a box standing in the same place in both stays put; boxes
 * both show glide to their new places and new ones fade in (bs-scene-motion.h), at once
 * when GTK's animations are off. */
void                bs_graph_view_move_to_scene (BsGraphView *self,
                                                 BsScene     *scene);
BsScene            *bs_graph_view_get_scene    (BsGraphView  *self);
/* The state to show (taken); animate fades the change in. */
void                bs_graph_view_set_state    (BsGraphView  *self,
                                                BsTraceState *state,
                                                gboolean      animate);
const BsTraceState *bs_graph_view_get_state    (BsGraphView  *self);

void                bs_graph_view_fit          (BsGraphView  *self);
void                bs_graph_view_zoom_by      (BsGraphView  *self,
                                                double        factor);
double              bs_graph_view_get_zoom     (BsGraphView  *self);
/* The part of the scene in view, in scene coordinates (where the camera is going, while it
 * moves). */
void                bs_graph_view_get_visible  (BsGraphView  *self,
                                                double       *x,
                                                double       *y,
                                                double       *width,
                                                double       *height);
/* Whether boxes glide or the picture fades now. */
gboolean            bs_graph_view_is_animating (BsGraphView  *self);
/* Whether boxes glide from one scene's places to another's now (and frames fade). */
gboolean            bs_graph_view_is_gliding   (BsGraphView  *self);

/* The selected box's scene index, or -1. */
int                 bs_graph_view_get_selected (BsGraphView  *self);
/* What hovering box index shows (its tooltip), or NULL when there is no such box. */
char               *bs_graph_view_describe_node (BsGraphView *self,
                                                 int          index);
void                bs_graph_view_set_selected (BsGraphView  *self,
                                                int           index);
/* Boxes ringed more lightly besides the selected one (the tensors a line made). */
void                bs_graph_view_set_highlighted (BsGraphView *self,
                                                   const int   *indices,
                                                   guint        n_indices);
/* Lights up boxes whose numbers an edit just changed (live mode), for about a second. */
void                bs_graph_view_flash        (BsGraphView  *self,
                                                const int    *indices,
                                                guint         n_indices);
/* How many boxes the last flash lit (0 once another scene is shown). */
guint               bs_graph_view_get_n_flashed (BsGraphView *self);
/* Keeps a box in view at a readable zoom (at least min_zoom): moves the camera
 * smoothly when the box is out of view or the graph is shown too small. */
/* The box of the tensor bound to name at the state shown, or -1. */
int                 bs_graph_view_find_named   (BsGraphView  *self,
                                                const char   *name);
/* Selects the boxes of the tensors line made (the last selected, the others ringed) and
 * follows it; FALSE when there are none. */
gboolean            bs_graph_view_select_line  (BsGraphView  *self,
                                                int           line,
                                                double        min_zoom);
/* Follows the step shown (bs-graph-camera.h): the current iteration's graph fitted when it
 * can be read at min_fit_zoom, else the boxes of the current edge (or the last tensor the
 * step created) and their neighbours at min_zoom. */
void                bs_graph_view_follow_step  (BsGraphView  *self,
                                                double        min_zoom,
                                                double        min_fit_zoom);
void                bs_graph_view_follow       (BsGraphView  *self,
                                                int           index,
                                                double        min_zoom);
/* Scrolls so a box is in view. */
void                bs_graph_view_reveal_node  (BsGraphView  *self,
                                                guint         index);

G_END_DECLS
