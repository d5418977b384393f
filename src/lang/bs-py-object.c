/* bs-py-object.c: Python's objects: classes, instances, modules, functions' wrappers, and
 * attribute access; each built-in type's methods live in its own file (bs-py-str.c...) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"
#include "bs-builtins-private.h"

#include <string.h>

#include "bs-api-names.h"
#include "bs-builtins-private.h"
#include "bs-py-dict.h"
#include "bs-py-list.h"
#include "bs-py-number.h"
#include "bs-np-array.h"
#include "bs-py-property.h"
#include "bs-warnings.h"
#include "bs-re-module.h"
#include "bs-py-range.h"
#include "bs-py-set.h"
#include "bs-py-str.h"
#include "bs-py-tuple.h"
#include "bs-signature.h"

/* --- finalizers and constructors --------------------------------------- */

static void
builtin_finalize (BsObject *object)
{
  bs_value_unref (((BsBuiltin *) object)->self);
}

static void
instance_finalize (BsObject *object)
{
  BsInstance *i = (BsInstance *) object;

  bs_value_unref (i->klass);
  bs_value_unref (i->dict);
  bs_value_unref (i->args);
  if (i->traceback != NULL)
    g_array_unref (i->traceback);
}

static void
bound_method_finalize (BsObject *object)
{
  BsBoundMethod *m = (BsBoundMethod *) object;

  bs_value_unref (m->self);
  bs_value_unref (m->func);
}

static void
module_finalize (BsObject *object)
{
  BsModule *m = (BsModule *) object;

  g_free (m->name);
  bs_value_unref (m->dict);
}

static void
slice_finalize (BsObject *object)
{
  BsSlice *s = (BsSlice *) object;

  bs_value_unref (s->lower);
  bs_value_unref (s->upper);
  bs_value_unref (s->step);
}

void
bs_py_object_init (BsInterp *in)
{
  bs_heap_set_finalizer (in->heap, BS_OBJECT_BUILTIN, builtin_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_CLASS, bs_class_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_INSTANCE, instance_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_BOUND_METHOD, bound_method_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_MODULE, module_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_SLICE, slice_finalize);
}

/* The methods of the built-in types, declared in bs-signature.h's tables */
void
bs_py_signatures_add (struct _BsSignatureSet *set)
{
  static const BsSignatureTable *const tables[] = {
    &bs_py_str_table, &bs_py_list_table, &bs_py_tuple_table, &bs_py_dict_table,
    &bs_py_set_table, &bs_py_number_table, &bs_builtins_table,
    &bs_py_iter_table, &bs_math_table, &bs_random_table, &bs_time_table,
    &bs_sys_table, &bs_backstep_table, &bs_generator_table,
    &bs_autograd_function_table, &bs_py_range_table, &bs_py_property_table,
    &bs_py_slice_table, &bs_warnings_table, &bs_re_table, &bs_py_class_table,
    &bs_py_frame_table,
  };

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    bs_signature_set_add (set, tables[i]);
}

gboolean
bs_py_method_find (BsInterp   *in,
                   const char *owner,
                   BsValue     self,
                   const char *name,
                   BsValue    *out)
{
  const BsDecl *decl = bs_signature_set_find (in->signatures, owner, name);

  if (decl == NULL)
    return FALSE;
  *out = bs_decl_builtin (in, decl, bs_value_ref (self));
  return TRUE;
}

BsValue
bs_builtin_new (BsInterp      *in,
                const char    *name,
                BsBuiltinFunc  func,
                BsValue        self)
{
  BsBuiltin *b = (BsBuiltin *) bs_object_alloc (in->heap, BS_OBJECT_BUILTIN, sizeof (BsBuiltin));

  b->name = name;
  b->func = func;
  b->self = self;
  return BS_OBJECT (b);
}

BsValue
bs_instance_new (BsInterp *in,
                 BsValue   klass)
{
  BsInstance *i = (BsInstance *) bs_object_alloc (in->heap, BS_OBJECT_INSTANCE,
                                                  sizeof (BsInstance));

  i->klass = bs_value_ref (klass);
  i->dict = bs_dict_new (in->heap);
  i->args = bs_tuple_new (in->heap, 0);
  return BS_OBJECT (i);
}

