/* bs-svg-text.c: the texts of an SVG export as <text> elements */
#define G_LOG_DOMAIN "bs-render"

#include "bs-svg-text.h"

#include <hb.h>
#include <math.h>
#include <string.h>

struct _BsSvgText {
  GString *elements;   /* Owned: the <text> elements so far */
  guint    n_runs;
};

BsSvgText *
bs_svg_text_new (void)
{
  BsSvgText *self = g_new0 (BsSvgText, 1);

  self->elements = g_string_new (NULL);
  return self;
}

void
bs_svg_text_free (BsSvgText *self)
{
  if (self == NULL)
    return;
  g_string_free (self->elements, TRUE);
  g_free (self);
}

guint
bs_svg_text_get_n_runs (BsSvgText *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_runs;
}

/* XML character data or attribute value; characters XML 1.0 cannot hold are left out. */
static void
append_escaped (GString    *out,
                const char *text,
                gssize      length)
{
  const char *end = text + (length < 0 ? (gssize) strlen (text) : length);

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '&')
        g_string_append (out, "&amp;");
      else if (c == '<')
        g_string_append (out, "&lt;");
      else if (c == '>')
        g_string_append (out, "&gt;");
      else if (c == '"')
        g_string_append (out, "&quot;");
      else if (c < 0x20 && c != '\t')
        continue;
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
}

/* Pango draws an ellipsized text's cut as one glyph, the font's "…", in a run that covers
 * the characters it replaces. */
static gboolean
is_ellipsis_run (PangoLayout    *layout,
                 PangoLayoutRun *run)
{
  hb_font_t *font;
  hb_codepoint_t glyph;

  if (!pango_layout_is_ellipsized (layout) || run->glyphs->num_glyphs != 1
      || run->item->num_chars < 2)
    return FALSE;
  font = pango_font_get_hb_font (run->item->analysis.font);
  return font != NULL && hb_font_get_nominal_glyph (font, 0x2026, &glyph)
         && glyph == run->glyphs->glyphs[0].glyph;
}

static void
append_run (BsSvgText      *self,
            cairo_t        *cr,
            PangoLayout    *layout,
            PangoLayoutRun *run,
            double          x,
            double          y,
            double          width)
{
  PangoFontDescription *desc;
  const char *text = pango_layout_get_text (layout) + run->item->offset;
  double size, dx, dy, r = 0, g = 0, b = 0, a = 1;
  const char *family;
  int weight;
  char number[4][G_ASCII_DTOSTR_BUF_SIZE];

  desc = pango_font_describe_with_absolute_size (run->item->analysis.font);
  size = (double) pango_font_description_get_size (desc) / PANGO_SCALE;
  dx = 0;
  dy = size;
  cairo_user_to_device_distance (cr, &dx, &dy);
  size = hypot (dx, dy);
  dx = width;
  dy = 0;
  cairo_user_to_device_distance (cr, &dx, &dy);
  width = hypot (dx, dy);
  cairo_user_to_device (cr, &x, &y);
  cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a);
  family = pango_font_description_get_family (desc);
  weight = pango_font_description_get_weight (desc);

  g_string_append_printf (self->elements, "<text x=\"%s\" y=\"%s\" font-family=\"",
                          g_ascii_formatd (number[0], sizeof number[0], "%.2f", x),
                          g_ascii_formatd (number[1], sizeof number[1], "%.2f", y));
  append_escaped (self->elements, family != NULL ? family : "sans-serif", -1);
  g_string_append_printf (self->elements, "\" font-size=\"%s\"",
                          g_ascii_formatd (number[2], sizeof number[2], "%.2f", size));
  if (weight != PANGO_WEIGHT_NORMAL)
    g_string_append_printf (self->elements, " font-weight=\"%d\"", weight);
  if (pango_font_description_get_style (desc) != PANGO_STYLE_NORMAL)
    g_string_append (self->elements, " font-style=\"italic\"");
  g_string_append_printf (self->elements, " fill=\"#%02x%02x%02x\"",
                          (int) round (CLAMP (r, 0, 1) * 255), (int) round (CLAMP (g, 0, 1) * 255),
                          (int) round (CLAMP (b, 0, 1) * 255));
  if (a < 1)
    g_string_append_printf (self->elements, " fill-opacity=\"%s\"",
                            g_ascii_formatd (number[3], sizeof number[3], "%.3f", a));
  /* the run's width as drawn here, whatever font the viewer has */
  if (run->item->num_chars > 1)
    g_string_append_printf (self->elements, " textLength=\"%s\" lengthAdjust=\"spacingAndGlyphs\"",
                            g_ascii_formatd (number[3], sizeof number[3], "%.2f", width));
  g_string_append_c (self->elements, '>');
  if (is_ellipsis_run (layout, run))
    g_string_append (self->elements, "…");
  else
    append_escaped (self->elements, text, run->item->length);
  g_string_append (self->elements, "</text>\n");
  self->n_runs++;
  pango_font_description_free (desc);
}

void
bs_svg_text_add_layout (BsSvgText   *self,
                        cairo_t     *cr,
                        PangoLayout *layout)
{
  PangoLayoutIter *iter;
  double x0 = 0, y0 = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  if (cairo_has_current_point (cr))
    cairo_get_current_point (cr, &x0, &y0);
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);
      PangoRectangle logical;

      if (run == NULL || run->item->length == 0)
        continue;
      pango_layout_iter_get_run_extents (iter, NULL, &logical);
      append_run (self, cr, layout, run, x0 + (double) logical.x / PANGO_SCALE,
                  y0 + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE,
                  (double) logical.width / PANGO_SCALE);
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
}

GBytes *
bs_svg_text_insert (BsSvgText *self,
                    GBytes    *svg)
{
  static const char closing[] = "</svg>";
  const char *data, *at = NULL;
  gsize length;
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (svg != NULL, NULL);

  data = g_bytes_get_data (svg, &length);
  for (gsize i = length; i >= strlen (closing); i--)
    if (memcmp (data + i - strlen (closing), closing, strlen (closing)) == 0)
      {
        at = data + i - strlen (closing);
        break;
      }
  if (at == NULL)
    return NULL;
  out = g_string_sized_new (length + self->elements->len + 64);
  g_string_append_len (out, data, at - data);
  g_string_append (out, "<g xml:space=\"preserve\">\n");
  g_string_append_len (out, self->elements->str, self->elements->len);
  g_string_append (out, "</g>\n");
  g_string_append_len (out, at, data + length - at);
  return g_string_free_to_bytes (out);
}
