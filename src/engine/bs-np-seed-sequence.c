/* bs-np-seed-sequence.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-seed-sequence.h"

#define POOL BS_NP_SEED_SEQUENCE_POOL

/* numpy's constants for the entropy hash (A), the output hash (B) and the mix */
#define HASH_INIT_A 0x43b0d7e5u
#define HASH_MULT_A 0x931e8875u
#define HASH_INIT_B 0x8b51f9ddu
#define HASH_MULT_B 0x58f38dedu
#define MIX_LEFT    0xca01f9ddu
#define MIX_RIGHT   0x4973f715u

/* The hash's multiplier advances with every word hashed: it is carried along. */
static guint32
hash_word (guint32  value,
           guint32 *multiplier)
{
  value ^= *multiplier;
  *multiplier *= HASH_MULT_A;
  value *= *multiplier;
  return value ^ (value >> 16);
}

static guint32
mix (guint32 x,
     guint32 y)
{
  guint32 result = MIX_LEFT * x - MIX_RIGHT * y;

  return result ^ (result >> 16);
}

guint
bs_np_seed_sequence_words (guint64 value,
                           guint32 words[2])
{
  words[0] = (guint32) value;
  words[1] = (guint32) (value >> 32);
  return words[1] != 0 ? 2 : 1;
}

void
bs_np_seed_sequence_init (BsNpSeedSequence *self,
                          const guint32    *entropy,
                          gsize             n_entropy)
{
  guint32 multiplier = HASH_INIT_A;
  guint32 *pool = self->pool;

  g_return_if_fail (self != NULL);

  for (guint i = 0; i < POOL; i++)
    pool[i] = hash_word (i < n_entropy ? entropy[i] : 0, &multiplier);
  for (guint src = 0; src < POOL; src++)
    for (guint dst = 0; dst < POOL; dst++)
      if (src != dst)
        pool[dst] = mix (pool[dst], hash_word (pool[src], &multiplier));
  for (gsize src = POOL; src < n_entropy; src++)
    for (guint dst = 0; dst < POOL; dst++)
      pool[dst] = mix (pool[dst], hash_word (entropy[src], &multiplier));
}

void
bs_np_seed_sequence_generate_state (const BsNpSeedSequence *self,
                                    guint32                *out,
                                    gsize                   n_words)
{
  guint32 multiplier = HASH_INIT_B;

  g_return_if_fail (self != NULL);

  for (gsize i = 0; i < n_words; i++)
    {
      guint32 word = self->pool[i % POOL] ^ multiplier;

      multiplier *= HASH_MULT_B;
      word *= multiplier;
      out[i] = word ^ (word >> 16);
    }
}

void
bs_np_seed_sequence_generate_state64 (const BsNpSeedSequence *self,
                                      guint64                *out,
                                      gsize                   n_words)
{
  g_autofree guint32 *words = g_new (guint32, 2 * n_words);

  bs_np_seed_sequence_generate_state (self, words, 2 * n_words);
  for (gsize i = 0; i < n_words; i++)
    out[i] = words[2 * i] | ((guint64) words[2 * i + 1] << 32);
}
