/* bs-py-object.c: Python's object protocol: attributes, operators, repr, iteration */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-private.h"

#include <math.h>
#include <string.h>

#include "bs-float-repr.h"

/* --- finalizers and constructors --------------------------------------- */

static void
builtin_finalize (BsObject *object)
{
  bs_value_unref (((BsBuiltin *) object)->self);
}

static void
class_finalize (BsObject *object)
{
  BsClass *c = (BsClass *) object;

  g_free (c->name);
  bs_value_unref (c->base_class);
  bs_value_unref (c->dict);
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
  bs_heap_set_finalizer (in->heap, BS_OBJECT_CLASS, class_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_INSTANCE, instance_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_BOUND_METHOD, bound_method_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_MODULE, module_finalize);
  bs_heap_set_finalizer (in->heap, BS_OBJECT_SLICE, slice_finalize);
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
bs_class_new (BsInterp   *in,
              const char *name,
              BsValue     base)
{
  BsClass *c = (BsClass *) bs_object_alloc (in->heap, BS_OBJECT_CLASS, sizeof (BsClass));

  c->name = g_strdup (name);
  c->base_class = bs_value_ref (base);
  c->dict = bs_dict_new (in->heap);
  if (bs_value_is_object (base, BS_OBJECT_CLASS))
    {
      c->is_exception = ((BsClass *) base.as.object)->is_exception;
      c->is_module = ((BsClass *) base.as.object)->is_module;
    }
  return BS_OBJECT (c);
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

void
bs_module_add (BsInterp      *in,
               BsValue        module,
               const char    *name,
               BsBuiltinFunc  func)
{
  bs_dict_set_str (((BsModule *) module.as.object)->dict, name,
                   bs_builtin_new (in, name, func, BS_NONE));
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
bs_range_new (BsInterp *in,
              gint64    start,
              gint64    stop,
              gint64    step)
{
  BsRange *r = (BsRange *) bs_object_alloc (in->heap, BS_OBJECT_RANGE, sizeof (BsRange));

  r->start = start;
  r->stop = stop;
  r->step = step;
  return BS_OBJECT (r);
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

gboolean
bs_is_subclass (BsValue klass,
                BsValue base)
{
  int guard = 0;

  while (bs_value_is_object (klass, BS_OBJECT_CLASS) && guard++ < 1000)
    {
      if (klass.as.object == base.as.object)
        return TRUE;
      klass = ((BsClass *) klass.as.object)->base_class;
    }
  return FALSE;
}

gboolean
bs_class_lookup (BsValue     klass,
                 const char *name,
                 BsValue    *value)
{
  int guard = 0;

  while (bs_value_is_object (klass, BS_OBJECT_CLASS) && guard++ < 1000)
    {
      BsClass *c = (BsClass *) klass.as.object;

      if (bs_dict_get_str (c->dict, name, value))
        return TRUE;
      klass = c->base_class;
    }
  return FALSE;
}

/* --- numbers ----------------------------------------------------------- */

gboolean
bs_is_int (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL;
}

gboolean
bs_is_number (BsValue v)
{
  return v.type == BS_VALUE_INT || v.type == BS_VALUE_BOOL || v.type == BS_VALUE_FLOAT;
}

static gint64
int_of (BsValue v)
{
  return v.type == BS_VALUE_BOOL ? v.as.boolean : v.as.integer;
}

static double
float_of (BsValue v)
{
  return v.type == BS_VALUE_FLOAT ? v.as.number : (double) int_of (v);
}

gboolean
bs_to_double (BsInterp *in,
              BsValue   v,
              double   *out)
{
  BsTensor *t;

  if (bs_is_number (v))
    {
      *out = float_of (v);
      return TRUE;
    }
  t = bs_value_tensor (v);
  if (t != NULL && bs_tensor_numel (t) == 1)
    {
      *out = bs_tensor_item (t);
      return TRUE;
    }
  if (t != NULL)
    return bs_raise (in, "ValueError", "only one element tensors can be converted to Python "
                     "scalars");
  return bs_raise (in, "TypeError", "must be real number, not %s", bs_type_name (v));
}

gboolean
bs_to_int (BsInterp *in,
           BsValue   v,
           gint64   *out)
{
  BsTensor *t;

  if (bs_is_int (v))
    {
      *out = int_of (v);
      return TRUE;
    }
  t = bs_value_tensor (v);
  if (t != NULL && bs_tensor_numel (t) == 1 && !bs_dtype_is_floating (t->dtype))
    {
      *out = (gint64) bs_tensor_item (t);
      return TRUE;
    }
  return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                   bs_type_name (v));
}

static gboolean
overflow (BsInterp *in)
{
  return bs_raise (in, "OverflowError",
                   "integer overflow: Backstep's ints are 64-bit (Python's are unbounded)");
}

static gboolean
int_pow (BsInterp *in,
         gint64    base,
         gint64    exp,
         BsValue  *out)
{
  gint64 result = 1;

  if (exp < 0)
    {
      if (base == 0)
        return bs_raise (in, "ZeroDivisionError",
                         "0.0 cannot be raised to a negative power");
      *out = BS_FLOAT (pow ((double) base, (double) exp));
      return TRUE;
    }
  while (exp > 0)
    {
      if (exp & 1)
        if (__builtin_mul_overflow (result, base, &result))
          return overflow (in);
      exp >>= 1;
      if (exp > 0 && __builtin_mul_overflow (base, base, &base))
        return overflow (in);
    }
  *out = BS_INT (result);
  return TRUE;
}

static gboolean
number_op (BsInterp *in,
           BsBinOp   op,
           BsValue   a,
           BsValue   b,
           BsValue  *out)
{
  if (bs_is_int (a) && bs_is_int (b))
    {
      gint64 x = int_of (a), y = int_of (b), r;

      switch (op)
        {
        case BS_BINOP_ADD:
          if (__builtin_add_overflow (x, y, &r))
            return overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_SUB:
          if (__builtin_sub_overflow (x, y, &r))
            return overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_MUL:
          if (__builtin_mul_overflow (x, y, &r))
            return overflow (in);
          *out = BS_INT (r);
          return TRUE;
        case BS_BINOP_DIV:
          if (y == 0)
            return bs_raise (in, "ZeroDivisionError", "division by zero");
          *out = BS_FLOAT ((double) x / (double) y);
          return TRUE;
        case BS_BINOP_FLOOR_DIV:
        case BS_BINOP_MOD:
          {
            gint64 q, m;

            if (y == 0)
              return bs_raise (in, "ZeroDivisionError", op == BS_BINOP_MOD
                               ? "integer modulo by zero" : "integer division or modulo by zero");
            if (x == G_MININT64 && y == -1)
              {
                if (op == BS_BINOP_MOD)
                  {
                    *out = BS_INT (0);
                    return TRUE;
                  }
                return overflow (in);
              }
            q = x / y;
            m = x % y;
            if (m != 0 && ((m < 0) != (y < 0)))
              {
                q--;
                m += y;
              }
            *out = BS_INT (op == BS_BINOP_MOD ? m : q);
            return TRUE;
          }
        case BS_BINOP_POW:
          return int_pow (in, x, y, out);
        case BS_BINOP_LSHIFT:
          if (y < 0)
            return bs_raise (in, "ValueError", "negative shift count");
          if (y >= 63 || (x != 0 && (x > (G_MAXINT64 >> y) || x < (G_MININT64 >> y))))
            {
              if (x == 0)
                {
                  *out = BS_INT (0);
                  return TRUE;
                }
              return overflow (in);
            }
          *out = BS_INT (x * ((gint64) 1 << y));
          return TRUE;
        case BS_BINOP_RSHIFT:
          if (y < 0)
            return bs_raise (in, "ValueError", "negative shift count");
          *out = BS_INT (y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
          return TRUE;
        case BS_BINOP_BIT_AND:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x & y)
                                                                      : BS_INT (x & y);
          return TRUE;
        case BS_BINOP_BIT_OR:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x | y)
                                                                      : BS_INT (x | y);
          return TRUE;
        case BS_BINOP_BIT_XOR:
          *out = (a.type == BS_VALUE_BOOL && b.type == BS_VALUE_BOOL) ? BS_BOOL (x ^ y)
                                                                      : BS_INT (x ^ y);
          return TRUE;
        case BS_BINOP_MAT_MUL:
        case BS_N_BINOPS:
        default:
          break;
        }
    }
  else
    {
      double x = float_of (a), y = float_of (b);

      switch (op)
        {
        case BS_BINOP_ADD: *out = BS_FLOAT (x + y); return TRUE;
        case BS_BINOP_SUB: *out = BS_FLOAT (x - y); return TRUE;
        case BS_BINOP_MUL: *out = BS_FLOAT (x * y); return TRUE;
        case BS_BINOP_DIV:
          if (y == 0.0)
            return bs_raise (in, "ZeroDivisionError", "float division by zero");
          *out = BS_FLOAT (x / y);
          return TRUE;
        case BS_BINOP_FLOOR_DIV:
        case BS_BINOP_MOD:
          {
            double m, q;

            if (y == 0.0)
              return bs_raise (in, "ZeroDivisionError", op == BS_BINOP_MOD
                               ? "float modulo" : "float floor division by zero");
            m = fmod (x, y);
            q = (x - m) / y;
            if (m != 0.0)
              {
                if ((y < 0) != (m < 0))
                  {
                    m += y;
                    q -= 1.0;
                  }
              }
            else
              m = copysign (0.0, y);
            if (q != 0.0)
              {
                double fq = floor (q);

                if (q - fq > 0.5)
                  fq += 1.0;
                q = fq;
              }
            else
              q = copysign (0.0, x / y);
            *out = BS_FLOAT (op == BS_BINOP_MOD ? m : q);
            return TRUE;
          }
        case BS_BINOP_POW:
          if (x == 0.0 && y < 0)
            return bs_raise (in, "ZeroDivisionError",
                             "0.0 cannot be raised to a negative power");
          if (x < 0 && y != floor (y))
            return bs_raise (in, "NotImplementedError",
                             "complex numbers are not supported by Backstep");
          *out = BS_FLOAT (pow (x, y));
          if (isinf (out->as.number) && isfinite (x) && isfinite (y))
            return bs_raise (in, "OverflowError", "(34, 'Numerical result out of range')");
          return TRUE;
        default:
          break;
        }
    }
  return bs_raise (in, "TypeError", "unsupported operand type(s) for %s: '%s' and '%s'",
                   bs_binop_symbol (op), bs_type_name (a), bs_type_name (b));
}

/* --- strings ----------------------------------------------------------- */

static void
repr_string (const char *s,
             gsize       len,
             GString    *out)
{
  char quote = '\'';

  if (memchr (s, '\'', len) != NULL && memchr (s, '"', len) == NULL)
    quote = '"';
  g_string_append_c (out, quote);
  for (gsize i = 0; i < len; i++)
    {
      unsigned char c = s[i];

      if (c == (unsigned char) quote || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
        }
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, quote);
}

static gboolean
string_percent (BsInterp   *in,
                const char *fmt,
                BsValue     args,
                BsValue    *out)
{
  GString *s = g_string_new (NULL);
  gsize n_items;
  BsValue *items = bs_value_is_object (args, BS_OBJECT_TUPLE) ? bs_value_items (args, &n_items)
                                                               : (n_items = 1, &args);
  gsize next = 0;

  for (const char *p = fmt; *p != '\0'; p++)
    {
      const char *start;
      g_autofree char *spec = NULL;
      char conv;
      BsValue v;
      gboolean ok = TRUE;

      if (*p != '%')
        {
          g_string_append_c (s, *p);
          continue;
        }
      p++;
      if (*p == '%')
        {
          g_string_append_c (s, '%');
          continue;
        }
      start = p;
      while (*p != '\0' && strchr ("-+ #0123456789.", *p) != NULL)
        p++;
      if (*p == '\0')
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "ValueError", "incomplete format");
        }
      conv = *p;
      if (next >= n_items)
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "TypeError", "not enough arguments for format string");
        }
      v = items[next++];
      if (conv == 's' || conv == 'r')
        {
          GString *t = g_string_new (NULL);

          ok = conv == 's' ? bs_str (in, v, t) : bs_repr (in, v, t);
          if (ok)
            {
              g_autofree char *f = g_strdup_printf ("%%%.*ss", (int) (p - start), start);
              g_autofree char *r = g_strdup_printf (f, t->str);

              g_string_append (s, r);
            }
          g_string_free (t, TRUE);
        }
      else if (strchr ("dieEfFgGxXo", conv) != NULL)
        {
          double d;
          GError *error = NULL;
          char *r;

          if (!bs_to_double (in, v, &d))
            ok = FALSE;
          else
            {
              if (conv == 'i')
                conv = 'd';
              spec = g_strdup_printf ("%.*s%c", (int) (p - start), start, conv);
              if (strchr ("dxXo", conv) != NULL)
                r = bs_int_format ((gint64) (d < 0 ? ceil (d) : floor (d)), spec, &error);
              else
                r = bs_float_format (d, spec, &error);
              if (r == NULL)
                ok = bs_raise_gerror (in, error);
              else
                {
                  g_string_append (s, r);
                  g_free (r);
                }
            }
        }
      else
        {
          g_string_free (s, TRUE);
          return bs_raise (in, "ValueError", "unsupported format character '%c'", conv);
        }
      if (!ok)
        {
          g_string_free (s, TRUE);
          return FALSE;
        }
    }
  if (next < n_items)
    {
      g_string_free (s, TRUE);
      return bs_raise (in, "TypeError", "not all arguments converted during string formatting");
    }
  *out = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

