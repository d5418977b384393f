/* bs-np-shape.c: numpy's shape functions: reshape, transpose, squeeze, expand_dims,
 * flatten, ravel, concatenate, stack, vstack, hstack */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <string.h>

#include "bs-builtins-private.h"

gboolean
bs_np_raise_class (BsInterp   *in,
                   const char *key,
                   const char *base,
                   const char *message)
{
  const char *dot = strrchr (key, '.');
  g_autofree char *module = dot != NULL ? g_strdup_printf ("numpy.%.*s", (int) (dot - key), key)
                                        : g_strdup ("numpy");
  BsValue m, klass = BS_NONE, exc, arg;
  gboolean ok;

  if (bs_dict_get_str (in->modules, module, &m))
    bs_dict_get_str (((BsModule *) m.as.object)->dict, dot != NULL ? dot + 1 : key, &klass);
  if (bs_value_is_none (klass))
    return bs_raise (in, base, "%s", message);
  arg = bs_str_value (in, message);
  ok = bs_call_simple (in, klass, &arg, 1, &exc);
  bs_value_unref (arg);
  return ok ? bs_raise_value (in, exc) : FALSE;
}

/* numpy raises AxisError(axis, ndim, None): its repr shows them, its str the message */
gboolean
bs_np_raise_axis (BsInterp *in,
                  gint64    axis,
                  int       ndim)
{
  BsValue np, klass = BS_NONE, exc;
  BsValue args[3] = { BS_INT (axis), BS_INT (ndim), BS_NONE };

  if (bs_dict_get_str (in->modules, "numpy", &np))
    bs_dict_get_str (((BsModule *) np.as.object)->dict, "AxisError", &klass);
  if (bs_value_is_none (klass))
    return bs_raise (in, "ValueError", "axis %" G_GINT64_FORMAT " is out of bounds for array "
                     "of dimension %d", axis, ndim);
  if (!bs_call_simple (in, klass, args, 3, &exc))
    return FALSE;
  return bs_raise_value (in, exc);
}

gboolean
bs_np_axis (BsInterp *in,
            BsValue   v,
            int       ndim,
            int      *axis)
{
  gint64 a;

  if (!bs_to_int (in, v, &a))
    return FALSE;
  if (a < -ndim || a >= ndim)
    return bs_np_raise_axis (in, a, ndim);
  *axis = (int) (a < 0 ? a + ndim : a);
  return TRUE;
}

/* The tensor of an ndarray receiver, or of the first argument of a numpy function
 * (new reference) */
BsTensor *
bs_np_call_array (BsCall *call)
{
  if (bs_np_tensor_of (call->self) != NULL)
    return bs_tensor_ref (bs_np_tensor_of (call->self));
  return bs_np_as_tensor_shared (call->in, bs_np_value (call, 0), FALSE, BS_DTYPE_FLOAT64);
}

static gboolean
finish (BsInterp *in,
        BsTensor *t,
        GError   *error,
        BsValue  *r)
{
  if (t == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

static gboolean
reshape (BsInterp *in,
         BsTensor *a,
         BsValue   shape_value,
         BsValue  *r)
{
  gint64 shape[BS_MAX_DIMS], known = 1, numel = bs_tensor_numel (a);
  int ndim, infer = -1;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;

  if (!bs_np_shape_arg_any (in, shape_value, shape, &ndim))
    return FALSE;
  for (int i = 0; i < ndim; i++)
    {
      if (shape[i] == -1 && infer < 0)
        infer = i;
      else if (shape[i] == -1)
        return bs_raise (in, "ValueError", "can only specify one unknown dimension");
      else if (shape[i] < 0)
        return bs_raise (in, "ValueError", "negative dimensions not allowed");
      else
        known *= shape[i];
    }
  if (infer >= 0 && known != 0 && numel % known == 0)
    shape[infer] = numel / known;
  else if (infer >= 0)
    known = -1;
  if (known != numel && infer < 0 ? TRUE : known < 0)
    {
      GString *s = g_string_new ("(");

      for (int i = 0; i < ndim; i++)
        g_string_append_printf (s, "%" G_GINT64_FORMAT "%s", shape[i],
                                ndim == 1 ? "," : i + 1 < ndim ? "," : "");
      g_string_append (s, ")");
      bs_raise (in, "ValueError", "cannot reshape array of size %" G_GINT64_FORMAT " into "
                "shape %s", numel, s->str);
      g_string_free (s, TRUE);
      return FALSE;
    }
  bs_np_quiet_begin (in, &quiet);
  t = bs_reshape (a, shape, ndim, &error);
  bs_np_quiet_end (&quiet);
  return finish (in, t, error, r);
}

/* a.reshape(2, 3), a.reshape((2, 3)) */
DECLARED (array_reshape)
{
  gsize n;
  BsValue *args = bs_value_items (bs_np_value (call, 1), &n);
  BsValue shape;
  gboolean ok;

  if (!bs_np_refuse_order (call))
    return FALSE;
  if (n == 0)
    return bs_raise (in, "TypeError", "reshape() takes exactly 1 argument (0 given)");
  shape = n == 1 ? bs_value_ref (args[0]) : bs_tuple_from (in, args, n);
  ok = reshape (in, bs_np_tensor_of (call->self), shape, r);
  bs_value_unref (shape);
  return ok;
}

DECLARED (np_reshape)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);

  if (a == NULL || !bs_np_refuse_order (call))
    return FALSE;
  return reshape (in, a, bs_np_value (call, 1), r);
}

