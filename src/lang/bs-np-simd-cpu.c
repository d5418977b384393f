/* bs-np-simd-cpu.c: the processor's features as numpy 1.24's run-time dispatch sees them, less
 * those its environment variable NPY_DISABLE_CPU_FEATURES names (numpy's rules: names of
 * dispatched features only, case and all; a baseline feature is an error; any other name, or
 * one the processor lacks, a warning). Each feature is a flag of its own: turning AVX512F off
 * leaves AVX512_SKX on, and numpy then still takes its AVX512_SKX loops. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd.h"

#include <string.h>

#define HEAD "During parsing environment variable 'NPY_DISABLE_CPU_FEATURES':\n"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BASELINE "SSE SSE2 SSE3"
#define DISPATCH "SSSE3 SSE41 POPCNT SSE42 AVX F16C FMA3 AVX2 AVX512F AVX512CD AVX512_SKX " \
                 "AVX512_CLX AVX512_CNL AVX512_ICL"

/* Whether this processor has the dispatched feature called name (one of DISPATCH) */
static gboolean
has_feature (const char *name)
{
  gboolean skx, clx, cnl;

  __builtin_cpu_init ();
  skx = __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512cd")
        && __builtin_cpu_supports ("avx512bw") && __builtin_cpu_supports ("avx512dq")
        && __builtin_cpu_supports ("avx512vl");
  clx = skx && __builtin_cpu_supports ("avx512vnni");
  cnl = skx && __builtin_cpu_supports ("avx512ifma") && __builtin_cpu_supports ("avx512vbmi");
  if (strcmp (name, "SSSE3") == 0)
    return __builtin_cpu_supports ("ssse3");
  if (strcmp (name, "SSE41") == 0)
    return __builtin_cpu_supports ("sse4.1");
  if (strcmp (name, "POPCNT") == 0)
    return __builtin_cpu_supports ("popcnt");
  if (strcmp (name, "SSE42") == 0)
    return __builtin_cpu_supports ("sse4.2");
  if (strcmp (name, "AVX") == 0)
    return __builtin_cpu_supports ("avx");
  if (strcmp (name, "F16C") == 0)
    return __builtin_cpu_supports ("f16c");
  if (strcmp (name, "FMA3") == 0)
    return __builtin_cpu_supports ("fma");
  if (strcmp (name, "AVX2") == 0)
    return __builtin_cpu_supports ("avx2");
  if (strcmp (name, "AVX512F") == 0)
    return __builtin_cpu_supports ("avx512f");
  if (strcmp (name, "AVX512CD") == 0)
    return __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512cd");
  if (strcmp (name, "AVX512_SKX") == 0)
    return skx;
  if (strcmp (name, "AVX512_CLX") == 0)
    return clx;
  if (strcmp (name, "AVX512_CNL") == 0)
    return cnl;
  return clx && cnl && __builtin_cpu_supports ("avx512vbmi2")
         && __builtin_cpu_supports ("avx512bitalg") && __builtin_cpu_supports ("avx512vpopcntdq");
}
#else
#define BASELINE ""
#define DISPATCH ""

static gboolean
has_feature (G_GNUC_UNUSED const char *name)
{
  return FALSE;
}
#endif

/* Whether name is one of the feature names in the list names */
static gboolean
listed (const char *names,
        const char *name)
{
  g_auto(GStrv) each = g_strsplit (names, " ", -1);

  return *name != '\0' && g_strv_contains ((const char *const *) each, name);
}

BsNpCpu
bs_np_simd_cpu (void)
{
  BsNpCpu cpu;

  if (!bs_np_simd_cpu_disable (NULL, &cpu, NULL, NULL))
    g_assert_not_reached ();
  return cpu;
}

gboolean
bs_np_simd_cpu_disable (const char *disable,
                        BsNpCpu    *cpu,
                        GPtrArray  *warnings,
                        char      **error)
{
  static const char *const delimiters = ", \t\v\r\n\f";
  gboolean avx2 = has_feature ("AVX2"), fma3 = has_feature ("FMA3");
  gboolean avx512f = has_feature ("AVX512F"), skx = has_feature ("AVX512_SKX");
  g_autoptr(GString) unknown = g_string_new (NULL), lacking = g_string_new (NULL);
  g_autofree char *copy = NULL;

  if (disable != NULL && strlen (disable) + 1 > 1024)
    {
      if (error != NULL)
        *error = g_strdup_printf ("Length of environment variable 'NPY_DISABLE_CPU_FEATURES' is "
                                  "%d, only 1023 accepted", (int) strlen (disable) + 1);
      return FALSE;
    }
  copy = g_strdup (disable != NULL ? disable : "");
  for (char *at = copy, *name; (name = strtok_r (at, delimiters, &at)) != NULL;)
    {
      if (listed (BASELINE, name))
        {
          if (error != NULL)
            *error = g_strdup_printf (HEAD "You cannot disable CPU feature '%s', since it is part "
                                      "of the baseline optimizations:\n(" BASELINE ").", name);
          return FALSE;
        }
      if (!listed (DISPATCH, name))
        g_string_append_printf (unknown, "%s%s", unknown->len > 0 ? " " : "", name);
      else if (!has_feature (name))
        g_string_append_printf (lacking, "%s%s", lacking->len > 0 ? " " : "", name);
      avx2 = avx2 && strcmp (name, "AVX2") != 0;
      fma3 = fma3 && strcmp (name, "FMA3") != 0;
      avx512f = avx512f && strcmp (name, "AVX512F") != 0;
      skx = skx && strcmp (name, "AVX512_SKX") != 0;
    }
  if (unknown->len > 0 && warnings != NULL)
    g_ptr_array_add (warnings, g_strdup_printf (HEAD "You cannot disable CPU features (%s), since "
                                                "they are not part of the dispatched "
                                                "optimizations\n(" DISPATCH ").", unknown->str));
  if (lacking->len > 0 && warnings != NULL)
    g_ptr_array_add (warnings, g_strdup_printf (HEAD "You cannot disable CPU features (%s), since "
                                                "they are not supported by your machine.",
                                                lacking->str));
  *cpu = (avx2 && fma3 ? BS_NP_CPU_AVX2 : 0) | (avx512f ? BS_NP_CPU_AVX512F : 0)
         | (skx ? BS_NP_CPU_AVX512_SKX : 0);
  return TRUE;
}
