/* bs-ast.h: the syntax tree, one arena per parsed file */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsAst  BsAst;
typedef struct _BsNode BsNode;

typedef enum {
  BS_NODE_MODULE,

  /* Statements */
  BS_NODE_EXPR_STMT,
  BS_NODE_ASSIGN,
  BS_NODE_AUG_ASSIGN,
  BS_NODE_ANN_ASSIGN,
  BS_NODE_IF,
  BS_NODE_WHILE,
  BS_NODE_FOR,
  BS_NODE_BREAK,
  BS_NODE_CONTINUE,
  BS_NODE_PASS,
  BS_NODE_FUNCTION_DEF,
  BS_NODE_RETURN,
  BS_NODE_CLASS_DEF,
  BS_NODE_WITH,
  BS_NODE_TRY,
  BS_NODE_RAISE,
  BS_NODE_ASSERT,
  BS_NODE_DELETE,
  BS_NODE_GLOBAL,
  BS_NODE_NONLOCAL,
  BS_NODE_IMPORT,
  BS_NODE_IMPORT_FROM,

  /* Expressions */
  BS_NODE_BOOL_OP,
  BS_NODE_BIN_OP,
  BS_NODE_UNARY_OP,
  BS_NODE_LAMBDA,
  BS_NODE_IF_EXP,
  BS_NODE_DICT,
  BS_NODE_SET,
  BS_NODE_LIST_COMP,
  BS_NODE_SET_COMP,
  BS_NODE_DICT_COMP,
  BS_NODE_GENERATOR_EXP,
  BS_NODE_COMPARE,
  BS_NODE_CALL,
  BS_NODE_FORMATTED_VALUE,
  BS_NODE_JOINED_STR,
  BS_NODE_CONSTANT,
  BS_NODE_ATTRIBUTE,
  BS_NODE_SUBSCRIPT,
  BS_NODE_STARRED,
  BS_NODE_NAME,
  BS_NODE_LIST,
  BS_NODE_TUPLE,
  BS_NODE_SLICE,

  /* Parts of the above */
  BS_NODE_COMPREHENSION,   /* "for target in iter if ..." of a comprehension */
  BS_NODE_EXCEPT_HANDLER,
  BS_NODE_ARGUMENTS,       /* the parameter list of a def or lambda */
  BS_NODE_ARG,             /* one parameter */
  BS_NODE_KEYWORD,         /* name=value or **value in a call */
  BS_NODE_ALIAS,           /* "name as asname" of an import */
  BS_NODE_WITH_ITEM,

  BS_N_NODE_KINDS
} BsNodeKind;

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
  BsNode **items;
  guint    len;
} BsNodeList;

struct _BsNode {
  BsNodeKind kind;
  BsSpan     span;
  union {
    struct { BsNodeList body; } module;

    struct { BsNode *value; } expr_stmt;
    /* a = b = value: targets are [a, b] */
    struct { BsNodeList targets; BsNode *value; } assign;
    struct { BsNode *target; BsBinOp op; BsNode *value; } aug_assign;
    /* value may be NULL ("x: int"); the annotation is parsed, not evaluated */
    struct { BsNode *target; BsNode *annotation; BsNode *value; } ann_assign;
    /* if and while; an elif is an If alone in orelse */
    struct { BsNode *test; BsNodeList body; BsNodeList orelse; } if_stmt;
    struct { BsNode *test; BsNodeList body; BsNodeList orelse; } while_stmt;
    struct { BsNode *target; BsNode *iter; BsNodeList body; BsNodeList orelse; } for_stmt;
    struct {
      const char *name;
      BsNode     *args;        /* BS_NODE_ARGUMENTS */
      BsNodeList  body;
      BsNodeList  decorators;  /* outermost first, as written */
      BsNode     *returns;     /* the return annotation, or NULL */
    } function_def;
    struct { BsNode *value; } return_stmt;  /* value may be NULL */
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
    struct { BsNode *exc; BsNode *cause; } raise;  /* both may be NULL */
    struct { BsNode *test; BsNode *msg; } assert_stmt;
    struct { BsNodeList targets; } delete_stmt;
    struct { BsNodeList names; } global;  /* NAME nodes; also for nonlocal */
    struct { BsNodeList names; } import;  /* ALIASes */
    /* "from ..mod import a as b": module may be NULL when level > 0 */
    struct { const char *module; BsNodeList names; int level; } import_from;

    struct { BsBoolOp op; BsNodeList values; } bool_op;
    struct { BsNode *left; BsBinOp op; BsNode *right; } bin_op;
    struct { BsUnaryOp op; BsNode *operand; } unary_op;
    struct { BsNode *args; BsNode *body; } lambda;
    struct { BsNode *test; BsNode *body; BsNode *orelse; } if_exp;
    /* a NULL key stands for "**value" */
    struct { BsNodeList keys; BsNodeList values; } dict;
    /* list, tuple and set displays */
    struct { BsNodeList elts; BsExprContext ctx; } seq;
    /* list/set comprehensions and generator expressions use elt; dict
     * comprehensions use elt as the key and value */
    struct { BsNode *elt; BsNode *value; BsNodeList generators; } comp;
    struct { BsNode *target; BsNode *iter; BsNodeList ifs; } comprehension;
    /* left ops[0] comparators[0] ops[1] comparators[1] ... */
    struct { BsNode *left; BsCmpOp *ops; BsNodeList comparators; } compare;
    struct { BsNode *func; BsNodeList args; BsNodeList keywords; } call;
    struct { const char *arg; BsNode *value; } keyword;  /* arg NULL for **value */
    /* conversion is -1, 's', 'r' or 'a'; format_spec a JOINED_STR or NULL */
    struct { BsNode *value; int conversion; BsNode *format_spec; } formatted_value;
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
    struct { BsNode *value; const char *attr; BsExprContext ctx; } attribute;
    struct { BsNode *value; BsNode *slice; BsExprContext ctx; } subscript;
    struct { BsNode *value; BsExprContext ctx; } starred;
    struct { const char *id; BsExprContext ctx; } name;
    struct { BsNode *lower; BsNode *upper; BsNode *step; } slice;

    struct { BsNode *type; const char *name; BsNodeList body; } except_handler;
    /* args[0 .. n_posonly) come before a "/"; defaults live in the ARGs */
    struct {
      BsNodeList args;
      guint      n_posonly;
      BsNode    *vararg;
      BsNodeList kwonlyargs;
      BsNode    *kwarg;
    } arguments;
    struct { const char *name; BsNode *annotation; BsNode *default_value; } arg;
    struct { const char *name; const char *asname; } alias;  /* name may be dotted */
    struct { BsNode *context_expr; BsNode *optional_vars; } with_item;
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

BsNode      *bs_ast_get_root       (BsAst          *self);
void         bs_ast_set_root       (BsAst          *self,
                                    BsNode         *root);
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
BsNode      *bs_ast_new_node       (BsAst          *self,
                                    BsNodeKind      kind,
                                    const BsSpan   *span);
/* Copies @items into the arena. */
BsNodeList   bs_ast_list           (BsAst          *self,
                                    GPtrArray      *items);

const char  *bs_node_kind_name     (BsNodeKind      kind);
const char  *bs_binop_symbol       (BsBinOp         op);
const char  *bs_cmpop_symbol       (BsCmpOp         op);

/* An S-expression rendering of @node, for tests and debugging. */
char        *bs_ast_dump           (const BsNode   *node,
                                    BsAstDumpFlags  flags);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsAst, bs_ast_free)

G_END_DECLS
