/* bs-cli-export.c: `backstep export FILE.py -o OUT.{png,svg,pdf,dot,tex,gif,webp}`, the graph
 * as a file */
#define G_LOG_DOMAIN "bs-cli"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bs-cli.h"
#include "bs-cli-options.h"
#include "bs-export.h"
#include "bs-export-animation.h"
#include "bs-grad-flow.h"
#include "bs-layout.h"

#define MAX_SCALE 16.0
#define DEFAULT_FRAME_MS 1000

typedef struct {
  const char     *output;
  BsExportFormat  format;
  gboolean        at_end;
  guint64         step;
  double          scale;
  gboolean        handout;
  gboolean        animate;
  BsAnimationFormat animation_format;
  guint           frame_ms;
  BsPaletteKind   palette;
  gboolean        grad_flow;
  BsGradFlowScale grad_flow_scale;
  BsSceneView     view;
  gboolean        has_from;
  gboolean        has_to;
  guint64         from;
  guint64         to;
} ExportOptions;

static int
export (BsCliOptions        *cli,
        const ExportOptions *options)
{
  g_autoptr(BsTrace) trace = NULL;
  g_autoptr(BsScene) scene = NULL;
  g_autoptr(BsRenderer) renderer = NULL;
  g_autoptr(BsLayout) layout = NULL;
  g_autoptr(BsSceneCache) scenes = NULL;
  g_autoptr(BsTraceState) state = NULL;
  g_autoptr(GError) error = NULL;
  guint64 last, step;
  gboolean ok;

  trace = bs_cli_options_record (cli, FALSE);
  if (trace == NULL)
    return 1;
  /* a script stopped by --timeout leaves no time for its picture */
  if (cli->timed_out)
    return bs_cli_options_report_run (cli);
  last = bs_trace_get_n_steps (trace) - 1;
  if (!options->handout && !options->animate && !options->at_end && options->step > last)
    return bs_cli_usage_error ("export", "--step %" G_GUINT64_FORMAT ": %s has steps 0 to %"
                               G_GUINT64_FORMAT, options->step, cli->display_name, last);
  if ((options->has_from && options->from > last) || (options->has_to && options->to > last))
    return bs_cli_usage_error ("export", "--from/--to: %s has steps 0 to %" G_GUINT64_FORMAT,
                               cli->display_name, last);

  /* --timeout covers the layout and the file too: the layout gets what time is left (it
   * falls back to a cheaper layout rather than run past it), and the watchdog ends the
   * process should writing run past it */
  bs_cli_options_start_timeout (cli);
  layout = bs_layout_new ();
  if (cli->deadline > 0)
    bs_layout_set_budget (layout, MIN (BS_LAYOUT_DEFAULT_TIME,
                                       cli->deadline - g_get_monotonic_time ()),
                          BS_LAYOUT_DEFAULT_MEMORY);
  renderer = bs_renderer_new (bs_palette_get (options->palette));
  bs_renderer_set_scale (renderer, options->scale);
  bs_renderer_set_grad_flow (renderer, options->grad_flow);
  bs_renderer_set_grad_flow_scale (renderer, options->grad_flow_scale);
  scenes = bs_scene_cache_new (trace, renderer, options->view, NULL, 0);

  if (options->handout || options->animate)
    {
      guint64 from, to;

      /* by default, the first backward call's steps (step 0 is in none) */
      bs_export_backward_steps (trace, 0, &from, &to);
      if (options->has_from)
        from = options->from;
      if (options->has_to)
        to = options->to;
      else if (options->has_from)
        to = last;
      if (from > to)
        return bs_cli_usage_error ("export", "--from %" G_GUINT64_FORMAT " is after --to %"
                                   G_GUINT64_FORMAT, from, to);
      if (options->animate)
        {
          BsAnimationOptions animation = { .format = options->animation_format, .first = from,
                                           .last = to, .frame_ms = options->frame_ms };

          ok = bs_export_write_animation (renderer, scenes, layout, &animation,
                                          options->output, &error);
        }
      else
        ok = bs_export_write_handout (renderer, scenes, layout, from, to, options->output,
                                      &error);
    }
  else
    {
      step = options->at_end ? last : options->step;
      scene = bs_scene_cache_get (scenes, layout, step, &error);
      if (scene == NULL)
        {
          fprintf (stderr, "backstep export: cannot lay out the graph: %s\n", error->message);
          return 1;
        }
      state = bs_replay_state_at (trace, step);
      ok = bs_export_write_file (renderer, scene, state, options->format, options->output,
                                 &error);
    }
  bs_cli_options_stop_timeout (cli);
  if (!ok)
    {
      fprintf (stderr, "backstep export: %s\n", error->message);
      return 1;
    }
  /* The graph is written up to the error, which is then reported as `run` does. */
  return bs_cli_options_report_run (cli);
}

