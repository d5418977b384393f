/* bs-histogram.c: a large tensor's summary drawn as its histogram */
#define G_LOG_DOMAIN "bs-app"

#include <math.h>

#include <pango/pangocairo.h>

#include "bs-histogram.h"

#define PAD 4.0   /* around the bars, so the outer labels and the mean line fit */
#define GAP 2.0   /* between the bars and the labels */

struct _BsHistogram {
  GtkWidget     parent_instance;

  /* Owned */
  BsTraceValue *value;   /* a summary with a histogram, or NULL */
};

G_DEFINE_FINAL_TYPE (BsHistogram, bs_histogram, GTK_TYPE_WIDGET)

typedef struct {
  double x0, x1;   /* the bars, left to right */
  double y0, y1;   /* top (the tallest bar) and baseline */
  double line;     /* one line of text */
} Geometry;

static const GdkRGBA bar_color = { 0.21, 0.52, 0.89, 1 };
static const GdkRGBA mean_color = { 0.89, 0.42, 0.0, 1 };

static const BsValueHistogram *
histogram_of (BsHistogram *self)
{
  return self->value != NULL ? bs_trace_value_get_histogram (self->value) : NULL;
}

static gboolean
has_nonfinite (const BsValueHistogram *histogram)
{
  return histogram->n_nan + histogram->n_posinf + histogram->n_neginf > 0;
}

static gboolean
has_finite (const BsValueHistogram *histogram)
{
  return !isnan (histogram->low);
}

static double
line_height (GtkWidget *widget)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, "0.9");
  int height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  return height;
}

/* A line of text for the mean over the bars; the ends, then NaN/inf counts, under them. */
static Geometry
geometry (BsHistogram *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const BsValueHistogram *histogram = histogram_of (self);
  Geometry g;

  g.line = line_height (widget);
  g.x0 = PAD;
  g.x1 = MAX (g.x0 + 1, gtk_widget_get_width (widget) - PAD);
  g.y0 = g.line + GAP;
  g.y1 = gtk_widget_get_height (widget) - g.line - GAP;
  if (histogram != NULL && has_nonfinite (histogram))
    g.y1 -= g.line;
  g.y1 = MAX (g.y0 + 1, g.y1);
  return g;
}

/* Where the fraction f of [low, high] is; no overflow when high - low exceeds a double. */
static double
between (double low,
         double high,
         double f)
{
  return low * (1 - f) + high * f;
}

static guint64
tallest_bin (const BsTraceValue     *value,
             const BsValueHistogram *histogram)
{
  guint64 tallest = 0;

  for (guint i = 0; i < value->n_bins; i++)
    tallest = MAX (tallest, histogram->bins[i]);
  return tallest;
}

/* "3 nan  2 inf  1 -inf", the parts that are not 0. */
static char *
format_nonfinite (const BsValueHistogram *histogram)
{
  GString *text = g_string_new (NULL);
  const guint64 counts[] = { histogram->n_nan, histogram->n_posinf, histogram->n_neginf };
  const char *names[] = { "nan", "inf", "-inf" };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    if (counts[i] > 0)
      g_string_append_printf (text, "%s%" G_GUINT64_FORMAT " %s", text->len > 0 ? "   " : "",
                              counts[i], names[i]);
  return g_string_free (text, FALSE);
}

static void
show_text (GtkWidget  *widget,
           cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      align,    /* 0: x is the left edge, 0.5: the middle, 1: the right */
           double      x_max)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  x = CLAMP (x - align * width, 0, MAX (0, x_max - width));
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
bs_histogram_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  BsHistogram *self = BS_HISTOGRAM (widget);
  const BsValueHistogram *histogram = histogram_of (self);
  double width = gtk_widget_get_width (widget);
  guint n_bins;
  guint64 tallest;
  GdkRGBA fg;
  Geometry g;
  cairo_t *cr;

  if (histogram == NULL)
    return;
  n_bins = self->value->n_bins;
  tallest = tallest_bin (self->value, histogram);
  g = geometry (self);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width,
                                                                 gtk_widget_get_height (widget)));

  gdk_cairo_set_source_rgba (cr, &bar_color);
  for (guint i = 0; i < n_bins && tallest > 0; i++)
    {
      double step = (g.x1 - g.x0) / n_bins;
      double x = g.x0 + step * i;
      double h;

      if (histogram->bins[i] == 0)
        continue;
      /* Every finite element is in the first bin when they are all equal: one bar mid-way. */
      if (histogram->low == histogram->high)
        x = (g.x0 + g.x1 - step) / 2;
      /* At least a pixel, so a lone outlier shows. */
      h = MAX (1, (g.y1 - g.y0) * histogram->bins[i] / tallest);
      cairo_rectangle (cr, x, g.y1 - h, step > 3 ? step - 1 : step, h);
    }
  cairo_fill (cr);

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.5);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, g.x0, g.y1 + 0.5);
  cairo_line_to (cr, g.x1, g.y1 + 0.5);
  cairo_stroke (cr);

  gdk_cairo_set_source_rgba (cr, &fg);
  if (has_finite (histogram))
    {
      g_autofree char *low = bs_trace_value_format_number (histogram->low);
      g_autofree char *high = bs_trace_value_format_number (histogram->high);

      if (histogram->low == histogram->high)
        show_text (widget, cr, low, (g.x0 + g.x1) / 2, g.y1 + GAP, 0.5, width);
      else
        {
          show_text (widget, cr, low, g.x0, g.y1 + GAP, 0, width);
          show_text (widget, cr, high, g.x1, g.y1 + GAP, 1, width);
        }
    }
  if (has_nonfinite (histogram))
    {
      g_autofree char *counts = format_nonfinite (histogram);

      show_text (widget, cr, counts, g.x0, g.y1 + GAP + g.line, 0, width);
    }

  /* The mean of every element, when it is finite and so within the bars' range. */
  if (isfinite (self->value->mean) && histogram->low < histogram->high)
    {
      double f = (self->value->mean / 2 - histogram->low / 2)
                 / (histogram->high / 2 - histogram->low / 2);
      double x = g.x0 + (g.x1 - g.x0) * CLAMP (f, 0, 1);
      g_autofree char *number = bs_trace_value_format_number (self->value->mean);
      g_autofree char *label = g_strdup_printf ("mean %s", number);

      gdk_cairo_set_source_rgba (cr, &mean_color);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, round (x), g.y0 - GAP);
      cairo_line_to (cr, round (x), g.y1);
      cairo_stroke (cr);
      show_text (widget, cr, label, x, 0, 0.5, width);
    }
  cairo_destroy (cr);
}

