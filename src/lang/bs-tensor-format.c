/* bs-tensor-format.c: repr(tensor) and print(tensor) exactly as PyTorch 1.13 prints them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-tensor-format.h"

#include <math.h>
#include <string.h>

#include "bs-float-repr.h"
#include "bs-node.h"

void
bs_print_options_init (BsPrintOptions *self)
{
  g_return_if_fail (self != NULL);

  *self = (BsPrintOptions) {
    .precision = 4,
    .threshold = 1000,
    .edgeitems = 3,
    .linewidth = 80,
    .sci_mode = BS_SCI_MODE_DEFAULT,
  };
}

gboolean
bs_print_options_set_profile (BsPrintOptions *self,
                              const char     *profile)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);

  if (g_str_equal (profile, "default"))
    {
      self->precision = 4;
      self->threshold = 1000;
      self->edgeitems = 3;
    }
  else if (g_str_equal (profile, "short"))
    {
      self->precision = 2;
      self->threshold = 1000;
      self->edgeitems = 2;
    }
  else if (g_str_equal (profile, "full"))
    {
      self->precision = 4;
      self->threshold = INFINITY;
      self->edgeitems = 3;
    }
  else
    return FALSE;
  self->linewidth = 80;
  return TRUE;
}

/* PyTorch's _Formatter: one element width and one notation for a whole tensor. */
typedef struct {
  BsTensor             *t;
  const BsPrintOptions *options;
  int                   precision;
  gboolean              floating;
  gboolean              int_mode;
  gboolean              sci_mode;
  gsize                 max_width;
  gboolean              summarize;
  gint64                row_size[BS_MAX_DIMS];  /* elements per index of each dim */

  /* scan state */
  gint64                n_nonzero_finite;
  double                min_abs;
  double                max_abs;
} Printer;

typedef void (*ElementFunc) (Printer *p,
                             gint64   linear);

static gboolean
dim_is_cut (const Printer *p,
            int            dim)
{
  return p->summarize && p->options->edgeitems > 0
         && p->t->shape[dim] > 2 * (gint64) p->options->edgeitems;
}

/* Visits the elements that get_summarized_data() keeps (all of them when not
 * summarising): per dim, the first and last edgeitems indices. */
static void
visit_elements (Printer     *p,
                int          dim,
                gint64       base,
                ElementFunc  func)
{
  gint64 n;
  gint64 edge = p->options->edgeitems;

  if (dim == p->t->ndim)
    {
      func (p, base);
      return;
    }
  n = p->t->shape[dim];
  for (gint64 i = 0; i < n; i++)
    {
      if (dim_is_cut (p, dim) && i == edge)
        i = n - edge;
      visit_elements (p, dim + 1, base + i * p->row_size[dim], func);
    }
}

static char *
format_with (double      value,
             const char *spec)
{
  g_autoptr(GError) error = NULL;
  char *s = bs_float_format (value, spec, &error);

  g_assert_no_error (error);
  return s;
}

static void
scan_float (Printer *p,
            gint64   linear)
{
  double v = bs_tensor_get (p->t, linear);

  if (!isfinite (v) || v == 0.0)
    return;
  if (p->n_nonzero_finite == 0)
    p->min_abs = p->max_abs = fabs (v);
  p->min_abs = MIN (p->min_abs, fabs (v));
  p->max_abs = MAX (p->max_abs, fabs (v));
  if (v != ceil (v))
    p->int_mode = FALSE;
  p->n_nonzero_finite++;
}

static void
measure_float (Printer *p,
               gint64   linear)
{
  double v = bs_tensor_get (p->t, linear);
  g_autofree char *spec = NULL;
  g_autofree char *s = NULL;
  gsize extra = 0;

  if (!isfinite (v) || v == 0.0)
    return;
  if (p->sci_mode)
    spec = g_strdup_printf (".%de", p->precision);
  else if (p->int_mode)
    {
      spec = g_strdup (".0f");
      extra = 1;  /* the trailing "." */
    }
  else
    spec = g_strdup_printf (".%df", p->precision);
  s = format_with (v, spec);
  p->max_width = MAX (p->max_width, strlen (s) + extra);
}

static char *
format_plain (Printer *p,
              gint64   linear)
{
  if (p->t->dtype == BS_DTYPE_BOOL)
    return g_strdup (bs_tensor_get (p->t, linear) != 0.0 ? "True" : "False");
  return g_strdup_printf ("%" G_GINT64_FORMAT, bs_tensor_get_int (p->t, linear));
}

static void
measure_plain (Printer *p,
               gint64   linear)
{
  g_autofree char *s = format_plain (p, linear);

  p->max_width = MAX (p->max_width, strlen (s));
}

