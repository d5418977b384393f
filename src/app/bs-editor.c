/* bs-editor.c: the script editor */
#define G_LOG_DOMAIN "bs-app"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "bs-editor.h"
#include "bs-scrub.h"

#define AUTOSAVE_DELAY_MS 500
/* Lines longer than the editor is wide wrap: the lines that continue one start this many
 * pixels right of it, after a "↪" (GNOME Text Editor's wrapping, made visible). */
#define CONTINUATION_INDENT 18

struct _BsEditor {
  GtkSourceView parent_instance;

  /* Owned */
  char            *error_message;   /* shown when hovering the underlined error */
  guint            autosave_id;
  char            *scrub_line;      /* Alt+drag: the literal's line as the drag began */
  gsize            scrub_index;     /* the pointer's byte in it */
  int              scrub_units;     /* how far the literal is moved now */
  GtkTextMark     *scrub_start;     /* around the literal as it is now */
  GtkTextMark     *scrub_end;

  /* Borrowed */
  GtkSourceBuffer *buffer;
  GtkTextTag      *step_tag;
  GtkTextTag      *error_tag;
  GtkTextTag      *read_only_tag;
};

G_DEFINE_FINAL_TYPE (BsEditor, bs_editor, GTK_SOURCE_TYPE_VIEW)

enum {
  LINE_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- autosave: the text survives a crash --------------------------------------------- */

static char *
autosave_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "backstep", "autosave.py", NULL);
}

static gboolean
autosave_now (gpointer user_data)
{
  BsEditor *self = user_data;
  g_autofree char *path = autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *text = bs_editor_get_text (self);
  g_autoptr(GError) error = NULL;

  self->autosave_id = 0;
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                    &error))
    g_warning ("Cannot autosave to %s: %s", path, error != NULL ? error->message : "");
  return G_SOURCE_REMOVE;
}

void
bs_editor_forget_draft (BsEditor *self)
{
  g_autofree char *path = autosave_path ();

  g_return_if_fail (BS_IS_EDITOR (self));

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_unlink (path);
}

gboolean
bs_editor_restore_draft (BsEditor *self)
{
  g_autofree char *path = autosave_path ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (BS_IS_EDITOR (self), FALSE);

  if (!g_file_get_contents (path, &text, NULL, NULL) || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  bs_editor_set_text (self, text);
  /* Still unsaved: keep the draft until it is saved or discarded. */
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), TRUE);
  autosave_now (self);
  return TRUE;
}

static void
buffer_changed (BsEditor *self)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_now, self);
}

/* --- text ----------------------------------------------------------------------------- */

char *
bs_editor_get_text (BsEditor *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (BS_IS_EDITOR (self), NULL);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

void
bs_editor_set_text (BsEditor   *self,
                    const char *text)
{
  GtkTextBuffer *buffer;
  GtkTextIter start;

  g_return_if_fail (BS_IS_EDITOR (self));
  g_return_if_fail (text != NULL);

  buffer = GTK_TEXT_BUFFER (self->buffer);
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  bs_editor_mark_saved (self);
}

void
bs_editor_set_read_only_lines (BsEditor     *self,
                               const GArray *lines)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_if_fail (BS_IS_EDITOR (self));

  buffer = GTK_TEXT_BUFFER (self->buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->read_only_tag, &start, &end);
  for (guint i = 0; lines != NULL && i + 1 < lines->len; i += 2)
    {
      /* the lines whole, with the newline that ends the last */
      gtk_text_buffer_get_iter_at_line (buffer, &start, g_array_index (lines, int, i) - 1);
      if (!gtk_text_buffer_get_iter_at_line (buffer, &end, g_array_index (lines, int, i + 1)))
        gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_apply_tag (buffer, self->read_only_tag, &start, &end);
    }
}

gboolean
bs_editor_is_modified (BsEditor *self)
{
  g_return_val_if_fail (BS_IS_EDITOR (self), FALSE);

  return gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer));
}

void
bs_editor_mark_saved (BsEditor *self)
{
  g_return_if_fail (BS_IS_EDITOR (self));

  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  bs_editor_forget_draft (self);
}

/* --- marks ---------------------------------------------------------------------------- */

