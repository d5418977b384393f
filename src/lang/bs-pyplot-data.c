/* bs-pyplot-data.c: what matplotlib.pyplot's functions take, as the plot library wants it */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-data.h"

#include <math.h>
#include <string.h>

#include "bs-tensor.h"
#include "bs-np-array.h"
#include "bs-plot-colormap.h"

void
bs_pyplot_array_clear (BsPyplotArray *array)
{
  g_clear_pointer (&array->values, g_free);
  memset (array, 0, sizeof *array);
}

static gboolean
not_numeric (BsInterp   *in,
             BsValue     v,
             const char *what)
{
  return bs_raise (in, "TypeError", "%s must be numbers, a list of numbers or a tensor, not "
                   "'%s'", what, bs_value_type_name (v));
}

/* The shape of nested lists and tuples, checked to be rectangular, as numpy's */
static gboolean
nested_shape (BsInterp      *in,
              BsValue        v,
              const char    *what,
              int            depth,
              BsPyplotArray *out)
{
  BsValue *items;
  gsize n;

  if (!bs_value_is_object (v, BS_OBJECT_LIST) && !bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      if (bs_is_number (v) || v.type == BS_VALUE_BOOL)
        {
          if (depth == 0)
            out->ndim = 0;
          else if (out->ndim != depth)
            goto ragged;
          return TRUE;
        }
      if ((bs_value_tensor (v) != NULL && bs_tensor_numel (bs_value_tensor (v)) == 1
           && bs_value_tensor (v)->ndim == 0) || bs_np_scalar_tensor (v) != NULL)
        {
          if (out->ndim != depth && depth > 0)
            goto ragged;
          return TRUE;
        }
      return not_numeric (in, v, what);
    }
  if (depth >= BS_PYPLOT_MAX_DIMS)
    return bs_raise (in, "ValueError", "%s has more than %d dimensions", what,
                     BS_PYPLOT_MAX_DIMS);
  items = bs_value_items (v, &n);
  if (out->ndim <= depth)
    {
      out->ndim = depth + 1;
      out->shape[depth] = n;
    }
  else if (out->shape[depth] != n)
    goto ragged;
  for (gsize i = 0; i < n; i++)
    if (!nested_shape (in, items[i], what, depth + 1, out))
      return FALSE;
  return TRUE;

ragged:
  return bs_raise (in, "ValueError", "setting an array element with a sequence. The requested "
                   "array has an inhomogeneous shape after %d dimensions.", depth);
}

static gboolean
fill_nested (BsInterp *in,
             BsValue   v,
             double  **at)
{
  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      gsize n;
      BsValue *items = bs_value_items (v, &n);

      for (gsize i = 0; i < n; i++)
        if (!fill_nested (in, items[i], at))
          return FALSE;
      return TRUE;
    }
  if (bs_value_tensor (v) != NULL)
    *(*at)++ = bs_tensor_item (bs_value_tensor (v));
  else if (v.type == BS_VALUE_BOOL)
    *(*at)++ = v.as.boolean;
  else if (!bs_to_double (in, v, (*at)++))
    return FALSE;
  return TRUE;
}

