/* bs-graph-stage.c: the window's graph area: the canvas, or why there is no graph */
#define G_LOG_DOMAIN "bs-app"

#include <adwaita.h>

#include "bs-grad-flow-legend.h"
#include "bs-graph-stage.h"
#include "bs-layout.h"
#include "bs-trace-nav.h"

#define MAX_GRAPH_BOXES   5000  /* Graphviz takes seconds beyond this, and minutes soon after */
#define FOLLOW_MIN_ZOOM   0.8   /* below this, labels are too small to read on a projector */
#define FRAME_MIN_ZOOM    0.6   /* a whole graph is worth a smaller type, not below this */

struct _BsGraphStage {
  GtkWidget          parent_instance;

  /* Owned */
  BsTrace           *trace;
  BsLayout          *layout;
  BsRenderer        *renderer;
  GCancellable      *layout_cancellable;
  BsSceneCache      *scenes;          /* the scene of each step, for the current view */
  BsScene           *laying_out;      /* Borrowed from scenes: the scene in Graphviz now */
  gboolean           in_frame;        /* the scene shown is one of scenes' */
  GArray            *collapsed;       /* guint32 scopes collapsed into one box */
  BsSceneView        view;
  gboolean           failed;          /* an error stopped the run */
  gboolean           presenting;
  guint64            step;
  guint32            open_iteration;  /* whole view: the loop iteration not collapsed */
  guint32            reselect;        /* a tensor to select again once its new scene shows */
  BsRunCompare      *change;          /* live mode: the run shown before, until the new
                                       * one's boxes whose numbers changed are lit */
  BsRunCompare      *compare;         /* Compare mode: the pinned run, or NULL */

  /* Borrowed: the children */
  GtkStack          *stack;
  AdwStatusPage     *empty_page;
  BsGraphView       *graph_view;
  GtkWidget         *grad_flow_legend;
};

G_DEFINE_FINAL_TYPE (BsGraphStage, bs_graph_stage, GTK_TYPE_WIDGET)

enum {
  LAID_OUT,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* For `backstep.sh bench ui`: the time from start to the first frame with a graph. */
static void
quit_after_paint (GdkFrameClock *clock,
                  BsGraphStage  *self)
{
  g_signal_handlers_disconnect_by_func (clock, quit_after_paint, self);
  g_application_quit (g_application_get_default ());
}

static void
quit_after_next_frame (BsGraphStage *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->graph_view));

  if (clock == NULL || g_application_get_default () == NULL)
    return;
  g_signal_connect (clock, "after-paint", G_CALLBACK (quit_after_paint), self);
  gtk_widget_queue_draw (GTK_WIDGET (self->graph_view));
}

