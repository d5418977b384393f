/* bs-lexer.c: Python tokens, with indentation, bracket nesting and literals */
#define G_LOG_DOMAIN "bs-lang"

#include <string.h>

#include "bs-lang-error.h"
#include "bs-lexer.h"

#define MAX_INDENT 100  /* CPython's limits, with its messages */
#define MAX_LEVEL  200
#define TAB_SIZE   8

typedef struct {
  char ch;
  int  line;
  int  col;
} Bracket;

struct _BsLexer {
  const char   *src;
  gsize         start;
  gsize         end;
  gsize         pos;
  char         *filename;
  BsLexerFlags  flags;

  /* Where byte cur_off is; moved forward as tokens are made. */
  gsize         cur_off;
  int           cur_line;
  int           cur_col;
  int           base_line;
  int           base_col;

  int           indents[MAX_INDENT + 1];
  int           alt_indents[MAX_INDENT + 1];  /* tabs counted as 1, to detect TabError */
  int           n_indents;
  int           pending_dedents;
  gboolean      at_line_start;
  gboolean      line_has_tokens;
  gboolean      checked;

  Bracket       brackets[MAX_LEVEL];
  int           level;
  gboolean      error_at_end;  /* the last error: the source ended too soon */
};

static const struct {
  const char  *word;
  BsTokenKind  kind;
} keywords[] = {
  { "False", BS_TOKEN_FALSE }, { "None", BS_TOKEN_NONE }, { "True", BS_TOKEN_TRUE },
  { "and", BS_TOKEN_AND }, { "as", BS_TOKEN_AS }, { "assert", BS_TOKEN_ASSERT },
  { "async", BS_TOKEN_ASYNC }, { "await", BS_TOKEN_AWAIT }, { "break", BS_TOKEN_BREAK },
  { "class", BS_TOKEN_CLASS }, { "continue", BS_TOKEN_CONTINUE }, { "def", BS_TOKEN_DEF },
  { "del", BS_TOKEN_DEL }, { "elif", BS_TOKEN_ELIF }, { "else", BS_TOKEN_ELSE },
  { "except", BS_TOKEN_EXCEPT }, { "finally", BS_TOKEN_FINALLY }, { "for", BS_TOKEN_FOR },
  { "from", BS_TOKEN_FROM }, { "global", BS_TOKEN_GLOBAL }, { "if", BS_TOKEN_IF },
  { "import", BS_TOKEN_IMPORT }, { "in", BS_TOKEN_IN }, { "is", BS_TOKEN_IS },
  { "lambda", BS_TOKEN_LAMBDA }, { "nonlocal", BS_TOKEN_NONLOCAL }, { "not", BS_TOKEN_NOT },
  { "or", BS_TOKEN_OR }, { "pass", BS_TOKEN_PASS }, { "raise", BS_TOKEN_RAISE },
  { "return", BS_TOKEN_RETURN }, { "try", BS_TOKEN_TRY }, { "while", BS_TOKEN_WHILE },
  { "with", BS_TOKEN_WITH }, { "yield", BS_TOKEN_YIELD },
};

