/* bs-node-label.c: the text of a scene's box at a step */
#define G_LOG_DOMAIN "bs-render"

#include <string.h>

#include "bs-node-label.h"
#include "bs-step-text.h"

/* A value's text: from texts when it has it, cut to max_chars (adding it there when keep
 * is set), else formatted now into *owned. */
static const char *
value_string (BsTrace      *trace,
              BsValueTexts *texts,
              gboolean      keep,
              guint32       value,
              guint         max_chars,
              char        **owned)
{
  const char *text = NULL;

  if (texts != NULL && bs_value_texts_get_max_chars (texts) == max_chars)
    text = keep ? bs_value_texts_get (texts, value) : bs_value_texts_lookup (texts, value);
  if (text == NULL)
    text = *owned = bs_value_texts_format (trace, value, max_chars);
  return text;
}

static char *
value_text (BsTrace      *trace,
            BsValueTexts *texts,
            gboolean      keep,
            guint32       value,
            guint         max_chars)
{
  g_autofree char *owned = NULL;
  const char *text = value_string (trace, texts, keep, value, max_chars, &owned);

  return bs_value_texts_cut (g_strconcat ("value: ", text, NULL), max_chars);
}

static char *
grad_text (BsTrace      *trace,
           BsValueTexts *texts,
           gboolean      keep,
           guint32       value,
           guint         max_chars)
{
  g_autofree char *owned = NULL;
  const char *text = value != 0 ? value_string (trace, texts, keep, value, max_chars, &owned)
                                : "None";

  return bs_value_texts_cut (g_strconcat ("grad: ", text, NULL), max_chars);
}

static char *
flow_text (BsTrace      *trace,
           BsValueTexts *texts,
           gboolean      keep,
           const char   *root,
           const char   *tensor,
           guint32       value,
           guint         max_chars)
{
  g_autofree char *owned = NULL;
  const char *text = value_string (trace, texts, keep, value, max_chars, &owned);

  return bs_value_texts_cut (g_strconcat (root, "/∂", tensor, " = ", text, NULL), max_chars);
}

char *
bs_node_label_value_text (BsTrace      *trace,
                          BsValueTexts *texts,
                          guint32       value,
                          guint         max_chars)
{
  return value_text (trace, texts, FALSE, value, max_chars);
}

char *
bs_node_label_grad_text (BsTrace      *trace,
                         BsValueTexts *texts,
                         guint32       value,
                         guint         max_chars)
{
  return grad_text (trace, texts, FALSE, value, max_chars);
}

char *
bs_node_label_flow_text (BsTrace      *trace,
                         BsValueTexts *texts,
                         const char   *root,
                         const char   *tensor,
                         guint32       value,
                         guint         max_chars)
{
  return flow_text (trace, texts, FALSE, root, tensor, value, max_chars);
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
    {
      gint64 size = tensor->shape[d];
      guint64 rest = size < 0 ? -(guint64) size : (guint64) size;
      char digits[24];
      guint n = 0;

      /* Every box at every step has one: no printf for it. */
      do
        digits[n++] = (char) ('0' + rest % 10);
      while ((rest /= 10) > 0);
      if (d > 0)
        g_string_append (out, ", ");
      if (size < 0)
        g_string_append_c (out, '-');
      while (n > 0)
        g_string_append_c (out, digits[--n]);
    }
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
 * the tensor, or the op and its operands' names ("sum(…)"). */
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

    return expression != NULL ? expression : bs_step_text_tensor (trace, state, tensor);
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

static BsNodeLabel *
label_new (BsScene            *scene,
           guint               index,
           const BsTraceState *state,
           BsValueTexts       *texts,
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
            bs_value_texts_cut (title_text (trace, state, node->tensor, &self->named),
                                max_chars));
  if (node->kind == BS_SCENE_NODE_OP)
    add_line (self, BS_NODE_LINE_OP, g_strdup (op_name (trace, node->node)));
  if (tensor != NULL && (shape = shape_text (tensor)) != NULL)
    add_line (self, BS_NODE_LINE_SHAPE, shape);
  add_line (self, BS_NODE_LINE_VALUE,
            value_text (trace, texts, TRUE, box_value (scene, index, state), max_chars));

  if (node->kind == BS_SCENE_NODE_LEAF)
    add_line (self, BS_NODE_LINE_GRAD,
              grad_text (trace, texts, TRUE, tensor_state != NULL ? tensor_state->grad : 0,
                         max_chars));
  else if (node->kind == BS_SCENE_NODE_OP)
    {
      if (node_state != NULL && node_state->backward != 0 && node_state->grad != 0)
        {
          g_autofree char *root = bs_step_text_root (trace, state, node_state->backward);
          g_autofree char *name = bs_step_text_tensor (trace, state, node->tensor);

          add_line (self, BS_NODE_LINE_GRAD,
                    flow_text (trace, texts, TRUE, root, name, node_state->grad, max_chars));
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

BsNodeLabel *
bs_node_label_new (BsScene            *scene,
                   guint               index,
                   const BsTraceState *state,
                   guint               max_chars)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  return label_new (scene, index, state, NULL, max_chars);
}

BsNodeLabel *
bs_node_label_new_with_texts (BsScene            *scene,
                              guint               index,
                              const BsTraceState *state,
                              BsValueTexts       *texts)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (texts != NULL, NULL);
  g_return_val_if_fail (bs_value_texts_get_trace (texts) == bs_scene_get_trace (scene), NULL);

  return label_new (scene, index, state, texts, bs_value_texts_get_max_chars (texts));
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

gboolean
bs_node_label_asks_grad (BsScene            *scene,
                         guint               index,
                         const BsTraceState *state)
{
  const BsTraceEvent *edge;
  const BsSceneNode *node;
  BsTrace *trace;
  guint64 first, end;

  g_return_val_if_fail (scene != NULL && state != NULL, FALSE);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), FALSE);

  node = bs_scene_get_node (scene, index);
  edge = bs_trace_state_get_edge (state);
  if (edge == NULL || node->kind != BS_SCENE_NODE_OP || node->node != edge->node)
    return FALSE;
  trace = bs_scene_get_trace (scene);
  bs_trace_get_step_events (trace, state->step, &first, &end);
  for (guint64 i = first; i < end; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->type == BS_TRACE_EVENT_NODE_BEGIN && event->node == edge->node)
        return TRUE;
    }
  return FALSE;
}

void
bs_node_label_hide_asked (BsNodeLabel        *self,
                          BsScene            *scene,
                          guint               index,
                          const BsTraceState *state)
{
  g_return_if_fail (self != NULL);

  if (!bs_node_label_asks_grad (scene, index, state))
    return;
  for (guint k = 0; k < self->n_lines; k++)
    {
      BsNodeLine *line = &self->lines[k];
      const char *equals = strstr (line->text, " = ");

      if (line->kind == BS_NODE_LINE_GRAD && equals != NULL)
        {
          char *asked = g_strdup_printf ("%.*s = ?", (int) (equals - line->text), line->text);

          g_free (line->text);
          line->text = asked;
        }
    }
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
