/* bs-pyplot-draw.c: what pyplot draws: plot, scatter, hist, bar, imshow, axhline,
 * axvline, fill_between, contour, contourf (each both plt.NAME and Axes.NAME)
 *
 * What Backstep does not draw (a keyword it has no use for) is refused by name, never
 * ignored.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>

#include "bs-np-array.h"

/* A float64 ndarray of the values, as hist() returns its counts and edges */
static BsValue
floats_array (BsInterp     *in,
              const double *values,
              gsize         n)
{
  gint64 shape[1] = { (gint64) n };
  BsTensor *t = bs_tensor_new_uninit (in->context, BS_DTYPE_FLOAT64, 1, shape, NULL);

  if (n > 0)
    memcpy (bs_tensor_data (t), values, n * sizeof *values);
  return bs_np_array_new (in, t);
}

/* --- plot ---------------------------------------------------------------------- */

/* One plot(x, y, fmt) group: columns of a 2-D y are lines of their own */
static gboolean
plot_group (BsInterp          *in,
            BsPlotAxes        *axes,
            BsValue           *xy,
            guint              n_xy,
            const char        *fmt,
            const BsPlotStyle *kw_style,
            guint             *n_lines)
{
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) y = { 0 };
  BsPlotStyle style;
  gsize rows, cols;
  GError *error = NULL;

  if (!bs_pyplot_array (in, xy[n_xy - 1], "y", &y)
      || (n_xy == 2 && !bs_pyplot_array (in, xy[0], "x", &x)))
    return FALSE;
  if (y.ndim > 2 || x.ndim > 2)
    return bs_raise (in, "ValueError", "x and y can be no greater than 2D, but have shapes "
                     "(%zu,) and (%zu,)", x.n, y.n);
  rows = y.ndim == 0 ? 1 : y.shape[0];
  cols = y.ndim == 2 ? y.shape[1] : 1;
  if (n_xy == 2)
    {
      gsize xrows = x.ndim == 0 ? 1 : x.shape[0];
      if (xrows != rows)
        return bs_raise (in, "ValueError", "x and y must have same first dimension, but have "
                         "shapes (%zu,) and (%zu,)", xrows, rows);
      if (x.ndim == 2)
        return bs_raise (in, "NotImplementedError", "plot() of a 2-D x is not supported by "
                         "Backstep's matplotlib");
    }

  for (gsize c = 0; c < cols; c++)
    {
      g_autofree double *column = g_new (double, MAX (rows, 1));

      for (gsize r = 0; r < rows; r++)
        column[r] = y.values[r * cols + c];
      bs_plot_style_copy (&style, kw_style);
      if (fmt != NULL && !bs_plot_style_parse_format (&style, fmt, &error))
        {
          bs_plot_style_clear (&style);
          return bs_pyplot_raise (in, error);
        }
      bs_plot_axes_plot (axes, n_xy == 2 ? x.values : NULL, column, rows, &style);
      bs_plot_style_clear (&style);
      (*n_lines)++;
    }
  return TRUE;
}

/* plot(*args, scalex=True, scaley=True, data=None, **kwargs) */
static gboolean
plot_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  gsize n;
  BsValue *args = bs_value_items (arg (call, "args"), &n);

  return bs_pyplot_plot_args (in, call, args, n, r);
}

