/* bs-pyplot-lines.c: hlines, vlines, step, barh, errorbar and margins (each both plt.NAME
 * and Axes.NAME)
 *
 * hlines/vlines draw a LineCollection in 'C0' (lines.color, the cycle untouched); step is
 * plot() with drawstyle 'steps-pre', 'steps-post' or 'steps-mid'; errorbar draws the data
 * line (zorder 2.1) over its bars (zorder 2) in the line's colour, with caps when capsize
 * is given (errorbar.capsize is 0). margins() sets what autoscaling adds to each side.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>

/* N values from an array of 1 or N; FALSE with numpy's broadcasting error */
static gboolean
broadcast_to (BsInterp            *in,
              const BsPyplotArray *a,
              gsize                n,
              double              *out)
{
  if (a->n != 1 && a->n != n)
    return bs_raise (in, "ValueError", "could not broadcast input array from shape (%zu,) into "
                     "shape (%zu,)", a->n, n);
  for (gsize i = 0; i < n; i++)
    out[i] = a->values[a->n == 1 ? 0 : i];
  return TRUE;
}

/* hlines(y, xmin, xmax, colors=None, linestyles='solid', label='', *, data=None, **kwargs)
 * and vlines(x, ymin, ymax, ...): data ON_* plus 2 for vlines */
static gboolean
lines_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  static const char *const unsupported[] = { "data", NULL };
  gboolean vertical = bs_call_data (call) >= 2;
  g_auto(BsPyplotArray) at = { 0 };
  g_auto(BsPyplotArray) lo = { 0 };
  g_auto(BsPyplotArray) hi = { 0 };
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;
  g_autofree double *los = NULL;
  g_autofree double *his = NULL;
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  BsPlotStyle style;
  BsPlotArtist *artist;
  gsize n;
  gboolean ok = FALSE;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported)
      || !bs_pyplot_array (in, arg (call, vertical ? "x" : "y"), vertical ? "x" : "y", &at)
      || !bs_pyplot_array (in, arg (call, vertical ? "ymin" : "xmin"), "min", &lo)
      || !bs_pyplot_array (in, arg (call, vertical ? "ymax" : "xmax"), "max", &hi))
    goto out;
  /* the ends are set into one row per line */
  n = at.n > 1 ? at.n : MAX (at.n, MAX (lo.n, hi.n));
  los = g_new (double, MAX (n, 1));
  his = g_new (double, MAX (n, 1));
  xs = g_new (double, 3 * MAX (n, 1));
  ys = g_new (double, 3 * MAX (n, 1));
  {
    g_autofree double *ats = g_new (double, MAX (n, 1));
    if (!broadcast_to (in, &at, n, ats) || !broadcast_to (in, &lo, n, los)
        || !broadcast_to (in, &hi, n, his))
      goto out;
    /* one segment each, NAN between them */
    for (gsize i = 0; i < n; i++)
      {
        double *a = vertical ? ys : xs, *b = vertical ? xs : ys;
        a[3 * i] = los[i];
        a[3 * i + 1] = his[i];
        a[3 * i + 2] = NAN;
        b[3 * i] = b[3 * i + 1] = ats[i];
        b[3 * i + 2] = NAN;
      }
  }
  if (has (call, "colors") && !bs_value_is_none (arg (call, "colors")))
    {
      if (!bs_pyplot_color (in, arg (call, "colors"), "colors", &style.color))
        goto out;
      style.color_set = TRUE;
    }
  if (has (call, "linestyles"))
    {
      GError *error = NULL;
      const char *ls = bs_value_str (arg (call, "linestyles"));
      if (ls == NULL)
        {
          ok = bs_raise (in, "NotImplementedError", "%s(linestyles=...) takes one line style "
                         "in Backstep's matplotlib", call->sig->short_name);
          goto out;
        }
      if (!bs_plot_style_parse_linestyle (ls, &style.linestyle, &error))
        {
          ok = bs_pyplot_raise (in, error);
          goto out;
        }
    }
  if (has (call, "label"))
    {
      g_autoptr(GString) text = g_string_new (NULL);
      if (!bs_str (in, arg (call, "label"), text))
        goto out;
      bs_plot_style_set_label (&style, text->str);
    }
  if (!bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_LINE_COLLECTION, &style))
    goto out;
  if (!style.color_set)
    {
      /* lines.color, 'C0', not the cycle */
      style.color = bs_plot_color_cycle (0);
      style.color_set = TRUE;
    }
  if (style.marker == BS_PLOT_MARKER_UNSET)
    style.marker = BS_PLOT_MARKER_NONE;
  artist = bs_plot_axes_plot (axes, xs, ys, 3 * n, &style);
  (void) artist;
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_LINE_COLLECTION, axes);
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* step(x, y, *args, where='pre', data=None, **kwargs) */
static gboolean
step_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  static const char *const wheres[] = { "pre", "post", "mid", NULL };
  static const BsPlotSteps steps[] = { BS_PLOT_STEPS_PRE, BS_PLOT_STEPS_POST, BS_PLOT_STEPS_MID };
  char buf[16];
  const char *where = string_arg (call, "where", buf, sizeof buf);
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  gsize n_rest;
  BsValue *rest = bs_value_items (arg (call, "args"), &n_rest);
  g_autofree BsValue *args = g_new (BsValue, n_rest + 2);
  guint first = axes->artists->len, k;

  for (k = 0; where != NULL && wheres[k] != NULL && strcmp (where, wheres[k]) != 0; k++)
    ;
  if (where == NULL || wheres[k] == NULL)
    {
      g_autoptr(GString) shown = g_string_new (NULL);
      return bs_repr (in, arg (call, "where"), shown)
             && bs_raise (in, "ValueError", "%s is not a valid value for where; supported "
                          "values are 'pre', 'post', 'mid'", shown->str);
    }
  args[0] = arg (call, "x");
  args[1] = arg (call, "y");
  if (n_rest > 0)
    memcpy (args + 2, rest, n_rest * sizeof *rest);
  if (!bs_pyplot_plot_args (in, call, args, n_rest + 2, r))
    return FALSE;
  for (guint i = first; i < axes->artists->len; i++)
    ((BsPlotArtist *) g_ptr_array_index (axes->artists, i))->steps = steps[k];
  return TRUE;
}

