/* bs-pyplot-artists.c: what pyplot's drawing functions return
 *
 * matplotlib returns its artists (a list of Line2D from plot(), a PathCollection from
 * scatter(), a BarContainer from bar(), a Text from title()...). Backstep's stand-ins
 * have their classes and print as they do: the default repr of the class
 * (<matplotlib.lines.Line2D object at 0x...>), and the str() matplotlib defines
 * (Line2D(_child0), Text(0.5, 1.0, 'loss'), AxesImage(size=(3, 3)), Legend,
 * <BarContainer object of 10 artists>). They have no methods: an attribute asked for is
 * named as missing. Those a colorbar can show keep which artist of which axes they are.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

typedef struct {
  BsPyplotKind    kind;
  BsPyplotHandle  handle;   /* FIGURE owned (a reference) or NULL */
  char           *str;      /* Owned: what str() prints, or NULL for the repr */
  char           *repr;     /* Owned: what repr() prints when it is not str()'s */
  guint           count;    /* BarContainer: its bars */
} Artist;

static void
artist_free (gpointer data)
{
  Artist *a = data;

  if (a->handle.figure != NULL)
    bs_plot_figure_unref (a->handle.figure);
  g_free (a->str);
  g_free (a->repr);
  g_free (a);
}

static gboolean artist_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                gboolean *found);
static gboolean artist_str (BsInterp *in, BsValue self, GString *out);
static gboolean artist_repr (BsInterp *in, BsValue self, GString *out);
static gboolean container_repr (BsInterp *in, BsValue self, GString *out);
static gboolean container_len (BsInterp *in, BsValue self, gint64 *len);
static gboolean container_iter (BsInterp *in, BsValue self, BsValue *out);

static const BsNativeOps container_ops = {
  .len = container_len,
  .iter = container_iter,
};

#define ARTIST_TYPE(name) { { name, artist_free }, artist_getattr, NULL, NULL, artist_str, NULL }

/* Indexed by BsPyplotKind */
static const BsNativeType artist_types[] = {
  ARTIST_TYPE ("matplotlib.lines.Line2D"),
  ARTIST_TYPE ("matplotlib.collections.PathCollection"),
  ARTIST_TYPE ("matplotlib.collections.PolyCollection"),
  ARTIST_TYPE ("matplotlib.image.AxesImage"),
  ARTIST_TYPE ("matplotlib.contour.QuadContourSet"),
  /* Text's repr is its str() */
  { { "matplotlib.text.Text", artist_free }, artist_getattr, NULL, artist_str, artist_str, NULL },
  ARTIST_TYPE ("matplotlib.legend.Legend"),
  ARTIST_TYPE ("matplotlib.colorbar.Colorbar"),
  { { "matplotlib.container.BarContainer", artist_free }, artist_getattr, NULL, container_repr,
    container_repr, &container_ops },
  { { "matplotlib.text.Annotation", artist_free }, artist_getattr, NULL, artist_repr,
    artist_str, NULL },
  ARTIST_TYPE ("matplotlib.collections.LineCollection"),
  { { "matplotlib.container.ErrorbarContainer", artist_free }, artist_getattr, NULL,
    container_repr, container_repr, &container_ops },
};

G_STATIC_ASSERT (G_N_ELEMENTS (artist_types) == BS_PYPLOT_N_OBJ);

static Artist *
artist_of (BsValue v)
{
  for (guint i = 0; i < G_N_ELEMENTS (artist_types); i++)
    {
      Artist *a = bs_value_native (v, &artist_types[i].base);

      if (a != NULL)
        return a;
    }
  return NULL;
}

static BsValue
artist_new (BsInterp     *in,
            BsPyplotKind  kind,
            BsPlotAxes   *axes,
            guint         index,
            char         *str)
{
  Artist *a = g_new0 (Artist, 1);

  a->kind = kind;
  a->str = str;
  if (axes != NULL)
    {
      a->handle.figure = bs_plot_figure_ref (axes->figure);
      a->handle.axes = axes;
      a->handle.artist = index;
    }
  return bs_native_new (in->heap, &artist_types[kind].base, a);
}