gboolean
bs_pyplot_array (BsInterp      *in,
                 BsValue        v,
                 const char    *what,
                 BsPyplotArray *out)
{
  BsTensor *t = bs_value_tensor (v) != NULL ? bs_value_tensor (v) : bs_np_array_tensor (v);
  double *at;

  memset (out, 0, sizeof *out);
  if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      /* numpy.asarray(range(...)), as matplotlib takes it */
      BsValue list;
      gboolean ok;

      if (!bs_to_list (in, v, &list))
        return FALSE;
      ok = bs_pyplot_array (in, list, what, out);
      bs_value_unref (list);
      return ok;
    }
  if (t != NULL)
    {
      if (bs_tensor_requires_grad (t))
        return bs_raise (in, "RuntimeError", "Can't call numpy() on Tensor that requires grad. "
                         "Use tensor.detach().numpy() instead.");
      if (t->ndim > BS_PYPLOT_MAX_DIMS)
        return bs_raise (in, "TypeError", "Invalid shape for %s: a tensor of %d dimensions",
                         what, t->ndim);
      out->ndim = t->ndim;
      out->n = 1;
      for (int d = 0; d < t->ndim; d++)
        {
          out->shape[d] = (gsize) t->shape[d];
          out->n *= out->shape[d];
        }
      out->values = bs_tensor_to_doubles (t);
      return TRUE;
    }
  if (!nested_shape (in, v, what, 0, out))
    return FALSE;
  out->n = 1;
  for (int d = 0; d < out->ndim; d++)
    out->n *= out->shape[d];
  out->values = g_new0 (double, MAX (out->n, 1));
  at = out->values;
  if (!fill_nested (in, v, &at))
    {
      bs_pyplot_array_clear (out);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_pyplot_color (BsInterp    *in,
                 BsValue      v,
                 const char  *what,
                 BsPlotColor *color)
{
  const char *text = bs_value_str (v);
  GError *error = NULL;

  if (text != NULL)
    {
      if (!bs_plot_color_parse (text, what, color, &error))
        {
          gboolean r = bs_raise (in, "ValueError", "%s", error->message);
          g_error_free (error);
          return r;
        }
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_TUPLE) || bs_value_is_object (v, BS_OBJECT_LIST))
    {
      gsize n;
      BsValue *items = bs_value_items (v, &n);
      double c[4] = { 0, 0, 0, 1 };

      if (n == 3 || n == 4)
        {
          gboolean ok = TRUE;
          for (gsize i = 0; i < n && ok; i++)
            ok = bs_is_number (items[i]) && bs_to_double (in, items[i], &c[i])
                 && c[i] >= 0 && c[i] <= 1;
          if (ok)
            {
              *color = bs_plot_color_rgba (c[0], c[1], c[2], c[3]);
              return TRUE;
            }
        }
    }
  return bs_raise (in, "ValueError", "%s is not a valid value for %s", "the value given", what);
}

/* matplotlib's class names in its AttributeError */
static const char *const class_names[] = {
  "Line2D", "PathCollection", "Rectangle", "PolyCollection", "AxesImage", "QuadContourSet",
  "LineCollection",
};

typedef enum {
  PROP_COLOR, PROP_EDGECOLOR, PROP_LINESTYLE, PROP_LINEWIDTH, PROP_MARKER, PROP_MARKERSIZE,
  PROP_ALPHA, PROP_ZORDER, PROP_LABEL, PROP_FACECOLOR,
} Prop;

typedef struct {
  const char *name;
  Prop        prop;
  guint       classes;   /* bit per BsPyplotArtistClass */
} PropName;

#define LINE    (1u << BS_PYPLOT_LINE2D)
#define PATHS   (1u << BS_PYPLOT_PATH_COLLECTION)
#define RECT    (1u << BS_PYPLOT_RECTANGLE)
#define POLY    (1u << BS_PYPLOT_POLY_COLLECTION)
#define IMAGE   (1u << BS_PYPLOT_IMAGE)
#define CONTOUR (1u << BS_PYPLOT_CONTOUR)
#define LINES   (1u << BS_PYPLOT_LINE_COLLECTION)
#define ALL     (LINE | PATHS | RECT | POLY | IMAGE | CONTOUR | LINES)

