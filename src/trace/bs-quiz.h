/* bs-quiz.h: predict, then reveal
 *
 * Quiz mode asks the student about each step of a backward pass before the window shows
 * it: an edge's local gradient, the upstream gradient or the contribution that flows on,
 * a leaf's .grad total after an accumulation, whether a node's saved tensors are freed
 * once it has run. The teacher chooses what is asked (BsQuizAsk).
 *
 * A question about a tensor asks its shape first, then, for a small one
 * (BS_QUIZ_MAX_VALUES elements at most), its values. A number is right within
 * BS_QUIZ_RTOL of the answer (BS_QUIZ_ATOL near zero); "None" (or "no gradient") is right
 * when no gradient flows. Every question is counted once: going back and forth over
 * answered steps asks nothing again, and the score is kept until bs_quiz_reset().
 */
#pragma once

#include "bs-replay.h"
#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_QUIZ_RTOL       1e-2
#define BS_QUIZ_ATOL       1e-6
#define BS_QUIZ_MAX_VALUES 6

typedef enum {
  BS_QUIZ_ASK_LOCAL        = 1 << 0,   /* an edge's local gradient */
  BS_QUIZ_ASK_UPSTREAM     = 1 << 1,   /* the gradient arriving at the edge's node */
  BS_QUIZ_ASK_CONTRIBUTION = 1 << 2,   /* what flows along the edge */
  BS_QUIZ_ASK_GRAD_TOTAL   = 1 << 3,   /* a leaf's .grad after an accumulation */
  BS_QUIZ_ASK_FREED        = 1 << 4,   /* whether a node frees its saved tensors */
} BsQuizAsk;

#define BS_QUIZ_ASK_DEFAULT \
  (BS_QUIZ_ASK_LOCAL | BS_QUIZ_ASK_CONTRIBUTION | BS_QUIZ_ASK_GRAD_TOTAL)
#define BS_QUIZ_ASK_ALL \
  (BS_QUIZ_ASK_LOCAL | BS_QUIZ_ASK_UPSTREAM | BS_QUIZ_ASK_CONTRIBUTION \
   | BS_QUIZ_ASK_GRAD_TOTAL | BS_QUIZ_ASK_FREED)

typedef enum {
  BS_QUIZ_RIGHT,
  BS_QUIZ_WRONG,
  BS_QUIZ_UNREADABLE,   /* not an answer (nothing counted): say how to write one */
} BsQuizVerdict;

/* How the window shows a step while its questions are open. */
typedef enum {
  BS_QUIZ_SHOW_STEP,          /* nothing open: the step as it is */
  BS_QUIZ_SHOW_HIDING_EDGE,   /* the step, its edge's numbers hidden */
  BS_QUIZ_SHOW_PREVIOUS,      /* the step before (what the step adds is asked) */
} BsQuizShow;

typedef struct _BsQuiz BsQuiz;

BsQuiz       *bs_quiz_new           (BsQuizAsk           asks);
void          bs_quiz_free          (BsQuiz             *self);

BsQuizAsk     bs_quiz_get_asks      (BsQuiz             *self);
/* Takes effect from the next step entered. */
void          bs_quiz_set_asks      (BsQuiz             *self,
                                     BsQuizAsk           asks);
/* A new run: forgets answered steps and the score. */
void          bs_quiz_reset         (BsQuiz             *self);

/* The window shows state's step (a state of trace): opens its questions, unless it was
 * quizzed before. Returns how to show it. */
BsQuizShow    bs_quiz_enter         (BsQuiz             *self,
                                     BsTrace            *trace,
                                     const BsTraceState *state);
/* How to show the step entered last, now. */
BsQuizShow    bs_quiz_get_show      (BsQuiz             *self);
/* The open question ("Local gradient ∂x3/∂w1 = ?"), or NULL when none is open. */
const char   *bs_quiz_get_prompt    (BsQuiz             *self);
/* Whether the open question takes None ("no gradient flows"), or yes / no. */
gboolean      bs_quiz_takes_none    (BsQuiz             *self);
gboolean      bs_quiz_takes_yes_no  (BsQuiz             *self);

/* Checks answer against the open question. Sets *feedback (owned by the caller) to
 * what to tell the student: right or wrong, the tolerance, and once the question is
 * done the numbers and the formula. A right shape moves on to the values. */
BsQuizVerdict bs_quiz_answer        (BsQuiz             *self,
                                     const char         *answer,
                                     char              **feedback);
/* Gives the open question up (counted wrong) and reveals it. */
void          bs_quiz_reveal        (BsQuiz             *self,
                                     char              **feedback);

guint         bs_quiz_get_n_right   (BsQuiz             *self);
guint         bs_quiz_get_n_asked   (BsQuiz             *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsQuiz, bs_quiz_free)

G_END_DECLS
