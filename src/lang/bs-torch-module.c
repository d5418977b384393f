/* bs-torch-module.c: the torch module, tensor attributes, methods and operators */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-error.h"
#include "bs-float-repr.h"
#include "bs-generator.h"
#include "bs-nn.h"
#include "bs-node.h"
#include "bs-ops.h"

#define METHOD(name) \
  static gboolean name (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)

#define SELF (bs_value_tensor (self))

/* Wraps a new tensor, or raises the engine's error. */
#define RETURN_TENSOR(expr) \
  G_STMT_START { \
    GError *error_ = NULL; \
    BsTensor *t_ = (expr); \
    if (t_ == NULL) \
      return bs_raise_gerror (in, error_); \
    *r = bs_wrap_tensor (in, t_); \
    return TRUE; \
  } G_STMT_END
#define ERR (&error_)

/* --- dtypes ------------------------------------------------------------ */

static gboolean
dtype_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  g_string_append (out, bs_dtype_name (GPOINTER_TO_INT (((BsNative *) self.as.object)->data)));
  return TRUE;
}

static gboolean
dtype_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  BsDType dtype = GPOINTER_TO_INT (((BsNative *) self.as.object)->data);

  *found = TRUE;
  if (strcmp (name, "is_floating_point") == 0)
    *out = BS_BOOL (bs_dtype_is_floating (dtype));
  else
    *found = FALSE;
  return TRUE;
}

static const BsNativeType dtype_type = {
  { "torch.dtype", NULL }, dtype_getattr, NULL, dtype_repr,
};
const BsNativeClass bs_dtype_class = { "torch.dtype", NULL };

BsValue
bs_dtype_value (BsInterp *in,
                BsDType   dtype)
{
  return in->dtypes[dtype];
}

gboolean
bs_value_dtype (BsInterp *in,
                BsValue   v,
                BsDType  *dtype)
{
  if (bs_value_is_object (v, BS_OBJECT_NATIVE)
      && ((BsNative *) v.as.object)->klass == &dtype_type.base)
    {
      *dtype = GPOINTER_TO_INT (((BsNative *) v.as.object)->data);
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_BUILTIN))
    {
      const char *name = ((BsBuiltin *) v.as.object)->name;

      if (strcmp (name, "float") == 0)
        {
          *dtype = BS_DTYPE_FLOAT64;
          return TRUE;
        }
      if (strcmp (name, "int") == 0)
        {
          *dtype = BS_DTYPE_INT64;
          return TRUE;
        }
      if (strcmp (name, "bool") == 0)
        {
          *dtype = BS_DTYPE_BOOL;
          return TRUE;
        }
    }
  return bs_raise (in, "TypeError", "expected a torch.dtype, not '%s'", bs_type_name (v));
}

/* --- wrapping ---------------------------------------------------------- */

BsValue
bs_wrap_tensor (BsInterp *in,
                BsTensor *t)
{
  if (t == NULL)
    return BS_NONE;
  return bs_tensor_value (in->heap, t);
}

static gboolean
collect_data (BsInterp *in,
              BsValue   v,
              int       depth,
              gint64   *shape,
              int      *ndim,
              GArray   *values,
              int      *kind)   /* 0 bool, 1 int, 2 float */
{
  gsize n;
  BsValue *items;
  BsTensor *t;

  if (depth > BS_MAX_DIMS)
    return bs_raise (in, "ValueError", "too many dimensions");
  if (bs_is_number (v))
    {
      double d = v.type == BS_VALUE_FLOAT ? v.as.number
               : v.type == BS_VALUE_BOOL ? v.as.boolean : (double) v.as.integer;

      if (*ndim < 0)
        *ndim = depth;
      else if (*ndim != depth)
        return bs_raise (in, "ValueError", "expected sequence of length %" G_GINT64_FORMAT
                         " at dim %d (got %s)", shape[depth], depth, "a number");
      *kind = MAX (*kind, v.type == BS_VALUE_FLOAT ? 2 : v.type == BS_VALUE_INT ? 1 : 0);
      g_array_append_val (values, d);
      if (values->len > (256u << 20) / 8)
        return bs_raise (in, "MemoryError", "tensor data too large");
      return TRUE;
    }
  t = bs_value_tensor (v);
  if (t != NULL && t->ndim == 0)
    {
      double d = bs_tensor_item (t);

      if (*ndim < 0)
        *ndim = depth;
      *kind = MAX (*kind, bs_dtype_is_floating (t->dtype) ? 2 : t->dtype == BS_DTYPE_INT64 ? 1 : 0);
      g_array_append_val (values, d);
      return TRUE;
    }
  if (t != NULL)
    {
      BsValue list;
      gboolean ok;

      if (!bs_call_method (in, v, "tolist", NULL, 0, &list))
        return FALSE;
      ok = collect_data (in, list, depth, shape, ndim, values, kind);
      bs_value_unref (list);
      return ok;
    }
  items = bs_value_items (v, &n);
  if (items == NULL)
    return bs_raise (in, "TypeError", "new(): invalid data type '%s'", bs_type_name (v));
  if (*ndim >= 0 && depth >= *ndim)
    return bs_raise (in, "ValueError", "expected a number at dim %d", depth);
  if (shape[depth] < 0)
    shape[depth] = n;
  else if (shape[depth] != (gint64) n)
    return bs_raise (in, "ValueError", "expected sequence of length %" G_GINT64_FORMAT
                     " at dim %d (got %zu)", shape[depth], depth, n);
  if (n == 0 && *ndim < 0)
    *ndim = depth + 1;
  for (gsize i = 0; i < n; i++)
    if (!collect_data (in, items[i], depth + 1, shape, ndim, values, kind))
      return FALSE;
  return TRUE;
}

