/* bs-np-ops.c: numpy's type promotion and Python's operators on ndarrays and numpy scalars */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <float.h>
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "bs-py-number.h"

/* --- dtypes as numpy sees them: kind and bits --------------------------- */

typedef struct {
  char kind;   /* 'b' bool, 'u' unsigned, 'i' signed, 'f' float */
  int  bits;
} NpKind;

static NpKind
np_kind (BsDType dtype)
{
  const char *name = bs_np_dtype_str (dtype);
  NpKind k = { 'f', 64 };

  if (name == NULL)
    return k;
  if (strcmp (name, "bool") == 0)
    return (NpKind) { 'b', 8 };
  if (g_str_has_prefix (name, "uint"))
    return (NpKind) { 'u', atoi (name + 4) };
  if (g_str_has_prefix (name, "int"))
    return (NpKind) { 'i', atoi (name + 3) };
  if (g_str_has_prefix (name, "float"))
    return (NpKind) { 'f', atoi (name + 5) };
  return k;
}

static int
kind_rank (char kind)
{
  return kind == 'b' ? 0 : kind == 'f' ? 2 : 1;
}

static gboolean
find_dtype (char     kind,
            int      bits,
            BsDType *out)
{
  char name[16];

  if (kind == 'b')
    g_strlcpy (name, "bool", sizeof name);
  else
    g_snprintf (name, sizeof name, "%s%d", kind == 'u' ? "uint" : kind == 'i' ? "int" : "float",
                bits);
  return bs_np_dtype_lookup (name, out);
}

gboolean
bs_np_dtype_of_kind (BsInterp *in,
                     char      kind,
                     int       bits,
                     BsDType  *out)
{
  if (find_dtype (kind, bits, out))
    return TRUE;
  return bs_raise (in, "NotImplementedError", "Backstep's numpy has no dtype '%s%d' yet",
                   kind == 'u' ? "uint" : kind == 'i' ? "int" : "float", bits);
}

/* numpy's promote_types on kinds; bits 0 when there is no such dtype (uint64 + int64) */
static NpKind
promote_kinds (NpKind a,
               NpKind b)
{
  if (a.kind == b.kind)
    return (NpKind) { a.kind, MAX (a.bits, b.bits) };
  if (a.kind == 'b')
    return b;
  if (b.kind == 'b')
    return a;
  if (a.kind == 'f' || b.kind == 'f')
    {
      NpKind f = a.kind == 'f' ? a : b, i = a.kind == 'f' ? b : a;
      int need = i.bits <= 8 ? 16 : i.bits <= 16 ? 32 : 64;

      return (NpKind) { 'f', MAX (f.bits, need) };
    }
  {
    /* one signed, one unsigned */
    NpKind s = a.kind == 'i' ? a : b, u = a.kind == 'i' ? b : a;

    if (s.bits > u.bits)
      return s;
    if (u.bits >= 64)
      return (NpKind) { 'f', 64 };
    return (NpKind) { 'i', u.bits * 2 };
  }
}

BsDType
bs_np_promote (BsDType a,
               BsDType b)
{
  NpKind k;
  BsDType out;

  if (a == b)
    return a;
  k = promote_kinds (np_kind (a), np_kind (b));
  if (find_dtype (k.kind, k.bits, &out))
    return out;
  /* a dtype the engine does not have yet: the next wider one it has */
  for (int bits = k.bits * 2; bits <= 64; bits *= 2)
    if (find_dtype (k.kind == 'u' ? 'i' : k.kind, bits, &out))
      return out;
  return BS_DTYPE_FLOAT64;
}

gboolean
bs_np_float_dtype (BsInterp *in,
                   BsDType   dtype,
                   BsDType  *out)
{
  NpKind k = np_kind (dtype);

  if (k.kind == 'f')
    {
      *out = dtype;
      return TRUE;
    }
  return bs_np_dtype_of_kind (in, 'f', k.bits <= 8 ? 16 : k.bits <= 16 ? 32 : 64, out);
}

BsTensor *
bs_np_fail (BsInterp *in,
            GError   *error)
{
  bs_raise_gerror (in, error);
  return NULL;
}

