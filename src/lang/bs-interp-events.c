/* bs-interp-events.c: engine events forwarded to the sinks; names and scopes for the debugger */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"

#include <string.h>

#include "bs-lexer.h"

/* --- engine events, forwarded ------------------------------------------ */

#define FORWARD(cb, ...) \
  BsInterp *in = user_data; \
  if (in->options.engine_sink != NULL && in->options.engine_sink->cb != NULL) \
    in->options.engine_sink->cb (in->options.sink_data, __VA_ARGS__)

static void
fw_tensor_created (gpointer user_data, const BsTensorEvent *event)
{
  FORWARD (tensor_created, event);
  if (in->cur_span_valid && in->options.interp_sink != NULL
      && in->options.interp_sink->tensor_span != NULL
      && (in->frame == NULL || !in->frame->is_prelude))
    {
      BsSourceSpan span = { in->cur_span.line, in->cur_span.col,
                            in->cur_span.end_line, in->cur_span.end_col };

      in->options.interp_sink->tensor_span (in->options.sink_data, event->tensor, &span);
    }
}

static void
fw_inplace (gpointer user_data, const BsInplaceEvent *event)
{
  FORWARD (inplace, event);
}

static void
fw_backward_begin (gpointer user_data, const BsBackwardBeginEvent *event)
{
  FORWARD (backward_begin, event);
}

static void
fw_node_begin (gpointer user_data, guint64 id, BsNode *node, BsTensor *grad_output)
{
  FORWARD (node_begin, id, node, grad_output);
}

static void
fw_edge (gpointer user_data, const BsEdgeEvent *event)
{
  FORWARD (edge, event);
}

static void
fw_accumulate (gpointer user_data, const BsAccumulateEvent *event)
{
  FORWARD (accumulate, event);
}

static void
fw_freed (gpointer user_data, guint64 id, BsNode *node)
{
  FORWARD (freed, id, node);
}

static void
fw_backward_end (gpointer user_data, guint64 id, const GError *error)
{
  FORWARD (backward_end, id, error);
}

static void
fw_grad_zeroed (gpointer user_data, BsTensor *tensor, gboolean set_to_none)
{
  FORWARD (grad_zeroed, tensor, set_to_none);
}

static void
fw_optimizer_step (gpointer user_data, const char *name, BsTensor *const *params, guint n)
{
  FORWARD (optimizer_step, name, params, n);
}

static void
fw_error (gpointer user_data, const GError *error, BsNode *node)
{
  FORWARD (error, error, node);
}

static void
fw_requires_grad_changed (gpointer user_data, BsTensor *tensor)
{
  FORWARD (requires_grad_changed, tensor);
}

static void
fw_tensor_destroyed (gpointer user_data, BsTensor *tensor)
{
  FORWARD (tensor_destroyed, tensor);
}

static void
fw_node_destroyed (gpointer user_data, BsNode *node)
{
  FORWARD (node_destroyed, node);
}

const BsEventSink bs_interp_forward_sink = {
  fw_tensor_created, fw_inplace, fw_backward_begin, fw_node_begin, fw_edge,
  fw_accumulate, fw_freed, fw_backward_end, fw_grad_zeroed, fw_optimizer_step, fw_error,
  fw_requires_grad_changed, fw_tensor_destroyed, fw_node_destroyed,
};

/* --- debugger hooks ---------------------------------------------------- */

void
bs_bind_tensor_name (BsInterp   *in,
                     BsValue     value,
                     const char *name)
{
  const BsInterpSink *sink = in->options.interp_sink;
  BsTensor *t;

  if (sink == NULL || sink->bind_name == NULL || in->frame->is_prelude)
    return;
  t = bs_value_tensor (value);
  if (t != NULL)
    {
      sink->bind_name (in->options.sink_data, t, name);
      return;
    }
  /* a module: name its parameters "name.fc.weight" */
  if (bs_value_is_object (value, BS_OBJECT_INSTANCE))
    {
      BsInstance *instance = (BsInstance *) value.as.object;
      BsValue list, iterator = BS_NONE;
      gboolean found = FALSE;
      BsValue method;
      gsize n;
      BsValue *items;

      if (!((BsClass *) instance->klass.as.object)->is_module)
        return;
      if (!bs_getattr_opt (in, value, "named_parameters", &method, &found) || !found)
        {
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          return;
        }
      /* named_parameters() gives an iterator, as PyTorch's generator */
      if (!bs_call_simple (in, method, NULL, 0, &iterator) || !bs_to_list (in, iterator, &list))
        {
          bs_value_unref (iterator);
          bs_value_unref (method);
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          return;
        }
      bs_value_unref (iterator);
      bs_value_unref (method);
      items = bs_value_items (list, &n);
      for (gsize i = 0; i < n; i++)
        {
          gsize m;
          BsValue *pair = bs_value_items (items[i], &m);

          if (m == 2 && bs_value_str (pair[0]) != NULL && bs_value_tensor (pair[1]) != NULL)
            {
              g_autofree char *full = g_strdup_printf ("%s.%s", name, bs_value_str (pair[0]));

              sink->bind_name (in->options.sink_data, bs_value_tensor (pair[1]), full);
            }
        }
      bs_value_unref (list);
    }
}

