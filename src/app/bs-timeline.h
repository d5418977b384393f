/* bs-timeline.h: the run's steps as a strip: forward and backward phases, every
 * backward call, optimiser steps and errors marked, and a scrubber; above it the
 * outermost loop's iterations as segments, one click away each */
#pragma once

#include <gtk/gtk.h>

#include "bs-trace.h"

G_BEGIN_DECLS

#define BS_TYPE_TIMELINE (bs_timeline_get_type ())

G_DECLARE_FINAL_TYPE (BsTimeline, bs_timeline, BS, TIMELINE, GtkWidget)

GtkWidget *bs_timeline_new       (void);
void       bs_timeline_set_trace (BsTimeline *self,
                                  BsTrace    *trace);   /* NULL: empty */
/* The step shown; setting it does not emit ::step-selected. */
void       bs_timeline_set_step  (BsTimeline *self,
                                  guint64     step);
guint64    bs_timeline_get_step  (BsTimeline *self);

/* The outermost loop's iterations, shown as segments above the strip. */
guint      bs_timeline_get_n_iterations (BsTimeline      *self);
/* Where iteration index (from 0) is drawn, in the widget's coordinates, and the step a
 * click on it goes to; FALSE past the last one. */
gboolean   bs_timeline_get_iteration    (BsTimeline      *self,
                                         guint            index,
                                         graphene_rect_t *rect,
                                         guint64         *target);

G_END_DECLS
