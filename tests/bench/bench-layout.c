/* bench-layout.c: time to the first complete picture of a script's graph, and the
 * memory a long recorded training loop takes
 *
 *   bench-layout SCRIPT              records SCRIPT, builds its scene, measures the boxes,
 *                                    lays it out and draws the last step, the whole graph
 *                                    fitted into a 1920x1080 image; the last line is
 *                                    "first_picture_s SECONDS", the one before it the CPU
 *                                    time of all threads meanwhile (the renderer and the
 *                                    layout thread are made, fonts loaded and the image
 *                                    painted before the clock starts, as the window has
 *                                    them before Run)
 *   bench-layout SCRIPT --dot FILE   also writes the DOT handed to Graphviz to FILE, for
 *                                    `dot -Tsvg FILE` on the same graph
 *   bench-layout SCRIPT --dot-only FILE  only writes that DOT (no layout)
 *   bench-layout SCRIPT --png FILE [X Y]  writes the picture (fitted, or the 1920x1080
 *                                    region from X, Y at scale 1) and prints the layout's
 *                                    note, to look at
 *   bench-layout --memory SCRIPT     records SCRIPT and builds its scene (laid out with
 *                                    every top-level loop iteration collapsed, when the
 *                                    trace has scopes); the last line is "maxrss_mib MIB"
 */
#define G_LOG_DOMAIN "bs-bench"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "bs-layout.h"
#include "bs-recording.h"
#include "bs-renderer.h"

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds of every thread of the process so far, and of the processes it ran (the
 * layout's `dot`, for a large graph). */
static double
cpu_time (void)
{
  double seconds = 0;

  for (guint i = 0; i < 2; i++)
    {
      struct rusage usage;

      getrusage (i == 0 ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage);
      seconds += usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6
                 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec * 1e-6;
    }
  return seconds;
}

static double
maxrss_mib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/* The full-HD image the picture is drawn into. Like the window's, it exists and has been
 * painted before Run: the kernel's handing out and zeroing 8 MB of fresh pages is no part
 * of drawing the picture. */
static cairo_surface_t *
target_new (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  cairo_t *cr = cairo_create (surface);

  cairo_paint (cr);
  cairo_destroy (cr);
  return surface;
}

/* The whole scene at the trace's last step, fitted into the image. */
static void
draw (BsRenderer      *renderer,
      BsScene         *scene,
      cairo_surface_t *surface)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  g_autoptr(BsTraceState) state = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);
  cairo_t *cr = cairo_create (surface);
  double width, height, scale;

  bs_scene_get_size (scene, &width, &height);
  scale = MIN (1920 / MAX (width, 1), 1080 / MAX (height, 1));
  cairo_scale (cr, scale, scale);
  bs_renderer_draw (renderer, cr, scene, state);
  cairo_surface_flush (surface);
  cairo_destroy (cr);
}

static BsTrace *
record_source (const char *source,
               gssize      length,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, length, name, NULL, NULL, NULL, &error);

  if (error != NULL)
    g_error ("%s: %s", name, error->message);
  return trace;
}

static BsTrace *
record (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = NULL;
  gsize length;

  source = bs_recording_read_source (path, 16 << 20, &length, &error);
  if (source == NULL)
    g_error ("%s", error->message);
  return record_source (source, (gssize) length, path);
}

/* The window has its renderer and layout before Run is pressed, and has drawn text by
 * then: both are made, and the renderer's fonts loaded, before the clock starts. */
static void
warm_up (BsRenderer *renderer)
{
  g_autoptr(BsTrace) trace = record_source ("import torch\n"
                                            "w = torch.tensor(1.0, requires_grad=True)\n",
                                            -1, "warm-up.py");
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);

  bs_renderer_measure_scene (renderer, scene);
}

typedef struct {
  double start, recorded, built, measured, laid, done;
} Phases;

/* The timed part, on its own for `run.sh layout-instructions` to count. */
static G_GNUC_NO_INLINE void
make_picture (const char      *path,
              BsLayout        *layout,
              BsRenderer      *renderer,
              cairo_surface_t *surface,
              BsTrace        **trace,
              BsScene        **scene,
              Phases          *phases)
{
  g_autoptr(GError) error = NULL;

  phases->start = now ();
  *trace = record (path);
  phases->recorded = now ();
  *scene = bs_scene_new_for_trace (*trace, NULL, 0);
  phases->built = now ();
  bs_layout_prepare (layout, *scene);
  bs_renderer_measure_scene (renderer, *scene);
  phases->measured = now ();
  if (!bs_layout_run (layout, *scene, &error))
    g_error ("%s", error->message);
  phases->laid = now ();
  draw (renderer, *scene, surface);
  phases->done = now ();
}

