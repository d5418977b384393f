/* bs-plot-contour.c: contour bands and lines over a grid, by marching squares
 *
 * As matplotlib's contour algorithm: in each grid cell the data is taken as linear along
 * the cell's edges; the region above a level is the cell cut where the edges cross it,
 * and a saddle cell (corners alternately above and below) joins its two upper corners
 * when the mean of its corners is above the level. contourf's band [lo, hi] is the
 * region above lo (z >= lo for the lowest band, z > lo otherwise) less the region
 * above hi: the first wound one way, the second the other, in one path filled with the
 * winding rule, so neighbouring cells join without seams. A level's line is the
 * segments where it crosses the cells.
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"

#include <math.h>

typedef struct {
  double x, y, z;
} Vertex;

/* The corners of cell (R, C) in order around it; FALSE where one is not finite
 * (matplotlib leaves such a cell out). */
static gboolean
cell_corners (const BsPlotArtist *artist,
              guint               r,
              guint               c,
              Vertex              corner[4])
{
  const double *x = (const double *) artist->x->data, *y = (const double *) artist->y->data;
  const double *z = (const double *) artist->values->data;
  guint cols = artist->cols;

  corner[0] = (Vertex) { x[c], y[r], z[r * cols + c] };
  corner[1] = (Vertex) { x[c + 1], y[r], z[r * cols + c + 1] };
  corner[2] = (Vertex) { x[c + 1], y[r + 1], z[(r + 1) * cols + c + 1] };
  corner[3] = (Vertex) { x[c], y[r + 1], z[(r + 1) * cols + c] };
  for (int i = 0; i < 4; i++)
    if (!isfinite (corner[i].z) || !isfinite (corner[i].x) || !isfinite (corner[i].y))
      return FALSE;
  return TRUE;
}

static gboolean
above (double   z,
       double   level,
       gboolean inclusive)
{
  return inclusive ? z >= level : z > level;
}

/* Where the edge A → B, whose ends lie on either side of LEVEL, crosses it. */
static Vertex
crossing (const Vertex *a,
          const Vertex *b,
          double        level)
{
  double t = (level - a->z) / (b->z - a->z);

  return (Vertex) { a->x + t * (b->x - a->x), a->y + t * (b->y - a->y), level };
}

/* A saddle cell for LEVEL: two opposite corners above it, the other two not. */
static gboolean
is_saddle (const gboolean up[4])
{
  return up[0] == up[2] && up[1] == up[3] && up[0] != up[1];
}

static gboolean
saddle_joins_upper (const Vertex corner[4],
                    double       level,
                    gboolean     inclusive)
{
  double mean = (corner[0].z + corner[1].z + corner[2].z + corner[3].z) / 4;

  return above (mean, level, inclusive);
}

typedef struct {
  cairo_t           *cr;
  const BsPlotFrame *frame;
} Pen;

/* POLY (N vertices, in the cell's corner order) as a closed piece of the path, wound
 * clockwise on screen when CLOCKWISE, else anticlockwise. */
static void
add_polygon (const Pen    *pen,
             const Vertex *poly,
             int           n,
             gboolean      clockwise)
{
  double area = 0;
  gboolean reverse;

  for (int i = 0; i < n; i++)
    {
      const Vertex *a = &poly[i], *b = &poly[(i + 1) % n];
      area += bs_plot_frame_x (pen->frame, a->x) * bs_plot_frame_y (pen->frame, b->y)
              - bs_plot_frame_x (pen->frame, b->x) * bs_plot_frame_y (pen->frame, a->y);
    }
  /* screen y grows downwards: a positive shoelace area is clockwise there */
  reverse = (area > 0) != clockwise;
  for (int i = 0; i < n; i++)
    {
      const Vertex *v = &poly[reverse ? n - 1 - i : i];
      double x = bs_plot_frame_x (pen->frame, v->x), y = bs_plot_frame_y (pen->frame, v->y);
      if (i == 0)
        cairo_move_to (pen->cr, x, y);
      else
        cairo_line_to (pen->cr, x, y);
    }
  cairo_close_path (pen->cr);
}

