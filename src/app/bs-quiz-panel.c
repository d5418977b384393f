/* bs-quiz-panel.c: the quiz bar under the graph */
#define G_LOG_DOMAIN "bs-app"

#include "bs-quiz-panel.h"

struct _BsQuizPanel {
  GtkBox     parent_instance;

  /* Owned */
  BsQuiz        *quiz;
  GSimpleAction *action;

  /* Borrowed: children */
  GtkLabel  *prompt;
  GtkLabel  *score;
  GtkLabel  *feedback;
  GtkEntry  *entry;
  GtkWidget *check;
  GtkWidget *none;
  GtkWidget *yes;
  GtkWidget *no;
  GtkWidget *give_up;
};

G_DEFINE_FINAL_TYPE (BsQuizPanel, bs_quiz_panel, GTK_TYPE_BOX)

enum {
  SIGNAL_REVEALED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const struct {
  BsQuizAsk   ask;
  const char *label;
} asks[] = {
  { BS_QUIZ_ASK_LOCAL, "Local gradients" },
  { BS_QUIZ_ASK_UPSTREAM, "Upstream gradients" },
  { BS_QUIZ_ASK_CONTRIBUTION, "Contributions" },
  { BS_QUIZ_ASK_GRAD_TOTAL, ".grad totals at accumulations" },
  { BS_QUIZ_ASK_FREED, "Freed buffers" },
};

static void
update (BsQuizPanel *self)
{
  const char *prompt = bs_quiz_get_prompt (self->quiz);
  gboolean open = prompt != NULL;
  gboolean yes_no = bs_quiz_takes_yes_no (self->quiz);
  g_autofree char *score = g_strdup_printf ("Score %u / %u", bs_quiz_get_n_right (self->quiz),
                                            bs_quiz_get_n_asked (self->quiz));

  gtk_label_set_text (self->prompt, open ? prompt
                                         : "Step the backward pass (Space): each edge asks "
                                           "before it shows.");
  gtk_label_set_text (self->score, score);
  gtk_widget_set_sensitive (GTK_WIDGET (self->entry), open);
  gtk_widget_set_sensitive (self->check, open);
  gtk_widget_set_sensitive (self->give_up, open);
  gtk_widget_set_visible (self->none, !yes_no);
  gtk_widget_set_sensitive (self->none, open && bs_quiz_takes_none (self->quiz));
  gtk_widget_set_visible (self->yes, yes_no);
  gtk_widget_set_visible (self->no, yes_no);
}

static void
say (BsQuizPanel   *self,
     BsQuizVerdict  verdict,
     char          *feedback)
{
  gtk_label_set_text (self->feedback, feedback != NULL ? feedback : "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback), "error");
  if (verdict != BS_QUIZ_UNREADABLE)
    gtk_widget_add_css_class (GTK_WIDGET (self->feedback),
                              verdict == BS_QUIZ_RIGHT ? "success" : "error");
  g_free (feedback);
}

/* After an answer: the next question, or the step shown; either way the window shows the
 * step again (its status line says the open question). */
static void
answered (BsQuizPanel *self)
{
  update (self);
  if (bs_quiz_get_prompt (self->quiz) != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
      gtk_widget_grab_focus (GTK_WIDGET (self->entry));
    }
  g_signal_emit (self, signals[SIGNAL_REVEALED], 0);
}

static void
answer (BsQuizPanel *self,
        const char  *text)
{
  char *feedback = NULL;
  BsQuizVerdict verdict;

  if (bs_quiz_get_prompt (self->quiz) == NULL)
    return;
  verdict = bs_quiz_answer (self->quiz, text, &feedback);
  say (self, verdict, feedback);
  if (verdict != BS_QUIZ_UNREADABLE)
    answered (self);
}

static void
check_clicked (BsQuizPanel *self)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));

  answer (self, text);
}

