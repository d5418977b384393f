/* bs-histogram.h: a large tensor's summary drawn as its histogram, with the least and
 * greatest finite elements labelled under it, the mean marked and NaN/inf counted */
#pragma once

#include <gtk/gtk.h>

#include "bs-value-store.h"

G_BEGIN_DECLS

#define BS_TYPE_HISTOGRAM (bs_histogram_get_type ())

G_DECLARE_FINAL_TYPE (BsHistogram, bs_histogram, BS, HISTOGRAM, GtkWidget)

GtkWidget *bs_histogram_new       (void);
/* Copies value; hidden for NULL, a full value or a summary without a histogram. */
void       bs_histogram_set_value (BsHistogram        *self,
                                   const BsTraceValue *value);
/* Whether a histogram is shown. */
gboolean   bs_histogram_has_value (BsHistogram        *self);

G_END_DECLS
