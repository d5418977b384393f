/* bs-examples.h: the classroom scripts built in (assets/examples/, as resources) */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The text of an example by name ("01-two-paths"), or NULL. */
char       *bs_examples_read (const char *name);
/* Every example in order of its number, labelled "7. <its first comment>", each
 * activating action with its name. */
GMenuModel *bs_examples_menu (const char *action);

G_END_DECLS
