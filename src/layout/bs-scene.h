/* bs-scene.h: a trace's graph, positioned: boxes, edges and clusters in points
 *
 * A scene is built from a whole trace (every tensor and grad_fn node the run
 * made), measured by the renderer, laid out once by BsLayout and then shown at
 * any step: the renderer draws the items that exist in the replayed state, so
 * nothing moves as the graph grows.
 *
 * What is a box (DESIGN.md's conventions, torchviz's graph with the script's names):
 *  - OP: a grad_fn node, labelled with the tensor it made (name, grad_fn name,
 *    shape, value, grad). An in-place op gives the same tensor a new OP box.
 *  - LEAF: a leaf tensor that requires grad (its AccumulateGrad node, if any, is
 *    the box's node).
 *  - CONSTANT: a tensor that does not require grad, used as an input by an op that
 *    is in the graph (Python numbers wrapped as operands are not boxes).
 *  - CLUSTER: a collapsed module call or loop iteration standing for its boxes.
 * Edges run in the direction of data flow, from an input's box to the box of the
 * op that used it; the backward pass walks them the other way. The trace's edge
 * event (node -> node2, input_nr) is the scene edge into node's box with that
 * input_nr.
 *
 * Coordinates: points (1/72 inch), origin top left, y downward, the scene's
 * bounding box (0, 0, width, height) including a margin.
 */
#pragma once

#include "bs-replay.h"
#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct _BsScene BsScene;

typedef struct {
  double x;
  double y;
} BsScenePoint;

typedef enum {
  BS_SCENE_NODE_OP,
  BS_SCENE_NODE_LEAF,
  BS_SCENE_NODE_CONSTANT,
  BS_SCENE_NODE_CLUSTER,
} BsSceneNodeKind;

typedef struct {
  BsSceneNodeKind kind;
  guint32         tensor;   /* the trace tensor it shows; 0 for a cluster */
  guint32         node;     /* OP: its grad_fn; LEAF: its AccumulateGrad; else 0 */
  guint32         scope;    /* CLUSTER: the scope it stands for; else its innermost
                             * expanded scope, 0: none */
  const char     *name;     /* stable Graphviz name ("n7", "t3", "s2"): same script,
                             * same names */
  /* Set by the renderer before layout; set by layout: the box, top left. */
  double          x;
  double          y;
  double          width;
  double          height;
} BsSceneNode;

typedef struct {
  guint           from;      /* node indices: data flows from -> to */
  guint           to;
  guint16         input_nr;  /* which input of to's op */
  /* Set by layout: a cubic Bézier from tail to head, 1 + 3k points, and the arrowhead
   * from the curve's end to its tip (has_arrow FALSE: none). */
  BsScenePoint   *points;
  guint           n_points;
  gboolean        has_arrow;
  BsScenePoint    arrow_base;
  BsScenePoint    arrow_tip;
} BsSceneEdge;

typedef struct {
  guint32         scope;     /* the trace scope it shows */
  int             parent;    /* the enclosing cluster's index, -1: none */
  const char     *label;     /* "fc1 (Linear)" */
  /* Set by layout: the box around its members, label room included. */
  double          x;
  double          y;
  double          width;
  double          height;
  /* Set by the renderer before layout: the room its title needs at the top of the box
   * (0: BS_SCENE_CLUSTER_LABEL_HEIGHT high, no minimum width). */
  double          label_width;
  double          label_height;
} BsSceneCluster;

#define BS_SCENE_CLUSTER_LABEL_HEIGHT 18.0

/* A box every graph of a training loop shares: a parameter or an input (a leaf or a
 * constant outside every cluster). */
gboolean              bs_scene_node_is_shared  (const BsSceneNode    *node);

/* The graph of the whole trace with the given scopes collapsed (NULL: none). */
BsScene              *bs_scene_new_for_trace   (BsTrace              *trace,
                                                const guint32        *collapsed_scopes,
                                                guint                 n_collapsed);
/* The live graph at alive (NULL: the whole trace): the grad_fn nodes that exist and are
 * not destroyed, the leaves that are alive or that they use, the constants they use. */
BsScene              *bs_scene_new_live        (BsTrace              *trace,
                                                const BsTraceState   *alive,
                                                const guint32        *collapsed_scopes,
                                                guint                 n_collapsed);
BsScene              *bs_scene_ref             (BsScene              *self);
/* A copy with its own boxes, edges and clusters (to move about, as an animation does). */
BsScene              *bs_scene_copy            (BsScene              *self);
void                  bs_scene_unref           (BsScene              *self);

