/* bs-pyplot-objects.c: Figure and Axes objects, arrays of axes, and shared helpers
 *
 * A Figure or Axes value holds a reference to its figure, so that an axes a script keeps
 * stays valid when pyplot closes its figure.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-pyplot-private.h"

#include <math.h>

#include "bs-tensor.h"
#include "bs-np-array.h"

/* --- Figure and Axes objects ------------------------------------------------ */

static void
handle_free (gpointer data)
{
  BsPyplotHandle *h = data;

  bs_plot_figure_unref (h->figure);
  g_free (h);
}

static gboolean handle_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                gboolean *found);
static gboolean handle_repr (BsInterp *in, BsValue self, GString *out);
static gboolean handle_str (BsInterp *in, BsValue self, GString *out);

static const BsNativeType figure_type = {
  { "Figure", handle_free }, handle_getattr, NULL, handle_repr, handle_str, NULL,
};
static const BsNativeType axes_type = {
  { "AxesSubplot", handle_free }, handle_getattr, NULL, handle_repr, NULL, NULL,
};

BsValue
bs_pyplot_wrap (BsInterp     *in,
      BsPlotFigure *figure,
      BsPlotAxes   *axes)
{
  BsPyplotHandle *h = g_new0 (BsPyplotHandle, 1);

  h->figure = bs_plot_figure_ref (figure);
  h->axes = axes;
  return bs_native_new (in->heap, axes ? &axes_type.base : &figure_type.base, h);
}

BsPyplotHandle *
bs_pyplot_handle (BsValue v)
{
  BsPyplotHandle *h = bs_value_native (v, &axes_type.base);

  return h != NULL ? h : bs_value_native (v, &figure_type.base);
}

static gboolean
handle_repr (BsInterp *in,
             BsValue   self,
             GString  *out)
{
  BsPyplotHandle *h = bs_pyplot_handle (self);
  int w, hh;

  bs_plot_figure_get_pixel_size (h->figure, &w, &hh);
  if (h->axes == NULL)
    g_string_append_printf (out, "<Figure size %dx%d with %u Axes>", w, hh,
                            h->figure->axes->len);
  else
    g_string_append (out, "<AxesSubplot: >");
  return TRUE;
}

/* str(fig): "Figure(640x480)" */
static gboolean
handle_str (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  int w, h;

  bs_plot_figure_get_pixel_size (bs_pyplot_handle (self)->figure, &w, &h);
  g_string_append_printf (out, "Figure(%dx%d)", w, h);
  return TRUE;
}

static gboolean
handle_getattr (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  BsPyplotHandle *h = bs_pyplot_handle (self);
  const BsDecl *decl = bs_signature_set_find (in->signatures,
                                              h->axes ? "Axes" : "Figure", name);

  *found = TRUE;
  if (decl != NULL)
    {
      *out = bs_decl_builtin (in, decl, bs_value_ref (self));
      return TRUE;
    }
  if (h->axes == NULL && strcmp (name, "number") == 0)
    {
      *out = BS_INT (h->figure->number);
      return TRUE;
    }
  if (h->axes == NULL && strcmp (name, "axes") == 0)
    {
      BsValue list = bs_list_new (in->heap);
      for (guint i = 0; i < h->figure->axes->len; i++)
        bs_list_append (list, bs_pyplot_wrap (in, h->figure, g_ptr_array_index (h->figure->axes, i)));
      *out = list;
      return TRUE;
    }
  if (h->axes != NULL && strcmp (name, "figure") == 0)
    {
      *out = bs_pyplot_wrap (in, h->figure, NULL);
      return TRUE;
    }
  *found = FALSE;
  return TRUE;
}

/* --- helpers ----------------------------------------------------------------- */

BsPlotSession *
bs_pyplot_session (BsInterp *in)
{
  if (in->plots == NULL)
    in->plots = bs_plot_session_new ();
  return in->plots;
}

/* What Backstep does not draw is refused by name, never ignored */
gboolean
bs_pyplot_refuse (BsInterp           *in,
              BsCall             *call,
              const char * const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    for (guint k = 0; k < call->sig->n_params; k++)
      if (strcmp (call->sig->params[k].name, names[i]) == 0 && bs_call_has (call, k))
      return bs_raise (in, "NotImplementedError", "%s(%s=...) is not supported by Backstep's "
                       "matplotlib", call->sig->short_name, names[i]);
  return TRUE;
}

