/* bs-tensor-select.c: torch's and Tensor's gathering, scattering, masking, sorting and
 * rearranging ops, declared by PyTorch 1.13's signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

typedef BsTensor *(*ListFunc) (BsTensor *a, const gint64 *list, int n, GError **error);
typedef BsTensor *(*DiagonalFunc) (BsTensor *a, gint64 diagonal, GError **error);
typedef BsTensor *(*DimFunc) (BsTensor *a, int dim, GError **error);
typedef BsTensor *(*PairFunc) (BsTensor *a, BsTensor *b, GError **error);

/* The receiver as the result of an in-place op that returned t (a new reference to it). */
static gboolean
return_receiver (BsCall    *call,
                 BsTensor  *t,
                 GError   **error,
                 BsValue   *r)
{
  if (t == NULL)
    return bs_raise_gerror (call->in, g_steal_pointer (error));
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

/* --- gather, scatter, masked_fill ------------------------------------------------ */

/* gather(input, dim, index, *, sparse_grad=False) */
static gboolean
gather (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  GError *error = NULL;

  if (bs_call_bool (call, 3))
    return bs_raise (in, "NotImplementedError", "gather(sparse_grad=True) is not supported by "
                     "Backstep");
  return bs_call_return_tensor (call, bs_gather (bs_call_self (call), bs_call_dim (call, 1),
                                                 bs_call_tensor (call, 2), &error),
                                &error, r);
}

typedef enum {
  SCATTER_SRC,
  SCATTER_VALUE,
  SCATTER_ADD,
} ScatterKind;

/* scatter(input, dim, index, src), scatter(..., value), scatter_add and their in-place
 * forms; data: the ScatterKind, in-place flag << 8 */
static gboolean
scatter (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  ScatterKind kind = bs_call_data (call) & 0xff;
  gboolean inplace = (bs_call_data (call) >> 8) != 0;
  BsTensor *x = bs_call_self (call), *index = bs_call_tensor (call, 2);
  int dim = bs_call_dim (call, 1);
  GError *error = NULL;
  BsTensor *t;

  if (call->sig->n_params > 4 && strcmp (call->sig->params[4].name, "reduce") == 0)
    return bs_raise (in, "NotImplementedError", "%s(reduce='%s') is not supported by Backstep",
                     call->sig->name, bs_call_string (call, 4));
  switch (kind)
    {
    case SCATTER_VALUE:
      {
        double value = bs_call_double (call, 3);
        gint64 exact;

        if (bs_call_exact_int (call, 3, x->dtype, &exact))
          t = inplace ? bs_scatter_value_int_ (x, dim, index, exact, &error)
                      : bs_scatter_value_int (x, dim, index, exact, &error);
        else
          t = inplace ? bs_scatter_value_ (x, dim, index, value, &error)
                      : bs_scatter_value (x, dim, index, value, &error);
      }
      break;
    case SCATTER_ADD:
      t = inplace ? bs_scatter_add_ (x, dim, index, bs_call_tensor (call, 3), &error)
                  : bs_scatter_add (x, dim, index, bs_call_tensor (call, 3), &error);
      break;
    case SCATTER_SRC:
    default:
      t = inplace ? bs_scatter_ (x, dim, index, bs_call_tensor (call, 3), &error)
                  : bs_scatter (x, dim, index, bs_call_tensor (call, 3), &error);
      break;
    }
  if (inplace)
    return return_receiver (call, t, &error, r);
  return bs_call_return_tensor (call, t, &error, r);
}

/* masked_fill(input, mask, value), a number or a 0-dim tensor; data 1 for masked_fill_ */
static gboolean
masked_fill (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  gboolean inplace = bs_call_data (call) != 0;
  BsTensor *x = bs_call_self (call), *mask = bs_call_tensor (call, 1);
  BsTensor *value = bs_value_tensor (call->values[2]);
  gint64 exact_value = 0;
  gboolean exact = bs_call_exact_int (call, 2, x->dtype, &exact_value);
  GError *error = NULL;

  if (!bs_check_scalar_fits (in, call->values[2], x->dtype))
    return FALSE;
  if (value != NULL && value->ndim != 0)
    return bs_raise (in, "RuntimeError", "masked_fill_ only supports a 0-dimensional value "
                     "tensor, but got tensor with %d dimension(s).", value->ndim);
  if (inplace)
    {
      if (value != NULL && bs_tensor_requires_grad (value))
        return bs_raise (in, "NotImplementedError", "masked_fill_() with a value that requires "
                         "grad is not supported by Backstep");
      return return_receiver (call, exact ? bs_masked_fill_int_ (x, mask, exact_value, &error)
                                          : bs_masked_fill_ (x, mask, bs_call_double (call, 2),
                                                             &error), &error, r);
    }
  if (exact && value == NULL)
    return bs_call_return_tensor (call, bs_masked_fill_int (x, mask, exact_value, &error),
                                  &error, r);
  if (value != NULL)
    return bs_call_return_tensor (call, bs_masked_fill_tensor (x, mask, value, &error), &error,
                                  r);
  return bs_call_return_tensor (call, bs_masked_fill (x, mask, bs_call_double (call, 2), &error),
                                &error, r);
}

/* --- sorting ------------------------------------------------------------------- */

/* Where dim and descending are: after the keyword-only stable, or right after input. */
static guint
sort_dim_index (BsCall *call)
{
  return strcmp (call->sig->params[1].name, "stable") == 0 ? 2 : 1;
}

/* sort(input, dim=-1, descending=False), with or without stable= (Backstep's sort is
 * always stable) */
static gboolean
sort (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  guint d = sort_dim_index (call);
  BsTensor *indices = NULL, *values;
  GError *error = NULL;

  values = bs_sort (bs_call_self (call), bs_call_dim (call, d), bs_call_bool (call, d + 1),
                    &indices, &error);
  return bs_call_return_pair (call, "torch.return_types.sort", values, indices, &error, r);
}

static gboolean
argsort (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  guint d = sort_dim_index (call);
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_argsort (bs_call_self (call), bs_call_dim (call, d),
                                                  bs_call_bool (call, d + 1), &error),
                                &error, r);
}

