/* bs-custom-function.h: nodes for torch.autograd.Function
 *
 * The interpreter runs a Function's forward itself, under no_grad, then
 * attaches a node to the result; the engine later calls the Function's
 * backward through that node (bs-backward.c calls node->custom->backward).
 */
#pragma once

#include "bs-node.h"

G_BEGIN_DECLS

/* Gives output a grad_fn named name ("MyReluBackward" for a Function class
 * MyRelu) when grad mode is on, output is floating point and some input
 * requires grad. inputs are the forward's arguments in order, with NULL for
 * those that are not tensors (Python numbers...), so that the node's n_inputs
 * is the number of gradients backward must return. output must be a fresh
 * tensor (not one of inputs), computed without history.
 *
 * Returns the node (borrowed: output owns it), so that the caller can save
 * tensors with bs_node_save() (is_output = TRUE when saving output itself), or
 * NULL when nothing was recorded; then destroy (if any) has been called on
 * user_data. Emits tensor_created for output in either case. */
BsNode   *bs_custom_function_attach            (const char           *name,
                                                BsTensor *const      *inputs,
                                                guint                 n_inputs,
                                                BsTensor             *output,
                                                BsCustomBackwardFunc  backward,
                                                gpointer              user_data,
                                                GDestroyNotify        destroy,
                                                GError              **error);

/* The same for a forward that returned a tuple: outputs are its tensors in order (each
 * fresh, without history), the node's outputs. An output gets the node as grad_fn
 * unless differentiable[k] is FALSE (ctx.mark_non_differentiable) or its dtype is not
 * floating point (differentiable NULL: all are); backward then gets NULL for it. The
 * node is made even with one output, as PyTorch's for a 1-tuple. */
BsNode   *bs_custom_function_attach_multi      (const char           *name,
                                                BsTensor *const      *inputs,
                                                guint                 n_inputs,
                                                BsTensor *const      *outputs,
                                                guint                 n_outputs,
                                                const gboolean       *differentiable,
                                                BsCustomBackwardFunc  backward,
                                                gpointer              user_data,
                                                GDestroyNotify        destroy,
                                                GError              **error);

/* Checks what a Function's backward returned, as PyTorch does, before the
 * backward fills grad_inputs: grads[i] is the i-th returned value (NULL for
 * None), n_grads how many values it returned. Extra values are allowed when
 * all None. Fails with "function XBackward returned an incorrect number of
 * gradients (expected 2, got 1)" or, for a non-None gradient of an argument
 * that was not a tensor, "function XBackward returned a gradient different
 * than None at position 2, but the corresponding forward input was not a
 * Variable". Shapes are checked later by the engine ("Function XBackward
 * returned an invalid gradient at index 0 - got [3] but expected shape
 * compatible with [2]"). */
gboolean  bs_custom_function_check_gradients  (BsNode               *node,
                                                BsTensor *const      *grads,
                                                guint                 n_grads,
                                                GError              **error);

/* For ctx.saved_tensors: fails with PyTorch's freed-graph error once a
 * backward without retain_graph has run the node, even when nothing was saved
 * (PyTorch checks this before unpacking). Then unpack each slot with
 * bs_node_saved(). */
gboolean  bs_custom_function_check_saved      (BsNode               *node,
                                                GError              **error);

/* TRUE when the forward's argument input was a tensor. */
gboolean  bs_custom_function_input_is_tensor  (BsNode               *node,
                                                guint                 input);

G_END_DECLS
