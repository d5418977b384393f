/* bs-run-compare.c: a run beside the run of the script before an edit */
#define G_LOG_DOMAIN "bs-render"

#include <string.h>

#include "bs-replay.h"
#include "bs-run-compare.h"
#include "bs-text-measurer.h"

#define MAX_ONLY_BEFORE 6   /* names listed of the tensors only the pinned run had */

struct _BsRunCompare {
  /* Owned */
  BsRunMatch   *match;
  BsTraceState *before_state;   /* at before_for's matched step */
  guint64       before_for;
};

/* What a box shows of one run: its value, and its gradient when it has a line for it. */
typedef struct {
  gboolean present;
  guint32  value;
  guint32  grad;        /* 0: None (a leaf) or no gradient yet (an op) */
  gboolean is_op;
} Side;

BsRunCompare *
bs_run_compare_new (BsTrace    *before,
                    const char *before_source,
                    BsTrace    *now,
                    const char *now_source)
{
  BsRunCompare *self;

  g_return_val_if_fail (before != NULL && now != NULL, NULL);
  self = g_new0 (BsRunCompare, 1);
  self->match = bs_run_match_new (before, before_source, now, now_source);
  self->before_for = G_MAXUINT64;
  return self;
}

void
bs_run_compare_free (BsRunCompare *self)
{
  if (self == NULL)
    return;
  bs_run_match_free (self->match);
  g_clear_pointer (&self->before_state, bs_trace_state_free);
  g_free (self);
}

BsRunMatch *
bs_run_compare_get_match (BsRunCompare *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->match;
}

BsTrace *
bs_run_compare_get_before (BsRunCompare *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return bs_run_match_get_from (self->match);
}

BsTrace *
bs_run_compare_get_now (BsRunCompare *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return bs_run_match_get_to (self->match);
}

const BsTraceState *
bs_run_compare_before_state (BsRunCompare *self,
                             guint64       now_step)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->before_state == NULL || self->before_for != now_step)
    {
      g_clear_pointer (&self->before_state, bs_trace_state_free);
      self->before_state = bs_replay_state_at (bs_run_compare_get_before (self),
                                               bs_run_match_step_back (self->match, now_step));
      self->before_for = now_step;
    }
  return self->before_state;
}

static void
side_of (const BsTraceState *state,
         guint32             tensor,
         guint32             node,
         BsSceneNodeKind     kind,
         Side               *side)
{
  const BsTraceTensorState *t = tensor != 0 ? bs_trace_state_get_tensor (state, tensor) : NULL;
  const BsTraceNodeState *n = node != 0 ? bs_trace_state_get_node (state, node) : NULL;

  side->present = t != NULL && t->value != 0;
  side->value = t != NULL ? t->value : 0;
  side->is_op = kind == BS_SCENE_NODE_OP;
  if (side->is_op)
    side->grad = n != NULL && n->backward != 0 ? n->grad : 0;
  else
    side->grad = t != NULL ? t->grad : 0;
}

/* Box index of scene as now's run and before's show it. */
static gboolean
sides (BsRunCompare       *self,
       BsScene            *scene,
       guint               index,
       const BsTraceState *state,
       Side               *before,
       Side               *now)
{
  const BsSceneNode *node = bs_scene_get_node (scene, index);

  if (bs_scene_get_trace (scene) != bs_run_compare_get_now (self)
      || node->kind == BS_SCENE_NODE_CLUSTER || node->tensor == 0)
    return FALSE;
  side_of (state, node->tensor, node->node, node->kind, now);
  side_of (bs_run_compare_before_state (self, state->step),
           bs_run_match_tensor_back (self->match, node->tensor),
           node->node != 0 ? bs_run_match_node_back (self->match, node->node) : 0,
           node->kind, before);
  return TRUE;
}

static char *
value_text (BsTrace *trace,
            guint32  value,
            guint    max_chars)
{
  return bs_value_texts_format (trace, value, max_chars);
}

static char *
grad_text (BsTrace    *trace,
           const Side *side,
           guint       max_chars)
{
  if (side->grad == 0)
    return g_strdup (side->is_op ? "" : "None");
  return bs_value_texts_format (trace, side->grad, max_chars);
}

/* The line of kind: its prefix up to and with separator, then "before → " before what it
 * says now, the two cut to fit max_chars. */
