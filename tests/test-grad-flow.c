/* test-grad-flow.c: the gradient-flow colouring (bs-grad-flow.h) of recorded gradients */
#include <cairo.h>
#include <math.h>
#include <string.h>

#include "bs-grad-flow.h"
#include "render-fixtures.h"

static void
test_bins (void)
{
  g_assert_cmpuint (bs_grad_flow_bin (0), ==, 0);
  g_assert_cmpuint (bs_grad_flow_bin (1e-12), ==, 0);
  g_assert_cmpuint (bs_grad_flow_bin (9.9e-7), ==, 1);
  g_assert_cmpuint (bs_grad_flow_bin (BS_GRAD_FLOW_VANISHING), ==, 2);
  g_assert_cmpuint (bs_grad_flow_bin (1), ==, 8);
  g_assert_cmpuint (bs_grad_flow_bin (8), ==, 8);
  g_assert_cmpuint (bs_grad_flow_bin (BS_GRAD_FLOW_EXPLODING), ==, 11);
  g_assert_cmpuint (bs_grad_flow_bin (1e30), ==, BS_GRAD_FLOW_N_BINS - 1);
  g_assert_cmpuint (bs_grad_flow_bin (INFINITY), ==, BS_GRAD_FLOW_N_BINS - 1);
  g_assert_cmpuint (bs_grad_flow_bin (NAN), ==, BS_GRAD_FLOW_N_BINS - 1);
}

/* Norms as torch's Tensor.norm() gives them. */
static void
test_norm (void)
{
  static const gint64 shape[] = { 100 };
  g_autoptr(BsTraceValue) summary = bs_trace_value_new_summary (BS_DTYPE_FLOAT32, 1, shape,
                                                                0, 0, 0);
  Drawn d;
  double norm;

  /* torch.linspace(-3, 5, 100): mean 1, std 2.34436297, norm 25.3792781829834 */
  summary->mean = 1;
  summary->std = 2.34436297416687;
  g_assert_cmpfloat_with_epsilon (bs_grad_flow_norm (summary), 25.3792781829834, 1e-5);
  g_assert_true (isnan (bs_grad_flow_norm (NULL)));

  drawn_init (&d, seed003_script);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, last_step (d.trace));

    /* d.backward(): a.grad.norm() = 1.3693064451217651 */
    g_assert_true (bs_grad_flow_node_norm (d.scene, state, box_named (d.scene, "a"), &norm));
    g_assert_cmpfloat_with_epsilon (norm, 1.3693064451217651, 1e-6);
  }
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, forward_done (d.trace));

    g_assert_false (bs_grad_flow_node_norm (d.scene, state, box_named (d.scene, "a"), &norm));
  }
  drawn_clear (&d);
}

/* The colour of a pixel inside a box's left padding, drawn alone. */
static void
box_pixel (Drawn              *d,
           const BsTraceState *state,
           const char         *name,
           double              rgb[3])
{
  const BsSceneNode *node = bs_scene_get_node (d->scene, box_named (d->scene, name));
  cairo_surface_t *surface;
  cairo_t *cr;
  guint32 pixel;
  int x = 3, y = (int) (node->height / 2);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) node->width,
                                        (int) node->height);
  cr = cairo_create (surface);
  cairo_translate (cr, -node->x, -node->y);
  bs_renderer_draw_node (d->renderer, cr, d->scene, state, box_named (d->scene, name));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixel = *(guint32 *) (cairo_image_surface_get_data (surface)
                        + y * cairo_image_surface_get_stride (surface) + 4 * x);
  rgb[0] = (pixel >> 16 & 0xff) / 255.0;
  rgb[1] = (pixel >> 8 & 0xff) / 255.0;
  rgb[2] = (pixel & 0xff) / 255.0;
  cairo_surface_destroy (surface);
}

static void
assert_color (const double   rgb[3],
              const BsColor *color)
{
  g_assert_cmpfloat_with_epsilon (rgb[0], color->red, 1.5 / 255);
  g_assert_cmpfloat_with_epsilon (rgb[1], color->green, 1.5 / 255);
  g_assert_cmpfloat_with_epsilon (rgb[2], color->blue, 1.5 / 255);
}

/* Seed 004 after L.backward(): w1.grad = -8 (DESIGN.md), in the decade of 1e0; before
 * backward w1 has no grad and keeps the plain fill; with the mode off, the leaf's blue. */
