/* bs-np-print.c: repr() and str() of ndarrays and numpy scalars (a plain form, until numpy's
 * own printing options are in) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bs-float-repr.h"

/* The shortest digits that read back as the same float32, laid out as Python's repr. */
static char *
float32_repr (double value)
{
  float f = (float) value;

  if (!isfinite (f))
    return bs_float_repr (f);
  for (int p = 1; p <= 9; p++)
    {
      char buf[64];

      g_snprintf (buf, sizeof buf, "%.*e", p - 1, (double) f);
      if (strtof (buf, NULL) == f)
        return bs_float_repr (g_ascii_strtod (buf, NULL));
    }
  return bs_float_repr (f);
}

static void
append_element (GString *out,
                BsDType  dtype,
                double   v,
                gint64   iv)
{
  g_autofree char *s = NULL;

  if (dtype == BS_DTYPE_BOOL)
    {
      g_string_append (out, v != 0.0 ? " True" : "False");
      return;
    }
  if (!bs_dtype_is_floating (dtype))
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, iv);
      return;
    }
  s = dtype == BS_DTYPE_FLOAT64 ? bs_float_repr (v) : float32_repr (v);
  if (g_str_has_suffix (s, ".0"))
    s[strlen (s) - 1] = '\0';
  g_string_append (out, s);
}

static void
append_block (GString  *out,
              BsTensor *t,
              int       dim,
              gint64    offset,
              gboolean  as_repr,
              int       indent)
{
  g_string_append_c (out, '[');
  for (gint64 i = 0; i < t->shape[dim]; i++)
    {
      gint64 at = offset + i * t->strides[dim];

      if (i > 0)
        {
          if (dim + 1 < t->ndim)
            {
              g_string_append (out, as_repr ? ",\n" : "\n");
              for (int k = 0; k < indent + dim + 1; k++)
                g_string_append_c (out, ' ');
            }
          else
            g_string_append (out, as_repr ? ", " : " ");
        }
      if (dim + 1 < t->ndim)
        append_block (out, t, dim + 1, at, as_repr, indent);
      else
        {
          const guint8 *p = t->storage->data + at * (gint64) bs_dtype_size (t->dtype);

          append_element (out, t->dtype, bs_dtype_load (p, t->dtype),
                          t->dtype == BS_DTYPE_INT64 ? *(const gint64 *) p : 0);
        }
    }
  g_string_append_c (out, ']');
}

gboolean
bs_np_format_value (BsInterp *in,
                    BsValue   v,
                    gboolean  as_repr,
                    GString  *out)
{
  BsTensor *t = bs_np_array_tensor (v);
  gboolean default_dtype;

  if (t == NULL)
    {
      t = bs_np_scalar_tensor (v);
      append_element (out, t->dtype, bs_tensor_item (t), bs_tensor_get_int (t, 0));
      if (bs_dtype_is_floating (t->dtype) && g_str_has_suffix (out->str, "."))
        g_string_append_c (out, '0');
      return TRUE;
    }
  default_dtype = t->dtype == BS_DTYPE_FLOAT64 || t->dtype == BS_DTYPE_INT64
                  || t->dtype == BS_DTYPE_BOOL;
  if (as_repr)
    g_string_append (out, "array(");
  if (t->ndim == 0)
    {
      const guint8 *p = t->storage->data + t->offset * (gint64) bs_dtype_size (t->dtype);

      append_element (out, t->dtype, bs_dtype_load (p, t->dtype),
                      t->dtype == BS_DTYPE_INT64 ? *(const gint64 *) p : 0);
    }
  else
    append_block (out, t, 0, t->offset, as_repr, as_repr ? 6 : 0);
  if (as_repr)
    {
      if (!default_dtype || bs_tensor_numel (t) == 0)
        g_string_append_printf (out, ", dtype=%s", bs_np_dtype_name (t->dtype));
      g_string_append_c (out, ')');
    }
  return TRUE;
}
