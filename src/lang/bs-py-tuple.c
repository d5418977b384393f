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

const char *
bs_struct_seq_field (const char *struct_seq,
                     guint       i)
{
  static const char *const histogram[] = { "hist", "bin_edges" };
  static const char *const pair[] = { "values", "indices" };

  return (strcmp (struct_seq, "torch.return_types.histogram") == 0 ? histogram : pair)[i];
}

gboolean
bs_py_tuple_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out)
{
  BsTuple *tuple = (BsTuple *) self.as.object;

  if (tuple->struct_seq != NULL && tuple->length == 2)
    for (guint i = 0; i < 2; i++)
      if (strcmp (name, bs_struct_seq_field (tuple->struct_seq, i)) == 0)
        {
          *out = bs_value_ref (tuple->items[i]);
          return TRUE;
        }
  if (tuple->is_size && bs_py_method_find (in, "Size", self, name, out))
    return TRUE;
  return bs_py_method_find (in, "tuple", self, name, out);
}
