/* bs-py-repr.c: repr(), str() and format() of any value */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include "bs-autograd.h"
#include "bs-np-array.h"

#include <string.h>

#include "bs-float-repr.h"
#include "bs-py-number.h"
#include "bs-py-str.h"
#include "bs-py-tuple.h"

static gboolean repr_inner (BsInterp *in, BsValue v, GString *out, gboolean as_str, int depth);

/* The classes that are built-ins here, by their name: where PyTorch (or CPython) defines
 * them, as their repr and __module__ give it */
static const struct {
  const char *name;
  const char *path;
  const char *base;   /* a Python class it derives from, as module:attribute */
} builtin_classes[] = {
  { "Tensor", "torch.Tensor" },
  { "Size", "torch.Size" },
  { "Parameter", "torch.nn.parameter.Parameter" },
  { "numpy.ndarray", "numpy.ndarray" },
  { "numpy.dtype", "numpy.dtype" },
  { "OrderedDict", "collections.OrderedDict" },
  { "SGD", "torch.optim.sgd.SGD", "torch.optim:Optimizer" },
  { "Adam", "torch.optim.adam.Adam", "torch.optim:Optimizer" },
  { "AdamW", "torch.optim.adamw.AdamW", "torch.optim:Optimizer" },
  { "RMSprop", "torch.optim.rmsprop.RMSprop", "torch.optim:Optimizer" },
  { "Adagrad", "torch.optim.adagrad.Adagrad", "torch.optim:Optimizer" },
};

BsValue
bs_builtin_class_base (BsInterp   *in,
                       const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin_classes); i++)
    if (builtin_classes[i].base != NULL && strcmp (builtin_classes[i].name, name) == 0)
      {
        const char *colon = strchr (builtin_classes[i].base, ':');
        g_autofree char *module_name = g_strndup (builtin_classes[i].base,
                                                  colon - builtin_classes[i].base);
        BsValue module, klass = BS_NONE;
        gboolean found = FALSE;

        /* the module is torch's own, imported with torch: nothing of the script runs */
        if (!bs_dict_get_str (in->modules, module_name, &module)
            || !bs_value_is_object (module, BS_OBJECT_MODULE))
          return BS_NONE;
        found = bs_dict_get_str (((BsModule *) module.as.object)->dict, colon + 1, &klass);
        return found && bs_value_is_object (klass, BS_OBJECT_CLASS) ? klass : BS_NONE;
      }
  return BS_NONE;
}

const char *
bs_builtin_class_path (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin_classes); i++)
    if (strcmp (builtin_classes[i].name, name) == 0)
      return builtin_classes[i].path;
  return NULL;
}

static gboolean
call_dunder_string (BsInterp   *in,
                    BsValue     v,
                    const char *name,
                    GString    *out,
                    gboolean   *done)
{
  BsValue method, result;

  *done = FALSE;
  if (!bs_class_lookup (bs_class_of (in, v), name, &method)
      || !bs_value_is_object (method, BS_OBJECT_FUNCTION))
    return TRUE;
  *done = TRUE;
  if (!bs_call_simple (in, method, &v, 1, &result))
    return FALSE;
  if (bs_value_str (result) == NULL)
    {
      bs_raise (in, "TypeError", "%s returned non-string (type %s)", name,
                bs_type_name (result));
      bs_value_unref (result);
      return FALSE;
    }
  g_string_append (out, bs_value_str (result));
  bs_value_unref (result);
  return TRUE;
}

/* A built-in that stands for a type (tuple, int, a type without a name in builtins) rather
 * than a function. */
gboolean
bs_builtin_is_type (BsInterp *in,
                    BsValue   v)
{
  static const char *const types[] = {
    "int", "float", "str", "bool", "list", "tuple", "dict", "set", "range", "type",
    "object", "enumerate", "zip", "map", "filter", "reversed", "slice", "NoneType",
    "function", "frozenset", "staticmethod", "classmethod", "super", "property", NULL,
  };
  const BsBuiltin *b = (const BsBuiltin *) v.as.object;

  if (!bs_value_is_object (v, BS_OBJECT_BUILTIN))
    return FALSE;
  return bs_builtin_class_path (b->name) != NULL
         || (g_strv_contains (types, b->name) && bs_value_is_none (b->self))
         || bs_is_type_stand_in (in, v);
}

/* module.qualname as CPython names a class in reprs: __main__.Outer.Inner,
 * torch.nn.modules.linear.Linear; a built-in one by its name alone. */
