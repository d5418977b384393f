/* bs-export-tikz.c: a scene at a step as a standalone TikZ picture, for Beamer */
#define G_LOG_DOMAIN "bs-render"

#include "bs-export-tikz.h"

#include <math.h>
#include <string.h>

#include "bs-grad-flow.h"
#include "bs-latex.h"
#include "bs-node-label.h"
#include "bs-step-text.h"

/* Values are cut as the window cuts them in a box */
#define MAX_VALUE_CHARS 34

static void
append_number (GString *out,
               double   value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (number, sizeof number, "%.2f", value));
}

static void
append_point (GString *out,
              double   x,
              double   y)
{
  g_string_append_c (out, '(');
  append_number (out, x);
  g_string_append_c (out, ',');
  append_number (out, y);
  g_string_append_c (out, ')');
}

/* xcolor's "{rgb,255:red,R;green,G;blue,B}" */
static void
append_color (GString       *out,
              const char    *key,
              const BsColor *color)
{
  g_string_append_printf (out, "%s={rgb,255:red,%d;green,%d;blue,%d}", key,
                          (int) round (CLAMP (color->red, 0, 1) * 255),
                          (int) round (CLAMP (color->green, 0, 1) * 255),
                          (int) round (CLAMP (color->blue, 0, 1) * 255));
}

/* A line of a box: names and gradients as math, operations and values in type. */
static void
append_line (GString          *out,
             const BsNodeLine *line,
             gboolean          named)
{
  switch (line->kind)
    {
    case BS_NODE_LINE_TITLE:
      if (bs_latex_is_formula (line->text))
        {
          g_string_append (out, "$\\mathbf{");
          bs_latex_append_math (out, line->text);
          g_string_append (out, "}$");
        }
      else
        {
          g_string_append (out, "\\textbf{");
          bs_latex_append_text (out, line->text);
          g_string_append_c (out, '}');
        }
      break;
    case BS_NODE_LINE_GRAD:
      if (g_str_has_prefix (line->text, "\xe2\x88\x82"))
        {
          g_string_append_c (out, '$');
          bs_latex_append_math (out, line->text);
          g_string_append_c (out, '$');
          break;
        }
      G_GNUC_FALLTHROUGH;
    case BS_NODE_LINE_VALUE:
      g_string_append (out, "\\texttt{");
      bs_latex_append_text (out, line->text);
      g_string_append_c (out, '}');
      break;
    default:
      bs_latex_append_text (out, line->text);
    }
}

static void
tikz_cluster (GString        *out,
              BsRenderer     *renderer,
              BsScene        *scene,
              guint           index)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  const BsSceneCluster *c = bs_scene_get_cluster (scene, index);

  g_string_append (out, "  \\filldraw[rounded corners=4pt, ");
  append_color (out, "fill", &palette->cluster);
  g_string_append (out, ", ");
  append_color (out, "draw", &palette->cluster_border);
  g_string_append (out, "] ");
  append_point (out, c->x, c->y);
  g_string_append (out, " rectangle ");
  append_point (out, c->x + c->width, c->y + c->height);
  g_string_append (out, ";\n  \\node[anchor=north west, font=\\scriptsize] at ");
  append_point (out, c->x + 4, c->y + 3);
  g_string_append (out, " {");
  bs_latex_append_text (out, c->label != NULL ? c->label : "");
  g_string_append (out, "};\n");
}

