/* bs-scrub.h: changing a number literal of the script by steps (Ctrl+Up / Ctrl+Down,
 * Alt+drag)
 *
 * The number under the cursor, "1.0" or "-3" or "0.25", moves by one unit of its last
 * decimal (0.1 for "1.0", 1 for "3", 0.01 for "0.25") and keeps its number of decimals,
 * so that "w1 = torch.tensor(1.0)" goes to 1.1, 1.2, ... A digit that is part of a name
 * ("x1") is no literal. Dragging it sideways with Alt held moves it one unit every
 * BS_SCRUB_PIXELS_PER_UNIT pixels, from the value it had when the drag began.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_SCRUB_PIXELS_PER_UNIT 5.0

/* In line, the literal at byte offset cursor (within it or just after it): its bytes
 * [*start, *end) and its text moved by direction units (+1, -1, or more for a drag), or
 * NULL when there is none. */
char *bs_scrub_number (const char *line,
                       gsize       cursor,
                       int         direction,
                       gsize      *start,
                       gsize      *end);

G_END_DECLS
