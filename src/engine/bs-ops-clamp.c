/* bs-ops-clamp.c: clamp with tensor bounds (ClampBackward0), clamp_min and clamp_max with a
 * tensor bound (ClampMinBackward1, ClampMaxBackward1)
 *
 * clamp(a, min, max) = min(max(a, min), max) elementwise, the three broadcast together; a
 * bound not given is a 0-dim placeholder that args.has_min / has_max mark absent, so the
 * node has PyTorch's three inputs. As PyTorch's clamp_backward and clamp_backward_min_max:
 *   ∂/∂a   = [min ≤ a ≤ max]
 *   ∂/∂min = [a < min and min < max]    (only min: [a < min])
 *   ∂/∂max = [a > max or max < min]     (only max: [a > max])
 * each gradient summed back to its input's shape. clamp_min(a, min) and clamp_max(a, max)
 * compute the same (max(a, min), min(a, max)) with the formulas of one bound, on two inputs.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>

typedef struct {
  BsDType  dtype;
  gboolean has_min;
  gboolean has_max;
} ClampArgs;

static void
clamp_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const ClampArgs *c = user_data;
  char *out = p[0];
  const char *a = p[1], *lo = p[2], *hi = p[3];

  if (bs_dtype_is_integral (c->dtype))
    {
      /* in integers: a double rounds int64's past 2**53 */
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], lo += s[2], hi += s[3])
        {
          gint64 x = bs_dtype_load_int (a, c->dtype);

          if (c->has_min)
            x = MAX (x, bs_dtype_load_int (lo, c->dtype));
          if (c->has_max)
            x = MIN (x, bs_dtype_load_int (hi, c->dtype));
          bs_dtype_store_int (out, c->dtype, x);
        }
      return;
    }
  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], lo += s[2], hi += s[3])
    {
      double x = bs_dtype_load (a, c->dtype);

      if (!isnan (x))
        {
          if (c->has_min)
            {
              double m = bs_dtype_load (lo, c->dtype);

              x = isnan (m) ? m : MAX (x, m);
            }
          if (c->has_max)
            {
              double m = bs_dtype_load (hi, c->dtype);

              x = isnan (m) ? m : MIN (x, m);
            }
        }
      bs_dtype_store (out, c->dtype, x);
    }
}

static BsTensor *
clamp_tensor_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                      GError **error)
{
  BsTensor *given[3];
  guint n_given = 0;
  ClampArgs c = { 0, args->has_min, args->has_max };
  g_autoptr(BsTensor) a = NULL;
  g_autoptr(BsTensor) lo = NULL;
  g_autoptr(BsTensor) hi = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 shape[BS_MAX_DIMS];
  int ndim = in[0]->ndim;
  BsIter iter;

  memcpy (shape, in[0]->shape, ndim * sizeof (gint64));
  given[n_given++] = in[0];
  for (int side = 1; side <= 2; side++)
    if (side == 1 ? args->has_min : args->has_max)
      {
        given[n_given++] = in[side];
        if (!bs_broadcast_shapes (ndim, shape, in[side]->ndim, in[side]->shape, &ndim, shape,
                                  error))
          return NULL;
      }
  c.dtype = bs_result_type (given, n_given);
  a = bs_cast_raw (in[0], c.dtype, error);
  lo = a ? bs_cast_raw (in[1], c.dtype, error) : NULL;
  hi = lo ? bs_cast_raw (in[2], c.dtype, error) : NULL;
  out = hi ? bs_tensor_new (in[0]->context, c.dtype, ndim, shape, error) : NULL;
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, ndim, shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, a);
  bs_iter_add (&iter, lo);
  bs_iter_add (&iter, hi);
  bs_iter_run (&iter, clamp_loop, &c);
  return g_steal_pointer (&out);
}

static void
clamp_tensor_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
  SAVE (2, in[2]);
}

