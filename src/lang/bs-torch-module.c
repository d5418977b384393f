/* bs-torch-module.c: the torch module, tensor attributes, methods and operators */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

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

typedef struct {
  const char    *name;
  BsBuiltinFunc  func;
} TensorMethod;

static const TensorMethod *find_method (const char *name);

gboolean
bs_tensor_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  BsTensor *t = SELF;
  const TensorMethod *m;

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
  m = find_method (name);
  if (m != NULL)
    {
      *out = bs_builtin_new (in, m->name, m->func, bs_value_ref (self));
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

/* --- argument helpers -------------------------------------------------- */

static gboolean
get_dim (BsInterp     *in,
         const BsArgs *a,
         guint         pos,
         gboolean     *has,
         int          *dim)
{
  BsValue *v = bs_arg (a, pos, "dim");
  gint64 d;

  *has = FALSE;
  if (v == NULL || bs_value_is_none (*v))
    return TRUE;
  if (!bs_to_int (in, *v, &d))
    return FALSE;
  *has = TRUE;
  *dim = (int) CLAMP (d, -1000, 1000);
  return TRUE;
}

static gboolean
get_bool (BsInterp     *in,
          const BsArgs *a,
          guint         pos,
          const char   *name,
          gboolean      def,
          gboolean     *out)
{
  BsValue *v = bs_arg (a, pos, name);

  *out = def;
  if (v == NULL)
    return TRUE;
  return bs_truthy (in, *v, out);
}

/* A shape from (2, 3), [2, 3] or 2, 3. */
static gboolean
get_shape (BsInterp     *in,
           BsValue      *args,
           guint         n,
           gint64       *shape,
           int          *ndim)
{
  BsValue *items = args;
  gsize count = n;

  if (n == 1 && (bs_value_is_object (args[0], BS_OBJECT_LIST)
                 || bs_value_is_object (args[0], BS_OBJECT_TUPLE)))
    items = bs_value_items (args[0], &count);
  if (count > BS_MAX_DIMS)
    return bs_raise (in, "RuntimeError", "Backstep tensors have at most %d dimensions",
                     BS_MAX_DIMS);
  for (gsize i = 0; i < count; i++)
    {
      if (!bs_is_int (items[i]))
        return bs_raise (in, "TypeError", "size must be a tuple of ints, but got %s",
                         bs_type_name (items[i]));
      bs_to_int (in, items[i], &shape[i]);
    }
  *ndim = count;
  return TRUE;
}

static gboolean
get_dims (BsInterp     *in,
          BsValue       v,
          gint64       *dims,
          int          *n)
{
  gsize count;
  BsValue *items = bs_value_items (v, &count);

  if (items == NULL)
    {
      *n = 1;
      return bs_to_int (in, v, &dims[0]);
    }
  if (count > BS_MAX_DIMS)
    return bs_raise (in, "IndexError", "too many dims");
  for (gsize i = 0; i < count; i++)
    if (!bs_to_int (in, items[i], &dims[i]))
      return FALSE;
  *n = count;
  return TRUE;
}

static BsTensor *
arg_tensor (BsInterp     *in,
            const BsArgs *a,
            guint         pos,
            const char   *name)
{
  BsValue *v = bs_arg (a, pos, name);

  if (v == NULL)
    {
      bs_raise (in, "TypeError", "missing required argument '%s'", name);
      return NULL;
    }
  return bs_as_tensor (in, *v);
}

/* --- tensor methods ---------------------------------------------------- */

#define UNARY(cname, fn) \
  METHOD (cname) \
  { \
    RETURN_TENSOR (fn (SELF, ERR)); \
  }

UNARY (t_exp, bs_exp)
UNARY (t_log, bs_log)
UNARY (t_sqrt, bs_sqrt)
UNARY (t_abs, bs_abs)
UNARY (t_sin, bs_sin)
UNARY (t_cos, bs_cos)
UNARY (t_tanh, bs_tanh)
UNARY (t_sigmoid, bs_sigmoid)
UNARY (t_relu, bs_relu)
UNARY (t_relu_, bs_relu_)
UNARY (t_neg, bs_neg)
UNARY (t_reciprocal, bs_reciprocal)
UNARY (t_round, bs_round)
UNARY (t_sign, bs_sign)
UNARY (t_clone, bs_clone)
UNARY (t_contiguous, bs_contiguous)
UNARY (t_t, bs_t)
UNARY (t_zero_, bs_zero_)
UNARY (t_zeros_like, bs_zeros_like)
UNARY (t_ones_like, bs_ones_like)

#define BINARY(cname, expr) \
  METHOD (cname) \
  { \
    BsTensor *other = arg_tensor (in, a, 0, "other"); \
    GError *error_ = NULL; \
    BsTensor *t_; \
    if (other == NULL) \
      return FALSE; \
    t_ = (expr); \
    bs_tensor_unref (other); \
    if (t_ == NULL) \
      return bs_raise_gerror (in, error_); \
    *r = bs_wrap_tensor (in, t_); \
    return TRUE; \
  }

static double
alpha_of (const BsArgs *a)
{
  BsValue *v = bs_arg (a, G_MAXUINT, "alpha");
  double d = 1.0;

  if (v != NULL && bs_is_number (*v))
    d = v->type == BS_VALUE_FLOAT ? v->as.number : (double) (v->type == BS_VALUE_INT
                                                              ? v->as.integer : v->as.boolean);
  return d;
}

BINARY (t_add, bs_add (SELF, other, alpha_of (a), ERR))
BINARY (t_sub, bs_sub (SELF, other, alpha_of (a), ERR))
BINARY (t_mul, bs_mul (SELF, other, ERR))
BINARY (t_div, bs_div (SELF, other, ERR))
BINARY (t_add_, bs_add_ (SELF, other, alpha_of (a), ERR))
BINARY (t_sub_, bs_sub_ (SELF, other, alpha_of (a), ERR))
BINARY (t_mul_, bs_mul_ (SELF, other, ERR))
BINARY (t_div_, bs_div_ (SELF, other, ERR))
BINARY (t_copy_, bs_copy_ (SELF, other, ERR))
BINARY (t_matmul, bs_matmul (SELF, other, ERR))
BINARY (t_mm, bs_mm (SELF, other, ERR))
BINARY (t_mv, bs_mv (SELF, other, ERR))
BINARY (t_dot, bs_dot (SELF, other, ERR))
BINARY (t_bmm, bs_bmm (SELF, other, ERR))
BINARY (t_maximum, bs_maximum (SELF, other, ERR))
BINARY (t_minimum, bs_minimum (SELF, other, ERR))
BINARY (t_eq, bs_compare (SELF, other, BS_COMPARE_EQ, ERR))
BINARY (t_ne, bs_compare (SELF, other, BS_COMPARE_NE, ERR))
BINARY (t_lt, bs_compare (SELF, other, BS_COMPARE_LT, ERR))
BINARY (t_le, bs_compare (SELF, other, BS_COMPARE_LE, ERR))
BINARY (t_gt, bs_compare (SELF, other, BS_COMPARE_GT, ERR))
BINARY (t_ge, bs_compare (SELF, other, BS_COMPARE_GE, ERR))

METHOD (t_pow)
{
  BsValue *e = bs_arg (a, 0, "exponent");

  if (e == NULL)
    return bs_raise (in, "TypeError", "pow() missing required argument 'exponent'");
  return bs_tensor_binary (in, BS_BINOP_POW, self, *e, FALSE, r);
}

static gboolean
reduce (BsInterp     *in,
        BsValue       self,
        const BsArgs *a,
        gboolean      mean,
        BsValue      *r)
{
  BsValue *dim = bs_arg (a, 0, "dim");
  gboolean keepdim;
  gint64 dims[BS_MAX_DIMS];
  int n;

  if (!get_bool (in, a, 1, "keepdim", FALSE, &keepdim))
    return FALSE;
  if (bs_arg (a, G_MAXUINT, "dtype") != NULL)
    return bs_raise (in, "NotImplementedError", "sum(dtype=...) is not supported by Backstep");
  if (dim == NULL || bs_value_is_none (*dim))
    RETURN_TENSOR (mean ? bs_mean (SELF, ERR) : bs_sum (SELF, ERR));
  if (!get_dims (in, *dim, dims, &n))
    return FALSE;
  RETURN_TENSOR (mean ? bs_mean_dims (SELF, dims, n, keepdim, ERR)
                      : bs_sum_dims (SELF, dims, n, keepdim, ERR));
}

METHOD (t_sum)
{
  return reduce (in, self, a, FALSE, r);
}

METHOD (t_mean)
{
  return reduce (in, self, a, TRUE, r);
}

static gboolean
max_min (BsInterp     *in,
         BsValue       self,
         const BsArgs *a,
         gboolean      is_max,
         BsValue      *r)
{
  gboolean has_dim, keepdim;
  int dim = 0;
  BsValue *first = bs_arg (a, 0, NULL);

  if (first != NULL && bs_value_tensor (*first) != NULL)
    {
      BsTensor *other = bs_value_tensor (*first);

      RETURN_TENSOR (is_max ? bs_maximum (SELF, other, ERR) : bs_minimum (SELF, other, ERR));
    }
  if (!get_dim (in, a, 0, &has_dim, &dim) || !get_bool (in, a, 1, "keepdim", FALSE, &keepdim))
    return FALSE;
  if (!has_dim)
    RETURN_TENSOR (is_max ? bs_max (SELF, ERR) : bs_min (SELF, ERR));
  {
    GError *error = NULL;
    BsTensor *indices = NULL;
    BsTensor *values = is_max ? bs_max_dim (SELF, dim, keepdim, &indices, &error)
                              : bs_min_dim (SELF, dim, keepdim, &indices, &error);
    BsValue pair[2];

    if (values == NULL)
      return bs_raise_gerror (in, error);
    pair[0] = bs_wrap_tensor (in, values);
    pair[1] = bs_wrap_tensor (in, indices);
    /* torch.return_types.max prints differently; a tuple unpacks the same */
    *r = bs_tuple_from (in, pair, 2);
    bs_value_unref (pair[0]);
    bs_value_unref (pair[1]);
    return TRUE;
  }
}

METHOD (t_max)
{
  return max_min (in, self, a, TRUE, r);
}

METHOD (t_min)
{
  return max_min (in, self, a, FALSE, r);
}

METHOD (t_argmax)
{
  gboolean has_dim, keepdim;
  int dim = 0;

  if (!get_dim (in, a, 0, &has_dim, &dim) || !get_bool (in, a, 1, "keepdim", FALSE, &keepdim))
    return FALSE;
  RETURN_TENSOR (strcmp (in->builtin_name, "argmax") == 0
                   ? bs_argmax (SELF, has_dim, dim, keepdim, ERR)
                   : bs_argmin (SELF, has_dim, dim, keepdim, ERR));
}

METHOD (t_softmax)
{
  gboolean has_dim;
  int dim = 0;

  if (!get_dim (in, a, 0, &has_dim, &dim))
    return FALSE;
  if (!has_dim)
    return bs_raise (in, "TypeError", "softmax() missing required argument 'dim'");
  RETURN_TENSOR (strcmp (in->builtin_name, "softmax") == 0 ? bs_softmax (SELF, dim, ERR)
                                                            : bs_log_softmax (SELF, dim, ERR));
}

METHOD (t_view)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim;

  if (a->n_args == 1 && bs_value_is_object (a->args[0], BS_OBJECT_NATIVE))
    {
      BsDType dtype;

      if (!bs_value_dtype (in, a->args[0], &dtype))
        return FALSE;
      RETURN_TENSOR (bs_to_dtype (SELF, dtype, ERR));
    }
  if (!get_shape (in, a->args, a->n_args, shape, &ndim))
    return FALSE;
  RETURN_TENSOR (strcmp (in->builtin_name, "view") == 0 ? bs_view (SELF, shape, ndim, ERR)
                 : strcmp (in->builtin_name, "expand") == 0 ? bs_expand (SELF, shape, ndim, ERR)
                 : bs_reshape (SELF, shape, ndim, ERR));
}

