/* bs-text-panel.h: a scrolled column of Pango-markup paragraphs, the body of the
 * inspector and chain-rule panels */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_TYPE_TEXT_PANEL (bs_text_panel_get_type ())

G_DECLARE_FINAL_TYPE (BsTextPanel, bs_text_panel, BS, TEXT_PANEL, GtkWidget)

GtkWidget *bs_text_panel_new      (void);
void       bs_text_panel_clear    (BsTextPanel *self);
/* A paragraph of markup; monospace for values. Returns its label (Borrowed). */
GtkWidget *bs_text_panel_add      (BsTextPanel *self,
                                   const char  *markup,
                                   gboolean     monospace);
/* A bold heading. */
void       bs_text_panel_heading  (BsTextPanel *self,
                                   const char  *text);
/* A widget between the paragraphs (a histogram). */
void       bs_text_panel_add_widget (BsTextPanel *self,
                                     GtkWidget   *widget);
/* Every paragraph's text without markup, one per line. */
char      *bs_text_panel_get_text (BsTextPanel *self);

G_END_DECLS
