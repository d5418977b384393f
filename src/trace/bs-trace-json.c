/* bs-trace-json.c: a trace as JSON Lines, and back */
#define G_LOG_DOMAIN "bs-trace"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "bs-atomic-file.h"
#include "bs-trace-json.h"
#include "bs-trace-private.h"

G_DEFINE_QUARK (bs-trace-json-error-quark, bs_trace_json_error)

/* --- writing -------------------------------------------------------------- */

static void
add_number (JsonBuilder *builder,
            double       number)
{
  if (isnan (number))
    json_builder_add_string_value (builder, "nan");
  else if (isinf (number))
    json_builder_add_string_value (builder, number > 0 ? "inf" : "-inf");
  else
    json_builder_add_double_value (builder, number);
}

static void
add_numbers (JsonBuilder  *builder,
             const double *numbers,
             gint64        n)
{
  json_builder_begin_array (builder);
  for (gint64 i = 0; i < n; i++)
    add_number (builder, numbers[i]);
  json_builder_end_array (builder);
}

static void
add_shape (JsonBuilder  *builder,
           int           ndim,
           const gint64 *shape)
{
  json_builder_begin_array (builder);
  for (int d = 0; d < ndim; d++)
    json_builder_add_int_value (builder, shape[d]);
  json_builder_end_array (builder);
}

static const char *
dtype_name (BsDType dtype)
{
  return bs_dtype_name (dtype);
}

static void
add_nested (JsonBuilder   *builder,
            const BsTraceValue *value,
            int            dim,
            gint64        *offset)
{
  if (dim == value->ndim)
    {
      add_number (builder, value->data[(*offset)++]);
      return;
    }
  json_builder_begin_array (builder);
  for (gint64 i = 0; i < value->shape[dim]; i++)
    add_nested (builder, value, dim + 1, offset);
  json_builder_end_array (builder);
}

static void
add_histogram (JsonBuilder        *builder,
               const BsTraceValue *value)
{
  const BsValueHistogram *histogram = bs_trace_value_get_histogram (value);

  if (histogram == NULL)
    return;
  json_builder_set_member_name (builder, "histogram");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "low");
  add_number (builder, histogram->low);
  json_builder_set_member_name (builder, "high");
  add_number (builder, histogram->high);
  json_builder_set_member_name (builder, "bins");
  json_builder_begin_array (builder);
  for (guint i = 0; i < value->n_bins; i++)
    json_builder_add_int_value (builder, (gint64) histogram->bins[i]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "nan");
  json_builder_add_int_value (builder, (gint64) histogram->n_nan);
  json_builder_set_member_name (builder, "posinf");
  json_builder_add_int_value (builder, (gint64) histogram->n_posinf);
  json_builder_set_member_name (builder, "neginf");
  json_builder_add_int_value (builder, (gint64) histogram->n_neginf);
  json_builder_end_object (builder);
}

static void
write_value (JsonBuilder *builder,
             BsTrace     *trace,
             guint32      id)
{
  const BsTraceValue *value = bs_trace_get_value (trace, id);

  if (value == NULL)
    {
      json_builder_add_null_value (builder);
    }
  else if (value->kind == BS_VALUE_FULL && value->dtype == BS_DTYPE_FLOAT32 && value->numel > 0)
    {
      gint64 offset = 0;

      add_nested (builder, value, 0, &offset);
    }
  else
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "dtype");
      json_builder_add_string_value (builder, dtype_name (value->dtype));
      json_builder_set_member_name (builder, "shape");
      add_shape (builder, value->ndim, value->shape);
      if (value->kind == BS_VALUE_FULL)
        {
          json_builder_set_member_name (builder, "data");
          add_numbers (builder, value->data, value->numel);
        }
      else
        {
          json_builder_set_member_name (builder, "min");
          add_number (builder, value->min);
          json_builder_set_member_name (builder, "max");
          add_number (builder, value->max);
          json_builder_set_member_name (builder, "mean");
          add_number (builder, value->mean);
          json_builder_set_member_name (builder, "std");
          add_number (builder, value->std);
          json_builder_set_member_name (builder, "first");
          add_numbers (builder, value->data, value->n_first);
          json_builder_set_member_name (builder, "last");
          add_numbers (builder, value->data + value->n_first, value->n_last);
          add_histogram (builder, value);
        }
      json_builder_end_object (builder);
    }
}

static void
add_value (JsonBuilder *builder,
           BsTrace     *trace,
           const char  *member,
           guint32      id)
{
  json_builder_set_member_name (builder, member);
  write_value (builder, trace, id);
}

static void
add_id (JsonBuilder *builder,
        const char  *member,
        guint32      id)
{
  json_builder_set_member_name (builder, member);
  if (id == 0)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, id);
}

static void
add_int (JsonBuilder *builder,
         const char  *member,
         gint64       value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

static void
add_bool (JsonBuilder *builder,
          const char  *member,
          gboolean     value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, value);
}

static void
add_string (JsonBuilder *builder,
            const char  *member,
            const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

static void
add_ids (JsonBuilder   *builder,
         const char    *member,
         const guint32 *ids,
         guint          n,
         guint          stride)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    if (ids[i * stride] == 0)
      json_builder_add_null_value (builder);
    else
      json_builder_add_int_value (builder, ids[i * stride]);
  json_builder_end_array (builder);
}

static void
add_line (JsonBuilder *builder,
          BsTrace     *trace,
          guint32      statement)
{
  const BsTraceSpan *span = bs_trace_get_statement (trace, statement);

  json_builder_set_member_name (builder, "line");
  if (span == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, span->line);
}

