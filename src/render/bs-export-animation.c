/* bs-export-animation.c: stepping as an animated GIF (giflib) or WebP (libwebpmux), one
 * frame per step */
#define G_LOG_DOMAIN "bs-render"

#include "bs-export-animation.h"

#include <gif_lib.h>
#include <math.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include "bs-atomic-file.h"
#include "bs-grad-flow.h"
#include "bs-replay.h"
#include "bs-trace.h"

/* GIF's limit, and cairo's; WebP's */
#define GIF_MAX_SIDE 32767
#define WEBP_MAX_SIDE 16383
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
 * under it at the bottom, and in gradient-flow mode the legend on a strip of
 * legend_height just above the caption's. */
static void
draw_frame (BsRenderer      *renderer,
            const Frame     *frame,
            cairo_surface_t *image,
            double           legend_height,
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
  if (legend_height > 0)
    {
      double legend_width, drawn_height;

      bs_color_set_source (&palette->background, cr);
      cairo_rectangle (cr, 0, height - caption_height - legend_height, width, legend_height);
      cairo_fill (cr);
      bs_grad_flow_draw_legend (cr, palette, bs_renderer_get_grad_flow_scale (renderer),
                                CAPTION_PAD, height - caption_height - legend_height
                                + CAPTION_PAD / 2, &legend_width, &drawn_height);
    }
  cairo_destroy (cr);
}

/* --- encoders: begin with the frames' size, add each frame, end with the file ---------- */

typedef struct {
  BsAnimationFormat  format;
  guint              frame_ms;
  int                width;
  int                height;
  /* GIF */
  GByteArray        *bytes;
  GifFileType       *gif;
  /* WebP */
  WebPAnimEncoder   *webp;
  WebPConfig         config;
  int                timestamp;
} Encoder;

static gboolean
encoder_begin (Encoder  *encoder,
               GError  **error)
{
  int code = 0;

  if (encoder->format == BS_ANIMATION_WEBP)
    {
      WebPAnimEncoderOptions options;

      /* lossless at preset 1: seed 004's 36 frames are 181 KB in 0.2 s (preset 0: 1.3 MB;
       * 3: 143 KB in three times the time) */
      if (!WebPAnimEncoderOptionsInit (&options) || !WebPConfigInit (&encoder->config)
          || !WebPConfigLosslessPreset (&encoder->config, 1))
        {
          g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED,
                       "cannot encode the WebP: libwebp's version does not match");
          return FALSE;
        }
      options.anim_params.loop_count = 0;
      options.anim_params.bgcolor = 0xffffffff;
      encoder->webp = WebPAnimEncoderNew (encoder->width, encoder->height, &options);
      if (encoder->webp == NULL)
        {
          g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED,
                       "cannot encode the WebP: out of memory");
          return FALSE;
        }
      return TRUE;
    }
  encoder->bytes = g_byte_array_new ();
  encoder->gif = EGifOpen (encoder->bytes, append_gif_bytes, &code);
  if (encoder->gif == NULL)
    return gif_failed (code, error);
  EGifSetGifVersion (encoder->gif, true);
  if (EGifPutScreenDesc (encoder->gif, encoder->width, encoder->height, 8, 0, NULL) == GIF_ERROR)
    return gif_failed (encoder->gif->Error, error);
  return put_loop (encoder->gif, error);
}

static gboolean
webp_failed (Encoder  *encoder,
             GError  **error)
{
  const char *why = WebPAnimEncoderGetError (encoder->webp);

  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FAILED, "cannot encode the WebP: %s",
               why != NULL && *why != '\0' ? why : "unknown error");
  return FALSE;
}

static gboolean
encoder_add (Encoder          *encoder,
             cairo_surface_t  *image,
             GError          **error)
{
  WebPPicture picture;
  gboolean ok;

  if (encoder->format == BS_ANIMATION_GIF)
    return put_frame (encoder->gif, image, (encoder->frame_ms + 5) / 10, error);

  if (!WebPPictureInit (&picture))
    return webp_failed (encoder, error);
  picture.use_argb = 1;
  picture.width = encoder->width;
  picture.height = encoder->height;
  ok = WebPPictureAlloc (&picture);
  if (ok)
    {
      const guint8 *pixels = cairo_image_surface_get_data (image);
      int stride = cairo_image_surface_get_stride (image);

      /* cairo's RGB24 pixel is 0xXXRRGGBB as a machine word, WebP's 0xAARRGGBB */
      for (int y = 0; y < encoder->height; y++)
        {
          const guint32 *row = (const guint32 *) (pixels + (gsize) y * stride);
          guint32 *out = picture.argb + (gsize) y * picture.argb_stride;

          for (int x = 0; x < encoder->width; x++)
            out[x] = row[x] | 0xff000000u;
        }
      ok = WebPAnimEncoderAdd (encoder->webp, &picture, encoder->timestamp, &encoder->config);
    }
  WebPPictureFree (&picture);
  encoder->timestamp += encoder->frame_ms;
  return ok || webp_failed (encoder, error);
}

