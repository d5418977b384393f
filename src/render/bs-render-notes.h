/* bs-render-notes.h: the current edge's label and the error's callout of one drawing
 *
 * Both are placed beside what they are about (bs-note-places.h): the label beside the
 * current edge, clear of its curve, the callout beside the box that raised, clear of the
 * label. The label stands at the edge's middle, or, on an edge longer than twice
 * BS_RENDER_NOTES_REACH, that far along it from the box it enters (the op whose backward
 * runs): a view following the step shows that end of a long edge (bs-graph-camera.h).
 * Where they go depends only on the scene's places (bs_scene_get_revision()), the step
 * and whether the numbers are asked (quiz mode), so the renderer keeps the last notes
 * placed and draws and measures with them until one of those changes.
 */
#pragma once

#include "bs-note.h"
#include "bs-note-places.h"
#include "bs-render-frame.h"

G_BEGIN_DECLS

#define BS_RENDER_NOTES_REACH 160.0   /* points along a long edge from its head */

typedef struct {
  gboolean      has_label;
  char         *local;        /* "∂x5/∂x3 = w2 = 2" */
  char         *flow;         /* "upstream -1 × 2 = -2" */
  BsNote        label;
  BsScenePoint  anchor;       /* on the current edge, marked with a dot */
  BsNoteRect    label_rect;
  gboolean      label_leader;

  gboolean      has_callout;
  char         *message;      /* "⚠ Trying to backward through ..." */
  BsNote        callout;
  BsNoteRect    callout_rect;
  BsNoteRect    callout_target;  /* the box that raised */
  gboolean      callout_leader;

  /* What they were placed for */
  BsScene      *scene;        /* Owned */
  guint64       revision;
  BsTrace      *trace;        /* Borrowed: the scene's */
  guint64       n_events;
  guint64       step;
  gboolean      values_asked;
} BsRenderNotes;

/* Places the notes of the drawing f (measured with text, the numbers shown as "?" when
 * values_asked), in detail whatever f's zoom. */
BsRenderNotes *bs_render_notes_new     (BsRenderFrame       *f,
                                        BsTextMeasurer      *text,
                                        gboolean             values_asked);
void           bs_render_notes_free    (BsRenderNotes       *self);
/* Whether self was placed for scene, as it stands now, at state. */
gboolean       bs_render_notes_matches (const BsRenderNotes *self,
                                        BsScene             *scene,
                                        const BsTraceState  *state,
                                        gboolean             values_asked);
/* Where the label (1) and the callout (2) go, each when drawn; returns which are. */
guint          bs_render_notes_get     (const BsRenderNotes *self,
                                        BsNoteRect          *label,
                                        BsNoteRect          *callout);
/* Draws them on f, when its text is large enough to read. */
void           bs_render_notes_draw    (const BsRenderNotes *self,
                                        BsRenderFrame       *f,
                                        BsTextMeasurer      *text);
/* The point on edge where its label stands (see above). */
BsScenePoint   bs_render_notes_anchor  (const BsSceneEdge   *edge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRenderNotes, bs_render_notes_free)

G_END_DECLS
