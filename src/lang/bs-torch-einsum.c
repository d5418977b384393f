/* bs-torch-einsum.c: torch.einsum, built from the ops PyTorch 1.13's einsum uses
 *
 * As ATen's: each operand is unsqueezed for the labels it lacks and permuted to one
 * order (the output's labels, then the contracted ones: PermuteBackward0); one operand is
 * summed over its contracted labels (SumBackward1); operands are contracted left to right,
 * a pair without a shared summed label by a broadcast product (MulBackward0), otherwise by
 * bmm, whose result is viewed, permuted back and viewed to the output (ViewBackward0).
 * A label repeated in one operand takes the diagonal (by a mask; PyTorch's diagonal view
 * is not an op here). '...' stands for the broadcast dims.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <string.h>

#define N_LETTERS 52
#define MAX_LABELS (N_LETTERS + BS_MAX_DIMS)

typedef struct {
  int      n_ops;
  int      labels[BS_MAX_DIMS][BS_MAX_DIMS];   /* per operand, per dim */
  int      n_out;
  int      out[MAX_LABELS];
  int      n_all;
  int      order[MAX_LABELS];    /* the common order: output labels, then contracted */
  int      position[MAX_LABELS]; /* label -> its place in order, or -1 */
  gint64   size[MAX_LABELS];     /* 1 until an operand gives more */
} Plan;

static int
letter_label (char c)
{
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return 26 + c - 'a';
  return -1;
}

static char
label_letter (int label)
{
  return label < 26 ? 'A' + label : 'a' + label - 26;
}

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list ap;
  char *message;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME, message);
  g_free (message);
  return FALSE;
}

/* The labels of one operand's subscripts text [start, end); ellipsis dims get labels
 * N_LETTERS + k, aligned to the right of the widest ellipsis. */
static gboolean
parse_operand (const char *eq,
               gsize       start,
               gsize       end,
               BsTensor   *t,
               int         op,
               int         ell_width,
               Plan       *plan,
               GError    **error)
{
  int letters = 0, dim = 0, ell_dims;
  gboolean has_ell = FALSE;

  for (gsize i = start; i < end; i++)
    if (eq[i] == '.')
      {
        has_ell = TRUE;
        i += 2;
      }
    else if (eq[i] != ' ')
      letters++;
  if (!has_ell && letters != t->ndim)
    return fail (error, "einsum(): the number of subscripts in the equation (%d) does not match "
                 "the number of dimensions (%d) for operand %d and no ellipsis was given",
                 letters, t->ndim, op);
  if (has_ell && letters > t->ndim)
    return fail (error, "einsum(): the number of subscripts in the equation (%d) is more than "
                 "the number of dimensions (%d) for operand %d", letters, t->ndim, op);
  ell_dims = t->ndim - letters;
  for (gsize i = start; i < end; i++)
    {
      if (eq[i] == ' ')
        continue;
      if (eq[i] == '.')
        {
          for (int k = 0; k < ell_dims; k++)
            plan->labels[op][dim++] = N_LETTERS + ell_width - ell_dims + k;
          i += 2;
          continue;
        }
      plan->labels[op][dim++] = letter_label (eq[i]);
    }
  return TRUE;
}

/* Checks the characters and the ellipses: each '.' in a "..." and at most one per term. */
static gboolean
check_equation (const char *eq,
                GError    **error)
{
  gboolean ell = FALSE, output = FALSE;
  int op = 0;

  for (gsize i = 0; eq[i] != '\0'; i++)
    {
      if (eq[i] == ',' || (eq[i] == '-' && eq[i + 1] == '>'))
        {
          ell = FALSE;
          output |= eq[i] == '-';
          op += eq[i] == ',';
          i += eq[i] == '-';
          continue;
        }
      if (eq[i] == '.')
        {
          if (output && (ell || strncmp (eq + i, "...", 3) != 0))
            return fail (error, "einsum(): found '.' for output but it is not part of any "
                         "ellipsis");
          if (ell || strncmp (eq + i, "...", 3) != 0)
            return fail (error, "einsum(): found '.' for operand %d that is not part of any "
                         "ellipsis", op);
          ell = TRUE;
          i += 2;
          continue;
        }
      if (eq[i] != ' ' && letter_label (eq[i]) < 0)
        return fail (error, "einsum(): invalid subscript given at index %" G_GSIZE_FORMAT
                     " in the equation string, subscripts must be in [a-zA-Z]", i);
    }
  return TRUE;
}

