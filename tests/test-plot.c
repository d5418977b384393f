/* test-plot.c: the matplotlib figure model and its drawing
 *
 * Tick positions and labels, format strings, histograms and error messages are checked
 * against what matplotlib 3.6 and numpy 1.24 gave. Reference images live in
 * tests/reference/plot-*.png; after a deliberate change to how figures look, regenerate
 * them, then look at every one before committing it:
 *
 *   BACKSTEP_UPDATE_REFERENCES=1 meson test -C build plot
 */
#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bs-plot-renderer.h"
#include "bs-plot-session.h"
#include "bs-plot-ticker.h"
#include "plot-fixtures.h"

/* A pixel differs when a channel is off by more than this (of 255); at most MAX_DIFFERENT
 * of the pixels may differ: glyph edges move a little between FreeType builds. */
#define CHANNEL_TOLERANCE 40
#define MAX_DIFFERENT     0.005

typedef struct {
  double       lo, hi;
  const char  *locs;     /* matplotlib's get_xticks(), space-separated */
  const char  *labels;   /* its tick labels, '|'-separated */
  const char  *offset;
} TickCase;

/* ax.set_xlim(lo, hi) on plt.subplots()'s axes (9 bins fit), then fig.canvas.draw() */
static const TickCase tick_cases[] = {
  { 0, 1, "0 0.2 0.4 0.6 0.8 1", "0.0|0.2|0.4|0.6|0.8|1.0", "" },
  { -0.05, 1.05, "-0.2 0 0.2 0.4 0.6 0.8 1 1.2", "−0.2|0.0|0.2|0.4|0.6|0.8|1.0|1.2", "" },
  { 0, 10, "0 2 4 6 8 10", "0|2|4|6|8|10", "" },
  { -3.14159, 3.14159, "-4 -3 -2 -1 0 1 2 3 4", "−4|−3|−2|−1|0|1|2|3|4", "" },
  { 0.001, 0.0042, "0.001 0.0015 0.002 0.0025 0.003 0.0035 0.004 0.0045",
    "0.0010|0.0015|0.0020|0.0025|0.0030|0.0035|0.0040|0.0045", "" },
  { 1e6, 5e6, "1e6 1.5e6 2e6 2.5e6 3e6 3.5e6 4e6 4.5e6 5e6",
    "1.0|1.5|2.0|2.5|3.0|3.5|4.0|4.5|5.0", "1e6" },
  { 100000, 100010, "100000 100002 100004 100006 100008 100010", "0|2|4|6|8|10", "+1e5" },
  { -7.5, -2.25, "-8 -7 -6 -5 -4 -3 -2", "−8|−7|−6|−5|−4|−3|−2", "" },
  { 0, 99, "0 20 40 60 80 100", "0|20|40|60|80|100", "" },
  { 3, 3.0001, "3 3.00002 3.00004 3.00006 3.00008 3.0001",
    "0.00000|0.00002|0.00004|0.00006|0.00008|0.00010", "+3" },
  { 1e-7, 5e-7, "1e-7 1.5e-7 2e-7 2.5e-7 3e-7 3.5e-7 4e-7 4.5e-7 5e-7",
    "1.0|1.5|2.0|2.5|3.0|3.5|4.0|4.5|5.0", "1e−7" },
  { -1, 1, "-1 -0.75 -0.5 -0.25 0 0.25 0.5 0.75 1",
    "−1.00|−0.75|−0.50|−0.25|0.00|0.25|0.50|0.75|1.00", "" },
  { 2.5, 1234.5, "0 200 400 600 800 1000 1200 1400", "0|200|400|600|800|1000|1200|1400", "" },
  { 0.95, 1.05, "0.94 0.96 0.98 1 1.02 1.04 1.06", "0.94|0.96|0.98|1.00|1.02|1.04|1.06", "" },
  { 1000.5, 1001.5, "1000.4 1000.6 1000.8 1001 1001.2 1001.4 1001.6",
    "1000.4|1000.6|1000.8|1001.0|1001.2|1001.4|1001.6", "" },
};

static void
test_linear_ticks (void)
{
  /* the default axes is 357 pt wide: 11 label widths, clipped to 9 bins */
  g_assert_cmpint (bs_plot_ticker_tick_space (6.4 * 0.775 * 72, 10, TRUE), ==, 11);
  g_assert_cmpint (bs_plot_ticker_tick_space (4.8 * 0.77 * 72, 10, FALSE), ==, 13);

  for (gsize i = 0; i < G_N_ELEMENTS (tick_cases); i++)
    {
      const TickCase *c = &tick_cases[i];
      g_autoptr(GArray) locs = bs_plot_ticker_linear (c->lo, c->hi, 9, 2);
      g_auto(GStrv) want = g_strsplit (c->locs, " ", -1);
      g_auto(GStrv) labels = g_strsplit (c->labels, "|", -1);
      g_autofree char *offset = NULL;
      BsPlotTickFormat format;

      g_test_message ("xlim(%g, %g)", c->lo, c->hi);
      g_assert_cmpuint (locs->len, ==, g_strv_length (want));
      for (guint k = 0; k < locs->len; k++)
        {
          double expected = g_ascii_strtod (want[k], NULL);
          g_assert_cmpfloat_with_epsilon (g_array_index (locs, double, k), expected,
                                          1e-9 * MAX (1.0, fabs (expected)));
        }
      bs_plot_tick_format_init (&format, (const double *) locs->data, locs->len, c->lo, c->hi);
      for (guint k = 0; k < locs->len; k++)
        {
          g_autofree char *label = bs_plot_tick_format_label (&format,
                                                              g_array_index (locs, double, k));
          g_assert_cmpstr (label, ==, labels[k]);
        }
      offset = bs_plot_tick_format_offset (&format);
      g_assert_cmpstr (offset, ==, c->offset);
    }
}

