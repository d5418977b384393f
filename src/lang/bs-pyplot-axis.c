/* bs-pyplot-axis.c: axis(), set_axis_on/off, clf() and cla(), and interactive mode
 *
 * axis() as matplotlib 3.6's Axes.axis: 'on' and 'off', the scaling options (which
 * autoscale again, then set the aspect or freeze the limits) and limits as a list or
 * keywords, returning (xmin, xmax, ymin, ymax).
 *
 * Interactive mode (ion()) is a window that stays open and is redrawn: pause() shows
 * every open figure as it is at that step, in the Plots view (or as one more file with
 * --plots), and keeps it open; show() does the same instead of closing the figures.
 * draw() shows nothing by itself (a window redraws at the next pause). Backstep does not
 * wait: pause() returns at once.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>

#include "bs-np-array.h"

static BsValue
limits_tuple (BsInterp   *in,
              BsPlotAxes *axes)
{
  BsValue t = bs_tuple_new (in->heap, 4);
  BsValue *items = bs_tuple_items (t);

  for (int a = 0; a < 2; a++)
    {
      double lo, hi;

      bs_plot_axes_get_view (axes, a, &lo, &hi);
      items[2 * a] = BS_FLOAT (lo);
      items[2 * a + 1] = BS_FLOAT (hi);
    }
  return t;
}

/* set_autoscale_on(True): the limits follow the data again, in the direction they had */
static void
autoscale_on (BsPlotAxes *axes)
{
  for (int a = 0; a < 2; a++)
    {
      double lo, hi;

      bs_plot_axes_get_view (axes, a, &lo, &hi);
      axes->axis[a].lim_lo = NAN;
      axes->axis[a].lim_hi = NAN;
      axes->axis[a].inverted = lo > hi;
    }
}

/* axis('equal'), 'tight', 'scaled', 'auto', 'image', 'square' */
static void
scaling (BsPlotAxes *axes,
         const char *option)
{
  autoscale_on (axes);
  bs_plot_axes_set_aspect (axes, NAN, axes->aspect_datalim);
  if (strcmp (option, "equal") == 0)
    bs_plot_axes_set_aspect (axes, 1.0, TRUE);
  else if (strcmp (option, "scaled") == 0 || strcmp (option, "image") == 0
           || strcmp (option, "square") == 0)
    {
      bs_plot_axes_freeze_limits (axes);
      bs_plot_axes_set_aspect (axes, 1.0, FALSE);
    }
  else if (strcmp (option, "tight") == 0)
    bs_plot_axes_freeze_limits (axes);
  if (strcmp (option, "square") == 0)
    {
      double x0, x1, y0, y1, edge;

      bs_plot_axes_get_view (axes, 0, &x0, &x1);
      bs_plot_axes_get_view (axes, 1, &y0, &y1);
      edge = MAX (x1 - x0, y1 - y0);
      bs_plot_axes_set_limits (axes, 0, x0, x0 + edge);
      bs_plot_axes_set_limits (axes, 1, y0, y0 + edge);
    }
}

/* set_xlim(lo, hi, auto=False) for what axis() was given: None keeps the end shown now */
static gboolean
set_limits (BsInterp   *in,
            BsPlotAxes *axes,
            BsValue     given[4])
{
  static const char *const names[] = { "xmin", "xmax", "ymin", "ymax" };
  double v[4];

  for (int a = 0; a < 2; a++)
    bs_plot_axes_get_view (axes, a, &v[2 * a], &v[2 * a + 1]);
  for (int i = 0; i < 4; i++)
    {
      if (!bs_value_is_none (given[i]) && !bs_pyplot_number (in, given[i], names[i], &v[i]))
        return FALSE;
      if (!isfinite (v[i]))
        return bs_raise (in, "ValueError", "Axis limits cannot be NaN or Inf");
    }
  for (int a = 0; a < 2; a++)
    if (!bs_value_is_none (given[2 * a]) || !bs_value_is_none (given[2 * a + 1]))
      bs_plot_axes_set_limits (axes, a, v[2 * a], v[2 * a + 1]);
  return TRUE;
}

