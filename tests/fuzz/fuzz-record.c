/* fuzz-record.c: libFuzzer target: arbitrary bytes recorded as the window and `backstep
 * trace` record a script, within a small memory budget
 *
 * Where fuzz-interp.c looks for memory errors, this target looks for resources a script
 * can grow without bound: each input runs under a 16 MiB budget and a step budget, and its
 * trace must stay within the budget (plus the room a MemoryError's handler gets), survive
 * its JSON round trip and replay at every end. Any crash, sanitizer report, leak, GLib
 * warning or critical, failed assertion or input slower than -timeout is a bug.
 *
 * Fuzzing (as fuzz-interp.c says, with this target and its own corpus):
 *
 *   ninja -C build-fuzz tests/fuzz/fuzz-record
 *   mkdir -p build-fuzz/new-record-corpus
 *   OPENBLAS_NUM_THREADS=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
 *     build-fuzz/tests/fuzz/fuzz-record build-fuzz/new-record-corpus tests/fuzz/corpus-record \
 *     tests/hostile -dict=tests/fuzz/python.dict -max_total_time=1800 -timeout=30 \
 *     -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1
 *
 * tests/fuzz/replay.c runs every file of tests/fuzz/corpus-record and tests/hostile through
 * this function in every test run (test 'fuzz-record-replay').
 */
#define G_LOG_DOMAIN "bs-fuzz"

#include "bs-recording.h"
#include "bs-replay.h"
#include "bs-trace-json.h"
#include "fuzz-interp.h"

#define MAX_STEPS      20000
#define MEMORY_BUDGET  (16 * 1024 * 1024)
#define VALUE_BUDGET   (1024 * 1024)
/* What one statement may add past the point where the budget stops the run. */
#define STATEMENT_ROOM (1024 * 1024)

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const uint8_t empty[1] = { 0 };
  const BsRecordingOptions options = {
    .budget = VALUE_BUDGET,
    .max_steps = MAX_STEPS,
    .max_tensor_bytes = MEMORY_BUDGET,
  };
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsTrace) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;
  g_autofree char *json = NULL;
  BsSourceSpan span;
  guint64 n_steps;

  if (size > G_MAXSSIZE)
    return 0;
  if (data == NULL)
    data = empty;

  trace = bs_recording_run ((const char *) data, (gssize) size, "fuzz.py", &options, &report,
                            &span, &error);
  g_assert_nonnull (trace);
  g_assert_true ((error == NULL) == (report == NULL));
  /* the trace is charged to the script's budget, which stops the script a quarter past it */
  g_assert_cmpuint (bs_trace_get_bytes (trace), <=,
                    MEMORY_BUDGET + MEMORY_BUDGET / 4 + STATEMENT_ROOM);

  json = bs_trace_json_to_string (trace);
  g_clear_error (&error);
  back = bs_trace_json_from_string (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_trace_get_n_events (back), ==, bs_trace_get_n_events (trace));

  n_steps = bs_trace_get_n_steps (trace);
  for (guint64 step = 0; step < n_steps; step += MAX (1, n_steps / 4))
    bs_trace_state_free (bs_replay_state_at (trace, step));
  bs_trace_state_free (bs_replay_state_at (back, n_steps));
  return 0;
}
