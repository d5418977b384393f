/* bs-generator.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-generator.h"

#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "bs-error.h"

/* PyTorch's AVX2 kernels are built by GCC with -mfma, which fuses a*b + c into
 * one rounding; we write those fusions as fma() and must let the compiler add
 * no others. GCC fuses only outside ISO C mode and clang only within one
 * expression, but the pragmas keep it so whatever the build flags. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

#define MT_N 624
#define MT_M 397

struct _BsGenerator
{
  guint64  initial_seed;
  guint32  state[MT_N];
  guint    index;                 /* next word of state to temper; MT_N: regenerate */
  gboolean fresh;                 /* seeded, state not yet regenerated */
  gboolean has_next_normal;
  double   next_normal;           /* PyTorch's next_double_normal_sample */
  gboolean has_next_float_normal; /* kept for get_state/set_state only */
  float    next_float_normal;
};

BsGenerator *
bs_generator_new (guint64 seed)
{
  BsGenerator *self = g_new0 (BsGenerator, 1);

  bs_generator_manual_seed (self, seed);
  return self;
}

BsGenerator *
bs_generator_copy (const BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_memdup2 (self, sizeof *self);
}

void
bs_generator_free (BsGenerator *self)
{
  g_free (self);
}

void
bs_generator_manual_seed (BsGenerator *self,
                          guint64      seed)
{
  g_return_if_fail (self != NULL);

  self->initial_seed = seed;
  self->state[0] = (guint32) seed;
  for (guint i = 1; i < MT_N; i++)
    {
      guint32 prev = self->state[i - 1];

      self->state[i] = 1812433253u * (prev ^ (prev >> 30)) + i;
    }
  self->index = MT_N;
  self->fresh = TRUE;
  self->has_next_normal = FALSE;
  self->next_normal = 0.0;
  self->has_next_float_normal = FALSE;
}

guint64
bs_generator_initial_seed (BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->initial_seed;
}

static void
mt_regenerate (BsGenerator *self)
{
  guint32 *mt = self->state;

  for (guint i = 0; i < MT_N; i++)
    {
      guint32 y = (mt[i] & 0x80000000u) | (mt[(i + 1) % MT_N] & 0x7fffffffu);

      mt[i] = mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
    }
  self->index = 0;
  self->fresh = FALSE;
}

