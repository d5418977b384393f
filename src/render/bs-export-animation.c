/* bs-export-animation.c: stepping as an animated GIF (giflib), one frame per step */
#define G_LOG_DOMAIN "bs-render"

#include "bs-export-animation.h"

#include <gif_lib.h>
#include <math.h>
#include <string.h>

#include "bs-atomic-file.h"
#include "bs-replay.h"
#include "bs-trace.h"

/* GIF's limit, and cairo's */
#define MAX_SIDE 32767
#define CAPTION_PAD 8.0

static int
append_gif_bytes (GifFileType       *gif,
                  const GifByteType *data,
                  int                length)
{
  g_byte_array_append (gif->UserData, data, length);
  return length;
}

static gboolean
gif_failed (int      code,
            GError **error)
{
  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED, "cannot encode the GIF: %s",
               GifErrorString (code) != NULL ? GifErrorString (code) : "unknown error");
  return FALSE;
}

/* Loops forever (the Netscape application extension every player reads). */
static gboolean
put_loop (GifFileType  *gif,
          GError      **error)
{
  static const GifByteType loop[3] = { 1, 0, 0 };

  if (EGifPutExtensionLeader (gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
      || EGifPutExtensionBlock (gif, 11, "NETSCAPE2.0") == GIF_ERROR
      || EGifPutExtensionBlock (gif, 3, loop) == GIF_ERROR
      || EGifPutExtensionTrailer (gif) == GIF_ERROR)
    return gif_failed (gif->Error, error);
  return TRUE;
}

/* One frame: its pixels (opaque ARGB32) reduced to at most 256 colours. */
static gboolean
put_frame (GifFileType      *gif,
           cairo_surface_t  *image,
           guint             delay_cs,
           GError          **error)
{
  int width = cairo_image_surface_get_width (image);
  int height = cairo_image_surface_get_height (image);
  int stride = cairo_image_surface_get_stride (image);
  const guint8 *pixels = cairo_image_surface_get_data (image);
  gsize n = (gsize) width * height;
  g_autofree GifByteType *planes = g_malloc (3 * n);
  g_autofree GifByteType *indices = g_malloc (n);
  GifColorType colors[256];
  GraphicsControlBlock control = { DISPOSAL_UNSPECIFIED, false, (int) delay_cs,
                                   NO_TRANSPARENT_COLOR };
  GifByteType extension[4];
  ColorMapObject *map;
  int n_colors = 256;
  gboolean ok;

  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (pixels + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        {
          gsize i = (gsize) y * width + x;

          planes[i] = (row[x] >> 16) & 0xff;
          planes[n + i] = (row[x] >> 8) & 0xff;
          planes[2 * n + i] = row[x] & 0xff;
        }
    }
  if (GifQuantizeBuffer (width, height, &n_colors, planes, planes + n, planes + 2 * n, indices,
                         colors) == GIF_ERROR)
    return gif_failed (E_GIF_ERR_NOT_ENOUGH_MEM, error);
  /* a colour map has a power of two entries */
  map = GifMakeMapObject (1 << GifBitSize (MAX (n_colors, 2)), NULL);
  if (map == NULL)
    return gif_failed (E_GIF_ERR_NOT_ENOUGH_MEM, error);
  memset (map->Colors, 0, sizeof (GifColorType) * map->ColorCount);
  memcpy (map->Colors, colors, sizeof (GifColorType) * n_colors);

  EGifGCBToExtension (&control, extension);
  ok = EGifPutExtension (gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) != GIF_ERROR
       && EGifPutImageDesc (gif, 0, 0, width, height, false, map) != GIF_ERROR;
  for (int y = 0; ok && y < height; y++)
    ok = EGifPutLine (gif, indices + (gsize) y * width, width) != GIF_ERROR;
  GifFreeMapObject (map);
  return ok || gif_failed (gif->Error, error);
}

typedef struct {
  BsScene      *scene;   /* Owned */
  BsTraceState *state;   /* Owned */
  char         *title;
  char         *caption;
} Frame;

static void
frame_clear (gpointer data)
{
  Frame *frame = data;

  g_clear_pointer (&frame->scene, bs_scene_unref);
  g_clear_pointer (&frame->state, bs_trace_state_free);
  g_free (frame->title);
  g_free (frame->caption);
}

/* Draws a frame: the graph as a PNG export draws it at the top left, the caption strip
 * under it at the bottom. */
static void
draw_frame (BsRenderer      *renderer,
            const Frame     *frame,
            cairo_surface_t *image,
            double           caption_height)
{
  double scale = bs_renderer_get_scale (renderer);
  double width = cairo_image_surface_get_width (image) / scale;
  double height = cairo_image_surface_get_height (image) / scale;
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  cairo_t *cr = cairo_create (image);

  bs_color_set_source (&palette->background, cr);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_save (cr);
  bs_renderer_draw (renderer, cr, frame->scene, frame->state);
  cairo_restore (cr);
  /* the strip: a rule, then the step's title and explanation */
  bs_color_set_source (&palette->background, cr);
  cairo_rectangle (cr, 0, height - caption_height, width, caption_height);
  cairo_fill (cr);
  bs_color_set_source (&palette->border, cr);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, height - caption_height + 0.5);
  cairo_line_to (cr, width, height - caption_height + 0.5);
  cairo_stroke (cr);
  bs_renderer_draw_caption (renderer, cr, frame->title, frame->caption, CAPTION_PAD,
                            height - caption_height + CAPTION_PAD, width - 2 * CAPTION_PAD);
  cairo_destroy (cr);
}

