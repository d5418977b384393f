/* bs-parser.h: Python source to a BsAst */
#pragma once

#include <glib.h>

#include "bs-ast.h"
#include "bs-lang-error.h"

G_BEGIN_DECLS

/* Parses a whole file. @length -1 means NUL-terminated. Returns NULL with a
 * BS_LANG_ERROR (which carries the position; see bs-lang-error.h) on a syntax
 * error or on Python that Backstep refuses. Keeps no state between calls. */
BsAst *bs_parse            (const char  *source,
                            gssize       length,
                            const char  *filename,
                            GError     **error);

/* As bs_parse(), with every identifier interned in names (a set of strings that owns them:
 * g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL)): the same name is then
 * the same pointer in every tree parsed with the table, and can be compared by address. */
BsAst *bs_parse_interned   (const char  *source,
                            gssize       length,
                            const char  *filename,
                            GHashTable  *names,
                            GError     **error);

/* As bs_parse(), for a notebook's cell: when it fails, *at_end says whether the source
 * ended before the error, so that more lines could make it parse (what CPython calls
 * "incomplete input" when it compiles as IPython does, PyCF_ALLOW_INCOMPLETE_INPUT). */
BsAst *bs_parse_cell       (const char  *source,
                            gssize       length,
                            const char  *filename,
                            gboolean    *at_end,
                            GError     **error);

/* Parses a single expression (a watch, a REPL-style line): the root is an
 * expression node. */
BsAst *bs_parse_expression (const char  *source,
                            gssize       length,
                            const char  *filename,
                            GError     **error);

G_END_DECLS
