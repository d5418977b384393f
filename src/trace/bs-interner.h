/* bs-interner.h: strings and small records a trace holds once however often they recur
 *
 * A loop records the same shapes, source spans and names over and over: each is kept
 * once, in blocks that never move (a pointer or id stays valid until the interner is
 * freed), without a malloc header per copy nor a doubled array when growing.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsInterner BsInterner;

BsInterner    *bs_interner_new            (void);
void           bs_interner_free           (BsInterner    *self);
/* The interner's copy of size bytes (at most BS_INTERNER_MAX_BLOB), 8-byte aligned. */
#define BS_INTERNER_MAX_BLOB 1024
gconstpointer  bs_interner_blob           (BsInterner    *self,
                                           gconstpointer  data,
                                           gsize          size);
/* Strings have ids from 1 in the order first seen; NULL is 0. */
guint32        bs_interner_string         (BsInterner    *self,
                                           const char    *string);
const char    *bs_interner_get_string     (BsInterner    *self,
                                           guint32        id);      /* NULL for 0 */
/* Bytes allocated. */
gsize          bs_interner_get_bytes      (BsInterner    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsInterner, bs_interner_free)

G_END_DECLS
