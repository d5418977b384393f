/* bs-tensor-operators.c: Python's operators on tensors (a + b, a @ b, a < b, -a, a // b),
 * with PyTorch's type promotion and its wrapped numbers */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

#include "bs-autograd.h"

/* The tensor for an operand of a binary operation: a Python number becomes a wrapped
 * number, as in PyTorch. Without a sink the last few are reused: nothing writes them and
 * nothing shows which tensor an operand was, and a loop of scalar ops (y = y * 1.0001)
 * then makes one per constant instead of one per operation. */
static BsTensor *
operand_tensor (BsInterp *in,
                BsValue   v)
{
  BsDType dtype;
  guint64 bits = 0;
  BsTensor *t;

  if (in->context->sink != NULL || !bs_is_number (v))
    return bs_as_tensor (in, v);
  /* the value's own bits, so that 0.0 is not -0.0 and ints past 2**53 stay apart */
  dtype = v.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
        : v.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
  if (v.type == BS_VALUE_FLOAT)
    memcpy (&bits, &v.as.number, sizeof bits);
  else if (v.type == BS_VALUE_INT)
    bits = (guint64) v.as.integer;
  else
    bits = v.as.boolean != 0;
  for (guint i = 0; i < G_N_ELEMENTS (in->operands); i++)
    {
      t = in->operands[i];
      if (t != NULL && t->dtype == dtype && in->operand_values[i] == bits)
        return bs_tensor_ref (t);
    }
  t = bs_as_tensor (in, v);
  if (t == NULL)
    return NULL;
  g_clear_pointer (&in->operands[in->next_operand], bs_tensor_unref);
  in->operands[in->next_operand] = bs_tensor_ref (t);
  in->operand_values[in->next_operand] = bits;
  in->next_operand = (in->next_operand + 1) % G_N_ELEMENTS (in->operands);
  return t;
}

/* --- operators --------------------------------------------------------- */

/* t seen with shape (ndim, shape), which it broadcasts to: an alias with
 * zero strides along the broadcast dims. */
static BsTensor *
broadcast_alias (BsTensor     *t,
                 int           ndim,
                 const gint64 *shape)
{
  gint64 strides[BS_MAX_DIMS] = { 0 };

  for (int k = 0; k < t->ndim; k++)
    {
      int d = ndim - t->ndim + k;

      strides[d] = t->shape[k] == 1 && shape[d] != 1 ? 0 : t->strides[k];
    }
  return bs_tensor_alias (t, ndim, shape, strides, t->offset);
}

/* Python's floor division and modulo on numbers, as PyTorch's CPU kernels
 * compute them: the remainder takes the divisor's sign. */
static double
floor_div_value (double a,
                 double b)
{
  double mod, div, floordiv;

  if (b == 0)
    return a / b;
  mod = fmod (a, b);
  div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0))
    div -= 1.0;
  if (div == 0)
    return copysign (0.0, a / b);
  floordiv = floor (div);
  if (div - floordiv > 0.5)
    floordiv += 1.0;
  return floordiv;
}

static double
mod_value (double a,
           double b)
{
  double mod = fmod (a, b);

  if (mod != 0 && (b < 0) != (mod < 0))
    mod += b;
  return mod;
}

/* a // b and a % b (torch.floor_divide, torch.remainder), computed without autograd (the
 * caller records floor_divide's node). */
