/* test-places.c: the parameters and inputs of a run stand in the same place everywhere
 *
 * In every scene of a run whose graphs are built anew (a training loop, or the same
 * lines written twice), whichever scene is laid out first (the window's history, or a
 * separate `backstep export` of another step), in the whole-run view as in the live one,
 * and when the fallback layout lays a scene out: the places are the run's.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "render-fixtures.h"
#include "bs-scene-cache.h"

/* No loop: two graphs of different shapes from the same parameters, one after the
 * other. */
static const char no_loop_script[] =
  "import torch\n"
  "a = torch.tensor([1.0, 2.0], requires_grad=True)\n"
  "b = torch.tensor([3.0, -1.0], requires_grad=True)\n"
  "c = torch.tensor([0.5, 1.5], requires_grad=True)\n"
  "x = torch.tensor([0.5, 0.25])\n"
  "loss = (c * x + b * 2 + a).sum()\n"
  "loss.backward()\n"
  "loss = ((a * x).tanh() * (b + c)).pow(2).mean()\n"
  "loss.backward()\n";

/* One parameter over a graph of one product in the first pass and six side by side in
 * the second: dot centres each under the row, reaching left of it (the second far
 * more). */
static const char wide_script[] =
  "import torch\n"
  "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
  "for n in [1, 6]:\n"
  "    loss = sum((w * float(k + 1)).tanh().sum() for k in range(n))\n"
  "    loss.backward()\n";

static BsTrace *
record (const char *source)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, -1, "test.py", NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* The places of the shared boxes of scene, in the run's frame: tensor id -> point. */
static GHashTable *
places_of (BsScene *scene)
{
  GHashTable *places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  BsScenePoint origin;

  g_assert_true (bs_scene_is_laid_out (scene));
  bs_scene_get_origin (scene, &origin);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);
      BsScenePoint here = { node->x + node->width / 2 - origin.x,
                            node->y + node->height / 2 - origin.y };

      if (bs_scene_node_is_shared (node))
        g_hash_table_insert (places, GUINT_TO_POINTER (node->tensor),
                             g_memdup2 (&here, sizeof here));
    }
  return places;
}

/* Every box both show stands at the same place; how many did. */
static guint
assert_same_places (GHashTable *a,
                    GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const BsScenePoint *p = value, *q = g_hash_table_lookup (b, key);

      if (q == NULL)
        continue;
      g_assert_cmpfloat_with_epsilon (p->x, q->x, 0.01);
      g_assert_cmpfloat_with_epsilon (p->y, q->y, 0.01);
      n++;
    }
  return n;
}

/* The scene of step in a cache of its own, as a separate `backstep export` of that step
 * makes it; with fallback, laid out by the fallback layout instead of dot. */
static BsScene *
scene_alone (BsTrace     *trace,
             BsRenderer  *renderer,
             BsSceneView  view,
             guint64      step,
             gboolean     fallback)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, view, NULL, 0);
  g_autoptr(BsScene) scene = bs_scene_cache_lookup (scenes, step);
  g_autoptr(GError) error = NULL;

  /* no time for Graphviz: the layout in rows, with its note */
  if (fallback)
    bs_layout_set_budget (layout, 0, BS_LAYOUT_DEFAULT_MEMORY);
  g_assert_true (bs_layout_run (layout, scene, &error));
  g_assert_no_error (error);
  g_assert_true ((bs_scene_get_layout_note (scene) != NULL) == fallback);
  bs_scene_cache_laid_out (scenes, scene);
  return g_steal_pointer (&scene);
}

/* The first step of each graph the run builds after the first: each scene's stretch. */
static guint64
stretch (BsTrace *trace,
         guint    k)
{
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);

  g_assert_cmpuint (k, <, starts->len);
  return g_array_index (starts, guint64, k);
}

/* Two separate exports, of a step in the second pass and one in the fourth (another
 * depth): each parameter and input at the same place of the run's frame. */
