/* bs-quiz.c: predict, then reveal */
#define G_LOG_DOMAIN "bs-trace"

#include <math.h>
#include <string.h>

#include "bs-quiz.h"
#include "bs-shape-card.h"
#include "bs-step-text.h"

typedef enum {
  PART_SHAPE,
  PART_VALUES,
  PART_NUMBER,
  PART_YES_NO,
} Part;

typedef struct {
  char               *subject;  /* "the local gradient ∂x3/∂w1" */
  char               *reveal;   /* "∂x3/∂w1 = x1 = 2 (∂(a*b)/∂a = b)" */
  const BsTraceValue *value;    /* Borrowed from the trace; NULL: no gradient flows */
  gboolean            yes;      /* the answer of a yes / no question */
  Part                part;
} Question;

struct _BsQuiz {
  BsQuizAsk   asks;
  guint       n_right;
  guint       n_asked;

  /* Owned */
  BsTrace    *trace;     /* of the steps answered */
  GHashTable *answered;  /* steps (as pointers to guint64 keys) quizzed already */
  GPtrArray  *open;      /* Question: the entered step's, the first is asked */
  char       *prompt;

  guint64     entered;   /* the step entered last */
  BsQuizShow  show;
};

static void
question_free (gpointer data)
{
  Question *question = data;

  g_free (question->subject);
  g_free (question->reveal);
  g_free (question);
}

BsQuiz *
bs_quiz_new (BsQuizAsk asks)
{
  BsQuiz *self = g_new0 (BsQuiz, 1);

  self->asks = asks;
  self->answered = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->open = g_ptr_array_new_with_free_func (question_free);
  return self;
}

void
bs_quiz_free (BsQuiz *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->trace, bs_trace_unref);
  g_hash_table_unref (self->answered);
  g_ptr_array_unref (self->open);
  g_free (self->prompt);
  g_free (self);
}

BsQuizAsk
bs_quiz_get_asks (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->asks;
}

void
bs_quiz_set_asks (BsQuiz    *self,
                  BsQuizAsk  asks)
{
  g_return_if_fail (self != NULL);
  self->asks = asks;
}

void
bs_quiz_reset (BsQuiz *self)
{
  g_return_if_fail (self != NULL);
  g_clear_pointer (&self->trace, bs_trace_unref);
  g_hash_table_remove_all (self->answered);
  g_ptr_array_set_size (self->open, 0);
  g_clear_pointer (&self->prompt, g_free);
  self->n_right = self->n_asked = 0;
  self->show = BS_QUIZ_SHOW_STEP;
}

guint
bs_quiz_get_n_right (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_right;
}

guint
bs_quiz_get_n_asked (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_asked;
}

/* --- questions ------------------------------------------------------------ */

static Question *
question_new (BsTrace    *trace,
              guint32     value,
              char       *subject,
              char       *reveal)
{
  Question *question = g_new0 (Question, 1);

  question->subject = subject;
  question->reveal = reveal;
  question->value = bs_trace_get_value (trace, value);
  question->part = question->value != NULL && question->value->ndim > 0 ? PART_SHAPE
                                                                        : PART_NUMBER;
  return question;
}

/* The tensor an edge's gradient is for: the input of the op, else the next node's. */
static guint32
edge_input (BsTrace            *trace,
            const BsTraceEvent *edge)
{
  const BsTraceNode *from = bs_trace_get_node (trace, edge->node);
  const BsTraceNode *to = bs_trace_get_node (trace, edge->node2);
  const BsTraceTensor *out = from != NULL ? bs_trace_get_tensor (trace, from->tensor) : NULL;

  if (out != NULL && out->grad_fn == from->id && edge->input_nr < out->n_inputs)
    return bs_trace_get_list (trace, out->inputs)[edge->input_nr];
  return to != NULL ? to->tensor : 0;
}

/* Whether the step's events hold node's node_begin: its first edge in the call. */
static gboolean
node_begins (BsTrace *trace,
             guint64  step,
             guint32  node)
{
  guint64 first, end;

  bs_trace_get_step_events (trace, step, &first, &end);
  for (guint64 i = first; i < end; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->type == BS_TRACE_EVENT_NODE_BEGIN && event->node == node)
        return TRUE;
    }
  return FALSE;
}

/* Whether node frees its saved tensors in backward (after the events before from). */
static gboolean
node_freed (BsTrace *trace,
            guint64  from,
            guint32  backward,
            guint32  node)
{
  guint64 n = bs_trace_get_n_events (trace);

  for (guint64 i = from; i < n; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->backward != backward)
        continue;
      if (event->type == BS_TRACE_EVENT_FREED && event->node == node)
        return TRUE;
      if (event->type == BS_TRACE_EVENT_BACKWARD_END)
        break;
    }
  return FALSE;
}

