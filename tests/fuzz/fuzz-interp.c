/* fuzz-interp.c: libFuzzer target: arbitrary bytes through the lexer, parser and interpreter
 *
 * Each input runs as a script with small limits, its output discarded. Any crash, sanitizer
 * report, leak, GLib warning or critical, or an input slower than -timeout is a bug.
 *
 * Fuzzing for 30 minutes (Debian 12: clang and libclang-rt-14-dev), from the source root:
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined \
 *     -Db_lundef=false -Dbuildtype=debugoptimized
 *   ninja -C build-fuzz tests/fuzz/fuzz-interp
 *   mkdir -p build-fuzz/new-corpus
 *   OPENBLAS_NUM_THREADS=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
 *     build-fuzz/tests/fuzz/fuzz-interp build-fuzz/new-corpus tests/fuzz/corpus \
 *     tests/conformance -dict=tests/fuzz/python.dict -max_total_time=1800 -timeout=30 \
 *     -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1
 *
 * (-timeout=30: the training loops of the conformance scripts take several seconds under the
 * sanitizers; add -fork=N -ignore_crashes=1 to collect every failure in one run.)
 *
 * libFuzzer writes what it finds to the first directory and a failing input to
 * ./crash-<sha1> (or leak-, timeout-, oom-); `fuzz-interp FILE` reruns one input. Once fixed,
 * copy that input to tests/fuzz/corpus/ under a name that says what it is, and fold in the
 * inputs that add coverage:
 *
 *   build-fuzz/tests/fuzz/fuzz-interp -merge=1 tests/fuzz/corpus build-fuzz/new-corpus
 *
 * tests/fuzz/replay.c runs every file of tests/fuzz/corpus and tests/conformance through
 * this same function in every test run, with gcc too (test 'fuzz-replay').
 */
#define G_LOG_DOMAIN "bs-fuzz"

#include "bs-interp.h"
#include "fuzz-interp.h"

#define MAX_STEPS        100000
#define MAX_TENSOR_BYTES (16 * 1024 * 1024)
#define MAX_RECURSION    100

static void
discard (const char *text,
         gpointer    user_data)
{
}

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
  const BsInterpOptions options = {
    .write_stdout = discard,
    .write_stderr = discard,
    .max_steps = MAX_STEPS,
    .max_tensor_bytes = MAX_TENSOR_BYTES,
    .max_recursion = MAX_RECURSION,
  };
  g_autoptr(BsInterp) interp = NULL;
  g_autoptr(GError) error = NULL;

  if (size > G_MAXSSIZE)
    return 0;
  if (data == NULL)
    data = empty;

  interp = bs_interp_new (&options);
  if (!bs_interp_run (interp, (const char *) data, (gssize) size, "fuzz.py", &error))
    {
      g_autofree char *report = NULL;
      BsSourceSpan span;

      g_assert (error != NULL && error->message != NULL);
      report = bs_interp_format_error (interp, error);
      g_assert (report != NULL);
      bs_interp_error_span (interp, &span);
    }
  return 0;
}
