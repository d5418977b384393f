/* bs-timeline.c: the run's steps as a strip with a scrubber */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include "bs-timeline.h"
#include "bs-trace-nav.h"

#define STRIP_HEIGHT  10
#define MARK_HEIGHT   18
#define CURSOR_WIDTH  3
#define MARK_MIN_WIDTH 9
/* The band of loop iterations above the strip */
#define BAND_HEIGHT   18
#define BAND_GAP      3

/* What a step is, for its colour on the strip. */
typedef enum {
  KIND_FORWARD,
  KIND_BACKWARD,
  KIND_BACKWARD_BEGIN,
  KIND_OPTIMIZER,
  KIND_ERROR,
} StepKind;

/* One pass of the outermost loop: its steps and where a click on it goes. */
typedef struct {
  guint64  first;
  guint64  last;
  guint64  target;    /* just before its first backward call (its graph whole), or first */
  guint32  scope;
} Segment;

struct _BsTimeline {
  GtkWidget  parent_instance;

  /* Owned */
  BsTrace   *trace;
  GArray    *kinds;     /* guint8 StepKind per step */
  GArray    *segments;  /* Segment, in order */
  guint64    step;
};

G_DEFINE_FINAL_TYPE (BsTimeline, bs_timeline, GTK_TYPE_WIDGET)

