/* bs-py-items.c: len(), subscripts and slices of any value */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include "bs-py-number.h"
#include "bs-np-array.h"
#include "bs-py-range.h"

gboolean
bs_len (BsInterp *in,
        BsValue   v,
        gint64   *len)
{
  gsize n;

  if (bs_value_items (v, &n) != NULL)
    {
      *len = n;
      return TRUE;
    }
  if (bs_value_str (v) != NULL)
    {
      *len = ((BsStr *) v.as.object)->n_chars;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_DICT))
    {
      *len = ((BsDict *) v.as.object)->n_live;
      return TRUE;
    }
  if (bs_native_ops (v) != NULL && bs_native_ops (v)->len != NULL)
    return bs_native_ops (v)->len (in, v, len);
  if (bs_value_is_object (v, BS_OBJECT_RANGE))
    return bs_py_range_len (in, (BsRange *) v.as.object, len);
  if (bs_value_tensor (v) != NULL)
    {
      BsTensor *t = bs_value_tensor (v);

      if (t->ndim == 0)
        return bs_raise (in, "TypeError", "len() of a 0-d tensor");
      *len = t->shape[0];
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) v.as.object)->klass, "__len__", &method))
        {
          if (!bs_call_simple (in, method, &v, 1, &r))
            return FALSE;
          if (!bs_is_int (r))
            {
              bs_value_unref (r);
              return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                               bs_type_name (r));
            }
          *len = bs_int_of (r);
          return TRUE;
        }
    }
  return bs_raise (in, "TypeError", "object of type '%s' has no len()", bs_type_name (v));
}

/* Python's slice.indices(). */
gboolean
bs_py_slice_indices (BsInterp *in,
                     BsSlice  *s,
                     gint64    length,
                     gint64   *start,
                     gint64   *stop,
                     gint64   *step)
{
  gint64 lower, upper;

  *step = 1;
  if (!bs_value_is_none (s->step) && !bs_to_int (in, s->step, step))
    return FALSE;
  if (*step == 0)
    return bs_raise (in, "ValueError", "slice step cannot be zero");
  lower = *step < 0 ? -1 : 0;
  upper = *step < 0 ? length - 1 : length;
  if (bs_value_is_none (s->lower))
    *start = *step < 0 ? upper : lower;
  else
    {
      if (!bs_to_int (in, s->lower, start))
        return FALSE;
      if (*start < 0)
        *start = MAX (*start + length, lower);
      else
        *start = MIN (*start, upper);
    }
  if (bs_value_is_none (s->upper))
    *stop = *step < 0 ? lower : upper;
  else
    {
      if (!bs_to_int (in, s->upper, stop))
        return FALSE;
      if (*stop < 0)
        *stop = MAX (*stop + length, lower);
      else
        *stop = MIN (*stop, upper);
    }
  return TRUE;
}

gboolean
bs_py_normalize_index (BsInterp   *in,
                       BsValue     key,
                       gint64      length,
                       const char *what,
                       gint64     *index)
{
  if (!bs_is_int (key))
    {
      if (bs_value_tensor (key) != NULL && bs_to_int (in, key, index))
        ;
      else
        {
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          return bs_raise (in, "TypeError", "%s indices must be integers or slices, not %s",
                           what, bs_type_name (key));
        }
    }
  else
    *index = bs_int_of (key);
  if (*index < 0)
    *index += length;
  if (*index < 0 || *index >= length)
    return bs_raise (in, "IndexError", "%s index out of range", what);
  return TRUE;
}

