/* bs-np-print.c: repr() and str() of ndarrays and numpy scalars, by numpy's own rules
 * (bs-np-format.c) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include "bs-np-format.h"

gboolean
bs_np_format_value (BsInterp *in,
                    BsValue   v,
                    gboolean  as_repr,
                    GString  *out)
{
  BsTensor *t = bs_np_array_tensor (v);
  BsNpPrintOptions options;
  char *text;

  if (t == NULL)
    {
      t = bs_np_scalar_tensor (v);
      text = bs_np_format_scalar (t->dtype, bs_tensor_data (t));
    }
  else
    {
      bs_np_print_options_init (&options);
      text = as_repr ? bs_np_format_array_repr (t, &options)
                     : bs_np_format_array_str (t, &options);
      bs_np_print_options_clear (&options);
    }
  g_string_append (out, text);
  g_free (text);
  return TRUE;
}
