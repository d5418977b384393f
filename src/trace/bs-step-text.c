/* bs-step-text.c: a step of a trace, explained in plain words */
#define G_LOG_DOMAIN "bs-trace"

#include <string.h>

#include "bs-step-text.h"

/* Values in sentences stay short: the inspector shows them whole. */
#define MAX_VALUE_CHARS 40
#define MAX_LISTED      3
/* Longer expressions are not used as names ("(w2 * x3)"). */
#define MAX_EXPRESSION_CHARS 20

static char *
truncate_text (char *text,
               guint max_chars)
{
  if (g_utf8_strlen (text, -1) > max_chars)
    {
      char *end = g_utf8_offset_to_pointer (text, max_chars - 1);

      *end = '\0';
      text = g_realloc (text, (gsize) (end - text) + sizeof "…");
      strcat (text, "…");
    }
  return text;
}

static char *
value_text (BsTrace *trace,
            guint32  value)
{
  if (value == 0)
    return g_strdup ("?");
  return truncate_text (bs_trace_value_format (bs_trace_get_value (trace, value)),
                        MAX_VALUE_CHARS);
}

static char *label      (BsTrace            *trace,
                         const BsTraceState *state,
                         guint32             tensor,
                         int                 depth);
static char *expression (BsTrace            *trace,
                         const BsTraceState *state,
                         guint32             tensor,
                         int                 depth);

/* A tensor's name at state (else its first name), or a Python number's value; NULL when
 * it has neither. */
static char *
name_of (BsTrace            *trace,
         const BsTraceState *state,
         guint32             tensor)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);
  const char *name = state != NULL ? bs_trace_state_get_name (state, tensor) : NULL;

  if (name != NULL)
    return g_strdup (name);
  if (record == NULL)
    return NULL;
  if (record->name != 0)
    return g_strdup (bs_trace_get_string (trace, record->name));
  if (record->is_wrapped_number && record->event != 0)
    return value_text (trace, bs_trace_get_event (trace, record->event)->values[0]);
  return NULL;
}

/* A tensor's name without expressions: its name, a Python number's value, or the op that
 * made it with its operands' names ("addmm(model.0.bias, x, …)", "tanh(…)"). */
static char *
plain_label (BsTrace            *trace,
             const BsTraceState *state,
             guint32             tensor)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);
  char *name = name_of (trace, state, tensor);
  const guint32 *inputs;
  const char *op;
  GString *out;

  if (name != NULL)
    return name;
  if (record == NULL)
    return bs_trace_tensor_label (trace, tensor, NULL);
  /* A tensor made by a factory, not named: a number by its value ("tensor(1)"). */
  if (record->op == 0)
    {
      g_autofree char *value = NULL;

      if (record->ndim != 0 || record->event == 0)
        return g_strdup ("tensor");
      value = value_text (trace, bs_trace_get_event (trace, record->event)->values[0]);
      return g_strdup_printf ("tensor(%s)", value);
    }
  name = expression (trace, state, tensor, -1);
  if (name != NULL && g_utf8_strlen (name, -1) <= MAX_EXPRESSION_CHARS + 8)
    return name;
  g_free (name);
  op = bs_trace_get_string (trace, record->op);
  out = g_string_new (op);
  g_string_append_c (out, '(');
  inputs = bs_trace_get_list (trace, record->inputs);
  for (guint i = 0; i < record->n_inputs; i++)
    {
      g_autofree char *input = name_of (trace, state, inputs[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", input != NULL ? input : "…");
    }
  g_string_append_c (out, ')');
  if (g_utf8_strlen (out->str, -1) > MAX_EXPRESSION_CHARS + 8)
    {
      g_string_truncate (out, strlen (op));
      g_string_append (out, "(…)");
    }
  return g_string_free (out, FALSE);
}

/* "x[3]", "x[:, 1]", "x[1:4]", "x[:, ::2]": indexing as the script wrote it. */
static char *
index_expression (const BsTraceNode *node,
                  const char        *input)
{
  GString *out = g_string_new (input);

  g_string_append_c (out, '[');
  for (int d = 0; d < node->args->dim; d++)
    g_string_append (out, ":, ");
  if (node->op == BS_OP_SELECT)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, node->args->index);
  else
    {
      if (node->args->start != 0)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, node->args->start);
      g_string_append_c (out, ':');
      if (node->args->stop != G_MAXINT64)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, node->args->stop);
      if (node->args->step != 1)
        g_string_append_printf (out, ":%" G_GINT64_FORMAT, node->args->step);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* An operator's expression ("w2 * x3", "-x") is parenthesised inside another; a name, a
 * call or an index ("tanh(x)", "x[3]") is not. */