GBytes *
bs_export_animation_to_bytes (BsRenderer    *renderer,
                              BsSceneCache  *scenes,
                              BsLayout      *layout,
                              guint64        first,
                              guint64        last,
                              guint          frame_ms,
                              GError       **error)
{
  g_autoptr(GArray) frames = g_array_new (FALSE, TRUE, sizeof (Frame));
  double scale = bs_renderer_get_scale (renderer);
  double width = 1, graph_height = 1, caption_height = 0;
  int pixel_width, pixel_height, code = 0;
  cairo_surface_t *image;
  GByteArray *bytes;
  GifFileType *gif;
  BsTrace *trace;
  guint64 n_steps;
  gboolean ok;

  g_return_val_if_fail (renderer != NULL && scenes != NULL && layout != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  trace = bs_scene_cache_get_trace (scenes);
  n_steps = bs_trace_get_n_steps (trace);
  last = MIN (last, n_steps > 0 ? n_steps - 1 : 0);
  first = MIN (first, last);
  frame_ms = CLAMP (frame_ms, BS_ANIMATION_MIN_FRAME_MS, BS_ANIMATION_MAX_FRAME_MS);
  g_array_set_clear_func (frames, frame_clear);

  /* every frame's picture and caption first: the frames share the largest size */
  for (guint64 step = first; step <= last; step++)
    {
      Frame frame = { 0 };
      double w, h;

      frame.scene = bs_scene_cache_get (scenes, layout, step, error);
      if (frame.scene == NULL)
        return NULL;
      frame.state = bs_replay_state_at (trace, step);
      frame.title = g_strdup_printf ("Step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT, step,
                                     n_steps - 1);
      frame.caption = bs_export_step_caption (trace, frame.state);
      bs_scene_get_size (frame.scene, &w, &h);
      width = MAX (width, w);
      graph_height = MAX (graph_height, h);
      g_array_append_val (frames, frame);
    }
  for (guint i = 0; i < frames->len; i++)
    {
      Frame *frame = &g_array_index (frames, Frame, i);

      caption_height = MAX (caption_height,
                            bs_renderer_draw_caption (renderer, NULL, frame->title,
                                                      frame->caption, 0, 0,
                                                      width - 2 * CAPTION_PAD)
                            + 2 * CAPTION_PAD);
    }
  pixel_width = (int) ceil (width * scale);
  pixel_height = (int) ceil ((graph_height + caption_height) * scale);
  if (pixel_width > MAX_SIDE || pixel_height > MAX_SIDE)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_TOO_LARGE,
                   "the frames would be %d × %d pixels; a GIF stops at %d a side (use a "
                   "smaller scale)", pixel_width, pixel_height, MAX_SIDE);
      return NULL;
    }

  bytes = g_byte_array_new ();
  gif = EGifOpen (bytes, append_gif_bytes, &code);
  if (gif == NULL)
    {
      g_byte_array_unref (bytes);
      gif_failed (code, error);
      return NULL;
    }
  EGifSetGifVersion (gif, true);
  ok = EGifPutScreenDesc (gif, pixel_width, pixel_height, 8, 0, NULL) != GIF_ERROR
       || gif_failed (gif->Error, error);
  ok = ok && put_loop (gif, error);
  image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pixel_width, pixel_height);
  for (guint i = 0; ok && i < frames->len; i++)
    {
      draw_frame (renderer, &g_array_index (frames, Frame, i), image,
                  caption_height);
      cairo_surface_flush (image);
      ok = put_frame (gif, image, (frame_ms + 5) / 10, error);
    }
  cairo_surface_destroy (image);
  if (EGifCloseFile (gif, &code) == GIF_ERROR && ok)
    ok = gif_failed (code, error);
  if (!ok)
    {
      g_byte_array_unref (bytes);
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

gboolean
bs_export_write_animation (BsRenderer    *renderer,
                           BsSceneCache  *scenes,
                           BsLayout      *layout,
                           guint64        first,
                           guint64        last,
                           guint          frame_ms,
                           const char    *filename,
                           GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const guint8 *data;

  g_return_val_if_fail (filename != NULL, FALSE);

  bytes = bs_export_animation_to_bytes (renderer, scenes, layout, first, last, frame_ms,
                                        error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  return bs_atomic_file_write (filename, data, length, error);
}
