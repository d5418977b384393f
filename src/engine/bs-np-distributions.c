/* bs-np-distributions.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-distributions.h"

#include <math.h>
#include <string.h>

#include "bs-np-ziggurat.h"

/* numpy is built without fused multiply-adds on x86-64; keep every product
 * rounded on its own so the draws agree to the last bit. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

double
bs_np_standard_uniform (BsNpBitGen *bitgen)
{
  return bs_np_bitgen_double (bitgen);
}

double
bs_np_standard_normal (BsNpBitGen *bitgen)
{
  for (;;)
    {
      guint64 r = bs_np_bitgen_uint64 (bitgen);
      guint layer = r & 0xff;
      gboolean negative = (r >> 8) & 1;
      guint64 magnitude = (r >> 9) & 0x000fffffffffffffull;
      double x = magnitude * bs_np_ziggurat_width[layer];

      if (negative)
        x = -x;
      if (magnitude < bs_np_ziggurat_accept[layer])
        return x;
      if (layer == 0)
        {
          /* the tail beyond R; 1 - u keeps log away from 0 */
          for (;;)
            {
              double xx = -BS_NP_ZIGGURAT_INV_R * log1p (-bs_np_bitgen_double (bitgen));
              double yy = -log1p (-bs_np_bitgen_double (bitgen));

              if (yy + yy > xx * xx)
                return ((magnitude >> 8) & 1) ? -(BS_NP_ZIGGURAT_R + xx)
                                              : BS_NP_ZIGGURAT_R + xx;
            }
        }
      else
        {
          const double *height = bs_np_ziggurat_height;
          double y = (height[layer - 1] - height[layer]) * bs_np_bitgen_double (bitgen)
                     + height[layer];

          if (y < exp (-0.5 * x * x))
            return x;
        }
    }
}

double
bs_np_legacy_gauss (BsNpBitGen     *bitgen,
                    BsNpGaussCache *cache)
{
  double x1, x2, r2, f;

  if (cache->has_value)
    {
      cache->has_value = FALSE;
      x1 = cache->value;
      cache->value = 0.0;
      return x1;
    }
  do
    {
      x1 = 2.0 * bs_np_bitgen_double (bitgen) - 1.0;
      x2 = 2.0 * bs_np_bitgen_double (bitgen) - 1.0;
      r2 = x1 * x1 + x2 * x2;
    }
  while (r2 >= 1.0 || r2 == 0.0);
  f = sqrt (-2.0 * log (r2) / r2);
  cache->has_value = TRUE;
  cache->value = f * x1;
  return f * x2;
}

double
bs_np_legacy_standard_exponential (BsNpBitGen *bitgen)
{
  return -log (1.0 - bs_np_bitgen_double (bitgen));
}

gboolean
bs_np_binomial_is_small (gint64 n,
                         double p)
{
  return (p <= 0.5 ? p : 1.0 - p) * n <= 30.0;
}

static gint64
binomial_inversion (BsNpBitGen *bitgen,
                    gint64      n,
                    double      p)
{
  double q = 1.0 - p, qn = exp (n * log (q)), mean = n * p;
  gint64 bound = (gint64) MIN ((double) n, mean + 10.0 * sqrt (mean * q + 1));
  gint64 x = 0;
  double px = qn, u = bs_np_bitgen_double (bitgen);

  while (u > px)
    {
      x++;
      if (x > bound)
        {
          /* numpy's guard against rounding: start over */
          x = 0;
          px = qn;
          u = bs_np_bitgen_double (bitgen);
        }
      else
        {
          u -= px;
          px = ((n - x + 1) * p * px) / (x * q);
        }
    }
  return x;
}

gint64
bs_np_binomial (BsNpBitGen *bitgen,
                gboolean    legacy,
                gint64      n,
                double      p)
{
  if (!legacy && (n == 0 || p == 0.0))
    return 0;
  if (p <= 0.5)
    return bs_np_binomial_is_small (n, p) ? binomial_inversion (bitgen, n, p)
                                          : bs_np_binomial_btpe (bitgen, n, p);
  if (bs_np_binomial_is_small (n, p))
    return n - binomial_inversion (bitgen, n, 1.0 - p);
  return n - bs_np_binomial_btpe (bitgen, n, 1.0 - p);
}

/* The smallest all-ones mask covering max */
static guint64
mask_of (guint64 max)
{
  max |= max >> 1;
  max |= max >> 2;
  max |= max >> 4;
  max |= max >> 8;
  max |= max >> 16;
  max |= max >> 32;
  return max;
}

guint64
bs_np_interval (BsNpBitGen *bitgen,
                guint64     max)
{
  guint64 mask = mask_of (max), value;

  if (max == 0)
    return 0;
  if (max <= G_MAXUINT32)
    while ((value = (bs_np_bitgen_uint32 (bitgen) & mask)) > max)
      ;
  else
    while ((value = (bs_np_bitgen_uint64 (bitgen) & mask)) > max)
      ;
  return value;
}