static gboolean
make_plan (const char *eq,
           BsTensor  **ops,
           int         n_ops,
           Plan       *plan,
           GError    **error)
{
  const char *arrow = strstr (eq, "->");
  gsize lhs_end = arrow != NULL ? (gsize) (arrow - eq) : strlen (eq), start = 0;
  int count[MAX_LABELS] = { 0 }, ell_width = 0, n_terms = 1, op = 0;
  gboolean seen_ell = FALSE;

  memset (plan, 0, sizeof *plan);
  plan->n_ops = n_ops;
  if (!check_equation (eq, error))
    return FALSE;
  for (gsize i = 0; i < lhs_end; i++)
    n_terms += eq[i] == ',';
  if (n_terms > n_ops)
    return fail (error, "einsum(): fewer operands were provided than specified in the equation");
  if (n_terms < n_ops)
    return fail (error, "einsum(): more operands were provided than specified in the equation");
  /* the widest ellipsis first: operands with fewer broadcast dims align right */
  for (gsize i = 0; i <= lhs_end; i++)
    if (i == lhs_end || eq[i] == ',')
      {
        int letters = 0;
        gboolean has_ell = FALSE;

        for (gsize j = start; j < i; j++)
          {
            if (eq[j] == '.')
              {
                has_ell = TRUE;
                j += 2;
              }
            else if (eq[j] != ' ')
              letters++;
          }
        if (has_ell)
          {
            seen_ell = TRUE;
            ell_width = MAX (ell_width, ops[op]->ndim - letters);
          }
        start = i + 1;
        op++;
      }
  start = 0;
  op = 0;
  for (gsize i = 0; i <= lhs_end; i++)
    if (i == lhs_end || eq[i] == ',')
      {
        if (!parse_operand (eq, start, i, ops[op], op, ell_width, plan, error))
          return FALSE;
        for (int d = 0; d < ops[op]->ndim; d++)
          {
            int label = plan->labels[op][d];
            gint64 n = ops[op]->shape[d];

            /* a label repeated in one operand counts twice: 'ii' is the trace */
            count[label]++;
            if (plan->size[label] == 0 || plan->size[label] == 1)
              plan->size[label] = n;
            else if (n != 1 && n != plan->size[label])
              {
                if (label < N_LETTERS)
                  return fail (error, "einsum(): subscript %c has size %" G_GINT64_FORMAT
                               " for operand %d which does not broadcast with previously seen "
                               "size %" G_GINT64_FORMAT, label_letter (label), n, op,
                               plan->size[label]);
                return fail (error, "einsum(): operands do not broadcast with remapped shapes "
                             "(original->remapped)");
              }
          }
        start = i + 1;
        op++;
      }
  /* the output: given, or the broadcast dims and then the letters seen once, sorted */
  if (arrow != NULL)
    {
      for (const char *c = arrow + 2; *c != '\0'; c++)
        {
          int label;

          if (*c == ' ')
            continue;
          if (*c == '.')
            {
              for (int k = 0; k < ell_width; k++)
                plan->out[plan->n_out++] = N_LETTERS + k;
              c += 2;
              continue;
            }
          label = letter_label (*c);
          if (count[label] == 0)
            return fail (error, "einsum(): output subscript %c does not appear in the equation "
                         "for any input operand", *c);
          for (int k = 0; k < plan->n_out; k++)
            if (plan->out[k] == label)
              return fail (error, "einsum(): output subscript %c appears more than once in the "
                           "output", *c);
          plan->out[plan->n_out++] = label;
        }
    }
  else
    {
      for (int k = 0; seen_ell && k < ell_width; k++)
        plan->out[plan->n_out++] = N_LETTERS + k;
      for (int label = 0; label < N_LETTERS; label++)
        if (count[label] == 1)
          plan->out[plan->n_out++] = label;
    }
  for (int label = 0; label < MAX_LABELS; label++)
    plan->position[label] = -1;
  for (int k = 0; k < plan->n_out; k++)
    {
      plan->position[plan->out[k]] = k;
      plan->order[plan->n_all++] = plan->out[k];
    }
  for (int label = 0; label < MAX_LABELS; label++)
    if (count[label] > 0 && plan->position[label] < 0)
      {
        plan->position[label] = plan->n_all;
        plan->order[plan->n_all++] = label;
      }
  return TRUE;
}

