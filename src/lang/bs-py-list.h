/* bs-py-list.h: list: its methods and sorting */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A bound method of list; FALSE when list has no such attribute. */
gboolean    bs_py_list_getattr    (BsInterp *in, BsValue self, const char *name, BsValue *out);
/* Sorts list in place (stable), by key(item) when key is not None. */
gboolean    bs_list_sort          (BsInterp *in, BsValue list, BsValue key, gboolean reverse);
/* index() and count() of a list or tuple */
gboolean    bs_py_list_index      (BsInterp *in, BsCall *call, BsValue *r);
gboolean    bs_py_list_count      (BsInterp *in, BsCall *call, BsValue *r);
/* list's methods */
extern const BsSignatureTable bs_py_list_table;

G_END_DECLS
