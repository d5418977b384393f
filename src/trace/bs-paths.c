/* bs-paths.c: the chain rule, path by path */
#define G_LOG_DOMAIN "bs-trace"

#include <math.h>
#include <string.h>

#include "bs-autograd.h"
#include "bs-backward.h"
#include "bs-context.h"
#include "bs-paths.h"
#include "bs-replay.h"
#include "bs-tensor.h"

G_DEFINE_QUARK (bs-paths-error-quark, bs_paths_error)

/* A path count: little-endian base-2^32 digits, any size. */
typedef struct {
  guint    n;
  guint32 *digits;
} Count;

struct _BsPaths {
  /* Owned */
  BsTrace      *trace;
  GPtrArray    *paths;       /* BsPath * */
  Count         count;
  BsTraceValue      *sum;
  BsTraceValue      *expected;
  BsTraceState *names;       /* the state just before the backward began */
  BsContext    *context;     /* for re-running ops, created on first use */

  guint32       backward;
  guint32       tensor;
  gboolean      tensor_is_leaf;
  gboolean      all_listed;
  BsPathsCheck  check;
};

static void
count_add (Count       *dst,
           const Count *src)
{
  guint64 carry = 0;
  guint n = MAX (dst->n, src->n);

  if (dst->n < n)
    {
      dst->digits = g_renew (guint32, dst->digits, n);
      memset (dst->digits + dst->n, 0, (n - dst->n) * sizeof (guint32));
      dst->n = n;
    }
  for (guint i = 0; i < n; i++)
    {
      guint64 s = (guint64) dst->digits[i] + (i < src->n ? src->digits[i] : 0) + carry;

      dst->digits[i] = (guint32) s;
      carry = s >> 32;
    }
  if (carry != 0)
    {
      dst->digits = g_renew (guint32, dst->digits, dst->n + 1);
      dst->digits[dst->n++] = (guint32) carry;
    }
}

static gboolean
count_is_zero (const Count *count)
{
  for (guint i = 0; i < count->n; i++)
    if (count->digits[i] != 0)
      return FALSE;
  return TRUE;
}

static void
count_set_one (Count *count)
{
  g_free (count->digits);
  count->digits = g_new0 (guint32, 1);
  count->digits[0] = 1;
  count->n = 1;
}

static char *
count_format (const Count *count)
{
  g_autofree guint32 *digits = g_memdup2 (count->digits, MAX (count->n, 1) * sizeof (guint32));
  GString *out = g_string_new (NULL);
  guint n = count->n;
  GPtrArray *chunks = g_ptr_array_new_with_free_func (g_free);

  while (n > 0 && digits[n - 1] == 0)
    n--;
  if (n == 0)
    {
      g_ptr_array_unref (chunks);
      g_string_append_c (out, '0');
      return g_string_free (out, FALSE);
    }
  /* Repeated division by 10^9, most significant digit first. */
  while (n > 0)
    {
      guint64 rem = 0;

      for (guint i = n; i-- > 0;)
        {
          guint64 cur = (rem << 32) | digits[i];

          digits[i] = (guint32) (cur / 1000000000u);
          rem = cur % 1000000000u;
        }
      while (n > 0 && digits[n - 1] == 0)
        n--;
      g_ptr_array_add (chunks, g_strdup_printf (n > 0 ? "%09u" : "%u", (guint) rem));
    }
  for (guint i = chunks->len; i-- > 0;)
    g_string_append (out, chunks->pdata[i]);
  g_ptr_array_unref (chunks);
  return g_string_free (out, FALSE);
}

static void
path_free (gpointer data)
{
  BsPath *path = data;

  g_free (path->hops);
  g_free (path->factors);
  g_free (path->product);
  g_free (path);
}

void
bs_paths_free (BsPaths *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->paths);
  g_free (self->count.digits);
  g_free (self->sum);
  g_free (self->expected);
  bs_trace_state_free (self->names);
  bs_trace_unref (self->trace);
  g_clear_pointer (&self->context, bs_context_free);
  g_free (self);
}

