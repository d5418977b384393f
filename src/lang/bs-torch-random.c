/* bs-torch-random.c: torch.Generator, torch's seeding functions and the sampling functions
 * and methods that take generator=, declared by PyTorch 1.13's signatures
 *
 * The numbers are the engine's (bs-generator.c, bs-ops-random.c): PyTorch's CPU generator
 * and kernels reproduced bit for bit, so torch.Generator().manual_seed(2147483647) gives
 * makemore's samples.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

#include "bs-generator.h"

/* A torch.Generator: its own engine generator, or the context's (torch.default_generator) */
typedef struct {
  BsGenerator *generator;
  gboolean     owned;
} GeneratorData;

static void
generator_data_free (gpointer data)
{
  GeneratorData *d = data;

  if (d->owned)
    bs_generator_free (d->generator);
  g_free (d);
}

static gboolean generator_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                   gboolean *found);

static const BsNativeType generator_type = {
  { "torch._C.Generator", generator_data_free }, generator_getattr, NULL, NULL,
};

static BsGenerator *
generator_of (BsValue v)
{
  GeneratorData *d = bs_value_native (v, &generator_type.base);

  return d != NULL ? d->generator : NULL;
}

static BsValue
generator_new (BsInterp    *in,
               BsGenerator *generator,
               gboolean     owned)
{
  GeneratorData *d = g_new0 (GeneratorData, 1);

  d->generator = generator;
  d->owned = owned;
  return bs_native_new (in->heap, &generator_type.base, d);
}

BsGenerator *
bs_call_generator (BsCall *call,
                   int     i)
{
  BsGenerator *g = i >= 0 && bs_call_has (call, i) ? generator_of (call->values[i]) : NULL;

  return g != NULL ? g : call->in->context->generator;
}

int
bs_call_param_index (BsCall     *call,
                     const char *name)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (!call->sig->params[i].absent && strcmp (call->sig->params[i].name, name) == 0)
      return i;
  return -1;
}

static gboolean
generator_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, "Generator", name);

  *found = TRUE;
  if (decl != NULL)
    *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  else if (strcmp (name, "device") == 0)
    *out = bs_torch_cpu_device (in);
  else
    *found = FALSE;
  return TRUE;
}

/* Generator(device='cpu') */
static gboolean
generator_construct (BsInterp *in,
                     BsCall   *call,
                     BsValue  *r)
{
  BsValue device = bs_call_value (call, 0);
  const char *name = bs_value_str (device);

  if (name != NULL && g_str_has_prefix (name, "cuda"))
    return bs_raise (in, "RuntimeError", "Device type CUDA is not supported for "
                     "torch.Generator() api.");
  if (!bs_torch_check_device (in, device))
    return FALSE;
  *r = generator_new (in, bs_generator_new (BS_GENERATOR_DEFAULT_SEED), TRUE);
  return TRUE;
}

/* The seed as PyTorch's Generator.manual_seed unpacks it: an int (negative ones wrap). */
static gboolean
seed_of (BsInterp *in,
         BsValue   v,
         guint64  *seed)
{
  if (v.type == BS_VALUE_INT)
    {
      *seed = (guint64) v.as.integer;
      return TRUE;
    }
  return bs_raise (in, "RuntimeError", "manual_seed expected a long, but got %s",
                   bs_type_name (v));
}

/* Generator.manual_seed(seed): returns the generator */
static gboolean
generator_manual_seed (BsInterp *in,
                       BsCall   *call,
                       BsValue  *r)
{
  guint64 seed = 0;

  if (!seed_of (in, bs_call_value (call, 0), &seed))
    return FALSE;
  bs_generator_manual_seed (generator_of (call->self), seed);
  *r = bs_value_ref (call->self);
  return TRUE;
}

/* initial_seed() or, data 1, seed() of g */
static gboolean
seed_value (BsInterp    *in,
            BsCall      *call,
            BsGenerator *g,
            BsValue     *r)
{
  guint64 seed = bs_call_data (call) ? bs_generator_seed (g) : bs_generator_initial_seed (g);

  if (seed > G_MAXINT64)
    return bs_raise (in, "NotImplementedError", "a seed above 2**63 is not supported by "
                     "Backstep's integers");
  *r = BS_INT ((gint64) seed);
  return TRUE;
}

/* Generator.initial_seed(), Generator.seed() */
static gboolean
generator_seed (BsInterp *in,
                BsCall   *call,
                BsValue  *r)
{
  return seed_value (in, call, generator_of (call->self), r);
}