/* topk(input, k, dim=-1, largest=True, sorted=True) */
static gboolean
topk (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  BsTensor *indices = NULL, *values;
  GError *error = NULL;

  if (!bs_call_bool (call, 4))
    return bs_raise (in, "NotImplementedError", "topk(sorted=False) is not supported by "
                     "Backstep: PyTorch leaves that order to its kernel");
  values = bs_topk (bs_call_self (call), bs_call_int (call, 1), bs_call_dim (call, 2),
                    bs_call_bool (call, 3), &indices, &error);
  return bs_call_return_pair (call, "torch.return_types.topk", values, indices, &error, r);
}

gboolean
bs_torch_nonzero_tuple (BsInterp *in,
                        BsTensor *x,
                        BsValue  *r)
{
  GError *error = NULL;
  g_autoptr(BsTensor) nz = NULL;
  BsValue items[BS_MAX_DIMS];
  int n = MAX (x->ndim, 1);

  /* as PyTorch, a 0-dim tensor counts as one element of a vector */
  if (x->ndim == 0)
    {
      g_autoptr(BsTensor) vector = bs_unsqueeze (x, 0, &error);

      nz = vector != NULL ? bs_nonzero (vector, &error) : NULL;
    }
  else
    nz = bs_nonzero (x, &error);
  if (nz == NULL)
    return bs_raise_gerror (in, error);
  for (int i = 0; i < n; i++)
    {
      BsTensor *column = bs_select (nz, 1, i, &error);
      BsTensor *copy = column != NULL ? bs_contiguous (column, &error) : NULL;

      g_clear_pointer (&column, bs_tensor_unref);
      if (copy == NULL)
        {
          for (int k = 0; k < i; k++)
            bs_value_unref (items[k]);
          return bs_raise_gerror (in, error);
        }
      items[i] = bs_wrap_tensor (in, copy);
    }
  *r = bs_tuple_from (in, items, n);
  for (int i = 0; i < n; i++)
    bs_value_unref (items[i]);
  return TRUE;
}

/* nonzero(input), nonzero(input, *, as_tuple): a tuple of one index tensor per dim */
static gboolean
nonzero (BsInterp *in,
         BsCall   *call,
         BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  gboolean as_tuple = call->sig->n_params > 1
                      && strcmp (call->sig->params[1].name, "as_tuple") == 0
                      && bs_call_bool (call, 1);
  GError *error = NULL;

  if (!as_tuple)
    return bs_call_return_tensor (call, bs_nonzero (x, &error), &error, r);
  return bs_torch_nonzero_tuple (in, x, r);
}

/* --- rearranging ----------------------------------------------------------------- */

/* flip(input, dims), repeat(repeats), tile(input, dims): the row's data is the engine's
 * function over the int list */
static gboolean
int_list (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  ListFunc f = (ListFunc) bs_call_data (call);
  gint64 list[BS_MAX_DIMS];
  int n = bs_call_int_list (call, 1, list);
  GError *error = NULL;

  if (n == -2)
    return FALSE;
  return bs_call_return_tensor (call, f (bs_call_self (call), list, MAX (n, 0), &error), &error,
                                r);
}

/* roll(input, shifts, dims=[]) */
static gboolean
roll (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  gint64 shifts[BS_MAX_DIMS], dims[BS_MAX_DIMS];
  int n_shifts = bs_call_int_list (call, 1, shifts), n_dims;
  GError *error = NULL;

  if (n_shifts == -2)
    return FALSE;
  n_dims = bs_call_int_list (call, 2, dims);
  if (n_dims == -2)
    return FALSE;
  n_dims = MAX (n_dims, 0);
  if (n_dims == 0 && n_shifts != 1)
    return bs_raise (in, "RuntimeError", "shifts and dimensions must align. shifts: %d, dims:0",
                     n_shifts);
  if (n_dims != 0 && n_shifts != n_dims)
    return bs_raise (in, "RuntimeError", "shifts and dimensions must align. shifts: %d, dims:%d",
                     n_shifts, n_dims);
  return bs_call_return_tensor (call, bs_roll (bs_call_self (call), shifts, dims, n_dims,
                                               &error),
                                &error, r);
}

/* tril(input, diagonal=0), triu, diag: the row's data is the engine's function */
static gboolean
diagonal (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  DiagonalFunc f = (DiagonalFunc) bs_call_data (call);
  GError *error = NULL;

  return bs_call_return_tensor (call, f (bs_call_self (call), bs_call_int (call, 1), &error),
                                &error, r);
}

