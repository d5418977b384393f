/* bs-memory-budget.h: the window's memory budget for a run (everything the script grows and
 * its recording), chosen in the main menu and kept between sessions in a small key file */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define BS_MEMORY_BUDGET_DEFAULT ((gsize) 1 << 30)

/* The setting's name in messages: "raise it with the main menu's Memory Budget". */
#define BS_MEMORY_BUDGET_OPTION "the main menu's Memory Budget"

/* An action group with the stateful action "memory-budget" (a string state: "256M",
 * "512M", "1G", "2G", "4G", "8G"), read from settings_path (a missing or unreadable file:
 * 1G) and written back there whenever it changes. */
GActionGroup *bs_memory_budget_actions_new (const char   *settings_path);
/* The budget in bytes the group's action is set to. */
gsize         bs_memory_budget_get         (GActionGroup *actions);
/* "512M", "1G", ...: the bytes, or FALSE for a text that is none of the choices. */
gboolean      bs_memory_budget_parse       (const char   *text,
                                            gsize        *bytes);

G_END_DECLS