static gboolean
floor_mod (BsInterp  *in,
           BsBinOp    op,
           BsTensor  *a,
           BsTensor  *b,
           BsTensor **out)
{
  BsTensor *pair[2] = { a, b };
  BsDType dtype = bs_result_type (pair, 2);
  gint64 shape[BS_MAX_DIMS];
  int ndim = MAX (a->ndim, b->ndim);
  g_autoptr(BsTensor) av = NULL;
  g_autoptr(BsTensor) bv = NULL;
  GError *error = NULL;
  BsTensor *res;
  gint64 n;

  if (dtype == BS_DTYPE_BOOL)
    return bs_raise (in, "RuntimeError", "\"%s\" not implemented for 'Bool'",
                     op == BS_BINOP_MOD ? "remainder_cpu" : "div_floor_cpu");
  for (int d = 0; d < ndim; d++)
    {
      int ka = d - (ndim - a->ndim), kb = d - (ndim - b->ndim);
      gint64 sa = ka >= 0 ? a->shape[ka] : 1, sb = kb >= 0 ? b->shape[kb] : 1;

      if (sa != sb && sa != 1 && sb != 1)
        return bs_raise (in, "RuntimeError", "The size of tensor a (%" G_GINT64_FORMAT ") must "
                         "match the size of tensor b (%" G_GINT64_FORMAT ") at non-singleton "
                         "dimension %d", sa, sb, d);
      shape[d] = sa == 1 ? sb : sa;
    }
  res = bs_tensor_new_full (in->context, dtype, ndim, shape, 0.0, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  av = broadcast_alias (a, ndim, shape);
  bv = broadcast_alias (b, ndim, shape);
  n = bs_tensor_numel (res);
  for (gint64 i = 0; i < n; i++)
    {
      if (bs_dtype_is_floating (dtype))
        {
          double x = bs_tensor_get (av, i), y = bs_tensor_get (bv, i);

          if (dtype == BS_DTYPE_FLOAT32)
            x = (float) x, y = (float) y;
          bs_tensor_set (res, i, op == BS_BINOP_MOD ? mod_value (x, y) : floor_div_value (x, y));
        }
      else
        {
          gint64 x = bs_dtype_wrap_int (bs_tensor_get_int (av, i), dtype);
          gint64 y = bs_dtype_wrap_int (bs_tensor_get_int (bv, i), dtype);
          gint64 q, m;

          if (y == 0)
            {
              bs_tensor_unref (res);
              return bs_raise (in, "RuntimeError", "ZeroDivisionError");
            }
          if (x == G_MININT64 && y == -1)
            q = x, m = 0;
          else
            {
              q = x / y;
              m = x % y;
              if (m != 0 && (m < 0) != (y < 0))
                {
                  q -= 1;
                  m += y;
                }
            }
          bs_dtype_store_int ((char *) bs_tensor_data (res) + i * bs_dtype_size (dtype), dtype,
                              op == BS_BINOP_MOD ? m : q);
        }
    }
  *out = res;
  return TRUE;
}

/* a Python bool, or a bool tensor (anything else, an ndarray included, is not) */
static gboolean
bool_operand (BsValue  v,
              gboolean scalar)
{
  BsTensor *t = scalar ? NULL : bs_value_tensor (v);

  return scalar ? v.type == BS_VALUE_BOOL : t != NULL && t->dtype == BS_DTYPE_BOOL;
}

static const BsBitwise bitwise_ops[] = {
  [BS_BINOP_BIT_AND] = BS_BITWISE_AND,
  [BS_BINOP_BIT_OR] = BS_BITWISE_OR,
  [BS_BINOP_BIT_XOR] = BS_BITWISE_XOR,
  [BS_BINOP_LSHIFT] = BS_BITWISE_LSHIFT,
  [BS_BINOP_RSHIFT] = BS_BITWISE_RSHIFT,
};

/* a //= b, a %= b, a &= b, ...: computed, then written into a, with PyTorch's checks in
 * its order (a leaf requiring grad, then the result type, then the kernel's dtype) */
static gboolean
exact_binary (BsInterp  *in,
              BsBinOp    op,
              BsTensor  *a,
              BsTensor  *b,
              gboolean   inplace,
              BsTensor **out)
{
  BsTensor *pair[2] = { a, b };
  BsDType dtype = bs_result_type (pair, 2);
  GError *error = NULL;
  BsTensor *res = NULL;

  if (inplace)
    {
      if (!bs_check_inplace (a, &error))
        return bs_raise_gerror (in, error);
      if (bs_dtype_category (dtype) > bs_dtype_category (a->dtype))
        return bs_raise (in, "RuntimeError", "result type %s can't be cast to the desired "
                         "output type %s", bs_dtype_scalar_name (dtype),
                         bs_dtype_scalar_name (a->dtype));
    }
  /* % of tensors that require grad: remainder's node (RemainderBackward0/1) */
  if (op == BS_BINOP_MOD && in->context->grad_enabled
      && (bs_tensor_requires_grad (a) || bs_tensor_requires_grad (b)))
    {
      res = inplace ? bs_remainder_ (a, b, &error) : bs_remainder (a, b, &error);
      if (res == NULL)
        return bs_raise_gerror (in, error);
      *out = res;
      return TRUE;
    }
  if (op == BS_BINOP_FLOOR_DIV || op == BS_BINOP_MOD)
    {
      if (!floor_mod (in, op, a, b, &res))
        return FALSE;
      /* PyTorch records a node that has no derivative (NotImplemented) */
      if (op == BS_BINOP_FLOOR_DIV && in->context->grad_enabled
          && (bs_tensor_requires_grad (a) || bs_tensor_requires_grad (b)))
        {
          BsTensor *recorded = bs_floor_divide_record (a, b, res, inplace, &error);

          bs_tensor_unref (res);
          if (recorded == NULL)
            return bs_raise_gerror (in, error);
          *out = recorded;
          return TRUE;
        }
    }
  else if ((res = bs_bitwise (a, b, bitwise_ops[op], &error)) == NULL)
    return bs_raise_gerror (in, error);
  if (inplace)
    {
      BsTensor *done = bs_copy_ (a, res, &error);

      bs_tensor_unref (res);
      if (done == NULL)
        return bs_raise_gerror (in, error);
      res = done;
    }
  *out = res;
  return TRUE;
}

/* a **= b: pow_ */
static BsTensor *
pow_inplace (BsInterp  *in,
             BsTensor  *a,
             BsValue    bv,
             GError   **error)
{
  BsTensor *b;
  BsTensor *pair[2] = { a, NULL };
  BsDType dtype;
  double e;

  if (!bs_is_number (bv))
    return bs_pow_ (a, bs_value_tensor (bv), error);
  b = operand_tensor (in, bv);
  if (b == NULL)
    return NULL;
  pair[1] = b;
  dtype = bs_result_type (pair, 2);
  bs_tensor_unref (b);
  if (dtype != a->dtype)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Found dtype %s but expected %s", bs_dtype_scalar_name (a->dtype),
                   bs_dtype_scalar_name (dtype));
      return NULL;
    }
  bs_to_double (in, bv, &e);
  return bs_pow_scalar_ (a, e, error);
}