/* barh(y, width, height=0.8, left=None, *, align='center', data=None, **kwargs) */
static gboolean
barh_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  static const char *const unsupported[] = { "data", NULL };
  g_auto(BsPyplotArray) y = { 0 };
  g_auto(BsPyplotArray) w = { 0 };
  g_auto(BsPyplotArray) h = { 0 };
  g_auto(BsPyplotArray) left = { 0 };
  BsPlotStyle style;
  char buf[16];
  const char *align = string_arg (call, "align", buf, sizeof buf);
  gboolean ok = FALSE;
  gsize n;

  bs_plot_style_init (&style);
  if (!bs_pyplot_refuse (in, call, unsupported)
      || !bs_pyplot_array (in, arg (call, "y"), "y", &y)
      || !bs_pyplot_array (in, arg (call, "width"), "width", &w)
      || !bs_pyplot_array (in, arg (call, "height"), "height", &h)
      || (has (call, "left") && !bs_value_is_none (arg (call, "left"))
          && !bs_pyplot_array (in, arg (call, "left"), "left", &left))
      || !bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_RECTANGLE, &style))
    goto out;
  if (align == NULL || (strcmp (align, "center") != 0 && strcmp (align, "edge") != 0))
    {
      ok = bs_raise (in, "ValueError", "'%s' is not a valid value for align; supported values "
                     "are 'center', 'edge'", align ? align : "None");
      goto out;
    }
  n = MAX (y.n, w.n);
  {
    g_autofree double *ys = g_new (double, MAX (n, 1));
    g_autofree double *ws = g_new (double, MAX (n, 1));

    if ((h.n != 1 && h.n != n) || (left.n > 1 && left.n != n))
      {
        ok = bs_raise (in, "ValueError", "shape mismatch: height and left must be numbers or "
                       "have one value per bar");
        goto out;
      }
    if (y.n != n && y.n != 1)
      {
        ok = bs_raise (in, "ValueError", "shape mismatch: objects cannot be broadcast to a "
                       "single shape.  Mismatch is between arg 0 with shape (%zu,) and arg 1 "
                       "with shape (%zu,).", y.n, w.n);
        goto out;
      }
    if (!broadcast_to (in, &y, n, ys) || !broadcast_to (in, &w, n, ws))
      goto out;
    bs_plot_axes_barh (bs_pyplot_axes_of (in, call), ys, ws, n, h.values, h.n, left.values,
                       left.n, strcmp (align, "edge") == 0, &style);
    *r = bs_pyplot_bar_container (in, (guint) n);
  }
  ok = TRUE;
