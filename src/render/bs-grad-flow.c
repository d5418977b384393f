/* bs-grad-flow.c: the gradient-flow colouring of a graph */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <pango/pangocairo.h>

#include "bs-grad-flow.h"

/* How much of the hue goes into a fill; the rest is the palette's background. */
#define TINT 0.55

typedef struct {
  double  log10;
  BsColor hue;
} Stop;

static const Stop stops[] = {
  { -8, { 0.45, 0.47, 0.55, 1 } },   /* dead: slate */
  { -6, { 0.20, 0.45, 0.95, 1 } },   /* blue */
  { -3, { 0.05, 0.70, 0.75, 1 } },   /* teal */
  {  0, { 0.30, 0.78, 0.30, 1 } },   /* green */
  {  2, { 0.98, 0.78, 0.10, 1 } },   /* yellow */
  {  4, { 0.92, 0.15, 0.10, 1 } },   /* red */
};

double
bs_grad_flow_norm (const BsTraceValue *value)
{
  double sum = 0;

  if (value == NULL)
    return NAN;
  if (value->kind == BS_VALUE_FULL)
    {
      for (gint64 i = 0; i < value->numel; i++)
        sum += value->data[i] * value->data[i];
      return sqrt (sum);
    }
  /* Σx² = n·(mean² + biased variance); the summary's std is unbiased. */
  if (value->numel > 1 && isfinite (value->std))
    sum = value->std * value->std * (value->numel - 1) / value->numel;
  return sqrt (value->numel * (value->mean * value->mean + sum));
}

gboolean
bs_grad_flow_node_norm (BsScene            *scene,
                        const BsTraceState *state,
                        guint               index,
                        double             *norm)
{
  const BsSceneNode *node;
  const BsTraceTensorState *tensor;
  const BsTraceNodeState *node_state;
  const BsTraceValue *value;
  guint32 grad = 0;

  g_return_val_if_fail (scene != NULL && state != NULL && norm != NULL, FALSE);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), FALSE);

  node = bs_scene_get_node (scene, index);
  tensor = node->tensor != 0 ? bs_trace_state_get_tensor (state, node->tensor) : NULL;
  switch (node->kind)
    {
    case BS_SCENE_NODE_LEAF:
      grad = tensor != NULL ? tensor->grad : 0;
      break;
    case BS_SCENE_NODE_OP:
      node_state = bs_trace_state_get_node (state, node->node);
      if (node_state != NULL && node_state->backward != 0)
        grad = node_state->grad;
      if (grad == 0 && tensor != NULL)
        grad = tensor->grad;   /* retain_grad() */
      break;
    case BS_SCENE_NODE_CONSTANT:
    case BS_SCENE_NODE_CLUSTER:
    default:
      break;
    }
  value = grad != 0 ? bs_value_store_get (bs_trace_get_values (bs_scene_get_trace (scene)), grad)
                   : NULL;
  if (value == NULL)
    return FALSE;
  *norm = bs_grad_flow_norm (value);
  return TRUE;
}

gboolean
bs_grad_flow_node_measure (BsScene            *scene,
                           const BsTraceState *state,
                           guint               index,
                           BsGradFlowScale     scale,
                           double             *measure)
{
  const BsSceneNode *node;
  const BsTraceTensorState *tensor;
  double norm, value_norm;

  if (!bs_grad_flow_node_norm (scene, state, index, &norm))
    return FALSE;
  if (scale == BS_GRAD_FLOW_NORM)
    {
      *measure = norm;
      return TRUE;
    }
  node = bs_scene_get_node (scene, index);
  tensor = node->tensor != 0 ? bs_trace_state_get_tensor (state, node->tensor) : NULL;
  if (tensor == NULL || tensor->value == 0)
    return FALSE;
  value_norm = bs_grad_flow_norm (bs_trace_get_value (bs_scene_get_trace (scene),
                                                      tensor->value));
  if (!(value_norm > 0))
    return FALSE;
  *measure = norm / value_norm;
  return TRUE;
}

GArray *
bs_grad_flow_series (BsTrace *trace,
                     guint32  tensor)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (BsGradFlowPoint));
  guint32 grad = 0, reached = 0;

  g_return_val_if_fail (trace != NULL, points);
  for (guint64 i = 0; tensor != 0 && i < bs_trace_get_n_events (trace); i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      switch (event->type)
        {
        case BS_TRACE_EVENT_ACCUMULATE:
          if (event->tensor == tensor)
            {
              grad = event->values[1];
              reached = event->backward;
            }
          break;
        case BS_TRACE_EVENT_GRAD_ZEROED:
          if (event->tensor == tensor)
            grad = event->values[0];
          break;
        case BS_TRACE_EVENT_BACKWARD_END:
          if (reached == event->backward && reached != 0 && grad != 0)
            {
              BsGradFlowPoint point = {
                event->backward, bs_grad_flow_norm (bs_trace_get_value (trace, grad))
              };

              if (!isnan (point.norm))
                g_array_append_val (points, point);
            }
          break;
        default:
          break;
        }
    }
  return points;
}

