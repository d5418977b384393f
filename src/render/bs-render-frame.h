/* bs-render-frame.h: what one drawing of a scene at a step needs to know
 *
 * The renderer works it out before it draws: the current edge and the box of the error,
 * the boxes the step is about, the edges the running backward call has walked and the
 * contributions that have arrived at each box, the part of the surface to draw (cr's
 * clip), and whether text would be large enough to read there.
 */
#pragma once

#include <cairo.h>

#include "bs-renderer.h"

G_BEGIN_DECLS

/* The contributions that have arrived at a box in the running backward call. */
typedef struct {
  GArray *values;      /* value ids of the contributions that have arrived */
  guint   expected;    /* edges bringing one in the whole backward call */
} BsArrivals;

typedef struct {
  BsRenderer         *renderer;       /* Borrowed */
  cairo_t            *cr;
  BsScene            *scene;
  BsTrace            *trace;
  const BsTraceState *state;
  const BsPalette    *palette;
  gboolean            detail;         /* text is large enough to draw */
  double              clip[4];        /* x1, y1, x2, y2 */
  int                 current_edge;   /* scene edge, -1: none */
  int                 error_box;
  guint8             *emphasis;       /* per node: being processed or just created */
  guint8             *walked;         /* per edge: walked in the running backward */
  BsArrivals         *arrivals;       /* per node, when a backward call is running */
  const double       *alphas;         /* per node: its opacity; NULL: all opaque */
  const double       *cluster_alphas; /* per cluster: its opacity; NULL: all opaque */
} BsRenderFrame;

void     bs_render_frame_init  (BsRenderFrame      *f,
                                BsRenderer         *renderer,
                                cairo_t            *cr,
                                BsScene            *scene,
                                const BsTraceState *state);
void     bs_render_frame_clear (BsRenderFrame      *f);
/* Whether the rectangle lies (partly) within the part to draw. */
gboolean bs_render_frame_shows (BsRenderFrame      *f,
                                double              x,
                                double              y,
                                double              width,
                                double              height);

G_END_DECLS
