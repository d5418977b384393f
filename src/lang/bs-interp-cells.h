/* bs-interp-cells.h: a script run as a notebook's cells (bs-notebook.h makes them) */
#pragma once

#include "bs-interp.h"

G_BEGIN_DECLS

/* A code cell: the lines of the script it holds (1-based, inclusive) and its label. */
typedef struct _BsInterpCell {
  int         first_line;
  int         last_line;
  const char *label;        /* "In [3]" */
} BsInterpCell;

/* Runs source as bs_interp_run does, its top-level statements grouped by cells (in order,
 * not overlapping; statements outside every cell run without one): each cell is a scope
 * of kind BS_INTERP_SCOPE_CELL, and its last statement, when a bare expression not ended
 * by ";", prints the value's repr unless it is None, as Jupyter displays it. A statement
 * reaching from one cell into the next is a SyntaxError. The traceback's lines in
 * filename name the cell: File "x.ipynb", cell In [3], line 2 (the line in the cell). */
gboolean bs_interp_run_cells (BsInterp           *self,
                              const char         *source,
                              gssize              length,
                              const char         *filename,
                              const BsInterpCell *cells,
                              guint               n_cells,
                              GError            **error);

G_END_DECLS