gboolean
bs_getitem (BsInterp *in,
            BsValue   obj,
            BsValue   key,
            BsValue  *out)
{
  gsize n;
  BsValue *items;

  if (bs_np_is_operand (obj))
    return bs_np_getitem (in, obj, key, out);
  *out = BS_NONE;
  if (bs_value_tensor (obj) != NULL)
    return bs_tensor_getitem (in, obj, key, out);
  items = bs_value_items (obj, &n);
  if (items != NULL)
    {
      const char *what = bs_value_is_object (obj, BS_OBJECT_LIST) ? "list" : "tuple";

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          BsValue list = bs_list_new (in->heap);

          if (!bs_py_slice_indices (in, (BsSlice *) key.as.object, n, &start, &stop, &step))
            {
              bs_value_unref (list);
              return FALSE;
            }
          for (gint64 i = start; step > 0 ? i < stop : i > stop; i += step)
            bs_list_append (list, bs_value_ref (items[i]));
          if (bs_value_is_object (obj, BS_OBJECT_TUPLE))
            {
              gboolean is_size = ((BsTuple *) obj.as.object)->is_size;

              items = bs_value_items (list, &n);
              *out = bs_tuple_from (in, items, n);
              ((BsTuple *) out->as.object)->is_size = is_size;
              bs_value_unref (list);
            }
          else
            *out = list;
          return TRUE;
        }
      {
        gint64 i;

        if (!bs_py_normalize_index (in, key, n, what, &i))
          return FALSE;
        *out = bs_value_ref (items[i]);
        return TRUE;
      }
    }
  if (bs_value_str (obj) != NULL)
    {
      BsStr *s = (BsStr *) obj.as.object;
      const char *data = s->data;

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          GString *r = g_string_new (NULL);

          if (!bs_py_slice_indices (in, (BsSlice *) key.as.object, s->n_chars, &start, &stop, &step))
            {
              g_string_free (r, TRUE);
              return FALSE;
            }
          for (gint64 i = start; step > 0 ? i < stop : i > stop; i += step)
            {
              const char *c = g_utf8_offset_to_pointer (data, i);

              g_string_append_len (r, c, g_utf8_next_char (c) - c);
            }
          *out = bs_str_new (in->heap, r->str, r->len);
          g_string_free (r, TRUE);
          return TRUE;
        }
      {
        gint64 i;
        const char *c;

        if (!bs_py_normalize_index (in, key, s->n_chars, "string", &i))
          return FALSE;
        c = g_utf8_offset_to_pointer (data, i);
        *out = bs_str_new (in->heap, c, g_utf8_next_char (c) - c);
        return TRUE;
      }
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      BsValue v;
      gboolean found;

      if (!bs_py_dict_get (in, obj, key, &v, &found))
        return FALSE;
      if (!found)
        return bs_raise_key_error (in, key);
      *out = bs_value_ref (v);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_RANGE))
    {
      BsRange *r = (BsRange *) obj.as.object;
      guint64 count = bs_py_range_count (r), i;
      gint64 k;

      /* in unsigned arithmetic: a range may hold more than 2**63 - 1 ints */
      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        return bs_py_range_slice (in, r, (BsSlice *) key.as.object, out);
      if (!bs_is_int (key))
        return bs_py_normalize_index (in, key, 0, "range object", &k);
      k = bs_int_of (key);
      if (k < 0 ? (guint64) -(k + 1) >= count : (guint64) k >= count)
        return bs_raise (in, "IndexError", "range object index out of range");
      i = k < 0 ? count - (guint64) -(k + 1) - 1 : (guint64) k;
      *out = BS_INT ((gint64) ((guint64) r->start + i * (guint64) r->step));
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue method;

      if (bs_class_lookup (((BsInstance *) obj.as.object)->klass, "__getitem__", &method))
        {
          BsValue args[2] = { obj, key };

          return bs_call_simple (in, method, args, 2, out);
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_NATIVE))
    {
      BsValue method;
      gboolean found;

      if (!bs_getattr_opt (in, obj, "__getitem__", &method, &found))
        return FALSE;
      if (found)
        {
          gboolean ok = bs_call_simple (in, method, &key, 1, out);

          bs_value_unref (method);
          return ok;
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_CLASS))
    {
      BsValue method;

      /* typing.Generic[T]: an implicit class method, as in CPython */
      if (bs_class_lookup (obj, "__class_getitem__", &method))
        {
          BsValue args[2] = { obj, key };

          if (bs_classmethod_func (method) != NULL)
            method = *bs_classmethod_func (method);
          return bs_call_simple (in, method, args, 2, out);
        }
      /* list[int] style annotations */
      *out = bs_value_ref (obj);
      return TRUE;
    }
  return bs_raise (in, "TypeError", "'%s' object is not subscriptable", bs_type_name (obj));
}

