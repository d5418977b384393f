/* bs-notebook.c: Jupyter notebooks (nbformat 4) read with json-glib, shown as a cell view,
 * run cell by cell and saved back */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-notebook.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "bs-float-repr.h"
#include "bs-interp-cells.h"
#include "bs-interp-private.h"

G_DEFINE_QUARK (bs-notebook-error-quark, bs_notebook_error)

#define CODE_HEADER_START "# In ["
#define MARKDOWN_HEADER   "# [markdown]"
#define RAW_HEADER        "# [raw]"

typedef enum {
  CELL_CODE,
  CELL_MARKDOWN,
  CELL_RAW,
} CellKind;

static const char * const cell_kinds[] = {
  [CELL_CODE] = "code",
  [CELL_MARKDOWN] = "markdown",
  [CELL_RAW] = "raw",
};

struct _BsNotebook {
  GBytes   *data;     /* Owned: the bytes read */
  JsonNode *root;     /* Owned */
  char     *text;     /* Owned: the cell view */
};

/* A cell of a cell view: its kind, its lines (1-based, inclusive; last < first when
 * empty) and its source as the notebook stores it. */
typedef struct {
  CellKind  kind;
  int       first_line;
  int       last_line;
  GString  *source;
  gboolean  header;   /* it comes after a header line (not the text before the first) */
} ViewCell;

static void
view_cell_clear (gpointer data)
{
  ViewCell *cell = data;

  g_string_free (cell->source, TRUE);
}

static gboolean
is_blank (const char *text,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;
  return TRUE;
}

gboolean
bs_notebook_is_notebook_name (const char *filename)
{
  gsize n;

  if (filename == NULL)
    return FALSE;
  n = strlen (filename);
  return n >= 6 && g_ascii_strcasecmp (filename + n - 6, ".ipynb") == 0;
}

/* --- reading ------------------------------------------------------------------------ */

/* A cell's "source": a string or a list of strings, joined. */
static gboolean
read_source (JsonObject *cell,
             guint       index,
             GString    *out,
             GError    **error)
{
  JsonNode *node = json_object_get_member (cell, "source");

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      g_string_append (out, json_node_get_string (node));
      return TRUE;
    }
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *lines = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (lines); i++)
        {
          JsonNode *line = json_array_get_element (lines, i);

          if (!JSON_NODE_HOLDS_VALUE (line) || json_node_get_value_type (line) != G_TYPE_STRING)
            {
              g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                           "cells[%u].source[%u]: expected a string", index, i);
              return FALSE;
            }
          g_string_append (out, json_node_get_string (line));
        }
      return TRUE;
    }
  g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
               node == NULL ? "cells[%u]: no \"source\""
                            : "cells[%u].source: expected a string or a list of strings",
               index);
  return FALSE;
}

static gboolean
read_kind (JsonObject *cell,
           guint       index,
           CellKind   *kind,
           GError    **error)
{
  JsonNode *node = json_object_get_member (cell, "cell_type");
  const char *name;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   "cells[%u]: no \"cell_type\" string", index);
      return FALSE;
    }
  name = json_node_get_string (node);
  for (guint k = 0; k < G_N_ELEMENTS (cell_kinds); k++)
    if (g_strcmp0 (name, cell_kinds[k]) == 0)
      {
        *kind = k;
        return TRUE;
      }
  g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
               "cells[%u].cell_type: \"%s\" is not code, markdown or raw", index, name);
  return FALSE;
}

/* The language of a notebook that says it is not Python, or NULL. */
static const char *
other_language (JsonObject *notebook)
{
  JsonNode *metadata = json_object_get_member (notebook, "metadata");
  static const char * const paths[][2] = {
    { "kernelspec", "language" },
    { "language_info", "name" },
  };

  if (metadata == NULL || !JSON_NODE_HOLDS_OBJECT (metadata))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      JsonNode *outer = json_object_get_member (json_node_get_object (metadata), paths[i][0]);
      JsonNode *inner;
      const char *name;

      if (outer == NULL || !JSON_NODE_HOLDS_OBJECT (outer))
        continue;
      inner = json_object_get_member (json_node_get_object (outer), paths[i][1]);
      if (inner == NULL || !JSON_NODE_HOLDS_VALUE (inner)
          || json_node_get_value_type (inner) != G_TYPE_STRING)
        continue;
      name = json_node_get_string (inner);
      if (g_ascii_strcasecmp (name, "python") != 0)
        return name;
    }
  return NULL;
}

