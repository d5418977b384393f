/* bs-ast.c: the arena that owns a syntax tree, and its S-expression dump */
#define G_LOG_DOMAIN "bs-lang"

#include <string.h>

#include "bs-ast.h"

#define ARENA_ALIGN 16
#define CHUNK_SIZE  (32 * 1024)

typedef struct _Chunk Chunk;
struct _Chunk {
  Chunk *next;
  gsize  used;
  gsize  size;
  char  *data;
};

struct _BsAst {
  /* Owned */
  Chunk  *chunks;
  char   *source;
  gsize   length;
  char   *filename;

  BsAstNode *root;
};

BsAst *
bs_ast_new (const char *source,
            gsize       length,
            const char *filename)
{
  BsAst *self = g_new0 (BsAst, 1);

  self->source = g_malloc (length + 1);
  if (length > 0)
    memcpy (self->source, source, length);
  self->source[length] = '\0';
  self->length = length;
  self->filename = g_strdup (filename ? filename : "<string>");
  return self;
}

void
bs_ast_free (BsAst *self)
{
  Chunk *chunk;

  if (self == NULL)
    return;
  chunk = self->chunks;
  while (chunk != NULL)
    {
      Chunk *next = chunk->next;

      g_free (chunk->data);
      g_free (chunk);
      chunk = next;
    }
  g_free (self->source);
  g_free (self->filename);
  g_free (self);
}

BsAstNode *
bs_ast_get_root (BsAst *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->root;
}

void
bs_ast_set_root (BsAst  *self,
                 BsAstNode *root)
{
  g_return_if_fail (self != NULL);
  self->root = root;
}

const char *
bs_ast_get_source (BsAst *self,
                   gsize *length)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (length)
    *length = self->length;
  return self->source;
}

const char *
bs_ast_get_filename (BsAst *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->filename;
}

gpointer
bs_ast_alloc (BsAst *self,
              gsize  size)
{
  Chunk *chunk;
  gpointer mem;

  g_return_val_if_fail (self != NULL, NULL);

  size = (size + ARENA_ALIGN - 1) & ~(gsize) (ARENA_ALIGN - 1);
  if (size == 0)
    size = ARENA_ALIGN;
  chunk = self->chunks;
  if (chunk == NULL || chunk->size - chunk->used < size)
    {
      /* Big requests get a chunk of their own, behind the current one. */
      Chunk *fresh = g_new0 (Chunk, 1);

      fresh->size = MAX (size, CHUNK_SIZE);
      fresh->data = g_malloc0 (fresh->size);
      if (chunk != NULL && size > CHUNK_SIZE / 4)
        {
          fresh->next = chunk->next;
          chunk->next = fresh;
        }
      else
        {
          fresh->next = chunk;
          self->chunks = fresh;
        }
      chunk = fresh;
    }
  mem = chunk->data + chunk->used;
  chunk->used += size;
  return mem;
}

char *
bs_ast_strndup (BsAst      *self,
                const char *text,
                gsize       length)
{
  char *copy = bs_ast_alloc (self, length + 1);

  if (length > 0)
    memcpy (copy, text, length);
  copy[length] = '\0';
  return copy;
}

BsAstNode *
bs_ast_new_node (BsAst        *self,
                 BsAstKind    kind,
                 const BsSpan *span)
{
  BsAstNode *node = bs_ast_alloc (self, sizeof (BsAstNode));

  node->kind = kind;
  if (span)
    node->span = *span;
  return node;
}

BsNodeList
bs_ast_list (BsAst     *self,
             GPtrArray *items)
{
  BsNodeList list = { NULL, 0 };

  if (items == NULL || items->len == 0)
    return list;
  list.items = bs_ast_alloc (self, sizeof (BsAstNode *) * items->len);
  memcpy (list.items, items->pdata, sizeof (BsAstNode *) * items->len);
  list.len = items->len;
  return list;
}