gboolean
bs_tensor_from_data (BsInterp  *in,
                     BsValue    data,
                     gboolean   has_dtype,
                     BsDType    dtype,
                     BsTensor **out)
{
  gint64 shape[BS_MAX_DIMS + 1];
  int ndim = -1, kind = 0;
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  GError *error = NULL;

  for (int i = 0; i <= BS_MAX_DIMS; i++)
    shape[i] = -1;
  if (!collect_data (in, data, 0, shape, &ndim, values, &kind))
    {
      g_array_unref (values);
      return FALSE;
    }
  if (ndim < 0)
    ndim = 0;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      shape[i] = 0;
  if (!has_dtype)
    {
      if (values->len == 0)
        kind = 2;
      dtype = kind == 2 ? BS_DTYPE_FLOAT32 : kind == 1 ? BS_DTYPE_INT64 : BS_DTYPE_BOOL;
    }
  *out = bs_tensor_new_from_doubles (in->context, dtype, ndim, shape, (double *) values->data,
                                     &error);
  g_array_unref (values);
  if (*out == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (*out);
  return TRUE;
}

BsTensor *
bs_as_tensor (BsInterp *in,
              BsValue   v)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return bs_tensor_ref (t);
  if (v.type == BS_VALUE_FLOAT)
    return bs_tensor_new_wrapped_number (in->context, v.as.number, FALSE);
  if (v.type == BS_VALUE_INT)
    return bs_tensor_new_wrapped_number (in->context, (double) v.as.integer, TRUE);
  if (v.type == BS_VALUE_BOOL)
    return bs_tensor_new_wrapped_number (in->context, v.as.boolean, TRUE);
  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    {
      BsTensor *out = NULL;

      if (bs_tensor_from_data (in, v, FALSE, BS_DTYPE_FLOAT32, &out))
        return out;
      return NULL;
    }
  bs_raise (in, "TypeError", "expected Tensor as element 0 in argument 0, but got %s",
            bs_type_name (v));
  return NULL;
}

/* The tensor for an operand of a binary operation: a Python number becomes a wrapped
 * number, as in PyTorch. Without a sink the last few are reused: nothing writes them and
 * nothing shows which tensor an operand was, and a loop of scalar ops (y = y * 1.0001)
 * then makes one per constant instead of one per operation. */
static BsTensor *
operand_tensor (BsInterp *in,
                BsValue   v)
{
  double value;
  gboolean integral;
  BsTensor *t;

  if (in->context->sink != NULL || !bs_is_number (v))
    return bs_as_tensor (in, v);
  value = v.type == BS_VALUE_FLOAT ? v.as.number
        : v.type == BS_VALUE_INT ? (double) v.as.integer : v.as.boolean;
  integral = v.type != BS_VALUE_FLOAT;
  for (guint i = 0; i < G_N_ELEMENTS (in->operands); i++)
    {
      t = in->operands[i];
      /* bitwise, so that 0.0 is not -0.0 */
      if (t != NULL && (t->dtype == BS_DTYPE_INT64) == integral
          && memcmp (&value, &in->operand_values[i], sizeof value) == 0)
        return bs_tensor_ref (t);
    }
  t = bs_as_tensor (in, v);
  g_clear_pointer (&in->operands[in->next_operand], bs_tensor_unref);
  in->operands[in->next_operand] = bs_tensor_ref (t);
  in->operand_values[in->next_operand] = value;
  in->next_operand = (in->next_operand + 1) % G_N_ELEMENTS (in->operands);
  return t;
}

void
bs_torch_clear (BsInterp *in)
{
  for (guint i = 0; i < G_N_ELEMENTS (in->operands); i++)
    g_clear_pointer (&in->operands[i], bs_tensor_unref);
  g_clear_pointer (&in->signatures, bs_signature_set_free);
}

/* --- grad_fn ----------------------------------------------------------- */

static gboolean
grad_fn_repr (BsInterp *in,
              BsValue   self,
              GString  *out)
{
  BsNode *node = ((BsNative *) self.as.object)->data;

  g_string_append_printf (out, "<%s object at %p>", bs_grad_fn_class_name (node), (void *) node);
  return TRUE;
}

static gboolean grad_fn_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                 gboolean *found);

static const BsNativeType device_type;

static const BsNativeType grad_fn_type = {
  { "grad_fn", (GDestroyNotify) bs_node_unref }, grad_fn_getattr, NULL, grad_fn_repr,
};
const BsNativeClass bs_grad_fn_class = { "grad_fn", NULL };

gboolean
bs_grad_fn_value (BsInterp *in,
                  BsNode   *node,
                  BsValue  *out)
{
  if (node == NULL)
    {
      *out = BS_NONE;
      return TRUE;
    }
  *out = bs_native_new (in->heap, &grad_fn_type.base, bs_node_ref (node));
  return TRUE;
}

const char *
bs_grad_fn_value_name (BsValue v)
{
  BsNode *node = bs_value_native (v, &grad_fn_type.base);

  return node != NULL ? bs_grad_fn_class_name (node) : NULL;
}

METHOD (grad_fn_name)
{
  *r = bs_str_value (in, bs_node_name (((BsNative *) self.as.object)->data));
  return TRUE;
}

static gboolean
grad_fn_getattr (BsInterp   *in,
                 BsValue     self,
                 const char *name,
                 BsValue    *out,
                 gboolean   *found)
{
  BsNode *node = ((BsNative *) self.as.object)->data;

  *found = TRUE;
  if (strcmp (name, "name") == 0)
    *out = bs_builtin_new (in, "name", grad_fn_name, bs_value_ref (self));
  else if (strcmp (name, "next_functions") == 0)
    {
      BsValue t = bs_tuple_new (in->heap, node->n_inputs);

      for (guint i = 0; i < node->n_inputs; i++)
        {
          BsValue pair[2];

          bs_grad_fn_value (in, node->next[i].node, &pair[0]);
          pair[1] = BS_INT (node->next[i].input_nr);
          ((BsTuple *) t.as.object)->items[i] = bs_tuple_from (in, pair, 2);
          bs_value_unref (pair[0]);
        }
      *out = t;
    }
  else if (strcmp (name, "variable") == 0 && node->variable != NULL)
    *out = bs_wrap_tensor (in, bs_tensor_ref (node->variable));
  else if (strcmp (name, "metadata") == 0)
    *out = bs_dict_new (in->heap);
  else
    *found = FALSE;
  return TRUE;
}

