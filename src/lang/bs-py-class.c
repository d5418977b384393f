/* bs-py-class.c: Python's classes: their bases and method resolution order (CPython 3.11's
 * C3 linearisation and its checks), lookup along it, __bases__, __mro__ and mro() */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <string.h>

#include "bs-py-property.h"
#include "bs-py-set.h"

/* The built-in exceptions that have an instance lay-out of their own in CPython 3.11 (a
 * C struct with more fields than their base's): two bases whose lay-outs neither contains
 * cannot be combined. */
static const char *const own_layout[] = {
  "BaseException", "SystemExit", "StopIteration", "AttributeError", "NameError",
  "ImportError", "OSError", "SyntaxError", "UnicodeDecodeError", "UnicodeEncodeError",
  "UnicodeTranslateError",
};

void
bs_class_finalize (BsObject *object)
{
  BsClass *c = (BsClass *) object;

  g_free (c->name);
  g_free (c->qualname);
  bs_value_unref (c->base_class);
  bs_value_unref (c->bases);
  bs_value_unref (c->ancestors);
  bs_value_unref (c->abstracts);
  bs_value_unref (c->slots);
  bs_value_unref (c->dict);
}

static BsClass *
as_class (BsValue v)
{
  return (BsClass *) v.as.object;
}

static gboolean
is_object_class (BsValue v)
{
  return as_class (v)->is_object;
}

static BsValue
class_alloc (BsInterp   *in,
             const char *name,
             BsValue     base)
{
  BsClass *c = (BsClass *) bs_object_alloc (in->heap, BS_OBJECT_CLASS, sizeof (BsClass));

  c->name = g_strdup (name);
  c->qualname = g_strdup (name);
  c->base_class = bs_value_ref (base);
  c->dict = bs_dict_new (in->heap);
  return BS_OBJECT (c);
}

void
bs_class_init_builtin_exception (BsValue klass)
{
  BsClass *c = as_class (klass);

  for (guint i = 0; i < G_N_ELEMENTS (own_layout); i++)
    if (strcmp (c->name, own_layout[i]) == 0)
      c->solid = c;
}

/* What a class inherits from one more base: flags, and whether it is a built-in type. */
static void
inherit_flags (BsClass *c,
               BsClass *b)
{
  c->is_exception |= b->is_exception;
  c->is_abc |= b->is_abc;
  c->is_module |= b->is_module;
  c->has_properties |= b->has_properties;
}

BsValue
bs_class_new (BsInterp   *in,
              const char *name,
              BsValue     base)
{
  BsValue klass = class_alloc (in, name, base);
  BsClass *c = as_class (klass);

  if (bs_value_is_object (base, BS_OBJECT_CLASS))
    {
      BsClass *b = as_class (base);
      gsize n = ((BsTuple *) b->ancestors.as.object)->length;
      gboolean object = is_object_class (base);

      c->bases = bs_tuple_from (in, &base, 1);
      c->ancestors = bs_tuple_new (in->heap, object ? 0 : n + 1);
      if (!object)
        {
          BsTuple *t = (BsTuple *) c->ancestors.as.object;

          t->items[0] = bs_value_ref (base);
          for (gsize i = 0; i < n; i++)
            t->items[i + 1] = bs_value_ref (((BsTuple *) b->ancestors.as.object)->items[i]);
        }
      if (c->solid == NULL)
        c->solid = b->solid;
      inherit_flags (c, b);
    }
  else
    {
      c->bases = bs_tuple_new (in->heap, 0);
      c->ancestors = bs_tuple_new (in->heap, 0);
    }
  return klass;
}

/* Whether lay-out a contains lay-out b (NULL: object's) */
static gboolean
layout_extends (BsClass *a,
                BsClass *b)
{
  return b == NULL || (a != NULL && bs_is_subclass (BS_OBJECT (a), BS_OBJECT (b)));
}

/* CPython's best_base: the base whose instance lay-out contains every other base's (its
 * solid base is a subclass of theirs); a class deriving from object has object's (NULL). */
