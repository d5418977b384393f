/* bs-token.h: the tokens the lexer hands to the parser */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_TOKEN_EOF,
  BS_TOKEN_NEWLINE,
  BS_TOKEN_INDENT,
  BS_TOKEN_DEDENT,
  BS_TOKEN_NAME,
  BS_TOKEN_INT,
  BS_TOKEN_FLOAT,
  BS_TOKEN_STRING,           /* one literal, prefix and quotes included */
  BS_TOKEN_ERROR,            /* a stray ASCII character such as '$': "invalid syntax" */

  /* Brackets and punctuation */
  BS_TOKEN_LPAR,
  BS_TOKEN_RPAR,
  BS_TOKEN_LSQB,
  BS_TOKEN_RSQB,
  BS_TOKEN_LBRACE,
  BS_TOKEN_RBRACE,
  BS_TOKEN_COMMA,
  BS_TOKEN_COLON,
  BS_TOKEN_SEMI,
  BS_TOKEN_DOT,
  BS_TOKEN_ELLIPSIS,
  BS_TOKEN_ARROW,
  BS_TOKEN_EQUAL,
  BS_TOKEN_COLONEQUAL,
  BS_TOKEN_BANG,             /* only meaningful inside f-string replacement fields */

  /* Operators */
  BS_TOKEN_PLUS,
  BS_TOKEN_MINUS,
  BS_TOKEN_STAR,
  BS_TOKEN_SLASH,
  BS_TOKEN_DOUBLESLASH,
  BS_TOKEN_PERCENT,
  BS_TOKEN_AT,
  BS_TOKEN_DOUBLESTAR,
  BS_TOKEN_LSHIFT,
  BS_TOKEN_RSHIFT,
  BS_TOKEN_AMPER,
  BS_TOKEN_VBAR,
  BS_TOKEN_CIRCUMFLEX,
  BS_TOKEN_TILDE,
  BS_TOKEN_LESS,
  BS_TOKEN_GREATER,
  BS_TOKEN_LESSEQUAL,
  BS_TOKEN_GREATEREQUAL,
  BS_TOKEN_EQEQUAL,
  BS_TOKEN_NOTEQUAL,

  /* Augmented assignment, in the order of the operators above */
  BS_TOKEN_PLUSEQUAL,
  BS_TOKEN_MINEQUAL,
  BS_TOKEN_STAREQUAL,
  BS_TOKEN_SLASHEQUAL,
  BS_TOKEN_DOUBLESLASHEQUAL,
  BS_TOKEN_PERCENTEQUAL,
  BS_TOKEN_ATEQUAL,
  BS_TOKEN_DOUBLESTAREQUAL,
  BS_TOKEN_LSHIFTEQUAL,
  BS_TOKEN_RSHIFTEQUAL,
  BS_TOKEN_AMPEREQUAL,
  BS_TOKEN_VBAREQUAL,
  BS_TOKEN_CIRCUMFLEXEQUAL,

  /* Keywords */
  BS_TOKEN_FALSE,
  BS_TOKEN_NONE,
  BS_TOKEN_TRUE,
  BS_TOKEN_AND,
  BS_TOKEN_AS,
  BS_TOKEN_ASSERT,
  BS_TOKEN_ASYNC,
  BS_TOKEN_AWAIT,
  BS_TOKEN_BREAK,
  BS_TOKEN_CLASS,
  BS_TOKEN_CONTINUE,
  BS_TOKEN_DEF,
  BS_TOKEN_DEL,
  BS_TOKEN_ELIF,
  BS_TOKEN_ELSE,
  BS_TOKEN_EXCEPT,
  BS_TOKEN_FINALLY,
  BS_TOKEN_FOR,
  BS_TOKEN_FROM,
  BS_TOKEN_GLOBAL,
  BS_TOKEN_IF,
  BS_TOKEN_IMPORT,
  BS_TOKEN_IN,
  BS_TOKEN_IS,
  BS_TOKEN_LAMBDA,
  BS_TOKEN_NONLOCAL,
  BS_TOKEN_NOT,
  BS_TOKEN_OR,
  BS_TOKEN_PASS,
  BS_TOKEN_RAISE,
  BS_TOKEN_RETURN,
  BS_TOKEN_TRY,
  BS_TOKEN_WHILE,
  BS_TOKEN_WITH,
  BS_TOKEN_YIELD,

  BS_N_TOKEN_KINDS
} BsTokenKind;

#define BS_TOKEN_FIRST_KEYWORD BS_TOKEN_FALSE
#define BS_TOKEN_IS_KEYWORD(kind) ((kind) >= BS_TOKEN_FIRST_KEYWORD && (kind) < BS_N_TOKEN_KINDS)
#define BS_TOKEN_IS_AUGASSIGN(kind) ((kind) >= BS_TOKEN_PLUSEQUAL && \
                                     (kind) <= BS_TOKEN_CIRCUMFLEXEQUAL)

/* A token is a span of the source: [start, end) in bytes, and the same span as
 * 1-based lines and character columns. INDENT, DEDENT, NEWLINE and EOF have
 * empty or one-character spans where CPython reports them. */
typedef struct {
  BsTokenKind kind;
  gsize       start;
  gsize       end;
  int         line;
  int         col;
  int         end_line;
  int         end_col;
} BsToken;

/* "NAME", "'('", "'if'": how messages and token dumps name a kind. */
const char *bs_token_kind_name (BsTokenKind kind);

G_END_DECLS
