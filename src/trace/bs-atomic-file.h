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

/* Errors are G_FILE_ERRORs naming the file. */
gboolean bs_atomic_file_write (const char  *filename,
                               const void  *data,
                               gsize        length,
                               GError     **error);

G_END_DECLS