static const char * const token_names[] = {
  [BS_TOKEN_EOF] = "EOF",
  [BS_TOKEN_NEWLINE] = "NEWLINE",
  [BS_TOKEN_INDENT] = "INDENT",
  [BS_TOKEN_DEDENT] = "DEDENT",
  [BS_TOKEN_NAME] = "NAME",
  [BS_TOKEN_INT] = "INT",
  [BS_TOKEN_FLOAT] = "FLOAT",
  [BS_TOKEN_STRING] = "STRING",
  [BS_TOKEN_ERROR] = "ERRORTOKEN",
  [BS_TOKEN_LPAR] = "'('",
  [BS_TOKEN_RPAR] = "')'",
  [BS_TOKEN_LSQB] = "'['",
  [BS_TOKEN_RSQB] = "']'",
  [BS_TOKEN_LBRACE] = "'{'",
  [BS_TOKEN_RBRACE] = "'}'",
  [BS_TOKEN_COMMA] = "','",
  [BS_TOKEN_COLON] = "':'",
  [BS_TOKEN_SEMI] = "';'",
  [BS_TOKEN_DOT] = "'.'",
  [BS_TOKEN_ELLIPSIS] = "'...'",
  [BS_TOKEN_ARROW] = "'->'",
  [BS_TOKEN_EQUAL] = "'='",
  [BS_TOKEN_COLONEQUAL] = "':='",
  [BS_TOKEN_BANG] = "'!'",
  [BS_TOKEN_PLUS] = "'+'",
  [BS_TOKEN_MINUS] = "'-'",
  [BS_TOKEN_STAR] = "'*'",
  [BS_TOKEN_SLASH] = "'/'",
  [BS_TOKEN_DOUBLESLASH] = "'//'",
  [BS_TOKEN_PERCENT] = "'%'",
  [BS_TOKEN_AT] = "'@'",
  [BS_TOKEN_DOUBLESTAR] = "'**'",
  [BS_TOKEN_LSHIFT] = "'<<'",
  [BS_TOKEN_RSHIFT] = "'>>'",
  [BS_TOKEN_AMPER] = "'&'",
  [BS_TOKEN_VBAR] = "'|'",
  [BS_TOKEN_CIRCUMFLEX] = "'^'",
  [BS_TOKEN_TILDE] = "'~'",
  [BS_TOKEN_LESS] = "'<'",
  [BS_TOKEN_GREATER] = "'>'",
  [BS_TOKEN_LESSEQUAL] = "'<='",
  [BS_TOKEN_GREATEREQUAL] = "'>='",
  [BS_TOKEN_EQEQUAL] = "'=='",
  [BS_TOKEN_NOTEQUAL] = "'!='",
  [BS_TOKEN_PLUSEQUAL] = "'+='",
  [BS_TOKEN_MINEQUAL] = "'-='",
  [BS_TOKEN_STAREQUAL] = "'*='",
  [BS_TOKEN_SLASHEQUAL] = "'/='",
  [BS_TOKEN_DOUBLESLASHEQUAL] = "'//='",
  [BS_TOKEN_PERCENTEQUAL] = "'%='",
  [BS_TOKEN_ATEQUAL] = "'@='",
  [BS_TOKEN_DOUBLESTAREQUAL] = "'**='",
  [BS_TOKEN_LSHIFTEQUAL] = "'<<='",
  [BS_TOKEN_RSHIFTEQUAL] = "'>>='",
  [BS_TOKEN_AMPEREQUAL] = "'&='",
  [BS_TOKEN_VBAREQUAL] = "'|='",
  [BS_TOKEN_CIRCUMFLEXEQUAL] = "'^='",
  [BS_TOKEN_FALSE] = "'False'",
  [BS_TOKEN_NONE] = "'None'",
  [BS_TOKEN_TRUE] = "'True'",
  [BS_TOKEN_AND] = "'and'",
  [BS_TOKEN_AS] = "'as'",
  [BS_TOKEN_ASSERT] = "'assert'",
  [BS_TOKEN_ASYNC] = "'async'",
  [BS_TOKEN_AWAIT] = "'await'",
  [BS_TOKEN_BREAK] = "'break'",
  [BS_TOKEN_CLASS] = "'class'",
  [BS_TOKEN_CONTINUE] = "'continue'",
  [BS_TOKEN_DEF] = "'def'",
  [BS_TOKEN_DEL] = "'del'",
  [BS_TOKEN_ELIF] = "'elif'",
  [BS_TOKEN_ELSE] = "'else'",
  [BS_TOKEN_EXCEPT] = "'except'",
  [BS_TOKEN_FINALLY] = "'finally'",
  [BS_TOKEN_FOR] = "'for'",
  [BS_TOKEN_FROM] = "'from'",
  [BS_TOKEN_GLOBAL] = "'global'",
  [BS_TOKEN_IF] = "'if'",
  [BS_TOKEN_IMPORT] = "'import'",
  [BS_TOKEN_IN] = "'in'",
  [BS_TOKEN_IS] = "'is'",
  [BS_TOKEN_LAMBDA] = "'lambda'",
  [BS_TOKEN_NONLOCAL] = "'nonlocal'",
  [BS_TOKEN_NOT] = "'not'",
  [BS_TOKEN_OR] = "'or'",
  [BS_TOKEN_PASS] = "'pass'",
  [BS_TOKEN_RAISE] = "'raise'",
  [BS_TOKEN_RETURN] = "'return'",
  [BS_TOKEN_TRY] = "'try'",
  [BS_TOKEN_WHILE] = "'while'",
  [BS_TOKEN_WITH] = "'with'",
  [BS_TOKEN_YIELD] = "'yield'",
};

G_STATIC_ASSERT (G_N_ELEMENTS (token_names) == BS_N_TOKEN_KINDS);

const char *
bs_token_kind_name (BsTokenKind kind)
{
  g_return_val_if_fail (kind < BS_N_TOKEN_KINDS, NULL);
  return token_names[kind];
}

BsLexer *
bs_lexer_new_for_range (const char   *source,
                        gsize         start,
                        gsize         end,
                        int           line,
                        int           col,
                        const char   *filename,
                        BsLexerFlags  flags)
{
  BsLexer *self;

  g_return_val_if_fail (source != NULL || end == 0, NULL);
  g_return_val_if_fail (start <= end, NULL);

  self = g_new0 (BsLexer, 1);
  self->src = source ? source : "";
  self->start = self->pos = self->cur_off = start;
  self->end = end;
  self->filename = g_strdup (filename);
  self->flags = flags;
  self->cur_line = self->base_line = line;
  self->cur_col = self->base_col = col;
  self->n_indents = 1;
  self->at_line_start = !(flags & BS_LEXER_EXPRESSION);
  return self;
}

BsLexer *
bs_lexer_new (const char *source,
              gsize       length,
              const char *filename)
{
  return bs_lexer_new_for_range (source, 0, length, 1, 1, filename, BS_LEXER_FLAGS_NONE);
}

