/* bs-text-measurer.c: the renderer's type, measured and laid out */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "bs-step-text.h"
#include "bs-text-measurer.h"

#define MAX_CACHED_WIDTHS 20000
/* Laid-out texts kept for drawing (a few per box in view) */
#define MAX_KEPT_LAYOUTS 4000

static const struct {
  double      size;      /* relative to the palette's */
  gboolean    mono;
  PangoWeight weight;
} font_specs[BS_N_FONTS] = {
  [BS_FONT_TITLE] = { 1.0, FALSE, PANGO_WEIGHT_BOLD },
  [BS_FONT_SMALL] = { 0.85, FALSE, PANGO_WEIGHT_NORMAL },
  [BS_FONT_MONO] = { 0.9, TRUE, PANGO_WEIGHT_NORMAL },
  [BS_FONT_TAG] = { 0.75, FALSE, PANGO_WEIGHT_BOLD },
  [BS_FONT_BODY] = { 1.0, FALSE, PANGO_WEIGHT_NORMAL },
};

struct _BsTextMeasurer {
  const BsPalette      *palette;     /* Borrowed: static */
  gboolean              caching;     /* off: every text measured and laid out afresh */
  BsSvgText            *svg_text;    /* Borrowed: collects the texts instead of drawing */

  /* Owned */
  PangoFontMap         *font_map;
  PangoContext         *context;
  cairo_font_options_t *target_options;    /* of the surface context was last made for */
  PangoFontDescription *fonts[BS_N_FONTS];
  PangoLayout          *layouts[BS_N_FONTS];   /* scratch, for measuring */
  GHashTable           *widths[BS_N_FONTS];   /* text -> width in Pango units + 1 */
  GHashTable           *advances[BS_N_FONTS]; /* monospace: character -> advance (-1: none) */
  int                   ascii_advances[BS_N_FONTS][128];    /* the same, 0: not known yet */
  GHashTable           *kept_layouts;      /* BsTextLayoutKey -> PangoLayout laid out to draw */
  double                line_height[BS_N_FONTS];
  double                tag_width;         /* of "saved"/"freed", 0: not known yet */
  double                tag_height;
};

