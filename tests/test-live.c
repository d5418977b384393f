/* test-live.c: the live graph, what the script holds at a step, one layout per shape */
#include <math.h>

#include "render-fixtures.h"
#include "bs-scene-cache.h"
#include "bs-scene-motion.h"
#include "bs-trace-nav.h"

/* A training loop's shape: each pass rebinds loss, which drops the previous graph. */
static const char loop_script[] =
  "import torch\n"
  "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
  "for i in range(3):\n"
  "    loss = (w * (i + 1)).sum()\n"
  "    loss.backward()\n";

/* DynamicNet's lesson: the graph's depth changes from one pass to the next. */
static const char depth_script[] =
  "import torch\n"
  "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
  "for depth in [1, 3, 1]:\n"
  "    h = w\n"
  "    for _ in range(depth):\n"
  "        h = h * 2\n"
  "    loss = h.sum()\n"
  "    loss.backward()\n";

static BsTrace *
record (const char *source)
{
  g_autoptr(GError) error = NULL;
  BsTrace *trace = bs_recording_run (source, -1, "test.py", NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* The step of backward call n's backward_begin event. */
static guint64
backward_step (BsTrace *trace,
               guint32  n)
{
  gint64 index = bs_trace_find_backward (trace, n);

  g_assert_cmpint (index, >=, 0);
  return bs_trace_get_event (trace, (guint64) index)->step;
}

static guint
count_kind (BsScene         *scene,
            BsSceneNodeKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    n += bs_scene_get_node (scene, i)->kind == kind;
  return n;
}

/* Rebinding loss destroys the previous pass's graph; the leaf stays. */
static void
test_destroyed (void)
{
  g_autoptr(BsTrace) trace = record (loop_script);
  g_autoptr(BsTraceState) second = bs_replay_state_at (trace, backward_step (trace, 2));
  g_autoptr(BsTraceState) first = bs_replay_state_at (trace, backward_step (trace, 1));
  guint alive = 0, destroyed = 0;

  for (guint32 n = 1; n <= second->n_nodes; n++)
    {
      const BsTraceNode *node = bs_trace_get_node (trace, n);

      if (node->is_accumulate)
        continue;
      if (bs_trace_state_node_alive (second, n))
        alive++;
      else
        destroyed++;
    }
  /* The second pass's MulBackward0 and SumBackward0 are held; the first's are gone. */
  g_assert_cmpuint (alive, ==, 2);
  g_assert_cmpuint (destroyed, ==, 2);
  for (guint32 n = 1; n <= first->n_nodes; n++)
    g_assert_true (bs_trace_state_node_alive (first, n));
  g_assert_true (bs_trace_state_tensor_alive (second, 1));
}

static void
test_live_scene (void)
{
  g_autoptr(BsTrace) trace = record (loop_script);
  g_autoptr(BsTraceState) at = bs_replay_state_at (trace, backward_step (trace, 3));
  g_autoptr(BsScene) live = bs_scene_new_live (trace, at, NULL, 0);
  g_autoptr(BsScene) whole = bs_scene_new_for_trace (trace, NULL, 0);

  /* Now: w, and one pass's w * k and its sum. The whole run: w and three passes. */
  g_assert_cmpuint (bs_scene_get_n_nodes (live), ==, 3);
  g_assert_cmpuint (count_kind (live, BS_SCENE_NODE_LEAF), ==, 1);
  g_assert_cmpuint (bs_scene_get_n_edges (live), ==, 2);
  g_assert_cmpuint (bs_scene_get_n_nodes (whole), ==, 7);
}

/* Steps in passes 2 and 3 show scenes of one shape, laid out once: no box moves. */
static void
test_same_shape_same_place (void)
{
  g_autoptr(BsTrace) trace = record (loop_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsScene) second = bs_scene_cache_get (scenes, layout, backward_step (trace, 2),
                                                  &error);
  g_autoptr(BsScene) third = bs_scene_cache_lookup (scenes, backward_step (trace, 3));
  g_autofree char *key2 = bs_scene_shape_key (second);
  g_autofree char *key3 = bs_scene_shape_key (third);
  guint64 first, last;

  g_assert_no_error (error);
  g_assert_true (second != third);
  g_assert_cmpstr (key2, ==, key3);
  g_assert_true (bs_scene_is_laid_out (third));
  for (guint i = 0; i < bs_scene_get_n_nodes (second); i++)
    {
      const BsSceneNode *a = bs_scene_get_node (second, i);
      const BsSceneNode *b = bs_scene_get_node (third, i);

      g_assert_cmpfloat (a->x + a->width / 2, ==, b->x + b->width / 2);
      g_assert_cmpfloat (a->y + a->height / 2, ==, b->y + b->height / 2);
      g_assert_true (a->tensor != b->tensor || a->kind == BS_SCENE_NODE_LEAF);
    }
  /* A step of the pass shows the pass's scene from the rebinding of loss on. */
  bs_scene_cache_get_span (scenes, backward_step (trace, 3), &first, &last);
  g_assert_cmpuint (first, <, backward_step (trace, 3));
  g_assert_cmpuint (last, ==, bs_trace_get_n_steps (trace) - 1);
}

/* The parameters and inputs of DynamicNet stand in the same place of the run's frame in
 * every scene, whatever the depth of the graph around them, laid out in the order of the
 * steps, or from the end back. */
static void
assert_parameters_keep_place (gboolean backwards)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);
  g_autoptr(GHashTable) places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) sizes = g_hash_table_new (NULL, NULL);
  guint n_checked = 0;

  for (guint s = 0; s < starts->len; s++)
    {
      guint64 step = g_array_index (starts, guint64, backwards ? starts->len - 1 - s : s);
      g_autoptr(GError) error = NULL;
      g_autoptr(BsScene) scene = bs_scene_cache_get (scenes, layout, step, &error);
      BsScenePoint origin;

      g_assert_no_error (error);
      bs_scene_get_origin (scene, &origin);
      g_hash_table_add (sizes, GUINT_TO_POINTER (bs_scene_get_n_nodes (scene)));
      for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
        {
          const BsSceneNode *node = bs_scene_get_node (scene, i);
          BsScenePoint here = { node->x + node->width / 2 - origin.x,
                                node->y + node->height / 2 - origin.y };
          const BsScenePoint *place;

          if ((node->kind != BS_SCENE_NODE_LEAF && node->kind != BS_SCENE_NODE_CONSTANT)
              || node->scope != 0)
            continue;
          place = g_hash_table_lookup (places, GUINT_TO_POINTER (node->tensor));
          if (place == NULL)
            {
              g_hash_table_insert (places, GUINT_TO_POINTER (node->tensor),
                                   g_memdup2 (&here, sizeof here));
              continue;
            }
          g_assert_cmpfloat_with_epsilon (here.x, place->x, 0.01);
          g_assert_cmpfloat_with_epsilon (here.y, place->y, 0.01);
          n_checked++;
        }
    }
  /* Six parameters, x and y; graphs of several depths. */
  g_assert_cmpuint (g_hash_table_size (places), ==, 8);
  g_assert_cmpuint (g_hash_table_size (sizes), >=, 4);
  g_assert_cmpuint (n_checked, >=, 8 * 4);
}