static gboolean
needs_parentheses (const char *text)
{
  int depth = 0;

  if (text[0] == '-')
    return TRUE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '(' || *p == '[')
        depth++;
      else if (*p == ')' || *p == ']')
        depth--;
      else if (*p == ' ' && depth == 0)
        return TRUE;
    }
  return FALSE;
}

/* Makes text (owned) an operand of an operator. */
static char *
operand (char *text)
{
  char *parenthesised;

  if (!needs_parentheses (text))
    return text;
  parenthesised = g_strdup_printf ("(%s)", text);
  g_free (text);
  return parenthesised;
}

/* x[:, 0] is x sliced whole along dim 0, then indexed along dim 1: the tensor indexed at
 * dim is that whole slice's input, when the slice has no name and is along a lower dim. */
static guint32
skip_whole_slices (BsTrace            *trace,
                   const BsTraceState *state,
                   guint32             tensor,
                   int                 dim)
{
  for (;;)
    {
      const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);
      const BsTraceNode *node = record != NULL ? bs_trace_get_node (trace, record->grad_fn)
                                               : NULL;
      const BsTraceTensor *input;

      if (node == NULL || node->op != BS_OP_SLICE || record->n_inputs != 1
          || record->name != 0 || (state != NULL && bs_trace_state_get_name (state, tensor))
          || node->args->dim < 0 || node->args->dim >= dim || node->args->start != 0
          || node->args->step != 1)
        return tensor;
      input = bs_trace_get_tensor (trace, bs_trace_get_list (trace, record->inputs)[0]);
      if (input == NULL || node->args->dim >= input->ndim
          || node->args->stop < input->shape[node->args->dim])
        return tensor;
      tensor = input->id;
    }
}

/* The expression that made tensor, its inputs labelled with expressions depth levels
 * deep (so the text stays short however deep the graph); depth -1: its inputs by their
 * names only, "…" for those without one. */
static char *
expression (BsTrace            *trace,
            const BsTraceState *state,
            guint32             tensor,
            int                 depth)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);
  const BsTraceNode *node = record != NULL ? bs_trace_get_node (trace, record->grad_fn) : NULL;
  const BsOpInfo *info;
  const guint32 *inputs;
  g_autoptr(GPtrArray) args = NULL;
  const char *op;
  gboolean binary;

  if (node == NULL || node->is_accumulate)
    return NULL;

  args = g_ptr_array_new_with_free_func (g_free);
  inputs = bs_trace_get_list (trace, record->inputs);
  for (guint i = 0; i < record->n_inputs; i++)
    {
      guint32 input = inputs[i];

      if (node->op == BS_OP_SELECT || node->op == BS_OP_SLICE)
        input = skip_whole_slices (trace, state, input, node->args->dim);
      g_ptr_array_add (args, label (trace, state, input, depth));
    }
  g_ptr_array_add (args, NULL);

  info = node->op >= 0 && node->op < BS_N_OPS ? bs_op_info ((BsOp) node->op) : NULL;
  binary = info != NULL && info->n_inputs == 2 && record->n_inputs == 2
           && strspn (info->symbol, "+-*/@·") == strlen (info->symbol);
  if (binary || (record->n_inputs == 1
                 && (node->op == BS_OP_RSUB || node->op == BS_OP_POW || node->op == BS_OP_NEG
                     || node->op == BS_OP_SELECT || node->op == BS_OP_SLICE)))
    {
      /* An operator: its operands parenthesised when they are operators too. */
      for (guint i = 0; i < record->n_inputs; i++)
        args->pdata[i] = operand (args->pdata[i]);
    }
  if (binary)
    return g_strdup_printf ("%s %s %s", (char *) args->pdata[0], info->symbol,
                            (char *) args->pdata[1]);
  if (record->n_inputs == 1 && (node->op == BS_OP_RSUB || node->op == BS_OP_POW))
    {
      g_autofree char *number = bs_trace_value_format_number (node->args->value);

      if (node->op == BS_OP_RSUB)
        return g_strdup_printf ("%s - %s", number, (char *) args->pdata[0]);
      return g_strdup_printf ("%s ** %s", (char *) args->pdata[0], number);
    }
  if (record->n_inputs == 1 && node->op == BS_OP_NEG)
    return g_strdup_printf ("-%s", (char *) args->pdata[0]);
  if (record->n_inputs == 1 && (node->op == BS_OP_SELECT || node->op == BS_OP_SLICE)
      && node->args->dim >= 0 && node->args->dim < 8)
    return index_expression (node, args->pdata[0]);

  op = bs_trace_get_string (trace, record->op);
  {
    g_autofree char *joined = g_strjoinv (", ", (char **) args->pdata);

    return g_strdup_printf ("%s(%s)", op != NULL ? op : "op", joined);
  }
}