static gboolean
transpose (BsInterp *in,
           BsTensor *a,
           BsValue   axes_value,
           BsValue  *r)
{
  gint64 axes[BS_MAX_DIMS];
  gboolean seen[BS_MAX_DIMS] = { FALSE };
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;

  if (bs_value_is_none (axes_value))
    for (int i = 0; i < a->ndim; i++)
      axes[i] = a->ndim - 1 - i;
  else
    {
      gsize n;
      BsValue *items = bs_value_items (axes_value, &n);

      if (items == NULL)
        return bs_raise (in, "TypeError", "'%s' object is not iterable",
                         bs_type_name (axes_value));
      if ((int) n != a->ndim)
        return bs_raise (in, "ValueError", "axes don't match array");
      for (gsize i = 0; i < n; i++)
        {
          int axis;

          if (!bs_np_axis (in, items[i], a->ndim, &axis))
            return FALSE;
          if (seen[axis])
            return bs_raise (in, "ValueError", "repeated axis in transpose");
          seen[axis] = TRUE;
          axes[i] = axis;
        }
    }
  bs_np_quiet_begin (in, &quiet);
  t = bs_permute (a, axes, a->ndim, &error);
  bs_np_quiet_end (&quiet);
  return finish (in, t, error, r);
}

gboolean
bs_np_transpose_value (BsInterp *in,
                       BsValue   self,
                       BsValue  *out)
{
  BsTensor *t = bs_np_tensor_of (self);

  if (bs_np_array_tensor (self) == NULL)
    {
      *out = bs_value_ref (self);
      return TRUE;
    }
  return transpose (in, t, BS_NONE, out);
}

DECLARED (array_transpose)
{
  gsize n;
  BsValue *args = bs_value_items (bs_np_value (call, 1), &n);
  BsValue axes;
  gboolean ok;

  if (n == 0 || (n == 1 && bs_value_is_none (args[0])))
    axes = BS_NONE;
  else
    axes = n == 1 ? bs_value_ref (args[0]) : bs_tuple_from (in, args, n);
  ok = transpose (in, bs_np_tensor_of (call->self), axes, r);
  bs_value_unref (axes);
  return ok;
}

DECLARED (np_transpose)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);

  return a != NULL && transpose (in, a, bs_np_value (call, 1), r);
}

DECLARED (np_swapaxes)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  int x, y;
  gint64 axes[BS_MAX_DIMS];
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;
  const guint first = 1;

  if (a == NULL || !bs_np_axis (in, bs_np_value (call, first), a->ndim, &x)
      || !bs_np_axis (in, bs_np_value (call, first + 1), a->ndim, &y))
    return FALSE;
  for (int i = 0; i < a->ndim; i++)
    axes[i] = i;
  axes[x] = y;
  axes[y] = x;
  bs_np_quiet_begin (in, &quiet);
  t = bs_permute (a, axes, a->ndim, &error);
  bs_np_quiet_end (&quiet);
  return finish (in, t, error, r);
}