static void
tikz_edge (GString            *out,
           const BsSceneEdge  *edge,
           const BsColor      *color,
           double              width)
{
  if (edge->n_points < 4)
    return;
  g_string_append (out, "  \\draw[");
  append_color (out, "draw", color);
  g_string_append (out, ", line width=");
  append_number (out, width);
  g_string_append (out, "pt] ");
  append_point (out, edge->points[0].x, edge->points[0].y);
  for (guint i = 1; i + 2 < edge->n_points; i += 3)
    {
      g_string_append (out, " .. controls ");
      append_point (out, edge->points[i].x, edge->points[i].y);
      g_string_append (out, " and ");
      append_point (out, edge->points[i + 1].x, edge->points[i + 1].y);
      g_string_append (out, " .. ");
      append_point (out, edge->points[i + 2].x, edge->points[i + 2].y);
    }
  g_string_append (out, ";\n");
  if (edge->has_arrow)
    {
      g_string_append (out, "  \\draw[-{Stealth[length=");
      append_number (out, hypot (edge->arrow_tip.x - edge->arrow_base.x,
                                 edge->arrow_tip.y - edge->arrow_base.y));
      g_string_append (out, "pt]}, ");
      append_color (out, "draw", color);
      g_string_append (out, ", line width=");
      append_number (out, width);
      g_string_append (out, "pt] ");
      append_point (out, edge->arrow_base.x, edge->arrow_base.y);
      g_string_append (out, " -- ");
      append_point (out, edge->arrow_tip.x, edge->arrow_tip.y);
      g_string_append (out, ";\n");
    }
}

static void
tikz_node (GString            *out,
           BsRenderer         *renderer,
           BsScene            *scene,
           const BsTraceState *state,
           guint               index)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  const BsSceneNode *node = bs_scene_get_node (scene, index);
  g_autoptr(BsNodeLabel) label = bs_node_label_new (scene, index, state, MAX_VALUE_CHARS);
  gboolean first = TRUE;

  g_string_append_printf (out, "  \\node[box, minimum width=");
  append_number (out, node->width);
  g_string_append (out, "pt, minimum height=");
  append_number (out, node->height);
  g_string_append (out, "pt, ");
  append_color (out, "fill", bs_renderer_get_node_fill (renderer, scene, state, index));
  if (label->error != NULL)
    {
      g_string_append (out, ", line width=2pt, ");
      append_color (out, "draw", &palette->error);
    }
  if (label->freed)
    {
      g_string_append (out, ", dashed, ");
      append_color (out, "text", &palette->freed_text);
    }
  g_string_append_printf (out, "] (%s) at ", node->name);
  append_point (out, node->x + node->width / 2, node->y + node->height / 2);
  g_string_append (out, " {");
  for (guint i = 0; i < label->n_lines; i++)
    {
      if (label->lines[i].text[0] == '\0')
        continue;
      if (!first)
        g_string_append (out, "\\\\ ");
      first = FALSE;
      append_line (out, &label->lines[i], label->named);
      if (label->lines[i].kind == BS_NODE_LINE_OP && label->saves)
        g_string_append (out, label->freed ? " (freed)" : " (saved)");
    }
  g_string_append (out, "};\n");
}

/* The current edge's label by the middle of its curve: the local gradient and what
 * flows on. */
static void
tikz_edge_label (GString            *out,
                 BsRenderer         *renderer,
                 BsTrace            *trace,
                 const BsTraceState *state,
                 const BsTraceEvent *current,
                 const BsSceneEdge  *edge)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  g_autofree char *local = bs_step_text_local_gradient (trace, state, current);
  g_autofree char *flow = bs_step_text_flow (trace, current);
  const BsScenePoint *middle = &edge->points[edge->n_points / 2];

  g_string_append (out, "  \\node[anchor=west, draw, rounded corners=2pt, align=left, "
                        "font=\\scriptsize, ");
  append_color (out, "draw", &palette->backward);
  g_string_append (out, ", ");
  append_color (out, "fill", &palette->backward_fill);
  g_string_append (out, "] at ");
  append_point (out, middle->x + 6, middle->y);
  g_string_append (out, " {");
  if (bs_latex_is_formula (local))
    {
      g_string_append_c (out, '$');
      bs_latex_append_math (out, local);
      g_string_append_c (out, '$');
    }
  else
    bs_latex_append_text (out, local);
  g_string_append (out, "\\\\ ");
  bs_latex_append_text (out, flow);
  g_string_append (out, "};\n");
}

