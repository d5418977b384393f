/* bs-document.c: the script the window edits: where it came from and where it goes */
#define G_LOG_DOMAIN "bs-app"

#include "bs-document.h"

#include <string.h>

#include "bs-notebook.h"

struct _BsDocument {
  GObject     parent_instance;

  /* Owned */
  GFile      *file;       /* NULL: not saved anywhere yet */
  BsNotebook *notebook;   /* the notebook file is, shown as its cell view */
  char       *example;    /* the example loaded */
};

G_DEFINE_FINAL_TYPE (BsDocument, bs_document, G_TYPE_OBJECT)

void
bs_document_set_example (BsDocument *self,
                         const char *name)
{
  g_return_if_fail (BS_IS_DOCUMENT (self));

  g_clear_object (&self->file);
  g_clear_pointer (&self->notebook, bs_notebook_free);
  g_free (self->example);
  self->example = g_strdup (name);
}

char *
bs_document_open (BsDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *basename = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  basename = g_file_get_basename (file);
  if (length > BS_DOCUMENT_MAX_BYTES || !g_utf8_validate_len (contents, length, NULL))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s is not a UTF-8 script of at most 10 MiB", name);
      return NULL;
    }
  if (bs_notebook_is_notebook_name (basename)
      && (notebook = bs_notebook_new_from_data (contents, length, &local_error)) == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", basename,
                   local_error->message);
      return NULL;
    }
  g_set_object (&self->file, file);
  g_clear_pointer (&self->example, g_free);
  g_clear_pointer (&self->notebook, bs_notebook_free);
  self->notebook = g_steal_pointer (&notebook);
  if (self->notebook != NULL)
    return g_strdup (bs_notebook_get_text (self->notebook));
  return g_steal_pointer (&contents);
}

char *
bs_document_save (BsDocument  *self,
                  GFile       *file,
                  const char  *text,
                  GError     **error)
{
  g_autofree char *basename = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(BsNotebook) saved = NULL;

  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file) && text != NULL, NULL);

  basename = g_file_get_basename (file);
  /* a notebook is saved as a notebook (its cells back into its JSON), as .py its cell view */
  if (bs_notebook_is_notebook_name (basename))
    {
      if (self->notebook == NULL)
        {
          g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                       "only a notebook that was opened is saved as .ipynb: save this script "
                       "as .py");
          return NULL;
        }
      if ((bytes = bs_notebook_save (self->notebook, text, error)) == NULL
          || (saved = bs_notebook_new_from_data (g_bytes_get_data (bytes, NULL),
                                                 g_bytes_get_size (bytes), error)) == NULL)
        return NULL;
    }
  else
    bytes = g_bytes_new (text, strlen (text));
  /* g_file_replace_contents writes a temporary file and renames it over the old one. */
  if (!g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error))
    return NULL;
  g_clear_pointer (&self->notebook, bs_notebook_free);
  self->notebook = g_steal_pointer (&saved);
  g_set_object (&self->file, file);
  g_clear_pointer (&self->example, g_free);
  /* the headers renumbered, if cells were added or removed */
  return g_strdup (self->notebook != NULL ? bs_notebook_get_text (self->notebook) : text);
}

GArray *
bs_document_get_read_only_lines (BsDocument *self,
                                 const char *text)
{
  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  return self->notebook != NULL ? bs_notebook_read_only_lines (text) : NULL;
}

GFile *
bs_document_get_file (BsDocument *self)
{
  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);
  return self->file;
}

const char *
bs_document_get_example (BsDocument *self)
{
  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);
  return self->example;
}

char *
bs_document_get_title (BsDocument *self)
{
  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    return g_file_get_basename (self->file);
  if (self->example != NULL)
    return g_strdup_printf ("%s (example)", self->example);
  return g_strdup ("Untitled script");
}

char *
bs_document_get_stem (BsDocument *self,
                      const char *fallback)
{
  char *base, *dot;

  g_return_val_if_fail (BS_IS_DOCUMENT (self), NULL);

  if (self->example != NULL)
    return g_strdup (self->example);
  if (self->file == NULL)
    return g_strdup (fallback);
  base = g_file_get_basename (self->file);
  dot = strrchr (base, '.');
  if (dot != NULL)
    *dot = '\0';
  return base;
}

static void
bs_document_finalize (GObject *object)
{
  BsDocument *self = BS_DOCUMENT (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->notebook, bs_notebook_free);
  g_free (self->example);
  G_OBJECT_CLASS (bs_document_parent_class)->finalize (object);
}

static void
bs_document_class_init (BsDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bs_document_finalize;
}

static void
bs_document_init (BsDocument *self)
{
}

BsDocument *
bs_document_new (void)
{
  return g_object_new (BS_TYPE_DOCUMENT, NULL);
}