/* --- vector-Jacobian products ------------------------------------------- */

static double
round_to (BsDType dtype,
          double  x)
{
  return dtype == BS_DTYPE_FLOAT32 ? (double) (float) x : x;
}

static gboolean
same_shape (const BsTraceValue *a,
            const BsTraceValue *b)
{
  return a->ndim == b->ndim && memcmp (a->shape, b->shape, a->ndim * sizeof (gint64)) == 0;
}

static gboolean
is_full (const BsTraceValue *value)
{
  return value != NULL && value->kind == BS_VALUE_FULL;
}

/* The op of edge's node re-run on its recorded inputs: vector times the
 * Jacobian for the edge's input. */
/* The node's outputs run again (a node of several outputs: all of them), *result the one
 * whose gradient vector is. */
static gboolean
run_outputs (BsPaths             *self,
             guint32              id,
             GPtrArray           *inputs,
             guint                output_nr,
             BsTensor           **result)
{
  const BsTraceNode *node = bs_trace_get_node (self->trace, id);
  guint n = bs_trace_node_n_outputs (self->trace, id);
  g_autofree BsTensorMeta *metas = NULL;
  g_autofree BsTensor **outputs = NULL;

  if (bs_op_info (node->op)->backward_multi == NULL)
    {
      *result = bs_op_apply (node->op, (BsTensor *const *) inputs->pdata, inputs->len,
                             node->args, NULL);
      return *result != NULL;
    }
  if (output_nr >= n)
    return FALSE;
  metas = g_new0 (BsTensorMeta, n);
  outputs = g_new0 (BsTensor *, n);
  for (guint k = 0; k < n; k++)
    {
      const BsTraceTensor *t = bs_trace_get_tensor (self->trace, node->tensor + k);

      metas[k].ndim = t->ndim;
      memcpy (metas[k].shape, t->shape, t->ndim * sizeof (gint64));
      metas[k].dtype = t->dtype;
    }
  if (!bs_op_apply_multi_again (node->op, (BsTensor *const *) inputs->pdata, inputs->len,
                                node->args, metas, n, outputs, NULL))
    return FALSE;
  *result = g_steal_pointer (&outputs[output_nr]);
  for (guint k = 0; k < n; k++)
    g_clear_pointer (&outputs[k], bs_tensor_unref);
  return TRUE;
}

static BsTraceValue *
rerun (BsPaths            *self,
       const BsTraceEvent *edge,
       guint               output_nr,
       const BsTraceValue      *vector)
{
  const BsTraceNode *node = bs_trace_get_node (self->trace, edge->node);
  const BsTraceTensor *output;
  const guint32 *input_values, *input_tensors;
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_tensor_unref);
  g_autoptr(BsTensor) result = NULL;
  g_autoptr(BsTensor) grad_output = NULL;
  g_autoptr(GPtrArray) grads = NULL;
  BsBackwardOptions options = { .allow_unused = TRUE };
  BsTensor *wrt;
  BsTraceValue *out;

  if (node == NULL || node->op < 0 || node->op == BS_OP_CUSTOM
      || node->op == BS_OP_ACCUMULATE_GRAD || node->n_input_values == 0
      || edge->input_nr >= node->n_input_values)
    return NULL;
  output = bs_trace_get_tensor (self->trace, node->tensor);
  if (output == NULL || output->n_inputs != node->n_input_values)
    return NULL;
  input_values = bs_trace_get_list (self->trace, node->input_values);
  input_tensors = bs_trace_get_list (self->trace, output->inputs);
  if (self->context == NULL)
    self->context = bs_context_new ();

  for (guint i = 0; i < node->n_input_values; i++)
    {
      const BsTraceValue *value = bs_trace_get_value (self->trace, input_values[i]);
      const BsTraceTensor *input = bs_trace_get_tensor (self->trace, input_tensors[i]);
      BsTensor *tensor;

      if (!is_full (value) || input == NULL)
        return NULL;
      tensor = bs_trace_value_to_tensor (value, self->context);
      if (tensor == NULL)
        return NULL;
      tensor->is_wrapped_number = input->is_wrapped_number;
      if (i == edge->input_nr)
        {
          if (!bs_dtype_is_floating (tensor->dtype))
            {
              bs_tensor_unref (tensor);
              return NULL;
            }
          tensor->requires_grad = TRUE;
        }
      g_ptr_array_add (inputs, tensor);
    }

  if (!run_outputs (self, edge->node, inputs, output_nr, &result)
      || result->ndim != vector->ndim
      || memcmp (result->shape, vector->shape, vector->ndim * sizeof (gint64)) != 0)
    return NULL;
  grad_output = bs_tensor_new_from_doubles (self->context, result->dtype, vector->ndim,
                                            vector->shape, vector->data, NULL);
  wrt = inputs->pdata[edge->input_nr];
  grads = bs_autograd_grad (&result, &grad_output, 1, &wrt, 1, &options, NULL);
  if (grads == NULL || grads->len != 1 || grads->pdata[0] == NULL)
    return NULL;
  out = bs_trace_value_new_from_tensor (grads->pdata[0], G_MAXINT64);
  return out;
}

