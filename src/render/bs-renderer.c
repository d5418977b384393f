/* bs-renderer.c: a scene at a step, drawn with cairo and pango */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "bs-check-mark.h"
#include "bs-grad-flow.h"
#include "bs-node-label.h"
#include "bs-renderer.h"
#include "bs-renderer-private.h"
#include "bs-note.h"
#include "bs-note-places.h"
#include "bs-render-frame.h"
#include "bs-render-notes.h"
#include "bs-step-text.h"
#include "bs-text-measurer.h"

/* The widest a "Σ …" of arrivals gets, in ems */
#define MAX_SUM_EMS      14
/* Points between a "Σ …" and the box it stands on, and above it at the picture's top */
#define SUM_GAP          1.5
#define SUM_CLEARANCE    6.0
/* Value texts and arrival texts kept */
#define MAX_KEPT_VALUES  20000
#define MAX_KEPT_ARRIVALS 1000

struct _BsRenderer {
  const BsPalette      *palette;     /* Borrowed: static */
  double                scale;
  gboolean              grad_flow;   /* boxes filled by their gradient (bs-grad-flow.h) */
  BsColor               flow_fills[BS_GRAD_FLOW_N_BINS];
  BsGradFlowScale       flow_scale;
  gboolean              hide_edge_values;  /* quiz mode asks for them */
  gboolean              hide_sums;         /* ... or for the total of the arrivals */
  BsRunCompare         *compare;     /* Borrowed: Compare mode's pinned run, NULL: off */

  /* Owned */
  BsTextMeasurer       *text;

  /* What does not change with the step, for the last scene drawn */
  BsScene              *cached_scene;      /* Owned */
  guint8               *is_output;         /* per scene node */
  int                  *cluster_of_scope;  /* per trace scope id */
  guint32               n_scopes;
  BsValueTexts         *value_texts;       /* of the scene's trace */
  GHashTable           *arrival_texts;     /* ArrivalKey -> "Σ -6 + …" */

  /* The notes placed last: a window draws and measures one step many times */
  BsRenderNotes        *notes;             /* Owned */
};

static void
clear_notes (BsRenderer *self)
{
  g_clear_pointer (&self->notes, bs_render_notes_free);
}

BsRenderer *
bs_renderer_new (const BsPalette *palette)
{
  BsRenderer *self;

  g_return_val_if_fail (palette != NULL, NULL);

  self = g_new0 (BsRenderer, 1);
  self->palette = palette;
  self->scale = 1;
  self->text = bs_text_measurer_new (palette);
  bs_grad_flow_fills (palette, self->flow_fills);
  return self;
}

void
bs_renderer_set_grad_flow (BsRenderer *self,
                           gboolean    grad_flow)
{
  g_return_if_fail (self != NULL);
  self->grad_flow = grad_flow;
}

gboolean
bs_renderer_get_grad_flow (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->grad_flow;
}

void
bs_renderer_set_grad_flow_scale (BsRenderer      *self,
                                 BsGradFlowScale  scale)
{
  g_return_if_fail (self != NULL);
  self->flow_scale = scale;
}

BsGradFlowScale
bs_renderer_get_grad_flow_scale (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, BS_GRAD_FLOW_NORM);
  return self->flow_scale;
}

void
bs_renderer_set_hide_edge_values (BsRenderer *self,
                                  gboolean    hide)
{
  g_return_if_fail (self != NULL);
  self->hide_edge_values = hide;
  clear_notes (self);
}

gboolean
bs_renderer_get_hide_edge_values (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->hide_edge_values;
}

void
bs_renderer_set_hide_sums (BsRenderer *self,
                           gboolean    hide)
{
  g_return_if_fail (self != NULL);
  self->hide_sums = hide;
}

gboolean
bs_renderer_get_hide_sums (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->hide_sums;
}

static void
clear_cache (BsRenderer *self)
{
  g_clear_pointer (&self->cached_scene, bs_scene_unref);
  g_clear_pointer (&self->is_output, g_free);
  g_clear_pointer (&self->cluster_of_scope, g_free);
  self->n_scopes = 0;
  g_clear_pointer (&self->value_texts, bs_value_texts_free);
  g_clear_pointer (&self->arrival_texts, g_hash_table_unref);
}

void
bs_renderer_free (BsRenderer *self)
{
  if (self == NULL)
    return;
  clear_cache (self);
  clear_notes (self);
  bs_text_measurer_free (self->text);
  g_free (self);
}

const BsPalette *
bs_renderer_get_palette (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->palette;
}

void
bs_renderer_set_scale (BsRenderer *self,
                       double      scale)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scale > 0 && isfinite (scale));

  self->scale = scale;
}

void
bs_renderer_set_svg_text (BsRenderer *self,
                          BsSvgText  *svg_text)
{
  g_return_if_fail (self != NULL);

  bs_text_measurer_set_svg_text (self->text, svg_text);
  clear_notes (self);
}

double
bs_renderer_get_scale (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, 1);

  return self->scale;
}

void
bs_renderer_set_caching (BsRenderer *self,
                         gboolean    caching)
{
  g_return_if_fail (self != NULL);

  bs_text_measurer_set_caching (self->text, caching);
  clear_cache (self);
  clear_notes (self);
}

static gboolean
caching (BsRenderer *self)
{
  return bs_text_measurer_get_caching (self->text);
}

void
bs_renderer_set_compare (BsRenderer   *self,
                         BsRunCompare *compare)
{
  g_return_if_fail (self != NULL);
  self->compare = compare;
}

BsRunCompare *
bs_renderer_get_compare (BsRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->compare;
}

/* --- measuring ------------------------------------------------------------- */

