/* bs-interner.c: strings and small records a trace holds once however often they recur */
#define G_LOG_DOMAIN "bs-trace"

#include "bs-interner.h"

#include "bs-chunks.h"

#include <string.h>

#define FIRST_BLOCK 1024
#define MAX_BLOCK   65536

/* An interned run of bytes; they follow it, 8-byte aligned. */
typedef struct {
  guint32 size;
  guint32 hash;
} Blob;

struct _BsInterner {
  GPtrArray  *blocks;        /* Owned: memory for blobs and strings, never moved */
  gsize       block_used;    /* bytes used in the last block */
  gsize       block_size;    /* of the last block, growing to MAX_BLOCK */
  gsize       block_bytes;
  GHashTable *blobs;         /* Blob * (in blocks) -> itself */
  BsChunks    strings;       /* const char * (in blocks), index id; 0 is NULL */
  guint32    *table;         /* Owned: string ids by hash, open addressing, 0: free */
  guint32     table_size;    /* a power of two, at least twice the strings */
};

/* FNV-1a's constants, a word at a time (an op's arguments are some 300 bytes) */
static guint32
hash_bytes (const guint8 *data,
            gsize         size)
{
  guint64 hash = 14695981039346656037ull;
  gsize i = 0;

  for (; i + 8 <= size; i += 8)
    {
      guint64 word;

      memcpy (&word, data + i, 8);
      hash = (hash ^ word) * 1099511628211ull;
      hash ^= hash >> 29;
    }
  for (; i < size; i++)
    hash = (hash ^ data[i]) * 1099511628211ull;
  return (guint32) (hash ^ (hash >> 32));
}

static guint
blob_hash (gconstpointer key)
{
  return ((const Blob *) key)->hash;
}

static gboolean
blob_equal (gconstpointer a,
            gconstpointer b)
{
  const Blob *x = a, *y = b;

  return x->size == y->size && x->hash == y->hash && memcmp (x + 1, y + 1, x->size) == 0;
}

BsInterner *
bs_interner_new (void)
{
  BsInterner *self = g_new0 (BsInterner, 1);

  self->blocks = g_ptr_array_new_with_free_func (g_free);
  self->blobs = g_hash_table_new (blob_hash, blob_equal);
  bs_chunks_init (&self->strings, sizeof (const char *));
  bs_chunks_append (&self->strings);
  return self;
}

void
bs_interner_free (BsInterner *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->blocks);
  g_hash_table_unref (self->blobs);
  bs_chunks_clear (&self->strings);
  g_free (self->table);
  g_free (self);
}

/* size bytes at a multiple of align (a power of two) in the blocks */
static gpointer
allocate (BsInterner *self,
          gsize       size,
          gsize       align)
{
  gsize at = (self->block_used + align - 1) & ~(align - 1);
  guint8 *block;

  if (self->blocks->len == 0 || at + size > self->block_size)
    {
      gsize next = self->blocks->len == 0 ? FIRST_BLOCK : MIN (2 * self->block_size, MAX_BLOCK);

      /* a long string (a print's text) gets a block of its own size */
      self->block_size = MAX (next, size);
      g_ptr_array_add (self->blocks, g_malloc (self->block_size));
      self->block_bytes += self->block_size;
      at = 0;
    }
  block = g_ptr_array_index (self->blocks, self->blocks->len - 1);
  self->block_used = at + size;
  return block + at;
}

gconstpointer
bs_interner_blob (BsInterner    *self,
                  gconstpointer  data,
                  gsize          size)
{
  union { Blob blob; guint64 align[1 + BS_INTERNER_MAX_BLOB / 8]; } key;
  Blob *blob;

  g_return_val_if_fail (self != NULL && size <= BS_INTERNER_MAX_BLOB, NULL);
  key.blob.size = (guint32) size;
  key.blob.hash = hash_bytes (data, size);
  if (size > 0)
    memcpy (&key.blob + 1, data, size);
  blob = g_hash_table_lookup (self->blobs, &key.blob);
  if (blob != NULL)
    return blob + 1;
  blob = allocate (self, sizeof (Blob) + size, 8);
  memcpy (blob, &key.blob, sizeof (Blob) + size);
  g_hash_table_add (self->blobs, blob);
  return blob + 1;
}

static const char *
get_text (BsInterner *self,
          guint32     id)
{
  return *(const char **) bs_chunks_index (&self->strings, id);
}

static guint32
hash_string (const char *string)
{
  return hash_bytes ((const guint8 *) string, strlen (string));
}

static void
grow_table (BsInterner *self)
{
  guint32 size = self->table_size == 0 ? 64 : 2 * self->table_size;
  guint32 *table = g_new0 (guint32, size);

  for (guint32 id = 1; id < self->strings.len; id++)
    {
      guint32 i = hash_string (get_text (self, id)) & (size - 1);

      while (table[i] != 0)
        i = (i + 1) & (size - 1);
      table[i] = id;
    }
  g_free (self->table);
  self->table = table;
  self->table_size = size;
}

guint32
bs_interner_string (BsInterner *self,
                    const char *string)
{
  gsize length;
  guint32 i;
  char *copy;

  g_return_val_if_fail (self != NULL, 0);
  if (string == NULL)
    return 0;
  if (2 * self->strings.len >= self->table_size)
    grow_table (self);
  length = strlen (string);
  for (i = hash_bytes ((const guint8 *) string, length) & (self->table_size - 1);
       self->table[i] != 0; i = (i + 1) & (self->table_size - 1))
    if (strcmp (get_text (self, self->table[i]), string) == 0)
      return self->table[i];
  copy = allocate (self, length + 1, 1);
  memcpy (copy, string, length + 1);
  *(const char **) bs_chunks_append (&self->strings) = copy;
  self->table[i] = (guint32) self->strings.len - 1;
  return self->table[i];
}

const char *
bs_interner_get_string (BsInterner *self,
                        guint32     id)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (id >= self->strings.len)
    return NULL;
  return get_text (self, id);
}

gsize
bs_interner_get_bytes (BsInterner *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return sizeof *self + self->block_bytes
         + g_hash_table_size (self->blobs) * 4 * sizeof (gpointer)
         + bs_chunks_get_bytes (&self->strings)
         + self->table_size * sizeof (guint32);
}