METHOD (t_view_as)
{
  BsTensor *other = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);

  if (other == NULL)
    return bs_raise (in, "TypeError", "expected a Tensor");
  RETURN_TENSOR (strcmp (in->builtin_name, "expand_as") == 0
                   ? bs_expand (SELF, other->shape, other->ndim, ERR)
                   : bs_view (SELF, other->shape, other->ndim, ERR));
}

METHOD (t_flatten)
{
  gint64 s = 0, e = -1;
  BsValue *sv = bs_arg (a, 0, "start_dim"), *ev = bs_arg (a, 1, "end_dim");

  if ((sv != NULL && !bs_to_int (in, *sv, &s)) || (ev != NULL && !bs_to_int (in, *ev, &e)))
    return FALSE;
  RETURN_TENSOR (bs_flatten (SELF, (int) CLAMP (s, -100, 100), (int) CLAMP (e, -100, 100), ERR));
}

METHOD (t_transpose)
{
  gint64 d0, d1;

  if (a->n_args != 2 || !bs_to_int (in, a->args[0], &d0) || !bs_to_int (in, a->args[1], &d1))
    return a->n_args != 2 ? bs_raise (in, "TypeError", "transpose() takes 2 dims") : FALSE;
  RETURN_TENSOR (bs_transpose (SELF, (int) CLAMP (d0, -100, 100), (int) CLAMP (d1, -100, 100),
                               ERR));
}

METHOD (t_permute)
{
  gint64 dims[BS_MAX_DIMS];
  int n;

  if (!get_shape (in, a->args, a->n_args, dims, &n))
    return FALSE;
  RETURN_TENSOR (bs_permute (SELF, dims, n, ERR));
}

METHOD (t_squeeze)
{
  gboolean has;
  int dim = 0;

  if (!get_dim (in, a, 0, &has, &dim))
    return FALSE;
  RETURN_TENSOR (has ? bs_squeeze_dim (SELF, dim, ERR) : bs_squeeze (SELF, ERR));
}

METHOD (t_unsqueeze)
{
  gboolean has;
  int dim = 0;

  if (!get_dim (in, a, 0, &has, &dim))
    return FALSE;
  if (!has)
    return bs_raise (in, "TypeError", "unsqueeze() missing required argument 'dim'");
  RETURN_TENSOR (bs_unsqueeze (SELF, dim, ERR));
}

METHOD (t_clamp)
{
  BsValue *lo = bs_arg (a, 0, "min"), *hi = bs_arg (a, 1, "max");
  double mn = 0, mx = 0;
  gboolean has_min = lo != NULL && !bs_value_is_none (*lo);
  gboolean has_max = hi != NULL && !bs_value_is_none (*hi);

  if ((has_min && !bs_to_double (in, *lo, &mn)) || (has_max && !bs_to_double (in, *hi, &mx)))
    return FALSE;
  if (!has_min && !has_max)
    return bs_raise (in, "RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not "
                     "be None");
  if (g_str_has_suffix (in->builtin_name, "_"))
    RETURN_TENSOR (bs_clamp_ (SELF, has_min, mn, has_max, mx, ERR));
  RETURN_TENSOR (bs_clamp (SELF, has_min, mn, has_max, mx, ERR));
}

METHOD (t_fill_)
{
  double v;

  if (a->n_args != 1 || !bs_to_double (in, a->args[0], &v))
    return a->n_args != 1 ? bs_raise (in, "TypeError", "fill_() takes 1 argument") : FALSE;
  RETURN_TENSOR (bs_fill_ (SELF, v, ERR));
}

METHOD (t_item)
{
  BsTensor *t = SELF;
  double v;

  if (bs_tensor_numel (t) != 1)
    return bs_raise (in, "ValueError", "only one element tensors can be converted to Python "
                     "scalars");
  v = bs_tensor_item (t);
  if (t->dtype == BS_DTYPE_BOOL)
    *r = BS_BOOL (v != 0.0);
  else if (t->dtype == BS_DTYPE_INT64)
    *r = BS_INT (bs_tensor_get_int (t, 0));
  else
    *r = BS_FLOAT (v);
  return TRUE;
}

static BsValue
tolist_rec (BsInterp     *in,
            BsTensor     *t,
            const double *values,
            int           dim,
            gint64       *offset)
{
  BsValue list;

  if (dim == t->ndim)
    {
      double v = values[(*offset)++];

      if (t->dtype == BS_DTYPE_BOOL)
        return BS_BOOL (v != 0.0);
      if (t->dtype == BS_DTYPE_INT64)
        return BS_INT ((gint64) v);
      return BS_FLOAT (v);
    }
  list = bs_list_new (in->heap);
  for (gint64 i = 0; i < t->shape[dim]; i++)
    bs_list_append (list, tolist_rec (in, t, values, dim + 1, offset));
  return list;
}

METHOD (t_tolist)
{
  double *values = bs_tensor_to_doubles (SELF);
  gint64 offset = 0;

  *r = tolist_rec (in, SELF, values, 0, &offset);
  g_free (values);
  return TRUE;
}

METHOD (t_size)
{
  gboolean has;
  int dim = 0;

  if (!get_dim (in, a, 0, &has, &dim))
    return FALSE;
  if (!has)
    {
      *r = size_value (in, SELF);
      return TRUE;
    }
  {
    GError *error = NULL;

    if (!bs_wrap_dim (&dim, MAX (SELF->ndim, 1), &error))
      return bs_raise_gerror (in, error);
    *r = BS_INT (SELF->ndim == 0 ? 1 : SELF->shape[dim]);
    return TRUE;
  }
}

METHOD (t_dim)
{
  *r = BS_INT (SELF->ndim);
  return TRUE;
}

METHOD (t_numel)
{
  *r = BS_INT (bs_tensor_numel (SELF));
  return TRUE;
}

METHOD (t_detach)
{
  *r = bs_wrap_tensor (in, bs_tensor_detach (SELF));
  return TRUE;
}

METHOD (t_requires_grad_)
{
  gboolean b;
  GError *error = NULL;

  if (!get_bool (in, a, 0, "requires_grad", TRUE, &b))
    return FALSE;
  if (!bs_tensor_set_requires_grad (SELF, b, &error))
    return bs_raise_gerror (in, error);
  *r = bs_value_ref (self);
  return TRUE;
}