static inline guint32
mt_next (BsGenerator *self)
{
  guint32 y;

  if (self->index >= MT_N)
    mt_regenerate (self);

  y = self->state[self->index++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

/* Two draws, the first one high, as PyTorch's CPUGeneratorImpl::random64(). */
static inline guint64
mt_next64 (BsGenerator *self)
{
  guint64 hi = mt_next (self);
  guint64 lo = mt_next (self);

  return (hi << 32) | lo;
}

guint32
bs_generator_random (BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return mt_next (self);
}

guint64
bs_generator_random64 (BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return mt_next64 (self);
}

/* at::uniform_real_distribution: float keeps 24 bits of a 32-bit draw, double
 * keeps 53 bits of a 64-bit draw; both are exact before the affine map. */
static inline float
uniform_float (BsGenerator *self)
{
  return (float) (mt_next (self) & 0xffffffu) * (1.0f / 16777216.0f);
}

static inline double
uniform_double (BsGenerator *self)
{
  return (double) (mt_next64 (self) & G_GUINT64_CONSTANT (0x1fffffffffffff))
         * (1.0 / 9007199254740992.0);
}

/* float16 and bfloat16 keep as many bits of a 32-bit draw as their precision (11 and 8),
 * and compute in float, rounding each value they store */
static inline float
uniform_reduced (BsGenerator *self,
                 BsDType      dtype)
{
  int digits = dtype == BS_DTYPE_FLOAT16 ? 11 : 8;

  return (float) (mt_next (self) & ((1u << digits) - 1)) * ldexpf (1.0f, -digits);
}

static inline float
round_to (BsDType dtype,
          float   value)
{
  guint64 slot = 0;

  bs_dtype_store (&slot, dtype, value);
  return (float) bs_dtype_load (&slot, dtype);
}

double
bs_generator_uniform_double (BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return uniform_double (self);
}

float
bs_generator_uniform_float (BsGenerator *self)
{
  g_return_val_if_fail (self != NULL, 0.0f);

  return uniform_float (self);
}

void
bs_generator_fill_uniform (BsGenerator *self,
                           BsDType      dtype,
                           void        *data,
                           gsize        n,
                           double       from,
                           double       to)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (n == 0 || data != NULL);
  g_return_if_fail (bs_dtype_is_floating (dtype));
  g_return_if_fail (from <= to);

  /* from and to are rounded to the element type before the affine map. */
  if (dtype == BS_DTYPE_FLOAT32)
    {
      float *out = data;
      float f = (float) from, t = (float) to;

      for (gsize i = 0; i < n; i++)
        out[i] = fmaf (uniform_float (self), t - f, f);
    }
  else if (bs_dtype_is_reduced_float (dtype))
    {
      float f = round_to (dtype, (float) from), t = round_to (dtype, (float) to);
      float span = round_to (dtype, t - f);
      gsize size = bs_dtype_size (dtype);

      for (gsize i = 0; i < n; i++)
        bs_dtype_store ((guint8 *) data + i * size, dtype,
                        fmaf (uniform_reduced (self, dtype), span, f));
    }
  else
    {
      double *out = data;

      for (gsize i = 0; i < n; i++)
        out[i] = fma (uniform_double (self), to - from, from);
    }
}

double
bs_generator_normal_double (BsGenerator *self,
                            double       mean,
                            double       std)
{
  double u1, u2, r, theta, z;

  g_return_val_if_fail (self != NULL, 0.0);

  if (self->has_next_normal)
    {
      self->has_next_normal = FALSE;
      return fma (self->next_normal, std, mean);
    }

  u1 = uniform_double (self);
  u2 = uniform_double (self);
  r = sqrt (-2.0 * log (1.0 - u2));
  theta = 2.0 * G_PI * u1;
  self->next_normal = r * sin (theta);
  self->has_next_normal = TRUE;
  z = r * cos (theta);
  return fma (z, std, mean);
}

/* PyTorch's AVX2 kernel computes log, sin and cos of 8 floats at a time with
 * Cephes-style polynomials (avx_mathfun.h), not with libm. What follows is the
 * same arithmetic on one lane, each step rounded to float as the vector
 * instructions round it, with fmaf() where PyTorch's compiler fused a multiply
 * into the following add. The constants are double literals rounded to float,
 * as in PyTorch's tables; a float literal could round differently. */

static inline guint32
float_to_bits (float f)
{
  guint32 u;

  memcpy (&u, &f, sizeof u);
  return u;
}

static inline float
float_from_bits (guint32 u)
{
  float f;

  memcpy (&f, &u, sizeof f);
  return f;
}

/* Argument in (0, 1]; the AVX2 path never passes anything else. */
static float
avx2_logf (float v)
{
  static const float p[] = {
    (float) 7.0376836292E-2, (float) -1.1514610310E-1, (float) 1.1676998740E-1,
    (float) -1.2420140846E-1, (float) 1.4249322787E-1, (float) -1.6668057665E-1,
    (float) 2.0000714765E-1, (float) -2.4999993993E-1, (float) 3.3333331174E-1,
  };
  const float sqrt_half = (float) 0.707106781186547524;
  const float q1 = (float) -2.12194440e-4;
  const float q2 = (float) 0.693359375;
  guint32 bits = float_to_bits (MAX (v, FLT_MIN));
  float e, x, z, y;

  /* v = m * 2^e with m in [0.5, 1); below sqrt(1/2), 2m - 1 and e - 1 keep x near 0. */
  e = (float) ((gint32) (bits >> 23) - 0x7f) + 1.0f;
  x = float_from_bits ((bits & ~0x7f800000u) | float_to_bits (0.5f));
  if (x < sqrt_half)
    {
      e = e - 1.0f;
      x = (x - 1.0f) + x;
    }
  else
    {
      x = x - 1.0f;
    }

  z = x * x;
  y = p[0];
  for (guint i = 1; i < G_N_ELEMENTS (p); i++)
    y = fmaf (y, x, p[i]);
  y = y * x;
  y = fmaf (y, z, e * q1);
  y = y - z * 0.5f;
  x = x + y;
  return x + e * q2;
}

static void
avx2_sincosf (float  v,
              float *s,
              float *c)
{
  const float four_over_pi = (float) 1.27323954473516;
  const float dp1 = (float) -0.78515625;
  const float dp2 = (float) -2.4187564849853515625e-4;
  const float dp3 = (float) -3.77489497744594108e-8;
  guint32 sign_sin = float_to_bits (v) & 0x80000000u;
  guint32 sign_cos;
  float x = fabsf (v);
  float y, z, poly_cos, poly_sin, sin_a, sin_b, cos_a, cos_b;
  gint32 j;

  /* Octant j (made even) and the reduced argument x - j * pi/4 in three parts. */
  j = (gint32) (x * four_over_pi);
  j = (j + 1) & ~1;
  y = (float) j;
  x = fmaf (y, dp1, x);
  x = fmaf (y, dp2, x);
  x = fmaf (y, dp3, x);

  sign_sin ^= ((guint32) j & 4) << 29;
  sign_cos = (~(guint32) (j - 2) & 4) << 29;

  z = x * x;
  poly_cos = fmaf ((float) 2.443315711809948E-005, z, (float) -1.388731625493765E-003);
  poly_cos = fmaf (poly_cos, z, (float) 4.166664568298827E-002);
  poly_cos = poly_cos * z;
  poly_cos = fmaf (poly_cos, z, -(z * 0.5f));
  poly_cos = poly_cos + 1.0f;

  poly_sin = fmaf ((float) -1.9515295891E-4, z, (float) 8.3321608736E-3);
  poly_sin = fmaf (poly_sin, z, (float) -1.6666654611E-1);
  poly_sin = poly_sin * z;
  poly_sin = fmaf (poly_sin, x, x);

  /* Both polynomials are blended with masks and adds; zeros keep PyTorch's signs. */
  if (((guint32) j & 2) == 0)
    {
      sin_a = 0.0f;
      sin_b = poly_sin;
    }
  else
    {
      sin_a = poly_cos;
      sin_b = 0.0f;
    }
  cos_a = poly_sin - sin_b;
  cos_b = poly_cos - sin_a;

  *s = float_from_bits (float_to_bits (sin_a + sin_b) ^ sign_sin);
  *c = float_from_bits (float_to_bits (cos_b + cos_a) ^ sign_cos);
}

static void
normal_block16_float (float *data,
                      float  mean,
                      float  std)
{
  const float two_pi = (float) (2.0 * G_PI);

  for (guint j = 0; j < 8; j++)
    {
      float radius = sqrtf (-2.0f * avx2_logf (1.0f - data[j]));
      float s, c;

      avx2_sincosf (two_pi * data[j + 8], &s, &c);
      data[j] = fmaf (radius * c, std, mean);
      data[j + 8] = fmaf (radius * s, std, mean);
    }
}

static void
normal_block16_double (double *data,
                       double  mean,
                       double  std)
{
  for (guint j = 0; j < 8; j++)
    {
      double radius = sqrt (-2.0 * log (1.0 - data[j]));
      double theta = 2.0 * G_PI * data[j + 8];

      data[j] = fma (radius * cos (theta), std, mean);
      data[j + 8] = fma (radius * sin (theta), std, mean);
    }
}

/* PyTorch's normal_fill_16 in float16 or bfloat16 arithmetic: each named intermediate is
 * stored in the element type, the operations between them done in float */
static void
normal_block16_reduced (BsDType dtype,
                        float  *data,
                        float   mean,
                        float   std)
{
  BsDType step = dtype;

  for (guint j = 0; j < 8; j++)
    {
      float u1 = round_to (step, 1.0f - data[j]);
      float radius = round_to (step, sqrtf (-2.0f * logf (u1)));
      float theta = round_to (step, (float) (2.0f * G_PI * data[j + 8]));

      data[j] = round_to (dtype, fmaf (radius * cosf (theta), std, mean));
      data[j + 8] = round_to (dtype, fmaf (radius * sinf (theta), std, mean));
    }
}

gboolean
bs_generator_check_normal (BsDType   dtype,
                           gint64    n,
                           GError  **error)
{
  if (dtype != BS_DTYPE_BFLOAT16 || n < 16)
    return TRUE;
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                       "normal samples of 16 or more torch.bfloat16 elements are not supported "
                       "by Backstep (PyTorch's kernel rounds its steps in ways Backstep does not "
                       "reproduce): draw them in torch.float32 and convert");
  return FALSE;
}

