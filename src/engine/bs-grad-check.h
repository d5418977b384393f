/* bs-grad-check.h: autograd's gradients checked against finite differences
 *
 * A checker attaches a tape (bs-tape.h) to a context and is told of the backward calls
 * as they happen (whoever holds the context's event sink passes the events on). When a
 * backward() call begins, it estimates, for each leaf that the call will reach, the
 * derivative of the roots with respect to the leaf by central finite differences in
 * float64, running the recorded computation again with each element moved by ±eps, as
 * torch.autograd.gradcheck does; when the call ends, it compares the estimate with what
 * the call added to the leaf's .grad, with gradcheck's test:
 * |autograd - numeric| <= atol + rtol·|numeric| for every element.
 */
#pragma once

#include "bs-event-sink.h"
#include "bs-types.h"

G_BEGIN_DECLS

/* torch.autograd.gradcheck's defaults */
#define BS_GRAD_CHECK_EPS  1e-6
#define BS_GRAD_CHECK_ATOL 1e-5
#define BS_GRAD_CHECK_RTOL 1e-3

#define BS_GRAD_CHECK_DEFAULT_MAX_ELEMENTS 10000

typedef struct _BsGradCheck BsGradCheck;

typedef struct {
  gsize       tape_budget;     /* bytes the tape may hold, 0: its default (256 MiB) */
  gint64      max_elements;    /* a larger leaf is not checked; 0: the default */
  guint64     only_backward;   /* check only this backward call (from 1); 0: every one */
  guint64     max_op_runs;     /* ops the whole run's checks may run again, 0: no limit */
  gboolean  (*stop) (gpointer data);   /* asked between elements; NULL: never stops */
  gpointer    stop_data;
} BsGradCheckOptions;

typedef struct {
  guint64   backward_id;
  BsTensor *leaf;              /* Owned; NULL for a call that is not checked at all */
  gint64    numel;
  double   *autograd;          /* numel doubles: what the call added to leaf.grad, NULL: none */
  double   *numeric;           /* numel doubles, NULL: not checked (note says why) */
  double    relative_error;    /* max |a - n| / max (max |n|, max |a|); 0 when both are 0 */
  gboolean  mismatch;          /* some element fails gradcheck's test */
  char     *note;              /* why it was not checked ("it has 100352 elements..."), or NULL */
} BsGradCheckResult;

BsGradCheck *bs_grad_check_new            (BsContext                  *context,
                                           const BsGradCheckOptions   *options);
/* Detaches the tape from the context. */
void         bs_grad_check_free           (BsGradCheck                *self);

void         bs_grad_check_backward_begin (BsGradCheck                *self,
                                           const BsBackwardBeginEvent *event);
void         bs_grad_check_accumulate     (BsGradCheck                *self,
                                           const BsAccumulateEvent    *event);
/* The call's results, one per leaf in the order the leaves were made (transfer full,
 * BsGradCheckResult elements), or NULL when the call was not checked or failed. */
GPtrArray   *bs_grad_check_backward_end   (BsGradCheck                *self,
                                           guint64                     backward_id,
                                           const GError               *error);

void         bs_grad_check_result_free    (BsGradCheckResult          *result);

/* gradcheck's test and the relative error over n elements; autograd NULL: zeros. */
gboolean     bs_grad_check_compare        (const double               *autograd,
                                           const double               *numeric,
                                           gint64                      n,
                                           double                     *relative_error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsGradCheck, bs_grad_check_free)

G_END_DECLS
