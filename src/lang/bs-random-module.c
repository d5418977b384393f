/* bs-random-module.c: Python's random module, with CPython's numbers (bs-py-random.c) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <math.h>

DECLARED (random_seed)
{
  BsValue v = bs_call_value (call, 1);
  gint64 version = 2;

  *r = BS_NONE;
  if (call->given[2] && !bs_to_int (in, bs_call_value (call, 2), &version))
    return FALSE;
  if (version != 2)
    return bs_raise (in, "NotImplementedError", "random.seed(version=%" G_GINT64_FORMAT ") is "
                     "not supported by Backstep", version);
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

DECLARED (random_random)
{
  *r = BS_FLOAT (bs_py_random_random (in->py_random));
  return TRUE;
}

DECLARED (random_randint)
{
  gint64 lo, hi, out;
  GError *error = NULL;

  if (!bs_to_int (in, bs_call_value (call, 1), &lo) || !bs_to_int (in, bs_call_value (call, 2), &hi))
    return FALSE;
  if (!bs_py_random_randint (in->py_random, lo, hi, &out, &error))
    return bs_raise_gerror (in, error);
  *r = BS_INT (out);
  return TRUE;
}

DECLARED (random_randrange)
{
  gint64 v[3] = { 0, 0, 1 }, out;
  GError *error = NULL;
  gboolean ok;

  for (guint i = 0; i < 3; i++)
    if (bs_call_has (call, i + 1) && !bs_to_int (in, bs_call_value (call, i + 1), &v[i]))
      return FALSE;
  if (!bs_call_has (call, 2))
    ok = bs_py_random_randrange_stop (in->py_random, v[0], &out, &error);
  else
    ok = bs_py_random_randrange (in->py_random, v[0], v[1], v[2], &out, &error);
  if (!ok)
    return bs_raise_gerror (in, error);
  *r = BS_INT (out);
  return TRUE;
}

DECLARED (random_uniform)
{
  double lo, hi;

  if (!bs_to_double (in, bs_call_value (call, 1), &lo)
      || !bs_to_double (in, bs_call_value (call, 2), &hi))
    return FALSE;
  *r = BS_FLOAT (bs_py_random_uniform (in->py_random, lo, hi));
  return TRUE;
}

/* gauss (data 0) and normalvariate (1), by their own samplers */
DECLARED (random_normal)
{
  double mu = 0.0, sigma = 1.0;

  if ((call->given[1] && !bs_to_double (in, bs_call_value (call, 1), &mu))
      || (call->given[2] && !bs_to_double (in, bs_call_value (call, 2), &sigma)))
    return FALSE;
  *r = BS_FLOAT (bs_call_data (call) == 0 ? bs_py_random_gauss (in->py_random, mu, sigma)
                 : bs_py_random_normalvariate (in->py_random, mu, sigma));
  return TRUE;
}

DECLARED (random_choice)
{
  BsValue seq = bs_call_value (call, 1);
  gint64 n, index;
  GError *error = NULL;

  if (!bs_len (in, seq, &n))
    return FALSE;
  if (!bs_py_random_choice (in->py_random, n, &index, &error))
    return bs_raise_gerror (in, error);
  return bs_getitem (in, seq, BS_INT (index), r);
}

DECLARED (random_shuffle)
{
  BsValue x = bs_call_value (call, 1);
  GArray *items;
  gint64 *perm;
  BsValue *copy;

  if (!bs_value_is_object (x, BS_OBJECT_LIST))
    return bs_raise (in, "TypeError", "random.shuffle() of a %s is not supported by Backstep",
                     bs_type_name (x));
  items = ((BsList *) x.as.object)->items;
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

/* CPython's module functions are the methods of one hidden Random, random._inst */
#define METHOD(signature, func, data) \
  { "random", BS_SIG_PYTHON, "Random." signature, func, data }

static const BsSignatureRow rows[] = {
  METHOD ("seed(self, a=None, version=2)", random_seed, 0),
  { "random", BS_SIG_BUILTIN, "Random.random(self, /)", random_random },
  METHOD ("randint(self, a, b)", random_randint, 0),
  METHOD ("randrange(self, start, stop=None, step=1)", random_randrange, 0),
  METHOD ("uniform(self, a, b)", random_uniform, 0),
  METHOD ("gauss(self, mu=0.0, sigma=1.0)", random_normal, 0),
  METHOD ("normalvariate(self, mu=0.0, sigma=1.0)", random_normal, 1),
  METHOD ("choice(self, seq)", random_choice, 0),
  METHOD ("shuffle(self, x)", random_shuffle, 0),
};

const BsSignatureTable bs_random_table = BS_SIGNATURE_TABLE (rows);

static const BsNativeType random_type = {
  { "Random", NULL }, NULL, NULL, NULL,
};

void
bs_random_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "random");
  BsValue instance = bs_native_new (in->heap, &random_type.base, NULL);

  bs_module_add_declared (in, m, "random", instance);
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "_inst", instance);
  bs_value_unref (m);
}