BsTensor *
bs_np_cast (BsInterp *in,
            BsTensor *t,
            BsDType   dtype)
{
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *r;

  if (t->dtype == dtype)
    return bs_tensor_ref (t);
  bs_np_quiet_begin (in, &quiet);
  r = bs_tensor_contiguous_copy (t, dtype, &error);
  bs_np_quiet_end (&quiet);
  return r != NULL ? r : bs_np_fail (in, error);
}

/* --- operands ----------------------------------------------------------- */

gboolean
bs_np_operand (BsInterp    *in,
               BsValue      value,
               BsNpOperand *op)
{
  BsTensor *t = bs_np_tensor_of (value);

  op->scalar = FALSE;
  op->t = NULL;
  op->array = bs_np_scalar_tensor (value) == NULL && !bs_is_number (value);
  if (t != NULL)
    {
      op->t = bs_tensor_ref (t);
      op->scalar = t->ndim == 0;
      return TRUE;
    }
  if (bs_is_number (value))
    {
      BsDType d = value.type == BS_VALUE_FLOAT ? BS_DTYPE_FLOAT64
                : value.type == BS_VALUE_INT ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;

      op->t = bs_tensor_new_scalar (in->context, d, bs_float_of (value));
      if (value.type == BS_VALUE_INT)
        *(gint64 *) bs_tensor_data (op->t) = value.as.integer;
      op->scalar = TRUE;
      return TRUE;
    }
  op->t = bs_np_as_tensor (in, value, FALSE, BS_DTYPE_FLOAT64);
  if (op->t == NULL)
    return FALSE;
  op->scalar = op->t->ndim == 0;
  return TRUE;
}

void
bs_np_operand_clear (BsNpOperand *op)
{
  g_clear_pointer (&op->t, bs_tensor_unref);
}

/* Whether value fits dtype's range (ints) or finite range (floats) */
static gboolean
value_fits (double value,
            NpKind k)
{
  if (k.kind == 'f')
    {
      double max = k.bits == 16 ? 65504.0 : k.bits == 32 ? FLT_MAX : DBL_MAX;

      return !isfinite (value) || fabs (value) <= max;
    }
  if (k.kind == 'u')
    return value >= 0 && (k.bits >= 64 || value < ldexp (1.0, k.bits));
  if (k.kind == 'i')
    return k.bits >= 64 || (value >= -ldexp (1.0, k.bits - 1) && value < ldexp (1.0, k.bits - 1));
  return TRUE;
}

BsDType
bs_np_result_dtype (BsNpOperand *a,
                    BsNpOperand *b)
{
  BsNpOperand *s, *arr;
  NpKind ks, ka;
  double value;
  BsDType out;

  if (a->scalar == b->scalar)
    return bs_np_promote (a->t->dtype, b->t->dtype);
  s = a->scalar ? a : b;
  arr = a->scalar ? b : a;
  ks = np_kind (s->t->dtype);
  ka = np_kind (arr->t->dtype);
  if (kind_rank (ks.kind) > kind_rank (ka.kind))
    return bs_np_promote (arr->t->dtype, s->t->dtype);
  if (kind_rank (ks.kind) < kind_rank (ka.kind) || ks.kind == 'b')
    return arr->t->dtype;
  /* the same kind: the scalar's value decides (numpy 1.24's value-based casting) */
  value = bs_tensor_item (s->t);
  if (value_fits (value, ka))
    return arr->t->dtype;
  for (int bits = ka.bits * 2; bits <= 64; bits *= 2)
    {
      NpKind k = { ka.kind == 'u' && value < 0 ? 'i' : ka.kind, bits };

      if (value_fits (value, k) && find_dtype (k.kind, k.bits, &out))
        return out;
    }
  return ka.kind == 'f' ? BS_DTYPE_FLOAT64 : BS_DTYPE_INT64;
}

/* --- kernels the engine lacks in numpy's form --------------------------- */

static double
floor_div (double x,
           double y)
{
  double m, d;

  if (y == 0.0)
    return x / y;
  m = fmod (x, y);
  d = (x - m) / y;
  if (m != 0.0 && ((y < 0) != (m < 0)))
    d -= 1.0;
  return d == 0.0 ? copysign (0.0, x / y) : floor (d + 0.5) == d ? d : floor (d);
}

static double
py_mod (double x,
        double y)
{
  double m;

  if (y == 0.0)
    return NAN;
  m = fmod (x, y);
  if (m != 0.0 && ((y < 0) != (m < 0)))
    m += y;
  else if (m == 0.0)
    m = copysign (0.0, y);
  return m;
}