static gboolean
header_kind (const char *line,
             gsize       length,
             CellKind   *kind)
{
  gsize start = strlen (CODE_HEADER_START);

  if (length == strlen (MARKDOWN_HEADER) && memcmp (line, MARKDOWN_HEADER, length) == 0)
    *kind = CELL_MARKDOWN;
  else if (length == strlen (RAW_HEADER) && memcmp (line, RAW_HEADER, length) == 0)
    *kind = CELL_RAW;
  else if (length > start + 1 && memcmp (line, CODE_HEADER_START, start) == 0
           && memcmp (line + length - 2, "]:", 2) == 0)
    {
      for (gsize i = start; i < length - 2; i++)
        if (!g_ascii_isdigit (line[i]) && line[i] != ' ')
          return FALSE;
      *kind = CELL_CODE;
    }
  else
    return FALSE;
  return TRUE;
}

/* A code line that reads as a header with one or more "#" ("## In [7]:"): in the view a
 * code line gets one "#" more, so that only headers have exactly one. */
static gboolean
header_like (const char *line,
             gsize       length,
             gsize      *hashes)
{
  CellKind kind;
  gsize n = 0;

  while (n < length && line[n] == '#')
    n++;
  if (n == 0 || !header_kind (line + n - 1, length - n + 1, &kind))
    return FALSE;
  *hashes = n;
  return TRUE;
}

/* Appends a code cell's source, or reads one back (escape FALSE), one "#" more or less on
 * its header-like lines. */
static void
append_code (GString    *out,
             const char *source,
             gsize       length,
             gboolean    escape)
{
  for (const char *p = source; p < source + length;)
    {
      const char *eol = memchr (p, '\n', source + length - p);
      const char *end = eol != NULL ? eol : source + length;
      gsize hashes;

      if (header_like (p, end - p, &hashes) && (escape || hashes >= 2))
        {
          if (escape)
            g_string_append_c (out, '#');
          else
            p++;
        }
      g_string_append_len (out, p, (eol != NULL ? eol + 1 : end) - p);
      p = eol != NULL ? eol + 1 : end;
    }
}

static void
append_view_cell (GString    *view,
                  CellKind    kind,
                  guint       code_number,
                  const char *source)
{
  if (kind == CELL_CODE)
    {
      /* as Jupyter numbers them: a blank cell does not run and has no number */
      if (code_number == 0)
        g_string_append (view, CODE_HEADER_START " ]:\n");
      else
        g_string_append_printf (view, CODE_HEADER_START "%u]:\n", code_number);
      append_code (view, source, strlen (source), TRUE);
      g_string_append (view, "\n\n");
      return;
    }
  g_string_append (view, kind == CELL_MARKDOWN ? MARKDOWN_HEADER "\n" : RAW_HEADER "\n");
  for (const char *p = source; *p != '\0' || p == source;)
    {
      const char *eol = strchrnul (p, '\n');

      g_string_append (view, eol > p ? "# " : "#");
      g_string_append_len (view, p, eol - p);
      g_string_append_c (view, '\n');
      if (*eol == '\0')
        break;
      p = eol + 1;
      if (*p == '\0')
        {
          g_string_append (view, "#\n");
          break;
        }
    }
  g_string_append_c (view, '\n');
}

