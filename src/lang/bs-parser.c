/* bs-parser.c: a Pratt parser for the Python subset: tokens, errors, targets, entry points */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-parser-private.h"

#include <errno.h>
#include <string.h>

/* Tokens */

static void
lex_into (BsParser *p,
          BsToken  *token)
{
  if (p->error == NULL)
    {
      if (bs_lexer_next (p->lexer, token, &p->error))
        return;
      p->error_at_end = p->fstring_depth == 0 && bs_lexer_error_at_end (p->lexer);
    }
  /* After an error, the parser sees an endless EOF and unwinds. */
  token->kind = BS_TOKEN_EOF;
  token->start = token->end = p->prev.end;
  token->line = token->end_line = p->prev.end_line;
  token->col = token->end_col = p->prev.end_col;
}

void
bs_parser_advance (BsParser *p)
{
  p->prev = p->cur;
  if (p->has_next)
    {
      p->cur = p->next;
      p->has_next = FALSE;
    }
  else
    lex_into (p, &p->cur);
}

const BsToken *
bs_parser_peek (BsParser *p)
{
  if (!p->has_next)
    {
      lex_into (p, &p->next);
      p->has_next = TRUE;
    }
  return &p->next;
}

gboolean
bs_parser_check (BsParser    *p,
                 BsTokenKind  kind)
{
  return p->cur.kind == kind;
}

gboolean
bs_parser_match (BsParser    *p,
                 BsTokenKind  kind)
{
  if (p->cur.kind != kind)
    return FALSE;
  bs_parser_advance (p);
  return TRUE;
}

/* Spans */

BsSpan
bs_parser_token_span (const BsToken *t)
{
  return (BsSpan) { t->line, t->col, t->end_line, t->end_col };
}

BsSpan
bs_parser_join_spans (BsSpan a,
                      BsSpan b)
{
  return (BsSpan) { a.line, a.col, b.end_line, b.end_col };
}

/* A node starting at @start and ending with the last consumed token. */
BsAstNode *
bs_parser_new_node (BsParser   *p,
                    BsAstKind  kind,
                    BsSpan      start)
{
  BsSpan span = { start.line, start.col, p->prev.end_line, p->prev.end_col };

  return bs_ast_new_node (p->ast, kind, &span);
}

void
bs_parser_finish (BsParser *p,
                  BsAstNode   *node)
{
  node->span.end_line = p->prev.end_line;
  node->span.end_col = p->prev.end_col;
}

/* An identifier: with a table of names, the one copy of it there. */
const char *
bs_parser_identifier (BsParser   *p,
                      const char *text,
                      gsize       length)
{
  char *copy = bs_ast_strndup (p->ast, text, length);
  char *name;

  if (p->names == NULL)
    return copy;
  name = g_hash_table_lookup (p->names, copy);
  if (name == NULL)
    {
      name = g_strdup (copy);
      g_hash_table_add (p->names, name);
    }
  return name;
}

const char *
bs_parser_token_text (BsParser      *p,
                      const BsToken *t)
{
  return bs_parser_identifier (p, p->src + t->start, t->end - t->start);
}

/* Errors */

static void
error_spanv (BsParser    *p,
             BsLangError  code,
             BsSpan       span,
             const char  *format,
             va_list      args)
{
  g_autofree char *message = NULL;

  if (p->error != NULL)
    return;
  /* as CPython's first parsing pass failing at the end of the source (past its last
   * token, or at the dedents that close its blocks) */
  p->error_at_end = p->fstring_depth == 0
                    && (p->cur.kind == BS_TOKEN_EOF
                        || (p->cur.kind == BS_TOKEN_DEDENT && p->cur.start >= p->length));
  if (p->fstring_depth == 0 && (code == BS_LANG_ERROR_SYNTAX
                                || code == BS_LANG_ERROR_INDENTATION))
    p->error_read_to = p->has_next ? p->next.line : p->cur.line;
  message = g_strdup_vprintf (format, args);
  bs_lang_set_error (&p->error, code, p->filename, span.line, span.col, span.end_line,
                     span.end_col, "%s%s", p->fstring_depth > 0 ? "f-string: " : "", message);
}

void
bs_parser_error_span (BsParser    *p,
                      BsLangError  code,
                      BsSpan       span,
                      const char  *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  error_spanv (p, code, span, format, args);
  va_end (args);
}

void
bs_parser_syntax_error (BsParser   *p,
                        BsSpan      span,
                        const char *format,
                        ...)
{
  va_list args;

  va_start (args, format);
  error_spanv (p, BS_LANG_ERROR_SYNTAX, span, format, args);
  va_end (args);
}