gboolean
bs_pyplot_number (BsInterp   *in,
            BsValue     v,
            const char *what,
            double     *out)
{
  if (bs_value_tensor (v) != NULL && bs_tensor_numel (bs_value_tensor (v)) == 1)
    {
      *out = bs_tensor_item (bs_value_tensor (v));
      return TRUE;
    }
  if (bs_np_tensor_of (v) != NULL && bs_tensor_numel (bs_np_tensor_of (v)) == 1)
    {
      *out = bs_tensor_item (bs_np_tensor_of (v));
      return TRUE;
    }
  if (!bs_is_number (v) && v.type != BS_VALUE_BOOL)
    return bs_raise (in, "TypeError", "%s must be a number, not '%s'", what,
                     bs_value_type_name (v));
  if (v.type == BS_VALUE_BOOL)
    {
      *out = v.as.boolean;
      return TRUE;
    }
  return bs_to_double (in, v, out);
}

/* fontsize= as FontProperties.set_size takes it: points (a number or its text), or a
 * name relative to 10 pt; below 1 pt is 1 pt */
gboolean
bs_pyplot_font_size (BsInterp *in,
                     BsValue   v,
                     double   *pt)
{
  static const struct { const char *name; double scale; } names[] = {
    { "xx-small", 0.579 }, { "x-small", 0.694 }, { "small", 0.833 }, { "medium", 1.0 },
    { "large", 1.2 }, { "x-large", 1.44 }, { "xx-large", 1.728 }, { "larger", 1.2 },
    { "smaller", 0.833 },
  };
  const char *text = bs_value_str (v);

  *pt = 10.0;
  if (bs_value_is_none (v))
    return TRUE;
  if (text != NULL)
    {
      char *end;
      double number = g_ascii_strtod (text, &end);

      for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
        if (strcmp (names[i].name, text) == 0)
          {
            *pt = 10.0 * names[i].scale;
            return TRUE;
          }
      if (end == text || *end != '\0')
        return bs_raise (in, "ValueError", "Size is invalid. Valid font size are xx-small, "
                         "x-small, small, medium, large, x-large, xx-large, larger, smaller, "
                         "None");
      *pt = number;
    }
  else if (!bs_pyplot_number (in, v, "fontsize", pt))
    return FALSE;
  if (isnan (*pt) || *pt > 1000)
    return bs_raise (in, "NotImplementedError", "a font size of %g points is not drawn by "
                     "Backstep's matplotlib (at most 1000)", *pt);
  *pt = MAX (*pt, 1.0);
  return TRUE;
}

gboolean
bs_pyplot_optional_number (BsInterp   *in,
                 BsCall     *call,
                 const char *name,
                 double      fallback,
                 double     *out)
{
  *out = fallback;
  if (!has (call, name))
    return TRUE;
  return bs_pyplot_number (in, arg (call, name), name, out);
}

const char *
bs_pyplot_optional_string (BsInterp   *in,
                 BsCall     *call,
                 const char *name,
                 gboolean   *ok)
{
  BsValue v = arg (call, name);

  *ok = TRUE;
  if (bs_value_is_none (v))
    return NULL;
  if (bs_value_str (v) == NULL)
    *ok = bs_raise (in, "TypeError", "%s must be a string, not '%s'", name,
                    bs_value_type_name (v));
  return bs_value_str (v);
}

/* The axes a call draws on: its receiver, or pyplot's current axes */
BsPlotAxes *
bs_pyplot_axes_of (BsInterp *in,
         BsCall   *call)
{
  if (bs_call_data (call) == ON_CURRENT)
    return bs_plot_session_gca (bs_pyplot_session (in));
  return bs_pyplot_handle (call->self)->axes;
}

BsPlotFigure *
bs_pyplot_figure_of (BsInterp *in,
           BsCall   *call)
{
  if (bs_call_data (call) == ON_CURRENT)
    return bs_plot_session_gcf (bs_pyplot_session (in));
  return bs_pyplot_handle (call->self)->figure;
}

gboolean
bs_pyplot_raise (BsInterp *in,
                  GError   *error)
{
  const char *klass = error->code == BS_PLOT_ERROR_TYPE ? "TypeError"
                      : error->code == BS_PLOT_ERROR_FAILED ? "OSError" : "ValueError";
  gboolean r = bs_raise (in, klass, "%s", error->message);

  g_error_free (error);
  return r;
}

/* --- arrays of axes (what subplots returns, as numpy's object arrays) --------- */

