/* bs-np-random.h: numpy.random, numpy 1.24's numbers for a seed
 *
 * Two kinds of generator object share one C struct and one set of methods:
 *  - numpy.random.RandomState: the legacy MT19937 with its cached normal. The
 *    module's functions (np.random.seed, rand, randn, ...) are the methods of a
 *    hidden RandomState of the interpreter, as numpy's are of its global one;
 *  - numpy.random.Generator (default_rng): PCG64 seeded through SeedSequence.
 * The algorithms are the engine's (bs-np-distributions.h); this layer converts
 * arguments, checks them with numpy's messages and makes ndarrays of the draws.
 */
#pragma once

#include "bs-np-private.h"
#include "bs-np-distributions.h"
#include "bs-np-mt19937.h"
#include "bs-np-pcg64.h"

G_BEGIN_DECLS

typedef enum {
  BS_NP_RANDOM_LEGACY,      /* RandomState */
  BS_NP_RANDOM_GENERATOR,   /* Generator */
} BsNpRandomKind;

typedef struct {
  BsNpRandomKind  kind;
  BsNpMt19937     mt;       /* LEGACY */
  BsNpGaussCache  gauss;    /* LEGACY */
  BsNpPcg64       pcg;      /* GENERATOR */
} BsNpRandom;

/* The bit generator draws come from */
BsNpBitGen  *bs_np_random_bitgen       (BsNpRandom *rs);
/* The generator of a RandomState or Generator object (borrowed), or NULL */
BsNpRandom  *bs_np_random_of           (BsValue value);

/* A RandomState or Generator object owning rs (taken) */
BsValue      bs_np_random_value_new    (BsInterp *in, BsNpRandom *rs);

/* The numpy.random module (new reference), made when numpy is */
BsValue      bs_np_random_module_new   (BsInterp *in);
/* AttributeError for a name numpy.random has and Backstep's lacks
 * ("Backstep's numpy has no 'random.beta'"), else numpy's own; always FALSE */
gboolean     bs_np_random_raise_missing (BsInterp *in, const char *name);

/* The methods (bs-np-random-methods.c) */
extern const BsSignatureTable bs_np_random_methods_table;

G_END_DECLS
