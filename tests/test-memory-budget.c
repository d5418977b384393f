/* test-memory-budget.c: the window's memory budget setting, kept in a key file */
#include <glib/gstdio.h>

#include "bs-memory-budget.h"

static void
test_parse (void)
{
  gsize bytes = 0;

  g_assert_true (bs_memory_budget_parse ("256M", &bytes));
  g_assert_cmpuint (bytes, ==, 256u << 20);
  g_assert_true (bs_memory_budget_parse ("8G", &bytes));
  g_assert_cmpuint (bytes, ==, (gsize) 8 << 30);
  g_assert_false (bs_memory_budget_parse ("3G", &bytes));
  g_assert_false (bs_memory_budget_parse ("", &bytes));
  g_assert_false (bs_memory_budget_parse (NULL, &bytes));
}

/* 1 GiB until chosen; a choice is written to the file and read back by the next window; a
 * text that is no choice changes nothing. */
static void
test_kept (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("memory-budget-XXXXXX", &error);
  g_autofree char *sub = g_build_filename (dir, "backstep", NULL);
  g_autofree char *path = g_build_filename (sub, "settings.ini", NULL);
  GActionGroup *first = bs_memory_budget_actions_new (path);
  GActionGroup *second, *third;

  g_assert_no_error (error);
  g_assert_cmpuint (bs_memory_budget_get (first), ==, BS_MEMORY_BUDGET_DEFAULT);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_action_group_change_action_state (first, "memory-budget", g_variant_new_string ("2G"));
  g_assert_cmpuint (bs_memory_budget_get (first), ==, (gsize) 2 << 30);
  g_action_group_change_action_state (first, "memory-budget", g_variant_new_string ("lots"));
  g_assert_cmpuint (bs_memory_budget_get (first), ==, (gsize) 2 << 30);

  second = bs_memory_budget_actions_new (path);
  g_assert_cmpuint (bs_memory_budget_get (second), ==, (gsize) 2 << 30);

  /* a file edited by hand to something else: the default */
  g_assert_true (g_file_set_contents (path, "[run]\nmemory-budget=13G\n", -1, &error));
  third = bs_memory_budget_actions_new (path);
  g_assert_cmpuint (bs_memory_budget_get (third), ==, BS_MEMORY_BUDGET_DEFAULT);

  g_object_unref (first);
  g_object_unref (second);
  g_object_unref (third);
  g_unlink (path);
  g_rmdir (sub);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/memory-budget/parse", test_parse);
  g_test_add_func ("/app/memory-budget/kept", test_kept);
  return g_test_run ();
}
