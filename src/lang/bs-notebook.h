/* bs-notebook.h: Jupyter notebooks (nbformat 4) read, shown as text, run and saved
 *
 * A notebook is shown and run as one text, its "cell view": each cell under a header
 * line, code as it is, markdown and raw cells as comments:
 *
 *   # In [1]:
 *   x = torch.tensor(2.0, requires_grad=True)
 *
 *   # [markdown]
 *   # ## The backward pass
 *
 * Running the view (bs_notebook_run) runs its code cells in order as one script, each cell
 * a scope "In [k]"; IPython's magics and shell lines are skipped with a note on stderr.
 * Saving writes the cells back into the notebook's JSON, the other cells' outputs and
 * metadata as they were, or the file's own bytes when the view was not edited.
 */
#pragma once

#include <gio/gio.h>

#include "bs-interp.h"

G_BEGIN_DECLS

#define BS_NOTEBOOK_ERROR (bs_notebook_error_quark ())

typedef enum {
  BS_NOTEBOOK_ERROR_JSON,       /* not JSON: "line:col: what" */
  BS_NOTEBOOK_ERROR_FORMAT,     /* not nbformat 4: names the member ("cells[2].source") */
  BS_NOTEBOOK_ERROR_NO_CODE,    /* markdown and raw cells only */
} BsNotebookError;

GQuark bs_notebook_error_quark (void);

typedef struct _BsNotebook BsNotebook;

/* Whether a file is read as a notebook: its name ends in ".ipynb". */
gboolean    bs_notebook_is_notebook_name (const char  *filename);

/* Reads a notebook's bytes; the error's message says where it went wrong. */
BsNotebook *bs_notebook_new_from_data (const char  *data,
                                       gsize        length,
                                       GError     **error);
void        bs_notebook_free          (BsNotebook  *self);

/* The cell view (owned by the notebook). */
const char *bs_notebook_get_text      (BsNotebook  *self);

/* The notebook's bytes with the cells of text (a cell view, possibly edited): the bytes
 * it was read from when text is its own view; otherwise nbformat 4 JSON as Jupyter
 * writes it. Fails when text has no code cell. */
GBytes     *bs_notebook_save          (BsNotebook  *self,
                                       const char  *text,
                                       GError     **error);

/* The lines of a cell view that the editor keeps read-only: each header line, and each
 * markdown and raw cell whole, up to the next cell. Pairs of line numbers (int, from 1):
 * first, last. */
GArray     *bs_notebook_read_only_lines (const char *text);

/* Runs a cell view as bs_interp_run runs a script: code cells in order, each a scope
 * labelled "In [k]" whose last bare expression prints its repr as Jupyter shows it;
 * magics and shell lines skipped, each named in a note on the interpreter's stderr.
 * Tracebacks name the cell and its line: File "x.ipynb", cell In [3], line 2. */
gboolean    bs_notebook_run           (BsInterp    *interp,
                                       const char  *text,
                                       gssize       length,
                                       const char  *filename,
                                       GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsNotebook, bs_notebook_free)

G_END_DECLS