static void
test_separate_exports (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) second = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 2), FALSE);
  g_autoptr(BsScene) fourth = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 4), FALSE);
  g_autoptr(GHashTable) a = places_of (second);
  g_autoptr(GHashTable) b = places_of (fourth);

  g_assert_cmpuint (bs_scene_get_n_nodes (second), !=, bs_scene_get_n_nodes (fourth));
  /* six parameters, x and y */
  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

/* The whole-run view puts them where the live view does. */
static void
test_whole_view (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) live = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                         stretch (trace, 3), FALSE);
  g_autoptr(BsScene) whole = scene_alone (trace, renderer, BS_SCENE_VIEW_WHOLE, 0, FALSE);
  g_autoptr(GHashTable) a = places_of (live);
  g_autoptr(GHashTable) b = places_of (whole);

  g_assert_true (bs_scene_get_shared_row (whole));
  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

/* A script without a loop that builds two graphs of different shapes. */
static void
test_no_loop (void)
{
  g_autoptr(BsTrace) trace = record (no_loop_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) second = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 1), FALSE);
  g_autoptr(BsScene) first = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE, 0, FALSE);
  g_autoptr(GHashTable) a = places_of (first);
  g_autoptr(GHashTable) b = places_of (second);

  g_assert_cmpuint (bs_scene_get_n_nodes (first), !=, bs_scene_get_n_nodes (second));
  /* a, b, c and x */
  g_assert_cmpuint (assert_same_places (a, b), ==, 4);
}

/* A scene the fallback layout lays out (dot took too long) puts them where dot's
 * layouts do. */
static void
test_fallback (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsScene) by_dot = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                           stretch (trace, 2), FALSE);
  g_autoptr(BsScene) fallback = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE,
                                             stretch (trace, 4), TRUE);
  g_autoptr(GHashTable) a = places_of (by_dot);
  g_autoptr(GHashTable) b = places_of (fallback);

  g_assert_cmpuint (assert_same_places (a, b), ==, 8);
}

static cairo_status_t
read_stream (void          *closure,
             unsigned char *data,
             unsigned int   length)
{
  gsize n_read = 0;

  if (!g_input_stream_read_all (closure, data, length, &n_read, NULL, NULL) || n_read != length)
    return CAIRO_STATUS_READ_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

/* Where a PNG shows the parameter row: the top left of the pixels of the colour of a leaf
 * that requires grad (the row's only leaf is w). */
static void
row_in_png (GBytes *png,
            int    *x,
            int    *y)
{
  const BsColor *leaf = &bs_palette_get (BS_PALETTE_LIGHT)->leaf;
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (png);
  cairo_surface_t *surface;
  const guchar *data;
  int stride;

  surface = cairo_image_surface_create_from_png_stream (read_stream, stream);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  *x = *y = G_MAXINT;
  for (int py = 0; py < cairo_image_surface_get_height (surface); py++)
    for (int px = 0; px < cairo_image_surface_get_width (surface); px++)
      {
        guint32 pixel = *(const guint32 *) (data + py * stride + 4 * px);

        if (((pixel >> 16) & 0xff) == (guint) lround (leaf->red * 255)
            && ((pixel >> 8) & 0xff) == (guint) lround (leaf->green * 255)
            && (pixel & 0xff) == (guint) lround (leaf->blue * 255))
          {
            *x = MIN (*x, px);
            *y = MIN (*y, py);
          }
      }
  cairo_surface_destroy (surface);
  g_assert_cmpint (*x, <, G_MAXINT);
}

/* A picture of a scene the fallback layout laid out (Graphviz past its budget) puts the
 * row where a picture of one Graphviz laid out does: at the same x and y, whether the
 * fallback's scene is another step's or the same step's. */
static void
test_fallback_picture_aligned (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  guint64 steps[3] = { stretch (trace, 2), stretch (trace, 2), stretch (trace, 4) };
  gboolean fallback[3] = { FALSE, TRUE, TRUE };
  int x[3], y[3];

  for (guint k = 0; k < 3; k++)
    {
      g_autoptr(BsScene) scene = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE, steps[k],
                                              fallback[k]);
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, steps[k]);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) png = bs_export_to_bytes (renderer, scene, state, BS_EXPORT_PNG,
                                                  &error);

      g_assert_no_error (error);
      row_in_png (png, &x[k], &y[k]);
    }
  for (guint k = 1; k < 3; k++)
    {
      g_assert_cmpint (x[k], ==, x[0]);
      g_assert_cmpint (y[k], ==, y[0]);
    }
}

