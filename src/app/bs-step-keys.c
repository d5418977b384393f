/* bs-step-keys.c: the window's stepping actions and their keys */
#define G_LOG_DOMAIN "bs-app"

#include "bs-editor.h"
#include "bs-step-keys.h"

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

void
bs_step_keys_install_actions (GtkWidgetClass              *widget_class,
                              GtkWidgetActionActivateFunc  activate)
{
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_install_action (widget_class, moves[i].action, NULL, activate);
}

gboolean
bs_step_keys_lookup (const char *action_name,
                     BsStepMove *move,
                     int        *direction)
{
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (g_str_equal (action_name, moves[i].action))
      {
        *move = moves[i].move;
        *direction = moves[i].direction;
        return TRUE;
      }
  return FALSE;
}

static gboolean
key_pressed (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));
  const char *action = user_data;
  gboolean in_editor = focus != NULL && (BS_IS_EDITOR (focus) || GTK_IS_EDITABLE (focus));
  gboolean in_text = focus != NULL && (GTK_IS_TEXT_VIEW (focus) || GTK_IS_LABEL (focus));

  if (in_editor || (in_text && g_str_equal (action, "win.copy-image")))
    return FALSE;
  gtk_widget_activate_action (widget, action, NULL);
  return TRUE;
}

static void
add_key (GtkEventController *controller,
         guint               key,
         GdkModifierType     modifiers,
         const char         *action)
{
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (key, modifiers),
                      gtk_callback_action_new (key_pressed, (gpointer) action, NULL)));
}

GtkEventController *
bs_step_keys_controller (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    add_key (controller, moves[i].key, moves[i].modifiers, moves[i].action);
  add_key (controller, GDK_KEY_space, 0, "win.step-next");
  add_key (controller, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy-image");
  return controller;
}