/* Operand op with its repeated labels reduced to their diagonal: the labels it keeps,
 * each once, in *labels (n in *n). */
static BsTensor *
take_diagonals (BsTensor  *t,
                int       *labels,
                int       *n,
                GError   **error)
{
  g_autoptr(BsTensor) cur = bs_tensor_ref (t);

  for (int d = 0; d < *n; d++)
    for (int e = d + 1; e < *n; e++)
      if (labels[e] == labels[d])
        {
          gint64 shape[BS_MAX_DIMS], dims[1] = { e };
          g_autoptr(BsTensor) eye = NULL;
          g_autoptr(BsTensor) masked = NULL;
          BsTensor *summed;

          for (int k = 0; k < *n; k++)
            shape[k] = k == d || k == e ? cur->shape[k] : 1;
          eye = bs_tensor_new (cur->context, cur->dtype, *n, shape, error);
          if (eye == NULL)
            return NULL;
          for (gint64 i = 0; i < cur->shape[d]; i++)
            {
              gint64 stride_d = 1, stride_e = 1;

              for (int k = d + 1; k < *n; k++)
                stride_d *= shape[k];
              for (int k = e + 1; k < *n; k++)
                stride_e *= shape[k];
              bs_tensor_set (eye, i * stride_d + i * stride_e, 1.0);
            }
          masked = bs_mul (cur, eye, error);
          summed = masked != NULL ? bs_sum_dims (masked, dims, 1, FALSE, error) : NULL;
          if (summed == NULL)
            return NULL;
          g_clear_pointer (&cur, bs_tensor_unref);
          cur = summed;
          memmove (labels + e, labels + e + 1, (*n - e - 1) * sizeof *labels);
          (*n)--;
          e--;
        }
  return g_steal_pointer (&cur);
}

/* The operand unsqueezed for the labels it lacks and permuted to the plan's order. */
static BsTensor *
align (BsTensor   *t,
       int        *labels,
       int         n,
       const Plan *plan,
       GError    **error)
{
  g_autoptr(BsTensor) cur = bs_tensor_ref (t);
  gint64 perm[MAX_LABELS];
  int where[MAX_LABELS];

  for (int k = 0; k < plan->n_all; k++)
    where[k] = -1;
  for (int d = 0; d < n; d++)
    where[plan->position[labels[d]]] = d;
  for (int k = 0; k < plan->n_all; k++)
    if (where[k] < 0)
      {
        BsTensor *u = bs_unsqueeze (cur, cur->ndim, error);

        if (u == NULL)
          return NULL;
        where[k] = cur->ndim;
        bs_tensor_unref (cur);
        cur = u;
      }
  for (int k = 0; k < plan->n_all; k++)
    perm[k] = where[k];
  return bs_permute (cur, perm, plan->n_all, error);
}

static gint64
product (const gint64 *shape,
         const int    *dims,
         int           n)
{
  gint64 p = 1;

  for (int i = 0; i < n; i++)
    p *= shape[dims[i]];
  return p;
}

/* a and b, both in the plan's order, contracted over the dims sum (present in both);
 * batch dims are in both, lo only in a, ro only in b (the others are 1 in both). */