/* The graph area without a graph: why, and what to do. */
static void
show_empty (BsGraphStage *self,
            const char   *title,
            const char   *description)
{
  adw_status_page_set_title (self->empty_page, title);
  adw_status_page_set_description (self->empty_page, description);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

/* A layout in flight: the scene it positions and whether to fit it into view. */
typedef struct {
  BsGraphStage *stage;
  BsScene      *scene;
  BsSceneCache *scenes;   /* the cache the scene is from */
  gboolean      fit;
} LayoutRequest;

static void
layout_request_free (LayoutRequest *request)
{
  g_object_unref (request->stage);
  bs_scene_unref (request->scene);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LayoutRequest, layout_request_free)

static void show_scene (BsGraphStage *self, gboolean fit);

static void
layout_finished (GObject      *source,
                 GAsyncResult *async_result,
                 gpointer      user_data)
{
  g_autoptr(LayoutRequest) request = user_data;
  g_autoptr(GError) error = NULL;
  BsGraphStage *self = request->stage;

  if (!bs_layout_run_finish (self->layout, async_result, &error))
    {
      if (!g_error_matches (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED))
        g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return;
    }
  g_clear_object (&self->layout_cancellable);
  if (request->scenes != self->scenes)
    return;
  bs_scene_cache_laid_out (self->scenes, request->scene);
  show_scene (self, request->fit);
  g_signal_emit (self, signals[LAID_OUT], 0);
  if (g_getenv ("BACKSTEP_QUIT_AFTER_FIRST_GRAPH") != NULL)
    quit_after_next_frame (self);
}

static void
show_too_large (BsGraphStage *self,
                guint         n_boxes)
{
  g_autofree char *description =
    g_strdup_printf ("This run made %u tensors; Backstep draws graphs of up to %u boxes. "
                     "Stepping, the output and the loss curve still work. Make the loop "
                     "shorter to see its graph.", n_boxes, MAX_GRAPH_BOXES);

  bs_graph_view_set_scene (self->graph_view, NULL, FALSE);
  show_empty (self, "Graph Too Large to Draw", description);
}

static void
show_laid_out (BsGraphStage *self,
               BsScene      *scene,
               gboolean      fit)
{
  BsScene *shown = bs_graph_view_get_scene (self->graph_view);
  double old_width = 0, old_height = 0, width, height;
  gboolean same_size;

  if (shown != NULL)
    bs_scene_get_size (shown, &old_width, &old_height);
  bs_scene_get_size (scene, &width, &height);
  same_size = shown != NULL && width == old_width && height == old_height
              && bs_scene_get_n_nodes (scene) == bs_scene_get_n_nodes (shown);
  /* A graph of the same shape (the next iteration's) fades in where the last one was;
   * one of another shape glides in, the boxes both show keeping their place. */
  if (self->in_frame && shown != NULL && !same_size)
    bs_graph_view_move_to_scene (self->graph_view, scene);
  else
    bs_graph_view_set_scene (self->graph_view, scene, fit || !same_size);
  self->in_frame = TRUE;
  if (bs_scene_get_n_nodes (scene) > 0)
    gtk_stack_set_visible_child_name (self->stack, "graph");
  else if (self->failed && bs_trace_get_n_tensors (self->trace) == 0)
    show_empty (self, "Stopped Before Any Tensor",
                "The error shown above stopped the script before it made a tensor. "
                "Fix the marked line and run again (F5).");
  else
    show_empty (self, "No Graph Yet",
                "The script holds no tensor that requires grad at this step, so "
                "autograd has no graph to show. Step on, or create one with "
                "requires_grad=True and run again.");
}

/* Shows the scene of the current step: at once when its graph (or one of the same shape)
 * was laid out before, else once Graphviz has laid it out off the main thread. */
static void
show_scene (BsGraphStage *self,
            gboolean      fit)
{
  g_autoptr(BsScene) scene = NULL;
  LayoutRequest *request;

  if (self->scenes == NULL)
    return;
  scene = bs_scene_cache_lookup (self->scenes, self->step);
  if (scene == bs_graph_view_get_scene (self->graph_view))
    return;
  if (bs_scene_get_n_nodes (scene) > MAX_GRAPH_BOXES)
    {
      show_too_large (self, bs_scene_get_n_nodes (scene));
      return;
    }
  if (bs_scene_is_laid_out (scene))
    {
      show_laid_out (self, scene, fit);
      return;
    }
  if (self->laying_out == scene && self->layout_cancellable != NULL)
    return;
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->laying_out = scene;
  request = g_new0 (LayoutRequest, 1);
  request->stage = g_object_ref (self);
  request->fit = TRUE;
  request->scenes = self->scenes;
  request->scene = g_steal_pointer (&scene);
  self->layout_cancellable = g_cancellable_new ();
  bs_layout_run_async (self->layout, request->scene, self->layout_cancellable,
                       layout_finished, request);
}

static void
drop_scenes (BsGraphStage *self)
{
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->laying_out = NULL;
  self->in_frame = FALSE;
  g_clear_pointer (&self->scenes, bs_scene_cache_free);
}

/* The scenes of the view: in the whole view, the loop's passes but the open one
 * collapsed besides the scopes the user collapsed. */
static void
new_scenes (BsGraphStage *self)
{
  g_autoptr(GArray) collapsed = g_array_copy (self->collapsed);

  if (self->view == BS_SCENE_VIEW_WHOLE)
    {
      g_autoptr(GArray) iterations = bs_trace_nav_outer_iterations (self->trace);

      self->open_iteration = bs_trace_nav_outer_iteration (self->trace, self->step);
      for (guint i = 0; i < iterations->len; i++)
        if (g_array_index (iterations, guint32, i) != self->open_iteration)
          g_array_append_val (collapsed, g_array_index (iterations, guint32, i));
    }
  self->scenes = bs_scene_cache_new (self->trace, self->renderer, self->view,
                                     (const guint32 *) (gpointer) collapsed->data,
                                     collapsed->len);
}

/* Starts again from the trace: new scenes (after a run, a change of palette, a scope
 * collapsed or expanded), the current step's shown as soon as it is laid out. */
static void
start_layout (BsGraphStage *self,
              gboolean      fit)
{
  drop_scenes (self);
  if (self->trace == NULL || self->renderer == NULL)
    return;
  /* Checked before any work on this thread: an endless loop stopped after a million
   * statements must not freeze the window or tie up the layout thread for hours. */
  if (self->view == BS_SCENE_VIEW_WHOLE
      && bs_trace_get_n_nodes (self->trace) + bs_trace_get_n_tensors (self->trace)
         > 2 * MAX_GRAPH_BOXES)
    {
      show_too_large (self, bs_trace_get_n_tensors (self->trace));
      return;
    }
  new_scenes (self);
  bs_graph_view_set_scene (self->graph_view, NULL, FALSE);
  show_scene (self, fit);
}

/* The whole run with every pass of the loop collapsed into one box but the current
 * one: a new set of scenes when the step moves into another pass (the picture of the
 * old pass stays until the new one is laid out). */
static void
follow_iteration (BsGraphStage *self)
{
  guint32 iteration;
  gboolean in_frame = self->in_frame;

  if (self->view != BS_SCENE_VIEW_WHOLE || self->scenes == NULL)
    return;
  iteration = bs_trace_nav_outer_iteration (self->trace, self->step);
  if (iteration == self->open_iteration)
    return;
  self->open_iteration = iteration;
  drop_scenes (self);
  new_scenes (self);
  /* the scenes of both passes stand in the run's frame: the one shown glides into the
   * next, the parameters still (bs_graph_view_move_to_scene()) */
  self->in_frame = in_frame;
}

void
bs_graph_stage_set_run (BsGraphStage *self,
                        BsTrace      *trace,
                        gboolean      failed,
                        guint64       step)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  drop_scenes (self);
  if (trace != NULL)
    bs_trace_ref (trace);
  g_clear_pointer (&self->trace, bs_trace_unref);
  self->trace = trace;
  self->failed = failed;
  self->step = step;
  self->reselect = 0;
  g_array_set_size (self->collapsed, 0);
  start_layout (self, TRUE);
}

