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
#include "bs-np-format.h"
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

/* --- parameters given as arrays (bs-np-random-broadcast.c) --- */

typedef struct {
  double  *values;            /* Owned: C order */
  int      ndim;
  gint64   shape[BS_MAX_DIMS];
} BsNpParam;

/* An ndarray of at least one dimension, a list or a tuple: a parameter per draw */
gboolean     bs_np_param_is_array      (BsValue v);
/* v as float64 values; FALSE with an exception */
gboolean     bs_np_param_read          (BsInterp *in, BsValue v, BsNpParam *p);
void         bs_np_param_clear         (BsNpParam *p);
/* The value of p at index of a broadcast shape of ndim dimensions */
double       bs_np_param_at            (const BsNpParam *p, int ndim, const gint64 *index);
/* numpy's broadcast of n shapes: FALSE when they do not, naming the argument an axis took
 * its size from (src) and the one that disagrees (bad) */
gboolean     bs_np_broadcast_shapes    (guint n, const int *ndims, const gint64 **shapes,
                                        int *ndim, gint64 *shape, guint *src, guint *bad);
/* The same with numpy's "shape mismatch" ValueError */
gboolean     bs_np_broadcast           (BsInterp *in, guint n, const int *ndims,
                                        const gint64 **shapes, int *ndim, gint64 *shape);
gint64       bs_np_shape_numel         (int ndim, const gint64 *shape);
/* A shape as Python prints the tuple: "(2, 3)", "(3,)", "()" */
void         bs_np_shape_append        (GString *out, int ndim, const gint64 *shape);
/* The next index of shape in C order */
void         bs_np_index_next          (int ndim, const gint64 *shape, gint64 *index);

/* dtype= (parameter i; float64 only, float32 refused by name) and out= (refused) of a
 * Generator method */
gboolean     bs_np_random_float_options (BsCall *call, guint i, BsDType *dtype);

/* The methods (bs-np-random-methods.c) */
extern const BsSignatureTable bs_np_random_methods_table;
/* exponential, gamma, beta and poisson (bs-np-random-dists.c) */
extern const BsSignatureTable bs_np_random_dists_table;

G_END_DECLS
