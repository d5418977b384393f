/* bs-np-format.c: repr() and str() of numpy arrays and scalars, exactly as numpy 1.24
 *
 * As numpy's arrayprint.py: the elements shown (a summary keeps each axis's edges) fix
 * one common layout per array (FloatingFormat, IntegerFormat, BoolFormat), then the
 * nested brackets are written row by row, wrapping a row at the line width with a
 * hanging indent.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-format-private.h"

#include <math.h>
#include <string.h>

void
bs_np_print_options_init (BsNpPrintOptions *self)
{
  *self = (BsNpPrintOptions) {
    .precision = 8,
    .threshold = 1000,
    .edgeitems = 3,
    .linewidth = 75,
    .suppress = FALSE,
    .sign = '-',
    .floatmode = BS_NP_FLOATMODE_MAXPREC,
    .nanstr = g_strdup ("nan"),
    .infstr = g_strdup ("inf"),
  };
}

void
bs_np_print_options_clear (BsNpPrintOptions *self)
{
  g_clear_pointer (&self->nanstr, g_free);
  g_clear_pointer (&self->infstr, g_free);
}

void
bs_np_print_options_copy (BsNpPrintOptions       *dest,
                          const BsNpPrintOptions *src)
{
  char *nanstr = g_strdup (src->nanstr);
  char *infstr = g_strdup (src->infstr);

  if (dest != src)
    *dest = *src;
  dest->nanstr = nanstr;
  dest->infstr = infstr;
}

static const char *const floatmode_names[] = {
  [BS_NP_FLOATMODE_FIXED] = "fixed",
  [BS_NP_FLOATMODE_UNIQUE] = "unique",
  [BS_NP_FLOATMODE_MAXPREC] = "maxprec",
  [BS_NP_FLOATMODE_MAXPREC_EQUAL] = "maxprec_equal",
};

const char *
bs_np_floatmode_name (BsNpFloatMode mode)
{
  g_return_val_if_fail ((guint) mode < G_N_ELEMENTS (floatmode_names), "maxprec");
  return floatmode_names[mode];
}

gboolean
bs_np_floatmode_from_name (const char    *name,
                           BsNpFloatMode *mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (floatmode_names); i++)
    if (g_strcmp0 (name, floatmode_names[i]) == 0)
      {
        *mode = i;
        return TRUE;
      }
  return FALSE;
}

/* PyTorch's names of the engine's dtypes are numpy's after "torch." */
const char *
bs_np_dtype_name (BsDType dtype)
{
  const char *name = bs_dtype_name (dtype);

  return g_str_has_prefix (name, "torch.") ? name + strlen ("torch.") : name;
}

/* The types whose repr does not name the dtype (on Linux: int_, float_, bool_). */
static gboolean
dtype_is_implied (BsDType dtype)
{
  return dtype == BS_DTYPE_FLOAT64 || dtype == BS_DTYPE_INT64 || dtype == BS_DTYPE_BOOL;
}

/* How one array's elements are written, fixed by the elements shown. */
typedef struct {
  BsDType          dtype;
  gboolean         zero_dim;
  BsNpFloatFormat  flt;
  int              int_width;
} ElementFormat;

typedef struct {
  BsTensor                *t;
  const guint8            *data;       /* element 0 of the storage */
  gsize                    item_size;
  const BsNpPrintOptions  *o;
  gboolean                 summarise;
  const char              *separator;
  gsize                    separator_len;   /* without trailing spaces */
  ElementFormat            fmt;
} Printer;

static const void *
element_at (const Printer *p,
            gint64         offset)
{
  return p->data + offset * (gint64) p->item_size;
}

static double
load_double (BsDType     dtype,
             const void *element)
{
  return bs_dtype_load (element, dtype);
}

/* An integer element exactly (an int64 beyond 2^53 does not go through a double). */
static gint64
load_int (BsDType     dtype,
          const void *element)
{
  return dtype == BS_DTYPE_INT64 ? *(const gint64 *) element
                                 : (gint64) bs_dtype_load (element, dtype);
}

/* The indices of an axis that are shown: its edges when summarised, with numpy's
 * quirk that edgeitems=0 keeps the whole axis (a[-0:] is all of it). */
static gboolean
axis_is_summarised (const Printer *p,
                    gint64         len)
{
  return p->summarise && 2 * p->o->edgeitems < len;
}