static const PropName props[] = {
  { "color", PROP_COLOR, LINE | PATHS | RECT | POLY | LINES },
  { "colors", PROP_COLOR, LINES },
  { "c", PROP_COLOR, LINE },
  { "facecolor", PROP_FACECOLOR, PATHS | RECT | POLY },
  { "fc", PROP_FACECOLOR, RECT | POLY },
  { "facecolors", PROP_FACECOLOR, PATHS | POLY },
  { "edgecolor", PROP_EDGECOLOR, PATHS | RECT | POLY },
  { "ec", PROP_EDGECOLOR, RECT | POLY },
  { "edgecolors", PROP_EDGECOLOR, POLY },
  { "markeredgecolor", PROP_EDGECOLOR, LINE },
  { "mec", PROP_EDGECOLOR, LINE },
  { "markerfacecolor", PROP_COLOR, LINE },
  { "mfc", PROP_COLOR, LINE },
  { "linestyle", PROP_LINESTYLE, LINE | RECT | POLY | CONTOUR | LINES },
  { "ls", PROP_LINESTYLE, LINE | RECT | POLY | LINES },
  { "linestyles", PROP_LINESTYLE, CONTOUR | LINES },
  { "linewidth", PROP_LINEWIDTH, LINE | RECT | POLY | LINES },
  { "lw", PROP_LINEWIDTH, LINE | RECT | POLY | LINES },
  { "linewidths", PROP_LINEWIDTH, PATHS | POLY | CONTOUR | LINES },
  { "marker", PROP_MARKER, LINE },
  { "markersize", PROP_MARKERSIZE, LINE },
  { "ms", PROP_MARKERSIZE, LINE },
  { "alpha", PROP_ALPHA, ALL },
  { "zorder", PROP_ZORDER, ALL },
  { "label", PROP_LABEL, ALL },
};

static gboolean
number_prop (BsInterp   *in,
             BsValue     v,
             const char *name,
             double     *out)
{
  if ((!bs_is_number (v) && bs_np_scalar_tensor (v) == NULL) || !bs_to_double (in, v, out))
    return bs_raise (in, "TypeError", "%s must be a number, not '%s'", name,
                     bs_value_type_name (v));
  return TRUE;
}

static gboolean
set_prop (BsInterp           *in,
          const PropName     *p,
          BsValue             v,
          BsPyplotArtistClass klass,
          BsPlotStyle        *style)
{
  GError *error = NULL;

  if (bs_value_is_none (v))
    return TRUE;
  switch (p->prop)
    {
    case PROP_COLOR:
    case PROP_FACECOLOR:
      if (!bs_pyplot_color (in, v, p->name, &style->color))
        return FALSE;
      style->color_set = TRUE;
      return TRUE;
    case PROP_EDGECOLOR:
      if (!bs_pyplot_color (in, v, p->name, &style->edgecolor))
        return FALSE;
      style->edgecolor_set = TRUE;
      return TRUE;
    case PROP_LINESTYLE:
      if (bs_value_str (v) == NULL)
        return bs_raise (in, "ValueError", "%s must be a string naming a line style", p->name);
      if (!bs_plot_style_parse_linestyle (bs_value_str (v), &style->linestyle, &error))
        break;
      return TRUE;
    case PROP_MARKER:
      if (bs_value_str (v) == NULL)
        return bs_raise (in, "ValueError", "Unrecognized marker style %s",
                         bs_value_type_name (v));
      if (!bs_plot_style_parse_marker (bs_value_str (v), &style->marker, &error))
        break;
      return TRUE;
    case PROP_LINEWIDTH:
      return number_prop (in, v, p->name, &style->linewidth);
    case PROP_MARKERSIZE:
      return number_prop (in, v, p->name, &style->markersize);
    case PROP_ZORDER:
      return number_prop (in, v, p->name, &style->zorder);
    case PROP_ALPHA:
      if (!number_prop (in, v, p->name, &style->alpha))
        return FALSE;
      if (style->alpha < 0 || style->alpha > 1)
        return bs_raise (in, "ValueError", "alpha (%g) is outside 0-1 range", style->alpha);
      return TRUE;
    case PROP_LABEL:
      {
        /* matplotlib labels with str(label) */
        g_autoptr(GString) text = g_string_new (NULL);
        if (!bs_str (in, v, text))
          return FALSE;
        bs_plot_style_set_label (style, text->str);
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
  {
    gboolean r = bs_raise (in, "ValueError", "%s", error->message);
    g_error_free (error);
    return r;
  }
}

gboolean
bs_pyplot_style (BsInterp            *in,
                 BsValue              kwargs,
                 BsPyplotArtistClass  klass,
                 BsPlotStyle         *style)
{
  GArray *entries;

  if (bs_value_is_none (kwargs))
    return TRUE;
  entries = ((BsDict *) kwargs.as.object)->entries;
  for (guint i = 0; i < entries->len; i++)
    {
      const BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);
      const char *key = bs_value_str (e->key);
      const PropName *p = NULL;

      if (e->deleted || key == NULL)
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (props); k++)
        if (strcmp (props[k].name, key) == 0 && (props[k].classes & (1u << klass)))
          p = &props[k];
      if (p == NULL)
        return bs_raise (in, "AttributeError", "%s.set() got an unexpected keyword argument "
                         "'%s'", class_names[klass], key);
      if (!set_prop (in, p, e->value, klass, style))
        return FALSE;
    }
  return TRUE;
}

