/* bs-plots-panel.c: the figures plt.show() had shown by the current step */
#define G_LOG_DOMAIN "bs-app"

#include "bs-plot-renderer.h"
#include "bs-plots-panel.h"

/* The newest figures get a card; a loop that shows a figure in every pass would
 * otherwise hold hundreds of images. */
#define MAX_CARDS 12

struct _BsPlotsPanel {
  GtkBox     parent_instance;

  /* Owned */
  BsTrace   *trace;
  GArray    *events;      /* guint64: each figure's figure event, index id - 1 */

  /* Borrowed */
  GtkWidget *empty;
  GtkWidget *note;
  GtkWidget *list;
  guint32    first;       /* the cards show figures first + 1 .. last */
  guint32    last;
};

G_DEFINE_FINAL_TYPE (BsPlotsPanel, bs_plots_panel, GTK_TYPE_BOX)

enum { MESSAGE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* What a card's actions need; owned by the card. */
typedef struct {
  BsPlotsPanel *panel;     /* Borrowed: the panel outlives its cards */
  guint32       id;
  BsPlotFigure *figure;    /* Owned */
  GdkTexture   *texture;   /* Owned */
  char         *title;     /* "Figure 1" */
} Card;

static void
card_free (Card *card)
{
  g_clear_pointer (&card->figure, bs_plot_figure_unref);
  g_clear_object (&card->texture);
  g_free (card->title);
  g_free (card);
}

static void
message (BsPlotsPanel *self,
         const char   *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static GdkTexture *
figure_texture (BsPlotFigure  *figure,
                GError       **error)
{
  cairo_surface_t *surface = bs_plot_figure_to_image (figure, error);
  g_autoptr(GBytes) bytes = NULL;
  int width, height, stride;

  if (surface == NULL)
    return NULL;
  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* Cairo's ARGB32 is GDK's default memory format: premultiplied, native byte order. */
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);
  cairo_surface_destroy (surface);
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

static const BsTraceEvent *
figure_event (BsPlotsPanel *self,
              guint32       id)
{
  return bs_trace_get_event (self->trace, g_array_index (self->events, guint64, id - 1));
}

/* The notebook cell in which the event at index happened, or NULL. */
static const BsTraceScope *
cell_of (BsTrace *trace,
         guint64  index)
{
  for (guint32 id = 1; id <= bs_trace_get_n_scopes (trace); id++)
    {
      const BsTraceScope *scope = bs_trace_get_scope (trace, id);

      if (scope->kind == BS_TRACE_SCOPE_CELL && scope->begin_event < index
          && index < scope->end_event)
        return scope;
    }
  return NULL;
}

/* "Figure 1, line 14", "Figure 2, open at the end"; in a notebook "Figure 1, In [4], line 2"
 * for plt.show() and "Figure 2, In [4]" for a figure open when its cell ended */
static char *
heading (BsPlotsPanel *self,
         guint32       id)
{
  guint64 index = g_array_index (self->events, guint64, id - 1);
  const BsTraceEvent *event = bs_trace_get_event (self->trace, index);
  const char *title = bs_trace_get_string (self->trace, event->text);
  gint64 step_event = bs_trace_get_step_event (self->trace, event->step);
  const BsTraceEvent *statement = step_event >= 0
                                  ? bs_trace_get_event (self->trace, (guint64) step_event)
                                  : NULL;
  const BsTraceScope *cell = cell_of (self->trace, index);
  const BsTraceSpan *span = NULL;
  g_autofree char *where = NULL;

  if (title == NULL)
    title = "Figure";
  if (cell != NULL)
    where = g_strdup_printf ("%s, %s", title, bs_trace_get_string (self->trace, cell->label));
  else
    where = g_strdup (title);
  if (event->flags & BS_TRACE_FLAG_IMPLICIT)
    return cell != NULL ? g_steal_pointer (&where)
                        : g_strdup_printf ("%s, open at the end", where);
  if (statement != NULL && statement->type == BS_TRACE_EVENT_STATEMENT)
    span = bs_trace_get_statement (self->trace, statement->aux);
  if (span != NULL)
    return g_strdup_printf ("%s, line %d", where,
                            cell != NULL ? span->line - cell->span.line + 1 : span->line);
  return g_steal_pointer (&where);
}

/* --- a card's actions ------------------------------------------------------------------ */

static void
copy_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  Card *card = user_data;
  g_autofree char *text = NULL;

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (card->panel)),
                             card->texture);
  text = g_strdup_printf ("%s copied as an image", card->title);
  message (card->panel, text);
}