guint
bs_grad_flow_bin (double norm)
{
  double decade;

  if (!(norm > 0))
    return isnan (norm) ? BS_GRAD_FLOW_N_BINS - 1 : 0;
  if (!isfinite (norm))
    return BS_GRAD_FLOW_N_BINS - 1;
  decade = floor (log10 (norm)) - BS_GRAD_FLOW_LOW;
  return (guint) CLAMP (decade, 0, BS_GRAD_FLOW_N_BINS - 1);
}

static void
hue_at (double   log10,
        BsColor *hue)
{
  guint i = 1;
  double t;

  while (i + 1 < G_N_ELEMENTS (stops) && stops[i].log10 < log10)
    i++;
  t = CLAMP ((log10 - stops[i - 1].log10) / (stops[i].log10 - stops[i - 1].log10), 0, 1);
  hue->red = stops[i - 1].hue.red + t * (stops[i].hue.red - stops[i - 1].hue.red);
  hue->green = stops[i - 1].hue.green + t * (stops[i].hue.green - stops[i - 1].hue.green);
  hue->blue = stops[i - 1].hue.blue + t * (stops[i].hue.blue - stops[i - 1].hue.blue);
  hue->alpha = 1;
}

void
bs_grad_flow_fills (const BsPalette *palette,
                    BsColor          fills[BS_GRAD_FLOW_N_BINS])
{
  g_return_if_fail (palette != NULL && fills != NULL);
  for (guint k = 0; k < BS_GRAD_FLOW_N_BINS; k++)
    {
      const BsColor *bg = &palette->background;
      BsColor hue;

      /* Each decade takes the colour at its middle. */
      hue_at (BS_GRAD_FLOW_LOW + (double) k + 0.5, &hue);
      fills[k].red = bg->red + TINT * (hue.red - bg->red);
      fills[k].green = bg->green + TINT * (hue.green - bg->green);
      fills[k].blue = bg->blue + TINT * (hue.blue - bg->blue);
      fills[k].alpha = 1;
    }
}