/* --- colormaps ---------------------------------------------------------- */

/* A colormap of matplotlib.cm; its data is its name (interned) */
static gboolean
colormap_repr (BsInterp *in,
               BsValue   self,
               GString  *out)
{
  const char *name = ((BsNative *) self.as.object)->data;
  static const char *const listed[] = { "viridis", "plasma", "inferno", "magma", "cividis",
                                        "twilight", NULL };
  g_autofree char *base = g_strdup (name);

  if (g_str_has_suffix (base, "_r"))
    base[strlen (base) - 2] = '\0';
  g_string_append_printf (out, "<matplotlib.colors.%s object at " BS_ADDRESS_FORMAT ">",
                          g_strv_contains (listed, base) ? "ListedColormap"
                                                         : "LinearSegmentedColormap",
                          bs_value_address (self));
  return TRUE;
}

static gboolean
colormap_getattr (BsInterp   *in,
                  BsValue     self,
                  const char *name,
                  BsValue    *out,
                  gboolean   *found)
{
  *found = strcmp (name, "name") == 0;
  if (*found)
    *out = bs_str_value (in, ((BsNative *) self.as.object)->data);
  return TRUE;
}

static const BsNativeType colormap_type = {
  { "matplotlib.colors.Colormap", NULL }, colormap_getattr, NULL, colormap_repr, NULL, NULL,
};

gboolean
bs_pyplot_cmap (BsInterp    *in,
                BsValue      v,
                const char **name)
{
  *name = NULL;
  if (bs_value_is_none (v))
    return TRUE;
  if (bs_value_str (v) != NULL)
    {
      *name = bs_value_str (v);
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_NATIVE)
      && ((BsNative *) v.as.object)->klass == &colormap_type.base)
    {
      *name = ((BsNative *) v.as.object)->data;
      return TRUE;
    }
  return bs_raise (in, "TypeError", "cmap must be a colormap or its name, not '%s'",
                   bs_value_type_name (v));
}

BsValue
bs_pyplot_cm_module_new (BsInterp *in)
{
  BsValue cm = bs_module_new (in, "matplotlib.cm");
  const BsPlotColormap *map;

  for (guint i = 0; (map = bs_plot_colormap_nth (i)) != NULL; i++)
    for (int reversed = 0; reversed < 2; reversed++)
      {
        g_autofree char *name = g_strconcat (bs_plot_colormap_name (map),
                                             reversed ? "_r" : "", NULL);

        bs_dict_set_str (((BsModule *) cm.as.object)->dict, name,
                         bs_native_new (in->heap, &colormap_type.base,
                                        (gpointer) g_intern_string (name)));
      }
  return cm;
}
