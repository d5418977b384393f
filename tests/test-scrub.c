/* test-scrub.c: Ctrl+Up / Ctrl+Down on a number literal (bs-scrub.h) */
#include "bs-scrub.h"

static void
assert_scrub (const char *line,
              gsize       cursor,
              int         direction,
              const char *expected,
              gsize       expected_start,
              gsize       expected_end)
{
  gsize start = 99, end = 99;
  g_autofree char *text = bs_scrub_number (line, cursor, direction, &start, &end);

  g_assert_cmpstr (text, ==, expected);
  if (expected != NULL)
    {
      g_assert_cmpuint (start, ==, expected_start);
      g_assert_cmpuint (end, ==, expected_end);
    }
}

static void
test_numbers (void)
{
  /* one unit of the last decimal, the decimals kept */
  assert_scrub ("w1 = torch.tensor(1.0)", 19, 1, "1.1", 18, 21);
  assert_scrub ("w1 = torch.tensor(1.0)", 21, -1, "0.9", 18, 21);   /* just after it */
  assert_scrub ("lr = 0.25", 6, 1, "0.26", 5, 9);
  assert_scrub ("n = 3", 4, -1, "2", 4, 5);
  assert_scrub ("x = 1.", 4, 1, "2.", 4, 6);
  assert_scrub ("x = .5", 5, 1, "0.6", 4, 6);
  /* a sign belongs to the literal, a minus between operands does not */
  assert_scrub ("w = torch.tensor(-0.1)", 19, 1, "0.0", 17, 21);
  assert_scrub ("y = x -1", 7, 1, "2", 7, 8);
  assert_scrub ("y = [1, -2]", 9, -1, "-3", 8, 10);
  /* not literals: a digit of a name, an attribute, nothing there */
  assert_scrub ("x1 = 2", 1, 1, NULL, 0, 0);
  assert_scrub ("x = a.b", 5, 1, NULL, 0, 0);
  assert_scrub ("x = y", 4, 1, NULL, 0, 0);
  assert_scrub ("x = 1e-3", 4, 1, NULL, 0, 0);
  assert_scrub ("v = 1.2.3", 5, 1, NULL, 0, 0);
  assert_scrub ("x", 5, 1, NULL, 0, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scrub/numbers", test_numbers);
  return g_test_run ();
}