/* The last part of a dotted class name: Line2D */
static const char *
short_name (BsValue self)
{
  const char *name = ((BsNative *) self.as.object)->klass->name;

  return strrchr (name, '.') + 1;
}

static gboolean
artist_getattr (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  *found = TRUE;
  return bs_raise (in, "AttributeError", "Backstep's matplotlib has no '%s.%s'",
                   short_name (self), name);
}

static gboolean
artist_str (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  Artist *a = artist_of (self);

  if (a->str != NULL)
    g_string_append (out, a->str);
  else
    g_string_append_printf (out, "<%s object at " BS_ADDRESS_FORMAT ">",
                            ((BsNative *) self.as.object)->klass->name, bs_value_address (self));
  return TRUE;
}

static gboolean
artist_repr (BsInterp *in,
             BsValue   self,
             GString  *out)
{
  Artist *a = artist_of (self);

  if (a->repr == NULL)
    return artist_str (in, self, out);
  g_string_append (out, a->repr);
  return TRUE;
}

static gboolean
container_repr (BsInterp *in,
                BsValue   self,
                GString  *out)
{
  g_string_append_printf (out, "<%s object of %u artists>", short_name (self),
                          artist_of (self)->count);
  return TRUE;
}

static gboolean
container_len (BsInterp *in,
               BsValue   self,
               gint64   *len)
{
  *len = artist_of (self)->count;
  return TRUE;
}

static gboolean
container_iter (BsInterp *in,
                BsValue   self,
                BsValue  *out)
{
  if (artist_of (self)->kind == BS_PYPLOT_OBJ_ERRORBAR_CONTAINER)
    return bs_raise (in, "NotImplementedError", "Backstep's matplotlib cannot take the line, "
                     "caps and bars of an ErrorbarContainer one by one");
  return bs_raise (in, "NotImplementedError", "Backstep's matplotlib has no 'Rectangle': the "
                   "bars of a %s cannot be taken one by one", short_name (self));
}

/* --- what the drawing functions return ---------------------------------------------- */

/* How many children matplotlib's axes holds for an artist of Backstep's: a bar chart a
 * Rectangle per bar, a contour set a collection per level (between levels when filled) */
static guint
children_of (const BsPlotArtist *artist)
{
  switch (artist->kind)
    {
    case BS_PLOT_ARTIST_BARS:
      return artist->x->len;
    case BS_PLOT_ARTIST_CONTOUR:
      return artist->levels->len - (artist->filled && artist->levels->len > 0);
    default:
      return 1;
    }
}

BsValue
bs_pyplot_lines (BsInterp   *in,
                 BsPlotAxes *axes,
                 guint       first)
{
  BsValue list = bs_list_new (in->heap);
  guint children = 0;

  for (guint i = 0; i < axes->artists->len; i++)
    {
      const BsPlotArtist *artist = g_ptr_array_index (axes->artists, i);

      if (i >= first)
        bs_list_append (list, bs_pyplot_line (in, axes, i, children));
      children += children_of (artist);
    }
  return list;
}

BsValue
bs_pyplot_line (BsInterp   *in,
                BsPlotAxes *axes,
                guint       index,
                guint       children)
{
  const BsPlotArtist *artist = g_ptr_array_index (axes->artists, index);
  const char *label = artist->style.label;

  /* matplotlib labels an unlabelled line by its place among the axes' children */
  if (label != NULL && label[0] != '\0')
    return artist_new (in, BS_PYPLOT_OBJ_LINE2D, NULL, 0, g_strdup_printf ("Line2D(%s)", label));
  return artist_new (in, BS_PYPLOT_OBJ_LINE2D, NULL, 0,
                     g_strdup_printf ("Line2D(_child%u)", children));
}

BsValue
bs_pyplot_last_line (BsInterp   *in,
                     BsPlotAxes *axes)
{
  guint children = 0;

  for (guint i = 0; i + 1 < axes->artists->len; i++)
    children += children_of (g_ptr_array_index (axes->artists, i));
  return bs_pyplot_line (in, axes, axes->artists->len - 1, children);
}