static void
collect (const Printer *p,
         int            axis,
         gint64         offset,
         GArray        *values)
{
  BsTensor *t = p->t;
  gint64 len;

  if (axis == t->ndim)
    {
      const void *e = element_at (p, offset);

      if (bs_dtype_category (t->dtype) == BS_DTYPE_CATEGORY_INTEGRAL)
        {
          gint64 v = load_int (t->dtype, e);
          g_array_append_val (values, v);
        }
      else
        {
          double v = load_double (t->dtype, e);
          g_array_append_val (values, v);
        }
      return;
    }
  len = t->shape[axis];
  if (axis_is_summarised (p, len) && p->o->edgeitems > 0)
    {
      for (gint64 i = 0; i < p->o->edgeitems; i++)
        collect (p, axis + 1, offset + i * t->strides[axis], values);
      for (gint64 i = len - p->o->edgeitems; i < len; i++)
        collect (p, axis + 1, offset + i * t->strides[axis], values);
    }
  else
    for (gint64 i = 0; i < len; i++)
      collect (p, axis + 1, offset + i * t->strides[axis], values);
}

static void
element_format_init (Printer *p)
{
  BsTensor *t = p->t;
  ElementFormat *f = &p->fmt;
  g_autoptr (GArray) values = NULL;

  f->dtype = t->dtype;
  f->zero_dim = t->ndim == 0;
  if (t->dtype == BS_DTYPE_BOOL)
    return;

  values = g_array_new (FALSE, FALSE, sizeof (double));
  G_STATIC_ASSERT (sizeof (double) == sizeof (gint64));
  collect (p, 0, t->offset, values);
  if (bs_dtype_category (t->dtype) == BS_DTYPE_CATEGORY_INTEGRAL)
    {
      const gint64 *v = (const gint64 *) values->data;
      gint64 lo = 0, hi = 0;
      char buf[32];
      int lo_len, hi_len;

      for (guint i = 0; i < values->len; i++)
        {
          lo = i == 0 ? v[i] : MIN (lo, v[i]);
          hi = i == 0 ? v[i] : MAX (hi, v[i]);
        }
      lo_len = g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, lo);
      hi_len = g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, hi);
      f->int_width = values->len > 0 ? MAX (lo_len, hi_len) : 0;
      return;
    }
  bs_np_float_format_init (&f->flt, (const double *) values->data, values->len,
                           t->dtype == BS_DTYPE_FLOAT32, p->o);
}

static void
append_element (const ElementFormat *f,
                GString             *out,
                const void          *element)
{
  switch (bs_dtype_category (f->dtype))
    {
    case BS_DTYPE_CATEGORY_BOOL:
      if (*(const guint8 *) element)
        g_string_append (out, f->zero_dim ? "True" : " True");
      else
        g_string_append (out, "False");
      break;
    case BS_DTYPE_CATEGORY_INTEGRAL:
      g_string_append_printf (out, "%*" G_GINT64_FORMAT, f->int_width,
                              load_int (f->dtype, element));
      break;
    default:
      bs_np_float_format_append (&f->flt, out, load_double (f->dtype, element));
      break;
    }
}

static void
append_spaces (GString *out,
               gint64   n)
{
  for (; n > 0; n--)
    g_string_append_c (out, ' ');
}

static void
rstrip (GString *s)
{
  while (s->len > 0 && g_ascii_isspace (s->str[s->len - 1]))
    g_string_truncate (s, s->len - 1);
}

/* A row being filled: its text and its length in characters. */
typedef struct {
  GString *text;
  gint64   len;
} Line;

static void
line_append (Line       *line,
             const char *s)
{
  g_string_append (line->text, s);
  line->len += g_utf8_strlen (s, -1);
}

/* numpy's _extendLine: word goes on the line, or the line is ended first when it
 * would grow past width (unless the line holds nothing but its indent). */
static void
extend_line (GString    *s,
             Line       *line,
             const char *word,
             gint64      width,
             gint64      indent)
{
  gint64 word_len = g_utf8_strlen (word, -1);

  if (line->len + word_len > width && line->len > indent)
    {
      rstrip (line->text);
      g_string_append (s, line->text->str);
      g_string_append_c (s, '\n');
      g_string_truncate (line->text, 0);
      append_spaces (line->text, indent);
      line->len = indent;
    }
  line_append (line, word);
}

static char *recurse (const Printer *p, int axis, gint64 offset, gint64 indent,
                      gint64 width);

