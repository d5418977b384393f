/* bs-export.c: a scene at a step as PNG, SVG, PDF or DOT; every step as a PDF handout */
#define G_LOG_DOMAIN "bs-render"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "bs-atomic-file.h"
#include "bs-export.h"
#include "bs-export-tikz.h"
#include "bs-grad-flow.h"
#include "bs-node-label.h"
#include "bs-shape-card.h"
#include "bs-step-text.h"

G_DEFINE_QUARK (bs-export-error-quark, bs_export_error)

/* cairo's image surfaces stop here. */
#define MAX_PIXELS 32767
/* Handout pages: A4 landscape, in points. */
#define HANDOUT_WIDTH  841.89
#define HANDOUT_HEIGHT 595.28
#define PAGE_MARGIN    24.0
#define LEGEND_MARGIN  12.0

static const char *const extensions[] = {
  [BS_EXPORT_PNG] = ".png",
  [BS_EXPORT_SVG] = ".svg",
  [BS_EXPORT_PDF] = ".pdf",
  [BS_EXPORT_DOT] = ".dot",
  [BS_EXPORT_TIKZ] = ".tex",
};

gboolean
bs_export_format_from_filename (const char      *filename,
                                BsExportFormat  *format,
                                GError         **error)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);

  lower = g_ascii_strdown (filename, -1);
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_str_has_suffix (lower, extensions[i]))
      {
        *format = (BsExportFormat) i;
        return TRUE;
      }
  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
               "%s: unknown image format (use .png, .svg, .pdf, .dot or .tex)", filename);
  return FALSE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_surface (cairo_surface_t  *surface,
               cairo_t          *cr,
               GError          **error)
{
  cairo_status_t status = cr != NULL ? cairo_status (cr) : CAIRO_STATUS_SUCCESS;

  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED, "cannot draw the graph: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/* Ends drawing onto a vector surface writing into bytes: bytes as GBytes, or NULL and
 * the error. Takes surface, cr and bytes. */
static GBytes *
finish (cairo_surface_t  *surface,
        cairo_t          *cr,
        GByteArray       *bytes,
        GError          **error)
{
  gboolean ok = check_surface (surface, cr, error);

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  ok = ok && check_surface (surface, NULL, error);
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (bytes);
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

/* The scene's size, grown by the notes that stand beside it (bs-note-places.h). */
static void
scene_size (BsRenderer         *renderer,
            BsScene            *scene,
            const BsTraceState *state,
            double             *width,
            double             *height)
{
  bs_renderer_get_extent (renderer, scene, state, width, height);
  *width = MAX (*width, 1);
  *height = MAX (*height, 1);
}

/* In gradient-flow mode the legend goes under the graph, on a strip of its own: the
 * image is that much taller (and at least as wide as the legend). */
static void
page_size (BsRenderer         *renderer,
           BsScene            *scene,
           const BsTraceState *state,
           double             *width,
           double             *height)
{
  double legend_width, legend_height;

  scene_size (renderer, scene, state, width, height);
  if (!bs_renderer_get_grad_flow (renderer))
    return;
  bs_grad_flow_draw_legend (NULL, bs_renderer_get_palette (renderer),
                            bs_renderer_get_grad_flow_scale (renderer), 0, 0, &legend_width,
                            &legend_height);
  *width = MAX (*width, legend_width + 2 * LEGEND_MARGIN);
  *height += legend_height + LEGEND_MARGIN;
}

static void
draw_page (BsRenderer         *renderer,
           cairo_t            *cr,
           BsScene            *scene,
           const BsTraceState *state)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  double width, height, page_width, page_height, legend_width, legend_height;

  bs_renderer_draw (renderer, cr, scene, state);
  if (!bs_renderer_get_grad_flow (renderer))
    return;
  scene_size (renderer, scene, state, &width, &height);
  page_size (renderer, scene, state, &page_width, &page_height);
  cairo_save (cr);
  cairo_rectangle (cr, 0, height, page_width, page_height - height);
  bs_color_set_source (&palette->background, cr);
  cairo_fill (cr);
  bs_grad_flow_draw_legend (cr, palette, bs_renderer_get_grad_flow_scale (renderer),
                            LEGEND_MARGIN, height + LEGEND_MARGIN / 2, &legend_width,
                            &legend_height);
  cairo_restore (cr);
}

static GBytes *
to_png (BsRenderer          *renderer,
        BsScene             *scene,
        const BsTraceState  *state,
        GError             **error)
{
  double scale = bs_renderer_get_scale (renderer);
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;
  GByteArray *bytes;
  gboolean ok;

  page_size (renderer, scene, state, &width, &height);
  if (ceil (width * scale) > MAX_PIXELS || ceil (height * scale) > MAX_PIXELS)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_TOO_LARGE,
                   "the image would be %.0f × %.0f pixels; PNG export stops at %d a side "
                   "(use a smaller scale, or SVG or PDF)", ceil (width * scale),
                   ceil (height * scale), MAX_PIXELS);
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  draw_page (renderer, cr, scene, state);
  ok = check_surface (surface, cr, error);
  cairo_destroy (cr);

  bytes = g_byte_array_new ();
  if (ok)
    {
      cairo_status_t status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);

      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED,
                       "cannot encode the PNG image: %s", cairo_status_to_string (status));
          ok = FALSE;
        }
    }
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (bytes);
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