static void
test_log_ticks (void)
{
  /* ax.set_xscale('log'); ax.set_xlim(lo, hi): get_xticks() */
  static const struct { double lo, hi; int first, last, step; } cases[] = {
    { 1, 1000, -1, 4, 1 },
    { 0.01, 100, -3, 3, 1 },
    { 1e-5, 1e5, -7, 7, 2 },
    { 3, 70, -1, 3, 1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) locs = bs_plot_ticker_log (cases[i].lo, cases[i].hi, 9, FALSE);
      guint k = 0;

      for (int e = cases[i].first; e <= cases[i].last; e += cases[i].step, k++)
        {
          g_assert_cmpuint (k, <, locs->len);
          g_assert_cmpfloat_with_epsilon (g_array_index (locs, double, k), pow (10, e),
                                          1e-9 * pow (10, e));
        }
      g_assert_cmpuint (k, ==, locs->len);
    }
  {
    g_autofree char *label = bs_plot_tick_format_log (0.1);
    g_assert_cmpstr (label, ==, "10<sup>−1</sup>");
  }
}

static void
test_format_strings (void)
{
  static const struct { const char *fmt, *error; } bad[] = {
    { "r-g", "'r-g' is not a valid format string (two color symbols)" },
    { "o^", "'o^' is not a valid format string (two marker symbols)" },
    { "q", "'q' is not a valid format string (unrecognized character 'q')" },
    { "--:", "'--:' is not a valid format string (two linestyle symbols)" },
  };
  BsPlotStyle style;
  BsPlotColor c1;

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      bs_plot_style_init (&style);
      g_assert_false (bs_plot_style_parse_format (&style, bad[i].fmt, &error));
      g_assert_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE);
      g_assert_cmpstr (error->message, ==, bad[i].error);
      bs_plot_style_clear (&style);
    }

  /* 'C1--x': the cycle's orange, dashed, x markers */
  bs_plot_style_init (&style);
  g_assert_true (bs_plot_style_parse_format (&style, "C1--x", NULL));
  g_assert_true (style.color_set);
  g_assert_true (bs_plot_color_parse ("#ff7f0e", NULL, &c1, NULL));
  g_assert_cmpfloat (style.color.g, ==, c1.g);
  g_assert_cmpint (style.linestyle, ==, BS_PLOT_LINESTYLE_DASHED);
  g_assert_cmpint (style.marker, ==, 'x');
  bs_plot_style_clear (&style);

  /* a marker alone draws no line */
  bs_plot_style_init (&style);
  g_assert_true (bs_plot_style_parse_format (&style, "o", NULL));
  g_assert_cmpint (style.linestyle, ==, BS_PLOT_LINESTYLE_NONE);
  bs_plot_style_clear (&style);

  {
    g_autoptr(GError) error = NULL;
    BsPlotColor color;
    g_assert_false (bs_plot_color_parse ("foo", "color", &color, &error));
    g_assert_cmpstr (error->message, ==, "'foo' is not a valid value for color");
  }
}

static void
test_histogram (void)
{
  double d[50];
  g_autoptr(GArray) counts = NULL;
  g_autoptr(GArray) edges = NULL;
  g_autoptr(GArray) density = NULL;
  g_autoptr(GArray) edges2 = NULL;
  /* numpy.histogram(d, bins=7) */
  static const double want_counts[] = { 7, 8, 6, 7, 7, 7, 8 };
  static const double want_edges[] = { -1.94737753, -1.39563002, -0.84388251, -0.29213499,
                                       0.25961252, 0.81136003, 1.36310754, 1.91485505 };
  static const double want_density[] = { 0.2537392501437386, 0.2899877144499871,
                                         0.21749078583749032, 0.2537392501437386,
                                         0.2537392501437386, 0.2537392501437388,
                                         0.2899877144499867 };

  for (int i = 0; i < 50; i++)
    d[i] = frac ((i + 1) * GOLDEN) * 4 - 2;
  g_assert_true (bs_plot_histogram (d, 50, 7, NULL, 0, NAN, NAN, FALSE, &counts, &edges,
                                    NULL));
  g_assert_true (bs_plot_histogram (d, 50, 7, NULL, 0, NAN, NAN, TRUE, &density, &edges2,
                                    NULL));
  g_assert_cmpuint (counts->len, ==, 7);
  for (int i = 0; i < 7; i++)
    {
      g_assert_cmpfloat (g_array_index (counts, double, i), ==, want_counts[i]);
      g_assert_cmpfloat_with_epsilon (g_array_index (density, double, i), want_density[i],
                                      1e-15);
    }
  for (int i = 0; i < 8; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (edges, double, i), want_edges[i], 1e-8);
}

