/* test-custom-function.c: torch.autograd.Function nodes, as PyTorch 1.13 runs them
 *
 * The backward callbacks below play the interpreter's part: they unpack
 * ctx.saved_tensors, compute with tracked ops, and check what they return.
 * Expected numbers and messages are PyTorch's (checked with /usr/bin/python3);
 * the values are small enough to derive by hand.
 */
#include <math.h>

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-custom-function.h"
#include "bs-error.h"
#include "bs-event-sink.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#include "gradcheck.h"

typedef enum {
  FN_RELU,              /* saves its input */
  FN_SQUARE,            /* saves its input and its output */
  FN_EXP,               /* saves its output */
  FN_DOUBLE,            /* saves nothing, never reads ctx.saved_tensors */
  FN_DOUBLE_CTX,        /* saves nothing, reads ctx.saved_tensors */
  FN_BAD_COUNT,         /* (x, y) -> x * y, returns one gradient */
  FN_BAD_SHAPE,         /* (x, y) -> x * y, returns ones(3), None */
  FN_BAD_SHAPE_NOGRAD,  /* (x, y) -> x * y, returns grad, ones(3) for y (needs none) */
  FN_NONTENSOR_GRAD,    /* (x, 2.0) -> x * 2, returns grad, grad */
  FN_EXTRA_NONE,        /* (x, 2.0) -> x * 2, returns grad * 2, None, None */
  FN_EXTRA_GRAD,        /* (x, 2.0) -> x * 2, returns grad, None, grad */
  FN_BROADCAST,         /* x -> x * 2, returns ones(3, 2) for x of shape [2] */
} FnKind;

typedef struct {
  FnKind  kind;
  guint  *destroyed;
} Fn;

static void
fn_free (gpointer data)
{
  Fn *fn = data;

  if (fn->destroyed != NULL)
    (*fn->destroyed)++;
  g_free (fn);
}

static BsTensor *
scalar (BsContext *context,
        double     value)
{
  return bs_tensor_new_wrapped_number (context, value, FALSE);
}

static BsTensor *
ones (BsContext *context,
      int        ndim,
      gint64     d0,
      gint64     d1)
{
  gint64 shape[2] = { d0, d1 };

  return bs_tensor_new_full (context, BS_DTYPE_FLOAT32, ndim, shape, 1.0, NULL);
}

