/* bs-parser.c: a Pratt parser for the Python subset, building a BsAst */
#define G_LOG_DOMAIN "bs-lang"

#include <errno.h>
#include <string.h>

#include "bs-lexer.h"
#include "bs-parser.h"

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
  int         depth;
  int         loop_depth;
  int         func_depth;
  int         class_depth;
  int         fstring_depth;
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

static BsAstNode *parse_precedence (BsParser *p, Precedence min);
static BsAstNode *parse_expression (BsParser *p);
static BsAstNode *parse_star_expressions (BsParser *p);
static void    parse_statement (BsParser *p, GPtrArray *into);
static const ParseRule *get_rule (BsTokenKind kind);

/* Tokens */

static void
lex_into (BsParser *p,
          BsToken  *token)
{
  if (p->error == NULL && bs_lexer_next (p->lexer, token, &p->error))
    return;
  /* After an error, the parser sees an endless EOF and unwinds. */
  token->kind = BS_TOKEN_EOF;
  token->start = token->end = p->prev.end;
  token->line = token->end_line = p->prev.end_line;
  token->col = token->end_col = p->prev.end_col;
}

static void
advance (BsParser *p)
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

static const BsToken *
peek (BsParser *p)
{
  if (!p->has_next)
    {
      lex_into (p, &p->next);
      p->has_next = TRUE;
    }
  return &p->next;
}

static gboolean
check (BsParser    *p,
       BsTokenKind  kind)
{
  return p->cur.kind == kind;
}

static gboolean
match (BsParser    *p,
       BsTokenKind  kind)
{
  if (p->cur.kind != kind)
    return FALSE;
  advance (p);
  return TRUE;
}

/* Spans */

static BsSpan
token_span (const BsToken *t)
{
  return (BsSpan) { t->line, t->col, t->end_line, t->end_col };
}

static BsSpan
join_spans (BsSpan a,
            BsSpan b)
{
  return (BsSpan) { a.line, a.col, b.end_line, b.end_col };
}

/* A node starting at @start and ending with the last consumed token. */
static BsAstNode *
new_node (BsParser   *p,
          BsAstKind  kind,
          BsSpan      start)
{
  BsSpan span = { start.line, start.col, p->prev.end_line, p->prev.end_col };

  return bs_ast_new_node (p->ast, kind, &span);
}

static void
finish (BsParser *p,
        BsAstNode   *node)
{
  node->span.end_line = p->prev.end_line;
  node->span.end_col = p->prev.end_col;
}

