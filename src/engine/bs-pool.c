/* bs-pool.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pool.h"

#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
# define BS_POOL_DISABLED 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define BS_POOL_DISABLED 1
# endif
#endif

#define BLOCKS_PER_SLAB 256

void
bs_pool_init (BsPool *pool,
              gsize   block_size)
{
  pool->block_size = MAX (block_size, sizeof (gpointer));
  pool->block_size = (pool->block_size + 15) & ~(gsize) 15;
  pool->free_list = NULL;
  pool->slabs = NULL;
}

void
bs_pool_clear (BsPool *pool)
{
  g_slist_free_full (g_steal_pointer (&pool->slabs), g_free);
  pool->free_list = NULL;
}

gpointer
bs_pool_alloc (BsPool *pool)
{
#ifdef BS_POOL_DISABLED
  return g_malloc0 (pool->block_size);
#else
  gpointer block;

  if (pool->free_list == NULL)
    {
      char *slab = g_malloc (pool->block_size * BLOCKS_PER_SLAB);

      pool->slabs = g_slist_prepend (pool->slabs, slab);
      for (int i = BLOCKS_PER_SLAB - 1; i >= 0; i--)
        {
          gpointer b = slab + i * pool->block_size;

          *(gpointer *) b = pool->free_list;
          pool->free_list = b;
        }
    }
  block = pool->free_list;
  pool->free_list = *(gpointer *) block;
  memset (block, 0, pool->block_size);
  return block;
#endif
}

void
bs_pool_free (BsPool   *pool,
              gpointer  block)
{
#ifdef BS_POOL_DISABLED
  g_free (block);
#else
  *(gpointer *) block = pool->free_list;
  pool->free_list = block;
#endif
}
