/* bs-window.c: the stepping debugger's main window */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include "bs-compare-mode.h"
#include "bs-editor.h"
#include "bs-examples.h"
#include "bs-error-help.h"
#include "bs-export-dialog.h"
#include "bs-grad-flow-legend.h"
#include "bs-graph-stage.h"
#include "bs-memory-budget.h"
#include "bs-pane-sizes.h"
#include "bs-live-mode.h"
#include "bs-quiz-panel.h"
#include "bs-replay.h"
#include "bs-run-compare.h"
#include "bs-script-files.h"
#include "bs-script-job.h"
#include "bs-sidebar.h"
#include "bs-step-keys.h"
#include "bs-step-text.h"
#include "bs-stepper.h"
#include "bs-trace-nav.h"
#include "bs-timeline.h"
#include "bs-window.h"

#define DEFAULT_EXAMPLE   "01-two-paths"
#define FOLLOW_MIN_ZOOM   0.8   /* below this, labels are too small to read on a projector */

/* Playback speeds (the navigation menu's win.speed): a step every so many ms. */
static const struct {
  const char *name;
  guint       interval_ms;
} play_speeds[] = { { "0.5", 1200 }, { "1", 600 }, { "2", 300 }, { "4", 150 } };

struct _BsWindow {
  AdwApplicationWindow parent_instance;

  /* Owned */
  BsScriptFiles     *files;
  BsLiveMode        *live;
  GCancellable      *run_cancellable;
  GActionGroup      *run_settings;    /* run.memory-budget */
  BsScriptResult    *result;
  char              *ran_source;      /* the text of the last run started */
  char              *shown_source;    /* the text result comes from */
  BsCompareMode     *compare_mode;
  BsStepper         *stepper;
  guint              progress_id;
  gboolean           rerun;           /* Run was pressed during a run: run again after it */
  gboolean           live_run;        /* the run was started by live mode */
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
  BsGraphStage      *graph_stage;
  GtkLabel          *step_text;
  GtkLabel          *step_label;
  GtkSpinButton     *step_spin;
  GtkAdjustment     *step_adjustment;
  GtkToggleButton   *play_button;
  BsSidebar         *sidebar;

  /* Borrowed: pieces built in code */
  BsGraphView       *graph_view;
  BsQuizPanel       *quiz_panel;
  BsTimeline        *timeline;
};

G_DEFINE_FINAL_TYPE (BsWindow, bs_window, ADW_TYPE_APPLICATION_WINDOW)

static void show_step       (BsWindow *self, guint64 step);
static void step_changed    (BsWindow *self, guint64 previous);

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
  g_autofree char *title = bs_script_files_get_title (self->files);

  adw_window_title_set_subtitle (self->window_title, title);
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

