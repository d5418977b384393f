/* test-quiz.c: quiz mode's questions and answers (bs-quiz.h) on recorded backward passes
 *
 * The expected numbers are PyTorch 1.13's for the same scripts: seed 004 gives
 * w1.grad -8, w2.grad -1, w3.grad -2; (w * w).sum() for w = [1, 2, 3] gives
 * w.grad [2, 4, 6], torch.Size([3]).
 */
#include <string.h>

#include "bs-quiz.h"
#include "scene-fixtures.h"

static const char vector_script[] =
  "import torch\n"
  "w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
  "y = (w * w).sum()\n"
  "y.backward()\n";

/* The first step at or after from whose step event has type. */
static guint64
next_step (BsTrace          *trace,
           guint64           from,
           BsTraceEventType  type)
{
  for (guint64 step = from; step < bs_trace_get_n_steps (trace); step++)
    {
      gint64 index = bs_trace_get_step_event (trace, step);

      if (index >= 0 && bs_trace_get_event (trace, (guint64) index)->type == type)
        return step;
    }
  g_error ("no %s step after %" G_GUINT64_FORMAT, bs_trace_event_type_name (type), from);
  return 0;
}

static BsQuizShow
enter (BsQuiz  *quiz,
       BsTrace *trace,
       guint64  step)
{
  g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);

  return bs_quiz_enter (quiz, trace, state);
}

static BsQuizVerdict
answer (BsQuiz     *quiz,
        const char *text,
        const char *feedback_has)
{
  g_autofree char *feedback = NULL;
  BsQuizVerdict verdict = bs_quiz_answer (quiz, text, &feedback);

  g_assert_nonnull (feedback);
  if (strstr (feedback, feedback_has) == NULL)
    g_error ("feedback \"%s\" lacks \"%s\"", feedback, feedback_has);
  return verdict;
}

static void
assert_prompt (BsQuiz     *quiz,
               const char *has)
{
  const char *prompt = bs_quiz_get_prompt (quiz);

  g_assert_nonnull (prompt);
  if (strstr (prompt, has) == NULL)
    g_error ("prompt \"%s\" lacks \"%s\"", prompt, has);
}

/* Seed 004's first edge, L = 1 - x5: local gradient -1, contribution -1. */
static void
test_edge (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsQuiz) quiz = bs_quiz_new (BS_QUIZ_ASK_DEFAULT);
  guint64 step = next_step (trace, 0, BS_TRACE_EVENT_EDGE);

  /* The forward pass asks nothing. */
  g_assert_cmpint (enter (quiz, trace, step - 1), ==, BS_QUIZ_SHOW_STEP);
  g_assert_null (bs_quiz_get_prompt (quiz));

  g_assert_cmpint (enter (quiz, trace, step), ==, BS_QUIZ_SHOW_HIDING_EDGE);
  assert_prompt (quiz, "Local gradient ∂L/∂x5 = ?");
  /* The same step shown again (a new layout) keeps its question open. */
  g_assert_cmpint (enter (quiz, trace, step), ==, BS_QUIZ_SHOW_HIDING_EDGE);
  assert_prompt (quiz, "Local gradient ∂L/∂x5 = ?");
  g_assert_true (bs_quiz_takes_none (quiz));
  /* Not a number: said so, nothing counted. */
  g_assert_cmpint (answer (quiz, "minus one", "Write a number"), ==, BS_QUIZ_UNREADABLE);
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 0);
  g_assert_cmpint (answer (quiz, "−1", "Right: -1 is within 1% of -1. ∂L/∂x5 = -1"), ==,
                   BS_QUIZ_RIGHT);

  assert_prompt (quiz, "Contribution ∂L/∂x5 that flows to x5 = ?");
  g_assert_cmpint (bs_quiz_get_show (quiz), ==, BS_QUIZ_SHOW_HIDING_EDGE);
  g_assert_cmpint (answer (quiz, "1", "Wrong: 1 is not within 1% of -1."), ==,
                   BS_QUIZ_WRONG);
  g_assert_null (bs_quiz_get_prompt (quiz));
  g_assert_cmpint (bs_quiz_get_show (quiz), ==, BS_QUIZ_SHOW_STEP);
  g_assert_cmpuint (bs_quiz_get_n_right (quiz), ==, 1);
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 2);

  /* Back and forth: an answered step is not asked again. */
  g_assert_cmpint (enter (quiz, trace, step - 1), ==, BS_QUIZ_SHOW_STEP);
  g_assert_cmpint (enter (quiz, trace, step), ==, BS_QUIZ_SHOW_STEP);
  g_assert_null (bs_quiz_get_prompt (quiz));

  /* The next edge, x5 = (w2 * x3) + (w3 * x4): a local gradient of 1. The tolerance is
   * relative. */
  g_assert_cmpint (enter (quiz, trace, step + 1), ==, BS_QUIZ_SHOW_HIDING_EDGE);
  g_assert_cmpint (answer (quiz, "0.995", "Right"), ==, BS_QUIZ_RIGHT);
  g_assert_cmpint (answer (quiz, "None", "Wrong: None, the answer is -1."), ==,
                   BS_QUIZ_WRONG);
  g_assert_cmpuint (bs_quiz_get_n_right (quiz), ==, 2);
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 4);

  /* A new run keeps nothing. */
  bs_quiz_reset (quiz);
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 0);
  g_assert_cmpint (enter (quiz, trace, step), ==, BS_QUIZ_SHOW_HIDING_EDGE);
  g_assert_cmpint (answer (quiz, "-0.98", "Wrong"), ==, BS_QUIZ_WRONG);
}

