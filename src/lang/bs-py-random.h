/* bs-py-random.h: CPython's random module, bit for bit (Mersenne Twister MT19937) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_PY_RANDOM_ERROR (bs_py_random_error_quark ())

/* The Python exception raised; messages are CPython 3.11's. */
typedef enum {
  BS_PY_RANDOM_ERROR_VALUE,  /* ValueError */
  BS_PY_RANDOM_ERROR_INDEX,  /* IndexError */
} BsPyRandomError;

typedef struct _BsPyRandom BsPyRandom;

GQuark      bs_py_random_error_quark      (void);

/* A generator seeded as random.seed(None) is: from system entropy, so its
 * numbers differ run to run, as CPython's do until the script seeds it. */
BsPyRandom *bs_py_random_new              (void);
void        bs_py_random_free             (BsPyRandom    *self);

/* random.seed(None) */
void        bs_py_random_seed_entropy     (BsPyRandom    *self);
/* random.seed(n) for an int */
void        bs_py_random_seed_int         (BsPyRandom    *self,
                                           gint64         seed);
/* random.seed(n) for an int of any size: the 32-bit words of abs(n), least
 * significant first (high zero words are ignored, as CPython's bit length does). */
void        bs_py_random_seed_words       (BsPyRandom    *self,
                                           const guint32 *words,
                                           gsize          n_words);
/* random.seed(x) for a float: seeds with hash(x), as CPython does. A NaN's hash
 * is its address in CPython, so a NaN seeds from entropy here. */
void        bs_py_random_seed_double      (BsPyRandom    *self,
                                           double         seed);
/* random.seed(s) for a str (version 2: s.encode() followed by its SHA-512). */
void        bs_py_random_seed_string      (BsPyRandom    *self,
                                           const char    *utf8);

/* random.random(): [0, 1) with 53 random bits */
double      bs_py_random_random           (BsPyRandom    *self);
/* random.getrandbits(k) for 0 <= k <= 64 */
guint64     bs_py_random_getrandbits      (BsPyRandom    *self,
                                           guint          k);
/* Random._randbelow(n) for n > 0 */
guint64     bs_py_random_randbelow        (BsPyRandom    *self,
                                           guint64        n);
/* random.randrange(stop) */
gboolean    bs_py_random_randrange_stop   (BsPyRandom    *self,
                                           gint64         stop,
                                           gint64        *out,
                                           GError       **error);
/* random.randrange(start, stop, step) */
gboolean    bs_py_random_randrange        (BsPyRandom    *self,
                                           gint64         start,
                                           gint64         stop,
                                           gint64         step,
                                           gint64        *out,
                                           GError       **error);
/* random.randint(a, b) == randrange(a, b + 1) */
gboolean    bs_py_random_randint          (BsPyRandom    *self,
                                           gint64         a,
                                           gint64         b,
                                           gint64        *out,
                                           GError       **error);
/* random.uniform(a, b) */
double      bs_py_random_uniform          (BsPyRandom    *self,
                                           double         a,
                                           double         b);
/* random.choice(seq): the index chosen in a sequence of that length */
gboolean    bs_py_random_choice           (BsPyRandom    *self,
                                           gint64         length,
                                           gint64        *index,
                                           GError       **error);
/* random.shuffle(x) for len(x) == n: fills perm so that the shuffled list is
 * [x[perm[0]], x[perm[1]], ...]. */
void        bs_py_random_shuffle          (BsPyRandom    *self,
                                           gint64        *perm,
                                           gsize          n);
/* random.gauss(mu, sigma): keeps the second normal of each pair for the next call */
double      bs_py_random_gauss            (BsPyRandom    *self,
                                           double         mu,
                                           double         sigma);
/* random.normalvariate(mu, sigma) */
double      bs_py_random_normalvariate    (BsPyRandom    *self,
                                           double         mu,
                                           double         sigma);
/* random.expovariate(lambd) */
double      bs_py_random_expovariate      (BsPyRandom    *self,
                                           double         lambd);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsPyRandom, bs_py_random_free)

G_END_DECLS