/* Generator.get_state() (data 1), torch.get_rng_state(): PyTorch's CPUGeneratorImplState as
 * a uint8 tensor of 5056 bytes */
static gboolean
get_state (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  BsGenerator *g = bs_call_data (call) ? generator_of (call->self) : in->context->generator;
  gint64 size = BS_GENERATOR_STATE_SIZE;
  GError *error = NULL;
  BsTensor *t = bs_tensor_new_uninit (in->context, BS_DTYPE_UINT8, 1, &size, &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_generator_get_state (g, bs_tensor_data (t));
  bs_tensor_announce_leaf (t);
  *r = bs_wrap_tensor (in, t);
  return TRUE;
}

/* Generator.set_state(new_state) (data 1) returns the generator; torch.set_rng_state(new_state)
 * None */
static gboolean
set_state (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  gboolean is_method = bs_call_data (call) != 0;
  BsGenerator *g = is_method ? generator_of (call->self) : in->context->generator;
  BsValue v = bs_call_value (call, 0);
  BsTensor *state = bs_value_tensor (v);
  g_autoptr(BsTensor) bytes = NULL;
  GError *error = NULL;

  if (state == NULL)
    return bs_raise (in, "TypeError", "expected a torch.ByteTensor, but got %s",
                     bs_type_name (v));
  if (state->dtype != BS_DTYPE_UINT8)
    return bs_raise (in, "TypeError", "RNG state must be a torch.ByteTensor");
  bytes = bs_tensor_contiguous_copy (state, BS_DTYPE_UINT8, &error);
  if (bytes == NULL
      || !bs_generator_set_state (g, bs_tensor_data (bytes), bs_tensor_numel (bytes), &error))
    return bs_raise_gerror (in, error);
  *r = is_method ? bs_value_ref (call->self) : BS_NONE;
  return TRUE;
}

/* torch.manual_seed(seed): seeds the default generator and returns it */
static gboolean
manual_seed (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  gint64 seed;
  BsValue torch;

  if (!bs_to_int (in, bs_call_value (call, 0), &seed))
    return FALSE;
  bs_generator_manual_seed (in->context->generator, (guint64) seed);
  if (!bs_dict_get_str (in->modules, "torch", &torch)
      || !bs_dict_get_str (((BsModule *) torch.as.object)->dict, "default_generator", r))
    *r = BS_NONE;
  bs_value_ref (*r);
  return TRUE;
}

/* torch.initial_seed(), torch.seed() */
static gboolean
default_seed (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  return seed_value (in, call, in->context->generator, r);
}

/* --- sampling functions ----------------------------------------------------------- */

/* dtype=, device=, requires_grad= of a sampling factory, as bs-torch-factories.c reads
 * them */
static gboolean
finish_new (BsInterp *in,
            BsCall   *call,
            BsTensor *t,
            BsValue  *r)
{
  int i = bs_call_param_index (call, "requires_grad");
  GError *error = NULL;

  if (i >= 0 && bs_call_has (call, i) && bs_call_bool (call, i))
    {
      if (!bs_dtype_is_floating (t->dtype))
        {
          bs_tensor_unref (t);
          return bs_raise (in, "RuntimeError", "Only Tensors of floating point and complex "
                           "dtype can require gradients");
        }
      if (!bs_tensor_set_requires_grad (t, TRUE, &error))
        {
          bs_tensor_unref (t);
          return bs_raise_gerror (in, error);
        }
    }
  return bs_call_return_tensor (call, t, NULL, r);
}

static gboolean
check_options (BsInterp *in,
               BsCall   *call)
{
  int i = bs_call_param_index (call, "layout");

  if (i >= 0 && bs_call_has (call, i))
    return bs_raise (in, "NotImplementedError", "%s(layout=...) is not supported by Backstep",
                     call->sig->name);
  i = bs_call_param_index (call, "pin_memory");
  if (i >= 0 && bs_call_has (call, i) && bs_call_bool (call, i))
    return bs_raise (in, "RuntimeError", "Pinned memory requires CUDA.");
  i = bs_call_param_index (call, "device");
  return i < 0 || bs_torch_check_device (in, bs_call_value (call, i));
}

/* randperm(n, *, generator=None, dtype=torch.int64, ...) */
static gboolean
randperm (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  gint64 n = bs_call_int (call, 0);
  BsGenerator *g = bs_call_generator (call, bs_call_param_index (call, "generator"));
  BsDType dtype = bs_call_dtype (call, bs_call_param_index (call, "dtype"), BS_DTYPE_INT64);
  GError *error = NULL;
  BsTensor *t;

  if (!check_options (in, call))
    return FALSE;
  t = bs_randperm (in->context, n, dtype, g, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (t);
  return finish_new (in, call, t, r);
}

/* multinomial(input, num_samples, replacement=False, *, generator=None) */
static gboolean
multinomial (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_multinomial (bs_call_self (call), bs_call_int (call, 1),
                                                      bs_call_bool (call, 2),
                                                      bs_call_generator (call, 3), &error),
                                &error, r);
}

/* bernoulli(input, *, generator=None): 0 or 1 with probability input */
static gboolean
bernoulli (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_bernoulli (bs_call_self (call),
                                                    bs_call_generator (call, 1), &error),
                                &error, r);
}

