/* plot-fixtures.h: the figures of the plot tests, from data made by formulas (no random
 * generator) so that the same figures can be drawn with matplotlib to compare */
#pragma once

#include <math.h>

#include "bs-plot-figure.h"

#define GOLDEN  0.6180339887498949
#define PLASTIC 0.7548776662466927

static double
frac (double x)
{
  return x - floor (x);
}

/* plt.plot(x, np.sin(x), label='sin'); plt.plot(x, np.cos(x), 'r--', label='cos') ... */
static BsPlotFigure *
line_figure (void)
{
  BsPlotFigure *figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  double x[100], s[100], c[100];
  BsPlotStyle style;

  for (int i = 0; i < 100; i++)
    {
      x[i] = 0 + i * ((2 * G_PI - 0) / 99);
      s[i] = sin (x[i]);
      c[i] = cos (x[i]);
    }
  bs_plot_style_init (&style);
  bs_plot_style_set_label (&style, "sin");
  bs_plot_axes_plot (ax, x, s, 100, &style);
  bs_plot_style_clear (&style);
  bs_plot_style_init (&style);
  g_assert_true (bs_plot_style_parse_format (&style, "r--", NULL));
  bs_plot_style_set_label (&style, "cos");
  bs_plot_axes_plot (ax, x, c, 100, &style);
  bs_plot_style_clear (&style);
  bs_plot_style_init (&style);
  g_assert_true (bs_plot_style_parse_format (&style, "ko", NULL));
  style.markersize = 4;
  bs_plot_axes_plot (ax, (double[]) { G_PI / 2, 3 * G_PI / 2 }, (double[]) { 1, -1 }, 2,
                     &style);
  bs_plot_style_clear (&style);
  bs_plot_axes_set_title (ax, "Two waves");
  bs_plot_axes_set_label (ax, 0, "x (radians)");
  bs_plot_axes_set_label (ax, 1, "y");
  bs_plot_axes_set_grid (ax, 0, TRUE);
  bs_plot_axes_set_grid (ax, 1, TRUE);
  bs_plot_axes_set_legend (ax, BS_PLOT_LEGEND_BEST);
  return figure;
}

/* plt.scatter(x, y, c=x**2 + y**2); plt.colorbar(); plt.title('Scatter') */
static BsPlotFigure *
scatter_figure (void)
{
  BsPlotFigure *figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  double x[80], y[80], c[80];

  for (int i = 0; i < 80; i++)
    {
      x[i] = 4 * frac ((i + 1) * GOLDEN) - 2;
      y[i] = 4 * frac ((i + 1) * PLASTIC) - 2;
      c[i] = x[i] * x[i] + y[i] * y[i];
    }
  g_assert_nonnull (bs_plot_axes_scatter (ax, x, y, 80, NULL, 0, c, NULL, NULL, NAN, NAN,
                                          NULL, NULL));
  g_assert_true (bs_plot_axes_add_colorbar (ax, NULL));
  bs_plot_axes_set_title (ax, "Scatter");
  return figure;
}

/* plt.hist(d, bins=20); plt.xlabel('value'); plt.ylabel('count') */
static BsPlotFigure *
hist_figure (void)
{
  BsPlotFigure *figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  double d[400];

  for (int i = 0; i < 400; i++)
    d[i] = frac ((i + 1) * GOLDEN) + frac ((i + 1) * PLASTIC) + frac ((i + 1) * G_SQRT2) - 1.5;
  g_assert_nonnull (bs_plot_axes_hist (ax, d, 400, 20, NULL, 0, NAN, NAN, FALSE, NULL, NULL,
                                       NULL, NULL));
  bs_plot_axes_set_label (ax, 0, "value");
  bs_plot_axes_set_label (ax, 1, "count");
  return figure;
}

/* plt.imshow(z) with z[r, c] = sin(c / 2.5) * cos(r / 3) */
static BsPlotFigure *
imshow_figure (void)
{
  BsPlotFigure *figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  double z[12 * 16];

  for (int r = 0; r < 12; r++)
    for (int c = 0; c < 16; c++)
      z[r * 16 + c] = sin (c / 2.5) * cos (r / 3.0);
  g_assert_nonnull (bs_plot_axes_imshow (ax, z, 12, 16, 1, NULL, NAN, NAN, 1.0, FALSE, NULL,
                                         FALSE, NULL, NULL));
  return figure;
}

/* fig, axs = plt.subplots(2, 2): a log plot, bars, a grey imshow, a decision boundary */
static BsPlotFigure *
grid_figure (void)
{
  BsPlotFigure *figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *axs[4];
  double x[30], y[30], heights[5] = { 3, 7, 2, 5, 4 }, pos[5] = { 0, 1, 2, 3, 4 };
  double img[36], gx[25], gy[25], gz[25 * 25], px[40], py[40], pc[40];
  BsPlotStyle style;

  for (int i = 0; i < 4; i++)
    axs[i] = bs_plot_figure_add_subplot (figure, 2, 2, i + 1, NULL);

  for (int i = 0; i < 30; i++)
    {
      x[i] = i;
      y[i] = exp (-0.3 * i) + 1e-3;
    }
  bs_plot_style_init (&style);
  g_assert_true (bs_plot_style_parse_format (&style, "o-", NULL));
  style.markersize = 3;
  bs_plot_axes_plot (axs[0], x, y, 30, &style);
  bs_plot_style_clear (&style);
  bs_plot_axes_set_scale (axs[0], 1, BS_PLOT_SCALE_LOG);
  bs_plot_axes_set_title (axs[0], "loss");

  bs_plot_axes_bar (axs[1], pos, heights, 5, NULL, 0, NULL, 0, FALSE, NULL);
  bs_plot_axes_axline (axs[1], FALSE, 4.2, 0, 1, NULL);
  bs_plot_axes_set_title (axs[1], "bars");

  for (int i = 0; i < 36; i++)
    img[i] = (i % 7) / 6.0;
  g_assert_nonnull (bs_plot_axes_imshow (axs[2], img, 6, 6, 1, "gray", NAN, NAN, 1.0, FALSE,
                                         NULL, FALSE, NULL, NULL));
  bs_plot_axes_set_title (axs[2], "gray");

  for (int i = 0; i < 25; i++)
    gx[i] = gy[i] = -2 + i * (4.0 / 24);
  for (int r = 0; r < 25; r++)
    for (int c = 0; c < 25; c++)
      gz[r * 25 + c] = gx[c] * gx[c] - gy[r];
  g_assert_nonnull (bs_plot_axes_contour (axs[3], gx, gy, gz, 25, 25, 7, NULL, 0, TRUE,
                                          "RdBu", NULL, NULL));
  for (int i = 0; i < 40; i++)
    {
      px[i] = 4 * frac ((i + 1) * GOLDEN) - 2;
      py[i] = 4 * frac ((i + 1) * PLASTIC) - 2;
      pc[i] = px[i] * px[i] - py[i] > 0;
    }
  g_assert_nonnull (bs_plot_axes_scatter (axs[3], px, py, 40, (double[]) { 16 }, 1, pc, NULL,
                                          "RdBu", NAN, NAN, NULL, NULL));
  bs_plot_axes_set_title (axs[3], "boundary");
  bs_plot_figure_set_tight_layout (figure, TRUE);
  return figure;
}