gboolean
bs_pyplot_plot_args (BsInterp *in,
                     BsCall   *call,
                     BsValue  *args,
                     gsize     n,
                     BsValue  *r)
{
  static const char *const unsupported[] = { "data", NULL };
  BsPlotAxes *axes;
  BsPlotStyle style;
  guint n_lines = 0, first;
  gsize i = 0;
  gboolean ok = TRUE;

  if (!bs_pyplot_refuse (in, call, unsupported))
    return FALSE;
  for (guint k = 0; k < call->sig->n_params; k++)
    if ((strcmp (call->sig->params[k].name, "scalex") == 0
         || strcmp (call->sig->params[k].name, "scaley") == 0)
        && call->given[k] && !bs_value_truthy (call->values[k]))
      return bs_raise (in, "NotImplementedError", "plot(%s=False) is not supported by "
                       "Backstep's matplotlib", call->sig->params[k].name);
  bs_plot_style_init (&style);
  if (!bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_LINE2D, &style))
    {
      bs_plot_style_clear (&style);
      return FALSE;
    }
  axes = bs_pyplot_axes_of (in, call);
  first = axes->artists->len;
  while (ok && i < n)
    {
      guint take = MIN (2, n - i);
      const char *fmt = NULL;

      /* (y, fmt) or (x, y[, fmt]) */
      if (take == 2 && bs_value_str (args[i + 1]) != NULL)
        take = 1;
      if (bs_value_str (args[i]) != NULL)
        {
          ok = bs_raise (in, "ValueError", "third arg must be a format string");
          break;
        }
      if (i + take < n && bs_value_str (args[i + take]) != NULL)
        fmt = bs_value_str (args[i + take]);
      ok = plot_group (in, axes, args + i, take, fmt, &style, &n_lines);
      i += take + (fmt != NULL);
    }
  bs_plot_style_clear (&style);
  if (ok)
    *r = bs_pyplot_lines (in, axes, first);
  return ok;
}

/* --- scatter ------------------------------------------------------------------- */

static gboolean
cmap_name (BsInterp    *in,
           BsCall      *call,
           const char **name)
{
  return bs_pyplot_cmap (in, arg (call, "cmap"), name);
}

/* scatter(x, y, s=None, c=None, marker=None, cmap=None, norm=None, vmin=None, vmax=None,
 * alpha=None, linewidths=None, *, edgecolors=None, plotnonfinite=False, data=None,
 * **kwargs) */
static gboolean
scatter_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  static const char *const unsupported[] = { "norm", "data", NULL };
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) y = { 0 };
  g_auto(BsPyplotArray) s = { 0 };
  g_auto(BsPyplotArray) c = { 0 };
  g_autoptr(GArray) colors = NULL;
  BsPlotStyle style;
  const char *cmap = NULL;
  double vmin, vmax;
  GError *error = NULL;
  gboolean ok = FALSE;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported)
      || !bs_pyplot_array (in, arg (call, "x"), "x", &x)
      || !bs_pyplot_array (in, arg (call, "y"), "y", &y)
      || (has (call, "s") && !bs_pyplot_array (in, arg (call, "s"), "s", &s))
      || !cmap_name (in, call, &cmap)
      || !bs_pyplot_optional_number (in, call, "vmin", NAN, &vmin)
      || !bs_pyplot_optional_number (in, call, "vmax", NAN, &vmax)
      || !bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_PATH_COLLECTION, &style))
    goto out;
  if (x.n != y.n)
    {
      ok = bs_raise (in, "ValueError", "x and y must be the same size");
      goto out;
    }
  if (bs_value_truthy (arg (call, "plotnonfinite")))
    {
      ok = bs_raise (in, "NotImplementedError", "scatter(plotnonfinite=True) is not supported "
                     "by Backstep's matplotlib");
      goto out;
    }
  if (has (call, "alpha") && !bs_pyplot_optional_number (in, call, "alpha", NAN, &style.alpha))
    goto out;
  if (has (call, "linewidths") && !bs_pyplot_optional_number (in, call, "linewidths", NAN,
                                                    &style.linewidth))
    goto out;
  if (has (call, "marker"))
    {
      const char *m = bs_value_str (arg (call, "marker"));
      if (m == NULL || !bs_plot_style_parse_marker (m, &style.marker, &error))
        {
          ok = error ? bs_pyplot_raise (in, error)
                     : bs_raise (in, "TypeError", "marker must be a string");
          goto out;
        }
    }
  if (has (call, "edgecolors"))
    {
      if (!bs_pyplot_color (in, arg (call, "edgecolors"), "edgecolors", &style.edgecolor))
        goto out;
      style.edgecolor_set = TRUE;
    }
  if (has (call, "c"))
    {
      BsValue cv = arg (call, "c");
      BsPlotColor one;

      /* a colour, colour names, or values for the colormap */
      if (bs_value_str (cv) != NULL)
        {
          if (!bs_pyplot_color (in, cv, "c", &one))
            goto out;
          style.color = one;
          style.color_set = TRUE;
        }
      else if (!bs_pyplot_array (in, cv, "c", &c))
        goto out;
      else if (c.n != x.n && !(c.n == 1 && x.n == 1))
        {
          ok = bs_raise (in, "ValueError", "'c' argument has %zu elements, which is "
                         "inconsistent with 'x' and 'y' with size %zu.", c.n, x.n);
          goto out;
        }
    }
  if (bs_plot_axes_scatter (bs_pyplot_axes_of (in, call), x.values, y.values, x.n, s.values, s.n,
                            c.values, NULL, cmap, vmin, vmax, &style, &error) == NULL)
    {
      ok = bs_pyplot_raise (in, error);
      goto out;
    }
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_PATH_COLLECTION, bs_pyplot_axes_of (in, call));
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* --- hist and bar ------------------------------------------------------------ */

