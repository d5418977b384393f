/* bs-interp.c: running a script: names, expressions, assignment */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"

#include <stdio.h>
#include <string.h>

#include "bs-error.h"
#include "bs-lang-error.h"
#include "bs-lexer.h"
#include "bs-parser.h"
#include "bs-py-set.h"
#include "bs-pyplot.h"
#include "bs-signature.h"

G_DEFINE_QUARK (bs-interp-error-quark, bs_interp_error)

#define MAX_EXPR_DEPTH 1500

/* --- output ------------------------------------------------------------ */

void
bs_interp_write_stdout (BsInterp   *in,
                        const char *text)
{
  if (in->options.interp_sink != NULL && in->options.interp_sink->print != NULL)
    in->options.interp_sink->print (in->options.sink_data, text);
  if (in->options.write_stdout != NULL)
    in->options.write_stdout (text, in->options.output_data);
  else
    fputs (text, stdout);
}

void
bs_interp_write_stderr (BsInterp   *in,
                        const char *text)
{
  if (in->options.write_stderr != NULL)
    in->options.write_stderr (text, in->options.output_data);
  else
    fputs (text, stderr);
}

void
bs_interp_set_span (BsInterp     *in,
                    const BsSpan *span)
{
  in->cur_span = *span;
  in->cur_span_valid = TRUE;
}

/* --- names ------------------------------------------------------------- */

/* name is interned, as every name in a tree is */
gboolean
bs_lookup_name (BsInterp   *in,
                const char *name,
                BsValue    *out)
{
  BsFrame *frame = in->frame;
  BsValue *slot;
  gboolean first = TRUE;

  if (frame->func != NULL && frame->func->globals_decl != NULL
      && g_hash_table_contains (frame->func->globals_decl, name))
    {
      slot = bs_env_find (in->globals, name);
      if (slot != NULL)
        goto found;
    }
  else
    {
      for (BsEnv *env = frame->env; env != NULL; env = env->parent, first = FALSE)
        {
          if (env->is_class && !first)
            continue;
          slot = bs_env_find (env, name);
          if (slot != NULL)
            goto found;
          if (env->locals != NULL && g_hash_table_contains (env->locals, name))
            return bs_raise (in, "UnboundLocalError",
                             "cannot access local variable '%s' where it is not associated "
                             "with a value", name);
        }
    }
  slot = bs_env_find (in->builtins, name);
  if (slot != NULL)
    goto found;
  return bs_raise (in, "NameError", "name '%s' is not defined", name);

found:
  *out = bs_value_ref (*slot);
  return TRUE;
}

/* name is interned; takes value */
gboolean
bs_store_name (BsInterp   *in,
               const char *name,
               BsValue     value)
{
  BsFrame *frame = in->frame;
  BsFunction *func = frame->func;

  bs_bind_tensor_name (in, value, name);
  if (func != NULL && frame->env->locals != NULL)
    {
      if (func->globals_decl != NULL && g_hash_table_contains (func->globals_decl, name))
        {
          bs_env_store (in->globals, name, value);
          return TRUE;
        }
      if (func->nonlocal_decl != NULL && g_hash_table_contains (func->nonlocal_decl, name))
        {
          for (BsEnv *env = func->closure; env != NULL; env = env->parent)
            if (bs_env_find (env, name) != NULL)
              {
                bs_env_store (env, name, value);
                return TRUE;
              }
        }
    }
  bs_env_store (frame->env, name, value);
  return TRUE;
}

/* "self.fc_1" for a target, or NULL when it is not a plain dotted name. */
static char *
target_text (BsAstNode *node)
{
  if (node->kind == BS_AST_NAME)
    return g_strdup (node->name.id);
  if (node->kind == BS_AST_ATTRIBUTE)
    {
      g_autofree char *base = target_text (node->attribute.value);

      return base != NULL ? g_strdup_printf ("%s.%s", base, node->attribute.attr) : NULL;
    }
  if (node->kind == BS_AST_SUBSCRIPT && node->subscript.slice->kind == BS_AST_CONSTANT
      && node->subscript.slice->constant.kind == BS_CONST_INT)
    {
      g_autofree char *base = target_text (node->subscript.value);

      return base != NULL ? g_strdup_printf ("%s[%" G_GINT64_FORMAT "]", base,
                                             node->subscript.slice->constant.int_value)
                          : NULL;
    }
  return NULL;
}

/* --- expressions ------------------------------------------------------- */

