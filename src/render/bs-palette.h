/* bs-palette.h: the colours and type of a drawn graph
 *
 * DESIGN.md's visual conventions, after torchviz's: leaves that require grad
 * light blue, grad_fn nodes grey, the output green, saved tensors orange,
 * constants plain. Everything that belongs to the backward pass (the current
 * edge, the node running, gradients) shares one accent colour; errors are red.
 * Three palettes: light, dark, and projector (large type, high contrast).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double red;
  double green;
  double blue;
  double alpha;
} BsColor;

typedef enum {
  BS_PALETTE_LIGHT,
  BS_PALETTE_DARK,
  BS_PALETTE_PROJECTOR,
  BS_N_PALETTES
} BsPaletteKind;

typedef struct {
  const char *name;            /* "light", "dark", "projector" */
  BsColor     background;
  BsColor     text;
  BsColor     text_dim;        /* grad_fn names, shapes */
  BsColor     border;          /* of boxes */
  BsColor     edge;            /* data-flow edges */
  BsColor     leaf;            /* a leaf that requires grad */
  BsColor     op;              /* a grad_fn node */
  BsColor     output;          /* the root of a backward call */
  BsColor     constant;        /* a tensor that does not require grad */
  BsColor     saved;           /* saved tensors */
  BsColor     saved_text;      /* on saved */
  BsColor     freed;           /* fill of a node whose saved tensors were freed */
  BsColor     freed_text;
  BsColor     backward;        /* the current edge, the node running, gradients */
  BsColor     backward_fill;   /* under the current edge's label */
  BsColor     walked;          /* edges the running backward has already walked */
  BsColor     error;
  BsColor     error_fill;
  BsColor     error_text;
  BsColor     cluster;         /* a module call or loop iteration */
  BsColor     cluster_border;
  const char *font_family;     /* names, operations and explanations */
  const char *mono_family;     /* values and gradients */
  double      font_size;       /* points */
  double      line_width;      /* of box borders and edges */
  double      padding;         /* inside boxes */
} BsPalette;

const BsPalette *bs_palette_get            (BsPaletteKind     kind);
/* "light", "dark" or "projector"; FALSE for anything else. */
gboolean         bs_palette_kind_from_name (const char       *name,
                                            BsPaletteKind    *kind);

void             bs_color_set_source       (const BsColor    *color,
                                            cairo_t          *cr);
/* "#rrggbb" (alpha ignored), for DOT. */
char            *bs_color_to_hex           (const BsColor    *color);

G_END_DECLS