static gboolean
best_base (BsInterp      *in,
           const BsValue *bases,
           guint          n,
           guint         *best)
{
  BsClass *winner = as_class (bases[0])->solid;

  *best = 0;
  for (guint i = 1; i < n; i++)
    {
      BsClass *candidate = as_class (bases[i])->solid;

      if (layout_extends (winner, candidate))
        continue;
      if (!layout_extends (candidate, winner))
        return bs_raise (in, "TypeError", "multiple bases have instance lay-out conflict");
      winner = candidate;
      *best = i;
    }
  return TRUE;
}

/* One base's linearisation, for the merge: the base, its ancestors, object last. */
static GPtrArray *
linearisation (BsInterp *in,
               BsValue   base)
{
  GPtrArray *list = g_ptr_array_new ();
  BsValue object = bs_lookup_builtin (in, "object");

  g_ptr_array_add (list, base.as.object);
  if (base.as.object != object.as.object)
    {
      BsTuple *t = (BsTuple *) as_class (base)->ancestors.as.object;

      for (gsize i = 0; i < t->length; i++)
        g_ptr_array_add (list, t->items[i].as.object);
      g_ptr_array_add (list, object.as.object);
    }
  return list;
}

static gboolean
in_tail (GPtrArray *list,
         guint      from,
         gpointer   candidate)
{
  for (guint k = from + 1; k < list->len; k++)
    if (list->pdata[k] == candidate)
      return TRUE;
  return FALSE;
}

/* CPython's message, naming the head of every list that is left, each once */
static gboolean
mro_error (BsInterp   *in,
           GPtrArray **lists,
           guint       n,
           const guint *remain)
{
  g_autoptr(GString) text = g_string_new ("Cannot create a consistent method resolution\n"
                                          "order (MRO) for bases");
  g_autoptr(GPtrArray) named = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      gpointer head;

      if (remain[i] >= lists[i]->len)
        continue;
      head = lists[i]->pdata[remain[i]];
      if (g_ptr_array_find (named, head, NULL))
        continue;
      g_string_append_printf (text, "%s %s", named->len > 0 ? "," : "",
                              ((BsClass *) head)->name);
      g_ptr_array_add (named, head);
    }
  return bs_raise (in, "TypeError", "%s", text->str);
}

/* The C3 merge of lists into out, as CPython's mro_implementation does it */
static gboolean
c3_merge (BsInterp   *in,
          GPtrArray **lists,
          guint       n,
          GPtrArray  *out)
{
  g_autofree guint *remain = g_new0 (guint, n);

  for (;;)
    {
      gboolean empty = TRUE;
      gpointer chosen = NULL;

      for (guint i = 0; i < n && chosen == NULL; i++)
        {
          gpointer candidate;
          gboolean blocked = FALSE;

          if (remain[i] >= lists[i]->len)
            continue;
          empty = FALSE;
          candidate = lists[i]->pdata[remain[i]];
          for (guint j = 0; j < n && !blocked; j++)
            blocked = in_tail (lists[j], remain[j], candidate);
          if (!blocked)
            chosen = candidate;
        }
      if (empty)
        return TRUE;
      if (chosen == NULL)
        return mro_error (in, lists, n, remain);
      g_ptr_array_add (out, chosen);
      for (guint j = 0; j < n; j++)
        if (remain[j] < lists[j]->len && lists[j]->pdata[remain[j]] == chosen)
          remain[j]++;
    }
}

