/* test-render.c: box labels, step explanations, measuring and drawing a scene at a step
 *
 * Reference images live in tests/reference/. After a deliberate change to how the graph
 * looks, regenerate them, then look at every one before committing it:
 *
 *   BACKSTEP_UPDATE_REFERENCES=1 meson test -C build render
 */
#include <cairo.h>
#include <string.h>

#include "bs-export.h"
#include "bs-node-label.h"
#include "bs-renderer-private.h"
#include "bs-scene-cache.h"
#include "render-fixtures.h"

/* A pixel differs when a channel is off by more than this (of 255); at most MAX_DIFFERENT
 * of the pixels may differ: glyph edges move a little between FreeType builds. */
#define CHANNEL_TOLERANCE 40
#define MAX_DIFFERENT     0.005
/* Margin around a box drawn alone (its halo and tags), and the pixels per point. */
#define NODE_MARGIN 10.0
#define NODE_SCALE  2.0

static BsNodeLabel *
label_at (Drawn      *d,
          const char *name,
          guint64     step)
{
  g_autoptr(BsTraceState) state = bs_replay_state_at (d->trace, step);

  return bs_node_label_new (d->scene, box_named (d->scene, name), state, 0);
}

static void
test_label_seed004 (void)
{
  Drawn d;
  guint64 forward;

  drawn_init (&d, seed004_script);
  forward = forward_done (d.trace);

  /* Before backward: names, the grad_fn, values, None grads. */
  {
    g_autoptr(BsNodeLabel) x3 = label_at (&d, "x3", forward);
    g_autoptr(BsNodeLabel) w1 = label_at (&d, "w1", forward);
    g_autoptr(BsNodeLabel) x1 = label_at (&d, "x1", forward);

    g_assert_cmpstr (bs_node_label_get_line (x3, BS_NODE_LINE_TITLE), ==, "x3");
    g_assert_true (x3->named);
    g_assert_cmpstr (bs_node_label_get_line (x3, BS_NODE_LINE_OP), ==, "MulBackward0");
    g_assert_null (bs_node_label_get_line (x3, BS_NODE_LINE_SHAPE));
    g_assert_cmpstr (bs_node_label_get_line (x3, BS_NODE_LINE_VALUE), ==, "value: 1");
    g_assert_cmpstr (bs_node_label_get_line (x3, BS_NODE_LINE_GRAD), ==, "");
    g_assert_true (x3->saves);
    g_assert_false (x3->freed);
    g_assert_null (x3->error);

    g_assert_cmpstr (bs_node_label_get_line (w1, BS_NODE_LINE_TITLE), ==, "w1");
    g_assert_null (bs_node_label_get_line (w1, BS_NODE_LINE_OP));
    g_assert_cmpstr (bs_node_label_get_line (w1, BS_NODE_LINE_VALUE), ==, "value: 1");
    g_assert_cmpstr (bs_node_label_get_line (w1, BS_NODE_LINE_GRAD), ==, "grad: None");

    g_assert_cmpstr (bs_node_label_get_line (x1, BS_NODE_LINE_VALUE), ==, "value: 1");
    g_assert_null (bs_node_label_get_line (x1, BS_NODE_LINE_GRAD));
  }

  /* After backward: -8 in w1.grad, the gradient that reached x3, its buffers freed. */
  {
    g_autoptr(BsNodeLabel) x3 = label_at (&d, "x3", last_step (d.trace));
    g_autoptr(BsNodeLabel) w1 = label_at (&d, "w1", last_step (d.trace));
    g_autoptr(BsNodeLabel) x5 = label_at (&d, "x5", last_step (d.trace));
    g_autofree char *text = bs_node_label_to_string (x3);

    g_assert_cmpstr (bs_node_label_get_line (w1, BS_NODE_LINE_GRAD), ==, "grad: -8");
    g_assert_cmpstr (bs_node_label_get_line (x3, BS_NODE_LINE_GRAD), ==, "∂L/∂x3 = -2");
    g_assert_true (x3->freed);
    g_assert_cmpstr (text, ==, "x3\nMulBackward0\nvalue: 1\n∂L/∂x3 = -2\nsaved tensors: freed");
    /* AddBackward0 saves nothing */
    g_assert_false (x5->saves);
    g_assert_cmpstr (bs_node_label_get_line (x5, BS_NODE_LINE_GRAD), ==, "∂L/∂x5 = -1");
  }

  /* An intermediate without a name is titled by the expression that made it. */
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, last_step (d.trace));
    BsTrace *trace = d.trace;
    const BsTraceTensor *x5 = bs_trace_get_tensor (trace, tensor_named (trace, "x5"));
    guint32 product = bs_trace_get_list (trace, x5->inputs)[1];
    int box = bs_scene_find_tensor (d.scene, product, state);
    g_autoptr(BsNodeLabel) label = NULL;

    g_assert_cmpint (box, >=, 0);
    label = bs_node_label_new (d.scene, (guint) box, state, 0);
    g_assert_cmpstr (bs_node_label_get_line (label, BS_NODE_LINE_TITLE), ==, "w3 * x4");
    g_assert_false (label->named);
    g_assert_cmpstr (bs_node_label_get_line (label, BS_NODE_LINE_VALUE), ==, "value: 6");
  }
  drawn_clear (&d);
}