static void
open_edge (BsQuiz             *self,
           BsTrace            *trace,
           const BsTraceState *state,
           const BsTraceEvent *edge)
{
  const BsTraceNode *from = bs_trace_get_node (trace, edge->node);
  guint32 out_tensor = from != NULL ? from->tensor : 0;
  g_autofree char *root = bs_step_text_root (trace, state, edge->backward);
  g_autofree char *out = bs_step_text_tensor (trace, state, out_tensor);
  g_autofree char *in = bs_step_text_tensor (trace, state, edge_input (trace, edge));
  gboolean first = node_begins (trace, state->step, edge->node);

  if ((self->asks & BS_QUIZ_ASK_UPSTREAM) && first)
    {
      g_autofree char *upstream = NULL;

      upstream = edge->values[0] != 0
                   ? bs_trace_value_format (bs_trace_get_value (trace, edge->values[0]))
                   : g_strdup ("None");
      g_ptr_array_add (self->open,
                       question_new (trace, edge->values[0],
                                     g_strdup_printf ("the upstream gradient %s/∂%s", root, out),
                                     g_strdup_printf ("%s/∂%s = %s", root, out, upstream)));
    }
  if ((self->asks & BS_QUIZ_ASK_LOCAL) && edge->values[1] != 0)
    {
      const char *formula = bs_trace_get_string (trace, edge->text);
      g_autofree char *local = bs_step_text_local_gradient (trace, state, edge);

      g_ptr_array_add (self->open,
                       question_new (trace, edge->values[1],
                                     g_strdup_printf ("the local gradient ∂%s/∂%s", out, in),
                                     formula != NULL && formula[0] != '\0'
                                       ? g_strdup_printf ("%s   (%s)", local, formula)
                                       : g_strdup (local)));
    }
  if (self->asks & BS_QUIZ_ASK_CONTRIBUTION)
    {
      g_autofree char *flow = bs_step_text_flow (trace, edge);

      g_ptr_array_add (self->open,
                       question_new (trace, edge->values[2],
                                     g_strdup_printf ("the contribution %s/∂%s that flows to %s",
                                                      root, in, in),
                                     g_strdup_printf ("%s/∂%s = %s/∂%s × ∂%s/∂%s: %s",
                                                      root, in, root, out, out, in, flow)));
    }
  if ((self->asks & BS_QUIZ_ASK_FREED) && first && from != NULL)
    {
      gint64 begin = bs_trace_find_backward (trace, edge->backward);
      const BsTraceEvent *call = begin >= 0 ? bs_trace_get_event (trace, (guint64) begin) : NULL;
      const char *fn = bs_trace_get_string (trace, from->name);
      gboolean retain = call != NULL && (call->flags & BS_TRACE_FLAG_RETAIN_GRAPH);
      guint64 step_first, step_end;
      Question *question;

      bs_trace_get_step_events (trace, state->step, &step_first, &step_end);
      question = question_new (trace, 0,
                               g_strdup_printf ("Does %s (of %s) free its saved tensors "
                                                "once it has run?", fn, out),
                               NULL);
      question->part = PART_YES_NO;
      question->yes = node_freed (trace, step_first, edge->backward, edge->node);
      if (question->yes)
        question->reveal = g_strdup_printf ("Yes: %s's saved tensors are freed after it runs "
                                            "(backward() without retain_graph=True).", fn);
      else if (retain)
        question->reveal = g_strdup_printf ("No: retain_graph=True keeps %s's saved tensors.",
                                            fn);
      else
        question->reveal = g_strdup_printf ("No: %s saves no tensors, so nothing is freed.", fn);
      g_ptr_array_add (self->open, question);
    }
}

static void
open_accumulate (BsQuiz             *self,
                 BsTrace            *trace,
                 const BsTraceState *state,
                 const BsTraceEvent *event)
{
  g_autofree char *leaf = bs_step_text_tensor (trace, state, event->tensor);
  g_autoptr(BsTraceState) before = bs_replay_state_at (trace, state->step - 1);
  const BsTraceTensorState *previous = bs_trace_state_get_tensor (before, event->tensor);
  g_autofree char *sum = NULL;

  if (previous != NULL && previous->grad != 0)
    {
      guint32 values[2] = { previous->grad, event->values[0] };
      g_autofree char *terms = bs_step_text_sum (trace, values, 2);

      sum = g_strdup_printf ("%s.grad = .grad before + contribution: %s", leaf, terms);
    }
  else
    {
      g_autofree char *total = bs_trace_value_format (bs_trace_get_value (trace,
                                                                          event->values[1]));

      sum = g_strdup_printf ("%s.grad was None, so it becomes the contribution: %s", leaf,
                             total);
    }
  g_ptr_array_add (self->open,
                   question_new (trace, event->values[1],
                                 g_strdup_printf ("%s.grad after this accumulation", leaf),
                                 g_steal_pointer (&sum)));
}

