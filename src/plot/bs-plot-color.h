/* bs-plot-color.h: colours as matplotlib names them, the default colour cycle
 *
 * A colour is given as matplotlib accepts it: a one-letter name ('r'), a cycle
 * reference ('C3'), a Tableau name ('tab:orange'), a CSS name ('orange'), '#rrggbb',
 * '#rgb', '#rrggbbaa', or a grey level as a string of a number in [0, 1] ('0.8').
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_PLOT_ERROR (bs_plot_error_quark ())

/* The Python exception a plotting error becomes. */
typedef enum {
  BS_PLOT_ERROR_VALUE,  /* ValueError */
  BS_PLOT_ERROR_TYPE,   /* TypeError */
  BS_PLOT_ERROR_FAILED, /* cairo could not draw or encode (OSError) */
} BsPlotError;

GQuark bs_plot_error_quark (void);

typedef struct {
  double r, g, b, a;
} BsPlotColor;

#define BS_PLOT_N_CYCLE 10

/* Parses TEXT; the error names it as matplotlib does ("'foo' is not a valid value for
 * color"), WHAT being the keyword it was given as. */
gboolean    bs_plot_color_parse   (const char   *text,
                                   const char   *what,
                                   BsPlotColor  *color,
                                   GError      **error);
/* The colour cycle's INDEX-th colour (tab10, wrapping). */
BsPlotColor bs_plot_color_cycle   (guint         index);
BsPlotColor bs_plot_color_rgba    (double        r,
                                   double        g,
                                   double        b,
                                   double        a);
BsPlotColor bs_plot_color_hex     (guint32       rgb);

G_END_DECLS
