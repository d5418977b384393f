/* bs-generator.h: PyTorch 1.13's CPU random generator, reproduced bit for bit
 *
 * The engine is mt19937 seeded as PyTorch seeds it (only the low 32 bits of the
 * seed reach the state; bs_generator_initial_seed() still reports all 64).
 * bs_generator_random() is one 32-bit draw; bs_generator_random64() is two, the
 * first becoming the high half. On top of it, the fill functions reproduce the
 * CPU kernels behind torch.rand, torch.randn, torch.randint, Tensor.uniform_ and
 * Tensor.normal_, including which draws they consume, so that a script mixing
 * them gives the same numbers as PyTorch from the same torch.manual_seed().
 * PyTorch compiles its kernels once per CPU capability and runs the AVX2 build
 * on any x86-64 CPU that has AVX2: these are that build's numbers, with its
 * fused multiply-adds (its build for older CPUs differs in the last bits).
 *
 * What each fill consumes, for n elements:
 *   uniform float32       n 32-bit draws, 24 bits used: u = (r & 0xffffff) * 2^-24
 *   uniform float64       n 64-bit draws, 53 bits used: u = (r & (2^53-1)) * 2^-53
 *                         value = fma (u, to - from, from) in the element type,
 *                         with from and to first rounded to the element type
 *   normal, n < 16        per element one draw of bs_generator_normal_double(),
 *                         computed in double and then rounded; this uses and
 *                         refills the generator's cached second Box-Muller value
 *   normal, n >= 16       n uniform draws of the element type, then Box-Muller
 *                         on blocks of 16 (u[j], u[j+8] -> z[j], z[j+8]); if
 *                         16 does not divide n, 16 more uniforms are drawn to
 *                         overwrite the last 16 elements, which are transformed
 *                         again. The cached normal is neither used nor cleared.
 *                         float64 uses libm's log, sin and cos. float32 uses
 *                         the Cephes-style approximations of PyTorch's AVX2
 *                         kernel, which PyTorch runs on any CPU with AVX2 (on
 *                         older CPUs PyTorch itself gives other float32 values).
 *                         PyTorch takes this path only for contiguous tensors:
 *                         a non-contiguous normal_() is the n < 16 path.
 *   randint               per element a 32-bit draw if high - low < 2^32, else
 *                         a 64-bit draw; value = low + r % (high - low)
 *
 * nn.Linear(in_features, out_features) initialises its parameters with
 *   kaiming_uniform_(weight, a=sqrt(5)): gain  = sqrt(2 / (1 + sqrt(5)**2)),
 *                                        std   = gain / sqrt(in_features),
 *                                        bound = sqrt(3) * std,
 *                                        weight.uniform_(-bound, bound)
 * which is 1/sqrt(in_features) mathematically but, with these double roundings,
 * differs from it in the last bit for most in_features (visible in float64
 * weights; rounding to float32 usually hides it), then (if there is a bias)
 *   bias.uniform_(-1/sqrt(in_features), 1/sqrt(in_features))
 * The weight (out_features x in_features, row-major) is drawn first, then the
 * bias. bs_generator_linear_init() does exactly this.
 */
#pragma once

#include <glib.h>

#include "bs-dtype.h"

G_BEGIN_DECLS

/* The seed of a generator nobody has seeded: torch.Generator().initial_seed(). */
#define BS_GENERATOR_DEFAULT_SEED G_GUINT64_CONSTANT (67280421310721)

typedef struct _BsGenerator BsGenerator;

BsGenerator *bs_generator_new            (guint64            seed);
BsGenerator *bs_generator_copy           (const BsGenerator *self);
void         bs_generator_free           (BsGenerator       *self);

/* Resets the engine and drops the cached normal value, as torch.manual_seed(). */
void         bs_generator_manual_seed    (BsGenerator       *self,
                                          guint64            seed);
guint64      bs_generator_initial_seed   (BsGenerator       *self);

guint32      bs_generator_random         (BsGenerator       *self);
guint64      bs_generator_random64       (BsGenerator       *self);

/* Fill n contiguous elements of a floating dtype. PyTorch refuses from > to and
 * std < 0 with an error; check them before calling. */
void         bs_generator_fill_uniform   (BsGenerator       *self,
                                          BsDType            dtype,
                                          void              *data,
                                          gsize              n,
                                          double             from,
                                          double             to);
void         bs_generator_fill_normal    (BsGenerator       *self,
                                          BsDType            dtype,
                                          void              *data,
                                          gsize              n,
                                          double             mean,
                                          double             std);

/* torch.randint(low, high, (n,), dtype=dtype): values in [low, high). For
 * float dtypes, bounds beyond the type's exact integers are first moved inward
 * as PyTorch does. Returns FALSE (filling nothing) if the range is empty or does
 * not fit the dtype. */
gboolean     bs_generator_fill_randint   (BsGenerator       *self,
                                          BsDType            dtype,
                                          void              *data,
                                          gsize              n,
                                          gint64             low,
                                          gint64             high);

/* NotImplementedError for the normal fills Backstep does not reproduce (bfloat16 of 16
 * elements or more); TRUE when bs_generator_fill_normal gives PyTorch's numbers. */
gboolean     bs_generator_check_normal   (BsDType            dtype,
                                          gint64             n,
                                          GError           **error);

/* One draw of at::uniform_real_distribution<double> (53 bits of a 64-bit
 * draw) and <float> (24 bits of a 32-bit draw) on [0, 1). */
double       bs_generator_uniform_double (BsGenerator       *self);
float        bs_generator_uniform_float  (BsGenerator       *self);

/* One draw of at::normal_distribution<double>. */
double       bs_generator_normal_double  (BsGenerator       *self,
                                          double             mean,
                                          double             std);

/* torch.nn.Linear's reset_parameters(): weight is out_features x in_features,
 * bias has out_features elements or is NULL (bias=False). */
void         bs_generator_linear_init    (BsGenerator       *self,
                                          BsDType            dtype,
                                          void              *weight,
                                          gint64             out_features,
                                          gint64             in_features,
                                          void              *bias);

/* Generator.get_state() / set_state(): the bytes of PyTorch's
 * CPUGeneratorImplState (its mt19937 words, position and cached normal
 * values), so that a state saved by either program restores in both.
 * set_state also takes the legacy 5048-byte layout, and refuses others with
 * PyTorch's messages. */
#define BS_GENERATOR_STATE_SIZE 5056
void         bs_generator_get_state      (BsGenerator       *self,
                                          guint8            *state);
gboolean     bs_generator_set_state      (BsGenerator       *self,
                                          const guint8      *state,
                                          gsize              size,
                                          GError           **error);
/* Generator.seed(): reseeds from the system's entropy; returns the seed. */
guint64      bs_generator_seed           (BsGenerator       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsGenerator, bs_generator_free)

G_END_DECLS