/* What the Python backward returns: n values, NULL for None. */
static gboolean
compute_gradients (Fn        *fn,
                   BsNode    *node,
                   BsTensor  *grad,
                   BsTensor **out,
                   guint     *n,
                   GError   **error)
{
  BsContext *context = grad->context;
  g_autoptr(BsTensor) two = scalar (context, 2.0);
  g_autoptr(BsTensor) saved = NULL;

  switch (fn->kind)
    {
    case FN_RELU:
      {
        g_autoptr(BsTensor) zero = scalar (context, 0.0);
        g_autoptr(BsTensor) mask = NULL;
        g_autoptr(BsTensor) maskf = NULL;

        if (!bs_custom_function_check_saved (node, error)
            || (saved = bs_node_saved (node, 0, error)) == NULL)
          return FALSE;
        mask = bs_compare (saved, zero, BS_COMPARE_GT, error);
        maskf = mask != NULL ? bs_to_dtype (mask, grad->dtype, error) : NULL;
        *n = 1;
        return maskf != NULL && (out[0] = bs_mul (grad, maskf, error)) != NULL;
      }
    case FN_SQUARE:
      {
        g_autoptr(BsTensor) output = NULL;
        g_autoptr(BsTensor) twice = NULL;

        if (!bs_custom_function_check_saved (node, error)
            || (saved = bs_node_saved (node, 0, error)) == NULL
            || (output = bs_node_saved (node, 1, error)) == NULL)
          return FALSE;
        g_assert_cmpfloat (bs_tensor_get (output, 0),
                           ==, bs_tensor_get (saved, 0) * bs_tensor_get (saved, 0));
        /* g * 2 * x, as the Python would write it */
        twice = bs_mul (grad, two, error);
        *n = 1;
        return twice != NULL && (out[0] = bs_mul (twice, saved, error)) != NULL;
      }
    case FN_EXP:
      if (!bs_custom_function_check_saved (node, error)
          || (saved = bs_node_saved (node, 0, error)) == NULL)
        return FALSE;
      *n = 1;
      return (out[0] = bs_mul (grad, saved, error)) != NULL;
    case FN_DOUBLE_CTX:
      if (!bs_custom_function_check_saved (node, error))
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case FN_DOUBLE:
      *n = 1;
      return (out[0] = bs_mul (grad, two, error)) != NULL;
    case FN_BAD_COUNT:
      *n = 1;
      out[0] = bs_tensor_ref (grad);
      return TRUE;
    case FN_BAD_SHAPE:
      *n = 2;
      out[0] = ones (context, 1, 3, 0);
      return TRUE;
    case FN_BAD_SHAPE_NOGRAD:
      *n = 2;
      out[0] = bs_tensor_ref (grad);
      out[1] = ones (context, 1, 3, 0);
      return TRUE;
    case FN_NONTENSOR_GRAD:
      *n = 2;
      out[0] = bs_tensor_ref (grad);
      out[1] = bs_tensor_ref (grad);
      return TRUE;
    case FN_EXTRA_NONE:
      *n = 3;
      return (out[0] = bs_mul (grad, two, error)) != NULL;
    case FN_EXTRA_GRAD:
      *n = 3;
      out[0] = bs_tensor_ref (grad);
      out[2] = bs_tensor_ref (grad);
      return TRUE;
    case FN_BROADCAST:
      *n = 1;
      out[0] = ones (context, 2, 3, 2);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
fn_backward (BsNode           *node,
             BsTensor *const  *grad_outputs,
             guint             n_outputs,
             BsTensor        **grad_inputs,
             gpointer          user_data,
             GError          **error)
{
  BsTensor *grad_output = grad_outputs[0];
  BsTensor *returned[4] = { NULL };
  guint n = 0;
  gboolean ok;

  ok = compute_gradients (user_data, node, grad_output, returned, &n, error)
    && bs_custom_function_check_gradients (node, returned, n, error);
  for (guint i = 0; i < G_N_ELEMENTS (returned); i++)
    {
      if (ok && i < node->n_inputs)
        grad_inputs[i] = returned[i];
      else
        g_clear_pointer (&returned[i], bs_tensor_unref);
    }
  return ok;
}

/* Fn.apply(*inputs): the forward under no_grad, then the node. */
static BsTensor *
apply (FnKind            kind,
       const char       *name,
       BsTensor *const  *inputs,
       guint             n_inputs,
       guint            *destroyed,
       BsNode          **node_out)
{
  BsContext *context = inputs[0]->context;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) two = scalar (context, 2.0);
  gboolean previous = bs_grad_mode_set (context, FALSE);
  BsTensor *output;
  BsNode *node;
  Fn *fn;

  switch (kind)
    {
    case FN_RELU:
      output = bs_relu (inputs[0], &error);
      break;
    case FN_SQUARE:
      output = bs_mul (inputs[0], inputs[0], &error);
      break;
    case FN_EXP:
      output = bs_exp (inputs[0], &error);
      break;
    case FN_BAD_COUNT:
    case FN_BAD_SHAPE:
    case FN_BAD_SHAPE_NOGRAD:
      output = bs_mul (inputs[0], inputs[1], &error);
      break;
    default:
      output = bs_mul (inputs[0], two, &error);
      break;
    }
  bs_grad_mode_set (context, previous);
  g_assert_no_error (error);

  fn = g_new0 (Fn, 1);
  fn->kind = kind;
  fn->destroyed = destroyed;
  node = bs_custom_function_attach (name, inputs, n_inputs, output, fn_backward, fn, fn_free,
                                    &error);
  g_assert_no_error (error);
  if (node != NULL)
    {
      g_assert_true (output->grad_fn == node);
      /* ctx.save_for_backward(...) */
      if (kind == FN_RELU)
        bs_node_save (node, 0, inputs[0], FALSE);
      else if (kind == FN_SQUARE)
        {
          bs_node_save (node, 0, inputs[0], FALSE);
          bs_node_save (node, 1, output, TRUE);
        }
      else if (kind == FN_EXP)
        bs_node_save (node, 0, output, TRUE);
    }
  if (node_out != NULL)
    *node_out = node;
  return output;
}

static BsTensor *
leaf (BsContext    *context,
      BsDType       dtype,
      gint64        n,
      const double *values,
      gboolean      requires_grad)
{
  BsTensor *t = bs_tensor_new_from_doubles (context, dtype, 1, &n, values, NULL);

  t->requires_grad = requires_grad;
  return t;
}

static gboolean
backward_sum (BsTensor  *y,
              gboolean   retain_graph,
              GError   **error)
{
  g_autoptr(BsTensor) s = bs_sum (y, error);

  return s != NULL && bs_tensor_backward (s, NULL, retain_graph, FALSE, error);
}

static void
test_relu (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[3] = { -1.0, 2.0, 3.0 };
  const double once[3] = { 0.0, 1.0, 1.0 }, twice[3] = { 0.0, 2.0, 2.0 };
  g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 3, xv, TRUE);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(GError) error = NULL;
  guint destroyed = 0;
  BsNode *node;

  y = apply (FN_RELU, "MyReluBackward", &x, 1, &destroyed, &node);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "MyReluBackward");
  g_assert_false (bs_tensor_is_leaf (y));
  g_assert_true (bs_tensor_requires_grad (y));
  g_assert_cmpuint (node->n_inputs, ==, 1);
  g_assert_cmpint (node->next[0].node->op, ==, BS_OP_ACCUMULATE_GRAD);
  g_assert_true (bs_node_needs_input_grad (node, 0));

  /* retain_graph keeps ctx.saved_tensors for a second pass... */
  g_assert_true (backward_sum (y, TRUE, &error));
  g_assert_no_error (error);
  assert_tensor_close (x->grad, once, 3, 0);
  g_assert_true (backward_sum (y, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (x->grad, twice, 3, 0);

  /* ...and without it, the next pass finds them freed. */
  g_assert_false (backward_sum (y, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, BS_MSG_FREED_GRAPH);
  assert_tensor_close (x->grad, twice, 3, 0);

  g_assert_cmpuint (destroyed, ==, 0);
  g_clear_pointer (&y, bs_tensor_unref);
  g_assert_cmpuint (destroyed, ==, 1);
}

/* Saving the output must not keep the node alive (no cycle output <-> node). */
static void
test_saved_output (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[2] = { 1.5, -2.0 };
  const double square_grad[2] = { 3.0, -4.0 };
  g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, xv, TRUE);
  g_autoptr(GError) error = NULL;
  guint destroyed = 0;

  {
    g_autoptr(BsTensor) y = apply (FN_SQUARE, "MySquareBackward", &x, 1, &destroyed, NULL);

    g_assert_true (backward_sum (y, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (x->grad, square_grad, 2, 0);
    bs_tensor_set_grad (x, NULL);
  }
  g_assert_cmpuint (destroyed, ==, 1);

  {
    g_autoptr(BsTensor) y = apply (FN_EXP, "MyExpBackward", &x, 1, &destroyed, NULL);

    /* never backwarded: the saved output still goes with y */
    g_assert_cmpuint (destroyed, ==, 1);
  }
  g_assert_cmpuint (destroyed, ==, 2);

  {
    g_autoptr(BsTensor) y = apply (FN_EXP, "MyExpBackward", &x, 1, &destroyed, NULL);
    const double exp_grad[2] = { (float) exp (1.5), (float) exp (-2.0) };

    g_assert_true (backward_sum (y, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (x->grad, exp_grad, 2, 1e-6);
  }
  g_assert_cmpuint (destroyed, ==, 3);
}

/* A Function that saves nothing can be backwarded twice, unless its backward
 * reads ctx.saved_tensors (PyTorch checks the graph was not freed first). */
static void
test_twice_without_saved (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[2] = { 1.0, 1.0 };
  const double four[2] = { 4.0, 4.0 }, two[2] = { 2.0, 2.0 };
  g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, xv, TRUE);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) z = NULL;
  g_autoptr(GError) error = NULL;

  y = apply (FN_DOUBLE, "DBackward", &x, 1, NULL, NULL);
  g_assert_true (backward_sum (y, FALSE, &error));
  g_assert_true (backward_sum (y, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (x->grad, four, 2, 0);

  bs_tensor_set_grad (x, NULL);
  z = apply (FN_DOUBLE_CTX, "EBackward", &x, 1, NULL, NULL);
  g_assert_true (backward_sum (z, FALSE, &error));
  g_assert_false (backward_sum (z, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, BS_MSG_FREED_GRAPH);
  assert_tensor_close (x->grad, two, 2, 0);
}

/* Through a non-leaf: h = x * 3; y = MySquare(h). */
static void
test_chain (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[2] = { 0.5, -1.0 };
  const double expected[2] = { 9.0, -18.0 };  /* 2 * h * 3 = 18 x */
  g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, xv, TRUE);
  g_autoptr(BsTensor) three = scalar (context, 3.0);
  g_autoptr(BsTensor) h = NULL;
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(GError) error = NULL;
  BsNode *node;

  h = bs_mul (x, three, &error);
  y = apply (FN_SQUARE, "MySquareBackward", &h, 1, NULL, &node);
  g_assert_true (node->next[0].node == h->grad_fn);
  g_assert_true (backward_sum (y, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (x->grad, expected, 2, 0);
}

/* Double backward through Functions whose backward uses tracked ops. */
static void
test_double_backward (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[2] = { 1.5, -2.0 };
  const double g_square[2] = { 3.0, -4.0 }, gg_square[2] = { 2.0, 2.0 };
  const double ev[2] = { 0.5, -1.0 };
  const double g_exp[2] = { (float) exp (0.5), (float) exp (-1.0) };
  /* autograd.grad(..., create_graph=True) retains the graph by default */
  BsBackwardOptions options = { .retain_graph = TRUE, .create_graph = TRUE };
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, xv, TRUE);
    g_autoptr(BsTensor) y = apply (FN_SQUARE, "MySquareBackward", &x, 1, NULL, NULL);
    g_autoptr(BsTensor) s = bs_sum (y, &error);
    g_autoptr(GPtrArray) grads = bs_autograd_grad (&s, NULL, 1, &x, 1, &options, &error);
    g_autoptr(BsTensor) gs = NULL;
    BsTensor *g;

    g_assert_no_error (error);
    g = grads->pdata[0];
    assert_tensor_close (g, g_square, 2, 0);
    g_assert_cmpstr (bs_node_name (g->grad_fn), ==, "MulBackward0");
    gs = bs_sum (g, &error);
    g_assert_true (bs_tensor_backward (gs, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (x->grad, gg_square, 2, 0);
  }
  {
    g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, ev, TRUE);
    g_autoptr(BsTensor) y = apply (FN_EXP, "MyExpBackward", &x, 1, NULL, NULL);
    g_autoptr(BsTensor) s = bs_sum (y, &error);
    g_autoptr(GPtrArray) grads = bs_autograd_grad (&s, NULL, 1, &x, 1, &options, &error);
    g_autoptr(BsTensor) gs = NULL;
    BsTensor *g;

    g_assert_no_error (error);
    g = grads->pdata[0];
    assert_tensor_close (g, g_exp, 2, 1e-6);
    g_assert_cmpstr (bs_node_name (g->grad_fn), ==, "MulBackward0");
    /* d/dx (1 * exp(x)) through the saved output's history */
    gs = bs_sum (g, &error);
    g_assert_true (bs_tensor_backward (gs, NULL, FALSE, FALSE, &error));
    g_assert_no_error (error);
    assert_tensor_close (x->grad, g_exp, 2, 1e-6);
  }
}

static BsTensor *
apply_kind (BsTensor *const *inputs,
            guint            n_inputs,
            gpointer         user_data,
            GError         **error)
{
  FnKind kind = GPOINTER_TO_INT (user_data);

  return apply (kind, "FnBackward", inputs, n_inputs, NULL, NULL);
}

static void
test_gradcheck (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  gint64 shape[2] = { 2, 3 };
  g_autoptr(BsTensor) x = make_random_input (context, 2, shape, 7);

  assert_gradcheck (apply_kind, &x, 1, GINT_TO_POINTER (FN_SQUARE));
  assert_gradgradcheck (apply_kind, &x, 1, GINT_TO_POINTER (FN_SQUARE));
  assert_gradcheck (apply_kind, &x, 1, GINT_TO_POINTER (FN_EXP));
  assert_gradgradcheck (apply_kind, &x, 1, GINT_TO_POINTER (FN_EXP));
  assert_gradcheck (apply_kind, &x, 1, GINT_TO_POINTER (FN_RELU));
}

static void
assert_backward_error (FnKind       kind,
                       const char  *name,
                       gboolean     second_is_tensor,
                       const char  *message)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double v[2] = { 1.0, 1.0 };
  g_autoptr(BsTensor) a = leaf (context, BS_DTYPE_FLOAT32, 2, v, TRUE);
  g_autoptr(BsTensor) b = leaf (context, BS_DTYPE_FLOAT32, 2, v, FALSE);
  BsTensor *inputs[2] = { a, second_is_tensor ? b : NULL };
  g_autoptr(BsTensor) y = apply (kind, name, inputs, 2, NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (backward_sum (y, FALSE, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, message);
}

static void
assert_backward_grad (FnKind        kind,
                      guint         n_inputs,
                      gboolean      second_is_tensor,
                      const double *expected)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double v[2] = { 1.0, 1.0 };
  g_autoptr(BsTensor) a = leaf (context, BS_DTYPE_FLOAT32, 2, v, TRUE);
  g_autoptr(BsTensor) b = leaf (context, BS_DTYPE_FLOAT32, 2, v, FALSE);
  BsTensor *inputs[2] = { a, second_is_tensor ? b : NULL };
  g_autoptr(BsTensor) y = apply (kind, "FnBackward", inputs, n_inputs, NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (backward_sum (y, FALSE, &error));
  g_assert_no_error (error);
  assert_tensor_close (a->grad, expected, 2, 0);
}

/* PyTorch 1.13's checks of what a Function's backward returns. */
static void
test_bad_gradients (void)
{
  const double one[2] = { 1.0, 1.0 }, two[2] = { 2.0, 2.0 }, three[2] = { 3.0, 3.0 };

  assert_backward_error (FN_BAD_COUNT, "BadBackward", TRUE,
                         "function BadBackward returned an incorrect number of gradients "
                         "(expected 2, got 1)");
  assert_backward_error (FN_BAD_SHAPE, "Bad2Backward", TRUE,
                         "Function Bad2Backward returned an invalid gradient at index 0 - got "
                         "[3] but expected shape compatible with [2]");
  assert_backward_error (FN_NONTENSOR_GRAD, "Bad4Backward", FALSE,
                         "function Bad4Backward returned a gradient different than None at "
                         "position 2, but the corresponding forward input was not a Variable");
  assert_backward_error (FN_EXTRA_GRAD, "Bad6Backward", FALSE,
                         "function Bad6Backward returned an incorrect number of gradients "
                         "(expected 2, got 3)");
  /* Not checked for an input that needs no gradient */
  assert_backward_grad (FN_BAD_SHAPE_NOGRAD, 2, TRUE, one);
  /* Extra Nones are dropped */
  assert_backward_grad (FN_EXTRA_NONE, 2, FALSE, two);
  /* A gradient that sums to the input's shape is summed */
  assert_backward_grad (FN_BROADCAST, 1, TRUE, three);
}

static void
test_not_recorded (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double v[2] = { 1.0, -1.0 };
  g_autoptr(BsTensor) a = leaf (context, BS_DTYPE_FLOAT32, 2, v, FALSE);
  g_autoptr(BsTensor) b = leaf (context, BS_DTYPE_FLOAT32, 2, v, TRUE);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) ints = NULL;
  g_autoptr(GError) error = NULL;
  guint destroyed = 0;
  BsNode *node = (BsNode *) &node;

  /* No input requires grad */
  y = apply (FN_RELU, "MyReluBackward", &a, 1, &destroyed, &node);
  g_assert_null (node);
  g_assert_null (y->grad_fn);
  g_assert_false (bs_tensor_requires_grad (y));
  g_assert_cmpuint (destroyed, ==, 1);
  g_clear_pointer (&y, bs_tensor_unref);

  /* no_grad */
  bs_grad_mode_set (context, FALSE);
  y = apply (FN_RELU, "MyReluBackward", &b, 1, &destroyed, &node);
  bs_grad_mode_set (context, TRUE);
  g_assert_null (node);
  g_assert_false (bs_tensor_requires_grad (y));
  g_assert_cmpuint (destroyed, ==, 2);

  /* An integer result gets no history */
  ints = bs_tensor_new_full (context, BS_DTYPE_INT64, 1, (gint64[]) { 2 }, 1.0, NULL);
  node = bs_custom_function_attach ("IntOutBackward", &b, 1, ints, fn_backward,
                                    g_new0 (Fn, 1), fn_free, &error);
  g_assert_no_error (error);
  g_assert_null (node);
  g_assert_null (ints->grad_fn);
}

typedef struct {
  GString *log;
} Recorder;

static void
on_created (gpointer             data,
            const BsTensorEvent *event)
{
  Recorder *r = data;

  g_string_append_printf (r->log, "%s:%s:%u;", event->op_name ? event->op_name : "leaf",
                          event->grad_fn ? bs_node_name (event->grad_fn) : "-",
                          event->n_inputs);
}

static const BsEventSink sink = { .tensor_created = on_created };

static void
test_events (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double v[2] = { 1.0, -1.0 };
  g_autoptr(BsTensor) a = leaf (context, BS_DTYPE_FLOAT32, 2, v, TRUE);
  g_autoptr(BsTensor) b = leaf (context, BS_DTYPE_FLOAT32, 2, v, FALSE);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) z = NULL;
  BsTensor *inputs[2] = { a, NULL };
  Recorder recorder = { g_string_new (NULL) };
  BsNode *node;

  bs_context_set_sink (context, &sink, &recorder);
  y = apply (FN_EXTRA_NONE, "ScaleBackward", inputs, 2, NULL, &node);
  g_assert_true (bs_custom_function_input_is_tensor (node, 0));
  g_assert_false (bs_custom_function_input_is_tensor (node, 1));
  g_assert_false (bs_node_needs_input_grad (node, 1));
  z = apply (FN_RELU, "MyReluBackward", &b, 1, NULL, NULL);
  bs_context_set_sink (context, NULL, NULL);
  /* The forwards ran untracked ops (reported as such); then the Functions. */
  g_assert_cmpstr (recorder.log->str, ==,
                   "mul:-:2;Scale:ScaleBackward:1;relu:-:1;MyRelu:-:1;");
  g_string_free (recorder.log, TRUE);
}

/* (x) -> (x * 2, x * 3): a node of two outputs. Its backward sees NULL for an output that
 * got no gradient and returns 2·g0 + 3·g1 */
static gboolean
pair_backward (BsNode           *node,
               BsTensor *const  *grad_outputs,
               guint             n_outputs,
               BsTensor        **grad_inputs,
               gpointer          user_data,
               GError          **error)
{
  guint *seen_null = user_data;
  g_autoptr(BsTensor) sum = NULL;

  g_assert_cmpuint (n_outputs, ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(BsTensor) term = NULL;

      if (grad_outputs[k] == NULL)
        {
          (*seen_null)++;
          continue;
        }
      term = bs_mul_scalar (grad_outputs[k], k == 0 ? 2.0 : 3.0, error);
      if (term == NULL)
        return FALSE;
      if (sum == NULL)
        sum = g_steal_pointer (&term);
      else
        {
          BsTensor *both = bs_add (sum, term, 1.0, error);

          if (both == NULL)
            return FALSE;
          bs_tensor_unref (sum);
          sum = both;
        }
    }
  grad_inputs[0] = g_steal_pointer (&sum);
  return TRUE;
}

static void
test_two_outputs (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  const double xv[2] = { 1.0, -1.0 };
  const double from_second[2] = { 3.0, 3.0 }, from_both[2] = { 5.0, 5.0 };
  g_autoptr(BsTensor) x = leaf (context, BS_DTYPE_FLOAT32, 2, xv, TRUE);
  g_autoptr(BsTensor) p = NULL;
  g_autoptr(BsTensor) q = NULL;
  g_autoptr(BsTensor) p_plus_q = NULL;
  g_autoptr(GError) error = NULL;
  guint seen_null = 0;
  BsTensor *outputs[2];
  BsNode *node;

  p = bs_mul_scalar (x, 2.0, &error);
  q = bs_mul_scalar (x, 3.0, &error);
  g_clear_pointer (&p->grad_fn, bs_node_unref);
  g_clear_pointer (&q->grad_fn, bs_node_unref);
  outputs[0] = p;
  outputs[1] = q;
  node = bs_custom_function_attach_multi ("PairBackward", &x, 1, outputs, 2, NULL,
                                          pair_backward, &seen_null, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_true (p->grad_fn == node && q->grad_fn == node);
  g_assert_cmpuint (p->output_nr, ==, 0);
  g_assert_cmpuint (q->output_nr, ==, 1);
  g_assert_cmpuint (node->n_outputs, ==, 2);

  /* only the second output is used: the first's gradient is NULL */
  g_assert_true (backward_sum (q, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen_null, ==, 1);
  assert_tensor_close (x->grad, from_second, 2, 0);

  /* both: the node runs once with both gradients summed in */
  g_clear_pointer (&x->grad, bs_tensor_unref);
  p_plus_q = bs_add (p, q, 1.0, &error);
  g_assert_true (backward_sum (p_plus_q, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen_null, ==, 1);
  assert_tensor_close (x->grad, from_both, 2, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/custom-function/relu", test_relu);
  g_test_add_func ("/engine/custom-function/saved-output", test_saved_output);
  g_test_add_func ("/engine/custom-function/twice-without-saved", test_twice_without_saved);
  g_test_add_func ("/engine/custom-function/chain", test_chain);
  g_test_add_func ("/engine/custom-function/double-backward", test_double_backward);
  g_test_add_func ("/engine/custom-function/gradcheck", test_gradcheck);
  g_test_add_func ("/engine/custom-function/bad-gradients", test_bad_gradients);
  g_test_add_func ("/engine/custom-function/not-recorded", test_not_recorded);
  g_test_add_func ("/engine/custom-function/events", test_events);
  g_test_add_func ("/engine/custom-function/two-outputs", test_two_outputs);
  return g_test_run ();
}