static void
test_label_tensor (void)
{
  Drawn d;

  drawn_init (&d, seed003_script);
  {
    g_autoptr(BsNodeLabel) a = label_at (&d, "a", last_step (d.trace));
    g_autoptr(BsNodeLabel) c = label_at (&d, "c", last_step (d.trace));
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autoptr(BsNodeLabel) cut = bs_node_label_new (d.scene, box_named (d.scene, "b"), state,
                                                   20);

    g_assert_cmpstr (bs_node_label_get_line (a, BS_NODE_LINE_SHAPE), ==, "(1, 4)");
    g_assert_cmpstr (bs_node_label_get_line (a, BS_NODE_LINE_VALUE), ==,
                     "value: [[0.25, 0.5, 0.75, 1]]");
    /* d.backward() gave a.grad = 4a/4 = a; the error stopped e's. */
    g_assert_cmpstr (bs_node_label_get_line (a, BS_NODE_LINE_GRAD), ==,
                     "grad: [[0.25, 0.5, 0.75, 1]]");
    /* The second backward fails at c's MulBackward0, whose saved tensors were freed. */
    g_assert_true (c->freed);
    g_assert_nonnull (c->error);
    g_assert_true (g_str_has_prefix (c->error, "Trying to backward through the graph a second "
                                     "time"));
    /* Cut to 20 characters, the last one "…" */
    g_assert_cmpint (g_utf8_strlen (bs_node_label_get_line (cut, BS_NODE_LINE_VALUE), -1), ==,
                     20);
    g_assert_true (g_str_has_suffix (bs_node_label_get_line (cut, BS_NODE_LINE_VALUE), "…"));
  }
  drawn_clear (&d);
}

/* Names a student can read: a parameter keeps its module path when a loop variable is
 * bound to it; indexing reads as the script wrote it; an intermediate without a name is
 * its op and its operands' names, never an id. */
static void
test_label_names (void)
{
  static const char script[] =
    "import torch\n"
    "import torch.nn as nn\n"
    "torch.manual_seed(0)\n"
    "model = nn.Linear(2, 1)\n"
    "x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n"
    "h = model(x[1])\n"
    "loss = (torch.tanh(h * h) + x[:, 0].sum()).sum()\n"
    "loss.backward()\n"
    "grads = [p.grad for p in model.parameters()]\n";
  Drawn d;
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(GString) selects = g_string_new (NULL);

  drawn_init (&d, script);
  state = bs_replay_state_at (d.trace, last_step (d.trace));
  g_assert_cmpstr (bs_trace_state_get_name (state, tensor_named (d.trace, "model.weight")), ==,
                   "model.weight");
  {
    g_autoptr(BsNodeLabel) weight = label_at (&d, "model.weight", last_step (d.trace));

    g_assert_cmpstr (bs_node_label_get_line (weight, BS_NODE_LINE_TITLE), ==, "model.weight");
  }
  for (guint i = 0; i < bs_scene_get_n_nodes (d.scene); i++)
    {
      g_autoptr(BsNodeLabel) label = NULL;
      const char *title, *op;

      if (!bs_scene_node_visible (d.scene, i, state))
        continue;
      label = bs_node_label_new (d.scene, i, state, 0);
      title = bs_node_label_get_line (label, BS_NODE_LINE_TITLE);
      op = box_op (d.scene, i);
      g_assert_null (strchr (title, '#'));
      g_assert_null (strchr (bs_node_label_get_line (label, BS_NODE_LINE_GRAD) != NULL
                             ? bs_node_label_get_line (label, BS_NODE_LINE_GRAD) : "", '#'));
      if (g_strcmp0 (op, "SelectBackward0") == 0)
        g_string_append_printf (selects, "%s;", title);
      if (g_strcmp0 (op, "SumBackward0") == 0 && !g_str_equal (title, "loss"))
        g_assert_cmpstr (title, ==, "sum(x[:, 0])");
      if (g_strcmp0 (op, "TanhBackward0") == 0)
        g_assert_cmpstr (title, ==, "tanh(h * h)");
    }
  g_assert_cmpstr (selects->str, ==, "x[1];x[:, 0];");
  drawn_clear (&d);
}

static char *
describe (Drawn   *d,
          guint64  step)
{
  g_autoptr(BsTraceState) state = bs_replay_state_at (d->trace, step);

  return bs_step_text_describe (d->trace, state);
}

/* The product that flows on names the gradient that arrived "upstream", in place of the
 * formula's whole words "grad" and "gradient" only: a transpose's edge reads "the upstream
 * transposed back", a matrix product's "Aᵀ @ upstream". */