/* In gradient-flow mode, the legend under the graph at (x, y), its top left: the title,
 * one swatch a decade labelled every other decade, the marks' tags. Returns its height. */
static double
tikz_legend (GString    *out,
             BsRenderer *renderer,
             double      x,
             double      y)
{
  /* the texts of bs_grad_flow_legend_title() and _tags() in LaTeX */
  static const char *const latex_tags[2] = {
    "$\\blacktriangledown$ vanishing $< 10^{-6}$", "$\\blacktriangle$ exploding $> 10^{3}$",
  };
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  const char *title =
    bs_renderer_get_grad_flow_scale (renderer) == BS_GRAD_FLOW_RATIO
      ? "$\\|\\mathrm{grad}\\| / \\|\\mathrm{value}\\|$ ($\\log_{10}$ scale)"
      : "$\\|\\mathrm{grad}\\|$ ($\\log_{10}$ scale)";
  BsColor fills[BS_GRAD_FLOW_N_BINS], tag_fills[2];
  const char *tags[2];
  double swatch = 20, row = y + 14, tags_y = row + 22;

  bs_grad_flow_fills (palette, fills);
  bs_grad_flow_legend_tags (palette, tags, tag_fills);
  g_string_append (out, "  % the gradient-flow legend\n  \\node[anchor=north west, "
                        "font=\\scriptsize\\bfseries] at ");
  append_point (out, x, y);
  g_string_append_printf (out, " {%s};\n", title);
  for (guint k = 0; k < BS_GRAD_FLOW_N_BINS; k++)
    {
      g_string_append (out, "  \\fill[");
      append_color (out, "fill", &fills[k]);
      g_string_append (out, "] ");
      append_point (out, x + 8 + k * swatch, row);
      g_string_append (out, " rectangle ");
      append_point (out, x + 8 + (k + 1) * swatch, row + 10);
      g_string_append (out, ";\n");
    }
  g_string_append (out, "  \\draw[");
  append_color (out, "draw", &palette->border);
  g_string_append (out, "] ");
  append_point (out, x + 8, row);
  g_string_append (out, " rectangle ");
  append_point (out, x + 8 + BS_GRAD_FLOW_N_BINS * swatch, row + 10);
  g_string_append (out, ";\n");
  for (int e = BS_GRAD_FLOW_LOW; e <= BS_GRAD_FLOW_HIGH; e += 2)
    {
      g_string_append (out, "  \\node[anchor=north, font=\\tiny] at ");
      append_point (out, x + 8 + (e - BS_GRAD_FLOW_LOW) * swatch, row + 10);
      g_string_append_printf (out, " {1e%d};\n", e);
    }
  for (guint t = 0; t < 2; t++)
    {
      g_string_append (out, "  \\node[anchor=north west, font=\\scriptsize\\bfseries, "
                            "inner sep=2pt, ");
      append_color (out, "fill", &tag_fills[t]);
      g_string_append (out, ", ");
      append_color (out, "text", &palette->background);
      g_string_append (out, "] at ");
      append_point (out, x + t * 110, tags_y);
      g_string_append_printf (out, " {%s};\n", latex_tags[t]);
    }
  return tags_y + 14 - y;
}

