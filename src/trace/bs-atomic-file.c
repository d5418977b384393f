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

struct _BsAtomicFile {
  char     *filename;
  char     *temp;         /* the fallback's named temporary file, or NULL */
  int       fd;
  gboolean  in_place;     /* a device or pipe, written as it is */
  int       saved_errno;  /* the first failure */
};

BsAtomicFile *
bs_atomic_file_open (const char  *filename,
                     GError     **error)
{
  BsAtomicFile *self;
  GStatBuf st;

  g_return_val_if_fail (filename != NULL, NULL);
  self = g_new0 (BsAtomicFile, 1);
  self->filename = g_strdup (filename);
  if (g_stat (filename, &st) == 0 && !S_ISREG (st.st_mode))
    {
      self->in_place = TRUE;
      self->fd = g_open (filename, O_WRONLY | O_CLOEXEC, 0);
    }
  else
    {
      /* An unnamed file first: a run killed while writing (SIGTERM, Ctrl+C, SIGKILL)
       * leaves nothing behind. It gets a temporary name only once whole, for the rename. */
      self->fd = open_unnamed (filename);
      if (self->fd < 0)
        {
          /* a file system without unnamed files */
          self->temp = g_strconcat (filename, ".XXXXXX", NULL);
          self->fd = g_mkstemp_full (self->temp, O_WRONLY | O_CLOEXEC, 0666);
          if (self->fd < 0)
            g_clear_pointer (&self->temp, g_free);
        }
    }
  if (self->fd < 0)
    {
      set_error (error, filename, errno);
      g_free (self->filename);
      g_free (self);
      return NULL;
    }
  return self;
}

gboolean
bs_atomic_file_append (BsAtomicFile *self,
                       const void   *data,
                       gsize         length)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (self->saved_errno == 0)
    self->saved_errno = write_all (self->fd, data, length);
  return self->saved_errno == 0;
}

gboolean
bs_atomic_file_commit (BsAtomicFile  *self,
                       GError       **error)
{
  int saved_errno;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  saved_errno = self->saved_errno;
  if (!self->in_place && saved_errno == 0 && fsync (self->fd) != 0)
    saved_errno = errno;
  if (!self->in_place && self->temp == NULL && saved_errno == 0)
    saved_errno = link_unnamed (self->fd, self->filename, &self->temp);
  if (close (self->fd) != 0 && saved_errno == 0)
    saved_errno = errno;
  if (!self->in_place && saved_errno == 0 && g_rename (self->temp, self->filename) != 0)
    saved_errno = errno;
  if (saved_errno != 0 && self->temp != NULL)
    g_unlink (self->temp);
  ok = saved_errno == 0 || set_error (error, self->filename, saved_errno);
  g_free (self->temp);
  g_free (self->filename);
  g_free (self);
  return ok;
}

gboolean
bs_atomic_file_write (const char  *filename,
                      const void  *data,
                      gsize        length,
                      GError     **error)
{
  BsAtomicFile *file;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  file = bs_atomic_file_open (filename, error);
  if (file == NULL)
    return FALSE;
  bs_atomic_file_append (file, data, length);
  return bs_atomic_file_commit (file, error);
}
