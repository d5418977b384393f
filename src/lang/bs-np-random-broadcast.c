/* bs-np-random-broadcast.c: distribution parameters given as arrays
 *
 * numpy's distributions take arrays of parameters: every draw uses the parameters at its
 * position, broadcast as numpy broadcasts (with numpy's messages when they do not). A
 * parameter is kept as a C-order copy of its values in float64.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-random.h"

#include <string.h>

gboolean
bs_np_param_is_array (BsValue v)
{
  BsTensor *t = bs_np_array_tensor (v);

  return (t != NULL && t->ndim > 0) || bs_value_is_object (v, BS_OBJECT_LIST)
         || bs_value_is_object (v, BS_OBJECT_TUPLE);
}

gboolean
bs_np_param_read (BsInterp  *in,
                  BsValue    v,
                  BsNpParam *p)
{
  g_autoptr (BsTensor) t = bs_np_as_tensor (in, v, TRUE, BS_DTYPE_FLOAT64);

  p->values = NULL;
  if (t == NULL)
    return FALSE;
  p->ndim = t->ndim;
  memcpy (p->shape, t->shape, sizeof p->shape);
  p->values = bs_tensor_to_doubles (t);
  return TRUE;
}

void
bs_np_param_clear (BsNpParam *p)
{
  g_clear_pointer (&p->values, g_free);
}

gint64
bs_np_shape_numel (int           ndim,
                   const gint64 *shape)
{
  gint64 n = 1;

  for (int i = 0; i < ndim; i++)
    n *= shape[i];
  return n;
}

void
bs_np_shape_append (GString      *out,
                    int           ndim,
                    const gint64 *shape)
{
  g_string_append_c (out, '(');
  for (int i = 0; i < ndim; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", shape[i]);
  g_string_append (out, ndim == 1 ? ",)" : ")");
}

/* numpy's broadcast of shapes: each axis takes its size from the first argument whose
 * size there is not 1; FALSE, with that argument and the one that disagrees, when they
 * do not broadcast */
gboolean
bs_np_broadcast_shapes (guint          n,
                        const int     *ndims,
                        const gint64 **shapes,
                        int           *ndim,
                        gint64        *shape,
                        guint         *src,
                        guint         *bad)
{
  *ndim = 0;
  for (guint j = 0; j < n; j++)
    *ndim = MAX (*ndim, ndims[j]);
  for (int i = 0; i < *ndim; i++)
    {
      shape[i] = 1;
      *src = 0;
      for (guint j = 0; j < n; j++)
        {
          int k = i + ndims[j] - *ndim;
          gint64 size = k >= 0 ? shapes[j][k] : 1;

          if (size == 1)
            continue;
          if (shape[i] == 1)
            {
              shape[i] = size;
              *src = j;
            }
          else if (shape[i] != size)
            {
              *bad = j;
              return FALSE;
            }
        }
    }
  return TRUE;
}

gboolean
bs_np_broadcast (BsInterp      *in,
                 guint          n,
                 const int     *ndims,
                 const gint64 **shapes,
                 int           *ndim,
                 gint64        *shape)
{
  g_autoptr (GString) text = NULL;
  guint src, bad;

  if (bs_np_broadcast_shapes (n, ndims, shapes, ndim, shape, &src, &bad))
    return TRUE;
  text = g_string_new ("shape mismatch: objects cannot be broadcast to a single shape.  "
                       "Mismatch is between ");
  g_string_append_printf (text, "arg %u with shape ", src);
  bs_np_shape_append (text, ndims[src], shapes[src]);
  g_string_append_printf (text, " and arg %u with shape ", bad);
  bs_np_shape_append (text, ndims[bad], shapes[bad]);
  g_string_append_c (text, '.');
  return bs_raise (in, "ValueError", "%s", text->str);
}

double
bs_np_param_at (const BsNpParam *p,
                int              ndim,
                const gint64    *index)
{
  gint64 offset = 0;

  for (int k = 0; k < p->ndim; k++)
    offset = offset * p->shape[k] + (p->shape[k] == 1 ? 0 : index[k + ndim - p->ndim]);
  return p->values[offset];
}

void
bs_np_index_next (int           ndim,
                  const gint64 *shape,
                  gint64       *index)
{
  for (int k = ndim - 1; k >= 0; k--)
    {
      if (++index[k] < shape[k])
        return;
      index[k] = 0;
    }
}