static void
test_autoscale (void)
{
  g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  double lo, hi;

  /* nothing drawn: (0, 1) */
  bs_plot_axes_get_view (ax, 0, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 1);

  /* plt.plot([1, 2, 4]): xlim (-0.1, 2.1), ylim (0.85, 4.15) */
  bs_plot_axes_plot (ax, NULL, (double[]) { 1, 2, 4 }, 3, NULL);
  bs_plot_axes_get_view (ax, 0, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, -0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 2.1, 1e-12);
  bs_plot_axes_get_view (ax, 1, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.85, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 4.15, 1e-12);

  /* plt.bar(...) keeps 0 as the bottom: ylim (0, 7.35) for heights up to 7 */
  {
    g_autoptr(BsPlotFigure) f2 = bs_plot_figure_new (2, 0, 0, 0);
    BsPlotAxes *a2 = bs_plot_figure_gca (f2);
    bs_plot_axes_bar (a2, (double[]) { 0, 1, 2 }, (double[]) { 3, 7, 2 }, 3, NULL, 0, NULL,
                      0, FALSE, NULL);
    bs_plot_axes_get_view (a2, 1, &lo, &hi);
    g_assert_cmpfloat (lo, ==, 0);
    g_assert_cmpfloat_with_epsilon (hi, 7.35, 1e-12);
    /* xlim (-0.54, 2.54) */
    bs_plot_axes_get_view (a2, 0, &lo, &hi);
    g_assert_cmpfloat_with_epsilon (lo, -0.54, 1e-12);
    g_assert_cmpfloat_with_epsilon (hi, 2.54, 1e-12);
  }

  /* imshow of 3 × 4: xlim (-0.5, 3.5), ylim (2.5, -0.5) */
  {
    g_autoptr(BsPlotFigure) f3 = bs_plot_figure_new (3, 0, 0, 0);
    BsPlotAxes *a3 = bs_plot_figure_gca (f3);
    double z[12] = { 0 };
    g_assert_nonnull (bs_plot_axes_imshow (a3, z, 3, 4, 1, NULL, NAN, NAN, 1, FALSE, NULL,
                                           FALSE, NULL, NULL));
    bs_plot_axes_get_view (a3, 0, &lo, &hi);
    g_assert_cmpfloat (lo, ==, -0.5);
    g_assert_cmpfloat (hi, ==, 3.5);
    bs_plot_axes_get_view (a3, 1, &lo, &hi);
    g_assert_cmpfloat (lo, ==, 2.5);
    g_assert_cmpfloat (hi, ==, -0.5);
  }
}

static void
test_colormap (void)
{
  g_autoptr(GError) error = NULL;
  gboolean reversed;
  const BsPlotColormap *viridis = bs_plot_colormap_lookup ("viridis_r", &reversed, NULL);
  BsPlotColor c;

  g_assert_nonnull (viridis);
  g_assert_true (reversed);
  /* matplotlib's viridis(0.0) = #440154, viridis(1.0) = #fde725 */
  c = bs_plot_colormap_map (viridis, FALSE, 0.0);
  g_assert_cmpint ((int) round (c.r * 255), ==, 0x44);
  g_assert_cmpint ((int) round (c.b * 255), ==, 0x54);
  c = bs_plot_colormap_map (viridis, TRUE, 0.0);
  g_assert_cmpint ((int) round (c.g * 255), ==, 0xe7);
  g_assert_null (bs_plot_colormap_lookup ("nope", &reversed, &error));
  g_assert_true (g_str_has_prefix (error->message, "'nope' is not a valid value for cmap"));
}

typedef struct {
  double      zmin, zmax;
  const char *levels;   /* MaxNLocator(8, min_n_ticks=1).tick_values(zmin, zmax) */
} LevelCase;

/* contourf(Z) without levels: the MaxNLocator matplotlib's ContourSet makes has steps
 * 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 (an axis' AutoLocator only 1, 2, 2.5, 5, 10) */
static void
test_contour_levels (void)
{
  static const LevelCase cases[] = {
    { 0, 1, "0 0.15 0.3 0.45 0.6 0.75 0.9 1.05" },
    { 0, 3, "0 0.4 0.8 1.2 1.6 2 2.4 2.8 3.2" },
    { -3.2, 3.2, "-3.2 -2.4 -1.6 -0.8 0 0.8 1.6 2.4 3.2" },
    { 0.2, 0.9, "0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9" },
    { -1, 5, "-1.6 -0.8 0 0.8 1.6 2.4 3.2 4 4.8 5.6" },
    { 1e-3, 7e-3, "0.0008 0.0016 0.0024 0.0032 0.004 0.0048 0.0056 0.0064 0.0072" },
    { 100, 101, "100 100.15 100.3 100.45 100.6 100.75 100.9 101.05" },
  };
  static const double steps[] = { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) ticks = bs_plot_ticker_max_n (cases[i].zmin, cases[i].zmax, 8, 1,
                                                      steps, G_N_ELEMENTS (steps));
      g_auto(GStrv) want = g_strsplit (cases[i].levels, " ", -1);

      g_assert_cmpuint (ticks->len, ==, g_strv_length (want));
      for (guint k = 0; k < ticks->len; k++)
        g_assert_cmpfloat_with_epsilon (g_array_index (ticks, double, k),
                                        g_ascii_strtod (want[k], NULL), 1e-12);
    }
}

static cairo_surface_t *render (BsPlotFigure *figure);

/* The colour drawn at data point (X, Y) of an axes that fills the whole figure and shows
 * [0, 1] × [0, 1] */
static guint32
pixel_at (cairo_surface_t *image,
          double           x,
          double           y)
{
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);
  int px = (int) (x * w), py = (int) ((1 - y) * h);
  const guint8 *row = cairo_image_surface_get_data (image)
                      + (gsize) py * cairo_image_surface_get_stride (image);

  return ((const guint32 *) row)[px] & 0xffffff;
}

