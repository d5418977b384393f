/* bs-np-pcg64.h: numpy's PCG64, the bit generator behind np.random.default_rng
 *
 * A 128-bit linear congruential generator whose 64-bit output is the XOR of
 * the state's halves rotated right by the state's top six bits (XSL-RR). It is
 * seeded from four 64-bit words of a SeedSequence: the first two the initial
 * state, the last two the stream (the increment is twice the stream plus one).
 * A 32-bit draw takes the low half of a 64-bit draw and keeps the high half
 * for the next 32-bit draw; a double is the top 53 bits of a 64-bit draw.
 */
#pragma once

#include "bs-np-bitgen.h"

G_BEGIN_DECLS

__extension__ typedef unsigned __int128 BsNpUint128;

typedef struct {
  BsNpBitGen  base;
  BsNpUint128 state;
  BsNpUint128 inc;
  gboolean    has_uint32;
  guint32     uinteger;
} BsNpPcg64;

/* seed: {state high, state low, stream high, stream low} */
void    bs_np_pcg64_seed (BsNpPcg64     *self,
                          const guint64  seed[4]);
guint64 bs_np_pcg64_next (BsNpPcg64     *self);

G_END_DECLS