/* Compare mode: a box as wide as its lines "before → now" at the run's end need. */
static void
widen_for_compare (BsRenderer *self,
                   BsScene    *scene)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  g_autoptr(BsTraceState) final = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);

  bs_text_measurer_for_measuring (self->text);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);
      g_autoptr(BsNodeLabel) label = bs_node_label_new (scene, i, final, BS_TEXT_MAX_LINE_CHARS);
      double width, height;

      bs_run_compare_label (self->compare, scene, i, final, label, BS_TEXT_MAX_LINE_CHARS);
      bs_text_measurer_label_size (self->text, label, &width, &height);
      node->width = MAX (node->width, ceil (width));
    }
}

void
bs_renderer_measure_scene (BsRenderer *self,
                           BsScene    *scene)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  bs_text_measurer_measure_scene (self->text, scene);
  if (self->compare != NULL && bs_scene_get_trace (scene) == bs_run_compare_get_now (self->compare))
    widen_for_compare (self, scene);
  /* room for a "Σ …" above a top box (draw_arrivals()) */
  {
    BsNote sum = { .n_lines = 1, .lines = { "Σ 0" }, .fonts = { BS_FONT_MONO } };
    double width, height;

    bs_text_measurer_for_measuring (self->text);
    bs_note_size (self->text, self->palette, &sum, &width, &height);
    bs_scene_set_top_margin (scene, ceil (height + SUM_GAP + SUM_CLEARANCE));
  }
}

double
bs_renderer_measure_value_text (BsRenderer *self,
                                const char *text)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (text != NULL, 0);

  bs_text_measurer_for_measuring (self->text);
  return bs_text_measurer_width (self->text, BS_FONT_MONO, text);
}

void
bs_renderer_measure_node (BsRenderer         *self,
                          BsScene            *scene,
                          const BsTraceState *state,
                          guint               index,
                          double             *width,
                          double             *height)
{
  g_autoptr(BsNodeLabel) label = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (index < bs_scene_get_n_nodes (scene));
  g_return_if_fail (width != NULL && height != NULL);

  bs_text_measurer_for_measuring (self->text);
  label = bs_node_label_new (scene, index, state, BS_TEXT_MAX_LINE_CHARS);
  bs_text_measurer_label_size (self->text, label, width, height);
  *width = ceil (*width);
  *height = ceil (*height);
}

/* --- what a scene shows regardless of the step ----------------------------- */

/* The contributions that have arrived at a box in a backward call: its first n_arrived. */
typedef struct {
  guint32 backward;
  guint   box;
  guint   n_arrived;
  guint   n_expected;
} ArrivalKey;

static guint
arrival_key_hash (gconstpointer data)
{
  const ArrivalKey *key = data;

  return ((key->backward * 31u + key->box) * 31u + key->n_arrived) * 31u + key->n_expected;
}

static gboolean
arrival_key_equal (gconstpointer a,
                   gconstpointer b)
{
  return memcmp (a, b, sizeof (ArrivalKey)) == 0;
}

static void
ensure_cache (BsRenderer *self,
              BsScene    *scene)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  guint n_nodes = bs_scene_get_n_nodes (scene);
  gboolean any_backward = FALSE;
  g_autofree guint8 *has_output = NULL;

  if (self->cached_scene == scene)
    return;
  clear_cache (self);
  self->cached_scene = bs_scene_ref (scene);
  self->is_output = g_new0 (guint8, MAX (n_nodes, 1));
  self->value_texts = bs_value_texts_new (trace, BS_TEXT_MAX_LINE_CHARS);
  self->arrival_texts = g_hash_table_new_full (arrival_key_hash, arrival_key_equal, g_free,
                                               g_free);

  /* The output: the root of a backward call; with none, the ops nothing uses. */
  for (guint64 e = 0; e < bs_trace_get_n_events (trace); e++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, e);
      const guint32 *roots;

      if (event->type != BS_TRACE_EVENT_BACKWARD_BEGIN)
        continue;
      any_backward = TRUE;
      roots = bs_trace_get_list (trace, event->aux);
      for (guint i = 0; i < event->n_aux; i++)
        {
          int box = bs_scene_find_tensor (scene, roots[3 * i], NULL);

          if (box >= 0 && bs_scene_get_node (scene, (guint) box)->kind == BS_SCENE_NODE_OP)
            self->is_output[box] = TRUE;
        }
    }
  if (!any_backward)
    {
      has_output = g_new0 (guint8, MAX (n_nodes, 1));
      for (guint e = 0; e < bs_scene_get_n_edges (scene); e++)
        has_output[bs_scene_get_edge (scene, e)->from] = TRUE;
      for (guint i = 0; i < n_nodes; i++)
        self->is_output[i] = !has_output[i]
                             && bs_scene_get_node (scene, i)->kind == BS_SCENE_NODE_OP;
    }

  self->n_scopes = bs_trace_get_n_scopes (trace);
  self->cluster_of_scope = g_new (int, self->n_scopes + 1);
  for (guint32 s = 0; s <= self->n_scopes; s++)
    self->cluster_of_scope[s] = -1;
  for (guint c = 0; c < bs_scene_get_n_clusters (scene); c++)
    {
      guint32 scope = bs_scene_get_cluster (scene, c)->scope;

      if (scope <= self->n_scopes)
        self->cluster_of_scope[scope] = (int) c;
    }
}

int
bs_renderer_get_node_cluster (BsRenderer *self,
                              BsScene    *scene,
                              guint       index)
{
  BsTrace *trace;
  const BsSceneNode *node;
  guint32 scope;

  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (scene != NULL, -1);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), -1);

  ensure_cache (self, scene);
  trace = bs_scene_get_trace (scene);
  node = bs_scene_get_node (scene, index);
  scope = node->scope;
  /* A collapsed cluster stands for its scope: it sits in the scope's parent. */
  if (node->kind == BS_SCENE_NODE_CLUSTER && scope != 0)
    {
      const BsTraceScope *record = bs_trace_get_scope (trace, scope);

      scope = record != NULL ? record->parent : 0;
    }
  while (scope != 0 && scope <= self->n_scopes)
    {
      const BsTraceScope *record;

      if (self->cluster_of_scope[scope] >= 0)
        return self->cluster_of_scope[scope];
      record = bs_trace_get_scope (trace, scope);
      scope = record != NULL ? record->parent : 0;
    }
  return -1;
}

