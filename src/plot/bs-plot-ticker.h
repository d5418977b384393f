/* bs-plot-ticker.h: where matplotlib puts ticks and how it writes their labels
 *
 * Linear axes: matplotlib's AutoLocator (MaxNLocator with steps 1, 2, 2.5, 5, 10 and at
 * least two ticks) and ScalarFormatter (an offset or a power of ten written at the axis
 * end when the numbers would be long, as few decimals as tell the ticks apart, U+2212
 * for minus). Log axes: LogLocator at powers of ten, minor ticks at 2..9 times them.
 * Locators may return ticks just outside [vmin, vmax]; the caller draws those inside.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How many intervals fit along an axis LENGTH_PT long whose labels are FONT_PT large
 * (matplotlib's Axis.get_tick_space; X labels take 3 em, Y labels 2 em). */
int      bs_plot_ticker_tick_space  (double      length_pt,
                                     double      font_pt,
                                     gboolean    is_x);
/* MaxNLocator(nbins=NBINS, steps=[1, 2, 2.5, 5, 10], min_n_ticks=MIN_N_TICKS); NBINS as
 * AutoLocator chooses it: the tick space clipped to [1, 9]. */
GArray  *bs_plot_ticker_linear      (double      vmin,
                                     double      vmax,
                                     int         nbins,
                                     int         min_n_ticks);
/* MaxNLocator(nbins=NBINS, steps=STEPS, min_n_ticks=MIN_N_TICKS); STEPS run from 1 to 10
 * (MaxNLocator's own default is 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10). */
GArray  *bs_plot_ticker_max_n       (double        vmin,
                                     double        vmax,
                                     int           nbins,
                                     int           min_n_ticks,
                                     const double *steps,
                                     gsize         n_steps);
/* LogLocator(base 10): MINOR false gives powers of ten (every stride-th), true the 2..9
 * multiples; NUMTICKS is the tick space clipped to [2, 9]. VMIN must be positive. */
GArray  *bs_plot_ticker_log         (double      vmin,
                                     double      vmax,
                                     int         numticks,
                                     gboolean    minor);

typedef struct {
  double offset;         /* subtracted from every label */
  int    order;          /* labels are divided by 10^order */
  int    decimals;       /* "%1.<decimals>f" */
  gboolean empty;        /* no ticks: every label is "" */
} BsPlotTickFormat;

/* ScalarFormatter.set_locs for ticks LOCS on an axis showing [VMIN, VMAX]. */
void     bs_plot_tick_format_init   (BsPlotTickFormat *format,
                                     const double     *locs,
                                     guint             n_locs,
                                     double            vmin,
                                     double            vmax);
char    *bs_plot_tick_format_label  (const BsPlotTickFormat *format,
                                     double                  value);
/* What matplotlib writes at the axis end ("1e6", "+1e5", "1e−3+1e2"), or "". */
char    *bs_plot_tick_format_offset (const BsPlotTickFormat *format);
/* A log axis' label of 10^EXPONENT as Pango markup ("10<sup>2</sup>"). */
char    *bs_plot_tick_format_log    (double                  value);

G_END_DECLS