static void
run_finished (GObject      *source,
              GAsyncResult *async_result,
              gpointer      user_data)
{
  g_autoptr(BsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  BsScriptResult *result = bs_script_job_run_finish (async_result, &error);
  g_autoptr(BsRunCompare) change = NULL;
  guint64 previous, step;
  gboolean live;

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
  /* live mode: a text with an error keeps the last picture without one, the error marked */
  if (self->live_run && result->error != NULL && self->result != NULL
      && self->result->error == NULL)
    {
      self->live_run = FALSE;
      if (result->error_span.line > 0)
        bs_editor_mark_error (self->editor, result->error_span.line, result->error_span.col,
                              result->error_span.end_line, result->error_span.end_col,
                              result->error_text);
      gtk_label_set_text (self->step_text, "Live: the script stops with the error marked in "
                                           "the editor; the graph is the last run without one.");
      bs_script_result_free (result);
      return;
    }
  previous = current_step (self);
  live = self->live_run;
  self->live_run = FALSE;
  /* live mode keeps the step shown: the same statement (its line followed through the
   * edit) or the same backward edge */
  if (live && self->result != NULL)
    change = bs_run_compare_new (self->result->trace, self->shown_source, result->trace,
                                 self->ran_source);
  step = change != NULL ? bs_run_match_step (bs_run_compare_get_match (change), previous)
                        : first_backward_step (result->trace);
  g_clear_pointer (&self->result, bs_script_result_free);
  self->result = result;
  g_free (self->shown_source);
  self->shown_source = g_strdup (self->ran_source);
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
  bs_stepper_set_trace (self->stepper, result->trace, step);
  g_signal_handlers_unblock_by_func (self->stepper, step_changed, self);
  bs_timeline_set_trace (self->timeline, result->trace);
  bs_sidebar_set_run (self->sidebar, result->trace, result->output, result->error != NULL);
  /* (before the new scenes are measured: the boxes say before → now) */
  if (bs_compare_mode_get_pinned (self->compare_mode) != NULL)
    bs_graph_stage_set_compare (self->graph_stage,
                                bs_compare_mode_compare (self->compare_mode, result->trace,
                                                         self->shown_source));
  if (live)
    bs_graph_stage_replace_run (self->graph_stage, result->trace, result->error != NULL,
                                current_step (self), g_steal_pointer (&change));
  else
    bs_graph_stage_set_run (self->graph_stage, result->trace, result->error != NULL,
                            current_step (self));
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
  if (bs_document_get_file (bs_script_files_get_document (self->files)) != NULL)
    name = g_file_get_basename (bs_document_get_file (bs_script_files_get_document (
                                                        self->files)));
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
  g_autoptr(BsTraceState) before = NULL;

  /* quiz mode: the panels do not tell the edge's numbers asked */
  if (bs_quiz_panel_get_show (self->quiz_panel) == BS_QUIZ_SHOW_HIDING_EDGE && state != NULL)
    state = before = bs_replay_state_at (state->trace, state->step - 1);
  if (bs_quiz_panel_get_prompt (self->quiz_panel) != NULL)
    bs_sidebar_show_asking (self->sidebar, scene, state, selected);
  else
    bs_sidebar_show_selection (self->sidebar, scene, state, selected,
                               bs_graph_stage_get_compare (self->graph_stage));
}

static void
step_spin_changed (GtkAdjustment *adjustment,
                   BsWindow      *self)
{
  show_step (self, (guint64) gtk_adjustment_get_value (adjustment));
}

/* What the graph withholds while a quiz question is open: the edge's numbers, or the
 * sum of the gradients arriving at the box asked about. */
static void
quiz_withholds (BsWindow *self,
                gboolean *edge_values,
                gboolean *sums)
{
  *edge_values = bs_quiz_panel_get_show (self->quiz_panel) == BS_QUIZ_SHOW_HIDING_EDGE;
  *sums = bs_quiz_panel_get_show (self->quiz_panel) == BS_QUIZ_SHOW_PREVIOUS;
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
  gboolean animate, hide_edge_values, hide_sums;

  bs_editor_clear_marks (self->editor);
  if (total == 0 || self->result == NULL)
    {
      gtk_label_set_text (self->step_text, "");
      gtk_label_set_text (self->step_label, "");
      return;
    }
  animate = step == previous + 1 || step + 1 == previous;
  bs_graph_stage_set_step (self->graph_stage, step);
  state = bs_replay_state_at (self->result->trace, step);
  /* quiz mode asks before it shows: the edge without its numbers, or the step before */
  if (bs_quiz_panel_enter (self->quiz_panel, self->result->trace, state) == BS_QUIZ_SHOW_PREVIOUS)
    {
      bs_trace_state_free (state);
      state = bs_replay_state_at (self->result->trace, step - 1);
    }
  quiz_withholds (self, &hide_edge_values, &hide_sums);
  bs_graph_stage_set_hide_edge_values (self->graph_stage, hide_edge_values);
  bs_graph_stage_set_hide_sums (self->graph_stage, hide_sums);
  bs_timeline_set_step (self->timeline, step);
  bs_sidebar_set_step (self->sidebar, state);
  step_event = bs_trace_state_get_step_event (state);
  span = bs_trace_state_get_span (state);
  if (step_event != NULL && step_event->type == BS_TRACE_EVENT_ERROR && span != NULL)
    {
      const BsTraceScope *cell = bs_trace_get_cell_at_line (self->result->trace, span->line);

      /* in a notebook, also the cell and its line as Jupyter names them */
      text = cell == NULL
             ? g_strdup_printf ("Line %d raises the error shown above.", span->line)
             : g_strdup_printf ("Line %d (%s, line %d) raises the error shown above.",
                                span->line, bs_trace_get_string (self->result->trace,
                                                                 cell->label),
                                span->line - cell->span.line + 1);
    }
  else if (bs_quiz_panel_get_prompt (self->quiz_panel) != NULL)
    text = g_strdup_printf ("Quiz: %s", bs_quiz_panel_get_prompt (self->quiz_panel));
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
  if (bs_graph_stage_show_state (self->graph_stage, g_steal_pointer (&state), animate))
    {
      update_panels (self);
      if (bs_graph_stage_get_compare (self->graph_stage) != NULL)
        {
          g_autofree char *compare = bs_compare_mode_describe (
            bs_graph_stage_get_compare (self->graph_stage),
            bs_graph_view_get_scene (self->graph_view),
            bs_graph_view_get_state (self->graph_view));
          g_autofree char *both = g_strdup_printf ("%s\n%s", text, compare);

          gtk_label_set_text (self->step_text, both);
        }
    }
}

static void
show_step (BsWindow *self,
           guint64   step)
{
  bs_stepper_go (self->stepper, step);
}

static void
step_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  BsStepMove move;
  int direction;

  if (bs_step_keys_lookup (action_name, &move, &direction))
    bs_stepper_move (self->stepper, move, direction);
}

