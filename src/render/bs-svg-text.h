/* bs-svg-text.h: the texts of an SVG export as <text> elements
 *
 * cairo's SVG surface draws every glyph as a path: nothing could be searched, selected,
 * edited or read aloud. While an SVG is drawn, the renderer hands its text layouts here
 * instead of drawing them (bs_text_measurer_set_svg_text); each run of a layout's lines
 * becomes a <text> at the same baseline, in the font Pango chose (family, size, weight,
 * style named) and the colour it would have been drawn in. bs_svg_text_insert() adds them
 * to the SVG cairo wrote, above everything else, as the text was drawn last in each box.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct _BsSvgText BsSvgText;

BsSvgText *bs_svg_text_new        (void);
void       bs_svg_text_free       (BsSvgText   *self);

/* The layout as pango_cairo_show_layout (cr, layout) would draw it: its top left at cr's
 * current point, in cr's source colour and transformation. */
void       bs_svg_text_add_layout (BsSvgText   *self,
                                   cairo_t     *cr,
                                   PangoLayout *layout);
guint      bs_svg_text_get_n_runs (BsSvgText   *self);

/* svg (a whole document cairo wrote) with the texts added before its closing tag; NULL
 * when it has none. */
GBytes    *bs_svg_text_insert     (BsSvgText   *self,
                                   GBytes      *svg);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSvgText, bs_svg_text_free)

G_END_DECLS
