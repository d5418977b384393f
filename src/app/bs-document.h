/* bs-document.h: the script the window edits: where it came from and where it goes
 *
 * A document is a file (a script, or a notebook shown as its cell view), a built-in
 * example, or neither (a new script). Reading checks that a file is a UTF-8 script of at
 * most BS_DOCUMENT_MAX_BYTES or a notebook; saving writes the file whole or not at all,
 * a notebook as a notebook (its cells back into its JSON).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define BS_DOCUMENT_MAX_BYTES (10 * 1024 * 1024)

#define BS_TYPE_DOCUMENT (bs_document_get_type ())

G_DECLARE_FINAL_TYPE (BsDocument, bs_document, BS, DOCUMENT, GObject)

BsDocument *bs_document_new              (void);
/* The example name ("01-two-paths") becomes the document; it has no file. */
void        bs_document_set_example      (BsDocument  *self,
                                          const char  *name);
/* Reads file and makes it the document's: the text to edit (a notebook's cell view), or
 * NULL with a message naming the file. */
char       *bs_document_open             (BsDocument  *self,
                                          GFile       *file,
                                          GError     **error);
/* Saves text to file and makes it the document's: the text the editor should show now (a
 * notebook's cells renumbered), or NULL with error. */
char       *bs_document_save             (BsDocument  *self,
                                          GFile       *file,
                                          const char  *text,
                                          GError     **error);
/* The lines of text (the document's, as edited) that are not to be edited: a notebook's
 * cell headers and markdown and raw cells (see bs_notebook_read_only_lines); NULL for a
 * script. */
GArray     *bs_document_get_read_only_lines (BsDocument *self,
                                             const char *text);
GFile      *bs_document_get_file         (BsDocument  *self);
const char *bs_document_get_example      (BsDocument  *self);
/* "script.py", "01-two-paths (example)", "Untitled script" */
char       *bs_document_get_title        (BsDocument  *self);
/* A name for files made from it, without extension: "01-two-paths", "script", or
 * fallback for a new script. */
char       *bs_document_get_stem         (BsDocument  *self,
                                          const char  *fallback);

G_END_DECLS