/* An identifier: with a table of names, the one copy of it there. */
static const char *
identifier (BsParser   *p,
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

static const char *
token_text (BsParser      *p,
            const BsToken *t)
{
  return identifier (p, p->src + t->start, t->end - t->start);
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
  message = g_strdup_vprintf (format, args);
  bs_lang_set_error (&p->error, code, p->filename, span.line, span.col, span.end_line,
                     span.end_col, "%s%s", p->fstring_depth > 0 ? "f-string: " : "", message);
}

static void G_GNUC_PRINTF (4, 5)
error_span (BsParser    *p,
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

static void G_GNUC_PRINTF (3, 4)
syntax_error (BsParser   *p,
              BsSpan      span,
              const char *format,
              ...)
{
  va_list args;

  va_start (args, format);
  error_spanv (p, BS_LANG_ERROR_SYNTAX, span, format, args);
  va_end (args);
}

static void
refuse (BsParser   *p,
        BsSpan      span,
        const char *what)
{
  error_span (p, BS_LANG_ERROR_UNSUPPORTED, span, "%s not supported by Backstep", what);
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
 * never closed) explains a generic syntax error at line better, and replaces it; a bracket
 * only when it was opened on an earlier line than that. */
static void
explain_by_later_error (BsParser *p,
                        int       line)
{
  GError *later;
  int bracket_line;

  if (p->fstring_depth > 0)
    return;
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

static void
invalid_syntax (BsParser *p)
{
  const BsToken *t = &p->cur;

  if (t->kind == BS_TOKEN_INDENT)
    error_span (p, BS_LANG_ERROR_INDENTATION,
                (BsSpan) { t->line, t->col, t->line, t->col }, "unexpected indent");
  else if (t->kind == BS_TOKEN_DEDENT)
    error_span (p, BS_LANG_ERROR_INDENTATION, token_span (t), "unexpected unindent");
  else
    {
      syntax_error (p, token_span (t), "invalid syntax");
      if (t->kind != BS_TOKEN_EOF)
        explain_by_later_error (p, t->line);
    }
}

static gboolean
expect (BsParser    *p,
        BsTokenKind  kind)
{
  if (match (p, kind))
    return TRUE;
  invalid_syntax (p);
  return FALSE;
}

static gboolean
expect_colon (BsParser *p)
{
  if (match (p, BS_TOKEN_COLON))
    return TRUE;
  if (check (p, BS_TOKEN_INDENT))
    invalid_syntax (p);
  else
    syntax_error (p, token_span (&p->cur), "expected ':'");
  return FALSE;
}

/* After an if, elif, while or for header, or a class name: CPython says "expected ':'"
 * only at the end of the line, and "invalid syntax" at anything else. */
static gboolean
expect_colon_at_line_end (BsParser *p)
{
  if (match (p, BS_TOKEN_COLON))
    return TRUE;
  if (check (p, BS_TOKEN_NEWLINE))
    return expect_colon (p);
  invalid_syntax (p);
  return FALSE;
}

static gboolean
can_start_expression (BsParser *p)
{
  return get_rule (p->cur.kind)->prefix != NULL;
}

/* The names CPython gives expressions in "cannot assign to ..." messages. */
static const char *
expr_name (const BsAstNode *e)
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

static void
set_context (BsAstNode        *e,
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
      set_context (e->starred.value, ctx);
      break;
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      e->seq.ctx = ctx;
      for (guint i = 0; i < e->seq.elts.len; i++)
        set_context (e->seq.elts.items[i], ctx);
      break;
    default:
      break;
    }
}

/* Checks and marks an assignment, for or with target. @hint adds CPython's
 * "Maybe you meant '=='" for the first target of an assignment. */
static gboolean
make_target (BsParser      *p,
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
        syntax_error (p, bad->span, "cannot %s %s here. Maybe you meant '==' instead of '='?",
                      verb, expr_name (bad));
      else
        syntax_error (p, bad->span, "cannot %s %s", verb, expr_name (bad));
      return FALSE;
    }
  if (e->kind == BS_AST_STARRED && ctx == BS_CTX_STORE)
    {
      syntax_error (p, e->span, "starred assignment target must be in a list or tuple");
      return FALSE;
    }
  set_context (e, ctx);
  return TRUE;
}

/* Literals */

static BsAstNode *
parse_number (BsParser   *p,
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

  advance (p);
  node = new_node (p, BS_AST_CONSTANT, token_span (&p->prev));
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

static BsAstNode *
parse_literal (BsParser   *p,
               Precedence  min)
{
  BsAstNode *node;

  advance (p);
  node = new_node (p, BS_AST_CONSTANT, token_span (&p->prev));
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

static BsAstNode *
parse_name (BsParser   *p,
            Precedence  min)
{
  BsAstNode *node;

  advance (p);
  node = new_node (p, BS_AST_NAME, token_span (&p->prev));
  node->name.id = token_text (p, &p->prev);
  return node;
}

/* Strings and f-strings */

typedef struct {
  GPtrArray *values;    /* of the JoinedStr being built */
  GString   *pending;   /* literal text not yet turned into a Constant */
  BsSpan     span;      /* of the whole run of literals */
  gboolean   formatted;
  BsSpan     at;        /* where CPython 3.11 reports f-string errors: after the literal */
} StringBuilder;

/* Where a byte of the string being parsed sits; only moves forward. */
typedef struct {
  gsize offset;
  int   line;
  int   col;
} Cursor;

static void
cursor_move (BsParser *p,
             Cursor   *c,
             gsize     offset)
{
  /* Callers only go forward; a position behind the cursor keeps the cursor's. */
  if (offset <= c->offset)
    return;
  bs_lexer_advance_position (p->src, c->offset, offset, &c->line, &c->col);
  c->offset = offset;
}

static BsSpan
cursor_span (BsParser *p,
             Cursor   *c,
             gsize     from,
             gsize     to)
{
  BsSpan span;

  cursor_move (p, c, from);
  span.line = c->line;
  span.col = c->col;
  span.end_line = c->line;
  span.end_col = c->col;
  if (to > from)
    {
      span.end_line = span.line;
      span.end_col = span.col;
      bs_lexer_advance_position (p->src, from, to, &span.end_line, &span.end_col);
    }
  return span;
}

static BsAstNode *
make_str (BsParser   *p,
          BsSpan      span,
          const char *text,
          gsize       length)
{
  BsAstNode *node = bs_ast_new_node (p->ast, BS_AST_CONSTANT, &span);

  node->constant.kind = BS_CONST_STR;
  node->constant.str = bs_ast_strndup (p->ast, text, length);
  node->constant.len = length;
  return node;
}

static void
flush_pending (BsParser      *p,
               StringBuilder *b)
{
  if (b->pending->len == 0)
    return;
  g_ptr_array_add (b->values, make_str (p, b->span, b->pending->str, b->pending->len));
  g_string_truncate (b->pending, 0);
}

static gboolean
decode_piece (BsParser *p,
              Cursor   *c,
              gsize     start,
              gsize     end,
              gboolean  raw,
              GString  *out)
{
  gsize bad = 0;
  g_autofree char *message = NULL;

  if (end <= start)
    return TRUE;
  if (bs_lexer_decode_string (p->src, start, end, raw, out, &bad, &message))
    return TRUE;
  error_span (p, g_str_has_suffix (message, "not supported by Backstep")
                 ? BS_LANG_ERROR_UNSUPPORTED : BS_LANG_ERROR_SYNTAX,
              cursor_span (p, c, bad, bad), "%s", message);
  return FALSE;
}

static gboolean parse_fstring_body (BsParser *p, Cursor *c, gsize *pos, gsize end,
                                    gboolean raw, gboolean in_spec, StringBuilder *b);

/* Parses the expression of a replacement field, source[start, end), with its
 * own lexer so that positions stay those of the file. */
static BsAstNode *
parse_field_expression (BsParser *p,
                        Cursor   *c,
                        gsize     start,
                        gsize     end)
{
  g_autoptr(BsLexer) lexer = NULL;
  BsLexer *saved_lexer = p->lexer;
  BsToken saved_prev = p->prev, saved_cur = p->cur, saved_next = p->next;
  gboolean saved_has_next = p->has_next;
  BsAstNode *expr = NULL;

  cursor_move (p, c, start);
  lexer = bs_lexer_new_for_range (p->src, start, end, c->line, c->col, p->filename,
                                  BS_LEXER_EXPRESSION);
  p->lexer = lexer;
  p->has_next = FALSE;
  p->fstring_depth++;
  advance (p);
  if (check (p, BS_TOKEN_STAR))
    {
      syntax_error (p, token_span (&p->cur), "can't use starred expression here");
    }
  else
    {
      expr = parse_star_expressions (p);
      if (!FAILED (p) && !check (p, BS_TOKEN_EOF))
        invalid_syntax (p);
    }
  p->fstring_depth--;

  p->lexer = saved_lexer;
  p->prev = saved_prev;
  p->cur = saved_cur;
  p->next = saved_next;
  p->has_next = saved_has_next;
  return FAILED (p) ? NULL : expr;
}

/* At *pos, just after a '{': one replacement field up to its '}'. */
static gboolean
parse_field (BsParser      *p,
             Cursor        *c,
             gsize         *pos,
             gsize          end,
             gboolean       raw,
             StringBuilder *b)
{
  const char *s = p->src;
  gsize i = *pos;
  gsize expr_start = i;
  gsize expr_end;
  int depth = 0;
  char quote = 0;
  int conversion = -1;
  BsAstNode *expr;
  BsAstNode *spec = NULL;
  BsAstNode *value;
  gboolean debug = FALSE;
  gsize debug_end = 0;
  BsSpan open = cursor_span (p, c, *pos - 1, *pos - 1);

  p->fstring_depth++;
  for (; i < end; i++)
    {
      char ch = s[i];

      if (quote)
        {
          if (ch == quote)
            quote = 0;
          continue;
        }
      if (ch == '\\')
        {
          syntax_error (p, b->at, "expression part cannot include a backslash");
          goto out;
        }
      if (ch == '\'' || ch == '"')
        quote = ch;
      else if (ch == '#')
        {
          syntax_error (p, b->at, "expression part cannot include '#'");
          goto out;
        }
      else if (ch == '(' || ch == '[' || ch == '{')
        depth++;
      else if (ch == ')' || ch == ']' || ch == '}')
        {
          if (depth == 0 && ch == '}')
            break;
          if (depth == 0)
            {
              syntax_error (p, b->at, "unmatched '%c'", ch);
              goto out;
            }
          depth--;
        }
      else if (depth == 0 && ch == '!' && !(i + 1 < end && s[i + 1] == '='))
        break;
      else if (depth == 0 && ch == ':')
        break;
      else if (depth == 0 && ch == '=' && !(i + 1 < end && s[i + 1] == '=') &&
               !(i > expr_start && strchr ("=!<>", s[i - 1]) != NULL))
        break;
    }
  if (i >= end)
    {
      syntax_error (p, b->at, "expecting '}'");
      goto out;
    }
  expr_end = i;
  {
    gboolean blank = TRUE;

    for (gsize k = expr_start; k < expr_end; k++)
      blank &= g_ascii_isspace (s[k]);
    if (blank)
      {
        syntax_error (p, b->at, "empty expression not allowed");
        goto out;
      }
  }
  p->fstring_depth--;
  expr = parse_field_expression (p, c, expr_start, expr_end);
  p->fstring_depth++;
  if (expr == NULL)
    goto out;

  if (s[i] == '=')
    {
      debug = TRUE;
      i++;
      while (i < end && g_ascii_isspace (s[i]))
        i++;
      debug_end = i;
    }
  if (i < end && s[i] == '!')
    {
      i++;
      if (i >= end || strchr ("sra", s[i]) == NULL || s[i] == '\0')
        {
          syntax_error (p, b->at, "invalid conversion character: expected 's', 'r', or 'a'");
          goto out;
        }
      conversion = s[i];
      i++;
    }
  if (i < end && s[i] == ':')
    {
      StringBuilder spec_builder;
      g_autoptr(GPtrArray) spec_values = g_ptr_array_new ();
      g_autoptr(GString) spec_pending = g_string_new (NULL);

      i++;
      if (p->fstring_depth > MAX_FSTRING_NESTING)
        {
          syntax_error (p, b->at, "expressions nested too deeply");
          goto out;
        }
      spec_builder.values = spec_values;
      spec_builder.pending = spec_pending;
      spec_builder.span = b->span;
      spec_builder.formatted = TRUE;
      spec_builder.at = b->at;
      if (!parse_fstring_body (p, c, &i, end, raw, TRUE, &spec_builder))
        goto out;
      flush_pending (p, &spec_builder);
      spec = bs_ast_new_node (p->ast, BS_AST_JOINED_STR, &b->span);
      spec->joined_str.values = bs_ast_list (p->ast, spec_values);
    }
  if (i >= end || s[i] != '}')
    {
      syntax_error (p, b->at, "expecting '}'");
      goto out;
    }
  i++;

  if (debug)
    {
      g_string_append_len (b->pending, s + expr_start, debug_end - expr_start);
      if (conversion == -1 && spec == NULL)
        conversion = 'r';
    }
  flush_pending (p, b);
  value = bs_ast_new_node (p->ast, BS_AST_FORMATTED_VALUE, &expr->span);
  value->span = open;
  bs_lexer_advance_position (p->src, expr_start - 1, i, &value->span.end_line,
                             &value->span.end_col);
  value->formatted_value.value = expr;
  value->formatted_value.conversion = conversion;
  value->formatted_value.format_spec = spec;
  g_ptr_array_add (b->values, value);
  *pos = i;

out:
  p->fstring_depth--;
  return !FAILED (p);
}

/* The literal text and fields of an f-string body from *pos; in a format spec,
 * stops at the closing '}'. */
static gboolean
parse_fstring_body (BsParser      *p,
                    Cursor        *c,
                    gsize         *pos,
                    gsize          end,
                    gboolean       raw,
                    gboolean       in_spec,
                    StringBuilder *b)
{
  const char *s = p->src;
  gsize i = *pos;
  gsize lit = i;

  while (i < end)
    {
      char ch = s[i];

      if (ch == '\\' && !raw)
        {
          if (i + 2 < end && s[i + 1] == 'N' && s[i + 2] == '{')
            {
              while (i < end && s[i] != '}')
                i++;
              i++;
            }
          else if (i + 1 < end && s[i + 1] != '{' && s[i + 1] != '}')
            i += 2;
          else
            i++;
          continue;
        }
      if (ch == '{')
        {
          if (!decode_piece (p, c, lit, i, raw, b->pending))
            return FALSE;
          if (!in_spec && i + 1 < end && s[i + 1] == '{')
            {
              g_string_append_c (b->pending, '{');
              i += 2;
              lit = i;
              continue;
            }
          i++;
          if (!parse_field (p, c, &i, end, raw, b))
            return FALSE;
          lit = i;
          continue;
        }
      if (ch == '}')
        {
          if (in_spec)
            break;
          if (!decode_piece (p, c, lit, i, raw, b->pending))
            return FALSE;
          if (i + 1 < end && s[i + 1] == '}')
            {
              g_string_append_c (b->pending, '}');
              i += 2;
              lit = i;
              continue;
            }
          syntax_error (p, b->at, "single '}' is not allowed");
          return FALSE;
        }
      i++;
    }
  if (!decode_piece (p, c, lit, MIN (i, end), raw, b->pending))
    return FALSE;
  *pos = MIN (i, end);
  return TRUE;
}

/* One or more adjacent string literals: a str Constant, or a JoinedStr when
 * any of them is an f-string. */
static BsAstNode *
parse_strings (BsParser   *p,
               Precedence  min)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  g_autoptr(GString) pending = g_string_new (NULL);
  StringBuilder b = { values, pending, token_span (&p->cur), FALSE, { 0, 0, 0, 0 } };
  BsAstNode *node;

  /* The span of the run is needed by its parts: find its end first. */
  while (check (p, BS_TOKEN_STRING))
    {
      BsStringFlags flags;
      gsize body_start, body_end;
      Cursor c;

      bs_lexer_string_parts (p->src, &p->cur, &flags, &body_start, &body_end);
      b.span.end_line = p->cur.end_line;
      b.span.end_col = p->cur.end_col;
      c.offset = p->cur.start;
      c.line = p->cur.line;
      c.col = p->cur.col;
      if (flags & BS_STRING_FORMAT)
        {
          gsize pos = body_start;
          gboolean ok;

          b.formatted = TRUE;
          b.at = (BsSpan) { p->cur.end_line, p->cur.end_col, p->cur.end_line, p->cur.end_col };
          p->fstring_depth++;
          ok = parse_fstring_body (p, &c, &pos, body_end, flags & BS_STRING_RAW, FALSE, &b);
          p->fstring_depth--;
          if (!ok)
            return NULL;
        }
      else if (!decode_piece (p, &c, body_start, body_end, flags & BS_STRING_RAW, pending))
        return NULL;
      advance (p);
    }

  if (!b.formatted)
    return make_str (p, b.span, pending->str, pending->len);

  flush_pending (p, &b);
  node = bs_ast_new_node (p->ast, BS_AST_JOINED_STR, &b.span);
  node->joined_str.values = bs_ast_list (p->ast, values);
  /* Constants made before the end of the run was known get the whole span. */
  for (guint i = 0; i < values->len; i++)
    {
      BsAstNode *part = g_ptr_array_index (values, i);

      if (part->kind == BS_AST_CONSTANT)
        part->span = b.span;
    }
  return node;
}

/* Comprehensions */

static BsAstNode *parse_target_list (BsParser *p);

static BsNodeList
parse_comp_clauses (BsParser *p)
{
  g_autoptr(GPtrArray) generators = g_ptr_array_new ();
  BsNodeList empty = { NULL, 0 };

  while (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
    {
      g_autoptr(GPtrArray) ifs = g_ptr_array_new ();
      BsSpan start = token_span (&p->cur);
      BsAstNode *comp;
      BsAstNode *target, *iter;

      if (check (p, BS_TOKEN_ASYNC))
        {
          refuse (p, token_span (&p->cur), "asynchronous comprehensions are");
          return empty;
        }
      advance (p);
      target = parse_target_list (p);
      if (FAILED (p) || !make_target (p, target, BS_CTX_STORE, FALSE))
        return empty;
      if (!expect (p, BS_TOKEN_IN))
        return empty;
      iter = parse_precedence (p, PREC_OR);
      if (FAILED (p))
        return empty;
      while (match (p, BS_TOKEN_IF))
        {
          BsAstNode *cond = parse_precedence (p, PREC_OR);

          if (FAILED (p))
            return empty;
          g_ptr_array_add (ifs, cond);
        }
      comp = new_node (p, BS_AST_COMPREHENSION, start);
      comp->comprehension.target = target;
      comp->comprehension.iter = iter;
      comp->comprehension.ifs = bs_ast_list (p->ast, ifs);
      g_ptr_array_add (generators, comp);
    }
  return bs_ast_list (p->ast, generators);
}

static BsAstNode *
make_comp (BsParser   *p,
           BsAstKind  kind,
           BsSpan      start,
           BsAstNode     *elt,
           BsAstNode     *value)
{
  BsNodeList generators = parse_comp_clauses (p);
  BsAstNode *node;

  if (FAILED (p))
    return NULL;
  node = new_node (p, kind, start);
  node->comp.elt = elt;
  node->comp.value = value;
  node->comp.generators = generators;
  return node;
}

/* Displays */

/* An element of a display or call: "*x" or an expression. */
static BsAstNode *
parse_star_or_expression (BsParser *p)
{
  if (check (p, BS_TOKEN_STAR))
    {
      BsSpan start = token_span (&p->cur);
      BsAstNode *value, *node;

      advance (p);
      value = parse_precedence (p, PREC_BOR);
      if (FAILED (p))
        return NULL;
      node = new_node (p, BS_AST_STARRED, start);
      node->starred.value = value;
      return node;
    }
  if (check (p, BS_TOKEN_YIELD))
    {
      refuse (p, token_span (&p->cur), "'yield' is");
      return NULL;
    }
  return parse_expression (p);
}

/* Reports the missing ',' or closing bracket after @last. */
static void
bad_display (BsParser *p,
             BsAstNode   *last)
{
  BsSpan span = token_span (&p->cur);

  if (!can_start_expression (p) || check (p, BS_TOKEN_NOT))
    {
      invalid_syntax (p);
      return;
    }
  /* Two expressions side by side. Reading the second one to its end may reach the end
   * of the file with the bracket open: CPython's tokenizer says so first. */
  if (last != NULL)
    {
      BsAstNode *next = parse_expression (p);

      if (p->error != NULL && g_str_has_suffix (p->error->message, "was never closed"))
        return;
      if (next != NULL)
        span = join_spans (last->span, next->span);
      g_clear_error (&p->error);
    }
  if (last != NULL)
    syntax_error (p, span, "invalid syntax. Perhaps you forgot a comma?");
  else
    syntax_error (p, span, "invalid syntax");
  explain_by_later_error (p, span.line);
}

/* Comma-separated elements up to @close, the first one already parsed. */
static gboolean
parse_display_items (BsParser    *p,
                     GPtrArray   *items,
                     BsTokenKind  close)
{
  while (match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (check (p, close))
        break;
      item = parse_star_or_expression (p);
      if (FAILED (p))
        return FALSE;
      g_ptr_array_add (items, item);
    }
  if (!check (p, close))
    {
      bad_display (p, items->len > 0 ? g_ptr_array_index (items, items->len - 1) : NULL);
      return FALSE;
    }
  advance (p);
  return TRUE;
}

static BsAstNode *
make_seq (BsParser   *p,
          BsAstKind  kind,
          BsSpan      start,
          GPtrArray  *items)
{
  BsAstNode *node = new_node (p, kind, start);

  node->seq.elts = bs_ast_list (p->ast, items);
  return node;
}

/* The rest of a list or set display after its first element, up to close. */
static BsAstNode *
finish_display (BsParser    *p,
                BsAstKind    kind,
                BsSpan       start,
                GPtrArray   *items,
                BsAstNode   *first,
                BsTokenKind  close)
{
  g_ptr_array_add (items, first);
  if (check (p, BS_TOKEN_COMMA))
    {
      if (!parse_display_items (p, items, close))
        return NULL;
    }
  else if (!match (p, close))
    {
      bad_display (p, first);
      return NULL;
    }
  return make_seq (p, kind, start, items);
}

/* The for clauses of a comprehension, then close. */
static BsAstNode *
finish_comp (BsParser    *p,
             BsAstKind    kind,
             BsSpan       start,
             BsAstNode   *elt,
             BsAstNode   *value,
             BsTokenKind  close)
{
  BsAstNode *node = make_comp (p, kind, start, elt, value);

  if (node == NULL || !expect (p, close))
    return NULL;
  finish (p, node);
  return node;
}

static BsAstNode *
parse_paren (BsParser   *p,
             Precedence  min)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *first;

  advance (p);
  if (match (p, BS_TOKEN_RPAR))
    return make_seq (p, BS_AST_TUPLE, start, items);

  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
    return finish_comp (p, BS_AST_GENERATOR_EXP, start, first, NULL, BS_TOKEN_RPAR);
  if (check (p, BS_TOKEN_COLONEQUAL))
    {
      refuse (p, token_span (&p->cur), "assignment expressions (:=) are");
      return NULL;
    }
  g_ptr_array_add (items, first);
  if (check (p, BS_TOKEN_COMMA))
    {
      if (!parse_display_items (p, items, BS_TOKEN_RPAR))
        return NULL;
      return make_seq (p, BS_AST_TUPLE, start, items);
    }
  if (!check (p, BS_TOKEN_RPAR))
    {
      bad_display (p, first);
      return NULL;
    }
  advance (p);
  if (first->kind == BS_AST_STARRED)
    {
      syntax_error (p, first->span, "cannot use starred expression here");
      return NULL;
    }
  return first;
}

static BsAstNode *
parse_list (BsParser   *p,
            Precedence  min)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *first;

  advance (p);
  if (match (p, BS_TOKEN_RSQB))
    return make_seq (p, BS_AST_LIST, start, items);
  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
    return finish_comp (p, BS_AST_LIST_COMP, start, first, NULL, BS_TOKEN_RSQB);
  return finish_display (p, BS_AST_LIST, start, items, first, BS_TOKEN_RSQB);
}

static BsAstNode *
parse_dict_rest (BsParser  *p,
                 BsSpan     start,
                 GPtrArray *keys,
                 GPtrArray *values)
{
  BsAstNode *node;

  while (match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *key = NULL, *value;

      if (check (p, BS_TOKEN_RBRACE))
        break;
      if (match (p, BS_TOKEN_DOUBLESTAR))
        value = parse_precedence (p, PREC_BOR);
      else
        {
          key = parse_expression (p);
          if (FAILED (p))
            return NULL;
          if (!check (p, BS_TOKEN_COLON))
            {
              if (check (p, BS_TOKEN_COMMA) || check (p, BS_TOKEN_RBRACE)
                  || (can_start_expression (p) && !check (p, BS_TOKEN_NOT)))
                syntax_error (p, (BsSpan) { key->span.end_line, MAX (key->span.end_col - 1, 0),
                                            key->span.end_line, 0 },
                              "':' expected after dictionary key");
              else
                invalid_syntax (p);
              return NULL;
            }
          advance (p);
          value = parse_expression (p);
        }
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (keys, key);
      g_ptr_array_add (values, value);
    }
  if (!check (p, BS_TOKEN_RBRACE))
    {
      bad_display (p, g_ptr_array_index (values, values->len - 1));
      return NULL;
    }
  advance (p);
  node = new_node (p, BS_AST_DICT, start);
  node->dict.keys = bs_ast_list (p->ast, keys);
  node->dict.values = bs_ast_list (p->ast, values);
  return node;
}

static BsAstNode *
parse_brace (BsParser   *p,
             Precedence  min)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *first;

  advance (p);
  if (match (p, BS_TOKEN_RBRACE))
    {
      BsAstNode *node = new_node (p, BS_AST_DICT, start);

      return node;
    }
  if (match (p, BS_TOKEN_DOUBLESTAR))
    {
      BsAstNode *value = parse_precedence (p, PREC_BOR);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (keys, NULL);
      g_ptr_array_add (values, value);
      return parse_dict_rest (p, start, keys, values);
    }

  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (first->kind != BS_AST_STARRED && match (p, BS_TOKEN_COLON))
    {
      BsAstNode *value = parse_expression (p);

      if (FAILED (p))
        return NULL;
      if (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
        return finish_comp (p, BS_AST_DICT_COMP, start, first, value, BS_TOKEN_RBRACE);
      g_ptr_array_add (keys, first);
      g_ptr_array_add (values, value);
      return parse_dict_rest (p, start, keys, values);
    }
  if (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
    return finish_comp (p, BS_AST_SET_COMP, start, first, NULL, BS_TOKEN_RBRACE);
  return finish_display (p, BS_AST_SET, start, values, first, BS_TOKEN_RBRACE);
}

/* Operators */

static BsAstNode *
parse_unary (BsParser   *p,
             Precedence  min)
{
  BsSpan start = token_span (&p->cur);
  BsTokenKind kind = p->cur.kind;
  BsAstNode *operand, *node;

  advance (p);
  operand = parse_precedence (p, PREC_UNARY);
  if (FAILED (p))
    return NULL;
  node = new_node (p, BS_AST_UNARY_OP, start);
  node->unary_op.op = kind == BS_TOKEN_MINUS ? BS_UNARYOP_USUB
                      : kind == BS_TOKEN_PLUS ? BS_UNARYOP_UADD : BS_UNARYOP_INVERT;
  node->unary_op.operand = operand;
  return node;
}

static BsAstNode *
parse_not (BsParser   *p,
           Precedence  min)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *operand, *node;

  if (min > PREC_NOT)
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  operand = parse_precedence (p, PREC_NOT);
  if (FAILED (p))
    return NULL;
  node = new_node (p, BS_AST_UNARY_OP, start);
  node->unary_op.op = BS_UNARYOP_NOT;
  node->unary_op.operand = operand;
  return node;
}

static BsAstNode *parse_parameters (BsParser *p, BsTokenKind close, gboolean annotations);

static BsAstNode *
parse_lambda (BsParser   *p,
              Precedence  min)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *args, *body, *node;
  int saved_loop = p->loop_depth;

  if (min > PREC_EXPR)
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  args = parse_parameters (p, BS_TOKEN_COLON, FALSE);
  if (FAILED (p) || !expect (p, BS_TOKEN_COLON))
    return NULL;
  p->loop_depth = 0;
  p->func_depth++;
  body = parse_expression (p);
  p->func_depth--;
  p->loop_depth = saved_loop;
  if (FAILED (p))
    return NULL;
  node = new_node (p, BS_AST_LAMBDA, start);
  node->lambda.args = args;
  node->lambda.body = body;
  return node;
}