void
bs_generator_fill_normal (BsGenerator *self,
                          BsDType      dtype,
                          void        *data,
                          gsize        n,
                          double       mean,
                          double       std)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (n == 0 || data != NULL);
  g_return_if_fail (bs_dtype_is_floating (dtype));
  g_return_if_fail (std >= 0.0);

  if (n < 16)
    {
      for (gsize i = 0; i < n; i++)
        bs_dtype_store ((guint8 *) data + i * bs_dtype_size (dtype), dtype,
                        bs_generator_normal_double (self, mean, std));
    }
  else if (dtype == BS_DTYPE_FLOAT32)
    {
      float *out = data;
      float m = (float) mean, s = (float) std;
      gsize i;

      for (i = 0; i < n; i++)
        out[i] = uniform_float (self);
      for (i = 0; i + 16 <= n; i += 16)
        normal_block16_float (out + i, m, s);
      if (n % 16 != 0)
        {
          out += n - 16;
          for (i = 0; i < 16; i++)
            out[i] = uniform_float (self);
          normal_block16_float (out, m, s);
        }
    }
  else if (bs_dtype_is_reduced_float (dtype))
    {
      g_autofree float *values = g_new (float, n);
      float m = round_to (dtype, (float) mean), s = round_to (dtype, (float) std);
      gsize i;

      for (i = 0; i < n; i++)
        values[i] = uniform_reduced (self, dtype);
      for (i = 0; i + 16 <= n; i += 16)
        normal_block16_reduced (dtype, values + i, m, s);
      if (n % 16 != 0)
        {
          for (i = n - 16; i < n; i++)
            values[i] = uniform_reduced (self, dtype);
          normal_block16_reduced (dtype, values + n - 16, m, s);
        }
      for (i = 0; i < n; i++)
        bs_dtype_store ((guint8 *) data + i * bs_dtype_size (dtype), dtype, values[i]);
    }
  else
    {
      double *out = data;
      gsize i;

      for (i = 0; i < n; i++)
        out[i] = uniform_double (self);
      for (i = 0; i + 16 <= n; i += 16)
        normal_block16_double (out + i, mean, std);
      if (n % 16 != 0)
        {
          out += n - 16;
          for (i = 0; i < 16; i++)
            out[i] = uniform_double (self);
          normal_block16_double (out, mean, std);
        }
    }
}

