/* bs-chain-panel.c: what the chain-rule panel says */
#define G_LOG_DOMAIN "bs-app"

#include "bs-chain-panel.h"
#include "bs-latex.h"
#include "bs-paths.h"
#include "bs-shape-card.h"
#include "bs-step-text.h"

#define PANEL_PATH_LIMIT 50

static char *
value_text (BsTrace *trace,
            guint32  value)
{
  const BsTraceValue *v = bs_trace_get_value (trace, value);

  return v != NULL ? bs_trace_value_format (v) : g_strdup ("?");
}

static void
add_edge (BsTextPanel        *panel,
          BsTrace            *trace,
          const BsTraceState *state,
          const BsTraceEvent *edge)
{
  g_autofree char *local = bs_step_text_local_gradient (trace, state, edge);
  g_autofree char *root = bs_step_text_root (trace, state, edge->backward);
  const BsTraceNode *from = bs_trace_get_node (trace, edge->node);
  g_autofree char *from_name = bs_step_text_tensor (trace, state, from->tensor);
  g_autofree char *upstream = value_text (trace, edge->values[0]);
  g_autofree char *factor = value_text (trace, edge->values[1]);
  g_autofree char *contribution = value_text (trace, edge->values[2]);
  g_autofree char *markup = NULL;
  const BsTraceValue *up = bs_trace_get_value (trace, edge->values[0]);
  const BsTraceValue *local_value = bs_trace_get_value (trace, edge->values[1]);
  g_autofree char *card = bs_shape_card_for_edge (trace, state, edge);

  bs_text_panel_heading (panel, "Current edge");
  markup = g_markup_printf_escaped ("local gradient  %s", local);
  bs_text_panel_add (panel, markup, TRUE);
  g_free (markup);
  markup = g_markup_printf_escaped ("upstream  %s/∂%s = %s", root, from_name, upstream);
  bs_text_panel_add (panel, markup, TRUE);
  g_free (markup);
  if (up != NULL && local_value != NULL && up->numel == 1 && local_value->numel == 1)
    markup = g_markup_printf_escaped ("flows on  %s × %s = <b>%s</b>", upstream, factor,
                                      contribution);
  else
    {
      g_autofree char *vjp = bs_step_text_vjp (trace, edge);

      markup = g_markup_printf_escaped ("flows on  %s = <b>%s</b>", vjp, contribution);
    }
  bs_text_panel_add (panel, markup, TRUE);
  if (card != NULL)
    {
      g_free (markup);
      markup = g_markup_printf_escaped ("shapes  %s", card);
      bs_text_panel_add (panel, markup, TRUE);
    }
}

static void
copy_latex (GtkButton *button,
            gpointer   user_data)
{
  const char *latex = g_object_get_data (G_OBJECT (button), "latex");

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), latex);
}

/* A button that copies latex (taken), the paths as an align* block, to the clipboard. */
static void
add_copy_latex (BsTextPanel *panel,
                char        *latex)
{
  GtkWidget *button = gtk_button_new_with_label ("Copy as LaTeX");

  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, "Copy the paths, their products and their sum as a "
                                       "LaTeX align* block");
  g_object_set_data_full (G_OBJECT (button), "latex", latex, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (copy_latex), NULL);
  bs_text_panel_add_widget (panel, button);
}

static void
add_paths (BsTextPanel        *panel,
           BsTrace            *trace,
           const BsTraceState *state,
           guint32             tensor)
{
  g_autoptr(BsPaths) paths = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = bs_step_text_tensor (trace, state, tensor);
  g_autofree char *heading = NULL;
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;

  if (state->last_backward == 0)
    {
      bs_text_panel_heading (panel, "Paths");
      bs_text_panel_add (panel, "<span alpha=\"70%\">Step into a backward pass to see every "
                                "path from the root to this tensor.</span>", FALSE);
      return;
    }
  paths = bs_paths_compute (trace, state->last_backward, tensor, PANEL_PATH_LIMIT, &error);
  heading = g_strdup_printf ("Paths to %s in backward call %u", name, state->last_backward);
  bs_text_panel_heading (panel, heading);
  if (paths == NULL)
    {
      markup = g_markup_escape_text (error->message, -1);
      bs_text_panel_add (panel, markup, FALSE);
      return;
    }
  text = bs_paths_format (paths);
  markup = g_markup_escape_text (text, -1);
  bs_text_panel_add (panel, markup, TRUE);
  if (bs_paths_get_check (paths) == BS_PATHS_CHECK_MATCH)
    bs_text_panel_add (panel, "<span foreground=\"#26a269\">✓ The sum of the paths is the "
                              "gradient this backward call added.</span>", FALSE);
  else if (bs_paths_get_check (paths) == BS_PATHS_CHECK_MISMATCH)
    bs_text_panel_add (panel, "<span foreground=\"#e01b24\">✗ The sum differs from the "
                              "gradient this backward call added.</span>", FALSE);
  add_copy_latex (panel, bs_latex_paths (paths, trace, state, tensor));
}

void
bs_chain_panel_fill (BsTextPanel        *panel,
                     BsScene            *scene,
                     const BsTraceState *state,
                     int                 selected)
{
  const BsTraceEvent *edge;
  BsTrace *trace;

  g_return_if_fail (BS_IS_TEXT_PANEL (panel));
  bs_text_panel_clear (panel);
  if (scene == NULL || state == NULL)
    return;
  trace = bs_scene_get_trace (scene);
  edge = bs_trace_state_get_edge (state);
  if (edge != NULL)
    add_edge (panel, trace, state, edge);
  if (selected >= 0 && bs_scene_get_node (scene, selected)->tensor != 0)
    add_paths (panel, trace, state, bs_scene_get_node (scene, selected)->tensor);
  else if (edge == NULL)
    bs_text_panel_add (panel, "<span alpha=\"70%\">Step the backward pass to see each "
                              "edge's local gradient, or click a tensor to see every path "
                              "from the root to it.</span>", FALSE);
}
