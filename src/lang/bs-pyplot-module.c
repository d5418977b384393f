/* bs-pyplot-module.c: matplotlib and matplotlib.pyplot: figures, labels, limits, show
 *
 * pyplot's functions act on the current figure and axes (plt.xlabel) and the same C
 * functions are the methods of Figure and Axes objects (ax.set_xlabel), one function
 * serving both through its row's data. Figures live in the interpreter's plot session:
 * show() hands them to whoever set the session's show function (backstep run --plots
 * writes them, the window shows them) and closes them, as pyplot does with its windows.
 * savefig() is refused: scripts write no files.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>

static BsValue
pair (BsInterp *in,
      double    a,
      double    b)
{
  BsValue t = bs_tuple_new (in->heap, 2);
  BsValue *items = bs_tuple_items (t);

  items[0] = BS_FLOAT (a);
  items[1] = BS_FLOAT (b);
  return t;
}

/* --- labels, limits, scales, ticks, legends ------------------------------------ */

static gboolean
text_of (BsInterp   *in,
         BsValue     v,
         char      **out)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!bs_str (in, v, text))
    return FALSE;
  *out = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

/* xlabel/ylabel/title and set_xlabel/set_ylabel/set_title: data is ON_* plus 2 × what
 * (0: xlabel, 1: ylabel, 2: title); fontsize= among the keywords */
static gboolean
label_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  static const char *const unsupported[] = { "fontdict", "labelpad", "loc", "pad", "y", NULL };
  int what = (int) bs_call_data (call) / 2;
  BsPlotAxes *axes = bs_call_data (call) % 2 == ON_CURRENT
                     ? bs_plot_session_gca (bs_pyplot_session (in))
                     : bs_pyplot_handle (call->self)->axes;
  BsValue kwargs = arg (call, "kwargs");
  g_autofree char *text = NULL;
  double size = NAN;

  if (!bs_pyplot_refuse (in, call, unsupported)
      || !text_of (in, arg (call, what == 2 ? "label" : what == 0 ? "xlabel" : "ylabel"), &text))
    return FALSE;
  if (!bs_value_is_none (kwargs))
    {
      GArray *entries = ((BsDict *) kwargs.as.object)->entries;
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (e->key);
          if (e->deleted || key == NULL)
            continue;
          if (strcmp (key, "fontsize") != 0 && strcmp (key, "size") != 0)
            return bs_raise (in, "NotImplementedError", "%s(%s=...) is not supported by "
                             "Backstep's matplotlib", call->sig->short_name, key);
          if (!bs_pyplot_font_size (in, e->value, &size))
            return FALSE;
        }
    }
  if (what == 2)
    bs_plot_axes_set_title (axes, text);
  else
    bs_plot_axes_set_label (axes, what, text);
  bs_plot_axes_set_text_size (axes, what == 2 ? -1 : what, size);
  /* matplotlib's places: the x label's (0.5, 0), the y label's (0, 0.5), the title's
   * (0.5, 1.0) */
  return bs_pyplot_text (in, what == 1 ? BS_INT (0) : BS_FLOAT (0.5),
                         what == 0 ? BS_INT (0) : what == 1 ? BS_FLOAT (0.5) : BS_FLOAT (1.0),
                         text, r);
}

/* legend(*args, **kwargs): legend(), legend(labels), legend(loc=...) */
static gboolean
legend_fn (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  static const char *const locs[] = {
    "best", "upper right", "upper left", "lower left", "lower right", "right", "center left",
    "center right", "lower center", "upper center", "center", NULL,
  };
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  BsValue kwargs = arg (call, "kwargs"), locv = BS_NONE;
  gsize n;
  BsValue *args = bs_value_items (arg (call, "args"), &n);
  BsPlotLegendLoc loc = BS_PLOT_LEGEND_BEST;
  double size = NAN;

  if (!bs_value_is_none (kwargs))
    {
      GArray *entries = ((BsDict *) kwargs.as.object)->entries;
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (e->key);
          if (e->deleted || key == NULL)
            continue;
          if (strcmp (key, "loc") == 0)
            locv = e->value;
          else if (strcmp (key, "fontsize") == 0)
            {
              if (!bs_pyplot_font_size (in, e->value, &size))
                return FALSE;
            }
          else
            return bs_raise (in, "NotImplementedError", "legend(%s=...) is not supported by "
                             "Backstep's matplotlib", key);
        }
    }
  if (bs_value_str (locv) != NULL)
    {
      guint i;
      for (i = 0; locs[i] != NULL && strcmp (locs[i], bs_value_str (locv)) != 0; i++)
        ;
      if (locs[i] == NULL)
        return bs_raise (in, "ValueError", "'%s' is not a valid value for loc; supported "
                         "values are 'best', 'upper right', 'upper left', 'lower left', 'lower "
                         "right', 'right', 'center left', 'center right', 'lower center', "
                         "'upper center', 'center'", bs_value_str (locv));
      loc = (BsPlotLegendLoc) i;
    }
  else if (locv.type == BS_VALUE_INT && locv.as.integer >= 0 && locv.as.integer <= 10)
    loc = (BsPlotLegendLoc) locv.as.integer;
  else if (!bs_value_is_none (locv))
    return bs_raise (in, "ValueError", "loc must be a string or an integer from 0 to 10");

  if (n == 1)
    {
      /* legend(labels): the artists in order take the labels */
      gsize n_labels;
      BsValue *labels = bs_value_items (args[0], &n_labels);
      if (labels == NULL)
        return bs_raise (in, "TypeError", "legend() labels must be a list of strings");
      for (gsize i = 0; i < n_labels && i < axes->artists->len; i++)
        {
          g_autofree char *text = NULL;
          if (!text_of (in, labels[i], &text))
            return FALSE;
          bs_plot_style_set_label (&((BsPlotArtist *) g_ptr_array_index (axes->artists,
                                                                         i))->style, text);
        }
    }
  else if (n > 1)
    return bs_raise (in, "NotImplementedError", "legend(handles, labels) is not supported by "
                     "Backstep's matplotlib: give label= to each plot");
  bs_plot_axes_set_text_size (axes, 2, size);
  /* matplotlib 3.6 logs this (logging's last-resort handler: the message alone, on every
   * call), it is not a warning */
  if (!bs_plot_axes_set_legend (axes, loc))
    bs_interp_write_stderr (in, "No artists with labels found to put in legend.  Note that "
                            "artists whose label start with an underscore are ignored when "
                            "legend() is called with no argument.\n");
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_LEGEND, axes);
  return TRUE;
}

