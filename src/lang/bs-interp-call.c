/* bs-interp-call.c: functions: making them, binding arguments, calling */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"
#include "bs-signature.h"

#include <string.h>

/* --- functions --------------------------------------------------------- */

static void
collect_target_names (BsAstNode  *target,
                      GHashTable *names)
{
  if (target == NULL)
    return;
  switch (target->kind)
    {
    case BS_AST_NAME:
      g_hash_table_add (names, (gpointer) target->name.id);
      break;
    case BS_AST_TUPLE:
    case BS_AST_LIST:
      for (guint i = 0; i < target->seq.elts.len; i++)
        collect_target_names (target->seq.elts.items[i], names);
      break;
    case BS_AST_STARRED:
      collect_target_names (target->starred.value, names);
      break;
    default:
      break;
    }
}

static void
collect_locals (BsAstNode **body,
                guint       n,
                GHashTable *names,
                GHashTable **globals_decl,
                GHashTable **nonlocal_decl)
{
  for (guint i = 0; i < n; i++)
    {
      BsAstNode *s = body[i];

      switch (s->kind)
        {
        case BS_AST_ASSIGN:
          for (guint j = 0; j < s->assign.targets.len; j++)
            collect_target_names (s->assign.targets.items[j], names);
          break;
        case BS_AST_AUG_ASSIGN:
          collect_target_names (s->aug_assign.target, names);
          break;
        case BS_AST_ANN_ASSIGN:
          if (s->ann_assign.value != NULL)
            collect_target_names (s->ann_assign.target, names);
          break;
        case BS_AST_FOR:
          collect_target_names (s->for_stmt.target, names);
          collect_locals (s->for_stmt.body.items, s->for_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->for_stmt.orelse.items, s->for_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_IF:
        case BS_AST_WHILE:
          collect_locals (s->if_stmt.body.items, s->if_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->if_stmt.orelse.items, s->if_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_WITH:
          for (guint j = 0; j < s->with_stmt.items.len; j++)
            collect_target_names (s->with_stmt.items.items[j]->with_item.optional_vars, names);
          collect_locals (s->with_stmt.body.items, s->with_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          break;
        case BS_AST_TRY:
          collect_locals (s->try_stmt.body.items, s->try_stmt.body.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->try_stmt.orelse.items, s->try_stmt.orelse.len, names,
                          globals_decl, nonlocal_decl);
          collect_locals (s->try_stmt.finalbody.items, s->try_stmt.finalbody.len, names,
                          globals_decl, nonlocal_decl);
          for (guint j = 0; j < s->try_stmt.handlers.len; j++)
            {
              BsAstNode *h = s->try_stmt.handlers.items[j];

              if (h->except_handler.name != NULL)
                g_hash_table_add (names, (gpointer) h->except_handler.name);
              collect_locals (h->except_handler.body.items, h->except_handler.body.len,
                              names, globals_decl, nonlocal_decl);
            }
          break;
        case BS_AST_FUNCTION_DEF:
          g_hash_table_add (names, (gpointer) s->function_def.name);
          break;
        case BS_AST_CLASS_DEF:
          g_hash_table_add (names, (gpointer) s->class_def.name);
          break;
        case BS_AST_DELETE:
          for (guint j = 0; j < s->delete_stmt.targets.len; j++)
            collect_target_names (s->delete_stmt.targets.items[j], names);
          break;
        case BS_AST_IMPORT:
        case BS_AST_IMPORT_FROM:
          {
            const BsNodeList *aliases = s->kind == BS_AST_IMPORT ? &s->import.names
                                                                  : &s->import_from.names;

            for (guint j = 0; j < aliases->len; j++)
              {
                BsAstNode *a = aliases->items[j];

                if (a->alias.asname != NULL)
                  g_hash_table_add (names, (gpointer) a->alias.asname);
                else if (s->kind == BS_AST_IMPORT_FROM || strchr (a->alias.name, '.') == NULL)
                  g_hash_table_add (names, (gpointer) a->alias.name);
              }
            break;
          }
        case BS_AST_GLOBAL:
        case BS_AST_NONLOCAL:
          {
            GHashTable **decl = s->kind == BS_AST_GLOBAL ? globals_decl : nonlocal_decl;

            if (*decl == NULL)
              *decl = g_hash_table_new (NULL, NULL);
            for (guint j = 0; j < s->global.names.len; j++)
              g_hash_table_add (*decl, (gpointer) s->global.names.items[j]->name.id);
            break;
          }
        default:
          break;
        }
    }
}

void
bs_function_finalize (BsObject *object)
{
  BsFunction *f = (BsFunction *) object;
  guint n = f->args->arguments.args.len, k = f->args->arguments.kwonlyargs.len;

  for (guint i = 0; i < n; i++)
    bs_value_unref (f->defaults[i]);
  for (guint i = 0; i < k; i++)
    bs_value_unref (f->kw_defaults[i]);
  g_free (f->defaults);
  g_free (f->kw_defaults);
  g_free (f->has_default);
  g_free (f->has_kw_default);
  g_free (f->qualname);
  if (f->closure != NULL)
    bs_value_unref (BS_OBJECT (f->closure));
  if (f->globals != NULL)
    bs_value_unref (BS_OBJECT (f->globals));
  g_clear_pointer (&f->locals, g_hash_table_unref);
  g_clear_pointer (&f->globals_decl, g_hash_table_unref);
  g_clear_pointer (&f->nonlocal_decl, g_hash_table_unref);
  bs_value_unref (f->klass);
}

static void
append_scope (GString       *out,
              const BsFrame *frame)
{
  if (frame == NULL)
    return;
  switch (frame->scope)
    {
    case BS_SCOPE_MODULE:
      break;
    case BS_SCOPE_FUNCTION:
      g_string_append_printf (out, "%s.<locals>.", frame->qualname);
      break;
    case BS_SCOPE_CLASS:
      g_string_append_printf (out, "%s.", frame->qualname);
      break;
    case BS_SCOPE_COMPREHENSION:
      append_scope (out, frame->parent);
      g_string_append_printf (out, "%s.", frame->name);
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
bs_qualname (BsInterp   *in,
             const char *name)
{
  GString *out = g_string_new (NULL);

  append_scope (out, in->frame);
  g_string_append (out, name);
  return g_string_free (out, FALSE);
}

gboolean
bs_make_function (BsInterp   *in,
                  const char *name,
                  BsAstNode  *args,
                  BsAstNode **body,
                  guint       n_body,
                  BsAstNode  *lambda_body,
                  BsValue    *out)
{
  BsFunction *f;
  guint n = args->arguments.args.len, k = args->arguments.kwonlyargs.len;
  BsEnv *closure = in->frame->env;

  /* methods do not see the class body's names */
  while (closure->is_class && closure->parent != NULL)
    closure = closure->parent;
  f = (BsFunction *) bs_object_alloc (in->heap, BS_OBJECT_FUNCTION, sizeof (BsFunction));
  f->name = name;
  f->qualname = bs_qualname (in, name);
  f->args = args;
  f->body = body;
  f->n_body = n_body;
  f->lambda_body = lambda_body;
  f->defaults = g_new0 (BsValue, MAX (n, 1));
  f->has_default = g_new0 (gboolean, MAX (n, 1));
  f->kw_defaults = g_new0 (BsValue, MAX (k, 1));
  f->has_kw_default = g_new0 (gboolean, MAX (k, 1));
  /* what super() names: the class whose body defines it, or the enclosing method's */
  f->klass = in->frame->scope == BS_SCOPE_CLASS ? bs_value_ref (in->frame->klass)
           : in->frame->func != NULL ? bs_value_ref (in->frame->func->klass) : BS_NONE;
  bs_value_ref (BS_OBJECT (closure));
  f->closure = closure;
  bs_value_ref (BS_OBJECT (in->globals));
  f->globals = in->globals;
  f->filename = in->frame->filename;
  f->source = in->frame->source;
  f->is_prelude = in->frame->is_prelude;
  f->locals = g_hash_table_new (NULL, NULL);
  *out = BS_OBJECT (f);
  for (guint i = 0; i < n; i++)
    {
      BsAstNode *arg = args->arguments.args.items[i];

      g_hash_table_add (f->locals, (gpointer) arg->arg.name);
      if (arg->arg.default_value != NULL)
        {
          if (!bs_eval (in, arg->arg.default_value, &f->defaults[i]))
            return FALSE;
          f->has_default[i] = TRUE;
        }
    }
  for (guint i = 0; i < k; i++)
    {
      BsAstNode *arg = args->arguments.kwonlyargs.items[i];

      g_hash_table_add (f->locals, (gpointer) arg->arg.name);
      if (arg->arg.default_value != NULL)
        {
          if (!bs_eval (in, arg->arg.default_value, &f->kw_defaults[i]))
            return FALSE;
          f->has_kw_default[i] = TRUE;
        }
    }
  if (args->arguments.vararg != NULL)
    g_hash_table_add (f->locals, (gpointer) args->arguments.vararg->arg.name);
  if (args->arguments.kwarg != NULL)
    g_hash_table_add (f->locals, (gpointer) args->arguments.kwarg->arg.name);
  collect_locals (body, n_body, f->locals, &f->globals_decl, &f->nonlocal_decl);
  if (f->globals_decl != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, f->globals_decl);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_remove (f->locals, key);
    }
  if (f->nonlocal_decl != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, f->nonlocal_decl);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_remove (f->locals, key);
    }
  return TRUE;
}

static gboolean
bind_arguments (BsInterp     *in,
                BsFunction   *f,
                BsEnv        *env,
                const BsArgs *a)
{
  BsAstNode *args = f->args;
  guint n_params = args->arguments.args.len;
  guint n_kwonly = args->arguments.kwonlyargs.len;
  gboolean *bound = g_newa (gboolean, n_params + n_kwonly + 1);
  BsValue varargs = BS_NONE, kwargs = BS_NONE;
  const char *fname = f->qualname;

  memset (bound, 0, sizeof (gboolean) * (n_params + n_kwonly + 1));
  if (a->n_args > n_params && args->arguments.vararg == NULL)
    {
      guint n_required = 0;

      for (guint i = 0; i < n_params; i++)
        if (!f->has_default[i])
          n_required++;
      if (n_required == n_params)
        return bs_raise (in, "TypeError", "%s() takes %u positional argument%s but %u %s given",
                         fname, n_params, n_params == 1 ? "" : "s", a->n_args,
                         a->n_args == 1 ? "was" : "were");
      return bs_raise (in, "TypeError",
                       "%s() takes from %u to %u positional arguments but %u were given",
                       fname, n_required, n_params, a->n_args);
    }
  for (guint i = 0; i < a->n_args && i < n_params; i++)
    {
      bs_env_store (env, args->arguments.args.items[i]->arg.name, bs_value_ref (a->args[i]));
      bound[i] = TRUE;
    }
  if (args->arguments.vararg != NULL)
    {
      guint extra = a->n_args > n_params ? a->n_args - n_params : 0;

      varargs = bs_tuple_from (in, extra > 0 ? a->args + n_params : NULL, extra);
      bs_env_store (env, args->arguments.vararg->arg.name, varargs);
    }
  if (args->arguments.kwarg != NULL)
    {
      kwargs = bs_dict_new (in->heap);
      bs_env_store (env, args->arguments.kwarg->arg.name, kwargs);
    }
  for (guint k = 0; k < a->n_kw; k++)
    {
      const char *name = a->kw_names[k];
      guint i;
      gboolean done = FALSE;

      for (i = args->arguments.n_posonly; i < n_params; i++)
        if (strcmp (args->arguments.args.items[i]->arg.name, name) == 0)
          {
            if (bound[i])
              return bs_raise (in, "TypeError", "%s() got multiple values for argument '%s'",
                               fname, name);
            bs_env_store (env, args->arguments.args.items[i]->arg.name,
                        bs_value_ref (a->kw_values[k]));
            bound[i] = TRUE;
            done = TRUE;
            break;
          }
      if (!done)
        for (i = 0; i < n_kwonly; i++)
          if (strcmp (args->arguments.kwonlyargs.items[i]->arg.name, name) == 0)
            {
              bs_env_store (env, args->arguments.kwonlyargs.items[i]->arg.name,
                          bs_value_ref (a->kw_values[k]));
              bound[n_params + i] = TRUE;
              done = TRUE;
              break;
            }
      if (!done)
        {
          if (bs_value_is_none (kwargs))
            return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'",
                             fname, name);
          bs_dict_set_str (kwargs, name, bs_value_ref (a->kw_values[k]));
        }
    }
  for (guint i = 0; i < n_params; i++)
    if (!bound[i])
      {
        if (!f->has_default[i])
          {
            GString *missing = g_string_new (NULL);
            guint count = 0;

            for (guint j = i; j < n_params; j++)
              if (!bound[j] && !f->has_default[j])
                {
                  count++;
                  if (missing->len > 0)
                    g_string_append (missing, ", ");
                  g_string_append_printf (missing, "'%s'", args->arguments.args.items[j]->arg.name);
                }
            if (count == 2)
              {
                char *comma = strstr (missing->str, ", ");

                g_string_insert (missing, comma - missing->str + 1, " and");
                g_string_erase (missing, comma - missing->str, 1);
              }
            bs_raise (in, "TypeError", "%s() missing %u required positional argument%s: %s",
                      fname, count, count == 1 ? "" : "s", missing->str);
            g_string_free (missing, TRUE);
            return FALSE;
          }
        bs_env_store (env, args->arguments.args.items[i]->arg.name,
                    bs_value_ref (f->defaults[i]));
      }
  for (guint i = 0; i < n_kwonly; i++)
    if (!bound[n_params + i])
      {
        if (!f->has_kw_default[i])
          return bs_raise (in, "TypeError",
                           "%s() missing 1 required keyword-only argument: '%s'", fname,
                           args->arguments.kwonlyargs.items[i]->arg.name);
        bs_env_store (env, args->arguments.kwonlyargs.items[i]->arg.name,
                    bs_value_ref (f->kw_defaults[i]));
      }
  return TRUE;
}

static gboolean
call_function (BsInterp     *in,
               BsFunction   *f,
               const BsArgs *a,
               BsValue      *result)
{
  BsFrame frame = { 0 };
  BsEnv *env;
  gboolean ok = TRUE;
  int max_depth = in->options.max_recursion > 0 ? in->options.max_recursion : 1000;

  /* the module's frame counts, as in CPython */
  if (in->call_depth + 1 >= max_depth)
    return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
  env = bs_env_new (in, f->closure);
  env->locals = f->locals;
  frame.parent = in->frame;
  frame.env = env;
  frame.func = f;
  frame.scope = BS_SCOPE_FUNCTION;
  frame.qualname = f->qualname;
  frame.first_arg = a->n_args > 0 ? a->args[0] : BS_NONE;
  frame.name = f->name;
  frame.filename = f->filename;
  frame.source = f->source;
  frame.is_prelude = f->is_prelude;
  frame.line = f->args->span.line;
  in->frame = &frame;
  in->call_depth++;
  *result = BS_NONE;
  if (!bind_arguments (in, f, env, a))
    ok = FALSE;
  else if (f->is_generator)
    *result = bs_py_generator_new (in, f, (BsEnv *) bs_value_ref (BS_OBJECT (env)).as.object);
  else if (f->lambda_body != NULL)
    {
      frame.line = f->lambda_body->span.line;
      ok = bs_eval (in, f->lambda_body, result);
    }
  else
    {
      BsExecResult r = bs_exec_block (in, f->body, f->n_body, result);

      ok = r != BS_EXEC_ERROR;
    }
  in->call_depth--;
  in->frame = frame.parent;
  bs_value_unref (BS_OBJECT (env));
  return ok;
}

gboolean
bs_call (BsInterp     *in,
         BsValue       callee,
         const BsArgs *a,
         BsValue      *result)
{
  const char *name = in->call_name;

  in->call_name = NULL;
  *result = BS_NONE;
  if (in->fatal != NULL)
    return bs_raise_fatal (in);
  if (callee.type == BS_VALUE_OBJECT)
    {
      switch (callee.as.object->type)
        {
        case BS_OBJECT_BUILTIN:
          {
            BsBuiltin *b = (BsBuiltin *) callee.as.object;
            gboolean ok;

            if (in->call_depth >= 5000)
              return bs_raise (in, "RecursionError", "maximum recursion depth exceeded");
            in->call_depth++;
            if (b->decl != NULL)
              ok = bs_decl_call (in, b->decl, b->self, a, result);
            else
              ok = b->func (in, b->self, a, result);
            in->call_depth--;
            return ok;
          }
        case BS_OBJECT_FUNCTION:
          return call_function (in, (BsFunction *) callee.as.object, a, result);
        case BS_OBJECT_BOUND_METHOD:
          {
            BsBoundMethod *m = (BsBoundMethod *) callee.as.object;
            BsArgs b = *a;
            BsValue *args = g_new (BsValue, a->n_args + 1);
            gboolean ok;

            args[0] = m->self;
            if (a->n_args > 0)
              memcpy (args + 1, a->args, sizeof (BsValue) * a->n_args);
            b.args = args;
            b.n_args = a->n_args + 1;
            ok = bs_call (in, m->func, &b, result);
            g_free (args);
            return ok;
          }
        case BS_OBJECT_CLASS:
          {
            BsValue instance, init;
            BsClass *klass = (BsClass *) callee.as.object;

            if (!bs_value_is_none (klass->abstracts) && !bs_class_check_abstract (in, callee))
              return FALSE;
            instance = bs_instance_new (in, callee);
            if (klass->is_exception)
              {
                BsInstance *i = (BsInstance *) instance.as.object;

                bs_value_unref (i->args);
                i->args = bs_tuple_from (in, a->args, a->n_args);
              }
            if (bs_class_lookup (callee, "__new__", &init))
              {
                /* a builtin class (dict, list...) made by its constructor */
                bs_value_unref (instance);
                return bs_call (in, init, a, result);
              }
            if (bs_class_lookup (callee, "__init__", &init))
              {
                BsArgs b = *a;
                BsValue *args = g_new (BsValue, a->n_args + 1);
                BsValue ignored;
                gboolean ok;

                args[0] = instance;
                if (a->n_args > 0)
                  memcpy (args + 1, a->args, sizeof (BsValue) * a->n_args);
                b.args = args;
                b.n_args = a->n_args + 1;
                bs_value_ref (init);
                ok = bs_call (in, init, &b, &ignored);
                bs_value_unref (init);
                g_free (args);
                if (!ok)
                  {
                    bs_value_unref (instance);
                    return FALSE;
                  }
                if (!bs_value_is_none (ignored))
                  {
                    bs_value_unref (ignored);
                    bs_value_unref (instance);
                    return bs_raise (in, "TypeError",
                                     "__init__() should return None, not '%s'",
                                     bs_type_name (ignored));
                  }
              }
            else if ((a->n_args > 0 || a->n_kw > 0) && !klass->is_exception)
              {
                bs_value_unref (instance);
                return bs_raise (in, "TypeError", "%s() takes no arguments", klass->name);
              }
            *result = instance;
            return TRUE;
          }
        case BS_OBJECT_INSTANCE:
        case BS_OBJECT_NATIVE:
          {
            BsValue method;
            gboolean found, ok;

            if (!bs_getattr_opt (in, callee, "__call__", &method, &found))
              return FALSE;
            if (found)
              {
                if (G_UNLIKELY (in->scopes) && callee.as.object->type == BS_OBJECT_INSTANCE
                    && ((BsClass *) ((BsInstance *) callee.as.object)->klass.as.object)->is_module)
                  ok = bs_call_module (in, callee, method, name, a, result);
                else
                  ok = bs_call (in, method, a, result);
                bs_value_unref (method);
                return ok;
              }
            break;
          }
        default:
          break;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object is not callable", bs_type_name (callee));
}

gboolean
bs_call_simple (BsInterp *in,
                BsValue   callee,
                BsValue  *args,
                guint     n,
                BsValue  *result)
{
  BsArgs a = { args, n, NULL, NULL, 0 };

  return bs_call (in, callee, &a, result);
}

gboolean
bs_call_method (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *args,
                guint       n,
                BsValue    *result)
{
  BsValue method;
  gboolean ok;

  if (!bs_getattr (in, self, name, &method))
    return FALSE;
  ok = bs_call_simple (in, method, args, n, result);
  bs_value_unref (method);
  return ok;
}

/* The name a call reaches its callee by: "fc1" in self.fc1(x), "model" in model(x). */
static const char *
callee_name (BsAstNode *func)
{
  if (func->kind == BS_AST_NAME)
    return func->name.id;
  if (func->kind == BS_AST_ATTRIBUTE)
    return func->attribute.attr;
  return NULL;
}

gboolean
bs_eval_call (BsInterp  *in,
              BsAstNode *node,
              BsValue   *out)
{
  BsValue callee, args = BS_NONE;
  gsize n_args;
  GArray *kw_values = g_array_new (FALSE, FALSE, sizeof (BsValue));
  GPtrArray *kw_names = g_ptr_array_new ();
  GPtrArray *owned_names = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = FALSE;
  BsArgs a;

  if (!bs_eval (in, node->call.func, &callee))
    goto out_no_callee;
  if (!bs_eval_items (in, &node->call.args, &args))
    goto out;
  for (guint i = 0; i < node->call.keywords.len; i++)
    {
      BsAstNode *kw = node->call.keywords.items[i];
      BsValue v;

      if (!bs_eval (in, kw->keyword.value, &v))
        goto out;
      if (kw->keyword.arg == NULL)
        {
          BsDict *d;

          if (!bs_value_is_object (v, BS_OBJECT_DICT))
            {
              bs_value_unref (v);
              bs_raise (in, "TypeError", "argument after ** must be a mapping");
              goto out;
            }
          d = (BsDict *) v.as.object;
          for (guint j = 0; j < d->entries->len; j++)
            {
              BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, j);
              BsValue item;

              if (e->deleted)
                continue;
              if (bs_value_str (e->key) == NULL)
                {
                  bs_value_unref (v);
                  bs_raise (in, "TypeError", "keywords must be strings");
                  goto out;
                }
              item = bs_value_ref (e->value);
              g_array_append_val (kw_values, item);
              g_ptr_array_add (owned_names, g_strdup (bs_value_str (e->key)));
              g_ptr_array_add (kw_names, owned_names->pdata[owned_names->len - 1]);
            }
          bs_value_unref (v);
          continue;
        }
      g_array_append_val (kw_values, v);
      g_ptr_array_add (kw_names, (gpointer) kw->keyword.arg);
    }
  a.args = bs_value_items (args, &n_args);
  a.n_args = n_args;
  a.kw_names = (const char **) kw_names->pdata;
  a.kw_values = (BsValue *) kw_values->data;
  a.n_kw = kw_values->len;
  if (in->frame->is_prelude)
    ok = bs_call (in, callee, &a, out);
  else
    {
      BsSpan outer = in->call_span;

      in->frame->line = node->span.line;
      bs_interp_set_span (in, &node->span);
      if (G_UNLIKELY (in->scopes))
        {
          in->call_span = node->span;
          in->call_name = callee_name (node->call.func);
        }
      ok = bs_call (in, callee, &a, out);
      in->call_span = outer;
      in->frame->line = node->span.line;
    }

out:
  bs_value_unref (callee);
out_no_callee:
  bs_value_unref (args);
  for (guint i = 0; i < kw_values->len; i++)
    bs_value_unref (g_array_index (kw_values, BsValue, i));
  g_array_unref (kw_values);
  g_ptr_array_unref (kw_names);
  g_ptr_array_unref (owned_names);
  return ok;
}