/* The tensor a grad_fn node belongs to (AccumulateGrad's leaf), or null. */
static void
add_node_tensor (JsonBuilder *builder,
                 BsTrace     *trace,
                 const char  *member,
                 guint32      node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);

  add_id (builder, member, record != NULL ? record->tensor : 0);
}

static const char * const scope_kinds[] = {
  [BS_TRACE_SCOPE_MODULE_CALL]    = "module_call",
  [BS_TRACE_SCOPE_LOOP_ITERATION] = "loop_iteration",
  [BS_TRACE_SCOPE_CELL]           = "cell",
};

static void
add_span (JsonBuilder       *builder,
          const BsTraceSpan *span)
{
  json_builder_set_member_name (builder, "span");
  json_builder_begin_array (builder);
  json_builder_add_int_value (builder, span->line);
  json_builder_add_int_value (builder, span->col);
  json_builder_add_int_value (builder, span->end_line);
  json_builder_add_int_value (builder, span->end_col);
  json_builder_end_array (builder);
}

static void
write_event (JsonBuilder        *builder,
             BsTrace            *trace,
             const BsTraceEvent *event)
{
  const char *text = bs_trace_get_string (trace, event->text);

  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, bs_trace_event_type_name (event->type));
  add_int (builder, "step", event->step);
  if (event->substep != 0)
    add_int (builder, "substep", event->substep);

  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      {
        const BsTraceSpan *span = bs_trace_get_statement (trace, event->aux);

        add_int (builder, "line", span->line);
        add_int (builder, "col", span->col);
        add_int (builder, "end_line", span->end_line);
        add_int (builder, "end_col", span->end_col);
      }
      break;
    case BS_TRACE_EVENT_GRAD_FN:
      {
        const BsTraceNode *node = bs_trace_get_node (trace, event->node);
        const guint32 *next = bs_trace_get_list (trace, node->next);

        add_int (builder, "id", node->id);
        add_string (builder, "name", bs_trace_get_string (trace, node->name));
        add_id (builder, "variable", node->is_accumulate ? node->tensor : 0);
        add_id (builder, "scope", node->scope);
        json_builder_set_member_name (builder, "next");
        json_builder_begin_array (builder);
        for (guint i = 0; i < node->n_next; i++)
          {
            if (next[2 * i] == 0)
              {
                json_builder_add_null_value (builder);
                continue;
              }
            json_builder_begin_array (builder);
            json_builder_add_int_value (builder, next[2 * i]);
            json_builder_add_int_value (builder, next[2 * i + 1]);
            json_builder_end_array (builder);
          }
        json_builder_end_array (builder);
      }
      break;
    case BS_TRACE_EVENT_TENSOR:
      {
        const BsTraceTensor *t = bs_trace_get_tensor (trace, event->tensor);
        const BsTraceNode *node = bs_trace_get_node (trace, t->grad_fn);

        add_int (builder, "id", t->id);
        add_string (builder, "name", bs_trace_get_string (trace, t->name));
        add_string (builder, "op", node != NULL ? bs_trace_get_string (trace, node->name) : NULL);
        add_string (builder, "fn", bs_trace_get_string (trace, t->op));
        add_id (builder, "grad_fn", t->grad_fn);
        add_ids (builder, "inputs", bs_trace_get_list (trace, t->inputs), t->n_inputs, 1);
        json_builder_set_member_name (builder, "shape");
        add_shape (builder, t->ndim, t->shape);
        add_string (builder, "dtype", dtype_name (t->dtype));
        add_bool (builder, "requires_grad", t->requires_grad);
        if (t->has_span)
          {
            add_int (builder, "line", t->span.line);
            add_span (builder, &t->span);
          }
        else
          {
            add_line (builder, trace, t->statement);
            add_id (builder, "span", 0);
          }
        add_bool (builder, "implicit", (event->flags & BS_TRACE_FLAG_IMPLICIT) != 0);
        add_bool (builder, "wrapped", t->is_wrapped_number);
        add_id (builder, "scope", t->scope);
        add_value (builder, trace, "value", event->values[0]);
      }
      break;
    case BS_TRACE_EVENT_INPLACE:
      add_int (builder, "tensor", event->tensor);
      add_id (builder, "grad_fn", event->node);
      add_string (builder, "fn", text);
      add_int (builder, "version", event->aux);
      add_value (builder, trace, "value", event->values[0]);
      break;
    case BS_TRACE_EVENT_BIND:
      add_int (builder, "tensor", event->tensor);
      add_string (builder, "name", text);
      break;
    case BS_TRACE_EVENT_PRINT:
      add_string (builder, "text", text);
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      {
        const guint32 *roots = bs_trace_get_list (trace, event->aux);

        add_int (builder, "backward", event->backward);
        add_ids (builder, "roots", roots, event->n_aux, 3);
        add_ids (builder, "root_nodes", roots != NULL ? roots + 1 : NULL, event->n_aux, 3);
        json_builder_set_member_name (builder, "root_grads");
        json_builder_begin_array (builder);
        for (guint i = 0; i < event->n_aux; i++)
          write_value (builder, trace, roots[3 * i + 2]);
        json_builder_end_array (builder);
        add_bool (builder, "retain_graph", (event->flags & BS_TRACE_FLAG_RETAIN_GRAPH) != 0);
        add_bool (builder, "create_graph", (event->flags & BS_TRACE_FLAG_CREATE_GRAPH) != 0);
        add_bool (builder, "autograd_grad", (event->flags & BS_TRACE_FLAG_AUTOGRAD_GRAD) != 0);
      }
      break;
    case BS_TRACE_EVENT_NODE_BEGIN:
      add_int (builder, "backward", event->backward);
      add_int (builder, "node", event->node);
      add_value (builder, trace, "grad", event->values[0]);
      break;
    case BS_TRACE_EVENT_EDGE:
      add_int (builder, "backward", event->backward);
      add_int (builder, "from", event->node);
      add_int (builder, "to", event->node2);
      add_node_tensor (builder, trace, "from_tensor", event->node);
      add_node_tensor (builder, trace, "to_tensor", event->node2);
      add_int (builder, "input_nr", event->input_nr);
      add_value (builder, trace, "upstream", event->values[0]);
      add_value (builder, trace, "local", event->values[1]);
      add_string (builder, "formula", text);
      add_value (builder, trace, "contribution", event->values[2]);
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
      add_int (builder, "backward", event->backward);
      add_int (builder, "tensor", event->tensor);
      add_id (builder, "node", event->node);
      add_value (builder, trace, "contribution", event->values[0]);
      add_value (builder, trace, "total", event->values[1]);
      break;
    case BS_TRACE_EVENT_FREED:
      add_int (builder, "backward", event->backward);
      add_int (builder, "node", event->node);
      break;
    case BS_TRACE_EVENT_BACKWARD_END:
      add_int (builder, "backward", event->backward);
      add_bool (builder, "ok", !(event->flags & BS_TRACE_FLAG_FAILED));
      break;
    case BS_TRACE_EVENT_GRAD_ZEROED:
      add_int (builder, "tensor", event->tensor);
      add_bool (builder, "set_to_none", (event->flags & BS_TRACE_FLAG_SET_TO_NONE) != 0);
      add_value (builder, trace, "grad", event->values[0]);
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      {
        const guint32 *pairs = bs_trace_get_list (trace, event->aux);

        add_string (builder, "optimizer", text);
        add_ids (builder, "params", pairs, event->n_aux, 2);
        json_builder_set_member_name (builder, "values");
        json_builder_begin_array (builder);
        for (guint i = 0; i < event->n_aux; i++)
          write_value (builder, trace, pairs[2 * i + 1]);
        json_builder_end_array (builder);
      }
      break;
    case BS_TRACE_EVENT_ERROR:
      add_string (builder, "message", text);
      add_id (builder, "node", event->node);
      add_id (builder, "backward", event->backward);
      add_line (builder, trace, event->aux);
      break;
    case BS_TRACE_EVENT_BUDGET:
      add_int (builder, "budget", (gint64) bs_value_store_get_budget (bs_trace_get_values (trace)));
      add_int (builder, "used", (gint64) (((guint64) event->n_aux << 32) | event->aux));
      break;
    case BS_TRACE_EVENT_SCOPE_BEGIN:
      {
        const BsTraceScope *scope = bs_trace_get_scope (trace, event->aux);

        add_int (builder, "id", scope->id);
        add_id (builder, "parent", scope->parent);
        add_string (builder, "kind", scope_kinds[scope->kind]);
        add_string (builder, "label", bs_trace_get_string (trace, scope->label));
        if (scope->span.line > 0)
          {
            add_int (builder, "line", scope->span.line);
            add_span (builder, &scope->span);
          }
        else
          {
            add_id (builder, "line", 0);
            add_id (builder, "span", 0);
          }
      }
      break;
    case BS_TRACE_EVENT_SCOPE_END:
      add_int (builder, "id", event->aux);
      break;
    case BS_TRACE_EVENT_DESTROYED:
      add_id (builder, "tensor", event->tensor);
      add_id (builder, "node", event->node);
      break;
    case BS_TRACE_EVENT_CHECK:
      add_int (builder, "backward", event->backward);
      add_id (builder, "tensor", event->tensor);
      add_value (builder, trace, "autograd", event->values[0]);
      add_value (builder, trace, "numeric", event->values[1]);
      json_builder_set_member_name (builder, "relative_error");
      add_number (builder, bs_trace_event_check_error (event));
      add_bool (builder, "ok", !(event->flags & BS_TRACE_FLAG_FAILED));
      add_string (builder, "note", text);
      break;
    case BS_TRACE_EVENT_FIGURE:
      add_int (builder, "figure", event->aux);
      add_string (builder, "title", text);
      add_bool (builder, "at_end", (event->flags & BS_TRACE_FLAG_IMPLICIT) != 0);
      break;
    case BS_TRACE_N_EVENT_TYPES:
    default:
      break;
    }
}