static char *
recurse_at (const Printer *p,
            int            axis,
            gint64         offset,
            gint64         i,
            gint64         indent,
            gint64         width)
{
  return recurse (p, axis + 1, offset + i * p->t->strides[axis], indent + 1, width - 1);
}

/* numpy's _formatArray recurser: the text of the sub-array at offset, starting after
 * an indent of indent spaces, its rows ending before column width. */
static char *
recurse (const Printer *p,
         int            axis,
         gint64         offset,
         gint64         indent,
         gint64         width)
{
  BsTensor *t = p->t;
  int axes_left = t->ndim - axis;
  gint64 len, leading, trailing;
  gboolean show_summary;
  g_autoptr (GString) s = NULL;
  GString *result;

  if (axes_left == 0)
    {
      GString *e = g_string_new (NULL);

      append_element (&p->fmt, e, element_at (p, offset));
      return g_string_free (e, FALSE);
    }

  len = t->shape[axis];
  show_summary = axis_is_summarised (p, len);
  leading = show_summary ? p->o->edgeitems : 0;
  trailing = show_summary ? p->o->edgeitems : len;
  s = g_string_new (NULL);

  if (axes_left == 1)
    {
      gint64 elem_width = width - MAX ((gint64) p->separator_len, 1);
      Line line = { g_string_new (NULL), indent };

      append_spaces (line.text, indent);
      for (gint64 i = 0; i < leading; i++)
        {
          g_autofree char *word = recurse_at (p, axis, offset, i, indent, width);

          extend_line (s, &line, word, elem_width, indent);
          line_append (&line, p->separator);
        }
      if (show_summary)
        {
          extend_line (s, &line, "...", elem_width, indent);
          line_append (&line, p->separator);
        }
      for (gint64 i = trailing; i > 1; i--)
        {
          g_autofree char *word = recurse_at (p, axis, offset, len - i, indent, width);

          extend_line (s, &line, word, elem_width, indent);
          line_append (&line, p->separator);
        }
      {
        g_autofree char *word = recurse_at (p, axis, offset, len - 1, indent, width);

        extend_line (s, &line, word, elem_width, indent);
      }
      g_string_append (s, line.text->str);
      g_string_free (line.text, TRUE);
    }
  else
    {
      g_autoptr (GString) line_sep = g_string_new_len (p->separator, p->separator_len);

      for (int i = 0; i < axes_left - 1; i++)
        g_string_append_c (line_sep, '\n');
      for (gint64 i = 0; i < leading; i++)
        {
          g_autofree char *nested = recurse_at (p, axis, offset, i, indent, width);

          append_spaces (s, indent);
          g_string_append (s, nested);
          g_string_append (s, line_sep->str);
        }
      if (show_summary)
        {
          append_spaces (s, indent);
          g_string_append (s, "...");
          g_string_append (s, line_sep->str);
        }
      for (gint64 i = trailing; i > 1; i--)
        {
          g_autofree char *nested = recurse_at (p, axis, offset, len - i, indent, width);

          append_spaces (s, indent);
          g_string_append (s, nested);
          g_string_append (s, line_sep->str);
        }
      {
        g_autofree char *nested = recurse_at (p, axis, offset, len - 1, indent, width);

        append_spaces (s, indent);
        g_string_append (s, nested);
      }
    }

  result = g_string_new ("[");
  g_string_append (result, s->str + MIN ((gsize) indent, s->len));
  g_string_append_c (result, ']');
  return g_string_free (result, FALSE);
}

static gboolean
over_threshold (const BsNpPrintOptions *o,
                gint64                  size)
{
  if (o->threshold_is_float)
    return (double) size > o->threshold_float;
  return size > o->threshold;
}

/* numpy's array2string: prefix_len is the width of what precedes the text ("array("),
 * which continuation lines are indented by. */
static char *
array2string (BsTensor               *t,
              const BsNpPrintOptions *o,
              const char             *separator,
              gint64                  prefix_len,
              gint64                  linewidth)
{
  gint64 size = bs_tensor_numel (t);
  Printer p = {
    .t = t,
    .data = t->storage->data,
    .item_size = bs_dtype_size (t->dtype),
    .o = o,
    .separator = separator,
    .separator_len = strlen (separator),
  };

  if (size == 0)
    return g_strdup ("[]");
  while (p.separator_len > 0 && g_ascii_isspace (separator[p.separator_len - 1]))
    p.separator_len--;
  p.summarise = over_threshold (o, size);
  element_format_init (&p);
  return recurse (&p, 0, t->offset, 1 + prefix_len, linewidth);
}