/* axis(*args, emit=True, **kwargs) */
static gboolean
axis_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  static const char *const limit_names[] = { "xmin", "xmax", "ymin", "ymax" };
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  BsValue kwargs = arg (call, "kwargs");
  gsize n;
  BsValue *args = bs_value_items (arg (call, "args"), &n);
  gboolean used[4] = { FALSE, FALSE, FALSE, FALSE };

  if (n > 1)
    return bs_raise (in, "TypeError", "axis() takes 0 or 1 positional arguments but %zu were "
                     "given", n);
  if (n == 1 && (bs_value_str (args[0]) != NULL || args[0].type == BS_VALUE_BOOL))
    {
      g_autofree char *option = args[0].type == BS_VALUE_BOOL
                                ? g_strdup (args[0].as.boolean ? "on" : "off")
                                : g_utf8_strdown (bs_value_str (args[0]), -1);
      static const char *const scalings[] = { "equal", "tight", "scaled", "auto", "image",
                                              "square", NULL };
      gboolean known = strcmp (option, "on") == 0 || strcmp (option, "off") == 0;

      for (guint i = 0; !known && scalings[i] != NULL; i++)
        known = strcmp (option, scalings[i]) == 0;
      if (!known)
        {
          g_autoptr(GString) shown = g_string_new (NULL);
          BsValue s = bs_str_value (in, option);
          gboolean ok = bs_repr (in, s, shown);

          bs_value_unref (s);
          return ok && bs_raise (in, "ValueError", "Unrecognized string %s to axis; try 'on' "
                                 "or 'off'", shown->str);
        }
      if (strcmp (option, "on") == 0 || strcmp (option, "off") == 0)
        bs_plot_axes_set_axis_on (axes, strcmp (option, "on") == 0);
      else
        scaling (axes, option);
    }
  else
    {
      BsValue given[4] = { BS_NONE, BS_NONE, BS_NONE, BS_NONE };

      if (n == 1)
        {
          gsize m;
          BsValue *items = bs_value_items (args[0], &m);
          g_auto(BsPyplotArray) values = { 0 };

          if (items != NULL && m == 4)
            memcpy (given, items, sizeof given);
          else if (items == NULL
                   && (bs_value_tensor (args[0]) != NULL || bs_np_tensor_of (args[0]) != NULL))
            {
              if (!bs_pyplot_array (in, args[0], "limits", &values))
                return FALSE;
              for (int i = 0; i < 4 && values.n == 4; i++)
                given[i] = BS_FLOAT (values.values[i]);
            }
          if (bs_value_is_none (given[0]) && (items == NULL || m != 4) && values.n != 4)
            return bs_raise (in, "TypeError", "the first argument to axis() must be an "
                             "iterable of the form [xmin, xmax, ymin, ymax]");
        }
      else if (!bs_value_is_none (kwargs))
        for (int i = 0; i < 4; i++)
          used[i] = bs_dict_get_str (kwargs, limit_names[i], &given[i]);
      if (!set_limits (in, axes, given))
        return FALSE;
    }
  if (!bs_value_is_none (kwargs))
    {
      GArray *entries = ((BsDict *) kwargs.as.object)->entries;
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (e->key);
          gboolean taken = FALSE;

          if (e->deleted || key == NULL)
            continue;
          for (int k = 0; k < 4; k++)
            taken = taken || (used[k] && strcmp (key, limit_names[k]) == 0);
          if (!taken)
            return bs_raise (in, "TypeError", "axis() got an unexpected keyword argument "
                             "'%s'", key);
        }
    }
  *r = limits_tuple (in, axes);
  return TRUE;
}

/* Axes.set_axis_off(self), set_axis_on(self): data 2 for on */
static gboolean
set_axis_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  bs_plot_axes_set_axis_on (bs_pyplot_handle (call->self)->axes, bs_call_data (call) >= 2);
  *r = BS_NONE;
  return TRUE;
}