static BsAstNode *
parse_refused (BsParser   *p,
               Precedence  min)
{
  if (check (p, BS_TOKEN_AWAIT))
    refuse (p, token_span (&p->cur), "'await' is");
  else
    refuse (p, token_span (&p->cur), "'yield' is");
  return NULL;
}

static BsAstNode *
parse_binary (BsParser *p,
              BsAstNode   *left,
              BsSpan    start)
{
  static const BsBinOp ops[] = {
    [BS_TOKEN_PLUS] = BS_BINOP_ADD,
    [BS_TOKEN_MINUS] = BS_BINOP_SUB,
    [BS_TOKEN_STAR] = BS_BINOP_MUL,
    [BS_TOKEN_SLASH] = BS_BINOP_DIV,
    [BS_TOKEN_DOUBLESLASH] = BS_BINOP_FLOOR_DIV,
    [BS_TOKEN_PERCENT] = BS_BINOP_MOD,
    [BS_TOKEN_AT] = BS_BINOP_MAT_MUL,
    [BS_TOKEN_DOUBLESTAR] = BS_BINOP_POW,
    [BS_TOKEN_LSHIFT] = BS_BINOP_LSHIFT,
    [BS_TOKEN_RSHIFT] = BS_BINOP_RSHIFT,
    [BS_TOKEN_AMPER] = BS_BINOP_BIT_AND,
    [BS_TOKEN_VBAR] = BS_BINOP_BIT_OR,
    [BS_TOKEN_CIRCUMFLEX] = BS_BINOP_BIT_XOR,
  };
  BsTokenKind kind = p->cur.kind;
  Precedence prec = get_rule (kind)->precedence;
  BsAstNode *right, *node;

  advance (p);
  /* ** is right-associative and takes a unary operand: 2 ** -1, 2 ** 3 ** 2. */
  right = parse_precedence (p, kind == BS_TOKEN_DOUBLESTAR ? PREC_UNARY : prec + 1);
  if (FAILED (p))
    return NULL;
  node = new_node (p, BS_AST_BIN_OP, start);
  node->bin_op.left = left;
  node->bin_op.op = ops[kind];
  node->bin_op.right = right;
  return node;
}