void
bs_graph_stage_replace_run (BsGraphStage *self,
                            BsTrace      *trace,
                            gboolean      failed,
                            guint64       step,
                            BsRunCompare *change)
{
  g_autoptr(BsRunCompare) owned = change;
  BsSceneCache *old_scenes;
  BsScene *scene;
  int selected;

  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  g_return_if_fail (trace != NULL);
  g_return_if_fail (change == NULL || bs_run_compare_get_now (change) == trace);
  scene = bs_graph_view_get_scene (self->graph_view);
  selected = bs_graph_view_get_selected (self->graph_view);
  /* the selected tensor is the same tensor in the new run, if it has it */
  self->reselect = 0;
  if (scene != NULL && selected >= 0)
    {
      guint32 tensor = bs_scene_get_node (scene, (guint) selected)->tensor;

      self->reselect = change != NULL && bs_scene_get_trace (scene) == bs_run_compare_get_before (
                                                                          change)
                       ? bs_run_match_tensor (bs_run_compare_get_match (change), tensor)
                       : tensor;
    }
  old_scenes = g_steal_pointer (&self->scenes);
  drop_scenes (self);
  bs_trace_ref (trace);
  g_clear_pointer (&self->trace, bs_trace_unref);
  self->trace = trace;
  self->failed = failed;
  self->step = step;
  g_clear_pointer (&self->change, bs_run_compare_free);
  self->change = g_steal_pointer (&owned);
  if (self->renderer == NULL || self->view == BS_SCENE_VIEW_WHOLE || old_scenes == NULL)
    {
      g_clear_pointer (&old_scenes, bs_scene_cache_free);
      start_layout (self, FALSE);
      return;
    }
  /* A graph of the shape shown takes its layout: no Graphviz, and the last picture
   * stays until the new one is drawn over it. */
  new_scenes (self);
  bs_scene_cache_adopt_layouts (self->scenes, old_scenes);
  bs_scene_cache_free (old_scenes);
  show_scene (self, FALSE);
}

