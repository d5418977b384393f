/* test-export.c: PNG, SVG, PDF, DOT, the handout and the animation's progress and
 * cancellation, written atomically; `backstep export` */
#include <cairo.h>
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "bs-export-animation.h"
#include "render-fixtures.h"

typedef struct {
  const guint8 *data;
  gsize         length;
  gsize         offset;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  Reader *reader = closure;

  if (reader->offset + length > reader->length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, reader->data + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

/* Pages of a PDF: its page objects ("/Type /Page", not "/Type /Pages"). */
static guint
count_pages (GBytes *pdf)
{
  gsize length;
  const char *data = g_bytes_get_data (pdf, &length);
  const char *end = data + length;
  static const char key[] = "/Type /Page";
  guint pages = 0;

  g_assert_true (length > 5 && memcmp (data, "%PDF-", 5) == 0);
  for (const char *p = data; (p = memmem (p, (gsize) (end - p), key, strlen (key))) != NULL;
       p += strlen (key))
    if (p + strlen (key) < end && !g_ascii_isalpha (p[strlen (key)]))
      pages++;
  return pages;
}

static BsTraceState *
middle_state (Drawn *d)
{
  return bs_replay_state_at (d->trace, seed004_middle (d->trace));
}

static void
test_png (void)
{
  Drawn d;
  double width, height;

  drawn_init (&d, seed004_script);
  for (double scale = 0.5; scale <= 2.5; scale += 1)
    {
      g_autoptr(BsTraceState) state = middle_state (&d);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      Reader reader = { 0 };
      cairo_surface_t *image;

      /* the scene, and the edge's label beside it (bs-note-places.h) */
      bs_renderer_get_extent (d.renderer, d.scene, state, &width, &height);
      bs_renderer_set_scale (d.renderer, scale);
      bytes = bs_export_to_bytes (d.renderer, d.scene, state, BS_EXPORT_PNG, &error);
      g_assert_no_error (error);
      reader.data = g_bytes_get_data (bytes, &reader.length);
      image = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
      g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (image), ==, (int) ceil (width * scale));
      g_assert_cmpint (cairo_image_surface_get_height (image), ==, (int) ceil (height * scale));
      cairo_surface_destroy (image);
    }

  /* Beyond cairo's limits: an error, not a crash. */
  {
    g_autoptr(BsTraceState) state = middle_state (&d);
    g_autoptr(GError) error = NULL;
    g_autoptr(BsRenderer) huge = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));

    bs_renderer_set_scale (huge, 40000 / MIN (width, height));
    g_assert_null (bs_export_to_bytes (huge, d.scene, state, BS_EXPORT_PNG, &error));
    g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_TOO_LARGE);
  }
  drawn_clear (&d);
}

typedef struct {
  guint  depth;
  guint  n_elements;
  char  *root;
  char  *width;
} SvgCheck;

static void
svg_start (GMarkupParseContext  *context,
           const char           *element,
           const char          **names,
           const char          **values,
           gpointer              data,
           GError              **error)
{
  SvgCheck *check = data;

  if (check->depth++ == 0)
    {
      check->root = g_strdup (element);
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "width"))
          check->width = g_strdup (values[i]);
    }
  check->n_elements++;
}

static void
svg_end (GMarkupParseContext  *context,
         const char           *element,
         gpointer              data,
         GError              **error)
{
  ((SvgCheck *) data)->depth--;
}