static cairo_surface_t *
png_surface (GBytes *png)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (png);
  cairo_surface_t *surface = cairo_image_surface_create_from_png_stream (read_stream, stream);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

static gboolean
pixel_is (cairo_surface_t *surface,
          int              x,
          int              y,
          const BsColor   *color)
{
  guint32 pixel = *(const guint32 *) (cairo_image_surface_get_data (surface)
                                      + y * cairo_image_surface_get_stride (surface) + 4 * x);

  return ((pixel >> 16) & 0xff) == (guint) lround (color->red * 255)
         && ((pixel >> 8) & 0xff) == (guint) lround (color->green * 255)
         && (pixel & 0xff) == (guint) lround (color->blue * 255);
}

/* The sums ("Σ …") of the gradients arriving at the parameters, drawn above their boxes in
 * the row at the top, have room there: through the backward call of the pass that uses
 * the middle layer three times, the pictures are blank along their top edge, and the
 * sums stand between it and the row. */
static void
test_sums_room (void)
{
  const BsPalette *palette = bs_palette_get (BS_PALETTE_LIGHT);
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (palette);
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  guint64 first = bs_trace_get_event (trace, (guint64) bs_trace_find_backward (trace, 2))->step;
  guint n_above = 0, n_steps = 0;

  /* (every third step: each picture takes a while) */
  for (guint64 step = first; step < bs_trace_get_n_steps (trace); step += 3)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      g_autoptr(GError) error = NULL;
      g_autoptr(BsScene) scene = NULL;
      g_autoptr(GBytes) png = NULL;
      cairo_surface_t *surface;
      int row_x, row_y;
      gboolean above = FALSE;

      if (state->backward == 0)
        break;
      scene = bs_scene_cache_get (scenes, layout, step, &error);
      g_assert_no_error (error);
      png = bs_export_to_bytes (renderer, scene, state, BS_EXPORT_PNG, &error);
      g_assert_no_error (error);
      row_in_png (png, &row_x, &row_y);
      surface = png_surface (png);
      for (int y = 0; y < row_y; y++)
        for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
          {
            if (y < 4 && !pixel_is (surface, x, y, &palette->background))
              g_error ("step %" G_GUINT64_FORMAT ": drawn at (%d, %d), at the picture's top "
                       "edge", step, x, y);
            above |= pixel_is (surface, x, y, &palette->backward_fill);
          }
      n_above += above;
      n_steps++;
      cairo_surface_destroy (surface);
    }
  g_test_message ("%u steps, %u with a sum above the row", n_steps, n_above);
  g_assert_cmpuint (n_above, >=, 3);
}

/* Two pictures of one run, as two `backstep export --step` commands write them, one of a
 * graph reaching left of the parameter row: the row stands at the same x and y in both
 * files. */
static void
test_pictures_aligned (void)
{
  g_autoptr(BsTrace) trace = record (wide_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  int x[2], y[2];
  guint n_wide = 0;

  for (guint k = 0; k < 2; k++)
    {
      /* each pass's backward call */
      guint64 step = bs_trace_get_event (trace, (guint64) bs_trace_find_backward (trace, k + 1))
                       ->step;
      g_autoptr(BsScene) scene = scene_alone (trace, renderer, BS_SCENE_VIEW_LIVE, step, FALSE);
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) png = bs_export_to_bytes (renderer, scene, state, BS_EXPORT_PNG,
                                                  &error);
      double row_width = 0, widest = 0;

      g_assert_no_error (error);
      row_in_png (png, &x[k], &y[k]);
      /* how much wider than the row its graph is */
      for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
        {
          const BsSceneNode *node = bs_scene_get_node (scene, i);

          if (bs_scene_node_is_shared (node))
            row_width = MAX (row_width, node->width);
          else
            widest = MAX (widest, node->x + node->width);
        }
      n_wide += widest > 2 * row_width;
    }
  g_assert_cmpuint (n_wide, >=, 1);
  g_assert_cmpint (x[0], ==, x[1]);
  g_assert_cmpint (y[0], ==, y[1]);
}