static void
test_parameters_keep_place (void)
{
  assert_parameters_keep_place (FALSE);
  assert_parameters_keep_place (TRUE);
}

static BsScenePoint
frame_centre (BsScene *scene,
              guint    index)
{
  const BsSceneNode *node = bs_scene_get_node (scene, index);
  BsScenePoint origin;

  bs_scene_get_origin (scene, &origin);
  return (BsScenePoint) { node->x + node->width / 2 - origin.x,
                          node->y + node->height / 2 - origin.y };
}

/* From the scene while the second pass is built (the first pass's graph still held) to
 * the second pass's alone: its boxes glide from where they were, the parameters stay,
 * and a box the first scene lacks fades in. */
static void
test_glide (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsScene) from = NULL;
  g_autoptr(BsScene) to = NULL;
  g_autoptr(BsSceneMotion) motion = NULL;
  guint n_glide = 0, n_new = 0;
  BsScene *frame;

  g_assert_cmpuint (starts->len, >=, 3);
  from = bs_scene_cache_get (scenes, layout, g_array_index (starts, guint64, 1), &error);
  g_assert_no_error (error);
  to = bs_scene_cache_get (scenes, layout, g_array_index (starts, guint64, 2), &error);
  g_assert_no_error (error);
  motion = bs_scene_motion_new (from, to);
  g_assert_nonnull (motion);

  frame = bs_scene_motion_frame (motion, 0);
  for (guint i = 0; i < bs_scene_get_n_nodes (to); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (to, i);
      int old = node->kind == BS_SCENE_NODE_OP ? bs_scene_find_node (from, node->node)
                                               : bs_scene_find_tensor (from, node->tensor, NULL);
      BsScenePoint start = frame_centre (frame, i);

      if (old < 0 || bs_scene_get_node (from, old)->tensor != node->tensor)
        {
          /* New: where it ends, unseen */
          g_assert_cmpfloat (bs_scene_motion_alphas (motion)[i], ==, 0);
          g_assert_cmpfloat_with_epsilon (start.x, frame_centre (to, i).x, 1e-9);
          n_new++;
          continue;
        }
      g_assert_cmpfloat (bs_scene_motion_alphas (motion)[i], ==, 1);
      g_assert_cmpfloat_with_epsilon (start.x, frame_centre (from, old).x, 1e-6);
      g_assert_cmpfloat_with_epsilon (start.y, frame_centre (from, old).y, 1e-6);
      n_glide += start.y != frame_centre (to, i).y;
    }
  g_assert_cmpuint (n_glide, >, 0);
  g_assert_cmpuint (n_new, >, 0);

  frame = bs_scene_motion_frame (motion, 1);
  for (guint i = 0; i < bs_scene_get_n_nodes (to); i++)
    {
      g_assert_cmpfloat (bs_scene_get_node (frame, i)->x, ==, bs_scene_get_node (to, i)->x);
      g_assert_cmpfloat (bs_scene_get_node (frame, i)->y, ==, bs_scene_get_node (to, i)->y);
      g_assert_cmpfloat (bs_scene_motion_alphas (motion)[i], ==, 1);
    }
}

