/* bs-stepper.h: the stepping controller
 *
 * Which step of a recorded run the window shows, and every way to move: one step,
 * one statement, one loop iteration, one backward call, one optimiser step, the ends,
 * and playing the steps one after another. Moving never re-runs anything: the window
 * shows (trace, step). "step-changed" is emitted on every move, also to the same step
 * (the window then shows it again), with the step shown before.
 */
#pragma once

#include <glib-object.h>

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TYPE_STEPPER (bs_stepper_get_type ())

G_DECLARE_FINAL_TYPE (BsStepper, bs_stepper, BS, STEPPER, GObject)

typedef enum {
  BS_STEP_MOVE_STEP,
  BS_STEP_MOVE_STATEMENT,
  BS_STEP_MOVE_ITERATION,
  BS_STEP_MOVE_BACKWARD,
  BS_STEP_MOVE_OPTIMIZER,
  BS_STEP_MOVE_END,          /* direction -1: the first step, 1: the last */
} BsStepMove;

BsStepper *bs_stepper_new          (void);

/* A new run (or NULL), shown at step; stops playing. */
void       bs_stepper_set_trace    (BsStepper  *self,
                                    BsTrace    *trace,
                                    guint64     step);
BsTrace   *bs_stepper_get_trace    (BsStepper  *self);
guint64    bs_stepper_get_step     (BsStepper  *self);
/* 0 without a trace. */
guint64    bs_stepper_get_n_steps  (BsStepper  *self);

/* Goes to step (the last one when past it). */
void       bs_stepper_go           (BsStepper  *self,
                                    guint64     step);
/* Goes forward (direction 1) or back (-1) by one move of that kind. */
void       bs_stepper_move         (BsStepper  *self,
                                    BsStepMove  move,
                                    int         direction);

/* Plays from the current step (from the first when at the last), one step every
 * interval_ms, until the last step or bs_stepper_pause(). */
void       bs_stepper_play         (BsStepper  *self,
                                    guint       interval_ms);
void       bs_stepper_pause        (BsStepper  *self);
gboolean   bs_stepper_is_playing   (BsStepper  *self);

G_END_DECLS