static void
test_svg (void)
{
  static const GMarkupParser parser = { svg_start, svg_end, NULL, NULL, NULL };
  Drawn d;
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  SvgCheck check = { 0 };
  const char *text;
  gsize length;
  double width, height;

  drawn_init (&d, seed004_script);
  state = middle_state (&d);
  bytes = bs_export_to_bytes (d.renderer, d.scene, state, BS_EXPORT_SVG, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (bytes, &length);

  context = g_markup_parse_context_new (&parser, 0, &check, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, (gssize) length, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (check.root, ==, "svg");
  g_assert_cmpuint (check.depth, ==, 0);
  g_assert_cmpuint (check.n_elements, >, 20);
  /* A vector image of the scene's size and the edge's label beside it, in points */
  bs_renderer_get_extent (d.renderer, d.scene, state, &width, &height);
  g_assert_true (g_str_has_suffix (check.width, "pt"));
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (check.width, NULL), width, 1e-4);
  g_free (check.root);
  g_free (check.width);
  drawn_clear (&d);
}

static void
test_pdf (void)
{
  Drawn d;
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) handout = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsLayout) layout = NULL;
  g_autoptr(BsSceneCache) scenes = NULL;

  drawn_init (&d, seed004_script);
  state = middle_state (&d);
  pdf = bs_export_to_bytes (d.renderer, d.scene, state, BS_EXPORT_PDF, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_pages (pdf), ==, 1);

  /* The handout: a page per step of the range asked for, here every step. */
  layout = bs_layout_new ();
  scenes = bs_scene_cache_new (d.trace, d.renderer, BS_SCENE_VIEW_LIVE, NULL, 0);
  handout = bs_export_handout_to_bytes (d.renderer, scenes, layout, 0, G_MAXUINT64, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_pages (handout), ==, bs_trace_get_n_steps (d.trace));
  g_assert_cmpuint (bs_trace_get_n_steps (d.trace), >, 20);
  g_clear_pointer (&handout, g_bytes_unref);
  handout = bs_export_handout_to_bytes (d.renderer, scenes, layout, 3, 7, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_pages (handout), ==, 5);
  drawn_clear (&d);
}

/* Graphviz's dot reads the DOT text back. */
static void
assert_dot_accepts (const char *text)
{
  g_autoptr(GSubprocess) dot = NULL;
  g_autoptr(GBytes) input = g_bytes_new (text, strlen (text));
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  dot = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                          | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, "dot", "-Tsvg", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (dot, input, NULL, &out, &err, &error));
  g_assert_no_error (error);
  if (!g_subprocess_get_if_exited (dot) || g_subprocess_get_exit_status (dot) != 0
      || g_bytes_get_size (err) > 0)
    g_error ("dot refused the text:\n%s\n%.*s", text, (int) g_bytes_get_size (err),
             (const char *) g_bytes_get_data (err, NULL));
  g_assert_cmpuint (g_bytes_get_size (out), >, 0);
}

static void
test_dot (void)
{
  Drawn d;

  drawn_init (&d, seed004_script);
  {
    g_autoptr(BsTraceState) state = middle_state (&d);
    g_autoptr(BsTraceState) start = bs_replay_state_at (d.trace, 0);
    g_autofree char *text = bs_export_to_dot (d.renderer, d.scene, state);
    g_autofree char *empty = bs_export_to_dot (d.renderer, d.scene, start);
    g_autofree char *x3 = g_strdup_printf ("  %s [label=\"x3\\nMulBackward0 (saved)\\nvalue: 1",
                                           bs_scene_get_node (d.scene, box_named (d.scene,
                                                                                  "x3"))->name);

    assert_dot_accepts (text);
    assert_dot_accepts (empty);
    /* Labels with the node text, the leaf colour, the current edge labelled. */
    g_assert_nonnull (strstr (text, x3));
    g_assert_nonnull (strstr (text, "fillcolor=\"#add8e6\""));
    g_assert_nonnull (strstr (text, "penwidth=3"));
    g_assert_nonnull (strstr (text, "label=\"∂(w3 * x4)/∂x4 = w3 = 3\\n"
                                    "upstream -1 × 3 = -3\""));
    g_assert_null (strstr (empty, "->"));
  }
  drawn_clear (&d);

  /* The error as a note beside its node */
  drawn_init (&d, seed003_script);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autofree char *text = bs_export_to_dot (d.renderer, d.scene, state);

    assert_dot_accepts (text);
    g_assert_nonnull (strstr (text, "error [shape=note"));
    g_assert_nonnull (strstr (text, "Trying to backward through the graph a second time"));
  }
  drawn_clear (&d);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* The directory's entries, sorted, joined by spaces. */
