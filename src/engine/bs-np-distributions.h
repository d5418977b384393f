/* bs-np-distributions.h: numpy 1.24's distributions over a bit generator
 *
 * Each function consumes the draws numpy's does, in numpy's order, so a
 * sequence of calls gives numpy's numbers for the same seed. Two families:
 *  - the legacy ones of RandomState (np.random.seed, np.random.randn, ...):
 *    normals by the polar Box-Muller method, which makes two at a time and
 *    keeps the second in a BsNpGaussCache; integers by masked rejection
 *    (randint);
 *  - those of Generator (default_rng): normals by the ziggurat, integers by
 *    Lemire's multiply-and-reject.
 * Both use bs_np_standard_uniform() and bs_np_interval() (shuffle).
 */
#pragma once

#include "bs-np-bitgen.h"

G_BEGIN_DECLS

typedef struct {
  gboolean has_value;
  double   value;
} BsNpGaussCache;

/* A double in [0, 1) */
double  bs_np_standard_uniform  (BsNpBitGen     *bitgen);
/* Generator.standard_normal(): the ziggurat */
double  bs_np_standard_normal   (BsNpBitGen     *bitgen);
/* RandomState.standard_normal(): polar Box-Muller with the cached second value */
double  bs_np_legacy_gauss      (BsNpBitGen     *bitgen,
                                 BsNpGaussCache *cache);
/* RandomState.standard_exponential(): -log(1 - u) */
double  bs_np_legacy_standard_exponential (BsNpBitGen *bitgen);

/* Binomial(n, p) as numpy draws it: by inversion while n * min(p, 1 - p) <= 30, else by
 * Kachitvichyanukul and Schmeiser's BTPE; of 1 - p and subtracted from n when p > 0.5.
 * Generator's (legacy FALSE) returns 0 for n == 0 or p == 0 without drawing; RandomState's
 * draws all the same. */
gboolean bs_np_binomial_is_small (gint64 n, double p);
gint64   bs_np_binomial          (BsNpBitGen *bitgen,
                                  gboolean    legacy,
                                  gint64      n,
                                  double      p);
/* BTPE alone, p <= 0.5 (bs-np-gamma.c) */
gint64   bs_np_binomial_btpe     (BsNpBitGen *bitgen,
                                  gint64      n,
                                  double      p);

/* --- bs-np-gamma.c: a NULL cache gives Generator's draws, else RandomState's --- */

/* Generator.standard_exponential(): the exponential's ziggurat */
double  bs_np_standard_exponential (BsNpBitGen *bitgen);
/* standard_gamma(shape), shape >= 0: Marsaglia and Tsang's method from shape 1 up, a
 * rejection between a power of u and an exponential below it */
double  bs_np_standard_gamma    (BsNpBitGen     *bitgen,
                                 BsNpGaussCache *cache,
                                 double          shape);
/* beta(a, b), a, b > 0: Johnk's algorithm when both are <= 1, else of two gammas */
double  bs_np_beta              (BsNpBitGen     *bitgen,
                                 BsNpGaussCache *cache,
                                 double          a,
                                 double          b);
/* Poisson(lam), both generators: products of uniforms below 10, Hoermann's PTRS from 10 */
gint64  bs_np_poisson           (BsNpBitGen     *bitgen,
                                 double          lam);

/* An integer in [0, max] by masked rejection: 32-bit draws while max < 2**32 */
guint64 bs_np_interval          (BsNpBitGen     *bitgen,
                                 guint64         max);

typedef enum {
  BS_NP_BOUNDED_MASKED,   /* RandomState.randint */
  BS_NP_BOUNDED_LEMIRE,   /* Generator.integers, choice */
} BsNpBoundedMethod;

/* n integers off + [0, range], range inclusive, as numpy's 64-bit bounded
 * fill: one 32-bit draw per try while range < 2**32, else a 64-bit one. */
void    bs_np_bounded_fill      (BsNpBitGen        *bitgen,
                                 BsNpBoundedMethod  method,
                                 guint64            off,
                                 guint64            range,
                                 gsize              n,
                                 guint64           *out);
/* One integer in [0, range], as numpy's single bounded draw */
guint64 bs_np_bounded           (BsNpBitGen        *bitgen,
                                 BsNpBoundedMethod  method,
                                 guint64            range);

/* Fisher-Yates from the last element down, j = bs_np_interval (i): numpy's
 * shuffle of n items of size bytes, stride bytes apart. */
void    bs_np_shuffle           (BsNpBitGen *bitgen,
                                 char       *data,
                                 gsize       n,
                                 gsize       size,
                                 gssize      stride);

/* Generator.choice(pop, size, replace=False, shuffle=shuffle) without p:
 * Floyd's sampling, then (shuffle) a shuffle of the sample; or, for a large
 * sample of a large population, the tail of a partial shuffle of 0..pop-1,
 * as numpy chooses. */
void    bs_np_choice_floyd      (BsNpBitGen *bitgen,
                                 gint64      pop,
                                 gint64      size,
                                 gboolean    shuffle,
                                 gint64     *out);

/* choice with p: the cumulative distribution of p (summed in order, divided
 * by its last element), and the index a uniform u selects in it (how many
 * entries are <= u, as searchsorted(side='right')). */
void    bs_np_cdf               (const double *p,
                                 gsize         n,
                                 double       *cdf);
gsize   bs_np_cdf_search        (const double *cdf,
                                 gsize         n,
                                 double        u);
/* numpy's Kahan sum, which choice() checks p's total with */
double  bs_np_kahan_sum         (const double *values,
                                 gsize         n);

G_END_DECLS
