/* bs-plot-color.c: colours as matplotlib names them, the default colour cycle */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-color.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (bs-plot-error-quark, bs_plot_error)

typedef struct {
  const char *name;
  guint32     rgb;
} NamedColor;

/* The Tableau colours, in the order of matplotlib's default cycle. */
static const NamedColor tableau[BS_PLOT_N_CYCLE] = {
  { "tab:blue", 0x1f77b4 },  { "tab:orange", 0xff7f0e }, { "tab:green", 0x2ca02c },
  { "tab:red", 0xd62728 },   { "tab:purple", 0x9467bd }, { "tab:brown", 0x8c564b },
  { "tab:pink", 0xe377c2 },  { "tab:gray", 0x7f7f7f },   { "tab:olive", 0xbcbd22 },
  { "tab:cyan", 0x17becf },
};

/* The one-letter names (matplotlib's "base colours") and common CSS names. */
static const NamedColor named[] = {
  { "b", 0x0000ff }, { "g", 0x008000 }, { "r", 0xff0000 }, { "c", 0x00bfbf },
  { "m", 0xbf00bf }, { "y", 0xbfbf00 }, { "k", 0x000000 }, { "w", 0xffffff },
  { "black", 0x000000 }, { "white", 0xffffff }, { "red", 0xff0000 },
  { "green", 0x008000 }, { "blue", 0x0000ff }, { "yellow", 0xffff00 },
  { "cyan", 0x00ffff }, { "aqua", 0x00ffff }, { "magenta", 0xff00ff },
  { "fuchsia", 0xff00ff }, { "orange", 0xffa500 }, { "purple", 0x800080 },
  { "brown", 0xa52a2a }, { "pink", 0xffc0cb }, { "gray", 0x808080 },
  { "grey", 0x808080 }, { "olive", 0x808000 }, { "navy", 0x000080 },
  { "teal", 0x008080 }, { "lime", 0x00ff00 }, { "maroon", 0x800000 },
  { "silver", 0xc0c0c0 }, { "gold", 0xffd700 }, { "indigo", 0x4b0082 },
  { "violet", 0xee82ee }, { "crimson", 0xdc143c }, { "coral", 0xff7f50 },
  { "tomato", 0xff6347 }, { "salmon", 0xfa8072 }, { "orchid", 0xda70d6 },
  { "khaki", 0xf0e68c }, { "turquoise", 0x40e0d0 }, { "tan", 0xd2b48c },
  { "beige", 0xf5f5dc }, { "lavender", 0xe6e6fa }, { "chocolate", 0xd2691e },
  { "steelblue", 0x4682b4 }, { "skyblue", 0x87ceeb }, { "royalblue", 0x4169e1 },
  { "slategray", 0x708090 }, { "slategrey", 0x708090 }, { "seagreen", 0x2e8b57 },
  { "forestgreen", 0x228b22 }, { "limegreen", 0x32cd32 }, { "darkorange", 0xff8c00 },
  { "darkred", 0x8b0000 }, { "darkblue", 0x00008b }, { "darkgreen", 0x006400 },
  { "darkgray", 0xa9a9a9 }, { "darkgrey", 0xa9a9a9 }, { "dimgray", 0x696969 },
  { "dimgrey", 0x696969 }, { "lightgray", 0xd3d3d3 }, { "lightgrey", 0xd3d3d3 },
  { "lightblue", 0xadd8e6 }, { "lightgreen", 0x90ee90 }, { "lightcoral", 0xf08080 },
  { "gainsboro", 0xdcdcdc }, { "whitesmoke", 0xf5f5f5 }, { "firebrick", 0xb22222 },
  { "deepskyblue", 0x00bfff }, { "dodgerblue", 0x1e90ff }, { "hotpink", 0xff69b4 },
  { "deeppink", 0xff1493 }, { "goldenrod", 0xdaa520 }, { "sienna", 0xa0522d },
  { "peru", 0xcd853f }, { "plum", 0xdda0dd }, { "midnightblue", 0x191970 },
  { "cornflowerblue", 0x6495ed }, { "mediumpurple", 0x9370db },
  { "darkviolet", 0x9400d3 }, { "rebeccapurple", 0x663399 },
  { "yellowgreen", 0x9acd32 }, { "olivedrab", 0x6b8e23 }, { "darkcyan", 0x008b8b },
  { "cadetblue", 0x5f9ea0 }, { "ivory", 0xfffff0 }, { "wheat", 0xf5deb3 },
};