BsNotebook *
bs_notebook_new_from_data (const char  *data,
                           gsize        length,
                           GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  g_autoptr(GString) view = g_string_new (NULL);
  g_autoptr(GString) source = g_string_new (NULL);
  JsonObject *notebook;
  JsonNode *nbformat, *cells;
  JsonArray *list;
  guint n_code = 0, n_numbered = 0;
  const char *language;
  BsNotebook *self;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > G_MAXSSIZE)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_JSON, "the file is too large");
      return NULL;
    }
  if (!g_utf8_validate_len (data, length, NULL))
    {
      const char *end;
      int line = 1;

      g_utf8_validate_len (data, length, &end);
      for (const char *p = data; p < end; p++)
        line += *p == '\n';
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_JSON,
                   "line %d: not UTF-8 text", line);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, length > 0 ? data : "", (gssize) length, &local))
    {
      /* json-glib says "<data>:3:5: Parse error: ..." */
      const char *message = local->message;

      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_JSON,
                   "not a JSON file: %s", message);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   "not a Jupyter notebook: the JSON is not an object");
      return NULL;
    }
  notebook = json_node_get_object (json_parser_get_root (parser));
  nbformat = json_object_get_member (notebook, "nbformat");
  if (nbformat == NULL || !JSON_NODE_HOLDS_VALUE (nbformat)
      || json_node_get_value_type (nbformat) != G_TYPE_INT64)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   "not a Jupyter notebook: no \"nbformat\" number");
      return NULL;
    }
  if (json_node_get_int (nbformat) != 4)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   "nbformat: %" G_GINT64_FORMAT " (Backstep reads nbformat 4: open and save "
                   "the notebook in Jupyter to convert it)", json_node_get_int (nbformat));
      return NULL;
    }
  if ((language = other_language (notebook)) != NULL)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   "metadata: a notebook in %s, not Python", language);
      return NULL;
    }
  cells = json_object_get_member (notebook, "cells");
  if (cells == NULL || !JSON_NODE_HOLDS_ARRAY (cells))
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                   cells == NULL ? "not a Jupyter notebook: no \"cells\""
                                 : "cells: expected a list");
      return NULL;
    }
  list = json_node_get_array (cells);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      CellKind kind;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                       "cells[%u]: expected an object", i);
          return NULL;
        }
      g_string_truncate (source, 0);
      if (!read_kind (json_node_get_object (node), i, &kind, error)
          || !read_source (json_node_get_object (node), i, source, error))
        return NULL;
      if (strlen (source->str) != source->len)
        {
          g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_FORMAT,
                       "cells[%u].source: a NUL character", i);
          return NULL;
        }
      if (kind == CELL_CODE)
        n_code++;
      append_view_cell (view, kind, kind == CELL_CODE && !is_blank (source->str, source->len)
                                    ? ++n_numbered : 0, source->str);
    }
  if (n_code == 0)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_NO_CODE,
                   "cells: %u cell%s and none of code: nothing to run",
                   json_array_get_length (list), json_array_get_length (list) == 1 ? "" : "s");
      return NULL;
    }

  self = g_new0 (BsNotebook, 1);
  self->data = g_bytes_new (data, length);
  self->root = json_parser_steal_root (parser);
  self->text = g_string_free (g_steal_pointer (&view), FALSE);
  return self;
}

void
bs_notebook_free (BsNotebook *self)
{
  if (self == NULL)
    return;
  g_bytes_unref (self->data);
  json_node_unref (self->root);
  g_free (self->text);
  g_free (self);
}

const char *
bs_notebook_get_text (BsNotebook *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text;
}

/* --- the cell view read back ----------------------------------------------------------- */

