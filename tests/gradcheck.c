/* gradcheck.c */
#include "gradcheck.h"

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-ops.h"

#include <math.h>

#define EPS 1e-6
#define ATOL 1e-5
#define RTOL 1e-3

BsTensor *
make_input (BsContext    *context,
            int           ndim,
            const gint64 *shape,
            const double *values,
            gboolean      requires_grad)
{
  BsTensor *t = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT64, ndim, shape, values,
                                            NULL);

  t->requires_grad = requires_grad;
  return t;
}

BsTensor *
make_random_input (BsContext    *context,
                   int           ndim,
                   const gint64 *shape,
                   guint32       seed)
{
  BsTensor *t = bs_tensor_new (context, BS_DTYPE_FLOAT64, ndim, shape, NULL);
  gint64 n = bs_tensor_numel (t);
  guint32 state = seed * 2654435761u + 12345u;

  for (gint64 i = 0; i < n; i++)
    {
      double v;

      state = state * 1664525u + 1013904223u;
      v = ((state >> 8) / (double) (1u << 24)) * 2.0 - 1.0;
      /* keep away from 0 so that |x|, relu and friends are smooth here */
      if (fabs (v) < 0.05)
        v = v < 0 ? -0.05 - fabs (v) : 0.05 + v;
      bs_tensor_set (t, i, v);
    }
  t->requires_grad = TRUE;
  return t;
}

void
assert_tensor_close (BsTensor     *tensor,
                     const double *expected,
                     gint64        n,
                     double        atol)
{
  g_assert_nonnull (tensor);
  g_assert_cmpint (bs_tensor_numel (tensor), ==, n);
  for (gint64 i = 0; i < n; i++)
    {
      double got = bs_tensor_get (tensor, i);

      if (!(fabs (got - expected[i]) <= atol) && !(isnan (got) && isnan (expected[i])))
        g_error ("element %" G_GINT64_FORMAT ": got %.9g, expected %.9g", i, got, expected[i]);
    }
}

static BsTensor *
evaluate (GradcheckFunc    func,
          BsTensor *const *inputs,
          guint            n_inputs,
          gpointer         user_data)
{
  g_autoptr(GError) error = NULL;
  BsTensor *out = func (inputs, n_inputs, user_data, &error);

  if (out == NULL)
    g_error ("function failed: %s", error->message);
  return out;
}

/* The values only: the output may be a view of an input that is perturbed next. */
static BsTensor *
evaluate_values (GradcheckFunc    func,
                 BsTensor *const *inputs,
                 guint            n_inputs,
                 gpointer         user_data)
{
  g_autoptr(BsTensor) out = evaluate (func, inputs, n_inputs, user_data);

  return bs_tensor_contiguous_copy (out, out->dtype, NULL);
}

gboolean
gradcheck (GradcheckFunc    func,
           BsTensor *const *inputs,
           guint            n_inputs,
           gpointer         user_data,
           char           **message)
{
  BsContext *context = inputs[0]->context;
  g_autoptr(BsTensor) output = evaluate (func, inputs, n_inputs, user_data);
  gint64 n_out = bs_tensor_numel (output);
  g_autoptr(GPtrArray) wrt = g_ptr_array_new ();

  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i]->requires_grad)
      g_ptr_array_add (wrt, inputs[i]);
  if (!bs_tensor_requires_grad (output))
    {
      *message = g_strdup ("output does not require grad");
      return FALSE;
    }

  /* analytic: one backward per output element */
  for (gint64 j = 0; j < n_out; j++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsTensor) onehot = bs_tensor_new_like (output, output->dtype, NULL);
      BsBackwardOptions options = { TRUE, FALSE, TRUE };
      g_autoptr(GPtrArray) grads = NULL;

      bs_tensor_set (onehot, j, 1.0);
      grads = bs_autograd_grad (&output, &onehot, 1, (BsTensor *const *) wrt->pdata, wrt->len,
                                &options, &error);
      if (grads == NULL)
        {
          *message = g_strdup_printf ("backward failed: %s", error->message);
          return FALSE;
        }

      for (guint w = 0; w < wrt->len; w++)
        {
          BsTensor *x = wrt->pdata[w];
          BsTensor *g = grads->pdata[w];
          gint64 n_in = bs_tensor_numel (x);

          for (gint64 i = 0; i < n_in; i++)
            {
              double original = bs_tensor_get (x, i);
              double analytic = g != NULL ? bs_tensor_get (g, i) : 0.0;
              double numeric;
              gboolean previous = bs_grad_mode_set (context, FALSE);
              g_autoptr(BsTensor) plus = NULL;
              g_autoptr(BsTensor) minus = NULL;

              bs_tensor_set (x, i, original + EPS);
              plus = evaluate_values (func, inputs, n_inputs, user_data);
              bs_tensor_set (x, i, original - EPS);
              minus = evaluate_values (func, inputs, n_inputs, user_data);
              bs_tensor_set (x, i, original);
              bs_grad_mode_set (context, previous);
              numeric = (bs_tensor_get (plus, j) - bs_tensor_get (minus, j)) / (2 * EPS);

              if (!(fabs (analytic - numeric) <= ATOL + RTOL * fabs (numeric)))
                {
                  *message = g_strdup_printf ("input %u element %" G_GINT64_FORMAT
                                              ", output element %" G_GINT64_FORMAT
                                              ": analytic %.9g, numerical %.9g",
                                              w, i, j, analytic, numeric);
                  return FALSE;
                }
            }
        }
    }
  return TRUE;
}