/* The darkness drawn in a rectangle of a picture (0: background white everywhere). */
static double
ink (cairo_surface_t *surface,
     double           x,
     double           y,
     double           width,
     double           height)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int x0 = MAX ((int) x, 0), y0 = MAX ((int) y, 0);
  int x1 = MIN ((int) (x + width), cairo_image_surface_get_width (surface));
  int y1 = MIN ((int) (y + height), cairo_image_surface_get_height (surface));
  double sum = 0;

  cairo_surface_flush (surface);
  for (int py = y0; py < y1; py++)
    for (int px = x0; px < x1; px++)
      {
        const guchar *p = data + py * stride + 4 * px;

        sum += 3 * 255 - (p[0] + p[1] + p[2]);
      }
  return sum;
}

/* The motion's frame at t drawn as the graph view draws it: the scene coming in, then
 * the boxes leaving over it. */
static cairo_surface_t *
draw_motion (BsRenderer         *renderer,
             BsSceneMotion      *motion,
             BsScene            *to,
             const BsTraceState *state,
             double              t)
{
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;

  bs_scene_get_size (to, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
  cr = cairo_create (surface);
  bs_renderer_draw_motion (renderer, cr, motion, t, state);
  cairo_destroy (cr);
  return surface;
}

static gboolean
overlaps_any_box (BsScene           *scene,
                  const BsSceneNode *box)
{
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      if (box->x < node->x + node->width + 4 && node->x < box->x + box->width + 4
          && box->y < node->y + node->height + 4 && node->y < box->y + box->height + 4)
        return TRUE;
    }
  return FALSE;
}

/* The darkness around point p of frame drawn with alphas (NULL: all opaque) on a picture
 * of to's size. */
static double
ink_at (BsRenderer         *renderer,
        BsScene            *frame,
        const BsTraceState *state,
        const double       *alphas,
        BsScene            *to,
        BsScenePoint        p)
{
  double width, height, result;
  cairo_surface_t *surface;
  cairo_t *cr;

  bs_scene_get_size (to, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
  cr = cairo_create (surface);
  bs_renderer_draw_faded (renderer, cr, frame, state, alphas);
  cairo_destroy (cr);
  result = ink (surface, p.x - 2, p.y - 2, 4, 4);
  cairo_surface_destroy (surface);
  return result;
}

static gboolean
edge_under_box (BsScene      *scene,
                BsScenePoint  p)
{
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      if (p.x > node->x - 4 && p.x < node->x + node->width + 4 && p.y > node->y - 4
          && p.y < node->y + node->height + 4)
        return TRUE;
    }
  return FALSE;
}

/* DynamicNet from three middle layers to none: the boxes of the deeper graph fade out
 * where they stood (drawn fainter halfway, gone at the end), and the edges to the boxes
 * fading in are drawn from the start, faint, rather than appearing halfway. */
