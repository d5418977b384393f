/* bs-export-dialog.c: what to export, in which format, at which scale, over which steps;
 * its preview; then where, and the writing */
#define G_LOG_DOMAIN "bs-app"

#include "bs-export-dialog.h"

#include <math.h>

#include "bs-export-preview.h"
#include "bs-trace.h"

/* Options settle before the preview is made again: a spin held down makes one. */
#define PREVIEW_DELAY_MS 150

/* The format row's entries per kind, in the row's order */
static const BsExportFormat step_formats[] = {
  BS_EXPORT_PNG, BS_EXPORT_SVG, BS_EXPORT_PDF, BS_EXPORT_TIKZ, BS_EXPORT_DOT,
};
static const char *step_format_labels[] = {
  "PNG", "SVG", "PDF", "TikZ (LaTeX, for Beamer)", "DOT (Graphviz)", NULL,
};
static const char *handout_format_labels[] = { "PDF", NULL };
static const char *animation_format_labels[] = { "GIF", "WebP (lossless)", NULL };
static const char *step_extensions[] = {
  [BS_EXPORT_PNG] = "png", [BS_EXPORT_SVG] = "svg", [BS_EXPORT_PDF] = "pdf",
  [BS_EXPORT_DOT] = "dot", [BS_EXPORT_TIKZ] = "tex",
};

struct _BsExportDialog {
  AdwWindow         parent_instance;

  /* Owned */
  char             *suggested_name;
  BsExportSource    source;          /* its scene and pinned run referenced, its texts: */
  char             *pinned_source;
  char             *now_source;
  BsExportSettings  settings;
  GCancellable     *preview_cancellable;
  GdkTexture       *thumbnail;       /* the preview's; NULL while it is made */
  cairo_surface_t  *thumbnail_image; /* its pixels, to draw */
  guint             preview_timeout;
  GtkFileChooserNative *chooser;     /* while the file is chosen */
  GTask            *job;             /* the writing, while it runs */
  GCancellable     *job_cancellable;
  guint             progress_timeout;
  gboolean          updating;        /* the rows are being set from code */
  gboolean          disposed;        /* a task's answer comes too late for the widgets */

  /* Template widgets */
  GtkWidget        *cancel_button;
  GtkWidget        *export_button;
  GtkStack         *preview_stack;
  GtkDrawingArea   *preview_area;
  GtkLabel         *summary_label;
  AdwComboRow      *what_row;
  AdwComboRow      *format_row;
  GtkWidget        *scale_row;
  GtkSpinButton    *scale_spin;
  GtkWidget        *steps_row;
  GtkSpinButton    *from_spin;
  GtkSpinButton    *to_spin;
  GtkWidget        *frame_row;
  GtkSpinButton    *frame_spin;
  AdwActionRow     *folder_row;
  GtkProgressBar   *progress_bar;
  GtkLabel         *status_label;
};

G_DEFINE_FINAL_TYPE (BsExportDialog, bs_export_dialog, ADW_TYPE_WINDOW)

enum { EXPORTED, N_SIGNALS };
static guint signals[N_SIGNALS];

void
bs_export_dialog_get_choice (BsExportDialog *self,
                             BsExportChoice *choice)
{
  guint format;

  g_return_if_fail (BS_IS_EXPORT_DIALOG (self));
  g_return_if_fail (choice != NULL);

  format = adw_combo_row_get_selected (self->format_row);
  *choice = (BsExportChoice) { 0 };
  choice->kind = MIN (adw_combo_row_get_selected (self->what_row), BS_EXPORT_KIND_ANIMATION);
  choice->format = choice->kind == BS_EXPORT_KIND_HANDOUT
                   ? BS_EXPORT_PDF : step_formats[MIN (format, G_N_ELEMENTS (step_formats) - 1)];
  choice->animation_format = MIN (format, BS_ANIMATION_WEBP);
  choice->scale = gtk_spin_button_get_value (self->scale_spin);
  choice->first = (guint64) gtk_spin_button_get_value (self->from_spin);
  choice->last = (guint64) gtk_spin_button_get_value (self->to_spin);
  choice->frame_ms = (guint) gtk_spin_button_get_value (self->frame_spin);
}