BsValue
bs_pyplot_object (BsInterp     *in,
                  BsPyplotKind  kind,
                  BsPlotAxes   *axes)
{
  char *str = NULL;

  if (kind == BS_PYPLOT_OBJ_AXES_IMAGE)
    {
      const BsPlotArtist *image = g_ptr_array_index (axes->artists, axes->artists->len - 1);

      str = g_strdup_printf ("AxesImage(size=(%u, %u))", image->rows, image->cols);
    }
  else if (kind == BS_PYPLOT_OBJ_LEGEND)
    str = g_strdup ("Legend");
  return artist_new (in, kind, axes, axes->artists->len > 0 ? axes->artists->len - 1 : 0, str);
}

BsValue
bs_pyplot_errorbar_container (BsInterp *in)
{
  BsValue v = artist_new (in, BS_PYPLOT_OBJ_ERRORBAR_CONTAINER, NULL, 0, NULL);

  /* the data line, the caps, the bars */
  artist_of (v)->count = 3;
  return v;
}

BsValue
bs_pyplot_bar_container (BsInterp *in,
                         guint     n)
{
  BsValue v = artist_new (in, BS_PYPLOT_OBJ_BAR_CONTAINER, NULL, 0, NULL);

  artist_of (v)->count = n;
  return v;
}

gboolean
bs_pyplot_text (BsInterp   *in,
                BsValue     x,
                BsValue     y,
                const char *text,
                BsValue    *out)
{
  g_autoptr (GString) str = g_string_new ("Text(");
  BsValue s = bs_str_value (in, text);
  gboolean ok = bs_str (in, x, str);

  g_string_append (str, ", ");
  ok = ok && bs_str (in, y, str);
  g_string_append (str, ", ");
  ok = ok && bs_repr (in, s, str);
  g_string_append_c (str, ')');
  bs_value_unref (s);
  if (ok)
    *out = artist_new (in, BS_PYPLOT_OBJ_TEXT, NULL, 0, g_string_free (g_steal_pointer (&str),
                                                                   FALSE));
  return ok;
}

gboolean
bs_pyplot_annotation (BsInterp   *in,
                      double      x,
                      double      y,
                      BsValue     xytext,
                      const char *text,
                      BsValue    *out)
{
  g_autoptr (GString) str = g_string_new (NULL);
  BsValue s = bs_str_value (in, text), as_text;
  char gx[G_ASCII_DTOSTR_BUF_SIZE], gy[G_ASCII_DTOSTR_BUF_SIZE];
  BsValue *items = bs_tuple_items (xytext);
  gboolean ok;

  g_string_append_printf (str, "Annotation(%s, %s, ", g_ascii_formatd (gx, sizeof gx, "%g", x),
                          g_ascii_formatd (gy, sizeof gy, "%g", y));
  ok = bs_repr (in, s, str);
  g_string_append_c (str, ')');
  bs_value_unref (s);
  if (!ok || !bs_pyplot_text (in, items[0], items[1], text, &as_text))
    return FALSE;
  *out = artist_new (in, BS_PYPLOT_OBJ_ANNOTATION, NULL, 0,
                     g_string_free (g_steal_pointer (&str), FALSE));
  ((Artist *) bs_value_native (*out, &artist_types[BS_PYPLOT_OBJ_ANNOTATION].base))->repr =
    g_strdup (artist_of (as_text)->str);
  bs_value_unref (as_text);
  return TRUE;
}

BsPyplotHandle *
bs_pyplot_mappable_handle (BsValue v)
{
  Artist *a = artist_of (v);

  if (a == NULL || (a->kind != BS_PYPLOT_OBJ_PATH_COLLECTION && a->kind != BS_PYPLOT_OBJ_AXES_IMAGE
                    && a->kind != BS_PYPLOT_OBJ_QUAD_CONTOUR_SET))
    return NULL;
  return &a->handle;
}