/* --- attributes -------------------------------------------------------- */

static gboolean
warn (BsInterp   *in,
      const char *message)
{
  g_autofree char *text = NULL;
  BsFrame *f = in->frame;

  while (f != NULL && f->is_prelude)
    f = f->parent;
  text = g_strdup_printf ("%s:%d: UserWarning: %s\n", f != NULL ? f->filename : "<string>",
                          f != NULL ? f->line : 0, message);
  bs_interp_write_stderr (in, text);
  if (f != NULL && f->source != NULL)
    {
      const char *p = f->source;
      g_autofree char *line = NULL;

      for (int i = 1; i < f->line && p != NULL; i++)
        {
          p = strchr (p, '\n');
          if (p != NULL)
            p++;
        }
      if (p != NULL)
        {
          while (*p == ' ' || *p == '\t')
            p++;
          line = g_strdup_printf ("  %.*s\n", (int) strcspn (p, "\r\n"), p);
          bs_interp_write_stderr (in, line);
        }
    }
  return TRUE;
}

static BsValue
size_value (BsInterp *in,
            BsTensor *t)
{
  BsValue v = bs_tuple_new (in->heap, t->ndim);

  for (int i = 0; i < t->ndim; i++)
    ((BsTuple *) v.as.object)->items[i] = BS_INT (t->shape[i]);
  ((BsTuple *) v.as.object)->is_size = TRUE;
  return v;
}

gboolean
bs_tensor_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  BsTensor *t = SELF;
  const BsDecl *decl;

  *found = TRUE;
  if (strcmp (name, "grad") == 0)
    {
      if (!bs_tensor_is_leaf (t) && !t->retains_grad)
        warn (in, "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. "
              "Its .grad attribute won't be populated during autograd.backward(). If you indeed "
              "want the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on "
              "the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you "
              "access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for "
              "more informations. (Triggered internally at  "
              "./build/aten/src/ATen/core/TensorBody.h:480.)");
      *out = bs_wrap_tensor (in, bs_tensor_get_grad (t) != NULL
                                   ? bs_tensor_ref (bs_tensor_get_grad (t)) : NULL);
      return TRUE;
    }
  if (strcmp (name, "requires_grad") == 0)
    {
      *out = BS_BOOL (bs_tensor_requires_grad (t));
      return TRUE;
    }
  if (strcmp (name, "is_leaf") == 0)
    {
      *out = BS_BOOL (bs_tensor_is_leaf (t));
      return TRUE;
    }
  if (strcmp (name, "grad_fn") == 0)
    return bs_grad_fn_value (in, t->grad_fn, out);
  if (strcmp (name, "data") == 0)
    {
      *out = bs_wrap_tensor (in, bs_tensor_data_alias (t));
      return TRUE;
    }
  if (strcmp (name, "shape") == 0)
    {
      *out = size_value (in, t);
      return TRUE;
    }
  if (strcmp (name, "dtype") == 0)
    {
      *out = bs_value_ref (bs_dtype_value (in, t->dtype));
      return TRUE;
    }
  if (strcmp (name, "ndim") == 0)
    {
      *out = BS_INT (t->ndim);
      return TRUE;
    }
  if (strcmp (name, "T") == 0)
    {
      GError *error = NULL;
      BsTensor *res;

      if (t->ndim < 2)
        res = bs_tensor_ref (t);
      else
        {
          gint64 dims[BS_MAX_DIMS];

          for (int i = 0; i < t->ndim; i++)
            dims[i] = t->ndim - 1 - i;
          res = bs_permute (t, dims, t->ndim, &error);
          if (res == NULL)
            return bs_raise_gerror (in, error);
        }
      *out = bs_wrap_tensor (in, res);
      return TRUE;
    }
  if (strcmp (name, "is_cuda") == 0)
    {
      *out = BS_BOOL (FALSE);
      return TRUE;
    }
  if (strcmp (name, "device") == 0)
    {
      *out = bs_native_new (in->heap, &device_type.base, g_strdup ("cpu"));
      return TRUE;
    }
  if (strcmp (name, "_version") == 0)
    {
      *out = BS_INT (bs_tensor_version (t));
      return TRUE;
    }
  decl = bs_signature_set_find (in->signatures, "Tensor", name);
  if (decl != NULL)
    {
      *out = bs_decl_builtin (in, decl, bs_value_ref (self));
      return TRUE;
    }
  *found = FALSE;
  return TRUE;
}