void
bs_scope_begin (BsInterp          *in,
                BsInterpScopeKind  kind,
                const char        *label,
                const BsSpan      *span)
{
  BsSourceSpan s = { span->line, span->col, span->end_line, span->end_col };

  in->options.interp_sink->scope_begin (in->options.sink_data, kind, label, &s);
}

void
bs_scope_end (BsInterp *in)
{
  in->options.interp_sink->scope_end (in->options.sink_data);
}

/* The source of span on one line, runs of white space as one space, cut after max_chars
 * characters: "zip(xs, ys)", "range(random.randint(0, 3))". */
static char *
span_source (const char   *source,
             const BsSpan *span,
             glong         max_chars)
{
  GString *out = g_string_new (NULL);
  const char *p = source != NULL ? source : "";
  int line = 1, col = 1;
  glong n = 0;

  for (; *p != '\0' && (line < span->line || (line == span->line && col < span->col)); p++)
    bs_lexer_advance_position (p, 0, 1, &line, &col);
  for (; *p != '\0' && (line < span->end_line || (line == span->end_line && col < span->end_col));
       p++)
    {
      gboolean lead = (*p & 0xC0) != 0x80;

      if (g_ascii_isspace (*p))
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
        }
      else if (lead && n++ == max_chars)
        {
          g_string_append (out, "\u2026");
          break;
        }
      else
        g_string_append_c (out, *p);
      bs_lexer_advance_position (p, 0, 1, &line, &col);
    }
  return g_strchomp (g_string_free (out, FALSE));
}

/* A module's __call__ as a scope: "fc1 (Linear)", or "Linear" when the call reached it
 * by no name (from Sequential, say). */
gboolean
bs_call_module (BsInterp     *in,
                BsValue       module,
                BsValue       call,
                const char   *name,
                const BsArgs *a,
                BsValue      *result)
{
  const char *klass = ((BsClass *) ((BsInstance *) module.as.object)->klass.as.object)->name;
  g_autofree char *label = name != NULL ? g_strdup_printf ("%s (%s)", name, klass)
                                        : g_strdup (klass);
  gboolean ok;

  bs_scope_begin (in, BS_INTERP_SCOPE_MODULE_CALL, label, &in->call_span);
  ok = bs_call (in, call, a, result);
  bs_scope_end (in);
  return ok;
}

/* One pass of a loop's body as a scope: "for epoch = 3" when the target is a name bound
 * to a whole number, else "for x, y in zip(xs, ys) (iteration 2)" or
 * "while loss > 0.1 (iteration 2)". */
void
bs_begin_iteration (BsInterp  *in,
                    BsAstNode *node,
                    BsValue    item,
                    guint64    iteration)
{
  g_autofree char *label = NULL;

  if (node->kind == BS_AST_WHILE)
    {
      g_autofree char *test = span_source (in->frame->source, &node->while_stmt.test->span, 40);

      label = g_strdup_printf ("while %s (iteration %" G_GUINT64_FORMAT ")", test, iteration);
    }
  else if (node->for_stmt.target->kind == BS_AST_NAME && item.type == BS_VALUE_INT
           && strcmp (node->for_stmt.target->name.id, "_") != 0)
    {
      /* without printf: one label per iteration adds up in a long loop */
      char digits[24];
      char *p = digits + sizeof digits;
      guint64 magnitude = item.as.integer < 0 ? -(guint64) item.as.integer
                                              : (guint64) item.as.integer;

      *--p = '\0';
      do
        *--p = (char) ('0' + magnitude % 10);
      while ((magnitude /= 10) != 0);
      if (item.as.integer < 0)
        *--p = '-';
      label = g_strconcat ("for ", node->for_stmt.target->name.id, " = ", p, NULL);
    }
  else
    {
      g_autofree char *target = span_source (in->frame->source, &node->for_stmt.target->span,
                                             30);
      g_autofree char *iter = span_source (in->frame->source, &node->for_stmt.iter->span, 40);

      label = g_strdup_printf ("for %s in %s (iteration %" G_GUINT64_FORMAT ")", target, iter,
                               iteration);
    }
  bs_scope_begin (in, BS_INTERP_SCOPE_LOOP_ITERATION, label, &node->span);
}
