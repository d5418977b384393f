/* bs-text-measurer.h: the renderer's type, measured and laid out
 *
 * Holds the fonts of a palette in a Pango context of its own (fixed options, so the
 * window and every export get the same pixels), measures text (monospace text glyph by
 * glyph, other text with Pango, each width remembered), keeps the layouts it laid out to
 * draw, and knows a box's geometry: the height of its lines, the "saved"/"freed" tag and
 * the size a label needs. bs_text_measurer_measure_scene() sizes every box of a scene for
 * every text it can show at any step, so nothing moves or grows while stepping.
 *
 * With caching off it lays out every text afresh and measures each with Pango (it still
 * remembers each text's width), so a test can check that both give the same.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "bs-node-label.h"
#include "bs-palette.h"
#include "bs-scene.h"
#include "bs-svg-text.h"

G_BEGIN_DECLS

/* Values and gradients in a box are cut to this many characters; hover shows them whole. */
#define BS_TEXT_MAX_LINE_CHARS 34

typedef enum {
  BS_FONT_TITLE,    /* names, bold */
  BS_FONT_SMALL,    /* grad_fn names, shapes, cluster titles */
  BS_FONT_MONO,     /* values and gradients */
  BS_FONT_TAG,      /* "saved", "freed" */
  BS_FONT_BODY,     /* captions */
  BS_N_FONTS
} BsFont;

/* How a text is laid out to be drawn. */
typedef struct {
  const char         *text;
  BsFont              font;
  int                 width;      /* Pango units, -1: unlimited */
  int                 height;     /* as pango_layout_set_height() */
  PangoWrapMode       wrap;
  PangoEllipsizeMode  ellipsize;
  PangoAlignment      alignment;
} BsTextLayoutKey;

typedef struct _BsTextMeasurer BsTextMeasurer;

BsTextMeasurer *bs_text_measurer_new            (const BsPalette       *palette);
void            bs_text_measurer_free           (BsTextMeasurer        *self);

void            bs_text_measurer_set_caching    (BsTextMeasurer        *self,
                                                 gboolean               caching);
gboolean        bs_text_measurer_get_caching    (BsTextMeasurer        *self);

/* A font's size relative to the palette's. */
double          bs_text_measurer_font_scale     (BsFont                 font);

/* Measuring is done with no transformation; drawing with cr's (its transformation and
 * its surface's font options). */
void            bs_text_measurer_for_measuring  (BsTextMeasurer        *self);
void            bs_text_measurer_for_drawing    (BsTextMeasurer        *self,
                                                 cairo_t               *cr);

/* The width of text on one line, in points. */
double          bs_text_measurer_width          (BsTextMeasurer        *self,
                                                 BsFont                 font,
                                                 const char            *text);
double          bs_text_measurer_line_height    (BsTextMeasurer        *self,
                                                 BsFont                 font);
/* Forgets the widths remembered when there are more than max of a font. */
void            bs_text_measurer_trim           (BsTextMeasurer        *self,
                                                 guint                  max);

/* The layout of key, kept while the context stays the same (Borrowed). */
PangoLayout    *bs_text_measurer_layout         (BsTextMeasurer        *self,
                                                 const BsTextLayoutKey *key);
/* A scratch layout of text, unlimited and left-aligned, valid until the next call
 * (Borrowed). */
PangoLayout    *bs_text_measurer_scratch        (BsTextMeasurer        *self,
                                                 BsFont                 font,
                                                 const char            *text);
/* Draws text at (x, y), the top of its line, cut with "…" to width (centred in it when
 * centre is set), in cr's source colour. */
void            bs_text_measurer_show           (BsTextMeasurer        *self,
                                                 cairo_t               *cr,
                                                 BsFont                 font,
                                                 const char            *text,
                                                 double                 x,
                                                 double                 y,
                                                 double                 width,
                                                 gboolean               centre);

/* Draws a layout at cr's current point (its top left) in cr's source colour; while an
 * SVG's texts are collected, hands it to them instead. */
void            bs_text_measurer_show_layout    (BsTextMeasurer        *self,
                                                 cairo_t               *cr,
                                                 PangoLayout           *layout);
/* A bold title over a paragraph wrapped to width, in color, top left at (x, y), the
 * paragraphs font_size * 0.4 apart; cr NULL: only measured. Returns its height. */
double          bs_text_measurer_caption        (BsTextMeasurer        *self,
                                                 cairo_t               *cr,
                                                 const BsColor         *color,
                                                 double                 font_size,
                                                 const char            *title,
                                                 const char            *text,
                                                 double                 x,
                                                 double                 y,
                                                 double                 width);
/* Texts go to svg_text (Borrowed) instead of being drawn, until set to NULL. */
void            bs_text_measurer_set_svg_text   (BsTextMeasurer        *self,
                                                 BsSvgText             *svg_text);

/* A box's geometry: the font of a line, the gap between lines, the tag's size, the size
 * a label needs (padding included). */
BsFont          bs_text_measurer_line_font      (BsNodeLineKind         kind);
double          bs_text_measurer_line_gap       (BsTextMeasurer        *self);
void            bs_text_measurer_tag_size       (BsTextMeasurer        *self,
                                                 double                *width,
                                                 double                *height);
void            bs_text_measurer_label_size     (BsTextMeasurer        *self,
                                                 const BsNodeLabel     *label,
                                                 double                *width,
                                                 double                *height);

/* Sets every node's width and height for every text it can show in the trace. */
void            bs_text_measurer_measure_scene  (BsTextMeasurer        *self,
                                                 BsScene               *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsTextMeasurer, bs_text_measurer_free)

G_END_DECLS
