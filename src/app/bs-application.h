/* bs-application.h: the Backstep application: windows, app actions, accelerators */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BS_TYPE_APPLICATION (bs_application_get_type ())

G_DECLARE_FINAL_TYPE (BsApplication, bs_application, BS, APPLICATION, AdwApplication)

BsApplication *bs_application_new              (void);
/* The UI, style and examples (for tests that make windows without an application). */
void           bs_application_ensure_resources (void);
/* The i-th action the application gives accelerators (its name in *action) and its
 * accelerators, NULL past the last: what the shortcuts window must list. */
const char * const *bs_application_get_accels  (guint        i,
                                                const char **action);

G_END_DECLS
