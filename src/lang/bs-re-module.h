/* bs-re-module.h: _backstep_re, the C half of Python's re module (py/re.py) */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

extern const struct _BsSignatureTable bs_re_table;
void     bs_re_module_init (BsInterp *in);

G_END_DECLS