/* hist(x, bins=None, range=None, density=False, weights=None, cumulative=False,
 * bottom=None, histtype='bar', align='mid', orientation='vertical', rwidth=None, log=False,
 * color=None, label=None, stacked=False, *, data=None, **kwargs) */
static gboolean
hist_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  static const char *const unsupported[] = { "weights", "bottom", "rwidth", "data", NULL };
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) edges_given = { 0 };
  g_autoptr(GArray) counts = NULL;
  g_autoptr(GArray) edges = NULL;
  BsPlotStyle style;
  double lo = NAN, hi = NAN;
  gint64 nbins = 10;
  GError *error = NULL;
  gboolean ok = FALSE;
  BsValue bins = arg (call, "bins");

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported))
    goto out;
  if (bs_call_bool (call, param (call, "cumulative")) || bs_call_bool (call, param (call, "stacked"))
      || bs_call_bool (call, param (call, "log")))
    {
      ok = bs_raise (in, "NotImplementedError", "hist(cumulative=, stacked=, log=) is not "
                     "supported by Backstep's matplotlib");
      goto out;
    }
  {
    char b1[32], b2[32], b3[32];
    const char *type = string_arg (call, "histtype", b1, sizeof b1);
    const char *align = string_arg (call, "align", b2, sizeof b2);
    const char *orient = string_arg (call, "orientation", b3, sizeof b3);
    if ((type && strcmp (type, "bar") != 0) || (align && strcmp (align, "mid") != 0)
        || (orient && strcmp (orient, "vertical") != 0))
      {
        ok = bs_raise (in, "NotImplementedError", "hist() draws vertical bars in the middle "
                       "of their bins in Backstep's matplotlib (histtype='bar', align='mid', "
                       "orientation='vertical')");
        goto out;
      }
  }
  if (!bs_pyplot_array (in, arg (call, "x"), "x", &x)
      || !bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_RECTANGLE, &style))
    goto out;
  if (has (call, "color") && (!bs_pyplot_color (in, arg (call, "color"), "color", &style.color)
                              || !(style.color_set = TRUE)))
    goto out;
  if (has (call, "label"))
    {
      g_autoptr(GString) text = g_string_new (NULL);
      if (!bs_str (in, arg (call, "label"), text))
        goto out;
      bs_plot_style_set_label (&style, text->str);
    }
  if (bs_value_is_object (bins, BS_OBJECT_STR))
    {
      ok = bs_raise (in, "NotImplementedError", "hist(bins='%s') is not supported by "
                     "Backstep's matplotlib: give a number of bins or their edges",
                     bs_value_str (bins));
      goto out;
    }
  if (bins.type == BS_VALUE_INT)
    nbins = bins.as.integer;
  else if (!bs_value_is_none (bins) && !bs_pyplot_array (in, bins, "bins", &edges_given))
    goto out;
  if (has (call, "range"))
    {
      gsize n;
      BsValue *items = bs_value_items (arg (call, "range"), &n);
      if (items == NULL || n != 2 || !bs_pyplot_number (in, items[0], "range", &lo)
          || !bs_pyplot_number (in, items[1], "range", &hi))
        {
          ok = bs_raise (in, "ValueError", "range must be a pair (min, max)");
          goto out;
        }
    }
  if (bs_plot_axes_hist (bs_pyplot_axes_of (in, call), x.values, x.n, (int) CLAMP (nbins, 0, 100000),
                         edges_given.values, edges_given.n, lo, hi,
                         bs_call_bool (call, param (call, "density")), &style, &counts, &edges,
                         &error) == NULL)
    {
      ok = bs_pyplot_raise (in, error);
      goto out;
    }
  {
    BsValue t = bs_tuple_new (in->heap, 3);
    BsValue *items = bs_tuple_items (t);
    items[0] = floats_array (in, (const double *) counts->data, counts->len);
    items[1] = floats_array (in, (const double *) edges->data, edges->len);
    items[2] = bs_pyplot_bar_container (in, counts->len);
    *r = t;
  }
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* bar(x, height, width=0.8, bottom=None, *, align='center', data=None, **kwargs);
 * tick_label= names the bars */