static void
finish_cell (ViewCell   *cell,
             const char *body,
             gsize       length)
{
  /* the blank line that separates cells is not the cell's; nor are any blank lines at the
   * end of a markdown or raw cell, whose lines all begin with "#" */
  if (length >= 2 && body[length - 1] == '\n' && body[length - 2] == '\n')
    length -= 2;
  else if (length >= 1 && body[length - 1] == '\n')
    length -= 1;
  while (cell->kind != CELL_CODE && length >= 1 && body[length - 1] == '\n')
    length--;
  cell->last_line = cell->first_line - (length == 0);
  for (gsize i = 0; i < length; i++)
    cell->last_line += body[i] == '\n';
  if (cell->kind == CELL_CODE)
    {
      append_code (cell->source, body, length, FALSE);
      return;
    }
  for (const char *p = body; p < body + length;)
    {
      const char *eol = memchr (p, '\n', body + length - p);
      const char *end = eol != NULL ? eol : body + length;

      if (end - p >= 2 && p[0] == '#' && p[1] == ' ')
        p += 2;
      else if (end > p && p[0] == '#')
        p += 1;
      g_string_append_len (cell->source, p, end - p);
      if (eol == NULL)
        break;
      /* a markdown source's last line has no newline; "#" alone after it is an empty one */
      if (eol + 1 < body + length)
        g_string_append_c (cell->source, '\n');
      p = eol + 1;
    }
}

/* The cells of a cell view; text before the first header is a code cell of its own when
 * it holds anything but blanks, and so is text after a markdown or raw cell from its first
 * line that is not a comment (the editor keeps those cells read-only, but one can type
 * after the last). */
static GArray *
read_view (const char *text,
           gsize       length)
{
  GArray *cells = g_array_new (FALSE, TRUE, sizeof (ViewCell));
  const char *body = text;
  ViewCell current = { CELL_CODE, 1, 0, g_string_new (NULL), FALSE };
  const char *p = text;
  int line = 1;
  gboolean leading = TRUE;

  g_array_set_clear_func (cells, view_cell_clear);
  while (p <= text + length)
    {
      const char *eol = memchr (p, '\n', text + length - p);
      const char *end = eol != NULL ? eol : text + length;
      CellKind kind;

      if (header_kind (p, end - p, &kind))
        {
          if (!leading || !is_blank (body, p - body))
            {
              finish_cell (&current, body, p - body);
              g_array_append_val (cells, current);
            }
          else
            g_string_free (current.source, TRUE);
          leading = FALSE;
          current = (ViewCell) { kind, line + 1, 0, g_string_new (NULL), TRUE };
          body = eol != NULL ? eol + 1 : end;
        }
      else if (current.kind != CELL_CODE && end > p && p[0] != '#' && !is_blank (p, end - p))
        {
          finish_cell (&current, body, p - body);
          g_array_append_val (cells, current);
          current = (ViewCell) { CELL_CODE, line, 0, g_string_new (NULL), FALSE };
          body = p;
        }
      if (eol == NULL)
        break;
      p = eol + 1;
      line++;
    }
  if (!leading || !is_blank (body, text + length - body))
    {
      finish_cell (&current, body, text + length - body);
      g_array_append_val (cells, current);
    }
  else
    g_string_free (current.source, TRUE);
  return cells;
}

GArray *
bs_notebook_read_only_lines (const char *text)
{
  g_autoptr(GArray) view = read_view (text, strlen (text));
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (int));
  int n_lines = 1;

  for (const char *p = text; *p != '\0'; p++)
    n_lines += *p == '\n';
  for (guint i = 0; i < view->len; i++)
    {
      ViewCell *cell = &g_array_index (view, ViewCell, i);
      ViewCell *next = i + 1 < view->len ? cell + 1 : NULL;
      int first = cell->first_line - 1;
      int last = first;

      if (!cell->header)
        continue;
      /* a markdown or raw cell up to the next cell */
      if (cell->kind != CELL_CODE)
        last = next != NULL ? next->first_line - 1 - next->header : n_lines;
      g_array_append_val (lines, first);
      g_array_append_val (lines, last);
    }
  return lines;
}

/* --- running ------------------------------------------------------------------------- */

/* Scans a line of code for the bracket depth and string state at its end, so that a
 * line starting with "%" or "!" inside an expression is not taken for a magic. */
typedef struct {
  int  depth;       /* open brackets */
  char quote;       /* the open string's quote, or 0 */
  gboolean triple;  /* the open string is triple-quoted */
  gboolean continued; /* the line ended with a backslash */
} LineState;

