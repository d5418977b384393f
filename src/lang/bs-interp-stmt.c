/* bs-interp-stmt.c: statements */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-api-names.h"
#include "bs-interp-stages.h"

#include <string.h>

#include "bs-py-property.h"

/* --- del ---------------------------------------------------------------- */

static gboolean delete_target_inner (BsInterp *in, BsAstNode *target);

static gboolean
delete_target (BsInterp  *in,
               BsAstNode *target)
{
  if (delete_target_inner (in, target))
    return TRUE;
  bs_record_traceback (in, target);
  return FALSE;
}

static gboolean
delete_target_inner (BsInterp  *in,
                     BsAstNode *target)
{
  switch (target->kind)
    {
    case BS_AST_NAME:
      {
        BsEnv *env = in->frame->env;

        if (in->frame->func != NULL && in->frame->func->globals_decl != NULL
            && g_hash_table_contains (in->frame->func->globals_decl, target->name.id))
          env = in->globals;
        if (!bs_env_remove (env, target->name.id))
          return bs_raise (in, "NameError", "name '%s' is not defined", target->name.id);
        return TRUE;
      }
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      for (guint i = 0; i < target->seq.elts.len; i++)
        if (!delete_target (in, target->seq.elts.items[i]))
          return FALSE;
      return TRUE;
    case BS_AST_ATTRIBUTE:
      {
        BsValue obj;
        gboolean ok;

        if (!bs_eval (in, target->attribute.value, &obj))
          return FALSE;
        ok = bs_delattr (in, obj, target->attribute.attr);
        bs_value_unref (obj);
        return ok;
      }
    case BS_AST_SUBSCRIPT:
      {
        BsValue obj, key;
        gboolean ok;

        if (!bs_eval_subscript (in, target, &obj, &key))
          return FALSE;
        ok = bs_delitem (in, obj, key);
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok;
      }
    default:
      return bs_raise (in, "SyntaxError", "cannot delete expression");
    }
}

/* --- statements -------------------------------------------------------- */

/* Applies decorators innermost first; *value is replaced (or released on error). */
static gboolean
apply_decorators (BsInterp         *in,
                  const BsNodeList *decorators,
                  BsValue          *value)
{
  for (guint i = decorators->len; i > 0; i--)
    {
      BsValue dec, res;
      gboolean ok;

      if (!bs_eval (in, decorators->items[i - 1], &dec))
        {
          bs_value_unref (*value);
          return FALSE;
        }
      ok = bs_call_simple (in, dec, value, 1, &res);
      bs_value_unref (dec);
      bs_value_unref (*value);
      if (!ok)
        return FALSE;
      *value = res;
    }
  return TRUE;
}

/* A built-in base lecture code subclasses (dict, OrderedDict, list) becomes the class of
 * the collections prelude that holds one (collections._DictSubclass...): *base is replaced
 * and *builtin names the type, for isinstance. */
static gboolean
builtin_base (BsInterp    *in,
              BsValue     *base,
              const char **builtin)
{
  static const char *const stand_ins[][2] = {
    { "dict", "_DictSubclass" },
    { "OrderedDict", "_OrderedDictSubclass" },
    { "list", "_ListSubclass" },
  };
  const char *name;
  BsValue module, klass;

  if (!bs_value_is_object (*base, BS_OBJECT_BUILTIN))
    return TRUE;
  name = ((BsBuiltin *) base->as.object)->name;
  for (guint i = 0; i < G_N_ELEMENTS (stand_ins); i++)
    {
      if (strcmp (name, stand_ins[i][0]) != 0)
        continue;
      if (!bs_import_module (in, "collections", &module))
        {
          bs_value_unref (*base);
          return FALSE;
        }
      if (!bs_getattr (in, module, stand_ins[i][1], &klass))
        {
          bs_value_unref (module);
          bs_value_unref (*base);
          return FALSE;
        }
      bs_value_unref (module);
      bs_value_unref (*base);
      *base = klass;
      *builtin = g_intern_string (stand_ins[i][0]);
      return TRUE;
    }
  return TRUE;
}

/* One base of a class statement: the built-in types lecture code subclasses replaced by
 * their stand-ins. Takes base; appends it to bases. */
