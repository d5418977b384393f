/* fuzz-notebook.c: libFuzzer target: arbitrary bytes through the notebook reader, its cell
 * view, Save and a run of the cells
 *
 * Each input is read as a .ipynb file; a notebook that reads is shown as its cell view
 * (with the lines the editor keeps read-only), saved unchanged (the same bytes) and after
 * an edit (JSON that, read back and saved with the same edit, gives the same bytes), and
 * run with small limits. Built and run as fuzz-interp.c says, with fuzz-notebook in place
 * of fuzz-interp and the corpus tests/fuzz/notebook-corpus:
 *
 *   ninja -C build-fuzz tests/fuzz/fuzz-notebook
 *   build-fuzz/tests/fuzz/fuzz-notebook build-fuzz/new-notebooks tests/fuzz/notebook-corpus \
 *     tests/notebook -dict=tests/fuzz/notebook.dict -max_total_time=1800 -timeout=30 \
 *     -rss_limit_mb=2048 -max_len=16384
 *
 * tests/fuzz/replay.c runs every file of tests/fuzz/notebook-corpus through this function
 * in every test run (test 'fuzz-replay-notebook').
 */
#define G_LOG_DOMAIN "bs-fuzz"

#include <string.h>

#include "bs-notebook.h"
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
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(BsNotebook) reread = NULL;
  g_autoptr(BsInterp) interp = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) resaved = NULL;
  g_autofree char *edited = NULL;
  g_autoptr(GArray) locked = NULL;
  const char *text;

  if (size > G_MAXSSIZE)
    return 0;
  if (data == NULL)
    data = empty;

  notebook = bs_notebook_new_from_data ((const char *) data, size, &error);
  if (notebook == NULL)
    {
      g_assert (error != NULL && error->domain == BS_NOTEBOOK_ERROR);
      return 0;
    }
  text = bs_notebook_get_text (notebook);

  /* the lines the editor keeps read-only: pairs, in order, within the view */
  locked = bs_notebook_read_only_lines (text);
  g_assert (locked->len % 2 == 0);
  for (guint i = 0; i < locked->len; i += 2)
    g_assert (g_array_index (locked, int, i) >= 1
              && g_array_index (locked, int, i) <= g_array_index (locked, int, i + 1)
              && (i == 0 || g_array_index (locked, int, i - 1) < g_array_index (locked, int, i)));

  /* saved unchanged: the bytes read */
  saved = bs_notebook_save (notebook, text, &error);
  g_assert_no_error (error);
  g_assert (g_bytes_get_size (saved) == size && memcmp (g_bytes_get_data (saved, NULL), data,
                                                        size) == 0);
  g_clear_pointer (&saved, g_bytes_unref);

  /* saved after an edit: reads back to the edited view */
  edited = g_strconcat (text, "# In [1]:\nx = 1\n\n", NULL);
  saved = bs_notebook_save (notebook, edited, &error);
  g_assert_no_error (error);
  reread = bs_notebook_new_from_data (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved),
                                      &error);
  g_assert_no_error (error);
  resaved = bs_notebook_save (reread, edited, &error);
  g_assert_no_error (error);
  g_assert (g_bytes_equal (saved, resaved));

  interp = bs_interp_new (&options);
  if (!bs_notebook_run (interp, text, -1, "fuzz.ipynb", &error))
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
