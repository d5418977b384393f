/* bs-interp-cells.c: a script run as a notebook's cells, each a scope, its last bare
 * expression displayed as Jupyter does */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-cells.h"
#include "bs-interp-stages.h"
#include "bs-parser.h"

#include <stdlib.h>
#include <string.h>

gboolean
bs_display_value (BsInterp *in,
                  BsValue   value)
{
  g_autoptr(GString) text = NULL;

  if (bs_value_is_none (value))
    return TRUE;
  text = g_string_new (NULL);
  if (!bs_repr (in, value, text))
    return FALSE;
  g_string_append_c (text, '\n');
  bs_interp_write_stdout (in, text->str);
  return TRUE;
}

/* IPython shows nothing for a last expression ended by ";". */
static gboolean
ends_with_semicolon (BsInterp  *in,
                     BsAstNode *node)
{
  const char *p = in->frame->source;
  int line = 1;

  if (p == NULL)
    return FALSE;
  for (; *p != '\0' && line < node->span.end_line; p++)
    if (*p == '\n')
      line++;
  /* end_col counts characters; skip them, then blanks, to a ";" before any comment */
  for (int col = 1; *p != '\0' && *p != '\n' && col < node->span.end_col; col++)
    p = g_utf8_next_char (p);
  while (*p == ' ' || *p == '\t' || *p == ')')
    p++;
  return *p == ';';
}

static BsExecResult
exec_cell (BsInterp           *in,
           const BsInterpCell *cell,
           BsAstNode         **body,
           guint               n,
           BsValue            *ret)
{
  BsSpan span = { cell->first_line, 1, cell->last_line + 1, 1 };
  BsAstNode *last = n > 0 ? body[n - 1] : NULL;
  BsExecResult r;

  if (in->scopes)
    bs_scope_begin (in, BS_INTERP_SCOPE_CELL, cell->label, &span);
  if (last != NULL && last->kind == BS_AST_EXPR_STMT && !ends_with_semicolon (in, last))
    in->display_node = last;
  r = bs_exec_block (in, body, n, ret);
  in->display_node = NULL;
  if (in->scopes)
    bs_scope_end (in);
  return r;
}

/* A statement that goes on into the next cell: the cell alone does not parse, as Jupyter
 * compiles each cell on its own. Its SyntaxError stops the run as a parse error does. */
static BsExecResult
cell_syntax_error (BsInterp           *in,
                   const BsInterpCell *cell,
                   BsAstNode          *statement)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(BsAst) ast = NULL;
  GError *error = NULL;
  const char *p = in->frame->source;
  int line = 1;

  /* the cell's lines where they are, the others blank: positions stay the script's */
  for (; *p != '\0' && line <= cell->last_line; p++)
    {
      if (line >= cell->first_line || *p == '\n')
        g_string_append_c (text, *p);
      line += *p == '\n';
    }
  ast = bs_parse_interned (text->str, text->len, in->frame->filename, in->names, &error);
  if (ast != NULL)
    {
      bs_raise (in, "SyntaxError", "a statement of %s goes on into the next cell",
                cell->label);
      bs_record_traceback (in, statement);
      return BS_EXEC_ERROR;
    }
  g_clear_error (&in->fatal);
  in->fatal = error;
  bs_raise_fatal (in);
  return BS_EXEC_ERROR;
}

BsExecResult
bs_exec_cells (BsInterp   *in,
               BsAstNode **body,
               guint       n,
               BsValue    *ret)
{
  guint i = 0;

  for (guint c = 0; c < in->n_cells; c++)
    {
      const BsInterpCell *cell = &in->cells[c];
      guint start;
      BsExecResult r;

      /* statements before this cell (outside every cell) run on their own */
      start = i;
      while (i < n && body[i]->span.line < cell->first_line)
        i++;
      if (i > start && (r = bs_exec_block (in, body + start, i - start, ret)) != BS_EXEC_NORMAL)
        return r;
      start = i;
      while (i < n && body[i]->span.line <= cell->last_line)
        {
          if (body[i]->span.end_line > cell->last_line)
            return cell_syntax_error (in, cell, body[i]);
          i++;
        }
      /* an empty notebook has no statements at all: body is NULL */
      r = exec_cell (in, cell, body != NULL ? body + start : NULL, i - start, ret);
      if (r != BS_EXEC_NORMAL)
        return r;
    }
  return i < n ? bs_exec_block (in, body + i, n - i, ret) : BS_EXEC_NORMAL;
}

/* "  File "x.ipynb", line 14" (then ", in f" or the end of the line) becomes
 * "  File "x.ipynb", cell In [3], line 2" */
static char *
name_cells (const char         *text,
            const char         *filename,
            const BsInterpCell *cells,
            guint               n_cells)
{
  g_autofree char *prefix = g_strdup_printf ("  File \"%s\", line ", filename);
  GString *out = g_string_new (NULL);
  const char *p = text;
  gsize prefix_len = strlen (prefix);

  while (*p != '\0')
    {
      const char *eol = strchrnul (p, '\n');
      const BsInterpCell *cell = NULL;
      char *end = NULL;
      long line = 0;

      if (strncmp (p, prefix, prefix_len) == 0)
        {
          line = strtol (p + prefix_len, &end, 10);
          for (guint c = 0; c < n_cells && end != NULL; c++)
            if (line >= cells[c].first_line && line <= cells[c].last_line)
              cell = &cells[c];
        }
      if (cell != NULL)
        {
          g_string_append_printf (out, "  File \"%s\", cell %s, line %ld", filename,
                                  cell->label, line - cell->first_line + 1);
          g_string_append_len (out, end, eol - end);
        }
      else
        g_string_append_len (out, p, eol - p);
      if (*eol == '\n')
        g_string_append_c (out, '\n');
      p = *eol == '\n' ? eol + 1 : eol;
    }
  return g_string_free (out, FALSE);
}

gboolean
bs_interp_run_cells (BsInterp           *self,
                     const char         *source,
                     gssize              length,
                     const char         *filename,
                     const BsInterpCell *cells,
                     guint               n_cells,
                     GError            **error)
{
  GError *local = NULL;
  char *named;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cells != NULL || n_cells == 0, FALSE);

  if (filename == NULL)
    filename = "<string>";
  self->cells = cells;
  self->n_cells = n_cells;
  bs_interp_run (self, source, length, filename, &local);
  self->cells = NULL;
  self->n_cells = 0;
  if (local == NULL)
    return TRUE;
  if (self->error_text != NULL)
    {
      named = name_cells (self->error_text, filename, cells, n_cells);
      g_free (self->error_text);
      self->error_text = named;
    }
  named = name_cells (local->message, filename, cells, n_cells);
  g_free (local->message);
  local->message = named;
  g_propagate_error (error, local);
  return FALSE;
}