static void
append_object (GString     *out,
               JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *line = NULL;

  json_generator_set_root (generator, root);
  line = json_generator_to_data (generator, NULL);
  g_string_append (out, line);
  g_string_append_c (out, '\n');
  json_builder_reset (builder);
}

char *
bs_trace_json_to_string (BsTrace *trace)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  BsValueStore *values = bs_trace_get_values (trace);
  GString *out = g_string_new (NULL);
  gboolean budget_reached = FALSE;

  g_return_val_if_fail (trace != NULL, NULL);
  for (guint64 i = 0; i < bs_trace_get_n_events (trace) && !budget_reached; i++)
    budget_reached = bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_BUDGET;
  json_builder_begin_object (builder);
  add_string (builder, "type", "trace");
  add_string (builder, "format", "backstep-trace");
  add_int (builder, "version", 1);
  add_int (builder, "budget", (gint64) bs_value_store_get_budget (values));
  add_bool (builder, "budget_reached", budget_reached);
  json_builder_end_object (builder);
  append_object (out, builder);

  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      json_builder_begin_object (builder);
      write_event (builder, trace, bs_trace_get_event (trace, i));
      json_builder_end_object (builder);
      append_object (out, builder);
    }
  return g_string_free (out, FALSE);
}

gboolean
bs_trace_json_write_file (BsTrace     *trace,
                          const char  *filename,
                          GError     **error)
{
  g_autofree char *text = bs_trace_json_to_string (trace);

  return bs_atomic_file_write (filename, text, strlen (text), error);
}

