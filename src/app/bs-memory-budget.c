/* bs-memory-budget.c: the window's memory budget for a run, kept between sessions */
#define G_LOG_DOMAIN "bs-app"

#include <errno.h>

#include "bs-memory-budget.h"

#define GROUP "run"
#define KEY   "memory-budget"

static const struct {
  const char *text;
  gsize       bytes;
} choices[] = {
  { "256M", (gsize) 256 << 20 },
  { "512M", (gsize) 512 << 20 },
  { "1G", (gsize) 1 << 30 },
  { "2G", (gsize) 2 << 30 },
  { "4G", (gsize) 4 << 30 },
  { "8G", (gsize) 8 << 30 },
};

gboolean
bs_memory_budget_parse (const char *text,
                        gsize      *bytes)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (choices); i++)
    if (g_str_equal (text, choices[i].text))
      {
        *bytes = choices[i].bytes;
        return TRUE;
      }
  return FALSE;
}

static char *
load (const char *settings_path)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize bytes;

  if (g_key_file_load_from_file (file, settings_path, G_KEY_FILE_NONE, NULL))
    text = g_key_file_get_string (file, GROUP, KEY, NULL);
  if (!bs_memory_budget_parse (text, &bytes))
    return g_strdup ("1G");
  return g_steal_pointer (&text);
}

/* The other settings in the file are kept; a file that cannot be written only loses the
 * choice for the next session. */
static void
save (const char *settings_path,
      const char *text)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = g_path_get_dirname (settings_path);
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (file, settings_path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  g_key_file_set_string (file, GROUP, KEY, text);
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_key_file_save_to_file (file, settings_path, &error))
    g_message ("the memory budget is not kept for the next session: %s",
               error != NULL ? error->message : g_strerror (errno));
}

static void
change_state (GSimpleAction *action,
              GVariant      *value,
              gpointer       user_data)
{
  const char *settings_path = user_data;
  gsize bytes;

  if (!bs_memory_budget_parse (g_variant_get_string (value, NULL), &bytes))
    return;
  g_simple_action_set_state (action, value);
  save (settings_path, g_variant_get_string (value, NULL));
}

GActionGroup *
bs_memory_budget_actions_new (const char *settings_path)
{
  GSimpleActionGroup *group = g_simple_action_group_new ();
  g_autofree char *text = NULL;
  g_autoptr(GSimpleAction) action = NULL;

  g_return_val_if_fail (settings_path != NULL, NULL);
  text = load (settings_path);
  action = g_simple_action_new_stateful (KEY, G_VARIANT_TYPE_STRING, g_variant_new_string (text));
  g_signal_connect_data (action, "change-state", G_CALLBACK (change_state),
                         g_strdup (settings_path), (GClosureNotify) G_CALLBACK (g_free), 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  return G_ACTION_GROUP (group);
}

gsize
bs_memory_budget_get (GActionGroup *actions)
{
  g_autoptr(GVariant) state = NULL;
  gsize bytes = BS_MEMORY_BUDGET_DEFAULT;

  g_return_val_if_fail (G_IS_ACTION_GROUP (actions), BS_MEMORY_BUDGET_DEFAULT);
  state = g_action_group_get_action_state (actions, KEY);
  if (state != NULL)
    bs_memory_budget_parse (g_variant_get_string (state, NULL), &bytes);
  return bytes;
}
