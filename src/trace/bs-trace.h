/* bs-trace.h: what a run did, as an append-only array of events
 *
 * A trace holds the events a recorder saw, the tensors and grad_fn nodes they
 * refer to, the statements' source spans, interned strings and a value store.
 * Ids of tensors and nodes are 1-based and given in the order they first
 * appear; 0 means none. Tensors and nodes are separate id spaces.
 *
 * Steps. Every event belongs to a step; the window's and the CLI's step k
 * is the state after every event of steps 0..k (see bs-replay.h):
 *
 *  - Step 0 holds what came before the first step event (nothing, when the
 *    interpreter reports statements).
 *  - These events each begin a new step: statement, backward_begin, edge,
 *    accumulate, freed, grad_zeroed, optimizer_step and error. So the forward
 *    pass advances one statement per step and the backward pass one edge per
 *    step, with .grad accumulations, buffer frees, optimizer updates and
 *    errors as steps of their own.
 *  - tensor (an op's result or a new leaf) and inplace events are sub-steps
 *    of the step they fall in, numbered 1, 2, ... within it
 *    (bs_trace_get_event_substep); substep 0 of a step is its step event alone.
 *  - node_begin (a node starts running) belongs to the step that follows it,
 *    the node's first edge, accumulation or error; the other events (grad_fn,
 *    bind, print, backward_end, budget, scope_begin, scope_end, destroyed, check, figure,
 *    tensors seen
 *    for the first time without being announced) belong to the step they
 *    fall in.
 */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"
#include "bs-op.h"
#include "bs-value-store.h"

G_BEGIN_DECLS

typedef struct _BsTrace BsTrace;
typedef struct _BsPlotFigure BsPlotFigure;

/* 1-based lines and columns, as the interpreter reports them. */
typedef struct {
  int line;
  int col;
  int end_line;
  int end_col;
} BsTraceSpan;

typedef enum {
  BS_TRACE_EVENT_STATEMENT,       /* aux: statement index */
  BS_TRACE_EVENT_TENSOR,          /* tensor; values[0]: its value */
  BS_TRACE_EVENT_GRAD_FN,         /* node registered */
  BS_TRACE_EVENT_INPLACE,         /* tensor, node: new grad_fn, aux: version, values[0] */
  BS_TRACE_EVENT_BIND,            /* tensor, text: name */
  BS_TRACE_EVENT_PRINT,           /* text */
  BS_TRACE_EVENT_BACKWARD_BEGIN,  /* backward; list at aux: n_aux (tensor, node, grad value) */
  BS_TRACE_EVENT_NODE_BEGIN,      /* backward, node; values[0]: the gradient that arrived */
  BS_TRACE_EVENT_EDGE,            /* backward, node -> node2, input_nr; values: upstream,
                                   * local, contribution; text: formula */
  BS_TRACE_EVENT_ACCUMULATE,      /* backward, tensor (leaf), node; values: contribution, total */
  BS_TRACE_EVENT_FREED,           /* backward, node */
  BS_TRACE_EVENT_BACKWARD_END,    /* backward; flags: FAILED */
  BS_TRACE_EVENT_GRAD_ZEROED,     /* tensor; values[0]: the new grad (0: None) */
  BS_TRACE_EVENT_OPTIMIZER_STEP,  /* text: "SGD"; list at aux: n_aux (tensor, new value) */
  BS_TRACE_EVENT_ERROR,           /* text: message, node (0: none), backward, aux: statement */
  BS_TRACE_EVENT_BUDGET,          /* the value store's budget was reached; aux, n_aux: bytes
                                   * used (low, high 32 bits) */
  BS_TRACE_EVENT_SCOPE_BEGIN,     /* aux: the scope (a module call or loop iteration) */
  BS_TRACE_EVENT_SCOPE_END,       /* aux: the scope */
  BS_TRACE_EVENT_DESTROYED,       /* tensor or node: the last reference to it went */
  BS_TRACE_EVENT_CHECK,           /* backward, tensor (a leaf; 0: the call is not checked);
                                   * values: autograd's gradient (0: None), the finite-
                                   * difference estimate (0: not checked); text: why not
                                   * checked; flags: FAILED for a mismatch; aux, n_aux: the
                                   * relative error's bits (bs_trace_event_check_error) */
  BS_TRACE_EVENT_FIGURE,          /* aux: the figure plt.show() showed (bs_trace_get_figure;
                                   * 0 in a trace read back from JSON), text: "Figure 1";
                                   * flags: IMPLICIT for a figure still open at the end */
  BS_TRACE_N_EVENT_TYPES
} BsTraceEventType;

