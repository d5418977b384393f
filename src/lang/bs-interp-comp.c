/* bs-interp-comp.c: comprehensions and generator expressions */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"

#include "bs-py-set.h"

/* Whether every if clause of a comprehension's for clause holds. */
static gboolean
eval_comp_ifs (BsInterp  *in,
               BsAstNode *clause,
               gboolean  *keep)
{
  *keep = TRUE;
  for (guint i = 0; i < clause->comprehension.ifs.len && *keep; i++)
    if (!bs_eval_truth (in, clause->comprehension.ifs.items[i], keep))
      return FALSE;
  return TRUE;
}

/* Runs the generators of a comprehension, calling back for each element. */
static gboolean comp_iterate (BsInterp *in, BsAstNode *node, guint level, BsPyIter *it,
                              BsValue acc);

/* The comprehension's for clauses from level on, adding its items to acc. */
static gboolean
comp_loop (BsInterp  *in,
           BsAstNode *node,
           guint      level,
           BsValue    acc)
{
  BsValue iterable;
  BsPyIter it;
  gboolean ok;

  if (level == node->comp.generators.len)
    {
      BsValue v, value;

      if (!bs_eval (in, node->comp.elt, &v))
        return FALSE;
      if (node->kind == BS_AST_DICT_COMP)
        {
          if (!bs_eval (in, node->comp.value, &value))
            {
              bs_value_unref (v);
              return FALSE;
            }
          if (!bs_py_dict_set (in, acc, v, value))
            {
              bs_value_unref (v);
              return FALSE;
            }
          bs_value_unref (v);
          return TRUE;
        }
      if (bs_is_set (acc))
        {
          gboolean ok_add = bs_set_add (in, acc, v);

          bs_value_unref (v);
          return ok_add;
        }
      bs_list_append (acc, v);
      return TRUE;
    }
  if (!bs_eval (in, node->comp.generators.items[level]->comprehension.iter, &iterable))
    return FALSE;
  ok = bs_py_iter_init (in, iterable, &it);
  bs_value_unref (iterable);
  if (!ok)
    return FALSE;
  ok = comp_iterate (in, node, level, &it, acc);
  bs_py_iter_clear (&it);
  return ok;
}

/* The for clause at level over it. */
static gboolean
comp_iterate (BsInterp  *in,
              BsAstNode *node,
              guint      level,
              BsPyIter  *it,
              BsValue    acc)
{
  BsAstNode *gen = node->comp.generators.items[level];
  gboolean ok = TRUE;

  for (;;)
    {
      BsValue item;
      int r = bs_py_iter_next (in, it, &item);
      gboolean keep = TRUE;

      if (r == 0)
        break;
      if (r < 0 || !bs_assign (in, gen->comprehension.target, item)
          || !eval_comp_ifs (in, gen, &keep) || (keep && !comp_loop (in, node, level + 1, acc)))
        {
          ok = FALSE;
          break;
        }
      if (!bs_check_limits (in))
        {
          ok = bs_raise_fatal (in);
          break;
        }
    }
  return ok;
}

/* A generator expression runs lazily: its state is one iterator per `for` clause, and each
 * step advances the innermost one, as the nested loops of comp_loop would. */
typedef struct {
  BsAstNode *node;
  BsEnv     *env;     /* Owned: the expression's own scope */
  BsPyIter  *iters;   /* one per clause; the first depth are running */
  guint      depth;
  gboolean   done;
} GenState;

static void
gen_state_free (gpointer p)
{
  GenState *g = p;

  for (guint i = 0; i < g->depth; i++)
    bs_py_iter_clear (&g->iters[i]);
  g_free (g->iters);
  bs_value_unref (BS_OBJECT (g->env));
  g_free (g);
}

