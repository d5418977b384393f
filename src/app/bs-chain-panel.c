/* bs-chain-panel.c: what the chain-rule panel says */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include "bs-chain-panel.h"
#include "bs-context.h"
#include "bs-latex.h"
#include "bs-paths.h"
#include "bs-shape-card.h"
#include "bs-step-text.h"
#include "bs-tensor-format.h"

#define PANEL_PATH_LIMIT 50

static char *
value_text (BsTrace *trace,
            guint32  value)
{
  const BsTraceValue *v = bs_trace_get_value (trace, value);

  return v != NULL ? bs_trace_value_format (v) : g_strdup ("?");
}

/* A value as PyTorch prints it: "tensor([[1., 2.],\n        [3., 4.]])"; a large one
 * (kept as a summary) by its shape and statistics. */
static char *
value_repr (BsTrace   *trace,
            guint32    value,
            BsContext *context)
{
  const BsTraceValue *v = bs_trace_get_value (trace, value);
  g_autoptr(BsTensor) tensor = NULL;

  if (v == NULL)
    return g_strdup ("(not recorded)");
  tensor = bs_trace_value_to_tensor (v, context);
  return tensor != NULL ? bs_tensor_repr (tensor, NULL) : bs_trace_value_format (v);
}

static gboolean
term_link_activated (GtkLabel   *label,
                     const char *uri)
{
  return TRUE;   /* a term is a link only for its tooltip */
}

/* A term's place in the label's text and its values as PyTorch prints them. */
typedef struct {
  guint  start;
  guint  end;
  char  *repr;
} TermTip;

static void
term_tip_clear (gpointer data)
{
  g_free (((TermTip *) data)->repr);
}

const char *
bs_chain_panel_term_values_at (GtkWidget *label,
                               double     x,
                               double     y)
{
  GArray *tips;
  int ox, oy, index, trailing;

  g_return_val_if_fail (GTK_IS_LABEL (label), NULL);
  tips = g_object_get_data (G_OBJECT (label), "term-tips");
  gtk_label_get_layout_offsets (GTK_LABEL (label), &ox, &oy);
  if (tips == NULL
      || !pango_layout_xy_to_index (gtk_label_get_layout (GTK_LABEL (label)),
                                    (int) ((x - ox) * PANGO_SCALE),
                                    (int) ((y - oy) * PANGO_SCALE), &index, &trailing))
    return NULL;
  for (guint i = 0; i < tips->len; i++)
    {
      const TermTip *tip = &g_array_index (tips, TermTip, i);

      if ((guint) index >= tip->start && (guint) index < tip->end)
        return tip->repr;
    }
  return NULL;
}

/* The values of the term under the pointer, as PyTorch lays them out: left-aligned and
 * monospaced. */
static gboolean
term_query_tooltip (GtkWidget  *label,
                    int         x,
                    int         y,
                    gboolean    keyboard,
                    GtkTooltip *tooltip)
{
  const char *values = keyboard ? NULL : bs_chain_panel_term_values_at (label, x, y);
  GtkWidget *text;

  if (values == NULL)
    return FALSE;
  text = gtk_label_new (values);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_widget_add_css_class (text, "monospace");
  gtk_tooltip_set_custom (tooltip, text);
  return TRUE;
}

