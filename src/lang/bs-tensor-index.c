/* bs-tensor-index.c: x[key] and x[key] = value as PyTorch reads the key: integers, slices,
 * None, Ellipsis, index tensors, lists and boolean masks */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

/* --- indexing ---------------------------------------------------------- */

/* An index tensor from a key (new ref); a uint8 one is a mask, as bool, with PyTorch's
 * deprecation warning. */
static BsTensor *
index_key (BsInterp *in,
           BsValue   key)
{
  g_autoptr(BsTensor) index = bs_as_tensor (in, key);
  GError *error = NULL;
  BsTensor *mask;

  if (index == NULL || index->dtype != BS_DTYPE_UINT8)
    return g_steal_pointer (&index);
  if (!bs_torch_warn (in, "indexing with dtype torch.uint8 is now deprecated, please use a "
                      "dtype torch.bool instead. (Triggered internally at  "
                      "./aten/src/ATen/native/IndexingUtils.h:27.)"))
    return NULL;
  mask = bs_to_dtype (index, BS_DTYPE_BOOL, &error);
  if (mask == NULL)
    bs_raise_gerror (in, error);
  return mask;
}

/* Applies one index component along *dim of t; returns a new tensor. */
static BsTensor *
index_one (BsInterp *in,
           BsTensor *t,
           BsValue   key,
           int      *dim,
           GError  **error)
{
  if (key.type == BS_VALUE_BOOL)
    {
      /* True and False index as a 0-dim mask, as in PyTorch: a new dim of 1 or 0 */
      g_autoptr(BsTensor) one = bs_unsqueeze (t, *dim, error);

      (*dim)++;
      if (one == NULL || key.as.boolean)
        return g_steal_pointer (&one);
      return bs_slice (one, *dim - 1, 0, 0, 1, error);
    }
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
      BsTensor *index = index_key (in, key);
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

/* The key with each range in it as the list of its numbers, as PyTorch reads a range
 * (a new reference; None when converting raised). */
static BsValue
ranges_as_lists (BsInterp *in,
                 BsValue   key)
{
  gsize n;
  BsValue *items;
  BsValue copy;

  if (bs_value_is_object (key, BS_OBJECT_RANGE))
    return bs_to_list (in, key, &copy) ? copy : BS_NONE;
  if (!bs_value_is_object (key, BS_OBJECT_TUPLE))
    return bs_value_ref (key);
  items = bs_value_items (key, &n);
  copy = bs_tuple_new (in->heap, n);
  for (gsize i = 0; i < n; i++)
    {
      BsValue *slot = &((BsTuple *) copy.as.object)->items[i];

      if (!bs_value_is_object (items[i], BS_OBJECT_RANGE))
        *slot = bs_value_ref (items[i]);
      else if (!bs_to_list (in, items[i], slot))
        {
          bs_value_unref (copy);
          return BS_NONE;
        }
    }
  return copy;
}

static gboolean index_tensor_key (BsInterp *in, BsTensor *t, BsValue key, BsTensor **out);

static gboolean
index_tensor (BsInterp  *in,
              BsTensor  *t,
              BsValue    key,
              BsTensor **out)
{
  BsValue k = ranges_as_lists (in, key);
  gboolean ok;

  if (bs_value_is_none (k) && !bs_value_is_none (key))
    return FALSE;
  ok = index_tensor_key (in, t, k, out);
  bs_value_unref (k);
  return ok;
}

static gboolean
index_tensor_key (BsInterp  *in,
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

  /* PyTorch's messages for one integer or slice on a 0-dim tensor */
  if (t->ndim == 0 && key.type == BS_VALUE_INT)
    {
      bs_tensor_unref (cur);
      return bs_raise (in, "IndexError", "invalid index of a 0-dim tensor. Use `tensor.item()` "
                       "in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a "
                       "number");
    }
  if (t->ndim == 0 && bs_value_is_object (key, BS_OBJECT_SLICE))
    {
      bs_tensor_unref (cur);
      return bs_raise (in, "IndexError", "slice() cannot be applied to a 0-dim tensor.");
    }
  if (bs_value_is_object (key, BS_OBJECT_TUPLE))
    keys = bs_value_items (key, &n);
  {
    int n_dims = 0;

    for (gsize i = 0; i < n; i++)
      {
        BsTensor *k = bs_value_tensor (keys[i]);

        if (k != NULL)
          n_dims += k->dtype == BS_DTYPE_BOOL || k->dtype == BS_DTYPE_UINT8 ? k->ndim : 1;
        else if (keys[i].type == BS_VALUE_INT || bs_value_is_object (keys[i], BS_OBJECT_SLICE)
                 || bs_value_is_object (keys[i], BS_OBJECT_LIST))
          n_dims++;
      }
    if (n_dims > t->ndim)
      {
        bs_tensor_unref (cur);
        return bs_raise (in, "IndexError", "too many indices for tensor of dimension %d",
                         t->ndim);
      }
  }
  for (gsize i = 0; i < n; i++)
    if (bs_value_tensor (keys[i]) != NULL || bs_value_is_object (keys[i], BS_OBJECT_LIST))
      n_advanced++;
  for (gsize i = 0; i < n; i++)
    {
      BsTensor *next;

      if (n_advanced >= 2 && n_held < BS_MAX_DIMS
          && (bs_value_tensor (keys[i]) != NULL || bs_value_is_object (keys[i], BS_OBJECT_LIST)))
        {
          BsTensor *index = index_key (in, keys[i]);

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

  if (!bs_check_scalar_fits (in, value, SELF->dtype) || !index_tensor (in, SELF, key, &view))
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