/* The truth of a condition: if, while, assert, the ifs of a comprehension. */
gboolean
bs_eval_truth (BsInterp  *in,
               BsAstNode *node,
               gboolean  *truth)
{
  BsValue v;
  gboolean ok;

  if (!bs_eval (in, node, &v))
    return FALSE;
  ok = bs_truthy (in, v, truth);
  bs_value_unref (v);
  return ok;
}

/* The values of expressions, each "*x" giving the items of x: a display's or a call's
 * positional arguments (a new list). */
gboolean
bs_eval_items (BsInterp         *in,
               const BsNodeList *nodes,
               BsValue          *out)
{
  BsValue list = bs_list_new (in->heap);

  for (guint i = 0; i < nodes->len; i++)
    {
      BsAstNode *e = nodes->items[i];
      BsValue v;

      if (!bs_eval (in, e->kind == BS_AST_STARRED ? e->starred.value : e, &v))
        goto fail;
      if (e->kind == BS_AST_STARRED)
        {
          BsValue sub;
          gsize n;
          BsValue *items;
          gboolean ok = bs_to_list (in, v, &sub);

          bs_value_unref (v);
          if (!ok)
            goto fail;
          items = bs_value_items (sub, &n);
          for (gsize j = 0; j < n; j++)
            bs_list_append (list, bs_value_ref (items[j]));
          bs_value_unref (sub);
          continue;
        }
      bs_list_append (list, v);
    }
  *out = list;
  return TRUE;

fail:
  bs_value_unref (list);
  return FALSE;
}

/* The object and key of a subscript x[key], to read, write or delete. */
gboolean
bs_eval_subscript (BsInterp  *in,
                   BsAstNode *node,
                   BsValue   *obj,
                   BsValue   *key)
{
  *key = BS_NONE;
  if (!bs_eval (in, node->subscript.value, obj))
    return FALSE;
  if (bs_eval (in, node->subscript.slice, key))
    return TRUE;
  bs_value_unref (*obj);
  *obj = BS_NONE;
  return FALSE;
}

static gboolean
eval_fstring (BsInterp  *in,
              BsAstNode *node,
              BsValue   *out)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < node->joined_str.values.len; i++)
    {
      BsAstNode *part = node->joined_str.values.items[i];

      if (part->kind == BS_AST_CONSTANT)
        {
          g_string_append_len (s, part->constant.str, part->constant.len);
          continue;
        }
      if (part->kind == BS_AST_FORMATTED_VALUE)
        {
          BsValue v, spec = BS_NONE;
          gboolean ok;

          if (!bs_eval (in, part->formatted_value.value, &v))
            goto fail;
          if (part->formatted_value.format_spec != NULL
              && !bs_eval (in, part->formatted_value.format_spec, &spec))
            {
              bs_value_unref (v);
              goto fail;
            }
          if (part->formatted_value.conversion == 'r' || part->formatted_value.conversion == 'a'
              || part->formatted_value.conversion == 's')
            {
              GString *t = g_string_new (NULL);

              ok = part->formatted_value.conversion == 's' ? bs_str (in, v, t)
                                                           : bs_repr (in, v, t);
              bs_value_unref (v);
              v = bs_str_new (in->heap, t->str, t->len);
              g_string_free (t, TRUE);
              if (!ok)
                {
                  bs_value_unref (spec);
                  bs_value_unref (v);
                  goto fail;
                }
            }
          ok = bs_format_value (in, v, bs_value_str (spec) != NULL ? bs_value_str (spec) : "", s);
          bs_value_unref (v);
          bs_value_unref (spec);
          if (!ok)
            goto fail;
          continue;
        }
      {
        BsValue v;
        gboolean ok;

        if (!bs_eval (in, part, &v))
          goto fail;
        ok = bs_str (in, v, s);
        bs_value_unref (v);
        if (!ok)
          goto fail;
      }
    }
  *out = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;

fail:
  g_string_free (s, TRUE);
  return FALSE;
}

static gboolean eval_seq (BsInterp *in, BsAstNode *node, BsValue *out);

/* A set display: CPython builds a display of three or more constants from a frozenset
 * constant, which can order colliding keys differently from adding them one by one. */