/* The shape card, each term a link whose tooltip is its values. */
static void
add_shape_card (BsTextPanel        *panel,
                BsTrace            *trace,
                const BsTraceState *state,
                const BsTraceEvent *edge)
{
  g_autoptr(GArray) terms = g_array_new (FALSE, FALSE, sizeof (BsShapeCardTerm));
  g_autofree char *card = bs_shape_card_for_edge_terms (trace, state, edge, terms);
  g_autoptr(BsContext) context = NULL;
  GArray *tips = g_array_new (FALSE, FALSE, sizeof (TermTip));
  GString *markup;
  GString *plain;
  gsize at = 0;
  GtkWidget *label;

  g_array_set_clear_func (tips, term_tip_clear);
  if (card == NULL)
    {
      g_array_unref (tips);
      return;
    }
  context = bs_context_new ();
  markup = g_string_new ("shapes  ");
  plain = g_string_new ("shapes  ");
  for (guint i = 0; i <= terms->len; i++)
    {
      /* the terms in the order they stand in the text */
      const BsShapeCardTerm *term = NULL;

      for (guint j = 0; j < terms->len; j++)
        {
          const BsShapeCardTerm *t = &g_array_index (terms, BsShapeCardTerm, j);

          if (t->start >= at && (term == NULL || t->start < term->start))
            term = t;
        }
      if (term == NULL)
        break;
      {
        g_autofree char *before = g_markup_escape_text (card + at, term->start - at);
        g_autofree char *text = g_markup_escape_text (card + term->start,
                                                      term->end - term->start);
        TermTip tip;

        g_string_append_printf (markup, "%s<a href=\"term:%u\">%s</a>", before, tips->len,
                                text);
        g_string_append_len (plain, card + at, term->start - at);
        tip.start = plain->len;
        g_string_append_len (plain, card + term->start, term->end - term->start);
        tip.end = plain->len;
        tip.repr = value_repr (trace, term->value, context);
        g_array_append_val (tips, tip);
        at = term->end;
      }
    }
  {
    g_autofree char *rest = g_markup_escape_text (card + at, -1);

    g_string_append (markup, rest);
  }
  label = bs_text_panel_add (panel, markup->str, TRUE);
  g_signal_connect (label, "activate-link", G_CALLBACK (term_link_activated), NULL);
  g_object_set_data_full (G_OBJECT (label), "term-tips", tips, (GDestroyNotify) g_array_unref);
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (term_query_tooltip), NULL);
  g_string_free (markup, TRUE);
  g_string_free (plain, TRUE);
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
  add_shape_card (panel, trace, state, edge);
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

/* Compare mode: the pinned run's paths to the same tensor, and the two sums. */
static void
add_pinned_paths (BsTextPanel        *panel,
                  BsRunCompare       *compare,
                  const BsTraceState *state,
                  guint32             tensor,
                  BsPaths            *now)
{
  BsTrace *before = bs_run_compare_get_before (compare);
  const BsTraceState *before_state = bs_run_compare_before_state (compare, state->step);
  guint32 pinned = bs_run_match_tensor_back (bs_run_compare_get_match (compare), tensor);
  g_autoptr(BsPaths) paths = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *was = NULL;
  g_autofree char *is = NULL;

  bs_text_panel_heading (panel, "In the pinned run");
  if (pinned == 0)
    {
      bs_text_panel_add (panel, "The pinned run has no such tensor.", FALSE);
      return;
    }
  if (before_state->last_backward == 0)
    {
      bs_text_panel_add (panel, "The pinned run is not in a backward pass at this step.",
                         FALSE);
      return;
    }
  paths = bs_paths_compute (before, before_state->last_backward, pinned, PANEL_PATH_LIMIT,
                            &error);
  if (paths == NULL)
    {
      markup = g_markup_escape_text (error->message, -1);
      bs_text_panel_add (panel, markup, FALSE);
      return;
    }
  text = bs_paths_format (paths);
  markup = g_markup_escape_text (text, -1);
  bs_text_panel_add (panel, markup, TRUE);
  was = bs_paths_get_sum (paths) != NULL ? bs_trace_value_format (bs_paths_get_sum (paths))
                                         : g_strdup ("0");
  is = now != NULL && bs_paths_get_sum (now) != NULL
       ? bs_trace_value_format (bs_paths_get_sum (now)) : g_strdup ("0");
  g_clear_pointer (&markup, g_free);
  markup = g_markup_printf_escaped ("<b>sum before → now: %s → %s</b>", was, is);
  bs_text_panel_add (panel, markup, TRUE);
}

static void
add_paths (BsTextPanel        *panel,
           BsTrace            *trace,
           const BsTraceState *state,
           guint32             tensor,
           BsRunCompare       *compare)
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
  if (compare != NULL && bs_run_compare_get_now (compare) == trace)
    add_pinned_paths (panel, compare, state, tensor, paths);
}

void
bs_chain_panel_fill (BsTextPanel        *panel,
                     BsScene            *scene,
                     const BsTraceState *state,
                     int                 selected,
                     BsRunCompare       *compare)
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
    add_paths (panel, trace, state, bs_scene_get_node (scene, selected)->tensor, compare);
  else if (edge == NULL)
    bs_text_panel_add (panel, "<span alpha=\"70%\">Step the backward pass to see each "
                              "edge's local gradient, or click a tensor to see every path "
                              "from the root to it.</span>", FALSE);
}