/* Filled contours cut each cell as matplotlib does (marching squares on the cell's
 * edges), not along one of its diagonals; a saddle cell joins its upper corners when the
 * mean of its corners is above the level. */
static void
test_contour_cells (void)
{
  static const BsPlotSubplotParams whole = { 0, 1, 0, 1, 0, 0 };
  static const double levels[] = { 0, 0.5, 1 };
  const double grid[] = { 0, 1 };
  /* row-major, rows along y: only the corner (1, 1) is up */
  const double corner[] = { 0, 0, 0, 1 };
  /* corners (0, 0) and (1, 1) up; the mean of the four is 0.4 (apart at 0.5) or 0.6
   * (joined) */
  const double saddle_apart[] = { 0.8, 0, 0, 0.8 };
  const double saddle_joined[] = { 1, 0.2, 0.2, 1 };
  const double *cases[] = { corner, saddle_apart, saddle_joined };
  guint32 upper[3], lower[3], centre[3], near_cut[3];

  for (int i = 0; i < 3; i++)
    {
      g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 4, 4, 50);
      BsPlotAxes *axes = bs_plot_figure_gca (figure);
      cairo_surface_t *image;

      g_assert_true (bs_plot_figure_subplots_adjust (figure, BS_PLOT_ADJUST_LEFT
                                                     | BS_PLOT_ADJUST_RIGHT
                                                     | BS_PLOT_ADJUST_BOTTOM
                                                     | BS_PLOT_ADJUST_TOP, &whole, NULL));
      g_assert_nonnull (bs_plot_axes_contour (axes, grid, grid, cases[i], 2, 2, 7, levels, 3,
                                              TRUE, "viridis", NULL, NULL));
      image = render (figure);
      upper[i] = pixel_at (image, 0.97, 0.97);
      lower[i] = pixel_at (image, 0.3, 0.1);
      centre[i] = pixel_at (image, 0.5, 0.5);
      near_cut[i] = pixel_at (image, 0.6, 0.7);
      cairo_surface_destroy (image);
    }
  /* one corner up: the cut runs from (1, 0.5) to (0.5, 1); (0.6, 0.7) lies below it,
   * where a cut along the diagonal from (0, 0) to (1, 1) would have put it above */
  g_assert_cmpuint (upper[0], !=, lower[0]);
  g_assert_cmpuint (near_cut[0], ==, lower[0]);
  g_assert_cmpuint (centre[0], ==, lower[0]);
  /* the saddle: the middle belongs to the upper band only when the corners' mean is */
  g_assert_cmpuint (centre[1], ==, lower[1]);
  g_assert_cmpuint (centre[2], ==, upper[2]);
  g_assert_cmpuint (upper[1], ==, upper[2]);
}

static cairo_surface_t *
render (BsPlotFigure *figure)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image = bs_plot_figure_to_image (figure, &error);

  g_assert_no_error (error);
  return image;
}

static void
test_same_pixels (void)
{
  g_autoptr(BsPlotFigure) figure = grid_figure ();
  cairo_surface_t *a = render (figure), *b = render (figure);
  int stride = cairo_image_surface_get_stride (a), height = cairo_image_surface_get_height (a);

  g_assert_cmpint (cairo_image_surface_get_width (a), ==, 640);
  g_assert_cmpint (height, ==, 480);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                           (gsize) stride * height), ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static void
compare_with_reference (cairo_surface_t *image,
                        const char      *name)
{
  const char *dir = g_getenv ("BACKSTEP_REFERENCE_DIR");
  g_autofree char *path = NULL;
  cairo_surface_t *reference;
  int w, h, stride, different = 0;

  g_assert_nonnull (dir);
  path = g_strdup_printf ("%s/plot-%s.png", dir, name);
  if (g_getenv ("BACKSTEP_UPDATE_REFERENCES") != NULL)
    g_assert_cmpint (cairo_surface_write_to_png (image, path), ==, CAIRO_STATUS_SUCCESS);

  reference = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (reference), ==, CAIRO_STATUS_SUCCESS);
  w = cairo_image_surface_get_width (image);
  h = cairo_image_surface_get_height (image);
  g_assert_cmpint (cairo_image_surface_get_width (reference), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (reference), ==, h);
  g_assert_cmpint (cairo_image_surface_get_stride (reference), ==,
                   cairo_image_surface_get_stride (image));
  stride = cairo_image_surface_get_stride (image);
  for (int y = 0; y < h; y++)
    {
      const guint8 *a = cairo_image_surface_get_data (image) + (gsize) y * stride;
      const guint8 *b = cairo_image_surface_get_data (reference) + (gsize) y * stride;
      for (int x = 0; x < w * 4; x += 4)
        for (int k = 0; k < 4; k++)
          if (ABS ((int) a[x + k] - (int) b[x + k]) > CHANNEL_TOLERANCE)
            {
              different++;
              break;
            }
    }
  g_test_message ("%s: %d of %d pixels differ", name, different, w * h);
  g_assert_cmpint (different, <=, (int) (MAX_DIFFERENT * w * h));
  cairo_surface_destroy (reference);
}