/* --- one frame ------------------------------------------------------------- */

/* Draws text at (x, y), the top of its line, cut with "…" to width (centred in it when
 * centre is set). */
static void
show_text (BsRenderer    *self,
           cairo_t       *cr,
           BsFont         font,
           const char    *text,
           double         x,
           double         y,
           double         width,
           gboolean       centre,
           const BsColor *color)
{
  bs_color_set_source (color, cr);
  bs_text_measurer_show (self->text, cr, font, text, x, y, width, centre);
}

/* --- shapes ---------------------------------------------------------------- */

/* Moves a note of the given size inside the scene. */
static void
note_place (BsRenderFrame *f,
            double         width,
            double         height,
            double        *x,
            double        *y)
{
  double scene_width, scene_height;

  bs_scene_get_size (f->scene, &scene_width, &scene_height);
  *x = CLAMP (*x, 2, MAX (2, scene_width - width - 2));
  *y = CLAMP (*y, 2, MAX (2, scene_height - height - 2));
}

/* --- clusters and edges ---------------------------------------------------- */

static void
draw_clusters (BsRenderFrame *f)
{
  BsRenderer *self = f->renderer;
  cairo_t *cr = f->cr;
  guint n_clusters = bs_scene_get_n_clusters (f->scene);
  g_autofree guint8 *visible = NULL;

  if (n_clusters == 0)
    return;
  visible = g_new0 (guint8, n_clusters);
  for (guint i = 0; i < bs_scene_get_n_nodes (f->scene); i++)
    {
      int c;

      if (!bs_scene_node_visible (f->scene, i, f->state))
        continue;
      c = bs_renderer_get_node_cluster (self, f->scene, i);
      for (; c >= 0 && !visible[c]; c = bs_scene_get_cluster (f->scene, (guint) c)->parent)
        visible[c] = TRUE;
    }

  for (guint c = 0; c < n_clusters; c++)
    {
      const BsSceneCluster *cluster = bs_scene_get_cluster (f->scene, c);

      double alpha = f->cluster_alphas != NULL ? f->cluster_alphas[c] : 1;

      if (!visible[c] || alpha <= 0
          || !bs_render_frame_shows (f, cluster->x, cluster->y, cluster->width,
                                     cluster->height))
        continue;
      if (alpha < 1)
        cairo_push_group (cr);
      bs_note_rounded_rectangle (cr, cluster->x, cluster->y, cluster->width, cluster->height,
                         f->palette->font_size * 0.8);
      bs_color_set_source (&f->palette->cluster, cr);
      cairo_fill_preserve (cr);
      bs_color_set_source (&f->palette->cluster_border, cr);
      cairo_set_line_width (cr, f->palette->line_width);
      cairo_stroke (cr);
      if (f->detail && cluster->label != NULL)
        show_text (self, cr, BS_FONT_SMALL, cluster->label,
                   cluster->x + f->palette->padding, cluster->y + f->palette->padding * 0.5,
                   MAX (cluster->width - 2 * f->palette->padding, 1), FALSE,
                   &f->palette->text_dim);
      if (alpha < 1)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, alpha);
        }
    }
}

static void
edge_path (cairo_t           *cr,
           const BsSceneEdge *edge)
{
  cairo_move_to (cr, edge->points[0].x, edge->points[0].y);
  for (guint i = 1; i + 2 < edge->n_points; i += 3)
    cairo_curve_to (cr, edge->points[i].x, edge->points[i].y, edge->points[i + 1].x,
                    edge->points[i + 1].y, edge->points[i + 2].x, edge->points[i + 2].y);
}

static void
arrowhead (cairo_t           *cr,
           const BsSceneEdge *edge,
           double             line_width)
{
  double dx = edge->arrow_tip.x - edge->arrow_base.x;
  double dy = edge->arrow_tip.y - edge->arrow_base.y;
  double length = hypot (dx, dy);
  double half;

  if (length <= 0)
    return;
  half = MAX (length * 0.38, line_width * 1.6);
  cairo_move_to (cr, edge->arrow_tip.x, edge->arrow_tip.y);
  cairo_line_to (cr, edge->arrow_base.x - dy / length * half,
                 edge->arrow_base.y + dx / length * half);
  cairo_line_to (cr, edge->arrow_base.x + dy / length * half,
                 edge->arrow_base.y - dx / length * half);
  cairo_close_path (cr);
}

static gboolean
edge_bounds_shown (BsRenderFrame     *f,
                   const BsSceneEdge *edge)
{
  double x1 = G_MAXDOUBLE, y1 = G_MAXDOUBLE, x2 = -G_MAXDOUBLE, y2 = -G_MAXDOUBLE;

  for (guint i = 0; i < edge->n_points; i++)
    {
      x1 = MIN (x1, edge->points[i].x);
      y1 = MIN (y1, edge->points[i].y);
      x2 = MAX (x2, edge->points[i].x);
      y2 = MAX (y2, edge->points[i].y);
    }
  if (edge->has_arrow)
    {
      x1 = MIN (x1, edge->arrow_tip.x);
      y1 = MIN (y1, edge->arrow_tip.y);
      x2 = MAX (x2, edge->arrow_tip.x);
      y2 = MAX (y2, edge->arrow_tip.y);
    }
  return bs_render_frame_shows (f, x1 - 8, y1 - 8, x2 - x1 + 16, y2 - y1 + 16);
}

