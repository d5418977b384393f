/* bs-inspector.c: what the side panel says about the selected box */
#define G_LOG_DOMAIN "bs-app"

#include "bs-dtype.h"
#include "bs-grad-check-trace.h"
#include "bs-grad-flow.h"
#include "bs-grad-norm-plot.h"
#include "bs-histogram.h"
#include "bs-inspector.h"
#include "bs-node-label.h"
#include "bs-step-text.h"

/* Rows of a small matrix one per line, so a 3×4 weight reads as a table. */
static char *
format_value (const BsTraceValue *value)
{
  GString *text;

  if (value == NULL)
    return g_strdup ("None");
  if (value->kind == BS_VALUE_SUMMARY)
    return g_strdup_printf ("%" G_GINT64_FORMAT " elements\nmin %.6g   max %.6g\n"
                            "mean %.6g   std %.6g",
                            value->numel, value->min, value->max, value->mean, value->std);
  if (value->ndim != 2)
    return bs_trace_value_format (value);

  text = g_string_new (NULL);
  for (gint64 r = 0; r < value->shape[0]; r++)
    {
      for (gint64 c = 0; c < value->shape[1]; c++)
        {
          g_autofree char *number =
            bs_trace_value_format_number (value->data[r * value->shape[1] + c]);

          g_string_append_printf (text, "%s%9s", c > 0 ? " " : "", number);
        }
      g_string_append_c (text, '\n');
    }
  if (text->len > 0)
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

static void
add_row (BsTextPanel *panel,
         const char  *key,
         const char  *value)
{
  g_autofree char *markup = g_markup_printf_escaped ("<span alpha=\"70%%\">%s</span>  %s",
                                                     key, value);

  bs_text_panel_add (panel, markup, FALSE);
}

static void
add_block (BsTextPanel        *panel,
           const char         *heading,
           const BsTraceValue *value)
{
  g_autofree char *text = format_value (value);
  g_autofree char *markup = g_markup_escape_text (text, -1);

  bs_text_panel_heading (panel, heading);
  bs_text_panel_add (panel, markup, TRUE);
  if (value != NULL && bs_trace_value_get_histogram (value) != NULL)
    {
      GtkWidget *histogram = bs_histogram_new ();

      bs_histogram_set_value (BS_HISTOGRAM (histogram), value);
      bs_text_panel_add_widget (panel, histogram);
    }
}

static char *
format_shape (const BsTraceTensor *tensor)
{
  GString *text = g_string_new ("(");

  for (int d = 0; d < tensor->ndim; d++)
    g_string_append_printf (text, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", tensor->shape[d]);
  g_string_append (text, tensor->ndim == 1 ? ",)" : ")");
  return g_string_free (text, FALSE);
}

/* A training loop's parameter: its gradient norm after each backward call. */
static void
add_grad_norms (BsTextPanel        *panel,
                BsTrace            *trace,
                const BsTraceState *state,
                guint32             tensor)
{
  g_autoptr(GArray) points = bs_grad_flow_series (trace, tensor);
  g_autofree char *text = NULL;
  const BsGradFlowPoint *first, *last;

  if (points->len < 2)
    return;
  first = &g_array_index (points, BsGradFlowPoint, 0);
  last = &g_array_index (points, BsGradFlowPoint, points->len - 1);
  text = g_strdup_printf ("%u backward calls: first %.4g, last %.4g", points->len,
                          first->norm, last->norm);
  bs_text_panel_heading (panel, "‖grad‖ per backward() call");
  bs_text_panel_add (panel, text, FALSE);
  bs_text_panel_add_widget (panel, bs_grad_norm_plot_new (g_steal_pointer (&points),
                                                          state->last_backward));
}

/* asking: quiz mode has a question open, so nothing from the rest of the backward call
 * (its finite-difference check, the gradient norms it ends with) */
static void
fill (BsTextPanel        *panel,
      BsScene            *scene,
      const BsTraceState *state,
      int                 index,
      gboolean            asking)
{
  g_autoptr(BsNodeLabel) label = NULL;
  g_autofree char *title = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *version = NULL;
  g_autofree char *line = NULL;
  const BsSceneNode *node;
  const BsTraceTensor *tensor;
  const BsTraceTensorState *tensor_state;
  const BsTraceNode *grad_fn;
  BsTrace *trace;

  g_return_if_fail (BS_IS_TEXT_PANEL (panel));
  bs_text_panel_clear (panel);
  if (scene == NULL || state == NULL || index < 0
      || !bs_scene_node_visible (scene, index, state))
    {
      bs_text_panel_add (panel, "<span alpha=\"70%\">Click a box in the graph to inspect "
                                "its tensor.</span>", FALSE);
      return;
    }
  trace = bs_scene_get_trace (scene);
  node = bs_scene_get_node (scene, index);
  label = bs_node_label_new (scene, index, state, 60);
  if (node->kind == BS_SCENE_NODE_CLUSTER || node->tensor == 0)
    {
      g_autofree char *text = bs_node_label_to_string (label);
      g_autofree char *markup = g_markup_escape_text (text, -1);

      bs_text_panel_heading (panel, "Collapsed group");
      bs_text_panel_add (panel, markup, FALSE);
      bs_text_panel_add (panel, "<span alpha=\"70%\">Double-click it to expand.</span>",
                         FALSE);
      return;
    }

  tensor = bs_trace_get_tensor (trace, node->tensor);
  tensor_state = bs_trace_state_get_tensor (state, node->tensor);
  grad_fn = node->node != 0 ? bs_trace_get_node (trace, node->node) : NULL;
  title = bs_step_text_tensor (trace, state, node->tensor);
  bs_text_panel_heading (panel, title);

  add_row (panel, "grad_fn", grad_fn != NULL && !grad_fn->is_accumulate
                             ? bs_trace_get_string (trace, grad_fn->name) : "None");
  shape = format_shape (tensor);
  add_row (panel, "shape", shape);
  add_row (panel, "dtype", bs_dtype_name (tensor->dtype));
  add_row (panel, "requires_grad", tensor->requires_grad ? "True" : "False");
  add_row (panel, "is_leaf", node->kind == BS_SCENE_NODE_OP ? "False" : "True");
  version = g_strdup_printf ("%u", tensor_state != NULL ? tensor_state->version : 0);
  add_row (panel, "version", version);
  if (tensor->span != NULL)
    {
      line = g_strdup_printf ("line %d", tensor->span->line);
      add_row (panel, "created at", line);
    }
  if (label->saves)
    add_row (panel, "saved tensors", label->freed ? "freed by backward()" : "kept for backward");

  add_block (panel, "value", tensor_state != NULL
                             ? bs_trace_get_value (trace, tensor_state->value) : NULL);
  if (node->kind == BS_SCENE_NODE_LEAF)
    {
      const BsTraceEvent *check = bs_grad_check_trace_at (state, node->tensor);

      add_block (panel, "grad", tensor_state != NULL && tensor_state->grad != 0
                                ? bs_trace_get_value (trace, tensor_state->grad) : NULL);
      if (check != NULL && !asking)
        {
          g_autofree char *text = bs_grad_check_trace_describe (trace, check);
          g_autofree char *markup = g_markup_printf_escaped (
            (check->flags & BS_TRACE_FLAG_FAILED) ? "<span foreground=\"#e01b24\">%s</span>"
                                                  : "%s", text);

          bs_text_panel_heading (panel, "finite-difference check");
          bs_text_panel_add (panel, markup, TRUE);
        }
      if (!asking)
        add_grad_norms (panel, trace, state, node->tensor);
    }
  else if (node->node != 0)
    {
      const BsTraceNodeState *node_state = bs_trace_state_get_node (state, node->node);

      if (node_state != NULL && node_state->grad != 0)
        add_block (panel, "gradient that arrived",
                   bs_trace_get_value (trace, node_state->grad));
    }
  if (label->error != NULL)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<span foreground=\"#e01b24\">%s</span>",
                                                         label->error);

      bs_text_panel_heading (panel, "error");
      bs_text_panel_add (panel, markup, FALSE);
    }
}

void
bs_inspector_fill (BsTextPanel        *panel,
                   BsScene            *scene,
                   const BsTraceState *state,
                   int                 index)
{
  fill (panel, scene, state, index, FALSE);
}

void
bs_inspector_fill_asking (BsTextPanel        *panel,
                          BsScene            *scene,
                          const BsTraceState *state,
                          int                 index)
{
  fill (panel, scene, state, index, TRUE);
}
