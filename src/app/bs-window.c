/* bs-window.c: the stepping debugger's main window */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include "bs-document.h"
#include "bs-editor.h"
#include "bs-examples.h"
#include "bs-error-help.h"
#include "bs-export-dialog.h"
#include "bs-export-job.h"
#include "bs-grad-flow-legend.h"
#include "bs-graph-view.h"
#include "bs-layout.h"
#include "bs-memory-budget.h"
#include "bs-pane-sizes.h"
#include "bs-replay.h"
#include "bs-scene-cache.h"
#include "bs-script-job.h"
#include "bs-sidebar.h"
#include "bs-step-text.h"
#include "bs-stepper.h"
#include "bs-trace-nav.h"
#include "bs-timeline.h"
#include "bs-window.h"

#define DEFAULT_EXAMPLE   "01-two-paths"
#define MAX_GRAPH_BOXES   5000  /* Graphviz takes seconds beyond this, and minutes soon after */
#define FOLLOW_MIN_ZOOM   0.8   /* below this, labels are too small to read on a projector */

static const guint play_intervals_ms[] = { 1200, 600, 300, 150 };

struct _BsWindow {
  AdwApplicationWindow parent_instance;

  /* Owned */
  BsDocument        *document;
  GCancellable      *run_cancellable;
  GActionGroup      *run_settings;    /* run.memory-budget */
  BsScriptResult    *result;
  char              *ran_source;      /* the text the result comes from */
  BsLayout          *layout;
  BsRenderer        *renderer;
  GCancellable      *layout_cancellable;
  BsSceneCache      *scenes;          /* the scene of each step, for the current view */
  BsScene           *laying_out;      /* Borrowed from scenes: the scene in Graphviz now */
  BsSceneView        view;
  GArray            *collapsed;       /* guint32 scopes collapsed into one box */
  guint32            open_iteration;  /* whole view: the loop iteration not collapsed */
  guint32            reselect;        /* a tensor to select again once its new scene shows */
  BsStepper         *stepper;
  guint              progress_id;
  gboolean           rerun;           /* Run was pressed during a run: run again after it */
  char              *pending_example; /* to load once the user says what to do with edits */
  GFile             *pending_file;
  gint               progress;        /* statements the running script has run */
  gboolean           presenting;

  /* Template widgets */
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
  GtkWidget         *header_bar;
  GtkWidget         *run_button;
  GtkWidget         *stop_button;
  GtkMenuButton     *examples_button;
  GtkToggleButton   *presentation_button;
  GtkPaned          *outer_paned;
  GtkPaned          *inner_paned;
  GtkBox            *timeline_box;
  GtkWidget         *editor_scroller;
  BsEditor          *editor;
  GtkRevealer       *error_revealer;
  GtkLabel          *error_message;
  GtkLabel          *error_explanation;
  GtkStack          *graph_stack;
  AdwStatusPage     *empty_page;
  GtkLabel          *step_text;
  GtkLabel          *step_label;
  GtkSpinButton     *step_spin;
  GtkAdjustment     *step_adjustment;
  GtkToggleButton   *play_button;
  GtkDropDown       *speed_dropdown;
  BsSidebar         *sidebar;

  /* Borrowed: pieces built in code */
  BsGraphView       *graph_view;
  GtkWidget         *grad_flow_legend;
  BsTimeline        *timeline;
};

G_DEFINE_FINAL_TYPE (BsWindow, bs_window, ADW_TYPE_APPLICATION_WINDOW)

static void show_step       (BsWindow *self, guint64 step);
static void step_changed    (BsWindow *self, guint64 previous);
static void update_renderer (BsWindow *self);

static guint64
current_step (BsWindow *self)
{
  return bs_stepper_get_step (self->stepper);
}

static guint64
n_steps (BsWindow *self)
{
  return bs_stepper_get_n_steps (self->stepper);
}

static void
update_title (BsWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  name = bs_document_get_title (self->document);
  title = g_strdup_printf ("%s%s", bs_editor_is_modified (self->editor) ? "• " : "", name);
  adw_window_title_set_subtitle (self->window_title, title);
}

static void
modified_changed (BsWindow *self)
{
  update_title (self);
}

static void
toast (BsWindow   *self,
       const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* --- running ------------------------------------------------------------------------ */

static gboolean
show_progress (gpointer user_data)
{
  BsWindow *self = user_data;
  g_autofree char *text = g_strdup_printf ("Running: %d statements so far. Escape stops "
                                           "the script; the graph then shows what it built.",
                                           g_atomic_int_get (&self->progress));

  gtk_label_set_text (self->step_text, text);
  return G_SOURCE_CONTINUE;
}

static void
set_running (BsWindow *self,
             gboolean  running)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (running)
    self->progress_id = g_timeout_add (250, show_progress, self);
  gtk_widget_set_visible (self->stop_button, running);
  gtk_widget_set_sensitive (self->run_button, !running);
}

/* Where a fresh run starts: the graph complete, just before the first backward call. */
static guint64
first_backward_step (BsTrace *trace)
{
  gint64 index = bs_trace_find_backward (trace, 1);
  guint64 n_steps = bs_trace_get_n_steps (trace);

  if (index < 0)
    return n_steps > 0 ? n_steps - 1 : 0;
  return MAX (bs_trace_get_event (trace, index)->step, 1) - 1;
}

/* For `backstep.sh bench ui`: the time from start to the first frame with a graph. */
static void
quit_after_paint (GdkFrameClock *clock,
                  BsWindow      *self)
{
  g_signal_handlers_disconnect_by_func (clock, quit_after_paint, self);
  g_application_quit (g_application_get_default ());
}

