/* test-shape-card.c: the shape cards of recorded backward edges
 *
 * Each script is recorded (bs_recording_run) and every edge of its backward call gets
 * its card; the cards of the edges into the leaves are checked. The shapes on the left
 * are those of PyTorch's .grad for the same script (printed by PyTorch 1.13: W.grad
 * torch.Size([3, 2]), b.grad torch.Size([2]), x.grad torch.Size([4, 3]) ...).
 */
#include <string.h>

#include "bs-recording.h"
#include "bs-replay.h"
#include "bs-shape-card.h"

/* Every card of the first backward call, one per line. */
static char *
cards_of (const char *script)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = bs_recording_run (script, -1, "card.py", NULL, NULL, NULL,
                                               &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint64 step = 0; step < bs_trace_get_n_steps (trace); step++)
    {
      BsTraceState *state = bs_replay_state_at (trace, step);
      const BsTraceEvent *edge = bs_trace_state_get_edge (state);
      g_autofree char *card = edge != NULL ? bs_shape_card_for_edge (trace, state, edge) : NULL;

      if (card != NULL)
        g_string_append_printf (out, "%s\n", card);
      bs_trace_state_free (state);
    }
  return g_string_free (out, FALSE);
}

static void
assert_has (const char *cards,
            const char *card)
{
  if (strstr (cards, card) == NULL)
    g_error ("no card\n  %s\namong\n%s", card, cards);
}

/* A (4,3) @ (3,2) product and a broadcast bias: the issue's own examples. */
static void
test_linear (void)
{
  g_autofree char *cards = cards_of (
    "import torch\n"
    "x = torch.ones(4, 3, requires_grad=True)\n"
    "W = torch.ones(3, 2, requires_grad=True)\n"
    "b = torch.zeros(2, requires_grad=True)\n"
    "y = x @ W + b\n"
    "L = y.sum()\n"
    "L.backward()\n");

  assert_has (cards, "∂L/∂y [4×2] = ∂L/∂L [] expanded to [4×2]");
  assert_has (cards, "∂L/∂b [2] = Σ over dim 0 of ∂L/∂y [4×2]");
  assert_has (cards, "∂L/∂(x @ W) [4×2] = ∂L/∂y [4×2]");
  assert_has (cards, "∂L/∂W [3×2] = xᵀ [3×4] @ ∂L/∂(x @ W) [4×2]");
  assert_has (cards, "∂L/∂x [4×3] = ∂L/∂(x @ W) [4×2] @ Wᵀ [2×3]");
}

/* Reductions over a dim, a mean, views, a transpose and indexing. */
static void
test_reductions_views_indexing (void)
{
  g_autofree char *cards = cards_of (
    "import torch\n"
    "x = torch.ones(4, 3, requires_grad=True)\n"
    "s = x.sum(dim=1)\n"
    "v = x.view(12)\n"
    "t = x.t()\n"
    "r = x[1]\n"
    "m = x.mean()\n"
    "o = torch.ones(2, 4, 3)\n"
    "c = x * o\n"
    "L = s.sum() + v.sum() + t.sum() + r.sum() + m + c.sum()\n"
    "L.backward()\n");

  assert_has (cards, "∂L/∂x [4×3] = ∂L/∂s [4] put back along dim 1 and expanded to [4×3]");
  assert_has (cards, "∂L/∂x [4×3] = ∂L/∂v [12] reshaped to [4×3]");
  assert_has (cards, "∂L/∂x [4×3] = (∂L/∂t)ᵀ [4×3]");
  assert_has (cards, "∂L/∂x [4×3] = zeros [4×3] with ∂L/∂r [3] written at the selected index "
                     "of dim 0");
  assert_has (cards, "∂L/∂x [4×3] = ∂L/∂m [] expanded to [4×3], divided by 12");
  assert_has (cards, "∂L/∂x [4×3] = Σ over dim 0 of (∂L/∂c [2×4×3] ⊙ o [2×4×3])");
}

/* softmax, the losses (cross_entropy is log_softmax then nll_loss, as in PyTorch), cat and
 * stack: PyTorch 1.13 gives x.grad [4, 3], y.grad [4, 2], a.grad [2, 3], b.grad [3, 3]. */