static const char * const node_names[] = {
  [BS_AST_MODULE] = "Module",
  [BS_AST_EXPR_STMT] = "Expr",
  [BS_AST_ASSIGN] = "Assign",
  [BS_AST_AUG_ASSIGN] = "AugAssign",
  [BS_AST_ANN_ASSIGN] = "AnnAssign",
  [BS_AST_IF] = "If",
  [BS_AST_WHILE] = "While",
  [BS_AST_FOR] = "For",
  [BS_AST_BREAK] = "Break",
  [BS_AST_CONTINUE] = "Continue",
  [BS_AST_PASS] = "Pass",
  [BS_AST_FUNCTION_DEF] = "FunctionDef",
  [BS_AST_RETURN] = "Return",
  [BS_AST_CLASS_DEF] = "ClassDef",
  [BS_AST_WITH] = "With",
  [BS_AST_TRY] = "Try",
  [BS_AST_RAISE] = "Raise",
  [BS_AST_ASSERT] = "Assert",
  [BS_AST_DELETE] = "Delete",
  [BS_AST_GLOBAL] = "Global",
  [BS_AST_NONLOCAL] = "Nonlocal",
  [BS_AST_IMPORT] = "Import",
  [BS_AST_IMPORT_FROM] = "ImportFrom",
  [BS_AST_BOOL_OP] = "BoolOp",
  [BS_AST_BIN_OP] = "BinOp",
  [BS_AST_UNARY_OP] = "UnaryOp",
  [BS_AST_LAMBDA] = "Lambda",
  [BS_AST_IF_EXP] = "IfExp",
  [BS_AST_DICT] = "Dict",
  [BS_AST_SET] = "Set",
  [BS_AST_LIST_COMP] = "ListComp",
  [BS_AST_SET_COMP] = "SetComp",
  [BS_AST_DICT_COMP] = "DictComp",
  [BS_AST_GENERATOR_EXP] = "GeneratorExp",
  [BS_AST_COMPARE] = "Compare",
  [BS_AST_CALL] = "Call",
  [BS_AST_FORMATTED_VALUE] = "FormattedValue",
  [BS_AST_JOINED_STR] = "JoinedStr",
  [BS_AST_CONSTANT] = "Constant",
  [BS_AST_ATTRIBUTE] = "Attribute",
  [BS_AST_SUBSCRIPT] = "Subscript",
  [BS_AST_STARRED] = "Starred",
  [BS_AST_NAME] = "Name",
  [BS_AST_LIST] = "List",
  [BS_AST_TUPLE] = "Tuple",
  [BS_AST_SLICE] = "Slice",
  [BS_AST_YIELD] = "Yield",
  [BS_AST_YIELD_FROM] = "YieldFrom",
  [BS_AST_COMPREHENSION] = "comprehension",
  [BS_AST_EXCEPT_HANDLER] = "ExceptHandler",
  [BS_AST_ARGUMENTS] = "arguments",
  [BS_AST_ARG] = "arg",
  [BS_AST_KEYWORD] = "keyword",
  [BS_AST_ALIAS] = "alias",
  [BS_AST_WITH_ITEM] = "withitem",
};

G_STATIC_ASSERT (G_N_ELEMENTS (node_names) == BS_AST_N_KINDS);

const char *
bs_node_kind_name (BsAstKind kind)
{
  g_return_val_if_fail (kind < BS_AST_N_KINDS, NULL);
  return node_names[kind];
}

static const char * const binop_symbols[] = {
  [BS_BINOP_ADD] = "+",
  [BS_BINOP_SUB] = "-",
  [BS_BINOP_MUL] = "*",
  [BS_BINOP_DIV] = "/",
  [BS_BINOP_FLOOR_DIV] = "//",
  [BS_BINOP_MOD] = "%",
  [BS_BINOP_MAT_MUL] = "@",
  [BS_BINOP_POW] = "**",
  [BS_BINOP_LSHIFT] = "<<",
  [BS_BINOP_RSHIFT] = ">>",
  [BS_BINOP_BIT_AND] = "&",
  [BS_BINOP_BIT_OR] = "|",
  [BS_BINOP_BIT_XOR] = "^",
};

G_STATIC_ASSERT (G_N_ELEMENTS (binop_symbols) == BS_N_BINOPS);

const char *
bs_binop_symbol (BsBinOp op)
{
  g_return_val_if_fail (op < BS_N_BINOPS, NULL);
  return binop_symbols[op];
}