static char *
label (BsTrace            *trace,
       const BsTraceState *state,
       guint32             tensor,
       int                 depth)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);

  if (depth < 0)
    {
      char *name = name_of (trace, state, tensor);

      return name != NULL ? name : g_strdup ("…");
    }
  if (depth > 0 && record != NULL && record->name == 0 && record->grad_fn != 0
      && (state == NULL || bs_trace_state_get_name (state, tensor) == NULL))
    {
      g_autofree char *text = expression (trace, state, tensor, depth - 1);

      if (text != NULL && g_utf8_strlen (text, -1) <= MAX_EXPRESSION_CHARS)
        return g_steal_pointer (&text);
    }
  return plain_label (trace, state, tensor);
}

char *
bs_step_text_expression (BsTrace            *trace,
                         const BsTraceState *state,
                         guint32             tensor)
{
  g_return_val_if_fail (trace != NULL, NULL);

  return expression (trace, state, tensor, 1);
}

char *
bs_step_text_tensor (BsTrace            *trace,
                     const BsTraceState *state,
                     guint32             tensor)
{
  g_return_val_if_fail (trace != NULL, NULL);

  return operand (label (trace, state, tensor, 1));
}

/* "MulBackward0", without C++ namespaces ("torch::autograd::AccumulateGrad"). */
static const char *
node_name (BsTrace *trace,
           guint32  node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);
  const char *name = record != NULL ? bs_trace_get_string (trace, record->name) : NULL;
  const char *colon;

  if (name == NULL)
    return "?";
  colon = strrchr (name, ':');
  return colon != NULL ? colon + 1 : name;
}

/* A node's outputs: "x3", or "(a, b)" for a node of several (split's pieces). */
static char *
node_outputs (BsTrace            *trace,
              const BsTraceState *state,
              guint32             node)
{
  guint n = bs_trace_node_n_outputs (trace, node);
  GString *out;

  if (n == 1)
    return bs_step_text_tensor (trace, state, bs_trace_node_output (trace, node, 0));
  out = g_string_new ("(");
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *label = bs_step_text_tensor (trace, state,
                                                    bs_trace_node_output (trace, node, k));

      g_string_append_printf (out, "%s%s", k > 0 ? ", " : "", label);
    }
  g_string_append_c (out, ')');
  return g_string_free (out, FALSE);
}

/* What an edge points at: a leaf's name for AccumulateGrad, else "MulBackward0 (x3)". */
static char *
node_target (BsTrace            *trace,
             const BsTraceState *state,
             guint32             node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);
  g_autofree char *tensor = NULL;

  if (record == NULL)
    return g_strdup ("?");
  tensor = node_outputs (trace, state, node);
  if (record->is_accumulate)
    return g_steal_pointer (&tensor);
  if (tensor[0] == '(')
    return g_strdup_printf ("%s %s", node_name (trace, node), tensor);
  return g_strdup_printf ("%s (%s)", node_name (trace, node), tensor);
}

