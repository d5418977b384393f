/* bs-py-ops.c: Python's operators on any value: arithmetic, comparison, truth, `in` */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <math.h>
#include <string.h>

#include "bs-py-number.h"
#include "bs-np-array.h"
#include "bs-py-range.h"
#include "bs-py-str.h"

static const char *const binop_dunder[][3] = {
  [BS_BINOP_ADD] = { "__add__", "__radd__", "__iadd__" },
  [BS_BINOP_SUB] = { "__sub__", "__rsub__", "__isub__" },
  [BS_BINOP_MUL] = { "__mul__", "__rmul__", "__imul__" },
  [BS_BINOP_DIV] = { "__truediv__", "__rtruediv__", "__itruediv__" },
  [BS_BINOP_FLOOR_DIV] = { "__floordiv__", "__rfloordiv__", "__ifloordiv__" },
  [BS_BINOP_MOD] = { "__mod__", "__rmod__", "__imod__" },
  [BS_BINOP_MAT_MUL] = { "__matmul__", "__rmatmul__", "__imatmul__" },
  [BS_BINOP_POW] = { "__pow__", "__rpow__", "__ipow__" },
  [BS_BINOP_LSHIFT] = { "__lshift__", "__rlshift__", "__ilshift__" },
  [BS_BINOP_RSHIFT] = { "__rshift__", "__rrshift__", "__irshift__" },
  [BS_BINOP_BIT_AND] = { "__and__", "__rand__", "__iand__" },
  [BS_BINOP_BIT_OR] = { "__or__", "__ror__", "__ior__" },
  [BS_BINOP_BIT_XOR] = { "__xor__", "__rxor__", "__ixor__" },
};

/* 1: handled, 0: not applicable (or NotImplemented), -1: error */
static int
try_dunder (BsInterp   *in,
            BsValue     self,
            const char *name,
            BsValue     other,
            BsValue    *out)
{
  BsValue method;
  BsValue args[2] = { self, other };

  if (!bs_value_is_object (self, BS_OBJECT_INSTANCE)
      || !bs_class_lookup (((BsInstance *) self.as.object)->klass, name, &method))
    return 0;
  if (!bs_call_simple (in, method, args, 2, out))
    return -1;
  if (out->type == BS_VALUE_OBJECT && out->as.object == bs_lookup_builtin (in, "NotImplemented").as.object)
    {
      bs_value_unref (*out);
      return 0;
    }
  return 1;
}

static gboolean
sequence_repeat (BsInterp *in,
                 BsValue   seq,
                 gint64    times,
                 BsValue  *out)
{
  if (times < 0)
    times = 0;
  if (bs_value_str (seq) != NULL)
    {
      BsStr *s = (BsStr *) seq.as.object;
      GString *r;

      if (s->length > 0 && ((guint64) times > G_MAXUINT64 / s->length
                            || !bs_py_check_memory (in, s->length * (guint64) times, "a str")))
        return FALSE;
      r = g_string_sized_new (s->length * times + 1);
      for (gint64 i = 0; i < times; i++)
        g_string_append_len (r, s->data, s->length);
      *out = bs_str_new (in->heap, r->str, r->len);
      g_string_free (r, TRUE);
      return TRUE;
    }
  {
    gsize n;
    BsValue *items = bs_value_items (seq, &n);
    BsValue list;

    if (n > 0 && ((guint64) times > G_MAXUINT64 / (n * sizeof (BsValue))
                  || !bs_py_check_memory (in, n * sizeof (BsValue) * (guint64) times,
                                          "a list")))
      return FALSE;
    list = bs_list_new (in->heap);
    for (gint64 i = 0; i < times; i++)
      for (gsize j = 0; j < n; j++)
        bs_list_append (list, bs_value_ref (items[j]));
    if (bs_value_is_object (seq, BS_OBJECT_TUPLE))
      {
        items = bs_value_items (list, &n);
        *out = bs_tuple_from (in, items, n);
        bs_value_unref (list);
      }
    else
      *out = list;
    return TRUE;
  }
}

