/* bs-plot-ticker.c: where matplotlib puts ticks and how it writes their labels */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-ticker.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define MINUS "\xe2\x88\x92"  /* U+2212, axes.unicode_minus */

/* Python's divmod of two floats (the floor quotient, a remainder of the divisor's sign):
 * the locator's arithmetic must round exactly as matplotlib's does. */
static void
py_divmod (double  x,
           double  y,
           double *quotient,
           double *remainder)
{
  double mod = fmod (x, y);
  double div = (x - mod) / y;
  double floordiv;

  if (mod != 0.0)
    {
      if ((y < 0) != (mod < 0))
        {
          mod += y;
          div -= 1.0;
        }
    }
  else
    mod = copysign (0.0, y);
  if (div != 0.0)
    {
      floordiv = floor (div);
      if (div - floordiv > 0.5)
        floordiv += 1.0;
    }
  else
    floordiv = copysign (0.0, x / y);
  *quotient = floordiv;
  *remainder = mod;
}

static double
py_floordiv (double x,
             double y)
{
  double q, r;

  py_divmod (x, y, &q, &r);
  return q;
}

int
bs_plot_ticker_tick_space (double   length_pt,
                           double   font_pt,
                           gboolean is_x)
{
  double size = font_pt * (is_x ? 3.0 : 2.0);

  if (size <= 0)
    return G_MAXINT;
  return (int) floor (length_pt / size);
}

/* transforms.nonsingular */
static void
nonsingular (double *vmin,
             double *vmax,
             double  expander,
             double  tiny)
{
  double maxabs;

  if (!isfinite (*vmin) || !isfinite (*vmax))
    {
      *vmin = -expander;
      *vmax = expander;
      return;
    }
  if (*vmax < *vmin)
    {
      double t = *vmin;
      *vmin = *vmax;
      *vmax = t;
    }
  maxabs = MAX (fabs (*vmin), fabs (*vmax));
  if (maxabs < (1e6 / tiny) * DBL_MIN)
    {
      *vmin = -expander;
      *vmax = expander;
    }
  else if (*vmax - *vmin <= maxabs * tiny)
    {
      if (*vmax == 0 && *vmin == 0)
        {
          *vmin = -expander;
          *vmax = expander;
        }
      else
        {
          *vmin -= expander * fabs (*vmin);
          *vmax += expander * fabs (*vmax);
        }
    }
}

/* _Edge_integer.closeto */
static gboolean
close_to (double ms,
          double edge,
          double step,
          double offset)
{
  double tol = 1e-10;

  if (offset > 0)
    {
      double digits = log10 (offset / step);
      tol = MIN (0.4999, MAX (1e-10, pow (10, digits - 12)));
    }
  return fabs (ms - edge) < tol;
}

GArray *
bs_plot_ticker_linear (double vmin,
                       double vmax,
                       int    nbins,
                       int    min_n_ticks)
{
  static const double axis_steps[] = { 1, 2, 2.5, 5, 10 };

  return bs_plot_ticker_max_n (vmin, vmax, nbins, min_n_ticks,
                               axis_steps, G_N_ELEMENTS (axis_steps));
}

GArray *
bs_plot_ticker_max_n (double        vmin,
                      double        vmax,
                      int           nbins,
                      int           min_n_ticks,
                      const double *steps,
                      gsize         n_steps)
{
  g_autofree double *base_steps = g_new (double, 2 * n_steps);
  gsize n_base = 0;
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  double dv, meanv, offset = 0, scale, raw_step, lo, hi;
  int istep = 0;

  g_return_val_if_fail (n_steps >= 2, ticks);
  /* MaxNLocator._staircase: a tenth of each step but the last, the steps, ten times the
   * second */
  for (gsize i = 0; i + 1 < n_steps; i++)
    base_steps[n_base++] = 0.1 * steps[i];
  for (gsize i = 0; i < n_steps; i++)
    base_steps[n_base++] = steps[i];
  base_steps[n_base++] = 10 * steps[1];

  nonsingular (&vmin, &vmax, 1e-13, 1e-14);
  nbins = MAX (nbins, 1);
  /* scale_range */
  dv = fabs (vmax - vmin);
  meanv = (vmax + vmin) / 2;
  if (fabs (meanv) / dv >= 100)
    offset = copysign (pow (10, py_floordiv (log10 (fabs (meanv)), 1)), meanv);
  scale = pow (10, py_floordiv (log10 (dv / nbins), 1));
  lo = vmin - offset;
  hi = vmax - offset;
  raw_step = (hi - lo) / nbins;
  while (istep < (int) n_base - 1 && base_steps[istep] * scale < raw_step)
    istep++;

  for (; istep >= 0; istep--)
    {
      double step = base_steps[istep] * scale;
      double best_vmin = py_floordiv (lo, step) * step;
      double d, m, low, high;
      int visible = 0;

      /* Edge_integer(step, offset).le / .ge */
      py_divmod (lo - best_vmin, step, &d, &m);
      low = close_to (m / step, 1, step, fabs (offset)) ? d + 1 : d;
      py_divmod (hi - best_vmin, step, &d, &m);
      high = close_to (m / step, 0, step, fabs (offset)) ? d : d + 1;

      g_array_set_size (ticks, 0);
      for (double k = low; k <= high && ticks->len < 1000; k++)
        {
          double t = k * step + best_vmin;
          if (t <= hi && t >= lo)
            visible++;
          g_array_append_val (ticks, t);
        }
      if (visible >= min_n_ticks)
        break;
    }
  for (guint i = 0; i < ticks->len; i++)
    g_array_index (ticks, double, i) += offset;
  return ticks;
}

