/* bs-grad-check-trace.c: finite-difference checks in a trace */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-grad-check-trace.h"
#include "bs-tensor.h"
#include "bs-trace-private.h"

#include <string.h>

static guint32
add_doubles (BsTrace        *trace,
             const BsTensor *like,
             const double   *data,
             gint64          numel)
{
  BsTraceValue *value;

  if (data == NULL || like == NULL)
    return 0;
  value = bs_trace_value_new (BS_VALUE_FULL, BS_DTYPE_FLOAT64, like->ndim, like->shape,
                              (guint) numel);
  memcpy (value->data, data, numel * sizeof (double));
  return bs_value_store_add (bs_trace_get_values (trace), value);
}

void
bs_grad_check_trace_add (BsRecorder *recorder,
                         GPtrArray  *results)
{
  BsTrace *trace;

  g_return_if_fail (recorder != NULL && results != NULL);
  trace = bs_recorder_get_trace (recorder);
  for (guint i = 0; i < results->len; i++)
    {
      const BsGradCheckResult *result = results->pdata[i];
      BsTraceEvent event = { .type = BS_TRACE_EVENT_CHECK };

      event.backward = (guint32) result->backward_id;
      event.tensor = bs_recorder_lookup_tensor (recorder, result->leaf);
      event.values[0] = add_doubles (trace, result->leaf, result->autograd, result->numel);
      event.values[1] = add_doubles (trace, result->leaf, result->numeric, result->numel);
      event.text = result->note != NULL ? bs_trace_intern (trace, result->note) : 0;
      event.flags = result->mismatch ? BS_TRACE_FLAG_FAILED : 0;
      bs_trace_event_set_check_error (&event, result->relative_error);
      bs_trace_append (trace, &event);
    }
}

const BsTraceEvent *
bs_grad_check_trace_find (BsTrace *trace,
                          guint32  backward,
                          guint32  tensor)
{
  guint n;
  const guint64 *checks;

  g_return_val_if_fail (trace != NULL, NULL);
  checks = bs_trace_get_check_events (trace, &n);
  for (guint i = n; i > 0 && tensor != 0; i--)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, checks[i - 1]);

      if (event->backward == backward && event->tensor == tensor)
        return event;
      if (event->backward < backward)
        break;
    }
  return NULL;
}

const BsTraceEvent *
bs_grad_check_trace_at (const BsTraceState *state,
                        guint32             tensor)
{
  g_return_val_if_fail (state != NULL, NULL);
  if (state->last_backward == 0)
    return NULL;
  return bs_grad_check_trace_find (state->trace, state->last_backward, tensor);
}

char *
bs_grad_check_trace_describe (BsTrace            *trace,
                              const BsTraceEvent *check)
{
  const char *note;
  g_autofree char *numeric = NULL;
  g_autofree char *error = NULL;

  g_return_val_if_fail (trace != NULL && check != NULL, NULL);
  note = bs_trace_get_string (trace, check->text);
  if (check->values[1] == 0)
    return g_strdup_printf ("not checked: %s", note != NULL ? note : "");
  numeric = bs_trace_value_format (bs_trace_get_value (trace, check->values[1]));
  error = bs_trace_value_format_number (bs_trace_event_check_error (check));
  return g_strdup_printf ("numeric grad (central differences, eps 1e-6, float64):\n%s\n"
                          "relative error %s: %s", numeric, error,
                          (check->flags & BS_TRACE_FLAG_FAILED)
                          ? "MISMATCH: autograd's grad differs (gradcheck's test: "
                            "|grad − numeric| ≤ 1e-5 + 1e-3·|numeric|)"
                          : "ok, autograd agrees");
}
