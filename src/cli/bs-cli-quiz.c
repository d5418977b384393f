/* bs-cli-quiz.c: `backstep quiz FILE.py`, predict then reveal in a terminal */
#define G_LOG_DOMAIN "bs-cli"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-quiz.h"
#include "bs-step-text.h"

/* A longer line is no answer anyone typed. */
#define MAX_ANSWER_BYTES 4096

static const struct {
  const char *name;
  BsQuizAsk   ask;
} asks[] = {
  { "local", BS_QUIZ_ASK_LOCAL },
  { "upstream", BS_QUIZ_ASK_UPSTREAM },
  { "contribution", BS_QUIZ_ASK_CONTRIBUTION },
  { "grad", BS_QUIZ_ASK_GRAD_TOTAL },
  { "freed", BS_QUIZ_ASK_FREED },
  { "all", BS_QUIZ_ASK_ALL },
};

/* "local,contribution" as BsQuizAsk flags; FALSE for a name not in asks[]. */
static gboolean
parse_asks (const char *text,
            BsQuizAsk  *flags,
            char      **unknown)
{
  g_auto(GStrv) names = g_strsplit (text, ",", -1);

  *flags = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean found = FALSE;

      g_strstrip (names[i]);
      for (guint k = 0; k < G_N_ELEMENTS (asks) && !found; k++)
        if (g_str_equal (names[i], asks[k].name))
          {
            *flags |= asks[k].ask;
            found = TRUE;
          }
      if (!found)
        {
          *unknown = g_strdup (names[i]);
          return FALSE;
        }
    }
  if (*flags == 0)
    {
      *unknown = g_strdup (text);
      return FALSE;
    }
  return TRUE;
}

/* The next line of standard input without its line break, or NULL at its end. */
static char *
read_answer (void)
{
  char buffer[MAX_ANSWER_BYTES];
  gsize length;

  if (fgets (buffer, sizeof buffer, stdin) == NULL)
    return NULL;
  length = strlen (buffer);
  if (length > 0 && buffer[length - 1] != '\n' && !feof (stdin))
    {
      int c;

      /* the rest of an overlong line is dropped, not taken for the next answer */
      while ((c = getchar ()) != EOF && c != '\n')
        ;
    }
  g_strchomp (buffer);
  return g_utf8_make_valid (buffer, -1);
}

/* The script's line (from 1), stripped, or NULL. */
static char *
source_line (const char *text,
             int         line)
{
  const char *start = text;

  for (int l = 1; l < line && start != NULL; l++)
    {
      start = strchr (start, '\n');
      if (start != NULL)
        start++;
    }
  if (start == NULL || line < 1)
    return NULL;
  return g_strstrip (g_strndup (start, strcspn (start, "\n")));
}

/* The node an edge step goes back through: "through AddBackward0 of x5", else NULL. */
static char *
through (BsTrace            *trace,
         const BsTraceState *state)
{
  const BsTraceEvent *edge = bs_trace_state_get_edge (state);
  const BsTraceNode *node = edge != NULL ? bs_trace_get_node (trace, edge->node) : NULL;
  g_autofree char *of = NULL;

  if (node == NULL)
    return NULL;
  of = bs_step_text_tensor (trace, state, node->tensor);
  return g_strdup_printf ("through %s of %s", bs_trace_get_string (trace, node->name), of);
}

typedef enum {
  QUIZ_DONE,        /* every question asked */
  QUIZ_NO_ANSWERS,  /* the answers ran out */
} QuizEnd;

/* Asks the open questions of the step entered, one answer line each. */
static QuizEnd
ask_step (BsQuiz   *quiz,
          gboolean  echo)
{
  const char *prompt;

  while ((prompt = bs_quiz_get_prompt (quiz)) != NULL)
    {
      g_autofree char *answer = NULL;
      g_autofree char *feedback = NULL;
      BsQuizVerdict verdict;

      g_print ("  %s ", prompt);
      fflush (stdout);
      answer = read_answer ();
      if (answer == NULL)
        {
          g_print ("\n");
          return QUIZ_NO_ANSWERS;
        }
      if (echo)
        g_print ("%s\n", answer);
      if (g_str_equal (g_strstrip (answer), "?"))
        bs_quiz_reveal (quiz, &feedback);
      else
        {
          verdict = bs_quiz_answer (quiz, answer, &feedback);
          if (verdict == BS_QUIZ_UNREADABLE)
            {
              g_print ("  %s (? gives up and shows the answer)\n", feedback);
              continue;
            }
        }
      g_print ("  %s\n", feedback);
    }
  return QUIZ_DONE;
}