static void
test_step_text_vjp_words (void)
{
  Drawn d;
  guint n_checked = 0;

  drawn_init (&d, "import torch\n"
                  "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n"
                  "w = torch.tensor([[0.5, -1.0], [2.0, 1.5]], requires_grad=True)\n"
                  "L = (a.t() @ w).sum()\n"
                  "L.backward()\n");
  for (guint64 i = 0; i < bs_trace_get_n_events (d.trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (d.trace, i);
      const BsTraceNode *node = bs_trace_get_node (d.trace, event->node);
      g_autofree char *vjp = NULL;
      const char *name;

      if (event->type != BS_TRACE_EVENT_EDGE || node == NULL)
        continue;
      name = bs_trace_get_string (d.trace, node->name);
      vjp = bs_step_text_vjp (d.trace, event);
      if (g_str_equal (name, "TBackward0"))
        g_assert_cmpstr (vjp, ==, "the upstream transposed back");
      else if (g_str_equal (name, "MmBackward0") && event->input_nr == 1)
        g_assert_cmpstr (vjp, ==, "Aᵀ @ upstream");
      else
        continue;
      n_checked++;
    }
  g_assert_cmpuint (n_checked, ==, 2);
  drawn_clear (&d);
}

static void
test_step_text_seed004 (void)
{
  Drawn d;
  BsTrace *trace;

  drawn_init (&d, seed004_script);
  trace = d.trace;
  {
    g_autofree char *start = describe (&d, 0);
    g_autofree char *x3 = describe (&d, bs_trace_get_event (trace, bs_trace_get_tensor (
                                      trace, tensor_named (trace, "x3"))->event)->step);
    g_autofree char *x5 = describe (&d, bs_trace_get_event (trace, bs_trace_get_tensor (
                                      trace, tensor_named (trace, "x5"))->event)->step);
    g_autofree char *begin = describe (&d, step_of (trace, BS_TRACE_EVENT_BACKWARD_BEGIN, 0));
    g_autofree char *edge = describe (&d, seed004_middle (trace));
    g_autofree char *freed = describe (&d, step_of (trace, BS_TRACE_EVENT_FREED, 0));
    g_autofree char *last = describe (&d, last_step (trace));

    g_assert_cmpstr (start, ==, "Before the first statement: nothing has run yet.");
    g_assert_cmpstr (x3, ==, "Line 4: x3 = w1 * x1 = 1 (MulBackward0).");
    g_assert_cmpstr (x5, ==, "Line 6: w2 * x3 = 2 (MulBackward0); w3 * x4 = 6 (MulBackward0); "
                             "x5 = (w2 * x3) + (w3 * x4) = 8 (AddBackward0).");
    g_assert_cmpstr (begin, ==, "L.backward() begins: ∂L/∂L = 1. The gradient flows back "
                                "along the edges.");
    g_assert_cmpstr (edge, ==, "MulBackward0 (w3 * x4) → MulBackward0 (x4): "
                               "∂(w3 * x4)/∂x4 = w3 = 3; upstream ∂L/∂(w3 * x4) = -1; "
                               "contribution -3.");
    g_assert_cmpstr (freed, ==, "MulBackward0 (w3 * x4) has run: its saved tensors are freed "
                                "(no retain_graph=True).");
    g_assert_true (g_str_has_suffix (last, " The backward pass is complete."));
  }

  /* w1 is shared: its two contributions add up, then go into w1.grad. */
  {
    guint32 w1 = tensor_named (trace, "w1");
    guint64 arrived = 0, accumulated = 0;
    g_autofree char *second = NULL;
    g_autofree char *total = NULL;

    for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
      {
        const BsTraceEvent *event = bs_trace_get_event (trace, i);
        const BsTraceNode *to = bs_trace_get_node (trace, event->node2);

        if (event->type == BS_TRACE_EVENT_ACCUMULATE && event->tensor == w1)
          accumulated = event->step;
        if (event->type == BS_TRACE_EVENT_EDGE && to->is_accumulate && to->tensor == w1)
          arrived = event->step;
      }
    g_assert_cmpuint (arrived, >, 0);
    g_assert_cmpuint (accumulated, >, arrived);
    second = describe (&d, arrived);
    total = describe (&d, accumulated);
    g_assert_nonnull (strstr (second, "w1 has received 2 of 2 contributions: -6 + -2 = -8."));
    g_assert_cmpstr (total, ==, "w1.grad += -8 → -8 (it was None). The backward pass is "
                                "complete.");
  }
  drawn_clear (&d);
}

static void
test_step_text_error (void)
{
  Drawn d;

  drawn_init (&d, seed003_script);
  {
    g_autofree char *error = describe (&d, last_step (d.trace));

    g_assert_true (g_str_has_prefix (error, "Line 8 raises an error: Trying to backward "
                                            "through the graph a second time"));
  }
  drawn_clear (&d);
}

/* Boxes are measured once: at every step each box's label fits the measured size. */
static void
test_measure_stable (void)
{
  const char *scripts[] = { seed004_script, seed003_script };

  for (guint s = 0; s < G_N_ELEMENTS (scripts); s++)
    {
      Drawn d;
      guint n;
      g_autofree double *sizes = NULL;

      drawn_init (&d, scripts[s]);
      n = bs_scene_get_n_nodes (d.scene);
      sizes = g_new (double, 2 * n);
      for (guint i = 0; i < n; i++)
        {
          const BsSceneNode *node = bs_scene_get_node (d.scene, i);

          g_assert_cmpfloat (node->width, >, 0);
          g_assert_cmpfloat (node->height, >, 0);
          sizes[2 * i] = node->width;
          sizes[2 * i + 1] = node->height;
        }
      /* Measuring again gives the same sizes. */
      bs_renderer_measure_scene (d.renderer, d.scene);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpfloat (bs_scene_get_node (d.scene, i)->width, ==, sizes[2 * i]);
          g_assert_cmpfloat (bs_scene_get_node (d.scene, i)->height, ==, sizes[2 * i + 1]);
        }
      for (guint64 step = 0; step <= last_step (d.trace); step++)
        {
          g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, step);

          for (guint i = 0; i < n; i++)
            {
              double width, height;

              if (!bs_scene_node_visible (d.scene, i, state))
                continue;
              bs_renderer_measure_node (d.renderer, d.scene, state, i, &width, &height);
              g_assert_cmpfloat (width, <=, sizes[2 * i]);
              /* The same lines at every step, so the same height. */
              g_assert_cmpfloat (height, ==, sizes[2 * i + 1]);
            }
        }
      drawn_clear (&d);
    }
}

