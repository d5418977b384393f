/* bs-value-texts.c: a trace's values as boxes show them, each formatted once */
#define G_LOG_DOMAIN "bs-render"

#include <math.h>
#include <string.h>

#include "bs-value-texts.h"

/* A value of more elements than this is summarised even when the trace has it whole. */
#define MAX_INLINE_ELEMENTS 16

struct _BsValueTexts {
  BsTrace    *trace;   /* Borrowed */
  guint       max_chars;

  /* Owned */
  GHashTable *texts;   /* value id -> text */
};

char *
bs_value_texts_cut (char  *text,
                    guint  max_chars)
{
  /* No more bytes than characters allowed: nothing to count. */
  if (max_chars > 0 && strlen (text) > max_chars && g_utf8_strlen (text, -1) > max_chars)
    {
      char *end = g_utf8_offset_to_pointer (text, MAX (max_chars, 2) - 1);
      g_autofree char *head = g_strndup (text, (gsize) (end - text));

      g_free (text);
      return g_strconcat (head, "…", NULL);
    }
  return text;
}

char *
bs_value_texts_format (BsTrace *trace,
                       guint32  id,
                       guint    max_chars)
{
  const BsTraceValue *value = bs_trace_get_value (trace, id);

  if (value == NULL)
    return g_strdup ("?");
  if (max_chars == 0)
    return bs_trace_value_format (value);
  if (value->kind == BS_VALUE_FULL && value->numel <= MAX_INLINE_ELEMENTS)
    return bs_value_texts_cut (bs_trace_value_format_head (value, max_chars), max_chars);
  if (value->kind == BS_VALUE_FULL)
    {
      double min = INFINITY, max = -INFINITY, sum = 0;

      for (gint64 i = 0; i < value->numel; i++)
        {
          min = MIN (min, value->data[i]);
          max = MAX (max, value->data[i]);
          sum += value->data[i];
        }
      {
        g_autofree char *mean = bs_trace_value_format_number (sum / (double) value->numel);
        g_autofree char *lo = bs_trace_value_format_number (min);
        g_autofree char *hi = bs_trace_value_format_number (max);

        return bs_value_texts_cut (g_strdup_printf ("mean %s, in [%s, %s]", mean, lo, hi),
                                   max_chars);
      }
    }
  {
    g_autofree char *mean = bs_trace_value_format_number (value->mean);
    g_autofree char *lo = bs_trace_value_format_number (value->min);
    g_autofree char *hi = bs_trace_value_format_number (value->max);

    return bs_value_texts_cut (g_strdup_printf ("mean %s, in [%s, %s]", mean, lo, hi),
                               max_chars);
  }
}

BsValueTexts *
bs_value_texts_new (BsTrace *trace,
                    guint    max_chars)
{
  BsValueTexts *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (BsValueTexts, 1);
  self->trace = trace;
  self->max_chars = max_chars;
  self->texts = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  return self;
}

void
bs_value_texts_free (BsValueTexts *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->texts);
  g_free (self);
}

BsTrace *
bs_value_texts_get_trace (BsValueTexts *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->trace;
}

guint
bs_value_texts_get_max_chars (BsValueTexts *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->max_chars;
}

guint
bs_value_texts_get_size (BsValueTexts *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return g_hash_table_size (self->texts);
}

void
bs_value_texts_clear (BsValueTexts *self)
{
  g_return_if_fail (self != NULL);

  g_hash_table_remove_all (self->texts);
}

const char *
bs_value_texts_lookup (BsValueTexts *self,
                       guint32       value)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_hash_table_lookup (self->texts, GUINT_TO_POINTER (value));
}

const char *
bs_value_texts_get (BsValueTexts *self,
                    guint32       value)
{
  char *text;

  g_return_val_if_fail (self != NULL, NULL);

  text = g_hash_table_lookup (self->texts, GUINT_TO_POINTER (value));
  if (text == NULL)
    {
      text = bs_value_texts_format (self->trace, value, self->max_chars);
      g_hash_table_insert (self->texts, GUINT_TO_POINTER (value), text);
    }
  return text;
}
