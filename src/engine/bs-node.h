/* bs-node.h: a grad_fn, a node of the backward graph */
#pragma once

#include "bs-types.h"
#include "bs-op.h"
#include "bs-tensor.h"

G_BEGIN_DECLS

typedef struct {
  BsNode *node;       /* Owned; NULL when that input needs no gradient */
  guint   input_nr;
  guint   present : 1; /* FALSE for inputs that are never differentiable */
} BsEdge;

typedef struct {
  BsTensor *tensor;          /* Owned: the input itself, or an untracked alias of an output */
  guint64   saved_version;
  guint     is_output : 1;
  guint     was_saved : 1;
} BsSavedTensor;

/* For torch.autograd.Function: the interpreter's backward. It gets the
 * gradients of the node's outputs (NULL for an output that got none; a node of one
 * output always gets its gradient) and fills grad_inputs (new references or NULL). */
typedef gboolean (*BsCustomBackwardFunc) (BsNode           *node,
                                          BsTensor *const  *grad_outputs,
                                          guint             n_outputs,
                                          BsTensor        **grad_inputs,
                                          gpointer          user_data,
                                          GError          **error);

typedef struct {
  char                 *name;           /* "MyReluBackward" */
  BsCustomBackwardFunc  backward;
  gpointer              user_data;
  GDestroyNotify        destroy;
} BsCustomFunction;

#define BS_NODE_INLINE 3

/* What a backward pass keeps per node while it runs (see bs-backward.c). */
typedef struct {
  guint64   backward_id;     /* 0 when no pass holds the node */
  BsNode   *node;            /* Borrowed: the node itself */
  BsTensor *buffer;          /* Owned: the sum of the gradients that arrived */
  BsTensor **buffers;        /* Owned: a multi-output node's sums, one per output (NULL:
                              * none arrived yet); buffer is then unused */
  int       dependencies;
  guint     should_execute : 1;
  guint     captured : 1;    /* autograd.grad reads an input's gradient here */
  guint     visited : 1;
  guint     queued : 1;
} BsNodeTask;

struct _BsNode {
  gint              ref_count;
  guint64           id;
  guint64           sequence_nr;
  BsContext        *context;      /* Borrowed */
  BsOp              op;
  BsOpArgs          args;

  guint             n_inputs;
  BsEdge           *next;         /* n_inputs edges */
  BsTensorMeta     *input_meta;   /* n_inputs */
  BsTensorMeta      output_meta;
  /* A node of several outputs (split's, unbind's, var_mean's): one gradient arrives per
   * output, each edge into it naming its output by input_nr, as PyTorch's nodes. */
  guint             n_outputs;
  BsTensorMeta     *output_metas;   /* Owned: n_outputs of them; NULL: a one-output op's */
  BsTensor        **retained_outputs; /* Owned array of weak pointers, as output_metas */

  guint             n_saved;
  BsSavedTensor    *saved;
  guint             saved_released : 1;

  BsTensor         *variable;     /* Owned: AccumulateGrad's leaf */
  GArray           *pre_hooks;    /* Owned: BsHook on the output's gradient */
  GArray           *node_hooks;   /* Owned: BsNodeHook, grad_fn.register_prehook's and
                                   * register_hook's, in the order they were added */
  GArray           *hook_lists;   /* Owned: guint, the order of the pre-hook lists
                                   * (bs-hooks.h) */
  BsTensor         *retained;     /* Weak: a non-leaf whose retain_grad() was called
                                   * (bs_node_get_retained: any output's) */
  BsCustomFunction *custom;       /* Owned */
  gpointer          metadata;     /* Owned, by metadata_destroy: grad_fn.metadata, the
                                   * interpreter's dict, which lives as long as the node */
  GDestroyNotify    metadata_destroy;
  gpointer          py_object;    /* Weak: the interpreter's object for the node while one
                                   * exists, so that a.grad_fn is b.grad_fn as in PyTorch */
  BsNodeTask        task;

  BsEdge            next_inline[BS_NODE_INLINE];
  BsTensorMeta      meta_inline[BS_NODE_INLINE];
  BsSavedTensor     saved_inline[BS_NODE_INLINE];
};