static void
test_reference (gconstpointer data)
{
  const char *name = data;
  g_autoptr(BsPlotFigure) figure = NULL;
  cairo_surface_t *image;

  if (strcmp (name, "line") == 0)
    figure = line_figure ();
  else if (strcmp (name, "scatter") == 0)
    figure = scatter_figure ();
  else if (strcmp (name, "hist") == 0)
    figure = hist_figure ();
  else if (strcmp (name, "imshow") == 0)
    figure = imshow_figure ();
  else
    figure = grid_figure ();
  image = render (figure);
  compare_with_reference (image, name);
  cairo_surface_destroy (image);
}

/* Data no plot can show draws an image all the same, without a crash or a hang */
static void
test_hostile_data (void)
{
  g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *axs[4];
  double y[5] = { NAN, 1, INFINITY, -INFINITY, 2 }, none[1] = { 0 }, z[4] = { NAN, NAN, NAN, NAN };
  double lo, hi;
  cairo_surface_t *image;

  for (int i = 0; i < 4; i++)
    axs[i] = bs_plot_figure_add_subplot (figure, 2, 2, i + 1, NULL);
  bs_plot_axes_plot (axs[0], NULL, y, 5, NULL);
  bs_plot_axes_plot (axs[0], NULL, none, 0, NULL);
  /* only the finite points count: plt.plot([nan, 1, inf, -inf, 2]) shows x from 0.85 to
   * 4.15, y from 0.95 to 2.05 */
  bs_plot_axes_get_view (axs[0], 0, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.85, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 4.15, 1e-12);
  bs_plot_axes_get_view (axs[0], 1, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.95, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 2.05, 1e-12);

  /* nothing positive on a log axis; equal limits */
  bs_plot_axes_plot (axs[1], NULL, (double[]) { -1, -2, 0 }, 3, NULL);
  bs_plot_axes_set_scale (axs[1], 1, BS_PLOT_SCALE_LOG);
  bs_plot_axes_set_limits (axs[1], 0, 3, 3);
  bs_plot_axes_get_view (axs[1], 0, &lo, &hi);
  g_assert_cmpfloat (lo, <, hi);

  g_assert_nonnull (bs_plot_axes_contour (axs[2], (double[]) { 0, 1 }, (double[]) { 0, 1 }, z,
                                          2, 2, 7, NULL, 0, TRUE, NULL, NULL, NULL));
  bs_plot_axes_set_ticks (axs[2], 0, (double[]) { 0, 0.5, 7 }, 3,
                          (const char *[]) { "zero", "half", "outside" });
  bs_plot_axes_set_ticks (axs[2], 1, (double[]) { 0.25 }, 1, NULL);
  bs_plot_axes_set_limits (axs[3], 1, 1e300, -1e300);
  bs_plot_axes_plot (axs[3], NULL, (double[]) { 1e-300, 1e300 }, 2, NULL);
  g_assert_nonnull (bs_plot_axes_hist (axs[3], none, 0, 10, NULL, 0, NAN, NAN, TRUE, NULL,
                                       NULL, NULL, NULL));
  bs_plot_axes_set_legend (axs[3], BS_PLOT_LEGEND_BEST);
  bs_plot_axes_set_title (axs[3], "huge");
  bs_plot_axes_set_text_size (axs[3], -1, 500);
  bs_plot_axes_set_label (axs[3], 1, "tiny");
  bs_plot_axes_set_text_size (axs[3], 1, 0.01);
  bs_plot_figure_set_tight_layout (figure, TRUE);
  image = render (figure);
  cairo_surface_destroy (image);
}

static void
test_export (void)
{
  g_autoptr(BsPlotFigure) figure = line_figure ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = bs_plot_figure_to_bytes (figure, BS_PLOT_FORMAT_PNG, &error);
  g_autoptr(GBytes) svg = bs_plot_figure_to_bytes (figure, BS_PLOT_FORMAT_SVG, &error);
  g_autoptr(GBytes) pdf = bs_plot_figure_to_bytes (figure, BS_PLOT_FORMAT_PDF, &error);
  g_autofree char *svg_text = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-plot-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "figure-1.pdf", NULL);
  g_autofree char *written = NULL;
  gsize size;
  BsPlotFormat format;

  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (png, NULL), 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (g_bytes_get_data (pdf, NULL), 5, "%PDF-", 5);
  svg_text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
  /* matplotlib's SVG of a 6.4 × 4.8 in figure is 460.8 × 345.6 pt */
  g_assert_nonnull (strstr (svg_text, "width=\"460.8pt\""));
  g_assert_nonnull (strstr (svg_text, "height=\"345.6pt\""));

  g_assert_true (bs_plot_figure_write (figure, BS_PLOT_FORMAT_PDF, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, &size, NULL));
  g_assert_cmpuint (size, >, 1000);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  g_assert_true (bs_plot_format_from_name ("SVG", &format, NULL));
  g_assert_cmpint (format, ==, BS_PLOT_FORMAT_SVG);
  g_assert_false (bs_plot_format_from_name ("jpg", &format, &error));
  g_assert_cmpstr (error->message, ==,
                   "Format 'jpg' is not supported (supported formats: pdf, png, svg)");
}

