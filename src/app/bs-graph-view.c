/* bs-graph-view.c: the canvas that shows the renderer's scene at a step */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include "bs-graph-camera.h"
#include "bs-graph-view.h"
#include "bs-scene-motion.h"

#define MIN_ZOOM        0.05
#define MAX_ZOOM        8.0
#define FIT_MARGIN      24.0
#define FADE_USEC       (180 * 1000)
#define GLIDE_USEC      (200 * 1000)
#define FLASH_USEC      (1200 * 1000)
#define SCROLL_STEP     40.0
#define ZOOM_STEP       1.2

struct _BsGraphView {
  GtkWidget      parent_instance;

  /* Owned */
  BsScene       *scene;
  BsTraceState  *state;
  GskRenderNode *picture;         /* the scene drawn at state, in scene coordinates... */
  graphene_rect_t picture_rect;   /* ... within this rectangle of it, ... */
  double         picture_zoom;    /* ... in pixels at this zoom */
  GskRenderNode *old_picture;     /* what was shown before, while fading */
  BsSceneMotion *motion;          /* the boxes gliding from the scene shown before */

  /* Borrowed */
  BsRenderer    *renderer;

  double         zoom;
  double         offset_x;        /* widget coordinates of the scene's origin */
  double         offset_y;
  double         drag_start_x;
  double         drag_start_y;
  double         zoom_gesture_start;
  double         pointer_x;       /* where Ctrl+scroll zooms about */
  double         pointer_y;
  int            selected;
  GArray        *highlighted;     /* int: boxes ringed besides the selected one */
  GArray        *flashed;         /* int: boxes whose numbers just changed, lit briefly */
  gint64         flash_start;
  guint          flash_tick;
  gboolean       fit_pending;
  gboolean       auto_fit;        /* fitted and not zoomed or panned since: refit on resize */
  gint64         fade_start;
  guint          fade_tick;
  gint64         glide_start;
  guint          glide_tick;
  /* A camera move in flight: from (zoom, offset) at its start to the target. */
  double         move_from[3];
  double         move_to[3];
  gint64         move_start;
  guint          move_tick;
  double         follow_zooms[2]; /* of the last bs_graph_view_follow_step(); 0: none */
  gboolean       user_zoom;       /* the zoom is the user's choice, kept while following */
  gboolean       notes_framed;    /* the camera moved to show a note beside the graph */
};

G_DEFINE_FINAL_TYPE (BsGraphView, bs_graph_view, GTK_TYPE_WIDGET)