/* grad where mask holds, 0 elsewhere, summed to shape */
static BsTensor *
masked (BsTensor      *grad,
        BsTensor      *mask,
        const gint64  *shape,
        int            ndim,
        GError       **error)
{
  g_autoptr(BsTensor) m = bs_cast_raw (mask, grad->dtype, error);
  g_autoptr(BsTensor) g = m ? bs_mul (grad, m, error) : NULL;

  return g ? bs_sum_to_shape (g, shape, ndim, error) : NULL;
}

static BsTensor *
both (BsTensor *x,
      BsTensor *y,
      gboolean  any,
      GError  **error)
{
  return any ? bs_logical_or (x, y, error) : bs_logical_and (x, y, error);
}

static gboolean
clamp_tensor_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                       GError **error)
{
  GError *local_error = NULL;
  gboolean has_min = node->args.has_min, has_max = node->args.has_max;
  UNPACK (a, 0);
  UNPACK (lo, 1);
  UNPACK (hi, 2);

  if (NEEDS (0))
    {
      g_autoptr(BsTensor) ge = has_min ? bs_compare (a, lo, BS_COMPARE_GE, error) : NULL;
      g_autoptr(BsTensor) le = has_max ? bs_compare (a, hi, BS_COMPARE_LE, error) : NULL;
      g_autoptr(BsTensor) inside = NULL;

      if ((has_min && ge == NULL) || (has_max && le == NULL))
        return FALSE;
      inside = ge && le ? both (ge, le, FALSE, error) : bs_tensor_ref (ge ? ge : le);
      if (inside == NULL
          || (gi[0] = masked (grad, inside, a->shape, a->ndim, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = bs_cast_raw (inside, grad->dtype, NULL);
    }
  if (has_min && NEEDS (1))
    {
      g_autoptr(BsTensor) below = bs_compare (a, lo, BS_COMPARE_LT, error);
      g_autoptr(BsTensor) ordered = below && has_max ? bs_compare (lo, hi, BS_COMPARE_LT, error)
                                                     : NULL;
      g_autoptr(BsTensor) mask = NULL;

      if (below == NULL || (has_max && ordered == NULL))
        return FALSE;
      mask = has_max ? both (below, ordered, FALSE, error) : bs_tensor_ref (below);
      if (mask == NULL || (gi[1] = masked (grad, mask, lo->shape, lo->ndim, error)) == NULL)
        return FALSE;
    }
  if (has_max && NEEDS (2))
    {
      g_autoptr(BsTensor) above = bs_compare (a, hi, BS_COMPARE_GT, error);
      g_autoptr(BsTensor) crossed = above && has_min ? bs_compare (hi, lo, BS_COMPARE_LT, error)
                                                     : NULL;
      g_autoptr(BsTensor) mask = NULL;

      if (above == NULL || (has_min && crossed == NULL))
        return FALSE;
      mask = has_min ? both (above, crossed, TRUE, error) : bs_tensor_ref (above);
      if (mask == NULL || (gi[2] = masked (grad, mask, hi->shape, hi->ndim, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_clamp_tensor = {
  .name = "clamp", .grad_fn_name = "ClampBackward0", .symbol = "clamp", .n_inputs = 3,
  .forward = clamp_tensor_forward, .save = clamp_tensor_save, .backward = clamp_tensor_backward,
  .formulas = { "∂clamp(a,min,max)/∂a = [min ≤ a ≤ max]", "∂clamp(a,min,max)/∂min = [a < min]",
                "∂clamp(a,min,max)/∂max = [a > max]" },
};

BsTensor *
bs_clamp_tensor (BsTensor *a, BsTensor *min, BsTensor *max, GError **error)
{
  return bs_clamp_tensor_full (a, min, max, FALSE, error);
}

/* clamp_min / clamp_max with a tensor bound: clamp's forward and formulas with one bound,
 * on the node's two inputs (args.has_min says which) */
static BsTensor *
clamp_bound_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  BsTensor *three[3] = { in[0], args->has_min ? in[1] : in[0], args->has_max ? in[1] : in[0] };

  return clamp_tensor_forward (three, 3, args, extra, error);
}

static void
clamp_bound_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
}

static gboolean
clamp_bound_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                      GError **error)
{
  GError *local_error = NULL;
  gboolean is_min = node->args.has_min;
  UNPACK (a, 0);
  UNPACK (bound, 1);

  if (NEEDS (0))
    {
      g_autoptr(BsTensor) inside = bs_compare (a, bound, is_min ? BS_COMPARE_GE : BS_COMPARE_LE,
                                               error);

      if (inside == NULL || (gi[0] = masked (grad, inside, a->shape, a->ndim, error)) == NULL)
        return FALSE;
      if (WANTS_LOCALS ())
        locals[0] = bs_cast_raw (inside, grad->dtype, NULL);
    }
  if (NEEDS (1))
    {
      g_autoptr(BsTensor) beyond = bs_compare (a, bound, is_min ? BS_COMPARE_LT : BS_COMPARE_GT,
                                               error);

      if (beyond == NULL
          || (gi[1] = masked (grad, beyond, bound->shape, bound->ndim, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_clamp_min_tensor = {
  .name = "clamp_min", .grad_fn_name = "ClampMinBackward1", .symbol = "clamp_min",
  .n_inputs = 2, .forward = clamp_bound_forward, .save = clamp_bound_save,
  .backward = clamp_bound_backward,
  .formulas = { "∂clamp_min(a,min)/∂a = [a ≥ min]", "∂clamp_min(a,min)/∂min = [a < min]" },
};

const BsOpInfo bs_op_clamp_max_tensor = {
  .name = "clamp_max", .grad_fn_name = "ClampMaxBackward1", .symbol = "clamp_max",
  .n_inputs = 2, .forward = clamp_bound_forward, .save = clamp_bound_save,
  .backward = clamp_bound_backward,
  .formulas = { "∂clamp_max(a,max)/∂a = [a ≤ max]", "∂clamp_max(a,max)/∂max = [a > max]" },
};

/* clamp(a, min, max) with tensor bounds (either may be NULL), out of place or in place */
BsTensor *
bs_clamp_tensor_full (BsTensor  *a,
                      BsTensor  *min,
                      BsTensor  *max,
                      gboolean   inplace,
                      GError   **error)
{
  g_autoptr(BsTensor) none = bs_tensor_new_wrapped_number (a->context, 0.0, FALSE);
  BsTensor *in[3] = { a, min != NULL ? min : none, max != NULL ? max : none };
  BsOpArgs args;

  if (min == NULL && max == NULL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "torch.clamp: At least one of 'min' or 'max' must not be None");
      return NULL;
    }
  bs_op_args_init (&args);
  args.has_min = min != NULL;
  args.has_max = max != NULL;
  return inplace ? bs_op_apply_inplace (BS_OP_CLAMP_TENSOR, in, 3, &args, error)
                 : bs_op_apply (BS_OP_CLAMP_TENSOR, in, 3, &args, error);
}

/* clamp_min(a, bound) (is_min) or clamp_max(a, bound) with a tensor bound */
BsTensor *
bs_clamp_bound_tensor (BsTensor  *a,
                       BsTensor  *bound,
                       gboolean   is_min,
                       gboolean   inplace,
                       GError   **error)
{
  BsTensor *in[2] = { a, bound };
  BsOp op = is_min ? BS_OP_CLAMP_MIN_TENSOR : BS_OP_CLAMP_MAX_TENSOR;
  BsOpArgs args;

  bs_op_args_init (&args);
  args.has_min = is_min;
  args.has_max = !is_min;
  return inplace ? bs_op_apply_inplace (op, in, 2, &args, error)
                 : bs_op_apply (op, in, 2, &args, error);
}