char *
bs_export_to_tikz (BsRenderer         *renderer,
                   BsScene            *scene,
                   const BsTraceState *state)
{
  const BsPalette *palette;
  BsTrace *trace;
  const BsTraceEvent *current, *error;
  g_autofree char *caption = NULL;
  int current_edge = -1;
  double width, height, legend_height = 0;
  GString *out;

  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);

  palette = bs_renderer_get_palette (renderer);
  trace = bs_scene_get_trace (scene);
  bs_scene_get_size (scene, &width, &height);
  current = bs_trace_state_get_edge (state);
  if (current != NULL)
    current_edge = bs_scene_find_edge (scene, current->node, current->input_nr);

  out = g_string_new (NULL);
  g_string_append_printf (out, "%% Made by Backstep: the graph at step %" G_GUINT64_FORMAT
                          ". Compile with pdflatex, or copy the tikzpicture into a Beamer "
                          "frame\n%% (with \\usetikzlibrary{arrows.meta}).\n", state->step);
  /* one page that fits the picture, as the standalone class (not in every TeX) makes it:
   * the picture measured in a box, the page sized to it, the box shipped out as the page */
  g_string_append (out, "\\documentclass{article}\n"
                        "\\usepackage[T1]{fontenc}\n"
                        "\\usepackage{amsmath,amssymb,tikz}\n"
                        "\\usetikzlibrary{arrows.meta}\n"
                        "\\pagestyle{empty}\n"
                        "\\newsavebox{\\graph}\n"
                        "\\begin{document}\n"
                        "\\savebox{\\graph}{%\n"
                        "\\begin{tikzpicture}[x=1pt, y=-1pt, font=\\sffamily\\footnotesize,\n"
                        "  box/.style={draw, rounded corners=3pt, align=center, inner sep=1pt, ");
  append_color (out, "text", &palette->text);
  g_string_append (out, "}]\n");
  g_string_append (out, "  \\fill[");
  append_color (out, "fill", &palette->background);
  g_string_append (out, "] (0,0) rectangle ");
  append_point (out, width, height);
  g_string_append (out, ";\n");

  for (guint k = 0; k < bs_scene_get_n_clusters (scene); k++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < bs_scene_get_n_nodes (scene) && !any; i++)
        any = bs_scene_node_visible (scene, i, state)
              && bs_renderer_get_node_cluster (renderer, scene, i) == (int) k;
      if (any)
        tikz_cluster (out, renderer, scene, k);
    }
  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    if (bs_scene_edge_visible (scene, e, state) && (int) e != current_edge)
      tikz_edge (out, bs_scene_get_edge (scene, e), &palette->edge, palette->line_width);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (bs_scene_node_visible (scene, i, state))
      tikz_node (out, renderer, scene, state, i);
  if (current_edge >= 0)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, (guint) current_edge);

      tikz_edge (out, edge, &palette->backward, 2.5 * palette->line_width);
      if (edge->n_points >= 4)
        tikz_edge_label (out, renderer, trace, state, current, edge);
    }

  error = bs_trace_state_get_error (state);
  caption = bs_step_text_describe (trace, state);
  if (bs_renderer_get_grad_flow (renderer))
    legend_height = tikz_legend (out, renderer, 4, height + 4) + 4;
  g_string_append (out, "  \\node[anchor=north west, align=left, text width=");
  append_number (out, MAX (width - 8, 40));
  g_string_append (out, "pt] at ");
  append_point (out, 4, height + 4 + legend_height);
  g_string_append (out, " {");
  bs_latex_append_text (out, caption);
  if (error != NULL && bs_trace_get_string (trace, error->text) != NULL)
    {
      g_string_append_printf (out, "\\\\ \\textcolor[RGB]{%d,%d,%d}{",
                              (int) round (CLAMP (palette->error.red, 0, 1) * 255),
                              (int) round (CLAMP (palette->error.green, 0, 1) * 255),
                              (int) round (CLAMP (palette->error.blue, 0, 1) * 255));
      bs_latex_append_text (out, bs_trace_get_string (trace, error->text));
      g_string_append (out, "}");
    }
  g_string_append (out, "};\n\\end{tikzpicture}}\n"
                        "\\pdfpagewidth=\\dimexpr\\wd\\graph+8pt\\relax\n"
                        "\\pdfpageheight=\\dimexpr\\ht\\graph+\\dp\\graph+8pt\\relax\n"
                        "\\hoffset=-1in \\voffset=-1in\n"
                        "\\shipout\\vbox{\\kern4pt\\hbox{\\kern4pt\\usebox{\\graph}}}\n"
                        "\\end{document}\n");
  return g_string_free (out, FALSE);
}
