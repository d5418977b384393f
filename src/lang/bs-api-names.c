/* bs-api-names.c: refusing a library name Backstep lacks by the library's name */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-api-names.h"

#include <stdlib.h>
#include <string.h>

static int
compare_names (const void *key,
               const void *item)
{
  return strcmp (key, *(const char *const *) item);
}

static gboolean
owner_has (const BsApiNames *list,
           const char       *name)
{
  gsize n = 0;

  while (list->names[n] != NULL)
    n++;
  return bsearch (name, list->names, n, sizeof (char *), compare_names) != NULL;
}

char *
bs_api_names_missing_message (const char *owner,
                              const char *name)
{
  const char *dot = strchr (owner, '.');
  g_autofree char *library = g_strndup (owner, dot != NULL ? (gsize) (dot - owner)
                                                           : strlen (owner));

  for (const BsApiNames *list = bs_api_names; list->owner != NULL; list++)
    if (strcmp (list->owner, owner) == 0 && owner_has (list, name))
      return dot != NULL ? g_strdup_printf ("Backstep's %s has no '%s.%s'", library, dot + 1, name)
                         : g_strdup_printf ("Backstep's %s has no '%s'", library, name);
  return NULL;
}