/* --- repr and str ------------------------------------------------------ */

static gboolean repr_inner (BsInterp *in, BsValue v, GString *out, gboolean as_str, int depth);

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
        repr_string (((BsStr *) v.as.object)->data, ((BsStr *) v.as.object)->length, out);
      return TRUE;

    case BS_OBJECT_LIST:
    case BS_OBJECT_TUPLE:
      {
        gsize n;
        BsValue *items = bs_value_items (v, &n);
        gboolean is_list = v.as.object->type == BS_OBJECT_LIST;
        gboolean is_size = !is_list && ((BsTuple *) v.as.object)->is_size;

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
      g_string_append_printf (out, "<function %s at %p>", ((BsFunction *) v.as.object)->qualname,
                              (void *) v.as.object);
      return TRUE;

    case BS_OBJECT_BUILTIN:
      {
        static const char *const types[] = {
          "int", "float", "str", "bool", "list", "tuple", "dict", "set", "range", "type",
          "object", "enumerate", "zip", "map", "filter", "reversed", "slice", "NoneType",
          "function", "frozenset", "staticmethod", "classmethod", "super", "property", NULL,
        };
        const char *name = ((BsBuiltin *) v.as.object)->name;

        if (strcmp (name, "Tensor") == 0 || strcmp (name, "Size") == 0)
          g_string_append_printf (out, "<class 'torch.%s'>", name);
        else if (strcmp (name, "Parameter") == 0)
          g_string_append (out, "<class 'torch.nn.parameter.Parameter'>");
        else if (g_strv_contains (types, name) && bs_value_is_none (((BsBuiltin *) v.as.object)->self))
          g_string_append_printf (out, "<class '%s'>", name);
        else
          g_string_append_printf (out, "<built-in function %s>", name);
      }
      return TRUE;

    case BS_OBJECT_BOUND_METHOD:
      g_string_append_printf (out, "<bound method of %p>", (void *) v.as.object);
      return TRUE;

    case BS_OBJECT_CLASS:
      {
        BsClass *c = (BsClass *) v.as.object;

        if (c->is_prelude && c->is_module)
          g_string_append_printf (out, "<class 'torch.nn.modules.%s'>", c->name);
        else if (c->is_prelude || bs_value_is_none (c->base_class) || c->is_exception)
          g_string_append_printf (out, "<class '%s'>", c->name);
        else
          g_string_append_printf (out, "<class '__main__.%s'>", c->name);
        return TRUE;
      }

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
        g_string_append_printf (out, "<__main__.%s object at %p>", c->name, (void *) v.as.object);
        return TRUE;
      }

    case BS_OBJECT_MODULE:
      g_string_append_printf (out, "<module '%s'>", ((BsModule *) v.as.object)->name);
      return TRUE;

    case BS_OBJECT_TENSOR:
      {
        char *r = bs_tensor_repr (bs_value_tensor (v), &in->print_options);

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
        g_string_append_printf (out, "<%s object at %p>", type->base.name, (void *) v.as.object);
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
  if (spec[0] == '\0')
    return bs_str (in, v, out);
  if (v.type == BS_VALUE_FLOAT)
    r = bs_float_format (v.as.number, spec, &error);
  else if (bs_is_int (v))
    r = bs_int_format (int_of (v), spec, &error);
  else if (bs_value_tensor (v) != NULL)
    return bs_tensor_format_spec (in, bs_value_tensor (v), spec, out);
  else if (bs_value_str (v) != NULL)
    {
      /* width, alignment and fill for strings */
      const char *s = bs_value_str (v);
      char fill = ' ', align = '<';
      const char *p = spec;
      long width = 0;
      glong n = g_utf8_strlen (s, -1);

      if (p[0] != '\0' && (p[1] == '<' || p[1] == '>' || p[1] == '^'))
        {
          fill = p[0];
          align = p[1];
          p += 2;
        }
      else if (p[0] == '<' || p[0] == '>' || p[0] == '^')
        align = *p++;
      width = strtol (p, (char **) &p, 10);
      if (*p == 's')
        p++;
      if (*p != '\0' || width > 100000)
        return bs_raise (in, "ValueError", "Invalid format specifier '%s' for object of type "
                         "'str'", spec);
      if (n < width)
        {
          glong pad = width - n, left = align == '<' ? 0 : align == '>' ? pad : pad / 2;

          for (glong i = 0; i < left; i++)
            g_string_append_c (out, fill);
          g_string_append (out, s);
          for (glong i = left; i < pad; i++)
            g_string_append_c (out, fill);
        }
      else
        g_string_append (out, s);
      return TRUE;
    }
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

/* --- attributes -------------------------------------------------------- */

typedef struct {
  const char    *name;
  BsBuiltinFunc  func;
} MethodEntry;

static gboolean list_append (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_extend (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_insert (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_index (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_count (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_reverse (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_sort (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_copy (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_clear (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean list_remove (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_keys (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_values (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_items (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_get (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_update (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean dict_setdefault (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_join (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_format (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_simple (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_split (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_replace (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_affix (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);
static gboolean str_pad (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r);

static const MethodEntry list_methods[] = {
  { "append", list_append }, { "extend", list_extend }, { "pop", list_pop },
  { "insert", list_insert }, { "index", list_index }, { "count", list_count },
  { "reverse", list_reverse }, { "sort", list_sort }, { "copy", list_copy },
  { "clear", list_clear }, { "remove", list_remove }, { NULL, NULL },
};
static const MethodEntry tuple_methods[] = {
  { "index", list_index }, { "count", list_count }, { NULL, NULL },
};
static const MethodEntry dict_methods[] = {
  { "keys", dict_keys }, { "values", dict_values }, { "items", dict_items },
  { "get", dict_get }, { "pop", dict_pop }, { "update", dict_update },
  { "setdefault", dict_setdefault }, { "copy", list_copy }, { "clear", list_clear },
  { NULL, NULL },
};
static const MethodEntry str_methods[] = {
  { "join", str_join }, { "format", str_format }, { "upper", str_simple },
  { "lower", str_simple }, { "strip", str_simple }, { "lstrip", str_simple },
  { "rstrip", str_simple }, { "split", str_split }, { "replace", str_replace },
  { "startswith", str_affix }, { "endswith", str_affix }, { "ljust", str_pad },
  { "rjust", str_pad }, { "center", str_pad }, { "title", str_simple },
  { "capitalize", str_simple }, { "isdigit", str_simple }, { "isalpha", str_simple },
  { "find", str_affix }, { "count", str_affix }, { "zfill", str_pad }, { "rfind", str_affix },
  { "index", str_affix }, { "rindex", str_affix }, { NULL, NULL },
};

static gboolean
method_from_table (BsInterp          *in,
                   const MethodEntry *table,
                   BsValue            self,
                   const char        *name,
                   BsValue           *out)
{
  for (const MethodEntry *e = table; e->name != NULL; e++)
    if (strcmp (e->name, name) == 0)
      {
        *out = bs_builtin_new (in, e->name, e->func, bs_value_ref (self));
        return TRUE;
      }
  return FALSE;
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
  if (obj.type != BS_VALUE_OBJECT)
    {
      if (obj.type == BS_VALUE_FLOAT && strcmp (name, "is_integer") == 0)
        {
          *out = bs_builtin_new (in, "is_integer", str_simple, obj);
          return TRUE;
        }
      if (strcmp (name, "real") == 0 && bs_is_number (obj))
        {
          *out = obj;
          return TRUE;
        }
      *found = FALSE;
      return TRUE;
    }
  switch (obj.as.object->type)
    {
    case BS_OBJECT_INSTANCE:
      {
        BsInstance *i = (BsInstance *) obj.as.object;
        BsValue v;

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
            if (!ok && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "AttributeError")))
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
        if (strcmp (name, "__name__") == 0)
          {
            *out = bs_str_value (in, ((BsClass *) obj.as.object)->name);
            return TRUE;
          }
        *found = FALSE;
        return TRUE;
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
        *found = FALSE;
        return TRUE;
      }

    case BS_OBJECT_FUNCTION:
      if (strcmp (name, "__name__") == 0)
        {
          *out = bs_str_value (in, ((BsFunction *) obj.as.object)->name);
          return TRUE;
        }
      break;

    case BS_OBJECT_BUILTIN:
      if (strcmp (name, "__name__") == 0)
        {
          *out = bs_str_value (in, ((BsBuiltin *) obj.as.object)->name);
          return TRUE;
        }
      break;

    case BS_OBJECT_LIST:
      if (method_from_table (in, list_methods, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_TUPLE:
      if (((BsTuple *) obj.as.object)->is_size && strcmp (name, "numel") == 0)
        {
          *out = bs_builtin_new (in, "numel", str_simple, bs_value_ref (obj));
          return TRUE;
        }
      if (method_from_table (in, tuple_methods, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_DICT:
      if (method_from_table (in, dict_methods, obj, name, out))
        return TRUE;
      break;
    case BS_OBJECT_STR:
      if (method_from_table (in, str_methods, obj, name, out))
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
        else
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

  if (!bs_getattr_opt (in, obj, name, out, &found))
    return FALSE;
  if (found)
    return TRUE;
  if (bs_value_is_object (obj, BS_OBJECT_MODULE))
    return bs_raise (in, "AttributeError", "module '%s' has no attribute '%s'",
                     ((BsModule *) obj.as.object)->name, name);
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

          if (bs_class_lookup (i->klass, "__setattr__", &setter)
              && bs_value_is_object (setter, BS_OBJECT_FUNCTION))
            {
              BsValue args[3] = { obj, bs_str_value (in, name), value }, ignored;
              gboolean ok = bs_call_simple (in, setter, args, 3, &ignored);

              bs_value_unref (args[1]);
              bs_value_unref (ignored);
              return ok;
            }
          bs_dict_set_str (i->dict, name, bs_value_ref (value));
          return TRUE;
        }
      case BS_OBJECT_CLASS:
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
      BsValue key = bs_str_value (in, name);
      gboolean ok = bs_dict_remove (((BsInstance *) obj.as.object)->dict, key);

      bs_value_unref (key);
      if (ok)
        return TRUE;
    }
  return bs_raise (in, "AttributeError", "'%s' object has no attribute '%s'",
                   bs_type_name (obj), name);
}

/* --- operators --------------------------------------------------------- */

static const char *const binop_dunder[][3] = {
  [BS_BINOP_ADD] = { "__add__", "__radd__", "__iadd__" },
  [BS_BINOP_SUB] = { "__sub__", "__rsub__", "__isub__" },
  [BS_BINOP_MUL] = { "__mul__", "__rmul__", "__imul__" },
  [BS_BINOP_DIV] = { "__truediv__", "__rtruediv__", "__itruediv__" },
  [BS_BINOP_FLOOR_DIV] = { "__floordiv__", "__rfloordiv__", "__ifloordiv__" },
  [BS_BINOP_MOD] = { "__mod__", "__rmod__", "__imod__" },
  [BS_BINOP_MAT_MUL] = { "__matmul__", "__rmatmul__", "__imatmul__" },
  [BS_BINOP_POW] = { "__pow__", "__rpow__", "__ipow__" },
  [BS_BINOP_LSHIFT] = { "__lshift__", "__rlshift__", "__ilshift__" },
  [BS_BINOP_RSHIFT] = { "__rshift__", "__rrshift__", "__irshift__" },
  [BS_BINOP_BIT_AND] = { "__and__", "__rand__", "__iand__" },
  [BS_BINOP_BIT_OR] = { "__or__", "__ror__", "__ior__" },
  [BS_BINOP_BIT_XOR] = { "__xor__", "__rxor__", "__ixor__" },
};

/* 1: handled, 0: not applicable (or NotImplemented), -1: error */
static int
try_dunder (BsInterp   *in,
            BsValue     self,
            const char *name,
            BsValue     other,
            BsValue    *out)
{
  BsValue method;
  BsValue args[2] = { self, other };

  if (!bs_value_is_object (self, BS_OBJECT_INSTANCE)
      || !bs_class_lookup (((BsInstance *) self.as.object)->klass, name, &method))
    return 0;
  if (!bs_call_simple (in, method, args, 2, out))
    return -1;
  if (out->type == BS_VALUE_OBJECT && out->as.object == bs_lookup_builtin (in, "NotImplemented").as.object)
    {
      bs_value_unref (*out);
      return 0;
    }
  return 1;
}

static gboolean
sequence_repeat (BsInterp *in,
                 BsValue   seq,
                 gint64    times,
                 BsValue  *out)
{
  if (times < 0)
    times = 0;
  if (bs_value_str (seq) != NULL)
    {
      BsStr *s = (BsStr *) seq.as.object;
      GString *r;

      if (s->length > 0 && (guint64) times > (guint64) (256 << 20) / s->length)
        return bs_raise (in, "MemoryError", "string too long");
      r = g_string_sized_new (s->length * times + 1);
      for (gint64 i = 0; i < times; i++)
        g_string_append_len (r, s->data, s->length);
      *out = bs_str_new (in->heap, r->str, r->len);
      g_string_free (r, TRUE);
      return TRUE;
    }
  {
    gsize n;
    BsValue *items = bs_value_items (seq, &n);
    BsValue list;

    if (n > 0 && (guint64) times > (guint64) (16 << 20) / n)
      return bs_raise (in, "MemoryError", "list too long");
    list = bs_list_new (in->heap);
    for (gint64 i = 0; i < times; i++)
      for (gsize j = 0; j < n; j++)
        bs_list_append (list, bs_value_ref (items[j]));
    if (bs_value_is_object (seq, BS_OBJECT_TUPLE))
      {
        items = bs_value_items (list, &n);
        *out = bs_tuple_from (in, items, n);
        bs_value_unref (list);
      }
    else
      *out = list;
    return TRUE;
  }
}

static gboolean
binary (BsInterp *in,
        BsBinOp   op,
        BsValue   a,
        BsValue   b,
        gboolean  inplace,
        BsValue  *out)
{
  int r;

  *out = BS_NONE;
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      if ((bs_value_tensor (a) != NULL || bs_is_number (a) || bs_value_is_object (a, BS_OBJECT_LIST))
          && (bs_value_tensor (b) != NULL || bs_is_number (b)
              || bs_value_is_object (b, BS_OBJECT_LIST)))
        return bs_tensor_binary (in, op, a, b, inplace, out);
    }
  if (bs_is_number (a) && bs_is_number (b))
    return number_op (in, op, a, b, out);
  if (inplace)
    {
      r = try_dunder (in, a, binop_dunder[op][2], b, out);
      if (r != 0)
        return r > 0;
      if (op == BS_BINOP_ADD && bs_value_is_object (a, BS_OBJECT_LIST))
        {
          BsValue list;

          if (!bs_to_list (in, b, &list))
            return FALSE;
          {
            gsize n;
            BsValue *items = bs_value_items (list, &n);

            for (gsize i = 0; i < n; i++)
              bs_list_append (a, bs_value_ref (items[i]));
          }
          bs_value_unref (list);
          *out = bs_value_ref (a);
          return TRUE;
        }
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->binary != NULL)
    {
      r = bs_native_ops (a)->binary (in, op, a, b, inplace, out);
      if (r != 0)
        return r > 0;
    }
  r = try_dunder (in, a, binop_dunder[op][0], b, out);
  if (r != 0)
    return r > 0;
  r = try_dunder (in, b, binop_dunder[op][1], a, out);
  if (r != 0)
    return r > 0;
  switch (op)
    {
    case BS_BINOP_ADD:
      if (bs_value_str (a) != NULL && bs_value_str (b) != NULL)
        {
          BsStr *x = (BsStr *) a.as.object, *y = (BsStr *) b.as.object;
          char *s;

          if (x->length + y->length > (gsize) (256 << 20))
            return bs_raise (in, "MemoryError", "string too long");
          s = g_malloc (x->length + y->length + 1);

          memcpy (s, x->data, x->length);
          memcpy (s + x->length, y->data, y->length);
          *out = bs_str_new (in->heap, s, x->length + y->length);
          g_free (s);
          return TRUE;
        }
      if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
          || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
        {
          gsize n, m;
          BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);
          BsValue list;

          if (n + m > (gsize) (16 << 20))
            return bs_raise (in, "MemoryError", "list too long");
          list = bs_list_new (in->heap);
          for (gsize i = 0; i < n; i++)
            bs_list_append (list, bs_value_ref (x[i]));
          for (gsize i = 0; i < m; i++)
            bs_list_append (list, bs_value_ref (y[i]));
          if (bs_value_is_object (a, BS_OBJECT_TUPLE))
            {
              x = bs_value_items (list, &n);
              *out = bs_tuple_from (in, x, n);
              if (((BsTuple *) a.as.object)->is_size)
                ((BsTuple *) out->as.object)->is_size = TRUE;
              bs_value_unref (list);
            }
          else
            *out = list;
          return TRUE;
        }
      break;
    case BS_BINOP_MUL:
      if (bs_is_int (b) && (bs_value_str (a) != NULL || bs_value_is_object (a, BS_OBJECT_LIST)
                            || bs_value_is_object (a, BS_OBJECT_TUPLE)))
        return sequence_repeat (in, a, int_of (b), out);
      if (bs_is_int (a) && (bs_value_str (b) != NULL || bs_value_is_object (b, BS_OBJECT_LIST)
                            || bs_value_is_object (b, BS_OBJECT_TUPLE)))
        return sequence_repeat (in, b, int_of (a), out);
      break;
    case BS_BINOP_MOD:
      if (bs_value_str (a) != NULL)
        return string_percent (in, bs_value_str (a), b, out);
      break;
    default:
      break;
    }
  if (op == BS_BINOP_ADD && (bs_value_str (a) != NULL || bs_value_is_object (a, BS_OBJECT_LIST)
                             || bs_value_is_object (a, BS_OBJECT_TUPLE)))
    return bs_raise (in, "TypeError", "can only concatenate %s (not \"%s\") to %s",
                     bs_type_name (a), bs_type_name (b), bs_type_name (a));
  return bs_raise (in, "TypeError", "unsupported operand type(s) for %s%s: '%s' and '%s'",
                   bs_binop_symbol (op),
                   inplace ? "=" : op == BS_BINOP_POW ? " or pow()" : "", bs_type_name (a),
                   bs_type_name (b));
}

gboolean
bs_binary_op (BsInterp *in,
              BsBinOp   op,
              BsValue   a,
              BsValue   b,
              BsValue  *out)
{
  return binary (in, op, a, b, FALSE, out);
}

gboolean
bs_inplace_op (BsInterp *in,
               BsBinOp   op,
               BsValue   a,
               BsValue   b,
               BsValue  *out)
{
  return binary (in, op, a, b, TRUE, out);
}

gboolean
bs_unary_op (BsInterp  *in,
             BsUnaryOp  op,
             BsValue    a,
             BsValue   *out)
{
  static const char *const dunder[] = { NULL, "__invert__", "__pos__", "__neg__" };

  if (op == BS_UNARYOP_NOT)
    {
      gboolean truth;

      if (!bs_truthy (in, a, &truth))
        return FALSE;
      *out = BS_BOOL (!truth);
      return TRUE;
    }
  if (bs_value_tensor (a) != NULL)
    return bs_tensor_unary (in, op, a, out);
  if (bs_is_number (a))
    {
      switch (op)
        {
        case BS_UNARYOP_USUB:
          if (a.type == BS_VALUE_FLOAT)
            *out = BS_FLOAT (-a.as.number);
          else if (int_of (a) == G_MININT64)
            return overflow (in);
          else
            *out = BS_INT (-int_of (a));
          return TRUE;
        case BS_UNARYOP_UADD:
          *out = a.type == BS_VALUE_BOOL ? BS_INT (a.as.boolean) : a;
          return TRUE;
        case BS_UNARYOP_INVERT:
          if (a.type != BS_VALUE_FLOAT)
            {
              *out = BS_INT (~int_of (a));
              return TRUE;
            }
          break;
        default:
          break;
        }
    }
  if (bs_value_is_object (a, BS_OBJECT_INSTANCE))
    {
      BsValue method;

      if (bs_class_lookup (((BsInstance *) a.as.object)->klass, dunder[op], &method))
        return bs_call_simple (in, method, &a, 1, out);
    }
  return bs_raise (in, "TypeError", "bad operand type for unary %s: '%s'",
                   op == BS_UNARYOP_USUB ? "-" : op == BS_UNARYOP_UADD ? "+" : "~",
                   bs_type_name (a));
}

gboolean
bs_truthy (BsInterp *in,
           BsValue   v,
           gboolean *truth)
{
  BsTensor *t = bs_value_tensor (v);

  if (t != NULL)
    {
      gint64 n = bs_tensor_numel (t);

      if (n != 1)
        return bs_raise (in, "RuntimeError", n == 0
                         ? "Boolean value of Tensor with no values is ambiguous"
                         : "Boolean value of Tensor with more than one value is ambiguous");
      *truth = bs_tensor_item (t) != 0.0;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_RANGE)
      || (bs_native_ops (v) != NULL && bs_native_ops (v)->len != NULL))
    {
      gint64 n;

      if (!bs_len (in, v, &n))
        return FALSE;
      *truth = n > 0;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method, result;

      if (bs_class_lookup (((BsInstance *) v.as.object)->klass, "__bool__", &method)
          || bs_class_lookup (((BsInstance *) v.as.object)->klass, "__len__", &method))
        {
          if (!bs_call_simple (in, method, &v, 1, &result))
            return FALSE;
          *truth = bs_value_truthy (result);
          bs_value_unref (result);
          return TRUE;
        }
    }
  *truth = bs_value_truthy (v);
  return TRUE;
}

gboolean
bs_equal (BsInterp *in,
          BsValue   a,
          BsValue   b,
          gboolean *eq)
{
  BsValue r;
  int d;

  if (a.type == BS_VALUE_OBJECT && b.type == BS_VALUE_OBJECT && a.as.object == b.as.object
      && a.as.object->type != BS_OBJECT_TENSOR)
    {
      *eq = TRUE;
      return TRUE;
    }
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      gboolean ok;

      if (!bs_tensor_compare (in, BS_CMPOP_EQ, a, b, &r))
        return FALSE;
      ok = bs_truthy (in, r, eq);
      bs_value_unref (r);
      return ok;
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->compare != NULL)
    {
      d = bs_native_ops (a)->compare (in, BS_CMPOP_EQ, a, b, eq);
      if (d != 0)
        return d > 0;
    }
  d = try_dunder (in, a, "__eq__", b, &r);
  if (d == 0)
    d = try_dunder (in, b, "__eq__", a, &r);
  if (d < 0)
    return FALSE;
  if (d > 0)
    {
      gboolean ok = bs_truthy (in, r, eq);

      bs_value_unref (r);
      return ok;
    }
  if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
      || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
    {
      gsize n, m;
      BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);

      if (n != m)
        {
          *eq = FALSE;
          return TRUE;
        }
      if (in->expr_depth > 1400)
        return bs_raise (in, "RecursionError", "maximum recursion depth exceeded in comparison");
      in->expr_depth++;
      for (gsize i = 0; i < n; i++)
        {
          if (!bs_equal (in, x[i], y[i], eq))
            {
              in->expr_depth--;
              return FALSE;
            }
          if (!*eq)
            break;
        }
      in->expr_depth--;
      return TRUE;
    }
  if (bs_value_is_object (a, BS_OBJECT_RANGE) && bs_value_is_object (b, BS_OBJECT_RANGE))
    {
      BsRange *x = (BsRange *) a.as.object, *y = (BsRange *) b.as.object;

      *eq = x->start == y->start && x->stop == y->stop && x->step == y->step;
      return TRUE;
    }
  *eq = bs_value_equal (a, b);
  return TRUE;
}

static gboolean
order (BsInterp *in,
       BsCmpOp   op,
       BsValue   a,
       BsValue   b,
       gboolean *result)
{
  static const char *const names[] = {
    [BS_CMPOP_LT] = "__lt__", [BS_CMPOP_LT_E] = "__le__",
    [BS_CMPOP_GT] = "__gt__", [BS_CMPOP_GT_E] = "__ge__",
  };
  static const char *const reflected[] = {
    [BS_CMPOP_LT] = "__gt__", [BS_CMPOP_LT_E] = "__ge__",
    [BS_CMPOP_GT] = "__lt__", [BS_CMPOP_GT_E] = "__le__",
  };
  static const char *const symbols[] = {
    [BS_CMPOP_LT] = "<", [BS_CMPOP_LT_E] = "<=", [BS_CMPOP_GT] = ">", [BS_CMPOP_GT_E] = ">=",
  };
  int c;
  BsValue r;

  if (bs_is_number (a) && bs_is_number (b))
    {
      if (bs_is_int (a) && bs_is_int (b))
        {
          gint64 x = int_of (a), y = int_of (b);

          c = x < y ? -1 : x > y ? 1 : 0;
        }
      else
        {
          double x = float_of (a), y = float_of (b);

          if (isnan (x) || isnan (y))
            {
              *result = FALSE;
              return TRUE;
            }
          c = x < y ? -1 : x > y ? 1 : 0;
        }
      goto compare;
    }
  if (bs_value_str (a) != NULL && bs_value_str (b) != NULL)
    {
      c = strcmp (bs_value_str (a), bs_value_str (b));
      goto compare;
    }
  if ((bs_value_is_object (a, BS_OBJECT_LIST) && bs_value_is_object (b, BS_OBJECT_LIST))
      || (bs_value_is_object (a, BS_OBJECT_TUPLE) && bs_value_is_object (b, BS_OBJECT_TUPLE)))
    {
      gsize n, m;
      BsValue *x = bs_value_items (a, &n), *y = bs_value_items (b, &m);

      for (gsize i = 0; i < n && i < m; i++)
        {
          gboolean eq;

          if (!bs_equal (in, x[i], y[i], &eq))
            return FALSE;
          if (!eq)
            return order (in, op, x[i], y[i], result);
        }
      c = n < m ? -1 : n > m ? 1 : 0;
      goto compare;
    }
  if (bs_native_ops (a) != NULL && bs_native_ops (a)->compare != NULL)
    {
      c = bs_native_ops (a)->compare (in, op, a, b, result);
      if (c != 0)
        return c > 0;
    }
  c = try_dunder (in, a, names[op], b, &r);
  if (c == 0)
    c = try_dunder (in, b, reflected[op], a, &r);
  if (c < 0)
    return FALSE;
  if (c > 0)
    {
      gboolean ok = bs_truthy (in, r, result);

      bs_value_unref (r);
      return ok;
    }
  return bs_raise (in, "TypeError", "'%s' not supported between instances of '%s' and '%s'",
                   symbols[op], bs_type_name (a), bs_type_name (b));

compare:
  switch (op)
    {
    case BS_CMPOP_LT: *result = c < 0; break;
    case BS_CMPOP_LT_E: *result = c <= 0; break;
    case BS_CMPOP_GT: *result = c > 0; break;
    case BS_CMPOP_GT_E: *result = c >= 0; break;
    default: *result = FALSE; break;
    }
  return TRUE;
}

gboolean
bs_contains (BsInterp *in,
             BsValue   container,
             BsValue   item,
             gboolean *result)
{
  *result = FALSE;
  if (bs_value_is_object (container, BS_OBJECT_DICT))
    {
      guint h;

      if (!bs_value_hash (item, &h))
        return bs_raise (in, "TypeError", "unhashable type: '%s'", bs_type_name (item));
      *result = bs_dict_get (container, item, NULL);
      return TRUE;
    }
  if (bs_value_str (container) != NULL)
    {
      if (bs_value_str (item) == NULL)
        return bs_raise (in, "TypeError", "'in <string>' requires string as left operand, not %s",
                         bs_type_name (item));
      *result = strstr (bs_value_str (container), bs_value_str (item)) != NULL;
      return TRUE;
    }
  if (bs_native_ops (container) != NULL && bs_native_ops (container)->contains != NULL)
    return bs_native_ops (container)->contains (in, container, item, result);
  if (bs_value_is_object (container, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) container.as.object)->klass, "__contains__", &method))
        {
          BsValue args[2] = { container, item };

          if (!bs_call_simple (in, method, args, 2, &r))
            return FALSE;
          *result = bs_value_truthy (r);
          bs_value_unref (r);
          return TRUE;
        }
    }
  {
    BsPyIter it;
    BsValue v;
    int n;

    if (!bs_py_iter_init (in, container, &it))
      return FALSE;
    while ((n = bs_py_iter_next (in, &it, &v)) > 0)
      {
        gboolean eq;

        if (!bs_equal (in, v, item, &eq))
          {
            bs_value_unref (v);
            bs_py_iter_clear (&it);
            return FALSE;
          }
        bs_value_unref (v);
        if (eq)
          {
            *result = TRUE;
            break;
          }
      }
    bs_py_iter_clear (&it);
    return n >= 0;
  }
}

gboolean
bs_compare_op (BsInterp *in,
               BsCmpOp   op,
               BsValue   a,
               BsValue   b,
               BsValue  *out)
{
  gboolean r;

  switch (op)
    {
    case BS_CMPOP_IS:
    case BS_CMPOP_IS_NOT:
      if (a.type != b.type)
        r = FALSE;
      else if (a.type == BS_VALUE_OBJECT)
        r = a.as.object == b.as.object;
      else
        r = bs_value_equal (a, b);
      *out = BS_BOOL (op == BS_CMPOP_IS ? r : !r);
      return TRUE;
    case BS_CMPOP_IN:
    case BS_CMPOP_NOT_IN:
      if (!bs_contains (in, b, a, &r))
        return FALSE;
      *out = BS_BOOL (op == BS_CMPOP_IN ? r : !r);
      return TRUE;
    default:
      break;
    }
  if (bs_value_tensor (a) != NULL || bs_value_tensor (b) != NULL)
    {
      if ((op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
          && (bs_value_is_none (a) || bs_value_is_none (b)))
        {
          *out = BS_BOOL (op == BS_CMPOP_NOT_EQ);
          return TRUE;
        }
      return bs_tensor_compare (in, op, a, b, out);
    }
  if (op == BS_CMPOP_EQ || op == BS_CMPOP_NOT_EQ)
    {
      if (!bs_equal (in, a, b, &r))
        return FALSE;
      *out = BS_BOOL (op == BS_CMPOP_EQ ? r : !r);
      return TRUE;
    }
  if (!order (in, op, a, b, &r))
    return FALSE;
  *out = BS_BOOL (r);
  return TRUE;
}

/* --- items ------------------------------------------------------------- */

gboolean
bs_len (BsInterp *in,
        BsValue   v,
        gint64   *len)
{
  gsize n;

  if (bs_value_items (v, &n) != NULL)
    {
      *len = n;
      return TRUE;
    }
  if (bs_value_str (v) != NULL)
    {
      *len = ((BsStr *) v.as.object)->n_chars;
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_DICT))
    {
      *len = ((BsDict *) v.as.object)->n_live;
      return TRUE;
    }
  if (bs_native_ops (v) != NULL && bs_native_ops (v)->len != NULL)
    return bs_native_ops (v)->len (in, v, len);
  if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      BsRange *r = (BsRange *) v.as.object;

      if (r->step > 0)
        *len = r->start < r->stop ? (r->stop - r->start - 1) / r->step + 1 : 0;
      else
        *len = r->start > r->stop ? (r->start - r->stop - 1) / (-r->step) + 1 : 0;
      return TRUE;
    }
  if (bs_value_tensor (v) != NULL)
    {
      BsTensor *t = bs_value_tensor (v);

      if (t->ndim == 0)
        return bs_raise (in, "TypeError", "len() of a 0-d tensor");
      *len = t->shape[0];
      return TRUE;
    }
  if (bs_value_is_object (v, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) v.as.object)->klass, "__len__", &method))
        {
          if (!bs_call_simple (in, method, &v, 1, &r))
            return FALSE;
          if (!bs_is_int (r))
            {
              bs_value_unref (r);
              return bs_raise (in, "TypeError", "'%s' object cannot be interpreted as an integer",
                               bs_type_name (r));
            }
          *len = int_of (r);
          return TRUE;
        }
    }
  return bs_raise (in, "TypeError", "object of type '%s' has no len()", bs_type_name (v));
}

/* Python's slice.indices(). */
static gboolean
slice_indices (BsInterp *in,
               BsSlice  *s,
               gint64    length,
               gint64   *start,
               gint64   *stop,
               gint64   *step)
{
  gint64 lower, upper;

  *step = 1;
  if (!bs_value_is_none (s->step) && !bs_to_int (in, s->step, step))
    return FALSE;
  if (*step == 0)
    return bs_raise (in, "ValueError", "slice step cannot be zero");
  lower = *step < 0 ? -1 : 0;
  upper = *step < 0 ? length - 1 : length;
  if (bs_value_is_none (s->lower))
    *start = *step < 0 ? upper : lower;
  else
    {
      if (!bs_to_int (in, s->lower, start))
        return FALSE;
      if (*start < 0)
        *start = MAX (*start + length, lower);
      else
        *start = MIN (*start, upper);
    }
  if (bs_value_is_none (s->upper))
    *stop = *step < 0 ? lower : upper;
  else
    {
      if (!bs_to_int (in, s->upper, stop))
        return FALSE;
      if (*stop < 0)
        *stop = MAX (*stop + length, lower);
      else
        *stop = MIN (*stop, upper);
    }
  return TRUE;
}

static gboolean
normalize_index (BsInterp   *in,
                 BsValue     key,
                 gint64      length,
                 const char *what,
                 gint64     *index)
{
  if (!bs_is_int (key))
    {
      if (bs_value_tensor (key) != NULL && bs_to_int (in, key, index))
        ;
      else
        {
          bs_value_unref (in->exc);
          in->exc = BS_NONE;
          return bs_raise (in, "TypeError", "%s indices must be integers or slices, not %s",
                           what, bs_type_name (key));
        }
    }
  else
    *index = int_of (key);
  if (*index < 0)
    *index += length;
  if (*index < 0 || *index >= length)
    return bs_raise (in, "IndexError", "%s index out of range", what);
  return TRUE;
}

gboolean
bs_getitem (BsInterp *in,
            BsValue   obj,
            BsValue   key,
            BsValue  *out)
{
  gsize n;
  BsValue *items;

  *out = BS_NONE;
  if (bs_value_tensor (obj) != NULL)
    return bs_tensor_getitem (in, obj, key, out);
  items = bs_value_items (obj, &n);
  if (items != NULL)
    {
      const char *what = bs_value_is_object (obj, BS_OBJECT_LIST) ? "list" : "tuple";

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          BsValue list = bs_list_new (in->heap);

          if (!slice_indices (in, (BsSlice *) key.as.object, n, &start, &stop, &step))
            {
              bs_value_unref (list);
              return FALSE;
            }
          for (gint64 i = start; step > 0 ? i < stop : i > stop; i += step)
            bs_list_append (list, bs_value_ref (items[i]));
          if (bs_value_is_object (obj, BS_OBJECT_TUPLE))
            {
              gboolean is_size = ((BsTuple *) obj.as.object)->is_size;

              items = bs_value_items (list, &n);
              *out = bs_tuple_from (in, items, n);
              ((BsTuple *) out->as.object)->is_size = is_size;
              bs_value_unref (list);
            }
          else
            *out = list;
          return TRUE;
        }
      {
        gint64 i;

        if (!normalize_index (in, key, n, what, &i))
          return FALSE;
        *out = bs_value_ref (items[i]);
        return TRUE;
      }
    }
  if (bs_value_str (obj) != NULL)
    {
      BsStr *s = (BsStr *) obj.as.object;
      const char *data = s->data;

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          GString *r = g_string_new (NULL);

          if (!slice_indices (in, (BsSlice *) key.as.object, s->n_chars, &start, &stop, &step))
            {
              g_string_free (r, TRUE);
              return FALSE;
            }
          for (gint64 i = start; step > 0 ? i < stop : i > stop; i += step)
            {
              const char *c = g_utf8_offset_to_pointer (data, i);

              g_string_append_len (r, c, g_utf8_next_char (c) - c);
            }
          *out = bs_str_new (in->heap, r->str, r->len);
          g_string_free (r, TRUE);
          return TRUE;
        }
      {
        gint64 i;
        const char *c;

        if (!normalize_index (in, key, s->n_chars, "string", &i))
          return FALSE;
        c = g_utf8_offset_to_pointer (data, i);
        *out = bs_str_new (in->heap, c, g_utf8_next_char (c) - c);
        return TRUE;
      }
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      BsValue v;
      guint h;

      if (!bs_value_hash (key, &h))
        return bs_raise (in, "TypeError", "unhashable type: '%s'", bs_type_name (key));
      if (!bs_dict_get (obj, key, &v))
        {
          return bs_raise_key_error (in, key);
        }
      *out = bs_value_ref (v);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_RANGE))
    {
      gint64 len, i;
      BsRange *r = (BsRange *) obj.as.object;

      bs_len (in, obj, &len);
      if (!normalize_index (in, key, len, "range object", &i))
        return FALSE;
      *out = BS_INT (r->start + i * r->step);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue method;

      if (bs_class_lookup (((BsInstance *) obj.as.object)->klass, "__getitem__", &method))
        {
          BsValue args[2] = { obj, key };

          return bs_call_simple (in, method, args, 2, out);
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_NATIVE))
    {
      BsValue method;
      gboolean found;

      if (!bs_getattr_opt (in, obj, "__getitem__", &method, &found))
        return FALSE;
      if (found)
        {
          gboolean ok = bs_call_simple (in, method, &key, 1, out);

          bs_value_unref (method);
          return ok;
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_CLASS))
    {
      /* list[int] style annotations */
      *out = bs_value_ref (obj);
      return TRUE;
    }
  return bs_raise (in, "TypeError", "'%s' object is not subscriptable", bs_type_name (obj));
}

gboolean
bs_setitem (BsInterp *in,
            BsValue   obj,
            BsValue   key,
            BsValue   value)
{
  if (bs_value_tensor (obj) != NULL)
    return bs_tensor_setitem (in, obj, key, value);
  if (bs_value_is_object (obj, BS_OBJECT_LIST))
    {
      GArray *items = ((BsList *) obj.as.object)->items;
      gint64 i;

      if (bs_value_is_object (key, BS_OBJECT_SLICE))
        {
          gint64 start, stop, step;
          BsValue list;
          gsize n;
          BsValue *src;

          if (!slice_indices (in, (BsSlice *) key.as.object, items->len, &start, &stop, &step))
            return FALSE;
          if (step != 1)
            return bs_raise (in, "NotImplementedError",
                             "extended slice assignment is not supported by Backstep");
          if (stop < start)
            stop = start;
          if (!bs_to_list (in, value, &list))
            return FALSE;
          for (gint64 j = start; j < stop; j++)
            bs_value_unref (g_array_index (items, BsValue, j));
          g_array_remove_range (items, start, stop - start);
          src = bs_value_items (list, &n);
          for (gsize j = 0; j < n; j++)
            {
              BsValue v = bs_value_ref (src[j]);

              g_array_insert_val (items, start + j, v);
            }
          bs_value_unref (list);
          return TRUE;
        }
      if (!normalize_index (in, key, items->len, "list assignment", &i))
        return FALSE;
      bs_value_unref (g_array_index (items, BsValue, i));
      g_array_index (items, BsValue, i) = bs_value_ref (value);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      char *message = NULL;

      if (!bs_dict_set (obj, key, bs_value_ref (value), &message))
        {
          bs_raise (in, "TypeError", "%s", message);
          g_free (message);
          return FALSE;
        }
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_INSTANCE))
    {
      BsValue method, r;

      if (bs_class_lookup (((BsInstance *) obj.as.object)->klass, "__setitem__", &method))
        {
          BsValue args[3] = { obj, key, value };

          if (!bs_call_simple (in, method, args, 3, &r))
            return FALSE;
          bs_value_unref (r);
          return TRUE;
        }
    }
  if (bs_value_is_object (obj, BS_OBJECT_NATIVE))
    {
      BsValue method, r;
      gboolean found;

      if (!bs_getattr_opt (in, obj, "__setitem__", &method, &found))
        return FALSE;
      if (found)
        {
          BsValue args[2] = { key, value };
          gboolean ok = bs_call_simple (in, method, args, 2, &r);

          bs_value_unref (method);
          if (ok)
            bs_value_unref (r);
          return ok;
        }
    }
  return bs_raise (in, "TypeError", "'%s' object does not support item assignment",
                   bs_type_name (obj));
}

gboolean
bs_delitem (BsInterp *in,
            BsValue   obj,
            BsValue   key)
{
  if (bs_value_is_object (obj, BS_OBJECT_LIST))
    {
      GArray *items = ((BsList *) obj.as.object)->items;
      gint64 i;

      if (!normalize_index (in, key, items->len, "list assignment", &i))
        return FALSE;
      bs_value_unref (g_array_index (items, BsValue, i));
      g_array_remove_index (items, i);
      return TRUE;
    }
  if (bs_value_is_object (obj, BS_OBJECT_DICT))
    {
      if (!bs_dict_remove (obj, key))
        {
          return bs_raise_key_error (in, key);
        }
      return TRUE;
    }
  return bs_raise (in, "TypeError", "'%s' object doesn't support item deletion",
                   bs_type_name (obj));
}

/* --- iteration --------------------------------------------------------- */

enum {
  ITER_SEQ,      /* list or tuple, live */
  ITER_RANGE,
  ITER_DICT,
  ITER_STR,
  ITER_TENSOR,
  ITER_NATIVE,   /* a native iterator's next hook */
  ITER_OBJECT,   /* __next__; ITER_OBJECT + 1 is the __getitem__ protocol */
};

const BsNativeOps *
bs_native_ops (BsValue v)
{
  if (!bs_value_is_object (v, BS_OBJECT_NATIVE))
    return NULL;
  return ((const BsNativeType *) ((BsNative *) v.as.object)->klass)->ops;
}

gboolean
bs_py_iter_init (BsInterp *in,
              BsValue   v,
              BsPyIter   *it)
{
  memset (it, 0, sizeof *it);
  it->seq = BS_NONE;
  it->iter_obj = BS_NONE;
  if (bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE))
    it->kind = ITER_SEQ;
  else if (bs_value_is_object (v, BS_OBJECT_RANGE))
    {
      it->kind = ITER_RANGE;
      bs_len (in, v, &it->length);
    }
  else if (bs_value_is_object (v, BS_OBJECT_DICT))
    it->kind = ITER_DICT;
  else if (bs_value_str (v) != NULL)
    it->kind = ITER_STR;
  else if (bs_native_ops (v) != NULL && bs_native_ops (v)->next != NULL)
    {
      it->kind = ITER_NATIVE;
      it->iter_obj = bs_value_ref (v);
      return TRUE;
    }
  else if (bs_native_ops (v) != NULL && bs_native_ops (v)->iter != NULL)
    {
      BsValue inner;
      gboolean ok;

      if (!bs_native_ops (v)->iter (in, v, &inner))
        return FALSE;
      ok = bs_py_iter_init (in, inner, it);
      bs_value_unref (inner);
      return ok;
    }
  else if (bs_value_tensor (v) != NULL)
    {
      if (bs_value_tensor (v)->ndim == 0)
        return bs_raise (in, "TypeError", "iteration over a 0-d tensor");
      it->kind = ITER_TENSOR;
    }
  else if (bs_value_is_object (v, BS_OBJECT_INSTANCE) || bs_value_is_object (v, BS_OBJECT_NATIVE))
    {
      BsValue method, iter;
      gboolean found;

      if (!bs_getattr_opt (in, v, "__iter__", &method, &found))
        return FALSE;
      if (!found)
        {
          if (!bs_getattr_opt (in, v, "__next__", &method, &found))
            return FALSE;
          if (found)
            {
              bs_value_unref (method);
              it->kind = ITER_OBJECT;
              it->iter_obj = bs_value_ref (v);
              return TRUE;
            }
          if (bs_value_is_object (v, BS_OBJECT_INSTANCE)
              && bs_class_lookup (((BsInstance *) v.as.object)->klass, "__getitem__", &method))
            {
              /* the old sequence protocol: v[0], v[1]... until IndexError */
              it->kind = ITER_OBJECT + 1;
              it->seq = bs_value_ref (v);
              return TRUE;
            }
          return bs_raise (in, "TypeError", "'%s' object is not iterable", bs_type_name (v));
        }
      if (!bs_call_simple (in, method, NULL, 0, &iter))
        {
          bs_value_unref (method);
          return FALSE;
        }
      bs_value_unref (method);
      if (iter.type == BS_VALUE_OBJECT && iter.as.object == v.as.object)
        {
          it->kind = ITER_OBJECT;
          it->iter_obj = iter;
          return TRUE;
        }
      {
        gboolean ok = bs_py_iter_init (in, iter, it);

        bs_value_unref (iter);
        return ok;
      }
    }
  else
    return bs_raise (in, "TypeError", "'%s' object is not iterable", bs_type_name (v));
  it->seq = bs_value_ref (v);
  return TRUE;
}

int
bs_py_iter_next (BsInterp *in,
              BsPyIter   *it,
              BsValue  *out)
{
  *out = BS_NONE;
  switch (it->kind)
    {
    case ITER_SEQ:
      {
        gsize n;
        BsValue *items = bs_value_items (it->seq, &n);

        if ((gsize) it->index >= n)
          return 0;
        *out = bs_value_ref (items[it->index++]);
        return 1;
      }
    case ITER_RANGE:
      {
        BsRange *r = (BsRange *) it->seq.as.object;

        if (it->index >= it->length)
          return 0;
        *out = BS_INT (r->start + it->index++ * r->step);
        return 1;
      }
    case ITER_DICT:
      {
        BsDict *d = (BsDict *) it->seq.as.object;

        while ((guint) it->index < d->entries->len)
          {
            BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, it->index++);

            if (!e->deleted)
              {
                *out = bs_value_ref (e->key);
                return 1;
              }
          }
        return 0;
      }
    case ITER_STR:
      {
        BsStr *s = (BsStr *) it->seq.as.object;
        const char *c;

        if ((gsize) it->index >= s->length)
          return 0;
        c = s->data + it->index;
        *out = bs_str_new (in->heap, c, g_utf8_next_char (c) - c);
        it->index = g_utf8_next_char (c) - s->data;
        return 1;
      }
    case ITER_TENSOR:
      {
        BsTensor *t = bs_value_tensor (it->seq);

        if (it->index >= t->shape[0])
          return 0;
        {
          BsValue key = BS_INT (it->index++);

          return bs_tensor_getitem (in, it->seq, key, out) ? 1 : -1;
        }
      }
    case ITER_NATIVE:
      return bs_native_ops (it->iter_obj)->next (in, it->iter_obj, out);
    case ITER_OBJECT:
      {
        BsValue method;

        if (!bs_getattr (in, it->iter_obj, "__next__", &method))
          return -1;
        if (!bs_call_simple (in, method, NULL, 0, out))
          {
            bs_value_unref (method);
            if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
              {
                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                return 0;
              }
            return -1;
          }
        bs_value_unref (method);
        return 1;
      }
    default:
      {
        BsValue key = BS_INT (it->index++);

        if (!bs_getitem (in, it->seq, key, out))
          {
            if (bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "IndexError"))
                || bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
              {
                bs_value_unref (in->exc);
                in->exc = BS_NONE;
                return 0;
              }
            return -1;
          }
        return 1;
      }
    }
}

void
bs_py_iter_clear (BsPyIter *it)
{
  bs_value_unref (it->seq);
  bs_value_unref (it->iter_obj);
  it->seq = it->iter_obj = BS_NONE;
}

gboolean
bs_to_list (BsInterp *in,
            BsValue   iterable,
            BsValue  *out)
{
  BsPyIter it;
  BsValue list, v;
  int n;

  if (!bs_py_iter_init (in, iterable, &it))
    return FALSE;
  list = bs_list_new (in->heap);
  while ((n = bs_py_iter_next (in, &it, &v)) > 0)
    {
      bs_list_append (list, v);
      if (((BsList *) list.as.object)->items->len > (64u << 20))
        {
          n = -1;
          bs_raise (in, "MemoryError", "too many items");
          break;
        }
    }
  bs_py_iter_clear (&it);
  if (n < 0)
    {
      bs_value_unref (list);
      return FALSE;
    }
  *out = list;
  return TRUE;
}

/* --- arguments --------------------------------------------------------- */

BsValue *
bs_arg (const BsArgs *a,
        guint         pos,
        const char   *name)
{
  if (pos < a->n_args)
    return &a->args[pos];
  if (name != NULL)
    for (guint i = 0; i < a->n_kw; i++)
      if (strcmp (a->kw_names[i], name) == 0)
        return &a->kw_values[i];
  return NULL;
}

gboolean
bs_check_args (BsInterp          *in,
               const BsArgs      *a,
               const char        *fname,
               guint              min_pos,
               guint              max_pos,
               const char *const *kw)
{
  if (a->n_args > max_pos)
    return bs_raise (in, "TypeError", "%s() takes at most %u arguments (%u given)", fname,
                     max_pos, a->n_args);
  for (guint i = 0; i < a->n_kw; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; kw != NULL && kw[j] != NULL; j++)
        if (strcmp (kw[j], a->kw_names[i]) == 0)
          known = TRUE;
      if (!known)
        return bs_raise (in, "TypeError", "%s() got an unexpected keyword argument '%s'", fname,
                         a->kw_names[i]);
    }
  if (a->n_args < min_pos)
    {
      /* keywords may supply the required ones */
      guint have = a->n_args;

      for (guint j = a->n_args; kw != NULL && j < min_pos; j++)
        if (kw[j] != NULL && bs_arg (a, G_MAXUINT, kw[j]) != NULL)
          have++;
      if (have < min_pos)
        return bs_raise (in, "TypeError", "%s() missing required argument (pos %u)", fname,
                         a->n_args + 1);
    }
  return TRUE;
}

/* --- methods of built-in types ----------------------------------------- */

static gboolean
list_append (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "list.append() takes exactly one argument (%u given)",
                     a->n_args);
  bs_list_append (self, bs_value_ref (a->args[0]));
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_extend (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue list;
  gsize n;
  BsValue *items;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "list.extend() takes exactly one argument (%u given)",
                     a->n_args);
  if (!bs_to_list (in, a->args[0], &list))
    return FALSE;
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    bs_list_append (self, bs_value_ref (items[i]));
  bs_value_unref (list);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  if (bs_value_is_object (self, BS_OBJECT_DICT))
    return dict_pop (in, self, a, r);
  {
    GArray *items = ((BsList *) self.as.object)->items;
    gint64 i = (gint64) items->len - 1;

    if (items->len == 0)
      return bs_raise (in, "IndexError", "pop from empty list");
    if (a->n_args > 0 && !normalize_index (in, a->args[0], items->len, "pop", &i))
      return FALSE;
    *r = g_array_index (items, BsValue, i);
    g_array_remove_index (items, i);
    return TRUE;
  }
}

static gboolean
list_insert (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;
  gint64 i;
  BsValue v;

  if (a->n_args != 2 || !bs_to_int (in, a->args[0], &i))
    return a->n_args != 2 ? bs_raise (in, "TypeError", "insert expected 2 arguments") : FALSE;
  if (i < 0)
    i = MAX (0, i + (gint64) items->len);
  i = MIN (i, (gint64) items->len);
  v = bs_value_ref (a->args[1]);
  g_array_insert_val (items, i, v);
  *r = BS_NONE;
  return TRUE;
}

static gboolean
list_index (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "index expected 1 argument");
  for (gsize i = 0; i < n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], a->args[0], &eq))
        return FALSE;
      if (eq)
        {
          *r = BS_INT (i);
          return TRUE;
        }
    }
  {
    GString *s = g_string_new (NULL);

    bs_repr (in, a->args[0], s);
    if (bs_value_is_object (self, BS_OBJECT_LIST))
      bs_raise (in, "ValueError", "%s is not in list", s->str);
    else
      bs_raise (in, "ValueError", "tuple.index(x): x not in tuple");
    g_string_free (s, TRUE);
    return FALSE;
  }
}

