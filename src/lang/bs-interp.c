/* bs-interp.c: running a script: frames, statements, expressions, calls */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <stdio.h>
#include <string.h>

#include "bs-error.h"
#include "bs-float-repr.h"
#include "bs-lang-error.h"
#include "bs-lexer.h"
#include "bs-parser.h"

G_DEFINE_QUARK (bs-interp-error-quark, bs_interp_error)

#define MAX_EXPR_DEPTH 1500
#define MAX_TRACEBACK  10000
/* CPython prints a line repeated in the traceback (recursion) this many times */
#define TRACEBACK_RECURSIVE_CUTOFF 3

typedef enum {
  EXEC_NORMAL,
  EXEC_RETURN,
  EXEC_BREAK,
  EXEC_CONTINUE,
  EXEC_ERROR,
} ExecResult;

static ExecResult exec_block (BsInterp *in, BsAstNode **body, guint n, BsValue *ret);
static gboolean   eval       (BsInterp *in, BsAstNode *node, BsValue *out);
static gboolean   assign     (BsInterp *in, BsAstNode *target, BsValue value);
static void       set_fatal  (BsInterp *in, int code, const char *what);

/* --- output ------------------------------------------------------------ */

void
bs_interp_write_stdout (BsInterp   *in,
                        const char *text)
{
  if (in->options.interp_sink != NULL && in->options.interp_sink->print != NULL)
    in->options.interp_sink->print (in->options.sink_data, text);
  if (in->options.write_stdout != NULL)
    in->options.write_stdout (text, in->options.output_data);
  else
    fputs (text, stdout);
}

void
bs_interp_write_stderr (BsInterp   *in,
                        const char *text)
{
  if (in->options.write_stderr != NULL)
    in->options.write_stderr (text, in->options.output_data);
  else
    fputs (text, stderr);
}

void
bs_interp_set_span (BsInterp     *in,
                    const BsSpan *span)
{
  in->cur_span = *span;
  in->cur_span_valid = TRUE;
}

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

static const BsEventSink forward_sink = {
  fw_tensor_created, fw_inplace, fw_backward_begin, fw_node_begin, fw_edge,
  fw_accumulate, fw_freed, fw_backward_end, fw_grad_zeroed, fw_optimizer_step, fw_error,
  fw_requires_grad_changed,
};

/* --- exceptions -------------------------------------------------------- */

static gboolean
is_exception_instance (BsValue value)
{
  return bs_value_is_object (value, BS_OBJECT_INSTANCE)
         && ((BsClass *) ((BsInstance *) value.as.object)->klass.as.object)->is_exception;
}

/* An exception's __cause__ or __context__ (borrowed); None when unset. */
static BsValue
exception_link (BsValue     exc,
                const char *name)
{
  BsValue link = BS_NONE;

  if (!bs_dict_get_str (((BsInstance *) exc.as.object)->dict, name, &link))
    return BS_NONE;
  return link;
}

/* As CPython: an exception raised while another is handled gets it as __context__,
 * unless that would close a loop of contexts (the loop is cut where exc was). Only an
 * exception raised before can be in a chain: a new one needs no search of it. */
static void
chain_to_handled (BsInterp *in,
                  BsValue   exc)
{
  BsValue handled = in->handling;
  gboolean raised_before;

  if (!is_exception_instance (exc))
    return;
  raised_before = ((BsInstance *) exc.as.object)->raised;
  ((BsInstance *) exc.as.object)->raised = TRUE;
  if (!is_exception_instance (handled) || exc.as.object == handled.as.object)
    return;
  for (BsValue o = handled; raised_before && is_exception_instance (o);)
    {
      BsValue next = exception_link (o, "__context__");

      if (is_exception_instance (next) && next.as.object == exc.as.object)
        {
          bs_dict_set_str (((BsInstance *) o.as.object)->dict, "__context__", BS_NONE);
          break;
        }
      o = next;
    }
  bs_dict_set_str (((BsInstance *) exc.as.object)->dict, "__context__",
                   bs_value_ref (handled));
}

gboolean
bs_raise_value (BsInterp *in,
                BsValue   exc)
{
  chain_to_handled (in, exc);
  bs_value_unref (in->exc);
  in->exc = exc;
  return FALSE;
}

/* Raises exc_class(arg); takes arg. */
static gboolean
raise_with_arg (BsInterp   *in,
                const char *exc_class,
                BsValue     arg)
{
  BsValue klass = bs_lookup_builtin (in, exc_class);
  BsValue exc;
  BsInstance *instance;

  if (bs_value_is_none (klass))
    klass = bs_lookup_builtin (in, "RuntimeError");
  exc = bs_instance_new (in, klass);
  instance = (BsInstance *) exc.as.object;
  bs_value_unref (instance->args);
  instance->args = bs_tuple_from (in, &arg, 1);
  bs_value_unref (arg);
  return bs_raise_value (in, exc);
}

gboolean
bs_raise (BsInterp   *in,
          const char *exc_class,
          const char *format,
          ...)
{
  va_list ap;
  g_autofree char *message = NULL;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  return raise_with_arg (in, exc_class, bs_str_value (in, message));
}

gboolean
bs_raise_key_error (BsInterp *in,
                    BsValue   key)
{
  return raise_with_arg (in, "KeyError", bs_value_ref (key));
}

/* "3.8 MiB", as the engine writes sizes (g_format_size() puts a no-break space) */
static char *
format_bytes (gsize bytes)
{
  static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
  double value = bytes;
  guint unit = 0;
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (bytes < 1024)
    return g_strdup_printf ("%" G_GSIZE_FORMAT " bytes", bytes);
  for (value /= 1024; value >= 1024 && unit + 1 < G_N_ELEMENTS (units); unit++)
    value /= 1024;
  return g_strdup_printf ("%s %s", g_ascii_formatd (number, sizeof number, "%.1f", value),
                          units[unit]);
}

/* The engine refused memory: PyTorch's allocator message (a catchable RuntimeError, as in
 * PyTorch), saying which cap refused it. */
static char *
memory_message (BsInterp   *in,
                const char *engine_message)
{
  static const char allocator[] = "[enforce fail at alloc_cpu.cpp:75] err == 0. "
                                  "DefaultCPUAllocator: can't allocate memory: you tried to "
                                  "allocate";
  g_autofree char *cap = format_bytes (in->context->bytes_limit);
  g_autofree char *used = format_bytes (in->context->bytes_in_use);
  g_autofree char *in_use = in->context->bytes_in_use > 0
                              ? g_strdup_printf (", of which %s is in use", used) : g_strdup ("");
  const char *option = in->options.max_tensor_bytes_option;
  g_autofree char *raise = option != NULL ? g_strdup_printf ("; raise it with %s", option)
                                          : g_strdup ("");
  const char *size = strstr (engine_message, "allocating ");
  const char *size_end = size != NULL ? strstr (size, " would go over") : NULL;

  /* the cap; an allocation that the system refused is what PyTorch reports */
  if (size_end != NULL)
    return g_strdup_printf ("%s %.*s. (Backstep's tensor-memory cap is %s%s%s)", allocator,
                            (int) (size_end - size - strlen ("allocating ")),
                            size + strlen ("allocating "), cap, in_use, raise);
  size = strstr (engine_message, "could not allocate ");
  size_end = size != NULL ? strstr (size, " bytes") : NULL;
  if (size_end != NULL)
    return g_strdup_printf ("%s %.*s bytes. Error code 12 (Cannot allocate memory)", allocator,
                            (int) (size_end - size - strlen ("could not allocate ")),
                            size + strlen ("could not allocate "));
  /* one op's work, bounded by the cap */
  if (strstr (engine_message, "Backstep limits one operation") != NULL)
    return g_strdup_printf ("%s (Backstep's tensor-memory cap is %s%s)", engine_message, cap,
                            raise);
  return g_strdup (engine_message);
}

gboolean
bs_raise_gerror (BsInterp *in,
                 GError   *error)
{
  const char *klass = "RuntimeError";

  if (error == NULL)
    return bs_raise (in, "SystemError", "error return without exception set");
  if (!bs_value_is_none (in->callback_exc))
    {
      BsValue exc = in->callback_exc;

      in->callback_exc = BS_NONE;
      g_error_free (error);
      return bs_raise_value (in, exc);
    }
  if (error->domain == BS_ENGINE_ERROR)
    {
      switch ((BsEngineError) error->code)
        {
        case BS_ENGINE_ERROR_VALUE: klass = "ValueError"; break;
        case BS_ENGINE_ERROR_TYPE: klass = "TypeError"; break;
        case BS_ENGINE_ERROR_INDEX: klass = "IndexError"; break;
        case BS_ENGINE_ERROR_UNSUPPORTED: klass = "NotImplementedError"; break;
        case BS_ENGINE_ERROR_MEMORY:
          {
            g_autofree char *message = memory_message (in, error->message);

            g_error_free (error);
            return bs_raise (in, "RuntimeError", "%s", message);
          }
        case BS_ENGINE_ERROR_RUNTIME:
        default:
          break;
        }
    }
  else if (error->domain == BS_FORMAT_ERROR)
    klass = error->code == BS_FORMAT_ERROR_OVERFLOW ? "OverflowError" : "ValueError";
  else if (error->domain == BS_PY_RANDOM_ERROR)
    klass = error->code == BS_PY_RANDOM_ERROR_INDEX ? "IndexError" : "ValueError";
  bs_raise (in, klass, "%s", error->message);
  g_error_free (error);
  return FALSE;
}

void
bs_callback_failed (BsInterp *in,
                    GError  **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (bs_value_is_object (in->exc, BS_OBJECT_INSTANCE))
    bs_str (in, in->exc, text);
  bs_value_unref (in->callback_exc);
  in->callback_exc = in->exc;
  in->exc = BS_NONE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, "%s", text->str);
}

gboolean
bs_exception_matches (BsInterp *in,
                      BsValue   exc,
                      BsValue   klass)
{
  gsize n;
  BsValue *items = bs_value_items (klass, &n);

  if (items != NULL)
    {
      for (gsize i = 0; i < n; i++)
        if (bs_exception_matches (in, exc, items[i]))
          return TRUE;
      return FALSE;
    }
  return bs_is_subclass (bs_class_of (in, exc), klass);
}

static void
trace_entry_clear (gpointer p)
{
  BsTraceEntry *e = p;

  g_free (e->filename);
  g_free (e->name);
}