static void
quit_after_next_frame (BsWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->graph_view));

  if (clock == NULL || g_application_get_default () == NULL)
    return;
  g_signal_connect (clock, "after-paint", G_CALLBACK (quit_after_paint), self);
  gtk_widget_queue_draw (GTK_WIDGET (self->graph_view));
}

/* The graph area without a graph: why, and what to do. */
static void
show_empty (BsWindow   *self,
            const char *title,
            const char *description)
{
  adw_status_page_set_title (self->empty_page, title);
  adw_status_page_set_description (self->empty_page, description);
  gtk_stack_set_visible_child_name (self->graph_stack, "empty");
}

/* A layout in flight: the scene it positions and whether to fit it into view. */
typedef struct {
  BsWindow     *window;
  BsScene      *scene;
  BsSceneCache *scenes;   /* the cache the scene is from */
  gboolean      fit;
} LayoutRequest;

static void
layout_request_free (LayoutRequest *request)
{
  g_object_unref (request->window);
  bs_scene_unref (request->scene);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LayoutRequest, layout_request_free)

static void show_scene (BsWindow *self, gboolean fit);

static void
layout_finished (GObject      *source,
                 GAsyncResult *async_result,
                 gpointer      user_data)
{
  g_autoptr(LayoutRequest) request = user_data;
  g_autoptr(GError) error = NULL;
  BsWindow *self = request->window;

  if (!bs_layout_run_finish (self->layout, async_result, &error))
    {
      if (!g_error_matches (error, BS_LAYOUT_ERROR, BS_LAYOUT_ERROR_CANCELLED))
        toast (self, error->message);
      return;
    }
  g_clear_object (&self->layout_cancellable);
  if (request->scenes != self->scenes)
    return;
  bs_scene_cache_laid_out (self->scenes, request->scene);
  show_scene (self, request->fit);
  show_step (self, current_step (self));
  if (g_getenv ("BACKSTEP_QUIT_AFTER_FIRST_GRAPH") != NULL)
    quit_after_next_frame (self);
}

static void
show_too_large (BsWindow *self,
                guint     n_boxes)
{
  g_autofree char *description =
    g_strdup_printf ("This run made %u tensors; Backstep draws graphs of up to %u boxes. "
                     "Stepping, the output and the loss curve still work. Make the loop "
                     "shorter to see its graph.", n_boxes, MAX_GRAPH_BOXES);

  bs_graph_view_set_scene (self->graph_view, NULL, FALSE);
  show_empty (self, "Graph Too Large to Draw", description);
}

/* Shows the scene of the current step: at once when its graph (or one of the same shape)
 * was laid out before, else once Graphviz has laid it out off the main thread. */
static void
show_scene (BsWindow *self,
            gboolean  fit)
{
  g_autoptr(BsScene) scene = NULL;
  BsScene *shown = bs_graph_view_get_scene (self->graph_view);
  LayoutRequest *request;

  if (self->scenes == NULL)
    return;
  scene = bs_scene_cache_lookup (self->scenes, current_step (self));
  if (scene == shown)
    return;
  if (bs_scene_get_n_nodes (scene) > MAX_GRAPH_BOXES)
    {
      show_too_large (self, bs_scene_get_n_nodes (scene));
      return;
    }
  if (bs_scene_is_laid_out (scene))
    {
      double old_width = 0, old_height = 0, width, height;

      /* A graph of the same size (the next iteration's) keeps the camera where it is. */
      if (shown != NULL)
        bs_scene_get_size (shown, &old_width, &old_height);
      bs_scene_get_size (scene, &width, &height);
      bs_graph_view_set_scene (self->graph_view, scene,
                               fit || width != old_width || height != old_height);
      if (bs_scene_get_n_nodes (scene) > 0)
        gtk_stack_set_visible_child_name (self->graph_stack, "graph");
      else if (self->result->error != NULL
               && bs_trace_get_n_tensors (self->result->trace) == 0)
        show_empty (self, "Stopped Before Any Tensor",
                    "The error shown above stopped the script before it made a tensor. "
                    "Fix the marked line and run again (F5).");
      else
        show_empty (self, "No Graph Yet",
                    "The script holds no tensor that requires grad at this step, so "
                    "autograd has no graph to show. Step on, or create one with "
                    "requires_grad=True and run again.");
      return;
    }
  if (self->laying_out == scene && self->layout_cancellable != NULL)
    return;
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->laying_out = scene;
  request = g_new0 (LayoutRequest, 1);
  request->window = g_object_ref (self);
  request->fit = TRUE;
  request->scenes = self->scenes;
  request->scene = g_steal_pointer (&scene);
  self->layout_cancellable = g_cancellable_new ();
  bs_layout_run_async (self->layout, request->scene, self->layout_cancellable,
                       layout_finished, request);
}

/* The scenes of the view: in the whole view, the loop's passes but the open one
 * collapsed besides the scopes the user collapsed. */
static void
new_scenes (BsWindow *self)
{
  BsTrace *trace = self->result->trace;
  g_autoptr(GArray) collapsed = g_array_copy (self->collapsed);

  if (self->view == BS_SCENE_VIEW_WHOLE)
    {
      g_autoptr(GArray) iterations = bs_trace_nav_outer_iterations (trace);

      self->open_iteration = bs_trace_nav_outer_iteration (trace, current_step (self));
      for (guint i = 0; i < iterations->len; i++)
        if (g_array_index (iterations, guint32, i) != self->open_iteration)
          g_array_append_val (collapsed, g_array_index (iterations, guint32, i));
    }
  self->scenes = bs_scene_cache_new (trace, self->renderer, self->view,
                                     (const guint32 *) (gpointer) collapsed->data,
                                     collapsed->len);
}