static void
test_hit_test (void)
{
  Drawn d;
  guint x3;
  const BsSceneNode *node;

  drawn_init (&d, seed004_script);
  x3 = box_named (d.scene, "x3");
  node = bs_scene_get_node (d.scene, x3);
  {
    g_autoptr(BsTraceState) end = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autoptr(BsTraceState) start = bs_replay_state_at (d.trace, 1);
    g_autofree char *text = NULL;
    double cx = node->x + node->width / 2, cy = node->y + node->height / 2;

    g_assert_cmpint (bs_renderer_hit_test (d.renderer, d.scene, end, cx, cy), ==, (int) x3);
    g_assert_cmpint (bs_renderer_hit_test (d.renderer, d.scene, end, node->x - 1, node->y - 1),
                     !=, (int) x3);
    g_assert_cmpint (bs_renderer_hit_test (d.renderer, d.scene, end, -5, -5), ==, -1);
    /* Not there yet at step 1 */
    g_assert_cmpint (bs_renderer_hit_test (d.renderer, d.scene, start, cx, cy), ==, -1);

    text = bs_renderer_describe_node (d.renderer, d.scene, end, x3);
    g_assert_true (g_str_has_prefix (text, "x3\nMulBackward0\nvalue: 1\n∂L/∂x3 = -2\n"));
    g_assert_nonnull (strstr (text, "requires_grad: True, is_leaf: False"));
    g_assert_nonnull (strstr (text, "line 4"));
  }
  drawn_clear (&d);
}

/* --- reference images ------------------------------------------------------ */

static void
check_reference (cairo_surface_t *surface,
                 const char      *name)
{
  const char *dir = g_getenv ("BACKSTEP_REFERENCE_DIR");
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = NULL;
  cairo_surface_t *png, *reference;
  cairo_t *cr;
  const guint8 *a, *b;
  int width, height, stride;
  guint64 different = 0;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, file, NULL);
  if (g_getenv ("BACKSTEP_UPDATE_REFERENCES") != NULL)
    {
      g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
      g_test_message ("wrote %s", path);
      return;
    }

  png = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (png) != CAIRO_STATUS_SUCCESS)
    g_error ("%s: %s (BACKSTEP_UPDATE_REFERENCES=1 meson test -C build render makes it)", path,
             cairo_status_to_string (cairo_surface_status (png)));
  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, height);
  /* An opaque PNG loads without alpha: compare in the drawn image's format. */
  reference = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (reference);
  cairo_set_source_surface (cr, png, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (png);
  cairo_surface_flush (reference);
  stride = cairo_image_surface_get_stride (surface);
  g_assert_cmpint (cairo_image_surface_get_stride (reference), ==, stride);

  a = cairo_image_surface_get_data (surface);
  b = cairo_image_surface_get_data (reference);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guint8 *p = a + y * stride + 4 * x, *q = b + y * stride + 4 * x;

        for (int c = 0; c < 4; c++)
          if (ABS ((int) p[c] - (int) q[c]) > CHANNEL_TOLERANCE)
            {
              different++;
              break;
            }
      }
  if ((double) different > MAX_DIFFERENT * width * height)
    {
      g_autofree char *actual = g_build_filename (g_get_tmp_dir (), file, NULL);

      cairo_surface_write_to_png (surface, actual);
      g_error ("%s: %" G_GUINT64_FORMAT " of %d pixels differ (drawn: %s)", path, different,
               width * height, actual);
    }
  cairo_surface_destroy (reference);
}

/* One box drawn alone at step, compared with its reference. */
static void
check_node (Drawn      *d,
            guint       index,
            guint64     step,
            const char *reference)
{
  g_autoptr(BsTraceState) state = bs_replay_state_at (d->trace, step);
  const BsSceneNode *node = bs_scene_get_node (d->scene, index);
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_true (bs_scene_node_visible (d->scene, index, state));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (int) ((node->width + 2 * NODE_MARGIN) * NODE_SCALE),
                                        (int) ((node->height + 2 * NODE_MARGIN) * NODE_SCALE));
  cr = cairo_create (surface);
  cairo_scale (cr, NODE_SCALE, NODE_SCALE);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, NODE_MARGIN - node->x, NODE_MARGIN - node->y);
  bs_renderer_draw_node (d->renderer, cr, d->scene, state, index);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  check_reference (surface, reference);
  cairo_surface_destroy (surface);
}

