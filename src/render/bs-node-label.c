/* bs-node-label.c: the text of a scene's box at a step */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <string.h>

#include "bs-node-label.h"
#include "bs-step-text.h"

/* A value of more elements than this is summarised even when the trace has it whole. */
#define MAX_INLINE_ELEMENTS 16

static char *
cut (char *text,
     guint max_chars)
{
  if (max_chars > 0 && g_utf8_strlen (text, -1) > max_chars)
    {
      char *end = g_utf8_offset_to_pointer (text, MAX (max_chars, 2) - 1);
      g_autofree char *head = g_strndup (text, (gsize) (end - text));

      g_free (text);
      return g_strconcat (head, "…", NULL);
    }
  return text;
}

/* "1", "[1, 2.5]"; a large tensor: "mean 0.01, std 0.2, min -1, max 1". */
static char *
format_value (BsTrace *trace,
              guint32  id,
              guint    max_chars)
{
  const BsTraceValue *value = bs_trace_get_value (trace, id);

  if (value == NULL)
    return g_strdup ("?");
  if (max_chars == 0)
    return bs_trace_value_format (value);
  if (value->kind == BS_VALUE_FULL && value->numel <= MAX_INLINE_ELEMENTS)
    return cut (bs_trace_value_format (value), max_chars);
  if (value->kind == BS_VALUE_FULL)
    {
      double min = INFINITY, max = -INFINITY, sum = 0;

      for (gint64 i = 0; i < value->numel; i++)
        {
          min = MIN (min, value->data[i]);
          max = MAX (max, value->data[i]);
          sum += value->data[i];
        }
      {
        g_autofree char *mean = bs_trace_value_format_number (sum / (double) value->numel);
        g_autofree char *lo = bs_trace_value_format_number (min);
        g_autofree char *hi = bs_trace_value_format_number (max);

        return cut (g_strdup_printf ("mean %s, in [%s, %s]", mean, lo, hi), max_chars);
      }
    }
  {
    g_autofree char *mean = bs_trace_value_format_number (value->mean);
    g_autofree char *lo = bs_trace_value_format_number (value->min);
    g_autofree char *hi = bs_trace_value_format_number (value->max);

    return cut (g_strdup_printf ("mean %s, in [%s, %s]", mean, lo, hi), max_chars);
  }
}

char *
bs_node_label_value_text (BsTrace *trace,
                          guint32  value,
                          guint    max_chars)
{
  g_autofree char *text = format_value (trace, value, max_chars);

  return cut (g_strdup_printf ("value: %s", text), max_chars);
}

char *
bs_node_label_grad_text (BsTrace *trace,
                         guint32  value,
                         guint    max_chars)
{
  g_autofree char *text = value != 0 ? format_value (trace, value, max_chars) : NULL;

  return cut (g_strdup_printf ("grad: %s", text != NULL ? text : "None"), max_chars);
}

char *
bs_node_label_flow_text (BsTrace    *trace,
                         const char *root,
                         const char *tensor,
                         guint32     value,
                         guint       max_chars)
{
  g_autofree char *text = format_value (trace, value, max_chars);

  return cut (g_strdup_printf ("%s/∂%s = %s", root, tensor, text), max_chars);
}

static void
add_line (BsNodeLabel    *self,
          BsNodeLineKind  kind,
          char           *text)
{
  g_assert (self->n_lines < BS_NODE_LABEL_MAX_LINES);
  self->lines[self->n_lines].kind = kind;
  self->lines[self->n_lines].text = text;
  self->n_lines++;
}

/* "(1, 4)", "(1, 4) · float64", "scalar · int64"; NULL for a float32 scalar. */
static char *
shape_text (const BsTraceTensor *tensor)
{
  GString *out;
  const char *dtype = bs_dtype_name (tensor->dtype);

  if (tensor->ndim == 0 && tensor->dtype == BS_DTYPE_FLOAT32)
    return NULL;
  out = g_string_new (tensor->ndim == 0 ? "scalar" : "(");
  for (int d = 0; d < tensor->ndim; d++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", tensor->shape[d]);
  if (tensor->ndim == 1)
    g_string_append_c (out, ',');
  if (tensor->ndim > 0)
    g_string_append_c (out, ')');
  if (tensor->dtype != BS_DTYPE_FLOAT32)
    g_string_append_printf (out, " · %s",
                            g_str_has_prefix (dtype, "torch.") ? dtype + strlen ("torch.")
                                                               : dtype);
  return g_string_free (out, FALSE);
}

/* The title: the variable name at state (else the first one), the expression that made
 * the tensor, or "mul#8". */
static char *
title_text (BsTrace            *trace,
            const BsTraceState *state,
            guint32             tensor,
            gboolean           *named)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);
  const char *name = state != NULL ? bs_trace_state_get_name (state, tensor) : NULL;

  if (name == NULL && record != NULL && record->name != 0)
    name = bs_trace_get_string (trace, record->name);
  *named = name != NULL;
  if (name != NULL)
    return g_strdup (name);
  {
    char *expression = bs_step_text_expression (trace, state, tensor);

    return expression != NULL ? expression : bs_trace_tensor_label (trace, tensor, NULL);
  }
}

static const char *
op_name (BsTrace *trace,
         guint32  node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);
  const char *name = record != NULL ? bs_trace_get_string (trace, record->name) : NULL;
  const char *colon = name != NULL ? strrchr (name, ':') : NULL;

  return colon != NULL ? colon + 1 : name != NULL ? name : "?";
}

