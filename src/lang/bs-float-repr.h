/* bs-float-repr.h: Python's repr(float) and format-spec mini-language for floats and ints */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_FORMAT_ERROR (bs_format_error_quark ())

/* The Python exception a bad format spec raises; the message is CPython's. */
typedef enum {
  BS_FORMAT_ERROR_VALUE,     /* ValueError */
  BS_FORMAT_ERROR_OVERFLOW,  /* OverflowError: format(x, 'c') out of range */
} BsFormatError;

GQuark  bs_format_error_quark (void);

/* repr(x) and str(x): the shortest digits that read back as x ("0.1", "1e-05",
 * "1e+16", "1.0", "-0.0", "inf", "nan"). */
char   *bs_float_repr         (double        value);

/* The shortest decimal digits that read back as value > 0 (finite): as a float32
 * when single, else as a double; of several, the nearest. value = 0.DIGITS x 10^decpt,
 * no trailing zeros. */
char   *bs_float_shortest_digits (double      value,
                                  gboolean    single,
                                  int        *decpt);

/* format(x, spec) and f"{x:spec}" for a float. */
char   *bs_float_format       (double        value,
                               const char   *spec,
                               GError      **error);

/* format(n, spec) for an int: d x X o b c n, none, and the float types. */
char   *bs_int_format         (gint64        value,
                               const char   *spec,
                               GError      **error);

G_END_DECLS