/* flatten (data 0: a copy), ravel (1: a view when it can be) */
DECLARED (np_flatten)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  gint64 n;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;

  if (a == NULL || !bs_np_refuse_order (call))
    return FALSE;
  n = bs_tensor_numel (a);
  bs_np_quiet_begin (in, &quiet);
  if (bs_call_data (call) == 1 && bs_tensor_is_contiguous (a))
    t = bs_tensor_alias (a, 1, &n, (gint64[]) { 1 }, a->offset);
  else
    {
      g_autoptr(BsTensor) c = bs_tensor_contiguous_copy (a, a->dtype, &error);

      t = c != NULL ? bs_tensor_alias (c, 1, &n, (gint64[]) { 1 }, c->offset) : NULL;
    }
  bs_np_quiet_end (&quiet);
  return finish (in, t, error, r);
}

DECLARED (np_squeeze)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  gboolean drop[BS_MAX_DIMS] = { FALSE };
  int ndim = 0;
  BsValue axis_value = bs_np_value (call, 1);

  if (a == NULL)
    return FALSE;
  if (bs_value_is_none (axis_value))
    for (int i = 0; i < a->ndim; i++)
      drop[i] = a->shape[i] == 1;
  else
    {
      gsize n;
      BsValue *items = bs_value_items (axis_value, &n);

      if (items == NULL)
        {
          items = &axis_value;
          n = 1;
        }
      for (gsize i = 0; i < n; i++)
        {
          int axis;

          if (!bs_np_axis (in, items[i], a->ndim, &axis))
            return FALSE;
          if (a->shape[axis] != 1)
            return bs_raise (in, "ValueError", "cannot select an axis to squeeze out which has "
                             "size not equal to one");
          drop[axis] = TRUE;
        }
    }
  for (int i = 0; i < a->ndim; i++)
    if (!drop[i])
      {
        shape[ndim] = a->shape[i];
        strides[ndim++] = a->strides[i];
      }
  *r = bs_np_array_new (in, bs_tensor_alias (a, ndim, shape, strides, a->offset));
  return TRUE;
}

DECLARED (np_expand_dims)
{
  g_autoptr(BsTensor) a = bs_np_call_array (call);
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  gboolean added[BS_MAX_DIMS] = { FALSE };
  BsValue axis_value = bs_np_value (call, 1);
  gsize n;
  BsValue *items;
  int ndim, k = 0;

  if (a == NULL)
    return FALSE;
  items = bs_value_items (axis_value, &n);
  if (items == NULL)
    {
      items = &axis_value;
      n = 1;
    }
  ndim = a->ndim + (int) n;
  if (ndim > BS_MAX_DIMS)
    return bs_raise (in, "ValueError", "Backstep's numpy has at most %d dimensions",
                     BS_MAX_DIMS);
  for (gsize i = 0; i < n; i++)
    {
      int axis;

      if (!bs_np_axis (in, items[i], ndim, &axis))
        return FALSE;
      if (added[axis])
        return bs_raise (in, "ValueError", "repeated axis");
      added[axis] = TRUE;
    }
  for (int i = 0; i < ndim; i++)
    if (added[i])
      {
        shape[i] = 1;
        strides[i] = 0;
      }
    else
      {
        shape[i] = a->shape[k];
        strides[i] = a->strides[k++];
      }
  *r = bs_np_array_new (in, bs_tensor_alias (a, ndim, shape, strides, a->offset));
  return TRUE;
}

/* TS (N arrays) cast in place to the dtype they promote to; FALSE with an exception */
static gboolean
cast_list (BsInterp  *in,
           BsTensor **ts,
           gsize      n)
{
  BsDType dtype = ts[0]->dtype;

  for (gsize i = 1; i < n; i++)
    dtype = bs_np_promote (dtype, ts[i]->dtype);
  for (gsize i = 0; i < n; i++)
    {
      BsTensor *c = bs_np_cast (in, ts[i], dtype);

      if (c == NULL)
        return FALSE;
      bs_tensor_unref (ts[i]);
      ts[i] = c;
    }
  return TRUE;
}

