/* bs-parser-expr.c: expressions: displays, comprehensions, operators, calls, the rule table */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-parser-private.h"

#include <string.h>

/* Comprehensions */

static BsNodeList
parse_comp_clauses (BsParser *p)
{
  g_autoptr(GPtrArray) generators = g_ptr_array_new ();
  BsNodeList empty = { NULL, 0 };

  while (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
    {
      g_autoptr(GPtrArray) ifs = g_ptr_array_new ();
      BsSpan start = bs_parser_token_span (&p->cur);
      BsAstNode *comp;
      BsAstNode *target, *iter;

      if (bs_parser_check (p, BS_TOKEN_ASYNC))
        {
          bs_parser_refuse (p, bs_parser_token_span (&p->cur), "asynchronous comprehensions are");
          return empty;
        }
      bs_parser_advance (p);
      target = bs_parser_parse_target_list (p);
      if (FAILED (p) || !bs_parser_make_target (p, target, BS_CTX_STORE, FALSE))
        return empty;
      if (!bs_parser_expect (p, BS_TOKEN_IN))
        return empty;
      iter = bs_parser_parse_precedence (p, PREC_OR);
      if (FAILED (p))
        return empty;
      while (bs_parser_match (p, BS_TOKEN_IF))
        {
          BsAstNode *cond = bs_parser_parse_precedence (p, PREC_OR);

          if (FAILED (p))
            return empty;
          g_ptr_array_add (ifs, cond);
        }
      comp = bs_parser_new_node (p, BS_AST_COMPREHENSION, start);
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
  node = bs_parser_new_node (p, kind, start);
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
  if (bs_parser_check (p, BS_TOKEN_STAR))
    {
      BsSpan start = bs_parser_token_span (&p->cur);
      BsAstNode *value, *node;

      bs_parser_advance (p);
      value = bs_parser_parse_precedence (p, PREC_BOR);
      if (FAILED (p))
        return NULL;
      node = bs_parser_new_node (p, BS_AST_STARRED, start);
      node->starred.value = value;
      return node;
    }
  return bs_parser_parse_expression (p);
}

/* Reports the missing ',' or closing bracket after @last. */
static void
bad_display (BsParser *p,
             BsAstNode   *last)
{
  BsSpan span = bs_parser_token_span (&p->cur);

  if (!bs_parser_can_start_expression (p) || bs_parser_check (p, BS_TOKEN_NOT))
    {
      bs_parser_invalid_syntax (p);
      return;
    }
  /* Two expressions side by side. Reading the second one to its end may reach the end
   * of the file with the bracket open: CPython's tokenizer says so first. */
  if (last != NULL)
    {
      BsAstNode *next = bs_parser_parse_expression (p);

      if (p->error != NULL && g_str_has_suffix (p->error->message, "was never closed"))
        return;
      if (next != NULL)
        span = bs_parser_join_spans (last->span, next->span);
      g_clear_error (&p->error);
    }
  if (last != NULL)
    bs_parser_syntax_error (p, span, "invalid syntax. Perhaps you forgot a comma?");
  else
    bs_parser_syntax_error (p, span, "invalid syntax");
}

/* Comma-separated elements up to @close, the first one already parsed. */
static gboolean
parse_display_items (BsParser    *p,
                     GPtrArray   *items,
                     BsTokenKind  close)
{
  while (bs_parser_match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (bs_parser_check (p, close))
        break;
      item = parse_star_or_expression (p);
      if (FAILED (p))
        return FALSE;
      g_ptr_array_add (items, item);
    }
  if (!bs_parser_check (p, close))
    {
      bad_display (p, items->len > 0 ? g_ptr_array_index (items, items->len - 1) : NULL);
      return FALSE;
    }
  bs_parser_advance (p);
  return TRUE;
}

static BsAstNode *
make_seq (BsParser   *p,
          BsAstKind  kind,
          BsSpan      start,
          GPtrArray  *items)
{
  BsAstNode *node = bs_parser_new_node (p, kind, start);

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
  if (bs_parser_check (p, BS_TOKEN_COMMA))
    {
      if (!parse_display_items (p, items, close))
        return NULL;
    }
  else if (!bs_parser_match (p, close))
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

  if (node == NULL || !bs_parser_expect (p, close))
    return NULL;
  bs_parser_finish (p, node);
  return node;
}

static BsAstNode *
parse_paren (BsParser   *p,
             Precedence  min)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first;

  bs_parser_advance (p);
  if (bs_parser_match (p, BS_TOKEN_RPAR))
    return make_seq (p, BS_AST_TUPLE, start, items);

  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
    return finish_comp (p, BS_AST_GENERATOR_EXP, start, first, NULL, BS_TOKEN_RPAR);
  if (bs_parser_check (p, BS_TOKEN_COLONEQUAL))
    {
      bs_parser_refuse (p, bs_parser_token_span (&p->cur), "assignment expressions (:=) are");
      return NULL;
    }
  g_ptr_array_add (items, first);
  if (bs_parser_check (p, BS_TOKEN_COMMA))
    {
      if (!parse_display_items (p, items, BS_TOKEN_RPAR))
        return NULL;
      return make_seq (p, BS_AST_TUPLE, start, items);
    }
  if (!bs_parser_check (p, BS_TOKEN_RPAR))
    {
      bad_display (p, first);
      return NULL;
    }
  bs_parser_advance (p);
  if (first->kind == BS_AST_STARRED)
    {
      bs_parser_syntax_error (p, first->span, "cannot use starred expression here");
      return NULL;
    }
  return first;
}

static BsAstNode *
parse_list (BsParser   *p,
            Precedence  min)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first;

  bs_parser_advance (p);
  if (bs_parser_match (p, BS_TOKEN_RSQB))
    return make_seq (p, BS_AST_LIST, start, items);
  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
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

  while (bs_parser_match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *key = NULL, *value;

      if (bs_parser_check (p, BS_TOKEN_RBRACE))
        break;
      if (bs_parser_match (p, BS_TOKEN_DOUBLESTAR))
        value = bs_parser_parse_precedence (p, PREC_BOR);
      else
        {
          key = bs_parser_parse_expression (p);
          if (FAILED (p))
            return NULL;
          if (!bs_parser_check (p, BS_TOKEN_COLON))
            {
              if (bs_parser_check (p, BS_TOKEN_COMMA) || bs_parser_check (p, BS_TOKEN_RBRACE)
                  || (bs_parser_can_start_expression (p) && !bs_parser_check (p, BS_TOKEN_NOT)))
                bs_parser_syntax_error (p, (BsSpan) { key->span.end_line,
                                        MAX (key->span.end_col - 1, 0),
                                        key->span.end_line, 0 },
                                        "':' expected after dictionary key");
              else
                bs_parser_invalid_syntax (p);
              return NULL;
            }
          bs_parser_advance (p);
          value = bs_parser_parse_expression (p);
        }
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (keys, key);
      g_ptr_array_add (values, value);
    }
  if (!bs_parser_check (p, BS_TOKEN_RBRACE))
    {
      bad_display (p, g_ptr_array_index (values, values->len - 1));
      return NULL;
    }
  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_DICT, start);
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
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first;

  bs_parser_advance (p);
  if (bs_parser_match (p, BS_TOKEN_RBRACE))
    {
      BsAstNode *node = bs_parser_new_node (p, BS_AST_DICT, start);

      return node;
    }
  if (bs_parser_match (p, BS_TOKEN_DOUBLESTAR))
    {
      BsAstNode *value = bs_parser_parse_precedence (p, PREC_BOR);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (keys, NULL);
      g_ptr_array_add (values, value);
      return parse_dict_rest (p, start, keys, values);
    }

  first = parse_star_or_expression (p);
  if (FAILED (p))
    return NULL;
  if (first->kind != BS_AST_STARRED && bs_parser_match (p, BS_TOKEN_COLON))
    {
      BsAstNode *value = bs_parser_parse_expression (p);

      if (FAILED (p))
        return NULL;
      if (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
        return finish_comp (p, BS_AST_DICT_COMP, start, first, value, BS_TOKEN_RBRACE);
      g_ptr_array_add (keys, first);
      g_ptr_array_add (values, value);
      return parse_dict_rest (p, start, keys, values);
    }
  if (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
    return finish_comp (p, BS_AST_SET_COMP, start, first, NULL, BS_TOKEN_RBRACE);
  return finish_display (p, BS_AST_SET, start, values, first, BS_TOKEN_RBRACE);
}

/* Operators */

static BsAstNode *
parse_unary (BsParser   *p,
             Precedence  min)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsTokenKind kind = p->cur.kind;
  BsAstNode *operand, *node;

  bs_parser_advance (p);
  operand = bs_parser_parse_precedence (p, PREC_UNARY);
  if (FAILED (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_UNARY_OP, start);
  node->unary_op.op = kind == BS_TOKEN_MINUS ? BS_UNARYOP_USUB
                      : kind == BS_TOKEN_PLUS ? BS_UNARYOP_UADD : BS_UNARYOP_INVERT;
  node->unary_op.operand = operand;
  bs_parser_fold_int (p, node);
  return node;
}

static BsAstNode *
parse_not (BsParser   *p,
           Precedence  min)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *operand, *node;

  if (min > PREC_NOT)
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  operand = bs_parser_parse_precedence (p, PREC_NOT);
  if (FAILED (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_UNARY_OP, start);
  node->unary_op.op = BS_UNARYOP_NOT;
  node->unary_op.operand = operand;
  return node;
}

static BsAstNode *
parse_lambda (BsParser   *p,
              Precedence  min)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *args, *body, *node;
  int saved_loop = p->loop_depth;
  guint n_yields;

  if (min > PREC_EXPR)
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  args = bs_parser_parse_parameters (p, BS_TOKEN_COLON, FALSE);
  if (FAILED (p) || !bs_parser_expect (p, BS_TOKEN_COLON))
    return NULL;
  p->loop_depth = 0;
  p->func_depth++;
  n_yields = p->n_yields;
  body = bs_parser_parse_expression (p);
  p->func_depth--;
  p->loop_depth = saved_loop;
  if (FAILED (p))
    return NULL;
  if (p->n_yields != n_yields)
    {
      bs_parser_refuse (p, body->span, "'yield' in a lambda is");
      return NULL;
    }
  node = bs_parser_new_node (p, BS_AST_LAMBDA, start);
  node->lambda.args = args;
  node->lambda.body = body;
  return node;
}