typedef struct {
  BsPlotsPanel *panel;     /* Owned (a reference) */
  BsPlotFigure *figure;    /* Owned */
  BsPlotFormat  format;
} Export;

static void
export_free (Export *export)
{
  g_object_unref (export->panel);
  bs_plot_figure_unref (export->figure);
  g_free (export);
}

static void
export_file_chosen (GtkNativeDialog *chooser,
                    int              response,
                    gpointer         user_data)
{
  Export *export = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      if (path == NULL)
        text = g_strdup ("The figure can be saved only to a local file");
      else if (!bs_plot_figure_write (export->figure, export->format, path, &error))
        text = g_strdup_printf ("Cannot save %s: %s", path, error->message);
      else
        text = g_strdup_printf ("Saved %s", path);
      message (export->panel, text);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  export_free (export);
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  Card *card = user_data;
  g_autoptr(GError) error = NULL;
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (card->panel));
  Export *export = g_new0 (Export, 1);

  if (!bs_plot_format_from_name (g_variant_get_string (parameter, NULL), &export->format,
                                 &error))
    g_return_if_reached ();
  export->panel = g_object_ref (card->panel);
  export->figure = bs_plot_figure_ref (card->figure);
  chooser = gtk_file_chooser_native_new ("Export the Figure",
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
  name = g_strdup_printf ("figure-%u.%s", card->id, bs_plot_format_extension (export->format));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (export_file_chosen), export);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static GtkWidget *
make_card (BsPlotsPanel *self,
           guint32       id)
{
  static const GActionEntry entries[] = {
    { .name = "copy", .activate = copy_activated },
    { .name = "export", .activate = export_activated, .parameter_type = "s" },
  };
  BsPlotFigure *figure = bs_trace_get_figure (self->trace, id);
  g_autofree char *text = heading (self, id);
  g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GError) error = NULL;
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *copy, *save;
  Card *data;

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (header), label);
  gtk_box_append (GTK_BOX (card), header);
  g_object_set_data_full (G_OBJECT (card), "heading", g_steal_pointer (&text), g_free);
  if (figure == NULL)
    {
      /* A trace read back from JSON says when a figure was shown, not what it showed. */
      gtk_box_append (GTK_BOX (card), gtk_label_new ("The figure is not in this trace."));
      return card;
    }

  data = g_new0 (Card, 1);
  data->panel = self;
  data->id = id;
  data->figure = bs_plot_figure_ref (figure);
  data->title = g_strdup (bs_trace_get_string (self->trace, figure_event (self, id)->text));
  data->texture = figure_texture (figure, &error);
  g_object_set_data_full (G_OBJECT (card), "card", data, (GDestroyNotify) card_free);
  if (data->texture == NULL)
    {
      g_autofree char *why = g_strdup_printf ("Cannot draw the figure: %s", error->message);

      gtk_box_append (GTK_BOX (card), gtk_label_new (why));
      return card;
    }

  g_action_map_add_action_entries (G_ACTION_MAP (actions), entries, G_N_ELEMENTS (entries), data);
  gtk_widget_insert_action_group (card, "figure", G_ACTION_GROUP (actions));
  copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
  gtk_widget_set_tooltip_text (copy, "Copy the figure as an image");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "figure.copy");
  gtk_widget_add_css_class (copy, "flat");
  g_menu_append (menu, "PNG Image", "figure.export::png");
  g_menu_append (menu, "SVG Image", "figure.export::svg");
  g_menu_append (menu, "PDF Document", "figure.export::pdf");
  save = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (save), "document-save-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (save), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (save, "Export the figure");
  gtk_widget_add_css_class (save, "flat");
  gtk_box_append (GTK_BOX (header), copy);
  gtk_box_append (GTK_BOX (header), save);

  {
    GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (data->texture));

    gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
    gtk_picture_set_alternative_text (GTK_PICTURE (picture), data->title);
    gtk_widget_set_halign (picture, GTK_ALIGN_FILL);
    gtk_box_append (GTK_BOX (card), picture);
  }
  return card;
}

/* --- showing a step -------------------------------------------------------------------- */

static void
clear_cards (BsPlotsPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_box_remove (GTK_BOX (self->list), child);
  self->first = self->last = 0;
}