char *
bs_step_text_root (BsTrace            *trace,
                   const BsTraceState *state,
                   guint32             backward)
{
  gint64 begin = bs_trace_find_backward (trace, backward);
  const BsTraceEvent *event;
  g_autofree char *label = NULL;

  if (begin < 0)
    return g_strdup ("∂L");
  event = bs_trace_get_event (trace, (guint64) begin);
  if (event->n_aux == 0)
    return g_strdup ("∂L");
  label = bs_step_text_tensor (trace, state, bs_trace_get_list (trace, event->aux)[0]);
  return g_strdup_printf ("∂%s", label);
}

/* The input of the op that made out's tensor at input_nr, when the trace knows it. */
static guint32
op_input (BsTrace *trace,
          guint32  node,
          guint16  input_nr)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);
  const BsTraceTensor *out = record != NULL ? bs_trace_get_tensor (trace, record->tensor) : NULL;

  if (out == NULL || out->grad_fn != node || input_nr >= out->n_inputs)
    return 0;
  return bs_trace_get_list (trace, out->inputs)[input_nr];
}

/* The right-hand side of a formula such as "∂(a*b)/∂a = b" with a and b replaced by
 * the op's inputs, or NULL when the formula is not that simple (symbols other than
 * the inputs' letters, superscripts that would bind to a name). */