/* The start of a line of source (1-based), or NULL. */
static const char *
line_start (const char *source,
            int         line)
{
  const char *p = source;

  if (source == NULL || line < 1)
    return NULL;
  for (int i = 1; i < line && p != NULL; i++)
    {
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  return p;
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\f';
}

/* What CPython 3.11 marks with '^' in a one-line binary operation or subscript (the rest
 * gets '~'), as 0-based characters [start, end) of the line: the operator, the first
 * non-blank characters after the left operand (a closing parenthesis there, as CPython
 * does), or the "[index]". */
static void
find_anchors (const char *source,
              BsAstNode  *node,
              int        *start,
              int        *end)
{
  const char *p;
  int left, right;

  *start = *end = -1;
  if (node->span.line != node->span.end_line)
    return;
  if (node->kind == BS_AST_SUBSCRIPT)
    {
      *start = node->subscript.value->span.end_col - 1;
      *end = node->subscript.slice->span.end_col;
      return;
    }
  if (node->kind != BS_AST_BIN_OP || (p = line_start (source, node->span.line)) == NULL)
    return;
  left = node->bin_op.left->span.end_col - 1;
  right = node->bin_op.right->span.col - 1;
  for (int i = 0; i < left && *p != '\0' && *p != '\n'; i++)
    p = g_utf8_next_char (p);
  for (int i = left; i < right && *p != '\0' && *p != '\n'; i++, p = g_utf8_next_char (p))
    if (!is_blank (*p))
      {
        *start = i;
        *end = i + 1 + (i + 1 < right && !is_blank (p[1]));
        return;
      }
}

/* The exception in flight reaches the current frame at node (the expression or statement
 * that raised, or NULL): the frame's traceback entry, made once per frame and raise as
 * CPython makes it, also when the frame catches the exception. */
static void
record_traceback (BsInterp  *in,
                  BsAstNode *node)
{
  BsFrame *frame = in->frame;
  BsInstance *instance;
  BsTraceEntry entry = { 0 };

  if (frame->recorded)
    return;
  frame->recorded = TRUE;
  if (!bs_value_is_object (in->exc, BS_OBJECT_INSTANCE) || frame->is_prelude)
    return;
  instance = (BsInstance *) in->exc.as.object;
  if (instance->traceback == NULL)
    {
      instance->traceback = g_array_new (FALSE, FALSE, sizeof (BsTraceEntry));
      g_array_set_clear_func (instance->traceback, trace_entry_clear);
    }
  /* deep recursion prints in a few lines (see format_traceback); this bounds the memory */
  if (instance->traceback->len >= MAX_TRACEBACK)
    return;
  entry.filename = g_strdup (frame->filename);
  entry.name = g_strdup (frame->name);
  entry.line = node != NULL ? node->span.line : frame->line;
  entry.anchor_start = entry.anchor_end = -1;
  if (node != NULL)
    {
      entry.span = node->span;
      find_anchors (frame->source, node, &entry.anchor_start, &entry.anchor_end);
    }
  g_array_append_val (instance->traceback, entry);
}

/* Code that CPython runs as a frame of its own: a comprehension, a class body. */
static void
push_pseudo_frame (BsInterp   *in,
                   BsFrame    *pseudo,
                   const char *name,
                   BsEnv      *env)
{
  *pseudo = *in->frame;
  pseudo->parent = in->frame;
  pseudo->name = name;
  pseudo->env = env;
  pseudo->recorded = FALSE;
  in->frame = pseudo;
}

static void
pop_pseudo_frame (BsInterp *in,
                  BsFrame  *pseudo)
{
  in->frame = pseudo->parent;
}

/* "1,000,000" */
static char *
format_count (guint64 n)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  GString *out = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/* Stops the run for a limit or cancellation, saying where: "stopped at x.py:12 ...". */
static void
set_fatal (BsInterp   *in,
           int         code,
           const char *what)
{
  const char *file = in->frame != NULL ? in->frame->filename : "<string>";
  int line = in->frame != NULL ? in->frame->line : 0;

  in->fatal = g_error_new (BS_INTERP_ERROR, code, "stopped at %s:%d%s", file, line, what);
  in->error_span = (BsSourceSpan) { .line = line, .col = 1, .end_line = line, .end_col = 1 };
  in->has_error_span = TRUE;
}

static gboolean
check_limits (BsInterp *in)
{
  if (in->fatal != NULL)
    return FALSE;
  in->steps++;
  /* Large tensor ops count too: every 4,096 elements an op reads or writes is a
   * step, so that a budget bounds the time a script takes, not only its statements. */
  if (in->options.max_steps > 0
      && in->steps + in->context->elements_read / 4096 > in->options.max_steps)
    {
      g_autofree char *count = format_count (in->options.max_steps);
      g_autofree char *what = g_strdup_printf (" after %s steps (the step budget)", count);

      set_fatal (in, BS_INTERP_ERROR_LIMIT, what);
      return FALSE;
    }
  if (in->options.cancellable != NULL && (in->steps & 63) == 0
      && g_cancellable_is_cancelled (in->options.cancellable))
    {
      set_fatal (in, BS_INTERP_ERROR_CANCELLED, " (cancelled)");
      return FALSE;
    }
  return TRUE;
}

/* Errors that are not Python exceptions still unwind through every frame:
 * make in->exc a placeholder so that code checking it sees an error. */
static gboolean
raise_fatal (BsInterp *in)
{
  return bs_raise (in, "SystemExit", "%s", in->fatal->message);
}

/* --- names ------------------------------------------------------------- */

/* name is interned, as every name in a tree is */
static gboolean
lookup_name (BsInterp   *in,
             const char *name,
             BsValue    *out)
{
  BsFrame *frame = in->frame;
  BsValue *slot;
  gboolean first = TRUE;

  if (frame->func != NULL && frame->func->globals_decl != NULL
      && g_hash_table_contains (frame->func->globals_decl, name))
    {
      slot = bs_env_find (in->globals, name);
      if (slot != NULL)
        goto found;
    }
  else
    {
      for (BsEnv *env = frame->env; env != NULL; env = env->parent, first = FALSE)
        {
          if (env->is_class && !first)
            continue;
          slot = bs_env_find (env, name);
          if (slot != NULL)
            goto found;
          if (env->locals != NULL && g_hash_table_contains (env->locals, name))
            return bs_raise (in, "UnboundLocalError",
                             "cannot access local variable '%s' where it is not associated "
                             "with a value", name);
        }
    }
  slot = bs_env_find (in->builtins, name);
  if (slot != NULL)
    goto found;
  return bs_raise (in, "NameError", "name '%s' is not defined", name);

found:
  *out = bs_value_ref (*slot);
  return TRUE;
}

static void
bind_tensor_name (BsInterp   *in,
                  BsValue     value,
                  const char *name);

/* name is interned; takes value */
static gboolean
store_name (BsInterp   *in,
            const char *name,
            BsValue     value)
{
  BsFrame *frame = in->frame;
  BsFunction *func = frame->func;

  bind_tensor_name (in, value, name);
  if (func != NULL && frame->env->locals != NULL)
    {
      if (func->globals_decl != NULL && g_hash_table_contains (func->globals_decl, name))
        {
          bs_env_store (in->globals, name, value);
          return TRUE;
        }
      if (func->nonlocal_decl != NULL && g_hash_table_contains (func->nonlocal_decl, name))
        {
          for (BsEnv *env = func->closure; env != NULL; env = env->parent)
            if (bs_env_find (env, name) != NULL)
              {
                bs_env_store (env, name, value);
                return TRUE;
              }
        }
    }
  bs_env_store (frame->env, name, value);
  return TRUE;
}

/* --- debugger hooks ---------------------------------------------------- */

static void
bind_tensor_name (BsInterp   *in,
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
      BsValue list;
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
      if (!bs_call_simple (in, method, NULL, 0, &list))
        {
          bs_value_unref (method);
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          return;
        }
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

static void
scope_begin (BsInterp          *in,
             BsInterpScopeKind  kind,
             const char        *label,
             const BsSpan      *span)
{
  BsSourceSpan s = { span->line, span->col, span->end_line, span->end_col };

  in->options.interp_sink->scope_begin (in->options.sink_data, kind, label, &s);
}

static void
scope_end (BsInterp *in)
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
static gboolean
call_module (BsInterp     *in,
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

  scope_begin (in, BS_INTERP_SCOPE_MODULE_CALL, label, &in->call_span);
  ok = bs_call (in, call, a, result);
  scope_end (in);
  return ok;
}

/* One pass of a loop's body as a scope: "for epoch = 3" when the target is a name bound
 * to a whole number, else "for x, y in zip(xs, ys) (iteration 2)" or
 * "while loss > 0.1 (iteration 2)". */
static void
begin_iteration (BsInterp  *in,
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
    label = g_strdup_printf ("for %s = %" G_GINT64_FORMAT, node->for_stmt.target->name.id,
                             item.as.integer);
  else
    {
      g_autofree char *target = span_source (in->frame->source, &node->for_stmt.target->span,
                                             30);
      g_autofree char *iter = span_source (in->frame->source, &node->for_stmt.iter->span, 40);

      label = g_strdup_printf ("for %s in %s (iteration %" G_GUINT64_FORMAT ")", target, iter,
                               iteration);
    }
  scope_begin (in, BS_INTERP_SCOPE_LOOP_ITERATION, label, &node->span);
}

/* "self.fc_1" for a target, or NULL when it is not a plain dotted name. */
static char *
target_text (BsAstNode *node)
{
  if (node->kind == BS_AST_NAME)
    return g_strdup (node->name.id);
  if (node->kind == BS_AST_ATTRIBUTE)
    {
      g_autofree char *base = target_text (node->attribute.value);

      return base != NULL ? g_strdup_printf ("%s.%s", base, node->attribute.attr) : NULL;
    }
  if (node->kind == BS_AST_SUBSCRIPT && node->subscript.slice->kind == BS_AST_CONSTANT
      && node->subscript.slice->constant.kind == BS_CONST_INT)
    {
      g_autofree char *base = target_text (node->subscript.value);

      return base != NULL ? g_strdup_printf ("%s[%" G_GINT64_FORMAT "]", base,
                                             node->subscript.slice->constant.int_value)
                          : NULL;
    }
  return NULL;
}

/* --- functions --------------------------------------------------------- */

static void
collect_target_names (BsAstNode  *target,
                      GHashTable *names)
{
  if (target == NULL)
    return;
  switch (target->kind)
    {
    case BS_AST_NAME:
      g_hash_table_add (names, (gpointer) target->name.id);
      break;
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      for (guint i = 0; i < target->seq.elts.len; i++)
        collect_target_names (target->seq.elts.items[i], names);
      break;
    case BS_AST_STARRED:
      collect_target_names (target->starred.value, names);
      break;
    default:
      break;
    }
}

static void
collect_locals (BsAstNode **body,
                guint       n,
                GHashTable *names,
                GHashTable **globals_decl,
                GHashTable **nonlocal_decl)
{
  for (guint i = 0; i < n; i++)
    {
      BsAstNode *s = body[i];

      switch (s->kind)
        {
        case BS_AST_ASSIGN:
          for (guint j = 0; j < s->assign.targets.len; j++)
            collect_target_names (s->assign.targets.items[j], names);
          break;
        case BS_AST_AUG_ASSIGN:
          collect_target_names (s->aug_assign.target, names);
          break;
        case BS_AST_ANN_ASSIGN:
          if (s->ann_assign.value != NULL)
            collect_target_names (s->ann_assign.target, names);
          break;
        case BS_AST_FOR:
          collect_target_names (s->for_stmt.target, names);
          collect_locals (s->for_stmt.body.items, s->for_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->for_stmt.orelse.items, s->for_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_IF:
        case BS_AST_WHILE:
          collect_locals (s->if_stmt.body.items, s->if_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->if_stmt.orelse.items, s->if_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_WITH:
          for (guint j = 0; j < s->with_stmt.items.len; j++)
            collect_target_names (s->with_stmt.items.items[j]->with_item.optional_vars, names);
          collect_locals (s->with_stmt.body.items, s->with_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_TRY:
          collect_locals (s->try_stmt.body.items, s->try_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->try_stmt.orelse.items, s->try_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->try_stmt.finalbody.items, s->try_stmt.finalbody.len, names,
                          globals_decl, nonlocal_decl);
          for (guint j = 0; j < s->try_stmt.handlers.len; j++)
            {
              BsAstNode *h = s->try_stmt.handlers.items[j];

              if (h->except_handler.name != NULL)
                g_hash_table_add (names, (gpointer) h->except_handler.name);
              collect_locals (h->except_handler.body.items, h->except_handler.body.len,
                              names, globals_decl, nonlocal_decl);
            }
          break;
        case BS_AST_FUNCTION_DEF:
          g_hash_table_add (names, (gpointer) s->function_def.name);
          break;
        case BS_AST_CLASS_DEF:
          g_hash_table_add (names, (gpointer) s->class_def.name);
          break;
        case BS_AST_DELETE:
          for (guint j = 0; j < s->delete_stmt.targets.len; j++)
            collect_target_names (s->delete_stmt.targets.items[j], names);
          break;
        case BS_AST_IMPORT:
        case BS_AST_IMPORT_FROM:
          {
            const BsNodeList *aliases = s->kind == BS_AST_IMPORT ? &s->import.names
                                                                  : &s->import_from.names;

            for (guint j = 0; j < aliases->len; j++)
              {
                BsAstNode *a = aliases->items[j];

                if (a->alias.asname != NULL)
                  g_hash_table_add (names, (gpointer) a->alias.asname);
                else if (s->kind == BS_AST_IMPORT_FROM || strchr (a->alias.name, '.') == NULL)
                  g_hash_table_add (names, (gpointer) a->alias.name);
              }
            break;
          }
        case BS_AST_GLOBAL:
        case BS_AST_NONLOCAL:
          {
            GHashTable **decl = s->kind == BS_AST_GLOBAL ? globals_decl : nonlocal_decl;

            if (*decl == NULL)
              *decl = g_hash_table_new (NULL, NULL);
            for (guint j = 0; j < s->global.names.len; j++)
              g_hash_table_add (*decl, (gpointer) s->global.names.items[j]->name.id);
            break;
          }
        default:
          break;
        }
    }
}

static void
function_finalize (BsObject *object)
{
  BsFunction *f = (BsFunction *) object;
  guint n = f->args->arguments.args.len, k = f->args->arguments.kwonlyargs.len;

  for (guint i = 0; i < n; i++)
    bs_value_unref (f->defaults[i]);
  for (guint i = 0; i < k; i++)
    bs_value_unref (f->kw_defaults[i]);
  g_free (f->defaults);
  g_free (f->kw_defaults);
  g_free (f->has_default);
  g_free (f->has_kw_default);
  g_free (f->qualname);
  if (f->closure != NULL)
    bs_value_unref (BS_OBJECT (f->closure));
  if (f->globals != NULL)
    bs_value_unref (BS_OBJECT (f->globals));
  g_clear_pointer (&f->locals, g_hash_table_unref);
  g_clear_pointer (&f->globals_decl, g_hash_table_unref);
  g_clear_pointer (&f->nonlocal_decl, g_hash_table_unref);
  bs_value_unref (f->klass);
}

static gboolean
make_function (BsInterp   *in,
               const char *name,
               BsAstNode  *args,
               BsAstNode **body,
               guint       n_body,
               BsAstNode  *lambda_body,
               BsValue    *out)
{
  BsFunction *f;
  guint n = args->arguments.args.len, k = args->arguments.kwonlyargs.len;
  BsEnv *closure = in->frame->env;

  /* methods do not see the class body's names */
  while (closure->is_class && closure->parent != NULL)
    closure = closure->parent;
  f = (BsFunction *) bs_object_alloc (in->heap, BS_OBJECT_FUNCTION, sizeof (BsFunction));
  f->name = name;
  f->qualname = g_strdup (name);
  f->args = args;
  f->body = body;
  f->n_body = n_body;
  f->lambda_body = lambda_body;
  f->defaults = g_new0 (BsValue, MAX (n, 1));
  f->has_default = g_new0 (gboolean, MAX (n, 1));
  f->kw_defaults = g_new0 (BsValue, MAX (k, 1));
  f->has_kw_default = g_new0 (gboolean, MAX (k, 1));
  f->klass = BS_NONE;
  bs_value_ref (BS_OBJECT (closure));
  f->closure = closure;
  bs_value_ref (BS_OBJECT (in->globals));
  f->globals = in->globals;
  f->filename = in->frame->filename;
  f->source = in->frame->source;
  f->is_prelude = in->frame->is_prelude;
  f->locals = g_hash_table_new (NULL, NULL);
  *out = BS_OBJECT (f);
  for (guint i = 0; i < n; i++)
    {
      BsAstNode *arg = args->arguments.args.items[i];

      g_hash_table_add (f->locals, (gpointer) arg->arg.name);
      if (arg->arg.default_value != NULL)
        {
          if (!eval (in, arg->arg.default_value, &f->defaults[i]))
            return FALSE;
          f->has_default[i] = TRUE;
        }
    }
  for (guint i = 0; i < k; i++)
    {
      BsAstNode *arg = args->arguments.kwonlyargs.items[i];

      g_hash_table_add (f->locals, (gpointer) arg->arg.name);
      if (arg->arg.default_value != NULL)
        {
          if (!eval (in, arg->arg.default_value, &f->kw_defaults[i]))
            return FALSE;
          f->has_kw_default[i] = TRUE;
        }
    }
  if (args->arguments.vararg != NULL)
    g_hash_table_add (f->locals, (gpointer) args->arguments.vararg->arg.name);
  if (args->arguments.kwarg != NULL)
    g_hash_table_add (f->locals, (gpointer) args->arguments.kwarg->arg.name);
  collect_locals (body, n_body, f->locals, &f->globals_decl, &f->nonlocal_decl);
  if (f->globals_decl != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, f->globals_decl);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_remove (f->locals, key);
    }
  if (f->nonlocal_decl != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, f->nonlocal_decl);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_remove (f->locals, key);
    }
  return TRUE;
}

static gboolean
bind_arguments (BsInterp     *in,
                BsFunction   *f,
                BsEnv        *env,
                const BsArgs *a)
{
  BsAstNode *args = f->args;
  guint n_params = args->arguments.args.len;
  guint n_kwonly = args->arguments.kwonlyargs.len;
  gboolean *bound = g_newa (gboolean, n_params + n_kwonly + 1);
  BsValue varargs = BS_NONE, kwargs = BS_NONE;
  const char *fname = f->name;

  memset (bound, 0, sizeof (gboolean) * (n_params + n_kwonly + 1));
  if (a->n_args > n_params && args->arguments.vararg == NULL)
    {
      guint n_required = 0;

      for (guint i = 0; i < n_params; i++)
        if (!f->has_default[i])
          n_required++;
      if (n_required == n_params)
        return bs_raise (in, "TypeError", "%s() takes %u positional argument%s but %u %s given",
                         fname, n_params, n_params == 1 ? "" : "s", a->n_args,
                         a->n_args == 1 ? "was" : "were");
      return bs_raise (in, "TypeError",
                       "%s() takes from %u to %u positional arguments but %u were given",
                       fname, n_required, n_params, a->n_args);
    }
  for (guint i = 0; i < a->n_args && i < n_params; i++)
    {
      bs_env_store (env, args->arguments.args.items[i]->arg.name, bs_value_ref (a->args[i]));
      bound[i] = TRUE;
    }
  if (args->arguments.vararg != NULL)
    {
      guint extra = a->n_args > n_params ? a->n_args - n_params : 0;

      varargs = bs_tuple_from (in, extra > 0 ? a->args + n_params : NULL, extra);
      bs_env_store (env, args->arguments.vararg->arg.name, varargs);
    }
  if (args->arguments.kwarg != NULL)
    {
      kwargs = bs_dict_new (in->heap);
      bs_env_store (env, args->arguments.kwarg->arg.name, kwargs);
    }
  for (guint k = 0; k < a->n_kw; k++)
    {
      const char *name = a->kw_names[k];
      guint i;
      gboolean done = FALSE;

      for (i = args->arguments.n_posonly; i < n_params; i++)
        if (strcmp (args->arguments.args.items[i]->arg.name, name) == 0)
          {
            if (bound[i])
              return bs_raise (in, "TypeError", "%s() got multiple values for argument '%s'",
                               fname, name);
            bs_env_store (env, args->arguments.args.items[i]->arg.name,
                        bs_value_ref (a->kw_values[k]));
            bound[i] = TRUE;
            done = TRUE;
            break;
          }
      if (!done)
        for (i = 0; i < n_kwonly; i++)
          if (strcmp (args->arguments.kwonlyargs.items[i]->arg.name, name) == 0)
            {
              bs_env_store (env, args->arguments.kwonlyargs.items[i]->arg.name,
                          bs_value_ref (a->kw_values[k]));
              bound[n_params + i] = TRUE;
              done = TRUE;
              break;
            }
      if (!done)
        {
          if (bs_value_is_none (kwargs))
            return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'",
                             fname, name);
          bs_dict_set_str (kwargs, name, bs_value_ref (a->kw_values[k]));
        }
    }
  for (guint i = 0; i < n_params; i++)
    if (!bound[i])
      {
        if (!f->has_default[i])
          {
            GString *missing = g_string_new (NULL);
            guint count = 0;

            for (guint j = i; j < n_params; j++)
              if (!bound[j] && !f->has_default[j])
                {
                  count++;
                  if (missing->len > 0)
                    g_string_append (missing, ", ");
                  g_string_append_printf (missing, "'%s'", args->arguments.args.items[j]->arg.name);
                }
            if (count == 2)
              {
                char *comma = strstr (missing->str, ", ");

                g_string_insert (missing, comma - missing->str + 1, " and");
                g_string_erase (missing, comma - missing->str, 1);
              }
            bs_raise (in, "TypeError", "%s() missing %u required positional argument%s: %s",
                      fname, count, count == 1 ? "" : "s", missing->str);
            g_string_free (missing, TRUE);
            return FALSE;
          }
        bs_env_store (env, args->arguments.args.items[i]->arg.name,
                    bs_value_ref (f->defaults[i]));
      }
  for (guint i = 0; i < n_kwonly; i++)
    if (!bound[n_params + i])
      {
        if (!f->has_kw_default[i])
          return bs_raise (in, "TypeError",
                           "%s() missing 1 required keyword-only argument: '%s'", fname,
                           args->arguments.kwonlyargs.items[i]->arg.name);
        bs_env_store (env, args->arguments.kwonlyargs.items[i]->arg.name,
                    bs_value_ref (f->kw_defaults[i]));
      }
  return TRUE;
}

static gboolean
call_function (BsInterp     *in,
               BsFunction   *f,
               const BsArgs *a,
               BsValue      *result)
{
  BsFrame frame = { 0 };
  BsEnv *env;
  gboolean ok = TRUE;
  int max_depth = in->options.max_recursion > 0 ? in->options.max_recursion : 1000;

  /* the module's frame counts, as in CPython */
  if (in->call_depth + 1 >= max_depth)
    return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
  env = bs_env_new (in, f->closure);
  env->locals = f->locals;
  frame.parent = in->frame;
  frame.env = env;
  frame.func = f;
  frame.first_arg = a->n_args > 0 ? a->args[0] : BS_NONE;
  frame.name = f->name;
  frame.filename = f->filename;
  frame.source = f->source;
  frame.is_prelude = f->is_prelude;
  frame.line = f->args->span.line;
  in->frame = &frame;
  in->call_depth++;
  *result = BS_NONE;
  if (!bind_arguments (in, f, env, a))
    ok = FALSE;
  else if (f->lambda_body != NULL)
    {
      frame.line = f->lambda_body->span.line;
      ok = eval (in, f->lambda_body, result);
    }
  else
    {
      ExecResult r = exec_block (in, f->body, f->n_body, result);

      ok = r != EXEC_ERROR;
    }
  in->call_depth--;
  in->frame = frame.parent;
  bs_value_unref (BS_OBJECT (env));
  return ok;
}

gboolean
bs_call (BsInterp     *in,
         BsValue       callee,
         const BsArgs *a,
         BsValue      *result)
{
  const char *name = in->call_name;

  in->call_name = NULL;
  *result = BS_NONE;
  if (in->fatal != NULL)
    return raise_fatal (in);
  if (callee.type == BS_VALUE_OBJECT)
    {
      switch (callee.as.object->type)
        {
        case BS_OBJECT_BUILTIN:
          {
            BsBuiltin *b = (BsBuiltin *) callee.as.object;
            gboolean ok;

            if (in->call_depth >= 5000)
              return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
            in->call_depth++;
            in->builtin_name = b->name;
            ok = b->func (in, b->self, a, result);
            in->call_depth--;
            return ok;
          }
        case BS_OBJECT_FUNCTION:
          return call_function (in, (BsFunction *) callee.as.object, a, result);
        case BS_OBJECT_BOUND_METHOD:
          {
            BsBoundMethod *m = (BsBoundMethod *) callee.as.object;
            BsArgs b = *a;
            BsValue *args = g_new (BsValue, a->n_args + 1);
            gboolean ok;

            args[0] = m->self;
            if (a->n_args > 0)
              memcpy (args + 1, a->args, sizeof (BsValue) * a->n_args);
            b.args = args;
            b.n_args = a->n_args + 1;
            ok = bs_call (in, m->func, &b, result);
            g_free (args);
            return ok;
          }
        case BS_OBJECT_CLASS:
          {
            BsValue instance, init;
            BsClass *klass = (BsClass *) callee.as.object;

            instance = bs_instance_new (in, callee);
            if (klass->is_exception)
              {
                BsInstance *i = (BsInstance *) instance.as.object;

                bs_value_unref (i->args);
                i->args = bs_tuple_from (in, a->args, a->n_args);
              }
            if (bs_class_lookup (callee, "__new__", &init))
              {
                /* a builtin class (dict, list...) made by its constructor */
                bs_value_unref (instance);
                return bs_call (in, init, a, result);
              }
            if (bs_class_lookup (callee, "__init__", &init))
              {
                BsArgs b = *a;
                BsValue *args = g_new (BsValue, a->n_args + 1);
                BsValue ignored;
                gboolean ok;

                args[0] = instance;
                if (a->n_args > 0)
                  memcpy (args + 1, a->args, sizeof (BsValue) * a->n_args);
                b.args = args;
                b.n_args = a->n_args + 1;
                bs_value_ref (init);
                ok = bs_call (in, init, &b, &ignored);
                bs_value_unref (init);
                g_free (args);
                if (!ok)
                  {
                    bs_value_unref (instance);
                    return FALSE;
                  }
                if (!bs_value_is_none (ignored))
                  {
                    bs_value_unref (ignored);
                    bs_value_unref (instance);
                    return bs_raise (in, "TypeError",
                                     "__init__() should return None, not '%s'",
                                     bs_type_name (ignored));
                  }
              }
            else if (a->n_args > 0 && !klass->is_exception)
              {
                bs_value_unref (instance);
                return bs_raise (in, "TypeError", "%s() takes no arguments", klass->name);
              }
            *result = instance;
            return TRUE;
          }
        case BS_OBJECT_INSTANCE:
        case BS_OBJECT_NATIVE:
          {
            BsValue method;
            gboolean found, ok;

            if (!bs_getattr_opt (in, callee, "__call__", &method, &found))
              return FALSE;
            if (found)
              {
                if (G_UNLIKELY (in->scopes) && callee.as.object->type == BS_OBJECT_INSTANCE
                    && ((BsClass *) ((BsInstance *) callee.as.object)->klass.as.object)->is_module)
                  ok = call_module (in, callee, method, name, a, result);
                else
                  ok = bs_call (in, method, a, result);
                bs_value_unref (method);
                return ok;
              }
            break;
          }
        default:
          break;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object is not callable", bs_type_name (callee));
}

gboolean
bs_call_simple (BsInterp *in,
                BsValue   callee,
                BsValue  *args,
                guint     n,
                BsValue  *result)
{
  BsArgs a = { args, n, NULL, NULL, 0 };

  return bs_call (in, callee, &a, result);
}

gboolean
bs_call_method (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *args,
                guint       n,
                BsValue    *result)
{
  BsValue method;
  gboolean ok;

  if (!bs_getattr (in, self, name, &method))
    return FALSE;
  ok = bs_call_simple (in, method, args, n, result);
  bs_value_unref (method);
  return ok;
}

/* --- expressions ------------------------------------------------------- */

/* The truth of a condition: if, while, assert, the ifs of a comprehension. */
static gboolean
eval_truth (BsInterp  *in,
            BsAstNode *node,
            gboolean  *truth)
{
  BsValue v;
  gboolean ok;

  if (!eval (in, node, &v))
    return FALSE;
  ok = bs_truthy (in, v, truth);
  bs_value_unref (v);
  return ok;
}

/* Whether every if clause of a comprehension's for clause holds. */
static gboolean
eval_comp_ifs (BsInterp  *in,
               BsAstNode *clause,
               gboolean  *keep)
{
  *keep = TRUE;
  for (guint i = 0; i < clause->comprehension.ifs.len && *keep; i++)
    if (!eval_truth (in, clause->comprehension.ifs.items[i], keep))
      return FALSE;
  return TRUE;
}

/* The values of expressions, each "*x" giving the items of x: a display's or a call's
 * positional arguments (a new list). */
static gboolean
eval_items (BsInterp         *in,
            const BsNodeList *nodes,
            BsValue          *out)
{
  BsValue list = bs_list_new (in->heap);

  for (guint i = 0; i < nodes->len; i++)
    {
      BsAstNode *e = nodes->items[i];
      BsValue v;

      if (!eval (in, e->kind == BS_AST_STARRED ? e->starred.value : e, &v))
        goto fail;
      if (e->kind == BS_AST_STARRED)
        {
          BsValue sub;
          gsize n;
          BsValue *items;
          gboolean ok = bs_to_list (in, v, &sub);

          bs_value_unref (v);
          if (!ok)
            goto fail;
          items = bs_value_items (sub, &n);
          for (gsize j = 0; j < n; j++)
            bs_list_append (list, bs_value_ref (items[j]));
          bs_value_unref (sub);
          continue;
        }
      bs_list_append (list, v);
    }
  *out = list;
  return TRUE;

fail:
  bs_value_unref (list);
  return FALSE;
}

/* The object and key of a subscript x[key], to read, write or delete. */
static gboolean
eval_subscript (BsInterp  *in,
                BsAstNode *node,
                BsValue   *obj,
                BsValue   *key)
{
  *key = BS_NONE;
  if (!eval (in, node->subscript.value, obj))
    return FALSE;
  if (eval (in, node->subscript.slice, key))
    return TRUE;
  bs_value_unref (*obj);
  *obj = BS_NONE;
  return FALSE;
}

/* The name a call reaches its callee by: "fc1" in self.fc1(x), "model" in model(x). */
static const char *
callee_name (BsAstNode *func)
{
  if (func->kind == BS_AST_NAME)
    return func->name.id;
  if (func->kind == BS_AST_ATTRIBUTE)
    return func->attribute.attr;
  return NULL;
}

static gboolean
eval_call (BsInterp  *in,
           BsAstNode *node,
           BsValue   *out)
{
  BsValue callee, args = BS_NONE;
  gsize n_args;
  GArray *kw_values = g_array_new (FALSE, FALSE, sizeof (BsValue));
  GPtrArray *kw_names = g_ptr_array_new ();
  GPtrArray *owned_names = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = FALSE;
  BsArgs a;

  if (!eval (in, node->call.func, &callee))
    goto out_no_callee;
  if (!eval_items (in, &node->call.args, &args))
    goto out;
  for (guint i = 0; i < node->call.keywords.len; i++)
    {
      BsAstNode *kw = node->call.keywords.items[i];
      BsValue v;

      if (!eval (in, kw->keyword.value, &v))
        goto out;
      if (kw->keyword.arg == NULL)
        {
          BsDict *d;

          if (!bs_value_is_object (v, BS_OBJECT_DICT))
            {
              bs_value_unref (v);
              bs_raise (in, "TypeError", "argument after ** must be a mapping");
              goto out;
            }
          d = (BsDict *) v.as.object;
          for (guint j = 0; j < d->entries->len; j++)
            {
              BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, j);
              BsValue item;

              if (e->deleted)
                continue;
              if (bs_value_str (e->key) == NULL)
                {
                  bs_value_unref (v);
                  bs_raise (in, "TypeError", "keywords must be strings");
                  goto out;
                }
              item = bs_value_ref (e->value);
              g_array_append_val (kw_values, item);
              g_ptr_array_add (owned_names, g_strdup (bs_value_str (e->key)));
              g_ptr_array_add (kw_names, owned_names->pdata[owned_names->len - 1]);
            }
          bs_value_unref (v);
          continue;
        }
      g_array_append_val (kw_values, v);
      g_ptr_array_add (kw_names, (gpointer) kw->keyword.arg);
    }
  a.args = bs_value_items (args, &n_args);
  a.n_args = n_args;
  a.kw_names = (const char **) kw_names->pdata;
  a.kw_values = (BsValue *) kw_values->data;
  a.n_kw = kw_values->len;
  if (in->frame->is_prelude)
    ok = bs_call (in, callee, &a, out);
  else
    {
      BsSpan outer = in->call_span;

      in->frame->line = node->span.line;
      bs_interp_set_span (in, &node->span);
      if (G_UNLIKELY (in->scopes))
        {
          in->call_span = node->span;
          in->call_name = callee_name (node->call.func);
        }
      ok = bs_call (in, callee, &a, out);
      in->call_span = outer;
      in->frame->line = node->span.line;
    }

out:
  bs_value_unref (callee);
out_no_callee:
  bs_value_unref (args);
  for (guint i = 0; i < kw_values->len; i++)
    bs_value_unref (g_array_index (kw_values, BsValue, i));
  g_array_unref (kw_values);
  g_ptr_array_unref (kw_names);
  g_ptr_array_unref (owned_names);
  return ok;
}

static gboolean
eval_fstring (BsInterp  *in,
              BsAstNode *node,
              BsValue   *out)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < node->joined_str.values.len; i++)
    {
      BsAstNode *part = node->joined_str.values.items[i];

      if (part->kind == BS_AST_CONSTANT)
        {
          g_string_append_len (s, part->constant.str, part->constant.len);
          continue;
        }
      if (part->kind == BS_AST_FORMATTED_VALUE)
        {
          BsValue v, spec = BS_NONE;
          gboolean ok;

          if (!eval (in, part->formatted_value.value, &v))
            goto fail;
          if (part->formatted_value.format_spec != NULL
              && !eval (in, part->formatted_value.format_spec, &spec))
            {
              bs_value_unref (v);
              goto fail;
            }
          if (part->formatted_value.conversion == 'r' || part->formatted_value.conversion == 'a'
              || part->formatted_value.conversion == 's')
            {
              GString *t = g_string_new (NULL);

              ok = part->formatted_value.conversion == 's' ? bs_str (in, v, t)
                                                           : bs_repr (in, v, t);
              bs_value_unref (v);
              v = bs_str_new (in->heap, t->str, t->len);
              g_string_free (t, TRUE);
              if (!ok)
                {
                  bs_value_unref (spec);
                  bs_value_unref (v);
                  goto fail;
                }
            }
          ok = bs_format_value (in, v, bs_value_str (spec) != NULL ? bs_value_str (spec) : "", s);
          bs_value_unref (v);
          bs_value_unref (spec);
          if (!ok)
            goto fail;
          continue;
        }
      {
        BsValue v;
        gboolean ok;

        if (!eval (in, part, &v))
          goto fail;
        ok = bs_str (in, v, s);
        bs_value_unref (v);
        if (!ok)
          goto fail;
      }
    }
  *out = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;

fail:
  g_string_free (s, TRUE);
  return FALSE;
}

/* Runs the generators of a comprehension, calling back for each element. */
static gboolean comp_iterate (BsInterp *in, BsAstNode *node, guint level, BsPyIter *it,
                              BsValue acc);

/* The comprehension's for clauses from level on, adding its items to acc. */
static gboolean
comp_loop (BsInterp  *in,
           BsAstNode *node,
           guint      level,
           BsValue    acc)
{
  BsValue iterable;
  BsPyIter it;
  gboolean ok;

  if (level == node->comp.generators.len)
    {
      BsValue v, value;

      if (!eval (in, node->comp.elt, &v))
        return FALSE;
      if (node->kind == BS_AST_DICT_COMP)
        {
          char *message = NULL;

          if (!eval (in, node->comp.value, &value))
            {
              bs_value_unref (v);
              return FALSE;
            }
          if (!bs_dict_set (acc, v, value, &message))
            {
              bs_value_unref (v);
              bs_raise (in, "TypeError", "%s", message);
              g_free (message);
              return FALSE;
            }
          bs_value_unref (v);
          return TRUE;
        }
      if (bs_is_set (acc))
        {
          gboolean ok_add = bs_set_add (in, acc, v);

          bs_value_unref (v);
          return ok_add;
        }
      bs_list_append (acc, v);
      return TRUE;
    }
  if (!eval (in, node->comp.generators.items[level]->comprehension.iter, &iterable))
    return FALSE;
  ok = bs_py_iter_init (in, iterable, &it);
  bs_value_unref (iterable);
  if (!ok)
    return FALSE;
  ok = comp_iterate (in, node, level, &it, acc);
  bs_py_iter_clear (&it);
  return ok;
}

/* The for clause at level over it. */
static gboolean
comp_iterate (BsInterp  *in,
              BsAstNode *node,
              guint      level,
              BsPyIter  *it,
              BsValue    acc)
{
  BsAstNode *gen = node->comp.generators.items[level];
  gboolean ok = TRUE;

  for (;;)
    {
      BsValue item;
      int r = bs_py_iter_next (in, it, &item);
      gboolean keep = TRUE;

      if (r == 0)
        break;
      if (r < 0 || !assign (in, gen->comprehension.target, item)
          || !eval_comp_ifs (in, gen, &keep) || (keep && !comp_loop (in, node, level + 1, acc)))
        {
          ok = FALSE;
          break;
        }
      if (!check_limits (in))
        {
          ok = raise_fatal (in);
          break;
        }
    }
  return ok;
}

static gboolean eval_seq (BsInterp *in, BsAstNode *node, BsValue *out);

/* A generator expression runs lazily: its state is one iterator per `for` clause, and each
 * step advances the innermost one, as the nested loops of comp_loop would. */
typedef struct {
  BsAstNode *node;
  BsEnv     *env;     /* Owned: the expression's own scope */
  BsPyIter  *iters;   /* one per clause; the first depth are running */
  guint      depth;
  gboolean   done;
} GenState;

static void
gen_state_free (gpointer p)
{
  GenState *g = p;

  for (guint i = 0; i < g->depth; i++)
    bs_py_iter_clear (&g->iters[i]);
  g_free (g->iters);
  bs_value_unref (BS_OBJECT (g->env));
  g_free (g);
}

static int
gen_step_inner (BsInterp *in,
                GenState *g,
                BsValue  *out)
{
  guint n = g->node->comp.generators.len;

  while (g->depth > 0)
    {
      BsAstNode *gen = g->node->comp.generators.items[g->depth - 1];
      BsValue item;
      gboolean keep = TRUE;
      int r = bs_py_iter_next (in, &g->iters[g->depth - 1], &item);

      if (r < 0)
        return -1;
      if (r == 0)
        {
          bs_py_iter_clear (&g->iters[--g->depth]);
          continue;
        }
      if (!assign (in, gen->comprehension.target, item))
        return -1;
      if (!eval_comp_ifs (in, gen, &keep))
        return -1;
      if (!check_limits (in))
        return raise_fatal (in), -1;
      if (!keep)
        continue;
      if (g->depth < n)
        {
          BsAstNode *next = g->node->comp.generators.items[g->depth];
          BsValue iterable;
          gboolean ok;

          if (!eval (in, next->comprehension.iter, &iterable))
            return -1;
          ok = bs_py_iter_init (in, iterable, &g->iters[g->depth]);
          bs_value_unref (iterable);
          if (!ok)
            return -1;
          g->depth++;
          continue;
        }
      return eval (in, g->node->comp.elt, out) ? 1 : -1;
    }
  return 0;
}

static int
gen_step (BsInterp *in,
          gpointer  state,
          BsValue  *out)
{
  GenState *g = state;
  BsFrame frame;
  int r;

  if (g->done)
    return 0;
  push_pseudo_frame (in, &frame, "<genexpr>", g->env);
  r = gen_step_inner (in, g, out);
  if (r < 0)
    record_traceback (in, g->node->comp.elt);
  pop_pseudo_frame (in, &frame);
  if (r <= 0)
    {
      g->done = TRUE;
      for (guint i = 0; i < g->depth; i++)
        bs_py_iter_clear (&g->iters[i]);
      g->depth = 0;
    }
  return r;
}

static gboolean
eval_generator (BsInterp  *in,
                BsAstNode *node,
                BsValue   *out)
{
  GenState *g;
  BsValue iterable;
  gboolean ok;

  /* as in Python, the first iterable is evaluated at once, in the enclosing scope */
  if (!eval (in, node->comp.generators.items[0]->comprehension.iter, &iterable))
    return FALSE;
  g = g_new0 (GenState, 1);
  g->node = node;
  g->iters = g_new0 (BsPyIter, node->comp.generators.len);
  g->env = bs_env_new (in, in->frame->env);
  ok = bs_py_iter_init (in, iterable, &g->iters[0]);
  bs_value_unref (iterable);
  if (!ok)
    {
      gen_state_free (g);
      return FALSE;
    }
  g->depth = 1;
  *out = bs_genexp_new (in, gen_step, g, gen_state_free);
  return TRUE;
}

/* A set display: CPython builds a display of three or more constants from a frozenset
 * constant, which can order colliding keys differently from adding them one by one. */
static gboolean
eval_set (BsInterp  *in,
          BsAstNode *node,
          BsValue   *out)
{
  BsValue list, set, frozen;
  gboolean all_const = node->seq.elts.len > 2;
  gsize n;
  BsValue *items;

  for (guint i = 0; i < node->seq.elts.len && all_const; i++)
    {
      BsAstNode *e = node->seq.elts.items[i];

      if (e->kind == BS_AST_UNARY_OP && e->unary_op.op == BS_UNARYOP_USUB)
        e = e->unary_op.operand;
      all_const = e->kind == BS_AST_CONSTANT;
    }
  if (!eval_seq (in, node, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  set = bs_set_new (in, FALSE);
  frozen = all_const ? bs_set_new (in, TRUE) : bs_value_ref (set);
  for (gsize i = 0; i < n; i++)
    if (!bs_set_add (in, frozen, items[i]))
      {
        bs_value_unref (frozen);
        bs_value_unref (set);
        bs_value_unref (list);
        return FALSE;
      }
  bs_value_unref (list);
  if (all_const)
    {
      BsValue merged;
      gboolean ok = bs_binary_op (in, BS_BINOP_BIT_OR, set, frozen, &merged);

      bs_value_unref (frozen);
      bs_value_unref (set);
      if (!ok)
        return FALSE;
      *out = merged;
      return TRUE;
    }
  bs_value_unref (frozen);
  *out = set;
  return TRUE;
}

static gboolean
eval_comprehension (BsInterp  *in,
                    BsAstNode *node,
                    BsValue   *out)
{
  static const char *const names[] = { "<listcomp>", "<setcomp>", "<dictcomp>" };
  int kind = node->kind == BS_AST_LIST_COMP ? 0 : node->kind == BS_AST_SET_COMP ? 1 : 2;
  BsValue acc, iterable;
  BsPyIter it;
  BsEnv *env;
  BsFrame frame;
  gboolean ok;

  if (node->kind == BS_AST_GENERATOR_EXP)
    return eval_generator (in, node, out);
  /* as in Python, the first iterable is evaluated in the enclosing scope, the rest in a
   * frame of the comprehension's own */
  if (!eval (in, node->comp.generators.items[0]->comprehension.iter, &iterable))
    return FALSE;
  ok = bs_py_iter_init (in, iterable, &it);
  bs_value_unref (iterable);
  if (!ok)
    return FALSE;
  acc = kind == 0 ? bs_list_new (in->heap) : kind == 1 ? bs_set_new (in, FALSE)
                                                      : bs_dict_new (in->heap);
  env = bs_env_new (in, in->frame->env);
  push_pseudo_frame (in, &frame, names[kind], env);
  ok = comp_iterate (in, node, 0, &it, acc);
  if (!ok)
    record_traceback (in, node->comp.elt);
  pop_pseudo_frame (in, &frame);
  bs_py_iter_clear (&it);
  bs_value_unref (BS_OBJECT (env));
  if (!ok)
    {
      bs_value_unref (acc);
      return FALSE;
    }
  *out = acc;
  return TRUE;
}

static gboolean
eval_seq (BsInterp  *in,
          BsAstNode *node,
          BsValue   *out)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (!eval_items (in, &node->seq.elts, &list))
    return FALSE;
  if (node->kind != BS_AST_TUPLE)
    {
      *out = list;
      return TRUE;
    }
  items = bs_value_items (list, &n);
  *out = bs_tuple_from (in, items, n);
  bs_value_unref (list);
  return TRUE;
}

static gboolean
eval_constant (BsInterp  *in,
               BsAstNode *node,
               BsValue   *out)
{
  switch (node->constant.kind)
    {
    case BS_CONST_NONE: *out = BS_NONE; return TRUE;
    case BS_CONST_TRUE: *out = BS_BOOL (TRUE); return TRUE;
    case BS_CONST_FALSE: *out = BS_BOOL (FALSE); return TRUE;
    case BS_CONST_ELLIPSIS:
      *out = bs_value_ref (bs_lookup_builtin (in, "Ellipsis"));
      return TRUE;
    case BS_CONST_INT:
      if (node->constant.int_overflow)
        return bs_raise (in, "OverflowError",
                         "integer literal too large: Backstep's ints are 64-bit");
      *out = BS_INT (node->constant.int_value);
      return TRUE;
    case BS_CONST_FLOAT: *out = BS_FLOAT (node->constant.float_value); return TRUE;
    case BS_CONST_STR:
    default:
      *out = bs_str_new (in->heap, node->constant.str, node->constant.len);
      return TRUE;
    }
}

static gboolean
eval_inner (BsInterp  *in,
            BsAstNode *node,
            BsValue   *out)
{
  *out = BS_NONE;
  switch (node->kind)
    {
    case BS_AST_CONSTANT:
      return eval_constant (in, node, out);

    case BS_AST_NAME:
      return lookup_name (in, node->name.id, out);

    case BS_AST_BIN_OP:
      {
        BsValue a, b;
        gboolean ok;

        if (!eval (in, node->bin_op.left, &a))
          return FALSE;
        if (!eval (in, node->bin_op.right, &b))
          {
            bs_value_unref (a);
            return FALSE;
          }
        bs_interp_set_span (in, &node->span);
        ok = bs_binary_op (in, node->bin_op.op, a, b, out);
        bs_value_unref (a);
        bs_value_unref (b);
        return ok;
      }

    case BS_AST_UNARY_OP:
      {
        BsValue a;
        gboolean ok;

        if (!eval (in, node->unary_op.operand, &a))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_unary_op (in, node->unary_op.op, a, out);
        bs_value_unref (a);
        return ok;
      }

    case BS_AST_BOOL_OP:
      {
        BsValue v = BS_NONE;

        for (guint i = 0; i < node->bool_op.values.len; i++)
          {
            gboolean truth;

            bs_value_unref (v);
            if (!eval (in, node->bool_op.values.items[i], &v))
              return FALSE;
            if (!bs_truthy (in, v, &truth))
              {
                bs_value_unref (v);
                return FALSE;
              }
            if ((node->bool_op.op == BS_BOOLOP_AND) != truth)
              break;
          }
        *out = v;
        return TRUE;
      }

    case BS_AST_COMPARE:
      {
        BsValue left, right, result = BS_NONE;

        if (!eval (in, node->compare.left, &left))
          return FALSE;
        for (guint i = 0; i < node->compare.comparators.len; i++)
          {
            gboolean truth;

            if (!eval (in, node->compare.comparators.items[i], &right))
              {
                bs_value_unref (left);
                return FALSE;
              }
            bs_value_unref (result);
            bs_interp_set_span (in, &node->span);
            if (!bs_compare_op (in, node->compare.ops[i], left, right, &result))
              {
                bs_value_unref (left);
                bs_value_unref (right);
                return FALSE;
              }
            bs_value_unref (left);
            left = right;
            if (i + 1 == node->compare.comparators.len)
              break;
            if (!bs_truthy (in, result, &truth))
              {
                bs_value_unref (left);
                bs_value_unref (result);
                return FALSE;
              }
            if (!truth)
              break;
          }
        bs_value_unref (left);
        *out = result;
        return TRUE;
      }

    case BS_AST_IF_EXP:
      {
        gboolean truth;

        if (!eval_truth (in, node->if_exp.test, &truth))
          return FALSE;
        return eval (in, truth ? node->if_exp.body : node->if_exp.orelse, out);
      }

    case BS_AST_CALL:
      return eval_call (in, node, out);

    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;
        gboolean ok;

        if (!eval (in, node->attribute.value, &obj))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_getattr (in, obj, node->attribute.attr, out);
        bs_value_unref (obj);
        return ok;
      }

    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;
        gboolean ok;

        if (!eval_subscript (in, node, &obj, &key))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_getitem (in, obj, key, out);
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok;
      }

    case BS_AST_SLICE:
      {
        BsValue parts[3] = { BS_NONE, BS_NONE, BS_NONE };
        BsAstNode *nodes[3] = { node->slice.lower, node->slice.upper, node->slice.step };

        for (int i = 0; i < 3; i++)
          if (nodes[i] != NULL && !eval (in, nodes[i], &parts[i]))
            {
              for (int j = 0; j < i; j++)
                bs_value_unref (parts[j]);
              return FALSE;
            }
        *out = bs_slice_new (in, parts[0], parts[1], parts[2]);
        return TRUE;
      }

    case BS_AST_LIST:
    case BS_AST_TUPLE:
      return eval_seq (in, node, out);

    case BS_AST_SET:
      return eval_set (in, node, out);

    case BS_AST_DICT:
      {
        BsValue dict = bs_dict_new (in->heap);

        for (guint i = 0; i < node->dict.values.len; i++)
          {
            BsValue k, v;
            char *message = NULL;

            if (node->dict.keys.items[i] == NULL)
              {
                BsDict *src;

                if (!eval (in, node->dict.values.items[i], &v))
                  goto dict_fail;
                if (!bs_value_is_object (v, BS_OBJECT_DICT))
                  {
                    bs_raise (in, "TypeError", "'%s' object is not a mapping",
                              bs_type_name (v));
                    bs_value_unref (v);
                    goto dict_fail;
                  }
                src = (BsDict *) v.as.object;
                for (guint j = 0; j < src->entries->len; j++)
                  {
                    BsDictEntry *e = &g_array_index (src->entries, BsDictEntry, j);

                    if (!e->deleted)
                      bs_dict_set (dict, e->key, bs_value_ref (e->value), NULL);
                  }
                bs_value_unref (v);
                continue;
              }
            if (!eval (in, node->dict.keys.items[i], &k))
              goto dict_fail;
            if (!eval (in, node->dict.values.items[i], &v))
              {
                bs_value_unref (k);
                goto dict_fail;
              }
            if (!bs_dict_set (dict, k, v, &message))
              {
                bs_value_unref (k);
                bs_raise (in, "TypeError", "%s", message);
                g_free (message);
                goto dict_fail;
              }
            bs_value_unref (k);
          }
        *out = dict;
        return TRUE;
      dict_fail:
        bs_value_unref (dict);
        return FALSE;
      }

    case BS_AST_LIST_COMP:
    case BS_AST_SET_COMP:
    case BS_AST_DICT_COMP:
    case BS_AST_GENERATOR_EXP:
      return eval_comprehension (in, node, out);

    case BS_AST_JOINED_STR:
      return eval_fstring (in, node, out);

    case BS_AST_FORMATTED_VALUE:
      {
        BsAstNode fake = { 0 };
        BsAstNode *items[1] = { node };

        fake.kind = BS_AST_JOINED_STR;
        fake.joined_str.values.items = items;
        fake.joined_str.values.len = 1;
        return eval_fstring (in, &fake, out);
      }

    case BS_AST_LAMBDA:
      return make_function (in, "<lambda>", node->lambda.args, NULL, 0, node->lambda.body, out);

    case BS_AST_STARRED:
      return bs_raise (in, "SyntaxError", "can't use starred expression here");

    default:
      return bs_raise (in, "SyntaxError", "unsupported expression: %s",
                       bs_node_kind_name (node->kind));
    }
}