static BsTensor *
contract (BsTensor   *a,
          BsTensor   *b,
          const int  *batch, int n_batch,
          const int  *lo, int n_lo,
          const int  *ro, int n_ro,
          const int  *sum, int n_sum,
          int         n_all,
          GError    **error)
{
  gint64 perm_a[MAX_LABELS], perm_b[MAX_LABELS], shape[MAX_LABELS], back[MAX_LABELS];
  gint64 left_shape[3], right_shape[3];
  int placed[MAX_LABELS], n = 0;
  gboolean used[MAX_LABELS] = { FALSE };
  g_autoptr(BsTensor) pa = NULL;
  g_autoptr(BsTensor) pb = NULL;
  g_autoptr(BsTensor) left = NULL;
  g_autoptr(BsTensor) right = NULL;
  g_autoptr(BsTensor) prod = NULL;
  g_autoptr(BsTensor) viewed = NULL;

  /* a as [batch, lo, sum, rest], b as [batch, sum, ro, rest] */
#define PUT(perm, list, count) \
  for (int i_ = 0; i_ < (count); i_++) { perm[n] = (list)[i_]; used[(list)[i_]] = TRUE; n++; }
  PUT (perm_a, batch, n_batch);
  PUT (perm_a, lo, n_lo);
  PUT (perm_a, sum, n_sum);
  PUT (perm_a, ro, n_ro);
  for (int d = 0; d < n_all; d++)
    if (!used[d])
      perm_a[n++] = d;
  n = 0;
  memset (used, 0, sizeof used);
  PUT (perm_b, batch, n_batch);
  PUT (perm_b, sum, n_sum);
  PUT (perm_b, ro, n_ro);
  PUT (perm_b, lo, n_lo);
  for (int d = 0; d < n_all; d++)
    if (!used[d])
      perm_b[n++] = d;
#undef PUT
  left_shape[0] = right_shape[0] = product (a->shape, batch, n_batch);
  left_shape[1] = product (a->shape, lo, n_lo);
  left_shape[2] = right_shape[1] = product (a->shape, sum, n_sum);
  right_shape[2] = product (b->shape, ro, n_ro);
  pa = bs_permute (a, perm_a, n_all, error);
  left = pa != NULL ? bs_reshape (pa, left_shape, 3, error) : NULL;
  pb = left != NULL ? bs_permute (b, perm_b, n_all, error) : NULL;
  right = pb != NULL ? bs_reshape (pb, right_shape, 3, error) : NULL;
  prod = right != NULL ? bs_bmm (left, right, error) : NULL;
  if (prod == NULL)
    return NULL;
  /* [batch, lo, ro, the rest as 1], then back to the plan's order */
  n = 0;
  for (int i = 0; i < n_batch; i++)
    placed[n++] = batch[i];
  for (int i = 0; i < n_lo; i++)
    placed[n++] = lo[i];
  for (int i = 0; i < n_ro; i++)
    placed[n++] = ro[i];
  memset (used, 0, sizeof used);
  for (int i = 0; i < n; i++)
    used[placed[i]] = TRUE;
  for (int d = 0; d < n_all; d++)
    if (!used[d])
      placed[n++] = d;
  for (int i = 0; i < n_all; i++)
    {
      int d = placed[i];
      gboolean kept = FALSE;

      for (int k = 0; k < n_batch; k++)
        kept |= batch[k] == d;
      for (int k = 0; k < n_lo; k++)
        kept |= lo[k] == d;
      shape[i] = kept ? a->shape[d] : 1;
      for (int k = 0; k < n_ro; k++)
        if (ro[k] == d)
          shape[i] = b->shape[d];
      back[d] = i;
    }
  viewed = bs_view (prod, shape, n_all, error);
  return viewed != NULL ? bs_permute (viewed, back, n_all, error) : NULL;
}

/* Sums t over the dims (of the plan's order) in dims, keeping them as 1. */
static BsTensor *
sum_out (BsTensor  *t,
         const int *dims,
         int        n,
         GError   **error)
{
  gint64 d64[MAX_LABELS];

  if (n == 0)
    return bs_tensor_ref (t);
  for (int i = 0; i < n; i++)
    d64[i] = dims[i];
  return bs_sum_dims (t, d64, n, TRUE, error);
}