/* A float dtype cannot hold every int64: PyTorch moves low up and high down
 * (update_from/update_to) until rounding a drawn integer to the dtype cannot
 * leave [low, high). */
static gint64
round_through_dtype (BsDType dtype,
                     gint64  v)
{
  guint64 slot = 0;

  if (dtype == BS_DTYPE_FLOAT64)
    return (gint64) (double) v;
  bs_dtype_store (&slot, dtype, (double) v);
  return (gint64) bs_dtype_load (&slot, dtype);
}

static int
mantissa_digits (BsDType dtype)
{
  switch (dtype)
    {
    case BS_DTYPE_FLOAT32: return FLT_MANT_DIG;
    case BS_DTYPE_FLOAT16: return 11;
    case BS_DTYPE_BFLOAT16: return 8;
    default: return DBL_MANT_DIG;
    }
}

/* The exponent of the highest set bit of |v|; 0 for 0. */
static int
magnitude_log2 (gint64 v)
{
  guint64 m = v < 0 ? -(guint64) v : (guint64) v;
  int n = 0;

  while (m >>= 1)
    n++;
  return n;
}

static gint64
exact_low (BsDType dtype,
           gint64  low)
{
  int digits = mantissa_digits (dtype);
  gint64 rounded = round_through_dtype (dtype, low + 1);

  if (rounded < low)
    low = rounded + ((gint64) 1 << (magnitude_log2 (low + 1) - digits + 1));
  return low;
}

