/* bs-grad-check.c: autograd's gradients checked against finite differences */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-grad-check.h"
#include "bs-context.h"
#include "bs-node.h"
#include "bs-tape.h"
#include "bs-tensor.h"

#include <math.h>

struct _BsGradCheck {
  /* Owned */
  BsTape     *tape;
  GPtrArray  *pending;        /* BsGradCheckResult of the call running */

  /* Borrowed */
  BsContext  *context;

  BsGradCheckOptions options;
  guint64     op_runs_left;   /* of options.max_op_runs */
  guint64     backward_id;    /* the call being checked, 0: none */
};

void
bs_grad_check_result_free (BsGradCheckResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->leaf, bs_tensor_unref);
  g_free (result->autograd);
  g_free (result->numeric);
  g_free (result->note);
  g_free (result);
}

BsGradCheck *
bs_grad_check_new (BsContext                *context,
                   const BsGradCheckOptions *options)
{
  BsGradCheck *self;

  g_return_val_if_fail (context != NULL && context->tape == NULL, NULL);

  self = g_new0 (BsGradCheck, 1);
  if (options != NULL)
    self->options = *options;
  if (self->options.max_elements <= 0)
    self->options.max_elements = BS_GRAD_CHECK_DEFAULT_MAX_ELEMENTS;
  self->op_runs_left = self->options.max_op_runs;
  self->context = context;
  self->tape = bs_tape_new (self->options.tape_budget);
  self->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_grad_check_result_free);
  context->tape = self->tape;
  return self;
}

void
bs_grad_check_free (BsGradCheck *self)
{
  if (self == NULL)
    return;
  if (self->context->tape == self->tape)
    self->context->tape = NULL;
  g_ptr_array_unref (self->pending);
  bs_tape_free (self->tape);
  g_free (self);
}

gboolean
bs_grad_check_compare (const double *autograd,
                       const double *numeric,
                       gint64        n,
                       double       *relative_error)
{
  double worst = 0, scale = 0;
  gboolean ok = TRUE;

  for (gint64 i = 0; i < n; i++)
    {
      double a = autograd != NULL ? autograd[i] : 0.0;
      double d = fabs (a - numeric[i]);

      /* written so that NaN fails */
      if (!(d <= BS_GRAD_CHECK_ATOL + BS_GRAD_CHECK_RTOL * fabs (numeric[i])))
        ok = FALSE;
      worst = isnan (d) || d > worst ? d : worst;
      scale = MAX (scale, MAX (fabs (a), fabs (numeric[i])));
    }
  if (relative_error != NULL)
    *relative_error = worst == 0 ? 0 : scale > 0 ? worst / scale : worst;
  return ok;
}

static gint
compare_leaves (gconstpointer a,
                gconstpointer b)
{
  const BsTensor *x = *(BsTensor *const *) a;
  const BsTensor *y = *(BsTensor *const *) b;

  return x->id < y->id ? -1 : x->id > y->id;
}

/* The leaves whose AccumulateGrad the roots' graph reaches, in the order they were made. */
static GPtrArray *
find_leaves (BsTensor *const *roots,
             guint            n_roots)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  GPtrArray *leaves = g_ptr_array_new ();

  for (guint r = 0; r < n_roots; r++)
    if (roots[r]->grad_fn != NULL)
      g_ptr_array_add (stack, roots[r]->grad_fn);
  while (stack->len > 0)
    {
      BsNode *node = g_ptr_array_steal_index (stack, stack->len - 1);

      if (g_hash_table_contains (seen, node))
        continue;
      g_hash_table_add (seen, node);
      if (node->op == BS_OP_ACCUMULATE_GRAD && node->variable != NULL)
        g_ptr_array_add (leaves, node->variable);
      for (guint i = 0; i < node->n_inputs; i++)
        if (node->next[i].node != NULL)
          g_ptr_array_add (stack, node->next[i].node);
    }
  g_ptr_array_sort (leaves, compare_leaves);
  return leaves;
}