static void
test_reference_nodes (void)
{
  Drawn d;
  guint64 forward;

  drawn_init (&d, seed004_script);
  forward = forward_done (d.trace);
  check_node (&d, box_named (d.scene, "w1"), forward, "leaf");
  check_node (&d, box_named (d.scene, "x3"), forward, "op");
  check_node (&d, box_named (d.scene, "x1"), forward, "constant");
  check_node (&d, box_named (d.scene, "L"), last_step (d.trace), "output");
  check_node (&d, box_named (d.scene, "x3"), last_step (d.trace), "freed");
  drawn_clear (&d);

  drawn_init (&d, seed003_script);
  check_node (&d, box_named (d.scene, "c"), last_step (d.trace), "error");
  drawn_clear (&d);
}

/* The whole graph in the middle of the backward pass: the current edge and its label,
 * the node running, the edges walked. */
static void
test_reference_current_edge (void)
{
  Drawn d;
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;

  drawn_init (&d, seed004_script);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, seed004_middle (d.trace));

    g_assert_nonnull (bs_trace_state_get_edge (state));
    bs_renderer_get_extent (d.renderer, d.scene, state, &width, &height);
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width),
                                          (int) ceil (height));
    cr = cairo_create (surface);
    bs_renderer_draw (d.renderer, cr, d.scene, state);
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    check_reference (surface, "current-edge");
    cairo_surface_destroy (surface);
  }
  drawn_clear (&d);
}

/* Every step of both seeds draws, in every palette, in detail and zoomed far out. */
static void
test_draw_every_step (void)
{
  const char *scripts[] = { seed004_script, seed003_script };

  for (guint s = 0; s < G_N_ELEMENTS (scripts); s++)
    for (guint p = 0; p < BS_N_PALETTES; p++)
      {
        Drawn d;
        g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (p));
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
        cairo_t *cr = cairo_create (surface);

        drawn_init (&d, scripts[s]);
        for (guint64 step = 0; step <= last_step (d.trace); step++)
          {
            g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, step);

            cairo_save (cr);
            cairo_scale (cr, step % 2 == 0 ? 0.4 : 0.05, step % 2 == 0 ? 0.4 : 0.05);
            bs_renderer_draw (renderer, cr, d.scene, state);
            cairo_restore (cr);
            g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
          }
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        drawn_clear (&d);
      }
}

/* --- what the renderer keeps ------------------------------------------------- */

/* Shared weights with a non-ASCII name over a loop (several gradients arriving at one
 * box), summarised tensors, long values cut, a second backward call. */
static const char cache_script[] =
  "import torch\n"
  "torch.manual_seed(0)\n"
  "θ = torch.randn(3, 4, requires_grad=True)\n"
  "b = torch.zeros(4, requires_grad=True)\n"
  "total = torch.tensor(0.0)\n"
  "for i in range(3):\n"
  "    x = torch.randn(2, 3)\n"
  "    h = torch.relu(x @ θ + b)\n"
  "    total = total + (h ** 2).mean()\n"
  "total.backward()\n"
  "w = torch.tensor([1.0, -2.5, 3.25e-7, 1e10], requires_grad=True)\n"
  "y = (w * w).sum()\n"
  "y.backward()\n";

/* Widths of values: a monospace line measured glyph by glyph is as wide as Pango lays it
 * out, for every pair of characters, and characters that join or fall back to another
 * font are measured by Pango. */
static void
test_cache_value_widths (void)
{
  static const char *const others[] = {
    "…", "∂", "Σ", "·", "×", "→", "θ", "é", "ᵀ", "²", "Ж", "−", "∞",
    "e\u0301", "中", "ب", "😀", "\t", "\u200d",
  };
  g_autoptr(BsRenderer) kept = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(BsRenderer) fresh = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  g_autoptr(GPtrArray) chars = g_ptr_array_new_with_free_func (g_free);
  const char *texts[] = {
    "value: [-0.318, 1.53, 0.0479, -1.99]", "∂L/∂θ = mean -0.0117, in [-1.2, 0.…",
    "grad: None", "", "Σ -6 + -2 = -8", "a\u0301b", "x中y", "1😀2",
  };

  bs_renderer_set_caching (fresh, FALSE);
  for (char c = 0x20; c < 0x7f; c++)
    g_ptr_array_add (chars, g_strndup (&c, 1));
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    g_ptr_array_add (chars, g_strdup (others[i]));
  for (guint i = 0; i < chars->len; i++)
    for (guint j = 0; j < chars->len; j++)
      {
        g_autofree char *pair = g_strconcat (chars->pdata[i], chars->pdata[j], NULL);

        g_assert_cmpfloat (bs_renderer_measure_value_text (kept, pair), ==,
                           bs_renderer_measure_value_text (fresh, pair));
      }
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpfloat (bs_renderer_measure_value_text (kept, texts[i]), ==,
                       bs_renderer_measure_value_text (fresh, texts[i]));
  /* Measured once, the same again */
  g_assert_cmpfloat (bs_renderer_measure_value_text (kept, texts[0]), ==,
                     bs_renderer_measure_value_text (fresh, texts[0]));
}

