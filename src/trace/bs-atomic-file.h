/* bs-atomic-file.h: writing a whole file so that a crash or a full disk never leaves
 * half of it
 *
 * The bytes go to an unnamed file in the target's directory, which is synced, named
 * and renamed over the target: the target is either the old file or the whole new one,
 * and a failure, or the process killed while writing, leaves nothing behind. A target that exists and is not a regular file (a
 * device such as /dev/null, a pipe) is written in place, as a rename would replace it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BsAtomicFile BsAtomicFile;

/* Errors are G_FILE_ERRORs naming the file. */
gboolean bs_atomic_file_write (const char  *filename,
                               const void  *data,
                               gsize        length,
                               GError     **error);

/* The same in pieces: open, append each piece, then commit, which names the file when
 * every piece was written and frees self either way. */
BsAtomicFile *bs_atomic_file_open   (const char    *filename,
                                     GError       **error);
/* FALSE once a piece could not be written (commit then reports why). */
gboolean      bs_atomic_file_append (BsAtomicFile  *self,
                                     const void    *data,
                                     gsize          length);
gboolean      bs_atomic_file_commit (BsAtomicFile  *self,
                                     GError       **error);

G_END_DECLS