gboolean
bs_tensor_setattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue     value)
{
  BsTensor *t = SELF;
  GError *error = NULL;

  if (strcmp (name, "requires_grad") == 0)
    {
      gboolean b;

      if (!bs_truthy (in, value, &b))
        return FALSE;
      if (!bs_tensor_set_requires_grad (t, b, &error))
        return bs_raise_gerror (in, error);
      return TRUE;
    }
  if (strcmp (name, "grad") == 0)
    {
      if (bs_value_is_none (value))
        bs_tensor_set_grad (t, NULL);
      else if (bs_value_tensor (value) != NULL)
        bs_tensor_set_grad (t, bs_value_tensor (value));
      else
        return bs_raise (in, "TypeError", "assigned grad expected to be a Tensor or None but got "
                         "grad of type %s", bs_type_name (value));
      return TRUE;
    }
  if (strcmp (name, "data") == 0)
    {
      BsTensor *src = bs_value_tensor (value);

      if (src == NULL)
        return bs_raise (in, "TypeError", "data must be a Tensor");
      if (!bs_tensor_same_shape (t, src) || src->dtype != t->dtype)
        return bs_raise (in, "NotImplementedError", "assigning .data of another shape or dtype "
                         "is not supported by Backstep");
      if (!bs_tensor_copy_from (t, src, &error))
        return bs_raise_gerror (in, error);
      return TRUE;
    }
  return bs_raise (in, "AttributeError", "'Tensor' object attribute '%s' is read-only or unknown",
                   name);
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

/* a // b and a % b (torch.floor_divide, torch.remainder): computed without
 * autograd, so refused where PyTorch would record a node. */
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

  if (in->context->grad_enabled && (bs_tensor_requires_grad (a) || bs_tensor_requires_grad (b)))
    return bs_raise (in, "NotImplementedError", "Backstep computes %s on tensors without "
                     "autograd, and an operand requires grad; detach() it, or write "
                     "x - y * (x / y).floor() style code with differentiable ops",
                     op == BS_BINOP_MOD ? "% (remainder)" : "// (floor_divide)");
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
          gint64 x = bs_tensor_get_int (av, i), y = bs_tensor_get_int (bv, i), q, m;

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
          bs_tensor_set (res, i, (double) (op == BS_BINOP_MOD ? m : q));
        }
    }
  *out = res;
  return TRUE;
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

  if (op == BS_BINOP_POW && a_scalar)
    {
      double base;

      BsTensor *bt;

      /* PyTorch 1.13: 2 ** x is torch.tensor(2.) ** x (PowBackward1) */
      bs_to_double (in, av, &base);
      bt = bs_tensor_new_wrapped_number (in->context, base, bs_is_int (av));
      res = bs_pow (bt, bs_value_tensor (bv), &error);
      bs_tensor_unref (bt);
      goto done;
    }
  if (op == BS_BINOP_POW && b_scalar && !inplace)
    {
      double e;

      bs_to_double (in, bv, &e);
      res = bs_pow_scalar (bs_value_tensor (av), e, &error);
      goto done;
    }
  if (op == BS_BINOP_SUB && a_scalar)
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
    case BS_BINOP_FLOOR_DIV:
    case BS_BINOP_MOD:
      if (!floor_mod (in, op, a, b, &res))
        {
          bs_tensor_unref (a);
          bs_tensor_unref (b);
          return FALSE;
        }
      if (inplace)
        {
          BsTensor *done = bs_copy_ (a, res, &error);

          bs_tensor_unref (res);
          res = done;
        }
      break;
    case BS_BINOP_BIT_AND:
    case BS_BINOP_BIT_OR:
      if (a->dtype == BS_DTYPE_BOOL && b->dtype == BS_DTYPE_BOOL)
        {
          BsTensor *s = bs_add (a, b, 1.0, &error);

          if (op == BS_BINOP_BIT_AND)
            {
              g_clear_pointer (&s, bs_tensor_unref);
              s = bs_mul (a, b, &error);
            }
          res = s;
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      bs_tensor_unref (a);
      bs_tensor_unref (b);
      return bs_raise (in, "NotImplementedError", "the operator %s on tensors is not supported "
                       "by Backstep", bs_binop_symbol (op));
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
      *r = bs_value_ref (av);
      return TRUE;
    case BS_UNARYOP_INVERT:
      if (a->dtype == BS_DTYPE_BOOL)
        RETURN_TENSOR (bs_logical_not (a, ERR));
      G_GNUC_FALLTHROUGH;
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

/* --- indexing ---------------------------------------------------------- */

/* Applies one index component along *dim of t; returns a new tensor. */
static BsTensor *
index_one (BsInterp *in,
           BsTensor *t,
           BsValue   key,
           int      *dim,
           GError  **error)
{
  if (bs_is_int (key))
    {
      gint64 i = key.type == BS_VALUE_BOOL ? key.as.boolean : key.as.integer;

      return bs_select (t, *dim, i, error);
    }
  if (bs_value_is_object (key, BS_OBJECT_SLICE))
    {
      BsSlice *s = (BsSlice *) key.as.object;
      gint64 start = 0, stop = G_MAXINT64, step = 1;

      if ((!bs_value_is_none (s->lower) && !bs_to_int (in, s->lower, &start))
          || (!bs_value_is_none (s->upper) && !bs_to_int (in, s->upper, &stop))
          || (!bs_value_is_none (s->step) && !bs_to_int (in, s->step, &step)))
        return NULL;
      if (step <= 0)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                       "step must be greater than zero");
          return NULL;
        }
      if (*dim >= t->ndim)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "too many indices for tensor of dimension %d", t->ndim);
          return NULL;
        }
      (*dim)++;
      return bs_slice (t, *dim - 1, start, stop, step, error);
    }
  if (bs_value_is_none (key))
    {
      (*dim)++;
      return bs_unsqueeze (t, *dim - 1, error);
    }
  if (bs_value_tensor (key) != NULL || bs_value_is_object (key, BS_OBJECT_LIST))
    {
      BsTensor *index = bs_as_tensor (in, key);
      BsTensor *res;

      if (index == NULL)
        return NULL;
      res = bs_index (t, *dim, index, error);
      if (index->dtype == BS_DTYPE_BOOL)
        *dim += index->ndim > 0 ? 1 : 0;
      else
        *dim += index->ndim;
      bs_tensor_unref (index);
      return res;
    }
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
               "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
               "are valid indices (got %s)", bs_type_name (key));
  return NULL;
}