static BsAstNode *
parse_refused (BsParser   *p,
               Precedence  min)
{
  bs_parser_refuse (p, bs_parser_token_span (&p->cur), "'await' is");
  return NULL;
}

/* "yield", "yield x", "yield a, b", "yield from it": where an expression may stand alone
 * (a statement, the right of an assignment, parentheses, an argument). */
static BsAstNode *
parse_yield (BsParser   *p,
             Precedence  min)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *node, *value = NULL;
  gboolean from;

  if (min > PREC_EXPR)
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  from = bs_parser_match (p, BS_TOKEN_FROM);
  if (from)
    value = bs_parser_parse_expression (p);
  else if (bs_parser_can_start_expression (p) || bs_parser_check (p, BS_TOKEN_STAR))
    value = bs_parser_parse_star_expressions (p);
  if (FAILED (p))
    return NULL;
  node = bs_parser_new_node (p, from ? BS_AST_YIELD_FROM : BS_AST_YIELD, start);
  node->yield.value = value;
  if (p->func_depth == 0)
    {
      bs_parser_syntax_error (p, node->span, "'yield' outside function");
      return NULL;
    }
  p->n_yields++;
  return node;
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
  Precedence prec = bs_parser_get_rule (kind)->precedence;
  BsAstNode *right, *node;

  bs_parser_advance (p);
  /* ** is right-associative and takes a unary operand: 2 ** -1, 2 ** 3 ** 2. */
  right = bs_parser_parse_precedence (p, kind == BS_TOKEN_DOUBLESTAR ? PREC_UNARY : prec + 1);
  if (FAILED (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_BIN_OP, start);
  node->bin_op.left = left;
  node->bin_op.op = ops[kind];
  node->bin_op.right = right;
  bs_parser_fold_int (p, node);
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
      if (bs_parser_peek (p)->kind == BS_TOKEN_NOT)
        {
          bs_parser_advance (p);
          *op = BS_CMPOP_IS_NOT;
        }
      else
        *op = BS_CMPOP_IS;
      break;
    case BS_TOKEN_NOT:
      if (bs_parser_peek (p)->kind != BS_TOKEN_IN)
        return FALSE;
      bs_parser_advance (p);
      *op = BS_CMPOP_NOT_IN;
      break;
    default:
      return FALSE;
    }
  bs_parser_advance (p);
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
      BsAstNode *right = bs_parser_parse_precedence (p, PREC_BOR);

      if (FAILED (p))
        return NULL;
      g_array_append_val (ops, op);
      g_ptr_array_add (comparators, right);
    }
  if (comparators->len == 0)
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  node = bs_parser_new_node (p, BS_AST_COMPARE, start);
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
  while (bs_parser_match (p, kind))
    {
      BsAstNode *right = bs_parser_parse_precedence (p, kind == BS_TOKEN_AND ? PREC_NOT : PREC_AND);

      if (FAILED (p))
        return NULL;
      g_ptr_array_add (values, right);
    }
  node = bs_parser_new_node (p, BS_AST_BOOL_OP, start);
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

  bs_parser_advance (p);
  test = bs_parser_parse_precedence (p, PREC_OR);
  if (FAILED (p))
    return NULL;
  if (!bs_parser_match (p, BS_TOKEN_ELSE))
    {
      bs_parser_syntax_error (p, bs_parser_join_spans (start, test->span),
                              "expected 'else' after 'if' expression");
      return NULL;
    }
  orelse = bs_parser_parse_precedence (p, PREC_EXPR);
  if (FAILED (p))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_IF_EXP, start);
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
  bs_parser_refuse (p, bs_parser_token_span (&p->cur), "assignment expressions (:=) are");
  return NULL;
}