const char *
bs_cmpop_symbol (BsCmpOp op)
{
  static const char * const symbols[] = {
    [BS_CMPOP_EQ] = "==",
    [BS_CMPOP_NOT_EQ] = "!=",
    [BS_CMPOP_LT] = "<",
    [BS_CMPOP_LT_E] = "<=",
    [BS_CMPOP_GT] = ">",
    [BS_CMPOP_GT_E] = ">=",
    [BS_CMPOP_IS] = "is",
    [BS_CMPOP_IS_NOT] = "is not",
    [BS_CMPOP_IN] = "in",
    [BS_CMPOP_NOT_IN] = "not in",
  };

  g_return_val_if_fail (op <= BS_CMPOP_NOT_IN, NULL);
  return symbols[op];
}

/* Dump */

static void dump_node (GString *out, const BsAstNode *node, BsAstDumpFlags flags);

static void
dump_position (GString        *out,
               const BsAstNode   *node,
               BsAstDumpFlags  flags)
{
  if (flags & BS_AST_DUMP_POSITIONS)
    g_string_append_printf (out, "@%d:%d-%d:%d", node->span.line, node->span.col,
                            node->span.end_line, node->span.end_col);
}

static void
dump_ctx (GString       *out,
          BsExprContext  ctx)
{
  if (ctx == BS_CTX_STORE)
    g_string_append (out, ":store");
  else if (ctx == BS_CTX_DEL)
    g_string_append (out, ":del");
}

static void
open_node (GString        *out,
           const BsAstNode   *node,
           BsAstDumpFlags  flags)
{
  g_string_append_c (out, '(');
  g_string_append (out, node_names[node->kind]);
  switch (node->kind)
    {
    case BS_AST_ATTRIBUTE:
      dump_ctx (out, node->attribute.ctx);
      break;
    case BS_AST_SUBSCRIPT:
      dump_ctx (out, node->subscript.ctx);
      break;
    case BS_AST_STARRED:
      dump_ctx (out, node->starred.ctx);
      break;
    case BS_AST_LIST:
    case BS_AST_TUPLE:
      dump_ctx (out, node->seq.ctx);
      break;
    default:
      break;
    }
  dump_position (out, node, flags);
}

static void
dump_child (GString        *out,
            const BsAstNode   *node,
            BsAstDumpFlags  flags)
{
  g_string_append_c (out, ' ');
  if (node == NULL)
    g_string_append_c (out, '_');
  else
    dump_node (out, node, flags);
}

static void
dump_items (GString           *out,
            const BsNodeList  *list,
            BsAstDumpFlags     flags)
{
  for (guint i = 0; i < list->len; i++)
    dump_child (out, list->items[i], flags);
}

/* " [a b c]" */
static void
dump_block (GString           *out,
            const char        *label,
            const BsNodeList  *list,
            BsAstDumpFlags     flags)
{
  g_string_append_c (out, ' ');
  if (label)
    g_string_append_printf (out, "%s=", label);
  g_string_append_c (out, '[');
  for (guint i = 0; i < list->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      dump_node (out, list->items[i], flags);
    }
  g_string_append_c (out, ']');
}

static void
dump_string (GString    *out,
             const char *text,
             gsize       length)
{
  const char *p = text;
  const char *end = text + length;

  g_string_append_c (out, '\'');
  while (p < end)
    {
      guchar c = *p;

      switch (c)
        {
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\'':
          g_string_append (out, "\\'");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\x%02x", c);
          else
            g_string_append_c (out, c);
          break;
        }
      p++;
    }
  g_string_append_c (out, '\'');
}

static void
dump_float (GString *out,
            double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (buffer, sizeof buffer, value);
  g_string_append (out, buffer);
  if (strpbrk (buffer, ".enN") == NULL)
    g_string_append (out, ".0");
}

