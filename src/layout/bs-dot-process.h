/* bs-dot-process.h: `dot` run as a process of its own, under a time and memory budget
 *
 * Graphviz cannot be stopped once gvLayout() has started, and its memory grows with the
 * graph without bound; a process can be killed. `dot -Txdot` reads the scene's DOT from
 * a file, with its address space limited (setrlimit in the child before exec), and is
 * killed when the deadline passes or the layout is cancelled. Its output is read back
 * with libcgraph and libxdot on the layout thread, to full precision (xdot's drawing
 * operations, not the pos attributes' five digits).
 */
#pragma once

#include <gio/gio.h>

#include "bs-scene.h"

G_BEGIN_DECLS

/* Lays scene out (every box sized) with `dot` on dot_text, which must be
 * bs_scene_graph_to_dot_full (scene, TRUE). deadline: g_get_monotonic_time() past which
 * dot is killed (BS_LAYOUT_ERROR_TIMED_OUT); max_bytes: its address space
 * (BS_LAYOUT_ERROR_MEMORY when it runs out). */
gboolean   bs_dot_process_run   (BsScene       *scene,
                                 const char    *dot_text,
                                 gint64         deadline,
                                 gsize          max_bytes,
                                 GCancellable  *cancellable,
                                 GError       **error);

G_END_DECLS