static gboolean
eval (BsInterp  *in,
      BsAstNode *node,
      BsValue   *out)
{
  gboolean ok;

  if (in->expr_depth >= MAX_EXPR_DEPTH)
    {
      *out = BS_NONE;
      return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
    }
  in->expr_depth++;
  ok = eval_inner (in, node, out);
  in->expr_depth--;
  if (G_UNLIKELY (!ok))
    record_traceback (in, node);
  return ok;
}

/* --- assignment -------------------------------------------------------- */

static gboolean
assign_unpack (BsInterp  *in,
               BsAstNode *target,
               BsValue    value)
{
  BsValue list;
  gsize n, n_targets = target->seq.elts.len;
  BsValue *items;
  gssize star = -1;
  gboolean ok = TRUE;

  for (gsize i = 0; i < n_targets; i++)
    if (target->seq.elts.items[i]->kind == BS_AST_STARRED)
      star = i;
  if (!bs_to_list (in, value, &list))
    {
      if (bs_value_is_object (in->exc, BS_OBJECT_INSTANCE)
          && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "TypeError")))
        return bs_raise (in, "TypeError", "cannot unpack non-iterable %s object",
                         bs_type_name (value));
      return FALSE;
    }
  items = bs_value_items (list, &n);
  if (star < 0 && n != n_targets)
    {
      bs_value_unref (list);
      if (n > n_targets)
        return bs_raise (in, "ValueError", "too many values to unpack (expected %zu)",
                         n_targets);
      return bs_raise (in, "ValueError", "not enough values to unpack (expected %zu, got %zu)",
                       n_targets, n);
    }
  if (star >= 0 && n < n_targets - 1)
    {
      bs_value_unref (list);
      return bs_raise (in, "ValueError",
                       "not enough values to unpack (expected at least %zu, got %zu)",
                       n_targets - 1, n);
    }
  for (gsize i = 0, j = 0; i < n_targets && ok; i++)
    {
      BsAstNode *t = target->seq.elts.items[i];

      if ((gssize) i == star)
        {
          gsize count = n - (n_targets - 1);
          BsValue rest = bs_list_new (in->heap);

          for (gsize k = 0; k < count; k++)
            bs_list_append (rest, bs_value_ref (items[j + k]));
          j += count;
          ok = assign (in, t->starred.value, rest);
          continue;
        }
      ok = assign (in, t, bs_value_ref (items[j++]));
    }
  bs_value_unref (list);
  return ok;
}

