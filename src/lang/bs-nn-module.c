/* bs-nn-module.c: torch.nn's modules, written in Python (py/nn.py) and compiled in */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include "bs-lang-py-resources.h"

/* The files of the prelude, run in this order in one set of globals */
static const char *const prelude_files[] = {
  "/org/backstep/lang/prelude/nn.py",
  "/org/backstep/lang/prelude/nn-rnn.py",
  "/org/backstep/lang/prelude/nn-conv.py",
  "/org/backstep/lang/prelude/optim.py",
  "/org/backstep/lang/prelude/nn-activation.py",
};

GBytes *
bs_nn_prelude (guint i)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes;

  if (i >= G_N_ELEMENTS (prelude_files))
    return NULL;
  bytes = g_resource_lookup_data (bs_lang_py_get_resource (), prelude_files[i],
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  /* compiled in: it cannot be missing */
  g_assert_no_error (error);
  return bytes;
}