/* The edge's backward applied to vector, the gradient of output output_nr of the edge's
 * node; *factor gets the scalar local derivative. */
static BsTraceValue *
apply_edge (BsPaths            *self,
            const BsTraceEvent *edge,
            guint               output_nr,
            const BsTraceValue      *vector,
            double             *factor)
{
  const BsTraceValue *upstream = bs_trace_get_value (self->trace, edge->values[0]);
  const BsTraceValue *local = bs_trace_get_value (self->trace, edge->values[1]);
  const BsTraceValue *contribution = bs_trace_get_value (self->trace, edge->values[2]);
  BsTraceValue *out;

  *factor = NAN;
  if (!is_full (vector) || !is_full (contribution))
    return NULL;

  if (is_full (upstream) && upstream->numel == 1 && contribution->numel == 1)
    {
      if (is_full (local) && local->numel == 1)
        *factor = local->data[0];
      else if (upstream->data[0] != 0)
        *factor = contribution->data[0] / upstream->data[0];
    }

  if (is_full (upstream) && bs_trace_value_equal (vector, upstream))
    return bs_trace_value_copy (contribution);

  if (!isnan (*factor) && vector->numel == 1)
    {
      out = bs_trace_value_new (BS_VALUE_FULL, contribution->dtype, contribution->ndim,
                          contribution->shape, 1);
      out->data[0] = round_to (contribution->dtype, vector->data[0] * *factor);
      return out;
    }

  if (is_full (local) && same_shape (local, vector) && same_shape (local, contribution))
    {
      out = bs_trace_value_new (BS_VALUE_FULL, contribution->dtype, contribution->ndim,
                          contribution->shape, (guint) contribution->numel);
      for (gint64 i = 0; i < contribution->numel; i++)
        out->data[i] = round_to (contribution->dtype, vector->data[i] * local->data[i]);
      return out;
    }

  return rerun (self, edge, output_nr, vector);
}

static BsTraceValue *
value_add (BsTraceValue       *sum,
           const BsTraceValue *term)
{
  if (sum == NULL || term == NULL || !same_shape (sum, term) || sum->kind != BS_VALUE_FULL
      || term->kind != BS_VALUE_FULL)
    {
      g_free (sum);
      return NULL;
    }
  for (gint64 i = 0; i < sum->numel; i++)
    sum->data[i] = round_to (sum->dtype, sum->data[i] + term->data[i]);
  return sum;
}