static void
dump_constant (GString      *out,
               const BsAstNode *node)
{
  switch (node->constant.kind)
    {
    case BS_CONST_NONE:
      g_string_append (out, "None");
      break;
    case BS_CONST_TRUE:
      g_string_append (out, "True");
      break;
    case BS_CONST_FALSE:
      g_string_append (out, "False");
      break;
    case BS_CONST_ELLIPSIS:
      g_string_append (out, "...");
      break;
    case BS_CONST_INT:
      if (node->constant.int_overflow)
        g_string_append (out, node->constant.str);
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, node->constant.int_value);
      break;
    case BS_CONST_FLOAT:
      dump_float (out, node->constant.float_value);
      break;
    case BS_CONST_STR:
      dump_string (out, node->constant.str, node->constant.len);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
dump_arg (GString        *out,
          const char     *prefix,
          const BsAstNode   *arg,
          BsAstDumpFlags  flags)
{
  g_string_append_printf (out, " %s%s", prefix, arg->arg.name);
  dump_position (out, arg, flags);
  if (arg->arg.annotation)
    {
      g_string_append_c (out, ':');
      dump_node (out, arg->arg.annotation, flags);
    }
  if (arg->arg.default_value)
    {
      g_string_append_c (out, '=');
      dump_node (out, arg->arg.default_value, flags);
    }
}

static void
dump_node (GString        *out,
           const BsAstNode   *node,
           BsAstDumpFlags  flags)
{
  switch (node->kind)
    {
    case BS_AST_NAME:
      g_string_append (out, node->name.id);
      dump_ctx (out, node->name.ctx);
      dump_position (out, node, flags);
      return;
    case BS_AST_CONSTANT:
      dump_constant (out, node);
      dump_position (out, node, flags);
      return;
    case BS_AST_KEYWORD:
      if (node->keyword.arg)
        g_string_append_printf (out, "%s=", node->keyword.arg);
      else
        g_string_append (out, "**");
      dump_node (out, node->keyword.value, flags);
      return;
    case BS_AST_ALIAS:
      if (node->alias.asname)
        g_string_append_printf (out, "(as %s %s)", node->alias.name, node->alias.asname);
      else
        g_string_append (out, node->alias.name);
      return;
    default:
      break;
    }

  open_node (out, node, flags);
  switch (node->kind)
    {
    case BS_AST_MODULE:
      dump_items (out, &node->module.body, flags);
      break;
    case BS_AST_EXPR_STMT:
      dump_child (out, node->expr_stmt.value, flags);
      break;
    case BS_AST_ASSIGN:
      dump_block (out, NULL, &node->assign.targets, flags);
      dump_child (out, node->assign.value, flags);
      break;
    case BS_AST_AUG_ASSIGN:
      dump_child (out, node->aug_assign.target, flags);
      g_string_append_printf (out, " %s=", binop_symbols[node->aug_assign.op]);
      dump_child (out, node->aug_assign.value, flags);
      break;
    case BS_AST_ANN_ASSIGN:
      dump_child (out, node->ann_assign.target, flags);
      dump_child (out, node->ann_assign.annotation, flags);
      if (node->ann_assign.value)
        dump_child (out, node->ann_assign.value, flags);
      break;
    case BS_AST_IF:
    case BS_AST_WHILE:
      dump_child (out, node->if_stmt.test, flags);
      dump_block (out, NULL, &node->if_stmt.body, flags);
      if (node->if_stmt.orelse.len > 0)
        dump_block (out, "else", &node->if_stmt.orelse, flags);
      break;
    case BS_AST_FOR:
      dump_child (out, node->for_stmt.target, flags);
      dump_child (out, node->for_stmt.iter, flags);
      dump_block (out, NULL, &node->for_stmt.body, flags);
      if (node->for_stmt.orelse.len > 0)
        dump_block (out, "else", &node->for_stmt.orelse, flags);
      break;
    case BS_AST_BREAK:
    case BS_AST_CONTINUE:
    case BS_AST_PASS:
      break;
    case BS_AST_FUNCTION_DEF:
      g_string_append_printf (out, " %s", node->function_def.name);
      dump_child (out, node->function_def.args, flags);
      dump_block (out, NULL, &node->function_def.body, flags);
      if (node->function_def.decorators.len > 0)
        dump_block (out, "decorators", &node->function_def.decorators, flags);
      if (node->function_def.returns)
        {
          g_string_append (out, " returns=");
          dump_node (out, node->function_def.returns, flags);
        }
      break;
    case BS_AST_RETURN:
      if (node->return_stmt.value)
        dump_child (out, node->return_stmt.value, flags);
      break;
    case BS_AST_CLASS_DEF:
      g_string_append_printf (out, " %s", node->class_def.name);
      dump_block (out, NULL, &node->class_def.bases, flags);
      dump_block (out, NULL, &node->class_def.body, flags);
      if (node->class_def.decorators.len > 0)
        dump_block (out, "decorators", &node->class_def.decorators, flags);
      break;
    case BS_AST_WITH:
      dump_block (out, NULL, &node->with_stmt.items, flags);
      dump_block (out, NULL, &node->with_stmt.body, flags);
      break;
    case BS_AST_TRY:
      dump_block (out, NULL, &node->try_stmt.body, flags);
      dump_block (out, NULL, &node->try_stmt.handlers, flags);
      if (node->try_stmt.orelse.len > 0)
        dump_block (out, "else", &node->try_stmt.orelse, flags);
      if (node->try_stmt.finalbody.len > 0)
        dump_block (out, "finally", &node->try_stmt.finalbody, flags);
      break;
    case BS_AST_RAISE:
      if (node->raise.exc)
        dump_child (out, node->raise.exc, flags);
      if (node->raise.cause)
        {
          g_string_append (out, " from");
          dump_child (out, node->raise.cause, flags);
        }
      break;
    case BS_AST_ASSERT:
      dump_child (out, node->assert_stmt.test, flags);
      if (node->assert_stmt.msg)
        dump_child (out, node->assert_stmt.msg, flags);
      break;
    case BS_AST_DELETE:
      dump_items (out, &node->delete_stmt.targets, flags);
      break;
    case BS_AST_GLOBAL:
    case BS_AST_NONLOCAL:
    case BS_AST_IMPORT:
      dump_items (out, &node->global.names, flags);
      break;
    case BS_AST_IMPORT_FROM:
      g_string_append_c (out, ' ');
      for (int i = 0; i < node->import_from.level; i++)
        g_string_append_c (out, '.');
      if (node->import_from.module)
        g_string_append (out, node->import_from.module);
      dump_items (out, &node->import_from.names, flags);
      break;
    case BS_AST_BOOL_OP:
      g_string_append (out, node->bool_op.op == BS_BOOLOP_AND ? " and" : " or");
      dump_items (out, &node->bool_op.values, flags);
      break;
    case BS_AST_BIN_OP:
      g_string_append_printf (out, " %s", binop_symbols[node->bin_op.op]);
      dump_child (out, node->bin_op.left, flags);
      dump_child (out, node->bin_op.right, flags);
      break;
    case BS_AST_UNARY_OP:
      {
        static const char * const names[] = { "not", "~", "+", "-" };

        g_string_append_printf (out, " %s", names[node->unary_op.op]);
        dump_child (out, node->unary_op.operand, flags);
      }
      break;
    case BS_AST_LAMBDA:
      dump_child (out, node->lambda.args, flags);
      dump_child (out, node->lambda.body, flags);
      break;
    case BS_AST_IF_EXP:
      dump_child (out, node->if_exp.test, flags);
      dump_child (out, node->if_exp.body, flags);
      dump_child (out, node->if_exp.orelse, flags);
      break;
    case BS_AST_DICT:
      for (guint i = 0; i < node->dict.keys.len; i++)
        {
          g_string_append (out, " (");
          if (node->dict.keys.items[i])
            dump_node (out, node->dict.keys.items[i], flags);
          else
            g_string_append (out, "**");
          dump_child (out, node->dict.values.items[i], flags);
          g_string_append_c (out, ')');
        }
      break;
    case BS_AST_SET:
    case BS_AST_LIST:
    case BS_AST_TUPLE:
      dump_items (out, &node->seq.elts, flags);
      break;
    case BS_AST_LIST_COMP:
    case BS_AST_SET_COMP:
    case BS_AST_DICT_COMP:
    case BS_AST_GENERATOR_EXP:
      dump_child (out, node->comp.elt, flags);
      if (node->comp.value)
        dump_child (out, node->comp.value, flags);
      dump_items (out, &node->comp.generators, flags);
      break;
    case BS_AST_COMPREHENSION:
      dump_child (out, node->comprehension.target, flags);
      dump_child (out, node->comprehension.iter, flags);
      for (guint i = 0; i < node->comprehension.ifs.len; i++)
        {
          g_string_append (out, " if");
          dump_child (out, node->comprehension.ifs.items[i], flags);
        }
      break;
    case BS_AST_COMPARE:
      dump_child (out, node->compare.left, flags);
      for (guint i = 0; i < node->compare.comparators.len; i++)
        {
          g_string_append_printf (out, " %s", bs_cmpop_symbol (node->compare.ops[i]));
          dump_child (out, node->compare.comparators.items[i], flags);
        }
      break;
    case BS_AST_CALL:
      dump_child (out, node->call.func, flags);
      dump_items (out, &node->call.args, flags);
      dump_items (out, &node->call.keywords, flags);
      break;
    case BS_AST_FORMATTED_VALUE:
      dump_child (out, node->formatted_value.value, flags);
      if (node->formatted_value.conversion > 0)
        g_string_append_printf (out, " !%c", node->formatted_value.conversion);
      if (node->formatted_value.format_spec)
        dump_child (out, node->formatted_value.format_spec, flags);
      break;
    case BS_AST_JOINED_STR:
      dump_items (out, &node->joined_str.values, flags);
      break;
    case BS_AST_ATTRIBUTE:
      dump_child (out, node->attribute.value, flags);
      g_string_append_printf (out, " %s", node->attribute.attr);
      break;
    case BS_AST_SUBSCRIPT:
      dump_child (out, node->subscript.value, flags);
      dump_child (out, node->subscript.slice, flags);
      break;
    case BS_AST_STARRED:
      dump_child (out, node->starred.value, flags);
      break;
    case BS_AST_YIELD:
    case BS_AST_YIELD_FROM:
      dump_child (out, node->yield.value, flags);
      break;
    case BS_AST_SLICE:
      dump_child (out, node->slice.lower, flags);
      dump_child (out, node->slice.upper, flags);
      dump_child (out, node->slice.step, flags);
      break;
    case BS_AST_EXCEPT_HANDLER:
      if (node->except_handler.type)
        dump_child (out, node->except_handler.type, flags);
      if (node->except_handler.name)
        g_string_append_printf (out, " as %s", node->except_handler.name);
      dump_block (out, NULL, &node->except_handler.body, flags);
      break;
    case BS_AST_ARGUMENTS:
      for (guint i = 0; i < node->arguments.args.len; i++)
        {
          dump_arg (out, "", node->arguments.args.items[i], flags);
          if (i + 1 == node->arguments.n_posonly)
            g_string_append (out, " /");
        }
      if (node->arguments.vararg)
        dump_arg (out, "*", node->arguments.vararg, flags);
      else if (node->arguments.kwonlyargs.len > 0)
        g_string_append (out, " *");
      for (guint i = 0; i < node->arguments.kwonlyargs.len; i++)
        dump_arg (out, "", node->arguments.kwonlyargs.items[i], flags);
      if (node->arguments.kwarg)
        dump_arg (out, "**", node->arguments.kwarg, flags);
      break;
    case BS_AST_ARG:
      dump_arg (out, "", node, flags);
      break;
    case BS_AST_WITH_ITEM:
      dump_child (out, node->with_item.context_expr, flags);
      if (node->with_item.optional_vars)
        dump_child (out, node->with_item.optional_vars, flags);
      break;
    case BS_AST_NAME:
    case BS_AST_CONSTANT:
    case BS_AST_KEYWORD:
    case BS_AST_ALIAS:
    case BS_AST_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  g_string_append_c (out, ')');
}

char *
bs_ast_dump (const BsAstNode   *node,
             BsAstDumpFlags  flags)
{
  GString *out = g_string_new (NULL);

  if (node == NULL)
    g_string_append_c (out, '_');
  else
    dump_node (out, node, flags);
  return g_string_free (out, FALSE);
}
