/* bs-np-format-private.h: numpy's float formatting, shared by the array and scalar forms */
#pragma once

#include "bs-np-format.h"

G_BEGIN_DECLS

/* What numpy does with trailing zeros and the decimal point. */
typedef enum {
  BS_NP_TRIM_KEEP,        /* 'k': keep them, pad with zeros up to the digits asked for */
  BS_NP_TRIM_ZEROS,       /* '.': drop trailing zeros, keep the point ("1.") */
  BS_NP_TRIM_ONE_ZERO,    /* '0': keep one zero after the point ("1.0") */
  BS_NP_TRIM_POINT,       /* '-': drop the point too ("1") */
} BsNpTrim;

/* The options of numpy's dragon4_positional() / dragon4_scientific(). */
typedef struct {
  gboolean  single;       /* the value is a float32: its own shortest digits */
  gboolean  unique;       /* shortest digits that read back; else the exact value */
  gboolean  significant;  /* positional: precision and min_digits count significant
                           * digits, not digits after the point (fractional=False) */
  int       precision;    /* digits after the point at most; -1: no limit */
  int       min_digits;   /* digits after the point at least (unique only); -1: none */
  BsNpTrim  trim;
  gboolean  sign;         /* '+' before positive values */
  int       pad_left;     /* characters before the point at least; -1: none */
  int       pad_right;    /* positional: characters after the point at least; -1: none */
  int       exp_digits;   /* scientific: exponent digits at least; -1: 2 */
} BsNpDragon4;

/* A finite x in positional notation ("1.5", "  0.25 "), appended to out. */
void      bs_np_dragon4_positional  (GString           *out,
                                     double             x,
                                     const BsNpDragon4 *opt);
/* A finite x in scientific notation ("1.5e+16"), appended to out. */
void      bs_np_dragon4_scientific  (GString           *out,
                                     double             x,
                                     const BsNpDragon4 *opt);

/* numpy's FloatingFormat: the common layout of the floats of one array. */
typedef struct {
  BsNpDragon4   d;
  gboolean      exp_format;
  char          sign;
  const char   *nanstr;   /* Borrowed from the options */
  const char   *infstr;   /* Borrowed */
} BsNpFloatFormat;

/* The layout for values[0..n) (the elements shown, so a summary's edges only). */
void      bs_np_float_format_init   (BsNpFloatFormat        *self,
                                     const double           *values,
                                     gsize                   n,
                                     gboolean                single,
                                     const BsNpPrintOptions *o);
void      bs_np_float_format_append (const BsNpFloatFormat  *self,
                                     GString                *out,
                                     double                  x);

G_END_DECLS
