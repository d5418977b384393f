/* bs-np-printoptions.h: numpy's print options as Python sees them (set_printoptions,
 * get_printoptions, printoptions), rows for the numpy module */
#pragma once

#include "bs-signature.h"

G_BEGIN_DECLS

/* Rows of owner "numpy" (and "numpy.printoptions", the context manager's methods):
 * added to the interpreter's signatures by the numpy module. */
extern const BsSignatureTable bs_np_print_table;

G_END_DECLS