/* Accumulations are asked with the step before shown: w3.grad -2, w2.grad -1, w1.grad
 * -8 (after -2 arrived, -6 is added: the sum is part of the answer). */
static void
test_accumulate (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsQuiz) quiz = bs_quiz_new (BS_QUIZ_ASK_GRAD_TOTAL);
  const char *expected[][2] = {
    { "w3.grad after this accumulation", "-2" },
    { "w2.grad after this accumulation", "-1" },
    { "w1.grad after this accumulation", "-8" },
  };
  guint64 step = 0;

  /* Edges are not asked: nothing is hidden. */
  g_assert_cmpint (enter (quiz, trace, next_step (trace, 0, BS_TRACE_EVENT_EDGE)), ==,
                   BS_QUIZ_SHOW_STEP);
  g_assert_null (bs_quiz_get_prompt (quiz));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *want = g_strdup_printf ("Right: %s is within 1%%", expected[i][1]);

      step = next_step (trace, step + 1, BS_TRACE_EVENT_ACCUMULATE);
      g_assert_cmpint (enter (quiz, trace, step), ==, BS_QUIZ_SHOW_PREVIOUS);
      assert_prompt (quiz, expected[i][0]);
      g_assert_cmpint (answer (quiz, expected[i][1], want), ==, BS_QUIZ_RIGHT);
    }
  g_assert_cmpuint (bs_quiz_get_n_right (quiz), ==, 3);
}

/* A tensor: its shape first, then its values. */
static void
test_tensor (void)
{
  g_autoptr(BsTrace) trace = record_script (vector_script);
  g_autoptr(BsQuiz) quiz = bs_quiz_new (BS_QUIZ_ASK_LOCAL | BS_QUIZ_ASK_GRAD_TOTAL);
  guint64 step = next_step (trace, 0, BS_TRACE_EVENT_EDGE);

  /* SumBackward0's edge has no local value to ask. */
  enter (quiz, trace, step);
  g_assert_null (bs_quiz_get_prompt (quiz));

  step = next_step (trace, step + 1, BS_TRACE_EVENT_EDGE);
  enter (quiz, trace, step);
  assert_prompt (quiz, "Shape of the local gradient ∂(w * w)/∂w?");
  g_assert_cmpint (answer (quiz, "a vector", "Write a shape"), ==, BS_QUIZ_UNREADABLE);
  g_assert_cmpint (answer (quiz, "torch.Size([3])", "Right: [3] is the shape"), ==,
                   BS_QUIZ_RIGHT);
  assert_prompt (quiz, "Values of the local gradient ∂(w * w)/∂w (row by row)?");
  g_assert_cmpint (answer (quiz, "[1, 2, 3]", "Right"), ==, BS_QUIZ_RIGHT);

  /* A wrong shape ends the question with the answer shown. */
  step = next_step (trace, step + 1, BS_TRACE_EVENT_ACCUMULATE);
  enter (quiz, trace, step);
  assert_prompt (quiz, "Shape of w.grad after this accumulation?");
  g_assert_cmpint (answer (quiz, "3x1", "Wrong: [3×1] is not the shape [3]."), ==,
                   BS_QUIZ_WRONG);
  g_assert_null (bs_quiz_get_prompt (quiz));
  g_assert_cmpuint (bs_quiz_get_n_right (quiz), ==, 2);
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 3);

  /* Values right after a right shape, written as numpy prints them. */
  bs_quiz_reset (quiz);
  enter (quiz, trace, step);
  g_assert_cmpint (answer (quiz, "3", "Right"), ==, BS_QUIZ_RIGHT);
  g_assert_cmpint (answer (quiz, "[2. 4. 6.]", "Right: [2. 4. 6.] is within 1% of [2, 4, 6]"),
                   ==, BS_QUIZ_RIGHT);
}

