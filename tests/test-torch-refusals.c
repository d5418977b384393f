/* test-torch-refusals.c: what PyTorch 1.13 does and Backstep does not, refused by name
 *
 * A script that calls one of these must stop with an error that names what is missing,
 * never run on with something else. (What Backstep does do is checked against PyTorch by
 * tests/conformance.)
 */
#include <string.h>

#include "bs-interp.h"

static void
discard (const char *text,
         gpointer    user_data)
{
}

/* The last line of the error that running source raises ("" when it runs). */
static char *
error_of (const char *source)
{
  g_autoptr (BsInterp) in = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint n;

  in = bs_interp_new (&(BsInterpOptions) { .max_steps = 100000, .write_stdout = discard,
                                            .write_stderr = discard });
  if (bs_interp_run (in, source, -1, "t.py", &error))
    return g_strdup ("");
  text = bs_interp_format_error (in, error);
  g_strchomp (text);
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  return g_strdup (n > 0 ? lines[n - 1] : "");
}

static void
check (const char *source,
       const char *expected)
{
  g_autofree char *got = error_of (source);

  g_assert_cmpstr (got, ==, expected);
}

#define DTYPE_ERROR(name) \
  "NotImplementedError: " name " tensors are not supported by Backstep (its tensors are " \
  "torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, " \
  "torch.int16, torch.int8, torch.uint8 and torch.bool)"

static void
test_dtypes (void)
{
  check ("import torch\nprint(torch.int32, torch.int, torch.uint8, torch.half)\n", "");
  check ("import torch\nassert torch.int is torch.int32 and torch.int != torch.long\n", "");
  check ("import torch\ntorch.zeros((27, 27), dtype=torch.int32)\n", "");
  check ("import torch\ntorch.ones(2).half().bfloat16()\n", "");
  check ("import torch\ntorch.ones(2).to(torch.complex128)\n", DTYPE_ERROR ("torch.complex128"));
  check ("import torch\ntorch.ones(2, 3, dtype=torch.bfloat16).softmax(1)\n",
         "NotImplementedError: softmax of torch.bfloat16 tensors is not supported by Backstep "
         "(PyTorch's kernel rounds its steps in ways Backstep does not reproduce): use .float()");
  check ("import torch\ntorch.ones(2, 3, dtype=torch.bfloat16).log_softmax(0)\n",
         "NotImplementedError: log_softmax of torch.bfloat16 tensors is not supported by "
         "Backstep (PyTorch's kernel rounds its steps in ways Backstep does not reproduce): use "
         ".float()");
  check ("import torch\ntorch.randn(16, dtype=torch.bfloat16)\n",
         "NotImplementedError: normal samples of 16 or more torch.bfloat16 elements are not "
         "supported by Backstep (PyTorch's kernel rounds its steps in ways Backstep does not "
         "reproduce): draw them in torch.float32 and convert");
  check ("import torch\nx = torch.ones(1, 2, 2, dtype=torch.bfloat16)\ntorch.bmm(x, x)\n",
         "NotImplementedError: bmm of torch.bfloat16 tensors is not supported by Backstep "
         "(PyTorch's kernel rounds its steps in ways Backstep does not reproduce): use .float()");
  check ("import torch\ntorch.zeros(2, dtype=torch.complex64)\n", DTYPE_ERROR ("torch.complex64"));
}

static void
test_ops (void)
{
  check ("import torch\ntorch.ones(2, 3).topk(2, sorted=False)\n",
         "NotImplementedError: topk(sorted=False) is not supported by Backstep: PyTorch leaves "
         "that order to its kernel");
  check ("import torch\ntorch.zeros(2, 2).scatter(1, torch.tensor([[0], [1]]), 1.0, "
         "reduce='add')\n",
         "NotImplementedError: scatter(reduce='add') is not supported by Backstep");
  check ("import torch\ntorch.ones(2, 2).norm(p='nuc')\n",
         "NotImplementedError: norm(p='nuc') is not supported by Backstep");
  check ("import torch\ntorch.ones(2, 2).gather(1, torch.tensor([[0]]), sparse_grad=True)\n",
         "NotImplementedError: gather(sparse_grad=True) is not supported by Backstep");
  check ("import torch\ntorch.max(torch.ones(2, 2), 1, out=(torch.ones(2), torch.ones(2)))\n",
         "NotImplementedError: max(out=...) is not supported by Backstep");
  check ("import torch\ntorch.ones(2).sum('a')\n",
         "NotImplementedError: sum() with a dimension name: Backstep has no named tensors");
}

static void
test_autograd_function (void)
{
  check ("import torch\n"
         "class Inc(torch.autograd.Function):\n"
         "    @staticmethod\n"
         "    def forward(ctx, x):\n"
         "        x.add_(1)\n"
         "        ctx.mark_dirty(x)\n"
         "        return x\n"
         "Inc.apply(torch.ones(2) * 1)\n",
         "NotImplementedError: ctx.mark_dirty() is not supported by Backstep: a "
         "torch.autograd.Function's forward must not change its inputs in place");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/torch-refusals/dtypes", test_dtypes);
  g_test_add_func ("/torch-refusals/ops", test_ops);
  g_test_add_func ("/torch-refusals/autograd-function", test_autograd_function);
  return g_test_run ();
}