enum { NODE_SELECTED, CLUSTER_TOGGLED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* --- drawing ------------------------------------------------------------------------- */

/* The part of the scene in view, in scene coordinates. */
static graphene_rect_t
visible_rect (BsGraphView *self)
{
  return GRAPHENE_RECT_INIT (-self->offset_x / self->zoom, -self->offset_y / self->zoom,
                             gtk_widget_get_width (GTK_WIDGET (self)) / self->zoom,
                             gtk_widget_get_height (GTK_WIDGET (self)) / self->zoom);
}

/* Records the drawing of the part of the scene in view and a margin around it, so a
 * large graph costs what its visible boxes cost, and small pans need no new drawing. */
static GskRenderNode *
draw_picture (BsGraphView     *self,
              graphene_rect_t *rect)
{
  g_autoptr(GtkSnapshot) snapshot = NULL;
  graphene_rect_t view = visible_rect (self);
  double width, height;
  cairo_t *cr;

  if (self->scene == NULL || self->state == NULL || self->renderer == NULL)
    return NULL;
  /* the scene and a note standing beside it (bs-note-places.h) */
  bs_renderer_get_extent (self->renderer, self->scene, self->state, &width, &height);
  graphene_rect_inset (&view, -view.size.width / 2, -view.size.height / 2);
  if (!graphene_rect_intersection (&view, &GRAPHENE_RECT_INIT (0, 0, width, height), rect))
    *rect = GRAPHENE_RECT_INIT (0, 0, 1, 1);
  snapshot = gtk_snapshot_new ();
  /* Drawn in pixels at the zoom shown, not scaled by GTK afterwards: a picture drawn at
   * 1:1 and shrunk to 0.8 smears its text. Another zoom draws it again (see snapshot). */
  self->picture_zoom = self->zoom;
  gtk_snapshot_scale (snapshot, 1 / self->zoom, 1 / self->zoom);
  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (rect->origin.x * self->zoom,
                                                       rect->origin.y * self->zoom,
                                                       rect->size.width * self->zoom,
                                                       rect->size.height * self->zoom));
  cairo_scale (cr, self->zoom, self->zoom);
  bs_renderer_draw (self->renderer, cr, self->scene, self->state);
  cairo_destroy (cr);
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

/* A ring of color around visible box index, margin points out and width pixels wide. */
static void
append_ring_of (BsGraphView   *self,
                GtkSnapshot   *snapshot,
                int            index,
                const GdkRGBA *color,
                double         margin,
                double         width)
{
  const BsSceneNode *node;
  GskRoundedRect ring;
  float widths[4];
  GdkRGBA colors[4];

  if (index < 0 || self->scene == NULL || index >= (int) bs_scene_get_n_nodes (self->scene)
      || !bs_scene_node_visible (self->scene, index, self->state))
    return;
  node = bs_scene_get_node (self->scene, index);
  gsk_rounded_rect_init_from_rect (&ring,
                                   &GRAPHENE_RECT_INIT (node->x - margin, node->y - margin,
                                                        node->width + 2 * margin,
                                                        node->height + 2 * margin),
                                   8);
  for (int i = 0; i < 4; i++)
    {
      widths[i] = width / self->zoom;
      colors[i] = *color;
    }
  gtk_snapshot_append_border (snapshot, &ring, widths, colors);
}

static void
append_ring (BsGraphView *self,
             GtkSnapshot *snapshot,
             int          index,
             double       alpha)
{
  GdkRGBA accent;

  gdk_rgba_parse (&accent, "#3584e4");
  accent.alpha = alpha;
  append_ring_of (self, snapshot, index, &accent, 5, 3);
}

static gboolean animations_enabled (GtkWidget *widget);

/* Boxes whose numbers an edit changed: an amber glow that fades (stays, without
 * animations) for FLASH_USEC. */
static void
append_flash (BsGraphView *self,
              GtkSnapshot *snapshot)
{
  double t = (g_get_monotonic_time () - self->flash_start) / (double) FLASH_USEC;
  double alpha = animations_enabled (GTK_WIDGET (self)) ? 1 - t * t : 1;
  GdkRGBA amber = { 0.96, 0.67, 0.0, 0 };

  if (self->flash_tick == 0 || t >= 1)
    return;
  amber.alpha = (float) CLAMP (alpha, 0, 1);
  for (guint i = 0; i < self->flashed->len; i++)
    append_ring_of (self, snapshot, g_array_index (self->flashed, int, i), &amber, 4, 4);
}

static gboolean
flash_step (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->flash_start < FLASH_USEC)
    return G_SOURCE_CONTINUE;
  self->flash_tick = 0;
  return G_SOURCE_REMOVE;
}

void
bs_graph_view_flash (BsGraphView *self,
                     const int   *indices,
                     guint        n_indices)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  g_array_set_size (self->flashed, 0);
  g_array_append_vals (self->flashed, indices, n_indices);
  self->flash_start = g_get_monotonic_time ();
  if (self->flash_tick == 0 && n_indices > 0)
    self->flash_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), flash_step, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bs_graph_view_get_n_flashed (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), 0);
  return self->flashed->len;
}

static void
append_selection (BsGraphView *self,
                  GtkSnapshot *snapshot)
{
  for (guint i = 0; i < self->highlighted->len; i++)
    append_ring (self, snapshot, g_array_index (self->highlighted, int, i), 0.5);
  append_ring (self, snapshot, self->selected, 1);
}

/* The scene gliding in, drawn anew for each frame (only the part in view). */
static void
append_motion (BsGraphView *self,
               GtkSnapshot *snapshot)
{
  double t = (g_get_monotonic_time () - self->glide_start) / (double) GLIDE_USEC;
  graphene_rect_t view = visible_rect (self);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &view);

  bs_renderer_draw_motion (self->renderer, cr, self->motion, t, self->state);
  cairo_destroy (cr);
}