static char *
substitute (BsTrace            *trace,
            const BsTraceState *state,
            guint32             node,
            const char         *formula)
{
  const char *equals = g_strrstr (formula, " = ");
  const char *rhs;
  GString *out;

  if (equals == NULL || !g_str_has_prefix (formula, "∂("))
    return NULL;
  rhs = equals + 3;
  out = g_string_new (NULL);
  for (const char *p = rhs; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (g_ascii_isalpha (c))
        {
          guint32 input = 0;

          if ((c == 'a' || c == 'b') && !g_ascii_isalnum (p[1]) && p[1] != '_')
            input = op_input (trace, node, (guint16) (c - 'a'));
          if (input == 0)
            {
              g_string_free (out, TRUE);
              return NULL;
            }
          {
            g_autofree char *label = bs_step_text_tensor (trace, state, input);

            g_string_append (out, label);
          }
        }
      else if (c >= 0x80 && !g_str_has_prefix (p, "²"))
        {
          g_string_free (out, TRUE);
          return NULL;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

char *
bs_step_text_local_gradient (BsTrace            *trace,
                             const BsTraceState *state,
                             const BsTraceEvent *edge)
{
  const BsTraceNode *from, *to;
  const char *formula;
  g_autofree char *out = NULL;
  g_autofree char *in = NULL;
  g_autofree char *rhs = NULL;
  g_autofree char *local = NULL;
  guint32 input;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (edge != NULL && edge->type == BS_TRACE_EVENT_EDGE, NULL);

  from = bs_trace_get_node (trace, edge->node);
  to = bs_trace_get_node (trace, edge->node2);
  out = from != NULL ? node_outputs (trace, state, edge->node)
                     : bs_step_text_tensor (trace, state, 0);
  input = op_input (trace, edge->node, edge->input_nr);
  if (input == 0 && to != NULL)
    input = to->tensor;
  in = bs_step_text_tensor (trace, state, input);
  formula = bs_trace_get_string (trace, edge->text);
  if (edge->values[1] != 0)
    local = value_text (trace, edge->values[1]);

  if (formula != NULL)
    rhs = substitute (trace, state, edge->node, formula);
  if (rhs != NULL && local != NULL && !g_str_equal (rhs, local))
    return g_strdup_printf ("∂%s/∂%s = %s = %s", out, in, rhs, local);
  if (rhs != NULL)
    return g_strdup_printf ("∂%s/∂%s = %s", out, in, rhs);
  if (local != NULL)
    return g_strdup_printf ("∂%s/∂%s = %s", out, in, local);
  if (formula != NULL && formula[0] != '\0')
    return g_strdup_printf ("∂%s/∂%s: %s", out, in, formula);
  return g_strdup_printf ("∂%s/∂%s", out, in);
}

static gboolean
is_scalar (BsTrace *trace,
           guint32  id)
{
  const BsTraceValue *value = bs_trace_get_value (trace, id);

  return value != NULL && value->numel == 1;
}

char *
bs_step_text_flow (BsTrace            *trace,
                   const BsTraceEvent *edge)
{
  g_autofree char *upstream = NULL;
  g_autofree char *contribution = NULL;
  g_autofree char *vjp = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (edge != NULL && edge->type == BS_TRACE_EVENT_EDGE, NULL);

  upstream = value_text (trace, edge->values[0]);
  contribution = value_text (trace, edge->values[2]);
  if (is_scalar (trace, edge->values[0]) && is_scalar (trace, edge->values[1])
      && is_scalar (trace, edge->values[2]))
    {
      g_autofree char *local = value_text (trace, edge->values[1]);

      return g_strdup_printf ("upstream %s × %s = %s", upstream, local, contribution);
    }
  vjp = bs_step_text_vjp (trace, edge);
  return g_strdup_printf ("%s = %s, upstream %s", vjp, contribution, upstream);
}

char *
bs_step_text_vjp (BsTrace            *trace,
                  const BsTraceEvent *edge)
{
  const char *formula;
  const char *rhs = NULL;
  const char *colon, *equals;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (edge != NULL && edge->type == BS_TRACE_EVENT_EDGE, NULL);

  formula = bs_trace_get_string (trace, edge->text);
  colon = formula != NULL ? strstr (formula, ": ") : NULL;
  equals = formula != NULL ? strstr (formula, " = ") : NULL;
  if (equals != NULL)
    rhs = equals + strlen (" = ");
  else if (colon != NULL)
    rhs = colon + strlen (": ");
  /* "Aᵀ @ grad", "the gradient transposed back": the gradient that arrived is the
   * upstream one (whole words only). */
  if (rhs != NULL)
    {
      GString *out = g_string_new (NULL);
      gboolean named = FALSE;

      for (const char *p = rhs; *p != '\0';)
        {
          gboolean starts = p == rhs || !g_ascii_isalnum (p[-1]);

          if (starts && g_str_has_prefix (p, "gradient"))
            p += strlen ("gradient");
          else if (starts && g_str_has_prefix (p, "grad") && !g_ascii_isalnum (p[4]))
            p += strlen ("grad");
          else
            {
              g_string_append_c (out, *p++);
              continue;
            }
          g_string_append (out, "upstream");
          named = TRUE;
        }
      if (named)
        return g_string_free (out, FALSE);
      g_string_free (out, TRUE);
    }
  if (rhs != NULL)
    return g_strdup_printf ("upstream × %s", rhs);
  return g_strdup ("upstream");
}

char *
bs_step_text_sum (BsTrace       *trace,
                  const guint32 *values,
                  guint          n_values)
{
  g_autoptr(BsTraceValue) sum = NULL;
  GString *out;

  g_return_val_if_fail (trace != NULL, NULL);

  if (n_values == 0)
    return g_strdup ("");
  out = g_string_new (NULL);
  for (guint i = 0; i < n_values; i++)
    {
      const BsTraceValue *value = bs_trace_get_value (trace, values[i]);
      g_autofree char *text = value_text (trace, values[i]);

      if (i < MAX_LISTED || i == n_values - 1)
        g_string_append_printf (out, "%s%s", i > 0 ? " + " : "", text);
      else if (i == MAX_LISTED)
        g_string_append (out, " + …");

      /* Added in the gradient's dtype, as the engine's input buffer does. */
      if (value == NULL || value->kind != BS_VALUE_FULL
          || (sum != NULL && sum->numel != value->numel))
        g_clear_pointer (&sum, g_free);
      else if (i == 0)
        sum = bs_trace_value_copy (value);
      else if (sum != NULL)
        for (gint64 k = 0; k < value->numel; k++)
          sum->data[k] = sum->dtype == BS_DTYPE_FLOAT32 ? (double) (float) (sum->data[k]
                                                                           + value->data[k])
                                                        : sum->data[k] + value->data[k];
      if (sum == NULL && i > 0)
        break;
    }
  if (n_values > 1 && sum != NULL)
    {
      g_autofree char *total = truncate_text (bs_trace_value_format (sum), MAX_VALUE_CHARS);

      g_string_append_printf (out, " = %s", total);
    }
  return g_string_free (out, FALSE);
}

guint32 *
bs_step_text_arrivals (BsTrace            *trace,
                       const BsTraceState *state,
                       guint32             node,
                       guint              *n_arrived,
                       guint              *n_expected)
{
  GArray *values;
  gint64 begin;
  guint expected = 0;

  g_return_val_if_fail (trace != NULL && state != NULL, NULL);

  *n_arrived = 0;
  if (n_expected != NULL)
    *n_expected = 0;
  if (state->backward == 0 || (begin = bs_trace_find_backward (trace, state->backward)) < 0)
    return NULL;

  values = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint64 i = (guint64) begin; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->backward != state->backward)
        continue;
      if (event->type == BS_TRACE_EVENT_BACKWARD_END)
        break;
      if (event->type != BS_TRACE_EVENT_EDGE || event->node2 != node)
        continue;
      expected++;
      if (i < state->n_events)
        g_array_append_val (values, event->values[2]);
      else if (n_expected == NULL)
        break;
    }
  if (n_expected != NULL)
    *n_expected = expected;
  *n_arrived = values->len;
  return (guint32 *) g_array_free (values, values->len == 0);
}

/* --- describe ------------------------------------------------------------- */

static gboolean
requires_grad (BsTrace *trace,
               guint32  tensor)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);

  if (record == NULL)
    return FALSE;
  if (record->requires_grad || record->grad_fn != 0)
    return TRUE;
  /* requires_grad can be set after the leaf was announced: its AccumulateGrad tells. */
  for (guint32 n = 1; n <= bs_trace_get_n_nodes (trace); n++)
    {
      const BsTraceNode *node = bs_trace_get_node (trace, n);

      if (node->is_accumulate && node->tensor == tensor)
        return TRUE;
    }
  return FALSE;
}

