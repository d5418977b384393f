/* bs-chunks.h: an append-only array kept in chunks of BS_CHUNKS_SIZE elements
 *
 * Growing never copies the elements nor holds an old and a new block at once (as a
 * doubled GArray does, its old block then staying with the C library): a trace of a
 * million events costs what it holds. The first chunk starts small and grows to full
 * size, so that a small trace stays small; elements keep their address from then on.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_CHUNKS_SHIFT 10
#define BS_CHUNKS_SIZE  (1u << BS_CHUNKS_SHIFT)

typedef struct {
  gsize    element_size;
  guint64  len;
  guint    first_capacity;   /* elements chunk 0 has room for */
  guint    n_chunks;
  guint    chunks_capacity;
  guint8 **chunks;           /* Owned: n_chunks blocks */
} BsChunks;

void     bs_chunks_init      (BsChunks *self,
                              gsize     element_size);
void     bs_chunks_clear     (BsChunks *self);
/* A new zeroed element at the end. */
gpointer bs_chunks_append    (BsChunks *self);
/* Bytes allocated, with the chunk table. */
gsize    bs_chunks_get_bytes (const BsChunks *self);

static inline gpointer
bs_chunks_index (const BsChunks *self,
                 guint64         index)
{
  return self->chunks[index >> BS_CHUNKS_SHIFT]
         + (index & (BS_CHUNKS_SIZE - 1)) * self->element_size;
}

G_END_DECLS