/* Starts again from the trace: new scenes (after a run, a change of palette, a scope
 * collapsed or expanded), the current step's shown as soon as it is laid out. */
static void
start_layout (BsWindow *self,
              gboolean  fit)
{
  BsTrace *trace;

  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->laying_out = NULL;
  g_clear_pointer (&self->scenes, bs_scene_cache_free);
  if (self->result == NULL)
    return;
  trace = self->result->trace;
  /* Checked before any work on this thread: an endless loop stopped after a million
   * statements must not freeze the window or tie up the layout thread for hours. */
  if (self->view == BS_SCENE_VIEW_WHOLE
      && bs_trace_get_n_nodes (trace) + bs_trace_get_n_tensors (trace) > 2 * MAX_GRAPH_BOXES)
    {
      show_too_large (self, bs_trace_get_n_tensors (trace));
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
follow_iteration (BsWindow *self)
{
  guint32 iteration;

  if (self->view != BS_SCENE_VIEW_WHOLE || self->scenes == NULL)
    return;
  iteration = bs_trace_nav_outer_iteration (self->result->trace, current_step (self));
  if (iteration == self->open_iteration)
    return;
  self->open_iteration = iteration;
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->laying_out = NULL;
  g_clear_pointer (&self->scenes, bs_scene_cache_free);
  new_scenes (self);
}

static void
run_finished (GObject      *source,
              GAsyncResult *async_result,
              gpointer      user_data)
{
  g_autoptr(BsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  BsScriptResult *result = bs_script_job_run_finish (async_result, &error);

  g_clear_object (&self->run_cancellable);
  set_running (self, FALSE);
  if (self->rerun)
    {
      self->rerun = FALSE;
      g_clear_pointer (&result, bs_script_result_free);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
      return;
    }
  if (result == NULL)
    {
      toast (self, error->message);
      return;
    }
  g_clear_pointer (&self->result, bs_script_result_free);
  self->result = result;
  self->reselect = 0;
  if (result->error != NULL && g_error_matches (result->error, BS_INTERP_ERROR,
                                                BS_INTERP_ERROR_CANCELLED))
    toast (self, "Stopped: the graph shows what the script built until then");
  else if (result->error != NULL && g_error_matches (result->error, BS_INTERP_ERROR,
                                                     BS_INTERP_ERROR_LIMIT)
           && strstr (result->error->message, "step budget") != NULL)
    toast (self, "Stopped at the step budget: End shows where; everything before it can "
                 "be stepped");

  /* Every run starts where the README says: before the first backward call, or at the
   * error that stopped the script; not at the step the previous script was left at.
   * Shown once the new run's scenes are there. */
  g_signal_handlers_block_by_func (self->stepper, step_changed, self);
  bs_stepper_set_trace (self->stepper, result->trace, first_backward_step (result->trace));
  g_signal_handlers_unblock_by_func (self->stepper, step_changed, self);
  bs_timeline_set_trace (self->timeline, result->trace);
  bs_sidebar_set_run (self->sidebar, result->trace, result->output, result->error != NULL);
  g_array_set_size (self->collapsed, 0);
  start_layout (self, TRUE);
  show_step (self, current_step (self));
}

static void
run_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  g_autofree char *name = NULL;

  if (self->run_cancellable != NULL)
    {
      /* The text changed under the running script: stop it and run the new text. */
      self->rerun = TRUE;
      g_cancellable_cancel (self->run_cancellable);
      return;
    }
  /* The last run's error is not this one's. */
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  g_free (self->ran_source);
  self->ran_source = bs_editor_get_text (self->editor);
  if (bs_document_get_file (self->document) != NULL)
    name = g_file_get_basename (bs_document_get_file (self->document));
  self->run_cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  g_atomic_int_set (&self->progress, 0);
  bs_script_job_run_async (self->ran_source, name != NULL ? name : "<editor>",
                           bs_memory_budget_get (self->run_settings), &self->progress,
                           self->run_cancellable, run_finished, g_object_ref (self));
}

static void
stop_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  else if (self->presenting)
    gtk_widget_activate_action (widget, "win.presentation", NULL);
}

/* --- stepping ------------------------------------------------------------------------ */

static void
show_error (BsWindow           *self,
            const BsTraceState *state)
{
  const BsTraceEvent *error = bs_trace_state_get_error (state);

  const BsErrorHelp *help;
  g_autofree char *explanation = NULL;
  const char *message;

  gtk_revealer_set_reveal_child (self->error_revealer, error != NULL);
  if (error == NULL)
    return;
  message = bs_trace_get_string (self->result->trace, error->text);
  help = bs_error_help_lookup (message);
  /* An error found before any statement ran (a SyntaxError) says its line here. */
  if (error->aux == 0 && self->result->error_span.line > 0)
    {
      g_autofree char *located = g_strdup_printf ("Line %d: %s", self->result->error_span.line,
                                                  message);

      gtk_label_set_text (self->error_message, located);
    }
  else
    gtk_label_set_text (self->error_message, message);
  explanation = g_markup_printf_escaped ("<b>%s.</b> %s\n<b>Fix:</b> %s",
                                 help->title, help->explanation, help->fix);
  gtk_label_set_markup (self->error_explanation, explanation);
}

static void
update_panels (BsWindow *self)
{
  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  const BsTraceState *state = bs_graph_view_get_state (self->graph_view);
  int selected = bs_graph_view_get_selected (self->graph_view);

  bs_sidebar_show_selection (self->sidebar, scene, state, selected);
}

static void
step_spin_changed (GtkAdjustment *adjustment,
                   BsWindow      *self)
{
  show_step (self, (guint64) gtk_adjustment_get_value (adjustment));
}

/* Shows the stepper's step; a step next to the previous one animates. */
static void
step_changed (BsWindow *self,
              guint64   previous)
{
  g_autoptr(BsTraceState) state = NULL;
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  const BsTraceSpan *span;
  const BsTraceEvent *step_event;
  guint64 total = n_steps (self);
  guint64 step = current_step (self);
  gboolean animate;

  bs_editor_clear_marks (self->editor);
  if (total == 0 || self->result == NULL)
    {
      gtk_label_set_text (self->step_text, "");
      gtk_label_set_text (self->step_label, "");
      return;
    }
  animate = step == previous + 1 || step + 1 == previous;
  follow_iteration (self);
  show_scene (self, FALSE);
  state = bs_replay_state_at (self->result->trace, step);
  bs_timeline_set_step (self->timeline, step);
  bs_sidebar_set_step (self->sidebar, state);
  step_event = bs_trace_state_get_step_event (state);
  span = bs_trace_state_get_span (state);
  if (step_event != NULL && step_event->type == BS_TRACE_EVENT_ERROR && span != NULL)
    text = g_strdup_printf ("Line %d raises the error shown above.", span->line);
  else
    text = bs_step_text_describe (self->result->trace, state);
  gtk_label_set_text (self->step_text, text);
  label = g_strdup_printf ("/ %" G_GUINT64_FORMAT, total - 1);
  gtk_label_set_text (self->step_label, label);
  g_signal_handlers_block_by_func (self->step_adjustment, step_spin_changed, self);
  gtk_adjustment_configure (self->step_adjustment, step, 0, total - 1, 1, 10, 0);
  g_signal_handlers_unblock_by_func (self->step_adjustment, step_spin_changed, self);
  if (span != NULL)
    bs_editor_mark_line (self->editor, span->line);
  show_error (self, state);
  if (self->result->error != NULL && self->result->error_span.line > 0 && step == total - 1)
    {
      const BsSourceSpan *e = &self->result->error_span;

      bs_editor_mark_error (self->editor, e->line, e->col, e->end_line, e->end_col,
                            self->result->error_text);
    }
  if (bs_graph_view_get_scene (self->graph_view) != NULL
      && bs_scene_get_trace (bs_graph_view_get_scene (self->graph_view)) == self->result->trace)
    {
      bs_graph_view_set_state (self->graph_view, g_steal_pointer (&state), animate);
      bs_graph_view_follow_step (self->graph_view, FOLLOW_MIN_ZOOM);
      if (self->reselect != 0)
        {
          bs_graph_view_set_selected (self->graph_view,
                                      bs_scene_find_tensor (bs_graph_view_get_scene (
                                                              self->graph_view),
                                                            self->reselect,
                                                            bs_graph_view_get_state (
                                                              self->graph_view)));
          self->reselect = 0;
        }
      update_panels (self);
    }
}

static void
show_step (BsWindow *self,
           guint64   step)
{
  bs_stepper_go (self->stepper, step);
}

/* The stepping actions and their keys (besides Space for the next step). */
static const struct {
  const char      *action;
  BsStepMove       move;
  int              direction;
  guint            key;
  GdkModifierType  modifiers;
} moves[] = {
  { "win.step-next", BS_STEP_MOVE_STEP, 1, GDK_KEY_Right, 0 },
  { "win.step-previous", BS_STEP_MOVE_STEP, -1, GDK_KEY_Left, 0 },
  { "win.step-first", BS_STEP_MOVE_END, -1, GDK_KEY_Home, 0 },
  { "win.step-last", BS_STEP_MOVE_END, 1, GDK_KEY_End, 0 },
  { "win.statement-next", BS_STEP_MOVE_STATEMENT, 1, GDK_KEY_Right, GDK_CONTROL_MASK },
  { "win.statement-previous", BS_STEP_MOVE_STATEMENT, -1, GDK_KEY_Left, GDK_CONTROL_MASK },
  { "win.iteration-next", BS_STEP_MOVE_ITERATION, 1, GDK_KEY_Right, GDK_ALT_MASK },
  { "win.iteration-previous", BS_STEP_MOVE_ITERATION, -1, GDK_KEY_Left, GDK_ALT_MASK },
  { "win.backward-next", BS_STEP_MOVE_BACKWARD, 1, GDK_KEY_Down, GDK_ALT_MASK },
  { "win.backward-previous", BS_STEP_MOVE_BACKWARD, -1, GDK_KEY_Up, GDK_ALT_MASK },
  { "win.optimizer-next", BS_STEP_MOVE_OPTIMIZER, 1, GDK_KEY_Page_Down, GDK_ALT_MASK },
  { "win.optimizer-previous", BS_STEP_MOVE_OPTIMIZER, -1, GDK_KEY_Page_Up, GDK_ALT_MASK },
};

static void
step_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (g_str_equal (action_name, moves[i].action))
      bs_stepper_move (self->stepper, moves[i].move, moves[i].direction);
}