static gboolean
index_tensor (BsInterp  *in,
              BsTensor  *t,
              BsValue    key,
              BsTensor **out)
{
  GError *error = NULL;
  gsize n = 1;
  BsValue *keys = &key;
  BsTensor *cur = bs_tensor_ref (t);
  int dim = 0, n_real = 0, n_advanced = 0, n_held = 0;
  /* With two or more index tensors, they index together after the other keys. */
  BsTensor *held[BS_MAX_DIMS];
  int held_dim[BS_MAX_DIMS];

  if (bs_value_is_object (key, BS_OBJECT_TUPLE))
    keys = bs_value_items (key, &n);
  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (keys[i]) != NULL || bs_value_is_object (keys[i], BS_OBJECT_LIST))
      n_advanced++;
  for (gsize i = 0; i < n; i++)
    {
      BsTensor *next;

      if (n_advanced >= 2 && n_held < BS_MAX_DIMS
          && (bs_value_tensor (keys[i]) != NULL || bs_value_is_object (keys[i], BS_OBJECT_LIST)))
        {
          BsTensor *index = bs_as_tensor (in, keys[i]);

          if (index == NULL)
            {
              for (int h = 0; h < n_held; h++)
                bs_tensor_unref (held[h]);
              bs_tensor_unref (cur);
              return FALSE;
            }
          held[n_held] = index;
          held_dim[n_held++] = dim;
          dim += index->dtype == BS_DTYPE_BOOL ? index->ndim : 1;
          continue;
        }
      if (bs_is_ellipsis (keys[i]))
        {
          int after = 0;

          if (n_real++ > 0)
            {
              bs_tensor_unref (cur);
              return bs_raise (in, "IndexError", "an index can only have a single ellipsis "
                               "('...')");
            }
          /* skip the dims the remaining indices do not cover */
          for (gsize j = i + 1; j < n; j++)
            {
              BsTensor *k = bs_value_tensor (keys[j]);

              if (bs_value_is_none (keys[j]))
                continue;
              after += k != NULL && k->dtype == BS_DTYPE_BOOL ? MAX (k->ndim, 1) : 1;
            }
          dim = CLAMP (MAX (dim, cur->ndim - after), 0, cur->ndim);
          continue;
        }
      next = index_one (in, cur, keys[i], &dim, &error);
      bs_tensor_unref (cur);
      if (next == NULL)
        {
          for (int h = 0; h < n_held; h++)
            bs_tensor_unref (held[h]);
          if (error != NULL)
            return bs_raise_gerror (in, error);
          return FALSE;
        }
      cur = next;
    }
  if (n_held > 0)
    {
      const BsTensor *entries[BS_MAX_DIMS * 2];
      int n_entries = 0, d = 0;
      BsTensor *next;

      for (int h = 0; h < n_held; h++)
        {
          while (d < held_dim[h] && n_entries < BS_MAX_DIMS)
            entries[n_entries++] = NULL, d++;
          entries[n_entries++] = held[h];
          d += held[h]->dtype == BS_DTYPE_BOOL ? held[h]->ndim : 1;
        }
      next = bs_index_multi (cur, entries, n_entries, &error);
      for (int h = 0; h < n_held; h++)
        bs_tensor_unref (held[h]);
      bs_tensor_unref (cur);
      if (next == NULL)
        return bs_raise_gerror (in, error);
      cur = next;
    }
  *out = cur;
  return TRUE;
}

gboolean
bs_tensor_getitem (BsInterp *in,
                   BsValue   self,
                   BsValue   key,
                   BsValue  *out)
{
  BsTensor *res;

  if (!index_tensor (in, SELF, key, &res))
    return FALSE;
  *out = bs_wrap_tensor (in, res);
  return TRUE;
}

/* x[mask] = v, x[idx] = v: the key indexes a tensor of x's element positions,
 * which says which elements index_put_ writes. */
