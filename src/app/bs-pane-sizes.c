/* bs-pane-sizes.c: the widths of the window's panes, remembered between sessions */
#define G_LOG_DOMAIN "bs-app"

#include "bs-pane-sizes.h"

#include <errno.h>
#include <glib/gstdio.h>

#define GROUP "panes"
/* Widths beyond this in a file edited by hand are ignored, not obeyed. */
#define MAX_WIDTH 10000
/* The side panel's width when none is remembered: the graph, not the panel, takes what a
 * wider window adds. */
#define DEFAULT_SIDE_WIDTH 320
/* On the outer paned: the editor width the user chose, and whether the position is being
 * set here (not by the user) */
#define WANTED_KEY  "bs-editor-width"
#define SETTING_KEY "bs-setting-editor-width"

static char *
sizes_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "backstep", "panes.ini", NULL);
}

/* Once inner has a width: the side panel (its end child) as wide as it was. */
static void
inner_sized (GtkPaned   *inner,
             GParamSpec *pspec,
             gpointer    user_data)
{
  int side = GPOINTER_TO_INT (user_data);
  int width = gtk_widget_get_width (GTK_WIDGET (inner));

  if (width <= 0)
    return;
  g_signal_handlers_disconnect_by_func (inner, inner_sized, user_data);
  gtk_paned_set_position (inner, MAX (width - side, 0));
}

int
bs_pane_sizes_get_editor_width (GtkPaned *outer)
{
  g_return_val_if_fail (GTK_IS_PANED (outer), 0);
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (outer), WANTED_KEY));
}

static int
max_position (GtkPaned *paned)
{
  int max = 0;

  g_object_get (paned, "max-position", &max, NULL);
  return max;
}

/* The divider moved: by the user when the editor is not held at its widest (the window
 * too narrow for what was chosen). */
static void
outer_moved (GtkPaned   *outer,
             GParamSpec *pspec,
             gpointer    user_data)
{
  int position = gtk_paned_get_position (outer);

  if (g_object_get_data (G_OBJECT (outer), SETTING_KEY) != NULL
      || gtk_widget_get_width (GTK_WIDGET (outer)) <= 0)
    return;
  if (position < max_position (outer) || position > bs_pane_sizes_get_editor_width (outer))
    g_object_set_data (G_OBJECT (outer), WANTED_KEY, GINT_TO_POINTER (position));
}

/* The window's width changed: the editor as wide as chosen, as far as it fits. */
static void
outer_resized (GtkPaned   *outer,
               GParamSpec *pspec,
               gpointer    user_data)
{
  int wanted = bs_pane_sizes_get_editor_width (outer);
  int position = gtk_paned_get_position (outer), max = max_position (outer);

  if (wanted <= position || position >= max || max <= 0)
    return;
  g_object_set_data (G_OBJECT (outer), SETTING_KEY, GINT_TO_POINTER (TRUE));
  gtk_paned_set_position (outer, MIN (wanted, max));
  g_object_set_data (G_OBJECT (outer), SETTING_KEY, NULL);
}

void
bs_pane_sizes_restore (GtkPaned *outer,
                       GtkPaned *inner)
{
  g_autofree char *path = sizes_path ();
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  int editor = 0, side = 0;

  g_return_if_fail (GTK_IS_PANED (outer) && GTK_IS_PANED (inner));

  if (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    {
      editor = g_key_file_get_integer (file, GROUP, "editor-width", &error);
      if (error == NULL)
        side = g_key_file_get_integer (file, GROUP, "side-width", &error);
    }
  if (error != NULL || editor <= 0 || side <= 0 || editor > MAX_WIDTH || side > MAX_WIDTH)
    side = DEFAULT_SIDE_WIDTH;
  else
    gtk_paned_set_position (outer, editor);
  g_object_set_data (G_OBJECT (outer), WANTED_KEY,
                     GINT_TO_POINTER (gtk_paned_get_position (outer)));
  g_signal_connect (outer, "notify::position", G_CALLBACK (outer_moved), NULL);
  g_signal_connect (outer, "notify::max-position", G_CALLBACK (outer_resized), NULL);
  g_signal_connect (inner, "notify::max-position", G_CALLBACK (inner_sized),
                    GINT_TO_POINTER (side));
}

void
bs_pane_sizes_save (GtkPaned *outer,
                    GtkPaned *inner)
{
  g_autofree char *path = sizes_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  int editor, side;

  g_return_if_fail (GTK_IS_PANED (outer) && GTK_IS_PANED (inner));

  editor = bs_pane_sizes_get_editor_width (outer);
  if (editor <= 0)
    editor = gtk_paned_get_position (outer);
  /* What the paned gives its end child, handle included: restored exactly. */
  side = gtk_widget_get_width (GTK_WIDGET (inner)) - gtk_paned_get_position (inner);
  if (editor <= 0 || side <= 0 || gtk_widget_get_width (GTK_WIDGET (inner)) <= 0)
    return;
  g_key_file_set_integer (file, GROUP, "editor-width", editor);
  g_key_file_set_integer (file, GROUP, "side-width", side);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("pane sizes not saved: %s: %s", dir, g_strerror (errno));
  else if (!g_key_file_save_to_file (file, path, &error))
    g_debug ("pane sizes not saved: %s", error->message);
}
