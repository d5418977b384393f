/* bs-value-texts.h: a trace's values as boxes show them, each formatted once
 *
 * Formatting a value costs more than drawing its text, and a box's value or gradient
 * is asked for again at every step and by every measuring pass: this keeps the text of
 * each value asked for. "1", "[1, 2.5]"; a large tensor: "mean 0.01, in [-1, 1]"; cut
 * with "…" to max_chars (0: whole, never summarised); "?" for an unknown value.
 */
#pragma once

#include "bs-trace.h"

G_BEGIN_DECLS

typedef struct _BsValueTexts BsValueTexts;

BsValueTexts *bs_value_texts_new       (BsTrace      *trace,
                                        guint         max_chars);
void          bs_value_texts_free      (BsValueTexts *self);

BsTrace      *bs_value_texts_get_trace (BsValueTexts *self);
guint         bs_value_texts_get_max_chars (BsValueTexts *self);
/* The number of texts kept. */
guint         bs_value_texts_get_size  (BsValueTexts *self);
void          bs_value_texts_clear     (BsValueTexts *self);

/* The value's text, formatted now if it is not kept yet; owned by self until it is
 * cleared or freed. */
const char   *bs_value_texts_get       (BsValueTexts *self,
                                        guint32       value);
/* The text when it is kept, else NULL: for values asked for once, not worth keeping. */
const char   *bs_value_texts_lookup    (BsValueTexts *self,
                                        guint32       value);

/* The same text, not kept. */
char         *bs_value_texts_format    (BsTrace      *trace,
                                        guint32       value,
                                        guint         max_chars);
/* Takes text; returns it, or a copy cut to max_chars characters ending in "…" (0: never
 * cut). */
char         *bs_value_texts_cut       (char         *text,
                                        guint         max_chars);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsValueTexts, bs_value_texts_free)

G_END_DECLS