/* Collapse all: every outermost module call becomes one box (a model, a loss); expand
 * all opens every box again. */
static void
collapse_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  g_array_set_size (self->collapsed, 0);
  if (g_str_equal (action_name, "win.collapse-all") && self->result != NULL)
    {
      g_autoptr(GArray) outer = bs_trace_nav_outer_scopes (self->result->trace,
                                                           BS_TRACE_SCOPE_MODULE_CALL);

      g_array_append_vals (self->collapsed, outer->data, outer->len);
    }
  start_layout (self, TRUE);
}

static void
view_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  BsSceneView view;

  if (!bs_scene_view_from_name (g_variant_get_string (parameter, NULL), &view)
      || view == self->view)
    return;
  self->view = view;
  start_layout (self, TRUE);
}

static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  guint speed = gtk_drop_down_get_selected (self->speed_dropdown);

  if (bs_stepper_is_playing (self->stepper))
    bs_stepper_pause (self->stepper);
  else
    bs_stepper_play (self->stepper,
                     play_intervals_ms[MIN (speed, G_N_ELEMENTS (play_intervals_ms) - 1)]);
}

static void
playing_changed (BsWindow *self)
{
  gtk_toggle_button_set_active (self->play_button, bs_stepper_is_playing (self->stepper));
}