typedef struct {
  GradcheckFunc func;
  gpointer      user_data;
  BsTensor     *v;
} GradGradData;

/* sum over inputs of sum(grad_i(func) · v_i-shaped weights): a scalar whose
 * gradient needs second derivatives of func. */
static BsTensor *
first_derivative_graded (BsTensor *const *inputs,
                         guint            n_inputs,
                         gpointer         user_data,
                         GError         **error)
{
  GradGradData *data = user_data;
  g_autoptr(BsTensor) output = data->func (inputs, n_inputs, data->user_data, error);
  g_autoptr(GPtrArray) wrt = g_ptr_array_new ();
  g_autoptr(GPtrArray) grads = NULL;
  g_autoptr(BsTensor) total = NULL;
  BsBackwardOptions options = { TRUE, TRUE, TRUE };

  if (output == NULL)
    return NULL;
  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i]->requires_grad)
      g_ptr_array_add (wrt, inputs[i]);
  if (data->v == NULL)
    {
      data->v = bs_tensor_new_like (output, output->dtype, NULL);
      for (gint64 i = 0; i < bs_tensor_numel (output); i++)
        bs_tensor_set (data->v, i, 0.5 + 0.25 * (double) (i % 3));
    }
  grads = bs_autograd_grad (&output, &data->v, 1, (BsTensor *const *) wrt->pdata, wrt->len,
                            &options, error);
  if (grads == NULL)
    return NULL;
  for (guint w = 0; w < grads->len; w++)
    {
      g_autoptr(BsTensor) g = NULL;
      g_autoptr(BsTensor) sq = NULL;
      g_autoptr(BsTensor) s = NULL;

      if (grads->pdata[w] == NULL)
        continue;
      g = bs_tensor_ref (grads->pdata[w]);
      /* square, so that a gradient linear in the inputs still has a second derivative */
      sq = bs_mul (g, g, error);
      s = sq ? bs_sum (sq, error) : NULL;
      if (s == NULL)
        return NULL;
      if (total == NULL)
        total = g_steal_pointer (&s);
      else
        {
          BsTensor *t = bs_add (total, s, 1.0, error);

          bs_tensor_unref (total);
          total = t;
        }
    }
  return total != NULL ? g_steal_pointer (&total)
                       : bs_tensor_new_scalar (inputs[0]->context, BS_DTYPE_FLOAT64, 0.0);
}

/* gradcheck evaluates its function with grad mode off for the numerical
 * Jacobian, but a first derivative needs autograd even then. */
static BsTensor *
first_derivative (BsTensor *const *inputs,
                  guint            n_inputs,
                  gpointer         user_data,
                  GError         **error)
{
  BsContext *context = inputs[0]->context;
  gboolean previous = bs_grad_mode_set (context, TRUE);
  BsTensor *result = first_derivative_graded (inputs, n_inputs, user_data, error);

  bs_grad_mode_set (context, previous);
  return result;
}

gboolean
gradgradcheck (GradcheckFunc    func,
               BsTensor *const *inputs,
               guint            n_inputs,
               gpointer         user_data,
               char           **message)
{
  GradGradData data = { func, user_data, NULL };
  gboolean ok = gradcheck (first_derivative, inputs, n_inputs, &data, message);

  g_clear_pointer (&data.v, bs_tensor_unref);
  return ok;
}