static gboolean
binary (BsInterp *in,
        BsBinOp   op,
        BsValue   a,
        BsValue   b,
        gboolean  inplace,
        BsValue  *out)
{
  int r;

  *out = BS_NONE;
  if (bs_np_is_operand (a) || bs_np_is_operand (b))
    {
      r = bs_np_binary (in, op, a, b, inplace, out);
      if (r != 0)
        return r > 0;
    }
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      if ((bs_value_tensor (a) != NULL || bs_is_number (a) || bs_value_is_object (a, BS_OBJECT_LIST))
          && (bs_value_tensor (b) != NULL || bs_is_number (b)
              || bs_value_is_object (b, BS_OBJECT_LIST)))
        return bs_tensor_binary (in, op, a, b, inplace, out);
    }
  if (bs_is_number (a) && bs_is_number (b))
    return bs_number_op (in, op, a, b, out);
  if (inplace)
    {
      r = try_dunder (in, a, binop_dunder[op][2], b, out);
      if (r != 0)
        return r > 0;
      if (op == BS_BINOP_ADD && bs_value_is_object (a, BS_OBJECT_LIST))
        {
          BsValue list;

          if (!bs_to_list (in, b, &list))
            return FALSE;
          {
            gsize n;
            BsValue *items = bs_value_items (list, &n);

            for (gsize i = 0; i < n; i++)
              bs_list_append (a, bs_value_ref (items[i]));
          }
          bs_value_unref (list);
          *out = bs_value_ref (a);
          return TRUE;
        }
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->binary != NULL)
    {
      r = bs_native_ops (a)->binary (in, op, a, b, inplace, out);
      if (r != 0)
        return r > 0;
    }
  r = try_dunder (in, a, binop_dunder[op][0], b, out);
  if (r != 0)
    return r > 0;
  r = try_dunder (in, b, binop_dunder[op][1], a, out);
  if (r != 0)
    return r > 0;
  switch (op)
    {
    case BS_BINOP_ADD:
      if (bs_value_str (a) != NULL && bs_value_str (b) != NULL)
        {
          BsStr *x = (BsStr *) a.as.object, *y = (BsStr *) b.as.object;
          char *s;

          if (!bs_py_check_memory (in, x->length + y->length, "a str"))
            return FALSE;
          s = g_malloc (x->length + y->length + 1);

          memcpy (s, x->data, x->length);
          memcpy (s + x->length, y->data, y->length);
          *out = bs_str_new (in->heap, s, x->length + y->length);
          g_free (s);
          return TRUE;
        }
      if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
          || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
        {
          gsize n, m;
          BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);
          BsValue list;

          if (!bs_py_check_memory (in, (n + m) * sizeof (BsValue), "a list"))
            return FALSE;
          list = bs_list_new (in->heap);
          for (gsize i = 0; i < n; i++)
            bs_list_append (list, bs_value_ref (x[i]));
          for (gsize i = 0; i < m; i++)
            bs_list_append (list, bs_value_ref (y[i]));
          if (bs_value_is_object (a, BS_OBJECT_TUPLE))
            {
              x = bs_value_items (list, &n);
              *out = bs_tuple_from (in, x, n);
              if (((BsTuple *) a.as.object)->is_size)
                ((BsTuple *) out->as.object)->is_size = TRUE;
              bs_value_unref (list);
            }
          else
            *out = list;
          return TRUE;
        }
      break;
    case BS_BINOP_MUL:
      if (bs_is_int (b) && (bs_value_str (a) != NULL || bs_value_is_object (a, BS_OBJECT_LIST)
                            || bs_value_is_object (a, BS_OBJECT_TUPLE)))
        return sequence_repeat (in, a, bs_int_of (b), out);
      if (bs_is_int (a) && (bs_value_str (b) != NULL || bs_value_is_object (b, BS_OBJECT_LIST)
                            || bs_value_is_object (b, BS_OBJECT_TUPLE)))
        return sequence_repeat (in, b, bs_int_of (a), out);
      break;
    case BS_BINOP_MOD:
      if (bs_value_str (a) != NULL)
        return bs_py_str_percent (in, bs_value_str (a), b, out);
      break;
    default:
      break;
    }
  if (op == BS_BINOP_ADD && (bs_value_str (a) != NULL || bs_value_is_object (a, BS_OBJECT_LIST)
                             || bs_value_is_object (a, BS_OBJECT_TUPLE)))
    return bs_raise (in, "TypeError", "can only concatenate %s (not \"%s\") to %s",
                     bs_type_name (a), bs_type_name (b), bs_type_name (a));
  return bs_raise (in, "TypeError", "unsupported operand type(s) for %s%s: '%s' and '%s'",
                   bs_binop_symbol (op),
                   inplace ? "=" : op == BS_BINOP_POW ? " or pow()" : "", bs_type_name (a),
                   bs_type_name (b));
}

gboolean
bs_binary_op (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              BsValue  *out)
{
  return binary (in, op, a, b, FALSE, out);
}

