/* bs-stepper.c: the stepping controller */
#define G_LOG_DOMAIN "bs-app"

#include "bs-stepper.h"
#include "bs-trace-nav.h"

struct _BsStepper {
  GObject  parent_instance;

  /* Owned */
  BsTrace *trace;
  guint64  step;
  guint    play_id;
};

G_DEFINE_FINAL_TYPE (BsStepper, bs_stepper, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PLAYING,
  N_PROPS
};

enum {
  STEP_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
stop_playing (BsStepper *self)
{
  if (self->play_id == 0)
    return;
  g_clear_handle_id (&self->play_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
bs_stepper_set_trace (BsStepper *self,
                      BsTrace   *trace,
                      guint64    step)
{
  g_return_if_fail (BS_IS_STEPPER (self));

  stop_playing (self);
  if (trace != NULL)
    bs_trace_ref (trace);
  g_clear_pointer (&self->trace, bs_trace_unref);
  self->trace = trace;
  self->step = 0;
  bs_stepper_go (self, step);
}

BsTrace *
bs_stepper_get_trace (BsStepper *self)
{
  g_return_val_if_fail (BS_IS_STEPPER (self), NULL);

  return self->trace;
}

guint64
bs_stepper_get_step (BsStepper *self)
{
  g_return_val_if_fail (BS_IS_STEPPER (self), 0);

  return self->step;
}

guint64
bs_stepper_get_n_steps (BsStepper *self)
{
  g_return_val_if_fail (BS_IS_STEPPER (self), 0);

  return self->trace != NULL ? bs_trace_get_n_steps (self->trace) : 0;
}

void
bs_stepper_go (BsStepper *self,
               guint64    step)
{
  guint64 n_steps, previous;

  g_return_if_fail (BS_IS_STEPPER (self));

  n_steps = bs_stepper_get_n_steps (self);
  previous = self->step;
  self->step = n_steps > 0 ? MIN (step, n_steps - 1) : 0;
  g_signal_emit (self, signals[STEP_CHANGED], 0, previous);
}

static gboolean
is_statement_step (BsStepper *self,
                   guint64    step)
{
  gint64 index = bs_trace_get_step_event (self->trace, step);

  return index >= 0
    && bs_trace_get_event (self->trace, index)->type == BS_TRACE_EVENT_STATEMENT;
}

/* The next or previous step that begins a statement, or an end. */
static guint64
statement_step (BsStepper *self,
                int        direction)
{
  gint64 total = (gint64) bs_stepper_get_n_steps (self);
  gint64 step = (gint64) self->step;

  for (step += direction; step > 0 && step < total - 1; step += direction)
    if (is_statement_step (self, (guint64) step))
      break;
  return (guint64) CLAMP (step, 0, total - 1);
}

void
bs_stepper_move (BsStepper  *self,
                 BsStepMove  move,
                 int         direction)
{
  guint64 step;

  g_return_if_fail (BS_IS_STEPPER (self));
  g_return_if_fail (direction == 1 || direction == -1);

  if (bs_stepper_get_n_steps (self) == 0)
    return;
  switch (move)
    {
    case BS_STEP_MOVE_STEP:
      step = direction < 0 ? (self->step > 0 ? self->step - 1 : 0) : self->step + 1;
      break;
    case BS_STEP_MOVE_STATEMENT:
      step = statement_step (self, direction);
      break;
    case BS_STEP_MOVE_ITERATION:
      step = bs_trace_nav_iteration (self->trace, self->step, direction);
      break;
    case BS_STEP_MOVE_BACKWARD:
      step = bs_trace_nav_event (self->trace, self->step, BS_TRACE_EVENT_BACKWARD_BEGIN,
                                 direction);
      break;
    case BS_STEP_MOVE_OPTIMIZER:
      step = bs_trace_nav_event (self->trace, self->step, BS_TRACE_EVENT_OPTIMIZER_STEP,
                                 direction);
      break;
    case BS_STEP_MOVE_END:
    default:
      step = direction < 0 ? 0 : G_MAXUINT64;
      break;
    }
  bs_stepper_go (self, step);
}

static gboolean
play_tick (gpointer user_data)
{
  BsStepper *self = user_data;

  if (self->step + 1 >= bs_stepper_get_n_steps (self))
    {
      self->play_id = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
      return G_SOURCE_REMOVE;
    }
  bs_stepper_go (self, self->step + 1);
  return G_SOURCE_CONTINUE;
}

void
bs_stepper_play (BsStepper *self,
                 guint      interval_ms)
{
  g_return_if_fail (BS_IS_STEPPER (self));

  g_clear_handle_id (&self->play_id, g_source_remove);
  if (self->step + 1 >= bs_stepper_get_n_steps (self))
    bs_stepper_go (self, 0);
  self->play_id = g_timeout_add (interval_ms, play_tick, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
bs_stepper_pause (BsStepper *self)
{
  g_return_if_fail (BS_IS_STEPPER (self));

  stop_playing (self);
}

gboolean
bs_stepper_is_playing (BsStepper *self)
{
  g_return_val_if_fail (BS_IS_STEPPER (self), FALSE);

  return self->play_id != 0;
}

static void
bs_stepper_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BsStepper *self = BS_STEPPER (object);

  switch (prop_id)
    {
    case PROP_PLAYING:
      g_value_set_boolean (value, bs_stepper_is_playing (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_stepper_dispose (GObject *object)
{
  BsStepper *self = BS_STEPPER (object);

  g_clear_handle_id (&self->play_id, g_source_remove);
  G_OBJECT_CLASS (bs_stepper_parent_class)->dispose (object);
}

static void
bs_stepper_finalize (GObject *object)
{
  BsStepper *self = BS_STEPPER (object);

  g_clear_pointer (&self->trace, bs_trace_unref);
  G_OBJECT_CLASS (bs_stepper_parent_class)->finalize (object);
}

static void
bs_stepper_class_init (BsStepperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bs_stepper_get_property;
  object_class->dispose = bs_stepper_dispose;
  object_class->finalize = bs_stepper_finalize;

  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STEP_CHANGED] = g_signal_new ("step-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
bs_stepper_init (BsStepper *self)
{
}

BsStepper *
bs_stepper_new (void)
{
  return g_object_new (BS_TYPE_STEPPER, NULL);
}
