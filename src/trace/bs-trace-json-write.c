/* bs-trace-json-write.c: a trace written as JSON Lines
 *
 * Written straight into a buffer that is handed on in chunks: a trace of a million events
 * is never a document tree, nor one string, in memory.
 */
#define G_LOG_DOMAIN "bs-trace"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bs-atomic-file.h"
#include "bs-trace-json.h"

/* The buffer is handed on once it holds this much. */
#define CHUNK (256 * 1024)

/* A byte buffer appended to in place (GString's appends cost a call and checks each). */
typedef struct {
  char  *data;
  gsize  len;
  gsize  size;
} Buffer;

typedef struct {
  Buffer               out;
  BsTrace             *trace;      /* Borrowed */
  BsTraceJsonWriteFunc write;      /* NULL: everything stays in out */
  gpointer             user_data;
  gboolean             failed;     /* write said no: the rest is not formatted */
  guint32              step;       /* of the event written last */
  guint                substep;    /* within it */
} Writer;

static inline char *
reserve (Writer *w,
         gsize   n)
{
  if (w->out.len + n + 1 > w->out.size)
    {
      w->out.size = MAX (2 * w->out.size, w->out.len + n + 1);
      w->out.data = g_realloc (w->out.data, w->out.size);
    }
  return w->out.data + w->out.len;
}

static inline void
put_len (Writer     *w,
         const char *text,
         gsize       n)
{
  memcpy (reserve (w, n), text, n);
  w->out.len += n;
}

static inline void
put_c (Writer *w,
       char    c)
{
  *reserve (w, 1) = c;
  w->out.len++;
}

/* Inlined, so that a literal's length is known when compiling */
G_ALWAYS_INLINE static inline void
put (Writer     *w,
     const char *text)
{
  put_len (w, text, strlen (text));
}

static void
flush (Writer *w)
{
  if (w->write == NULL)
    return;
  if (!w->failed && w->out.len > 0 && !w->write (w->out.data, w->out.len, w->user_data))
    w->failed = TRUE;
  w->out.len = 0;
}

/* Written in place, two digits at a time: most of a trace's text is small integers */
static void
put_int (Writer *w,
         gint64  value)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;
  int n = 1;
  char *out;

  for (guint64 m = magnitude; m >= 10; m /= 10)
    n++;
  n += value < 0;
  out = reserve (w, n);
  w->out.len += n;
  out += n;
  while (magnitude >= 100)
    {
      const char *pair = pairs + 2 * (magnitude % 100);

      magnitude /= 100;
      *--out = pair[1];
      *--out = pair[0];
    }
  if (magnitude >= 10)
    {
      *--out = pairs[2 * magnitude + 1];
      *--out = pairs[2 * magnitude];
    }
  else
    *--out = (char) ('0' + magnitude);
  if (value < 0)
    *--out = '-';
}

/* The shortest text that reads back as the same double; integral numbers keep a ".0" so
 * that they read back as numbers with a fraction. NaN and infinities are strings. */
static void
put_number (Writer *w,
            double  number)
{
  char buf[32];

  if (isnan (number))
    {
      put (w, "\"nan\"");
      return;
    }
  if (isinf (number))
    {
      put (w, number > 0 ? "\"inf\"" : "\"-inf\"");
      return;
    }
  if (number == (double) (gint64) number && fabs (number) < 1e15 && !signbit (number))
    {
      put_int (w, (gint64) number);
      put_len (w, ".0", 2);
      return;
    }
  for (int digits = 15; digits <= 17; digits++)
    {
      g_ascii_formatd (buf, sizeof buf, digits == 15 ? "%.15g" : digits == 16 ? "%.16g"
                       : "%.17g", number);
      if (g_ascii_strtod (buf, NULL) == number)
        break;
    }
  put (w, buf);
  if (strpbrk (buf, ".e") == NULL)
    put_len (w, ".0", 2);
}

static inline gboolean
is_plain (guchar c)
{
  return c >= 0x20 && c != '"' && c != '\\' && c != 0x7f;
}