static PangoLayout *
layout_for (BsTextMeasurer *self,
            BsFont          font,
            const char     *text)
{
  PangoLayout *layout = self->layouts[font];

  pango_layout_set_width (layout, -1);
  pango_layout_set_height (layout, -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Whether a character alone takes the room it takes in a line of such characters (in a
 * monospace font): printed, spacing, left to right, never joined to its neighbours (no
 * marks, joiners, emoji or scripts that join). */
static gboolean
plain_char (gunichar c)
{
  if (c < 0x80)
    return c >= 0x20 && c < 0x7f;
  if (c < 0xa0 || (c >= 0x0590 && c < 0x1d00) || c >= 0x2c00)
    return FALSE;
  switch (g_unichar_type (c))
    {
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
      break;
    default:
      return FALSE;
    }
  switch (g_unichar_get_script (c))
    {
    case G_UNICODE_SCRIPT_COMMON:
    case G_UNICODE_SCRIPT_LATIN:
    case G_UNICODE_SCRIPT_GREEK:
    case G_UNICODE_SCRIPT_CYRILLIC:
      return TRUE;
    default:
      return FALSE;
    }
}

/* A plain character's advance in Pango units when a monospace font draws it as one glyph,
 * else -1. Measured once, laid out alone. */
static int
char_advance (BsTextMeasurer *self,
              BsFont          font,
              gunichar        c)
{
  gpointer known;
  int advance = -1;

  if (c < G_N_ELEMENTS (self->ascii_advances[font]) && self->ascii_advances[font][c] != 0)
    return self->ascii_advances[font][c];
  if (c >= G_N_ELEMENTS (self->ascii_advances[font])
      && g_hash_table_lookup_extended (self->advances[font], GUINT_TO_POINTER (c), NULL, &known))
    return GPOINTER_TO_INT (known);

  if (plain_char (c))
    {
      char utf8[8] = { 0 };
      PangoLayout *layout;
      PangoLayoutLine *line;

      g_unichar_to_utf8 (c, utf8);
      layout = layout_for (self, font, utf8);
      line = pango_layout_get_line_readonly (layout, 0);
      if (pango_layout_get_line_count (layout) == 1 && line != NULL && line->runs != NULL
          && line->runs->next == NULL)
        {
          const PangoGlyphItem *run = line->runs->data;
          PangoFontFace *face = run->item->analysis.font != NULL
                                ? pango_font_get_face (run->item->analysis.font) : NULL;
          PangoFontFamily *family = face != NULL ? pango_font_face_get_family (face) : NULL;
          PangoRectangle logical;

          pango_layout_get_extents (layout, NULL, &logical);
          if (run->glyphs->num_glyphs == 1
              && (run->glyphs->glyphs[0].glyph & PANGO_GLYPH_UNKNOWN_FLAG) == 0
              && family != NULL && pango_font_family_is_monospace (family) && logical.width > 0)
            advance = logical.width;
        }
    }
  if (c < G_N_ELEMENTS (self->ascii_advances[font]))
    self->ascii_advances[font][c] = advance;
  else
    g_hash_table_insert (self->advances[font], GUINT_TO_POINTER (c), GINT_TO_POINTER (advance));
  return advance;
}

/* A monospace font's glyphs are neither kerned nor joined: a line of plain characters is
 * as wide as their advances added up (tests/test-render.c checks it against Pango). In
 * Pango units; -1 when text has a character that is not plain. */
static int
monospace_width (BsTextMeasurer *self,
                 BsFont          font,
                 const char     *text)
{
  int width = 0;

  for (const char *p = text; *p != '\0';)
    {
      gunichar c = (guchar) *p;
      int advance;

      if (c < 0x80)
        {
          p++;
          if ((advance = self->ascii_advances[font][c]) == 0)
            advance = char_advance (self, font, c);
        }
      else
        {
          c = g_utf8_get_char_validated (p, -1);
          if (c == (gunichar) -1 || c == (gunichar) -2)
            return -1;
          p = g_utf8_next_char (p);
          advance = char_advance (self, font, c);
        }
      if (advance < 0)
        return -1;
      width += advance;
    }
  return width;
}

static double
text_width (BsTextMeasurer *self,
            BsFont          font,
            const char     *text)
{
  PangoRectangle logical;
  gpointer cached;

  if (self->caching && font_specs[font].mono)
    {
      int width = monospace_width (self, font, text);

      if (width >= 0)
        return width / (double) PANGO_SCALE;
    }
  if ((cached = g_hash_table_lookup (self->widths[font], text)) != NULL)
    return (GPOINTER_TO_INT (cached) - 1) / (double) PANGO_SCALE;
  pango_layout_get_extents (layout_for (self, font, text), NULL, &logical);
  g_hash_table_insert (self->widths[font], g_strdup (text), GINT_TO_POINTER (logical.width + 1));
  return logical.width / (double) PANGO_SCALE;
}

static guint
layout_key_hash (gconstpointer data)
{
  const BsTextLayoutKey *key = data;
  guint hash = g_str_hash (key->text);

  hash = hash * 31u + (guint) key->font;
  hash = hash * 31u + (guint) key->width;
  hash = hash * 31u + (guint) key->height;
  return hash * 31u + ((guint) key->wrap * 9u + (guint) key->ellipsize * 3u + key->alignment);
}

static gboolean
layout_key_equal (gconstpointer a,
                  gconstpointer b)
{
  const BsTextLayoutKey *x = a, *y = b;

  return x->font == y->font && x->width == y->width && x->height == y->height
         && x->wrap == y->wrap && x->ellipsize == y->ellipsize && x->alignment == y->alignment
         && strcmp (x->text, y->text) == 0;
}

static void
layout_key_free (gpointer data)
{
  BsTextLayoutKey *key = data;

  g_free ((char *) key->text);
  g_free (key);
}

static void
layout_apply (PangoLayout           *layout,
              const BsTextLayoutKey *key)
{
  pango_layout_set_width (layout, key->width);
  pango_layout_set_height (layout, key->height);
  pango_layout_set_wrap (layout, key->wrap);
  pango_layout_set_ellipsize (layout, key->ellipsize);
  pango_layout_set_alignment (layout, key->alignment);
  pango_layout_set_text (layout, key->text, -1);
}

static PangoLayout *
layout_to_draw (BsTextMeasurer        *self,
                const BsTextLayoutKey *key)
{
  PangoLayout *layout;
  BsTextLayoutKey *kept;

  if (!self->caching)
    {
      layout = layout_for (self, key->font, key->text);
      layout_apply (layout, key);
      return layout;
    }
  if ((layout = g_hash_table_lookup (self->kept_layouts, key)) != NULL)
    return layout;
  if (g_hash_table_size (self->kept_layouts) >= MAX_KEPT_LAYOUTS)
    g_hash_table_remove_all (self->kept_layouts);
  layout = pango_layout_new (self->context);
  pango_layout_set_font_description (layout, self->fonts[key->font]);
  layout_apply (layout, key);
  kept = g_memdup2 (key, sizeof *key);
  kept->text = g_strdup (key->text);
  g_hash_table_insert (self->kept_layouts, kept, layout);
  return layout;
}


static void
reset_context (BsTextMeasurer *self)
{
  for (guint f = 0; f < BS_N_FONTS; f++)
    pango_layout_context_changed (self->layouts[f]);
}

/* pango_cairo_update_context() marks the context changed even when nothing changed, and
 * every kept layout would be laid out again: it is called only when cr's transformation
 * or its surface's font options differ from those the context was made for. */
static void
update_context (BsTextMeasurer *self,
                cairo_t        *cr)
{
  const PangoMatrix *current = pango_context_get_matrix (self->context);
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_matrix_t matrix;

  cairo_get_matrix (cr, &matrix);
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  if (self->caching && current != NULL && current->xx == matrix.xx && current->yx == matrix.yx
      && current->xy == matrix.xy && current->yy == matrix.yy && self->target_options != NULL
      && cairo_font_options_equal (options, self->target_options))
    {
      cairo_font_options_destroy (options);
      return;
    }
  pango_cairo_update_context (cr, self->context);
  g_clear_pointer (&self->target_options, cairo_font_options_destroy);
  self->target_options = options;
  reset_context (self);
}

/* Measuring is done with no transformation. */
static void
measuring_context (BsTextMeasurer *self)
{
  if (pango_context_get_matrix (self->context) != NULL)
    {
      pango_context_set_matrix (self->context, NULL);
      reset_context (self);
    }
}


BsTextMeasurer *
bs_text_measurer_new (const BsPalette *palette)
{
  BsTextMeasurer *self;
  cairo_font_options_t *options;

  g_return_val_if_fail (palette != NULL, NULL);

  self = g_new0 (BsTextMeasurer, 1);
  self->palette = palette;
  self->caching = TRUE;

  /* A font map of our own, with fixed options, so the same scene gives the same pixels
   * in the window and in every export, whatever the desktop's font settings. */
  self->font_map = pango_cairo_font_map_new ();
  pango_cairo_font_map_set_resolution (PANGO_CAIRO_FONT_MAP (self->font_map), 72);
  self->context = pango_font_map_create_context (self->font_map);
  options = cairo_font_options_create ();
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (self->context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (self->context, FALSE);

  for (guint f = 0; f < BS_N_FONTS; f++)
    {
      PangoFontDescription *desc = pango_font_description_new ();
      PangoFontMetrics *metrics;

      pango_font_description_set_family (desc, font_specs[f].mono ? palette->mono_family
                                                                  : palette->font_family);
      pango_font_description_set_weight (desc, font_specs[f].weight);
      pango_font_description_set_absolute_size (desc, palette->font_size * font_specs[f].size
                                                      * PANGO_SCALE);
      self->fonts[f] = desc;
      self->layouts[f] = pango_layout_new (self->context);
      pango_layout_set_font_description (self->layouts[f], desc);
      self->widths[f] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      self->advances[f] = g_hash_table_new (g_direct_hash, g_direct_equal);

      metrics = pango_context_get_metrics (self->context, desc, NULL);
      self->line_height[f] = (pango_font_metrics_get_ascent (metrics)
                              + pango_font_metrics_get_descent (metrics)) / (double) PANGO_SCALE;
      pango_font_metrics_unref (metrics);
    }
  self->kept_layouts = g_hash_table_new_full (layout_key_hash, layout_key_equal, layout_key_free,
                                              g_object_unref);
  return self;
}

void
bs_text_measurer_free (BsTextMeasurer *self)
{
  if (self == NULL)
    return;
  for (guint f = 0; f < BS_N_FONTS; f++)
    {
      g_object_unref (self->layouts[f]);
      pango_font_description_free (self->fonts[f]);
      g_hash_table_unref (self->widths[f]);
      g_hash_table_unref (self->advances[f]);
    }
  /* The kept layouts hold the context */
  g_hash_table_unref (self->kept_layouts);
  g_clear_pointer (&self->target_options, cairo_font_options_destroy);
  g_object_unref (self->context);
  g_object_unref (self->font_map);
  g_free (self);
}

void
bs_text_measurer_set_caching (BsTextMeasurer *self,
                              gboolean        caching)
{
  g_return_if_fail (self != NULL);

  self->caching = caching;
  g_hash_table_remove_all (self->kept_layouts);
}

gboolean
bs_text_measurer_get_caching (BsTextMeasurer *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->caching;
}

double
bs_text_measurer_font_scale (BsFont font)
{
  g_return_val_if_fail (font < BS_N_FONTS, 1);

  return font_specs[font].size;
}

double
bs_text_measurer_line_height (BsTextMeasurer *self,
                              BsFont          font)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (font < BS_N_FONTS, 0);

  return self->line_height[font];
}


/* --- box geometry ---------------------------------------------------------- */

static BsFont
line_font (BsNodeLineKind kind)
{
  switch (kind)
    {
    case BS_NODE_LINE_TITLE:
      return BS_FONT_TITLE;
    case BS_NODE_LINE_OP:
    case BS_NODE_LINE_SHAPE:
      return BS_FONT_SMALL;
    case BS_NODE_LINE_VALUE:
    case BS_NODE_LINE_GRAD:
    default:
      return BS_FONT_MONO;
    }
}

static double
line_gap (BsTextMeasurer *self)
{
  return self->palette->font_size * 0.2;
}

/* The "saved"/"freed" tag beside a grad_fn's name. */
static void
tag_size (BsTextMeasurer *self,
          double         *width,
          double         *height)
{
  double pad = self->palette->font_size * 0.35;

  if (self->tag_width == 0 || !self->caching)
    {
      self->tag_width = MAX (text_width (self, BS_FONT_TAG, "saved"),
                             text_width (self, BS_FONT_TAG, "freed")) + 2 * pad;
      self->tag_height = self->line_height[BS_FONT_TAG] + 0.2 * pad;
    }
  *width = self->tag_width;
  *height = self->tag_height;
}

static double
box_height (BsTextMeasurer    *self,
            const BsNodeLabel *label)
{
  double height = 2 * self->palette->padding;

  for (guint i = 0; i < label->n_lines; i++)
    height += self->line_height[line_font (label->lines[i].kind)] + (i > 0 ? line_gap (self) : 0);
  return height;
}

/* The box a label needs: its widest line and its lines' heights, padding included. */
static void
label_size (BsTextMeasurer    *self,
            const BsNodeLabel *label,
            double            *width,
            double            *height)
{
  double tag_width, tag_height, widest = 0;

  tag_size (self, &tag_width, &tag_height);
  for (guint l = 0; l < label->n_lines; l++)
    {
      double w = text_width (self, line_font (label->lines[l].kind), label->lines[l].text);

      if (label->lines[l].kind == BS_NODE_LINE_OP && label->saves)
        w += self->palette->font_size * 0.4 + tag_width;
      widest = MAX (widest, w);
    }
  *width = MAX (widest + 2 * self->palette->padding, self->palette->font_size * 4.5);
  *height = box_height (self, label);
}

/* --- measuring ------------------------------------------------------------- */

/* The longest text (by characters) each line of a box can take, by BsNodeLineKind. */
G_STATIC_ASSERT (BS_NODE_LINE_GRAD < BS_NODE_LABEL_MAX_LINES);

typedef struct {
  char *longest[BS_NODE_LABEL_MAX_LINES];
  guint length[BS_NODE_LABEL_MAX_LINES];
  GPtrArray *titles;    /* every name the box can show (proportional type: measured each),
                         * NULL until one is bound */
  char      *flow_name; /* "x3" in "∂L/∂x3 = -2", once made */
} Candidates;

static void
offer (Candidates     *candidates,
       BsNodeLineKind  kind,
       char           *text)
{
  guint length = g_utf8_strlen (text, -1);

  if (kind == BS_NODE_LINE_TITLE)
    {
      if (candidates->titles == NULL)
        candidates->titles = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < candidates->titles->len; i++)
        if (g_str_equal (candidates->titles->pdata[i], text))
          {
            g_free (text);
            return;
          }
      g_ptr_array_add (candidates->titles, text);
      return;
    }
  if (candidates->longest[kind] == NULL || length > candidates->length[kind])
    {
      g_free (candidates->longest[kind]);
      candidates->longest[kind] = text;
      candidates->length[kind] = length;
    }
  else
    g_free (text);
}

/* Boxes per tensor, from each tensor's first box (a tensor changed in place has more). */
static guint *
boxes_by_tensor (BsScene  *scene,
                 guint   **start)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  guint32 n_tensors = bs_trace_get_n_tensors (trace);
  guint n_nodes = bs_scene_get_n_nodes (scene);
  guint *first = g_new0 (guint, n_tensors + 2);
  guint *fill = g_new0 (guint, n_tensors + 2);
  guint *boxes = g_new (guint, MAX (n_nodes, 1));

  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 t = bs_scene_get_node (scene, i)->tensor;

      if (t != 0 && t <= n_tensors)
        first[t + 1]++;
    }
  for (guint32 t = 0; t <= n_tensors; t++)
    first[t + 1] += first[t];
  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 t = bs_scene_get_node (scene, i)->tensor;

      if (t != 0 && t <= n_tensors)
        boxes[first[t] + fill[t]++] = i;
    }
  g_free (fill);
  *start = first;
  return boxes;
}

