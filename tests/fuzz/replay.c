/* replay.c: every file of the fuzz corpus (and the conformance scripts) through the fuzz
 * target, as a test; see fuzz-interp.c
 *
 * Usage: fuzz-replay [--tap] DIR|FILE...
 */
#define G_LOG_DOMAIN "bs-fuzz"

#include <glib.h>
#include <string.h>
#include <sys/resource.h>

#include "fuzz-interp.h"

#if defined(__SANITIZE_ADDRESS__)
#define WITH_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WITH_ASAN 1
#endif
#endif

/* An input that allocates without bounds must fail this test, not exhaust the machine:
 * address space is capped, or resident memory under AddressSanitizer (which reserves
 * terabytes of address space for its shadow). */
#define ADDRESS_SPACE_LIMIT_MB 2048
#define ASAN_RSS_LIMIT_MB      1024

#ifdef WITH_ASAN
const char *__asan_default_options (void);

const char *
__asan_default_options (void)
{
  return "hard_rss_limit_mb=" G_STRINGIFY (ASAN_RSS_LIMIT_MB);
}
#endif

static void
limit_memory (void)
{
#ifndef WITH_ASAN
  const rlim_t cap = (rlim_t) ADDRESS_SPACE_LIMIT_MB << 20;
  struct rlimit limit;

  if (getrlimit (RLIMIT_AS, &limit) == 0
      && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > cap))
    {
      limit.rlim_cur = cap;
      setrlimit (RLIMIT_AS, &limit);
    }
#endif
}

/* Each input runs in a child process: a crash, a sanitizer report, a leak or a hang fails
 * that input's test case, and the others still run. */
#define INPUT_TIMEOUT_USEC (20 * G_USEC_PER_SEC)
#define INPUTS_VARIABLE    "BS_FUZZ_REPLAY_INPUTS"

static void
replay_one (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree guint8 *input = NULL;
  gsize length;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, INPUT_TIMEOUT_USEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }

  limit_memory ();
  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  /* No terminating NUL, as libFuzzer gives it: AddressSanitizer catches a read past the end. */
  input = g_malloc (MAX (length, 1));
  memcpy (input, contents, length);
  LLVMFuzzerTestOneInput (input, length);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* files keeps the paths alive for the whole run, in the parent and in each child,
 * so that LeakSanitizer sees them referenced. */
static void
add_input (GPtrArray  *files,
           const char *dir_name,
           const char *file,
           const char *name)
{
  g_autofree char *test_path = g_strdup_printf ("/fuzz-replay/%s/%s", dir_name, name);
  char *kept;

  if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
    return;
  kept = g_strdup (file);
  g_ptr_array_add (files, kept);
  g_test_add_data_func (test_path, kept, replay_one);
}

/* A directory adds each of its files, a file itself. */
static void
add_inputs (GPtrArray  *files,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *base = g_path_get_basename (path);
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *parent = g_path_get_dirname (path);
      g_autofree char *parent_base = g_path_get_basename (parent);

      add_input (files, parent_base, path, base);
      return;
    }

  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *file = g_build_filename (path, names->pdata[i], NULL);

      add_input (files, base, file, names->pdata[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_auto(GStrv) inputs = NULL;
  g_autofree char *joined = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);
  LLVMFuzzerInitialize (&argc, &argv);

  /* The child processes get the inputs from their parent. */
  if (g_test_subprocess ())
    {
      const char *from_parent = g_getenv (INPUTS_VARIABLE);

      inputs = g_strsplit (from_parent != NULL ? from_parent : "", "\n", -1);
    }
  else
    {
      if (argc < 2)
        g_error ("usage: fuzz-replay [--tap] DIR|FILE...");
      /* A failing input fails its own test case; the others still run. */
      g_test_set_nonfatal_assertions ();
      inputs = g_strdupv (argv + 1);
      joined = g_strjoinv ("\n", inputs);
      g_setenv (INPUTS_VARIABLE, joined, TRUE);
    }
  for (guint i = 0; inputs[i] != NULL; i++)
    add_inputs (files, inputs[i]);
  return g_test_run ();
}