static gboolean
values_close (const BsTraceValue *a,
              const BsTraceValue *b)
{
  double rtol = a->dtype == BS_DTYPE_FLOAT64 ? 1e-10 : 1e-4;
  double atol = a->dtype == BS_DTYPE_FLOAT64 ? 1e-10 : 1e-6;

  if (!is_full (a) || !is_full (b) || a->numel != b->numel)
    return FALSE;
  for (gint64 i = 0; i < a->numel; i++)
    {
      /* equal infinities are close (their difference would be NaN) */
      if ((isnan (a->data[i]) && isnan (b->data[i])) || a->data[i] == b->data[i])
        continue;
      if (!(fabs (a->data[i] - b->data[i]) <= atol + rtol * fabs (b->data[i])))
        return FALSE;
    }
  return TRUE;
}

/* --- finding paths -------------------------------------------------------- */

/* Which output of its node the root tensor is. */
static guint
root_output_nr (BsTrace *trace,
                guint32  root,
                guint32  node)
{
  const BsTraceNode *record = bs_trace_get_node (trace, node);
  guint n = bs_trace_node_n_outputs (trace, node);

  return record != NULL && root >= record->tensor && root < record->tensor + n
    ? root - record->tensor : 0;
}

guint32
bs_paths_find_tensor (BsTrace    *trace,
                      guint32     backward,
                      const char *name)
{
  g_autoptr(BsTraceState) state = NULL;
  gint64 begin = bs_trace_find_backward (trace, backward);

  g_return_val_if_fail (name != NULL, 0);
  if (begin < 0)
    return 0;
  state = bs_replay_state_at_event (trace, (guint64) begin);
  /* The latest tensor bound to name, as Python's lookup would find it. */
  for (guint32 t = state->n_tensors; t > 0; t--)
    if (g_strcmp0 (bs_trace_state_get_name (state, t), name) == 0)
      return t;
  return 0;
}

typedef struct {
  guint64 *out_edges;   /* per node, edge event indices from it, in order */
  guint   *out_start;   /* n_nodes + 2 offsets into out_edges */
} Adjacency;