static gboolean assign_inner (BsInterp *in, BsAstNode *target, BsValue value);

/* Binds target to value; takes value. A target that cannot take it is where the error is,
 * for the traceback ("a, b = 1" marks "a, b"). */
static gboolean
assign (BsInterp  *in,
        BsAstNode *target,
        BsValue    value)
{
  if (assign_inner (in, target, value))
    return TRUE;
  record_traceback (in, target);
  return FALSE;
}

static gboolean
assign_inner (BsInterp  *in,
              BsAstNode *target,
              BsValue    value)
{
  gboolean ok;

  switch (target->kind)
    {
    case BS_AST_NAME:
      return store_name (in, target->name.id, value);

    case BS_AST_TUPLE:
    case BS_AST_LIST:
      ok = assign_unpack (in, target, value);
      bs_value_unref (value);
      return ok;

    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;

        if (!eval (in, target->attribute.value, &obj))
          {
            bs_value_unref (value);
            return FALSE;
          }
        ok = bs_setattr (in, obj, target->attribute.attr, value);
        if (ok && in->options.interp_sink != NULL && !in->frame->is_prelude)
          {
            g_autofree char *text = target_text (target);

            if (text != NULL)
              bind_tensor_name (in, value, text);
          }
        bs_value_unref (obj);
        bs_value_unref (value);
        return ok;
      }

    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;

        if (!eval_subscript (in, target, &obj, &key))
          {
            bs_value_unref (value);
            return FALSE;
          }
        bs_interp_set_span (in, &target->span);
        ok = bs_setitem (in, obj, key, value);
        if (ok && in->options.interp_sink != NULL && !in->frame->is_prelude)
          {
            g_autofree char *text = target_text (target);

            if (text != NULL)
              bind_tensor_name (in, value, text);
          }
        bs_value_unref (obj);
        bs_value_unref (key);
        bs_value_unref (value);
        return ok;
      }

    case BS_AST_STARRED:
      bs_value_unref (value);
      return bs_raise (in, "SyntaxError", "starred assignment target must be in a list or tuple");

    default:
      bs_value_unref (value);
      return bs_raise (in, "SyntaxError", "cannot assign to expression");
    }
}

