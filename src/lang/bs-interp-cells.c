/* bs-interp-cells.c: a script run as a notebook's cells, each a scope, its last bare
 * expression displayed as Jupyter does */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-cells.h"
#include "bs-interp-stages.h"
#include "bs-parser.h"
#include "bs-plot-session.h"

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
  if (!bs_ipython_pretty (in, value, text))
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
  /* Jupyter's inline backend shows the figures still open when a cell ends, and closes
   * them, also after an error */
  if (in->plots != NULL)
    bs_plot_session_show_at_end (in->plots);
  if (in->scopes)
    bs_scope_end (in);
  return r;
}

/* Where line starts in source (its length when source has fewer lines). */
static gsize
line_offset (const char *source,
             gsize       length,
             int         line)
{
  const char *p = source;

  for (int l = 1; l < line && p < source + length; l++)
    {
      const char *eol = memchr (p, '\n', source + length - p);

      p = eol != NULL ? eol + 1 : source + length;
    }
  return p - source;
}

/* IPython's "files = !ls" and "t = %timeit -o f()": what a shell command or a line magic
 * gives, assigned (not Python); NULL for any other line. */
static const char *
ipython_assignment (const char *line,
                    gsize       length)
{
  const char *p = line, *end = line + length;

  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p == end || !(g_ascii_isalpha (*p) || *p == '_'))
    return NULL;
  while (p < end && (g_ascii_isalnum (*p) || *p == '_' || *p == '.' || *p == ',' || *p == ' '))
    p++;
  if (p == end || *p != '=' || (p + 1 < end && p[1] == '='))
    return NULL;
  for (p++; p < end && *p == ' '; p++)
    ;
  return p == end ? NULL : *p == '!' ? "a shell command's output"
                         : *p == '%' ? "a line magic's output" : NULL;
}

/* The last line of a cell's own text: a cell whose text ends with a newline has one empty
 * line more in the script, which IPython does not see */
static int
cell_last_line (const char         *source,
                gsize               length,
                const BsInterpCell *cell)
{
  gsize at = line_offset (source, length, cell->last_line);

  if (cell->last_line > cell->first_line && (at == length || source[at] == '\n'))
    return cell->last_line - 1;
  return cell->last_line;
}

/* IPython compiles a cell allowing incomplete input: a cell that ends before its last
 * statement does (a bracket, a block or a triple-quoted string still open) is a
 * SyntaxError "incomplete input" placed after the cell's last line, or at the string. */
static void
incomplete_input (const char         *source,
                  gsize               length,
                  const char         *filename,
                  const BsInterpCell *cell,
                  GError            **local)
{
  int last = cell_last_line (source, length, cell);
  gsize at = line_offset (source, length, last);
  const char *eol = memchr (source + at, '\n', length - at);
  int line, col, end_line, end_col;

  if (!bs_lang_error_get_location (*local, NULL, &line, &col, &end_line, &end_col))
    return;
  if (!g_str_has_prefix ((*local)->message, "unterminated triple-quoted"))
    {
      line = end_line = last - cell->first_line + 1;
      col = end_col = (int) g_utf8_strlen (source + at, (eol != NULL ? eol : source + length)
                                                         - (source + at)) + 1;
    }
  g_clear_error (local);
  bs_lang_set_error (local, BS_LANG_ERROR_SYNTAX, filename, line, col, end_line, end_col,
                     "incomplete input");
}

/* Parses cell alone, as Jupyter compiles a cell: on a syntax error, NULL with the error
 * placed at the script's line, its message naming lines as the cell numbers them (as
 * IPython's do: "expected an indented block after 'for' statement on line 1"). */
static BsAst *
parse_cell (const char         *source,
            gsize               length,
            const char         *filename,
            const BsInterpCell *cell,
            GError            **error)
{
  gsize start = line_offset (source, length, cell->first_line);
  gsize end = line_offset (source, length, cell_last_line (source, length, cell) + 1);
  GError *local = NULL;
  gboolean at_end;
  BsAst *ast = bs_parse_cell (source + start, end - start, filename, &at_end, &local);
  int line, col, end_line, end_col;

  if (ast != NULL)
    return ast;
  if (at_end)
    incomplete_input (source, length, filename, cell, &local);
  if (bs_lang_error_get_location (local, NULL, &line, &col, &end_line, &end_col))
    {
      gsize at = line_offset (source, length, line + cell->first_line - 1);
      const char *eol = memchr (source + at, '\n', length - at);
      gsize n = (eol != NULL ? eol : source + length) - (source + at);
      const char *what = ipython_assignment (source + at, n);

      if (what != NULL)
        bs_lang_set_error (error, BS_LANG_ERROR_UNSUPPORTED, filename,
                           line + cell->first_line - 1, col, end_line + cell->first_line - 1,
                           end_col, "IPython's %.*s (%s assigned) is not run by Backstep",
                           (int) n, source + at, what);
      else
        bs_lang_set_error (error, local->code, filename, line + cell->first_line - 1, col,
                           end_line + cell->first_line - 1, end_col, "%s", local->message);
    }
  else
    g_propagate_error (error, g_steal_pointer (&local));
  g_clear_error (&local);
  return NULL;
}