/* --- files and examples --------------------------------------------------------------- */

gboolean
bs_window_load_example (BsWindow   *self,
                        const char *name)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  text = bs_examples_read (name);
  if (text == NULL)
    return FALSE;
  bs_document_set_example (self->document, name);
  bs_editor_set_text (self->editor, text);
  update_title (self);
  return TRUE;
}

static gboolean save_to (BsWindow *self, GFile *file);

static void
apply_pending (BsWindow *self)
{
  g_autofree char *example = g_steal_pointer (&self->pending_example);
  g_autoptr(GFile) file = g_steal_pointer (&self->pending_file);

  if (example != NULL)
    {
      bs_window_load_example (self, example);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
    }
  else if (file != NULL)
    bs_window_open_file (self, file);
}

static void
replace_response (AdwMessageDialog *dialog,
                  const char       *response,
                  BsWindow         *self)
{
  if (g_str_equal (response, "discard")
      || (g_str_equal (response, "save")
          && save_to (self, bs_document_get_file (self->document))))
    apply_pending (self);
  g_clear_pointer (&self->pending_example, g_free);
  g_clear_object (&self->pending_file);
}

/* Replaces the editor's text with an example or a file; edited text is never dropped
 * without asking. */
static void
request_replace (BsWindow   *self,
                 const char *example,
                 GFile      *file)
{
  AdwMessageDialog *dialog;

  g_free (self->pending_example);
  self->pending_example = g_strdup (example);
  g_set_object (&self->pending_file, file);
  if (!bs_editor_is_modified (self->editor))
    {
      apply_pending (self);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       "Replace the Edited Script?",
                                                       bs_document_get_file (self->document)
                                                       != NULL
                                                       ? "The script has unsaved changes."
                                                       : "The script has unsaved changes. "
                                                         "Cancel and save it (Ctrl+S) to "
                                                         "keep them."));
  adw_message_dialog_add_responses (dialog, "cancel", "_Cancel", "discard",
                                    "_Discard Changes", NULL);
  if (bs_document_get_file (self->document) != NULL)
    {
      adw_message_dialog_add_response (dialog, "save", "_Save and Continue");
      adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
    }
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (replace_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
example_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  request_replace (BS_WINDOW (widget), g_variant_get_string (parameter, NULL), NULL);
}

