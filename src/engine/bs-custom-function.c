/* bs-custom-function.c */
#define G_LOG_DOMAIN "bs-engine"
#include "bs-op-private.h"
