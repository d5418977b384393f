/* bs-ast.h: the syntax tree, one arena per parsed file */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsAst  BsAst;
typedef struct _BsAstNode BsAstNode;

typedef enum {
  BS_AST_MODULE,

  /* Statements */
  BS_AST_EXPR_STMT,
  BS_AST_ASSIGN,
  BS_AST_AUG_ASSIGN,
  BS_AST_ANN_ASSIGN,
  BS_AST_IF,
  BS_AST_WHILE,
  BS_AST_FOR,
  BS_AST_BREAK,
  BS_AST_CONTINUE,
  BS_AST_PASS,
  BS_AST_FUNCTION_DEF,
  BS_AST_RETURN,
  BS_AST_CLASS_DEF,
  BS_AST_WITH,
  BS_AST_TRY,
  BS_AST_RAISE,
  BS_AST_ASSERT,
  BS_AST_DELETE,
  BS_AST_GLOBAL,
  BS_AST_NONLOCAL,
  BS_AST_IMPORT,
  BS_AST_IMPORT_FROM,

  /* Expressions */
  BS_AST_BOOL_OP,
  BS_AST_BIN_OP,
  BS_AST_UNARY_OP,
  BS_AST_LAMBDA,
  BS_AST_IF_EXP,
  BS_AST_DICT,
  BS_AST_SET,
  BS_AST_LIST_COMP,
  BS_AST_SET_COMP,
  BS_AST_DICT_COMP,
  BS_AST_GENERATOR_EXP,
  BS_AST_COMPARE,
  BS_AST_CALL,
  BS_AST_FORMATTED_VALUE,
  BS_AST_JOINED_STR,
  BS_AST_CONSTANT,
  BS_AST_ATTRIBUTE,
  BS_AST_SUBSCRIPT,
  BS_AST_STARRED,
  BS_AST_NAME,
  BS_AST_LIST,
  BS_AST_TUPLE,
  BS_AST_SLICE,
  BS_AST_YIELD,
  BS_AST_YIELD_FROM,

  /* Parts of the above */
  BS_AST_COMPREHENSION,   /* "for target in iter if ..." of a comprehension */
  BS_AST_EXCEPT_HANDLER,
  BS_AST_ARGUMENTS,       /* the parameter list of a def or lambda */
  BS_AST_ARG,             /* one parameter */
  BS_AST_KEYWORD,         /* name=value or **value in a call */
  BS_AST_ALIAS,           /* "name as asname" of an import */
  BS_AST_WITH_ITEM,

  BS_AST_N_KINDS
} BsAstKind;

typedef enum {
  BS_CTX_LOAD,
  BS_CTX_STORE,
  BS_CTX_DEL,
} BsExprContext;

/* Binary operators; the augmented assignments use the same values. */
typedef enum {
  BS_BINOP_ADD,
  BS_BINOP_SUB,
  BS_BINOP_MUL,
  BS_BINOP_DIV,
  BS_BINOP_FLOOR_DIV,
  BS_BINOP_MOD,
  BS_BINOP_MAT_MUL,
  BS_BINOP_POW,
  BS_BINOP_LSHIFT,
  BS_BINOP_RSHIFT,
  BS_BINOP_BIT_AND,
  BS_BINOP_BIT_OR,
  BS_BINOP_BIT_XOR,
  BS_N_BINOPS
} BsBinOp;

typedef enum {
  BS_UNARYOP_NOT,
  BS_UNARYOP_INVERT,
  BS_UNARYOP_UADD,
  BS_UNARYOP_USUB,
} BsUnaryOp;

typedef enum {
  BS_BOOLOP_AND,
  BS_BOOLOP_OR,
} BsBoolOp;

typedef enum {
  BS_CMPOP_EQ,
  BS_CMPOP_NOT_EQ,
  BS_CMPOP_LT,
  BS_CMPOP_LT_E,
  BS_CMPOP_GT,
  BS_CMPOP_GT_E,
  BS_CMPOP_IS,
  BS_CMPOP_IS_NOT,
  BS_CMPOP_IN,
  BS_CMPOP_NOT_IN,
} BsCmpOp;

