/* bs-plot-contour.c: contour bands and lines over a grid, by triangles
 *
 * Each grid cell is split into two triangles on which the data is taken as linear; a
 * band [lo, hi] is the triangles clipped to lo <= z <= hi, all in one path (filled with
 * the winding rule, neighbouring pieces join without seams), a level's line the segments
 * where z crosses it.
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-draw-private.h"

#include <math.h>

typedef struct {
  double x, y, z;
} Vertex;

/* The part of POLY (N vertices) where SIGN * (z - LEVEL) >= 0, into OUT (at most N + 1
 * vertices for a convex polygon); returns its count. */
static int
clip (const Vertex *poly,
      int           n,
      double        level,
      double        sign,
      Vertex       *out)
{
  int m = 0;

  for (int i = 0; i < n; i++)
    {
      const Vertex *a = &poly[i], *b = &poly[(i + 1) % n];
      double da = sign * (a->z - level), db = sign * (b->z - level);

      if (da >= 0)
        out[m++] = *a;
      if ((da >= 0) != (db >= 0))
        {
          double t = da / (da - db);
          out[m++] = (Vertex) { a->x + t * (b->x - a->x), a->y + t * (b->y - a->y), level };
        }
    }
  return m;
}

static void
cell_triangles (const BsPlotArtist *artist,
                guint               r,
                guint               c,
                Vertex              tri[2][3])
{
  const double *x = (const double *) artist->x->data, *y = (const double *) artist->y->data;
  const double *z = (const double *) artist->values->data;
  guint cols = artist->cols;
  Vertex v00 = { x[c], y[r], z[r * cols + c] }, v01 = { x[c + 1], y[r], z[r * cols + c + 1] };
  Vertex v10 = { x[c], y[r + 1], z[(r + 1) * cols + c] };
  Vertex v11 = { x[c + 1], y[r + 1], z[(r + 1) * cols + c + 1] };

  tri[0][0] = v00; tri[0][1] = v01; tri[0][2] = v11;
  tri[1][0] = v00; tri[1][1] = v11; tri[1][2] = v10;
}

static gboolean
finite_triangle (const Vertex *t)
{
  for (int i = 0; i < 3; i++)
    if (!isfinite (t[i].z) || !isfinite (t[i].x) || !isfinite (t[i].y))
      return FALSE;
  return TRUE;
}

void
bs_plot_contour_band_path (cairo_t            *cr,
                           const BsPlotFrame  *frame,
                           const BsPlotArtist *artist,
                           double              lo,
                           double              hi)
{
  for (guint r = 0; r + 1 < artist->rows; r++)
    for (guint c = 0; c + 1 < artist->cols; c++)
      {
        Vertex tri[2][3];

        cell_triangles (artist, r, c, tri);
        for (int t = 0; t < 2; t++)
          {
            Vertex above[4], band[5];
            int n;
            double px0 = 0, py0 = 0, px1 = 0, py1 = 0, px2 = 0, py2 = 0, cross;

            if (!finite_triangle (tri[t]))
              continue;
            n = clip (tri[t], 3, lo, 1, above);
            n = clip (above, n, hi, -1, band);
            if (n < 3)
              continue;
            /* every piece wound the same way on screen, so that the winding rule unites
             * them */
            px0 = bs_plot_frame_x (frame, tri[t][0].x);
            py0 = bs_plot_frame_y (frame, tri[t][0].y);
            px1 = bs_plot_frame_x (frame, tri[t][1].x);
            py1 = bs_plot_frame_y (frame, tri[t][1].y);
            px2 = bs_plot_frame_x (frame, tri[t][2].x);
            py2 = bs_plot_frame_y (frame, tri[t][2].y);
            cross = (px1 - px0) * (py2 - py0) - (py1 - py0) * (px2 - px0);
            for (int i = 0; i < n; i++)
              {
                const Vertex *v = &band[cross >= 0 ? i : n - 1 - i];
                double x = bs_plot_frame_x (frame, v->x), y = bs_plot_frame_y (frame, v->y);
                if (i == 0)
                  cairo_move_to (cr, x, y);
                else
                  cairo_line_to (cr, x, y);
              }
            cairo_close_path (cr);
          }
      }
}

void
bs_plot_contour_line_path (cairo_t            *cr,
                           const BsPlotFrame  *frame,
                           const BsPlotArtist *artist,
                           double              level)
{
  for (guint r = 0; r + 1 < artist->rows; r++)
    for (guint c = 0; c + 1 < artist->cols; c++)
      {
        Vertex tri[2][3];

        cell_triangles (artist, r, c, tri);
        for (int t = 0; t < 2; t++)
          {
            Vertex ends[2];
            int m = 0;

            if (!finite_triangle (tri[t]))
              continue;
            for (int i = 0; i < 3 && m < 2; i++)
              {
                const Vertex *a = &tri[t][i], *b = &tri[t][(i + 1) % 3];
                double da = a->z - level, db = b->z - level;
                if ((da >= 0) != (db >= 0))
                  {
                    double s = da / (da - db);
                    ends[m++] = (Vertex) { a->x + s * (b->x - a->x), a->y + s * (b->y - a->y),
                                           level };
                  }
              }
            if (m == 2)
              {
                cairo_move_to (cr, bs_plot_frame_x (frame, ends[0].x),
                               bs_plot_frame_y (frame, ends[0].y));
                cairo_line_to (cr, bs_plot_frame_x (frame, ends[1].x),
                               bs_plot_frame_y (frame, ends[1].y));
              }
          }
      }
}
