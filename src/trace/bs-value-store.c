/* bs-value-store.c: tensor values a trace keeps, bounded by a memory budget */
#define G_LOG_DOMAIN "bs-trace"

#include <math.h>
#include <string.h>

#include "bs-context.h"
#include "bs-tensor.h"
#include "bs-value-store.h"

/* What one stored value costs besides its own allocation: the malloc header,
 * the index slot and, for deduplicated values, a hash-table entry. */
#define VALUE_OVERHEAD (16 + sizeof (gpointer))
#define DEDUP_OVERHEAD (4 * sizeof (gpointer))

struct _BsValueStore {
  GPtrArray  *values;      /* Owned: BsTraceValue *; index 0 is NULL */
  GHashTable *dedup;       /* BsTraceValue * (borrowed from values) -> id */
  gsize       budget;
  gsize       bytes;
  guint64     n_dropped;
  gboolean    budget_reached;
};

static gsize
histogram_size (guint n_bins)
{
  return n_bins > 0 ? sizeof (BsValueHistogram) + n_bins * sizeof (guint64) : 0;
}

static gsize
value_size (const BsTraceValue *value)
{
  return sizeof (BsTraceValue) + value->n_data * sizeof (double) + histogram_size (value->n_bins);
}

/* A histogram follows data[], which keeps it 8-byte aligned. */
static BsTraceValue *
value_alloc (BsValueKind   kind,
             BsDType       dtype,
             int           ndim,
             const gint64 *shape,
             guint         n_data,
             guint         n_bins)
{
  BsTraceValue *value = g_malloc0 (sizeof (BsTraceValue) + n_data * sizeof (double)
                                   + histogram_size (n_bins));

  value->kind = kind;
  value->dtype = dtype;
  value->ndim = ndim;
  value->numel = 1;
  for (int d = 0; d < ndim; d++)
    {
      value->shape[d] = shape[d];
      value->numel *= shape[d];
    }
  value->n_data = n_data;
  value->n_bins = n_bins;
  return value;
}

BsTraceValue *
bs_trace_value_new (BsValueKind   kind,
              BsDType       dtype,
              int           ndim,
              const gint64 *shape,
              guint         n_data)
{
  return value_alloc (kind, dtype, ndim, shape, n_data, 0);
}

BsTraceValue *
bs_trace_value_new_summary (BsDType       dtype,
                            int           ndim,
                            const gint64 *shape,
                            guint         n_first,
                            guint         n_last,
                            guint         n_bins)
{
  BsTraceValue *value = value_alloc (BS_VALUE_SUMMARY, dtype, ndim, shape, n_first + n_last,
                                     n_bins);

  value->n_first = n_first;
  value->n_last = n_last;
  return value;
}

const BsValueHistogram *
bs_trace_value_get_histogram (const BsTraceValue *value)
{
  g_return_val_if_fail (value != NULL, NULL);
  if (value->n_bins == 0)
    return NULL;
  return (const BsValueHistogram *) (value->data + value->n_data);
}

static BsTraceValue *
summarize (BsDType       dtype,
           int           ndim,
           const gint64 *shape,
           const double *elements,
           gint64        numel)
{
  guint n_first = (guint) MIN (numel, BS_VALUE_EDGE);
  guint n_last = (guint) MIN (numel - n_first, BS_VALUE_EDGE);
  /* When the summary keeps every element, a histogram would tell nothing more. */
  guint n_bins = numel > n_first + n_last ? BS_VALUE_HISTOGRAM_BINS : 0;
  BsTraceValue *value = bs_trace_value_new_summary (dtype, ndim, shape, n_first, n_last, n_bins);
  BsValueHistogram *histogram = (BsValueHistogram *) bs_trace_value_get_histogram (value);
  double sum = 0, sq = 0, mean, low = INFINITY, high = -INFINITY, scale, width;
  guint64 n_nan = 0, n_posinf = 0, n_neginf = 0;

  memcpy (value->data, elements, n_first * sizeof (double));
  memcpy (value->data + n_first, elements + numel - n_last, n_last * sizeof (double));
  value->min = numel > 0 ? INFINITY : NAN;
  value->max = numel > 0 ? -INFINITY : NAN;
  for (gint64 i = 0; i < numel; i++)
    {
      double x = elements[i];

      value->min = isnan (x) || x < value->min ? x : value->min;
      value->max = isnan (x) || x > value->max ? x : value->max;
      sum += x;
      if (isnan (x))
        n_nan++;
      else if (x == INFINITY)
        n_posinf++;
      else if (x == -INFINITY)
        n_neginf++;
      else
        {
          low = MIN (low, x);
          high = MAX (high, x);
        }
    }
  mean = numel > 0 ? sum / numel : NAN;
  if (histogram != NULL)
    {
      gboolean any_finite = numel > (gint64) (n_nan + n_posinf + n_neginf);

      histogram->low = any_finite ? low : NAN;
      histogram->high = any_finite ? high : NAN;
      histogram->n_nan = n_nan;
      histogram->n_posinf = n_posinf;
      histogram->n_neginf = n_neginf;
    }
  /* Halved when high - low would overflow; width 0 when every finite element is equal. */
  scale = isfinite (high - low) ? 1 : 0.5;
  width = n_bins > 0 ? (high * scale - low * scale) / n_bins : 0;
  for (gint64 i = 0; i < numel; i++)
    {
      sq += (elements[i] - mean) * (elements[i] - mean);
      if (histogram != NULL && isfinite (elements[i]))
        {
          double t = width > 0 ? (elements[i] * scale - low * scale) / width : 0;

          histogram->bins[t < n_bins ? (guint) t : n_bins - 1]++;
        }
    }
  value->mean = mean;
  value->std = numel > 1 ? sqrt (sq / (numel - 1)) : NAN;
  return value;
}

