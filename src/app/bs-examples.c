/* bs-examples.c: the classroom scripts built in */
#define G_LOG_DOMAIN "bs-app"

#include <stdlib.h>
#include <string.h>

#include "bs-examples.h"

#define EXAMPLES_PATH "/org/backstep/Backstep/examples/"

char *
bs_examples_read (const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  path = g_strconcat (EXAMPLES_PATH, name, ".py", NULL);
  bytes = g_resources_lookup_data (path, 0, NULL);
  if (bytes == NULL)
    return NULL;
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* An example's title: its first comment line, without "# " and a final full stop. */
static char *
first_comment (const char *text,
               gsize       length)
{
  const char *end = memchr (text, '\n', length);
  char *line;
  gsize n;

  if (length < 2 || text[0] != '#')
    return NULL;
  line = g_strstrip (g_strndup (text + 1, (end != NULL ? (gsize) (end - text) : length) - 1));
  n = strlen (line);
  if (n > 0 && line[n - 1] == '.')
    line[n - 1] = '\0';
  return line;
}

GMenuModel *
bs_examples_menu (const char *action)
{
  g_auto(GStrv) names = g_resources_enumerate_children (EXAMPLES_PATH, 0, NULL);
  GMenu *menu = g_menu_new ();

  if (names != NULL)
    qsort (names, g_strv_length (names), sizeof (char *), compare_strings);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *path = g_strconcat (EXAMPLES_PATH, names[i], NULL);
      g_autofree char *title = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (!g_str_has_suffix (names[i], ".py"))
        continue;
      name = g_strndup (names[i], strlen (names[i]) - strlen (".py"));
      bytes = g_resources_lookup_data (path, 0, NULL);
      title = bytes != NULL ? first_comment (g_bytes_get_data (bytes, NULL),
                                             g_bytes_get_size (bytes))
                            : NULL;
      /* "7. A small MLP trained with SGD on a toy data set" */
      label = g_strdup_printf ("%d. %s", atoi (name), title != NULL ? title : name);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, action, "s", name);
      g_menu_append_item (menu, item);
    }
  return G_MENU_MODEL (menu);
}