static gboolean
eval_set (BsInterp  *in,
          BsAstNode *node,
          BsValue   *out)
{
  BsValue list, set, frozen;
  gboolean all_const = node->seq.elts.len > 2;
  gsize n;
  BsValue *items;

  for (guint i = 0; i < node->seq.elts.len && all_const; i++)
    {
      BsAstNode *e = node->seq.elts.items[i];

      if (e->kind == BS_AST_UNARY_OP && e->unary_op.op == BS_UNARYOP_USUB)
        e = e->unary_op.operand;
      all_const = e->kind == BS_AST_CONSTANT;
    }
  if (!eval_seq (in, node, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  set = bs_set_new (in, FALSE);
  frozen = all_const ? bs_set_new (in, TRUE) : bs_value_ref (set);
  for (gsize i = 0; i < n; i++)
    if (!bs_set_add (in, frozen, items[i]))
      {
        bs_value_unref (frozen);
        bs_value_unref (set);
        bs_value_unref (list);
        return FALSE;
      }
  bs_value_unref (list);
  if (all_const)
    {
      BsValue merged;
      gboolean ok = bs_binary_op (in, BS_BINOP_BIT_OR, set, frozen, &merged);

      bs_value_unref (frozen);
      bs_value_unref (set);
      if (!ok)
        return FALSE;
      *out = merged;
      return TRUE;
    }
  bs_value_unref (frozen);
  *out = set;
  return TRUE;
}

static gboolean
eval_seq (BsInterp  *in,
          BsAstNode *node,
          BsValue   *out)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (!bs_eval_items (in, &node->seq.elts, &list))
    return FALSE;
  if (node->kind != BS_AST_TUPLE)
    {
      *out = list;
      return TRUE;
    }
  items = bs_value_items (list, &n);
  *out = bs_tuple_from (in, items, n);
  bs_value_unref (list);
  return TRUE;
}

static gboolean
eval_constant (BsInterp  *in,
               BsAstNode *node,
               BsValue   *out)
{
  switch (node->constant.kind)
    {
    case BS_CONST_NONE: *out = BS_NONE; return TRUE;
    case BS_CONST_TRUE: *out = BS_BOOL (TRUE); return TRUE;
    case BS_CONST_FALSE: *out = BS_BOOL (FALSE); return TRUE;
    case BS_CONST_ELLIPSIS:
      *out = bs_value_ref (bs_lookup_builtin (in, "Ellipsis"));
      return TRUE;
    case BS_CONST_INT:
      if (node->constant.int_overflow)
        return bs_raise (in, "OverflowError",
                         "integer literal too large: Backstep's ints are 64-bit");
      *out = BS_INT (node->constant.int_value);
      return TRUE;
    case BS_CONST_FLOAT: *out = BS_FLOAT (node->constant.float_value); return TRUE;
    case BS_CONST_STR:
    default:
      *out = bs_str_new (in->heap, node->constant.str, node->constant.len);
      return TRUE;
    }
}

static gboolean
eval_inner (BsInterp  *in,
            BsAstNode *node,
            BsValue   *out)
{
  *out = BS_NONE;
  switch (node->kind)
    {
    case BS_AST_CONSTANT:
      return eval_constant (in, node, out);

    case BS_AST_NAME:
      return bs_lookup_name (in, node->name.id, out);

    case BS_AST_BIN_OP:
      {
        BsValue a, b;
        gboolean ok;

        if (!bs_eval (in, node->bin_op.left, &a))
          return FALSE;
        if (!bs_eval (in, node->bin_op.right, &b))
          {
            bs_value_unref (a);
            return FALSE;
          }
        bs_interp_set_span (in, &node->span);
        ok = bs_binary_op (in, node->bin_op.op, a, b, out);
        bs_value_unref (a);
        bs_value_unref (b);
        return ok;
      }

    case BS_AST_UNARY_OP:
      {
        BsValue a;
        gboolean ok;

        if (!bs_eval (in, node->unary_op.operand, &a))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_unary_op (in, node->unary_op.op, a, out);
        bs_value_unref (a);
        return ok;
      }

    case BS_AST_BOOL_OP:
      {
        BsValue v = BS_NONE;

        for (guint i = 0; i < node->bool_op.values.len; i++)
          {
            gboolean truth;

            bs_value_unref (v);
            if (!bs_eval (in, node->bool_op.values.items[i], &v))
              return FALSE;
            /* the last operand is the result, never tested (None or tensor) */
            if (i + 1 == node->bool_op.values.len)
              break;
            if (!bs_truthy (in, v, &truth))
              {
                bs_value_unref (v);
                return FALSE;
              }
            if ((node->bool_op.op == BS_BOOLOP_AND) != truth)
              break;
          }
        *out = v;
        return TRUE;
      }

    case BS_AST_COMPARE:
      {
        BsValue left, right, result = BS_NONE;

        if (!bs_eval (in, node->compare.left, &left))
          return FALSE;
        for (guint i = 0; i < node->compare.comparators.len; i++)
          {
            gboolean truth;

            if (!bs_eval (in, node->compare.comparators.items[i], &right))
              {
                bs_value_unref (left);
                return FALSE;
              }
            bs_value_unref (result);
            bs_interp_set_span (in, &node->span);
            if (!bs_compare_op (in, node->compare.ops[i], left, right, &result))
              {
                bs_value_unref (left);
                bs_value_unref (right);
                return FALSE;
              }
            bs_value_unref (left);
            left = right;
            if (i + 1 == node->compare.comparators.len)
              break;
            if (!bs_truthy (in, result, &truth))
              {
                bs_value_unref (left);
                bs_value_unref (result);
                return FALSE;
              }
            if (!truth)
              break;
          }
        bs_value_unref (left);
        *out = result;
        return TRUE;
      }

    case BS_AST_IF_EXP:
      {
        gboolean truth;

        if (!bs_eval_truth (in, node->if_exp.test, &truth))
          return FALSE;
        return bs_eval (in, truth ? node->if_exp.body : node->if_exp.orelse, out);
      }

    case BS_AST_CALL:
      return bs_eval_call (in, node, out);

    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;
        gboolean ok;

        if (!bs_eval (in, node->attribute.value, &obj))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_getattr (in, obj, node->attribute.attr, out);
        bs_value_unref (obj);
        return ok;
      }

    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;
        gboolean ok;

        if (!bs_eval_subscript (in, node, &obj, &key))
          return FALSE;
        bs_interp_set_span (in, &node->span);
        ok = bs_getitem (in, obj, key, out);
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok;
      }

    case BS_AST_SLICE:
      {
        BsValue parts[3] = { BS_NONE, BS_NONE, BS_NONE };
        BsAstNode *nodes[3] = { node->slice.lower, node->slice.upper, node->slice.step };

        for (int i = 0; i < 3; i++)
          if (nodes[i] != NULL && !bs_eval (in, nodes[i], &parts[i]))
            {
              for (int j = 0; j < i; j++)
                bs_value_unref (parts[j]);
              return FALSE;
            }
        *out = bs_slice_new (in, parts[0], parts[1], parts[2]);
        return TRUE;
      }

    case BS_AST_LIST:
    case BS_AST_TUPLE:
      return eval_seq (in, node, out);

    case BS_AST_SET:
      return eval_set (in, node, out);

    case BS_AST_DICT:
      {
        BsValue dict = bs_dict_new (in->heap);

        for (guint i = 0; i < node->dict.values.len; i++)
          {
            BsValue k, v;

            if (node->dict.keys.items[i] == NULL)
              {
                if (!bs_eval (in, node->dict.values.items[i], &v))
                  goto dict_fail;
                if (!bs_value_is_object (v, BS_OBJECT_DICT))
                  {
                    bs_raise (in, "TypeError", "'%s' object is not a mapping",
                              bs_type_name (v));
                    bs_value_unref (v);
                    goto dict_fail;
                  }
                if (!bs_py_dict_merge (in, dict, v))
                  {
                    bs_value_unref (v);
                    goto dict_fail;
                  }
                bs_value_unref (v);
                continue;
              }
            if (!bs_eval (in, node->dict.keys.items[i], &k))
              goto dict_fail;
            if (!bs_eval (in, node->dict.values.items[i], &v))
              {
                bs_value_unref (k);
                goto dict_fail;
              }
            if (!bs_py_dict_set (in, dict, k, v))
              {
                bs_value_unref (k);
                goto dict_fail;
              }
            bs_value_unref (k);
          }
        *out = dict;
        return TRUE;
      dict_fail:
        bs_value_unref (dict);
        return FALSE;
      }

    case BS_AST_LIST_COMP:
    case BS_AST_SET_COMP:
    case BS_AST_DICT_COMP:
    case BS_AST_GENERATOR_EXP:
      return bs_eval_comprehension (in, node, out);

    case BS_AST_JOINED_STR:
      return eval_fstring (in, node, out);

    case BS_AST_FORMATTED_VALUE:
      {
        BsAstNode fake = { 0 };
        BsAstNode *items[1] = { node };

        fake.kind = BS_AST_JOINED_STR;
        fake.joined_str.values.items = items;
        fake.joined_str.values.len = 1;
        return eval_fstring (in, &fake, out);
      }

    case BS_AST_LAMBDA:
      return bs_make_function (in, "<lambda>", node->lambda.args, NULL, 0, node->lambda.body, out);

    case BS_AST_YIELD:
    case BS_AST_YIELD_FROM:
      return bs_eval_yield (in, node, out);

    case BS_AST_STARRED:
      return bs_raise (in, "SyntaxError", "can't use starred expression here");

    default:
      return bs_raise (in, "SyntaxError", "unsupported expression: %s",
                       bs_node_kind_name (node->kind));
    }
}

