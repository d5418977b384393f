/* bs-autograd.h: running an op and recording it in the graph */
#pragma once

#include "bs-types.h"
#include "bs-op.h"

G_BEGIN_DECLS

/* Runs op's forward and, when grad mode is on and an input requires grad,
 * gives the result a grad_fn. Returns a new reference or NULL with error. */
BsTensor *bs_op_apply          (BsOp             op,
                                BsTensor *const *inputs,
                                guint            n_inputs,
                                const BsOpArgs  *args,
                                GError         **error);
/* The same for ops with a second, non-differentiable result (max's indices). */
BsTensor *bs_op_apply_full     (BsOp             op,
                                BsTensor *const *inputs,
                                guint            n_inputs,
                                const BsOpArgs  *args,
                                BsTensor       **extra_output,
                                GError         **error);
/* An op of several outputs sharing one node (split's pieces, var_mean's two results):
 * output k is op's forward run with output_args[k]; the node, if recorded, has op and
 * node_args, output k's edge being input_nr k. Fills outputs with new references. */
gboolean  bs_op_apply_multi    (BsOp             op,
                                BsTensor *const *inputs,
                                guint            n_inputs,
                                const BsOpArgs  *node_args,
                                const BsOpArgs  *output_args,
                                guint            n_outputs,
                                BsTensor       **outputs,
                                GError         **error);
/* The same op run again from what its node kept: its args and its outputs' metas. */
gboolean  bs_op_apply_multi_again (BsOp                op,
                                   BsTensor *const    *inputs,
                                   guint               n_inputs,
                                   const BsOpArgs     *node_args,
                                   const BsTensorMeta *output_metas,
                                   guint               n_outputs,
                                   BsTensor          **outputs,
                                   GError            **error);
/* self.op_(others...): writes the result into self, bumps its version and
 * rebases its history. inputs[0] is self. Returns a new reference to self. */
BsTensor *bs_op_apply_inplace  (BsOp             op,
                                BsTensor *const *inputs,
                                guint            n_inputs,
                                const BsOpArgs  *args,
                                GError         **error);

/* Whether self may be changed in place now (not a leaf that requires grad, ...), with
 * PyTorch's error, reported to the sink, when not: for an in-place op whose other checks
 * PyTorch makes after this one. */
gboolean  bs_check_inplace     (BsTensor        *self,
                                GError         **error);

/* PyTorch's check as a view's grad_fn is read: a view made with grad mode off, of a base
 * that requires grad, refuses once it or its base changed in place since it was made. */
gboolean  bs_check_view_unchanged (const BsTensor *self,
                                   GError        **error);

/* PyTorch's result_type: dimensioned tensors, then 0-dim tensors, then Python
 * scalars, each tier counting only when it raises the category. */
BsDType   bs_result_type       (BsTensor *const *inputs,
                                guint            n_inputs);

gboolean  bs_grad_mode_set     (BsContext       *context,
                                gboolean         enabled);  /* returns the previous mode */

/* When node is a CopySlices, frees the wrapped in-place op's saved tensors too
 * (the engine calls it as it frees node's own) and returns TRUE: PyTorch drops
 * the wrapped function, so the node cannot run again. FALSE for other nodes. */
gboolean  bs_copy_slices_release (BsNode         *node);

G_END_DECLS
