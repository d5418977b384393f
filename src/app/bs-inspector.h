/* bs-inspector.h: what the side panel says about the selected box: what the tensor
 * is, its value and grad, what its op saved and where the script made it */
#pragma once

#include "bs-scene.h"
#include "bs-text-panel.h"

G_BEGIN_DECLS

/* Fills panel for scene's box index at state (-1: a hint to click a box). */
void bs_inspector_fill (BsTextPanel        *panel,
                        BsScene            *scene,
                        const BsTraceState *state,
                        int                 index);
/* The same while quiz mode has a question open: without what the rest of the backward
 * call tells (its finite-difference check, its gradient norms). */
void bs_inspector_fill_asking (BsTextPanel        *panel,
                               BsScene            *scene,
                               const BsTraceState *state,
                               int                 index);

G_END_DECLS