static int
gen_step_inner (BsInterp *in,
                GenState *g,
                BsValue  *out)
{
  guint n = g->node->comp.generators.len;

  while (g->depth > 0)
    {
      BsAstNode *gen = g->node->comp.generators.items[g->depth - 1];
      BsValue item;
      gboolean keep = TRUE;
      int r = bs_py_iter_next (in, &g->iters[g->depth - 1], &item);

      if (r < 0)
        return -1;
      if (r == 0)
        {
          bs_py_iter_clear (&g->iters[--g->depth]);
          continue;
        }
      if (!bs_assign (in, gen->comprehension.target, item))
        return -1;
      if (!eval_comp_ifs (in, gen, &keep))
        return -1;
      if (!bs_check_limits (in))
        return bs_raise_fatal (in), -1;
      if (!keep)
        continue;
      if (g->depth < n)
        {
          BsAstNode *next = g->node->comp.generators.items[g->depth];
          BsValue iterable;
          gboolean ok;

          if (!bs_eval (in, next->comprehension.iter, &iterable))
            return -1;
          ok = bs_py_iter_init (in, iterable, &g->iters[g->depth]);
          bs_value_unref (iterable);
          if (!ok)
            return -1;
          g->depth++;
          continue;
        }
      return bs_eval (in, g->node->comp.elt, out) ? 1 : -1;
    }
  return 0;
}

static int
gen_step (BsInterp *in,
          gpointer  state,
          BsValue  *out)
{
  GenState *g = state;
  BsFrame frame;
  int r;

  if (g->done)
    return 0;
  bs_push_pseudo_frame (in, &frame, "<genexpr>", g->env);
  frame.scope = BS_SCOPE_COMPREHENSION;
  r = gen_step_inner (in, g, out);
  if (r < 0)
    bs_record_traceback (in, g->node->comp.elt);
  bs_pop_pseudo_frame (in, &frame);
  if (r <= 0)
    {
      g->done = TRUE;
      for (guint i = 0; i < g->depth; i++)
        bs_py_iter_clear (&g->iters[i]);
      g->depth = 0;
    }
  return r;
}

static gboolean
eval_generator (BsInterp  *in,
                BsAstNode *node,
                BsValue   *out)
{
  GenState *g;
  BsValue iterable;
  gboolean ok;

  /* as in Python, the first iterable is evaluated at once, in the enclosing scope */
  if (!bs_eval (in, node->comp.generators.items[0]->comprehension.iter, &iterable))
    return FALSE;
  g = g_new0 (GenState, 1);
  g->node = node;
  g->iters = g_new0 (BsPyIter, node->comp.generators.len);
  g->env = bs_env_new (in, in->frame->env);
  ok = bs_py_iter_init (in, iterable, &g->iters[0]);
  bs_value_unref (iterable);
  if (!ok)
    {
      gen_state_free (g);
      return FALSE;
    }
  g->depth = 1;
  *out = bs_genexp_new (in, gen_step, g, gen_state_free);
  return TRUE;
}

gboolean
bs_eval_comprehension (BsInterp  *in,
                       BsAstNode *node,
                       BsValue   *out)
{
  static const char *const names[] = { "<listcomp>", "<setcomp>", "<dictcomp>" };
  int kind = node->kind == BS_AST_LIST_COMP ? 0 : node->kind == BS_AST_SET_COMP ? 1 : 2;
  BsValue acc, iterable;
  BsPyIter it;
  BsEnv *env;
  BsFrame frame;
  gboolean ok;

  if (node->kind == BS_AST_GENERATOR_EXP)
    return eval_generator (in, node, out);
  /* as in Python, the first iterable is evaluated in the enclosing scope, the rest in a
   * frame of the comprehension's own */
  if (!bs_eval (in, node->comp.generators.items[0]->comprehension.iter, &iterable))
    return FALSE;
  ok = bs_py_iter_init (in, iterable, &it);
  bs_value_unref (iterable);
  if (!ok)
    return FALSE;
  acc = kind == 0 ? bs_list_new (in->heap) : kind == 1 ? bs_set_new (in, FALSE)
                                                      : bs_dict_new (in->heap);
  env = bs_env_new (in, in->frame->env);
  bs_push_pseudo_frame (in, &frame, names[kind], env);
  frame.scope = BS_SCOPE_COMPREHENSION;
  ok = comp_iterate (in, node, 0, &it, acc);
  if (!ok)
    bs_record_traceback (in, node->comp.elt);
  bs_pop_pseudo_frame (in, &frame);
  bs_py_iter_clear (&it);
  bs_value_unref (BS_OBJECT (env));
  if (!ok)
    {
      bs_value_unref (acc);
      return FALSE;
    }
  *out = acc;
  return TRUE;
}
