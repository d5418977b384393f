/* bs-quiz-panel.h: the quiz bar under the graph
 *
 * In quiz mode (BsQuiz) the window asks before it shows: the bar holds the open
 * question, an entry for the answer, "None" (no gradient flows) or yes / no, a button
 * that gives up, what was right or wrong with the tolerance and the revealed numbers,
 * the running score, and a menu where the teacher chooses what is asked.
 * The panel's action "quiz" (boolean state, for the window's action map) turns the mode
 * on and off, showing or hiding the panel; a new quiz starts each time.
 * "revealed" is emitted after each answer (the step's last one reveals it), and when the
 * mode is turned on or off: the window then shows its step again.
 */
#pragma once

#include <gtk/gtk.h>

#include "bs-quiz.h"

G_BEGIN_DECLS

#define BS_TYPE_QUIZ_PANEL (bs_quiz_panel_get_type ())

G_DECLARE_FINAL_TYPE (BsQuizPanel, bs_quiz_panel, BS, QUIZ_PANEL, GtkBox)

GtkWidget  *bs_quiz_panel_new     (void);

/* "quiz", stateful boolean (Borrowed). */
GAction    *bs_quiz_panel_get_action (BsQuizPanel     *self);
/* Ctrl+K toggling win.quiz, for the window (it works in the editor too). */
GtkEventController *bs_quiz_panel_shortcut (void);

/* The window shows state's step: opens its questions (see bs_quiz_enter()). Out of quiz
 * mode, BS_QUIZ_SHOW_STEP. */
BsQuizShow  bs_quiz_panel_enter   (BsQuizPanel        *self,
                                   BsTrace            *trace,
                                   const BsTraceState *state);
/* How the step entered last is shown now. */
BsQuizShow  bs_quiz_panel_get_show (BsQuizPanel       *self);
/* The open question, or NULL. */
const char *bs_quiz_panel_get_prompt (BsQuizPanel     *self);
/* What the bar says, one line each: the question, the score, the last answer's verdict. */
char       *bs_quiz_panel_get_text (BsQuizPanel       *self);
/* A new run or a new quiz: the score starts again. */
void        bs_quiz_panel_reset   (BsQuizPanel        *self);

G_END_DECLS