typedef enum {
  NP_FLOOR_DIV,
  NP_MOD,
  NP_BIT_AND,
  NP_BIT_OR,
  NP_BIT_XOR,
  NP_SHIFT_LEFT,
  NP_SHIFT_RIGHT,
} NpElementwise;

/* a op b elementwise in dtype (a and b already of it), broadcasting */
static BsTensor *
elementwise (BsInterp      *in,
             BsTensor      *a,
             BsTensor      *b,
             NpElementwise  op,
             BsDType        dtype)
{
  GError *error = NULL;
  g_autoptr(BsTensor) ea = NULL, eb = NULL, ca = NULL, cb = NULL;
  BsTensor *res;
  gint64 shape[BS_MAX_DIMS];
  int ndim = MAX (a->ndim, b->ndim);
  gint64 n;

  for (int i = 0; i < ndim; i++)
    {
      int ia = i - (ndim - a->ndim), ib = i - (ndim - b->ndim);
      gint64 sa = ia >= 0 ? a->shape[ia] : 1, sb = ib >= 0 ? b->shape[ib] : 1;

      shape[i] = sa == 1 ? sb : sa;
    }
  ea = bs_expand (a, shape, ndim, &error);
  eb = ea != NULL ? bs_expand (b, shape, ndim, &error) : NULL;
  ca = eb != NULL ? bs_tensor_contiguous_copy (ea, dtype, &error) : NULL;
  cb = ca != NULL ? bs_tensor_contiguous_copy (eb, dtype, &error) : NULL;
  if (cb == NULL)
    return bs_np_fail (in, error);
  res = bs_tensor_new_uninit (in->context, dtype, ndim, shape, &error);
  if (res == NULL)
    return bs_np_fail (in, error);
  n = bs_tensor_numel (res);
  if (bs_dtype_is_floating (dtype))
    {
      for (gint64 i = 0; i < n; i++)
        {
          double x = bs_tensor_get (ca, i), y = bs_tensor_get (cb, i);

          bs_tensor_set (res, i, op == NP_FLOOR_DIV ? floor_div (x, y) : py_mod (x, y));
        }
      return res;
    }
  for (gint64 i = 0; i < n; i++)
    {
      gint64 x = bs_tensor_get_int (ca, i), y = bs_tensor_get_int (cb, i), r = 0;

      switch (op)
        {
        case NP_FLOOR_DIV:
          if (y == 0 || (x == G_MININT64 && y == -1))
            r = 0;
          else
            {
              r = x / y;
              if ((x % y != 0) && ((x < 0) != (y < 0)))
                r--;
            }
          break;
        case NP_MOD:
          if (y == 0)
            r = 0;
          else if (y == -1)
            r = 0;
          else
            {
              r = x % y;
              if (r != 0 && ((r < 0) != (y < 0)))
                r += y;
            }
          break;
        case NP_BIT_AND: r = x & y; break;
        case NP_BIT_OR: r = x | y; break;
        case NP_BIT_XOR: r = x ^ y; break;
        case NP_SHIFT_LEFT: r = y >= 64 || y < 0 ? 0 : (gint64) ((guint64) x << y); break;
        case NP_SHIFT_RIGHT: r = y >= 64 || y < 0 ? (x < 0 ? -1 : 0) : x >> y; break;
        default: break;
        }
      if (dtype == BS_DTYPE_INT64)
        ((gint64 *) bs_tensor_data (res))[i] = r;
      else
        bs_tensor_set (res, i, (double) r);
    }
  return res;
}

/* --- binary operators --------------------------------------------------- */

static const char *const ufunc_names[] = {
  [BS_BINOP_ADD] = "add", [BS_BINOP_SUB] = "subtract", [BS_BINOP_MUL] = "multiply",
  [BS_BINOP_DIV] = "divide", [BS_BINOP_FLOOR_DIV] = "floor_divide",
  [BS_BINOP_MOD] = "remainder", [BS_BINOP_MAT_MUL] = "matmul", [BS_BINOP_POW] = "power",
  [BS_BINOP_LSHIFT] = "left_shift", [BS_BINOP_RSHIFT] = "right_shift",
  [BS_BINOP_BIT_AND] = "bitwise_and", [BS_BINOP_BIT_OR] = "bitwise_or",
  [BS_BINOP_BIT_XOR] = "bitwise_xor",
};