static void
test_fade_out (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);
  guint n_faded = 0, n_edges = 0;

  for (guint k = 1; k + 1 < starts->len && n_faded == 0; k++)
    {
      guint64 step = g_array_index (starts, guint64, k + 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(BsScene) from = bs_scene_cache_get (scenes, layout,
                                                    g_array_index (starts, guint64, k),
                                                    &error);
      g_autoptr(BsScene) to = bs_scene_cache_get (scenes, layout, step, &error);
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      g_autoptr(BsSceneMotion) motion = NULL;
      cairo_surface_t *shots[3];
      BsScene *leaving;

      g_assert_no_error (error);
      motion = bs_scene_motion_new (from, to);
      if (motion == NULL)
        continue;
      bs_scene_motion_frame (motion, 0);
      leaving = bs_scene_motion_leaving (motion);
      if (leaving == NULL)
        continue;
      shots[0] = draw_motion (renderer, motion, to, state, 0);
      shots[1] = draw_motion (renderer, motion, to, state, 0.5);
      shots[2] = draw_motion (renderer, motion, to, state, 1);
      bs_scene_motion_frame (motion, 0);
      for (guint j = 0; j < bs_scene_get_n_nodes (leaving); j++)
        {
          const BsSceneNode *box = bs_scene_get_node (leaving, j);
          double full, half, gone;

          if (bs_scene_motion_leaving_alphas (motion)[j] < 1 || overlaps_any_box (to, box)
              || box->x < 0 || box->y < 0
              || box->x + box->width > cairo_image_surface_get_width (shots[0])
              || box->y + box->height > cairo_image_surface_get_height (shots[0]))
            continue;
          full = ink (shots[0], box->x, box->y, box->width, box->height);
          half = ink (shots[1], box->x, box->y, box->width, box->height);
          gone = ink (shots[2], box->x, box->y, box->width, box->height);
          g_assert_cmpfloat (half, <, full * 0.8);
          g_assert_cmpfloat (half, >, gone + (full - gone) * 0.02);
          n_faded++;
        }
      /* An edge into a box fading in is drawn from the start, faint as its box: a quarter
       * of the way in, its middle is lighter than the same frame drawn all opaque, and
       * not missing. */
      for (guint e = 0; e < bs_scene_get_n_edges (to); e++)
        {
          const BsSceneEdge *edge = bs_scene_get_edge (to, e);
          BsScene *frame;
          const BsScenePoint *q;
          BsScenePoint middle;
          double faint, opaque;

          if (bs_scene_motion_alphas (motion)[edge->to] != 0 || edge->n_points < 4
              || bs_scene_motion_alphas (motion)[edge->from] != 1)
            continue;
          frame = bs_scene_motion_frame (motion, 0.25);
          edge = bs_scene_get_edge (frame, e);
          /* halfway along the curve's middle piece */
          q = &edge->points[3 * ((edge->n_points - 1) / 3 / 2)];
          middle = (BsScenePoint) { (q[0].x + 3 * q[1].x + 3 * q[2].x + q[3].x) / 8,
                                    (q[0].y + 3 * q[1].y + 3 * q[2].y + q[3].y) / 8 };
          opaque = edge_under_box (frame, middle) ? 0
                   : ink_at (renderer, frame, state, NULL, to, middle);
          /* (an edge whose middle lies beyond the picture is not looked at) */
          if (opaque > 0)
            {
              faint = ink_at (renderer, frame, state, bs_scene_motion_alphas (motion), to,
                              middle);
              /* (another edge may run under it, opaque) */
              g_assert_cmpfloat (faint, >, 0);
              g_assert_cmpfloat (faint, <=, opaque);
              n_edges += faint < opaque;
            }
          bs_scene_motion_frame (motion, 0);
        }
      for (guint i = 0; i < 3; i++)
        cairo_surface_destroy (shots[i]);
    }
  g_assert_cmpuint (n_faded, >, 0);
  g_assert_cmpuint (n_edges, >, 0);
}

/* Marks on mask (A8, to's size) where the motion draws a box or an edge at t = 0, 0.25,
 * 0.5 or 1 (with a margin), and the frames the measured ones could be confused with: the
 * frames of the scene coming in that both scenes have (and, measuring frames leaving,
 * those coming in), and the frames of the scene leaving (measuring frames coming in). */