/* --- reading -------------------------------------------------------------- */

typedef struct {
  BsTrace    *trace;      /* Borrowed */
  JsonObject *object;     /* Borrowed: the line being read */
  guint       line;
  GError     *error;      /* the first problem */
} Reader;

static void
fail (Reader     *reader,
      const char *what,
      const char *member)
{
  if (reader->error == NULL)
    g_set_error (&reader->error, BS_TRACE_JSON_ERROR, BS_TRACE_JSON_ERROR_INVALID,
                 "line %u: %s \"%s\"", reader->line, what, member);
}

static JsonNode *
member (Reader     *reader,
        const char *name)
{
  JsonNode *node = json_object_get_member (reader->object, name);

  if (node == NULL)
    fail (reader, "missing member", name);
  return node;
}

static gint64
get_int (Reader     *reader,
         const char *name)
{
  JsonNode *node = member (reader, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return 0;
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    {
      fail (reader, "expected an integer for", name);
      return 0;
    }
  return json_node_get_int (node);
}

/* A number, or "nan", "inf", "-inf" as add_number writes them. */
static double
get_number (Reader     *reader,
            const char *name)
{
  JsonNode *node = member (reader, name);
  const char *text;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    {
      text = json_node_get_string (node);
      return g_str_equal (text, "nan") ? NAN : g_str_equal (text, "inf") ? INFINITY
             : g_str_equal (text, "-inf") ? -INFINITY : 0;
    }
  return json_node_get_double (node);
}

static gboolean
get_bool (Reader     *reader,
          const char *name)
{
  JsonNode *node = member (reader, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_boolean (node);
}

static const char *
get_string (Reader     *reader,
            const char *name)
{
  JsonNode *node = member (reader, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  if (json_node_get_value_type (node) != G_TYPE_STRING)
    {
      fail (reader, "expected a string for", name);
      return NULL;
    }
  return json_node_get_string (node);
}

static JsonArray *
get_array (Reader     *reader,
           const char *name)
{
  JsonNode *node = member (reader, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      fail (reader, "expected an array for", name);
      return NULL;
    }
  return json_node_get_array (node);
}

static double
number_of (Reader   *reader,
           JsonNode *node)
{
  GType type = node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                                             : G_TYPE_INVALID;

  if (type == G_TYPE_INT64)
    return (double) json_node_get_int (node);
  if (type == G_TYPE_DOUBLE)
    return json_node_get_double (node);
  if (type == G_TYPE_STRING)
    {
      const char *s = json_node_get_string (node);

      if (g_str_equal (s, "nan"))
        return NAN;
      if (g_str_equal (s, "inf"))
        return INFINITY;
      if (g_str_equal (s, "-inf"))
        return -INFINITY;
    }
  fail (reader, "expected a number in", "value");
  return 0;
}

static guint64
count_of (Reader   *reader,
          JsonNode *node)
{
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_INT64 && json_node_get_int (node) >= 0)
    return (guint64) json_node_get_int (node);
  fail (reader, "expected a count in", "histogram");
  return 0;
}

static BsDType
dtype_from_name (Reader     *reader,
                 const char *name)
{
  for (int d = 0; d < BS_N_DTYPES; d++)
    if (g_strcmp0 (bs_dtype_name (d), name) == 0)
      return d;
  fail (reader, "unknown dtype", name != NULL ? name : "null");
  return BS_DTYPE_FLOAT32;
}

static int
read_shape (Reader    *reader,
            JsonArray *array,
            gint64    *shape)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;

  if (n > BS_MAX_DIMS)
    {
      fail (reader, "too many dimensions in", "shape");
      return 0;
    }
  for (guint d = 0; d < n; d++)
    shape[d] = json_array_get_int_element (array, d);
  return (int) n;
}

static void
read_numbers (Reader    *reader,
              JsonArray *array,
              double    *out,
              guint      n)
{
  if (array == NULL || json_array_get_length (array) != n)
    {
      fail (reader, "wrong number of elements in", "value");
      return;
    }
  for (guint i = 0; i < n; i++)
    out[i] = number_of (reader, json_array_get_element (array, i));
}

/* A nested array's shape, from its first elements. */
static int
nested_shape (JsonNode *node,
              gint64   *shape)
{
  int ndim = 0;

  while (JSON_NODE_HOLDS_ARRAY (node) && ndim < BS_MAX_DIMS)
    {
      JsonArray *array = json_node_get_array (node);

      shape[ndim++] = json_array_get_length (array);
      if (json_array_get_length (array) == 0)
        break;
      node = json_array_get_element (array, 0);
    }
  return ndim;
}

static void
flatten (Reader    *reader,
         JsonNode  *node,
         const BsTraceValue *value,
         int        dim,
         gint64    *offset)
{
  JsonArray *array;

  if (dim == value->ndim)
    {
      if (*offset < value->numel)
        ((BsTraceValue *) value)->data[(*offset)++] = number_of (reader, node);
      return;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (array = json_node_get_array (node)) != value->shape[dim])
    {
      fail (reader, "ragged nested array in", "value");
      return;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    flatten (reader, json_array_get_element (array, i), value, dim + 1, offset);
}

/* A summary's "histogram" (NULL when it has none) and its "bins". */
static JsonObject *
get_histogram (Reader     *reader,
               JsonArray **bins)
{
  JsonNode *node = json_object_get_member (reader->object, "histogram");
  JsonObject *saved = reader->object;
  JsonObject *object;

  *bins = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (reader, "expected an object for", "histogram");
      return NULL;
    }
  object = reader->object = json_node_get_object (node);
  *bins = get_array (reader, "bins");
  reader->object = saved;
  if (*bins == NULL || json_array_get_length (*bins) == 0)
    {
      fail (reader, "expected bins in", "histogram");
      *bins = NULL;
      return NULL;
    }
  return object;
}

/* Its counts must add up to the summary's elements. */
static void
read_histogram (Reader             *reader,
                JsonObject         *object,
                JsonArray          *bins,
                const BsTraceValue *value)
{
  BsValueHistogram *histogram = (BsValueHistogram *) bs_trace_value_get_histogram (value);
  JsonObject *saved = reader->object;
  guint64 total = 0;

  reader->object = object;
  histogram->low = number_of (reader, member (reader, "low"));
  histogram->high = number_of (reader, member (reader, "high"));
  histogram->n_nan = count_of (reader, member (reader, "nan"));
  histogram->n_posinf = count_of (reader, member (reader, "posinf"));
  histogram->n_neginf = count_of (reader, member (reader, "neginf"));
  for (guint i = 0; i < value->n_bins; i++)
    {
      histogram->bins[i] = count_of (reader, json_array_get_element (bins, i));
      total += histogram->bins[i];
    }
  total += histogram->n_nan + histogram->n_posinf + histogram->n_neginf;
  if (total != (guint64) value->numel)
    fail (reader, "counts that do not add up to the elements in", "histogram");
  reader->object = saved;
}

static guint32
read_value_node (Reader   *reader,
                 JsonNode *node)
{
  BsValueStore *values = bs_trace_get_values (reader->trace);
  gint64 shape[BS_MAX_DIMS] = { 0 };
  BsTraceValue *value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return 0;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *saved = reader->object;
      BsDType dtype;
      int ndim;

      reader->object = json_node_get_object (node);
      dtype = dtype_from_name (reader, get_string (reader, "dtype"));
      ndim = read_shape (reader, get_array (reader, "shape"), shape);
      if (json_object_has_member (reader->object, "data"))
        {
          gint64 numel = 1;

          for (int d = 0; d < ndim; d++)
            numel *= shape[d];
          value = bs_trace_value_new (BS_VALUE_FULL, dtype, ndim, shape, (guint) numel);
          read_numbers (reader, get_array (reader, "data"), value->data, (guint) numel);
        }
      else
        {
          JsonArray *first = get_array (reader, "first");
          JsonArray *last = get_array (reader, "last");
          JsonArray *bins;
          JsonObject *histogram = get_histogram (reader, &bins);
          guint n_first = first != NULL ? json_array_get_length (first) : 0;
          guint n_last = last != NULL ? json_array_get_length (last) : 0;

          if (n_first + n_last > 2 * BS_VALUE_EDGE)
            {
              fail (reader, "too many elements in", "first");
              reader->object = saved;
              return 0;
            }
          value = bs_trace_value_new_summary (dtype, ndim, shape, n_first, n_last,
                                              bins != NULL ? json_array_get_length (bins) : 0);
          read_numbers (reader, first, value->data, n_first);
          read_numbers (reader, last, value->data + n_first, n_last);
          value->min = number_of (reader, member (reader, "min"));
          value->max = number_of (reader, member (reader, "max"));
          value->mean = number_of (reader, member (reader, "mean"));
          value->std = number_of (reader, member (reader, "std"));
          if (histogram != NULL)
            read_histogram (reader, histogram, bins, value);
        }
      reader->object = saved;
    }
  else
    {
      int ndim = nested_shape (node, shape);
      gint64 numel = 1, offset = 0;

      for (int d = 0; d < ndim; d++)
        numel *= shape[d];
      value = bs_trace_value_new (BS_VALUE_FULL, BS_DTYPE_FLOAT32, ndim, shape, (guint) numel);
      flatten (reader, node, value, 0, &offset);
    }
  return bs_value_store_add (values, value);
}