/* An edge's opacity: its fainter end's (an edge fades in and out with its boxes). */
static double
edge_alpha (BsRenderFrame *f,
            guint          index)
{
  const BsSceneEdge *edge;

  if (f->alphas == NULL)
    return 1;
  edge = bs_scene_get_edge (f->scene, index);
  return MIN (f->alphas[edge->from], f->alphas[edge->to]);
}

/* The edges of one look (walked or not, or the current one) as one path, stroked once,
 * then their arrowheads filled once: many edges draw much faster so. */
static void
draw_edge_set (BsRenderFrame *f,
               int            only,
               gboolean       walked,
               const BsColor *color,
               double         line_width)
{
  cairo_t *cr = f->cr;
  guint n_edges = bs_scene_get_n_edges (f->scene);
  g_autofree guint8 *drawn = g_new0 (guint8, MAX (n_edges, 1));
  gboolean any = FALSE;

  for (guint e = 0; e < n_edges; e++)
    {
      const BsSceneEdge *edge = bs_scene_get_edge (f->scene, e);

      if (only >= 0 ? (int) e != only
                    : (int) e == f->current_edge || (gboolean) f->walked[e] != walked
                      || edge_alpha (f, e) < 1)
        continue;
      if (edge->n_points < 4 || !bs_scene_edge_visible (f->scene, e, f->state)
          || !edge_bounds_shown (f, edge))
        continue;
      edge_path (cr, edge);
      drawn[e] = any = TRUE;
    }
  if (!any)
    return;
  bs_color_set_source (color, cr);
  cairo_set_line_width (cr, line_width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  for (guint e = 0; e < n_edges; e++)
    if (drawn[e] && bs_scene_get_edge (f->scene, e)->has_arrow)
      arrowhead (cr, bs_scene_get_edge (f->scene, e), line_width);
  cairo_fill (cr);
}

static void
draw_edges (BsRenderFrame *f)
{
  double line_width = f->palette->line_width;

  draw_edge_set (f, -1, FALSE, &f->palette->edge, line_width);
  draw_edge_set (f, -1, TRUE, &f->palette->walked, line_width * 1.6);
  if (f->current_edge >= 0 && edge_alpha (f, (guint) f->current_edge) >= 1)
    draw_edge_set (f, f->current_edge, TRUE, &f->palette->backward, line_width * 3);
  /* Edges fading, one at a time through a group. */
  for (guint e = 0; f->alphas != NULL && e < bs_scene_get_n_edges (f->scene); e++)
    {
      double alpha = edge_alpha (f, e);

      if (alpha >= 1 || alpha <= 0)
        continue;
      cairo_push_group (f->cr);
      if ((int) e == f->current_edge)
        draw_edge_set (f, (int) e, TRUE, &f->palette->backward, line_width * 3);
      else if (f->walked[e])
        draw_edge_set (f, (int) e, TRUE, &f->palette->walked, line_width * 1.6);
      else
        draw_edge_set (f, (int) e, FALSE, &f->palette->edge, line_width);
      cairo_pop_group_to_source (f->cr);
      cairo_paint_with_alpha (f->cr, alpha);
    }
}

/* --- boxes ----------------------------------------------------------------- */

const BsColor *
bs_renderer_get_node_fill (BsRenderer         *self,
                           BsScene            *scene,
                           const BsTraceState *state,
                           guint               index)
{
  const BsSceneNode *node;
  const BsTraceNodeState *node_state;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), NULL);

  node = bs_scene_get_node (scene, index);
  if (self->grad_flow && node->kind != BS_SCENE_NODE_CLUSTER)
    {
      double norm;

      /* quiz mode: the tint would tell the gradient asked */
      if ((self->hide_edge_values && bs_node_label_asks_grad (scene, index, state))
          || !bs_grad_flow_node_measure (scene, state, index, self->flow_scale, &norm))
        return &self->palette->constant;
      return &self->flow_fills[bs_grad_flow_bin (norm)];
    }
  switch (node->kind)
    {
    case BS_SCENE_NODE_LEAF:
      return &self->palette->leaf;
    case BS_SCENE_NODE_CONSTANT:
      return &self->palette->constant;
    case BS_SCENE_NODE_CLUSTER:
      return &self->palette->cluster;
    case BS_SCENE_NODE_OP:
    default:
      /* The output stays green once freed: its dashed border says freed. */
      ensure_cache (self, scene);
      if (self->is_output[index])
        return &self->palette->output;
      node_state = bs_trace_state_get_node (state, node->node);
      return node_state != NULL && node_state->freed ? &self->palette->freed : &self->palette->op;
    }
}

static const BsColor *
line_color (BsRenderFrame     *f,
            const BsNodeLabel *label,
            const BsNodeLine  *line)
{
  if (label->freed)
    return &f->palette->freed_text;
  switch (line->kind)
    {
    case BS_NODE_LINE_TITLE:
      return label->named ? &f->palette->text : &f->palette->text_dim;
    case BS_NODE_LINE_OP:
    case BS_NODE_LINE_SHAPE:
      return &f->palette->text_dim;
    case BS_NODE_LINE_GRAD:
      if (label->grad_stale || g_str_has_suffix (line->text, "None"))
        return &f->palette->text_dim;
      return &f->palette->backward;
    case BS_NODE_LINE_VALUE:
    default:
      return &f->palette->text;
    }
}