BsPaths *
bs_paths_compute (BsTrace  *trace,
                  guint32   backward,
                  guint32   tensor,
                  guint     limit,
                  GError  **error)
{
  g_autoptr(BsPaths) self = NULL;
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree gboolean *is_target = NULL;
  g_autofree Count *counts = NULL;
  g_autofree guint *out_start = NULL;
  g_autofree guint *out_fill = NULL;
  g_autofree guint64 *out_edges = NULL;
  const BsTraceEvent *begin_event;
  const BsTraceTensor *target;
  const guint32 *roots;
  guint32 n_nodes = bs_trace_get_n_nodes (trace);
  gint64 begin;
  guint64 n_events = bs_trace_get_n_events (trace);
  guint32 expected_value = 0, target_node_value = 0;
  gboolean sum_known = TRUE;

  g_return_val_if_fail (trace != NULL, NULL);
  begin = bs_trace_find_backward (trace, backward);
  if (begin < 0)
    {
      g_set_error (error, BS_PATHS_ERROR, BS_PATHS_ERROR_NO_BACKWARD,
                   "the trace has no backward call %u", backward);
      return NULL;
    }
  target = bs_trace_get_tensor (trace, tensor);
  if (target == NULL)
    {
      g_set_error (error, BS_PATHS_ERROR, BS_PATHS_ERROR_NO_TENSOR,
                   "the trace has no tensor %u", tensor);
      return NULL;
    }

  self = g_new0 (BsPaths, 1);
  self->trace = bs_trace_ref (trace);
  self->paths = g_ptr_array_new_with_free_func (path_free);
  self->backward = backward;
  self->tensor = tensor;
  self->tensor_is_leaf = target->grad_fn == 0;
  self->names = bs_replay_state_at_event (trace, (guint64) begin);
  if (limit == 0)
    limit = BS_PATHS_DEFAULT_LIMIT;
  begin_event = bs_trace_get_event (trace, (guint64) begin);
  roots = bs_trace_get_list (trace, begin_event->aux);

  /* The call's edges, and what it gave T. */
  is_target = g_new0 (gboolean, n_nodes + 1);
  for (guint32 n = 1; n <= n_nodes; n++)
    is_target[n] = bs_trace_get_node (trace, n)->tensor == tensor;
  for (guint64 i = (guint64) begin + 1; i < n_events; i++)
    {
      const BsTraceEvent *event = bs_trace_get_event (trace, i);

      if (event->backward != backward)
        continue;
      if (event->type == BS_TRACE_EVENT_BACKWARD_END)
        break;
      if (event->type == BS_TRACE_EVENT_EDGE)
        g_array_append_val (edges, i);
      else if (event->type == BS_TRACE_EVENT_ACCUMULATE && event->tensor == tensor)
        expected_value = event->values[0];
      else if (event->type == BS_TRACE_EVENT_NODE_BEGIN && event->node <= n_nodes
               && is_target[event->node])
        target_node_value = event->values[0];
    }
  if (expected_value == 0)
    expected_value = target_node_value;
  for (guint r = 0; r < begin_event->n_aux && expected_value == 0; r++)
    if (roots[3 * r] == tensor)
      expected_value = roots[3 * r + 2];
  if (expected_value != 0)
    self->expected = bs_trace_value_copy (bs_trace_get_value (trace, expected_value));

  /* Adjacency: each node's outgoing edges in recorded order. */
  out_start = g_new0 (guint, n_nodes + 2);
  out_fill = g_new0 (guint, n_nodes + 2);
  out_edges = g_new0 (guint64, edges->len + 1);
  for (guint e = 0; e < edges->len; e++)
    out_start[bs_trace_get_event (trace, g_array_index (edges, guint64, e))->node + 1]++;
  for (guint32 n = 1; n <= n_nodes + 1; n++)
    out_start[n] += out_start[n - 1];
  for (guint e = 0; e < edges->len; e++)
    {
      guint32 from = bs_trace_get_event (trace, g_array_index (edges, guint64, e))->node;

      out_edges[out_start[from] + out_fill[from]++] = g_array_index (edges, guint64, e);
    }

  /* Paths from each node to T, counted backwards over the edges (a node's
   * outgoing edges are all recorded after its incoming ones). */
  counts = g_new0 (Count, n_nodes + 1);
  for (guint32 n = 1; n <= n_nodes; n++)
    if (is_target[n])
      count_set_one (&counts[n]);
  for (guint e = edges->len; e-- > 0;)
    {
      const BsTraceEvent *edge = bs_trace_get_event (trace, g_array_index (edges, guint64, e));

      if (!is_target[edge->node])
        count_add (&counts[edge->node], &counts[edge->node2]);
    }
  for (guint r = 0; r < begin_event->n_aux; r++)
    {
      if (roots[3 * r] == tensor)
        {
          Count one = { 0 };

          count_set_one (&one);
          count_add (&self->count, &one);
          g_free (one.digits);
        }
      else if (roots[3 * r + 1] != 0)
        {
          count_add (&self->count, &counts[roots[3 * r + 1]]);
        }
    }

  /* List them, depth first, up to the limit. */
  self->all_listed = TRUE;
  for (guint r = 0; r < begin_event->n_aux; r++)
    {
      guint32 root_node = roots[3 * r + 1];
      const BsTraceValue *root_grad = bs_trace_get_value (trace, roots[3 * r + 2]);
      g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));   /* edge cursor */
      g_autoptr(GArray) hops = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_autoptr(GPtrArray) vectors = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) factors = g_array_new (FALSE, FALSE, sizeof (double));

      if (roots[3 * r] == tensor)
        {
          BsPath *path = g_new0 (BsPath, 1);

          path->root = tensor;
          path->product = root_grad != NULL ? bs_trace_value_copy (root_grad) : NULL;
          if (self->paths->len < limit)
            {
              g_ptr_array_add (self->paths, path);
            }
          else
            {
              path_free (path);
              self->all_listed = FALSE;
            }
          continue;
        }
      if (root_node == 0 || count_is_zero (&counts[root_node]))
        continue;

      g_ptr_array_add (vectors, root_grad != NULL ? bs_trace_value_copy (root_grad) : NULL);
      {
        guint zero = 0;

        g_array_append_val (stack, zero);
      }
      while (stack->len > 0)
        {
          guint depth = stack->len - 1;
          guint64 at = depth == 0 ? 0 : g_array_index (hops, guint64, depth - 1);
          guint32 node = depth == 0 ? root_node : bs_trace_get_event (trace, at)->node2;
          guint *cursor = &g_array_index (stack, guint, depth);

          if (is_target[node] && depth > 0)
            {
              BsPath *path;

              if (self->paths->len >= limit)
                {
                  self->all_listed = FALSE;
                  break;
                }
              path = g_new0 (BsPath, 1);
              path->root = roots[3 * r];
              path->n_hops = hops->len;
              path->hops = g_memdup2 (hops->data, hops->len * sizeof (guint64));
              path->factors = g_memdup2 (factors->data, factors->len * sizeof (double));
              path->product = vectors->pdata[depth] != NULL
                ? bs_trace_value_copy (vectors->pdata[depth]) : NULL;
              g_ptr_array_add (self->paths, path);
              g_array_set_size (stack, depth);
              g_array_set_size (hops, hops->len - 1);
              g_array_set_size (factors, factors->len - 1);
              g_ptr_array_set_size (vectors, depth);
              continue;
            }
          while (out_start[node] + *cursor < out_start[node + 1]
                 && count_is_zero (&counts[bs_trace_get_event (
                     trace, out_edges[out_start[node] + *cursor])->node2]))
            (*cursor)++;
          if (out_start[node] + *cursor >= out_start[node + 1])
            {
              g_array_set_size (stack, depth);
              if (depth > 0)
                {
                  g_array_set_size (hops, hops->len - 1);
                  g_array_set_size (factors, factors->len - 1);
                }
              g_ptr_array_set_size (vectors, depth);
              continue;
            }
          {
            guint64 edge_index = out_edges[out_start[node] + (*cursor)++];
            const BsTraceValue *vector = vectors->pdata[depth];
            double factor = NAN;
            BsTraceValue *next = vector != NULL
              ? apply_edge (self, bs_trace_get_event (trace, edge_index),
                            depth == 0 ? root_output_nr (trace, roots[3 * r], node)
                                       : bs_trace_edge_output_nr (trace,
                                                                  bs_trace_get_event (trace, at)),
                            vector, &factor)
              : NULL;
            guint zero = 0;

            g_array_append_val (hops, edge_index);
            g_array_append_val (factors, factor);
            g_ptr_array_add (vectors, next);
            g_array_append_val (stack, zero);
          }
        }
      if (!self->all_listed)
        break;
    }

  /* The sum: of the listed products, or over all paths edge by edge. */
  if (self->all_listed)
    {
      for (guint i = 0; i < self->paths->len; i++)
        {
          const BsPath *path = self->paths->pdata[i];

          if (path->product == NULL)
            sum_known = FALSE;
          else if (self->sum == NULL)
            self->sum = bs_trace_value_copy (path->product);
          else if (sum_known)
            self->sum = value_add (self->sum, path->product);
          sum_known = sum_known && self->sum != NULL;
        }
    }
  else
    {
      g_autofree BsTraceValue **partial = g_new0 (BsTraceValue *, n_nodes + 1);

      for (guint r = 0; r < begin_event->n_aux; r++)
        {
          const BsTraceValue *root_grad = bs_trace_get_value (trace, roots[3 * r + 2]);
          guint32 root_node = roots[3 * r + 1];

          if (roots[3 * r] == tensor || root_node == 0 || count_is_zero (&counts[root_node]))
            continue;
          if (root_grad == NULL)
            sum_known = FALSE;
          else if (partial[root_node] == NULL)
            partial[root_node] = bs_trace_value_copy (root_grad);
          else
            partial[root_node] = value_add (partial[root_node], root_grad);
        }
      for (guint e = 0; e < edges->len && sum_known; e++)
        {
          const BsTraceEvent *edge = bs_trace_get_event (trace,
                                                         g_array_index (edges, guint64, e));
          double factor;
          BsTraceValue *term;

          if (is_target[edge->node] || partial[edge->node] == NULL
              || count_is_zero (&counts[edge->node2]))
            continue;
          term = apply_edge (self, edge, 0, partial[edge->node], &factor);
          /* a node's partial sum mixes its outputs' gradients: unknown for several */
          if (bs_trace_node_n_outputs (trace, edge->node) > 1)
            g_clear_pointer (&term, g_free);
          if (term == NULL)
            sum_known = FALSE;
          else if (partial[edge->node2] == NULL)
            partial[edge->node2] = term;
          else
            {
              partial[edge->node2] = value_add (partial[edge->node2], term);
              g_free (term);
            }
        }
      for (guint32 n = 1; n <= n_nodes; n++)
        {
          if (sum_known && is_target[n] && partial[n] != NULL)
            {
              if (self->sum == NULL)
                self->sum = bs_trace_value_copy (partial[n]);
              else
                self->sum = value_add (self->sum, partial[n]);
              sum_known = self->sum != NULL;
            }
          g_free (partial[n]);
        }
      for (guint r = 0; r < begin_event->n_aux && sum_known; r++)
        if (roots[3 * r] == tensor)
          {
            const BsTraceValue *root_grad = bs_trace_get_value (trace, roots[3 * r + 2]);

            self->sum = self->sum == NULL && root_grad != NULL
              ? bs_trace_value_copy (root_grad) : value_add (self->sum, root_grad);
            sum_known = self->sum != NULL;
          }
    }
  if (!sum_known)
    g_clear_pointer (&self->sum, g_free);

  if (count_is_zero (&self->count))
    self->check = self->expected == NULL ? BS_PATHS_CHECK_MATCH : BS_PATHS_CHECK_MISMATCH;
  else if (self->sum == NULL)
    self->check = BS_PATHS_CHECK_UNKNOWN;
  else
    self->check = self->expected != NULL && values_close (self->sum, self->expected)
                  ? BS_PATHS_CHECK_MATCH : BS_PATHS_CHECK_MISMATCH;

  for (guint32 n = 0; n <= n_nodes; n++)
    g_free (counts[n].digits);
  return g_steal_pointer (&self);
}

