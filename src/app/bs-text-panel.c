/* bs-text-panel.c: a scrolled column of Pango-markup paragraphs */
#define G_LOG_DOMAIN "bs-app"

#include "bs-text-panel.h"

struct _BsTextPanel {
  GtkWidget  parent_instance;

  /* Borrowed: children */
  GtkWidget *scroller;
  GtkWidget *column;
};

G_DEFINE_FINAL_TYPE (BsTextPanel, bs_text_panel, GTK_TYPE_WIDGET)

void
bs_text_panel_clear (BsTextPanel *self)
{
  GtkWidget *child;

  g_return_if_fail (BS_IS_TEXT_PANEL (self));
  while ((child = gtk_widget_get_first_child (self->column)) != NULL)
    gtk_box_remove (GTK_BOX (self->column), child);
}

static GtkWidget *
add_label (BsTextPanel *self,
           const char  *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (self->column), label);
  return label;
}

GtkWidget *
bs_text_panel_add (BsTextPanel *self,
                   const char  *markup,
                   gboolean     monospace)
{
  GtkWidget *label;

  g_return_val_if_fail (BS_IS_TEXT_PANEL (self), NULL);
  label = add_label (self, markup);
  if (monospace)
    gtk_widget_add_css_class (label, "monospace");
  return label;
}

void
bs_text_panel_heading (BsTextPanel *self,
                       const char  *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);
  GtkWidget *label;

  g_return_if_fail (BS_IS_TEXT_PANEL (self));
  label = add_label (self, markup);
  gtk_widget_add_css_class (label, "heading");
  if (gtk_widget_get_prev_sibling (label) != NULL)
    gtk_widget_set_margin_top (label, 12);
}

void
bs_text_panel_add_widget (BsTextPanel *self,
                          GtkWidget   *widget)
{
  g_return_if_fail (BS_IS_TEXT_PANEL (self));
  gtk_box_append (GTK_BOX (self->column), widget);
}

char *
bs_text_panel_get_text (BsTextPanel *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (BS_IS_TEXT_PANEL (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (self->column); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (child)));
  return g_string_free (text, FALSE);
}

static void
bs_text_panel_dispose (GObject *object)
{
  BsTextPanel *self = BS_TEXT_PANEL (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (bs_text_panel_parent_class)->dispose (object);
}

static void
bs_text_panel_class_init (BsTextPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bs_text_panel_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
bs_text_panel_init (BsTextPanel *self)
{
  self->scroller = gtk_scrolled_window_new ();
  self->column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (self->column, 12);
  gtk_widget_set_margin_end (self->column, 12);
  gtk_widget_set_margin_top (self->column, 12);
  gtk_widget_set_margin_bottom (self->column, 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->column);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
bs_text_panel_new (void)
{
  return g_object_new (BS_TYPE_TEXT_PANEL, NULL);
}