GArray *
bs_plot_ticker_log (double   vmin,
                    double   vmax,
                    int      numticks,
                    gboolean minor)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  double log_vmin, log_vmax;
  int numdec, stride;

  g_return_val_if_fail (vmin > 0 && vmax > 0, ticks);

  if (vmax < vmin)
    {
      double t = vmin;
      vmin = vmax;
      vmax = t;
    }
  log_vmin = log (vmin) / log (10);
  log_vmax = log (vmax) / log (10);
  numdec = (int) (floor (log_vmax) - ceil (log_vmin));
  if (minor && numdec > 10)
    return ticks;
  stride = (numdec + 1) / numticks + 1;
  if (stride >= numdec)
    stride = MAX (1, numdec - 1);
  if (minor && stride != 1)
    return ticks;

  for (double e = floor (log_vmin) - stride; e < ceil (log_vmax) + 2 * stride; e += stride)
    {
      double decade = pow (10, e);
      if (!minor)
        g_array_append_val (ticks, decade);
      else
        for (int s = 2; s < 10; s++)
          {
            double t = s * decade;
            g_array_append_val (ticks, t);
          }
    }

  if (minor)
    {
      int visible = 0;
      for (guint i = 0; i < ticks->len; i++)
        {
          double t = g_array_index (ticks, double, i);
          visible += t >= vmin && t <= vmax;
        }
      if (visible <= 1)
        {
          g_array_unref (ticks);
          return bs_plot_ticker_linear (vmin, vmax, 9, 2);
        }
    }
  return ticks;
}