/* Primaries */

static BsAstNode *
parse_attribute (BsParser *p,
                 BsAstNode   *left,
                 BsSpan    start)
{
  BsAstNode *node;

  bs_parser_advance (p);
  if (!bs_parser_check (p, BS_TOKEN_NAME))
    {
      bs_parser_invalid_syntax (p);
      return NULL;
    }
  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_ATTRIBUTE, start);
  node->attribute.value = left;
  node->attribute.attr = bs_parser_token_text (p, &p->prev);
  return node;
}

/* Arguments of a call or a class statement, after the '('. */
gboolean
bs_parser_parse_call_arguments (BsParser  *p,
                                GPtrArray *args,
                                GPtrArray *keywords,
                                BsSpan     open)
{
  gboolean seen_keyword = FALSE;
  gboolean seen_kwargs = FALSE;

  while (!bs_parser_check (p, BS_TOKEN_RPAR))
    {
      BsSpan start = bs_parser_token_span (&p->cur);

      if (bs_parser_match (p, BS_TOKEN_DOUBLESTAR))
        {
          BsAstNode *value = bs_parser_parse_expression (p);
          BsAstNode *kw;

          if (FAILED (p))
            return FALSE;
          kw = bs_parser_new_node (p, BS_AST_KEYWORD, start);
          kw->keyword.value = value;
          g_ptr_array_add (keywords, kw);
          seen_kwargs = TRUE;
        }
      else if (bs_parser_check (p, BS_TOKEN_STAR))
        {
          BsAstNode *arg = parse_star_or_expression (p);

          if (FAILED (p))
            return FALSE;
          if (seen_kwargs)
            {
              bs_parser_syntax_error (p, arg->span, "iterable argument unpacking follows "
                                                    "keyword argument unpacking");
              return FALSE;
            }
          g_ptr_array_add (args, arg);
        }
      else
        {
          BsAstNode *e = parse_star_or_expression (p);

          if (FAILED (p))
            return FALSE;
          if (bs_parser_check (p, BS_TOKEN_EQUAL))
            {
              BsAstNode *value, *kw;

              if (e->kind != BS_AST_NAME)
                {
                  if (e->kind == BS_AST_CONSTANT && e->constant.kind <= BS_CONST_FALSE)
                    {
                      bs_parser_advance (p);
                      bs_parser_syntax_error (p, bs_parser_join_spans (e->span, bs_parser_token_span
                                                                                  (&p->prev)),
                                              "cannot assign to %s", bs_parser_expr_name (e));
                      value = bs_parser_parse_expression (p);
                      if (value)
                        {
                          g_clear_error (&p->error);
                          bs_parser_syntax_error (p, bs_parser_join_spans (e->span, value->span),
                                                  "cannot assign to %s", bs_parser_expr_name (e));
                        }
                      return FALSE;
                    }
                  BsSpan at = bs_parser_join_spans (e->span, bs_parser_token_span (&p->cur));

                  bs_parser_syntax_error (p, at, "expression cannot contain assignment, "
                                                 "perhaps you meant \"==\"?");
                  return FALSE;
                }
              bs_parser_advance (p);
              value = bs_parser_parse_expression (p);
              if (FAILED (p))
                return FALSE;
              kw = bs_parser_new_node (p, BS_AST_KEYWORD, e->span);
              kw->keyword.arg = e->name.id;
              kw->keyword.value = value;
              g_ptr_array_add (keywords, kw);
              seen_keyword = TRUE;
            }
          else if (bs_parser_check (p, BS_TOKEN_FOR) || bs_parser_check (p, BS_TOKEN_ASYNC))
            {
              BsAstNode *gen = make_comp (p, BS_AST_GENERATOR_EXP, e->span, e, NULL);

              if (FAILED (p))
                return FALSE;
              if (args->len > 0 || keywords->len > 0 || bs_parser_check (p, BS_TOKEN_COMMA))
                {
                  bs_parser_syntax_error (p, gen->span,
                                          "Generator expression must be parenthesized");
                  return FALSE;
                }
              if (!bs_parser_check (p, BS_TOKEN_RPAR))
                {
                  bs_parser_invalid_syntax (p);
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

                  bs_parser_syntax_error (p, span, seen_kwargs
                                          ? "positional argument follows keyword argument unpacking"
                                          : "positional argument follows keyword argument");
                  return FALSE;
                }
              g_ptr_array_add (args, e);
            }
        }
      if (!bs_parser_match (p, BS_TOKEN_COMMA))
        break;
    }
  if (!bs_parser_check (p, BS_TOKEN_RPAR))
    {
      BsAstNode *last = NULL;

      if (keywords->len > 0)
        last = ((BsAstNode *) g_ptr_array_index (keywords, keywords->len - 1))->keyword.value;
      else if (args->len > 0)
        last = g_ptr_array_index (args, args->len - 1);
      bad_display (p, last);
      return FALSE;
    }
  bs_parser_advance (p);
  return TRUE;
}

