/* bs-builtins-private.h: what the built-in functions and the standard modules share */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A function declared in a signature table row (bs-signature.h) */
#define DECLARED(name) \
  static gboolean name (BsInterp *in, BsCall *call, BsValue *r)

/* Python's built-in functions, and the modules' functions */
extern const BsSignatureTable bs_builtins_table;
extern const BsSignatureTable bs_math_table;
extern const BsSignatureTable bs_random_table;
extern const BsSignatureTable bs_time_table;
extern const BsSignatureTable bs_sys_table;
extern const BsSignatureTable bs_backstep_table;
extern const BsSignatureTable bs_py_slice_table;
extern const BsSignatureTable bs_py_class_table;
extern const BsSignatureTable bs_py_frame_table;

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
/* parent.attr as a Python-written submodule loaded now; *found FALSE when there is none */
gboolean    bs_module_load_submodule (BsInterp *in, BsValue parent, const char *attr,
                                      BsValue *out, gboolean *found);

G_END_DECLS