static gboolean
comparison_op (BsParser *p,
               BsCmpOp  *op)
{
  switch (p->cur.kind)
    {
    case BS_TOKEN_EQEQUAL:
      *op = BS_CMPOP_EQ;
      break;
    case BS_TOKEN_NOTEQUAL:
      *op = BS_CMPOP_NOT_EQ;
      break;
    case BS_TOKEN_LESS:
      *op = BS_CMPOP_LT;
      break;
    case BS_TOKEN_LESSEQUAL:
      *op = BS_CMPOP_LT_E;
      break;
    case BS_TOKEN_GREATER:
      *op = BS_CMPOP_GT;
      break;
    case BS_TOKEN_GREATEREQUAL:
      *op = BS_CMPOP_GT_E;
      break;
    case BS_TOKEN_IN:
      *op = BS_CMPOP_IN;
      break;
    case BS_TOKEN_IS:
      if (peek (p)->kind == BS_TOKEN_NOT)
        {
          advance (p);
          *op = BS_CMPOP_IS_NOT;
        }
      else
        *op = BS_CMPOP_IS;
      break;
    case BS_TOKEN_NOT:
      if (peek (p)->kind != BS_TOKEN_IN)
        return FALSE;
      advance (p);
      *op = BS_CMPOP_NOT_IN;
      break;
    default:
      return FALSE;
    }
  advance (p);
  return TRUE;
}

static BsAstNode *
parse_compare (BsParser *p,
               BsAstNode   *left,
               BsSpan    start)
{
  g_autoptr(GArray) ops = g_array_new (FALSE, FALSE, sizeof (BsCmpOp));
  g_autoptr(GPtrArray) comparators = g_ptr_array_new ();
  BsCmpOp op;
  BsAstNode *node;

  while (comparison_op (p, &op))
    {
      BsAstNode *right = parse_precedence (p, PREC_BOR);

      if (FAILED (p))
        return NULL;
      g_array_append_val (ops, op);
      g_ptr_array_add (comparators, right);
    }
  if (comparators->len == 0)
    {
      invalid_syntax (p);
      return NULL;
    }
  node = new_node (p, BS_AST_COMPARE, start);
  node->compare.left = left;
  node->compare.ops = bs_ast_alloc (p->ast, sizeof (BsCmpOp) * ops->len);
  memcpy (node->compare.ops, ops->data, sizeof (BsCmpOp) * ops->len);
  node->compare.comparators = bs_ast_list (p->ast, comparators);
  return node;
}

static BsAstNode *
parse_bool (BsParser *p,
            BsAstNode   *left,
            BsSpan    start)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  BsTokenKind kind = p->cur.kind;
  BsAstNode *node;

  g_ptr_array_add (values, left);
  while (match (p, kind))
    {
      BsAstNode *right = parse_precedence (p, kind == BS_TOKEN_AND ? PREC_NOT : PREC_AND);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (values, right);
    }
  node = new_node (p, BS_AST_BOOL_OP, start);
  node->bool_op.op = kind == BS_TOKEN_AND ? BS_BOOLOP_AND : BS_BOOLOP_OR;
  node->bool_op.values = bs_ast_list (p->ast, values);
  return node;
}

static BsAstNode *
parse_ternary (BsParser *p,
               BsAstNode   *left,
               BsSpan    start)
{
  BsAstNode *test, *orelse, *node;

  advance (p);
  test = parse_precedence (p, PREC_OR);
  if (FAILED (p))
    return NULL;
  if (!match (p, BS_TOKEN_ELSE))
    {
      syntax_error (p, join_spans (start, test->span), "expected 'else' after 'if' expression");
      return NULL;
    }
  orelse = parse_precedence (p, PREC_EXPR);
  if (FAILED (p))
    return NULL;
  node = new_node (p, BS_AST_IF_EXP, start);
  node->if_exp.test = test;
  node->if_exp.body = left;
  node->if_exp.orelse = orelse;
  return node;
}

static BsAstNode *
parse_walrus (BsParser *p,
              BsAstNode   *left,
              BsSpan    start)
{
  refuse (p, token_span (&p->cur), "assignment expressions (:=) are");
  return NULL;
}

/* Primaries */

static BsAstNode *
parse_attribute (BsParser *p,
                 BsAstNode   *left,
                 BsSpan    start)
{
  BsAstNode *node;

  advance (p);
  if (!check (p, BS_TOKEN_NAME))
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  node = new_node (p, BS_AST_ATTRIBUTE, start);
  node->attribute.value = left;
  node->attribute.attr = token_text (p, &p->prev);
  return node;
}

/* Arguments of a call or a class statement, after the '('. */
static gboolean
parse_call_arguments (BsParser  *p,
                      GPtrArray *args,
                      GPtrArray *keywords,
                      BsSpan     open)
{
  gboolean seen_keyword = FALSE;
  gboolean seen_kwargs = FALSE;

  while (!check (p, BS_TOKEN_RPAR))
    {
      BsSpan start = token_span (&p->cur);

      if (match (p, BS_TOKEN_DOUBLESTAR))
        {
          BsAstNode *value = parse_expression (p);
          BsAstNode *kw;

          if (FAILED (p))
            return FALSE;
          kw = new_node (p, BS_AST_KEYWORD, start);
          kw->keyword.value = value;
          g_ptr_array_add (keywords, kw);
          seen_kwargs = TRUE;
        }
      else if (check (p, BS_TOKEN_STAR))
        {
          BsAstNode *arg = parse_star_or_expression (p);

          if (FAILED (p))
            return FALSE;
          if (seen_kwargs)
            {
              syntax_error (p, arg->span,
                            "iterable argument unpacking follows keyword argument unpacking");
              return FALSE;
            }
          g_ptr_array_add (args, arg);
        }
      else
        {
          BsAstNode *e = parse_star_or_expression (p);

          if (FAILED (p))
            return FALSE;
          if (check (p, BS_TOKEN_EQUAL))
            {
              BsAstNode *value, *kw;

              if (e->kind != BS_AST_NAME)
                {
                  if (e->kind == BS_AST_CONSTANT && e->constant.kind <= BS_CONST_FALSE)
                    {
                      advance (p);
                      syntax_error (p, join_spans (e->span, token_span (&p->prev)),
                                    "cannot assign to %s", expr_name (e));
                      value = parse_expression (p);
                      if (value)
                        {
                          g_clear_error (&p->error);
                          syntax_error (p, join_spans (e->span, value->span),
                                        "cannot assign to %s", expr_name (e));
                        }
                      return FALSE;
                    }
                  syntax_error (p, join_spans (e->span, token_span (&p->cur)),
                                "expression cannot contain assignment, "
                                "perhaps you meant \"==\"?");
                  return FALSE;
                }
              advance (p);
              value = parse_expression (p);
              if (FAILED (p))
                return FALSE;
              kw = new_node (p, BS_AST_KEYWORD, e->span);
              kw->keyword.arg = e->name.id;
              kw->keyword.value = value;
              g_ptr_array_add (keywords, kw);
              seen_keyword = TRUE;
            }
          else if (check (p, BS_TOKEN_FOR) || check (p, BS_TOKEN_ASYNC))
            {
              BsAstNode *gen = make_comp (p, BS_AST_GENERATOR_EXP, e->span, e, NULL);

              if (FAILED (p))
                return FALSE;
              if (args->len > 0 || keywords->len > 0 || check (p, BS_TOKEN_COMMA))
                {
                  syntax_error (p, gen->span, "Generator expression must be parenthesized");
                  return FALSE;
                }
              if (!check (p, BS_TOKEN_RPAR))
                {
                  invalid_syntax (p);
                  return FALSE;
                }
              gen->span.line = open.line;
              gen->span.col = open.col;
              gen->span.end_line = p->cur.end_line;
              gen->span.end_col = p->cur.end_col;
              g_ptr_array_add (args, gen);
            }
          else
            {
              if (seen_kwargs || seen_keyword)
                {
                  /* CPython 3.11 points just past the argument. */
                  BsSpan span = { e->span.end_line, e->span.end_col, e->span.end_line,
                                  e->span.end_col + 1 };

                  syntax_error (p, span, seen_kwargs
                                ? "positional argument follows keyword argument unpacking"
                                : "positional argument follows keyword argument");
                  return FALSE;
                }
              g_ptr_array_add (args, e);
            }
        }
      if (!match (p, BS_TOKEN_COMMA))
        break;
    }
  if (!check (p, BS_TOKEN_RPAR))
    {
      BsAstNode *last = NULL;

      if (keywords->len > 0)
        last = ((BsAstNode *) g_ptr_array_index (keywords, keywords->len - 1))->keyword.value;
      else if (args->len > 0)
        last = g_ptr_array_index (args, args->len - 1);
      bad_display (p, last);
      return FALSE;
    }
  advance (p);
  return TRUE;
}

static BsAstNode *
parse_call (BsParser *p,
            BsAstNode   *left,
            BsSpan    start)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GPtrArray) keywords = g_ptr_array_new ();
  BsSpan open = token_span (&p->cur);
  BsAstNode *node;

  advance (p);
  if (!parse_call_arguments (p, args, keywords, open))
    return NULL;
  node = new_node (p, BS_AST_CALL, start);
  node->call.func = left;
  node->call.args = bs_ast_list (p->ast, args);
  node->call.keywords = bs_ast_list (p->ast, keywords);
  return node;
}

static BsAstNode *
parse_slice_item (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *lower = NULL, *upper = NULL, *step = NULL;
  BsAstNode *node;

  if (!check (p, BS_TOKEN_COLON))
    {
      lower = parse_star_or_expression (p);
      if (FAILED (p) || !check (p, BS_TOKEN_COLON))
        return lower;
    }
  advance (p);
  if (!check (p, BS_TOKEN_COLON) && !check (p, BS_TOKEN_COMMA) && !check (p, BS_TOKEN_RSQB))
    {
      upper = parse_expression (p);
      if (FAILED (p))
        return NULL;
    }
  if (match (p, BS_TOKEN_COLON) && !check (p, BS_TOKEN_COMMA) && !check (p, BS_TOKEN_RSQB))
    {
      step = parse_expression (p);
      if (FAILED (p))
        return NULL;
    }
  node = new_node (p, BS_AST_SLICE, start);
  node->slice.lower = lower;
  node->slice.upper = upper;
  node->slice.step = step;
  return node;
}