void
bs_lexer_free (BsLexer *self)
{
  if (self == NULL)
    return;
  g_free (self->filename);
  g_free (self);
}

void
bs_lexer_advance_position (const char *source,
                           gsize       from,
                           gsize       to,
                           int        *line,
                           int        *col)
{
  for (gsize i = from; i < to; i++)
    {
      guchar c = source[i];

      if (c == '\n')
        {
          (*line)++;
          *col = 1;
        }
      else if ((c & 0xC0) != 0x80)
        (*col)++;
    }
}

static void
locate (BsLexer *self,
        gsize    offset,
        int     *line,
        int     *col)
{
  if (offset < self->cur_off)
    {
      self->cur_off = self->start;
      self->cur_line = self->base_line;
      self->cur_col = self->base_col;
    }
  bs_lexer_advance_position (self->src, self->cur_off, offset, &self->cur_line, &self->cur_col);
  self->cur_off = offset;
  *line = self->cur_line;
  *col = self->cur_col;
}

static gboolean G_GNUC_PRINTF (7, 8)
error_at (BsLexer      *self,
          GError      **error,
          BsLangError   code,
          int           line,
          int           col,
          int           end_col,
          const char   *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  bs_lang_set_error (error, code, self->filename, line, col, line, end_col, "%s", message);
  return FALSE;
}

#define error_span(self, error, code, from, to, ...) \
  G_STMT_START { \
    int l_, c_, el_, ec_; \
    locate ((self), (from), &l_, &c_); \
    locate ((self), (to), &el_, &ec_); \
    bs_lang_set_error ((error), (code), (self)->filename, l_, c_, el_, ec_, __VA_ARGS__); \
  } G_STMT_END

static gboolean
emit (BsLexer     *self,
      BsToken     *token,
      BsTokenKind  kind,
      gsize        start,
      gsize        end)
{
  token->kind = kind;
  token->start = start;
  token->end = end;
  locate (self, start, &token->line, &token->col);
  locate (self, end, &token->end_line, &token->end_col);
  if (kind != BS_TOKEN_NEWLINE && kind != BS_TOKEN_INDENT && kind != BS_TOKEN_DEDENT &&
      kind != BS_TOKEN_EOF)
    self->line_has_tokens = TRUE;
  return TRUE;
}

static gboolean
check_encoding (BsLexer  *self,
                GError  **error)
{
  const char *bad = NULL;
  const char *text = self->src + self->start;
  gsize length = self->end - self->start;
  gsize offset;
  gsize line_start;
  guchar c;
  int line, col;

  if (g_utf8_validate_len (text, length, &bad))
    return TRUE;

  offset = bad - self->src;
  locate (self, offset, &line, &col);
  c = *bad;
  if (c == '\0')
    return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                     "source code cannot contain null bytes");

  line_start = offset;
  while (line_start > self->start && self->src[line_start - 1] != '\n')
    line_start--;
  return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                   "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %"
                   G_GSIZE_FORMAT ": %s", c, offset - line_start,
                   (c >= 0x80 && c < 0xC2) || c > 0xF4 ? "invalid start byte"
                   : offset + 1 >= self->end ? "unexpected end of data"
                   : "invalid continuation byte");
}

static gboolean
is_ident_start (gunichar c)
{
  if (c < 0x80)
    return g_ascii_isalpha (c) || c == '_';
  return g_unichar_isalpha (c) || g_unichar_type (c) == G_UNICODE_LETTER_NUMBER;
}

static gboolean
is_ident_char (gunichar c)
{
  GUnicodeType type;

  if (c < 0x80)
    return g_ascii_isalnum (c) || c == '_';
  if (is_ident_start (c) || g_unichar_isdigit (c))
    return TRUE;
  type = g_unichar_type (c);
  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_CONNECT_PUNCTUATION;
}

static gboolean
is_string_prefix (const char *s,
                  gsize       length)
{
  char a, b;

  if (length == 1)
    return strchr ("rRuUfFbB", s[0]) != NULL;
  if (length != 2)
    return FALSE;
  a = g_ascii_tolower (s[0]);
  b = g_ascii_tolower (s[1]);
  return (a == 'r' && (b == 'b' || b == 'f')) || (b == 'r' && (a == 'b' || a == 'f'));
}

static gboolean lex_string (BsLexer *self, BsToken *token, gsize start, GError **error);

static gboolean
invalid_character (BsLexer  *self,
                   gsize     offset,
                   GError  **error)
{
  gunichar c = g_utf8_get_char (self->src + offset);
  int line, col;

  locate (self, offset, &line, &col);
  if (!g_unichar_isprint (c))
    return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                     "invalid non-printable character U+%04X", c);
  return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                   "invalid character '%.*s' (U+%04X)",
                   (int) (g_utf8_next_char (self->src + offset) - (self->src + offset)),
                   self->src + offset, c);
}