void
bs_window_open_file (BsWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (BS_IS_WINDOW (self));
  text = bs_document_open (self->document, file, &error);
  if (text == NULL)
    {
      toast (self, error->message);
      return;
    }
  bs_editor_set_text (self->editor, text);
  update_title (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               gpointer         user_data)
{
  BsWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      request_replace (self, NULL, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static GtkFileFilter *
python_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, "Python scripts and Jupyter notebooks");
  gtk_file_filter_add_pattern (filter, "*.py");
  gtk_file_filter_add_pattern (filter, "*.ipynb");
  return filter;
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new ("Open a Script", GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
  g_autoptr(GtkFileFilter) filter = python_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static gboolean
save_to (BsWindow *self,
         GFile    *file)
{
  g_autofree char *text = bs_editor_get_text (self->editor);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;

  saved = bs_document_save (self->document, file, text, &error);
  if (saved == NULL)
    {
      toast (self, error->message);
      return FALSE;
    }
  if (strcmp (text, saved) != 0)
    bs_editor_set_text (self->editor, saved);
  bs_editor_mark_saved (self->editor);
  update_title (self);
  return TRUE;
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               gpointer         user_data)
{
  BsWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      save_to (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new ("Save the Script", GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
  g_autoptr(GtkFileFilter) filter = python_filter ();
  g_autofree char *stem = bs_document_get_stem (self->document, "script");
  g_autofree char *name = g_strdup_printf ("%s.py", stem);

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (save_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  if (bs_document_get_file (self->document) != NULL)
    save_to (self, bs_document_get_file (self->document));
  else
    save_as_activated (widget, "win.save-as", NULL);
}

static gboolean
file_dropped (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              gpointer       user_data)
{
  if (!G_VALUE_HOLDS (value, G_TYPE_FILE))
    return FALSE;
  request_replace (user_data, NULL, g_value_get_object (value));
  return TRUE;
}

/* --- export -------------------------------------------------------------------------- */

static void
export_finished (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(BsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  GFile *file = NULL;

  if (!bs_export_job_run_finish (result, &file, &error))
    message = g_strdup_printf ("Export failed: %s", error->message);
  else
    {
      g_autofree char *name = g_file_get_parse_name (file);

      message = g_strdup_printf ("Exported to %s", name);
    }
  toast (self, message);
}

static void
export_chosen (BsExportDialog       *dialog,
               const BsExportChoice *choice,
               GFile                *file,
               gpointer              user_data)
{
  BsWindow *self = user_data;
  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  guint64 first, last;

  if (scene == NULL || self->result == NULL)
    return;
  /* The handout of what the view shows now: the steps that show the same graph. */
  bs_scene_cache_get_span (self->scenes, current_step (self), &first, &last);
  /* Slides are light unless the class is watching the projector palette. */
  bs_export_job_run_async (scene, current_step (self), bs_scene_cache_get_view (self->scenes),
                           first, last, choice,
                           self->presenting ? BS_PALETTE_PROJECTOR : BS_PALETTE_LIGHT, file,
                           export_finished, g_object_ref (self));
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  g_autofree char *name = NULL;
  BsExportDialog *dialog;

  if (bs_graph_view_get_scene (self->graph_view) == NULL)
    {
      toast (self, "Run the script first: there is no graph to export yet");
      return;
    }
  name = bs_document_get_stem (self->document, "graph");
  dialog = bs_export_dialog_new (GTK_WINDOW (self), name);
  g_signal_connect_object (dialog, "export-chosen", G_CALLBACK (export_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
copy_image_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  const BsTraceState *state = bs_graph_view_get_state (self->graph_view);
  g_autoptr(BsRenderer) renderer = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (scene == NULL || state == NULL)
    return;
  renderer = bs_renderer_new (bs_renderer_get_palette (self->renderer));
  bs_renderer_set_scale (renderer, 2);
  png = bs_export_to_bytes (renderer, scene, state, BS_EXPORT_PNG, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);
  if (texture == NULL)
    {
      toast (self, error->message);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  toast (self, "Copied the graph as an image");
}

/* --- presentation mode ----------------------------------------------------------------- */

static void
presentation_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  self->presenting = !self->presenting;
  gtk_widget_set_visible (self->editor_scroller, !self->presenting);
  if (self->presenting)
    {
      gtk_widget_add_css_class (widget, "presentation");
      gtk_window_fullscreen (GTK_WINDOW (self));
    }
  else
    {
      gtk_widget_remove_css_class (widget, "presentation");
      gtk_window_unfullscreen (GTK_WINDOW (self));
    }
  gtk_toggle_button_set_active (self->presentation_button, self->presenting);
  update_renderer (self);
}

/* --- closing ------------------------------------------------------------------------- */

static void
close_response (AdwMessageDialog *dialog,
                const char       *response,
                gpointer          user_data)
{
  BsWindow *self = user_data;

  if (g_str_equal (response, "save"))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
      if (bs_editor_is_modified (self->editor))
        return;
    }
  else if (!g_str_equal (response, "discard"))
    return;
  bs_editor_mark_saved (self->editor);
  /* The dialog closes itself after this: it must not outlive its parent's link. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
bs_window_close_request (GtkWindow *window)
{
  BsWindow *self = BS_WINDOW (window);
  AdwMessageDialog *dialog;

  if (!bs_editor_is_modified (self->editor))
    {
      bs_editor_forget_draft (self->editor);
      return GTK_WINDOW_CLASS (bs_window_parent_class)->close_request (window);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (window, "Save Changes?",
                                                       "The script has unsaved changes. "
                                                       "Closing without saving loses them."));
  adw_message_dialog_add_responses (dialog, "cancel", "_Cancel", "discard", "_Discard",
                                    "save", "_Save", NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard",
                                               ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* --- set-up -------------------------------------------------------------------------- */

/* A step number typed and Enter: the arrow keys step again instead of editing it. */
static void
step_spin_activated (BsWindow *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->graph_view));
}

static void
timeline_step_selected (BsWindow *self,
                        guint64   step)
{
  show_step (self, step);
}

/* The selected box's tensor: its creating expression lit in the editor. */
static void
node_selected (BsWindow *self,
               int       index)
{
  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  const BsSceneNode *node;
  const BsTraceTensor *tensor;

  update_panels (self);
  if (index < 0 || scene == NULL)
    return;
  node = bs_scene_get_node (scene, index);
  tensor = node->tensor != 0 ? bs_trace_get_tensor (bs_scene_get_trace (scene), node->tensor)
                             : NULL;
  if (tensor == NULL || !tensor->has_span)
    return;
  bs_editor_show_line (self->editor, tensor->span.line);
}

/* A click in the editor: the boxes of the tensors its line created, ringed. */
static void
editor_clicked (BsWindow *self,
                int       line)
{
  if (bs_graph_view_select_line (self->graph_view, line, FOLLOW_MIN_ZOOM))
    update_panels (self);
}

static void
setup_editor (BsWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));

  g_signal_connect_object (self->editor, "line-clicked", G_CALLBACK (editor_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "modified-changed", G_CALLBACK (modified_changed), self,
                           G_CONNECT_SWAPPED);
}

static void
cluster_toggled (BsWindow *self,
                 guint     scope)
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

static BsPaletteKind
palette_kind (BsWindow *self)
{
  if (self->presenting)
    return BS_PALETTE_PROJECTOR;
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) ? BS_PALETTE_DARK
                                                                       : BS_PALETTE_LIGHT;
}

/* A new palette may change the type size: measure and lay out again. */
static void
update_renderer (BsWindow *self)
{
  const BsPalette *palette = bs_palette_get (palette_kind (self));

  BsScene *scene = bs_graph_view_get_scene (self->graph_view);
  int selected = bs_graph_view_get_selected (self->graph_view);
  gboolean grad_flow;

  if (self->renderer != NULL && bs_renderer_get_palette (self->renderer) == palette)
    return;
  /* Presentation mode on or off keeps the box selected. */
  if (scene != NULL && selected >= 0)
    self->reselect = bs_scene_get_node (scene, (guint) selected)->tensor;
  grad_flow = self->renderer != NULL && bs_renderer_get_grad_flow (self->renderer);
  bs_graph_view_set_renderer (self->graph_view, NULL);
  g_clear_pointer (&self->renderer, bs_renderer_free);
  self->renderer = bs_renderer_new (palette);
  bs_renderer_set_grad_flow (self->renderer, grad_flow);
  bs_grad_flow_legend_set_palette (BS_GRAD_FLOW_LEGEND (self->grad_flow_legend), palette);
  bs_graph_view_set_renderer (self->graph_view, self->renderer);
  start_layout (self, TRUE);
}

static void
grad_flow_changed (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  BsWindow *self = BS_WINDOW (user_data);

  g_simple_action_set_state (action, state);
  bs_renderer_set_grad_flow (self->renderer, g_variant_get_boolean (state));
  bs_graph_view_set_renderer (self->graph_view, self->renderer);
  gtk_widget_set_visible (self->grad_flow_legend, g_variant_get_boolean (state));
}

static void
setup_stage (BsWindow *self)
{
  GtkWidget *graph_view = bs_graph_view_new ();
  GtkWidget *timeline = bs_timeline_new ();
  GtkWidget *overlay = gtk_overlay_new ();
  g_autoptr(GSimpleAction) grad_flow =
    g_simple_action_new_stateful ("grad-flow", NULL, g_variant_new_boolean (FALSE));

  self->graph_view = BS_GRAPH_VIEW (graph_view);
  /* The gradient-flow legend over the graph's bottom left corner. */
  self->grad_flow_legend = bs_grad_flow_legend_new ();
  gtk_widget_set_halign (self->grad_flow_legend, GTK_ALIGN_START);
  gtk_widget_set_valign (self->grad_flow_legend, GTK_ALIGN_END);
  gtk_widget_set_margin_start (self->grad_flow_legend, 8);
  gtk_widget_set_margin_bottom (self->grad_flow_legend, 8);
  gtk_widget_set_visible (self->grad_flow_legend, FALSE);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), graph_view);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->grad_flow_legend);
  gtk_stack_add_named (self->graph_stack, overlay, "graph");
  g_signal_connect_object (grad_flow, "change-state", G_CALLBACK (grad_flow_changed), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (grad_flow));
  gtk_widget_add_controller (GTK_WIDGET (self), bs_grad_flow_legend_shortcut ());
  gtk_stack_set_visible_child_name (self->graph_stack, "empty");
  self->timeline = BS_TIMELINE (timeline);
  gtk_widget_set_valign (timeline, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->timeline_box), timeline);
  g_signal_connect_object (timeline, "step-selected", G_CALLBACK (timeline_step_selected),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (graph_view, "node-selected", G_CALLBACK (node_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (graph_view, "cluster-toggled", G_CALLBACK (cluster_toggled), self,
                           G_CONNECT_SWAPPED);
  self->layout = bs_layout_new ();
  update_renderer (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_renderer), self, G_CONNECT_SWAPPED);
}

static void
restore_or_load_example (BsWindow *self)
{
  if (bs_editor_restore_draft (self->editor))
    {
      update_title (self);
      toast (self, "Restored the text you had not saved");
      return;
    }
  bs_window_load_example (self, DEFAULT_EXAMPLE);
  /* The built-in example opens with its graph drawn, ready to step. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
}

static void
bs_window_dispose (GObject *object)
{
  BsWindow *self = BS_WINDOW (object);

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  if (self->stepper != NULL)
    bs_stepper_pause (self->stepper);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  /* Presentation mode hides the editor: its width then is not the user's. */
  if (self->outer_paned != NULL && !self->presenting)
    bs_pane_sizes_save (self->outer_paned, self->inner_paned);
  gtk_widget_dispose_template (GTK_WIDGET (object), BS_TYPE_WINDOW);
  G_OBJECT_CLASS (bs_window_parent_class)->dispose (object);
}

static void
bs_window_finalize (GObject *object)
{
  BsWindow *self = BS_WINDOW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->run_cancellable);
  g_clear_object (&self->run_settings);
  g_clear_pointer (&self->result, bs_script_result_free);
  g_clear_object (&self->layout_cancellable);
  g_clear_pointer (&self->scenes, bs_scene_cache_free);
  g_clear_pointer (&self->layout, bs_layout_free);
  g_clear_pointer (&self->renderer, bs_renderer_free);
  g_clear_object (&self->stepper);
  g_array_unref (self->collapsed);
  g_free (self->ran_source);
  g_free (self->pending_example);
  g_clear_object (&self->pending_file);
  G_OBJECT_CLASS (bs_window_parent_class)->finalize (object);
}

/* Stepping keys (and Ctrl+C, copying the graph) act everywhere but in the editor, where
 * they move the cursor (and copy text). They are caught before the window's own
 * arrow-key focus moves. */
static gboolean
step_key_pressed (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  BsWindow *self = BS_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *action = user_data;
  gboolean in_editor = focus != NULL
    && (focus == GTK_WIDGET (self->editor) || GTK_IS_EDITABLE (focus));
  gboolean in_text = focus != NULL && (GTK_IS_TEXT_VIEW (focus) || GTK_IS_LABEL (focus));

  if (in_editor || (in_text && g_str_equal (action, "win.copy-image")))
    return FALSE;
  gtk_widget_activate_action (widget, action, NULL);
  return TRUE;
}

static void
add_step_key (GtkEventController *controller,
              guint               key,
              GdkModifierType     modifiers,
              const char         *action)
{
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (key, modifiers),
                      gtk_callback_action_new (step_key_pressed, (gpointer) action, NULL)));
}