static BsAstNode *
parse_subscript (BsParser *p,
                 BsAstNode   *left,
                 BsSpan    start)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan index_start;
  BsAstNode *index, *node;

  advance (p);
  index_start = token_span (&p->cur);
  index = parse_slice_item (p);
  if (FAILED (p))
    return NULL;
  if (check (p, BS_TOKEN_COMMA))
    {
      g_ptr_array_add (items, index);
      while (match (p, BS_TOKEN_COMMA))
        {
          BsAstNode *item;

          if (check (p, BS_TOKEN_RSQB))
            break;
          item = parse_slice_item (p);
          if (FAILED (p))
            return NULL;
          g_ptr_array_add (items, item);
        }
      index = make_seq (p, BS_AST_TUPLE, index_start, items);
    }
  if (!check (p, BS_TOKEN_RSQB))
    {
      bad_display (p, index);
      return NULL;
    }
  advance (p);
  node = new_node (p, BS_AST_SUBSCRIPT, start);
  node->subscript.value = left;
  node->subscript.slice = index;
  return node;
}

static const ParseRule rules[BS_N_TOKEN_KINDS] = {
  [BS_TOKEN_NAME]         = { parse_name,    NULL,            PREC_NONE },
  [BS_TOKEN_INT]          = { parse_number,  NULL,            PREC_NONE },
  [BS_TOKEN_FLOAT]        = { parse_number,  NULL,            PREC_NONE },
  [BS_TOKEN_STRING]       = { parse_strings, NULL,            PREC_NONE },
  [BS_TOKEN_NONE]         = { parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_TRUE]         = { parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_FALSE]        = { parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_ELLIPSIS]     = { parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_LPAR]         = { parse_paren,   parse_call,      PREC_PRIMARY },
  [BS_TOKEN_LSQB]         = { parse_list,    parse_subscript, PREC_PRIMARY },
  [BS_TOKEN_LBRACE]       = { parse_brace,   NULL,            PREC_NONE },
  [BS_TOKEN_DOT]          = { NULL,          parse_attribute, PREC_PRIMARY },
  [BS_TOKEN_DOUBLESTAR]   = { NULL,          parse_binary,    PREC_POWER },
  [BS_TOKEN_MINUS]        = { parse_unary,   parse_binary,    PREC_SUM },
  [BS_TOKEN_PLUS]         = { parse_unary,   parse_binary,    PREC_SUM },
  [BS_TOKEN_TILDE]        = { parse_unary,   NULL,            PREC_NONE },
  [BS_TOKEN_STAR]         = { NULL,          parse_binary,    PREC_TERM },
  [BS_TOKEN_SLASH]        = { NULL,          parse_binary,    PREC_TERM },
  [BS_TOKEN_DOUBLESLASH]  = { NULL,          parse_binary,    PREC_TERM },
  [BS_TOKEN_PERCENT]      = { NULL,          parse_binary,    PREC_TERM },
  [BS_TOKEN_AT]           = { NULL,          parse_binary,    PREC_TERM },
  [BS_TOKEN_LSHIFT]       = { NULL,          parse_binary,    PREC_SHIFT },
  [BS_TOKEN_RSHIFT]       = { NULL,          parse_binary,    PREC_SHIFT },
  [BS_TOKEN_AMPER]        = { NULL,          parse_binary,    PREC_BAND },
  [BS_TOKEN_CIRCUMFLEX]   = { NULL,          parse_binary,    PREC_BXOR },
  [BS_TOKEN_VBAR]         = { NULL,          parse_binary,    PREC_BOR },
  [BS_TOKEN_LESS]         = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_GREATER]      = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_LESSEQUAL]    = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_GREATEREQUAL] = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_EQEQUAL]      = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_NOTEQUAL]     = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_IN]           = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_IS]           = { NULL,          parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_NOT]          = { parse_not,     parse_compare,   PREC_COMPARISON },
  [BS_TOKEN_AND]          = { NULL,          parse_bool,      PREC_AND },
  [BS_TOKEN_OR]           = { NULL,          parse_bool,      PREC_OR },
  [BS_TOKEN_IF]           = { NULL,          parse_ternary,   PREC_EXPR },
  [BS_TOKEN_COLONEQUAL]   = { NULL,          parse_walrus,    PREC_EXPR },
  [BS_TOKEN_LAMBDA]       = { parse_lambda,  NULL,            PREC_NONE },
  [BS_TOKEN_AWAIT]        = { parse_refused, NULL,            PREC_NONE },
  [BS_TOKEN_YIELD]        = { parse_refused, NULL,            PREC_NONE },
};

static const ParseRule *
get_rule (BsTokenKind kind)
{
  return &rules[kind];
}

static gboolean
enter (BsParser *p)
{
  if (++p->depth <= MAX_DEPTH)
    return TRUE;
  syntax_error (p, token_span (&p->cur),
                "too many nested expressions (maximum recursion depth exceeded during "
                "compilation)");
  return FALSE;
}

static BsAstNode *
parse_precedence (BsParser   *p,
                  Precedence  min)
{
  const ParseRule *rule = get_rule (p->cur.kind);
  BsSpan start = token_span (&p->cur);
  int saved_depth = p->depth;
  BsAstNode *left = NULL;

  if (!enter (p))
    goto out;
  if (rule->prefix == NULL)
    {
      invalid_syntax (p);
      goto out;
    }
  left = rule->prefix (p, min);
  while (left != NULL && !FAILED (p))
    {
      rule = get_rule (p->cur.kind);
      if (rule->infix == NULL || rule->precedence < min)
        break;
      if (p->cur.kind == BS_TOKEN_NOT && peek (p)->kind != BS_TOKEN_IN)
        break;
      /* Each operator applied here nests the tree one level deeper. */
      if (!enter (p))
        break;
      left = rule->infix (p, left, start);
    }

out:
  p->depth = saved_depth;
  return FAILED (p) ? NULL : left;
}

static BsAstNode *
parse_expression (BsParser *p)
{
  return parse_precedence (p, PREC_EXPR);
}

/* "a, *b, c" as a tuple, or one expression when there is no comma. */
static BsAstNode *
parse_star_expressions (BsParser *p)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *first = parse_star_or_expression (p);

  if (FAILED (p))
    return NULL;
  if (!check (p, BS_TOKEN_COMMA))
    return first;
  g_ptr_array_add (items, first);
  while (match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (!can_start_expression (p) && !check (p, BS_TOKEN_STAR))
        break;
      item = parse_star_or_expression (p);
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (items, item);
    }
  return make_seq (p, BS_AST_TUPLE, start, items);
}

/* Targets of for and comprehensions: "a", "a, (b, c)", "*a, b". */
static BsAstNode *
parse_target_list (BsParser *p)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *first;

  first = check (p, BS_TOKEN_STAR) ? parse_star_or_expression (p)
                                   : parse_precedence (p, PREC_BOR);
  if (FAILED (p))
    return NULL;
  if (!check (p, BS_TOKEN_COMMA))
    return first;
  g_ptr_array_add (items, first);
  while (match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (check (p, BS_TOKEN_IN) || check (p, BS_TOKEN_EQUAL) || !can_start_expression (p))
        {
          if (!check (p, BS_TOKEN_STAR))
            break;
        }
      item = check (p, BS_TOKEN_STAR) ? parse_star_or_expression (p)
                                      : parse_precedence (p, PREC_BOR);
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (items, item);
    }
  return make_seq (p, BS_AST_TUPLE, start, items);
}

/* Parameters of def (with annotations) and lambda, up to @close. */
static BsAstNode *
parse_param (BsParser *p,
             gboolean  annotations)
{
  BsAstNode *arg;

  if (!check (p, BS_TOKEN_NAME))
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  arg = new_node (p, BS_AST_ARG, token_span (&p->prev));
  arg->arg.name = token_text (p, &p->prev);
  if (annotations && match (p, BS_TOKEN_COLON))
    {
      arg->arg.annotation = parse_expression (p);
      if (FAILED (p))
        return NULL;
    }
  return arg;
}

static gboolean
check_duplicate (BsParser   *p,
                 GHashTable *seen,
                 BsAstNode     *arg)
{
  if (g_hash_table_contains (seen, arg->arg.name))
    {
      syntax_error (p, arg->span, "duplicate argument '%s' in function definition",
                    arg->arg.name);
      return FALSE;
    }
  g_hash_table_add (seen, (gpointer) arg->arg.name);
  return TRUE;
}

static BsAstNode *
parse_parameters (BsParser    *p,
                  BsTokenKind  close,
                  gboolean     annotations)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GPtrArray) kwonly = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  BsSpan start = token_span (&p->cur);
  BsAstNode *vararg = NULL, *kwarg = NULL;
  gboolean star = FALSE, seen_default = FALSE;
  guint n_posonly = 0;
  BsAstNode *node;

  while (!check (p, close))
    {
      if (kwarg != NULL)
        {
          syntax_error (p, token_span (&p->cur), "arguments cannot follow var-keyword argument");
          return NULL;
        }
      if (check (p, BS_TOKEN_SLASH))
        {
          if (star || n_posonly > 0 || args->len == 0)
            {
              invalid_syntax (p);
              return NULL;
            }
          advance (p);
          n_posonly = args->len;
        }
      else if (check (p, BS_TOKEN_STAR))
        {
          BsSpan star_span = token_span (&p->cur);

          if (star)
            {
              syntax_error (p, star_span, "* argument may appear only once");
              return NULL;
            }
          advance (p);
          star = TRUE;
          if (check (p, BS_TOKEN_NAME))
            {
              vararg = parse_param (p, annotations);
              if (FAILED (p) || !check_duplicate (p, seen, vararg))
                return NULL;
            }
          else if (check (p, close) || (check (p, BS_TOKEN_COMMA) &&
                                        (peek (p)->kind == close ||
                                         peek (p)->kind == BS_TOKEN_DOUBLESTAR)))
            {
              syntax_error (p, star_span, "named arguments must follow bare *");
              return NULL;
            }
        }
      else if (match (p, BS_TOKEN_DOUBLESTAR))
        {
          kwarg = parse_param (p, annotations);
          if (FAILED (p) || !check_duplicate (p, seen, kwarg))
            return NULL;
        }
      else
        {
          BsAstNode *arg = parse_param (p, annotations);

          if (FAILED (p) || !check_duplicate (p, seen, arg))
            return NULL;
          if (match (p, BS_TOKEN_EQUAL))
            {
              arg->arg.default_value = parse_expression (p);
              if (FAILED (p))
                return NULL;
              finish (p, arg);
              if (!star)
                seen_default = TRUE;
            }
          else if (seen_default && !star)
            {
              syntax_error (p, arg->span, "non-default argument follows default argument");
              return NULL;
            }
          g_ptr_array_add (star ? kwonly : args, arg);
        }
      if (!match (p, BS_TOKEN_COMMA))
        break;
    }
  if (!check (p, close))
    {
      if (close == BS_TOKEN_COLON && check (p, BS_TOKEN_COLONEQUAL))
        invalid_syntax (p);
      else
        invalid_syntax (p);
      return NULL;
    }
  node = new_node (p, BS_AST_ARGUMENTS, start);
  if (args->len == 0 && kwonly->len == 0 && !vararg && !kwarg)
    node->span = (BsSpan) { start.line, start.col, start.line, start.col };
  node->arguments.args = bs_ast_list (p->ast, args);
  node->arguments.n_posonly = n_posonly;
  node->arguments.vararg = vararg;
  node->arguments.kwonlyargs = bs_ast_list (p->ast, kwonly);
  node->arguments.kwarg = kwarg;
  return node;
}

