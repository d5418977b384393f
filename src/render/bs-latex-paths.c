/* bs-latex-paths.c: the chain rule, path by path, as a LaTeX align* block */
#define G_LOG_DOMAIN "bs-render"

#include "bs-latex.h"

#include <math.h>
#include <string.h>

#include "bs-step-text.h"

/* A name that is an expression ("w2 * x3") is bracketed after ∂, unless it is already. */
static gboolean
needs_brackets (const char *name)
{
  gsize n = strlen (name);

  if (n >= 2 && name[0] == '(' && name[n - 1] == ')')
    return FALSE;
  return !bs_latex_is_formula (name) || strchr (name, ' ') != NULL;
}

static void
append_fraction (GString    *out,
                 const char *top,
                 const char *bottom)
{
  g_autofree char *text = NULL;
  gboolean bracket_top = needs_brackets (top);
  gboolean bracket_bottom = needs_brackets (bottom);

  /* names with spaces ("w2 * x3") are bracketed, as the step texts write them */
  text = g_strdup_printf ("\xe2\x88\x82%s%s%s/\xe2\x88\x82%s%s%s", bracket_top ? "(" : "", top,
                          bracket_top ? ")" : "", bracket_bottom ? "(" : "", bottom,
                          bracket_bottom ? ")" : "");
  bs_latex_append_math (out, text);
}

char *
bs_latex_paths (BsPaths            *paths,
                BsTrace            *trace,
                const BsTraceState *state,
                guint32             tensor)
{
  g_autoptr(GString) chains = g_string_new (NULL);
  g_autoptr(GString) factors = g_string_new (NULL);
  g_autoptr(GString) products = g_string_new (NULL);
  g_autofree char *target = NULL;
  g_autofree char *root = NULL;
  const BsTraceValue *sum;
  gboolean scalar = TRUE;
  guint n = bs_paths_get_n_listed (paths);
  guint64 count = 0;
  GString *out;

  g_return_val_if_fail (paths != NULL && trace != NULL && state != NULL, NULL);

  target = bs_step_text_tensor (trace, state, tensor);
  for (guint i = 0; i < n; i++)
    {
      const BsPath *path = bs_paths_get_path (paths, i);
      g_autofree char *previous = bs_step_text_tensor (trace, state, path->root);
      g_autofree char *product = path->product != NULL ? bs_trace_value_format (path->product)
                                                       : g_strdup ("?");

      if (root == NULL)
        root = g_strdup (previous);
      if (i > 0)
        {
          g_string_append (chains, " + ");
          g_string_append (factors, " + ");
          g_string_append (products, " + ");
        }
      double pending = 1;
      gboolean first = TRUE;

      /* as the panel lists them: a tensor without a name folds into the next factor */
      for (guint h = 0; h < path->n_hops; h++)
        {
          const BsTraceEvent *edge = bs_trace_get_event (trace, path->hops[h]);
          const BsTraceNode *to = bs_trace_get_node (trace, edge->node2);
          guint32 hop_tensor = to != NULL ? to->tensor : 0;
          g_autofree char *name = NULL;
          g_autofree char *number = NULL;

          scalar = scalar && !isnan (path->factors[h]);
          pending *= path->factors[h];
          if (hop_tensor != tensor && h + 1 < path->n_hops
              && bs_trace_state_get_name (state, hop_tensor) == NULL)
            continue;
          name = bs_step_text_tensor (trace, state, hop_tensor);
          append_fraction (chains, previous, name);
          if (!isnan (pending))
            {
              number = bs_trace_value_format_number (pending);
              g_string_append_printf (factors, "%s(%s)", first ? "" : " \\cdot ", number);
            }
          first = FALSE;
          pending = 1;
          g_free (previous);
          previous = g_steal_pointer (&name);
        }
      bs_latex_append_math (products, product);
    }
  if (!bs_paths_get_count (paths, &count) || count > n)
    {
      g_string_append (chains, " + \\dots");
      g_string_append (factors, " + \\dots");
      g_string_append (products, " + \\dots");
    }

  out = g_string_new ("\\begin{align*}\n");
  append_fraction (out, root != NULL ? root : "L", target);
  g_string_append_printf (out, "\n  &= %s \\\\\n", n > 0 ? chains->str : "0");
  if (scalar && n > 0)
    g_string_append_printf (out, "  &= %s \\\\\n", factors->str);
  if (n > 0)
    g_string_append_printf (out, "  &= %s \\\\\n", products->str);
  sum = bs_paths_get_sum (paths);
  if (sum != NULL)
    {
      g_autofree char *text = bs_trace_value_format (sum);

      g_string_append (out, "  &= ");
      bs_latex_append_math (out, text);
      g_string_append (out, "\n");
    }
  else
    g_string_append (out, "  &= ?\n");
  g_string_append (out, "\\end{align*}\n");
  return g_string_free (out, FALSE);
}
