/* bs-sidebar.c: the panels beside the graph, one shown at a time */
#define G_LOG_DOMAIN "bs-app"

#include <adwaita.h>

#include "bs-chain-panel.h"
#include "bs-inspector.h"
#include "bs-output-panel.h"
#include "bs-plots-panel.h"
#include "bs-sidebar.h"

struct _BsSidebar {
  GtkBox            parent_instance;

  /* Borrowed */
  AdwViewStack     *stack;
  BsTextPanel      *chain;
  BsTextPanel      *inspector;
  BsOutputPanel    *output;
  BsPlotsPanel     *plots;
  AdwViewStackPage *plots_page;
};

G_DEFINE_FINAL_TYPE (BsSidebar, bs_sidebar, GTK_TYPE_BOX)

enum { MESSAGE, N_SIGNALS };
static guint signals[N_SIGNALS];

void
bs_sidebar_set_run (BsSidebar  *self,
                    BsTrace    *trace,
                    const char *output,
                    gboolean    failed)
{
  g_return_if_fail (BS_IS_SIDEBAR (self));
  bs_output_panel_set_run (self->output, trace, output, failed);
  bs_plots_panel_set_trace (self->plots, trace);
}

void
bs_sidebar_set_step (BsSidebar          *self,
                     const BsTraceState *state)
{
  g_return_if_fail (BS_IS_SIDEBAR (self));
  bs_output_panel_set_step (self->output, state->step, state->last_backward);
  bs_plots_panel_set_step (self->plots, state->n_figures);
  adw_view_stack_page_set_badge_number (self->plots_page, state->n_figures);
}

void
bs_sidebar_show_selection (BsSidebar          *self,
                           BsScene            *scene,
                           const BsTraceState *state,
                           int                 selected,
                           BsRunCompare       *compare)
{
  g_return_if_fail (BS_IS_SIDEBAR (self));
  bs_inspector_fill (self->inspector, scene, state, selected);
  bs_chain_panel_fill (self->chain, scene, state, selected, compare);
}

void
bs_sidebar_show_asking (BsSidebar          *self,
                        BsScene            *scene,
                        const BsTraceState *state,
                        int                 selected)
{
  g_return_if_fail (BS_IS_SIDEBAR (self));
  bs_inspector_fill_asking (self->inspector, scene, state, selected);
  bs_text_panel_clear (self->chain);
  bs_text_panel_add (self->chain, "<span alpha=\"70%\">The quiz asks first: the chain rule "
                                  "shows once the step's questions are answered.</span>", FALSE);
}

char *
bs_sidebar_get_text (BsSidebar  *self,
                     const char *panel)
{
  g_return_val_if_fail (BS_IS_SIDEBAR (self), NULL);

  if (g_str_equal (panel, "chain"))
    return bs_text_panel_get_text (self->chain);
  if (g_str_equal (panel, "inspector"))
    return bs_text_panel_get_text (self->inspector);
  if (g_str_equal (panel, "output"))
    return bs_output_panel_get_text (self->output);
  if (g_str_equal (panel, "plots"))
    return bs_plots_panel_get_text (self->plots);
  g_return_val_if_reached (NULL);
}

GtkWidget *
bs_sidebar_get_plots (BsSidebar *self)
{
  g_return_val_if_fail (BS_IS_SIDEBAR (self), NULL);
  return GTK_WIDGET (self->plots);
}

static void
plots_message (BsSidebar  *self,
               const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static AdwViewStackPage *
add_page (BsSidebar  *self,
          GtkWidget  *panel,
          const char *name,
          const char *title,
          const char *icon)
{
  AdwViewStackPage *page = adw_view_stack_add_titled (self->stack, panel, name, title);

  adw_view_stack_page_set_icon_name (page, icon);
  return page;
}

static void
bs_sidebar_class_init (BsSidebarClass *klass)
{
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_sidebar_init (BsSidebar *self)
{
  GtkWidget *switcher = adw_view_switcher_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "side-panel");
  self->stack = ADW_VIEW_STACK (adw_view_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  adw_view_switcher_set_stack (ADW_VIEW_SWITCHER (switcher), self->stack);
  adw_view_switcher_set_policy (ADW_VIEW_SWITCHER (switcher), ADW_VIEW_SWITCHER_POLICY_NARROW);
  gtk_box_append (GTK_BOX (self), switcher);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->stack));

  self->chain = BS_TEXT_PANEL (bs_text_panel_new ());
  add_page (self, GTK_WIDGET (self->chain), "chain", "Chain Rule", "emblem-shared-symbolic");
  self->inspector = BS_TEXT_PANEL (bs_text_panel_new ());
  add_page (self, GTK_WIDGET (self->inspector), "inspector", "Inspector",
            "edit-find-symbolic");
  self->output = BS_OUTPUT_PANEL (bs_output_panel_new ());
  add_page (self, GTK_WIDGET (self->output), "output", "Output",
            "utilities-terminal-symbolic");
  self->plots = BS_PLOTS_PANEL (bs_plots_panel_new ());
  self->plots_page = add_page (self, GTK_WIDGET (self->plots), "plots", "Plots",
                               "image-x-generic-symbolic");
  g_signal_connect_object (self->plots, "message", G_CALLBACK (plots_message), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
bs_sidebar_new (void)
{
  return g_object_new (BS_TYPE_SIDEBAR, NULL);
}