static PangoLayout *
small_layout (cairo_t         *cr,
              const BsPalette *palette,
              const char      *text,
              gboolean         bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();

  pango_font_description_set_family (font, palette->font_family);
  pango_font_description_set_absolute_size (font, palette->font_size * 0.8 * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* A tag: text on a filled rounded box, top left at (x, y); returns its width. */
static double
draw_tag (cairo_t         *cr,
          const BsPalette *palette,
          const char      *text,
          const BsColor   *fill,
          double           x,
          double           y,
          double          *height)
{
  g_autoptr(PangoLayout) layout = small_layout (cr, palette, text, TRUE);
  double pad = palette->font_size * 0.3;
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (height != NULL)
    *height = h + pad;
  cairo_rectangle (cr, x, y, w + 2 * pad, h + pad);
  bs_color_set_source (fill, cr);
  cairo_fill (cr);
  bs_color_set_source (&palette->background, cr);
  cairo_move_to (cr, x + pad, y + pad * 0.5);
  pango_cairo_show_layout (cr, layout);
  return w + 2 * pad;
}

static const BsColor vanishing_color = { 0.20, 0.32, 0.75, 1 };

void
bs_grad_flow_draw_mark (cairo_t           *cr,
                        const BsPalette   *palette,
                        const BsSceneNode *node,
                        double             norm)
{
  gboolean exploding = !(norm <= BS_GRAD_FLOW_EXPLODING);
  double tag_height;

  g_return_if_fail (cr != NULL && palette != NULL && node != NULL);
  if (!exploding && norm >= BS_GRAD_FLOW_VANISHING)
    return;
  cairo_save (cr);
  {
    g_autoptr(PangoLayout) probe = small_layout (cr, palette, "Ag", TRUE);
    int h;

    pango_layout_get_pixel_size (probe, NULL, &h);
    tag_height = h + palette->font_size * 0.3;
  }
  draw_tag (cr, palette, exploding ? "▲ exploding" : "▼ vanishing",
            exploding ? &palette->error : &vanishing_color,
            node->x + palette->font_size * 0.3, node->y - tag_height * 0.6, NULL);
  cairo_restore (cr);
}

const char *
bs_grad_flow_legend_title (BsGradFlowScale scale)
{
  return scale == BS_GRAD_FLOW_RATIO ? "‖grad‖ / ‖value‖ (log₁₀ scale)" : "‖grad‖ (log₁₀ scale)";
}

void
bs_grad_flow_legend_tags (const BsPalette *palette,
                          const char      *texts[2],
                          BsColor          fills[2])
{
  g_return_if_fail (palette != NULL && texts != NULL && fills != NULL);
  texts[0] = "▼ vanishing < 1e-6";
  fills[0] = vanishing_color;
  texts[1] = "▲ exploding > 1e3";
  fills[1] = palette->error;
}

void
bs_grad_flow_draw_legend (cairo_t         *cr,
                          const BsPalette *palette,
                          BsGradFlowScale  scale,
                          double           x,
                          double           y,
                          double          *width,
                          double          *height)
{
  cairo_surface_t *surface = NULL;   /* Owned: to measure on, when cr is NULL */
  g_autoptr(PangoLayout) title = NULL;
  BsColor fills[BS_GRAD_FLOW_N_BINS];
  double pad = palette->font_size * 0.6, swatch = palette->font_size * 2.4;
  double row, left, tag_height = 0, tag_width;
  int tw, th, lw, lh;

  g_return_if_fail (palette != NULL && width != NULL && height != NULL);
  if (cr == NULL)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cr = cairo_create (surface);
    }
  else
    cairo_reference (cr);
  cairo_save (cr);
  bs_grad_flow_fills (palette, fills);
  title = small_layout (cr, palette, bs_grad_flow_legend_title (scale), TRUE);
  pango_layout_get_pixel_size (title, &tw, &th);
  {
    g_autoptr(PangoLayout) probe = small_layout (cr, palette, "1e-8", FALSE);

    pango_layout_get_pixel_size (probe, &lw, &lh);
  }
  *width = MAX (tw, BS_GRAD_FLOW_N_BINS * swatch + lw) + 2 * pad;
  /* The first tick's label is centred under the scale's left end. */
  left = x + pad + lw / 2.0;
  row = y + pad + th + pad * 0.5;
  *height = (row - y) + swatch * 0.6 + lh + pad * 0.5 + lh * 1.4 + pad;

  if (surface == NULL)
    {
      cairo_rectangle (cr, x, y, *width, *height);
      bs_color_set_source (&palette->background, cr);
      cairo_fill_preserve (cr);
      bs_color_set_source (&palette->border, cr);
      cairo_set_line_width (cr, palette->line_width);
      cairo_stroke (cr);
      bs_color_set_source (&palette->text, cr);
      cairo_move_to (cr, x + pad, y + pad);
      pango_cairo_show_layout (cr, title);
      for (guint k = 0; k < BS_GRAD_FLOW_N_BINS; k++)
        {
          cairo_rectangle (cr, left + k * swatch, row, swatch, swatch * 0.6);
          bs_color_set_source (&fills[k], cr);
          cairo_fill (cr);
        }
      cairo_rectangle (cr, left, row, BS_GRAD_FLOW_N_BINS * swatch, swatch * 0.6);
      bs_color_set_source (&palette->border, cr);
      cairo_set_line_width (cr, palette->line_width * 0.6);
      cairo_stroke (cr);
      for (int e = BS_GRAD_FLOW_LOW; e <= BS_GRAD_FLOW_HIGH; e += 2)
        {
          g_autofree char *text = g_strdup_printf ("1e%d", e);
          g_autoptr(PangoLayout) label = small_layout (cr, palette, text, FALSE);
          int w;

          pango_layout_get_pixel_size (label, &w, NULL);
          bs_color_set_source (&palette->text_dim, cr);
          cairo_move_to (cr, left + (e - BS_GRAD_FLOW_LOW) * swatch - w / 2.0,
                         row + swatch * 0.6);
          pango_cairo_show_layout (cr, label);
        }
      {
        const char *tags[2];
        BsColor tag_fills[2];

        bs_grad_flow_legend_tags (palette, tags, tag_fills);
        tag_width = draw_tag (cr, palette, tags[0], &tag_fills[0],
                              x + pad, row + swatch * 0.6 + lh + pad * 0.5, &tag_height);
        draw_tag (cr, palette, tags[1], &tag_fills[1],
                  x + 2 * pad + tag_width, row + swatch * 0.6 + lh + pad * 0.5, NULL);
      }
    }
  cairo_restore (cr);
  cairo_destroy (cr);
  if (surface != NULL)
    cairo_surface_destroy (surface);
}