/* cumsum(input, dim, *, dtype=None), cumprod: the row's data is the engine's function */
static gboolean
cumulative (BsInterp *in,
            BsCall   *call,
            BsValue  *r)
{
  DimFunc f = (DimFunc) bs_call_data (call);
  BsTensor *x = bs_call_self (call);
  GError *error = NULL;
  g_autoptr(BsTensor) cast = NULL;

  if (bs_call_has (call, 2))
    {
      cast = bs_to_dtype (x, bs_call_dtype (call, 2, x->dtype), &error);
      if (cast == NULL)
        return bs_raise_gerror (in, error);
      x = cast;
    }
  return bs_call_return_tensor (call, f (x, bs_call_dim (call, 1), &error), &error, r);
}

/* outer(input, vec2), atan2(input, other), fmod(input, other), logical_and/or/xor: the
 * row's data is the engine's function; a number for other is a wrapped number */
static gboolean
pair (BsInterp *in,
      BsCall   *call,
      BsValue  *r)
{
  PairFunc f = (PairFunc) bs_call_data (call);
  g_autoptr(BsTensor) other = bs_torch_operand (in, call->values[1]);
  GError *error = NULL;

  if (other == NULL)
    return FALSE;
  return bs_call_return_tensor (call, f (bs_call_self (call), other, &error), &error, r);
}

static gboolean
logical_not (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_logical_not (bs_call_self (call), &error), &error, r);
}

/* --- split, chunk, unbind ---------------------------------------------------------- */

/* The pieces as a tuple (takes them); FALSE with error when one is NULL. */
static gboolean
return_pieces (BsInterp   *in,
               BsTensor  **pieces,
               gint64      n,
               GError     *error,
               BsValue    *r)
{
  g_autofree BsValue *items = g_new0 (BsValue, MAX (n, 1));
  gboolean ok = TRUE;

  for (gint64 i = 0; i < n; i++)
    {
      ok &= pieces[i] != NULL;
      items[i] = bs_wrap_tensor (in, pieces[i]);
    }
  if (ok)
    *r = bs_tuple_from (in, items, n);
  for (gint64 i = 0; i < n; i++)
    bs_value_unref (items[i]);
  return ok ? TRUE : bs_raise_gerror (in, error);
}

/* meshgrid(*tensors, indexing=None): each 0-d or 1-d tensor viewed along its own dim and
 * expanded to all the sizes; "xy" swaps the first two dims, as PyTorch's does by swapping
 * the first two tensors and then the first two grids */
static gboolean
meshgrid (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsValue given = bs_call_value (call, 0);
  const char *indexing = bs_call_has (call, 1) ? bs_value_str (bs_call_value (call, 1)) : "ij";
  gint64 shape[BS_MAX_DIMS];
  BsTensor *inputs[BS_MAX_DIMS];
  g_autofree BsTensor **grids = NULL;
  GError *error = NULL;
  BsValue *items;
  gsize n;
  gboolean swap;

  items = bs_value_items (given, &n);
  if (n == 1 && (bs_value_is_object (items[0], BS_OBJECT_LIST)
                 || bs_value_is_object (items[0], BS_OBJECT_TUPLE)))
    items = bs_value_items (items[0], &n);
  if (indexing == NULL)
    return bs_raise (in, "TypeError", "meshgrid(): argument 'indexing' must be str, not %s",
                     bs_type_name (bs_call_value (call, 1)));
  if (!bs_call_has (call, 1))
    {
      if (!bs_torch_warn (in, "torch.meshgrid: in an upcoming release, it will be "
                          "required to pass the indexing argument."))
        return FALSE;
    }
  else if (strcmp (indexing, "xy") != 0 && strcmp (indexing, "ij") != 0)
    return bs_raise (in, "RuntimeError", "torch.meshgrid: indexing must be one of \"xy\" or "
                     "\"ij\", but received: %s", indexing);
  if (n == 0)
    return bs_raise (in, "RuntimeError", "meshgrid expects a non-empty TensorList");
  if (n > BS_MAX_DIMS)
    return bs_raise (in, "NotImplementedError", "meshgrid of more than %d tensors is not "
                     "supported by Backstep", BS_MAX_DIMS);
  for (gsize i = 0; i < n; i++)
    {
      inputs[i] = bs_value_tensor (items[i]);
      if (inputs[i] == NULL)
        return bs_raise (in, "TypeError", "expected Tensor as element %zu in argument 0, but got "
                         "%s", i, bs_type_name (items[i]));
      if (inputs[i]->ndim > 1)
        {
          g_autofree char *dims = bs_tensor_format_shape (inputs[i]);

          return bs_raise (in, "RuntimeError", "torch.meshgrid: Expected 0D or 1D tensor in the "
                           "tensor list but got a tensor of shape %s", dims);
        }
      if (inputs[i]->dtype != inputs[0]->dtype)
        return bs_raise (in, "RuntimeError", "meshgrid expects all tensors to have the same "
                         "dtype");
    }
  swap = strcmp (indexing, "xy") == 0 && n >= 2;
  if (swap)
    {
      BsTensor *first = inputs[0];

      inputs[0] = inputs[1];
      inputs[1] = first;
    }
  for (gsize i = 0; i < n; i++)
    shape[i] = bs_tensor_numel (inputs[i]);
  grids = g_new0 (BsTensor *, n);
  for (gsize i = 0; i < n && error == NULL; i++)
    {
      gint64 view_shape[BS_MAX_DIMS];
      g_autoptr(BsTensor) view = NULL;

      for (gsize k = 0; k < n; k++)
        view_shape[k] = k == i ? -1 : 1;
      view = bs_view (inputs[i], view_shape, (int) n, &error);
      if (view != NULL)
        grids[i] = bs_expand (view, shape, (int) n, &error);
    }
  if (swap)
    {
      BsTensor *first = grids[0];

      grids[0] = grids[1];
      grids[1] = first;
    }
  return return_pieces (in, grids, n, error, r);
}