void
bs_graph_stage_set_step (BsGraphStage *self,
                         guint64       step)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  self->step = step;
  follow_iteration (self);
  show_scene (self, FALSE);
}

gboolean
bs_graph_stage_show_state (BsGraphStage *self,
                           BsTraceState *state,
                           gboolean      animate)
{
  g_autoptr(BsTraceState) owned = state;
  BsScene *scene;

  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), FALSE);
  scene = bs_graph_view_get_scene (self->graph_view);
  if (scene == NULL || self->trace == NULL || bs_scene_get_trace (scene) != self->trace)
    return FALSE;
  /* an edit's new numbers fade in over the old ones */
  bs_graph_view_set_state (self->graph_view, g_steal_pointer (&owned),
                           animate || self->change != NULL);
  if (self->change != NULL)
    {
      g_autoptr(GArray) changed = bs_run_compare_changed (self->change, scene,
                                                          bs_graph_view_get_state (
                                                            self->graph_view));

      bs_graph_view_flash (self->graph_view, (const int *) (gpointer) changed->data,
                           changed->len);
      g_clear_pointer (&self->change, bs_run_compare_free);
    }
  else
    bs_graph_view_follow_step (self->graph_view, FOLLOW_MIN_ZOOM, FRAME_MIN_ZOOM);
  if (self->reselect != 0)
    {
      bs_graph_view_set_selected (self->graph_view,
                                  bs_scene_find_tensor (scene, self->reselect,
                                                        bs_graph_view_get_state (
                                                          self->graph_view)));
      self->reselect = 0;
    }
  return TRUE;
}

gboolean
bs_graph_stage_is_ready (BsGraphStage *self)
{
  BsScene *scene;

  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), FALSE);
  scene = bs_graph_view_get_scene (self->graph_view);
  return self->layout_cancellable == NULL && self->trace != NULL && scene != NULL
    && bs_scene_get_trace (scene) == self->trace;
}

static BsPaletteKind
palette_kind (BsGraphStage *self)
{
  if (self->presenting)
    return BS_PALETTE_PROJECTOR;
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) ? BS_PALETTE_DARK
                                                                       : BS_PALETTE_LIGHT;
}

/* A new palette may change the type size: measure and lay out again. */
static void
update_renderer (BsGraphStage *self)
{
  const BsPalette *palette = bs_palette_get (palette_kind (self));
  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  int selected = bs_graph_view_get_selected (self->graph_view);
  gboolean grad_flow, hide, hide_sums;

  if (self->renderer != NULL && bs_renderer_get_palette (self->renderer) == palette)
    return;
  /* Presentation mode on or off keeps the box selected. */
  if (scene != NULL && selected >= 0)
    self->reselect = bs_scene_get_node (scene, (guint) selected)->tensor;
  grad_flow = self->renderer != NULL && bs_renderer_get_grad_flow (self->renderer);
  hide = self->renderer != NULL && bs_renderer_get_hide_edge_values (self->renderer);
  hide_sums = self->renderer != NULL && bs_renderer_get_hide_sums (self->renderer);
  bs_graph_view_set_renderer (self->graph_view, NULL);
  /* The scenes were measured by the old renderer, which they borrow. */
  drop_scenes (self);
  g_clear_pointer (&self->renderer, bs_renderer_free);
  self->renderer = bs_renderer_new (palette);
  bs_renderer_set_grad_flow (self->renderer, grad_flow);
  bs_renderer_set_grad_flow_scale (self->renderer, bs_grad_flow_legend_get_scale (
                                                     BS_GRAD_FLOW_LEGEND (self->grad_flow_legend)));
  bs_renderer_set_hide_edge_values (self->renderer, hide);
  bs_renderer_set_hide_sums (self->renderer, hide_sums);
  bs_renderer_set_compare (self->renderer, self->compare);
  bs_grad_flow_legend_set_palette (BS_GRAD_FLOW_LEGEND (self->grad_flow_legend), palette);
  bs_graph_view_set_renderer (self->graph_view, self->renderer);
  start_layout (self, TRUE);
}

