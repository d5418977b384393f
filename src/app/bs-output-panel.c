/* bs-output-panel.c: what the script printed, and its loss curve */
#define G_LOG_DOMAIN "bs-app"

#include <string.h>

#include "bs-loss-plot.h"
#include "bs-output-panel.h"

struct _BsOutputPanel {
  GtkBox         parent_instance;

  /* Owned */
  BsTrace       *trace;
  char          *output;
  gboolean       failed;

  /* Borrowed */
  BsLossPlot    *loss_plot;
  GtkTextBuffer *buffer;
};

G_DEFINE_FINAL_TYPE (BsOutputPanel, bs_output_panel, GTK_TYPE_BOX)

void
bs_output_panel_set_run (BsOutputPanel *self,
                         BsTrace       *trace,
                         const char    *output,
                         gboolean       failed)
{
  g_return_if_fail (BS_IS_OUTPUT_PANEL (self));

  if (trace != NULL)
    bs_trace_ref (trace);
  g_clear_pointer (&self->trace, bs_trace_unref);
  self->trace = trace;
  g_free (self->output);
  self->output = g_strdup (output != NULL ? output : "");
  self->failed = failed;
  bs_loss_plot_set_trace (self->loss_plot, trace);
}

void
bs_output_panel_set_step (BsOutputPanel *self,
                          guint64        step,
                          guint32        last_backward)
{
  guint64 n_events, stop_step = G_MAXUINT64;
  g_autoptr(GString) printed = g_string_new (NULL);
  g_autofree char *current = NULL;
  const char *shown;
  gsize shown_length;
  GtkTextIter start, end;

  g_return_if_fail (BS_IS_OUTPUT_PANEL (self));

  bs_loss_plot_set_backward (self->loss_plot, last_backward);
  if (self->trace == NULL)
    return;
  n_events = bs_trace_get_n_events (self->trace);
  for (guint64 i = 0; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (self->trace, i);

      if (event->type == BS_TRACE_EVENT_PRINT && event->step <= step)
        g_string_append (printed, bs_trace_get_string (self->trace, event->text));
      /* The error that stopped the script: the first raised in its last statement. */
      else if (event->type == BS_TRACE_EVENT_STATEMENT)
        stop_step = G_MAXUINT64;
      else if (event->type == BS_TRACE_EVENT_ERROR && self->failed
               && stop_step == G_MAXUINT64)
        stop_step = event->step;
    }
  shown_length = printed->len;
  shown = printed->str;
  if (step + 1 >= bs_trace_get_n_steps (self->trace) || step >= stop_step)
    {
      shown = self->output;
      shown_length = strlen (self->output);
    }
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  current = gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
  if (strlen (current) != shown_length || strncmp (current, shown, shown_length) != 0)
    gtk_text_buffer_set_text (self->buffer, shown, (int) shown_length);
}

char *
bs_output_panel_get_text (BsOutputPanel *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (BS_IS_OUTPUT_PANEL (self), NULL);

  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

static void
bs_output_panel_finalize (GObject *object)
{
  BsOutputPanel *self = BS_OUTPUT_PANEL (object);

  g_clear_pointer (&self->trace, bs_trace_unref);
  g_free (self->output);
  G_OBJECT_CLASS (bs_output_panel_parent_class)->finalize (object);
}

static void
bs_output_panel_class_init (BsOutputPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bs_output_panel_finalize;
}

static void
bs_output_panel_init (BsOutputPanel *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *output = gtk_text_view_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (output), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (output), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (output), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (output), 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), output);
  gtk_widget_set_vexpand (scroller, TRUE);
  self->buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (output));
  self->loss_plot = BS_LOSS_PLOT (bs_loss_plot_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (self->loss_plot), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->loss_plot), 6);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->loss_plot));
  gtk_box_append (GTK_BOX (self), scroller);
}

GtkWidget *
bs_output_panel_new (void)
{
  return g_object_new (BS_TYPE_OUTPUT_PANEL, NULL);
}