static char *
shape_text (BsTensor *t)
{
  GString *s = g_string_new ("(");

  for (int i = 0; i < t->ndim; i++)
    g_string_append_printf (s, "%" G_GINT64_FORMAT "%s", t->shape[i],
                            t->ndim == 1 ? "," : i + 1 < t->ndim ? "," : "");
  g_string_append (s, ")");
  return g_string_free (s, FALSE);
}

static gboolean
check_broadcast (BsInterp *in,
                 BsTensor *a,
                 BsTensor *b)
{
  int ndim = MAX (a->ndim, b->ndim);

  for (int i = 0; i < ndim; i++)
    {
      int ia = i - (ndim - a->ndim), ib = i - (ndim - b->ndim);
      gint64 sa = ia >= 0 ? a->shape[ia] : 1, sb = ib >= 0 ? b->shape[ib] : 1;

      if (sa != sb && sa != 1 && sb != 1)
        {
          g_autofree char *x = shape_text (a), *y = shape_text (b);

          return bs_raise (in, "ValueError", "operands could not be broadcast together with "
                           "shapes %s %s ", x, y);
        }
    }
  return TRUE;
}

static gboolean
raise_no_loop (BsInterp   *in,
               const char *ufunc)
{
  return bs_raise (in, "TypeError", "ufunc '%s' not supported for the input types, and the "
                   "inputs could not be safely coerced to any supported types according to the "
                   "casting rule ''safe''", ufunc);
}

static BsTensor *binary_tensor (BsInterp *in, BsBinOp op, BsNpOperand *x, BsNpOperand *y);

/* The binary ufunc of op on two operands: an ndarray or a numpy scalar (new reference), or
 * NULL with an exception; its floating-point errors reported as numpy's. */
BsTensor *
bs_np_binary_tensor (BsInterp    *in,
                     BsBinOp      op,
                     BsNpOperand *x,
                     BsNpOperand *y)
{
  gboolean scalar = !x->array && !y->array;
  const char *name = ufunc_names[op];
  BsTensor *res;
  int raised;

  /* The processor's flags only say whether the values need reading: an error always
   * raises one (but the remainder's NaN for a zero divisor, made without arithmetic),
   * while vectorised kernels raise some that numpy does not report. Reading every result
   * would cost as much as the arithmetic. */
  feclearexcept (FE_ALL_EXCEPT);
  res = binary_tensor (in, op, x, y);
  raised = fetestexcept (FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID);
  if (res == NULL || (raised == 0 && bs_dtype_is_floating (res->dtype)
                      && op != BS_BINOP_MOD && !bs_np_fpe_watch_under (in)))
    return res;

  /* numpy's float array ** scalar runs these ufuncs, which name its errors */
  if (op == BS_BINOP_POW && x->array && x->t->ndim > 0 && y->scalar
      && bs_dtype_is_floating (x->t->dtype))
    {
      double e = bs_tensor_get (y->t, 0);

      name = e == -1.0 ? "reciprocal" : e == 0.5 ? "sqrt" : e == 2.0 ? "square" : name;
    }
  if (!bs_np_fpe_report (in, bs_np_fpe_binary (op, x->t, y->t, res, scalar,
                                                  bs_np_fpe_watch_under (in)), name, scalar))
    g_clear_pointer (&res, bs_tensor_unref);
  return res;
}