static void
bs_graph_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);
  graphene_rect_t view;
  double scene_width, scene_height;
  double t = 1;

  if (self->picture == NULL)
    return;
  view = visible_rect (self);
  bs_renderer_get_extent (self->renderer, self->scene, self->state, &scene_width,
                          &scene_height);
  /* Drawn again when the part in view was not drawn, or at another zoom once the camera
   * rests (while it moves, the picture is scaled). */
  if (graphene_rect_intersection (&view, &GRAPHENE_RECT_INIT (0, 0, scene_width, scene_height),
                                  &view)
      && (!graphene_rect_contains_rect (&self->picture_rect, &view)
          || (self->zoom != self->picture_zoom && self->move_tick == 0
              && self->fade_tick == 0)))
    {
      graphene_rect_t rect;
      GskRenderNode *picture = draw_picture (self, &rect);

      if (picture != NULL)
        {
          gsk_render_node_unref (self->picture);
          self->picture = picture;
          self->picture_rect = rect;
        }
    }
  if (self->fade_tick != 0)
    t = CLAMP ((g_get_monotonic_time () - self->fade_start) / (double) FADE_USEC, 0, 1);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->offset_x, self->offset_y));
  gtk_snapshot_scale (snapshot, self->zoom, self->zoom);
  if (self->motion != NULL)
    append_motion (self, snapshot);
  else if (self->old_picture != NULL && t < 1)
    {
      gtk_snapshot_append_node (snapshot, self->old_picture);
      gtk_snapshot_push_opacity (snapshot, t);
      gtk_snapshot_append_node (snapshot, self->picture);
      gtk_snapshot_pop (snapshot);
    }
  else
    gtk_snapshot_append_node (snapshot, self->picture);
  append_flash (self, snapshot);
  append_selection (self, snapshot);
  gtk_snapshot_restore (snapshot);
}

static gboolean
fade_step (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->fade_start < FADE_USEC)
    return G_SOURCE_CONTINUE;
  self->fade_tick = 0;
  g_clear_pointer (&self->old_picture, gsk_render_node_unref);
  return G_SOURCE_REMOVE;
}

static gboolean
animations_enabled (GtkWidget *widget)
{
  gboolean enabled;

  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

static void
redraw (BsGraphView *self,
        gboolean     animate)
{
  graphene_rect_t rect;
  GskRenderNode *picture = draw_picture (self, &rect);

  if (picture == NULL && self->state == NULL && self->scene != NULL)
    return;   /* a new scene waiting for its state: keep showing the old picture */
  g_clear_pointer (&self->old_picture, gsk_render_node_unref);
  if (animate && self->picture != NULL && picture != NULL && self->motion == NULL
      && gtk_widget_get_mapped (GTK_WIDGET (self))
      && animations_enabled (GTK_WIDGET (self)))
    {
      self->old_picture = g_steal_pointer (&self->picture);
      self->fade_start = g_get_monotonic_time ();
      if (self->fade_tick == 0)
        self->fade_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), fade_step,
                                                        NULL, NULL);
    }
  g_clear_pointer (&self->picture, gsk_render_node_unref);
  self->picture = picture;
  self->picture_rect = rect;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
stop_glide (BsGraphView *self)
{
  if (self->glide_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->glide_tick);
  self->glide_tick = 0;
  g_clear_pointer (&self->motion, bs_scene_motion_free);
}

/* --- zoom and pan -------------------------------------------------------------------- */

#define MOVE_USEC (250 * 1000)

static void
stop_move (BsGraphView *self)
{
  if (self->move_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->move_tick);
  self->move_tick = 0;
}

static gboolean
move_step (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);
  double t = (g_get_monotonic_time () - self->move_start) / (double) MOVE_USEC;
  double ease;

  t = CLAMP (t, 0, 1);
  ease = 1 - (1 - t) * (1 - t) * (1 - t);
  self->zoom = self->move_from[0] + (self->move_to[0] - self->move_from[0]) * ease;
  self->offset_x = self->move_from[1] + (self->move_to[1] - self->move_from[1]) * ease;
  self->offset_y = self->move_from[2] + (self->move_to[2] - self->move_from[2]) * ease;
  gtk_widget_queue_draw (widget);
  if (t < 1)
    return G_SOURCE_CONTINUE;
  self->move_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Moves the camera, smoothly when the widget is shown and animations are on. */
static void
move_camera (BsGraphView *self,
             double       zoom,
             double       offset_x,
             double       offset_y)
{
  stop_move (self);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || !animations_enabled (GTK_WIDGET (self)))
    {
      self->zoom = zoom;
      self->offset_x = offset_x;
      self->offset_y = offset_y;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->move_from[0] = self->zoom;
  self->move_from[1] = self->offset_x;
  self->move_from[2] = self->offset_y;
  self->move_to[0] = zoom;
  self->move_to[1] = offset_x;
  self->move_to[2] = offset_y;
  self->move_start = g_get_monotonic_time ();
  self->move_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), move_step, NULL, NULL);
}

/* The camera as it is, or as it will be once the move in flight ends. */
static BsGraphCamera
camera_target (BsGraphView *self)
{
  if (self->move_tick != 0)
    return (BsGraphCamera) { self->move_to[0], self->move_to[1], self->move_to[2] };
  return (BsGraphCamera) { self->zoom, self->offset_x, self->offset_y };
}

