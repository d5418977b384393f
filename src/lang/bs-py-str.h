/* bs-py-str.h: str: repr, % and format(), and the methods (bs-py-str-methods.c) */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* Appends repr() of the len bytes at s: quoted, escaped as CPython does. */
void        bs_py_str_repr        (const char *s, gsize len, GString *out);
/* fmt % args */
gboolean    bs_py_str_percent     (BsInterp *in, const char *fmt, BsValue args, BsValue *out);
/* format(v, spec) for a str v */
gboolean    bs_py_str_format_spec (BsInterp *in, BsValue v, const char *spec, GString *out);
/* A bound method of str; FALSE when str has no such attribute. */
gboolean    bs_py_str_getattr     (BsInterp *in, BsValue self, const char *name, BsValue *out);

/* str's methods */
extern const BsSignatureTable bs_py_str_table;

G_END_DECLS