/* Axes.set_aspect(self, aspect, adjustable=None, anchor=None, share=False) */
static gboolean
set_aspect_fn (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  static const char *const unsupported[] = { "anchor", NULL };
  BsPlotAxes *axes = bs_pyplot_handle (call->self)->axes;
  BsValue aspect = arg (call, "aspect"), adjustable = arg (call, "adjustable");
  const char *a = bs_value_str (aspect), *adj = bs_value_str (adjustable);
  gboolean datalim = axes->aspect_datalim;
  double value;

  if (!bs_pyplot_refuse (in, call, unsupported))
    return FALSE;
  if (bs_value_truthy (arg (call, "share")))
    return bs_raise (in, "NotImplementedError", "set_aspect(share=True) is not supported by "
                     "Backstep's matplotlib");
  if (a != NULL && strcmp (a, "auto") == 0)
    value = NAN;
  else if (a != NULL && strcmp (a, "equal") == 0)
    value = 1.0;
  else if (a != NULL)
    return bs_raise (in, "ValueError", "could not convert string to float: '%s'", a);
  else if (!bs_pyplot_number (in, aspect, "aspect", &value))
    return FALSE;
  else if (!(value > 0 && isfinite (value)))
    return bs_raise (in, "NotImplementedError", "set_aspect(%g) is not supported by Backstep's "
                     "matplotlib: a finite positive aspect", value);
  if (!bs_value_is_none (adjustable))
    {
      if (adj == NULL || (strcmp (adj, "box") != 0 && strcmp (adj, "datalim") != 0))
        {
          g_autoptr(GString) shown = g_string_new (NULL);
          return bs_repr (in, adjustable, shown)
                 && bs_raise (in, "ValueError", "%s is not a valid value for adjustable; "
                              "supported values are 'box', 'datalim'", shown->str);
        }
      datalim = strcmp (adj, "datalim") == 0;
    }
  bs_plot_axes_set_aspect (axes, value, datalim);
  *r = BS_NONE;
  return TRUE;
}

/* clf(), Figure.clf(self, keep_observers=False), Figure.clear(self, keep_observers=False) */
static gboolean
clf_fn (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  bs_plot_figure_clear (bs_pyplot_figure_of (in, call));
  *r = BS_NONE;
  return TRUE;
}

/* cla(), Axes.cla(self), Axes.clear(self) */
static gboolean
cla_fn (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  bs_plot_axes_clear (bs_pyplot_axes_of (in, call));
  *r = BS_NONE;
  return TRUE;
}

/* What ion() and ioff() return: a contextlib.ExitStack whose exit puts the mode back */
typedef struct {
  gboolean pending;    /* the callback has not run */
  gboolean previous;   /* interactive before the call */
} ModeStack;

static gboolean mode_stack_getattr (BsInterp *in, BsValue self, const char *name,
                                    BsValue *out, gboolean *found);
static gboolean mode_stack_repr (BsInterp *in, BsValue self, GString *out);

static const BsNativeType mode_stack_type = {
  { "contextlib.ExitStack", g_free }, mode_stack_getattr, NULL, mode_stack_repr, NULL, NULL,
};

static gboolean
mode_stack_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out,
                    gboolean   *found)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, "contextlib.ExitStack", name);

  *found = decl != NULL;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  return TRUE;
}

static gboolean
mode_stack_repr (BsInterp *in,
                 BsValue   self,
                 GString  *out)
{
  g_string_append_printf (out, "<contextlib.ExitStack object at " BS_ADDRESS_FORMAT ">",
                          bs_value_address (self));
  return TRUE;
}

/* ion(), ioff(): data 1 for on */
static gboolean
interactive_fn (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  BsPlotSession *session = bs_pyplot_session (in);
  ModeStack *stack = g_new0 (ModeStack, 1);

  stack->pending = TRUE;
  stack->previous = bs_plot_session_is_interactive (session);
  bs_plot_session_set_interactive (session, bs_call_data (call) == 1);
  *r = bs_native_new (in->heap, &mode_stack_type.base, stack);
  return TRUE;
}

/* ExitStack.__enter__(self) */
static gboolean
mode_stack_enter (BsInterp *in,
                  BsCall   *call,
                  BsValue  *r)
{
  *r = bs_value_ref (call->self);
  return TRUE;
}

