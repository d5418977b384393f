/* bs-tape.c: the computation a script ran, kept so that it can be run again */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-tape.h"
#include "bs-op-private.h"

#include <math.h>
#include <string.h>

#define DEFAULT_BUDGET ((gsize) 256 << 20)
#define IDENTITY (-1)
#define WRITE_VIEW (-2)   /* inputs: the base before, the view after; args: the view's
                           * geometry in the base (as bs-autograd.c's view_geometry) */

typedef struct {
  BsTensor *snapshot;        /* Owned, in the tape's context: a constant as it was read;
                              * NULL for a result, which is computed again */
  guint64   source;          /* the engine id of the tensor read or made */
  guint32   entry;           /* the 1-based entry that makes it; 0: a constant */
  guint     unrecorded : 1;  /* a constant read from a tensor with history the tape did
                              * not see made */
} TapeValue;

typedef struct {
  int      op;               /* BsOp, or IDENTITY */
  BsOpArgs args;
  guint32  inputs;           /* offset in input_ids */
  guint    n_inputs;
  guint32  output;           /* value ids */
  guint32  extra;            /* 0: none */
} TapeEntry;

/* The value a live tensor holds, as long as its version stays. */
typedef struct {
  guint32 value;
  guint64 version;
} Current;

struct _BsTape {
  /* Owned */
  BsContext  *context;       /* snapshots and what is computed again */
  GArray     *values;        /* TapeValue; [0] unused */
  GArray     *entries;       /* TapeEntry */
  GArray     *input_ids;     /* guint32 */
  GHashTable *current;       /* engine tensor id -> Current */

  gsize       bytes;
  gsize       budget;
  gboolean    full;
};

static void
clear_value (gpointer p)
{
  TapeValue *value = p;

  g_clear_pointer (&value->snapshot, bs_tensor_unref);
}

BsTape *
bs_tape_new (gsize budget)
{
  BsTape *self = g_new0 (BsTape, 1);
  TapeValue none = { 0 };

  self->context = bs_context_new ();
  self->values = g_array_new (FALSE, TRUE, sizeof (TapeValue));
  g_array_set_clear_func (self->values, clear_value);
  g_array_append_val (self->values, none);
  self->entries = g_array_new (FALSE, TRUE, sizeof (TapeEntry));
  self->input_ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->current = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->budget = budget != 0 ? budget : DEFAULT_BUDGET;
  return self;
}

void
bs_tape_free (BsTape *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->values);
  g_array_unref (self->entries);
  g_array_unref (self->input_ids);
  g_hash_table_unref (self->current);
  bs_context_free (self->context);
  g_free (self);
}

static gboolean
spend (BsTape *self,
       gsize   bytes)
{
  if (self->full || bytes > self->budget - self->bytes)
    {
      self->full = TRUE;
      return FALSE;
    }
  self->bytes += bytes;
  return TRUE;
}

static Current *
lookup_current (BsTape   *self,
                BsTensor *tensor)
{
  Current *current = g_hash_table_lookup (self->current, GSIZE_TO_POINTER (tensor->id));

  if (current == NULL || current->version != bs_tensor_version (tensor))
    return NULL;
  return current;
}

/* A leaf that requires grad is always read as a constant, so that perturbing it finds
 * every place it was read. */
static gboolean
is_grad_leaf (BsTensor *tensor)
{
  return bs_tensor_is_leaf (tensor) && tensor->requires_grad;
}

static guint32
read_one (BsTape   *self,
          BsTensor *tensor)
{
  BsDType dtype = bs_dtype_is_floating (tensor->dtype) ? BS_DTYPE_FLOAT64 : tensor->dtype;
  TapeValue value = { 0 };
  Current *current;

  if (self->full)
    return 0;
  current = lookup_current (self, tensor);
  if (current != NULL && !is_grad_leaf (tensor))
    return current->value;
  if (!spend (self, sizeof (TapeValue) + bs_tensor_numel (tensor) * bs_dtype_size (dtype)))
    return 0;
  value.snapshot = bs_tensor_new_uninit (self->context, dtype, tensor->ndim, tensor->shape,
                                         NULL);
  if (value.snapshot == NULL || !bs_tensor_copy_from (value.snapshot, tensor, NULL))
    {
      g_clear_pointer (&value.snapshot, bs_tensor_unref);
      self->full = TRUE;
      return 0;
    }
  value.snapshot->is_wrapped_number = tensor->is_wrapped_number;
  value.source = tensor->id;
  value.unrecorded = tensor->grad_fn != NULL;
  g_array_append_val (self->values, value);
  return self->values->len - 1;
}