typedef struct {
  int      x, y;     /* where the row's fill begins on a page */
  gboolean thick;    /* the step accumulates into the row's box */
} PagePlace;

/* A handout of both passes' backward calls, one page per step, as `backstep export
 * --handout` writes it: rasterised by pdftoppm (1 pixel a point), the row stands at the
 * same place on every page, the graph's shape changing between them. */
static void
test_handout_aligned (void)
{
  g_autoptr(BsTrace) trace = record (wide_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-places-XXXXXX", &error);
  g_autofree char *pdf = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GBytes) bytes = NULL;
  guint64 first = bs_trace_get_event (trace, (guint64) bs_trace_find_backward (trace, 1))->step;
  guint64 last = bs_trace_get_event (trace, (guint64) bs_trace_find_backward (trace, 2))->step;
  const char *argv[] = { "pdftoppm", "-r", "72", "-png", NULL, NULL, NULL };
  int status = -1, x0 = -1, y0 = -1;
  guint n_pages = 0;
  g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (PagePlace));
  g_autoptr(GDir) listing = NULL;
  const char *name;

  g_assert_no_error (error);
  pdf = g_build_filename (dir, "handout.pdf", NULL);
  prefix = g_build_filename (dir, "page", NULL);
  bytes = bs_export_handout_to_bytes (renderer, scenes, layout, first, last, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (pdf, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), &error));
  argv[4] = pdf;
  argv[5] = prefix;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize length;
      g_autoptr(GBytes) png = NULL;
      g_autoptr(BsTraceState) state = NULL;
      const BsTraceEvent *event;
      gboolean accumulating;
      guint page;
      int x, y;

      if (!g_str_has_suffix (name, ".png"))
        continue;
      g_assert_true (g_file_get_contents (path, &data, &length, &error));
      png = g_bytes_new_take (g_steal_pointer (&data), length);
      row_in_png (png, &x, &y);
      page = (guint) g_ascii_strtoull (strrchr (name, '-') + 1, NULL, 10);
      g_assert_cmpuint (page, >=, 1);
      g_assert_cmpuint (page, <=, last - first + 1);
      state = bs_replay_state_at (trace, first + page - 1);
      event = bs_trace_state_get_step_event (state);
      accumulating = event != NULL && event->type == BS_TRACE_EVENT_ACCUMULATE;
      g_array_append_val (places, ((PagePlace) { x, y, accumulating }));
      if (!accumulating)
        {
          x0 = x;
          y0 = y;
        }
      n_pages++;
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpuint (n_pages, ==, last - first + 1);
  /* The box w's .grad accumulates into is outlined twice as thick, half a line width
   * further into its fill (at most a pixel): where the fill begins, not where the box
   * stands. */
  for (guint i = 0; i < places->len; i++)
    {
      const PagePlace *place = &g_array_index (places, PagePlace, i);

      g_assert_cmpint (place->x, >=, x0);
      g_assert_cmpint (place->x, <=, x0 + (place->thick ? 1 : 0));
      g_assert_cmpint (place->y, >=, y0);
      g_assert_cmpint (place->y, <=, y0 + (place->thick ? 1 : 0));
    }
  g_assert_cmpint (g_remove (pdf), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/places/separate-exports", test_separate_exports);
  g_test_add_func ("/render/places/whole-view", test_whole_view);
  g_test_add_func ("/render/places/no-loop", test_no_loop);
  g_test_add_func ("/render/places/fallback", test_fallback);
  g_test_add_func ("/render/places/pictures-aligned", test_pictures_aligned);
  g_test_add_func ("/render/places/sums-room", test_sums_room);
  g_test_add_func ("/render/places/fallback-picture-aligned", test_fallback_picture_aligned);
  g_test_add_func ("/render/places/handout-aligned", test_handout_aligned);
  return g_test_run ();
}
