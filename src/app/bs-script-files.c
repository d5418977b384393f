/* bs-script-files.c: what the editor's script is read from and saved to */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include <adwaita.h>

#include "bs-examples.h"
#include "bs-script-files.h"

struct _BsScriptFiles {
  GObject      parent_instance;

  /* Owned */
  BsDocument  *document;
  char        *pending_example;  /* to load once the user says what to do with edits */
  GFile       *pending_file;

  /* Borrowed */
  GtkWindow   *parent;
  BsEditor    *editor;
};

G_DEFINE_FINAL_TYPE (BsScriptFiles, bs_script_files, G_TYPE_OBJECT)

enum {
  OPENED,
  CHANGED,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
message (BsScriptFiles *self,
         const char    *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static void
changed (BsScriptFiles *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

char *
bs_script_files_get_title (BsScriptFiles *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (BS_IS_SCRIPT_FILES (self), NULL);
  name = bs_document_get_title (self->document);
  return g_strdup_printf ("%s%s", bs_editor_is_modified (self->editor) ? "• " : "", name);
}

BsDocument *
bs_script_files_get_document (BsScriptFiles *self)
{
  g_return_val_if_fail (BS_IS_SCRIPT_FILES (self), NULL);
  return self->document;
}

gboolean
bs_script_files_load_example (BsScriptFiles *self,
                              const char    *name)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (BS_IS_SCRIPT_FILES (self), FALSE);
  text = bs_examples_read (name);
  if (text == NULL)
    return FALSE;
  bs_document_set_example (self->document, name);
  bs_editor_set_text (self->editor, text);
  changed (self);
  return TRUE;
}

/* A notebook's markdown cells and headers cannot be edited (until it is saved as .py) */
static void
protect_cells (BsScriptFiles *self)
{
  g_autofree char *text = bs_editor_get_text (self->editor);
  g_autoptr(GArray) lines = bs_document_get_read_only_lines (self->document, text);

  bs_editor_set_read_only_lines (self->editor, lines);
}

void
bs_script_files_open (BsScriptFiles *self,
                      GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (BS_IS_SCRIPT_FILES (self));
  text = bs_document_open (self->document, file, &error);
  if (text == NULL)
    {
      message (self, error->message);
      return;
    }
  bs_editor_set_text (self->editor, text);
  protect_cells (self);
  changed (self);
  g_signal_emit (self, signals[OPENED], 0);
}

static gboolean
save_to (BsScriptFiles *self,
         GFile         *file)
{
  g_autofree char *text = bs_editor_get_text (self->editor);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;

  saved = bs_document_save (self->document, file, text, &error);
  if (saved == NULL)
    {
      message (self, error->message);
      return FALSE;
    }
  if (strcmp (text, saved) != 0)
    bs_editor_set_text (self->editor, saved);
  protect_cells (self);
  bs_editor_mark_saved (self->editor);
  changed (self);
  return TRUE;
}

static void
apply_pending (BsScriptFiles *self)
{
  g_autofree char *example = g_steal_pointer (&self->pending_example);
  g_autoptr(GFile) file = g_steal_pointer (&self->pending_file);

  if (example != NULL)
    {
      bs_script_files_load_example (self, example);
      g_signal_emit (self, signals[OPENED], 0);
    }
  else if (file != NULL)
    bs_script_files_open (self, file);
}

static void
replace_response (AdwMessageDialog *dialog,
                  const char       *response,
                  BsScriptFiles    *self)
{
  if (g_str_equal (response, "discard")
      || (g_str_equal (response, "save")
          && save_to (self, bs_document_get_file (self->document))))
    apply_pending (self);
  g_clear_pointer (&self->pending_example, g_free);
  g_clear_object (&self->pending_file);
}

void
bs_script_files_replace (BsScriptFiles *self,
                         const char    *example,
                         GFile         *file)
{
  AdwMessageDialog *dialog;
  gboolean has_file;

  g_return_if_fail (BS_IS_SCRIPT_FILES (self));
  g_free (self->pending_example);
  self->pending_example = g_strdup (example);
  g_set_object (&self->pending_file, file);
  if (!bs_editor_is_modified (self->editor))
    {
      apply_pending (self);
      return;
    }
  has_file = bs_document_get_file (self->document) != NULL;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->parent,
                                                       "Replace the Edited Script?",
                                                       has_file
                                                       ? "The script has unsaved changes."
                                                       : "The script has unsaved changes. "
                                                         "Cancel and save it (Ctrl+S) to "
                                                         "keep them."));
  adw_message_dialog_add_responses (dialog, "cancel", "_Cancel", "discard",
                                    "_Discard Changes", NULL);
  if (has_file)
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

/* A file chosen to open or to save to. */
static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  g_autoptr(BsScriptFiles) self = user_data;
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);

      if (gtk_file_chooser_get_action (chooser) == GTK_FILE_CHOOSER_ACTION_SAVE)
        save_to (self, file);
      else
        bs_script_files_replace (self, NULL, file);
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