/* What each box's value and gradient lines can say over the whole trace. */
static void
collect_candidates (BsScene            *scene,
                    const BsTraceState *final,
                    BsValueTexts       *texts,
                    Candidates         *candidates)
{
  BsTrace *trace = bs_scene_get_trace (scene);
  guint32 n_tensors = bs_trace_get_n_tensors (trace);
  g_autofree guint *start = NULL;
  g_autofree guint *boxes = boxes_by_tensor (scene, &start);
  g_autofree char *root = NULL;     /* "∂L" of the backward call root_backward */
  guint32 root_backward = 0;

  for (guint64 e = 0; e < bs_trace_get_n_events (trace); e++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, e);
      guint32 tensor = event->tensor <= n_tensors ? event->tensor : 0;

      switch ((BsTraceEventType) event->type)
        {
        case BS_TRACE_EVENT_TENSOR:
        case BS_TRACE_EVENT_INPLACE:
          for (guint b = start[tensor]; tensor != 0 && b < start[tensor + 1]; b++)
            offer (&candidates[boxes[b]], BS_NODE_LINE_VALUE,
                   bs_node_label_value_text (trace, texts, event->values[0],
                                             BS_TEXT_MAX_LINE_CHARS));
          break;
        case BS_TRACE_EVENT_BIND:
          for (guint b = start[tensor]; tensor != 0 && b < start[tensor + 1]; b++)
            offer (&candidates[boxes[b]], BS_NODE_LINE_TITLE,
                   g_strdup (bs_trace_get_string (trace, event->text)));
          break;
        case BS_TRACE_EVENT_ACCUMULATE:
        case BS_TRACE_EVENT_GRAD_ZEROED:
          for (guint b = start[tensor]; tensor != 0 && b < start[tensor + 1]; b++)
            offer (&candidates[boxes[b]], BS_NODE_LINE_GRAD,
                   bs_node_label_grad_text (trace, texts, event->values[
                     event->type == BS_TRACE_EVENT_ACCUMULATE ? 1 : 0], BS_TEXT_MAX_LINE_CHARS));
          break;
        case BS_TRACE_EVENT_NODE_BEGIN:
          {
            int box = bs_scene_find_node (scene, event->node);
            const BsSceneNode *node;

            if (box < 0 || (node = bs_scene_get_node (scene, (guint) box))->kind
                              != BS_SCENE_NODE_OP)
              break;
            /* Both stay the same over a backward call and over every call: made once. */
            if (root == NULL || event->backward != root_backward)
              {
                g_free (root);
                root = bs_step_text_root (trace, final, event->backward);
                root_backward = event->backward;
              }
            if (candidates[box].flow_name == NULL)
              candidates[box].flow_name = bs_step_text_tensor (trace, final, node->tensor);
            offer (&candidates[box], BS_NODE_LINE_GRAD,
                   bs_node_label_flow_text (trace, texts, root, candidates[box].flow_name,
                                            event->values[0], BS_TEXT_MAX_LINE_CHARS));
          }
          break;
        case BS_TRACE_EVENT_OPTIMIZER_STEP:
          {
            const guint32 *pairs = bs_trace_get_list (trace, event->aux);

            for (guint i = 0; i < event->n_aux; i++)
              {
                guint32 t = pairs[2 * i] <= n_tensors ? pairs[2 * i] : 0;

                for (guint b = start[t]; t != 0 && b < start[t + 1]; b++)
                  offer (&candidates[boxes[b]], BS_NODE_LINE_VALUE,
                         bs_node_label_value_text (trace, texts, pairs[2 * i + 1],
                                                   BS_TEXT_MAX_LINE_CHARS));
              }
          }
          break;
        default:
          break;
        }
    }
}