gboolean
bs_inplace_op (BsInterp *in,
               BsBinOp   op,
               BsValue   a,
               BsValue   b,
               BsValue  *out)
{
  return binary (in, op, a, b, TRUE, out);
}

gboolean
bs_unary_op (BsInterp  *in,
             BsUnaryOp  op,
             BsValue    a,
             BsValue   *out)
{
  static const char *const dunder[] = { NULL, "__invert__", "__pos__", "__neg__" };

  if (op == BS_UNARYOP_NOT)
    {
      gboolean truth;

      if (!bs_truthy (in, a, &truth))
        return FALSE;
      *out = BS_BOOL (!truth);
      return TRUE;
    }
  if (bs_value_tensor (a) != NULL)
    return bs_tensor_unary (in, op, a, out);
  if (bs_np_is_operand (a))
    {
      int r = bs_np_unary (in, op, a, out);

      if (r != 0)
        return r > 0;
    }
  if (bs_is_number (a) && a.numpy)
    return bs_np_number_unary (in, op, a, out);
  if (bs_is_number (a))
    {
      switch (op)
        {
        case BS_UNARYOP_USUB:
          if (a.type == BS_VALUE_FLOAT)
            *out = BS_FLOAT (-a.as.number);
          else if (bs_int_of (a) == G_MININT64)
            return bs_raise_overflow (in);
          else
            *out = BS_INT (-bs_int_of (a));
          return TRUE;
        case BS_UNARYOP_UADD:
          *out = a.type == BS_VALUE_BOOL ? BS_INT (a.as.boolean) : a;
          return TRUE;
        case BS_UNARYOP_INVERT:
          if (a.type != BS_VALUE_FLOAT)
            {
              *out = BS_INT (~bs_int_of (a));
              return TRUE;
            }
          break;
        default:
          break;
        }
    }
  if (bs_value_is_object (a, BS_OBJECT_INSTANCE))
    {
      BsValue method;

      if (bs_class_lookup (((BsInstance *) a.as.object)->klass, dunder[op], &method))
        return bs_call_simple (in, method, &a, 1, out);
    }
  return bs_raise (in, "TypeError", "bad operand type for unary %s: '%s'",
                   op == BS_UNARYOP_USUB ? "-" : op == BS_UNARYOP_UADD ? "+" : "~",
                   bs_type_name (a));
}

gboolean
bs_truthy (BsInterp *in,
           BsValue   v,
           gboolean *truth)
{
  BsTensor *t = bs_value_tensor (v);

  if (bs_np_is_operand (v))
    return bs_np_truthy (in, v, truth) > 0;
  if (t != NULL)
    {
      gint64 n = bs_tensor_numel (t);

      if (n != 1)
        return bs_raise (in, "RuntimeError", n == 0
                         ? "Boolean value of Tensor with no values is ambiguous"
                         : "Boolean value of Tensor with more than one value is ambiguous");
      *truth = bs_tensor_item (t) != 0.0;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      /* empty or not, even when its length is past 2**63 - 1 */
      *truth = bs_py_range_count ((BsRange *) v.as.object) > 0;
      return TRUE;
    }
  if (bs_native_ops (v) != NULL && bs_native_ops (v)->len != NULL)
    {
      gint64 n;

      if (!bs_len (in, v, &n))
        return FALSE;
      *truth = n > 0;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method, result;

      if (bs_class_lookup (((BsInstance *) v.as.object)->klass, "__bool__", &method)
          || bs_class_lookup (((BsInstance *) v.as.object)->klass, "__len__", &method))
        {
          if (!bs_call_simple (in, method, &v, 1, &result))
            return FALSE;
          *truth = bs_value_truthy (result);
          bs_value_unref (result);
          return TRUE;
        }
    }
  *truth = bs_value_truthy (v);
  return TRUE;
}

