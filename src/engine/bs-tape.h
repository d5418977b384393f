/* bs-tape.h: the computation a script ran, kept so that it can be run again
 *
 * With a tape attached to a context (context->tape), the engine writes down every op
 * it runs for the script (not those a backward pass runs): the op, its arguments,
 * which earlier results or constants it read, and which tensor it made. Constants
 * (leaves, data, Python numbers) are copied when read, floating ones as float64;
 * results are not kept, they are computed again. The forward of a
 * torch.autograd.Function runs ordinary ops, so it is written down too.
 *
 * bs_tape_numeric_grad() runs the recorded ops again in float64, in a context of the
 * tape's own, from one leaf to the roots of a backward call, perturbing each of the
 * leaf's elements in turn: the central finite differences torch.autograd.gradcheck
 * takes, without running the script again.
 */
#pragma once

#include "bs-types.h"
#include "bs-op.h"

G_BEGIN_DECLS

/* budget: bytes of copied constants the tape may hold (0: 256 MiB); past it, it stops
 * recording and every later numeric gradient fails saying so. */
BsTape   *bs_tape_new            (gsize             budget);
void      bs_tape_free           (BsTape           *self);

/* Called by the engine. Reads inputs (copying those the tape did not make) into ids
 * before an op runs; then records the op that made output from them. */
void      bs_tape_read_inputs    (BsTape           *self,
                                  BsTensor *const  *inputs,
                                  guint             n_inputs,
                                  guint32          *ids);
void      bs_tape_record_op      (BsTape           *self,
                                  BsOp              op,
                                  const BsOpArgs   *args,
                                  const guint32    *ids,
                                  guint             n_inputs,
                                  BsTensor         *output,
                                  BsTensor         *extra_output);
/* After an in-place op on view (recorded with bs_tape_record_op): its base holds
 * what it held before (base_id, read before the op) with the view's new elements
 * written in. */
void      bs_tape_record_view_write (BsTape        *self,
                                  guint32           base_id,
                                  BsTensor         *view);
/* alias holds source's elements (detach(), .data). */
void      bs_tape_record_alias   (BsTape           *self,
                                  BsTensor         *source,
                                  BsTensor         *alias);

/* The central finite-difference estimate, element by element, of the derivative of
 * Σ_r sum (roots[r] * grads[r]) (grads[r] NULL: ones) with respect to the leaf wrt,
 * each element moved by ±eps in float64. Returns bs_tensor_numel (wrt) doubles (free
 * with g_free), or NULL with a message saying why the recorded computation cannot be
 * run again. stop (may be NULL) is asked between elements; when it returns TRUE the
 * estimate ends with the error "stopped". *budget (NULL: no limit) counts down the ops
 * run; at 0 the estimate fails saying so. */
double   *bs_tape_numeric_grad   (BsTape           *self,
                                  BsTensor *const  *roots,
                                  BsTensor *const  *grads,
                                  guint             n_roots,
                                  BsTensor         *wrt,
                                  double            eps,
                                  gboolean        (*stop) (gpointer data),
                                  gpointer          stop_data,
                                  guint64          *budget,
                                  GError          **error);

G_END_DECLS