BsNode     *bs_node_new                 (BsContext       *context,
                                         BsOp             op,
                                         const BsOpArgs  *args,
                                         guint            n_inputs);
/* A node of an op of several outputs (n_outputs of them, maybe 1: x.chunk(1)); set each
 * output's meta with bs_node_set_output_meta. Its op's backward_multi runs it. */
BsNode     *bs_node_new_multi           (BsContext       *context,
                                         BsOp             op,
                                         const BsOpArgs  *args,
                                         guint            n_inputs,
                                         guint            n_outputs);
void        bs_node_set_output_meta     (BsNode          *self,
                                         guint            output_nr,
                                         const BsTensor  *output);
#define bs_node_is_multi_output(self) ((self)->output_metas != NULL)
const BsTensorMeta *bs_node_output_meta (const BsNode    *self,
                                         guint            output_nr);
/* The non-leaf output output_nr whose retain_grad() was called (weak), or NULL. */
BsTensor   *bs_node_get_retained        (const BsNode    *self,
                                         guint            output_nr);
void        bs_node_set_retained        (BsNode          *self,
                                         guint            output_nr,
                                         BsTensor        *tensor);
/* retain_grad(): output output_nr's gradient goes to tensor's .grad, at this point among
 * the node's pre-hooks (the ones registered earlier see it first, as in PyTorch). */
void        bs_node_retain_output       (BsNode          *self,
                                         guint            output_nr,
                                         BsTensor        *tensor);
BsNode     *bs_node_ref                 (BsNode          *self);
void        bs_node_unref               (BsNode          *self);

const char *bs_node_name                (const BsNode    *self);   /* "MulBackward0" */
const char *bs_node_formula             (const BsNode    *self,
                                         guint            input);
gboolean    bs_node_needs_input_grad    (const BsNode    *self,
                                         guint            input);

/* Saving and unpacking tensors for backward, with PyTorch's checks. */
void        bs_node_save                (BsNode          *self,
                                         guint            slot,
                                         BsTensor        *tensor,
                                         gboolean         is_output);
BsTensor   *bs_node_saved               (BsNode          *self,
                                         guint            slot,
                                         GError         **error);    /* new ref, NULL if none */
gboolean    bs_node_has_saved           (const BsNode    *self);
void        bs_node_release_saved       (BsNode          *self);

/* After an in-place op, the node's saved output is the modified tensor. */
void        bs_node_rebase_saved_output (BsNode          *self,
                                         BsTensor        *output);

/* A hook of the node itself (grad_fn.register_prehook / register_hook): a pre-hook gets the
 * gradients of the node's outputs (grads, n_grads of them; NULL: none arrived) before it
 * runs, a post-hook the gradients it made for its inputs (grads) and those of its outputs
 * (grad_outputs); either may replace grads' elements (new references, or NULL). */
typedef gboolean (*BsNodeHookFunc) (BsTensor        **grads,
                                    guint             n_grads,
                                    BsTensor *const  *grad_outputs,
                                    guint             n_outputs,
                                    gpointer          user_data,
                                    GError          **error);

typedef struct {
  BsNodeHookFunc func;
  gpointer       user_data;
  GDestroyNotify destroy;
  guint          id;
  gboolean       post;
} BsNodeHook;

/* Returns the hook's id, for bs_node_remove_hook */
guint       bs_node_add_hook            (BsNode          *self,
                                         gboolean         post,
                                         BsNodeHookFunc   func,
                                         gpointer         user_data,
                                         GDestroyNotify   destroy);
gboolean    bs_node_remove_hook         (BsNode          *self,
                                         guint            hook_id);
/* Runs the node's pre- or post-hooks on grads, in order; FALSE with error when one fails */
gboolean    bs_node_run_hooks           (BsNode          *self,
                                         gboolean         post,
                                         BsTensor       **grads,
                                         guint            n_grads,
                                         BsTensor *const *grad_outputs,
                                         guint            n_outputs,
                                         GError         **error);

void        bs_node_add_pre_hook        (BsNode          *self,
                                         const BsHook    *hook);
gboolean    bs_node_remove_pre_hook     (BsNode          *self,
                                         guint            hook_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsNode, bs_node_unref)

G_END_DECLS