guint
bs_paths_get_n_listed (BsPaths *self)
{
  return self->paths->len;
}

const BsPath *
bs_paths_get_path (BsPaths *self,
                   guint    index)
{
  g_return_val_if_fail (index < self->paths->len, NULL);
  return self->paths->pdata[index];
}

gboolean
bs_paths_get_count (BsPaths *self,
                    guint64 *count)
{
  guint n = self->count.n;

  while (n > 0 && self->count.digits[n - 1] == 0)
    n--;
  if (n > 2)
    return FALSE;
  *count = (n > 0 ? self->count.digits[0] : 0)
         | (n > 1 ? (guint64) self->count.digits[1] << 32 : 0);
  return TRUE;
}

char *
bs_paths_format_count (BsPaths *self)
{
  return count_format (&self->count);
}

const BsTraceValue *
bs_paths_get_sum (BsPaths *self)
{
  return self->sum;
}

const BsTraceValue *
bs_paths_get_expected (BsPaths *self)
{
  return self->expected;
}

BsPathsCheck
bs_paths_get_check (BsPaths *self)
{
  return self->check;
}

/* --- text ------------------------------------------------------------------ */

static char *
label (BsPaths *self,
       guint32  tensor)
{
  return bs_trace_tensor_label (self->trace, tensor,
                                bs_trace_state_get_name (self->names, tensor));
}