typedef struct {
  BsPlotFigure *figure;   /* Owned (a reference) */
  GPtrArray    *axes;     /* BsPlotAxes borrowed from FIGURE, row-major */
  int           ndim;
  int           shape[2];
} AxesArray;

static void
axes_array_free (gpointer data)
{
  AxesArray *a = data;

  g_ptr_array_unref (a->axes);
  bs_plot_figure_unref (a->figure);
  g_free (a);
}

static gboolean axes_array_getattr (BsInterp *in, BsValue self, const char *name,
                                    BsValue *out, gboolean *found);
static gboolean axes_array_repr (BsInterp *in, BsValue self, GString *out);
static gboolean axes_array_len (BsInterp *in, BsValue self, gint64 *len);
static gboolean axes_array_iter (BsInterp *in, BsValue self, BsValue *out);

static const BsNativeOps axes_array_ops = {
  .len = axes_array_len,
  .iter = axes_array_iter,
};
static const BsNativeType axes_array_type = {
  { "numpy.ndarray", axes_array_free }, axes_array_getattr, NULL, axes_array_repr, NULL,
  &axes_array_ops,
};

static AxesArray *
axes_array_of (BsValue v)
{
  return bs_value_native (v, &axes_array_type.base);
}

static BsValue
axes_array_new (BsInterp     *in,
                BsPlotFigure *figure,
                int           ndim,
                int           rows,
                int           cols)
{
  AxesArray *a = g_new0 (AxesArray, 1);

  a->figure = bs_plot_figure_ref (figure);
  a->axes = g_ptr_array_new ();
  a->ndim = ndim;
  a->shape[0] = rows;
  a->shape[1] = cols;
  return bs_native_new (in->heap, &axes_array_type.base, a);
}

static gboolean
axes_array_repr (BsInterp *in,
                 BsValue   self,
                 GString  *out)
{
  AxesArray *a = axes_array_of (self);

  g_string_append (out, "array([");
  for (guint i = 0; i < a->axes->len; i++)
    {
      if (a->ndim == 2 && i % a->shape[1] == 0)
        g_string_append (out, i == 0 ? "[" : "],\n       [");
      else if (i > 0)
        g_string_append (out, ",\n       ");
      g_string_append (out, "<AxesSubplot: >");
    }
  g_string_append (out, a->ndim == 2 ? "]], dtype=object)" : "], dtype=object)");
  return TRUE;
}

static gboolean
axes_array_len (BsInterp *in,
                BsValue   self,
                gint64   *len)
{
  *len = axes_array_of (self)->shape[0];
  return TRUE;
}

/* A row of a 2-D array: a 1-D array of the same axes */
static BsValue
axes_array_row (BsInterp  *in,
                AxesArray *a,
                int        row)
{
  BsValue v = axes_array_new (in, a->figure, 1, a->shape[1], 0);
  AxesArray *r = axes_array_of (v);

  for (int c = 0; c < a->shape[1]; c++)
    g_ptr_array_add (r->axes, g_ptr_array_index (a->axes, row * a->shape[1] + c));
  return v;
}

static BsValue
flat_list (BsInterp  *in,
           AxesArray *a)
{
  BsValue list = bs_list_new (in->heap);

  for (guint i = 0; i < a->axes->len; i++)
    bs_list_append (list, bs_pyplot_wrap (in, a->figure, g_ptr_array_index (a->axes, i)));
  return list;
}

static gboolean
axes_array_iter (BsInterp *in,
                 BsValue   self,
                 BsValue  *out)
{
  AxesArray *a = axes_array_of (self);

  if (a->ndim == 1)
    *out = flat_list (in, a);
  else
    {
      *out = bs_list_new (in->heap);
      for (int r = 0; r < a->shape[0]; r++)
        bs_list_append (*out, axes_array_row (in, a, r));
    }
  return TRUE;
}

static gboolean
array_index (BsInterp *in,
             BsValue   key,
             int       size,
             int       axis,
             int      *out)
{
  gint64 i;

  if (key.type != BS_VALUE_INT)
    return bs_raise (in, "IndexError", "only integers are valid indices of Backstep's arrays "
                     "of axes");
  i = key.as.integer < 0 ? key.as.integer + size : key.as.integer;
  if (i < 0 || i >= size)
    return bs_raise (in, "IndexError", "index %" G_GINT64_FORMAT " is out of bounds for axis %d "
                     "with size %d", key.as.integer, axis, size);
  *out = (int) i;
  return TRUE;
}