/* grid(visible=None, which='major', axis='both', **kwargs) */
static gboolean
grid_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  BsValue visible = arg (call, "visible");
  char b1[32], b2[32];
  const char *which = string_arg (call, "which", b1, sizeof b1);
  const char *axis = string_arg (call, "axis", b2, sizeof b2);
  BsValue kwargs = arg (call, "kwargs");
  gboolean on;

  if (which == NULL || strcmp (which, "major") != 0)
    return bs_raise (in, "NotImplementedError", "grid(which=...) other than 'major' is not "
                     "supported by Backstep's matplotlib");
  if (axis == NULL || (strcmp (axis, "both") != 0 && strcmp (axis, "x") != 0
                       && strcmp (axis, "y") != 0))
    return bs_raise (in, "ValueError", "'%s' is not a valid value for axis; supported values "
                     "are 'x', 'y', 'both'", axis ? axis : "None");
  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "grid() styles (color=, linestyle=, ...) are "
                     "not supported by Backstep's matplotlib");
  /* grid() toggles; grid(True)/grid(False) set */
  on = bs_value_is_none (visible) ? !axes->axis[strcmp (axis, "y") == 0 ? 1 : 0].grid
                                  : bs_value_truthy (visible);
  if (strcmp (axis, "y") != 0)
    bs_plot_axes_set_grid (axes, 0, on);
  if (strcmp (axis, "x") != 0)
    bs_plot_axes_set_grid (axes, 1, on);
  *r = BS_NONE;
  return TRUE;
}

/* xlim(*args, **kwargs), ylim: data ON_* plus 2 for Y. Get, or set from (lo, hi), lo, hi,
 * or left=/right= (bottom=/top=) keywords */