static gboolean
bar_fn (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  static const char *const unsupported[] = { "data", NULL };
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) h = { 0 };
  g_auto(BsPyplotArray) w = { 0 };
  g_auto(BsPyplotArray) b = { 0 };
  g_autoptr(GPtrArray) names = NULL;
  BsPlotStyle style;
  const char *align;
  char align_buf[32];
  gboolean ok = FALSE;
  BsValue xv = arg (call, "x");
  gsize n;
  BsValue *items;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported))
    goto out;
  /* bar(['a', 'b'], ...): categories at 0, 1, ... named on the axis */
  items = bs_value_items (xv, &n);
  if (items != NULL && n > 0 && bs_value_str (items[0]) != NULL)
    {
      names = g_ptr_array_new_with_free_func (g_free);
      x.values = g_new (double, n);
      x.n = n;
      x.ndim = 1;
      x.shape[0] = n;
      for (gsize i = 0; i < n; i++)
        {
          if (bs_value_str (items[i]) == NULL)
            {
              ok = bs_raise (in, "TypeError", "bar() x mixes strings and numbers");
              goto out;
            }
          x.values[i] = i;
          g_ptr_array_add (names, g_strdup (bs_value_str (items[i])));
        }
    }
  else if (!bs_pyplot_array (in, xv, "x", &x))
    goto out;
  if (!bs_pyplot_array (in, arg (call, "height"), "height", &h)
      || !bs_pyplot_array (in, arg (call, "width"), "width", &w)
      || (has (call, "bottom") && !bs_pyplot_array (in, arg (call, "bottom"), "bottom", &b)))
    goto out;
  {
    BsValue kwargs = arg (call, "kwargs");
    BsValue tick_label;
    if (!bs_value_is_none (kwargs) && bs_dict_get_str (kwargs, "tick_label", &tick_label))
      {
        ok = bs_raise (in, "NotImplementedError", "bar(tick_label=...) is not supported by "
                       "Backstep's matplotlib: give the names as x");
        goto out;
      }
    if (!bs_pyplot_style (in, kwargs, BS_PYPLOT_RECTANGLE, &style))
      goto out;
  }
  if (h.n != x.n && h.n != 1 && x.n != 1)
    {
      ok = bs_raise (in, "ValueError", "shape mismatch: objects cannot be broadcast to a single "
                     "shape.  Mismatch is between arg 0 with shape (%zu,) and arg 1 with shape "
                     "(%zu,).", x.n, h.n);
      goto out;
    }
  if ((w.n != 1 && w.n != x.n) || (b.n > 1 && b.n != x.n))
    {
      ok = bs_raise (in, "ValueError", "shape mismatch: width and bottom must be numbers or "
                     "have one value per bar");
      goto out;
    }
  align = string_arg (call, "align", align_buf, sizeof align_buf);
  if (align == NULL || (strcmp (align, "center") != 0 && strcmp (align, "edge") != 0))
    {
      ok = bs_raise (in, "ValueError", "'%s' is not a valid value for align; supported values "
                     "are 'center', 'edge'", align ? align : "None");
      goto out;
    }
  {
    gsize count = MAX (x.n, h.n);
    g_autofree double *xs = g_new (double, MAX (count, 1));
    g_autofree double *hs = g_new (double, MAX (count, 1));
    BsPlotAxes *axes = bs_pyplot_axes_of (in, call);

    for (gsize i = 0; i < count; i++)
      {
        xs[i] = x.values[x.n == 1 ? 0 : i];
        hs[i] = h.values[h.n == 1 ? 0 : i];
      }
    bs_plot_axes_bar (axes, xs, hs, count, w.values, w.n, b.values, b.n,
                      strcmp (align, "edge") == 0, &style);
    if (names != NULL)
      bs_plot_axes_set_ticks (axes, 0, xs, count, (const char * const *) names->pdata);
    *r = bs_pyplot_bar_container (in, (guint) count);
  }
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* --- imshow, lines, areas, contours ---------------------------------------- */