BsTraceValue *
bs_trace_value_new_from_tensor (BsTensor *tensor,
                          gint64    max_full)
{
  gint64 numel = bs_tensor_numel (tensor);
  BsTraceValue *value;

  if (numel > max_full)
    {
      g_autofree double *elements = bs_tensor_to_doubles (tensor);

      return summarize (tensor->dtype, tensor->ndim, tensor->shape, elements, numel);
    }
  value = bs_trace_value_new (BS_VALUE_FULL, tensor->dtype, tensor->ndim, tensor->shape, (guint) numel);
  /* straight into the value: a recording copies two small values per op */
  if (tensor->dtype == BS_DTYPE_FLOAT32 && bs_tensor_is_contiguous (tensor))
    for (gint64 i = 0; i < numel; i++)
      value->data[i] = ((const float *) bs_tensor_data (tensor))[i];
  else
    for (gint64 i = 0; i < numel; i++)
      value->data[i] = bs_tensor_get (tensor, i);
  return value;
}

BsTraceValue *
bs_trace_value_copy (const BsTraceValue *value)
{
  return g_memdup2 (value, value_size (value));
}

gboolean
bs_trace_value_equal (const BsTraceValue *a,
                const BsTraceValue *b)
{
  if (a->kind != b->kind || a->dtype != b->dtype || a->ndim != b->ndim || a->n_data != b->n_data)
    return FALSE;
  if (memcmp (a->shape, b->shape, a->ndim * sizeof (gint64)) != 0)
    return FALSE;
  /* Bitwise, so that NaNs compare equal to themselves and -0 differs from 0. */
  if (a->kind == BS_VALUE_SUMMARY
      && (a->n_first != b->n_first || a->n_bins != b->n_bins
          || memcmp (&a->min, &b->min, sizeof a->min) != 0
          || memcmp (&a->max, &b->max, sizeof a->max) != 0
          || memcmp (&a->mean, &b->mean, sizeof a->mean) != 0
          || memcmp (&a->std, &b->std, sizeof a->std) != 0))
    return FALSE;
  return memcmp (a->data, b->data, a->n_data * sizeof (double)) == 0
         && memcmp (a->data + a->n_data, b->data + b->n_data, histogram_size (a->n_bins)) == 0;
}

BsTensor *
bs_trace_value_to_tensor (const BsTraceValue *value,
                    BsContext     *context)
{
  g_return_val_if_fail (value != NULL, NULL);
  if (value->kind != BS_VALUE_FULL)
    return NULL;
  return bs_tensor_new_from_doubles (context, value->dtype, value->ndim, value->shape,
                                     value->data, NULL);
}

static const char *
format_number (char   *buf,
               gsize   size,
               double  number)
{
  if (isnan (number))
    return "nan";
  if (isinf (number))
    return number > 0 ? "inf" : "-inf";
  if (number == 0)
    number = 0;  /* no "-0" */
  return g_ascii_formatd (buf, size, "%.6g", number);
}

char *
bs_trace_value_format_number (double number)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (format_number (buf, sizeof buf, number));
}

static void
append_number (GString *out,
               double   number)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, format_number (buf, sizeof buf, number));
}

/* Stops once out is longer than max_bytes. */
static void
format_nested (GString            *out,
               const BsTraceValue *value,
               int                 dim,
               gint64             *offset,
               gsize               max_bytes)
{
  if (dim == value->ndim)
    {
      append_number (out, value->data[(*offset)++]);
      return;
    }
  g_string_append_c (out, '[');
  for (gint64 i = 0; i < value->shape[dim] && out->len <= max_bytes; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      format_nested (out, value, dim + 1, offset, max_bytes);
    }
  g_string_append_c (out, ']');
}

