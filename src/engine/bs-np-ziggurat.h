/* bs-np-ziggurat.h: the tables of numpy's ziggurats for the standard normal and the
 * standard exponential */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* x of the last layer; the tail beyond it is sampled by Marsaglia's method */
#define BS_NP_ZIGGURAT_R     3.6541528853610087963519472518
#define BS_NP_ZIGGURAT_INV_R 0.27366123732975827203338247596

extern const guint64 bs_np_ziggurat_accept[256];
extern const double  bs_np_ziggurat_width[256];
extern const double  bs_np_ziggurat_height[256];

/* x of the exponential's last layer */
#define BS_NP_ZIGGURAT_EXP_R 7.6971174701310497140446280481

extern const guint64 bs_np_ziggurat_exp_accept[256];
extern const double  bs_np_ziggurat_exp_width[256];
extern const double  bs_np_ziggurat_exp_height[256];

G_END_DECLS