static gboolean delete_target_inner (BsInterp *in, BsAstNode *target);

static gboolean
delete_target (BsInterp  *in,
               BsAstNode *target)
{
  if (delete_target_inner (in, target))
    return TRUE;
  record_traceback (in, target);
  return FALSE;
}

static gboolean
delete_target_inner (BsInterp  *in,
                     BsAstNode *target)
{
  switch (target->kind)
    {
    case BS_AST_NAME:
      {
        BsEnv *env = in->frame->env;

        if (in->frame->func != NULL && in->frame->func->globals_decl != NULL
            && g_hash_table_contains (in->frame->func->globals_decl, target->name.id))
          env = in->globals;
        if (!bs_env_remove (env, target->name.id))
          return bs_raise (in, "NameError", "name '%s' is not defined", target->name.id);
        return TRUE;
      }
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      for (guint i = 0; i < target->seq.elts.len; i++)
        if (!delete_target (in, target->seq.elts.items[i]))
          return FALSE;
      return TRUE;
    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;
        gboolean ok;

        if (!eval (in, target->attribute.value, &obj))
          return FALSE;
        ok = bs_delattr (in, obj, target->attribute.attr);
        bs_value_unref (obj);
        return ok;
      }
    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;
        gboolean ok;

        if (!eval_subscript (in, target, &obj, &key))
          return FALSE;
        ok = bs_delitem (in, obj, key);
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok;
      }
    default:
      return bs_raise (in, "SyntaxError", "cannot delete expression");
    }
}