typedef enum {
  BS_CONST_NONE,
  BS_CONST_TRUE,
  BS_CONST_FALSE,
  BS_CONST_ELLIPSIS,
  BS_CONST_INT,
  BS_CONST_FLOAT,
  BS_CONST_STR,
} BsConstKind;

/* 1-based lines, 1-based character columns; the span is [line:col, end_line:end_col). */
typedef struct {
  int line;
  int col;
  int end_line;
  int end_col;
} BsSpan;

typedef struct {
  BsAstNode **items;
  guint    len;
} BsNodeList;

struct _BsAstNode {
  BsAstKind kind;
  BsSpan     span;
  union {
    struct { BsNodeList body; } module;

    struct { BsAstNode *value; } expr_stmt;
    /* a = b = value: targets are [a, b] */
    struct { BsNodeList targets; BsAstNode *value; } assign;
    struct { BsAstNode *target; BsBinOp op; BsAstNode *value; } aug_assign;
    /* value may be NULL ("x: int"); the annotation is parsed, not evaluated */
    struct { BsAstNode *target; BsAstNode *annotation; BsAstNode *value; } ann_assign;
    /* if and while; an elif is an If alone in orelse */
    struct { BsAstNode *test; BsNodeList body; BsNodeList orelse; } if_stmt;
    struct { BsAstNode *test; BsNodeList body; BsNodeList orelse; } while_stmt;
    struct { BsAstNode *target; BsAstNode *iter; BsNodeList body; BsNodeList orelse; } for_stmt;
    struct {
      const char *name;
      BsAstNode     *args;        /* BS_AST_ARGUMENTS */
      BsNodeList  body;
      BsNodeList  decorators;  /* outermost first, as written */
      BsAstNode     *returns;     /* the return annotation, or NULL */
      gboolean       is_generator; /* its body has a yield */
    } function_def;
    struct { BsAstNode *value; } return_stmt;  /* value may be NULL */
    struct {
      const char *name;
      BsNodeList  bases;
      BsNodeList  body;
      BsNodeList  decorators;
    } class_def;
    struct { BsNodeList items; BsNodeList body; } with_stmt;  /* items are WITH_ITEMs */
    struct {
      BsNodeList body;
      BsNodeList handlers;  /* EXCEPT_HANDLERs */
      BsNodeList orelse;
      BsNodeList finalbody;
    } try_stmt;
    struct { BsAstNode *exc; BsAstNode *cause; } raise;  /* both may be NULL */
    struct { BsAstNode *test; BsAstNode *msg; } assert_stmt;
    struct { BsNodeList targets; } delete_stmt;
    struct { BsNodeList names; } global;  /* NAME nodes; also for nonlocal */
    struct { BsNodeList names; } import;  /* ALIASes */
    /* "from ..mod import a as b": module may be NULL when level > 0 */
    struct { const char *module; BsNodeList names; int level; } import_from;