static gboolean
setitem_advanced (BsInterp *in,
                  BsTensor *self,
                  BsValue   key,
                  BsValue   value)
{
  BsContext *context = self->context;
  const BsEventSink *sink = context->sink;
  gpointer sink_data = context->sink_data;
  g_autoptr(BsTensor) positions = NULL;
  g_autoptr(BsTensor) selected = NULL;
  g_autoptr(BsTensor) src = NULL;
  g_autoptr(BsTensor) res = NULL;
  GError *error = NULL;
  gint64 n;
  gboolean ok;

  src = bs_as_tensor (in, value);
  if (src == NULL)
    return FALSE;
  positions = bs_tensor_new_full (context, BS_DTYPE_INT64, self->ndim, self->shape, 0.0,
                                  &error);
  if (positions == NULL)
    return bs_raise_gerror (in, error);
  n = bs_tensor_numel (positions);
  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (positions, i, (double) i);
  /* Internal tensors: keep them off the graph. */
  context->sink = NULL;
  ok = index_tensor (in, positions, key, &selected);
  context->sink = sink;
  context->sink_data = sink_data;
  if (!ok)
    return FALSE;
  res = bs_index_put_positions_ (self, selected, src, FALSE, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  return TRUE;
}

/* "[2, 3]" */
static char *
format_sizes (const gint64 *sizes,
              int           n)
{
  GString *out = g_string_new ("[");

  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", sizes[i]);
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* x[key] = value takes the value's shape as PyTorch's copy_to() does: its leading 1s
 * dropped (a view, *src replaced), then expanded to the target's; with PyTorch's messages
 * when it cannot be. */
static gboolean
setitem_source_shape (BsInterp        *in,
                      const BsTensor  *dst,
                      BsTensor       **src_inout)
{
  BsTensor *src = *src_inout;
  int skip = 0, n;
  const gint64 *sizes;

  if (src->ndim == dst->ndim
      && memcmp (src->shape, dst->shape, sizeof (gint64) * dst->ndim) == 0)
    return TRUE;
  while (skip < src->ndim && src->shape[skip] == 1)
    skip++;
  sizes = src->shape + skip;
  n = src->ndim - skip;
  if (n > dst->ndim)
    {
      g_autofree char *own = format_sizes (sizes, n);
      g_autofree char *target = format_sizes (dst->shape, dst->ndim);

      return bs_raise (in, "RuntimeError", "expand(%s{%s}, size=%s): the number of sizes "
                       "provided (%d) must be greater or equal to the number of dimensions in "
                       "the tensor (%d)", bs_dtype_tensor_type (src->dtype), own, target,
                       dst->ndim, n);
    }
  for (int i = dst->ndim - 1; i >= 0; i--)
    {
      int d = n - dst->ndim + i;
      gint64 size = d >= 0 ? sizes[d] : 1;

      if (size != dst->shape[i] && size != 1)
        {
          g_autofree char *own = format_sizes (sizes, n);
          g_autofree char *target = format_sizes (dst->shape, dst->ndim);

          return bs_raise (in, "RuntimeError", "The expanded size of the tensor (%"
                           G_GINT64_FORMAT ") must match the existing size (%" G_GINT64_FORMAT
                           ") at non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: "
                           "%s", dst->shape[i], size, i, target, own);
        }
    }
  if (skip > 0)
    {
      GError *error = NULL;
      BsTensor *view = bs_view (src, sizes, n, &error);

      if (view == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_unref (src);
      *src_inout = view;
    }
  return TRUE;
}

gboolean
bs_tensor_setitem (BsInterp *in,
                   BsValue   self,
                   BsValue   key,
                   BsValue   value)
{
  BsTensor *view, *src, *res;
  GError *error = NULL;

  if (!index_tensor (in, SELF, key, &view))
    return FALSE;
  if (view->storage != SELF->storage)
    {
      bs_tensor_unref (view);
      return setitem_advanced (in, SELF, key, value);
    }
  src = bs_as_tensor (in, value);
  if (src == NULL || !setitem_source_shape (in, view, &src))
    {
      g_clear_pointer (&src, bs_tensor_unref);
      bs_tensor_unref (view);
      return FALSE;
    }
  res = bs_copy_ (view, src, &error);
  bs_tensor_unref (view);
  bs_tensor_unref (src);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (res);
  return TRUE;
}

/* collections.OrderedDict(): a dict that prints as PyTorch's state_dict() */
METHOD (ordered_dict_new)
{
  BsValue d = bs_dict_new (in->heap);

  ((BsDict *) d.as.object)->is_ordered = TRUE;
  if (a->n_args > 0)
    {
      BsValue list;
      BsValue *items;
      gsize n;

      if (bs_value_is_object (a->args[0], BS_OBJECT_DICT))
        {
          BsValue view;
          gboolean ok;

          if (!bs_call_method (in, a->args[0], "items", NULL, 0, &view))
            goto fail;
          ok = bs_to_list (in, view, &list);
          bs_value_unref (view);
          if (!ok)
            goto fail;
        }
      else if (!bs_to_list (in, a->args[0], &list))
        goto fail;
      items = bs_value_items (list, &n);
      for (gsize i = 0; i < n; i++)
        {
          gsize m;
          BsValue *pair = bs_value_items (items[i], &m);

          if (pair == NULL || m != 2)
            {
              bs_value_unref (list);
              bs_raise (in, "ValueError", "need 2 values to unpack for OrderedDict()");
              goto fail;
            }
          if (!bs_py_dict_set (in, d, pair[0], bs_value_ref (pair[1])))
            {
              bs_value_unref (list);
              goto fail;
            }
        }
      bs_value_unref (list);
    }
  for (guint i = 0; i < a->n_kw; i++)
    bs_dict_set_str (d, a->kw_names[i], bs_value_ref (a->kw_values[i]));
  *r = d;
  return TRUE;

fail:
  bs_value_unref (d);
  return FALSE;
}

/* --- torch.device: Backstep only has the CPU ---------------------------- */

static gboolean
device_getattr (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  *found = strcmp (name, "type") == 0 || strcmp (name, "index") == 0;
  if (strcmp (name, "type") == 0)
    *out = bs_str_value (in, ((BsNative *) self.as.object)->data);
  else if (*found)
    *out = BS_NONE;
  return TRUE;
}

static gboolean
device_repr (BsInterp *in,
             BsValue   self,
             GString  *out)
{
  g_string_append_printf (out, "device(type='%s')", (char *) ((BsNative *) self.as.object)->data);
  return TRUE;
}

static gboolean
device_str (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  g_string_append (out, ((BsNative *) self.as.object)->data);
  return TRUE;
}

static const BsNativeType device_type = {
  { "torch.device", g_free }, device_getattr, NULL, device_repr, device_str,
};

gboolean
bs_torch_check_device (BsInterp *in,
                       BsValue   device)
{
  const char *name = bs_value_str (device);

  if (bs_value_is_none (device))
    return TRUE;
  if (bs_value_native (device, &device_type.base) != NULL)
    name = ((BsNative *) device.as.object)->data;
  if (name == NULL)
    return bs_raise (in, "RuntimeError", "Backstep runs on the CPU only: device %s is not "
                     "available", bs_type_name (device));
  if (strcmp (name, "cpu") == 0)
    return TRUE;
  if (g_str_has_prefix (name, "cuda"))
    return bs_raise (in, "AssertionError", "Torch not compiled with CUDA enabled");
  return bs_raise (in, "RuntimeError", "Backstep runs on the CPU only: device '%s' is not "
                   "available", name);
}

/* Device(device), Device(type, index=-1) */
static gboolean
torch_device (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsValue v = bs_call_value (call, 0);
  const char *type = bs_value_str (v);
  g_autofree char *base = NULL;

  if (bs_value_native (v, &device_type.base) != NULL)
    {
      *r = bs_value_ref (v);
      return TRUE;
    }
  if (type == NULL)
    return bs_raise (in, "RuntimeError", "Backstep has no device %" G_GINT64_FORMAT
                     ": it runs on the CPU only", bs_call_int (call, 0));
  if (call->sig->n_params > 1 && bs_call_has (call, 1))
    return bs_raise (in, "NotImplementedError", "device(type, index) is not supported by "
                     "Backstep: the CPU has no index");
  base = g_strndup (type, strcspn (type, ":"));
  if (strcmp (base, "cpu") != 0 && strcmp (base, "cuda") != 0 && strcmp (base, "mps") != 0)
    return bs_raise (in, "RuntimeError", "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, "
                     "opencl, ideep, hip, ve, ort, mps, xla, lazy, vulkan, meta, hpu device type "
                     "at start of device string: %s", type);
  /* a device can be named without CUDA; using it is what fails */
  *r = bs_native_new (in->heap, &device_type.base, g_steal_pointer (&base));
  return TRUE;
}

static gboolean
torch_false (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  *r = BS_BOOL (FALSE);
  return TRUE;
}

/* Size(sizes=()) */
static gboolean
torch_size (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsValue list;
  BsValue *items;
  gsize n;

  if (!bs_call_has (call, 0))
    list = bs_list_new (in->heap);
  else if (!bs_to_list (in, bs_call_value (call, 0), &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    if (!bs_is_int (items[i]))
      {
        bs_value_unref (list);
        return bs_raise (in, "TypeError", "torch.Size() takes an iterable of 'int' (item %"
                         G_GSIZE_FORMAT " is '%s')", i, bs_type_name (items[i]));
      }
  *r = bs_tuple_from (in, items, n);
  ((BsTuple *) r->as.object)->is_size = TRUE;
  bs_value_unref (list);
  return TRUE;
}

/* tensor(data, *, dtype=None, device=None, pin_memory=False, requires_grad=False,
 * names=None) */
static gboolean
torch_tensor (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsValue data = bs_call_value (call, 0);
  gboolean has_dtype = bs_call_has (call, 1);
  BsDType dtype = bs_call_dtype (call, 1, BS_DTYPE_FLOAT32);
  gboolean rg = bs_call_bool (call, 4);
  GError *error = NULL;
  BsTensor *t;

  if (bs_call_has (call, 5))
    return bs_raise (in, "NotImplementedError", "tensor(names=...): Backstep has no named "
                     "tensors");
  if (bs_call_bool (call, 3))
    return bs_raise (in, "RuntimeError", "Pinned memory requires CUDA.");
  if (!bs_torch_check_device (in, bs_call_value (call, 2)))
    return FALSE;
  if (bs_value_tensor (data) != NULL)
    {
      BsTensor *src = bs_value_tensor (data);

      bs_torch_warn (in, "To copy construct from a tensor, it is recommended to use "
                     "sourceTensor.clone().detach() or sourceTensor.clone().detach()"
                     ".requires_grad_(True), rather than torch.tensor(sourceTensor).");
      t = bs_tensor_contiguous_copy (src, has_dtype ? dtype : src->dtype, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (!bs_tensor_from_data (in, data, has_dtype, dtype, &t))
    return FALSE;
  if (rg && !bs_dtype_is_floating (t->dtype))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "Only Tensors of floating point and complex dtype can "
                       "require gradients");
    }
  if (rg && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* The legacy constructors: torch.Tensor(2, 3), torch.FloatTensor([[1, 2]]): sizes (filled
 * with zeros, where PyTorch leaves memory uninitialised) or data, in the row's dtype */
static gboolean
legacy_new (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  BsDType dtype = (BsDType) bs_call_data (call);
  BsValue args = bs_call_value (call, 0);
  gsize n;
  BsValue *items = bs_value_items (args, &n);
  gint64 shape[BS_MAX_DIMS];
  gboolean sizes = TRUE;
  GError *error = NULL;
  BsTensor *t;

  if (!bs_torch_check_device (in, bs_call_value (call, 1)))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    sizes &= items[i].type == BS_VALUE_INT;
  if (sizes)
    {
      if (n > BS_MAX_DIMS)
        return bs_raise (in, "RuntimeError", "Backstep tensors have at most %d dimensions",
                         BS_MAX_DIMS);
      for (gsize i = 0; i < n; i++)
        {
          shape[i] = items[i].as.integer;
          if (shape[i] < 0)
            return bs_raise (in, "RuntimeError", "Trying to create tensor with negative "
                             "dimension %" G_GINT64_FORMAT, shape[i]);
        }
      t = bs_tensor_new_full (in->context, dtype, n, shape, 0.0, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (n == 1 && bs_value_tensor (items[0]) != NULL)
    {
      BsTensor *src = bs_value_tensor (items[0]);

      if (src->dtype != dtype)
        return bs_raise (in, "TypeError", "expected %s (got %s)", bs_dtype_tensor_type (dtype),
                         bs_dtype_tensor_type (src->dtype));
      t = bs_tensor_ref (src);
    }
  else if (n == 1 && (bs_value_is_object (items[0], BS_OBJECT_LIST)
                     || bs_value_is_object (items[0], BS_OBJECT_TUPLE)))
    {
      if (!bs_tensor_from_data (in, items[0], TRUE, dtype, &t))
        return FALSE;
    }
  else
    return bs_raise (in, "TypeError", "new(): invalid data type '%s'",
                     n > 0 ? bs_type_name (items[n - 1]) : "NoneType");
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

#define LEGACY(name, dtype) \
  { "torch", BS_SIG_PYTHON, name "(*args, device=None)", legacy_new, dtype }

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_TORCH, "tensor(PyObject* data, *, ScalarType dtype=None, "
    "Device? device=None, bool pin_memory=False, bool requires_grad=False, "
    "DimnameList? names=None)", torch_tensor, 0 },
  LEGACY ("Tensor", BS_DTYPE_FLOAT32),
  LEGACY ("FloatTensor", BS_DTYPE_FLOAT32),
  LEGACY ("DoubleTensor", BS_DTYPE_FLOAT64),
  LEGACY ("LongTensor", BS_DTYPE_INT64),
  LEGACY ("BoolTensor", BS_DTYPE_BOOL),
  { "torch", BS_SIG_TORCH, "Device(Device device)", torch_device, 0, "device" },
  { "torch", BS_SIG_TORCH, "Device(c10::string_view type, int64_t? index=-1)", torch_device, 0,
    "device" },
  { "torch", BS_SIG_PYTHON, "Size(sizes=None)", torch_size, 0 },
  { "torch.cuda torch.backends.mps", BS_SIG_PYTHON, "is_available()", torch_false, 0 },
};

static const BsSignatureTable torch_module_table = BS_SIGNATURE_TABLE (rows);

/* --- helpers the binding files share --------------------------------------- */

BsTensor *
bs_call_self (BsCall *call)
{
  BsTensor *t = bs_value_tensor (call->self);

  return t != NULL ? t : bs_call_tensor (call, 0);
}

gboolean
bs_call_return_tensor (BsCall   *call,
                       BsTensor *t,
                       GError  **errorp,
                       BsValue  *result)
{
  BsInterp *in = call->in;
  GError *error = NULL;

  if (t == NULL)
    return errorp != NULL && *errorp != NULL ? bs_raise_gerror (in, g_steal_pointer (errorp))
                                             : FALSE;
  for (guint i = 0; i < call->sig->n_params; i++)
    if (!call->sig->params[i].absent && strcmp (call->sig->params[i].name, "out") == 0
        && bs_call_has (call, i))
      {
        BsTensor *out = bs_value_tensor (call->values[i]);
        BsTensor *copied;

        if (out == NULL)
          {
            bs_tensor_unref (t);
            return bs_raise (in, "NotImplementedError", "%s(out=...) with a tuple is not "
                             "supported by Backstep", call->sig->name);
          }
        copied = bs_copy_ (out, t, &error);
        bs_tensor_unref (t);
        if (copied == NULL)
          return bs_raise_gerror (in, error);
        *result = bs_wrap_tensor (in, copied);
        return TRUE;
      }
  *result = bs_wrap_tensor (in, t);
  return TRUE;
}

int
bs_call_dim (BsCall *call,
             guint   i)
{
  return (int) CLAMP (bs_call_int (call, i), -1000, 1000);
}

BsValue
bs_torch_size_value (BsInterp *in,
                     BsTensor *t)
{
  return size_value (in, t);
}

void
bs_torch_warn (BsInterp   *in,
               const char *message)
{
  warn (in, message);
}

BsTensor *
bs_torch_operand (BsInterp *in,
                  BsValue   v)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    return bs_tensor_ref (t);
  return bs_as_tensor (in, v);
}

/* --- set-up ------------------------------------------------------------ */

static const BsSignatureTable *const tables[] = {
  &bs_tensor_math_table,
  &bs_tensor_methods_table,
  &bs_torch_factories_table,
  &bs_functional_table,
  &bs_torch_autograd_table,
  &bs_grad_mode_table,
  &torch_module_table,
};

BsSignatureSet *
bs_torch_signatures_new (void)
{
  BsSignatureSet *set = bs_signature_set_new ();

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    bs_signature_set_add (set, tables[i]);
  return set;
}

typedef struct {
  BsInterp *in;
  BsValue   module;
} Install;

static void
install_one (const char   *name,
             const BsDecl *decl,
             gpointer      user_data)
{
  Install *i = user_data;

  bs_dict_set_str (((BsModule *) i->module.as.object)->dict, name,
                   bs_decl_builtin (i->in, decl, BS_NONE));
}

/* Every function declared for owner becomes an attribute of module. */
static void
install (BsInterp   *in,
         const char *owner,
         BsValue     module)
{
  Install i = { in, module };

  bs_signature_set_foreach (in->signatures, owner, install_one, &i);
}

void
bs_torch_init (BsInterp *in)
{
  BsValue torch = bs_module_new (in, "torch");
  BsValue nn = bs_module_new (in, "torch.nn");
  BsValue functional = bs_module_new (in, "torch.nn.functional");
  BsValue autograd = bs_module_new (in, "torch.autograd");
  BsValue variable = bs_module_new (in, "torch.autograd.variable");
  BsValue optim = bs_module_new (in, "torch.optim");
  BsValue cuda = bs_module_new (in, "torch.cuda");
  BsValue backends = bs_module_new (in, "torch.backends");
  BsValue mps = bs_module_new (in, "torch.backends.mps");
  BsValue td = ((BsModule *) torch.as.object)->dict;
  BsValue nd = ((BsModule *) nn.as.object)->dict;
  static const char *const dtype_names[][2] = {
    { "float32", "float" }, { "float64", "double" }, { "int64", "long" }, { "bool", NULL },
  };
  static const BsDType dtype_ids[] = {
    BS_DTYPE_FLOAT32, BS_DTYPE_FLOAT64, BS_DTYPE_INT64, BS_DTYPE_BOOL,
  };

  in->signatures = bs_torch_signatures_new ();
  for (guint i = 0; i < G_N_ELEMENTS (dtype_ids); i++)
    {
      BsValue v = bs_native_new (in->heap, &dtype_type.base, GINT_TO_POINTER (dtype_ids[i]));

      in->dtypes[dtype_ids[i]] = v;
      bs_dict_set_str (td, dtype_names[i][0], bs_value_ref (v));
      if (dtype_names[i][1] != NULL)
        bs_dict_set_str (td, dtype_names[i][1], bs_value_ref (v));
    }
  bs_dict_set_str (td, "int", bs_value_ref (in->dtypes[BS_DTYPE_INT64]));

  install (in, "torch", torch);
  install (in, "torch.nn", nn);
  install (in, "torch.nn.functional", functional);
  install (in, "torch.autograd", autograd);
  install (in, "torch.autograd.variable", variable);
  install (in, "torch.cuda", cuda);
  install (in, "torch.backends.mps", mps);
  /* collections.OrderedDict (src/lang/py/collections.py takes it from here) */
  bs_dict_set_str (nd, "_ordered_dict",
                   bs_builtin_new (in, "OrderedDict", ordered_dict_new, BS_NONE));
  bs_dict_set_str (td, "cuda", bs_value_ref (cuda));
  bs_dict_set_str (((BsModule *) backends.as.object)->dict, "mps", bs_value_ref (mps));
  bs_dict_set_str (td, "backends", bs_value_ref (backends));
  bs_dict_set_str (td, "nn", bs_value_ref (nn));
  bs_dict_set_str (td, "autograd", bs_value_ref (autograd));
  bs_dict_set_str (td, "optim", bs_value_ref (optim));
  bs_dict_set_str (nd, "functional", bs_value_ref (functional));
  bs_autograd_function_init (in, autograd);

  /* The prelude still reaches these as built-ins */
  {
    BsValue v;

    bs_dict_get_str (td, "Tensor", &v);
    bs_env_set (in->builtins, "Tensor", bs_value_ref (v));
    bs_dict_get_str (td, "Size", &v);
    bs_env_set (in->builtins, "Size", bs_value_ref (v));
    bs_dict_get_str (nd, "Parameter", &v);
    bs_env_set (in->builtins, "Parameter", bs_value_ref (v));
  }

  bs_optim_init (in, optim);

  bs_value_unref (torch);
  bs_value_unref (nn);
  bs_value_unref (functional);
  bs_value_unref (autograd);
  bs_value_unref (variable);
  bs_value_unref (optim);
  bs_value_unref (cuda);
  bs_value_unref (backends);
  bs_value_unref (mps);
}
