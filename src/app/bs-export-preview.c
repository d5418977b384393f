/* bs-export-preview.c: what an export will write, computed on a worker thread */
#define G_LOG_DOMAIN "bs-app"

#include "bs-export-preview.h"

#include <math.h>

#include "bs-layout.h"
#include "bs-replay.h"

/* A PNG of more pixels than this is not encoded only to say how large it would be. */
#define MAX_MEASURED_PIXELS (16.0 * 1024 * 1024)

typedef struct {
  BsScene         *scene;
  BsTraceState    *state;
  BsExportSource   source;       /* scene and texts not kept: the renderer's fields */
  BsRunCompare    *compare;      /* Owned; NULL: Compare is off */
  BsExportChoice   choice;
  /* The result, made on the worker: the thumbnail's pixels (opaque ARGB32) */
  cairo_surface_t *image;
  char            *summary;
} PreviewJob;

static void
preview_job_free (PreviewJob *job)
{
  bs_scene_unref (job->scene);
  bs_trace_state_free (job->state);
  bs_run_compare_free (job->compare);
  g_clear_pointer (&job->image, cairo_surface_destroy);
  g_free (job->summary);
  g_free (job);
}

void
bs_export_preview_free (BsExportPreview *preview)
{
  if (preview == NULL)
    return;
  g_clear_object (&preview->thumbnail);
  g_free (preview->summary);
  g_free (preview);
}

/* The scale that fits width × height points into the thumbnail. */
static double
fit_scale (double width,
           double height)
{
  return MIN (BS_EXPORT_PREVIEW_WIDTH / MAX (width, 1), BS_EXPORT_PREVIEW_HEIGHT / MAX (height, 1));
}

/* The graph of the step, drawn as the export draws it at scale (pixels per point). */
static cairo_surface_t *
draw_graph (BsRenderer         *renderer,
            BsScene            *scene,
            const BsTraceState *state,
            double              scale)
{
  const BsPalette *palette = bs_renderer_get_palette (renderer);
  double width, height;
  cairo_surface_t *image;
  cairo_t *cr;

  bs_renderer_get_extent (renderer, scene, state, &width, &height);
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (1, (int) ceil (width * scale)),
                                      MAX (1, (int) ceil (height * scale)));
  cr = cairo_create (image);
  bs_color_set_source (&palette->background, cr);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  bs_renderer_draw (renderer, cr, scene, state);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

static const char *format_names[] = { "PNG", "SVG", "PDF", "DOT (Graphviz)", "TikZ (LaTeX)" };

static gboolean
preview_step (PreviewJob  *job,
              BsRenderer  *renderer,
              GError     **error)
{
  BsExportFormat format = job->choice.format;
  double width, height, scale;
  g_autofree char *size = NULL;
  g_autoptr(GBytes) bytes = NULL;

  bs_renderer_get_extent (renderer, job->scene, job->state, &width, &height);
  width = MAX (width, 1);
  height = MAX (height, 1);
  scale = fit_scale (width, height);
  if (format == BS_EXPORT_PNG)
    {
      double pixels = ceil (width * job->choice.scale) * ceil (height * job->choice.scale);

      bs_renderer_set_scale (renderer, job->choice.scale);
      if (pixels <= MAX_MEASURED_PIXELS)
        {
          bytes = bs_export_to_bytes (renderer, job->scene, job->state, format, error);
          if (bytes == NULL)
            return FALSE;
          size = g_format_size (g_bytes_get_size (bytes));
        }
      /* the thumbnail shows the pixels the PNG has, when it has fewer than it */
      job->image = draw_graph (renderer, job->scene, job->state, MIN (scale, job->choice.scale));
      job->summary = g_strdup_printf ("PNG, %.0f × %.0f pixels%s%s",
                                      ceil (width * job->choice.scale),
                                      ceil (height * job->choice.scale),
                                      size != NULL ? ", " : "", size != NULL ? size : "");
      return TRUE;
    }
  bs_renderer_set_scale (renderer, 1);
  bytes = bs_export_to_bytes (renderer, job->scene, job->state, format, error);
  if (bytes == NULL)
    return FALSE;
  size = g_format_size (g_bytes_get_size (bytes));
  job->image = draw_graph (renderer, job->scene, job->state, scale);
  if (format == BS_EXPORT_DOT)
    job->summary = g_strdup_printf ("DOT (Graphviz), %s of text: the boxes and edges, laid "
                                    "out again by Graphviz", size);
  else if (format == BS_EXPORT_TIKZ)
    job->summary = g_strdup_printf ("TikZ (LaTeX), %.0f × %.0f points, %s: a standalone "
                                    "picture for pdflatex and Beamer", width, height, size);
  else
    job->summary = g_strdup_printf ("%s, %.0f × %.0f points, %s, text as text",
                                    format_names[format], width, height, size);
  return TRUE;
}

