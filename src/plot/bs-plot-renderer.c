/* bs-plot-renderer.c: a figure drawn with cairo: where its axes go, and its files
 *
 * Axes are placed in their subplot grid with the figure's subplot parameters (matplotlib's
 * left 0.125, right 0.9, bottom 0.11, top 0.88, wspace and hspace 0.2 unless
 * subplots_adjust changed them); tight_layout moves the edges and gaps so that every label
 * fits with 1.08 font sizes to spare, but for those subplots_adjust set after it. An
 * axes with a fixed aspect (imshow) shrinks its box about the centre to keep it.
 */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-renderer.h"
#include "bs-plot-draw-private.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#define FONT_PT        10.0
#define SUPTITLE_PT    12.0
#define TIGHT_PAD      1.08   /* tight_layout(pad=1.08), in font sizes */

typedef BsPlotSubplotParams SubplotParams;

/* In pixels: the margins and the gaps between cells, when tight */
typedef struct {
  gboolean tight;
  double   left, right, top, bottom, wgap, hgap;
} TightParams;

static void
cell_box (const BsPlotFigure  *figure,
          const BsPlotAxes    *axes,
          const SubplotParams *p,
          const TightParams   *t,
          BsPlotRect          *box)
{
  double W = figure->width * figure->dpi, H = figure->height * figure->dpi;
  int row = (axes->index - 1) / axes->ncols, col = (axes->index - 1) % axes->ncols;
  double left, top, cell_w, cell_h, sep_w, sep_h;

  if (t->tight)
    {
      BsPlotAdjusted a = figure->adjusted;
      double right = a & BS_PLOT_ADJUST_RIGHT ? (1 - p->right) * W : t->right;
      double bottom = a & BS_PLOT_ADJUST_BOTTOM ? p->bottom * H : t->bottom;
      double avail_w, avail_h;

      left = a & BS_PLOT_ADJUST_LEFT ? p->left * W : t->left;
      top = a & BS_PLOT_ADJUST_TOP ? (1 - p->top) * H : t->top;
      avail_w = W - left - right;
      avail_h = H - top - bottom;
      if (a & BS_PLOT_ADJUST_WSPACE)
        {
          cell_w = avail_w / (axes->ncols + p->wspace * (axes->ncols - 1));
          sep_w = p->wspace * cell_w;
        }
      else
        {
          sep_w = t->wgap;
          cell_w = (avail_w - (axes->ncols - 1) * sep_w) / axes->ncols;
        }
      if (a & BS_PLOT_ADJUST_HSPACE)
        {
          cell_h = avail_h / (axes->nrows + p->hspace * (axes->nrows - 1));
          sep_h = p->hspace * cell_h;
        }
      else
        {
          sep_h = t->hgap;
          cell_h = (avail_h - (axes->nrows - 1) * sep_h) / axes->nrows;
        }
    }
  else
    {
      /* GridSpec.get_grid_positions */
      double tot_w = (p->right - p->left) * W, tot_h = (p->top - p->bottom) * H;
      cell_w = tot_w / (axes->ncols + p->wspace * (axes->ncols - 1));
      cell_h = tot_h / (axes->nrows + p->hspace * (axes->nrows - 1));
      sep_w = p->wspace * cell_w;
      sep_h = p->hspace * cell_h;
      left = p->left * W;
      top = (1 - p->top) * H;
    }
  box->x = left + col * (cell_w + sep_w);
  box->y = top + row * (cell_h + sep_h);
  box->width = MAX (cell_w, 1);
  box->height = MAX (cell_h, 1);
}

/* Axes.apply_aspect with adjustable='box': shrinks BOX about its centre, or against its
 * right side when a colorbar takes the right of the cell (matplotlib's panchor) */
static void
apply_aspect (BsPlotAxes *axes,
              BsPlotRect *box)
{
  double x0, x1, y0, y1, box_aspect;

  if (isnan (axes->aspect) || axes->aspect <= 0 || axes->aspect_datalim
      || axes->axis[0].scale != BS_PLOT_SCALE_LINEAR
      || axes->axis[1].scale != BS_PLOT_SCALE_LINEAR)
    return;
  bs_plot_axes_get_view (axes, 0, &x0, &x1);
  bs_plot_axes_get_view (axes, 1, &y0, &y1);
  if (x1 == x0 || y1 == y0)
    return;
  box_aspect = axes->aspect * fabs (y1 - y0) / fabs (x1 - x0);
  if (box->height / box->width > box_aspect)
    {
      double h = box->width * box_aspect;
      box->y += (box->height - h) / 2;
      box->height = h;
    }
  else
    {
      double w = box->height / box_aspect;
      box->x += (box->width - w) * (axes->colorbar >= 0 ? 1.0 : 0.5);
      box->width = w;
    }
}