static void
format_path (BsPaths      *self,
             const BsPath *path,
             GString      *out)
{
  g_autofree char *root = label (self, path->root);
  g_autoptr(GString) factors = g_string_new (NULL);
  gboolean scalar = TRUE;
  double pending = 1;

  g_string_append (out, root);
  for (guint h = 0; h < path->n_hops; h++)
    {
      const BsTraceEvent *edge = bs_trace_get_event (self->trace, path->hops[h]);
      guint32 tensor = bs_trace_node_output (self->trace, edge->node2,
                                             bs_trace_edge_output_nr (self->trace, edge));
      gboolean shown = tensor == self->tensor || h + 1 == path->n_hops
                       || bs_trace_state_get_name (self->names, tensor) != NULL;

      scalar = scalar && !isnan (path->factors[h]);
      pending *= path->factors[h];
      if (shown)
        {
          g_autofree char *name = label (self, tensor);
          g_autofree char *number = bs_trace_value_format_number (pending);

          g_string_append_printf (out, " ← %s", name);
          g_string_append_printf (factors, "%s(%s)", factors->len > 0 ? "·" : "", number);
          pending = 1;
        }
    }
  if (scalar && path->n_hops > 0)
    g_string_append_printf (out, " : %s", factors->str);
  {
    g_autofree char *product = path->product != NULL ? bs_trace_value_format (path->product)
                                                     : g_strdup ("? (values not kept)");

    g_string_append_printf (out, " = %s\n", product);
  }
}