gboolean
bs_equal (BsInterp *in,
          BsValue   a,
          BsValue   b,
          gboolean *eq)
{
  BsValue r;
  int d;

  if (a.type == BS_VALUE_OBJECT && b.type == BS_VALUE_OBJECT && a.as.object == b.as.object
      && a.as.object->type != BS_OBJECT_TENSOR)
    {
      *eq = TRUE;
      return TRUE;
    }
  if (bs_np_is_operand (a) || bs_np_is_operand (b))
    {
      gboolean ok;

      d = bs_np_compare (in, BS_CMPOP_EQ, a, b, &r);
      if (d < 0)
        return FALSE;
      if (d > 0)
        {
          ok = bs_truthy (in, r, eq);
          bs_value_unref (r);
          return ok;
        }
    }
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      gboolean ok;

      if (!bs_tensor_compare (in, BS_CMPOP_EQ, a, b, &r))
        return FALSE;
      ok = bs_truthy (in, r, eq);
      bs_value_unref (r);
      return ok;
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->compare != NULL)
    {
      d = bs_native_ops (a)->compare (in, BS_CMPOP_EQ, a, b, eq);
      if (d != 0)
        return d > 0;
    }
  d = try_dunder (in, a, "__eq__", b, &r);
  if (d == 0)
    d = try_dunder (in, b, "__eq__", a, &r);
  if (d < 0)
    return FALSE;
  if (d > 0)
    {
      gboolean ok = bs_truthy (in, r, eq);

      bs_value_unref (r);
      return ok;
    }
  if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
      || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
    {
      gsize n, m;
      BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);

      if (n != m)
        {
          *eq = FALSE;
          return TRUE;
        }
      if (in->expr_depth > 1400)
        return bs_raise (in, "RecursionError", "maximum recursion depth exceeded in comparison");
      in->expr_depth++;
      for (gsize i = 0; i < n; i++)
        {
          if (!bs_equal (in, x[i], y[i], eq))
            {
              in->expr_depth--;
              return FALSE;
            }
          if (!*eq)
            break;
        }
      in->expr_depth--;
      return TRUE;
    }
  if (bs_value_is_object (a, BS_OBJECT_RANGE) && bs_value_is_object (b, BS_OBJECT_RANGE))
    {
      BsRange *x = (BsRange *) a.as.object, *y = (BsRange *) b.as.object;

      *eq = x->start == y->start && x->stop == y->stop && x->step == y->step;
      return TRUE;
    }
  *eq = bs_value_equal (a, b);
  return TRUE;
}

static gboolean
order (BsInterp *in,
       BsCmpOp   op,
       BsValue   a,
       BsValue   b,
       gboolean *result)
{
  static const char *const names[] = {
    [BS_CMPOP_LT] = "__lt__", [BS_CMPOP_LT_E] = "__le__",
    [BS_CMPOP_GT] = "__gt__", [BS_CMPOP_GT_E] = "__ge__",
  };
  static const char *const reflected[] = {
    [BS_CMPOP_LT] = "__gt__", [BS_CMPOP_LT_E] = "__ge__",
    [BS_CMPOP_GT] = "__lt__", [BS_CMPOP_GT_E] = "__le__",
  };
  static const char *const symbols[] = {
    [BS_CMPOP_LT] = "<", [BS_CMPOP_LT_E] = "<=", [BS_CMPOP_GT] = ">", [BS_CMPOP_GT_E] = ">=",
  };
  int c;
  BsValue r;

  if (bs_is_number (a) && bs_is_number (b))
    {
      if (bs_is_int (a) && bs_is_int (b))
        {
          gint64 x = bs_int_of (a), y = bs_int_of (b);

          c = x < y ? -1 : x > y ? 1 : 0;
        }
      else
        {
          double x = bs_float_of (a), y = bs_float_of (b);

          if (isnan (x) || isnan (y))
            {
              *result = FALSE;
              return TRUE;
            }
          c = x < y ? -1 : x > y ? 1 : 0;
        }
      goto compare;
    }
  if (bs_value_str (a) != NULL && bs_value_str (b) != NULL)
    {
      BsStr *x = (BsStr *) a.as.object, *y = (BsStr *) b.as.object;

      c = memcmp (x->data, y->data, MIN (x->length, y->length));
      if (c == 0)
        c = x->length < y->length ? -1 : x->length > y->length ? 1 : 0;
      goto compare;
    }
  if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
      || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
    {
      gsize n, m;
      BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);

      for (gsize i = 0; i < n && i < m; i++)
        {
          gboolean eq;

          if (!bs_equal (in, x[i], y[i], &eq))
            return FALSE;
          if (!eq)
            return order (in, op, x[i], y[i], result);
        }
      c = n < m ? -1 : n > m ? 1 : 0;
      goto compare;
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->compare != NULL)
    {
      c = bs_native_ops (a)->compare (in, op, a, b, result);
      if (c != 0)
        return c > 0;
    }
  c = try_dunder (in, a, names[op], b, &r);
  if (c == 0)
    c = try_dunder (in, b, reflected[op], a, &r);
  if (c < 0)
    return FALSE;
  if (c > 0)
    {
      gboolean ok = bs_truthy (in, r, result);

      bs_value_unref (r);
      return ok;
    }
  return bs_raise (in, "TypeError", "'%s' not supported between instances of '%s' and '%s'",
                   symbols[op], bs_type_name (a), bs_type_name (b));