void
bs_parser_refuse (BsParser   *p,
                  BsSpan      span,
                  const char *what)
{
  bs_parser_error_span (p, BS_LANG_ERROR_UNSUPPORTED, span, "%s not supported by Backstep", what);
}

/* Lexes the rest of the source and returns the first lexical error, if any. */
static GError *
drain_lexer (BsParser *p)
{
  GError *later = NULL;
  BsToken token;

  while (bs_lexer_next (p->lexer, &token, &later) && token.kind != BS_TOKEN_EOF)
    ;
  return later;
}

/* Like CPython, an error the lexer finds further on (an unterminated string, a bracket
 * never closed) explains a syntax error the parser found better, and replaces it; a bracket
 * only when it was opened on an earlier line than the last token the parser read (line).
 * CPython's tokenizer goes on after a parser's error, as this does. */
static void
explain_by_later_error (BsParser *p,
                        int       line)
{
  GError *later;
  int bracket_line;

  later = drain_lexer (p);
  if (later != NULL
      && (!g_str_has_suffix (later->message, "was never closed")
          || (bs_lang_error_get_location (later, NULL, &bracket_line, NULL, NULL, NULL)
              && line > bracket_line)))
    {
      g_clear_error (&p->error);
      p->error = g_steal_pointer (&later);
    }
  g_clear_error (&later);
}

void
bs_parser_invalid_syntax (BsParser *p)
{
  const BsToken *t = &p->cur;

  if (t->kind == BS_TOKEN_INDENT)
    bs_parser_error_span (p, BS_LANG_ERROR_INDENTATION,
                          (BsSpan) { t->line, t->col, t->line, t->col }, "unexpected indent");
  else if (t->kind == BS_TOKEN_DEDENT)
    bs_parser_error_span (p, BS_LANG_ERROR_INDENTATION, bs_parser_token_span (t),
                          "unexpected unindent");
  else
    {
      bs_parser_syntax_error (p, bs_parser_token_span (t), "invalid syntax");
    }
}

gboolean
bs_parser_expect (BsParser    *p,
                  BsTokenKind  kind)
{
  if (bs_parser_match (p, kind))
    return TRUE;
  bs_parser_invalid_syntax (p);
  return FALSE;
}

gboolean
bs_parser_expect_colon (BsParser *p)
{
  if (bs_parser_match (p, BS_TOKEN_COLON))
    return TRUE;
  if (bs_parser_check (p, BS_TOKEN_INDENT))
    bs_parser_invalid_syntax (p);
  else
    bs_parser_syntax_error (p, bs_parser_token_span (&p->cur), "expected ':'");
  return FALSE;
}

/* After an if, elif, while or for header, or a class name: CPython says "expected ':'"
 * only at the end of the line, and "invalid syntax" at anything else. */
gboolean
bs_parser_expect_colon_at_line_end (BsParser *p)
{
  if (bs_parser_match (p, BS_TOKEN_COLON))
    return TRUE;
  if (bs_parser_check (p, BS_TOKEN_NEWLINE))
    return bs_parser_expect_colon (p);
  bs_parser_invalid_syntax (p);
  return FALSE;
}

gboolean
bs_parser_can_start_expression (BsParser *p)
{
  return bs_parser_get_rule (p->cur.kind)->prefix != NULL;
}

/* The names CPython gives expressions in "cannot assign to ..." messages. */
const char *
bs_parser_expr_name (const BsAstNode *e)
{
  switch (e->kind)
    {
    case BS_AST_CALL:
      return "function call";
    case BS_AST_CONSTANT:
      switch (e->constant.kind)
        {
        case BS_CONST_NONE:
          return "None";
        case BS_CONST_TRUE:
          return "True";
        case BS_CONST_FALSE:
          return "False";
        case BS_CONST_ELLIPSIS:
          return "ellipsis";
        default:
          return "literal";
        }
    case BS_AST_BIN_OP:
    case BS_AST_UNARY_OP:
    case BS_AST_BOOL_OP:
      return "expression";
    case BS_AST_COMPARE:
      return "comparison";
    case BS_AST_IF_EXP:
      return "conditional expression";
    case BS_AST_LAMBDA:
      return "lambda";
    case BS_AST_DICT:
      return "dict literal";
    case BS_AST_SET:
      return "set display";
    case BS_AST_LIST_COMP:
      return "list comprehension";
    case BS_AST_SET_COMP:
      return "set comprehension";
    case BS_AST_DICT_COMP:
      return "dict comprehension";
    case BS_AST_GENERATOR_EXP:
      return "generator expression";
    case BS_AST_JOINED_STR:
    case BS_AST_FORMATTED_VALUE:
      return "f-string expression";
    case BS_AST_TUPLE:
      return "tuple";
    case BS_AST_LIST:
      return "list";
    case BS_AST_STARRED:
      return "starred";
    case BS_AST_YIELD:
    case BS_AST_YIELD_FROM:
      return "yield expression";
    case BS_AST_NAME:
      return "name";
    case BS_AST_ATTRIBUTE:
      return "attribute";
    case BS_AST_SUBSCRIPT:
      return "subscript";
    default:
      return "expression";
    }
}