static gboolean
list_count (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);
  gint64 count = 0;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "count expected 1 argument");
  for (gsize i = 0; i < n; i++)
    {
      gboolean eq;

      if (!bs_equal (in, items[i], a->args[0], &eq))
        return FALSE;
      count += eq;
    }
  *r = BS_INT (count);
  return TRUE;
}

static gboolean
list_reverse (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  gsize n;
  BsValue *items = bs_value_items (self, &n);

  for (gsize i = 0; i < n / 2; i++)
    {
      BsValue t = items[i];

      items[i] = items[n - 1 - i];
      items[n - 1 - i] = t;
    }
  *r = BS_NONE;
  return TRUE;
}

typedef struct {
  BsInterp *in;
  BsValue   key;
  gboolean  failed;
} SortData;

static int
sort_compare (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  SortData *d = user_data;
  const BsValue *a = pa, *b = pb;
  BsValue lt;

  if (d->failed)
    return 0;
  if (!bs_compare_op (d->in, BS_CMPOP_LT, *a, *b, &lt))
    {
      d->failed = TRUE;
      return 0;
    }
  if (bs_value_truthy (lt))
    {
      bs_value_unref (lt);
      return -1;
    }
  bs_value_unref (lt);
  if (!bs_compare_op (d->in, BS_CMPOP_LT, *b, *a, &lt))
    {
      d->failed = TRUE;
      return 0;
    }
  {
    int c = bs_value_truthy (lt) ? 1 : 0;

    bs_value_unref (lt);
    return c;
  }
}