/* AxesArray.__getitem__(self, key, /): axs[i], axs[i, j] */
static gboolean
axes_array_getitem (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  AxesArray *a = axes_array_of (call->self);
  BsValue key = arg (call, "key");
  gsize n = 0;
  BsValue *items = bs_value_is_object (key, BS_OBJECT_TUPLE) ? bs_value_items (key, &n) : NULL;
  int i = 0, j = 0;

  if (items == NULL)
    {
      if (!array_index (in, key, a->shape[0], 0, &i))
        return FALSE;
      *r = a->ndim == 1 ? bs_pyplot_wrap (in, a->figure, g_ptr_array_index (a->axes, i))
                        : axes_array_row (in, a, i);
      return TRUE;
    }
  if ((int) n > a->ndim)
    return bs_raise (in, "IndexError", "too many indices for array: array is %d-dimensional, "
                     "but %zu were indexed", a->ndim, n);
  if (n == 0 || !array_index (in, items[0], a->shape[0], 0, &i))
    return n == 0 ? bs_raise (in, "IndexError", "an empty index is not supported") : FALSE;
  if (n == 1)
    {
      *r = a->ndim == 1 ? bs_pyplot_wrap (in, a->figure, g_ptr_array_index (a->axes, i))
                        : axes_array_row (in, a, i);
      return TRUE;
    }
  if (!array_index (in, items[1], a->shape[1], 1, &j))
    return FALSE;
  *r = bs_pyplot_wrap (in, a->figure, g_ptr_array_index (a->axes, i * a->shape[1] + j));
  return TRUE;
}

/* AxesArray.flatten(self), ravel(self): the axes in order, as a 1-D array */
static gboolean
axes_array_flatten (BsInterp *in,
                    BsCall   *call,
                    BsValue  *r)
{
  AxesArray *a = axes_array_of (call->self);
  BsValue v = axes_array_new (in, a->figure, 1, (int) a->axes->len, 0);

  for (guint i = 0; i < a->axes->len; i++)
    g_ptr_array_add (axes_array_of (v)->axes, g_ptr_array_index (a->axes, i));
  *r = v;
  return TRUE;
}

static gboolean
axes_array_getattr (BsInterp   *in,
                    BsValue     self,
                    const char *name,
                    BsValue    *out,
                    gboolean   *found)
{
  AxesArray *a = axes_array_of (self);
  const BsDecl *decl = bs_signature_set_find (in->signatures, "AxesArray", name);

  *found = TRUE;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  else if (strcmp (name, "flat") == 0)
    *out = flat_list (in, a);
  else if (strcmp (name, "shape") == 0)
    {
      *out = bs_tuple_new (in->heap, a->ndim);
      for (int d = 0; d < a->ndim; d++)
        bs_tuple_items (*out)[d] = BS_INT (a->shape[d]);
    }
  else if (strcmp (name, "ndim") == 0)
    *out = BS_INT (a->ndim);
  else if (strcmp (name, "size") == 0)
    *out = BS_INT (a->axes->len);
  else
    *found = FALSE;
  return TRUE;
}

/* subplots' axes: one Axes (squeezed 1×1), else an array of them as numpy's (1-D for a
 * squeezed row or column) */
BsValue
bs_pyplot_axes_grid (BsInterp     *in,
                     BsPlotFigure *figure,
                     int           nrows,
                     int           ncols,
                     gboolean      squeeze)
{
  BsValue v;

  if (squeeze && nrows == 1 && ncols == 1)
    return bs_pyplot_wrap (in, figure, bs_plot_figure_add_subplot (figure, 1, 1, 1, NULL));
  if (squeeze && (nrows == 1 || ncols == 1))
    v = axes_array_new (in, figure, 1, nrows * ncols, 0);
  else
    v = axes_array_new (in, figure, 2, nrows, ncols);
  for (int i = 1; i <= nrows * ncols; i++)
    g_ptr_array_add (axes_array_of (v)->axes,
                     bs_plot_figure_add_subplot (figure, nrows, ncols, i, NULL));
  return v;
}

static const BsSignatureRow rows[] = {
  { "AxesArray", BS_SIG_PYTHON, "ndarray.__getitem__(self, key, /)", axes_array_getitem, 0 },
  { "AxesArray", BS_SIG_PYTHON, "ndarray.flatten(self, order='C')", axes_array_flatten, 0 },
  { "AxesArray", BS_SIG_PYTHON, "ndarray.ravel(self, order='C')", axes_array_flatten, 0 },
};

const BsSignatureTable bs_pyplot_objects_table = BS_SIGNATURE_TABLE (rows);