static void
test_subplots (void)
{
  g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
  g_autoptr(GError) error = NULL;
  BsPlotAxes *a = bs_plot_figure_add_subplot (figure, 2, 1, 1, NULL);
  BsPlotAxes *b;

  /* the same cell again is the same axes */
  g_assert_true (bs_plot_figure_add_subplot (figure, 2, 1, 1, NULL) == a);
  b = bs_plot_figure_add_subplot (figure, 2, 1, 2, NULL);
  g_assert_true (bs_plot_figure_gca (figure) == b);
  g_assert_cmpuint (figure->axes->len, ==, 2);
  /* subplot(1, 1, 1) covers both: they are replaced */
  bs_plot_figure_add_subplot (figure, 1, 1, 1, NULL);
  g_assert_cmpuint (figure->axes->len, ==, 1);
  g_assert_null (bs_plot_figure_add_subplot (figure, 2, 2, 5, &error));
  g_assert_cmpstr (error->message, ==, "num must be an integer with 1 <= num <= 4, not 5");
}

static void
keep_shown (BsPlotFigure *figure,
            gpointer      user_data)
{
  g_ptr_array_add (user_data, bs_plot_figure_ref (figure));
}

/* pyplot's figure numbering, close() and show() */
static void
test_session (void)
{
  g_autoptr(BsPlotSession) session = bs_plot_session_new ();
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_figure_unref);
  g_autoptr(BsPlotFigure) held = NULL;
  BsPlotFigure *f1, *f5, *f6;
  BsPlotAxes *ax;
  cairo_surface_t *before, *after;

  bs_plot_session_set_show_func (session, keep_shown, shown);
  /* plt.plot() with no figure makes figure 1 */
  ax = bs_plot_session_gca (session);
  f1 = bs_plot_session_gcf (session);
  g_assert_cmpint (f1->number, ==, 1);
  bs_plot_axes_plot (ax, NULL, (double[]) { 1, 3, 2 }, 3, NULL);
  /* plt.figure(5), then plt.figure() is 6; figure(1) goes back to 1 */
  f5 = bs_plot_session_figure (session, 5, 3, 2, 0);
  g_assert_cmpfloat (f5->width, ==, 3);
  f6 = bs_plot_session_figure (session, 0, 0, 0, 0);
  g_assert_cmpint (f6->number, ==, 6);
  g_assert_true (bs_plot_session_figure (session, 1, 0, 0, 0) == f1);
  /* closing the current figure makes the one current before it current again */
  g_assert_true (bs_plot_session_close (session, 1));
  g_assert_true (bs_plot_session_gcf (session) == f6);
  g_assert_false (bs_plot_session_close (session, 1));
  g_assert_true (bs_plot_session_close (session, 6));
  g_assert_true (bs_plot_session_gcf (session) == f5);

  /* show() hands over copies in number order and closes every figure */
  bs_plot_axes_plot (bs_plot_figure_gca (f5), NULL, (double[]) { 1, 2 }, 2, NULL);
  held = bs_plot_figure_ref (f5);   /* as a script's `fig = plt.figure(5)` */
  bs_plot_session_figure (session, 2, 0, 0, 0);
  g_assert_cmpuint (bs_plot_session_show (session), ==, 2);
  g_assert_cmpuint (shown->len, ==, 2);
  g_assert_cmpint (((BsPlotFigure *) g_ptr_array_index (shown, 0))->number, ==, 2);
  g_assert_cmpint (((BsPlotFigure *) g_ptr_array_index (shown, 1))->number, ==, 5);
  g_assert_cmpuint (bs_plot_session_get_figures (session)->len, ==, 0);
  /* the copy draws as the figure did; what the script does to the figure later does not
   * reach it */
  before = render (held);
  bs_plot_axes_set_title (bs_plot_figure_gca (held), "later");
  bs_plot_axes_plot (bs_plot_figure_gca (held), NULL, (double[]) { 5, 1 }, 2, NULL);
  after = render (g_ptr_array_index (shown, 1));
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (before),
                           cairo_image_surface_get_data (after),
                           (gsize) cairo_image_surface_get_stride (before)
                           * cairo_image_surface_get_height (before)), ==, 0);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  /* a new plot after show() makes a new figure 1 */
  g_assert_cmpint (bs_plot_session_gcf (session)->number, ==, 1);
}

/* axis('equal'): matplotlib 3.6's limits after fig.canvas.draw() on plt.subplots()'s
 * axes, 496 × 369.6 px */