static int
quiz (BsCliOptions *cli,
      BsQuizAsk     ask)
{
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsQuiz) quiz = bs_quiz_new (ask);
  g_autofree char *text = NULL;
  gboolean echo = !isatty (STDIN_FILENO);
  QuizEnd end = QUIZ_DONE;
  guint64 n_steps, step;
  gsize length;
  int status;

  text = bs_cli_options_read_script (cli, &length);
  if (text == NULL)
    return 1;
  trace = bs_cli_options_record (cli, FALSE);
  if (trace == NULL)
    return 1;
  n_steps = bs_trace_get_n_steps (trace);
  for (step = 0; step < n_steps && end == QUIZ_DONE; step++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      const BsTraceSpan *span;
      g_autofree char *line = NULL;
      g_autofree char *where = NULL;

      bs_quiz_enter (quiz, trace, state);
      if (bs_quiz_get_prompt (quiz) == NULL)
        continue;
      span = bs_trace_state_get_span (state);
      line = span != NULL ? source_line (text, span->line) : NULL;
      g_print ("Step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT, step, n_steps - 1);
      if (line != NULL)
        g_print (", line %d: %s", span->line, line);
      where = through (trace, state);
      g_print ("%s%s\n", where != NULL ? ", " : "", where != NULL ? where : "");
      end = ask_step (quiz, echo);
    }

  if (bs_quiz_get_n_asked (quiz) == 0 && end == QUIZ_DONE)
    g_print ("Nothing to ask: no step of a backward pass has a question of those chosen.\n");
  if (end == QUIZ_NO_ANSWERS)
    g_print ("No more answers: the quiz stops at step %" G_GUINT64_FORMAT " of %"
             G_GUINT64_FORMAT ".\n", step - 1, n_steps - 1);
  g_print ("Score: %u of %u right.\n", bs_quiz_get_n_right (quiz), bs_quiz_get_n_asked (quiz));
  status = bs_cli_options_report_run (cli);
  if (status != 0)
    return status;
  return end == QUIZ_DONE && bs_quiz_get_n_right (quiz) == bs_quiz_get_n_asked (quiz) ? 0 : 1;
}

int
bs_cli_quiz (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *ask_text = NULL;
  g_autofree char *unknown = NULL;
  BsQuizAsk ask = BS_QUIZ_ASK_DEFAULT;
  BsCliOptions cli;
  int status;
  const GOptionEntry entries[] = {
    { "ask", 0, 0, G_OPTION_ARG_STRING, &ask_text,
      "What is asked, separated by commas: local (an edge's local gradient), upstream (the "
      "gradient arriving at its node), contribution (what flows along it), grad (a leaf's "
      ".grad after an accumulation), freed (whether a node frees its saved tensors), or all "
      "(default: local,contribution,grad)", "WHAT" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "quiz", TRUE);
  context = g_option_context_new ("FILE.py");
  g_option_context_set_summary (context,
    "Runs a Python script with a recorder attached, then quizzes its backward passes step\n"
    "by step, as the window's quiz mode (Ctrl+K) does: each question on standard output,\n"
    "each answer one line of standard input (answers can be piped in), then whether it\n"
    "was right, the numbers and the formula. The script's print() output is not shown.\n"
    "\n"
    "Answers: a number (2, -0.5, 1/3, 1e-3), right within 1%; None when no gradient\n"
    "flows; for a tensor, its shape first (2, 3 or [2, 3] or 2x3), then, when it has at\n"
    "most 6 elements, its values row by row (1, 2, 3, 4); yes or no. ? gives a question up\n"
    "(counted wrong) and shows its answer. An answer that is none of these is asked again.\n"
    "At the end of input the quiz stops. Last comes the score: \"Score: 3 of 5 right.\"\n"
    "\n"
    "Exit status: 0 when every question was answered right; 1 when an answer was wrong or\n"
    "given up, the answers ran out, or the script raised (its traceback on standard error,\n"
    "after the quiz of the steps before the error); 2 for a usage error.");
  g_option_context_add_main_entries (context, entries, NULL);
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0 && g_str_equal (cli.files[0], "-"))
    status = bs_cli_usage_error ("quiz", "the answers come from standard input: give the "
                                 "script as a file");
  if (status < 0 && ask_text != NULL && !parse_asks (ask_text, &ask, &unknown))
    status = bs_cli_usage_error ("quiz", "--ask: expected local, upstream, contribution, grad, "
                                 "freed or all, separated by commas, not '%s'", unknown);
  if (status < 0)
    status = quiz (&cli, ask);
  bs_cli_options_clear (&cli);
  return status;
}
