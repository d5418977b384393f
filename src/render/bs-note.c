/* bs-note.c: a rounded box of text lines on the graph */
#define G_LOG_DOMAIN "bs-render"

#include <pango/pangocairo.h>

#include "bs-note.h"

void
bs_note_rounded_rectangle (cairo_t *cr,
                           double   x,
                           double   y,
                           double   width,
                           double   height,
                           double   radius)
{
  radius = MIN (radius, MIN (width, height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static PangoLayout *
note_layout (BsTextMeasurer *text,
             const BsNote   *note,
             guint           i)
{
  BsTextLayoutKey key = {
    .text = note->lines[i],
    .font = note->fonts[i],
    .width = note->max_width > 0 ? (int) (note->max_width * PANGO_SCALE) : -1,
    .height = note->max_width > 0 ? -note->max_lines : -1,
    .wrap = PANGO_WRAP_WORD_CHAR,
    .ellipsize = note->max_width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE,
    .alignment = PANGO_ALIGN_LEFT,
  };

  return bs_text_measurer_layout (text, &key);
}

void
bs_note_size (BsTextMeasurer  *text,
              const BsPalette *palette,
              const BsNote    *note,
              double          *width,
              double          *height)
{
  double pad = palette->font_size * 0.45;

  *width = 0;
  *height = 0;
  for (guint i = 0; i < note->n_lines; i++)
    {
      PangoRectangle logical;

      pango_layout_get_extents (note_layout (text, note, i), NULL, &logical);
      *width = MAX (*width, logical.width / (double) PANGO_SCALE);
      *height += logical.height / (double) PANGO_SCALE;
    }
  *width += 2 * pad;
  *height += 2 * pad;
}

void
bs_note_draw (BsTextMeasurer  *text,
              const BsPalette *palette,
              cairo_t         *cr,
              const BsNote    *note,
              double           x,
              double           y,
              const BsColor   *fill,
              const BsColor   *border,
              const BsColor   *color)
{
  double pad = palette->font_size * 0.45;
  double width, height;

  bs_note_size (text, palette, note, &width, &height);
  bs_note_rounded_rectangle (cr, x, y, width, height, pad);
  bs_color_set_source (fill, cr);
  cairo_fill_preserve (cr);
  bs_color_set_source (border, cr);
  cairo_set_line_width (cr, palette->line_width);
  cairo_stroke (cr);

  y += pad;
  for (guint i = 0; i < note->n_lines; i++)
    {
      PangoLayout *layout = note_layout (text, note, i);
      PangoRectangle logical;

      pango_layout_get_extents (layout, NULL, &logical);
      bs_color_set_source (color, cr);
      cairo_move_to (cr, x + pad, y);
      bs_text_measurer_show_layout (text, cr, layout);
      cairo_new_path (cr);
      y += logical.height / (double) PANGO_SCALE;
    }
}