/* A box's value at state: the tensor's, or, for a box an in-place op has superseded,
 * the value the tensor had while the box was its latest. */
static guint32
box_value (BsScene            *scene,
           guint               index,
           const BsTraceState *state)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  const BsSceneNode *node = bs_scene_get_node (scene, index);
  const BsTraceTensorState *now = bs_trace_state_get_tensor (state, node->tensor);
  const BsTraceTensor *tensor = bs_trace_get_tensor (trace, node->tensor);
  const BsTraceNode *record;

  if (now == NULL || node->kind != BS_SCENE_NODE_OP
      || bs_scene_find_tensor (scene, node->tensor, state) == (int) index)
    return now != NULL ? now->value : 0;
  if (tensor->grad_fn == node->node)
    return bs_trace_get_event (trace, tensor->event)->values[0];
  /* The in-place event follows its grad_fn's registration closely. */
  record = bs_trace_get_node (trace, node->node);
  for (guint64 e = record->event; e < state->n_events; e++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, e);

      if (event->type == BS_TRACE_EVENT_INPLACE && event->node == node->node)
        return event->values[0];
    }
  return now->value;
}

static gboolean
node_saves (BsTrace *trace,
            guint32  node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);

  return record != NULL && !record->is_accumulate && record->op >= 0 && record->op < BS_N_OPS
         && bs_op_info ((BsOp) record->op)->save != NULL;
}

BsNodeLabel *
bs_node_label_new (BsScene            *scene,
                   guint               index,
                   const BsTraceState *state,
                   guint               max_chars)
{
  BsTrace *trace;
  const BsSceneNode *node;
  const BsTraceTensor *tensor;
  const BsTraceTensorState *tensor_state;
  const BsTraceNodeState *node_state;
  const BsTraceEvent *error;
  BsNodeLabel *self;
  char *shape;

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  trace = bs_scene_get_trace (scene);
  node = bs_scene_get_node (scene, index);
  self = g_new0 (BsNodeLabel, 1);

  if (node->kind == BS_SCENE_NODE_CLUSTER)
    {
      const BsTraceScope *scope = bs_trace_get_scope (trace, node->scope);
      const char *label = scope != NULL ? bs_trace_get_string (trace, scope->label) : NULL;

      self->named = TRUE;
      add_line (self, BS_NODE_LINE_TITLE, g_strdup (label != NULL ? label : "(scope)"));
      add_line (self, BS_NODE_LINE_OP, g_strdup ("collapsed"));
      return self;
    }

  tensor = bs_trace_get_tensor (trace, node->tensor);
  tensor_state = bs_trace_state_get_tensor (state, node->tensor);
  node_state = node->node != 0 ? bs_trace_state_get_node (state, node->node) : NULL;

  add_line (self, BS_NODE_LINE_TITLE,
            cut (title_text (trace, state, node->tensor, &self->named), max_chars));
  if (node->kind == BS_SCENE_NODE_OP)
    add_line (self, BS_NODE_LINE_OP, g_strdup (op_name (trace, node->node)));
  if (tensor != NULL && (shape = shape_text (tensor)) != NULL)
    add_line (self, BS_NODE_LINE_SHAPE, shape);
  add_line (self, BS_NODE_LINE_VALUE,
            bs_node_label_value_text (trace, box_value (scene, index, state), max_chars));

  if (node->kind == BS_SCENE_NODE_LEAF)
    add_line (self, BS_NODE_LINE_GRAD,
              bs_node_label_grad_text (trace, tensor_state != NULL ? tensor_state->grad : 0,
                                       max_chars));
  else if (node->kind == BS_SCENE_NODE_OP)
    {
      if (node_state != NULL && node_state->backward != 0 && node_state->grad != 0)
        {
          g_autofree char *root = bs_step_text_root (trace, state, node_state->backward);
          g_autofree char *name = bs_step_text_tensor (trace, state, node->tensor);

          add_line (self, BS_NODE_LINE_GRAD,
                    bs_node_label_flow_text (trace, root, name, node_state->grad, max_chars));
          self->grad_stale = node_state->backward != state->last_backward;
        }
      else
        add_line (self, BS_NODE_LINE_GRAD, g_strdup (""));
      self->saves = node_saves (trace, node->node) || (node_state != NULL && node_state->freed);
      self->freed = node_state != NULL && node_state->freed;
    }

  error = bs_trace_state_get_error (state);
  if (error != NULL && error->node != 0 && bs_scene_find_node (scene, error->node) == (int) index)
    self->error = g_strdup (bs_trace_get_string (trace, error->text));
  return self;
}

void
bs_node_label_free (BsNodeLabel *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_lines; i++)
    g_free (self->lines[i].text);
  g_free (self->error);
  g_free (self);
}

const char *
bs_node_label_get_line (const BsNodeLabel *self,
                        BsNodeLineKind     kind)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->n_lines; i++)
    if (self->lines[i].kind == kind)
      return self->lines[i].text;
  return NULL;
}

char *
bs_node_label_to_string (const BsNodeLabel *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < self->n_lines; i++)
    if (self->lines[i].text[0] != '\0')
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", self->lines[i].text);
  if (self->saves)
    g_string_append (out, self->freed ? "\nsaved tensors: freed" : "\nsaved tensors: kept");
  if (self->error != NULL)
    g_string_append_printf (out, "\nerror: %s", self->error);
  return g_string_free (out, FALSE);
}
