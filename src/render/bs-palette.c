/* bs-palette.c: the colours and type of a drawn graph */
#define G_LOG_DOMAIN "bs-render"

#include "bs-palette.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, \
                   ((hex) & 0xff) / 255.0, 1.0 }

/* DejaVu Sans and Sans Mono: on every Debian 12 machine (fonts-dejavu-core), with the
 * glyphs the labels use (∂, ←, →, …, ², ᵀ). */
static const BsPalette palettes[] = {
  [BS_PALETTE_LIGHT] = {
    .name = "light",
    .background = RGB (0xffffff),
    .text = RGB (0x1f2328),
    .text_dim = RGB (0x59636e),
    .border = RGB (0x57606a),
    .edge = RGB (0x6e7781),
    .leaf = RGB (0xadd8e6),          /* torchviz's lightblue */
    .op = RGB (0xdedede),            /* lightgrey */
    .output = RGB (0xb5e08a),
    .constant = RGB (0xffffff),
    .saved = RGB (0xf59f00),
    .saved_text = RGB (0x1f2328),
    .freed = RGB (0xf3f3f3),
    .freed_text = RGB (0x8c959f),
    .backward = RGB (0x7c3aed),
    .backward_fill = RGB (0xf3ecff),
    .walked = RGB (0xb69cf0),
    .error = RGB (0xd1242f),
    .error_fill = RGB (0xffebe9),
    .error_text = RGB (0x82071e),
    .cluster = RGB (0xf6f8fa),
    .cluster_border = RGB (0xafb8c1),
    .font_family = "DejaVu Sans",
    .mono_family = "DejaVu Sans Mono",
    .font_size = 10,
    .line_width = 1.2,
    .padding = 7,
  },
  [BS_PALETTE_DARK] = {
    .name = "dark",
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf0f0f0),
    .text_dim = RGB (0xb0b0b0),
    .border = RGB (0xb8b8b8),
    .edge = RGB (0x9a9a9a),
    .leaf = RGB (0x245b73),
    .op = RGB (0x474747),
    .output = RGB (0x3f6b22),
    .constant = RGB (0x1e1e1e),
    .saved = RGB (0xe8960c),
    .saved_text = RGB (0x1e1e1e),
    .freed = RGB (0x2a2a2a),
    .freed_text = RGB (0x7a7a7a),
    .backward = RGB (0xc4a5ff),
    .backward_fill = RGB (0x3a2d5c),
    .walked = RGB (0x7d64b8),
    .error = RGB (0xff6b6b),
    .error_fill = RGB (0x4d1a1a),
    .error_text = RGB (0xffd7d5),
    .cluster = RGB (0x262626),
    .cluster_border = RGB (0x5c5c5c),
    .font_family = "DejaVu Sans",
    .mono_family = "DejaVu Sans Mono",
    .font_size = 10,
    .line_width = 1.2,
    .padding = 7,
  },
  [BS_PALETTE_PROJECTOR] = {
    .name = "projector",
    .background = RGB (0xffffff),
    .text = RGB (0x000000),
    .text_dim = RGB (0x303030),
    .border = RGB (0x000000),
    .edge = RGB (0x404040),
    .leaf = RGB (0x8fd0f0),
    .op = RGB (0xcfcfcf),
    .output = RGB (0x8fdc5a),
    .constant = RGB (0xffffff),
    .saved = RGB (0xff9500),
    .saved_text = RGB (0x000000),
    .freed = RGB (0xf0f0f0),
    .freed_text = RGB (0x6e6e6e),
    .backward = RGB (0x6a00d8),
    .backward_fill = RGB (0xf0e6ff),
    .walked = RGB (0xa77ff0),
    .error = RGB (0xd00000),
    .error_fill = RGB (0xffe0e0),
    .error_text = RGB (0x700000),
    .cluster = RGB (0xf2f2f2),
    .cluster_border = RGB (0x808080),
    .font_family = "DejaVu Sans",
    .mono_family = "DejaVu Sans Mono",
    .font_size = 16,
    .line_width = 2.4,
    .padding = 10,
  },
};

G_STATIC_ASSERT (G_N_ELEMENTS (palettes) == BS_N_PALETTES);

const BsPalette *
bs_palette_get (BsPaletteKind kind)
{
  g_return_val_if_fail (kind < BS_N_PALETTES, &palettes[BS_PALETTE_LIGHT]);

  return &palettes[kind];
}

gboolean
bs_palette_kind_from_name (const char    *name,
                           BsPaletteKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (palettes); i++)
    if (g_str_equal (name, palettes[i].name))
      {
        *kind = (BsPaletteKind) i;
        return TRUE;
      }
  return FALSE;
}

void
bs_color_set_source (const BsColor *color,
                     cairo_t       *cr)
{
  if (color->alpha >= 1)
    cairo_set_source_rgb (cr, color->red, color->green, color->blue);
  else
    cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

char *
bs_color_to_hex (const BsColor *color)
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (color->red * 255 + 0.5),
                          (guint) (color->green * 255 + 0.5), (guint) (color->blue * 255 + 0.5));
}