static gboolean
lim_fn (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  int axis = (int) bs_call_data (call) / 2;
  BsPlotAxes *axes = bs_call_data (call) % 2 == ON_CURRENT ? bs_plot_session_gca (bs_pyplot_session (in))
                                                           : bs_pyplot_handle (call->self)->axes;
  const char *lo_name = axis == 0 ? "left" : "bottom", *hi_name = axis == 0 ? "right" : "top";
  double lo = NAN, hi = NAN, view_lo, view_hi;
  BsValue given[2] = { BS_NONE, BS_NONE };
  gsize n = 0;
  BsValue *args = NULL;

  if (bs_call_data (call) % 2 == ON_CURRENT)
    {
      BsValue kwargs = arg (call, "kwargs");
      args = bs_value_items (arg (call, "args"), &n);
      if (n == 1 && bs_value_items (args[0], NULL) != NULL)
        args = bs_value_items (args[0], &n);
      if (n > 2)
        return bs_raise (in, "TypeError", "%s() takes at most 2 positional arguments",
                         axis == 0 ? "xlim" : "ylim");
      for (gsize i = 0; i < n; i++)
        given[i] = args[i];
      if (!bs_value_is_none (kwargs))
        {
          GArray *entries = ((BsDict *) kwargs.as.object)->entries;
          for (guint i = 0; i < entries->len; i++)
            {
              BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
              const char *key = bs_value_str (e->key);
              if (e->deleted || key == NULL)
                continue;
              if (strcmp (key, lo_name) == 0 || strcmp (key, axis ? "ymin" : "xmin") == 0)
                given[0] = e->value;
              else if (strcmp (key, hi_name) == 0 || strcmp (key, axis ? "ymax" : "xmax") == 0)
                given[1] = e->value;
              else if (strcmp (key, "auto") == 0 && bs_value_truthy (e->value))
                return bs_raise (in, "NotImplementedError", "set_%slim(auto=True) is not "
                                 "supported by Backstep's matplotlib", axis ? "y" : "x");
              else if (strcmp (key, "emit") != 0 && strcmp (key, "auto") != 0)
                return bs_raise (in, "TypeError", "set_%slim() got an unexpected keyword "
                                 "argument '%s'", axis ? "y" : "x", key);
            }
        }
    }
  else
    {
      BsValue first = bs_call_value (call, param (call, lo_name));
      gsize m;
      BsValue *items = bs_value_items (first, &m);
      if (items != NULL && m == 2)
        {
          given[0] = items[0];
          given[1] = items[1];
        }
      else
        {
          given[0] = first;
          given[1] = bs_call_value (call, param (call, hi_name));
        }
      if (has (call, axis ? "ymin" : "xmin"))
        given[0] = arg (call, axis ? "ymin" : "xmin");
      if (has (call, axis ? "ymax" : "xmax"))
        given[1] = arg (call, axis ? "ymax" : "xmax");
      if (bs_value_truthy (arg (call, "auto")))
        return bs_raise (in, "NotImplementedError", "set_%slim(auto=True) is not supported by "
                         "Backstep's matplotlib", axis ? "y" : "x");
    }
  for (int i = 0; i < 2; i++)
    if (!bs_value_is_none (given[i])
        && !bs_pyplot_number (in, given[i], i ? hi_name : lo_name, i ? &hi : &lo))
      return FALSE;
  if ((!isnan (lo) && !isfinite (lo)) || (!isnan (hi) && !isfinite (hi)))
    return bs_raise (in, "ValueError", "Axis limits cannot be NaN or Inf");
  if (!isnan (lo) || !isnan (hi))
    bs_plot_axes_set_limits (axes, axis, lo, hi);
  bs_plot_axes_get_view (axes, axis, &view_lo, &view_hi);
  *r = pair (in, view_lo, view_hi);
  return TRUE;
}

/* get_xlim(), get_ylim(): data 0 for X, 2 for Y */
static gboolean
get_lim_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  double lo, hi;

  bs_plot_axes_get_view (bs_pyplot_handle (call->self)->axes, (int) bs_call_data (call) / 2, &lo, &hi);
  *r = pair (in, lo, hi);
  return TRUE;
}

/* xscale(value, **kwargs), yscale, set_xscale, set_yscale: data ON_* plus 2 for Y */
static gboolean
scale_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  int axis = (int) bs_call_data (call) / 2;
  BsPlotAxes *axes = bs_call_data (call) % 2 == ON_CURRENT ? bs_plot_session_gca (bs_pyplot_session (in))
                                                           : bs_pyplot_handle (call->self)->axes;
  const char *value = bs_value_str (arg (call, "value"));
  BsValue kwargs = arg (call, "kwargs");

  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "%s() options (base=, nonpositive=, ...) are "
                     "not supported by Backstep's matplotlib", call->sig->short_name);
  if (value != NULL && strcmp (value, "linear") == 0)
    bs_plot_axes_set_scale (axes, axis, BS_PLOT_SCALE_LINEAR);
  else if (value != NULL && strcmp (value, "log") == 0)
    bs_plot_axes_set_scale (axes, axis, BS_PLOT_SCALE_LOG);
  else if (value != NULL && (strcmp (value, "symlog") == 0 || strcmp (value, "logit") == 0
                             || strcmp (value, "function") == 0
                             || strcmp (value, "functionlog") == 0))
    return bs_raise (in, "NotImplementedError", "the '%s' scale is not supported by Backstep's "
                     "matplotlib: 'linear' or 'log'", value);
  else
    return bs_raise (in, "ValueError", "%s is not a valid value for scale; supported values "
                     "are 'function', 'functionlog', 'linear', 'log', 'logit', 'symlog'",
                     value ? value : "None");
  *r = BS_NONE;
  return TRUE;
}

/* xticks(ticks=None, labels=None, *, minor=False, **kwargs), set_xticks(ticks,
 * labels=None, *, minor=False, **kwargs): data ON_* plus 2 for Y */