/* Pieces of split_size along dim, the last one smaller (PyTorch's split) */
static gboolean
split_even (BsInterp *in,
            BsTensor *x,
            gint64    split_size,
            int       dim,
            BsValue  *r)
{
  GError *error = NULL;
  gint64 size, n;
  g_autofree BsTensor **pieces = NULL;
  g_autofree gint64 *sizes = NULL;

  if (x->ndim == 0)
    return bs_raise (in, "RuntimeError", "split expects at least a 1-dimensional tensor");
  if (!bs_wrap_dim (&dim, x->ndim, &error))
    return bs_raise_gerror (in, error);
  size = x->shape[dim];
  if (split_size < 0)
    return bs_raise (in, "RuntimeError", "split expects split_size be non-negative, but got "
                     "split_size=%" G_GINT64_FORMAT, split_size);
  if (split_size == 0 && size != 0)
    return bs_raise (in, "RuntimeError", "split_size can only be 0 if dimension size is 0, but "
                     "got dimension size of %" G_GINT64_FORMAT, size);
  n = split_size == 0 ? 1 : MAX ((size + split_size - 1) / split_size, 1);
  pieces = g_new0 (BsTensor *, n);
  sizes = g_new (gint64, n);
  for (gint64 i = 0; i < n; i++)
    sizes[i] = split_size;
  bs_split (x, dim, sizes, (guint) n, FALSE, pieces, &error);
  return return_pieces (in, pieces, n, error, r);
}