static void
scan_line (LineState  *state,
           const char *p,
           const char *end)
{
  state->continued = FALSE;
  while (p < end)
    {
      if (state->quote != 0)
        {
          if (*p == '\\')
            p++;
          else if (*p == state->quote
                   && (!state->triple || (end - p >= 3 && p[1] == p[0] && p[2] == p[0])))
            {
              p += state->triple ? 2 : 0;
              state->quote = 0;
            }
          p++;
          continue;
        }
      switch (*p)
        {
        case '#':
          return;
        case '\'': case '"':
          state->quote = *p;
          state->triple = end - p >= 3 && p[1] == p[0] && p[2] == p[0];
          p += state->triple ? 2 : 0;
          break;
        case '(': case '[': case '{':
          state->depth++;
          break;
        case ')': case ']': case '}':
          state->depth = MAX (state->depth - 1, 0);
          break;
        case '\\':
          if (p + 1 == end)
            state->continued = TRUE;
          break;
        default:
          break;
        }
      p++;
    }
  /* a single-quoted string does not go on past its line */
  if (state->quote != 0 && !state->triple && !state->continued)
    state->quote = 0;
}

/* IPython's help: "torch.zeros?", "?x", "f??" (a dotted name with "?" or "??" before or
 * after it, alone on its line). */
static gboolean
is_help (const char *p,
         const char *end)
{
  const char *name, *name_end;
  gsize before = 0, after = 0;

  while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
    end--;
  for (; p < end && *p == '?'; p++)
    before++;
  name = p;
  while (p < end && (g_ascii_isalnum (*p) || *p == '_' || *p == '.'))
    p++;
  name_end = p;
  for (; p < end && *p == '?'; p++)
    after++;
  return p == end && name_end > name && (before > 0) != (after > 0) && before <= 2
         && after <= 2 && !g_ascii_isdigit (*name) && *name != '.';
}

/* Blanks the magics, shell lines and help requests of a code cell in source (the whole
 * view), noting each. */
static void
skip_magics (GString        *source,
             const ViewCell *cell,
             const char     *label,
             const char     *filename,
             GString        *notes)
{
  LineState state = { 0 };
  char *p = source->str;
  int line = 1;
  gboolean first = TRUE;
  gboolean whole_cell = FALSE;

  for (; line < cell->first_line && *p != '\0'; p++)
    line += *p == '\n';
  for (; line <= cell->last_line && *p != '\0'; line++)
    {
      char *eol = strchrnul (p, '\n');
      char *start = p;
      gboolean at_statement = state.depth == 0 && state.quote == 0 && !state.continued;

      while (start < eol && (*start == ' ' || *start == '\t'))
        start++;
      if (first && start < eol && eol - start >= 2 && start[0] == '%' && start[1] == '%')
        {
          g_string_append_printf (notes, "%s: %s: skipped the cell magic %.*s and the "
                                  "cell's code\n", filename, label, (int) (eol - start),
                                  start);
          whole_cell = TRUE;
        }
      if (start < eol)
        first = FALSE;
      if (whole_cell)
        memset (p, ' ', eol - p);
      else if (at_statement && start < eol
               && (*start == '%' || *start == '!' || is_help (start, eol)))
        {
          g_string_append_printf (notes, "%s: %s, line %d: skipped the %s %.*s\n", filename,
                                  label, line - cell->first_line + 1,
                                  *start == '%' ? "line magic"
                                  : *start == '!' ? "shell command" : "help request",
                                  (int) (eol - start), start);
          /* an indented magic leaves a statement, so that its block is still one */
          if (start > p)
            {
              memset (start, ' ', eol - start);
              if (eol - start >= 4)
                memcpy (start, "pass", 4);
              else
                *start = '0';
            }
          else
            memset (p, ' ', eol - p);
        }
      else
        scan_line (&state, p, eol);
      if (*eol == '\0')
        break;
      p = eol + 1;
    }
}