/* A renderer that keeps texts, widths and layouts measures the same boxes and draws the
 * same pixels, step after step, as one that makes every text afresh. */
static void
test_cache_same_pictures (void)
{
  const char *scripts[] = { seed004_script, seed003_script, cache_script };
  const double scales[] = { 1.0, 0.6, 0.05 };

  for (guint s = 0; s < G_N_ELEMENTS (scripts); s++)
    for (guint p = 0; p < BS_N_PALETTES; p++)
      {
        Drawn d;
        g_autoptr(BsRenderer) kept = bs_renderer_new (bs_palette_get (p));
        g_autoptr(BsRenderer) fresh = bs_renderer_new (bs_palette_get (p));
        cairo_surface_t *surfaces[2];
        g_autofree double *sizes = NULL;
        guint n;

        drawn_init (&d, scripts[s]);
        n = bs_scene_get_n_nodes (d.scene);
        sizes = g_new (double, 2 * n);
        bs_renderer_set_caching (fresh, FALSE);
        bs_renderer_measure_scene (fresh, d.scene);
        for (guint i = 0; i < n; i++)
          {
            sizes[2 * i] = bs_scene_get_node (d.scene, i)->width;
            sizes[2 * i + 1] = bs_scene_get_node (d.scene, i)->height;
          }
        bs_renderer_measure_scene (kept, d.scene);
        for (guint i = 0; i < n; i++)
          {
            g_assert_cmpfloat (bs_scene_get_node (d.scene, i)->width, ==, sizes[2 * i]);
            g_assert_cmpfloat (bs_scene_get_node (d.scene, i)->height, ==, sizes[2 * i + 1]);
          }

        for (guint k = 0; k < 2; k++)
          surfaces[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
        for (guint64 step = 0; step <= last_step (d.trace); step++)
          {
            g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, step);
            /* The same transformation for a few steps (the kept layouts are drawn again),
             * then another; panned at every step. */
            double scale = scales[(step / 4) % G_N_ELEMENTS (scales)];

            for (guint k = 0; k < 2; k++)
              {
                cairo_t *cr = cairo_create (surfaces[k]);

                cairo_scale (cr, scale, scale);
                cairo_translate (cr, -40.0 * (step % 4), 0);
                bs_renderer_draw (k == 0 ? kept : fresh, cr, d.scene, state);
                g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
                cairo_destroy (cr);
                cairo_surface_flush (surfaces[k]);
              }
            g_assert_cmpmem (cairo_image_surface_get_data (surfaces[0]),
                             cairo_image_surface_get_stride (surfaces[0]) * 240,
                             cairo_image_surface_get_data (surfaces[1]),
                             cairo_image_surface_get_stride (surfaces[1]) * 240);
          }
        for (guint k = 0; k < 2; k++)
          cairo_surface_destroy (surfaces[k]);
        drawn_clear (&d);
      }
}

/* The texts of an SVG export of d's scene at step, as one string. */
static char *
svg_at (Drawn   *d,
        guint64  step)
{
  g_autoptr(BsTraceState) state = bs_replay_state_at (d->trace, step);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) svg = bs_export_to_bytes (d->renderer, d->scene, state, BS_EXPORT_SVG,
                                              &error);
  gsize length;
  const char *data;

  g_assert_no_error (error);
  data = g_bytes_get_data (svg, &length);
  return g_strndup (data, length);
}

/* Quiz mode (seed 004; PyTorch: w1.grad = -6 through x4, then -2 through x3, -8 in all).
 * Asking the edge that brings w1 its -2, the sum at w1 says "Σ -6 + ?"; asking w1.grad's
 * total (the step before is shown), the terms without the total. The gradient that has
 * just arrived at an edge's node is asked too: x5's box says "∂L/∂x5 = ?" at its first
 * edge (and is not tinted by it in gradient-flow mode), and the same box at another step
 * keeps its number. */
