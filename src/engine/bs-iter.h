/* bs-iter.h: walking several strided operands of one (broadcast) shape
 *
 * The iterator merges dimensions that are contiguous in every operand and
 * calls an inner loop over the last dimension, as NumPy's nditer does.
 */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"

G_BEGIN_DECLS

#define BS_ITER_MAX_OPERANDS 4

typedef void (*BsInnerLoop) (char         **ptrs,
                             const gint64  *byte_strides,
                             gint64         n,
                             gpointer       user_data);

typedef struct {
  int     ndim;
  gint64  shape[BS_MAX_DIMS];
  int     n_operands;
  char   *data[BS_ITER_MAX_OPERANDS];
  gint64  byte_strides[BS_ITER_MAX_OPERANDS][BS_MAX_DIMS];
} BsIter;

void bs_iter_init        (BsIter       *iter,
                          int           ndim,
                          const gint64 *shape);
/* Adds a tensor that broadcasts to the iterator's shape. */
void bs_iter_add         (BsIter       *iter,
                          BsTensor     *tensor);
/* Adds one value that every element sees (broadcast from 0 dims). */
void bs_iter_add_scalar  (BsIter       *iter,
                          char         *data);
void bs_iter_run         (BsIter       *iter,
                          BsInnerLoop   loop,
                          gpointer      user_data);

G_END_DECLS