/* JSON's escapes; other bytes, UTF-8 included, as they are. */
static void
put_string (Writer     *w,
            const char *text)
{
  if (text == NULL)
    {
      put (w, "null");
      return;
    }
  put_c (w, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;
      const char *run = p;

      if (is_plain (c))
        {
          /* a run of plain bytes in one copy */
          while (is_plain ((guchar) p[1]))
            p++;
          put_len (w, run, p - run + 1);
          continue;
        }
      switch (c)
        {
        case '"': put (w, "\\\""); break;
        case '\\': put (w, "\\\\"); break;
        case '\b': put (w, "\\b"); break;
        case '\f': put (w, "\\f"); break;
        case '\n': put (w, "\\n"); break;
        case '\r': put (w, "\\r"); break;
        case '\t': put (w, "\\t"); break;
        default:
          {
            char hex[8];

            g_snprintf (hex, sizeof hex, "\\u%04x", c);
            put (w, hex);
          }
        }
    }
  put_c (w, '"');
}

/* ,"member": inlined, as the add_ functions are, so that the member's length is known
 * when compiling */
G_ALWAYS_INLINE static inline void
key (Writer     *w,
     const char *member)
{
  put_len (w, ",\"", 2);
  put (w, member);
  put_len (w, "\":", 2);
}

G_ALWAYS_INLINE static inline void
add_int (Writer     *w,
         const char *member,
         gint64      value)
{
  key (w, member);
  put_int (w, value);
}

G_ALWAYS_INLINE static inline void
add_id (Writer     *w,
        const char *member,
        guint32     id)
{
  key (w, member);
  if (id == 0)
    put (w, "null");
  else
    put_int (w, id);
}

G_ALWAYS_INLINE static inline void
add_bool (Writer     *w,
          const char *member,
          gboolean    value)
{
  key (w, member);
  if (value)
    put (w, "true");
  else
    put (w, "false");
}

G_ALWAYS_INLINE static inline void
add_string (Writer     *w,
            const char *member,
            const char *value)
{
  key (w, member);
  put_string (w, value);
}

G_ALWAYS_INLINE static inline void
add_number (Writer     *w,
            const char *member,
            double      value)
{
  key (w, member);
  put_number (w, value);
}

static void
put_numbers (Writer       *w,
             const double *numbers,
             gint64        n)
{
  put_c (w, '[');
  for (gint64 i = 0; i < n; i++)
    {
      if (i > 0)
        put_c (w, ',');
      put_number (w, numbers[i]);
    }
  put_c (w, ']');
}

static void
put_shape (Writer       *w,
           int           ndim,
           const gint64 *shape)
{
  put_c (w, '[');
  for (int d = 0; d < ndim; d++)
    {
      if (d > 0)
        put_c (w, ',');
      put_int (w, shape[d]);
    }
  put_c (w, ']');
}

static void
put_nested (Writer             *w,
            const BsTraceValue *value,
            int                 dim,
            gint64             *offset)
{
  if (dim == value->ndim)
    {
      put_number (w, value->data[(*offset)++]);
      return;
    }
  put_c (w, '[');
  for (gint64 i = 0; i < value->shape[dim]; i++)
    {
      if (i > 0)
        put_c (w, ',');
      put_nested (w, value, dim + 1, offset);
    }
  put_c (w, ']');
}

static void
add_histogram (Writer             *w,
               const BsTraceValue *value)
{
  const BsValueHistogram *histogram = bs_trace_value_get_histogram (value);

  if (histogram == NULL)
    return;
  key (w, "histogram");
  put (w, "{\"low\":");
  put_number (w, histogram->low);
  add_number (w, "high", histogram->high);
  key (w, "bins");
  put_c (w, '[');
  for (guint i = 0; i < value->n_bins; i++)
    {
      if (i > 0)
        put_c (w, ',');
      put_int (w, (gint64) histogram->bins[i]);
    }
  put_c (w, ']');
  add_int (w, "nan", (gint64) histogram->n_nan);
  add_int (w, "posinf", (gint64) histogram->n_posinf);
  add_int (w, "neginf", (gint64) histogram->n_neginf);
  put_c (w, '}');
}

static void
put_value (Writer  *w,
           guint32  id)
{
  const BsTraceValue *value = bs_trace_get_value (w->trace, id);

  if (value == NULL)
    {
      put (w, "null");
      return;
    }
  if (value->kind == BS_VALUE_FULL && value->dtype == BS_DTYPE_FLOAT32 && value->numel > 0)
    {
      gint64 offset = 0;

      put_nested (w, value, 0, &offset);
      return;
    }
  put (w, "{\"dtype\":");
  put_string (w, bs_dtype_name (value->dtype));
  key (w, "shape");
  put_shape (w, value->ndim, value->shape);
  if (value->kind == BS_VALUE_FULL)
    {
      key (w, "data");
      put_numbers (w, value->data, value->numel);
    }
  else
    {
      add_number (w, "min", value->min);
      add_number (w, "max", value->max);
      add_number (w, "mean", value->mean);
      add_number (w, "std", value->std);
      key (w, "first");
      put_numbers (w, value->data, value->n_first);
      key (w, "last");
      put_numbers (w, value->data + value->n_first, value->n_last);
      add_histogram (w, value);
    }
  put_c (w, '}');
}