/* The file, or NULL (error set unless it was already); frees what begin made. */
static GBytes *
encoder_end (Encoder  *encoder,
             gboolean  ok,
             GError  **error)
{
  GBytes *bytes = NULL;
  int code = 0;

  if (encoder->format == BS_ANIMATION_WEBP)
    {
      WebPData data;

      if (encoder->webp == NULL)
        return NULL;
      WebPDataInit (&data);
      if (ok && (!WebPAnimEncoderAdd (encoder->webp, NULL, encoder->timestamp, NULL)
                 || !WebPAnimEncoderAssemble (encoder->webp, &data)))
        ok = webp_failed (encoder, error);
      if (ok)
        bytes = g_bytes_new (data.bytes, data.size);
      WebPDataClear (&data);
      WebPAnimEncoderDelete (encoder->webp);
      return bytes;
    }
  if (encoder->gif != NULL && EGifCloseFile (encoder->gif, &code) == GIF_ERROR && ok)
    ok = gif_failed (code, error);
  if (ok)
    return g_byte_array_free_to_bytes (encoder->bytes);
  g_byte_array_unref (encoder->bytes);
  return NULL;
}

/* --- the animation ----------------------------------------------------------------------- */

gboolean
bs_animation_format_from_filename (const char         *filename,
                                   BsAnimationFormat  *format,
                                   GError            **error)
{
  const char *dot;

  g_return_val_if_fail (filename != NULL && format != NULL, FALSE);

  dot = strrchr (filename, '.');
  if (dot != NULL && g_ascii_strcasecmp (dot, ".gif") == 0)
    *format = BS_ANIMATION_GIF;
  else if (dot != NULL && g_ascii_strcasecmp (dot, ".webp") == 0)
    *format = BS_ANIMATION_WEBP;
  else
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
                   "an animation is a .gif or a .webp, not '%s'", filename);
      return FALSE;
    }
  return TRUE;
}

const char *
bs_animation_format_get_extension (BsAnimationFormat format)
{
  return format == BS_ANIMATION_WEBP ? "webp" : "gif";
}

void
bs_export_backward_steps (BsTrace *trace,
                          guint64  step,
                          guint64 *first,
                          guint64 *last)
{
  guint64 n_events = bs_trace_get_n_events (trace);
  gboolean found = FALSE;

  g_return_if_fail (trace != NULL && first != NULL && last != NULL);

  *first = 0;
  *last = G_MAXUINT64;
  for (guint64 i = 0; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);
      guint64 end = G_MAXUINT64;

      if (event->type != BS_TRACE_EVENT_BACKWARD_BEGIN)
        continue;
      for (guint64 j = i + 1; j < n_events; j++)
        {
          const BsTraceEvent *closing = bs_trace_get_event (trace, j);

          if (closing->type == BS_TRACE_EVENT_BACKWARD_END
              && closing->backward == event->backward)
            {
              end = closing->step;
              break;
            }
        }
      if (!found || (step >= event->step && step <= end))
        {
          *first = event->step;
          *last = end;
          found = TRUE;
        }
      if (step >= event->step && step <= end)
        return;
    }
}

/* The frames of options' steps and their common size. */
typedef struct {
  GArray  *frames;           /* of Frame */
  double   legend_height;    /* 0 without gradient flow */
  double   caption_height;
  int      width;            /* pixels */
  int      height;
} Frames;