static void
draw_tag (BsRenderFrame *f,
          const char    *text,
          gboolean       freed,
          double         x,
          double         y)
{
  cairo_t *cr = f->cr;
  double width, height;

  bs_text_measurer_tag_size (f->renderer->text, &width, &height);
  bs_note_rounded_rectangle (cr, x, y, width, height, height / 2);
  if (freed)
    {
      static const double dashes[] = { 2.0, 2.0 };

      bs_color_set_source (&f->palette->freed, cr);
      cairo_fill_preserve (cr);
      bs_color_set_source (&f->palette->freed_text, cr);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_set_line_width (cr, f->palette->line_width * 0.8);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  else
    {
      bs_color_set_source (&f->palette->saved, cr);
      cairo_fill (cr);
    }
  show_text (f->renderer, cr, BS_FONT_TAG, text, x,
             y + (height - bs_text_measurer_line_height (f->renderer->text, BS_FONT_TAG)) / 2,
             width, TRUE, freed ? &f->palette->freed_text : &f->palette->saved_text);
}

static void
draw_label (BsRenderFrame     *f,
            const BsSceneNode *node,
            const BsNodeLabel *label)
{
  BsRenderer *self = f->renderer;
  double padding = f->palette->padding;
  double inner = MAX (node->width - 2 * padding, 1);
  double y = node->y + padding;

  for (guint i = 0; i < label->n_lines; i++)
    {
      const BsNodeLine *line = &label->lines[i];
      BsFont font = bs_text_measurer_line_font (line->kind);
      const BsColor *color = line_color (f, label, line);

      if (line->kind == BS_NODE_LINE_OP && label->saves)
        {
          double tag_width, tag_height, gap = f->palette->font_size * 0.4;
          double text, x;

          bs_text_measurer_tag_size (self->text, &tag_width, &tag_height);
          text = MIN (bs_text_measurer_width (self->text, font, line->text),
                      inner - tag_width - gap);
          x = node->x + (node->width - text - gap - tag_width) / 2;
          show_text (self, f->cr, font, line->text, x, y, MAX (text, 1), FALSE, color);
          draw_tag (f, label->freed ? "freed" : "saved", label->freed, x + text + gap,
                    y + (bs_text_measurer_line_height (self->text, font) - tag_height) / 2);
        }
      else if (line->text[0] != '\0')
        show_text (self, f->cr, font, line->text, node->x + padding, y, inner, TRUE, color);
      y += bs_text_measurer_line_height (self->text, font) + bs_text_measurer_line_gap (self->text);
    }
}

/* Quiz mode asks the edge's contribution, or the total: "Σ -6 + ?" when the current edge
 * brings the box its last arrival, the terms without their total. */
static char *
asked_arrivals (BsRenderFrame *f,
                guint          index,
                BsArrivals    *arrivals)
{
  const BsTraceEvent *edge = bs_trace_state_get_edge (f->state);
  guint asked = f->renderer->hide_edge_values && edge != NULL
                && bs_scene_find_node (f->scene, edge->node2) == (int) index ? 1 : 0;
  guint shown = arrivals->values->len - MIN (asked, arrivals->values->len);
  g_autofree char *terms = bs_step_text_sum (f->trace, (const guint32 *) arrivals->values->data,
                                             shown);
  char *total = strstr (terms, " = ");

  if (total != NULL)
    *total = '\0';
  return g_strdup_printf ("Σ %s%s%s", terms, !asked ? "" : shown > 0 ? " + ?" : "?",
                          arrivals->values->len < arrivals->expected ? " + …" : "");
}

/* What has arrived so far at a node that receives several gradients: "Σ -6 + …". The
 * first n contributions to arrive at a box in a backward call are always the same: the
 * text is kept. */
static void
draw_arrivals (BsRenderFrame     *f,
               guint              index,
               const BsSceneNode *node)
{
  BsRenderer *self = f->renderer;
  BsArrivals *arrivals = f->arrivals != NULL ? &f->arrivals[index] : NULL;
  g_autofree char *made = NULL;
  ArrivalKey key = { 0 };
  /* A matrix's sum is cut, not stretched across the graph: hover shows it whole. */
  BsNote note = { .n_lines = 1, .fonts = { BS_FONT_MONO },
                  .max_width = f->palette->font_size * MAX_SUM_EMS, .max_lines = 1 };
  double width, height, x, y;
  char *text;

  if (arrivals == NULL || arrivals->expected < 2 || arrivals->values == NULL || !f->detail)
    return;
  key.backward = f->state->backward;
  key.box = index;
  key.n_arrived = arrivals->values->len;
  key.n_expected = arrivals->expected;
  if (self->hide_edge_values || self->hide_sums)
    text = made = asked_arrivals (f, index, arrivals);
  else
    text = caching (self) ? g_hash_table_lookup (self->arrival_texts, &key) : NULL;
  if (text == NULL)
    {
      g_autofree char *sum = bs_step_text_sum (f->trace, (const guint32 *) arrivals->values->data,
                                               arrivals->values->len);

      text = made = g_strdup_printf ("Σ %s%s", sum, arrivals->values->len < arrivals->expected
                                                    ? " + …" : "");
      if (caching (self))
        g_hash_table_insert (self->arrival_texts, g_memdup2 (&key, sizeof key),
                             g_steal_pointer (&made));
    }
  note.lines[0] = text;
  bs_note_size (self->text, self->palette, &note, &width, &height);
  /* Right above the box, at its right end (or right under it when a check's tag is on
   * its top right): over no box's border. */
  x = node->x + node->width - width;
  y = bs_check_mark_shown (node, f->state) ? node->y + node->height + SUM_GAP
                                           : node->y - height - SUM_GAP;
  note_place (f, width, height, &x, &y);
  if (bs_render_frame_shows (f, x - 2, y - 2, width + 4, height + 4))
    bs_note_draw (self->text, self->palette, f->cr, &note, x, y, &f->palette->backward_fill,
                  &f->palette->backward, &f->palette->backward);
}

static void
draw_box (BsRenderFrame *f,
          guint          index)
{
  BsRenderer *self = f->renderer;
  const BsSceneNode *node = bs_scene_get_node (f->scene, index);
  const BsPalette *palette = f->palette;
  cairo_t *cr = f->cr;
  g_autoptr(BsNodeLabel) label = NULL;
  gboolean freed = FALSE, error = (int) index == f->error_box;
  double radius = node->kind == BS_SCENE_NODE_LEAF ? palette->font_size * 0.9
                                                   : palette->font_size * 0.45;

  if (!bs_render_frame_shows (f, node->x - 6, node->y - 6, node->width + 12, node->height + 12))
    return;
  if (f->detail)
    {
      label = caching (self)
        ? bs_node_label_new_with_texts (f->scene, index, f->state, self->value_texts)
        : bs_node_label_new (f->scene, index, f->state, BS_TEXT_MAX_LINE_CHARS);
      if (self->hide_edge_values)
        bs_node_label_hide_asked (label, f->scene, index, f->state);
      if (self->compare != NULL)
        bs_run_compare_label (self->compare, f->scene, index, f->state, label,
                              BS_TEXT_MAX_LINE_CHARS);
      freed = label->freed;
    }
  else if (node->kind == BS_SCENE_NODE_OP)
    {
      const BsTraceNodeState *state = bs_trace_state_get_node (f->state, node->node);

      freed = state != NULL && state->freed;
    }

  if (f->emphasis[index] && !error)
    {
      /* A soft halo around the box the step is about. */
      bs_note_rounded_rectangle (cr, node->x - 3, node->y - 3, node->width + 6, node->height + 6,
                         radius + 3);
      cairo_set_source_rgba (cr, palette->backward.red, palette->backward.green,
                             palette->backward.blue, 0.25);
      cairo_set_line_width (cr, palette->line_width * 5);
      cairo_stroke (cr);
    }
  if (node->kind == BS_SCENE_NODE_CLUSTER)
    {
      /* A collapsed cluster: a stack of boxes. */
      bs_note_rounded_rectangle (cr, node->x + 3, node->y - 3, node->width, node->height, radius);
      bs_color_set_source (&palette->cluster, cr);
      cairo_fill_preserve (cr);
      bs_color_set_source (&palette->border, cr);
      cairo_set_line_width (cr, palette->line_width);
      cairo_stroke (cr);
    }

  bs_note_rounded_rectangle (cr, node->x, node->y, node->width, node->height, radius);
  bs_color_set_source (bs_renderer_get_node_fill (self, f->scene, f->state, index), cr);
  cairo_fill_preserve (cr);
  if (error)
    {
      bs_color_set_source (&palette->error, cr);
      cairo_set_line_width (cr, palette->line_width * 2.5);
    }
  else if (f->emphasis[index])
    {
      bs_color_set_source (&palette->backward, cr);
      cairo_set_line_width (cr, palette->line_width * 2);
    }
  else
    {
      bs_color_set_source (freed ? &palette->freed_text : &palette->border, cr);
      cairo_set_line_width (cr, palette->line_width);
    }
  if (freed && !error)
    {
      double dash[] = { palette->line_width * 3, palette->line_width * 2 };

      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  if (f->detail)
    bs_check_mark_draw (cr, palette, node, f->state);
  if (f->detail && self->grad_flow)
    {
      double norm;

      if (bs_grad_flow_node_norm (f->scene, f->state, index, &norm)
          && !(self->hide_edge_values && bs_node_label_asks_grad (f->scene, index, f->state)))
        bs_grad_flow_draw_mark (cr, palette, node, norm);
    }

  if (label != NULL)
    draw_label (f, node, label);
}

/* Zoomed far out: boxes as plain rectangles, one path per fill, one for every border;
 * the boxes the step is about are drawn whole on top. */
static void
draw_plain_boxes (BsRenderFrame *f)
{
  const BsColor *fills[8 + BS_GRAD_FLOW_N_BINS];
  guint n_fills = 0;
  guint n_nodes = bs_scene_get_n_nodes (f->scene);
  /* Per box: its fill, NULL when it is not shown */
  g_autofree const BsColor **shown = g_new0 (const BsColor *, MAX (n_nodes, 1));
  cairo_t *cr = f->cr;

  for (guint i = 0; i < n_nodes; i++)
    {
      const BsSceneNode *node = bs_scene_get_node (f->scene, i);

      if (bs_scene_node_visible (f->scene, i, f->state)
          && bs_render_frame_shows (f, node->x, node->y, node->width, node->height))
        shown[i] = bs_renderer_get_node_fill (f->renderer, f->scene, f->state, i);
    }
  for (guint i = 0; i < n_nodes; i++)
    {
      const BsColor *fill = shown[i];
      guint k = 0;

      if (fill == NULL)
        continue;
      while (k < n_fills && fills[k] != fill)
        k++;
      if (k < n_fills || n_fills == G_N_ELEMENTS (fills))
        continue;
      fills[n_fills++] = fill;
      for (guint j = i; j < n_nodes; j++)
        if (shown[j] == fill)
          {
            const BsSceneNode *node = bs_scene_get_node (f->scene, j);

            cairo_rectangle (cr, node->x, node->y, node->width, node->height);
          }
      bs_color_set_source (fill, cr);
      cairo_fill (cr);
    }
  /* The borders as the frames a stroke would cover, filled: cairo fills axis-aligned
   * rectangles much faster than it strokes them. */
  for (guint i = 0; i < n_nodes; i++)
    if (shown[i] != NULL)
      {
        const BsSceneNode *node = bs_scene_get_node (f->scene, i);
        double w = f->palette->line_width, half = w / 2;

        cairo_rectangle (cr, node->x - half, node->y - half, node->width + w, node->height + w);
        cairo_rectangle (cr, node->x + half, node->y + half, MAX (node->width - w, 0),
                         MAX (node->height - w, 0));
      }
  bs_color_set_source (&f->palette->border, cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  for (guint i = 0; i < n_nodes; i++)
    if (shown[i] != NULL && (f->emphasis[i] || (int) i == f->error_box))
      draw_box (f, i);
}

/* The layout's note (a cheaper layout than Graphviz's was used, and why) in the band the
 * layout left for it at the top. */
/* Why the layout is not Graphviz's, in the room left under the graph for it. */
static BsNote
layout_note (BsScene *scene)
{
  return (BsNote) { .n_lines = 1, .fonts = { BS_FONT_SMALL },
                    .lines = { bs_scene_get_layout_note (scene) } };
}

static void
draw_layout_note (BsRenderFrame *f)
{
  BsNote note = layout_note (f->scene);
  double width, height, scene_width, scene_height;

  if (note.lines[0] == NULL)
    return;
  bs_note_size (f->renderer->text, f->palette, &note, &width, &height);
  bs_scene_get_size (f->scene, &scene_width, &scene_height);
  bs_note_draw (f->renderer->text, f->palette, f->cr, &note, 2,
                MAX (2, scene_height - 2 - MAX (height, BS_SCENE_NOTE_HEIGHT) / 2 - height / 2),
                &f->palette->cluster, &f->palette->cluster_border, &f->palette->text_dim);
}

static void
prepare (BsRenderer *self,
         cairo_t    *cr,
         BsScene    *scene)
{
  ensure_cache (self, scene);
  bs_text_measurer_for_drawing (self->text, cr);
  if (bs_value_texts_get_size (self->value_texts) > MAX_KEPT_VALUES)
    bs_value_texts_clear (self->value_texts);
  if (g_hash_table_size (self->arrival_texts) > MAX_KEPT_ARRIVALS)
    g_hash_table_remove_all (self->arrival_texts);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
}

/* A box at its opacity: one drawn through a group when it is fading in or out. */
static void
draw_box_faded (BsRenderFrame *f,
                guint          index)
{
  if (f->alphas != NULL && f->alphas[index] <= 0)
    return;
  if (f->alphas == NULL || f->alphas[index] >= 1)
    {
      draw_box (f, index);
      return;
    }
  cairo_push_group (f->cr);
  draw_box (f, index);
  cairo_pop_group_to_source (f->cr);
  cairo_paint_with_alpha (f->cr, f->alphas[index]);
}

void
bs_renderer_draw (BsRenderer         *self,
                  cairo_t            *cr,
                  BsScene            *scene,
                  const BsTraceState *state)
{
  bs_renderer_draw_faded (self, cr, scene, state, NULL);
}

/* The notes of the drawing f: those placed last when they are f's, else placed now. */
static const BsRenderNotes *
notes_of (BsRenderer    *self,
          BsRenderFrame *f)
{
  if (self->notes == NULL || !caching (self)
      || !bs_render_notes_matches (self->notes, f->scene, f->state, self->hide_edge_values))
    {
      clear_notes (self);
      self->notes = bs_render_notes_new (f, self->text, self->hide_edge_values);
    }
  return self->notes;
}

/* scene's clusters, edges, boxes and the step's marks, at their opacities (NULL: all
 * opaque), over what cr holds. */
static void
draw_items (BsRenderer         *self,
            cairo_t            *cr,
            BsScene            *scene,
            const BsTraceState *state,
            const double       *alphas,
            const double       *cluster_alphas)
{
  BsRenderFrame f;

  prepare (self, cr, scene);
  bs_render_frame_init (&f, self, cr, scene, state);
  f.alphas = alphas;
  f.cluster_alphas = cluster_alphas;
  draw_clusters (&f);
  draw_edges (&f);
  if (f.detail)
    {
      for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
        if (bs_scene_node_visible (scene, i, state))
          draw_box_faded (&f, i);
    }
  else
    draw_plain_boxes (&f);
  for (guint i = 0; f.arrivals != NULL && i < bs_scene_get_n_nodes (scene); i++)
    if (bs_scene_node_visible (scene, i, state))
      draw_arrivals (&f, i, bs_scene_get_node (scene, i));
  if (f.detail)
    bs_render_notes_draw (notes_of (self, &f), &f, self->text);
  draw_layout_note (&f);
  bs_render_frame_clear (&f);
}

guint
bs_renderer_place_notes (BsRenderer         *self,
                         BsScene            *scene,
                         const BsTraceState *state,
                         BsNoteRect         *label,
                         BsNoteRect         *callout)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  BsRenderFrame f;
  guint drawn;

  g_return_val_if_fail (self != NULL && scene != NULL && state != NULL, 0);

  if (self->notes != NULL && caching (self)
      && bs_render_notes_matches (self->notes, scene, state, self->hide_edge_values))
    return bs_render_notes_get (self->notes, label, callout);
  /* measured as drawn at 1:1 */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  prepare (self, cr, scene);
  bs_render_frame_init (&f, self, cr, scene, state);
  drawn = bs_render_notes_get (notes_of (self, &f), label, callout);
  bs_render_frame_clear (&f);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return drawn;
}

void
bs_renderer_get_extent (BsRenderer         *self,
                        BsScene            *scene,
                        const BsTraceState *state,
                        double             *width,
                        double             *height)
{
  BsNoteRect rects[2];
  guint drawn;

  g_return_if_fail (self != NULL && scene != NULL && state != NULL);

  bs_scene_get_size (scene, width, height);
  if (bs_scene_get_layout_note (scene) != NULL)
    {
      BsNote note = layout_note (scene);
      double note_width, note_height;

      bs_text_measurer_for_measuring (self->text);
      bs_note_size (self->text, self->palette, &note, &note_width, &note_height);
      *width = MAX (*width, note_width + 4);
    }
  drawn = bs_renderer_place_notes (self, scene, state, &rects[0], &rects[1]);
  for (guint i = 0; i < 2; i++)
    if (drawn & (1u << i))
      {
        *width = MAX (*width, rects[i].x + rects[i].width + 2);
        *height = MAX (*height, rects[i].y + rects[i].height + 2);
      }
}

void
bs_renderer_draw_faded (BsRenderer         *self,
                        cairo_t            *cr,
                        BsScene            *scene,
                        const BsTraceState *state,
                        const double       *alphas)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (state != NULL);

  cairo_save (cr);
  bs_color_set_source (&self->palette->background, cr);
  cairo_paint (cr);
  draw_items (self, cr, scene, state, alphas, NULL);
  cairo_restore (cr);
}

/* The clusters of the scene leaving (under everything), or its edges and boxes (over the
 * scene coming in), at their opacities; not the step's edge and marks, which are the
 * scene's coming in. */
static void
draw_leaving (BsRenderer         *self,
              cairo_t            *cr,
              BsSceneMotion      *motion,
              const BsTraceState *state,
              gboolean            clusters)
{
  BsScene *scene = bs_scene_motion_leaving (motion);
  BsRenderFrame f;

  prepare (self, cr, scene);
  bs_render_frame_init (&f, self, cr, scene, state);
  f.alphas = bs_scene_motion_leaving_alphas (motion);
  f.cluster_alphas = bs_scene_motion_leaving_cluster_alphas (motion);
  f.current_edge = -1;
  f.error_box = -1;
  memset (f.emphasis, 0, bs_scene_get_n_nodes (scene));
  if (clusters)
    draw_clusters (&f);
  else
    {
      draw_edges (&f);
      for (guint i = 0; f.detail && i < bs_scene_get_n_nodes (scene); i++)
        if (bs_scene_node_visible (scene, i, state))
          draw_box_faded (&f, i);
    }
  bs_render_frame_clear (&f);
}

void
bs_renderer_draw_motion (BsRenderer         *self,
                         cairo_t            *cr,
                         BsSceneMotion      *motion,
                         double              t,
                         const BsTraceState *state)
{
  BsScene *frame;

  g_return_if_fail (self != NULL && cr != NULL && motion != NULL && state != NULL);

  frame = bs_scene_motion_frame (motion, t);
  cairo_save (cr);
  bs_color_set_source (&self->palette->background, cr);
  cairo_paint (cr);
  if (bs_scene_motion_leaving (motion) != NULL)
    draw_leaving (self, cr, motion, state, TRUE);
  draw_items (self, cr, frame, state, bs_scene_motion_alphas (motion),
              bs_scene_motion_cluster_alphas (motion));
  if (bs_scene_motion_leaving (motion) != NULL)
    draw_leaving (self, cr, motion, state, FALSE);
  cairo_restore (cr);
}

void
bs_renderer_draw_node (BsRenderer         *self,
                       cairo_t            *cr,
                       BsScene            *scene,
                       const BsTraceState *state,
                       guint               index)
{
  BsRenderFrame f;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (index < bs_scene_get_n_nodes (scene));

  cairo_save (cr);
  prepare (self, cr, scene);
  bs_render_frame_init (&f, self, cr, scene, state);
  draw_box (&f, index);
  bs_render_frame_clear (&f);
  cairo_restore (cr);
}

double
bs_renderer_draw_caption (BsRenderer *self,
                          cairo_t    *cr,
                          const char *title,
                          const char *text,
                          double      x,
                          double      y,
                          double      width)
{
  g_return_val_if_fail (self != NULL, 0);
  return bs_text_measurer_caption (self->text, cr, &self->palette->text,
                                   self->palette->font_size, title, text, x, y, width);
}

int
bs_renderer_hit_test (BsRenderer         *self,
                      BsScene            *scene,
                      const BsTraceState *state,
                      double              x,
                      double              y)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (scene != NULL, -1);
  g_return_val_if_fail (state != NULL, -1);

  /* Later boxes are drawn on top. */
  for (guint i = bs_scene_get_n_nodes (scene); i-- > 0;)
    {
      const BsSceneNode *node = bs_scene_get_node (scene, i);

      if (x >= node->x && x <= node->x + node->width && y >= node->y
          && y <= node->y + node->height && bs_scene_node_visible (scene, i, state))
        return (int) i;
    }
  return -1;
}