gboolean
bs_class_new_from_bases (BsInterp      *in,
                         const char    *name,
                         const BsValue *bases,
                         guint          n,
                         BsValue       *out)
{
  BsValue klass;
  BsClass *c;
  guint best = 0;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GPtrArray **lists;
  gboolean ok;

  if (n <= 1)
    {
      *out = bs_class_new (in, name, n == 1 ? bases[0] : BS_NONE);
      return TRUE;
    }
  if (!best_base (in, bases, n, &best))
    return FALSE;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < i; j++)
      if (bases[i].as.object == bases[j].as.object)
        return bs_raise (in, "TypeError", "duplicate base class %s", as_class (bases[i])->name);
  lists = g_new0 (GPtrArray *, n + 1);
  for (guint i = 0; i < n; i++)
    lists[i] = linearisation (in, bases[i]);
  lists[n] = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (lists[n], bases[i].as.object);
  ok = c3_merge (in, lists, n + 1, order);
  for (guint i = 0; i <= n; i++)
    g_ptr_array_unref (lists[i]);
  g_free (lists);
  if (!ok)
    return FALSE;
  klass = class_alloc (in, name, bases[best]);
  c = as_class (klass);
  c->bases = bs_tuple_from (in, (BsValue *) bases, n);
  /* object closes every consistent order: it is left out, as for one base */
  g_ptr_array_remove (order, bs_lookup_builtin (in, "object").as.object);
  c->ancestors = bs_tuple_new (in->heap, order->len);
  for (guint i = 0; i < order->len; i++)
    ((BsTuple *) c->ancestors.as.object)->items[i] = bs_value_ref (BS_OBJECT (order->pdata[i]));
  c->solid = as_class (bases[best])->solid;
  for (guint i = 0; i < n; i++)
    inherit_flags (c, as_class (bases[i]));
  *out = klass;
  return TRUE;
}

void
bs_class_set_stands_for (BsValue     klass,
                         const char *builtin)
{
  BsClass *c = as_class (klass);

  c->stands_for = builtin;
  c->solid = c;
}

gboolean
bs_is_subclass (BsValue klass,
                BsValue base)
{
  BsTuple *t;

  if (!bs_value_is_object (klass, BS_OBJECT_CLASS) || base.type != BS_VALUE_OBJECT)
    return FALSE;
  if (klass.as.object == base.as.object
      || (bs_value_is_object (base, BS_OBJECT_CLASS) && as_class (base)->is_object))
    return TRUE;
  t = (BsTuple *) as_class (klass)->ancestors.as.object;
  for (gsize i = 0; i < t->length; i++)
    if (t->items[i].as.object == base.as.object)
      return TRUE;
  return FALSE;
}

gboolean
bs_class_lookup (BsValue     klass,
                 const char *name,
                 BsValue    *value)
{
  BsTuple *t;

  if (!bs_value_is_object (klass, BS_OBJECT_CLASS))
    return FALSE;
  if (bs_dict_get_str (as_class (klass)->dict, name, value))
    return TRUE;
  t = (BsTuple *) as_class (klass)->ancestors.as.object;
  for (gsize i = 0; i < t->length; i++)
    if (bs_dict_get_str (as_class (t->items[i])->dict, name, value))
      return TRUE;
  return FALSE;
}

gboolean
bs_class_lookup_after (BsValue     klass,
                       BsValue     after,
                       const char *name,
                       BsValue    *value,
                       BsValue    *owner)
{
  BsTuple *t;
  gsize i = 0;

  if (!bs_value_is_object (klass, BS_OBJECT_CLASS))
    return FALSE;
  t = (BsTuple *) as_class (klass)->ancestors.as.object;
  if (klass.as.object != after.as.object)
    {
      while (i < t->length && t->items[i].as.object != after.as.object)
        i++;
      i++;
    }
  for (; i < t->length; i++)
    if (bs_dict_get_str (as_class (t->items[i])->dict, name, value))
      {
        *owner = t->items[i];
        return TRUE;
      }
  return FALSE;
}

/* --- what Python sees ---------------------------------------------------- */

/* A base as Python names it: the built-in type a stand-in of the collections prelude is
 * for (class D(dict)). Borrowed. */
static BsValue
shown_base (BsInterp *in,
            BsValue   base)
{
  const char *builtin = as_class (base)->stands_for;
  BsValue shown = builtin != NULL ? bs_lookup_builtin (in, builtin) : BS_NONE;

  return bs_value_is_none (shown) ? base : shown;
}

static BsValue
class_bases (BsInterp *in,
             BsValue   klass)
{
  BsTuple *given = (BsTuple *) as_class (klass)->bases.as.object;
  BsValue object = bs_lookup_builtin (in, "object");
  BsValue t;

  if (given->length == 0)
    return is_object_class (klass) ? bs_tuple_new (in->heap, 0) : bs_tuple_from (in, &object, 1);
  t = bs_tuple_new (in->heap, given->length);
  for (gsize i = 0; i < given->length; i++)
    ((BsTuple *) t.as.object)->items[i] = bs_value_ref (shown_base (in, given->items[i]));
  return t;
}