/* A statement that goes on into the next cell: the cell alone does not parse, as Jupyter
 * compiles each cell on its own. Its SyntaxError stops the run as a parse error does. */
static BsExecResult
cell_syntax_error (BsInterp           *in,
                   const BsInterpCell *cell,
                   BsAstNode          *statement)
{
  GError *error = NULL;
  g_autoptr(BsAst) ast = parse_cell (in->frame->source, strlen (in->frame->source),
                                     in->frame->filename, cell, &error);

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

/* --- tracebacks as IPython 8 prints them ---------------------------------------------- */

#define IPYTHON_RULE \
  "---------------------------------------------------------------------------\n"
#define IPYTHON_HEADER      "Traceback (most recent call last)"
#define IPYTHON_NAME_WIDTH  42   /* the exception's name, padded: 75 columns in all */
#define IPYTHON_CONTEXT     2    /* lines shown before and after the current one */
#define IPYTHON_REPEATS     3    /* more repeated frames than this are skipped */

/* Line (1-based) of source, its length without the newline in *length; NULL past the end. */
static const char *
source_line (const char *source,
             int         line,
             gsize      *length)
{
  const char *p = source;

  for (int l = 1; l < line && p != NULL; l++)
    {
      p = strchr (p, '\n');
      p = p != NULL ? p + 1 : NULL;
    }
  if (p == NULL || (*p == '\0' && line > 1 && p[-1] != '\n'))
    return NULL;
  *length = strcspn (p, "\n");
  return p;
}

/* The indentation of a line, or -1 when it is blank or a comment. */
static int
indentation (const char *source,
             int         line)
{
  gsize length;
  const char *p = source_line (source, line, &length);
  gsize i = 0;

  if (p == NULL)
    return -1;
  while (i < length && (p[i] == ' ' || p[i] == '\t'))
    i++;
  return i == length || p[i] == '#' ? -1 : (int) i;
}

static gboolean
line_starts_with (const char *source,
                  int         line,
                  const char *word,
                  const char *name)
{
  gsize length, n;
  const char *p = source_line (source, line, &length);

  if (p == NULL)
    return FALSE;
  while (*p == ' ' || *p == '\t')
    p++;
  n = strlen (word);
  if (strncmp (p, word, n) != 0)
    return FALSE;
  p += n;
  n = strlen (name);
  return strncmp (p, name, n) == 0 && (p[n] == '(' || p[n] == ':' || p[n] == ' ');
}

/* "(x, y, *args, **kwargs)" of the def at line: the parameters' names, as IPython names a
 * function's frame (inspect.formatargvalues: keyword-only ones before *args). */
static void
append_parameters (GString    *out,
                   const char *source,
                   int         line)
{
  gsize length;
  const char *p = source_line (source, line, &length);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GString) star = g_string_new (NULL);
  g_autoptr(GString) piece = g_string_new (NULL);
  int depth = 0;

  p = p != NULL ? strchr (p, '(') : NULL;
  g_string_append_c (out, '(');
  for (p = p != NULL ? p + 1 : NULL; p != NULL && *p != '\0'; p++)
    {
      gboolean end = depth == 0 && (*p == ',' || *p == ')');

      if (!end)
        {
          depth += *p == '(' || *p == '[' || *p == '{';
          depth -= *p == ')' || *p == ']' || *p == '}';
          if (*p != '\n' && *p != ' ' && *p != '\t')
            g_string_append_c (piece, *p);
          continue;
        }
      /* "y=2" and "x: int" are named "y" and "x"; "*" and "/" alone are not names */
      g_string_truncate (piece, strcspn (piece->str, "=:"));
      if (piece->len > 0 && strcmp (piece->str, "*") != 0 && strcmp (piece->str, "/") != 0)
        {
          GString *into = piece->str[0] == '*' ? star : names;

          g_string_append_printf (into, "%s%s", into->len > 0 ? ", " : "", piece->str);
        }
      g_string_truncate (piece, 0);
      if (*p == ')')
        break;
    }
  g_string_append (out, names->str);
  if (names->len > 0 && star->len > 0)
    g_string_append (out, ", ");
  g_string_append (out, star->str);
  g_string_append_c (out, ')');
}

/* The def of the function name whose body holds line (within the lines first..line): its
 * line, the last line of its body, and its name as IPython gives it ("A.forward(self, x)").
 * FALSE when there is none. */