static void
test_datalim (void)
{
  static const struct {
    double x[2], y[2];
    gboolean invert_y;
    double want[2][2];
  } cases[] = {
    /* ax.plot([0, 1], [0, 1]); ax.axis('equal') */
    { { 0, 1 }, { 0, 1 }, FALSE, { { -0.23809523809523825, 1.2380952380952381 }, { -0.05, 1.05 } } },
    /* ax.plot([0, 10], [0, 1]); ax.axis('equal') */
    { { 0, 10 }, { 0, 1 }, FALSE, { { -0.5, 10.5 }, { -3.598387096774193, 4.598387096774193 } } },
    /* ax.plot([0, 1], [0, 10]); ax.set_ylim(10, 0); ax.set_aspect('equal', 'datalim') */
    { { 0, 1 }, { 0, 10 }, TRUE, { { -6.20995670995671, 7.20995670995671 }, { 10, 0 } } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
      BsPlotAxes *ax = bs_plot_figure_gca (figure);
      double view[2][2];

      bs_plot_axes_plot (ax, cases[i].x, cases[i].y, 2, NULL);
      if (cases[i].invert_y)
        bs_plot_axes_set_limits (ax, 1, 10, 0);
      bs_plot_axes_set_aspect (ax, 1.0, TRUE);
      for (int a = 0; a < 2; a++)
        bs_plot_axes_get_view (ax, a, &view[a][0], &view[a][1]);
      bs_plot_axes_apply_datalim (ax, 496.0, 369.59999999999997, view);
      for (int a = 0; a < 2; a++)
        for (int e = 0; e < 2; e++)
          g_assert_cmpfloat_with_epsilon (view[a][e], cases[i].want[a][e], 1e-12);
    }
}

/* step(): the line turns at each point ('pre': up first, 'post': along first, 'mid':
 * halfway); barh's bars grow along X from their left edge, which autoscaling keeps */
static void
test_steps_and_barh (void)
{
  static const BsPlotSubplotParams whole = { 0, 1, 0, 1, 0, 0 };
  static const BsPlotSteps kinds[] = { BS_PLOT_STEPS_PRE, BS_PLOT_STEPS_POST, BS_PLOT_STEPS_MID };
  /* (0, 0.1) to (1, 0.9): where each drawstyle passes */
  static const double on[3][2] = { { 0.02, 0.9 }, { 0.98, 0.1 }, { 0.5, 0.5 } };
  static const double off[3][2] = { { 0.98, 0.1 }, { 0.02, 0.9 }, { 0.02, 0.9 } };

  for (int i = 0; i < 3; i++)
    {
      g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 4, 4, 50);
      BsPlotAxes *axes = bs_plot_figure_gca (figure);
      BsPlotArtist *line;
      cairo_surface_t *image;

      g_assert_true (bs_plot_figure_subplots_adjust (figure, BS_PLOT_ADJUST_LEFT
                                                     | BS_PLOT_ADJUST_RIGHT
                                                     | BS_PLOT_ADJUST_BOTTOM
                                                     | BS_PLOT_ADJUST_TOP, &whole, NULL));
      bs_plot_axes_set_limits (axes, 0, 0, 1);
      bs_plot_axes_set_limits (axes, 1, 0, 1);
      line = bs_plot_axes_plot (axes, (double[]) { 0, 1 }, (double[]) { 0.1, 0.9 }, 2, NULL);
      line->steps = kinds[i];
      image = render (figure);
      g_assert_cmpuint (pixel_at (image, on[i][0], on[i][1]), !=, 0xffffff);
      g_assert_cmpuint (pixel_at (image, off[i][0], off[i][1]), ==, 0xffffff);
      cairo_surface_destroy (image);
    }

  {
    g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
    BsPlotAxes *axes = bs_plot_figure_gca (figure);
    double lo, hi;

    /* ax.barh([1, 2], [3, 4]): xlim (0.0, 4.2), ylim (0.51, 2.49) */
    bs_plot_axes_barh (axes, (double[]) { 1, 2 }, (double[]) { 3, 4 }, 2, NULL, 0, NULL, 0,
                       FALSE, NULL);
    bs_plot_axes_get_view (axes, 0, &lo, &hi);
    g_assert_cmpfloat (lo, ==, 0);
    g_assert_cmpfloat_with_epsilon (hi, 4.2, 1e-12);
    bs_plot_axes_get_view (axes, 1, &lo, &hi);
    g_assert_cmpfloat_with_epsilon (lo, 0.51, 1e-12);
    g_assert_cmpfloat_with_epsilon (hi, 2.49, 1e-12);
    /* then ax.margins(0.2, 0): xlim (0.0, 4.8), ylim (0.6, 2.4) */
    axes->axis[0].margin = 0.2;
    axes->axis[1].margin = 0;
    bs_plot_axes_get_view (axes, 0, &lo, &hi);
    g_assert_cmpfloat (lo, ==, 0);
    g_assert_cmpfloat_with_epsilon (hi, 4.8, 1e-12);
    bs_plot_axes_get_view (axes, 1, &lo, &hi);
    g_assert_cmpfloat_with_epsilon (lo, 0.6, 1e-12);
    g_assert_cmpfloat_with_epsilon (hi, 2.4, 1e-12);
  }
}

/* Dark pixels (any channel under 128) in a rectangle of an image */
static int
dark_pixels (cairo_surface_t *image,
             int              x0,
             int              y0,
             int              x1,
             int              y1)
{
  int stride = cairo_image_surface_get_stride (image), count = 0;
  const guint8 *data = cairo_image_surface_get_data (image);

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guint8 *p = data + (gsize) y * stride + 4 * x;
        count += p[0] < 128 || p[1] < 128 || p[2] < 128;
      }
  return count;
}

/* axis('off'): no spines, ticks or labels, the title stays; texts are drawn where their
 * alignment puts them, also outside the axes */