void
bs_editor_clear_marks (BsEditor *self)
{
  GtkTextIter start, end;

  g_return_if_fail (BS_IS_EDITOR (self));

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->step_tag, &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->error_tag, &start, &end);
  g_clear_pointer (&self->error_message, g_free);
}

/* Tags a span; a whole line when end_line is before line. */
static void
mark_span (BsEditor   *self,
           GtkTextTag *tag,
           int         line,
           int         col,
           int         end_line,
           int         end_col)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  if (line < 1)
    return;
  gtk_text_buffer_get_iter_at_line (buffer, &start, line - 1);
  if (end_line < line)
    {
      end = start;
      gtk_text_iter_forward_to_line_end (&end);
    }
  else
    {
      gtk_text_buffer_get_iter_at_line_offset (buffer, &start, line - 1, MAX (col - 1, 0));
      gtk_text_buffer_get_iter_at_line_offset (buffer, &end, end_line - 1, MAX (end_col - 1, 0));
    }
  gtk_text_buffer_apply_tag (buffer, tag, &start, &end);
}

void
bs_editor_mark_line (BsEditor *self,
                     int       line)
{
  g_return_if_fail (BS_IS_EDITOR (self));

  mark_span (self, self->step_tag, line, 0, 0, 0);
}

void
bs_editor_mark_error (BsEditor   *self,
                      int         line,
                      int         col,
                      int         end_line,
                      int         end_col,
                      const char *message)
{
  g_return_if_fail (BS_IS_EDITOR (self));

  mark_span (self, self->error_tag, line, col, end_line, end_col);
  g_free (self->error_message);
  self->error_message = g_strdup (message);
}

void
bs_editor_show_line (BsEditor *self,
                     int       line)
{
  GtkTextIter iter;

  g_return_if_fail (BS_IS_EDITOR (self));

  if (line < 1)
    return;
  gtk_text_buffer_get_iter_at_line (GTK_TEXT_BUFFER (self->buffer), &iter, line - 1);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self), &iter, 0.1, FALSE, 0, 0);
}

/* --- events --------------------------------------------------------------------------- */

static int
line_at (BsEditor    *self,
         double       x,
         double       y,
         GtkTextIter *iter)
{
  int buffer_x, buffer_y;

  gtk_text_view_window_to_buffer_coords (GTK_TEXT_VIEW (self), GTK_TEXT_WINDOW_WIDGET,
                                         (int) x, (int) y, &buffer_x, &buffer_y);
  gtk_text_view_get_iter_at_location (GTK_TEXT_VIEW (self), iter, buffer_x, buffer_y);
  return gtk_text_iter_get_line (iter) + 1;
}

static void
clicked (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         BsEditor        *self)
{
  GtkTextIter iter;
  int line = line_at (self, x, y, &iter);

  g_signal_emit (self, signals[LINE_CLICKED], 0, line);
}

/* Hovering an underlined error shows its message. */
static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip,
               BsEditor   *self)
{
  g_autofree char *message = NULL;
  GtkTextIter iter;

  if (self->error_message == NULL || keyboard)
    return FALSE;
  line_at (self, x, y, &iter);
  if (!gtk_text_iter_has_tag (&iter, self->error_tag))
    return FALSE;
  message = g_strdup (self->error_message);
  gtk_tooltip_set_text (tooltip, g_strchomp (message));
  return TRUE;
}

/* --- scrubbing: Alt+drag on a number literal (bs-scrub.h) ----------------------------- */

/* A scrub is meant to be watched: it turns the window's live mode ("win.live") on. */
static void
scrub_goes_live (BsEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GVariant) live = NULL;

  if (!G_IS_ACTION_GROUP (root) || !g_action_group_has_action (G_ACTION_GROUP (root), "live"))
    return;
  live = g_action_group_get_action_state (G_ACTION_GROUP (root), "live");
  if (live != NULL && g_variant_is_of_type (live, G_VARIANT_TYPE_BOOLEAN)
      && !g_variant_get_boolean (live))
    g_action_group_change_action_state (G_ACTION_GROUP (root), "live",
                                        g_variant_new_boolean (TRUE));
}