/* A box's label at state, its values' texts kept in texts when there are any. */
static BsNodeLabel *
node_label (BsScene            *scene,
            guint               index,
            const BsTraceState *state,
            BsValueTexts       *texts)
{
  return texts != NULL ? bs_node_label_new_with_texts (scene, index, state, texts)
                       : bs_node_label_new (scene, index, state, BS_TEXT_MAX_LINE_CHARS);
}

void
bs_text_measurer_measure_scene (BsTextMeasurer *self,
                                BsScene        *scene)
{
  BsTrace *trace;
  g_autoptr(BsTraceState) final = NULL;
  g_autoptr(BsValueTexts) texts = NULL;
  g_autofree Candidates *candidates = NULL;
  g_autofree BsNodeLabel **labels = NULL;
  guint n_nodes;
  double padding;

  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  trace = bs_scene_get_trace (scene);
  n_nodes = bs_scene_get_n_nodes (scene);
  final = bs_replay_state_at (trace, bs_trace_get_n_steps (trace) - 1);
  padding = self->palette->padding;
  measuring_context (self);
  /* Widths of texts seen before help a scene measured again; no more than that. */
  for (guint f = 0; f < BS_N_FONTS; f++)
    if (g_hash_table_size (self->widths[f]) > MAX_CACHED_WIDTHS)
      g_hash_table_remove_all (self->widths[f]);

  /* The labels at the last step first: their values are kept, and the candidates, made
   * from every value the boxes had, take those texts instead of formatting them again. */
  if (self->caching)
    texts = bs_value_texts_new (trace, BS_TEXT_MAX_LINE_CHARS);
  labels = g_new (BsNodeLabel *, MAX (n_nodes, 1));
  for (guint i = 0; i < n_nodes; i++)
    labels[i] = node_label (scene, i, final, texts);

  candidates = g_new0 (Candidates, MAX (n_nodes, 1));
  for (guint i = 0; i < n_nodes; i++)
    if (bs_scene_get_node (scene, i)->kind == BS_SCENE_NODE_LEAF)
      offer (&candidates[i], BS_NODE_LINE_GRAD, bs_node_label_grad_text (trace, NULL, 0, 0));
  collect_candidates (scene, final, texts, candidates);

  for (guint i = 0; i < n_nodes; i++)
    {
      BsSceneNode *node = bs_scene_get_node (scene, i);
      g_autoptr(BsNodeLabel) label = labels[i];
      Candidates *c = &candidates[i];
      double width, height;

      label_size (self, label, &width, &height);
      for (guint l = 0; l < label->n_lines; l++)
        {
          BsNodeLineKind kind = label->lines[l].kind;
          BsFont font = line_font (kind);

          if (c->longest[kind] != NULL)
            width = MAX (width, text_width (self, font, c->longest[kind]) + 2 * padding);
          if (kind == BS_NODE_LINE_TITLE && c->titles != NULL)
            for (guint t = 0; t < c->titles->len; t++)
              width = MAX (width, text_width (self, font, c->titles->pdata[t]) + 2 * padding);
        }
      node->width = ceil (width);
      node->height = ceil (height);

      for (guint k = 0; k < BS_NODE_LABEL_MAX_LINES; k++)
        g_free (c->longest[k]);
      g_clear_pointer (&c->titles, g_ptr_array_unref);
      g_free (c->flow_name);
    }
}


