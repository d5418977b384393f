/* bs-value-store.h: tensor values a trace keeps, bounded by a memory budget
 *
 * Events refer to values by id (0: no value). A small tensor (at most
 * BS_VALUE_SMALL elements) is kept whole, as doubles; equal small values are
 * stored once. A larger one is kept as a summary: shape, dtype, min, max, mean,
 * std, its first and last BS_VALUE_EDGE elements and, when it has more elements
 * than those, a histogram (BsValueHistogram). The store never uses more
 * than its budget: once a value would not fit, it and every later value are kept
 * as summaries, and when not even a summary fits, the value is dropped (id 0)
 * and counted. bs_value_store_budget_reached() reports it.
 */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"

G_BEGIN_DECLS

#define BS_VALUE_SMALL 64
#define BS_VALUE_EDGE  4
#define BS_VALUE_HISTOGRAM_BINS 24
#define BS_VALUE_STORE_DEFAULT_BUDGET ((gsize) 256 * 1024 * 1024)

typedef enum {
  BS_VALUE_FULL,
  BS_VALUE_SUMMARY,
} BsValueKind;

typedef struct {
  BsValueKind kind;
  BsDType     dtype;
  int         ndim;
  gint64      shape[BS_MAX_DIMS];
  gint64      numel;
  /* Summaries only (a full value's are 0) */
  double      min;
  double      max;
  double      mean;
  double      std;          /* unbiased, as torch.std(); NaN for one element */
  guint       n_first;      /* a summary's data: n_first first elements, then n_last last */
  guint       n_last;
  guint       n_data;
  guint       n_bins;       /* bins of a summary's histogram, stored after data (0: none) */
  double      data[];       /* a full value's numel elements, row-major */
} BsTraceValue;

/* A summary's histogram: n_bins equal-width bins over [low, high], the least and
 * greatest finite elements, counting the finite elements (bin i holds low + i * width
 * <= x < low + (i + 1) * width; the last one also holds high, and when low == high every
 * finite element is in the first one); NaNs and infinities are counted apart. The counts
 * add up to numel. Without finite elements low and high are NaN. */
typedef struct {
  double      low;
  double      high;
  guint64     n_nan;
  guint64     n_posinf;
  guint64     n_neginf;
  guint64     bins[];       /* n_bins */
} BsValueHistogram;

typedef struct _BsValueStore BsValueStore;

/* Standalone values, for computations on recorded values (free with g_free). */
BsTraceValue        *bs_trace_value_new                  (BsValueKind         kind,
                                               BsDType             dtype,
                                               int                 ndim,
                                               const gint64       *shape,
                                               guint               n_data);
/* A summary with room for n_first + n_last elements and a histogram of n_bins bins
 * (0: none), all zero. */
BsTraceValue        *bs_trace_value_new_summary          (BsDType             dtype,
                                               int                 ndim,
                                               const gint64       *shape,
                                               guint               n_first,
                                               guint               n_last,
                                               guint               n_bins);
/* Whole when it has at most max_full elements, else a summary. */
BsTraceValue        *bs_trace_value_new_from_tensor      (BsTensor           *tensor,
                                               gint64              max_full);
BsTraceValue        *bs_trace_value_copy                 (const BsTraceValue      *value);
gboolean        bs_trace_value_equal                (const BsTraceValue      *a,
                                               const BsTraceValue      *b);
/* A summary's histogram (value->n_bins bins), or NULL when it has none. */
const BsValueHistogram *bs_trace_value_get_histogram (const BsTraceValue      *value);
/* A new contiguous tensor with a full value's elements (NULL for a summary). */
BsTensor       *bs_trace_value_to_tensor            (const BsTraceValue      *value,
                                               BsContext          *context);
/* "-2", "[1, 2.5]", "[[1, 2], [3, 4]]"; "tensor[64, 64] mean=0.01 std=0.2 ..." */
char           *bs_trace_value_format               (const BsTraceValue      *value);
/* The same text's start: a full value's elements are formatted only until the text is
 * longer than max_bytes (for a caller that cuts it there). */
char           *bs_trace_value_format_head          (const BsTraceValue      *value,
                                                     gsize                    max_bytes);
/* Shortest of %.6g, as a label: "-2", "0.333333", "nan". */
char           *bs_trace_value_format_number        (double              number);

BsValueStore   *bs_value_store_new            (gsize               budget);
void            bs_value_store_free           (BsValueStore       *self);
void            bs_value_store_set_budget     (BsValueStore       *self,
                                               gsize               budget);
gsize           bs_value_store_get_budget     (BsValueStore       *self);
/* Bytes used, by the store's accounting (values, index and dedup table). */
gsize           bs_value_store_get_bytes      (BsValueStore       *self);
gboolean        bs_value_store_budget_reached (BsValueStore       *self);
guint64         bs_value_store_get_n_dropped  (BsValueStore       *self);
guint32         bs_value_store_get_n_values   (BsValueStore       *self);

/* The tensor's current elements; 0 when it is NULL or the value was dropped. */
guint32         bs_value_store_add_tensor     (BsValueStore       *self,
                                               BsTensor           *tensor);
/* Takes a value made with bs_trace_value_new() (full values may be downgraded). */
guint32         bs_value_store_add            (BsValueStore       *self,
                                               BsTraceValue            *value);
const BsTraceValue  *bs_value_store_get            (BsValueStore       *self,
                                               guint32             id);  /* NULL for 0 */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsValueStore, bs_value_store_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsTraceValue, g_free)

G_END_DECLS