/* Sorts list in place (stable), by key(item) when key is not None. */
gboolean bs_list_sort (BsInterp *in, BsValue list, BsValue key, gboolean reverse);

gboolean
bs_list_sort (BsInterp *in,
              BsValue   list,
              BsValue   key,
              gboolean  reverse)
{
  GArray *items = ((BsList *) list.as.object)->items;
  guint n = items->len;
  BsValue *pairs = g_new (BsValue, n * 2 + 1);
  SortData d = { in, key, FALSE };
  gboolean ok = TRUE;

  /* decorate: (key, index) pairs as tuples to keep stability and reverse */
  for (guint i = 0; i < n; i++)
    {
      BsValue k;

      if (!bs_value_is_none (key))
        {
          if (!bs_call_simple (in, key, &g_array_index (items, BsValue, i), 1, &k))
            {
              for (guint j = 0; j < i; j++)
                bs_value_unref (pairs[j * 2]);
              g_free (pairs);
              return FALSE;
            }
        }
      else
        k = bs_value_ref (g_array_index (items, BsValue, i));
      pairs[i * 2] = k;
      pairs[i * 2 + 1] = g_array_index (items, BsValue, i);
    }
  {
    /* insertion-merge via g_qsort_with_data is stable (it is a merge sort) */
    typedef struct { BsValue k; BsValue v; } Pair;
    Pair *p = (Pair *) pairs;

    if (reverse)
      for (guint i = 0; i < n / 2; i++)
        {
          Pair t = p[i];

          p[i] = p[n - 1 - i];
          p[n - 1 - i] = t;
        }
    g_qsort_with_data (p, n, sizeof (Pair), sort_compare, &d);
    if (reverse)
      for (guint i = 0; i < n / 2; i++)
        {
          Pair t = p[i];

          p[i] = p[n - 1 - i];
          p[n - 1 - i] = t;
        }
    if (d.failed)
      ok = FALSE;
    else
      for (guint i = 0; i < n; i++)
        g_array_index (items, BsValue, i) = p[i].v;
    for (guint i = 0; i < n; i++)
      bs_value_unref (p[i].k);
  }
  g_free (pairs);
  return ok;
}

