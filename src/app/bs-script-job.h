/* bs-script-job.h: a script recorded on a worker thread, so the window stays responsive */
#pragma once

#include <gio/gio.h>

#include "bs-interp.h"
#include "bs-trace.h"

G_BEGIN_DECLS

/* What a run left: its trace (up to the error, when it failed), what it printed, and
 * the error with CPython's report and the innermost frame's position. */
typedef struct {
  BsTrace      *trace;
  char         *output;
  GError       *error;        /* NULL when the script ran to its end */
  char         *error_text;
  BsSourceSpan  error_span;   /* line 0: unknown */
  double        seconds;
} BsScriptResult;

void            bs_script_result_free   (BsScriptResult      *self);

/* Runs source on a worker thread within max_memory bytes (the memory budget; 0: the
 * default); cancelling stops the script at its next statement.
 * *progress (if given, and alive until the callback) counts the statements run, with
 * atomic increments. The callback runs in the caller's thread-default main context. */
void            bs_script_job_run_async (const char          *source,
                                         const char          *filename,
                                         gsize                max_memory,
                                         gint                *progress,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* The result (never NULL unless the task itself failed). */
BsScriptResult *bs_script_job_run_finish (GAsyncResult       *result,
                                          GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsScriptResult, bs_script_result_free)

G_END_DECLS