/* "x3 = w1 * x1 = 1 (MulBackward0)", "w1 = 1, a leaf that requires grad" */
static void
describe_tensor (GString            *out,
                 BsTrace            *trace,
                 const BsTraceState *state,
                 const BsTraceEvent *event)
{
  const BsTraceTensor *record = bs_trace_get_tensor (trace, event->tensor);
  g_autofree char *expression = bs_step_text_expression (trace, state, event->tensor);
  g_autofree char *value = value_text (trace, event->values[0]);
  const char *name = state != NULL ? bs_trace_state_get_name (state, event->tensor) : NULL;

  if (name == NULL && record->name != 0)
    name = bs_trace_get_string (trace, record->name);
  if (expression == NULL)
    {
      g_autofree char *label = plain_label (trace, state, event->tensor);

      g_string_append_printf (out, "%s = %s, %s", label, value,
                              requires_grad (trace, event->tensor)
                                ? "a leaf that requires grad" : "a constant (no grad)");
      return;
    }
  if (name != NULL)
    g_string_append_printf (out, "%s = ", name);
  g_string_append_printf (out, "%s = %s (%s)", expression, value,
                          node_name (trace, record->grad_fn));
}

static void
describe_statement (GString            *out,
                    BsTrace            *trace,
                    const BsTraceState *state,
                    const BsTraceEvent *step_event)
{
  const BsTraceSpan *span = bs_trace_get_statement (trace, step_event->aux);
  guint64 first, end;
  guint n_tensors = 0;
  guint n_prints = 0;

  if (span != NULL)
    g_string_append_printf (out, "Line %d", span->line);
  else
    g_string_append (out, "A statement");

  bs_trace_get_step_events (trace, state->step, &first, &end);
  for (guint64 i = first; i < end; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      const BsTraceTensor *record;

      if (event->type == BS_TRACE_EVENT_TENSOR)
        {
          record = bs_trace_get_tensor (trace, event->tensor);
          if (record->is_wrapped_number || (event->flags & BS_TRACE_FLAG_IMPLICIT) != 0)
            continue;
          n_tensors++;
          if (n_tensors <= MAX_LISTED)
            {
              g_string_append (out, n_tensors == 1 ? ": " : "; ");
              describe_tensor (out, trace, state, event);
            }
        }
      else if (event->type == BS_TRACE_EVENT_INPLACE)
        {
          g_autofree char *name = bs_step_text_tensor (trace, state, event->tensor);
          g_autofree char *value = value_text (trace, event->values[0]);

          g_string_append_printf (out, "%s%s changes in place to %s (%s, version %u)",
                                  n_tensors++ == 0 ? ": " : "; ", name, value,
                                  node_name (trace, event->node), event->aux);
        }
      else if (event->type == BS_TRACE_EVENT_PRINT && n_prints++ == 0)
        {
          g_autofree char *text = g_strdup (bs_trace_get_string (trace, event->text));

          g_strchomp (text);
          text = truncate_text (text, MAX_VALUE_CHARS);
          g_string_append_printf (out, "%sprints %s", n_tensors > 0 ? "; it " : " ", text);
        }
    }
  if (n_tensors > MAX_LISTED)
    g_string_append_printf (out, "; and %u more tensors", n_tensors - MAX_LISTED);
  if (n_tensors == 0 && n_prints == 0)
    g_string_append (out, " runs");
  g_string_append_c (out, '.');
}