typedef enum {
  BS_TRACE_FLAG_RETAIN_GRAPH  = 1 << 0,
  BS_TRACE_FLAG_CREATE_GRAPH  = 1 << 1,
  BS_TRACE_FLAG_AUTOGRAD_GRAD = 1 << 2,
  BS_TRACE_FLAG_SET_TO_NONE   = 1 << 3,
  BS_TRACE_FLAG_IMPLICIT      = 1 << 4,   /* a tensor first seen as an input, not announced */
  BS_TRACE_FLAG_FAILED        = 1 << 5,
} BsTraceFlags;

/* An event is 40 bytes, a trace holding millions of them: node2 (an edge's only) shares
 * its place with n_aux (the other types'), and values[2] (an edge's only) with aux. */
typedef struct {
  guint8  type;         /* BsTraceEventType */
  guint8  flags;        /* BsTraceFlags */
  guint16 input_nr;
  guint32 step;
  guint32 backward;     /* backward id, 1 for the context's first */
  guint32 tensor;
  guint32 node;
  union {
    guint32 node2;      /* edge */
    guint32 n_aux;      /* every other type */
  };
  union {
    guint32 values[3];  /* values[2]: edge */
    struct {
      guint32 values_0_1[2];
      guint32 aux;      /* every type but edge */
    };
  };
  guint32 text;         /* string id */
} BsTraceEvent;

G_STATIC_ASSERT (sizeof (BsTraceEvent) == 40);

/* Shapes and spans are the trace's own, shared by every record that has the same
 * (a loop makes the same shapes at the same places over and over). */
typedef struct {
  guint32            id;
  guint32            op;        /* string: the op that made it ("mul"), 0 for a leaf */
  guint32            grad_fn;   /* node at creation, 0 for none */
  guint32            inputs;    /* list offset of n_inputs tensor ids */
  guint32            n_inputs;
  guint32            statement; /* the statement running when it was created, 0: none */
  guint32            name;      /* string: the first name bound to it, 0: none */
  guint32            event;     /* its tensor event */
  guint32            scope;     /* the innermost scope it was created in, 0: none */
  BsDType            dtype : 8;
  int                ndim : 8;
  guint              requires_grad : 1;
  guint              is_wrapped_number : 1;
  const gint64      *shape;     /* ndim sizes */
  const BsTraceSpan *span;      /* of the expression that created it; NULL: not known */
} BsTraceTensor;

typedef struct {
  guint32     id;
  guint32     name;           /* string: "MulBackward0" */
  guint32     tensor;         /* the tensor it is the grad_fn of; AccumulateGrad's leaf */
  guint32     next;           /* list offset of n_next (node, input_nr) pairs, node 0: none */
  guint32     n_next;
  /* For re-running the op (bs-paths.c): its inputs' values when it was recorded,
   * n_input_values of them (0 when unknown), and its op and arguments. */
  guint32     input_values;
  guint32     n_input_values;
  int         op;             /* BsOp, -1 when unknown */
  const BsOpArgs *args;      /* shared by the nodes with the same */
  guint32     event;          /* its grad_fn event */
  guint32     scope;          /* the innermost scope it was created in, 0: none */
  guint       is_accumulate : 1;
} BsTraceNode;

/* A module call, a loop iteration or a notebook cell (the interpreter's scopes): what the
 * window can collapse into one box. Ids are 1-based, in order of beginning. */
typedef enum {
  BS_TRACE_SCOPE_MODULE_CALL,
  BS_TRACE_SCOPE_LOOP_ITERATION,
  BS_TRACE_SCOPE_CELL,            /* a notebook's code cell: "In [3]" */
  BS_TRACE_N_SCOPE_KINDS
} BsTraceScopeKind;

typedef struct {
  guint32          id;
  guint32          parent;      /* the enclosing scope, 0: none */
  BsTraceScopeKind kind;
  guint32          label;       /* string: "fc1 (Linear)", "for epoch (3)" */
  BsTraceSpan      span;
  guint64          begin_event; /* its scope_begin event */
  guint64          end_event;   /* its scope_end event; G_MAXUINT64 while open */
} BsTraceScope;

BsTrace             *bs_trace_new                (void);
BsTrace             *bs_trace_ref                (BsTrace     *self);
void                 bs_trace_unref              (BsTrace     *self);

guint64              bs_trace_get_n_events       (BsTrace     *self);
const BsTraceEvent  *bs_trace_get_event          (BsTrace     *self,
                                                  guint64      index);