/* The arrays of a sequence argument (new references), promoted to one dtype */
static BsTensor **
array_list (BsInterp *in,
            BsValue   seq,
            guint    *n_out,
            int       min_ndim,
            gboolean  cast)
{
  gsize n;
  BsValue *items = bs_value_items (seq, &n);
  BsTensor **ts;

  if (items == NULL && bs_np_array_tensor (seq) != NULL)
    {
      /* an array: its rows */
      BsValue list;
      BsTensor **r;

      if (!bs_to_list (in, seq, &list))
        return NULL;
      r = array_list (in, list, n_out, min_ndim, cast);
      bs_value_unref (list);
      return r;
    }
  if (items == NULL)
    {
      bs_raise (in, "TypeError", "The first input argument needs to be a sequence");
      return NULL;
    }
  if (n == 0)
    {
      bs_raise (in, "ValueError", "need at least one array to concatenate");
      return NULL;
    }
  ts = g_new0 (BsTensor *, n + 1);
  for (gsize i = 0; i < n; i++)
    {
      ts[i] = bs_np_as_tensor_shared (in, items[i], FALSE, BS_DTYPE_FLOAT64);
      if (ts[i] == NULL)
        goto fail;
      while (ts[i]->ndim < min_ndim)
        {
          /* atleast_1d / atleast_2d: 0-dim to [1], 1-dim to [1, n] */
          gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
          BsTensor *v;

          shape[0] = 1;
          strides[0] = 0;
          memcpy (shape + 1, ts[i]->shape, sizeof (gint64) * ts[i]->ndim);
          memcpy (strides + 1, ts[i]->strides, sizeof (gint64) * ts[i]->ndim);
          v = bs_tensor_alias (ts[i], ts[i]->ndim + 1, shape, strides, ts[i]->offset);
          bs_tensor_unref (ts[i]);
          ts[i] = v;
        }
    }
  if (cast && !cast_list (in, ts, n))
    goto fail;
  *n_out = n;
  return ts;

fail:
  for (gsize i = 0; i < n; i++)
    g_clear_pointer (&ts[i], bs_tensor_unref);
  g_free (ts);
  return NULL;
}

static void
free_list (BsTensor **ts,
           guint      n)
{
  for (guint i = 0; i < n; i++)
    bs_tensor_unref (ts[i]);
  g_free (ts);
}

static gboolean
concatenate (BsInterp  *in,
             BsTensor **ts,
             guint      n,
             int        axis,
             BsValue   *r)
{
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;

  for (guint i = 1; i < n; i++)
    {
      if (ts[i]->ndim != ts[0]->ndim)
        return bs_raise (in, "ValueError", "all the input array dimensions except for the "
                         "concatenation axis must match exactly, but along dimension 0, the "
                         "array at index 0 has %d dimension(s) and the array at index %u has "
                         "%d dimension(s)", ts[0]->ndim, i, ts[i]->ndim);
      for (int d = 0; d < ts[0]->ndim; d++)
        if (d != axis && ts[i]->shape[d] != ts[0]->shape[d])
          return bs_raise (in, "ValueError", "all the input array dimensions except for the "
                           "concatenation axis must match exactly, but along dimension %d, the "
                           "array at index 0 has size %" G_GINT64_FORMAT " and the array at "
                           "index %u has size %" G_GINT64_FORMAT, d, ts[0]->shape[d], i,
                           ts[i]->shape[d]);
    }
  bs_np_quiet_begin (in, &quiet);
  t = bs_cat (ts, n, axis, &error);
  bs_np_quiet_end (&quiet);
  return finish (in, t, error, r);
}