static void
describe_backward_begin (GString            *out,
                         BsTrace            *trace,
                         const BsTraceState *state,
                         const BsTraceEvent *event)
{
  const guint32 *roots = bs_trace_get_list (trace, event->aux);
  const char *call = (event->flags & BS_TRACE_FLAG_AUTOGRAD_GRAD) != 0
                       ? "torch.autograd.grad()" : ".backward()";

  for (guint i = 0; i < event->n_aux; i++)
    {
      g_autofree char *root = bs_step_text_tensor (trace, state, roots[3 * i]);
      g_autofree char *grad = value_text (trace, roots[3 * i + 2]);

      if (i == 0)
        g_string_append_printf (out, "%s%s begins: ∂%s/∂%s = %s", root,
                                g_str_has_prefix (call, ".") ? call : "", root, root, grad);
      else
        g_string_append_printf (out, ", ∂%s/∂%s = %s", root, root, grad);
    }
  if (event->n_aux == 0)
    g_string_append_printf (out, "%s begins", call);
  g_string_append (out, (event->flags & BS_TRACE_FLAG_RETAIN_GRAPH) != 0
                          ? " (retain_graph=True: saved tensors are kept)."
                          : ". The gradient flows back along the edges.");
}

static void
describe_edge (GString            *out,
               BsTrace            *trace,
               const BsTraceState *state,
               const BsTraceEvent *event)
{
  g_autofree char *from = node_target (trace, state, event->node);
  g_autofree char *to = node_target (trace, state, event->node2);
  g_autofree char *local = bs_step_text_local_gradient (trace, state, event);
  g_autofree char *root = bs_step_text_root (trace, state, event->backward);
  g_autofree char *upstream = value_text (trace, event->values[0]);
  g_autofree char *contribution = value_text (trace, event->values[2]);
  const BsTraceNode *record = bs_trace_get_node (trace, event->node);
  g_autofree char *out_name = bs_step_text_tensor (trace, state, record != NULL ? record->tensor
                                                                               : 0);
  g_autofree guint32 *arrived = NULL;
  guint n_arrived, n_expected;

  g_string_append_printf (out, "%s → %s: %s; upstream %s/∂%s = %s; contribution %s.", from, to,
                          local, root, out_name, upstream, contribution);

  arrived = bs_step_text_arrivals (trace, state, event->node2, &n_arrived, &n_expected);
  if (n_expected > 1)
    {
      g_autofree char *sum = bs_step_text_sum (trace, arrived, n_arrived);

      g_string_append_printf (out, " %s has received %u of %u contributions: %s.", to, n_arrived,
                              n_expected, sum);
    }
}