static BsTensor *
binary_tensor (BsInterp    *in,
               BsBinOp      op,
               BsNpOperand *x,
               BsNpOperand *y)
{
  GError *error = NULL;
  BsDType dtype = bs_np_result_dtype (x, y);
  g_autoptr(BsTensor) a = NULL, b = NULL;
  BsTensor *res = NULL;
  BsNpQuiet quiet;

  if (op != BS_BINOP_MAT_MUL && !check_broadcast (in, x->t, y->t))
    return NULL;
  if (op == BS_BINOP_DIV && !bs_np_float_dtype (in, dtype, &dtype))
    return NULL;
  if (op == BS_BINOP_SUB && dtype == BS_DTYPE_BOOL)
    {
      bs_raise (in, "TypeError", "numpy boolean subtract, the `-` operator, is not supported, "
                "use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
      return NULL;
    }
  if ((op == BS_BINOP_BIT_AND || op == BS_BINOP_BIT_OR || op == BS_BINOP_BIT_XOR
       || op == BS_BINOP_LSHIFT || op == BS_BINOP_RSHIFT) && bs_dtype_is_floating (dtype))
    {
      raise_no_loop (in, ufunc_names[op]);
      return NULL;
    }
  a = bs_np_cast (in, x->t, dtype);
  b = a != NULL ? bs_np_cast (in, y->t, dtype) : NULL;
  if (b == NULL)
    return NULL;
  if (op == BS_BINOP_POW && !bs_dtype_is_floating (dtype))
    {
      gint64 n = bs_tensor_numel (b);

      for (gint64 i = 0; i < n; i++)
        if (bs_tensor_get (b, i) < 0)
          {
            bs_raise (in, "ValueError", "Integers to negative integer powers are not allowed.");
            return NULL;
          }
    }
  if (op == BS_BINOP_ADD || op == BS_BINOP_SUB || op == BS_BINOP_MUL || op == BS_BINOP_DIV)
    {
      res = bs_np_fast_binary (in, op == BS_BINOP_ADD ? BS_NP_FAST_ADD
                                   : op == BS_BINOP_SUB ? BS_NP_FAST_SUB
                                   : op == BS_BINOP_MUL ? BS_NP_FAST_MUL : BS_NP_FAST_DIV, a, b);
      if (res != NULL || !bs_value_is_none (in->exc))
        return res;
    }
  bs_np_quiet_begin (in, &quiet);
  switch (op)
    {
    case BS_BINOP_ADD:
      res = dtype == BS_DTYPE_BOOL ? bs_logical_or (a, b, &error) : bs_add (a, b, 1.0, &error);
      break;
    case BS_BINOP_SUB: res = bs_sub (a, b, 1.0, &error); break;
    case BS_BINOP_MUL:
      res = dtype == BS_DTYPE_BOOL ? bs_logical_and (a, b, &error) : bs_mul (a, b, &error);
      break;
    case BS_BINOP_DIV: res = bs_div (a, b, &error); break;
    case BS_BINOP_POW: res = bs_pow (a, b, &error); break;
    case BS_BINOP_MAT_MUL:
      if (a->ndim == 0 || b->ndim == 0)
        {
          bs_np_quiet_end (&quiet);
          bs_raise (in, "ValueError", "matmul: Input operand %d does not have enough "
                    "dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) "
                    "requires 1)", a->ndim == 0 ? 0 : 1);
          return NULL;
        }
      if (a->shape[a->ndim - 1] != b->shape[MAX (b->ndim - 2, 0)])
        {
          g_autofree char *sa = shape_text (a), *sb = shape_text (b);

          bs_np_quiet_end (&quiet);
          bs_raise (in, "ValueError", "matmul: Input operand 1 has a mismatch in its core "
                    "dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %"
                    G_GINT64_FORMAT " is different from %" G_GINT64_FORMAT ")",
                    b->shape[MAX (b->ndim - 2, 0)], a->shape[a->ndim - 1]);
          return NULL;
        }
      res = bs_matmul (a, b, &error);
      break;
    case BS_BINOP_FLOOR_DIV:
      res = elementwise (in, a, b, NP_FLOOR_DIV, dtype);
      break;
    case BS_BINOP_MOD:
      res = elementwise (in, a, b, NP_MOD, dtype);
      break;
    case BS_BINOP_BIT_AND:
      res = dtype == BS_DTYPE_BOOL ? bs_logical_and (a, b, &error)
          : elementwise (in, a, b, NP_BIT_AND, dtype);
      break;
    case BS_BINOP_BIT_OR:
      res = dtype == BS_DTYPE_BOOL ? bs_logical_or (a, b, &error)
          : elementwise (in, a, b, NP_BIT_OR, dtype);
      break;
    case BS_BINOP_BIT_XOR:
      res = dtype == BS_DTYPE_BOOL ? bs_logical_xor (a, b, &error)
          : elementwise (in, a, b, NP_BIT_XOR, dtype);
      break;
    case BS_BINOP_LSHIFT:
      res = elementwise (in, a, b, NP_SHIFT_LEFT, dtype);
      break;
    case BS_BINOP_RSHIFT:
      res = elementwise (in, a, b, NP_SHIFT_RIGHT, dtype);
      break;
    default:
      break;
    }
  bs_np_quiet_end (&quiet);
  if (res == NULL && error != NULL)
    return bs_np_fail (in, error);
  if (res != NULL && res->dtype != dtype && op != BS_BINOP_MAT_MUL)
    {
      BsTensor *c = bs_np_cast (in, res, dtype);

      bs_tensor_unref (res);
      res = c;
    }
  return res;
}

/* numpy's same_kind casting of an in-place result back into the array */
static gboolean
can_cast_same_kind (BsDType from,
                    BsDType to)
{
  return kind_rank (np_kind (from).kind) <= kind_rank (np_kind (to).kind);
}

/* numpy's _UFuncOutputCastingError(ufunc, 'same_kind', from, to, 2): a binary ufunc's
 * output, numbered after its two inputs */
static void
raise_output_cast (BsInterp   *in,
                   const char *ufunc,
                   BsDType     from,
                   BsDType     to)
{
  BsValue np, exceptions, klass = BS_NONE, exc;
  BsValue args[5] = { BS_NONE, BS_NONE, BS_NONE, BS_NONE, BS_INT (2) };

  if (bs_dict_get_str (in->modules, "numpy", &np)
      && bs_dict_get_str (((BsModule *) np.as.object)->dict, ufunc, &args[0])
      && bs_dict_get_str (in->modules, "numpy.core._exceptions", &exceptions))
    bs_dict_get_str (((BsModule *) exceptions.as.object)->dict, "_UFuncOutputCastingError",
                     &klass);
  if (bs_value_is_none (klass))
    {
      bs_raise (in, "TypeError", "Cannot cast ufunc '%s' output from dtype('%s') to "
                "dtype('%s') with casting rule 'same_kind'", ufunc, bs_np_dtype_str (from),
                bs_np_dtype_str (to));
      return;
    }
  args[1] = bs_str_value (in, "same_kind");
  args[2] = bs_np_dtype_value (in, from);
  args[3] = bs_np_dtype_value (in, to);
  if (bs_call_simple (in, klass, args, 5, &exc))
    bs_raise_value (in, exc);
  for (guint i = 1; i < 4; i++)
    bs_value_unref (args[i]);
}

/* ufunc: numpy's function (np.power), not its operator (** by an array runs reciprocal,
 * sqrt or square for some exponents) */
static int
binary_value (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              gboolean  inplace,
              gboolean  ufunc,
              BsValue  *out)
{
  BsNpOperand x = { 0 }, y = { 0 };
  BsTensor *res, *target = bs_np_array_tensor (a);
  BsTensor *ta = bs_value_tensor (a), *tb = bs_value_tensor (b);

  if (!bs_np_is_operand (a) && !bs_np_is_operand (b))
    return 0;
  if (ta != NULL || tb != NULL)
    {
      /* a tensor with an ndarray: PyTorch's operator, the ndarray as a tensor */
      BsTensor *other = bs_np_tensor_of (ta != NULL ? b : a);
      BsValue ov, r;
      gboolean ok;

      if (other == NULL)
        return 0;
      ov = bs_wrap_tensor (in, bs_tensor_alias (other, other->ndim, other->shape,
                                                other->strides, other->offset));
      ok = ta != NULL ? bs_tensor_binary (in, op, a, ov, inplace, &r)
                      : bs_tensor_binary (in, op, ov, b, FALSE, &r);
      bs_value_unref (ov);
      if (!ok)
        return -1;
      *out = r;
      return 1;
    }
  if (!bs_is_number (a) && bs_np_tensor_of (a) == NULL && !bs_value_is_object (a, BS_OBJECT_LIST)
      && !bs_value_is_object (a, BS_OBJECT_TUPLE))
    return 0;
  if (!bs_is_number (b) && bs_np_tensor_of (b) == NULL && !bs_value_is_object (b, BS_OBJECT_LIST)
      && !bs_value_is_object (b, BS_OBJECT_TUPLE))
    return 0;
  if (!bs_np_operand (in, a, &x) || !bs_np_operand (in, b, &y))
    {
      bs_np_operand_clear (&x);
      return -1;
    }
  res = op != BS_BINOP_POW ? bs_np_binary_tensor (in, op, &x, &y)
      : bs_np_power_tensor (in, ufunc ? BS_NP_POWER_UFUNC : target != NULL ? BS_NP_POWER_ARRAY
                                : bs_np_scalar_power_form (a, &x, b, &y), &x, &y);
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (res == NULL)
    return -1;
  if (inplace && target != NULL)
    {
      GError *error = NULL;
      BsNpQuiet quiet;
      gboolean ok;

      if (!can_cast_same_kind (res->dtype, target->dtype))
        {
          raise_output_cast (in, ufunc_names[op], res->dtype, target->dtype);
          bs_tensor_unref (res);
          return -1;
        }
      for (int i = 0; i < res->ndim; i++)
        if (res->ndim > target->ndim
            || res->shape[res->ndim - 1 - i] != target->shape[target->ndim - 1 - i])
          {
            g_autofree char *sr = shape_text (res), *st = shape_text (target);

            bs_raise (in, "ValueError", "non-broadcastable output operand with shape %s "
                      "doesn't match the broadcast shape %s", st, sr);
            bs_tensor_unref (res);
            return -1;
          }
      bs_np_quiet_begin (in, &quiet);
      ok = bs_tensor_copy_from (target, res, &error);
      bs_np_quiet_end (&quiet);
      bs_tensor_unref (res);
      if (!ok)
        {
          bs_raise_gerror (in, error);
          return -1;
        }
      bs_tensor_bump_version (target);
      *out = bs_value_ref (a);
      return 1;
    }
  *out = bs_np_wrap (in, res);
  return 1;
}

int
bs_np_binary (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              gboolean  inplace,
              BsValue  *out)
{
  return binary_value (in, op, a, b, inplace, FALSE, out);
}

int
bs_np_ufunc_binary (BsInterp *in,
                    BsBinOp   op,
                    BsValue   a,
                    BsValue   b,
                    BsValue  *out)
{
  return binary_value (in, op, a, b, FALSE, TRUE, out);
}

/* --- comparisons -------------------------------------------------------- */

int
bs_np_compare (BsInterp *in,
               BsCmpOp   op,
               BsValue   a,
               BsValue   b,
               BsValue  *out)
{
  static const BsCompare compares[] = {
    [BS_CMPOP_EQ] = BS_COMPARE_EQ, [BS_CMPOP_NOT_EQ] = BS_COMPARE_NE,
    [BS_CMPOP_LT] = BS_COMPARE_LT, [BS_CMPOP_LT_E] = BS_COMPARE_LE,
    [BS_CMPOP_GT] = BS_COMPARE_GT, [BS_CMPOP_GT_E] = BS_COMPARE_GE,
  };
  BsNpOperand x = { 0 }, y = { 0 };
  g_autoptr(BsTensor) ca = NULL, cb = NULL;
  GError *error = NULL;
  BsTensor *res;
  BsNpQuiet quiet;
  BsDType dtype;

  if (!bs_np_is_operand (a) && !bs_np_is_operand (b))
    return 0;
  if (op != BS_CMPOP_EQ && op != BS_CMPOP_NOT_EQ && op != BS_CMPOP_LT && op != BS_CMPOP_LT_E
      && op != BS_CMPOP_GT && op != BS_CMPOP_GT_E)
    return 0;
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    return 0;
  if ((!bs_is_number (a) && bs_np_tensor_of (a) == NULL && !bs_value_is_object (a, BS_OBJECT_LIST)
       && !bs_value_is_object (a, BS_OBJECT_TUPLE))
      || (!bs_is_number (b) && bs_np_tensor_of (b) == NULL
          && !bs_value_is_object (b, BS_OBJECT_LIST) && !bs_value_is_object (b, BS_OBJECT_TUPLE)))
    {
      /* numpy: == and != with what is not a number are False and True elementwise */
      if (op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
        {
          BsTensor *t = bs_np_tensor_of (bs_np_is_operand (a) ? a : b);

          res = bs_tensor_new_full (in->context, BS_DTYPE_BOOL, t->ndim, t->shape,
                                    op == BS_CMPOP_NOT_EQ, &error);
          if (res == NULL)
            return bs_raise_gerror (in, error) ? 1 : -1;
          *out = bs_np_wrap (in, res);
          return 1;
        }
      return 0;
    }
  if (!bs_np_operand (in, a, &x) || !bs_np_operand (in, b, &y))
    {
      bs_np_operand_clear (&x);
      return -1;
    }
  if (!check_broadcast (in, x.t, y.t))
    {
      bs_np_operand_clear (&x);
      bs_np_operand_clear (&y);
      return -1;
    }
  dtype = bs_np_result_dtype (&x, &y);
  ca = bs_np_cast (in, x.t, dtype);
  cb = ca != NULL ? bs_np_cast (in, y.t, dtype) : NULL;
  bs_np_operand_clear (&x);
  bs_np_operand_clear (&y);
  if (cb == NULL)
    return -1;
  res = bs_np_fast_binary (in, BS_NP_FAST_EQ + (int) compares[op], ca, cb);
  if (res != NULL)
    {
      *out = bs_np_wrap (in, res);
      return 1;
    }
  if (!bs_value_is_none (in->exc))
    return -1;
  bs_np_quiet_begin (in, &quiet);
  res = bs_compare (ca, cb, compares[op], &error);
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    {
      bs_raise_gerror (in, error);
      return -1;
    }
  *out = bs_np_wrap (in, res);
  return 1;
}

/* --- unary operators, truth, conversions -------------------------------- */

int
bs_np_unary (BsInterp  *in,
             BsUnaryOp  op,
             BsValue    a,
             BsValue   *out)
{
  BsTensor *t = bs_np_tensor_of (a), *res = NULL;
  GError *error = NULL;
  BsNpQuiet quiet;

  if (t == NULL || op == BS_UNARYOP_NOT)
    return 0;
  if (op == BS_UNARYOP_USUB && t->dtype == BS_DTYPE_BOOL)
    {
      bs_raise (in, "TypeError", "The numpy boolean negative, the `-` operator, is not "
                "supported, use the `~` operator or the logical_not function instead.");
      return -1;
    }
  if (op == BS_UNARYOP_INVERT && bs_dtype_is_floating (t->dtype))
    {
      raise_no_loop (in, "invert");
      return -1;
    }
  bs_np_quiet_begin (in, &quiet);
  switch (op)
    {
    case BS_UNARYOP_USUB: res = bs_neg (t, &error); break;
    case BS_UNARYOP_UADD: res = bs_tensor_contiguous_copy (t, t->dtype, &error); break;
    case BS_UNARYOP_INVERT:
      if (t->dtype == BS_DTYPE_BOOL)
        res = bs_logical_not (t, &error);
      else
        {
          res = bs_tensor_contiguous_copy (t, t->dtype, &error);
          if (res != NULL)
            {
              gint64 n = bs_tensor_numel (res);

              for (gint64 i = 0; i < n; i++)
                bs_tensor_set (res, i, (double) ~bs_tensor_get_int (res, i));
            }
        }
      break;
    default:
      break;
    }
  bs_np_quiet_end (&quiet);
  if (res == NULL)
    {
      bs_raise_gerror (in, error);
      return -1;
    }
  *out = bs_np_wrap (in, res);
  return 1;
}

int
bs_np_truthy (BsInterp *in,
              BsValue   a,
              gboolean *truth)
{
  BsTensor *t = bs_np_tensor_of (a);
  gint64 n;

  if (t == NULL)
    return 0;
  n = bs_tensor_numel (t);
  if (n > 1)
    {
      bs_raise (in, "ValueError", "The truth value of an array with more than one element is "
                "ambiguous. Use a.any() or a.all()");
      return -1;
    }
  *truth = n == 1 && bs_tensor_get (t, 0) != 0.0;
  return 1;
}

int
bs_np_to_double (BsInterp *in,
                 BsValue   a,
                 double   *out)
{
  BsTensor *t = bs_np_tensor_of (a);

  if (t == NULL)
    return 0;
  if (bs_tensor_numel (t) != 1)
    {
      bs_raise (in, "TypeError", "only size-1 arrays can be converted to Python scalars");
      return -1;
    }
  *out = bs_tensor_get (t, 0);
  return 1;
}

int
bs_np_to_int (BsInterp *in,
              BsValue   a,
              gint64   *out)
{
  BsTensor *t = bs_np_tensor_of (a);

  if (t == NULL)
    return 0;
  if (t->ndim != 0 || bs_dtype_is_floating (t->dtype))
    {
      bs_raise (in, "TypeError", "only integer scalar arrays can be converted to a scalar "
                "index");
      return -1;
    }
  *out = bs_tensor_get_int (t, 0);
  return 1;
}
