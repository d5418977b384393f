/* bs-note-places.c: where a note goes on the graph so it covers no box */
#define G_LOG_DOMAIN "backstep-render"

#include "bs-note-places.h"

#include <math.h>

/* A note keeps this many points clear of a box's border. */
#define BOX_PAD 2.0
/* Costs: a point² of box covered outweighs everything else; then a point² of another
 * note, then a box the leading line crosses, then a sample of the edge's curve under the
 * note; then each point of distance
 * from the target and each point the picture must grow by. */
#define COST_BOX   1e6
#define COST_NOTE  1e3
#define COST_CURVE 2e4
#define COST_LEADER 5e4
#define COST_GROW  3.0
/* The distances tried, in gaps: near first, then farther out. */
static const double rings[] = { 1, 3, 6, 10, 16, 24, 36, 52 };

gboolean
bs_note_rect_intersects (const BsNoteRect *a,
                         const BsNoteRect *b)
{
  return MIN (a->x + a->width, b->x + b->width) > MAX (a->x, b->x)
         && MIN (a->y + a->height, b->y + b->height) > MAX (a->y, b->y);
}

static double
overlap (const BsNoteRect *a,
         const BsNoteRect *b)
{
  double w = MIN (a->x + a->width, b->x + b->width) - MAX (a->x, b->x);
  double h = MIN (a->y + a->height, b->y + b->height) - MAX (a->y, b->y);

  return w > 0 && h > 0 ? w * h : 0;
}

void
bs_note_rect_nearest (const BsNoteRect *rect,
                      double            x,
                      double            y,
                      double           *nearest_x,
                      double           *nearest_y)
{
  *nearest_x = CLAMP (x, rect->x, rect->x + rect->width);
  *nearest_y = CLAMP (y, rect->y, rect->y + rect->height);
}

/* The distance between two rectangles (0 when they touch or overlap). */
static double
distance (const BsNoteRect *a,
          const BsNoteRect *b)
{
  double dx = MAX (0, MAX (a->x - (b->x + b->width), b->x - (a->x + a->width)));
  double dy = MAX (0, MAX (a->y - (b->y + b->height), b->y - (a->y + a->height)));

  return hypot (dx, dy);
}

static BsScenePoint
bezier_at (const BsScenePoint *p,
           double              t)
{
  double u = 1 - t;
  BsScenePoint point = {
    u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x,
    u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y,
  };

  return point;
}

/* Whether the segment from (x0, y0) to (x1, y1) passes through rect (Liang-Barsky). */
static gboolean
segment_crosses (double            x0,
                 double            y0,
                 double            x1,
                 double            y1,
                 const BsNoteRect *rect)
{
  double dx = x1 - x0, dy = y1 - y0, t0 = 0, t1 = 1;
  const double p[4] = { -dx, dx, -dy, dy };
  const double q[4] = { x0 - rect->x, rect->x + rect->width - x0, y0 - rect->y,
                        rect->y + rect->height - y0 };

  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      if (p[i] < 0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
    }
  return t0 < t1;
}

void
bs_note_leader (const BsNoteRect *note,
                const BsNoteRect *target,
                double            line[4])
{
  bs_note_rect_nearest (note, target->x + target->width / 2, target->y + target->height / 2,
                        &line[2], &line[3]);
  bs_note_rect_nearest (target, line[2], line[3], &line[0], &line[1]);
}

typedef struct {
  BsScene            *scene;
  const BsTraceState *state;
  const BsNoteAvoid  *avoid;
  const BsNoteRect   *target;
  double              gap;
  double              scene_width, scene_height;
} Places;