/* imshow(X, cmap=None, norm=None, *, aspect=None, interpolation=None, alpha=None,
 * vmin=None, vmax=None, origin=None, extent=None, interpolation_stage=None,
 * filternorm=True, filterrad=4.0, resample=None, url=None, data=None, **kwargs) */
static gboolean
imshow_fn (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  static const char *const unsupported[] = { "norm", "interpolation_stage", "resample", "url",
                                             "data", NULL };
  g_auto(BsPyplotArray) img = { 0 };
  g_auto(BsPyplotArray) extent = { 0 };
  BsPlotStyle style;
  const char *cmap = NULL, *interp, *origin;
  double vmin, vmax, aspect = 1.0;
  gboolean ok = FALSE, smooth = FALSE, sok;
  GError *error = NULL;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported)
      || !bs_pyplot_array (in, arg (call, "X"), "X", &img) || !cmap_name (in, call, &cmap)
      || !bs_pyplot_optional_number (in, call, "vmin", NAN, &vmin)
      || !bs_pyplot_optional_number (in, call, "vmax", NAN, &vmax)
      || !bs_pyplot_optional_number (in, call, "alpha", NAN, &style.alpha)
      || !bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_IMAGE, &style))
    goto out;
  if (img.ndim < 2 || (img.ndim == 3 && img.shape[2] != 3 && img.shape[2] != 4))
    {
      ok = bs_raise (in, "TypeError", "Invalid shape (%s) for image data",
                     img.ndim == 1 ? "1-D" : img.ndim == 0 ? "a number" : "(M, N, k) with k "
                     "not 3 or 4");
      goto out;
    }
  interp = bs_pyplot_optional_string (in, call, "interpolation", &sok);
  if (!sok)
    goto out;
  if (interp != NULL && strcmp (interp, "bilinear") == 0)
    smooth = TRUE;
  else if (interp != NULL && strcmp (interp, "nearest") != 0 && strcmp (interp, "none") != 0
           && strcmp (interp, "antialiased") != 0)
    {
      ok = bs_raise (in, "NotImplementedError", "imshow(interpolation='%s') is not supported "
                     "by Backstep's matplotlib: 'nearest', 'none', 'antialiased' or "
                     "'bilinear'", interp);
      goto out;
    }
  if (has (call, "aspect"))
    {
      const char *a = bs_value_str (arg (call, "aspect"));
      if (a != NULL && strcmp (a, "auto") == 0)
        aspect = NAN;
      else if (a != NULL && strcmp (a, "equal") == 0)
        aspect = 1.0;
      else if (a != NULL || !bs_pyplot_number (in, arg (call, "aspect"), "aspect", &aspect))
        {
          ok = a ? bs_raise (in, "ValueError", "aspect must be finite and positive ") : FALSE;
          goto out;
        }
    }
  origin = bs_pyplot_optional_string (in, call, "origin", &sok);
  if (!sok)
    goto out;
  if (origin != NULL && strcmp (origin, "upper") != 0 && strcmp (origin, "lower") != 0)
    {
      ok = bs_raise (in, "ValueError", "'%s' is not a valid value for origin; supported values "
                     "are 'upper', 'lower'", origin);
      goto out;
    }
  if (has (call, "extent") && (!bs_pyplot_array (in, arg (call, "extent"), "extent", &extent)
                               || extent.n != 4))
    {
      ok = extent.values ? bs_raise (in, "ValueError", "extent must have 4 values") : FALSE;
      goto out;
    }
  if (bs_plot_axes_imshow (bs_pyplot_axes_of (in, call), img.values, (guint) img.shape[0],
                           (guint) img.shape[1], img.ndim == 3 ? (guint) img.shape[2] : 1, cmap,
                           vmin, vmax, aspect, origin && strcmp (origin, "lower") == 0,
                           extent.values, smooth, &style, &error) == NULL)
    {
      ok = bs_pyplot_raise (in, error);
      goto out;
    }
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_AXES_IMAGE, bs_pyplot_axes_of (in, call));
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* axhline(y=0, xmin=0, xmax=1, **kwargs), axvline(x=0, ymin=0, ymax=1, **kwargs): data is
 * ON_SELF/ON_CURRENT plus 2 for the vertical one */