static BsAstNode *
parse_call (BsParser *p,
            BsAstNode   *left,
            BsSpan    start)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GPtrArray) keywords = g_ptr_array_new ();
  BsSpan open = bs_parser_token_span (&p->cur);
  BsAstNode *node;

  bs_parser_advance (p);
  if (!bs_parser_parse_call_arguments (p, args, keywords, open))
    return NULL;
  node = bs_parser_new_node (p, BS_AST_CALL, start);
  node->call.func = left;
  node->call.args = bs_ast_list (p->ast, args);
  node->call.keywords = bs_ast_list (p->ast, keywords);
  return node;
}

static BsAstNode *
parse_slice_item (BsParser *p)
{
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *lower = NULL, *upper = NULL, *step = NULL;
  BsAstNode *node;

  if (!bs_parser_check (p, BS_TOKEN_COLON))
    {
      lower = parse_star_or_expression (p);
      if (FAILED (p) || !bs_parser_check (p, BS_TOKEN_COLON))
        return lower;
    }
  bs_parser_advance (p);
  if (!bs_parser_check (p, BS_TOKEN_COLON) && !bs_parser_check (p, BS_TOKEN_COMMA)
      && !bs_parser_check (p, BS_TOKEN_RSQB))
    {
      upper = bs_parser_parse_expression (p);
      if (FAILED (p))
        return NULL;
    }
  if (bs_parser_match (p, BS_TOKEN_COLON) && !bs_parser_check (p, BS_TOKEN_COMMA)
      && !bs_parser_check (p, BS_TOKEN_RSQB))
    {
      step = bs_parser_parse_expression (p);
      if (FAILED (p))
        return NULL;
    }
  node = bs_parser_new_node (p, BS_AST_SLICE, start);
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

  bs_parser_advance (p);
  index_start = bs_parser_token_span (&p->cur);
  index = parse_slice_item (p);
  if (FAILED (p))
    return NULL;
  if (bs_parser_check (p, BS_TOKEN_COMMA))
    {
      g_ptr_array_add (items, index);
      while (bs_parser_match (p, BS_TOKEN_COMMA))
        {
          BsAstNode *item;

          if (bs_parser_check (p, BS_TOKEN_RSQB))
            break;
          item = parse_slice_item (p);
          if (FAILED (p))
            return NULL;
          g_ptr_array_add (items, item);
        }
      index = make_seq (p, BS_AST_TUPLE, index_start, items);
    }
  if (!bs_parser_check (p, BS_TOKEN_RSQB))
    {
      bad_display (p, index);
      return NULL;
    }
  bs_parser_advance (p);
  node = bs_parser_new_node (p, BS_AST_SUBSCRIPT, start);
  node->subscript.value = left;
  node->subscript.slice = index;
  return node;
}