gboolean
bs_setitem (BsInterp *in,
            BsValue   obj,
            BsValue   key,
            BsValue   value)
{
  if (bs_value_tensor (obj) != NULL)
    return bs_tensor_setitem (in, obj, key, value);
  if (bs_np_is_operand (obj))
    return bs_np_setitem (in, obj, key, value);
  if (bs_value_is_object (obj, BS_OBJECT_LIST))
    {
      GArray *items = ((BsList *) obj.as.object)->items;
      gint64 i;

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          BsValue list;
          gsize n;
          BsValue *src;

          if (!bs_py_slice_indices (in, (BsSlice *) key.as.object, items->len, &start, &stop, &step))
            return FALSE;
          if (step != 1)
            return bs_raise (in, "NotImplementedError",
                             "extended slice assignment is not supported by Backstep");
          if (stop < start)
            stop = start;
          if (!bs_to_list (in, value, &list))
            return FALSE;
          for (gint64 j = start; j < stop; j++)
            bs_value_unref (g_array_index (items, BsValue, j));
          g_array_remove_range (items, start, stop - start);
          src = bs_value_items (list, &n);
          for (gsize j = 0; j < n; j++)
            bs_value_ref (src[j]);
          g_array_insert_vals (items, start, src, n);
          bs_list_charge (obj);
          bs_value_unref (list);
          return TRUE;
        }
      if (!bs_py_normalize_index (in, key, items->len, "list assignment", &i))
        return FALSE;
      bs_value_unref (g_array_index (items, BsValue, i));
      g_array_index (items, BsValue, i) = bs_value_ref (value);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      return bs_py_dict_set (in, obj, key, bs_value_ref (value));
    }
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) obj.as.object)->klass, "__setitem__", &method))
        {
          BsValue args[3] = { obj, key, value };

          if (!bs_call_simple (in, method, args, 3, &r))
            return FALSE;
          bs_value_unref (r);
          return TRUE;
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_NATIVE))
    {
      BsValue method, r;
      gboolean found;

      if (!bs_getattr_opt (in, obj, "__setitem__", &method, &found))
        return FALSE;
      if (found)
        {
          BsValue args[2] = { key, value };
          gboolean ok = bs_call_simple (in, method, args, 2, &r);

          bs_value_unref (method);
          if (ok)
            bs_value_unref (r);
          return ok;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object does not support item assignment",
                   bs_type_name (obj));
}

gboolean
bs_delitem (BsInterp *in,
            BsValue   obj,
            BsValue   key)
{
  if (bs_value_is_object (obj, BS_OBJECT_LIST))
    {
      GArray *items = ((BsList *) obj.as.object)->items;
      gint64 i;

      if (!bs_py_normalize_index (in, key, items->len, "list assignment", &i))
        return FALSE;
      bs_value_unref (g_array_index (items, BsValue, i));
      g_array_remove_index (items, i);
      bs_list_charge (obj);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      gboolean found;

      if (!bs_py_dict_del (in, obj, key, NULL, &found))
        return FALSE;
      return found || bs_raise_key_error (in, key);
    }
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) obj.as.object)->klass, "__delitem__", &method))
        {
          BsValue args[2] = { obj, key };

          if (!bs_call_simple (in, method, args, 2, &r))
            return FALSE;
          bs_value_unref (r);
          return TRUE;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object doesn't support item deletion",
                   bs_type_name (obj));
}