/* The axes' box, and its colorbar's if it has one: matplotlib's make_axes takes the right
 * 15% of the cell after a 5% gap; the bar is 20 times as tall as wide, against the left of
 * its part and as tall as the cell (an image's axes may be shorter). */
static void
axes_box (const BsPlotFigure  *figure,
          BsPlotAxes          *axes,
          const SubplotParams *p,
          const TightParams   *t,
          BsPlotRect          *box,
          BsPlotRect          *bar)
{
  cell_box (figure, axes, p, t, box);
  if (axes->colorbar >= 0)
    {
      double cell_x = box->x, cell_w = box->width;

      box->width = cell_w * 0.80;
      bar->y = box->y;
      bar->height = box->height;
      bar->width = MIN (bar->height / 20, cell_w * 0.15);
      bar->x = cell_x + cell_w * 0.85;
      apply_aspect (axes, box);
      return;
    }
  apply_aspect (axes, box);
}

/* tight_layout: one pass over the labels' reach at the default positions */
static void
tight_params (BsPlotFigure        *figure,
              BsPlotPainter       *painter,
              const SubplotParams *p,
              TightParams         *t)
{
  double pad = TIGHT_PAD * FONT_PT * painter->px_per_pt;
  double left = 0, right = 0, top = 0, bottom = 0;
  double inner_l = 0, inner_r = 0, inner_t = 0, inner_b = 0;
  TightParams none = { FALSE };

  for (guint i = 0; i < figure->axes->len; i++)
    {
      BsPlotAxes *axes = g_ptr_array_index (figure->axes, i);
      int row = (axes->index - 1) / axes->ncols, col = (axes->index - 1) % axes->ncols;
      BsPlotRect cell, box;
      double l, r, tp, b;

      BsPlotRect bar;

      cell_box (figure, axes, p, &none, &cell);
      axes_box (figure, axes, p, &none, &box, &bar);
      bs_plot_axes_decorations (painter, axes, &box, &l, &r, &tp, &b);
      if (axes->colorbar >= 0)
        r = bar.x + bar.width + bs_plot_colorbar_reach (painter, axes, &bar)
            - (box.x + box.width);
      /* what the aspect left free in the cell counts as room */
      l = MAX (0, l - (box.x - cell.x));
      r = MAX (0, r - (cell.x + cell.width - box.x - box.width));
      tp = MAX (0, tp - (box.y - cell.y));
      b = MAX (0, b - (cell.y + cell.height - box.y - box.height));
      if (col == 0)
        left = MAX (left, l);
      else
        inner_l = MAX (inner_l, l);
      if (col == axes->ncols - 1)
        right = MAX (right, r);
      else
        inner_r = MAX (inner_r, r);
      if (row == 0)
        top = MAX (top, tp);
      else
        inner_t = MAX (inner_t, tp);
      if (row == axes->nrows - 1)
        bottom = MAX (bottom, b);
      else
        inner_b = MAX (inner_b, b);
    }
  if (figure->suptitle != NULL && figure->suptitle[0] != '\0')
    {
      double w, h;
      bs_plot_painter_measure (painter, figure->suptitle, FALSE, SUPTITLE_PT, &w, &h);
      top += h + 0.02 * figure->height * figure->dpi;
    }
  t->tight = TRUE;
  t->left = left + pad;
  t->right = right + pad;
  t->top = top + pad;
  t->bottom = bottom + pad;
  /* between cells: one column's right reach, the next one's left reach */
  t->wgap = inner_r + inner_l + pad;
  t->hgap = inner_b + inner_t + pad;
}

