/* bs-pool.h: fixed-size blocks recycled within one context
 *
 * Scripts create and drop many small tensors and nodes; recycling their blocks
 * keeps malloc out of the hot path. Under AddressSanitizer, blocks go straight
 * to malloc so that use-after-free and leaks are still caught.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  gsize     block_size;
  gpointer  free_list;   /* singly linked through the first word of each block */
  char     *bump;        /* the unused rest of the newest slab */
  char     *bump_end;
  gsize     slab_size;
  GSList   *slabs;       /* Owned, freed with free() */
} BsPool;

void     bs_pool_init  (BsPool  *pool,
                        gsize    block_size);
void     bs_pool_clear (BsPool  *pool);
gpointer bs_pool_alloc (BsPool  *pool);   /* zero-filled */
void     bs_pool_free  (BsPool  *pool,
                        gpointer block);

G_END_DECLS