gboolean
bs_eval (BsInterp  *in,
         BsAstNode *node,
         BsValue   *out)
{
  gboolean ok;

  if (in->expr_depth >= MAX_EXPR_DEPTH)
    {
      *out = BS_NONE;
      return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
    }
  in->expr_depth++;
  ok = eval_inner (in, node, out);
  in->expr_depth--;
  if (G_UNLIKELY (!ok))
    bs_record_traceback (in, node);
  return ok;
}

/* --- assignment -------------------------------------------------------- */

static gboolean
assign_unpack (BsInterp  *in,
               BsAstNode *target,
               BsValue    value)
{
  BsValue list;
  gsize n, n_targets = target->seq.elts.len;
  BsValue *items;
  gssize star = -1;
  gboolean ok = TRUE;

  for (gsize i = 0; i < n_targets; i++)
    if (target->seq.elts.items[i]->kind == BS_AST_STARRED)
      star = i;
  if (!bs_to_list (in, value, &list))
    {
      if (bs_value_is_object (in->exc, BS_OBJECT_INSTANCE)
          && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "TypeError")))
        return bs_raise (in, "TypeError", "cannot unpack non-iterable %s object",
                         bs_type_name (value));
      return FALSE;
    }
  items = bs_value_items (list, &n);
  if (star < 0 && n != n_targets)
    {
      bs_value_unref (list);
      if (n > n_targets)
        return bs_raise (in, "ValueError", "too many values to unpack (expected %zu)",
                         n_targets);
      return bs_raise (in, "ValueError", "not enough values to unpack (expected %zu, got %zu)",
                       n_targets, n);
    }
  if (star >= 0 && n < n_targets - 1)
    {
      bs_value_unref (list);
      return bs_raise (in, "ValueError",
                       "not enough values to unpack (expected at least %zu, got %zu)",
                       n_targets - 1, n);
    }
  for (gsize i = 0, j = 0; i < n_targets && ok; i++)
    {
      BsAstNode *t = target->seq.elts.items[i];

      if ((gssize) i == star)
        {
          gsize count = n - (n_targets - 1);
          BsValue rest = bs_list_new (in->heap);

          for (gsize k = 0; k < count; k++)
            bs_list_append (rest, bs_value_ref (items[j + k]));
          j += count;
          ok = bs_assign (in, t->starred.value, rest);
          continue;
        }
      ok = bs_assign (in, t, bs_value_ref (items[j++]));
    }
  bs_value_unref (list);
  return ok;
}

