/* bs-pyplot-text.c: text() and annotate() (both plt.NAME and Axes.NAME)
 *
 * A text stands at a point in data coordinates, in 10 pt black DejaVu Sans, left-aligned
 * on its baseline, as matplotlib's Text; it leaves the limits alone and is not clipped to
 * the axes. An annotation is a text at its point or at an offset from it in points, drawn
 * only while the point is inside the axes. Text properties Backstep does not draw
 * (fontweight=, bbox=, transform=, arrows, ...) are refused by name.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>


typedef struct {
  double          size;
  BsPlotTextAlign halign, valign;
  gboolean        rotated;
  gboolean        visible;
  BsPlotStyle     style;
} TextProps;

/* matplotlib's Text properties (and aliases) that Backstep does not draw */
static const char *const undrawn[] = {
  "agg_filter", "animated", "backgroundcolor", "bbox", "clip_box", "clip_path", "figure",
  "fontfamily", "family", "fontname", "name", "fontproperties", "font", "font_properties",
  "fontstretch", "stretch", "fontstyle", "style", "fontvariant", "variant", "fontweight",
  "weight", "gid", "in_layout", "linespacing", "math_fontfamily", "mouseover",
  "multialignment", "ma", "parse_math", "path_effects", "picker", "position", "rasterized",
  "rotation_mode", "sketch_params", "snap", "text", "transform", "transform_rotates_text",
  "url", "usetex", "wrap", "x", "y", NULL,
};

