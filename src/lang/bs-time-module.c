/* bs-time-module.c: Python's time module */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

BUILTIN (time_perf_counter)
{
  *r = BS_FLOAT ((g_get_monotonic_time () - in->start_time_us) / 1e6);
  return TRUE;
}

BUILTIN (time_time)
{
  *r = BS_FLOAT (g_get_real_time () / 1e6);
  return TRUE;
}

void
bs_time_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "time");

  bs_module_add (in, m, "perf_counter", time_perf_counter);
  bs_module_add (in, m, "time", time_time);
  bs_module_add (in, m, "monotonic", time_perf_counter);
  bs_value_unref (m);
}