void
bs_graph_view_follow (BsGraphView *self,
                      int          index,
                      double       min_zoom)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  const BsSceneNode *node;
  double zoom, cx, cy, x0, y0, x1, y1;

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  if (self->scene == NULL || index < 0 || index >= (int) bs_scene_get_n_nodes (self->scene)
      || width <= 0 || height <= 0)
    return;
  node = bs_scene_get_node (self->scene, index);
  zoom = self->move_tick != 0 ? self->move_to[0] : self->zoom;
  if (zoom >= min_zoom)
    {
      /* Readable already: move only when the box is not in view. */
      double ox = self->move_tick != 0 ? self->move_to[1] : self->offset_x;
      double oy = self->move_tick != 0 ? self->move_to[2] : self->offset_y;

      x0 = ox + node->x * zoom;
      y0 = oy + node->y * zoom;
      x1 = x0 + node->width * zoom;
      y1 = y0 + node->height * zoom;
      if (x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height)
        return;
    }
  zoom = MAX (zoom, min_zoom);
  cx = node->x + node->width / 2;
  cy = node->y + node->height / 2;
  self->auto_fit = FALSE;
  move_camera (self, zoom, width / 2 - cx * zoom, height / 2 - cy * zoom);
}

/* The boxes a step is about: the node the current edge leaves and the one it enters, or
 * the last tensor the step created; -1 when none. */
static void
step_focus (BsScene            *scene,
            const BsTraceState *state,
            int                 focus[2])
{
  BsTrace *trace = bs_scene_get_trace (scene);
  const BsTraceEvent *event = bs_trace_state_get_step_event (state);
  guint64 first, end;

  focus[0] = focus[1] = -1;
  if (event != NULL && event->node != 0
      && (event->type == BS_TRACE_EVENT_EDGE || event->type == BS_TRACE_EVENT_FREED
          || event->type == BS_TRACE_EVENT_ERROR))
    {
      int edge = event->type == BS_TRACE_EVENT_EDGE
                 ? bs_scene_find_edge (scene, event->node, event->input_nr) : -1;

      focus[0] = bs_scene_find_node (scene, event->node);
      if (edge >= 0)
        focus[1] = (int) bs_scene_get_edge (scene, (guint) edge)->from;
      return;
    }
  if (event != NULL && event->tensor != 0)
    {
      focus[0] = bs_scene_find_tensor (scene, event->tensor, state);
      return;
    }
  bs_trace_get_step_events (trace, state->step, &first, &end);
  for (guint64 i = end; i > first; i--)
    {
      const BsTraceEvent *e = bs_trace_get_event (trace, i - 1);

      if (e->type == BS_TRACE_EVENT_TENSOR || e->type == BS_TRACE_EVENT_INPLACE)
        {
          focus[0] = bs_scene_find_tensor (scene, e->tensor, state);
          if (focus[0] >= 0)
            return;
        }
    }
}

int
bs_graph_view_find_named (BsGraphView *self,
                          const char  *name)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), -1);
  g_return_val_if_fail (name != NULL, -1);

  if (self->scene == NULL || self->state == NULL)
    return -1;
  for (guint32 t = 1; t <= self->state->n_tensors; t++)
    {
      const char *bound = bs_trace_state_get_name (self->state, t);
      int index;

      if (bound == NULL || !g_str_equal (bound, name))
        continue;
      index = bs_scene_find_tensor (self->scene, t, self->state);
      if (index >= 0)
        return index;
    }
  return -1;
}

gboolean
bs_graph_view_select_line (BsGraphView *self,
                           int          line,
                           double       min_zoom)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (int));
  BsTrace *trace;

  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), FALSE);

  if (self->scene == NULL || self->state == NULL)
    return FALSE;
  trace = bs_scene_get_trace (self->scene);
  for (guint i = 0; i < bs_scene_get_n_nodes (self->scene); i++)
    {
      const BsSceneNode *node = bs_scene_get_node (self->scene, i);
      const BsTraceTensor *tensor = node->tensor != 0 ? bs_trace_get_tensor (trace, node->tensor)
                                                      : NULL;

      if (tensor != NULL && tensor->span != NULL && tensor->span->line == line
          && bs_scene_node_visible (self->scene, i, self->state))
        g_array_append_val (found, i);
    }
  if (found->len == 0)
    return FALSE;
  bs_graph_view_set_selected (self, g_array_index (found, int, found->len - 1));
  bs_graph_view_set_highlighted (self, (const int *) (gpointer) found->data, found->len);
  bs_graph_view_follow (self, g_array_index (found, int, found->len - 1), min_zoom);
  return TRUE;
}

