/* bs-layout.h: Graphviz dot on its own thread, scene in, positions out
 *
 * libcgraph is not thread-safe, so one thread makes every Graphviz call of the
 * process: the BsLayout objects share it (it stops with the last one), and their
 * requests queue on it. The caller keeps its main loop running: bs_layout_run_async()
 * reports through the thread-default main context of the caller, and bs_layout_run()
 * waits (for the CLI and tests).
 *
 * A scene is laid out once (boxes take the sizes the renderer measured); the
 * Graphviz errors a scene can cause come back as GErrors in BS_LAYOUT_ERROR.
 *
 * Every layout keeps to a budget of time and memory, whatever the graph: a small graph
 * (by the work dot would have, bs_layered_layout_cost()) is laid out by dot in this
 * process; a larger one by `dot` as a process of its own, with its effort bounded by its
 * attributes, killed when it runs past the budget; and a graph dot cannot do within it,
 * or whose dot was killed, is laid out in rows by Backstep (bs-layered-layout.h), with a
 * note saying so (bs_scene_get_layout_note()).
 */
#pragma once

#include <gio/gio.h>

#include "bs-scene.h"

G_BEGIN_DECLS

#define BS_LAYOUT_ERROR (bs_layout_error_quark ())

typedef enum {
  BS_LAYOUT_ERROR_GRAPHVIZ,   /* Graphviz refused the graph or failed laying it out */
  BS_LAYOUT_ERROR_CANCELLED,
  BS_LAYOUT_ERROR_TIMED_OUT,  /* Graphviz ran past the layout's time budget */
  BS_LAYOUT_ERROR_MEMORY,     /* Graphviz ran out of the layout's memory budget */
} BsLayoutError;

GQuark     bs_layout_error_quark   (void);

typedef struct _BsLayout BsLayout;

BsLayout  *bs_layout_new           (void);
void       bs_layout_free          (BsLayout             *self);

/* The most a layout may take: time in microseconds, from when its request is taken up
 * (0: the cheapest layout at once), and the memory `dot` may use when it runs as a
 * process. Defaults: BS_LAYOUT_DEFAULT_TIME and BS_LAYOUT_DEFAULT_MEMORY. */
void       bs_layout_set_budget    (BsLayout             *self,
                                    gint64                time_us,
                                    gsize                 memory_bytes);

#define BS_LAYOUT_DEFAULT_TIME   (2 * G_TIME_SPAN_SECOND)
#define BS_LAYOUT_DEFAULT_MEMORY ((gsize) 2 << 30)

/* Starts making scene's Graphviz graph, which needs only its boxes and edges, while the
 * caller measures the boxes; the layout of the same scene that follows uses it. Optional:
 * a layout works without. Until that layout, only the boxes' sizes may change. */
void       bs_layout_prepare       (BsLayout             *self,
                                    BsScene              *scene);

/* Lays out scene in place (every node sized first). The scene must not be read
 * or changed until the callback runs. */
void       bs_layout_run_async     (BsLayout             *self,
                                    BsScene              *scene,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
gboolean   bs_layout_run_finish    (BsLayout             *self,
                                    GAsyncResult         *result,
                                    GError              **error);
gboolean   bs_layout_run           (BsLayout             *self,
                                    BsScene              *scene,
                                    GError              **error);

/* The DOT text of the graph handed to Graphviz: `dot` reading it makes the same graph
 * and the same picture (for benchmarks against `dot` and for debugging). A graph too
 * large for dot in this process has dot's effort bounded in it, as `dot` as a process is
 * given it (whether that or the layout in rows gives the picture). */
char      *bs_layout_to_dot        (BsLayout             *self,
                                    BsScene              *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsLayout, bs_layout_free)

G_END_DECLS