/* bernoulli(input, p, *, generator=None): a tensor like input of 0 or 1 with probability p */
static gboolean
bernoulli_p (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  BsTensor *x = bs_call_self (call);
  GError *error = NULL;
  g_autoptr(BsTensor) t = bs_tensor_new (in->context, x->dtype, x->ndim, x->shape, &error);
  BsTensor *filled;

  if (t == NULL)
    return bs_raise_gerror (in, error);
  filled = bs_bernoulli_ (t, bs_call_double (call, 1), bs_call_generator (call, 2), &error);
  return bs_call_return_tensor (call, filled, &error, r);
}

/* normal(mean, std): each a tensor or a number, not both numbers */
static gboolean
normal (BsInterp *in,
        BsCall   *call,
        BsValue  *r)
{
  g_autoptr(BsTensor) mean = bs_torch_operand (in, call->values[0]);
  g_autoptr(BsTensor) std = NULL;
  GError *error = NULL;

  if (mean == NULL)
    return FALSE;
  std = bs_torch_operand (in, bs_call_has (call, 1) ? call->values[1] : BS_FLOAT (1.0));
  if (std == NULL)
    return FALSE;
  return bs_call_return_tensor (call, bs_normal (mean, std, bs_call_generator (call, 2), &error),
                                &error, r);
}

/* normal(mean, std, size, *, generator=None, dtype=None, ...) */
static gboolean
normal_sized (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim = bs_call_int_list (call, 2, shape);
  BsDType dtype = bs_call_dtype (call, bs_call_param_index (call, "dtype"), BS_DTYPE_FLOAT32);
  GError *error = NULL;
  g_autoptr(BsTensor) t = NULL;
  BsTensor *filled;

  if (ndim < 0 || !check_options (in, call))
    return FALSE;
  t = bs_tensor_new (in->context, dtype, ndim, shape, &error);
  if (t == NULL)
    return bs_raise_gerror (in, error);
  filled = bs_normal_ (t, bs_call_double (call, 0), bs_call_double (call, 1),
                       bs_call_generator (call, 3), &error);
  if (filled == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_announce_leaf (filled);
  return finish_new (in, call, filled, r);
}

/* --- sampling in place -------------------------------------------------------------- */

typedef enum {
  FILL_UNIFORM,
  FILL_NORMAL,
  FILL_BERNOULLI,
  FILL_EXPONENTIAL,
  FILL_GEOMETRIC,
} Fill;

/* uniform_(from=0, to=1), normal_(mean=0, std=1), bernoulli_(p=0.5), exponential_(lambd=1),
 * geometric_(p): the row's data is the Fill; generator= is the last parameter */
static gboolean
fill_ (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  Fill fill = (Fill) bs_call_data (call);
  BsTensor *x = bs_call_self (call);
  BsGenerator *g = bs_call_generator (call, call->sig->n_params - 1);
  double a = bs_call_double (call, 1);
  double b = fill == FILL_UNIFORM || fill == FILL_NORMAL ? bs_call_double (call, 2) : 0.0;
  GError *error = NULL;
  BsTensor *t;

  switch (fill)
    {
    case FILL_UNIFORM:
      t = bs_uniform_ (x, a, b, g, &error);
      break;
    case FILL_NORMAL:
      t = bs_normal_ (x, a, b, g, &error);
      break;
    case FILL_BERNOULLI:
      t = bs_bernoulli_ (x, a, g, &error);
      break;
    case FILL_EXPONENTIAL:
      t = bs_exponential_ (x, a, g, &error);
      break;
    case FILL_GEOMETRIC:
    default:
      t = bs_geometric_ (x, a, g, &error);
      break;
    }
  if (t == NULL)
    return bs_raise_gerror (in, error);
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_receiver (call));
  return TRUE;
}

