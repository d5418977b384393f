/* bs-application.c: the Backstep application: windows, app actions, accelerators */
#define G_LOG_DOMAIN "bs-app"

#include <gtksourceview/gtksource.h>

#include "bs-application.h"
#include "bs-resources.h"
#include "bs-window.h"

struct _BsApplication {
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (BsApplication, bs_application, ADW_TYPE_APPLICATION)

static const struct {
  const char *action;
  const char *accels[3];
} accelerators[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.shortcuts", { "<Control>question", NULL } },
  { "win.run", { "F5", NULL } },
  { "win.stop", { "Escape", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.presentation", { "F11", NULL } },
  { "win.fit", { "<Control>0", NULL } },
};

const char * const *
bs_application_get_accels (guint        i,
                           const char **action)
{
  g_return_val_if_fail (action != NULL, NULL);
  if (i >= G_N_ELEMENTS (accelerators))
    return NULL;
  *action = accelerators[i].action;
  return accelerators[i].accels;
}

static void
bs_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (bs_window_new (BS_APPLICATION (app)));
  gtk_window_present (window);
}

static void
bs_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      BsWindow *window = bs_window_new (BS_APPLICATION (app));

      bs_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* The editor's schemes, "backstep" and "backstep-dark": installed, or (running from the
 * build directory) the source tree's files. GtkSourceView cannot read them from
 * resources, and a search-path entry may be a single file. */
static void
add_style_schemes (void)
{
  GtkSourceStyleSchemeManager *manager = gtk_source_style_scheme_manager_get_default ();
  static const char *sources[] = { "backstep-style.xml", "backstep-dark-style.xml" };

  gtk_source_style_scheme_manager_append_search_path (manager, BS_STYLES_DIR);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      g_autofree char *path = g_build_filename (BS_SOURCE_ASSETS_DIR, sources[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        gtk_source_style_scheme_manager_append_search_path (manager, path);
    }
}

static void
bs_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (bs_application_parent_class)->startup (app);

  gtk_source_init ();
  for (guint i = 0; i < G_N_ELEMENTS (accelerators); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accelerators[i].action,
                                           accelerators[i].accels);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GApplication *app = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Each window asks about unsaved changes as it closes. */
  for (GList *l = g_list_copy (windows); l != NULL; l = g_list_delete_link (l, l))
    gtk_window_close (l->data);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  static const char *developers[] = { "The Backstep developers", NULL };

  adw_show_about_window (parent,
                         "application-name", "Backstep",
                         "application-icon", "org.backstep.Backstep",
                         "developer-name", "The Backstep developers",
                         "version", PACKAGE_VERSION,
                         "comments", "Step through reverse-mode automatic differentiation, "
                                     "edge by edge, on your own PyTorch snippets.",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         NULL);
}

static void
shortcuts_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/org/backstep/Backstep/ui/bs-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));

  gtk_window_set_transient_for (window, parent);
  gtk_window_present (window);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "shortcuts", shortcuts_activated },
};

static void
bs_application_class_init (BsApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = bs_application_activate;
  app_class->open = bs_application_open;
  app_class->startup = bs_application_startup;
}

static void
bs_application_init (BsApplication *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
}

void
bs_application_ensure_resources (void)
{
  static gsize registered;

  /* The resources live in a static library: registered by hand, once. */
  if (g_once_init_enter (&registered))
    {
      bs_register_resource ();
      add_style_schemes ();
      g_once_init_leave (&registered, 1);
    }
}

BsApplication *
bs_application_new (void)
{
  bs_application_ensure_resources ();
  return g_object_new (BS_TYPE_APPLICATION,
                       "application-id", "org.backstep.Backstep",
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/org/backstep/Backstep",
                       NULL);
}