static gboolean
axline_fn (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  gboolean vertical = bs_call_data (call) >= 2;
  BsPlotStyle style;
  double v, lo, hi;
  BsPlotAxes *axes;
  gboolean ok;

  bs_plot_style_init (&style);
  ok = bs_pyplot_optional_number (in, call, vertical ? "x" : "y", 0, &v)
       && bs_pyplot_optional_number (in, call, vertical ? "ymin" : "xmin", 0, &lo)
       && bs_pyplot_optional_number (in, call, vertical ? "ymax" : "xmax", 1, &hi)
       && bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_LINE2D, &style);
  if (ok)
    {
      axes = bs_call_data (call) % 2 == ON_CURRENT ? bs_plot_session_gca (bs_pyplot_session (in))
                                                   : bs_pyplot_handle (call->self)->axes;
      bs_plot_axes_axline (axes, vertical, v, lo, hi, &style);
      *r = bs_pyplot_last_line (in, axes);
    }
  bs_plot_style_clear (&style);
  return ok;
}

/* fill_between(x, y1, y2=0, where=None, interpolate=False, step=None, *, data=None,
 * **kwargs) */
static gboolean
fill_between_fn (BsInterp *in,
                 BsCall   *call,
                 BsValue  *r)
{
  static const char *const unsupported[] = { "where", "step", "data", NULL };
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) y1 = { 0 };
  g_auto(BsPyplotArray) y2 = { 0 };
  BsPlotStyle style;
  gboolean ok = FALSE;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported)
      || !bs_pyplot_array (in, arg (call, "x"), "x", &x)
      || !bs_pyplot_array (in, arg (call, "y1"), "y1", &y1)
      || !bs_pyplot_array (in, arg (call, "y2"), "y2", &y2)
      || !bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_POLY_COLLECTION, &style))
    goto out;
  if ((y1.n != x.n && y1.n != 1) || (y2.n != x.n && y2.n != 1))
    {
      ok = bs_raise (in, "ValueError", "operands could not be broadcast together with shapes "
                     "(%zu,) (%zu,) (%zu,)", x.n, y1.n, y2.n);
      goto out;
    }
  {
    g_autofree double *a = g_new (double, MAX (x.n, 1));
    g_autofree double *b = g_new (double, MAX (x.n, 1));
    for (gsize i = 0; i < x.n; i++)
      {
        a[i] = y1.values[y1.n == 1 ? 0 : i];
        b[i] = y2.values[y2.n == 1 ? 0 : i];
      }
    bs_plot_axes_fill_between (bs_pyplot_axes_of (in, call), x.values, a, b, x.n, &style);
  }
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_POLY_COLLECTION, bs_pyplot_axes_of (in, call));
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* contour(*args, data=None, **kwargs) and contourf: (Z), (Z, levels), (X, Y, Z),
 * (X, Y, Z, levels); levels=, cmap=, colors=, alpha= among the keywords. Data: ON_* plus 2
 * for contourf. */
