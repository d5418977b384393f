/* bs-lang-error.h: the language's GError domain, carrying a source position */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_LANG_ERROR (bs_lang_error_quark ())

/* Codes name the Python exception a user would see. BS_LANG_ERROR is an
 * extended GError domain: every error of this domain carries the file name and
 * the span it points at, read back with bs_lang_error_get_location(). */
typedef enum {
  BS_LANG_ERROR_SYNTAX,       /* SyntaxError */
  BS_LANG_ERROR_INDENTATION,  /* IndentationError */
  BS_LANG_ERROR_TAB,          /* TabError */
  BS_LANG_ERROR_UNSUPPORTED,  /* valid Python that Backstep refuses (reported as SyntaxError) */
} BsLangError;

GQuark      bs_lang_error_quark              (void);

/* Lines and columns are 1-based; columns count characters, as CPython's
 * SyntaxError.offset does. The span is [line:col, end_line:end_col). */
void        bs_lang_set_error                (GError          **error,
                                              BsLangError       code,
                                              const char       *filename,
                                              int               line,
                                              int               col,
                                              int               end_line,
                                              int               end_col,
                                              const char       *format,
                                              ...) G_GNUC_PRINTF (8, 9);
gboolean    bs_lang_error_get_location       (const GError     *error,
                                              const char      **filename,
                                              int              *line,
                                              int              *col,
                                              int              *end_line,
                                              int              *end_col);
const char *bs_lang_error_get_exception_name (const GError     *error);

/* CPython's rendering of a SyntaxError: File line, the stripped source line,
 * the caret line and "SyntaxError: message". Returns a newly allocated string
 * ending with a newline. @filename overrides the one stored in the error. */
char       *bs_lang_format_syntax_error      (const char       *filename,
                                              const char       *source,
                                              const GError     *error);

G_END_DECLS
