/* bs-note.h: a rounded box of text lines on the graph (an edge's label, a badge, a note)
 *
 * Its lines are set in the renderer's types (bs-text-measurer.h), each wrapped and cut
 * with "…" beyond a width when one is given; the box is padded by 0.45 em.
 */
#pragma once

#include <cairo.h>

#include "bs-palette.h"
#include "bs-text-measurer.h"

G_BEGIN_DECLS

/* Top left at (x, y) where it is drawn. */
typedef struct {
  const char *lines[3];
  BsFont      fonts[3];
  guint       n_lines;
  double      max_width;     /* wrap beyond this (0: never) */
  int         max_lines;     /* ... into at most this many lines */
} BsNote;

void bs_note_size              (BsTextMeasurer  *text,
                                const BsPalette *palette,
                                const BsNote    *note,
                                double          *width,
                                double          *height);
void bs_note_draw              (BsTextMeasurer  *text,
                                const BsPalette *palette,
                                cairo_t         *cr,
                                const BsNote    *note,
                                double           x,
                                double           y,
                                const BsColor   *fill,
                                const BsColor   *border,
                                const BsColor   *color);
/* The path of a box with rounded corners (notes, boxes and clusters share it). */
void bs_note_rounded_rectangle (cairo_t         *cr,
                                double           x,
                                double           y,
                                double           width,
                                double           height,
                                double           radius);

G_END_DECLS
