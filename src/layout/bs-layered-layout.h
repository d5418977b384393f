/* bs-layered-layout.h: the layout used when dot would take too long, in layers of its own
 *
 * Boxes go in rows by their depth in the graph (each as close to the boxes that use it
 * as it can be), clusters stay boxes around their members, and edges are single curves.
 * It takes time and memory in proportion to the graph, so every scene gets a picture;
 * the same ranks tell how much work dot would have (its cost below).
 */
#pragma once

#include "bs-scene.h"

G_BEGIN_DECLS

/* Roughly the boxes dot would lay out: the scene's boxes and edges plus the boxes dot
 * adds along edges that cross rows (one per row crossed), with the rows this layout
 * gives. dot's time and memory grow with it (faster than in proportion). local (may be
 * NULL): the same without the rows crossed by edges between different outermost
 * clusters, which dot ranks apart (such an edge does not order its clusters, so dot's
 * rows for it may be far fewer than these). */
guint64   bs_layered_layout_cost   (BsScene *scene,
                                    guint64 *local);

/* Lays out scene (every box sized first), its top margin a Graphviz layout's (so the
 * parameter row stands where it stands in those), leaving BS_SCENE_NOTE_HEIGHT points at
 * the bottom for the note that says why. */
void      bs_layered_layout_run    (BsScene *scene);

G_END_DECLS