/* The settings of choice, kept for the next dialog (the folder is the file's). */
static void
remember (BsExportDialog       *self,
          const BsExportChoice *choice)
{
  self->settings.kind = choice->kind;
  if (choice->kind == BS_EXPORT_KIND_STEP)
    self->settings.format = choice->format;
  if (choice->kind == BS_EXPORT_KIND_ANIMATION)
    self->settings.animation_format = choice->animation_format;
  self->settings.scale = choice->scale;
  self->settings.frame_ms = choice->frame_ms;
}

static void
show_status (BsExportDialog *self,
             const char     *text,
             gboolean        is_error)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

/* --- the preview ------------------------------------------------------------------------- */

/* The thumbnail, made smaller to fit the area (never larger), centred. */
static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  BsExportDialog *self = user_data;
  double image_width, image_height, scale;

  if (self->thumbnail_image == NULL)
    return;
  image_width = cairo_image_surface_get_width (self->thumbnail_image);
  image_height = cairo_image_surface_get_height (self->thumbnail_image);
  /* a thumbnail of n pixels covers n / 2 of the area's points on a screen of scale 1 */
  scale = MIN (0.5 * gtk_widget_get_scale_factor (GTK_WIDGET (area)),
               MIN (width / image_width, height / image_height));
  cairo_translate (cr, floor ((width - image_width * scale) / 2),
                   floor ((height - image_height * scale) / 2));
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, self->thumbnail_image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
}

static void
set_thumbnail (BsExportDialog *self,
               GdkTexture     *thumbnail)
{
  g_clear_object (&self->thumbnail);
  g_clear_pointer (&self->thumbnail_image, cairo_surface_destroy);
  if (thumbnail != NULL)
    {
      self->thumbnail = g_object_ref (thumbnail);
      /* GDK's download format is cairo's ARGB32 */
      self->thumbnail_image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                          gdk_texture_get_width (thumbnail),
                                                          gdk_texture_get_height (thumbnail));
      gdk_texture_download (thumbnail, cairo_image_surface_get_data (self->thumbnail_image),
                            cairo_image_surface_get_stride (self->thumbnail_image));
      cairo_surface_mark_dirty (self->thumbnail_image);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->preview_area));
}