/* --- for drawing ----------------------------------------------------------- */

void
bs_text_measurer_for_measuring (BsTextMeasurer *self)
{
  g_return_if_fail (self != NULL);

  measuring_context (self);
}

void
bs_text_measurer_for_drawing (BsTextMeasurer *self,
                              cairo_t        *cr)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  update_context (self, cr);
}

double
bs_text_measurer_width (BsTextMeasurer *self,
                        BsFont          font,
                        const char     *text)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (text != NULL, 0);

  return text_width (self, font, text);
}

PangoLayout *
bs_text_measurer_layout (BsTextMeasurer        *self,
                         const BsTextLayoutKey *key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return layout_to_draw (self, key);
}

PangoLayout *
bs_text_measurer_scratch (BsTextMeasurer *self,
                          BsFont          font,
                          const char     *text)
{
  g_return_val_if_fail (self != NULL, NULL);

  return layout_for (self, font, text);
}

void
bs_text_measurer_show (BsTextMeasurer *self,
                       cairo_t        *cr,
                       BsFont          font,
                       const char     *text,
                       double          x,
                       double          y,
                       double          width,
                       gboolean        centre)
{
  BsTextLayoutKey key = {
    .text = text,
    .font = font,
    .width = (int) (width * PANGO_SCALE),
    .height = -1,
    .wrap = PANGO_WRAP_CHAR,
    .ellipsize = PANGO_ELLIPSIZE_END,
    .alignment = centre ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT,
  };

  cairo_move_to (cr, x, y);
  bs_text_measurer_show_layout (self, cr, layout_to_draw (self, &key));
  /* No current point left behind for the next path to start from */
  cairo_new_path (cr);
}