gboolean
bs_tensor_binary (BsInterp *in,
                  BsBinOp   op,
                  BsValue   av,
                  BsValue   bv,
                  gboolean  inplace,
                  BsValue  *r)
{
  GError *error = NULL;
  BsTensor *a, *b, *res = NULL;
  gboolean a_scalar = bs_is_number (av), b_scalar = bs_is_number (bv);

  /* PyTorch's tensors have no @ with numbers, and no in-place @= (x @= y is x = x @ y) */
  if (op == BS_BINOP_MAT_MUL && (a_scalar || b_scalar))
    return bs_raise (in, "TypeError", "unsupported operand type(s) for @%s: '%s' and '%s'",
                     inplace ? "=" : "", bs_type_name (av), bs_type_name (bv));
  if (op == BS_BINOP_MAT_MUL)
    inplace = FALSE;
  /* x += t with x a Python number is x = x + t: the number stays a wrapped number */
  if (a_scalar)
    inplace = FALSE;
  if (op == BS_BINOP_POW && bool_operand (av, a_scalar)
      && bool_operand (bv, b_scalar))
    return bs_raise (in, "RuntimeError", "\"pow\" not implemented for 'Bool'");
  if (op == BS_BINOP_SUB && (a_scalar || b_scalar)
      && (bool_operand (av, a_scalar) || bool_operand (bv, b_scalar)))
    return bs_raise (in, "RuntimeError",
                     bool_operand (av, a_scalar) && bool_operand (bv, b_scalar)
                     ? BS_MSG_SUB_TWO_BOOLS : BS_MSG_SUB_BOOL);
  if (op == BS_BINOP_POW && inplace)
    {
      res = pow_inplace (in, bs_value_tensor (av), bv, &error);
      goto done;
    }
  if (op == BS_BINOP_POW && a_scalar)
    {
      BsTensor *bt;

      /* PyTorch 1.13: 2 ** x is torch.tensor(2.) ** x (PowBackward1) */
      bt = bs_wrap_number (in, av);
      if (bt == NULL)
        return FALSE;
      res = bs_pow (bt, bs_value_tensor (bv), &error);
      bs_tensor_unref (bt);
      goto done;
    }
  if (op == BS_BINOP_POW && b_scalar)
    {
      double e;
      BsTensor *base = bs_value_tensor (av);
      g_autoptr(BsTensor) promoted = NULL;

      bs_to_double (in, bv, &e);
      /* an integer tensor to a float power is a float32 one (-1.0 is not the integer -1) */
      if (!bs_is_int (bv) && !bs_dtype_is_floating (base->dtype))
        {
          promoted = bs_to_dtype (base, BS_DTYPE_FLOAT32, &error);
          if (promoted == NULL)
            goto done;
          base = promoted;
        }
      res = bs_pow_scalar (base, e, &error);
      goto done;
    }
  /* an int tensor never requires grad: big - t is computed exactly, as a subtraction */
  if (op == BS_BINOP_SUB && a_scalar
      && !(av.type == BS_VALUE_INT && !bs_dtype_is_floating (bs_value_tensor (bv)->dtype)))
    {
      double s;

      bs_to_double (in, av, &s);
      res = bs_rsub_scalar (bs_value_tensor (bv), s, 1.0, &error);
      goto done;
    }
  /* an in-place operation writes a */
  a = inplace ? bs_as_tensor (in, av) : operand_tensor (in, av);
  if (a == NULL)
    return FALSE;
  b = operand_tensor (in, bv);
  if (b == NULL)
    {
      bs_tensor_unref (a);
      return FALSE;
    }
  switch (op)
    {
    case BS_BINOP_ADD:
      res = inplace ? bs_add_ (a, b, 1.0, &error) : bs_add (a, b, 1.0, &error);
      break;
    case BS_BINOP_SUB:
      res = inplace ? bs_sub_ (a, b, 1.0, &error) : bs_sub (a, b, 1.0, &error);
      break;
    case BS_BINOP_MUL:
      res = inplace ? bs_mul_ (a, b, &error) : bs_mul (a, b, &error);
      break;
    case BS_BINOP_DIV:
      if (a_scalar && !inplace)
        {
          /* PyTorch: 2 / x is x.reciprocal() * 2 */
          BsTensor *rec = bs_reciprocal (b, &error);

          res = rec != NULL ? bs_mul (rec, a, &error) : NULL;
          g_clear_pointer (&rec, bs_tensor_unref);
        }
      else
        res = inplace ? bs_div_ (a, b, &error) : bs_div (a, b, &error);
      break;
    case BS_BINOP_MAT_MUL:
      res = bs_matmul (a, b, &error);
      break;
    case BS_BINOP_POW:
      res = bs_pow (a, b, &error);
      break;
    default:
      {
        gboolean ok = exact_binary (in, op, a, b, inplace, &res);

        bs_tensor_unref (a);
        bs_tensor_unref (b);
        if (!ok)
          return FALSE;
        goto done;
      }
    }
  bs_tensor_unref (a);
  bs_tensor_unref (b);

done:
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = inplace && bs_value_tensor (av) == res ? (bs_tensor_unref (res), bs_value_ref (av))
                                              : bs_wrap_tensor (in, res);
  return TRUE;
}

