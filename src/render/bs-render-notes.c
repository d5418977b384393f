/* bs-render-notes.c: the current edge's label and the error's callout of one drawing */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <string.h>

#include "bs-render-notes.h"
#include "bs-step-text.h"

#define MAX_BADGE_LINES  3
/* The widest an edge's label gets, in ems */
#define MAX_NOTE_EMS     26
/* Samples of each cubic piece of an edge when measuring along it */
#define CURVE_SAMPLES    16

static double
dot_radius (BsRenderFrame *f)
{
  return f->palette->line_width * 2.5;
}

static BsScenePoint
cubic_at (const BsScenePoint *p,
          double              t)
{
  double u = 1 - t;

  return (BsScenePoint) {
    u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x,
    u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y,
  };
}

/* The point halfway along an edge's curve (its middle segment's, evaluated at t = 0.5). */
static BsScenePoint
edge_middle (const BsSceneEdge *edge)
{
  guint n_segments = (edge->n_points - 1) / 3;
  guint s = n_segments / 2;
  const BsScenePoint *p = &edge->points[3 * s];

  if (n_segments % 2 == 0)
    return *p;
  return cubic_at (p, 0.5);
}

BsScenePoint
bs_render_notes_anchor (const BsSceneEdge *edge)
{
  guint n_segments = (edge->n_points - 1) / 3;
  g_autofree BsScenePoint *samples = g_new (BsScenePoint, n_segments * CURVE_SAMPLES + 1);
  guint n = 0;
  double length = 0, walked = 0;

  for (guint s = 0; s < n_segments; s++)
    for (guint i = s == 0 ? 0 : 1; i <= CURVE_SAMPLES; i++)
      samples[n++] = cubic_at (&edge->points[3 * s], (double) i / CURVE_SAMPLES);
  for (guint i = 1; i < n; i++)
    length += hypot (samples[i].x - samples[i - 1].x, samples[i].y - samples[i - 1].y);
  if (length <= 2 * BS_RENDER_NOTES_REACH)
    return edge_middle (edge);
  /* walked back from the head */
  for (guint i = n - 1; i > 0; i--)
    {
      const BsScenePoint *a = &samples[i], *b = &samples[i - 1];
      double step = hypot (b->x - a->x, b->y - a->y);

      if (walked + step >= BS_RENDER_NOTES_REACH && step > 0)
        {
          double t = (BS_RENDER_NOTES_REACH - walked) / step;

          return (BsScenePoint) { a->x + (b->x - a->x) * t, a->y + (b->y - a->y) * t };
        }
      walked += step;
    }
  return samples[0];
}

/* The current edge's label, beside its anchor and clear of the edge. */
static void
place_edge_label (BsRenderNotes  *n,
                  BsRenderFrame  *f,
                  BsTextMeasurer *text,
                  gboolean        values_asked)
{
  const BsTraceEvent *event = bs_trace_state_get_edge (f->state);
  const BsSceneEdge *edge;
  BsNoteRect target;
  BsNoteAvoid avoid = { NULL, 0, NULL };
  double width, height, radius = dot_radius (f);

  if (f->current_edge < 0
      || !bs_scene_edge_visible (f->scene, (guint) f->current_edge, f->state))
    return;
  edge = bs_scene_get_edge (f->scene, (guint) f->current_edge);
  if (edge->n_points < 4)
    return;

  n->local = bs_step_text_local_gradient (f->trace, f->state, event);
  n->flow = bs_step_text_flow (f->trace, event);
  if (values_asked)
    {
      /* "∂x3/∂w1 = x1 = 1" asked as "∂x3/∂w1 = ?" */
      char *asked;

      n->local[strcspn (n->local, "=:")] = '\0';
      asked = g_strdup_printf ("%s= ?", n->local);
      g_free (n->local);
      n->local = asked;
      g_free (n->flow);
      n->flow = g_strdup ("upstream ? × ? = ?");
    }
  /* Narrow enough not to cover half the graph: long names wrap, then are cut. */
  n->label = (BsNote) { .n_lines = 2, .lines = { n->local, n->flow },
                        .fonts = { BS_FONT_TITLE, BS_FONT_MONO },
                        .max_width = f->palette->font_size * MAX_NOTE_EMS, .max_lines = 2 };
  bs_note_size (text, f->palette, &n->label, &width, &height);
  n->anchor = bs_render_notes_anchor (edge);
  target = (BsNoteRect) { n->anchor.x - radius, n->anchor.y - radius, 2 * radius, 2 * radius };
  avoid.edge = edge;
  n->label_leader = bs_note_places_choose (f->scene, f->state, &target, &avoid, radius * 2,
                                           width, height, &n->label_rect);
  n->has_label = TRUE;
}

/* The error's message beside the box that raised it, or near the top left when no box
 * did; clear of the boxes and of the edge's label. */
