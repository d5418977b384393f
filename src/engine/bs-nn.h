/* bs-nn.h: the parameters of torch.nn modules */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"

G_BEGIN_DECLS

/* nn.Linear(in_features, out_features, bias)'s parameters, drawn from the
 * context's generator exactly as reset_parameters() draws them: *weight is
 * out_features x in_features, *bias_out has out_features elements (NULL when
 * bias is FALSE). Both are leaf Parameters that require grad; each is
 * announced as a new leaf. */
gboolean  bs_nn_linear_init  (BsContext  *context,
                              gint64      in_features,
                              gint64      out_features,
                              gboolean    bias,
                              BsDType     dtype,
                              BsTensor  **weight,
                              BsTensor  **bias_out,
                              GError    **error);

/* nn.Parameter(data): a leaf that requires grad and shares data's storage and
 * version counter. Fails as PyTorch for a non-floating dtype. */
BsTensor *bs_nn_parameter    (BsTensor   *data,
                              GError    **error);

G_END_DECLS