/* Freed buffers: MulBackward0 saved its operands and frees them without retain_graph;
 * AddBackward0 and RsubBackward1 save nothing. */
static void
test_freed (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsTrace) retained = NULL;
  g_autoptr(BsQuiz) quiz = bs_quiz_new (BS_QUIZ_ASK_FREED);
  g_autofree char *retain_script = NULL;
  guint64 step = next_step (trace, 0, BS_TRACE_EVENT_EDGE);
  guint n_yes = 0, n_no = 0;

  /* Each node is asked at its first edge only. */
  for (; step < bs_trace_get_n_steps (trace); step++)
    {
      enter (quiz, trace, step);
      if (bs_quiz_get_prompt (quiz) == NULL)
        continue;
      g_assert_true (bs_quiz_takes_yes_no (quiz));
      g_assert_false (bs_quiz_takes_none (quiz));
      if (strstr (bs_quiz_get_prompt (quiz), "MulBackward0") != NULL)
        n_yes += answer (quiz, "yes", "Right. Yes: MulBackward0's saved tensors are freed")
                 == BS_QUIZ_RIGHT;
      else
        n_no += answer (quiz, "yes", "Wrong. No:") == BS_QUIZ_WRONG;
    }
  g_assert_cmpuint (n_yes, ==, 4);   /* w1*x1, w1*x2, w2*x3, w3*x4 */
  g_assert_cmpuint (n_no, ==, 2);

  retain_script = g_strjoin ("", "import torch\n", "w = torch.tensor(2.0, requires_grad=True)\n",
                             "y = w * w\n", "y.backward(retain_graph=True)\n", NULL);
  retained = record_script (retain_script);
  bs_quiz_reset (quiz);
  enter (quiz, retained, next_step (retained, 0, BS_TRACE_EVENT_EDGE));
  assert_prompt (quiz, "Does MulBackward0 (of y) free its saved tensors once it has run?");
  g_assert_cmpint (answer (quiz, "maybe", "Answer yes or no."), ==, BS_QUIZ_UNREADABLE);
  g_assert_cmpint (answer (quiz, "no", "Right. No: retain_graph=True keeps"), ==,
                   BS_QUIZ_RIGHT);
}

/* Giving up reveals the answer and counts the question. */
static void
test_reveal (void)
{
  g_autoptr(BsTrace) trace = record_script (seed004_script);
  g_autoptr(BsQuiz) quiz = bs_quiz_new (BS_QUIZ_ASK_UPSTREAM);
  g_autofree char *feedback = NULL;

  enter (quiz, trace, next_step (trace, 0, BS_TRACE_EVENT_EDGE));
  assert_prompt (quiz, "Upstream gradient ∂L/∂L = ?");
  bs_quiz_reveal (quiz, &feedback);
  g_assert_cmpstr (feedback, ==, "Revealed: ∂L/∂L = 1");
  g_assert_cmpuint (bs_quiz_get_n_asked (quiz), ==, 1);
  g_assert_cmpuint (bs_quiz_get_n_right (quiz), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quiz/edge", test_edge);
  g_test_add_func ("/quiz/accumulate", test_accumulate);
  g_test_add_func ("/quiz/tensor", test_tensor);
  g_test_add_func ("/quiz/freed", test_freed);
  g_test_add_func ("/quiz/reveal", test_reveal);
  return g_test_run ();
}