static void
test_quiz_hides (void)
{
  Drawn d;
  guint32 w1_accumulate = 0;
  guint64 last_edge = 0, accumulate = 0, x5_edge;

  drawn_init (&d, seed004_script);
  for (guint64 i = 0; i < bs_trace_get_n_events (d.trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (d.trace, i);

      if (event->type == BS_TRACE_EVENT_ACCUMULATE
          && event->tensor == tensor_named (d.trace, "w1"))
        {
          accumulate = event->step;
          w1_accumulate = event->node;
        }
    }
  g_assert_cmpuint (accumulate, >, 0);
  for (guint64 i = 0; i < bs_trace_get_n_events (d.trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (d.trace, i);

      if (event->type == BS_TRACE_EVENT_EDGE && event->node2 == w1_accumulate)
        last_edge = event->step;
    }
  {
    g_autofree char *shown = svg_at (&d, last_edge);
    g_autofree char *asked = NULL;
    g_autofree char *total = NULL;

    g_assert_nonnull (strstr (shown, "Σ -6 + -2 = -8"));
    bs_renderer_set_hide_edge_values (d.renderer, TRUE);
    asked = svg_at (&d, last_edge);
    g_assert_nonnull (strstr (asked, ">Σ -6 + ?<"));
    g_assert_null (strstr (asked, "Σ -6 + -2"));
    g_assert_null (strstr (asked, "= -8"));
    bs_renderer_set_hide_edge_values (d.renderer, FALSE);
    bs_renderer_set_hide_sums (d.renderer, TRUE);
    total = svg_at (&d, accumulate - 1);
    g_assert_nonnull (strstr (total, ">Σ -6 + -2<"));
    g_assert_null (strstr (total, "= -8"));
    bs_renderer_set_hide_sums (d.renderer, FALSE);
  }

  x5_edge = 0;
  for (guint64 i = 0; i < bs_trace_get_n_events (d.trace) && x5_edge == 0; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (d.trace, i);

      if (event->type == BS_TRACE_EVENT_EDGE && event->node == grad_fn_named (d.trace, "x5"))
        x5_edge = event->step;
    }
  {
    g_autoptr(BsTraceState) at = bs_replay_state_at (d.trace, x5_edge);
    g_autoptr(BsTraceState) end = bs_replay_state_at (d.trace, last_step (d.trace));
    g_autoptr(BsNodeLabel) x5 = label_at (&d, "x5", x5_edge);
    g_autoptr(BsNodeLabel) x5_end = label_at (&d, "x5", last_step (d.trace));

    g_assert_cmpstr (bs_node_label_get_line (x5, BS_NODE_LINE_GRAD), ==, "∂L/∂x5 = -1");
    bs_node_label_hide_asked (x5, d.scene, box_named (d.scene, "x5"), at);
    g_assert_cmpstr (bs_node_label_get_line (x5, BS_NODE_LINE_GRAD), ==, "∂L/∂x5 = ?");
    bs_node_label_hide_asked (x5_end, d.scene, box_named (d.scene, "x5"), end);
    g_assert_cmpstr (bs_node_label_get_line (x5_end, BS_NODE_LINE_GRAD), ==, "∂L/∂x5 = -1");

    /* gradient-flow mode does not tint x5 by the gradient asked */
    bs_renderer_set_grad_flow (d.renderer, TRUE);
    g_assert_true (bs_renderer_get_node_fill (d.renderer, d.scene, at, box_named (d.scene, "x5"))
                   != &bs_renderer_get_palette (d.renderer)->constant);
    bs_renderer_set_hide_edge_values (d.renderer, TRUE);
    g_assert_true (bs_renderer_get_node_fill (d.renderer, d.scene, at, box_named (d.scene, "x5"))
                   == &bs_renderer_get_palette (d.renderer)->constant);
    g_assert_true (bs_renderer_get_node_fill (d.renderer, d.scene, end, box_named (d.scene, "x5"))
                   != &bs_renderer_get_palette (d.renderer)->constant);
  }
  drawn_clear (&d);
}

/* --- notes clear of the boxes ------------------------------------------------- */

/* The step an example opens at (before its first backward call, or its last) up to the
 * end of its first backward call, and each error's step: the current edge's label and
 * the error's callout cover no visible box. */
static void
test_notes_clear (void)
{
  const char *dir = g_getenv ("BACKSTEP_EXAMPLES_DIR");
  g_autoptr(GDir) examples = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n_labels = 0, n_callouts = 0;
  const char *name;

  g_assert_nonnull (examples);
  while ((name = g_dir_read_name (examples)) != NULL)
    if (g_str_has_suffix (name, ".py"))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, >=, 15);
  for (guint e = 0; e < names->len; e++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[e], NULL);
      g_autofree char *source = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(BsTrace) trace = NULL;
      g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
      g_autoptr(BsSceneCache) scenes = NULL;
      g_autoptr(BsLayout) layout = bs_layout_new ();
      g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (guint64));
      gint64 begin = -1;
      guint64 first, last;

      g_assert_true (g_file_get_contents (path, &source, NULL, NULL));
      trace = bs_recording_run (source, -1, names->pdata[e], NULL, NULL, NULL, &error);
      g_clear_error (&error);
      scenes = bs_scene_cache_new (trace, renderer, BS_SCENE_VIEW_LIVE, NULL, 0);
      last = bs_trace_get_n_steps (trace) - 1;
      first = last;
      for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
        {
          const BsTraceEvent *event = bs_trace_get_event (trace, i);

          if (event->type == BS_TRACE_EVENT_BACKWARD_BEGIN && begin < 0)
            {
              begin = (gint64) i;
              first = MAX (event->step, 1) - 1;
            }
          else if (event->type == BS_TRACE_EVENT_BACKWARD_END && begin >= 0
                   && last == bs_trace_get_n_steps (trace) - 1 && first < last)
            last = event->step;
          else if (event->type == BS_TRACE_EVENT_ERROR)
            g_array_append_val (steps, event->step);
        }
      for (guint64 step = first; step <= last; step++)
        g_array_append_val (steps, step);

      for (guint i = 0; i < steps->len; i++)
        {
          guint64 step = g_array_index (steps, guint64, i);
          g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
          g_autoptr(BsScene) scene = bs_scene_cache_get (scenes, layout, step, &error);
          BsNoteRect notes[2];
          guint drawn;

          g_assert_no_error (error);
          drawn = bs_renderer_place_notes (renderer, scene, state, &notes[0], &notes[1]);
          n_labels += drawn & 1;
          n_callouts += (drawn & 2) != 0;
          for (guint k = 0; k < 2; k++)
            for (guint b = 0; (drawn & (1u << k)) && b < bs_scene_get_n_nodes (scene); b++)
              {
                const BsSceneNode *node = bs_scene_get_node (scene, b);
                BsNoteRect box = { node->x, node->y, node->width, node->height };

                if (bs_scene_node_visible (scene, b, state)
                    && bs_note_rect_intersects (&notes[k], &box))
                  g_error ("%s, step %" G_GUINT64_FORMAT ": the %s at (%.0f, %.0f) %.0f x "
                           "%.0f covers box %u at (%.0f, %.0f) %.0f x %.0f",
                           (char *) names->pdata[e], step, k == 0 ? "edge's label" : "callout",
                           notes[k].x, notes[k].y, notes[k].width, notes[k].height, b,
                           box.x, box.y, box.width, box.height);
              }
          if (drawn == 3)
            g_assert_false (bs_note_rect_intersects (&notes[0], &notes[1]));
        }
    }
  g_test_message ("%u labels and %u callouts placed", n_labels, n_callouts);
  g_assert_cmpuint (n_labels, >, 100);
  g_assert_cmpuint (n_callouts, >=, 2);
}

