/* bs-node-label.h: the text of a scene's box at a step
 *
 * A box shows, line by line: the tensor's variable name (or the expression that
 * made it), its grad_fn's name, its shape and dtype when it is not a float32
 * scalar, its value, and its gradient: "grad: None" or the value for a leaf,
 * "∂L/∂x3 = -2" for an op once the backward pass reached it. Which lines a box
 * has never changes between steps (only their text does), so a box can be
 * measured once: bs_node_label_new() at any state gives the same kinds of lines.
 */
#pragma once

#include "bs-scene.h"
#include "bs-value-texts.h"

G_BEGIN_DECLS

typedef enum {
  BS_NODE_LINE_TITLE,     /* "x3", "w2 * x3", "fc1 (Linear)" */
  BS_NODE_LINE_OP,        /* "MulBackward0"; a collapsed cluster: "collapsed" */
  BS_NODE_LINE_SHAPE,     /* "(1, 4)", "(1, 4) · float64" */
  BS_NODE_LINE_VALUE,     /* "value: 1" */
  BS_NODE_LINE_GRAD,      /* "grad: None", "grad: -8", "∂L/∂x3 = -2", "" */
} BsNodeLineKind;

typedef struct {
  BsNodeLineKind kind;
  char          *text;
} BsNodeLine;

#define BS_NODE_LABEL_MAX_LINES 5

typedef struct {
  BsNodeLine lines[BS_NODE_LABEL_MAX_LINES];
  guint      n_lines;
  gboolean   named;       /* the title is a script variable */
  gboolean   saves;       /* its op keeps tensors for its backward ("saved") */
  gboolean   freed;       /* ... and the backward pass has freed them */
  gboolean   grad_stale;  /* the gradient shown is from an earlier backward call */
  char      *error;       /* the message of the error shown on this box, or NULL */
} BsNodeLabel;

/* Values and gradients longer than max_chars are cut with "…" (0: never). */
BsNodeLabel *bs_node_label_new          (BsScene            *scene,
                                         guint               index,
                                         const BsTraceState *state,
                                         guint               max_chars);
/* The same, with the values' texts from texts (cut to its max_chars), which keeps them. */
BsNodeLabel *bs_node_label_new_with_texts (BsScene            *scene,
                                           guint               index,
                                           const BsTraceState *state,
                                           BsValueTexts       *texts);
void         bs_node_label_free         (BsNodeLabel        *self);

/* Quiz mode asks the edge of state's step before it shows its numbers: when the gradient
 * on box index's line arrived at its node in that very step (the edge's upstream), the
 * line says "∂L/∂x5 = ?" instead. Box index of scene, the label made at state. */
void         bs_node_label_hide_asked   (BsNodeLabel        *self,
                                         BsScene            *scene,
                                         guint               index,
                                         const BsTraceState *state);
/* Whether box index's gradient arrived in state's step, at the node of its edge: what
 * bs_node_label_hide_asked() hides (and gradient-flow mode does not tint). */
gboolean     bs_node_label_asks_grad    (BsScene            *scene,
                                         guint               index,
                                         const BsTraceState *state);

/* The line of that kind, or NULL when the box has none. */
const char  *bs_node_label_get_line     (const BsNodeLabel  *self,
                                         BsNodeLineKind      kind);
/* Every line, then "saved tensors: freed" and the error, one per line (for hover). */
char        *bs_node_label_to_string    (const BsNodeLabel  *self);

/* The texts a line can take, for measuring: "value: 1"; "grad: None" for value 0;
 * "∂L/∂x3 = -2" from the root's "∂L" and the tensor's label. The values' texts come
 * from texts (or NULL) when it has them cut to max_chars (it is not added to), else are
 * made now. */
char        *bs_node_label_value_text   (BsTrace            *trace,
                                         BsValueTexts       *texts,
                                         guint32             value,
                                         guint               max_chars);
char        *bs_node_label_grad_text    (BsTrace            *trace,
                                         BsValueTexts       *texts,
                                         guint32             value,
                                         guint               max_chars);
char        *bs_node_label_flow_text    (BsTrace            *trace,
                                         BsValueTexts       *texts,
                                         const char         *root,
                                         const char         *tensor,
                                         guint32             value,
                                         guint               max_chars);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsNodeLabel, bs_node_label_free)

G_END_DECLS
