/* bs-lang-error.c: the language's GError domain and CPython-style rendering */
#define G_LOG_DOMAIN "bs-lang"

#include <string.h>

#include "bs-lang-error.h"

typedef struct {
  char *filename;
  int   line;
  int   col;
  int   end_line;
  int   end_col;
} BsLangErrorPrivate;

static void
bs_lang_error_private_init (BsLangErrorPrivate *priv)
{
  memset (priv, 0, sizeof *priv);
}

static void
bs_lang_error_private_copy (const BsLangErrorPrivate *src,
                            BsLangErrorPrivate       *dest)
{
  *dest = *src;
  dest->filename = g_strdup (src->filename);
}

static void
bs_lang_error_private_clear (BsLangErrorPrivate *priv)
{
  g_clear_pointer (&priv->filename, g_free);
}

G_DEFINE_EXTENDED_ERROR (BsLangError, bs_lang_error)

void
bs_lang_set_error (GError     **error,
                   BsLangError  code,
                   const char  *filename,
                   int          line,
                   int          col,
                   int          end_line,
                   int          end_col,
                   const char  *format,
                   ...)
{
  BsLangErrorPrivate *priv;
  g_autofree char *message = NULL;
  va_list args;

  if (error == NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error_literal (error, BS_LANG_ERROR, code, message);
  if (*error == NULL)
    return;
  priv = bs_lang_error_get_private (*error);
  priv->filename = g_strdup (filename);
  priv->line = line;
  priv->col = col;
  priv->end_line = end_line;
  priv->end_col = end_col;
}

gboolean
bs_lang_error_get_location (const GError  *error,
                            const char   **filename,
                            int           *line,
                            int           *col,
                            int           *end_line,
                            int           *end_col)
{
  const BsLangErrorPrivate *priv;

  g_return_val_if_fail (error != NULL, FALSE);

  if (error->domain != BS_LANG_ERROR)
    return FALSE;
  priv = bs_lang_error_get_private (error);
  if (filename)
    *filename = priv->filename;
  if (line)
    *line = priv->line;
  if (col)
    *col = priv->col;
  if (end_line)
    *end_line = priv->end_line;
  if (end_col)
    *end_col = priv->end_col;
  return TRUE;
}

const char *
bs_lang_error_get_exception_name (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain == BS_LANG_ERROR)
    {
      switch ((BsLangError) error->code)
        {
        case BS_LANG_ERROR_INDENTATION:
          return "IndentationError";
        case BS_LANG_ERROR_TAB:
          return "TabError";
        case BS_LANG_ERROR_SYNTAX:
        case BS_LANG_ERROR_UNSUPPORTED:
        default:
          break;
        }
    }
  return "SyntaxError";
}

/* Returns the bytes of line @line (1-based) of @source, without its end of line. */
static const char *
find_line (const char *source,
           int         line,
           gsize      *length)
{
  const char *p = source;
  const char *end;

  for (int i = 1; i < line && p != NULL; i++)
    {
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  if (p == NULL)
    return NULL;
  end = strchr (p, '\n');
  *length = end ? (gsize) (end - p) : strlen (p);
  if (*length > 0 && p[*length - 1] == '\r')
    (*length)--;
  return p;
}

char *
bs_lang_format_syntax_error (const char   *filename,
                             const char   *source,
                             const GError *error)
{
  GString *out;
  const char *stored_filename = NULL;
  int line = 0, col = 0, end_line = 0, end_col = 0;

  g_return_val_if_fail (error != NULL, NULL);

  bs_lang_error_get_location (error, &stored_filename, &line, &col, &end_line, &end_col);
  if (filename == NULL)
    filename = stored_filename ? stored_filename : "<string>";

  out = g_string_new (NULL);
  g_string_append_printf (out, "  File \"%s\", line %d\n", filename, line);

  if (source != NULL && line > 0)
    {
      gsize length = 0;
      const char *text = find_line (source, line, &length);

      if (text != NULL && g_utf8_validate_len (text, length, NULL))
        {
          const char *stop = text + length;
          int offset = col - 1;
          int n_chars;
          int carets = 1;

          /* CPython strips the indentation and moves the caret with it. */
          while (text < stop && (*text == ' ' || *text == '\t' || *text == '\f'))
            {
              text++;
              offset--;
            }
          n_chars = (int) g_utf8_strlen (text, stop - text);
          if (offset > n_chars)
            offset = n_chars;

          g_string_append (out, "    ");
          g_string_append_len (out, text, stop - text);
          g_string_append_c (out, '\n');

          if (offset >= 0)
            {
              /* Indentation errors get a single caret, whatever their span. */
              if (end_line == line && end_col > col && error->domain == BS_LANG_ERROR &&
                  error->code != BS_LANG_ERROR_INDENTATION && error->code != BS_LANG_ERROR_TAB)
                carets = MIN (end_col - col, n_chars - offset + 1);
              carets = MAX (carets, 1);
              g_string_append (out, "    ");
              for (int i = 0; i < offset; i++)
                g_string_append_c (out, ' ');
              for (int i = 0; i < carets; i++)
                g_string_append_c (out, '^');
              g_string_append_c (out, '\n');
            }
        }
    }

  g_string_append_printf (out, "%s: %s\n", bs_lang_error_get_exception_name (error),
                          error->message);
  return g_string_free (out, FALSE);
}
