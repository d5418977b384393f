/* bs-np-print.c: repr() and str() of ndarrays and numpy scalars, by numpy's rules
 * (bs-np-format.c) under the interpreter's np.set_printoptions() */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

gboolean
bs_np_format_value (BsInterp *in,
                    BsValue   v,
                    gboolean  as_repr,
                    GString  *out)
{
  BsTensor *t = bs_np_array_tensor (v);
  g_autofree char *text = NULL;

  if (t == NULL)
    {
      t = bs_np_scalar_tensor (v);
      text = bs_np_format_scalar (t->dtype, bs_tensor_data (t));
    }
  else if (as_repr)
    text = bs_np_format_array_repr (t, &in->np_print_options);
  else
    text = bs_np_format_array_str (t, &in->np_print_options);
  g_string_append (out, text);
  return TRUE;
}
