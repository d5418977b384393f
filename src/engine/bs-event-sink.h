/* bs-event-sink.h: how the engine reports what happens
 *
 * The recorder and the UI attach a sink to a context. Every pointer an event
 * carries is borrowed for the duration of the callback; take a reference to keep
 * it. Any callback may be NULL.
 */
#pragma once

#include "bs-types.h"

G_BEGIN_DECLS

typedef struct {
  BsTensor        *tensor;        /* the new tensor */
  BsNode          *grad_fn;       /* its grad_fn, or NULL for a leaf or an untracked result */
  const char      *op_name;       /* "mul", or NULL for a leaf factory */
  BsTensor *const *inputs;        /* the op's tensor inputs */
  guint            n_inputs;
} BsTensorEvent;

typedef struct {
  BsTensor        *tensor;        /* the tensor changed in place */
  guint64          version;       /* its version after the change */
  BsNode          *grad_fn;       /* its new grad_fn, or NULL when not tracked */
  const char      *op_name;
} BsInplaceEvent;

typedef struct {
  guint64          backward_id;   /* 1 for the first backward of a context, then 2... */
  BsTensor *const *roots;
  BsTensor *const *root_grads;
  guint            n_roots;
  gboolean         retain_graph;
  gboolean         create_graph;
  gboolean         is_autograd_grad;
} BsBackwardBeginEvent;

typedef struct {
  guint64          backward_id;
  BsNode          *from;          /* the node being executed */
  guint            input_nr;      /* which of its inputs */
  BsNode          *to;            /* the next function the gradient flows to */
  BsTensor        *upstream;      /* gradient of `from`'s output */
  BsTensor        *local;         /* elementwise local derivative, or NULL when not one */
  const char      *formula;       /* "∂(a*b)/∂a = b" */
  BsTensor        *contribution;  /* what flows to `to` */
} BsEdgeEvent;

typedef struct {
  guint64          backward_id;
  BsTensor        *leaf;
  BsTensor        *contribution;
  BsTensor        *total;         /* leaf's .grad after accumulating */
} BsAccumulateEvent;

typedef struct _BsEventSink {
  void (*tensor_created)  (gpointer user_data, const BsTensorEvent *event);
  void (*inplace)         (gpointer user_data, const BsInplaceEvent *event);
  void (*backward_begin)  (gpointer user_data, const BsBackwardBeginEvent *event);
  void (*node_begin)      (gpointer user_data, guint64 backward_id, BsNode *node,
                           BsTensor *grad_output);
  void (*edge)            (gpointer user_data, const BsEdgeEvent *event);
  void (*accumulate)      (gpointer user_data, const BsAccumulateEvent *event);
  void (*freed)           (gpointer user_data, guint64 backward_id, BsNode *node);
  void (*backward_end)    (gpointer user_data, guint64 backward_id, const GError *error);
  void (*grad_zeroed)     (gpointer user_data, BsTensor *tensor, gboolean set_to_none);
  void (*optimizer_step)  (gpointer user_data, const char *optimizer_name,
                           BsTensor *const *params, guint n_params);
  void (*error)           (gpointer user_data, const GError *error, BsNode *node);
  /* A leaf's requires_grad changed after it was announced (torch.tensor(...,
   * requires_grad=True) makes the tensor, then sets the flag; requires_grad_()). */
  void (*requires_grad_changed) (gpointer user_data, BsTensor *tensor);
  /* The last reference went: what is alive at any moment is what PyTorch holds. Called
   * before anything is released; the callback must not take a reference. */
  void (*tensor_destroyed) (gpointer user_data, BsTensor *tensor);
  void (*node_destroyed)   (gpointer user_data, BsNode *node);
} BsEventSink;

G_END_DECLS
