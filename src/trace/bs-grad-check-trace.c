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
                          guint32  tensor,
                          guint64  before)
{
  guint64 n;

  g_return_val_if_fail (trace != NULL, NULL);
  n = MIN (bs_trace_get_n_events (trace), before == G_MAXUINT64 ? G_MAXUINT64 : before + 1);
  for (guint64 i = n; i > 0; i--)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i - 1);

      if (event->type == BS_TRACE_EVENT_CHECK && event->tensor == tensor && tensor != 0)
        return event;
    }
  return NULL;
}
