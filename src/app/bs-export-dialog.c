/* bs-export-dialog.c: what to export, in which format and at which scale; then where */
#define G_LOG_DOMAIN "bs-app"

#include "bs-export-dialog.h"

static const char *extensions[] = {
  [BS_EXPORT_PNG] = "png",
  [BS_EXPORT_SVG] = "svg",
  [BS_EXPORT_PDF] = "pdf",
  [BS_EXPORT_DOT] = "dot",
};

struct _BsExportDialog {
  AdwWindow     parent_instance;

  /* Owned */
  char         *suggested_name;

  /* Template widgets */
  GtkWidget    *export_button;
  AdwComboRow  *what_row;
  AdwComboRow  *format_row;
  GtkWidget    *scale_row;
  GtkSpinButton *scale_spin;
};

G_DEFINE_FINAL_TYPE (BsExportDialog, bs_export_dialog, ADW_TYPE_WINDOW)

enum { EXPORT_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static BsExportChoice
current_choice (BsExportDialog *self)
{
  BsExportChoice choice = { 0 };

  choice.handout = adw_combo_row_get_selected (self->what_row) == 1;
  choice.format = choice.handout ? BS_EXPORT_PDF : adw_combo_row_get_selected (self->format_row);
  choice.scale = gtk_spin_button_get_value (self->scale_spin);
  return choice;
}

static void
update_rows (BsExportDialog *self)
{
  BsExportChoice choice = current_choice (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->format_row), !choice.handout);
  gtk_widget_set_visible (self->scale_row, choice.format == BS_EXPORT_PNG);
}

static void
file_chosen (GtkNativeDialog *chooser,
             int              response,
             gpointer         user_data)
{
  BsExportDialog *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      BsExportChoice choice = current_choice (self);

      g_signal_emit (self, signals[EXPORT_CHOSEN], 0, &choice, file);
      gtk_window_close (GTK_WINDOW (self));
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
export_clicked (BsExportDialog *self)
{
  BsExportChoice choice = current_choice (self);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new ("Export", GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 "_Export", "_Cancel");
  g_autofree char *name = g_strdup_printf ("%s%s.%s", self->suggested_name,
                                           choice.handout ? "-handout" : "",
                                           extensions[choice.format]);

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
bs_export_dialog_finalize (GObject *object)
{
  g_free (BS_EXPORT_DIALOG (object)->suggested_name);
  G_OBJECT_CLASS (bs_export_dialog_parent_class)->finalize (object);
}

static void
bs_export_dialog_class_init (BsExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bs_export_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/backstep/Backstep/ui/bs-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, what_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, scale_spin);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /* The user picked what and where: (const BsExportChoice *, GFile *). */
  signals[EXPORT_CHOSEN] = g_signal_new ("export-chosen", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_FILE);
}

static void
bs_export_dialog_init (BsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->what_row, "notify::selected", G_CALLBACK (update_rows), self);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (update_rows),
                            self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  update_rows (self);
}

BsExportDialog *
bs_export_dialog_new (GtkWindow  *parent,
                      const char *suggested_name)
{
  BsExportDialog *self = g_object_new (BS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);

  self->suggested_name = g_strdup (suggested_name != NULL ? suggested_name : "graph");
  return self;
}
