/* bs-np-float32.h: numpy 1.24's float32 draws of Generator (dtype=np.float32): 24-bit
 * uniforms, the ziggurats on 32-bit draws, Marsaglia and Tsang's gamma in float */
#pragma once

#include "bs-np-bitgen.h"

G_BEGIN_DECLS

/* A float in [0, 1): the top 24 bits of a 32-bit draw */
float bs_np_standard_uniform_f      (BsNpBitGen *bitgen);
float bs_np_standard_normal_f       (BsNpBitGen *bitgen);
float bs_np_standard_exponential_f  (BsNpBitGen *bitgen);
/* method='inv': -log1p(-u), computed in double */
float bs_np_standard_exponential_inv_f (BsNpBitGen *bitgen);
float bs_np_standard_gamma_f        (BsNpBitGen *bitgen,
                                     float       shape);

G_END_DECLS