static void
mask_others (cairo_surface_t *mask,
             BsSceneMotion   *motion,
             const guint8    *matched,
             gboolean         measure_new)
{
  static const double times[] = { 0, 0.25, 0.5, 1 };
  cairo_t *cr = cairo_create (mask);

  cairo_set_line_width (cr, 10);
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      BsScene *scenes[2] = { bs_scene_motion_frame (motion, times[k]),
                             bs_scene_motion_leaving (motion) };

      for (guint s = 0; s < 2 && scenes[s] != NULL; s++)
        {
          BsScene *scene = scenes[s];

          for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
            {
              const BsSceneNode *node = bs_scene_get_node (scene, i);

              cairo_rectangle (cr, node->x - 5, node->y - 5, node->width + 10,
                               node->height + 10);
            }
          for (guint c = 0; c < bs_scene_get_n_clusters (scene); c++)
            {
              const BsSceneCluster *cluster = bs_scene_get_cluster (scene, c);

              if (s == 0 ? matched[c] || !measure_new : measure_new)
                cairo_rectangle (cr, cluster->x - 5, cluster->y - 5, cluster->width + 10,
                                 cluster->height + 10);
            }
          cairo_fill (cr);
          for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
            {
              const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

              if (edge->n_points == 0)
                continue;
              cairo_move_to (cr, edge->points[0].x, edge->points[0].y);
              for (guint p = 1; p + 2 < edge->n_points; p += 3)
                cairo_curve_to (cr, edge->points[p].x, edge->points[p].y,
                                edge->points[p + 1].x, edge->points[p + 1].y,
                                edge->points[p + 2].x, edge->points[p + 2].y);
              if (edge->has_arrow)
                cairo_line_to (cr, edge->arrow_tip.x, edge->arrow_tip.y);
              cairo_stroke (cr);
            }
        }
    }
  cairo_destroy (cr);
  cairo_surface_flush (mask);
}

/* The darkness drawn where region (A8) is set and mask is not, and how many pixels that
 * is. */
static double
ink_in (cairo_surface_t *surface,
        cairo_surface_t *region,
        cairo_surface_t *mask,
        guint           *n_pixels)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  const guchar *in = cairo_image_surface_get_data (region);
  const guchar *out = cairo_image_surface_get_data (mask);
  int stride = cairo_image_surface_get_stride (surface);
  int a8_stride = cairo_image_surface_get_stride (mask);
  double sum = 0;

  cairo_surface_flush (surface);
  *n_pixels = 0;
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        const guchar *p = data + y * stride + 4 * x;

        if (in[y * a8_stride + x] == 0 || out[y * a8_stride + x] != 0)
          continue;
        sum += 3 * 255 - (p[0] + p[1] + p[2]);
        (*n_pixels)++;
      }
  return sum;
}

/* The boxes to shares with from (the parameters and inputs) stand at the same place of
 * both pictures; how many. */
static guint
assert_shared_still (BsScene *from,
                     BsScene *to)
{
  guint n = 0;

  for (guint i = 0; i < bs_scene_get_n_nodes (to); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (to, i), *before;
      int old;

      if (!bs_scene_node_is_shared (node))
        continue;
      old = bs_scene_find_tensor (from, node->tensor, NULL);
      g_assert_cmpint (old, >=, 0);
      before = bs_scene_get_node (from, (guint) old);
      g_assert_cmpfloat_with_epsilon (node->x, before->x, 0.01);
      g_assert_cmpfloat_with_epsilon (node->y, before->y, 0.01);
      n++;
    }
  return n;
}

/* The frames (loop passes, module calls) of the motion from one scene of DynamicNet's run
 * to another (state: the step shown): a frame both scenes have glides and resizes from
 * its old rectangle to its new one; one only the old scene has fades out where it stood,
 * one only the new has fades in, measured in the pictures at t = 0, 0.25, 0.5 and 1 where
 * nothing else is drawn. Counts the frames that glided and the groups of frames fading
 * out (n_measured[0]) and in ([1]) measured; FALSE when the scenes share no box. */
