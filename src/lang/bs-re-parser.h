/* bs-re-parser.h: what the parts of re's parser share (bs-re-pattern.c parses patterns,
 * bs-re-template.c replacement templates): CPython's tokenizer, the parser's state, its
 * errors and warnings. Private to them. */
#pragma once

#include <string.h>

#include "bs-re-pattern.h"

G_BEGIN_DECLS

#define MAXREPEAT  G_GUINT64_CONSTANT (4294967295)
#define MAXGROUPS  G_GUINT64_CONSTANT (1073741823)
#define PCRE_MAX_REPEAT 65535

typedef struct {
  guint64 lo, hi;
} Width;

typedef struct {
  gunichar c[2];
  int      len;   /* 0: the end; 2: a backslash and the character after it */
} Tok;

typedef struct {
  /* the text and its tokenizer, as CPython's Tokenizer */
  gunichar  *s;
  glong      n;
  glong      index;
  Tok        next;
  /* the parser's state */
  guint      flags;          /* global flags */
  guint      cur;            /* flags in effect where the parser is */
  GArray    *widths;         /* Width per group, from 0 */
  GArray    *closed;         /* gboolean per group */
  GPtrArray *names;          /* char * per group */
  GArray    *close_order;
  guint      n_closed;
  glong      lookbehind_groups;   /* -1: not inside a look-behind */
  GHashTable *grouprefpos;   /* conditional group number -> position */
  gboolean   lookbehind_not_fixed;
  GString   *out;
  GPtrArray *warnings;
  /* the first error */
  char      *msg;
  glong      pos;
  BsReErrorCode code;
} Parser;

#define FAILED(p) ((p)->msg != NULL)

#define DIGITS "0123456789"
#define OCTDIGITS "01234567"
#define HEXDIGITS "0123456789abcdefABCDEF"

/* Records the first error (FALSE, always) */
gboolean bs_re_fail_code (Parser *p, BsReErrorCode code, glong pos, const char *format, ...)
  G_GNUC_PRINTF (4, 5);
#define fail(p, pos, ...) bs_re_fail_code (p, BS_RE_ERROR_SYNTAX, pos, __VA_ARGS__)
#define unsupported(p, ...) bs_re_fail_code (p, BS_RE_ERROR_UNSUPPORTED, -1, __VA_ARGS__)

void     bs_re_parser_init  (Parser *p, const char *text, gsize length);
void     bs_re_parser_clear (Parser *p);
/* The recorded error as a GError (FALSE) */
gboolean bs_re_parser_error (Parser *p, glong *error_pos, GError **error);

/* CPython's Tokenizer: the next token, where it starts, getwhile, getuntil */
void     bs_re_advance      (Parser *p);
void     bs_re_seek         (Parser *p, glong index);
void     bs_re_getwhile     (Parser *p, int n, const char *set, GString *into);
char    *bs_re_getuntil     (Parser *p, gunichar terminator, const char *what, glong *length);

/* Python's repr() of a str, str.isidentifier(), int() of a group number */
char    *bs_re_repr          (const char *text);
gboolean bs_re_is_identifier (const char *name);
gboolean bs_re_parse_int     (const char *text, gint64 *out);

/* A warning: its category's initial ('F'uture, 'D'eprecation), then its text */
void     bs_re_warn          (Parser *p, char category, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
/* CPython's DeprecationWarning for a group number that is not plain ASCII digits */
void     bs_re_warn_group_number (Parser *p, const char *name, glong pos);

/* The groups: how many are open or closed (group 0 included), which are closed, by name */
guint    bs_re_n_groups     (Parser *p);
gboolean bs_re_group_closed (Parser *p, guint64 gid);
guint    bs_re_open_group   (Parser *p);
int      bs_re_find_name    (Parser *p, const char *name);

static inline glong
tell (Parser *p)
{
  return p->index - p->next.len;
}

static inline gboolean
is_next (Parser   *p,
         gunichar  c)
{
  return p->next.len == 1 && p->next.c[0] == c;
}

static inline gboolean
tok_is (Tok      t,
        gunichar c)
{
  return t.len == 1 && t.c[0] == c;
}

static inline gboolean
next_in (Parser     *p,
         const char *set)
{
  return p->next.len == 1 && p->next.c[0] != 0 && p->next.c[0] < 128
         && strchr (set, (int) p->next.c[0]) != NULL;
}

static inline Tok
get (Parser *p)
{
  Tok t = p->next;

  bs_re_advance (p);
  return t;
}

static inline gboolean
match (Parser   *p,
       gunichar  c)
{
  if (!is_next (p, c))
    return FALSE;
  bs_re_advance (p);
  return TRUE;
}

static inline void
append_tok (GString *s,
            Tok      t)
{
  for (int i = 0; i < t.len; i++)
    g_string_append_unichar (s, t.c[i]);
}

G_END_DECLS