void
bs_plot_figure_draw (BsPlotFigure *figure,
                     cairo_t      *cr)
{
  static const BsPlotColor black = { 0, 0, 0, 1 };
  SubplotParams params = figure->subplot;
  TightParams tight = { FALSE };
  BsPlotPainter painter;
  double W = figure->width * figure->dpi, H = figure->height * figure->dpi;

  g_return_if_fail (figure != NULL && cr != NULL);

  cairo_save (cr);
  bs_plot_painter_init (&painter, cr, figure->dpi);
  cairo_rectangle (cr, 0, 0, W, H);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  if (figure->tight_layout)
    tight_params (figure, &painter, &params, &tight);
  for (guint i = 0; i < figure->axes->len; i++)
    {
      BsPlotAxes *axes = g_ptr_array_index (figure->axes, i);
      BsPlotRect box;

      BsPlotRect bar;

      axes_box (figure, axes, &params, &tight, &box, &bar);
      bs_plot_axes_draw (&painter, axes, &box);
      if (axes->colorbar >= 0)
        bs_plot_colorbar_draw (&painter, axes, &bar);
    }
  if (figure->suptitle != NULL)
    bs_plot_painter_text (&painter, figure->suptitle, FALSE, SUPTITLE_PT, W / 2, 0.02 * H,
                          BS_PLOT_ALIGN_CENTER, BS_PLOT_ALIGN_START, FALSE, &black);
  bs_plot_painter_clear (&painter);
  cairo_restore (cr);
}

gboolean
bs_plot_format_from_name (const char   *name,
                          BsPlotFormat *format,
                          GError      **error)
{
  if (g_ascii_strcasecmp (name, "png") == 0)
    *format = BS_PLOT_FORMAT_PNG;
  else if (g_ascii_strcasecmp (name, "svg") == 0)
    *format = BS_PLOT_FORMAT_SVG;
  else if (g_ascii_strcasecmp (name, "pdf") == 0)
    *format = BS_PLOT_FORMAT_PDF;
  else
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                   "Format '%s' is not supported (supported formats: pdf, png, svg)", name);
      return FALSE;
    }
  return TRUE;
}

const char *
bs_plot_format_extension (BsPlotFormat format)
{
  switch (format)
    {
    case BS_PLOT_FORMAT_SVG: return "svg";
    case BS_PLOT_FORMAT_PDF: return "pdf";
    case BS_PLOT_FORMAT_PNG:
    default: return "png";
    }
}

static gboolean
check_surface (cairo_surface_t *surface,
               GError         **error)
{
  cairo_status_t status = cairo_surface_status (surface);

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_FAILED, "cannot draw the figure: %s",
               cairo_status_to_string (status));
  return FALSE;
}

cairo_surface_t *
bs_plot_figure_to_image (BsPlotFigure *figure,
                         GError      **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;

  bs_plot_figure_get_pixel_size (figure, &w, &h);
  if (w < 1 || h < 1 || w > 32767 || h > 32767)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
                   "Image size of %dx%d pixels is too large. It must be less than 2^15 in "
                   "each direction.", w, h);
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (!check_surface (surface, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cr = cairo_create (surface);
  bs_plot_figure_draw (figure, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
bs_plot_figure_to_bytes (BsPlotFigure *figure,
                         BsPlotFormat  format,
                         GError      **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  double w_pt = figure->width * 72.0, h_pt = figure->height * 72.0;
  gboolean ok;

  if (format == BS_PLOT_FORMAT_PNG)
    {
      surface = bs_plot_figure_to_image (figure, error);
      if (surface == NULL)
        return NULL;
      ok = cairo_surface_write_to_png_stream (surface, append_bytes, bytes)
           == CAIRO_STATUS_SUCCESS;
      cairo_surface_destroy (surface);
    }
  else
    {
      cairo_t *cr;

      if (format == BS_PLOT_FORMAT_SVG)
        {
          surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w_pt, h_pt);
          cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
        }
      else
        surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, w_pt, h_pt);
      if (!check_surface (surface, error))
        {
          cairo_surface_destroy (surface);
          return NULL;
        }
      cr = cairo_create (surface);
      cairo_scale (cr, 72.0 / figure->dpi, 72.0 / figure->dpi);
      bs_plot_figure_draw (figure, cr);
      cairo_show_page (cr);
      ok = cairo_status (cr) == CAIRO_STATUS_SUCCESS;
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      ok = ok && cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS;
      cairo_surface_destroy (surface);
    }
  if (!ok)
    {
      g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_FAILED, "cannot encode the figure as %s",
                   bs_plot_format_extension (format));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
bs_plot_figure_write (BsPlotFigure *figure,
                      BsPlotFormat  format,
                      const char   *filename,
                      GError      **error)
{
  g_autoptr(GBytes) bytes = bs_plot_figure_to_bytes (figure, format, error);
  gsize size;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  return g_file_set_contents_full (filename, data, size, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0644, error);
}