/* Whether camera shows node whole. */
static gboolean
node_in_camera (const BsSceneNode     *node,
                const BsGraphCamera   *camera,
                const BsGraphViewport *viewport)
{
  return camera->x + node->x * camera->zoom >= -0.5
         && camera->y + node->y * camera->zoom >= -0.5
         && camera->x + (node->x + node->width) * camera->zoom <= viewport->width + 0.5
         && camera->y + (node->y + node->height) * camera->zoom <= viewport->height + 0.5;
}

/* Moves camera so the current edge's label and the error's callout are in view too:
 * they may stand beside the graph (bs-note-places.h). */
static gboolean
include_notes (BsGraphView           *self,
               const int              focus[2],
               const BsGraphViewport *viewport,
               BsGraphCamera         *camera)
{
  BsNoteRect notes[2];
  guint drawn;
  gboolean moved = FALSE, along = FALSE;
  double keep[4] = { 0, 0, 0, 0 }, right = 0, bottom = 0;
  guint n_kept = 0;

  if (self->renderer == NULL || self->scene == NULL || self->state == NULL)
    return FALSE;
  drawn = bs_renderer_place_notes (self->renderer, self->scene, self->state, &notes[0],
                                   &notes[1]);
  /* The boxes the step is about that the camera shows; only the box an edge enters when
   * the edge is too long for both (then the view moves along it rather than out). */
  for (guint k = 0; k < 2; k++)
    {
      const BsSceneNode *box;

      if (focus[k] < 0)
        continue;
      box = bs_scene_get_node (self->scene, (guint) focus[k]);
      if (!node_in_camera (box, camera, viewport))
        {
          along = k == 1;
          continue;
        }
      keep[0] = n_kept == 0 ? box->x : MIN (keep[0], box->x);
      keep[1] = n_kept == 0 ? box->y : MIN (keep[1], box->y);
      right = n_kept == 0 ? box->x + box->width : MAX (right, box->x + box->width);
      bottom = n_kept == 0 ? box->y + box->height : MAX (bottom, box->y + box->height);
      n_kept++;
    }
  keep[2] = right - keep[0];
  keep[3] = bottom - keep[1];
  for (guint k = 0; k < 2; k++)
    if (drawn & (1u << k))
      {
        const double note[4] = { notes[k].x, notes[k].y, notes[k].width, notes[k].height };

        moved |= bs_graph_camera_include (camera, self->scene, note, n_kept > 0 ? keep : NULL,
                                          along, viewport, camera);
      }
  return moved;
}

void
bs_graph_view_follow_step (BsGraphView *self,
                           double       min_zoom,
                           double       min_fit_zoom)
{
  BsGraphViewport viewport = { gtk_widget_get_width (GTK_WIDGET (self)),
                               gtk_widget_get_height (GTK_WIDGET (self)),
                               min_zoom, MIN (min_fit_zoom, min_zoom), self->user_zoom };
  BsGraphCamera camera, target;
  int focus[2];

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));

  self->follow_zooms[0] = min_zoom;
  self->follow_zooms[1] = min_fit_zoom;
  if (self->scene == NULL || self->state == NULL || self->fit_pending)
    return;
  step_focus (self->scene, self->state, focus);
  camera = camera_target (self);
  if (!bs_graph_camera_follow (&camera, self->scene, focus, &viewport, &target))
    target = camera;
  /* the room made for an earlier step's note is given back: framed afresh */
  if (self->notes_framed)
    {
      BsGraphCamera fresh = { 0, camera.x, camera.y };

      if (!bs_graph_camera_follow (&fresh, self->scene, focus, &viewport, &target))
        target = camera;
    }
  self->notes_framed = include_notes (self, focus, &viewport, &target);
  if (target.zoom == camera.zoom && target.x == camera.x && target.y == camera.y)
    return;
  self->auto_fit = FALSE;
  self->user_zoom = self->user_zoom && target.zoom == camera.zoom;
  move_camera (self, target.zoom, target.x, target.y);
}

static void
zoom_at (BsGraphView *self,
         double       zoom,
         double       x,
         double       y)
{
  double scene_x = (x - self->offset_x) / self->zoom;
  double scene_y = (y - self->offset_y) / self->zoom;

  stop_move (self);
  self->auto_fit = FALSE;
  self->user_zoom = TRUE;
  self->zoom = CLAMP (zoom, MIN_ZOOM, MAX_ZOOM);
  self->offset_x = x - scene_x * self->zoom;
  self->offset_y = y - scene_y * self->zoom;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bs_graph_view_zoom_by (BsGraphView *self,
                       double       factor)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  zoom_at (self, self->zoom * factor, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

double
bs_graph_view_get_zoom (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), 1);
  return self->zoom;
}