static gboolean
ticks_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  int axis = (int) bs_call_data (call) / 2;
  BsPlotAxes *axes = bs_call_data (call) % 2 == ON_CURRENT ? bs_plot_session_gca (bs_pyplot_session (in))
                                                           : bs_pyplot_handle (call->self)->axes;
  g_auto(BsPyplotArray) ticks = { 0 };
  g_autoptr(GPtrArray) labels = NULL;
  BsValue kwargs = arg (call, "kwargs");

  if (bs_call_bool (call, param (call, "minor")))
    return bs_raise (in, "NotImplementedError", "minor ticks cannot be set in Backstep's "
                     "matplotlib");
  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "tick label styles (rotation=, fontsize=, ...) "
                     "are not supported by Backstep's matplotlib");
  if (!has (call, "ticks"))
    {
      if (has (call, "labels"))
        return bs_raise (in, "TypeError", "xticks(): Parameter 'labels' can't be set without "
                         "setting 'ticks'");
      *r = BS_NONE;
      return TRUE;
    }
  if (!bs_pyplot_array (in, arg (call, "ticks"), "ticks", &ticks))
    return FALSE;
  if (has (call, "labels"))
    {
      gsize n;
      BsValue *items = bs_value_items (arg (call, "labels"), &n);
      if (items == NULL || n != ticks.n)
        return bs_raise (in, "ValueError", "The number of FixedLocator locations (%zu), "
                         "usually from a call to set_ticks, does not match the number of labels "
                         "(%zu).", ticks.n, items ? n : 0);
      labels = g_ptr_array_new_with_free_func (g_free);
      for (gsize i = 0; i < n; i++)
        {
          char *text;
          if (!text_of (in, items[i], &text))
            return FALSE;
          g_ptr_array_add (labels, text);
        }
    }
  bs_plot_axes_set_ticks (axes, axis, ticks.values, ticks.n,
                          labels ? (const char * const *) labels->pdata : NULL);
  *r = BS_NONE;
  return TRUE;
}

/* --- figures ------------------------------------------------------------------- */

static gboolean
figsize_of (BsInterp *in,
            BsValue   v,
            double   *w,
            double   *h)
{
  gsize n;
  BsValue *items = bs_value_items (v, &n);

  *w = *h = 0;
  if (bs_value_is_none (v))
    return TRUE;
  if (items == NULL || n != 2 || !bs_pyplot_number (in, items[0], "figsize", w)
      || !bs_pyplot_number (in, items[1], "figsize", h))
    return bs_raise (in, "ValueError", "figsize must be a pair (width, height) in inches");
  if (!(*w > 0 && *h > 0 && isfinite (*w) && isfinite (*h)))
    return bs_raise (in, "ValueError", "figure size must be positive finite not (%g, %g)",
                     *w, *h);
  return TRUE;
}

static gboolean
dpi_of (BsInterp *in,
        BsValue   v,
        double   *dpi)
{
  *dpi = 0;
  if (bs_value_is_none (v))
    return TRUE;
  if (!bs_pyplot_number (in, v, "dpi", dpi))
    return FALSE;
  if (!(*dpi > 0 && *dpi <= 1000))
    return bs_raise (in, "ValueError", "dpi must be positive, at most 1000 in Backstep");
  return TRUE;
}

/* figure(num=None, figsize=None, dpi=None, facecolor=None, edgecolor=None, frameon=True,
 * clear=False, **kwargs) */
static gboolean
figure_fn (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  static const char *const unsupported[] = { "facecolor", "edgecolor", NULL };
  BsValue num = arg (call, "num");
  BsValue kwargs = arg (call, "kwargs");
  double w, h, dpi;
  BsPlotFigure *figure;

  if (!bs_pyplot_refuse (in, call, unsupported) || !figsize_of (in, arg (call, "figsize"), &w, &h)
      || !dpi_of (in, arg (call, "dpi"), &dpi))
    return FALSE;
  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "figure() options beyond num, figsize and dpi "
                     "are not supported by Backstep's matplotlib");
  if (!bs_value_truthy (arg (call, "frameon")))
    return bs_raise (in, "NotImplementedError", "figure(frameon=False) is not supported by "
                     "Backstep's matplotlib");
  if (!bs_value_is_none (num) && num.type != BS_VALUE_INT)
    return bs_raise (in, "NotImplementedError", "figure(num=...) takes a figure number in "
                     "Backstep's matplotlib");
  if (num.type == BS_VALUE_INT && num.as.integer < 1)
    return bs_raise (in, "ValueError", "figure number must be at least 1");
  figure = bs_plot_session_figure (bs_pyplot_session (in),
                                   num.type == BS_VALUE_INT ? (int) MIN (num.as.integer, G_MAXINT)
                                                            : 0, w, h, dpi);
  if (bs_call_bool (call, param (call, "clear")))
    bs_plot_figure_clear (figure);
  *r = bs_pyplot_wrap (in, figure, NULL);
  return TRUE;
}

/* subplots(nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True,
 * width_ratios=None, height_ratios=None, subplot_kw=None, gridspec_kw=None, **fig_kw);
 * Figure.subplots the same without fig_kw */