static void
append_class_path (GString *out,
                   BsClass *c)
{
  BsValue module = BS_NONE;

  if (bs_dict_get_str (c->dict, "__module__", &module) && bs_value_str (module) != NULL
      && strcmp (bs_value_str (module), "builtins") != 0)
    g_string_append_printf (out, "%s.%s", bs_value_str (module), c->qualname);
  else if (c->is_prelude || bs_value_is_none (c->base_class) || c->is_exception)
    g_string_append (out, c->qualname);
  else
    g_string_append_printf (out, "__main__.%s", c->qualname);
}

/* Whether a built-in's receiver is named in its repr, as CPython's method of a built-in
 * type's value: "<built-in method append of list object at 0x...>" */
static gboolean
self_shown (BsValue self)
{
  if (self.type != BS_VALUE_OBJECT)
    return FALSE;
  switch (self.as.object->type)
    {
    case BS_OBJECT_STR:
    case BS_OBJECT_LIST:
    case BS_OBJECT_TUPLE:
    case BS_OBJECT_DICT:
    case BS_OBJECT_CLASS:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
repr_inner (BsInterp *in,
            BsValue   v,
            GString  *out,
            gboolean  as_str,
            int       depth)
{
  if (depth > 200)
    return bs_raise (in, "RecursionError", "maximum recursion depth exceeded while getting the "
                     "repr of an object");
  switch (v.type)
    {
    case BS_VALUE_NONE:
      g_string_append (out, "None");
      return TRUE;
    case BS_VALUE_BOOL:
      g_string_append (out, v.as.boolean ? "True" : "False");
      return TRUE;
    case BS_VALUE_INT:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, v.as.integer);
      return TRUE;
    case BS_VALUE_FLOAT:
      {
        char *r = bs_float_repr (v.as.number);

        g_string_append (out, r);
        g_free (r);
        return TRUE;
      }
    case BS_VALUE_OBJECT:
    default:
      break;
    }
  switch (v.as.object->type)
    {
    case BS_OBJECT_STR:
      if (as_str)
        g_string_append_len (out, ((BsStr *) v.as.object)->data, ((BsStr *) v.as.object)->length);
      else
        bs_py_str_repr (((BsStr *) v.as.object)->data, ((BsStr *) v.as.object)->length, out);
      return TRUE;

    case BS_OBJECT_LIST:
    case BS_OBJECT_TUPLE:
      {
        gsize n;
        BsValue *items = bs_value_items (v, &n);
        gboolean is_list = v.as.object->type == BS_OBJECT_LIST;
        gboolean is_size = !is_list && ((BsTuple *) v.as.object)->is_size;
        const char *struct_seq = is_list ? NULL : ((BsTuple *) v.as.object)->struct_seq;

        if (struct_seq != NULL && n == 2)
          {
            g_string_append_printf (out, "%s(\n%s=", struct_seq,
                                    bs_struct_seq_field (struct_seq, 0));
            if (!repr_inner (in, items[0], out, FALSE, depth + 1))
              return FALSE;
            g_string_append_printf (out, ",\n%s=", bs_struct_seq_field (struct_seq, 1));
            if (!repr_inner (in, items[1], out, FALSE, depth + 1))
              return FALSE;
            g_string_append_c (out, ')');
            return TRUE;
          }
        if (is_size)
          g_string_append (out, "torch.Size([");
        else
          g_string_append_c (out, is_list ? '[' : '(');
        for (gsize i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append (out, ", ");
            if (items[i].type == BS_VALUE_OBJECT && items[i].as.object == v.as.object)
              {
                g_string_append (out, is_list ? "[...]" : "(...)");
                continue;
              }
            if (!repr_inner (in, items[i], out, FALSE, depth + 1))
              return FALSE;
          }
        if (is_size)
          g_string_append (out, "])");
        else if (is_list)
          g_string_append_c (out, ']');
        else
          g_string_append (out, n == 1 ? ",)" : ")");
        return TRUE;
      }

    case BS_OBJECT_DICT:
      {
        BsDict *d = (BsDict *) v.as.object;
        gboolean first = TRUE;

        if (d->is_ordered)
          {
            g_string_append (out, "OrderedDict(");
            for (guint i = 0; i < d->entries->len; i++)
              {
                BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

                if (e->deleted)
                  continue;
                g_string_append (out, first ? "[(" : ", (");
                first = FALSE;
                if (!repr_inner (in, e->key, out, FALSE, depth + 1))
                  return FALSE;
                g_string_append (out, ", ");
                if (e->value.type == BS_VALUE_OBJECT && e->value.as.object == v.as.object)
                  g_string_append (out, "...");
                else if (!repr_inner (in, e->value, out, FALSE, depth + 1))
                  return FALSE;
                g_string_append_c (out, ')');
              }
            g_string_append (out, first ? ")" : "])");
            return TRUE;
          }
        g_string_append_c (out, '{');
        for (guint i = 0; i < d->entries->len; i++)
          {
            BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

            if (e->deleted)
              continue;
            if (!first)
              g_string_append (out, ", ");
            first = FALSE;
            if (!repr_inner (in, e->key, out, FALSE, depth + 1))
              return FALSE;
            g_string_append (out, ": ");
            if (e->value.type == BS_VALUE_OBJECT && e->value.as.object == v.as.object)
              g_string_append (out, "{...}");
            else if (!repr_inner (in, e->value, out, FALSE, depth + 1))
              return FALSE;
          }
        g_string_append_c (out, '}');
        return TRUE;
      }

    case BS_OBJECT_RANGE:
      {
        BsRange *r = (BsRange *) v.as.object;

        if (r->step == 1)
          g_string_append_printf (out, "range(%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")",
                                  r->start, r->stop);
        else
          g_string_append_printf (out, "range(%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                                  ", %" G_GINT64_FORMAT ")", r->start, r->stop, r->step);
        return TRUE;
      }

    case BS_OBJECT_SLICE:
      {
        BsSlice *s = (BsSlice *) v.as.object;

        g_string_append (out, "slice(");
        if (!repr_inner (in, s->lower, out, FALSE, depth + 1))
          return FALSE;
        g_string_append (out, ", ");
        if (!repr_inner (in, s->upper, out, FALSE, depth + 1))
          return FALSE;
        g_string_append (out, ", ");
        if (!repr_inner (in, s->step, out, FALSE, depth + 1))
          return FALSE;
        g_string_append_c (out, ')');
        return TRUE;
      }

    case BS_OBJECT_FUNCTION:
      g_string_append_printf (out, "<function %s at " BS_ADDRESS_FORMAT ">",
                              ((BsFunction *) v.as.object)->qualname, bs_value_address (v));
      return TRUE;

    case BS_OBJECT_BUILTIN:
      {
        const char *name = ((BsBuiltin *) v.as.object)->name;
        const char *path = bs_builtin_class_path (name);

        if (path != NULL)
          g_string_append_printf (out, "<class '%s'>", path);
        else if (bs_builtin_is_type (in, v))
          g_string_append_printf (out, "<class '%s'>", name);
        else if (self_shown (((BsBuiltin *) v.as.object)->self))
          g_string_append_printf (out, "<built-in method %s of %s object at " BS_ADDRESS_FORMAT ">",
                                  name, bs_value_is_object (((BsBuiltin *) v.as.object)->self,
                                                            BS_OBJECT_CLASS)
                                        ? "type" : bs_type_name (((BsBuiltin *) v.as.object)->self),
                                  bs_value_address (((BsBuiltin *) v.as.object)->self));
        else
          g_string_append_printf (out, "<built-in function %s>", name);
      }
      return TRUE;

    case BS_OBJECT_BOUND_METHOD:
      {
        BsBoundMethod *m = (BsBoundMethod *) v.as.object;

        g_string_append_printf (out, "<bound method %s of ",
                                bs_value_is_object (m->func, BS_OBJECT_FUNCTION)
                                ? ((BsFunction *) m->func.as.object)->qualname
                                : bs_value_is_object (m->func, BS_OBJECT_BUILTIN)
                                ? ((BsBuiltin *) m->func.as.object)->name : "?");
        if (!repr_inner (in, m->self, out, FALSE, depth + 1))
          return FALSE;
        g_string_append_c (out, '>');
        return TRUE;
      }

    case BS_OBJECT_CLASS:
      g_string_append (out, "<class '");
      append_class_path (out, (BsClass *) v.as.object);
      g_string_append (out, "'>");
      return TRUE;

    case BS_OBJECT_INSTANCE:
      {
        BsInstance *i = (BsInstance *) v.as.object;
        BsClass *c = (BsClass *) i->klass.as.object;
        gboolean done;

        if (as_str)
          {
            if (!call_dunder_string (in, v, "__str__", out, &done))
              return FALSE;
            if (done)
              return TRUE;
          }
        if (!call_dunder_string (in, v, "__repr__", out, &done))
          return FALSE;
        if (done)
          return TRUE;
        if (c->is_exception)
          {
            gsize n;
            BsValue *items = bs_value_items (i->args, &n);

            if (as_str)
              {
                /* str(KeyError(k)) is repr(k) */
                if (n == 1)
                  return repr_inner (in, items[0], out,
                                     !bs_is_subclass (i->klass,
                                                      bs_lookup_builtin (in, "KeyError")),
                                     depth + 1);
                if (n == 0)
                  return TRUE;
                return repr_inner (in, i->args, out, FALSE, depth + 1);
              }
            g_string_append (out, c->name);
            if (n == 1)
              {
                g_string_append_c (out, '(');
                if (!repr_inner (in, items[0], out, FALSE, depth + 1))
                  return FALSE;
                g_string_append_c (out, ')');
                return TRUE;
              }
            return repr_inner (in, i->args, out, FALSE, depth + 1);
          }
        g_string_append_c (out, '<');
        append_class_path (out, c);
        g_string_append_printf (out, " object at " BS_ADDRESS_FORMAT ">", bs_value_address (v));
        return TRUE;
      }

    case BS_OBJECT_MODULE:
      g_string_append_printf (out, "<module '%s'>", ((BsModule *) v.as.object)->name);
      return TRUE;

    case BS_OBJECT_TENSOR:
      {
        GError *error = NULL;
        char *r;

        /* the repr reads grad_fn, which PyTorch checks */
        if (!bs_check_view_unchanged (bs_value_tensor (v), &error))
          return bs_raise_gerror (in, error);
        r = bs_tensor_repr (bs_value_tensor (v), &in->print_options);

        g_string_append (out, r);
        g_free (r);
        return TRUE;
      }

    case BS_OBJECT_NATIVE:
      {
        const BsNativeType *type = (const BsNativeType *) ((BsNative *) v.as.object)->klass;

        if (as_str && type->str != NULL)
          return type->str (in, v, out);
        if (type->repr != NULL)
          return type->repr (in, v, out);
        g_string_append_printf (out, "<%s object at " BS_ADDRESS_FORMAT ">", type->base.name,
                                bs_value_address (v));
        return TRUE;
      }

    default:
      g_string_append_printf (out, "<%s object>", bs_type_name (v));
      return TRUE;
    }
}

