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
        t->shape = bs_trace_intern_shape (trace, ndim, shape);
        t->requires_grad = get_bool (reader, "requires_grad");
        t->is_wrapped_number = get_bool (reader, "wrapped");
        t->statement = *statement;
        t->scope = scope;
        t->span = has_span ? bs_trace_intern_span (trace, &span) : NULL;
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
        BsTraceScopeKind k = bs_trace_scope_kind_from_name (kind);
        BsTraceScope *scope;

        read_span (reader, &span);
        if (k == BS_TRACE_N_SCOPE_KINDS)
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