void
bs_tape_read_inputs (BsTape          *self,
                     BsTensor *const *inputs,
                     guint            n_inputs,
                     guint32         *ids)
{
  g_return_if_fail (self != NULL);
  for (guint i = 0; i < n_inputs; i++)
    ids[i] = inputs[i] != NULL ? read_one (self, inputs[i]) : 0;
}

static guint32
add_result (BsTape   *self,
            BsTensor *tensor,
            guint32   entry)
{
  TapeValue value = { .source = tensor->id, .entry = entry };
  Current *current = g_new (Current, 1);

  g_array_append_val (self->values, value);
  current->value = self->values->len - 1;
  current->version = bs_tensor_version (tensor);
  g_hash_table_insert (self->current, GSIZE_TO_POINTER (tensor->id), current);
  return current->value;
}

/* Sampling fills a tensor with numbers that do not depend on what it held: read later
 * as a constant, its value is the one the script drew. */
static gboolean
is_sampling (BsOp op)
{
  return op == BS_OP_UNIFORM || op == BS_OP_NORMAL || op == BS_OP_BERNOULLI
         || op == BS_OP_EXPONENTIAL || op == BS_OP_GEOMETRIC;
}

static void
add_entry (BsTape         *self,
           int             op,
           const BsOpArgs *args,
           const guint32  *ids,
           guint           n_inputs,
           BsTensor       *output,
           BsTensor       *extra_output)
{
  TapeEntry entry = { .op = op, .n_inputs = n_inputs, .inputs = self->input_ids->len };
  guint32 index = self->entries->len + 1;

  for (guint i = 0; i < n_inputs; i++)
    if (ids[i] == 0)
      self->full = TRUE;
  if (!spend (self, sizeof (TapeEntry) + n_inputs * sizeof (guint32) + 2 * sizeof (TapeValue)))
    return;
  if (args != NULL)
    entry.args = *args;
  else
    bs_op_args_init (&entry.args);
  entry.args.generator = NULL;
  g_array_append_vals (self->input_ids, ids, n_inputs);
  entry.output = add_result (self, output, index);
  entry.extra = extra_output != NULL ? add_result (self, extra_output, index) : 0;
  g_array_append_val (self->entries, entry);
}

void
bs_tape_record_op (BsTape          *self,
                   BsOp             op,
                   const BsOpArgs  *args,
                   const guint32   *ids,
                   guint            n_inputs,
                   BsTensor        *output,
                   BsTensor        *extra_output)
{
  g_return_if_fail (self != NULL && output != NULL);
  if (self->full)
    return;
  if (is_sampling (op))
    {
      g_hash_table_remove (self->current, GSIZE_TO_POINTER (output->id));
      return;
    }
  add_entry (self, op, args, ids, n_inputs, output, extra_output);
}

void
bs_tape_record_view_write (BsTape   *self,
                           guint32   base_id,
                           BsTensor *view)
{
  BsTensor *base;
  gint64 contiguous[BS_MAX_DIMS];
  Current *current;
  BsOpArgs geometry;
  guint32 ids[2];

  g_return_if_fail (self != NULL && view != NULL && view->view_base != NULL);
  base = view->view_base;
  if (self->full)
    return;
  current = lookup_current (self, view);
  bs_shape_contiguous_strides (base->ndim, base->shape, contiguous);
  for (int d = 0; d < base->ndim; d++)
    if (base->shape[d] != 1 && base->strides[d] != contiguous[d])
      current = NULL;
  if (current == NULL || base_id == 0)
    {
      /* read again as a constant later */
      g_hash_table_remove (self->current, GSIZE_TO_POINTER (base->id));
      return;
    }
  bs_op_args_init (&geometry);
  geometry.n_dims = view->ndim;
  memcpy (geometry.dims, view->shape, view->ndim * sizeof (gint64));
  memcpy (geometry.strides, view->strides, view->ndim * sizeof (gint64));
  geometry.storage_offset = view->offset - base->offset;
  ids[0] = base_id;
  ids[1] = current->value;
  add_entry (self, WRITE_VIEW, &geometry, ids, 2, base, NULL);
}