G_ALWAYS_INLINE static inline void
add_value (Writer     *w,
           const char *member,
           guint32     id)
{
  key (w, member);
  put_value (w, id);
}

G_ALWAYS_INLINE static inline void
add_ids (Writer        *w,
         const char    *member,
         const guint32 *ids,
         guint          n,
         guint          stride)
{
  key (w, member);
  put_c (w, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        put_c (w, ',');
      if (ids[i * stride] == 0)
        put (w, "null");
      else
        put_int (w, ids[i * stride]);
    }
  put_c (w, ']');
}

static void
add_line (Writer  *w,
          guint32  statement)
{
  const BsTraceSpan *span = bs_trace_get_statement (w->trace, statement);

  key (w, "line");
  if (span == NULL)
    put (w, "null");
  else
    put_int (w, span->line);
}

/* The tensor a grad_fn node belongs to (AccumulateGrad's leaf), or null. */
static void
add_node_tensor (Writer     *w,
                 const char *member,
                 guint32     node)
{
  const BsTraceNode *record = bs_trace_get_node (w->trace, node);

  add_id (w, member, record != NULL ? record->tensor : 0);
}

static void
add_span (Writer            *w,
          const BsTraceSpan *span)
{
  key (w, "span");
  put_c (w, '[');
  put_int (w, span->line);
  put_c (w, ',');
  put_int (w, span->col);
  put_c (w, ',');
  put_int (w, span->end_line);
  put_c (w, ',');
  put_int (w, span->end_col);
  put_c (w, ']');
}

static void
write_tensor (Writer             *w,
              const BsTraceEvent *event)
{
  BsTrace *trace = w->trace;
  const BsTraceTensor *t = bs_trace_get_tensor (trace, event->tensor);
  const BsTraceNode *node = bs_trace_get_node (trace, t->grad_fn);

  add_int (w, "id", t->id);
  add_string (w, "name", bs_trace_get_string (trace, t->name));
  add_string (w, "op", node != NULL ? bs_trace_get_string (trace, node->name) : NULL);
  add_string (w, "fn", bs_trace_get_string (trace, t->op));
  add_id (w, "grad_fn", t->grad_fn);
  add_ids (w, "inputs", bs_trace_get_list (trace, t->inputs), t->n_inputs, 1);
  key (w, "shape");
  put_shape (w, t->ndim, t->shape);
  add_string (w, "dtype", bs_dtype_name (t->dtype));
  add_bool (w, "requires_grad", t->requires_grad);
  if (t->span != NULL)
    {
      add_int (w, "line", t->span->line);
      add_span (w, t->span);
    }
  else
    {
      add_line (w, t->statement);
      add_id (w, "span", 0);
    }
  add_bool (w, "implicit", (event->flags & BS_TRACE_FLAG_IMPLICIT) != 0);
  add_bool (w, "wrapped", t->is_wrapped_number);
  add_id (w, "scope", t->scope);
  add_value (w, "value", event->values[0]);
}

static void
write_grad_fn (Writer             *w,
               const BsTraceEvent *event)
{
  const BsTraceNode *node = bs_trace_get_node (w->trace, event->node);
  const guint32 *next = bs_trace_get_list (w->trace, node->next);

  add_int (w, "id", node->id);
  add_string (w, "name", bs_trace_get_string (w->trace, node->name));
  add_id (w, "variable", node->is_accumulate ? node->tensor : 0);
  add_id (w, "scope", node->scope);
  key (w, "next");
  put_c (w, '[');
  for (guint i = 0; i < node->n_next; i++)
    {
      if (i > 0)
        put_c (w, ',');
      if (next[2 * i] == 0)
        {
          put (w, "null");
          continue;
        }
      put_c (w, '[');
      put_int (w, next[2 * i]);
      put_c (w, ',');
      put_int (w, next[2 * i + 1]);
      put_c (w, ']');
    }
  put_c (w, ']');
}