/* The notes of a step are placed once while nothing moves (a window measures and draws a
 * step many times), and again once the scene's items move: the places the renderer
 * gives are those a renderer placing them afresh gives, before and after every box,
 * frame and edge moves right by 40 points and down by 30 (as a frame of a glide moves
 * them), and the label follows its edge. */
static void
test_notes_follow_scene (void)
{
  Drawn d;
  guint64 step;
  BsNoteRect before, after, fresh;

  drawn_init (&d, seed003_script);
  step = step_of (d.trace, BS_TRACE_EVENT_EDGE, 0);
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (d.trace, step);
    g_autoptr(BsRenderer) other = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));

    g_assert_cmpuint (bs_renderer_place_notes (d.renderer, d.scene, state, &before, NULL), ==,
                      1);
    g_assert_cmpuint (bs_renderer_place_notes (d.renderer, d.scene, state, &after, NULL), ==,
                      1);
    g_assert_cmpmem (&before, sizeof before, &after, sizeof after);

    for (guint i = 0; i < bs_scene_get_n_nodes (d.scene); i++)
      {
        bs_scene_get_node (d.scene, i)->x += 40;
        bs_scene_get_node (d.scene, i)->y += 30;
      }
    for (guint i = 0; i < bs_scene_get_n_clusters (d.scene); i++)
      {
        bs_scene_get_cluster (d.scene, i)->x += 40;
        bs_scene_get_cluster (d.scene, i)->y += 30;
      }
    for (guint e = 0; e < bs_scene_get_n_edges (d.scene); e++)
      {
        BsSceneEdge *edge = bs_scene_get_edge (d.scene, e);

        for (guint k = 0; k < edge->n_points; k++)
          {
            edge->points[k].x += 40;
            edge->points[k].y += 30;
          }
        edge->arrow_base.x += 40;
        edge->arrow_base.y += 30;
        edge->arrow_tip.x += 40;
        edge->arrow_tip.y += 30;
      }
    bs_scene_moved (d.scene);
    g_assert_cmpuint (bs_renderer_place_notes (d.renderer, d.scene, state, &after, NULL), ==,
                      1);
    g_assert_cmpuint (bs_renderer_place_notes (other, d.scene, state, &fresh, NULL), ==, 1);
    g_assert_cmpmem (&after, sizeof after, &fresh, sizeof fresh);
    g_assert_cmpfloat (after.x, >, before.x + 20);
    g_assert_cmpfloat (after.y, >, before.y + 15);
  }
  drawn_clear (&d);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/label/seed004", test_label_seed004);
  g_test_add_func ("/render/label/tensor", test_label_tensor);
  g_test_add_func ("/render/label/names", test_label_names);
  g_test_add_func ("/render/step-text/seed004", test_step_text_seed004);
  g_test_add_func ("/render/step-text/error", test_step_text_error);
  g_test_add_func ("/render/step-text/vjp-words", test_step_text_vjp_words);
  g_test_add_func ("/render/measure/stable", test_measure_stable);
  g_test_add_func ("/render/hit-test", test_hit_test);
  g_test_add_func ("/render/notes-clear", test_notes_clear);
  g_test_add_func ("/render/quiz-hides", test_quiz_hides);
  g_test_add_func ("/render/reference/nodes", test_reference_nodes);
  g_test_add_func ("/render/reference/current-edge", test_reference_current_edge);
  g_test_add_func ("/render/draw/every-step", test_draw_every_step);
  g_test_add_func ("/render/cache/value-widths", test_cache_value_widths);
  g_test_add_func ("/render/cache/same-pictures", test_cache_same_pictures);
  g_test_add_func ("/render/cache/notes-follow-scene", test_notes_follow_scene);
  return g_test_run ();
}