static gboolean
preview_animation (PreviewJob    *job,
                   BsRenderer    *renderer,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(BsLayout) layout = bs_layout_new ();
  g_autoptr(BsSceneCache) scenes = NULL;
  BsAnimationOptions options = { .format = job->choice.animation_format,
                                 .first = job->choice.first, .last = job->choice.last,
                                 .frame_ms = job->choice.frame_ms,
                                 .cancellable = cancellable };
  cairo_surface_t *frame;
  cairo_t *cr;
  guint n_frames = 0;
  int width, height;
  double seconds, scale;

  bs_renderer_set_scale (renderer, job->choice.scale);
  scenes = bs_scene_cache_new (bs_scene_get_trace (job->scene), renderer, job->source.view,
                               NULL, 0);
  frame = bs_export_animation_draw_frame (renderer, scenes, layout, &options, options.first,
                                          &n_frames, error);
  if (frame == NULL)
    return FALSE;
  width = cairo_image_surface_get_width (frame);
  height = cairo_image_surface_get_height (frame);
  /* the thumbnail: the frame, made smaller when larger than the thumbnail */
  scale = MIN (1, fit_scale (width, height));
  job->image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (1, (int) (width * scale)),
                                           MAX (1, (int) (height * scale)));
  cr = cairo_create (job->image);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, frame, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (frame);
  cairo_surface_flush (job->image);
  seconds = n_frames * (double) CLAMP (job->choice.frame_ms, BS_ANIMATION_MIN_FRAME_MS,
                                       BS_ANIMATION_MAX_FRAME_MS) / 1000;
  job->summary = g_strdup_printf ("%s, %u frame%s of %d × %d pixels (steps %" G_GUINT64_FORMAT
                                  " to %" G_GUINT64_FORMAT "), %.3g s in all",
                                  job->choice.animation_format == BS_ANIMATION_WEBP
                                  ? "WebP (lossless)" : "GIF",
                                  n_frames, n_frames == 1 ? "" : "s", width, height,
                                  options.first, options.first + n_frames - 1, seconds);
  return TRUE;
}

static void
preview_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  PreviewJob *job = task_data;
  g_autoptr(BsRenderer) renderer = bs_renderer_new (bs_palette_get (job->source.palette));
  GError *error = NULL;
  gboolean ok;

  if (!bs_export_source_allows (&job->source, &job->choice, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  bs_export_source_configure (&job->source, renderer, job->compare);
  if (job->choice.kind == BS_EXPORT_KIND_ANIMATION)
    ok = preview_animation (job, renderer, cancellable, &error);
  else
    {
      ok = preview_step (job, renderer, &error);
      if (ok && job->choice.kind == BS_EXPORT_KIND_HANDOUT)
        {
          guint64 n_pages = job->source.span_last - job->source.span_first + 1;

          g_free (job->summary);
          job->summary = g_strdup_printf ("PDF, %" G_GUINT64_FORMAT " A4 page%s: steps %"
                                          G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT
                                          ", each explained under the graph", n_pages,
                                          n_pages == 1 ? "" : "s", job->source.span_first,
                                          job->source.span_last);
        }
    }
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
bs_export_preview_async (const BsExportSource *source,
                         const BsExportChoice *choice,
                         GCancellable         *cancellable,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  PreviewJob *job;

  g_return_if_fail (source != NULL && source->scene != NULL && choice != NULL);

  bs_export_source_prepare (source);
  job = g_new0 (PreviewJob, 1);
  job->scene = bs_scene_ref (source->scene);
  job->state = bs_replay_state_at (bs_scene_get_trace (source->scene), source->step);
  job->compare = bs_export_source_compare (source);
  job->source = *source;
  job->source.pinned = NULL;
  job->source.pinned_source = job->source.now_source = NULL;
  job->choice = *choice;
  if (choice->kind == BS_EXPORT_KIND_HANDOUT)
    job->choice.format = BS_EXPORT_PDF;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_task_data (task, job, (GDestroyNotify) preview_job_free);
  g_task_run_in_thread (task, preview_in_thread);
}

BsExportPreview *
bs_export_preview_finish (GAsyncResult  *result,
                          GError       **error)
{
  PreviewJob *job;
  BsExportPreview *preview;
  g_autoptr(GBytes) pixels = NULL;

  g_return_val_if_fail (G_IS_TASK (result), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  preview = g_new0 (BsExportPreview, 1);
  pixels = g_bytes_new (cairo_image_surface_get_data (job->image),
                        (gsize) cairo_image_surface_get_stride (job->image)
                        * cairo_image_surface_get_height (job->image));
  /* cairo's ARGB32 (opaque here) is GDK's B8G8R8A8 in a little-endian machine's memory */
  preview->thumbnail = gdk_memory_texture_new (cairo_image_surface_get_width (job->image),
                                               cairo_image_surface_get_height (job->image),
                                               G_BYTE_ORDER == G_LITTLE_ENDIAN
                                               ? GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
                                               : GDK_MEMORY_A8R8G8B8_PREMULTIPLIED,
                                               pixels, cairo_image_surface_get_stride (job->image));
  preview->summary = g_strdup (job->summary);
  return preview;
}
