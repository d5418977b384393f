/* bs-export-settings.c: the export dialog's last choices, remembered between sessions */
#define G_LOG_DOMAIN "bs-app"

#include "bs-export-settings.h"

#include <errno.h>
#include <glib/gstdio.h>

#define GROUP "export"

/* The names in the file: a hand-edited file stays readable and wrong names are ignored. */
static const char *kind_names[] = { "step", "handout", "animation" };
static const char *format_names[] = { "png", "svg", "pdf", "dot", "tex" };
static const char *animation_names[] = { "gif", "webp" };

G_STATIC_ASSERT (G_N_ELEMENTS (format_names) == BS_EXPORT_TIKZ + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (animation_names) == BS_ANIMATION_WEBP + 1);

static char *
default_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "backstep", "export.ini", NULL);
}

void
bs_export_settings_init (BsExportSettings *settings)
{
  g_return_if_fail (settings != NULL);

  *settings = (BsExportSettings) { .kind = BS_EXPORT_KIND_STEP, .format = BS_EXPORT_PNG,
                                   .animation_format = BS_ANIMATION_GIF, .scale = 2,
                                   .frame_ms = 1000 };
}

void
bs_export_settings_clear (BsExportSettings *settings)
{
  g_return_if_fail (settings != NULL);

  g_clear_pointer (&settings->folder, g_free);
}

/* The index of the file's name for key among names, or -1. */
static int
read_name (GKeyFile    *file,
           const char  *key,
           const char **names,
           guint        n_names)
{
  g_autofree char *value = g_key_file_get_string (file, GROUP, key, NULL);

  for (guint i = 0; value != NULL && i < n_names; i++)
    if (g_str_equal (value, names[i]))
      return (int) i;
  return -1;
}

void
bs_export_settings_load (BsExportSettings *settings,
                         const char       *path)
{
  g_autofree char *own_path = path == NULL ? default_path () : NULL;
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  double scale;
  gint64 frame_ms;
  int index;

  g_return_if_fail (settings != NULL);

  if (!g_key_file_load_from_file (file, path != NULL ? path : own_path, G_KEY_FILE_NONE, NULL))
    return;
  if ((index = read_name (file, "what", kind_names, G_N_ELEMENTS (kind_names))) >= 0)
    settings->kind = index;
  if ((index = read_name (file, "format", format_names, G_N_ELEMENTS (format_names))) >= 0)
    settings->format = index;
  if ((index = read_name (file, "animation-format", animation_names,
                          G_N_ELEMENTS (animation_names))) >= 0)
    settings->animation_format = index;
  scale = g_key_file_get_double (file, GROUP, "scale", &error);
  if (error == NULL && scale >= BS_EXPORT_MIN_SCALE && scale <= BS_EXPORT_MAX_SCALE)
    settings->scale = scale;
  g_clear_error (&error);
  frame_ms = g_key_file_get_int64 (file, GROUP, "frame-time", &error);
  if (error == NULL && frame_ms >= BS_ANIMATION_MIN_FRAME_MS
      && frame_ms <= BS_ANIMATION_MAX_FRAME_MS)
    settings->frame_ms = (guint) frame_ms;
  /* a folder that has gone since is forgotten */
  folder = g_key_file_get_string (file, GROUP, "folder", NULL);
  if (folder != NULL && g_path_is_absolute (folder) && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_free (settings->folder);
      settings->folder = g_steal_pointer (&folder);
    }
}

void
bs_export_settings_save (const BsExportSettings *settings,
                         const char             *path)
{
  g_autofree char *own_path = path == NULL ? default_path () : NULL;
  g_autofree char *dir = g_path_get_dirname (path != NULL ? path : own_path);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_return_if_fail (settings != NULL);
  g_return_if_fail (settings->kind <= BS_EXPORT_KIND_ANIMATION);
  g_return_if_fail (settings->format <= BS_EXPORT_TIKZ);
  g_return_if_fail (settings->animation_format <= BS_ANIMATION_WEBP);

  g_key_file_set_string (file, GROUP, "what", kind_names[settings->kind]);
  g_key_file_set_string (file, GROUP, "format", format_names[settings->format]);
  g_key_file_set_string (file, GROUP, "animation-format",
                         animation_names[settings->animation_format]);
  g_key_file_set_double (file, GROUP, "scale", settings->scale);
  g_key_file_set_int64 (file, GROUP, "frame-time", settings->frame_ms);
  if (settings->folder != NULL)
    g_key_file_set_string (file, GROUP, "folder", settings->folder);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("export settings not saved: %s: %s", dir, g_strerror (errno));
  else if (!g_key_file_save_to_file (file, path != NULL ? path : own_path, &error))
    g_debug ("export settings not saved: %s", error->message);
}