/* Collapse all: every outermost module call becomes one box (a model, a loss); expand
 * all opens every box again. */
static void
collapse_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  bs_graph_stage_collapse_all (self->graph_stage,
                               g_str_equal (action_name, "win.collapse-all"));
}

static void
view_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  BsSceneView view;

  if (bs_scene_view_from_name (g_variant_get_string (parameter, NULL), &view))
    bs_graph_stage_set_view (self->graph_stage, view);
}

static guint
play_interval (BsWindow *self)
{
  g_autoptr(GVariant) speed = g_action_group_get_action_state (G_ACTION_GROUP (self), "speed");

  for (guint i = 0; speed != NULL && i < G_N_ELEMENTS (play_speeds); i++)
    if (g_str_equal (g_variant_get_string (speed, NULL), play_speeds[i].name))
      return play_speeds[i].interval_ms;
  return play_speeds[1].interval_ms;
}

static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);

  if (bs_stepper_is_playing (self->stepper))
    bs_stepper_pause (self->stepper);
  else
    bs_stepper_play (self->stepper, play_interval (self));
}

/* Another speed: playing goes on at it. */
static void
speed_changed (GSimpleAction *action,
               GVariant      *state,
               gpointer       user_data)
{
  BsWindow *self = BS_WINDOW (user_data);

  g_simple_action_set_state (action, state);
  if (bs_stepper_is_playing (self->stepper))
    {
      bs_stepper_pause (self->stepper);
      bs_stepper_play (self->stepper, play_interval (self));
    }
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
  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  return bs_script_files_load_example (self->files, name);
}

void
bs_window_open_file (BsWindow *self,
                     GFile    *file)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  bs_script_files_open (self->files, file);
}

static void
example_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  bs_script_files_replace (BS_WINDOW (widget)->files, g_variant_get_string (parameter, NULL),
                           NULL);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  bs_script_files_choose_open (BS_WINDOW (widget)->files);
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  bs_script_files_choose_save (BS_WINDOW (widget)->files);
}

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  bs_script_files_save (BS_WINDOW (widget)->files);
}

/* --- export -------------------------------------------------------------------------- */

static void
exported (BsExportDialog *dialog,
          GFile          *file,
          gpointer        user_data)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *message = g_strdup_printf ("Exported to %s", name);

  toast (user_data, message);
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BsWindow *self = BS_WINDOW (widget);
  BsExportSource source = { 0 };
  g_autofree char *name = NULL;
  BsExportDialog *dialog;

  source.scene = bs_graph_view_get_scene (self->graph_view);
  if (source.scene == NULL || self->result == NULL)
    {
      toast (self, "Run the script first: there is no graph to export yet");
      return;
    }
  source.step = current_step (self);
  source.view = bs_graph_stage_get_view_kind (self->graph_stage);
  /* The handout of what the view shows now: the steps that show the same graph. */
  bs_graph_stage_get_span (self->graph_stage, source.step, &source.span_first,
                           &source.span_last);
  /* Slides are light unless the class is watching the projector palette. */
  source.palette = self->presenting ? BS_PALETTE_PROJECTOR : BS_PALETTE_LIGHT;
  /* the picture as shown: in gradient-flow mode, its tints and legend */
  source.grad_flow = bs_graph_stage_get_grad_flow (self->graph_stage, &source.grad_flow_scale);
  /* ... with Compare's before → now, and without what the quiz withholds */
  source.pinned = bs_compare_mode_get_pinned (self->compare_mode);
  source.pinned_source = bs_compare_mode_get_pinned_source (self->compare_mode);
  source.now_source = self->shown_source;
  source.question_open = bs_quiz_panel_get_prompt (self->quiz_panel) != NULL;
  quiz_withholds (self, &source.hide_edge_values, &source.hide_sums);
  name = bs_document_get_stem (bs_script_files_get_document (self->files), "graph");
  dialog = bs_export_dialog_new (GTK_WINDOW (self), name, &source,
                                 g_str_equal (action_name, "win.export-animation"));
  g_signal_connect_object (dialog, "exported", G_CALLBACK (exported), self, 0);
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
  renderer = bs_renderer_new (bs_graph_stage_get_palette (self->graph_stage));
  bs_renderer_set_scale (renderer, 2);
  bs_graph_stage_configure_renderer (self->graph_stage, renderer);
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
  bs_graph_stage_set_presenting (self->graph_stage, self->presenting);
}