static gboolean assign_inner (BsInterp *in, BsAstNode *target, BsValue value);

/* Binds target to value; takes value. A target that cannot take it is where the error is,
 * for the traceback ("a, b = 1" marks "a, b"). */
gboolean
bs_assign (BsInterp  *in,
           BsAstNode *target,
           BsValue    value)
{
  if (assign_inner (in, target, value))
    return TRUE;
  bs_record_traceback (in, target);
  return FALSE;
}

static gboolean
assign_inner (BsInterp  *in,
              BsAstNode *target,
              BsValue    value)
{
  gboolean ok;

  switch (target->kind)
    {
    case BS_AST_NAME:
      return bs_store_name (in, target->name.id, value);

    case BS_AST_TUPLE:
    case BS_AST_LIST:
      ok = assign_unpack (in, target, value);
      bs_value_unref (value);
      return ok;

    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;

        if (!bs_eval (in, target->attribute.value, &obj))
          {
            bs_value_unref (value);
            return FALSE;
          }
        ok = bs_setattr (in, obj, target->attribute.attr, value);
        if (ok && in->options.interp_sink != NULL && !in->frame->is_prelude)
          {
            g_autofree char *text = target_text (target);

            if (text != NULL)
              bs_bind_tensor_name (in, value, text);
          }
        bs_value_unref (obj);
        bs_value_unref (value);
        return ok;
      }

    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;

        if (!bs_eval_subscript (in, target, &obj, &key))
          {
            bs_value_unref (value);
            return FALSE;
          }
        bs_interp_set_span (in, &target->span);
        ok = bs_setitem (in, obj, key, value);
        if (ok && in->options.interp_sink != NULL && !in->frame->is_prelude)
          {
            g_autofree char *text = target_text (target);

            if (text != NULL)
              bs_bind_tensor_name (in, value, text);
          }
        bs_value_unref (obj);
        bs_value_unref (key);
        bs_value_unref (value);
        return ok;
      }

    case BS_AST_STARRED:
      bs_value_unref (value);
      return bs_raise (in, "SyntaxError", "starred assignment target must be in a list or tuple");

    default:
      bs_value_unref (value);
      return bs_raise (in, "SyntaxError", "cannot assign to expression");
    }
}