static void
test_softmax_losses_cat (void)
{
  g_autofree char *cards = cards_of (
    "import torch\n"
    "import torch.nn.functional as F\n"
    "x = torch.ones(4, 3, requires_grad=True)\n"
    "p = torch.softmax(x, dim=1)\n"
    "t = torch.tensor([0, 2, 1, 0])\n"
    "ce = F.cross_entropy(x, t)\n"
    "y = torch.zeros(4, 2, requires_grad=True)\n"
    "target = torch.ones(4, 2)\n"
    "m = F.mse_loss(y, target)\n"
    "q = F.mse_loss(y, target, reduction='sum')\n"
    "a = torch.ones(2, 3, requires_grad=True)\n"
    "b = torch.ones(3, 3, requires_grad=True)\n"
    "c = torch.cat([a, b], 0)\n"
    "s = torch.stack([a, a], 1)\n"
    "L = p.sum() + ce + m + q + c.sum() + s.sum()\n"
    "L.backward()\n");

  assert_has (cards, "∂L/∂x [4×3] = p [4×3] ⊙ (∂L/∂p [4×3] − Σ over dim 1 of ∂L/∂p [4×3] "
                     "⊙ p [4×3], kept as size 1)");
  assert_has (cards, "∂L/∂x [4×3] = ∂L/∂log_softmax(x) [4×3] − softmax(x [4×3]) ⊙ Σ over "
                     "dim 1 of ∂L/∂log_softmax(x) [4×3], kept as size 1");
  assert_has (cards, "∂L/∂log_softmax(x) [4×3] = zeros [4×3] with −∂L/∂ce [] written at "
                     "each sample's class in t [4] ÷ 4");
  assert_has (cards, "∂L/∂y [4×2] = 2 (y [4×2] − target [4×2]) ⊙ ∂L/∂m [] expanded to "
                     "[4×2] ÷ 8");
  assert_has (cards, "∂L/∂y [4×2] = 2 (y [4×2] − target [4×2]) ⊙ ∂L/∂q [] expanded to "
                     "[4×2]\n");
  assert_has (cards, "∂L/∂a [2×3] = ∂L/∂c [5×3] sliced [0:2] along dim 0: [2×3]");
  assert_has (cards, "∂L/∂b [3×3] = ∂L/∂c [5×3] sliced [2:5] along dim 0: [3×3]");
  assert_has (cards, "∂L/∂a [2×3] = ∂L/∂s [2×2×3] at index 1 of dim 1: [2×3]");
}

/* A card's terms, for the tooltips: each names its text and its values. PyTorch gives
 * W.grad = xᵀ @ ones = [[4, 4], [6, 6]] for L = (x @ W).sum(). */
static void
test_terms (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTrace) trace = bs_recording_run (
    "import torch\n"
    "x = torch.tensor([[1., 2.], [3., 4.]])\n"
    "W = torch.tensor([[1., 0.], [0., 1.]], requires_grad=True)\n"
    "y = x @ W\n"
    "L = y.sum()\n"
    "L.backward()\n", -1, "card.py", NULL, NULL, NULL, &error);
  gboolean found = FALSE;

  g_assert_no_error (error);
  for (guint64 step = 0; step < bs_trace_get_n_steps (trace); step++)
    {
      g_autoptr(BsTraceState) state = bs_replay_state_at (trace, step);
      const BsTraceEvent *edge = bs_trace_state_get_edge (state);
      g_autoptr(GArray) terms = g_array_new (FALSE, FALSE, sizeof (BsShapeCardTerm));
      g_autofree char *card = NULL;
      const char *expected[][2] = {
        { "∂L/∂W [2×2]", "[[4, 4], [6, 6]]" },
        { "xᵀ [2×2]", "[[1, 2], [3, 4]]" },
        { "∂L/∂y [2×2]", "[[1, 1], [1, 1]]" },
      };

      if (edge == NULL)
        continue;
      card = bs_shape_card_for_edge_terms (trace, state, edge, terms);
      if (card == NULL || !g_str_has_prefix (card, "∂L/∂W"))
        continue;
      g_assert_cmpstr (card, ==, "∂L/∂W [2×2] = xᵀ [2×2] @ ∂L/∂y [2×2]");
      g_assert_cmpuint (terms->len, ==, 3);
      for (guint i = 0; i < terms->len; i++)
        {
          const BsShapeCardTerm *term = &g_array_index (terms, BsShapeCardTerm, i);
          g_autofree char *text = g_strndup (card + term->start, term->end - term->start);
          g_autofree char *value = NULL;
          guint k = g_str_has_prefix (text, "∂L/∂W") ? 0 : g_str_has_prefix (text, "x") ? 1 : 2;

          g_assert_cmpstr (text, ==, expected[k][0]);
          value = bs_trace_value_format (bs_trace_get_value (trace, term->value));
          g_assert_cmpstr (value, ==, expected[k][1]);
        }
      found = TRUE;
    }
  g_assert_true (found);
}

/* A custom Function has no shape form: no card rather than a wrong one. */
static void
test_no_card (void)
{
  g_autofree char *cards = cards_of (
    "import torch\n"
    "class Twice(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        return 2 * x\n"
    "    @staticmethod\n"
    "    def backward(ctx, g):\n"
    "        return 2 * g\n"
    "x = torch.ones(3, requires_grad=True)\n"
    "y = Twice.apply(x)\n"
    "y.backward(torch.ones(3))\n");

  g_assert_cmpstr (cards, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/shape-card/linear", test_linear);
  g_test_add_func ("/shape-card/reductions-views-indexing", test_reductions_views_indexing);
  g_test_add_func ("/shape-card/softmax-losses-cat", test_softmax_losses_cat);
  g_test_add_func ("/shape-card/terms", test_terms);
  g_test_add_func ("/shape-card/no-card", test_no_card);
  return g_test_run ();
}