static void
printer_init (Printer              *p,
              BsTensor             *t,
              const BsPrintOptions *options)
{
  gint64 size = 1;

  *p = (Printer) {
    .t = t,
    .options = options,
    .precision = MAX (options->precision, 0),
    .floating = bs_dtype_is_floating (t->dtype),
    .int_mode = TRUE,
    .max_width = 1,
    .summarize = (double) bs_tensor_numel (t) > options->threshold,
  };
  for (int d = t->ndim - 1; d >= 0; d--)
    {
      p->row_size[d] = size;
      size *= t->shape[d];
    }

  if (!p->floating)
    {
      visit_elements (p, 0, 0, measure_plain);
      return;
    }

  visit_elements (p, 0, 0, scan_float);
  if (p->n_nonzero_finite > 0)
    {
      if (p->max_abs / p->min_abs > 1000.0 || p->max_abs > 1.0e8
          || (!p->int_mode && p->min_abs < 1.0e-4))
        p->sci_mode = TRUE;
      visit_elements (p, 0, 0, measure_float);
    }
  /* A forced notation keeps the width measured for the natural one. */
  if (options->sci_mode != BS_SCI_MODE_DEFAULT)
    p->sci_mode = options->sci_mode == BS_SCI_MODE_ON;
}

static char *
format_element (Printer *p,
                gint64   linear)
{
  g_autofree char *s = NULL;
  gsize len;

  if (!p->floating)
    s = format_plain (p, linear);
  else
    {
      double v = bs_tensor_get (p->t, linear);
      g_autofree char *spec = NULL;

      if (p->sci_mode)
        spec = g_strdup_printf ("%" G_GSIZE_FORMAT ".%de", p->max_width, p->precision);
      else if (p->int_mode)
        spec = g_strdup (".0f");
      else
        spec = g_strdup_printf (".%df", p->precision);
      s = format_with (v, spec);
      if (!p->sci_mode && p->int_mode && isfinite (v))
        {
          char *dotted = g_strconcat (s, ".", NULL);

          g_free (s);
          s = dotted;
        }
    }
  len = strlen (s);
  if (len >= p->max_width)
    return g_steal_pointer (&s);
  return g_strdup_printf ("%*s", (int) p->max_width, s);
}

static void
append_vector (Printer *p,
               GString *out,
               gint64   base,
               int      indent)
{
  int dim = p->t->ndim - 1;
  gint64 n = p->t->shape[dim];
  gint64 edge = p->options->edgeitems;
  gint64 element_length = p->max_width + 2;
  gint64 per_line = (gint64) floor ((double) (p->options->linewidth - indent) / element_length);
  g_autoptr(GPtrArray) data = g_ptr_array_new_with_free_func (g_free);

  per_line = MAX (per_line, 1);
  if (p->summarize && n > 2 * edge)
    {
      for (gint64 i = 0; i < edge; i++)
        g_ptr_array_add (data, format_element (p, base + i));
      g_ptr_array_add (data, g_strdup (" ..."));
      /* self[-0:] is the whole row */
      for (gint64 i = edge > 0 ? n - edge : 0; i < n; i++)
        g_ptr_array_add (data, format_element (p, base + i));
    }
  else
    for (gint64 i = 0; i < n; i++)
      g_ptr_array_add (data, format_element (p, base + i));

  g_string_append_c (out, '[');
  for (guint i = 0; i < data->len; i++)
    {
      if (i > 0 && i % per_line == 0)
        {
          g_string_append (out, ",\n");
          for (int k = 0; k < indent + 1; k++)
            g_string_append_c (out, ' ');
        }
      else if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, g_ptr_array_index (data, i));
    }
  g_string_append_c (out, ']');
}

static void
append_tensor (Printer *p,
               GString *out,
               int      dim,
               gint64   base,
               int      indent)
{
  int remaining = p->t->ndim - dim;
  gint64 n, edge;
  gboolean first = TRUE;

  if (remaining == 0)
    {
      g_autofree char *s = format_element (p, base);

      g_string_append (out, s);
      return;
    }
  if (remaining == 1)
    {
      append_vector (p, out, base, indent);
      return;
    }

  n = p->t->shape[dim];
  edge = p->options->edgeitems;
  g_string_append_c (out, '[');
  for (gint64 i = 0; i < n; i++)
    {
      gboolean ellipsis = p->summarize && n > 2 * edge && i == edge;

      if (!first)
        {
          g_string_append_c (out, ',');
          for (int k = 0; k < remaining - 1; k++)
            g_string_append_c (out, '\n');
          for (int k = 0; k < indent + 1; k++)
            g_string_append_c (out, ' ');
        }
      first = FALSE;
      if (ellipsis)
        {
          g_string_append (out, "...");
          if (edge == 0)
            break;
          i = n - edge - 1;
          continue;
        }
      append_tensor (p, out, dim + 1, base + i * p->row_size[dim], indent + 1);
    }
  g_string_append_c (out, ']');
}

