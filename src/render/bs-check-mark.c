/* bs-check-mark.c: a leaf's finite-difference check, drawn on its box */
#define G_LOG_DOMAIN "bs-render"

#include <pango/pangocairo.h>

#include "bs-check-mark.h"
#include "bs-grad-check-trace.h"

/* The check of node's tensor at state, or NULL. */
static const BsTraceEvent *
check_at (const BsSceneNode  *node,
          const BsTraceState *state)
{
  const BsTraceEvent *check;

  if (node->kind != BS_SCENE_NODE_LEAF || node->tensor == 0
      || (check = bs_grad_check_trace_at (state, node->tensor)) == NULL
      || check->values[1] == 0)
    return NULL;
  return check;
}

gboolean
bs_check_mark_shown (const BsSceneNode  *node,
                     const BsTraceState *state)
{
  g_return_val_if_fail (node != NULL && state != NULL, FALSE);
  return check_at (node, state) != NULL;
}

void
bs_check_mark_draw (cairo_t            *cr,
                    const BsPalette    *palette,
                    const BsSceneNode  *node,
                    const BsTraceState *state)
{
  g_autoptr(PangoFontDescription) font = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  const BsTraceEvent *check;
  gboolean mismatch;
  int width, height;
  double x, y, pad = palette->font_size * 0.3;

  g_return_if_fail (cr != NULL && palette != NULL && node != NULL && state != NULL);
  if ((check = check_at (node, state)) == NULL)
    return;
  mismatch = (check->flags & BS_TRACE_FLAG_FAILED) != 0;

  cairo_save (cr);
  if (mismatch)
    {
      double dash[] = { palette->line_width * 4, palette->line_width * 2 };

      cairo_rectangle (cr, node->x - 4, node->y - 4, node->width + 8, node->height + 8);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_set_line_width (cr, palette->line_width * 2);
      bs_color_set_source (&palette->error, cr);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, palette->font_family);
  pango_font_description_set_absolute_size (font, palette->font_size * 0.8 * PANGO_SCALE);
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, mismatch ? "✗ grad ≠ numeric" : "✓ numeric", -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  x = node->x + node->width - width - pad;
  y = node->y - height - pad;

  cairo_rectangle (cr, x - pad, y - pad * 0.5, width + 2 * pad, height + pad);
  bs_color_set_source (mismatch ? &palette->error : &palette->background, cr);
  cairo_fill_preserve (cr);
  bs_color_set_source (mismatch ? &palette->error : &palette->leaf, cr);
  cairo_set_line_width (cr, palette->line_width);
  cairo_stroke (cr);
  if (mismatch)
    bs_color_set_source (&palette->background, cr);
  else
    bs_color_set_source (&palette->text, cr);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}