/* Statements */

static BsNodeList
parse_block (BsParser   *p,
             const char *what,
             int         line)
{
  g_autoptr(GPtrArray) body = g_ptr_array_new ();
  BsNodeList empty = { NULL, 0 };

  if (!enter (p))
    return empty;
  if (match (p, BS_TOKEN_NEWLINE))
    {
      if (!check (p, BS_TOKEN_INDENT))
        {
          BsSpan span = token_span (&p->cur);

          if (check (p, BS_TOKEN_EOF) || check (p, BS_TOKEN_DEDENT))
            span = (BsSpan) { p->prev.line, p->prev.col, p->prev.line, p->prev.col };
          error_span (p, BS_LANG_ERROR_INDENTATION, span,
                      "expected an indented block after %s on line %d", what, line);
          goto out;
        }
      advance (p);
      while (!check (p, BS_TOKEN_DEDENT) && !check (p, BS_TOKEN_EOF) && !FAILED (p))
        parse_statement (p, body);
      match (p, BS_TOKEN_DEDENT);
    }
  else
    {
      if (check (p, BS_TOKEN_EOF))
        {
          error_span (p, BS_LANG_ERROR_INDENTATION, token_span (&p->cur),
                      "expected an indented block after %s on line %d", what, line);
          goto out;
        }
      parse_statement (p, body);
    }

out:
  p->depth--;
  if (FAILED (p))
    return empty;
  return bs_ast_list (p->ast, body);
}

/* Compound statements end where their last statement ends. */
static void
end_with_block (BsAstNode           *node,
                const BsNodeList *block)
{
  if (block->len > 0)
    {
      const BsAstNode *last = block->items[block->len - 1];

      node->span.end_line = last->span.end_line;
      node->span.end_col = last->span.end_col;
    }
}

