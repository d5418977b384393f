/* bs-py-random.c: CPython's random module, bit for bit (Mersenne Twister MT19937) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-random.h"

#include <math.h>
#include <string.h>

#define MT_N 624
#define MT_M 397

struct _BsPyRandom {
  guint32  mt[MT_N];
  int      index;
  gboolean has_gauss_next;
  double   gauss_next;
};

G_DEFINE_QUARK (bs-py-random-error-quark, bs_py_random_error)

static void
init_genrand (BsPyRandom *self,
              guint32     seed)
{
  self->mt[0] = seed;
  for (int i = 1; i < MT_N; i++)
    self->mt[i] = 1812433253u * (self->mt[i - 1] ^ (self->mt[i - 1] >> 30)) + i;
  self->index = MT_N;
}

/* Matsumoto and Nishimura's init_by_array(), which CPython seeds with. */
static void
init_by_array (BsPyRandom    *self,
               const guint32 *key,
               gsize          n_key)
{
  guint32 *mt = self->mt;
  gsize i = 1, j = 0;

  init_genrand (self, 19650218u);
  for (gsize k = MAX (MT_N, n_key); k > 0; k--)
    {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (guint32) j;
      i++;
      j++;
      if (i >= MT_N)
        {
          mt[0] = mt[MT_N - 1];
          i = 1;
        }
      if (j >= n_key)
        j = 0;
    }
  for (gsize k = MT_N - 1; k > 0; k--)
    {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (guint32) i;
      i++;
      if (i >= MT_N)
        {
          mt[0] = mt[MT_N - 1];
          i = 1;
        }
    }
  mt[0] = 0x80000000u;
  self->has_gauss_next = FALSE;
}