static BsTensor *
einsum (const char *eq,
        BsTensor  **ops,
        int         n_ops,
        GError    **error)
{
  Plan plan;
  g_autoptr(BsTensor) result = NULL;
  gboolean has[BS_MAX_DIMS][MAX_LABELS] = { { FALSE } };
  gboolean now[MAX_LABELS] = { FALSE };
  BsTensor *aligned[BS_MAX_DIMS] = { NULL };
  BsTensor *out = NULL;

  if (!make_plan (eq, ops, n_ops, &plan, error))
    return NULL;
  for (int i = 0; i < n_ops; i++)
    {
      int labels[BS_MAX_DIMS], n = ops[i]->ndim;
      g_autoptr(BsTensor) diag = NULL;

      memcpy (labels, plan.labels[i], n * sizeof *labels);
      diag = take_diagonals (ops[i], labels, &n, error);
      aligned[i] = diag != NULL ? align (diag, labels, n, &plan, error) : NULL;
      if (aligned[i] == NULL)
        goto out;
      for (int d = 0; d < n; d++)
        has[i][plan.position[labels[d]]] = aligned[i]->shape[plan.position[labels[d]]] > 1
                                           || plan.size[labels[d]] == 1;
    }
  result = bs_tensor_ref (aligned[0]);
  memcpy (now, has[0], sizeof now);
  if (n_ops == 1)
    {
      gint64 d64[MAX_LABELS];
      int n = 0;

      for (int d = plan.n_out; d < plan.n_all; d++)
        d64[n++] = d;
      out = n > 0 ? bs_sum_dims (result, d64, n, FALSE, error) : g_steal_pointer (&result);
      goto out;
    }
  for (int i = 1; i < n_ops; i++)
    {
      int batch[MAX_LABELS], lo[MAX_LABELS], ro[MAX_LABELS], sum[MAX_LABELS];
      int only_a[MAX_LABELS], only_b[MAX_LABELS];
      int n_batch = 0, n_lo = 0, n_ro = 0, n_sum = 0, n_only_a = 0, n_only_b = 0;
      g_autoptr(BsTensor) a = NULL;
      g_autoptr(BsTensor) b = NULL;
      BsTensor *next;

      for (int d = 0; d < plan.n_all; d++)
        {
          gboolean keep = d < plan.n_out;

          for (int j = i + 1; j < n_ops; j++)
            keep |= has[j][d];
          if (now[d] && has[i][d])
            {
              if (keep)
                batch[n_batch++] = d;
              else
                sum[n_sum++] = d;
            }
          else if (now[d])
            {
              if (keep)
                lo[n_lo++] = d;
              else
                only_a[n_only_a++] = d;
            }
          else if (has[i][d])
            {
              if (keep)
                ro[n_ro++] = d;
              else
                only_b[n_only_b++] = d;
            }
        }
      a = sum_out (result, only_a, n_only_a, error);
      b = a != NULL ? sum_out (aligned[i], only_b, n_only_b, error) : NULL;
      if (b == NULL)
        goto out;
      /* broadcast dims of size 1 in one operand take the other's size */
      for (int k = 0; k < n_batch; k++)
        if (a->shape[batch[k]] != b->shape[batch[k]])
          {
            gint64 shape[MAX_LABELS];
            BsTensor **small = a->shape[batch[k]] == 1 ? &a : &b;
            BsTensor *big = small == &a ? b : a, *expanded;

            memcpy (shape, (*small)->shape, plan.n_all * sizeof *shape);
            shape[batch[k]] = big->shape[batch[k]];
            expanded = bs_expand (*small, shape, plan.n_all, error);
            if (expanded == NULL)
              goto out;
            bs_tensor_unref (*small);
            *small = expanded;
          }
      if (n_sum == 0)
        next = bs_mul (a, b, error);
      else
        next = contract (a, b, batch, n_batch, lo, n_lo, ro, n_ro, sum, n_sum, plan.n_all,
                         error);
      if (next == NULL)
        goto out;
      g_clear_pointer (&result, bs_tensor_unref);
      result = next;
      for (int d = 0; d < plan.n_all; d++)
        now[d] = (now[d] || has[i][d]) && result->shape[d] > 1;
      for (int k = 0; k < n_batch; k++)
        now[batch[k]] = TRUE;
      for (int k = 0; k < n_lo; k++)
        now[lo[k]] = TRUE;
      for (int k = 0; k < n_ro; k++)
        now[ro[k]] = TRUE;
    }
  if (result->ndim == plan.n_out)
    out = g_steal_pointer (&result);
  else
    out = bs_view (result, result->shape, plan.n_out, error);
out:
  for (int i = 0; i < n_ops; i++)
    g_clear_pointer (&aligned[i], bs_tensor_unref);
  return out;
}

/* A subscript of the sublist form as PyTorch's functional.einsum spells it: 0-25 'A'-'Z',
 * 26-51 'a'-'z', Ellipsis "...". */