static gboolean
list_sort (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue *key = bs_arg (a, G_MAXUINT, "key");
  BsValue *reverse = bs_arg (a, G_MAXUINT, "reverse");

  *r = BS_NONE;
  return bs_list_sort (in, self, key != NULL ? *key : BS_NONE,
                       reverse != NULL && bs_value_truthy (*reverse));
}

static gboolean
list_copy (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  if (bs_value_is_object (self, BS_OBJECT_DICT))
    {
      BsDict *d = (BsDict *) self.as.object;

      *r = bs_dict_new (in->heap);
      for (guint i = 0; i < d->entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

          if (!e->deleted)
            bs_dict_set (*r, e->key, bs_value_ref (e->value), NULL);
        }
      return TRUE;
    }
  return bs_to_list (in, self, r);
}

static gboolean
list_clear (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = BS_NONE;
  if (bs_value_is_object (self, BS_OBJECT_DICT))
    {
      BsValue keys;
      gsize n;
      BsValue *items;

      if (!bs_to_list (in, self, &keys))
        return FALSE;
      items = bs_value_items (keys, &n);
      for (gsize i = 0; i < n; i++)
        bs_dict_remove (self, items[i]);
      bs_value_unref (keys);
      return TRUE;
    }
  {
    GArray *items = ((BsList *) self.as.object)->items;

    for (guint i = 0; i < items->len; i++)
      bs_value_unref (g_array_index (items, BsValue, i));
    g_array_set_size (items, 0);
    return TRUE;
  }
}