BsValue
bs_module_new (BsInterp   *in,
               const char *name)
{
  BsModule *m = (BsModule *) bs_object_alloc (in->heap, BS_OBJECT_MODULE, sizeof (BsModule));

  m->name = g_strdup (name);
  m->dict = bs_dict_new (in->heap);
  bs_dict_set_str (in->modules, name, bs_value_ref (BS_OBJECT (m)));
  return BS_OBJECT (m);
}

typedef struct {
  BsInterp *in;
  BsValue   module;
  BsValue   receiver;
} ModuleFill;

static void
add_declared (const char   *name,
              const BsDecl *decl,
              gpointer      user_data)
{
  ModuleFill *fill = user_data;

  bs_dict_set_str (((BsModule *) fill->module.as.object)->dict, name,
                   bs_decl_builtin (fill->in, decl, bs_value_ref (fill->receiver)));
}

void
bs_module_add_declared (BsInterp   *in,
                        BsValue     module,
                        const char *owner,
                        BsValue     receiver)
{
  ModuleFill fill = { in, module, receiver };

  bs_signature_set_foreach (in->signatures, owner, add_declared, &fill);
}

BsValue
bs_bound_method_new (BsInterp *in,
                     BsValue   self,
                     BsValue   func)
{
  BsBoundMethod *m = (BsBoundMethod *) bs_object_alloc (in->heap, BS_OBJECT_BOUND_METHOD,
                                                        sizeof (BsBoundMethod));

  m->self = bs_value_ref (self);
  m->func = bs_value_ref (func);
  return BS_OBJECT (m);
}

BsValue
bs_slice_new (BsInterp *in,
              BsValue   lower,
              BsValue   upper,
              BsValue   step)
{
  BsSlice *s = (BsSlice *) bs_object_alloc (in->heap, BS_OBJECT_SLICE, sizeof (BsSlice));

  s->lower = lower;
  s->upper = upper;
  s->step = step;
  return BS_OBJECT (s);
}

BsValue
bs_str_value (BsInterp   *in,
              const char *text)
{
  return bs_str_new (in->heap, text, -1);
}

BsValue
bs_tuple_from (BsInterp *in,
               BsValue  *items,
               gsize     n)
{
  BsValue t = bs_tuple_new (in->heap, n);
  BsTuple *tuple = (BsTuple *) t.as.object;

  for (gsize i = 0; i < n; i++)
    tuple->items[i] = bs_value_ref (items[i]);
  return t;
}

BsValue
bs_lookup_builtin (BsInterp   *in,
                   const char *name)
{
  BsValue *slot = bs_env_lookup (in->builtins, name);

  return slot != NULL ? *slot : BS_NONE;
}

const char *
bs_type_name (BsValue v)
{
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    return ((BsClass *) ((BsInstance *) v.as.object)->klass.as.object)->name;
  return bs_value_type_name (v);
}

BsValue
bs_class_of (BsInterp *in,
             BsValue   v)
{
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    return ((BsInstance *) v.as.object)->klass;
  return BS_NONE;
}

/* --- attributes -------------------------------------------------------- */

/* An instance's attribute; __getattr__'s AttributeError is kept when keep_error (getattr
 * without a default: the script sees __getattr__'s own exception, as in CPython), else
 * it means not found. */
static gboolean
getattr_instance (BsInterp   *in,
                  BsValue     obj,
                  const char *name,
                  BsValue    *out,
                  gboolean   *found,
                  gboolean    keep_error)
{
  BsInstance *i = (BsInstance *) obj.as.object;
  BsValue v;

  /* a property, a data descriptor, goes before the instance's dict */
  if (((BsClass *) i->klass.as.object)->has_properties
      && bs_class_lookup (i->klass, name, &v) && bs_property_is (v))
    return bs_property_get (in, v, obj, out);
  if (bs_dict_get_str (i->dict, name, &v))
    {
      *out = bs_value_ref (v);
      return TRUE;
    }
  if (bs_class_lookup (i->klass, name, &v))
    {
      if (bs_value_is_object (v, BS_OBJECT_FUNCTION) || bs_value_is_object (v, BS_OBJECT_BUILTIN))
        *out = bs_bound_method_new (in, obj, v);
      else if (bs_classmethod_func (v) != NULL)
        *out = bs_bound_method_new (in, i->klass, *bs_classmethod_func (v));
      else if (bs_value_is_object (v, BS_OBJECT_NATIVE)
               && strcmp (((BsNative *) v.as.object)->klass->name, "staticmethod") == 0)
        *out = bs_value_ref (*(BsValue *) ((BsNative *) v.as.object)->data);
      else
        *out = bs_value_ref (v);
      return TRUE;
    }
  if (strcmp (name, "__class__") == 0)
    {
      *out = bs_value_ref (i->klass);
      return TRUE;
    }
  if (strcmp (name, "__dict__") == 0)
    {
      *out = bs_value_ref (i->dict);
      return TRUE;
    }
  if (strcmp (name, "args") == 0 && ((BsClass *) i->klass.as.object)->is_exception)
    {
      *out = bs_value_ref (i->args);
      return TRUE;
    }
  if (bs_class_lookup (i->klass, "__getattr__", &v))
    {
      BsValue args[2] = { obj, bs_str_value (in, name) };
      gboolean ok = bs_call_simple (in, v, args, 2, out);

      bs_value_unref (args[1]);
      if (!ok && !keep_error
          && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "AttributeError")))
        {
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          *found = FALSE;
          return TRUE;
        }
      return ok;
    }
  *found = FALSE;
  return TRUE;
}