BsPlotColor
bs_plot_color_rgba (double r,
                    double g,
                    double b,
                    double a)
{
  return (BsPlotColor) { r, g, b, a };
}

BsPlotColor
bs_plot_color_hex (guint32 rgb)
{
  return bs_plot_color_rgba (((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                             (rgb & 0xff) / 255.0, 1.0);
}

BsPlotColor
bs_plot_color_cycle (guint index)
{
  return bs_plot_color_hex (tableau[index % BS_PLOT_N_CYCLE].rgb);
}

static gboolean
parse_hex (const char  *digits,
           BsPlotColor *color)
{
  gsize n = strlen (digits);
  guint v[8];

  if (n != 3 && n != 4 && n != 6 && n != 8)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      int d = g_ascii_xdigit_value (digits[i]);
      if (d < 0)
        return FALSE;
      v[i] = d;
    }
  if (n <= 4)
    {
      *color = bs_plot_color_rgba (v[0] * 17 / 255.0, v[1] * 17 / 255.0, v[2] * 17 / 255.0,
                                   n == 4 ? v[3] * 17 / 255.0 : 1.0);
      return TRUE;
    }
  *color = bs_plot_color_rgba ((v[0] * 16 + v[1]) / 255.0, (v[2] * 16 + v[3]) / 255.0,
                               (v[4] * 16 + v[5]) / 255.0,
                               n == 8 ? (v[6] * 16 + v[7]) / 255.0 : 1.0);
  return TRUE;
}

gboolean
bs_plot_color_parse (const char   *text,
                     const char   *what,
                     BsPlotColor  *color,
                     GError      **error)
{
  g_autofree char *lower = NULL;
  char *end = NULL;
  double grey;

  g_return_val_if_fail (text != NULL && color != NULL, FALSE);

  if (text[0] == '#' && parse_hex (text + 1, color))
    return TRUE;
  /* 'C0'..'C9': the cycle */
  if (text[0] == 'C' && g_ascii_isdigit (text[1]))
    {
      guint64 n = g_ascii_strtoull (text + 1, &end, 10);
      if (*end == '\0')
        {
          *color = bs_plot_color_cycle ((guint) (n % BS_PLOT_N_CYCLE));
          return TRUE;
        }
    }
  /* Single letters are case-sensitive in matplotlib; longer names are not. */
  lower = strlen (text) == 1 ? g_strdup (text) : g_ascii_strdown (text, -1);
  for (gsize i = 0; i < G_N_ELEMENTS (tableau); i++)
    if (strcmp (lower, tableau[i].name) == 0
        || (g_str_has_prefix (lower, "tab:") && strcmp (lower + 4, "grey") == 0
            && strcmp (tableau[i].name, "tab:gray") == 0))
      {
        *color = bs_plot_color_hex (tableau[i].rgb);
        return TRUE;
      }
  for (gsize i = 0; i < G_N_ELEMENTS (named); i++)
    if (strcmp (lower, named[i].name) == 0)
      {
        *color = bs_plot_color_hex (named[i].rgb);
        return TRUE;
      }
  grey = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0' && grey >= 0.0 && grey <= 1.0)
    {
      *color = bs_plot_color_rgba (grey, grey, grey, 1.0);
      return TRUE;
    }
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE, "'%s' is not a valid value for %s",
               text, what ? what : "color");
  return FALSE;
}
