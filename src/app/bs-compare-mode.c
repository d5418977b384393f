/* bs-compare-mode.c: pin a run, change the script, see before → now */
#define G_LOG_DOMAIN "bs-app"

#include "bs-compare-mode.h"

struct _BsCompareMode {
  GObject        parent_instance;

  /* Owned */
  GSimpleAction *action;
  BsTrace       *pinned;
  char          *pinned_source;
};

G_DEFINE_FINAL_TYPE (BsCompareMode, bs_compare_mode, G_TYPE_OBJECT)

enum {
  SIGNAL_TOGGLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
pin_changed (GSimpleAction *action,
             GVariant      *state,
             BsCompareMode *self)
{
  g_simple_action_set_state (action, state);
  g_signal_emit (self, signals[SIGNAL_TOGGLED], 0, g_variant_get_boolean (state));
}

void
bs_compare_mode_pin (BsCompareMode *self,
                     BsTrace       *trace,
                     const char    *source)
{
  g_return_if_fail (BS_IS_COMPARE_MODE (self));
  if (trace != NULL)
    bs_trace_ref (trace);
  g_clear_pointer (&self->pinned, bs_trace_unref);
  self->pinned = trace;
  g_free (self->pinned_source);
  self->pinned_source = g_strdup (source);
  g_simple_action_set_state (self->action, g_variant_new_boolean (trace != NULL));
}

BsTrace *
bs_compare_mode_get_pinned (BsCompareMode *self)
{
  g_return_val_if_fail (BS_IS_COMPARE_MODE (self), NULL);
  return self->pinned;
}

const char *
bs_compare_mode_get_pinned_source (BsCompareMode *self)
{
  g_return_val_if_fail (BS_IS_COMPARE_MODE (self), NULL);
  return self->pinned_source;
}

BsRunCompare *
bs_compare_mode_compare (BsCompareMode *self,
                         BsTrace       *now,
                         const char    *now_source)
{
  g_return_val_if_fail (BS_IS_COMPARE_MODE (self), NULL);
  if (self->pinned == NULL || now == NULL)
    return NULL;
  return bs_run_compare_new (self->pinned, self->pinned_source, now, now_source);
}

char *
bs_compare_mode_describe (BsRunCompare       *compare,
                          BsScene            *scene,
                          const BsTraceState *state)
{
  g_autoptr(GArray) changed = NULL;
  g_autofree char *only_before = NULL;
  GString *text;

  g_return_val_if_fail (compare != NULL, NULL);
  if (scene == NULL || state == NULL || bs_scene_get_trace (scene) != bs_run_compare_get_now (
                                                                        compare))
    return g_strdup ("Compare: the pinned run beside this one once its graph is drawn.");
  changed = bs_run_compare_changed (compare, scene, state);
  only_before = bs_run_compare_only_before (compare, scene, state);
  text = g_string_new (NULL);
  if (changed->len == 0)
    g_string_append (text, "Compare: no box changed since the pinned run");
  else
    g_string_append_printf (text, "Compare: %u box%s changed since the pinned run (before → "
                                  "now)", changed->len, changed->len == 1 ? "" : "es");
  if (only_before != NULL)
    g_string_append_printf (text, "; only the pinned run had %s", only_before);
  g_string_append (text, ". Ctrl+P unpins.");
  return g_string_free (text, FALSE);
}

static void
bs_compare_mode_dispose (GObject *object)
{
  BsCompareMode *self = BS_COMPARE_MODE (object);

  g_clear_object (&self->action);
  g_clear_pointer (&self->pinned, bs_trace_unref);
  g_clear_pointer (&self->pinned_source, g_free);
  G_OBJECT_CLASS (bs_compare_mode_parent_class)->dispose (object);
}

static void
bs_compare_mode_class_init (BsCompareModeClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bs_compare_mode_dispose;
  signals[SIGNAL_TOGGLED] = g_signal_new ("toggled", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
bs_compare_mode_init (BsCompareMode *self)
{
  self->action = g_simple_action_new_stateful ("pin", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect_object (self->action, "change-state", G_CALLBACK (pin_changed), self, 0);
}

BsCompareMode *
bs_compare_mode_new (void)
{
  return g_object_new (BS_TYPE_COMPARE_MODE, NULL);
}

GAction *
bs_compare_mode_get_action (BsCompareMode *self)
{
  g_return_val_if_fail (BS_IS_COMPARE_MODE (self), NULL);
  return G_ACTION (self->action);
}

GtkEventController *
bs_compare_mode_shortcut (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_p, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.pin")));
  return controller;
}
