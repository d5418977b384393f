/* bs-random-module.c: Python's random module, with CPython's numbers (bs-py-random.c) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <math.h>

BUILTIN (random_seed)
{
  BsValue v = a->n_args > 0 ? a->args[0] : BS_NONE;

  *r = BS_NONE;
  if (bs_value_is_none (v))
    bs_py_random_seed_entropy (in->py_random);
  else if (bs_is_int (v))
    {
      gint64 i;

      bs_to_int (in, v, &i);
      bs_py_random_seed_int (in->py_random, i);
    }
  else if (v.type == BS_VALUE_FLOAT)
    bs_py_random_seed_double (in->py_random, v.as.number);
  else if (bs_value_str (v) != NULL)
    bs_py_random_seed_string (in->py_random, bs_value_str (v));
  else
    return bs_raise (in, "TypeError", "The only supported seed types are: None,\nint, float, "
                     "str, bytes, and bytearray.");
  return TRUE;
}

BUILTIN (random_random)
{
  *r = BS_FLOAT (bs_py_random_random (in->py_random));
  return TRUE;
}

BUILTIN (random_randint)
{
  gint64 lo, hi, out;
  GError *error = NULL;

  if (!bs_exact_args (in, a, "randint", 2) || !bs_to_int (in, a->args[0], &lo)
      || !bs_to_int (in, a->args[1], &hi))
    return FALSE;
  if (!bs_py_random_randint (in->py_random, lo, hi, &out, &error))
    return bs_raise_gerror (in, error);
  *r = BS_INT (out);
  return TRUE;
}

BUILTIN (random_randrange)
{
  gint64 v[3] = { 0, 0, 1 }, out;
  GError *error = NULL;
  gboolean ok;

  if (a->n_args < 1 || a->n_args > 3)
    return bs_raise (in, "TypeError", "randrange expected 1 to 3 arguments");
  for (guint i = 0; i < a->n_args; i++)
    if (!bs_to_int (in, a->args[i], &v[i]))
      return FALSE;
  if (a->n_args == 1)
    ok = bs_py_random_randrange_stop (in->py_random, v[0], &out, &error);
  else
    ok = bs_py_random_randrange (in->py_random, v[0], v[1], v[2], &out, &error);
  if (!ok)
    return bs_raise_gerror (in, error);
  *r = BS_INT (out);
  return TRUE;
}

BUILTIN (random_uniform)
{
  double lo, hi;

  if (!bs_exact_args (in, a, "uniform", 2) || !bs_to_double (in, a->args[0], &lo)
      || !bs_to_double (in, a->args[1], &hi))
    return FALSE;
  *r = BS_FLOAT (bs_py_random_uniform (in->py_random, lo, hi));
  return TRUE;
}

/* gauss(mu, sigma) and normalvariate(mu, sigma), by their own samplers */
static gboolean
normal_sample (BsInterp     *in,
               const BsArgs *a,
               double      (*sample) (BsPyRandom *random, double mu, double sigma),
               BsValue      *r)
{
  double mu = 0.0, sigma = 1.0;
  BsValue *m = bs_arg (a, 0, "mu"), *s = bs_arg (a, 1, "sigma");

  if ((m != NULL && !bs_to_double (in, *m, &mu)) || (s != NULL && !bs_to_double (in, *s, &sigma)))
    return FALSE;
  *r = BS_FLOAT (sample (in->py_random, mu, sigma));
  return TRUE;
}

BUILTIN (random_gauss)
{
  return normal_sample (in, a, bs_py_random_gauss, r);
}

BUILTIN (random_normalvariate)
{
  return normal_sample (in, a, bs_py_random_normalvariate, r);
}

BUILTIN (random_choice)
{
  gint64 n, index;
  GError *error = NULL;

  if (!bs_exact_args (in, a, "choice", 1) || !bs_len (in, a->args[0], &n))
    return FALSE;
  if (!bs_py_random_choice (in->py_random, n, &index, &error))
    return bs_raise_gerror (in, error);
  return bs_getitem (in, a->args[0], BS_INT (index), r);
}

BUILTIN (random_shuffle)
{
  GArray *items;
  gint64 *perm;
  BsValue *copy;

  if (!bs_exact_args (in, a, "shuffle", 1))
    return FALSE;
  if (!bs_value_is_object (a->args[0], BS_OBJECT_LIST))
    return bs_raise (in, "TypeError", "random.shuffle() of a %s is not supported by Backstep",
                     bs_type_name (a->args[0]));
  items = ((BsList *) a->args[0].as.object)->items;
  perm = g_new (gint64, items->len + 1);
  copy = g_new (BsValue, items->len + 1);
  bs_py_random_shuffle (in->py_random, perm, items->len);
  memcpy (copy, items->data, sizeof (BsValue) * items->len);
  for (guint i = 0; i < items->len; i++)
    g_array_index (items, BsValue, i) = copy[perm[i]];
  g_free (perm);
  g_free (copy);
  *r = BS_NONE;
  return TRUE;
}

void
bs_random_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "random");

  bs_module_add (in, m, "seed", random_seed);
  bs_module_add (in, m, "random", random_random);
  bs_module_add (in, m, "randint", random_randint);
  bs_module_add (in, m, "randrange", random_randrange);
  bs_module_add (in, m, "uniform", random_uniform);
  bs_module_add (in, m, "gauss", random_gauss);
  bs_module_add (in, m, "normalvariate", random_normalvariate);
  bs_module_add (in, m, "choice", random_choice);
  bs_module_add (in, m, "shuffle", random_shuffle);
  bs_value_unref (m);
}