static void
test_axis_off_and_text (void)
{
  g_autoptr(BsPlotFigure) figure = bs_plot_figure_new (1, 0, 0, 0);
  BsPlotAxes *ax = bs_plot_figure_gca (figure);
  cairo_surface_t *image;

  /* the axes' box is (80, 57.6) to (576, 427.2); data (0, 0)-(1, 1) with no margins */
  bs_plot_axes_set_limits (ax, 0, 0, 1);
  bs_plot_axes_set_limits (ax, 1, 0, 1);
  bs_plot_axes_set_label (ax, 0, "xlabel");
  bs_plot_axes_set_title (ax, "title");
  bs_plot_axes_text (ax, 0.5, 0.5, "MMMM", 20, BS_PLOT_TEXT_CENTER, BS_PLOT_TEXT_CENTER, FALSE,
                     0, 0, NULL);
  bs_plot_axes_text (ax, 1.05, 0.5, "out", 10, BS_PLOT_TEXT_START, BS_PLOT_TEXT_BASELINE,
                     FALSE, 0, 0, NULL);
  image = render (figure);
  /* spines and tick labels */
  g_assert_cmpint (dark_pixels (image, 0, 425, 640, 480), >, 100);
  g_assert_cmpint (dark_pixels (image, 0, 100, 76, 400), >, 50);
  cairo_surface_destroy (image);

  bs_plot_axes_set_axis_on (ax, FALSE);
  image = render (figure);
  g_assert_cmpint (dark_pixels (image, 0, 425, 640, 480), ==, 0);
  g_assert_cmpint (dark_pixels (image, 0, 60, 78, 420), ==, 0);
  /* the title above the box */
  g_assert_cmpint (dark_pixels (image, 280, 20, 360, 52), >, 20);
  /* "MMMM" centred on (328, 242.4): as much ink left and right; its box (with the depth
   * of "p") centred, so the ink spans rows 229 to 249 as matplotlib draws it */
  {
    int left = dark_pixels (image, 250, 205, 328, 280), right = dark_pixels (image, 328, 205, 406, 280);
    g_assert_cmpint (left, >, 100);
    g_assert_cmpint (ABS (left - right), <, left / 10);
    g_assert_cmpint (dark_pixels (image, 250, 228, 406, 251), ==,
                     dark_pixels (image, 200, 150, 456, 330));
    g_assert_cmpint (dark_pixels (image, 250, 228, 406, 232), >, 10);
    g_assert_cmpint (dark_pixels (image, 250, 247, 406, 251), >, 10);
  }
  /* "out" right of the axes at x = 600.8, its baseline at y = 242.4: ink above only */
  g_assert_cmpint (dark_pixels (image, 600, 230, 625, 243), >, 10);
  g_assert_cmpint (dark_pixels (image, 600, 244, 625, 265), ==, 0);
  g_assert_cmpint (dark_pixels (image, 590, 230, 600, 243), ==, 0);
  cairo_surface_destroy (image);

  /* cla() empties the axes and turns the axis on again */
  bs_plot_axes_clear (ax);
  g_assert_cmpuint (ax->artists->len, ==, 0);
  g_assert_true (ax->axis_on);
  g_assert_null (ax->title);
}

/* pause() and show() in interactive mode show every open figure and keep it open */
static void
test_session_show_open (void)
{
  g_autoptr(BsPlotSession) session = bs_plot_session_new ();
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_figure_unref);
  BsPlotAxes *ax;

  bs_plot_session_set_show_func (session, keep_shown, shown);
  ax = bs_plot_session_gca (session);
  bs_plot_axes_plot (ax, NULL, (double[]) { 1, 3 }, 2, NULL);
  g_assert_cmpuint (bs_plot_session_show_open (session), ==, 1);
  bs_plot_axes_plot (ax, NULL, (double[]) { 2, 1 }, 2, NULL);
  g_assert_cmpuint (bs_plot_session_show_open (session), ==, 1);
  g_assert_cmpuint (shown->len, ==, 2);
  g_assert_cmpuint (((BsPlotFigure *) g_ptr_array_index (shown, 0))->axes->len, ==, 1);
  g_assert_cmpuint (((BsPlotAxes *) ((BsPlotFigure *) g_ptr_array_index (shown, 0))->axes->pdata[0])->artists->len, ==, 1);
  g_assert_cmpuint (((BsPlotAxes *) ((BsPlotFigure *) g_ptr_array_index (shown, 1))->axes->pdata[0])->artists->len, ==, 2);
  g_assert_true (bs_plot_session_gca (session) == ax);
  /* clf() keeps the axes a script holds, undrawn */
  bs_plot_figure_clear (bs_plot_session_gcf (session));
  g_assert_cmpuint (bs_plot_session_gcf (session)->axes->len, ==, 0);
  g_assert_cmpuint (ax->artists->len, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot/ticker/linear", test_linear_ticks);
  g_test_add_func ("/plot/ticker/log", test_log_ticks);
  g_test_add_func ("/plot/style/format-strings", test_format_strings);
  g_test_add_func ("/plot/histogram", test_histogram);
  g_test_add_func ("/plot/axes/autoscale", test_autoscale);
  g_test_add_func ("/plot/colormap", test_colormap);
  g_test_add_func ("/plot/contour/levels", test_contour_levels);
  g_test_add_func ("/plot/contour/cells", test_contour_cells);
  g_test_add_func ("/plot/figure/subplots", test_subplots);
  g_test_add_func ("/plot/session", test_session);
  g_test_add_func ("/plot/session/show-open", test_session_show_open);
  g_test_add_func ("/plot/axes/datalim", test_datalim);
  g_test_add_func ("/plot/draw/steps-barh", test_steps_and_barh);
  g_test_add_func ("/plot/draw/axis-off-text", test_axis_off_and_text);
  g_test_add_func ("/plot/draw/same-pixels", test_same_pixels);
  g_test_add_data_func ("/plot/draw/line", "line", test_reference);
  g_test_add_data_func ("/plot/draw/scatter", "scatter", test_reference);
  g_test_add_data_func ("/plot/draw/hist", "hist", test_reference);
  g_test_add_data_func ("/plot/draw/imshow", "imshow", test_reference);
  g_test_add_data_func ("/plot/draw/grid", "grid", test_reference);
  g_test_add_func ("/plot/draw/hostile-data", test_hostile_data);
  g_test_add_func ("/plot/export", test_export);
  return g_test_run ();
}