void
bs_script_files_choose_open (BsScriptFiles *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = python_filter ();

  g_return_if_fail (BS_IS_SCRIPT_FILES (self));
  dialog = gtk_file_chooser_native_new ("Open a Script", self->parent,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
bs_script_files_choose_save (BsScriptFiles *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = python_filter ();
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (BS_IS_SCRIPT_FILES (self));
  stem = bs_document_get_stem (self->document, "script");
  name = g_strdup_printf ("%s.py", stem);
  dialog = gtk_file_chooser_native_new ("Save the Script", self->parent,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
bs_script_files_save (BsScriptFiles *self)
{
  g_return_if_fail (BS_IS_SCRIPT_FILES (self));
  if (bs_document_get_file (self->document) != NULL)
    save_to (self, bs_document_get_file (self->document));
  else
    bs_script_files_choose_save (self);
}

static void
close_response (AdwMessageDialog *dialog,
                const char       *response,
                BsScriptFiles    *self)
{
  if (g_str_equal (response, "save"))
    {
      bs_script_files_save (self);
      if (bs_editor_is_modified (self->editor))
        return;
    }
  else if (!g_str_equal (response, "discard"))
    return;
  bs_editor_mark_saved (self->editor);
  /* The dialog closes itself after this: it must not outlive its parent's link. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (self->parent);
}

gboolean
bs_script_files_hold_close (BsScriptFiles *self)
{
  AdwMessageDialog *dialog;

  g_return_val_if_fail (BS_IS_SCRIPT_FILES (self), FALSE);
  if (!bs_editor_is_modified (self->editor))
    {
      bs_editor_forget_draft (self->editor);
      return FALSE;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->parent, "Save Changes?",
                                                       "The script has unsaved changes. "
                                                       "Closing without saving loses them."));
  adw_message_dialog_add_responses (dialog, "cancel", "_Cancel", "discard", "_Discard",
                                    "save", "_Save", NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard",
                                               ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
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
  bs_script_files_replace (user_data, NULL, g_value_get_object (value));
  return TRUE;
}

static void
bs_script_files_finalize (GObject *object)
{
  BsScriptFiles *self = BS_SCRIPT_FILES (object);

  g_clear_object (&self->document);
  g_free (self->pending_example);
  g_clear_object (&self->pending_file);
  G_OBJECT_CLASS (bs_script_files_parent_class)->finalize (object);
}

static void
bs_script_files_class_init (BsScriptFilesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bs_script_files_finalize;
  signals[OPENED] = g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_script_files_init (BsScriptFiles *self)
{
  self->document = bs_document_new ();
}

BsScriptFiles *
bs_script_files_new (GtkWindow *parent,
                     BsEditor  *editor)
{
  BsScriptFiles *self = g_object_new (BS_TYPE_SCRIPT_FILES, NULL);
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  self->parent = parent;
  self->editor = editor;
  g_signal_connect_object (drop, "drop", G_CALLBACK (file_dropped), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (parent), GTK_EVENT_CONTROLLER (drop));
  return self;
}