static void
scrub_begin (GtkGestureDrag *gesture,
             double          x,
             double          y,
             BsEditor       *self)
{
  GdkModifierType modifiers =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter at, line_start, line_end, start, end;
  g_autofree char *line = NULL;
  g_autofree char *number = NULL;
  gsize index, from, to;

  if ((modifiers & (GDK_ALT_MASK | GDK_CONTROL_MASK | GDK_SHIFT_MASK)) != GDK_ALT_MASK)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  line_at (self, x, y, &at);
  line_start = line_end = at;
  gtk_text_iter_set_line_offset (&line_start, 0);
  if (!gtk_text_iter_ends_line (&line_end))
    gtk_text_iter_forward_to_line_end (&line_end);
  line = gtk_text_buffer_get_text (buffer, &line_start, &line_end, TRUE);
  index = (gsize) gtk_text_iter_get_line_index (&at);
  number = bs_scrub_number (line, index, 0, &from, &to);
  start = end = line_start;
  if (number != NULL)
    {
      gtk_text_iter_set_line_index (&start, (int) from);
      gtk_text_iter_set_line_index (&end, (int) to);
    }
  /* not on a number, or on a read-only line (a notebook's markdown): the text view's own
   * drag (a selection) */
  if (number == NULL || !gtk_text_iter_editable (&start, TRUE))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->scrub_line = g_steal_pointer (&line);
  self->scrub_index = index;
  self->scrub_units = 0;
  self->scrub_start = gtk_text_buffer_create_mark (buffer, NULL, &start, TRUE);
  self->scrub_end = gtk_text_buffer_create_mark (buffer, NULL, &end, FALSE);
  scrub_goes_live (self);
  /* the whole drag is one undoable change */
  gtk_text_buffer_begin_user_action (buffer);
}

/* Sideways: one unit of the literal's last decimal every BS_SCRUB_PIXELS_PER_UNIT pixels
 * from where the drag began, the literal's format kept. */
static void
scrub_update (GtkGestureDrag *gesture,
              double          offset_x,
              double          offset_y,
              BsEditor       *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;
  g_autofree char *number = NULL;
  gsize from, to;
  int units = (int) round (offset_x / BS_SCRUB_PIXELS_PER_UNIT);

  if (self->scrub_line == NULL || units == self->scrub_units)
    return;
  number = bs_scrub_number (self->scrub_line, self->scrub_index, units, &from, &to);
  if (number == NULL)
    return;
  self->scrub_units = units;
  gtk_text_buffer_get_iter_at_mark (buffer, &start, self->scrub_start);
  gtk_text_buffer_get_iter_at_mark (buffer, &end, self->scrub_end);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, number, -1);
}

static void
scrub_end (GtkGestureDrag *gesture,
           double          offset_x,
           double          offset_y,
           BsEditor       *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  if (self->scrub_line == NULL)
    return;
  gtk_text_buffer_end_user_action (buffer);
  gtk_text_buffer_delete_mark (buffer, self->scrub_start);
  gtk_text_buffer_delete_mark (buffer, self->scrub_end);
  self->scrub_start = self->scrub_end = NULL;
  g_clear_pointer (&self->scrub_line, g_free);
}

static void
update_style_scheme (BsEditor *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);
  GtkSourceStyleScheme *scheme =
    gtk_source_style_scheme_manager_get_scheme (schemes, dark ? "backstep-dark" : "backstep");

  if (scheme == NULL)
    scheme = gtk_source_style_scheme_manager_get_scheme (schemes, dark ? "Adwaita-dark"
                                                                       : "Adwaita");
  gtk_source_buffer_set_style_scheme (self->buffer, scheme);
}

/* --- set-up --------------------------------------------------------------------------- */

static void
bs_editor_dispose (GObject *object)
{
  BsEditor *self = BS_EDITOR (object);

  scrub_end (NULL, 0, 0, self);
  /* Edits made less than the autosave delay ago are saved now. */
  if (self->autosave_id != 0)
    {
      g_clear_handle_id (&self->autosave_id, g_source_remove);
      autosave_now (self);
    }
  G_OBJECT_CLASS (bs_editor_parent_class)->dispose (object);
}