static const ParseRule rules[BS_N_TOKEN_KINDS] = {
  [BS_TOKEN_NAME]         = { bs_parser_parse_name,    NULL,            PREC_NONE },
  [BS_TOKEN_INT]          = { bs_parser_parse_number,  NULL,            PREC_NONE },
  [BS_TOKEN_FLOAT]        = { bs_parser_parse_number,  NULL,            PREC_NONE },
  [BS_TOKEN_STRING]       = { bs_parser_parse_strings, NULL,            PREC_NONE },
  [BS_TOKEN_NONE]         = { bs_parser_parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_TRUE]         = { bs_parser_parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_FALSE]        = { bs_parser_parse_literal, NULL,            PREC_NONE },
  [BS_TOKEN_ELLIPSIS]     = { bs_parser_parse_literal, NULL,            PREC_NONE },
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
  [BS_TOKEN_YIELD]        = { parse_yield,   NULL,            PREC_NONE },
};

const ParseRule *
bs_parser_get_rule (BsTokenKind kind)
{
  return &rules[kind];
}

gboolean
bs_parser_enter (BsParser *p)
{
  if (++p->depth <= MAX_DEPTH)
    return TRUE;
  bs_parser_syntax_error (p, bs_parser_token_span (&p->cur),
                          "too many nested expressions (maximum recursion depth exceeded during "
                          "compilation)");
  return FALSE;
}