/* --- running ----------------------------------------------------------- */

static void
on_cancelled (GCancellable *cancellable,
              gpointer      context)
{
  bs_context_cancel (context);
}

BsInterp *
bs_interp_new (const BsInterpOptions *options)
{
  BsInterp *in = g_new0 (BsInterp, 1);
  GError *error = NULL;
  GCancellable *cancellable;

  if (options != NULL)
    in->options = *options;
  if (in->options.cancellable != NULL)
    g_object_ref (in->options.cancellable);
  in->context = bs_context_new ();
  bs_context_set_memory_limit (in->context, in->options.max_tensor_bytes > 0
                                              ? in->options.max_tensor_bytes
                                              : (gsize) 1 << 30);
  /* An op may read as many elements as the memory cap has bytes: a second or so
   * of work at most, even through an expanded view that owns no memory. */
  bs_context_set_op_limit (in->context, in->context->bytes_limit);
  if (in->options.engine_sink != NULL || in->options.interp_sink != NULL)
    bs_context_set_sink (in->context, &bs_interp_forward_sink, in);
  in->scopes = in->options.interp_sink != NULL && in->options.interp_sink->scope_begin != NULL
               && in->options.interp_sink->scope_end != NULL;
  in->heap = bs_heap_new ();
  in->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  in->asts = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_ast_free);
  in->exc = BS_NONE;
  in->callback_exc = BS_NONE;
  in->handling = BS_NONE;
  in->start_time_us = g_get_monotonic_time ();
  in->py_random = bs_py_random_new ();
  bs_print_options_init (&in->print_options);
  bs_np_print_options_init (&in->np_print_options);
  bs_np_errstate_init (&in->np_errstate);
  in->np_errcall = BS_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (in->np_dtype_classes); i++)
    in->np_dtype_classes[i] = BS_NONE;
  in->np_dtype_meta = BS_NONE;
  in->np_method_place = NULL;
  /* numpy's, less those its environment variable turns off (an error at `import numpy`) */
  if (!bs_np_simd_cpu_disable (g_getenv ("NPY_DISABLE_CPU_FEATURES"), &in->np_cpu, NULL, NULL))
    in->np_cpu = bs_np_simd_cpu ();
  bs_heap_set_finalizer (in->heap, BS_OBJECT_ENV, bs_env_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_FUNCTION, bs_function_finalize);
  bs_py_object_init (in);
  in->signatures = bs_signature_set_new ();
  bs_py_signatures_add (in->signatures);
  in->builtins = bs_env_new (in, NULL);
  in->globals = bs_env_new (in, NULL);
  in->modules = bs_dict_new (in->heap);
  in->generators = g_ptr_array_new ();
  bs_builtins_init (in);
  bs_torch_init (in);
  bs_pyplot_init (in);
  /* the prelude's steps are not the script's, and a cancellation (a timeout already
   * running out, Run pressed again) stops the script, not the prelude */
  in->options.max_steps = 0;
  cancellable = g_steal_pointer (&in->options.cancellable);
  for (guint i = 0;; i++)
    {
      g_autoptr(GBytes) prelude = bs_nn_prelude (i);
      gsize length;
      const char *text;

      if (prelude == NULL)
        break;
      text = g_bytes_get_data (prelude, &length);
      if (!bs_interp_parse_and_run (in, text, length, "<prelude>", TRUE, &error))
        {
          g_critical ("Backstep's prelude failed: %s", error->message);
          g_clear_error (&error);
        }
    }
  in->options.cancellable = cancellable;
  /* long engine ops (a large matrix product) stop when the run is cancelled, too */
  if (cancellable != NULL)
    in->cancel_handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled),
                                                in->context, NULL);
  in->options.max_steps = options != NULL ? options->max_steps : 0;
  in->steps = 0;
  {
    const char *name;
    BsValue *value;
    BsValue nn;
    guint i = 0;

    /* the prelude's classes are torch.nn's */
    if (bs_dict_get_str (in->modules, "torch.nn", &nn))
      while (bs_env_next (in->globals, &i, &name, &value))
        if (bs_value_is_object (*value, BS_OBJECT_CLASS))
          bs_dict_set_str (((BsModule *) nn.as.object)->dict, name, bs_value_ref (*value));
  }
  bs_value_unref (BS_OBJECT (in->globals));
  /* the script's objects count towards its memory budget; the prelude's are Backstep's */
  bs_heap_charge_to (in->heap, in->context);
  in->globals = bs_env_new (in, NULL);
  bs_env_set (in->globals, "__name__", bs_str_value (in, "__main__"));
  return in;
}

