/* bs-np-errstate.h: numpy's floating-point error state (np.seterr), kept per interpreter */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_NP_ERR_IGNORE,
  BS_NP_ERR_WARN,
  BS_NP_ERR_RAISE,
  BS_NP_ERR_CALL,
  BS_NP_ERR_PRINT,
  BS_NP_ERR_LOG,
} BsNpErrMode;

/* numpy's order */
typedef enum {
  BS_NP_ERR_KIND_DIVIDE,
  BS_NP_ERR_KIND_OVER,
  BS_NP_ERR_KIND_UNDER,
  BS_NP_ERR_KIND_INVALID,
  BS_NP_N_ERR_KINDS
} BsNpErrKind;

typedef struct {
  BsNpErrMode modes[BS_NP_N_ERR_KINDS];
} BsNpErrState;

/* numpy's default: warn, but ignore underflow */
void bs_np_errstate_init (BsNpErrState *state);

G_END_DECLS