BsAstNode *
bs_parser_parse_precedence (BsParser   *p,
                            Precedence  min)
{
  const ParseRule *rule = bs_parser_get_rule (p->cur.kind);
  BsSpan start = bs_parser_token_span (&p->cur);
  int saved_depth = p->depth;
  BsAstNode *left = NULL;

  if (!bs_parser_enter (p))
    goto out;
  if (rule->prefix == NULL)
    {
      bs_parser_invalid_syntax (p);
      goto out;
    }
  left = rule->prefix (p, min);
  while (left != NULL && !FAILED (p))
    {
      rule = bs_parser_get_rule (p->cur.kind);
      if (rule->infix == NULL || rule->precedence < min)
        break;
      if (p->cur.kind == BS_TOKEN_NOT && bs_parser_peek (p)->kind != BS_TOKEN_IN)
        break;
      /* Each operator applied here nests the tree one level deeper. */
      if (!bs_parser_enter (p))
        break;
      left = rule->infix (p, left, start);
    }

out:
  p->depth = saved_depth;
  return FAILED (p) ? NULL : left;
}

BsAstNode *
bs_parser_parse_expression (BsParser *p)
{
  return bs_parser_parse_precedence (p, PREC_EXPR);
}

/* "a, *b, c" as a tuple, or one expression when there is no comma. */
BsAstNode *
bs_parser_parse_star_expressions (BsParser *p)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first = parse_star_or_expression (p);

  if (FAILED (p))
    return NULL;
  if (!bs_parser_check (p, BS_TOKEN_COMMA))
    return first;
  g_ptr_array_add (items, first);
  while (bs_parser_match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (!bs_parser_can_start_expression (p) && !bs_parser_check (p, BS_TOKEN_STAR))
        break;
      item = parse_star_or_expression (p);
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (items, item);
    }
  return make_seq (p, BS_AST_TUPLE, start, items);
}

/* Targets of for and comprehensions: "a", "a, (b, c)", "*a, b". */
BsAstNode *
bs_parser_parse_target_list (BsParser *p)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  BsSpan start = bs_parser_token_span (&p->cur);
  BsAstNode *first;

  first = bs_parser_check (p, BS_TOKEN_STAR) ? parse_star_or_expression (p)
                                   : bs_parser_parse_precedence (p, PREC_BOR);
  if (FAILED (p))
    return NULL;
  if (!bs_parser_check (p, BS_TOKEN_COMMA))
    return first;
  g_ptr_array_add (items, first);
  while (bs_parser_match (p, BS_TOKEN_COMMA))
    {
      BsAstNode *item;

      if (bs_parser_check (p, BS_TOKEN_IN) || bs_parser_check (p, BS_TOKEN_EQUAL)
          || !bs_parser_can_start_expression (p))
        {
          if (!bs_parser_check (p, BS_TOKEN_STAR))
            break;
        }
      item = bs_parser_check (p, BS_TOKEN_STAR) ? parse_star_or_expression (p)
                                      : bs_parser_parse_precedence (p, PREC_BOR);
      if (FAILED (p))
        return NULL;
      g_ptr_array_add (items, item);
    }
  return make_seq (p, BS_AST_TUPLE, start, items);
}
