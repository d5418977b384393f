/* bs-chunks.c: an append-only array kept in chunks of BS_CHUNKS_SIZE elements */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-chunks.h"

#include <string.h>

#define FIRST_CAPACITY 16

void
bs_chunks_init (BsChunks *self,
                gsize     element_size)
{
  g_return_if_fail (self != NULL && element_size > 0);
  memset (self, 0, sizeof *self);
  self->element_size = element_size;
}

void
bs_chunks_clear (BsChunks *self)
{
  g_return_if_fail (self != NULL);
  for (guint i = 0; i < self->n_chunks; i++)
    g_free (self->chunks[i]);
  g_free (self->chunks);
  bs_chunks_init (self, self->element_size);
}

gpointer
bs_chunks_append (BsChunks *self)
{
  guint64 index = self->len;
  guint chunk = (guint) (index >> BS_CHUNKS_SHIFT);
  gpointer element;

  if (chunk == 0 && index == self->first_capacity)
    {
      /* the first chunk grows in place until it is full size */
      guint capacity = index == 0 ? FIRST_CAPACITY : 2 * self->first_capacity;

      if (self->n_chunks == 0)
        {
          self->chunks_capacity = 4;
          self->chunks = g_new0 (guint8 *, self->chunks_capacity);
          self->n_chunks = 1;
        }
      self->chunks[0] = g_realloc (self->chunks[0], capacity * self->element_size);
      self->first_capacity = capacity;
    }
  else if (chunk > 0 && chunk == self->n_chunks)
    {
      if (self->n_chunks == self->chunks_capacity)
        {
          self->chunks_capacity *= 2;
          self->chunks = g_renew (guint8 *, self->chunks, self->chunks_capacity);
        }
      self->chunks[self->n_chunks++] = g_malloc (BS_CHUNKS_SIZE * self->element_size);
    }
  self->len++;
  element = bs_chunks_index (self, index);
  memset (element, 0, self->element_size);
  return element;
}

gsize
bs_chunks_get_bytes (const BsChunks *self)
{
  gsize chunks = self->n_chunks > 1 ? (self->n_chunks - 1) * BS_CHUNKS_SIZE : 0;

  return (self->first_capacity + chunks) * self->element_size
         + self->chunks_capacity * sizeof (guint8 *);
}
