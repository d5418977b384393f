/* bs-np-seed-sequence.h: numpy's SeedSequence, which turns a seed into state
 *
 * default_rng(seed) does not use the seed's bits directly: SeedSequence hashes
 * the seed's 32-bit words (lowest first; 0 is one word) into a pool of four
 * words, mixing every word into every other, and generate_state() hashes the
 * pool, cycled, into as many words as the bit generator needs. Only the
 * entropy of a seed is kept here: no spawn keys (numpy's spawn() is not
 * provided).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_NP_SEED_SEQUENCE_POOL 4

typedef struct {
  guint32 pool[BS_NP_SEED_SEQUENCE_POOL];
} BsNpSeedSequence;

/* The words of a non-negative integer, lowest first; 0 gives one word. */
guint   bs_np_seed_sequence_words          (guint64                 value,
                                            guint32                 words[2]);
void    bs_np_seed_sequence_init           (BsNpSeedSequence       *self,
                                            const guint32          *entropy,
                                            gsize                   n_entropy);
void    bs_np_seed_sequence_generate_state (const BsNpSeedSequence *self,
                                            guint32                *out,
                                            gsize                   n_words);
/* generate_state(n_words, np.uint64): pairs of words, the first the low half. */
void    bs_np_seed_sequence_generate_state64 (const BsNpSeedSequence *self,
                                              guint64                *out,
                                              gsize                   n_words);

G_END_DECLS