out:
  bs_plot_style_clear (&style);
  return ok;
}

/* xerr= or yerr=: None, a number, N values or (2, N) lower and upper ones, none negative */
static gboolean
error_sizes (BsInterp   *in,
             BsValue     v,
             const char *name,
             gsize       n,
             const char *of,
             double     *minus,
             double     *plus)
{
  g_auto(BsPyplotArray) e = { 0 };

  if (!bs_pyplot_array (in, v, name, &e))
    return FALSE;
  if (!(e.ndim == 0 || (e.ndim == 1 && (e.n == n || e.n == 1))
        || (e.ndim == 2 && e.shape[0] == 2 && e.shape[1] == n)))
    {
      g_autoptr(GString) shape = g_string_new ("(");
      for (int d = 0; d < e.ndim; d++)
        g_string_append_printf (shape, d + 1 < e.ndim || e.ndim == 1 ? "%zu," : "%zu",
                                e.shape[d]);
      g_string_append_c (shape, ')');
      if (e.ndim == 2)
        {
          /* "(2, 3)" as numpy prints a shape */
          g_string_assign (shape, "");
          g_string_append_printf (shape, "(%zu, %zu)", e.shape[0], e.shape[1]);
        }
      return bs_raise (in, "ValueError", "'%s' (shape: %s) must be a scalar or a 1D or (2, n) "
                       "array-like whose shape matches '%s' (shape: (%zu,))", name, shape->str,
                       of, n);
    }
  for (gsize i = 0; i < e.n; i++)
    if (e.values[i] < 0)
      return bs_raise (in, "ValueError", "'%s' must not contain negative values", name);
  for (gsize i = 0; i < n; i++)
    {
      minus[i] = e.values[e.ndim == 2 ? i : e.n == 1 ? 0 : i];
      plus[i] = e.values[e.ndim == 2 ? n + i : e.n == 1 ? 0 : i];
    }
  return TRUE;
}

/* errorbar(x, y, yerr=None, xerr=None, fmt='', ecolor=None, elinewidth=None,
 * capsize=None, barsabove=False, lolims=False, uplims=False, xlolims=False, xuplims=False,
 * errorevery=1, capthick=None, *, data=None, **kwargs) */