static gboolean
check_frames_motion (BsRenderer         *renderer,
                     BsScene            *from,
                     BsScene            *to,
                     const BsTraceState *state,
                     guint              *n_glided,
                     guint               n_measured[2])
{
  static const double times[] = { 0, 0.25, 0.5, 1 };
  const BsColor *fill = &bs_renderer_get_palette (renderer)->cluster;
  /* the darkness of one pixel of a frame's ground */
  double fill_ink = 3 * 255 - 255 * (fill->red + fill->green + fill->blue);
  g_autoptr(BsSceneMotion) motion = NULL;
  g_autofree guint8 *matched = NULL;
  BsScenePoint from_origin, to_origin;
  cairo_surface_t *shots[G_N_ELEMENTS (times)];
  double width, height;
  BsScene *frame;

  g_assert_cmpfloat (fill_ink, >, 5);
  motion = bs_scene_motion_new (from, to);
  if (motion == NULL)
    return FALSE;
  bs_scene_get_origin (from, &from_origin);
  bs_scene_get_origin (to, &to_origin);
  bs_scene_get_size (to, &width, &height);
  /* Frames of one scope in both: from the old rectangle to the new, eased. */
  matched = g_new0 (guint8, MAX (bs_scene_get_n_clusters (to), 1));
  for (guint c = 0; c < bs_scene_get_n_clusters (to); c++)
    {
      const BsSceneCluster *end = bs_scene_get_cluster (to, c);
      const BsSceneCluster *start = NULL;

      for (guint j = 0; j < bs_scene_get_n_clusters (from); j++)
        if (bs_scene_get_cluster (from, j)->scope == end->scope)
          start = bs_scene_get_cluster (from, j);
      matched[c] = start != NULL;
      bs_scene_motion_frame (motion, 0);
      g_assert_cmpfloat (bs_scene_motion_cluster_alphas (motion)[c], ==,
                         (start != NULL ? 1 : 0));
      if (start == NULL)
        continue;
      for (guint t = 0; t < G_N_ELEMENTS (times); t++)
        {
          double ease = 1 - pow (1 - times[t], 3);
          const BsSceneCluster *now;

          frame = bs_scene_motion_frame (motion, times[t]);
          now = bs_scene_get_cluster (frame, c);
          g_assert_cmpfloat (bs_scene_motion_cluster_alphas (motion)[c], ==, 1);
          g_assert_cmpfloat_with_epsilon (
            now->x, start->x + to_origin.x - from_origin.x
                      + (end->x - start->x - to_origin.x + from_origin.x) * ease, 1e-6);
          g_assert_cmpfloat_with_epsilon (
            now->y, start->y + to_origin.y - from_origin.y
                      + (end->y - start->y - to_origin.y + from_origin.y) * ease, 1e-6);
          g_assert_cmpfloat_with_epsilon (
            now->width, start->width + (end->width - start->width) * ease, 1e-6);
          g_assert_cmpfloat_with_epsilon (
            now->height, start->height + (end->height - start->height) * ease, 1e-6);
        }
      *n_glided += start->x + to_origin.x - from_origin.x != end->x
                  || start->width != end->width || start->height != end->height;
    }

  /* Frames one scene has: their ground where nothing else is drawn, fading. */
  for (guint t = 0; t < G_N_ELEMENTS (times); t++)
    shots[t] = draw_motion (renderer, motion, to, state, times[t]);
  for (int measure_new = 0; measure_new < 2; measure_new++)
    {
      cairo_surface_t *region = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) width,
                                                            (int) height);
      cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) width,
                                                          (int) height);
      BsScene *scene = measure_new ? to : bs_scene_motion_leaving (motion);
      cairo_t *cr = cairo_create (region);
      double inks[G_N_ELEMENTS (times)];
      guint n_pixels = 0, n_frames = 0;

      bs_scene_motion_frame (motion, 0);
      for (guint c = 0; scene != NULL && c < bs_scene_get_n_clusters (scene); c++)
        {
          const BsSceneCluster *cluster = bs_scene_get_cluster (scene, c);
          double alpha = measure_new ? bs_scene_motion_cluster_alphas (motion)[c]
                                     : bs_scene_motion_leaving_cluster_alphas (motion)[c];

          if (alpha != (measure_new ? 0 : 1))
            continue;
          /* (inside its border) */
          cairo_rectangle (cr, cluster->x + 3, cluster->y + 3, cluster->width - 6,
                           cluster->height - 6);
          n_frames++;
        }
      cairo_fill (cr);
      cairo_destroy (cr);
      cairo_surface_flush (region);
      mask_others (mask, motion, matched, measure_new);
      for (guint t = 0; t < G_N_ELEMENTS (times); t++)
        inks[t] = ink_in (shots[t], region, mask, &n_pixels);
      cairo_surface_destroy (region);
      cairo_surface_destroy (mask);
      if (n_frames == 0 || n_pixels < 400)
        continue;
      if (measure_new)
        {
          /* unseen, then fainter than at the end, then their ground whole */
          g_assert_cmpfloat (inks[0], <=, 0.01 * inks[3]);
          g_assert_cmpfloat (inks[1], >, inks[0] + 0.2 * (inks[3] - inks[0]));
          g_assert_cmpfloat (inks[2], >, inks[1]);
          g_assert_cmpfloat (inks[2], <, inks[3]);
          g_assert_cmpfloat (inks[3], >=, 0.95 * n_pixels * fill_ink);
        }
      else
        {
          /* their ground whole where they stood, fading, then gone */
          g_assert_cmpfloat (inks[0], >=, 0.95 * n_pixels * fill_ink);
          g_assert_cmpfloat (inks[1], <, 0.8 * inks[0]);
          g_assert_cmpfloat (inks[2], <, inks[1]);
          g_assert_cmpfloat (inks[2], >, inks[3] + 0.02 * (inks[0] - inks[3]));
          g_assert_cmpfloat (inks[3], <=, 0.01 * inks[0]);
        }
      n_measured[measure_new]++;
    }
  for (guint t = 0; t < G_N_ELEMENTS (times); t++)
    cairo_surface_destroy (shots[t]);
  return TRUE;
}