BsTrace              *bs_scene_get_trace       (BsScene              *self);
guint                 bs_scene_get_n_nodes     (BsScene              *self);
BsSceneNode          *bs_scene_get_node        (BsScene              *self,
                                                guint                 index);
guint                 bs_scene_get_n_edges     (BsScene              *self);
BsSceneEdge          *bs_scene_get_edge        (BsScene              *self,
                                                guint                 index);
guint                 bs_scene_get_n_clusters  (BsScene              *self);
BsSceneCluster       *bs_scene_get_cluster     (BsScene              *self,
                                                guint                 index);
/* The collapsed scopes the scene was built with. */
const guint32        *bs_scene_get_collapsed   (BsScene              *self,
                                                guint                *n_collapsed);

/* Lookups; -1 when absent (or inside a collapsed cluster: then the cluster's index
 * is returned by the node and tensor lookups). */
int                   bs_scene_find_node       (BsScene              *self,
                                                guint32               trace_node);
/* The box that shows tensor as it is at state (after in-place ops, its latest OP
 * box that exists at state; NULL state: the latest of all). */
int                   bs_scene_find_tensor     (BsScene              *self,
                                                guint32               tensor,
                                                const BsTraceState   *state);
/* The edge a trace edge event walks: into trace_node's box, input input_nr. */
int                   bs_scene_find_edge       (BsScene              *self,
                                                guint32               trace_node,
                                                guint16               input_nr);

/* Whether a node or edge exists at state (its tensor or node has been created). */
gboolean              bs_scene_node_visible    (BsScene              *self,
                                                guint                 index,
                                                const BsTraceState   *state);
gboolean              bs_scene_edge_visible    (BsScene              *self,
                                                guint                 index,
                                                const BsTraceState   *state);

/* A text equal for two scenes exactly when they have the same boxes (kind, op, shape),
 * edges and clusters in the same order, whatever tensors they show: the graphs of two
 * iterations of a loop that built the same graph. One layout serves both. */
char                 *bs_scene_shape_key       (BsScene              *self);
/* Lays self out as from, a laid-out scene of the same shape key: each box keeps the
 * size it was measured at, centred where from's box is; edges and clusters as from's. */
void                  bs_scene_copy_layout     (BsScene              *self,
                                                BsScene              *from);

/* Lays the shared boxes out in one row above the rest (FALSE: where dot puts them), so
 * each can keep its place in the row from one scene to the next (bs-scene-places.h). */
void                  bs_scene_set_shared_row  (BsScene              *self,
                                                gboolean              shared_row);
gboolean              bs_scene_get_shared_row  (BsScene              *self);

/* The room above the top boxes, in points: a margin, or more when the renderer asks for
 * it before layout (a note over a box's top corner must fit, bs_renderer_measure_scene()).
 * Every layout keeps it, so the scenes of a run measured alike line up. */
void                  bs_scene_set_top_margin  (BsScene              *self,
                                                double                top_margin);
double                bs_scene_get_top_margin  (BsScene              *self);

/* Width and height once laid out (0 before). */
void                  bs_scene_get_size        (BsScene              *self,
                                                double               *width,
                                                double               *height);
gboolean              bs_scene_is_laid_out     (BsScene              *self);
/* A number that changes whenever the scene's items move or change size (a layout, the
 * places of its row, a frame of an animation): what was worked out from their places
 * (where a note goes) holds while it stays the same. Code that moves items itself calls
 * bs_scene_moved(). */
guint64               bs_scene_get_revision    (BsScene              *self);
void                  bs_scene_moved           (BsScene              *self);
/* Where, in the scene's coordinates, the (0, 0) of its run's frame is: the scenes of one
 * run laid out one after another (bs-scene-places.h) share a frame, in which the boxes
 * they share stand in the same place. (0, 0) until set. */
void                  bs_scene_get_origin      (BsScene              *self,
                                                BsScenePoint         *origin);
/* NULL when Graphviz laid the scene out; else one line saying which cheaper layout was
 * used instead and why ("Graphviz needed more than 2 s ..."), to show with the picture.
 * Such a layout leaves BS_SCENE_NOTE_HEIGHT points free at the bottom for it (its top is
 * a Graphviz layout's: two pictures of one run line up by their rows). */
const char           *bs_scene_get_layout_note (BsScene              *self);

#define BS_SCENE_NOTE_HEIGHT 24.0

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsScene, bs_scene_unref)

G_END_DECLS