static void
describe_accumulate (GString            *out,
                     BsTrace            *trace,
                     const BsTraceState *state,
                     const BsTraceEvent *event)
{
  g_autofree char *name = bs_step_text_tensor (trace, state, event->tensor);
  g_autofree char *contribution = value_text (trace, event->values[0]);
  g_autofree char *total = value_text (trace, event->values[1]);
  g_autoptr(BsTraceState) before = bs_replay_state_at_event (trace, state->step_event);
  const BsTraceTensorState *tensor = bs_trace_state_get_tensor (before, event->tensor);

  g_string_append_printf (out, "%s.grad += %s → %s", name, contribution, total);
  if (tensor != NULL && tensor->grad == 0)
    g_string_append (out, " (it was None)");
  g_string_append_c (out, '.');
}

static void
describe_optimizer_step (GString            *out,
                         BsTrace            *trace,
                         const BsTraceState *state,
                         const BsTraceEvent *event)
{
  const guint32 *pairs = bs_trace_get_list (trace, event->aux);
  const char *optimizer = bs_trace_get_string (trace, event->text);

  g_string_append_printf (out, "%s step: ", optimizer != NULL ? optimizer : "optimizer");
  for (guint i = 0; i < event->n_aux && i < MAX_LISTED; i++)
    {
      g_autofree char *name = bs_step_text_tensor (trace, state, pairs[2 * i]);
      g_autofree char *value = value_text (trace, pairs[2 * i + 1]);

      g_string_append_printf (out, "%s%s ← %s", i > 0 ? ", " : "", name, value);
    }
  if (event->n_aux > MAX_LISTED)
    g_string_append_printf (out, " and %u more parameters", event->n_aux - MAX_LISTED);
  if (event->n_aux == 0)
    g_string_append (out, "no parameter has a gradient");
  g_string_append_c (out, '.');
}

char *
bs_step_text_describe (BsTrace            *trace,
                       const BsTraceState *state)
{
  const BsTraceEvent *event;
  GString *out;
  guint64 first, end;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);

  event = bs_trace_state_get_step_event (state);
  if (event == NULL)
    return g_strdup ("Before the first statement: nothing has run yet.");

  out = g_string_new (NULL);
  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      describe_statement (out, trace, state, event);
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      describe_backward_begin (out, trace, state, event);
      break;
    case BS_TRACE_EVENT_EDGE:
      describe_edge (out, trace, state, event);
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
      describe_accumulate (out, trace, state, event);
      break;
    case BS_TRACE_EVENT_FREED:
      {
        g_autofree char *node = node_target (trace, state, event->node);

        g_string_append_printf (out, "%s has run: its saved tensors are freed "
                                "(no retain_graph=True).", node);
      }
      break;
    case BS_TRACE_EVENT_GRAD_ZEROED:
      {
        g_autofree char *name = bs_step_text_tensor (trace, state, event->tensor);

        if ((event->flags & BS_TRACE_FLAG_SET_TO_NONE) != 0 || event->values[0] == 0)
          g_string_append_printf (out, "%s.grad is set to None.", name);
        else
          g_string_append_printf (out, "%s.grad is zeroed.", name);
      }
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      describe_optimizer_step (out, trace, state, event);
      break;
    case BS_TRACE_EVENT_ERROR:
      {
        const BsTraceSpan *span = bs_trace_get_statement (trace, event->aux);
        const char *message = bs_trace_get_string (trace, event->text);

        if (span != NULL)
          g_string_append_printf (out, "Line %d raises an error: ", span->line);
        g_string_append (out, message != NULL ? message : "an error");
      }
      break;
    default:
      break;
    }

  /* The step that ends a backward call says so. */
  bs_trace_get_step_events (trace, state->step, &first, &end);
  for (guint64 i = first; i < end; i++)
    {
      const BsTraceEvent *e = bs_trace_get_event (trace, i);

      if (e->type == BS_TRACE_EVENT_BACKWARD_END && (e->flags & BS_TRACE_FLAG_FAILED) == 0)
        g_string_append (out, " The backward pass is complete.");
    }
  return g_string_free (out, FALSE);
}
