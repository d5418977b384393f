/* bs-backward.h: the backward pass as a stepper
 *
 * As PyTorch's engine: dependency counts from the roots, an input buffer per
 * node that sums the gradients arriving at it, a ready queue ordered by
 * sequence number (AccumulateGrad first), and release of saved tensors after a
 * node runs unless retain_graph. One step runs one node and reports each edge.
 */
#pragma once

#include "bs-types.h"

G_BEGIN_DECLS

typedef struct {
  gboolean retain_graph;
  gboolean create_graph;
  gboolean allow_unused;   /* autograd.grad only */
} BsBackwardOptions;

/* tensor.backward(): accumulates into the leaves' .grad. grad_roots[i] may be
 * NULL for a scalar root (an implicit 1). */
BsBackward *bs_backward_begin      (BsContext                *context,
                                    BsTensor *const          *roots,
                                    BsTensor *const          *grad_roots,
                                    guint                     n_roots,
                                    const BsBackwardOptions  *options,
                                    GError                  **error);
/* autograd.grad(): captures the gradients of inputs instead of accumulating. */
BsBackward *bs_backward_begin_grad (BsContext                *context,
                                    BsTensor *const          *roots,
                                    BsTensor *const          *grad_roots,
                                    guint                     n_roots,
                                    BsTensor *const          *inputs,
                                    guint                     n_inputs,
                                    const BsBackwardOptions  *options,
                                    GError                  **error);
/* Runs the next node. Returns FALSE when nothing was left to run, or on error. */
gboolean    bs_backward_step       (BsBackward               *self,
                                    GError                  **error);
gboolean    bs_backward_is_done    (const BsBackward         *self);
BsNode     *bs_backward_peek       (const BsBackward         *self);  /* next node, borrowed */
guint64     bs_backward_id         (const BsBackward         *self);
/* Runs what is left and ends the pass. For autograd.grad, *grads receives one
 * gradient per input (NULL where unused and allow_unused). */
gboolean    bs_backward_finish     (BsBackward               *self,
                                    GPtrArray               **grads,
                                    GError                  **error);
void        bs_backward_free       (BsBackward               *self);

/* Conveniences for the whole pass */
gboolean    bs_tensor_backward     (BsTensor                 *self,
                                    BsTensor                 *gradient,
                                    gboolean                  retain_graph,
                                    gboolean                  create_graph,
                                    GError                  **error);
GPtrArray  *bs_autograd_grad       (BsTensor *const          *outputs,
                                    BsTensor *const          *grad_outputs,
                                    guint                     n_outputs,
                                    BsTensor *const          *inputs,
                                    guint                     n_inputs,
                                    const BsBackwardOptions  *options,
                                    GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsBackward, bs_backward_free)

G_END_DECLS
