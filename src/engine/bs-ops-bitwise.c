/* bs-ops-bitwise.c: &, |, ^, <<, >> and ~ on integer and bool tensors
 *
 * None of them is differentiable and none takes floating tensors, so they are computed
 * without autograd, in the operands' result type, as PyTorch's CPU kernels compute them:
 * a shift of an int64 takes its count modulo 64 (what x86's shift does), a narrower
 * integer is shifted as a C int and wrapped back to its width.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <string.h>

typedef struct {
  BsBitwise op;
  BsDType   dtype;
} BitwiseArgs;

static gint64
shift (BsBitwise op,
       BsDType   dtype,
       gint64    a,
       gint64    b)
{
  if (dtype == BS_DTYPE_INT64)
    return op == BS_BITWISE_LSHIFT ? (gint64) ((guint64) a << (b & 63)) : a >> (b & 63);
  if (op == BS_BITWISE_LSHIFT)
    return (gint32) ((guint32) a << (b & 31));
  return (gint32) a >> (b & 31);
}

static void
bitwise_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const BitwiseArgs *c = user_data;
  char *out = p[0];
  const char *a = p[1], *b = p[2];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
    {
      gint64 x = bs_dtype_load_int (a, c->dtype), y = bs_dtype_load_int (b, c->dtype);
      gint64 r;

      switch (c->op)
        {
        case BS_BITWISE_AND: r = x & y; break;
        case BS_BITWISE_OR:  r = x | y; break;
        case BS_BITWISE_XOR: r = x ^ y; break;
        default:             r = shift (c->op, c->dtype, x, y); break;
        }
      bs_dtype_store_int (out, c->dtype, r);
    }
}

static const char *const kernel_names[] = {
  [BS_BITWISE_AND] = "bitwise_and_cpu",
  [BS_BITWISE_OR] = "bitwise_or_cpu",
  [BS_BITWISE_XOR] = "bitwise_xor_cpu",
  [BS_BITWISE_LSHIFT] = "lshift_cpu",
  [BS_BITWISE_RSHIFT] = "rshift_cpu",
};

/* The kernel's dtype, FALSE with PyTorch's message when it has none for it */
static gboolean
kernel_dtype (BsDType     dtype,
              BsBitwise   op,
              GError    **error)
{
  gboolean shifts = op == BS_BITWISE_LSHIFT || op == BS_BITWISE_RSHIFT;

  if (bs_dtype_is_floating (dtype) || (shifts && dtype == BS_DTYPE_BOOL))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for '%s'", kernel_names[op],
                   bs_dtype_scalar_name (dtype));
      return FALSE;
    }
  return TRUE;
}

BsTensor *
bs_bitwise (BsTensor   *a,
            BsTensor   *b,
            BsBitwise   op,
            GError    **error)
{
  BsTensor *pair[2] = { a, b };
  BitwiseArgs c = { op, bs_result_type (pair, 2) };
  g_autoptr(BsTensor) x = NULL;
  g_autoptr(BsTensor) y = NULL;
  BsTensor *out;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsIter iter;

  if (!kernel_dtype (c.dtype, op, error)
      || !bs_broadcast_shapes (a->ndim, a->shape, b->ndim, b->shape, &ndim, shape, error))
    return NULL;
  x = bs_cast_raw (a, c.dtype, error);
  y = x ? bs_cast_raw (b, c.dtype, error) : NULL;
  out = y ? bs_tensor_new (a->context, c.dtype, ndim, shape, error) : NULL;
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, ndim, shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, x);
  bs_iter_add (&iter, y);
  bs_iter_run (&iter, bitwise_loop, &c);
  return out;
}

static void
not_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const BsDType *dtype = user_data;
  char *out = p[0];
  const char *a = p[1];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
    {
      gint64 x = bs_dtype_load_int (a, *dtype);

      bs_dtype_store_int (out, *dtype, *dtype == BS_DTYPE_BOOL ? !x : ~x);
    }
}

BsTensor *
bs_bitwise_not (BsTensor  *a,
                GError   **error)
{
  BsDType dtype = a->dtype;
  BsTensor *out;
  BsIter iter;

  if (bs_dtype_is_floating (dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"bitwise_not_cpu\" not implemented for '%s'", bs_dtype_scalar_name (dtype));
      return NULL;
    }
  out = bs_tensor_new (a->context, dtype, a->ndim, a->shape, error);
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, a->ndim, a->shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, a);
  bs_iter_run (&iter, not_loop, &dtype);
  return out;
}
