/* bs-time-module.c: Python's time module */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <time.h>

DECLARED (time_perf_counter)
{
  *r = BS_FLOAT ((g_get_monotonic_time () - in->start_time_us) / 1e6);
  return TRUE;
}

/* The CPU time of the process, as CPython's */
DECLARED (time_process_time)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  *r = BS_FLOAT (ts.tv_sec + ts.tv_nsec / 1e9);
  return TRUE;
}

DECLARED (time_time)
{
  *r = BS_FLOAT (g_get_real_time () / 1e6);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "time", BS_SIG_BUILTIN, "time.perf_counter()", time_perf_counter },
  { "time", BS_SIG_BUILTIN, "time.time()", time_time },
  { "time", BS_SIG_BUILTIN, "time.monotonic()", time_perf_counter },
  { "time", BS_SIG_BUILTIN, "time.process_time()", time_process_time },
};

const BsSignatureTable bs_time_table = BS_SIGNATURE_TABLE (rows);

void
bs_time_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "time");

  bs_module_add_declared (in, m, "time", BS_NONE);
  bs_value_unref (m);
}