static gint64
exact_high (BsDType dtype,
            gint64  high)
{
  int digits = mantissa_digits (dtype);
  gint64 rounded = round_through_dtype (dtype, high - 1);

  if (rounded >= high)
    high = rounded - ((gint64) 1 << (magnitude_log2 (high - 1) - digits + 1));
  return high;
}

gboolean
bs_generator_fill_randint (BsGenerator *self,
                           BsDType      dtype,
                           void        *data,
                           gsize        n,
                           gint64       low,
                           gint64       high)
{
  guint64 range;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (n == 0 || data != NULL, FALSE);
  g_return_val_if_fail (dtype < BS_N_DTYPES, FALSE);

  if (low >= high)
    return FALSE;
  if (bs_dtype_is_floating (dtype))
    {
      low = exact_low (dtype, low);
      high = exact_high (dtype, high);
      if (low >= high)
        return FALSE;
    }
  else if (low < bs_dtype_int_min (dtype) || high - 1 > bs_dtype_int_max (dtype))
    {
      return FALSE;
    }

  range = (guint64) high - (guint64) low;
  for (gsize i = 0; i < n; i++)
    {
      guint64 r = range >= G_GUINT64_CONSTANT (1) << 32 ? mt_next64 (self) : mt_next (self);
      gint64 v = (gint64) (r % range + (guint64) low);

      bs_dtype_store_int ((guint8 *) data + i * bs_dtype_size (dtype), dtype, v);
    }
  return TRUE;
}

void
bs_generator_linear_init (BsGenerator *self,
                          BsDType      dtype,
                          void        *weight,
                          gint64       out_features,
                          gint64       in_features,
                          void        *bias)
{
  double negative_slope, gain, bound;

  g_return_if_fail (self != NULL);
  g_return_if_fail (bs_dtype_is_floating (dtype));
  g_return_if_fail (out_features >= 0 && in_features >= 0);

  /* kaiming_uniform_ skips a tensor with no elements (with a warning). */
  if (out_features > 0 && in_features > 0)
    {
      negative_slope = sqrt (5.0);
      gain = sqrt (2.0 / (1.0 + pow (negative_slope, 2.0)));
      bound = sqrt (3.0) * (gain / sqrt ((double) in_features));
      bs_generator_fill_uniform (self, dtype, weight,
                                 (gsize) (out_features * in_features), -bound, bound);
    }

  if (bias != NULL)
    {
      bound = in_features > 0 ? 1.0 / sqrt ((double) in_features) : 0.0;
      bs_generator_fill_uniform (self, dtype, bias, (gsize) out_features, -bound, bound);
    }
}

/* --- state, as PyTorch's CPUGeneratorImplState -------------------------- */

/* Byte offsets in the state (x86-64 layout of PyTorch's struct). */
enum {
  STATE_INITIAL_SEED = 0,          /* guint64 */
  STATE_LEFT = 8,                  /* int: draws left before the next regeneration, plus 1 */
  STATE_SEEDED = 12,               /* int */
  STATE_NEXT = 16,                 /* guint64: the next word */
  STATE_WORDS = 24,                /* MT_N guint64 */
  STATE_NORMAL_X = STATE_WORDS + 8 * MT_N,
  STATE_NORMAL_Y = STATE_NORMAL_X + 8,
  STATE_NORMAL_RHO = STATE_NORMAL_Y + 8,
  STATE_NORMAL_IS_VALID = STATE_NORMAL_RHO + 8,   /* int */
  STATE_LEGACY_SIZE = STATE_NORMAL_IS_VALID + 8,  /* padded: 5048 */
  STATE_FLOAT_NORMAL = STATE_LEGACY_SIZE,         /* float */
  STATE_FLOAT_NORMAL_IS_VALID = STATE_FLOAT_NORMAL + 4,
};

G_STATIC_ASSERT (STATE_LEGACY_SIZE == 5048);
G_STATIC_ASSERT (STATE_FLOAT_NORMAL_IS_VALID + 4 == BS_GENERATOR_STATE_SIZE);

#define PUT(offset, type, value) \
  G_STMT_START { type v_ = (value); memcpy (state + (offset), &v_, sizeof v_); } G_STMT_END