static void
bs_editor_finalize (GObject *object)
{
  BsEditor *self = BS_EDITOR (object);

  g_free (self->error_message);
  g_free (self->scrub_line);
  G_OBJECT_CLASS (bs_editor_parent_class)->finalize (object);
}

/* --- wrapped lines: a "↪" where a line continues ------------------------------------ */

static void
bs_editor_snapshot_layer (GtkTextView      *view,
                          GtkTextViewLayer  layer,
                          GtkSnapshot      *snapshot)
{
  GdkRectangle visible;
  GtkTextIter iter;
  PangoLayout *mark;
  GdkRGBA color;
  int x, y_end;

  GTK_TEXT_VIEW_CLASS (bs_editor_parent_class)->snapshot_layer (view, layer, snapshot);
  if (layer != GTK_TEXT_VIEW_LAYER_ABOVE_TEXT)
    return;
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_line_at_y (view, &iter, visible.y, NULL);
  mark = gtk_widget_create_pango_layout (GTK_WIDGET (view), "↪");
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (view)), &color);
  color.alpha *= 0.55f;
  x = gtk_text_view_get_left_margin (view);
  y_end = visible.y + visible.height;
  /* each display line of the lines in view that does not start a line of the text */
  while (gtk_text_view_forward_display_line (view, &iter))
    {
      GdkRectangle at;

      gtk_text_view_get_iter_location (view, &iter, &at);
      if (at.y > y_end)
        break;
      if (gtk_text_iter_starts_line (&iter) || gtk_text_iter_is_end (&iter))
        continue;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, at.y));
      gtk_snapshot_append_layout (snapshot, mark, &color);
      gtk_snapshot_restore (snapshot);
    }
  g_object_unref (mark);
}

static void
bs_editor_class_init (BsEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkTextViewClass *view_class = GTK_TEXT_VIEW_CLASS (klass);

  object_class->dispose = bs_editor_dispose;
  object_class->finalize = bs_editor_finalize;
  view_class->snapshot_layer = bs_editor_snapshot_layer;

  /* A click in the text: the line (from 1) under the pointer. */
  signals[LINE_CLICKED] = g_signal_new ("line-clicked", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
bs_editor_init (BsEditor *self)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  GtkTextBuffer *buffer;
  GtkGesture *click;
  GtkGesture *scrub;

  self->buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self)));
  buffer = GTK_TEXT_BUFFER (self->buffer);
  /* no line is cut: long ones wrap, the rest of each indented after a "↪" (a negative
   * indent hangs every display line of a line but its first) */
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_indent (GTK_TEXT_VIEW (self), -CONTINUATION_INDENT);
  gtk_source_buffer_set_language (self->buffer,
                                  gtk_source_language_manager_get_language (languages,
                                                                            "python3"));
  self->step_tag = gtk_text_buffer_create_tag (buffer, "current-step",
                                               "paragraph-background", "rgba(53,132,228,0.18)",
                                               NULL);
  self->read_only_tag = gtk_text_buffer_create_tag (buffer, "read-only", "editable", FALSE,
                                                    "paragraph-background",
                                                    "rgba(128,128,128,0.10)", NULL);
  self->error_tag = gtk_text_buffer_create_tag (buffer, "error",
                                                "underline", PANGO_UNDERLINE_ERROR,
                                                "underline-rgba",
                                                &(GdkRGBA) { 0.88, 0.11, 0.14, 1 },
                                                NULL);
  update_style_scheme (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_style_scheme), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (buffer_changed), self,
                           G_CONNECT_SWAPPED);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (clicked), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  /* before the text view's own drag, which would select */
  scrub = gtk_gesture_drag_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (scrub), GTK_PHASE_CAPTURE);
  g_signal_connect (scrub, "drag-begin", G_CALLBACK (scrub_begin), self);
  g_signal_connect (scrub, "drag-update", G_CALLBACK (scrub_update), self);
  g_signal_connect (scrub, "drag-end", G_CALLBACK (scrub_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (scrub));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip), self);
}

GtkWidget *
bs_editor_new (void)
{
  return g_object_new (BS_TYPE_EDITOR, NULL);
}
