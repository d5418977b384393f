/* bs-py-property.c: property, the data descriptor of @property
 *
 * As CPython's: a class attribute that is a property takes precedence over the instance's
 * own dict; reading calls fget, assignment fset, del fdel, and a missing one raises
 * CPython 3.11's "property 'x' of 'C' object has no setter", with the name the class
 * gave it (__set_name__).
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-property.h"

#include "bs-builtins-private.h"

typedef struct {
  BsValue  fget;
  BsValue  fset;
  BsValue  fdel;
  BsValue  doc;
  char    *name;   /* the class attribute it was bound to, or NULL */
} Property;

static void
property_free (gpointer data)
{
  Property *p = data;

  bs_value_unref (p->fget);
  bs_value_unref (p->fset);
  bs_value_unref (p->fdel);
  bs_value_unref (p->doc);
  g_free (p->name);
  g_free (p);
}

static gboolean property_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                  gboolean *found);

static const BsNativeType property_type = {
  { "property", property_free }, property_getattr, NULL, NULL,
};

static Property *
property_of (BsValue v)
{
  return bs_value_native (v, &property_type.base);
}

gboolean
bs_property_is (BsValue v)
{
  return property_of (v) != NULL;
}

BsValue
bs_property_fget (BsValue prop)
{
  return property_of (prop)->fget;
}

static BsValue
property_new (BsInterp *in,
              BsValue   fget,
              BsValue   fset,
              BsValue   fdel,
              BsValue   doc,
              const char *name)
{
  Property *p = g_new0 (Property, 1);
  gboolean found = FALSE;

  p->fget = bs_value_ref (fget);
  p->fset = bs_value_ref (fset);
  p->fdel = bs_value_ref (fdel);
  /* as CPython: without doc=, the getter's docstring */
  p->doc = BS_NONE;
  if (!bs_value_is_none (doc) || bs_value_is_none (fget))
    p->doc = bs_value_ref (doc);
  else if (!bs_getattr_opt (in, fget, "__doc__", &p->doc, &found) || !found)
    p->doc = BS_NONE;
  p->name = g_strdup (name);
  return bs_native_new (in->heap, &property_type.base, p);
}

void
bs_property_set_name (BsValue     prop,
                      const char *name)
{
  Property *p = property_of (prop);

  if (p != NULL && p->name == NULL)
    p->name = g_strdup (name);
}

static gboolean
raise_missing (BsInterp   *in,
               Property   *p,
               BsValue     obj,
               const char *what)
{
  if (p->name != NULL)
    return bs_raise (in, "AttributeError", "property '%s' of '%s' object has no %s", p->name,
                     bs_type_name (obj), what);
  return bs_raise (in, "AttributeError", "property of '%s' object has no %s",
                   bs_type_name (obj), what);
}

gboolean
bs_property_get (BsInterp *in,
                 BsValue   prop,
                 BsValue   obj,
                 BsValue  *out)
{
  Property *p = property_of (prop);

  if (bs_value_is_none (p->fget))
    return raise_missing (in, p, obj, "getter");
  return bs_call_simple (in, p->fget, &obj, 1, out);
}

gboolean
bs_property_set (BsInterp *in,
                 BsValue   prop,
                 BsValue   obj,
                 BsValue   value)
{
  Property *p = property_of (prop);
  BsValue args[2] = { obj, value }, ignored = BS_NONE;
  gboolean ok;

  if (bs_value_is_none (p->fset))
    return raise_missing (in, p, obj, "setter");
  ok = bs_call_simple (in, p->fset, args, 2, &ignored);
  bs_value_unref (ignored);
  return ok;
}

gboolean
bs_property_delete (BsInterp *in,
                    BsValue   prop,
                    BsValue   obj)
{
  Property *p = property_of (prop);
  BsValue ignored = BS_NONE;
  gboolean ok;

  if (bs_value_is_none (p->fdel))
    return raise_missing (in, p, obj, "deleter");
  ok = bs_call_simple (in, p->fdel, &obj, 1, &ignored);
  bs_value_unref (ignored);
  return ok;
}

static gboolean
function_is_abstract (BsValue f)
{
  return bs_value_is_object (f, BS_OBJECT_FUNCTION) && ((BsFunction *) f.as.object)->is_abstract;
}

static gboolean
property_getattr (BsInterp   *in,
                  BsValue     self,
                  const char *name,
                  BsValue    *out,
                  gboolean   *found)
{
  Property *p = property_of (self);

  *found = TRUE;
  if (strcmp (name, "fget") == 0)
    *out = bs_value_ref (p->fget);
  else if (strcmp (name, "fset") == 0)
    *out = bs_value_ref (p->fset);
  else if (strcmp (name, "fdel") == 0)
    *out = bs_value_ref (p->fdel);
  else if (strcmp (name, "__doc__") == 0)
    *out = bs_value_ref (p->doc);
  else if (strcmp (name, "__isabstractmethod__") == 0)
    *out = BS_BOOL (function_is_abstract (p->fget) || function_is_abstract (p->fset)
                    || function_is_abstract (p->fdel));
  else
    *found = bs_py_method_find (in, "property", self, name, out);
  return TRUE;
}

DECLARED (builtin_property)
{
  *r = property_new (in, bs_call_value (call, 0), bs_call_value (call, 1),
                     bs_call_value (call, 2), bs_call_value (call, 3), NULL);
  return TRUE;
}

/* getter, setter, deleter: a copy with that function replaced (row data: which) */
DECLARED (property_with)
{
  Property *p = property_of (call->self);
  BsValue f = bs_call_value (call, 1);
  int which = (int) bs_call_data (call);

  /* the docstring follows a new getter only when it came from the old one */
  *r = property_new (in, which == 0 ? f : p->fget, which == 1 ? f : p->fset,
                     which == 2 ? f : p->fdel, which == 0 ? BS_NONE : p->doc, p->name);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "builtins", BS_SIG_BUILTIN, "property(fget=None, fset=None, fdel=None, doc=None)",
    builtin_property, 0 },
  { "property", BS_SIG_BUILTIN, "property.getter(self, fget, /)", property_with, 0 },
  { "property", BS_SIG_BUILTIN, "property.setter(self, fset, /)", property_with, 1 },
  { "property", BS_SIG_BUILTIN, "property.deleter(self, fdel, /)", property_with, 2 },
};

const BsSignatureTable bs_py_property_table = BS_SIGNATURE_TABLE (rows);
