/* bs-parser-stmt.c: statements, blocks, parameters */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-parser-private.h"

#include <string.h>

/* Parameters of def (with annotations) and lambda, up to @close. */
static BsAstNode *
parse_param (BsParser *p,
             gboolean  annotations)
{
  BsAstNode *arg;

  if (!bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  arg = bs_parser_new_node (p, BS_AST_ARG, bs_parser_token_span (&p->prev));
  arg->arg.name = bs_parser_token_text (p, &p->prev);
  if (annotations && bs_parser_match (p, BS_TOKEN_COLON))
    {
      arg->arg.annotation = bs_parser_parse_expression (p);
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
      bs_parser_syntax_error (p, arg->span, "duplicate argument '%s' in function definition",
                              arg->arg.name);
      return FALSE;
    }
  g_hash_table_add (seen, (gpointer) arg->arg.name);
  return TRUE;
}

BsAstNode *
bs_parser_parse_parameters (BsParser    *p,
                            BsTokenKind  close,
                            gboolean     annotations)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GPtrArray) kwonly = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *vararg = NULL, *kwarg = NULL;
  gboolean star = FALSE, seen_default = FALSE;
  guint n_posonly = 0;
  BsAstNode *node;

  while (!bs_parser_check (p, close))
    {
      if (kwarg != NULL)
        {
          bs_parser_syntax_error (p, bs_parser_token_span (&p->cur),
                                  "arguments cannot follow var-keyword argument");
          return NULL;
        }
      if (bs_parser_check (p, BS_TOKEN_SLASH))
        {
          if (star || n_posonly > 0 || args->len == 0)
            {
              bs_parser_invalid_syntax (p);
              return NULL;
            }
          bs_parser_advance (p);
          n_posonly = args->len;
        }
      else if (bs_parser_check (p, BS_TOKEN_STAR))
        {
          BsSpan star_span = bs_parser_token_span (&p->cur);

          if (star)
            {
              bs_parser_syntax_error (p, star_span, "* argument may appear only once");
              return NULL;
            }
          bs_parser_advance (p);
          star = TRUE;
          if (bs_parser_check (p, BS_TOKEN_NAME))
            {
              vararg = parse_param (p, annotations);
              if (FAILED (p) || !check_duplicate (p, seen, vararg))
                return NULL;
            }
          else if (bs_parser_check (p, close) || (bs_parser_check (p, BS_TOKEN_COMMA) &&
                                        (bs_parser_peek (p)->kind == close ||
                                         bs_parser_peek (p)->kind == BS_TOKEN_DOUBLESTAR)))
            {
              bs_parser_syntax_error (p, star_span, "named arguments must follow bare *");
              return NULL;
            }
        }
      else if (bs_parser_match (p, BS_TOKEN_DOUBLESTAR))
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
          if (bs_parser_match (p, BS_TOKEN_EQUAL))
            {
              arg->arg.default_value = bs_parser_parse_expression (p);
              if (FAILED (p))
                return NULL;
              bs_parser_finish (p, arg);
              if (!star)
                seen_default = TRUE;
            }
          else if (seen_default && !star)
            {
              bs_parser_syntax_error (p, arg->span,
                                      "non-default argument follows default argument");
              return NULL;
            }
          g_ptr_array_add (star ? kwonly : args, arg);
        }
      if (!bs_parser_match (p, BS_TOKEN_COMMA))
        break;
    }
  if (!bs_parser_check (p, close))
    {
      if (close == BS_TOKEN_COLON && bs_parser_check (p, BS_TOKEN_COLONEQUAL))
        bs_parser_invalid_syntax (p);
      else
        bs_parser_invalid_syntax (p);
      return NULL;
    }
  node = bs_parser_new_node (p, BS_AST_ARGUMENTS, start);
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

  if (!bs_parser_enter (p))
    return empty;
  if (bs_parser_match (p, BS_TOKEN_NEWLINE))
    {
      if (!bs_parser_check (p, BS_TOKEN_INDENT))
        {
          BsSpan span = bs_parser_token_span (&p->cur);

          if (bs_parser_check (p, BS_TOKEN_EOF) || bs_parser_check (p, BS_TOKEN_DEDENT))
            span = (BsSpan) { p->prev.line, p->prev.col, p->prev.line, p->prev.col };
          bs_parser_error_span (p, BS_LANG_ERROR_INDENTATION, span,
                                "expected an indented block after %s on line %d", what, line);
          goto out;
        }
      bs_parser_advance (p);
      while (!bs_parser_check (p, BS_TOKEN_DEDENT) && !bs_parser_check (p, BS_TOKEN_EOF)
             && !FAILED (p))
        bs_parser_parse_statement (p, body);
      bs_parser_match (p, BS_TOKEN_DEDENT);
    }
  else
    {
      if (bs_parser_check (p, BS_TOKEN_EOF))
        {
          bs_parser_error_span (p, BS_LANG_ERROR_INDENTATION, bs_parser_token_span (&p->cur),
                                "expected an indented block after %s on line %d", what, line);
          goto out;
        }
      bs_parser_parse_statement (p, body);
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
  BsAstNode *test = bs_parser_parse_expression (p);

  if (FAILED (p))
    return NULL;
  if (bs_parser_check (p, BS_TOKEN_EQUAL))
    {
      BsAstNode *value;

      bs_parser_advance (p);
      value = bs_parser_parse_expression (p);
      g_clear_error (&p->error);
      bs_parser_syntax_error (p, bs_parser_join_spans (test->span,
                                                       value ? value->span : test->span),
                    "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
      return NULL;
    }
  if (bs_parser_check (p, BS_TOKEN_COLONEQUAL))
    {
      bs_parser_refuse (p, bs_parser_token_span (&p->cur), "assignment expressions (:=) are");
      return NULL;
    }
  return test;
}

static BsAstNode *
parse_if (BsParser *p)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  gboolean elif = bs_parser_check (p, BS_TOKEN_ELIF);
  BsAstNode *node, *test;

  bs_parser_advance (p);
  test = parse_condition (p);
  if (FAILED (p) || !bs_parser_expect_colon_at_line_end (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_IF, start);
  node->if_stmt.test = test;
  node->if_stmt.body = parse_block (p, elif ? "'elif' statement" : "'if' statement", start.line);
  if (FAILED (p))
    return NULL;
  end_with_block (node, &node->if_stmt.body);
  if (bs_parser_check (p, BS_TOKEN_ELIF))
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
  else if (bs_parser_check (p, BS_TOKEN_ELSE))
    {
      int line = p->cur.line;

      bs_parser_advance (p);
      if (!bs_parser_expect_colon (p))
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

  if (!bs_parser_match (p, BS_TOKEN_ELSE))
    return empty;
  if (!bs_parser_expect_colon (p))
    return empty;
  return parse_block (p, "'else' statement", line);
}

static BsAstNode *
parse_while (BsParser *p)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node, *test;

  bs_parser_advance (p);
  test = parse_condition (p);
  if (FAILED (p) || !bs_parser_expect_colon_at_line_end (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_WHILE, start);
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
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node, *target, *iter;

  bs_parser_advance (p);
  target = bs_parser_parse_target_list (p);
  if (FAILED (p) || !bs_parser_make_target (p, target, BS_CTX_STORE, FALSE))
    return NULL;
  if (!bs_parser_expect (p, BS_TOKEN_IN))
    return NULL;
  iter = bs_parser_parse_star_expressions (p);
  if (FAILED (p) || !bs_parser_expect_colon_at_line_end (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_FOR, start);
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
  guint n_yields;

  bs_parser_advance (p);
  if (!bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_FUNCTION_DEF, start);
  node->function_def.name = bs_parser_token_text (p, &p->prev);
  node->function_def.decorators = decorators;
  if (!bs_parser_check (p, BS_TOKEN_LPAR))
    {
      bs_parser_syntax_error (p, bs_parser_token_span (&p->cur), "expected '('");
      return NULL;
    }
  bs_parser_advance (p);
  node->function_def.args = bs_parser_parse_parameters (p, BS_TOKEN_RPAR, TRUE);
  if (FAILED (p) || !bs_parser_expect (p, BS_TOKEN_RPAR))
    return NULL;
  if (bs_parser_match (p, BS_TOKEN_ARROW))
    {
      node->function_def.returns = bs_parser_parse_expression (p);
      if (FAILED (p))
        {
          g_clear_error (&p->error);
          bs_parser_syntax_error (p, bs_parser_token_span (&p->prev), "expected ':'");
          return NULL;
        }
    }
  if (!bs_parser_expect_colon (p))
    return NULL;
  p->loop_depth = 0;
  p->class_depth = 0;
  p->func_depth++;
  n_yields = p->n_yields;
  node->function_def.body = parse_block (p, "function definition", def_line);
  node->function_def.is_generator = p->n_yields != n_yields;
  p->n_yields = n_yields;
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

  bs_parser_advance (p);
  if (!bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_CLASS_DEF, start);
  node->class_def.name = bs_parser_token_text (p, &p->prev);
  node->class_def.decorators = decorators;
  if (bs_parser_check (p, BS_TOKEN_LPAR))
    {
      BsSpan open = bs_parser_token_span (&p->cur);

      bs_parser_advance (p);
      if (!bs_parser_parse_call_arguments (p, bases, keywords, open))
        return NULL;
      if (keywords->len > 0)
        {
          bs_parser_refuse (p, ((BsAstNode *) g_ptr_array_index (keywords, 0))->span,
                            "class keywords (such as metaclass=...) are");
          return NULL;
        }
      for (guint i = 0; i < bases->len; i++)
        {
          BsAstNode *base = g_ptr_array_index (bases, i);

          if (base->kind == BS_AST_GENERATOR_EXP)
            {
              bs_parser_refuse (p, base->span, "this kind of base class is");
              return NULL;
            }
        }
      node->class_def.bases = bs_ast_list (p->ast, bases);
    }
  if (!bs_parser_expect_colon_at_line_end (p))
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
  BsSpan start = bs_parser_token_span (&p->cur);

  while (bs_parser_match (p, BS_TOKEN_AT))
    {
      BsAstNode *decorator = bs_parser_parse_expression (p);

      if (FAILED (p))
        return NULL;
      if (!bs_parser_check (p, BS_TOKEN_NEWLINE))
        {
          bs_parser_invalid_syntax (p);
          return NULL;
        }
      bs_parser_advance (p);
      g_ptr_array_add (decorators, decorator);
    }
  if (bs_parser_check (p, BS_TOKEN_DEF))
    return parse_def (p, start, bs_ast_list (p->ast, decorators));
  if (bs_parser_check (p, BS_TOKEN_CLASS))
    return parse_class (p, start, bs_ast_list (p->ast, decorators));
  if (bs_parser_check (p, BS_TOKEN_ASYNC))
    bs_parser_refuse (p, bs_parser_token_span (&p->cur), "'async def' is");
  else
    bs_parser_invalid_syntax (p);
  return NULL;
}

/* "expr" or "expr as target" */
static BsAstNode *
parse_with_item (BsParser *p)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *context = bs_parser_parse_expression (p);
  BsAstNode *item;

  if (FAILED (p))
    return NULL;
  item = bs_parser_new_node (p, BS_AST_WITH_ITEM, start);
  item->with_item.context_expr = context;
  if (bs_parser_match (p, BS_TOKEN_AS))
    {
      /* One target: "with a as b, c:" has two items. */
      BsAstNode *target = bs_parser_parse_precedence (p, PREC_BOR);

      if (FAILED (p) || !bs_parser_make_target (p, target, BS_CTX_STORE, FALSE))
        return NULL;
      item->with_item.optional_vars = target;
      bs_parser_finish (p, item);
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
  BsSpan start = bs_parser_token_span (&p->cur);
  gboolean parenthesised;
  BsAstNode *node;

  bs_parser_advance (p);
  parenthesised = bs_parser_check (p, BS_TOKEN_LPAR) && bs_parser_peek (p)->kind != BS_TOKEN_RPAR
                  && parenthesised_with_items (p);
  if (parenthesised)
    bs_parser_advance (p);
  do
    {
      BsAstNode *item;

      if (parenthesised && items->len > 0 && bs_parser_check (p, BS_TOKEN_RPAR))
        break;
      item = parse_with_item (p);
      if (item == NULL)
        return NULL;
      g_ptr_array_add (items, item);
    }
  while (bs_parser_match (p, BS_TOKEN_COMMA));
  if (parenthesised && !bs_parser_expect (p, BS_TOKEN_RPAR))
    return NULL;
  /* CPython says "expected ':'" only at the end of the line */
  if (!bs_parser_check (p, BS_TOKEN_COLON) && !bs_parser_check (p, BS_TOKEN_NEWLINE))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  if (!bs_parser_expect_colon (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_WITH, start);
  node->with_stmt.items = bs_ast_list (p->ast, items);
  node->with_stmt.body = parse_block (p, "'with' statement", start.line);
  end_with_block (node, &node->with_stmt.body);
  return FAILED (p) ? NULL : node;
}

static BsAstNode *
parse_try (BsParser *p)
{
  g_autoptr(GPtrArray) handlers = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node;
  BsAstNode *bare = NULL;

  bs_parser_advance (p);
  if (!bs_parser_expect_colon (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_TRY, start);
  node->try_stmt.body = parse_block (p, "'try' statement", start.line);
  if (FAILED (p))
    return NULL;
  end_with_block (node, &node->try_stmt.body);

  while (bs_parser_check (p, BS_TOKEN_EXCEPT))
    {
      BsSpan handler_start = bs_parser_token_span (&p->cur);
      BsAstNode *handler;

      bs_parser_advance (p);
      if (bs_parser_check (p, BS_TOKEN_STAR))
        {
          bs_parser_refuse (p, bs_parser_token_span (&p->cur), "'except*' is");
          return NULL;
        }
      if (bare != NULL)
        {
          bs_parser_syntax_error (p, bare->span, "default 'except:' must be last");
          return NULL;
        }
      handler = bs_parser_new_node (p, BS_AST_EXCEPT_HANDLER, handler_start);
      if (!bs_parser_check (p, BS_TOKEN_COLON))
        {
          handler->except_handler.type = bs_parser_parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          if (handler->except_handler.type->kind == BS_AST_TUPLE &&
              handler->except_handler.type->span.line == handler_start.line &&
              p->src[p->prev.start] != ')')
            {
              bs_parser_syntax_error (p, handler->except_handler.type->span,
                                      "multiple exception types must be parenthesized");
              return NULL;
            }
          if (bs_parser_match (p, BS_TOKEN_AS))
            {
              if (!bs_parser_check (p, BS_TOKEN_NAME))
                {
                  bs_parser_invalid_syntax (p);
                  return NULL;
                }
              bs_parser_advance (p);
              handler->except_handler.name = bs_parser_token_text (p, &p->prev);
            }
        }
      else
        bare = handler;
      if (!bs_parser_expect_colon (p))
        return NULL;
      handler->except_handler.body = parse_block (p, "'except' statement", handler_start.line);
      if (FAILED (p))
        return NULL;
      end_with_block (handler, &handler->except_handler.body);
      g_ptr_array_add (handlers, handler);
    }
  node->try_stmt.handlers = bs_ast_list (p->ast, handlers);
  end_with_block (node, &node->try_stmt.handlers);

  if (handlers->len > 0 && bs_parser_check (p, BS_TOKEN_ELSE))
    {
      int line = p->cur.line;

      bs_parser_advance (p);
      if (!bs_parser_expect_colon (p))
        return NULL;
      node->try_stmt.orelse = parse_block (p, "'else' statement", line);
      end_with_block (node, &node->try_stmt.orelse);
    }
  if (bs_parser_check (p, BS_TOKEN_FINALLY))
    {
      int line = p->cur.line;

      bs_parser_advance (p);
      if (!bs_parser_expect_colon (p))
        return NULL;
      node->try_stmt.finalbody = parse_block (p, "'finally' statement", line);
      end_with_block (node, &node->try_stmt.finalbody);
    }
  else if (handlers->len == 0 && !FAILED (p))
    {
      BsSpan span = bs_parser_token_span (&p->cur);

      if (bs_parser_check (p, BS_TOKEN_EOF))
        span = (BsSpan) { p->prev.line, p->prev.end_col, p->prev.line, p->prev.end_col };
      bs_parser_syntax_error (p, span, "expected 'except' or 'finally' block");
    }
  return FAILED (p) ? NULL : node;
}

static const char *
parse_dotted_name (BsParser *p)
{
  g_autoptr(GString) name = g_string_new (NULL);

  if (!bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  g_string_append_len (name, p->src + p->prev.start, p->prev.end - p->prev.start);
  while (bs_parser_match (p, BS_TOKEN_DOT))
    {
      if (!bs_parser_check (p, BS_TOKEN_NAME))
        {
          bs_parser_invalid_syntax (p);
          return NULL;
        }
      bs_parser_advance (p);
      g_string_append_c (name, '.');
      g_string_append_len (name, p->src + p->prev.start, p->prev.end - p->prev.start);
    }
  return bs_parser_identifier (p, name->str, name->len);
}

static BsAstNode *
parse_alias (BsParser *p,
             gboolean  dotted)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  const char *name;
  BsAstNode *alias;

  if (dotted)
    name = parse_dotted_name (p);
  else if (bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_advance (p);
      name = bs_parser_token_text (p, &p->prev);
    }
  else
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  if (FAILED (p))
    return NULL;
  alias = bs_parser_new_node (p, BS_AST_ALIAS, start);
  alias->alias.name = name;
  if (bs_parser_match (p, BS_TOKEN_AS))
    {
      if (!bs_parser_check (p, BS_TOKEN_NAME))
        {
          bs_parser_invalid_syntax (p);
          return NULL;
        }
      bs_parser_advance (p);
      alias->alias.asname = bs_parser_token_text (p, &p->prev);
      bs_parser_finish (p, alias);
    }
  return alias;
}

static BsAstNode *
parse_import (BsParser *p)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node;

  bs_parser_advance (p);
  do
    {
      BsAstNode *alias = parse_alias (p, TRUE);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (names, alias);
    }
  while (bs_parser_match (p, BS_TOKEN_COMMA));
  node = bs_parser_new_node (p, BS_AST_IMPORT, start);
  node->import.names = bs_ast_list (p->ast, names);
  return node;
}

static BsAstNode *
parse_from_import (BsParser *p)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  const char *module = NULL;
  int level = 0;
  gboolean parens;
  BsAstNode *node;

  bs_parser_advance (p);
  for (;;)
    {
      if (bs_parser_match (p, BS_TOKEN_DOT))
        level++;
      else if (bs_parser_match (p, BS_TOKEN_ELLIPSIS))
        level += 3;
      else
        break;
    }
  if (level == 0 || bs_parser_check (p, BS_TOKEN_NAME))
    {
      module = parse_dotted_name (p);
      if (FAILED (p))
        return NULL;
    }
  if (!bs_parser_expect (p, BS_TOKEN_IMPORT))
    return NULL;
  if (bs_parser_check (p, BS_TOKEN_STAR))
    {
      bs_parser_refuse (p, bs_parser_token_span (&p->cur), "'from ... import *' is");
      return NULL;
    }
  parens = bs_parser_match (p, BS_TOKEN_LPAR);
  for (;;)
    {
      BsAstNode *alias = parse_alias (p, FALSE);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (names, alias);
      if (!bs_parser_match (p, BS_TOKEN_COMMA))
        break;
      if (parens && bs_parser_check (p, BS_TOKEN_RPAR))
        break;
      if (!parens && (bs_parser_check (p, BS_TOKEN_NEWLINE) || bs_parser_check (p, BS_TOKEN_SEMI) ||
                      bs_parser_check (p, BS_TOKEN_EOF)))
        {
          bs_parser_syntax_error (p, bs_parser_token_span (&p->cur),
                                  "trailing comma not allowed without surrounding parentheses");
          return NULL;
        }
    }
  if (parens && !bs_parser_expect (p, BS_TOKEN_RPAR))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_IMPORT_FROM, start);
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
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node;

  bs_parser_advance (p);
  do
    {
      if (!bs_parser_check (p, BS_TOKEN_NAME))
        {
          bs_parser_invalid_syntax (p);
          return NULL;
        }
      g_ptr_array_add (names, bs_parser_parse_name (p, PREC_NONE));
    }
  while (bs_parser_match (p, BS_TOKEN_COMMA));
  node = bs_parser_new_node (p, kind, start);
  node->global.names = bs_ast_list (p->ast, names);
  if (kind == BS_AST_NONLOCAL && p->func_depth == 0)
    {
      bs_parser_syntax_error (p, node->span, "nonlocal declaration not allowed at module level");
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
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first = bs_parser_parse_star_expressions (p);
  BsAstNode *node;

  if (FAILED (p))
    return NULL;

  if (bs_parser_check (p, BS_TOKEN_EQUAL))
    {
      g_autoptr(GPtrArray) targets = g_ptr_array_new ();
      BsAstNode *value = first;

      while (bs_parser_match (p, BS_TOKEN_EQUAL))
        {
          if (!bs_parser_make_target (p, value, BS_CTX_STORE, targets->len == 0))
            return NULL;
          g_ptr_array_add (targets, value);
          value = bs_parser_parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
        }
      node = bs_parser_new_node (p, BS_AST_ASSIGN, start);
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
          bs_parser_syntax_error (p, first->span,
                                  "'%s' is an illegal expression for augmented assignment",
                                  bs_parser_expr_name (first));
          return NULL;
        }
      bs_parser_advance (p);
      value = bs_parser_parse_star_expressions (p);
      if (FAILED (p))
        return NULL;
      bs_parser_set_context (first, BS_CTX_STORE);
      node = bs_parser_new_node (p, BS_AST_AUG_ASSIGN, start);
      node->aug_assign.target = first;
      node->aug_assign.op = augassign_ops[kind - BS_TOKEN_PLUSEQUAL];
      node->aug_assign.value = value;
      return node;
    }

  if (bs_parser_check (p, BS_TOKEN_COLON))
    {
      BsAstNode *annotation;

      if (first->kind == BS_AST_TUPLE)
        {
          bs_parser_syntax_error (p, first->span,
                                  "only single target (not tuple) can be annotated");
          return NULL;
        }
      if (first->kind == BS_AST_LIST)
        {
          bs_parser_syntax_error (p, first->span, "only single target (not list) can be annotated");
          return NULL;
        }
      if (first->kind != BS_AST_NAME && first->kind != BS_AST_ATTRIBUTE &&
          first->kind != BS_AST_SUBSCRIPT)
        {
          bs_parser_syntax_error (p, first->span, "illegal target for annotation");
          return NULL;
        }
      bs_parser_advance (p);
      annotation = bs_parser_parse_expression (p);
      if (FAILED (p))
        return NULL;
      bs_parser_set_context (first, BS_CTX_STORE);
      node = bs_parser_new_node (p, BS_AST_ANN_ASSIGN, start);
      node->ann_assign.target = first;
      node->ann_assign.annotation = annotation;
      if (bs_parser_match (p, BS_TOKEN_EQUAL))
        {
          node->ann_assign.value = bs_parser_parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          bs_parser_finish (p, node);
        }
      return node;
    }

  if (first->kind == BS_AST_STARRED)
    {
      bs_parser_syntax_error (p, first->span, "can't use starred expression here");
      return NULL;
    }
  if (first->kind == BS_AST_NAME && bs_parser_can_start_expression (p) &&
      (strcmp (first->name.id, "print") == 0 || strcmp (first->name.id, "exec") == 0))
    {
      BsAstNode *arg = bs_parser_parse_star_expressions (p);

      if (arg != NULL && (bs_parser_check (p, BS_TOKEN_NEWLINE) || bs_parser_check (p,
                                                                                    BS_TOKEN_SEMI)))
        {
          bs_parser_syntax_error (p, bs_parser_join_spans (first->span, arg->span),
                                  "Missing parentheses in call to '%s'. Did you mean %s(...)?",
                                  first->name.id, first->name.id);
          return NULL;
        }
      g_clear_error (&p->error);
      bs_parser_syntax_error (p, arg ? bs_parser_token_span (&p->cur) : first->span,
                              "invalid syntax");
      return NULL;
    }
  node = bs_parser_new_node (p, BS_AST_EXPR_STMT, start);
  node->expr_stmt.value = first;
  return node;
}

static BsAstNode *
parse_simple_statement (BsParser *p)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node;

  switch (p->cur.kind)
    {
    case BS_TOKEN_PASS:
    case BS_TOKEN_BREAK:
    case BS_TOKEN_CONTINUE:
      {
        BsTokenKind kind = p->cur.kind;

        bs_parser_advance (p);
        if (kind == BS_TOKEN_BREAK && p->loop_depth == 0)
          {
            bs_parser_syntax_error (p, start, "'break' outside loop");
            return NULL;
          }
        if (kind == BS_TOKEN_CONTINUE && p->loop_depth == 0)
          {
            bs_parser_syntax_error (p, start, "'continue' not properly in loop");
            return NULL;
          }
        return bs_parser_new_node (p, kind == BS_TOKEN_PASS ? BS_AST_PASS
                                   : kind == BS_TOKEN_BREAK ? BS_AST_BREAK : BS_AST_CONTINUE,
                                   start);
      }

    case BS_TOKEN_RETURN:
      bs_parser_advance (p);
      node = bs_parser_new_node (p, BS_AST_RETURN, start);
      if (bs_parser_can_start_expression (p) || bs_parser_check (p, BS_TOKEN_STAR))
        {
          node->return_stmt.value = bs_parser_parse_star_expressions (p);
          if (FAILED (p))
            return NULL;
          bs_parser_finish (p, node);
        }
      if (p->func_depth == 0)
        {
          bs_parser_syntax_error (p, node->span, "'return' outside function");
          return NULL;
        }
      return node;

    case BS_TOKEN_RAISE:
      bs_parser_advance (p);
      node = bs_parser_new_node (p, BS_AST_RAISE, start);
      if (bs_parser_can_start_expression (p))
        {
          node->raise.exc = bs_parser_parse_expression (p);
          if (FAILED (p))
            return NULL;
          if (bs_parser_match (p, BS_TOKEN_FROM))
            {
              node->raise.cause = bs_parser_parse_expression (p);
              if (FAILED (p))
                return NULL;
            }
          bs_parser_finish (p, node);
        }
      return node;

    case BS_TOKEN_ASSERT:
      {
        BsAstNode *test, *msg = NULL;

        bs_parser_advance (p);
        test = bs_parser_parse_expression (p);
        if (FAILED (p))
          return NULL;
        if (bs_parser_match (p, BS_TOKEN_COMMA))
          {
            msg = bs_parser_parse_expression (p);
            if (FAILED (p))
              return NULL;
          }
        node = bs_parser_new_node (p, BS_AST_ASSERT, start);
        node->assert_stmt.test = test;
        node->assert_stmt.msg = msg;
        return node;
      }

    case BS_TOKEN_DEL:
      {
        g_autoptr(GPtrArray) targets = g_ptr_array_new ();

        bs_parser_advance (p);
        do
          {
            BsAstNode *target;

            if (targets->len > 0 && !bs_parser_can_start_expression (p))
              break;
            target = bs_parser_parse_precedence (p, PREC_BOR);
            if (FAILED (p) || !bs_parser_make_target (p, target, BS_CTX_DEL, FALSE))
              return NULL;
            g_ptr_array_add (targets, target);
          }
        while (bs_parser_match (p, BS_TOKEN_COMMA));
        node = bs_parser_new_node (p, BS_AST_DELETE, start);
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
      if (!bs_parser_match (p, BS_TOKEN_SEMI))
        break;
      if (bs_parser_check (p, BS_TOKEN_NEWLINE) || bs_parser_check (p, BS_TOKEN_EOF))
        break;
    }
  if (bs_parser_match (p, BS_TOKEN_NEWLINE) || bs_parser_check (p, BS_TOKEN_EOF))
    return;
  if (bs_parser_check (p, BS_TOKEN_EQUAL) && into->len > 0)
    {
      BsAstNode *last = g_ptr_array_index (into, into->len - 1);

      if (last->kind == BS_AST_ASSIGN || last->kind == BS_AST_AUG_ASSIGN)
        {
          BsAstNode *value = last->kind == BS_AST_ASSIGN ? last->assign.value
                                                       : last->aug_assign.value;

          bs_parser_make_target (p, value, BS_CTX_STORE, FALSE);
          if (FAILED (p))
            return;
        }
    }
  bs_parser_invalid_syntax (p);
}

/* `match` (a soft keyword) followed by what starts a subject rather than an operator: a
 * name or a literal cannot follow a name in an expression statement */
static gboolean
is_match_statement (BsParser *p)
{
  BsTokenKind next;

  if (p->cur.kind != BS_TOKEN_NAME || strcmp (bs_parser_token_text (p, &p->cur), "match") != 0)
    return FALSE;
  next = bs_parser_peek (p)->kind;
  return next == BS_TOKEN_NAME || next == BS_TOKEN_INT || next == BS_TOKEN_FLOAT
         || next == BS_TOKEN_STRING || next == BS_TOKEN_LBRACE;
}

void
bs_parser_parse_statement (BsParser  *p,
                           GPtrArray *into)
{
  BsAstNode *stmt = NULL;
  int saved_depth = p->depth;

  if (!bs_parser_enter (p))
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
      stmt = parse_def (p, bs_parser_token_span (&p->cur), (BsNodeList) { NULL, 0 });
      break;
    case BS_TOKEN_CLASS:
      stmt = parse_class (p, bs_parser_token_span (&p->cur), (BsNodeList) { NULL, 0 });
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
      bs_parser_refuse (p, bs_parser_token_span (&p->cur), "'async' is");
      break;
    case BS_TOKEN_INDENT:
    case BS_TOKEN_DEDENT:
    case BS_TOKEN_ELSE:
    case BS_TOKEN_ELIF:
    case BS_TOKEN_EXCEPT:
    case BS_TOKEN_FINALLY:
      bs_parser_invalid_syntax (p);
      break;
    default:
      if (is_match_statement (p))
        {
          bs_parser_refuse (p, bs_parser_token_span (&p->cur), "the match statement is");
          break;
        }
      parse_simple_statements (p, into);
      break;
    }
  p->depth = saved_depth;
  if (stmt != NULL && !FAILED (p))
    g_ptr_array_add (into, stmt);
}
