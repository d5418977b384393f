/* bs-interp.h: running a script, the Python subset of issue 3, on the engine
 *
 * An interpreter owns one engine context and everything the script creates.
 * There are no globals: several interpreters may run in one process (the
 * window runs each script on a worker thread with its own interpreter).
 */
#pragma once

#include <gio/gio.h>

#include "bs-context.h"
#include "bs-event-sink.h"

G_BEGIN_DECLS

typedef struct _BsInterp BsInterp;

#define BS_INTERP_ERROR (bs_interp_error_quark ())

typedef enum {
  BS_INTERP_ERROR_SYNTAX,     /* the script does not parse (message as CPython's) */
  BS_INTERP_ERROR_EXCEPTION,  /* an uncaught Python exception */
  BS_INTERP_ERROR_LIMIT,      /* step budget or recursion limit */
  BS_INTERP_ERROR_CANCELLED,  /* stopped from outside */
} BsInterpError;

GQuark bs_interp_error_quark (void);

/* Source positions: 1-based lines and columns, as CPython reports them. */
typedef struct {
  int line;
  int col;
  int end_line;
  int end_col;
} BsSourceSpan;

/* The groups of tensors the window can collapse into one box. */
typedef enum {
  BS_INTERP_SCOPE_MODULE_CALL,     /* an nn.Module's __call__: label "fc1 (Linear)" */
  BS_INTERP_SCOPE_LOOP_ITERATION,  /* one pass of a for/while body: label "for epoch = 3",
                                    * "for x, y in zip(xs, ys) (iteration 2)",
                                    * "while loss > 0.1 (iteration 2)" */
  BS_INTERP_SCOPE_CELL,            /* a notebook's code cell: label "In [3]" */
} BsInterpScopeKind;

/* What the interpreter reports besides the engine's events. */
typedef struct {
  /* A statement starts executing. */
  void (*statement)   (gpointer user_data, const BsSourceSpan *span);
  /* A tensor is now bound to a name ("x3", "self.fc_1.weight", "w[0]"). */
  void (*bind_name)   (gpointer user_data, BsTensor *tensor, const char *name);
  /* The source span of the expression that created a tensor. */
  void (*tensor_span) (gpointer user_data, BsTensor *tensor, const BsSourceSpan *span);
  /* print() output, also written to the output callback below. */
  void (*print)       (gpointer user_data, const char *text);
  /* A module call or loop iteration begins (span: the call expression or the loop
   * statement) and ends. Scopes nest; every begin has its end, also when an
   * exception unwinds through it. Tensors created in between belong to it. */
  void (*scope_begin) (gpointer user_data, BsInterpScopeKind kind, const char *label,
                       const BsSourceSpan *span);
  void (*scope_end)   (gpointer user_data);
} BsInterpSink;

typedef struct {
  /* Where print() and warnings go; NULL: stdout and stderr. */
  void              (*write_stdout) (const char *text, gpointer user_data);
  void              (*write_stderr) (const char *text, gpointer user_data);
  gpointer            output_data;
  /* Limits; 0 means the default given. */
  guint64             max_steps;          /* default: unlimited */
  /* default: 1 GiB. Going over it raises a RuntimeError that the script may catch, as
   * PyTorch's allocator does when memory runs out. */
  gsize               max_tensor_bytes;
  /* The command-line option that raises the cap, which the error names ("--max-memory");
   * NULL: the error names none (the window has no such option). */
  const char         *max_tensor_bytes_option;
  int                 max_recursion;      /* default: 1000, as CPython */
  /* Checked between statements; cancelling stops the script with
   * BS_INTERP_ERROR_CANCELLED. */
  GCancellable       *cancellable;
  /* Engine events (the recorder) and the interpreter's own. */
  const BsEventSink  *engine_sink;
  const BsInterpSink *interp_sink;
  gpointer            sink_data;
} BsInterpOptions;

BsInterp   *bs_interp_new          (const BsInterpOptions *options);   /* NULL: defaults */
void        bs_interp_free         (BsInterp              *self);
BsContext  *bs_interp_get_context  (BsInterp              *self);

/* Runs source as the script `filename`. On failure, error carries a message
 * and bs_interp_format_error() gives what CPython would print on stderr: the
 * traceback ending in "RuntimeError: <PyTorch's message>", or the SyntaxError
 * block with the source line and a caret. */
gboolean    bs_interp_run          (BsInterp              *self,
                                    const char            *source,
                                    gssize                 length,
                                    const char            *filename,
                                    GError               **error);
char       *bs_interp_format_error (BsInterp              *self,
                                    const GError          *error);
/* The span of the innermost frame of the last uncaught error, if any. */
gboolean    bs_interp_error_span   (BsInterp              *self,
                                    BsSourceSpan          *span);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsInterp, bs_interp_free)

G_END_DECLS
