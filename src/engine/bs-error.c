/* bs-error.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-error.h"

G_DEFINE_QUARK (bs-engine-error-quark, bs_engine_error)