static void
test_tint (void)
{
  const BsPalette *palette = bs_palette_get (BS_PALETTE_LIGHT);
  BsColor fills[BS_GRAD_FLOW_N_BINS];
  double rgb[3];
  Drawn d;

  bs_grad_flow_fills (palette, fills);
  /* Small gradients blue, about one green, large ones red. */
  g_assert_cmpfloat (fills[bs_grad_flow_bin (1e-5)].blue, >, fills[bs_grad_flow_bin (1e-5)].red);
  g_assert_cmpfloat (fills[bs_grad_flow_bin (1e-5)].blue, >,
                     fills[bs_grad_flow_bin (1e-5)].green);
  g_assert_cmpfloat (fills[bs_grad_flow_bin (2)].green, >, fills[bs_grad_flow_bin (2)].red);
  g_assert_cmpfloat (fills[bs_grad_flow_bin (2)].green, >, fills[bs_grad_flow_bin (2)].blue);
  g_assert_cmpfloat (fills[bs_grad_flow_bin (5e3)].red, >, fills[bs_grad_flow_bin (5e3)].green);
  g_assert_cmpfloat (fills[bs_grad_flow_bin (5e3)].red, >, fills[bs_grad_flow_bin (5e3)].blue);

  drawn_init (&d, seed004_script);
  {
    g_autoptr(BsTraceState) end = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autoptr(BsTraceState) forward = bs_replay_state_at (d.trace, forward_done (d.trace));

    box_pixel (&d, end, "w1", rgb);
    assert_color (rgb, &palette->leaf);
    bs_renderer_set_grad_flow (d.renderer, TRUE);
    /* |w1.grad| = 8 */
    box_pixel (&d, end, "w1", rgb);
    assert_color (rgb, &fills[bs_grad_flow_bin (8)]);
    g_assert_true (bs_renderer_get_node_fill (d.renderer, d.scene, end,
                                              box_named (d.scene, "w1"))
                   != &palette->leaf);
    box_pixel (&d, forward, "w1", rgb);
    assert_color (rgb, &palette->constant);
  }
  drawn_clear (&d);
}

/* The gradient-to-value ratio, seed 004 after L.backward() (PyTorch: w1 = 1, w1.grad = -8;
 * w2 = 2, w2.grad = -1; x3 = 1, its gradient -2): 8, 0.5 and 2. A box without a gradient
 * has none. */
static void
test_ratio (void)
{
  const BsPalette *palette = bs_palette_get (BS_PALETTE_LIGHT);
  BsColor fills[BS_GRAD_FLOW_N_BINS];
  double rgb[3], ratio;
  Drawn d;

  bs_grad_flow_fills (palette, fills);
  drawn_init (&d, seed004_script);
  {
    g_autoptr(BsTraceState) end = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autoptr(BsTraceState) forward = bs_replay_state_at (d.trace, forward_done (d.trace));

    g_assert_true (bs_grad_flow_node_measure (d.scene, end, box_named (d.scene, "w1"),
                                              BS_GRAD_FLOW_RATIO, &ratio));
    g_assert_cmpfloat_with_epsilon (ratio, 8, 1e-9);
    g_assert_true (bs_grad_flow_node_measure (d.scene, end, box_named (d.scene, "w2"),
                                              BS_GRAD_FLOW_RATIO, &ratio));
    g_assert_cmpfloat_with_epsilon (ratio, 0.5, 1e-9);
    g_assert_true (bs_grad_flow_node_measure (d.scene, end, box_named (d.scene, "x3"),
                                              BS_GRAD_FLOW_RATIO, &ratio));
    g_assert_cmpfloat_with_epsilon (ratio, 2, 1e-9);
    g_assert_true (bs_grad_flow_node_measure (d.scene, end, box_named (d.scene, "w2"),
                                              BS_GRAD_FLOW_NORM, &ratio));
    g_assert_cmpfloat_with_epsilon (ratio, 1, 1e-9);
    g_assert_false (bs_grad_flow_node_measure (d.scene, forward, box_named (d.scene, "w2"),
                                               BS_GRAD_FLOW_RATIO, &ratio));

    /* w2's box: the decade of 1 by its norm, of 0.5 by its ratio */
    bs_renderer_set_grad_flow (d.renderer, TRUE);
    box_pixel (&d, end, "w2", rgb);
    assert_color (rgb, &fills[bs_grad_flow_bin (1)]);
    bs_renderer_set_grad_flow_scale (d.renderer, BS_GRAD_FLOW_RATIO);
    box_pixel (&d, end, "w2", rgb);
    assert_color (rgb, &fills[bs_grad_flow_bin (0.5)]);
  }
  drawn_clear (&d);
}

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  GBytes **rest = closure;
  gsize size;
  const guint8 *p = g_bytes_get_data (*rest, &size);
  GBytes *tail;

  if (size < length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, p, length);
  tail = g_bytes_new_from_bytes (*rest, length, size - length);
  g_bytes_unref (*rest);
  *rest = tail;
  return CAIRO_STATUS_SUCCESS;
}