enum { STEP_SELECTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static StepKind
kind_of (const BsTraceEvent *event,
         StepKind            previous)
{
  if (event == NULL)
    return previous;
  switch ((BsTraceEventType) event->type)
    {
    case BS_TRACE_EVENT_STATEMENT:
      return KIND_FORWARD;
    case BS_TRACE_EVENT_BACKWARD_BEGIN:
      return KIND_BACKWARD_BEGIN;
    case BS_TRACE_EVENT_EDGE:
    case BS_TRACE_EVENT_ACCUMULATE:
    case BS_TRACE_EVENT_FREED:
      return KIND_BACKWARD;
    case BS_TRACE_EVENT_OPTIMIZER_STEP:
    case BS_TRACE_EVENT_GRAD_ZEROED:
      return KIND_OPTIMIZER;
    case BS_TRACE_EVENT_ERROR:
      return KIND_ERROR;
    default:
      return previous;
    }
}

/* The iterations of the loops that are in no other loop. */
static void
find_segments (BsTimeline *self)
{
  BsTrace *trace = self->trace;
  g_autoptr(GArray) iterations = bs_trace_nav_outer_iterations (trace);
  guint64 n_events = bs_trace_get_n_events (trace);

  for (guint i = 0; i < iterations->len; i++)
    {
      guint32 s = g_array_index (iterations, guint32, i);
      const BsTraceScope *scope = bs_trace_get_scope (trace, s);
      Segment segment = { .scope = s };

      bs_trace_nav_scope_steps (trace, s, &segment.first, &segment.last);
      segment.target = segment.first;
      for (guint64 e = scope->begin_event; e < MIN (scope->end_event, n_events); e++)
        {
          const BsTraceEvent *event = bs_trace_get_event (trace, e);

          if (event->type == BS_TRACE_EVENT_BACKWARD_BEGIN)
            {
              segment.target = MAX (event->step, segment.first + 1) - 1;
              break;
            }
        }
      g_array_append_val (self->segments, segment);
    }
}

void
bs_timeline_set_trace (BsTimeline *self,
                       BsTrace    *trace)
{
  guint64 n_steps;
  StepKind kind = KIND_FORWARD;

  g_return_if_fail (BS_IS_TIMELINE (self));
  g_clear_pointer (&self->trace, bs_trace_unref);
  g_array_set_size (self->kinds, 0);
  g_array_set_size (self->segments, 0);
  if (trace != NULL)
    {
      self->trace = bs_trace_ref (trace);
      n_steps = bs_trace_get_n_steps (trace);
      g_array_set_size (self->kinds, n_steps);
      for (guint64 s = 0; s < n_steps; s++)
        {
          gint64 index = bs_trace_get_step_event (trace, s);

          kind = kind_of (index >= 0 ? bs_trace_get_event (trace, index) : NULL, kind);
          g_array_index (self->kinds, guint8, s) = kind;
        }
      find_segments (self);
    }
  self->step = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bs_timeline_set_step (BsTimeline *self,
                      guint64     step)
{
  g_return_if_fail (BS_IS_TIMELINE (self));
  self->step = step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint64
bs_timeline_get_step (BsTimeline *self)
{
  g_return_val_if_fail (BS_IS_TIMELINE (self), 0);
  return self->step;
}

guint
bs_timeline_get_n_iterations (BsTimeline *self)
{
  g_return_val_if_fail (BS_IS_TIMELINE (self), 0);
  return self->segments->len;
}

static double x_of_step (BsTimeline *self, guint64 step, double width);

gboolean
bs_timeline_get_iteration (BsTimeline      *self,
                           guint            index,
                           graphene_rect_t *rect,
                           guint64         *target)
{
  double width;
  const Segment *segment;

  g_return_val_if_fail (BS_IS_TIMELINE (self), FALSE);
  if (index >= self->segments->len)
    return FALSE;
  segment = &g_array_index (self->segments, Segment, index);
  width = gtk_widget_get_width (GTK_WIDGET (self));
  if (rect != NULL)
    {
      double x0 = x_of_step (self, segment->first, width);

      *rect = GRAPHENE_RECT_INIT (x0, 0, x_of_step (self, segment->last + 1, width) - x0,
                                  BAND_HEIGHT);
    }
  if (target != NULL)
    *target = segment->target;
  return TRUE;
}

static void
kind_color (GtkWidget *widget,
            StepKind   kind,
            GdkRGBA   *rgba)
{
  static const char *colors[] = {
    [KIND_FORWARD] = "#99c1f1",
    [KIND_BACKWARD] = "#ffa348",
    [KIND_BACKWARD_BEGIN] = "#c64600",
    [KIND_OPTIMIZER] = "#57e389",
    [KIND_ERROR] = "#e01b24",
  };

  gdk_rgba_parse (rgba, colors[kind]);
}

static double
x_of_step (BsTimeline *self,
           guint64     step,
           double      width)
{
  guint64 n = self->kinds->len;

  return n <= 1 ? 0 : (double) step / (double) (n - 1) * (width - CURSOR_WIDTH);
}

/* The iterations as segments of a band, alternately shaded, the current one in the
 * accent colour, each labelled ("epoch 3") when there is room. */
static void
draw_segments (BsTimeline     *self,
               GtkSnapshot    *snapshot,
               const GdkRGBA  *fg,
               double          width)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkRGBA accent, shade = *fg;

  gdk_rgba_parse (&accent, "#3584e4");
  for (guint i = 0; i < self->segments->len; i++)
    {
      const Segment *segment = &g_array_index (self->segments, Segment, i);
      gboolean current = self->step >= segment->first && self->step <= segment->last;
      double x0 = x_of_step (self, segment->first, width);
      double x1 = MAX (x_of_step (self, segment->last + 1, width), x0 + 1);
      const char *label = bs_trace_get_string (self->trace,
                                               bs_trace_get_scope (self->trace,
                                                                   segment->scope)->label);
      g_autoptr(PangoLayout) layout = NULL;
      int text_width, text_height;

      shade.alpha = current ? 0 : i % 2 == 0 ? 0.10 : 0.18;
      accent.alpha = 0.55;
      gtk_snapshot_append_color (snapshot, current ? &accent : &shade,
                                 &GRAPHENE_RECT_INIT (x0, 0, MAX (x1 - x0 - 1, 1),
                                                      BAND_HEIGHT));
      if (label == NULL)
        continue;
      /* "for epoch = 3" reads "epoch 3" where room is short. */
      if (g_str_has_prefix (label, "for "))
        label += strlen ("for ");
      layout = gtk_widget_create_pango_layout (widget, label);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      if (text_width + 6 > x1 - x0)
        {
          g_autofree char *number = g_strdup_printf ("%u", i + 1);

          pango_layout_set_text (layout, number, -1);
          pango_layout_get_pixel_size (layout, &text_width, &text_height);
          if (text_width + 4 > x1 - x0)
            continue;
        }
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT ((x0 + x1 - text_width) / 2,
                                                    (BAND_HEIGHT - text_height) / 2.0));
      gtk_snapshot_append_layout (snapshot, layout, fg);
      gtk_snapshot_restore (snapshot);
    }
}

static void
bs_timeline_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  BsTimeline *self = BS_TIMELINE (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double band = self->segments->len > 0 ? BAND_HEIGHT + BAND_GAP : 0;
  double strip_y = band + (height - band - STRIP_HEIGHT) / 2;
  double mark_y = band + (height - band - MARK_HEIGHT) / 2;
  guint64 n = self->kinds->len;
  GdkRGBA rgba, fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  if (band > 0)
    draw_segments (self, snapshot, &fg, width);
  rgba = fg;
  rgba.alpha = 0.12;
  gtk_snapshot_append_color (snapshot, &rgba,
                             &GRAPHENE_RECT_INIT (0, strip_y, width, STRIP_HEIGHT));
  if (n == 0)
    return;

  /* One run of equal kinds at a time: a long trace draws in a few hundred rectangles. */
  for (guint64 s = 0; s < n;)
    {
      StepKind kind = g_array_index (self->kinds, guint8, s);
      guint64 end = s + 1;
      double x0, x1;

      while (end < n && g_array_index (self->kinds, guint8, end) == kind)
        end++;
      /* a run reaches where the next begins; the last one, the strip's end */
      x0 = x_of_step (self, s, width);
      x1 = MAX (end < n ? x_of_step (self, end, width) : width, x0 + 1);
      kind_color (widget, kind, &rgba);
      if (kind == KIND_BACKWARD_BEGIN || kind == KIND_ERROR || kind == KIND_OPTIMIZER)
        {
          /* wide enough to show on both sides of the cursor standing on it */
          if (x1 - x0 < MARK_MIN_WIDTH)
            {
              x0 = CLAMP (x0 + (CURSOR_WIDTH - MARK_MIN_WIDTH) / 2.0, 0,
                          MAX (width - MARK_MIN_WIDTH, 0));
              x1 = x0 + MARK_MIN_WIDTH;
            }
          gtk_snapshot_append_color (snapshot, &rgba,
                                     &GRAPHENE_RECT_INIT (x0, mark_y,
                                                          x1 - x0, MARK_HEIGHT));
        }
      else
        gtk_snapshot_append_color (snapshot, &rgba,
                                   &GRAPHENE_RECT_INIT (x0, strip_y, x1 - x0, STRIP_HEIGHT));
      s = end;
    }

  gtk_snapshot_append_color (snapshot, &fg,
                             &GRAPHENE_RECT_INIT (x_of_step (self, self->step, width), 0,
                                                  CURSOR_WIDTH, height));
}

static void
select_at (BsTimeline *self,
           double      x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - CURSOR_WIDTH;
  guint64 n = self->kinds->len;
  guint64 step;

  if (n == 0 || width <= 0)
    return;
  step = (guint64) CLAMP (x / width * (n - 1) + 0.5, 0, n - 1);
  if (step == self->step)
    return;
  self->step = step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[STEP_SELECTED], 0, step);
}

