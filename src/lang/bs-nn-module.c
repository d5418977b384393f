/* bs-nn-module.c: torch.nn's modules, written in Python (py/nn.py) and compiled in */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include "bs-lang-py-resources.h"

GBytes *
bs_nn_prelude (void)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = g_resource_lookup_data (bs_lang_py_get_resource (),
                                          "/org/backstep/lang/prelude/nn.py",
                                          G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

  /* compiled in: it cannot be missing */
  g_assert_no_error (error);
  return bytes;
}