static gboolean
subplots_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  static const char *const unsupported[] = { "width_ratios", "height_ratios", "subplot_kw",
                                             "gridspec_kw", NULL };
  gint64 nrows, ncols;
  BsPlotFigure *figure;
  BsValue grid;

  if (!bs_pyplot_refuse (in, call, unsupported))
    return FALSE;
  if (bs_value_truthy (arg (call, "sharex")) || bs_value_truthy (arg (call, "sharey")))
    return bs_raise (in, "NotImplementedError", "subplots(sharex=, sharey=) is not supported "
                     "by Backstep's matplotlib");
  if (arg (call, "nrows").type != BS_VALUE_INT || arg (call, "ncols").type != BS_VALUE_INT)
    return bs_raise (in, "TypeError", "subplots() takes integers nrows and ncols");
  nrows = arg (call, "nrows").as.integer;
  ncols = arg (call, "ncols").as.integer;
  if (nrows < 1 || ncols < 1 || nrows > 64 || ncols > 64)
    return bs_raise (in, "ValueError", "Number of %s must be a positive integer, not %" G_GINT64_FORMAT,
                     nrows < 1 || nrows > 64 ? "rows" : "columns",
                     nrows < 1 || nrows > 64 ? nrows : ncols);
  if (bs_call_data (call) == ON_CURRENT)
    {
      BsValue fig_kw = arg (call, "fig_kw"), v;
      double w = 0, h = 0, dpi = 0;

      if (!bs_value_is_none (fig_kw))
        {
          GArray *entries = ((BsDict *) fig_kw.as.object)->entries;
          for (guint i = 0; i < entries->len; i++)
            {
              BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
              const char *key = bs_value_str (e->key);
              if (!e->deleted && key != NULL && strcmp (key, "figsize") != 0
                  && strcmp (key, "dpi") != 0)
                return bs_raise (in, "NotImplementedError", "subplots(%s=...) is not "
                                 "supported by Backstep's matplotlib", key);
            }
          if (bs_dict_get_str (fig_kw, "figsize", &v) && !figsize_of (in, v, &w, &h))
            return FALSE;
          if (bs_dict_get_str (fig_kw, "dpi", &v) && !dpi_of (in, v, &dpi))
            return FALSE;
        }
      figure = bs_plot_session_figure (bs_pyplot_session (in), 0, w, h, dpi);
    }
  else
    figure = bs_pyplot_handle (call->self)->figure;
  grid = bs_pyplot_axes_grid (in, figure, (int) nrows, (int) ncols,
                    bs_value_truthy (arg (call, "squeeze")));
  if (bs_call_data (call) == ON_CURRENT)
    {
      BsValue t = bs_tuple_new (in->heap, 2);
      BsValue *items = bs_tuple_items (t);
      items[0] = bs_pyplot_wrap (in, figure, NULL);
      items[1] = grid;
      *r = t;
    }
  else
    *r = grid;
  return TRUE;
}

/* subplot(*args, **kwargs) and Figure.add_subplot: (nrows, ncols, index) or (221) */
static gboolean
subplot_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  gsize n;
  BsValue *args = bs_value_items (arg (call, "args"), &n);
  BsValue kwargs = arg (call, "kwargs");
  gint64 v[3] = { 1, 1, 1 };
  BsPlotFigure *figure = bs_pyplot_figure_of (in, call);
  BsPlotAxes *axes;
  GError *error = NULL;

  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "%s() keywords (projection=, sharex=, ...) are "
                     "not supported by Backstep's matplotlib", call->sig->short_name);
  for (gsize i = 0; i < n; i++)
    if (args[i].type != BS_VALUE_INT)
      return bs_raise (in, "TypeError", "%s() takes integers", call->sig->short_name);
  if (n == 1)
    {
      gint64 code = args[0].as.integer;
      if (code < 111 || code > 999)
        return bs_raise (in, "ValueError", "Integer subplot specification must be a three-digit "
                         "number, not %" G_GINT64_FORMAT, code);
      v[0] = code / 100;
      v[1] = code / 10 % 10;
      v[2] = code % 10;
    }
  else if (n == 3)
    for (int i = 0; i < 3; i++)
      v[i] = args[i].as.integer;
  else if (n != 0)
    return bs_raise (in, "TypeError", "%s() takes 1 or 3 positional arguments but %zu were "
                     "given", call->sig->short_name, n);
  if (v[0] > 64 || v[1] > 64)
    return bs_raise (in, "ValueError", "at most 64 rows and columns in Backstep's matplotlib");
  axes = bs_plot_figure_add_subplot (figure, (int) v[0], (int) v[1], (int) CLAMP (v[2], -1, G_MAXINT),
                                     &error);
  if (axes == NULL)
    return bs_pyplot_raise (in, error);
  *r = bs_pyplot_wrap (in, figure, axes);
  return TRUE;
}

/* gcf(), gca(), Figure.gca(): data ON_* plus 2 for gca */
static gboolean
current_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsPlotFigure *figure = bs_call_data (call) % 2 == ON_CURRENT
                         ? bs_plot_session_gcf (bs_pyplot_session (in))
                         : bs_pyplot_handle (call->self)->figure;

  *r = bs_call_data (call) >= 2 ? bs_pyplot_wrap (in, figure, bs_plot_figure_gca (figure))
                                : bs_pyplot_wrap (in, figure, NULL);
  return TRUE;
}