static gboolean
lex_name (BsLexer  *self,
          BsToken  *token,
          GError  **error)
{
  gsize start = self->pos;
  gsize p = start;
  gsize length;

  while (p < self->end)
    {
      gunichar c = g_utf8_get_char (self->src + p);

      if (!is_ident_char (c))
        break;
      p = g_utf8_next_char (self->src + p) - self->src;
    }
  length = p - start;

  if (p < self->end && (self->src[p] == '\'' || self->src[p] == '"') &&
      is_string_prefix (self->src + start, length))
    return lex_string (self, token, start, error);

  self->pos = p;
  if (length >= 2 && length <= 8)
    {
      for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
        {
          if (strlen (keywords[i].word) == length &&
              memcmp (keywords[i].word, self->src + start, length) == 0)
            return emit (self, token, keywords[i].kind, start, p);
        }
    }
  return emit (self, token, BS_TOKEN_NAME, start, p);
}

static gboolean
is_base_digit (char c,
               int  base)
{
  switch (base)
    {
    case 2:
      return c == '0' || c == '1';
    case 8:
      return c >= '0' && c <= '7';
    case 16:
      return g_ascii_isxdigit (c);
    default:
      return g_ascii_isdigit (c);
    }
}

/* Digits with single underscores between them. Returns the offset after them;
 * *bad is the offset of a misplaced underscore, or 0. */
static gsize
scan_digits (BsLexer *self,
             gsize    p,
             int      base,
             gsize   *bad)
{
  *bad = 0;
  while (p < self->end)
    {
      char c = self->src[p];

      if (is_base_digit (c, base))
        p++;
      else if (c == '_')
        {
          if (p + 1 < self->end && is_base_digit (self->src[p + 1], base))
            p++;
          else
            {
              *bad = p;
              return p;
            }
        }
      else
        break;
    }
  return p;
}

static gboolean
number_error (BsLexer    *self,
              GError    **error,
              gsize       offset,
              const char *message)
{
  int line, col;

  locate (self, offset, &line, &col);
  return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col, "%s", message);
}

/* A literal may not run into a name: "1abc", "0x1g". */
static gboolean
check_number_end (BsLexer    *self,
                  gsize       start,
                  gsize       p,
                  const char *kind,
                  GError    **error)
{
  g_autofree char *message = NULL;

  if (p >= self->end || !is_ident_char (g_utf8_get_char (self->src + p)))
    return TRUE;
  if (self->src[p] == 'j' || self->src[p] == 'J')
    {
      error_span (self, error, BS_LANG_ERROR_UNSUPPORTED, start, p + 1,
                  "imaginary literals (complex numbers) are not supported by Backstep");
      return FALSE;
    }
  /* CPython points at the last character of the number. */
  message = g_strdup_printf ("invalid %s literal", kind);
  return number_error (self, error, p - 1, message);
}

static gboolean
lex_number (BsLexer  *self,
            BsToken  *token,
            GError  **error)
{
  const char *s = self->src;
  gsize start = self->pos;
  gsize p = start;
  gsize bad;
  gboolean is_float = FALSE;

  if (s[p] == '0' && p + 1 < self->end && strchr ("xXoObB", s[p + 1]) != NULL)
    {
      char prefix = g_ascii_tolower (s[p + 1]);
      int base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : 2;
      const char *name = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
      gsize digits;
      g_autofree char *message = NULL;

      p += 2;
      if (p < self->end && s[p] == '_')
        p++;
      digits = p;
      p = scan_digits (self, p, base, &bad);
      if (bad)
        {
          message = g_strdup_printf ("invalid %s literal", name);
          return number_error (self, error, bad, message);
        }
      if (p < self->end && g_ascii_isdigit (s[p]))
        {
          message = g_strdup_printf ("invalid digit '%c' in %s literal", s[p], name);
          return number_error (self, error, p, message);
        }
      if (p == digits)
        {
          message = g_strdup_printf ("invalid %s literal", name);
          return number_error (self, error, start + 1, message);
        }
      if (!check_number_end (self, start, p, name, error))
        return FALSE;
      self->pos = p;
      return emit (self, token, BS_TOKEN_INT, start, p);
    }

  p = scan_digits (self, p, 10, &bad);
  if (bad)
    return number_error (self, error, bad, "invalid decimal literal");
  if (p < self->end && s[p] == '.')
    {
      is_float = TRUE;
      p++;
      if (p < self->end && g_ascii_isdigit (s[p]))
        {
          p = scan_digits (self, p, 10, &bad);
          if (bad)
            return number_error (self, error, bad, "invalid decimal literal");
        }
    }
  if (p < self->end && (s[p] == 'e' || s[p] == 'E'))
    {
      gsize e = p;

      p++;
      if (p < self->end && (s[p] == '+' || s[p] == '-'))
        p++;
      if (p >= self->end || !g_ascii_isdigit (s[p]))
        return number_error (self, error, start, "invalid decimal literal");
      p = scan_digits (self, p, 10, &bad);
      if (bad)
        return number_error (self, error, bad, "invalid decimal literal");
      is_float = TRUE;
      (void) e;
    }
  if (!check_number_end (self, start, p, "decimal", error))
    return FALSE;

  if (!is_float && s[start] == '0')
    {
      for (gsize i = start; i < p; i++)
        {
          if (s[i] != '0' && s[i] != '_')
            {
              error_span (self, error, BS_LANG_ERROR_SYNTAX, start, i,
                          "leading zeros in decimal integer literals are not permitted; "
                          "use an 0o prefix for octal integers");
              return FALSE;
            }
        }
    }

  self->pos = p;
  return emit (self, token, is_float ? BS_TOKEN_FLOAT : BS_TOKEN_INT, start, p);
}

