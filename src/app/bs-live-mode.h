/* bs-live-mode.h: edit and watch
 *
 * With live mode on (the action "live", Ctrl+L), a pause of BS_LIVE_MODE_PAUSE_MS in
 * typing emits ::rerun: the window runs the script again, keeps the step shown and the
 * camera, and keeps the last picture without an error when the new text fails (its
 * error marked in the editor). Ctrl+Up / Ctrl+Down on a number literal of the editor
 * scrubs it (bs-scrub.h), with or without live mode; in live mode a scrub runs the
 * script at once, without waiting for the pause.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_LIVE_MODE_PAUSE_MS 300

#define BS_TYPE_LIVE_MODE (bs_live_mode_get_type ())

G_DECLARE_FINAL_TYPE (BsLiveMode, bs_live_mode, BS, LIVE_MODE, GObject)

/* Watches view's buffer and scrubs in view (Borrowed: it outlives the live mode). */
BsLiveMode *bs_live_mode_new        (GtkTextView *view);
/* "live", stateful boolean (Borrowed). */
GAction    *bs_live_mode_get_action (BsLiveMode  *self);
gboolean    bs_live_mode_get_active (BsLiveMode  *self);
/* In live mode, ::rerun now rather than after the pause (a number scrubbed); nothing
 * when live mode is off. */
void        bs_live_mode_run_now    (BsLiveMode  *self);
/* Ctrl+L toggling win.live, for the window. */
GtkEventController *bs_live_mode_shortcut (void);

G_END_DECLS