void
bs_graph_view_get_visible (BsGraphView *self,
                           double      *x,
                           double      *y,
                           double      *width,
                           double      *height)
{
  BsGraphCamera camera;

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  camera = camera_target (self);
  *x = -camera.x / camera.zoom;
  *y = -camera.y / camera.zoom;
  *width = gtk_widget_get_width (GTK_WIDGET (self)) / camera.zoom;
  *height = gtk_widget_get_height (GTK_WIDGET (self)) / camera.zoom;
}

gboolean
bs_graph_view_is_animating (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), FALSE);
  return self->glide_tick != 0 || self->fade_tick != 0 || self->move_tick != 0;
}

gboolean
bs_graph_view_is_gliding (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), FALSE);
  return self->glide_tick != 0;
}

void
bs_graph_view_fit (BsGraphView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  BsGraphCamera camera;

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  if (self->scene == NULL)
    return;
  if (width <= 0 || height <= 0)
    {
      self->fit_pending = TRUE;
      return;
    }
  stop_move (self);
  self->fit_pending = FALSE;
  self->auto_fit = TRUE;
  self->user_zoom = FALSE;
  camera = bs_graph_camera_fit (self->scene,
                                &(BsGraphViewport) { width, height, 1, 1, FALSE });
  self->notes_framed = include_notes (self, (const int[2]) { -1, -1 },
                                      &(BsGraphViewport) { width, height, 0, 0, FALSE },
                                      &camera);
  self->zoom = camera.zoom;
  self->offset_x = camera.x;
  self->offset_y = camera.y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bs_graph_view_reveal_node (BsGraphView *self,
                           guint        index)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  const BsSceneNode *node;
  double x0, y0, x1, y1;

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  if (self->scene == NULL || index >= bs_scene_get_n_nodes (self->scene))
    return;
  node = bs_scene_get_node (self->scene, index);
  x0 = self->offset_x + node->x * self->zoom;
  y0 = self->offset_y + node->y * self->zoom;
  x1 = x0 + node->width * self->zoom;
  y1 = y0 + node->height * self->zoom;
  if (x0 < 0)
    self->offset_x -= x0 - FIT_MARGIN;
  else if (x1 > width)
    self->offset_x -= x1 - width + FIT_MARGIN;
  if (y0 < 0)
    self->offset_y -= y0 - FIT_MARGIN;
  else if (y1 > height)
    self->offset_y -= y1 - height + FIT_MARGIN;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scrolled (GtkEventControllerScroll *controller,
          double                    dx,
          double                    dy,
          BsGraphView              *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_x;
      double y = self->pointer_y;

      zoom_at (self, self->zoom * pow (ZOOM_STEP, -dy), x, y);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK)
    {
      dx = dy;
      dy = 0;
    }
  stop_move (self);
  self->auto_fit = FALSE;
  self->offset_x -= dx * SCROLL_STEP;
  self->offset_y -= dy * SCROLL_STEP;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
pointer_moved (GtkEventControllerMotion *controller,
               double                    x,
               double                    y,
               BsGraphView              *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            BsGraphView    *self)
{
  stop_move (self);
  self->drag_start_x = self->offset_x;
  self->drag_start_y = self->offset_y;
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             BsGraphView    *self)
{
  if (dx == 0 && dy == 0)
    return;
  self->auto_fit = FALSE;
  self->offset_x = self->drag_start_x + dx;
  self->offset_y = self->drag_start_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_begin (GtkGesture       *gesture,
            GdkEventSequence *sequence,
            BsGraphView      *self)
{
  self->zoom_gesture_start = self->zoom;
}

static void
zoom_changed (GtkGestureZoom *gesture,
              double          scale,
              BsGraphView    *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  zoom_at (self, self->zoom_gesture_start * scale, x, y);
}

/* --- selection and hover ------------------------------------------------------------ */

static int
node_at (BsGraphView *self,
         double       x,
         double       y)
{
  if (self->scene == NULL || self->state == NULL || self->renderer == NULL)
    return -1;
  return bs_renderer_hit_test (self->renderer, self->scene, self->state,
                               (x - self->offset_x) / self->zoom,
                               (y - self->offset_y) / self->zoom);
}

/* The innermost cluster around (x, y) in widget coordinates, or -1. */
static int
cluster_at (BsGraphView *self,
            double       x,
            double       y)
{
  double sx = (x - self->offset_x) / self->zoom;
  double sy = (y - self->offset_y) / self->zoom;
  double best_area = G_MAXDOUBLE;
  int best = -1;

  if (self->scene == NULL)
    return -1;
  for (guint i = 0; i < bs_scene_get_n_clusters (self->scene); i++)
    {
      const BsSceneCluster *c = bs_scene_get_cluster (self->scene, i);

      if (sx >= c->x && sx <= c->x + c->width && sy >= c->y && sy <= c->y + c->height
          && c->width * c->height < best_area)
        {
          best_area = c->width * c->height;
          best = i;
        }
    }
  return best;
}

static void
clicked (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         BsGraphView     *self)
{
  int index = node_at (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2 && index < 0)
    {
      int cluster = cluster_at (self, x, y);

      if (cluster >= 0)
        g_signal_emit (self, signals[CLUSTER_TOGGLED], 0,
                       bs_scene_get_cluster (self->scene, cluster)->scope);
      return;
    }
  if (n_press == 2 && index >= 0)
    {
      const BsSceneNode *node = bs_scene_get_node (self->scene, index);
      int cluster = bs_renderer_get_node_cluster (self->renderer, self->scene, index);

      if (node->kind == BS_SCENE_NODE_CLUSTER)
        g_signal_emit (self, signals[CLUSTER_TOGGLED], 0, node->scope);
      else if (cluster >= 0)
        g_signal_emit (self, signals[CLUSTER_TOGGLED], 0,
                       bs_scene_get_cluster (self->scene, cluster)->scope);
      return;
    }
  bs_graph_view_set_selected (self, index);
  g_signal_emit (self, signals[NODE_SELECTED], 0, index);
}

char *
bs_graph_view_describe_node (BsGraphView *self,
                             int          index)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), NULL);
  if (index < 0 || self->scene == NULL || self->state == NULL || self->renderer == NULL
      || (guint) index >= bs_scene_get_n_nodes (self->scene))
    return NULL;
  return bs_renderer_describe_node (self->renderer, self->scene, self->state, index);
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);
  g_autofree char *text =
    bs_graph_view_describe_node (self, keyboard ? self->selected : node_at (self, x, y));

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