/* chunk(input, chunks, dim=0) */
static gboolean
chunk (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  gint64 chunks = bs_call_int (call, 1);
  int dim = bs_call_dim (call, 2);
  GError *error = NULL;

  if (x->ndim == 0)
    return bs_raise (in, "RuntimeError", "chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0)
    return bs_raise (in, "RuntimeError", "chunk expects `chunks` to be greater than 0, got: %"
                     G_GINT64_FORMAT, chunks);
  if (!bs_wrap_dim (&dim, x->ndim, &error))
    return bs_raise_gerror (in, error);
  if (x->shape[dim] == 0)
    {
      /* as PyTorch, `chunks` empty pieces (from split_with_sizes) */
      g_autofree BsTensor **pieces = NULL;
      g_autofree gint64 *sizes = NULL;

      if (chunks > (1 << 20))
        return bs_raise (in, "MemoryError", "chunk(): %" G_GINT64_FORMAT " empty pieces are "
                         "more than Backstep makes", chunks);
      pieces = g_new0 (BsTensor *, chunks);
      sizes = g_new0 (gint64, chunks);
      bs_split (x, dim, sizes, (guint) chunks, TRUE, pieces, &error);
      return return_pieces (in, pieces, chunks, error, r);
    }
  return split_even (in, x, (x->shape[dim] + chunks - 1) / chunks, dim, r);
}

/* split(tensor, split_size_or_sections, dim=0), Tensor.split(split_size, dim=0): an int
 * gives even pieces, a list of ints pieces of those sizes */
static gboolean
split (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  BsValue sizes = bs_call_value (call, 1);
  gint64 dim = 0, total = 0;
  gsize n;
  BsValue *items;
  g_autoptr(GString) list = g_string_new ("[");
  g_autofree BsTensor **pieces = NULL;
  g_autofree gint64 *sizes_array = NULL;
  GError *error = NULL;
  int d;

  if (x == NULL)
    return bs_raise (in, "AttributeError", "'%s' object has no attribute 'split'",
                     bs_type_name (bs_call_value (call, 0)));
  if (call->given[2] && !bs_to_int (in, bs_call_value (call, 2), &dim))
    return FALSE;
  if (sizes.type == BS_VALUE_INT)
    return split_even (in, x, sizes.as.integer, (int) CLAMP (dim, -1000, 1000), r);
  items = bs_value_items (sizes, &n);
  if (items == NULL)
    return bs_raise (in, "TypeError", "split_with_sizes(): argument 'split_sizes' (position 2) "
                     "must be tuple of ints, not %s", bs_type_name (sizes));
  for (gsize i = 0; i < n; i++)
    {
      if (items[i].type != BS_VALUE_INT)
        return bs_raise (in, "TypeError", "split_with_sizes(): argument 'split_sizes' must be "
                         "tuple of ints, but found element of type %s at pos %" G_GSIZE_FORMAT,
                         bs_type_name (items[i]), i + 1);
      g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "",
                              items[i].as.integer);
    }
  g_string_append_c (list, ']');
  d = (int) CLAMP (dim, -1000, 1000);
  if (x->ndim == 0)
    return bs_raise (in, "RuntimeError", "split expects at least a 1-dimensional tensor");
  if (!bs_wrap_dim (&d, x->ndim, &error))
    return bs_raise_gerror (in, error);
  for (gsize i = 0; i < n; i++)
    {
      if (items[i].as.integer < 0)
        return bs_raise (in, "RuntimeError", "split_with_sizes expects split_sizes have only "
                         "non-negative entries, but got split_sizes=%s", list->str);
      total += items[i].as.integer;
    }
  if (total != x->shape[d])
    return bs_raise (in, "RuntimeError", "split_with_sizes expects split_sizes to sum exactly to "
                     "%" G_GINT64_FORMAT " (input tensor's size at dimension %d), but got "
                     "split_sizes=%s", x->shape[d], d, list->str);
  pieces = g_new0 (BsTensor *, MAX (n, 1));
  sizes_array = g_new (gint64, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    sizes_array[i] = items[i].as.integer;
  bs_split (x, d, sizes_array, (guint) n, TRUE, pieces, &error);
  return return_pieces (in, pieces, n, error, r);
}

/* tensor_split's pieces: slices of x along dim from bounds[i] to bounds[i + 1] (Python's
 * slice rules: negative bounds count from the end), one SliceBackward0 each, as PyTorch's */
static gboolean
slice_pieces (BsInterp     *in,
              BsTensor     *x,
              int           dim,
              const gint64 *bounds,
              gint64        n,
              BsValue      *r)
{
  g_autofree BsTensor **pieces = g_new0 (BsTensor *, MAX (n, 1));
  GError *error = NULL;

  for (gint64 i = 0; i < n && error == NULL; i++)
    pieces[i] = bs_slice (x, dim, bounds[i], bounds[i + 1], 1, &error);
  return return_pieces (in, pieces, n, error, r);
}

enum { SPLIT_TENSOR, SPLIT_SECTIONS, SPLIT_INDICES };

/* tensor_split(input, sections | indices | tensor_indices_or_sections, dim=0) */
static gboolean
tensor_split (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  int dim = bs_call_dim (call, 2);
  int kind = (int) bs_call_data (call);
  g_autofree gint64 *bounds = NULL;
  gint64 sections = 0, n = 0;
  GError *error = NULL;

  if (x->ndim == 0)
    return bs_raise (in, "RuntimeError", "tensor_split expected at least a 1-dimensional tensor, "
                     "but got a tensor with 0 dims");
  if (kind == SPLIT_TENSOR)
    {
      BsTensor *t = bs_call_tensor (call, 1);

      if (t->dtype != BS_DTYPE_INT64)
        return bs_raise (in, "RuntimeError", "tensor_split expected tensor_indices_or_sections "
                         "to have dtype of long, but got %s", bs_dtype_scalar_name (t->dtype));
      if (t->ndim > 1)
        return bs_raise (in, "RuntimeError", "tensor_split expected tensor_indices_or_sections "
                         "to be a zero-dimensional or one-dimensional tensor, but got a tensor "
                         "with %d dims", t->ndim);
      if (t->ndim == 0)
        {
          kind = SPLIT_SECTIONS;
          sections = bs_tensor_get_int (t, 0);
        }
      else
        {
          n = bs_tensor_numel (t);
          bounds = g_new (gint64, n + 2);
          for (gint64 i = 0; i < n; i++)
            bounds[i + 1] = bs_tensor_get_int (t, i);
        }
    }
  else if (kind == SPLIT_SECTIONS)
    sections = bs_call_int (call, 1);
  else
    {
      gsize n_items;
      BsValue *items = bs_value_items (bs_call_value (call, 1), &n_items);

      n = (gint64) n_items;
      bounds = g_new (gint64, n + 2);
      for (gint64 i = 0; i < n; i++)
        {
          if (items[i].type != BS_VALUE_INT && bs_value_tensor (items[i]) == NULL)
            return bs_raise (in, "TypeError", "tensor_split(): argument 'indices' must be tuple "
                             "of ints, but found element of type %s at pos %" G_GINT64_FORMAT,
                             bs_type_name (items[i]), i + 1);
          if (!bs_to_int (in, items[i], &bounds[i + 1]))
            return FALSE;
        }
    }
  if (kind == SPLIT_SECTIONS)
    {
      gint64 size, each, extra;

      if (sections <= 0)
        return bs_raise (in, "RuntimeError", "number of sections must be larger than 0, got %"
                         G_GINT64_FORMAT, sections);
      if (!bs_wrap_dim (&dim, x->ndim, &error))
        return bs_raise_gerror (in, error);
      if (sections > (1 << 20))
        return bs_raise (in, "MemoryError", "tensor_split(): %" G_GINT64_FORMAT " pieces are "
                         "more than Backstep makes", sections);
      size = x->shape[dim];
      each = size / sections;
      extra = size % sections;
      bounds = g_new (gint64, sections + 1);
      bounds[0] = 0;
      for (gint64 i = 0; i < sections; i++)
        bounds[i + 1] = bounds[i] + each + (i < extra);
      return slice_pieces (in, x, dim, bounds, sections, r);
    }
  if (!bs_wrap_dim (&dim, x->ndim, &error))
    return bs_raise_gerror (in, error);
  bounds[0] = 0;
  bounds[n + 1] = x->shape[dim];
  return slice_pieces (in, x, dim, bounds, n + 1, r);
}

/* narrow(input, dim, start, length): the slice start:start + length along dim, as PyTorch
 * 1.13's (start wraps as a dim does, and may be the size itself) */
static gboolean
narrow (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  int dim = bs_call_dim (call, 1);
  gint64 length = bs_call_int (call, 3), start, size, n;
  GError *error = NULL;

  if (bs_call_data (call) == 1)
    {
      BsTensor *t = bs_call_tensor (call, 2);

      if (t->ndim != 0 || !bs_dtype_is_integral (t->dtype))
        return bs_raise (in, "RuntimeError", "start must be an 0-dim integral Tensor.");
      start = bs_tensor_get_int (t, 0);
    }
  else
    start = bs_call_int (call, 2);
  if (x->ndim == 0)
    return bs_raise (in, "RuntimeError", "narrow() cannot be applied to a 0-dim tensor.");
  if (!bs_wrap_dim (&dim, x->ndim, &error))
    return bs_raise_gerror (in, error);
  size = x->shape[dim];
  n = MAX (size, 1);
  if (start != size && (start < -n || start > n - 1))
    return bs_raise (in, "IndexError", "Dimension out of range (expected to be in range of [%"
                     G_GINT64_FORMAT ", %" G_GINT64_FORMAT "], but got %" G_GINT64_FORMAT ")",
                     -n, n - 1, start);
  if (start != size && start < 0)
    start += n;
  if (length < 0 || start > size - length)
    return bs_raise (in, "RuntimeError", "start (%" G_GINT64_FORMAT ") + length (%"
                     G_GINT64_FORMAT ") exceeds dimension size (%" G_GINT64_FORMAT ").",
                     start, length, size);
  return bs_call_return_tensor (call, bs_slice (x, dim, start, start + length, 1, &error),
                                &error, r);
}

/* The indices that repeat i repeats[i] times (repeat_interleave(repeats)), with PyTorch's
 * checks; output_size < 0: not given */
static BsTensor *
repeated_indices (BsInterp *in,
                  BsTensor *repeats,
                  gint64    output_size)
{
  gint64 n, total = 0, shape[1];
  BsTensor *index;
  GError *error = NULL;

  if (repeats->ndim != 1)
    {
      bs_raise (in, "RuntimeError", "repeat_interleave only accept 1D vector as repeat");
      return NULL;
    }
  if (repeats->dtype != BS_DTYPE_INT64 && repeats->dtype != BS_DTYPE_INT32)
    {
      bs_raise (in, "RuntimeError", "\"repeat_interleave_cpu\" not implemented for '%s'",
                bs_dtype_scalar_name (repeats->dtype));
      return NULL;
    }
  n = repeats->shape[0];
  for (gint64 i = 0; i < n; i++)
    {
      gint64 k = bs_tensor_get_int (repeats, i);

      if (k < 0)
        {
          bs_raise (in, "RuntimeError", "repeats can not be negative");
          return NULL;
        }
      total += k;
      if (total > G_MAXINT32)
        {
          bs_raise (in, "MemoryError", "repeat_interleave(): more than %d elements are more "
                    "than Backstep makes", G_MAXINT32);
          return NULL;
        }
    }
  if (output_size >= 0 && output_size != total)
    {
      bs_raise (in, "RuntimeError", "allocated size does not match required size");
      return NULL;
    }
  shape[0] = total;
  index = bs_tensor_new (repeats->context, repeats->dtype, 1, shape, &error);
  if (index == NULL)
    {
      bs_raise_gerror (in, error);
      return NULL;
    }
  total = 0;
  for (gint64 i = 0; i < n; i++)
    for (gint64 k = bs_tensor_get_int (repeats, i); k > 0; k--)
      bs_tensor_set (index, total++, (double) i);
  return index;
}

enum { REPEAT_BY_TENSOR, REPEAT_BY_INT, REPEAT_INDICES };

/* repeat_interleave(input, repeats, dim=None, *, output_size=None): index_select of the
 * input (flattened when dim is None) by repeated indices, as PyTorch 1.13 composes it;
 * torch.repeat_interleave(repeats) gives the indices alone */
static gboolean
repeat_interleave (BsInterp *in,
                   BsCall   *call,
                   BsValue  *r)
{
  int kind = (int) bs_call_data (call);
  guint size_arg = kind == REPEAT_INDICES ? 1 : 3;
  gint64 output_size = bs_call_has (call, size_arg) ? bs_call_int (call, size_arg) : -1;
  g_autoptr(BsTensor) input = NULL;
  g_autoptr(BsTensor) repeats = NULL;
  g_autoptr(BsTensor) index = NULL;
  GError *error = NULL;
  int dim = 0;

  if (kind == REPEAT_INDICES)
    {
      index = repeated_indices (in, bs_call_tensor (call, 0), output_size);
      return index != NULL
             && bs_call_return_tensor (call, g_steal_pointer (&index), &error, r);
    }
  if (bs_call_has (call, 2))
    {
      input = bs_tensor_ref (bs_call_self (call));
      dim = bs_call_dim (call, 2);
    }
  else
    input = bs_flatten (bs_call_self (call), 0, -1, &error);
  if (input == NULL || !bs_wrap_dim (&dim, input->ndim, &error))
    return bs_raise_gerror (in, error);
  if (kind == REPEAT_BY_TENSOR)
    repeats = bs_tensor_ref (bs_call_tensor (call, 1));
  else
    repeats = bs_tensor_new_scalar (input->context, BS_DTYPE_INT64, bs_call_int (call, 1));
  if (repeats->ndim == 0 || (repeats->ndim == 1 && repeats->shape[0] == 1))
    {
      gint64 one = 1, along = input->ndim > 0 ? input->shape[dim] : 1;
      g_autoptr(BsTensor) single = bs_reshape (repeats, &one, 1, &error);

      g_clear_pointer (&repeats, bs_tensor_unref);
      repeats = single != NULL ? bs_expand (single, &along, 1, &error) : NULL;
      if (repeats == NULL)
        return bs_raise_gerror (in, error);
    }
  else if (repeats->ndim == 1)
    {
      if (repeats->shape[0] != (input->ndim > 0 ? input->shape[dim] : 1))
        return bs_raise (in, "RuntimeError", "repeats must have the same size as input along "
                         "dim");
    }
  else
    return bs_raise (in, "RuntimeError", "repeats must be 0-dim or 1-dim tensor");
  index = repeated_indices (in, repeats, output_size);
  if (index == NULL)
    return FALSE;
  return bs_call_return_tensor (call, bs_index_select (input, dim, index, &error), &error, r);
}

/* unbind(input, dim=0) */
static gboolean
unbind (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  int dim = bs_call_dim (call, 1);
  GError *error = NULL;
  g_autofree BsTensor **pieces = NULL;
  gint64 n;

  if (x->ndim == 0)
    return bs_raise (in, "IndexError", "Dimension specified as %d but tensor has no dimensions",
                     dim);
  if (!bs_wrap_dim (&dim, x->ndim, &error))
    return bs_raise_gerror (in, error);
  n = x->shape[dim];
  pieces = g_new0 (BsTensor *, MAX (n, 1));
  bs_unbind (x, dim, pieces, &error);
  return return_pieces (in, pieces, n, error, r);
}

#define TT "torch Tensor"
#define OUT ", *, Tensor out=None)"
#define PAIR_ROW(name, other, fn) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Tensor " #other OUT, pair, (gintptr) fn }
#define SCATTER_ROWS(name, kind) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim, Tensor index, Tensor src" OUT, \
    scatter, kind }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim, Tensor index, Tensor src, *, " \
    "c10::string_view reduce, Tensor out=None)", scatter, kind }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Dimname dim, Tensor index, Tensor src)", \
    bs_torch_refuse_named, 0 }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim, Tensor index, Scalar value" OUT, \
    scatter, SCATTER_VALUE }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim, Tensor index, Scalar value, *, " \
    "c10::string_view reduce, Tensor out=None)", scatter, SCATTER_VALUE }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Dimname dim, Tensor index, Scalar value)", \
    bs_torch_refuse_named, 0 }
