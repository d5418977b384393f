/* bench-replay.c: seeking in a recorded trace of 100,000 events
 *
 * Records a synthetic run (statements, scalar ops, a backward per iteration,
 * zeroed grads) until the trace holds at least 100,000 events, then seeks to
 * random steps. Prints the first seek (which builds the checkpoints) and the
 * median and worst of the others; the last line is "median_seek_s SECONDS".
 * Usage: bench-replay [N_EVENTS] [N_SEEKS]
 */
#define G_LOG_DOMAIN "bs-bench"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bs-backward.h"
#include "bs-context.h"
#include "bs-ops.h"
#include "bs-recorder.h"
#include "bs-replay.h"
#include "bs-tensor.h"

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int   argc,
      char *argv[])
{
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 100000;
  guint n_seeks = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 2000;
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(BsRecorder) recorder = bs_recorder_new ();
  g_autoptr(BsTensor) w = bs_tensor_new_scalar (context, BS_DTYPE_FLOAT32, 0.5);
  g_autofree double *times = g_new (double, MAX (n_seeks, 1));
  GRand *rand = g_rand_new_with_seed (42);
  BsTrace *trace;
  guint64 n_steps, sink = 0;
  double start, first;
  int line = 0;

  bs_context_set_sink (context, bs_recorder_get_sink (), recorder);
  w->requires_grad = TRUE;
  bs_tensor_announce_leaf (w);
  bs_recorder_bind_name (recorder, w, "w");
  trace = bs_recorder_get_trace (recorder);
  while (bs_trace_get_n_events (trace) < n_events)
    {
      g_autoptr(BsTensor) a = NULL, b = NULL, c = NULL, d = NULL;

      line++;
      bs_recorder_statement (recorder, line, 1, line, 20);
      a = bs_mul (w, w, NULL);
      b = bs_sin (a, NULL);
      c = bs_mul_scalar (b, 3, NULL);
      d = bs_add (c, w, 1, NULL);
      bs_recorder_bind_name (recorder, d, "d");
      line++;
      bs_recorder_statement (recorder, line, 1, line, 20);
      bs_tensor_backward (d, NULL, FALSE, FALSE, NULL);
      line++;
      bs_recorder_statement (recorder, line, 1, line, 20);
      bs_tensor_zero_grad (w, FALSE);
    }
  n_steps = bs_trace_get_n_steps (trace);

  start = now ();
  {
    g_autoptr(BsTraceState) state = bs_replay_state_at (trace, n_steps - 1);

    sink += state->n_tensors;
  }
  first = now () - start;

  for (guint i = 0; i < n_seeks; i++)
    {
      guint64 step = (guint64) g_rand_double_range (rand, 0, (double) n_steps);
      BsTraceState *state;

      start = now ();
      state = bs_replay_state_at (trace, step);
      times[i] = now () - start;
      sink += state->n_events;
      bs_trace_state_free (state);
    }
  qsort (times, n_seeks, sizeof (double), compare_doubles);

  printf ("events %" G_GUINT64_FORMAT " steps %" G_GUINT64_FORMAT " tensors %u nodes %u "
          "(checksum %" G_GUINT64_FORMAT ")\n",
          bs_trace_get_n_events (trace), n_steps, bs_trace_get_n_tensors (trace),
          bs_trace_get_n_nodes (trace), sink);
  printf ("first_seek_s %.6f (builds the checkpoints)\n", first);
  printf ("max_seek_s %.6f\n", n_seeks > 0 ? times[n_seeks - 1] : 0.0);
  printf ("median_seek_s %.6f\n", n_seeks > 0 ? times[n_seeks / 2] : 0.0);
  g_rand_free (rand);
  g_clear_pointer (&w, bs_tensor_unref);
  return 0;
}