char *
bs_trace_value_format_head (const BsTraceValue *value,
                            gsize               max_bytes)
{
  GString *out = g_string_new (NULL);

  if (value == NULL)
    return g_strdup ("None");
  if (value->kind == BS_VALUE_FULL)
    {
      gint64 offset = 0;

      format_nested (out, value, 0, &offset, max_bytes);
      return g_string_free (out, FALSE);
    }

  g_string_append (out, "tensor[");
  for (int d = 0; d < value->ndim; d++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, d > 0 ? ", " : "", value->shape[d]);
  g_string_append (out, "]");
  {
    double stats[4] = { value->min, value->max, value->mean, value->std };
    const char *names[4] = { "min", "max", "mean", "std" };

    for (guint i = 0; i < 4; i++)
      {
        g_string_append_printf (out, " %s=", names[i]);
        append_number (out, stats[i]);
      }
  }
  g_string_append (out, " [");
  for (guint i = 0; i < value->n_data && out->len <= max_bytes; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      if (i == value->n_first && value->n_first + value->n_last < value->numel)
        g_string_append (out, "..., ");
      append_number (out, value->data[i]);
    }
  g_string_append (out, "]");
  return g_string_free (out, FALSE);
}

char *
bs_trace_value_format (const BsTraceValue *value)
{
  return bs_trace_value_format_head (value, G_MAXSIZE);
}

static guint
value_hash (gconstpointer key)
{
  const BsTraceValue *value = key;
  guint64 hash = (guint64) value->dtype * 31 + (guint64) value->ndim;

  for (int d = 0; d < value->ndim; d++)
    hash = hash * 31 + (guint64) value->shape[d];
  /* a word at a time: the elements' bits, mixed by multiplying (FNV's 64-bit prime) */
  for (gsize i = 0; i < value->n_data; i++)
    {
      guint64 bits;

      memcpy (&bits, &value->data[i], sizeof bits);
      hash = (hash ^ bits) * G_GUINT64_CONSTANT (1099511628211);
      hash ^= hash >> 29;
    }
  return (guint) (hash ^ (hash >> 32));
}

static gboolean
value_equal (gconstpointer a,
             gconstpointer b)
{
  return bs_trace_value_equal (a, b);
}

BsValueStore *
bs_value_store_new (gsize budget)
{
  BsValueStore *self = g_new0 (BsValueStore, 1);

  self->values = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->values, NULL);
  self->dedup = g_hash_table_new (value_hash, value_equal);
  self->budget = budget > 0 ? budget : BS_VALUE_STORE_DEFAULT_BUDGET;
  return self;
}

void
bs_value_store_free (BsValueStore *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->dedup);
  g_ptr_array_unref (self->values);
  g_free (self);
}

void
bs_value_store_set_budget (BsValueStore *self,
                           gsize         budget)
{
  g_return_if_fail (self != NULL);
  self->budget = budget > 0 ? budget : BS_VALUE_STORE_DEFAULT_BUDGET;
}

gsize
bs_value_store_get_budget (BsValueStore *self)
{
  return self->budget;
}

gsize
bs_value_store_get_bytes (BsValueStore *self)
{
  return self->bytes;
}

gboolean
bs_value_store_budget_reached (BsValueStore *self)
{
  return self->budget_reached;
}

guint64
bs_value_store_get_n_dropped (BsValueStore *self)
{
  return self->n_dropped;
}

guint32
bs_value_store_get_n_values (BsValueStore *self)
{
  return self->values->len - 1;
}

guint32
bs_value_store_add (BsValueStore *self,
                    BsTraceValue      *value)
{
  gpointer existing;
  gsize cost = 0;

  g_return_val_if_fail (self != NULL, 0);
  if (value == NULL)
    return 0;

  if (value->kind == BS_VALUE_FULL)
    {
      if (g_hash_table_lookup_extended (self->dedup, value, NULL, &existing))
        {
          g_free (value);
          return GPOINTER_TO_UINT (existing);
        }
      cost = value_size (value) + VALUE_OVERHEAD + DEDUP_OVERHEAD;
      if (self->budget_reached || self->bytes + cost > self->budget)
        {
          BsTraceValue *summary = summarize (value->dtype, value->ndim, value->shape, value->data,
                                        value->numel);

          self->budget_reached = TRUE;
          g_free (value);
          value = summary;
        }
    }

  if (value->kind == BS_VALUE_SUMMARY)
    {
      cost = value_size (value) + VALUE_OVERHEAD;
      if (self->bytes + cost > self->budget)
        {
          self->budget_reached = TRUE;
          self->n_dropped++;
          g_free (value);
          return 0;
        }
    }

  self->bytes += cost;
  g_ptr_array_add (self->values, value);
  if (value->kind == BS_VALUE_FULL)
    g_hash_table_insert (self->dedup, value, GUINT_TO_POINTER (self->values->len - 1));
  return self->values->len - 1;
}

guint32
bs_value_store_add_tensor (BsValueStore *self,
                           BsTensor     *tensor)
{
  gint64 max_full;

  g_return_val_if_fail (self != NULL, 0);
  if (tensor == NULL)
    return 0;
  /* After the budget is hit, even small values are summaries. */
  max_full = self->budget_reached ? -1 : BS_VALUE_SMALL;
  return bs_value_store_add (self, bs_trace_value_new_from_tensor (tensor, max_full));
}

const BsTraceValue *
bs_value_store_get (BsValueStore *self,
                    guint32       id)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (id == 0 || id >= self->values->len)
    return NULL;
  return self->values->pdata[id];
}