static gboolean
find_function (const char *source,
               int         first,
               int         last,
               int         line,
               const char *name,
               int        *def_line,
               int        *end_line,
               GString    *title)
{
  int indent = indentation (source, line);
  int def = 0, def_indent;

  for (int l = line - 1; l >= first && def == 0; l--)
    {
      int i = indentation (source, l);

      if (i >= 0 && (indent < 0 || i < indent))
        {
          if (line_starts_with (source, l, "def ", name)
              || line_starts_with (source, l, "async def ", name))
            def = l;
          else
            indent = i;
        }
    }
  if (def == 0)
    return FALSE;
  def_indent = indentation (source, def);
  *def_line = def;
  *end_line = def;
  for (int l = def + 1; l <= last; l++)
    {
      int i = indentation (source, l);

      if (i >= 0 && i <= def_indent)
        break;
      if (i >= 0)
        *end_line = l;
    }
  /* a method: the class it is in */
  for (int l = def - 1; l >= first && def_indent > 0; l--)
    {
      int i = indentation (source, l);
      gsize length;
      const char *p = source_line (source, l, &length);

      if (i < 0 || i >= def_indent)
        continue;
      p += i;
      if (g_str_has_prefix (p, "class "))
        g_string_append_printf (title, "%.*s.", (int) strcspn (p + 6, "(: \n"), p + 6);
      break;
    }
  g_string_append (title, name);
  append_parameters (title, source, def);
  return TRUE;
}

static const BsInterpCell *
cell_at (BsInterp *in,
         int       line)
{
  for (guint c = 0; c < in->n_cells; c++)
    if (line >= in->cells[c].first_line && line <= in->cells[c].last_line)
      return &in->cells[c];
  return NULL;
}

/* "      5 e = 5" and "----> 7 raise ValueError('bad')": the non-blank lines first..last
 * around line, numbered from number_of as the cell numbers them */
static void
append_context (GString    *out,
                const char *source,
                int         first,
                int         last,
                int         line,
                int         number_of)
{
  int from = line, to = line;

  for (int n = 0; n < IPYTHON_CONTEXT && from > first; from--)
    n += indentation (source, from - 1) >= 0 || from - 1 == line;
  int dedent = G_MAXINT;

  for (int n = 0; n < IPYTHON_CONTEXT && to < last; to++)
    n += indentation (source, to + 1) >= 0;
  /* the lines shown lose the indentation they all have */
  for (int l = from; l <= to; l++)
    if (indentation (source, l) >= 0)
      dedent = MIN (dedent, indentation (source, l));
  for (int l = from; l <= to; l++)
    {
      gsize length;
      const char *text = source_line (source, l, &length);
      int number = l - number_of + 1;

      if (text == NULL || (l != line && indentation (source, l) < 0))
        continue;
      if (dedent != G_MAXINT && (gsize) dedent <= length)
        {
          text += dedent;
          length -= dedent;
        }
      if (l == line)
        {
          char digits[16];
          /* IPython's arrow fills the 7 columns left of the number */
          int pad = 7 - g_snprintf (digits, sizeof digits, "%d", number);

          for (int i = 0; i < pad - 2; i++)
            g_string_append_c (out, '-');
          g_string_append (out, pad >= 2 ? "> " : pad == 1 ? ">" : "");
          g_string_append_printf (out, "%d %.*s\n", number, (int) length, text);
        }
      else
        g_string_append_printf (out, "%7d %.*s\n", number, (int) length, text);
    }
  g_string_append_c (out, '\n');
}

/* One frame: "Cell In [3], line 2, in f(x)" and the lines around its line. */
static void
append_cells_frame (BsInterp           *in,
                    GString            *out,
                    const BsTraceEntry *e,
                    const char         *source,
                    const char         *filename)
{
  const BsInterpCell *cell = strcmp (e->filename, filename) == 0 ? cell_at (in, e->line) : NULL;
  g_autoptr(GString) title = g_string_new (NULL);
  int first, last;

  if (cell == NULL)
    {
      g_string_append_printf (out, "File %s:%d, in %s()\n\n", e->filename, e->line, e->name);
      return;
    }
  first = cell->first_line;
  last = cell->last_line;
  g_string_append_printf (out, "Cell %s, line %d", cell->label, e->line - first + 1);
  if (strcmp (e->name, "<module>") != 0)
    {
      if (!find_function (source, first, last, e->line, e->name, &first, &last, title))
        g_string_append_printf (title, "%s()", e->name);
      g_string_append_printf (out, ", in %s", title->str);
    }
  g_string_append_c (out, '\n');
  append_context (out, source, first, last, e->line, cell->first_line);
}

static gboolean
same_frame (const BsTraceEntry *a,
            const BsTraceEntry *b)
{
  return a->line == b->line && strcmp (a->name, b->name) == 0
         && strcmp (a->filename, b->filename) == 0;
}