static char *
make_prompt (const Question *question)
{
  switch (question->part)
    {
    case PART_SHAPE:
      return g_strdup_printf ("Shape of %s?", question->subject);
    case PART_VALUES:
      return g_strdup_printf ("Values of %s (row by row)?", question->subject);
    case PART_YES_NO:
      return g_strdup_printf ("%s (yes / no)", question->subject);
    case PART_NUMBER:
    default:
      {
        const char *subject = question->subject;

        /* "the local gradient ∂L/∂x" is asked as "Local gradient ∂L/∂x = ?"; a name
         * ("w1.grad") keeps its case */
        if (!g_str_has_prefix (subject, "the "))
          return g_strdup_printf ("%s = ?", subject);
        subject += strlen ("the ");
        return g_strdup_printf ("%c%s = ?", g_ascii_toupper (subject[0]), subject + 1);
      }
    }
}

static void
update_prompt (BsQuiz *self)
{
  g_clear_pointer (&self->prompt, g_free);
  if (self->open->len > 0)
    self->prompt = make_prompt (g_ptr_array_index (self->open, 0));
  else
    self->show = BS_QUIZ_SHOW_STEP;
}

BsQuizShow
bs_quiz_enter (BsQuiz             *self,
               BsTrace            *trace,
               const BsTraceState *state)
{
  const BsTraceEvent *event;
  guint64 step;

  g_return_val_if_fail (self != NULL, BS_QUIZ_SHOW_STEP);
  g_return_val_if_fail (trace != NULL && state != NULL, BS_QUIZ_SHOW_STEP);

  /* The same step shown again (a new layout, a palette): its questions stay open. */
  if (self->trace == trace && state->step == self->entered && self->open->len > 0)
    return self->show;
  if (self->trace != trace)
    {
      g_hash_table_remove_all (self->answered);
      g_clear_pointer (&self->trace, bs_trace_unref);
      self->trace = bs_trace_ref (trace);
    }
  g_ptr_array_set_size (self->open, 0);
  self->show = BS_QUIZ_SHOW_STEP;
  step = self->entered = state->step;
  event = bs_trace_state_get_step_event (state);
  if (event != NULL && !g_hash_table_contains (self->answered, &step))
    {
      g_hash_table_add (self->answered, g_memdup2 (&step, sizeof step));
      if (event->type == BS_TRACE_EVENT_EDGE)
        {
          open_edge (self, trace, state, event);
          self->show = BS_QUIZ_SHOW_HIDING_EDGE;
        }
      else if (event->type == BS_TRACE_EVENT_ACCUMULATE && event->values[1] != 0
               && (self->asks & BS_QUIZ_ASK_GRAD_TOTAL) && step > 0)
        {
          open_accumulate (self, trace, state, event);
          self->show = BS_QUIZ_SHOW_PREVIOUS;
        }
    }
  update_prompt (self);
  return self->show;
}

BsQuizShow
bs_quiz_get_show (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, BS_QUIZ_SHOW_STEP);
  return self->show;
}

const char *
bs_quiz_get_prompt (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->prompt;
}

gboolean
bs_quiz_takes_none (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->open->len > 0
         && ((Question *) g_ptr_array_index (self->open, 0))->part != PART_YES_NO;
}

gboolean
bs_quiz_takes_yes_no (BsQuiz *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->open->len > 0
         && ((Question *) g_ptr_array_index (self->open, 0))->part == PART_YES_NO;
}

/* --- answers -------------------------------------------------------------- */

static gboolean
is_none (const char *answer)
{
  g_autofree char *folded = g_ascii_strdown (answer, -1);

  g_strstrip (folded);
  return g_str_equal (folded, "none") || g_str_has_prefix (folded, "no grad");
}

