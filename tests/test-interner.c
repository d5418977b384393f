/* test-interner.c: the trace's chunked arrays and its shared strings, shapes and spans */
#include <string.h>

#include "bs-chunks.h"
#include "bs-interner.h"

typedef struct {
  guint64 a;
  guint32 b;
} Record;

static void
test_chunks (void)
{
  BsChunks chunks;
  Record *first_full = NULL;
  guint64 n = 5 * BS_CHUNKS_SIZE + 7;

  bs_chunks_init (&chunks, sizeof (Record));
  for (guint64 i = 0; i < n; i++)
    {
      Record *record = bs_chunks_append (&chunks);

      g_assert_cmpuint (record->a, ==, 0);
      g_assert_cmpuint (record->b, ==, 0);
      record->a = i;
      record->b = (guint32) (3 * i);
      if (i == BS_CHUNKS_SIZE)
        first_full = record;
    }
  g_assert_cmpuint (chunks.len, ==, n);
  for (guint64 i = 0; i < n; i++)
    {
      const Record *record = bs_chunks_index (&chunks, i);

      g_assert_cmpuint (record->a, ==, i);
      g_assert_cmpuint (record->b, ==, 3 * i);
    }
  /* past the first chunk, elements never move */
  g_assert_true (bs_chunks_index (&chunks, BS_CHUNKS_SIZE) == first_full);
  /* what it holds, not a doubled block: 6 chunks and the table */
  g_assert_cmpuint (bs_chunks_get_bytes (&chunks), <=, 6 * BS_CHUNKS_SIZE * sizeof (Record) + 64);
  bs_chunks_clear (&chunks);
  g_assert_cmpuint (chunks.len, ==, 0);
  g_assert_cmpuint (bs_chunks_get_bytes (&chunks), ==, 0);
}

static void
test_strings (void)
{
  g_autoptr(BsInterner) interner = bs_interner_new ();
  g_autofree char *long_text = g_strnfill (200000, 'x');
  guint32 ids[1000];

  g_assert_cmpuint (bs_interner_string (interner, NULL), ==, 0);
  g_assert_null (bs_interner_get_string (interner, 0));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *label = g_strdup_printf ("for i = %u", i);

      ids[i] = bs_interner_string (interner, label);
      g_assert_cmpuint (ids[i], ==, i + 1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *label = g_strdup_printf ("for i = %u", i);

      g_assert_cmpuint (bs_interner_string (interner, label), ==, ids[i]);
      g_assert_cmpstr (bs_interner_get_string (interner, ids[i]), ==, label);
    }
  g_assert_cmpuint (bs_interner_string (interner, ""), ==, 1001);
  g_assert_cmpstr (bs_interner_get_string (interner, 1001), ==, "");
  g_assert_cmpuint (bs_interner_string (interner, long_text), ==, 1002);
  g_assert_cmpstr (bs_interner_get_string (interner, 1002), ==, long_text);
  g_assert_cmpuint (bs_interner_string (interner, "for i = 7"), ==, ids[7]);
  g_assert_null (bs_interner_get_string (interner, 1003));
}

static void
test_blobs (void)
{
  g_autoptr(BsInterner) interner = bs_interner_new ();
  const gint64 shape[] = { 2, 3 }, same[] = { 2, 3 }, other[] = { 3, 2 };
  const gint64 *a = bs_interner_blob (interner, shape, sizeof shape);
  const gint64 *b = bs_interner_blob (interner, same, sizeof same);
  const gint64 *c = bs_interner_blob (interner, other, sizeof other);
  const gint64 *scalar = bs_interner_blob (interner, shape, 0);
  const gint64 *one = bs_interner_blob (interner, shape, sizeof (gint64));

  g_assert_true (a == b);
  g_assert_true (a != shape);
  g_assert_true (a != c);
  g_assert_cmpint (a[0], ==, 2);
  g_assert_cmpint (a[1], ==, 3);
  g_assert_cmpint (c[0], ==, 3);
  g_assert_cmpint (c[1], ==, 2);
  g_assert_cmpuint (GPOINTER_TO_SIZE (a) % 8, ==, 0);
  /* a 0-dim shape and a shape [2] differ from [2, 3] and from each other */
  g_assert_true (scalar != a && one != a && scalar != one);
  g_assert_true (bs_interner_blob (interner, same, 0) == scalar);
  g_assert_cmpint (one[0], ==, 2);
  /* thousands of distinct ones stay where they were put */
  for (gint64 i = 0; i < 5000; i++)
    {
      gint64 dims[] = { i, i + 1 };
      const gint64 *copy = bs_interner_blob (interner, dims, sizeof dims);

      g_assert_cmpint (copy[0], ==, i);
      g_assert_cmpint (copy[1], ==, i + 1);
    }
  g_assert_cmpint (a[0], ==, 2);
  g_assert_true (bs_interner_blob (interner, same, sizeof same) == a);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/interner/chunks", test_chunks);
  g_test_add_func ("/trace/interner/strings", test_strings);
  g_test_add_func ("/trace/interner/blobs", test_blobs);
  return g_test_run ();
}