/* The part of the cell above LEVEL, as one or two polygons. */
static void
add_cell_above (const Pen    *pen,
                const Vertex  corner[4],
                double        level,
                gboolean      inclusive,
                gboolean      clockwise)
{
  gboolean up[4];
  Vertex poly[8];
  int n = 0;

  for (int i = 0; i < 4; i++)
    up[i] = above (corner[i].z, level, inclusive);
  if (!up[0] && !up[1] && !up[2] && !up[3])
    return;

  if (is_saddle (up) && !saddle_joins_upper (corner, level, inclusive))
    {
      for (int i = 0; i < 4; i++)
        if (up[i])
          {
            Vertex corner_cut[3] = {
              crossing (&corner[i], &corner[(i + 3) % 4], level),
              corner[i],
              crossing (&corner[i], &corner[(i + 1) % 4], level),
            };
            add_polygon (pen, corner_cut, 3, clockwise);
          }
      return;
    }

  for (int i = 0; i < 4; i++)
    {
      const Vertex *a = &corner[i], *b = &corner[(i + 1) % 4];
      if (up[i])
        poly[n++] = *a;
      if (up[i] != up[(i + 1) % 4])
        poly[n++] = crossing (a, b, level);
    }
  add_polygon (pen, poly, n, clockwise);
}

void
bs_plot_contour_band_path (cairo_t            *cr,
                           const BsPlotFrame  *frame,
                           const BsPlotArtist *artist,
                           double              lo,
                           double              hi,
                           gboolean            lowest)
{
  Pen pen = { cr, frame };

  for (guint r = 0; r + 1 < artist->rows; r++)
    for (guint c = 0; c + 1 < artist->cols; c++)
      {
        Vertex corner[4];

        if (!cell_corners (artist, r, c, corner))
          continue;
        add_cell_above (&pen, corner, lo, lowest, FALSE);
        add_cell_above (&pen, corner, hi, FALSE, TRUE);
      }
}

static void
add_segment (const Pen    *pen,
             const Vertex *a,
             const Vertex *b)
{
  /* a level met only at a corner: nothing to draw (a round cap would make a dot) */
  if (a->x == b->x && a->y == b->y)
    return;
  cairo_move_to (pen->cr, bs_plot_frame_x (pen->frame, a->x), bs_plot_frame_y (pen->frame, a->y));
  cairo_line_to (pen->cr, bs_plot_frame_x (pen->frame, b->x), bs_plot_frame_y (pen->frame, b->y));
}

void
bs_plot_contour_line_path (cairo_t            *cr,
                           const BsPlotFrame  *frame,
                           const BsPlotArtist *artist,
                           double              level)
{
  Pen pen = { cr, frame };

  for (guint r = 0; r + 1 < artist->rows; r++)
    for (guint c = 0; c + 1 < artist->cols; c++)
      {
        Vertex corner[4], ends[4];
        gboolean up[4];
        int m = 0;

        if (!cell_corners (artist, r, c, corner))
          continue;
        for (int i = 0; i < 4; i++)
          up[i] = above (corner[i].z, level, FALSE);

        if (is_saddle (up))
          {
            /* cut off the two corners that the joined side leaves apart */
            gboolean cut_upper = !saddle_joins_upper (corner, level, FALSE);
            for (int i = 0; i < 4; i++)
              if (up[i] == cut_upper)
                {
                  Vertex a = crossing (&corner[i], &corner[(i + 3) % 4], level);
                  Vertex b = crossing (&corner[i], &corner[(i + 1) % 4], level);
                  add_segment (&pen, &a, &b);
                }
            continue;
          }
        for (int i = 0; i < 4; i++)
          if (up[i] != up[(i + 1) % 4])
            ends[m++] = crossing (&corner[i], &corner[(i + 1) % 4], level);
        if (m == 2)
          add_segment (&pen, &ends[0], &ends[1]);
      }
}
