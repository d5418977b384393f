/* bs-py-tuple.c: tuple and torch.Size: their methods */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-tuple.h"

#include "bs-py-list.h"
#include "bs-py-number.h"

#include <string.h>

static gboolean
size_numel (BsInterp *in, BsCall *call, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (call->self, &n);
  gint64 p = 1;

  for (gsize i = 0; i < n; i++)
    p *= bs_int_of (items[i]);
  *r = BS_INT (p);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "tuple", BS_SIG_BUILTIN, "tuple.index(self, value, start=0, stop=9223372036854775807, /)",
    bs_py_list_index },
  { "tuple", BS_SIG_BUILTIN, "tuple.count(self, value, /)", bs_py_list_count },
  { "Size", BS_SIG_BUILTIN, "Size.numel(self, /)", size_numel },
};

const BsSignatureTable bs_py_tuple_table = BS_SIGNATURE_TABLE (rows);

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
  if (tuple->is_size && bs_py_method_find (in, "Size", self, name, out))
    return TRUE;
  return bs_py_method_find (in, "tuple", self, name, out);
}
