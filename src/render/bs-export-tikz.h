/* bs-export-tikz.h: a scene at a step as a standalone TikZ picture, for Beamer
 *
 * The same boxes, edges, clusters, colours and labels as the picture, at the same
 * positions (one TikZ unit per scene point, y downward), in a document of its own whose
 * page fits the picture, that pdflatex compiles (with TikZ's arrows.meta, amsmath,
 * amssymb); names and formulas are
 * LaTeX math (bs-latex.h): "∂L/∂w1 = -8" is $\frac{\partial L}{\partial w_{1}} = -8$. The
 * current backward edge is lit and labelled with its local gradient and what flows on;
 * the step's explanation (and the error, if one is shown) is written under the graph.
 */
#pragma once

#include "bs-renderer.h"

G_BEGIN_DECLS

char *bs_export_to_tikz (BsRenderer         *renderer,
                         BsScene            *scene,
                         const BsTraceState *state);

G_END_DECLS