char *
bs_paths_format (BsPaths *self)
{
  GString *out = g_string_new (NULL);
  g_autofree char *count = count_format (&self->count);
  g_autofree char *target = label (self, self->tensor);
  g_autofree char *sum = self->sum != NULL ? bs_trace_value_format (self->sum) : NULL;
  g_autofree char *expected = self->expected != NULL ? bs_trace_value_format (self->expected) : NULL;
  g_autofree char *what = NULL;
  const BsTraceTensorState *before = bs_trace_state_get_tensor (self->names, self->tensor);
  guint64 n;

  for (guint i = 0; i < self->paths->len; i++)
    format_path (self, self->paths->pdata[i], out);
  if (!self->all_listed)
    g_string_append_printf (out, "… and more: %u of %s paths listed\n", self->paths->len, count);

  /* What the sum is compared with. */
  if (self->tensor_is_leaf && (before == NULL || before->grad == 0))
    what = g_strdup_printf ("%s.grad", target);
  else if (self->tensor_is_leaf)
    what = g_strdup_printf ("what backward %u added to %s.grad", self->backward, target);
  else
    what = g_strdup_printf ("the gradient reaching %s", target);

  g_string_append_printf (out, "sum of %s path%s", count,
                          bs_paths_get_count (self, &n) && n == 1 ? "" : "s");
  switch (self->check)
    {
    case BS_PATHS_CHECK_MATCH:
      if (expected == NULL)
        g_string_append_printf (out, " = 0: backward %u gives %s no gradient ✓\n",
                                self->backward, target);
      else
        g_string_append_printf (out, " = %s = %s ✓\n", sum, what);
      break;
    case BS_PATHS_CHECK_MISMATCH:
      g_string_append_printf (out, " = %s, but %s = %s ✗ mismatch\n", sum != NULL ? sum : "0",
                              what, expected != NULL ? expected : "None");
      break;
    case BS_PATHS_CHECK_UNKNOWN:
    default:
      g_string_append_printf (out, " = ? (values were summarised or cannot be re-run); "
                              "%s = %s\n", what, expected != NULL ? expected : "None");
      break;
    }
  return g_string_free (out, FALSE);
}