static gboolean
bernoulli_tensor_ (BsInterp *in,
                   BsCall   *call,
                   BsValue  *r)
{
  BsTensor *p = bs_call_tensor (call, 1);

  if (p->ndim != 0)
    return bs_raise (in, "NotImplementedError", "bernoulli_(p) with a tensor of probabilities is "
                     "not supported by Backstep: use torch.bernoulli(p)");
  return fill_ (in, call, r);
}

#define OPTIONS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, " \
                "bool? pin_memory=False, bool? requires_grad=False)"

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_PYTHON, "Generator(device='cpu')", generator_construct, 0 },
  { "Generator", BS_SIG_BUILTIN, "Generator.manual_seed(seed, /)", generator_manual_seed, 0 },
  { "Generator", BS_SIG_BUILTIN, "Generator.initial_seed()", generator_seed, 0 },
  { "Generator", BS_SIG_BUILTIN, "Generator.seed()", generator_seed, 1 },
  { "Generator", BS_SIG_BUILTIN, "Generator.get_state()", get_state, 1 },
  { "Generator", BS_SIG_BUILTIN, "Generator.set_state(new_state, /)", set_state, 1 },
  { "torch", BS_SIG_PYTHON, "manual_seed(seed)", manual_seed, 0 },
  { "torch", BS_SIG_PYTHON, "initial_seed()", default_seed, 0 },
  { "torch", BS_SIG_PYTHON, "seed()", default_seed, 1 },
  { "torch", BS_SIG_PYTHON, "get_rng_state()", get_state, 0 },
  { "torch", BS_SIG_PYTHON, "set_rng_state(new_state)", set_state, 0 },

  { "torch", BS_SIG_TORCH, "randperm(int64_t n, *, Generator? generator, Tensor out=None, "
    OPTIONS, randperm, 0 },
  { "torch", BS_SIG_TORCH, "randperm(int64_t n, *, Tensor out=None, " OPTIONS, randperm, 0 },
  { "torch Tensor", BS_SIG_TORCH, "multinomial(Tensor input, int64_t num_samples, "
    "bool replacement=False, *, Generator? generator=None, Tensor out=None)", multinomial, 0 },
  { "torch Tensor", BS_SIG_TORCH, "bernoulli(Tensor input, *, Generator? generator=None, "
    "Tensor out=None)", bernoulli, 0 },
  { "torch Tensor", BS_SIG_TORCH, "bernoulli(Tensor input, double p, *, "
    "Generator? generator=None)", bernoulli_p, 0 },
  { "torch", BS_SIG_TORCH, "normal(Tensor mean, Tensor std, *, Generator? generator=None, "
    "Tensor out=None)", normal, 0 },
  { "torch", BS_SIG_TORCH, "normal(Tensor mean, double std=1, *, Generator? generator=None, "
    "Tensor out=None)", normal, 0 },
  { "torch", BS_SIG_TORCH, "normal(double mean, Tensor std, *, Generator? generator=None, "
    "Tensor out=None)", normal, 0 },
  { "torch", BS_SIG_TORCH, "normal(double mean, double std, IntArrayRef size, *, "
    "Generator? generator=None, Tensor out=None, " OPTIONS, normal_sized, 0 },

  { "Tensor", BS_SIG_TORCH, "uniform_(Tensor input, double from=0, double to=1, *, "
    "Generator? generator=None)", fill_, FILL_UNIFORM },
  { "Tensor", BS_SIG_TORCH, "normal_(Tensor input, double mean=0, double std=1, *, "
    "Generator? generator=None)", fill_, FILL_NORMAL },
  { "Tensor", BS_SIG_TORCH, "bernoulli_(Tensor input, Tensor p, *, Generator? generator=None)",
    bernoulli_tensor_, FILL_BERNOULLI },
  { "Tensor", BS_SIG_TORCH, "bernoulli_(Tensor input, double p=0.5, *, "
    "Generator? generator=None)", fill_, FILL_BERNOULLI },
  { "Tensor", BS_SIG_TORCH, "exponential_(Tensor input, double lambd=1, *, "
    "Generator? generator=None)", fill_, FILL_EXPONENTIAL },
  { "Tensor", BS_SIG_TORCH, "geometric_(Tensor input, double p, *, Generator? generator=None)",
    fill_, FILL_GEOMETRIC },
};

const BsSignatureTable bs_torch_random_table = BS_SIGNATURE_TABLE (rows);

void
bs_torch_random_init (BsInterp *in,
                      BsValue   torch)
{
  bs_dict_set_str (((BsModule *) torch.as.object)->dict, "default_generator",
                   generator_new (in, in->context->generator, FALSE));
}