static void
setup_step_keys (BsWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    add_step_key (controller, moves[i].key, moves[i].modifiers, moves[i].action);
  add_step_key (controller, GDK_KEY_space, 0, "win.step-next");
  add_step_key (controller, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy-image");
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
bs_window_class_init (BsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  g_type_ensure (BS_TYPE_EDITOR);
  g_type_ensure (BS_TYPE_SIDEBAR);
  object_class->dispose = bs_window_dispose;
  object_class->finalize = bs_window_finalize;
  window_class->close_request = bs_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/backstep/Backstep/ui/bs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, examples_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, presentation_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, timeline_box);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, editor_scroller);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, editor);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, error_explanation);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, graph_stack);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_text);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_spin);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, sidebar);

  gtk_widget_class_install_action (widget_class, "win.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.example", "s", example_activated);
  gtk_widget_class_install_action (widget_class, "win.presentation", NULL,
                                   presentation_activated);
  gtk_widget_class_install_action (widget_class, "win.play", NULL, play_activated);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-image", NULL, copy_image_activated);
  gtk_widget_class_install_action (widget_class, "win.collapse-all", NULL, collapse_activated);
  gtk_widget_class_install_action (widget_class, "win.expand-all", NULL, collapse_activated);
  gtk_widget_class_install_action (widget_class, "win.view", "s", view_activated);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_install_action (widget_class, moves[i].action, NULL, step_activated);

}