/* --- statements -------------------------------------------------------- */


/* Applies decorators innermost first; *value is replaced (or released on error). */
static gboolean
apply_decorators (BsInterp         *in,
                  const BsNodeList *decorators,
                  BsValue          *value)
{
  for (guint i = decorators->len; i > 0; i--)
    {
      BsValue dec, res;
      gboolean ok;

      if (!eval (in, decorators->items[i - 1], &dec))
        {
          bs_value_unref (*value);
          return FALSE;
        }
      ok = bs_call_simple (in, dec, value, 1, &res);
      bs_value_unref (dec);
      bs_value_unref (*value);
      if (!ok)
        return FALSE;
      *value = res;
    }
  return TRUE;
}

static ExecResult
exec_class (BsInterp  *in,
            BsAstNode *node)
{
  BsValue base = BS_NONE, klass, decorated;
  BsEnv *env;
  BsFrame body;
  ExecResult r;
  BsValue ignored = BS_NONE;
  BsClass *c;

  if (node->class_def.bases.len > 1)
    {
      bs_raise (in, "NotImplementedError",
                "multiple inheritance is not supported by Backstep (class %s)",
                node->class_def.name);
      return EXEC_ERROR;
    }
  if (node->class_def.bases.len == 1)
    {
      if (!eval (in, node->class_def.bases.items[0], &base))
        return EXEC_ERROR;
      if (!bs_value_is_object (base, BS_OBJECT_CLASS))
        {
          bs_raise (in, "TypeError", "bases must be types");
          bs_value_unref (base);
          return EXEC_ERROR;
        }
    }
  klass = bs_class_new (in, node->class_def.name, base);
  bs_value_unref (base);
  c = (BsClass *) klass.as.object;
  c->is_prelude = in->frame->is_prelude;
  if (c->is_prelude && strcmp (c->name, "Module") == 0)
    c->is_module = TRUE;
  env = bs_env_new (in, in->frame->env);
  env->is_class = TRUE;
  push_pseudo_frame (in, &body, node->class_def.name, env);
  r = exec_block (in, node->class_def.body.items, node->class_def.body.len, &ignored);
  pop_pseudo_frame (in, &body);
  bs_value_unref (ignored);
  if (r == EXEC_ERROR)
    {
      bs_value_unref (BS_OBJECT (env));
      bs_value_unref (klass);
      return EXEC_ERROR;
    }
  for (guint i = 0; env->order != NULL && i < env->order->len; i++)
    {
      const char *key = g_ptr_array_index (env->order, i);
      BsValue *value = bs_env_find (env, key);

      /* a name deleted in the body (del x) is gone from vars */
      if (value == NULL)
        continue;
      {
        BsValue v = *value;

        if (bs_value_is_object (v, BS_OBJECT_FUNCTION))
          {
            BsFunction *f = (BsFunction *) v.as.object;

            if (bs_value_is_none (f->klass))
              {
                f->klass = bs_value_ref (klass);
                g_free (f->qualname);
                f->qualname = g_strdup_printf ("%s.%s", c->name, f->name);
              }
          }
        bs_dict_set_str (c->dict, key, bs_value_ref (v));
      }
    }
  bs_value_unref (BS_OBJECT (env));
  /* the class keeps its methods, which point back at it through klass: a cycle
   * the heap frees at the end */
  decorated = klass;
  if (!apply_decorators (in, &node->class_def.decorators, &decorated))
    return EXEC_ERROR;
  store_name (in, node->class_def.name, decorated);
  return EXEC_NORMAL;
}

/* raise exc from cause: cause (an exception, its class, or None) becomes __cause__, and
 * the context is no longer printed. */
static gboolean
set_cause (BsInterp  *in,
           BsValue    exc,
           BsAstNode *cause_node)
{
  BsValue cause, dict = ((BsInstance *) exc.as.object)->dict;

  if (!eval (in, cause_node, &cause))
    return FALSE;
  if (bs_value_is_object (cause, BS_OBJECT_CLASS)
      && ((BsClass *) cause.as.object)->is_exception)
    {
      BsValue instance;
      gboolean ok = bs_call_simple (in, cause, NULL, 0, &instance);

      bs_value_unref (cause);
      if (!ok)
        return FALSE;
      cause = instance;
    }
  if (!bs_value_is_none (cause) && !is_exception_instance (cause))
    {
      bs_value_unref (cause);
      return bs_raise (in, "TypeError", "exception causes must derive from BaseException");
    }
  bs_dict_set_str (dict, "__cause__", cause);
  bs_dict_set_str (dict, "__suppress_context__", BS_BOOL (TRUE));
  return TRUE;
}

static ExecResult
exec_try (BsInterp  *in,
          BsAstNode *node,
          BsValue   *ret)
{
  ExecResult r = exec_block (in, node->try_stmt.body.items, node->try_stmt.body.len, ret);

  if (r == EXEC_ERROR && in->fatal == NULL)
    {
      BsValue exc = in->exc;

      for (guint i = 0; i < node->try_stmt.handlers.len; i++)
        {
          BsAstNode *h = node->try_stmt.handlers.items[i];
          gboolean matches = TRUE;

          if (h->except_handler.type != NULL)
            {
              BsValue klass;
              gboolean recorded = in->frame->recorded;

              in->exc = BS_NONE;
              in->frame->recorded = FALSE;
              if (!eval (in, h->except_handler.type, &klass))
                {
                  bs_value_unref (exc);
                  r = EXEC_ERROR;
                  goto finally;
                }
              matches = bs_exception_matches (in, exc, klass);
              bs_value_unref (klass);
              in->exc = exc;
              in->frame->recorded = recorded;
            }
          if (!matches)
            continue;
          in->exc = BS_NONE;
          in->frame->recorded = FALSE;
          if (h->except_handler.name != NULL)
            store_name (in, h->except_handler.name, bs_value_ref (exc));
          {
            /* what a bare "raise" re-raises, in the handler and what it calls */
            BsValue outer = in->handling;

            in->handling = exc;
            r = exec_block (in, h->except_handler.body.items, h->except_handler.body.len, ret);
            in->handling = outer;
          }
          bs_value_unref (exc);
          goto finally;
        }
    }
  else if (r == EXEC_NORMAL)
    r = exec_block (in, node->try_stmt.orelse.items, node->try_stmt.orelse.len, ret);

finally:
  if (node->try_stmt.finalbody.len > 0)
    {
      BsValue pending = in->exc;
      BsValue fret = BS_NONE;
      gboolean recorded = in->frame->recorded;
      ExecResult fr;
      BsValue outer = in->handling;

      in->exc = BS_NONE;
      in->frame->recorded = FALSE;
      /* an exception on its way out is being handled while the finally block runs */
      if (r == EXEC_ERROR && is_exception_instance (pending))
        in->handling = pending;
      fr = exec_block (in, node->try_stmt.finalbody.items, node->try_stmt.finalbody.len, &fret);
      in->handling = outer;
      if (fr == EXEC_NORMAL)
        {
          in->exc = pending;
          in->frame->recorded = recorded;
          bs_value_unref (fret);
          return r;
        }
      bs_value_unref (pending);
      if (r == EXEC_RETURN)
        bs_value_unref (*ret);
      *ret = fret;
      return fr;
    }
  return r;
}

static ExecResult
exec_with (BsInterp  *in,
           BsAstNode *node,
           BsValue   *ret,
           guint      index)
{
  BsAstNode *item;
  BsValue manager, entered, exit_method, result = BS_NONE;
  ExecResult r;

  if (index == node->with_stmt.items.len)
    return exec_block (in, node->with_stmt.body.items, node->with_stmt.body.len, ret);
  item = node->with_stmt.items.items[index];
  if (!eval (in, item->with_item.context_expr, &manager))
    return EXEC_ERROR;
  {
    BsValue enter_method = BS_NONE;
    gboolean has_enter = FALSE, has_exit = FALSE, ok;

    exit_method = BS_NONE;
    ok = bs_getattr_opt (in, manager, "__enter__", &enter_method, &has_enter)
         && (!has_enter || bs_getattr_opt (in, manager, "__exit__", &exit_method, &has_exit));
    if (ok && !has_exit)
      bs_raise (in, "TypeError", "'%s' object does not support the context manager protocol%s",
                bs_type_name (manager), has_enter ? " (missed __exit__ method)" : "");
    bs_value_unref (manager);
    ok = ok && has_exit && bs_call_simple (in, enter_method, NULL, 0, &entered);
    bs_value_unref (enter_method);
    if (!ok)
      {
        bs_value_unref (exit_method);
        return EXEC_ERROR;
      }
  }
  if (item->with_item.optional_vars != NULL)
    {
      if (!assign (in, item->with_item.optional_vars, entered))
        {
          bs_value_unref (exit_method);
          return EXEC_ERROR;
        }
    }
  else
    bs_value_unref (entered);
  r = exec_with (in, node, ret, index + 1);
  {
    BsValue pending = in->exc;
    BsValue args[3] = { BS_NONE, BS_NONE, BS_NONE };
    gboolean suppress = FALSE, recorded = in->frame->recorded;

    in->exc = BS_NONE;
    in->frame->recorded = FALSE;
    if (r == EXEC_ERROR && in->fatal == NULL)
      {
        args[0] = bs_class_of (in, pending);
        args[1] = pending;
      }
    if (!bs_call_simple (in, exit_method, args, 3, &result))
      {
        bs_value_unref (pending);
        bs_value_unref (exit_method);
        return EXEC_ERROR;
      }
    bs_value_unref (exit_method);
    if (r == EXEC_ERROR && in->fatal == NULL)
      bs_truthy (in, result, &suppress);
    bs_value_unref (result);
    if (suppress)
      {
        bs_value_unref (pending);
        return EXEC_NORMAL;
      }
    in->exc = pending;
    in->frame->recorded = recorded;
  }
  return r;
}