static GBytes *
to_vector (BsRenderer          *renderer,
           BsScene             *scene,
           const BsTraceState  *state,
           BsExportFormat       format,
           GError             **error)
{
  GByteArray *bytes = g_byte_array_new ();
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;

  page_size (renderer, scene, state, &width, &height);
  if (format == BS_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Backstep");
    }
  cr = cairo_create (surface);
  if (format != BS_EXPORT_SVG)
    {
      draw_page (renderer, cr, scene, state);
      return finish (surface, cr, bytes, error);
    }
  /* SVG: the texts as <text> elements, not cairo's glyph outlines (bs-svg-text.h) */
  {
    g_autoptr(BsSvgText) texts = bs_svg_text_new ();
    g_autoptr(GBytes) drawn = NULL;
    GBytes *svg;

    bs_renderer_set_svg_text (renderer, texts);
    draw_page (renderer, cr, scene, state);
    bs_renderer_set_svg_text (renderer, NULL);
    drawn = finish (surface, cr, bytes, error);
    if (drawn == NULL)
      return NULL;
    svg = bs_svg_text_insert (texts, drawn);
    if (svg == NULL)
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED,
                   "cannot add the texts to the SVG: no </svg> in what cairo wrote");
    return svg;
  }
}

GBytes *
bs_export_to_bytes (BsRenderer          *renderer,
                    BsScene             *scene,
                    const BsTraceState  *state,
                    BsExportFormat       format,
                    GError             **error)
{
  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (format)
    {
    case BS_EXPORT_PNG:
      return to_png (renderer, scene, state, error);
    case BS_EXPORT_SVG:
    case BS_EXPORT_PDF:
      return to_vector (renderer, scene, state, format, error);
    case BS_EXPORT_DOT:
      {
        char *text = bs_export_to_dot (renderer, scene, state);

        return g_bytes_new_take (text, strlen (text));
      }
    case BS_EXPORT_TIKZ:
      {
        char *text = bs_export_to_tikz (renderer, scene, state);

        return g_bytes_new_take (text, strlen (text));
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

/* --- handout --------------------------------------------------------------- */

/* The step's explanation: what happened, and for an edge its local gradient and what
 * flows on. */
char *
bs_export_step_caption (BsTrace            *trace,
                        const BsTraceState *state)
{
  g_autofree char *describe = bs_step_text_describe (trace, state);
  const BsTraceEvent *edge = bs_trace_state_get_edge (state);
  g_autofree char *local = NULL;
  g_autofree char *flow = NULL;
  g_autofree char *card = NULL;

  if (edge == NULL)
    return g_steal_pointer (&describe);
  local = bs_step_text_local_gradient (trace, state, edge);
  flow = bs_step_text_flow (trace, edge);
  card = bs_shape_card_for_edge (trace, state, edge);
  if (card != NULL)
    return g_strdup_printf ("%s\nLocal gradient: %s\nFlows on: %s\nShapes: %s", describe,
                            local, flow, card);
  return g_strdup_printf ("%s\nLocal gradient: %s\nFlows on: %s", describe, local, flow);
}

/* Room for a page's graph: the page but its margins, the caption and the legend. */
static void
handout_room (double  caption,
              double  legend_height,
              double *room_width,
              double *room_height)
{
  *room_width = HANDOUT_WIDTH - 2 * PAGE_MARGIN;
  *room_height = MAX (HANDOUT_HEIGHT - 2 * PAGE_MARGIN - caption - legend_height,
                      HANDOUT_HEIGHT / 4);
}

/* The scale and the left edge of every page's graph, the same on every page so that the
 * parameter row (at each scene's top left corner) stands in one place from page to page
 * when the graph changes shape: the largest scale at which each page's graph fits its
 * page (1 at most), the widest graph centred. FALSE when a scene cannot be laid out. */
static gboolean
handout_frame (BsRenderer    *renderer,
               BsSceneCache  *scenes,
               BsLayout      *layout,
               guint64        first,
               guint64        last,
               double         legend_height,
               double        *fit,
               double        *left,
               GError       **error)
{
  BsTrace *trace = bs_scene_cache_get_trace (scenes);
  double widest = 1;

  *fit = 1;
  for (guint64 step = first; step <= last; step++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      g_autoptr(BsScene) scene = bs_scene_cache_get (scenes, layout, step, error);
      g_autofree char *text = NULL;
      g_autofree char *title = NULL;
      double width, height, room_width, room_height;

      if (scene == NULL)
        return FALSE;
      text = bs_export_step_caption (trace, state);
      title = g_strdup_printf ("Step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT, step,
                               bs_trace_get_n_steps (trace) - 1);
      handout_room (bs_renderer_draw_caption (renderer, NULL, title, text, 0, 0,
                                              HANDOUT_WIDTH - 2 * PAGE_MARGIN),
                    legend_height, &room_width, &room_height);
      scene_size (renderer, scene, state, &width, &height);
      *fit = MIN (*fit, MIN (room_width / width, room_height / height));
      widest = MAX (widest, width);
    }
  *left = (HANDOUT_WIDTH - widest * *fit) / 2;
  return TRUE;
}

GBytes *
bs_export_handout_to_bytes (BsRenderer    *renderer,
                            BsSceneCache  *scenes,
                            BsLayout      *layout,
                            guint64        first,
                            guint64        last,
                            GError       **error)
{
  BsTrace *trace;
  GByteArray *bytes;
  cairo_surface_t *surface;
  cairo_t *cr;
  double text_width = HANDOUT_WIDTH - 2 * PAGE_MARGIN;
  double fit, left, legend_width, legend_height = 0;
  guint64 n_steps;

  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (scenes != NULL && layout != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  trace = bs_scene_cache_get_trace (scenes);
  n_steps = bs_trace_get_n_steps (trace);
  last = MIN (last, n_steps > 0 ? n_steps - 1 : 0);
  first = MIN (first, last);
  /* in gradient-flow mode the legend goes between the graph and the caption */
  if (bs_renderer_get_grad_flow (renderer))
    {
      bs_grad_flow_draw_legend (NULL, bs_renderer_get_palette (renderer),
                                bs_renderer_get_grad_flow_scale (renderer), 0, 0,
                                &legend_width, &legend_height);
      legend_height += LEGEND_MARGIN;
    }
  if (!handout_frame (renderer, scenes, layout, first, last, legend_height, &fit, &left,
                      error))
    return NULL;

  bytes = g_byte_array_new ();
  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, HANDOUT_WIDTH,
                                                 HANDOUT_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Backstep");
  cr = cairo_create (surface);
  for (guint64 step = first; step <= last; step++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      g_autoptr(BsScene) scene = NULL;
      g_autofree char *text = bs_export_step_caption (trace, state);
      g_autofree char *title = g_strdup_printf ("Step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT,
                                                step, n_steps - 1);
      double caption = bs_renderer_draw_caption (renderer, NULL, title, text, 0, 0, text_width);
      double width, height;

      scene = bs_scene_cache_get (scenes, layout, step, error);
      if (scene == NULL)
        {
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          g_byte_array_unref (bytes);
          return NULL;
        }
      scene_size (renderer, scene, state, &width, &height);
      bs_color_set_source (&bs_renderer_get_palette (renderer)->background, cr);
      cairo_paint (cr);
      cairo_save (cr);
      cairo_translate (cr, left, PAGE_MARGIN);
      cairo_scale (cr, fit, fit);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
      bs_renderer_draw (renderer, cr, scene, state);
      cairo_restore (cr);

      if (legend_height > 0)
        {
          double drawn_width, drawn_height;

          bs_grad_flow_draw_legend (cr, bs_renderer_get_palette (renderer),
                                    bs_renderer_get_grad_flow_scale (renderer), PAGE_MARGIN,
                                    MIN (PAGE_MARGIN + height * fit, HANDOUT_HEIGHT - caption
                                         - PAGE_MARGIN - legend_height) + LEGEND_MARGIN / 2,
                                    &drawn_width, &drawn_height);
        }
      /* (legend_height holds the legend's margin) */
      bs_renderer_draw_caption (renderer, cr, title, text, PAGE_MARGIN,
                                MIN (PAGE_MARGIN + height * fit + legend_height,
                                     HANDOUT_HEIGHT - caption - PAGE_MARGIN), text_width);
      cairo_show_page (cr);
      if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
        break;
    }
  return finish (surface, cr, bytes, error);
}

/* --- DOT ------------------------------------------------------------------- */

/* A DOT double-quoted string's contents; line breaks become \n (centred lines). */
static void
append_quoted (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      if (*p == '\n')
        g_string_append (out, "\\n");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_color (GString       *out,
              const char    *attribute,
              const BsColor *color)
{
  g_autofree char *hex = bs_color_to_hex (color);

  g_string_append_printf (out, "%s=\"%s\"", attribute, hex);
}

static void
dot_node (GString            *out,
          BsRenderer         *renderer,
          BsScene            *scene,
          const BsTraceState *state,
          guint               index,
          const char         *indent)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  const BsSceneNode *node = bs_scene_get_node (scene, index);
  g_autoptr(BsNodeLabel) label = bs_node_label_new (scene, index, state, 40);
  g_autoptr(GString) text = g_string_new (NULL);
  const BsColor *fill;
  const char *style = "rounded,filled";

  for (guint i = 0; i < label->n_lines; i++)
    {
      if (label->lines[i].text[0] == '\0')
        continue;
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", label->lines[i].text);
      if (label->lines[i].kind == BS_NODE_LINE_OP && label->saves)
        g_string_append (text, label->freed ? " (freed)" : " (saved)");
    }

  fill = bs_renderer_get_node_fill (renderer, scene, state, index);
  if (node->kind == BS_SCENE_NODE_CLUSTER)
    style = "rounded,filled,bold";
  else if (label->freed)
    style = "rounded,filled,dashed";

  g_string_append_printf (out, "%s%s [label=", indent, node->name);
  append_quoted (out, text->str);
  g_string_append_printf (out, ", style=\"%s\", ", style);
  append_color (out, "fillcolor", fill);
  if (label->freed)
    {
      g_string_append (out, ", ");
      append_color (out, "fontcolor", &palette->freed_text);
    }
  if (label->error != NULL)
    {
      g_string_append (out, ", penwidth=2.5, ");
      append_color (out, "color", &palette->error);
      g_string_append (out, ", tooltip=");
      append_quoted (out, label->error);
    }
  g_string_append (out, "];\n");
}

static void
dot_cluster (GString            *out,
             BsRenderer         *renderer,
             BsScene            *scene,
             const BsTraceState *state,
             int                 cluster,
             const int          *node_cluster,
             const guint8       *visible,
             guint               depth)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  g_autofree char *indent = g_strnfill (2 * depth + 2, ' ');
  gboolean any = FALSE;

  if (cluster >= 0)
    {
      const BsSceneCluster *c = bs_scene_get_cluster (scene, (guint) cluster);

      for (guint i = 0; i < bs_scene_get_n_nodes (scene) && !any; i++)
        any = visible[i] && node_cluster[i] == cluster;
      for (guint k = 0; k < bs_scene_get_n_clusters (scene) && !any; k++)
        any = bs_scene_get_cluster (scene, k)->parent == cluster;
      if (!any)
        return;
      g_string_append_printf (out, "%ssubgraph cluster_s%u {\n%s  label=", indent, c->scope,
                              indent);
      append_quoted (out, c->label != NULL ? c->label : "");
      g_string_append_printf (out, "; style=\"rounded,filled\"; ");
      append_color (out, "fillcolor", &palette->cluster);
      g_string_append (out, "; ");
      append_color (out, "color", &palette->cluster_border);
      g_string_append (out, ";\n");
    }

  for (guint k = 0; k < bs_scene_get_n_clusters (scene); k++)
    if (bs_scene_get_cluster (scene, k)->parent == cluster)
      dot_cluster (out, renderer, scene, state, (int) k, node_cluster, visible, depth + 1);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (visible[i] && node_cluster[i] == cluster)
      dot_node (out, renderer, scene, state, i, cluster >= 0 ? indent : "  ");
  if (cluster >= 0)
    g_string_append_printf (out, "%s}\n", indent);
}

/* In gradient-flow mode, the legend: a comment that names each decade's fill, and a
 * cluster under the graph with a table of swatches and the marks' tags. */
static void
dot_legend (GString    *out,
            BsRenderer *renderer)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  const char *title = bs_grad_flow_legend_title (bs_renderer_get_grad_flow_scale (renderer));
  BsColor fills[BS_GRAD_FLOW_N_BINS], tag_fills[2];
  const char *tags[2];

  bs_grad_flow_fills (palette, fills);
  bs_grad_flow_legend_tags (palette, tags, tag_fills);
  g_string_append_printf (out, "  // Gradient flow: each box is filled by its %s, one colour a "
                               "decade:\n  //", title);
  for (guint k = 0; k < BS_GRAD_FLOW_N_BINS; k++)
    {
      g_autofree char *hex = bs_color_to_hex (&fills[k]);

      g_string_append_printf (out, " 1e%d %s%s", BS_GRAD_FLOW_LOW + (int) k, hex,
                              k + 1 < BS_GRAD_FLOW_N_BINS ? "," : ";");
      if (k % 6 == 5 && k + 1 < BS_GRAD_FLOW_N_BINS)
        g_string_append (out, "\n  //");
    }
  g_string_append_printf (out, "\n  // tags %s and %s.\n", tags[0], tags[1]);
  g_string_append (out, "  subgraph cluster_legend {\n    label=\"Gradient flow\"; "
                        "labeljust=l; style=rounded; ");
  append_color (out, "color", &palette->border);
  g_string_append (out, ";\n    legend [shape=plaintext, label=<<TABLE BORDER=\"0\" "
                        "CELLBORDER=\"0\" CELLSPACING=\"1\">");
  g_string_append_printf (out, "<TR><TD COLSPAN=\"%d\" ALIGN=\"LEFT\"><B>%s</B></TD></TR><TR>",
                          BS_GRAD_FLOW_N_BINS, title);
  for (guint k = 0; k < BS_GRAD_FLOW_N_BINS; k++)
    {
      g_autofree char *hex = bs_color_to_hex (&fills[k]);

      g_string_append_printf (out, "<TD BGCOLOR=\"%s\" WIDTH=\"30\">1e%d</TD>", hex,
                              BS_GRAD_FLOW_LOW + (int) k);
    }
  g_string_append (out, "</TR><TR>");
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *hex = bs_color_to_hex (&tag_fills[t]);
      g_autofree char *text = g_markup_escape_text (tags[t], -1);
      g_autofree char *ink = bs_color_to_hex (&palette->background);

      g_string_append_printf (out, "<TD COLSPAN=\"%d\" BGCOLOR=\"%s\"><FONT COLOR=\"%s\">%s"
                                   "</FONT></TD>", BS_GRAD_FLOW_N_BINS / 2, hex, ink, text);
    }
  g_string_append (out, "</TR></TABLE>>];\n  }\n");
}

char *
bs_export_to_dot (BsRenderer         *renderer,
                  BsScene            *scene,
                  const BsTraceState *state)
{
  const BsPalette *palette;
  BsTrace *trace;
  const BsTraceEvent *current;
  GString *out;
  guint n_nodes;
  g_autofree int *node_cluster = NULL;
  g_autofree guint8 *visible = NULL;
  g_autofree char *caption = NULL;
  int current_edge = -1;

  g_return_val_if_fail (renderer != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);

  palette = bs_renderer_get_palette (renderer);
  trace = bs_scene_get_trace (scene);
  n_nodes = bs_scene_get_n_nodes (scene);
  node_cluster = g_new (int, MAX (n_nodes, 1));
  visible = g_new0 (guint8, MAX (n_nodes, 1));
  for (guint i = 0; i < n_nodes; i++)
    {
      visible[i] = bs_scene_node_visible (scene, i, state);
      node_cluster[i] = bs_renderer_get_node_cluster (renderer, scene, i);
    }
  current = bs_trace_state_get_edge (state);
  if (current != NULL)
    current_edge = bs_scene_find_edge (scene, current->node, current->input_nr);

  out = g_string_new ("// Made by Backstep: the graph at step ");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT ".\n", state->step);
  g_string_append (out, "digraph backstep {\n  graph [");
  append_color (out, "bgcolor", &palette->background);
  g_string_append_printf (out, ", fontname=\"%s\", fontsize=%g, labelloc=b, label=",
                          palette->font_family, palette->font_size);
  caption = bs_step_text_describe (trace, state);
  append_quoted (out, caption);
  g_string_append_printf (out, "];\n  node [shape=box, fontname=\"%s\", fontsize=%g, ",
                          palette->font_family, palette->font_size);
  append_color (out, "color", &palette->border);
  g_string_append (out, ", ");
  append_color (out, "fontcolor", &palette->text);
  g_string_append (out, "];\n  edge [arrowsize=0.7, ");
  append_color (out, "color", &palette->edge);
  g_string_append_printf (out, ", fontname=\"%s\", fontsize=%g];\n", palette->mono_family,
                          palette->font_size * 0.9);

  dot_cluster (out, renderer, scene, state, -1, node_cluster, visible, 0);
  if (bs_renderer_get_grad_flow (renderer))
    dot_legend (out, renderer);

  for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (scene, e);

      if (!bs_scene_edge_visible (scene, e, state))
        continue;
      g_string_append_printf (out, "  %s -> %s", bs_scene_get_node (scene, edge->from)->name,
                              bs_scene_get_node (scene, edge->to)->name);
      if ((int) e == current_edge)
        {
          g_autofree char *local = bs_step_text_local_gradient (trace, state, current);
          g_autofree char *flow = bs_step_text_flow (trace, current);
          g_autofree char *text = g_strdup_printf ("%s\n%s", local, flow);

          g_string_append (out, " [penwidth=3, ");
          append_color (out, "color", &palette->backward);
          g_string_append (out, ", ");
          append_color (out, "fontcolor", &palette->backward);
          g_string_append (out, ", label=");
          append_quoted (out, text);
          g_string_append (out, "]");
        }
      g_string_append (out, ";\n");
    }

  {
    const BsTraceEvent *error = bs_trace_state_get_error (state);
    int box = error != NULL && error->node != 0 ? bs_scene_find_node (scene, error->node) : -1;

    if (error != NULL)
      {
        g_autofree char *message = g_strdup (bs_trace_get_string (trace, error->text));

        g_string_append (out, "  error [shape=note, style=filled, ");
        append_color (out, "fillcolor", &palette->error_fill);
        g_string_append (out, ", ");
        append_color (out, "color", &palette->error);
        g_string_append (out, ", ");
        append_color (out, "fontcolor", &palette->error_text);
        g_string_append (out, ", label=");
        append_quoted (out, message != NULL ? message : "error");
        g_string_append (out, "];\n");
        if (box >= 0 && visible[box])
          {
            g_string_append_printf (out, "  %s -> error [style=dashed, arrowhead=none, ",
                                    bs_scene_get_node (scene, (guint) box)->name);
            append_color (out, "color", &palette->error);
            g_string_append (out, "];\n");
          }
      }
  }
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}

/* --- files ----------------------------------------------------------------- */

static gboolean
write_atomically (const char  *filename,
                  GBytes      *bytes,
                  GError     **error)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);

  return bs_atomic_file_write (filename, data, length, error);
}

gboolean
bs_export_write_file (BsRenderer          *renderer,
                      BsScene             *scene,
                      const BsTraceState  *state,
                      BsExportFormat       format,
                      const char          *filename,
                      GError             **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (filename != NULL, FALSE);

  bytes = bs_export_to_bytes (renderer, scene, state, format, error);
  return bytes != NULL && write_atomically (filename, bytes, error);
}

gboolean
bs_export_write_handout (BsRenderer    *renderer,
                         BsSceneCache  *scenes,
                         BsLayout      *layout,
                         guint64        first,
                         guint64        last,
                         const char    *filename,
                         GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (filename != NULL, FALSE);

  bytes = bs_export_handout_to_bytes (renderer, scenes, layout, first, last, error);
  return bytes != NULL && write_atomically (filename, bytes, error);
}