/* suptitle(t, **kwargs) */
static gboolean
suptitle_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  g_autofree char *text = NULL;
  BsValue kwargs = arg (call, "kwargs");

  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "suptitle() styles are not supported by "
                     "Backstep's matplotlib");
  if (!text_of (in, arg (call, "t"), &text))
    return FALSE;
  bs_plot_figure_set_suptitle (bs_pyplot_figure_of (in, call), text);
  return bs_pyplot_text (in, BS_FLOAT (0.5), BS_FLOAT (0.98), text, r);
}

/* tight_layout(*, pad=1.08, h_pad=None, w_pad=None, rect=None) */
static gboolean
tight_layout_fn (BsInterp *in,
                 BsCall   *call,
                 BsValue  *r)
{
  static const char *const unsupported[] = { "h_pad", "w_pad", "rect", NULL };
  double pad;

  if (!bs_pyplot_refuse (in, call, unsupported) || !bs_pyplot_optional_number (in, call, "pad", 1.08, &pad))
    return FALSE;
  if (pad != 1.08)
    return bs_raise (in, "NotImplementedError", "tight_layout(pad=...) is not supported by "
                     "Backstep's matplotlib");
  bs_plot_figure_set_tight_layout (bs_pyplot_figure_of (in, call), TRUE);
  *r = BS_NONE;
  return TRUE;
}

/* subplots_adjust(left=None, bottom=None, right=None, top=None, wspace=None, hspace=None) */
static gboolean
subplots_adjust_fn (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  static const char *const names[] = { "left", "right", "bottom", "top", "wspace", "hspace" };
  BsPlotSubplotParams values;
  double *fields[] = { &values.left, &values.right, &values.bottom, &values.top,
                       &values.wspace, &values.hspace };
  BsPlotAdjusted which = 0;
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (has (call, names[i]))
      {
        if (!bs_pyplot_number (in, bs_call_value (call, param (call, names[i])), names[i],
                               fields[i]))
          return FALSE;
        which |= 1 << i;
      }
  if (!bs_plot_figure_subplots_adjust (bs_pyplot_figure_of (in, call), which, &values, &error))
    return bs_pyplot_raise (in, error);
  *r = BS_NONE;
  return TRUE;
}

/* show(*args, **kwargs): every open figure goes to the session's show function and is
 * closed; in interactive mode (ion()) the windows stay open */
static gboolean
show_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsPlotSession *session = bs_pyplot_session (in);

  if (bs_plot_session_is_interactive (session))
    bs_plot_session_show_open (session);
  else
    bs_plot_session_show (session);
  *r = BS_NONE;
  return TRUE;
}

/* close(fig=None): the current figure, 'all', a number or a Figure */
static gboolean
close_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsPlotSession *session = bs_pyplot_session (in);
  BsValue fig = arg (call, "fig");
  BsPyplotHandle *h = bs_pyplot_handle (fig);

  *r = BS_NONE;
  if (bs_value_is_none (fig))
    {
      if (bs_plot_session_get_figures (session)->len > 0)
        bs_plot_session_close (session, bs_plot_session_gcf (session)->number);
    }
  else if (bs_value_str (fig) != NULL && strcmp (bs_value_str (fig), "all") == 0)
    bs_plot_session_close_all (session);
  else if (fig.type == BS_VALUE_INT)
    bs_plot_session_close (session, (int) CLAMP (fig.as.integer, G_MININT, G_MAXINT));
  else if (h != NULL)
    bs_plot_session_close (session, h->figure->number);
  else
    return bs_raise (in, "TypeError", "close() argument must be a Figure, an int, a string, "
                     "or None, not %s", bs_value_type_name (fig));
  return TRUE;
}

/* savefig(*args, **kwargs), Figure.savefig: scripts write no files */
static gboolean
savefig_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  return bs_raise (in, "PermissionError", "savefig() is refused by Backstep: scripts cannot "
                   "write files. Run `backstep run --plots DIR script.py` to have every figure "
                   "that plt.show() shows written as DIR/figure-N.png (--plot-format svg for "
                   "SVG), or export it from the window's Plots view");
}

/* colorbar(mappable=None, cax=None, ax=None, **kwargs): beside the mappable's axes, or
 * the current axes' last colormapped artist */