/* The iteration under x, or -1. */
static int
segment_at (BsTimeline *self,
            double      x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));

  for (guint i = 0; i < self->segments->len; i++)
    {
      const Segment *segment = &g_array_index (self->segments, Segment, i);

      if (x >= x_of_step (self, segment->first, width)
          && x < x_of_step (self, segment->last + 1, width))
        return (int) i;
    }
  return -1;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            BsTimeline     *self)
{
  int segment;

  /* A click on an iteration goes to its graph, whole, before its backward call. */
  if (y < BAND_HEIGHT + BAND_GAP && (segment = segment_at (self, x)) >= 0)
    {
      guint64 target = g_array_index (self->segments, Segment, segment).target;

      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      self->step = target;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[STEP_SELECTED], 0, target);
      return;
    }
  select_at (self, x);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             BsTimeline     *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  select_at (self, x + dx);
}

static void
bs_timeline_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 600;
    }
  else
    *minimum = *natural = BAND_HEIGHT + BAND_GAP + MARK_HEIGHT + 4;
}

static void
bs_timeline_finalize (GObject *object)
{
  BsTimeline *self = BS_TIMELINE (object);

  g_clear_pointer (&self->trace, bs_trace_unref);
  g_array_unref (self->kinds);
  g_array_unref (self->segments);
  G_OBJECT_CLASS (bs_timeline_parent_class)->finalize (object);
}

static void
bs_timeline_class_init (BsTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bs_timeline_finalize;
  widget_class->snapshot = bs_timeline_snapshot;
  widget_class->measure = bs_timeline_measure;
  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);

  /* The user picked a step by clicking or dragging. */
  signals[STEP_SELECTED] = g_signal_new ("step-selected", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
bs_timeline_init (BsTimeline *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->kinds = g_array_new (FALSE, TRUE, sizeof (guint8));
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               "Steps: forward (blue), backward (orange), backward calls, "
                               "optimiser steps (green) and errors (red); above them, the "
                               "loop's iterations: click one to see its graph");
}

GtkWidget *
bs_timeline_new (void)
{
  return g_object_new (BS_TYPE_TIMELINE, NULL);
}
