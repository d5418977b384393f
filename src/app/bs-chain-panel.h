/* bs-chain-panel.h: what the chain-rule panel says: the current backward edge's
 * local gradient with symbols and numbers, upstream gradient and product; for the
 * selected tensor, every path from the root with its product, their sum, and the
 * check against .grad; each term of the shape card shows its values when pointed at */
#pragma once

#include "bs-run-compare.h"
#include "bs-scene.h"
#include "bs-text-panel.h"

G_BEGIN_DECLS

/* compare (or NULL): Compare mode's pinned run; its paths to the selected tensor and
 * their sum are shown under now's, and both sums side by side. */
void bs_chain_panel_fill (BsTextPanel        *panel,
                          BsScene            *scene,
                          const BsTraceState *state,
                          int                 selected,
                          BsRunCompare       *compare);

/* In the shape card's label (a child of the panel), the values of the term at (x, y) in
 * the label's coordinates as PyTorch prints them ("tensor([[1., 1.], ...])"), what its
 * tooltip shows; NULL when no term is there. */
const char *bs_chain_panel_term_values_at (GtkWidget *label,
                                           double     x,
                                           double     y);

G_END_DECLS