void
bs_lexer_string_parts (const char     *source,
                       const BsToken  *token,
                       BsStringFlags  *flags,
                       gsize          *body_start,
                       gsize          *body_end)
{
  gsize p = token->start;
  BsStringFlags f = 0;
  char quote;

  while (source[p] != '\'' && source[p] != '"')
    {
      switch (g_ascii_tolower (source[p]))
        {
        case 'r':
          f |= BS_STRING_RAW;
          break;
        case 'f':
          f |= BS_STRING_FORMAT;
          break;
        case 'b':
          f |= BS_STRING_BYTES;
          break;
        default:
          break;
        }
      p++;
    }
  quote = source[p];
  if (token->end - p >= 6 && source[p + 1] == quote && source[p + 2] == quote)
    {
      f |= BS_STRING_TRIPLE;
      *body_start = p + 3;
      *body_end = token->end - 3;
    }
  else
    {
      *body_start = p + 1;
      *body_end = token->end - 1;
    }
  *flags = f;
}

static gboolean
lex_string (BsLexer  *self,
            BsToken  *token,
            gsize     start,
            GError  **error)
{
  const char *s = self->src;
  gsize q = start;
  gsize p;
  char quote;
  gboolean triple;
  gboolean bytes = FALSE;

  for (; s[q] != '\'' && s[q] != '"'; q++)
    bytes |= s[q] == 'b' || s[q] == 'B';
  quote = s[q];
  triple = q + 2 < self->end && s[q + 1] == quote && s[q + 2] == quote;
  p = q + (triple ? 3 : 1);

  for (;;)
    {
      char c;

      if (p >= self->end || (!triple && (s[p] == '\n' || s[p] == '\r')))
        {
          int line, col, end_line, end_col;

          locate (self, start, &line, &col);
          /* CPython counts the line of the last character read. */
          locate (self, MIN (p, self->end) - (p >= self->end && p > start ? 1 : 0),
                  &end_line, &end_col);
          if (triple)
            {
              self->error_at_end = TRUE;
              return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col,
                               "unterminated triple-quoted string literal (detected at "
                               "line %d)", end_line);
            }
          return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col,
                           "unterminated string literal (detected at line %d)", end_line);
        }
      c = s[p];
      if (c == '\\')
        {
          p++;
          if (p < self->end && s[p] == '\r' && p + 1 < self->end && s[p + 1] == '\n')
            p++;
          if (p < self->end)
            p++;
          continue;
        }
      p++;
      if (c != quote)
        continue;
      if (!triple)
        break;
      if (p + 1 < self->end && s[p] == quote && s[p + 1] == quote)
        {
          p += 2;
          break;
        }
    }

  self->pos = p;
  if (bytes)
    {
      error_span (self, error, BS_LANG_ERROR_UNSUPPORTED, start, p,
                  "bytes literals are not supported by Backstep");
      return FALSE;
    }
  return emit (self, token, BS_TOKEN_STRING, start, p);
}

static const char *
bracket_close (char open)
{
  return open == '(' ? ")" : open == '[' ? "]" : "}";
}

static gboolean
open_bracket (BsLexer     *self,
              BsToken     *token,
              BsTokenKind  kind,
              GError     **error)
{
  Bracket *b;

  if (self->level >= MAX_LEVEL)
    {
      int line, col;

      locate (self, self->pos, &line, &col);
      return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col,
                       "too many nested parentheses");
    }
  b = &self->brackets[self->level++];
  b->ch = self->src[self->pos];
  self->pos++;
  emit (self, token, kind, self->pos - 1, self->pos);
  b->line = token->line;
  b->col = token->col;
  return TRUE;
}

static gboolean
close_bracket (BsLexer     *self,
               BsToken     *token,
               BsTokenKind  kind,
               GError     **error)
{
  char c = self->src[self->pos];
  const Bracket *b;
  int line, col;

  locate (self, self->pos, &line, &col);
  if (self->level == 0)
    return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                     "unmatched '%c'", c);
  b = &self->brackets[self->level - 1];
  if (bracket_close (b->ch)[0] != c)
    {
      if (b->line != line)
        return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                         "closing parenthesis '%c' does not match opening parenthesis '%c' "
                         "on line %d", c, b->ch, b->line);
      return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col + 1,
                       "closing parenthesis '%c' does not match opening parenthesis '%c'",
                       c, b->ch);
    }
  self->level--;
  self->pos++;
  return emit (self, token, kind, self->pos - 1, self->pos);
}

