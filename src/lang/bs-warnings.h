/* bs-warnings.h: warnings raised by Backstep's own libraries (numpy's RuntimeWarnings,
 * torch's UserWarnings) through Python's warnings module (py/warnings.py), so that its
 * filters, its once-per-location rule and catch_warnings apply to them as in Python */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

/* Where a warning points: the line of a library's own file (numpy's _methods.py), shown
 * with its text as Python shows it, in the registry of its module */
typedef struct {
  const char *filename;
  int         lineno;
  const char *module;   /* "numpy.core._methods" */
  const char *line;     /* the line as the file has it */
} BsWarningPlace;

/* warnings.warn_explicit(text, category) at the script's line being run (as a C library
 * warns with stacklevel 1). FALSE with the exception when a filter makes it an error. */
gboolean bs_warn    (BsInterp *in, const char *category, const char *text);
/* The same at a line of a library's file */
gboolean bs_warn_at (BsInterp *in, const char *category, const char *text,
                     const BsWarningPlace *place);

extern const struct _BsSignatureTable bs_warnings_table;
void     bs_warnings_module_init (BsInterp *in);

G_END_DECLS