static ExecResult
exec_import (BsInterp  *in,
             BsAstNode *node)
{
  if (node->kind == BS_AST_IMPORT)
    {
      for (guint i = 0; i < node->import.names.len; i++)
        {
          BsAstNode *a = node->import.names.items[i];
          BsValue module;

          if (!bs_import_module (in, a->alias.name, &module))
            return EXEC_ERROR;
          if (a->alias.asname != NULL)
            store_name (in, a->alias.asname, module);
          else
            {
              /* "import torch.nn" binds "torch" */
              const char *dot = strchr (a->alias.name, '.');

              if (dot != NULL)
                {
                  g_autofree char *text = g_strndup (a->alias.name, dot - a->alias.name);
                  const char *top = bs_intern (in, text);

                  bs_value_unref (module);
                  if (!bs_import_module (in, top, &module))
                    return EXEC_ERROR;
                  store_name (in, top, module);
                }
              else
                store_name (in, a->alias.name, module);
            }
        }
      return EXEC_NORMAL;
    }
  {
    BsValue module;

    if (node->import_from.level > 0 || node->import_from.module == NULL)
      {
        bs_raise (in, "ImportError", "attempted relative import with no known parent package");
        return EXEC_ERROR;
      }
    if (!bs_import_module (in, node->import_from.module, &module))
      return EXEC_ERROR;
    for (guint i = 0; i < node->import_from.names.len; i++)
      {
        BsAstNode *a = node->import_from.names.items[i];
        BsValue v;
        gboolean found;

        if (strcmp (a->alias.name, "*") == 0)
          {
            BsModule *m = (BsModule *) module.as.object;
            BsDict *d = (BsDict *) m->dict.as.object;

            for (guint j = 0; j < d->entries->len; j++)
              {
                BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, j);
                const char *name = bs_value_str (e->key);

                if (e->deleted || name == NULL || name[0] == '_')
                  continue;
                store_name (in, bs_intern (in, name), bs_value_ref (e->value));
              }
            continue;
          }
        if (!bs_getattr_opt (in, module, a->alias.name, &v, &found))
          {
            bs_value_unref (module);
            return EXEC_ERROR;
          }
        if (!found)
          {
            g_autofree char *sub = g_strdup_printf ("%s.%s", node->import_from.module,
                                                    a->alias.name);

            if (!bs_import_module (in, sub, &v))
              {
                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                bs_raise (in, "ImportError", "cannot import name '%s' from '%s'",
                          a->alias.name, node->import_from.module);
                bs_value_unref (module);
                return EXEC_ERROR;
              }
          }
        store_name (in, a->alias.asname != NULL ? a->alias.asname : a->alias.name, v);
      }
    bs_value_unref (module);
    return EXEC_NORMAL;
  }
}

static ExecResult
exec_while (BsInterp  *in,
            BsAstNode *node,
            BsValue   *ret)
{
  gboolean scoped = G_UNLIKELY (in->scopes) && !in->frame->is_prelude;

  for (guint64 iteration = 1;; iteration++)
    {
      gboolean truth;
      ExecResult r;

      in->frame->line = node->span.line;
      if (!check_limits (in))
        {
          raise_fatal (in);
          return EXEC_ERROR;
        }
      if (!eval_truth (in, node->while_stmt.test, &truth))
        return EXEC_ERROR;
      if (!truth)
        return exec_block (in, node->while_stmt.orelse.items, node->while_stmt.orelse.len, ret);
      if (scoped)
        begin_iteration (in, node, BS_NONE, iteration);
      r = exec_block (in, node->while_stmt.body.items, node->while_stmt.body.len, ret);
      if (scoped)
        scope_end (in);
      if (r == EXEC_BREAK)
        return EXEC_NORMAL;
      if (r == EXEC_RETURN || r == EXEC_ERROR)
        return r;
    }
}

static ExecResult
exec_for (BsInterp  *in,
          BsAstNode *node,
          BsValue   *ret)
{
  gboolean scoped = G_UNLIKELY (in->scopes) && !in->frame->is_prelude;
  BsValue iterable;
  BsPyIter it;
  ExecResult r = EXEC_NORMAL;
  gboolean broke = FALSE;

  if (!eval (in, node->for_stmt.iter, &iterable))
    return EXEC_ERROR;
  if (!bs_py_iter_init (in, iterable, &it))
    {
      bs_value_unref (iterable);
      return EXEC_ERROR;
    }
  bs_value_unref (iterable);
  for (guint64 iteration = 1;; iteration++)
    {
      BsValue item;
      int n = bs_py_iter_next (in, &it, &item);

      if (n == 0)
        break;
      if (n < 0)
        {
          r = EXEC_ERROR;
          break;
        }
      in->frame->line = node->span.line;
      if (scoped)
        begin_iteration (in, node, item, iteration);
      if (assign (in, node->for_stmt.target, item))
        r = exec_block (in, node->for_stmt.body.items, node->for_stmt.body.len, ret);
      else
        r = EXEC_ERROR;
      if (scoped)
        scope_end (in);
      if (r == EXEC_BREAK)
        {
          broke = TRUE;
          r = EXEC_NORMAL;
          break;
        }
      if (r == EXEC_RETURN || r == EXEC_ERROR)
        break;
      r = EXEC_NORMAL;
    }
  bs_py_iter_clear (&it);
  if (r == EXEC_NORMAL && !broke)
    r = exec_block (in, node->for_stmt.orelse.items, node->for_stmt.orelse.len, ret);
  return r;
}

static ExecResult
exec_stmt (BsInterp  *in,
           BsAstNode *node,
           BsValue   *ret)
{
  BsFrame *frame = in->frame;

  frame->line = node->span.line;
  if (!frame->is_prelude)
    {
      in->cur_span_valid = FALSE;
      if (in->options.interp_sink != NULL && in->options.interp_sink->statement != NULL
          && node->kind != BS_AST_FUNCTION_DEF && node->kind != BS_AST_CLASS_DEF)
        {
          BsSourceSpan span = { node->span.line, node->span.col, node->span.end_line,
                                node->span.end_col };

          in->options.interp_sink->statement (in->options.sink_data, &span);
        }
    }
  if (!check_limits (in))
    {
      raise_fatal (in);
      return EXEC_ERROR;
    }

  switch (node->kind)
    {
    case BS_AST_EXPR_STMT:
      {
        BsValue v;

        if (!eval (in, node->expr_stmt.value, &v))
          return EXEC_ERROR;
        bs_value_unref (v);
        return EXEC_NORMAL;
      }

    case BS_AST_ASSIGN:
      {
        BsValue v;

        if (!eval (in, node->assign.value, &v))
          return EXEC_ERROR;
        for (guint i = 0; i < node->assign.targets.len; i++)
          if (!assign (in, node->assign.targets.items[i], bs_value_ref (v)))
            {
              bs_value_unref (v);
              return EXEC_ERROR;
            }
        bs_value_unref (v);
        return EXEC_NORMAL;
      }

    case BS_AST_ANN_ASSIGN:
      {
        BsValue v;

        if (node->ann_assign.value == NULL)
          return EXEC_NORMAL;
        if (!eval (in, node->ann_assign.value, &v))
          return EXEC_ERROR;
        return assign (in, node->ann_assign.target, v) ? EXEC_NORMAL : EXEC_ERROR;
      }

    case BS_AST_AUG_ASSIGN:
      {
        BsAstNode *t = node->aug_assign.target;
        BsValue obj = BS_NONE, key = BS_NONE, current, rhs, result;
        gboolean ok;

        if (t->kind == BS_AST_NAME)
          {
            if (!lookup_name (in, t->name.id, &current))
              return EXEC_ERROR;
          }
        else if (t->kind == BS_AST_ATTRIBUTE)
          {
            if (!eval (in, t->attribute.value, &obj))
              return EXEC_ERROR;
            if (!bs_getattr (in, obj, t->attribute.attr, &current))
              {
                bs_value_unref (obj);
                return EXEC_ERROR;
              }
          }
        else if (t->kind == BS_AST_SUBSCRIPT)
          {
            if (!eval_subscript (in, t, &obj, &key))
              return EXEC_ERROR;
            if (!bs_getitem (in, obj, key, &current))
              {
                bs_value_unref (obj);
                bs_value_unref (key);
                return EXEC_ERROR;
              }
          }
        else
          {
            bs_raise (in, "SyntaxError", "illegal expression for augmented assignment");
            return EXEC_ERROR;
          }
        if (!eval (in, node->aug_assign.value, &rhs))
          {
            bs_value_unref (obj);
            bs_value_unref (key);
            bs_value_unref (current);
            return EXEC_ERROR;
          }
        bs_interp_set_span (in, &node->span);
        ok = bs_inplace_op (in, node->aug_assign.op, current, rhs, &result);
        bs_value_unref (current);
        bs_value_unref (rhs);
        if (ok)
          {
            if (t->kind == BS_AST_NAME)
              ok = store_name (in, t->name.id, result);
            else if (t->kind == BS_AST_ATTRIBUTE)
              {
                ok = bs_setattr (in, obj, t->attribute.attr, result);
                bs_value_unref (result);
              }
            else
              {
                ok = bs_setitem (in, obj, key, result);
                bs_value_unref (result);
              }
          }
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok ? EXEC_NORMAL : EXEC_ERROR;
      }

    case BS_AST_IF:
      {
        gboolean truth;

        if (!eval_truth (in, node->if_stmt.test, &truth))
          return EXEC_ERROR;
        if (truth)
          return exec_block (in, node->if_stmt.body.items, node->if_stmt.body.len, ret);
        return exec_block (in, node->if_stmt.orelse.items, node->if_stmt.orelse.len, ret);
      }

    case BS_AST_WHILE:
      return exec_while (in, node, ret);

    case BS_AST_FOR:
      return exec_for (in, node, ret);

    case BS_AST_BREAK:
      return EXEC_BREAK;
    case BS_AST_CONTINUE:
      return EXEC_CONTINUE;
    case BS_AST_PASS:
      return EXEC_NORMAL;

    case BS_AST_RETURN:
      if (node->return_stmt.value == NULL)
        *ret = BS_NONE;
      else if (!eval (in, node->return_stmt.value, ret))
        return EXEC_ERROR;
      return EXEC_RETURN;

    case BS_AST_FUNCTION_DEF:
      {
        BsValue f;

        if (!make_function (in, node->function_def.name, node->function_def.args,
                            node->function_def.body.items, node->function_def.body.len, NULL,
                            &f))
          {
            bs_value_unref (f);
            return EXEC_ERROR;
          }
        if (!apply_decorators (in, &node->function_def.decorators, &f))
          return EXEC_ERROR;
        store_name (in, node->function_def.name, f);
        return EXEC_NORMAL;
      }

    case BS_AST_CLASS_DEF:
      return exec_class (in, node);

    case BS_AST_WITH:
      return exec_with (in, node, ret, 0);

    case BS_AST_TRY:
      return exec_try (in, node, ret);

    case BS_AST_RAISE:
      {
        BsValue exc;

        if (node->raise.exc == NULL)
          {
            if (bs_value_is_none (in->handling))
              bs_raise (in, "RuntimeError", "No active exception to reraise");
            else
              {
                /* as in CPython, re-raising adds no entry for this frame */
                bs_raise_value (in, bs_value_ref (in->handling));
                in->frame->recorded = TRUE;
              }
            return EXEC_ERROR;
          }
        if (!eval (in, node->raise.exc, &exc))
          return EXEC_ERROR;
        if (bs_value_is_object (exc, BS_OBJECT_CLASS))
          {
            BsValue instance;

            if (!bs_call_simple (in, exc, NULL, 0, &instance))
              {
                bs_value_unref (exc);
                return EXEC_ERROR;
              }
            bs_value_unref (exc);
            exc = instance;
          }
        if (!is_exception_instance (exc))
          {
            bs_value_unref (exc);
            bs_raise (in, "TypeError", "exceptions must derive from BaseException");
            return EXEC_ERROR;
          }
        if (node->raise.cause != NULL && !set_cause (in, exc, node->raise.cause))
          {
            bs_value_unref (exc);
            return EXEC_ERROR;
          }
        bs_raise_value (in, exc);
        return EXEC_ERROR;
      }

    case BS_AST_ASSERT:
      {
        gboolean truth;

        if (!eval_truth (in, node->assert_stmt.test, &truth))
          return EXEC_ERROR;
        if (truth)
          return EXEC_NORMAL;
        if (node->assert_stmt.msg != NULL)
          {
            BsValue msg, exc;

            if (!eval (in, node->assert_stmt.msg, &msg))
              return EXEC_ERROR;
            if (!bs_call_simple (in, bs_lookup_builtin (in, "AssertionError"), &msg, 1, &exc))
              {
                bs_value_unref (msg);
                return EXEC_ERROR;
              }
            bs_value_unref (msg);
            bs_raise_value (in, exc);
            record_traceback (in, node->assert_stmt.test);
            return EXEC_ERROR;
          }
        {
          BsValue exc;

          if (bs_call_simple (in, bs_lookup_builtin (in, "AssertionError"), NULL, 0, &exc))
            bs_raise_value (in, exc);
        }
        record_traceback (in, node->assert_stmt.test);
        return EXEC_ERROR;
      }

    case BS_AST_DELETE:
      for (guint i = 0; i < node->delete_stmt.targets.len; i++)
        if (!delete_target (in, node->delete_stmt.targets.items[i]))
          return EXEC_ERROR;
      return EXEC_NORMAL;

    case BS_AST_GLOBAL:
    case BS_AST_NONLOCAL:
      return EXEC_NORMAL;

    case BS_AST_IMPORT:
    case BS_AST_IMPORT_FROM:
      return exec_import (in, node);

    default:
      bs_raise (in, "SyntaxError", "unsupported statement: %s", bs_node_kind_name (node->kind));
      return EXEC_ERROR;
    }
}

static ExecResult
exec_block (BsInterp   *in,
            BsAstNode **body,
            guint       n,
            BsValue    *ret)
{
  for (guint i = 0; i < n; i++)
    {
      ExecResult r = exec_stmt (in, body[i], ret);

      if (r != EXEC_NORMAL)
        {
          if (r == EXEC_ERROR)
            record_traceback (in, body[i]);
          return r;
        }
    }
  return EXEC_NORMAL;
}

/* --- running ----------------------------------------------------------- */