static const struct {
  const char  *text;
  BsTokenKind  kind;
} operators[] = {
  /* Longest first, so that a prefix never hides a longer operator. */
  { "**=", BS_TOKEN_DOUBLESTAREQUAL }, { "//=", BS_TOKEN_DOUBLESLASHEQUAL },
  { "<<=", BS_TOKEN_LSHIFTEQUAL }, { ">>=", BS_TOKEN_RSHIFTEQUAL }, { "...", BS_TOKEN_ELLIPSIS },
  { "**", BS_TOKEN_DOUBLESTAR }, { "//", BS_TOKEN_DOUBLESLASH }, { "<<", BS_TOKEN_LSHIFT },
  { ">>", BS_TOKEN_RSHIFT }, { "<=", BS_TOKEN_LESSEQUAL }, { ">=", BS_TOKEN_GREATEREQUAL },
  { "==", BS_TOKEN_EQEQUAL }, { "!=", BS_TOKEN_NOTEQUAL }, { "->", BS_TOKEN_ARROW },
  { ":=", BS_TOKEN_COLONEQUAL }, { "+=", BS_TOKEN_PLUSEQUAL }, { "-=", BS_TOKEN_MINEQUAL },
  { "*=", BS_TOKEN_STAREQUAL }, { "/=", BS_TOKEN_SLASHEQUAL }, { "%=", BS_TOKEN_PERCENTEQUAL },
  { "@=", BS_TOKEN_ATEQUAL }, { "&=", BS_TOKEN_AMPEREQUAL }, { "|=", BS_TOKEN_VBAREQUAL },
  { "^=", BS_TOKEN_CIRCUMFLEXEQUAL },
  { "+", BS_TOKEN_PLUS }, { "-", BS_TOKEN_MINUS }, { "*", BS_TOKEN_STAR },
  { "/", BS_TOKEN_SLASH }, { "%", BS_TOKEN_PERCENT }, { "@", BS_TOKEN_AT },
  { "&", BS_TOKEN_AMPER }, { "|", BS_TOKEN_VBAR }, { "^", BS_TOKEN_CIRCUMFLEX },
  { "~", BS_TOKEN_TILDE }, { "<", BS_TOKEN_LESS }, { ">", BS_TOKEN_GREATER },
  { "=", BS_TOKEN_EQUAL }, { ",", BS_TOKEN_COMMA }, { ":", BS_TOKEN_COLON },
  { ";", BS_TOKEN_SEMI }, { ".", BS_TOKEN_DOT }, { "!", BS_TOKEN_BANG },
};

static gboolean
lex_token (BsLexer  *self,
           BsToken  *token,
           GError  **error)
{
  const char *s = self->src;
  gsize p = self->pos;
  guchar c = s[p];

  if (c >= 0x80 || g_ascii_isalpha (c) || c == '_')
    {
      if (!is_ident_start (g_utf8_get_char (s + p)))
        return invalid_character (self, p, error);
      return lex_name (self, token, error);
    }
  if (g_ascii_isdigit (c) || (c == '.' && p + 1 < self->end && g_ascii_isdigit (s[p + 1])))
    return lex_number (self, token, error);
  if (c == '\'' || c == '"')
    return lex_string (self, token, p, error);

  switch (c)
    {
    case '(':
      return open_bracket (self, token, BS_TOKEN_LPAR, error);
    case '[':
      return open_bracket (self, token, BS_TOKEN_LSQB, error);
    case '{':
      return open_bracket (self, token, BS_TOKEN_LBRACE, error);
    case ')':
      return close_bracket (self, token, BS_TOKEN_RPAR, error);
    case ']':
      return close_bracket (self, token, BS_TOKEN_RSQB, error);
    case '}':
      return close_bracket (self, token, BS_TOKEN_RBRACE, error);
    default:
      break;
    }

  for (guint i = 0; i < G_N_ELEMENTS (operators); i++)
    {
      gsize n = strlen (operators[i].text);

      if (p + n <= self->end && memcmp (s + p, operators[i].text, n) == 0)
        {
          self->pos = p + n;
          return emit (self, token, operators[i].kind, p, p + n);
        }
    }

  if (c < 0x20 || c == 0x7f)
    return invalid_character (self, p, error);

  self->pos = p + 1;
  return emit (self, token, BS_TOKEN_ERROR, p, p + 1);
}

/* At the start of a line outside brackets: skips blank lines and compares the
 * indentation with the stack. Sets *emitted when it produced INDENT/DEDENT. */