static gboolean
parse_scale (const char *text,
             double     *scale)
{
  char *end;

  if (!g_ascii_isdigit (text[0]) && text[0] != '.')
    return FALSE;
  *scale = g_ascii_strtod (text, &end);
  return *end == '\0' && isfinite (*scale) && *scale > 0 && *scale <= MAX_SCALE;
}

/* Fills in options from the arguments; -1 when they are usable, else 2 (said why). */
static int
check_options (ExportOptions *options,
               const char    *output,
               const char    *step_text,
               const char    *scale_text,
               const char    *palette_text,
               const char    *view_text,
               const char    *from_text,
               const char    *to_text,
               const char    *frame_text,
               const char    *grad_flow_text)
{
  g_autoptr(GError) error = NULL;
  guint64 frame_ms = DEFAULT_FRAME_MS;
  BsAnimationFormat animation;
  gboolean is_animation;

  if (output == NULL)
    return bs_cli_usage_error ("export", "no output file given (-o OUT.png, .svg, .pdf, .dot, "
                               ".tex, or .gif or .webp with --animate)");
  is_animation = bs_animation_format_from_filename (output, &animation, NULL);
  if (options->animate && options->handout)
    return bs_cli_usage_error ("export", "--animate and --handout make different files: "
                               "choose one");
  if (options->animate && !is_animation)
    return bs_cli_usage_error ("export", "--animate writes a GIF or a WebP: OUT must end in "
                               ".gif or .webp");
  if (!options->animate && is_animation)
    return bs_cli_usage_error ("export", "a .%s is an animation: add --animate (and --from, "
                               "--to, --frame-time)", bs_animation_format_get_extension (animation));
  options->animation_format = animation;
  if (options->animate && step_text != NULL)
    return bs_cli_usage_error ("export", "--animate has a range of steps: use --from and "
                               "--to, not --step");
  if (frame_text != NULL && !options->animate)
    return bs_cli_usage_error ("export", "--frame-time is an animation's: add --animate");
  if (frame_text != NULL
      && !g_ascii_string_to_unsigned (frame_text, 10, BS_ANIMATION_MIN_FRAME_MS,
                                      BS_ANIMATION_MAX_FRAME_MS, &frame_ms, NULL))
    return bs_cli_usage_error ("export", "--frame-time: expected milliseconds from %d to %d, "
                               "not '%s'", BS_ANIMATION_MIN_FRAME_MS, BS_ANIMATION_MAX_FRAME_MS,
                               frame_text);
  options->frame_ms = (guint) frame_ms;
  if (!options->animate && !bs_export_format_from_filename (output, &options->format, &error))
    return bs_cli_usage_error ("export", "%s", error->message);
  if (options->handout && options->format != BS_EXPORT_PDF)
    return bs_cli_usage_error ("export", "--handout writes a PDF: OUT must end in .pdf");
  if (options->handout && step_text != NULL)
    return bs_cli_usage_error ("export", "--handout has a range of steps: use --from and "
                               "--to, not --step");
  if (!options->handout && !options->animate && (from_text != NULL || to_text != NULL))
    return bs_cli_usage_error ("export", "--from and --to choose a handout's or an "
                               "animation's steps: add --handout or --animate, or use --step");
  if (from_text != NULL
      && !g_ascii_string_to_unsigned (from_text, 10, 0, G_MAXUINT64, &options->from, NULL))
    return bs_cli_usage_error ("export", "--from: expected a step number, not '%s'", from_text);
  if (to_text != NULL
      && !g_ascii_string_to_unsigned (to_text, 10, 0, G_MAXUINT64, &options->to, NULL))
    return bs_cli_usage_error ("export", "--to: expected a step number, not '%s'", to_text);
  options->has_from = from_text != NULL;
  options->has_to = to_text != NULL;
  if (view_text != NULL && !bs_scene_view_from_name (view_text, &options->view))
    return bs_cli_usage_error ("export", "--view: expected live or whole, not '%s'", view_text);
  if (step_text != NULL && !g_str_equal (step_text, "end")
      && !g_ascii_string_to_unsigned (step_text, 10, 0, G_MAXUINT64, &options->step, NULL))
    return bs_cli_usage_error ("export", "--step: expected a step number or 'end', not '%s'",
                               step_text);
  if (scale_text != NULL && !parse_scale (scale_text, &options->scale))
    return bs_cli_usage_error ("export", "--scale: expected a number above 0 and at most %g, "
                               "not '%s'", MAX_SCALE, scale_text);
  if (palette_text != NULL && !bs_palette_kind_from_name (palette_text, &options->palette))
    return bs_cli_usage_error ("export", "--palette: expected light, dark or projector, not '%s'",
                               palette_text);
  if (grad_flow_text != NULL)
    {
      options->grad_flow = TRUE;
      if (g_str_equal (grad_flow_text, "norm"))
        options->grad_flow_scale = BS_GRAD_FLOW_NORM;
      else if (g_str_equal (grad_flow_text, "ratio"))
        options->grad_flow_scale = BS_GRAD_FLOW_RATIO;
      else
        return bs_cli_usage_error ("export", "--grad-flow: expected norm or ratio, not '%s'",
                                   grad_flow_text);
    }
  options->output = output;
  options->at_end = step_text == NULL || g_str_equal (step_text, "end");
  return -1;
}

