/* bs-trace-json.h: a trace as JSON Lines, and back
 *
 * One JSON object per line. The first is a header; then one per event, in
 * order, each with "type" and "step" (bs-trace.h's numbering; "substep" too
 * when it is not 0). Ids: tensors and grad_fn nodes are numbered separately
 * from 1; null stands for none.
 *
 *   trace          format "backstep-trace", version 1, budget (bytes),
 *                  budget_reached
 *   statement      line, col, end_line, end_col
 *   grad_fn        id, name ("MulBackward0"), variable (AccumulateGrad's leaf,
 *                  else null), scope (or null), next: per input [node,
 *                  input_nr] or null
 *   node           a tensor: id, name (the first variable name bound to it, or
 *                  null), op (its grad_fn's name, or null), fn ("mul", or null
 *                  for a leaf), grad_fn (node id or null), inputs (tensor ids),
 *                  shape, dtype ("torch.float32"), requires_grad, line (of the
 *                  expression or statement that made it, or null), span ([line,
 *                  col, end_line, end_col] or null), implicit (first seen as an
 *                  input, never announced), wrapped (a Python number), scope
 *                  (the innermost scope it was made in, or null), value
 *   inplace        tensor, grad_fn, fn, version, value
 *   bind           tensor, name
 *   print          text
 *   backward_begin backward, roots, root_nodes, root_grads, retain_graph,
 *                  create_graph, autograd_grad
 *   node_begin     backward, node, grad
 *   edge           backward, from, to (grad_fn node ids), from_tensor,
 *                  to_tensor (the tensors those nodes belong to, an
 *                  AccumulateGrad's leaf, or null), input_nr, upstream, local
 *                  (elementwise local derivative, or null), formula,
 *                  contribution
 *   accumulate     backward, tensor, node, contribution, total
 *   freed          backward, node
 *   backward_end   backward, ok
 *   grad_zeroed    tensor, set_to_none, grad
 *   optimizer_step optimizer ("SGD"), params (tensor ids), values
 *   error          message (PyTorch's text), node (or null), backward (or
 *                  null), line (or null)
 *   budget         the value store's budget was reached here: budget, used
 *                  (bytes); later values are summaries, or null once not even
 *                  a summary fits
 *   scope_begin    a module call or loop iteration begins: id (from 1, in
 *                  order), parent (the enclosing scope, or null), kind
 *                  ("module_call", "loop_iteration", "cell"), label ("fc1 (Linear)"),
 *                  line and span (of the call or loop statement, or null)
 *   scope_end      id
 *
 * Values: a small float32 tensor as nested arrays (a 0-dim one as a number);
 * another small tensor as {"dtype", "shape", "data": [flat]}; a large one as
 * {"dtype", "shape", "min", "max", "mean", "std", "first": [...], "last":
 * [...]}. NaN and infinities are the strings "nan", "inf", "-inf".
 *
 * Reading gives back the same events, tables and values (writing it again
 * gives the same text), without the ops' arguments that bs-paths re-runs.
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TRACE_JSON_ERROR (bs_trace_json_error_quark ())

typedef enum {
  BS_TRACE_JSON_ERROR_INVALID,
} BsTraceJsonError;

GQuark   bs_trace_json_error_quark (void);

/* Hands the text on in pieces of a few hundred KiB; stops at the first FALSE. */
typedef gboolean (*BsTraceJsonWriteFunc) (const char *data,
                                          gsize       length,
                                          gpointer    user_data);

gboolean bs_trace_json_write       (BsTrace              *trace,
                                    BsTraceJsonWriteFunc  write,
                                    gpointer              user_data);
char    *bs_trace_json_to_string   (BsTrace     *trace);
/* Written atomically (a temporary file, then a rename); a device or pipe that
 * exists (/dev/stdout) is written in place. */
gboolean bs_trace_json_write_file  (BsTrace     *trace,
                                    const char  *filename,
                                    GError     **error);
BsTrace *bs_trace_json_from_string (const char  *text,
                                    gssize       length,
                                    GError     **error);
BsTrace *bs_trace_json_read_file   (const char  *filename,
                                    GError     **error);

G_END_DECLS
