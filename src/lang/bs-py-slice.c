/* bs-py-slice.c: slice(), the built-in that makes what a[1:5:2] makes, and slice.indices */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

/* slice(stop), slice(start, stop[, step]) */
DECLARED (builtin_slice)
{
  gsize n;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n);

  if (n == 0)
    return bs_raise (in, "TypeError", "slice expected at least 1 argument, got 0");
  if (n > 3)
    return bs_raise (in, "TypeError", "slice expected at most 3 arguments, got %" G_GSIZE_FORMAT,
                     n);
  if (n == 1)
    *r = bs_slice_new (in, BS_NONE, bs_value_ref (args[0]), BS_NONE);
  else
    *r = bs_slice_new (in, bs_value_ref (args[0]), bs_value_ref (args[1]),
                       n == 3 ? bs_value_ref (args[2]) : BS_NONE);
  return TRUE;
}

/* slice.indices(length): (start, stop, step) clamped as a sequence of that length does */
DECLARED (slice_indices)
{
  gint64 length, start, stop, step;
  BsValue items[3];

  if (!bs_to_int (in, bs_call_value (call, 1), &length))
    return FALSE;
  if (length < 0)
    return bs_raise (in, "ValueError", "length should not be negative");
  if (!bs_py_slice_indices (in, (BsSlice *) call->self.as.object, length, &start, &stop, &step))
    return FALSE;
  items[0] = BS_INT (start);
  items[1] = BS_INT (stop);
  items[2] = BS_INT (step);
  *r = bs_tuple_from (in, items, 3);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "builtins", BS_SIG_BUILTIN, "slice(*args)", builtin_slice, 0 },
  { "slice", BS_SIG_BUILTIN, "slice.indices(self, length, /)", slice_indices, 0 },
};

const BsSignatureTable bs_py_slice_table = BS_SIGNATURE_TABLE (rows);