void
bs_plots_panel_set_trace (BsPlotsPanel *self,
                          BsTrace      *trace)
{
  guint64 n_events;

  g_return_if_fail (BS_IS_PLOTS_PANEL (self));

  clear_cards (self);
  if (trace != NULL)
    bs_trace_ref (trace);
  g_clear_pointer (&self->trace, bs_trace_unref);
  self->trace = trace;
  g_array_set_size (self->events, 0);
  n_events = trace != NULL ? bs_trace_get_n_events (trace) : 0;
  for (guint64 i = 0; i < n_events; i++)
    if (bs_trace_get_event (trace, i)->type == BS_TRACE_EVENT_FIGURE)
      g_array_append_val (self->events, i);
  bs_plots_panel_set_step (self, 0);
}

void
bs_plots_panel_set_step (BsPlotsPanel *self,
                         guint32       n_figures)
{
  guint32 first;

  g_return_if_fail (BS_IS_PLOTS_PANEL (self));

  n_figures = MIN (n_figures, self->events->len);
  first = n_figures > MAX_CARDS ? n_figures - MAX_CARDS : 0;
  if (first != self->first || n_figures != self->last)
    {
      /* Keep the cards both ranges show, drop the others, add the missing around them. */
      guint32 keep_lo = MAX (self->first, first) + 1;
      guint32 keep_hi = MIN (self->last, n_figures);
      GtkWidget *child;

      if (keep_lo > keep_hi)
        {
          clear_cards (self);
          keep_lo = first + 1;
          keep_hi = first;
        }
      child = gtk_widget_get_first_child (self->list);
      for (guint32 id = self->first + 1; child != NULL; id++)
        {
          GtkWidget *next = gtk_widget_get_next_sibling (child);

          if (id < keep_lo || id > keep_hi)
            gtk_box_remove (GTK_BOX (self->list), child);
          child = next;
        }
      for (guint32 id = keep_lo - 1; id > first; id--)
        gtk_box_prepend (GTK_BOX (self->list), make_card (self, id));
      for (guint32 id = keep_hi + 1; id <= n_figures; id++)
        gtk_box_append (GTK_BOX (self->list), make_card (self, id));
      self->first = first;
      self->last = n_figures;
    }
  gtk_widget_set_visible (self->empty, n_figures == 0);
  gtk_widget_set_visible (self->note, first > 0);
  if (first > 0)
    {
      g_autofree char *text = g_strdup_printf ("The last %u figures of %u shown by now",
                                               n_figures - first, n_figures);

      gtk_label_set_text (GTK_LABEL (self->note), text);
    }
}

guint32
bs_plots_panel_get_n_shown (BsPlotsPanel *self)
{
  g_return_val_if_fail (BS_IS_PLOTS_PANEL (self), 0);
  return self->last - self->first;
}

char *
bs_plots_panel_get_text (BsPlotsPanel *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (BS_IS_PLOTS_PANEL (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (self->list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_string_append_printf (text, "%s\n",
                            (const char *) g_object_get_data (G_OBJECT (child), "heading"));
  return g_string_free (text, FALSE);
}

static void
bs_plots_panel_finalize (GObject *object)
{
  BsPlotsPanel *self = BS_PLOTS_PANEL (object);

  g_clear_pointer (&self->trace, bs_trace_unref);
  g_array_unref (self->events);
  G_OBJECT_CLASS (bs_plots_panel_parent_class)->finalize (object);
}

static void
bs_plots_panel_class_init (BsPlotsPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bs_plots_panel_finalize;

  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_plots_panel_init (BsPlotsPanel *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->events = g_array_new (FALSE, FALSE, sizeof (guint64));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->empty = gtk_label_new ("No figure yet. What plt.show() shows appears here at the "
                               "step of its line; figures still open at the end appear at "
                               "the last step.");
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->empty), 0);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_widget_set_margin_start (self->empty, 12);
  gtk_widget_set_margin_end (self->empty, 12);
  gtk_widget_set_margin_top (self->empty, 12);
  self->note = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->note), 0);
  gtk_widget_add_css_class (self->note, "dim-label");
  gtk_widget_set_margin_start (self->note, 12);
  gtk_widget_set_margin_top (self->note, 6);
  self->list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (self->list, 12);
  gtk_widget_set_margin_end (self->list, 12);
  gtk_widget_set_margin_top (self->list, 12);
  gtk_widget_set_margin_bottom (self->list, 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self), self->empty);
  gtk_box_append (GTK_BOX (self), self->note);
  gtk_box_append (GTK_BOX (self), scroller);
  bs_plots_panel_set_step (self, 0);
}

GtkWidget *
bs_plots_panel_new (void)
{
  return g_object_new (BS_TYPE_PLOTS_PANEL, NULL);
}