static void
say_before (BsNodeLabel    *label,
            BsNodeLineKind  kind,
            const char     *separator,
            const char     *before,
            guint           max_chars)
{
  for (guint i = 0; i < label->n_lines; i++)
    {
      BsNodeLine *line = &label->lines[i];
      const char *at;
      g_autofree char *prefix = NULL;
      g_autofree char *was = NULL;
      g_autofree char *now = NULL;
      glong room;

      if (line->kind != kind || line->text[0] == '\0'
          || (at = strstr (line->text, separator)) == NULL)
        continue;
      at += strlen (separator);
      prefix = g_strndup (line->text, at - line->text);
      was = g_strdup (before);
      now = g_strdup (at);
      room = (glong) max_chars - g_utf8_strlen (prefix, -1) - 3;
      if (max_chars > 0 && g_utf8_strlen (was, -1) + g_utf8_strlen (now, -1) > room)
        {
          glong half = MAX (room / 2, 4);

          was = bs_value_texts_cut (g_steal_pointer (&was), (guint) half);
          now = bs_value_texts_cut (g_steal_pointer (&now),
                                    (guint) MAX (room - g_utf8_strlen (was, -1), 4));
        }
      g_free (line->text);
      line->text = g_strconcat (prefix, was, " → ", now, NULL);
    }
}

void
bs_run_compare_label (BsRunCompare       *self,
                      BsScene            *scene,
                      guint               index,
                      const BsTraceState *state,
                      BsNodeLabel        *label,
                      guint               max_chars)
{
  BsTrace *before_trace;
  Side before, now;
  g_autofree char *value = NULL;
  g_autofree char *grad = NULL;

  g_return_if_fail (self != NULL && scene != NULL && state != NULL && label != NULL);
  if (!sides (self, scene, index, state, &before, &now))
    return;
  before_trace = bs_run_compare_get_before (self);
  value = before.present ? value_text (before_trace, before.value, max_chars) : g_strdup ("—");
  say_before (label, BS_NODE_LINE_VALUE, ": ", value, max_chars);
  grad = before.present ? grad_text (before_trace, &before, max_chars) : g_strdup ("—");
  if (grad[0] == '\0')
    {
      g_free (grad);
      grad = g_strdup ("none yet");
    }
  say_before (label, BS_NODE_LINE_GRAD, now.is_op ? " = " : ": ", grad, max_chars);
}

GArray *
bs_run_compare_changed (BsRunCompare       *self,
                        BsScene            *scene,
                        const BsTraceState *state)
{
  GArray *changed = g_array_new (FALSE, FALSE, sizeof (int));
  BsTrace *before_trace;

  g_return_val_if_fail (self != NULL && scene != NULL && state != NULL, changed);
  before_trace = bs_run_compare_get_before (self);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      Side before, now;
      g_autofree char *value_before = NULL, *value_now = NULL;
      g_autofree char *grad_before = NULL, *grad_now = NULL;
      int index = (int) i;

      if (!bs_scene_node_visible (scene, i, state)
          || !sides (self, scene, i, state, &before, &now) || !before.present || !now.present)
        continue;
      value_before = value_text (before_trace, before.value, BS_TEXT_MAX_LINE_CHARS);
      value_now = value_text (bs_scene_get_trace (scene), now.value, BS_TEXT_MAX_LINE_CHARS);
      grad_before = grad_text (before_trace, &before, BS_TEXT_MAX_LINE_CHARS);
      grad_now = grad_text (bs_scene_get_trace (scene), &now, BS_TEXT_MAX_LINE_CHARS);
      if (strcmp (value_before, value_now) != 0 || strcmp (grad_before, grad_now) != 0)
        g_array_append_val (changed, index);
    }
  return changed;
}

char *
bs_run_compare_only_before (BsRunCompare       *self,
                            BsScene            *scene,
                            const BsTraceState *state)
{
  const BsTraceState *before;
  BsTrace *before_trace;
  GString *names = NULL;
  guint n = 0;

  g_return_val_if_fail (self != NULL && scene != NULL && state != NULL, NULL);
  if (bs_scene_get_trace (scene) != bs_run_compare_get_now (self))
    return NULL;
  before = bs_run_compare_before_state (self, state->step);
  before_trace = bs_run_compare_get_before (self);
  for (guint32 t = 1; t <= before->n_tensors; t++)
    {
      const BsTraceTensor *tensor = bs_trace_get_tensor (before_trace, t);
      guint32 now = bs_run_match_tensor (self->match, t);

      if (!bs_trace_state_tensor_alive (before, t) || tensor->is_wrapped_number
          || (!tensor->requires_grad && tensor->grad_fn == 0)
          || (now != 0 && bs_scene_find_tensor (scene, now, state) >= 0))
        continue;
      if (names == NULL)
        names = g_string_new (NULL);
      if (n++ == MAX_ONLY_BEFORE)
        {
          g_string_append (names, ", …");
          break;
        }
      {
        g_autofree char *name = bs_trace_tensor_label (before_trace, t,
                                                       bs_trace_state_get_name (before, t));

        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", name);
      }
    }
  return names != NULL ? g_string_free (names, FALSE) : NULL;
}
