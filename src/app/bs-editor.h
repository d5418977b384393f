/* bs-editor.h: the script editor
 *
 * A GtkSourceView for Python that autosaves its text (so it survives a crash), marks the
 * line of the current step and the span of an error (whose message shows on hover), and
 * says which line was clicked. Alt+drag on a number literal moves it sideways (bs-scrub.h)
 * and turns the window's live mode ("win.live") on, so the script runs again as it moves.
 */
#pragma once

#include <gtksourceview/gtksource.h>

G_BEGIN_DECLS

#define BS_TYPE_EDITOR (bs_editor_get_type ())

G_DECLARE_FINAL_TYPE (BsEditor, bs_editor, BS, EDITOR, GtkSourceView)

GtkWidget *bs_editor_new              (void);

char      *bs_editor_get_text         (BsEditor   *self);
/* Replaces the text (not undoable, not modified, the autosaved draft forgotten). */
void       bs_editor_set_text         (BsEditor   *self,
                                       const char *text);
/* Makes the lines of lines (pairs of line numbers from 1, first and last) the only ones
 * that cannot be edited: a notebook's markdown cells and cell headers. */
void       bs_editor_set_read_only_lines (BsEditor     *self,
                                          const GArray *lines);
gboolean   bs_editor_is_modified      (BsEditor   *self);
/* Marks the text saved: not modified, the autosaved draft forgotten. */
void       bs_editor_mark_saved       (BsEditor   *self);

/* Puts back the text autosaved and never saved, still unsaved; FALSE when there is none. */
gboolean   bs_editor_restore_draft    (BsEditor   *self);
void       bs_editor_forget_draft     (BsEditor   *self);

void       bs_editor_clear_marks      (BsEditor   *self);
/* Lights the whole of line (from 1). */
void       bs_editor_mark_line        (BsEditor   *self,
                                       int         line);
/* Underlines an error's span (lines and columns from 1); hovering it shows message. */
void       bs_editor_mark_error       (BsEditor   *self,
                                       int         line,
                                       int         col,
                                       int         end_line,
                                       int         end_col,
                                       const char *message);
/* Puts the cursor at the start of line (from 1) and scrolls to it. */
void       bs_editor_show_line        (BsEditor   *self,
                                       int         line);

G_END_DECLS