void
bs_tape_record_alias (BsTape   *self,
                      BsTensor *source,
                      BsTensor *alias)
{
  guint32 id;

  g_return_if_fail (self != NULL && source != NULL && alias != NULL);
  /* An alias of a constant is read as a constant of its own. */
  if (self->full || (lookup_current (self, source) == NULL && !is_grad_leaf (source)))
    return;
  id = read_one (self, source);
  add_entry (self, IDENTITY, NULL, &id, 1, alias, NULL);
}

/* --- running it again ------------------------------------------------------- */

typedef struct {
  BsTape     *tape;
  guint8     *in_cone;      /* per value: the roots depend on it */
  guint8     *moved;        /* per value: it depends on the leaf */
  BsTensor  **base;         /* per value: computed without perturbation */
  BsTensor  **over;         /* per value: computed with the current perturbation */
  guint64    *budget;       /* ops that may still run, NULL: no limit */
} Run;

static TapeValue *
value_at (BsTape  *self,
          guint32  id)
{
  return &g_array_index (self->values, TapeValue, id);
}

static TapeEntry *
entry_at (BsTape  *self,
          guint32  index)
{
  return &g_array_index (self->entries, TapeEntry, index - 1);
}

static const guint32 *
entry_inputs (BsTape          *self,
              const TapeEntry *entry)
{
  return &g_array_index (self->input_ids, guint32, entry->inputs);
}

/* Marks what the roots depend on; fails on history the tape did not see. */
static gboolean
mark_cone (Run            *run,
           const guint32  *root_ids,
           guint           n_roots,
           GError        **error)
{
  BsTape *tape = run->tape;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_array_append_vals (stack, root_ids, n_roots);
  while (stack->len > 0)
    {
      guint32 id = g_array_index (stack, guint32, stack->len - 1);
      TapeValue *value = value_at (tape, id);

      g_array_set_size (stack, stack->len - 1);
      if (run->in_cone[id])
        continue;
      run->in_cone[id] = TRUE;
      if (value->entry != 0)
        {
          TapeEntry *entry = entry_at (tape, value->entry);

          /* the entry runs when any of its outputs is needed */
          run->in_cone[entry->output] = TRUE;
          if (entry->extra != 0)
            run->in_cone[entry->extra] = TRUE;
          g_array_append_vals (stack, entry_inputs (tape, entry), entry->n_inputs);
        }
      else if (value->unrecorded)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                               "part of this graph was made where Backstep cannot follow it "
                               "to run it again (an in-place change of a view, or a backward "
                               "pass with create_graph=True)");
          return FALSE;
        }
    }
  return TRUE;
}

static BsTensor *
run_entry (const TapeEntry  *entry,
           BsTensor *const  *inputs,
           BsTensor        **extra,
           GError          **error)
{
  const BsOpInfo *info;
  BsOpArgs args;

  if (entry->op == IDENTITY)
    return bs_tensor_ref (inputs[0]);
  if (entry->op == WRITE_VIEW)
    {
      const BsOpArgs *g = &entry->args;
      g_autoptr(BsTensor) base = bs_tensor_contiguous_copy (inputs[0], inputs[0]->dtype, error);
      g_autoptr(BsTensor) view = NULL;

      if (base == NULL)
        return NULL;
      view = bs_tensor_alias (base, g->n_dims, g->dims, g->strides,
                              base->offset + g->storage_offset);
      if (!bs_tensor_copy_from (view, inputs[1], error))
        return NULL;
      return g_steal_pointer (&base);
    }
  info = bs_op_info (entry->op);
  if (info->forward == NULL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "Backstep cannot run %s again", info->name);
      return NULL;
    }
  args = entry->args;
  /* everything is computed in float64 */
  if (entry->op == BS_OP_TO_COPY && bs_dtype_is_floating (args.dtype))
    args.dtype = BS_DTYPE_FLOAT64;
  return info->forward (inputs, entry->n_inputs, &args, extra, error);
}

/* Runs the marked entries in order. With perturbed, only those that depend on the
 * leaf, reading run->over before run->base, and writing run->over. */
