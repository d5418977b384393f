/* bs-latex.c: Backstep's texts as LaTeX */
#define G_LOG_DOMAIN "bs-render"

#include "bs-latex.h"

#include <string.h>

#define PARTIAL "\xe2\x88\x82"   /* ∂ */

typedef struct {
  const char *utf8;
  const char *math;
} Symbol;

static const Symbol symbols[] = {
  { "\xe2\x88\x82", "\\partial " },   /* ∂ */
  { "\xc3\x97", "\\times " },          /* × */
  { "\xc2\xb7", "\\cdot " },           /* · */
  { "\xe2\x86\x92", "\\to " },         /* → */
  { "\xe2\x86\x90", "\\leftarrow " },  /* ← */
  { "\xe2\x80\xa6", "\\ldots " },      /* … */
  { "\xe2\x9c\x93", "\\checkmark " },  /* ✓ */
  { "\xe2\x9c\x97", "\\times " },      /* ✗ */
  { "\xe2\x89\x88", "\\approx " },     /* ≈ */
  { "\xe2\x88\x92", "-" },             /* − */
  { "\xe2\x89\xa0", "\\neq " },        /* ≠ */
  { "\xe2\x88\x87", "\\nabla " },      /* ∇ */
  { "\xce\xa3", "\\Sigma " },          /* Σ */
};

static const Symbol *
find_symbol (const char *p)
{
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (g_str_has_prefix (p, symbols[i].utf8))
      return &symbols[i];
  return NULL;
}

/* A name's or number's characters */
static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.';
}

/* "x3" → x_{3}, "w" → w, "value" → \mathrm{value}, "self.fc1.weight" → \mathrm{...} */
static void
append_word (GString    *out,
             const char *word,
             gsize       length)
{
  gsize letters = 0, digits;

  if (g_ascii_isdigit (word[0]) || word[0] == '.')
    {
      g_string_append_len (out, word, length);
      return;
    }
  while (letters < length && g_ascii_isalpha (word[letters]))
    letters++;
  for (digits = letters; digits < length && g_ascii_isdigit (word[digits]); digits++)
    ;
  if (digits == length && letters > 0)
    {
      if (letters == 1)
        g_string_append_c (out, word[0]);
      else
        {
          g_string_append (out, "\\mathrm{");
          g_string_append_len (out, word, letters);
          g_string_append_c (out, '}');
        }
      if (digits > letters)
        {
          g_string_append (out, "_{");
          g_string_append_len (out, word + letters, digits - letters);
          g_string_append_c (out, '}');
        }
      return;
    }
  g_string_append (out, "\\mathrm{");
  for (gsize i = 0; i < length; i++)
    {
      if (word[i] == '_')
        g_string_append (out, "\\_");
      else
        g_string_append_c (out, word[i]);
    }
  g_string_append_c (out, '}');
}

/* The term after a ∂: a bracketed expression or a name; its length. */
static gsize
term_length (const char *p)
{
  gsize n = 0;

  if (*p == '(')
    {
      int depth = 0;

      do
        {
          depth += p[n] == '(' ? 1 : p[n] == ')' ? -1 : 0;
          n++;
        }
      while (p[n] != '\0' && depth > 0);
      return depth == 0 ? n : 0;
    }
  while (is_word_char (p[n]) || p[n] == '[' || p[n] == ']')
    n++;
  return n;
}

static void append_math_len (GString *out, const char *text, gsize length);

/* "∂A/∂B" at p: the fraction, and how much of p it took (0: not one). */
static gsize
append_fraction (GString    *out,
                 const char *p,
                 const char *end)
{
  gsize skip = strlen (PARTIAL);
  gsize top = term_length (p + skip);
  const char *slash = p + skip + top;
  gsize bottom;

  if (top == 0 || slash + 1 + skip > end || *slash != '/'
      || strncmp (slash + 1, PARTIAL, skip) != 0)
    return 0;
  bottom = term_length (slash + 1 + skip);
  if (bottom == 0 || slash + 1 + skip + bottom > end)
    return 0;
  g_string_append (out, "\\frac{\\partial ");
  append_math_len (out, p + skip, top);
  g_string_append (out, "}{\\partial ");
  append_math_len (out, slash + 1 + skip, bottom);
  g_string_append_c (out, '}');
  return slash + 1 + skip + bottom - p;
}