/* Finds the part of @e that cannot be a target, or NULL when all can. */
static BsAstNode *
invalid_target (BsAstNode        *e,
                BsExprContext  ctx)
{
  switch (e->kind)
    {
    case BS_AST_NAME:
    case BS_AST_ATTRIBUTE:
    case BS_AST_SUBSCRIPT:
      return NULL;
    case BS_AST_STARRED:
      if (ctx == BS_CTX_DEL)
        return e;
      return invalid_target (e->starred.value, ctx);
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      for (guint i = 0; i < e->seq.elts.len; i++)
        {
          BsAstNode *bad = invalid_target (e->seq.elts.items[i], ctx);

          if (bad)
            return bad;
        }
      return NULL;
    default:
      return e;
    }
}

void
bs_parser_set_context (BsAstNode        *e,
                       BsExprContext  ctx)
{
  switch (e->kind)
    {
    case BS_AST_NAME:
      e->name.ctx = ctx;
      break;
    case BS_AST_ATTRIBUTE:
      e->attribute.ctx = ctx;
      break;
    case BS_AST_SUBSCRIPT:
      e->subscript.ctx = ctx;
      break;
    case BS_AST_STARRED:
      e->starred.ctx = ctx;
      bs_parser_set_context (e->starred.value, ctx);
      break;
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      e->seq.ctx = ctx;
      for (guint i = 0; i < e->seq.elts.len; i++)
        bs_parser_set_context (e->seq.elts.items[i], ctx);
      break;
    default:
      break;
    }
}

/* Checks and marks an assignment, for or with target. @hint adds CPython's
 * "Maybe you meant '=='" for the first target of an assignment. */
gboolean
bs_parser_make_target (BsParser      *p,
                       BsAstNode        *e,
                       BsExprContext  ctx,
                       gboolean       hint)
{
  BsAstNode *bad = invalid_target (e, ctx);

  if (bad != NULL)
    {
      const char *verb = ctx == BS_CTX_DEL ? "delete" : "assign to";
      gboolean literal_hint = hint && bad->kind != BS_AST_TUPLE && bad->kind != BS_AST_LIST &&
                              bad->kind != BS_AST_STARRED &&
                              !(bad->kind == BS_AST_CONSTANT &&
                                (bad != e || bad->constant.kind <= BS_CONST_FALSE));

      if (literal_hint)
        bs_parser_syntax_error (p, bad->span,
                                "cannot %s %s here. Maybe you meant '==' instead of '='?",
                                verb, bs_parser_expr_name (bad));
      else
        bs_parser_syntax_error (p, bad->span, "cannot %s %s", verb, bs_parser_expr_name (bad));
      return FALSE;
    }
  if (e->kind == BS_AST_STARRED && ctx == BS_CTX_STORE)
    {
      bs_parser_syntax_error (p, e->span, "starred assignment target must be in a list or tuple");
      return FALSE;
    }
  bs_parser_set_context (e, ctx);
  return TRUE;
}

/* Literals */

BsAstNode *
bs_parser_parse_number (BsParser   *p,
                        Precedence  min)
{
  const BsToken *t = &p->cur;
  const char *s = p->src + t->start;
  gsize n = t->end - t->start;
  g_autoptr(GString) clean = g_string_sized_new (n);
  BsAstNode *node;

  for (gsize i = 0; i < n; i++)
    if (s[i] != '_')
      g_string_append_c (clean, s[i]);

  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_CONSTANT, bs_parser_token_span (&p->prev));
  if (p->prev.kind == BS_TOKEN_FLOAT)
    {
      node->constant.kind = BS_CONST_FLOAT;
      node->constant.float_value = g_ascii_strtod (clean->str, NULL);
      return node;
    }

  node->constant.kind = BS_CONST_INT;
  node->constant.str = bs_ast_strndup (p->ast, clean->str, clean->len);
  node->constant.len = clean->len;
  {
    const char *digits = clean->str;
    guint base = 10;
    guint64 value;
    char *end = NULL;

    if (clean->len > 2 && digits[0] == '0' && g_ascii_isalpha (digits[1]))
      {
        char prefix = g_ascii_tolower (digits[1]);

        base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : 2;
        digits += 2;
      }
    errno = 0;
    value = g_ascii_strtoull (digits, &end, base);
    if (errno == ERANGE || value > G_MAXINT64)
      node->constant.int_overflow = TRUE;
    else
      node->constant.int_value = (gint64) value;
  }
  return node;
}