static gboolean
list_remove (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  GArray *items = ((BsList *) self.as.object)->items;

  if (a->n_args != 1)
    return bs_raise (in, "TypeError", "remove expected 1 argument");
  for (guint i = 0; i < items->len; i++)
    {
      gboolean eq;

      if (!bs_equal (in, g_array_index (items, BsValue, i), a->args[0], &eq))
        return FALSE;
      if (eq)
        {
          bs_value_unref (g_array_index (items, BsValue, i));
          g_array_remove_index (items, i);
          *r = BS_NONE;
          return TRUE;
        }
    }
  return bs_raise (in, "ValueError", "list.remove(x): x not in list");
}

static gboolean
dict_keys (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 0);
  return TRUE;
}

static gboolean
dict_values (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 1);
  return TRUE;
}

static gboolean
dict_items (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = bs_dict_view_new (in, self, 2);
  return TRUE;
}

static gboolean
dict_get (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "get expected at least 1 argument, got 0");
  if (bs_dict_get (self, a->args[0], &v))
    *r = bs_value_ref (v);
  else
    *r = a->n_args > 1 ? bs_value_ref (a->args[1]) : BS_NONE;
  return TRUE;
}

static gboolean
dict_pop (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "pop expected at least 1 argument, got 0");
  if (bs_dict_get (self, a->args[0], &v))
    {
      *r = bs_value_ref (v);
      bs_dict_remove (self, a->args[0]);
      return TRUE;
    }
  if (a->n_args > 1)
    {
      *r = bs_value_ref (a->args[1]);
      return TRUE;
    }
  return bs_raise_key_error (in, a->args[0]);
}