compare:
  switch (op)
    {
    case BS_CMPOP_LT: *result = c < 0; break;
    case BS_CMPOP_LT_E: *result = c <= 0; break;
    case BS_CMPOP_GT: *result = c > 0; break;
    case BS_CMPOP_GT_E: *result = c >= 0; break;
    default: *result = FALSE; break;
    }
  return TRUE;
}

gboolean
bs_contains (BsInterp *in,
             BsValue   container,
             BsValue   item,
             gboolean *result)
{
  *result = FALSE;
  if (bs_value_is_object (container, BS_OBJECT_DICT))
    {
      return bs_py_dict_get (in, container, item, NULL, result);
    }
  if (bs_value_str (container) != NULL)
    {
      BsStr *hay = (BsStr *) container.as.object, *needle = (BsStr *) item.as.object;

      if (bs_value_str (item) == NULL)
        return bs_raise (in, "TypeError", "'in <string>' requires string as left operand, not %s",
                         bs_type_name (item));
      *result = memmem (hay->data, hay->length, needle->data, needle->length) != NULL;
      return TRUE;
    }
  if (bs_value_is_object (container, BS_OBJECT_RANGE) && bs_is_int (item))
    {
      *result = bs_py_range_contains ((BsRange *) container.as.object, bs_int_of (item));
      return TRUE;
    }
  if (bs_native_ops (container) != NULL && bs_native_ops (container)->contains != NULL)
    return bs_native_ops (container)->contains (in, container, item, result);
  if (bs_value_is_object (container, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) container.as.object)->klass, "__contains__", &method))
        {
          BsValue args[2] = { container, item };

          if (!bs_call_simple (in, method, args, 2, &r))
            return FALSE;
          *result = bs_value_truthy (r);
          bs_value_unref (r);
          return TRUE;
        }
    }
  {
    BsPyIter it;
    BsValue v;
    int n;

    if (!bs_py_iter_init (in, container, &it))
      return FALSE;
    while ((n = bs_py_iter_next (in, &it, &v)) > 0)
      {
        gboolean eq;

        if (!bs_equal (in, v, item, &eq))
          {
            bs_value_unref (v);
            bs_py_iter_clear (&it);
            return FALSE;
          }
        bs_value_unref (v);
        if (eq)
          {
            *result = TRUE;
            break;
          }
      }
    bs_py_iter_clear (&it);
    return n >= 0;
  }
}

gboolean
bs_compare_op (BsInterp *in,
               BsCmpOp   op,
               BsValue   a,
               BsValue   b,
               BsValue  *out)
{
  gboolean r;

  switch (op)
    {
    case BS_CMPOP_IS:
    case BS_CMPOP_IS_NOT:
      if (a.type != b.type || a.numpy != b.numpy)
        r = FALSE;
      else if (a.type == BS_VALUE_OBJECT)
        r = bs_value_identity (a) == bs_value_identity (b);
      else
        r = bs_value_equal (a, b);
      *out = BS_BOOL (op == BS_CMPOP_IS ? r : !r);
      return TRUE;
    case BS_CMPOP_IN:
    case BS_CMPOP_NOT_IN:
      if (!bs_contains (in, b, a, &r))
        return FALSE;
      *out = BS_BOOL (op == BS_CMPOP_IN ? r : !r);
      return TRUE;
    default:
      break;
    }
  if (bs_np_is_operand (a) || bs_np_is_operand (b))
    {
      int d = bs_np_compare (in, op, a, b, out);

      if (d != 0)
        return d > 0;
    }
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      if ((op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
          && (bs_value_is_none (a) || bs_value_is_none (b)))
        {
          *out = BS_BOOL (op == BS_CMPOP_NOT_EQ);
          return TRUE;
        }
      return bs_tensor_compare (in, op, a, b, out);
    }
  if (op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
    {
      if (!bs_equal (in, a, b, &r))
        return FALSE;
      r = op == BS_CMPOP_EQ ? r : !r;
    }
  else if (!order (in, op, a, b, &r))
    return FALSE;
  /* numpy's scalars compare to numpy's bool_ */
  *out = (a.numpy || b.numpy) && bs_is_number (a) && bs_is_number (b) ? BS_NP_BOOL (r)
                                                                      : BS_BOOL (r);
  return TRUE;
}

