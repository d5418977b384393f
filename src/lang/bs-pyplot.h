/* bs-pyplot.h: the matplotlib and matplotlib.pyplot modules of the interpreter
 *
 * Figures are kept in the interpreter's plot session (src/plot); whoever runs the script
 * sets the session's show function to receive what plt.show() shows.
 */
#pragma once

#include "bs-interp.h"
#include "bs-plot-session.h"

G_BEGIN_DECLS

/* Declares the modules' functions and installs matplotlib and matplotlib.pyplot. */
void           bs_pyplot_init    (BsInterp *in);
/* The interpreter's plot session, made when first asked for. */
BsPlotSession *bs_pyplot_session (BsInterp *in);

G_END_DECLS
