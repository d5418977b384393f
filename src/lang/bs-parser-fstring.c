/* bs-parser-fstring.c: string literals and f-strings */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-parser-private.h"

#include <string.h>

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
  bs_parser_error_span (p, g_str_has_suffix (message, "not supported by Backstep")
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
  bs_parser_advance (p);
  if (bs_parser_check (p, BS_TOKEN_STAR))
    {
      bs_parser_syntax_error (p, bs_parser_token_span (&p->cur),
                              "can't use starred expression here");
    }
  else
    {
      expr = bs_parser_parse_star_expressions (p);
      if (!FAILED (p) && !bs_parser_check (p, BS_TOKEN_EOF))
        bs_parser_invalid_syntax (p);
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
          bs_parser_syntax_error (p, b->at, "expression part cannot include a backslash");
          goto out;
        }
      if (ch == '\'' || ch == '"')
        quote = ch;
      else if (ch == '#')
        {
          bs_parser_syntax_error (p, b->at, "expression part cannot include '#'");
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
              bs_parser_syntax_error (p, b->at, "unmatched '%c'", ch);
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
      bs_parser_syntax_error (p, b->at, "expecting '}'");
      goto out;
    }
  expr_end = i;
  {
    gboolean blank = TRUE;

    for (gsize k = expr_start; k < expr_end; k++)
      blank &= g_ascii_isspace (s[k]);
    if (blank)
      {
        bs_parser_syntax_error (p, b->at, "empty expression not allowed");
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
          bs_parser_syntax_error (p, b->at,
                                  "invalid conversion character: expected 's', 'r', or 'a'");
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
          bs_parser_syntax_error (p, b->at, "expressions nested too deeply");
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
      bs_parser_syntax_error (p, b->at, "expecting '}'");
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
          bs_parser_syntax_error (p, b->at, "single '}' is not allowed");
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
BsAstNode *
bs_parser_parse_strings (BsParser   *p,
                         Precedence  min)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  g_autoptr(GString) pending = g_string_new (NULL);
  StringBuilder b = { values, pending, bs_parser_token_span (&p->cur), FALSE, { 0, 0, 0, 0 } };
  BsAstNode *node;

  /* The span of the run is needed by its parts: find its end first. */
  while (bs_parser_check (p, BS_TOKEN_STRING))
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
      bs_parser_advance (p);
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