static void
append_math_len (GString    *out,
                 const char *text,
                 gsize       length)
{
  const char *end = text + length;

  for (const char *p = text; p < end;)
    {
      const Symbol *symbol;
      gsize n;

      if (g_str_has_prefix (p, PARTIAL) && (n = append_fraction (out, p, end)) > 0)
        p += n;
      else if (is_word_char (*p) && *p != '.')
        {
          for (n = 0; p + n < end && is_word_char (p[n]); n++)
            ;
          /* a number's trailing "." ("2.") stays a number */
          append_word (out, p, n);
          p += n;
        }
      else if ((symbol = find_symbol (p)) != NULL)
        {
          g_string_append (out, symbol->math);
          p += strlen (symbol->utf8);
        }
      else
        {
          switch (*p)
            {
            case '*': g_string_append (out, "\\cdot "); break;
            case '{': g_string_append (out, "\\{"); break;
            case '}': g_string_append (out, "\\}"); break;
            case '%': g_string_append (out, "\\%"); break;
            case '#': g_string_append (out, "\\#"); break;
            case '&': g_string_append (out, "\\&"); break;
            case '$': g_string_append (out, "\\$"); break;
            case '_': g_string_append (out, "\\_"); break;
            case '~': g_string_append (out, "\\sim "); break;
            case '^': g_string_append (out, "\\hat{}"); break;
            case '\\': g_string_append (out, "\\backslash "); break;
            case ' ':
              /* math ignores spaces; one after a command's is enough */
              if (out->len == 0 || out->str[out->len - 1] != ' ')
                g_string_append_c (out, ' ');
              break;
            default:
              if ((guchar) *p >= 0x80)
                g_string_append_c (out, '?');
              else
                g_string_append_c (out, *p);
            }
          p = (guchar) *p >= 0x80 ? g_utf8_next_char (p) : p + 1;
        }
    }
}

void
bs_latex_append_math (GString    *out,
                      const char *text)
{
  g_return_if_fail (out != NULL && text != NULL);
  append_math_len (out, text, strlen (text));
}

void
bs_latex_append_text (GString    *out,
                      const char *text)
{
  g_return_if_fail (out != NULL && text != NULL);

  for (const char *p = text; *p != '\0';)
    {
      const Symbol *symbol;
      gsize n;

      if (g_str_has_prefix (p, PARTIAL))
        {
          GString *math = g_string_new (NULL);

          n = append_fraction (math, p, p + strlen (p));
          if (n == 0)
            {
              g_string_append (math, "\\partial ");
              n = strlen (PARTIAL);
            }
          g_string_append_printf (out, "$%s$", math->str);
          g_string_free (math, TRUE);
          p += n;
          continue;
        }
      if ((symbol = find_symbol (p)) != NULL)
        {
          g_string_append_printf (out, "$%s$", symbol->math);
          p += strlen (symbol->utf8);
          continue;
        }
      switch (*p)
        {
        case '\\': g_string_append (out, "\\textbackslash{}"); break;
        case '{': case '}': case '%': case '#': case '&': case '$': case '_':
          g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
          break;
        case '~': g_string_append (out, "\\textasciitilde{}"); break;
        case '^': g_string_append (out, "\\textasciicircum{}"); break;
        case '<': g_string_append (out, "\\textless{}"); break;
        case '>': g_string_append (out, "\\textgreater{}"); break;
        case '\n': g_string_append (out, "\\\\ "); break;
        default:
          /* Latin-1 letters pdflatex's T1 fonts have; the rest would stop it */
          if ((guchar) *p >= 0x80)
            {
              gunichar c = g_utf8_get_char_validated (p, -1);

              if (c >= 0xa0 && c <= 0xff)
                g_string_append_len (out, p, g_utf8_next_char (p) - p);
              else
                g_string_append_c (out, '?');
              p = g_utf8_next_char (p);
              continue;
            }
          g_string_append_c (out, *p);
        }
      p++;
    }
}

gboolean
bs_latex_is_formula (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0';)
    {
      if (g_str_has_prefix (p, PARTIAL))
        p += strlen (PARTIAL);
      else if (find_symbol (p) != NULL)
        p += strlen (find_symbol (p)->utf8);
      else if (is_word_char (*p) || strchr (" +-*/=()[],", *p) != NULL)
        p++;
      else
        return FALSE;
    }
  return TRUE;
}