DECLARED (np_concatenate)
{
  guint n;
  BsTensor **ts;
  int axis = 0;
  gboolean ok;
  BsValue axis_value = bs_np_value (call, 1);

  if (!bs_np_refuse_param (call, "out") || !bs_np_refuse_param (call, "casting")
      || !bs_np_refuse_param (call, "dtype"))
    return FALSE;
  ts = array_list (in, bs_np_value (call, 0), &n, 0, TRUE);
  if (ts == NULL)
    return FALSE;
  if (bs_value_is_none (axis_value) && call->given[1])
    {
      for (guint i = 0; i < n; i++)
        {
          gint64 numel = bs_tensor_numel (ts[i]);
          g_autoptr(BsTensor) c = bs_tensor_contiguous_copy (ts[i], ts[i]->dtype, NULL);

          bs_tensor_unref (ts[i]);
          ts[i] = bs_tensor_alias (c, 1, &numel, (gint64[]) { 1 }, c->offset);
        }
      axis = 0;
    }
  else
    {
      if (ts[0]->ndim == 0)
        {
          free_list (ts, n);
          return bs_raise (in, "ValueError", "zero-dimensional arrays cannot be concatenated");
        }
      if (!bs_np_axis (in, call->given[1] ? axis_value : BS_INT (0), ts[0]->ndim, &axis))
        {
          free_list (ts, n);
          return FALSE;
        }
    }
  ok = concatenate (in, ts, n, axis, r);
  free_list (ts, n);
  return ok;
}

/* vstack (data 0), hstack (1) */
DECLARED (np_vhstack)
{
  guint n;
  gboolean v = bs_call_data (call) == 0;
  BsTensor **ts = array_list (in, bs_np_value (call, 0), &n, v ? 2 : 1, TRUE);
  gboolean ok;

  if (ts == NULL)
    return FALSE;
  if (!bs_np_refuse_param (call, "casting") || !bs_np_refuse_param (call, "dtype"))
    {
      free_list (ts, n);
      return FALSE;
    }
  ok = concatenate (in, ts, n, v || ts[0]->ndim == 1 ? 0 : 1, r);
  free_list (ts, n);
  return ok;
}

DECLARED (np_stack)
{
  guint n;
  BsTensor **ts;
  int axis;
  gboolean ok = FALSE;
  GError *error = NULL;
  BsNpQuiet quiet;
  BsTensor *t;

  if (!bs_np_refuse_param (call, "out") || !bs_np_refuse_param (call, "casting")
      || !bs_np_refuse_param (call, "dtype"))
    return FALSE;
  ts = array_list (in, bs_np_value (call, 0), &n, 0, TRUE);
  if (ts == NULL)
    return FALSE;
  for (guint i = 1; i < n; i++)
    if (!bs_tensor_same_shape (ts[i], ts[0]))
      {
        free_list (ts, n);
        return bs_raise (in, "ValueError", "all input arrays must have the same shape");
      }
  if (bs_np_axis (in, bs_np_value (call, 1), ts[0]->ndim + 1, &axis))
    {
      bs_np_quiet_begin (in, &quiet);
      t = bs_stack (ts, n, axis, &error);
      bs_np_quiet_end (&quiet);
      ok = finish (in, t, error, r);
    }
  free_list (ts, n);
  return ok;
}

/* np.r_[...] (data 0) and np.c_[...] (1): slices as aranges, then concatenated along the
 * first axis (r_) or, 1-dim pieces as columns, along the last (c_) */
DECLARED (np_index_concat)
{
  gboolean columns = bs_call_data (call) == 1;
  BsValue key = bs_np_value (call, 1);
  BsValue single[1] = { key };
  BsValue *items = single, list;
  gsize n = 1;
  guint count;
  BsTensor **ts;
  gboolean ok;

  if (bs_value_is_object (key, BS_OBJECT_TUPLE))
    items = bs_value_items (key, &n);
  list = bs_list_new (in->heap);
  for (gsize i = 0; i < n; i++)
    {
      BsValue piece;

      if (bs_value_is_object (items[i], BS_OBJECT_SLICE))
        {
          BsSlice *s = (BsSlice *) items[i].as.object;
          BsValue np, arange, args[3];

          if (bs_value_str (s->lower) != NULL || bs_value_str (s->upper) != NULL)
            {
              bs_value_unref (list);
              return bs_raise (in, "NotImplementedError", "Backstep's numpy has no string "
                               "directives in r_ and c_");
            }
          bs_dict_get_str (in->modules, "numpy", &np);
          bs_dict_get_str (((BsModule *) np.as.object)->dict, "arange", &arange);
          args[0] = bs_value_is_none (s->lower) ? BS_INT (0) : s->lower;
          args[1] = s->upper;
          args[2] = bs_value_is_none (s->step) ? BS_INT (1) : s->step;
          if (!bs_call_simple (in, arange, args, 3, &piece))
            {
              bs_value_unref (list);
              return FALSE;
            }
        }
      else
        piece = bs_value_ref (items[i]);
      bs_list_append (list, piece);
    }
  /* cast after the columns are made: a cast copy no longer shows which pieces were 1-dim */
  ts = array_list (in, list, &count, columns ? 2 : 1, FALSE);
  bs_value_unref (list);
  if (ts == NULL)
    return FALSE;
  if (columns)
    for (guint i = 0; i < count; i++)
      if (ts[i]->ndim == 2 && ts[i]->shape[0] == 1 && ts[i]->strides[0] == 0)
        {
          /* a 1-dim piece is a column: [1, n] as [n, 1] */
          gint64 shape[2] = { ts[i]->shape[1], 1 }, strides[2] = { ts[i]->strides[1], 0 };
          BsTensor *v = bs_tensor_alias (ts[i], 2, shape, strides, ts[i]->offset);

          bs_tensor_unref (ts[i]);
          ts[i] = v;
        }
  ok = cast_list (in, ts, count)
       && concatenate (in, ts, count, columns ? ts[0]->ndim - 1 : 0, r);
  free_list (ts, count);
  return ok;
}