BsValue
bs_class_mro (BsInterp *in,
              BsValue   klass)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  g_autoptr(GPtrArray) hidden = g_ptr_array_new ();
  BsValue object = bs_lookup_builtin (in, "object");
  BsValue t;

  g_ptr_array_add (chain, klass.as.object);
  if (bs_value_is_object (klass, BS_OBJECT_CLASS))
    {
      BsTuple *ancestors = (BsTuple *) as_class (klass)->ancestors.as.object;

      /* a stand-in is shown as its built-in type, and what it derives from not at all */
      for (gsize i = 0; i < ancestors->length; i++)
        {
          BsValue a = ancestors->items[i];

          if (g_ptr_array_find (hidden, a.as.object, NULL))
            continue;
          g_ptr_array_add (chain, shown_base (in, a).as.object);
          if (as_class (a)->stands_for != NULL)
            {
              BsTuple *below = (BsTuple *) as_class (a)->ancestors.as.object;

              for (gsize j = 0; j < below->length; j++)
                g_ptr_array_add (hidden, below->items[j].as.object);
            }
        }
    }
  else if (!bs_value_is_none (bs_builtin_class_base (in, ((BsBuiltin *) klass.as.object)->name)))
    {
      /* torch.optim.SGD, a built-in here, derives from torch.optim.Optimizer */
      BsValue base_mro = bs_class_mro (in, bs_builtin_class_base (in,
                                                                  ((BsBuiltin *) klass.as.object)->name));
      BsTuple *above = (BsTuple *) base_mro.as.object;

      for (gsize i = 0; i < above->length; i++)
        if (above->items[i].as.object != object.as.object)
          g_ptr_array_add (chain, above->items[i].as.object);
      bs_value_unref (base_mro);
    }
  else if (strcmp (((BsBuiltin *) klass.as.object)->name, "bool") == 0)
    g_ptr_array_add (chain, bs_lookup_builtin (in, "int").as.object);
  if (klass.as.object != object.as.object)
    g_ptr_array_add (chain, object.as.object);
  t = bs_tuple_new (in->heap, chain->len);
  for (guint i = 0; i < chain->len; i++)
    ((BsTuple *) t.as.object)->items[i] = bs_value_ref (BS_OBJECT (chain->pdata[i]));
  return t;
}

/* type.mro(): __mro__ as a list */
DECLARED (class_mro_method)
{
  BsValue mro = bs_class_mro (in, call->self);
  BsTuple *t = (BsTuple *) mro.as.object;

  *r = bs_list_new (in->heap);
  for (gsize i = 0; i < t->length; i++)
    bs_list_append (*r, bs_value_ref (t->items[i]));
  bs_value_unref (mro);
  return TRUE;
}

/* What every class has besides its dict's names: __name__, __qualname__, __bases__,
 * __base__, __mro__, mro, __module__ (builtins for Backstep's exceptions), __class__. */
gboolean
bs_class_attribute (BsInterp   *in,
                    BsValue     klass,
                    const char *name,
                    BsValue    *out,
                    gboolean   *found)
{
  BsClass *c = as_class (klass);

  if (strcmp (name, "__name__") == 0)
    *out = bs_str_value (in, c->name);
  else if (strcmp (name, "__qualname__") == 0)
    *out = bs_str_value (in, c->qualname);
  else if (strcmp (name, "__module__") == 0)
    *out = bs_str_value (in, "builtins");
  else if (strcmp (name, "__bases__") == 0)
    *out = class_bases (in, klass);
  else if (strcmp (name, "__base__") == 0)
    *out = bs_value_is_object (c->base_class, BS_OBJECT_CLASS)
           ? bs_value_ref (shown_base (in, c->base_class))
           : is_object_class (klass) ? BS_NONE : bs_value_ref (bs_lookup_builtin (in, "object"));
  else if (strcmp (name, "__mro__") == 0)
    *out = bs_class_mro (in, klass);
  else if (strcmp (name, "mro") == 0)
    *out = bs_decl_builtin (in, bs_signature_set_find (in->signatures, "type", "mro"),
                            bs_value_ref (klass));
  else if (strcmp (name, "__class__") == 0)
    return bs_type_of (in, klass, out);
  else if (strcmp (name, "__abstractmethods__") == 0 && c->is_abc)
    {
      gsize n = 0;
      BsValue *items = bs_value_items (c->abstracts, &n);

      *out = bs_set_new (in, TRUE);
      for (gsize i = 0; items != NULL && i < n; i++)
        if (!bs_set_add (in, *out, items[i]))
          return FALSE;
    }
  else
    *found = FALSE;
  return TRUE;
}

