/* bs-re-pattern.h: a regular expression with CPython 3.11's re syntax and semantics
 *
 * The pattern is parsed as CPython's re parser does (same errors, same positions, same
 * warnings) and translated into PCRE2's syntax for GLib's GRegex, spelling out what Python
 * means where PCRE means something else: $ and \Z, ^ and $ under MULTILINE, . without
 * DOTALL, \d \w \s \b with Python's Unicode (or ASCII) classes, IGNORECASE under ASCII,
 * group names kept here. What the translation cannot give raises an error naming it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* re's flags, with CPython's values */
enum {
  BS_RE_TEMPLATE   = 1,
  BS_RE_IGNORECASE = 2,
  BS_RE_LOCALE     = 4,
  BS_RE_MULTILINE  = 8,
  BS_RE_DOTALL     = 16,
  BS_RE_UNICODE    = 32,
  BS_RE_VERBOSE    = 64,
  BS_RE_DEBUG      = 128,
  BS_RE_ASCII      = 256,
};

typedef enum {
  BS_RE_ERROR_SYNTAX,       /* re.error: the message and a position (or -1) */
  BS_RE_ERROR_OVERFLOW,     /* OverflowError */
  BS_RE_ERROR_VALUE,        /* ValueError */
  BS_RE_ERROR_INDEX,        /* IndexError (an unknown group name in a template) */
  BS_RE_ERROR_UNSUPPORTED,  /* what Backstep's re does not do */
} BsReErrorCode;

#define BS_RE_ERROR (bs_re_error_quark ())
GQuark bs_re_error_quark (void);

typedef enum {
  BS_RE_MATCH,       /* at the start position */
  BS_RE_SEARCH,
  BS_RE_FULLMATCH,   /* from the start position to the end */
} BsReMode;

typedef struct _BsRePattern BsRePattern;

/* pattern (UTF-8, length bytes) with flags; NULL with error, and for BS_RE_ERROR_SYNTAX
 * the position in code points in *error_pos (-1 when CPython gives none). *warnings (owned
 * by the caller, also on error) are those CPython's parser gives before it stops, each its
 * category's initial ('F'utureWarning, 'D'eprecationWarning) then its text
 * ("FPossible nested set at position 1"). */
BsRePattern *bs_re_pattern_new        (const char *pattern,
                                       gsize       length,
                                       guint       flags,
                                       GPtrArray **warnings,
                                       glong      *error_pos,
                                       GError    **error);
void         bs_re_pattern_free       (BsRePattern *p);
/* The flags CPython's Pattern.flags gives (inline flags and UNICODE included) */
guint        bs_re_pattern_flags      (const BsRePattern *p);
guint        bs_re_pattern_n_groups   (const BsRePattern *p);
/* Group g's name, or NULL */
const char  *bs_re_pattern_group_name (const BsRePattern *p, guint g);
/* The group that closes last in the pattern's text among those given (lastindex) */
guint        bs_re_pattern_close_order (const BsRePattern *p, guint g);

/* Runs p on subject[0, length) (UTF-8; the string cut at endpos) from byte start. TRUE
 * when it matched: spans holds 2 * (n_groups + 1) byte offsets, -1 for a group that did
 * not take part. not_empty_at_start: an empty match at start is refused (CPython's rule
 * after an empty match, in findall, sub, split and finditer). FALSE with error set only
 * when matching itself failed. */
gboolean     bs_re_pattern_exec       (BsRePattern *p,
                                       const char  *subject,
                                       gsize        length,
                                       gsize        start,
                                       BsReMode     mode,
                                       gboolean     not_empty_at_start,
                                       gssize      *spans,
                                       gboolean    *matched,
                                       GError     **error);

/* A replacement template parsed as CPython's: items of literal text and group numbers.
 * NULL with error (BS_RE_ERROR_SYNTAX with *error_pos, or BS_RE_ERROR_INDEX); *warnings
 * as bs_re_pattern_new() gives them. */
typedef struct {
  char *literal;   /* NULL for a group */
  gsize length;
  guint group;
} BsReTemplateItem;

GArray      *bs_re_pattern_template   (const BsRePattern *p,
                                       const char        *repl,
                                       gsize              length,
                                       GPtrArray        **warnings,
                                       glong             *error_pos,
                                       GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRePattern, bs_re_pattern_free)

G_END_DECLS