static void
place_error (BsRenderNotes  *n,
             BsRenderFrame  *f,
             BsTextMeasurer *text)
{
  const BsTraceEvent *error = bs_trace_state_get_error (f->state);
  const char *message;
  double pad = f->palette->font_size * 0.45;
  double width, height, scene_width, scene_height;
  BsNoteAvoid avoid = { n->has_label ? &n->label_rect : NULL, n->has_label ? 1 : 0, NULL };

  if (error == NULL)
    return;
  message = bs_trace_get_string (f->trace, error->text);
  n->message = g_strdup_printf ("⚠ %s", message != NULL ? message : "error");
  bs_scene_get_size (f->scene, &scene_width, &scene_height);
  n->callout = (BsNote) { .n_lines = 1, .lines = { n->message }, .fonts = { BS_FONT_SMALL },
                          .max_lines = MAX_BADGE_LINES,
                          .max_width = MAX (MIN (f->palette->font_size * 30,
                                                 scene_width - 4 - 2 * pad),
                                            f->palette->font_size * 12) };
  bs_note_size (text, f->palette, &n->callout, &width, &height);
  if (f->error_box >= 0 && bs_scene_node_visible (f->scene, (guint) f->error_box, f->state))
    {
      const BsSceneNode *node = bs_scene_get_node (f->scene, (guint) f->error_box);

      n->callout_target = (BsNoteRect) { node->x, node->y, node->width, node->height };
      n->callout_leader = bs_note_places_choose (f->scene, f->state, &n->callout_target,
                                                 &avoid, f->palette->font_size * 0.6, width,
                                                 height, &n->callout_rect);
    }
  else
    {
      n->callout_target = (BsNoteRect) { 8, 8, 0, 0 };
      bs_note_places_choose (f->scene, f->state, &n->callout_target, &avoid,
                             f->palette->font_size * 0.6, width, height, &n->callout_rect);
    }
  n->has_callout = TRUE;
}

BsRenderNotes *
bs_render_notes_new (BsRenderFrame  *f,
                     BsTextMeasurer *text,
                     gboolean        values_asked)
{
  BsRenderNotes *self;

  g_return_val_if_fail (f != NULL && text != NULL, NULL);

  self = g_new0 (BsRenderNotes, 1);
  self->scene = bs_scene_ref (f->scene);
  self->revision = bs_scene_get_revision (f->scene);
  self->trace = f->trace;
  self->n_events = f->state->n_events;
  self->step = f->state->step;
  self->values_asked = values_asked;
  place_edge_label (self, f, text, values_asked);
  place_error (self, f, text);
  return self;
}

void
bs_render_notes_free (BsRenderNotes *self)
{
  if (self == NULL)
    return;
  g_free (self->local);
  g_free (self->flow);
  g_free (self->message);
  bs_scene_unref (self->scene);
  g_free (self);
}

gboolean
bs_render_notes_matches (const BsRenderNotes *self,
                         BsScene             *scene,
                         const BsTraceState  *state,
                         gboolean             values_asked)
{
  g_return_val_if_fail (self != NULL && scene != NULL && state != NULL, FALSE);
  return self->scene == scene && self->revision == bs_scene_get_revision (scene)
         && self->trace == state->trace && self->n_events == state->n_events
         && self->step == state->step && self->values_asked == values_asked;
}

guint
bs_render_notes_get (const BsRenderNotes *self,
                     BsNoteRect          *label,
                     BsNoteRect          *callout)
{
  g_return_val_if_fail (self != NULL, 0);
  if (label != NULL)
    *label = self->label_rect;
  if (callout != NULL)
    *callout = self->callout_rect;
  return (self->has_label ? 1 : 0) | (self->has_callout ? 2 : 0);
}

/* A thin line from a note back to what it is about, when it stands away from it. */
static void
draw_leader (BsRenderFrame    *f,
             const BsNoteRect *note,
             const BsNoteRect *target,
             const BsColor    *color)
{
  double line[4];

  bs_note_leader (note, target, line);
  cairo_new_path (f->cr);
  cairo_move_to (f->cr, line[0], line[1]);
  cairo_line_to (f->cr, line[2], line[3]);
  cairo_set_line_width (f->cr, f->palette->line_width);
  bs_color_set_source (color, f->cr);
  cairo_stroke (f->cr);
}

void
bs_render_notes_draw (const BsRenderNotes *self,
                      BsRenderFrame       *f,
                      BsTextMeasurer      *text)
{
  g_return_if_fail (self != NULL && f != NULL);

  if (!f->detail)
    return;
  if (self->has_label)
    {
      cairo_new_path (f->cr);
      cairo_arc (f->cr, self->anchor.x, self->anchor.y, dot_radius (f), 0, 2 * G_PI);
      bs_color_set_source (&f->palette->backward, f->cr);
      cairo_fill (f->cr);
      if (self->label_leader)
        draw_leader (f, &self->label_rect,
                     &(BsNoteRect) { self->anchor.x, self->anchor.y, 0, 0 },
                     &f->palette->backward);
      bs_note_draw (text, f->palette, f->cr, &self->label, self->label_rect.x,
                    self->label_rect.y, &f->palette->backward_fill, &f->palette->backward,
                    &f->palette->text);
    }
  if (self->has_callout)
    {
      if (self->callout_leader)
        draw_leader (f, &self->callout_rect, &self->callout_target, &f->palette->error);
      bs_note_draw (text, f->palette, f->cr, &self->callout, self->callout_rect.x,
                    self->callout_rect.y, &f->palette->error_fill, &f->palette->error,
                    &f->palette->error_text);
    }
}