/* An exported PNG in gradient-flow mode carries the legend on a strip under the graph:
 * the image is taller by the legend (and its margin), and the strip is not blank. */
static void
test_export_legend (void)
{
  Drawn d;
  double scene_width, scene_height, legend_width, legend_height;

  drawn_init (&d, seed004_script);
  bs_scene_get_size (d.scene, &scene_width, &scene_height);
  bs_grad_flow_draw_legend (NULL, bs_palette_get (BS_PALETTE_LIGHT), BS_GRAD_FLOW_NORM, 0, 0,
                            &legend_width, &legend_height);
  for (guint on = 0; on < 2; on++)
    {
      g_autoptr(BsTraceState) end = bs_replay_state_at (d.trace, last_step (d.trace));
      g_autoptr(GError) error = NULL;
      GBytes *png;
      cairo_surface_t *image;
      int height, inked = 0;

      bs_renderer_set_grad_flow (d.renderer, on);
      png = bs_export_to_bytes (d.renderer, d.scene, end, BS_EXPORT_PNG, &error);
      g_assert_no_error (error);
      image = cairo_image_surface_create_from_png_stream (read_bytes, &png);
      g_bytes_unref (png);
      g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
      height = cairo_image_surface_get_height (image);
      if (!on)
        g_assert_cmpint (height, ==, (int) ceil (scene_height));
      else
        {
          const guint8 *data = cairo_image_surface_get_data (image);
          int stride = cairo_image_surface_get_stride (image);

          int width = cairo_image_surface_get_width (image);
          /* the page's background, at its bottom right corner */
          guint32 blank = *(const guint32 *) (data + (height - 1) * stride + 4 * (width - 1));

          g_assert_cmpint (height, ==, (int) ceil (scene_height + legend_height + 12));
          for (int y = (int) ceil (scene_height); y < height; y++)
            for (int x = 0; x < width; x++)
              inked += *(const guint32 *) (data + y * stride + 4 * x) != blank;
          g_assert_cmpint (inked, >, 1000);
        }
      cairo_surface_destroy (image);
    }
  drawn_clear (&d);
}

/* The first layer's weight over 20 iterations of example 07's loop (PyTorch: its
 * weight.grad.norm() after the first backward 0.2056926190853119, after the last
 * 0.0066949608735740185). */
static void
test_series (void)
{
  static const char script[] =
    "import torch\n"
    "import torch.nn as nn\n"
    "torch.manual_seed(0)\n"
    "x = torch.linspace(-1, 1, 16).reshape(16, 1)\n"
    "y = x ** 2\n"
    "model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))\n"
    "loss_fn = nn.MSELoss()\n"
    "optimizer = torch.optim.SGD(model.parameters(), lr=0.2)\n"
    "for epoch in range(20):\n"
    "    loss = loss_fn(model(x), y)\n"
    "    optimizer.zero_grad()\n"
    "    loss.backward()\n"
    "    optimizer.step()\n";
  Drawn d;
  g_autoptr(GArray) points = NULL;
  g_autoptr(BsTraceState) state = NULL;
  guint32 w = 0;

  drawn_init (&d, script);
  state = bs_replay_state_at (d.trace, last_step (d.trace));
  for (guint32 t = 1; t <= state->n_tensors && w == 0; t++)
    if (g_strcmp0 (bs_trace_state_get_name (state, t), "model.0.weight") == 0)
      w = t;
  g_assert_cmpuint (w, !=, 0);
  points = bs_grad_flow_series (d.trace, w);
  g_assert_cmpuint (points->len, ==, 20);
  g_assert_cmpfloat_with_epsilon (g_array_index (points, BsGradFlowPoint, 0).norm,
                                  0.2056926190853119, 1e-5);
  g_assert_cmpfloat_with_epsilon (g_array_index (points, BsGradFlowPoint, 19).norm,
                                  0.0066949608735740185, 1e-6);
  drawn_clear (&d);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/grad-flow/bins", test_bins);
  g_test_add_func ("/render/grad-flow/norm", test_norm);
  g_test_add_func ("/render/grad-flow/tint", test_tint);
  g_test_add_func ("/render/grad-flow/ratio", test_ratio);
  g_test_add_func ("/render/grad-flow/export-legend", test_export_legend);
  g_test_add_func ("/render/grad-flow/series", test_series);
  return g_test_run ();
}
