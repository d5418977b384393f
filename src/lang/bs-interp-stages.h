/* bs-interp-stages.h: what the interpreter's stages (bs-interp*.c) share */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

/* How a statement ended. */
typedef enum {
  BS_EXEC_NORMAL,
  BS_EXEC_RETURN,
  BS_EXEC_BREAK,
  BS_EXEC_CONTINUE,
  BS_EXEC_ERROR,
} BsExecResult;

/* --- bs-interp.c: names, expressions, assignment ------------------------ */

gboolean      bs_eval             (BsInterp *in, BsAstNode *node, BsValue *out);
/* The truth of a condition: if, while, assert, the ifs of a comprehension. */
gboolean      bs_eval_truth       (BsInterp *in, BsAstNode *node, gboolean *truth);
/* The values of expressions, each "*x" giving the items of x (a new list). */
gboolean      bs_eval_items       (BsInterp *in, const BsNodeList *nodes, BsValue *out);
/* The object and key of a subscript x[key], to read, write or delete. */
gboolean      bs_eval_subscript   (BsInterp *in, BsAstNode *node, BsValue *obj, BsValue *key);
/* Binds target to value; takes value. */
gboolean      bs_assign           (BsInterp *in, BsAstNode *target, BsValue value);
/* name is interned, as every name in a tree is; store takes value */
gboolean      bs_lookup_name      (BsInterp *in, const char *name, BsValue *out);
gboolean      bs_store_name       (BsInterp *in, const char *name, BsValue value);

/* A parse error of source reported as bs_interp_run reports it: the text CPython prints,
 * the error's span and error (BS_INTERP_ERROR_SYNTAX). Takes parse_error. */
void          bs_interp_report_syntax_error (BsInterp *self, const char *source, gssize length,
                                             const char *filename, GError *parse_error,
                                             GError **error);

/* --- bs-interp-stmt.c --------------------------------------------------- */

BsExecResult  bs_exec_block       (BsInterp *in, BsAstNode **body, guint n, BsValue *ret);

/* --- bs-interp-cells.c -------------------------------------------------- */

/* A module's statements grouped by the notebook cells being run (in->cells). */
BsExecResult  bs_exec_cells       (BsInterp *in, BsAstNode **body, guint n, BsValue *ret);
/* A traceback as IPython 8 prints one in a notebook: "Cell In [3], line 2" and the cell's
 * lines around it for each frame. */
char         *bs_format_cells_traceback (BsInterp *in, BsValue exc, const char *source,
                                         const char *filename);
/* An expression statement's value, shown as Jupyter shows a cell's last expression. */
gboolean      bs_display_value    (BsInterp *in, BsValue value);

/* --- bs-ipython-pretty.c ------------------------------------------------ */

/* value as IPython displays it (IPython.lib.pretty, 79 columns): lists, tuples and dicts
 * laid out over lines when they are long, other values as their repr. */
gboolean      bs_ipython_pretty   (BsInterp *in, BsValue value, GString *out);

/* --- bs-interp-call.c --------------------------------------------------- */

gboolean      bs_make_function    (BsInterp *in, const char *name, BsAstNode *args,
                                   BsAstNode **body, guint n_body, BsAstNode *lambda_body,
                                   BsValue *out);
void          bs_function_finalize (BsObject *object);
/* CPython's __qualname__ of a def, lambda or class named name made in the current frame:
 * Outer.Inner, f.<locals>.g, <listcomp>.<lambda>. */
char         *bs_qualname         (BsInterp *in, const char *name);
gboolean      bs_eval_call        (BsInterp *in, BsAstNode *node, BsValue *out);

/* --- bs-interp-comp.c --------------------------------------------------- */

/* List, set and dict comprehensions, generator expressions. */
gboolean      bs_eval_comprehension (BsInterp *in, BsAstNode *node, BsValue *out);

/* --- bs-interp-generator.c ---------------------------------------------- */

/* A call of a generator function: the generator, its locals already bound (env taken). */
BsValue       bs_py_generator_new    (BsInterp *in, BsFunction *f, BsEnv *env);
/* yield and yield from, in a generator's body. */
gboolean      bs_eval_yield       (BsInterp *in, BsAstNode *node, BsValue *out);
/* Closes the generators still suspended (before the interpreter frees its objects). */
void          bs_generators_close_all (BsInterp *in);

/* --- bs-interp-exceptions.c --------------------------------------------- */

gboolean      bs_is_exception_instance (BsValue value);
/* The exception in flight reaches the current frame at node (or NULL). */
void          bs_record_traceback (BsInterp *in, BsAstNode *node);
/* Code that CPython runs as a frame of its own: a comprehension, a class body. */
void          bs_push_pseudo_frame (BsInterp *in, BsFrame *pseudo, const char *name,
                                    BsEnv *env);
void          bs_pop_pseudo_frame (BsInterp *in, BsFrame *pseudo);
/* Counts a step; FALSE when a limit or cancellation stops the run. */
gboolean      bs_check_limits     (BsInterp *in);
/* Makes in->exc a placeholder for a fatal error (a limit); returns FALSE. */
gboolean      bs_raise_fatal      (BsInterp *in);
/* One exception of a traceback, as bs_format_traceback prints it or otherwise. */
typedef void (*BsAppendExceptionFunc) (BsInterp *in, GString *s, BsValue exc,
                                       const char *source, const char *filename);
/* An exception and the ones it was chained to (__cause__, __context__), each once, the
 * first cause first, with CPython's words between them ("The above exception was the
 * direct cause of the following exception:"). */
void          bs_append_exception_chain (BsInterp *in, GString *s, BsValue exc,
                                         BsAppendExceptionFunc append, const char *source,
                                         const char *filename);
/* "Class: message\n" as the last line of a traceback: with_module, as CPython prints it
 * ("numpy.linalg.LinAlgError: ...": the class's module unless __main__ or builtins), else as
 * IPython does ("LinAlgError: ...") */
void          bs_append_exception_line (BsInterp *in, GString *s, BsValue exc,
                                        gboolean with_module);
char         *bs_format_traceback (BsInterp *in, BsValue exc, const char *source,
                                   const char *filename);

/* --- bs-interp-events.c ------------------------------------------------- */

extern const BsEventSink bs_interp_forward_sink;
void          bs_bind_tensor_name (BsInterp *in, BsValue value, const char *name);
void          bs_scope_begin      (BsInterp *in, BsInterpScopeKind kind, const char *label,
                                   const BsSpan *span);
void          bs_scope_end        (BsInterp *in);
/* A module's __call__ as a scope. */
gboolean      bs_call_module      (BsInterp *in, BsValue module, BsValue call,
                                   const char *name, const BsArgs *a, BsValue *result);
/* One pass of a loop's body as a scope. */
void          bs_begin_iteration  (BsInterp *in, BsAstNode *node, BsValue item,
                                   guint64 iteration);

G_END_DECLS