static int
first_picture (const char *path,
               const char *dot_path)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsScene) scene = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = target_new ();
  Phases p;
  double cpu_start, cpu;

  warm_up (renderer);
  cpu_start = cpu_time ();
  make_picture (path, layout, renderer, surface, &trace, &scene, &p);
  cpu = cpu_time () - cpu_start;
  cairo_surface_destroy (surface);

  printf ("tensors %u nodes %u events %" G_GUINT64_FORMAT "\n", bs_trace_get_n_tensors (trace),
          bs_trace_get_n_nodes (trace), bs_trace_get_n_events (trace));
  printf ("boxes %u edges %u clusters %u\n", bs_scene_get_n_nodes (scene),
          bs_scene_get_n_edges (scene), bs_scene_get_n_clusters (scene));
  printf ("record_s %.4f scene_s %.4f measure_s %.4f layout_s %.4f draw_s %.4f\n",
          p.recorded - p.start, p.built - p.recorded, p.measured - p.built,
          p.laid - p.measured, p.done - p.laid);
  if (dot_path != NULL)
    {
      g_autofree char *dot = bs_layout_to_dot (layout, scene);

      if (!g_file_set_contents (dot_path, dot, -1, &error))
        g_error ("%s", error->message);
    }
  /* which layout gave the picture: Graphviz's, or the layout in rows (and why) */
  printf ("layout %s\n", bs_scene_get_layout_note (scene) != NULL
                          ? bs_scene_get_layout_note (scene) : "graphviz");
  printf ("first_picture_cpu_s %.4f\n", cpu);
  printf ("first_picture_s %.4f\n", p.done - p.start);
  return 0;
}

static int
memory (const char *path)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsScene) scene = NULL;
  g_autoptr(GArray) loops = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GError) error = NULL;
  double start = now (), recorded;

  trace = record (path);
  recorded = now ();
  printf ("tensors %u nodes %u events %" G_GUINT64_FORMAT " values_mib %.1f record_s %.3f\n",
          bs_trace_get_n_tensors (trace), bs_trace_get_n_nodes (trace),
          bs_trace_get_n_events (trace),
          bs_value_store_get_bytes (bs_trace_get_values (trace)) / 1048576.0,
          recorded - start);
  printf ("maxrss_recorded_mib %.1f\n", maxrss_mib ());

  for (guint32 s = 1; s <= bs_trace_get_n_scopes (trace); s++)
    {
      const BsTraceScope *scope = bs_trace_get_scope (trace, s);

      if (scope->parent == 0 && scope->kind == BS_TRACE_SCOPE_LOOP_ITERATION)
        g_array_append_val (loops, s);
    }
  scene = bs_scene_new_for_trace (trace, (const guint32 *) (void *) loops->data, loops->len);
  printf ("boxes %u edges %u (%u loop iterations collapsed)\n", bs_scene_get_n_nodes (scene),
          bs_scene_get_n_edges (scene), loops->len);
  if (loops->len > 0)
    {
      double laid = now ();

      bs_renderer_measure_scene (renderer, scene);
      if (!bs_layout_run (layout, scene, &error))
        g_error ("%s", error->message);
      printf ("layout_s %.3f\n", now () - laid);
    }
  else
    printf ("no scopes in the trace: the scene is not laid out\n");
  printf ("maxrss_mib %.1f\n", maxrss_mib ());
  return 0;
}

/* The picture, to look at: the whole scene fitted into 1920x1080, or (crop) the region of
 * that size from (x, y) at scale 1; the layout's note on stdout. */
static int
save_png (const char *path,
          const char *png_path,
          gboolean    crop,
          double      x,
          double      y)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsTrace) trace = record (path);
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = target_new ();
  cairo_t *cr;
  double width, height;

  bs_renderer_measure_scene (renderer, scene);
  if (!bs_layout_run (layout, scene, &error))
    g_error ("%s", error->message);
  bs_scene_get_size (scene, &width, &height);
  printf ("size %.0f x %.0f\nnote %s\n", width, height,
          bs_scene_get_layout_note (scene) != NULL ? bs_scene_get_layout_note (scene) : "-");
  if (!crop)
    draw (renderer, scene, surface);
  else
    {
      state = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);
      cr = cairo_create (surface);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, -x, -y);
      bs_renderer_draw (renderer, cr, scene, state);
      cairo_destroy (cr);
    }
  cairo_surface_write_to_png (surface, png_path);
  cairo_surface_destroy (surface);
  return 0;
}

/* The DOT handed to Graphviz, with the boxes measured, without laying it out. */
static int
dot_only (const char *path,
          const char *dot_path)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsTrace) trace = record (path);
  g_autoptr(BsScene) scene = bs_scene_new_for_trace (trace, NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *dot = NULL;

  bs_renderer_measure_scene (renderer, scene);
  dot = bs_layout_to_dot (layout, scene);
  printf ("boxes %u edges %u clusters %u\n", bs_scene_get_n_nodes (scene),
          bs_scene_get_n_edges (scene), bs_scene_get_n_clusters (scene));
  if (!g_file_set_contents (dot_path, dot, -1, &error))
    g_error ("%s", error->message);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--memory"))
    return memory (argv[2]);
  if (argc == 2)
    return first_picture (argv[1], NULL);
  if (argc == 4 && g_str_equal (argv[2], "--dot"))
    return first_picture (argv[1], argv[3]);
  if (argc == 4 && g_str_equal (argv[2], "--png"))
    return save_png (argv[1], argv[3], FALSE, 0, 0);
  if (argc == 6 && g_str_equal (argv[2], "--png"))
    return save_png (argv[1], argv[3], TRUE, g_ascii_strtod (argv[4], NULL),
                     g_ascii_strtod (argv[5], NULL));
  if (argc == 4 && g_str_equal (argv[2], "--dot-only"))
    return dot_only (argv[1], argv[3]);
  fprintf (stderr, "usage: bench-layout SCRIPT [--dot FILE | --dot-only FILE | --png FILE [X Y]]"
           " | --memory SCRIPT\n");
  return 2;
}
