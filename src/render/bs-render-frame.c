/* bs-render-frame.c: what one drawing of a scene at a step needs to know */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <string.h>

#include "bs-render-frame.h"
#include "bs-text-measurer.h"

/* Text smaller than this many device pixels is not drawn: boxes only, fast when zoomed out. */
#define MIN_TEXT_PIXELS  3.0

static void
mark_box (BsRenderFrame *f,
          int            box)
{
  if (box >= 0)
    f->emphasis[box] = TRUE;
}

/* Which boxes the step is about: the node running, the leaf accumulating, the roots of a
 * backward call beginning, the boxes a statement created. */
static void
find_emphasis (BsRenderFrame *f)
{
  const BsTraceEvent *event = bs_trace_state_get_step_event (f->state);
  guint64 first, end;

  if (event == NULL)
    return;
  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_EDGE:
    case BS_TRACE_EVENT_FREED:
      mark_box (f, bs_scene_find_node (f->scene, event->node));
      break;
    case BS_TRACE_EVENT_ACCUMULATE:
    case BS_TRACE_EVENT_GRAD_ZEROED:
      mark_box (f, bs_scene_find_tensor (f->scene, event->tensor, f->state));
      break;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
      {
        const guint32 *pairs = bs_trace_get_list (f->trace, event->aux);

        for (guint i = 0; i < event->n_aux; i++)
          mark_box (f, bs_scene_find_tensor (f->scene, pairs[2 * i], f->state));
      }
      break;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      {
        const guint32 *roots = bs_trace_get_list (f->trace, event->aux);

        for (guint i = 0; i < event->n_aux; i++)
          mark_box (f, bs_scene_find_tensor (f->scene, roots[3 * i], f->state));
      }
      break;
    case BS_TRACE_EVENT_STATEMENT:
      bs_trace_get_step_events (f->trace, f->state->step, &first, &end);
      for (guint64 i = first; i < MIN (end, f->state->n_events); i++)
        {
          const BsTraceEvent *e = bs_trace_get_event (f->trace, i);

          if (e->type == BS_TRACE_EVENT_TENSOR || e->type == BS_TRACE_EVENT_INPLACE)
            mark_box (f, bs_scene_find_tensor (f->scene, e->tensor, f->state));
        }
      break;
    default:
      break;
    }
}

/* The edges the running backward call has walked and the gradients that have arrived. */
static void
find_backward (BsRenderFrame *f)
{
  guint n_nodes = bs_scene_get_n_nodes (f->scene);
  gint64 begin;

  if (f->state->backward == 0
      || (begin = bs_trace_find_backward (f->trace, f->state->backward)) < 0)
    return;
  f->arrivals = g_new0 (BsArrivals, MAX (n_nodes, 1));
  for (guint64 i = (guint64) begin; i < bs_trace_get_n_events (f->trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (f->trace, i);
      int edge, box;

      if (event->backward != f->state->backward)
        continue;
      if (event->type == BS_TRACE_EVENT_BACKWARD_END)
        break;
      if (event->type != BS_TRACE_EVENT_EDGE)
        continue;
      edge = bs_scene_find_edge (f->scene, event->node, event->input_nr);
      if (edge >= 0 && i < f->state->n_events)
        f->walked[edge] = TRUE;
      box = bs_scene_find_node (f->scene, event->node2);
      if (box < 0 || bs_scene_get_node (f->scene, (guint) box)->kind == BS_SCENE_NODE_CLUSTER)
        continue;
      f->arrivals[box].expected++;
      if (i < f->state->n_events)
        {
          if (f->arrivals[box].values == NULL)
            f->arrivals[box].values = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (f->arrivals[box].values, event->values[2]);
        }
    }
}

void
bs_render_frame_init (BsRenderFrame      *f,
                      BsRenderer         *renderer,
                      cairo_t            *cr,
                      BsScene            *scene,
                      const BsTraceState *state)
{
  const BsTraceEvent *edge, *error;
  double dx = 1, dy = 0;

  memset (f, 0, sizeof *f);
  f->renderer = renderer;
  f->cr = cr;
  f->scene = scene;
  f->trace = bs_scene_get_trace (scene);
  f->state = state;
  f->palette = bs_renderer_get_palette (renderer);
  f->current_edge = -1;
  f->error_box = -1;
  f->emphasis = g_new0 (guint8, MAX (bs_scene_get_n_nodes (scene), 1));
  f->walked = g_new0 (guint8, MAX (bs_scene_get_n_edges (scene), 1));

  cairo_user_to_device_distance (cr, &dx, &dy);
  f->detail = hypot (dx, dy) * f->palette->font_size * bs_text_measurer_font_scale (BS_FONT_TAG)
              >= MIN_TEXT_PIXELS;
  cairo_clip_extents (cr, &f->clip[0], &f->clip[1], &f->clip[2], &f->clip[3]);

  edge = bs_trace_state_get_edge (state);
  if (edge != NULL)
    f->current_edge = bs_scene_find_edge (scene, edge->node, edge->input_nr);
  error = bs_trace_state_get_error (state);
  if (error != NULL && error->node != 0)
    f->error_box = bs_scene_find_node (scene, error->node);
  find_emphasis (f);
  find_backward (f);
}

void
bs_render_frame_clear (BsRenderFrame *f)
{
  if (f->arrivals != NULL)
    for (guint i = 0; i < bs_scene_get_n_nodes (f->scene); i++)
      if (f->arrivals[i].values != NULL)
        g_array_unref (f->arrivals[i].values);
  g_free (f->arrivals);
  g_free (f->emphasis);
  g_free (f->walked);
}

gboolean
bs_render_frame_shows (BsRenderFrame *f,
                       double         x,
                       double         y,
                       double         width,
                       double         height)
{
  return x <= f->clip[2] && y <= f->clip[3] && x + width >= f->clip[0]
         && y + height >= f->clip[1];
}
