/* bs-chain-panel.h: what the chain-rule panel says: the current backward edge's
 * local gradient with symbols and numbers, upstream gradient and product; for the
 * selected tensor, every path from the root with its product, their sum, and the
 * check against .grad */
#pragma once

#include "bs-scene.h"
#include "bs-text-panel.h"

G_BEGIN_DECLS

void bs_chain_panel_fill (BsTextPanel        *panel,
                          BsScene            *scene,
                          const BsTraceState *state,
                          int                 selected);

G_END_DECLS
