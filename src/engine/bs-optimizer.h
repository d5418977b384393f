/* bs-optimizer.h: what torch.optim's optimizers share
 *
 * An optimizer holds parameter groups, each a list of parameters with its own
 * hyperparameters (param_groups[i]['lr']...), kept in PyTorch's key order so
 * the interpreter can show them as Python prints the dict. A step reads them
 * afresh, so a script that changes a group's lr changes the next step. Steps
 * write into the parameters' storage under no grad and bump their versions,
 * as the in-place ops of torch.optim do.
 */
#pragma once

#include <math.h>

#include "bs-types.h"
#include "bs-dtype.h"

G_BEGIN_DECLS

typedef struct _BsOptimizer BsOptimizer;

typedef enum {
  BS_HYPER_FLOAT,
  BS_HYPER_INT,      /* a Python int: SGD's default momentum is 0, not 0.0 */
  BS_HYPER_BOOL,
  BS_HYPER_NONE,     /* foreach=None */
  BS_HYPER_PAIR,     /* betas: (value[0], value[1]), two floats */
} BsHyperType;

typedef struct {
  char        *name;       /* Owned */
  BsHyperType  type;
  double       value[2];
} BsHyperParam;

typedef struct {
  GPtrArray *params;       /* BsTensor *, Owned */
  GArray    *hypers;       /* BsHyperParam, in PyTorch's key order (after 'params') */
} BsParamGroup;

/* What a particular optimizer adds to the base. */
typedef struct {
  const char *name;        /* "SGD": the class name */
  /* Updates one parameter of group; the base skips those whose grad is None. */
  gboolean  (*step_param) (BsOptimizer   *self,
                           BsParamGroup  *group,
                           BsTensor      *param,
                           GError       **error);
} BsOptimizerClass;

/* For implementations: a base with the given defaults (BsHyperParam, copied)
 * and no group yet. context may be NULL: the first parameter's is used. */
BsOptimizer    *bs_optimizer_new              (const BsOptimizerClass *klass,
                                               BsContext              *context,
                                               const BsHyperParam     *defaults,
                                               guint                   n_defaults);
/* For implementations: bs_optimizer_new() with params (when not NULL) as its first group;
 * PyTorch's ValueError for an empty list. */
BsOptimizer    *bs_optimizer_new_with_params  (const BsOptimizerClass *klass,
                                               const BsHyperParam     *defaults,
                                               guint                   n_defaults,
                                               GPtrArray              *params,
                                               GError                **error);
/* add_param_group(): a group of params (copied) with the defaults' values,
 * which the caller may then change. Fails with PyTorch's ValueErrors for a
 * non-leaf tensor or a parameter already in another group. */
BsParamGroup   *bs_optimizer_add_param_group  (BsOptimizer            *self,
                                               GPtrArray              *params,
                                               GError                **error);
void            bs_optimizer_free             (BsOptimizer            *self);

const char     *bs_optimizer_get_name         (BsOptimizer            *self);
BsContext      *bs_optimizer_get_context      (BsOptimizer            *self);  /* may be NULL */
guint           bs_optimizer_get_n_groups     (BsOptimizer            *self);
BsParamGroup   *bs_optimizer_get_group        (BsOptimizer            *self,
                                               guint                   index);
/* optimizer.defaults, as a group without params: changing them affects
 * groups added later. */
BsParamGroup   *bs_optimizer_get_defaults     (BsOptimizer            *self);

/* optimizer.step(): emits optimizer_step with the parameters it updated. */
gboolean        bs_optimizer_step             (BsOptimizer            *self,
                                               GError                **error);
/* optimizer.zero_grad(set_to_none) (1.13's default is FALSE: zeros). */
void            bs_optimizer_zero_grad        (BsOptimizer            *self,
                                               gboolean                set_to_none);

/* optimizer.state[param][key]: borrowed, NULL when absent. Keys are listed in
 * PyTorch's order ("momentum_buffer"; "step", "exp_avg", "exp_avg_sq",
 * "max_exp_avg_sq"). */
BsTensor       *bs_optimizer_get_state        (BsOptimizer            *self,
                                               BsTensor               *param,
                                               const char             *key);
/* The keys of param's state, NULL-terminated (free with g_free), or NULL. */
const char    **bs_optimizer_get_state_keys   (BsOptimizer            *self,
                                               BsTensor               *param);
/* For implementations: sets state[param][key] (takes a reference). */
void            bs_optimizer_set_state        (BsOptimizer            *self,
                                               BsTensor               *param,
                                               const char             *key,
                                               BsTensor               *value);

/* group[name], or NULL when the group has no such key. */
BsHyperParam   *bs_param_group_lookup         (BsParamGroup           *group,
                                               const char             *name);
/* group[name] as a number (a bool as 0/1; the first of a pair), or def when
 * absent or None. */
double          bs_param_group_get            (BsParamGroup           *group,
                                               const char             *name,
                                               double                  def);
/* group[name] = value, adding the key when absent. */
void            bs_param_group_set            (BsParamGroup           *group,
                                               const char             *name,
                                               BsHyperType             type,
                                               double                  value0,
                                               double                  value1);

/* For implementations: a step's arithmetic in the parameter's dtype. Values
 * are held as doubles; float32 results are rounded after every operation,
 * as PyTorch's float32 kernels compute. Its add(other, alpha) and
 * addcmul_ fuse the multiply-add (its AVX2 kernels use fma). */
static inline double
bs_optimizer_round (BsDType dtype,
                    double  x)
{
  return dtype == BS_DTYPE_FLOAT32 ? (double) (float) x : x;
}

static inline double
bs_optimizer_fma (BsDType dtype,
                  double  a,
                  double  b,
                  double  c)
{
  return dtype == BS_DTYPE_FLOAT32 ? (double) fmaf ((float) a, (float) b, (float) c)
                                   : fma (a, b, c);
}

/* For implementations: tensor's elements, row-major, as doubles (g_free). */
double         *bs_optimizer_load             (BsTensor               *tensor);
/* Writes values back into tensor's storage and bumps its version. */
gboolean        bs_optimizer_store            (BsTensor               *tensor,
                                               const double           *values,
                                               GError                **error);
/* Checks that param's grad can update it (same shape), as add_() would. */
gboolean        bs_optimizer_check_grad       (BsTensor               *param,
                                               GError                **error);

/* A double as Python's repr() writes it ("-1.0", "1e-05"), for messages. */
char           *bs_optimizer_format_float     (double                  value);
/* PyTorch's ValueError "Invalid {what}: {value}" unless valid. */
gboolean        bs_optimizer_check_value      (gboolean                valid,
                                               const char             *what,
                                               double                  value,
                                               GError                **error);

G_END_DECLS