void
bs_interp_free (BsInterp *in)
{
  if (in == NULL)
    return;
  if (in->cancel_handler != 0)
    g_cancellable_disconnect (in->options.cancellable, in->cancel_handler);
  bs_generators_close_all (in);
  bs_value_unref (in->exc);
  bs_value_unref (in->callback_exc);
  bs_value_unref (in->np_errcall);
  for (guint i = 0; i < G_N_ELEMENTS (in->np_dtype_classes); i++)
    bs_value_unref (in->np_dtype_classes[i]);
  bs_value_unref (in->np_dtype_meta);
  g_clear_pointer (&in->plots, bs_plot_session_free);
  bs_heap_free (in->heap);
  g_ptr_array_unref (in->generators);
  bs_torch_clear (in);
  g_clear_pointer (&in->signatures, bs_signature_set_free);
  g_ptr_array_unref (in->asts);
  g_hash_table_unref (in->names);
  bs_py_random_free (in->py_random);
  bs_np_print_options_clear (&in->np_print_options);
  bs_context_free (in->context);
  g_clear_error (&in->fatal);
  g_free (in->error_text);
  g_clear_pointer (&in->torch_warned_once, g_hash_table_unref);
  g_clear_object (&in->options.cancellable);
  g_free (in);
}

BsContext *
bs_interp_get_context (BsInterp *in)
{
  return in->context;
}

/* sys.exit(code) reached the top, as CPython ends: None or 0 is success, a number is a
 * failure without a traceback, anything else is printed on stderr. */
static gboolean
system_exit (BsInterp  *in,
             GError   **error)
{
  BsValue args = ((BsInstance *) in->exc.as.object)->args;
  gsize n;
  BsValue *items = bs_value_items (args, &n);
  BsValue code = n == 1 ? items[0] : n == 0 ? BS_NONE : args;
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean ok;

  ok = bs_value_is_none (code) || (code.type == BS_VALUE_INT && code.as.integer == 0)
       || (code.type == BS_VALUE_BOOL && !code.as.boolean);
  if (!ok && code.type != BS_VALUE_INT && code.type != BS_VALUE_BOOL)
    {
      bs_value_ref (code);
      bs_value_unref (in->exc);
      in->exc = BS_NONE;
      if (bs_str (in, code, text))
        g_string_append_c (text, '\n');
      bs_value_unref (code);
    }
  bs_value_unref (in->exc);
  in->exc = BS_NONE;
  if (ok)
    return TRUE;
  g_free (in->error_text);
  in->error_text = g_strdup (text->str);
  g_set_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION, "SystemExit: %s", text->str);
  return FALSE;
}

gboolean
bs_interp_parse_and_run (BsInterp    *in,
                         const char  *source,
                         gssize       length,
                         const char  *filename,
                         gboolean     prelude,
                         GError     **error)
{
  BsAst *ast;
  BsAstNode *root;
  BsFrame frame = { 0 };
  BsValue ret = BS_NONE;
  BsExecResult r;
  const char *src;

  ast = bs_parse_interned (source, length, filename, in->names, error);
  if (ast == NULL)
    return FALSE;
  g_ptr_array_add (in->asts, ast);
  root = bs_ast_get_root (ast);
  src = bs_ast_get_source (ast, NULL);
  frame.env = in->globals;
  frame.name = "<module>";
  frame.filename = bs_ast_get_filename (ast);
  frame.source = src;
  frame.is_prelude = prelude;
  frame.first_arg = BS_NONE;
  frame.line = 1;
  in->frame = &frame;
  if (in->cells != NULL && !prelude)
    r = bs_exec_cells (in, root->module.body.items, root->module.body.len, &ret);
  else
    r = bs_exec_block (in, root->module.body.items, root->module.body.len, &ret);
  bs_value_unref (ret);
  if (r == BS_EXEC_ERROR && bs_value_is_none (in->exc) && in->fatal == NULL)
    bs_raise (in, "RuntimeError", "No active exception to reraise");
  if (r == BS_EXEC_ERROR)
    bs_record_traceback (in, NULL);
  in->frame = NULL;
  if (r == BS_EXEC_ERROR || r == BS_EXEC_RETURN || r == BS_EXEC_BREAK || r == BS_EXEC_CONTINUE)
    {
      if (r != BS_EXEC_ERROR)
        {
          g_set_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_EXCEPTION,
                       "SyntaxError: 'return' outside function");
          return FALSE;
        }
      if (in->fatal != NULL)
        {
          g_propagate_error (error, g_error_copy (in->fatal));
          return FALSE;
        }
      if (!prelude && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "SystemExit")))
        return system_exit (in, error);
      {
        BsInstance *instance = (BsInstance *) in->exc.as.object;
        BsValue klass = instance->klass;
        BsTraceEntry *innermost = NULL;
        int code = BS_INTERP_ERROR_EXCEPTION;

        g_free (in->error_text);
        in->error_text = in->cells != NULL
                         ? bs_format_cells_traceback (in, in->exc, src, frame.filename)
                         : bs_format_traceback (in, in->exc, src, frame.filename);
        if (instance->traceback != NULL && instance->traceback->len > 0)
          {
            innermost = &g_array_index (instance->traceback, BsTraceEntry, 0);
            if (innermost->span.col > 0)
              in->error_span = (BsSourceSpan) { innermost->span.line, innermost->span.col,
                                                innermost->span.end_line,
                                                innermost->span.end_col };
            else
              in->error_span = (BsSourceSpan) { innermost->line, 1, innermost->line, 1 };
            in->has_error_span = TRUE;
          }
        if (bs_is_subclass (klass, bs_lookup_builtin (in, "RecursionError")))
          code = BS_INTERP_ERROR_LIMIT;
        g_set_error (error, BS_INTERP_ERROR, code, "%s", in->error_text);
        bs_value_unref (in->exc);
        in->exc = BS_NONE;
      }
      return FALSE;
    }
  return TRUE;
}

