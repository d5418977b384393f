/* bs-recording.h: a script run with a recorder attached, for `backstep trace|paths|export`
 * and the window
 *
 * The interpreter's engine events and its own (statements, names, spans, print, scopes)
 * go to one BsRecorder; the result is the trace of the whole run, or of the run up to
 * the error that stopped it.
 */
#pragma once

#include <gio/gio.h>

#include "bs-grad-check.h"
#include "bs-interp.h"
#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct {
  gsize          budget;            /* the value store's budget, 0: 256 MiB */
  guint64        max_steps;         /* the interpreter's limits, 0: its defaults */
  gsize          max_tensor_bytes;
  const char    *max_tensor_bytes_option;  /* named in the cap's error, NULL: none */
  GCancellable  *cancellable;
  /* Where print() output and warnings go besides the trace; NULL: nowhere. */
  void         (*write_stdout) (const char *text, gpointer user_data);
  void         (*write_stderr) (const char *text, gpointer user_data);
  gpointer       output_data;
  /* Statements run so far, incremented atomically, for a progress display; NULL: none. */
  gint          *progress;
  /* Checks every backward() call against finite differences (bs-grad-check.h) and
   * records the results as check events; NULL: no check. */
  const BsGradCheckOptions *grad_check;
} BsRecordingOptions;

/* Runs source as the script filename and returns its trace (never NULL). A filename
 * ending in ".ipynb" runs source as a notebook's cell view (bs_notebook_run). When the
 * script fails, error is set, the trace ends with an error event and, if given,
 * *error_text holds what CPython would print on stderr and *error_span the
 * innermost frame's position (line 0 when unknown). */
BsTrace *bs_recording_run (const char               *source,
                           gssize                    length,
                           const char               *filename,
                           const BsRecordingOptions *options,
                           char                    **error_text,
                           BsSourceSpan             *error_span,
                           GError                  **error);

/* Reads path ("-": standard input) as bs_recording_run's source; at most max_bytes. */
char    *bs_recording_read_source (const char *path,
                                   gsize       max_bytes,
                                   gsize      *length,
                                   GError    **error);

G_END_DECLS
