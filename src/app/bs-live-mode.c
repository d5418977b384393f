/* bs-live-mode.c: edit and watch */
#define G_LOG_DOMAIN "bs-app"

#include "bs-live-mode.h"
#include "bs-scrub.h"

struct _BsLiveMode {
  GObject        parent_instance;

  guint          pause_id;

  /* Owned */
  GSimpleAction *action;

  /* Borrowed */
  GtkTextView   *view;
};

G_DEFINE_FINAL_TYPE (BsLiveMode, bs_live_mode, G_TYPE_OBJECT)

enum {
  SIGNAL_RERUN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
bs_live_mode_get_active (BsLiveMode *self)
{
  g_autoptr(GVariant) state = NULL;

  g_return_val_if_fail (BS_IS_LIVE_MODE (self), FALSE);
  state = g_action_get_state (G_ACTION (self->action));
  return g_variant_get_boolean (state);
}

static gboolean
paused (gpointer user_data)
{
  BsLiveMode *self = user_data;

  self->pause_id = 0;
  g_signal_emit (self, signals[SIGNAL_RERUN], 0);
  return G_SOURCE_REMOVE;
}

static void
text_changed (BsLiveMode *self)
{
  if (!bs_live_mode_get_active (self))
    return;
  g_clear_handle_id (&self->pause_id, g_source_remove);
  self->pause_id = g_timeout_add (BS_LIVE_MODE_PAUSE_MS, paused, self);
}

static void
live_changed (GSimpleAction *action,
              GVariant      *state,
              BsLiveMode    *self)
{
  g_simple_action_set_state (action, state);
  g_clear_handle_id (&self->pause_id, g_source_remove);
}

/* Ctrl+Up / Ctrl+Down on a number: one unit of its last decimal up or down. */
static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        modifiers,
             BsLiveMode            *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->view);
  GtkTextIter cursor, line_start, line_end, start, end;
  g_autofree char *line = NULL;
  g_autofree char *number = NULL;
  gsize from, to;
  int direction;

  if ((modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != GDK_CONTROL_MASK
      || (keyval != GDK_KEY_Up && keyval != GDK_KEY_Down))
    return FALSE;
  direction = keyval == GDK_KEY_Up ? 1 : -1;
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  line_start = cursor;
  gtk_text_iter_set_line_offset (&line_start, 0);
  line_end = line_start;
  if (!gtk_text_iter_ends_line (&line_end))
    gtk_text_iter_forward_to_line_end (&line_end);
  line = gtk_text_buffer_get_text (buffer, &line_start, &line_end, TRUE);
  number = bs_scrub_number (line, (gsize) gtk_text_iter_get_line_index (&cursor), direction,
                            &from, &to);
  if (number == NULL)
    return FALSE;
  start = end = line_start;
  gtk_text_iter_set_line_index (&start, (int) from);
  gtk_text_iter_set_line_index (&end, (int) to);
  /* a read-only line (a notebook's markdown cell or header) keeps its numbers */
  if (!gtk_text_iter_editable (&start, TRUE))
    return FALSE;
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, number, -1);
  gtk_text_buffer_end_user_action (buffer);
  /* the cursor stays on the number */
  gtk_text_iter_backward_char (&start);
  gtk_text_buffer_place_cursor (buffer, &start);
  bs_live_mode_run_now (self);
  return TRUE;
}

void
bs_live_mode_run_now (BsLiveMode *self)
{
  g_return_if_fail (BS_IS_LIVE_MODE (self));
  if (!bs_live_mode_get_active (self))
    return;
  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_signal_emit (self, signals[SIGNAL_RERUN], 0);
}

static void
bs_live_mode_dispose (GObject *object)
{
  BsLiveMode *self = BS_LIVE_MODE (object);

  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_clear_object (&self->action);
  G_OBJECT_CLASS (bs_live_mode_parent_class)->dispose (object);
}

static void
bs_live_mode_class_init (BsLiveModeClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bs_live_mode_dispose;
  signals[SIGNAL_RERUN] = g_signal_new ("rerun", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_live_mode_init (BsLiveMode *self)
{
  self->action = g_simple_action_new_stateful ("live", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect_object (self->action, "change-state", G_CALLBACK (live_changed), self, 0);
}

BsLiveMode *
bs_live_mode_new (GtkTextView *view)
{
  BsLiveMode *self;
  GtkEventController *keys;

  g_return_val_if_fail (GTK_IS_TEXT_VIEW (view), NULL);
  self = g_object_new (BS_TYPE_LIVE_MODE, NULL);
  self->view = view;
  g_signal_connect_object (gtk_text_view_get_buffer (view), "changed",
                           G_CALLBACK (text_changed), self, G_CONNECT_SWAPPED);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (view), keys);
  return self;
}

GAction *
bs_live_mode_get_action (BsLiveMode *self)
{
  g_return_val_if_fail (BS_IS_LIVE_MODE (self), NULL);
  return G_ACTION (self->action);
}

GtkEventController *
bs_live_mode_shortcut (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_l, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.live")));
  return controller;
}