guint32              bs_trace_get_n_tensors      (BsTrace     *self);
const BsTraceTensor *bs_trace_get_tensor         (BsTrace     *self,
                                                  guint32      id);
guint32              bs_trace_get_n_nodes        (BsTrace     *self);
const BsTraceNode   *bs_trace_get_node           (BsTrace     *self,
                                                  guint32      id);
guint32              bs_trace_get_n_scopes       (BsTrace     *self);
const BsTraceScope  *bs_trace_get_scope          (BsTrace     *self,
                                                  guint32      id);   /* NULL for 0 */
/* The notebook cell that holds line (a scope of kind BS_TRACE_SCOPE_CELL), or NULL. */
const BsTraceScope  *bs_trace_get_cell_at_line   (BsTrace     *self,
                                                  int          line);
/* The 1-based statement index's span; NULL for 0. */
const BsTraceSpan   *bs_trace_get_statement      (BsTrace     *self,
                                                  guint32      index);
guint32              bs_trace_get_n_statements   (BsTrace     *self);
const char          *bs_trace_get_string         (BsTrace     *self,
                                                  guint32      id);   /* NULL for 0 */
const guint32       *bs_trace_get_list           (BsTrace     *self,
                                                  guint32      offset);
BsValueStore        *bs_trace_get_values         (BsTrace     *self);
/* About the memory the trace holds, its values included. */
gsize                bs_trace_get_bytes          (BsTrace     *self);
const BsTraceValue       *bs_trace_get_value          (BsTrace     *self,
                                                  guint32      id);   /* NULL for 0 */

/* Steps: 0 .. n_steps - 1. */
guint64              bs_trace_get_n_steps        (BsTrace     *self);
/* The events of step: [*first, *end). */
void                 bs_trace_get_step_events    (BsTrace     *self,
                                                  guint64      step,
                                                  guint64     *first,
                                                  guint64     *end);
guint                bs_trace_get_n_substeps     (BsTrace     *self,
                                                  guint64      step);
/* The event's substep within its step (counted from the step's first event). */
guint                bs_trace_get_event_substep  (BsTrace     *self,
                                                  guint64      index);
/* Whether the event is a substep of its own (it numbers the substeps). */
gboolean             bs_trace_event_is_substep   (const BsTraceEvent *event);
/* The index of the step's step event, or -1 (step 0, or a step not yet complete). */
gint64               bs_trace_get_step_event     (BsTrace     *self,
                                                  guint64      step);
/* The index of backward's backward_begin event, or -1. */
gint64               bs_trace_find_backward      (BsTrace     *self,
                                                  guint32      backward);

/* The figures plt.show() showed, 1-based in the order shown (as of the figure events);
 * NULL for 0. Borrowed: a copy made when it was shown, which nothing changes. */
guint32              bs_trace_get_n_figures      (BsTrace     *self);
BsPlotFigure        *bs_trace_get_figure         (BsTrace     *self,
                                                  guint32      id);

/* The indices of the check events, in order. */
const guint64       *bs_trace_get_check_events   (BsTrace     *self,
                                                  guint       *n_checks);
/* A check event's relative error, kept in its aux and n_aux. */
double               bs_trace_event_check_error  (const BsTraceEvent *event);
void                 bs_trace_event_set_check_error (BsTraceEvent   *event,
                                                  double          relative_error);

const char          *bs_trace_event_type_name    (BsTraceEventType type);   /* "edge" */
const char          *bs_trace_scope_kind_name    (BsTraceScopeKind kind);   /* "cell" */
BsTraceScopeKind     bs_trace_scope_kind_from_name (const char     *name);
BsTraceEventType     bs_trace_event_type_from_name (const char *name);      /* N_TYPES if unknown */
gboolean             bs_trace_event_type_is_step (BsTraceEventType type);

/* A label for a tensor: name when given, else its first bound name, else
 * "<op>#id" or "tensor#id". */
char                *bs_trace_tensor_label       (BsTrace     *self,
                                                  guint32      tensor,
                                                  const char  *name);

/* A node of several outputs (split's pieces): how many tensors it made, and its output
 * output_nr (the tensors of one node are recorded one after the other); a node of one
 * output: 1 and its tensor. */
guint                bs_trace_node_n_outputs     (BsTrace     *self,
                                                  guint32      node);
guint32              bs_trace_node_output        (BsTrace     *self,
                                                  guint32      node,
                                                  guint        output_nr);
/* Which output of edge's node2 the gradient of an edge event arrives at. */
guint                bs_trace_edge_output_nr     (BsTrace            *self,
                                                  const BsTraceEvent *edge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsTrace, bs_trace_unref)

G_END_DECLS
