/* bs-hooks.h: running the hooks on a node's output gradients in PyTorch 1.13's order */
#pragma once

#include "bs-node.h"

G_BEGIN_DECLS

/* A node's pre-hooks come in lists, each run whole in the order the lists were first
 * registered, as PyTorch 1.13 keeps them in the node's pre_hooks: the list of
 * grad_fn.register_prehook's hooks (BS_HOOK_LIST_NODE), and per output the list of the
 * tensor's register_hook's hooks and the one of its retain_grad (C++ hooks in PyTorch). */
#define BS_HOOK_LIST_NODE 0u
#define bs_hook_list_of(output_nr, retain) (1u + 2u * (output_nr) + ((retain) ? 1u : 0u))

/* Notes that list (BS_HOOK_LIST_NODE, bs_hook_list_of) has a hook; the first time places it
 * after the lists registered before it. */
void        bs_node_note_hook_list      (BsNode          *self,
                                         guint            list);

/* Runs the hooks of hooks (BsHook) on output output_nr whose retain flag is retain (-1:
 * any) on *grad, replacing it by what they return; *grad NULL: no gradient arrived, and the
 * hooks see None. FALSE with error when one fails. */
gboolean    bs_hooks_run                (GArray          *hooks,
                                         guint            output_nr,
                                         int              retain,
                                         BsTensor       **grad,
                                         GError         **error);

/* Runs the node's pre-hooks on its output gradients (n_outputs of them, NULL where none
 * arrived), list by list, before the node runs. */
gboolean    bs_node_run_pre_hooks       (BsNode          *self,
                                         BsTensor       **grads,
                                         GError         **error);

G_END_DECLS