METHOD (t_retain_grad)
{
  GError *error = NULL;

  if (!bs_tensor_retain_grad (SELF, &error))
    return bs_raise_gerror (in, error);
  *r = BS_NONE;
  return TRUE;
}

METHOD (t_backward)
{
  BsValue *g = bs_arg (a, 0, "gradient");
  gboolean create_graph, retain_graph;
  BsValue *rg = bs_arg (a, 1, "retain_graph");
  GError *error = NULL;
  BsTensor *grad = NULL;

  if (!get_bool (in, a, 2, "create_graph", FALSE, &create_graph))
    return FALSE;
  retain_graph = create_graph;
  if (rg != NULL && !bs_value_is_none (*rg) && !bs_truthy (in, *rg, &retain_graph))
    return FALSE;
  if (g != NULL && !bs_value_is_none (*g))
    {
      grad = bs_as_tensor (in, *g);
      if (grad == NULL)
        return FALSE;
    }
  if (!bs_tensor_backward (SELF, grad, retain_graph, create_graph, &error))
    {
      g_clear_pointer (&grad, bs_tensor_unref);
      return bs_raise_gerror (in, error);
    }
  g_clear_pointer (&grad, bs_tensor_unref);
  *r = BS_NONE;
  return TRUE;
}

typedef struct {
  BsInterp *in;
  BsValue   func;
} HookData;

static void
hook_data_free (gpointer p)
{
  HookData *d = p;

  bs_value_unref (d->func);
  g_free (d);
}

static BsTensor *
run_hook (BsTensor  *grad,
          gpointer   user_data,
          GError   **error)
{
  HookData *d = user_data;
  BsInterp *in = d->in;
  BsValue arg = bs_wrap_tensor (in, bs_tensor_ref (grad)), result;
  BsTensor *out = NULL;

  if (!bs_call_simple (in, d->func, &arg, 1, &result))
    {
      bs_value_unref (arg);
      bs_callback_failed (in, error);
      return NULL;
    }
  bs_value_unref (arg);
  if (bs_value_tensor (result) != NULL)
    out = bs_tensor_ref (bs_value_tensor (result));
  bs_value_unref (result);
  return out;
}

METHOD (t_register_hook)
{
  HookData *d;
  GError *error = NULL;
  guint id;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "register_hook() takes 1 argument");
  d = g_new0 (HookData, 1);
  d->in = in;
  d->func = bs_value_ref (a->args[0]);
  id = bs_tensor_register_hook (SELF, run_hook, d, hook_data_free, &error);
  if (id == 0 && error != NULL)
    return bs_raise_gerror (in, error);
  *r = BS_INT (id);
  return TRUE;
}

static gboolean
convert (BsInterp *in,
         BsValue   self,
         BsDType   dtype,
         BsValue  *r)
{
  RETURN_TENSOR (bs_to_dtype (SELF, dtype, ERR));
}

METHOD (t_float)
{
  return convert (in, self, BS_DTYPE_FLOAT32, r);
}

METHOD (t_double)
{
  return convert (in, self, BS_DTYPE_FLOAT64, r);
}

METHOD (t_long)
{
  return convert (in, self, BS_DTYPE_INT64, r);
}

METHOD (t_bool)
{
  return convert (in, self, BS_DTYPE_BOOL, r);
}

METHOD (t_to)
{
  BsValue *d = bs_arg (a, 0, "dtype");
  BsDType dtype;

  if (d == NULL || bs_value_str (*d) != NULL)
    {
      *r = bs_value_ref (self);   /* .to("cpu") */
      return TRUE;
    }
  if (bs_value_tensor (*d) != NULL)
    return convert (in, self, bs_value_tensor (*d)->dtype, r);
  if (!bs_value_dtype (in, *d, &dtype))
    return FALSE;
  return convert (in, self, dtype, r);
}

METHOD (t_cpu)
{
  *r = bs_value_ref (self);
  return TRUE;
}

METHOD (t_norm)
{
  BsValue *p = bs_arg (a, 0, "p");
  double pv = 2.0;
  GError *error = NULL;
  BsTensor *sq, *s, *res;

  if (p != NULL && !bs_to_double (in, *p, &pv))
    return FALSE;
  if (pv != 2.0 || bs_arg (a, 1, "dim") != NULL)
    return bs_raise (in, "NotImplementedError", "norm() other than the 2-norm of all elements is "
                     "not supported by Backstep");
  sq = bs_pow_scalar (SELF, 2.0, &error);
  s = sq != NULL ? bs_sum (sq, &error) : NULL;
  res = s != NULL ? bs_sqrt (s, &error) : NULL;
  g_clear_pointer (&sq, bs_tensor_unref);
  g_clear_pointer (&s, bs_tensor_unref);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, res);
  return TRUE;
}

METHOD (t_uniform_)
{
  double from = 0.0, to = 1.0;
  BsValue *f = bs_arg (a, 0, "from"), *t = bs_arg (a, 1, "to");
  GError *error = NULL;
  BsTensor *res;

  if ((f != NULL && !bs_to_double (in, *f, &from)) || (t != NULL && !bs_to_double (in, *t, &to)))
    return FALSE;
  res = bs_uniform_ (SELF, from, to, NULL, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (res);
  *r = bs_value_ref (self);
  return TRUE;
}

METHOD (t_normal_)
{
  double mean = 0.0, std = 1.0;
  BsValue *m = bs_arg (a, 0, "mean"), *s = bs_arg (a, 1, "std");
  GError *error = NULL;
  BsTensor *res;

  if ((m != NULL && !bs_to_double (in, *m, &mean)) || (s != NULL && !bs_to_double (in, *s, &std)))
    return FALSE;
  res = bs_normal_ (SELF, mean, std, NULL, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (res);
  *r = bs_value_ref (self);
  return TRUE;
}

METHOD (t_is_floating_point)
{
  *r = BS_BOOL (bs_dtype_is_floating (SELF->dtype));
  return TRUE;
}

METHOD (t_type)
{
  if (a->n_args == 0)
    {
      *r = bs_str_value (in, bs_dtype_tensor_type (SELF->dtype));
      return TRUE;
    }
  return t_to (in, self, a, r);
}

METHOD (t_index_select)
{
  gint64 dim;
  BsTensor *index;

  if (a->n_args != 2 || !bs_to_int (in, a->args[0], &dim))
    return a->n_args != 2 ? bs_raise (in, "TypeError", "index_select(dim, index)") : FALSE;
  index = bs_value_tensor (a->args[1]);
  if (index == NULL)
    return bs_raise (in, "TypeError", "index must be a Tensor");
  RETURN_TENSOR (bs_index_select (SELF, (int) CLAMP (dim, -100, 100), index, ERR));
}

METHOD (t_allclose)
{
  BsTensor *o = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);
  double rtol = 1e-5, atol = 1e-8;
  double *x, *y;
  gint64 n;

  if (o == NULL)
    return bs_raise (in, "TypeError", "allclose() expects a Tensor");
  if (!bs_tensor_same_shape (SELF, o))
    return bs_raise (in, "NotImplementedError", "allclose() with broadcasting is not supported");
  x = bs_tensor_to_doubles (SELF);
  y = bs_tensor_to_doubles (o);
  n = bs_tensor_numel (SELF);
  *r = BS_BOOL (TRUE);
  for (gint64 i = 0; i < n; i++)
    if (!(fabs (x[i] - y[i]) <= atol + rtol * fabs (y[i])) && !(x[i] == y[i]))
      *r = BS_BOOL (FALSE);
  g_free (x);
  g_free (y);
  return TRUE;
}

METHOD (t_equal)
{
  BsTensor *o = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);
  gint64 n = bs_tensor_numel (SELF);

  if (o == NULL)
    return bs_raise (in, "TypeError", "equal(): argument 'other' must be Tensor");
  *r = BS_BOOL (bs_tensor_same_shape (SELF, o));
  for (gint64 i = 0; i < n && r->as.boolean; i++)
    if (bs_tensor_get (SELF, i) != bs_tensor_get (o, i))
      *r = BS_BOOL (FALSE);
  return TRUE;
}

/* all() and any() over every element: a bool scalar, untracked */
#define t_any t_all