static void
preview_made (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(BsExportDialog) self = user_data;
  g_autoptr(BsExportPreview) preview = NULL;
  g_autoptr(GError) error = NULL;

  preview = bs_export_preview_finish (result, &error);
  /* a preview of options changed since, or of a closed dialog */
  if (self->disposed || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  if (preview == NULL)
    {
      g_autofree char *message = g_strdup_printf ("This cannot be exported: %s",
                                                  error->message);

      set_thumbnail (self, NULL);
      gtk_label_set_text (self->summary_label, "");
      show_status (self, message, TRUE);
      gtk_widget_set_sensitive (self->export_button, FALSE);
    }
  else
    {
      set_thumbnail (self, preview->thumbnail);
      gtk_label_set_text (self->summary_label, preview->summary);
      show_status (self, NULL, FALSE);
      gtk_widget_set_sensitive (self->export_button, TRUE);
    }
  gtk_stack_set_visible_child_name (self->preview_stack, "picture");
}

static gboolean
make_preview (gpointer user_data)
{
  BsExportDialog *self = user_data;
  BsExportChoice choice;

  self->preview_timeout = 0;
  bs_export_dialog_get_choice (self, &choice);
  g_clear_object (&self->preview_cancellable);
  self->preview_cancellable = g_cancellable_new ();
  bs_export_preview_async (&self->source, &choice, self->preview_cancellable, preview_made,
                           g_object_ref (self));
  return G_SOURCE_REMOVE;
}

/* The options changed: the preview shown is stale. */
static void
schedule_preview (BsExportDialog *self)
{
  g_cancellable_cancel (self->preview_cancellable);
  g_clear_handle_id (&self->preview_timeout, g_source_remove);
  set_thumbnail (self, NULL);
  gtk_label_set_text (self->summary_label, "");
  gtk_stack_set_visible_child_name (self->preview_stack, "waiting");
  /* what was said of the last options (an error, a cancellation) is said no more */
  show_status (self, NULL, FALSE);
  gtk_widget_set_sensitive (self->export_button, TRUE);
  self->preview_timeout = g_timeout_add (PREVIEW_DELAY_MS, make_preview, self);
}

/* --- the rows ---------------------------------------------------------------------------- */

static void
set_formats (BsExportDialog *self,
             BsExportKind    kind)
{
  const char **labels = kind == BS_EXPORT_KIND_STEP ? step_format_labels
                        : kind == BS_EXPORT_KIND_HANDOUT ? handout_format_labels
                        : animation_format_labels;
  g_autoptr(GtkStringList) model = gtk_string_list_new (labels);
  guint selected = 0;

  if (kind == BS_EXPORT_KIND_STEP)
    for (guint i = 0; i < G_N_ELEMENTS (step_formats); i++)
      if (step_formats[i] == self->settings.format)
        selected = i;
  if (kind == BS_EXPORT_KIND_ANIMATION)
    selected = self->settings.animation_format;
  adw_combo_row_set_model (self->format_row, G_LIST_MODEL (model));
  adw_combo_row_set_selected (self->format_row, selected);
}

static void
update_rows (BsExportDialog *self)
{
  BsExportChoice choice;
  gboolean pixels;

  bs_export_dialog_get_choice (self, &choice);
  pixels = choice.kind == BS_EXPORT_KIND_ANIMATION
           || (choice.kind == BS_EXPORT_KIND_STEP && choice.format == BS_EXPORT_PNG);
  gtk_widget_set_sensitive (GTK_WIDGET (self->format_row), choice.kind != BS_EXPORT_KIND_HANDOUT);
  gtk_widget_set_visible (self->scale_row, pixels);
  gtk_widget_set_visible (self->steps_row, choice.kind == BS_EXPORT_KIND_ANIMATION);
  gtk_widget_set_visible (self->frame_row, choice.kind == BS_EXPORT_KIND_ANIMATION);
  adw_action_row_set_subtitle (self->folder_row,
                               self->settings.folder != NULL
                               ? self->settings.folder
                               : "Chosen with the file (remembered for the next export)");
}

static void
what_changed (BsExportDialog *self)
{
  if (self->updating)
    return;
  self->updating = TRUE;
  set_formats (self, adw_combo_row_get_selected (self->what_row));
  self->updating = FALSE;
  update_rows (self);
  schedule_preview (self);
}

static void
option_changed (BsExportDialog *self)
{
  BsExportChoice choice;

  if (self->updating)
    return;
  bs_export_dialog_get_choice (self, &choice);
  remember (self, &choice);
  update_rows (self);
  schedule_preview (self);
}

/* from ≤ to: moving one past the other moves the other along. */
static void
steps_changed (GtkSpinButton  *spin,
               BsExportDialog *self)
{
  double from = gtk_spin_button_get_value (self->from_spin);
  double to = gtk_spin_button_get_value (self->to_spin);

  if (from > to)
    {
      self->updating = TRUE;
      if (spin == self->from_spin)
        gtk_spin_button_set_value (self->to_spin, from);
      else
        gtk_spin_button_set_value (self->from_spin, to);
      self->updating = FALSE;
    }
  option_changed (self);
}

/* --- the writing ------------------------------------------------------------------------- */

static void
set_writing (BsExportDialog *self,
             gboolean        writing)
{
  GtkWidget *rows = gtk_widget_get_parent (GTK_WIDGET (self->what_row));

  /* the rows' list box: nothing changes while the file is written */
  gtk_widget_set_sensitive (rows, !writing);
  gtk_widget_set_sensitive (self->export_button, !writing);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), writing);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);
  gtk_widget_set_tooltip_text (self->cancel_button, writing ? "Stop writing: nothing is "
                               "written" : NULL);
}

static gboolean
show_progress (gpointer user_data)
{
  BsExportDialog *self = user_data;
  double fraction = bs_export_job_get_progress (self->job);

  if (fraction > 0)
    {
      g_autofree char *text = g_strdup_printf ("%.0f %% of the frames", 100 * fraction);

      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
      gtk_progress_bar_set_text (self->progress_bar, text);
    }
  else
    {
      gtk_progress_bar_set_text (self->progress_bar, "Laying out and drawing…");
      gtk_progress_bar_pulse (self->progress_bar);
    }
  return G_SOURCE_CONTINUE;
}