/* --- __slots__ ------------------------------------------------------------ */

gboolean
bs_class_update_slots (BsInterp *in,
                       BsValue   klass)
{
  BsClass *c = as_class (klass);
  BsTuple *bases = (BsTuple *) c->bases.as.object;
  BsValue declared, list;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  gboolean has_dict = FALSE;
  gsize n;
  BsValue *items;

  if (!bs_dict_get_str (c->dict, "__slots__", &declared))
    return TRUE;
  if (bs_value_str (declared) != NULL)
    list = bs_tuple_from (in, &declared, 1);
  else if (!bs_to_list (in, declared, &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      const char *name = bs_value_str (items[i]);
      BsValue clash;

      if (name == NULL)
        {
          bs_value_unref (list);
          return bs_raise (in, "TypeError", "__slots__ items must be strings, not '%s'",
                           bs_type_name (items[i]));
        }
      if (strcmp (name, "__dict__") == 0)
        has_dict = TRUE;
      else if (bs_dict_get_str (c->dict, name, &clash))
        {
          bs_raise (in, "ValueError", "'%s' in __slots__ conflicts with class variable", name);
          bs_value_unref (list);
          return FALSE;
        }
      g_ptr_array_add (names, (gpointer) name);
    }
  /* a base other than object that has a __dict__ gives its instances one */
  for (gsize i = 0; i < bases->length && !has_dict; i++)
    has_dict = !as_class (bases->items[i])->is_object
               && bs_value_is_none (as_class (bases->items[i])->slots);
  if (!has_dict)
    {
      BsTuple *ancestors = (BsTuple *) c->ancestors.as.object;
      GArray *all = g_array_new (FALSE, FALSE, sizeof (BsValue));

      for (guint i = 0; i < names->len; i++)
        {
          BsValue v = bs_str_value (in, names->pdata[i]);

          g_array_append_val (all, v);
        }
      for (gsize i = 0; i < ancestors->length; i++)
        {
          gsize m;
          BsValue *inherited = bs_value_items (as_class (ancestors->items[i])->slots, &m);

          for (gsize k = 0; inherited != NULL && k < m; k++)
            {
              BsValue v = bs_value_ref (inherited[k]);

              g_array_append_val (all, v);
            }
        }
      c->slots = bs_tuple_from (in, (BsValue *) all->data, all->len);
      for (guint i = 0; i < all->len; i++)
        bs_value_unref (g_array_index (all, BsValue, i));
      g_array_unref (all);
    }
  bs_value_unref (list);
  return TRUE;
}

gboolean
bs_class_allows_attribute (BsValue     klass,
                           const char *name)
{
  gsize n;
  BsValue *items = bs_value_items (as_class (klass)->slots, &n);

  if (items == NULL)
    return TRUE;
  for (gsize i = 0; i < n; i++)
    if (strcmp (bs_value_str (items[i]), name) == 0)
      return TRUE;
  return FALSE;
}

/* --- abstract base classes (the abc module is src/lang/py/abc.py) ------- */

/* CPython's __isabstractmethod__ of a class body's value: an @abstractmethod function, or
 * a property, classmethod or staticmethod of one */
static gboolean
is_abstract (BsValue v)
{
  if (bs_classmethod_func (v) != NULL)
    return is_abstract (*bs_classmethod_func (v));
  if (bs_value_is_object (v, BS_OBJECT_NATIVE)
      && strcmp (((BsNative *) v.as.object)->klass->name, "staticmethod") == 0)
    return is_abstract (*(BsValue *) ((BsNative *) v.as.object)->data);
  if (bs_property_is (v))
    return is_abstract (bs_property_fget (v));
  return bs_value_is_object (v, BS_OBJECT_FUNCTION) && ((BsFunction *) v.as.object)->is_abstract;
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

void
bs_class_update_abstracts (BsInterp *in,
                           BsValue   klass)
{
  BsClass *c = as_class (klass);
  BsDict *own = (BsDict *) c->dict.as.object;
  BsTuple *bases = (BsTuple *) c->bases.as.object;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  BsValue v;

  if (!c->is_abc)
    return;
  for (guint i = 0; i < own->entries->len; i++)
    {
      BsDictEntry *e = &g_array_index (own->entries, BsDictEntry, i);

      if (!e->deleted && bs_value_str (e->key) != NULL && is_abstract (e->value))
        g_ptr_array_add (names, (gpointer) bs_value_str (e->key));
    }
  /* what a base left abstract and this class did not define */
  for (gsize i = 0; i < bases->length; i++)
    {
      BsValue inherited = as_class (bases->items[i])->abstracts;
      gsize n;
      BsValue *items = bs_value_items (inherited, &n);

      for (gsize k = 0; items != NULL && k < n; k++)
        {
          const char *name = bs_value_str (items[k]);

          if (bs_class_lookup (klass, name, &v) && is_abstract (v)
              && !g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
            g_ptr_array_add (names, (gpointer) name);
        }
    }
  bs_value_unref (c->abstracts);
  bs_value_unref (c->slots);
  c->abstracts = BS_NONE;
  if (names->len == 0)
    return;
  g_ptr_array_sort (names, compare_names);
  c->abstracts = bs_tuple_new (in->heap, names->len);
  for (guint i = 0; i < names->len; i++)
    ((BsTuple *) c->abstracts.as.object)->items[i] = bs_str_value (in, names->pdata[i]);
}

/* CPython's object.__new__ on a class with abstract methods left */
gboolean
bs_class_check_abstract (BsInterp *in,
                         BsValue   klass)
{
  BsClass *c = as_class (klass);
  g_autoptr(GString) names = g_string_new (NULL);
  gsize n;
  BsValue *items = bs_value_items (c->abstracts, &n);

  if (items == NULL)
    return TRUE;
  for (gsize i = 0; i < n; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", bs_value_str (items[i]));
  return bs_raise (in, "TypeError", "Can't instantiate abstract class %s with abstract method%s %s",
                   c->name, n > 1 ? "s" : "", names->str);
}

/* _backstep.abstractmethod(funcobj): abc.abstractmethod */
DECLARED (bk_abstractmethod)
{
  BsValue f = bs_call_value (call, 0);

  if (bs_value_is_object (f, BS_OBJECT_FUNCTION))
    ((BsFunction *) f.as.object)->is_abstract = TRUE;
  else if (!is_abstract (f))
    return bs_raise (in, "NotImplementedError", "abstractmethod() of a %s is not supported by "
                     "Backstep (only of a function, or a property, classmethod or staticmethod "
                     "of one)", bs_type_name (f));
  *r = bs_value_ref (f);
  return TRUE;
}

/* _backstep.mark_abc(cls): abc.ABC, whose subclasses look for abstract methods */
DECLARED (bk_mark_abc)
{
  BsValue klass = bs_call_value (call, 0);

  if (!bs_value_is_object (klass, BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "mark_abc() needs a class");
  as_class (klass)->is_abc = TRUE;
  *r = BS_NONE;
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "type", BS_SIG_BUILTIN, "type.mro(self, /)", class_mro_method, 0 },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.abstractmethod(funcobj, /)", bk_abstractmethod, 0 },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.mark_abc(cls, /)", bk_mark_abc, 0 },
};

const BsSignatureTable bs_py_class_table = BS_SIGNATURE_TABLE (rows);