static guint32
lemire32 (BsNpBitGen *bitgen,
          guint32     range)
{
  guint32 excl = range + 1;
  guint64 m = (guint64) bs_np_bitgen_uint32 (bitgen) * excl;
  guint32 leftover = (guint32) m;

  if (leftover < excl)
    {
      guint32 threshold = (G_MAXUINT32 - range) % excl;

      while (leftover < threshold)
        {
          m = (guint64) bs_np_bitgen_uint32 (bitgen) * excl;
          leftover = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

__extension__ typedef unsigned __int128 Uint128;

static guint64
lemire64 (BsNpBitGen *bitgen,
          guint64     range)
{
  guint64 excl = range + 1;
  Uint128 m = (Uint128) bs_np_bitgen_uint64 (bitgen) * excl;
  guint64 leftover = (guint64) m;

  if (leftover < excl)
    {
      guint64 threshold = (G_MAXUINT64 - range) % excl;

      while (leftover < threshold)
        {
          m = (Uint128) bs_np_bitgen_uint64 (bitgen) * excl;
          leftover = (guint64) m;
        }
    }
  return (guint64) (m >> 64);
}

guint64
bs_np_bounded (BsNpBitGen        *bitgen,
               BsNpBoundedMethod  method,
               guint64            range)
{
  guint64 value;

  if (range == 0)
    return 0;
  if (range == G_MAXUINT32)
    return bs_np_bitgen_uint32 (bitgen);
  if (range < G_MAXUINT32)
    {
      guint32 mask = (guint32) mask_of (range);

      if (method == BS_NP_BOUNDED_LEMIRE)
        return lemire32 (bitgen, (guint32) range);
      while ((value = (bs_np_bitgen_uint32 (bitgen) & mask)) > range)
        ;
      return value;
    }
  if (range == G_MAXUINT64)
    return bs_np_bitgen_uint64 (bitgen);
  if (method == BS_NP_BOUNDED_LEMIRE)
    return lemire64 (bitgen, range);
  while ((value = (bs_np_bitgen_uint64 (bitgen) & mask_of (range))) > range)
    ;
  return value;
}

void
bs_np_bounded_fill (BsNpBitGen        *bitgen,
                    BsNpBoundedMethod  method,
                    guint64            off,
                    guint64            range,
                    gsize              n,
                    guint64           *out)
{
  for (gsize i = 0; i < n; i++)
    out[i] = off + bs_np_bounded (bitgen, method, range);
}

void
bs_np_shuffle (BsNpBitGen *bitgen,
               char       *data,
               gsize       n,
               gsize       size,
               gssize      stride)
{
  char buf[64];
  g_autofree char *big = size > sizeof buf ? g_malloc (size) : NULL;
  char *tmp = big != NULL ? big : buf;

  for (gsize i = n > 0 ? n - 1 : 0; i >= 1; i--)
    {
      gsize j = bs_np_interval (bitgen, i);

      if (j == i)
        continue;
      memcpy (tmp, data + (gssize) j * stride, size);
      memcpy (data + (gssize) j * stride, data + (gssize) i * stride, size);
      memcpy (data + (gssize) i * stride, tmp, size);
    }
}

/* numpy's _shuffle_int: positions n-1 down to first, with Lemire's draws */
static void
shuffle_tail (BsNpBitGen *bitgen,
              gint64     *data,
              gint64      n,
              gint64      first)
{
  for (gint64 i = n - 1; i >= first; i--)
    {
      guint64 j = bs_np_bounded (bitgen, BS_NP_BOUNDED_LEMIRE, (guint64) i);
      gint64 tmp = data[j];

      data[j] = data[i];
      data[i] = tmp;
    }
}

void
bs_np_choice_floyd (BsNpBitGen *bitgen,
                    gint64      pop,
                    gint64      size,
                    gboolean    shuffle,
                    gint64     *out)
{
  g_autofree guint64 *set = NULL;
  guint64 mask;

  g_return_if_fail (size >= 0 && size <= pop);

  if (pop > 10000 && size > pop / (shuffle ? 50 : 20))
    {
      g_autofree gint64 *all = g_new (gint64, pop);

      for (gint64 i = 0; i < pop; i++)
        all[i] = i;
      shuffle_tail (bitgen, all, pop, MAX (pop - size, 1));
      memcpy (out, all + (pop - size), size * sizeof *out);
      return;
    }
  /* an open-addressing set of the values taken, G_MAXUINT64 marking free */
  mask = mask_of ((guint64) (1.2 * size));
  set = g_new (guint64, mask + 1);
  memset (set, 0xff, (mask + 1) * sizeof *set);
  for (gint64 j = pop - size; j < pop; j++)
    {
      guint64 value = bs_np_bounded (bitgen, BS_NP_BOUNDED_LEMIRE, (guint64) j);
      guint64 loc = value & mask;

      while (set[loc] != G_MAXUINT64 && set[loc] != value)
        loc = (loc + 1) & mask;
      if (set[loc] == value)
        {
          /* taken already: take j, which no earlier step could draw */
          value = (guint64) j;
          loc = value & mask;
          while (set[loc] != G_MAXUINT64)
            loc = (loc + 1) & mask;
        }
      set[loc] = value;
      out[j - pop + size] = (gint64) value;
    }
  if (shuffle)
    shuffle_tail (bitgen, out, size, 1);
}

void
bs_np_cdf (const double *p,
           gsize         n,
           double       *cdf)
{
  double total = 0.0;

  for (gsize i = 0; i < n; i++)
    cdf[i] = total += p[i];
  for (gsize i = 0; i < n; i++)
    cdf[i] /= cdf[n - 1];
}

gsize
bs_np_cdf_search (const double *cdf,
                  gsize         n,
                  double        u)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (cdf[mid] <= u)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

double
bs_np_kahan_sum (const double *values,
                 gsize         n)
{
  double sum, c = 0.0;

  if (n == 0)
    return 0.0;
  sum = values[0];
  for (gsize i = 1; i < n; i++)
    {
      double y = values[i] - c;
      double t = sum + y;

      c = (t - sum) - y;
      sum = t;
    }
  return sum;
}