static void
written (GObject      *source_object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(BsExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  GFile *file = NULL;
  gboolean ok = bs_export_job_run_finish (result, &file, &error);
  g_autoptr(GFile) kept = g_object_ref (file);

  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  g_clear_object (&self->job);
  g_clear_object (&self->job_cancellable);
  if (self->disposed)
    return;
  set_writing (self, FALSE);
  if (ok)
    {
      g_signal_emit (self, signals[EXPORTED], 0, kept);
      gtk_window_destroy (GTK_WINDOW (self));
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_status (self, "Stopped: nothing was written", FALSE);
  else
    {
      g_autofree char *message = g_strdup_printf ("Export failed: %s", error->message);

      show_status (self, message, TRUE);
    }
}

static void
file_chosen (GtkNativeDialog *chooser,
             int              response,
             gpointer         user_data)
{
  BsExportDialog *self = user_data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;
  BsExportChoice choice;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL || g_file_peek_path (file) == NULL)
    {
      if (file != NULL)
        show_status (self, "Export failed: choose a local file", TRUE);
      return;
    }

  bs_export_dialog_get_choice (self, &choice);
  remember (self, &choice);
  folder = g_file_get_parent (file);
  if (folder != NULL && g_file_peek_path (folder) != NULL)
    {
      g_free (self->settings.folder);
      self->settings.folder = g_file_get_path (folder);
    }
  bs_export_settings_save (&self->settings, NULL);
  update_rows (self);

  show_status (self, NULL, FALSE);
  set_writing (self, TRUE);
  self->job_cancellable = g_cancellable_new ();
  self->job = bs_export_job_run_async (&self->source, &choice, file, self->job_cancellable,
                                       written, g_object_ref (self));
  self->progress_timeout = g_timeout_add (100, show_progress, self);
}

static void
export_clicked (BsExportDialog *self)
{
  BsExportChoice choice;
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  const char *extension;

  if (self->job != NULL || self->chooser != NULL
      || !gtk_widget_get_sensitive (self->export_button))
    return;
  bs_export_dialog_get_choice (self, &choice);
  extension = choice.kind == BS_EXPORT_KIND_ANIMATION
              ? bs_animation_format_get_extension (choice.animation_format)
              : step_extensions[choice.format];
  name = g_strdup_printf ("%s%s.%s", self->suggested_name,
                          choice.kind == BS_EXPORT_KIND_HANDOUT ? "-handout"
                          : choice.kind == BS_EXPORT_KIND_ANIMATION ? "-backward" : "",
                          extension);
  chooser = gtk_file_chooser_native_new ("Export", GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
  self->chooser = chooser;
  if (self->settings.folder != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_path (self->settings.folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (file_chosen), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
export_shortcut (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  export_clicked (BS_EXPORT_DIALOG (widget));
  return TRUE;
}

/* Closing while the file is written stops the writing first (nothing is written); the
 * dialog stays to say so. */
static gboolean
bs_export_dialog_close_request (GtkWindow *window)
{
  BsExportDialog *self = BS_EXPORT_DIALOG (window);

  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job_cancellable);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (bs_export_dialog_parent_class)->close_request (window);
}

/* --- the object -------------------------------------------------------------------------- */

const char *
bs_export_dialog_get_summary (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), NULL);

  if (self->thumbnail == NULL)
    return NULL;
  return gtk_label_get_text (self->summary_label);
}

GdkPaintable *
bs_export_dialog_get_preview (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), NULL);

  return self->thumbnail != NULL ? GDK_PAINTABLE (self->thumbnail) : NULL;
}

const char *
bs_export_dialog_get_status (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->status_label)))
    return NULL;
  return gtk_label_get_text (self->status_label);
}

gboolean
bs_export_dialog_is_writing (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), FALSE);

  return self->job != NULL;
}

static void
bs_export_dialog_dispose (GObject *object)
{
  BsExportDialog *self = BS_EXPORT_DIALOG (object);

  self->disposed = TRUE;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_cancellable_cancel (self->preview_cancellable);
  g_cancellable_cancel (self->job_cancellable);
  g_clear_handle_id (&self->preview_timeout, g_source_remove);
  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (bs_export_dialog_parent_class)->dispose (object);
}