static gboolean
errorbar_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  static const char *const unsupported[] = { "capthick", "data", NULL };
  static const char *const limits[] = { "lolims", "uplims", "xlolims", "xuplims" };
  g_auto(BsPyplotArray) x = { 0 };
  g_auto(BsPyplotArray) y = { 0 };
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  char fmt_buf[64];
  const char *fmt = string_arg (call, "fmt", fmt_buf, sizeof fmt_buf);
  BsValue errs[2] = { arg (call, "xerr"), arg (call, "yerr") };
  BsPlotStyle bars, caps;
  BsPlotColor color;
  double capsize = 0;
  gboolean ok = FALSE;
  BsValue line = BS_NONE;

  bs_plot_style_init (&bars);
  bs_plot_style_init (&caps);
  if (!bs_pyplot_refuse (in, call, unsupported))
    goto out;
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    if (bs_value_truthy (arg (call, limits[i])))
      {
        ok = bs_raise (in, "NotImplementedError", "errorbar(%s=True) is not supported by "
                       "Backstep's matplotlib", limits[i]);
        goto out;
      }
  if (bs_value_truthy (arg (call, "barsabove"))
      || !(arg (call, "errorevery").type == BS_VALUE_INT && arg (call, "errorevery").as.integer == 1))
    {
      ok = bs_raise (in, "NotImplementedError", "errorbar(barsabove=, errorevery=) is not "
                     "supported by Backstep's matplotlib");
      goto out;
    }
  if (fmt == NULL)
    {
      ok = bs_raise (in, "TypeError", "fmt must be a string");
      goto out;
    }
  if (!bs_pyplot_array (in, arg (call, "x"), "x", &x) || !bs_pyplot_array (in, arg (call, "y"), "y", &y)
      || !bs_pyplot_optional_number (in, call, "capsize", 0, &capsize)
      || !bs_pyplot_optional_number (in, call, "elinewidth", NAN, &bars.linewidth))
    goto out;
  if (x.n != y.n)
    {
      ok = bs_raise (in, "ValueError", "'x' and 'y' must have the same size");
      goto out;
    }
  if (g_ascii_strcasecmp (fmt, "none") == 0)
    {
      /* no data line; the bars take the next colour of the cycle */
      BsPlotStyle kw;
      bs_plot_style_init (&kw);
      ok = bs_pyplot_style (in, arg (call, "kwargs"), BS_PYPLOT_LINE2D, &kw);
      color = kw.color_set ? kw.color : bs_plot_color_cycle (axes->line_cycle++);
      if (isnan (bars.linewidth))
        bars.linewidth = kw.linewidth;
      bs_plot_style_clear (&kw);
      if (!ok)
        goto out;
      ok = FALSE;
    }
  else
    {
      BsValue args[3] = { arg (call, "x"), arg (call, "y"), arg (call, "fmt") };
      BsPlotArtist *data_line;

      if (!bs_pyplot_plot_args (in, call, args, fmt[0] != '\0' ? 3 : 2, &line))
        goto out;
      data_line = g_ptr_array_index (axes->artists, axes->artists->len - 1);
      color = data_line->style.color;
      if (isnan (bars.linewidth))
        {
          BsValue lw;
          BsValue kwargs = arg (call, "kwargs");
          /* the bars take linewidth= when elinewidth= is not given */
          if (!bs_value_is_none (kwargs)
              && (bs_dict_get_str (kwargs, "linewidth", &lw) || bs_dict_get_str (kwargs, "lw", &lw)))
            bars.linewidth = data_line->style.linewidth;
        }
      data_line->style.zorder += 0.1;
      bars.alpha = caps.alpha = data_line->style.alpha;
    }
  if (!bs_value_is_none (arg (call, "ecolor"))
      && !bs_pyplot_color (in, arg (call, "ecolor"), "ecolor", &color))
    goto out;
  bars.color = caps.color = color;
  bars.color_set = caps.color_set = TRUE;
  bars.marker = BS_PLOT_MARKER_NONE;
  bars.linestyle = BS_PLOT_LINESTYLE_SOLID;
  bars.zorder = caps.zorder = 2;
  caps.linestyle = BS_PLOT_LINESTYLE_NONE;
  caps.markersize = 2 * capsize;
  for (int a = 0; a < 2; a++)
    {
      gsize n = x.n;
      g_autofree double *minus = g_new (double, MAX (n, 1));
      g_autofree double *plus = g_new (double, MAX (n, 1));
      g_autofree double *sx = g_new (double, 3 * MAX (n, 1));
      g_autofree double *sy = g_new (double, 3 * MAX (n, 1));
      g_autofree double *cx = g_new (double, 2 * MAX (n, 1));
      g_autofree double *cy = g_new (double, 2 * MAX (n, 1));
      const double *along = a == 0 ? x.values : y.values, *across = a == 0 ? y.values : x.values;

      if (bs_value_is_none (errs[a]))
        continue;
      if (!error_sizes (in, errs[a], a == 0 ? "xerr" : "yerr", n, a == 0 ? "x" : "y", minus,
                        plus))
        goto out;
      for (gsize i = 0; i < n; i++)
        {
          double *s_along = a == 0 ? sx : sy, *s_across = a == 0 ? sy : sx;
          double *c_along = a == 0 ? cx : cy, *c_across = a == 0 ? cy : cx;

          s_along[3 * i] = along[i] - minus[i];
          s_along[3 * i + 1] = along[i] + plus[i];
          s_along[3 * i + 2] = NAN;
          s_across[3 * i] = s_across[3 * i + 1] = across[i];
          s_across[3 * i + 2] = NAN;
          c_along[i] = along[i] - minus[i];
          c_along[n + i] = along[i] + plus[i];
          c_across[i] = c_across[n + i] = across[i];
        }
      if (capsize > 0)
        {
          caps.marker = a == 0 ? '|' : '_';
          bs_plot_axes_plot (axes, cx, cy, 2 * n, &caps);
        }
      bs_plot_axes_plot (axes, sx, sy, 3 * n, &bars);
    }
  bs_value_unref (line);
  line = BS_NONE;
  *r = bs_pyplot_errorbar_container (in);
  ok = TRUE;