static BsAstNode *
parse_condition (BsParser *p)
{
  BsAstNode *test = parse_expression (p);

  if (FAILED (p))
    return NULL;
  if (check (p, BS_TOKEN_EQUAL))
    {
      BsAstNode *value;

      advance (p);
      value = parse_expression (p);
      g_clear_error (&p->error);
      syntax_error (p, join_spans (test->span, value ? value->span : test->span),
                    "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
      return NULL;
    }
  if (check (p, BS_TOKEN_COLONEQUAL))
    {
      refuse (p, token_span (&p->cur), "assignment expressions (:=) are");
      return NULL;
    }
  return test;
}

static BsAstNode *
parse_if (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  gboolean elif = check (p, BS_TOKEN_ELIF);
  BsAstNode *node, *test;

  advance (p);
  test = parse_condition (p);
  if (FAILED (p) || !expect_colon_at_line_end (p))
    return NULL;
  node = new_node (p, BS_AST_IF, start);
  node->if_stmt.test = test;
  node->if_stmt.body = parse_block (p, elif ? "'elif' statement" : "'if' statement", start.line);
  if (FAILED (p))
    return NULL;
  end_with_block (node, &node->if_stmt.body);
  if (check (p, BS_TOKEN_ELIF))
    {
      BsAstNode *elif_node = parse_if (p);
      BsAstNode **items;

      if (FAILED (p))
        return NULL;
      items = bs_ast_alloc (p->ast, sizeof (BsAstNode *));
      items[0] = elif_node;
      node->if_stmt.orelse.items = items;
      node->if_stmt.orelse.len = 1;
    }
  else if (check (p, BS_TOKEN_ELSE))
    {
      int line = p->cur.line;

      advance (p);
      if (!expect_colon (p))
        return NULL;
      node->if_stmt.orelse = parse_block (p, "'else' statement", line);
    }
  end_with_block (node, &node->if_stmt.orelse);
  return FAILED (p) ? NULL : node;
}

static BsNodeList
parse_loop_else (BsParser *p)
{
  BsNodeList empty = { NULL, 0 };
  int line = p->cur.line;

  if (!match (p, BS_TOKEN_ELSE))
    return empty;
  if (!expect_colon (p))
    return empty;
  return parse_block (p, "'else' statement", line);
}

static BsAstNode *
parse_while (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *node, *test;

  advance (p);
  test = parse_condition (p);
  if (FAILED (p) || !expect_colon_at_line_end (p))
    return NULL;
  node = new_node (p, BS_AST_WHILE, start);
  node->while_stmt.test = test;
  p->loop_depth++;
  node->while_stmt.body = parse_block (p, "'while' statement", start.line);
  p->loop_depth--;
  end_with_block (node, &node->while_stmt.body);
  node->while_stmt.orelse = parse_loop_else (p);
  end_with_block (node, &node->while_stmt.orelse);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_for (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *node, *target, *iter;

  advance (p);
  target = parse_target_list (p);
  if (FAILED (p) || !make_target (p, target, BS_CTX_STORE, FALSE))
    return NULL;
  if (!expect (p, BS_TOKEN_IN))
    return NULL;
  iter = parse_star_expressions (p);
  if (FAILED (p) || !expect_colon_at_line_end (p))
    return NULL;
  node = new_node (p, BS_AST_FOR, start);
  node->for_stmt.target = target;
  node->for_stmt.iter = iter;
  p->loop_depth++;
  node->for_stmt.body = parse_block (p, "'for' statement", start.line);
  p->loop_depth--;
  end_with_block (node, &node->for_stmt.body);
  node->for_stmt.orelse = parse_loop_else (p);
  end_with_block (node, &node->for_stmt.orelse);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_def (BsParser   *p,
           BsSpan      start,
           BsNodeList  decorators)
{
  BsAstNode *node;
  int def_line = p->cur.line;
  int saved_loop = p->loop_depth;
  int saved_class = p->class_depth;

  advance (p);
  if (!check (p, BS_TOKEN_NAME))
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  node = new_node (p, BS_AST_FUNCTION_DEF, start);
  node->function_def.name = token_text (p, &p->prev);
  node->function_def.decorators = decorators;
  if (!check (p, BS_TOKEN_LPAR))
    {
      syntax_error (p, token_span (&p->cur), "expected '('");
      return NULL;
    }
  advance (p);
  node->function_def.args = parse_parameters (p, BS_TOKEN_RPAR, TRUE);
  if (FAILED (p) || !expect (p, BS_TOKEN_RPAR))
    return NULL;
  if (match (p, BS_TOKEN_ARROW))
    {
      node->function_def.returns = parse_expression (p);
      if (FAILED (p))
        {
          g_clear_error (&p->error);
          syntax_error (p, token_span (&p->prev), "expected ':'");
          return NULL;
        }
    }
  if (!expect_colon (p))
    return NULL;
  p->loop_depth = 0;
  p->class_depth = 0;
  p->func_depth++;
  node->function_def.body = parse_block (p, "function definition", def_line);
  p->func_depth--;
  p->loop_depth = saved_loop;
  p->class_depth = saved_class;
  end_with_block (node, &node->function_def.body);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_class (BsParser   *p,
             BsSpan      start,
             BsNodeList  decorators)
{
  g_autoptr(GPtrArray) bases = g_ptr_array_new ();
  g_autoptr(GPtrArray) keywords = g_ptr_array_new ();
  BsAstNode *node;
  int class_line = p->cur.line;
  int saved_loop = p->loop_depth;
  int saved_func = p->func_depth;

  advance (p);
  if (!check (p, BS_TOKEN_NAME))
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  node = new_node (p, BS_AST_CLASS_DEF, start);
  node->class_def.name = token_text (p, &p->prev);
  node->class_def.decorators = decorators;
  if (check (p, BS_TOKEN_LPAR))
    {
      BsSpan open = token_span (&p->cur);

      advance (p);
      if (!parse_call_arguments (p, bases, keywords, open))
        return NULL;
      if (keywords->len > 0)
        {
          refuse (p, ((BsAstNode *) g_ptr_array_index (keywords, 0))->span,
                  "class keywords (such as metaclass=...) are");
          return NULL;
        }
      for (guint i = 0; i < bases->len; i++)
        {
          BsAstNode *base = g_ptr_array_index (bases, i);

          if (base->kind == BS_AST_STARRED || base->kind == BS_AST_GENERATOR_EXP)
            {
              refuse (p, base->span, "this kind of base class is");
              return NULL;
            }
        }
      node->class_def.bases = bs_ast_list (p->ast, bases);
    }
  if (!expect_colon_at_line_end (p))
    return NULL;
  p->loop_depth = 0;
  p->func_depth = 0;
  p->class_depth++;
  node->class_def.body = parse_block (p, "class definition", class_line);
  p->class_depth--;
  p->loop_depth = saved_loop;
  p->func_depth = saved_func;
  end_with_block (node, &node->class_def.body);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_decorated (BsParser *p)
{
  g_autoptr(GPtrArray) decorators = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);

  while (match (p, BS_TOKEN_AT))
    {
      BsAstNode *decorator = parse_expression (p);

      if (FAILED (p))
        return NULL;
      if (!check (p, BS_TOKEN_NEWLINE))
        {
          invalid_syntax (p);
          return NULL;
        }
      advance (p);
      g_ptr_array_add (decorators, decorator);
    }
  if (check (p, BS_TOKEN_DEF))
    return parse_def (p, start, bs_ast_list (p->ast, decorators));
  if (check (p, BS_TOKEN_CLASS))
    return parse_class (p, start, bs_ast_list (p->ast, decorators));
  if (check (p, BS_TOKEN_ASYNC))
    refuse (p, token_span (&p->cur), "'async def' is");
  else
    invalid_syntax (p);
  return NULL;
}

/* "expr" or "expr as target" */
static BsAstNode *
parse_with_item (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *context = parse_expression (p);
  BsAstNode *item;

  if (FAILED (p))
    return NULL;
  item = new_node (p, BS_AST_WITH_ITEM, start);
  item->with_item.context_expr = context;
  if (match (p, BS_TOKEN_AS))
    {
      /* One target: "with a as b, c:" has two items. */
      BsAstNode *target = parse_precedence (p, PREC_BOR);

      if (FAILED (p) || !make_target (p, target, BS_CTX_STORE, FALSE))
        return NULL;
      item->with_item.optional_vars = target;
      finish (p, item);
    }
  return item;
}

/* Whether the "(" after "with" holds Python 3.10's parenthesised items, "with (a as b, c):",
 * rather than starting an expression, "with (a, b) as c:". CPython's grammar tries the items
 * first: they are items when they parse as such (no "*x" or "for" among them) and either the
 * matching ")" is followed by ":" or an "as" shows that they cannot be an expression. */
static gboolean
parenthesised_with_items (BsParser *p)
{
  g_autoptr(BsLexer) lexer = bs_lexer_new_for_range (p->src, p->cur.start, p->length,
                                                     p->cur.line, p->cur.col, p->filename,
                                                     BS_LEXER_EXPRESSION);
  BsTokenKind prev = BS_TOKEN_EOF;
  BsToken token;
  gboolean has_as = FALSE;
  int depth = 0;

  while (bs_lexer_next (lexer, &token, NULL) && token.kind != BS_TOKEN_EOF)
    {
      if (depth == 1)
        {
          if (token.kind == BS_TOKEN_FOR || token.kind == BS_TOKEN_ASYNC
              || ((token.kind == BS_TOKEN_STAR || token.kind == BS_TOKEN_DOUBLESTAR)
                  && (prev == BS_TOKEN_LPAR || prev == BS_TOKEN_COMMA)))
            return FALSE;
          has_as |= token.kind == BS_TOKEN_AS;
        }
      prev = token.kind;
      if (token.kind == BS_TOKEN_LPAR || token.kind == BS_TOKEN_LSQB
          || token.kind == BS_TOKEN_LBRACE)
        depth++;
      else if ((token.kind == BS_TOKEN_RPAR || token.kind == BS_TOKEN_RSQB
                || token.kind == BS_TOKEN_RBRACE) && --depth == 0)
        return has_as || (bs_lexer_next (lexer, &token, NULL) && token.kind == BS_TOKEN_COLON);
    }
  return has_as;
}

static BsAstNode *
parse_with (BsParser *p)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  gboolean parenthesised;
  BsAstNode *node;

  advance (p);
  parenthesised = check (p, BS_TOKEN_LPAR) && peek (p)->kind != BS_TOKEN_RPAR
                  && parenthesised_with_items (p);
  if (parenthesised)
    advance (p);
  do
    {
      BsAstNode *item;

      if (parenthesised && items->len > 0 && check (p, BS_TOKEN_RPAR))
        break;
      item = parse_with_item (p);
      if (item == NULL)
        return NULL;
      g_ptr_array_add (items, item);
    }
  while (match (p, BS_TOKEN_COMMA));
  if (parenthesised && !expect (p, BS_TOKEN_RPAR))
    return NULL;
  /* CPython says "expected ':'" only at the end of the line */
  if (!check (p, BS_TOKEN_COLON) && !check (p, BS_TOKEN_NEWLINE))
    {
      invalid_syntax (p);
      return NULL;
    }
  if (!expect_colon (p))
    return NULL;
  node = new_node (p, BS_AST_WITH, start);
  node->with_stmt.items = bs_ast_list (p->ast, items);
  node->with_stmt.body = parse_block (p, "'with' statement", start.line);
  end_with_block (node, &node->with_stmt.body);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_try (BsParser *p)
{
  g_autoptr(GPtrArray) handlers = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *node;
  BsAstNode *bare = NULL;

  advance (p);
  if (!expect_colon (p))
    return NULL;
  node = new_node (p, BS_AST_TRY, start);
  node->try_stmt.body = parse_block (p, "'try' statement", start.line);
  if (FAILED (p))
    return NULL;
  end_with_block (node, &node->try_stmt.body);

  while (check (p, BS_TOKEN_EXCEPT))
    {
      BsSpan handler_start = token_span (&p->cur);
      BsAstNode *handler;

      advance (p);
      if (check (p, BS_TOKEN_STAR))
        {
          refuse (p, token_span (&p->cur), "'except*' is");
          return NULL;
        }
      if (bare != NULL)
        {
          syntax_error (p, bare->span, "default 'except:' must be last");
          return NULL;
        }
      handler = new_node (p, BS_AST_EXCEPT_HANDLER, handler_start);
      if (!check (p, BS_TOKEN_COLON))
        {
          handler->except_handler.type = parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          if (handler->except_handler.type->kind == BS_AST_TUPLE &&
              handler->except_handler.type->span.line == handler_start.line &&
              p->src[p->prev.start] != ')')
            {
              syntax_error (p, handler->except_handler.type->span,
                            "multiple exception types must be parenthesized");
              return NULL;
            }
          if (match (p, BS_TOKEN_AS))
            {
              if (!check (p, BS_TOKEN_NAME))
                {
                  invalid_syntax (p);
                  return NULL;
                }
              advance (p);
              handler->except_handler.name = token_text (p, &p->prev);
            }
        }
      else
        bare = handler;
      if (!expect_colon (p))
        return NULL;
      handler->except_handler.body = parse_block (p, "'except' statement", handler_start.line);
      if (FAILED (p))
        return NULL;
      end_with_block (handler, &handler->except_handler.body);
      g_ptr_array_add (handlers, handler);
    }
  node->try_stmt.handlers = bs_ast_list (p->ast, handlers);
  end_with_block (node, &node->try_stmt.handlers);

  if (handlers->len > 0 && check (p, BS_TOKEN_ELSE))
    {
      int line = p->cur.line;

      advance (p);
      if (!expect_colon (p))
        return NULL;
      node->try_stmt.orelse = parse_block (p, "'else' statement", line);
      end_with_block (node, &node->try_stmt.orelse);
    }
  if (check (p, BS_TOKEN_FINALLY))
    {
      int line = p->cur.line;

      advance (p);
      if (!expect_colon (p))
        return NULL;
      node->try_stmt.finalbody = parse_block (p, "'finally' statement", line);
      end_with_block (node, &node->try_stmt.finalbody);
    }
  else if (handlers->len == 0 && !FAILED (p))
    {
      BsSpan span = token_span (&p->cur);

      if (check (p, BS_TOKEN_EOF))
        span = (BsSpan) { p->prev.line, p->prev.end_col, p->prev.line, p->prev.end_col };
      syntax_error (p, span, "expected 'except' or 'finally' block");
    }
  return FAILED (p) ? NULL : node;
}

static const char *
parse_dotted_name (BsParser *p)
{
  g_autoptr(GString) name = g_string_new (NULL);

  if (!check (p, BS_TOKEN_NAME))
    {
      invalid_syntax (p);
      return NULL;
    }
  advance (p);
  g_string_append_len (name, p->src + p->prev.start, p->prev.end - p->prev.start);
  while (match (p, BS_TOKEN_DOT))
    {
      if (!check (p, BS_TOKEN_NAME))
        {
          invalid_syntax (p);
          return NULL;
        }
      advance (p);
      g_string_append_c (name, '.');
      g_string_append_len (name, p->src + p->prev.start, p->prev.end - p->prev.start);
    }
  return identifier (p, name->str, name->len);
}

static BsAstNode *
parse_alias (BsParser *p,
             gboolean  dotted)
{
  BsSpan start = token_span (&p->cur);
  const char *name;
  BsAstNode *alias;

  if (dotted)
    name = parse_dotted_name (p);
  else if (check (p, BS_TOKEN_NAME))
    {
      advance (p);
      name = token_text (p, &p->prev);
    }
  else
    {
      invalid_syntax (p);
      return NULL;
    }
  if (FAILED (p))
    return NULL;
  alias = new_node (p, BS_AST_ALIAS, start);
  alias->alias.name = name;
  if (match (p, BS_TOKEN_AS))
    {
      if (!check (p, BS_TOKEN_NAME))
        {
          invalid_syntax (p);
          return NULL;
        }
      advance (p);
      alias->alias.asname = token_text (p, &p->prev);
      finish (p, alias);
    }
  return alias;
}

static BsAstNode *
parse_import (BsParser *p)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *node;

  advance (p);
  do
    {
      BsAstNode *alias = parse_alias (p, TRUE);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (names, alias);
    }
  while (match (p, BS_TOKEN_COMMA));
  node = new_node (p, BS_AST_IMPORT, start);
  node->import.names = bs_ast_list (p->ast, names);
  return node;
}

static BsAstNode *
parse_from_import (BsParser *p)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  const char *module = NULL;
  int level = 0;
  gboolean parens;
  BsAstNode *node;

  advance (p);
  for (;;)
    {
      if (match (p, BS_TOKEN_DOT))
        level++;
      else if (match (p, BS_TOKEN_ELLIPSIS))
        level += 3;
      else
        break;
    }
  if (level == 0 || check (p, BS_TOKEN_NAME))
    {
      module = parse_dotted_name (p);
      if (FAILED (p))
        return NULL;
    }
  if (!expect (p, BS_TOKEN_IMPORT))
    return NULL;
  if (check (p, BS_TOKEN_STAR))
    {
      refuse (p, token_span (&p->cur), "'from ... import *' is");
      return NULL;
    }
  parens = match (p, BS_TOKEN_LPAR);
  for (;;)
    {
      BsAstNode *alias = parse_alias (p, FALSE);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (names, alias);
      if (!match (p, BS_TOKEN_COMMA))
        break;
      if (parens && check (p, BS_TOKEN_RPAR))
        break;
      if (!parens && (check (p, BS_TOKEN_NEWLINE) || check (p, BS_TOKEN_SEMI) ||
                      check (p, BS_TOKEN_EOF)))
        {
          syntax_error (p, token_span (&p->cur),
                        "trailing comma not allowed without surrounding parentheses");
          return NULL;
        }
    }
  if (parens && !expect (p, BS_TOKEN_RPAR))
    return NULL;
  node = new_node (p, BS_AST_IMPORT_FROM, start);
  node->import_from.module = module;
  node->import_from.level = level;
  node->import_from.names = bs_ast_list (p->ast, names);
  return node;
}

static BsAstNode *
parse_names_statement (BsParser   *p,
                       BsAstKind  kind)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsSpan start = token_span (&p->cur);
  BsAstNode *node;

  advance (p);
  do
    {
      if (!check (p, BS_TOKEN_NAME))
        {
          invalid_syntax (p);
          return NULL;
        }
      g_ptr_array_add (names, parse_name (p, PREC_NONE));
    }
  while (match (p, BS_TOKEN_COMMA));
  node = new_node (p, kind, start);
  node->global.names = bs_ast_list (p->ast, names);
  if (kind == BS_AST_NONLOCAL && p->func_depth == 0)
    {
      syntax_error (p, node->span, "nonlocal declaration not allowed at module level");
      return NULL;
    }
  return node;
}

static const BsBinOp augassign_ops[] = {
  BS_BINOP_ADD, BS_BINOP_SUB, BS_BINOP_MUL, BS_BINOP_DIV, BS_BINOP_FLOOR_DIV, BS_BINOP_MOD,
  BS_BINOP_MAT_MUL, BS_BINOP_POW, BS_BINOP_LSHIFT, BS_BINOP_RSHIFT, BS_BINOP_BIT_AND,
  BS_BINOP_BIT_OR, BS_BINOP_BIT_XOR,
};

G_STATIC_ASSERT (G_N_ELEMENTS (augassign_ops) ==
                 BS_TOKEN_CIRCUMFLEXEQUAL - BS_TOKEN_PLUSEQUAL + 1);

/* Expression statements and every kind of assignment. */
static BsAstNode *
parse_expression_statement (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *first = parse_star_expressions (p);
  BsAstNode *node;

  if (FAILED (p))
    return NULL;

  if (check (p, BS_TOKEN_EQUAL))
    {
      g_autoptr(GPtrArray) targets = g_ptr_array_new ();
      BsAstNode *value = first;

      while (match (p, BS_TOKEN_EQUAL))
        {
          if (!make_target (p, value, BS_CTX_STORE, targets->len == 0))
            return NULL;
          g_ptr_array_add (targets, value);
          if (check (p, BS_TOKEN_YIELD))
            {
              refuse (p, token_span (&p->cur), "'yield' is");
              return NULL;
            }
          value = parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
        }
      node = new_node (p, BS_AST_ASSIGN, start);
      node->assign.targets = bs_ast_list (p->ast, targets);
      node->assign.value = value;
      return node;
    }

  if (BS_TOKEN_IS_AUGASSIGN (p->cur.kind))
    {
      BsTokenKind kind = p->cur.kind;
      BsAstNode *value;

      if (first->kind != BS_AST_NAME && first->kind != BS_AST_ATTRIBUTE &&
          first->kind != BS_AST_SUBSCRIPT)
        {
          syntax_error (p, first->span, "'%s' is an illegal expression for augmented assignment",
                        expr_name (first));
          return NULL;
        }
      advance (p);
      value = parse_star_expressions (p);
      if (FAILED (p))
        return NULL;
      set_context (first, BS_CTX_STORE);
      node = new_node (p, BS_AST_AUG_ASSIGN, start);
      node->aug_assign.target = first;
      node->aug_assign.op = augassign_ops[kind - BS_TOKEN_PLUSEQUAL];
      node->aug_assign.value = value;
      return node;
    }

  if (check (p, BS_TOKEN_COLON))
    {
      BsAstNode *annotation;

      if (first->kind == BS_AST_TUPLE)
        {
          syntax_error (p, first->span, "only single target (not tuple) can be annotated");
          return NULL;
        }
      if (first->kind == BS_AST_LIST)
        {
          syntax_error (p, first->span, "only single target (not list) can be annotated");
          return NULL;
        }
      if (first->kind != BS_AST_NAME && first->kind != BS_AST_ATTRIBUTE &&
          first->kind != BS_AST_SUBSCRIPT)
        {
          syntax_error (p, first->span, "illegal target for annotation");
          return NULL;
        }
      advance (p);
      annotation = parse_expression (p);
      if (FAILED (p))
        return NULL;
      set_context (first, BS_CTX_STORE);
      node = new_node (p, BS_AST_ANN_ASSIGN, start);
      node->ann_assign.target = first;
      node->ann_assign.annotation = annotation;
      if (match (p, BS_TOKEN_EQUAL))
        {
          node->ann_assign.value = parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          finish (p, node);
        }
      return node;
    }

  if (first->kind == BS_AST_STARRED)
    {
      syntax_error (p, first->span, "can't use starred expression here");
      return NULL;
    }
  if (first->kind == BS_AST_NAME && can_start_expression (p) &&
      (strcmp (first->name.id, "print") == 0 || strcmp (first->name.id, "exec") == 0))
    {
      BsAstNode *arg = parse_star_expressions (p);

      if (arg != NULL && (check (p, BS_TOKEN_NEWLINE) || check (p, BS_TOKEN_SEMI)))
        {
          syntax_error (p, join_spans (first->span, arg->span),
                        "Missing parentheses in call to '%s'. Did you mean %s(...)?",
                        first->name.id, first->name.id);
          return NULL;
        }
      g_clear_error (&p->error);
      syntax_error (p, arg ? token_span (&p->cur) : first->span, "invalid syntax");
      return NULL;
    }
  node = new_node (p, BS_AST_EXPR_STMT, start);
  node->expr_stmt.value = first;
  return node;
}

static BsAstNode *
parse_simple_statement (BsParser *p)
{
  BsSpan start = token_span (&p->cur);
  BsAstNode *node;

  switch (p->cur.kind)
    {
    case BS_TOKEN_PASS:
    case BS_TOKEN_BREAK:
    case BS_TOKEN_CONTINUE:
      {
        BsTokenKind kind = p->cur.kind;

        advance (p);
        if (kind == BS_TOKEN_BREAK && p->loop_depth == 0)
          {
            syntax_error (p, start, "'break' outside loop");
            return NULL;
          }
        if (kind == BS_TOKEN_CONTINUE && p->loop_depth == 0)
          {
            syntax_error (p, start, "'continue' not properly in loop");
            return NULL;
          }
        return new_node (p, kind == BS_TOKEN_PASS ? BS_AST_PASS
                            : kind == BS_TOKEN_BREAK ? BS_AST_BREAK : BS_AST_CONTINUE,
                         start);
      }

    case BS_TOKEN_RETURN:
      advance (p);
      node = new_node (p, BS_AST_RETURN, start);
      if (can_start_expression (p) || check (p, BS_TOKEN_STAR))
        {
          node->return_stmt.value = parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          finish (p, node);
        }
      if (p->func_depth == 0)
        {
          syntax_error (p, node->span, "'return' outside function");
          return NULL;
        }
      return node;

    case BS_TOKEN_RAISE:
      advance (p);
      node = new_node (p, BS_AST_RAISE, start);
      if (can_start_expression (p))
        {
          node->raise.exc = parse_expression (p);
          if (FAILED (p))
            return NULL;
          if (match (p, BS_TOKEN_FROM))
            {
              node->raise.cause = parse_expression (p);
              if (FAILED (p))
                return NULL;
            }
          finish (p, node);
        }
      return node;

    case BS_TOKEN_ASSERT:
      {
        BsAstNode *test, *msg = NULL;

        advance (p);
        test = parse_expression (p);
        if (FAILED (p))
          return NULL;
        if (match (p, BS_TOKEN_COMMA))
          {
            msg = parse_expression (p);
            if (FAILED (p))
              return NULL;
          }
        node = new_node (p, BS_AST_ASSERT, start);
        node->assert_stmt.test = test;
        node->assert_stmt.msg = msg;
        return node;
      }

    case BS_TOKEN_DEL:
      {
        g_autoptr(GPtrArray) targets = g_ptr_array_new ();

        advance (p);
        do
          {
            BsAstNode *target;

            if (targets->len > 0 && !can_start_expression (p))
              break;
            target = parse_precedence (p, PREC_BOR);
            if (FAILED (p) || !make_target (p, target, BS_CTX_DEL, FALSE))
              return NULL;
            g_ptr_array_add (targets, target);
          }
        while (match (p, BS_TOKEN_COMMA));
        node = new_node (p, BS_AST_DELETE, start);
        node->delete_stmt.targets = bs_ast_list (p->ast, targets);
        return node;
      }

    case BS_TOKEN_GLOBAL:
      return parse_names_statement (p, BS_AST_GLOBAL);
    case BS_TOKEN_NONLOCAL:
      return parse_names_statement (p, BS_AST_NONLOCAL);
    case BS_TOKEN_IMPORT:
      return parse_import (p);
    case BS_TOKEN_FROM:
      return parse_from_import (p);

    default:
      return parse_expression_statement (p);
    }
}

/* simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static void
parse_simple_statements (BsParser  *p,
                         GPtrArray *into)
{
  for (;;)
    {
      BsAstNode *stmt = parse_simple_statement (p);

      if (FAILED (p))
        return;
      g_ptr_array_add (into, stmt);
      if (!match (p, BS_TOKEN_SEMI))
        break;
      if (check (p, BS_TOKEN_NEWLINE) || check (p, BS_TOKEN_EOF))
        break;
    }
  if (match (p, BS_TOKEN_NEWLINE) || check (p, BS_TOKEN_EOF))
    return;
  if (check (p, BS_TOKEN_EQUAL) && into->len > 0)
    {
      BsAstNode *last = g_ptr_array_index (into, into->len - 1);

      if (last->kind == BS_AST_ASSIGN || last->kind == BS_AST_AUG_ASSIGN)
        {
          BsAstNode *value = last->kind == BS_AST_ASSIGN ? last->assign.value
                                                       : last->aug_assign.value;

          make_target (p, value, BS_CTX_STORE, FALSE);
          if (FAILED (p))
            return;
        }
    }
  invalid_syntax (p);
}

static void
parse_statement (BsParser  *p,
                 GPtrArray *into)
{
  BsAstNode *stmt = NULL;
  int saved_depth = p->depth;

  if (!enter (p))
    return;
  switch (p->cur.kind)
    {
    case BS_TOKEN_IF:
      stmt = parse_if (p);
      break;
    case BS_TOKEN_WHILE:
      stmt = parse_while (p);
      break;
    case BS_TOKEN_FOR:
      stmt = parse_for (p);
      break;
    case BS_TOKEN_DEF:
      stmt = parse_def (p, token_span (&p->cur), (BsNodeList) { NULL, 0 });
      break;
    case BS_TOKEN_CLASS:
      stmt = parse_class (p, token_span (&p->cur), (BsNodeList) { NULL, 0 });
      break;
    case BS_TOKEN_WITH:
      stmt = parse_with (p);
      break;
    case BS_TOKEN_TRY:
      stmt = parse_try (p);
      break;
    case BS_TOKEN_AT:
      stmt = parse_decorated (p);
      break;
    case BS_TOKEN_ASYNC:
      refuse (p, token_span (&p->cur), "'async' is");
      break;
    case BS_TOKEN_INDENT:
    case BS_TOKEN_DEDENT:
    case BS_TOKEN_ELSE:
    case BS_TOKEN_ELIF:
    case BS_TOKEN_EXCEPT:
    case BS_TOKEN_FINALLY:
      invalid_syntax (p);
      break;
    default:
      parse_simple_statements (p, into);
      break;
    }
  p->depth = saved_depth;
  if (stmt != NULL && !FAILED (p))
    g_ptr_array_add (into, stmt);
}

static BsAst *
run_parser (const char  *source,
            gssize       length,
            const char  *filename,
            gboolean     expression,
            GHashTable  *names,
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
  advance (p);

  if (expression)
    {
      root = parse_star_expressions (p);
      if (!FAILED (p) && !check (p, BS_TOKEN_EOF))
        invalid_syntax (p);
    }
  else
    {
      while (!check (p, BS_TOKEN_EOF) && !FAILED (p))
        parse_statement (p, body);
      if (!FAILED (p))
        {
          BsSpan span = { 1, 1, p->cur.end_line, p->cur.end_col };

          root = bs_ast_new_node (ast, BS_AST_MODULE, &span);
          root->module.body = bs_ast_list (ast, body);
        }
    }

  if (FAILED (p))
    {
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
  return run_parser (source, length, filename, FALSE, NULL, error);
}

BsAst *
bs_parse_interned (const char  *source,
                   gssize       length,
                   const char  *filename,
                   GHashTable  *names,
                   GError     **error)
{
  g_return_val_if_fail (names != NULL, NULL);

  return run_parser (source, length, filename, FALSE, names, error);
}

BsAst *
bs_parse_expression (const char  *source,
                     gssize       length,
                     const char  *filename,
                     GError     **error)
{
  return run_parser (source, length, filename, TRUE, NULL, error);
}