static void
button_clicked (GtkButton   *button,
                BsQuizPanel *self)
{
  answer (self, g_object_get_data (G_OBJECT (button), "answer"));
}

static void
give_up_clicked (BsQuizPanel *self)
{
  char *feedback = NULL;

  bs_quiz_reveal (self->quiz, &feedback);
  say (self, BS_QUIZ_WRONG, feedback);
  answered (self);
}

static void
ask_toggled (GtkCheckButton *button,
             BsQuizPanel    *self)
{
  BsQuizAsk ask = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ask"));
  BsQuizAsk now = bs_quiz_get_asks (self->quiz);

  bs_quiz_set_asks (self->quiz, gtk_check_button_get_active (button) ? now | ask : now & ~ask);
}

static GtkWidget *
answer_button (BsQuizPanel *self,
               const char  *label,
               const char  *answer_text,
               const char  *tooltip)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  g_object_set_data (G_OBJECT (button), "answer", (gpointer) answer_text);
  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect_object (button, "clicked", G_CALLBACK (button_clicked), self, 0);
  return button;
}

/* The teacher's menu: what is asked. */
static GtkWidget *
asks_menu (BsQuizPanel *self)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), "Ask…");
  gtk_widget_set_tooltip_text (button, "What the quiz asks about");
  for (guint i = 0; i < G_N_ELEMENTS (asks); i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (asks[i].label);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   (bs_quiz_get_asks (self->quiz) & asks[i].ask) != 0);
      g_object_set_data (G_OBJECT (check), "ask", GUINT_TO_POINTER (asks[i].ask));
      g_signal_connect_object (check, "toggled", G_CALLBACK (ask_toggled), self, 0);
      gtk_box_append (GTK_BOX (box), check);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  return button;
}

static void
quiz_changed (GSimpleAction *action,
              GVariant      *state,
              BsQuizPanel   *self)
{
  g_simple_action_set_state (action, state);
  bs_quiz_panel_reset (self);
  gtk_widget_set_visible (GTK_WIDGET (self), g_variant_get_boolean (state));
  g_signal_emit (self, signals[SIGNAL_REVEALED], 0);
}

static gboolean
active (BsQuizPanel *self)
{
  g_autoptr(GVariant) state = g_action_get_state (G_ACTION (self->action));

  return g_variant_get_boolean (state);
}

static void
bs_quiz_panel_dispose (GObject *object)
{
  BsQuizPanel *self = BS_QUIZ_PANEL (object);

  g_clear_pointer (&self->quiz, bs_quiz_free);
  g_clear_object (&self->action);
  G_OBJECT_CLASS (bs_quiz_panel_parent_class)->dispose (object);
}