static char *
list_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
test_atomic (void)
{
  Drawn d;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(BsRenderer) huge = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autofree char *dir = g_dir_make_tmp ("backstep-export-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "graph.png", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", "graph.png", NULL);
  g_autofree char *handout = g_build_filename (dir, "handout.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(BsLayout) layout = NULL;
  g_autoptr(BsSceneCache) scenes = NULL;
  double width, height;

  g_assert_no_error (error);
  drawn_init (&d, seed004_script);
  state = middle_state (&d);

  g_assert_true (bs_export_write_file (d.renderer, d.scene, state, BS_EXPORT_PNG, png, &error));
  g_assert_no_error (error);
  layout = bs_layout_new ();
  scenes = bs_scene_cache_new (d.trace, d.renderer, BS_SCENE_VIEW_WHOLE, NULL, 0);
  g_assert_true (bs_export_write_handout (d.renderer, scenes, layout, 0, G_MAXUINT64, handout,
                                          &error));
  g_assert_no_error (error);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "graph.png handout.pdf");
  g_clear_pointer (&listing, g_free);

  /* Into a directory that does not exist: an error, nothing written */
  g_assert_false (bs_export_write_file (d.renderer, d.scene, state, BS_EXPORT_SVG, missing,
                                        &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  /* A failed export leaves the file it would have replaced as it was. */
  g_assert_true (g_file_set_contents (png, "before", -1, &error));
  bs_scene_get_size (d.scene, &width, &height);
  bs_renderer_set_scale (huge, 40000 / MIN (width, height));
  g_assert_false (bs_export_write_file (huge, d.scene, state, BS_EXPORT_PNG, png, &error));
  g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (png, &contents, NULL, &error));
  g_assert_cmpstr (contents, ==, "before");
  /* ... and a successful one replaces it, with no temporary file left. */
  g_assert_true (bs_export_write_file (d.renderer, d.scene, state, BS_EXPORT_DOT, png, &error));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (png, &contents, NULL, &error));
  g_assert_true (g_str_has_prefix (contents, "// Made by Backstep"));
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "graph.png handout.pdf");

  g_assert_cmpint (g_remove (png), ==, 0);
  g_assert_cmpint (g_remove (handout), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  drawn_clear (&d);
}

