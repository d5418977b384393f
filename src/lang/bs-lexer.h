/* bs-lexer.h: turns Python source into tokens, one at a time */
#pragma once

#include <glib.h>

#include "bs-token.h"

G_BEGIN_DECLS

typedef struct _BsLexer BsLexer;

typedef enum {
  BS_LEXER_FLAGS_NONE = 0,
  /* Lex one expression, as inside brackets: no NEWLINE, INDENT or DEDENT.
   * Used for the replacement fields of f-strings. */
  BS_LEXER_EXPRESSION = 1 << 0,
} BsLexerFlags;

typedef enum {
  BS_STRING_RAW    = 1 << 0,
  BS_STRING_FORMAT = 1 << 1,
  BS_STRING_BYTES  = 1 << 2,
  BS_STRING_TRIPLE = 1 << 3,
} BsStringFlags;

/* @source must outlive the lexer; it need not be NUL-terminated. */
BsLexer  *bs_lexer_new              (const char     *source,
                                     gsize           length,
                                     const char     *filename);
/* Lexes source[start, end) which begins at @line:@col of the whole source;
 * token offsets stay relative to @source. */
BsLexer  *bs_lexer_new_for_range    (const char     *source,
                                     gsize           start,
                                     gsize           end,
                                     int             line,
                                     int             col,
                                     const char     *filename,
                                     BsLexerFlags    flags);
void      bs_lexer_free             (BsLexer        *self);

/* Returns FALSE with a BS_LANG_ERROR on a lexical error. After EOF, keeps
 * returning EOF. */
gboolean  bs_lexer_next             (BsLexer        *self,
                                     BsToken        *token,
                                     GError        **error);
/* TRUE when the last error was the source ending too soon: a bracket never closed, a
 * triple-quoted string not ended, a line continuation at the end (CPython's "incomplete
 * input" when it compiles as IPython does). */
gboolean  bs_lexer_error_at_end     (BsLexer        *self);
/* How many brackets are open, and where the innermost opened. */
int       bs_lexer_get_level        (BsLexer        *self,
                                     int            *line,
                                     int            *col);

/* Moves a position (@line, @col at byte @from) forward to byte @to. */
void      bs_lexer_advance_position (const char     *source,
                                     gsize           from,
                                     gsize           to,
                                     int            *line,
                                     int            *col);

/* Splits a STRING token into its prefix flags and its body between quotes. */
void      bs_lexer_string_parts     (const char     *source,
                                     const BsToken  *token,
                                     BsStringFlags  *flags,
                                     gsize          *body_start,
                                     gsize          *body_end);
/* Decodes the escapes of source[start, end) (a string body, or a literal piece
 * of one) into @out. On a bad escape returns FALSE, with @error_offset the
 * byte offset of the escape and @message what went wrong. */
gboolean  bs_lexer_decode_string    (const char     *source,
                                     gsize           start,
                                     gsize           end,
                                     gboolean        raw,
                                     GString        *out,
                                     gsize          *error_offset,
                                     char          **message);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsLexer, bs_lexer_free)

G_END_DECLS