static gboolean
contour_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) y = { 0 };
  g_auto(BsPyplotArray) z = { 0 };
  g_auto(BsPyplotArray) levels = { 0 };
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;
  BsPlotStyle style;
  gboolean filled = bs_call_data (call) >= 2, ok = FALSE;
  BsValue kwargs = arg (call, "kwargs"), cmapv = BS_NONE, levelsv = BS_NONE, colorsv = BS_NONE;
  const char *cmap = NULL;
  gsize n;
  BsValue *args = bs_value_items (arg (call, "args"), &n);
  GError *error = NULL;
  int nlevels = 7;
  BsPlotAxes *axes = bs_call_data (call) % 2 == ON_CURRENT ? bs_plot_session_gca (bs_pyplot_session (in))
                                                           : bs_pyplot_handle (call->self)->axes;
  g_autoptr(GString) unknown = NULL;

  bs_plot_style_init (&style);
  if (!bs_value_is_none (kwargs))
    {
      GArray *entries = ((BsDict *) kwargs.as.object)->entries;
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (e->key);
          if (e->deleted || key == NULL)
            continue;
          if (strcmp (key, "cmap") == 0)
            cmapv = e->value;
          else if (strcmp (key, "levels") == 0)
            levelsv = e->value;
          else if (strcmp (key, "colors") == 0)
            colorsv = e->value;
          else if (strcmp (key, "alpha") == 0 || strcmp (key, "zorder") == 0
                   || strcmp (key, "linewidths") == 0 || strcmp (key, "linestyles") == 0)
            {
              if (!bs_pyplot_number (in, e->value, key, strcmp (key, "alpha") == 0 ? &style.alpha
                               : strcmp (key, "zorder") == 0 ? &style.zorder
                               : &style.linewidth))
                goto out;
            }
          else
            {
              ok = bs_raise (in, "NotImplementedError", "%s(%s=...) is not supported by "
                             "Backstep's matplotlib", filled ? "contourf" : "contour", key);
              goto out;
            }
        }
    }
  if (n == 2 || n == 4)
    levelsv = args[n - 1];
  if (n == 0 || n > 4)
    {
      ok = bs_raise (in, "TypeError", "%s() takes from 1 to 4 positional arguments but %zu "
                     "were given", filled ? "contourf" : "contour", n);
      goto out;
    }
  if (!bs_pyplot_array (in, args[n >= 3 ? 2 : 0], "Z", &z))
    goto out;
  if (z.ndim != 2)
    {
      ok = bs_raise (in, "TypeError", "Input z must be 2D, not %dD", z.ndim);
      goto out;
    }
  xs = g_new (double, z.shape[1]);
  ys = g_new (double, z.shape[0]);
  if (n >= 3)
    {
      if (!bs_pyplot_array (in, args[0], "X", &x) || !bs_pyplot_array (in, args[1], "Y", &y))
        goto out;
      /* X, Y as meshgrid gives them, or as their 1-D axes */
      if (x.ndim == 2 && y.ndim == 2 && x.shape[0] == z.shape[0] && x.shape[1] == z.shape[1]
          && y.shape[0] == z.shape[0] && y.shape[1] == z.shape[1])
        {
          for (gsize c = 0; c < z.shape[1]; c++)
            xs[c] = x.values[c];
          for (gsize rr = 0; rr < z.shape[0]; rr++)
            ys[rr] = y.values[rr * z.shape[1]];
        }
      else if (x.ndim == 1 && y.ndim == 1 && x.n == z.shape[1] && y.n == z.shape[0])
        {
          memcpy (xs, x.values, x.n * sizeof (double));
          memcpy (ys, y.values, y.n * sizeof (double));
        }
      else
        {
          ok = bs_raise (in, "TypeError", "Length of x (%zu) must match number of columns in z "
                         "(%zu)", x.ndim == 1 ? x.n : x.shape[x.ndim - 1], z.shape[1]);
          goto out;
        }
    }
  else
    {
      for (gsize c = 0; c < z.shape[1]; c++)
        xs[c] = c;
      for (gsize rr = 0; rr < z.shape[0]; rr++)
        ys[rr] = rr;
    }
  if (levelsv.type == BS_VALUE_INT)
    nlevels = (int) CLAMP (levelsv.as.integer, 1, 1000);
  else if (!bs_value_is_none (levelsv) && !bs_pyplot_array (in, levelsv, "levels", &levels))
    goto out;
  if (!bs_value_is_none (colorsv))
    {
      if (!bs_pyplot_color (in, colorsv, "colors", &style.color))
        goto out;
      style.color_set = TRUE;
    }
  if (!bs_pyplot_cmap (in, cmapv, &cmap))
    {
      ok = FALSE;
      goto out;
    }
  if (bs_plot_axes_contour (axes, xs, ys, z.values, (guint) z.shape[0], (guint) z.shape[1],
                            nlevels, levels.values, levels.n, filled, cmap,
                            &style, &error) == NULL)
    {
      ok = bs_pyplot_raise (in, error);
      goto out;
    }
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_QUAD_CONTOUR_SET, axes);
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}