void
bs_graph_stage_set_presenting (BsGraphStage *self,
                               gboolean      presenting)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  self->presenting = presenting;
  update_renderer (self);
}

const BsPalette *
bs_graph_stage_get_palette (BsGraphStage *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), NULL);
  return bs_renderer_get_palette (self->renderer);
}

void
bs_graph_stage_set_grad_flow (BsGraphStage *self,
                              gboolean      grad_flow)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  bs_renderer_set_grad_flow (self->renderer, grad_flow);
  bs_graph_view_set_renderer (self->graph_view, self->renderer);
  gtk_widget_set_visible (self->grad_flow_legend, grad_flow);
}

static void
grad_flow_scale_changed (BsGraphStage *self)
{
  bs_renderer_set_grad_flow_scale (self->renderer, bs_grad_flow_legend_get_scale (
                                                     BS_GRAD_FLOW_LEGEND (self->grad_flow_legend)));
  bs_graph_view_set_renderer (self->graph_view, self->renderer);
}

gboolean
bs_graph_stage_get_grad_flow (BsGraphStage    *self,
                              BsGradFlowScale *scale)
{
  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), FALSE);
  g_return_val_if_fail (scale != NULL, FALSE);
  *scale = bs_renderer_get_grad_flow_scale (self->renderer);
  return bs_renderer_get_grad_flow (self->renderer);
}

void
bs_graph_stage_configure_renderer (BsGraphStage *self,
                                   BsRenderer   *renderer)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  g_return_if_fail (renderer != NULL);
  bs_renderer_set_grad_flow (renderer, bs_renderer_get_grad_flow (self->renderer));
  bs_renderer_set_grad_flow_scale (renderer, bs_renderer_get_grad_flow_scale (self->renderer));
  bs_renderer_set_compare (renderer, self->compare);
  bs_renderer_set_hide_edge_values (renderer, bs_renderer_get_hide_edge_values (self->renderer));
  bs_renderer_set_hide_sums (renderer, bs_renderer_get_hide_sums (self->renderer));
}

void
bs_graph_stage_set_compare (BsGraphStage *self,
                            BsRunCompare *compare)
{
  gboolean toggled;

  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  toggled = (compare == NULL) != (self->compare == NULL);
  bs_renderer_set_compare (self->renderer, compare);
  g_clear_pointer (&self->compare, bs_run_compare_free);
  self->compare = compare;
  /* the boxes say more, or less: measured and laid out again */
  if (toggled)
    start_layout (self, FALSE);
}

BsRunCompare *
bs_graph_stage_get_compare (BsGraphStage *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), NULL);
  return self->compare;
}

void
bs_graph_stage_set_hide_edge_values (BsGraphStage *self,
                                     gboolean      hide)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  if (bs_renderer_get_hide_edge_values (self->renderer) == hide)
    return;
  bs_renderer_set_hide_edge_values (self->renderer, hide);
  gtk_widget_queue_draw (GTK_WIDGET (self->graph_view));
}

void
bs_graph_stage_set_hide_sums (BsGraphStage *self,
                              gboolean      hide)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  if (bs_renderer_get_hide_sums (self->renderer) == hide)
    return;
  bs_renderer_set_hide_sums (self->renderer, hide);
  gtk_widget_queue_draw (GTK_WIDGET (self->graph_view));
}

void
bs_graph_stage_set_view (BsGraphStage *self,
                         BsSceneView   view)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  if (view == self->view)
    return;
  self->view = view;
  start_layout (self, TRUE);
}

BsSceneView
bs_graph_stage_get_view_kind (BsGraphStage *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), BS_SCENE_VIEW_LIVE);
  return self->view;
}

void
bs_graph_stage_collapse_all (BsGraphStage *self,
                             gboolean      collapse)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  g_array_set_size (self->collapsed, 0);
  if (collapse && self->trace != NULL)
    {
      g_autoptr(GArray) outer = bs_trace_nav_outer_scopes (self->trace,
                                                           BS_TRACE_SCOPE_MODULE_CALL);

      g_array_append_vals (self->collapsed, outer->data, outer->len);
    }
  start_layout (self, TRUE);
}