static gboolean
colorbar_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  static const char *const unsupported[] = { "cax", NULL };
  BsValue kwargs = arg (call, "kwargs");
  BsPyplotHandle *m = bs_pyplot_mappable_handle (arg (call, "mappable"));
  BsPlotAxes *axes;
  gboolean found;

  if (!bs_pyplot_refuse (in, call, unsupported))
    return FALSE;
  if (!bs_value_is_none (kwargs) && ((BsDict *) kwargs.as.object)->n_live > 0)
    return bs_raise (in, "NotImplementedError", "colorbar() options (label=, shrink=, ...) are "
                     "not supported by Backstep's matplotlib");
  if (has (call, "mappable") && m == NULL)
    return bs_raise (in, "NotImplementedError", "colorbar() shows what imshow(), scatter() or "
                     "contourf() returned in Backstep's matplotlib");
  if (m != NULL)
    {
      axes = m->axes;
      found = bs_plot_axes_add_colorbar (axes, g_ptr_array_index (axes->artists, m->artist));
    }
  else
    {
      axes = bs_call_data (call) % 2 == ON_CURRENT
             ? bs_plot_session_gca (bs_pyplot_session (in))
             : bs_pyplot_handle (call->self)->figure->current;
      if (bs_pyplot_handle (arg (call, "ax")) != NULL)
        axes = bs_pyplot_handle (arg (call, "ax"))->axes;
      found = axes != NULL && bs_plot_axes_add_colorbar (axes, NULL);
    }
  if (!found)
    return bs_raise (in, "RuntimeError", "No mappable was found to use for colorbar creation. "
                     "First define a mappable such as an image (with imshow) or a contour set "
                     "(with contourf).");
  *r = bs_pyplot_object (in, BS_PYPLOT_OBJ_COLORBAR, axes);
  return TRUE;
}

/* What Backstep's matplotlib lacks, named: colorbar(), text(), ... */
static gboolean
missing_fn (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  return bs_raise (in, "NotImplementedError", "matplotlib.pyplot.%s() is not supported by "
                   "Backstep's matplotlib", call->sig->short_name);
}

/* matplotlib.use(backend, *, force=True): every backend draws the same in Backstep */
static gboolean
use_fn (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  if (bs_value_str (arg (call, "backend")) == NULL)
    return bs_raise (in, "TypeError", "use() argument must be a backend name");
  *r = BS_NONE;
  return TRUE;
}

#undef P
#define P "matplotlib.pyplot"
#define AX "Axes"
#define FIG "Figure"
#define PY BS_SIG_PYTHON
/* What pyplot has and Backstep does not draw: named when called */
#define MISSING(name) { P, PY, name "(*args, **kwargs)", missing_fn, ON_CURRENT }