out:
  bs_value_unref (line);
  bs_plot_style_clear (&bars);
  bs_plot_style_clear (&caps);
  return ok;
}

/* margins(*margins, x=None, y=None, tight=True) */
static gboolean
margins_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  gsize n;
  BsValue *args = bs_value_items (arg (call, "margins"), &n);
  BsValue given[2] = { arg (call, "x"), arg (call, "y") };

  if (n > 0 && (!bs_value_is_none (given[0]) || !bs_value_is_none (given[1])))
    return bs_raise (in, "TypeError", "Cannot pass both positional and keyword arguments for x "
                     "and/or y.");
  if (n > 2)
    return bs_raise (in, "TypeError", "Must pass a single positional argument for all margins, "
                     "or one for each margin (x, y).");
  if (n == 0 && bs_value_is_none (given[0]) && bs_value_is_none (given[1]))
    {
      BsValue t = bs_tuple_new (in->heap, 2);
      BsValue *items = bs_tuple_items (t);

      for (int a = 0; a < 2; a++)
        items[a] = axes->axis[a].margin_int ? BS_INT ((gint64) axes->axis[a].margin)
                                            : BS_FLOAT (axes->axis[a].margin);
      *r = t;
      return TRUE;
    }
  if (!bs_value_is_none (arg (call, "tight")) && !bs_value_truthy (arg (call, "tight")))
    return bs_raise (in, "NotImplementedError", "margins(tight=False) is not supported by "
                     "Backstep's matplotlib");
  if (n >= 1)
    {
      given[0] = args[0];
      given[1] = args[n - 1];
    }
  for (int a = 0; a < 2; a++)
    {
      double m;

      if (bs_value_is_none (given[a]))
        continue;
      if (!bs_is_number (given[a]) || given[a].type == BS_VALUE_BOOL)
        return bs_raise (in, "TypeError", "'<=' not supported between instances of '%s' and "
                         "'float'", bs_value_type_name (given[a]));
      if (!bs_pyplot_number (in, given[a], a ? "y" : "x", &m))
        return FALSE;
      if (!(m > -0.5))
        return bs_raise (in, "ValueError", "margin must be greater than -0.5");
      axes->axis[a].margin = m;
      axes->axis[a].margin_int = given[a].type == BS_VALUE_INT;
    }
  *r = BS_NONE;
  return TRUE;
}

#define P "matplotlib.pyplot"
#define BOTH(name, params, func, data) \
  { P, BS_SIG_PYTHON, name "(" params ")", func, (data) + ON_CURRENT }, \
  { "Axes", BS_SIG_PYTHON, "Axes." name "(self, " params ")", func, (data) + ON_SELF }

static const BsSignatureRow rows[] = {
  BOTH ("hlines", "y, xmin, xmax, colors=None, linestyles='solid', label='', *, data=None, "
        "**kwargs", lines_fn, 0),
  BOTH ("vlines", "x, ymin, ymax, colors=None, linestyles='solid', label='', *, data=None, "
        "**kwargs", lines_fn, 2),
  BOTH ("step", "x, y, *args, where='pre', data=None, **kwargs", step_fn, 0),
  BOTH ("barh", "y, width, height=0.8, left=None, *, align='center', data=None, **kwargs",
        barh_fn, 0),
  BOTH ("errorbar", "x, y, yerr=None, xerr=None, fmt='', ecolor=None, elinewidth=None, "
        "capsize=None, barsabove=False, lolims=False, uplims=False, xlolims=False, "
        "xuplims=False, errorevery=1, capthick=None, *, data=None, **kwargs", errorbar_fn, 0),
  BOTH ("margins", "*margins, x=None, y=None, tight=True", margins_fn, 0),
};

const BsSignatureTable bs_pyplot_lines_table = BS_SIGNATURE_TABLE (rows);
