/* bs-np-bitgen.h: what numpy's distributions ask of a bit generator
 *
 * numpy draws every distribution from three primitives of its bit generator:
 * a 32-bit word, a 64-bit word and a double in [0, 1). Which primitive a
 * distribution uses decides which numbers follow, so BsNpMt19937 and BsNpPcg64
 * each implement the three as numpy does for that generator, and the functions
 * of bs-np-distributions.h take any of them through this struct (the first
 * member of both).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsNpBitGen BsNpBitGen;

struct _BsNpBitGen {
  guint32 (*next_uint32) (BsNpBitGen *self);
  guint64 (*next_uint64) (BsNpBitGen *self);
  double  (*next_double) (BsNpBitGen *self);
};

static inline guint32
bs_np_bitgen_uint32 (BsNpBitGen *self)
{
  return self->next_uint32 (self);
}

static inline guint64
bs_np_bitgen_uint64 (BsNpBitGen *self)
{
  return self->next_uint64 (self);
}

static inline double
bs_np_bitgen_double (BsNpBitGen *self)
{
  return self->next_double (self);
}

G_END_DECLS