/* The live view of DynamicNet's run, from each pass's graph to the next's. */
static void
test_frames_fade (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE,
                                                       NULL, 0);
  g_autoptr(GArray) starts = bs_replay_live_starts (trace);
  guint n_glided = 0, n_measured[2] = { 0, 0 };

  for (guint k = 0; k + 1 < starts->len && (n_glided == 0 || n_measured[0] == 0
                                             || n_measured[1] == 0); k++)
    {
      guint64 step = g_array_index (starts, guint64, k + 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(BsScene) from = bs_scene_cache_get (scenes, layout,
                                                    g_array_index (starts, guint64, k),
                                                    &error);
      g_autoptr(BsScene) to = bs_scene_cache_get (scenes, layout, step, &error);
      /* the pass's last step, where its boxes have all come */
      guint64 last = k + 2 < starts->len ? g_array_index (starts, guint64, k + 2) - 1
                                         : bs_trace_get_n_steps (trace) - 1;
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, last);

      g_assert_no_error (error);
      check_frames_motion (renderer, from, to, state, &n_glided, n_measured);
    }
  g_assert_cmpuint (n_glided, >, 0);
  g_assert_cmpuint (n_measured[0], >, 0);
  g_assert_cmpuint (n_measured[1], >, 0);
}

/* The whole-run view (every pass one box but the open one, as the window's ⋮ menu shows
 * it) from the pass open to the next: the pass that closes has its frame fade out where
 * it stood, the one that opens has its frame fade in, and the parameters and inputs stand
 * where they stood. */
static void
test_whole_frames_fade (void)
{
  g_autoptr(BsTrace) trace = record (dynamic_net_script);
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(GArray) passes = bs_trace_nav_outer_iterations (trace);
  g_autoptr(BsScene) from = NULL;
  guint n_glided = 0, n_measured[2] = { 0, 0 }, n_kept = 0;

  g_assert_cmpuint (passes->len, ==, 5);
  for (guint k = 0; k < passes->len; k++)
    {
      g_autoptr(GArray) collapsed = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr(BsSceneCache) scenes = NULL;
      g_autoptr(BsScene) to = NULL;
      g_autoptr(BsTraceState) state = NULL;
      g_autoptr(GError) error = NULL;
      guint64 first, last;

      for (guint i = 0; i < passes->len; i++)
        if (i != k)
          g_array_append_val (collapsed, g_array_index (passes, guint32, i));
      scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_WHOLE,
                                   (const guint32 *) (gpointer) collapsed->data, collapsed->len);
      bs_trace_nav_scope_steps (trace, g_array_index (passes, guint32, k), &first, &last);
      to = bs_scene_cache_get (scenes, layout, last, &error);
      g_assert_no_error (error);
      state = bs_replay_state_at (trace, last);
      if (from != NULL)
        {
          g_assert_true (check_frames_motion (renderer, from, to, state, &n_glided,
                                              n_measured));
          n_kept += assert_shared_still (from, to);
        }
      g_clear_pointer (&from, bs_scene_unref);
      from = g_steal_pointer (&to);
    }
  g_test_message ("%u passes: frames measured fading out %u times, in %u times", passes->len,
                  n_measured[0], n_measured[1]);
  g_assert_cmpuint (n_measured[0], >=, 2);
  g_assert_cmpuint (n_measured[1], >=, 2);
  /* six parameters, x and y, each time */
  g_assert_cmpuint (n_kept, ==, 8 * (passes->len - 1));
}

static void
test_depth_changes (void)
{
  g_autoptr(BsTrace) trace = record (depth_script);
  g_autoptr(BsTraceState) one = bs_replay_state_at (trace, backward_step (trace, 1));
  g_autoptr(BsTraceState) three = bs_replay_state_at (trace, backward_step (trace, 2));
  g_autoptr(BsTraceState) again = bs_replay_state_at (trace, backward_step (trace, 3));
  g_autoptr(BsScene) a = bs_scene_new_live (trace, one, NULL, 0);
  g_autoptr(BsScene) b = bs_scene_new_live (trace, three, NULL, 0);
  g_autoptr(BsScene) c = bs_scene_new_live (trace, again, NULL, 0);
  g_autofree char *key_a = bs_scene_shape_key (a);
  g_autofree char *key_b = bs_scene_shape_key (b);
  g_autofree char *key_c = bs_scene_shape_key (c);

  /* w, depth MulBackward0s, the sum. */
  g_assert_cmpuint (bs_scene_get_n_nodes (a), ==, 3);
  g_assert_cmpuint (bs_scene_get_n_nodes (b), ==, 5);
  g_assert_cmpstr (key_a, !=, key_b);
  g_assert_cmpstr (key_a, ==, key_c);
}