static void
bs_export_dialog_finalize (GObject *object)
{
  BsExportDialog *self = BS_EXPORT_DIALOG (object);

  g_free (self->suggested_name);
  g_clear_pointer (&self->source.scene, bs_scene_unref);
  g_clear_pointer (&self->source.pinned, bs_trace_unref);
  g_free (self->pinned_source);
  g_free (self->now_source);
  bs_export_settings_clear (&self->settings);
  g_clear_object (&self->preview_cancellable);
  g_clear_object (&self->thumbnail);
  g_clear_pointer (&self->thumbnail_image, cairo_surface_destroy);
  g_clear_object (&self->job);
  g_clear_object (&self->job_cancellable);
  G_OBJECT_CLASS (bs_export_dialog_parent_class)->finalize (object);
}

static void
bs_export_dialog_class_init (BsExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = bs_export_dialog_dispose;
  object_class->finalize = bs_export_dialog_finalize;
  window_class->close_request = bs_export_dialog_close_request;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/backstep/Backstep/ui/bs-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, preview_stack);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, preview_area);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, what_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, steps_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, from_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, to_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, frame_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, frame_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, folder_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, status_label);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                export_shortcut, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK,
                                export_shortcut, NULL);

  /* A file has been written (GFile *); the dialog closes next. */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);
}

static void
bs_export_dialog_init (BsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview_area, draw_preview, self, NULL);
  bs_export_settings_init (&self->settings);
  bs_export_settings_load (&self->settings, NULL);
}

BsExportDialog *
bs_export_dialog_new (GtkWindow            *parent,
                      const char           *suggested_name,
                      const BsExportSource *source,
                      gboolean              animation)
{
  BsExportDialog *self;
  BsTrace *trace;
  guint64 n_steps, first, last;

  g_return_val_if_fail (source != NULL && source->scene != NULL, NULL);

  self = g_object_new (BS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->suggested_name = g_strdup (suggested_name != NULL ? suggested_name : "graph");
  self->source = *source;
  bs_scene_ref (self->source.scene);
  if (source->pinned != NULL)
    bs_trace_ref (source->pinned);
  self->source.pinned_source = self->pinned_source = g_strdup (source->pinned_source);
  self->source.now_source = self->now_source = g_strdup (source->now_source);
  if (animation)
    self->settings.kind = BS_EXPORT_KIND_ANIMATION;

  /* the rows as last time; the steps: the backward pass shown, or the first one */
  trace = bs_scene_get_trace (source->scene);
  n_steps = MAX (bs_trace_get_n_steps (trace), 1);
  bs_export_backward_steps (trace, source->step, &first, &last);
  last = MIN (last, n_steps - 1);
  first = MIN (first, last);
  self->updating = TRUE;
  gtk_spin_button_set_range (self->from_spin, 0, n_steps - 1);
  gtk_spin_button_set_range (self->to_spin, 0, n_steps - 1);
  gtk_spin_button_set_value (self->from_spin, first);
  gtk_spin_button_set_value (self->to_spin, last);
  gtk_spin_button_set_value (self->scale_spin, self->settings.scale);
  gtk_spin_button_set_value (self->frame_spin, self->settings.frame_ms);
  adw_combo_row_set_selected (self->what_row, self->settings.kind);
  set_formats (self, self->settings.kind);
  self->updating = FALSE;

  g_signal_connect_swapped (self->what_row, "notify::selected", G_CALLBACK (what_changed), self);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (option_changed),
                            self);
  g_signal_connect_swapped (self->scale_spin, "value-changed", G_CALLBACK (option_changed),
                            self);
  g_signal_connect_swapped (self->frame_spin, "value-changed", G_CALLBACK (option_changed),
                            self);
  g_signal_connect (self->from_spin, "value-changed", G_CALLBACK (steps_changed), self);
  g_signal_connect (self->to_spin, "value-changed", G_CALLBACK (steps_changed), self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  update_rows (self);
  schedule_preview (self);
  return self;
}