static void
write_event (Writer             *w,
             const BsTraceEvent *event)
{
  BsTrace *trace = w->trace;
  const char *text = bs_trace_get_string (trace, event->text);

  put (w, "{\"type\":");
  put_string (w, bs_trace_event_type_name (event->type));
  add_int (w, "step", event->step);
  if (event->step != w->step)
    {
      w->step = event->step;
      w->substep = 0;
    }
  w->substep += bs_trace_event_is_substep (event);
  if (w->substep != 0)
    add_int (w, "substep", w->substep);

  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      {
        const BsTraceSpan *span = bs_trace_get_statement (trace, event->aux);

        add_int (w, "line", span->line);
        add_int (w, "col", span->col);
        add_int (w, "end_line", span->end_line);
        add_int (w, "end_col", span->end_col);
      }
      break;
    case BS_TRACE_EVENT_GRAD_FN:
      write_grad_fn (w, event);
      break;
    case BS_TRACE_EVENT_TENSOR:
      write_tensor (w, event);
      break;
    case BS_TRACE_EVENT_INPLACE:
      add_int (w, "tensor", event->tensor);
      add_id (w, "grad_fn", event->node);
      add_string (w, "fn", text);
      add_int (w, "version", event->aux);
      add_value (w, "value", event->values[0]);
      break;
    case BS_TRACE_EVENT_BIND:
      add_int (w, "tensor", event->tensor);
      add_string (w, "name", text);
      break;
    case BS_TRACE_EVENT_PRINT:
      add_string (w, "text", text);
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      {
        const guint32 *roots = bs_trace_get_list (trace, event->aux);

        add_int (w, "backward", event->backward);
        add_ids (w, "roots", roots, event->n_aux, 3);
        add_ids (w, "root_nodes", roots != NULL ? roots + 1 : NULL, event->n_aux, 3);
        key (w, "root_grads");
        put_c (w, '[');
        for (guint i = 0; i < event->n_aux; i++)
          {
            if (i > 0)
              put_c (w, ',');
            put_value (w, roots[3 * i + 2]);
          }
        put_c (w, ']');
        add_bool (w, "retain_graph", (event->flags & BS_TRACE_FLAG_RETAIN_GRAPH) != 0);
        add_bool (w, "create_graph", (event->flags & BS_TRACE_FLAG_CREATE_GRAPH) != 0);
        add_bool (w, "autograd_grad", (event->flags & BS_TRACE_FLAG_AUTOGRAD_GRAD) != 0);
      }
      break;
    case BS_TRACE_EVENT_NODE_BEGIN:
      add_int (w, "backward", event->backward);
      add_int (w, "node", event->node);
      add_value (w, "grad", event->values[0]);
      break;
    case BS_TRACE_EVENT_EDGE:
      add_int (w, "backward", event->backward);
      add_int (w, "from", event->node);
      add_int (w, "to", event->node2);
      add_node_tensor (w, "from_tensor", event->node);
      add_node_tensor (w, "to_tensor", event->node2);
      add_int (w, "input_nr", event->input_nr);
      add_value (w, "upstream", event->values[0]);
      add_value (w, "local", event->values[1]);
      add_string (w, "formula", text);
      add_value (w, "contribution", event->values[2]);
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
      add_int (w, "backward", event->backward);
      add_int (w, "tensor", event->tensor);
      add_id (w, "node", event->node);
      add_value (w, "contribution", event->values[0]);
      add_value (w, "total", event->values[1]);
      break;
    case BS_TRACE_EVENT_FREED:
      add_int (w, "backward", event->backward);
      add_int (w, "node", event->node);
      break;
    case BS_TRACE_EVENT_BACKWARD_END:
      add_int (w, "backward", event->backward);
      add_bool (w, "ok", !(event->flags & BS_TRACE_FLAG_FAILED));
      break;
    case BS_TRACE_EVENT_GRAD_ZEROED:
      add_int (w, "tensor", event->tensor);
      add_bool (w, "set_to_none", (event->flags & BS_TRACE_FLAG_SET_TO_NONE) != 0);
      add_value (w, "grad", event->values[0]);
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      {
        const guint32 *pairs = bs_trace_get_list (trace, event->aux);

        add_string (w, "optimizer", text);
        add_ids (w, "params", pairs, event->n_aux, 2);
        key (w, "values");
        put_c (w, '[');
        for (guint i = 0; i < event->n_aux; i++)
          {
            if (i > 0)
              put_c (w, ',');
            put_value (w, pairs[2 * i + 1]);
          }
        put_c (w, ']');
      }
      break;
    case BS_TRACE_EVENT_ERROR:
      add_string (w, "message", text);
      add_id (w, "node", event->node);
      add_id (w, "backward", event->backward);
      add_line (w, event->aux);
      break;
    case BS_TRACE_EVENT_BUDGET:
      add_int (w, "budget", (gint64) bs_value_store_get_budget (bs_trace_get_values (trace)));
      add_int (w, "used", (gint64) (((guint64) event->n_aux << 32) | event->aux));
      break;
    case BS_TRACE_EVENT_SCOPE_BEGIN:
      {
        const BsTraceScope *scope = bs_trace_get_scope (trace, event->aux);

        add_int (w, "id", scope->id);
        add_id (w, "parent", scope->parent);
        add_string (w, "kind", bs_trace_scope_kind_name (scope->kind));
        add_string (w, "label", bs_trace_get_string (trace, scope->label));
        if (scope->span.line > 0)
          {
            add_int (w, "line", scope->span.line);
            add_span (w, &scope->span);
          }
        else
          {
            add_id (w, "line", 0);
            add_id (w, "span", 0);
          }
      }
      break;
    case BS_TRACE_EVENT_SCOPE_END:
      add_int (w, "id", event->aux);
      break;
    case BS_TRACE_EVENT_DESTROYED:
      add_id (w, "tensor", event->tensor);
      add_id (w, "node", event->node);
      break;
    case BS_TRACE_EVENT_CHECK:
      add_int (w, "backward", event->backward);
      add_id (w, "tensor", event->tensor);
      add_value (w, "autograd", event->values[0]);
      add_value (w, "numeric", event->values[1]);
      add_number (w, "relative_error", bs_trace_event_check_error (event));
      add_bool (w, "ok", !(event->flags & BS_TRACE_FLAG_FAILED));
      add_string (w, "note", text);
      break;
    case BS_TRACE_EVENT_FIGURE:
      add_int (w, "figure", event->aux);
      add_string (w, "title", text);
      add_bool (w, "at_end", (event->flags & BS_TRACE_FLAG_IMPLICIT) != 0);
      break;
    case BS_TRACE_N_EVENT_TYPES:
    default:
      break;
    }
  put (w, "}\n");
}

