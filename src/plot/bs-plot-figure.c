/* bs-plot-figure.c: a matplotlib figure: its size, its axes in subplot grids */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-figure.h"

#include <math.h>

BsPlotFigure *
bs_plot_figure_new (int    number,
                    double width,
                    double height,
                    double dpi)
{
  BsPlotFigure *figure = g_new0 (BsPlotFigure, 1);

  figure->ref_count = 1;
  figure->number = number;
  figure->width = width > 0 ? width : BS_PLOT_DEFAULT_WIDTH;
  figure->height = height > 0 ? height : BS_PLOT_DEFAULT_HEIGHT;
  figure->dpi = dpi > 0 ? dpi : BS_PLOT_DEFAULT_DPI;
  figure->subplot = (BsPlotSubplotParams) { 0.125, 0.9, 0.11, 0.88, 0.2, 0.2 };
  figure->axes = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_axes_free);
  figure->replaced = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_plot_axes_free);
  return figure;
}

BsPlotFigure *
bs_plot_figure_ref (BsPlotFigure *figure)
{
  g_return_val_if_fail (figure != NULL, NULL);
  figure->ref_count++;
  return figure;
}

void
bs_plot_figure_unref (BsPlotFigure *figure)
{
  if (figure == NULL || --figure->ref_count > 0)
    return;
  g_ptr_array_unref (figure->axes);
  g_ptr_array_unref (figure->replaced);
  g_free (figure->suptitle);
  g_free (figure);
}

BsPlotFigure *
bs_plot_figure_copy (const BsPlotFigure *figure)
{
  BsPlotFigure *copy = bs_plot_figure_new (figure->number, figure->width, figure->height,
                                           figure->dpi);

  for (guint i = 0; i < figure->axes->len; i++)
    {
      BsPlotAxes *axes = g_ptr_array_index (figure->axes, i);
      BsPlotAxes *c = bs_plot_axes_copy (axes, copy);

      g_ptr_array_add (copy->axes, c);
      if (axes == figure->current)
        copy->current = c;
    }
  copy->suptitle = g_strdup (figure->suptitle);
  copy->tight_layout = figure->tight_layout;
  copy->subplot = figure->subplot;
  copy->adjusted = figure->adjusted;
  return copy;
}

void
bs_plot_figure_clear (BsPlotFigure *figure)
{
  /* a script's Axes values still point at them */
  while (figure->axes->len > 0)
    g_ptr_array_add (figure->replaced, g_ptr_array_steal_index (figure->axes, 0));
  figure->current = NULL;
  g_clear_pointer (&figure->suptitle, g_free);
}

/* The cell range [r0, r1) × [c0, c1) of subplot (nrows, ncols, index) as fractions */
static void
cell_of (const BsPlotAxes *axes,
         double           *x0,
         double           *y0,
         double           *x1,
         double           *y1)
{
  int row = (axes->index - 1) / axes->ncols, col = (axes->index - 1) % axes->ncols;

  *x0 = (double) col / axes->ncols;
  *x1 = (double) (col + 1) / axes->ncols;
  *y0 = (double) row / axes->nrows;
  *y1 = (double) (row + 1) / axes->nrows;
}

static gboolean
overlaps (const BsPlotAxes *a,
          const BsPlotAxes *b)
{
  double ax0, ay0, ax1, ay1, bx0, by0, bx1, by1;

  cell_of (a, &ax0, &ay0, &ax1, &ay1);
  cell_of (b, &bx0, &by0, &bx1, &by1);
  return ax0 < bx1 - 1e-9 && bx0 < ax1 - 1e-9 && ay0 < by1 - 1e-9 && by0 < ay1 - 1e-9;
}

BsPlotAxes *
bs_plot_figure_add_subplot (BsPlotFigure *figure,
                            int           nrows,
                            int           ncols,
                            int           index,
                            GError      **error)
{
  BsPlotAxes *axes;

  if (nrows <= 0 || ncols <= 0)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                   "Number of %s must be a positive integer, not %d",
                   nrows <= 0 ? "rows" : "columns", nrows <= 0 ? nrows : ncols);
      return NULL;
    }
  if (index < 1 || index > nrows * ncols)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                   "num must be an integer with 1 <= num <= %d, not %d", nrows * ncols, index);
      return NULL;
    }
  for (guint i = 0; i < figure->axes->len; i++)
    {
      axes = g_ptr_array_index (figure->axes, i);
      if (axes->nrows == nrows && axes->ncols == ncols && axes->index == index)
        {
          figure->current = axes;
          return axes;
        }
    }
  axes = bs_plot_axes_new (figure, nrows, ncols, index);
  for (guint i = figure->axes->len; i-- > 0;)
    if (overlaps (g_ptr_array_index (figure->axes, i), axes))
      g_ptr_array_add (figure->replaced, g_ptr_array_steal_index (figure->axes, i));
  g_ptr_array_add (figure->axes, axes);
  figure->current = axes;
  return axes;
}

BsPlotAxes *
bs_plot_figure_gca (BsPlotFigure *figure)
{
  if (figure->current == NULL)
    figure->current = bs_plot_figure_add_subplot (figure, 1, 1, 1, NULL);
  return figure->current;
}

void
bs_plot_figure_set_suptitle (BsPlotFigure *figure,
                             const char   *title)
{
  g_free (figure->suptitle);
  figure->suptitle = g_strdup (title);
}

void
bs_plot_figure_set_tight_layout (BsPlotFigure *figure,
                                 gboolean      tight)
{
  figure->tight_layout = tight;
  figure->adjusted = 0;
}

void
bs_plot_figure_get_pixel_size (BsPlotFigure *figure,
                               int          *width,
                               int          *height)
{
  *width = (int) ceil (figure->width * figure->dpi - 1e-9);
  *height = (int) ceil (figure->height * figure->dpi - 1e-9);
}

gboolean
bs_plot_figure_subplots_adjust (BsPlotFigure              *figure,
                                BsPlotAdjusted             which,
                                const BsPlotSubplotParams *values,
                                GError                   **error)
{
  BsPlotSubplotParams p = figure->subplot;

  if (which & BS_PLOT_ADJUST_LEFT)
    p.left = values->left;
  if (which & BS_PLOT_ADJUST_RIGHT)
    p.right = values->right;
  if (which & BS_PLOT_ADJUST_BOTTOM)
    p.bottom = values->bottom;
  if (which & BS_PLOT_ADJUST_TOP)
    p.top = values->top;
  if (which & BS_PLOT_ADJUST_WSPACE)
    p.wspace = values->wspace;
  if (which & BS_PLOT_ADJUST_HSPACE)
    p.hspace = values->hspace;
  if (p.left >= p.right)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE, "left cannot be >= right");
      return FALSE;
    }
  if (p.bottom >= p.top)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE, "bottom cannot be >= top");
      return FALSE;
    }
  figure->subplot = p;
  if (figure->tight_layout)
    figure->adjusted |= which;
  return TRUE;
}
