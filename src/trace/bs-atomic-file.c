/* bs-atomic-file.c: writing a whole file so that a crash never leaves half of it */
#define G_LOG_DOMAIN "bs-trace"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs-atomic-file.h"

static int
write_all (int          fd,
           const guint8 *data,
           gsize        length)
{
  gsize done = 0;

  while (done < length)
    {
      gssize n = write (fd, data + done, length - done);

      if (n < 0 && errno != EINTR)
        return errno;
      if (n > 0)
        done += (gsize) n;
    }
  return 0;
}

static gboolean
set_error (GError     **error,
           const char  *filename,
           int          saved_errno)
{
  g_autofree char *display_name = g_filename_display_name (filename);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "cannot write %s: %s", display_name, g_strerror (saved_errno));
  return FALSE;
}

/* A file without a name in filename's directory, or -1. */
static int
open_unnamed (const char *filename)
{
  g_autofree char *dir = g_path_get_dirname (filename);

  return open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
}

/* Gives the unnamed file fd a free name beside filename (*temp); 0 or an errno. */
static int
link_unnamed (int          fd,
              const char  *filename,
              char       **temp)
{
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_free (*temp);
      *temp = g_strdup_printf ("%s.%06x", filename, g_random_int () & 0xffffff);
      if (linkat (AT_FDCWD, proc, AT_FDCWD, *temp, AT_SYMLINK_FOLLOW) == 0)
        return 0;
      if (errno != EEXIST)
        {
          int saved_errno = errno;

          g_clear_pointer (temp, g_free);
          return saved_errno;
        }
    }
  g_clear_pointer (temp, g_free);
  return EEXIST;
}

gboolean
bs_atomic_file_write (const char  *filename,
                      const void  *data,
                      gsize        length,
                      GError     **error)
{
  g_autofree char *temp = NULL;
  GStatBuf st;
  int fd, saved_errno;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (g_stat (filename, &st) == 0 && !S_ISREG (st.st_mode))
    {
      fd = g_open (filename, O_WRONLY | O_CLOEXEC, 0);
      if (fd < 0)
        return set_error (error, filename, errno);
      saved_errno = write_all (fd, data, length);
      if (close (fd) != 0 && saved_errno == 0)
        saved_errno = errno;
      return saved_errno == 0 || set_error (error, filename, saved_errno);
    }

  /* An unnamed file first: a run killed while writing (SIGTERM, Ctrl+C, SIGKILL) leaves
   * nothing behind. It gets a temporary name only once whole, for the rename. */
  fd = open_unnamed (filename);
  if (fd >= 0)
    {
      saved_errno = write_all (fd, data, length);
      if (saved_errno == 0 && fsync (fd) != 0)
        saved_errno = errno;
      if (saved_errno == 0)
        saved_errno = link_unnamed (fd, filename, &temp);
      if (close (fd) != 0 && saved_errno == 0)
        saved_errno = errno;
    }
  else
    {
      /* a file system without unnamed files */
      temp = g_strconcat (filename, ".XXXXXX", NULL);
      fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0666);
      if (fd < 0)
        return set_error (error, filename, errno);
      saved_errno = write_all (fd, data, length);
      if (saved_errno == 0 && fsync (fd) != 0)
        saved_errno = errno;
      if (close (fd) != 0 && saved_errno == 0)
        saved_errno = errno;
    }
  if (saved_errno == 0 && g_rename (temp, filename) != 0)
    saved_errno = errno;
  if (saved_errno != 0)
    {
      if (temp != NULL)
        g_unlink (temp);
      return set_error (error, filename, saved_errno);
    }
  return TRUE;
}
