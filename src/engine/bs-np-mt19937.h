/* bs-np-mt19937.h: the Mersenne Twister as numpy's legacy RandomState runs it
 *
 * np.random.seed(n) and RandomState(n) for an int n in [0, 2**32) fill the
 * state with Knuth's linear recurrence from n (MT's init_genrand), and for a
 * sequence of such ints with MT's init_by_array over the words. A 64-bit draw
 * is two 32-bit draws, the first the high half; a double is numpy's 53-bit
 * one: (a >> 5) * 2**26 + (b >> 6), divided by 2**53.
 */
#pragma once

#include "bs-np-bitgen.h"

G_BEGIN_DECLS

#define BS_NP_MT19937_N 624

typedef struct {
  BsNpBitGen base;
  guint32    key[BS_NP_MT19937_N];
  guint      pos;   /* next word to temper; BS_NP_MT19937_N: regenerate first */
} BsNpMt19937;

void    bs_np_mt19937_seed          (BsNpMt19937   *self,
                                     guint32        seed);
void    bs_np_mt19937_seed_by_array (BsNpMt19937   *self,
                                     const guint32 *words,
                                     gsize          n_words);
guint32 bs_np_mt19937_next          (BsNpMt19937   *self);

G_END_DECLS
