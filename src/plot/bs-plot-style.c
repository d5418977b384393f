/* bs-plot-style.c: how an artist is drawn; plot()'s format strings */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-style.h"

#include <math.h>
#include <string.h>

/* The markers drawn (matplotlib's codes) */
static const char markers[] = ".,ov^<>sp*hHD+xd|_PX";

void
bs_plot_style_init (BsPlotStyle *style)
{
  memset (style, 0, sizeof *style);
  style->linestyle = BS_PLOT_LINESTYLE_UNSET;
  style->marker = BS_PLOT_MARKER_UNSET;
  style->linewidth = NAN;
  style->markersize = NAN;
  style->alpha = NAN;
  style->zorder = NAN;
}

void
bs_plot_style_clear (BsPlotStyle *style)
{
  g_clear_pointer (&style->label, g_free);
}

void
bs_plot_style_copy (BsPlotStyle       *dest,
                    const BsPlotStyle *src)
{
  *dest = *src;
  dest->label = g_strdup (src->label);
}

void
bs_plot_style_set_label (BsPlotStyle *style,
                         const char  *label)
{
  g_free (style->label);
  style->label = g_strdup (label);
}

gboolean
bs_plot_style_parse_linestyle (const char      *text,
                               BsPlotLinestyle *linestyle,
                               GError         **error)
{
  static const struct { const char *name; BsPlotLinestyle style; } names[] = {
    { "-", BS_PLOT_LINESTYLE_SOLID },     { "solid", BS_PLOT_LINESTYLE_SOLID },
    { "--", BS_PLOT_LINESTYLE_DASHED },   { "dashed", BS_PLOT_LINESTYLE_DASHED },
    { "-.", BS_PLOT_LINESTYLE_DASHDOT },  { "dashdot", BS_PLOT_LINESTYLE_DASHDOT },
    { ":", BS_PLOT_LINESTYLE_DOTTED },    { "dotted", BS_PLOT_LINESTYLE_DOTTED },
    { "None", BS_PLOT_LINESTYLE_NONE },   { "none", BS_PLOT_LINESTYLE_NONE },
    { " ", BS_PLOT_LINESTYLE_NONE },      { "", BS_PLOT_LINESTYLE_NONE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (text, names[i].name) == 0)
      {
        *linestyle = names[i].style;
        return TRUE;
      }
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
               "'%s' is not a valid value for ls; supported values are '-', '--', '-.', ':', "
               "'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'", text);
  return FALSE;
}

gboolean
bs_plot_style_parse_marker (const char *text,
                            char       *marker,
                            GError    **error)
{
  if (strcmp (text, "None") == 0 || strcmp (text, "none") == 0 || strcmp (text, "") == 0
      || strcmp (text, " ") == 0)
    {
      *marker = BS_PLOT_MARKER_NONE;
      return TRUE;
    }
  if (strlen (text) == 1 && strchr (markers, text[0]) != NULL && text[0] != ' ')
    {
      *marker = text[0];
      return TRUE;
    }
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
               "Unrecognized marker style '%s' (Backstep draws the one-character markers "
               "of matplotlib: %s)", text, ".,ov^<>sp*hHD+xd|_PX");
  return FALSE;
}

gboolean
bs_plot_marker_is_filled (char marker)
{
  return strchr ("+x|_,", marker) == NULL;
}

/* matplotlib's _process_plot_format */
gboolean
bs_plot_style_parse_format (BsPlotStyle *style,
                            const char  *fmt,
                            GError     **error)
{
  BsPlotLinestyle linestyle = BS_PLOT_LINESTYLE_UNSET;
  char marker = BS_PLOT_MARKER_UNSET;
  BsPlotColor color;
  gboolean have_color = FALSE;
  gsize i = 0, n = strlen (fmt);

  /* A whole colour name ("red", "0.5", "#ff0000", "tab:blue") is a colour. */
  if (n > 0 && bs_plot_color_parse (fmt, NULL, &color, NULL))
    {
      if (!style->color_set)
        {
          style->color = color;
          style->color_set = TRUE;
        }
      return TRUE;
    }

  while (i < n)
    {
      char c = fmt[i];
      char two[3] = { c, fmt[i + 1], '\0' };

      if (strcmp (two, "--") == 0 || strcmp (two, "-.") == 0)
        {
          if (linestyle != BS_PLOT_LINESTYLE_UNSET)
            goto two_linestyles;
          bs_plot_style_parse_linestyle (two, &linestyle, NULL);
          i += 2;
        }
      else if (c == '-' || c == ':')
        {
          if (linestyle != BS_PLOT_LINESTYLE_UNSET)
            goto two_linestyles;
          linestyle = c == '-' ? BS_PLOT_LINESTYLE_SOLID : BS_PLOT_LINESTYLE_DOTTED;
          i++;
        }
      else if (c != ' ' && strchr (markers, c) != NULL)
        {
          if (marker != BS_PLOT_MARKER_UNSET)
            {
              g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                           "'%s' is not a valid format string (two marker symbols)", fmt);
              return FALSE;
            }
          marker = c;
          i++;
        }
      else if (strchr ("bgrcmykw", c) != NULL || (c == 'C' && g_ascii_isdigit (fmt[i + 1])))
        {
          char name[32] = { c, '\0' };
          gsize len = 1;

          if (have_color)
            {
              g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                           "'%s' is not a valid format string (two color symbols)", fmt);
              return FALSE;
            }
          if (c == 'C')
            while (g_ascii_isdigit (fmt[i + len]) && len < sizeof name - 1)
              {
                name[len] = fmt[i + len];
                len++;
              }
          name[len] = '\0';
          bs_plot_color_parse (name, NULL, &color, NULL);
          have_color = TRUE;
          i += len;
        }
      else
        {
          g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                       "'%s' is not a valid format string (unrecognized character '%c')",
                       fmt, c);
          return FALSE;
        }
    }

  /* A marker alone draws no line; a line style alone, no marker. */
  if (linestyle == BS_PLOT_LINESTYLE_UNSET && marker != BS_PLOT_MARKER_UNSET)
    linestyle = BS_PLOT_LINESTYLE_NONE;
  if (marker == BS_PLOT_MARKER_UNSET && linestyle != BS_PLOT_LINESTYLE_UNSET)
    marker = BS_PLOT_MARKER_NONE;

  if (have_color && !style->color_set)
    {
      style->color = color;
      style->color_set = TRUE;
    }
  if (style->linestyle == BS_PLOT_LINESTYLE_UNSET)
    style->linestyle = linestyle;
  if (style->marker == BS_PLOT_MARKER_UNSET)
    style->marker = marker;
  return TRUE;

two_linestyles:
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
               "'%s' is not a valid format string (two linestyle symbols)", fmt);
  return FALSE;
}