static gboolean
run_entries (Run      *run,
             gboolean  perturbed,
             GError  **error)
{
  BsTape *tape = run->tape;
  BsTensor **out = perturbed ? run->over : run->base;
  BsTensor *inline_inputs[8];

  for (guint32 index = 1; index <= tape->entries->len; index++)
    {
      TapeEntry *entry = entry_at (tape, index);
      const guint32 *ids = entry_inputs (tape, entry);
      g_autofree BsTensor **heap_inputs = NULL;
      BsTensor **inputs = inline_inputs;
      BsTensor *extra = NULL;

      if (!run->in_cone[entry->output] || (perturbed && !run->moved[entry->output]))
        continue;
      if (run->budget != NULL && (*run->budget)-- == 0)
        {
          *run->budget = 0;
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                               "the checks of this run have used up their budget of ops run "
                               "again");
          return FALSE;
        }
      if (entry->n_inputs > G_N_ELEMENTS (inline_inputs))
        inputs = heap_inputs = g_new (BsTensor *, entry->n_inputs);
      for (guint i = 0; i < entry->n_inputs; i++)
        inputs[i] = perturbed && run->over[ids[i]] != NULL ? run->over[ids[i]]
                                                           : run->base[ids[i]];
      g_clear_pointer (&out[entry->output], bs_tensor_unref);
      out[entry->output] = run_entry (entry, inputs, &extra, error);
      if (out[entry->output] == NULL)
        {
          g_clear_pointer (&extra, bs_tensor_unref);
          return FALSE;
        }
      if (entry->extra != 0)
        {
          g_clear_pointer (&out[entry->extra], bs_tensor_unref);
          out[entry->extra] = g_steal_pointer (&extra);
        }
      g_clear_pointer (&extra, bs_tensor_unref);
    }
  return TRUE;
}

/* Σ_r sum (roots[r] * grads[r]) */
static double
objective (Run            *run,
           const guint32  *root_ids,
           double *const  *grads,
           guint           n_roots)
{
  double total = 0;

  for (guint r = 0; r < n_roots; r++)
    {
      BsTensor *value = run->over[root_ids[r]] != NULL ? run->over[root_ids[r]]
                                                        : run->base[root_ids[r]];
      gint64 n = bs_tensor_numel (value);

      for (gint64 i = 0; i < n; i++)
        total += bs_tensor_get (value, i) * (grads[r] != NULL ? grads[r][i] : 1.0);
    }
  return total;
}

/* The script's own roots against the computation run again: a tensor changed
 * outside the ops the tape sees (through .data) would make the estimate wrong. */
static gboolean
check_base (Run             *run,
            BsTensor *const *roots,
            const guint32   *root_ids,
            guint            n_roots,
            GError         **error)
{
  for (guint r = 0; r < n_roots; r++)
    {
      BsTensor *again = run->base[root_ids[r]];
      gint64 n = bs_tensor_numel (roots[r]);

      if (again == NULL || bs_tensor_numel (again) != n)
        goto differs;
      for (gint64 i = 0; i < n; i++)
        {
          double a = bs_tensor_get (roots[r], i);
          double b = bs_tensor_get (again, i);

          if (!(fabs (a - b) <= 1e-3 * fabs (a) + 1e-4) && !(isnan (a) && isnan (b)))
            goto differs;
        }
    }
  return TRUE;

differs:
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                       "running the recorded computation again does not give what the "
                       "script computed: a tensor it used was changed outside autograd "
                       "(through .data, or by an optimizer step)");
  return FALSE;
}

static void
clear_tensors (BsTensor **tensors,
               guint      n)
{
  for (guint i = 0; i < n; i++)
    g_clear_pointer (&tensors[i], bs_tensor_unref);
}

static gboolean
perturb (Run           *run,
         const guint32 *moved_constants,
         guint          n_moved,
         gint64         element,
         double         delta,
         GError       **error)
{
  for (guint k = 0; k < n_moved; k++)
    {
      guint32 id = moved_constants[k];
      BsTensor *copy = bs_tensor_contiguous_copy (run->base[id], run->base[id]->dtype, error);

      if (copy == NULL)
        return FALSE;
      bs_tensor_set (copy, element, bs_tensor_get (copy, element) + delta);
      g_clear_pointer (&run->over[id], bs_tensor_unref);
      run->over[id] = copy;
    }
  return run_entries (run, TRUE, error);
}