/* One exception of a chain: its header, its frames (outermost first) and its last line. */
static void
append_cells_exception (BsInterp   *in,
                        GString    *out,
                        BsValue     exc,
                        const char *source,
                        const char *filename)
{
  BsInstance *instance = (BsInstance *) exc.as.object;
  GArray *entries = instance->traceback;
  const char *name = ((BsClass *) instance->klass.as.object)->name;

  g_string_append_printf (out, "%-*s" IPYTHON_HEADER "\n", IPYTHON_NAME_WIDTH, name);
  for (guint i = entries != NULL ? entries->len : 0; i > 0;)
    {
      BsTraceEntry *e = &g_array_index (entries, BsTraceEntry, i - 1);
      guint run = 1;

      /* a run of the same frame (recursion): its first ones, a count, its last */
      while (run < i && same_frame (e, &g_array_index (entries, BsTraceEntry, i - 1 - run)))
        run++;
      if (run > IPYTHON_REPEATS)
        {
          const BsInterpCell *cell = cell_at (in, e->line);

          for (guint k = 0; k < IPYTHON_REPEATS - 1; k++)
            append_cells_frame (in, out, e, source, filename);
          g_string_append_printf (out, "    [... skipping similar frames: %s at line %d "
                                  "(%u times)]\n\n", e->name,
                                  cell != NULL ? e->line - cell->first_line + 1 : e->line,
                                  run - IPYTHON_REPEATS);
          append_cells_frame (in, out, e, source, filename);
          i -= run;
          continue;
        }
      append_cells_frame (in, out, e, source, filename);
      i--;
    }
  bs_append_exception_line (in, out, exc, FALSE);
}

char *
bs_format_cells_traceback (BsInterp   *in,
                           BsValue     exc,
                           const char *source,
                           const char *filename)
{
  GString *out = g_string_new (IPYTHON_RULE);

  bs_append_exception_chain (in, out, exc, append_cells_exception, source, filename);
  return g_string_free (out, FALSE);
}

/* A SyntaxError's "  File "x.ipynb", line 14" becomes IPython's "  Cell In [3], line 2" */
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
          g_string_append_printf (out, "  Cell %s, line %ld", cell->label,
                                  line - cell->first_line + 1);
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

/* The first of cells that does not parse on its own, with its error (as Jupyter compiles
 * each cell when it runs it), or n_cells when the whole source parses or no cell fails
 * alone. */
static guint
first_unparsable_cell (const char         *source,
                       gsize               length,
                       const char         *filename,
                       const BsInterpCell *cells,
                       guint               n_cells,
                       GError            **error)
{
  g_autoptr(BsAst) whole = bs_parse (source, length, filename, NULL);

  if (whole != NULL)
    return n_cells;
  for (guint c = 0; c < n_cells; c++)
    {
      g_autoptr(BsAst) ast = parse_cell (source, length, filename, &cells[c], error);

      if (ast == NULL)
        return c;
    }
  return n_cells;
}

/* A cell that does not compile: a scope with one statement at its error, where the run
 * stops (the window shows the error there). */
static void
record_unparsable_cell (BsInterp           *self,
                        const BsInterpCell *cell,
                        const GError       *parse_error)
{
  const BsInterpSink *sink = self->options.interp_sink;
  BsSpan span = { cell->first_line, 1, cell->last_line + 1, 1 };
  BsSourceSpan at;

  if (!bs_lang_error_get_location (parse_error, NULL, &at.line, &at.col, &at.end_line,
                                   &at.end_col))
    return;
  if (self->scopes)
    bs_scope_begin (self, BS_INTERP_SCOPE_CELL, cell->label, &span);
  if (sink != NULL && sink->statement != NULL)
    sink->statement (self->options.sink_data, &at);
  if (self->scopes)
    bs_scope_end (self);
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
  GError *parse_error = NULL;
  gsize run_length;
  guint n_run;
  char *named;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (source != NULL, FALSE);
  g_return_val_if_fail (cells != NULL || n_cells == 0, FALSE);

  if (filename == NULL)
    filename = "<string>";
  if (length < 0)
    length = strlen (source);
  /* the cells before one that does not parse run, then its SyntaxError ends the run */
  n_run = first_unparsable_cell (source, length, filename, cells, n_cells, &parse_error);
  run_length = parse_error != NULL ? line_offset (source, length, cells[n_run].first_line)
                                   : (gsize) length;
  self->cells = cells;
  self->n_cells = n_run;
  if (bs_interp_run (self, source, run_length, filename, &local) && parse_error != NULL)
    {
      record_unparsable_cell (self, &cells[n_run], parse_error);
      bs_interp_report_syntax_error (self, source, length, filename,
                                     g_steal_pointer (&parse_error), &local);
    }
  g_clear_error (&parse_error);
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