static gboolean
dict_update (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  *r = BS_NONE;
  if (a->n_args > 0 && bs_value_is_object (a->args[0], BS_OBJECT_DICT))
    {
      BsDict *d = (BsDict *) a->args[0].as.object;

      for (guint i = 0; i < d->entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (d->entries, BsDictEntry, i);

          if (!e->deleted)
            bs_dict_set (self, e->key, bs_value_ref (e->value), NULL);
        }
    }
  for (guint i = 0; i < a->n_kw; i++)
    bs_dict_set_str (self, a->kw_names[i], bs_value_ref (a->kw_values[i]));
  return TRUE;
}

static gboolean
dict_setdefault (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue v;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "setdefault expected at least 1 argument, got 0");
  if (!bs_dict_get (self, a->args[0], &v))
    {
      char *message = NULL;

      v = a->n_args > 1 ? a->args[1] : BS_NONE;
      if (!bs_dict_set (self, a->args[0], bs_value_ref (v), &message))
        {
          bs_raise (in, "TypeError", "%s", message);
          g_free (message);
          return FALSE;
        }
    }
  *r = bs_value_ref (v);
  return TRUE;
}

static gboolean
str_join (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  BsValue list;
  gsize n;
  BsValue *items;
  GString *s = g_string_new (NULL);

  if (a->n_args != 1)
    {
      g_string_free (s, TRUE);
      return bs_raise (in, "TypeError", "join() takes exactly one argument");
    }
  if (!bs_to_list (in, a->args[0], &list))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  items = bs_value_items (list, &n);
  for (gsize i = 0; i < n; i++)
    {
      if (bs_value_str (items[i]) == NULL)
        {
          bs_raise (in, "TypeError", "sequence item %zu: expected str instance, %s found", i,
                    bs_type_name (items[i]));
          bs_value_unref (list);
          g_string_free (s, TRUE);
          return FALSE;
        }
      if (i > 0)
        g_string_append (s, bs_value_str (self));
      g_string_append (s, bs_value_str (items[i]));
    }
  bs_value_unref (list);
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

static gboolean
str_format (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *p = bs_value_str (self);
  GString *s = g_string_new (NULL);
  guint auto_index = 0;

  while (*p != '\0')
    {
      if (p[0] == '{' && p[1] == '{')
        {
          g_string_append_c (s, '{');
          p += 2;
          continue;
        }
      if (p[0] == '}' && p[1] == '}')
        {
          g_string_append_c (s, '}');
          p += 2;
          continue;
        }
      if (p[0] == '{')
        {
          const char *end = strchr (p, '}');
          g_autofree char *field = NULL;
          char *colon, *bang;
          const char *spec = "";
          BsValue v;
          gboolean ok;
          char conv = 0;

          if (end == NULL)
            {
              g_string_free (s, TRUE);
              return bs_raise (in, "ValueError", "Single '{' encountered in format string");
            }
          field = g_strndup (p + 1, end - p - 1);
          colon = strchr (field, ':');
          if (colon != NULL)
            {
              *colon = '\0';
              spec = colon + 1;
            }
          bang = strchr (field, '!');
          if (bang != NULL)
            {
              conv = bang[1];
              *bang = '\0';
            }
          if (field[0] == '\0')
            {
              if (auto_index >= a->n_args)
                {
                  g_string_free (s, TRUE);
                  return bs_raise (in, "IndexError",
                                   "Replacement index %u out of range for positional args tuple",
                                   auto_index);
                }
              v = a->args[auto_index++];
            }
          else if (g_ascii_isdigit (field[0]))
            {
              guint64 idx = g_ascii_strtoull (field, NULL, 10);

              if (idx >= a->n_args)
                {
                  g_string_free (s, TRUE);
                  return bs_raise (in, "IndexError",
                                   "Replacement index %u out of range for positional args tuple",
                                   (guint) MIN (idx, G_MAXUINT));
                }
              v = a->args[idx];
            }
          else
            {
              BsValue *kv = bs_arg (a, G_MAXUINT, field);

              if (kv == NULL)
                {
                  BsValue key = bs_str_value (in, field);

                  g_string_free (s, TRUE);
                  bs_raise_key_error (in, key);
                  bs_value_unref (key);
                  return FALSE;
                }
              v = *kv;
            }
          if (conv == 'r' || conv == 's')
            {
              GString *t = g_string_new (NULL);

              ok = conv == 'r' ? bs_repr (in, v, t) : bs_str (in, v, t);
              if (ok)
                {
                  BsValue sv = bs_str_new (in->heap, t->str, t->len);

                  ok = bs_format_value (in, sv, spec, s);
                  bs_value_unref (sv);
                }
              g_string_free (t, TRUE);
            }
          else
            ok = bs_format_value (in, v, spec, s);
          if (!ok)
            {
              g_string_free (s, TRUE);
              return FALSE;
            }
          p = end + 1;
          continue;
        }
      g_string_append_c (s, *p++);
    }
  *r = bs_str_new (in->heap, s->str, s->len);
  g_string_free (s, TRUE);
  return TRUE;
}

static gboolean
str_simple (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  const char *s = bs_value_str (self);

  if (strcmp (name, "is_integer") == 0)
    {
      *r = BS_BOOL (isfinite (self.as.number) && self.as.number == floor (self.as.number));
      return TRUE;
    }
  if (strcmp (name, "numel") == 0)
    {
      gsize n;
      BsValue *items = bs_value_items (self, &n);
      gint64 p = 1;

      for (gsize i = 0; i < n; i++)
        p *= int_of (items[i]);
      *r = BS_INT (p);
      return TRUE;
    }
  if (strcmp (name, "upper") == 0)
    *r = bs_str_take (in->heap, g_utf8_strup (s, -1));
  else if (strcmp (name, "lower") == 0)
    *r = bs_str_take (in->heap, g_utf8_strdown (s, -1));
  else if (g_str_has_suffix (name, "strip"))
    {
      const char *chars = a->n_args > 0 && bs_value_str (a->args[0]) != NULL
                            ? bs_value_str (a->args[0]) : " \t\n\r\f\v";
      const char *b = s, *e = s + strlen (s);

      if (name[0] != 'r')
        while (*b != '\0' && strchr (chars, *b) != NULL)
          b++;
      if (name[0] != 'l')
        while (e > b && strchr (chars, e[-1]) != NULL)
          e--;
      *r = bs_str_new (in->heap, b, e - b);
    }
  else if (strcmp (name, "title") == 0 || strcmp (name, "capitalize") == 0)
    {
      char *t = g_ascii_strdown (s, -1);
      gboolean start = TRUE;

      for (char *c = t; *c != '\0'; c++)
        {
          if (start && g_ascii_isalpha (*c))
            *c = g_ascii_toupper (*c);
          start = name[0] == 't' ? !g_ascii_isalpha (*c) : FALSE;
        }
      *r = bs_str_take (in->heap, t);
    }
  else if (strcmp (name, "isdigit") == 0 || strcmp (name, "isalpha") == 0)
    {
      gboolean ok = s[0] != '\0';

      for (const char *c = s; *c != '\0'; c++)
        if (name[2] == 'd' ? !g_ascii_isdigit (*c) : !g_ascii_isalpha (*c))
          ok = FALSE;
      *r = BS_BOOL (ok);
    }
  else
    return bs_raise (in, "AttributeError", "'str' object has no attribute '%s'", name);
  return TRUE;
}

static gboolean
str_split (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *s = bs_value_str (self);
  BsValue *sep_arg = bs_arg (a, 0, "sep");
  BsValue *max_arg = bs_arg (a, 1, "maxsplit");
  const char *sep = sep_arg != NULL ? bs_value_str (*sep_arg) : NULL;
  gint64 maxsplit = -1;
  BsValue list;

  if (max_arg != NULL && !bs_to_int (in, *max_arg, &maxsplit))
    return FALSE;
  list = bs_list_new (in->heap);

  if (sep != NULL && sep[0] == '\0')
    {
      bs_value_unref (list);
      return bs_raise (in, "ValueError", "empty separator");
    }
  if (sep == NULL)
    {
      static const char space[] = " \t\n\r\f\v";

      for (;;)
        {
          gsize word;

          s += strspn (s, space);
          if (*s == '\0')
            break;
          if (maxsplit == 0)
            {
              /* the rest, without its trailing whitespace */
              gsize n = strlen (s);

              while (n > 0 && strchr (space, s[n - 1]) != NULL)
                n--;
              bs_list_append (list, bs_str_new (in->heap, s, n));
              break;
            }
          word = strcspn (s, space);
          bs_list_append (list, bs_str_new (in->heap, s, word));
          s += word;
          maxsplit--;
        }
    }
  else
    {
      char **parts = g_strsplit (s, sep, maxsplit < 0 ? -1 : (int) MIN (maxsplit + 1, G_MAXINT));

      for (char **p = parts; *p != NULL; p++)
        bs_list_append (list, bs_str_value (in, *p));
      g_strfreev (parts);
    }
  *r = list;
  return TRUE;
}

static gboolean
str_replace (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *s = bs_value_str (self), *from, *to;
  GString *out;

  if (a->n_args < 2 || (from = bs_value_str (a->args[0])) == NULL
      || (to = bs_value_str (a->args[1])) == NULL)
    return bs_raise (in, "TypeError", "replace expected 2 str arguments");
  out = g_string_new (s);
  if (from[0] != '\0')
    g_string_replace (out, from, to, 0);
  *r = bs_str_new (in->heap, out->str, out->len);
  g_string_free (out, TRUE);
  return TRUE;
}

static gboolean
str_affix (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  const char *s = bs_value_str (self), *x;

  if (a->n_args < 1)
    return bs_raise (in, "TypeError", "%s() takes at least 1 argument (0 given)", name);
  if (bs_value_is_object (a->args[0], BS_OBJECT_TUPLE) && name[0] != 'f' && name[0] != 'c')
    {
      gsize n;
      BsValue *items = bs_value_items (a->args[0], &n);

      *r = BS_BOOL (FALSE);
      for (gsize i = 0; i < n; i++)
        if (bs_value_str (items[i]) != NULL
            && (name[0] == 's' ? g_str_has_prefix (s, bs_value_str (items[i]))
                               : g_str_has_suffix (s, bs_value_str (items[i]))))
          *r = BS_BOOL (TRUE);
      return TRUE;
    }
  x = bs_value_str (a->args[0]);
  if (x == NULL)
    return bs_raise (in, "TypeError", "must be str, not %s", bs_type_name (a->args[0]));
  if (strcmp (name, "startswith") == 0)
    *r = BS_BOOL (g_str_has_prefix (s, x));
  else if (strcmp (name, "endswith") == 0)
    *r = BS_BOOL (g_str_has_suffix (s, x));
  else if (strcmp (name, "find") == 0 || strcmp (name, "index") == 0
           || strcmp (name, "rfind") == 0 || strcmp (name, "rindex") == 0)
    {
      const char *f = name[0] == 'r' ? g_strrstr (s, x) : strstr (s, x);

      if (f == NULL && strstr (name, "index") != NULL)
        return bs_raise (in, "ValueError", "substring not found");
      *r = BS_INT (f != NULL ? g_utf8_pointer_to_offset (s, f) : -1);
    }
  else
    {
      gint64 count = 0;
      gsize len = strlen (x);

      if (len == 0)
        count = g_utf8_strlen (s, -1) + 1;
      else
        for (const char *f = strstr (s, x); f != NULL; f = strstr (f + len, x))
          count++;
      *r = BS_INT (count);
    }
  return TRUE;
}

static gboolean
str_pad (BsInterp *in, BsValue self, const BsArgs *a, BsValue *r)
{
  const char *name = in->builtin_name;
  gint64 width;
  g_autofree char *spec = NULL;
  GString *out;
  BsValue sv;
  gboolean ok;

  if (a->n_args < 1 || !bs_to_int (in, a->args[0], &width))
    return a->n_args < 1 ? bs_raise (in, "TypeError", "%s() takes at least 1 argument", name)
                         : FALSE;
  width = CLAMP (width, 0, 100000);
  if (strcmp (name, "zfill") == 0)
    {
      const char *text = bs_value_str (self);
      glong n = ((BsStr *) self.as.object)->n_chars;
      gboolean sign = text[0] == '+' || text[0] == '-';
      GString *z = g_string_new (NULL);

      /* zeros go after a leading sign */
      if (sign)
        g_string_append_c (z, text[0]);
      for (gint64 i = n; i < width; i++)
        g_string_append_c (z, '0');
      g_string_append (z, text + (sign ? 1 : 0));
      *r = bs_str_take (in->heap, g_string_free (z, FALSE));
      return TRUE;
    }
  else
    {
      char fill = ' ';

      if (a->n_args > 1 && bs_value_str (a->args[1]) != NULL)
        fill = bs_value_str (a->args[1])[0];
      spec = g_strdup_printf ("%c%c%" G_GINT64_FORMAT, fill,
                              name[0] == 'l' ? '<' : name[0] == 'r' ? '>' : '^', width);
    }
  out = g_string_new (NULL);
  sv = self;
  ok = bs_format_value (in, sv, spec, out);
  if (ok)
    *r = bs_str_new (in->heap, out->str, out->len);
  g_string_free (out, TRUE);
  return ok;
}
