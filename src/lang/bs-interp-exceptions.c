/* bs-interp-exceptions.c: raising, limits, tracebacks as CPython 3.11 prints them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"

#include <string.h>

#include "bs-error.h"
#include "bs-float-repr.h"

#define MAX_TRACEBACK  10000
/* CPython prints a line repeated in the traceback (recursion) this many times */
#define TRACEBACK_RECURSIVE_CUTOFF 3

/* --- exceptions -------------------------------------------------------- */

gboolean
bs_is_exception_instance (BsValue value)
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

  if (!bs_is_exception_instance (exc))
    return;
  raised_before = ((BsInstance *) exc.as.object)->raised;
  ((BsInstance *) exc.as.object)->raised = TRUE;
  if (!bs_is_exception_instance (handled) || exc.as.object == handled.as.object)
    return;
  for (BsValue o = handled; raised_before && bs_is_exception_instance (o);)
    {
      BsValue next = exception_link (o, "__context__");

      if (bs_is_exception_instance (next) && next.as.object == exc.as.object)
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

static int check_budget (BsInterp *in);

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
  g_autofree char *used = format_bytes (bs_context_bytes_used (in->context));
  g_autofree char *in_use = bs_context_bytes_used (in->context) > 0
                              ? g_strdup_printf (", of which %s is in use", used) : g_strdup ("");
  const char *option = in->options.max_tensor_bytes_option;
  g_autofree char *raise = option != NULL ? g_strdup_printf ("; raise it with %s", option)
                                          : g_strdup ("");
  const char *size = strstr (engine_message, "allocating ");
  const char *size_end = size != NULL ? strstr (size, " would go over") : NULL;

  /* the cap; an allocation that the system refused is what PyTorch reports */
  if (size_end != NULL)
    return g_strdup_printf ("%s %.*s. (Backstep's memory budget is %s%s%s)", allocator,
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
    return g_strdup_printf ("%s (Backstep's memory budget is %s%s)", engine_message, cap,
                            raise);
  return g_strdup (engine_message);
}

static void set_fatal (BsInterp *in, int code, const char *what);

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
        case BS_ENGINE_ERROR_CANCELLED:
          g_error_free (error);
          if (in->fatal == NULL)
            set_fatal (in, BS_INTERP_ERROR_CANCELLED, " (cancelled)");
          return bs_raise_fatal (in);
        case BS_ENGINE_ERROR_MEMORY:
          {
            g_autofree char *message = NULL;

            /* the script's growth went over the budget before this allocation did: the
             * pending MemoryError is the one to give */
            if (in->context->over_budget)
              {
                g_error_free (error);
                if (check_budget (in) != 0)
                  return FALSE;
                return bs_raise (in, "MemoryError", "out of memory");
              }
            message = memory_message (in, error->message);
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
void
bs_record_traceback (BsInterp  *in,
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
void
bs_push_pseudo_frame (BsInterp   *in,
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

void
bs_pop_pseudo_frame (BsInterp *in,
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

gboolean
bs_py_check_memory (BsInterp   *in,
                    guint64     bytes,
                    const char *what)
{
  BsContext *c = in->context;
  const char *option = in->options.max_tensor_bytes_option;
  gsize used = bs_context_bytes_used (c);
  g_autofree char *budget = NULL;

  if (c->bytes_limit == 0 || bytes <= c->bytes_limit - MIN (c->bytes_limit, used))
    return TRUE;
  budget = format_bytes (c->bytes_limit);
  return bs_raise (in, "MemoryError", "%s of %" G_GUINT64_FORMAT " bytes would go over "
                   "Backstep's memory budget of %s%s%s", what, bytes, budget,
                   option != NULL ? "; raise it with " : "", option != NULL ? option : "");
}

/* 0: within the budget; 1: MemoryError raised; 2: the run is stopped (in->fatal set) */
static int
check_budget (BsInterp *in)
{
  BsContext *c = in->context;
  const char *option = in->options.max_tensor_bytes_option;
  g_autofree char *budget = NULL;

  if (G_LIKELY (!c->over_budget))
    return 0;
  c->over_budget = FALSE;
  budget = format_bytes (c->bytes_limit);
  /* A handler gets room to run (and to let go of what it holds) before going on raises
   * again; a script that keeps growing past that room is stopped. */
  if (bs_context_bytes_used (c) > c->bytes_limit + c->bytes_limit / 4)
    {
      g_autofree char *what = g_strdup_printf (" (the memory budget of %s%s%s)", budget,
                                               option != NULL ? "; raise it with " : "",
                                               option != NULL ? option : "");

      set_fatal (in, BS_INTERP_ERROR_LIMIT, what);
      return 2;
    }
  c->bytes_trip = bs_context_bytes_used (c) + c->bytes_limit / 16;
  bs_raise (in, "MemoryError", "the script's objects, tensors, autograd graph and trace "
            "went over Backstep's memory budget of %s%s%s", budget,
            option != NULL ? "; raise it with " : "", option != NULL ? option : "");
  return 1;
}

gboolean
bs_py_check_budget (BsInterp *in)
{
  switch (check_budget (in))
    {
    case 0:
      return TRUE;
    case 2:
      return bs_raise_fatal (in);
    default:
      return FALSE;
    }
}

gboolean
bs_check_limits (BsInterp *in)
{
  if (in->fatal != NULL)
    return FALSE;
  if (check_budget (in) != 0)
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
  if (in->options.cancellable != NULL && g_cancellable_is_cancelled (in->options.cancellable))
    {
      set_fatal (in, BS_INTERP_ERROR_CANCELLED, " (cancelled)");
      return FALSE;
    }
  return TRUE;
}

/* Errors that are not Python exceptions still unwind through every frame:
 * make in->exc a placeholder so that code checking it sees an error. */
gboolean
bs_raise_fatal (BsInterp *in)
{
  if (in->fatal == NULL)   /* a MemoryError from bs_check_limits, raised already */
    return FALSE;
  return bs_raise (in, "SystemExit", "%s", in->fatal->message);
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
  bs_append_exception_line (in, s, exc, TRUE);
}

void
bs_append_exception_line (BsInterp *in,
                          GString  *s,
                          BsValue   exc,
                          gboolean  with_module)
{
  BsInstance *instance = (BsInstance *) exc.as.object;
  BsClass *klass = (BsClass *) instance->klass.as.object;
  g_autoptr(GString) message = g_string_new (NULL);
  BsValue saved = in->exc, module;
  const char *module_name;

  in->exc = BS_NONE;
  if (with_module && bs_dict_get_str (klass->dict, "__module__", &module)
      && (module_name = bs_value_str (module)) != NULL && strcmp (module_name, "__main__") != 0
      && strcmp (module_name, "builtins") != 0)
    g_string_append_printf (s, "%s.", module_name);
  /* CPython's traceback names the class by its __qualname__ (numpy's casting errors rename
   * themselves after their base) */
  g_string_append (s, with_module ? klass->qualname : klass->name);
  if (bs_str (in, exc, message) && message->len > 0)
    {
      g_string_append (s, ": ");
      g_string_append (s, message->str);
    }
  bs_value_unref (in->exc);
  in->exc = saved;
  g_string_append_c (s, '\n');
}

typedef struct {
  BsValue     exc;        /* borrowed */
  const char *joint;      /* what is printed between the one before it and it, or NULL */
} ChainLink;

/* exc and the exceptions it was chained to, each once, exc first. A loop, not recursion: a
 * script can chain as many exceptions as it likes. */
static GArray *
exception_chain (BsValue exc)
{
  GArray *chain = g_array_new (FALSE, FALSE, sizeof (ChainLink));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (BsValue o = exc;;)
    {
      BsValue cause = exception_link (o, "__cause__");
      BsValue context = exception_link (o, "__context__");
      BsValue suppress = BS_NONE;
      ChainLink link = { o, NULL };

      g_hash_table_add (seen, o.as.object);
      bs_dict_get_str (((BsInstance *) o.as.object)->dict, "__suppress_context__", &suppress);
      if (bs_is_exception_instance (cause) && !g_hash_table_contains (seen, cause.as.object))
        {
          link.joint = "\nThe above exception was the direct cause of the following "
                       "exception:\n\n";
          o = cause;
        }
      else if (bs_is_exception_instance (context) && !bs_value_truthy (suppress)
               && !g_hash_table_contains (seen, context.as.object))
        {
          link.joint = "\nDuring handling of the above exception, another exception "
                       "occurred:\n\n";
          o = context;
        }
      g_array_append_val (chain, link);
      if (link.joint == NULL)
        break;
    }
  return chain;
}

void
bs_append_exception_chain (BsInterp             *in,
                           GString              *s,
                           BsValue               exc,
                           BsAppendExceptionFunc append,
                           const char           *source,
                           const char           *filename)
{
  g_autoptr(GArray) chain = exception_chain (exc);

  for (guint i = chain->len; i-- > 0;)
    {
      ChainLink *link = &g_array_index (chain, ChainLink, i);

      if (link->joint != NULL)
        g_string_append (s, link->joint);
      append (in, s, link->exc, source, filename);
    }
}

char *
bs_format_traceback (BsInterp   *in,
                     BsValue     exc,
                     const char *source,
                     const char *filename)
{
  GString *s = g_string_new (NULL);

  bs_append_exception_chain (in, s, exc, append_exception, source, filename);
  return g_string_free (s, FALSE);
}