/* "2", "-0.5", "1/3", "−2" (a typographic minus), "1e-3", "nan", "inf". */
static gboolean
parse_number (const char *text,
              double     *number)
{
  g_autofree char *copy = NULL;
  g_auto(GStrv) halves = NULL;
  double parts[2] = { 0, 1 };
  guint n;
  GString *plain = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x2212)
        g_string_append_c (plain, '-');
      else
        g_string_append_unichar (plain, c);
    }
  copy = g_string_free (plain, FALSE);
  g_strstrip (copy);
  halves = g_strsplit (copy, "/", 2);
  n = g_strv_length (halves);
  if (n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end;

      g_strstrip (halves[i]);
      if (halves[i][0] == '\0')
        return FALSE;
      parts[i] = g_ascii_strtod (halves[i], &end);
      if (*end != '\0')
        return FALSE;
    }
  *number = parts[0] / parts[1];
  return TRUE;
}

/* The numbers of "[[1, 2], [3, 4]]", "1 2 3 4", "(2, 3)", "2x3", "torch.Size([2, 3])". */
static GArray *
parse_numbers (const char *text,
               gboolean    shape)
{
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (double));
  GString *plain = g_string_new (NULL);
  g_auto(GStrv) words = NULL;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (strchr ("[](),;", (int) (c < 128 ? c : ' ')) != NULL && c < 128)
        g_string_append_c (plain, ' ');
      else if (shape && (c == 'x' || c == 'X' || c == 0xd7))
        g_string_append_c (plain, ' ');
      else
        g_string_append_unichar (plain, c);
    }
  if (g_str_has_prefix (plain->str, "torch.Size"))
    g_string_erase (plain, 0, strlen ("torch.Size"));
  if (g_str_has_prefix (plain->str, "tensor"))
    g_string_erase (plain, 0, strlen ("tensor"));
  words = g_strsplit_set (plain->str, " \t\n", -1);
  g_string_free (plain, TRUE);
  for (guint i = 0; words[i] != NULL; i++)
    {
      double number;

      if (words[i][0] == '\0')
        continue;
      if (!parse_number (words[i], &number))
        {
          g_array_unref (numbers);
          return NULL;
        }
      g_array_append_val (numbers, number);
    }
  return numbers;
}

static gboolean
close_enough (double answer,
              double expected)
{
  if (isnan (expected))
    return isnan (answer);
  if (isinf (expected))
    return answer == expected;
  return fabs (answer - expected) <= MAX (BS_QUIZ_ATOL, BS_QUIZ_RTOL * fabs (expected));
}

static const char tolerance[] = "within 1%";

/* The question's value's shape as the student would write it: "[2×3]". */
static char *
value_shape (const BsTraceValue *value)
{
  return bs_shape_card_format_shape (value->ndim, value->shape);
}

static char *
value_text (const BsTraceValue *value)
{
  return value != NULL ? bs_trace_value_format (value) : g_strdup ("None");
}

static BsQuizVerdict
check (Question   *question,
       const char *answer,
       char      **said)
{
  const BsTraceValue *value = question->value;

  if (question->part == PART_YES_NO)
    {
      g_autofree char *folded = g_ascii_strdown (answer, -1);
      gboolean yes;

      g_strstrip (folded);
      if (g_str_equal (folded, "yes") || g_str_equal (folded, "y"))
        yes = TRUE;
      else if (g_str_equal (folded, "no") || g_str_equal (folded, "n"))
        yes = FALSE;
      else
        return BS_QUIZ_UNREADABLE;
      *said = g_strdup (yes ? "yes" : "no");
      return yes == question->yes ? BS_QUIZ_RIGHT : BS_QUIZ_WRONG;
    }
  if (is_none (answer))
    {
      *said = g_strdup ("None");
      return value == NULL ? BS_QUIZ_RIGHT : BS_QUIZ_WRONG;
    }

  if (question->part == PART_NUMBER)
    {
      double number;

      if (!parse_number (answer, &number))
        return BS_QUIZ_UNREADABLE;
      *said = bs_trace_value_format_number (number);
      if (value == NULL || value->kind != BS_VALUE_FULL || value->numel != 1)
        return BS_QUIZ_WRONG;
      return close_enough (number, value->data[0]) ? BS_QUIZ_RIGHT : BS_QUIZ_WRONG;
    }

  {
    g_autoptr(GArray) numbers = parse_numbers (answer, question->part == PART_SHAPE);
    gboolean right;

    if (numbers == NULL || (numbers->len == 0 && question->part == PART_VALUES))
      return BS_QUIZ_UNREADABLE;
    if (question->part == PART_SHAPE)
      {
        gint64 shape[BS_MAX_DIMS];

        if (numbers->len > BS_MAX_DIMS)
          return BS_QUIZ_UNREADABLE;
        for (guint i = 0; i < numbers->len; i++)
          {
            double d = g_array_index (numbers, double, i);

            if (d < 0 || d != floor (d))
              return BS_QUIZ_UNREADABLE;
            shape[i] = (gint64) d;
          }
        *said = bs_shape_card_format_shape ((int) numbers->len, shape);
        right = value != NULL && value->ndim == (int) numbers->len
                && memcmp (shape, value->shape, sizeof (gint64) * numbers->len) == 0;
        return right ? BS_QUIZ_RIGHT : BS_QUIZ_WRONG;
      }

    *said = g_strdup (answer);
    g_strstrip (*said);
    right = value != NULL && value->kind == BS_VALUE_FULL && value->numel == numbers->len;
    for (guint i = 0; right && i < numbers->len; i++)
      right = close_enough (g_array_index (numbers, double, i), value->data[i]);
    return right ? BS_QUIZ_RIGHT : BS_QUIZ_WRONG;
  }
}