    struct { BsBoolOp op; BsNodeList values; } bool_op;
    struct { BsAstNode *left; BsBinOp op; BsAstNode *right; } bin_op;
    struct { BsUnaryOp op; BsAstNode *operand; } unary_op;
    struct { BsAstNode *args; BsAstNode *body; } lambda;
    struct { BsAstNode *test; BsAstNode *body; BsAstNode *orelse; } if_exp;
    /* a NULL key stands for "**value" */
    struct { BsNodeList keys; BsNodeList values; } dict;
    /* list, tuple and set displays */
    struct { BsNodeList elts; BsExprContext ctx; } seq;
    /* list/set comprehensions and generator expressions use elt; dict
     * comprehensions use elt as the key and value */
    struct { BsAstNode *elt; BsAstNode *value; BsNodeList generators; } comp;
    struct { BsAstNode *target; BsAstNode *iter; BsNodeList ifs; } comprehension;
    /* left ops[0] comparators[0] ops[1] comparators[1] ... */
    struct { BsAstNode *left; BsCmpOp *ops; BsNodeList comparators; } compare;
    struct { BsAstNode *func; BsNodeList args; BsNodeList keywords; } call;
    struct { const char *arg; BsAstNode *value; } keyword;  /* arg NULL for **value */
    /* conversion is -1, 's', 'r' or 'a'; format_spec a JOINED_STR or NULL */
    struct { BsAstNode *value; int conversion; BsAstNode *format_spec; } formatted_value;
    struct { BsNodeList values; } joined_str;  /* STR constants and FORMATTED_VALUEs */
    struct {
      BsConstKind kind;
      /* STR: the decoded text (may hold NULs); INT: the literal as written,
       * underscores removed, prefix kept */
      const char *str;
      gsize       len;
      gint64      int_value;
      gboolean    int_overflow;  /* the INT does not fit in 64 bits */
      double      float_value;
    } constant;
    struct { BsAstNode *value; const char *attr; BsExprContext ctx; } attribute;
    struct { BsAstNode *value; BsAstNode *slice; BsExprContext ctx; } subscript;
    struct { BsAstNode *value; BsExprContext ctx; } starred;
    struct { const char *id; BsExprContext ctx; } name;
    struct { BsAstNode *lower; BsAstNode *upper; BsAstNode *step; } slice;
    /* yield and yield from; value may be NULL for a bare yield */
    struct { BsAstNode *value; } yield;

    struct { BsAstNode *type; const char *name; BsNodeList body; } except_handler;
    /* args[0 .. n_posonly) come before a "/"; defaults live in the ARGs */
    struct {
      BsNodeList args;
      guint      n_posonly;
      BsAstNode    *vararg;
      BsNodeList kwonlyargs;
      BsAstNode    *kwarg;
    } arguments;
    struct { const char *name; BsAstNode *annotation; BsAstNode *default_value; } arg;
    struct { const char *name; const char *asname; } alias;  /* name may be dotted */
    struct { BsAstNode *context_expr; BsAstNode *optional_vars; } with_item;
  };
};

typedef enum {
  BS_AST_DUMP_FLAGS_NONE = 0,
  BS_AST_DUMP_POSITIONS  = 1 << 0,  /* append @line:col-end_line:end_col to every node */
} BsAstDumpFlags;

BsAst       *bs_ast_new            (const char     *source,
                                    gsize           length,
                                    const char     *filename);
void         bs_ast_free           (BsAst          *self);

BsAstNode      *bs_ast_get_root       (BsAst          *self);
void         bs_ast_set_root       (BsAst          *self,
                                    BsAstNode         *root);
/* The source the tree was parsed from, NUL-terminated copy, and its name. */
const char  *bs_ast_get_source     (BsAst          *self,
                                    gsize          *length);
const char  *bs_ast_get_filename   (BsAst          *self);

/* Arena allocation: everything lives until bs_ast_free(). */
gpointer     bs_ast_alloc          (BsAst          *self,
                                    gsize           size);
char        *bs_ast_strndup        (BsAst          *self,
                                    const char     *text,
                                    gsize           length);
BsAstNode      *bs_ast_new_node       (BsAst          *self,
                                    BsAstKind      kind,
                                    const BsSpan   *span);
/* Copies @items into the arena. */
BsNodeList   bs_ast_list           (BsAst          *self,
                                    GPtrArray      *items);

const char  *bs_node_kind_name     (BsAstKind      kind);
const char  *bs_binop_symbol       (BsBinOp         op);
const char  *bs_cmpop_symbol       (BsCmpOp         op);

/* An S-expression rendering of @node, for tests and debugging. */
char        *bs_ast_dump           (const BsAstNode   *node,
                                    BsAstDumpFlags  flags);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsAst, bs_ast_free)

G_END_DECLS