char *
bs_np_format_array2string (BsTensor               *t,
                           const BsNpPrintOptions *o,
                           const char             *separator,
                           const char             *prefix,
                           const char             *suffix)
{
  g_return_val_if_fail (t != NULL && o != NULL, NULL);

  return array2string (t, o, separator, g_utf8_strlen (prefix, -1),
                       o->linewidth - g_utf8_strlen (suffix, -1));
}

static void
append_shape_tuple (GString        *out,
                    const BsTensor *t)
{
  g_string_append_c (out, '(');
  for (int i = 0; i < t->ndim; i++)
    g_string_append_printf (out, i == 0 ? "%" G_GINT64_FORMAT : ", %" G_GINT64_FORMAT,
                            t->shape[i]);
  if (t->ndim == 1)
    g_string_append_c (out, ',');
  g_string_append_c (out, ')');
}

char *
bs_np_format_array_repr (BsTensor               *t,
                         const BsNpPrintOptions *o)
{
  static const char prefix[] = "array(";
  gint64 size;
  gboolean skip_dtype;
  const char *suffix;
  GString *out;
  const char *last_nl;
  gint64 last_line_len;
  g_autofree char *dtype_str = NULL;

  g_return_val_if_fail (t != NULL && o != NULL, NULL);

  size = bs_tensor_numel (t);
  skip_dtype = dtype_is_implied (t->dtype) && size > 0;
  suffix = skip_dtype ? ")" : ",";
  out = g_string_new (prefix);
  if (size > 0 || (t->ndim == 1 && t->shape[0] == 0))
    {
      g_autofree char *lst = array2string (t, o, ", ", strlen (prefix),
                                           o->linewidth - (gint64) strlen (suffix));
      g_string_append (out, lst);
    }
  else
    {
      g_string_append (out, "[], shape=");
      append_shape_tuple (out, t);
    }
  g_string_append (out, suffix);
  if (skip_dtype)
    return g_string_free (out, FALSE);

  dtype_str = g_strdup_printf ("dtype=%s)", bs_np_dtype_name (t->dtype));
  last_nl = strrchr (out->str, '\n');
  last_line_len = g_utf8_strlen (last_nl != NULL ? last_nl + 1 : out->str, -1);
  if (last_line_len + (gint64) strlen (dtype_str) + 1 > o->linewidth)
    {
      g_string_append_c (out, '\n');
      append_spaces (out, strlen (prefix));
    }
  else
    g_string_append_c (out, ' ');
  g_string_append (out, dtype_str);
  return g_string_free (out, FALSE);
}

char *
bs_np_format_array_str (BsTensor               *t,
                        const BsNpPrintOptions *o)
{
  g_return_val_if_fail (t != NULL && o != NULL, NULL);

  if (t->ndim == 0)
    return bs_np_format_scalar (t->dtype, bs_tensor_data (t));
  return array2string (t, o, " ", 0, o->linewidth);
}

char *
bs_np_format_scalar (BsDType     dtype,
                     const void *element)
{
  double x, mag;
  GString *out;
  BsNpDragon4 d = {
    .single = dtype == BS_DTYPE_FLOAT32,
    .unique = TRUE,
    .precision = -1,
    .min_digits = -1,
    .pad_left = -1,
    .pad_right = -1,
    .exp_digits = -1,
  };

  g_return_val_if_fail (element != NULL, NULL);

  switch (bs_dtype_category (dtype))
    {
    case BS_DTYPE_CATEGORY_BOOL:
      return g_strdup (*(const guint8 *) element ? "True" : "False");
    case BS_DTYPE_CATEGORY_INTEGRAL:
      return g_strdup_printf ("%" G_GINT64_FORMAT, load_int (dtype, element));
    default:
      break;
    }

  x = load_double (dtype, element);
  if (isnan (x))
    return g_strdup ("nan");
  if (isinf (x))
    return g_strdup (x < 0 ? "-inf" : "inf");

  out = g_string_new (NULL);
  mag = fabs (x);
  /* numpy compares with the double constants, also for a float32 */
  if (mag == 0 || (1e-4 <= mag && mag < 1e16))
    {
      d.trim = BS_NP_TRIM_ONE_ZERO;
      bs_np_dragon4_positional (out, x, &d);
    }
  else
    {
      d.trim = BS_NP_TRIM_POINT;
      bs_np_dragon4_scientific (out, x, &d);
    }
  return g_string_free (out, FALSE);
}