#define SORT_ROWS(name, func) \
  { TT, BS_SIG_TORCH, #name "(Tensor input, *, bool? stable, int64_t dim=-1, " \
    "bool descending=False, TensorList[2] out=None)", func, 0 }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, int64_t dim=-1, bool descending=False, *, " \
    "TensorList[2] out=None)", func, 0 }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, *, bool? stable, Dimname dim, " \
    "bool descending=False, TensorList[2] out=None)", bs_torch_refuse_named, 0 }, \
  { TT, BS_SIG_TORCH, #name "(Tensor input, Dimname dim, bool descending=False, *, " \
    "TensorList[2] out=None)", bs_torch_refuse_named, 0 }

static const BsSignatureRow rows[] = {
  { TT, BS_SIG_TORCH, "gather(Tensor input, int64_t dim, Tensor index, *, "
    "bool sparse_grad=False, Tensor out=None)", gather, 0 },
  { TT, BS_SIG_TORCH, "gather(Tensor input, Dimname dim, Tensor index, *, "
    "bool sparse_grad=False, Tensor out=None)", bs_torch_refuse_named, 0 },
  SCATTER_ROWS (scatter, SCATTER_SRC),
  { "Tensor", BS_SIG_TORCH, "scatter_(Tensor input, int64_t dim, Tensor index, Tensor src)",
    scatter, SCATTER_SRC | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "scatter_(Tensor input, int64_t dim, Tensor index, Tensor src, *, "
    "c10::string_view reduce)", scatter, SCATTER_SRC | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "scatter_(Tensor input, int64_t dim, Tensor index, Scalar value)",
    scatter, SCATTER_VALUE | 1 << 8 },
  { "Tensor", BS_SIG_TORCH, "scatter_(Tensor input, int64_t dim, Tensor index, Scalar value, *, "
    "c10::string_view reduce)", scatter, SCATTER_VALUE | 1 << 8 },
  { TT, BS_SIG_TORCH, "scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src" OUT,
    scatter, SCATTER_ADD },
  { TT, BS_SIG_TORCH, "scatter_add(Tensor input, Dimname dim, Tensor index, Tensor src)",
    bs_torch_refuse_named, 0 },
  { "Tensor", BS_SIG_TORCH, "scatter_add_(Tensor input, int64_t dim, Tensor index, Tensor src)",
    scatter, SCATTER_ADD | 1 << 8 },
  { TT, BS_SIG_TORCH, "masked_fill(Tensor input, Tensor mask, Tensor value)", masked_fill, 0 },
  { TT, BS_SIG_TORCH, "masked_fill(Tensor input, Tensor mask, Scalar value)", masked_fill, 0 },
  { "Tensor", BS_SIG_TORCH, "masked_fill_(Tensor input, Tensor mask, Tensor value)", masked_fill,
    1 },
  { "Tensor", BS_SIG_TORCH, "masked_fill_(Tensor input, Tensor mask, Scalar value)", masked_fill,
    1 },

  SORT_ROWS (sort, sort),
  { TT, BS_SIG_TORCH, "argsort(Tensor input, *, bool stable, int64_t dim=-1, "
    "bool descending=False)", argsort, 0 },
  { TT, BS_SIG_TORCH, "argsort(Tensor input, int64_t dim=-1, bool descending=False)", argsort,
    0 },
  { TT, BS_SIG_TORCH, "argsort(Tensor input, Dimname dim, bool descending=False)",
    bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "topk(Tensor input, int64_t k, int64_t dim=-1, bool largest=True, "
    "bool sorted=True, *, TensorList[2] out=None)", topk, 0 },
  { TT, BS_SIG_TORCH, "nonzero(Tensor input" OUT, nonzero, 0 },
  { TT, BS_SIG_TORCH, "nonzero(Tensor input, *, bool as_tuple)", nonzero, 0 },

  { TT, BS_SIG_TORCH, "flip(Tensor input, IntArrayRef dims)", int_list, (gintptr) bs_flip },
  { TT, BS_SIG_TORCH, "roll(Tensor input, IntArrayRef[1] shifts, IntArrayRef[1] dims=None)",
    roll, 0 },
  { "Tensor", BS_SIG_TORCH, "repeat(Tensor input, SymIntArrayRef repeats)", int_list,
    (gintptr) bs_repeat },
  { TT, BS_SIG_TORCH, "tile(Tensor input, IntArrayRef dims)", int_list, (gintptr) bs_tile },
  { TT, BS_SIG_TORCH, "tril(Tensor input, int64_t diagonal=0" OUT, diagonal, (gintptr) bs_tril },
  { TT, BS_SIG_TORCH, "triu(Tensor input, int64_t diagonal=0" OUT, diagonal, (gintptr) bs_triu },
  { TT, BS_SIG_TORCH, "diag(Tensor input, int64_t diagonal=0" OUT, diagonal, (gintptr) bs_diag },
  { TT, BS_SIG_TORCH, "cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, "
    "Tensor out=None)", cumulative, (gintptr) bs_cumsum },
  { TT, BS_SIG_TORCH, "cumsum(Tensor input, Dimname dim, *, ScalarType? dtype=None, "
    "Tensor out=None)", bs_torch_refuse_named, 0 },
  { TT, BS_SIG_TORCH, "cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, "
    "Tensor out=None)", cumulative, (gintptr) bs_cumprod },
  { TT, BS_SIG_TORCH, "cumprod(Tensor input, Dimname dim, *, ScalarType? dtype=None, "
    "Tensor out=None)", bs_torch_refuse_named, 0 },

  { TT, BS_SIG_TORCH, "chunk(Tensor input, int64_t chunks, int64_t dim=0)", chunk, 0 },
  { "torch", BS_SIG_PYTHON, "meshgrid(*tensors, indexing=None)", meshgrid, 0 },
  { "torch", BS_SIG_PYTHON, "split(tensor, split_size_or_sections, dim=0)", split, 0 },
  { "Tensor", BS_SIG_PYTHON, "Tensor.split(self, split_size, dim=0)", split, 0 },
  { TT, BS_SIG_TORCH, "narrow(Tensor input, int64_t dim, Tensor start, int64_t length)", narrow,
    1 },
  { TT, BS_SIG_TORCH, "narrow(Tensor input, int64_t dim, int64_t start, int64_t length)", narrow,
    0 },
  { TT, BS_SIG_TORCH, "repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, "
    "int64_t? output_size=None)", repeat_interleave, REPEAT_BY_TENSOR },
  { TT, BS_SIG_TORCH, "repeat_interleave(Tensor input, int64_t repeats, int64_t? dim=None, *, "
    "int64_t? output_size=None)", repeat_interleave, REPEAT_BY_INT },
  { "torch", BS_SIG_TORCH, "repeat_interleave(Tensor repeats, *, int64_t? output_size=None)",
    repeat_interleave, REPEAT_INDICES },
  { TT, BS_SIG_TORCH, "tensor_split(Tensor input, Tensor tensor_indices_or_sections, "
    "int64_t dim=0)", tensor_split, SPLIT_TENSOR },
  { TT, BS_SIG_TORCH, "tensor_split(Tensor input, int64_t sections, int64_t dim=0)",
    tensor_split, SPLIT_SECTIONS },
  { TT, BS_SIG_TORCH, "tensor_split(Tensor input, IntArrayRef indices, int64_t dim=0)",
    tensor_split, SPLIT_INDICES },
  { TT, BS_SIG_TORCH, "unbind(Tensor input, int64_t dim=0)", unbind, 0 },
  { TT, BS_SIG_TORCH, "unbind(Tensor input, Dimname dim)", bs_torch_refuse_named, 0 },

  PAIR_ROW (outer, vec2, bs_outer),
  PAIR_ROW (atan2, other, bs_atan2),
  PAIR_ROW (fmod, other, bs_fmod),
  { TT, BS_SIG_TORCH, "fmod(Tensor input, Scalar other" OUT, pair, (gintptr) bs_fmod },
  PAIR_ROW (logical_and, other, bs_logical_and),
  PAIR_ROW (logical_or, other, bs_logical_or),
  PAIR_ROW (logical_xor, other, bs_logical_xor),
  { TT, BS_SIG_TORCH, "logical_not(Tensor input" OUT, logical_not, 0 },
};

const BsSignatureTable bs_tensor_select_table = BS_SIGNATURE_TABLE (rows);
