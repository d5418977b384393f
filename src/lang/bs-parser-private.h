/* bs-parser-private.h: what the parser's files share */
#pragma once

#include "bs-lexer.h"
#include "bs-parser.h"

G_BEGIN_DECLS

/* Nesting of expressions and blocks. CPython gives up at a similar depth
 * ("maximum recursion depth exceeded during compilation"); bounding it here
 * also bounds the recursion of everything that walks the tree. */
#define MAX_DEPTH 1000
#define MAX_FSTRING_NESTING 2

typedef struct {
  /* Borrowed */
  const char *src;
  gsize       length;
  const char *filename;
  BsAst      *ast;
  BsLexer    *lexer;
  GHashTable *names;       /* interned identifiers, or NULL */

  BsToken     prev;
  BsToken     cur;
  BsToken     next;
  gboolean    has_next;

  GError     *error;
  gboolean    error_at_end;  /* the source ended before the error: it could go on */
  int         error_read_to; /* a syntax error of the parser's: the line of the last token
                              * read, to look for a later lexical error; else 0 */
  int         depth;
  int         loop_depth;
  int         func_depth;
  int         class_depth;
  int         fstring_depth;
  guint       n_yields;    /* yield expressions parsed so far: a def whose body adds some
                            * is a generator */
} BsParser;

typedef enum {
  PREC_NONE,
  PREC_EXPR,        /* lambda, a if b else c */
  PREC_OR,
  PREC_AND,
  PREC_NOT,
  PREC_COMPARISON,
  PREC_BOR,
  PREC_BXOR,
  PREC_BAND,
  PREC_SHIFT,
  PREC_SUM,
  PREC_TERM,
  PREC_UNARY,
  PREC_POWER,
  PREC_PRIMARY,
} Precedence;

typedef BsAstNode *(*PrefixFn) (BsParser *p, Precedence min);
typedef BsAstNode *(*InfixFn)  (BsParser *p, BsAstNode *left, BsSpan start);

typedef struct {
  PrefixFn   prefix;
  InfixFn    infix;
  Precedence precedence;
} ParseRule;

#define FAILED(p) ((p)->error != NULL)

/* --- bs-parser-fold.c: turns node, an expression of integer literals that fits in 64 bits
 * although a step of it does not (2**63 - 1), into its constant, as CPython folds it */
void bs_parser_fold_int (BsParser *p, BsAstNode *node);

/* --- bs-parser.c: tokens, errors, targets, names and numbers */

void bs_parser_error_span (BsParser *p, BsLangError code, BsSpan span, const char *format, ...)
    G_GNUC_PRINTF (4, 5);
void bs_parser_syntax_error (BsParser *p, BsSpan span, const char *format, ...)
    G_GNUC_PRINTF (3, 4);
BsAstNode *bs_parser_new_node (BsParser *p, BsAstKind kind, BsSpan start);
BsAstNode *bs_parser_parse_literal (BsParser *p, Precedence min);
BsAstNode *bs_parser_parse_name (BsParser *p, Precedence min);
BsAstNode *bs_parser_parse_number (BsParser *p, Precedence min);
BsSpan bs_parser_join_spans (BsSpan a, BsSpan b);
BsSpan bs_parser_token_span (const BsToken *t);
const BsToken *bs_parser_peek (BsParser *p);
const char *bs_parser_expr_name (const BsAstNode *e);
const char *bs_parser_identifier (BsParser *p, const char *text, gsize length);
const char *bs_parser_token_text (BsParser *p, const BsToken *t);
gboolean bs_parser_can_start_expression (BsParser *p);
gboolean bs_parser_check (BsParser *p, BsTokenKind kind);
gboolean bs_parser_expect (BsParser *p, BsTokenKind kind);
gboolean bs_parser_expect_colon (BsParser *p);
gboolean bs_parser_expect_colon_at_line_end (BsParser *p);
gboolean bs_parser_make_target (BsParser *p, BsAstNode *e, BsExprContext ctx, gboolean hint);
gboolean bs_parser_match (BsParser *p, BsTokenKind kind);
void bs_parser_advance (BsParser *p);
void bs_parser_finish (BsParser *p, BsAstNode *node);
void bs_parser_invalid_syntax (BsParser *p);
void bs_parser_refuse (BsParser *p, BsSpan span, const char *what);
void bs_parser_set_context (BsAstNode *e, BsExprContext ctx);

/* --- bs-parser-fstring.c */

BsAstNode *bs_parser_parse_strings (BsParser *p, Precedence min);

/* --- bs-parser-expr.c */

BsAstNode *bs_parser_parse_expression (BsParser *p);
BsAstNode *bs_parser_parse_precedence (BsParser *p, Precedence min);
BsAstNode *bs_parser_parse_star_expressions (BsParser *p);
BsAstNode *bs_parser_parse_target_list (BsParser *p);
const ParseRule *bs_parser_get_rule (BsTokenKind kind);
gboolean bs_parser_enter (BsParser *p);
gboolean bs_parser_parse_call_arguments (BsParser *p, GPtrArray *args, GPtrArray *keywords,
                                         BsSpan open);

/* --- bs-parser-stmt.c */

BsAstNode *bs_parser_parse_parameters (BsParser *p, BsTokenKind close, gboolean annotations);
void bs_parser_parse_statement (BsParser *p, GPtrArray *into);

G_END_DECLS