int
bs_graph_view_get_selected (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), -1);
  return self->selected;
}

void
bs_graph_view_set_selected (BsGraphView *self,
                            int          index)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  if (self->scene == NULL || index >= (int) bs_scene_get_n_nodes (self->scene))
    index = -1;
  self->selected = index;
  g_array_set_size (self->highlighted, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bs_graph_view_set_highlighted (BsGraphView *self,
                               const int   *indices,
                               guint        n_indices)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  g_array_set_size (self->highlighted, 0);
  g_array_append_vals (self->highlighted, indices, n_indices);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* --- the scene and the state -------------------------------------------------------- */

void
bs_graph_view_set_renderer (BsGraphView *self,
                            BsRenderer  *renderer)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  self->renderer = renderer;
  redraw (self, FALSE);
}

BsRenderer *
bs_graph_view_get_renderer (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), NULL);
  return self->renderer;
}

void
bs_graph_view_set_scene (BsGraphView *self,
                         BsScene     *scene,
                         gboolean     fit)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  stop_glide (self);
  if (scene != NULL)
    bs_scene_ref (scene);
  g_clear_pointer (&self->scene, bs_scene_unref);
  self->scene = scene;
  self->selected = -1;
  g_array_set_size (self->highlighted, 0);
  g_array_set_size (self->flashed, 0);
  /* A state belongs to one trace: a new run's scene waits for its own. */
  if (self->state != NULL && (scene == NULL || self->state->trace != bs_scene_get_trace (scene)))
    g_clear_pointer (&self->state, bs_trace_state_free);
  if (fit)
    bs_graph_view_fit (self);
  /* A relayout (a cluster collapsed or expanded) fades from the old picture to the new. */
  redraw (self, TRUE);
}

static gboolean
glide_step (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->glide_start < GLIDE_USEC)
    return G_SOURCE_CONTINUE;
  self->glide_tick = 0;
  g_clear_pointer (&self->motion, bs_scene_motion_free);
  return G_SOURCE_REMOVE;
}