static gboolean
bs_window_close_request (GtkWindow *window)
{
  BsWindow *self = BS_WINDOW (window);

  if (bs_script_files_hold_close (self->files))
    return TRUE;
  return GTK_WINDOW_CLASS (bs_window_parent_class)->close_request (window);
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
  if (tensor == NULL || tensor->span == NULL)
    return;
  bs_editor_show_line (self->editor, tensor->span->line);
}

/* A click in the editor: the boxes of the tensors its line created, ringed. */
static void
editor_clicked (BsWindow *self,
                int       line)
{
  if (bs_graph_view_select_line (self->graph_view, line, FOLLOW_MIN_ZOOM))
    update_panels (self);
}

/* A file or an example the user chose is in the editor: it runs. */
static void
script_opened (BsWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
}

/* Pin on: the run shown is the one later runs are compared with; off: unpinned. */
static void
pin_toggled (BsWindow *self,
             gboolean  on)
{
  if (on && (self->result == NULL || bs_window_is_running (self)))
    {
      bs_compare_mode_pin (self->compare_mode, NULL, NULL);
      toast (self, "Run the script first: there is no run to pin yet");
      return;
    }
  bs_compare_mode_pin (self->compare_mode, on ? self->result->trace : NULL,
                       self->shown_source);
  bs_graph_stage_set_compare (self->graph_stage,
                              bs_compare_mode_compare (self->compare_mode, self->result->trace,
                                                       self->shown_source));
}

static void
live_rerun (BsWindow *self)
{
  self->live_run = TRUE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.run", NULL);
}

static void
setup_editor (BsWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));

  g_signal_connect_object (self->editor, "line-clicked", G_CALLBACK (editor_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "modified-changed", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  self->files = bs_script_files_new (GTK_WINDOW (self), self->editor);
  g_signal_connect_object (self->files, "changed", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->files, "message", G_CALLBACK (toast), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->files, "opened", G_CALLBACK (script_opened), self,
                           G_CONNECT_SWAPPED);
  self->live = bs_live_mode_new (GTK_TEXT_VIEW (self->editor));
  g_action_map_add_action (G_ACTION_MAP (self), bs_live_mode_get_action (self->live));
  gtk_widget_add_controller (GTK_WIDGET (self), bs_live_mode_shortcut ());
  g_signal_connect_object (self->live, "rerun", G_CALLBACK (live_rerun), self,
                           G_CONNECT_SWAPPED);
  self->compare_mode = bs_compare_mode_new ();
  g_action_map_add_action (G_ACTION_MAP (self), bs_compare_mode_get_action (self->compare_mode));
  gtk_widget_add_controller (GTK_WIDGET (self), bs_compare_mode_shortcut ());
  g_signal_connect_object (self->compare_mode, "toggled", G_CALLBACK (pin_toggled), self,
                           G_CONNECT_SWAPPED);
}

static void
grad_flow_changed (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  BsWindow *self = BS_WINDOW (user_data);

  g_simple_action_set_state (action, state);
  bs_graph_stage_set_grad_flow (self->graph_stage, g_variant_get_boolean (state));
}

/* A scene laid out just now is on the canvas: the step's state shown on it. */
static void
stage_laid_out (BsWindow *self)
{
  show_step (self, current_step (self));
}

/* The quiz's questions at the step are done, or the mode changed: show the step again. */
static void
quiz_revealed (BsWindow *self)
{
  bs_stepper_go (self->stepper, current_step (self));
  if (bs_quiz_panel_get_prompt (self->quiz_panel) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->graph_view));
}