double *
bs_tape_numeric_grad (BsTape           *self,
                      BsTensor *const  *roots,
                      BsTensor *const  *grads,
                      guint             n_roots,
                      BsTensor         *wrt,
                      double            eps,
                      gboolean        (*stop) (gpointer data),
                      gpointer          stop_data,
                      guint64          *budget,
                      GError          **error)
{
  guint n_values = 0;
  g_autofree guint32 *root_ids = g_new0 (guint32, MAX (n_roots, 1));
  g_autofree double **grad_values = g_new0 (double *, MAX (n_roots, 1));
  g_autoptr(GArray) moved_constants = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint8 *in_cone = NULL;
  g_autofree guint8 *moved = NULL;
  g_autofree BsTensor **base = NULL;
  g_autofree BsTensor **over = NULL;
  double *result = NULL;
  gint64 numel;
  Run run;

  g_return_val_if_fail (self != NULL && roots != NULL && wrt != NULL, NULL);

  if (self->full)
    {
      g_autofree char *size = g_format_size_full (self->budget, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY,
                   "the recorded computation grew past %s, the most Backstep keeps to run "
                   "it again", size);
      return NULL;
    }
  for (guint r = 0; r < n_roots; r++)
    {
      Current *current = lookup_current (self, roots[r]);

      if (current == NULL)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                               "the tensor backward started from was not made by ops "
                               "Backstep recorded");
          goto out;
        }
      root_ids[r] = current->value;
      if (grads != NULL && grads[r] != NULL)
        grad_values[r] = bs_tensor_to_doubles (grads[r]);
    }

  n_values = self->values->len;
  in_cone = g_new0 (guint8, n_values);
  moved = g_new0 (guint8, n_values);
  base = g_new0 (BsTensor *, n_values);
  over = g_new0 (BsTensor *, n_values);
  run = (Run) { self, in_cone, moved, base, over, budget };
  if (!mark_cone (&run, root_ids, n_roots, error))
    goto out;

  /* the leaf's copies, and everything computed from them */
  for (guint32 id = 1; id < n_values; id++)
    {
      TapeValue *value = value_at (self, id);

      if (in_cone[id] && value->entry == 0)
        {
          base[id] = bs_tensor_ref (value->snapshot);
          if (value->source == wrt->id)
            {
              moved[id] = TRUE;
              g_array_append_val (moved_constants, id);
            }
        }
    }
  for (guint32 index = 1; index <= self->entries->len; index++)
    {
      TapeEntry *entry = entry_at (self, index);
      const guint32 *ids = entry_inputs (self, entry);

      for (guint i = 0; i < entry->n_inputs; i++)
        if (moved[ids[i]])
          {
            moved[entry->output] = TRUE;
            if (entry->extra != 0)
              moved[entry->extra] = TRUE;
          }
    }

  if (!run_entries (&run, FALSE, error) || !check_base (&run, roots, root_ids, n_roots, error))
    goto out;

  numel = bs_tensor_numel (wrt);
  result = g_new0 (double, MAX (numel, 1));
  for (gint64 j = 0; j < numel && moved_constants->len > 0; j++)
    {
      double plus, minus;

      if (stop != NULL && stop (stop_data))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, "stopped");
          g_clear_pointer (&result, g_free);
          break;
        }
      if (!perturb (&run, (guint32 *) moved_constants->data, moved_constants->len, j, eps,
                    error))
        {
          g_clear_pointer (&result, g_free);
          break;
        }
      plus = objective (&run, root_ids, grad_values, n_roots);
      clear_tensors (over, n_values);
      if (!perturb (&run, (guint32 *) moved_constants->data, moved_constants->len, j, -eps,
                    error))
        {
          g_clear_pointer (&result, g_free);
          break;
        }
      minus = objective (&run, root_ids, grad_values, n_roots);
      clear_tensors (over, n_values);
      result[j] = (plus - minus) / (2 * eps);
    }

out:
  if (base != NULL)
    {
      clear_tensors (base, n_values);
      clear_tensors (over, n_values);
    }
  for (guint r = 0; r < n_roots; r++)
    g_free (grad_values[r]);
  return result;
}