char *
bs_renderer_describe_node (BsRenderer         *self,
                           BsScene            *scene,
                           const BsTraceState *state,
                           guint               index)
{
  g_autoptr(BsNodeLabel) label = NULL;
  const BsSceneNode *node;
  const BsTraceTensor *tensor;
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (index < bs_scene_get_n_nodes (scene), NULL);

  label = bs_node_label_new (scene, index, state, 0);
  if (self->hide_edge_values)
    bs_node_label_hide_asked (label, scene, index, state);
  if (self->compare != NULL)
    bs_run_compare_label (self->compare, scene, index, state, label, 0);
  out = g_string_new (NULL);
  {
    g_autofree char *text = bs_node_label_to_string (label);

    g_string_append (out, text);
  }
  node = bs_scene_get_node (scene, index);
  tensor = bs_trace_get_tensor (bs_scene_get_trace (scene), node->tensor);
  if (tensor != NULL && node->kind != BS_SCENE_NODE_CLUSTER)
    {
      const BsTraceTensorState *now = bs_trace_state_get_tensor (state, node->tensor);

      g_string_append_printf (out, "\nrequires_grad: %s, is_leaf: %s",
                              node->kind == BS_SCENE_NODE_CONSTANT ? "False" : "True",
                              node->kind == BS_SCENE_NODE_OP ? "False" : "True");
      if (now != NULL && now->version > 0)
        g_string_append_printf (out, ", version %u", now->version);
      if (tensor->span != NULL)
        g_string_append_printf (out, "\nline %d", tensor->span->line);
    }
  return g_string_free (out, FALSE);
}