gboolean
bs_notebook_run (BsInterp    *interp,
                 const char  *text,
                 gssize       length,
                 const char  *filename,
                 GError     **error)
{
  g_autoptr(GArray) view = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, TRUE, sizeof (BsInterpCell));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) source = NULL;
  g_autoptr(GString) notes = g_string_new (NULL);
  guint n_code = 0;

  g_return_val_if_fail (interp != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (length < 0)
    length = strlen (text);
  if (filename == NULL)
    filename = "<notebook>";
  source = g_string_new_len (text, length);
  view = read_view (source->str, source->len);
  for (guint i = 0; i < view->len; i++)
    {
      ViewCell *cell = &g_array_index (view, ViewCell, i);
      BsInterpCell run = { cell->first_line, cell->last_line, NULL };
      ViewCell trimmed;
      char *label;

      /* Jupyter does not run a blank cell, nor give it a number */
      if (cell->kind != CELL_CODE || is_blank (cell->source->str, cell->source->len))
        continue;
      /* IPython drops a cell's leading blank lines: its line 1 is the first with code */
      for (const char *p = cell->source->str; *p != '\0';)
        {
          const char *eol = strchrnul (p, '\n');

          if (*eol == '\0' || !is_blank (p, eol - p))
            break;
          run.first_line++;
          p = eol + 1;
        }
      label = g_strdup_printf ("In [%u]", ++n_code);
      g_ptr_array_add (labels, label);
      run.label = label;
      g_array_append_val (cells, run);
      trimmed = *cell;
      trimmed.first_line = run.first_line;
      skip_magics (source, &trimmed, label, filename, notes);
    }
  if (notes->len > 0)
    bs_interp_write_stderr (interp, notes->str);
  return bs_interp_run_cells (interp, source->str, source->len, filename,
                              (const BsInterpCell *) cells->data, cells->len, error);
}

/* --- saving -------------------------------------------------------------------------- */

/* A source as Jupyter stores it: a list of lines, each with its newline but the last. */
static JsonNode *
source_lines (const char *source)
{
  JsonArray *lines = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (const char *p = source; *p != '\0';)
    {
      const char *eol = strchrnul (p, '\n');
      g_autofree char *line = g_strndup (p, eol - p + (*eol == '\n'));

      json_array_add_string_element (lines, line);
      p = *eol == '\n' ? eol + 1 : eol;
    }
  json_node_take_array (node, lines);
  return node;
}

/* A new cell, its members in the order Jupyter writes them. */
static JsonObject *
new_cell (CellKind kind,
          gboolean with_id,
          guint    index)
{
  JsonObject *cell = json_object_new ();

  json_object_set_string_member (cell, "cell_type", cell_kinds[kind]);
  if (kind == CELL_CODE)
    json_object_set_null_member (cell, "execution_count");
  if (with_id)
    {
      g_autofree char *id = g_strdup_printf ("backstep-%u", index);

      json_object_set_string_member (cell, "id", id);
    }
  json_object_set_object_member (cell, "metadata", json_object_new ());
  if (kind == CELL_CODE)
    json_object_set_array_member (cell, "outputs", json_array_new ());
  return cell;
}

/* JSON as Jupyter writes a notebook (Python's json.dump with indent=1, sort_keys=True and
 * ensure_ascii=False), so that a saved notebook differs from Jupyter's file only where
 * cells changed. */
static void write_json (GString *out, JsonNode *node, int depth);

static void
write_json_string (GString    *out,
                   const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '"':  g_string_append (out, "\\\""); break;
      case '\\': g_string_append (out, "\\\\"); break;
      case '\n': g_string_append (out, "\\n"); break;
      case '\r': g_string_append (out, "\\r"); break;
      case '\t': g_string_append (out, "\\t"); break;
      case '\b': g_string_append (out, "\\b"); break;
      case '\f': g_string_append (out, "\\f"); break;
      default:
        if ((guchar) *p < 0x20)
          g_string_append_printf (out, "\\u%04x", (guchar) *p);
        else
          g_string_append_c (out, *p);
      }
  g_string_append_c (out, '"');
}