static void
bs_quiz_panel_class_init (BsQuizPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_quiz_panel_dispose;
  signals[SIGNAL_REVEALED] = g_signal_new ("revealed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
}

static void
bs_quiz_panel_init (BsQuizPanel *self)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new ("Quiz");
  GtkWidget *widget;

  self->quiz = bs_quiz_new (BS_QUIZ_ASK_DEFAULT);
  self->action = g_simple_action_new_stateful ("quiz", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect_object (self->action, "change-state", G_CALLBACK (quiz_changed), self, 0);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 6);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "quiz-panel");

  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (top), title);
  widget = gtk_label_new (NULL);
  self->prompt = GTK_LABEL (widget);
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_label_set_xalign (self->prompt, 0);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_box_append (GTK_BOX (top), widget);
  widget = gtk_label_new (NULL);
  self->score = GTK_LABEL (widget);
  gtk_widget_add_css_class (widget, "numeric");
  gtk_box_append (GTK_BOX (top), widget);
  gtk_box_append (GTK_BOX (top), asks_menu (self));
  gtk_box_append (GTK_BOX (self), top);

  widget = gtk_entry_new ();
  self->entry = GTK_ENTRY (widget);
  gtk_entry_set_placeholder_text (self->entry, "your answer: -2, 1/3, [2, 3], None");
  gtk_editable_set_width_chars (GTK_EDITABLE (widget), 28);
  g_signal_connect_object (widget, "activate", G_CALLBACK (check_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), widget);
  self->check = gtk_button_new_with_label ("Check");
  gtk_widget_add_css_class (self->check, "suggested-action");
  g_signal_connect_object (self->check, "clicked", G_CALLBACK (check_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), self->check);
  self->none = answer_button (self, "None", "None", "No gradient flows");
  gtk_box_append (GTK_BOX (row), self->none);
  self->yes = answer_button (self, "Yes", "yes", NULL);
  gtk_box_append (GTK_BOX (row), self->yes);
  self->no = answer_button (self, "No", "no", NULL);
  gtk_box_append (GTK_BOX (row), self->no);
  self->give_up = gtk_button_new_with_label ("Reveal");
  gtk_widget_set_tooltip_text (self->give_up, "Show the answer (counted as wrong)");
  g_signal_connect_object (self->give_up, "clicked", G_CALLBACK (give_up_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), self->give_up);
  gtk_box_append (GTK_BOX (self), row);

  widget = gtk_label_new (NULL);
  self->feedback = GTK_LABEL (widget);
  gtk_label_set_wrap (self->feedback, TRUE);
  gtk_label_set_xalign (self->feedback, 0);
  gtk_label_set_selectable (self->feedback, TRUE);
  gtk_box_append (GTK_BOX (self), widget);
  update (self);
}

GtkWidget *
bs_quiz_panel_new (void)
{
  return g_object_new (BS_TYPE_QUIZ_PANEL, NULL);
}

BsQuizShow
bs_quiz_panel_enter (BsQuizPanel        *self,
                     BsTrace            *trace,
                     const BsTraceState *state)
{
  BsQuizShow show;
  const char *before;

  g_return_val_if_fail (BS_IS_QUIZ_PANEL (self), BS_QUIZ_SHOW_STEP);
  if (!active (self))
    return BS_QUIZ_SHOW_STEP;
  before = bs_quiz_get_prompt (self->quiz);
  show = bs_quiz_enter (self->quiz, trace, state);
  update (self);
  if (bs_quiz_get_prompt (self->quiz) != NULL && bs_quiz_get_prompt (self->quiz) != before)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->entry));
    }
  return show;
}

GAction *
bs_quiz_panel_get_action (BsQuizPanel *self)
{
  g_return_val_if_fail (BS_IS_QUIZ_PANEL (self), NULL);
  return G_ACTION (self->action);
}

GtkEventController *
bs_quiz_panel_shortcut (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_k, GDK_CONTROL_MASK),
                      gtk_named_action_new ("win.quiz")));
  return controller;
}

BsQuizShow
bs_quiz_panel_get_show (BsQuizPanel *self)
{
  g_return_val_if_fail (BS_IS_QUIZ_PANEL (self), BS_QUIZ_SHOW_STEP);
  return active (self) ? bs_quiz_get_show (self->quiz) : BS_QUIZ_SHOW_STEP;
}

const char *
bs_quiz_panel_get_prompt (BsQuizPanel *self)
{
  g_return_val_if_fail (BS_IS_QUIZ_PANEL (self), NULL);
  return active (self) ? bs_quiz_get_prompt (self->quiz) : NULL;
}

char *
bs_quiz_panel_get_text (BsQuizPanel *self)
{
  g_return_val_if_fail (BS_IS_QUIZ_PANEL (self), NULL);
  return g_strdup_printf ("%s\n%s\n%s", gtk_label_get_text (self->prompt),
                          gtk_label_get_text (self->score), gtk_label_get_text (self->feedback));
}

void
bs_quiz_panel_reset (BsQuizPanel *self)
{
  g_return_if_fail (BS_IS_QUIZ_PANEL (self));
  bs_quiz_reset (self->quiz);
  gtk_label_set_text (self->feedback, "");
  update (self);
}
