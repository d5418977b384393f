/* bs-paths.h: the chain rule, path by path
 *
 * For one backward call and a tensor T: every path from a root of that call to
 * T in the graph the call walked (its recorded edges, so an input used twice
 * by one op, a * a, gives two edges and two paths), the product of the local
 * gradients along each, their sum, and whether the sum equals what that call
 * added to T.grad (the accumulate event's contribution for a leaf; for another
 * tensor, or under autograd.grad, the gradient that arrived at its node).
 *
 * Paths are counted exactly (dynamic programming over the recorded edges,
 * with arbitrary-precision counts) and listed up to a limit.
 *
 * A path's product is the vector-Jacobian product along it: the root's
 * gradient, mapped through each edge's backward in turn. Each map is linear
 * and is applied exactly, by the first of these that applies:
 *  1. the vector is bitwise the gradient the edge recorded as upstream: the
 *     recorded contribution is the engine's own answer;
 *  2. a scalar edge (upstream and contribution one element): multiply by the
 *     recorded local derivative (or contribution / upstream);
 *  3. an elementwise edge (the recorded local derivative has the shapes of the
 *     vector and the contribution): multiply elementwise;
 *  4. otherwise the engine itself: the node's op is re-run in a private context
 *     on the input values recorded with the node, and bs_autograd_grad() gives
 *     the product of the vector with the Jacobian for that input.
 * Products are rounded to the gradient's dtype after each step, as the engine
 * computes. When none applies (a summarised value, a custom Function, a trace
 * read back from JSON that lacks ops), the product is unknown and the check
 * says so rather than guess.
 *
 * The sum is the sum of the listed products when every path is listed; beyond
 * the limit, the same maps applied once per edge in recorded order (which is
 * topological) sum all paths without listing them. It is compared with the
 * recorded contribution within the dtype's tolerance (relative 1e-4 and
 * absolute 1e-6 for float32; 1e-10 for float64).
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_PATHS_ERROR (bs_paths_error_quark ())

typedef enum {
  BS_PATHS_ERROR_NO_BACKWARD,
  BS_PATHS_ERROR_NO_TENSOR,
} BsPathsError;

GQuark bs_paths_error_quark (void);

#define BS_PATHS_DEFAULT_LIMIT 1000

typedef enum {
  BS_PATHS_CHECK_MATCH,
  BS_PATHS_CHECK_MISMATCH,
  BS_PATHS_CHECK_UNKNOWN,     /* the sum could not be computed */
} BsPathsCheck;

typedef struct {
  guint32  root;          /* the root tensor it starts from */
  guint    n_hops;
  guint64 *hops;          /* edge event indices, from the root to T */
  double  *factors;       /* per hop, the scalar local derivative, NaN when not scalar */
  BsTraceValue *product;       /* NULL when unknown */
} BsPath;

typedef struct _BsPaths BsPaths;

/* limit 0: BS_PATHS_DEFAULT_LIMIT. */
BsPaths       *bs_paths_compute        (BsTrace   *trace,
                                        guint32    backward,
                                        guint32    tensor,
                                        guint      limit,
                                        GError   **error);
void           bs_paths_free           (BsPaths   *self);

/* The tensor bound to name just before backward began, or 0. */
guint32        bs_paths_find_tensor    (BsTrace   *trace,
                                        guint32    backward,
                                        const char *name);

guint          bs_paths_get_n_listed   (BsPaths   *self);
const BsPath  *bs_paths_get_path       (BsPaths   *self,
                                        guint      index);
/* The exact number of paths; FALSE when it exceeds G_MAXUINT64. */
gboolean       bs_paths_get_count      (BsPaths   *self,
                                        guint64   *count);
char          *bs_paths_format_count   (BsPaths   *self);   /* decimal, any size */
const BsTraceValue *bs_paths_get_sum        (BsPaths   *self);   /* NULL when unknown */
/* What the backward call added to T.grad, or NULL when it added nothing. */
const BsTraceValue *bs_paths_get_expected   (BsPaths   *self);
BsPathsCheck   bs_paths_get_check      (BsPaths   *self);

/* One line per listed path, "L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2", tensors
 * without a name folded into the next factor; then, when some are not listed,
 * how many more; then a line starting with "sum". */
char          *bs_paths_format         (BsPaths   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPaths, bs_paths_free)

G_END_DECLS