static void
frames_clear (Frames *frames)
{
  g_clear_pointer (&frames->frames, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frames, frames_clear)

static gboolean
collect_frames (BsRenderer                *renderer,
                BsSceneCache              *scenes,
                BsLayout                  *layout,
                const BsAnimationOptions  *options,
                Frames                    *frames,
                GError                   **error)
{
  BsTrace *trace = bs_scene_cache_get_trace (scenes);
  guint64 n_steps = bs_trace_get_n_steps (trace);
  guint64 last = MIN (options->last, n_steps > 0 ? n_steps - 1 : 0);
  guint64 first = MIN (options->first, last);
  double scale = bs_renderer_get_scale (renderer);
  double width = 1, graph_height = 1;
  int max_side;

  frames->frames = g_array_new (FALSE, TRUE, sizeof (Frame));
  g_array_set_clear_func (frames->frames, frame_clear);
  /* every frame's picture and caption first: the frames share the largest size */
  for (guint64 step = first; step <= last; step++)
    {
      Frame frame = { 0 };
      double w, h;

      if (g_cancellable_set_error_if_cancelled (options->cancellable, error))
        return FALSE;
      frame.scene = bs_scene_cache_get (scenes, layout, step, error);
      if (frame.scene == NULL)
        return FALSE;
      frame.state = bs_replay_state_at (trace, step);
      frame.title = g_strdup_printf ("Step %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT, step,
                                     n_steps - 1);
      frame.caption = bs_export_step_caption (trace, frame.state);
      bs_renderer_get_extent (renderer, frame.scene, frame.state, &w, &h);
      width = MAX (width, w);
      graph_height = MAX (graph_height, h);
      g_array_append_val (frames->frames, frame);
    }
  frames->legend_height = 0;
  if (bs_renderer_get_grad_flow (renderer))
    {
      double legend_width, legend_height;

      bs_grad_flow_draw_legend (NULL, bs_renderer_get_palette (renderer),
                                bs_renderer_get_grad_flow_scale (renderer), 0, 0,
                                &legend_width, &legend_height);
      width = MAX (width, legend_width + 2 * CAPTION_PAD);
      frames->legend_height = legend_height + CAPTION_PAD;
    }
  frames->caption_height = 0;
  for (guint i = 0; i < frames->frames->len; i++)
    {
      Frame *frame = &g_array_index (frames->frames, Frame, i);

      frames->caption_height = MAX (frames->caption_height,
                                    bs_renderer_draw_caption (renderer, NULL, frame->title,
                                                              frame->caption, 0, 0,
                                                              width - 2 * CAPTION_PAD)
                                    + 2 * CAPTION_PAD);
    }
  frames->width = (int) ceil (width * scale);
  frames->height = (int) ceil ((graph_height + frames->legend_height + frames->caption_height)
                               * scale);
  max_side = options->format == BS_ANIMATION_WEBP ? WEBP_MAX_SIDE : GIF_MAX_SIDE;
  if (frames->width > max_side || frames->height > max_side)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_TOO_LARGE,
                   "the frames would be %d × %d pixels; a %s stops at %d a side (use a "
                   "smaller scale)", frames->width, frames->height,
                   options->format == BS_ANIMATION_WEBP ? "WebP" : "GIF", max_side);
      return FALSE;
    }
  return TRUE;
}

cairo_surface_t *
bs_export_animation_draw_frame (BsRenderer                *renderer,
                                BsSceneCache              *scenes,
                                BsLayout                  *layout,
                                const BsAnimationOptions  *options,
                                guint64                    step,
                                guint                     *n_frames,
                                GError                   **error)
{
  g_auto(Frames) frames = { 0 };
  cairo_surface_t *image;
  guint index;

  g_return_val_if_fail (renderer != NULL && scenes != NULL && layout != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!collect_frames (renderer, scenes, layout, options, &frames, error))
    return NULL;
  index = step <= options->first ? 0 : (guint) MIN (step - options->first,
                                                    frames.frames->len - 1);
  image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, frames.width, frames.height);
  draw_frame (renderer, &g_array_index (frames.frames, Frame, index), image,
              frames.legend_height, frames.caption_height);
  cairo_surface_flush (image);
  if (n_frames != NULL)
    *n_frames = frames.frames->len;
  return image;
}

GBytes *
bs_export_animation_to_bytes (BsRenderer                *renderer,
                              BsSceneCache              *scenes,
                              BsLayout                  *layout,
                              const BsAnimationOptions  *options,
                              GError                   **error)
{
  g_auto(Frames) frames = { 0 };
  Encoder encoder = { 0 };
  cairo_surface_t *image;
  gboolean ok;

  g_return_val_if_fail (renderer != NULL && scenes != NULL && layout != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!collect_frames (renderer, scenes, layout, options, &frames, error))
    return NULL;
  encoder.format = options->format;
  encoder.frame_ms = CLAMP (options->frame_ms, BS_ANIMATION_MIN_FRAME_MS,
                            BS_ANIMATION_MAX_FRAME_MS);
  encoder.width = frames.width;
  encoder.height = frames.height;
  ok = encoder_begin (&encoder, error);
  image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, encoder.width, encoder.height);
  for (guint i = 0; ok && i < frames.frames->len; i++)
    {
      ok = !g_cancellable_set_error_if_cancelled (options->cancellable, error);
      if (!ok)
        break;
      draw_frame (renderer, &g_array_index (frames.frames, Frame, i), image,
                  frames.legend_height, frames.caption_height);
      cairo_surface_flush (image);
      ok = encoder_add (&encoder, image, error);
      if (ok && options->progress != NULL)
        options->progress (i + 1, frames.frames->len, options->progress_data);
    }
  cairo_surface_destroy (image);
  return encoder_end (&encoder, ok, error);
}

gboolean
bs_export_write_animation (BsRenderer                *renderer,
                           BsSceneCache              *scenes,
                           BsLayout                  *layout,
                           const BsAnimationOptions  *options,
                           const char                *filename,
                           GError                   **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const guint8 *data;

  g_return_val_if_fail (filename != NULL, FALSE);

  bytes = bs_export_animation_to_bytes (renderer, scenes, layout, options, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  return bs_atomic_file_write (filename, data, length, error);
}