static gboolean
lex_indentation (BsLexer   *self,
                 BsToken   *token,
                 gboolean  *emitted,
                 GError   **error)
{
  const char *s = self->src;
  gsize p = self->pos;
  int col = 0, alt = 0;
  int top, alt_top;
  int line, char_col;

  *emitted = FALSE;
  for (; p < self->end; p++)
    {
      if (s[p] == ' ')
        col++, alt++;
      else if (s[p] == '\t')
        col = (col / TAB_SIZE + 1) * TAB_SIZE, alt++;
      else if (s[p] == '\f')
        col = alt = 0;
      else
        break;
    }

  if (p >= self->end)
    {
      self->pos = p;
      self->at_line_start = FALSE;
      return TRUE;
    }
  if (s[p] == '#' || s[p] == '\n' || s[p] == '\r')
    {
      while (p < self->end && s[p] != '\n')
        p++;
      self->pos = MIN (p + 1, self->end);
      return TRUE;
    }

  self->pos = p;
  self->at_line_start = FALSE;
  top = self->indents[self->n_indents - 1];
  alt_top = self->alt_indents[self->n_indents - 1];
  locate (self, p, &line, &char_col);

  if (col == top)
    {
      if (alt != alt_top)
        return error_at (self, error, BS_LANG_ERROR_TAB, line, 1, 1,
                         "inconsistent use of tabs and spaces in indentation");
      return TRUE;
    }

  if (col > top)
    {
      if (self->n_indents >= MAX_INDENT)
        return error_at (self, error, BS_LANG_ERROR_INDENTATION, line, 1, 1,
                         "too many levels of indentation");
      if (alt <= alt_top)
        return error_at (self, error, BS_LANG_ERROR_TAB, line, 1, 1,
                         "inconsistent use of tabs and spaces in indentation");
      self->indents[self->n_indents] = col;
      self->alt_indents[self->n_indents] = alt;
      self->n_indents++;
      *emitted = TRUE;
      emit (self, token, BS_TOKEN_INDENT, p, p);
      /* CPython points "unexpected indent" at the last blank of the indentation. */
      token->col = token->end_col = char_col - 1;
      return TRUE;
    }

  while (self->n_indents > 1 && col < self->indents[self->n_indents - 1])
    {
      self->n_indents--;
      self->pending_dedents++;
    }
  if (col != self->indents[self->n_indents - 1])
    {
      gsize eol = p;

      while (eol < self->end && s[eol] != '\n' && s[eol] != '\r')
        eol++;
      locate (self, eol, &line, &char_col);
      return error_at (self, error, BS_LANG_ERROR_INDENTATION, line, char_col,
                       char_col, "unindent does not match any outer indentation level");
    }
  if (alt != self->alt_indents[self->n_indents - 1])
    return error_at (self, error, BS_LANG_ERROR_TAB, line, 1, 1,
                     "inconsistent use of tabs and spaces in indentation");
  self->pending_dedents--;
  *emitted = TRUE;
  return emit (self, token, BS_TOKEN_DEDENT, p, p);
}

static gboolean
lex_end (BsLexer  *self,
         BsToken  *token,
         GError  **error)
{
  if (self->level > 0)
    {
      const Bracket *b = &self->brackets[self->level - 1];

      self->error_at_end = TRUE;
      return error_at (self, error, BS_LANG_ERROR_SYNTAX, b->line, b->col, b->col + 1,
                       "'%c' was never closed", b->ch);
    }
  if (!(self->flags & BS_LEXER_EXPRESSION))
    {
      if (self->line_has_tokens)
        {
          self->line_has_tokens = FALSE;
          return emit (self, token, BS_TOKEN_NEWLINE, self->end, self->end);
        }
      if (self->n_indents > 1)
        {
          self->n_indents--;
          return emit (self, token, BS_TOKEN_DEDENT, self->end, self->end);
        }
    }
  return emit (self, token, BS_TOKEN_EOF, self->end, self->end);
}

gboolean
bs_lexer_next (BsLexer  *self,
               BsToken  *token,
               GError  **error)
{
  const char *s;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (token != NULL, FALSE);

  s = self->src;
  if (!self->checked)
    {
      if (!check_encoding (self, error))
        return FALSE;
      self->checked = TRUE;
    }

  if (self->pending_dedents > 0)
    {
      self->pending_dedents--;
      return emit (self, token, BS_TOKEN_DEDENT, self->pos, self->pos);
    }

  for (;;)
    {
      if (self->at_line_start && self->level == 0)
        {
          gboolean emitted;

          if (!lex_indentation (self, token, &emitted, error))
            return FALSE;
          if (emitted)
            return TRUE;
          if (self->at_line_start)
            continue;
        }

      while (self->pos < self->end &&
             (s[self->pos] == ' ' || s[self->pos] == '\t' || s[self->pos] == '\f'))
        self->pos++;
      if (self->pos >= self->end)
        return lex_end (self, token, error);

      switch (s[self->pos])
        {
        case '#':
          while (self->pos < self->end && s[self->pos] != '\n' && s[self->pos] != '\r')
            self->pos++;
          continue;

        case '\\':
          {
            gsize next = self->pos + 1;

            if (next + 1 < self->end && s[next] == '\r' && s[next + 1] == '\n')
              next++;
            if (next < self->end && (s[next] == '\n' || s[next] == '\r')
                && next + 1 < self->end)
              {
                self->pos = next + 1;
                continue;
              }
            /* a continuation with nothing after it */
            if (next >= self->end || s[next] == '\n' || s[next] == '\r')
              {
                int line, col;

                locate (self, self->pos + 1, &line, &col);
                self->error_at_end = TRUE;
                return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col,
                                 "unexpected EOF while parsing");
              }
            {
              int line, col;

              locate (self, next, &line, &col);
              return error_at (self, error, BS_LANG_ERROR_SYNTAX, line, col, col,
                               "unexpected character after line continuation character");
            }
          }

        case '\r':
        case '\n':
          {
            gsize nl = self->pos;

            if (s[nl] == '\r' && nl + 1 < self->end && s[nl + 1] == '\n')
              nl++;
            if (self->level > 0 || (self->flags & BS_LEXER_EXPRESSION) ||
                !self->line_has_tokens)
              {
                self->pos = nl + 1;
                self->at_line_start = self->level == 0 &&
                                      !(self->flags & BS_LEXER_EXPRESSION);
                continue;
              }
            emit (self, token, BS_TOKEN_NEWLINE, self->pos, nl + 1);
            token->end_line = token->line;
            token->end_col = token->col + 1;
            self->pos = nl + 1;
            self->at_line_start = TRUE;
            self->line_has_tokens = FALSE;
            return TRUE;
          }

        default:
          return lex_token (self, token, error);
        }
    }
}

