/* bs-hooks.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-hooks.h"

void
bs_node_note_hook_list (BsNode *self,
                        guint   list)
{
  if (self->hook_lists == NULL)
    self->hook_lists = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < self->hook_lists->len; i++)
    if (g_array_index (self->hook_lists, guint, i) == list)
      return;
  g_array_append_val (self->hook_lists, list);
}

gboolean
bs_hooks_run (GArray     *hooks,
              guint       output_nr,
              int         retain,
              BsTensor  **grad,
              GError    **error)
{
  /* a hook registered by a hook waits for the next pass, as in PyTorch (not an endless
   * loop) */
  guint n = hooks != NULL ? hooks->len : 0;

  for (guint i = 0; i < n && i < hooks->len; i++)
    {
      BsHook hook = g_array_index (hooks, BsHook, i);
      GError *local_error = NULL;
      BsTensor *replaced;

      if (hook.output_nr != output_nr || (retain >= 0 && (int) hook.retain != retain))
        continue;
      replaced = hook.func (*grad, hook.user_data, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          g_clear_pointer (&replaced, bs_tensor_unref);
          return FALSE;
        }
      if (replaced != NULL)
        {
          g_clear_pointer (grad, bs_tensor_unref);
          *grad = replaced;
        }
    }
  return TRUE;
}

gboolean
bs_node_run_pre_hooks (BsNode    *self,
                       BsTensor **grads,
                       GError   **error)
{
  guint n = self->hook_lists != NULL ? self->hook_lists->len : 0;

  for (guint i = 0; i < n; i++)
    {
      guint list = g_array_index (self->hook_lists, guint, i);
      guint output_nr = (list - 1) / 2;

      if (list == BS_HOOK_LIST_NODE)
        {
          if (!bs_node_run_hooks (self, FALSE, grads, self->n_outputs, NULL, 0, error))
            return FALSE;
        }
      else if (output_nr < self->n_outputs
               && !bs_hooks_run (self->pre_hooks, output_nr, (list - 1) % 2, &grads[output_nr],
                                 error))
        {
          return FALSE;
        }
    }
  return TRUE;
}