void
bs_interp_report_syntax_error (BsInterp    *self,
                               const char  *source,
                               gssize       length,
                               const char  *filename,
                               GError      *parse_error,
                               GError     **error)
{
  int line, col, end_line, end_col;
  const char *fname;
  gsize n = length >= 0 ? (gsize) length : strlen (source);
  /* The source may not end in a NUL (a fuzzer's bytes, a file's contents). */
  g_autofree char *text = g_malloc (n + 1);

  memcpy (text, source, n);
  text[n] = '\0';
  g_free (self->error_text);
  self->error_text = bs_lang_format_syntax_error (filename, text, parse_error);
  if (bs_lang_error_get_location (parse_error, &fname, &line, &col, &end_line, &end_col))
    {
      self->error_span = (BsSourceSpan) { line, col, end_line, end_col };
      self->has_error_span = TRUE;
    }
  g_set_error (error, BS_INTERP_ERROR, BS_INTERP_ERROR_SYNTAX, "%s", parse_error->message);
  g_error_free (parse_error);
}

gboolean
bs_interp_run (BsInterp    *self,
               const char  *source,
               gssize       length,
               const char  *filename,
               GError     **error)
{
  GError *local = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  if (filename == NULL)
    filename = "<string>";
  self->has_error_span = FALSE;
  g_clear_pointer (&self->error_text, g_free);
  {
    BsValue sys, argv;

    /* sys.argv[0] is the script, as python3 FILE gives it */
    if (bs_dict_get_str (self->modules, "sys", &sys)
        && bs_dict_get_str (((BsModule *) sys.as.object)->dict, "argv", &argv)
        && bs_value_is_object (argv, BS_OBJECT_LIST))
      {
        gsize n;
        BsValue *items = bs_value_items (argv, &n);

        if (n == 0)
          bs_list_append (argv, bs_str_value (self, filename));
        else
          {
            bs_value_unref (items[0]);
            items[0] = bs_str_value (self, filename);
          }
      }
  }
  if (bs_interp_parse_and_run (self, source, length, filename, FALSE, &local))
    return TRUE;
  if (local->domain == BS_LANG_ERROR)
    {
      bs_interp_report_syntax_error (self, source, length, filename, local, error);
      return FALSE;
    }
  if (local->domain == BS_INTERP_ERROR && self->error_text == NULL)
    self->error_text = g_strdup_printf ("%s\n", local->message);
  g_propagate_error (error, local);
  return FALSE;
}

char *
bs_interp_format_error (BsInterp     *self,
                        const GError *error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->error_text != NULL)
    return g_strdup (self->error_text);
  if (error != NULL)
    return g_strdup_printf ("%s\n", error->message);
  return g_strdup ("");
}

gboolean
bs_interp_error_span (BsInterp     *self,
                      BsSourceSpan *span)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->has_error_span)
    return FALSE;
  if (span != NULL)
    *span = self->error_span;
  return TRUE;
}