BsAstNode *
bs_parser_parse_literal (BsParser   *p,
                         Precedence  min)
{
  BsAstNode *node;

  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_CONSTANT, bs_parser_token_span (&p->prev));
  switch (p->prev.kind)
    {
    case BS_TOKEN_NONE:
      node->constant.kind = BS_CONST_NONE;
      break;
    case BS_TOKEN_TRUE:
      node->constant.kind = BS_CONST_TRUE;
      break;
    case BS_TOKEN_FALSE:
      node->constant.kind = BS_CONST_FALSE;
      break;
    default:
      node->constant.kind = BS_CONST_ELLIPSIS;
      break;
    }
  return node;
}

BsAstNode *
bs_parser_parse_name (BsParser   *p,
                      Precedence  min)
{
  BsAstNode *node;

  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_NAME, bs_parser_token_span (&p->prev));
  node->name.id = bs_parser_token_text (p, &p->prev);
  return node;
}

static BsAst *
run_parser (const char  *source,
            gssize       length,
            const char  *filename,
            gboolean     expression,
            GHashTable  *names,
            gboolean    *at_end,
            GError     **error)
{
  g_autoptr(BsAst) ast = NULL;
  g_autoptr(BsLexer) lexer = NULL;
  g_autoptr(GPtrArray) body = g_ptr_array_new ();
  BsParser parser = { 0 };
  BsParser *p = &parser;
  BsAstNode *root = NULL;

  g_return_val_if_fail (source != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (source);
  if (filename == NULL)
    filename = "<string>";

  ast = bs_ast_new (source, length, filename);
  /* Parse the arena's NUL-terminated copy so that lookahead past the end is safe. */
  p->src = bs_ast_get_source (ast, NULL);
  p->length = length;
  p->filename = bs_ast_get_filename (ast);
  p->ast = ast;
  p->names = names;
  lexer = bs_lexer_new_for_range (p->src, 0, length, 1, 1, p->filename,
                                  expression ? BS_LEXER_EXPRESSION : BS_LEXER_FLAGS_NONE);
  p->lexer = lexer;
  p->prev.line = p->prev.end_line = 1;
  p->prev.col = p->prev.end_col = 1;
  bs_parser_advance (p);

  if (expression)
    {
      root = bs_parser_parse_star_expressions (p);
      if (!FAILED (p) && !bs_parser_check (p, BS_TOKEN_EOF))
        bs_parser_invalid_syntax (p);
    }
  else
    {
      while (!bs_parser_check (p, BS_TOKEN_EOF) && !FAILED (p))
        bs_parser_parse_statement (p, body);
      if (!FAILED (p))
        {
          BsSpan span = { 1, 1, p->cur.end_line, p->cur.end_col };

          root = bs_ast_new_node (ast, BS_AST_MODULE, &span);
          root->module.body = bs_ast_list (ast, body);
        }
    }

  if (FAILED (p) && p->error_read_to > 0)
    explain_by_later_error (p, p->error_read_to);
  if (FAILED (p))
    {
      if (at_end != NULL)
        *at_end = p->error_at_end;
      g_propagate_error (error, g_steal_pointer (&p->error));
      return NULL;
    }
  bs_ast_set_root (ast, root);
  return g_steal_pointer (&ast);
}

BsAst *
bs_parse (const char  *source,
          gssize       length,
          const char  *filename,
          GError     **error)
{
  return run_parser (source, length, filename, FALSE, NULL, NULL, error);
}

BsAst *
bs_parse_interned (const char  *source,
                   gssize       length,
                   const char  *filename,
                   GHashTable  *names,
                   GError     **error)
{
  g_return_val_if_fail (names != NULL, NULL);

  return run_parser (source, length, filename, FALSE, names, NULL, error);
}

BsAst *
bs_parse_expression (const char  *source,
                     gssize       length,
                     const char  *filename,
                     GError     **error)
{
  return run_parser (source, length, filename, TRUE, NULL, NULL, error);
}

BsAst *
bs_parse_cell (const char  *source,
               gssize       length,
               const char  *filename,
               gboolean    *at_end,
               GError     **error)
{
  g_return_val_if_fail (at_end != NULL, NULL);

  *at_end = FALSE;
  return run_parser (source, length, filename, FALSE, NULL, at_end, error);
}