static gboolean
index_concat_repr (BsInterp *in,
                   BsValue   self,
                   GString  *out)
{
  g_string_append_printf (out, "<numpy.lib.index_tricks.%s object at " BS_ADDRESS_FORMAT ">",
                          ((BsNative *) self.as.object)->klass->name, bs_value_address (self));
  return TRUE;
}

static gboolean
index_concat_getattr (BsInterp   *in,
                      BsValue     self,
                      const char *name,
                      BsValue    *out,
                      gboolean   *found)
{
  *found = bs_py_method_find (in, ((BsNative *) self.as.object)->klass->name, self, name, out);
  return TRUE;
}

static const BsNativeType r_type = {
  { "RClass", NULL }, index_concat_getattr, NULL, index_concat_repr,
};

static const BsNativeType c_type = {
  { "CClass", NULL }, index_concat_getattr, NULL, index_concat_repr,
};

void
bs_np_index_concat_add (BsInterp *in,
                        BsValue   module)
{
  bs_dict_set_str (((BsModule *) module.as.object)->dict, "r_",
                   bs_native_new (in->heap, &r_type.base, NULL));
  bs_dict_set_str (((BsModule *) module.as.object)->dict, "c_",
                   bs_native_new (in->heap, &c_type.base, NULL));
}


static const BsSignatureRow rows[] = {
  NP_FN ("reshape(a, newshape, order='C')", np_reshape, 0),
  NP_METHOD ("reshape(self, /, *shape, order='C')", array_reshape, 0),
  NP_FN ("transpose(a, axes=None)", np_transpose, 0),
  NP_METHOD ("transpose(self, /, *axes)", array_transpose, 0),
  NP_FN ("swapaxes(a, axis1, axis2)", np_swapaxes, 0),
  NP_METHOD ("swapaxes(self, axis1, axis2, /)", np_swapaxes, 0),
  NP_METHOD ("flatten(self, /, order='C')", np_flatten, 0),
  NP_FN ("ravel(a, order='C')", np_flatten, 1),
  NP_METHOD ("ravel(self, /, order='C')", np_flatten, 1),
  NP_FN ("squeeze(a, axis=None)", np_squeeze, 0),
  NP_METHOD ("squeeze(self, /, axis=None)", np_squeeze, 0),
  NP_FN ("expand_dims(a, axis)", np_expand_dims, 0),
  NP_FN ("concatenate(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')",
      np_concatenate, 0),
  NP_FN ("stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')", np_stack, 0),
  NP_FN ("vstack(tup, *, dtype=None, casting='same_kind')", np_vhstack, 0),
  NP_FN ("hstack(tup, *, dtype=None, casting='same_kind')", np_vhstack, 1),
  { "RClass", BS_SIG_BUILTIN, "RClass.__getitem__(self, key, /)", np_index_concat, 0 },
  { "CClass", BS_SIG_BUILTIN, "CClass.__getitem__(self, key, /)", np_index_concat, 1 },
};

const BsSignatureTable bs_np_shape_table = BS_SIGNATURE_TABLE (rows);