static void
newline (GString *out,
         int      depth)
{
  g_string_append_c (out, '\n');
  for (int i = 0; i < depth; i++)
    g_string_append_c (out, ' ');
}

static void
write_json (GString  *out,
            JsonNode *node,
            int       depth)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(GList) names = g_list_sort (json_object_get_members (object),
                                              (GCompareFunc) strcmp);

        if (names == NULL)
          {
            g_string_append (out, "{}");
            break;
          }
        g_string_append_c (out, '{');
        for (GList *l = names; l != NULL; l = l->next)
          {
            newline (out, depth + 1);
            write_json_string (out, l->data);
            g_string_append (out, ": ");
            write_json (out, json_object_get_member (object, l->data), depth + 1);
            if (l->next != NULL)
              g_string_append_c (out, ',');
          }
        newline (out, depth);
        g_string_append_c (out, '}');
        break;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        if (n == 0)
          {
            g_string_append (out, "[]");
            break;
          }
        g_string_append_c (out, '[');
        for (guint i = 0; i < n; i++)
          {
            newline (out, depth + 1);
            write_json (out, json_array_get_element (array, i), depth + 1);
            if (i + 1 < n)
              g_string_append_c (out, ',');
          }
        newline (out, depth);
        g_string_append_c (out, ']');
        break;
      }
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          write_json_string (out, json_node_get_string (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        default:
          {
            double value = json_node_get_double (node);
            g_autofree char *repr = bs_float_repr (value);

            /* as Python's json writes what JSON has no number for */
            g_string_append (out, isnan (value) ? "NaN"
                                  : isinf (value) ? (value > 0 ? "Infinity" : "-Infinity")
                                  : repr);
            break;
          }
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

GBytes *
bs_notebook_save (BsNotebook  *self,
                  const char  *text,
                  GError     **error)
{
  g_autoptr(GArray) view = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *notebook;
  JsonArray *old_cells, *cells;
  JsonNode *minor;
  gboolean with_id;
  guint n_code = 0;
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (strcmp (text, self->text) == 0)
    return g_bytes_ref (self->data);

  view = read_view (text, strlen (text));
  for (guint i = 0; i < view->len; i++)
    n_code += g_array_index (view, ViewCell, i).kind == CELL_CODE;
  if (n_code == 0)
    {
      g_set_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_NO_CODE,
                   "no code cell (a code cell begins with a line \"# In [1]:\")");
      return NULL;
    }

  root = json_node_copy (self->root);
  notebook = json_node_get_object (root);
  old_cells = json_object_get_array_member (notebook, "cells");
  minor = json_object_get_member (notebook, "nbformat_minor");
  with_id = minor != NULL && JSON_NODE_HOLDS_VALUE (minor)
            && json_node_get_value_type (minor) == G_TYPE_INT64 && json_node_get_int (minor) >= 5;
  cells = json_array_new ();
  for (guint i = 0; i < view->len; i++)
    {
      ViewCell *cell = &g_array_index (view, ViewCell, i);
      JsonObject *object = NULL;

      /* the cell at the same place, of the same kind, keeps its outputs and metadata */
      if (i < json_array_get_length (old_cells))
        {
          JsonObject *old = json_array_get_object_element (old_cells, i);

          if (g_strcmp0 (json_object_get_string_member_with_default (old, "cell_type", ""),
                         cell_kinds[cell->kind]) == 0)
            object = json_object_ref (old);
        }
      if (object == NULL)
        object = new_cell (cell->kind, with_id, i);
      json_object_set_member (object, "source", source_lines (cell->source->str));
      json_array_add_object_element (cells, object);
    }
  json_object_set_array_member (notebook, "cells", cells);

  out = g_string_new (NULL);
  write_json (out, root, 0);
  /* Jupyter ends the file with a newline */
  g_string_append_c (out, '\n');
  return g_string_free_to_bytes (out);
}