gboolean
bs_lexer_error_at_end (BsLexer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->error_at_end;
}

int
bs_lexer_get_level (BsLexer *self,
                    int     *line,
                    int     *col)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->level > 0)
    {
      if (line)
        *line = self->brackets[self->level - 1].line;
      if (col)
        *col = self->brackets[self->level - 1].col;
    }
  return self->level;
}

static int
hex_value (char c)
{
  return g_ascii_xdigit_value (c);
}

gboolean
bs_lexer_decode_string (const char  *source,
                        gsize        start,
                        gsize        end,
                        gboolean     raw,
                        GString     *out,
                        gsize       *error_offset,
                        char       **message)
{
  gsize p = start;

  while (p < end)
    {
      char c = source[p];
      char e;

      if (c != '\\' || raw || p + 1 >= end)
        {
          /* Python reads "\r\n" and "\r" in a literal as "\n". */
          if (c == '\r')
            {
              g_string_append_c (out, '\n');
              p += (p + 1 < end && source[p + 1] == '\n') ? 2 : 1;
              continue;
            }
          g_string_append_c (out, c);
          p++;
          continue;
        }

      e = source[p + 1];
      switch (e)
        {
        case '\n':
          p += 2;
          continue;
        case '\r':
          p += (p + 2 < end && source[p + 2] == '\n') ? 3 : 2;
          continue;
        case '\\':
        case '\'':
        case '"':
          g_string_append_c (out, e);
          break;
        case 'a':
          g_string_append_c (out, '\a');
          break;
        case 'b':
          g_string_append_c (out, '\b');
          break;
        case 'f':
          g_string_append_c (out, '\f');
          break;
        case 'n':
          g_string_append_c (out, '\n');
          break;
        case 'r':
          g_string_append_c (out, '\r');
          break;
        case 't':
          g_string_append_c (out, '\t');
          break;
        case 'v':
          g_string_append_c (out, '\v');
          break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
          {
            gunichar value = 0;
            int n = 0;

            while (n < 3 && p + 1 + n < end && source[p + 1 + n] >= '0' &&
                   source[p + 1 + n] <= '7')
              {
                value = value * 8 + (source[p + 1 + n] - '0');
                n++;
              }
            g_string_append_unichar (out, value);
            p += 1 + n;
            continue;
          }
        case 'x':
        case 'u':
        case 'U':
          {
            int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            gunichar value = 0;

            for (int i = 0; i < n; i++)
              {
                if (p + 2 + i >= end || hex_value (source[p + 2 + i]) < 0)
                  {
                    *error_offset = p;
                    *message = g_strdup_printf ("(unicode error) 'unicodeescape' codec can't "
                                                "decode bytes in position %" G_GSIZE_FORMAT
                                                "-%" G_GSIZE_FORMAT ": truncated \\%c%s escape",
                                                p - start, p - start + 1 + i, e,
                                                e == 'x' ? "XX" : e == 'u' ? "XXXX"
                                                : "XXXXXXXX");
                    return FALSE;
                  }
                value = value * 16 + hex_value (source[p + 2 + i]);
              }
            if (value > 0x10FFFF)
              {
                *error_offset = p;
                *message = g_strdup_printf ("(unicode error) 'unicodeescape' codec can't "
                                            "decode bytes in position %" G_GSIZE_FORMAT
                                            "-%" G_GSIZE_FORMAT ": illegal Unicode character",
                                            p - start, p - start + 1 + n);
                return FALSE;
              }
            if (value >= 0xD800 && value <= 0xDFFF)
              {
                *error_offset = p;
                *message = g_strdup ("surrogate escapes are not supported by Backstep");
                return FALSE;
              }
            g_string_append_unichar (out, value);
            p += 2 + n;
            continue;
          }
        case 'N':
          *error_offset = p;
          *message = g_strdup ("\\N{...} escapes are not supported by Backstep");
          return FALSE;
        default:
          /* Unknown escapes stay as written (CPython warns). */
          g_string_append_c (out, '\\');
          p++;
          continue;
        }
      p += 2;
    }
  return TRUE;
}