int
bs_cli_export (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *output = NULL;
  g_autofree char *step_text = NULL;
  g_autofree char *scale_text = NULL;
  g_autofree char *palette_text = NULL;
  g_autofree char *view_text = NULL;
  g_autofree char *from_text = NULL;
  g_autofree char *to_text = NULL;
  g_autofree char *frame_text = NULL;
  g_autofree char *grad_flow_text = NULL;
  ExportOptions options = { .at_end = TRUE, .scale = 1, .palette = BS_PALETTE_LIGHT,
                            .frame_ms = DEFAULT_FRAME_MS };
  BsCliOptions cli;
  int status;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to OUT: .png, .svg, .pdf, .dot, .tex (TikZ), or .gif or .webp with --animate "
      "(required)",
      "OUT" },
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_text,
      "The step to show, counted as `backstep trace` counts (default: end)", "K|end" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text,
      "Pixels per point for PNG (default: 1)", "S" },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_text,
      "live: the graph the script holds at the step (default); whole: every graph of the run",
      "live|whole" },
    { "handout", 0, 0, G_OPTION_ARG_NONE, &options.handout,
      "Write a PDF, one A4 page per step, each explained under the graph", NULL },
    { "animate", 0, 0, G_OPTION_ARG_NONE, &options.animate,
      "Write an animated GIF or WebP, one frame per step as the window shows it, each explained "
      "in a strip under the graph", NULL },
    { "frame-time", 0, 0, G_OPTION_ARG_STRING, &frame_text,
      "How long the animation shows each step (default: 1000)", "MS" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from_text,
      "The handout's or animation's first step (default: the first backward call's)", "K" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to_text,
      "The handout's or animation's last step (default: the first backward call's last, "
      "or the end)", "K" },
    { "palette", 0, 0, G_OPTION_ARG_STRING, &palette_text,
      "Colours and type: light, dark or projector (default: light)", "NAME" },
    { "grad-flow", 0, 0, G_OPTION_ARG_STRING, &grad_flow_text,
      "Colour each box by its gradient: its norm (norm) or its gradient-to-value ratio "
      "(ratio), log10 scale, with the legend in every format (default: the plain colours)",
      "norm|ratio" },
    G_OPTION_ENTRY_NULL
  };

  g_return_val_if_fail (argc >= 1 && argv != NULL, 2);

  bs_cli_options_init (&cli, "export", TRUE);
  context = g_option_context_new ("FILE.py -o OUT");
  g_option_context_set_summary (context,
    "Runs a Python script (\"-\": standard input) with a recorder attached and draws its\n"
    "live graph as it stands at a step (what the script still holds): PNG, SVG, PDF, DOT or\n"
    "TikZ (.tex), chosen by OUT's extension; with --animate, every step from --from to --to as an\n"
    "animated GIF or (lossless) WebP.\n"
    "The file is written atomically. The script's print() output is not shown.\n"
    "\n"
    "A script that raises still has its graph drawn, up to and including the error,\n"
    "which is marked on the graph; then the traceback goes to standard error and the\n"
    "exit status is 1.");
  g_option_context_add_main_entries (context, entries, NULL);
  status = bs_cli_options_parse (&cli, context, argc, argv);
  if (status < 0)
    status = check_options (&options, output, step_text, scale_text, palette_text,
                            view_text, from_text, to_text, frame_text, grad_flow_text);
  if (status < 0)
    status = export (&cli, &options);
  bs_cli_options_clear (&cli);
  return status;
}