void
bs_text_measurer_show_layout (BsTextMeasurer *self,
                              cairo_t        *cr,
                              PangoLayout    *layout)
{
  g_return_if_fail (self != NULL);

  if (self->svg_text != NULL)
    bs_svg_text_add_layout (self->svg_text, cr, layout);
  else
    pango_cairo_show_layout (cr, layout);
}

void
bs_text_measurer_set_svg_text (BsTextMeasurer *self,
                               BsSvgText      *svg_text)
{
  g_return_if_fail (self != NULL);
  self->svg_text = svg_text;
}

BsFont
bs_text_measurer_line_font (BsNodeLineKind kind)
{
  return line_font (kind);
}

double
bs_text_measurer_line_gap (BsTextMeasurer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return line_gap (self);
}

void
bs_text_measurer_tag_size (BsTextMeasurer *self,
                           double         *width,
                           double         *height)
{
  g_return_if_fail (self != NULL);

  tag_size (self, width, height);
}

void
bs_text_measurer_label_size (BsTextMeasurer    *self,
                             const BsNodeLabel *label,
                             double            *width,
                             double            *height)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (label != NULL);

  label_size (self, label, width, height);
}

double
bs_text_measurer_caption (BsTextMeasurer *self,
                          cairo_t        *cr,
                          const BsColor  *color,
                          double          font_size,
                          const char     *title,
                          const char     *text,
                          double          x,
                          double          y,
                          double          width)
{
  const char *parts[2] = { title, text };
  const BsFont fonts[2] = { BS_FONT_TITLE, BS_FONT_BODY };
  double top = y;

  g_return_val_if_fail (self != NULL, 0);

  if (cr != NULL)
    {
      cairo_save (cr);
      bs_text_measurer_for_drawing (self, cr);
    }
  else
    bs_text_measurer_for_measuring (self);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      PangoLayout *layout;
      PangoRectangle logical;

      if (parts[i] == NULL)
        continue;
      layout = bs_text_measurer_scratch (self, fonts[i], parts[i]);
      pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
      pango_layout_get_extents (layout, NULL, &logical);
      if (cr != NULL)
        {
          bs_color_set_source (color, cr);
          cairo_move_to (cr, x, y);
          bs_text_measurer_show_layout (self, cr, layout);
          cairo_new_path (cr);
        }
      y += logical.height / (double) PANGO_SCALE + font_size * 0.4;
    }
  if (cr != NULL)
    cairo_restore (cr);
  return y - top;
}