static void
bs_window_init (BsWindow *self)
{
  g_autoptr(GMenuModel) examples = bs_examples_menu ("win.example");
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  g_autofree char *settings = g_build_filename (g_get_user_config_dir (), "backstep",
                                                "settings.ini", NULL);

  self->run_settings = bs_memory_budget_actions_new (settings);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "run", self->run_settings);
  self->collapsed = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->document = bs_document_new ();
  self->stepper = bs_stepper_new ();
  g_signal_connect_object (self->stepper, "step-changed", G_CALLBACK (step_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stepper, "notify::playing", G_CALLBACK (playing_changed),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_init_template (GTK_WIDGET (self));
  bs_pane_sizes_restore (self->outer_paned, self->inner_paned);
  gtk_menu_button_set_menu_model (self->examples_button, examples);
  setup_editor (self);
  g_signal_connect_object (self->sidebar, "message", G_CALLBACK (toast), self,
                           G_CONNECT_SWAPPED);
  setup_stage (self);
  setup_step_keys (self);
  g_signal_connect (self->step_adjustment, "value-changed", G_CALLBACK (step_spin_changed),
                    self);
  /* The spin button's text (GtkSpinButton has no ::activate of its own in GTK 4.8) */
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (self->step_spin)),
                           "activate", G_CALLBACK (step_spin_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (drop, "drop", G_CALLBACK (file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  restore_or_load_example (self);
}

BsWindow *
bs_window_new (BsApplication *application)
{
  return g_object_new (BS_TYPE_WINDOW, "application", application, NULL);
}

guint64
bs_window_get_step (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), 0);
  return current_step (self);
}

guint64
bs_window_get_n_steps (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), 0);
  return n_steps (self);
}

gboolean
bs_window_is_running (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  return self->run_cancellable != NULL;
}

void
bs_window_show_step (BsWindow *self,
                     guint64   step)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  show_step (self, step);
}

gboolean
bs_window_is_ready (BsWindow *self)
{
  BsScene *scene;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  scene = bs_graph_view_get_scene (self->graph_view);
  return self->run_cancellable == NULL && self->layout_cancellable == NULL
    && self->result != NULL && scene != NULL && bs_scene_get_trace (scene) == self->result->trace;
}

gboolean
bs_window_select_tensor (BsWindow   *self,
                         const char *name)
{
  int index;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  index = bs_graph_view_find_named (self->graph_view, name);
  if (index < 0)
    return FALSE;
  bs_graph_view_set_selected (self->graph_view, index);
  update_panels (self);
  return TRUE;
}

char *
bs_window_get_text (BsWindow   *self,
                    const char *part)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  if (g_str_equal (part, "step"))
    return g_strdup (gtk_label_get_text (self->step_text));
  if (g_str_equal (part, "chain") || g_str_equal (part, "inspector")
      || g_str_equal (part, "output") || g_str_equal (part, "plots"))
    return bs_sidebar_get_text (self->sidebar, part);
  if (g_str_equal (part, "title"))
    return g_strdup (adw_window_title_get_subtitle (self->window_title));
  if (g_str_equal (part, "error"))
    {
      if (!gtk_revealer_get_reveal_child (self->error_revealer))
        return g_strdup ("");
      return g_strdup_printf ("%s\n%s", gtk_label_get_text (self->error_message),
                              gtk_label_get_text (self->error_explanation));
    }
  g_return_val_if_reached (NULL);
}

GtkWidget *
bs_window_get_graph_view (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->graph_view);
}

GtkWidget *
bs_window_get_timeline (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->timeline);
}

GtkWidget *
bs_window_get_plots (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return bs_sidebar_get_plots (self->sidebar);
}

GtkWidget *
bs_window_get_step_field (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->step_spin);
}

GtkTextBuffer *
bs_window_get_buffer (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
}