static guint32
read_value (Reader     *reader,
            const char *name)
{
  return read_value_node (reader, member (reader, name));
}

static guint32
read_list (Reader     *reader,
           JsonArray  *array,
           guint      *n)
{
  g_autofree guint32 *ids = NULL;

  *n = array != NULL ? json_array_get_length (array) : 0;
  ids = g_new0 (guint32, *n + 1);
  for (guint i = 0; i < *n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      ids[i] = JSON_NODE_HOLDS_NULL (node) ? 0 : (guint32) json_node_get_int (node);
    }
  return bs_trace_add_list (reader->trace, ids, *n);
}

/* [line, col, end_line, end_col], or null. */
static gboolean
read_span (Reader      *reader,
           BsTraceSpan *span)
{
  JsonArray *array = get_array (reader, "span");

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) != 4)
    {
      fail (reader, "expected [line, col, end_line, end_col] for", "span");
      return FALSE;
    }
  span->line = (int) json_array_get_int_element (array, 0);
  span->col = (int) json_array_get_int_element (array, 1);
  span->end_line = (int) json_array_get_int_element (array, 2);
  span->end_col = (int) json_array_get_int_element (array, 3);
  return TRUE;
}

/* A scope id, absent or null for none (traces written before scopes have none). */
static guint32
read_scope (Reader *reader)
{
  gint64 scope;

  if (!json_object_has_member (reader->object, "scope"))
    return 0;
  scope = get_int (reader, "scope");
  if (scope < 0 || scope > bs_trace_get_n_scopes (reader->trace))
    {
      fail (reader, "unknown scope in", "scope");
      return 0;
    }
  return (guint32) scope;
}