void
bs_graph_stage_get_span (BsGraphStage *self,
                         guint64       step,
                         guint64      *first,
                         guint64      *last)
{
  g_return_if_fail (BS_IS_GRAPH_STAGE (self));
  *first = *last = 0;
  if (self->scenes != NULL)
    bs_scene_cache_get_span (self->scenes, step, first, last);
}

BsGraphView *
bs_graph_stage_get_view (BsGraphStage *self)
{
  g_return_val_if_fail (BS_IS_GRAPH_STAGE (self), NULL);
  return self->graph_view;
}

static void
cluster_toggled (BsGraphStage *self,
                 guint         scope)
{
  for (guint i = 0; i < self->collapsed->len; i++)
    if (g_array_index (self->collapsed, guint32, i) == scope)
      {
        g_array_remove_index (self->collapsed, i);
        start_layout (self, FALSE);
        return;
      }
  g_array_append_val (self->collapsed, scope);
  start_layout (self, FALSE);
}

static void
bs_graph_stage_dispose (GObject *object)
{
  BsGraphStage *self = BS_GRAPH_STAGE (object);
  GtkWidget *child;

  drop_scenes (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (bs_graph_stage_parent_class)->dispose (object);
}

static void
bs_graph_stage_finalize (GObject *object)
{
  BsGraphStage *self = BS_GRAPH_STAGE (object);

  g_clear_pointer (&self->trace, bs_trace_unref);
  g_clear_pointer (&self->layout, bs_layout_free);
  g_clear_pointer (&self->renderer, bs_renderer_free);
  g_clear_pointer (&self->change, bs_run_compare_free);
  g_clear_pointer (&self->compare, bs_run_compare_free);
  g_array_unref (self->collapsed);
  G_OBJECT_CLASS (bs_graph_stage_parent_class)->finalize (object);
}

static void
bs_graph_stage_class_init (BsGraphStageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_graph_stage_dispose;
  object_class->finalize = bs_graph_stage_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[LAID_OUT] = g_signal_new ("laid-out", G_TYPE_FROM_CLASS (klass),
                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_graph_stage_init (BsGraphStage *self)
{
  GtkWidget *strip = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *empty_page = adw_status_page_new ();

  self->collapsed = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));
  self->empty_page = ADW_STATUS_PAGE (empty_page);
  adw_status_page_set_icon_name (self->empty_page, "media-playback-start-symbolic");
  adw_status_page_set_title (self->empty_page, "Press Run");
  adw_status_page_set_description (self->empty_page,
                                   "F5 runs the script and draws its graph; then step the "
                                   "backward pass with Space or Right.");
  gtk_stack_add_named (self->stack, empty_page, "empty");
  self->graph_view = BS_GRAPH_VIEW (bs_graph_view_new ());
  /* The gradient-flow legend in a strip under the graph: it never covers a box. */
  self->grad_flow_legend = bs_grad_flow_legend_new ();
  gtk_widget_set_margin_start (self->grad_flow_legend, 8);
  gtk_widget_set_margin_top (self->grad_flow_legend, 4);
  gtk_widget_set_visible (self->grad_flow_legend, FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->graph_view), TRUE);
  gtk_box_append (GTK_BOX (strip), GTK_WIDGET (self->graph_view));
  gtk_box_append (GTK_BOX (strip), self->grad_flow_legend);
  gtk_stack_add_named (self->stack, strip, "graph");
  g_signal_connect_object (self->grad_flow_legend, "notify::scale",
                           G_CALLBACK (grad_flow_scale_changed), self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (self->stack, "empty");
  g_signal_connect_object (self->graph_view, "cluster-toggled", G_CALLBACK (cluster_toggled),
                           self, G_CONNECT_SWAPPED);
  self->layout = bs_layout_new ();
  update_renderer (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_renderer), self, G_CONNECT_SWAPPED);
}

GtkWidget *
bs_graph_stage_new (void)
{
  return g_object_new (BS_TYPE_GRAPH_STAGE, NULL);
}
