/* bs-np-pcg64.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-pcg64.h"

#define MULTIPLIER (((BsNpUint128) 2549297995355413924ull << 64) | 4865540595714422341ull)

static inline void
step (BsNpPcg64 *self)
{
  self->state = self->state * MULTIPLIER + self->inc;
}

guint64
bs_np_pcg64_next (BsNpPcg64 *self)
{
  guint64 high, low;
  guint rot;

  step (self);
  high = (guint64) (self->state >> 64);
  low = (guint64) self->state;
  rot = (guint) (high >> 58);
  low ^= high;
  return (low >> rot) | (low << ((64 - rot) & 63));
}

static guint32
pcg_uint32 (BsNpBitGen *base)
{
  BsNpPcg64 *self = (BsNpPcg64 *) base;
  guint64 next;

  if (self->has_uint32)
    {
      self->has_uint32 = FALSE;
      return self->uinteger;
    }
  next = bs_np_pcg64_next (self);
  self->has_uint32 = TRUE;
  self->uinteger = (guint32) (next >> 32);
  return (guint32) next;
}

static guint64
pcg_uint64 (BsNpBitGen *base)
{
  return bs_np_pcg64_next ((BsNpPcg64 *) base);
}

static double
pcg_double (BsNpBitGen *base)
{
  return (bs_np_pcg64_next ((BsNpPcg64 *) base) >> 11) * (1.0 / 9007199254740992.0);
}

void
bs_np_pcg64_seed (BsNpPcg64     *self,
                  const guint64  seed[4])
{
  BsNpUint128 initstate = ((BsNpUint128) seed[0] << 64) | seed[1];
  BsNpUint128 stream = ((BsNpUint128) seed[2] << 64) | seed[3];

  g_return_if_fail (self != NULL);

  self->base.next_uint32 = pcg_uint32;
  self->base.next_uint64 = pcg_uint64;
  self->base.next_double = pcg_double;
  self->state = 0;
  self->inc = (stream << 1) | 1;
  step (self);
  self->state += initstate;
  step (self);
  self->has_uint32 = FALSE;
  self->uinteger = 0;
}