/* ExitStack.__exit__(self, *exc_details), ExitStack.close(self): the mode as it was */
static gboolean
mode_stack_exit (BsInterp *in,
                 BsCall   *call,
                 BsValue  *r)
{
  ModeStack *stack = bs_value_native (call->self, &mode_stack_type.base);

  if (stack->pending)
    bs_plot_session_set_interactive (bs_pyplot_session (in), stack->previous);
  stack->pending = FALSE;
  *r = bs_call_data (call) == 1 ? BS_BOOL (FALSE) : BS_NONE;
  return TRUE;
}

/* isinteractive() */
static gboolean
isinteractive_fn (BsInterp *in,
                  BsCall   *call,
                  BsValue  *r)
{
  *r = BS_BOOL (bs_plot_session_is_interactive (bs_pyplot_session (in)));
  return TRUE;
}

/* pause(interval): every open figure shown as it is now, left open */
static gboolean
pause_fn (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsPlotSession *session = bs_pyplot_session (in);
  BsValue interval = arg (call, "interval");
  double seconds;

  if (!bs_is_number (interval) && interval.type != BS_VALUE_BOOL)
    return bs_plot_session_get_figures (session)->len == 0
           ? bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                       bs_value_type_name (interval))
           : bs_raise (in, "TypeError", "'<=' not supported between instances of '%s' and "
                       "'int'", bs_value_type_name (interval));
  if (!bs_pyplot_number (in, interval, "interval", &seconds))
    return FALSE;
  if (bs_plot_session_get_figures (session)->len == 0)
    {
      /* time.sleep(interval) */
      if (seconds < 0)
        return bs_raise (in, "ValueError", "sleep length must be non-negative");
    }
  else if (!(seconds > 0))
    return bs_raise (in, "NotImplementedError", "pause(%g) with a figure open never returns in "
                     "matplotlib 3.6 (its event loop takes an interval of 0 or less as no time "
                     "limit): give a positive interval", seconds);
  else
    bs_plot_session_show_open (session);
  *r = BS_NONE;
  return TRUE;
}

/* draw(): the window redraws at the next pause() */
static gboolean
draw_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  bs_plot_session_gcf (bs_pyplot_session (in));
  *r = BS_NONE;
  return TRUE;
}

#define P "matplotlib.pyplot"
#define PY BS_SIG_PYTHON

static const BsSignatureRow rows[] = {
  { P, PY, "axis(*args, emit=True, **kwargs)", axis_fn, ON_CURRENT },
  { "Axes", PY, "Axes.axis(self, *args, emit=True, **kwargs)", axis_fn, ON_SELF },
  { "Axes", PY, "Axes.set_axis_off(self)", set_axis_fn, 0 },
  { "Axes", PY, "Axes.set_axis_on(self)", set_axis_fn, 2 },
  { "Axes", PY, "Axes.set_aspect(self, aspect, adjustable=None, anchor=None, share=False)",
    set_aspect_fn, ON_SELF },
  { P, PY, "clf()", clf_fn, ON_CURRENT },
  { "Figure", PY, "Figure.clf(self, keep_observers=False)", clf_fn, ON_SELF },
  { "Figure", PY, "Figure.clear(self, keep_observers=False)", clf_fn, ON_SELF },
  { P, PY, "cla()", cla_fn, ON_CURRENT },
  { "Axes", PY, "Axes.cla(self)", cla_fn, ON_SELF },
  { "Axes", PY, "Axes.clear(self)", cla_fn, ON_SELF },
  { P, PY, "ion()", interactive_fn, 1 },
  { "contextlib.ExitStack", PY, "ExitStack.__enter__(self)", mode_stack_enter, 0 },
  { "contextlib.ExitStack", PY, "ExitStack.__exit__(self, *exc_details)", mode_stack_exit, 1 },
  { "contextlib.ExitStack", PY, "ExitStack.close(self)", mode_stack_exit, 0 },
  { P, PY, "ioff()", interactive_fn, 0 },
  { P, PY, "isinteractive()", isinteractive_fn, 0 },
  { P, PY, "pause(interval)", pause_fn, 0 },
  { P, PY, "draw()", draw_fn, 0 },
};

const BsSignatureTable bs_pyplot_axis_table = BS_SIGNATURE_TABLE (rows);