static void
read_event (Reader           *reader,
            BsTraceEventType  type,
            guint32          *statement)
{
  BsTrace *trace = reader->trace;
  BsTraceEvent event = { .type = type };

  switch (type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      {
        BsTraceSpan span = {
          (int) get_int (reader, "line"), (int) get_int (reader, "col"),
          (int) get_int (reader, "end_line"), (int) get_int (reader, "end_col"),
        };

        *statement = event.aux = bs_trace_add_statement (trace, &span);
      }
      break;
    case BS_TRACE_EVENT_GRAD_FN:
      {
        JsonArray *next = get_array (reader, "next");
        guint n = next != NULL ? json_array_get_length (next) : 0;
        g_autofree guint32 *pairs = g_new0 (guint32, 2 * n + 1);
        guint32 name = bs_trace_intern (trace, get_string (reader, "name"));
        guint32 variable = (guint32) get_int (reader, "variable");
        guint32 scope = read_scope (reader);
        BsTraceNode *node;

        if (get_int (reader, "id") != bs_trace_get_n_nodes (trace) + 1)
          fail (reader, "grad_fn ids out of order at", "id");
        for (guint i = 0; i < n; i++)
          {
            JsonNode *item = json_array_get_element (next, i);
            JsonArray *pair = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;

            if (pair != NULL && json_array_get_length (pair) == 2)
              {
                pairs[2 * i] = json_array_get_int_element (pair, 0);
                pairs[2 * i + 1] = json_array_get_int_element (pair, 1);
              }
          }
        node = bs_trace_add_node (trace);
        node->name = name;
        node->tensor = variable;
        node->is_accumulate = variable != 0;
        node->scope = scope;
        node->n_next = n;
        event.node = node->id;
        bs_trace_get_node_mut (trace, event.node)->next = bs_trace_add_list (trace, pairs, 2 * n);
      }
      break;
    case BS_TRACE_EVENT_TENSOR:
      {
        BsTraceTensor *t;
        BsTraceSpan span = { 0 };
        gboolean has_span = read_span (reader, &span);
        guint32 scope = read_scope (reader);
        gint64 shape[BS_MAX_DIMS] = { 0 };
        int ndim = read_shape (reader, get_array (reader, "shape"), shape);
        guint n_inputs;
        guint32 inputs = read_list (reader, get_array (reader, "inputs"), &n_inputs);
        guint32 name = bs_trace_intern (trace, get_string (reader, "name"));
        guint32 fn = bs_trace_intern (trace, get_string (reader, "fn"));
        guint32 grad_fn = (guint32) get_int (reader, "grad_fn");
        BsDType dtype = dtype_from_name (reader, get_string (reader, "dtype"));
        guint32 value = read_value (reader, "value");
        BsTraceNode *node;

        if (get_int (reader, "id") != bs_trace_get_n_tensors (trace) + 1)
          fail (reader, "tensor ids out of order at", "id");
        t = bs_trace_add_tensor (trace);
        t->name = name;
        t->op = fn;
        t->grad_fn = grad_fn;
        t->inputs = inputs;
        t->n_inputs = n_inputs;
        t->dtype = dtype;
        t->ndim = ndim;
        memcpy (t->shape, shape, sizeof shape);
        t->requires_grad = get_bool (reader, "requires_grad");
        t->is_wrapped_number = get_bool (reader, "wrapped");
        t->statement = *statement;
        t->scope = scope;
        t->has_span = has_span;
        t->span = span;
        event.tensor = t->id;
        event.node = grad_fn;
        event.values[0] = value;
        event.flags = get_bool (reader, "implicit") ? BS_TRACE_FLAG_IMPLICIT : 0;
        node = bs_trace_get_node_mut (trace, grad_fn);
        if (node != NULL && node->tensor == 0)
          node->tensor = event.tensor;
      }
      break;
    case BS_TRACE_EVENT_INPLACE:
      {
        BsTraceNode *node;

        event.tensor = (guint32) get_int (reader, "tensor");
        event.node = (guint32) get_int (reader, "grad_fn");
        event.text = bs_trace_intern (trace, get_string (reader, "fn"));
        event.aux = (guint32) get_int (reader, "version");
        event.values[0] = read_value (reader, "value");
        node = bs_trace_get_node_mut (trace, event.node);
        if (node != NULL && node->tensor == 0)
          node->tensor = event.tensor;
      }
      break;
    case BS_TRACE_EVENT_BIND:
      {
        BsTraceTensor *t;

        event.tensor = (guint32) get_int (reader, "tensor");
        event.text = bs_trace_intern (trace, get_string (reader, "name"));
        t = bs_trace_get_tensor_mut (trace, event.tensor);
        if (t == NULL)
          fail (reader, "unknown tensor in", "tensor");
      }
      break;
    case BS_TRACE_EVENT_PRINT:
      event.text = bs_trace_intern (trace, get_string (reader, "text"));
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      {
        JsonArray *roots = get_array (reader, "roots");
        JsonArray *nodes = get_array (reader, "root_nodes");
        JsonArray *grads = get_array (reader, "root_grads");
        guint n = roots != NULL ? json_array_get_length (roots) : 0;
        g_autofree guint32 *triples = g_new0 (guint32, 3 * n + 1);

        if (nodes == NULL || grads == NULL || json_array_get_length (nodes) != n
            || json_array_get_length (grads) != n)
          {
            fail (reader, "roots, root_nodes and root_grads differ in", "roots");
            break;
          }
        for (guint i = 0; i < n; i++)
          {
            JsonNode *node = json_array_get_element (nodes, i);

            triples[3 * i] = (guint32) json_array_get_int_element (roots, i);
            triples[3 * i + 1] = JSON_NODE_HOLDS_NULL (node) ? 0 : json_node_get_int (node);
            triples[3 * i + 2] = read_value_node (reader, json_array_get_element (grads, i));
          }
        event.backward = (guint32) get_int (reader, "backward");
        event.aux = bs_trace_add_list (trace, triples, 3 * n);
        event.n_aux = n;
        event.flags = (get_bool (reader, "retain_graph") ? BS_TRACE_FLAG_RETAIN_GRAPH : 0)
                    | (get_bool (reader, "create_graph") ? BS_TRACE_FLAG_CREATE_GRAPH : 0)
                    | (get_bool (reader, "autograd_grad") ? BS_TRACE_FLAG_AUTOGRAD_GRAD : 0);
      }
      break;
    case BS_TRACE_EVENT_NODE_BEGIN:
      event.backward = (guint32) get_int (reader, "backward");
      event.node = (guint32) get_int (reader, "node");
      event.values[0] = read_value (reader, "grad");
      break;
    case BS_TRACE_EVENT_EDGE:
      event.backward = (guint32) get_int (reader, "backward");
      event.node = (guint32) get_int (reader, "from");
      event.node2 = (guint32) get_int (reader, "to");
      event.input_nr = (guint16) get_int (reader, "input_nr");
      event.values[0] = read_value (reader, "upstream");
      event.values[1] = read_value (reader, "local");
      event.values[2] = read_value (reader, "contribution");
      event.text = bs_trace_intern (trace, get_string (reader, "formula"));
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
      event.backward = (guint32) get_int (reader, "backward");
      event.tensor = (guint32) get_int (reader, "tensor");
      event.node = (guint32) get_int (reader, "node");
      event.values[0] = read_value (reader, "contribution");
      event.values[1] = read_value (reader, "total");
      break;
    case BS_TRACE_EVENT_FREED:
      event.backward = (guint32) get_int (reader, "backward");
      event.node = (guint32) get_int (reader, "node");
      break;
    case BS_TRACE_EVENT_BACKWARD_END:
      event.backward = (guint32) get_int (reader, "backward");
      event.flags = get_bool (reader, "ok") ? 0 : BS_TRACE_FLAG_FAILED;
      break;
    case BS_TRACE_EVENT_GRAD_ZEROED:
      event.tensor = (guint32) get_int (reader, "tensor");
      event.flags = get_bool (reader, "set_to_none") ? BS_TRACE_FLAG_SET_TO_NONE : 0;
      event.values[0] = read_value (reader, "grad");
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      {
        JsonArray *params = get_array (reader, "params");
        JsonArray *values = get_array (reader, "values");
        guint n = params != NULL ? json_array_get_length (params) : 0;
        g_autofree guint32 *pairs = g_new0 (guint32, 2 * n + 1);

        if (values == NULL || json_array_get_length (values) != n)
          {
            fail (reader, "params and values differ in", "values");
            break;
          }
        for (guint i = 0; i < n; i++)
          {
            pairs[2 * i] = (guint32) json_array_get_int_element (params, i);
            pairs[2 * i + 1] = read_value_node (reader, json_array_get_element (values, i));
          }
        event.text = bs_trace_intern (trace, get_string (reader, "optimizer"));
        event.aux = bs_trace_add_list (trace, pairs, 2 * n);
        event.n_aux = n;
      }
      break;
    case BS_TRACE_EVENT_ERROR:
      {
        JsonNode *line = member (reader, "line");

        event.text = bs_trace_intern (trace, get_string (reader, "message"));
        event.node = (guint32) get_int (reader, "node");
        event.backward = (guint32) get_int (reader, "backward");
        /* The statement running then, whose line this is. */
        if (line != NULL && !JSON_NODE_HOLDS_NULL (line))
          event.aux = *statement;
      }
      break;
    case BS_TRACE_EVENT_BUDGET:
      {
        guint64 used = (guint64) get_int (reader, "used");

        event.aux = (guint32) used;
        event.n_aux = (guint32) (used >> 32);
      }
      break;
    case BS_TRACE_EVENT_SCOPE_BEGIN:
      {
        BsTraceSpan span = { 0 };
        gint64 id = get_int (reader, "id");
        gint64 parent = get_int (reader, "parent");
        const char *kind = get_string (reader, "kind");
        guint32 label = bs_trace_intern (trace, get_string (reader, "label"));
        guint k;
        BsTraceScope *scope;

        read_span (reader, &span);
        for (k = 0; k < G_N_ELEMENTS (scope_kinds); k++)
          if (g_strcmp0 (kind, scope_kinds[k]) == 0)
            break;
        if (k == G_N_ELEMENTS (scope_kinds))
          fail (reader, "unknown scope kind", kind != NULL ? kind : "null");
        else if (id != bs_trace_get_n_scopes (trace) + 1)
          fail (reader, "scope ids out of order at", "id");
        else if (parent < 0 || parent >= id)
          fail (reader, "unknown scope in", "parent");
        if (reader->error != NULL)
          break;
        scope = bs_trace_add_scope (trace);
        scope->parent = (guint32) parent;
        scope->kind = k;
        scope->label = label;
        scope->span = span;
        event.aux = scope->id;
      }
      break;
    case BS_TRACE_EVENT_SCOPE_END:
      {
        const BsTraceScope *scope = bs_trace_get_scope (trace, (guint32) get_int (reader, "id"));

        if (scope == NULL || scope->end_event != G_MAXUINT64)
          fail (reader, "no open scope with this", "id");
        else
          event.aux = scope->id;
      }
      break;
    case BS_TRACE_EVENT_DESTROYED:
      event.tensor = (guint32) get_int (reader, "tensor");
      event.node = (guint32) get_int (reader, "node");
      if ((event.tensor == 0) == (event.node == 0))
        fail (reader, "a destroyed event names one tensor or one node:", "tensor");
      else if (event.tensor > bs_trace_get_n_tensors (trace))
        fail (reader, "unknown tensor in", "tensor");
      else if (event.node > bs_trace_get_n_nodes (trace))
        fail (reader, "unknown node in", "node");
      break;
    case BS_TRACE_EVENT_CHECK:
      event.backward = (guint32) get_int (reader, "backward");
      event.tensor = (guint32) get_int (reader, "tensor");
      event.values[0] = read_value (reader, "autograd");
      event.values[1] = read_value (reader, "numeric");
      event.flags = get_bool (reader, "ok") ? 0 : BS_TRACE_FLAG_FAILED;
      event.text = bs_trace_intern (trace, get_string (reader, "note"));
      bs_trace_event_set_check_error (&event, get_number (reader, "relative_error"));
      if (event.tensor > bs_trace_get_n_tensors (trace))
        fail (reader, "unknown tensor in", "tensor");
      break;
    case BS_TRACE_EVENT_FIGURE:
      /* The drawing is not in the file: the event says when, not what. */
      event.text = bs_trace_intern (trace, get_string (reader, "title"));
      event.flags = get_bool (reader, "at_end") ? BS_TRACE_FLAG_IMPLICIT : 0;
      break;
    case BS_TRACE_N_EVENT_TYPES:
    default:
      break;
    }
  if (reader->error == NULL)
    {
      guint64 index = bs_trace_append (trace, &event);

      if (type == BS_TRACE_EVENT_TENSOR)
        bs_trace_get_tensor_mut (trace, event.tensor)->event = (guint32) index;
      else if (type == BS_TRACE_EVENT_GRAD_FN)
        bs_trace_get_node_mut (trace, event.node)->event = (guint32) index;
      else if (type == BS_TRACE_EVENT_SCOPE_BEGIN)
        bs_trace_get_scope_mut (trace, event.aux)->begin_event = index;
      else if (type == BS_TRACE_EVENT_SCOPE_END)
        bs_trace_get_scope_mut (trace, event.aux)->end_event = index;
    }
}