/* A custom Function's output: the tensor its forward made gets the Function's node
 * (MyExpBackward), drawn with its edge from x and on to y * 3, as PyTorch's graph has
 * it (example 10). */
static void
test_custom_function (void)
{
  static const char script[] =
    "import torch\n"
    "class MyExp(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        result = x.exp()\n"
    "        ctx.save_for_backward(result)\n"
    "        return result\n"
    "    @staticmethod\n"
    "    def backward(ctx, grad_output):\n"
    "        result, = ctx.saved_tensors\n"
    "        return grad_output * result\n"
    "x = torch.tensor([0.0, 1.0], requires_grad=True)\n"
    "y = MyExp.apply(x)\n"
    "loss = (y * 3).sum()\n"
    "loss.backward()\n";
  g_autoptr(BsTrace) trace = record (script);
  g_autoptr(BsTraceState) at = bs_replay_state_at (trace, backward_step (trace, 1));
  g_autoptr(BsScene) live = bs_scene_new_live (trace, at, NULL, 0);
  int function = -1, x = -1, product = -1;
  gboolean from_x = FALSE, to_product = FALSE;

  for (guint i = 0; i < bs_scene_get_n_nodes (live); i++)
    {
      const char *op = box_op (live, i);
      const BsSceneNode *node = bs_scene_get_node (live, i);

      if (g_strcmp0 (op, "MyExpBackward") == 0)
        function = (int) i;
      else if (g_strcmp0 (op, "MulBackward0") == 0)
        product = (int) i;
      else if (node->kind == BS_SCENE_NODE_LEAF)
        x = (int) i;
    }
  g_assert_cmpint (function, >=, 0);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (product, >=, 0);
  for (guint e = 0; e < bs_scene_get_n_edges (live); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (live, e);

      from_x |= (int) edge->from == x && (int) edge->to == function;
      to_product |= (int) edge->from == function && (int) edge->to == product;
    }
  g_assert_true (from_x);
  g_assert_true (to_product);
}

/* A second derivative: autograd.grad with create_graph=True computes dy/dx = 3x² with
 * tracked ops, whose tensors are drawn: dy_dx has the graph backward() then walks
 * (example 11), not a box without edges. */
static void
test_second_derivative (void)
{
  static const char script[] =
    "import torch\n"
    "x = torch.tensor(2.0, requires_grad=True)\n"
    "y = x ** 3\n"
    "dy_dx, = torch.autograd.grad(y, x, create_graph=True)\n"
    "dy_dx.backward()\n";
  g_autoptr(BsTrace) trace = record (script);
  g_autoptr(BsTraceState) at = bs_replay_state_at (trace, backward_step (trace, 2));
  g_autoptr(BsScene) live = bs_scene_new_live (trace, at, NULL, 0);
  int dy_dx = bs_scene_find_tensor (live, tensor_named (trace, "dy_dx"), at);
  guint n_pow = 0, into_dy_dx = 0;

  g_assert_cmpint (dy_dx, >=, 0);
  for (guint i = 0; i < bs_scene_get_n_nodes (live); i++)
    n_pow += g_strcmp0 (box_op (live, i), "PowBackward0") == 0;
  for (guint e = 0; e < bs_scene_get_n_edges (live); e++)
    into_dy_dx += (int) bs_scene_get_edge (live, e)->to == dy_dx;
  /* y = x ** 3 and dy/dx's x ** 2 */
  g_assert_cmpuint (n_pow, ==, 2);
  g_assert_cmpuint (into_dy_dx, >=, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/live/destroyed", test_destroyed);
  g_test_add_func ("/render/live/scene", test_live_scene);
  g_test_add_func ("/render/live/same-shape-same-place", test_same_shape_same_place);
  g_test_add_func ("/render/live/depth-changes", test_depth_changes);
  g_test_add_func ("/render/live/parameters-keep-place", test_parameters_keep_place);
  g_test_add_func ("/render/live/glide", test_glide);
  g_test_add_func ("/render/live/fade-out", test_fade_out);
  g_test_add_func ("/render/live/frames-fade", test_frames_fade);
  g_test_add_func ("/render/live/whole-frames-fade", test_whole_frames_fade);
  g_test_add_func ("/render/live/custom-function", test_custom_function);
  g_test_add_func ("/render/live/second-derivative", test_second_derivative);
  return g_test_run ();
}
