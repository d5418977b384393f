/* bs-torch-factories.c: the torch functions that make tensors, and torch's other plain
 * functions, declared by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

#include "bs-generator.h"

typedef enum {
  FILL_ZEROS,
  FILL_ONES,
  FILL_VALUE,
  FILL_EMPTY,
  FILL_UNIFORM,
  FILL_NORMAL,
} Fill;

static gboolean
has_named (BsCall     *call,
           const char *name)
{
  int i = bs_call_param_index (call, name);

  return i >= 0 && bs_call_has (call, i);
}

/* dtype=, device=, requires_grad= and the options Backstep does not have; *dtype keeps its
 * value when dtype= is not given */
static gboolean
factory_options (BsInterp *in,
                 BsCall   *call,
                 BsDType  *dtype,
                 gboolean *requires_grad)
{
  int i;

  if (has_named (call, "names"))
    return bs_raise (in, "NotImplementedError", "%s(names=...): Backstep has no named tensors",
                     call->sig->name);
  if (has_named (call, "pin_memory")
      && bs_call_bool (call, bs_call_param_index (call, "pin_memory")))
    return bs_raise (in, "RuntimeError", "Pinned memory requires CUDA.");
  if (has_named (call, "layout"))
    return bs_raise (in, "NotImplementedError", "%s(layout=...) is not supported by Backstep",
                     call->sig->name);
  i = bs_call_param_index (call, "device");
  if (i >= 0 && !bs_torch_check_device (in, bs_call_value (call, i)))
    return FALSE;
  i = bs_call_param_index (call, "dtype");
  if (i >= 0)
    *dtype = bs_call_dtype (call, i, *dtype);
  i = bs_call_param_index (call, "requires_grad");
  *requires_grad = i >= 0 && bs_call_has (call, i) && bs_call_bool (call, i);
  return TRUE;
}

static gboolean
finish (BsInterp *in,
        BsCall   *call,
        BsTensor *t,
        gboolean  requires_grad,
        BsValue  *r)
{
  GError *error = NULL;

  if (requires_grad && !bs_dtype_is_floating (t->dtype))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "Only Tensors of floating point and complex dtype "
                       "can require gradients");
    }
  if (requires_grad && !bs_tensor_set_requires_grad (t, TRUE, &error))
    {
      bs_tensor_unref (t);
      return bs_raise_gerror (in, error);
    }
  return bs_call_return_tensor (call, t, NULL, r);
}

static gboolean
check_sizes (BsInterp     *in,
             const gint64 *shape,
             int           ndim)
{
  g_autoptr(GString) list = g_string_new ("[");

  for (int i = 0; i < ndim; i++)
    g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", shape[i]);
  g_string_append_c (list, ']');
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return bs_raise (in, "RuntimeError", "Trying to create tensor with negative dimension %"
                       G_GINT64_FORMAT ": %s", shape[i], list->str);
  return TRUE;
}

/* Fills t as the row says (uniform and normal from the generator= parameter, or the
 * default generator). */
static gboolean
fill_tensor (BsInterp   *in,
             BsCall     *call,
             BsTensor   *t,
             Fill        fill)
{
  BsGenerator *generator = bs_call_generator (call, bs_call_param_index (call, "generator"));
  GError *error = NULL;

  switch (fill)
    {
    case FILL_UNIFORM:
    case FILL_NORMAL:
      if (!bs_dtype_is_floating (t->dtype))
        return bs_raise (in, "RuntimeError", "\"%s\" not implemented for '%s'",
                         fill == FILL_NORMAL ? "normal_kernel_cpu" : "check_uniform_bounds",
                         bs_dtype_scalar_name (t->dtype));
      if (fill == FILL_NORMAL
          && !bs_generator_check_normal (t->dtype, bs_tensor_numel (t), &error))
        return bs_raise_gerror (in, error);
      if (fill == FILL_NORMAL)
        bs_generator_fill_normal (generator, t->dtype, bs_tensor_data (t),
                                  bs_tensor_numel (t), 0.0, 1.0);
      else
        bs_generator_fill_uniform (generator, t->dtype, bs_tensor_data (t),
                                   bs_tensor_numel (t), 0.0, 1.0);
      return TRUE;
    case FILL_ONES:
    case FILL_VALUE:
    case FILL_ZEROS:
    case FILL_EMPTY:
    default:
      return TRUE;
    }
}

