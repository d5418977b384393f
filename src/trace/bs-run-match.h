/* bs-run-match.h: what two runs of two versions of a script have in common
 *
 * Live mode and Compare run a script again after an edit and must say which tensor,
 * grad_fn node and step of the new run is which of the old one. Ids cannot say it: a
 * print line added above makes new strings, a new leaf shifts every id after it.
 *
 * A tensor is known by what made it: a leaf by the name first bound to it (or, unnamed,
 * by being a leaf), a result by its grad_fn's name (else its op) and what its inputs
 * are known by; the n-th tensor known the same way in one run is the n-th in the other.
 * A node is known by its tensor (AccumulateGrad by its leaf). A step is known by its step
 * event: a statement by its line (lines follow the edit, bs_line_map_new()) and how
 * often that line ran before, a backward edge by its backward call, its two nodes and
 * input, an accumulation by its leaf, and so on. A step of the old run that the new run
 * does not have goes to the new step of the nearest matched step before it, moved on
 * by as many steps.
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct _BsRunMatch BsRunMatch;

/* from's source and to's (NULL: lines are taken to stay where they are). The traces are
 * referenced; both must be complete. */
BsRunMatch *bs_run_match_new          (BsTrace    *from,
                                       const char *from_source,
                                       BsTrace    *to,
                                       const char *to_source);
void        bs_run_match_free         (BsRunMatch *self);

BsTrace    *bs_run_match_get_from     (BsRunMatch *self);
BsTrace    *bs_run_match_get_to       (BsRunMatch *self);

/* to's tensor, node or step for from's; 0 for a tensor or node to does not have. */
guint32     bs_run_match_tensor       (BsRunMatch *self,
                                       guint32     from_tensor);
guint32     bs_run_match_node         (BsRunMatch *self,
                                       guint32     from_node);
guint64     bs_run_match_step         (BsRunMatch *self,
                                       guint64     from_step);
/* The other way: from's tensor, node or step for to's. */
guint32     bs_run_match_tensor_back  (BsRunMatch *self,
                                       guint32     to_tensor);
guint32     bs_run_match_node_back    (BsRunMatch *self,
                                       guint32     to_node);
guint64     bs_run_match_step_back    (BsRunMatch *self,
                                       guint64     to_step);
/* to's line (1-based) for from's line, 0 when the edit removed it. */
int         bs_run_match_line         (BsRunMatch *self,
                                       int         from_line);

/* Line numbers across an edit: for each line of old (1-based), its line in new, or 0
 * when the edit removed or rewrote it; a block of rewritten lines as long as the block
 * that replaced it maps line by line (a number scrubbed on a line keeps the line). The
 * array has n_old + 1 entries, [0] unused. */
GArray     *bs_line_map_new           (const char *old_text,
                                       const char *new_text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRunMatch, bs_run_match_free)

G_END_DECLS