static gboolean
bs_histogram_query_tooltip (GtkWidget  *widget,
                            int         x,
                            int         y,
                            gboolean    keyboard,
                            GtkTooltip *tooltip)
{
  BsHistogram *self = BS_HISTOGRAM (widget);
  const BsValueHistogram *histogram = histogram_of (self);
  g_autofree char *text = NULL;
  Geometry g;
  guint n_bins, bin;

  if (histogram == NULL || !has_finite (histogram))
    return FALSE;
  g = geometry (self);
  n_bins = self->value->n_bins;
  if (keyboard || x < g.x0 || x >= g.x1 || y < g.y0 || y > g.y1)
    return FALSE;

  if (histogram->low == histogram->high)
    {
      g_autofree char *number = bs_trace_value_format_number (histogram->low);

      text = g_strdup_printf ("%" G_GUINT64_FORMAT " elements equal to %s",
                              histogram->bins[0], number);
    }
  else
    {
      g_autofree char *from = NULL, *to = NULL;

      bin = MIN ((guint) ((x - g.x0) * n_bins / (g.x1 - g.x0)), n_bins - 1);
      from = bs_trace_value_format_number (between (histogram->low, histogram->high,
                                                    (double) bin / n_bins));
      to = bs_trace_value_format_number (bin + 1 == n_bins
                                         ? histogram->high
                                         : between (histogram->low, histogram->high,
                                                    (double) (bin + 1) / n_bins));
      text = g_strdup_printf ("%" G_GUINT64_FORMAT " of %" G_GINT64_FORMAT
                              " elements in [%s, %s%s", histogram->bins[bin],
                              self->value->numel, from, to, bin + 1 == n_bins ? "]" : ")");
    }
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
bs_histogram_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  const BsValueHistogram *histogram = histogram_of (BS_HISTOGRAM (widget));
  int lines;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 240;
      return;
    }
  lines = histogram != NULL && has_nonfinite (histogram) ? 3 : 2;
  *minimum = (int) ceil (lines * line_height (widget) + 2 * GAP) + 40;
  *natural = *minimum + 50;
}

void
bs_histogram_set_value (BsHistogram        *self,
                        const BsTraceValue *value)
{
  g_autofree char *description = NULL;

  g_return_if_fail (BS_IS_HISTOGRAM (self));
  g_clear_pointer (&self->value, g_free);
  if (value != NULL && bs_trace_value_get_histogram (value) != NULL)
    {
      const BsValueHistogram *histogram = bs_trace_value_get_histogram (value);
      g_autofree char *low = bs_trace_value_format_number (histogram->low);
      g_autofree char *high = bs_trace_value_format_number (histogram->high);
      g_autofree char *mean = bs_trace_value_format_number (value->mean);

      self->value = bs_trace_value_copy (value);
      description = g_strdup_printf ("%" G_GINT64_FORMAT " elements in %u bins from %s to %s, "
                                     "mean %s", value->numel, value->n_bins, low, high, mean);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "", -1);
  gtk_widget_set_visible (GTK_WIDGET (self), self->value != NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
bs_histogram_has_value (BsHistogram *self)
{
  g_return_val_if_fail (BS_IS_HISTOGRAM (self), FALSE);
  return self->value != NULL;
}

static void
bs_histogram_finalize (GObject *object)
{
  g_clear_pointer (&BS_HISTOGRAM (object)->value, g_free);
  G_OBJECT_CLASS (bs_histogram_parent_class)->finalize (object);
}

static void
bs_histogram_class_init (BsHistogramClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = bs_histogram_finalize;
  widget_class->snapshot = bs_histogram_snapshot;
  widget_class->measure = bs_histogram_measure;
  widget_class->query_tooltip = bs_histogram_query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "histogram");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
bs_histogram_init (BsHistogram *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Histogram of the elements", -1);
}

GtkWidget *
bs_histogram_new (void)
{
  return g_object_new (BS_TYPE_HISTOGRAM, NULL);
}