METHOD (t_all)
{
  gboolean any = strcmp (in->builtin_name, "any") == 0;
  gint64 n = bs_tensor_numel (SELF);
  gboolean result = !any;
  GError *error = NULL;
  BsTensor *t;

  if (a->n_args > 0 || a->n_kw > 0)
    return bs_raise (in, "NotImplementedError", "Backstep supports %s() without a dim",
                     in->builtin_name);
  for (gint64 i = 0; i < n; i++)
    if ((bs_tensor_get (SELF, i) != 0) == any)
      {
        result = any;
        break;
      }
  t = bs_tensor_new_full (SELF->context, BS_DTYPE_BOOL, 0, NULL, result, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

static gboolean t_floor_divide (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);

static const TensorMethod tensor_methods[] = {
  { "exp", t_exp }, { "log", t_log }, { "sqrt", t_sqrt }, { "abs", t_abs },
  { "sin", t_sin }, { "cos", t_cos }, { "tanh", t_tanh }, { "sigmoid", t_sigmoid },
  { "relu", t_relu }, { "relu_", t_relu_ }, { "neg", t_neg }, { "reciprocal", t_reciprocal },
  { "round", t_round }, { "sign", t_sign }, { "clone", t_clone }, { "contiguous", t_contiguous },
  { "t", t_t }, { "zero_", t_zero_ }, { "add", t_add }, { "sub", t_sub }, { "mul", t_mul },
  { "div", t_div }, { "add_", t_add_ }, { "sub_", t_sub_ }, { "mul_", t_mul_ },
  { "div_", t_div_ }, { "copy_", t_copy_ }, { "matmul", t_matmul }, { "mm", t_mm },
  { "mv", t_mv }, { "dot", t_dot }, { "bmm", t_bmm }, { "maximum", t_maximum },
  { "minimum", t_minimum }, { "eq", t_eq }, { "ne", t_ne }, { "lt", t_lt }, { "le", t_le },
  { "gt", t_gt }, { "ge", t_ge }, { "pow", t_pow }, { "sum", t_sum }, { "mean", t_mean },
  { "max", t_max }, { "min", t_min }, { "argmax", t_argmax }, { "argmin", t_argmax },
  { "softmax", t_softmax }, { "log_softmax", t_softmax }, { "view", t_view },
  { "reshape", t_view }, { "expand", t_view }, { "view_as", t_view_as },
  { "expand_as", t_view_as }, { "flatten", t_flatten }, { "transpose", t_transpose },
  { "permute", t_permute }, { "squeeze", t_squeeze }, { "unsqueeze", t_unsqueeze },
  { "clamp", t_clamp }, { "clamp_", t_clamp }, { "clip", t_clamp }, { "fill_", t_fill_ },
  { "item", t_item }, { "tolist", t_tolist }, { "size", t_size }, { "dim", t_dim },
  { "numel", t_numel }, { "detach", t_detach }, { "requires_grad_", t_requires_grad_ },
  { "retain_grad", t_retain_grad }, { "backward", t_backward },
  { "register_hook", t_register_hook }, { "float", t_float }, { "double", t_double },
  { "long", t_long }, { "bool", t_bool }, { "to", t_to }, { "cpu", t_cpu }, { "norm", t_norm },
  { "uniform_", t_uniform_ }, { "normal_", t_normal_ },
  { "is_floating_point", t_is_floating_point }, { "type", t_type },
  { "index_select", t_index_select }, { "allclose", t_allclose },
  { "zeros_like", t_zeros_like }, { "ones_like", t_ones_like }, { "equal", t_equal },
  { "all", t_all }, { "any", t_any }, { "floor_divide", t_floor_divide },
  { "remainder", t_floor_divide },
};

static const TensorMethod *
find_method (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tensor_methods); i++)
    if (strcmp (tensor_methods[i].name, name) == 0)
      return &tensor_methods[i];
  return NULL;
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

METHOD (t_floor_divide)
{
  BsValue other = a->n_args > 0 ? a->args[0] : BS_NONE;

  return bs_tensor_binary (in, strcmp (in->builtin_name, "remainder") == 0 ? BS_BINOP_MOD
                                                                         : BS_BINOP_FLOOR_DIV,
                           self, other, FALSE, r);
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
  ok = t_item (in, tv, NULL, &v);
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

/* --- torch functions --------------------------------------------------- */

/* torch.exp(x, ...) and friends: x.exp(...) */
METHOD (torch_forward)
{
  const TensorMethod *m = find_method (in->builtin_name);
  BsArgs b = *a;
  BsValue tv;
  BsTensor *t;
  gboolean ok;
  const char *name = in->builtin_name;

  if (a->n_args == 0)
    {
      BsValue *input = bs_arg (a, G_MAXUINT, "input");

      if (input == NULL)
        return bs_raise (in, "TypeError", "%s() missing required argument 'input'", name);
      t = bs_as_tensor (in, *input);
    }
  else
    t = bs_as_tensor (in, a->args[0]);
  if (t == NULL || m == NULL)
    {
      g_clear_pointer (&t, bs_tensor_unref);
      return m == NULL ? bs_raise (in, "AttributeError", "module 'torch' has no attribute '%s'",
                                   name) : FALSE;
    }
  tv = bs_wrap_tensor (in, t);
  if (a->n_args > 0)
    {
      b.args = a->args + 1;
      b.n_args = a->n_args - 1;
    }
  if (b.n_kw > 0 && strcmp (b.kw_names[b.n_kw - 1], "out") == 0)
    {
      /* torch.mul(x, y, out=z): computed, then copied into z */
      BsTensor *out = bs_value_tensor (b.kw_values[b.n_kw - 1]);
      GError *error = NULL;
      BsTensor *copied = NULL;

      b.n_kw--;
      ok = out != NULL && m->func (in, tv, &b, r);
      bs_value_unref (tv);
      if (out == NULL)
        return bs_raise (in, "TypeError", "%s(): argument 'out' must be Tensor", name);
      if (!ok)
        return FALSE;
      if (bs_value_tensor (*r) != NULL)
        copied = bs_copy_ (out, bs_value_tensor (*r), &error);
      bs_value_unref (*r);
      if (copied == NULL)
        return error != NULL ? bs_raise_gerror (in, error)
                             : bs_raise (in, "TypeError", "%s() with out= needs a tensor result",
                                         name);
      *r = bs_wrap_tensor (in, copied);
      return TRUE;
    }
  ok = m->func (in, tv, &b, r);
  bs_value_unref (tv);
  return ok;
}

static gboolean
factory_options (BsInterp     *in,
                 const BsArgs *a,
                 BsDType      *dtype,
                 gboolean     *requires_grad)
{
  BsValue *d = bs_arg (a, G_MAXUINT, "dtype"), *rg = bs_arg (a, G_MAXUINT, "requires_grad");

  if (d != NULL && !bs_value_is_none (*d) && !bs_value_dtype (in, *d, dtype))
    return FALSE;
  *requires_grad = FALSE;
  if (rg != NULL && !bs_truthy (in, *rg, requires_grad))
    return FALSE;
  return TRUE;
}

static gboolean
finish_factory (BsInterp  *in,
                BsTensor  *t,
                gboolean   requires_grad,
                BsValue   *r)
{
  GError *error = NULL;

  if (requires_grad && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (torch_tensor)
{
  BsValue *d = bs_arg (a, G_MAXUINT, "dtype");
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  BsTensor *t;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "tensor() takes 1 positional argument but %u were given",
                     a->n_args);
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  if (bs_value_tensor (a->args[0]) != NULL)
    {
      GError *error = NULL;
      BsTensor *src = bs_value_tensor (a->args[0]);

      warn (in, "To copy construct from a tensor, it is recommended to use "
            "sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), "
            "rather than torch.tensor(sourceTensor).");
      t = bs_tensor_contiguous_copy (src, d != NULL ? dtype : src->dtype, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      bs_tensor_announce_leaf (t);
    }
  else if (!bs_tensor_from_data (in, a->args[0], d != NULL && !bs_value_is_none (*d), dtype, &t))
    return FALSE;
  if (rg && !bs_dtype_is_floating (t->dtype))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "Only Tensors of floating point and complex dtype can "
                       "require gradients");
    }
  return finish_factory (in, t, rg, r);
}

METHOD (torch_full_factory)
{
  const char *name = in->builtin_name;
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;
  guint n_shape = a->n_args;
  double fill = 0.0;

  if (strcmp (name, "full") == 0)
    {
      BsValue *fv = bs_arg (a, 1, "fill_value");

      if (fv == NULL)
        return bs_raise (in, "TypeError", "full() missing required argument 'fill_value'");
      if (!bs_to_double (in, *fv, &fill))
        return FALSE;
      if (bs_is_int (*fv))
        dtype = fv->type == BS_VALUE_BOOL ? BS_DTYPE_BOOL : BS_DTYPE_INT64;
      n_shape = 1;
    }
  else if (strcmp (name, "ones") == 0)
    fill = 1.0;
  if (!get_shape (in, a->args, MIN (n_shape, a->n_args), shape, &ndim))
    return FALSE;
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return bs_raise (in, "RuntimeError", "Trying to create tensor with negative dimension %"
                       G_GINT64_FORMAT ": [%" G_GINT64_FORMAT "]", shape[i], shape[i]);
  if (strcmp (name, "rand") == 0 || strcmp (name, "randn") == 0 || strcmp (name, "empty") == 0)
    {
      t = bs_tensor_new (in->context, dtype, ndim, shape, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
      if (!bs_dtype_is_floating (dtype))
        {
          bs_tensor_unref (t);
          return bs_raise (in, "RuntimeError", "\"%s\" not implemented for 'Long'",
                           name[4] == 'n' ? "normal_kernel_cpu" : "check_uniform_bounds");
        }
      if (name[0] == 'r' && name[4] == 'n')
        bs_generator_fill_normal (in->context->generator, dtype, bs_tensor_data (t),
                                  bs_tensor_numel (t), 0.0, 1.0);
      else if (name[0] == 'r')
        bs_generator_fill_uniform (in->context->generator, dtype, bs_tensor_data (t),
                                   bs_tensor_numel (t), 0.0, 1.0);
    }
  else
    {
      t = bs_tensor_new_full (in->context, dtype, ndim, shape, fill, &error);
      if (t == NULL)
        return bs_raise_gerror (in, error);
    }
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

METHOD (torch_randint)
{
  gint64 low = 0, high, shape[BS_MAX_DIMS];
  int ndim;
  BsValue *size = bs_arg (a, G_MAXUINT, "size");
  guint n_int = 0;
  BsDType dtype = BS_DTYPE_INT64;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;

  while (n_int < a->n_args && bs_is_int (a->args[n_int]))
    n_int++;
  if (n_int == 1)
    bs_to_int (in, a->args[0], &high);
  else if (n_int == 2)
    {
      bs_to_int (in, a->args[0], &low);
      bs_to_int (in, a->args[1], &high);
    }
  else
    return bs_raise (in, "TypeError", "randint() received an invalid combination of arguments");
  if (size == NULL)
    size = bs_arg (a, n_int, NULL);
  if (size == NULL)
    return bs_raise (in, "TypeError", "randint() missing required argument 'size'");
  if (!get_shape (in, size, 1, shape, &ndim) || !factory_options (in, a, &dtype, &rg))
    return FALSE;
  t = bs_tensor_new (in->context, dtype, ndim, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (!bs_generator_fill_randint (in->context->generator, dtype, bs_tensor_data (t),
                                  bs_tensor_numel (t), low, high))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "random_ expects 'from' to be less than 'to', but got "
                       "from=%" G_GINT64_FORMAT " >= to=%" G_GINT64_FORMAT, low, high);
    }
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

METHOD (torch_like)
{
  const char *name = in->builtin_name;
  BsTensor *src = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);
  BsDType dtype;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;
  double fill = 0.0;

  if (src == NULL)
    return bs_raise (in, "TypeError", "%s(): argument 'input' must be Tensor", name);
  dtype = src->dtype;
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  if (strcmp (name, "full_like") == 0)
    {
      if (a->n_args < 2 || !bs_to_double (in, a->args[1], &fill))
        return a->n_args < 2 ? bs_raise (in, "TypeError", "full_like() missing fill_value")
                             : FALSE;
    }
  else if (strcmp (name, "ones_like") == 0)
    fill = 1.0;
  t = bs_tensor_new_full (in->context, dtype, src->ndim, src->shape, fill, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (strcmp (name, "rand_like") == 0 || strcmp (name, "randn_like") == 0)
    {
      if (!bs_dtype_is_floating (dtype))
        {
          bs_tensor_unref (t);
          return bs_raise (in, "RuntimeError", "%s needs a floating dtype", name);
        }
      if (name[4] == 'n')
        bs_generator_fill_normal (in->context->generator, dtype, bs_tensor_data (t),
                                  bs_tensor_numel (t), 0.0, 1.0);
      else
        bs_generator_fill_uniform (in->context->generator, dtype, bs_tensor_data (t),
                                   bs_tensor_numel (t), 0.0, 1.0);
    }
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

METHOD (torch_arange)
{
  double v[3] = { 0, 0, 1 };
  gboolean all_int = TRUE;
  BsDType dtype;
  gboolean rg;
  gint64 n;
  double *values;
  GError *error = NULL;
  BsTensor *t;

  if (a->n_args < 1 || a->n_args > 3)
    return bs_raise (in, "TypeError", "arange() takes 1 to 3 positional arguments");
  for (guint i = 0; i < a->n_args; i++)
    {
      if (!bs_to_double (in, a->args[i], &v[a->n_args == 1 ? 1 : i]))
        return FALSE;
      all_int &= bs_is_int (a->args[i]);
    }
  dtype = all_int ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT32;
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  if (v[2] == 0)
    return bs_raise (in, "RuntimeError", "step must be nonzero");
  n = (gint64) ceil ((v[1] - v[0]) / v[2]);
  if (n < 0)
    return bs_raise (in, "RuntimeError", "upper bound and larger bound inconsistent with step "
                     "sign");
  if (n > (1 << 26))
    return bs_raise (in, "MemoryError", "arange() too large");
  values = g_new (double, MAX (n, 1));
  for (gint64 i = 0; i < n; i++)
    values[i] = v[0] + i * v[2];
  t = bs_tensor_new_from_doubles (in->context, dtype, 1, &n, values, &error);
  g_free (values);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

METHOD (torch_linspace)
{
  double start, end;
  gint64 steps;
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  double *values;
  GError *error = NULL;
  BsTensor *t;
  BsValue *sv = bs_arg (a, 2, "steps");

  if (a->n_args < 2 || sv == NULL || !bs_to_double (in, a->args[0], &start)
      || !bs_to_double (in, a->args[1], &end) || !bs_to_int (in, *sv, &steps))
    return bs_value_is_none (in->exc) ? bs_raise (in, "TypeError", "linspace(start, end, steps)")
                                      : FALSE;
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  if (steps < 0 || steps > (1 << 26))
    return bs_raise (in, "RuntimeError", "number of steps must be non-negative");
  values = g_new (double, MAX (steps, 1));
  {
    double step = steps > 1 ? (end - start) / (steps - 1) : 0.0;
    gint64 half = steps / 2;

    /* PyTorch fills the first half from start and the second from end */
    for (gint64 i = 0; i < steps; i++)
      values[i] = i < half ? start + step * i : end - step * (steps - i - 1);
  }
  t = bs_tensor_new_from_doubles (in->context, dtype, 1, &steps, values, &error);
  g_free (values);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

METHOD (torch_eye)
{
  gint64 n, m, shape[2];
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;

  if (a->n_args < 1 || !bs_to_int (in, a->args[0], &n))
    return a->n_args < 1 ? bs_raise (in, "TypeError", "eye() missing n") : FALSE;
  m = n;
  if (a->n_args > 1 && !bs_to_int (in, a->args[1], &m))
    return FALSE;
  if (!factory_options (in, a, &dtype, &rg))
    return FALSE;
  shape[0] = n;
  shape[1] = m;
  t = bs_tensor_new (in->context, dtype, 2, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  for (gint64 i = 0; i < MIN (n, m); i++)
    bs_tensor_set (t, i * m + i, 1.0);
  bs_tensor_announce_leaf (t);
  return finish_factory (in, t, rg, r);
}

static gboolean
tensor_list (BsInterp   *in,
             BsValue     v,
             GPtrArray **out)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (!bs_to_list (in, v, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  *out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_tensor (items[i]) == NULL)
        {
          bs_value_unref (list);
          g_ptr_array_unref (*out);
          return bs_raise (in, "TypeError", "expected Tensor as element %zu in argument 0, but "
                           "got %s", i, bs_type_name (items[i]));
        }
      g_ptr_array_add (*out, bs_tensor_ref (bs_value_tensor (items[i])));
    }
  bs_value_unref (list);
  return TRUE;
}

METHOD (torch_cat)
{
  GPtrArray *tensors;
  gint64 dim = 0;
  BsValue *dv = bs_arg (a, 1, "dim");
  GError *error = NULL;
  BsTensor *t;

  if (a->n_args < 1 || !tensor_list (in, a->args[0], &tensors))
    return a->n_args < 1 ? bs_raise (in, "TypeError", "cat() missing tensors") : FALSE;
  if (dv != NULL && !bs_to_int (in, *dv, &dim))
    {
      g_ptr_array_unref (tensors);
      return FALSE;
    }
  t = strcmp (in->builtin_name, "cat") == 0
        ? bs_cat ((BsTensor *const *) tensors->pdata, tensors->len, (int) CLAMP (dim, -100, 100),
                  &error)
        : bs_stack ((BsTensor *const *) tensors->pdata, tensors->len,
                    (int) CLAMP (dim, -100, 100), &error);
  g_ptr_array_unref (tensors);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (torch_where)
{
  BsTensor *c, *x, *y, *t;
  GError *error = NULL;

  if (a->n_args != 3)
    return bs_raise (in, "TypeError", "where(condition, x, y) takes 3 arguments");
  c = bs_as_tensor (in, a->args[0]);
  x = c != NULL ? bs_as_tensor (in, a->args[1]) : NULL;
  y = x != NULL ? bs_as_tensor (in, a->args[2]) : NULL;
  t = y != NULL ? bs_where (c, x, y, &error) : NULL;
  g_clear_pointer (&c, bs_tensor_unref);
  g_clear_pointer (&x, bs_tensor_unref);
  g_clear_pointer (&y, bs_tensor_unref);
  if (t == NULL)
    return error != NULL ? bs_raise_gerror (in, error) : FALSE;
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (torch_manual_seed)
{
  gint64 seed;

  if (a->n_args != 1 || !bs_to_int (in, a->args[0], &seed))
    return a->n_args != 1 ? bs_raise (in, "TypeError", "manual_seed() takes 1 argument") : FALSE;
  bs_generator_manual_seed (in->context->generator, (guint64) seed);
  *r = BS_NONE;
  return TRUE;
}

METHOD (torch_is_tensor)
{
  *r = BS_BOOL (a->n_args > 0 && bs_value_tensor (a->args[0]) != NULL);
  return TRUE;
}

METHOD (torch_is_grad_enabled)
{
  *r = BS_BOOL (in->context->grad_enabled);
  return TRUE;
}

METHOD (torch_numel)
{
  BsTensor *t = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);

  if (t == NULL)
    return bs_raise (in, "TypeError", "numel() expects a Tensor");
  *r = BS_INT (bs_tensor_numel (t));
  return TRUE;
}

METHOD (torch_set_printoptions)
{
  BsValue *v;

  if ((v = bs_arg (a, G_MAXUINT, "profile")) != NULL && bs_value_str (*v) != NULL)
    bs_print_options_set_profile (&in->print_options, bs_value_str (*v));
  if ((v = bs_arg (a, 0, "precision")) != NULL && !bs_value_is_none (*v))
    {
      gint64 p;

      if (!bs_to_int (in, *v, &p))
        return FALSE;
      in->print_options.precision = (int) CLAMP (p, 0, 100);
    }
  if ((v = bs_arg (a, 1, "threshold")) != NULL && !bs_value_is_none (*v))
    {
      double d;

      if (!bs_to_double (in, *v, &d))
        return FALSE;
      in->print_options.threshold = d;
    }
  if ((v = bs_arg (a, 2, "edgeitems")) != NULL && !bs_value_is_none (*v))
    {
      gint64 e;

      if (!bs_to_int (in, *v, &e))
        return FALSE;
      in->print_options.edgeitems = (int) CLAMP (e, 0, 1000);
    }
  if ((v = bs_arg (a, 3, "linewidth")) != NULL && !bs_value_is_none (*v))
    {
      gint64 l;

      if (!bs_to_int (in, *v, &l))
        return FALSE;
      in->print_options.linewidth = (int) CLAMP (l, 0, 100000);
    }
  v = bs_arg (a, 5, "sci_mode");
  if (v == NULL || bs_value_is_none (*v))
    in->print_options.sci_mode = BS_SCI_MODE_DEFAULT;
  else
    in->print_options.sci_mode = bs_value_truthy (*v) ? BS_SCI_MODE_ON : BS_SCI_MODE_OFF;
  *r = BS_NONE;
  return TRUE;
}

/* --- grad mode context managers ---------------------------------------- */

typedef struct {
  int      kind;         /* 0 no_grad, 1 enable_grad, 2 set_grad_enabled, 3 anomaly */
  gboolean value;
  GArray  *saved;        /* gboolean stack: nested use of one object */
} ModeData;

static void
mode_free (gpointer p)
{
  ModeData *d = p;

  g_array_unref (d->saved);
  g_free (d);
}

static gboolean mode_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                              gboolean *found);
static gboolean mode_decorate (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static BsValue mode_new (BsInterp *in, int kind, gboolean value);

static const BsNativeType mode_type = {
  { "torch.autograd.grad_mode", mode_free }, mode_getattr, NULL, NULL,
};

METHOD (mode_enter)
{
  ModeData *d = ((BsNative *) self.as.object)->data;
  gboolean prev;

  if (d->kind == 3)
    {
      prev = in->context->anomaly_enabled;
      in->context->anomaly_enabled = d->value;
    }
  else
    prev = bs_grad_mode_set (in->context, d->kind == 0 ? FALSE : d->kind == 1 ? TRUE : d->value);
  g_array_append_val (d->saved, prev);
  *r = BS_NONE;
  return TRUE;
}

METHOD (mode_exit)
{
  ModeData *d = ((BsNative *) self.as.object)->data;

  if (d->saved->len > 0)
    {
      gboolean prev = g_array_index (d->saved, gboolean, d->saved->len - 1);

      g_array_set_size (d->saved, d->saved->len - 1);
      if (d->kind == 3)
        in->context->anomaly_enabled = prev;
      else
        bs_grad_mode_set (in->context, prev);
    }
  *r = BS_BOOL (FALSE);
  return TRUE;
}

static gboolean
mode_getattr (BsInterp   *in,
              BsValue     self,
              const char *name,
              BsValue    *out,
              gboolean   *found)
{
  *found = TRUE;
  if (strcmp (name, "__enter__") == 0)
    *out = bs_builtin_new (in, "__enter__", mode_enter, bs_value_ref (self));
  else if (strcmp (name, "__exit__") == 0)
    *out = bs_builtin_new (in, "__exit__", mode_exit, bs_value_ref (self));
  else if (strcmp (name, "__call__") == 0)
    *out = bs_builtin_new (in, "__call__", mode_decorate, bs_value_ref (self));
  else
    *found = FALSE;
  return TRUE;
}

static BsValue
mode_new (BsInterp *in,
          int       kind,
          gboolean  value)
{
  ModeData *d = g_new0 (ModeData, 1);

  d->kind = kind;
  d->value = value;
  d->saved = g_array_new (FALSE, FALSE, sizeof (gboolean));
  return bs_native_new (in->heap, &mode_type.base, d);
}

/* Used as a decorator (@torch.no_grad()), the mode wraps the function. */
METHOD (mode_wrapped_call)
{
  BsValue *pair = ((BsNative *) self.as.object)->data;
  BsValue ignored;
  gboolean ok;

  (void) pair;
  if (!mode_enter (in, pair[0], NULL, &ignored))
    return FALSE;
  ok = bs_call (in, pair[1], a, r);
  mode_exit (in, pair[0], NULL, &ignored);
  return ok;
}

static void
pair_free (gpointer p)
{
  BsValue *pair = p;

  bs_value_unref (pair[0]);
  bs_value_unref (pair[1]);
  g_free (pair);
}

static const BsNativeType pair_type = { { "function", pair_free }, NULL, NULL, NULL };

/* @torch.no_grad(): the mode object called with the function */
METHOD (mode_decorate)
{
  ModeData *d = ((BsNative *) self.as.object)->data;
  BsValue *pair;

  if (a->n_args != 1 || a->n_kw != 0)
    return bs_raise (in, "TypeError", "a grad mode decorates one function");
  pair = g_new (BsValue, 2);
  pair[0] = mode_new (in, d->kind, d->value);
  pair[1] = bs_value_ref (a->args[0]);
  *r = bs_builtin_new (in, "wrapper", mode_wrapped_call,
                       bs_native_new (in->heap, &pair_type.base, pair));
  return TRUE;
}

METHOD (torch_grad_mode)
{
  const char *name = in->builtin_name;
  gboolean value = TRUE;

  if (strcmp (name, "set_grad_enabled") == 0 || strcmp (name, "detect_anomaly") == 0)
    {
      BsValue *v = bs_arg (a, 0, "mode");

      if (v == NULL && name[0] == 's')
        return bs_raise (in, "TypeError", "set_grad_enabled() missing 1 required positional "
                         "argument: 'mode'");
      if (v != NULL && !bs_truthy (in, *v, &value))
        return FALSE;
      if (name[0] == 's')
        {
          /* takes effect immediately, as PyTorch's constructor does */
          BsValue m = mode_new (in, 2, value);
          ModeData *d = ((BsNative *) m.as.object)->data;
          gboolean prev = bs_grad_mode_set (in->context, value);

          g_array_append_val (d->saved, prev);
          *r = m;
          return TRUE;
        }
      *r = mode_new (in, 3, TRUE);
      return TRUE;
    }
  if (a->n_args == 1 && (bs_value_is_object (a->args[0], BS_OBJECT_FUNCTION)))
    {
      /* @torch.no_grad without parentheses */
      BsValue *pair = g_new (BsValue, 2);
      BsValue wrapper;

      pair[0] = mode_new (in, name[0] == 'n' ? 0 : 1, TRUE);
      pair[1] = bs_value_ref (a->args[0]);
      wrapper = bs_native_new (in->heap, &pair_type.base, pair);
      *r = bs_builtin_new (in, "wrapper", mode_wrapped_call, wrapper);
      return TRUE;
    }
  *r = mode_new (in, name[0] == 'n' ? 0 : 1, TRUE);
  return TRUE;
}

METHOD (torch_set_detect_anomaly)
{
  gboolean v;

  if (a->n_args != 1 || !bs_truthy (in, a->args[0], &v))
    return a->n_args != 1 ? bs_raise (in, "TypeError", "set_detect_anomaly(mode)") : FALSE;
  in->context->anomaly_enabled = v;
  *r = mode_new (in, 3, v);
  return TRUE;
}

/* --- autograd ---------------------------------------------------------- */

METHOD (autograd_grad)
{
  static const char *const kw[] = { "outputs", "inputs", "grad_outputs", "retain_graph",
                                    "create_graph", "only_inputs", "allow_unused", NULL };
  BsValue *ov = bs_arg (a, 0, "outputs"), *iv = bs_arg (a, 1, "inputs");
  BsValue *gv = bs_arg (a, 2, "grad_outputs"), *rg = bs_arg (a, 3, "retain_graph");
  GPtrArray *outputs = NULL, *inputs = NULL, *grads_out = NULL, *result;
  BsBackwardOptions options = { 0 };
  GError *error = NULL;
  BsValue tuple;
  gboolean ok = FALSE;

  if (!bs_check_args (in, a, "grad", 2, 7, kw))
    return FALSE;
  if (!get_bool (in, a, 4, "create_graph", FALSE, &options.create_graph)
      || !get_bool (in, a, 6, "allow_unused", FALSE, &options.allow_unused))
    return FALSE;
  options.retain_graph = options.create_graph;
  if (rg != NULL && !bs_value_is_none (*rg))
    options.retain_graph = bs_value_truthy (*rg);
  if (bs_value_tensor (*ov) != NULL)
    {
      outputs = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
      g_ptr_array_add (outputs, bs_tensor_ref (bs_value_tensor (*ov)));
    }
  else if (!tensor_list (in, *ov, &outputs))
    return FALSE;
  if (bs_value_tensor (*iv) != NULL)
    {
      inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
      g_ptr_array_add (inputs, bs_tensor_ref (bs_value_tensor (*iv)));
    }
  else if (!tensor_list (in, *iv, &inputs))
    goto out;
  if (gv != NULL && !bs_value_is_none (*gv))
    {
      if (bs_value_tensor (*gv) != NULL)
        {
          grads_out = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
          g_ptr_array_add (grads_out, bs_tensor_ref (bs_value_tensor (*gv)));
        }
      else if (!tensor_list (in, *gv, &grads_out))
        goto out;
      if (grads_out->len != outputs->len)
        {
          bs_raise (in, "RuntimeError", "grad_outputs must have the same length as outputs");
          goto out;
        }
    }
  result = bs_autograd_grad ((BsTensor *const *) outputs->pdata,
                             grads_out != NULL ? (BsTensor *const *) grads_out->pdata : NULL,
                             outputs->len, (BsTensor *const *) inputs->pdata, inputs->len,
                             &options, &error);
  if (result == NULL)
    {
      bs_raise_gerror (in, error);
      goto out;
    }
  tuple = bs_tuple_new (in->heap, result->len);
  for (guint i = 0; i < result->len; i++)
    {
      BsTensor *g = g_ptr_array_index (result, i);

      ((BsTuple *) tuple.as.object)->items[i] = bs_wrap_tensor (in, g != NULL ? bs_tensor_ref (g)
                                                                              : NULL);
    }
  g_ptr_array_unref (result);
  *r = tuple;
  ok = TRUE;

out:
  g_clear_pointer (&outputs, g_ptr_array_unref);
  g_clear_pointer (&inputs, g_ptr_array_unref);
  g_clear_pointer (&grads_out, g_ptr_array_unref);
  return ok;
}

METHOD (autograd_variable)
{
  BsValue *rg = bs_arg (a, 1, "requires_grad");
  BsTensor *src = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);
  BsTensor *t;
  GError *error = NULL;

  if (src == NULL)
    return bs_raise (in, "TypeError", "Variable data has to be a tensor, but got %s",
                     a->n_args > 0 ? bs_type_name (a->args[0]) : "nothing");
  t = bs_tensor_detach (src);
  if (rg != NULL && bs_value_truthy (*rg) && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* --- nn ---------------------------------------------------------------- */

METHOD (nn_parameter)
{
  BsValue *data = bs_arg (a, 0, "data");
  BsValue *rg = bs_arg (a, 1, "requires_grad");
  BsTensor *t;
  GError *error = NULL;

  if (data == NULL || bs_value_tensor (*data) == NULL)
    return bs_raise (in, "TypeError", "Parameter() expects a Tensor");
  t = bs_nn_parameter (bs_value_tensor (*data), &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (rg != NULL && !bs_value_truthy (*rg))
    bs_tensor_set_requires_grad (t, FALSE, NULL);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (nn_linear_init)
{
  gint64 nin, nout;
  gboolean bias;
  BsTensor *w = NULL, *b = NULL;
  GError *error = NULL;
  BsValue pair[2];

  if (a->n_args != 3 || !bs_to_int (in, a->args[0], &nin) || !bs_to_int (in, a->args[1], &nout))
    return a->n_args != 3 ? bs_raise (in, "TypeError", "Linear(in_features, out_features)")
                          : FALSE;
  bias = bs_value_truthy (a->args[2]);
  if (nin < 0 || nout < 0)
    return bs_raise (in, "RuntimeError", "Trying to create tensor with negative dimension");
  if (!bs_nn_linear_init (in->context, nin, nout, bias, BS_DTYPE_FLOAT32, &w, &b, &error))
    return bs_raise_gerror (in, error);
  pair[0] = bs_wrap_tensor (in, w);
  pair[1] = bs_wrap_tensor (in, b);
  *r = bs_tuple_from (in, pair, 2);
  bs_value_unref (pair[0]);
  bs_value_unref (pair[1]);
  return TRUE;
}

METHOD (nn_zero_grad)
{
  BsTensor *t = bs_value_tensor (a->n_args > 0 ? a->args[0] : BS_NONE);

  if (t != NULL)
    bs_tensor_zero_grad (t, a->n_args > 1 && bs_value_truthy (a->args[1]));
  *r = BS_NONE;
  return TRUE;
}

static gboolean
reduction_of (BsInterp     *in,
              const BsArgs *a,
              BsReduction  *red)
{
  BsValue *v = bs_arg (a, G_MAXUINT, "reduction");
  const char *s;

  *red = BS_REDUCTION_MEAN;
  if (v == NULL)
    return TRUE;
  s = bs_value_str (*v);
  if (s != NULL && strcmp (s, "mean") == 0)
    *red = BS_REDUCTION_MEAN;
  else if (s != NULL && strcmp (s, "sum") == 0)
    *red = BS_REDUCTION_SUM;
  else if (s != NULL && strcmp (s, "none") == 0)
    *red = BS_REDUCTION_NONE;
  else
    return bs_raise (in, "ValueError", "%s is not a valid value for reduction",
                     s != NULL ? s : "this");
  return TRUE;
}

METHOD (f_loss)
{
  const char *name = in->builtin_name;
  BsTensor *input, *target;
  BsReduction red;
  gint64 ignore = -100;
  BsValue *iv = bs_arg (a, G_MAXUINT, "ignore_index");
  GError *error = NULL;
  BsTensor *t;

  if (!reduction_of (in, a, &red))
    return FALSE;
  if (iv != NULL && !bs_to_int (in, *iv, &ignore))
    return FALSE;
  input = arg_tensor (in, a, 0, "input");
  if (input == NULL)
    return FALSE;
  target = arg_tensor (in, a, 1, "target");
  if (target == NULL)
    {
      bs_tensor_unref (input);
      return FALSE;
    }
  if (g_str_has_prefix (name, "binary_cross_entropy"))
    {
      BsValue *wv = bs_arg (a, 2, "weight"), *pv = bs_arg (a, G_MAXUINT, "pos_weight");
      BsTensor *weight = NULL, *pos_weight = NULL;

      if ((wv != NULL && !bs_value_is_none (*wv) && (weight = bs_as_tensor (in, *wv)) == NULL)
          || (pv != NULL && !bs_value_is_none (*pv)
              && (pos_weight = bs_as_tensor (in, *pv)) == NULL))
        {
          g_clear_pointer (&weight, bs_tensor_unref);
          bs_tensor_unref (input);
          bs_tensor_unref (target);
          return FALSE;
        }
      if (strcmp (name, "binary_cross_entropy") == 0)
        t = bs_binary_cross_entropy (input, target, weight, red, &error);
      else
        t = bs_binary_cross_entropy_with_logits (input, target, weight, pos_weight, red, &error);
      g_clear_pointer (&weight, bs_tensor_unref);
      g_clear_pointer (&pos_weight, bs_tensor_unref);
    }
  else if (strcmp (name, "mse_loss") == 0)
    t = bs_mse_loss (input, target, red, &error);
  else if (strcmp (name, "nll_loss") == 0)
    t = bs_nll_loss (input, target, red, ignore, &error);
  else
    t = bs_cross_entropy (input, target, red, ignore, &error);
  bs_tensor_unref (input);
  bs_tensor_unref (target);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (f_linear)
{
  BsTensor *input = arg_tensor (in, a, 0, "input"), *w, *b = NULL, *t;
  BsValue *bv = bs_arg (a, 2, "bias");
  GError *error = NULL;

  if (input == NULL)
    return FALSE;
  w = arg_tensor (in, a, 1, "weight");
  if (w == NULL)
    {
      bs_tensor_unref (input);
      return FALSE;
    }
  if (bv != NULL && !bs_value_is_none (*bv))
    b = bs_as_tensor (in, *bv);
  t = bs_linear (input, w, b, &error);
  bs_tensor_unref (input);
  bs_tensor_unref (w);
  g_clear_pointer (&b, bs_tensor_unref);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

METHOD (torch_size)
{
  BsValue list;
  BsValue *items;
  gsize n;

  if (a->n_args == 0)
    list = bs_list_new (in->heap);
  else if (!bs_to_list (in, a->args[0], &list))
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
          g_autofree char *message = NULL;

          if (pair == NULL || m != 2)
            {
              bs_value_unref (list);
              bs_raise (in, "ValueError", "need 2 values to unpack for OrderedDict()");
              goto fail;
            }
          if (!bs_dict_set (d, pair[0], bs_value_ref (pair[1]), &message))
            {
              bs_value_unref (list);
              bs_raise (in, "TypeError", "%s", message);
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
  *found = strcmp (name, "type") == 0;
  if (*found)
    *out = bs_str_value (in, ((BsNative *) self.as.object)->data);
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

METHOD (torch_device)
{
  const char *type = a->n_args > 0 ? bs_value_str (a->args[0]) : NULL;

  if (type == NULL)
    return bs_raise (in, "TypeError", "device() expects a device name such as 'cpu'");
  if (strcmp (type, "cpu") != 0)
    return bs_raise (in, "RuntimeError", "Backstep runs on the CPU only: device '%s' is not "
                     "available", type);
  *r = bs_native_new (in->heap, &device_type.base, g_strdup (type));
  return TRUE;
}

METHOD (torch_false)
{
  *r = BS_BOOL (FALSE);
  return TRUE;
}

/* --- set-up ------------------------------------------------------------ */

static const char *const forwarded[] = {
  "exp", "log", "sqrt", "abs", "sin", "cos", "tanh", "sigmoid", "relu", "neg", "reciprocal",
  "round", "sign", "clone", "t", "add", "sub", "mul", "div", "matmul", "mm", "mv", "dot", "bmm",
  "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge", "pow", "sum", "mean", "max", "min",
  "argmax", "argmin", "softmax", "log_softmax", "reshape", "flatten", "transpose", "permute",
  "squeeze", "unsqueeze", "clamp", "clip", "detach", "norm", "index_select", "allclose",
  "numel", "equal", "all", "any", "floor_divide", "remainder", NULL,
};

void
bs_torch_init (BsInterp *in)
{
  BsValue torch = bs_module_new (in, "torch");
  BsValue nn = bs_module_new (in, "torch.nn");
  BsValue functional = bs_module_new (in, "torch.nn.functional");
  BsValue autograd = bs_module_new (in, "torch.autograd");
  BsValue optim = bs_module_new (in, "torch.optim");
  BsDict *unused = NULL;
  BsValue td = ((BsModule *) torch.as.object)->dict;
  static const char *const dtype_names[][2] = {
    { "float32", "float" }, { "float64", "double" }, { "int64", "long" }, { "bool", NULL },
  };
  static const BsDType dtype_ids[] = {
    BS_DTYPE_FLOAT32, BS_DTYPE_FLOAT64, BS_DTYPE_INT64, BS_DTYPE_BOOL,
  };

  (void) unused;
  for (guint i = 0; i < G_N_ELEMENTS (dtype_ids); i++)
    {
      BsValue v = bs_native_new (in->heap, &dtype_type.base, GINT_TO_POINTER (dtype_ids[i]));

      in->dtypes[dtype_ids[i]] = v;
      bs_dict_set_str (td, dtype_names[i][0], bs_value_ref (v));
      if (dtype_names[i][1] != NULL)
        bs_dict_set_str (td, dtype_names[i][1], bs_value_ref (v));
    }
  bs_dict_set_str (td, "int", bs_value_ref (in->dtypes[BS_DTYPE_INT64]));
  for (guint i = 0; forwarded[i] != NULL; i++)
    bs_module_add (in, torch, forwarded[i], torch_forward);
  bs_module_add (in, torch, "tensor", torch_tensor);
  bs_module_add (in, torch, "Tensor", torch_tensor);
  bs_module_add (in, torch, "FloatTensor", torch_tensor);
  bs_module_add (in, torch, "zeros", torch_full_factory);
  bs_module_add (in, torch, "ones", torch_full_factory);
  bs_module_add (in, torch, "full", torch_full_factory);
  bs_module_add (in, torch, "empty", torch_full_factory);
  bs_module_add (in, torch, "rand", torch_full_factory);
  bs_module_add (in, torch, "randn", torch_full_factory);
  bs_module_add (in, torch, "randint", torch_randint);
  bs_module_add (in, torch, "zeros_like", torch_like);
  bs_module_add (in, torch, "ones_like", torch_like);
  bs_module_add (in, torch, "full_like", torch_like);
  bs_module_add (in, torch, "rand_like", torch_like);
  bs_module_add (in, torch, "randn_like", torch_like);
  bs_module_add (in, torch, "arange", torch_arange);
  bs_module_add (in, torch, "linspace", torch_linspace);
  bs_module_add (in, torch, "eye", torch_eye);
  bs_module_add (in, torch, "cat", torch_cat);
  bs_module_add (in, torch, "stack", torch_cat);
  bs_module_add (in, torch, "where", torch_where);
  bs_module_add (in, torch, "manual_seed", torch_manual_seed);
  bs_module_add (in, torch, "is_tensor", torch_is_tensor);
  bs_module_add (in, torch, "is_grad_enabled", torch_is_grad_enabled);
  bs_module_add (in, torch, "numel", torch_numel);
  bs_module_add (in, torch, "set_printoptions", torch_set_printoptions);
  bs_module_add (in, torch, "no_grad", torch_grad_mode);
  bs_module_add (in, torch, "enable_grad", torch_grad_mode);
  bs_module_add (in, torch, "set_grad_enabled", torch_grad_mode);
  bs_module_add (in, torch, "device", torch_device);
  {
    BsValue collections = bs_module_new (in, "collections");

    bs_module_add (in, collections, "OrderedDict", ordered_dict_new);
    bs_dict_set_str (((BsModule *) nn.as.object)->dict, "_ordered_dict",
                     bs_builtin_new (in, "OrderedDict", ordered_dict_new, BS_NONE));
    bs_value_unref (collections);
  }
  {
    BsValue cuda = bs_module_new (in, "torch.cuda");
    BsValue backends = bs_module_new (in, "torch.backends");
    BsValue mps = bs_module_new (in, "torch.backends.mps");

    bs_module_add (in, cuda, "is_available", torch_false);
    bs_module_add (in, mps, "is_available", torch_false);
    bs_dict_set_str (td, "cuda", cuda);
    bs_dict_set_str (((BsModule *) backends.as.object)->dict, "mps", mps);
    bs_dict_set_str (td, "backends", backends);
  }
  bs_dict_set_str (td, "nn", bs_value_ref (nn));
  bs_dict_set_str (td, "autograd", bs_value_ref (autograd));
  bs_dict_set_str (td, "optim", bs_value_ref (optim));
  bs_dict_set_str (((BsModule *) nn.as.object)->dict, "functional", bs_value_ref (functional));

  bs_module_add (in, autograd, "grad", autograd_grad);
  bs_module_add (in, autograd, "Variable", autograd_variable);
  bs_module_add (in, autograd, "set_detect_anomaly", torch_set_detect_anomaly);
  bs_module_add (in, autograd, "detect_anomaly", torch_grad_mode);
  bs_module_add (in, autograd, "no_grad", torch_grad_mode);
  bs_autograd_function_init (in, autograd);
  {
    BsValue variable = bs_module_new (in, "torch.autograd.variable");

    bs_module_add (in, variable, "Variable", autograd_variable);
    bs_value_unref (variable);
  }

  bs_module_add (in, nn, "Parameter", nn_parameter);
  bs_dict_set_str (((BsModule *) nn.as.object)->dict, "_linear_init",
                   bs_builtin_new (in, "_linear_init", nn_linear_init, BS_NONE));
  bs_dict_set_str (((BsModule *) nn.as.object)->dict, "_zero_grad",
                   bs_builtin_new (in, "_zero_grad", nn_zero_grad, BS_NONE));
  bs_env_set (in->builtins, "Parameter", bs_builtin_new (in, "Parameter", nn_parameter, BS_NONE));
  bs_env_set (in->builtins, "Tensor", bs_builtin_new (in, "Tensor", torch_tensor, BS_NONE));
  bs_env_set (in->builtins, "Size", bs_builtin_new (in, "Size", torch_size, BS_NONE));
  {
    BsValue *slot = bs_env_lookup (in->builtins, "Tensor");

    bs_dict_set_str (td, "Tensor", bs_value_ref (*slot));
    slot = bs_env_lookup (in->builtins, "Size");
    bs_dict_set_str (td, "Size", bs_value_ref (*slot));
    slot = bs_env_lookup (in->builtins, "Parameter");
    bs_dict_set_str (((BsModule *) nn.as.object)->dict, "Parameter", bs_value_ref (*slot));
  }

  bs_module_add (in, functional, "relu", torch_forward);
  bs_module_add (in, functional, "sigmoid", torch_forward);
  bs_module_add (in, functional, "tanh", torch_forward);
  bs_module_add (in, functional, "softmax", torch_forward);
  bs_module_add (in, functional, "log_softmax", torch_forward);
  bs_module_add (in, functional, "mse_loss", f_loss);
  bs_module_add (in, functional, "binary_cross_entropy", f_loss);
  bs_module_add (in, functional, "binary_cross_entropy_with_logits", f_loss);
  bs_module_add (in, functional, "nll_loss", f_loss);
  bs_module_add (in, functional, "cross_entropy", f_loss);
  bs_module_add (in, functional, "linear", f_linear);

  bs_optim_init (in, optim);

  bs_value_unref (torch);
  bs_value_unref (nn);
  bs_value_unref (functional);
  bs_value_unref (autograd);
  bs_value_unref (optim);
}