static const BsSignatureRow rows[] = {
  { "matplotlib", PY, "use(backend, *, force=True)", use_fn, 0 },
  { P, PY, "figure(num=None, figsize=None, dpi=None, facecolor=None, edgecolor=None, "
    "frameon=True, clear=False, **kwargs)", figure_fn, ON_CURRENT },
  { P, PY, "subplots(nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True, "
    "width_ratios=None, height_ratios=None, subplot_kw=None, gridspec_kw=None, **fig_kw)",
    subplots_fn, ON_CURRENT },
  { FIG, PY, "Figure.subplots(self, nrows=1, ncols=1, *, sharex=False, sharey=False, "
    "squeeze=True, width_ratios=None, height_ratios=None, subplot_kw=None, "
    "gridspec_kw=None)", subplots_fn, ON_SELF },
  { P, PY, "subplot(*args, **kwargs)", subplot_fn, ON_CURRENT },
  { FIG, PY, "Figure.add_subplot(self, *args, **kwargs)", subplot_fn, ON_SELF },
  { P, PY, "gcf()", current_fn, ON_CURRENT },
  { P, PY, "gca()", current_fn, 2 + ON_CURRENT },
  { FIG, PY, "Figure.gca(self)", current_fn, 2 + ON_SELF },
  { P, PY, "suptitle(t, **kwargs)", suptitle_fn, ON_CURRENT },
  { FIG, PY, "Figure.suptitle(self, t, **kwargs)", suptitle_fn, ON_SELF },
  { P, PY, "tight_layout(*, pad=1.08, h_pad=None, w_pad=None, rect=None)", tight_layout_fn,
    ON_CURRENT },
  { FIG, PY, "Figure.tight_layout(self, *, pad=1.08, h_pad=None, w_pad=None, rect=None)",
    tight_layout_fn, ON_SELF },
  { P, PY, "subplots_adjust(left=None, bottom=None, right=None, top=None, wspace=None, "
    "hspace=None)", subplots_adjust_fn, ON_CURRENT },
  { FIG, PY, "Figure.subplots_adjust(self, left=None, bottom=None, right=None, top=None, "
    "wspace=None, hspace=None)", subplots_adjust_fn, ON_SELF },
  { P, PY, "show(*args, **kwargs)", show_fn, ON_CURRENT },
  { P, PY, "close(fig=None)", close_fn, ON_CURRENT },
  { P, PY, "savefig(*args, **kwargs)", savefig_fn, ON_CURRENT },
  { FIG, PY, "Figure.savefig(self, fname, *, transparent=None, **kwargs)", savefig_fn,
    ON_SELF },

  { P, PY, "xlabel(xlabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", label_fn,
    0 + ON_CURRENT },
  { AX, PY, "Axes.set_xlabel(self, xlabel, fontdict=None, labelpad=None, *, loc=None, "
    "**kwargs)", label_fn, 0 + ON_SELF },
  { P, PY, "ylabel(ylabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", label_fn,
    2 + ON_CURRENT },
  { AX, PY, "Axes.set_ylabel(self, ylabel, fontdict=None, labelpad=None, *, loc=None, "
    "**kwargs)", label_fn, 2 + ON_SELF },
  { P, PY, "title(label, fontdict=None, loc=None, pad=None, *, y=None, **kwargs)", label_fn,
    4 + ON_CURRENT },
  { AX, PY, "Axes.set_title(self, label, fontdict=None, loc=None, pad=None, *, y=None, "
    "**kwargs)", label_fn, 4 + ON_SELF },
  { P, PY, "legend(*args, **kwargs)", legend_fn, ON_CURRENT },
  { AX, PY, "Axes.legend(self, *args, **kwargs)", legend_fn, ON_SELF },
  { P, PY, "grid(visible=None, which='major', axis='both', **kwargs)", grid_fn, ON_CURRENT },
  { AX, PY, "Axes.grid(self, visible=None, which='major', axis='both', **kwargs)", grid_fn,
    ON_SELF },
  { P, PY, "xlim(*args, **kwargs)", lim_fn, 0 + ON_CURRENT },
  { P, PY, "ylim(*args, **kwargs)", lim_fn, 2 + ON_CURRENT },
  { AX, PY, "Axes.set_xlim(self, left=None, right=None, *, emit=True, auto=False, xmin=None, "
    "xmax=None)", lim_fn, 0 + ON_SELF },
  { AX, PY, "Axes.set_ylim(self, bottom=None, top=None, *, emit=True, auto=False, ymin=None, "
    "ymax=None)", lim_fn, 2 + ON_SELF },
  { AX, PY, "Axes.get_xlim(self)", get_lim_fn, 0 },
  { AX, PY, "Axes.get_ylim(self)", get_lim_fn, 2 },
  { P, PY, "xscale(value, **kwargs)", scale_fn, 0 + ON_CURRENT },
  { P, PY, "yscale(value, **kwargs)", scale_fn, 2 + ON_CURRENT },
  { AX, PY, "Axes.set_xscale(self, value, **kwargs)", scale_fn, 0 + ON_SELF },
  { AX, PY, "Axes.set_yscale(self, value, **kwargs)", scale_fn, 2 + ON_SELF },
  { P, PY, "xticks(ticks=None, labels=None, *, minor=False, **kwargs)", ticks_fn,
    0 + ON_CURRENT },
  { P, PY, "yticks(ticks=None, labels=None, *, minor=False, **kwargs)", ticks_fn,
    2 + ON_CURRENT },
  { AX, PY, "Axes.set_xticks(self, ticks, labels=None, *, minor=False, **kwargs)", ticks_fn,
    0 + ON_SELF },
  { AX, PY, "Axes.set_yticks(self, ticks, labels=None, *, minor=False, **kwargs)", ticks_fn,
    2 + ON_SELF },

  { P, PY, "colorbar(mappable=None, cax=None, ax=None, **kwargs)", colorbar_fn, ON_CURRENT },
  { FIG, PY, "Figure.colorbar(self, mappable, cax=None, ax=None, use_gridspec=True, **kwargs)",
    colorbar_fn, ON_SELF },
  MISSING ("pie"), MISSING ("boxplot"), MISSING ("violinplot"),
  MISSING ("stem"), MISSING ("twinx"),
  MISSING ("figtext"), MISSING ("matshow"), MISSING ("pcolormesh"), MISSING ("quiver"),
  MISSING ("hist2d"), MISSING ("axes"),
};

static const BsSignatureTable module_table = BS_SIGNATURE_TABLE (rows);

void
bs_pyplot_init (BsInterp *in)
{
  BsValue mpl = bs_module_new (in, "matplotlib");
  BsValue plt = bs_module_new (in, "matplotlib.pyplot");

  bs_signature_set_add (in->signatures, &bs_pyplot_objects_table);
  bs_signature_set_add (in->signatures, &bs_pyplot_draw_table);
  bs_signature_set_add (in->signatures, &bs_pyplot_text_table);
  bs_signature_set_add (in->signatures, &bs_pyplot_axis_table);
  bs_signature_set_add (in->signatures, &bs_pyplot_lines_table);
  bs_signature_set_add (in->signatures, &module_table);
  bs_module_add_declared (in, mpl, "matplotlib", BS_NONE);
  bs_module_add_declared (in, plt, P, BS_NONE);
  bs_dict_set_str (((BsModule *) mpl.as.object)->dict, "pyplot", bs_value_ref (plt));
  {
    BsValue cm = bs_pyplot_cm_module_new (in);

    bs_dict_set_str (((BsModule *) plt.as.object)->dict, "cm", bs_value_ref (cm));
    bs_dict_set_str (((BsModule *) mpl.as.object)->dict, "cm", cm);
  }
}
