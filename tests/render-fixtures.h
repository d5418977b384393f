/* render-fixtures.h: scripts recorded, measured and laid out, for the render and export
 * tests */
#pragma once

#include "bs-export.h"
#include "bs-layout.h"
#include "bs-renderer.h"
#include "bs-step-text.h"
#include "scene-fixtures.h"

/* Seed 003 with retain_graph on the first call only: the second backward raises. */
static const char seed003_script[] =
  "import torch\n"
  "a = torch.tensor([[0.25, 0.5, 0.75, 1.0]], requires_grad=True)\n"
  "b = a**2\n"
  "c = b*2\n"
  "d = c.mean()\n"
  "e = c.sum()\n"
  "d.backward()\n"
  "e.backward()\n";

/* DynamicNet (example 13) with the middle layer's repeats fixed: 1, 3, 0, 2, 1. */
static const char dynamic_net_script[] =
  "import torch\n"
  "class DynamicNet(torch.nn.Module):\n"
  "    def __init__(self, D_in, H, D_out):\n"
  "        super().__init__()\n"
  "        self.input_linear = torch.nn.Linear(D_in, H)\n"
  "        self.middle_linear = torch.nn.Linear(H, H)\n"
  "        self.output_linear = torch.nn.Linear(H, D_out)\n"
  "    def forward(self, x, depth):\n"
  "        h_relu = self.input_linear(x).clamp(min=0)\n"
  "        for _ in range(depth):\n"
  "            h_relu = self.middle_linear(h_relu).clamp(min=0)\n"
  "        return self.output_linear(h_relu)\n"
  "torch.manual_seed(0)\n"
  "x = torch.randn(4, 3)\n"
  "y = torch.randn(4, 2)\n"
  "model = DynamicNet(3, 4, 2)\n"
  "optimizer = torch.optim.SGD(model.parameters(), lr=0.05)\n"
  "for depth in [1, 3, 0, 2, 1]:\n"
  "    loss = torch.nn.functional.mse_loss(model(x, depth), y)\n"
  "    optimizer.zero_grad()\n"
  "    loss.backward()\n"
  "    optimizer.step()\n";

typedef struct {
  BsTrace    *trace;
  BsScene    *scene;
  BsRenderer *renderer;
} Drawn;

/* Records source (a script that raises is recorded up to its error), measures its scene
 * with the light palette and lays it out. */
static inline void
drawn_init (Drawn      *d,
            const char *source)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsLayout) layout = bs_layout_new ();

  d->trace = bs_recording_run (source, -1, "test.py", NULL, NULL, NULL, &error);
  g_assert_nonnull (d->trace);
  g_clear_error (&error);
  d->scene = bs_scene_new_for_trace (d->trace, NULL, 0);
  d->renderer = bs_renderer_new (bs_palette_get (BS_PALETTE_LIGHT));
  bs_renderer_measure_scene (d->renderer, d->scene);
  g_assert_true (bs_layout_run (layout, d->scene, &error));
  g_assert_no_error (error);
}

static inline void
drawn_clear (Drawn *d)
{
  bs_renderer_free (d->renderer);
  bs_scene_unref (d->scene);
  bs_trace_unref (d->trace);
}

static inline guint64
last_step (BsTrace *trace)
{
  return bs_trace_get_n_steps (trace) - 1;
}

/* The step of the first event of type whose node2 is node2 (0: any). */
static inline guint64
step_of (BsTrace          *trace,
         BsTraceEventType  type,
         guint32           node2)
{
  for (guint64 i = 0; i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->type == type && (node2 == 0 || event->node2 == node2))
        return event->step;
    }
  g_error ("no %s event", bs_trace_event_type_name (type));
  return 0;
}

/* The step before the first backward call: the forward pass complete. */
static inline guint64
forward_done (BsTrace *trace)
{
  return step_of (trace, BS_TRACE_EVENT_BACKWARD_BEGIN, 0) - 1;
}

/* The middle of seed 004's backward pass: the edge from w3*x4's MulBackward0 to x4's. */
static inline guint64
seed004_middle (BsTrace *trace)
{
  return step_of (trace, BS_TRACE_EVENT_EDGE, grad_fn_named (trace, "x4"));
}
