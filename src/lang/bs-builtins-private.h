/* bs-builtins-private.h: what the built-in functions and the standard modules share */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A built-in function's definition: BUILTIN (math_sqrt) { ... } */
#define BUILTIN(name) \
  static gboolean name (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)

/* A function declared in a signature table row (bs-signature.h) */
#define DECLARED(name) \
  static gboolean name (BsInterp *in, BsCall *call, BsValue *r)

/* TypeError unless a has no keyword arguments, or exactly n positional ones. */
gboolean    bs_no_kwargs          (BsInterp *in, const BsArgs *a, const char *fname);
gboolean    bs_exact_args         (BsInterp *in, const BsArgs *a, const char *fname, guint n);

/* Python's built-in functions */
extern const BsSignatureTable bs_builtins_table;

/* The modules, registered in in->modules */
void        bs_math_module_init   (BsInterp *in);
void        bs_random_module_init (BsInterp *in);
void        bs_time_module_init   (BsInterp *in);
void        bs_sys_module_init    (BsInterp *in);
void        bs_backstep_module_init (BsInterp *in);

/* A module written in Python (src/lang/py), run at its first import: *found FALSE when
 * there is none of that name. */
gboolean    bs_module_load_python (BsInterp *in, const char *name, BsValue *out,
                                   gboolean *found);

G_END_DECLS