void
bs_grad_check_backward_begin (BsGradCheck                *self,
                              const BsBackwardBeginEvent *event)
{
  g_autoptr(GPtrArray) leaves = NULL;

  g_return_if_fail (self != NULL && event != NULL);
  g_ptr_array_set_size (self->pending, 0);
  self->backward_id = 0;
  if (self->options.only_backward != 0 && event->backward_id != self->options.only_backward)
    return;
  self->backward_id = event->backward_id;
  if (event->is_autograd_grad)
    {
      BsGradCheckResult *result = g_new0 (BsGradCheckResult, 1);

      result->backward_id = event->backward_id;
      result->note = g_strdup ("this call is torch.autograd.grad(); only backward() calls, "
                               "which add to .grad, are checked");
      g_ptr_array_add (self->pending, result);
      return;
    }

  leaves = find_leaves (event->roots, event->n_roots);
  for (guint i = 0; i < leaves->len; i++)
    {
      BsTensor *leaf = leaves->pdata[i];
      BsGradCheckResult *result = g_new0 (BsGradCheckResult, 1);
      g_autoptr(GError) error = NULL;

      result->backward_id = event->backward_id;
      result->leaf = bs_tensor_ref (leaf);
      result->numel = bs_tensor_numel (leaf);
      g_ptr_array_add (self->pending, result);
      if (result->numel > self->options.max_elements)
        {
          result->note = g_strdup_printf ("it has %" G_GINT64_FORMAT " elements, more than "
                                          "the %" G_GINT64_FORMAT " that are perturbed at "
                                          "most", result->numel,
                                          self->options.max_elements);
          continue;
        }
      result->numeric = bs_tape_numeric_grad (self->tape, event->roots, event->root_grads,
                                              event->n_roots, leaf, BS_GRAD_CHECK_EPS,
                                              self->options.stop, self->options.stop_data,
                                              self->options.max_op_runs != 0
                                              ? &self->op_runs_left : NULL, &error);
      if (result->numeric == NULL)
        result->note = g_strdup (error->message);
    }
}

void
bs_grad_check_accumulate (BsGradCheck             *self,
                          const BsAccumulateEvent *event)
{
  g_return_if_fail (self != NULL && event != NULL);
  if (self->backward_id == 0 || event->backward_id != self->backward_id)
    return;
  for (guint i = 0; i < self->pending->len; i++)
    {
      BsGradCheckResult *result = self->pending->pdata[i];
      g_autofree double *values = NULL;

      if (result->leaf != event->leaf || event->contribution == NULL
          || bs_tensor_numel (event->contribution) != result->numel)
        continue;
      values = bs_tensor_to_doubles (event->contribution);
      if (result->autograd == NULL)
        result->autograd = g_steal_pointer (&values);
      else
        for (gint64 k = 0; k < result->numel; k++)
          result->autograd[k] += values[k];
    }
}

GPtrArray *
bs_grad_check_backward_end (BsGradCheck  *self,
                            guint64       backward_id,
                            const GError *error)
{
  GPtrArray *results;

  g_return_val_if_fail (self != NULL, NULL);
  if (self->backward_id == 0 || backward_id != self->backward_id)
    return NULL;
  self->backward_id = 0;
  if (error != NULL)
    {
      g_ptr_array_set_size (self->pending, 0);
      return NULL;
    }
  results = g_steal_pointer (&self->pending);
  self->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_grad_check_result_free);
  for (guint i = 0; i < results->len; i++)
    {
      BsGradCheckResult *result = results->pdata[i];

      if (result->numeric != NULL)
        result->mismatch = !bs_grad_check_compare (result->autograd, result->numeric,
                                                   result->numel, &result->relative_error);
    }
  /* Nothing later needs the tape once the only call to check is done. */
  if (self->options.only_backward == backward_id && self->context->tape == self->tape)
    self->context->tape = NULL;
  return results;
}