void
bs_plot_tick_format_init (BsPlotTickFormat *format,
                          const double     *locs,
                          guint             n_locs,
                          double            vmin,
                          double            vmax)
{
  double lmin = INFINITY, lmax = -INFINITY, absmax = 0, range, thresh;
  double values[n_locs + 2];
  guint n_visible = 0, n_values = 0;
  int range_oom, sigfigs;

  memset (format, 0, sizeof *format);
  if (n_locs == 0)
    {
      format->empty = TRUE;
      return;
    }
  if (vmax < vmin)
    {
      double t = vmin;
      vmin = vmax;
      vmax = t;
    }
  for (guint i = 0; i < n_locs; i++)
    if (locs[i] >= vmin && locs[i] <= vmax)
      {
        lmin = MIN (lmin, locs[i]);
        lmax = MAX (lmax, locs[i]);
        absmax = MAX (absmax, fabs (locs[i]));
        n_visible++;
      }

  /* _compute_offset: only when it saves at least 4 digits (offset_threshold) */
  if (n_visible > 0 && lmin != lmax && !(lmin <= 0 && 0 <= lmax))
    {
      double abs_min = MIN (fabs (lmin), fabs (lmax)), abs_max = MAX (fabs (lmin), fabs (lmax));
      double sign = copysign (1, lmin);
      double oom_max = ceil (log10 (abs_max)), oom = oom_max;

      /* (bounded: powers of ten below 1e-330 are zero) */
      while (oom > -330
             && py_floordiv (abs_min, pow (10, oom)) == py_floordiv (abs_max, pow (10, oom)))
        oom--;
      oom += 1;
      if ((abs_max - abs_min) / pow (10, oom) <= 1e-2)
        {
          oom = oom_max;
          while (oom > -330
                 && !(py_floordiv (abs_max, pow (10, oom))
                      - py_floordiv (abs_min, pow (10, oom)) > 1))
            oom--;
          oom += 1;
        }
      if (py_floordiv (abs_max, pow (10, oom)) >= 1000)
        format->offset = sign * py_floordiv (abs_max, pow (10, oom)) * pow (10, oom);
    }

  /* _set_order_of_magnitude: scientific outside 1e-5 .. 1e6 (axes.formatter.limits) */
  if (n_visible > 0)
    {
      int oom;

      if (format->offset != 0)
        oom = (int) floor (log10 (vmax - vmin));
      else
        oom = absmax == 0 ? 0 : (int) floor (log10 (absmax));
      if (oom <= -5 || oom >= 6)
        format->order = oom;
    }

  /* _set_format */
  if (n_locs < 2)
    {
      values[n_values++] = locs[0];
      values[n_values++] = vmin;
      values[n_values++] = vmax;
    }
  else
    for (guint i = 0; i < n_locs; i++)
      values[n_values++] = locs[i];
  {
    double lo = INFINITY, hi = -INFINITY;
    for (guint i = 0; i < n_values; i++)
      {
        values[i] = (values[i] - format->offset) / pow (10, format->order);
        lo = MIN (lo, values[i]);
        hi = MAX (hi, values[i]);
      }
    range = hi - lo;
    if (range == 0)
      range = MAX (fabs (lo), fabs (hi));
    if (range == 0)
      range = 1;
  }
  if (n_locs < 2)
    n_values -= 2;
  range_oom = (int) floor (log10 (range));
  sigfigs = MAX (0, 3 - range_oom);
  thresh = 1e-3 * pow (10, range_oom);
  while (sigfigs >= 0)
    {
      double worst = 0, scale = pow (10, sigfigs);
      for (guint i = 0; i < n_values; i++)
        worst = MAX (worst, fabs (values[i] - nearbyint (values[i] * scale) / scale));
      if (worst < thresh)
        sigfigs--;
      else
        break;
    }
  format->decimals = sigfigs + 1;
}

static char *
fix_minus (char *text)
{
  g_autofree char *owned = text;
  g_auto(GStrv) parts = g_strsplit (text, "-", -1);

  return g_strjoinv (MINUS, parts);
}

char *
bs_plot_tick_format_label (const BsPlotTickFormat *format,
                           double                  value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 32];
  char fmt[16];
  double x;

  if (format->empty)
    return g_strdup ("");
  x = (value - format->offset) / pow (10, format->order);
  if (fabs (x) < 1e-8)
    x = 0;
  g_snprintf (fmt, sizeof fmt, "%%1.%df", format->decimals);
  g_ascii_formatd (buf, sizeof buf, fmt, x);
  return fix_minus (g_strdup (buf));
}

/* ScalarFormatter.format_data without mathtext: "1e6", "1.5e-3", "1000" */
static char *
format_data (double value)
{
  int e = (int) floor (log10 (fabs (value)));
  double s = round (value / pow (10, e) * 1e10) / 1e10;
  char sig[G_ASCII_DTOSTR_BUF_SIZE];

  if (fmod (s, 1) == 0)
    g_snprintf (sig, sizeof sig, "%d", (int) s);
  else
    g_ascii_formatd (sig, sizeof sig, "%1.10g", s);
  if (e == 0)
    return g_strdup (sig);
  return g_strdup_printf ("%se%d", sig, e);
}

char *
bs_plot_tick_format_offset (const BsPlotTickFormat *format)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (format->empty)
    return g_strdup ("");
  if (format->order != 0)
    g_string_append_printf (text, "1e%d", format->order);
  if (format->offset != 0)
    {
      g_autofree char *data = format_data (format->offset);
      g_string_append_printf (text, "%s%s", format->offset > 0 ? "+" : "", data);
    }
  return fix_minus (g_string_free (g_steal_pointer (&text), FALSE));
}

char *
bs_plot_tick_format_log (double value)
{
  double e = round (log10 (value));
  char *text;

  if (e == 0)
    return g_strdup ("10<sup>0</sup>");
  text = g_strdup_printf ("10<sup>%d</sup>", (int) e);
  return fix_minus (text);
}