static void
test_format_from_filename (void)
{
  BsExportFormat format;
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_export_format_from_filename ("a/b/Graph.PNG", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_PNG);
  g_assert_true (bs_export_format_from_filename ("g.svg", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_SVG);
  g_assert_true (bs_export_format_from_filename ("g.pdf", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_PDF);
  g_assert_true (bs_export_format_from_filename ("g.dot", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_DOT);
  g_assert_false (bs_export_format_from_filename ("g.jpeg", &format, &error));
  g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT);
}

/* --- the command ----------------------------------------------------------- */

/* Runs `backstep export ARGS...` in dir; returns its exit status, stderr in *err. */
static int
run_export (const char  *dir,
            char       **err,
            ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *backstep = g_getenv ("BACKSTEP");
  const char *arg;
  va_list ap;

  g_assert_nonnull (backstep);
  g_ptr_array_add (args, (gpointer) backstep);
  g_ptr_array_add (args, "export");
  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_cwd (launcher, dir);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) args->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

static void
test_command (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("backstep-export-XXXXXX", &error);
  g_autofree char *seed004 = g_build_filename (dir, "seed004.py", NULL);
  g_autofree char *seed003 = g_build_filename (dir, "seed003.py", NULL);
  const char *outputs[] = { "graph.png", "graph.svg", "graph.pdf", "graph.dot", "error.png",
                            "handout.pdf" };
  char *err = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (seed004, seed004_script, -1, NULL));
  g_assert_true (g_file_set_contents (seed003, seed003_script, -1, NULL));

  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "graph.png", "--step", "20",
                               "--scale", "2", NULL), ==, 0);
  g_assert_null (strstr (err, "backstep"));
  g_assert_null (strstr (err, "rror"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "graph.svg", "--palette", "dark",
                               NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "graph.pdf", "--step", "end",
                               "--palette", "projector", NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "graph.dot", NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "handout.pdf", "--handout",
                               NULL), ==, 0);
  g_clear_pointer (&err, g_free);

  /* A script that raises: its graph up to the error, then the traceback and status 1 */
  g_assert_cmpint (run_export (dir, &err, "seed003.py", "-o", "error.png", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "RuntimeError: Trying to backward through the graph"));
  g_clear_pointer (&err, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i], NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      g_assert_cmpint (g_remove (path), ==, 0);
    }

  /* Usage errors: status 2 and a message, nothing written */
  {
    const char *const bad[][6] = {
      { "seed004.py", NULL },
      { "seed004.py", "-o", "graph.jpeg", NULL },
      { "seed004.py", "-o", "graph.png", "--handout", NULL },
      { "seed004.py", "-o", "graph.pdf", "--handout", "--step", "3" },
      { "seed004.py", "-o", "graph.png", "--step", "many", NULL },
      { "seed004.py", "-o", "graph.png", "--step", "100000", NULL },
      { "seed004.py", "-o", "graph.png", "--scale", "0", NULL },
      { "seed004.py", "-o", "graph.png", "--scale", "2x", NULL },
      { "seed004.py", "-o", "graph.png", "--palette", "neon", NULL },
      { "-o", "graph.png", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *listing = NULL;

        g_assert_cmpint (run_export (dir, &err, bad[i][0], bad[i][1], bad[i][2], bad[i][3],
                                     bad[i][4], bad[i][5], NULL), ==, 2);
        g_assert_nonnull (strstr (err, "backstep export: "));
        g_clear_pointer (&err, g_free);
        listing = list_dir (dir);
        g_assert_cmpstr (listing, ==, "seed003.py seed004.py");
      }
  }

  /* A directory that does not exist: status 1, said why */
  g_assert_cmpint (run_export (dir, &err, "seed004.py", "-o", "nowhere/graph.png", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "backstep export: cannot write nowhere/graph.png: "));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (g_remove (seed004), ==, 0);
  g_assert_cmpint (g_remove (seed003), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

typedef struct {
  guint         calls;
  guint         last_done;
  guint         total;
  guint         cancel_after;   /* 0: never */
  GCancellable *cancellable;
} Progress;

static void
count_progress (guint    done,
                guint    total,
                gpointer user_data)
{
  Progress *progress = user_data;

  progress->calls++;
  g_assert_cmpuint (done, ==, progress->last_done + 1);
  progress->last_done = done;
  progress->total = total;
  if (progress->cancel_after > 0 && done == progress->cancel_after)
    g_cancellable_cancel (progress->cancellable);
}

/* The animation reports each frame as it is encoded, in either format, and stops with
 * G_IO_ERROR_CANCELLED when cancelled: nothing more is reported or written. */
static void
test_animation_progress (void)
{
  Drawn d;
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = NULL;
  guint64 middle;

  drawn_init (&d, seed004_script);
  scenes = bs_scene_cache_new (d.trace, d.renderer, BS_SCENE_VIEW_LIVE, NULL, 0);
  middle = seed004_middle (d.trace);
  for (BsAnimationFormat format = BS_ANIMATION_GIF; format <= BS_ANIMATION_WEBP; format++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      Progress progress = { .cancellable = cancellable };
      BsAnimationOptions options = { .format = format, .first = middle - 2,
                                     .last = middle + 2, .frame_ms = 100,
                                     .progress = count_progress, .progress_data = &progress,
                                     .cancellable = cancellable };
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;
      const char *data;

      bytes = bs_export_animation_to_bytes (d.renderer, scenes, layout, &options, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (progress.calls, ==, 5);
      g_assert_cmpuint (progress.total, ==, 5);
      data = g_bytes_get_data (bytes, &length);
      if (format == BS_ANIMATION_GIF)
        g_assert_true (length > 6 && memcmp (data, "GIF89a", 6) == 0);
      else
        g_assert_true (length > 12 && memcmp (data, "RIFF", 4) == 0
                       && memcmp (data + 8, "WEBP", 4) == 0);

      progress = (Progress) { .cancellable = cancellable, .cancel_after = 2 };
      g_clear_pointer (&bytes, g_bytes_unref);
      bytes = bs_export_animation_to_bytes (d.renderer, scenes, layout, &options, &error);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_null (bytes);
      g_assert_cmpuint (progress.calls, ==, 2);
    }
  drawn_clear (&d);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/png", test_png);
  g_test_add_func ("/export/svg", test_svg);
  g_test_add_func ("/export/pdf", test_pdf);
  g_test_add_func ("/export/dot", test_dot);
  g_test_add_func ("/export/atomic", test_atomic);
  g_test_add_func ("/export/format", test_format_from_filename);
  g_test_add_func ("/export/command", test_command);
  g_test_add_func ("/export/animation-progress", test_animation_progress);
  return g_test_run ();
}