static gboolean
append_subscripts (BsInterp *in,
                   GString  *eq,
                   BsValue   list)
{
  gsize n;
  BsValue *items = bs_value_items (list, &n);

  if (items == NULL)
    return bs_raise (in, "TypeError", "'%s' object is not iterable", bs_type_name (list));
  for (gsize i = 0; i < n; i++)
    {
      gint64 k;

      if (bs_is_ellipsis (items[i]))
        {
          g_string_append (eq, "...");
          continue;
        }
      if (items[i].type != BS_VALUE_INT && items[i].type != BS_VALUE_BOOL)
        return bs_raise (in, "TypeError", "'>=' not supported between instances of '%s' and "
                         "'int'", bs_type_name (items[i]));
      k = items[i].type == BS_VALUE_INT ? items[i].as.integer : items[i].as.boolean;
      if (k < 0 || k >= 52)
        return bs_raise (in, "ValueError", "einsum(): subscript in subscript list is not within "
                         "the valid range [0, 52)");
      g_string_append_c (eq, (char) (k < 26 ? 'A' + k : 'a' + k - 26));
    }
  return TRUE;
}

/* einsum(op1, sublist1, op2, sublist2, ..., [sublist_out]): the equation made from the
 * sublists, then as einsum(equation, *operands) */
static gboolean
sublist_einsum (BsInterp *in,
                BsCall   *call,
                BsValue  *args,
                gsize     n_args,
                BsValue  *r)
{
  g_autoptr(GString) eq = g_string_new (NULL);
  BsTensor *ops[BS_MAX_DIMS];
  gsize n_ops = 0;
  GError *error = NULL;

  for (gsize i = 1; i < n_args; i += 2)
    {
      if (i > 1)
        g_string_append_c (eq, ',');
      if (!append_subscripts (in, eq, args[i]))
        return FALSE;
    }
  if (n_args % 2 == 1)
    {
      g_string_append (eq, "->");
      if (!append_subscripts (in, eq, args[n_args - 1]))
        return FALSE;
    }
  for (gsize i = 0; i + (n_args % 2) < n_args; i += 2)
    {
      if (n_ops == BS_MAX_DIMS)
        return bs_raise (in, "NotImplementedError", "torch.einsum of more than %d operands is "
                         "not supported by Backstep", BS_MAX_DIMS);
      ops[n_ops] = bs_value_tensor (args[i]);
      if (ops[n_ops] == NULL)
        return bs_raise (in, "TypeError", "einsum(): argument 'operands' (position 2) must be "
                         "tuple of Tensors, not %s", bs_type_name (args[i]));
      n_ops++;
    }
  return bs_call_return_tensor (call, einsum (eq->str, ops, (int) n_ops, &error), &error, r);
}

/* einsum(*args): einsum(equation, *operands) or einsum(equation, [operands]) */
static gboolean
torch_einsum (BsInterp *in,
              BsCall   *call,
              BsValue  *r)
{
  gsize n_args, n_ops;
  BsValue *args = bs_value_items (bs_call_value (call, 0), &n_args), *items;
  BsTensor *ops[BS_MAX_DIMS];
  const char *eq;
  GError *error = NULL;

  if (n_args < 2)
    return bs_raise (in, "ValueError", "einsum(): must specify the equation string and at least "
                     "one operand, or at least one operand and its subscripts list");
  eq = bs_value_str (args[0]);
  if (bs_value_tensor (args[0]) != NULL)
    return sublist_einsum (in, call, args, n_args, r);
  items = args + 1;
  n_ops = n_args - 1;
  if (n_ops == 1 && (bs_value_is_object (items[0], BS_OBJECT_LIST)
                     || bs_value_is_object (items[0], BS_OBJECT_TUPLE)))
    items = bs_value_items (items[0], &n_ops);
  if (n_ops > BS_MAX_DIMS)
    return bs_raise (in, "NotImplementedError", "torch.einsum of more than %d operands is not "
                     "supported by Backstep", BS_MAX_DIMS);
  for (gsize i = 0; i < n_ops; i++)
    {
      ops[i] = bs_value_tensor (items[i]);
      if (ops[i] == NULL)
        return bs_raise (in, "TypeError", "einsum(): argument 'operands' (position 2) must be "
                         "tuple of Tensors, not %s", bs_type_name (items[i]));
    }
  if (n_ops == 0)
    return bs_raise (in, "RuntimeError", "einsum(): must provide at least one operand");
  return bs_call_return_tensor (call, einsum (eq, ops, (int) n_ops, &error), &error, r);
}

static const BsSignatureRow rows[] = {
  { "torch", BS_SIG_PYTHON, "einsum(*args)", torch_einsum, 0 },
};

const BsSignatureTable bs_torch_einsum_table = BS_SIGNATURE_TABLE (rows);