/* What a note at rect costs; stops counting once past best. */
static double
cost (const Places     *p,
      const BsNoteRect *rect,
      double            best)
{
  double score = distance (rect, p->target), line[4];
  gboolean led = score > p->gap * 1.5;

  score += COST_GROW * (MAX (0, rect->x + rect->width + 2 - p->scene_width)
                        + MAX (0, rect->y + rect->height + 2 - p->scene_height));
  if (led)
    bs_note_leader (rect, p->target, line);
  for (guint i = 0; i < bs_scene_get_n_nodes (p->scene) && score < best; i++)
    {
      const BsSceneNode *node = bs_scene_get_node (p->scene, i);
      BsNoteRect box = { node->x - BOX_PAD, node->y - BOX_PAD, node->width + 2 * BOX_PAD,
                         node->height + 2 * BOX_PAD };
      double area = overlap (rect, &box);

      if (!bs_scene_node_visible (p->scene, i, p->state))
        continue;
      score += COST_BOX * (area > 0 ? MAX (area, 1) : 0);
      /* a line crossing the box it leads to is no harm */
      if (led && overlap (&box, p->target) < p->target->width * p->target->height
          && segment_crosses (line[0], line[1], line[2], line[3], &box))
        score += COST_LEADER;
    }
  for (guint i = 0; p->avoid != NULL && i < p->avoid->n_notes; i++)
    score += COST_NOTE * overlap (rect, &p->avoid->notes[i]);
  if (p->avoid != NULL && p->avoid->edge != NULL)
    {
      const BsSceneEdge *edge = p->avoid->edge;
      BsNoteRect near = { rect->x - BOX_PAD, rect->y - BOX_PAD, rect->width + 2 * BOX_PAD,
                          rect->height + 2 * BOX_PAD };

      for (guint i = 0; i + 3 < edge->n_points && score < best; i += 3)
        for (guint k = 0; k <= 8; k++)
          {
            BsScenePoint q = bezier_at (&edge->points[i], k / 8.0);

            if (q.x >= near.x && q.x <= near.x + near.width && q.y >= near.y
                && q.y <= near.y + near.height)
              score += COST_CURVE;
          }
    }
  return score;
}

gboolean
bs_note_places_choose (BsScene            *scene,
                       const BsTraceState *state,
                       const BsNoteRect   *target,
                       const BsNoteAvoid  *avoid,
                       double              gap,
                       double              width,
                       double              height,
                       BsNoteRect         *placed)
{
  Places p = { scene, state, avoid, target, gap, 0, 0 };
  double best = G_MAXDOUBLE, right = 0, bottom = 0;
  const BsNoteRect *t = target;
  double middle_x = t->x + t->width / 2 - width / 2;
  double middle_y = t->y + t->height / 2 - height / 2;

  g_return_val_if_fail (scene != NULL && target != NULL && placed != NULL, FALSE);

  bs_scene_get_size (scene, &p.scene_width, &p.scene_height);
  for (guint i = 0; i < bs_scene_get_n_nodes (scene); i++)
    if (bs_scene_node_visible (scene, i, state))
      {
        const BsSceneNode *node = bs_scene_get_node (scene, i);

        right = MAX (right, node->x + node->width);
        bottom = MAX (bottom, node->y + node->height);
      }
  *placed = (BsNoteRect) { MAX (2, middle_x), t->y + t->height + gap, width, height };

  for (guint r = 0; r < G_N_ELEMENTS (rings) + 1; r++)
    {
      double d = r < G_N_ELEMENTS (rings) ? rings[r] * gap : 0;
      /* below, above, right, left (centred, then aligned with the target's ends), the
       * corners; past the last ring, right of and under every box */
      const double candidates[][2] = {
        { middle_x, t->y + t->height + d },
        { middle_x, t->y - height - d },
        { t->x + t->width + d, middle_y },
        { t->x - width - d, middle_y },
        { t->x, t->y + t->height + d },
        { t->x + t->width - width, t->y + t->height + d },
        { t->x, t->y - height - d },
        { t->x + t->width - width, t->y - height - d },
        { t->x + t->width + d, t->y },
        { t->x - width - d, t->y },
        { t->x + t->width + d, t->y + t->height + d },
        { t->x - width - d, t->y + t->height + d },
        { t->x + t->width + d, t->y - height - d },
        { t->x - width - d, t->y - height - d },
      };
      const double outside[][2] = {
        { right + BOX_PAD + gap, middle_y },
        { right + BOX_PAD + gap, t->y },
        { middle_x, bottom + BOX_PAD + gap },
      };
      const double (*c)[2] = r < G_N_ELEMENTS (rings) ? candidates : outside;
      guint n = r < G_N_ELEMENTS (rings) ? G_N_ELEMENTS (candidates) : G_N_ELEMENTS (outside);

      for (guint i = 0; i < n; i++)
        {
          BsNoteRect rect = { MAX (2, c[i][0]), MAX (2, c[i][1]), width, height };
          double score = cost (&p, &rect, best);

          if (score < best)
            {
              best = score;
              *placed = rect;
            }
        }
      /* a place covering nothing this near beats any farther one */
      if (r + 1 < G_N_ELEMENTS (rings) && best <= rings[r] * gap * 1.5)
        break;
    }
  return distance (placed, target) > gap * 1.5;
}