void
bs_graph_view_move_to_scene (BsGraphView *self,
                             BsScene     *scene)
{
  BsScenePoint old_origin, new_origin;
  g_autoptr(BsSceneMotion) motion = NULL;

  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  g_return_if_fail (scene != NULL);
  if (self->scene == NULL || self->state == NULL || self->renderer == NULL
      || bs_scene_get_trace (self->scene) != bs_scene_get_trace (scene))
    {
      bs_graph_view_set_scene (self, scene, TRUE);
      return;
    }
  /* The camera keeps the frame: a box standing in the same place in both stays put. */
  stop_move (self);
  bs_scene_get_origin (self->scene, &old_origin);
  bs_scene_get_origin (scene, &new_origin);
  self->offset_x += (old_origin.x - new_origin.x) * self->zoom;
  self->offset_y += (old_origin.y - new_origin.y) * self->zoom;
  self->auto_fit = FALSE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && animations_enabled (GTK_WIDGET (self)))
    motion = bs_scene_motion_new (self->scene, scene);
  if (motion == NULL)
    {
      bs_graph_view_set_scene (self, scene, FALSE);
      return;
    }
  bs_graph_view_set_scene (self, scene, FALSE);
  /* set_scene() started a fade: the glide replaces it. */
  if (self->fade_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fade_tick);
  self->fade_tick = 0;
  g_clear_pointer (&self->old_picture, gsk_render_node_unref);
  self->motion = g_steal_pointer (&motion);
  self->glide_start = g_get_monotonic_time ();
  self->glide_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), glide_step, NULL, NULL);
}

BsScene *
bs_graph_view_get_scene (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), NULL);
  return self->scene;
}

void
bs_graph_view_set_state (BsGraphView  *self,
                         BsTraceState *state,
                         gboolean      animate)
{
  g_return_if_fail (BS_IS_GRAPH_VIEW (self));
  g_clear_pointer (&self->state, bs_trace_state_free);
  self->state = state;
  redraw (self, animate);
}

const BsTraceState *
bs_graph_view_get_state (BsGraphView *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_VIEW (self), NULL);
  return self->state;
}

/* --- widget ------------------------------------------------------------------------- */

static void
bs_graph_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  BsGraphView *self = BS_GRAPH_VIEW (widget);

  if (self->fit_pending || self->auto_fit)
    bs_graph_view_fit (self);
  else if (self->follow_zooms[0] > 0)
    /* A view that grew smaller (a longer status line under it) keeps the step in sight. */
    bs_graph_view_follow_step (self, self->follow_zooms[0], self->follow_zooms[1]);
}

static void
zoom_in_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  bs_graph_view_zoom_by (BS_GRAPH_VIEW (widget), ZOOM_STEP);
}

static void
zoom_out_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  bs_graph_view_zoom_by (BS_GRAPH_VIEW (widget), 1 / ZOOM_STEP);
}

static void
fit_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  bs_graph_view_fit (BS_GRAPH_VIEW (widget));
}

static void
bs_graph_view_dispose (GObject *object)
{
  BsGraphView *self = BS_GRAPH_VIEW (object);

  if (self->fade_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fade_tick);
      self->fade_tick = 0;
    }
  stop_move (self);
  stop_glide (self);
  if (self->flash_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->flash_tick);
  self->flash_tick = 0;
  g_clear_pointer (&self->flashed, g_array_unref);
  g_clear_pointer (&self->picture, gsk_render_node_unref);
  g_clear_pointer (&self->old_picture, gsk_render_node_unref);
  g_clear_pointer (&self->state, bs_trace_state_free);
  g_clear_pointer (&self->scene, bs_scene_unref);
  g_clear_pointer (&self->highlighted, g_array_unref);
  G_OBJECT_CLASS (bs_graph_view_parent_class)->dispose (object);
}

static void
bs_graph_view_class_init (BsGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_graph_view_dispose;
  widget_class->snapshot = bs_graph_view_snapshot;
  widget_class->size_allocate = bs_graph_view_size_allocate;
  widget_class->query_tooltip = query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "graphview");

  /* A box was clicked (index -1: the background). */
  signals[NODE_SELECTED] = g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT);
  /* A cluster was double-clicked: collapse or expand the scope. */
  signals[CLUSTER_TOGGLED] = g_signal_new ("cluster-toggled", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "graph.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "graph.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "graph.fit", NULL, fit_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "graph.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "graph.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "graph.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "graph.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "graph.zoom-out",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "graph.fit", NULL);
}

static void
bs_graph_view_init (BsGraphView *self)
{
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->zoom = 1;
  self->selected = -1;
  self->highlighted = g_array_new (FALSE, FALSE, sizeof (int));
  self->flashed = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  g_signal_connect (motion, "motion", G_CALLBACK (pointer_moved), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (click, "pressed", G_CALLBACK (clicked), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));
}

GtkWidget *
bs_graph_view_new (void)
{
  return g_object_new (BS_TYPE_GRAPH_VIEW, NULL);
}