gboolean
bs_repr (BsInterp *in,
         BsValue   v,
         GString  *out)
{
  return repr_inner (in, v, out, FALSE, 0);
}

gboolean
bs_str (BsInterp *in,
        BsValue   v,
        GString  *out)
{
  return repr_inner (in, v, out, TRUE, 0);
}

gboolean
bs_format_value (BsInterp   *in,
                 BsValue     v,
                 const char *spec,
                 GString    *out)
{
  GError *error = NULL;
  char *r = NULL;

  /* Tensor.__format__ formats a 0-dim tensor's item, even with no spec */
  if (bs_value_tensor (v) != NULL && bs_value_tensor (v)->ndim == 0
      && !bs_value_tensor (v)->is_parameter)
    {
      BsTensor *t = bs_value_tensor (v);

      if (bs_dtype_is_floating (t->dtype))
        return bs_format_value (in, BS_FLOAT (bs_tensor_item (t)), spec, out);
      if (t->dtype == BS_DTYPE_BOOL)
        return bs_format_value (in, BS_BOOL (bs_tensor_item (t) != 0), spec, out);
      return bs_format_value (in, BS_INT (bs_tensor_get_int (t, 0)), spec, out);
    }
  if (bs_np_scalar_tensor (v) != NULL && spec[0] != '\0')
    {
      BsTensor *t = bs_np_scalar_tensor (v);

      if (bs_dtype_is_floating (t->dtype))
        return bs_format_value (in, BS_FLOAT (bs_tensor_item (t)), spec, out);
      return bs_format_value (in, BS_INT (bs_tensor_get_int (t, 0)), spec, out);
    }
  if (spec[0] == '\0')
    return bs_str (in, v, out);
  if (v.type == BS_VALUE_FLOAT)
    r = bs_float_format (v.as.number, spec, &error);
  else if (bs_is_int (v))
    r = bs_int_format (bs_int_of (v), spec, &error);
  else if (bs_value_tensor (v) != NULL)
    return bs_tensor_format_spec (in, bs_value_tensor (v), spec, out);
  else if (bs_value_str (v) != NULL)
    return bs_py_str_format_spec (in, v, spec, out);
  else
    {
      GString *t = g_string_new (NULL);
      gboolean ok = bs_str (in, v, t);

      g_string_free (t, TRUE);
      if (!ok)
        return FALSE;
      return bs_raise (in, "TypeError", "unsupported format string passed to %s.__format__",
                       bs_type_name (v));
    }
  if (r == NULL)
    return bs_raise_gerror (in, error);
  g_string_append (out, r);
  g_free (r);
  return TRUE;
}

