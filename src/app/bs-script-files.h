/* bs-script-files.h: what the editor's script is read from and saved to
 *
 * Open, Save, Save As, the examples, a file dropped on the window and closing it: edited
 * text is never replaced or lost without asking. ::opened says a script (a file or an
 * example the user chose) replaced the editor's text, to run; ::changed that the title
 * may have changed (another document, saved); ::message carries a line for the user.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-document.h"
#include "bs-editor.h"

G_BEGIN_DECLS

#define BS_TYPE_SCRIPT_FILES (bs_script_files_get_type ())

G_DECLARE_FINAL_TYPE (BsScriptFiles, bs_script_files, BS, SCRIPT_FILES, GObject)

/* parent (the dialogs' parent, destroyed when the user agrees to close) and editor are
 * borrowed: they outlive it. */
BsScriptFiles *bs_script_files_new           (GtkWindow     *parent,
                                              BsEditor      *editor);
BsDocument    *bs_script_files_get_document  (BsScriptFiles *self);
/* The editor's title: "• script.py" when edited. */
char          *bs_script_files_get_title     (BsScriptFiles *self);

/* Puts a built-in example ("01-two-paths") in the editor at once; FALSE when unknown. */
gboolean       bs_script_files_load_example  (BsScriptFiles *self,
                                              const char    *name);
/* Reads file into the editor at once, then ::opened; a message when it cannot. */
void           bs_script_files_open          (BsScriptFiles *self,
                                              GFile         *file);
/* Replaces the editor's text with example (or file, when example is NULL), asking first
 * when the text was edited; then ::opened. */
void           bs_script_files_replace       (BsScriptFiles *self,
                                              const char    *example,
                                              GFile         *file);
/* The file chooser for Open. */
void           bs_script_files_choose_open   (BsScriptFiles *self);
/* Saves to the document's file, or asks for one as Save As. */
void           bs_script_files_save          (BsScriptFiles *self);
void           bs_script_files_choose_save   (BsScriptFiles *self);
/* The window is asked to close: FALSE when it may (nothing unsaved), else TRUE and the
 * user is asked, and the window destroyed if they agree. */
gboolean       bs_script_files_hold_close    (BsScriptFiles *self);

G_END_DECLS
