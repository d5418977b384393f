/* bs-plot-style.h: how an artist is drawn (colours, line style, marker, label)
 *
 * A style says only what the script gave; what is unset takes matplotlib's defaults
 * (rcParams) when the artist is made. Doubles are NAN when unset.
 */
#pragma once

#include "bs-plot-color.h"

G_BEGIN_DECLS

typedef enum {
  BS_PLOT_LINESTYLE_UNSET,
  BS_PLOT_LINESTYLE_SOLID,   /* '-' */
  BS_PLOT_LINESTYLE_DASHED,  /* '--' */
  BS_PLOT_LINESTYLE_DASHDOT, /* '-.' */
  BS_PLOT_LINESTYLE_DOTTED,  /* ':' */
  BS_PLOT_LINESTYLE_NONE,    /* '' or 'None' */
} BsPlotLinestyle;

/* Markers are matplotlib's one-character codes ('o', 's', '^', ...); BS_PLOT_MARKER_NONE
 * is none, BS_PLOT_MARKER_UNSET the default. */
#define BS_PLOT_MARKER_UNSET '\0'
#define BS_PLOT_MARKER_NONE  ' '

typedef struct {
  BsPlotColor     color;         /* the line, or the face of patches and markers */
  gboolean        color_set;
  BsPlotColor     edgecolor;     /* of patches and markers */
  gboolean        edgecolor_set;
  BsPlotLinestyle linestyle;
  char            marker;
  double          linewidth;     /* points */
  double          markersize;    /* points */
  double          alpha;
  double          zorder;
  char           *label;         /* owned; NULL or "_..." stays out of the legend */
} BsPlotStyle;

void     bs_plot_style_init          (BsPlotStyle       *style);
void     bs_plot_style_clear         (BsPlotStyle       *style);
void     bs_plot_style_copy          (BsPlotStyle       *dest,
                                      const BsPlotStyle *src);
void     bs_plot_style_set_label     (BsPlotStyle       *style,
                                      const char        *label);
/* plot()'s format string ("r--o", "C2:", "k."), with matplotlib's ValueErrors.
 * Keywords win over the format: only what STYLE leaves unset is taken from FMT. */
gboolean bs_plot_style_parse_format  (BsPlotStyle       *style,
                                      const char        *fmt,
                                      GError           **error);
/* linestyle= as '-', '--', '-.', ':', 'solid', 'dashed', 'dashdot', 'dotted', 'None', ''. */
gboolean bs_plot_style_parse_linestyle (const char      *text,
                                        BsPlotLinestyle *linestyle,
                                        GError         **error);
/* marker= as one of the codes drawn, or 'None' / '' for none. */
gboolean bs_plot_style_parse_marker  (const char        *text,
                                      char              *marker,
                                      GError           **error);
gboolean bs_plot_marker_is_filled    (char               marker);

G_END_DECLS
