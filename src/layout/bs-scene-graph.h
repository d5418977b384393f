/* bs-scene-graph.h: a scene as Graphviz's graph, made with libcgraph calls or written
 * as DOT text
 *
 * Both forms carry the same attributes in the same order, so `dot` on the text lays
 * the boxes out exactly where the graph made directly has them. Only the layout
 * thread calls these (libcgraph is not thread-safe).
 */
#pragma once

#include <gvc.h>

#include "bs-scene.h"

G_BEGIN_DECLS

/* Sizes beyond this, in points, make dot's integer coordinates overflow (about 30 m). */
#define BS_SCENE_GRAPH_MAX_SIZE 1e6

typedef struct {
  Agraph_t  *graph;       /* Owned */
  Agnode_t **nodes;       /* per scene node */
  Agedge_t **edges;       /* per scene edge */
  Agraph_t **clusters;    /* per scene cluster */
  Agsym_t   *width;       /* the attributes the sizes go in */
  Agsym_t   *height;
  Agsym_t   *label;
} BsSceneGraph;

/* NULL when libcgraph refused a part (its message went to Graphviz's error handler). */
BsSceneGraph  *bs_scene_graph_new      (BsScene       *scene);
/* The same in two parts: the boxes, clusters and edges, which need only the scene's
 * structure (so the renderer may be measuring the boxes meanwhile); then the sizes. */
BsSceneGraph  *bs_scene_graph_new_unsized (BsScene      *scene);
void           bs_scene_graph_set_sizes   (BsSceneGraph *self,
                                           BsScene      *scene);
void           bs_scene_graph_free     (BsSceneGraph  *self);

char          *bs_scene_graph_to_dot   (BsScene       *scene);
/* The same, for `dot` run as its own process when bounded: dot's effort bounded by its
 * attributes, and each edge's id its scene index ("e7"), to find it in dot's output. */
char          *bs_scene_graph_to_dot_full (BsScene     *scene,
                                           gboolean     bounded);

/* Per scene node, the index of the cluster drawn directly around it, -1: none
 * (g_free it). */
int           *bs_scene_graph_node_clusters (BsScene   *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSceneGraph, bs_scene_graph_free)

G_END_DECLS
