/* bs-py-tuple.c: tuple and torch.Size: their methods */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-tuple.h"

#include "bs-py-list.h"
#include "bs-py-number.h"

#include <string.h>

static gboolean
size_numel (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);
  gint64 p = 1;

  for (gsize i = 0; i < n; i++)
    p *= bs_int_of (items[i]);
  *r = BS_INT (p);
  return TRUE;
}

static const BsPyMethod tuple_methods[] = {
  { "index", bs_py_list_index }, { "count", bs_py_list_count }, { NULL, NULL },
};

static const BsPyMethod size_methods[] = {
  { "numel", size_numel }, { NULL, NULL },
};

gboolean
bs_py_tuple_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out)
{
  BsTuple *tuple = (BsTuple *) self.as.object;

  if (tuple->struct_seq != NULL && tuple->length == 2
      && (strcmp (name, "values") == 0 || strcmp (name, "indices") == 0))
    {
      *out = bs_value_ref (tuple->items[name[0] == 'v' ? 0 : 1]);
      return TRUE;
    }
  if (tuple->is_size
      && bs_py_method_from_table (in, size_methods, self, name, out))
    return TRUE;
  return bs_py_method_from_table (in, tuple_methods, self, name, out);
}