/* zeros(size), ones, full(size, fill_value), empty, rand, randn: the row's data is the Fill */
static gboolean
factory (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  Fill fill = (Fill) bs_call_data (call);
  gint64 shape[BS_MAX_DIMS];
  int ndim = bs_call_int_list (call, 0, shape);
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  double value = 0.0;
  GError *error = NULL;
  BsTensor *t;

  if (ndim < 0)
    return FALSE;
  if (fill == FILL_VALUE)
    {
      BsValue v = bs_call_scalar (call, 1);

      value = bs_call_double (call, 1);
      if (v.type == BS_VALUE_BOOL)
        dtype = BS_DTYPE_BOOL;
      else if (v.type == BS_VALUE_INT)
        dtype = BS_DTYPE_INT64;
    }
  if (!factory_options (in, call, &dtype, &rg) || !check_sizes (in, shape, ndim))
    return FALSE;
  if (fill == FILL_VALUE && !bs_check_scalar_fits (in, bs_call_value (call, 1), dtype))
    return FALSE;
  t = bs_tensor_new_full (in->context, dtype, ndim, shape,
                          fill == FILL_ONES ? 1.0 : value, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (fill == FILL_VALUE && dtype == BS_DTYPE_INT64
      && bs_call_scalar (call, 1).type == BS_VALUE_INT)
    {
      gint64 exact = bs_call_scalar (call, 1).as.integer, n = bs_tensor_numel (t);

      for (gint64 i = 0; i < n; i++)
        ((gint64 *) bs_tensor_data (t))[i] = exact;
    }
  if (!fill_tensor (in, call, t, fill))
    {
      bs_tensor_unref (t);
      return FALSE;
    }
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

/* A new leaf of this shape, filled as fill says (FILL_VALUE: with argument value_arg) */
static gboolean
make_filled (BsInterp     *in,
             BsCall       *call,
             Fill          fill,
             BsDType       dtype,
             gboolean      rg,
             int           ndim,
             const gint64 *shape,
             guint         value_arg,
             BsValue      *r)
{
  gint64 exact;
  GError *error = NULL;
  BsTensor *t;

  if (fill == FILL_VALUE && !bs_check_scalar_fits (in, bs_call_value (call, value_arg), dtype))
    return FALSE;
  if (fill == FILL_VALUE && bs_call_exact_int (call, value_arg, dtype, &exact))
    t = bs_tensor_new_full_int (in->context, dtype, ndim, shape, exact, &error);
  else
    t = bs_tensor_new_full (in->context, dtype, ndim, shape,
                            fill == FILL_ONES ? 1.0
                            : fill == FILL_VALUE ? bs_call_double (call, value_arg) : 0.0,
                            &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (!fill_tensor (in, call, t, fill))
    {
      bs_tensor_unref (t);
      return FALSE;
    }
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

/* zeros_like(input), ones_like, full_like(input, fill_value), empty_like, rand_like,
 * randn_like */
static gboolean
like (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  BsTensor *src = bs_call_tensor (call, 0);
  BsDType dtype = src->dtype;
  gboolean rg;

  if (!factory_options (in, call, &dtype, &rg))
    return FALSE;
  return make_filled (in, call, (Fill) bs_call_data (call), dtype, rg, src->ndim, src->shape, 1,
                      r);
}

/* Tensor.new_zeros(size), new_ones, new_empty, new_full(size, fill_value): in self's dtype
 * unless dtype= says otherwise */
static gboolean
new_filled (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim = bs_call_int_list (call, 1, shape);
  BsDType dtype = bs_call_self (call)->dtype;
  gboolean rg;

  if (ndim < 0)
    return FALSE;
  if (!factory_options (in, call, &dtype, &rg) || !check_sizes (in, shape, ndim))
    return FALSE;
  return make_filled (in, call, (Fill) bs_call_data (call), dtype, rg, ndim, shape, 2, r);
}

/* randint(high, size), randint(low, high, size) */
static gboolean
randint (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  gboolean has_low = strcmp (call->sig->params[0].name, "low") == 0;
  gint64 low = has_low ? bs_call_int (call, 0) : 0;
  gint64 high = bs_call_int (call, has_low ? 1 : 0);
  gint64 shape[BS_MAX_DIMS];
  int ndim = bs_call_int_list (call, has_low ? 2 : 1, shape);
  BsDType dtype = BS_DTYPE_INT64;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;

  if (ndim < 0)
    return FALSE;
  if (!factory_options (in, call, &dtype, &rg) || !check_sizes (in, shape, ndim))
    return FALSE;
  /* the narrow integer types' bounds, named by their C types as PyTorch does */
  if (low < high && bs_dtype_is_integral (dtype) && dtype != BS_DTYPE_INT64)
    {
      const char *c_type = dtype == BS_DTYPE_INT32 ? "int" : dtype == BS_DTYPE_INT16 ? "short"
                         : dtype == BS_DTYPE_INT8 ? "signed char" : "unsigned char";

      if (low < bs_dtype_int_min (dtype) || low > bs_dtype_int_max (dtype))
        return bs_raise (in, "RuntimeError", "from is out of bounds for %s", c_type);
      if (high - 1 > bs_dtype_int_max (dtype))
        return bs_raise (in, "RuntimeError", "to - 1 is out of bounds for %s", c_type);
    }
  t = bs_tensor_new (in->context, dtype, ndim, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (!bs_generator_fill_randint (bs_call_generator (call, bs_call_param_index (call, "generator")),
                                  dtype, bs_tensor_data (t), bs_tensor_numel (t), low, high))
    {
      bs_tensor_unref (t);
      return bs_raise (in, "RuntimeError", "random_ expects 'from' to be less than 'to', but got "
                       "from=%" G_GINT64_FORMAT " >= to=%" G_GINT64_FORMAT, low, high);
    }
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

/* arange(end), arange(start, end), arange(start, end, step) */
static gboolean
arange (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  guint n_bounds = call->sig->params[0].name[0] == 'e' ? 1
                   : strcmp (call->sig->params[2].name, "step") == 0 ? 3 : 2;
  double v[3] = { 0, 0, 1 };
  gboolean all_int = TRUE;
  BsDType dtype;
  gboolean rg;
  gint64 n;
  g_autofree double *values = NULL;
  GError *error = NULL;
  BsTensor *t;

  for (guint i = 0; i < n_bounds; i++)
    {
      BsValue s = bs_call_scalar (call, i);

      v[n_bounds == 1 ? 1 : i] = bs_call_double (call, i);
      all_int &= s.type == BS_VALUE_INT || s.type == BS_VALUE_BOOL;
    }
  dtype = all_int ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT32;
  if (!factory_options (in, call, &dtype, &rg))
    return FALSE;
  if (v[2] == 0)
    return bs_raise (in, "RuntimeError", "step must be nonzero");
  if (!isfinite (v[0]) || !isfinite (v[1]))
    return bs_raise (in, "RuntimeError", "unsupported range: %g -> %g", v[0], v[1]);
  n = (gint64) ceil ((v[1] - v[0]) / v[2]);
  if (all_int)
    {
      /* in integers: past 2**53 the doubles would count one too many or too few */
      gint64 start = n_bounds == 1 ? 0 : bs_call_int (call, 0);
      gint64 end = bs_call_int (call, n_bounds == 1 ? 0 : 1);
      gint64 step = n_bounds == 3 ? bs_call_int (call, 2) : 1;
      gint64 span;

      if (step != 0 && !__builtin_sub_overflow (end, start, &span))
        n = span / step + (span % step != 0 && (span < 0) == (step < 0));
    }
  if (n < 0)
    return bs_raise (in, "RuntimeError", "upper bound and larger bound inconsistent with step "
                     "sign");
  if (n > (1 << 26))
    return bs_raise (in, "MemoryError", "arange() too large");
  if (all_int && dtype == BS_DTYPE_INT64)
    {
      /* exactly, past 2**53 too */
      gint64 start = n_bounds == 1 ? 0 : bs_call_int (call, 0);
      gint64 step = n_bounds == 3 ? bs_call_int (call, 2) : 1;

      t = bs_tensor_new (in->context, dtype, 1, &n, &error);
      for (gint64 i = 0; t != NULL && i < n; i++)
        ((gint64 *) bs_tensor_data (t))[i] = (gint64) ((guint64) start + (guint64) i * step);
    }
  else
    {
      values = g_new (double, MAX (n, 1));
      for (gint64 i = 0; i < n; i++)
        values[i] = v[0] + i * v[2];
      t = bs_tensor_new_from_doubles (in->context, dtype, 1, &n, values, &error);
    }
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

/* PyTorch 1.13's CPU linspace as its AVX2 kernel computes it, bit for bit: in the dtype,
 * the first half start + step·i and the rest end - step·(n - 1 - i), each one fused
 * multiply-add; in blocks of two vectors (8 floats or 4 doubles each) while they last,
 * a vector's first element as above and the others base + k·step, rounded twice. */
#define LINSPACE_KERNEL(name, T, FMA, LANES) \
  static T \
  name##_at (T start, T end, T step, gint64 steps, gint64 i) \
  { \
    return i < steps / 2 ? FMA (step, (T) i, start) : FMA (-step, (T) (steps - i - 1), end); \
  } \
 \
  static void \
  name (T start, T end, gint64 steps, T *out) \
  { \
    T step = steps > 1 ? (end - start) / (T) (steps - 1) : (T) 0; \
    gint64 vectors_end = steps / (2 * (LANES)) * (2 * (LANES)), i = 0; \
 \
    for (; i < vectors_end; i += (LANES)) \
      { \
        out[i] = name##_at (start, end, step, steps, i); \
        for (int k = 1; k < (LANES); k++) \
          { \
            volatile T offset = (T) k * step; \
 \
            out[i + k] = out[i] + offset; \
          } \
      } \
    for (; i < steps; i++) \
      out[i] = name##_at (start, end, step, steps, i); \
  }

LINSPACE_KERNEL (linspace_float, float, fmaf, 8)
LINSPACE_KERNEL (linspace_double, double, fma, 4)

static gboolean
linspace (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  double start = bs_call_double (call, 0), end = bs_call_double (call, 1);
  gint64 steps = bs_call_int (call, 2);
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  g_autofree double *values = NULL;
  GError *error = NULL;
  BsTensor *t;

  if (!factory_options (in, call, &dtype, &rg))
    return FALSE;
  if (steps < 0)
    return bs_raise (in, "RuntimeError", "number of steps must be non-negative");
  if (steps > (1 << 26))
    return bs_raise (in, "MemoryError", "linspace() too large");
  if (dtype == BS_DTYPE_FLOAT32 || dtype == BS_DTYPE_FLOAT64)
    {
      t = bs_tensor_new_uninit (in->context, dtype, 1, &steps, &error);
      if (t != NULL && dtype == BS_DTYPE_FLOAT32)
        linspace_float ((float) start, (float) end, steps, bs_tensor_data (t));
      else if (t != NULL)
        linspace_double (start, end, steps, bs_tensor_data (t));
    }
  else
    {
      double step = steps > 1 ? (end - start) / (steps - 1) : 0.0;
      gint64 half = steps / 2;

      values = g_new (double, MAX (steps, 1));
      /* PyTorch fills the first half from start and the second from end */
      for (gint64 i = 0; i < steps; i++)
        values[i] = i < half ? start + step * i : end - step * (steps - i - 1);
      t = bs_tensor_new_from_doubles (in->context, dtype, 1, &steps, values, &error);
    }
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

static gboolean
eye (BsInterp *in,
     BsCall   *call,
     BsValue  *r)
{
  gint64 n = bs_call_int (call, 0);
  gint64 m = strcmp (call->sig->params[1].name, "m") == 0 ? bs_call_int (call, 1) : n;
  gint64 shape[2] = { n, m };
  BsDType dtype = BS_DTYPE_FLOAT32;
  gboolean rg;
  GError *error = NULL;
  BsTensor *t;

  if (!factory_options (in, call, &dtype, &rg))
    return FALSE;
  if (n < 0 || m < 0)
    return bs_raise (in, "RuntimeError", "%s must be greater or equal to 0, got %" G_GINT64_FORMAT,
                     n < 0 ? "n" : "m", n < 0 ? n : m);
  t = bs_tensor_new (in->context, dtype, 2, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  for (gint64 i = 0; i < MIN (n, m); i++)
    bs_tensor_set (t, i * m + i, 1.0);
  bs_tensor_announce_leaf (t);
  return finish (in, call, t, rg, r);
}

/* cat(tensors, dim), stack(tensors, dim): data 1 for stack */
static gboolean
join (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  guint n;
  BsTensor **tensors = bs_call_tensor_list (call, 0, &n);
  GError *error = NULL;
  int dim = (int) CLAMP (bs_call_int (call, 1), -1000, 1000);

  return bs_call_return_tensor (call, bs_call_data (call) ? bs_stack (tensors, n, dim, &error)
                                                          : bs_cat (tensors, n, dim, &error),
                                &error, r);
}

/* where(condition, input, other), numbers in either place */
static gboolean
where (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  g_autoptr(BsTensor) x = bs_torch_operand (in, call->values[1]);
  g_autoptr(BsTensor) y = bs_torch_operand (in, call->values[2]);
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_where (bs_call_tensor (call, 0), x, y, &error), &error,
                                r);
}

/* x.where(condition, other) */
static gboolean
where_method (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_where (bs_call_tensor (call, 1), bs_call_self (call),
                                                bs_call_tensor (call, 2), &error), &error, r);
}

static gboolean
where_nonzero (BsInterp *in,
               BsCall   *call,
               BsValue  *r)
{
  return bs_torch_nonzero_tuple (in, bs_call_tensor (call, 0), r);
}

static gboolean
is_tensor (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  *r = BS_BOOL (bs_value_tensor (bs_call_value (call, 0)) != NULL);
  return TRUE;
}

static gboolean
is_grad_enabled (BsInterp *in,
                 BsCall   *call,
                 BsValue  *r)
{
  *r = BS_BOOL (in->context->grad_enabled);
  return TRUE;
}

static gboolean
is_inference_mode_enabled (BsInterp *in,
                           BsCall   *call,
                           BsValue  *r)
{
  *r = BS_BOOL (in->context->inference_mode);
  return TRUE;
}

static gboolean
option_int (BsInterp *in,
            BsCall   *call,
            guint     i,
            gint64    lo,
            gint64    hi,
            int      *out)
{
  gint64 v;

  if (!bs_call_has (call, i))
    return TRUE;
  if (!bs_to_int (in, bs_call_value (call, i), &v))
    return FALSE;
  *out = (int) CLAMP (v, lo, hi);
  return TRUE;
}

/* set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
 * profile=None, sci_mode=None) */
static gboolean
set_printoptions (BsInterp *in,
                  BsCall   *call,
                  BsValue  *r)
{
  BsPrintOptions *o = &in->print_options;

  if (bs_call_has (call, 4))
    {
      const char *profile = bs_value_str (bs_call_value (call, 4));

      if (profile == NULL || !bs_print_options_set_profile (o, profile))
        return bs_raise (in, "ValueError", "unknown print profile");
    }
  if (!option_int (in, call, 0, 0, 100, &o->precision)
      || !option_int (in, call, 2, 0, 1000, &o->edgeitems)
      || !option_int (in, call, 3, 0, 100000, &o->linewidth))
    return FALSE;
  if (bs_call_has (call, 1) && !bs_to_double (in, bs_call_value (call, 1), &o->threshold))
    return FALSE;
  if (!bs_call_has (call, 5))
    o->sci_mode = BS_SCI_MODE_DEFAULT;
  else
    o->sci_mode = bs_value_truthy (bs_call_value (call, 5)) ? BS_SCI_MODE_ON : BS_SCI_MODE_OFF;
  *r = BS_NONE;
  return TRUE;
}

#define OPTIONS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, " \
                "bool? pin_memory=False, bool? requires_grad=False)"
#define SIZED(name, fill) \
  { "torch", BS_SIG_TORCH, #name "(IntArrayRef size, *, DimnameList? names, " OPTIONS, factory, \
    fill }, \
  { "torch", BS_SIG_TORCH, #name "(SymIntArrayRef size, *, Tensor out=None, " OPTIONS, factory, \
    fill }
#define RANDOM(name, fill) \
  { "torch", BS_SIG_TORCH, #name "(IntArrayRef size, *, Generator? generator, " \
    "DimnameList? names, " OPTIONS, factory, fill }, \
  { "torch", BS_SIG_TORCH, #name "(IntArrayRef size, *, Generator? generator, " \
    "Tensor out=None, " OPTIONS, factory, fill }, \
  { "torch", BS_SIG_TORCH, #name "(IntArrayRef size, *, Tensor out=None, " OPTIONS, factory, \
    fill }, \
  { "torch", BS_SIG_TORCH, #name "(IntArrayRef size, *, DimnameList? names, " OPTIONS, factory, \
    fill }
#define NEW(name, fill) \
  { "Tensor", BS_SIG_TORCH, #name "(Tensor input, SymIntArrayRef size, *, " OPTIONS, \
    new_filled, fill }
#define LIKE(name, fill) \
  { "torch", BS_SIG_TORCH, #name "(Tensor input, *, MemoryFormat? memory_format=None, " \
    OPTIONS, like, fill }

static const BsSignatureRow rows[] = {
  SIZED (zeros, FILL_ZEROS),
  SIZED (ones, FILL_ONES),
  { "torch", BS_SIG_TORCH, "full(IntArrayRef size, Scalar fill_value, *, DimnameList? names, "
    OPTIONS, factory, FILL_VALUE },
  { "torch", BS_SIG_TORCH, "full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, "
    OPTIONS, factory, FILL_VALUE },
  { "torch", BS_SIG_TORCH, "empty(IntArrayRef size, *, DimnameList? names, "
    "MemoryFormat? memory_format=None, " OPTIONS, factory, FILL_EMPTY },
  { "torch", BS_SIG_TORCH, "empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, "
    "Tensor out=None, " OPTIONS, factory, FILL_EMPTY },
  RANDOM (rand, FILL_UNIFORM),
  RANDOM (randn, FILL_NORMAL),
  { "torch", BS_SIG_TORCH, "randint(int64_t high, IntArrayRef size, *, Generator? generator, "
    "Tensor out=None, " OPTIONS, randint, 0 },
  { "torch", BS_SIG_TORCH, "randint(int64_t high, IntArrayRef size, *, Tensor out=None, "
    OPTIONS, randint, 0 },
  { "torch", BS_SIG_TORCH, "randint(int64_t low, int64_t high, IntArrayRef size, *, "
    "Generator? generator, Tensor out=None, " OPTIONS, randint, 0 },
  { "torch", BS_SIG_TORCH, "randint(int64_t low, int64_t high, IntArrayRef size, *, "
    "Tensor out=None, " OPTIONS, randint, 0 },
  LIKE (zeros_like, FILL_ZEROS),
  LIKE (ones_like, FILL_ONES),
  LIKE (empty_like, FILL_EMPTY),
  LIKE (rand_like, FILL_UNIFORM),
  LIKE (randn_like, FILL_NORMAL),
  NEW (new_zeros, FILL_ZEROS),
  NEW (new_ones, FILL_ONES),
  NEW (new_empty, FILL_EMPTY),
  { "Tensor", BS_SIG_TORCH, "new_full(Tensor input, SymIntArrayRef size, Scalar fill_value, *, "
    OPTIONS, new_filled, FILL_VALUE },
  { "torch", BS_SIG_TORCH, "full_like(Tensor input, Scalar fill_value, *, "
    "MemoryFormat? memory_format=None, " OPTIONS, like, FILL_VALUE },
  { "torch", BS_SIG_TORCH, "arange(Scalar end, *, Tensor out=None, " OPTIONS, arange, 0 },
  { "torch", BS_SIG_TORCH, "arange(Scalar start, Scalar end, *, " OPTIONS, arange, 0 },
  { "torch", BS_SIG_TORCH, "arange(Scalar start, Scalar end, Scalar step=1, *, "
    "Tensor out=None, " OPTIONS, arange, 0 },
  { "torch", BS_SIG_TORCH, "linspace(Scalar start, Scalar end, int64_t steps, *, "
    "Tensor out=None, " OPTIONS, linspace, 0 },
  { "torch", BS_SIG_TORCH, "eye(int64_t n, *, Tensor out=None, " OPTIONS, eye, 0 },
  { "torch", BS_SIG_TORCH, "eye(int64_t n, int64_t m, *, Tensor out=None, " OPTIONS, eye, 0 },
  { "torch", BS_SIG_TORCH, "cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)", join,
    0 },
  { "torch", BS_SIG_TORCH, "cat(TensorList tensors, Dimname dim, *, Tensor out=None)",
    bs_torch_refuse_named, 0 },
  { "torch", BS_SIG_TORCH, "stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)", join,
    1 },
  { "torch", BS_SIG_TORCH, "where(Tensor condition, Tensor input, Tensor other, *, "
    "Tensor out=None)", where, 0 },
  { "torch", BS_SIG_TORCH, "where(Tensor condition, Scalar self, Tensor other)", where, 0 },
  { "torch", BS_SIG_TORCH, "where(Tensor condition, Tensor input, Scalar other)", where, 0 },
  { "torch", BS_SIG_TORCH, "where(Tensor condition, Scalar self, Scalar other)", where, 0 },
  { "torch", BS_SIG_TORCH, "where(Tensor condition)", where_nonzero, 0 },
  { "Tensor", BS_SIG_TORCH, "where(Tensor self, Tensor condition, Tensor other)", where_method,
    0 },
  { "torch", BS_SIG_PYTHON, "is_tensor(obj)", is_tensor, 0 },
  { "torch", BS_SIG_BUILTIN, "torch.is_grad_enabled()", is_grad_enabled, 0 },
  { "torch", BS_SIG_BUILTIN, "torch.is_inference_mode_enabled()", is_inference_mode_enabled,
    0 },
  { "torch", BS_SIG_PYTHON, "set_printoptions(precision=None, threshold=None, edgeitems=None, "
    "linewidth=None, profile=None, sci_mode=None)", set_printoptions, 0 },
};

const BsSignatureTable bs_torch_factories_table = BS_SIGNATURE_TABLE (rows);