/* semilogx, semilogy, loglog: plot() on log axes; data ON_* plus 2 × (1: x, 2: y, 3: both) */
static gboolean
semilog_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  int which = (int) bs_call_data (call) / 2;
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);

  if (!plot_fn (in, call, r))
    return FALSE;
  if (which & 1)
    bs_plot_axes_set_scale (axes, 0, BS_PLOT_SCALE_LOG);
  if (which & 2)
    bs_plot_axes_set_scale (axes, 1, BS_PLOT_SCALE_LOG);
  return TRUE;
}

#define P "matplotlib.pyplot"
/* plt.NAME(PARAMS) and Axes.NAME(self, PARAMS) */
#define BOTH(name, params, func, data) \
  { P, BS_SIG_PYTHON, name "(" params ")", func, (data) + ON_CURRENT }, \
  { "Axes", BS_SIG_PYTHON, "Axes." name "(self, " params ")", func, (data) + ON_SELF }

static const BsSignatureRow rows[] = {
  BOTH ("plot", "*args, scalex=True, scaley=True, data=None, **kwargs", plot_fn, 0),
  BOTH ("semilogx", "*args, data=None, **kwargs", semilog_fn, 2),
  BOTH ("semilogy", "*args, data=None, **kwargs", semilog_fn, 4),
  BOTH ("loglog", "*args, data=None, **kwargs", semilog_fn, 6),
  BOTH ("scatter", "x, y, s=None, c=None, marker=None, cmap=None, norm=None, vmin=None, "
        "vmax=None, alpha=None, linewidths=None, *, edgecolors=None, plotnonfinite=False, "
        "data=None, **kwargs", scatter_fn, 0),
  BOTH ("hist", "x, bins=None, range=None, density=False, weights=None, cumulative=False, "
        "bottom=None, histtype='bar', align='mid', orientation='vertical', rwidth=None, "
        "log=False, color=None, label=None, stacked=False, *, data=None, **kwargs", hist_fn, 0),
  BOTH ("bar", "x, height, width=0.8, bottom=None, *, align='center', data=None, **kwargs",
        bar_fn, 0),
  BOTH ("imshow", "X, cmap=None, norm=None, *, aspect=None, interpolation=None, alpha=None, "
        "vmin=None, vmax=None, origin=None, extent=None, interpolation_stage=None, "
        "filternorm=True, filterrad=4.0, resample=None, url=None, data=None, **kwargs",
        imshow_fn, 0),
  BOTH ("axhline", "y=0, xmin=0, xmax=1, **kwargs", axline_fn, 0),
  BOTH ("axvline", "x=0, ymin=0, ymax=1, **kwargs", axline_fn, 2),
  BOTH ("fill_between", "x, y1, y2=0, where=None, interpolate=False, step=None, *, "
        "data=None, **kwargs", fill_between_fn, 0),
  BOTH ("contour", "*args, data=None, **kwargs", contour_fn, 0),
  BOTH ("contourf", "*args, data=None, **kwargs", contour_fn, 2),
};

const BsSignatureTable bs_pyplot_draw_table = BS_SIGNATURE_TABLE (rows);
