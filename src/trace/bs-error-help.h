/* bs-error-help.h: PyTorch's error messages explained in plain words, with the fix
 *
 * Each autograd and shape error of DESIGN.md (matched by its PyTorch 1.13 text)
 * has an explanation of what happened and a one-line fix; any other message gets
 * a generic explanation by its exception type.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *title;        /* "Backward through a freed graph" */
  const char *explanation;  /* what happened, in one or two sentences */
  const char *fix;          /* "Pass retain_graph=True to the first backward()." */
} BsErrorHelp;

/* The help for message (with or without a leading "RuntimeError: "); never NULL. */
const BsErrorHelp *bs_error_help_lookup (const char *message);

G_END_DECLS
