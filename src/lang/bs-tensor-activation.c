/* bs-tensor-activation.c: torch.nn.functional's activations that PyTorch 1.13 runs as one op
 * (relu6 and hardtanh: HardtanhBackward0, hardsigmoid, hardswish, logsigmoid) or writes in
 * Python of other ops (softsign: DivBackward0, tanhshrink: SubBackward0), by their signatures */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include "bs-autograd.h"

/* The input as a Tensor, or the TypeError of the torch function it reaches (name) */
static BsTensor *
input_tensor (BsInterp   *in,
              BsCall     *call,
              const char *name)
{
  BsValue v = bs_call_value (call, 0);
  BsTensor *t = bs_value_tensor (v);

  if (t == NULL)
    bs_raise (in, "TypeError", "%s(): argument 'input' (position 1) must be Tensor, not %s",
              name, bs_type_name (v));
  return t;
}

/* The result of op on the input, in place when inplace */
static gboolean
activation_result (BsInterp *in,
                   BsCall   *call,
                   BsOp      op,
                   double    lo,
                   double    hi,
                   gboolean  inplace,
                   BsValue  *r)
{
  BsTensor *x = bs_value_tensor (bs_call_value (call, 0));
  GError *error = NULL;
  BsTensor *t = bs_activation (op, x, lo, hi, inplace, &error);

  if (t == NULL)
    return bs_raise_gerror (in, error);
  if (!inplace)
    {
      *r = bs_wrap_tensor (in, t);
      return TRUE;
    }
  bs_tensor_unref (t);
  *r = bs_value_ref (bs_call_value (call, 0));
  return TRUE;
}

/* hardtanh(input, min_val=-1., max_val=1., inplace=False); data 1: hardtanh_ (no inplace
 * parameter) */
static gboolean
hardtanh (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  gboolean inplace = bs_call_data (call) != 0 || bs_call_bool (call, 3);

  if (input_tensor (in, call, inplace ? "hardtanh_" : "hardtanh") == NULL)
    return FALSE;
  return activation_result (in, call, BS_OP_HARDTANH, bs_call_double (call, 1),
                            bs_call_double (call, 2), inplace, r);
}

static gboolean
relu6 (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  gboolean inplace = bs_call_bool (call, 1);

  if (input_tensor (in, call, inplace ? "relu6_" : "relu6") == NULL)
    return FALSE;
  return activation_result (in, call, BS_OP_HARDTANH, 0.0, 6.0, inplace, r);
}

/* hardsigmoid(input, inplace=False), hardswish: data is the op */
static gboolean
hard_activation (BsInterp *in,
                 BsCall   *call,
                 BsValue  *r)
{
  gboolean inplace = bs_call_bool (call, 1);
  BsOp op = (BsOp) bs_call_data (call);
  const char *name = op == BS_OP_HARDSIGMOID ? (inplace ? "hardsigmoid_" : "hardsigmoid")
                                              : (inplace ? "hardswish_" : "hardswish");

  if (input_tensor (in, call, name) == NULL)
    return FALSE;
  return activation_result (in, call, op, 0.0, 0.0, inplace, r);
}

static gboolean
log_sigmoid (BsInterp *in,
             BsCall   *call,
             BsValue  *r)
{
  GError *error = NULL;

  return bs_call_return_tensor (call, bs_activation (BS_OP_LOG_SIGMOID, bs_call_self (call),
                                                     0.0, 0.0, FALSE, &error), &error, r);
}

/* softsign(input) = input / (input.abs() + 1); tanhshrink(input) = input - input.tanh():
 * data 1 for tanhshrink. As PyTorch's Python, a non-tensor fails on its method. */
static gboolean
composed (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  gboolean tanhshrink = bs_call_data (call) != 0;
  BsValue v = bs_call_value (call, 0);
  BsTensor *x = bs_value_tensor (v);
  g_autoptr(BsTensor) inner = NULL;
  g_autoptr(BsTensor) one = NULL;
  g_autoptr(BsTensor) denominator = NULL;
  GError *error = NULL;

  if (x == NULL)
    return bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'", bs_type_name (v),
                     tanhshrink ? "tanh" : "abs");
  if (tanhshrink)
    {
      BsValue t;
      gboolean ok;

      inner = bs_tanh (x, &error);
      if (inner == NULL)
        return bs_raise_gerror (in, error);
      t = bs_wrap_tensor (in, g_steal_pointer (&inner));
      ok = bs_tensor_binary (in, BS_BINOP_SUB, v, t, FALSE, r);
      bs_value_unref (t);
      return ok;
    }
  inner = bs_abs (x, &error);
  one = inner ? bs_tensor_new_wrapped_number (x->context, 1.0, TRUE) : NULL;
  denominator = one ? bs_add (inner, one, 1.0, &error) : NULL;
  if (denominator == NULL)
    return bs_raise_gerror (in, error);
  return bs_call_return_tensor (call, bs_div (x, denominator, &error), &error, r);
}

#define F "torch.nn.functional"

static const BsSignatureRow rows[] = {
  { F, BS_SIG_PYTHON, "relu6(input, inplace=False)", relu6, 0 },
  { F, BS_SIG_PYTHON, "hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)", hardtanh, 0 },
  { F, BS_SIG_PYTHON, "hardtanh_(input, min_val=-1.0, max_val=1.0)", hardtanh, 1 },
  { F, BS_SIG_PYTHON, "hardsigmoid(input, inplace=False)", hard_activation, BS_OP_HARDSIGMOID },
  { F, BS_SIG_PYTHON, "hardswish(input, inplace=False)", hard_activation, BS_OP_HARDSWISH },
  { F, BS_SIG_TORCH, "log_sigmoid(Tensor input, *, Tensor out=None)", log_sigmoid, 0,
    "logsigmoid" },
  { F, BS_SIG_PYTHON, "softsign(input)", composed, 0 },
  { F, BS_SIG_PYTHON, "tanhshrink(input)", composed, 1 },
};

const BsSignatureTable bs_tensor_activation_table = BS_SIGNATURE_TABLE (rows);