gboolean
bs_getattr_opt (BsInterp   *in,
                BsValue     obj,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  *found = TRUE;
  *out = BS_NONE;
  if (obj.type != BS_VALUE_OBJECT && obj.numpy)
    return bs_np_number_getattr (in, obj, name, out, found);
  if (obj.type != BS_VALUE_OBJECT)
    {
      *found = bs_py_number_getattr (in, obj, name, out);
      if (!*found && strcmp (name, "__class__") == 0)
        return (*found = TRUE) && bs_type_of (in, obj, out);
      return TRUE;
    }
  switch (obj.as.object->type)
    {
    case BS_OBJECT_INSTANCE:
      return getattr_instance (in, obj, name, out, found, FALSE);

    case BS_OBJECT_CLASS:
      {
        BsValue v;

        if (bs_class_lookup (obj, name, &v))
          {
            if (bs_value_is_object (v, BS_OBJECT_NATIVE)
                && strcmp (((BsNative *) v.as.object)->klass->name, "staticmethod") == 0)
              *out = bs_value_ref (*(BsValue *) ((BsNative *) v.as.object)->data);
            else if (bs_classmethod_func (v) != NULL)
              *out = bs_bound_method_new (in, obj, *bs_classmethod_func (v));
            else
              *out = bs_value_ref (v);
            return TRUE;
          }
        return bs_class_attribute (in, obj, name, out, found);
      }

    case BS_OBJECT_MODULE:
      {
        BsValue v;

        if (bs_dict_get_str (((BsModule *) obj.as.object)->dict, name, &v))
          {
            *out = bs_value_ref (v);
            return TRUE;
          }
        if (strcmp (name, "__name__") == 0)
          {
            *out = bs_str_value (in, ((BsModule *) obj.as.object)->name);
            return TRUE;
          }
        return bs_module_load_submodule (in, obj, name, out, found);
      }

    case BS_OBJECT_FUNCTION:
      {
        BsFunction *f = (BsFunction *) obj.as.object;

        if (strcmp (name, "__name__") == 0)
          {
            *out = bs_str_value (in, f->name);
            return TRUE;
          }
        if (strcmp (name, "__qualname__") == 0)
          {
            *out = bs_str_value (in, f->qualname);
            return TRUE;
          }
        if (strcmp (name, "__isabstractmethod__") == 0 && f->is_abstract)
          {
            *out = BS_BOOL (TRUE);
            return TRUE;
          }
        if (strcmp (name, "__module__") == 0)
          {
            BsValue *module = bs_env_lookup (f->globals, "__name__");

            *out = module != NULL ? bs_value_ref (*module) : BS_NONE;
            return TRUE;
          }
        /* the docstring: a string constant as the body's first statement */
        if (strcmp (name, "__doc__") == 0)
          {
            BsAstNode *first = f->n_body > 0 && f->lambda_body == NULL ? f->body[0] : NULL;

            if (first != NULL && first->kind == BS_AST_EXPR_STMT
                && first->expr_stmt.value->kind == BS_AST_CONSTANT
                && first->expr_stmt.value->constant.kind == BS_CONST_STR)
              *out = bs_str_value (in, first->expr_stmt.value->constant.str);
            return TRUE;
          }
      }
      break;

    case BS_OBJECT_BUILTIN:
      {
        BsBuiltin *b = (BsBuiltin *) obj.as.object;

        const char *path = bs_builtin_class_path (b->name);

        if (strcmp (name, "__name__") == 0 || strcmp (name, "__qualname__") == 0)
          {
            /* numpy.ndarray's is ndarray */
            const char *dot = strrchr (b->name, '.');

            *out = bs_str_value (in, dot != NULL ? dot + 1 : b->name);
            return TRUE;
          }
        if (path != NULL && strcmp (name, "__module__") == 0)
          {
            g_autofree char *module = g_strndup (path, strrchr (path, '.') - path);

            *out = bs_str_value (in, module);
            return TRUE;
          }
        if (path == NULL && strcmp (name, "__module__") == 0)
          {
            *out = bs_str_value (in, "builtins");
            return TRUE;
          }
        if (bs_builtin_is_type (in, obj)
            && (strcmp (name, "__bases__") == 0 || strcmp (name, "__mro__") == 0))
          {
            *out = bs_class_mro (in, obj);
            if (strcmp (name, "__bases__") == 0)
              {
                BsTuple *mro = (BsTuple *) out->as.object;
                BsValue bases = bs_tuple_new (in->heap, mro->length > 1 ? 1 : 0);

                if (mro->length > 1)
                  ((BsTuple *) bases.as.object)->items[0] = bs_value_ref (mro->items[1]);
                bs_value_unref (*out);
                *out = bases;
              }
            return TRUE;
          }
        /* str.upper, dict.fromkeys: a built-in type's methods */
        if (bs_value_is_none (b->self) && bs_py_method_find (in, b->name, BS_NONE, name, out))
          return TRUE;
      }
      break;

    case BS_OBJECT_LIST:
      if (bs_py_list_getattr (in, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_TUPLE:
      if (bs_py_tuple_getattr (in, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_RANGE:
      if (bs_py_range_getattr (in, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_DICT:
      if (bs_py_dict_getattr (in, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_STR:
      if (bs_py_str_getattr (in, obj, name, out))
        return TRUE;
      break;

    case BS_OBJECT_SLICE:
      {
        BsSlice *s = (BsSlice *) obj.as.object;

        if (strcmp (name, "start") == 0)
          *out = bs_value_ref (s->lower);
        else if (strcmp (name, "stop") == 0)
          *out = bs_value_ref (s->upper);
        else if (strcmp (name, "step") == 0)
          *out = bs_value_ref (s->step);
        else if (!bs_py_method_find (in, "slice", obj, name, out))
          break;
        return TRUE;
      }

    case BS_OBJECT_TENSOR:
      return bs_tensor_getattr (in, obj, name, out, found);

    case BS_OBJECT_NATIVE:
      {
        const BsNativeType *type = (const BsNativeType *) ((BsNative *) obj.as.object)->klass;

        if (type->getattr != NULL)
          return type->getattr (in, obj, name, out, found);
        break;
      }

    default:
      break;
    }
  if (strcmp (name, "__class__") == 0)
    return bs_type_of (in, obj, out);
  *found = FALSE;
  return TRUE;
}

gboolean
bs_getattr (BsInterp   *in,
            BsValue     obj,
            const char *name,
            BsValue    *out)
{
  gboolean found;

  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      *out = BS_NONE;
      found = TRUE;
      if (!getattr_instance (in, obj, name, out, &found, TRUE))
        return FALSE;
    }
  else if (!bs_getattr_opt (in, obj, name, out, &found))
    return FALSE;
  if (found)
    return TRUE;
  if (bs_value_is_object (obj, BS_OBJECT_MODULE)
      && g_str_has_prefix (((BsModule *) obj.as.object)->name, "numpy"))
    return bs_np_raise_missing (in, ((BsModule *) obj.as.object)->name, name);
  if (bs_value_is_object (obj, BS_OBJECT_MODULE) || bs_value_is_object (obj, BS_OBJECT_TENSOR))
    {
      gboolean tensor = bs_value_is_object (obj, BS_OBJECT_TENSOR);
      const char *owner = tensor ? "torch.Tensor" : ((BsModule *) obj.as.object)->name;
      g_autofree char *lacking = bs_api_names_missing_message (owner, name);
      BsValue partial;

      if (lacking != NULL)
        return bs_raise (in, "AttributeError", "%s", lacking);
      /* a standard module Backstep has only part of names what it has */
      if (!tensor
          && bs_dict_get_str (((BsModule *) obj.as.object)->dict, "__backstep_partial__", &partial)
          && bs_value_str (partial) != NULL)
        return bs_raise (in, "AttributeError", "module '%s' has no attribute '%s' (not "
                         "supported by Backstep, whose %s has %s)", owner, name, owner,
                         bs_value_str (partial));
      if (!tensor)
        return bs_raise (in, "AttributeError", "module '%s' has no attribute '%s'", owner,
                         name);
    }
  if (bs_value_is_object (obj, BS_OBJECT_CLASS))
    return bs_raise (in, "AttributeError", "type object '%s' has no attribute '%s'",
                     ((BsClass *) obj.as.object)->name, name);
  return bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'",
                   bs_type_name (obj), name);
}

gboolean
bs_setattr (BsInterp   *in,
            BsValue     obj,
            const char *name,
            BsValue     value)
{
  if (obj.type == BS_VALUE_OBJECT)
    switch (obj.as.object->type)
      {
      case BS_OBJECT_INSTANCE:
        {
          BsInstance *i = (BsInstance *) obj.as.object;
          BsValue setter;

          if (((BsClass *) i->klass.as.object)->has_properties
              && bs_class_lookup (i->klass, name, &setter) && bs_property_is (setter))
            return bs_property_set (in, setter, obj, value);
          if (bs_class_lookup (i->klass, "__setattr__", &setter)
              && bs_value_is_object (setter, BS_OBJECT_FUNCTION))
            {
              BsValue args[3] = { obj, bs_str_value (in, name), value }, ignored;
              gboolean ok = bs_call_simple (in, setter, args, 3, &ignored);

              bs_value_unref (args[1]);
              bs_value_unref (ignored);
              return ok;
            }
          if (!bs_class_allows_attribute (i->klass, name))
            break;
          bs_dict_set_str (i->dict, name, bs_value_ref (value));
          return TRUE;
        }
      case BS_OBJECT_CLASS:
        /* the class's own name (reprs of its instances); its __qualname__ stays */
        if (strcmp (name, "__name__") == 0)
          {
            BsClass *c = (BsClass *) obj.as.object;

            if (bs_value_str (value) == NULL)
              return bs_raise (in, "TypeError", "can only assign string to %s.__name__, not "
                               "'%s'", c->name, bs_type_name (value));
            g_free (c->name);
            c->name = g_strdup (bs_value_str (value));
            return TRUE;
          }
        if (bs_property_is (value))
          {
            bs_property_set_name (value, name);
            ((BsClass *) obj.as.object)->has_properties = TRUE;
          }
        bs_dict_set_str (((BsClass *) obj.as.object)->dict, name, bs_value_ref (value));
        return TRUE;
      case BS_OBJECT_MODULE:
        bs_dict_set_str (((BsModule *) obj.as.object)->dict, name, bs_value_ref (value));
        return TRUE;
      case BS_OBJECT_TENSOR:
        return bs_tensor_setattr (in, obj, name, value);
      case BS_OBJECT_NATIVE:
        {
          const BsNativeType *type = (const BsNativeType *) ((BsNative *) obj.as.object)->klass;
          gboolean found = FALSE;

          if (type->setattr != NULL && !type->setattr (in, obj, name, value, &found))
            return FALSE;
          if (found)
            return TRUE;
          break;
        }
      default:
        break;
      }
  return bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'",
                   bs_type_name (obj), name);
}

gboolean
bs_delattr (BsInterp   *in,
            BsValue     obj,
            const char *name)
{
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue klass = ((BsInstance *) obj.as.object)->klass, prop;
      BsValue key;
      gboolean ok;

      if (((BsClass *) klass.as.object)->has_properties
          && bs_class_lookup (klass, name, &prop) && bs_property_is (prop))
        return bs_property_delete (in, prop, obj);
      key = bs_str_value (in, name);
      ok = bs_dict_remove (((BsInstance *) obj.as.object)->dict, key);

      bs_value_unref (key);
      if (ok)
        return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_CLASS))
    {
      BsValue key = bs_str_value (in, name);
      gboolean ok = bs_dict_remove (((BsClass *) obj.as.object)->dict, key);

      bs_value_unref (key);
      if (ok)
        return TRUE;
      return bs_raise (in, "AttributeError", "type object '%s' has no attribute '%s'",
                       ((BsClass *) obj.as.object)->name, name);
    }
  return bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'",
                   bs_type_name (obj), name);
}