static guint32
genrand_uint32 (BsPyRandom *self)
{
  guint32 y;

  if (self->index >= MT_N)
    {
      for (int k = 0; k < MT_N; k++)
        {
          y = (self->mt[k] & 0x80000000u) | (self->mt[(k + 1) % MT_N] & 0x7fffffffu);
          self->mt[k] = self->mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
      self->index = 0;
    }
  y = self->mt[self->index++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

BsPyRandom *
bs_py_random_new (void)
{
  BsPyRandom *self = g_new0 (BsPyRandom, 1);

  bs_py_random_seed_entropy (self);
  return self;
}

void
bs_py_random_free (BsPyRandom *self)
{
  g_free (self);
}

void
bs_py_random_seed_entropy (BsPyRandom *self)
{
  guint32 key[MT_N];

  g_return_if_fail (self != NULL);

  for (int i = 0; i < MT_N; i++)
    key[i] = g_random_int ();
  init_by_array (self, key, MT_N);
}

void
bs_py_random_seed_words (BsPyRandom    *self,
                         const guint32 *words,
                         gsize          n_words)
{
  static const guint32 zero = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (words != NULL || n_words == 0);

  while (n_words > 0 && words[n_words - 1] == 0)
    n_words--;
  if (n_words == 0)
    init_by_array (self, &zero, 1);
  else
    init_by_array (self, words, n_words);
}

static void
seed_uint64 (BsPyRandom *self,
             guint64     magnitude)
{
  guint32 words[2] = { (guint32) magnitude, (guint32) (magnitude >> 32) };

  bs_py_random_seed_words (self, words, 2);
}

void
bs_py_random_seed_int (BsPyRandom *self,
                       gint64      seed)
{
  g_return_if_fail (self != NULL);

  seed_uint64 (self, seed < 0 ? -(guint64) seed : (guint64) seed);
}

/* hash(x) for a finite float: x as a fraction, reduced modulo the Mersenne
 * prime 2^61 - 1, with x's sign; -1 becomes -2. */
static gint64
hash_double (double value)
{
  const guint64 modulus = (G_GUINT64_CONSTANT (1) << 61) - 1;
  int exponent;
  double mantissa = frexp (fabs (value), &exponent);
  guint64 m = (guint64) ldexp (mantissa, 53);
  int e = exponent - 53;
  guint64 h;
  gint64 result;

  if (isinf (value))
    return value > 0 ? 314159 : -314159;

  /* 2^61 == 1 (mod p), so a power of two reduces by its exponent mod 61. */
  e = ((e % 61) + 61) % 61;
  h = m % modulus;
  for (int i = 0; i < e; i++)
    {
      h <<= 1;
      if (h >= modulus)
        h -= modulus;
    }
  result = value < 0 ? -(gint64) h : (gint64) h;
  return result == -1 ? -2 : result;
}

void
bs_py_random_seed_double (BsPyRandom *self,
                          double      seed)
{
  g_return_if_fail (self != NULL);

  if (isnan (seed))
    {
      bs_py_random_seed_entropy (self);
      return;
    }
  /* CPython seeds with the hash as an unsigned size_t, not its absolute value. */
  seed_uint64 (self, (guint64) hash_double (seed));
}

void
bs_py_random_seed_string (BsPyRandom *self,
                          const char *utf8)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA512);
  guint8 digest[64];
  gsize digest_len = sizeof digest;
  gsize len, total;
  g_autofree guint8 *bytes = NULL;
  g_autofree guint32 *words = NULL;
  gsize n_words;

  g_return_if_fail (self != NULL);
  g_return_if_fail (utf8 != NULL);

  len = strlen (utf8);
  g_checksum_update (checksum, (const guchar *) utf8, len);
  g_checksum_get_digest (checksum, digest, &digest_len);

  /* int.from_bytes(s + digest, 'big'), split into little-endian words */
  total = len + digest_len;
  bytes = g_malloc (total);
  memcpy (bytes, utf8, len);
  memcpy (bytes + len, digest, digest_len);
  n_words = (total + 3) / 4;
  words = g_new0 (guint32, n_words);
  for (gsize i = 0; i < total; i++)
    {
      gsize bit = 8 * (total - 1 - i);

      words[bit / 32] |= (guint32) bytes[i] << (bit % 32);
    }
  bs_py_random_seed_words (self, words, n_words);
}

double
bs_py_random_random (BsPyRandom *self)
{
  guint32 a, b;

  g_return_val_if_fail (self != NULL, 0.0);

  a = genrand_uint32 (self) >> 5;
  b = genrand_uint32 (self) >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

guint64
bs_py_random_getrandbits (BsPyRandom *self,
                          guint       k)
{
  guint64 low;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (k <= 64, 0);

  if (k == 0)
    return 0;
  if (k <= 32)
    return genrand_uint32 (self) >> (32 - k);
  /* Words come least significant first; the last one keeps its high bits. */
  low = genrand_uint32 (self);
  return low | ((guint64) (genrand_uint32 (self) >> (64 - k)) << 32);
}

guint64
bs_py_random_randbelow (BsPyRandom *self,
                        guint64     n)
{
  guint k = 0;
  guint64 r;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (n > 0, 0);

  for (guint64 m = n; m != 0; m >>= 1)
    k++;
  do
    r = bs_py_random_getrandbits (self, k);
  while (r >= n);
  return r;
}

gboolean
bs_py_random_randrange_stop (BsPyRandom  *self,
                             gint64       stop,
                             gint64      *out,
                             GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (stop <= 0)
    {
      g_set_error_literal (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_VALUE,
                           "empty range for randrange()");
      return FALSE;
    }
  *out = (gint64) bs_py_random_randbelow (self, (guint64) stop);
  return TRUE;
}

gboolean
bs_py_random_randrange (BsPyRandom  *self,
                        gint64       start,
                        gint64       stop,
                        gint64       step,
                        gint64      *out,
                        GError     **error)
{
  guint64 width, n, abs_step;

  g_return_val_if_fail (self != NULL, FALSE);

  /* Unsigned arithmetic: the width of any gint64 range fits, and the result,
   * which lies inside the range, comes out right modulo 2^64. */
  if (step == 1)
    {
      if (stop <= start)
        {
          g_set_error (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_VALUE,
                       "empty range for randrange() (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                       ", %" G_GINT64_FORMAT ")", start, stop,
                       (gint64) ((guint64) stop - (guint64) start));
          return FALSE;
        }
      width = (guint64) stop - (guint64) start;
      *out = (gint64) ((guint64) start + bs_py_random_randbelow (self, width));
      return TRUE;
    }
  if (step == 0)
    {
      g_set_error_literal (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_VALUE,
                           "zero step for randrange()");
      return FALSE;
    }
  if ((step > 0 && stop <= start) || (step < 0 && stop >= start))
    {
      g_set_error_literal (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_VALUE,
                           "empty range for randrange()");
      return FALSE;
    }
  width = step > 0 ? (guint64) stop - (guint64) start : (guint64) start - (guint64) stop;
  abs_step = step > 0 ? (guint64) step : -(guint64) step;
  n = width / abs_step + (width % abs_step != 0);
  *out = (gint64) ((guint64) start + (guint64) step * bs_py_random_randbelow (self, n));
  return TRUE;
}

gboolean
bs_py_random_randint (BsPyRandom  *self,
                      gint64       a,
                      gint64       b,
                      gint64      *out,
                      GError     **error)
{
  guint64 width;

  g_return_val_if_fail (self != NULL, FALSE);

  if (b < a || b == G_MAXINT64)
    {
      if (b < a)
        return bs_py_random_randrange (self, a, b + 1, 1, out, error);
      if (a == G_MININT64)
        {
          /* 2^64 values: one getrandbits(65) loop, which never exceeds 64 bits here */
          g_set_error_literal (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_VALUE,
                               "randint() range too large");
          return FALSE;
        }
    }
  width = (guint64) b - (guint64) a + 1;
  *out = (gint64) ((guint64) a + bs_py_random_randbelow (self, width));
  return TRUE;
}

double
bs_py_random_uniform (BsPyRandom *self,
                      double      a,
                      double      b)
{
  return a + (b - a) * bs_py_random_random (self);
}

gboolean
bs_py_random_choice (BsPyRandom  *self,
                     gint64       length,
                     gint64      *index,
                     GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (length <= 0)
    {
      g_set_error_literal (error, BS_PY_RANDOM_ERROR, BS_PY_RANDOM_ERROR_INDEX,
                           "Cannot choose from an empty sequence");
      return FALSE;
    }
  *index = (gint64) bs_py_random_randbelow (self, (guint64) length);
  return TRUE;
}

void
bs_py_random_shuffle (BsPyRandom *self,
                      gint64     *perm,
                      gsize       n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (perm != NULL || n == 0);

  for (gsize i = 0; i < n; i++)
    perm[i] = i;
  for (gsize i = n > 0 ? n - 1 : 0; i >= 1; i--)
    {
      gsize j = bs_py_random_randbelow (self, i + 1);
      gint64 tmp = perm[i];

      perm[i] = perm[j];
      perm[j] = tmp;
    }
}

double
bs_py_random_gauss (BsPyRandom *self,
                    double      mu,
                    double      sigma)
{
  double z;

  g_return_val_if_fail (self != NULL, 0.0);

  if (self->has_gauss_next)
    {
      z = self->gauss_next;
      self->has_gauss_next = FALSE;
    }
  else
    {
      double x2pi = bs_py_random_random (self) * (2.0 * G_PI);
      double g2rad = sqrt (-2.0 * log (1.0 - bs_py_random_random (self)));

      z = cos (x2pi) * g2rad;
      self->gauss_next = sin (x2pi) * g2rad;
      self->has_gauss_next = TRUE;
    }
  return mu + z * sigma;
}

double
bs_py_random_normalvariate (BsPyRandom *self,
                            double      mu,
                            double      sigma)
{
  const double magic = 4.0 * exp (-0.5) / sqrt (2.0);
  double z;

  g_return_val_if_fail (self != NULL, 0.0);

  for (;;)
    {
      double u1 = bs_py_random_random (self);
      double u2 = 1.0 - bs_py_random_random (self);

      z = magic * (u1 - 0.5) / u2;
      if (z * z / 4.0 <= -log (u2))
        break;
    }
  return mu + z * sigma;
}

double
bs_py_random_expovariate (BsPyRandom *self,
                          double      lambd)
{
  return -log (1.0 - bs_py_random_random (self)) / lambd;
}
