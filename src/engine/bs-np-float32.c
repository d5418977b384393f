/* bs-np-float32.c: numpy 1.24's float32 draws of Generator
 *
 * numpy's float ziggurats are its double ones at 23 bits: a layer's threshold is the
 * double threshold shifted down, its width the double width scaled up and rounded to
 * float, its height rounded to float; so they are computed here from bs-np-ziggurat.c's
 * tables. Every expression is float arithmetic as numpy's C (no contraction), with the C
 * library's float functions numpy calls.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-float32.h"

#include <math.h>

#include "bs-np-ziggurat.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

float
bs_np_standard_uniform_f (BsNpBitGen *bitgen)
{
  return (bs_np_bitgen_uint32 (bitgen) >> 8) * (1.0f / 16777216.0f);
}

float
bs_np_standard_normal_f (BsNpBitGen *bitgen)
{
  for (;;)
    {
      guint32 r = bs_np_bitgen_uint32 (bitgen);
      guint layer = r & 0xff;
      gboolean negative = (r >> 8) & 1;
      guint32 magnitude = (r >> 9) & 0x007fffffu;
      float x = magnitude * (float) (bs_np_ziggurat_width[layer] * 0x1p29);

      if (negative)
        x = -x;
      if (magnitude < (bs_np_ziggurat_accept[layer] >> 29))
        return x;
      if (layer == 0)
        {
          for (;;)
            {
              float xx = -(float) BS_NP_ZIGGURAT_INV_R
                         * log1pf (-bs_np_standard_uniform_f (bitgen));
              float yy = -log1pf (-bs_np_standard_uniform_f (bitgen));

              if (yy + yy > xx * xx)
                return ((magnitude >> 8) & 1) ? -((float) BS_NP_ZIGGURAT_R + xx)
                                              : (float) BS_NP_ZIGGURAT_R + xx;
            }
        }
      else
        {
          float above = (float) bs_np_ziggurat_height[layer - 1];
          float height = (float) bs_np_ziggurat_height[layer];

          if ((above - height) * bs_np_standard_uniform_f (bitgen) + height
              < exp (-0.5 * x * x))
            return x;
        }
    }
}

float
bs_np_standard_exponential_f (BsNpBitGen *bitgen)
{
  for (;;)
    {
      guint32 r = bs_np_bitgen_uint32 (bitgen) >> 1;
      guint layer = r & 0xff;
      float x;

      float width = (float) (bs_np_ziggurat_exp_width[layer] * 0x1p30);

      /* numpy's float table rounds this layer's width up, the others to nearest */
      if (layer == 226)
        width = nextafterf (width, INFINITY);
      r >>= 8;
      x = r * width;
      if (r < (bs_np_ziggurat_exp_accept[layer] >> 30))
        return x;
      if (layer == 0)
        return (float) BS_NP_ZIGGURAT_EXP_R - log1pf (-bs_np_standard_uniform_f (bitgen));
      {
        float above = (float) bs_np_ziggurat_exp_height[layer - 1];
        float height = (float) bs_np_ziggurat_exp_height[layer];

        if ((above - height) * bs_np_standard_uniform_f (bitgen) + height < exp (-x))
          return x;
      }
      /* numpy draws a whole new exponential: the same as starting over */
    }
}

float
bs_np_standard_exponential_inv_f (BsNpBitGen *bitgen)
{
  /* in double, rounded once */
  return (float) -log1p (-(double) bs_np_standard_uniform_f (bitgen));
}

float
bs_np_standard_gamma_f (BsNpBitGen *bitgen,
                        float       shape)
{
  if (shape == 1.0f)
    return bs_np_standard_exponential_f (bitgen);
  if (shape == 0.0f)
    return 0.0f;
  if (shape < 1.0f)
    {
      for (;;)
        {
          float u = bs_np_standard_uniform_f (bitgen);
          float v = bs_np_standard_exponential_f (bitgen);
          float x, y;

          if (u <= 1.0f - shape)
            {
              x = powf (u, 1.0f / shape);
              if (x <= v)
                return x;
            }
          else
            {
              y = -logf ((1.0f - u) / shape);
              x = powf (1.0f - shape + shape * y, 1.0f / shape);
              if (x <= v + y)
                return x;
            }
        }
    }
  {
    float b = shape - 1.0f / 3.0f, c = 1.0f / sqrtf (9.0f * b);

    for (;;)
      {
        float x, v, u;

        do
          {
            x = bs_np_standard_normal_f (bitgen);
            v = 1.0f + c * x;
          }
        while (v <= 0.0f);
        v = v * v * v;
        u = bs_np_standard_uniform_f (bitgen);
        if (u < 1.0f - 0.0331f * (x * x) * (x * x))
          return b * v;
        if (logf (u) < 0.5f * x * x + b * (1.0f - v + logf (v)))
          return b * v;
      }
  }
}