static void
setup_stage (BsWindow *self)
{
  GtkWidget *timeline = bs_timeline_new ();
  GtkWidget *quiz_panel = bs_quiz_panel_new ();
  g_autoptr(GSimpleAction) grad_flow =
    g_simple_action_new_stateful ("grad-flow", NULL, g_variant_new_boolean (FALSE));
  g_autoptr(GSimpleAction) speed =
    g_simple_action_new_stateful ("speed", G_VARIANT_TYPE_STRING, g_variant_new_string ("1"));

  self->graph_view = bs_graph_stage_get_view (self->graph_stage);
  self->quiz_panel = BS_QUIZ_PANEL (quiz_panel);
  gtk_widget_insert_after (quiz_panel, gtk_widget_get_parent (GTK_WIDGET (self->graph_stage)),
                           GTK_WIDGET (self->graph_stage));
  g_action_map_add_action (G_ACTION_MAP (self), bs_quiz_panel_get_action (self->quiz_panel));
  gtk_widget_add_controller (GTK_WIDGET (self), bs_quiz_panel_shortcut ());
  g_signal_connect_object (quiz_panel, "revealed", G_CALLBACK (quiz_revealed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (grad_flow, "change-state", G_CALLBACK (grad_flow_changed), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (grad_flow));
  g_signal_connect_object (speed, "change-state", G_CALLBACK (speed_changed), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (speed));
  gtk_widget_add_controller (GTK_WIDGET (self), bs_grad_flow_legend_shortcut ());
  self->timeline = BS_TIMELINE (timeline);
  gtk_widget_set_valign (timeline, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->timeline_box), timeline);
  g_signal_connect_object (timeline, "step-selected", G_CALLBACK (timeline_step_selected),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->graph_view, "node-selected", G_CALLBACK (node_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->graph_stage, "laid-out", G_CALLBACK (stage_laid_out), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->graph_stage, "message", G_CALLBACK (toast), self,
                           G_CONNECT_SWAPPED);
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

  g_clear_object (&self->files);
  g_clear_object (&self->live);
  g_clear_object (&self->run_cancellable);
  g_clear_object (&self->run_settings);
  g_clear_pointer (&self->result, bs_script_result_free);
  g_clear_object (&self->stepper);
  g_free (self->ran_source);
  g_free (self->shown_source);
  g_clear_object (&self->compare_mode);
  G_OBJECT_CLASS (bs_window_parent_class)->finalize (object);
}

static void
bs_window_class_init (BsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  g_type_ensure (BS_TYPE_EDITOR);
  g_type_ensure (BS_TYPE_SIDEBAR);
  g_type_ensure (BS_TYPE_GRAPH_STAGE);
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
  gtk_widget_class_bind_template_child (widget_class, BsWindow, graph_stage);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_text);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_spin);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, step_adjustment);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, play_button);
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
  gtk_widget_class_install_action (widget_class, "win.export-animation", NULL,
                                   export_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-image", NULL, copy_image_activated);
  gtk_widget_class_install_action (widget_class, "win.collapse-all", NULL, collapse_activated);
  gtk_widget_class_install_action (widget_class, "win.expand-all", NULL, collapse_activated);
  gtk_widget_class_install_action (widget_class, "win.view", "s", view_activated);
  bs_step_keys_install_actions (widget_class, step_activated);
}

static void
bs_window_init (BsWindow *self)
{
  g_autoptr(GMenuModel) examples = bs_examples_menu ("win.example");
  g_autofree char *settings = g_build_filename (g_get_user_config_dir (), "backstep",
                                                "settings.ini", NULL);

  self->run_settings = bs_memory_budget_actions_new (settings);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "run", self->run_settings);
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
  gtk_widget_add_controller (GTK_WIDGET (self), bs_step_keys_controller ());
  g_signal_connect (self->step_adjustment, "value-changed", G_CALLBACK (step_spin_changed),
                    self);
  /* The spin button's text (GtkSpinButton has no ::activate of its own in GTK 4.8) */
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (self->step_spin)),
                           "activate", G_CALLBACK (step_spin_activated), self,
                           G_CONNECT_SWAPPED);
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
  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  return self->run_cancellable == NULL && self->result != NULL
    && bs_graph_stage_is_ready (self->graph_stage);
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
  if (g_str_has_prefix (part, "box "))
    {
      char *text = bs_graph_view_describe_node (
        self->graph_view, bs_graph_view_find_named (self->graph_view, part + strlen ("box ")));

      return text != NULL ? text : g_strdup ("");
    }
  if (g_str_equal (part, "title"))
    return g_strdup (adw_window_title_get_subtitle (self->window_title));
  if (g_str_equal (part, "quiz"))
    return bs_quiz_panel_get_text (self->quiz_panel);
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
