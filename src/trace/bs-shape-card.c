/* bs-shape-card.c: where a gradient's shape comes from */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-op-shapes.h"
#include "bs-shape-card.h"
#include "bs-step-text.h"

#include <string.h>

char *
bs_shape_card_format_shape (int           ndim,
                            const gint64 *shape)
{
  GString *text = g_string_new ("[");

  for (int d = 0; d < ndim; d++)
    g_string_append_printf (text, "%s%" G_GINT64_FORMAT, d > 0 ? "×" : "", shape[d]);
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* The shape with its last two dims swapped (a vector's stays). */
static char *
transposed_shape (const BsTraceTensor *tensor)
{
  gint64 shape[BS_MAX_DIMS] = { 0 };

  memcpy (shape, tensor->shape, tensor->ndim * sizeof (gint64));
  if (tensor->ndim >= 2)
    {
      shape[tensor->ndim - 2] = tensor->shape[tensor->ndim - 1];
      shape[tensor->ndim - 1] = tensor->shape[tensor->ndim - 2];
    }
  return bs_shape_card_format_shape (tensor->ndim, shape);
}

static gint64
numel (const BsTraceTensor *tensor)
{
  gint64 n = 1;

  for (int d = 0; d < tensor->ndim; d++)
    n *= tensor->shape[d];
  return n;
}

/* "dim 1", "dims 0, 2", "dims 0 and 1" (a transpose's pair) from the op's arguments. */
static char *
format_dims (const BsTraceNode *node)
{
  const BsOpArgs *args = node->args;
  GString *text;

  switch (node->op)
    {
    case BS_OP_SUM_DIM:
    case BS_OP_MEAN_DIM:
      if (args->n_dims == 1)
        return g_strdup_printf ("dim %" G_GINT64_FORMAT, args->dims[0]);
      text = g_string_new ("dims ");
      for (int i = 0; i < args->n_dims; i++)
        g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", args->dims[i]);
      return g_string_free (text, FALSE);
    case BS_OP_TRANSPOSE:
      return g_strdup_printf ("dims %d and %d", args->dim, args->dim1);
    default:
      return g_strdup_printf ("dim %d", args->dim);
    }
}

/* The dims of out that a broadcast input was stretched along: "dim 0", "dims 0, 1". */
static char *
broadcast_dims (const BsTraceTensor *in,
                const BsTraceTensor *out,
                gboolean            *keeps)
{
  GString *text = g_string_new (NULL);
  int lead = out->ndim - in->ndim;
  guint n = 0;

  *keeps = FALSE;
  for (int d = 0; d < out->ndim; d++)
    {
      gboolean summed = d < lead || (in->shape[d - lead] == 1 && out->shape[d] != 1);

      if (!summed)
        continue;
      *keeps = *keeps || d >= lead;
      g_string_append_printf (text, "%s%d", n++ > 0 ? ", " : "", d);
    }
  if (n == 0)
    return g_string_free (text, TRUE);
  g_string_prepend (text, n == 1 ? "dim " : "dims ");
  return g_string_free (text, FALSE);
}

/* What a mean-reduced loss divides by: " ÷ 12"; nothing for 'sum' and 'none'. */
static char *
loss_divisor (BsTrace             *trace,
              const BsTraceNode   *node,
              const BsTraceTensor *out,
              const guint32       *inputs)
{
  const BsTraceTensor *target;

  if (node->args->reduction != BS_REDUCTION_MEAN)
    return g_strdup ("");
  if (node->op == BS_OP_MSE_LOSS)
    {
      const BsTraceTensor *input = bs_trace_get_tensor (trace, inputs[0]);

      return input != NULL ? g_strdup_printf (" ÷ %" G_GINT64_FORMAT, numel (input))
                           : g_strdup ("");
    }
  if (out->n_inputs > 2)
    return g_strdup (" ÷ the targets' total weight");
  if (node->args->ignore_index != -100)
    return g_strdup (" ÷ the number of targets not ignored");
  target = out->n_inputs > 1 ? bs_trace_get_tensor (trace, inputs[1]) : NULL;
  return target != NULL ? g_strdup_printf (" ÷ %" G_GINT64_FORMAT, numel (target))
                        : g_strdup ("");
}

/* The piece of a cat's or stack's output that input input_nr is. */
static char *
piece_of (BsTrace             *trace,
          const BsTraceNode   *node,
          const BsTraceTensor *out,
          const guint32       *inputs,
          guint                input_nr)
{
  int dim = node->args->dim;
  gint64 start = 0;
  const BsTraceTensor *in = bs_trace_get_tensor (trace, inputs[input_nr]);

  if (node->op == BS_OP_STACK)
    return g_strdup_printf ("at index %u of dim %d", input_nr, dim);
  for (guint i = 0; i < input_nr; i++)
    {
      const BsTraceTensor *piece = bs_trace_get_tensor (trace, inputs[i]);

      /* torch.cat skips 1-dim empty tensors */
      if (piece != NULL && !(piece->ndim == 1 && piece->shape[0] == 0) && dim < piece->ndim)
        start += piece->shape[dim];
    }
  return g_strdup_printf ("[%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT "] along dim %d", start,
                          start + (in != NULL && dim < in->ndim ? in->shape[dim] : 0), dim);
}

/* Moves the terms from first on by offset bytes (text put before them). */
static void
shift_terms (GArray *terms,
             guint   first,
             gsize   offset)
{
  for (guint i = first; terms != NULL && i < terms->len; i++)
    {
      g_array_index (terms, BsShapeCardTerm, i).start += offset;
      g_array_index (terms, BsShapeCardTerm, i).end += offset;
    }
}

/* A tensor's value at state (else when it was made), 0 when unknown. */
static guint32
tensor_value (BsTrace            *trace,
              const BsTraceState *state,
              guint32             tensor)
{
  const BsTraceTensorState *now = bs_trace_state_get_tensor (state, tensor);
  const BsTraceTensor *record = bs_trace_get_tensor (trace, tensor);

  if (now != NULL && now->value != 0)
    return now->value;
  return record != NULL && record->event != 0 ? bs_trace_get_event (trace, record->event)->values[0]
                                              : 0;
}

static void
add_term (GArray  *terms,
          gsize    start,
          gsize    end,
          guint32  value)
{
  BsShapeCardTerm term = { (guint) start, (guint) end, value };

  if (terms != NULL)
    g_array_append_val (terms, term);
}

char *
bs_shape_card_for_edge (BsTrace            *trace,
                        const BsTraceState *state,
                        const BsTraceEvent *edge)
{
  return bs_shape_card_for_edge_terms (trace, state, edge, NULL);
}

char *
bs_shape_card_for_edge_terms (BsTrace            *trace,
                              const BsTraceState *state,
                              const BsTraceEvent *edge,
                              GArray             *terms)
{
  const BsTraceNode *from;
  const BsTraceTensor *out, *in;
  const guint32 *inputs;
  const char *form;
  g_autofree char *root = NULL;
  g_autofree char *out_name = NULL;
  g_autofree char *in_name = NULL;
  g_autofree char *out_shape = NULL;
  g_autofree char *in_shape = NULL;
  g_autofree char *rhs_text = NULL;
  g_autofree char *summed = NULL;
  GString *rhs;
  gboolean keeps;
  gsize start;
  guint first_term = terms != NULL ? terms->len : 0;
  char *card;

  g_return_val_if_fail (trace != NULL && state != NULL && edge != NULL, NULL);
  from = bs_trace_get_node (trace, edge->node);
  if (from == NULL || from->op < 0 || from->op >= BS_N_OPS
      || (out = bs_trace_get_tensor (trace, from->tensor)) == NULL
      || out->grad_fn != from->id || edge->input_nr >= out->n_inputs
      || (form = bs_op_shape_form (from->op, edge->input_nr)) == NULL)
    return NULL;
  inputs = bs_trace_get_list (trace, out->inputs);
  in = bs_trace_get_tensor (trace, inputs[edge->input_nr]);
  if (in == NULL)
    return NULL;

  root = bs_step_text_root (trace, state, edge->backward);
  out_name = bs_step_text_tensor (trace, state, out->id);
  in_name = bs_step_text_tensor (trace, state, in->id);
  out_shape = bs_shape_card_format_shape (out->ndim, out->shape);
  in_shape = bs_shape_card_format_shape (in->ndim, in->shape);

  rhs = g_string_new (NULL);
  for (const char *p = form; *p != '\0';)
    {
      const char *close = *p == '{' ? strchr (p, '}') : NULL;
      g_autofree char *key = close != NULL ? g_strndup (p + 1, close - p - 1) : NULL;

      if (key == NULL)
        {
          g_string_append_c (rhs, *p++);
          continue;
        }
      p = close + 1;
      start = rhs->len;
      if (g_str_equal (key, "g"))
        {
          g_string_append_printf (rhs, "%s/∂%s %s", root, out_name, out_shape);
          add_term (terms, start, rhs->len, edge->values[0]);
        }
      else if (g_str_equal (key, "gT"))
        {
          g_autofree char *shape = transposed_shape (out);

          g_string_append_printf (rhs, "(%s/∂%s)ᵀ %s", root, out_name, shape);
          add_term (terms, start, rhs->len, edge->values[0]);
        }
      else if (g_str_equal (key, "in"))
        g_string_append (rhs, in_shape);
      else if (g_str_equal (key, "out"))
        {
          g_string_append_printf (rhs, "%s %s", out_name, out_shape);
          add_term (terms, start, rhs->len, tensor_value (trace, state, out->id));
        }
      else if (g_str_equal (key, "/n"))
        {
          g_autofree char *divisor = loss_divisor (trace, from, out, inputs);

          g_string_append (rhs, divisor);
        }
      else if (g_str_equal (key, "w"))
        g_string_append (rhs, out->n_inputs > 2 ? " × the class's weight" : "");
      else if (g_str_equal (key, "slice"))
        {
          g_autofree char *piece = piece_of (trace, from, out, inputs, edge->input_nr);

          g_string_append (rhs, piece);
        }
      else if (g_str_equal (key, "n"))
        g_string_append_printf (rhs, "%" G_GINT64_FORMAT, numel (in) / MAX (numel (out), 1));
      else if (g_str_equal (key, "dims"))
        {
          g_autofree char *dims = format_dims (from);

          g_string_append (rhs, dims);
        }
      else if (g_ascii_isdigit (key[0]) && (guint) (key[0] - '0') < out->n_inputs)
        {
          const BsTraceTensor *operand = bs_trace_get_tensor (trace, inputs[key[0] - '0']);
          g_autofree char *name = NULL;
          g_autofree char *shape = NULL;

          if (operand == NULL)
            {
              g_string_free (rhs, TRUE);
              return NULL;
            }
          name = bs_step_text_tensor (trace, state, operand->id);
          shape = key[1] == 'T' ? transposed_shape (operand)
                                : bs_shape_card_format_shape (operand->ndim, operand->shape);
          g_string_append_printf (rhs, "%s%s %s", name, key[1] == 'T' ? "ᵀ" : "", shape);
          add_term (terms, start, rhs->len, tensor_value (trace, state, operand->id));
        }
    }
  rhs_text = g_string_free (rhs, FALSE);

  /* the sum that undoes broadcasting */
  if (bs_op_is_elementwise (from->op)
      && (summed = broadcast_dims (in, out, &keeps)) != NULL)
    {
      gboolean plain = strchr (rhs_text, ' ') == strrchr (rhs_text, ' ');
      char *wrapped = g_strdup_printf (plain ? "Σ over %s%s of %s" : "Σ over %s%s of (%s)",
                                       summed, keeps ? " (kept as size 1)" : "", rhs_text);

      shift_terms (terms, first_term, strlen (wrapped) - strlen (rhs_text) - (plain ? 0 : 1));
      g_free (rhs_text);
      rhs_text = wrapped;
    }
  card = g_strdup_printf ("%s/∂%s %s = %s", root, in_name, in_shape, rhs_text);
  shift_terms (terms, first_term, strlen (card) - strlen (rhs_text));
  /* the left side: the gradient this edge sends on */
  add_term (terms, 0, strlen (card) - strlen (rhs_text) - strlen (" = "), edge->values[2]);
  return card;
}