static gboolean
add_base (BsInterp *in,
          BsValue   base,
          GArray   *bases)
{
  const char *stand_in = NULL;

  if (!builtin_base (in, &base, &stand_in))
    return FALSE;
  g_array_append_val (bases, base);
  if (bs_value_is_object (base, BS_OBJECT_BUILTIN) && bs_builtin_is_type (in, base))
    return bs_raise (in, "NotImplementedError", "subclassing the built-in type %s is not "
                     "supported by Backstep (dict, OrderedDict and list are)",
                     ((BsBuiltin *) base.as.object)->name);
  if (!bs_value_is_object (base, BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "bases must be types");
  if (stand_in != NULL)
    bs_class_set_stands_for (base, stand_in);
  return TRUE;
}

/* The bases of a class statement, evaluated (new references in given), *bases unpacked */
static gboolean
eval_bases (BsInterp  *in,
            BsAstNode *node,
            GArray    *given)
{
  for (guint i = 0; i < node->class_def.bases.len; i++)
    {
      BsAstNode *expr = node->class_def.bases.items[i];
      BsValue v, list;
      gsize n;
      BsValue *items;

      if (expr->kind != BS_AST_STARRED)
        {
          if (!bs_eval (in, expr, &v))
            return FALSE;
          g_array_append_val (given, v);
          continue;
        }
      if (!bs_eval (in, expr->starred.value, &v))
        return FALSE;
      if (!bs_to_list (in, v, &list))
        {
          bs_value_unref (v);
          return FALSE;
        }
      bs_value_unref (v);
      items = bs_value_items (list, &n);
      for (gsize k = 0; k < n; k++)
        {
          v = bs_value_ref (items[k]);
          g_array_append_val (given, v);
        }
      bs_value_unref (list);
    }
  return TRUE;
}

/* The bases the class gets (new references in bases): what each given base's
 * __mro_entries__ (PEP 560: typing.Generic[T]) replaces it by, else itself. *replaced: the
 * given ones, as a tuple for __orig_bases__, when one was replaced; else None. */
static gboolean
resolve_bases (BsInterp *in,
               GArray   *given,
               GArray   *bases,
               BsValue  *replaced)
{
  *replaced = BS_NONE;
  for (guint i = 0; i < given->len; i++)
    {
      BsValue base = g_array_index (given, BsValue, i), entries, method;
      gboolean found, ok;
      gsize n;
      BsValue *items;

      if (!bs_value_is_object (base, BS_OBJECT_INSTANCE))
        {
          if (!add_base (in, bs_value_ref (base), bases))
            return FALSE;
          continue;
        }
      if (!bs_getattr_opt (in, base, "__mro_entries__", &method, &found))
        return FALSE;
      if (!found)
        return bs_raise (in, "TypeError", "bases must be types");
      if (bs_value_is_none (*replaced))
        *replaced = bs_tuple_from (in, (BsValue *) given->data, given->len);
      ok = bs_call_simple (in, method, replaced, 1, &entries);
      bs_value_unref (method);
      if (!ok)
        return FALSE;
      items = bs_value_is_object (entries, BS_OBJECT_TUPLE) ? bs_value_items (entries, &n) : NULL;
      if (items == NULL)
        {
          bs_value_unref (entries);
          return bs_raise (in, "TypeError", "__mro_entries__ must return a tuple");
        }
      for (gsize k = 0; k < n && ok; k++)
        ok = add_base (in, bs_value_ref (items[k]), bases);
      bs_value_unref (entries);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* CPython's type.__new__ calls the parent's __init_subclass__ (an implicit class method)
 * once the class is made; object's does nothing. */
static gboolean
init_subclass (BsInterp *in,
               BsValue   klass)
{
  BsValue method, owner, ignored;
  gboolean ok;

  if (!bs_class_lookup_after (klass, klass, "__init_subclass__", &method, &owner))
    return TRUE;
  if (bs_classmethod_func (method) != NULL)
    method = *bs_classmethod_func (method);
  ok = bs_call_simple (in, method, &klass, 1, &ignored);
  if (ok)
    bs_value_unref (ignored);
  return ok;
}

static BsExecResult
exec_class (BsInterp  *in,
            BsAstNode *node)
{
  BsValue klass, decorated;
  BsEnv *env;
  BsFrame body;
  BsExecResult r;
  BsValue ignored = BS_NONE;
  BsClass *c;
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (BsValue));
  g_autoptr(GArray) bases = g_array_new (FALSE, FALSE, sizeof (BsValue));
  BsValue orig_bases = BS_NONE;
  gboolean ok;

  ok = eval_bases (in, node, given) && resolve_bases (in, given, bases, &orig_bases)
       && bs_class_new_from_bases (in, node->class_def.name, (BsValue *) bases->data,
                                   bases->len, &klass);
  for (guint i = 0; i < given->len; i++)
    bs_value_unref (g_array_index (given, BsValue, i));
  for (guint i = 0; i < bases->len; i++)
    bs_value_unref (g_array_index (bases, BsValue, i));
  if (!ok)
    {
      bs_value_unref (orig_bases);
      return BS_EXEC_ERROR;
    }
  c = (BsClass *) klass.as.object;
  g_free (c->qualname);
  c->qualname = bs_qualname (in, node->class_def.name);
  /* the built-in type of the base whose lay-out it has (class X(dict)) */
  if (bs_value_is_object (c->base_class, BS_OBJECT_CLASS))
    {
      BsClass *b = (BsClass *) c->base_class.as.object;

      c->builtin_base = b->stands_for != NULL ? b->stands_for : b->builtin_base;
    }
  c->is_prelude = in->frame->is_prelude;
  /* as CPython's class body, which starts with __module__ = __name__ (a module of
   * Backstep's own Python: its name; its classes may name PyTorch's file instead) */
  if (!c->is_prelude)
    bs_dict_set_str (c->dict, "__module__", bs_str_value (in, "__main__"));
  else
    {
      BsValue *module = bs_env_lookup (in->globals, "__name__");

      if (module != NULL && bs_value_str (*module) != NULL)
        bs_dict_set_str (c->dict, "__module__", bs_value_ref (*module));
    }
  if (!bs_value_is_none (orig_bases))
    bs_dict_set_str (c->dict, "__orig_bases__", orig_bases);
  if (c->is_prelude && strcmp (c->name, "Module") == 0)
    c->is_module = TRUE;
  env = bs_env_new (in, in->frame->env);
  env->is_class = TRUE;
  bs_push_pseudo_frame (in, &body, node->class_def.name, env);
  body.scope = BS_SCOPE_CLASS;
  body.qualname = c->qualname;
  body.klass = klass;
  r = bs_exec_block (in, node->class_def.body.items, node->class_def.body.len, &ignored);
  bs_pop_pseudo_frame (in, &body);
  bs_value_unref (ignored);
  if (r == BS_EXEC_ERROR)
    {
      bs_value_unref (BS_OBJECT (env));
      bs_value_unref (klass);
      return BS_EXEC_ERROR;
    }
  for (guint i = 0; env->order != NULL && i < env->order->len; i++)
    {
      const char *key = g_ptr_array_index (env->order, i);
      BsValue *value = bs_env_find (env, key);

      /* a name deleted in the body (del x) is gone from vars */
      if (value == NULL)
        continue;
      {
        BsValue v = *value;

        if (bs_value_is_object (v, BS_OBJECT_FUNCTION))
          {
            BsFunction *f = (BsFunction *) v.as.object;

            if (bs_value_is_none (f->klass))
              f->klass = bs_value_ref (klass);
          }
        if (bs_property_is (v))
          {
            bs_property_set_name (v, key);
            c->has_properties = TRUE;
          }
        bs_dict_set_str (c->dict, key, bs_value_ref (v));
      }
    }
  bs_value_unref (BS_OBJECT (env));
  bs_class_update_abstracts (in, klass);
  if (!bs_class_update_slots (in, klass) || !init_subclass (in, klass))
    {
      bs_value_unref (klass);
      return BS_EXEC_ERROR;
    }
  /* the class keeps its methods, which point back at it through klass: a cycle
   * the heap frees at the end */
  decorated = klass;
  if (!apply_decorators (in, &node->class_def.decorators, &decorated))
    return BS_EXEC_ERROR;
  bs_store_name (in, node->class_def.name, decorated);
  return BS_EXEC_NORMAL;
}

/* raise exc from cause: cause (an exception, its class, or None) becomes __cause__, and
 * the context is no longer printed. */
static gboolean
set_cause (BsInterp  *in,
           BsValue    exc,
           BsAstNode *cause_node)
{
  BsValue cause, dict = ((BsInstance *) exc.as.object)->dict;

  if (!bs_eval (in, cause_node, &cause))
    return FALSE;
  if (bs_value_is_object (cause, BS_OBJECT_CLASS)
      && ((BsClass *) cause.as.object)->is_exception)
    {
      BsValue instance;
      gboolean ok = bs_call_simple (in, cause, NULL, 0, &instance);

      bs_value_unref (cause);
      if (!ok)
        return FALSE;
      cause = instance;
    }
  if (!bs_value_is_none (cause) && !bs_is_exception_instance (cause))
    {
      bs_value_unref (cause);
      return bs_raise (in, "TypeError", "exception causes must derive from BaseException");
    }
  bs_dict_set_str (dict, "__cause__", cause);
  bs_dict_set_str (dict, "__suppress_context__", BS_BOOL (TRUE));
  return TRUE;
}

static BsExecResult
exec_try (BsInterp  *in,
          BsAstNode *node,
          BsValue   *ret)
{
  BsExecResult r = bs_exec_block (in, node->try_stmt.body.items, node->try_stmt.body.len, ret);

  if (r == BS_EXEC_ERROR && in->fatal == NULL)
    {
      BsValue exc = in->exc;

      for (guint i = 0; i < node->try_stmt.handlers.len; i++)
        {
          BsAstNode *h = node->try_stmt.handlers.items[i];
          gboolean matches = TRUE;

          if (h->except_handler.type != NULL)
            {
              BsValue klass;
              gboolean recorded = in->frame->recorded;

              in->exc = BS_NONE;
              in->frame->recorded = FALSE;
              if (!bs_eval (in, h->except_handler.type, &klass))
                {
                  bs_value_unref (exc);
                  r = BS_EXEC_ERROR;
                  goto finally;
                }
              matches = bs_exception_matches (in, exc, klass);
              bs_value_unref (klass);
              in->exc = exc;
              in->frame->recorded = recorded;
            }
          if (!matches)
            continue;
          in->exc = BS_NONE;
          in->frame->recorded = FALSE;
          if (h->except_handler.name != NULL)
            bs_store_name (in, h->except_handler.name, bs_value_ref (exc));
          {
            /* what a bare "raise" re-raises, in the handler and what it calls */
            BsValue outer = in->handling;

            in->handling = exc;
            r = bs_exec_block (in, h->except_handler.body.items, h->except_handler.body.len, ret);
            in->handling = outer;
          }
          bs_value_unref (exc);
          goto finally;
        }
    }
  else if (r == BS_EXEC_NORMAL)
    r = bs_exec_block (in, node->try_stmt.orelse.items, node->try_stmt.orelse.len, ret);

finally:
  if (node->try_stmt.finalbody.len > 0)
    {
      BsValue pending = in->exc;
      BsValue fret = BS_NONE;
      gboolean recorded = in->frame->recorded;
      BsExecResult fr;
      BsValue outer = in->handling;

      in->exc = BS_NONE;
      in->frame->recorded = FALSE;
      /* an exception on its way out is being handled while the finally block runs */
      if (r == BS_EXEC_ERROR && bs_is_exception_instance (pending))
        in->handling = pending;
      fr = bs_exec_block (in, node->try_stmt.finalbody.items, node->try_stmt.finalbody.len, &fret);
      in->handling = outer;
      if (fr == BS_EXEC_NORMAL)
        {
          in->exc = pending;
          in->frame->recorded = recorded;
          bs_value_unref (fret);
          return r;
        }
      bs_value_unref (pending);
      if (r == BS_EXEC_RETURN)
        bs_value_unref (*ret);
      *ret = fret;
      return fr;
    }
  return r;
}

static BsExecResult
exec_with (BsInterp  *in,
           BsAstNode *node,
           BsValue   *ret,
           guint      index)
{
  BsAstNode *item;
  BsValue manager, entered, exit_method, result = BS_NONE;
  BsExecResult r;

  if (index == node->with_stmt.items.len)
    return bs_exec_block (in, node->with_stmt.body.items, node->with_stmt.body.len, ret);
  item = node->with_stmt.items.items[index];
  if (!bs_eval (in, item->with_item.context_expr, &manager))
    return BS_EXEC_ERROR;
  {
    BsValue enter_method = BS_NONE;
    gboolean has_enter = FALSE, has_exit = FALSE, ok;

    exit_method = BS_NONE;
    ok = bs_getattr_opt (in, manager, "__enter__", &enter_method, &has_enter)
         && (!has_enter || bs_getattr_opt (in, manager, "__exit__", &exit_method, &has_exit));
    if (ok && !has_exit)
      bs_raise (in, "TypeError", "'%s' object does not support the context manager protocol%s",
                bs_type_name (manager), has_enter ? " (missed __exit__ method)" : "");
    bs_value_unref (manager);
    ok = ok && has_exit && bs_call_simple (in, enter_method, NULL, 0, &entered);
    bs_value_unref (enter_method);
    if (!ok)
      {
        bs_value_unref (exit_method);
        return BS_EXEC_ERROR;
      }
  }
  if (item->with_item.optional_vars != NULL)
    {
      if (!bs_assign (in, item->with_item.optional_vars, entered))
        {
          bs_value_unref (exit_method);
          return BS_EXEC_ERROR;
        }
    }
  else
    bs_value_unref (entered);
  r = exec_with (in, node, ret, index + 1);
  {
    BsValue pending = in->exc;
    BsValue args[3] = { BS_NONE, BS_NONE, BS_NONE };
    gboolean suppress = FALSE, recorded = in->frame->recorded;

    in->exc = BS_NONE;
    in->frame->recorded = FALSE;
    if (r == BS_EXEC_ERROR && in->fatal == NULL)
      {
        args[0] = bs_class_of (in, pending);
        args[1] = pending;
      }
    if (!bs_call_simple (in, exit_method, args, 3, &result))
      {
        bs_value_unref (pending);
        bs_value_unref (exit_method);
        return BS_EXEC_ERROR;
      }
    bs_value_unref (exit_method);
    if (r == BS_EXEC_ERROR && in->fatal == NULL)
      bs_truthy (in, result, &suppress);
    bs_value_unref (result);
    if (suppress)
      {
        bs_value_unref (pending);
        return BS_EXEC_NORMAL;
      }
    in->exc = pending;
    in->frame->recorded = recorded;
  }
  return r;
}

static BsExecResult
exec_import (BsInterp  *in,
             BsAstNode *node)
{
  if (node->kind == BS_AST_IMPORT)
    {
      for (guint i = 0; i < node->import.names.len; i++)
        {
          BsAstNode *a = node->import.names.items[i];
          BsValue module;

          if (!bs_import_module (in, a->alias.name, &module))
            return BS_EXEC_ERROR;
          if (a->alias.asname != NULL)
            bs_store_name (in, a->alias.asname, module);
          else
            {
              /* "import torch.nn" binds "torch" */
              const char *dot = strchr (a->alias.name, '.');

              if (dot != NULL)
                {
                  g_autofree char *text = g_strndup (a->alias.name, dot - a->alias.name);
                  const char *top = bs_intern (in, text);

                  bs_value_unref (module);
                  if (!bs_import_module (in, top, &module))
                    return BS_EXEC_ERROR;
                  bs_store_name (in, top, module);
                }
              else
                bs_store_name (in, a->alias.name, module);
            }
        }
      return BS_EXEC_NORMAL;
    }
  {
    BsValue module;

    if (node->import_from.level > 0 || node->import_from.module == NULL)
      {
        bs_raise (in, "ImportError", "attempted relative import with no known parent package");
        return BS_EXEC_ERROR;
      }
    if (!bs_import_module (in, node->import_from.module, &module))
      return BS_EXEC_ERROR;
    for (guint i = 0; i < node->import_from.names.len; i++)
      {
        BsAstNode *a = node->import_from.names.items[i];
        BsValue v;
        gboolean found;

        if (strcmp (a->alias.name, "*") == 0)
          {
            BsModule *m = (BsModule *) module.as.object;
            BsDict *d = (BsDict *) m->dict.as.object;

            for (guint j = 0; j < d->entries->len; j++)
              {
                BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, j);
                const char *name = bs_value_str (e->key);

                if (e->deleted || name == NULL || name[0] == '_')
                  continue;
                bs_store_name (in, bs_intern (in, name), bs_value_ref (e->value));
              }
            continue;
          }
        if (!bs_getattr_opt (in, module, a->alias.name, &v, &found))
          {
            bs_value_unref (module);
            return BS_EXEC_ERROR;
          }
        if (!found)
          {
            g_autofree char *sub = g_strdup_printf ("%s.%s", node->import_from.module,
                                                    a->alias.name);

            if (!bs_import_module (in, sub, &v))
              {
                g_autofree char *lacking =
                  bs_api_names_missing_message (node->import_from.module, a->alias.name);

                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                bs_raise (in, "ImportError", "cannot import name '%s' from '%s'%s%s%s",
                          a->alias.name, node->import_from.module,
                          lacking != NULL ? " (" : "", lacking != NULL ? lacking : "",
                          lacking != NULL ? ")" : "");
                bs_value_unref (module);
                return BS_EXEC_ERROR;
              }
          }
        bs_store_name (in, a->alias.asname != NULL ? a->alias.asname : a->alias.name, v);
      }
    bs_value_unref (module);
    return BS_EXEC_NORMAL;
  }
}

static BsExecResult
exec_while (BsInterp  *in,
            BsAstNode *node,
            BsValue   *ret)
{
  /* a generator's loops are not scopes: a yield leaves them open while its resumer runs */
  gboolean scoped = G_UNLIKELY (in->scopes) && !in->frame->is_prelude
                    && in->frame->generator == NULL;

  for (guint64 iteration = 1;; iteration++)
    {
      gboolean truth;
      BsExecResult r;

      in->frame->line = node->span.line;
      if (!bs_check_limits (in))
        {
          bs_raise_fatal (in);
          return BS_EXEC_ERROR;
        }
      if (!bs_eval_truth (in, node->while_stmt.test, &truth))
        return BS_EXEC_ERROR;
      if (!truth)
        return bs_exec_block (in, node->while_stmt.orelse.items, node->while_stmt.orelse.len, ret);
      if (scoped)
        bs_begin_iteration (in, node, BS_NONE, iteration);
      r = bs_exec_block (in, node->while_stmt.body.items, node->while_stmt.body.len, ret);
      if (scoped)
        bs_scope_end (in);
      if (r == BS_EXEC_BREAK)
        return BS_EXEC_NORMAL;
      if (r == BS_EXEC_RETURN || r == BS_EXEC_ERROR)
        return r;
    }
}

static BsExecResult
exec_for (BsInterp  *in,
          BsAstNode *node,
          BsValue   *ret)
{
  /* a generator's loops are not scopes: a yield leaves them open while its resumer runs */
  gboolean scoped = G_UNLIKELY (in->scopes) && !in->frame->is_prelude
                    && in->frame->generator == NULL;
  BsValue iterable;
  BsPyIter it;
  BsExecResult r = BS_EXEC_NORMAL;
  gboolean broke = FALSE;

  if (!bs_eval (in, node->for_stmt.iter, &iterable))
    return BS_EXEC_ERROR;
  if (!bs_py_iter_init (in, iterable, &it))
    {
      bs_value_unref (iterable);
      return BS_EXEC_ERROR;
    }
  bs_value_unref (iterable);
  for (guint64 iteration = 1;; iteration++)
    {
      BsValue item;
      int n = bs_py_iter_next (in, &it, &item);

      if (n == 0)
        break;
      if (n < 0)
        {
          r = BS_EXEC_ERROR;
          break;
        }
      in->frame->line = node->span.line;
      if (scoped)
        bs_begin_iteration (in, node, item, iteration);
      if (bs_assign (in, node->for_stmt.target, item))
        r = bs_exec_block (in, node->for_stmt.body.items, node->for_stmt.body.len, ret);
      else
        r = BS_EXEC_ERROR;
      if (scoped)
        bs_scope_end (in);
      if (r == BS_EXEC_BREAK)
        {
          broke = TRUE;
          r = BS_EXEC_NORMAL;
          break;
        }
      if (r == BS_EXEC_RETURN || r == BS_EXEC_ERROR)
        break;
      r = BS_EXEC_NORMAL;
    }
  bs_py_iter_clear (&it);
  if (r == BS_EXEC_NORMAL && !broke)
    r = bs_exec_block (in, node->for_stmt.orelse.items, node->for_stmt.orelse.len, ret);
  return r;
}

/* "x: int" at module level or in a class body: the annotation, evaluated, goes into the
 * scope's __annotations__ (what @dataclass reads), as CPython does; a function's are only
 * parsed, as there. */
static gboolean
store_annotation (BsInterp  *in,
                  BsAstNode *node)
{
  const char *key = bs_intern (in, "__annotations__");
  BsValue annotation, *dict;

  if (!bs_eval (in, node->ann_assign.annotation, &annotation))
    return FALSE;
  if (node->ann_assign.target->kind != BS_AST_NAME)
    {
      bs_value_unref (annotation);
      return TRUE;
    }
  dict = bs_env_find (in->frame->env, key);
  if (dict == NULL || !bs_value_is_object (*dict, BS_OBJECT_DICT))
    {
      bs_env_store (in->frame->env, key, bs_dict_new (in->heap));
      dict = bs_env_find (in->frame->env, key);
    }
  bs_dict_set_str (*dict, node->ann_assign.target->name.id, annotation);
  return TRUE;
}

static BsExecResult
exec_stmt_kind (BsInterp  *in,
                BsAstNode *node,
                BsValue   *ret)
{
  BsFrame *frame = in->frame;

  frame->line = node->span.line;
  if (!frame->is_prelude)
    {
      in->cur_span_valid = FALSE;
      if (in->options.interp_sink != NULL && in->options.interp_sink->statement != NULL
          && node->kind != BS_AST_FUNCTION_DEF && node->kind != BS_AST_CLASS_DEF)
        {
          BsSourceSpan span = { node->span.line, node->span.col, node->span.end_line,
                                node->span.end_col };

          in->options.interp_sink->statement (in->options.sink_data, &span);
        }
    }
  if (!bs_check_limits (in))
    {
      bs_raise_fatal (in);
      return BS_EXEC_ERROR;
    }

  switch (node->kind)
    {
    case BS_AST_EXPR_STMT:
      {
        BsValue v;

        if (!bs_eval (in, node->expr_stmt.value, &v))
          return BS_EXEC_ERROR;
        if (node == in->display_node && !bs_display_value (in, v))
          {
            bs_value_unref (v);
            return BS_EXEC_ERROR;
          }
        bs_value_unref (v);
        return BS_EXEC_NORMAL;
      }

    case BS_AST_ASSIGN:
      {
        BsValue v;

        if (!bs_eval (in, node->assign.value, &v))
          return BS_EXEC_ERROR;
        for (guint i = 0; i < node->assign.targets.len; i++)
          if (!bs_assign (in, node->assign.targets.items[i], bs_value_ref (v)))
            {
              bs_value_unref (v);
              return BS_EXEC_ERROR;
            }
        bs_value_unref (v);
        return BS_EXEC_NORMAL;
      }

    case BS_AST_ANN_ASSIGN:
      {
        BsValue v;

        if (in->frame->func == NULL && !store_annotation (in, node))
          return BS_EXEC_ERROR;
        if (node->ann_assign.value == NULL)
          return BS_EXEC_NORMAL;
        if (!bs_eval (in, node->ann_assign.value, &v))
          return BS_EXEC_ERROR;
        return bs_assign (in, node->ann_assign.target, v) ? BS_EXEC_NORMAL : BS_EXEC_ERROR;
      }

    case BS_AST_AUG_ASSIGN:
      {
        BsAstNode *t = node->aug_assign.target;
        BsValue obj = BS_NONE, key = BS_NONE, current, rhs, result;
        gboolean ok;

        if (t->kind == BS_AST_NAME)
          {
            if (!bs_lookup_name (in, t->name.id, &current))
              return BS_EXEC_ERROR;
          }
        else if (t->kind == BS_AST_ATTRIBUTE)
          {
            if (!bs_eval (in, t->attribute.value, &obj))
              return BS_EXEC_ERROR;
            if (!bs_getattr (in, obj, t->attribute.attr, &current))
              {
                bs_value_unref (obj);
                return BS_EXEC_ERROR;
              }
          }
        else if (t->kind == BS_AST_SUBSCRIPT)
          {
            if (!bs_eval_subscript (in, t, &obj, &key))
              return BS_EXEC_ERROR;
            if (!bs_getitem (in, obj, key, &current))
              {
                bs_value_unref (obj);
                bs_value_unref (key);
                return BS_EXEC_ERROR;
              }
          }
        else
          {
            bs_raise (in, "SyntaxError", "illegal expression for augmented assignment");
            return BS_EXEC_ERROR;
          }
        if (!bs_eval (in, node->aug_assign.value, &rhs))
          {
            bs_value_unref (obj);
            bs_value_unref (key);
            bs_value_unref (current);
            return BS_EXEC_ERROR;
          }
        bs_interp_set_span (in, &node->span);
        ok = bs_inplace_op (in, node->aug_assign.op, current, rhs, &result);
        bs_value_unref (current);
        bs_value_unref (rhs);
        if (ok)
          {
            if (t->kind == BS_AST_NAME)
              ok = bs_store_name (in, t->name.id, result);
            else if (t->kind == BS_AST_ATTRIBUTE)
              {
                ok = bs_setattr (in, obj, t->attribute.attr, result);
                bs_value_unref (result);
              }
            else
              {
                ok = bs_setitem (in, obj, key, result);
                bs_value_unref (result);
              }
          }
        bs_value_unref (obj);
        bs_value_unref (key);
        return ok ? BS_EXEC_NORMAL : BS_EXEC_ERROR;
      }

    case BS_AST_IF:
      {
        gboolean truth;

        if (!bs_eval_truth (in, node->if_stmt.test, &truth))
          return BS_EXEC_ERROR;
        if (truth)
          return bs_exec_block (in, node->if_stmt.body.items, node->if_stmt.body.len, ret);
        return bs_exec_block (in, node->if_stmt.orelse.items, node->if_stmt.orelse.len, ret);
      }

    case BS_AST_WHILE:
      return exec_while (in, node, ret);

    case BS_AST_FOR:
      return exec_for (in, node, ret);

    case BS_AST_BREAK:
      return BS_EXEC_BREAK;
    case BS_AST_CONTINUE:
      return BS_EXEC_CONTINUE;
    case BS_AST_PASS:
      return BS_EXEC_NORMAL;

    case BS_AST_RETURN:
      if (node->return_stmt.value == NULL)
        *ret = BS_NONE;
      else if (!bs_eval (in, node->return_stmt.value, ret))
        return BS_EXEC_ERROR;
      return BS_EXEC_RETURN;

    case BS_AST_FUNCTION_DEF:
      {
        BsValue f;

        if (!bs_make_function (in, node->function_def.name, node->function_def.args,
                            node->function_def.body.items, node->function_def.body.len, NULL,
                            &f))
          {
            bs_value_unref (f);
            return BS_EXEC_ERROR;
          }
        ((BsFunction *) f.as.object)->is_generator = node->function_def.is_generator;
        if (!apply_decorators (in, &node->function_def.decorators, &f))
          return BS_EXEC_ERROR;
        bs_store_name (in, node->function_def.name, f);
        return BS_EXEC_NORMAL;
      }

    case BS_AST_CLASS_DEF:
      return exec_class (in, node);

    case BS_AST_WITH:
      return exec_with (in, node, ret, 0);

    case BS_AST_TRY:
      return exec_try (in, node, ret);

    case BS_AST_RAISE:
      {
        BsValue exc;

        if (node->raise.exc == NULL)
          {
            if (bs_value_is_none (in->handling))
              bs_raise (in, "RuntimeError", "No active exception to reraise");
            else
              {
                /* as in CPython, re-raising adds no entry for this frame */
                bs_raise_value (in, bs_value_ref (in->handling));
                in->frame->recorded = TRUE;
              }
            return BS_EXEC_ERROR;
          }
        if (!bs_eval (in, node->raise.exc, &exc))
          return BS_EXEC_ERROR;
        if (bs_value_is_object (exc, BS_OBJECT_CLASS))
          {
            BsValue instance;

            if (!bs_call_simple (in, exc, NULL, 0, &instance))
              {
                bs_value_unref (exc);
                return BS_EXEC_ERROR;
              }
            bs_value_unref (exc);
            exc = instance;
          }
        if (!bs_is_exception_instance (exc))
          {
            bs_value_unref (exc);
            bs_raise (in, "TypeError", "exceptions must derive from BaseException");
            return BS_EXEC_ERROR;
          }
        if (node->raise.cause != NULL && !set_cause (in, exc, node->raise.cause))
          {
            bs_value_unref (exc);
            return BS_EXEC_ERROR;
          }
        bs_raise_value (in, exc);
        return BS_EXEC_ERROR;
      }

    case BS_AST_ASSERT:
      {
        gboolean truth;

        if (!bs_eval_truth (in, node->assert_stmt.test, &truth))
          return BS_EXEC_ERROR;
        if (truth)
          return BS_EXEC_NORMAL;
        if (node->assert_stmt.msg != NULL)
          {
            BsValue msg, exc;

            if (!bs_eval (in, node->assert_stmt.msg, &msg))
              return BS_EXEC_ERROR;
            if (!bs_call_simple (in, bs_lookup_builtin (in, "AssertionError"), &msg, 1, &exc))
              {
                bs_value_unref (msg);
                return BS_EXEC_ERROR;
              }
            bs_value_unref (msg);
            bs_raise_value (in, exc);
            bs_record_traceback (in, node->assert_stmt.test);
            return BS_EXEC_ERROR;
          }
        {
          BsValue exc;

          if (bs_call_simple (in, bs_lookup_builtin (in, "AssertionError"), NULL, 0, &exc))
            bs_raise_value (in, exc);
        }
        bs_record_traceback (in, node->assert_stmt.test);
        return BS_EXEC_ERROR;
      }

    case BS_AST_DELETE:
      for (guint i = 0; i < node->delete_stmt.targets.len; i++)
        if (!delete_target (in, node->delete_stmt.targets.items[i]))
          return BS_EXEC_ERROR;
      return BS_EXEC_NORMAL;

    case BS_AST_GLOBAL:
    case BS_AST_NONLOCAL:
      return BS_EXEC_NORMAL;

    case BS_AST_IMPORT:
    case BS_AST_IMPORT_FROM:
      return exec_import (in, node);

    default:
      bs_raise (in, "SyntaxError", "unsupported statement: %s", bs_node_kind_name (node->kind));
      return BS_EXEC_ERROR;
    }
}

BsExecResult
bs_exec_block (BsInterp   *in,
               BsAstNode **body,
               guint       n,
               BsValue    *ret)
{
  for (guint i = 0; i < n; i++)
    {
      BsExecResult r = exec_stmt_kind (in, body[i], ret);

      /* a statement that took the script over the memory budget raises MemoryError there */
      if (G_UNLIKELY (in->context->over_budget) && r != BS_EXEC_ERROR)
        {
          if (r == BS_EXEC_RETURN)
            bs_value_unref (*ret);
          in->frame->line = body[i]->span.line;
          in->cur_span_valid = FALSE;
          bs_py_check_budget (in);
          r = BS_EXEC_ERROR;
        }

      if (r != BS_EXEC_NORMAL)
        {
          if (r == BS_EXEC_ERROR)
            bs_record_traceback (in, body[i]);
          return r;
        }
    }
  return BS_EXEC_NORMAL;
}
