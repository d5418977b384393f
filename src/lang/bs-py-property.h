/* bs-py-property.h: property, the data descriptor of @property */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

gboolean    bs_property_is        (BsValue v);
/* Its getter (borrowed), or None */
BsValue     bs_property_fget      (BsValue prop);
/* The name a class body bound it to (CPython's __set_name__); kept when already set. */
void        bs_property_set_name  (BsValue prop, const char *name);
/* obj.name where name is the property prop of obj's class */
gboolean    bs_property_get       (BsInterp *in, BsValue prop, BsValue obj, BsValue *out);
gboolean    bs_property_set       (BsInterp *in, BsValue prop, BsValue obj, BsValue value);
gboolean    bs_property_delete    (BsInterp *in, BsValue prop, BsValue obj);

extern const BsSignatureTable bs_py_property_table;

G_END_DECLS
