/* bs-ops-linalg.c: being written */
#define G_LOG_DOMAIN "bs-engine"
#include "bs-op-private.h"
