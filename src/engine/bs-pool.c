/* bs-pool.c */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pool.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
# include <sys/mman.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
# define BS_POOL_DISABLED 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define BS_POOL_DISABLED 1
# endif
#endif

/* Slabs start small, so that a four-line script stays small, and grow to
 * huge-page size: a long graph then costs a few page faults, not thousands. */
#define FIRST_SLAB (16 * 1024)
#define HUGE_SLAB  (2 * 1024 * 1024)

void
bs_pool_init (BsPool *pool,
              gsize   block_size)
{
  memset (pool, 0, sizeof *pool);
  pool->block_size = MAX (block_size, sizeof (gpointer));
  pool->block_size = (pool->block_size + 15) & ~(gsize) 15;
}

void
bs_pool_clear (BsPool *pool)
{
  g_slist_free_full (g_steal_pointer (&pool->slabs), free);
  pool->free_list = NULL;
  pool->bump = pool->bump_end = NULL;
}

#ifndef BS_POOL_DISABLED
static void
new_slab (BsPool *pool)
{
  gsize size = pool->slab_size == 0 ? FIRST_SLAB : MIN (pool->slab_size * 2, HUGE_SLAB);
  void *slab = NULL;

  size = MAX (size, pool->block_size);
  if (size >= HUGE_SLAB)
    {
      if (posix_memalign (&slab, HUGE_SLAB, size) != 0)
        slab = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      else
        madvise (slab, size, MADV_HUGEPAGE);
#endif
    }
  else
    {
      slab = malloc (size);
    }
  if (slab == NULL)
    g_error ("out of memory for a %" G_GSIZE_FORMAT "-byte slab", size);
  pool->slab_size = size;
  pool->slabs = g_slist_prepend (pool->slabs, slab);
  pool->bump = slab;
  pool->bump_end = (char *) slab + size - size % pool->block_size;
}
#endif

gpointer
bs_pool_alloc (BsPool *pool)
{
#ifdef BS_POOL_DISABLED
  return g_malloc0 (pool->block_size);
#else
  gpointer block;

  if (pool->free_list != NULL)
    {
      block = pool->free_list;
      pool->free_list = *(gpointer *) block;
    }
  else
    {
      if (pool->bump == pool->bump_end)
        new_slab (pool);
      block = pool->bump;
      pool->bump += pool->block_size;
    }
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