/* The question is done: the next one opens (or the step is shown). */
static void
finish (BsQuiz *self)
{
  g_ptr_array_remove_index (self->open, 0);
  update_prompt (self);
}

BsQuizVerdict
bs_quiz_answer (BsQuiz      *self,
                const char  *answer,
                char       **feedback)
{
  Question *question;
  g_autofree char *said = NULL;
  BsQuizVerdict verdict;

  g_return_val_if_fail (self != NULL, BS_QUIZ_UNREADABLE);
  g_return_val_if_fail (answer != NULL && feedback != NULL, BS_QUIZ_UNREADABLE);

  *feedback = NULL;
  if (self->open->len == 0)
    return BS_QUIZ_UNREADABLE;
  question = g_ptr_array_index (self->open, 0);
  verdict = check (question, answer, &said);
  if (verdict == BS_QUIZ_UNREADABLE)
    {
      switch (question->part)
        {
        case PART_YES_NO:
          *feedback = g_strdup ("Answer yes or no.");
          break;
        case PART_SHAPE:
          *feedback = g_strdup ("Write a shape as 2, 3 (or [2, 3], 2x3).");
          break;
        case PART_VALUES:
          *feedback = g_strdup ("Write the values row by row, separated by commas "
                                "(or None if no gradient flows).");
          break;
        case PART_NUMBER:
        default:
          *feedback = g_strdup ("Write a number (2, -0.5, 1/3), or None if no gradient "
                                "flows.");
          break;
        }
      return verdict;
    }

  self->n_asked++;
  if (verdict == BS_QUIZ_RIGHT)
    self->n_right++;

  if (question->part == PART_SHAPE && verdict == BS_QUIZ_RIGHT && question->value != NULL
      && question->value->kind == BS_VALUE_FULL
      && question->value->numel <= BS_QUIZ_MAX_VALUES)
    {
      *feedback = g_strdup_printf ("Right: %s is the shape. Now its values.", said);
      question->part = PART_VALUES;
      update_prompt (self);
      return verdict;
    }

  if (question->part == PART_SHAPE && question->value != NULL)
    {
      g_autofree char *shape = value_shape (question->value);

      *feedback = g_strdup_printf ("%s: %s %s the shape %s. %s",
                                   verdict == BS_QUIZ_RIGHT ? "Right" : "Wrong", said,
                                   verdict == BS_QUIZ_RIGHT ? "is" : "is not", shape,
                                   question->reveal);
    }
  else if (question->part == PART_YES_NO)
    *feedback = g_strdup_printf ("%s. %s", verdict == BS_QUIZ_RIGHT ? "Right" : "Wrong",
                                 question->reveal);
  else
    {
      g_autofree char *expected = value_text (question->value);

      if (question->value == NULL || g_str_equal (said, "None"))
        *feedback = g_strdup_printf ("%s: %s, the answer is %s. %s",
                                     verdict == BS_QUIZ_RIGHT ? "Right" : "Wrong", said,
                                     expected, question->reveal);
      else
        *feedback = g_strdup_printf ("%s: %s %s %s of %s. %s",
                                     verdict == BS_QUIZ_RIGHT ? "Right" : "Wrong", said,
                                     verdict == BS_QUIZ_RIGHT ? "is" : "is not", tolerance,
                                     expected, question->reveal);
    }
  finish (self);
  return verdict;
}

void
bs_quiz_reveal (BsQuiz  *self,
                char   **feedback)
{
  Question *question;

  g_return_if_fail (self != NULL && feedback != NULL);
  *feedback = NULL;
  if (self->open->len == 0)
    return;
  question = g_ptr_array_index (self->open, 0);
  self->n_asked++;
  *feedback = g_strdup_printf ("Revealed: %s", question->reveal);
  finish (self);
}