gboolean
bs_tensor_compare (BsInterp *in,
                   BsCmpOp   op,
                   BsValue   av,
                   BsValue   bv,
                   BsValue  *r)
{
  BsCompare c;
  BsTensor *a, *b, *res;
  GError *error = NULL;

  switch (op)
    {
    case BS_CMPOP_EQ: c = BS_COMPARE_EQ; break;
    case BS_CMPOP_NOT_EQ: c = BS_COMPARE_NE; break;
    case BS_CMPOP_LT: c = BS_COMPARE_LT; break;
    case BS_CMPOP_LT_E: c = BS_COMPARE_LE; break;
    case BS_CMPOP_GT: c = BS_COMPARE_GT; break;
    case BS_CMPOP_GT_E: c = BS_COMPARE_GE; break;
    default:
      return bs_raise (in, "TypeError", "unsupported comparison");
    }
  if ((!bs_is_number (av) && bs_value_tensor (av) == NULL)
      || (!bs_is_number (bv) && bs_value_tensor (bv) == NULL))
    {
      if (op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
        {
          *r = BS_BOOL (op == BS_CMPOP_NOT_EQ);
          return TRUE;
        }
      return bs_raise (in, "TypeError", "'%s' not supported between instances of '%s' and '%s'",
                       bs_cmpop_symbol (op), bs_type_name (av), bs_type_name (bv));
    }
  a = bs_as_tensor (in, av);
  b = a != NULL ? bs_as_tensor (in, bv) : NULL;
  if (b == NULL)
    {
      g_clear_pointer (&a, bs_tensor_unref);
      return FALSE;
    }
  res = bs_compare (a, b, c, &error);
  bs_tensor_unref (a);
  bs_tensor_unref (b);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, res);
  return TRUE;
}