BsInterp *
bs_interp_new (const BsInterpOptions *options)
{
  BsInterp *in = g_new0 (BsInterp, 1);
  GError *error = NULL;
  GCancellable *cancellable;

  if (options != NULL)
    in->options = *options;
  if (in->options.cancellable != NULL)
    g_object_ref (in->options.cancellable);
  in->context = bs_context_new ();
  bs_context_set_memory_limit (in->context, in->options.max_tensor_bytes > 0
                                              ? in->options.max_tensor_bytes
                                              : (gsize) 1 << 30);
  /* An op may read as many elements as the memory cap has bytes: a second or so
   * of work at most, even through an expanded view that owns no memory. */
  bs_context_set_op_limit (in->context, in->context->bytes_limit);
  if (in->options.engine_sink != NULL || in->options.interp_sink != NULL)
    bs_context_set_sink (in->context, &forward_sink, in);
  in->scopes = in->options.interp_sink != NULL && in->options.interp_sink->scope_begin != NULL
               && in->options.interp_sink->scope_end != NULL;
  in->heap = bs_heap_new ();
  in->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  in->asts = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_ast_free);
  in->exc = BS_NONE;
  in->callback_exc = BS_NONE;
  in->handling = BS_NONE;
  in->start_time_us = g_get_monotonic_time ();
  in->py_random = bs_py_random_new ();
  bs_print_options_init (&in->print_options);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_ENV, bs_env_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_FUNCTION, function_finalize);
  bs_py_object_init (in);
  in->builtins = bs_env_new (in, NULL);
  in->globals = bs_env_new (in, NULL);
  in->modules = bs_dict_new (in->heap);
  bs_builtins_init (in);
  bs_py_set_init (in);
  bs_py_iter_builtins_init (in);
  bs_torch_init (in);
  /* the prelude's steps are not the script's, and a cancellation (a timeout already
   * running out, Run pressed again) stops the script, not the prelude */
  in->options.max_steps = 0;
  cancellable = g_steal_pointer (&in->options.cancellable);
  if (!bs_interp_parse_and_run (in, bs_nn_prelude, -1, "<prelude>", TRUE, &error))
    {
      g_critical ("Backstep's prelude failed: %s", error->message);
      g_clear_error (&error);
    }
  in->options.cancellable = cancellable;
  in->options.max_steps = options != NULL ? options->max_steps : 0;
  in->steps = 0;
  {
    const char *name;
    BsValue *value;
    BsValue nn;
    guint i = 0;

    /* the prelude's classes are torch.nn's */
    if (bs_dict_get_str (in->modules, "torch.nn", &nn))
      while (bs_env_next (in->globals, &i, &name, &value))
        if (bs_value_is_object (*value, BS_OBJECT_CLASS))
          bs_dict_set_str (((BsModule *) nn.as.object)->dict, name, bs_value_ref (*value));
  }
  bs_value_unref (BS_OBJECT (in->globals));
  in->globals = bs_env_new (in, NULL);
  bs_env_set (in->globals, "__name__", bs_str_value (in, "__main__"));
  return in;
}

void
bs_interp_free (BsInterp *in)
{
  if (in == NULL)
    return;
  bs_value_unref (in->exc);
  bs_value_unref (in->callback_exc);
  bs_heap_free (in->heap);
  bs_torch_clear (in);
  g_ptr_array_unref (in->asts);
  g_hash_table_unref (in->names);
  bs_py_random_free (in->py_random);
  bs_context_free (in->context);
  g_clear_error (&in->fatal);
  g_free (in->error_text);
  g_clear_object (&in->options.cancellable);
  g_free (in);
}

BsContext *
bs_interp_get_context (BsInterp *in)
{
  return in->context;
}

/* CPython 3.11's markers under a traceback's line: "^^^" under the expression that raised,
 * "~~^~~" under a binary operation or subscript, none when they would cover the whole line.
 * line is the source line as written, len its bytes. */
static void
append_markers (GString            *s,
                const char         *line,
                gsize               len,
                const BsTraceEntry *e)
{
  glong n_chars = g_utf8_strlen (line, len);
  glong indent = 0, start = e->span.col - 1, end = e->span.end_col - 1;
  gboolean anchored = e->anchor_start >= 0;

  if (e->span.col < 1 || e->span.line != e->line)
    return;
  while (indent < (glong) len && is_blank (line[indent]))
    indent++;
  /* over several lines: up to the end of the first */
  if (e->span.end_line != e->span.line)
    for (end = n_chars; len > 0 && is_blank (line[len - 1]); len--)
      end--;
  if (end - start == n_chars - indent && !anchored)
    return;
  g_string_append (s, "    ");
  for (glong k = indent; k < end; k++)
    g_string_append_c (s, k < start ? ' '
                          : !anchored ? '^'
                          : k >= e->anchor_start && k < e->anchor_end ? '^' : '~');
  g_string_append_c (s, '\n');
}

/* One frame of a traceback: where, the line, and the markers under it. */
static void
append_entry (GString            *s,
              const BsTraceEntry *e,
              const char         *source,
              const char         *filename)
{
  const char *line = NULL;
  gsize len, indent = 0;

  g_string_append_printf (s, "  File \"%s\", line %d, in %s\n", e->filename, e->line, e->name);
  if (strcmp (e->filename, filename) == 0)
    line = line_start (source, e->line);
  if (line == NULL)
    return;
  len = strcspn (line, "\r\n");
  while (indent < len && is_blank (line[indent]))
    indent++;
  if (indent == len)
    return;
  g_string_append (s, "    ");
  g_string_append_len (s, line + indent, len - indent);
  g_string_append_c (s, '\n');
  append_markers (s, line, len, e);
}

/* The end of a run of n identical entries, the first few of them printed. */
static void
append_repeated (GString *s,
                 guint    n)
{
  if (n <= TRACEBACK_RECURSIVE_CUTOFF)
    return;
  n -= TRACEBACK_RECURSIVE_CUTOFF;
  g_string_append_printf (s, "  [Previous line repeated %u more time%s]\n", n,
                          n > 1 ? "s" : "");
}

/* One exception: its traceback (when it was raised) and "Class: message". */
static void
append_exception (BsInterp   *in,
                  GString    *s,
                  BsValue     exc,
                  const char *source,
                  const char *filename)
{
  BsInstance *instance = (BsInstance *) exc.as.object;
  GArray *entries = instance->traceback;
  GString *message = g_string_new (NULL);
  BsValue saved = in->exc;
  guint repeated = 0;

  if (entries != NULL && entries->len > 0)
    g_string_append (s, "Traceback (most recent call last):\n");
  /* outermost first; as CPython, a run of the same line in the same function (recursion)
   * prints its first few entries and a count */
  for (guint i = entries != NULL ? entries->len : 0; i > 0; i--)
    {
      BsTraceEntry *e = &g_array_index (entries, BsTraceEntry, i - 1);
      BsTraceEntry *outer = i < entries->len ? e + 1 : NULL;

      if (outer != NULL && outer->line == e->line && strcmp (outer->name, e->name) == 0
          && strcmp (outer->filename, e->filename) == 0)
        repeated++;
      else
        {
          append_repeated (s, repeated);
          repeated = 1;
        }
      if (repeated <= TRACEBACK_RECURSIVE_CUTOFF)
        append_entry (s, e, source, filename);
    }
  append_repeated (s, repeated);
  in->exc = BS_NONE;
  g_string_append (s, ((BsClass *) instance->klass.as.object)->name);
  if (bs_str (in, exc, message) && message->len > 0)
    {
      g_string_append (s, ": ");
      g_string_append (s, message->str);
    }
  bs_value_unref (in->exc);
  in->exc = saved;
  g_string_append_c (s, '\n');
  g_string_free (message, TRUE);
}

/* The exceptions exc was chained to first, each once, as CPython prints them. */
static void
append_chain (BsInterp   *in,
              GString    *s,
              BsValue     exc,
              const char *source,
              const char *filename,
              GHashTable *seen)
{
  BsValue cause = exception_link (exc, "__cause__");
  BsValue context = exception_link (exc, "__context__");
  BsValue suppress = BS_NONE;

  g_hash_table_add (seen, exc.as.object);
  bs_dict_get_str (((BsInstance *) exc.as.object)->dict, "__suppress_context__", &suppress);
  if (is_exception_instance (cause) && !g_hash_table_contains (seen, cause.as.object))
    {
      append_chain (in, s, cause, source, filename, seen);
      g_string_append (s, "\nThe above exception was the direct cause of the following "
                          "exception:\n\n");
    }
  else if (is_exception_instance (context) && !bs_value_truthy (suppress)
           && !g_hash_table_contains (seen, context.as.object))
    {
      append_chain (in, s, context, source, filename, seen);
      g_string_append (s, "\nDuring handling of the above exception, another exception "
                          "occurred:\n\n");
    }
  append_exception (in, s, exc, source, filename);
}

static char *
format_traceback (BsInterp   *in,
                  BsValue     exc,
                  const char *source,
                  const char *filename)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  append_chain (in, s, exc, source, filename, seen);
  return g_string_free (s, FALSE);
}

gboolean
bs_interp_parse_and_run (BsInterp    *in,
                         const char  *source,
                         gssize       length,
                         const char  *filename,
                         gboolean     prelude,
                         GError     **error)
{
  BsAst *ast;
  BsAstNode *root;
  BsFrame frame = { 0 };
  BsValue ret = BS_NONE;
  ExecResult r;
  const char *src;

  ast = bs_parse_interned (source, length, filename, in->names, error);
  if (ast == NULL)
    return FALSE;
  g_ptr_array_add (in->asts, ast);
  root = bs_ast_get_root (ast);
  src = bs_ast_get_source (ast, NULL);
  frame.env = in->globals;
  frame.name = "<module>";
  frame.filename = bs_ast_get_filename (ast);
  frame.source = src;
  frame.is_prelude = prelude;
  frame.first_arg = BS_NONE;
  frame.line = 1;
  in->frame = &frame;
  r = exec_block (in, root->module.body.items, root->module.body.len, &ret);
  bs_value_unref (ret);
  if (r == EXEC_ERROR && bs_value_is_none (in->exc) && in->fatal == NULL)
    bs_raise (in, "RuntimeError", "No active exception to reraise");
  if (r == EXEC_ERROR)
    record_traceback (in, NULL);
  in->frame = NULL;
  if (r == EXEC_ERROR || r == EXEC_RETURN || r == EXEC_BREAK || r == EXEC_CONTINUE)
    {
      if (r != EXEC_ERROR)
        {
          g_set_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION,
                       "SyntaxError: 'return' outside function");
          return FALSE;
        }
      if (in->fatal != NULL)
        {
          g_propagate_error (error, g_error_copy (in->fatal));
          return FALSE;
        }
      {
        BsInstance *instance = (BsInstance *) in->exc.as.object;
        BsValue klass = instance->klass;
        BsTraceEntry *innermost = NULL;
        int code = BS_INTERP_ERROR_EXCEPTION;

        g_free (in->error_text);
        in->error_text = format_traceback (in, in->exc, src, frame.filename);
        if (instance->traceback != NULL && instance->traceback->len > 0)
          {
            innermost = &g_array_index (instance->traceback, BsTraceEntry, 0);
            if (innermost->span.col > 0)
              in->error_span = (BsSourceSpan) { innermost->span.line, innermost->span.col,
                                                innermost->span.end_line,
                                                innermost->span.end_col };
            else
              in->error_span = (BsSourceSpan) { innermost->line, 1, innermost->line, 1 };
            in->has_error_span = TRUE;
          }
        if (bs_is_subclass (klass, bs_lookup_builtin (in, "RecursionError")))
          code = BS_INTERP_ERROR_LIMIT;
        g_set_error (error, BS_INTERP_ERROR, code, "%s", in->error_text);
        bs_value_unref (in->exc);
        in->exc = BS_NONE;
      }
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_interp_run (BsInterp    *self,
               const char  *source,
               gssize       length,
               const char  *filename,
               GError     **error)
{
  GError *local = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  if (filename == NULL)
    filename = "<string>";
  self->has_error_span = FALSE;
  g_clear_pointer (&self->error_text, g_free);
  if (bs_interp_parse_and_run (self, source, length, filename, FALSE, &local))
    return TRUE;
  if (local->domain == BS_LANG_ERROR)
    {
      int line, col, end_line, end_col;
      const char *fname;

      /* The source may not end in a NUL (a fuzzer's bytes, a file's contents). */
      g_autofree char *text = g_malloc (length >= 0 ? (gsize) length + 1 : strlen (source) + 1);

      memcpy (text, source, length >= 0 ? (gsize) length : strlen (source));
      text[length >= 0 ? (gsize) length : strlen (source)] = '\0';
      g_free (self->error_text);
      self->error_text = bs_lang_format_syntax_error (filename, text, local);
      if (bs_lang_error_get_location (local, &fname, &line, &col, &end_line, &end_col))
        {
          self->error_span = (BsSourceSpan) { line, col, end_line, end_col };
          self->has_error_span = TRUE;
        }
      g_set_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_SYNTAX, "%s", local->message);
      g_error_free (local);
      return FALSE;
    }
  if (local->domain == BS_INTERP_ERROR && self->error_text == NULL)
    self->error_text = g_strdup_printf ("%s\n", local->message);
  g_propagate_error (error, local);
  return FALSE;
}

char *
bs_interp_format_error (BsInterp     *self,
                        const GError *error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->error_text != NULL)
    return g_strdup (self->error_text);
  if (error != NULL)
    return g_strdup_printf ("%s\n", error->message);
  return g_strdup ("");
}

gboolean
bs_interp_error_span (BsInterp     *self,
                      BsSourceSpan *span)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->has_error_span)
    return FALSE;
  if (span != NULL)
    *span = self->error_span;
  return TRUE;
}