/* PyTorch's _add_suffixes, including its reckoning of the last line's length. */
static void
append_suffixes (GString              *out,
                 GPtrArray            *suffixes,
                 int                   indent,
                 const BsPrintOptions *options)
{
  const char *newline = strrchr (out->str, '\n');
  gint64 last_line_len = out->len - (newline != NULL ? newline - out->str : -1) + 1;

  for (guint i = 0; i < suffixes->len; i++)
    {
      const char *suffix = g_ptr_array_index (suffixes, i);
      gint64 suffix_len = strlen (suffix);

      if (last_line_len + suffix_len + 2 > options->linewidth)
        {
          g_string_append (out, ",\n");
          for (int k = 0; k < indent; k++)
            g_string_append_c (out, ' ');
          g_string_append (out, suffix);
          last_line_len = indent + suffix_len;
        }
      else
        {
          g_string_append (out, ", ");
          g_string_append (out, suffix);
          last_line_len += suffix_len + 2;
        }
    }
  g_string_append_c (out, ')');
}

const char *
bs_grad_fn_class_name (BsNode *node)
{
  const char *name = bs_node_name (node);
  const char *colons = g_strrstr (name, "::");

  return colons != NULL ? colons + 2 : name;
}

char *
bs_tensor_repr (BsTensor             *t,
                const BsPrintOptions *options)
{
  static const char prefix[] = "tensor(";
  const int indent = sizeof prefix - 1;
  BsPrintOptions defaults;
  g_autoptr(GPtrArray) suffixes = g_ptr_array_new_with_free_func (g_free);
  GString *out;

  g_return_val_if_fail (t != NULL, NULL);

  if (options == NULL)
    {
      bs_print_options_init (&defaults);
      options = &defaults;
    }

  out = g_string_new (NULL);
  if (t->is_parameter)
    g_string_append (out, "Parameter containing:\n");
  g_string_append (out, prefix);

  if (bs_tensor_numel (t) == 0)
    {
      g_string_append (out, "[]");
      if (t->ndim != 1)
        {
          GString *size = g_string_new ("size=(");

          /* never a 1-tuple: a 1-D empty tensor shows no size */
          for (int d = 0; d < t->ndim; d++)
            g_string_append_printf (size, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", t->shape[d]);
          g_string_append_c (size, ')');
          g_ptr_array_add (suffixes, g_string_free (size, FALSE));
        }
      if (t->dtype != BS_DTYPE_FLOAT32)
        g_ptr_array_add (suffixes, g_strconcat ("dtype=", bs_dtype_name (t->dtype), NULL));
    }
  else
    {
      Printer p;

      /* torch's defaults, which it does not name */
      if (t->dtype != BS_DTYPE_FLOAT32 && t->dtype != BS_DTYPE_INT64 && t->dtype != BS_DTYPE_BOOL)
        g_ptr_array_add (suffixes, g_strconcat ("dtype=", bs_dtype_name (t->dtype), NULL));
      printer_init (&p, t, options);
      append_tensor (&p, out, 0, 0, indent);
    }

  if (t->grad_fn != NULL)
    g_ptr_array_add (suffixes, g_strdup_printf ("grad_fn=<%s>",
                                                bs_grad_fn_class_name (t->grad_fn)));
  else if (bs_tensor_requires_grad (t))
    g_ptr_array_add (suffixes, g_strdup ("requires_grad=True"));

  /* The suffixes measure from "tensor(", not from "Parameter containing:". */
  if (t->is_parameter)
    {
      GString *body = g_string_new (out->str + strlen ("Parameter containing:\n"));

      append_suffixes (body, suffixes, indent, options);
      g_string_truncate (out, strlen ("Parameter containing:\n"));
      g_string_append (out, body->str);
      g_string_free (body, TRUE);
    }
  else
    append_suffixes (out, suffixes, indent, options);
  return g_string_free (out, FALSE);
}

char *
bs_tensor_size_repr (BsTensor *t)
{
  g_autofree char *shape = NULL;

  g_return_val_if_fail (t != NULL, NULL);

  shape = bs_tensor_format_shape (t);
  return g_strdup_printf ("torch.Size(%s)", shape);
}