gboolean
bs_tensor_unary (BsInterp  *in,
                 BsUnaryOp  op,
                 BsValue    av,
                 BsValue   *r)
{
  BsTensor *a = bs_value_tensor (av);

  switch (op)
    {
    case BS_UNARYOP_USUB:
      RETURN_TENSOR (bs_neg (a, ERR));
    case BS_UNARYOP_UADD:
      if (a->dtype == BS_DTYPE_BOOL)
        return bs_raise (in, "RuntimeError",
                         "The `+` operator, on a bool tensor is not supported.");
      *r = bs_value_ref (av);
      return TRUE;
    case BS_UNARYOP_INVERT:
      if (bs_dtype_is_floating (a->dtype))
        return bs_raise (in, "TypeError", "~ (operator.invert) is only implemented on integer "
                         "and Boolean-type tensors");
      RETURN_TENSOR (bs_bitwise_not (a, ERR));
    default:
      return bs_raise (in, "NotImplementedError", "this unary operator on tensors is not "
                       "supported by Backstep");
    }
}

gboolean
bs_tensor_format_spec (BsInterp   *in,
                       BsTensor   *t,
                       const char *spec,
                       GString    *out)
{
  BsValue v;
  BsValue tv = bs_wrap_tensor (in, bs_tensor_ref (t));
  gboolean ok;

  if (t->ndim != 0)
    {
      bs_value_unref (tv);
      return bs_raise (in, "TypeError", "unsupported format string passed to Tensor.__format__");
    }
  ok = bs_call_method (in, tv, "item", NULL, 0, &v);
  bs_value_unref (tv);
  if (!ok)
    return FALSE;
  ok = bs_format_value (in, v, spec, out);
  bs_value_unref (v);
  return ok;
}