#define GET(offset, type, var) memcpy (&(var), state + (offset), sizeof (type))

void
bs_generator_get_state (BsGenerator *self,
                        guint8      *state)
{
  g_return_if_fail (self != NULL && state != NULL);

  memset (state, 0, BS_GENERATOR_STATE_SIZE);
  PUT (STATE_INITIAL_SEED, guint64, self->initial_seed);
  PUT (STATE_LEFT, gint32, (gint32) (MT_N + 1 - self->index));
  PUT (STATE_SEEDED, gint32, 1);
  PUT (STATE_NEXT, guint64, self->fresh ? 0 : self->index);
  for (guint i = 0; i < MT_N; i++)
    PUT (STATE_WORDS + 8 * i, guint64, self->state[i]);
  if (self->has_next_normal)
    {
      PUT (STATE_NORMAL_Y, double, self->next_normal);
      PUT (STATE_NORMAL_IS_VALID, gint32, 1);
    }
  if (self->has_next_float_normal)
    {
      PUT (STATE_FLOAT_NORMAL, float, self->next_float_normal);
      state[STATE_FLOAT_NORMAL_IS_VALID] = 1;
    }
}

gboolean
bs_generator_set_state (BsGenerator   *self,
                        const guint8  *state,
                        gsize          size,
                        GError       **error)
{
  BsGenerator next = { 0 };
  gint32 left, seeded, normal_valid;
  guint64 word, next_word;

  g_return_val_if_fail (self != NULL && state != NULL, FALSE);

  if (size != STATE_LEGACY_SIZE && size != BS_GENERATOR_STATE_SIZE)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Expected either a CPUGeneratorImplStateLegacy of size %d or a "
                   "CPUGeneratorImplState "
                   "of size %d but found the input RNG state size to be %" G_GSIZE_FORMAT,
                   STATE_LEGACY_SIZE, BS_GENERATOR_STATE_SIZE, size);
      return FALSE;
    }
  GET (STATE_INITIAL_SEED, guint64, next.initial_seed);
  GET (STATE_LEFT, gint32, left);
  GET (STATE_SEEDED, gint32, seeded);
  GET (STATE_NEXT, guint64, next_word);
  if (!seeded || left <= 0 || left > MT_N || (guint32) next_word > MT_N)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Invalid mt19937 state");
      return FALSE;
    }
  for (guint i = 0; i < MT_N; i++)
    {
      GET (STATE_WORDS + 8 * i, guint64, word);
      next.state[i] = (guint32) word;
    }
  next.index = MT_N + 1 - left;
  next.fresh = next.index == MT_N && (guint32) next_word == 0;
  GET (STATE_NORMAL_IS_VALID, gint32, normal_valid);
  if (normal_valid && size == BS_GENERATOR_STATE_SIZE)
    {
      next.has_next_normal = TRUE;
      GET (STATE_NORMAL_Y, double, next.next_normal);
    }
  else if (normal_valid)
    {
      /* the legacy layout keeps the pair's radius and angle */
      double x, rho;

      GET (STATE_NORMAL_X, double, x);
      GET (STATE_NORMAL_RHO, double, rho);
      next.has_next_normal = TRUE;
      next.next_normal = rho * sin (2.0 * G_PI * x);
    }
  if (size == BS_GENERATOR_STATE_SIZE && state[STATE_FLOAT_NORMAL_IS_VALID])
    {
      next.has_next_float_normal = TRUE;
      GET (STATE_FLOAT_NORMAL, float, next.next_float_normal);
    }
  *self = next;
  return TRUE;
}

guint64
bs_generator_seed (BsGenerator *self)
{
  guint64 seed = 0;
  int fd;

  g_return_val_if_fail (self != NULL, 0);

  /* a nondeterministic seed from the system, as PyTorch reads it */
  fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0 || read (fd, &seed, sizeof seed) != (gssize) sizeof seed)
    seed = (guint64) g_get_real_time () ^ ((guint64) g_get_monotonic_time () << 20);
  if (fd >= 0)
    close (fd);
  bs_generator_manual_seed (self, seed);
  return seed;
}