BsTrace *
bs_trace_json_from_string (const char  *text,
                           gssize       length,
                           GError     **error)
{
  g_autoptr(BsTrace) trace = bs_trace_new ();
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  Reader reader = { trace };
  const char *end, *line;
  guint32 statement = 0;

  g_return_val_if_fail (text != NULL, NULL);
  end = text + (length < 0 ? (gssize) strlen (text) : length);
  for (line = text; line < end && reader.error == NULL;)
    {
      const char *eol = memchr (line, '\n', end - line);
      gsize n = (eol != NULL ? eol : end) - line;
      JsonNode *root;
      const char *type;

      reader.line++;
      if (n == 0 || (n == 1 && line[0] == '\r'))
        {
          line += n + 1;
          continue;
        }
      if (!json_parser_load_from_data (parser, line, (gssize) n, &reader.error))
        break;
      line += n + 1;
      root = json_parser_get_root (parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          fail (&reader, "expected an object with", "type");
          break;
        }
      reader.object = json_node_get_object (root);
      type = get_string (&reader, "type");
      if (g_strcmp0 (type, "trace") == 0)
        {
          if (g_strcmp0 (get_string (&reader, "format"), "backstep-trace") != 0
              || get_int (&reader, "version") != 1)
            fail (&reader, "not a version 1 Backstep trace:", "format");
          else
            bs_value_store_set_budget (bs_trace_get_values (trace),
                                       (gsize) get_int (&reader, "budget"));
          continue;
        }
      if (bs_trace_event_type_from_name (type) == BS_TRACE_N_EVENT_TYPES)
        {
          fail (&reader, "unknown type", type != NULL ? type : "null");
          break;
        }
      read_event (&reader, bs_trace_event_type_from_name (type), &statement);
    }
  if (reader.error != NULL)
    {
      g_propagate_error (error, reader.error);
      return NULL;
    }
  return g_steal_pointer (&trace);
}

BsTrace *
bs_trace_json_read_file (const char  *filename,
                         GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;

  if (!g_file_get_contents (filename, &text, &length, error))
    return NULL;
  return bs_trace_json_from_string (text, (gssize) length, error);
}
