/* bs-np-mt19937.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-mt19937.h"

#define MT_N BS_NP_MT19937_N
#define MT_M 397

static guint32
mt_uint32 (BsNpBitGen *base)
{
  return bs_np_mt19937_next ((BsNpMt19937 *) base);
}

static guint64
mt_uint64 (BsNpBitGen *base)
{
  BsNpMt19937 *self = (BsNpMt19937 *) base;
  guint64 high = bs_np_mt19937_next (self);

  return (high << 32) | bs_np_mt19937_next (self);
}

static double
mt_double (BsNpBitGen *base)
{
  BsNpMt19937 *self = (BsNpMt19937 *) base;
  guint32 a = bs_np_mt19937_next (self) >> 5;
  guint32 b = bs_np_mt19937_next (self) >> 6;

  return (a * 67108864.0 + b) / 9007199254740992.0;
}

static void
set_functions (BsNpMt19937 *self)
{
  self->base.next_uint32 = mt_uint32;
  self->base.next_uint64 = mt_uint64;
  self->base.next_double = mt_double;
}

void
bs_np_mt19937_seed (BsNpMt19937 *self,
                    guint32      seed)
{
  g_return_if_fail (self != NULL);

  set_functions (self);
  self->key[0] = seed;
  for (guint i = 1; i < MT_N; i++)
    {
      guint32 prev = self->key[i - 1];

      self->key[i] = 1812433253u * (prev ^ (prev >> 30)) + i;
    }
  self->pos = MT_N;
}

void
bs_np_mt19937_seed_by_array (BsNpMt19937   *self,
                             const guint32 *words,
                             gsize          n_words)
{
  guint32 *mt = self->key;
  guint i = 1;
  gsize j = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (n_words > 0);

  bs_np_mt19937_seed (self, 19650218u);
  for (gsize k = MAX ((gsize) MT_N, n_words); k > 0; k--)
    {
      guint32 prev = mt[i - 1];

      mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525u)) + words[j] + (guint32) j;
      i++;
      j++;
      if (i >= MT_N)
        {
          mt[0] = mt[MT_N - 1];
          i = 1;
        }
      if (j >= n_words)
        j = 0;
    }
  for (guint k = MT_N - 1; k > 0; k--)
    {
      guint32 prev = mt[i - 1];

      mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941u)) - i;
      i++;
      if (i >= MT_N)
        {
          mt[0] = mt[MT_N - 1];
          i = 1;
        }
    }
  mt[0] = 0x80000000u;   /* a state of all zeros would never leave zero */
  self->pos = MT_N;
}

static void
regenerate (BsNpMt19937 *self)
{
  guint32 *mt = self->key;

  for (guint i = 0; i < MT_N; i++)
    {
      guint32 y = (mt[i] & 0x80000000u) | (mt[(i + 1) % MT_N] & 0x7fffffffu);
      guint32 twist = (y & 1) ? 0x9908b0dfu : 0;

      mt[i] = mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ twist;
    }
  self->pos = 0;
}

guint32
bs_np_mt19937_next (BsNpMt19937 *self)
{
  guint32 y;

  if (self->pos >= MT_N)
    regenerate (self);
  y = self->key[self->pos++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}