static void
write_all (Writer *w)
{
  BsTrace *trace = w->trace;
  gboolean budget_reached = FALSE;
  guint64 n = bs_trace_get_n_events (trace);

  for (guint64 i = 0; i < n && !budget_reached; i++)
    budget_reached = bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_BUDGET;
  put (w, "{\"type\":\"trace\",\"format\":\"backstep-trace\",\"version\":1");
  add_int (w, "budget", (gint64) bs_value_store_get_budget (bs_trace_get_values (trace)));
  add_bool (w, "budget_reached", budget_reached);
  put (w, "}\n");
  for (guint64 i = 0; i < n && !w->failed; i++)
    {
      write_event (w, bs_trace_get_event (trace, i));
      if (w->out.len >= CHUNK)
        flush (w);
    }
  flush (w);
}

gboolean
bs_trace_json_write (BsTrace              *trace,
                     BsTraceJsonWriteFunc  write,
                     gpointer              user_data)
{
  Writer w = { { NULL, 0, 0 }, trace, write, user_data, FALSE, 0, 0 };

  g_return_val_if_fail (trace != NULL && write != NULL, FALSE);
  write_all (&w);
  g_free (w.out.data);
  return !w.failed;
}

char *
bs_trace_json_to_string (BsTrace *trace)
{
  Writer w = { { NULL, 0, 0 }, trace, NULL, NULL, FALSE, 0, 0 };

  g_return_val_if_fail (trace != NULL, NULL);
  write_all (&w);
  *reserve (&w, 0) = '\0';
  return w.out.data;
}

static gboolean
append_to_file (const char *data,
                gsize       length,
                gpointer    user_data)
{
  return bs_atomic_file_append (user_data, data, length);
}

gboolean
bs_trace_json_write_file (BsTrace     *trace,
                          const char  *filename,
                          GError     **error)
{
  BsAtomicFile *file = bs_atomic_file_open (filename, error);

  if (file == NULL)
    return FALSE;
  bs_trace_json_write (trace, append_to_file, file);
  return bs_atomic_file_commit (file, error);
}