static gboolean
is_one_of (const char         *key,
           const char * const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (key, names[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
alignment (BsInterp        *in,
           BsValue          v,
           gboolean         vertical,
           BsPlotTextAlign *out)
{
  static const char *const h[] = { "left", "center", "right", NULL };
  static const char *const vv[] = { "top", "center", "bottom", "baseline", "center_baseline",
                                    NULL };
  const char *const *names = vertical ? vv : h;
  const char *text = bs_value_str (v);
  g_autoptr(GString) shown = g_string_new (NULL);

  for (guint i = 0; text != NULL && names[i] != NULL; i++)
    if (strcmp (text, names[i]) == 0)
      {
        *out = (BsPlotTextAlign) i;
        return TRUE;
      }
  if (!bs_repr (in, v, shown))
    return FALSE;
  return bs_raise (in, "ValueError", "%s is not a valid value for align; supported values are "
                   "%s", shown->str, vertical ? "'top', 'bottom', 'center', 'baseline', "
                   "'center_baseline'" : "'center', 'right', 'left'");
}

/* rotation=: degrees, 'horizontal' or 'vertical'; Backstep turns text a quarter at most */
static gboolean
rotation (BsInterp *in,
          BsValue   v,
          gboolean *rotated)
{
  const char *text = bs_value_str (v);
  double degrees;

  if (bs_value_is_none (v) || (text != NULL && strcmp (text, "horizontal") == 0))
    degrees = 0;
  else if (text != NULL && strcmp (text, "vertical") == 0)
    degrees = 90;
  else if (text != NULL || !bs_is_number (v))
    {
      g_autoptr(GString) shown = g_string_new (NULL);
      if (!bs_str (in, v, shown))
        return FALSE;
      return bs_raise (in, "ValueError", "rotation must be 'vertical', 'horizontal' or a "
                       "number, not %s", shown->str);
    }
  else if (!bs_pyplot_number (in, v, "rotation", &degrees))
    return FALSE;
  degrees = fmod (degrees, 360);
  degrees += degrees < 0 ? 360 : 0;
  if (degrees != 0 && degrees != 90)
    return bs_raise (in, "NotImplementedError", "text(rotation=%g) is not supported by "
                     "Backstep's matplotlib: 0 or 90 degrees", degrees);
  *rotated = degrees == 90;
  return TRUE;
}

/* One text property */
static gboolean
text_prop (BsInterp   *in,
           const char *fn,
           const char *key,
           BsValue     v,
           TextProps  *props)
{
  if (strcmp (key, "color") == 0 || strcmp (key, "c") == 0)
    {
      if (!bs_pyplot_color (in, v, "color", &props->style.color))
        return FALSE;
      props->style.color_set = TRUE;
      return TRUE;
    }
  if (strcmp (key, "fontsize") == 0 || strcmp (key, "size") == 0)
    return bs_pyplot_font_size (in, v, &props->size);
  if (strcmp (key, "horizontalalignment") == 0 || strcmp (key, "ha") == 0)
    return alignment (in, v, FALSE, &props->halign);
  if (strcmp (key, "verticalalignment") == 0 || strcmp (key, "va") == 0)
    return alignment (in, v, TRUE, &props->valign);
  if (strcmp (key, "rotation") == 0)
    return rotation (in, v, &props->rotated);
  if (strcmp (key, "alpha") == 0 || strcmp (key, "zorder") == 0)
    return bs_value_is_none (v)
           || bs_pyplot_number (in, v, key, key[0] == 'a' ? &props->style.alpha
                                                          : &props->style.zorder);
  if (strcmp (key, "visible") == 0)
    {
      props->visible = bs_value_truthy (v);
      return TRUE;
    }
  /* a text's label shows in no legend; an unclipped text has nothing to clip */
  if (strcmp (key, "label") == 0 || strcmp (key, "clip_on") == 0)
    return TRUE;
  if (is_one_of (key, undrawn))
    return bs_raise (in, "NotImplementedError", "%s(%s=...) is not supported by Backstep's "
                     "matplotlib", fn, key);
  return bs_raise (in, "AttributeError", "'Text' object has no property '%s'", key);
}

/* fontdict's properties, then the keywords' */
static gboolean
text_props (BsInterp   *in,
            const char *fn,
            BsValue     fontdict,
            BsValue     kwargs,
            TextProps  *props)
{
  BsValue dicts[2] = { fontdict, kwargs };

  props->size = 10.0;
  props->halign = BS_PLOT_TEXT_START;
  props->valign = BS_PLOT_TEXT_BASELINE;
  props->rotated = FALSE;
  props->visible = TRUE;
  for (int d = 0; d < 2; d++)
    {
      GArray *entries;

      if (bs_value_is_none (dicts[d]))
        continue;
      if (!bs_value_is_object (dicts[d], BS_OBJECT_DICT))
        return bs_raise (in, "TypeError", "fontdict must be a dict, not '%s'",
                         bs_value_type_name (dicts[d]));
      entries = ((BsDict *) dicts[d].as.object)->entries;
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
          const char *key = bs_value_str (e->key);

          if (e->deleted || key == NULL)
            continue;
          if (!text_prop (in, fn, key, e->value, props))
            return FALSE;
        }
    }
  return TRUE;
}

/* str() of the text as Text.set_text makes it: None is '' */
static gboolean
text_string (BsInterp  *in,
             BsValue    v,
             GString   *out)
{
  return bs_value_is_none (v) || bs_str (in, v, out);
}

/* text(x, y, s, fontdict=None, **kwargs) */
static gboolean
text_fn (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  g_autoptr(GString) s = g_string_new (NULL);
  TextProps props;
  double x, y;
  gboolean ok;

  bs_plot_style_init (&props.style);
  ok = bs_pyplot_number (in, arg (call, "x"), "x", &x)
       && bs_pyplot_number (in, arg (call, "y"), "y", &y)
       && text_string (in, arg (call, "s"), s)
       && text_props (in, "text", arg (call, "fontdict"), arg (call, "kwargs"), &props);
  if (ok && props.visible)
    bs_plot_axes_text (axes, x, y, s->str, props.size, props.halign, props.valign,
                       props.rotated, 0, 0, &props.style);
  bs_plot_style_clear (&props.style);
  return ok && bs_pyplot_text (in, arg (call, "x"), arg (call, "y"), s->str, r);
}

/* A point given as a pair */
static gboolean
point (BsInterp   *in,
       BsValue     v,
       const char *what,
       double      xy[2])
{
  gsize n;
  BsValue *items = bs_value_items (v, &n);

  if (items == NULL || n != 2)
    return bs_raise (in, "TypeError", "%s must be a pair (x, y)", what);
  return bs_pyplot_number (in, items[0], what, &xy[0])
         && bs_pyplot_number (in, items[1], what, &xy[1]);
}

/* annotate(text, xy, xytext=None, xycoords='data', textcoords=None, arrowprops=None,
 * annotation_clip=None, **kwargs) */
static gboolean
annotate_fn (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  static const char *const unsupported[] = { "arrowprops", NULL };
  BsPlotAxes *axes = bs_pyplot_axes_of (in, call);
  g_autoptr(GString) s = g_string_new (NULL);
  const char *xycoords = bs_value_str (arg (call, "xycoords"));
  const char *textcoords = bs_value_str (arg (call, "textcoords"));
  BsValue clip = arg (call, "annotation_clip");
  double xy[2], at[2], offset[2] = { 0, 0 };
  TextProps props;
  gboolean ok;

  if (!bs_pyplot_refuse (in, call, unsupported))
    return FALSE;
  if (has (call, "xycoords") && (xycoords == NULL || strcmp (xycoords, "data") != 0))
    return bs_raise (in, "NotImplementedError", "annotate(xycoords=...) other than 'data' is "
                     "not supported by Backstep's matplotlib");
  if (!bs_value_is_none (arg (call, "textcoords"))
      && (textcoords == NULL
          || (strcmp (textcoords, "data") != 0 && strcmp (textcoords, "offset points") != 0
              && strcmp (textcoords, "offset pixels") != 0)))
    return bs_raise (in, "NotImplementedError", "annotate(textcoords=...) is supported by "
                     "Backstep's matplotlib as 'data', 'offset points' or 'offset pixels'");
  if (!bs_value_is_none (clip) && clip.type != BS_VALUE_BOOL)
    return bs_raise (in, "TypeError", "annotation_clip must be True, False or None");
  if (!text_string (in, arg (call, "text"), s) || !point (in, arg (call, "xy"), "xy", xy))
    return FALSE;
  at[0] = xy[0];
  at[1] = xy[1];
  if (!bs_value_is_none (arg (call, "xytext")) && !point (in, arg (call, "xytext"), "xytext", at))
    return FALSE;
  if (textcoords != NULL && strncmp (textcoords, "offset ", 7) == 0)
    {
      /* xytext is then an offset from xy (xy itself when not given) */
      double scale = strcmp (textcoords, "offset pixels") == 0 ? 72.0 / axes->figure->dpi : 1.0;
      offset[0] = at[0] * scale;
      offset[1] = at[1] * scale;
      at[0] = xy[0];
      at[1] = xy[1];
    }
  bs_plot_style_init (&props.style);
  ok = text_props (in, "annotate", BS_NONE, arg (call, "kwargs"), &props);
  if (ok && props.visible)
    {
      BsPlotArtist *a = bs_plot_axes_text (axes, at[0], at[1], s->str, props.size,
                                           props.halign, props.valign, props.rotated,
                                           offset[0], offset[1], &props.style);
      /* drawn only while xy is inside the axes, unless annotation_clip=False */
      if (bs_value_is_none (clip) || clip.as.boolean)
        {
          a->clip_point = TRUE;
          a->point[0] = xy[0];
          a->point[1] = xy[1];
        }
    }
  bs_plot_style_clear (&props.style);
  return ok && bs_pyplot_annotation (in, xy[0], xy[1],
                                     arg (call, bs_value_is_none (arg (call, "xytext"))
                                                ? "xy" : "xytext"), s->str, r);
}

#define P "matplotlib.pyplot"
#define BOTH(name, params, func) \
  { P, BS_SIG_PYTHON, name "(" params ")", func, ON_CURRENT }, \
  { "Axes", BS_SIG_PYTHON, "Axes." name "(self, " params ")", func, ON_SELF }

static const BsSignatureRow rows[] = {
  BOTH ("text", "x, y, s, fontdict=None, **kwargs", text_fn),
  BOTH ("annotate", "text, xy, xytext=None, xycoords='data', textcoords=None, "
        "arrowprops=None, annotation_clip=None, **kwargs", annotate_fn),
};

const BsSignatureTable bs_pyplot_text_table = BS_SIGNATURE_TABLE (rows);
